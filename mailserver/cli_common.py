"""What every ``pbem`` command shares: one-line errors, the ``--lang`` option, settings.

A user's mistake on the command line gets one line on stderr and an exit code, never a
traceback: exit 2 when the command line itself is wrong (a value outside its choices such
as ``--lang fr``, an input file that is not there, a value the game kind refuses), exit 1
when the command cannot do what was asked (the settings, the database, a GM's request the
game does not allow). The errors are said in the language of ``--lang``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer

from config.settings import Settings, SettingsError, load_settings

LANGUAGES = ("de", "en")


def _lang_choice(value: str) -> str:
    # A callback rather than a typed choice: its refusal is one line like every other error,
    # in English, as no language was given.
    if value not in LANGUAGES:
        fail(f"--lang {value}: the languages are {' and '.join(LANGUAGES)}.", "en", 2)
    return value


LangOption = Annotated[
    str,
    typer.Option(
        "--lang", callback=_lang_choice, help="Language of the output and the errors: de or en."
    ),
]

# The command line's own texts, German and English (str.format placeholders).
TEXTS: dict[str, tuple[str, str]] = {
    "error": ("Fehler: {message}", "Error: {message}"),
    "file_missing": ("Die Datei {file} gibt es nicht.", "There is no file {file}."),
    "file_unreadable": (
        "Die Datei {file} ist nicht lesbar: {reason}",
        "The file {file} cannot be read: {reason}",
    ),
    "settings_missing": (
        "Die Einstellungsdatei {source} gibt es nicht.",
        "The configuration file {source} does not exist.",
    ),
    "settings_unreadable": (
        "Die Einstellungsdatei {source} ist nicht lesbar: {detail}",
        "The configuration file {source} cannot be read: {detail}",
    ),
    "settings_toml": (
        "{source} ist kein gültiges TOML: {detail}",
        "{source} is not valid TOML: {detail}",
    ),
    "settings_unknown": (
        "{where}unbekannte Einstellung {key}.",
        "{where}unknown setting {key}.",
    ),
    "settings_unknown_near": (
        "{where}unbekannte Einstellung {key}; die nächste bekannte ist {nearest}.",
        "{where}unknown setting {key}; the nearest known one is {nearest}.",
    ),
    "settings_invalid": ("{where}{key}: {detail}", "{where}{key}: {detail}"),
    "not_utf8": ("{file} ist kein UTF-8-Text.", "{file} is not UTF-8 text."),
    "no_player": (
        "Spieler {player} gibt es in dieser Partie nicht.",
        "There is no player {player} in this game.",
    ),
    # -- pbem gm: the database
    "database_from_env": (
        "Datenbank: {database} (aus PBEM_DATABASE_URL)",
        "Database: {database} (from PBEM_DATABASE_URL)",
    ),
    "database_default": (
        "Datenbank: {database} (die Voreinstellung; --config FILE oder PBEM_DATABASE_URL "
        "wählen eine andere)",
        "Database: {database} (the default; --config FILE or PBEM_DATABASE_URL choose another)",
    ),
    "database_missing": (
        "Die Datenbank {database} gibt es nicht: --config FILE oder PBEM_DATABASE_URL nennen "
        "eine andere, 'pbem gm create' legt sie an.",
        "There is no database {database}: --config FILE or PBEM_DATABASE_URL name another, "
        "'pbem gm create' makes it.",
    ),
    "database_unusable": (
        "Die Datenbank {database} lässt sich nicht öffnen: {reason}",
        "Cannot open the database {database}: {reason}",
    ),
    # -- pbem gm: what the GM wrote on the command line
    "no_game": ("Es gibt keine Partie {game}.", "There is no game {game}."),
    "unreadable_command": ("{line!r} ist nicht lesbar.", "Cannot read {line!r}."),
    "bad_seat": (
        "--player {text}: schreiben Sie PLATZ=ADRESSE[,SPRACHE][,FELD=WERT...].",
        "--player {text}: write SEAT=ADDRESS[,LANG][,FIELD=VALUE...].",
    ),
    "bad_seat_language": (
        "--player {text}: die Sprache ist de oder en.",
        "--player {text}: the language is de or en.",
    ),
    "bad_option": (
        "--option {text}: schreiben Sie NAME=WERT.",
        "--option {text}: write KEY=VALUE.",
    ),
    "bad_game_file": ("Spieldatei {file}: {reason}", "Game file {file}: {reason}"),
    "bad_players": (
        "In der Spieldatei ist players keine Liste von Tabellen.",
        "In the game file, players is not a list of tables.",
    ),
    "bad_player": (
        "In der Spieldatei ist der Spieler {entry!r} nicht lesbar (seat und address fehlen?).",
        "In the game file, cannot read the player {entry!r} (seat and address missing?).",
    ),
    "bad_time": ("--at {text}: schreiben Sie HH:MM.", "--at {text}: write HH:MM."),
    "bad_hours": (
        "--reminder-hours {text}: schreiben Sie Stunden mit Komma, etwa 48,12.",
        "--reminder-hours {text}: write hours with commas, e.g. 48,12.",
    ),
    "bad_whole_number": (
        "{key} = {value!r}: keine ganze Zahl.",
        "{key} = {value!r}: not a whole number.",
    ),
    "required": (
        "{option} fehlt (als Option oder in --file).",
        "{option} is required (as an option or in --file).",
    ),
    "empty_text": ("Der Text ist leer.", "The text is empty."),
    # -- pbem gm: what it did
    "outbox_note": (
        "Mails kommen nur in den Postausgang; der laufende Dienst (pbem serve) verschickt sie.",
        "Mails go into the outbox only; the running service (pbem serve) sends them.",
    ),
    "created": (
        "Partie {game} ({kind}) mit {players} Spielern angelegt, Status {status}. "
        "Weiter: pbem gm start {game}",
        "Game {game} ({kind}) created with {players} players, status {status}. "
        "Next: pbem gm start {game}",
    ),
    "started": (
        "Partie {game} gestartet: {count} Auswertungen der Runde 0 im Postausgang. "
        "Abgabeschluss der Runde 1: {deadline}.",
        "Game {game} started: {count} turn 0 printouts in the outbox. "
        "Deadline of turn 1: {deadline}.",
    ),
    "no_deadline": ("keiner", "none"),
    "password_columns": ("Spieler|Kennwort", "Seat|Password"),
    "report_kept": (
        "Bericht an Spieler {seat} der Partie {game} gespeichert ({count} Anhänge).",
        "Report for seat {seat} of game {game} kept ({count} attachments).",
    ),
    "published": (
        "Runde {turn} der Partie {game} veröffentlicht: {count} Mails.",
        "Turn {turn} of game {game} published: {count} mails.",
    ),
    "preview_title": ("Partie {game}, Runde {turn}: {who}", "Game {game}, turn {turn}: {who}"),
    "preview_gm": ("Spielleiter", "GM"),
    "preview_seat": ("Spieler {seat}", "seat {seat}"),
    "held": (" (angehalten)", " (held)"),
    "no_games": ("Keine Partien.", "No games."),
    "game_columns": (
        "Partie|Art|Status|Runde|Spieler|Nächster Abgabeschluss",
        "Game|Kind|Status|Turn|Players|Next deadline",
    ),
    "standby_added": (
        "{address} ({language}) steht auf der Warteliste.",
        "{address} ({language}) is on the standby list.",
    ),
    "standby_empty": ("Die Warteliste ist leer.", "The standby list is empty."),
    "standby_columns": (
        "#|Adresse|Name|Sprache|Art|Seit",
        "#|Address|Name|Language|Kind|Since",
    ),
    "any_kind": ("jede", "any"),
}


def wording(name: str, lang: str, /, **values: Any) -> str:
    """The text ``name`` in ``lang`` (German for anything but English), filled in."""
    german, english = TEXTS[name]
    return (english if lang == "en" else german).format(**values)


def fail(message: str, lang: str, code: int = 1) -> NoReturn:
    """Say ``message`` as one error line on stderr and end the command with ``code``."""
    typer.echo(wording("error", lang, message=" ".join(message.split())), err=True)
    raise typer.Exit(code)


def read_input(file: Path, lang: str) -> bytes:
    """The bytes of an input file named on the command line; if it cannot be read, one
    error line and exit 2 (the command line names something that is not there)."""
    try:
        return file.read_bytes()
    except FileNotFoundError:
        fail(wording("file_missing", lang, file=file), lang, 2)
    except OSError as exc:
        fail(wording("file_unreadable", lang, file=file, reason=exc.strerror or exc), lang, 2)


def settings_message(error: SettingsError, lang: str) -> str:
    """What is wrong with the settings, in ``lang``."""
    where = f"{error.source}: " if error.source else ""
    text = {
        "missing": "settings_missing",
        "unreadable": "settings_unreadable",
        "toml": "settings_toml",
        "unknown": "settings_unknown_near" if error.nearest else "settings_unknown",
    }.get(error.problem, "settings_invalid")
    return wording(
        text,
        lang,
        source=error.source,
        where=where,
        key=error.key,
        nearest=error.nearest,
        detail=error.detail,
    )


def settings_or_fail(config: Path | None, lang: str) -> Settings:
    """The settings of ``--config`` and ``PBEM_*``; a problem with them is one error line."""
    try:
        return load_settings(config)
    except SettingsError as exc:
        fail(settings_message(exc, lang), lang)
