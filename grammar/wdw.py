"""The order language of Welt der Waben (docs/orders-wdw.md): K, A and G orders of a
unit, building in a settlement, Sonderbefehle; the shared reader does the rest
(header, comments, text blocks, messages, end marker)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache

from lark import Lark, Token, Tree

from engine.core import GmMessage, Order
from engine.wdw import property_words
from engine.wdw.orders import (
    IMMUNITY,
    ORDER_KINDS,
    Alliance,
    Build,
    CapitalMove,
    Convert,
    Demolish,
    Fight,
    Province,
    Raise,
    Repair,
    Special,
    Spy,
    Storm,
    Train,
    Work,
)
from engine.wdw.texts import TEXTS
from grammar import reader
from grammar.lark_errors import LineError, Position

_CODE_RE = re.compile(r"^(?P<code>[kag][a-z])\s*(?:-|\+|/|mit\s+)?\s*(?P<ext>.*)$", re.IGNORECASE)
_FIELD_RE = re.compile(r"(\d+)\D+(\d+)$")
_PATH_RE = re.compile(r"\d{1,4}[/.\-]\d{1,2}(\s+\d{1,4}[/.\-]\d{1,2})*")
_STRUCTS = {
    "bev": "bev", "bevölkerung": "bev", "bevoelkerung": "bev",
    "rüs": "rues", "rues": "rues", "rüstung": "rues", "ruestung": "rues",
    "mil": "mil", "kaserne": "mil", "kasernen": "mil",
    "stv": "stv", "stadtverteidigung": "stv",
    "bef": "bef", "befestigung": "bef", "befestigungen": "bef",
    "lab": "lab", "labor": "lab", "tmp": "tmp", "tempel": "tmp",
}  # fmt: skip
_ROMAN = {"i": "1", "ii": "2", "iii": "3"}
# The words that may stand before a unit's number ("Heer 115"; wdw.lark's UNIT).
_UNIT_WORDS = ("heer", "einheit", "flotte", "unit", "army", "fleet")
# The words of a raising's class (Strategie 4.2; wdw.lark's CLASS_WORD), by the class.
_SEA_WORDS = ("schiffe", "schiff", "flotte", "ships", "ship", "fleet", "sea")
_CHARACTER_WORDS = ("charaktere", "charakter", "characters", "character")
# Strategie 4.3 "Beritten": riders are land units with the property, not a class.
_RIDER_WORDS = ("reiterei", "reiter", "cavalry", "riders", "rider")
_LAND_WORDS = (
    "k", "krieger", "soldaten", "fußsoldaten", "fusssoldaten", "mann", "bogenschützen",
    "bogenschuetzen", "landeinheiten", "landeinheit", "warriors", "warrior", "soldiers",
    "men", "archers", "land",
)  # fmt: skip
_CLASS_WORDS = (*_LAND_WORDS, *_SEA_WORDS, *_CHARACTER_WORDS, *_RIDER_WORDS)


@cache
def _parser() -> Lark:
    rules = (
        reader.grammar_text("wdw.lark")
        .replace("PROPERTY_WORDS", property_words.terminal())
        .replace("UNIT_WORDS", "|".join(_UNIT_WORDS))
        .replace("CLASS_WORDS", "|".join(_CLASS_WORDS))
    )
    return reader.build_parser(reader.player_grammar(rules, realms=True))


def _field(tok: Token) -> str:
    """A field in its canonical form ``GF/KF``; KF is 1 to 48 (Strategie 1.1)."""
    match = _FIELD_RE.search(str(tok))
    assert match is not None
    if not 1 <= int(match[2]) <= 48 or int(match[1]) < 1:
        raise LineError.at(tok, TEXTS.every("reject.bad_field", kf=str(tok)))
    return f"{int(match[1])}/{int(match[2])}"


def _unit(tok: Token) -> int:
    return int(re.sub(r"\D", "", str(tok)))


def _ext(text: str) -> str:
    """The extension in its canonical form: ``P2``, ``B3``, ``B``, ``F`` …"""
    ext = re.sub(r"[\s.-]", "", text).upper()
    if ext[:1] == "P" and ext[1:].lower() in _ROMAN:
        return "P" + _ROMAN[ext[1:].lower()]
    return ext


def _table(*pairs: tuple[str, str]) -> tuple[tuple[re.Pattern[str], str], ...]:
    """Words to what they name: the first pattern found in a word wins."""
    return tuple((re.compile(pattern, re.IGNORECASE), name) for pattern, name in pairs)


# The design's forms that are no orders here, by the catalog key that says so.
_NOT_ORDERS = _table(
    (r"steuer|tax", "tax"),
    (r"voraus|prepay", "prepay"),
    (r"verband|group|teil|split|l(ä|ae|a)d|load", "units"),
)
# The words of the codes (design §3.2–3.5).
_CODE_WORDS = _table(
    (r"bau|build", "AB"),
    (r"mine|mining", "AM"),
    (r"vernicht|destroy", "KN"),
    (r"tak|tactical", "KT"),
    (r"angr|greife|attack", "KA"),
    (r"stellung|halt|hold", "KH"),
    (r"verteidig|defend", "KV"),
    (r"ignor", "KI"),
    (r"versteck|hide", "KX"),
    (r"rückzug|rueckzug|zurück|zurueck|retreat", "KR"),
    (r"zielschutz|target", "GZ"),
    (r"gegen|counter", "GG"),
    (r"infiltr", "GI"),
    (r"orts|gebiets|area", "GO"),
    (r"verh|interrog", "GV"),
    (r"hof|court", "GH"),
    (r"propaganda", "GP"),
    (r"attentat|assassin", "GA"),
    (r"sabotage", "GS"),
    (r"einheiten|unit", "GE"),
    (r"lesen|read", "GL"),
    (r"abfangen|intercept", "GB"),
    (r"rufmord|defamation", "GR"),
    (r"diebstahl|theft", "GD"),
    (r"unterschieben|plant", "GU"),
)
_EXT_WORDS = tuple(
    (re.compile(pattern, re.IGNORECASE), ext, kind)
    for pattern, ext, kind in (
        (r"pl", "P", "K"),
        (r"belager|siege", "B", "K"),
        (r"erober|conquer", "E", "K"),
        (r"verfolg|pursue|follow", "F", "K"),
        (r"bewach|guard", "W", "K"),
        (r"durchsuch|search", "S", "K"),
        (r"halten|hold", "H", "A"),
        (r"verteidig|defend", "V", "A"),
        (r"ignor", "I", "A"),
        (r"rückzug|rueckzug|retreat", "R", "A"),
    )
)


def _word(table: Sequence[tuple[re.Pattern[str], str]], text: str) -> str:
    return next(code for pattern, code in table if pattern.search(text))


def _code(tokens: dict[str, Token]) -> tuple[str, str]:
    """A K or A order's code and its one extension (Strategie 5.1: at most one), from
    the code's letters or words: ``KNF``, ``Angriff``, ``KI+Erobern``, ``AB halten``."""
    if "CODE_WORD" in tokens:
        code, ext = _word(_CODE_WORDS, str(tokens["CODE_WORD"])), ""
    else:
        match = _CODE_RE.match(str(tokens["CODE"]).strip())
        assert match is not None
        code, ext = match["code"].upper(), _ext(match["ext"])
    said = tokens.get("EXT_WORD") or tokens.get("SEARCH_KW")
    if said is None:
        return code, ext
    word, level = re.sub(r"\d+|\bi{1,3}$", "", str(said)).strip(" +-/"), _level(str(said))
    letter, kind = next((e, k) for p, e, k in _EXT_WORDS if p.search(word))
    if ext or kind != code[0]:
        raise LineError.at(said, TEXTS.every("reject.extension_word", code=code, word=word))
    return code, letter + level


def _level(text: str) -> str:
    """The stage or side after an extension's word (``Plündern 3``, ``Belagern Seite 3``,
    ``plunder II``), or ""."""
    digits = re.search(r"\d", text)
    if digits:
        return digits[0]
    roman = re.search(r"\b(i{1,3})$", text.strip(), re.IGNORECASE)
    return _ROMAN[roman[1].lower()] if roman else ""


def _unit_works(line: int, unit: int, code: str, tokens: dict[str, Token]) -> Order:
    """D20: a worker's demolition or repair in the settlement where it stands, as the
    people's order with the unit named (``201 AB Abriss Mil 2``); destroying is not an
    order of this host (docs/rules-wdw.md)."""
    word = tokens.get("DEMOLISH_KW") or tokens.get("REPAIR_KW") or tokens["DESTROY_KW"]
    if code != "AB":
        raise LineError.at(word, TEXTS.every("reject.works_code", code=code, word=str(word)))
    if word.type == "DESTROY_KW":
        raise LineError.at(word, TEXTS.every("reject.destroy_no_order", unit=unit))
    structure = _STRUCTS[str(tokens["STRUCT"]).lower()]
    if word.type == "REPAIR_KW":
        return Repair(line=line, settlement="", structure=structure, units=(unit,))
    count = tokens.get("INT")
    bwp = int(count) if count is not None else 1
    return Demolish(line=line, settlement="", structure=structure, bwp=bwp, units=(unit,))


def _read_whole(unit: int, code: str, tokens: dict[str, Token]) -> None:
    """A part of a K or A line its code does not read is refused, never dropped unsaid
    (docs/orders-wdw.md): only AB names a structure or a wall (Tab. 5.2-1), only a G
    order a target (Tab. 5.3-2)."""
    built = tokens.get("STRUCT") or tokens.get("WALL")
    if built is not None and code != "AB":
        word = " ".join(str(built).split())
        raise LineError.at(
            built, TEXTS.every("reject.code_structure", code=code, unit=unit, word=word)
        )
    said = tokens.get("TARGET_KW")
    if said is not None:
        word = f"{said}: {str(tokens['TEXT']).strip()}"
        raise LineError.at(said, TEXTS.every("reject.code_target", code=code, word=word))


_RISK_BEYOND = re.compile(
    r"((?:r|risiko|risk)\s*\d+(?!\w)|(?:[-+/]|mit\s+)?\s*\d+(?=\s*(?:(?:ziel|target)(?!\w)|:)))",
    re.I,
)
"""Strategie 5.3: a risk beyond 1 to 5 after a G code (``GI R7 Guru``; ``GI 6 Ziel: …``:
a number before the target's ``Ziel:``), where a target without ``Ziel:`` would begin;
a bare number stays a target (``GE 102``)."""


def _spy(line: int, unit: int, tokens: dict[str, Token]) -> Spy:
    """A G order (Strategie 5.3) with its risk (default 3) and its target, named with or
    without ``Ziel:`` — never without one: a spy acts on a target."""
    said = tokens.get("G_CODE") or tokens["G_WORD"]
    code = str(said)[:2].upper() if "G_CODE" in tokens else _word(_CODE_WORDS, str(said))
    digits = re.findall(r"\d", str(said))
    risk = int(digits[-1]) if digits else 3
    target = str(tokens["TEXT"]).strip() if "TEXT" in tokens else ""
    beyond = _RISK_BEYOND.match(target) if "TARGET_KW" not in tokens else None
    if beyond is not None:  # "601 GI 6 Ziel: y": the code took no risk 6, the target did
        word = f"{said} {beyond[1]}"
        raise LineError.at(said, TEXTS.every("reject.spy_risk", word=word, code=code))
    if not target:
        raise LineError.at(said, TEXTS.every("reject.spy_without_target", code=code))
    return Spy(line=line, unit=unit, code=code, risk=risk, target=target)


class WdwLines:
    """The game's order lines for the shared reader."""

    @property
    def parser(self) -> Lark:
        return _parser()

    def build(self, node: Tree[Token], line: int) -> Sequence[Order] | reader.Text[Order]:
        tokens = {t.type: t for t in node.scan_values(lambda v: isinstance(v, Token))}
        said = tokens.get("UNBUILT_KW") or tokens.get("LOAD_KW")
        if said is not None:  # docs/rules-wdw.md: a decision, said with what to write
            key = _word(_NOT_ORDERS, str(said))
            raise LineError.at(said, TEXTS.every(f"reject.not_an_order_{key}"))
        if node.data in ("raise_units", "instant", "train"):
            return [_army(node, line)]
        if node.data in ("alliance", "capital", "province"):
            return [_realm_order(node, line, tokens)]
        if node.data == "convert":
            return [_convert(node, line, tokens)]
        if node.data in ("demolish", "repair"):
            return [_works(node, line, tokens)]
        if node.data == "storm":
            units = tuple(_unit(t) for t in _typed(node, "UNIT"))
            return [Storm(line=line, settlement=str(tokens["PLACE"]), units=units)]
        if node.data == "defamation":
            keyword, given = str(tokens["DEFAMATION_KW"]), tokens.get("TEXT")

            def defamation(words: str) -> Order:
                # Tab. 5.3-2 GR: the text appears in the news when the GM rules success
                return GmMessage(line=line, text=f"{keyword}: {words.strip()}")

            return reader.Text(defamation, str(given).strip() if given is not None else None)
        if node.data == "special":
            unit = _unit(tokens["UNIT"])
            text = str(tokens["TEXT"]).strip() if "TEXT" in tokens else None

            def special(words: str) -> Order:
                return Special(line=line, unit=unit, text=words.strip())

            return reader.Text(special, text)  # without text: a block up to "Ende"
        if node.data == "build":
            count = tokens.get("INT")
            return [
                Build(
                    line=line,
                    settlement=str(tokens["PLACE"]),
                    structure=_STRUCTS[str(tokens["STRUCT"]).lower()],
                    bwp=int(count) if count is not None else 1,
                )
            ]
        unit = _unit(tokens["UNIT"])
        if node.data == "spy_order":
            return [_spy(line, unit, tokens)]
        code, ext = _code(tokens)
        path = tuple(
            _field(t)
            for t in node.scan_values(lambda v: isinstance(v, Token) and v.type == "FIELD")
        )
        if node.data == "unit_order" and any(node.find_data("works")):
            return [_unit_works(line, unit, code, tokens)]
        _read_whole(unit, code, tokens)
        if "INT" in tokens:  # "AB-H Bef 2": docs/rules-wdw.md, the unit builds while it stands
            raise LineError.at(tokens["INT"], TEXTS.every("reject.structure_count", unit=unit))
        if code.startswith("A"):
            struct = tokens.get("STRUCT")
            structure = _STRUCTS[str(struct).lower()] if struct is not None else ""
            # Tab. 5.2-1: AB may name a move first (D18: it builds on arrival); AS names
            # the fields it searches, AM its Zielkleinfeld, both for the GM.
            where = path
            if "WALL" in tokens:  # Strategie 3.5: a wall at a side of the unit's field
                side = int(str(tokens["WALL"])[-1])
                return [
                    Work(
                        line=line,
                        unit=unit,
                        code=code,
                        ext=ext,
                        structure="wall",
                        side=side,
                        path=where,
                    )
                ]
            work = Work(line=line, unit=unit, code=code, ext=ext, structure=structure, path=where)
            return [work]
        search = str(tokens["TEXT"]).strip() if "SEARCH_KW" in tokens else ""
        if search and _PATH_RE.fullmatch(search):  # "KV Durchsuchen nach 12/4": a path
            text = tokens["TEXT"]
            path = tuple(_field(Token("FIELD", f, column=text.column)) for f in search.split())
            search = ""
        return [Fight(line=line, unit=unit, code=code, ext=ext, path=path, search=search)]

    def explain(self, at: Position, code: str) -> reader.Explanation:
        return reader.Explanation(
            {
                "de": "„115 KNF 12/4 12/5“, „403 ABV Stv“, „601 GI4 Ziel: Guru“",
                "en": '"115 KNF 12/4 12/5", "403 ABV Stv", "601 GI4 target: Guru"',
            },
            fault=_fault(at, code),
        )

    def check(self, item: Order) -> dict[str, str] | None:
        return None


# The codes of each kind of order (Strategie 5.1–5.3) and the table that lists them.
_CODES = {"K": "NATHVIXR", "A": "BMS", "G": "ZGIOVHPASELBRDU"}
_CODE_TABLES = {"K": "Tab. 5.1-1", "A": "Tab. 5.2-1", "G": "Tab. 5.3-2"}
# An extension's letter and the numbers it takes (Tab. 5.1-2, 5.1-3, 5.2-2): None for none.
_EXTENSIONS: dict[str, dict[str, range | None]] = {
    "K": {"S": None, "E": None, "P": range(1, 4), "B": range(1, 7), "F": None, "W": None},
    "A": {"H": None, "V": None, "I": None, "R": None},
}
_CODE_LIKE = re.compile(r"(?P<kind>[a-z])(?P<code>[a-z]?)(?P<ext>[a-z]?)(?P<digits>\d*)", re.I)
_EXT_LIKE = re.compile(r"(?P<ext>[a-z])(?P<digits>\d*)", re.I)
_UNIT_LIKE = re.compile(r"h?\d{1,4}:?", re.I)
_FIELD_LIKE = re.compile(r"[\d/.\-]*\d[\d/.\-]*")


@cache
def _army_starts() -> tuple[tuple[re.Pattern[str], str], ...]:
    """The starts of the army orders (Strategie 4.2, 4.3): wdw.lark's INSTANT_KW, RAISE_KW
    and TRAIN_KW (a training after its UNIT), read from the parser so that they cannot
    drift from the grammar; instant first ("Sofort rüsten" is no raising)."""
    said = {t.name: t.pattern.value for t in _parser().terminals}
    return _table(
        (rf"^\s*{said['INSTANT_KW']}", "instant"),
        (rf"^\s*{said['RAISE_KW']}", "raise"),
        (rf"^\s*({said['UNIT']}\s*:?\s+)?{said['TRAIN_KW']}", "train"),
    )


def _fault(at: Position, code: str) -> dict[str, str] | None:
    """What exactly is wrong where the line went wrong, when it is an army order (its
    form, Strategie 4.2), an order's code, its extension or a field (issue 24: ``GI9``,
    ``115 KH B7``, ``115 KA 12``); None when the examples of the order forms say it
    better."""
    words = [(m.start(), m.group()) for m in re.finditer(r"\S+", code)]
    here = next((n for n, (s, w) in enumerate(words) if s <= at.pos < s + len(w)), None)
    army = next((kind for pattern, kind in _army_starts() if pattern.search(code)), None)
    if army is not None and words:  # issue 24: the army order's form, not the unit orders'
        word = words[here][1] if here is not None else words[-1][1]
        return TEXTS.every(f"fault.{army}", word=word)
    if here is None:
        return None
    said = [w for _, w in words]
    start = 1 if said[0].lower() in _UNIT_WORDS and len(said) > 1 else 0
    if not _UNIT_LIKE.fullmatch(said[start]):
        # "KH B7", "GI9": an order code first, in capitals or with its number
        looks = _CODE_LIKE.fullmatch(said[0])
        if here == 0 and looks and looks["kind"].upper() in _CODES and said[0].isupper():
            return TEXTS.every("fault.no_unit", word=said[0])
        return None
    word = said[here]
    if here == start + 1:
        return _code_fault(word)
    if here == start + 2 and _EXT_LIKE.fullmatch(word):
        main = _CODE_LIKE.fullmatch(said[start + 1])
        if main and main["kind"].upper() in _EXTENSIONS and not main["ext"] + main["digits"]:
            code = (main["kind"] + main["code"]).upper()
            return _ext_fault(word, code, word[0].upper(), word[1:])
    if here > start + 1 and _FIELD_LIKE.fullmatch(word):
        return TEXTS.every("fault.field", word=word)
    return None


def _code_fault(word: str) -> dict[str, str] | None:
    """The fault of a word in the code's place: an unknown kind or code, a G order's
    risk beyond 1 to 5, a K or A order's extension it does not take."""
    looks = _CODE_LIKE.fullmatch(word)
    if looks is None:
        return None
    kind, letter = looks["kind"].upper(), looks["code"].upper()
    if kind not in _CODES:
        return TEXTS.every("fault.kind", word=word, kind=kind)
    if not letter or letter not in _CODES[kind]:
        codes = ", ".join(kind + c for c in _CODES[kind])
        table = _CODE_TABLES[kind]
        return TEXTS.every("fault.code", word=word, code=kind + letter, codes=codes, table=table)
    if kind == "G":  # Strategie 5.3: a G order has its risk 1 to 5, no extension
        return TEXTS.every("fault.spy", word=word, code=kind + letter)
    return _ext_fault(word, kind + letter, looks["ext"].upper(), looks["digits"])


def _ext_fault(word: str, code: str, ext: str, digits: str) -> dict[str, str] | None:
    """The fault of ``code``'s extension ``ext`` with its number ``digits``."""
    allowed = _EXTENSIONS[code[0]]
    if ext not in allowed:
        return TEXTS.every("fault.extension", word=word, code=code, ext=ext or digits)
    numbers = allowed[ext]
    if numbers is None and digits:
        return TEXTS.every("fault.extension", word=word, code=code, ext=ext + digits)
    if numbers is not None and ext == "P" and (not digits or int(digits) not in numbers):
        return TEXTS.every("fault.stage", word=word, code=code)
    if numbers is not None and ext == "B" and digits and int(digits) not in numbers:
        return TEXTS.every("fault.side", word=word, code=code)
    return None


# Every line of this language starts with a unit or a keyword, never a free word: a line
# whose first word is read is an order with a fault, never a sentence (issue 24).
LANGUAGE = reader.LinesLanguage(ORDER_KINDS, WdwLines(), first_word_decides=True)
"""The Welt der Waben order language (:class:`engine.core.OrderLanguage`)."""


def _army(node: Tree[Token], line: int) -> Order:
    """A raising, Soforrüstung or training (Strategie 4.2): each property with the level
    after it (1 when none is given), a terrain immunity with its terrain (4.3); the
    class from its word, or a character when the property is a specialist training
    (Tab. 4.2-1a)."""
    properties: list[str] = []
    count, unit, rs, place, word, province = 0, 0, 0, "", "", ""
    defends = immune = False
    for tok in node.scan_values(lambda v: isinstance(v, Token)):
        if tok.type == "HV_KW":
            defends = True
        elif tok.type == "IN_KW" and defends:  # Strategie 4.3: HV is one province's
            raise LineError.at(tok, TEXTS.every("reject.hv_without_province"))
        elif tok.type == "IMMUNITY_KW":
            immune = True
        elif tok.type == "PLACE" and defends:
            province, defends = str(tok), False
        elif tok.type == "PLACE" and immune:  # Strategie 4.3: the map's terrain, checked later
            properties.append(f"{IMMUNITY}={tok}")
            immune = False
        elif tok.type == "PROPERTY":  # "Nahkampf", or with its level glued: "NK3"
            glued = re.fullmatch(r"(\D+)(\d*)", str(tok).lower())
            assert glued is not None  # the PROPERTY terminal is letters, then digits
            properties.append(f"{property_words.WORDS[glued[1]]}={int(glued[2] or 1)}")
        elif tok.type == "INT" and properties:
            properties[-1] = properties[-1].split("=")[0] + f"={int(tok)}"
        elif tok.type == "INT":
            count = int(tok)
        elif tok.type == "UNIT":
            unit = _unit(tok)
        elif tok.type == "RS":
            rs = int(re.sub(r"\D", "", str(tok)))
        elif tok.type == "PLACE":
            place = str(tok)
        elif tok.type == "CLASS_WORD":
            word = str(tok).lower()
    if node.data == "train":
        return Train(line=line, unit=unit, properties=tuple(properties), rs=rs, province=province)
    if not place:
        first = next(node.scan_values(lambda v: isinstance(v, Token)))
        raise LineError.at(first, TEXTS.every("reject.raise_without_settlement"))
    names = {p.split("=")[0] for p in properties}
    if word in _RIDER_WORDS and "beritten" not in names:
        properties.append("beritten=1")
    if word in _SEA_WORDS:
        unit_class = "sea"
    elif word in _CHARACTER_WORDS or names & {"spion", "heerfuehrer"}:
        unit_class = "character"
    else:
        unit_class = "land"
    return Raise(
        line=line,
        settlement=place,
        count=count,
        unit_class=unit_class,
        properties=tuple(properties),
        instant=node.data == "instant",
        rs=rs,
        province=province,
    )


def _realm_order(node: Tree[Token], line: int, tokens: dict[str, Token]) -> Order:
    """An alliance, a capital move or a province (Strategie 5.1, 3.1, 1.2)."""
    if node.data == "alliance":
        named = tokens.get("PLACE") or tokens["INT"]
        return Alliance(line=line, realm=str(named), end="ALLY_END_KW" in tokens)
    if node.data == "capital":
        return CapitalMove(line=line, settlement=str(tokens["PLACE"]))
    fields = tuple(_field(t) for t in _typed(node, "FIELD"))
    names = [str(t) for t in _typed(node, "PLACE")]  # a sea province's second is its port
    port = names[1] if len(names) > 1 else ""
    return Province(line=line, name=names[0], fields=fields, port=port)


def _typed(node: Tree[Token], kind: str) -> list[Token]:
    """The node's tokens of type ``kind``, in the line's order."""
    return list(node.scan_values(lambda v: isinstance(v, Token) and v.type == kind))


def _convert(node: Tree[Token], line: int, tokens: dict[str, Token]) -> Order:
    """Strategie 4.3: Heimatverteidigung (with its province) ↔ Nahkampf."""
    sides = []
    for side in node.find_data("conversion_side"):
        words = [str(t) for t in side.scan_values(lambda v: isinstance(v, Token))]
        if len(words) == 2:
            sides.append(("heimatverteidigung", words[1]))
        else:
            sides.append((property_words.WORDS[words[0].lower()], ""))
    (source, source_province), (target, target_province) = sides
    return Convert(
        line=line,
        unit=_unit(tokens["UNIT"]),
        source=source,
        target=target,
        source_province=source_province,
        target_province=target_province,
    )


def _works(node: Tree[Token], line: int, tokens: dict[str, Token]) -> Order:
    """Demolition or repair in a settlement, with the worker units named (D20)."""
    units = tuple(
        _unit(t) for t in node.scan_values(lambda v: isinstance(v, Token) and v.type == "UNIT")
    )
    place, structure = str(tokens["PLACE"]), _STRUCTS[str(tokens["STRUCT"]).lower()]
    if node.data == "repair":
        return Repair(line=line, settlement=place, structure=structure, units=units)
    count = tokens.get("INT")
    return Demolish(
        line=line,
        settlement=place,
        structure=structure,
        bwp=int(count) if count is not None else 1,
        units=units,
    )
