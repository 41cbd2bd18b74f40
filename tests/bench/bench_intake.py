"""Benchmark of mail intake: acknowledgement latency and throughput of ``pbem serve``.

Run: ``python tests/bench/bench_intake.py [--runs 3] [--mails 200] [--burst 500]
[--backend sqlite|postgresql] [--quick] [--json] [--profile FILE]`` (from the repository
root; needs Dovecot, as the tests). ``--quick``: 10 single mails and a burst of 100;
``--json``: the medians as JSON on the last line (for tests/bench/report.py);
``--profile``: py-spy's collapsed stacks (threads holding the GIL) during the first burst.

Everything is real: Dovecot (IMAP + LMTP) and the SMTP relay of tests/mailstack.py, the
server as its own process (tests/e2e/server.py) on a fresh database per run.

* Latency: an order mail is put into the server's mailbox over LMTP; the clock starts when
  LMTP accepted it (it is in the mailbox) and stops when the relay has stored the
  acknowledgement in the player's mailbox (the relay hands each mail to Dovecot's LMTP
  and is timed right after that). One mail at a time, each to a server that is idle
  again (previous mail flagged, back in IDLE); median and 99th percentile. A player's
  first mail since the server started pays the password's hash (later ones find it in
  the process's cache), and with ``--quick`` three of the ten timed mails are such first
  mails: the p99 of the other mails is printed beside the p99 of all.
* Baseline: the same for tests/bench/echo_bot.py — the same IMAP poller (IDLE) and SMTP
  transport, answering at once without parsing and without a database.
* Throughput: a burst of order mails delivered at once; mails per second from the first
  delivery to the last acknowledgement in a mailbox.
* Processor time: what the target and its worker processes spent (user + system, from
  ``/proc``) over the burst, per mail. Unlike the mails per second it hardly depends on
  what else runs on the machine: it is the figure to compare two trees by.

Prints the median over the runs of each figure.
"""

from __future__ import annotations

import contextlib
import imaplib
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from email.parser import BytesHeaderParser
from email.policy import compat32
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from cli import mail_bench_args, mail_bench_parser  # tests/bench/cli.py, beside this script

from tests.dbfixtures import temporary_database
from tests.e2e.server import Seat, ServerProcess, create_game, deliver_lmtp
from tests.factories import order_mail
from tests.mailstack import MailStack

ECHO_BOT = [sys.executable, str(Path(__file__).with_name("echo_bot.py"))]
SEATS = range(2, 10)
WARMUP = 5
IDLE_GAP = 0.1
"""Seconds between the last mail's flag and the next mail (the poller goes back to IDLE)."""
KEYWORD = "$PbemDone"
ORDERS = "Crab: 1 PDU, 7 FP, 5 OP\n2/15/1/21\nPV: 1=2 3=2\nHP=10\n"


class ArrivalClock:
    """When each reply reached its mailbox, by the Message-ID it answers (In-Reply-To).

    The stack's relay calls ``stack.deliver`` (blocking LMTP, in a worker thread) for
    every recipient and answers the sender only afterwards; the wrapper notes the time
    right after Dovecot accepted the mail.
    """

    def __init__(self, stack: MailStack) -> None:
        self._deliver = stack.deliver
        self._arrived: dict[str, float] = {}
        self._changed = threading.Condition()
        stack.deliver = self._timed  # type: ignore[method-assign]

    def _timed(self, raw: bytes, rcpt: str, sender: str | None = None) -> None:
        self._deliver(raw, rcpt, sender)
        now = time.perf_counter()
        parent = BytesHeaderParser(policy=compat32).parsebytes(raw).get("In-Reply-To")
        if parent:
            with self._changed:
                self._arrived[str(parent).strip()] = now
                self._changed.notify_all()

    def wait(self, msgids: list[str], timeout: float = 120.0) -> float:
        """The time the last of ``msgids`` was answered (waits for all of them)."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while not all(m in self._arrived for m in msgids):
                left = deadline - time.monotonic()
                if left <= 0:
                    missing = sum(m not in self._arrived for m in msgids)
                    raise TimeoutError(f"{missing} of {len(msgids)} replies missing")
                self._changed.wait(left)
            return max(self._arrived[m] for m in msgids)


@dataclass
class RunResult:
    """The figures of one run of one target."""

    latencies: list[float]
    burst_seconds: float
    deliver_seconds: float
    burst: int
    players: int
    cpu_seconds: float
    """Processor time of the target and its workers over the burst."""

    @property
    def median_ms(self) -> float:
        return statistics.median(self.latencies) * 1000

    @property
    def p99_ms(self) -> float:
        return statistics.quantiles(self.latencies, n=100, method="inclusive")[98] * 1000

    @property
    def later_p99_ms(self) -> float:
        """The p99 of the mails that were not their player's first (``latencies`` starts
        after ``WARMUP`` mails, one player after the other)."""
        later = self.latencies[max(0, self.players - WARMUP) :]
        return statistics.quantiles(later, n=100, method="inclusive")[98] * 1000

    @property
    def per_second(self) -> float:
        return self.burst / self.burst_seconds

    @property
    def cpu_ms(self) -> float:
        """Processor milliseconds of the target per mail of the burst."""
        return self.cpu_seconds / self.burst * 1000


def cpu_seconds(pid: int) -> float:
    """User and system time of process ``pid`` and its child processes (the server's
    workers), as far as each has run."""
    tick = os.sysconf("SC_CLK_TCK")
    pids = [pid]
    for task in Path(f"/proc/{pid}/task").iterdir():
        pids += [int(c) for c in (task / "children").read_text().split()]
    total = 0
    for each in pids:
        with contextlib.suppress(FileNotFoundError):  # a worker that ended
            # The fields after the command's parenthesis: utime and stime are 14 and 15.
            fields = Path(f"/proc/{each}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])
    return total / tick


def order(player: Seat, to: str, n: int) -> tuple[bytes, str]:
    """Order mail number ``n`` of ``player`` and its Message-ID.

    The number goes into a comment: intake answers the same text from the same sender
    only once a day (a resent mail), and every mail here must be answered.
    """
    raw = order_mail(player.address, f"{player.header(227)}\n# mail {n}\n{ORDERS}", to=to)
    msgid = BytesHeaderParser(policy=compat32).parsebytes(raw)["Message-ID"]
    return raw, str(msgid).strip()


@contextlib.contextmanager
def target(kind: str, stack: MailStack, backend: str) -> Iterator[tuple[ServerProcess, list[Seat]]]:
    """A started ``pbem serve`` (with a game of eight players) or echo bot."""
    with (
        tempfile.TemporaryDirectory(prefix="pbem-bench-") as tmp,
        temporary_database(backend, Path(tmp)) as url,
    ):
        program = ECHO_BOT if kind == "echo" else None
        with ServerProcess(stack, url, Path(tmp) / "run", program=program) as proc:
            deadline = datetime(2030, 1, 7, 17, 0, tzinfo=UTC)
            players = create_game(proc, SEATS, next_deadline=deadline)
            proc.start()
            yield proc, list(players.values())
            if proc.terminate() != 0:
                raise RuntimeError(f"{kind} did not stop cleanly\n{proc.log_tail()}")


def wait_idle(imap: imaplib.IMAP4, timeout: float = 30.0) -> None:
    """Wait until the target has flagged every mail, then give it time to re-enter IDLE.

    A mail that arrives while the poller is still busy with the previous one is seen at
    once (the server reports it in the answer to STORE or SEARCH); one that arrives
    during IDLE waits for Dovecot's change notification (delayed by 500 ms in Dovecot's
    mailbox-watch.c). Each measured mail should meet an idle server, as a real one does.
    """
    deadline = time.monotonic() + timeout
    while True:
        imap.select("INBOX", readonly=True)
        typ, data = imap.uid("SEARCH", "UNKEYWORD", KEYWORD)
        if typ == "OK" and not data[0]:
            break
        if time.monotonic() > deadline:
            raise TimeoutError(f"mails not flagged: {data!r}")
        time.sleep(0.01)
    time.sleep(IDLE_GAP)


def latencies(
    proc: ServerProcess,
    players: list[Seat],
    stack: MailStack,
    clock: ArrivalClock,
    mails: int,
    first: int = 0,
) -> list[float]:
    """The ack latency of ``mails`` single order mails (after ``WARMUP`` to warm up), each
    sent to an idle target; the mails are numbered from ``first`` (a mail the target has
    seen before is not answered again)."""
    measured: list[float] = []
    with stack.imap(proc.mailbox.address, proc.mailbox.password) as imap:
        wait_idle(imap)
        for n in range(WARMUP + mails):
            raw, msgid = order(players[n % len(players)], proc.address, first + n)
            deliver_lmtp(stack, [raw], proc.address)
            delivered = time.perf_counter()
            try:
                answered = clock.wait([msgid], timeout=60)
            except TimeoutError as exc:
                raise TimeoutError(f"{exc}\n{proc.log_tail()}") from exc
            if n >= WARMUP:
                measured.append(answered - delivered)
            wait_idle(imap)
    return measured


def measure(
    kind: str,
    stack: MailStack,
    clock: ArrivalClock,
    mails: int,
    burst: int,
    backend: str,
    profile: Path | None = None,
) -> RunResult:
    """Latency over ``mails`` single mails, then one burst of ``burst`` mails.

    With ``profile``, py-spy samples the target's threads holding the GIL during the
    burst and writes the collapsed stacks there (that run's figures are slower).
    """
    with target(kind, stack, backend) as (proc, players):
        single = latencies(proc, players, stack, clock, mails)
        batch = [
            order(players[n % len(players)], proc.address, WARMUP + mails + n) for n in range(burst)
        ]
        spy = None
        if profile is not None:
            spy = subprocess.Popen(
                [
                    *("py-spy", "record", "--pid", str(proc.pid), "--format", "raw"),
                    *("--output", str(profile), "--rate", "200", "--threads", "--gil"),
                ],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        cpu_before = cpu_seconds(proc.pid)
        start = time.perf_counter()
        deliver_lmtp(stack, (raw for raw, _ in batch), proc.address)
        delivered = time.perf_counter()
        last = clock.wait([msgid for _, msgid in batch], timeout=600)
        with stack.imap(proc.mailbox.address, proc.mailbox.password) as imap:
            wait_idle(imap)  # every mail flagged, its answer marked sent
        cpu = cpu_seconds(proc.pid) - cpu_before
        if spy is not None:
            spy.send_signal(signal.SIGINT)  # py-spy writes its file on SIGINT
            spy.wait(timeout=60)
        if proc.errors_logged():
            raise RuntimeError(f"{kind} logged errors\n{proc.log_tail()}")
        return RunResult(single, last - start, delivered - start, burst, len(players), cpu)


def main() -> None:
    """Run both targets several times and print the medians."""
    parser = mail_bench_parser(
        "Intake latency and throughput.",
        quick="fewer mails (report.py --quick)",
        profile="py-spy collapsed stacks of a burst here",
    )
    args = mail_bench_args(parser, mails=(200, 10), burst=(500, 100))

    results: dict[str, list[RunResult]] = {"pbem": [], "echo": []}
    with MailStack() as stack:
        clock = ArrivalClock(stack)
        for run in range(args.runs):
            for kind, runs in results.items():
                profile = None
                if args.profile is not None and run == 0:
                    profile = args.profile.with_suffix(f".{kind}{args.profile.suffix}")
                result = measure(kind, stack, clock, args.mails, args.burst, args.backend, profile)
                runs.append(result)
                print(
                    f"run {run + 1} {kind:4}: median {result.median_ms:6.1f} ms, "
                    f"p99 {result.p99_ms:6.1f} ms (without players' first mails "
                    f"{result.later_p99_ms:6.1f} ms), burst {result.per_second:6.1f} mails/s "
                    f"(delivery alone {result.burst / result.deliver_seconds:6.1f} mails/s), "
                    f"processor {result.cpu_ms:5.2f} ms a mail",
                    flush=True,
                )

    def med(kind: str, figure: str) -> float:
        return statistics.median(getattr(r, figure) for r in results[kind])

    print(
        f"\nIntake benchmark ({args.backend}, medians of {args.runs} runs; latency over "
        f"{args.mails} mails after {WARMUP} warm-up mails, burst of {args.burst}):"
    )
    print(
        f"{'':24} {'median ms':>10} {'p99 ms':>10} {'later p99 ms':>13} {'burst mails/s':>14} "
        f"{'cpu ms/mail':>12}"
    )
    for kind, label in (("pbem", "pbem serve"), ("echo", "echo bot (baseline)")):
        print(
            f"{label:24} {med(kind, 'median_ms'):10.1f} {med(kind, 'p99_ms'):10.1f} "
            f"{med(kind, 'later_p99_ms'):13.1f} {med(kind, 'per_second'):14.1f} "
            f"{med(kind, 'cpu_ms'):12.2f}"
        )
    print(
        f"{'ratio pbem / echo':24} {med('pbem', 'median_ms') / med('echo', 'median_ms'):10.2f} "
        f"{med('pbem', 'p99_ms') / med('echo', 'p99_ms'):10.2f} "
        f"{med('pbem', 'later_p99_ms') / med('echo', 'later_p99_ms'):13.2f} "
        f"{med('pbem', 'per_second') / med('echo', 'per_second'):14.2f} "
        f"{med('pbem', 'cpu_ms') / med('echo', 'cpu_ms'):12.2f}"
    )
    print("(later p99: without each player's first mail, which pays the password's hash)")

    if args.json:
        figures = {
            f"{kind}_{figure}": med(kind, figure)
            for kind in results
            for figure in ("median_ms", "p99_ms", "later_p99_ms", "per_second", "cpu_ms")
        }
        print(json.dumps(figures))


if __name__ == "__main__":
    main()
