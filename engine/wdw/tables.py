"""The module's tables as data: Tab. 6.1-1 (encounters by orders) and Tab. 5.3-1
(minimum infiltration grades)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.wdw.texts import say

MAIN_ORDERS = ("KN", "KA", "KT", "KH", "KV", "KI", "KX", "KR")
"""Strategie 5.1, Tab. 5.1-1, in the order of their aggression."""


WORK_DEFENCE = {"": "KR", "R": "KR", "H": "KH", "V": "KV", "I": "KH"}
"""Strategie 5.2, Tab. 5.2-2: how a unit under an A order meets an attack, as the main
order Tab. 6.1-1 reads — no extension retreats ("Ist keine angegeben, zieht sie sich …
zurück") like R; H holds "bis zum letzten Mann"; V defends and retreats after a lost
fight; I goes on working whatever the losses, so it never gives way either (decision,
docs/rules-wdw.md "Workers in a meeting")."""


def defends_as(order: str) -> str:
    """The main K order a unit's order (``code`` + extension, ``KAE``, ``ABH``, ``GI``)
    meets others with: a K order its own; an A order by its extension (Tab. 5.2-2,
    :data:`WORK_DEFENCE`); a G order, or none, defends (KV)."""
    code = order[:2]
    if code in MAIN_ORDERS:
        return code
    if code[:1] == "A":
        return WORK_DEFENCE.get(order[2:3], "KR")
    return "KV"


@dataclass(frozen=True)
class Outcome:
    """A row of Tab. 6.1-1 for unit A meeting unit B: what happens, and whether the GM
    must judge first (``question``: KT appearance, or a hidden KX being found)."""

    text: str
    """The table's words (German, verbatim): what the timeline reads."""
    key: str
    """The row's words in the catalogs (``item.row.<key>``, :func:`row_words`; the GM's
    only): German as the rulebook prints them, and each other language's translation."""
    fight: bool
    """A fight may follow (its winner and losses are the GM's)."""
    question: str = ""
    """``appearance`` (KT: who seems superior), or "" when the table decides alone."""


# The outcomes the table gives for several pairs, its words verbatim.
_TO_THE_END = Outcome("Kampf bis zur völligen Vernichtung", "to_the_end", True)
_A_WINS_OR_TO_THE_END = Outcome(
    "Kampf. Falls A gewinnt, Rückzug B, sonst Kampf bis zur völligen Vernichtung",
    "a_wins_or_to_the_end",
    True,
)
_B_GIVES_WAY = Outcome("Rückzug von B (A zieht weiter).", "b_gives_way", False)
_LOSER_RETREATS = Outcome("Kampf. Rückzug des Verlierers.", "loser_retreats", True)
_BOTH_STAY = Outcome("A und B bleiben stehen. Kein Kampf.", "both_stay", False)
_PASS_BY = Outcome("Beide Einheiten ziehen aneinander vorbei. Kein Kampf.", "pass_by", False)
_B_RETREATS = Outcome("Rückzug B (A zieht weiter).", "b_retreats", False)
_B_RETREATS_BARE = Outcome("Rückzug B (A zieht weiter)", "b_retreats_bare", False)
_KT_PASSIVE = Outcome(
    "Wenn A unterlegen erscheint, Rückzug A (B zieht weiter). Sonst Rückzug B (A zieht weiter)",
    "kt_passive",
    False,
    "appearance",
)

_T = {
    ("KN", "KN"): _TO_THE_END,
    ("KN", "KH"): _TO_THE_END,
    ("KN", "KA"): _A_WINS_OR_TO_THE_END,
    ("KN", "KV"): _A_WINS_OR_TO_THE_END,
    ("KN", "KT"): Outcome(
        "Wenn A überlegen erscheint, Rückzug B (A zieht weiter). Sonst wie KN ⇔ KA.",
        "kn_kt",
        True,
        "appearance",
    ),
    ("KN", "KI"): _B_GIVES_WAY,
    ("KN", "KR"): _B_GIVES_WAY,
    ("KN", "KX"): _B_GIVES_WAY,
    ("KA", "KA"): _LOSER_RETREATS,
    ("KA", "KV"): _LOSER_RETREATS,
    ("KA", "KH"): Outcome(
        "Kampf. Falls A verliert, Rückzug A, sonst Kampf bis zur völligen Vernichtung",
        "ka_kh",
        True,
    ),
    ("KA", "KT"): Outcome(
        "Wenn A überlegen erscheint, Rückzug B (A zieht weiter). Sonst wie KA ⇔ KA.",
        "ka_kt",
        True,
        "appearance",
    ),
    ("KA", "KI"): _B_GIVES_WAY,
    ("KA", "KR"): _B_GIVES_WAY,
    ("KA", "KX"): _B_GIVES_WAY,
    ("KT", "KT"): Outcome(
        "Wenn A (für B) überlegen erscheint, Rückzug B (A zieht weiter), und umgekehrt. "
        "Sehen beide sich selbst als überlegen, wie KA ⇔ KA.",
        "kt_kt",
        True,
        "appearance",
    ),
    ("KT", "KV"): Outcome(
        "Wenn A unterlegen erscheint, Rückzug A (B zieht weiter). Sonst wie KA ⇔ KV",
        "kt_kv",
        True,
        "appearance",
    ),
    ("KT", "KI"): _KT_PASSIVE,
    ("KT", "KX"): _KT_PASSIVE,
    ("KT", "KR"): _B_RETREATS,
    # Missing in the rulebook's table (D6, supplied).
    ("KT", "KH"): Outcome(
        "Wenn A unterlegen erscheint, Rückzug A (B bleibt). Sonst wie KA ⇔ KH. (ergänzt, D6)",
        "kt_kh",
        True,
        "appearance",
    ),
    ("KH", "KH"): _BOTH_STAY,
    ("KH", "KV"): _BOTH_STAY,
    ("KH", "KI"): _BOTH_STAY,
    ("KH", "KX"): _BOTH_STAY,
    ("KH", "KR"): _B_RETREATS,
    ("KV", "KV"): _BOTH_STAY,
    ("KV", "KI"): _BOTH_STAY,
    ("KV", "KX"): _BOTH_STAY,
    ("KV", "KR"): _B_RETREATS_BARE,
    ("KI", "KI"): _PASS_BY,
    ("KI", "KX"): _PASS_BY,
    ("KI", "KR"): _B_RETREATS_BARE,
    ("KX", "KX"): _PASS_BY,
    # Missing in the rulebook's table (D6, supplied): as KI ⇔ KR when A is discovered.
    ("KX", "KR"): Outcome("Rückzug B (A zieht weiter) (ergänzt, D6)", "kx_kr", False),
    ("KR", "KR"): Outcome("Rückzug beider Seiten.", "both_retreat", False),
}


def encounter(a: str, b: str) -> tuple[Outcome, bool]:
    """Strategie 6.1, Tab. 6.1-1: the row for units with main orders ``a`` and ``b``,
    and whether the table lists it the other way round (then "A" in its words is
    ``b``). Every pair of the eight main orders has exactly one row."""
    if (a, b) in _T:
        return _T[(a, b)], False
    return _T[(b, a)], True


def stand_off(outcome: Outcome) -> bool:
    """Strategie 6.1 "Aufhalten von Einheiten", Tab. 6.1-1 (KH, KV with KH, KV, KI, KX):
    both sides stay and negotiate, without a fight and without a question for the GM."""
    return outcome == _BOTH_STAY


# Strategie 5.3, Tab. 5.3-1.
_IG_BASE_OPEN = 1
_IG_EXTRA = {
    "province_capital": 5,
    "army": 5,
    "specialist": 10,
    "capital": 10,
    "residence": 10,
    "prince": 20,
    "spy": 20,
}


def min_ig(population: int | None, extras: frozenset[str]) -> int:
    """Strategie 5.3, Tab. 5.3-1: the minimum IG of a target: open ground 1, a
    settlement up to 10,000 inhabitants 20, up to 50,000 15, above 10 (``population``
    None: open ground); plus the extras. Only one specialist training counts (a spy who
    leads an army: +20, not +30), and capital and province capital do not add up."""
    if population is None:
        base = _IG_BASE_OPEN
    elif population <= 10000:
        base = 20
    elif population <= 50000:
        base = 15
    else:
        base = 10
    chosen = set(extras)
    if "spy" in chosen:
        chosen.discard("specialist")
    if "capital" in chosen:
        chosen.discard("province_capital")
    return base + sum(_IG_EXTRA[e] for e in sorted(chosen))


def outcomes() -> frozenset[Outcome]:
    """Every row of Tab. 6.1-1."""
    return frozenset(_T.values())


def row_words(outcome: Outcome, lang: str) -> str:
    """A row of Tab. 6.1-1 in ``lang`` (the dossier, the combat workbench, the encounter
    finder): German as the rulebook prints it, English translated."""
    return say(lang, f"item.row.{outcome.key}")
