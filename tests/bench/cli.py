"""The command line the benchmark scripts share (imported by them as a sibling module, like
timing.py): the options report.py passes (``--quick``, ``--json``) and the figures printed
either as one JSON line for report.py or as lines for a reader."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from pathlib import Path


def tree_bench_args(description: str, quick: str, repeats: int | None = None) -> argparse.Namespace:
    """The arguments of a benchmark report.py runs on a source tree: with ``repeats`` an
    optional count of repeats (``repeats`` its default), ``--quick`` (``quick`` says what it
    cuts) and ``--json``."""
    parser = argparse.ArgumentParser(description=description)
    if repeats is not None:
        parser.add_argument("repeats", nargs="?", type=int, default=repeats)
    parser.add_argument("--quick", action="store_true", help=quick)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    return parser.parse_args()


def show(figures: dict[str, float], as_json: bool, *lines: str) -> None:
    """``figures`` as one line of JSON (``--json``: report.py reads the last line), else
    ``lines``, their wording for a reader."""
    print(json.dumps(figures) if as_json else "\n".join(lines))


def run_tree_bench(
    description: str,
    measure: Callable[[int], dict[str, float]],
    report: str,
    *,
    repeats: tuple[int, int] = (7, 3),
    quick: str = "3 repeats",
    counted: bool = True,
) -> None:
    """The ``main`` of a benchmark report.py runs on a source tree: ``measure`` with the
    count of repeats, ``repeats`` (in full, with ``--quick``), and ``show`` its figures,
    worded for a reader by the template ``report`` (the figures by their keys, the count as
    ``{repeats}``). ``counted``: the full count may be given on the command line."""
    full, cut = repeats
    args = tree_bench_args(description, quick, full if counted else None)
    count = cut if args.quick else (args.repeats if counted else full)
    figures = measure(count)
    show(figures, args.json, report.format_map({**figures, "repeats": count}))


def tell(figures: dict[str, float], as_json: bool, line: str) -> None:
    """A mail benchmark's ``line`` for a reader, and after it (``--json``) ``figures`` as
    the one line of JSON report.py reads."""
    print(line)
    if as_json:
        print(json.dumps(figures))


def mail_bench_parser(description: str, quick: str, profile: str) -> argparse.ArgumentParser:
    """The options of both mail benchmarks (Dovecot and a server process): ``--runs``,
    ``--backend``, ``--profile`` (``profile`` says where the stacks go), ``--quick``
    (``quick`` says what it cuts) and ``--json``; each adds its own sizes."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--backend", choices=["sqlite", "postgresql"], default="sqlite")
    parser.add_argument("--profile", type=Path, help=profile)
    parser.add_argument("--quick", action="store_true", help=quick)
    parser.add_argument("--json", action="store_true", help="last line: the medians as JSON")
    return parser


def mail_bench_args(
    parser: argparse.ArgumentParser, **sizes: tuple[int, int | None]
) -> argparse.Namespace:
    """The command line of a mail benchmark whose own sizes are ``sizes``: each an option
    ``--name`` taking a number, given as its default and what ``--quick`` cuts it to
    (``None``: not cut)."""
    for name, (default, _) in sizes.items():
        parser.add_argument(f"--{name}", type=int, default=default)
    args = parser.parse_args()
    if args.quick:
        for name, (_, cap) in sizes.items():
            if cap is not None:
                setattr(args, name, min(getattr(args, name), cap))
    return args
