"""Mail before pages: a page waits while intake, the sender or a turn run works, and at
most a bounded time (mailserver/common/priority.py)."""

from __future__ import annotations

import asyncio

from mailserver.common.priority import MailFirst


def test_a_page_goes_ahead_at_once_when_no_mail_work_goes_on() -> None:
    async def scenario() -> bool:
        first = MailFirst()
        waiting = asyncio.ensure_future(first.pause())
        await asyncio.sleep(0)
        return waiting.done()

    assert asyncio.run(scenario())


def test_a_page_waits_for_every_mail_stage_to_pause() -> None:
    async def scenario() -> list[bool]:
        first = MailFirst(max_wait=60)
        seen = []
        with first.working():
            with first.working():  # intake and the sender at once
                waiting = asyncio.ensure_future(first.pause())
                await asyncio.sleep(0)
                seen.append(waiting.done())
            await asyncio.sleep(0)
            seen.append(waiting.done())
        await asyncio.wait_for(waiting, 5)  # goes ahead once both ended
        seen.append(first.busy)
        return seen

    assert asyncio.run(scenario()) == [False, False, False]


def test_a_page_waits_no_longer_than_the_bound_during_endless_mail_work() -> None:
    async def scenario() -> bool:
        first = MailFirst(max_wait=0.01)
        with first.working():
            await first.pause()  # returns although the mail work goes on
            return first.busy

    assert asyncio.run(scenario())


def test_mail_work_that_fails_still_ends() -> None:
    first = MailFirst()
    try:
        with first.working():
            raise RuntimeError("a pass failed")
    except RuntimeError:
        pass
    assert not first.busy
