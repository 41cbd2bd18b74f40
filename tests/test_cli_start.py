"""A command's start imports what that command needs and nothing more: ``pbem --help``
neither the database layer, nor the settings, nor a game kind or its grammar; ``pbem
parse`` one grammar, but neither the settings module nor a kind's engine
(docs/performance.md, "Command start"; tests/bench/bench_start.py times it)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE_MAIL = ROOT / "config" / "examples" / "ashes-orders.eml"

HEAVY = ("sqlalchemy", "sqlmodel", "alembic", "matplotlib", "lark", "pydantic")
"""Libraries a command loads only when it needs them."""
OURS = ("db", "config.settings", "grammar", "engine.ashes", "engine.starweb", "mailserver.gm")


def modules_after(*args: str) -> set[str]:
    """The modules loaded once ``pbem ARGS`` has run (in a fresh interpreter)."""
    code = (
        "import json, sys\n"
        f"sys.argv = ['pbem', *{list(args)!r}]\n"
        "from mailserver.app.cli.main import main\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    return set(json.loads(done.stdout.splitlines()[-1]))


def loaded(modules: set[str], names: tuple[str, ...]) -> list[str]:
    """The modules that are one of ``names`` or inside one of them."""
    return sorted(m for m in modules if any(m == n or m.startswith(n + ".") for n in names))


def test_pbem_help_loads_no_database_settings_kind_or_grammar() -> None:
    modules = modules_after("--help")
    assert "typer" in modules
    assert loaded(modules, HEAVY) == []
    assert loaded(modules, OURS) == []


def test_pbem_parse_loads_the_grammar_but_no_database_settings_or_game_engine() -> None:
    modules = modules_after("parse", str(EXAMPLE_MAIL))
    assert {"lark", "grammar.ashes", "config.limits"} <= modules
    assert loaded(modules, ("sqlalchemy", "sqlmodel", "alembic", "matplotlib", "db")) == []
    assert loaded(modules, ("config.settings", "pydantic_settings")) == []
    engines = ("engine.ashes.kind", "engine.ashes.game", "engine.starweb", "engine.spacewar")
    assert loaded(modules, (*engines, "engine.ashes_board", "engine.wdw")) == []


def test_pbem_parse_of_another_kind_loads_that_kinds_grammar_alone() -> None:
    modules = modules_after("parse", "--game", "starweb", str(EXAMPLE_MAIL))
    assert "grammar.starweb" in modules
    assert loaded(modules, ("grammar.ashes", "engine.starweb.kind", "engine.starweb.game")) == []


# Slow: three interpreters of its own, one of them loading a kind's engine.
@pytest.mark.slow
def test_a_group_loads_its_module_when_it_runs() -> None:
    assert "mailserver.app.cli.gm" not in modules_after("--help")
    assert "mailserver.app.cli.gm" in modules_after("gm", "--help")
    assert "engine.starweb.kind" in modules_after("starweb", "--help")
