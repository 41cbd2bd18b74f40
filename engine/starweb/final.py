"""The report at a Starweb game's end, for the game master (Starweb "Was ist Sache?").

"Mit dem Printout der letzten Runde werden das Ergebnis und die Reihenfolge der Gewinner
bekanntgegeben": the final scores, the ranking overall and within each character, the
secret end score now revealed, the turns played and who left the game.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import Event, SeatRecord, departures
from engine.starweb.characters import character_name
from engine.starweb.state import Character, Player, StarwebState
from engine.starweb.texts import TEXTS

WORDS = TEXTS.section("final.")
"""The final report's words."""

SEAT_STATUS = TEXTS.section("final_status.")
"""What became of an occupant (``SeatRecord.status``)."""


def ranking(state: StarwebState) -> list[Player]:
    """Every player, best score first (ties: the lower seat first)."""
    return sorted(state.players, key=lambda p: (-p.score, p.number))


def final_report(
    state: StarwebState, event: Event, seats: Sequence[SeatRecord], lang: str, title: str
) -> str:
    """The text of the final report in ``lang``."""
    ranked = ranking(state)
    best = ranked[0].score if ranked else 0
    winners = [p.code_name for p in ranked if p.score == best]
    lines = [
        WORDS.say(lang, "head", game=state.game, title=title),
        "",
        WORDS.say(lang, "end", turn=event.data.get("turn", state.turn), end=state.end_score),
        WORDS.say(lang, "winner", names=", ".join(winners) or "-"),
        "",
        WORDS.say(lang, "table"),
    ]
    for place, player in enumerate(ranked, start=1):
        lines.append(
            f"{place:>4}  {player.number:>6}  {player.code_name[:16]:<16} "
            f"{character_name(player.character, lang):<19} {player.score:>6}"
        )
    lines += ["", WORDS.say(lang, "by_character")]
    for character in Character:
        group = [p for p in ranked if p.character == character.value]
        if group:
            named = ", ".join(f"{i}. {p.code_name} ({p.score})" for i, p in enumerate(group, 1))
            lines.append(f"  {character_name(character.value, lang)}: {named}")
    lines += departures(seats, lang, WORDS, SEAT_STATUS)
    return "\n".join(lines) + "\n"
