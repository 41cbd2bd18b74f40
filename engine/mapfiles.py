"""Map files: a game kind whose map comes from a file the GM supplies (``pbem gm map``).

Before the start the file's text is a rule option of the game (:attr:`MapFiles.map_option`),
tried on the engine's setup as every option is. In a running game it is a correction of
the turn waiting for the GM's rulings (:meth:`MapFiles.map_correction`): an input of the
turn, logged with its reason, so a replay loads the same map. The host reads nothing of
the file: the kind checks it whole and names the line of the first problem.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    from engine.core import State


class MapFileError(ValueError):
    """A map file that cannot be used; the message names the line (or the field) and why,
    for the GM."""


@runtime_checkable
class MapFiles(Protocol):
    """A game engine whose map the GM loads from a file (optional)."""

    map_option: str
    """The rule option that carries the map file's text while the game is set up."""

    def load_map(self, state: State, text: str) -> State:
        """``state`` on the map of ``text``; :class:`MapFileError` when the file is no
        usable map or does not fit the state (a unit on a field the map lacks)."""
        ...

    def map_correction(self, text: str) -> str:
        """The words of the correction (a ruling's text under ``Korrektur``) that loads
        the map ``text`` into a running game."""
        ...
