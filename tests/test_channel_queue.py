"""A channel's changes run one at a time, in the order their places were taken."""

import asyncio

from cogs.table.queue import ChannelQueue


async def test_changes_run_in_the_order_their_places_were_taken_not_asked_for():
    queue = ChannelQueue()
    ran: list[str] = []
    first, second = queue.take(), queue.take()  # taken as the clicks arrive

    async def change(name, turn, answer_first: float) -> None:
        await asyncio.sleep(answer_first)  # the first click answers Discord before it asks
        async with turn:
            ran.append(f"{name} starts")
            await asyncio.sleep(0.01)
            ran.append(f"{name} ends")

    await asyncio.gather(change("toggle", first, 0.05), change("lock", second, 0))
    assert ran == ["toggle starts", "toggle ends", "lock starts", "lock ends"]
    assert not queue.locked()


async def test_a_place_given_up_lets_the_next_go_and_twice_is_once():
    queue = ChannelQueue()
    first, second, third = queue.take(), queue.take(), queue.take()
    first.release()
    first.release()  # a second release must not hand on a turn that is not its own
    async with second:
        assert queue.locked()
        waiting = asyncio.create_task(third.__aenter__())
        await asyncio.sleep(0.01)
        assert not waiting.done(), "the third waits for the second"
    await asyncio.wait_for(waiting, 1)
    third.release()
    assert not queue.locked()


async def test_a_waiter_cancelled_leaves_the_line():
    queue = ChannelQueue()
    held = queue.take()
    async with held:
        cancelled = asyncio.create_task(queue.__aenter__())
        after = queue.take()
        await asyncio.sleep(0.01)
        cancelled.cancel()
        await asyncio.gather(cancelled, return_exceptions=True)
    async with after:  # not stuck behind the cancelled one
        pass
    assert not queue.locked()


async def test_async_with_the_line_itself_takes_a_turn():
    queue = ChannelQueue()
    ran: list[int] = []

    async def change(n: int) -> None:
        async with queue:
            ran.append(n)
            await asyncio.sleep(0.005)
            ran.append(n)

    await asyncio.gather(*(change(n) for n in range(3)))
    assert ran == [0, 0, 1, 1, 2, 2]
