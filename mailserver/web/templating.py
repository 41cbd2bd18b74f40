"""The pages' templates (Jinja): one environment for the process, so that each template
is compiled once however many applications the process makes (``pbem serve`` makes one;
the page tests one per test)."""

from __future__ import annotations

from datetime import UTC, datetime
from functools import cache
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, select_autoescape

from mailserver.web.texts import text

TEMPLATES = Path(__file__).parent / "templates"


def _utc(when: datetime | None) -> str:
    return when.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ") if when else ""


def _utc_text(when: datetime | None) -> str:
    return when.astimezone(UTC).strftime("%Y-%m-%d %H:%M UTC") if when else ""


@cache
def page_templates() -> Environment:
    """The templates of every page, with their functions ``t`` (a page text), ``utc`` and
    ``utc_text`` (a time as UTC, for a script and for the reader)."""
    templates = Environment(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=select_autoescape(default=True, default_for_string=True),
        trim_blocks=True,
        lstrip_blocks=True,
    )
    templates.globals.update(t=text, utc=_utc, utc_text=_utc_text)
    return templates
