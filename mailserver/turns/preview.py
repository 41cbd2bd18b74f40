"""The GM's preview: what the pending turn would give now, written nowhere."""

from __future__ import annotations

from dataclasses import dataclass, replace

from sqlmodel import Session

from config.game_options import gm_language, nmr_drop_after
from db import repo
from db.models import Game, GameStatus
from engine.core import NEUTRAL
from mailserver.common.catalog import public_notice
from mailserver.common.kinds import game_kind
from mailserver.common.terms import HostTerms
from mailserver.printouts.compose import held_secrets, printout_body
from mailserver.turns.evaluate import evaluate
from mailserver.turns.inputs import NewsText, TurnInputs, news_of, pending_news
from mailserver.turns.plan import READERS, languages_of, plan_turn, state_of
from mailserver.turns.sealing import sealed_inputs


@dataclass(frozen=True)
class Drafts:
    """What the pending turn would give now: each seat's printout (0: the GM's view) and,
    in a turn whose GM rules on items, the rulings it could not apply, one line each in
    the GM's language (``engine.core.Ruled.lapsed_rulings``)."""

    printouts: dict[int, str]
    lapsed: list[str]


def draft_turn(session: Session, game_id: int, terms: HostTerms) -> Drafts:
    """What the pending turn would give now (:class:`Drafts`).

    Writes nothing (in a turn whose GM rules, these are the drafts: his rulings and
    reports so far are taken): the turn is evaluated (:func:`mailserver.turns.evaluate.evaluate`) on
    the stored state with the orders and messages there are, the fee of ``terms`` as the
    run charges it; drops are shown in the newspaper without a stand-by's takeover.
    """
    game = session.get(Game, game_id)
    if game is None:
        raise LookupError(f"no game with id {game_id}")
    turn = game.turn + 1
    plan = plan_turn(session, game, turn, terms.turn_fee_cents)
    before = state_of(session, game, game.turn)
    kind = game_kind(game.kind)
    rulers = kind.engine.names(before).rulers
    news = news_of(pending_news(session, game_id, turn))
    languages = languages_of(session, game)
    for player in plan.drops(nmr_drop_after(game.options)):
        values = {"seat": player.seat, "ruler": rulers.get(player.seat) or "?"}
        notice = public_notice(
            languages, [("news_dropped", {**values, "count": player.nmr_count + 1})]
        )
        news.append(NewsText(None, notice))
    inputs = TurnInputs(plan.executing, news, dice=sealed_inputs(session, game_id, plan))
    if game.status == GameStatus.ADJUDICATING and kind.ruled is not None:
        # The drafts of a turn the GM rules on: his rulings and reports so far.
        reports = {r.seat: r for r in repo.gm_reports(session, game_id, turn)}
        rulings = repo.gm_rulings(session, game_id, turn)
        inputs = replace(inputs, reports=reports, rulings=rulings)
    result = evaluate(game, turn, before, inputs)
    gm_lang = gm_language(game.options)
    views = {NEUTRAL: kind.engine.printout(result.state, NEUTRAL, gm_lang)}
    for player in repo.current_players(session, game_id):
        if player.status in READERS:
            views[player.seat] = printout_body(
                session,
                game,
                player,
                result.state,
                terms,
                secret_messages=held_secrets(session, game_id, player.seat, turn),
                show_deadline=False,
            )
    lapsed = kind.ruled.lapsed_rulings(result.state, gm_lang) if kind.ruled is not None else []
    return Drafts(views, lapsed)
