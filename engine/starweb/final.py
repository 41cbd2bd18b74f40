"""The report at a Starweb game's end, for the game master (Starweb "Was ist Sache?").

"Mit dem Printout der letzten Runde werden das Ergebnis und die Reihenfolge der Gewinner
bekanntgegeben": the final scores, the ranking overall and within each character, the
secret end score now revealed, the turns played and who left the game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.core import Event, SeatRecord
from engine.starweb.characters import character_name
from engine.starweb.state import Character, Player, StarwebState

WORDS: Mapping[str, tuple[str, str]] = {
    "head": ("Endstand – Partie {game} ({title})", "Final standings – game {game} ({title})"),
    "end": (
        "Ende nach Runde {turn}; Endpunktzahl {end} (der Durchschnitt der Stimmen aus Runde 1).",
        "Ended after turn {turn}; end score {end} (the average of the votes of turn 1).",
    ),
    "winner": ("Sieger: {names}", "Winner: {names}"),
    "table": (
        "Platz Spieler Codename         Charakter           Punkte",
        "Rank  Player  Code name        Character           Score",
    ),
    "by_character": ("Rangfolge je Charakter:", "Ranking within each character:"),
    "out_head": ("Ausgeschieden oder ersetzt:", "Left the game or replaced:"),
    "out_line": (
        "  Spieler {seat} ({address}): {status} nach Runde {turn}",
        "  Player {seat} ({address}): {status} after turn {turn}",
    ),
}
"""The final report's words (German, English)."""

SEAT_STATUS: Mapping[str, tuple[str, str]] = {
    "dropped": ("ausgeschieden (NMR)", "out (NMR)"),
    "resigned": ("zurückgetreten", "resigned"),
    "eliminated": ("ausgeschieden", "out"),
    "replaced": ("ersetzt", "replaced"),
}
"""What became of an occupant (``SeatRecord.status``)."""


def _word(table: Mapping[str, tuple[str, str]], key: str, lang: str, **params: object) -> str:
    de, en = table[key]
    return (de if lang == "de" else en).format(**params)


def ranking(state: StarwebState) -> list[Player]:
    """Every player, best score first (ties: the lower seat first)."""
    return sorted(state.players, key=lambda p: (-p.score, p.number))


def final_report(
    state: StarwebState, event: Event, seats: Sequence[SeatRecord], lang: str, title: str
) -> str:
    """The text of the final report in ``lang`` (``de`` or ``en``)."""
    lang = "en" if lang == "en" else "de"
    ranked = ranking(state)
    best = ranked[0].score if ranked else 0
    winners = [p.code_name for p in ranked if p.score == best]
    lines = [
        _word(WORDS, "head", lang, game=state.game, title=title),
        "",
        _word(WORDS, "end", lang, turn=event.data.get("turn", state.turn), end=state.end_score),
        _word(WORDS, "winner", lang, names=", ".join(winners) or "-"),
        "",
        _word(WORDS, "table", lang),
    ]
    for place, player in enumerate(ranked, start=1):
        lines.append(
            f"{place:>4}  {player.number:>6}  {player.code_name[:16]:<16} "
            f"{character_name(player.character, lang):<19} {player.score:>6}"
        )
    lines += ["", _word(WORDS, "by_character", lang)]
    for character in Character:
        group = [p for p in ranked if p.character == character.value]
        if group:
            named = ", ".join(f"{i}. {p.code_name} ({p.score})" for i, p in enumerate(group, 1))
            lines.append(f"  {character_name(character.value, lang)}: {named}")
    gone = [s for s in seats if s.left_turn is not None or s.status == "replaced"]
    if gone:
        lines += ["", _word(WORDS, "out_head", lang)]
        for s in gone:
            status = _word(SEAT_STATUS, s.status, lang) if s.status in SEAT_STATUS else s.status
            turn = s.left_turn if s.left_turn is not None else "-"
            lines.append(
                _word(
                    WORDS,
                    "out_line",
                    lang,
                    seat=s.seat,
                    address=s.address,
                    status=status,
                    turn=turn,
                )
            )
    return "\n".join(lines) + "\n"
