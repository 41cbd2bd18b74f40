"""A mail on its way out: building well-formed messages, the outbox table and the SMTP
sender. May import only ``common``.
"""
