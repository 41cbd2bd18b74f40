"""A ready mutt set-up for one mailbox of the local mail stack: read over IMAP, send over
SMTP, both on loopback without encryption.

Debian's mutt insists on TLS (``ssl_force_tls`` is set) and fails with "Encrypted
connection unavailable" against the local stack, which speaks plain IMAP and SMTP on
127.0.0.1 only; the file written here says so, and everything else mutt needs, so that
``mutt -F FILE`` opens the INBOX and a reply goes out with ``y``.
"""

from __future__ import annotations

import os
from pathlib import Path


def _quoted(value: str) -> str:
    """A value for a muttrc ``set`` line, in double quotes (mutt's escapes)."""
    escaped = value.replace("\\", "\\\\").replace('"', '\\"').replace("$", "\\$")
    return f'"{escaped}"'


def muttrc(
    address: str,
    password: str,
    *,
    imap: tuple[str, int],
    smtp: tuple[str, int],
    realname: str = "",
    note: str = "",
) -> str:
    """The text of a muttrc for ``address`` (``imap`` and ``smtp`` as ``(host, port)``);
    ``note`` goes into its opening comment."""
    settings = {
        "from": address,
        "realname": realname or address,
        "imap_user": address,
        "imap_pass": password,
        "folder": f"imap://{imap[0]}:{imap[1]}/",
        "spoolfile": "+INBOX",
        "smtp_url": f"smtp://{smtp[0]}:{smtp[1]}/",
        "record": "",
        "charset": "utf-8",
        "send_charset": "utf-8",
    }
    lines = [
        f"# mutt for {address} on the local mail stack of pbem (plain IMAP and SMTP).",
        *(f"# {line}" for line in note.splitlines()),
        *(f"set {name} = {_quoted(value)}" for name, value in settings.items()),
        "# Plain IMAP and SMTP on loopback: no TLS to insist on, none to try.",
        "set ssl_force_tls = no",
        "set ssl_starttls = no",
        "set use_from = yes",
        "set imap_check_subscribed = no",
        "set mail_check = 5",
        "set timeout = 15",
        "set sort = date",
        "set include = yes",
        "",
    ]
    return "\n".join(lines)


def write_private(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` readable by its owner only (it holds a password)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as file:
        file.write(text)
    path.chmod(0o600)
