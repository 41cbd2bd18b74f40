"""Reading a calculator's form fields (strings) into what it computes with; every bad
value raises :class:`~engine.calculating.CalculatorInputError` naming the field (by its
label in the reader's language) and why."""

from __future__ import annotations

import re
from collections.abc import Mapping

from engine.calculating import CalculatorInputError
from engine.wdw.calculators.knowledge import Knowledge
from engine.wdw.calculators.texts import say
from engine.wdw.mapfile import MapError, field_id
from engine.wdw.state import Settlement, Unit

UNIT_RE = re.compile(r"^(?:(\d+)\s*/\s*)?(\d+)$")


class Inputs:
    """The params of one call, read with the reader's knowledge."""

    def __init__(self, params: Mapping[str, str], known: Knowledge, lang: str) -> None:
        self.params = params
        self.known = known
        self.lang = lang

    def fail(self, name: str, why: str, **values: object) -> CalculatorInputError:
        """The error for field ``name``: its label, then the reason ``why``."""
        label = say(self.lang, f"field.{name}")
        reason = say(self.lang, f"why.{why}", **values)
        return CalculatorInputError(say(self.lang, "error", label=label, why=reason))

    def text(self, name: str) -> str:
        """The field's text, stripped ("" when absent)."""
        return str(self.params.get(name, "")).strip()

    def number(self, name: str, default: int, *, least: int = 0, most: int = 10**9) -> int:
        """A whole number from ``least`` to ``most`` (empty: ``default``)."""
        raw = self.text(name).replace(".", "").replace("_", "")
        if not raw:
            return default
        if not re.fullmatch(r"-?\d+", raw):
            raise self.fail(name, "not_number", value=self.text(name))
        value = int(raw)
        if not least <= value <= most:
            raise self.fail(name, "range", value=value, least=least, most=most)
        return value

    def choice(self, name: str, choices: tuple[str, ...]) -> str:
        """One of ``choices`` (case does not matter; empty: the first)."""
        raw = self.text(name)
        if not raw:
            return choices[0]
        for choice in choices:
            if choice.lower() == raw.lower():
                return choice
        raise self.fail(name, "not_choice", value=raw, choices=", ".join(c for c in choices if c))

    def field(self, name: str, default: str = "") -> str:
        """A field id the reader knows (empty: ``default``)."""
        raw = self.text(name) or default
        return self.field_of(name, raw)

    def field_of(self, name: str, raw: str) -> str:
        """``raw`` as a field id the reader knows (reported against field ``name``)."""
        try:
            kf = field_id(raw)
        except MapError:
            raise self.fail(name, "not_field", value=raw) from None
        if not self.known.knows(kf):
            raise self.fail(name, "unknown_field", value=kf)
        return kf

    def fields(self, name: str) -> tuple[str, ...]:
        """A list of field ids (spaces or commas between); each checked as above."""
        raw = self.text(name).replace(",", " ")
        return tuple(self.field_of(name, part) for part in raw.split())

    def unit(self, name: str, default: str = "") -> Unit:
        """A unit the reader knows: ``realm/id`` (a realm's own: ``id`` alone will do)."""
        raw = self.text(name) or default
        return self.unit_of(name, raw)

    def unit_of(self, name: str, raw: str) -> Unit:
        """``raw`` as a unit the reader knows (reported against field ``name``)."""
        match = UNIT_RE.match(raw.strip())
        if not match:
            raise self.fail(name, "not_unit", value=raw)
        realm = int(match[1]) if match[1] else self.known.seat
        if realm is None:
            raise self.fail(name, "not_unit", value=raw)
        unit = self.known.unit(realm, int(match[2]))
        if unit is None:
            raise self.fail(name, "unknown_unit", value=raw)
        return unit

    def units(self, name: str) -> tuple[Unit, ...]:
        """One or more units (spaces or commas between), none twice."""
        parts = self.text(name).replace(",", " ").split()
        if not parts:
            raise self.fail(name, "empty")
        found: dict[str, Unit] = {}
        for part in parts:
            unit = self.unit_of(name, part)
            found[unit.key] = unit
        return tuple(found.values())

    def settlement(self, name: str, default: str = "") -> Settlement:
        """A settlement the reader knows, by name (case does not matter)."""
        raw = self.text(name) or default
        for place in self.known.settlements:
            if place.name.lower() == raw.lower():
                return place
        raise self.fail(name, "unknown_settlement", value=raw)
