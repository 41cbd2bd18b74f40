"""The settings of a ``pbem`` command that needs them (the service, the GM's commands).

They come from ``--config FILE``; without it from ``pbem.toml`` in the current folder when
there is one (:data:`LOCAL_CONFIG`: the folder of ``pbem demo``, or an operator's own),
and from ``PBEM_*`` variables, which override either. A problem with them is one error
line (:func:`mailserver.app.cli.common.fail`).
"""

from __future__ import annotations

from pathlib import Path

from config.settings import Settings, SettingsError, load_settings
from mailserver.app.cli.common import fail
from mailserver.common.catalog import say


def settings_message(error: SettingsError, lang: str) -> str:
    """What is wrong with the settings, in ``lang``."""
    where = f"{error.source}: " if error.source else ""
    text = {
        "missing": "cli_settings_missing",
        "unreadable": "cli_settings_unreadable",
        "toml": "cli_settings_toml",
        "unknown": "cli_settings_unknown_near" if error.nearest else "cli_settings_unknown",
    }.get(error.problem, "cli_settings_invalid")
    return say(
        lang,
        text,
        source=error.source,
        where=where,
        key=error.key,
        nearest=error.nearest,
        detail=error.detail,
    )


LOCAL_CONFIG = Path("pbem.toml")
"""The settings file a command reads without ``--config``, if the current folder has it."""


def config_file(config: Path | None) -> Path | None:
    """The settings file of a command: ``--config``, else ``./pbem.toml`` when the
    current folder has one, else none (defaults and ``PBEM_*`` only)."""
    if config is not None:
        return config
    return LOCAL_CONFIG if LOCAL_CONFIG.is_file() else None


def settings_or_fail(config: Path | None, lang: str) -> Settings:
    """The settings of ``--config`` (or ``./pbem.toml``, :func:`config_file`) and
    ``PBEM_*``; a problem with them is one error line."""
    try:
        return load_settings(config_file(config))
    except SettingsError as exc:
        fail(settings_message(exc, lang), lang)
