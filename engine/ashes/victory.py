"""Players out, votes and the end of the game (Ashes 2, 2.1-2.3, 7.11)."""

from __future__ import annotations

from engine.ashes.gnp import gnp, leaders
from engine.ashes.orders import VoteEnd, VoteExtension, VoteRounds, VoteRule
from engine.ashes.state import AshesState, GnpRow, News
from engine.core import NEUTRAL, Event, JSONValue


def retire(state: AshesState, player: int, reason: str) -> Event:
    """Take a player out (Ashes 2, 1.5); the empire falls apart (docs/rules-ashes.md).

    Its planets turn neutral with all they hold, its ships in orbit of them join the
    neutral garrison, all its other ships are lost.
    """
    p = state.player(player)
    p.out, p.out_turn, p.out_reason = True, state.turn, reason
    own = {planet.number for planet in state.owned(player)}
    for planet in state.planets:
        if planet.number in own:
            planet.owner = NEUTRAL
    for fleet in state.fleets:
        if fleet.owner == player:
            if fleet.stage is None and fleet.target in own:
                state.add_fleet(NEUTRAL, fleet.target, fleet.fi, fleet.tr)
            fleet.fi = fleet.tr = 0
    state.tidy()
    state.report.news.append(News(kind="player_out", player=player, item=reason))
    return Event("player_out", player=player, data={"reason": reason, "turn": state.turn})


def defeated(state: AshesState) -> list[int]:
    """Players without a planet and without a TR are out (Ashes 2)."""
    out = []
    for p in state.active():
        has_tr = any(f.owner == p.number and f.tr > 0 for f in state.fleets)
        if not state.owned(p.number) and not has_tr:
            out.append(p.number)
    return out


def record_vote(
    state: AshesState, player: int, order: VoteRounds | VoteExtension | VoteEnd | VoteRule
) -> None:
    """Keep a vote in the state; the rounds vote counts with the first orders only (Ashes 2.1)."""
    p = state.player(player)
    if isinstance(order, VoteRounds):
        if state.rounds is None:
            p.vote_rounds = order.rounds
        else:
            state.report.notices.append(News(kind="vote_late", player=player))
    elif isinstance(order, VoteExtension):
        p.vote_extension = order.rounds
    elif isinstance(order, VoteEnd):
        p.vote_end = order.end
    else:
        p.rule_votes.append(order.text)


def decide_rounds(state: AshesState) -> Event:
    """Ashes 2.1: the integer average of the votes (10..30) fixes the secret game length."""
    votes = [p.vote_rounds for p in state.players if p.vote_rounds is not None]
    state.rounds = sum(votes) // len(votes) if votes else state.options.rounds_if_no_votes
    state.report.news.append(News(kind="rounds_decided", number=len(votes)))
    return Event("rounds_decided", data={"rounds": state.rounds, "votes": len(votes)})


def extension(state: AshesState) -> Event | None:
    """Ashes 2.3: a request opens a vote with the next orders; a majority above 0 extends.

    The extension is the integer average of the votes above 0; the game never runs
    beyond ``max_rounds``. The GM announces only that the game was extended.
    """
    votes = [p.vote_extension for p in state.active() if p.vote_extension is not None]
    if state.extension_vote:
        state.extension_vote = False
        yes = [v for v in votes if v > 0]
        if len(yes) > len(votes) - len(yes):
            assert state.rounds is not None
            state.rounds = min(state.options.max_rounds, state.rounds + sum(yes) // len(yes))
            state.report.news.append(News(kind="extension_accepted"))
            return Event("extension", data={"accepted": True, "rounds": state.rounds})
        state.report.news.append(News(kind="extension_rejected"))
        return Event("extension", data={"accepted": False, "rounds": state.rounds})
    if state.rounds is not None and any(v > 0 for v in votes):
        state.extension_vote = True
        state.report.news.append(News(kind="extension_requested"))
    return None


def game_end(state: AshesState, table: list[GnpRow]) -> tuple[list[int], str] | None:
    """Ashes 7.11: planet victory (Ashes 2.2), then a vote to end (Ashes 2.3), then the game
    length (Ashes 2.1)."""
    options = state.options
    counts = {p.number: len(state.owned(p.number)) for p in state.active()}
    held = [
        n
        for n, c in counts.items()
        if c >= options.victory_planets
        or (c >= options.victory_hold_planets and n in state.holding)
    ]
    state.holding = [n for n, c in counts.items() if c >= options.victory_hold_planets]
    if held:
        most = max(counts[n] for n in held)
        best = [r for r in table if r.player in held and counts[r.player] == most]
        return leaders(best), "planets"
    if not counts:
        return [], "no_players"
    if len(counts) == 1:
        return list(counts), "last_player"
    anyone_out = any(p.out for p in state.players)
    yes = sum(1 for p in state.active() if p.vote_end)
    if anyone_out and yes * 2 > len(counts):
        return leaders(table), "vote"
    if state.rounds is not None and state.turn >= state.rounds:
        return leaders(table), "rounds"
    return None


def game_over_event(state: AshesState, table: list[GnpRow]) -> Event:
    """What the Hall of Fame needs (Ashes 4.5, 7.11): winners, reason, the GNP table."""
    rows: list[JSONValue] = []
    for r in table:
        value = gnp(r)
        rows.append(
            {
                "player": r.player,
                "ruler": state.player(r.player).ruler,
                "planets": r.values[0],
                "ranks": list(r.ranks),
                "gnp": f"{value.numerator}/{value.denominator}",
                "gnp_text": gnp_text(r),
            }
        )
    return Event(
        "game_over",
        data={
            "winners": list(state.winners),
            "reason": state.end_reason,
            "turn": state.turn,
            "rounds": state.rounds,
            "gnp": rows,
        },
    )


def gnp_text(row: GnpRow) -> str:
    """The GNP cut to two decimals, as the rulebook prints it (14/12 = 1,16; Ashes 4.5)."""
    hundredths = row.rank_sum * 100 // 12
    return f"{hundredths // 100}.{hundredths % 100:02d}"
