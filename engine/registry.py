"""The one list of game kinds: every kind of ``engine/`` is registered here.

``KINDS`` holds the kinds that ship with the host (the first is the default), one line
each: the kind's name and title and where its :class:`~engine.core.GameKind` lives. A
kind's package is imported the first time the kind is asked for, so that a command that
needs no game (``pbem --help``) does not load every engine and its texts; the names and
titles are there without it (:func:`titles`). Kinds from outside (a third party's plug-in,
the test kind) are added at run time with :func:`register`; :func:`kinds` and :func:`kind`
see both.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.core import GameKind


@dataclass(frozen=True)
class Shipped:
    """A kind that ships with the host, as :data:`KINDS` lists it: its name and title (for
    a command's help, known without importing the kind) and its ``GameKind`` as
    ``module:ATTRIBUTE``."""

    name: str
    title: str
    where: str
    grammar: str
    """The kind's ``GameKind.grammar`` (the module of its order language): ``pbem parse``
    reads orders without importing the kind's engine."""
    headings: tuple[str, ...] = ()
    """The kind's ``GameKind.printout_headings`` (its catalog's ``printout_headings`` in
    every language), so that an order mail's quoted printout is cut without importing
    every kind; a kind whose own differ is refused when it loads."""

    def load(self) -> GameKind:
        """The kind itself, imported once; :class:`engine.core.KindContractError` if it is
        not the kind this entry says (another name, title, grammar or printout headings)."""
        return _load(self)


# The headings of each kind's printouts as the kind has them (German, then English).
_ASHES = (
    *("=== Auswertung", "PV-Übersicht und Planetenberichte für", "Flottenübersicht von"),
    *("=== Printout", "PV overview and planet reports for", "Fleet overview of"),
)
_STARWEB = (
    *("=== Starweb", "Kontakte in dieser Runde:", "Deren Punkte", "Befehle="),
    *("Contacts this turn:", "Their scores", "Orders="),
)
_BOARD = (
    *("=== Ashes of Empire Brettspiel", "--- Lager", "--- Planeten"),
    *("=== Ashes of Empire board game", "--- Warehouses", "--- Planets"),
)
_SPACEWAR = "SPACEWAR I – Spiel", "Strategische Lage", "SPACEWAR I – game", "Strategic situation"

# fmt: off
KINDS: tuple[Shipped, ...] = (
    Shipped("ashes", "The Ashes of Empire", "engine.ashes.kind:ASHES", "grammar.ashes", _ASHES),
    Shipped("starweb", "Starweb", "engine.starweb.kind:STARWEB", "grammar.starweb", _STARWEB),
    Shipped("ashes-board", "The Ashes of Empire (board game)", "engine.ashes_board.kind:ASHES_BOARD", "grammar.ashes_board", _BOARD),  # noqa: E501
    Shipped("spacewar", "Spacewar I – Die brennenden Sterne", "engine.spacewar.kind:SPACEWAR", "grammar.spacewar", _SPACEWAR),  # noqa: E501
    Shipped("wdw", "Welt der Waben", "engine.wdw.kind:WDW", "grammar.wdw", ("=== Welt der Waben",)),
)
# fmt: on
"""The game kinds that ship with the host, the default kind first."""

_registered: dict[str, GameKind] = {}


class UnknownGameKind(LookupError):
    """No game kind of that name is registered."""


@cache
def _load(entry: Shipped) -> GameKind:
    from engine.core import GameKind, KindContractError

    module, _, attribute = entry.where.partition(":")
    loaded = getattr(importlib.import_module(module), attribute)
    if not isinstance(loaded, GameKind) or (loaded.name, loaded.title) != (
        entry.name,
        entry.title,
    ):
        raise KindContractError(
            f"{entry.where} is not the game kind {entry.name!r} ({entry.title})"
        )
    # The listed headings are those of the shipped catalogs; a language added as files
    # (docs/texts.md) adds its own to the kind's, so the kind's may be more, never fewer.
    if loaded.grammar != entry.grammar or not set(entry.headings) <= set(loaded.printout_headings):
        raise KindContractError(
            f"{entry.where}: its grammar or printout headings are not those the registry lists"
        )
    return loaded


def register(kind: GameKind) -> None:
    """Add a kind at run time (a plug-in, a test kind).

    Registering a name again replaces the earlier run-time registration (a reloaded
    plug-in, a test's own kind); a kind of :data:`KINDS` cannot be replaced
    (:class:`ValueError`). A kind that lacks a capability it declares (its turn shape's
    engine methods, its bots) is refused with :class:`engine.core.KindContractError`
    naming what is missing.
    """
    from engine.core import KindContractError

    missing = kind.missing_capabilities()
    if missing:
        raise KindContractError(f"game kind {kind.name!r} lacks {', '.join(missing)}")
    builtin = next((k for k in KINDS if k.name == kind.name), None)
    if builtin is not None and builtin.load() is not kind:
        raise ValueError(f"game kind {kind.name!r} is built in and cannot be replaced")
    if builtin is None:
        _registered[kind.name] = kind


def kinds() -> tuple[GameKind, ...]:
    """Every kind: :data:`KINDS`, then those registered at run time, in that order."""
    return (*(entry.load() for entry in KINDS), *_registered.values())


def titles() -> dict[str, str]:
    """The name and title of every kind, in the order of :func:`kinds`, without importing
    a kind that is not loaded yet."""
    return {
        **{entry.name: entry.title for entry in KINDS},
        **{k.name: k.title for k in _registered.values()},
    }


def headings() -> tuple[str, ...]:
    """The printout headings of every kind in the shipped languages (:attr:`Shipped.headings`,
    then those of the kinds registered at run time), each once, without importing a kind;
    a language added as files is only in the kinds' own (:attr:`GameKind.printout_headings`)."""
    every = [h for entry in KINDS for h in entry.headings]
    every += [h for k in _registered.values() for h in k.printout_headings]
    return tuple(dict.fromkeys(every))


def grammar(name: str) -> str:
    """The module of the order language of the kind called ``name`` (``grammar.ashes``),
    without importing a kind of :data:`KINDS`; :class:`UnknownGameKind` if none."""
    entry = next((k for k in KINDS if k.name == name), None)
    return entry.grammar if entry is not None else kind(name).grammar


def kind(name: str) -> GameKind:
    """The kind called ``name``; :class:`UnknownGameKind` (naming the known ones) if none."""
    entry = next((k for k in KINDS if k.name == name), None)
    if entry is not None:
        return entry.load()
    try:
        return _registered[name]
    except KeyError:
        known = ", ".join(titles())
        raise UnknownGameKind(f"unknown game kind {name!r} (known: {known})") from None
