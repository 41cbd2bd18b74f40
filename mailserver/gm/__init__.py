"""The game master: operations on a game (create, start, deadline, drop …) and the GM
command mail. May import ``turns``, ``printouts``, ``outbound`` and ``common``.
"""
