"""The printout mails of a turn: composing their bodies and subjects, the files they
carry (map picture, JSON twin) and the map drawing. May import ``outbound`` and
``common``.
"""
