"""The one list of game kinds: every kind of ``engine/`` is registered here.

``KINDS`` holds the kinds that ship with the host (the first is the default). Kinds from
outside (a third party's plug-in, the test kind) are added at run time with
:func:`register`; :func:`kinds` and :func:`kind` see both.
"""

from __future__ import annotations

from engine.ashes.kind import ASHES
from engine.core import GameKind, KindContractError
from engine.starweb.kind import STARWEB
from engine.wdw.kind import WDW

KINDS: tuple[GameKind, ...] = (ASHES, STARWEB, WDW)
"""The game kinds that ship with the host, the default kind first."""

_registered: dict[str, GameKind] = {}


class UnknownGameKind(LookupError):
    """No game kind of that name is registered."""


def register(kind: GameKind) -> None:
    """Add a kind at run time (a plug-in, a test kind).

    Registering a name again replaces the earlier run-time registration (a reloaded
    plug-in, a test's own kind); a kind of :data:`KINDS` cannot be replaced
    (:class:`ValueError`). A kind that lacks a capability it declares (its turn shape's
    engine methods, its bots) is refused with :class:`engine.core.KindContractError`
    naming what is missing.
    """
    missing = kind.missing_capabilities()
    if missing:
        raise KindContractError(f"game kind {kind.name!r} lacks {', '.join(missing)}")
    builtin = next((k for k in KINDS if k.name == kind.name), None)
    if builtin is not None and builtin is not kind:
        raise ValueError(f"game kind {kind.name!r} is built in and cannot be replaced")
    if builtin is None:
        _registered[kind.name] = kind


def kinds() -> tuple[GameKind, ...]:
    """Every kind: :data:`KINDS`, then those registered at run time, in that order."""
    return (*KINDS, *_registered.values())


def kind(name: str) -> GameKind:
    """The kind called ``name``; :class:`UnknownGameKind` (naming the known ones) if none."""
    try:
        return _by_name()[name]
    except KeyError:
        known = ", ".join(k.name for k in kinds())
        raise UnknownGameKind(f"unknown game kind {name!r} (known: {known})") from None


def _by_name() -> dict[str, GameKind]:
    return {k.name: k for k in kinds()}
