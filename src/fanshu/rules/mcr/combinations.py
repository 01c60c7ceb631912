"""Fans formed by combining sets: chows with chows, pungs with pungs.

These are where the accounting principles bite: sets used for one fan are not split
and recombined (不拆移), do not form the same fan again (不得相同), and an unused set
combines with a used one only once (套算一次).  Each function takes the sets sorted by
tile (``(tile, index)`` pairs; a chow's tile is its lowest) and returns fan instances
``(fan, indices of the sets that form it)``.

>>> [f.name for f, _ in chow_fans([(0, 0), (3, 1), (6, 2)])]
['PURE_STRAIGHT']
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations, pairwise
from operator import itemgetter
from typing import Final

from fanshu.rules.mcr.fans import Fan
from fanshu.tiles import (
    EAST,
    FIRST_DRAGON,
    FIRST_FLOWER,
    FIRST_HONOR,
    GREEN_DRAGON,
    NORTH,
    RANK_OF,
    RED_DRAGON,
    SOUTH,
    SUIT_OF,
    WEST,
    WHITE_DRAGON,
)

Instance = tuple[Fan, tuple[int, ...]]
Item = tuple[int, int]  # (tile, set index)


_rank = RANK_OF.__getitem__  # a numbered tile's rank, 1-9


def _same_suit(*tiles: int) -> bool:
    return len(set(map(SUIT_OF.__getitem__, tiles))) == 1


def _three_suits(a: int, b: int, c: int) -> bool:
    sa, sb, sc = SUIT_OF[a], SUIT_OF[b], SUIT_OF[c]
    return sa != sb and sa != sc and sb != sc


def _steps(ts: tuple[int, ...], step: int) -> bool:
    return all(b - a == step for a, b in pairwise(ts))


def _shifted_by_one_any_order(a: int, b: int, c: int) -> bool:
    r = sorted((_rank(a), _rank(b), _rank(c)))
    return r[1] == r[0] + 1 and r[2] == r[1] + 1


# -- chows -------------------------------------------------------------------------


def four_chows_fan(t: tuple[int, ...]) -> Fan | None:
    """The fan of four chows (their lowest tiles, ascending), if any."""
    if not _same_suit(*t):
        return None
    if _steps(t, 2) or _steps(t, 1):
        return Fan.FOUR_PURE_SHIFTED_CHOWS
    if _steps(t, 0):
        return Fan.QUADRUPLE_CHOW
    return None


def three_chows_fan(a: int, b: int, c: int) -> Fan | None:
    """a <= b <= c by tile index."""
    if _three_suits(a, b, c):
        if _shifted_by_one_any_order(a, b, c):
            return Fan.MIXED_SHIFTED_CHOWS
        if _rank(a) == _rank(b) == _rank(c):
            return Fan.MIXED_TRIPLE_CHOW
        if sorted((_rank(a), _rank(b), _rank(c))) == [1, 4, 7]:
            return Fan.MIXED_STRAIGHT
        return None
    if not SUIT_OF[a] == SUIT_OF[b] == SUIT_OF[c]:
        return None
    if _steps((a, b, c), 3):
        return Fan.PURE_STRAIGHT
    if _steps((a, b, c), 2) or _steps((a, b, c), 1):
        return Fan.PURE_SHIFTED_CHOWS
    if a == b == c:
        return Fan.PURE_TRIPLE_CHOW
    return None


def two_chows_fan(a: int, b: int) -> Fan | None:
    if SUIT_OF[a] != SUIT_OF[b]:
        return Fan.MIXED_DOUBLE_CHOW if _rank(a) == _rank(b) else None
    if abs(a - b) == 3:
        return Fan.SHORT_STRAIGHT
    if {_rank(a), _rank(b)} == {1, 7}:
        return Fan.TWO_TERMINAL_CHOWS
    if a == b:
        return Fan.PURE_DOUBLE_CHOW
    return None


# Which 2-chow fan an extra chow adds to a 3-chow fan: the best one it forms.
_PAIR_PRIORITY: Final = (
    Fan.PURE_DOUBLE_CHOW,
    Fan.MIXED_DOUBLE_CHOW,
    Fan.SHORT_STRAIGHT,
    Fan.TWO_TERMINAL_CHOWS,
)


def _limit_pair_fans(found: list[Instance], limit: int) -> list[Instance]:
    """套算一次: with n chows at most ``limit`` pair fans count.

    Surplus fans go first from the cheapest-to-lose kinds (老少副, 连六, 喜相逢,
    一般高, in that order): first repeats beyond one of a kind, then the rest.
    """
    kept = list(found)
    for allowed in (1, 0):
        for fan in reversed(_PAIR_PRIORITY):
            while len(kept) > limit and sum(f is fan for f, _ in kept) > allowed:
                last = max(i for i, (f, _) in enumerate(kept) if f is fan)
                del kept[last]
    return kept


def _with_indices(found: tuple[_Plain, ...], items: list[Item]) -> list[Instance]:
    """Map positions in the sorted list back to the callers' set indices."""
    return [(_FAN_OF[fan], tuple([items[k][1] for k in pos])) for fan, pos in found]


# What the combination caches keep: (the fan's number, positions), plain ints only, so
# that the garbage collector untracks the entries (enum members would keep them tracked,
# and every full collection would walk them).  Keys are plain ints too.
_Plain = tuple[int, tuple[int, ...]]
_FAN_OF: Final[dict[int, Fan]] = {int(fan): fan for fan in Fan}
_FIRST: Final = itemgetter(0)


def _plain(found: list[Instance]) -> tuple[_Plain, ...]:
    return tuple([(int(fan), pos) for fan, pos in found])


def chow_fans(chows: list[Item]) -> list[Instance]:
    """Fans among 2-4 chows; instances name the chows by the callers' indices."""
    items = sorted(chows)
    if len(items) == 2:  # one test: quicker than the cache, which often misses on pairs
        (a, i), (b, j) = items
        fan = two_chows_fan(a, b)
        return [] if fan is None else [(fan, (i, j))]
    return _with_indices(_chow_fans(tuple(map(int, map(_FIRST, items)))), items)


def pung_fans(pungs: list[Item]) -> list[Instance]:
    """Fans among 2-4 pungs or kongs; instances name them by the callers' indices."""
    items = sorted(pungs)
    if len(items) == 2:
        (a, i), (b, j) = items
        fan = two_pungs_fan(a, b)
        return [] if fan is None else [(fan, (i, j))]
    return _with_indices(_pung_fans(tuple(map(int, map(_FIRST, items)))), items)


# Memory bound: 3 or 4 chows have 12,397 possible keys (pairs are not cached), all fit;
# about 290 B an entry (tracemalloc after filling every key): ~3.4 MiB at most.
@lru_cache(maxsize=1 << 14)
def _chow_fans(tiles: tuple[int, ...]) -> tuple[_Plain, ...]:
    """Fans among chows with these (sorted) lowest tiles; sets given as positions."""
    return _plain(_chow_fans_uncached(tiles))


# Memory bound: 3 or 4 pungs of distinct kinds have 52,360 possible keys, all fit; about
# 160 B an entry (tracemalloc after filling every key): ~8 MiB at most.
@lru_cache(maxsize=1 << 16)
def _pung_fans(tiles: tuple[int, ...]) -> tuple[_Plain, ...]:
    return _plain(_pung_fans_uncached(tiles))


def _chow_fans_uncached(tiles: tuple[int, ...]) -> list[Instance]:
    idx = tuple(range(len(tiles)))
    n = len(tiles)
    if n == 4:
        fan = four_chows_fan(tiles)
        if fan is not None:
            return [(fan, idx)]
        # A 3-chow fan, then the best pair fan the fourth chow forms with one of them.
        for trio in ((0, 1, 2), (0, 1, 3), (0, 2, 3), (1, 2, 3)):
            fan = three_chows_fan(*(tiles[k] for k in trio))
            if fan is None:
                continue
            out: list[Instance] = [(fan, tuple(idx[k] for k in trio))]
            extra = next(k for k in range(4) if k not in trio)
            pairs = {two_chows_fan(tiles[k], tiles[extra]): k for k in trio}
            for best in _PAIR_PRIORITY:
                if best in pairs:
                    out.append((best, (idx[pairs[best]], idx[extra])))
                    break
            return out
    if n == 3:
        fan = three_chows_fan(*tiles)
        if fan is not None:
            return [(fan, idx)]
    if n < 2:
        return []
    found: list[Instance] = []
    partners = [0] * n
    for a, b in combinations(range(n), 2):
        fan = two_chows_fan(tiles[a], tiles[b])
        if fan is not None:
            found.append((fan, (idx[a], idx[b])))
            partners[a] += 1
            partners[b] += 1
    if n == 2:
        return found
    limit = n - 1 - sum(1 for p in partners if p == 0) if n == 4 else 2
    return _limit_pair_fans(found, limit) if limit > 0 else []


# -- pungs -------------------------------------------------------------------------

_WINDS: Final = range(EAST, FIRST_DRAGON)
_DRAGONS: Final = range(FIRST_DRAGON, FIRST_FLOWER)
_ALL_WINDS: Final = (EAST, SOUTH, WEST, NORTH)
_ALL_DRAGONS: Final = (RED_DRAGON, GREEN_DRAGON, WHITE_DRAGON)


def four_pungs_fan(t: tuple[int, ...]) -> Fan | None:
    """The fan of four pungs (their tiles, ascending), if any."""
    if t[0] < FIRST_HONOR and _same_suit(*t) and _steps(t, 1):
        return Fan.FOUR_PURE_SHIFTED_PUNGS
    if t == _ALL_WINDS:
        return Fan.BIG_FOUR_WINDS
    return None


def three_pungs_fan(a: int, b: int, c: int) -> Fan | None:
    """a <= b <= c by tile index."""
    if c < FIRST_HONOR:
        if _three_suits(a, b, c):
            if _shifted_by_one_any_order(a, b, c):
                return Fan.MIXED_SHIFTED_PUNGS
            if _rank(a) == _rank(b) == _rank(c):
                return Fan.TRIPLE_PUNG
        elif SUIT_OF[a] == SUIT_OF[b] == SUIT_OF[c] and b == a + 1 and c == b + 1:
            return Fan.PURE_SHIFTED_PUNGS
        return None
    if a in _WINDS and b in _WINDS and c in _WINDS:
        return Fan.BIG_THREE_WINDS
    if (a, b, c) == _ALL_DRAGONS:
        return Fan.BIG_THREE_DRAGONS
    return None


def two_pungs_fan(a: int, b: int) -> Fan | None:
    if a < FIRST_HONOR and b < FIRST_HONOR:
        return Fan.DOUBLE_PUNG if _rank(a) == _rank(b) and a != b else None
    if a in _DRAGONS and b in _DRAGONS:
        return Fan.TWO_DRAGONS_PUNGS
    return None


def _pung_fans_uncached(tiles: tuple[int, ...]) -> list[Instance]:
    idx = tuple(range(len(tiles)))
    n = len(tiles)
    if n == 4:
        fan = four_pungs_fan(tiles)
        if fan is not None:
            return [(fan, idx)]
        for trio in ((0, 1, 2), (0, 1, 3), (0, 2, 3), (1, 2, 3)):
            fan = three_pungs_fan(*(tiles[k] for k in trio))
            if fan is None:
                continue
            out: list[Instance] = [(fan, tuple(idx[k] for k in trio))]
            free = next(k for k in range(4) if k not in trio)
            for k in trio:  # the unused pung combines once (套算一次)
                two = two_pungs_fan(tiles[k], tiles[free])
                if two is not None:
                    out.append((two, (idx[k], idx[free])))
                    break
            return out
    if n == 3:
        fan = three_pungs_fan(*tiles)
        if fan is not None:
            return [(fan, idx)]
    found: list[Instance] = []
    for a, b in combinations(range(n), 2):
        fan = two_pungs_fan(tiles[a], tiles[b])
        if fan is not None:
            found.append((fan, (idx[a], idx[b])))
    return found
