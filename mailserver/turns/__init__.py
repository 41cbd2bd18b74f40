"""A turn from its deadline to its printouts: deadline arithmetic, the scheduler, who
plays a turn, the engine input, the one evaluation, the run (exactly once) in its
phases with its printouts, evaluation ahead, the GM's preview, the game's end and the
mails around a turn. May import ``printouts``, ``outbound`` and ``common``.
"""
