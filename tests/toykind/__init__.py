"""A small game kind for the host's tests: one engine in three turn shapes.

Each seat adds numbers to its score ("ADD 5"). ``TOY`` is simultaneous, ``TOY_STEPPED``
waits in each step for the odd or the even seats only, ``TOY_GM`` has the GM adjudicate:
the orders go to the GM as a dossier and the GM's reports become the printouts, and
``TOY_RULED`` has the GM rule on open items (``Entscheid``) that the engine computes with. The
server under test loads them with the setting ``game_kinds``.
"""

from tests.toykind.kind import TOY, TOY_GM, TOY_RULED, TOY_STEPPED

__all__ = ["TOY", "TOY_GM", "TOY_RULED", "TOY_STEPPED"]
