"""``pbem parse --json`` answers every refusal with JSON on stdout and an exit code of its
own: 3 for a text the server's limits refuse unread (a mail too big,
too many lines, a 3 MB random file), 2 for a wrong command line, 1 only for order
errors."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from config.limits import LimitSettings
from mailserver.app.cli.main import REFUSED, app

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE_MAIL = ROOT / "config" / "examples" / "ashes-orders.eml"
LIMITS = LimitSettings()
HEADER = "Partie 227 Spieler 2 Kennwort x\n"

runner = CliRunner()


pytestmark = pytest.mark.usefixtures("own_folder")


def parse_json(*args: str, code: int, stdin: bytes | None = None) -> dict[str, Any]:
    """``pbem parse --json ARGS``: it must exit with ``code``, print one JSON object on
    stdout and nothing on stderr. That object."""
    result = runner.invoke(app, ["parse", "--json", *args], input=stdin)
    assert result.exit_code == code, (result.output, result.exception)
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert result.stderr == ""
    answer = json.loads(result.stdout)
    assert isinstance(answer, dict)
    return answer


def test_a_mail_over_the_size_limit_is_refused_as_json_with_exit_3() -> None:
    big = (HEADER + "x" * (LIMITS.max_mail_bytes + 10)).encode()
    answer = parse_json("-", "--lang", "en", code=REFUSED, stdin=big)
    assert answer["ok"] is False and answer["refused"] == "too_big"
    assert answer["max_bytes"] == LIMITS.max_mail_bytes and "kB" in answer["error"]


def test_a_text_with_too_many_lines_is_refused_as_json_with_exit_3(tmp_path: Path) -> None:
    text = tmp_path / "orders.txt"
    text.write_text(HEADER + "HP=10\n" * (LIMITS.max_order_lines + 5))
    answer = parse_json(str(text), code=REFUSED)
    assert answer["refused"] == "too_long" and answer["max_lines"] == LIMITS.max_order_lines
    assert answer["lines"] > LIMITS.max_order_lines and "Zeilen" in answer["error"]


def test_a_3_mb_random_file_is_refused_as_json_with_exit_3(tmp_path: Path) -> None:
    junk = tmp_path / "junk.bin"
    junk.write_bytes(random.Random(26).randbytes(3_000_000))
    answer = parse_json(str(junk), "--lang", "en", code=REFUSED)
    assert answer["ok"] is False and answer["refused"] == "too_long"
    assert "lines" in answer["error"]


def test_a_wrong_command_line_is_json_with_exit_2(tmp_path: Path) -> None:
    missing = parse_json(str(tmp_path / "nope.eml"), "--lang", "en", code=2)
    assert missing["refused"] == "file_missing" and "There is no file" in missing["error"]
    unreadable = parse_json(str(tmp_path), code=2)
    assert unreadable["refused"] == "file_unreadable"
    kind = parse_json(str(EXAMPLE_MAIL), "--game", "chess", code=2)
    assert kind["refused"] == "unknown_kind" and "ashes" in kind["kinds"]


def test_orders_still_answer_with_their_json_and_exit_0_or_1() -> None:
    good = parse_json("-", code=0, stdin=(HEADER + "HP=10\n").encode())
    assert "refused" not in good and good["orders"][0]["kind"] == "homeplanet"
    bad = parse_json("-", code=1, stdin=(HEADER + "HP=zehn\n").encode())
    assert "refused" not in bad and bad["errors"]


def test_without_json_a_refusal_is_one_line_on_stderr_with_exit_3() -> None:
    result = runner.invoke(app, ["parse", "-", "--lang", "en"], input=HEADER + "x\n" * 5000)
    assert result.exit_code == REFUSED and result.stdout == ""
    (line,) = result.stderr.splitlines()
    assert line.startswith("Error: ") and "lines" in line
