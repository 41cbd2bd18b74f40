"""engine.registry: the one list of game kinds, plus kinds registered at run time."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest

from engine import registry
from engine.ashes.kind import ASHES
from engine.registry import KINDS, UnknownGameKind, kind, kinds, register


@pytest.fixture
def clean_registry() -> Iterator[None]:
    saved = dict(registry._registered)
    yield
    registry._registered.clear()
    registry._registered.update(saved)


def test_ashes_is_registered_and_the_default() -> None:
    assert KINDS[0] is ASHES
    assert kind("ashes") is ASHES
    assert kinds()[0] is ASHES


def test_an_unknown_kind_names_the_known_ones() -> None:
    with pytest.raises(UnknownGameKind, match=r"'chess'.*known: ashes, starweb") as err:
        kind("chess")
    assert isinstance(err.value, LookupError)


@pytest.mark.usefixtures("clean_registry")
def test_kinds_registered_at_run_time() -> None:
    toy = dataclasses.replace(ASHES, name="toy", title="Toy")
    register(toy)
    register(toy)
    assert kind("toy") is toy
    assert kinds() == (*KINDS, toy)
    newer = dataclasses.replace(toy, title="Toy 2")
    register(newer)
    assert kind("toy") is newer and kinds() == (*KINDS, newer)
    with pytest.raises(UnknownGameKind, match="known: ashes, starweb, toy"):
        kind("nope")


def test_a_built_in_kind_cannot_be_replaced() -> None:
    register(ASHES)
    assert kinds() == KINDS
    with pytest.raises(ValueError, match="built in"):
        register(dataclasses.replace(ASHES, title="Other"))
