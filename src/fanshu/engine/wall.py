"""The tiles of one hand: the live wall, drawn from the front, with replacement draws
(after a flower or a kong) taken from the back, and the tiles set aside (the two-player
game plays 71 of its 136 tiles).

A *stacked* wall is a list in draw order: the deal takes the first 13 per seat from the
dealer on, then every draw takes the next tile; replacement draws take the last.  Tests
use :func:`stack` to choose the deal.

>>> w = Wall([1, 2, 3, 4])
>>> w.draw(), w.draw_back(), w.remaining
(1, 4, 2)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from fanshu.errors import FanshuError
from fanshu.tiles import TILES

#: One copy of each flower (MCR): 春夏秋冬梅兰竹菊.
FLOWER_KINDS = tuple(range(34, 42))


class WallError(FanshuError):
    """A stacked wall that is not a tile set of the rule set."""

    code = "bad_wall"


def tile_set(kinds: Iterable[int], flowers: bool = False) -> list[int]:
    """Four copies of each kind, and one of each flower when ``flowers``."""
    out = [k for k in kinds for _ in range(4)]
    if flowers:
        out.extend(FLOWER_KINDS)
    return out


class Wall:
    """The live wall: ``draw`` from the front, ``draw_back`` for replacements, and
    ``turn_up`` for a tile shown to everyone (a wildcard's indicator)."""

    __slots__ = ("_back", "_front", "tiles", "turned")

    def __init__(self, tiles: Sequence[int]) -> None:
        self.tiles = list(tiles)
        self._front = 0
        self._back = len(self.tiles)
        #: Tiles turned up (``turn_up``), out of the live wall, in the order shown.
        self.turned: list[int] = []

    @property
    def remaining(self) -> int:
        return self._back - self._front

    def draw(self) -> int:
        t = self.tiles[self._front]
        self._front += 1
        return t

    def draw_back(self) -> int:
        self._back -= 1
        return self.tiles[self._back]

    def turn_up(self) -> int:
        """Take the last tile of the wall and show it to everyone (百搭's indicator):
        it leaves the live wall and stays in ``turned``; the game counts it visible.

        >>> w = Wall([1, 2, 3])
        >>> w.turn_up(), w.turned, w.remaining
        (3, [3], 2)
        """
        t = self.draw_back()
        self.turned.append(t)
        return t

    def live(self) -> list[int]:
        """The tiles still in the wall, front first."""
        return self.tiles[self._front : self._back]

    def replace_live(self, old: int, new: int) -> bool:
        """Put ``new`` where one live ``old`` is (搓牌 takes a tile from the wall)."""
        for i in range(self._front, self._back):
            if self.tiles[i] == old:
                self.tiles[i] = new
                return True
        return False


def shuffled(tiles: Sequence[int], rng: random.Random) -> list[int]:
    out = list(tiles)
    rng.shuffle(out)
    return out


def check_stacked(wall: Sequence[int], full_set: Sequence[int], size: int | None = None) -> None:
    """A stacked wall must be tiles of the set, no more copies than the set has, and
    ``size`` tiles when the rule set plays a fixed number (else the whole set)."""
    want = len(full_set) if size is None else size
    if len(wall) != want:
        raise WallError(f"a stacked wall here has {want} tiles, not {len(wall)}")
    have = [0] * 42
    for t in full_set:
        have[t] += 1
    used = [0] * 42
    for i, t in enumerate(wall):
        if not isinstance(t, int) or not 0 <= t < 42 or have[t] == 0:
            raise WallError(f"tile {i} of the stacked wall ({t!r}) is not in this tile set")
        used[t] += 1
        if used[t] > have[t]:
            raise WallError(f"the stacked wall has {used[t]} copies of {TILES[t].code}")


def stack(
    hands: Sequence[Sequence[int]],
    draws: Sequence[int],
    full_set: Sequence[int],
    *,
    size: int | None = None,
    back: Sequence[int] = (),
) -> list[int]:
    """A wall that deals ``hands`` (13 tiles each, dealer first), then draws ``draws`` in
    order; ``back`` are the replacement draws, first one first; the rest of the tile set
    fills the middle in a fixed order.  ``size`` cuts the wall (two-player: 71)."""
    used = [t for h in hands for t in h] + list(draws)
    for i, h in enumerate(hands):
        if len(h) != 13:
            raise WallError(f"hand {i} has {len(h)} tiles; the deal gives 13")
    rest = list(full_set)
    for t in [*used, *back]:
        try:
            rest.remove(t)
        except ValueError:
            raise WallError(f"too many copies of {TILES[t].code} for this tile set") from None
    total = len(full_set) if size is None else size
    fill = total - len(used) - len(back)
    if fill < 0:
        raise WallError(f"the stacked tiles ({len(used) + len(back)}) exceed the wall ({total})")
    return [*used, *rest[:fill], *reversed(back)]
