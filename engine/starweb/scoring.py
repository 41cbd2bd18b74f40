"""Step 10: the scores of the six characters, the artifacts, the end of the game.

Per turn (Starweb "Die Charaktere", "…auf einen Blick", "Kunstwerke"); the points won
or lost during the turn come from the phases through ``Turn.scored`` (plunder, consumer
goods, destroyed fleets, planet-busters), ``Turn.merchant_metal``, ``Turn.killed``,
``Turn.killed_converts`` and ``Turn.shots_by``.
"""

from __future__ import annotations

from collections import defaultdict

from engine.core import NEUTRAL, Event, JSONValue
from engine.starweb.cargo import METAL_POINTS
from engine.starweb.context import Turn
from engine.starweb.orders import EndScoreVote
from engine.starweb.state import Artifact, Character, Player, StarwebState

CATEGORIES: dict[str, tuple[str, str]] = {
    Character.EMPIRE_BUILDER: ("Platin", "Thron"),
    Character.MERCHANT: ("Gold", "Taler"),
    Character.PIRATE: ("Silber", "Sextant"),
    Character.APOSTLE: ("Geweihter", "Kelch"),
    Character.BERSERKER: ("Titanium", "Degen"),
    Character.COLLECTOR: ("Uralter", "Obelisk"),
}
"""Starweb "Kunstwerke": each character's material and type."""
PLASTIC = "Plastik"
SPECIAL_POINTS = {"isotope": -30, "lesser_evil": -15, "black_box": 0, "venus": 10, "polaris": 20}
"""Starweb "Kunstwerke": the specials for everyone but the collector (Nebula: 0 a turn)."""
COLLECTOR_SPECIAL = 30
"""The collector's points a turn for each special but the Nebula volumes."""
NEBULA = "nebula"
NEBULA_VOLUMES = 5
MUSEUM_ARTIFACTS = 10
MUSEUM_BONUS = 500
COLLECTOR_SET_BONUS = 1000
COLLECTOR_NEBULA_BONUS = 1500
SET_BONUS = 500
NEBULA_BONUS = 1000


def holder(state: StarwebState, artifact: Artifact) -> int:
    """Who holds an artifact: the key's owner, or the owner of the world it lies on."""
    if artifact.fleet:
        return state.fleet(artifact.fleet).owner
    return state.world(artifact.world).owner if artifact.world else NEUTRAL


def artifact_points(character: str, artifact: Artifact) -> int:
    """Points a turn for holding ``artifact`` (Starweb "Kunstwerke", both tables).

    The "wertvollster Schatz" (own material and own type) is worth 15 instead of 5;
    a plastic artifact never counts as one of the own category.
    """
    collector = character == Character.COLLECTOR
    if not artifact.material:
        if artifact.kind == NEBULA:
            return 0
        return COLLECTOR_SPECIAL if collector else SPECIAL_POINTS.get(artifact.kind, 0)
    material, kind = CATEGORIES[character]
    if artifact.material == PLASTIC:
        return 0 if collector else -10
    own = (artifact.material == material) + (artifact.kind == kind)
    if collector:
        return (15, 30, 90)[own]
    return (0, 5, 15)[own]


def _kills(turn: Turn, scores: dict[int, int]) -> None:
    """Starweb "Bevölkerung", "Apostel": kills and martyrs."""
    state = turn.state
    for (killer, victim), killed in sorted(turn.killed.items()):
        if killer == NEUTRAL or killed == 0:
            continue
        player = state.player(killer)
        if player.character == Character.BERSERKER:
            scores[killer] += 2 * killed
        elif player.character == Character.APOSTLE and victim != NEUTRAL and victim == player.jihad:
            # Starweb "Apostel": 2 per person of the jihad's target killed. His own
            # converts are recorded with himself as the victim (forces.kill_people), so
            # they cost 1 each below and are not part of ``killed`` here.
            scores[killer] += 2 * killed
        else:
            scores[killer] -= killed
    for (_killer, apostle), martyrs in sorted(turn.killed_converts.items()):
        if apostle != NEUTRAL and state.player(apostle).jihad == NEUTRAL:
            scores[apostle] += martyrs


def _loaded_against(turn: Turn, merchant: int, world: int) -> int:
    """Starweb "Händler": "keine Punkte, wenn auf einer Welt gleichzeitig ein- und
    ausgeladen wird": the metal loaded on ``world`` this turn by anyone (German), or by
    the merchant alone (``Options.merchant_own_loading_only``, English §4B)."""
    if turn.state.options.merchant_own_loading_only:
        return turn.loaded.get((merchant, world), 0)
    return sum(amount for (_player, there), amount in turn.loaded.items() if there == world)


def _merchant(turn: Turn, scores: dict[int, int]) -> None:
    """Starweb "Händler": 8 per metal on an industry world not his when he unloaded,
    none where metal was loaded too (or the net amount, ``Options.merchant_net_unload``);
    with ``Options.merchant_owner_start_end`` none on a world he owns at the end of the
    turn (English rules §4B)."""
    state = turn.state
    for (merchant, world), metal in sorted(turn.merchant_metal.items()):
        if state.options.merchant_owner_start_end and state.world(world).owner == merchant:
            continue
        loaded = _loaded_against(turn, merchant, world)
        if state.options.merchant_net_unload:
            metal = max(0, metal - loaded)
        elif loaded:
            metal = 0
        scores[merchant] += METAL_POINTS * metal


def turn_points(state: StarwebState, player: Player) -> int:
    """The points a turn a player gets for what he holds after the turn."""
    number = player.number
    worlds = [w for w in state.worlds if w.owner == number]
    character = player.character
    points = sum(
        artifact_points(character, a) for a in state.artifacts if holder(state, a) == number
    )
    if character == Character.EMPIRE_BUILDER:
        people = sum(w.population - w.converts for w in worlds)
        points += people // 10 + sum(w.industry + w.mines for w in worlds)
    elif character == Character.PIRATE:
        points += 3 * sum(1 for f in state.fleets if f.owner == number)
    elif character == Character.BERSERKER:
        points += 5 * sum(1 for w in worlds if w.robots > 0 and w.population == 0)
    elif character == Character.APOSTLE:
        converts = sum(w.converts for w in state.worlds if w.convert_owner == number)
        # Starweb "Apostel": +5 "für jede Welt, auf der ausschließlich Bekehrte leben"
        # (his converts), whoever owns it (e.g. given away this turn).
        only = sum(
            1
            for w in state.worlds
            if w.population > 0 and w.converts == w.population and w.convert_owner == number
        )
        points += 5 * len(worlds) + converts // 10 + 5 * only
    return points


def score(turn: Turn) -> None:
    """Add every active player's points of the turn to his score and his report."""
    state = turn.state
    gained: dict[int, int] = defaultdict(int)
    for number, points in turn.scored.items():
        gained[number] += points
    _kills(turn, gained)
    _merchant(turn, gained)
    for player in state.players:
        if player.character == Character.APOSTLE:
            # combat leaves the shots at the jihad's target out of shots_by
            gained[player.number] -= turn.shots_by.get(player.number, 0)
    for player in state.active():
        gained[player.number] += turn_points(state, player)
    for player in state.active():
        player.score += gained[player.number]
        turn.player_report(player.number).gained = gained[player.number]


def end_bonus(state: StarwebState, player: Player) -> int:
    """Starweb "Kunstwerke", "Kunstsammler": the bonuses at the end of the game.

    Museums (the collector's worlds with ten artifacts lying on them) 500 each; all five
    Nebula volumes 1500 (collector) or 1000; each complete set of the own material or
    own type 1000 (collector: all nine, plastic included) or 500 (others: plastic not
    counted).
    """
    number = player.number
    held = [a for a in state.artifacts if holder(state, a) == number]
    collector = player.character == Character.COLLECTOR
    bonus = 0
    if collector:
        for world in state.worlds:
            if world.owner == number and len(state.artifacts_at(world.number)) >= MUSEUM_ARTIFACTS:
                bonus += MUSEUM_BONUS
    nebula = sum(1 for a in held if a.kind == NEBULA)
    if nebula >= NEBULA_VOLUMES:
        bonus += COLLECTOR_NEBULA_BONUS if collector else NEBULA_BONUS
    material, kind = CATEGORIES[player.character]
    standard = [a for a in state.artifacts if a.material and (collector or a.material != PLASTIC)]
    for wanted in (
        [a for a in standard if a.material == material],
        [a for a in standard if a.kind == kind],
    ):
        numbers = {a.number for a in wanted}
        if numbers and numbers <= {a.number for a in held}:
            bonus += COLLECTOR_SET_BONUS if collector else SET_BONUS
    return bonus


def end_score(state: StarwebState) -> int:
    """Starweb "Was ist Sache?": "Der Durchschnitt der Zahlen aller Spieler ergibt die
    Endpunktzahl" (INT): every player's vote, a missing one counted as
    ``Options.end_score_default``; with ``Options.end_score_voters_only`` (English §30)
    the votes given alone (none given: the default)."""
    options = state.options
    votes = [p.end_vote or options.end_score_default for p in state.players]
    if options.end_score_voters_only:
        votes = [p.end_vote for p in state.players if p.end_vote] or [options.end_score_default]
    return sum(votes) // len(votes)


def _fix_end_score(turn: Turn) -> None:
    """Turn 1: record the votes (clamped to the allowed range) and fix their average."""
    state = turn.state
    options = state.options
    for number, order in turn.all_orders(EndScoreVote):
        assert isinstance(order, EndScoreVote)
        player = state.player(number)
        if state.turn != 1:
            turn.remark(number, order, "end_vote_late")
        elif player.end_vote:
            turn.remark(number, order, "end_vote_once")
        else:
            vote = min(max(order.score, options.end_score_min), options.end_score_max)
            if vote != order.score:
                turn.remark(number, order, "end_vote_clamped")
            player.end_vote = vote
    if state.turn == 1 and state.players:
        state.end_score = end_score(state)


def events(turn: Turn) -> list[Event]:
    """The host's events of the turn: players out, and the end of the game."""
    state = turn.state
    found: list[Event] = []
    _fix_end_score(turn)
    for player in state.players:
        if player.out and not turn.start.player(player.number).out:
            found.append(Event("player_out", player=player.number))
    if state.over or not state.end_score:
        return found
    if not any(p.score >= state.end_score for p in state.active()):
        return found
    for player in state.active():
        player.score += end_bonus(state, player)
    ranking = sorted(state.players, key=lambda p: (-p.score, p.number))
    best = max(p.score for p in state.active())
    winners: list[JSONValue] = [p.number for p in state.active() if p.score == best]
    state.over = True
    rows: list[JSONValue] = [
        {"player": p.number, "code_name": p.code_name, "character": p.character, "score": p.score}
        for p in ranking
    ]
    found.append(
        Event(
            "game_over",
            data={
                "turn": state.turn,
                "end_score": state.end_score,
                "ranking": rows,
                "winners": winners,
            },
        )
    )
    return found
