"""Splitting a job's input into ordered shards.

A job's input is a sequence of *items* (input lines, game numbers, logged games); a
:class:`Shard` is a run of consecutive items with its number in the job and the position
of its first item in the whole input, so that the results of shards finished in any order
can be put back in input order, and a shard can be handed to another worker when the
first one dies.

>>> [(s.index, s.start, list(s.items)) for s in shards("abcde", 2)]
[(0, 0, ['a', 'b']), (1, 2, ['c', 'd']), (2, 4, ['e'])]
>>> [(s.index, s.start, s.items) for s in game_shards(5, 2, first=2)]
[(0, 2, range(2, 4)), (1, 4, range(4, 5))]
>>> shard_size(100_000, 2, least=50, most=1000), shard_size(40, 2, least=50, most=1000)
(1000, 50)
>>> shard_size(None, 2, least=50, most=1000), shard_size(400, 2, least=2, most=50)
(1000, 13)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import islice
from typing import Any, Generic, TypeVar

__all__ = ["SHARDS_PER_WORKER", "Shard", "game_shards", "shard_size", "shards"]

T = TypeVar("T")

#: A known-length input is cut into about this many shards per worker (bounded by the
#: command's least and most items per shard): enough that a slow shard or a retried one
#: delays the end of the run little, few enough that each shard's overhead is small.
SHARDS_PER_WORKER = 16


@dataclass(frozen=True, slots=True)
class Shard(Generic[T]):
    """A run of consecutive input items: shard ``index`` of the job, whose first item is
    item ``start`` of the whole input.  ``weight`` is what the shard adds to the progress
    bar when done (its item count unless the bar counts something else, such as the log
    lines of the games a replay shard holds)."""

    index: int
    start: int
    items: Sequence[T]
    weight: int = field(default=-1)
    #: Free-form facts the job keeps with the shard (not sent to a worker's task).
    extra: Any = field(default=None, compare=False)

    def __post_init__(self) -> None:
        if self.weight < 0:
            object.__setattr__(self, "weight", len(self.items))

    @property
    def end(self) -> int:
        """The position after the shard's last item."""
        return self.start + len(self.items)

    def __len__(self) -> int:
        return len(self.items)


def shard_size(total: int | None, workers: int, *, least: int, most: int) -> int:
    """Items per shard for an input of ``total`` items (None: unknown, as for stdin) run
    on ``workers`` workers: about :data:`SHARDS_PER_WORKER` shards per worker, between
    ``least`` and ``most`` items each."""
    if total is None:
        return most
    per = -(-total // max(1, workers * SHARDS_PER_WORKER))
    return max(least, min(most, per))


def shards(
    items: Iterable[T],
    size: int,
    *,
    first: int = 0,
    weigh: Callable[[Sequence[T]], int] | None = None,
) -> Iterator[Shard[T]]:
    """Consecutive shards of ``size`` items (the last may be shorter), read lazily from
    ``items``; ``first`` is the input position of the first item (after a resume);
    ``weigh`` gives each shard's progress weight (default: its item count)."""
    if size < 1:
        raise ValueError(f"a shard holds at least one item, not {size}")
    it = iter(items)
    index, start = 0, first
    while True:
        chunk = list(islice(it, size))
        if not chunk:
            return
        yield Shard(index, start, chunk, -1 if weigh is None else weigh(chunk))
        index += 1
        start += len(chunk)


def game_shards(games: int, size: int, *, first: int = 0) -> Iterator[Shard[int]]:
    """Shards of game numbers ``first`` … ``games - 1``, ``size`` games each."""
    if size < 1:
        raise ValueError(f"a shard holds at least one game, not {size}")
    for index, start in enumerate(range(first, games, size)):
        yield Shard(index, start, range(start, min(games, start + size)))
