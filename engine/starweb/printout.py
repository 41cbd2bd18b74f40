"""The Starweb printout, German and English (Starweb "Der Printout", THRAWN's turn 7).

A player's printout: the header with the totals, contacts and allies; every world he
sees (``PlayerReport.seen``) with its keys and departures; the contacts of the turn and
their scores in no order; the echo of his orders (``Befehle=36``) with remarks in angle
brackets; the players' messages; his private notices; and a prefilled order section to
send back. Player 0 gets the game master's full view. Layout: :mod:`engine.starweb.layout`,
one world: :mod:`engine.starweb.world_report`, words: :mod:`engine.starweb.texts`.
"""

from __future__ import annotations

from engine.kind_engine import web_order_form
from engine.starweb.characters import character_name
from engine.starweb.layout import Piece, fill, items, prose, words
from engine.starweb.ships import build_capacity
from engine.starweb.state import Artifact, Player, PlayerReport, StarwebState, World
from engine.starweb.texts import (
    BLACK_BOX,
    NOTICES,
    ORDER_FORM,
    REMARKS,
    WORDS,
    coded,
    order_section_line,
)
from engine.starweb.world_report import (
    GM,
    ArtifactName,
    UsableIndustry,
    View,
    industry_shown,
    world_lines,
)

ECHO_RULE = "====="
"""The lines around the echo of the orders (as in the example)."""


def black_box(state: StarwebState, lang: str) -> str:
    """What the game's Black Box does, in words, for the GM (Starweb "Kunstwerke")."""
    effect = state.options.black_box
    return BLACK_BOX.say(lang, effect) if effect in BLACK_BOX else effect


def _artifact_name(artifact: Artifact, lang: str) -> str:
    from engine.starweb.artifacts import artifact_name  # the artifact catalogue

    return artifact_name(artifact, lang)


def character(player: Player, lang: str) -> str:
    """The player's character in ``lang`` (``Reichsgründer`` / ``Empire Builder``)."""
    return character_name(player.character, lang)


# ------------------------------------------------------------------------ the header


def gifts_made(state: StarwebState, player: int) -> int:
    """Gifts the player made this turn (keys and worlds), at most two (Starweb
    "Geschenke"): the header's ``Geschenke=``."""
    code = f"gift_from:{player}"
    return sum(code in n.flags for n in state.report.fleets) + sum(
        code in n.flags for n in state.report.worlds
    )


def header_values(state: StarwebState, player: int) -> list[tuple[str, int]]:
    """The header's figures in print order: points, gifts, worlds, keys, ships, industry,
    mines, people, artifacts (Starweb "Der Printout")."""
    worlds = [w for w in state.worlds if w.owner == player]
    keys = [f for f in state.fleets if f.owner == player]
    key_numbers = {f.number for f in keys}
    world_numbers = {w.number for w in worlds}
    artifacts = [
        a
        for a in state.artifacts
        if a.fleet in key_numbers or (a.fleet == 0 and a.world in world_numbers)
    ]
    return [
        ("score", state.player(player).score),
        ("gifts", gifts_made(state, player)),
        ("worlds", len(worlds)),
        ("fleets", len(keys)),
        ("ships", sum(f.ships for f in keys) + sum(w.i_ships + w.p_ships for w in worlds)),
        ("industry", sum(w.industry for w in worlds)),
        ("mines", sum(w.mines for w in worlds)),
        ("people", sum(w.population + w.robots for w in worlds)),
        ("artifacts", len(artifacts)),
    ]


def totals(view: View, player: int) -> list[str]:
    """``(Punkte=964,Geschenke=1,Welten=16,…,Kontakte=[REBULARD],Alliierte=[NECRON],…)``."""
    state, lang = view.state, view.lang
    me = state.player(player)
    values = header_values(state, player)
    shown = [f"{WORDS.say(lang, key)}={value}" for key, value in values]
    known = list(me.met) + [a for a in me.allies if a not in me.met]
    for other in known:
        label = "ally" if other in me.allies else "contact"
        shown.append(f"{WORDS.say(lang, label)}={view.name(other)}")
    return fill(items(shown, ""))


# ------------------------------------------------------------------ after the worlds


def contact_lines(view: View, report: PlayerReport) -> list[str]:
    """The contacts of the turn and their scores, lowest first, names in the report's
    order: which score is whose stays the players' puzzle (English rules 27)."""
    lang = view.lang
    if not report.contacts:
        return [WORDS.say(lang, "no_contacts")]
    head = WORDS.say(lang, "contacts_head")
    names = [view.name(p) for p in report.contacts]
    scores = sorted(view.state.player(p).score for p in report.contacts)
    return [
        *fill(words(head) + [(" ", n) for n in names]),
        "",
        *fill(words(WORDS.say(lang, "scores_head")) + [(" ", str(s)) for s in scores]),
    ]


def echo_lines(view: View, report: PlayerReport) -> list[str]:
    """``Befehle=36 -- <Fehler und Kommentar in Klammern>:`` and the orders between two
    ``=====`` lines, each remark in angle brackets after its order, the count of orders
    read closing the echo (the example's ``F82G=BORG <36>``)."""
    lang = view.lang
    if report.player in view.state.report.nmr:
        return [WORDS.say(lang, "nmr"), "", ECHO_RULE]
    pieces: list[Piece] = []
    for line in report.echo:
        pieces.append((" ", line.code))
        if line.remark:
            remark = coded(REMARKS, line.remark, lang, view.player_arg)
            pieces += words(f"<{remark}>")
    pieces.append((" ", f"<{len(report.echo)}>"))
    return [
        WORDS.say(lang, "echo_head", count=len(report.echo)),
        "",
        ECHO_RULE,
        *fill(pieces),
        "",
        ECHO_RULE,
    ]


def notice_lines(view: View, report: PlayerReport, name: str) -> list[str]:
    """The player's private notices (``PlayerReport.notices``) under their heading."""
    if not report.notices:
        return []
    lines = [WORDS.say(view.lang, "notices_head", name=name)]
    for code in report.notices:
        lines += fill(words(coded(NOTICES, code, view.lang, view.player_arg)))
    return lines


def message_lines(state: StarwebState) -> list[str]:
    """The players' messages, every line, without names."""
    lines: list[str] = []
    for text in state.report.messages:
        lines += prose(text)
    return lines


def ranking_lines(view: View) -> list[str]:
    """At the end of the game: the end score and every player by score (Starweb "Was ist
    Sache?": the last printout gives the result and the order of the winners)."""
    state, lang = view.state, view.lang
    lines = [WORDS.say(lang, "game_over", end=state.end_score), WORDS.say(lang, "ranking_head")]
    ranked = sorted(state.players, key=lambda p: (-p.score, p.number))
    for rank, p in enumerate(ranked, 1):
        lines.append(
            WORDS.say(
                lang,
                "ranking_line",
                rank=rank,
                name=p.code_name,
                character=character(p, lang),
                score=p.score,
            )
        )
    return lines


# ------------------------------------------------------------------ the order section


def order_section(view: View, player: int) -> list[str]:
    """The prefilled order section: the header the order grammar reads (the player adds
    his password, as in Ashes) and reminders of his keys and worlds as comments."""
    state, lang = view.state, view.lang
    nxt = state.turn + 1
    lines = [
        order_section_line(nxt, lang),
        ORDER_FORM.say(lang, "password"),
        ORDER_FORM.say(lang, "header", game=state.game, player=player, turn=nxt),
        ORDER_FORM.say(lang, "howto"),
    ]
    if state.turn == 0:
        o = state.options
        lines.append(
            ORDER_FORM.say(
                lang,
                "end_vote",
                low=o.end_score_min,
                high=o.end_score_max,
                default=o.end_score_default,
            )
        )
    keys = [f for f in state.fleets if f.owner == player]
    if keys:
        lines.append(ORDER_FORM.say(lang, "keys_head"))
    for f in keys:
        ships = (
            ORDER_FORM.say(lang, "ship")
            if f.ships == 1
            else ORDER_FORM.say(lang, "ships", n=f.ships)
        )
        extra = [ORDER_FORM.say(lang, "cargo", n=f.cargo)] if f.cargo else []
        extra += [WORDS.say(lang, "bomb")] if f.bomb else []
        extra += [WORDS.say(lang, "peace")] if f.peace else []
        text = ORDER_FORM.say(lang, "key", fleet=f.number, world=f.world, ships=ships)
        lines.append(", ".join([text, *extra]))
    worlds = [w for w in state.worlds if w.owner == player]
    if worlds:
        lines.append(ORDER_FORM.say(lang, "worlds_head"))
    for w in worlds:
        lines.append(
            ORDER_FORM.say(
                lang,
                "world",
                world=w.number,
                gates=",".join(str(g) for g in w.gates),
                values=_build_values(view, w),
            )
        )
    lines.append(ORDER_FORM.say(lang, "press"))
    return lines


def _build_values(view: View, world: World) -> str:
    """``: Industrie 30/7, Metall 7, I-Schiffe 1`` (what building and firing need)."""
    lang = view.lang
    parts = []
    if world.industry:
        shown = industry_shown(view, world)
        parts.append(f"{WORDS.say(lang, 'industry')} {shown}")
    for key, value in (
        ("metal", world.metal),
        ("i_ships", world.i_ships),
        ("p_ships", world.p_ships),
    ):
        if value:
            parts.append(f"{WORDS.say(lang, key)} {value}")
    return ": " + ", ".join(parts) if parts else ""


# ------------------------------------------------------------------------ printouts


def player_report(state: StarwebState, player: int) -> PlayerReport:
    """The player's report; before the first turn (none yet) what the rules always show:
    the home world, his worlds and the worlds where his keys are (Starweb "Sonden")."""
    found = next((r for r in state.report.players if r.player == player), None)
    if found is not None:
        return found
    me = state.player(player)
    seen = {me.home} | {w.number for w in state.worlds if w.owner == player}
    seen |= {f.world for f in state.fleets if f.owner == player}
    return PlayerReport(player=player, seen=sorted(seen))


def player_printout(view: View, player: int) -> str:
    """The printout of one player (Starweb "Der Printout")."""
    state, lang = view.state, view.lang
    me = state.player(player)
    report = player_report(state, player)
    out = [
        WORDS.say(lang, "title", game=state.game, turn=state.turn),
        "",
        f"[{me.code_name}]: {character(me, lang)}",
        "",
        *totals(view, player),
    ]
    if me.out:
        out += ["", WORDS.say(lang, "out")]
    for number in sorted(report.seen):
        out += ["", *world_lines(view, number)]
    if state.turn > 0:
        out += ["", *contact_lines(view, report), "", *echo_lines(view, report)]
    out += message_lines(state)
    notices = notice_lines(view, report, me.code_name)
    if notices:
        out += ["", *notices]
    if state.over:
        out += ["", *ranking_lines(view)]
    elif not me.out:
        out += ["", *order_section(view, player)]
    return "\n".join(out) + "\n"


def order_form(state: StarwebState, player: int, lang: str) -> str:
    """``player``'s prefilled order section as his printout ends in it, without the line
    that asks for the password (the web page needs none); empty when he gives no orders
    (out, or the game over)."""
    if state.over or not 1 <= player <= len(state.players) or state.player(player).out:
        return ""
    view = View(
        state=state, viewer=player, lang=lang, usable=build_capacity, artifact_name=_artifact_name
    )
    return web_order_form(order_section(view, player), ORDER_FORM.say(lang, "password"))


def gm_player_line(view: View, p: Player) -> str:
    """One player in the GM's list: number, code name, character, score, home, allies,
    end vote, NMR or out."""
    lang = view.lang
    flags = (WORDS.say(lang, "gm_nmr") if p.number in view.state.report.nmr else "") + (
        WORDS.say(lang, "gm_out") if p.out else ""
    )
    return WORDS.say(
        lang,
        "gm_player",
        number=p.number,
        name=p.code_name,
        character=character(p, lang),
        score=p.score,
        home=p.home,
        allies=",".join(view.name(a) for a in p.allies) or WORDS.say(lang, "gm_none"),
        vote=p.end_vote or WORDS.say(lang, "gm_none"),
        flags=flags,
    )


def gm_printout(view: View) -> str:
    """The game master's full view: every player with his secrets, the end score, the
    Black Box's effect, every world with every key's cargo, every echo and notice."""
    state, lang = view.state, view.lang
    out = [WORDS.say(lang, "gm_title", game=state.game, turn=state.turn), ""]
    out.append(WORDS.say(lang, "gm_players"))
    for p in state.players:
        out += fill(words(gm_player_line(view, p)))
    end = (
        WORDS.say(lang, "gm_end_score", end=state.end_score)
        if state.end_score
        else WORDS.say(lang, "gm_end_open")
    )
    out += ["", end, WORDS.say(lang, "gm_black_box", effect=black_box(state, lang))]
    for world in state.worlds:
        out += ["", *world_lines(view, world.number)]
    for p in state.players:
        report = player_report(state, p.number)
        out += ["", WORDS.say(lang, "gm_player_head", name=p.code_name)]
        if state.turn > 0:
            out += [*contact_lines(view, report), "", *echo_lines(view, report)]
        notices = notice_lines(view, report, p.code_name)
        if notices:
            out += ["", *notices]
    messages = message_lines(state)
    if messages:
        out += ["", WORDS.say(lang, "gm_messages"), *messages]
    if state.over:
        out += ["", *ranking_lines(view)]
    return "\n".join(out) + "\n"


def printout(
    state: StarwebState,
    player: int,
    lang: str,
    *,
    usable: UsableIndustry | None = None,
    artifact_name: ArtifactName | None = None,
) -> str:
    """The printout of ``player`` (0: the game master) in ``lang`` (a language without a
    catalog, or a word the catalog lacks, in English: docs/texts.md).

    ``usable`` gives a world's usable industry (default ``engine.starweb.ships.
    usable_industry``), ``artifact_name`` an artifact's name (default:
    ``engine.starweb.artifacts.artifact_name``, the catalog's).
    """
    view = View(
        state=state,
        viewer=player,
        lang=lang,
        usable=usable or build_capacity,
        artifact_name=artifact_name or _artifact_name,
    )
    if player == GM:
        return gm_printout(view)
    if not 1 <= player <= len(state.players):
        raise ValueError(f"no player {player}")
    return player_printout(view, player)
