"""Game state as plain data: dataclasses of ints, strings, booleans, ``None`` and lists.

Every game kind keeps its state in such dataclasses so that the JSON form is exact and
canonical (``to_plain(from_plain(T, x)) == x``) and a deep copy is cheap. Fields added
after games were stored are marked with :func:`added_later`: a stored state without
them reads back with the value their absence means, and writes back byte for byte.
"""

from __future__ import annotations

import dataclasses
import functools
import types
from collections.abc import Mapping
from dataclasses import field
from typing import Any, TypeVar, Union, get_args, get_origin, get_type_hints

from engine.core import JSONValue

T = TypeVar("T")

STORED_BEFORE = "stored_before"
"""Field metadata: the value a field has in states written before the field existed."""


def added_later(default: T, stored_before: T) -> T:
    """A field added after games were stored: ``default`` for new games, ``stored_before``
    for a state whose JSON lacks it.

    The JSON form leaves the field out while it has the ``stored_before`` value, so that
    re-running a stored turn gives the stored JSON byte for byte (docs/state-ashes.md).
    """
    return field(default=default, metadata={STORED_BEFORE: stored_before})


def _left_out(f: dataclasses.Field[Any], value: Any) -> bool:
    """A field added later is left out while it has the value its absence means."""
    return STORED_BEFORE in f.metadata and bool(value == f.metadata[STORED_BEFORE])


def to_plain(value: Any) -> JSONValue:
    """The JSON form of a plain-data value (a dataclass, list, int, str, bool or None)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {
            f.name: to_plain(getattr(value, f.name))
            for f in dataclasses.fields(value)
            if not _left_out(f, getattr(value, f.name))
        }
    if isinstance(value, list):
        return [to_plain(v) for v in value]
    if value is None or isinstance(value, bool | int | str):
        return value
    raise TypeError(f"cannot store {type(value).__name__} in the state")


@functools.cache
def _fields_of(tp: type) -> tuple[dict[str, Any], frozenset[str], dict[str, Any]]:
    """A dataclass's resolved field types, names and values of fields absent in states
    stored before they existed (resolving types is slow: cached)."""
    fields = dataclasses.fields(tp)
    absent = {f.name: f.metadata[STORED_BEFORE] for f in fields if STORED_BEFORE in f.metadata}
    return get_type_hints(tp), frozenset(f.name for f in fields), absent


def from_plain(tp: Any, value: Any) -> Any:
    """Inverse of :func:`to_plain`: ``value`` read back as type ``tp``, strictly."""
    origin = get_origin(tp)
    if origin in (Union, types.UnionType):
        args = [a for a in get_args(tp) if a is not type(None)]
        return None if value is None else from_plain(args[0], value)
    if origin is list:
        (item,) = get_args(tp)
        if not isinstance(value, list):
            raise ValueError(f"expected a list, got {value!r}")
        return [from_plain(item, v) for v in value]
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        if not isinstance(value, Mapping):
            raise ValueError(f"expected an object for {tp.__name__}, got {value!r}")
        hints, names, absent = _fields_of(tp)
        unknown = set(value) - names
        if unknown:
            raise ValueError(f"unknown fields for {tp.__name__}: {sorted(unknown)}")
        given = {k: from_plain(hints[k], v) for k, v in value.items()}
        return tp(**{**absent, **given})
    if tp is bool:
        if not isinstance(value, bool):
            raise ValueError(f"expected true/false, got {value!r}")
        return value
    if tp is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"expected an integer, got {value!r}")
        return value
    if tp is str:
        if not isinstance(value, str):
            raise ValueError(f"expected a string, got {value!r}")
        return value
    raise TypeError(f"unsupported type {tp!r}")


def copy_plain(value: T) -> T:
    """A deep, independent copy: what ``from_plain(to_plain())`` gives, nothing shared.

    Every turn starts with one, and going through the JSON form (reading every field's
    type hints on the way back) was most of a turn's time: this walks the same dataclasses
    and lists directly.
    """
    copied: T = _copy(value)
    return copied


@functools.cache
def _field_names(tp: type) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(tp))


def _copy(value: Any) -> Any:
    cls = type(value)
    if value is None or cls is bool or cls is int or cls is str:
        return value  # immutable: shared as the JSON round trip would share an int
    if cls is list:
        return [_copy(v) for v in value]
    if dataclasses.is_dataclass(cls):
        return cls(**{name: _copy(getattr(value, name)) for name in _field_names(cls)})
    raise TypeError(f"cannot store {cls.__name__} in the state")


def to_tagged(value: Any, kind: str, fmt: int) -> dict[str, JSONValue]:
    """A game state's JSON form: ``format`` and ``kind`` first, then its fields."""
    data = to_plain(value)
    assert isinstance(data, dict)
    return {"format": fmt, "kind": kind, **data}


def from_tagged(tp: type[T], data: Mapping[str, JSONValue], kind: str, fmt: int) -> T:
    """Inverse of :func:`to_tagged`; a state of another kind or format is refused."""
    if data.get("kind") != kind or data.get("format") != fmt:
        raise ValueError(f"not a {kind} state of format {fmt} (kind/format)")
    state: T = from_plain(tp, {k: v for k, v in data.items() if k not in ("format", "kind")})
    return state
