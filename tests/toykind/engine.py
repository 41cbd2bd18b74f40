"""The toy game's rules: pure, deterministic, exact."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from random import Random
from typing import Any, ClassVar

from engine.core import (
    CORRECTION,
    GAME_END,
    NEUTRAL,
    SHARED_ORDER_CLASSES,
    Article,
    Event,
    JSONValue,
    Names,
    Order,
    OrderKinds,
    PlanetNamer,
    RuledGame,
    Ruling,
    SeatOrders,
    SeatRecord,
    Setup,
    State,
    TurnResult,
)
from engine.dice import Dice
from engine.kind_engine import state_as

HEADING = "=== Toy printout"
LAST_TURN = 3
BIG = 5
"""An addition above this needs the GM's ruling in the ruled toy (an open item)."""


@dataclass(frozen=True, kw_only=True)
class Add(Order):
    """Add ``amount`` to the seat's score."""

    kind: ClassVar[str] = "add"
    amount: int

    def describe(self, lang: str, planet_name: PlanetNamer | None = None) -> str:
        return f"{'Addiere' if lang == 'de' else 'Add'} {self.amount}"


ORDER_KINDS = OrderKinds((Add, *SHARED_ORDER_CLASSES))


@dataclass
class ToyState:
    """Scores per seat, the news and (adjudicated) the GM's last reports."""

    game: int
    turn: int
    seed: int
    scores: dict[int, int]
    news: list[str] = field(default_factory=list)
    reports: dict[int, str] = field(default_factory=dict)
    rolls: dict[int, int] = field(default_factory=dict)
    log: list[str] = field(default_factory=list)
    """The ruled toy's corrections, with their reasons (the GM's view only)."""

    def to_json(self) -> dict[str, JSONValue]:
        return {
            "game": self.game,
            "turn": self.turn,
            "seed": self.seed,
            "scores": {str(k): v for k, v in self.scores.items()},
            "news": list(self.news),
            "reports": {str(k): v for k, v in self.reports.items()},
            "rolls": {str(k): v for k, v in self.rolls.items()},
            "log": list(self.log),
        }

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> ToyState:
        return cls(
            game=int(d["game"]),
            turn=int(d["turn"]),
            seed=int(d["seed"]),
            scores={int(k): int(v) for k, v in d["scores"].items()},
            news=[str(n) for n in d.get("news", [])],
            reports={int(k): str(v) for k, v in d.get("reports", {}).items()},
            rolls={int(k): int(v) for k, v in d.get("rolls", {}).items()},
            log=[str(line) for line in d.get("log", [])],
        )


def _toy(state: State) -> ToyState:
    return state_as(state, ToyState)


class ToyGame:
    """The toy engine; its kind's turn shape says which of its parts the host uses."""

    kind = "toy"
    title = "Toy"

    def new_game(self, setup: Setup, rng: Random) -> ToyState:
        if "bad" in setup.options:
            raise ValueError("the toy game has no option 'bad'")
        return ToyState(setup.game, 0, setup.seed, {p.number: 0 for p in setup.players})

    def run_turn(
        self, state: State, orders: Mapping[int, Sequence[Order]], dice: Dice
    ) -> TurnResult:
        old = _toy(state)
        new = ToyState.from_json(old.to_json())
        new.turn, new.news, new.reports = old.turn + 1, [], {}
        # A roll per seat that sent orders: replays must reproduce the turn's chance.
        new.rolls = {}
        for seat in sorted(orders):
            for order in orders[seat]:
                if isinstance(order, Add) and seat in new.scores:
                    new.scores[seat] += order.amount
                elif isinstance(order, Article):
                    author = f"Seat {seat}" if seat != NEUTRAL else "GM"
                    new.news.append(f"{order.text.strip()} ({author})")
            if seat in new.scores:
                new.rolls[seat] = dice.roll(f"seat {seat}", 6, seen_by=frozenset({seat}))
        events = [Event("game_over", data={"turn": new.turn})] if new.turn >= LAST_TURN else []
        return TurnResult(state=new, events=events, rolls=dice.log)

    def printout(self, state: State, player: int, lang: str) -> str:
        s = _toy(state)
        head = "Auswertung" if lang == "de" else "Printout"
        lines = [f"{HEADING} {s.game} turn {s.turn} ({head}) ==="]
        for seat, score in sorted(s.scores.items()):
            if player in (NEUTRAL, seat):
                lines.append(f"Seat {seat}: {score} (roll {s.rolls.get(seat, '-')})")
        lines += ["--- News ---", *s.news]
        if player in s.reports:
            lines += ["--- Report ---", s.reports[player]]
        if player == NEUTRAL and s.log:
            lines += ["--- GM log ---", *s.log]
        return "\n".join(lines) + "\n"

    def state_from_json(self, data: Mapping[str, JSONValue]) -> ToyState:
        return ToyState.from_json(data)

    def names(self, state: State, lang: str = "de") -> Names:
        return Names(rulers={seat: f"Seat {seat}" for seat in _toy(state).scores}, places={})

    def final_report(
        self, state: State, event: Event, seats: Sequence[SeatRecord], lang: str
    ) -> str:
        s = _toy(state)
        ranking = sorted(s.scores.items(), key=lambda item: (-item[1], item[0]))
        lines = [f"Toy game {s.game}: final standings"]
        lines += [
            f"{place}. seat {seat}: {score}" for place, (seat, score) in enumerate(ranking, 1)
        ]
        lines += [f"seat {r.seat} {r.address}: {r.status}" for r in seats if r.left_turn]
        return "\n".join(lines) + "\n"

    # -- stepped
    def awaiting(self, state: State) -> frozenset[int]:
        """Step 1, 3, … waits for the odd seats, step 2, 4, … for the even ones."""
        parity = (_toy(state).turn + 1) % 2
        return frozenset(seat for seat in _toy(state).scores if seat % 2 == parity)

    def step_name(self, state: State, lang: str) -> str:
        odd = (_toy(state).turn + 1) % 2 == 1
        if lang == "de":
            return "ungerade Plätze" if odd else "gerade Plätze"
        return "odd seats" if odd else "even seats"

    # -- adjudicated
    def dossier(self, state: State, orders: Mapping[int, Sequence[Order]], lang: str) -> str:
        lines = []
        for seat in sorted(_toy(state).scores):
            given = orders.get(seat)
            said = "; ".join(o.describe(lang) for o in given) if given else "-"
            lines.append(f"Seat {seat}: {said}")
        return "\n".join(lines) + "\n"

    def apply_reports(self, state: State, reports: Mapping[int, str]) -> TurnResult:
        old = _toy(state)
        new = ToyState.from_json(old.to_json())
        new.turn, new.news, new.rolls = old.turn + 1, [], {}
        new.reports = {seat: text for seat, text in sorted(reports.items())}
        return TurnResult(state=new)


def _big_adds(orders: Mapping[int, Sequence[Order]]) -> dict[str, tuple[int, int]]:
    """The open items of the ruled toy: ``A<seat>`` for each seat adding more than BIG."""
    items = {}
    for seat in sorted(orders):
        for order in orders[seat]:
            if isinstance(order, Add) and order.amount > BIG:
                items[f"A{seat}"] = (seat, order.amount)
    return items


def _ruling_words(text: str) -> tuple[str, int | None]:
    """A toy ruling's verdict: ``ja``/``yes``, ``nein``/``no``, or ``Chance <p>``."""
    words = text.lower().split()
    if words[:1] in (["ja"], ["yes"]):
        return "yes", None
    if words[:1] in (["nein"], ["no"]):
        return "no", None
    if len(words) == 2 and words[0] == "chance" and words[1].isdigit():
        return "chance", int(words[1])
    return "", None


class RuledToyGame(ToyGame, RuledGame):
    """The toy whose GM rules: an addition above BIG is an open item ``A<seat>`` that the
    GM allows (``A1 ja``), refuses (``A1 nein``) or leaves to the dice (``A1 Chance 40``:
    a named W100, success at or below 40); ``Korrektur <seat> <score>`` sets a score, and
    ``Spielende`` ends the game."""

    def dossier(self, state: State, orders: Mapping[int, Sequence[Order]], lang: str) -> str:
        items = self.open_items(state, orders, [], lang)
        form = [f"{item.split()[0]} ja" for item in items]
        return super().dossier(state, orders, lang) + "\n".join(
            ["Offen:" if lang == "de" else "Open:", *items, "Entscheid", *form, "Ende", ""]
        )

    def check_correction(self, state: State, ruling: Ruling, lang: str) -> str:
        words = ruling.text.split()
        ok = len(words) == 2 and all(w.lstrip("-").isdigit() for w in words)
        if not ok or int(words[0]) not in _toy(state).scores:
            return "Korrektur: <Platz> <Punkte>" if lang == "de" else "Correction: <seat> <score>"
        return ""

    def check_item(
        self, state: State, orders: SeatOrders, given: Sequence[Ruling], ruling: Ruling, lang: str
    ) -> str:
        if ruling.item.upper() not in _big_adds(orders):
            return (
                f"{ruling.item}: kein offener Punkt"
                if lang == "de"
                else f"{ruling.item}: no open item"
            )
        verdict, chance = _ruling_words(ruling.text)
        if not verdict or (chance is not None and not 0 <= chance <= 100):
            return "ja | nein | Chance 0-100" if lang == "de" else "yes | no | Chance 0-100"
        return ""

    def open_items(
        self, state: State, orders: SeatOrders, given: Sequence[Ruling], lang: str
    ) -> list[str]:
        ruled = {r.item.upper() for r in given}
        word = "addiert" if lang == "de" else "adds"
        return [
            f"{item} Seat {seat} {word} {amount}"
            for item, (seat, amount) in _big_adds(orders).items()
            if item not in ruled
        ]

    def draft(
        self, state: State, orders: SeatOrders, given: Sequence[Ruling], dice: Dice
    ) -> TurnResult:
        verdicts = {r.item.upper(): _ruling_words(r.text) for r in given}
        allowed: dict[int, list[Order]] = {}
        for seat, seat_orders in orders.items():
            allowed[seat] = []
            for order in seat_orders:
                item = f"A{seat}"
                if isinstance(order, Add) and order.amount > BIG:
                    verdict, chance = verdicts.get(item, ("yes", None))
                    if verdict == "chance":
                        roll = dice.named(item, 100, seen_by=frozenset({seat}))
                        verdict = "yes" if roll <= (chance or 0) else "no"
                    if verdict == "no":
                        continue
                allowed[seat].append(order)
        result = self.run_turn(state, allowed, dice)
        new = _toy(result.state)
        events = list(result.events)
        for ruling in given:
            if ruling.item == CORRECTION:
                seat, score = (int(w) for w in ruling.text.split())
                new.scores[seat] = score
                new.log.append(f"{CORRECTION} {ruling.text} ({ruling.reason})")
            elif ruling.item == GAME_END and not events:
                events.append(Event("game_over", data={"turn": new.turn}))
        return TurnResult(state=new, events=events, rolls=dice.log)

    def apply_reports(self, state: State, reports: Mapping[int, str]) -> TurnResult:
        new = ToyState.from_json(_toy(state).to_json())
        new.reports = {seat: text for seat, text in sorted(reports.items())}
        return TurnResult(state=new)


def canonical(state: State) -> str:
    """The state as the database keeps it (for byte comparisons)."""
    return json.dumps(state.to_json(), sort_keys=True, separators=(",", ":"))
