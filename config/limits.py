"""The limits of a mail (the section ``limits`` of the settings), apart from the settings
module: ``pbem parse`` applies them without loading pydantic-settings and the TOML reader
(docs/performance.md, "Command start")."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class LimitSettings(BaseModel):
    """Bounds no honest player reaches: past them a mail is refused unread, with one
    answer; they keep one stranger's mail from holding back the others."""

    model_config = ConfigDict(extra="forbid")

    max_mail_bytes: int = Field(default=5_000_000, gt=0)
    max_text_chars: int = Field(default=100_000, gt=0)
    """Also how much of an order text the database keeps."""
    max_order_lines: int = Field(default=1_000, gt=0)
    password_tries: int = Field(default=5, gt=0)
    """Wrong passwords for one seat within ``lockout_hours`` before it is locked against
    strangers (the registered address with the right password always gets through)."""
    lockout_hours: int = Field(default=1, gt=0)
    answers_per_hour: int = Field(default=20, gt=0)
    """Answers to one address (per game) in an hour."""
