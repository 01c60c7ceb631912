"""Shanten for the bots: on counts of any size, with the tiles a seat may not use left out.

A bot needs the distance of whole hands (13 or 14 tiles) and of part of a hand: the
tiles of one suit for 清一色, the hand without the Sichuan void suit, a hand of 12 or 17
tiles during the two-player exchanges.  ``fanshu.analysis.shanten`` gives both
(``shanten``; ``partial_regular_shanten`` and ``partial_shanten_by_shape``).  The
formula ``8 - 2*sets - partials - pair`` assumes a spare tile for every unit still
empty; a part of a hand may not have them, so :func:`regular` never returns less than
the tiles the part lacks (``13 - 3*sets - tiles``), which is exact for the formula.

>>> from fanshu.notation import parse_tiles
>>> from fanshu.shapes import counts_of
>>> c = counts_of(parse_tiles("123m456m789m11p"))  # 11 tiles: a set of three to find
>>> regular(c, 0)
2
>>> c = counts_of(parse_tiles("123m456m789m111s5p"))
>>> regular(c, 0), regular(masked(c, suit_mask(0, 1)), 0)  # the 5p held, or left out
(0, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import mul

from fanshu.analysis.shanten import (
    partial_regular_shanten,
    partial_shanten_by_shape,
    shanten,
    useful_tiles,
)

ALL = (1,) * 34


def suit_mask(*suits: int, honours: bool = False) -> tuple[int, ...]:
    """1 for the kinds of ``suits`` (0 万, 1 条, 2 饼) and, with ``honours``, the honours."""
    return tuple(
        1 if (t < 27 and t // 9 in suits) or (t >= 27 and honours) else 0 for t in range(34)
    )


def rank_mask(ranks: str, *, honours: str = "") -> tuple[int, ...]:
    """1 for the numbered kinds of the given ranks (``"6789"``) in every suit, and the
    honours named by index into ``ESWNCFP`` order (``"P"`` is 白)."""
    order = "ESWNCFP"
    return tuple(
        1 if (t < 27 and str(t % 9 + 1) in ranks) or (t >= 27 and order[t - 27] in honours) else 0
        for t in range(34)
    )


def masked(c: Sequence[int], mask: Sequence[int]) -> list[int]:
    """The counts with the kinds outside ``mask`` (34 ones and zeros) taken out."""
    if len(c) != len(mask):
        raise ValueError(f"{len(c)} counts against a mask of {len(mask)}")
    return list(map(mul, c, mask))


def regular(c: Sequence[int], fixed: int) -> int:
    """Regular shanten of any number of tiles with ``fixed`` sets already made (≤ 4)."""
    return partial_regular_shanten(c, fixed)


def pairs(c: Sequence[int]) -> int:
    """七对 shanten of concealed counts (four of a kind counts as two pairs)."""
    p = 0
    for k in c:
        p += k >> 1
    r = 6 - (p if p < 7 else 7)
    floor = 13 - sum(c)
    return floor if floor > r else r


def pairs_draws(c: Sequence[int]) -> tuple[int, list[int]]:
    """:func:`pairs` of ``c``, and of ``c`` with one more tile of each kind (34 values)."""
    p = 0
    for k in c:
        p += k >> 1
    floor = 12 - sum(c)  # of the larger hand
    r = 6 - (p if p < 7 else 7)
    now = floor + 1 if floor + 1 > r else r
    r1 = 6 - (p + 1 if p < 6 else 7)  # a pair more
    more = floor if floor > r1 else r1
    same = floor if floor > r else r
    return now, [more if k & 1 else same for k in c]


def pungs(c: Sequence[int], fixed: int) -> int:
    """Shanten toward four pungs and a pair (碰碰和), ``fixed`` pungs already melded."""
    sets = twos = 0
    for k in c:
        if k >= 3:
            sets += 1
        elif k == 2:
            twos += 1
    return _pungs(sets, twos, fixed, sum(c))


def pungs_draws(c: Sequence[int], fixed: int) -> tuple[int, list[int]]:
    """:func:`pungs` of ``c``, and of ``c`` with one more tile of each kind (34 values):
    a second copy makes a pair, a third a pung; any other leaves the sets as they are."""
    sets = twos = 0
    for k in c:
        if k >= 3:
            sets += 1
        elif k == 2:
            twos += 1
    n = sum(c)
    now = _pungs(sets, twos, fixed, n)
    same = _pungs(sets, twos, fixed, n + 1)
    pair = _pungs(sets, twos + 1, fixed, n + 1)
    pung = _pungs(sets + 1, twos - 1, fixed, n + 1) if twos else same
    return now, [pair if k == 1 else (pung if k == 2 else same) for k in c]


def _pungs(sets: int, twos: int, fixed: int, tiles: int) -> int:
    room = 4 - fixed
    if sets > room:
        # a spare pung can still be the pair
        twos += sets - room
        sets = room
    pair = 1 if twos else 0
    partials = min(twos - pair, room - sets)
    r = 8 - 2 * (fixed + sets) - partials - pair
    floor = 13 - 3 * fixed - tiles
    return floor if floor > r else r


def overall(c: Sequence[int], melds: int, special: bool = True) -> int:
    """The least shanten of any size of hand: regular and 七对, and with ``special`` the
    MCR shapes (十三幺, 全不靠, 组合龙)."""
    if special:
        if sum(c) + 3 * melds in (13, 14):
            return shanten(c, melds)
        return partial_shanten_by_shape(c, melds).overall
    s = regular(c, melds)
    return s if melds else min(s, pairs(c))


def useful(
    c: list[int],
    melds: int,
    remaining: Sequence[int],
    allowed: Sequence[int] = ALL,
    special: bool = True,
) -> int:
    """Copies still unseen of the kinds whose draw lowers the shanten of ``c``
    (13-tile hands use the analysis' useful tiles; other sizes are tried kind by kind)."""
    if special and sum(c) + 3 * melds == 13:
        return sum(remaining[t] for t in useful_tiles(c, melds) if allowed[t])
    now = overall(c, melds, special)
    got = 0
    for t in range(34):
        if allowed[t] and remaining[t] and c[t] < 4:
            c[t] += 1
            if overall(c, melds, special) < now:
                got += remaining[t]
            c[t] -= 1
    return got
