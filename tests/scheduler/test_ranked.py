"""The slots of a server's turn runs (mailserver.turns.ranked): never more holders than
slots, the waiting runs let in by the server's own order of the games, and a cancelled
wait neither loses a slot nor holds one."""

from __future__ import annotations

import asyncio

from mailserver.turns.ranked import RankedSlots


async def test_waiting_runs_get_their_slot_by_the_servers_order_not_by_arrival() -> None:
    slots = RankedSlots(2, salt=7)
    games = list(range(1, 21))
    holding = 0
    most = 0
    taken: list[int] = []

    async def run(game_id: int) -> None:
        nonlocal holding, most
        async with slots.held(game_id):
            holding += 1
            most = max(most, holding)
            taken.append(game_id)
            await asyncio.sleep(0.001)
            holding -= 1

    await asyncio.gather(*(run(g) for g in games))
    assert most == 2
    # Arrived together, in the jobs' order: let in by rank, the first two slots too.
    assert taken == sorted(games, key=slots.rank)
    assert taken != games  # an order of its own, not the jobs' order
    # Two servers (two salts) order the same games differently.
    assert sorted(games, key=RankedSlots(2, salt=8).rank) != sorted(games, key=slots.rank)


class OneSlot:
    """One slot of ``slots`` and runs through it: each notes its game id in ``done`` once
    inside; game 1's run holds the slot until ``release`` is set."""

    def __init__(self, slots: RankedSlots) -> None:
        self.slots = slots
        self.release = asyncio.Event()
        self.done: list[int] = []

    def start(self, game_id: int) -> asyncio.Future[None]:
        """The run of ``game_id``, started (it waits for the slot in the event loop)."""
        return asyncio.ensure_future(self._run(game_id))

    async def _run(self, game_id: int) -> None:
        async with self.slots.held(game_id):
            if game_id == 1:
                await self.release.wait()
            self.done.append(game_id)


async def test_a_cancelled_wait_neither_loses_a_slot_nor_keeps_one() -> None:
    one = OneSlot(RankedSlots(1, salt=1))
    first = one.start(1)
    await asyncio.sleep(0)
    waiting, later = one.start(2), one.start(3)
    await asyncio.sleep(0)
    waiting.cancel()
    one.release.set()
    await asyncio.gather(first, later)
    assert waiting.cancelled() and one.done == [1, 3]
    async with one.slots.held(4):  # the slot is free again, at once
        one.done.append(4)
    assert one.done == [1, 3, 4]


async def test_a_slot_handed_to_a_run_cancelled_before_it_woke_goes_on_to_the_next() -> None:
    one = OneSlot(RankedSlots(1, salt=3))
    holder = one.start(1)
    await asyncio.sleep(0)
    handed_first, then = sorted((2, 3), key=one.slots.rank)
    waiting = {g: one.start(g) for g in (2, 3)}
    await asyncio.sleep(0)
    one.release.set()
    await asyncio.sleep(0)  # the holder left: the slot is handed, its run not yet awake
    waiting[handed_first].cancel()
    # A slot lost would leave the next run waiting for ever.
    await asyncio.wait_for(asyncio.gather(holder, waiting[then]), 5)
    assert waiting[handed_first].cancelled() and one.done == [1, then]
