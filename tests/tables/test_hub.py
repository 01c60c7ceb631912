"""``fanshu.tables.hub``: wake-ups from any thread, merged while one waits."""

from __future__ import annotations

import asyncio
import threading

from fanshu.tables.hub import Hub


def test_a_broadcast_from_another_thread_wakes_the_table_s_subscribers_only() -> None:
    async def run() -> tuple[bool, bool, bool, int]:
        hub = Hub()
        mine, other = hub.subscribe("t1"), hub.subscribe("t2")
        thread = threading.Thread(target=lambda: [hub.broadcast("t1") for _ in range(5)])
        thread.start()
        thread.join()
        woken = await mine.wait(2)
        merged = await mine.wait(0.05)  # five broadcasts, one wake-up waiting
        quiet = await other.wait(0.05)
        hub.unsubscribe(mine)
        hub.unsubscribe(other)
        hub.broadcast("t1")  # nobody listens: nothing happens
        return woken, merged, quiet, hub.listeners("t1")

    assert asyncio.run(run()) == (True, False, False, 0)


def test_a_subscriber_whose_loop_closed_is_skipped() -> None:
    hub = Hub()

    async def subscribe() -> None:
        hub.subscribe("t")

    asyncio.run(subscribe())  # its loop is closed now
    hub.broadcast("t")  # no error
    assert hub.listeners("t") == 1
