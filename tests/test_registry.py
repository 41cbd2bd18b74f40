"""engine.registry: the one list of game kinds, plus kinds registered at run time."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from collections.abc import Iterator

import pytest

from engine import registry
from engine.ashes.kind import ASHES
from engine.ashes_board.kind import ASHES_BOARD
from engine.core import KindContractError, TurnShape
from engine.registry import KINDS, Shipped, UnknownGameKind, kind, kinds, register, titles
from engine.spacewar.kind import SPACEWAR
from engine.starweb.kind import STARWEB
from engine.wdw.kind import WDW
from tests.toykind.kind import TOY, TOY_GM, TOY_STEPPED

BUILT_IN = (ASHES, STARWEB, ASHES_BOARD, SPACEWAR, WDW)


@pytest.fixture
def clean_registry() -> Iterator[None]:
    saved = dict(registry._registered)
    yield
    registry._registered.clear()
    registry._registered.update(saved)


def test_ashes_is_registered_and_the_default() -> None:
    assert KINDS[0].load() is ASHES
    assert kind("ashes") is ASHES
    assert kinds()[0] is ASHES


def test_each_listed_kind_loads_as_the_kind_of_its_name_and_title() -> None:
    assert kinds() == BUILT_IN
    assert titles() == {k.name: k.title for k in BUILT_IN}


def test_a_listed_kind_that_is_another_kind_is_refused_naming_it() -> None:
    wrong = Shipped("ashes", "Ashes", "engine.starweb.kind:STARWEB", "grammar.starweb")
    with pytest.raises(KindContractError, match=r"engine.starweb.kind:STARWEB is not .*'ashes'"):
        wrong.load()


def test_each_listed_kind_lists_its_own_grammar_and_printout_headings() -> None:
    assert [entry.headings for entry in KINDS] == [k.printout_headings for k in BUILT_IN]
    assert all(entry.headings for entry in KINDS)
    assert [entry.grammar for entry in KINDS] == [k.grammar for k in BUILT_IN]
    assert [registry.grammar(k.name) for k in BUILT_IN] == [k.grammar for k in BUILT_IN]


@pytest.mark.usefixtures("clean_registry")
def test_the_grammar_of_a_kind_registered_at_run_time_is_its_own() -> None:
    register(TOY)
    assert registry.grammar(TOY.name) == TOY.grammar
    with pytest.raises(UnknownGameKind):
        registry.grammar("chess")


def test_a_listed_kind_with_other_grammar_or_headings_is_refused() -> None:
    wrong = dataclasses.replace(KINDS[1], headings=("=== a heading Starweb never prints",))
    with pytest.raises(KindContractError, match=r"STARWEB: its grammar or printout headings"):
        wrong.load()
    with pytest.raises(KindContractError, match=r"STARWEB: its grammar or printout headings"):
        dataclasses.replace(KINDS[1], grammar="grammar.ashes").load()


@pytest.mark.usefixtures("clean_registry")
def test_the_headings_are_every_kinds_once_with_those_registered_at_run_time() -> None:
    register(TOY)
    every = registry.headings()
    assert every[: len(ASHES.printout_headings)] == ASHES.printout_headings
    assert set(every) == {h for k in (*BUILT_IN, TOY) for h in k.printout_headings}
    assert len(every) == len(set(every))


@pytest.mark.parametrize("listing", ["titles()", "headings()", "grammar('starweb')"])
def test_titles_headings_and_grammars_are_known_without_importing_a_kind(listing: str) -> None:
    code = (
        f"import sys; from engine import registry; registry.{listing}; "
        "print(sorted(m for m in sys.modules if m.startswith(('engine.ashes', "
        "'engine.starweb', 'engine.spacewar'))))"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert loaded.stdout.strip() == "[]"


def test_an_unknown_kind_names_the_known_ones() -> None:
    with pytest.raises(
        UnknownGameKind, match=r"'chess'.*known: ashes, starweb, ashes-board, spacewar, wdw"
    ) as err:
        kind("chess")
    assert isinstance(err.value, LookupError)


@pytest.mark.usefixtures("clean_registry")
def test_kinds_registered_at_run_time() -> None:
    toy = dataclasses.replace(ASHES, name="toy", title="Toy")
    register(toy)
    register(toy)
    assert kind("toy") is toy
    assert kinds() == (*BUILT_IN, toy)
    newer = dataclasses.replace(toy, title="Toy 2")
    register(newer)
    assert kind("toy") is newer and kinds() == (*BUILT_IN, newer)
    known = "known: ashes, starweb, ashes-board, spacewar, wdw, toy"
    with pytest.raises(UnknownGameKind, match=known):
        kind("nope")
    assert titles()["toy"] == "Toy 2"


def test_a_built_in_kind_cannot_be_replaced() -> None:
    register(ASHES)
    assert kinds() == BUILT_IN
    with pytest.raises(ValueError, match="built in"):
        register(dataclasses.replace(ASHES, title="Other"))


class _PlainEngine:
    """An engine with the simultaneous methods only (no awaiting/step_name, no dossier)."""

    def __getattr__(self, name: str) -> object:
        if name in ("awaiting", "step_name", "dossier", "apply_reports", "describe_order"):
            raise AttributeError(name)
        return getattr(ASHES.engine, name)


def test_a_stepped_kind_without_step_methods_is_refused_naming_them() -> None:
    with pytest.raises(KindContractError, match=r"'bare'.*Stepped methods.*stepped"):
        dataclasses.replace(ASHES, name="bare", engine=_PlainEngine(), shape=TurnShape.STEPPED)


def test_an_adjudicated_kind_without_dossier_is_refused_naming_it() -> None:
    with pytest.raises(KindContractError, match=r"Adjudicated methods"):
        dataclasses.replace(
            ASHES, name="bare", engine=_PlainEngine(), shape=TurnShape.GM_ADJUDICATED
        )


def test_bots_without_orders_are_refused() -> None:
    with pytest.raises(KindContractError, match=r"bots with an orders\(\) method"):
        dataclasses.replace(ASHES, name="bare", bots=object())  # type: ignore[arg-type]


def test_a_kind_whose_defaults_or_map_option_no_gm_may_set_is_refused_naming_them() -> None:
    with pytest.raises(KindContractError, match=r"'bare' has options no GM may set: fog$"):
        dataclasses.replace(ASHES, name="bare", host_options={"fog": 1})
    with pytest.raises(KindContractError, match=r"no GM may set: map$"):
        dataclasses.replace(WDW, name="bare", gm_options=WDW.gm_options - {"map"})


def test_every_shipped_kind_takes_the_options_it_documents_and_no_others() -> None:
    # Welt der Waben declares its names only: its rates and file texts have no JSON defaults.
    assert WDW.unknown_options(["sight_radius", "max_rounds", "map", "scenario"]) == []
    for shipped in BUILT_IN:
        assert shipped.unknown_options([*shipped.options, "fog", "bogus"]) == ["bogus", "fog"]


@pytest.mark.usefixtures("clean_registry")
def test_register_refuses_a_kind_whose_capabilities_went_missing() -> None:
    toy = dataclasses.replace(TOY_STEPPED, name="toy-broken")
    object.__setattr__(toy, "engine", _PlainEngine())
    with pytest.raises(KindContractError, match=r"'toy-broken' lacks the engine's Stepped"):
        register(toy)
    assert "toy-broken" not in [k.name for k in kinds()]


def test_capabilities_are_reached_by_typed_accessors() -> None:
    assert TOY_STEPPED.stepped is TOY_STEPPED.engine
    assert TOY_GM.adjudicated is TOY_GM.engine
    assert STARWEB.acknowledging is STARWEB.engine
    assert TOY.acknowledging is None
    with pytest.raises(KindContractError, match="'ashes' is not stepped"):
        _ = ASHES.stepped
    with pytest.raises(KindContractError, match="'toy-stepped' is not GM-adjudicated"):
        _ = TOY_STEPPED.adjudicated


class _CalculatingEngine(_PlainEngine):
    """An engine that offers calculators besides the simultaneous methods."""

    def calculators(self, state: object, seat: int | None, lang: str) -> list[object]:
        return []

    def calculate(
        self, state: object, seat: int | None, key: str, params: object, lang: str
    ) -> str:
        return ""


def test_calculators_are_reached_by_their_accessor_and_absent_when_not_offered() -> None:
    offering = dataclasses.replace(ASHES, name="calc", engine=_CalculatingEngine())
    assert offering.calculating is offering.engine
    assert ASHES.calculating is None
    assert dataclasses.replace(ASHES, name="bare", engine=_PlainEngine()).calculating is None


def test_every_shipped_kind_s_demo_plays_with_a_player_count_the_kind_takes() -> None:
    for shipped in BUILT_IN:
        assert shipped.min_players <= shipped.demo_players <= shipped.max_players, shipped.name


def test_a_kind_with_more_headings_than_listed_loads() -> None:
    # A language added as files (docs/texts.md) adds its headings to the kind's own.
    fewer = dataclasses.replace(KINDS[1], headings=KINDS[1].headings[:1])
    assert fewer.load() is STARWEB
