"""Project-wide checks: lint, format, types, and that CI runs the README's test command."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=ROOT, capture_output=True, text=True, check=False)


def test_ruff_lint_is_clean() -> None:
    result = run(sys.executable, "-m", "ruff", "check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_format_is_clean() -> None:
    result = run(sys.executable, "-m", "ruff", "format", "--check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_is_clean_on_the_packages() -> None:
    result = run(sys.executable, "-m", "mypy")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ci_runs_exactly_the_readme_test_command() -> None:
    readme = (ROOT / "README.md").read_text("utf-8").splitlines()
    commands = [line.strip() for line in readme[:6] if line.startswith("    ")]
    assert len(commands) == 2, "the README must open with the run and the test command"
    ci_lines = [
        line
        for line in (ROOT / ".ci" / "run").read_text("utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    ]
    assert ci_lines[-1].replace("pip install -q ", "pip install ") == commands[1]
