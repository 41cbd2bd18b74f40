"""Orders of every class of every kind, made from their fields with a seeded chance, and
their stored JSON form as the hand-written codecs wrote it.

``tests/data/orders/stored-orders.json`` holds, per game kind and order ``kind``, the
JSON text a submission stored for :func:`examples` of that class (``json.dumps`` of
``{"line", "kind", **to_json()}``, as the database column keeps it). It was recorded
with ``python -m tests.order_examples`` at b5d7a03, before the orders got their JSON from
one generic codec; the test (tests/test_order_json.py) holds every later codec to it.
Never re-record it: it also keeps the ``printout_files`` items that submissions stored
among their orders then (a setting of the host now, no order). Its echo texts are
edited by hand where a text players read was corrected since (Starweb's robot attack:
"verwandelt 3 Schiffe in 6 Roboter", once "macht aus 3 Schiffe").
"""

from __future__ import annotations

import dataclasses
import json
import sys
import types
from pathlib import Path
from random import Random
from typing import Any, Union, get_args, get_origin, get_type_hints

from engine.core import JSONValue

RECORDED = Path(__file__).parent / "data" / "orders" / "stored-orders.json"

_TEXTS = (
    "",
    "Crab",
    "BORG",
    "Grüße an „alle“ –\nzweite Zeile",
    'quote " backslash \\ tab \t',
    "x" * 80,
    "\u00e9\u4e2d\U0001f680",
)


def _value(tp: Any, rng: Random) -> Any:
    """A value of field type ``tp``: ints, texts and flags, ``None`` for an optional."""
    origin = get_origin(tp)
    if origin in (Union, types.UnionType):
        (inner,) = [a for a in get_args(tp) if a is not type(None)]
        return None if rng.random() < 0.4 else _value(inner, rng)
    if origin is tuple:
        item, _ = get_args(tp)
        return tuple(_value(item, rng) for _ in range(rng.randrange(0, 4)))
    if tp is bool:
        return rng.random() < 0.5
    if tp is int:
        return rng.choice((0, 1, 7, 255, rng.randrange(-5, 100_000)))
    if tp is str:
        return rng.choice(_TEXTS)
    raise TypeError(f"no examples of {tp!r}")


def examples(game: str, cls: type, count: int = 4) -> list[Any]:
    """``count`` orders of ``cls``, the same ones every time: each field's value is drawn
    with a chance seeded by game, kind, example and field name (not the fields' order)."""
    kind = cls.kind  # type: ignore[attr-defined]
    hints = get_type_hints(cls)
    return [
        cls(
            **{
                f.name: _value(hints[f.name], Random(f"{game}:{kind}:{n}:{f.name}"))
                for f in dataclasses.fields(cls)
            }
        )
        for n in range(count)
    ]


def stored_text(order: Any) -> str:
    """The order as a submission's JSON column holds it."""
    data: dict[str, JSONValue] = {"line": order.line, "kind": order.kind, **order.to_json()}
    return json.dumps(data)


MAILS = {
    "ashes": """Partie 227 Spieler 2 Kennwort geheim
Crab: 1 PDU, 7 FP, 5 OP, 5 RP, 6 FI, 3 TR
2/15/1/21
37 / C2 / 3 / 25
PV 5 = 0
HP = 20
34 = Neuer Name
Herrscher = Ming
4 (Nameless) ausspionieren
5 PP für PR auf 20 (Crossland)
3 PP für FM%
Runden 20
Verlängerung 5
Abbruch ja
Abstimmung: ZAT alle 14 Tage
Karte aus
JSON an
HP=10
Artikel
Die EDU dementiert alle Gerüchte.
Ende
Geheimnachricht an 3: Unser Pakt gilt.
Eildepesche an Spieler 5: Gefahr!
An SL: Urlaub.
Fertig
Rücktritt
""",
    "starweb": """Game 301 Player 2 Password x
F45W206W79W13
F3T2F4
W13B5F160
W13I2L
P13M4W7
F3P7
F3U
F4L10
L=BORG
V3F4
V3W
F180CF8
Z13
A=BORG
F4G=BORG
W13X
F4Q
F4B
F4D
F4R3
Map off
JSON on
Secret to 3: hello
Final
""",
    "toy": """Game 5 Player 1 Password x
ADD 5
Karte an
Article: news
""",
}
"""An order mail of each kind with every order (and both printout files switched)."""


def _record() -> None:
    from engine.ashes.orders import ORDER_KINDS as ASHES_ORDERS
    from grammar.ashes import LANGUAGE as ASHES
    from grammar.starweb import LANGUAGE as STARWEB
    from grammar.starweb import ORDER_KINDS as STARWEB_ORDERS
    from mailserver.inbound.echo import echo
    from tests.toykind.engine import ORDER_KINDS as TOY_ORDERS
    from tests.toykind.grammar import LANGUAGE as TOY

    codecs = {"ashes": ASHES_ORDERS, "starweb": STARWEB_ORDERS, "toy": TOY_ORDERS}
    languages = {"ashes": ASHES, "starweb": STARWEB, "toy": TOY}
    recorded: dict[str, Any] = {
        game: {
            cls.kind: [stored_text(order) for order in examples(game, cls)] for cls in codec.classes
        }
        for game, codec in codecs.items()
    }
    for game, language in languages.items():
        result = language.parse(MAILS[game])
        recorded[f"{game} mail"] = {
            "orders": json.dumps(result.to_json("en")["orders"]),
            "echo": {lang: echo(result, lang, language.namer()) for lang in ("de", "en")},
        }
    RECORDED.parent.mkdir(parents=True, exist_ok=True)
    RECORDED.write_text(json.dumps(recorded, indent=1, ensure_ascii=False) + "\n", "utf-8")


if __name__ == "__main__":
    if RECORDED.exists() and "--force" not in sys.argv:
        sys.exit(f"{RECORDED} exists: it is the reference, never re-recorded")
    _record()
