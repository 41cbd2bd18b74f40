"""Service settings: a TOML file plus ``PBEM_*`` environment variables.

Environment variables override the file; nested fields use a double underscore, e.g.
``PBEM_IMAP__HOST=mail.example.org`` or ``PBEM_DATABASE_URL=postgresql+psycopg://...``.
"""

from __future__ import annotations

import difflib
import json
import os
import tomllib
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator
from pydantic_core import PydanticCustomError
from pydantic_settings import (
    BaseSettings,
    PydanticBaseSettingsSource,
    SettingsConfigDict,
    TomlConfigSettingsSource,
)

from config.limits import LimitSettings


class ImapSettings(BaseModel):
    """The mailbox the players write to."""

    model_config = ConfigDict(extra="forbid")

    host: str = "127.0.0.1"
    port: int = 143
    user: str = "pbem@localhost"
    password: str = ""
    ssl: bool = False
    starttls: bool = False
    mailbox: str = "INBOX"
    idle_seconds: int = Field(default=540, gt=0, le=600)
    """Re-IDLE at least this often (RFC 2177 asks for less than 29 minutes; we stay ≤ 10)."""
    poll_seconds: int = Field(default=60, gt=0)
    """Polling interval when the server has no IDLE."""
    processed_keyword: str = "$PbemDone"
    """IMAP keyword set on a mail after the database committed it and all it caused."""
    move_to: str | None = None
    """Optionally move processed mails to this folder instead of only flagging them."""
    batch: int = Field(default=50, gt=0)
    timeout_seconds: int = Field(default=30, gt=0)


class SmtpSettings(BaseModel):
    """The relay the server sends through."""

    model_config = ConfigDict(extra="forbid")

    host: str = "127.0.0.1"
    port: int = 25
    user: str | None = None
    password: str | None = None
    ssl: bool = False
    starttls: bool = False
    timeout_seconds: int = Field(default=30, gt=0)
    connections: int = Field(default=1, ge=1, le=16)
    """SMTP connections the outbox sender keeps open side by side (a burst of printouts
    goes out faster over several; each sends one mail at a time)."""
    from_address: str = "pbem@localhost"
    from_name: str = "PBEM Spielleitung"


class FeeSettings(BaseModel):
    """Money in cents: the turn fee (the postage of an urgent dispatch is a game's
    message rule, see config.game_options)."""

    model_config = ConfigDict(extra="forbid")

    turn_fee: int = 0
    currency: str = "EUR"


WEB_SECRET_MIN_CHARS = 32
"""The shortest ``web.secret`` taken (a guessable key would let anyone forge links)."""


class WebSettings(BaseModel):
    """The web pages (docs/web.md): public game pages, private player and GM pages."""

    model_config = ConfigDict(extra="forbid")

    enabled: bool = False
    """Serve the pages from ``pbem serve`` too (``pbem web`` serves them on its own)."""
    host: str = "127.0.0.1"
    port: int = Field(default=8080, ge=0, le=65535)
    """0: any free port (the log says which)."""
    base_url: str = ""
    """How players reach the pages (``https://pbem.example.org``), for the links in the
    printouts and the Origin check of the order form; empty: ``http://host:port``."""
    secret: str = ""
    """The key the page links are derived from; empty: one generated once and kept in
    the database (every process on the database then uses the same). At least
    :data:`WEB_SECRET_MIN_CHARS` characters: whoever has it can forge every link."""

    @field_validator("secret")
    @classmethod
    def _long_enough(cls, secret: str) -> str:
        if secret and len(secret) < WEB_SECRET_MIN_CHARS:
            raise PydanticCustomError(
                "web_secret_too_short",
                "the key of the page links must be at least {least} characters long "
                "(it has {chars}; e.g. openssl rand -base64 33), or empty to let the "
                "host generate one",
                {"least": WEB_SECRET_MIN_CHARS, "chars": len(secret)},
            )
        return secret

    def public_url(self) -> str:
        """The base of every link, without a trailing slash."""
        return (self.base_url or f"http://{self.host}:{self.port}").rstrip("/")


class Settings(BaseSettings):
    """Everything ``pbem serve`` needs."""

    model_config = SettingsConfigDict(env_prefix="PBEM_", env_nested_delimiter="__", extra="forbid")

    database_url: str = "sqlite:///pbem.sqlite3"
    timezone: str = "Europe/Berlin"
    gm_address: str = "gm@localhost"
    imap: ImapSettings = ImapSettings()
    smtp: SmtpSettings = SmtpSettings()
    fees: FeeSettings = FeeSettings()
    limits: LimitSettings = LimitSettings()
    web: WebSettings = WebSettings()
    unknown_sender_reply_hours: int = 24
    """At most one explanation per unknown address in this many hours."""
    game_kinds: list[str] = []
    """Game kinds beyond the registry's, as ``module:attribute`` of a ``GameKind``."""
    log_format: str = "json"
    mail_retention_days: int = Field(default=180, gt=0)
    """Received mails older than this keep their record but not their text."""
    resync_seconds: float = Field(default=60.0, gt=0)
    """How often the deadline jobs are re-read from the database (changes by ``pbem gm``)."""
    workers: int | None = Field(default=None, ge=0, le=64)
    """Worker processes for turn evaluations and mail building (``mailserver.app.workers``);
    unset: one fewer than the machine's cores, at most 4; 0: none."""

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        # Precedence: explicit arguments, then PBEM_* variables, then the TOML file.
        return init_settings, env_settings, TomlConfigSettingsSource(settings_cls)


class SettingsError(ValueError):
    """Settings that cannot be used, told apart so that a command line can say why in the
    user's language (``str()`` is the English sentence).

    ``problem`` is ``missing`` (no such file), ``unreadable`` (the file cannot be read),
    ``toml`` (not TOML), ``unknown`` (a key no setting has) or ``invalid`` (a value the
    setting does not take). ``source`` is the file, or ``""`` for the ``PBEM_*``
    environment; ``key`` is spelt as in the source (``imap.host``, ``PBEM_IMAP__HOST``) and
    ``nearest`` is the known key closest to an unknown one (``""`` if none is close);
    ``detail`` is the reader's own explanation.
    """

    def __init__(
        self, problem: str, source: str, *, key: str = "", nearest: str = "", detail: str = ""
    ) -> None:
        self.problem, self.source, self.key = problem, source, key
        self.nearest, self.detail = nearest, detail
        where = f"{source}: " if source else ""
        hint = f"; the nearest known one is {nearest}" if nearest else ""
        super().__init__(
            {
                "missing": f"configuration file not found: {source}",
                "unreadable": f"cannot read the configuration file {source}: {detail}",
                "toml": f"{source} is not valid TOML: {detail}",
                "unknown": f"{where}unknown setting {key}{hint}",
            }.get(problem, f"{where}{key}: {detail}")
        )


def setting_paths(model: type[BaseModel] = Settings, prefix: str = "") -> list[str]:
    """Every setting as a dotted path (``database_url``, ``imap.host``)."""
    paths: list[str] = []
    for name, info in model.model_fields.items():
        annotation = info.annotation
        if isinstance(annotation, type) and issubclass(annotation, BaseModel):
            paths += setting_paths(annotation, f"{prefix}{name}.")
        else:
            paths.append(prefix + name)
    return paths


def environment_settings() -> list[str]:
    """The ``PBEM_*`` variables of this process that set something (``PBEM_IMAP__HOST``,
    ``PBEM_DATABASE_URL``; not ``PBEM_TEST_CRASH_AT``), as pydantic-settings reads them:
    the name in any case, a table whole or field by field."""
    tops = {name.upper() for name in Settings.model_fields}
    return sorted(
        name
        for name in os.environ
        if name.upper().startswith("PBEM_") and name.upper()[5:].split("__")[0] in tops
    )


def _env_name(path: str) -> str:
    return "PBEM_" + path.replace(".", "__").upper()


def _in_table(table: dict[str, Any], location: tuple[int | str, ...]) -> bool:
    """Whether the TOML table has a value at ``location`` (else it came from PBEM_*)."""
    value: Any = table
    for part in location:
        if not isinstance(value, dict) or part not in value:
            return False
        value = value[part]
    return True


def _settings_error(exc: ValidationError, source: str, table: dict[str, Any]) -> SettingsError:
    """The first problem pydantic found, with where it came from. One problem at a time:
    the command line has one line for it, and the next shows once this one is fixed."""
    error = exc.errors()[0]
    location = tuple(error["loc"])
    path = ".".join(str(part) for part in location)
    from_file = bool(source) and _in_table(table, location)
    where = source if from_file else ""
    if error["type"] != "extra_forbidden":
        return SettingsError(
            "invalid", where, key=path if from_file else _env_name(path), detail=error["msg"]
        )
    close = difflib.get_close_matches(path, setting_paths(), n=1)
    nearest = close[0] if close else ""
    if from_file:
        return SettingsError("unknown", where, key=path, nearest=nearest)
    return SettingsError(
        "unknown", "", key=_env_name(path), nearest=_env_name(nearest) if nearest else ""
    )


def load_settings(path: str | Path | None = None, **overrides: Any) -> Settings:
    """Settings from an optional TOML file, the environment and explicit overrides.

    Raises :class:`SettingsError` for a file that is missing, unreadable or not TOML, and
    for an unknown or invalid setting in the file or in a ``PBEM_*`` variable.
    """
    if path is None:
        try:
            return Settings(**overrides)
        except ValidationError as exc:
            raise _settings_error(exc, "", {}) from exc
    toml_file = Path(path)
    # Read here first (pydantic-settings reads the file again) to tell a missing file, an
    # unreadable one and bad TOML apart, and to know which keys came from the file.
    try:
        table = tomllib.loads(toml_file.read_bytes().decode("utf-8"))
    except FileNotFoundError:
        raise SettingsError("missing", str(path)) from None
    except OSError as exc:
        raise SettingsError("unreadable", str(path), detail=exc.strerror or str(exc)) from None
    except UnicodeDecodeError:
        raise SettingsError("unreadable", str(path), detail="not UTF-8 text") from None
    except tomllib.TOMLDecodeError as exc:
        raise SettingsError("toml", str(path), detail=str(exc)) from None

    class FileSettings(Settings):
        model_config = SettingsConfigDict(toml_file=toml_file)

    try:
        return FileSettings(**overrides)
    except ValidationError as exc:
        raise _settings_error(exc, str(path), table) from exc


def toml_value(value: object) -> str:
    """``value`` (a setting: bool, number, string, list of them) as a TOML value."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(toml_value(item) for item in value) + "]"
    return json.dumps(str(value), ensure_ascii=False)  # a JSON string is a TOML one
