"""A turn from its deadline to its printouts: deadline arithmetic, the scheduler, the
engine input, the one evaluation, the run (exactly once), evaluation ahead and the mails
around a turn. May import ``printouts``, ``outbound`` and ``common``.
"""
