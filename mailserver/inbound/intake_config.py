"""What mail intake needs from the settings, as one value handed from step to step."""

from __future__ import annotations

from dataclasses import dataclass, field

from config.settings import Settings
from mailserver.common.terms import HostTerms


@dataclass(frozen=True)
class IntakeConfig:
    """What intake needs from the settings."""

    terms: HostTerms = field(default_factory=HostTerms)
    """What the answers and a GM mail's commands are written with (the From address, the
    fee and currency of a turn the GM runs by mail, rulebook 1.4; the page links)."""
    unknown_sender_hours: int = 24
    max_mail_bytes: int = 5_000_000
    """A larger mail is refused unread (one answer to a known player)."""
    max_text_chars: int = 100_000
    """An order text longer than this is refused unread; the stored copy keeps this much."""
    max_order_lines: int = 1_000
    """An order text with more lines than this is refused unread."""
    password_tries: int = 5
    """Wrong passwords for one seat (or the GM) in :attr:`lockout_hours` from strangers
    before the seat is locked against strangers (later tries refused unread and
    unanswered), or from the registered address before its wrong ones go unanswered
    (its right password always gets through)."""
    lockout_hours: int = 1
    answers_per_hour: int = 20
    """Answers to one address (for one game) in an hour; past that, none until it cools."""
    default_timezone: str = "Europe/Berlin"

    @classmethod
    def from_settings(cls, settings: Settings) -> IntakeConfig:
        """The part of ``settings`` that mail intake uses."""
        return cls(
            terms=HostTerms.from_settings(settings),
            unknown_sender_hours=settings.unknown_sender_reply_hours,
            default_timezone=settings.timezone,
            max_mail_bytes=settings.limits.max_mail_bytes,
            max_text_chars=settings.limits.max_text_chars,
            max_order_lines=settings.limits.max_order_lines,
            password_tries=settings.limits.password_tries,
            lockout_hours=settings.limits.lockout_hours,
            answers_per_hour=settings.limits.answers_per_hour,
        )
