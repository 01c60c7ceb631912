"""Who listens to which table: the subscribers of each live table and the broadcast
after each change.

A subscriber is an :class:`asyncio.Queue` of one place on the event loop of its
connection.  :meth:`Hub.broadcast` may be called from any thread (a request's worker
thread, a timer's): it puts a wake-up on each queue of the table through its loop
(``call_soon_threadsafe``); a wake-up already waiting absorbs the next one, so a slow
client is woken once and then reads the table's state as it is — every connection
sends what happened since the event count it last sent, so nothing is lost by the
merging.

>>> import asyncio
>>> async def demo() -> list[bool]:
...     hub = Hub()
...     sub = hub.subscribe("t1")
...     hub.broadcast("t1"); hub.broadcast("t1"); hub.broadcast("t2")
...     await asyncio.sleep(0)
...     woken = [await sub.wait(0.1), await sub.wait(0.01)]
...     hub.unsubscribe(sub)
...     return woken + [hub.listeners("t1") == 0]
>>> asyncio.run(demo())
[True, False, True]
"""

from __future__ import annotations

import asyncio
import contextlib
import threading

__all__ = ["Hub", "Subscriber"]


class Subscriber:
    """One connection's wake-ups for one table, on the running event loop."""

    def __init__(self, table_id: str) -> None:
        self.table_id = table_id
        self.loop = asyncio.get_running_loop()
        self.queue: asyncio.Queue[None] = asyncio.Queue(maxsize=1)

    def _put(self) -> None:
        with contextlib.suppress(asyncio.QueueFull):  # one wake-up waiting is enough
            self.queue.put_nowait(None)

    def wake(self) -> None:
        """Wake the subscriber (from any thread)."""
        with contextlib.suppress(RuntimeError):  # its loop has closed: it is gone
            self.loop.call_soon_threadsafe(self._put)

    async def wait(self, timeout: float | None = None) -> bool:
        """Wait for a wake-up; False if ``timeout`` seconds pass first."""
        try:
            await asyncio.wait_for(self.queue.get(), timeout)
        except TimeoutError:
            return False
        return True


class Hub:
    """The subscribers of every table."""

    def __init__(self) -> None:
        self._subs: dict[str, set[Subscriber]] = {}
        self._lock = threading.Lock()

    def subscribe(self, table_id: str) -> Subscriber:
        """A new subscriber to ``table_id`` (call it on the connection's event loop)."""
        sub = Subscriber(table_id)
        with self._lock:
            self._subs.setdefault(table_id, set()).add(sub)
        return sub

    def unsubscribe(self, sub: Subscriber) -> None:
        with self._lock:
            subs = self._subs.get(sub.table_id)
            if subs is not None:
                subs.discard(sub)
                if not subs:
                    del self._subs[sub.table_id]

    def listeners(self, table_id: str) -> int:
        """How many connections listen to ``table_id``."""
        with self._lock:
            return len(self._subs.get(table_id, ()))

    def broadcast(self, table_id: str) -> None:
        """Wake every subscriber of ``table_id``: the table changed."""
        with self._lock:
            subs = list(self._subs.get(table_id, ()))
        for sub in subs:
            sub.wake()
