"""How far a hand is from ready under each rule set, and which draws bring it nearer.

The value advice walks hands toward a win; what "nearer" means depends on the shapes a
rule set accepts:

- ``mcr`` and ``two-player``: every MCR shape (four sets and a pair, 七对, 十三幺, 全不靠,
  组合龙), :func:`fanshu.analysis.shanten.shanten` and ``useful_tiles``;
- ``beijing``: four sets and a pair, and 七对 (no melds);
- ``sichuan``: four sets and a pair, and 七对, with 缺一门: the tiles of the void suit
  (the player's own, or when not chosen yet the best suit to give up) must all go before
  a win, so each counts as a tile to change.  The shanten of the rest is the partial
  shanten of a hand short of those tiles (never less than the tiles it lacks).

>>> from fanshu.notation import parse_tiles
>>> from fanshu.shapes import counts_of
>>> c = counts_of(parse_tiles("123m456m789m1s23s5p"))
>>> DISTANCES["mcr"].shanten(c, 0), DISTANCES["sichuan"].shanten(c, 0)  # the 5p must go
(0, 1)
>>> len(DISTANCES["sichuan"].useful(c, 0))  # any 万 or 条 tile, then a single wait
18
>>> for_rules("sichuan", void=1).shanten(c, 0)  # void in 条: 1s23s must all go
3
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING, Protocol

from fanshu.analysis import wildcards
from fanshu.analysis.efficiency import ALL_SHAPES, REGULAR_AND_PAIRS, shanten_fast, useful_kinds
from fanshu.analysis.shanten import ShapeName, partial_regular_shanten
from fanshu.rules import get_rules
from fanshu.tiles import FIRST_HONOR, NUM_KINDS, SUIT_SIZE

if TYPE_CHECKING:
    from fanshu.analysis.position import Position

__all__ = [
    "DISTANCES",
    "Distance",
    "WildDistance",
    "discard_shapes",
    "for_position",
    "for_rules",
]


class Distance(Protocol):
    """Shanten of a 13-tile hand (``13 - 3 * melds`` concealed) under one rule set, and the
    kinds whose draw lowers it (a ready hand's useful kinds are its waits' candidates)."""

    def shanten(self, counts: Sequence[int], melds: int) -> int: ...

    def useful(self, counts: Sequence[int], melds: int) -> frozenset[int]: ...


class McrDistance:
    """Every MCR shape (also the two-player game, which scores with the MCR table)."""

    def shanten(self, counts: Sequence[int], melds: int) -> int:
        return shanten_fast(counts, melds, ALL_SHAPES)

    def useful(self, counts: Sequence[int], melds: int) -> frozenset[int]:
        return useful_kinds(counts, melds, ALL_SHAPES)


class PairsDistance:
    """Four sets and a pair, or 七对 when concealed (Beijing)."""

    def shanten(self, counts: Sequence[int], melds: int) -> int:
        return shanten_fast(counts, melds, REGULAR_AND_PAIRS)

    def useful(self, counts: Sequence[int], melds: int) -> frozenset[int]:
        return useful_kinds(counts, melds, REGULAR_AND_PAIRS)


def _pairs_partial(counts: Sequence[int]) -> int:
    """七对 shanten of a concealed hand of any size, never less than the tiles it lacks."""
    pairs = min(7, sum(k >> 1 for k in counts))
    floor = 13 - sum(counts)
    return max(6 - pairs, floor)


class VoidDistance:
    """Sichuan: the shapes of :class:`PairsDistance` without the void suit's tiles.

    ``void`` is the player's chosen suit (0 万, 1 条, 2 饼), or None: any suit the melds
    leave possible, the nearest counting.
    """

    def __init__(self, void: int | None = None) -> None:
        self.void = void

    def _voids(self, counts: Sequence[int], melds: int) -> tuple[int, ...]:
        if self.void is not None:
            return (self.void,)
        # a suit in the melds (counts hold the concealed tiles only) can still be void of
        # its concealed tiles; the melds' suits are checked by the scorer at the win
        return (0, 1, 2)

    def _distance(self, rest: list[int], melds: int) -> int:
        d = partial_regular_shanten(rest, melds)
        if not melds:
            p = _pairs_partial(rest)
            if p < d:
                d = p
        return d

    def _without(self, counts: Sequence[int], suit: int) -> list[int]:
        rest = list(counts[:FIRST_HONOR]) + [0] * (NUM_KINDS - FIRST_HONOR)
        for k in range(suit * SUIT_SIZE, (suit + 1) * SUIT_SIZE):
            rest[k] = 0
        return rest

    def shanten(self, counts: Sequence[int], melds: int) -> int:
        return min(
            self._distance(self._without(counts, v), melds) for v in self._voids(counts, melds)
        )

    def useful(self, counts: Sequence[int], melds: int) -> frozenset[int]:
        per = [(v, self._without(counts, v)) for v in self._voids(counts, melds)]
        dist = [self._distance(rest, melds) for _, rest in per]
        least = min(dist)
        out: set[int] = set()
        for (v, rest), d in zip(per, dist, strict=True):
            if d != least:
                continue
            for k in range(FIRST_HONOR):
                if k // SUIT_SIZE == v or counts[k] >= 4:
                    continue
                rest[k] += 1
                if self._distance(rest, melds) < d:
                    out.add(k)
                rest[k] -= 1
        return frozenset(out)


class WildDistance:
    """A hand with wild tiles (百搭/赖子): the copies of ``wildcard`` may stand for any kind
    of ``stands_for`` in ``shapes`` (:mod:`fanshu.analysis.wildcards`, every reading)."""

    def __init__(self, wildcard: int, shapes: Sequence[str], stands_for: frozenset[int]) -> None:
        self.wildcard = wildcard
        self.shapes = tuple(shapes)
        self.stands_for = stands_for

    def shanten(self, counts: Sequence[int], melds: int) -> int:
        return wildcards.shanten(
            counts, melds, self.wildcard, shapes=self.shapes, stands_for=self.stands_for
        )

    def useful(self, counts: Sequence[int], melds: int) -> frozenset[int]:
        return wildcards.useful_tiles(
            counts, melds, self.wildcard, shapes=self.shapes, stands_for=self.stands_for
        )


DISTANCES: dict[str, Distance] = {
    "mcr": McrDistance(),
    "two-player": McrDistance(),
    "beijing": PairsDistance(),
    "sichuan": VoidDistance(),
}


def discard_shapes(distance: Distance) -> Collection[ShapeName] | None:
    """The shapes with which ``efficiency.discard_shantens`` gives ``distance.shanten``
    of every discard of a 14-tile hand in one pass, or None (Sichuan's void suit, wild
    tiles: ask discard by discard)."""
    if type(distance) is McrDistance:
        return ALL_SHAPES
    if type(distance) is PairsDistance:
        return REGULAR_AND_PAIRS
    return None


def for_rules(
    rules: str,
    void: int | None = None,
    wildcard: int | None = None,
    wild_shapes: Sequence[str] = (),
    stands_for: frozenset[int] = frozenset(range(NUM_KINDS)),
) -> Distance:
    """The distance of rule set ``rules`` (Sichuan: with the player's void suit; with a
    ``wildcard`` whose tiles complete ``wild_shapes``: every reading of them).

    >>> from fanshu.notation import parse_tiles
    >>> from fanshu.shapes import counts_of
    >>> for_rules("pinghu", wildcard=31, wild_shapes=("regular",)).shanten(
    ...     counts_of(parse_tiles("123m456p789s1s5mCC")), 0)
    0
    """
    if wildcard is not None and wild_shapes:
        return WildDistance(wildcard, wild_shapes, stands_for)
    if rules == "sichuan":
        return VoidDistance(void) if void is not None else DISTANCES["sichuan"]
    return DISTANCES.get(rules, DISTANCES["mcr"])


def for_position(position: Position) -> Distance:
    """The distance of a position's rule set and void suit; with a wildcard in the
    hand's context (and a rule set whose wild tiles complete some shape), over every
    reading of the wild tiles."""
    wild = position.hand.context.wildcard
    rule = get_rules(position.rules).wildcards if wild is not None else None
    if wild is None or rule is None:
        return for_rules(position.rules, position.void)
    return for_rules(position.rules, position.void, int(wild), rule.shapes, rule.stands_for)
