"""The GM's rulings on a month's open items, read and checked (design §4.2).

Each ruling's text is read into a typed verdict; :func:`check` says why one cannot be
taken (in the GM's language, from the catalog), and :func:`default_ruling` gives the
ruling form's default for an item.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from engine.core import CORRECTION, GAME_END, Ruling
from engine.wdw.appearance import Appearance, read_appearance
from engine.wdw.characters import check_role, read_role, role_form
from engine.wdw.checks_conquest import Plunder, read_plunder
from engine.wdw.checks_decay import Decay, read_decay
from engine.wdw.checks_spy import infiltration, names_something, target_min_ig
from engine.wdw.discovery import DEFAULT as DISCOVERY_DEFAULT
from engine.wdw.discovery import Discovery, read_discovery
from engine.wdw.fights import Combat, read_combat
from engine.wdw.items import Items, Meeting
from engine.wdw.labels import check_relabel, read_relabel
from engine.wdw.orders import Spy
from engine.wdw.settlement_fixes import check_settlement_fix, read_settlement_fix
from engine.wdw.setup import options_of
from engine.wdw.state import WdwState
from engine.wdw.storm import DEFAULT as STORM_DEFAULT
from engine.wdw.storm import StormResult, check_verdict, read_storm
from engine.wdw.territory import check_grant, read_grant
from engine.wdw.texts import say
from engine.wdw.unit_lines import UNIT_LINES, check_line, over_size


@dataclass(frozen=True)
class SpyResult:
    """G<n>: success (or the odds for a named W100, success at or below) and discovery."""

    success: bool | None
    chance: int | None
    discovered: bool


@dataclass(frozen=True)
class SpecialResult:
    """X<n>: accepted or refused, and what the realm reads."""

    accepted: bool
    text: str


@dataclass(frozen=True)
class Correction:
    """A correction: ``treasury``/``bukaz`` of a seat by a delta, a unit's size, or the
    Rüstkapazität (``capacity``) of a settlement by a delta."""

    what: str
    target: str
    value: int


Verdict = (
    Appearance
    | Combat
    | SpyResult
    | SpecialResult
    | Correction
    | Discovery
    | Plunder
    | Decay
    | StormResult
)


def read(item: str, text: str) -> Verdict | None:
    """The verdict of a ruling's words for an item of its kind (by the id's letter),
    or None when they are not understood."""
    reader = _READERS.get(item[:1].upper())
    return reader(text) if reader is not None else None


def _accepted(text: str) -> SpecialResult | None:
    """``angenommen: …`` or ``abgelehnt: …`` (and their English), with what the realm reads."""
    head, _, rest = text.partition(":")
    word = head.strip().lower()
    if word in ("angenommen", "accepted", "ja", "yes"):
        return SpecialResult(True, rest.strip())
    if word in ("abgelehnt", "refused", "nein", "no"):
        return SpecialResult(False, rest.strip())
    return None


def _spy(text: str) -> SpyResult | None:
    words = text.lower().replace(",", " , ").split()
    success: bool | None = None
    chance = None
    discovered = False
    rest = [w for w in words if w not in (",", ";")]
    text = " ".join(rest).replace(";", " ")
    rest = text.split()
    while rest:
        word = rest.pop(0)
        if word in ("gelungen", "erfolg", "success", "succeeded"):
            success = True
        elif word in ("misslungen", "mißlungen", "fehlschlag", "failed"):
            success = False
        # isdecimal: the digits int() reads (isdigit also takes "²", which int() refuses)
        elif word == "chance" and rest and rest[0].isdecimal():
            chance = int(rest.pop(0))
        elif word in ("entdeckt", "discovered") and rest and rest[0] in ("ja", "nein", "yes", "no"):
            discovered = rest.pop(0) in ("ja", "yes")
        else:
            return None
    if (success is None) == (chance is None):
        return None
    return SpyResult(success, chance, discovered)


_READERS: dict[str, Callable[[str], Verdict | None]] = {
    "E": read_appearance,
    "K": read_combat,
    "D": read_discovery,
    "G": _spy,
    "P": read_plunder,
    "Z": read_decay,
    "S": read_storm,
    # a Sonderbefehl, a province, a siege: accepted or not
    "X": _accepted,
    "V": _accepted,
    "B": _accepted,
}
"""The reader of a ruling's words by the letter of its item's id."""


MAX_CORRECTION = 10**9
"""Decision: a correction moves a treasury, a Rüstkapazität or a size by at most a
billion (GS or elements) — a whole world's wealth is far below; more is a slip."""


_REALM_WORDS = ("reich", "realm")
# The first words of a state correction (``_correction``, a role, a settlement's kind):
# a GM command with its reason, which a ruling block may not hold.
_CORRECTION_WORDS = (
    "schatz", "treasury", "bükaz", "bukaz", "rüstkapazität", "ruestkapazitaet", "capacity",
    "einheit", "unit", "ansiedlung", "settlement", "gebiet", "reichsgebiet", "territory",
)  # fmt: skip


def _correction(text: str) -> Correction | None:
    words = text.split()
    if len(words) == 4 and words[1].lower() in _REALM_WORDS:  # "BükAz Reich 1 -10"
        words = [words[0], *words[2:]]
    if len(words) == 3 and words[0].lower() in ("schatz", "treasury", "bükaz", "bukaz"):
        what = "treasury" if words[0].lower() in ("schatz", "treasury") else "bukaz"
        if words[1].isdecimal() and re.fullmatch(r"[+-]?\d+", words[2]):
            return Correction(what, words[1], int(words[2]))
    capacity = ("rüstkapazität", "ruestkapazitaet", "capacity")
    if len(words) == 3 and words[0].lower() in capacity and re.fullmatch(r"[+-]\d+", words[2]):
        # Strategie 3.4: an unpaid Rüs may lose its effect (the GM's): capacity ± GS.
        return Correction("capacity", words[1], int(words[2]))
    if (
        (
            len(words) == 4
            and words[0].lower() in ("einheit", "unit")
            and words[2].lower()
            in (
                "größe",
                "groesse",
                "size",
            )
        )
        and re.fullmatch(r"\d+/\d+", words[1])
        and words[3].isdecimal()
    ):
        return Correction("size", words[1], int(words[3]))
    return None


def check(state: WdwState, items: Items, ruling: Ruling, lang: str) -> str:
    """Why ``ruling`` cannot be taken ("" when it can): the item exists, the words are
    understood, the losses name units of the combat and are not above their size, the
    odds are 0–100, a correction names a realm or unit that exists."""
    if ruling.item == GAME_END:
        return ""
    if ruling.item == CORRECTION:
        role = read_role(ruling.text)
        if role is not None:  # Strategie 6.3: a character's role
            return check_role(state, role, lang)
        relabel = read_relabel(ruling.text)
        if relabel is not None:  # Strategie 3.1, D34: the GM names the kind
            return check_relabel(state, relabel, lang)
        grant = read_grant(ruling.text)
        if grant is not None:  # Strategie 1.2, 1.3: a realm's land
            return check_grant(state, grant, lang, options_of(state))
        settlement_fix = read_settlement_fix(ruling.text)
        if settlement_fix is not None:  # Strategie 3.2, 3.4, 6.4: structures, inhabitants
            return check_settlement_fix(state, settlement_fix, lang)
        fix = _correction(ruling.text)
        if fix is None:
            return role_form(ruling.text, lang) or say(lang, "ruling.correction_form")
        if abs(fix.value) > MAX_CORRECTION:
            return say(lang, "ruling.value_range", value=fix.value, most=MAX_CORRECTION)
        if fix.what == "size":
            realm, number = (int(x) for x in fix.target.split("/"))
            if state.unit(realm, number) is None:
                return say(lang, "ruling.no_unit", unit=fix.target)
        elif fix.what == "capacity":
            if state.settlement(fix.target) is None:
                return say(lang, "ruling.no_settlement", settlement=fix.target)
        elif int(fix.target) not in {r.seat for r in state.realms}:
            return say(lang, "ruling.no_realm", seat=fix.target)
        return ""
    item = ruling.item.upper()
    if item in UNIT_LINES:
        return check_line(state, ruling, lang)
    if item not in items.ids():
        return _command_in_block(ruling, lang) or say(lang, "ruling.no_item", item=ruling.item)
    verdict = read(item, ruling.text)
    if verdict is None:
        return say(lang, f"ruling.form_{item[0]}")
    if isinstance(verdict, Combat):
        return _check_losses(state, items.meetings[item], verdict, lang)
    if isinstance(verdict, StormResult):
        return check_verdict(state, items.storms[item], verdict, lang)
    chance = verdict.chance if isinstance(verdict, SpyResult) else None
    if chance is not None and not 0 <= chance <= 100:
        return say(lang, "ruling.chance_range")
    if isinstance(verdict, SpyResult) and (verdict.success or chance):
        return _below_min_ig(state, item, items.spies[item], lang)
    return ""


def _command_in_block(ruling: Ruling, lang: str) -> str:
    """Why a line of an ``Entscheid`` block that is a state correction is refused
    (design §4.2: a ``Korrektur`` is a command of its own, with its reason), with the
    line to write instead; "" for any other line."""
    if ruling.item.lower() not in _CORRECTION_WORDS:
        return ""
    return say(lang, "ruling.correction_in_block", what=f"{ruling.item} {ruling.text}".strip())


def _below_min_ig(state: WdwState, item: str, spy: tuple[int, Spy], lang: str) -> str:
    """Strategie 5.3: an action other than GI has no chance "bevor" the spy's IG reaches
    the target's minimum (Tab. 5.3-1); infiltrating is how it gets there. A target that
    names nothing in the state (a person, an office) has the table's minimum as a
    default only: the GM rules as he finds ("Die Werte können je nach Kultur
    abweichen")."""
    seat, order = spy
    if order.code == "GI" or not names_something(state, order.target):
        return ""
    record = infiltration(state.spying, seat, order.unit, order.target, options_of(state))
    ig = record.ig if record is not None else 1
    least = target_min_ig(state, order.target)
    if ig >= least:
        return ""
    return say(lang, "ruling.below_min_ig", item=item, ig=ig, least=least)


def _check_losses(state: WdwState, meeting: Meeting, verdict: Combat, lang: str) -> str:
    if verdict.rounds is not None and verdict.rounds > meeting.rounds:
        # F9, D8: the units' BP leave no more rounds this month.
        return say(lang, "ruling.rounds_over", rounds=verdict.rounds, most=meeting.rounds)
    if verdict.winner.isdecimal():  # Strategie 6.2: a party named by one of its realms
        parties = meeting.parties or ((meeting.a.realm,), (meeting.b.realm,))
        if not any(int(verdict.winner) in party for party in parties):
            named = ", ".join("+".join(str(r) for r in party) for party in parties)
            return say(lang, "ruling.not_a_party", realm=verdict.winner, parties=named)
    fighting = {*meeting.a.units, *meeting.b.units, *(key for key, _ in meeting.late)}
    for key, loss in verdict.losses:
        if key not in fighting:
            return say(lang, "ruling.not_in_combat", unit=key)
        if too_many := over_size(state, key, loss, lang):
            return too_many
    return ""


def correction_of(ruling: Ruling) -> Correction | None:
    """A correction ruling's verdict (None for any other ruling)."""
    return _correction(ruling.text) if ruling.item == CORRECTION else None


def _appears_superior(meeting: Meeting) -> str:
    """The table side (``a``, ``b``) the ruling form proposes as appearing superior in a
    KT row: the greater Kampfkraft. Strategie 5.1 KT attacks only an enemy that appears
    weaker, so at equal Kampfkraft the KT side gives way and the other side appears
    superior (Tab. 6.1-1); between two KT sides, where the table has no branch in which
    both withdraw, side A."""
    a, b = meeting.a.kampfkraft, meeting.b.kampfkraft
    if a != b:
        return "a" if a > b else "b"
    return "b" if meeting.a.order[:2] == "KT" and meeting.b.order[:2] != "KT" else "a"


def _strongest(meeting: Meeting) -> str:
    """A combat's default: the party of the greatest Kampfkraft wins (F10); nobody at a
    tie of the strongest, or without a round to fight (F9, D8)."""
    powers = [("A", meeting.a.kampfkraft), ("B", meeting.b.kampfkraft)]
    powers += [(f"Reich {side.realm}", side.kampfkraft) for side in meeting.others]
    best = max(power for _, power in powers)
    strongest = [name for name, power in powers if power == best]
    if meeting.rounds == 0 or len(strongest) > 1:
        return "Sieger keiner; Verluste keine"
    return f"Sieger {strongest[0]}; Verluste keine"


def default_ruling(item: str, items: Items) -> str:
    """The ruling form's default for ``item``: the side with the greater Kampfkraft
    appears superior (at equal Kampfkraft the side that is not KT) and wins, without
    losses (the GM enters them) — of more than two parties the strongest (Strategie 6.2),
    named by its first realm —, a combat without a round or whose strongest parties are
    equal has no winner; a spy fails undiscovered; a Sonderbefehl is refused."""
    kind = item[0]
    if kind == "D":
        return DISCOVERY_DEFAULT
    if kind == "E":
        return f"{_appears_superior(items.meetings[item]).upper()} überlegen"
    if kind == "K":
        return _strongest(items.meetings[item])
    if kind == "G":
        return "misslungen; entdeckt nein"
    if kind == "B":  # Strategie 6.4: the siege works as computed unless the GM rules
        return "angenommen"
    if kind == "P":  # D31: the loot is the GM's; the dossier shows the field's income
        return "Beute 0; Steuerausfall 0"
    if kind == "Z":  # D24: the GM names the structure; the default is the largest
        return items.decays[item][1]
    if kind == "S":  # Strategie 3.2: a storm is "schwierig"; it fails unless the GM rules
        return STORM_DEFAULT
    return "abgelehnt"
