"""Sources, coastlines and the flow of rivers on the map picture (Strategie 1.3: the map
holds "Flüsse, Quellen und Küstenlinien" within the realm's sight; docs/rules-wdw.md,
"Map and report"): in the view from the fields the realm knows, drawn by the host's
picture with their legend from the catalogs."""

from __future__ import annotations

from engine.views import MapEdge, MapPath
from mailserver.printouts.map_svg import legend, map_svg, swatch
from tests.wdw.helpers import GAME, sample
from tests.wdw.test_map_lines import EXAMPLE, on_map


def test_the_gms_picture_marks_the_source_the_coast_and_the_flow() -> None:
    view = GAME.map_view(sample(map=EXAMPLE), 0, "en")
    assert [p.number for p in view.places if "source" in p.marks] == [137]
    coast = {(e.place, e.side) for e in view.edges if e.line == "coast"}
    # Every land field beside the water column 1/8 … 1/48, e.g. 1/39 east of 1/40.
    assert {(139, 2), (131, 2), (115, 1), (115, 3)} <= coast and (139, 1) not in coast
    assert all(e.flow == 0 for e in view.edges if e.line == "coast")
    paths = {p.place: p for p in view.paths}
    assert paths[137] == MapPath(137, (2,), "river", (2,))
    assert paths[138] == MapPath(138, (5, 2), "navigable", (2,))
    assert MapEdge(104, 2, "navigable", 1) in view.edges  # flowing south


def test_the_picture_draws_arrowheads_the_source_ring_and_coastlines() -> None:
    view = GAME.map_view(sample(map=EXAMPLE), 0, "de")
    svg = map_svg(view)
    assert svg.count('class="source"') == 2  # on 1/37 and in the legend
    assert 'class="flow-river"' in svg and 'class="flow-navigable"' in svg
    assert 'class="line-coast"' in svg and 'stroke="#123a66"' in svg
    texts = {e.symbol: e.text for e in legend(view)}
    assert texts["source"] == "blauer Ring: hier entspringt ein Fluss (Quelle)"
    assert texts["flow"] == "Pfeilspitze am Fluss: seine Fließrichtung"
    assert ("line", "Küstenlinie") in [(e.symbol, e.text) for e in legend(view)]
    english = {e.symbol: e.text for e in legend(GAME.map_view(sample(map=EXAMPLE), 0, "en"))}
    assert english["source"] == "blue ring: a river rises here (source)"
    assert english["flow"] == "arrowhead on a river: the way it flows"
    flow = next(e for e in legend(view) if e.symbol == "flow")
    assert "<path" in swatch(flow) and "#2f6fc4" in swatch(flow)
    source = next(e for e in legend(view) if e.symbol == "source")
    assert 'class="source"' in swatch(source)  # the web page's legend


def test_a_realm_sees_a_coastline_only_where_it_knows_the_water() -> None:
    inland = GAME.map_view(on_map(EXAMPLE, ["1/39"]), 1, "en")
    assert not [e for e in inland.edges if e.line == "coast"]
    shore = GAME.map_view(on_map(EXAMPLE, ["1/39", "1/40"]), 1, "en")
    assert [e for e in shore.edges if e.line == "coast"] == [MapEdge(139, 2, "coast")]


def test_a_realm_sees_the_source_and_the_flow_only_of_the_fields_it_knows() -> None:
    view = GAME.map_view(on_map(EXAMPLE, ["1/38"]), 1, "en")
    assert not any("source" in p.marks for p in view.places)
    assert view.paths == (MapPath(138, (5, 2), "navigable", (2,)),)
    assert "source" not in {e.symbol for e in legend(view)}
    none = GAME.map_view(on_map(EXAMPLE, ["1/18"]), 1, "en")
    assert "flow" not in {e.symbol for e in legend(none)}
