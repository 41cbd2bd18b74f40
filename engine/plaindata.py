"""Game state and orders as plain data: dataclasses of ints, strings, booleans, ``None``
and lists (and tuples, in fields typed ``tuple[X, ...]``: written as lists).

Every game kind keeps its state in such dataclasses so that the JSON form is exact and
canonical (``to_plain(from_plain(T, x)) == x``) and a deep copy is cheap; orders get
their JSON form the same way. Fields added after games were stored are marked with
:func:`added_later`: a stored state without them reads back with the value their absence
means, and writes back byte for byte. A field whose JSON key is not its name (``from`` is
no Python name) says so with :func:`stored_as`.
"""

from __future__ import annotations

import dataclasses
import functools
import inspect
import types
from collections.abc import Callable, Mapping
from dataclasses import field
from typing import (
    Any,
    ClassVar,
    NamedTuple,
    Self,
    TypeVar,
    Union,
    get_args,
    get_origin,
    get_type_hints,
)

JSONValue = Any
"""What :mod:`json` produces: dicts, lists, str, int, bool, None (never floats here)."""

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


JSON_KEY = "json_key"
"""Field metadata: the key of the field in the JSON form, where it is not the field's name."""


def stored_as(key: str) -> dict[str, str]:
    """The metadata of a field written under ``key`` (``field(metadata=stored_as("from"))``)."""
    return {JSON_KEY: key}


Convert = Callable[[Any], Any]
"""A compiled conversion of one value (to or from its JSON form)."""

_ATOMIC: frozenset[type] = frozenset({int, str, bool, type(None)})
"""The exact types whose values are their own JSON form. Subclasses (a ``StrEnum``)
take :func:`_to_plain_other`, which lets them through as well."""


def to_plain(value: Any) -> JSONValue:
    """The JSON form of a plain-data value (a dataclass, list, int, str, bool or None)."""
    cls = type(value)
    if cls in _ATOMIC:
        return value
    convert = _WRITERS.get(cls)
    if convert is None:
        return _to_plain_other(value)
    return convert(value)


def _list_to_plain(items: list[Any] | tuple[Any, ...]) -> list[JSONValue]:
    # Checked inline: most items are ints or dataclasses, a call each costs more than the test.
    return [v if type(v) in _ATOMIC else to_plain(v) for v in items]


_WRITERS: dict[type, Convert] = {list: _list_to_plain}
"""The conversion of every exact type met so far that is not atomic (lists, dataclasses):
the reflective checks below run once per type, not once per value."""


def _to_plain_other(value: Any) -> JSONValue:
    """:func:`to_plain` of a value of a type not met before, checked as plain data always
    was (dataclass, list, then the atoms and their subclasses)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        convert = _WRITERS[type(value)] = _dataclass_writer(type(value))
        return convert(value)
    if isinstance(value, list):
        return _list_to_plain(value)
    if value is None or isinstance(value, bool | int | str):
        return value
    raise TypeError(f"cannot store {type(value).__name__} in the state")


_KEPT = object()
"""In place of a ``stored_before`` value: the field is always written."""


def _dataclass_writer(cls: type) -> Convert:
    """The JSON form of ``cls``'s instances: its fields in order, those added later left
    out while they have the value their absence means (``value == stored_before``)."""
    fields = dataclasses.fields(cls)
    names = tuple(f.name for f in fields)
    plan = tuple((f.name, f.metadata.get(STORED_BEFORE, _KEPT)) for f in fields)
    hints = get_type_hints(cls)
    if any(JSON_KEY in f.metadata or _is_tuple(hints[f.name]) for f in fields):
        return _keyed_writer(fields, hints)
    # ``for v in [...]`` binds each field's value once (a single step since Python 3.9),
    # read field by field so that errors come in field order as before.
    if all(before is _KEPT for _, before in plan):

        def convert(value: Any) -> dict[str, JSONValue]:
            return {
                name: v if type(v) in _ATOMIC else to_plain(v)
                for name in names
                for v in [getattr(value, name)]
            }

    else:

        def convert(value: Any) -> dict[str, JSONValue]:
            return {
                name: v if type(v) in _ATOMIC else to_plain(v)
                for name, before in plan
                for v in [getattr(value, name)]
                # ``==`` as the value its absence means, not ``!=``: a field's __ne__ may differ.
                if before is _KEPT or not v == before  # noqa: SIM201
            }

    return convert


def _keyed_writer(fields: tuple[dataclasses.Field[Any], ...], hints: dict[str, Any]) -> Convert:
    """:func:`_dataclass_writer` of a dataclass with fields under another JSON key or typed
    as tuples (orders; a state has neither, and keeps the quicker conversions above)."""
    plan = tuple(
        (
            f.name,
            f.metadata.get(JSON_KEY, f.name),
            f.metadata.get(STORED_BEFORE, _KEPT),
            _is_tuple(hints[f.name]),
        )
        for f in fields
    )

    def convert(value: Any) -> dict[str, JSONValue]:
        return {
            key: _list_to_plain(v)
            if as_list and type(v) is tuple
            else v
            if type(v) in _ATOMIC
            else to_plain(v)
            for name, key, before, as_list in plan
            for v in [getattr(value, name)]
            if before is _KEPT or not v == before  # noqa: SIM201 (see above)
        }

    return convert


def _is_tuple(tp: Any) -> bool:
    """Whether a field of type ``tp`` holds a tuple (or ``None``)."""
    if get_origin(tp) in (Union, types.UnionType):
        tp = _optional_of(tp)
    return get_origin(tp) is tuple


def from_plain(tp: Any, value: Any) -> Any:
    """Inverse of :func:`to_plain`: ``value`` read back as type ``tp``, strictly."""
    return _reader(tp)(value)


def _reader(tp: Any) -> Convert:
    """The strict reading of JSON values as type ``tp`` (only a dataclass's reader is
    cached: a ``tp`` such as ``list[int]`` is made anew by every caller)."""
    origin = get_origin(tp)
    if origin in (Union, types.UnionType):
        return _optional_reader(_reader(_optional_of(tp)))
    if origin is list:
        (item,) = get_args(tp)
        return _list_reader(_reader(item), _as_is(item))
    if origin is tuple and get_args(tp)[1:] == (Ellipsis,):
        item = get_args(tp)[0]
        return _tuple_reader(_list_reader(_reader(item), _as_is(item)))
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _dataclass_reader(tp)
    if tp is bool:
        return _read_bool
    if tp is int:
        return _read_int
    if tp is str:
        return _read_str
    return _unsupported_reader(tp)


def _optional_of(tp: Any) -> Any:
    """The type a union is read as: its first member other than ``None``."""
    return next(a for a in get_args(tp) if a is not type(None))


def _optional_reader(read: Convert) -> Convert:
    def read_optional(value: Any) -> Any:
        return None if value is None else read(value)

    return read_optional


class _Never:
    """No value has this type: :func:`_as_is` of a type whose values need reading."""


def _as_is(tp: Any) -> type:
    """The type whose values reading as ``tp`` returns unchanged after checking
    ``type(value)`` alone: the readers test it inline instead of calling the reader."""
    if get_origin(tp) in (Union, types.UnionType):
        tp = _optional_of(tp)
    return tp if tp is bool or tp is int or tp is str else _Never


def _list_reader(read: Convert, as_is: type) -> Convert:
    def read_list(value: Any) -> list[Any]:
        if not isinstance(value, list):
            raise ValueError(f"expected a list, got {value!r}")
        return [v if type(v) is as_is else read(v) for v in value]

    return read_list


def _tuple_reader(read_list: Convert) -> Convert:
    def read_tuple(value: Any) -> tuple[Any, ...]:
        return tuple(read_list(value))

    return read_tuple


@functools.cache
def _dataclass_reader(tp: type) -> Convert:
    """The reading of an object as dataclass ``tp``: known fields only, each read as its
    type, the fields added later absent from it set to their ``stored_before`` value."""

    def read_dataclass(value: Any) -> Any:
        if type(value) is not dict and not isinstance(value, Mapping):
            raise ValueError(f"expected an object for {tp.__name__}, got {value!r}")
        layout = _layout(tp)
        if layout.in_order is not None and type(value) is dict and tuple(value) == layout.order:
            # Every field, in field order (as to_plain writes them): passing them by
            # position is the same call, several times faster than by name.
            return tp(
                *[
                    v if type(v) is as_is else read(v)
                    for v, (as_is, read) in zip(value.values(), layout.in_order, strict=True)
                ]
            )
        if not layout.names.issuperset(value):
            unknown = sorted(set(value) - layout.names)
            raise ValueError(f"unknown fields for {tp.__name__}: {unknown}")
        given = {
            k: v if type(v) is layout.as_is[k] else layout.readers[k](v) for k, v in value.items()
        }
        if layout.renamed:
            given = {layout.renamed.get(k, k): v for k, v in given.items()}
        return tp(**{**layout.absent, **given}) if layout.absent else tp(**given)

    return read_dataclass


class _Layout(NamedTuple):
    """How to read the fields of a dataclass (by their JSON keys: see :func:`stored_as`)."""

    order: tuple[str, ...]
    """The fields' keys in order."""
    names: frozenset[str]
    """The fields' keys."""
    renamed: dict[str, str]
    """The field's name of each key that is not the name."""
    readers: dict[str, Convert]
    """Each field's reader."""
    as_is: dict[str, type]
    """Each field's :func:`_as_is` type."""
    absent: dict[str, Any]
    """The values of fields absent in states stored before they existed."""
    in_order: tuple[tuple[type, Convert], ...] | None
    """Each field's ``as_is`` type and reader in field order, if the dataclass takes its
    fields by position in that order (``None``: by name only)."""


@functools.cache
def _layout(tp: type) -> _Layout:
    """The :class:`_Layout` of a dataclass, made on its first reading (resolving the type
    hints is slow, and a dataclass may refer to itself)."""
    fields = dataclasses.fields(tp)
    hints = get_type_hints(tp)
    keys = {f.metadata.get(JSON_KEY, f.name): f.name for f in fields}
    order = tuple(keys)
    readers = {key: _reader(hints[name]) for key, name in keys.items()}
    as_is = {key: _as_is(hints[name]) for key, name in keys.items()}
    renamed = {key: name for key, name in keys.items() if key != name}
    absent = {f.name: f.metadata[STORED_BEFORE] for f in fields if STORED_BEFORE in f.metadata}
    in_order = (
        tuple((as_is[key], readers[key]) for key in order)
        if _takes_in_order(tp, tuple(keys.values()))
        else None
    )
    return _Layout(order, frozenset(order), renamed, readers, as_is, absent, in_order)


def _takes_in_order(tp: type, names: tuple[str, ...]) -> bool:
    """Whether ``tp(*values)`` binds the same as ``tp(**dict(zip(names, values)))``: its
    parameters are exactly ``names``, in order, each positional or keyword."""
    try:
        params = inspect.signature(tp).parameters.values()
    except (TypeError, ValueError):  # no signature to be had: call by name
        return False
    return tuple(p.name for p in params) == names and all(
        p.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD for p in params
    )


def _read_bool(value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"expected true/false, got {value!r}")
    return value


def _read_int(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"expected an integer, got {value!r}")
    return value


def _read_str(value: Any) -> str:
    if not isinstance(value, str):
        raise ValueError(f"expected a string, got {value!r}")
    return value


def _unsupported_reader(tp: Any) -> Convert:
    # Raised on reading, not on making the reader: an optional field of such a type
    # reads ``None`` as it always did.
    def read_unsupported(value: Any) -> Any:
        raise TypeError(f"unsupported type {tp!r}")

    return read_unsupported


def copy_plain(value: T) -> T:
    """A deep, independent copy: what ``from_plain(to_plain())`` gives, nothing shared.

    Every turn starts with one, and going through the JSON form (reading every field's
    type hints on the way back) was most of a turn's time: this walks the same dataclasses
    and lists directly.
    """
    copied: T = _copy(value)
    return copied


def _copy(value: Any) -> Any:
    cls = type(value)
    if cls in _ATOMIC:
        return value  # immutable: shared as the JSON round trip would share an int
    if cls is list:
        return [v if type(v) in _ATOMIC else _copy(v) for v in value]
    if dataclasses.is_dataclass(cls):
        return _copier(cls)(value)
    raise TypeError(f"cannot store {cls.__name__} in the state")


@functools.cache
def _copier(cls: type) -> Convert:
    """A copy of an instance of dataclass ``cls``, its fields copied one by one in order
    (passed by position where that is the same call: several times faster)."""
    names = tuple(f.name for f in dataclasses.fields(cls))
    if _takes_in_order(cls, names):
        return lambda value: cls(
            *[
                v if type(v) in _ATOMIC else _copy(v)
                for name in names
                for v in [getattr(value, name)]
            ]
        )
    return lambda value: cls(
        **{
            name: v if type(v) in _ATOMIC else _copy(v)
            for name in names
            for v in [getattr(value, name)]
        }
    )


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


class TaggedState:
    """Base of a game state dataclass stored in its tagged JSON form (:func:`to_tagged`),
    declared with its kind and format: ``class AshesState(TaggedState, kind="ashes",
    fmt=1)``. Both come first in the JSON; reading refuses a state of another kind or
    format."""

    json_kind: ClassVar[str]
    json_format: ClassVar[int]

    def __init_subclass__(cls, *, kind: str, fmt: int, **rest: Any) -> None:
        super().__init_subclass__(**rest)
        cls.json_kind, cls.json_format = kind, fmt

    def to_json(self) -> dict[str, JSONValue]:
        """The state's JSON form: ``format`` and ``kind`` first, then its fields."""
        return to_tagged(self, self.json_kind, self.json_format)

    @classmethod
    def from_json(cls, data: Mapping[str, JSONValue]) -> Self:
        """Inverse of :meth:`to_json`."""
        return from_tagged(cls, data, cls.json_kind, cls.json_format)
