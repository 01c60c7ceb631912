"""Shanten (上听数) of every MCR winning shape, and the tiles that lower it (有效牌).

Shanten is how many tiles a hand still has to change: for a hand of 13 concealed tiles
(fewer with melds: ``13 - 3 * melds``) it is 0 when the hand is ready (听牌) and grows
from there; a 14-tile hand (``14 - 3 * melds``) is -1 when it is complete, otherwise
the shanten of the best 13-tile hand left after one discard.  The values and the useful
tiles agree with ChineseOfficialMahjongHelper (PyMahjongGB), also where its definitions
are peculiar (see the notes at :func:`useful_tiles`).

The shapes, and when they are still possible:

- ``regular``: four sets and a pair (always; declared melds count as sets);
- ``seven_pairs`` 七对 (four of a kind counts as two pairs), ``thirteen_orphans`` 十三幺,
  ``honors_knitted`` 全不靠 (七星不靠 included): no melds;
- ``knitted_straight``: 组合龙 plus a set and a pair: at most one meld.

>>> from fanshu.notation import parse_tiles
>>> from fanshu.shapes import counts_of
>>> c = counts_of(parse_tiles("19m19s19pESWNCFP"))
>>> shanten_by_shape(c)  # doctest: +NORMALIZE_WHITESPACE
ShapeShanten(regular=8, seven_pairs=6, thirteen_orphans=0, honors_knitted=4,
             knitted_straight=9)
>>> shanten(counts_of(parse_tiles("1112345678999m")))
0
>>> shanten(counts_of(parse_tiles("11123455678999m")))  # 14 tiles, complete
-1
>>> sorted(useful_tiles(counts_of(parse_tiles("1112345678999m"))))
[0, 1, 2, 3, 4, 5, 6, 7, 8]

How it works: the regular shanten is ``8 - 2*sets - partial_sets - pair`` maximised over
the ways to split the tiles, with at most four sets plus partial sets (declared melds
included).  Each suit (and the honours) is split on its own; its best values, for each
number of units (sets plus partial sets) and with or without the pair, form a small
vector that is computed once per 9-count pattern and interned.  Vectors of two groups
combine by a (max, +) product that is cached by the pair of vector ids, so a call is a
few dictionary look-ups once the common patterns have been seen.  The special shapes
are counted from per-suit summaries cached alongside.  ``fanshu.analysis.efficiency``
builds on these tables (group ids, vectors, products) for hands changed one tile at a
time: the useful tiles, the useful counts and the discard look-ahead.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import permutations
from typing import TYPE_CHECKING, Literal

from fanshu.tiles import FIRST_HONOR, NUM_KINDS, SUIT_SIZE, TERMINAL_OR_HONOR

if TYPE_CHECKING:
    from fanshu.hand import Hand

__all__ = [
    "SHAPES",
    "ShapeName",
    "ShapeShanten",
    "honors_knitted_shanten",
    "knitted_straight_shanten",
    "partial_regular_shanten",
    "partial_shanten_by_shape",
    "regular_shanten",
    "seven_pairs_shanten",
    "shanten",
    "shanten_by_shape",
    "shanten_of_hand",
    "thirteen_orphans_shanten",
    "useful_tiles",
]

ShapeName = Literal[
    "regular", "seven_pairs", "thirteen_orphans", "honors_knitted", "knitted_straight"
]
SHAPES: tuple[ShapeName, ...] = (
    "regular",
    "seven_pairs",
    "thirteen_orphans",
    "honors_knitted",
    "knitted_straight",
)

_NEG = -100  # an impossible entry of a group vector
_ORPHANS = tuple(t for t in range(NUM_KINDS) if TERMINAL_OR_HONOR[t])  # 十三幺's 13 kinds
# the counts of each suit (万 条 饼) and of the honours, as slices of 34 counts
_MAN = slice(0, SUIT_SIZE)
_SOU = slice(SUIT_SIZE, 2 * SUIT_SIZE)
_PIN = slice(2 * SUIT_SIZE, FIRST_HONOR)
_HONORS = slice(FIRST_HONOR, NUM_KINDS)
# residue of the ranks (0: 147, 1: 258, 2: 369) that each suit 万 条 饼 takes in the six
# knitted straights
_KNIT_PERMS: tuple[tuple[int, int, int], ...] = tuple(permutations((0, 1, 2), 3))


@dataclass(frozen=True, slots=True)
class ShapeShanten:
    """Shanten of each shape; None where the melds rule the shape out.

    >>> s = ShapeShanten(2, 3, None, None, 5)
    >>> s.overall, s.to_dict()["thirteen_orphans"]
    (2, None)
    """

    regular: int | None
    seven_pairs: int | None
    thirteen_orphans: int | None
    honors_knitted: int | None
    knitted_straight: int | None

    @property
    def overall(self) -> int:
        """The least shanten over the possible shapes."""
        return min(
            v
            for v in (
                self.regular,
                self.seven_pairs,
                self.thirteen_orphans,
                self.honors_knitted,
                self.knitted_straight,
            )
            if v is not None
        )

    def to_dict(self) -> dict[str, int | None]:
        return {
            "regular": self.regular,
            "seven_pairs": self.seven_pairs,
            "thirteen_orphans": self.thirteen_orphans,
            "honors_knitted": self.honors_knitted,
            "knitted_straight": self.knitted_straight,
        }


# -- group vectors ------------------------------------------------------------------
#
# A group is one suit (9 counts) or the honours (7 counts).  Its vector has 10 entries:
# index ``p * 5 + k`` is the most ``2*sets + partials + p`` that the group reaches with
# ``p`` pairs (0 or 1) and at most ``k`` units (sets + partial sets), or _NEG.

_vectors: list[tuple[int, ...]] = []  # vector id -> vector
_best: list[tuple[int, ...]] = []  # vector id -> best value for k = 0..4, pair or not
_vector_ids: dict[tuple[int, ...], int] = {}
_products: dict[int, int] = {}  # a << 16 | b -> id of the product
_suit_vids: dict[tuple[int, ...], int] = {}
_honor_vids: dict[tuple[int, ...], int] = {}


def _intern(v: tuple[int, ...]) -> int:
    i = _vector_ids.get(v)
    if i is None:
        i = len(_vectors)
        _vectors.append(v)
        _best.append(tuple(max(v[k], v[5 + k]) for k in range(5)))
        _vector_ids[v] = i
    return i


_EMPTY = (0, 0, 0, 0, 0, _NEG, _NEG, _NEG, _NEG, _NEG)
_vector_memo: dict[tuple[bool, tuple[int, ...]], tuple[int, ...]] = {}


def _vector(c: tuple[int, ...], chows: bool) -> tuple[int, ...]:
    """The vector of a group's counts (or a suffix of them: ranks past the end do not
    exist), built by taking apart the lowest tile: left single, in a pung, a pair (the
    pair or a partial pung), a chow, or a partial chow (two-sided/edge or closed)."""
    i = 0
    n = len(c)
    while i < n and not c[i]:
        i += 1
    if i == n:
        return _EMPTY
    if i:
        c = c[i:]
        n -= i
    key = (chows, c)
    got = _vector_memo.get(key)
    if got is not None:
        return got
    lc = list(c)
    c0 = c[0]
    lc[0] = c0 - 1
    v = list(_vector(tuple(lc), chows))  # the lowest tile left single

    def take(rest: list[int], units: int, value: int, pair: int) -> None:
        r = _vector(tuple(rest), chows)
        for p in (0, 1) if not pair else (0,):
            for k in range(units, 5):
                x = r[p * 5 + k - units]
                if x > _NEG // 2 and x + value > v[(p + pair) * 5 + k]:
                    v[(p + pair) * 5 + k] = x + value

    if c0 >= 3:
        lc[0] = c0 - 3
        take(lc, 1, 2, 0)  # pung
    if c0 >= 2:
        lc[0] = c0 - 2
        take(lc, 0, 1, 1)  # the pair
        take(lc, 1, 1, 0)  # a partial pung
    lc[0] = c0 - 1
    if chows and n >= 2 and c[1]:
        lc[1] -= 1
        if n >= 3 and c[2]:
            lc[2] -= 1
            take(lc, 1, 2, 0)  # chow
            lc[2] += 1
        take(lc, 1, 1, 0)  # two-sided or edge partial
        lc[1] += 1
    if chows and n >= 3 and c[2]:
        lc[2] -= 1
        take(lc, 1, 1, 0)  # closed partial
    out = tuple(v)
    _vector_memo[key] = out
    return out


def _group_vid(counts: tuple[int, ...], chows: bool) -> int:
    return _intern(_vector(counts, chows))


def _suit_vid(key: tuple[int, ...]) -> int:
    i = _suit_vids.get(key)
    if i is None:
        i = _suit_vids[key] = _group_vid(key, True)
    return i


def _honor_vid(key: tuple[int, ...]) -> int:
    i = _honor_vids.get(key)
    if i is None:
        i = _honor_vids[key] = _group_vid(key, False)
    return i


def _product(a: int, b: int) -> int:
    """The vector id of two groups taken together."""
    try:
        return _products[a << 16 | b]
    except KeyError:
        pass
    va, vb = _vectors[a], _vectors[b]
    v = [_NEG] * 10
    for pa in (0, 1):
        for ka in range(5):
            x = va[pa * 5 + ka]
            if x <= _NEG // 2:
                continue
            for pb in (0, 1 - pa):
                for kb in range(5 - ka):
                    y = vb[pb * 5 + kb]
                    if y <= _NEG // 2:
                        continue
                    j = (pa + pb) * 5 + ka + kb
                    if x + y > v[j]:
                        v[j] = x + y
    i = _products[a << 16 | b] = _products[b << 16 | a] = _intern(tuple(v))
    return i


def _hand_vid(c: Sequence[int]) -> int:
    return _product(
        _product(_suit_vid(tuple(c[_MAN])), _suit_vid(tuple(c[_SOU]))),
        _product(_suit_vid(tuple(c[_PIN])), _honor_vid(tuple(c[_HONORS]))),
    )


# -- per-group summaries ------------------------------------------------------------
#
# A suit's summary: (vector id, pairs, terminal kinds held, a terminal pair held,
# kinds held among ranks 147 / 258 / 369, vector ids of the suit once one tile of each
# held rank of 147 / 258 / 369 is taken out for a knitted straight).
# The honours' summary: (vector id, pairs, kinds held, a pair held).

_SuitInfo = tuple[int, int, int, bool, tuple[int, int, int], tuple[int, int, int]]
_HonorInfo = tuple[int, int, int, bool]
_suit_infos: dict[tuple[int, ...], _SuitInfo] = {}
_honor_infos: dict[tuple[int, ...], _HonorInfo] = {}


def _new_suit_info(key: tuple[int, ...]) -> _SuitInfo:
    held = tuple(sum(1 for r in range(res, 9, 3) if key[r]) for res in range(3))
    rest = tuple(
        _suit_vid(tuple(k - 1 if k and r % 3 == res else k for r, k in enumerate(key)))
        for res in range(3)
    )
    info: _SuitInfo = (
        _suit_vid(key),
        sum(k >> 1 for k in key),
        (key[0] > 0) + (key[8] > 0),
        key[0] >= 2 or key[8] >= 2,
        (held[0], held[1], held[2]),
        (rest[0], rest[1], rest[2]),
    )
    _suit_infos[key] = info
    return info


def _new_honor_info(key: tuple[int, ...]) -> _HonorInfo:
    info: _HonorInfo = (
        _honor_vid(key),
        sum(k >> 1 for k in key),
        sum(1 for k in key if k),
        any(k >= 2 for k in key),
    )
    _honor_infos[key] = info
    return info


def _infos(c: Sequence[int]) -> tuple[_SuitInfo, _SuitInfo, _SuitInfo, _HonorInfo]:
    k = tuple(c[_MAN])
    a = _suit_infos.get(k) or _new_suit_info(k)
    k = tuple(c[_SOU])
    b = _suit_infos.get(k) or _new_suit_info(k)
    k = tuple(c[_PIN])
    d = _suit_infos.get(k) or _new_suit_info(k)
    k = tuple(c[_HONORS])
    h = _honor_infos.get(k) or _new_honor_info(k)
    return a, b, d, h


def _knitted(
    a: _SuitInfo, b: _SuitInfo, d: _SuitInfo, h: _HonorInfo, melds: int, bound: int = 99
) -> int:
    """min(bound, 组合龙 shanten): the knitted straight counts as three sets made, and the
    rest of the hand is scored as a regular hand; a straight missing ``x`` tiles cannot
    do better than ``x - 1``, so it is skipped when that cannot beat ``bound``."""
    base = 2 - 2 * melds
    k = 1 - melds
    hv = h[0]
    ha, hb, hd = a[4], b[4], d[4]
    ra, rb, rd = a[5], b[5], d[5]
    best = bound
    for x, y, z in _KNIT_PERMS:
        missing = 9 - ha[x] - hb[y] - hd[z]
        if missing - 1 < best:
            st = missing + base - _best[_product(_product(ra[x], rb[y]), _product(rd[z], hv))][k]
            if st < best:
                best = st
    return best


def _honors_knitted(a: _SuitInfo, b: _SuitInfo, d: _SuitInfo, h: _HonorInfo) -> int:
    ha, hb, hd = a[4], b[4], d[4]
    return (
        13
        - h[2]
        - max(
            ha[0] + hb[1] + hd[2],
            ha[0] + hb[2] + hd[1],
            ha[1] + hb[0] + hd[2],
            ha[1] + hb[2] + hd[0],
            ha[2] + hb[0] + hd[1],
            ha[2] + hb[1] + hd[0],
        )
    )


def _regular(c: Sequence[int], fixed: int) -> int:
    """The formula shanten with ``fixed`` sets already made (declared melds; for 组合龙
    also the knitted straight counted as three sets)."""
    return 8 - 2 * fixed - _best[_hand_vid(c)][4 - fixed]


# -- validation -------------------------------------------------------------------


def _count(counts: Sequence[int]) -> int:
    """Validate 34 counts of 0-4 and return the number of tiles."""
    if len(counts) != NUM_KINDS:
        raise ValueError(f"counts has 34 entries (one per tile kind), not {len(counts)}")
    if max(counts) > 4 or min(counts) < 0:
        bad = next(k for k in counts if not 0 <= k <= 4)
        raise ValueError(f"a tile kind has 0-4 copies, not {bad}")
    return sum(counts)


def _check(counts: Sequence[int], melds: int) -> int:
    """Validate a hand's concealed counts and melds; return the number of concealed tiles."""
    n = _count(counts)
    if not 0 <= melds <= 4:
        raise ValueError(f"a hand has 0-4 melds, not {melds}")
    if n + 3 * melds not in (13, 14):
        raise ValueError(
            f"{n} concealed tiles and {melds} melds do not make a hand of 13 or 14 tiles"
        )
    return n


def _concealed_size(counts: Sequence[int]) -> int:
    """Validate counts for a shape that needs no melds; fewer than 13 tiles imply melds."""
    n = _count(counts)
    if n > 14 or n % 3 == 0:
        raise ValueError(f"{n} concealed tiles cannot be part of a hand of 13 or 14 tiles")
    return n


# -- shapes -----------------------------------------------------------------------


def regular_shanten(counts: Sequence[int], melds: int = 0) -> int:
    """Shanten toward four sets and a pair.

    >>> from fanshu.notation import parse_tiles
    >>> from fanshu.shapes import counts_of
    >>> regular_shanten(counts_of(parse_tiles("123m456s789p11pEE")))
    0
    >>> regular_shanten(counts_of(parse_tiles("123m55s")), melds=3)
    -1
    """
    _check(counts, melds)
    return _regular(counts, melds)


def seven_pairs_shanten(counts: Sequence[int]) -> int | None:
    """Shanten toward 七对 (four of a kind counts as two pairs); None unless concealed.

    >>> from fanshu.notation import parse_tiles
    >>> from fanshu.shapes import counts_of
    >>> seven_pairs_shanten(counts_of(parse_tiles("1111m2233s4455pE")))
    0
    """
    if _concealed_size(counts) < 13:
        return None
    return 6 - sum(k >> 1 for k in counts)


def thirteen_orphans_shanten(counts: Sequence[int]) -> int | None:
    """Shanten toward 十三幺; None unless concealed.

    >>> from fanshu.notation import parse_tiles
    >>> from fanshu.shapes import counts_of
    >>> thirteen_orphans_shanten(counts_of(parse_tiles("19m19s19pESWNCFP")))
    0
    """
    if _concealed_size(counts) < 13:
        return None
    kinds = sum(1 for t in _ORPHANS if counts[t])
    pair = any(counts[t] >= 2 for t in _ORPHANS)
    return 13 - kinds - pair


def honors_knitted_shanten(counts: Sequence[int]) -> int | None:
    """Shanten toward 全不靠 (七星不靠 included); None unless concealed.

    >>> from fanshu.notation import parse_tiles
    >>> from fanshu.shapes import counts_of
    >>> honors_knitted_shanten(counts_of(parse_tiles("147m258s36pESWNC")))
    0
    """
    if _concealed_size(counts) < 13:
        return None
    return _honors_knitted(*_infos(counts))


def knitted_straight_shanten(counts: Sequence[int], melds: int = 0) -> int | None:
    """Shanten toward 组合龙 plus a set and a pair; None with two or more melds.

    >>> from fanshu.notation import parse_tiles
    >>> from fanshu.shapes import counts_of
    >>> knitted_straight_shanten(counts_of(parse_tiles("147m258s369p123m5p")))
    0
    >>> knitted_straight_shanten(counts_of(parse_tiles("147m258s369p55p")), melds=1)
    -1
    """
    _check(counts, melds)
    if melds > 1:
        return None
    return _knitted(*_infos(counts), melds)


def shanten_by_shape(counts: Sequence[int], melds: int = 0) -> ShapeShanten:
    """Shanten of every shape (None where the melds rule it out).

    >>> from fanshu.notation import parse_tiles
    >>> from fanshu.shapes import counts_of
    >>> shanten_by_shape(counts_of(parse_tiles("1122m3344s5566pE")))  # doctest: +ELLIPSIS
    ShapeShanten(regular=3, seven_pairs=0, thirteen_orphans=10, honors_knitted=9, ...)
    """
    _check(counts, melds)
    a, b, d, h = _infos(counts)
    regular = 8 - 2 * melds - _best[_product(_product(a[0], b[0]), _product(d[0], h[0]))][4 - melds]
    if melds:
        return ShapeShanten(
            regular, None, None, None, _knitted(a, b, d, h, 1) if melds == 1 else None
        )
    return ShapeShanten(
        regular,
        6 - a[1] - b[1] - d[1] - h[1],
        13 - a[2] - b[2] - d[2] - h[2] - (a[3] or b[3] or d[3] or h[3]),
        _honors_knitted(a, b, d, h),
        _knitted(a, b, d, h, 0),
    )


def shanten(counts: Sequence[int], melds: int = 0) -> int:
    """The least shanten over every shape still possible.

    >>> from fanshu.notation import parse_tiles
    >>> from fanshu.shapes import counts_of
    >>> shanten(counts_of(parse_tiles("1122m3344s5566pE")))
    0
    """
    if (
        len(counts) != NUM_KINDS
        or max(counts) > 4
        or min(counts) < 0
        or not 0 <= melds <= 4
        or sum(counts) + 3 * melds not in (13, 14)
    ):
        _check(counts, melds)  # raises
    infos = _suit_infos
    k = tuple(counts[_MAN])
    a = infos.get(k) or _new_suit_info(k)
    k = tuple(counts[_SOU])
    b = infos.get(k) or _new_suit_info(k)
    k = tuple(counts[_PIN])
    d = infos.get(k) or _new_suit_info(k)
    k = tuple(counts[_HONORS])
    h = _honor_infos.get(k) or _new_honor_info(k)
    prods = _products
    x = a[0] << 16 | b[0]
    ab = prods.get(x)
    if ab is None:
        ab = _product(a[0], b[0])
    x = d[0] << 16 | h[0]
    dh = prods.get(x)
    if dh is None:
        dh = _product(d[0], h[0])
    x = ab << 16 | dh
    whole = prods.get(x)
    if whole is None:
        whole = _product(ab, dh)
    wbest = _best[whole]
    best = 8 - 2 * melds - wbest[4 - melds]
    if melds > 1:
        return best
    ha, hb, hd = a[4], b[4], d[4]
    sums = (
        ha[0] + hb[1] + hd[2],
        ha[0] + hb[2] + hd[1],
        ha[1] + hb[0] + hd[2],
        ha[1] + hb[2] + hd[0],
        ha[2] + hb[0] + hd[1],
        ha[2] + hb[1] + hd[0],
    )
    if melds == 0:
        x = 6 - a[1] - b[1] - d[1] - h[1]
        if x < best:
            best = x
        x = 13 - a[2] - b[2] - d[2] - h[2] - (a[3] or b[3] or d[3] or h[3])
        if x < best:
            best = x
        x = 13 - h[2] - max(sums)
        if x < best:
            best = x
    # 组合龙: the rest of the hand is part of the whole, so it does no better than the
    # whole hand with one unit to fill; skip the straights that cannot beat ``best``
    top = 11 - 2 * melds - wbest[1 - melds]
    if top - max(sums) >= best:
        return best
    hv = h[0]
    ra, rb, rd = a[5], b[5], d[5]
    for (y, z, w), held in zip(_KNIT_PERMS, sums, strict=True):
        if top - held < best:
            x = (
                11
                - 2 * melds
                - held
                - _best[_product(_product(ra[y], rb[z]), _product(rd[w], hv))][1 - melds]
            )
            if x < best:
                best = x
    return best


# -- part of a hand ---------------------------------------------------------------
#
# The bots also need the distance of tiles that are not a whole hand: one suit (for a
# flush), the hand without a Sichuan void suit, a hand of 12 or 17 tiles during the
# two-player exchanges.  The formulas assume a spare tile for every unit still empty; a
# part may not have them, so neither function gives less than the tiles it lacks.


def _partial_floor(counts: Sequence[int], melds: int) -> int:
    if not 0 <= melds <= 4:
        raise ValueError(f"a hand has 0-4 melds, not {melds}")
    return 13 - 3 * melds - sum(counts)


def partial_regular_shanten(counts: Sequence[int], melds: int = 0) -> int:
    """Regular shanten of any number of tiles (34 counts, not checked further) with
    ``melds`` sets already made: the formula ``8 - 2*sets - partials - pair``, but
    never less than the tiles missing (``13 - 3*melds - tiles``).  On a hand of 13 or
    14 tiles it is :func:`regular_shanten`.

    >>> from fanshu.notation import parse_tiles
    >>> from fanshu.shapes import counts_of
    >>> partial_regular_shanten(counts_of(parse_tiles("123m456m789m11p")))  # a set to find
    2
    >>> partial_regular_shanten(counts_of(parse_tiles("123m456m789m11p3s")))
    1
    """
    floor = _partial_floor(counts, melds)
    r = _regular(counts, melds)
    return floor if floor > r else r


def partial_shanten_by_shape(counts: Sequence[int], melds: int = 0) -> ShapeShanten:
    """Every shape's shanten (None where the melds rule it out) of any number of tiles,
    each never less than the tiles missing (``13 - 3*melds - tiles``); for 组合龙 with
    one meld the meld is the set beside the straight.  On a hand of 13 or 14 tiles it
    is :func:`shanten_by_shape`.

    >>> from fanshu.notation import parse_tiles
    >>> from fanshu.shapes import counts_of
    >>> s = partial_shanten_by_shape(counts_of(parse_tiles("147m258s369p11p")))  # 11 tiles
    >>> s.knitted_straight, s.regular, s.overall  # 组合龙 and a pair: a set to find
    (2, 7, 2)
    >>> partial_shanten_by_shape(counts_of(parse_tiles("11m22s")), melds=3).seven_pairs is None
    True
    """
    floor = _partial_floor(counts, melds)
    a, b, d, h = _infos(counts)
    regular = 8 - 2 * melds - _best[_product(_product(a[0], b[0]), _product(d[0], h[0]))][4 - melds]
    if melds:
        knitted = max(_knitted(a, b, d, h, 1), floor) if melds == 1 else None
        return ShapeShanten(max(regular, floor), None, None, None, knitted)
    pairs = a[1] + b[1] + d[1] + h[1]
    return ShapeShanten(
        max(regular, floor),
        max(6 - min(pairs, 7), floor),  # more than seven pairs are no nearer
        max(13 - a[2] - b[2] - d[2] - h[2] - (a[3] or b[3] or d[3] or h[3]), floor),
        max(_honors_knitted(a, b, d, h), floor),
        max(_knitted(a, b, d, h, 0), floor),
    )


def shanten_of_hand(hand: Hand) -> int:
    """Overall shanten of a hand of 13 or 14 tiles (its melds counted).

    >>> from fanshu.notation import parse_hand
    >>> shanten_of_hand(parse_hand("[123m]456m789s11p23p"))
    0
    """
    c = [0] * NUM_KINDS
    for t in hand.concealed_with_winning:
        c[t] += 1
    return shanten(c, len(hand.melds))


# -- useful tiles -----------------------------------------------------------------


def _knit_rest(counts: Sequence[int], perm: tuple[int, int, int]) -> tuple[int, list[int]]:
    """(missing tiles of the knitted straight, the counts left once it is taken out)."""
    rest = list(counts)
    missing = 9
    for s in range(3):
        for r in range(perm[s], 9, 3):
            t = s * 9 + r
            if rest[t]:
                rest[t] -= 1
                missing -= 1
    return missing, rest


_plus_vids: dict[tuple[bool, tuple[int, ...]], tuple[int, ...]] = {}
# (others' vector id, units, suit or not, group key) -> ranks of the group whose draw helps
_useful_memo: dict[tuple[int, int, bool, tuple[int, ...]], tuple[int, ...]] = {}


def _plus(key: tuple[int, ...], chows: bool) -> tuple[int, ...]:
    """Vector ids of a group with one more tile of each of its kinds (a fifth copy too)."""
    got = _plus_vids.get((chows, key))
    if got is None:
        vid = _suit_vid if chows else _honor_vid
        got = tuple(vid((*key[:j], key[j] + 1, *key[j + 1 :])) for j in range(len(key)))
        _plus_vids[(chows, key)] = got
    return got


def _regular_useful(c: Sequence[int], fixed: int, out: set[int]) -> None:
    """Add the kinds whose draw lowers the regular (formula) shanten of ``c``.

    As the oracle: a kind held four times is left out unless the hand is ready.
    """
    keys = (tuple(c[_MAN]), tuple(c[_SOU]), tuple(c[_PIN]), tuple(c[_HONORS]))
    vids = (_suit_vid(keys[0]), _suit_vid(keys[1]), _suit_vid(keys[2]), _honor_vid(keys[3]))
    k = 4 - fixed
    ready = (
        8 - 2 * fixed - _best[_product(_product(vids[0], vids[1]), _product(vids[2], vids[3]))][k]
        <= 0
    )
    memo = _useful_memo
    for g in range(4):
        o = [v for i, v in enumerate(vids) if i != g]
        others = _product(_product(o[0], o[1]), o[2])
        mkey = (others, k, g < 3, keys[g])
        better = memo.get(mkey)
        if better is None:
            now = _best[_product(others, vids[g])][k]
            better = tuple(
                j
                for j, pv in enumerate(_plus(keys[g], g < 3))
                if _best[_product(others, pv)][k] > now
            )
            memo[mkey] = better
        off = 9 * g
        for j in better:
            if ready or c[off + j] < 4:
                out.add(off + j)


def useful_tiles(
    counts: Sequence[int], melds: int = 0, shape: ShapeName | None = None
) -> frozenset[int]:
    """Tile kinds whose draw lowers the shanten of a 13-tile hand (``13 - 3*melds``).

    ``shape`` None means the overall shanten: the union over the shapes at the least
    shanten.  A shape the melds rule out has no useful tiles.

    Matching PyMahjongGB exactly, including its conventions:

    - a kind the hand holds four of is never useful unless the hand is ready, where it
      counts when a fifth copy would complete the hand (``1111m`` waits on ``1m``);
    - 七对 counts four of a kind as two pairs;
    - for 组合龙 a kind is left out when four copies remain outside the knitted
      straight and the rest of the hand is not ready.

    >>> from fanshu.notation import parse_tiles
    >>> from fanshu.shapes import counts_of
    >>> sorted(useful_tiles(counts_of(parse_tiles("1111m234567p789s")), shape="regular"))
    [0]
    """
    n = _check(counts, melds)
    if n + 3 * melds != 13:
        raise ValueError("useful tiles are defined for 13-tile hands (13 - 3 per meld)")
    c = list(counts)
    if shape is None:
        by = shanten_by_shape(c, melds)
        least = by.overall
        d = by.to_dict()
        out: set[int] = set()
        for name in SHAPES:
            if d[name] == least:
                out |= useful_tiles(c, melds, name)
        return frozenset(out)
    if shape not in SHAPES:
        raise ValueError(f"unknown shape {shape!r}; one of {', '.join(SHAPES)}")
    got: set[int] = set()
    if shape == "regular":
        _regular_useful(c, melds, got)
    elif (melds and shape != "knitted_straight") or melds > 1:
        pass
    elif shape == "seven_pairs":
        got = {t for t in range(NUM_KINDS) if c[t] & 1}
    elif shape == "thirteen_orphans":
        if any(c[t] >= 2 for t in _ORPHANS):
            got = {t for t in _ORPHANS if not c[t]}
        else:
            got = set(_ORPHANS)
    elif shape == "honors_knitted":
        present = [
            sum(1 for x in range(3) for r in range(p[x], 9, 3) if c[x * 9 + r]) for p in _KNIT_PERMS
        ]
        top = max(present)
        for p, x in zip(_KNIT_PERMS, present, strict=True):
            if x == top:
                got |= {s * 9 + r for s in range(3) for r in range(p[s], 9, 3) if not c[s * 9 + r]}
        got |= {t for t in range(FIRST_HONOR, NUM_KINDS) if not c[t]}
    else:  # knitted_straight
        scores = []
        for perm in _KNIT_PERMS:
            missing, rest = _knit_rest(c, perm)
            scores.append((missing + _regular(rest, melds + 3), perm, rest))
        least = min(s for s, _, _ in scores)
        for s, perm, rest in scores:
            if s == least:
                got |= {
                    t for x in range(3) for r in range(perm[x], 9, 3) if not c[(t := x * 9 + r)]
                }
                _regular_useful(rest, melds + 3, got)
    return frozenset(got)
