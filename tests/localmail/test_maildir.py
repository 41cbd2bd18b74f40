"""Reading a Maildir from disk: the messages in the order they were delivered."""

from __future__ import annotations

from pathlib import Path

from mailserver.app.localmail.maildir import read_maildir


def _deliver(maildir: Path, name: str, subject: str) -> None:
    (maildir / "new" / name).write_bytes(f"Subject: {subject}\n\nbody\n".encode())


def test_unnumbered_messages_come_in_delivery_order_not_file_name_order(tmp_path: Path) -> None:
    for sub in ("new", "cur", "tmp"):
        (tmp_path / sub).mkdir()
    # Python's mailbox (and so pymap) writes the microseconds without leading zeros:
    # as text "M123456" sorts before "M99" of the same second.
    _deliver(tmp_path, "1700000001.M5P7Q4.host", "third")
    _deliver(tmp_path, "1700000000.M123456P7Q3.host", "second")
    _deliver(tmp_path, "1700000000.M99P7Q2.host", "first")
    assert [m["Subject"] for m in read_maildir(tmp_path)] == ["first", "second", "third"]


def test_numbered_messages_come_in_uid_order_before_unnumbered_ones(tmp_path: Path) -> None:
    for sub in ("new", "cur"):
        (tmp_path / sub).mkdir()
    _deliver(tmp_path, "1700000000.M1P7Q1.host", "later")
    _deliver(tmp_path, "1700000005.M1P7Q9.host", "uid 1")
    (tmp_path / "dovecot-uidlist").write_text("3 V1 N2\n1 :1700000005.M1P7Q9.host\n")
    assert [m["Subject"] for m in read_maildir(tmp_path)] == ["uid 1", "later"]
