"""What every wing shares: the text catalogs, formats of moments and amounts, the game
kinds as the host sees them, structured logs, fault injection for the kill tests, the
web links printed in mails, and the mail stages' precedence over the pages.

The bottom wing: it imports no other wing of ``mailserver``.
"""
