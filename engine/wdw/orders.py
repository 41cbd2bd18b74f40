"""The orders of Welt der Waben as the engine reads them (design §3): one K, A or G
order per unit a month, building in a settlement, and Sonderbefehle for the GM."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engine.core import SHARED_ORDER_CLASSES, Order, OrderKinds, PlanetNamer
from engine.wdw.texts import say


@dataclass(frozen=True, kw_only=True)
class Fight(Order):
    """A K order (Strategie 5.1, Tab. 5.1-1): the main order, at most one extension
    (Tab. 5.1-2/5.1-3: S, E, P1–P3, B, B1–B6, F, W), and a path of adjacent fields."""

    kind: ClassVar[str] = "wdw_fight"
    unit: int
    code: str
    ext: str = ""
    path: tuple[str, ...] = ()

    def describe(self, lang: str, planet_name: PlanetNamer | None = None) -> str:
        route = " ".join(self.path)
        return f"{self.unit} {self.code}{self.ext} {route}".strip()


@dataclass(frozen=True, kw_only=True)
class Work(Order):
    """An A order (Strategie 5.2, Tab. 5.2-1/5.2-2): AB (build ``structure``), AM, AS,
    with its extension H/V/I/R."""

    kind: ClassVar[str] = "wdw_work"
    unit: int
    code: str
    ext: str = ""
    structure: str = ""

    def describe(self, lang: str, planet_name: PlanetNamer | None = None) -> str:
        return f"{self.unit} {self.code}{self.ext} {self.structure}".strip()


@dataclass(frozen=True, kw_only=True)
class Spy(Order):
    """A G order (Strategie 5.3, Tab. 5.3-2) with its risk 1–5 (default 3) and target."""

    kind: ClassVar[str] = "wdw_spy"
    unit: int
    code: str
    risk: int = 3
    target: str = ""

    def describe(self, lang: str, planet_name: PlanetNamer | None = None) -> str:
        return say(
            lang, "words.spy", unit=self.unit, code=self.code, risk=self.risk, target=self.target
        )


@dataclass(frozen=True, kw_only=True)
class Build(Order):
    """Building in a settlement by its people (Strategie 3.1): ``bwp`` more of
    ``structure``, paid month by month (F12)."""

    kind: ClassVar[str] = "wdw_build"
    settlement: str
    structure: str
    bwp: int = 1

    def describe(self, lang: str, planet_name: PlanetNamer | None = None) -> str:
        return say(
            lang, "words.build", settlement=self.settlement, structure=self.structure, bwp=self.bwp
        )


@dataclass(frozen=True, kw_only=True)
class Special(Order):
    """A Sonderbefehl (Strategie 5.1, 6.2): kept verbatim for the GM's ruling."""

    kind: ClassVar[str] = "wdw_special"
    unit: int
    text: str

    def describe(self, lang: str, planet_name: PlanetNamer | None = None) -> str:
        return say(lang, "words.special", unit=self.unit, text=self.text)


ORDER_KINDS = OrderKinds((Fight, Work, Spy, Build, Special, *SHARED_ORDER_CLASSES))
"""The orders of the kind, for their JSON round trip."""
