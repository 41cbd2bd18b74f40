"""A minimal echo bot on the server's own mail code: the baseline of the intake benchmark.

It waits for mail with the same :class:`ImapPoller` as ``pbem serve`` (IDLE, flag after
handling) and answers each mail at once through the same :class:`SmtpTransport`, with a
reply threaded to it. No body parsing, no database: the difference to ``pbem serve`` is
what intake itself costs.

Run: ``python tests/bench/echo_bot.py --config FILE`` (the TOML file of ``pbem serve``;
only ``imap``, ``smtp`` and ``log_format`` are used). Stops on SIGTERM or SIGINT.
"""

from __future__ import annotations

import argparse
import asyncio
import signal
import sys
from email.parser import BytesHeaderParser
from email.policy import compat32
from email.utils import make_msgid, parseaddr
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from config.settings import Settings, load_settings
from mailserver.common import logs
from mailserver.inbound.handover import FetchedMail, MemoryUidStore
from mailserver.inbound.imap import ImapPoller
from mailserver.outbound.smtp import SmtpTransport, build_message


class EchoHandler:
    """Answers every mail to its From address, threaded, in the poller's handler slot."""

    def __init__(self, settings: Settings, transport: SmtpTransport) -> None:
        self.settings = settings
        self.transport = transport
        self.domain = settings.smtp.from_address.rsplit("@", 1)[-1]

    async def __call__(self, mail: FetchedMail) -> None:
        headers = BytesHeaderParser(policy=compat32).parsebytes(mail.raw)
        sender = parseaddr(str(headers.get("From", "")))[1]
        if "@" not in sender:
            return  # nobody to answer; the poller flags it all the same
        reply = build_message(
            from_addr=self.settings.smtp.from_address,
            from_name=self.settings.smtp.from_name,
            to=sender,
            subject="Echo",
            body="Echo.\n",
            message_id=make_msgid(domain=self.domain),
            in_reply_to=str(headers.get("Message-ID", "")) or None,
            auto_submitted="auto-replied",
        )
        await self.transport.send(reply)


async def run(settings: Settings) -> None:
    """Echo until SIGTERM/SIGINT."""
    transport = SmtpTransport(settings.smtp)
    poller = ImapPoller(settings.imap, MemoryUidStore(), EchoHandler(settings, transport))
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, poller.stop)
    try:
        await poller.run()
    finally:
        await transport.close()


def main() -> None:
    """Command line: ``--config FILE``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--config", required=True, type=Path)
    settings = load_settings(parser.parse_args().config)
    logs.configure(settings.log_format)
    asyncio.run(run(settings))


if __name__ == "__main__":
    main()
