"""The printouts (Ashes 4): what a player studies for two weeks, in German or English.

Fixed-width plain text of at most 78 columns, laid out after the original program's
printout (docs/rules-ashes.md): PV overview and planet reports (Ashes 4.3, 4.4), GNP
table (Ashes 4.5), fleet overview (Ashes 4.6), status report (Ashes 4.7), battle reports
(Ashes 4.8), secret reports of allies (Ashes 4.9), spy reports (Ashes 6.3.4), messages,
the Galactic Media (Ashes 5.1) and the order form for the next turn. Player 0 gets the
game master's full view.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Mapping
from functools import cache, lru_cache
from operator import itemgetter

from engine.ashes.economy import gip
from engine.ashes.gnp import CATEGORIES
from engine.ashes.state import (
    AshesState,
    BattleReport,
    BattleSide,
    CargoShips,
    Fleet,
    News,
    Planet,
)
from engine.ashes.texts import NEWS, NOTICES, ORDER_FORM, REASONS, WORDS
from engine.ashes.victory import gnp_text
from engine.ashesmap.galaxy import fold_name, standard_galaxy
from engine.core import NEUTRAL

WIDTH = 78
TEXT_WIDTH = 72

_first = itemgetter(0)


def ruler(state: AshesState, player: int, lang: str) -> str:
    """The ruler's name; unnamed rulers are "Spieler B" / "Player B" (Ashes 0.1)."""
    if player == NEUTRAL:
        return WORDS.say(lang, "neutral")
    for p in state.players:
        if p.number == player:
            if p.ruler:
                return p.ruler
            break
    return _default_ruler(player, lang)


@cache
def _default_ruler(player: int, lang: str) -> str:
    # A printout names rulers dozens of times; the unnamed ones' names never change.
    return WORDS.say(lang, "player_default", letter=chr(ord("A") + player - 1))


def pr_text(pr60: int) -> str:
    """PR cut to three decimals, without a leading zero: 40/60 -> ".666" (data README)."""
    thousandths = pr60 * 1000 // 60
    whole, frac = divmod(thousandths, 1000)
    return f"{whole or ''}.{frac:03d}"


def morale_text(hundredths: int) -> str:
    """FM%/TM% as a number: 10000 -> "100", 10037 -> "100.37"."""
    # Integer arithmetic on the hundredths: the percentage as a Fraction (morale.percent)
    # is whole exactly when no hundredths are left over, and costs far more to build.
    whole, rest = divmod(hundredths, 100)
    return f"{whole}.{rest:02d}" if rest else str(whole)


def strength_text(hundredths: int) -> str:
    """AS/DS as the original printed them: the factor, cut to one decimal, no ".0".

    The state keeps FI x FM% (x PM%/100) with FM% as the percentage number, truncated
    (docs/state-ashes.md); the printout shows it with FM% and PM% as factors: 550 -> "5.5",
    2400 -> "24" (docs/rules-ashes.md, N-2).
    """
    whole, tenth = divmod(hundredths // 10, 10)
    return f"{whole}.{tenth}" if tenth else str(whole)


@cache
def _wrapper(width: int, indent: str) -> textwrap.TextWrapper:
    # A TextWrapper keeps no state between calls; one per layout saves building one per line.
    return textwrap.TextWrapper(width, subsequent_indent=indent, break_long_words=True)


def _wrap_line(line: str, width: int, indent: str = "") -> list[str]:
    """``textwrap.wrap(line, width, subsequent_indent=indent) or [""]``, faster for a line
    that fits.

    A printable string holds no whitespace but the blank (every other character for which
    ``str.isspace`` holds is unprintable), so textwrap has no tab to expand and no
    whitespace to replace, and every chunk it splits off is a word or a run of blanks.
    If the line fits, all chunks go on the first line (whose indent is empty) and
    textwrap only drops the closing run of blanks: the result is ``line.rstrip(" ")``, or
    no line at all (here ``""``) when nothing else is left. Most lines of a printout are
    such lines.
    """
    if len(line) <= width and line.isprintable():
        return [line.rstrip(" ")]
    return _wrapper(width, indent).wrap(line) or [""]


def _wrap(text: str, width: int = WIDTH, indent: str = "") -> list[str]:
    lines: list[str] = []
    for paragraph in text.splitlines() or [""]:
        lines.extend(_wrap_line(paragraph, width, indent))
    return lines


# ------------------------------------------------------------------ sections


def pv_table(state: AshesState, player: int) -> list[str]:
    """Ashes 4.3: the seats in one line, the PV in force to each below it."""
    row = state.pv[player]
    head = "PV      " + " ".join([str(p.number) for p in state.players])
    values = [
        "1" if p.number == player else ("-" if p.out else str(row[p.number])) for p in state.players
    ]
    return [head, "        " + " ".join(values)]


def planet_report(state: AshesState, planet: Planet, lang: str, fi: int, tr: int) -> list[str]:
    """Ashes 4.4: the three lines of a planet report."""
    return [
        WORDS.say(
            lang,
            "planet_1",
            number=planet.number,
            name=planet.name,
            ruler=ruler(state, planet.owner, lang),
            gip=gip(planet),
            pm=planet.pm,
        ),
        f"A: {planet.a} PR: {pr_text(planet.pr60)} HD: {planet.hd} Fuel: {planet.fuel} "
        f"Ore: {planet.ore} Rare: {planet.rare}",
        f"PDU {planet.pdu}  FP {planet.fp}  OP {planet.op}  RP {planet.rp}  FY {planet.fy}  "
        f"TY {planet.ty}  FI {fi}  TR {tr}",
    ]


def orbit_ships(state: AshesState, planet: Planet) -> tuple[int, int]:
    """FI and TR of the planet owner's fleet in its orbit (the planet report's, Ashes 4.4)."""
    fleet = state.orbit(planet.number, planet.owner)
    return (fleet.fi, fleet.tr) if fleet else (0, 0)


def owner_orbits(state: AshesState) -> dict[int, tuple[int, int]]:
    """:func:`orbit_ships` of every planet that has them, in one pass over the fleets
    (the GM view reports all 40 planets): the first orbit fleet of the owner counts."""
    found: dict[int, tuple[int, int]] = {}
    for f in state.fleets:
        if f.stage is None and f.target not in found and state.planet(f.target).owner == f.owner:
            found[f.target] = (f.fi, f.tr)
    return found


_GNP_HEAD = "".join(f"{c[:2]:>3}" for c in CATEGORIES) + "    GNP"


def gnp_section(state: AshesState, lang: str, values: bool) -> list[str]:
    """Ashes 4.5: ranks in twelve categories and the GNP (cut to two decimals)."""
    lines = [
        WORDS.say(lang, "gnp_head", turn=state.turn),
        f"{WORDS.say(lang, 'ruler'):<18}{_GNP_HEAD}",
    ]
    for row in state.report.gnp:
        name = f"{row.player} {ruler(state, row.player, lang)}"
        ranks = ("{:>3}" * len(row.ranks)).format(*row.ranks)
        lines.append(f"{name:<18}{ranks}{gnp_text(row):>7}")
    if values:
        lines.append("")
        lines.append(WORDS.say(lang, "gnp_values"))
        for row in state.report.gnp:
            lines.extend(
                _wrap(
                    f"{row.player}: "
                    + " ".join(f"{c}={v}" for c, v in zip(CATEGORIES, row.values, strict=True)),
                    WIDTH,
                    "   ",
                )
            )
    return lines


def _stage(stage: int | None, waiting: str = "(I)") -> str:
    if stage is None:
        return waiting
    return "(D)" if stage == 0 else f"(D+{stage})"


def _ships(fi: int, tr: int) -> str:
    if fi and tr:
        return f"{fi} F {tr} T"
    if fi:
        return f"{fi} F"
    return f"{tr} T" if tr else ""


def fleet_lines(fleets: Iterable[Fleet], cargo: Iterable[CargoShips]) -> list[str]:
    """Ashes 4.6: one line per target planet: "14 (I) 92 F 12 T (D) 50 F (D+2) 3 T 2 C5"."""
    by_target: dict[int, list[tuple[int, str]]] = {}
    for f in fleets:
        stage = f.stage
        key = -1 if stage is None else stage
        entry = (key, f"{_stage(stage)} {_ships(f.fi, f.tr)}")
        same = by_target.get(f.target)
        if same is None:
            by_target[f.target] = [entry]
        else:
            same.append(entry)
    for c in cargo:
        key = -1 if c.stage is None else c.stage
        by_target.setdefault(c.target, []).append(
            (key, f"{_stage(c.stage, '(D+0)')} {c.count} C{c.cargo}")
        )
    lines = []
    for target in sorted(by_target):
        parts = by_target[target]
        if len(parts) == 1:
            line = f"{target:>2} {parts[0][1]}"
        else:
            # A stable sort by the stage alone: fleets before cargo, each in the given order.
            parts.sort(key=_first)
            line = f"{target:>2} " + " ".join([text for _, text in parts])
        # Numbers and stage marks only: no line breaks to split at.
        lines.extend(_wrap_line(line, WIDTH, "   "))
    return lines


def status_lines(state: AshesState, player: int) -> list[str]:
    """Ashes 4.7: the empire's sums, FM%, TM% and PP."""
    # One pass each over planets and fleets (the GM view sums every empire).
    planets = a = fp = op = rp = fy = ty = pdu = stock = gi = 0
    for x in state.planets:
        if x.owner == player:
            planets += 1
            a += x.a
            fp += x.fp
            op += x.op
            rp += x.rp
            fy += x.fy
            ty += x.ty
            pdu += x.pdu
            stock += x.stock
            gi += gip(x)
    fi = tr = 0
    for f in state.fleets:
        if f.owner == player:
            fi += f.fi
            tr += f.tr
    p = state.player(player)
    return [
        f"A={a} PL={planets} FP={fp} OP={op} RP={rp} FY={fy} TY={ty} PD={pdu}",
        f"SP={stock} FI={fi} FM% {morale_text(p.fm)} TR={tr} TM% {morale_text(p.tm)} "
        f"GI={gi} PP={p.pp}",
    ]


def _side_line(state: AshesState, side: BattleSide, report: BattleReport, lang: str) -> str:
    text = (
        f"{ruler(state, side.player, lang)} {WORDS.say(lang, side.role)} {side.fi} FI {side.tr} TR"
    )
    if report.fought or report.landing:
        losses = f"(-{side.lost_tr}TR"
        if side.role == "attack" and report.landing:
            losses += f"/-{side.killed_pdu}PDU"
        text += f"(-{side.lost_fi}FI) {losses})"
    if side.fled_fi:
        if side.fled_to:
            text += " " + WORDS.say(lang, "to_home", n=side.fled_fi, planet=side.fled_to)
        else:
            text += " " + WORDS.say(lang, "lost_all", n=side.fled_fi)
    return text


def battle_lines(state: AshesState, report: BattleReport, lang: str) -> list[str]:
    """Ashes 4.8: strengths, the landing attempt, one line per empire, the change of owner."""
    name = state.planet(report.planet).name
    head = f"{report.planet} {name} ({ruler(state, report.owner, lang)}) {report.pdu} PDU"
    if report.fought or report.landing or any(s.role == "attack" for s in report.sides):
        head += (
            f" {strength_text(report.strength_a)} AS {report.af} AF"
            f" {strength_text(report.strength_d)} DS {report.df} DF"
        )
    lines = _wrap(head, WIDTH, "   ")
    if report.landing:
        a, d = strength_text(report.landing_a), strength_text(report.landing_d)
        lines.append(WORDS.say(lang, "landing", a=a, d=d))
    for side in report.sides:
        lines.extend(_wrap(_side_line(state, side, report, lang), WIDTH, "   "))
    if report.new_owner is not None:
        lines.append(
            WORDS.say(lang, "falls_to", name=name, ruler=ruler(state, report.new_owner, lang))
        )
    if report.landing and report.new_owner is None and report.owner != NEUTRAL:
        lines.append(WORDS.say(lang, "revolt_line", n=report.revolt_pdu))
        if report.went_neutral:
            lines.append(WORDS.say(lang, "neutral_line", name=name))
    return lines


def secret_report(state: AshesState, ally: int, lang: str) -> list[str]:
    """Ashes 4.9: an ally's PV table and its fleets of at least 2 x turn + 10 FI at a planet."""
    threshold = 2 * state.turn + 10
    lines = [
        WORDS.say(lang, "secret_head", ruler=ruler(state, ally, lang)),
        *pv_table(state, ally),
    ]
    fleets = [f for f in state.fleets if f.owner == ally]
    fi_at: dict[int, int] = {}
    for f in fleets:
        fi_at[f.target] = fi_at.get(f.target, 0) + f.fi
    big = [f for f in fleets if fi_at[f.target] >= threshold]
    lines.extend(fleet_lines(big, []) or [WORDS.say(lang, "secret_none", n=threshold)])
    return lines


def _news_params(state: AshesState, item: News, lang: str) -> dict[str, object]:
    planet = state.planet(item.planet).name if item.planet else ""
    reason = REASONS.say(lang, item.item) if item.item in REASONS else item.item
    winners = ", ".join(ruler(state, w, lang) for w in state.winners) or "-"
    return {
        "game": state.game,
        "ruler": ruler(state, item.player, lang),
        "planet": planet,
        "planet_no": item.planet,
        "other": item.other,
        "number": item.number,
        "item": item.item,
        "text": item.text,
        "reason": reason,
        "winners": winners,
    }


def news_text(state: AshesState, item: News, lang: str) -> str:
    """One entry of the Galactic Media as text; an article keeps its own lines."""
    if item.kind != "press":
        return NEWS.say(lang, item.kind, **_news_params(state, item, lang))
    sign = WORDS.say(lang, "gm_sign") if item.player == NEUTRAL else ruler(state, item.player, lang)
    return f"{item.text}\n- {sign}"


def media_lines(state: AshesState, lang: str) -> list[str]:
    """Ashes 5.1: notices of the evaluation first, then the articles, signed with the ruler."""
    lines: list[str] = []
    for item in state.report.news:
        if item.kind != "press":
            lines.extend(_wrap(news_text(state, item, lang), TEXT_WIDTH, "  "))
    for item in state.report.news:
        if item.kind != "press":
            continue
        lines.append("")
        *body, sign = news_text(state, item, lang).split("\n")
        for paragraph in body:
            lines.extend(_wrap_line(paragraph, TEXT_WIDTH))
        lines.append(f"{sign:>{TEXT_WIDTH}}")
    return lines or [WORDS.say(lang, "media_none")]


def notice_text(state: AshesState, item: News, lang: str) -> str:
    """One private notice as text."""
    return NOTICES.say(lang, item.kind, **_news_params(state, item, lang))


def notice_lines(state: AshesState, player: int | None, lang: str) -> list[str]:
    """The results of the player's own orders that did not go as written (or all, GM)."""
    lines: list[str] = []
    for item in state.report.notices:
        if player is not None and item.player != player:
            continue
        text = notice_text(state, item, lang)
        prefix = "" if player is not None else f"[{item.player}] "
        lines.extend(_wrap(prefix + text, WIDTH, "  "))
    return lines


@cache
def _standard_names() -> Mapping[str, int]:
    # Built once: name_index() makes a new dict on every call, and the order form asks
    # for every owned planet of every printout (most of the order form's time).
    return standard_galaxy().name_index()


def _safe_label(planet: Planet) -> str:
    """``2 (Crab)`` for the order form, or ``2`` when the name could mislead the grammar."""
    return _label(planet.number, planet.name)


@lru_cache(maxsize=4096)
def _label(number: int, name: str) -> str:
    # Cached: folding the name (Unicode normalisation) was a third of the order form's time,
    # and a planet keeps its name for many turns. Bounded, for players rename planets.
    other = _standard_names().get(fold_name(name))
    if "(" in name or ")" in name or "\n" in name or (other is not None and other != number):
        return str(number)
    return f"{number} ({name})"


def order_form(state: AshesState, player: int, lang: str) -> list[str]:
    """The Befehlsbogen for the next turn, accepted unchanged by the order grammar."""
    nxt = state.turn + 1
    lines = [
        ORDER_FORM.say(lang, "head", game=state.game, turn=nxt, ruler=ruler(state, player, lang)),
        ORDER_FORM.say(lang, "password"),
        ORDER_FORM.say(lang, "header", game=state.game, player=player, turn=nxt),
        ORDER_FORM.say(lang, "pv"),
        ORDER_FORM.say(lang, "special"),
        ORDER_FORM.say(lang, "production"),
    ]
    lines.extend(f"{_safe_label(p)}:" for p in state.owned(player))
    lines.append(ORDER_FORM.say(lang, "flights"))
    orbit = [f for f in state.fleets if f.owner == player and f.stage is None]
    for text in fleet_lines(orbit, []):
        lines.append(ORDER_FORM.say(lang, "orbit", text=text.strip()))
    lines.extend(ORDER_FORM.say(lang, key) for key in ("cargo", "pp"))
    if state.rounds is None:
        lines.append(ORDER_FORM.say(lang, "rounds"))
    lines.append(ORDER_FORM.say(lang, "press"))
    return lines


# ------------------------------------------------------------------ printouts


def _section(out: list[str], lines: Iterable[str], head: str | None = None) -> None:
    out.append("")
    if head is not None:
        out.append(head)
        out.append("-" * min(WIDTH, len(head)))
    out.extend(lines)


def player_printout(state: AshesState, player: int, lang: str) -> str:
    """The printout of one player for the state's turn (Ashes 4.2)."""
    me = state.player(player)
    name = ruler(state, player, lang)
    out = [WORDS.say(lang, "title", game=state.game, turn=state.turn)]
    _section(out, [WORDS.say(lang, "pv_head", ruler=name, game=state.game, turn=state.turn)])
    out.append("")
    out.extend(pv_table(state, player))
    if any(
        me.declared[n] != state.pv[player][n]
        for n in (p.number for p in state.active())
        if n != player
    ):
        out.append(
            f"{WORDS.say(lang, 'declared'):<8}"
            + " ".join(
                str(me.declared[p.number]) if p.number != player else "1" for p in state.players
            )
        )
    if me.out:
        _section(out, [WORDS.say(lang, "you_are_out", turn=me.out_turn)])
    own = state.owned(player)
    for planet in own:
        _section(out, planet_report(state, planet, lang, *orbit_ships(state, planet)))
    if not own:
        _section(out, [WORDS.say(lang, "no_planets")])
    _section(out, gnp_section(state, lang, values=False))
    _section(
        out,
        [
            WORDS.say(lang, "fleet_head", ruler=name, game=state.game, turn=state.turn),
            WORDS.say(lang, "fleet_legend", home=me.home),
            WORDS.say(lang, "cargo_legend"),
        ],
    )
    out.append("")
    mine = [f for f in state.fleets if f.owner == player]
    out.extend(fleet_lines(mine, state.cargo) or [WORDS.say(lang, "no_fleets")])
    _section(out, status_lines(state, player))
    battles = [
        b
        for b in state.report.battles
        if b.owner == player or any(s.player == player for s in b.sides)
    ]
    if battles:
        lines: list[str] = []
        for b in battles:
            lines.extend([*battle_lines(state, b, lang), ""])
        _section(out, lines[:-1], WORDS.say(lang, "battle_head"))
    for ally in state.active():
        if ally.number != player and state.pv[player][ally.number] == 2 and not me.out:
            _section(out, secret_report(state, ally.number, lang))
    spies = [s for s in state.report.spies if s.player == player]
    if spies:
        lines = []
        for s in spies:
            lines.extend([*planet_report(state, s.planet, lang, s.fi, s.tr), ""])
        _section(out, lines[:-1], WORDS.say(lang, "spy_head"))
    notices = notice_lines(state, player, lang)
    if notices:
        _section(out, notices, WORDS.say(lang, "notices_head", ruler=name))
    _media(out, state, lang)
    if not me.out and not state.finished:
        _section(out, order_form(state, player, lang))
    return "\n".join(out) + "\n"


def _media(out: list[str], state: AshesState, lang: str) -> None:
    _section(out, media_lines(state, lang), WORDS.say(lang, "media_head", turn=state.turn))
    if state.finished:
        out.append("")
        out.append(WORDS.say(lang, "game_over"))


def gm_printout(state: AshesState, lang: str) -> str:
    """The game master's full view: every planet, fleet, battle, message and vote."""
    out = [WORDS.say(lang, "title", game=state.game, turn=state.turn)]
    _section(out, [WORDS.say(lang, "gm_head", game=state.game, turn=state.turn)])
    for p in state.players:
        out.append("")
        out.append(f"{p.number} {ruler(state, p.number, lang)}")
        out.extend(pv_table(state, p.number))
        if not p.out:
            out.extend(status_lines(state, p.number))
    orbits = owner_orbits(state)
    for planet in state.planets:
        _section(out, planet_report(state, planet, lang, *orbits.get(planet.number, (0, 0))))
    _section(out, gnp_section(state, lang, values=True))
    fleets_by: dict[int, list[Fleet]] = {
        n: [] for n in [NEUTRAL, *(p.number for p in state.players)]
    }
    for f in state.fleets:
        if f.owner in fleets_by:
            fleets_by[f.owner].append(f)
    for number, fleets in fleets_by.items():
        if fleets:
            _section(
                out,
                fleet_lines(fleets, []),
                WORDS.say(lang, "fleets_of", ruler=ruler(state, number, lang)),
            )
    if state.cargo:
        _section(out, fleet_lines([], state.cargo), WORDS.say(lang, "cargo_legend"))
    if state.report.battles:
        lines: list[str] = []
        for b in state.report.battles:
            lines.extend([*battle_lines(state, b, lang), ""])
        _section(out, lines[:-1], WORDS.say(lang, "battle_head"))
    for s in state.report.spies:
        _section(
            out,
            planet_report(state, s.planet, lang, s.fi, s.tr),
            f"{WORDS.say(lang, 'spy_head')}: {ruler(state, s.player, lang)}",
        )
    notices = notice_lines(state, None, lang)
    if notices:
        _section(out, notices, WORDS.say(lang, "notices_head_all"))
    _section(out, _vote_lines(state, lang), WORDS.say(lang, "votes_head"))
    _media(out, state, lang)
    return "\n".join(out) + "\n"


def _vote_lines(state: AshesState, lang: str) -> list[str]:
    yes, no = WORDS.say(lang, "yes"), WORDS.say(lang, "no")
    lines = [
        WORDS.say(lang, "rounds_secret", rounds=state.rounds)
        if state.rounds
        else WORDS.say(lang, "rounds_open")
    ]
    for p in state.players:
        lines.append(
            WORDS.say(
                lang,
                "vote_line",
                ruler=ruler(state, p.number, lang),
                rounds=p.vote_rounds if p.vote_rounds is not None else "-",
                ext=p.vote_extension if p.vote_extension is not None else "-",
                end=yes if p.vote_end else no,
            )
        )
        for text in p.rule_votes:
            lines.extend(
                _wrap(
                    WORDS.say(lang, "rule_vote", ruler=ruler(state, p.number, lang), text=text),
                    WIDTH,
                    "  ",
                )
            )
    return lines


def printout(state: AshesState, player: int, lang: str) -> str:
    """The printout of ``player`` (0: the game master) in ``lang`` (a language without a
    catalog, or a word the catalog lacks, in English: docs/texts.md)."""
    if player == NEUTRAL:
        return gm_printout(state, lang)
    return player_printout(state, player, lang)
