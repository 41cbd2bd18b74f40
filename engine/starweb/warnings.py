"""What an acknowledgement warns about an order, with the position in view.

Checks that need no state belong to the grammar (``grammar.starweb``); the ones here need
the position the player saw: is it his key or world, is there a gate, are there enough
ships? The order is kept either way (the evaluation decides and echoes its remark): the
warning only tells the player in time. Starweb "Die Befehle".
"""

from __future__ import annotations

from collections.abc import Callable

from engine.starweb.characters import character_name
from engine.starweb.orders import (
    BUILD_ROBOTS,
    FLEET,
    I_SHIPS,
    JIHAD,
    P_SHIPS,
    AttachArtifact,
    Build,
    BuildBomb,
    Cargo,
    Diplomacy,
    DropArtifact,
    DropBomb,
    Emigrate,
    EndScoreVote,
    Fire,
    Gift,
    LoadingRight,
    Move,
    Plunder,
    Probe,
    RobotAttack,
    Scrap,
    Stance,
    StarwebOrder,
    Transfer,
)
from engine.starweb.printout import player_report
from engine.starweb.state import KEYS, Character, StarwebState
from engine.starweb.texts import TEXTS

BOMB_SHIPS = 25
"""Starweb "Planetenbruch-Bombe": 25 ships become the bomb (the key needs more)."""

SCRAP, SCRAP_BUILDER = 6, 4
"""Starweb "Industrien aus verschrotteten Schiffen bauen": I-ships per industry."""

WORDS = TEXTS.section("warnings.")
"""The warnings' words."""

Say = Callable[..., str]


def warnings(state: StarwebState, seat: int, order: StarwebOrder, lang: str) -> list[str]:
    """The warnings for ``seat``'s ``order`` as things stand in ``state`` (empty: none)."""

    def say(key: str, **params: object) -> str:
        return WORDS.say(lang, key, **params)

    return Checks(state, seat, say, lang).of(order)


def decorate(text: str, found: list[str], lang: str) -> str:
    """``text`` followed by its warnings: ``F12W5 — Warnung: Flotte 12 gehört Ihnen nicht``."""
    if not found:
        return text
    return f"{text} — {WORDS.say(lang, 'warning')}: " + "; ".join(found)


class Checks:
    """One seat's view of the position, asked about one order at a time."""

    def __init__(self, state: StarwebState, seat: int, say: Say, lang: str) -> None:
        self.lang = lang
        self.state = state
        self.seat = seat
        self.say = say
        self.found: list[str] = []
        self.known = frozenset(player_report(state, seat).seen)
        """The worlds the seat's last printout reported: only their gates are his to know
        (Starweb "Der Printout"); a warning about another world's gates would tell him
        what no printout did."""
        self.taken: set[tuple[str, int]] = set()
        """The stocks (``F``/``I``/``P``, key or world) earlier orders of the list take
        from (:mod:`engine.starweb.forecast`): "only 3 ships left", not "only 3 ships"."""

    def of(self, order: StarwebOrder) -> list[str]:
        self.found = []
        match order:
            case Transfer():
                self.transfer(order)
            case Scrap():
                self.scrap(order)
            case Build():
                self.build(order)
            case Emigrate():
                self.emigrate(order)
            case Move():
                self.move(order)
            case Probe():
                self.probe(order)
            case Cargo():
                self.cargo(order)
            case AttachArtifact():
                self.attach(order)
            case DropArtifact():
                self.drop_artifact(order)
            case Fire():
                self.fire(order)
            case Diplomacy():
                self.diplomacy(order)
            case LoadingRight():
                self.player(order.player)
            case Gift():
                self.gift(order)
            case Plunder():
                self.world(order.world)
            case Stance():
                self.fleet(order.fleet)
            case BuildBomb():
                self.build_bomb(order)
            case DropBomb():
                self.drop_bomb(order)
            case RobotAttack():
                self.robots(order)
            case EndScoreVote():
                self.vote(order)
        return self.found

    # ------------------------------------------------------------------ primitives

    def require(self, holds: bool, warning: str, **params: object) -> bool:
        """``holds``; if it does not, the warning ``warning`` is noted."""
        if not holds:
            self.found.append(self.say(warning, **params))
        return holds

    def fleet(self, number: int) -> bool:
        """Key ``number`` exists and is the seat's (else a warning)."""
        exists = 1 <= number <= min(KEYS, len(self.state.fleets))
        return self.require(exists, "no_fleet", n=number) and self.require(
            self.state.fleet(number).owner == self.seat, "not_your_fleet", n=number
        )

    def world(self, number: int) -> bool:
        """World ``number`` exists and is the seat's (else a warning)."""
        return self.exists(number) and self.require(
            self.state.world(number).owner == self.seat, "not_your_world", n=number
        )

    def exists(self, number: int) -> bool:
        return self.require(1 <= number <= len(self.state.worlds), "no_world", n=number)

    def gate(self, a: int, b: int) -> bool:
        """A gate from ``a`` to ``b`` (else a warning); False, unchecked, when the seat does
        not know ``a``'s gates."""
        if not self.exists(b):
            return False
        if a not in self.known:
            return self.require(False, "gates_unknown", a=a, b=b)
        return self.require(b in self.state.world(a).gates, "no_gate", a=a, b=b)

    def ships(self, source: str, number: int, wanted: int) -> None:
        """The source (a key, or a world's I- or P-ships) has ``wanted`` ships."""
        left = "_left" if (source, number) in self.taken else ""
        if source == FLEET:
            have = self.state.fleet(number).ships
            if have < wanted:
                self.found.append(self.say(f"few_ships{left}", n=number, have=have))
            return
        world = self.state.world(number)
        have = world.i_ships if source == I_SHIPS else world.p_ships
        if have < wanted:
            self.found.append(self.say(f"few_home{left}", n=number, have=have, what=source))

    def source(self, source: str, number: int) -> bool:
        return self.fleet(number) if source == FLEET else self.world(number)

    def where(self, source: str, number: int) -> int:
        return self.state.fleet(number).world if source == FLEET else number

    def player(self, name: str) -> None:
        found = self.state.by_code_name(name)
        if found is None:
            self.found.append(self.say("no_player", name=name.upper()))
        elif found.number == self.seat:
            self.found.append(self.say("yourself"))

    def character(self, character: Character) -> bool:
        return self.require(
            self.state.player(self.seat).character == character.value,
            "only",
            who=character_name(character.value, self.lang),
        )

    # ---------------------------------------------------------------- the orders

    def transfer(self, o: Transfer) -> None:
        if not self.source(o.source, o.number):
            return
        self.ships(o.source, o.number, o.quantity)
        if o.target == FLEET and 1 <= o.target_fleet <= len(self.state.fleets):
            here = self.where(o.source, o.number)
            if self.state.fleet(o.target_fleet).world != here:
                self.found.append(self.say("not_there", n=o.target_fleet, w=here))
        elif o.source == FLEET and o.target in (I_SHIPS, P_SHIPS):
            self.world(self.state.fleet(o.number).world)

    def scrap(self, o: Scrap) -> None:
        if self.world(o.world):
            builder = self.state.player(self.seat).character == Character.EMPIRE_BUILDER
            self.ships(I_SHIPS, o.world, o.quantity * (SCRAP_BUILDER if builder else SCRAP))

    def build(self, o: Build) -> None:
        # Starweb "Bauen": robots are built by berserkers alone.
        if o.what == BUILD_ROBOTS and not self.character(Character.BERSERKER):
            return
        if not (self.world(o.world) and 1 <= o.fleet <= len(self.state.fleets)):
            return
        if self.state.fleet(o.fleet).world != o.world:
            self.found.append(self.say("not_there", n=o.fleet, w=o.world))

    def emigrate(self, o: Emigrate) -> None:
        if self.world(o.world):
            self.gate(o.world, o.to)

    def move(self, o: Move) -> None:
        if not self.fleet(o.fleet):
            return
        here = self.state.fleet(o.fleet).world
        self.ships(FLEET, o.fleet, 1)
        for step in o.path:
            if not self.gate(here, step):
                return
            here = step

    def probe(self, o: Probe) -> None:
        if self.source(o.source, o.number):
            self.ships(o.source, o.number, 1)
            self.gate(self.where(o.source, o.number), o.world)

    def cargo(self, o: Cargo) -> None:
        if self.fleet(o.fleet) and o.action != "L" and self.state.fleet(o.fleet).cargo == 0:
            self.found.append(self.say("no_cargo", n=o.fleet))

    def attach(self, o: AttachArtifact) -> None:
        if not 1 <= o.artifact <= len(self.state.artifacts):
            self.found.append(self.say("no_artifact", n=o.artifact))
        if 1 <= o.fleet <= len(self.state.fleets):
            return
        self.found.append(self.say("no_fleet", n=o.fleet))

    def drop_artifact(self, o: DropArtifact) -> None:
        if not 1 <= o.artifact <= len(self.state.artifacts):
            self.found.append(self.say("no_artifact", n=o.artifact))
            return
        key = self.state.artifact(o.artifact).fleet
        if key == 0 or self.state.fleet(key).owner != self.seat:
            self.found.append(self.say("not_on_key", n=o.artifact))

    def fire(self, o: Fire) -> None:
        if self.source(o.source, o.number) and o.target == FLEET:
            here = self.where(o.source, o.number)
            if 1 <= o.target_fleet <= len(self.state.fleets):
                if self.state.fleet(o.target_fleet).world != here:
                    self.found.append(self.say("not_there", n=o.target_fleet, w=here))
            else:
                self.found.append(self.say("no_fleet", n=o.target_fleet))

    def diplomacy(self, o: Diplomacy) -> None:
        self.player(o.player)
        jihad = o.action == JIHAD and self.character(Character.APOSTLE)
        if jihad and self.state.player(self.seat).jihad:
            self.found.append(self.say("jihad_done"))

    def gift(self, o: Gift) -> None:
        if o.what == FLEET:
            self.fleet(o.number)
        else:
            self.world(o.number)
        self.player(o.player)

    def build_bomb(self, o: BuildBomb) -> None:
        if not self.fleet(o.fleet):
            return
        key = self.state.fleet(o.fleet)
        if key.bomb:
            self.found.append(self.say("has_bomb", n=o.fleet))
        elif key.ships <= BOMB_SHIPS:
            self.found.append(self.say("bomb_ships", n=o.fleet, have=key.ships))

    def drop_bomb(self, o: DropBomb) -> None:
        if self.fleet(o.fleet) and not self.state.fleet(o.fleet).bomb:
            self.found.append(self.say("no_bomb", n=o.fleet))

    def robots(self, o: RobotAttack) -> None:
        if self.character(Character.BERSERKER) and self.fleet(o.fleet):
            have = self.state.fleet(o.fleet).ships
            if have <= o.quantity:
                self.found.append(self.say("robots_keep", n=o.fleet, have=have))

    def vote(self, o: EndScoreVote) -> None:
        options = self.state.options
        if self.state.turn != 0:
            self.found.append(self.say("vote_turn"))
        elif not options.end_score_min <= o.score <= options.end_score_max:
            self.found.append(
                self.say("vote_range", low=options.end_score_min, high=options.end_score_max)
            )
