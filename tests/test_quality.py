"""Project-wide checks: lint, format, types, and that CI runs the README's test command."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=ROOT, capture_output=True, text=True, check=False)


def test_ruff_lint_is_clean() -> None:
    result = run(sys.executable, "-m", "ruff", "check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_format_is_clean() -> None:
    result = run(sys.executable, "-m", "ruff", "format", "--check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.slow  # mypy over every package: over ten seconds
def test_mypy_is_clean_on_the_packages() -> None:
    result = run(sys.executable, "-m", "mypy")
    assert result.returncode == 0, result.stdout + result.stderr


def readme_commands() -> list[str]:
    """The two commands the README opens with: the demo and the tests."""
    readme = (ROOT / "README.md").read_text("utf-8").splitlines()
    commands = [line.strip() for line in readme[:6] if line.startswith("    ")]
    assert len(commands) == 2, "the README must open with the run and the test command"
    return commands


def test_ci_runs_exactly_the_readme_test_command() -> None:
    commands = readme_commands()
    ci_lines = [
        line
        for line in (ROOT / ".ci" / "run").read_text("utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    ]
    assert ci_lines[-1] == commands[1]


def test_the_readme_commands_install_into_a_virtual_environment() -> None:
    # Debian's python3 refuses pip outside a virtual environment (PEP 668): each command
    # makes .venv and runs only its programs, so that it works there as it is written.
    for command in readme_commands():
        first, *rest = command.split(" && ")
        assert first == "python3 -m venv .venv", command
        assert rest and all(step.startswith(".venv/bin/") for step in rest), command


def test_ci_names_only_files_that_exist() -> None:
    text = (ROOT / ".ci" / "run").read_text("utf-8")
    named = set(re.findall(r"(?:docs|\.ci)/[\w.-]*\w", text))
    assert {"docs/testing.md", ".ci/pg_test_role.sql"} <= named
    assert all((ROOT / name).is_file() for name in named), named
    assert run("bash", "-n", ".ci/run").returncode == 0
