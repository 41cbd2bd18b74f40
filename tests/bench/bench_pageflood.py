"""Benchmark of the pages' weight on mail intake: ack latency during a page flood.

Run: ``python tests/bench/bench_pageflood.py [--runs 3] [--mails 40] [--concurrency 200]
[--backend sqlite|postgresql] [--quick] [--json]`` (from the repository root; needs
Dovecot, as the tests). ``--quick``: 10 mails per phase; ``--json``: the medians as JSON
on the last line (for tests/bench/report.py).

Everything is real: Dovecot and the SMTP relay of tests/mailstack.py, ``pbem serve`` as
its own process with its pages on (tests/e2e/server.py), a fresh database per run with a
started game of eight players (turn 0 stored, so every private page shows a printout).

* Latency: as in bench_intake.py, an order mail put into the server's mailbox over LMTP,
  timed until its acknowledgement is in the player's mailbox, one mail at a time to an
  idle server; the median over ``--mails`` mails.
* Quiet: the pages idle (each asked once before: its map is drawn and kept). Flood: a
  client process of its own keeps ``--concurrency`` connections busy (keep-alive, from
  10 loopback addresses) with the eight private pages, the public page, the index and
  the order form's check, answer after answer, while the same number of mails is timed
  again.

The figure is the ratio of the flood's median to the quiet one (goal: at most 1.5).
Prints per run and the medians over the runs; the flood's pages per second beside them.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import http.client
import json
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from cli import tell  # tests/bench/cli.py, beside this script

from mailserver.app.localmail.dovecot import free_port
from tests.bench.bench_intake import WARMUP, ArrivalClock, latencies
from tests.dbfixtures import temporary_database
from tests.e2e.server import Seat, ServerProcess
from tests.mailstack import MailStack

NUMBER = 227
SEATS = range(1, 9)
SECRET = "bench-page-flood-link-key-0123456789"
SOURCES = [f"127.3.0.{n}" for n in range(1, 11)]
"""The flood's client addresses (each keeps fewer connections than the pages allow one)."""
CHECK_SHARE = 0.2
"""Of the flood's requests, this share are checks of the order form."""


def start_game(proc: ServerProcess, stack: MailStack) -> list[Seat]:
    """A started game of eight players on the stack (turn 0 and its printouts stored)."""
    from db.session import transaction
    from mailserver.app.demo import seat_fields
    from mailserver.common.kinds import game_kind
    from mailserver.common.terms import HostTerms
    from mailserver.gm import operations as gm

    users = {seat: stack.new_user(f"p{seat}-") for seat in SEATS}
    now = datetime.now(UTC)
    with transaction(proc.engine) as session:
        gm.create_game(
            session,
            kind="ashes",
            number=NUMBER,
            gm_address=stack.new_user("gm").address,
            gm_password="geheim-spielleiter",
            seats=[
                gm.SeatSpec(seat, user.address, fields=seat_fields(game_kind("ashes"), seat))
                for seat, user in users.items()
            ],
            every_days=None,
            at=None,
            first_deadline=now + timedelta(days=30),
            seed=7,
            now=now,
        )
        terms = HostTerms(from_address=proc.address)
        passwords = gm.start_game(session, NUMBER, terms.at(now))
    return [Seat(seat, users[seat], passwords[seat]) for seat in SEATS]


def flood_targets(proc: ServerProcess) -> dict[str, list[str]]:
    """The paths the flood asks, and per private page its form token (for the check)."""
    from sqlmodel import Session

    from db import repo
    from mailserver.common import tokens

    key = SECRET.encode()
    pages: list[str] = ["/", f"/game/{NUMBER}"]
    checks: list[str] = []
    with Session(proc.engine) as session:
        game = repo.get_game_by_number(session, NUMBER)
        assert game is not None
        for seat in SEATS:
            link = tokens.link_token(session, key, game, seat)
            assert link is not None
            path = tokens.seat_path(game, seat, link)
            pages.append(path)
            checks.append(f"{path}/check {tokens.form_token(key, link)}")
    return {"pages": pages, "checks": checks}


@contextlib.contextmanager
def server(stack: MailStack, backend: str) -> Iterator[tuple[ServerProcess, list[Seat], int]]:
    """A started ``pbem serve`` with its pages on a free port, and the game's players."""
    port = free_port()
    settings = {"web": {"enabled": True, "host": "127.0.0.1", "port": port, "secret": SECRET}}
    with (
        tempfile.TemporaryDirectory(prefix="pbem-bench-") as tmp,
        temporary_database(backend, Path(tmp)) as url,
        ServerProcess(stack, url, Path(tmp) / "run", settings=settings) as proc,
    ):
        players = start_game(proc, stack)
        proc.start()
        yield proc, players, port
        if proc.terminate() != 0:
            raise RuntimeError(f"pbem serve did not stop cleanly\n{proc.log_tail()}")


def warm_pages(port: int, targets: dict[str, list[str]]) -> None:
    """Every page asked once before anything is timed: its map and report are drawn and
    kept (the flood measures the pages as they are served all day, not their first time)."""
    for path in targets["pages"]:
        for extra in ("", "/map.png", "/report.json") if "/seat/" in path else ("",):
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            try:
                conn.request("GET", path + extra)
                conn.getresponse().read()
            finally:
                conn.close()


@contextlib.contextmanager
def flooding(port: int, targets: dict[str, list[str]], concurrency: int) -> Iterator[list[float]]:
    """The flood client as a process of its own; yields a list that gets its pages per
    second when it ends."""
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as file:
        json.dump(targets, file)
    command = [sys.executable, __file__, "--flood", file.name]
    command += ["--port", str(port), "--concurrency", str(concurrency)]
    flood = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    rate: list[float] = []
    try:
        time.sleep(2)  # every connection open and busy
        if flood.poll() is not None:
            raise RuntimeError("the flood client ended at once")
        yield rate
    finally:
        flood.send_signal(signal.SIGTERM)
        out, _ = flood.communicate(timeout=30)
        Path(file.name).unlink()
        with contextlib.suppress(ValueError, IndexError):
            rate.append(float(out.strip().splitlines()[-1]))


@contextlib.contextmanager
def profiling(proc: ServerProcess, into: Path | None) -> Iterator[None]:
    """py-spy's collapsed stacks of the server's threads holding the GIL, into ``into``."""
    if into is None:
        yield
        return
    command = ["py-spy", "record", "--pid", str(proc.pid), "--format", "raw"]
    command += ["--output", str(into), "--rate", "100", "--threads", "--gil"]
    spy = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        yield
    finally:
        spy.send_signal(signal.SIGINT)  # py-spy writes its file on SIGINT
        spy.wait(timeout=60)


def flood(port: int, targets: dict[str, list[str]], concurrency: int) -> None:
    """The flood client: ``concurrency`` connections asking pages until SIGTERM; prints
    the answers per second."""
    answered = 0
    started = time.perf_counter()

    async def one(n: int) -> None:
        nonlocal answered
        rng = random.Random(n)
        while True:
            try:
                reader, writer = await asyncio.open_connection(
                    "127.0.0.1", port, local_addr=(SOURCES[n % len(SOURCES)], 0)
                )
            except OSError:
                await asyncio.sleep(0.05)
                continue
            try:
                while True:
                    writer.write(request(rng, targets))
                    head = await reader.readuntil(b"\r\n\r\n")
                    length = 0
                    for line in head.split(b"\r\n"):
                        if line.lower().startswith(b"content-length:"):
                            length = int(line.split(b":", 1)[1])
                    await reader.readexactly(length)
                    answered += 1
                    if b"connection: close" in head.lower():
                        break
            except (OSError, asyncio.IncompleteReadError, asyncio.LimitOverrunError):
                await asyncio.sleep(0.01)
            finally:
                writer.close()

    async def main() -> None:
        stop = asyncio.Event()
        asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
        tasks = [asyncio.ensure_future(one(n)) for n in range(concurrency)]
        await stop.wait()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    asyncio.run(main())
    print(answered / (time.perf_counter() - started), flush=True)


def request(rng: random.Random, targets: dict[str, list[str]]) -> bytes:
    """One request of the flood: a page, or a check of the order form."""
    if rng.random() < CHECK_SHARE:
        path, form = rng.choice(targets["checks"]).split()
        body = json.dumps({"text": "Crab: 1 PDU, 7 FP\n2/15/1/21\n"}).encode()
        return (
            f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: http://127.0.0.1\r\n"
            f"Content-Type: application/json\r\nX-CSRF-Token: {form}\r\n"
            f"Content-Length: {len(body)}\r\n\r\n"
        ).encode() + body
    path = rng.choice(targets["pages"])
    return f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode()


def main() -> None:
    """Both phases in several runs; print the medians."""
    parser = argparse.ArgumentParser(description="Ack latency during a page flood.")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--mails", type=int, default=40)
    parser.add_argument("--concurrency", type=int, default=200)
    parser.add_argument("--backend", choices=["sqlite", "postgresql"], default="sqlite")
    parser.add_argument("--quick", action="store_true", help="fewer mails (report.py --quick)")
    parser.add_argument("--json", action="store_true", help="last line: the medians as JSON")
    parser.add_argument("--profile", type=Path, help="py-spy collapsed stacks of a flood here")
    parser.add_argument("--flood", help=argparse.SUPPRESS)  # the flood client's targets
    parser.add_argument("--port", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.flood:
        flood(args.port, json.loads(Path(args.flood).read_text()), args.concurrency)
        return
    if args.quick:
        args.mails = min(args.mails, 10)

    quiet: list[float] = []
    flooded: list[float] = []
    rates: list[float] = []
    with MailStack() as stack:
        clock = ArrivalClock(stack)
        for run in range(args.runs):
            with server(stack, args.backend) as (proc, players, port):
                targets = flood_targets(proc)
                warm_pages(port, targets)
                calm = statistics.median(latencies(proc, players, stack, clock, args.mails))
                busy_from = WARMUP + args.mails  # the flooded run's mails are new ones
                with (
                    flooding(port, targets, args.concurrency) as rate,
                    profiling(proc, args.profile if run == 0 else None),
                ):
                    busy = statistics.median(
                        latencies(proc, players, stack, clock, args.mails, busy_from)
                    )
                if proc.errors_logged():
                    raise RuntimeError(f"pbem serve logged errors\n{proc.log_tail()}")
            quiet.append(calm * 1000)
            flooded.append(busy * 1000)
            rates.extend(rate)
            print(
                f"run {run + 1}: ack median quiet {quiet[-1]:7.1f} ms, during the flood "
                f"{flooded[-1]:7.1f} ms ({flooded[-1] / quiet[-1]:.2f}x; "
                f"{rate[0] if rate else 0:.0f} pages/s)",
                flush=True,
            )

    figures = {
        "quiet_median_ms": statistics.median(quiet),
        "flood_median_ms": statistics.median(flooded),
        "flood_pages_per_s": statistics.median(rates) if rates else 0.0,
    }
    tell(
        figures,
        args.json,
        f"\nPage flood ({args.backend}, {args.concurrency} connections, medians of "
        f"{args.runs} runs of {args.mails} mails): quiet {figures['quiet_median_ms']:.1f} ms, "
        f"flood {figures['flood_median_ms']:.1f} ms, ratio "
        f"{figures['flood_median_ms'] / figures['quiet_median_ms']:.2f}x, "
        f"{figures['flood_pages_per_s']:.0f} pages/s",
    )


if __name__ == "__main__":
    main()
