"""Service settings: a TOML file plus ``PBEM_*`` environment variables.

Environment variables override the file; nested fields use a double underscore, e.g.
``PBEM_IMAP__HOST=mail.example.org`` or ``PBEM_DATABASE_URL=postgresql+psycopg://...``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field
from pydantic_settings import (
    BaseSettings,
    PydanticBaseSettingsSource,
    SettingsConfigDict,
    TomlConfigSettingsSource,
)


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
    from_address: str = "pbem@localhost"
    from_name: str = "PBEM Spielleitung"


class FeeSettings(BaseModel):
    """Money in cents: the turn fee (the postage of an urgent dispatch is a game's
    message rule, see config.game_options)."""

    model_config = ConfigDict(extra="forbid")

    turn_fee: int = 0
    currency: str = "EUR"


class LimitSettings(BaseModel):
    """Bounds no honest player reaches: past them a mail is refused unread, with one
    answer; they keep one stranger's mail from holding back the others."""

    model_config = ConfigDict(extra="forbid")

    max_mail_bytes: int = Field(default=5_000_000, gt=0)
    max_text_chars: int = Field(default=100_000, gt=0)
    """Also how much of an order text the database keeps."""
    max_order_lines: int = Field(default=1_000, gt=0)
    password_tries: int = Field(default=5, gt=0)
    """Wrong passwords for one seat within ``lockout_hours`` before it is locked."""
    lockout_hours: int = Field(default=1, gt=0)
    answers_per_hour: int = Field(default=20, gt=0)
    """Answers to one address (per game) in an hour."""


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
    unknown_sender_reply_hours: int = 24
    """At most one explanation per unknown address in this many hours."""
    game_kinds: list[str] = []
    """Game kinds beyond the registry's, as ``module:attribute`` of a ``GameKind``."""
    log_format: str = "json"
    mail_retention_days: int = Field(default=180, gt=0)
    """Received mails older than this keep their record but not their text."""
    resync_seconds: float = Field(default=60.0, gt=0)
    """How often the deadline jobs are re-read from the database (changes by ``pbem gm``)."""

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


def load_settings(path: str | Path | None = None, **overrides: Any) -> Settings:
    """Settings from an optional TOML file, the environment and explicit overrides."""
    if path is not None and not Path(path).is_file():
        raise FileNotFoundError(f"configuration file not found: {path}")
    if path is None:
        return Settings(**overrides)
    toml_file = Path(path)

    class FileSettings(Settings):
        model_config = SettingsConfigDict(toml_file=toml_file)

    return FileSettings(**overrides)
