"""Benchmark of reading hostile mails: a 10 MB attachment, a 300 kB Subject of encoded
words, 200,000 junk lines (``grammar.mailbody.extract_order_text``).

Run: ``python tests/bench/bench_mailbody.py [--quick] [--json]`` (prints medians of several
runs; ``--json``: the figures for tests/bench/report.py). ``PBEM_BENCH_ROOT`` names the
source tree to measure (default: this repository), so that the report can measure a
baseline revision with the same benchmark code.

The tests check what makes these cheap (tests/test_mailbody.py: the attachment is never
decoded, the header parsers see at most ``HEADER_MAX`` characters); here is what they cost.
"""

from __future__ import annotations

import importlib
import os
import sys
from email.message import EmailMessage
from pathlib import Path

# The repository's packages (or the tree the report names), not an installed copy.
sys.path.insert(0, os.environ.get("PBEM_BENCH_ROOT") or str(Path(__file__).resolve().parents[2]))

from cli import run_tree_bench  # tests/bench/cli.py, beside this script
from timing import median_ms  # tests/bench/timing.py, beside this script

# The module has lived in two places; the report may measure a tree of either.
for _name in ("grammar.mailbody", "mailserver.inbound.mailbody"):
    try:
        extract_order_text = importlib.import_module(_name).extract_order_text
        break
    except ModuleNotFoundError:
        continue
else:
    raise ImportError("no mail body module (grammar.mailbody, mailserver.inbound.mailbody)")

REPORT = """\
extract_order_text, median of {repeats} runs
10 MB attachment:                {attachment_ms:8.1f} ms
300 kB Subject of encoded words: {subject_ms:8.1f} ms
200,000 junk lines:              {junk_lines_ms:8.1f} ms"""
"""The figures for a reader."""


def attachment_mail() -> bytes:
    """A one-line order mail with a 10 MB PDF attached."""
    msg = EmailMessage()
    msg["From"] = "Max <max@example.de>"
    msg.set_content("Crab: 1 PDU\n")
    msg.add_attachment(
        b"\x17" * 10_000_000, maintype="application", subtype="pdf", filename="printout.pdf"
    )
    return msg.as_bytes()


def subject_mail() -> bytes:
    """A mail whose Subject is 300 kB of RFC 2047 encoded words."""
    words = ("=?utf-8?q?" + "a" * 60 + "?= ") * 5000
    return f"From: x@example.org\r\nSubject: {words}\r\nMessage-ID: <a@b>\r\n\r\nHallo\r\n".encode()


def junk_mail(lines: int = 200_000) -> bytes:
    """An order mail's header line and ``lines`` lines of junk."""
    msg = EmailMessage()
    msg["From"] = "alice@example.org"
    msg["Subject"] = "Befehle"
    junk = "".join(f"{n} junk junk junk\n" for n in range(lines))
    msg.set_content(f"Partie 227 Spieler 2 Kennwort x\n{junk}")
    return msg.as_bytes()


def measure(runs: int = 7) -> dict[str, float]:
    """Median milliseconds of reading each hostile mail."""
    figures = {}
    for key, raw in (
        ("attachment_ms", attachment_mail()),
        ("subject_ms", subject_mail()),
        ("junk_lines_ms", junk_mail()),
    ):
        figures[key] = median_ms(lambda raw=raw: extract_order_text(raw), runs)
    return figures


def main() -> None:
    run_tree_bench(
        "Reading hostile mails: milliseconds each.",
        measure,
        REPORT,
        quick="fewer runs",
        counted=False,
    )


if __name__ == "__main__":
    main()
