"""Ctrl-C at a chosen point, for tests of what an interrupted command leaves behind."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from itertools import islice
from typing import Any


def islice_interrupted_after(items: int) -> Callable[..., Iterator[Any]]:
    """An ``islice`` that raises KeyboardInterrupt (as Ctrl-C does) instead of giving its
    item number ``items``: patched over a module's ``islice``, it interrupts the loop
    that uses it."""

    def interrupted(iterable: Iterable[Any], *bounds: Any) -> Iterator[Any]:
        for n, item in enumerate(islice(iterable, *bounds)):
            if n == items:
                raise KeyboardInterrupt
            yield item

    return interrupted
