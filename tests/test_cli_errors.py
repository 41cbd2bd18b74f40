"""A user's mistake on the ``pbem`` command line is one clear line on stderr, never a
traceback: a missing input file, settings that cannot be used, an unknown ``--lang``."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from mailserver.app.cli.groups import DeferredGroup
from mailserver.app.cli.main import app

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE_MAIL = ROOT / "config" / "examples" / "ashes-orders.eml"

runner = CliRunner()


pytestmark = pytest.mark.usefixtures("own_folder")


def one_error_line(*args: str, code: int) -> str:
    """Run ``pbem ARGS``; it must exit with ``code`` and say exactly one line on stderr,
    with no traceback. That line."""
    result = runner.invoke(app, list(args))
    assert result.exit_code == code, (result.output, result.exception)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and "Traceback" not in result.output, result.output
    return lines[0]


def pbem_process(
    *args: str, cwd: Path | None = None, stdin: str | None = None
) -> subprocess.CompletedProcess[str]:
    """``pbem ARGS`` as a child process, on this checkout's code (not an installed one) and
    without the caller's ``PBEM_`` settings; it must end within a minute."""
    unset = {k: v for k, v in os.environ.items() if not k.startswith("PBEM_")}
    return subprocess.run(
        [sys.executable, "-c", "from mailserver.app.cli.main import main; main()", *args],
        cwd=cwd,
        input=stdin,
        env=unset | {"PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


# -- pbem parse -------------------------------------------------------------------------


def test_parse_of_a_missing_file_says_so(tmp_path: Path) -> None:
    missing = tmp_path / "nope.eml"
    assert one_error_line("parse", str(missing), code=2) == (
        f"Fehler: Die Datei {missing} gibt es nicht."
    )
    assert one_error_line("parse", str(missing), "--lang", "en", code=2) == (
        f"Error: There is no file {missing}."
    )
    line = one_error_line("parse", str(tmp_path), "--lang", "en", code=2)
    assert line.startswith(f"Error: The file {tmp_path} cannot be read: ")


def test_parse_of_an_unknown_game_kind_is_one_line() -> None:
    line = one_error_line("parse", str(EXAMPLE_MAIL), "--game", "chess", code=2)
    assert "Unbekannte Spielart „chess“ (bekannt:" in line


# -- settings ---------------------------------------------------------------------------


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("command", [["serve"], ["gm", "list"]])
def test_settings_that_cannot_be_used_are_one_line(command: list[str], tmp_path: Path) -> None:
    def error(config: Path, lang: str = "en") -> str:
        # serve has no --lang: it speaks English.
        extra = ["--lang", lang] if command[0] == "gm" else []
        return one_error_line(*command, "--config", str(config), *extra, code=1)

    missing = tmp_path / "nope.toml"
    assert error(missing) == f"Error: The configuration file {missing} does not exist."
    assert error(tmp_path).startswith(f"Error: The configuration file {tmp_path} cannot be read")
    bad = write(tmp_path / "bad.toml", 'database_url = "x"\n[imap\n')
    assert error(bad).startswith(f"Error: {bad} is not valid TOML: ")
    assert "line 2" in error(bad)
    binary = tmp_path / "binary.toml"
    binary.write_bytes(b"\xff\xfe\x00")
    assert error(binary) == f"Error: The configuration file {binary} cannot be read: not UTF-8 text"
    typo = write(tmp_path / "typo.toml", 'database_ur = "sqlite:///x.sqlite3"\n')
    assert error(typo) == (
        f"Error: {typo}: unknown setting database_ur; the nearest known one is database_url."
    )
    nested = write(tmp_path / "nested.toml", '[imap]\nhots = "mail.example.org"\n')
    assert error(nested) == (
        f"Error: {nested}: unknown setting imap.hots; the nearest known one is imap.host."
    )
    far = write(tmp_path / "far.toml", "xyzzy = 1\n")
    assert error(far) == f"Error: {far}: unknown setting xyzzy."
    invalid = write(tmp_path / "invalid.toml", '[imap]\nport = "many"\n')
    assert error(invalid).startswith(f"Error: {invalid}: imap.port: Input should be a valid int")


def test_settings_errors_in_the_language_asked_for(tmp_path: Path) -> None:
    typo = write(tmp_path / "typo.toml", '[smtp]\nfrom_adress = "a@example.org"\n')
    assert one_error_line("gm", "list", "--config", str(typo), code=1) == (
        f"Fehler: {typo}: unbekannte Einstellung smtp.from_adress; die nächste bekannte ist "
        "smtp.from_address."
    )
    missing = tmp_path / "nope.toml"
    assert one_error_line("gm", "status", "1", "--config", str(missing), code=1) == (
        f"Fehler: Die Einstellungsdatei {missing} gibt es nicht."
    )


def test_an_unknown_setting_in_the_environment_names_the_variable(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("PBEM_IMAP__HOTS", "mail.example.org")
    assert one_error_line("serve", code=1) == (
        "Error: unknown setting PBEM_IMAP__HOTS; the nearest known one is PBEM_IMAP__HOST."
    )
    monkeypatch.delenv("PBEM_IMAP__HOTS")
    monkeypatch.setenv("PBEM_IMAP__PORT", "many")
    assert one_error_line("gm", "list", "--lang", "en", code=1).startswith(
        "Error: PBEM_IMAP__PORT: Input should be a valid integer"
    )


# -- --lang -----------------------------------------------------------------------------


def all_commands(command: Any, path: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], Any]]:
    """Every command of the tree under ``command``, with the words that call it (the
    groups loaded when they run loaded here)."""
    if isinstance(command, DeferredGroup):
        command = command.loaded()
    if not hasattr(command, "commands"):
        return [(path, command)]
    found = []
    for name, sub in sorted(command.commands.items()):
        found += all_commands(sub, (*path, name))
    return found


def has_lang(command: Any) -> bool:
    return any("--lang" in getattr(param, "opts", ()) for param in command.params)


COMMANDS = all_commands(typer.main.get_command(app))
LANG_COMMANDS = [(path, command) for path, command in COMMANDS if has_lang(command)]


def test_lang_is_on_parse_every_gm_command_and_each_kinds_report() -> None:
    with_lang = {" ".join(path) for path, _ in LANG_COMMANDS}
    gm_commands = {" ".join(path) for path, _ in COMMANDS if path[0] == "gm"}
    assert len(gm_commands) > 15 and gm_commands <= with_lang
    assert {"parse", "ashes report"} <= with_lang


@pytest.mark.parametrize(
    "path,command", LANG_COMMANDS, ids=[" ".join(path) for path, _ in LANG_COMMANDS]
)
def test_an_unknown_language_is_refused_with_the_choices(
    path: tuple[str, ...], command: Any
) -> None:
    # --lang first, so that it is read before anything else; every required value given.
    args = [*path, "--lang", "fr"]
    for param in command.params:
        if param.required:
            args += ["1"] if param.param_type_name == "argument" else [param.opts[0], "1"]
    assert one_error_line(*args, code=2) == "Error: --lang fr: the languages are de and en."


# -- the same through a real process ----------------------------------------------------


@pytest.mark.parametrize(
    "args,code,line",
    [
        (["parse", "nope.eml", "--lang", "en"], 2, "Error: There is no file nope.eml."),
        (["parse", "--lang", "fr", "-"], 2, "Error: --lang fr: the languages are de and en."),
        (
            ["gm", "list", "--config", "typo.toml", "--lang", "en"],
            1,
            "Error: typo.toml: unknown setting gm_adress; the nearest known one is gm_address.",
        ),
        (["serve", "--config", "nope.toml"], 1, "Error: The configuration file nope.toml does"),
    ],
)
@pytest.mark.slow  # pbem as a child process
def test_a_real_process_says_one_line_and_no_traceback(
    tmp_path: Path, args: list[str], code: int, line: str
) -> None:
    write(tmp_path / "typo.toml", 'gm_adress = "gm@example.org"\n')
    result = pbem_process(*args, cwd=tmp_path)
    assert result.returncode == code, result.stderr
    assert "Traceback" not in result.stderr and result.stdout == ""
    (said,) = result.stderr.splitlines()
    assert said.startswith(line)


@pytest.mark.slow  # pbem as a child process
@pytest.mark.parametrize(("lines", "says"), [(200_000, "lines"), (1_000_000, "kB")])
def test_pbem_parse_refuses_a_huge_text_unread_like_the_server(lines: int, says: str) -> None:
    """pbem parse refuses a huge text unread (3 MB of junk used to take 5 minutes and 2.8 GB)."""
    body = "Partie 227 Spieler 2 Kennwort x\n" + "".join(f"junk {n} junk\n" for n in range(lines))
    # The minute pbem_process allows is the bound: unread, it takes about a second.
    result = pbem_process("parse", "-", "--lang", "en", stdin=body)
    # Exit 3: refused unread, told apart from order errors (exit 1).
    assert result.returncode == 3 and "Traceback" not in result.stderr
    (said,) = result.stderr.splitlines()
    assert says in said and result.stdout == ""
