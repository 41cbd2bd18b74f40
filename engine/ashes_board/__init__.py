"""Ashes of Empire, the board-game edition (CSPP 1991) as the kind ``ashes-board``
(docs/rules-ashes-board.md)."""
