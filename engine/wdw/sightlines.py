"""What a unit sees from its field (Strategie 6.1 "Sichtungen"): the fields within the
sight radius to which it has a line of sight. A field two or more steps away is hidden
"wenn zwischen ihm und dem entfernten Kleinfeld ein weiteres liegt, das höher liegt als
beide angrenzenden Kleinfelder": read over the map's neighbours, a field is seen when
some shortest way to it has no field between that is higher than both ends."""

from __future__ import annotations

from engine.wdw.mapfile import WorldMap


def visible(the_map: WorldMap, origin: str, radius: int) -> frozenset[str]:
    """The fields seen from ``origin`` (itself included) up to ``radius`` steps away."""
    # ``between[f]``: over the shortest ways to f, the least of the highest field between.
    between: dict[str, int] = {origin: -1}
    seen = {origin}
    layer = [origin]
    for _ in range(radius):
        reached: dict[str, int] = {}
        for here in layer:
            inner = -1 if here == origin else max(between[here], the_map.fields[here].height)
            for there in the_map.fields[here].neighbours:
                if there is None or there in between:
                    continue
                reached[there] = min(reached.get(there, inner), inner)
        between.update(reached)
        layer = sorted(reached)
        top = the_map.fields[origin].height
        seen |= {f for f, h in reached.items() if h <= max(top, the_map.fields[f].height)}
    return frozenset(seen)
