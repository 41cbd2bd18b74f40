"""The test mail stack itself: real Dovecot, real LMTP, real SMTP relay."""

from __future__ import annotations

import smtplib

import pytest

from tests.mailstack import MailStack, MailUser

pytestmark = pytest.mark.timeout(30)


def raw_mail(subject: str, to: str, sender: str = "player@test.example") -> bytes:
    """A minimal mail with the given subject."""
    return (
        f"From: {sender}\r\nTo: {to}\r\nSubject: {subject}\r\n"
        f"Message-ID: <{subject.replace(' ', '-')}@test.example>\r\n\r\nBody of {subject}\r\n"
    ).encode()


def test_mail_sent_over_smtp_arrives_in_the_imap_mailbox(
    mailstack: MailStack, mail_user: MailUser
) -> None:
    with smtplib.SMTP(mailstack.host, mailstack.smtp_port, timeout=10) as smtp:
        refused = smtp.sendmail(
            "player@test.example", [mail_user.address], raw_mail("via smtp", mail_user.address)
        )
    assert refused == {}
    # The relay answers only after LMTP accepted: no waiting needed.
    [message] = mailstack.fetch_all(mail_user.address, mail_user.password)
    assert message["Subject"] == "via smtp"
    assert message.get_content().strip() == "Body of via smtp"


def test_lmtp_delivery_lands_in_inbox_unseen(mailstack: MailStack, mail_user: MailUser) -> None:
    for n in range(3):
        mailstack.deliver(raw_mail(f"lmtp {n}", mail_user.address), mail_user.address)
    mails = mailstack.list_mail(mail_user.address, mail_user.password)
    assert [m.message["Subject"] for m in mails] == ["lmtp 0", "lmtp 1", "lmtp 2"]
    assert [m.uid for m in mails] == [1, 2, 3]
    assert all("\\Seen" not in m.flags for m in mails)


def test_users_added_while_running_can_log_in_and_receive(mailstack: MailStack) -> None:
    address = f"late-{mailstack.imap_port}@test.example"
    with (
        smtplib.SMTP(mailstack.host, mailstack.smtp_port, timeout=10) as smtp,
        pytest.raises(smtplib.SMTPRecipientsRefused),
    ):
        smtp.sendmail("a@test.example", [address], raw_mail("too early", address))
    mailstack.add_user(address, "secret")
    mailstack.deliver(raw_mail("welcome", address), address)
    assert [m["Subject"] for m in mailstack.fetch_all(address, "secret")] == ["welcome"]


def test_relay_refuses_while_down_and_works_again_after_up(
    mailstack: MailStack, mail_user: MailUser
) -> None:
    mailstack.smtp_down()
    try:
        with pytest.raises(OSError):
            smtplib.SMTP(mailstack.host, mailstack.smtp_port, timeout=5)
    finally:
        mailstack.smtp_up()
    with smtplib.SMTP(mailstack.host, mailstack.smtp_port, timeout=10) as smtp:
        smtp.sendmail("a@test.example", [mail_user.address], raw_mail("back", mail_user.address))
    assert [m["Subject"] for m in mailstack.fetch_all(mail_user.address, mail_user.password)] == [
        "back"
    ]


def test_restart_keeps_mailboxes_and_ports(private_mailstack: MailStack) -> None:
    stack = private_mailstack
    user = stack.new_user()
    stack.deliver(raw_mail("before", user.address), user.address)
    port = stack.imap_port
    stack.restart()
    stack.deliver(raw_mail("after", user.address), user.address)
    assert stack.imap_port == port
    assert [m["Subject"] for m in stack.fetch_all(user.address, user.password)] == [
        "before",
        "after",
    ]
