"""Reading a Maildir straight from disk, oldest first, without touching it.

Both Dovecot and the embedded server keep a Maildir with a ``dovecot-uidlist`` that maps
IMAP UIDs to file names; messages are returned in UID order (the order they arrived in),
followed by any message the IMAP server has not numbered yet, in the order of the
delivery time its file name starts with (``<seconds>.M<microseconds>P<pid>Q<count>…``,
the numbers not zero-padded: compared as numbers, not as text).
"""

from __future__ import annotations

import email
import email.policy
import re
from email.message import EmailMessage
from pathlib import Path

_DELIVERED = re.compile(r"(\d+)\.(?:M(\d+))?(?:P\d+)?(?:Q(\d+))?")


def _delivery_order(base: str) -> tuple[int, int, int]:
    """Seconds, microseconds and count of a Maildir file name's delivery stamp; a name
    without one sorts first (then by its name)."""
    found = _DELIVERED.match(base)
    if found is None:
        return (0, 0, 0)
    seconds, micros, count = found.groups()
    return (int(seconds), int(micros or 0), int(count or 0))


def _uid_order(maildir: Path) -> dict[str, int]:
    """File-name base (before the ``:2,`` info) -> UID, from ``dovecot-uidlist``."""
    try:
        lines = (maildir / "dovecot-uidlist").read_text(errors="replace").splitlines()
    except FileNotFoundError:
        return {}
    order: dict[str, int] = {}
    for line in lines[1:]:  # the first line is the header (version, UIDVALIDITY, next UID)
        uid, sep, name = line.partition(":")
        fields = uid.split()
        if sep and fields and fields[0].isdecimal():
            order[name.strip()] = int(fields[0])
    return order


def read_maildir(maildir: Path) -> list[EmailMessage]:
    """Every message in the Maildir's ``cur`` and ``new``, oldest first; [] if it is missing."""
    order = _uid_order(maildir)
    files: list[tuple[int, tuple[int, int, int], str, Path]] = []
    for sub in ("cur", "new"):
        folder = maildir / sub
        if not folder.is_dir():
            continue
        for path in folder.iterdir():
            if path.name.startswith("."):
                continue
            base = path.name.split(":", 1)[0]
            files.append((order.get(base, 1 << 62), _delivery_order(base), base, path))
    messages: list[EmailMessage] = []
    for *_, path in sorted(files):
        raw = _read(maildir, path)
        if raw is None:  # expunged meanwhile
            continue
        message = email.message_from_bytes(raw, policy=email.policy.default)
        assert isinstance(message, EmailMessage)
        messages.append(message)
    return messages


def _read(maildir: Path, path: Path) -> bytes | None:
    """The file's bytes, also when the IMAP server just moved it from new/ to cur/."""
    try:
        return path.read_bytes()
    except FileNotFoundError:
        pass
    base = path.name.split(":", 1)[0]
    for moved in (maildir / "cur").glob(f"{base}:*"):
        try:
            return moved.read_bytes()
        except FileNotFoundError:
            continue
    return None
