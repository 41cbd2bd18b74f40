"""The galaxy map: planets, their start values and the distance table (Ashes 0.1, 8).

A map is a text table (``galaxy-standard.txt`` in this package for the standard game,
errata in ``ERRATA.md`` next to it); a GM can load another one for a variant (Ashes 8).
Parsing is pure; only :func:`standard_galaxy` reads the packaged file (package data,
through :mod:`importlib.resources`).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from importlib import resources

PR_DENOMINATOR = 60  # the original program normalised production to 60 (data README)


@dataclass(frozen=True)
class PlanetInfo:
    """One planet's standard name and start values (before the game's first turn)."""

    number: int
    name: str
    a: int
    hd: int
    pr: Fraction
    fi: int
    tr: int
    pdu: int


@dataclass(frozen=True)
class Galaxy:
    """A map of planets with the symmetric distance classes between them."""

    planets: tuple[PlanetInfo, ...]
    distances: tuple[tuple[int, ...], ...]
    aliases: Mapping[str, int] = field(default_factory=dict)
    """Other spellings of standard names, e.g. ``Erde`` for Earth (1)."""

    @property
    def size(self) -> int:
        return len(self.planets)

    def planet(self, number: int) -> PlanetInfo:
        return self.planets[number - 1]

    def distance(self, a: int, b: int) -> int:
        """Distance class from a to b: 0 = (D) arrives this turn, 1 = (D+1), ..."""
        return self.distances[a - 1][b - 1]

    def pair_distances(self) -> dict[tuple[int, int], int]:
        """The distance class of every pair of planets, the lower number first: what a
        map of the galaxy draws (:attr:`engine.views.MapView.distances`)."""
        return {
            (a.number, b.number): self.distance(a.number, b.number)
            for a in self.planets
            for b in self.planets
            if a.number < b.number
        }

    def name_index(self) -> dict[str, int]:
        """Every accepted spelling (folded, see :func:`fold_name`) to its planet number."""
        index = {fold_name(p.name): p.number for p in self.planets}
        index.update({fold_name(alias): n for alias, n in self.aliases.items()})
        return index

    def spellings(self) -> dict[str, int]:
        """Every accepted spelling as written (standard names and aliases)."""
        names = {p.name: p.number for p in self.planets}
        names.update(self.aliases)
        return names


def fold_name(name: str) -> str:
    """Normalise a planet name for comparison: case, apostrophes, spaces, accents."""
    text = unicodedata.normalize("NFKD", name)
    text = "".join(c for c in text if not unicodedata.combining(c))
    text = re.sub(r"['’`´]", "", text.casefold())
    return re.sub(r"\s+", " ", text).strip()


class GalaxyFormatError(ValueError):
    """The map file is not a valid galaxy table."""


_DIST = {"x": -1, "0": 0, "1": 1, "2": 2, "3": 3}


def parse_galaxy(text: str) -> Galaxy:
    """Read a galaxy table (the format of ``engine/ashesmap/galaxy-standard.txt``)."""
    rows: list[tuple[PlanetInfo, list[int]]] = []
    aliases: dict[str, int] = {}
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or (line.startswith("#") and not line.startswith("#  Planeten")):
            continue
        if line.startswith("#"):
            continue
        if line.startswith("@alias"):
            _, alias_number, name = line.split(maxsplit=2)
            aliases[name.strip()] = int(alias_number)
            continue
        if line.startswith("@"):
            continue  # other annotations (@original) are documentation only
        tokens = line.split()
        try:
            number = int(tokens[0])
            i = 1
            while tokens[i] not in _DIST:
                i += 1
            name = " ".join(tokens[1:i])
            dist_tokens = tokens[i:-6]
            a, hd, pr, fi, tr, pdu = tokens[-6:]
            distances = [_DIST[t] for t in dist_tokens]
            info = PlanetInfo(
                number=number,
                name=name,
                a=int(a),
                hd=int(hd),
                pr=Fraction(round(Fraction(pr) * PR_DENOMINATOR), PR_DENOMINATOR),
                fi=int(fi),
                tr=int(tr),
                pdu=int(pdu),
            )
        except (IndexError, ValueError, KeyError) as exc:
            raise GalaxyFormatError(f"line {lineno}: cannot read planet row: {raw!r}") from exc
        rows.append((info, distances))
    size = len(rows)
    for expected, (info, dist) in enumerate(rows, 1):
        if info.number != expected:
            raise GalaxyFormatError(f"planet {info.number} out of order (expected {expected})")
        if len(dist) != size:
            raise GalaxyFormatError(f"planet {info.number}: {len(dist)} distances, need {size}")
        if dist[expected - 1] != -1:
            raise GalaxyFormatError(f"planet {info.number}: its own distance must be 'x'")
    for i, (_, da) in enumerate(rows):
        for j, (_, db) in enumerate(rows):
            if da[j] != db[i]:
                raise GalaxyFormatError(f"distance table not symmetric at {i + 1}/{j + 1}")
    for alias, target in aliases.items():
        if not 1 <= target <= size:
            raise GalaxyFormatError(f"alias {alias!r} names planet {target}, which is not there")
    return Galaxy(
        planets=tuple(info for info, _ in rows),
        distances=tuple(tuple(d) for _, d in rows),
        aliases=aliases,
    )


@cache
def standard_galaxy() -> Galaxy:
    """The standard 40-planet galaxy with the errata of docs/rules-ashes.md applied."""
    text = resources.files("engine.ashesmap").joinpath("galaxy-standard.txt").read_text("utf-8")
    return parse_galaxy(text)


def load_galaxy(text: str | None) -> Galaxy:
    """The galaxy of a game: the standard map for ``None``, else the given map text."""
    return standard_galaxy() if text is None else _parse_cached(text)


@cache
def _parse_cached(text: str) -> Galaxy:
    return parse_galaxy(text)
