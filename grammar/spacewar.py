"""Read Spacewar orders from text (docs/orders-spacewar.md): German and English, any
case, optional colons and commas, and the sloppy variants players mail.

The frame of an order mail (header line and Subject, comments, greetings, ``Ende``,
message blocks, final and resignation, the wording of errors) is
:mod:`grammar.reader`'s; ``spacewar.lark`` hands a line that starts with an order word to
:func:`scan`, which matches it against the order patterns below. A line it cannot read
is an error naming the forms of the order its first word starts.

A world is ``W7``, ``7``, ``Welt 7`` or ``world 7``; a space field ``R2``, ``Raumfeld 2``
or ``space 2``; a fleet ``F3``, ``Flotte 3`` or ``fleet 3``; a ship ``KR2``, ``ST1``,
``TR1``, ``SC1``. Checks that need no game state happen here (numbers in range, values of
troop stones 3-5); the acknowledgement checks the rest against the position.

:data:`LANGUAGE` is the Spacewar :class:`~engine.core.OrderLanguage`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import cache

from lark import Lark

from engine.core import Note, Order, ParseResult
from engine.spacewar import orders as o
from engine.spacewar.board import ENEMY, OWN, SPACE_ROW, UNITS
from engine.spacewar.texts import TEXTS
from grammar import reader
from grammar.lark_errors import TEXTS as READER
from grammar.lark_errors import LineError, Position

__all__ = ["LANGUAGE", "SpacewarLanguage", "parse", "scan"]

GRAMMAR = TEXTS.section("grammar.")
MAX_FLEET = 10
"""Spacewar §8: at most 10 fleets."""
MAX_COUNT = 99
_DIGIT = re.compile(r"\d")

_FOLD = str.maketrans(
    {
        "ä": "ae",
        "ö": "oe",
        "ü": "ue",
        "ß": "ss",
        "→": " nach ",
        ",": " ",
        ";": " ",
        "+": " ",
        "/": " ",
    }
)

# --------------------------------------------------------------------- the words

_FLEET = r"(?:flotte|fleet|f)\s*(\d+)"
_WORLD = r"(?:welt|world|w)?\s*(\d+)"
_FIELD = r"((?:(?:welt|world|w)\s*\d+|(?:raumfeld|raum|space|r)\s*\d+|\d+))"
_FIELDS = r"((?:\s*(?:(?:welt|world|w)\s*\d+|(?:raumfeld|raum|space|r)\s*\d+|\d+))*)"
_SHIP = r"(?:st|kr|tr|sc)\s*\d+"
_SHIPS = rf"((?:\s*{_SHIP})+)"
_VALUES = r"((?:\s*[345])+)"
_UNITS = {
    "JG": r"j(?:ae)?ger|jg|fighters?",
    "SC": r"scouts?|sc",
    "KR": r"kreuzer|cruisers?|kr",
    "ST": r"(?:schlacht)?trae?ger|(?:battle\s*)?carriers?|st",
    "TR": r"transporter|transporters|tr",
    "BA": r"basis|basen|bases?|ba",
    "TT": r"truppen(?:steine?)?|troops?|tt|t",
}
_UNIT = "(" + "|".join(_UNITS.values()) + ")(?![a-z])"
_STANCES = {
    "close": r"nah|close|near",
    "laser": r"laser",
    "missile": r"raketen|missiles?",
    "hold": r"halten|halt|hold|stay",
    "back": r"zurueck|back|retreat",
}
_STANCE = "(" + "|".join(_STANCES.values()) + ")"
_GROUPS = {
    ENEMY: r"gegnerische\s+welten|gegnerisch|gegner|feind(?:liche\s+welten)?|enemy(?:\s+worlds?)?",
    OWN: r"eigene\s+welten|eigene|own(?:\s+worlds?)?",
    SPACE_ROW: r"raumfelder|raumfeld|raum|space(?:\s+fields?)?|zwischenfelder",
}
_GROUP = "(" + "|".join(_GROUPS.values()) + ")"
_TO = r"(?:nach|zu|to|in|an|into|->|=>|>)"


def _unit(word: str) -> str:
    return next(code for code, pattern in _UNITS.items() if re.fullmatch(pattern, word))


def _stance(word: str) -> str:
    return next(code for code, pattern in _STANCES.items() if re.fullmatch(pattern, word))


def _group(word: str) -> str:
    return next(code for code, pattern in _GROUPS.items() if re.fullmatch(pattern, word))


def _num(text: str, low: int, high: int, what: str) -> int:
    value = int(text)
    if not low <= value <= high:
        raise LineError(
            1,
            text,
            GRAMMAR.every(
                "range", what=GRAMMAR.every(f"what.{what}"), low=low, high=high, value=value
            ),
        )
    return value


def _field(text: str, group: str = "") -> str:
    """``W7`` / ``7`` / ``Welt 7`` / ``R2`` / ``Raumfeld 2`` as a field id; a bare number
    is a space field in the space group, else a world."""
    text = text.replace(" ", "")
    match = re.fullmatch(r"(welt|world|w|raumfeld|raum|space|r)?(\d+)", text)
    assert match is not None
    space = (match.group(1) or "").startswith(("r", "s")) or (
        not match.group(1) and group == SPACE_ROW
    )
    if space:
        return f"R{_num(match.group(2), 1, 4, 'space')}"
    return f"W{_num(match.group(2), 1, 12, 'world')}"


def _fields(text: str, group: str = "") -> tuple[str, ...]:
    return tuple(
        _field(m, group) for m in re.findall(r"(?:welt|world|w|raumfeld|raum|space|r)?\s*\d+", text)
    )


def _ships(text: str) -> tuple[str, ...]:
    return tuple(m.replace(" ", "").upper() for m in re.findall(_SHIP, text))


def _values(text: str) -> tuple[int, ...]:
    return tuple(int(v) for v in text.split())


def _fleet(text: str) -> int:
    return _num(text, 1, MAX_FLEET, "fleet")


# ------------------------------------------------------------------- the patterns

Builder = Callable[[re.Match[str], int], Sequence[Order]]
PATTERNS: list[tuple[re.Pattern[str], Builder]] = []


def pattern(regex: str) -> Callable[[Builder], Builder]:
    """Register a builder for lines that match ``regex`` whole (after folding)."""

    def register(builder: Builder) -> Builder:
        PATTERNS.append((re.compile(regex), builder))
        return builder

    return register


@pattern(rf"{_FLEET}\s*(?:auf|at|bei|on|steht auf|starts at)?\s*{_WORLD}")
def _place(m: re.Match[str], line: int) -> Sequence[Order]:
    return [o.PlaceFleet(line=line, fleet=_fleet(m[1]), world=_field(m[2]))]


_SMALL_SHIP = r"((?:transporter|scout|tr|sc)\s*\d+)"


def _small_ship(text: str) -> str:
    """``scout 2`` / ``SC2`` / ``transporter 1`` / ``TR1`` as a ship id."""
    compact = text.replace(" ", "").upper()
    return compact.replace("SCOUT", "SC").replace("TRANSPORTER", "TR")


@pattern(rf"{_SMALL_SHIP}\s*{_TO}\s*{_FLEET}")
def _assign(m: re.Match[str], line: int) -> Sequence[Order]:
    return [o.AssignShip(line=line, ship=_small_ship(m[1]), fleet=_fleet(m[2]))]


@pattern(rf"{_SMALL_SHIP}\s*(?:einzeln|alone|allein)\s*(?:auf|at|bei|on)?\s*{_WORLD}")
def _alone(m: re.Match[str], line: int) -> Sequence[Order]:
    return [o.AssignShip(line=line, ship=_small_ship(m[1]), world=_field(m[2]))]


_LOAD = r"(?:laedt|lade|laden|einladen|belaedt|load|loads)"
_UNLOAD = r"(?:entlaedt|entlade|entladen|ausladen|setzt ab|unload|unloads|lands?)"


@pattern(
    rf"{_FLEET}\s*({_LOAD}|{_UNLOAD})\s*(?:(\d+)\s*)?(?:truppen|troops?|t)\s*{_VALUES}?\s*(?:(?:von|from|auf|at|on)\s*{_WORLD})?"
)
def _load_troops(m: re.Match[str], line: int) -> Sequence[Order]:
    unload = re.fullmatch(_UNLOAD, m[2]) is not None
    values = _values(m[4] or "")
    count = int(m[3]) if m[3] else 0
    if not values and not count:
        raise LineError(1, m[0], GRAMMAR.every("load_values"))
    return [
        o.Load(
            line=line, fleet=_fleet(m[1]), what="troops", values=values, count=count, unload=unload
        )
    ]


@pattern(
    rf"{_FLEET}\s*({_LOAD}|{_UNLOAD})\s*(?:die\s+|the\s+)?(?:basis|base)\s*(?:(?:von|from|auf|at|on)?\s*{_WORLD})?"
)
def _load_base(m: re.Match[str], line: int) -> Sequence[Order]:
    unload = re.fullmatch(_UNLOAD, m[2]) is not None
    return [o.Load(line=line, fleet=_fleet(m[1]), what="base", unload=unload)]


@pattern(rf"{_FLEET}\s*({_LOAD}|{_UNLOAD})\s*(\d+)\s*(?:jaeger|fighters?|jg)")
def _load_jaeger(m: re.Match[str], line: int) -> Sequence[Order]:
    unload = re.fullmatch(_UNLOAD, m[2]) is not None
    count = _num(m[3], 1, 8 * MAX_COUNT, "count")
    return [o.Load(line=line, fleet=_fleet(m[1]), what="jaeger", count=count, unload=unload)]


@pattern(rf"{_FLEET}\s*(?:gibt|give|gives|{_TO})\s*{_SHIPS}\s*(?:{_TO}|:)?\s*{_FLEET}")
def _transfer(m: re.Match[str], line: int) -> Sequence[Order]:
    return [o.Transfer(line=line, fleet=_fleet(m[1]), ships=_ships(m[2]), to=_fleet(m[3]))]


@pattern(rf"{_FLEET}\s*(?:->|=>|>|nach|to)\s*{_FLEET}\s*:?\s*{_SHIPS}")
def _transfer_arrow(m: re.Match[str], line: int) -> Sequence[Order]:
    return [o.Transfer(line=line, fleet=_fleet(m[1]), ships=_ships(m[3]), to=_fleet(m[2]))]


@pattern(
    rf"(?:neue\s+flotte|new\s+fleet|split)(?:\s*\d+)?\s*(?:aus|from)?\s*{_FLEET}\s*:?\s*{_SHIPS}(?:\s*(?:to|in|zu)\s*(?:new|neue)\s*(?:fleet|flotte))?"
)
def _split(m: re.Match[str], line: int) -> Sequence[Order]:
    return [o.Transfer(line=line, fleet=_fleet(m[1]), ships=_ships(m[2]))]


@pattern(
    rf"{_FLEET}\s*(?:springt|sprung|springen|jump|jumps|hyperraum|hyperspace)\s*:?\s*(?:{_GROUP})?\s*:?\s*(?:ziele?|targets?)?\s*:?\s*{_FIELDS}"
)
def _jump(m: re.Match[str], line: int) -> Sequence[Order]:
    group = _group(m[2]) if m[2] else ""
    targets = _fields(m[3], group)
    if not group:
        if not targets:
            raise LineError(1, m[0], GRAMMAR.every("jump_group"))
        group = _group_of(targets[0])
    return [o.Jump(line=line, fleet=_fleet(m[1]), group=group, targets=targets)]


@pattern(rf"{_FLEET}\s*(?:nach|->|=>|to|>)\s*{_FIELDS}")
def _jump_to(m: re.Match[str], line: int) -> Sequence[Order]:
    targets = _fields(m[2])
    if not targets:
        raise LineError(1, m[0], GRAMMAR.every("jump_group"))
    return [o.Jump(line=line, fleet=_fleet(m[1]), group=_group_of(targets[0]), targets=targets)]


def _group_of(field: str) -> str:
    """A target without a group word: a space field is the space row; a world's group
    is resolved by the engine for the mover (``o.Jump.group`` ``world``)."""
    return SPACE_ROW if field.startswith("R") else o.WORLD_GROUP


_EVERY = r"(?:alle|all|ueberall|everywhere|\*)"


@pattern(
    rf"(?:kein(?:en)?|no)\s*(?:angriff|angreifen|attack)\s*(?:auf|on|in|at)?\s*(?:{_FIELD}|{_EVERY})?"
)
def _no_attack(m: re.Match[str], line: int) -> Sequence[Order]:
    return [o.Attack(line=line, field=_field(m[1]) if m[1] else "*", mode="no")]


@pattern(
    rf"(?:angriff|angreifen|attack)\s*:?\s*(?:auf|on|in|at)?\s*(?:{_FIELD}|{_EVERY})?\s*"
    r"(nur bei aufklaerung|bei aufklaerung|only if scouted|if scouted|when scouted)?"
)
def _attack(m: re.Match[str], line: int) -> Sequence[Order]:
    return [
        o.Attack(line=line, field=_field(m[1]) if m[1] else "*", mode="scout" if m[2] else "yes")
    ]


@pattern(rf"(?:haltung|stance)?\s*:?\s*{_UNIT}\s*:?\s*{_STANCE}")
def _stance_order(m: re.Match[str], line: int) -> Sequence[Order]:
    return [o.Stance(line=line, unit=_ship_unit(m[1]), stance=_stance(m[2]))]


@pattern(rf"(?:haltung|stance)?\s*:?\s*{_UNIT}\s*:?\s*(?:abstand|range|distance)\s*(\d+)")
def _stance_range(m: re.Match[str], line: int) -> Sequence[Order]:
    distance = _num(m[2], 1, 99, "range")
    stance = "close" if distance < 6 else "laser" if distance < 12 else "missile"
    return [o.Stance(line=line, unit=_ship_unit(m[1]), stance=stance)]


def _ship_unit(word: str) -> str:
    unit = _unit(word)
    if unit in ("BA", "TT"):
        raise LineError(1, word, GRAMMAR.every("stance_unit"))
    return unit


@pattern(rf"(?:ziele|targets?)\s*:?\s*((?:\s*{_UNIT})+)\s*(?:zuerst|first)?")
def _targets(m: re.Match[str], line: int) -> Sequence[Order]:
    words = re.findall(_UNIT, m[1])
    units = tuple(dict.fromkeys(_unit(w) for w in words))
    return [o.Targets(line=line, units=units)]


_SPLITTER = (
    r"((?:kr|st|ba)\s*\d*|kreuzer|cruisers?|(?:schlacht)?trae?ger"
    r"|(?:battle\s*)?carriers?|basis|base)"
)
_WEAPON = r"(raketen|missiles?|laser|lasers)"
_SPLIT_GROUPS = r"((?:\s*\d+)+)"
_SPLITS = r"(?:teilt|teilen|split|splits|feuern geteilt|feuert geteilt|fire split|fires split)"


@pattern(
    rf"{_SPLITTER}\s*{_SPLITS}\s*:?\s*(?:{_WEAPON}\s*)?{_SPLIT_GROUPS}"
    rf"(?:\s*{_WEAPON}\s*{_SPLIT_GROUPS})?"
)
def _split_fire(m: re.Match[str], line: int) -> Sequence[Order]:
    who = m[1].replace(" ", "")
    ship = who.upper() if re.fullmatch(r"(kr|st|ba)\d*", who) else _unit(who)
    kind = ship[:2]
    out: list[Order] = []
    for weapon_word, groups_text in ((m[2], m[3]), (m[4], m[5])):
        if groups_text is None:
            continue
        groups = tuple(_num(g, 1, 9, "group") for g in groups_text.split())
        weapon = _weapon(weapon_word, kind, sum(groups))
        total = UNITS[kind].lasers if weapon == "L" else UNITS[kind].missiles
        if sum(groups) != total:
            words = TEXTS.every(f"weapon.{weapon}")
            given = sum(groups)
            raise LineError(
                1,
                groups_text.strip(),
                GRAMMAR.every("split_sum", total=total, weapon=words, given=given),
            )
        out.append(o.Split(line=line, ship=ship, weapon=weapon, groups=groups))
    return out


@pattern(rf"(?:(?:tr|sc)\s*\d+|{_UNIT})\s*{_SPLITS}.*")
def _split_refused(m: re.Match[str], line: int) -> Sequence[Order]:
    raise LineError(1, m[0], GRAMMAR.every("split_unit"))


def _weapon(word: str | None, kind: str, total: int) -> str:
    """``L`` or ``R``: as named, else the weapon whose count the groups add up to."""
    if word:
        return "L" if word.startswith("laser") else "R"
    if total == UNITS[kind].missiles:
        return "R"
    if total == UNITS[kind].lasers:
        return "L"
    raise LineError(1, str(total), GRAMMAR.every("split_weapon"))


@pattern(
    r"(?:jaeger|fighters?|jg)\s*:?\s*(doppelschuss|double shot|fire both missiles|"
    r"feuern beide raketen|beide raketen|einzelschuss|single shot|one missile)"
)
def _double(m: re.Match[str], line: int) -> Sequence[Order]:
    return [o.DoubleShot(line=line, on=m[1] not in ("einzelschuss", "single shot", "one missile"))]


_EMERGENCY = r"(?:notsprung|notspringen|emergency jump|emergency|rueckzug)"


@pattern(rf"{_EMERGENCY}\s*{_FLEET}\s*(?:nach|ab|after|from)\s*(?:kampf)?(?:runde|round)\s*(\d+)")
def _jump_round(m: re.Match[str], line: int) -> Sequence[Order]:
    return [
        o.EmergencyJump(
            line=line, fleet=_fleet(m[1]), rule="round", value=_num(m[2], 1, 99, "round")
        )
    ]


@pattern(rf"{_EMERGENCY}\s*{_FLEET}\s*(?:bei|at|on)\s*(?:verlust|loss(?:es)?)\s*(\d+)\s*%?")
def _jump_loss(m: re.Match[str], line: int) -> Sequence[Order]:
    return [
        o.EmergencyJump(
            line=line, fleet=_fleet(m[1]), rule="loss", value=_num(m[2], 1, 100, "percent")
        )
    ]


@pattern(
    rf"{_EMERGENCY}\s*{_FLEET}\s*(?:einzeln|single|ship by ship|each ship)"
    r"(?:\s*(?:nach|ab|after|from)\s*(?:kampf)?(?:runde|round)\s*(\d+))?"
)
def _jump_single(m: re.Match[str], line: int) -> Sequence[Order]:
    value = _num(m[2], 1, 99, "round") if m[2] else 1
    return [o.EmergencyJump(line=line, fleet=_fleet(m[1]), rule="single", value=value)]


@pattern(
    rf"(?:{_EMERGENCY}\s*)?{_FLEET}\s*(?:notspringen|notsprung|emergency jump)?\s*"
    r"(?:wenn|bei|when|if)\s*(?:halb\s*tot|half\s*dead)"
)
def _jump_half(m: re.Match[str], line: int) -> Sequence[Order]:
    return [o.EmergencyJump(line=line, fleet=_fleet(m[1]), rule="loss", value=50)]


@pattern(rf"{_EMERGENCY}\s*{_FLEET}\s*(?:nie|never|kein|none)")
def _jump_never(m: re.Match[str], line: int) -> Sequence[Order]:
    return [o.EmergencyJump(line=line, fleet=_fleet(m[1]), rule="never")]


@pattern(
    rf"(?:aufstellung|line-?up|verteidigung|defen[cs]e)\s*:?\s*{_WORLD}\s*:?\s*"
    rf"(?:{_VALUES}|stark zuerst|strongest first|(schwach zuerst|weakest first))"
)
def _lineup(m: re.Match[str], line: int) -> Sequence[Order]:
    world, values = _field(m[1]), _values(m[2] or "")
    return [o.Lineup(line=line, world=world, values=values, weakest=m[3] is not None)]


@pattern(
    rf"(?:zuordnung|assign(?:ment)?)\s*:?\s*{_FLEET}\s*:?\s*(?:truppen|troops)?\s*"
    rf"(?:{_VALUES}|stark zuerst|strongest first)"
)
def _assignment(m: re.Match[str], line: int) -> Sequence[Order]:
    return [o.Assignment(line=line, fleet=_fleet(m[1]), values=_values(m[2] or ""))]


@pattern(rf"{_FLEET}\s*(?:truppen|troops)\s*:?\s*{_VALUES}")
def _assignment_short(m: re.Match[str], line: int) -> Sequence[Order]:
    return [o.Assignment(line=line, fleet=_fleet(m[1]), values=_values(m[2]))]


_GROUND = r"(?:rueckzug\s+boden|ground\s+retreat|truppen\s+zurueck|troops\s+back)"
_WHERE = rf"(?:{_FLEET}|{_WORLD})?"


@pattern(
    rf"{_GROUND}\s*{_WHERE}\s*(?:bei|at|when|wenn)\s*(\d+)\s*(?:steine?n?|stones?|left|uebrig)?"
)
def _ground_stones(m: re.Match[str], line: int) -> Sequence[Order]:
    return [
        o.GroundRetreat(
            line=line, where=_where(m[1], m[2]), rule="stones", value=_num(m[3], 0, 99, "count")
        )
    ]


@pattern(rf"{_GROUND}\s*{_WHERE}\s*(?:nach|ab|after|from)\s*(?:runde|round)\s*(\d+)")
def _ground_round(m: re.Match[str], line: int) -> Sequence[Order]:
    return [
        o.GroundRetreat(
            line=line, where=_where(m[1], m[2]), rule="round", value=_num(m[3], 1, 99, "round")
        )
    ]


def _where(fleet: str | None, world: str | None) -> str:
    if fleet:
        return f"F{_fleet(fleet)}"
    return _field(world) if world else "*"


_BUY = r"(?:kaufe|kauf|kaufen|baue|bau|bauen|buy|build)"


@pattern(
    rf"(?:{_BUY}\s*(?:(\d+)\s*x?)?|(\d+)\s*x)\s*{_UNIT}\s*"
    rf"(?:auf|at|on|bei|in|nach|to|fuer|for)?\s*{_WORLD}\s*"
    r"(?:(?:->|=>|>|zu|to|in|fuer|for|flotte|fleet|f)\s*(?:flotte|fleet|f)?\s*(\d+)"
    r"|(?:fuer|for|->|zu|to)\s*((?:st)\s*\d+|basis|base|ba)|(neue flotte|new fleet))?"
)
def _buy(m: re.Match[str], line: int) -> Sequence[Order]:
    count = _num(m[1] or m[2] or "1", 1, MAX_COUNT, "count")
    unit = _unit(m[3])
    fleet = _fleet(m[5]) if m[5] else 0
    carrier = ""
    if m[6]:
        carrier = "BA" if m[6].startswith("b") else m[6].replace(" ", "").upper()
    if unit == "JG" and not carrier:
        carrier = "BA"
    return [
        o.Buy(line=line, count=count, unit=unit, world=_field(m[4]), fleet=fleet, carrier=carrier)
    ]


@pattern(
    rf"{_BUY}\s*(?:eine\s+)?(?:neue\s+flotte|new\s+fleet)\s*(?:auf|at|on|bei|in)?\s*{_WORLD}\s*:?"
    rf"((?:\s*\d+\s*x?\s*{_UNIT})+)"
)
def _buy_fleet(m: re.Match[str], line: int) -> Sequence[Order]:
    ships: list[str] = []
    for count, word in re.findall(rf"(\d+)\s*x?\s*{_UNIT}", m[2]):
        unit = _unit(word)
        if unit not in ("ST", "KR", "TR", "SC"):
            raise LineError(1, word, GRAMMAR.every("fleet_ships"))
        ships += [unit] * _num(count, 1, MAX_COUNT, "count")
    return [o.BuyFleet(line=line, world=_field(m[1]), ships=tuple(ships))]


def scan(text: str, line: int = 0) -> list[Order]:
    """The orders of one line, or a :class:`LineError` naming the forms it may take."""
    folded = re.sub(r"\s+", " ", text.casefold().translate(_FOLD)).strip(" .:")
    folded = re.sub(r"\s*:\s*", ": ", folded).replace(": ", " ").strip()
    for regex, build in PATTERNS:
        match = regex.fullmatch(folded)
        if match is not None:
            return list(build(match, line))
    raise LineError(1, text.strip(), GRAMMAR.every("unknown"))


# --------------------------------------------------------------- the line grammar


@cache
def build_parser() -> Lark:
    """The LALR parser of a Spacewar order line (header, shared orders, order lines)."""
    return reader.build_parser(reader.player_grammar(reader.grammar_text("spacewar.lark")))


class _SpacewarLines(reader.TokenLines[Order]):
    """The Spacewar order lines for :class:`grammar.reader.Reader` (a ``LineGrammar``)."""

    def scan(self, code: str, line: int, column: int) -> Sequence[Order]:
        return scan(code, line)

    def explain(self, at: Position, code: str) -> reader.Explanation:
        return reader.Explanation(GRAMMAR.every("expected"))


def parse(text: str, subject: str | None = None) -> ParseResult:
    """Read a Spacewar order text. A line that starts with an order word but reads as a
    sentence without numbers (``Angriff ist die beste Verteidigung``) is a note, not an
    error."""
    read = reader.Reader(
        _SpacewarLines(build_parser), messages=reader.CORE_MESSAGES, max_seat=2
    ).read(text, subject)
    result = read.result(read.items)
    unknown = GRAMMAR.every("unknown")
    prose = [
        e
        for e in result.errors
        if e.messages == unknown and reader.looks_like_prose(e.text) and not _DIGIT.search(e.text)
    ]
    for error in prose:
        result.errors.remove(error)
        result.notes.append(
            Note(
                error.line,
                error.line_text,
                READER.every("reader.sentence_or_signature_orders_must"),
            )
        )
    result.notes.sort(key=lambda n: n.line)
    return result


class SpacewarLanguage(reader.KindLanguage):
    """The Spacewar order language (:class:`engine.core.OrderLanguage`); fields have ids."""

    def read(self, given: reader.OrderText) -> ParseResult:
        return parse(given.text, given.subject)


LANGUAGE = SpacewarLanguage(o.ORDER_KINDS)
"""The Spacewar order language, as :attr:`engine.core.GameKind.grammar` names it."""
