"""The layer rules of the design, checked on the code (import-linter and a scan).

engine imports nothing of ours but engine.core; grammar only engine; db no game and no
service; config nothing; nothing in mailserver, db or config names a game; the engine
does no file I/O (a game's data comes from its own package with importlib.resources).
"""

from __future__ import annotations

import ast
import re
import shutil
import subprocess
import sys
from pathlib import Path

from engine.registry import kinds

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("engine", "grammar", "db", "mailserver", "config")
LINT = [
    sys.executable,
    "-c",
    "from importlinter.cli import lint_imports_command; lint_imports_command()",
]


def _lint(root: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*LINT, "--config", str(root / "pyproject.toml"), "--no-cache"],
        cwd=root,
        env={"PYTHONPATH": str(root), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_import_contracts_are_kept() -> None:
    result = _lint(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "broken" not in result.stdout.lower() or " 0 broken" in result.stdout


def test_a_forbidden_import_breaks_the_contracts(tmp_path: Path) -> None:
    for package in PACKAGES:
        shutil.copytree(
            ROOT / package, tmp_path / package, ignore=shutil.ignore_patterns("__pycache__")
        )
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    assert _lint(tmp_path).returncode == 0
    rules = tmp_path / "engine" / "ashes" / "rules.py"
    rules.write_text(
        rules.read_text("utf-8") + "\nimport mailserver.common.kinds  # noqa\n", "utf-8"
    )
    result = _lint(tmp_path)
    assert result.returncode != 0
    assert "engine.ashes.rules -> mailserver.common.kinds" in result.stdout


def test_the_host_names_no_game() -> None:
    # The plain check: grep -rEi 'ashes|engine\.ashes|grammar\.ashes' mailserver db config,
    # for every registered kind.
    names = "|".join(sorted(k.name for k in kinds()))
    pattern = re.compile(rf"{names}|\bengine\.({names})|grammar\.({names})", re.IGNORECASE)
    assert pattern.search("ashes") and pattern.search("starweb")
    found = [
        f"{path.relative_to(ROOT)}:{number}"
        for folder in ("mailserver", "db", "config")
        for path in sorted((ROOT / folder).rglob("*"))
        if path.suffix in (".py", ".html", ".js", ".toml", ".ini")
        for number, line in enumerate(path.read_text("utf-8").splitlines(), 1)
        if pattern.search(line)
    ]
    assert found == []


_IO_CALLS = {"open", "read_text", "read_bytes", "write_text", "write_bytes", "listdir", "scandir"}
_IO_MODULES = {"os", "pathlib", "shutil", "io"}
_IO_WORDS = re.compile(rf"\b({'|'.join(sorted(_IO_CALLS | _IO_MODULES))})\b")
"""A file without one of these words has no such call or import: it is not parsed."""


def test_the_engine_does_no_file_io() -> None:
    offenders = []
    for path in sorted((ROOT / "engine").rglob("*.py")):
        source = path.read_text("utf-8")
        if not _IO_WORDS.search(source):
            continue
        tree = ast.parse(source)
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                func = node.func
                name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
                # importlib.resources' files(...).joinpath(...).read_text() reads package data.
                if name in _IO_CALLS and "resources" not in ast.unparse(func):
                    offenders.append(f"{path.relative_to(ROOT)}:{node.lineno}: {ast.unparse(node)}")
            if isinstance(node, ast.ImportFrom | ast.Import):
                names = [a.name for a in node.names] + [getattr(node, "module", "") or ""]
                if any(n in _IO_MODULES for n in names):
                    offenders.append(f"{path.relative_to(ROOT)}:{node.lineno}: imports {names}")
    assert offenders == []
