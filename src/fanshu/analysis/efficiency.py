"""Fast discard efficiency (牌效): shanten, useful tiles and the discard look-ahead.

The same answers as :mod:`fanshu.analysis.shanten` (``shanten``, ``useful_tiles``) and as
the efficiency ranking of ``fanshu.analyze``, computed on *pattern ids* instead of 34
counts, for loops that ask them thousands of times (the discard look-ahead, the value
advice, the bots):

- a hand is four groups (万 条 饼 and the honours); each group's counts are interned
  once as a pattern id, with the ids after adding or removing one tile of each rank,
  its group vector (``shanten._vector``), pairs, odd and four-of-a-kind ranks and the
  summaries the special shapes need;
- the regular shanten of a hand is the (max, +) product of its group vectors, cached by
  vector ids as in ``shanten``; a hand changed in one group reuses the product of the
  other three;
- the regular useful ranks of a group, given the product of the other three groups, are
  cached by (that product's id, the group's pattern id, the sets still to make) as a bit
  mask of ranks, and turned into counts with per-group tables of the remaining copies.

七对 (the odd ranks), 十三幺 and 全不靠 are formulas on the same masks; 组合龙 takes the
straight's tiles out (pattern ids cached per residue) and asks the regular masks of the
rest.  Every answer is exactly ``shanten``'s (``tests/analysis/test_efficiency.py``,
and against PyMahjongGB in ``test_shanten_oracle.py``).

The discard look-ahead (``next_useful_count``, see :func:`rank_discards`) visits, for
each tied option and each useful draw, the 14-tile hand after the draw and the discards
that keep its shanten.  Only the shapes at that shanten in the 14 tiles can keep it, so
the discards are read from per-group *keep masks* (regular: the ranks whose removal
leaves the product's value, cached like the useful masks; 七对: the odd ranks; 十三幺,
全不靠, 组合龙: formulas) instead of trying all of them; and, with the regular shape
alone, the useful ranks of the other groups depend on the discarded group only through
its vector, so they are counted once per vector.

Every shape treats the seven honour kinds alike, so the look-ahead keys its memos (an
option's total, a draw's best count, a 13-tile hand's count) canonically: the suits'
pattern ids and the sorted (copies to come, held) codes of the honours.  Options and
draws of honours held as often with as many copies to come (isolated E, S, N in a
random hand) are computed once; a discard of such an honour reuses the other's masks
with the two kinds swapped.

``shapes`` selects the winning shapes that count: :data:`ALL_SHAPES` (MCR, two-player)
or :data:`REGULAR_AND_PAIRS` (Sichuan: four sets and a pair, or 七对).

>>> from fanshu.notation import parse_tiles
>>> from fanshu.shapes import counts_of
>>> c = counts_of(parse_tiles("1112345678999m"))
>>> shanten_fast(c, 0), sorted(winning_kinds(c, 0))
(0, [0, 1, 2, 3, 4, 5, 6, 7, 8])
>>> rem = [4 - k for k in c]
>>> useful_count(c, 0, rem)
23
>>> c = counts_of(parse_tiles("123m456p789s23sEEN"))
>>> best = rank_discards(c, 0, [4 - k for k in c])[:3]
>>> [(d.tile, d.shanten, d.useful_count, d.next_useful_count) for d in best]
[(30, 0, 8, None), (10, 1, 23, None), (11, 1, 19, None)]
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from fanshu.analysis import shanten as _sh
from fanshu.analysis.shanten import SHAPES, ShapeName

__all__ = [
    "ALL_SHAPES",
    "REGULAR_AND_PAIRS",
    "DiscardEfficiency",
    "best_discards",
    "discard_shantens",
    "knitted_draws",
    "look_ahead_counts",
    "rank_discards",
    "regular_discards",
    "regular_draws",
    "shanten_fast",
    "useful_count",
    "useful_kinds",
    "winning_kinds",
]

ALL_SHAPES: tuple[ShapeName, ...] = SHAPES
REGULAR_AND_PAIRS: tuple[ShapeName, ...] = ("regular", "seven_pairs")

_REGULAR, _PAIRS, _ORPHANS, _HONORS_KNITTED, _KNITTED = 1, 2, 4, 8, 16
_SPECIAL = _ORPHANS | _HONORS_KNITTED | _KNITTED
_FLAG = {
    "regular": _REGULAR,
    "seven_pairs": _PAIRS,
    "thirteen_orphans": _ORPHANS,
    "honors_knitted": _HONORS_KNITTED,
    "knitted_straight": _KNITTED,
}
_ALL = _REGULAR | _PAIRS | _SPECIAL

# group g of a hand covers kinds 9g .. 9g+8 (the honours: 27..33)
_SUIT_ORPH = 1 | 1 << 8  # ranks 1 and 9
_HONOR_ORPH = 0x7F  # every honour
_popcount = tuple(bin(m).count("1") for m in range(512))
_RESIDUE = (0b001001001, 0b010010010, 0b100100100)  # ranks 147, 258, 369
_GROUP = tuple(t // 9 for t in range(34))
_RANK = tuple(t % 9 for t in range(34))


# -- patterns ---------------------------------------------------------------------------

_ids: dict[tuple[int, ...], int] = {}
_keys: list[tuple[int, ...]] = []
_vid: list[int] = []
_pairs: list[int] = []  # pairs (four of a kind: two)
_odd: list[int] = []  # mask of ranks held once or three times (七对's useful ranks)
_fours: list[int] = []  # mask of ranks held four times
_held: list[int] = []  # mask of ranks held
_ge2: list[int] = []  # mask of ranks held twice or more
_ge3: list[int] = []  # mask of ranks held three times or more
_orph: list[int] = []  # 十三幺 kinds held (a suit's 1 and 9; every honour)
_orph_pair: list[int] = []  # 1 if one of those is held twice or more
_knit: list[tuple[int, int, int]] = []  # kinds held among ranks 147 / 258 / 369 (suits)
_knit_max: list[int] = []
_knit_rest: list[tuple[int, int, int]] = []  # vector ids once a 147 / 258 / 369 copy is out
_knit_pid: list[tuple[int, int, int]] = []  # pattern ids of the same
_kinds: list[int] = []  # kinds held
_add: list[tuple[int, ...] | None] = []  # pattern id after one more tile of each rank
_sub: list[tuple[int, ...] | None] = []  # pattern id after one tile fewer (-1: none held)
_plus: list[tuple[int, ...] | None] = []  # vector ids with one more of each rank (5th too)


def _pid(key: tuple[int, ...]) -> int:
    """The pattern id of a group's counts (9 for a suit, 7 for the honours)."""
    i = _ids.get(key)
    if i is not None:
        return i
    i = len(_keys)
    _ids[key] = i
    _keys.append(key)
    suit = len(key) == 9
    if suit:
        info = _sh._suit_infos.get(key) or _sh._new_suit_info(key)
        _vid.append(info[0])
        _orph.append(info[2])
        _orph_pair.append(1 if info[3] else 0)
        _knit.append(info[4])
        _knit_max.append(max(info[4]))
        _knit_rest.append(info[5])
        _knit_pid.append((-1, -1, -1))  # filled below, once this id exists
    else:
        hinfo = _sh._honor_infos.get(key) or _sh._new_honor_info(key)
        _vid.append(hinfo[0])
        _orph.append(hinfo[2])
        _orph_pair.append(1 if hinfo[3] else 0)
        _knit.append((0, 0, 0))
        _knit_max.append(0)
        _knit_rest.append((hinfo[0], hinfo[0], hinfo[0]))
        _knit_pid.append((i, i, i))
    _pairs.append(sum(k >> 1 for k in key))
    _odd.append(sum(1 << r for r, k in enumerate(key) if k & 1))
    _fours.append(sum(1 << r for r, k in enumerate(key) if k == 4))
    _held.append(sum(1 << r for r, k in enumerate(key) if k))
    _ge2.append(sum(1 << r for r, k in enumerate(key) if k >= 2))
    _ge3.append(sum(1 << r for r, k in enumerate(key) if k >= 3))
    _kinds.append(sum(1 for k in key if k))
    _add.append(None)
    _sub.append(None)
    _plus.append(None)
    if suit:
        rest = [
            _pid(tuple(k - 1 if k and r % 3 == res else k for r, k in enumerate(key)))
            for res in range(3)
        ]
        _knit_pid[i] = (rest[0], rest[1], rest[2])
    return i


def _adds(p: int) -> tuple[int, ...]:
    got = _add[p]
    if got is None:
        key = _keys[p]
        got = tuple(
            _pid((*key[:r], k + 1, *key[r + 1 :])) if k < 4 else -1 for r, k in enumerate(key)
        )
        _add[p] = got
    return got


def _subs(p: int) -> tuple[int, ...]:
    got = _sub[p]
    if got is None:
        key = _keys[p]
        got = tuple(_pid((*key[:r], k - 1, *key[r + 1 :])) if k else -1 for r, k in enumerate(key))
        _sub[p] = got
    return got


def _pluses(p: int) -> tuple[int, ...]:
    got = _plus[p]
    if got is None:
        key = _keys[p]
        got = _sh._plus(key, len(key) == 9)
        _plus[p] = got
    return got


def _pids(counts: Sequence[int]) -> list[int]:
    return [
        _pid(tuple(counts[0:9])),
        _pid(tuple(counts[9:18])),
        _pid(tuple(counts[18:27])),
        _pid(tuple(counts[27:34])),
    ]


# -- products and useful masks ------------------------------------------------------------

_products = _sh._products
_best = _sh._best
_product = _sh._product


def _prod(a: int, b: int) -> int:
    x = _products.get(a << 16 | b)
    return _product(a, b) if x is None else x


# (product of the other groups << 3 | units) << 24 | pattern id -> improving ranks
_useful_masks: dict[int, int] = {}


def _reg_mask(others: int, p: int, k: int) -> int:
    """Ranks of group pattern ``p`` whose draw raises the regular value, the product of
    the other groups being ``others`` and ``k`` units to fill (a 5th copy included)."""
    key = (others << 3 | k) << 24 | p
    m = _useful_masks.get(key)
    if m is None:
        now = _best[_prod(others, _vid[p])][k]
        m = 0
        for r, pv in enumerate(_pluses(p)):
            if _best[_prod(others, pv)][k] > now:
                m |= 1 << r
        _useful_masks[key] = m
    return m


# remaining copies of a group (its slice of 34) -> (sums of masks & 31, sums of masks >> 5)
_sum_tables: dict[tuple[int, ...], tuple[tuple[int, ...], tuple[int, ...]]] = {}


def _sums(rem: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    got = _sum_tables.get(rem)
    if got is None:
        lo = [0] * 32
        for m in range(1, 32):
            low = m & -m
            lo[m] = lo[m ^ low] + rem[low.bit_length() - 1]
        hi = [0] * 16
        for m in range(1, 16):
            low = m & -m
            r = low.bit_length() + 4
            hi[m] = hi[m ^ low] + (rem[r] if r < len(rem) else 0)
        got = _sum_tables[rem] = (tuple(lo), tuple(hi))
    return got


def _tables(remaining: Sequence[int]) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
    return (
        _sums(tuple(remaining[0:9])),
        _sums(tuple(remaining[9:18])),
        _sums(tuple(remaining[18:27])),
        _sums(tuple(remaining[27:34])),
    )


# Every table here is bounded (issue 19), the bounds measured with tracemalloc on this
# machine (CPython 3.11, 64-bit), the memory an entry holds (freed when cleared):
#
# - the (product, pattern) caches ``_useful_masks`` (~80 B an entry), ``_keep_masks``
#   (~65 B) and ``_discard_tables`` (~270 B) grow with every new hand; past
#   ``CACHE_LIMIT`` entries together they start again (a few seconds of analysis refill
#   the common ones): at most ~16-53 MiB, ~25 MiB for the mix a look-ahead makes;
# - ``_sum_tables`` (~670 B an entry: the sums of each mask of remaining copies) start
#   again past ``SUM_LIMIT``: at most ~13 MiB;
# - the pattern tables (``_ids`` and the lists beside it, ~380-600 B a pattern) start
#   again past ``PATTERN_LIMIT`` patterns, with every cache keyed by pattern ids: at
#   most ~30 MiB.  A bot league touches ~10,000 patterns in 500 MCR hands.
#
# They are cleared only at the start of a public call, never inside one.
CACHE_LIMIT = 200_000
SUM_LIMIT = 20_000
PATTERN_LIMIT = 50_000


def _trim() -> None:
    if len(_keys) > PATTERN_LIMIT:
        _clear_patterns()
    elif len(_useful_masks) + len(_keep_masks) + len(_discard_tables) > CACHE_LIMIT:
        _useful_masks.clear()
        _keep_masks.clear()
        _discard_tables.clear()
    if len(_sum_tables) > SUM_LIMIT:
        _sum_tables.clear()


def _clear_patterns() -> None:
    """Forget every pattern id, and the caches keyed by them."""
    _ids.clear()
    for table in (
        _keys,
        _vid,
        _pairs,
        _odd,
        _fours,
        _held,
        _ge2,
        _ge3,
        _orph,
        _orph_pair,
        _knit,
        _knit_max,
        _knit_rest,
        _knit_pid,
        _kinds,
        _add,
        _sub,
        _plus,
    ):
        table.clear()
    _useful_masks.clear()
    _keep_masks.clear()
    _discard_tables.clear()


def _flags(shapes: Collection[ShapeName]) -> int:
    if shapes is ALL_SHAPES:
        return _ALL
    if shapes is REGULAR_AND_PAIRS:
        return _REGULAR | _PAIRS
    f = 0
    for s in shapes:
        bit = _FLAG.get(s)
        if bit is None:
            raise ValueError(f"unknown shape {s!r}; one of {', '.join(SHAPES)}")
        f |= bit
    if not f & _REGULAR:
        raise ValueError("shapes must include 'regular' (four sets and a pair)")
    return f


# -- one hand -------------------------------------------------------------------------------


def _shanten(p: Sequence[int], melds: int, flags: int) -> tuple[int, int, int]:
    """(least shanten, regular shanten, special shapes at the least as flags) of a hand
    of 13 or 14 tiles given by its four pattern ids."""
    v0, v1, v2, v3 = _vid[p[0]], _vid[p[1]], _vid[p[2]], _vid[p[3]]
    whole = _prod(_prod(v0, v1), _prod(v2, v3))
    return _shanten_whole(p, melds, flags, whole)


def _shanten_whole(p: Sequence[int], melds: int, flags: int, whole: int) -> tuple[int, int, int]:
    wb = _best[whole]
    reg = 8 - 2 * melds - wb[4 - melds]
    if melds > 1 or flags == _REGULAR:
        return reg, reg, 0
    p0, p1, p2, p3 = p
    best = reg
    at = 0  # the shapes reaching ``best`` beyond regular and 七对
    if melds == 0:
        if flags & _PAIRS:
            x = 6 - _pairs[p0] - _pairs[p1] - _pairs[p2] - _pairs[p3]
            if x < best:
                best = x
        if flags & _ORPHANS:
            x = (
                13
                - _orph[p0]
                - _orph[p1]
                - _orph[p2]
                - _orph[p3]
                - (_orph_pair[p0] | _orph_pair[p1] | _orph_pair[p2] | _orph_pair[p3])
            )
            if x < best:
                best, at = x, _ORPHANS
            elif x == best:
                at |= _ORPHANS
    if not flags & (_HONORS_KNITTED | _KNITTED):
        return best, reg, at
    kmax = _knit_max[p0] + _knit_max[p1] + _knit_max[p2]
    hk_floor = 13 - _kinds[p3] - kmax
    top = 11 - 2 * melds - wb[1 - melds]
    if (melds or not flags & _HONORS_KNITTED or hk_floor > best) and (
        not flags & _KNITTED or top - kmax > best
    ):
        return best, reg, at
    ha, hb, hd = _knit[p0], _knit[p1], _knit[p2]
    if melds == 0 and flags & _HONORS_KNITTED and hk_floor <= best:
        x = (
            13
            - _kinds[p3]
            - max(
                ha[0] + hb[1] + hd[2],
                ha[0] + hb[2] + hd[1],
                ha[1] + hb[0] + hd[2],
                ha[1] + hb[2] + hd[0],
                ha[2] + hb[0] + hd[1],
                ha[2] + hb[1] + hd[0],
            )
        )
        if x < best:
            best, at = x, _HONORS_KNITTED
        elif x == best:
            at |= _HONORS_KNITTED
    if flags & _KNITTED and top - kmax <= best:
        ra, rb, rd = _knit_rest[p0], _knit_rest[p1], _knit_rest[p2]
        hv = _vid[p3]
        for x_, y_, z_ in _sh._KNIT_PERMS:
            held = ha[x_] + hb[y_] + hd[z_]
            if top - held <= best:
                x = (
                    11
                    - 2 * melds
                    - held
                    - _best[_prod(_prod(ra[x_], rb[y_]), _prod(rd[z_], hv))][1 - melds]
                )
                if x < best:
                    best, at = x, _KNITTED
                elif x == best:
                    at |= _KNITTED
    return best, reg, at


def _masks(p: Sequence[int], melds: int, flags: int) -> tuple[int, list[int]]:
    """(shanten, useful ranks per group) of a 13-tile hand of pattern ids ``p``."""
    p0, p1, p2, p3 = p
    v0, v1, v2, v3 = _vid[p0], _vid[p1], _vid[p2], _vid[p3]
    ab = _prod(v0, v1)
    cd = _prod(v2, v3)
    whole = _prod(ab, cd)
    s, reg, at = _shanten_whole(p, melds, flags, whole)
    return s, _masks_from(
        p, melds, flags, s, reg, at, (_prod(v1, cd), _prod(v0, cd), _prod(ab, v3), _prod(ab, v2))
    )


def _masks_from(
    p: Sequence[int],
    melds: int,
    flags: int,
    s: int,
    reg: int,
    at: int,
    others: Sequence[int],
) -> list[int]:
    """Useful ranks per group of a 13-tile hand of pattern ids ``p`` at shanten ``s``
    (regular shanten ``reg``, special shapes ``at`` the least), ``others[g]`` the
    product of the vectors of the groups other than ``g``."""
    p0, p1, p2, p3 = p
    if reg == s:
        k = 4 - melds
        m0 = _reg_mask(others[0], p0, k)
        m1 = _reg_mask(others[1], p1, k)
        m2 = _reg_mask(others[2], p2, k)
        m3 = _reg_mask(others[3], p3, k)
        if reg > 0:
            m0 &= ~_fours[p0]
            m1 &= ~_fours[p1]
            m2 &= ~_fours[p2]
            m3 &= ~_fours[p3]
    else:
        m0 = m1 = m2 = m3 = 0
    if not melds and flags & _PAIRS and 6 - _pairs[p0] - _pairs[p1] - _pairs[p2] - _pairs[p3] == s:
        m0 |= _odd[p0]
        m1 |= _odd[p1]
        m2 |= _odd[p2]
        m3 |= _odd[p3]
    if at & _ORPHANS:
        if _orph_pair[p0] | _orph_pair[p1] | _orph_pair[p2] | _orph_pair[p3]:
            m0 |= _SUIT_ORPH & ~_held[p0]
            m1 |= _SUIT_ORPH & ~_held[p1]
            m2 |= _SUIT_ORPH & ~_held[p2]
            m3 |= _HONOR_ORPH & ~_held[p3]
        else:
            m0 |= _SUIT_ORPH
            m1 |= _SUIT_ORPH
            m2 |= _SUIT_ORPH
            m3 |= _HONOR_ORPH
    if at & _HONORS_KNITTED:
        ha, hb, hd = _knit[p0], _knit[p1], _knit[p2]
        sums = [ha[x] + hb[y] + hd[z] for x, y, z in _sh._KNIT_PERMS]
        top = max(sums)
        for (x, y, z), n in zip(_sh._KNIT_PERMS, sums, strict=True):
            if n == top:
                m0 |= _RESIDUE[x] & ~_held[p0]
                m1 |= _RESIDUE[y] & ~_held[p1]
                m2 |= _RESIDUE[z] & ~_held[p2]
        m3 |= _HONOR_ORPH & ~_held[p3]
    if at & _KNITTED:
        k = 1 - melds
        base = 11 - 2 * melds
        ha, hb, hd = _knit[p0], _knit[p1], _knit[p2]
        ra, rb, rd = _knit_pid[p0], _knit_pid[p1], _knit_pid[p2]
        reach = base - 2 * k - 1  # the rest adds at most a set and a pair (k = 1) or a pair
        for x, y, z in _sh._KNIT_PERMS:
            held = ha[x] + hb[y] + hd[z]
            if reach - held > s:
                continue
            q0, q1, q2 = ra[x], rb[y], rd[z]
            w0, w1, w2, w3 = _vid[q0], _vid[q1], _vid[q2], _vid[p3]
            ab = _prod(w0, w1)
            cd = _prod(w2, w3)
            value = _best[_prod(ab, cd)][k]
            if base - held - value != s:
                continue
            m0 |= _RESIDUE[x] & ~_held[p0]
            m1 |= _RESIDUE[y] & ~_held[p1]
            m2 |= _RESIDUE[z] & ~_held[p2]
            # the regular useful ranks of the rest, four sets made (the straight's three)
            n0 = _reg_mask(_prod(w1, cd), q0, k)
            n1 = _reg_mask(_prod(w0, cd), q1, k)
            n2 = _reg_mask(_prod(ab, w3), q2, k)
            n3 = _reg_mask(_prod(ab, w2), p3, k)
            if 2 - 2 * melds - value > 0:
                n0 &= ~_fours[q0]
                n1 &= ~_fours[q1]
                n2 &= ~_fours[q2]
                n3 &= ~_fours[p3]
            m0 |= n0
            m1 |= n1
            m2 |= n2
            m3 |= n3
    return [m0, m1, m2, m3]


def _count(masks: Sequence[int], tables: Sequence[tuple[tuple[int, ...], tuple[int, ...]]]) -> int:
    m0, m1, m2, m3 = masks
    (a0, b0), (a1, b1), (a2, b2), (a3, b3) = tables
    return (
        a0[m0 & 31]
        + b0[m0 >> 5]
        + a1[m1 & 31]
        + b1[m1 >> 5]
        + a2[m2 & 31]
        + b2[m2 >> 5]
        + a3[m3 & 31]
        + b3[m3 >> 5]
    )


# the kinds of each group's ranks in a mask, ascending
_KINDS_OF = tuple(
    tuple(tuple(9 * g + r for r in range(9) if m >> r & 1) for m in range(512)) for g in range(4)
)


def _kinds_of(masks: Sequence[int]) -> list[int]:
    m0, m1, m2, m3 = masks
    return [*_KINDS_OF[0][m0], *_KINDS_OF[1][m1], *_KINDS_OF[2][m2], *_KINDS_OF[3][m3]]


# -- validation ------------------------------------------------------------------------------


def _check(counts: Sequence[int], melds: int, sizes: tuple[int, ...]) -> int:
    if len(counts) == 34 and 0 <= melds <= 4 and max(counts) <= 4 and min(counts) >= 0:
        n = sum(counts)
        if n + 3 * melds in sizes:
            return n
    n = _sh._count(counts)
    if not 0 <= melds <= 4:
        raise ValueError(f"a hand has 0-4 melds, not {melds}")
    if n + 3 * melds not in sizes:
        want = " or ".join(str(x) for x in sizes)
        raise ValueError(
            f"{n} concealed tiles and {melds} melds do not make a hand of {want} tiles"
        )
    return n


# -- public primitives -----------------------------------------------------------------------


def shanten_fast(
    counts: Sequence[int], melds: int = 0, shapes: Collection[ShapeName] = ALL_SHAPES
) -> int:
    """The least shanten over ``shapes`` of a hand of 13 or 14 tiles (a kong as 3).

    With every shape it is ``shanten.shanten``; with :data:`REGULAR_AND_PAIRS` the
    least of the regular and 七对 shanten (the Sichuan shapes).

    >>> from fanshu.notation import parse_tiles
    >>> from fanshu.shapes import counts_of
    >>> c = counts_of(parse_tiles("19m19s19pESWNCFP"))
    >>> shanten_fast(c), shanten_fast(c, shapes=REGULAR_AND_PAIRS)
    (0, 6)
    """
    _check(counts, melds, (13, 14))
    flags = _flags(shapes)
    if flags == _ALL:
        return _sh.shanten(counts, melds)
    _trim()
    return _shanten(_pids(counts), melds, flags)[0]


def useful_kinds(
    counts: Sequence[int], melds: int = 0, shapes: Collection[ShapeName] = ALL_SHAPES
) -> frozenset[int]:
    """Kinds whose draw lowers the least shanten over ``shapes`` of a 13-tile hand:
    ``shanten.useful_tiles`` (with every shape), the union over the shapes at the least.

    >>> from fanshu.notation import parse_tiles
    >>> from fanshu.shapes import counts_of
    >>> sorted(useful_kinds(counts_of(parse_tiles("1122m3344s55pESW"))))
    [27, 28, 29]
    """
    _trim()
    _check(counts, melds, (13,))
    return frozenset(_kinds_of(_masks(_pids(counts), melds, _flags(shapes))[1]))


def useful_count(
    counts: Sequence[int],
    melds: int,
    remaining: Sequence[int],
    shapes: Collection[ShapeName] = ALL_SHAPES,
) -> int:
    """Σ ``remaining`` over :func:`useful_kinds` of a 13-tile hand.

    >>> from fanshu.notation import parse_tiles
    >>> from fanshu.shapes import counts_of
    >>> useful_count(counts_of(parse_tiles("123m456p789s23sEE")), 0, [4] * 34)
    8
    """
    _trim()
    _check(counts, melds, (13,))
    if len(remaining) != 34:
        raise ValueError(f"remaining has 34 entries (one per kind), not {len(remaining)}")
    n = 0
    for g, m in enumerate(_masks(_pids(counts), melds, _flags(shapes))[1]):
        for k in _KINDS_OF[g][m]:
            n += remaining[k]
    return n


def _regular_now(
    counts: Sequence[int], fixed: int
) -> tuple[int, int, int, int, tuple[tuple[int, int], ...]]:
    """What ``regular_draws`` and ``regular_discards`` start from: the partial regular
    shanten of ``counts`` now, the sets still to make, the shanten's base and floor,
    and each group's pattern id with the product of the other three groups' values."""
    if not 0 <= fixed <= 4:
        raise ValueError(f"a hand has 0-4 melds, not {fixed}")
    _trim()
    p0, p1, p2, p3 = _pids(counts)
    v0, v1, v2, v3 = _vid[p0], _vid[p1], _vid[p2], _vid[p3]
    ab = _prod(v0, v1)
    cd = _prod(v2, v3)
    k = 4 - fixed
    base = 8 - 2 * fixed
    floor = 13 - 3 * fixed - sum(counts)
    now = base - _best[_prod(ab, cd)][k]
    if now < floor:
        now = floor
    groups = ((p0, _prod(v1, cd)), (p1, _prod(v0, cd)), (p2, _prod(ab, v3)), (p3, _prod(ab, v2)))
    return now, k, base, floor, groups


def regular_draws(counts: Sequence[int], fixed: int = 0) -> tuple[int, list[int]]:
    """``shanten.partial_regular_shanten`` of ``counts`` (any number of tiles, 0-4 of a
    kind, not checked further) with ``fixed`` sets made, and of ``counts`` with one
    more tile of each kind in turn (34 values; a fifth copy counted as a tile like any
    other): what a planner asks once per kind it might draw, from the four groups'
    pattern ids, each draw changing one group (the product of the other three reused).

    >>> from fanshu.notation import parse_tiles
    >>> from fanshu.shapes import counts_of
    >>> now, after = regular_draws(counts_of(parse_tiles("123m456m789m11p")))  # 11 tiles
    >>> now, after[18], after[20]  # a 1p makes a set, a 3p a partial set
    (2, 1, 1)
    """
    now, k, base, floor, groups = _regular_now(counts, fixed)
    floor -= 1  # the floor of a hand one tile larger
    out: list[int] = []
    for p, others in groups:
        for pv in _pluses(p):
            x = base - _best[_prod(others, pv)][k]
            out.append(x if x > floor else floor)
    return now, out


def regular_discards(counts: Sequence[int], fixed: int = 0) -> tuple[int, list[int]]:
    """:func:`regular_draws` the other way: the partial regular shanten of ``counts``,
    and of ``counts`` with one tile fewer of each kind held (34 values; 99 for a kind
    not held).

    >>> from fanshu.notation import parse_tiles
    >>> from fanshu.shapes import counts_of
    >>> now, after = regular_discards(counts_of(parse_tiles("123m456m789m11p5s9p")))
    >>> now, after[13], after[18], after[0]  # the 5s, a 1p, the 1m
    (1, 1, 2, 2)
    """
    now, k, base, floor, groups = _regular_now(counts, fixed)
    floor += 1  # the floor of a hand one tile smaller
    out = [99] * 34
    g = 0
    for p, others in groups:
        held = _held[p]
        subs = _subs(p)
        while held:
            bit = held & -held
            r = bit.bit_length() - 1
            held ^= bit
            x = base - _best[_prod(others, _vid[subs[r]])][k]
            out[g + r] = x if x > floor else floor
        g += 9
    return now, out


def knitted_draws(counts: Sequence[int], melds: int = 0) -> list[int]:
    """``shanten.knitted_straight_shanten`` (组合龙) of ``counts`` with one more tile of
    each kind (34 values; a fifth copy counted like any tile), ``counts`` and ``melds``
    (at most one) making a hand of 12 or 13 tiles: for each way to knit the suits, a
    draw of a knitted kind not held fills the straight, any other joins the rest.

    >>> from fanshu.notation import parse_tiles
    >>> from fanshu.shapes import counts_of
    >>> after = knitted_draws(counts_of(parse_tiles("147m258s36p123m55p")))
    >>> after[26], after[0]  # the 9p completes the straight, a 1m does not
    (-1, 0)
    """
    if not 0 <= melds <= 1:
        raise ValueError(f"组合龙 takes at most one meld, not {melds}")
    _trim()
    p = _pids(counts)
    base = 2 - 2 * melds
    k = 1 - melds
    h = p[3]
    hv = _vid[h]
    plus_h = _pluses(h)
    out = [99] * 34
    for perm in _sh._KNIT_PERMS:
        q0 = _knit_pid[p[0]][perm[0]]
        q1 = _knit_pid[p[1]][perm[1]]
        q2 = _knit_pid[p[2]][perm[2]]
        w0, w1, w2 = _vid[q0], _vid[q1], _vid[q2]
        missing = 9 - _knit[p[0]][perm[0]] - _knit[p[1]][perm[1]] - _knit[p[2]][perm[2]]
        ab = _prod(w0, w1)
        cd = _prod(w2, hv)
        filled = missing - 1 + base - _best[_prod(ab, cd)][k]  # a knitted kind not held
        top = missing + base
        groups = ((0, q0, _prod(w1, cd)), (1, q1, _prod(w0, cd)), (2, q2, _prod(ab, hv)))
        for g, q, others in groups:
            plus = _pluses(q)
            res = perm[g]
            for r in range(9):
                t = 9 * g + r
                if r % 3 == res and not counts[t]:
                    x = filled
                else:
                    x = top - _best[_prod(others, plus[r])][k]
                if x < out[t]:
                    out[t] = x
        others = _prod(ab, w2)
        for r in range(7):
            x = top - _best[_prod(others, plus_h[r])][k]
            if x < out[27 + r]:
                out[27 + r] = x
    return out


def winning_kinds(
    counts: Sequence[int], melds: int = 0, shapes: Collection[ShapeName] = ALL_SHAPES
) -> frozenset[int]:
    """Kinds that complete a 13-tile hand in one of ``shapes`` (by shape only, no
    scoring); empty unless the hand is ready.  A kind held four times is included when
    a fifth copy would complete the hand, as in ``useful_tiles`` (it cannot come).

    >>> from fanshu.notation import parse_tiles
    >>> from fanshu.shapes import counts_of
    >>> sorted(winning_kinds(counts_of(parse_tiles("1199m55p3388sEEC"))))
    [31]
    """
    _trim()
    _check(counts, melds, (13,))
    p = _pids(counts)
    flags = _flags(shapes)
    if _shanten(p, melds, flags)[0] != 0:
        return frozenset()
    return frozenset(_kinds_of(_masks(p, melds, flags)[1]))


# -- the discard ranking ------------------------------------------------------------------------

# False: no use of the honour symmetry (the look-ahead's keys name the honours as they
# are, so its memos share identical hands only; every discard's masks are computed);
# the tests compare both ways
_CANONICAL = True


@dataclass(frozen=True, slots=True)
class DiscardEfficiency:
    """One discard of a 14-tile hand: the shanten of the 13 left, their useful kinds
    (ascending), the copies of them still to come, and the look-ahead (``None`` unless
    computed: see :func:`rank_discards`)."""

    tile: int
    shanten: int
    useful: tuple[int, ...]
    useful_count: int
    next_useful_count: int | None = None


def _rows(
    counts: Sequence[int],
    base: Sequence[int],
    melds: int,
    flags: int,
    tables: Sequence[tuple[tuple[int, ...], tuple[int, ...]]],
) -> list[tuple[int, int, list[int], int]]:
    """(tile, shanten, useful masks, useful count) of every discard of the 14-tile hand
    ``counts`` (pattern ids ``base``), in tile order within each group."""
    rows: list[tuple[int, int, list[int], int]] = []
    # two honours held as often: discarding one leaves the other's hand with the two
    # kinds swapped, so its useful honours are the first's with the two swapped
    honours: dict[int, tuple[int, int, list[int]]] = {}
    products: dict[int, tuple[int, tuple[int, int, int, int]]] = {}
    for g in range(4):
        pg = base[g]
        held = _held[pg]
        subs = _subs(pg)
        while held:
            low = held & -held
            r = low.bit_length() - 1
            held ^= low
            if g == 3 and _CANONICAL:
                twin = honours.get(counts[27 + r])
                if twin is not None:
                    r0, s, m = twin
                    m3 = m[3]
                    if (m3 >> r0 ^ m3 >> r) & 1:
                        m3 ^= 1 << r0 | 1 << r
                    masks = [m[0], m[1], m[2], m3]
                    rows.append((27 + r, s, masks, _count(masks, tables)))
                    continue
            p = list(base)
            q = p[g] = subs[r]
            # the products depend on the changed group only through its vector
            pkey = _vid[q] << 2 | g
            got = products.get(pkey)
            if got is None:
                v0, v1, v2, v3 = _vid[p[0]], _vid[p[1]], _vid[p[2]], _vid[p[3]]
                ab = _prod(v0, v1)
                cd = _prod(v2, v3)
                others = (_prod(v1, cd), _prod(v0, cd), _prod(ab, v3), _prod(ab, v2))
                got = products[pkey] = (_prod(ab, cd), others)
            whole, others = got
            s, reg, at = _shanten_whole(p, melds, flags, whole)
            masks = _masks_from(p, melds, flags, s, reg, at, others)
            rows.append((9 * g + r, s, masks, _count(masks, tables)))
            if g == 3:
                honours[counts[27 + r]] = (r, s, masks)
    return rows


def best_discards(
    counts: Sequence[int],
    melds: int,
    remaining: Sequence[int],
    shapes: Collection[ShapeName] = ALL_SHAPES,
    among: Collection[int] | None = None,
) -> tuple[int, dict[int, int]]:
    """(the least shanten after a discard, ``{tile: useful count}`` of the discards
    that reach it) of a 14-tile hand, ``among`` the given kinds (default every kind
    held): the first two keys of :func:`rank_discards` for its best options only,
    without its look-ahead or result objects, for the bots that ask it at every turn.
    The useful tiles are worked out only for the discards at the least shanten.

    >>> from fanshu.notation import parse_tiles
    >>> from fanshu.shapes import counts_of
    >>> c = counts_of(parse_tiles("123m456p789s23sEEN"))
    >>> best_discards(c, 0, [4 - k for k in c])
    (0, {30: 8})
    >>> best_discards(c, 0, [4 - k for k in c], among=[10, 11, 27])
    (1, {10: 23, 11: 19, 27: 13})
    """
    _trim()
    _check(counts, melds, (14,))
    if len(remaining) != 34:
        raise ValueError(f"remaining has 34 entries (one per kind), not {len(remaining)}")
    flags = _flags(shapes)
    base = _pids(counts)
    if among is not None and not isinstance(among, (set, frozenset)):
        among = set(among)
    vids = [_vid[x] for x in base]
    v0, v1, v2, v3 = vids
    ab = _prod(v0, v1)
    cd = _prod(v2, v3)
    # the product of the three groups a discard leaves alone, by the discard's group
    rest = (_prod(v1, cd), _prod(v0, cd), _prod(ab, v3), _prod(ab, v2))
    products = _products
    # the special shapes only where they may reach the regular shanten: a discard adds
    # no pair, orphan, knitted tile or set to the 14 tiles, so the 14 tiles' counts
    # bound every discard's special shanten from below (``bound``)
    bound = 99
    if melds < 2 and flags != _REGULAR:
        p0, p1, p2, p3 = base
        kmax = _knit_max[p0] + _knit_max[p1] + _knit_max[p2]
        if flags & _KNITTED:
            bound = 11 - 2 * melds - kmax - _best[_prod(ab, cd)][1 - melds]
        if melds == 0:
            if flags & _PAIRS:
                bound = min(bound, 6 - _pairs[p0] - _pairs[p1] - _pairs[p2] - _pairs[p3])
            if flags & _ORPHANS:
                orph = _orph[p0] + _orph[p1] + _orph[p2] + _orph[p3]
                pair = _orph_pair[p0] | _orph_pair[p1] | _orph_pair[p2] | _orph_pair[p3]
                bound = min(bound, 13 - orph - pair)
            if flags & _HONORS_KNITTED:
                bound = min(bound, 13 - _kinds[p3] - kmax)
    k = 4 - melds
    rows: list[tuple[int, int, int, int, list[int], int]] = []
    low = 99
    for g in range(4):
        pg = base[g]
        held = _held[pg]
        subs = _subs(pg)
        rg = rest[g]
        while held:
            bit = held & -held
            r = bit.bit_length() - 1
            held ^= bit
            t = 9 * g + r
            if among is not None and t not in among:
                continue
            p = list(base)
            q = p[g] = subs[r]
            vq = _vid[q]
            got = products.get(rg << 16 | vq)
            whole = _product(rg, vq) if got is None else got
            reg = 8 - 2 * melds - _best[whole][k]
            if reg < bound:  # no special shape reaches it: the regular shanten is the least
                s, at = reg, 0
            else:
                s, reg, at = _shanten_whole(p, melds, flags, whole)
            if s <= low:
                low = s
                rows.append((t, s, reg, at, p, g))
    out: dict[int, int] = {}
    others_of: dict[int, tuple[int, int, int, int]] = {}
    for t, s, reg, at, p, g in rows:
        if s == low:
            # the products of the groups other than each, the discard's group changed
            vq = _vid[p[g]]
            others = others_of.get(vq << 2 | g)
            if others is None:
                w = list(vids)
                w[g] = vq
                w0, w1, w2, w3 = w
                ab = _prod(w0, w1)
                cd = _prod(w2, w3)
                others = (_prod(w1, cd), _prod(w0, cd), _prod(ab, w3), _prod(ab, w2))
                others_of[vq << 2 | g] = others
            n = 0
            for h, m in enumerate(_masks_from(p, melds, flags, s, reg, at, others)):
                for k in _KINDS_OF[h][m]:
                    n += remaining[k]
            out[t] = n
    return low, out


def discard_shantens(
    counts: Sequence[int], melds: int = 0, shapes: Collection[ShapeName] = ALL_SHAPES
) -> list[int]:
    """:func:`shanten_fast` of the 13 tiles each discard of a 14-tile hand leaves, by
    kind (34 values; 99 for a kind not held), in one pass: each discard changes one
    group, and the product of the other three is shared.

    >>> from fanshu.notation import parse_tiles
    >>> from fanshu.shapes import counts_of
    >>> s = discard_shantens(counts_of(parse_tiles("123m456p789s23sEEN")))
    >>> s[30], s[10], s[27], s[0]  # N, 2s, E, a 1m
    (0, 1, 1, 1)
    """
    _trim()
    _check(counts, melds, (14,))
    flags = _flags(shapes)
    base = _pids(counts)
    v0, v1, v2, v3 = _vid[base[0]], _vid[base[1]], _vid[base[2]], _vid[base[3]]
    ab = _prod(v0, v1)
    cd = _prod(v2, v3)
    rest = (_prod(v1, cd), _prod(v0, cd), _prod(ab, v3), _prod(ab, v2))
    # 七对 and 十三幺 are counted exactly for each discard (a pair or an orphan kind
    # lost); 全不靠 and 组合龙 only where the 14 tiles' bound lets them reach the least
    # of the others, as in best_discards (a discard adds nothing they count)
    bound = 99
    pairs = orph = orph_pairs = -1  # -1: the shape is not counted
    if melds < 2 and flags != _REGULAR:
        p0, p1, p2, p3 = base
        kmax = _knit_max[p0] + _knit_max[p1] + _knit_max[p2]
        if flags & _KNITTED:
            bound = 11 - 2 * melds - kmax - _best[_prod(ab, cd)][1 - melds]
        if melds == 0:
            if flags & _PAIRS:
                pairs = _pairs[p0] + _pairs[p1] + _pairs[p2] + _pairs[p3]
            if flags & _ORPHANS:
                orph = _orph[p0] + _orph[p1] + _orph[p2] + _orph[p3]
                orph_pairs = 0
                for t in _ORPHAN_KINDS:
                    if counts[t] >= 2:
                        orph_pairs += 1
            if flags & _HONORS_KNITTED:
                bound = min(bound, 13 - _kinds[p3] - kmax)
    k = 4 - melds
    out = [99] * 34
    for g in range(4):
        pg = base[g]
        held = _held[pg]
        subs = _subs(pg)
        rg = rest[g]
        while held:
            bit = held & -held
            r = bit.bit_length() - 1
            held ^= bit
            t = 9 * g + r
            q = subs[r]
            whole = _prod(rg, _vid[q])
            x = 8 - 2 * melds - _best[whole][k]
            n = counts[t]
            if pairs >= 0:
                y = 6 - (pairs - 1 if n == 2 or n == 4 else pairs)
                if y < x:
                    x = y
            if orph >= 0:
                o, op = orph, orph_pairs
                if _IS_ORPHAN[t]:
                    if n == 1:
                        o -= 1
                    elif n == 2:
                        op -= 1
                y = 13 - o - (1 if op else 0)
                if y < x:
                    x = y
            if x <= bound:  # 全不靠 and 组合龙 cannot be nearer
                out[t] = x
            else:
                p = list(base)
                p[g] = q
                out[t] = _shanten_whole(p, melds, flags, whole)[0]
    return out


_ORPHAN_KINDS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
_IS_ORPHAN = tuple(t in _ORPHAN_KINDS for t in range(34))


def rank_discards(
    counts: Sequence[int],
    melds: int,
    remaining: Sequence[int],
    shapes: Collection[ShapeName] = ALL_SHAPES,
    look_ahead: Literal["all", "best", "none"] = "all",
) -> tuple[DiscardEfficiency, ...]:
    """Every discard of a 14-tile hand, best first, as ``fanshu.analyze`` ranks them by
    efficiency: shanten after the discard (ascending), useful count (descending),
    ``next_useful_count`` (descending), tile order.

    ``next_useful_count`` is computed only among options tied on the first two keys and
    not yet ready: the sum, over every remaining copy of each useful kind, of the best
    useful count reachable after drawing it and making the best discard that keeps the
    lower shanten (the drawn copy no longer to come).  It is most of the cost; with
    ``look_ahead="best"`` it is computed for the options tied with the best only (the
    first option, and the order of its ties, are the same; the options below keep
    ``None`` and tile order within their ties), with ``"none"`` for no option.
    """
    _trim()
    _check(counts, melds, (14,))
    if len(remaining) != 34:
        raise ValueError(f"remaining has 34 entries (one per kind), not {len(remaining)}")
    if look_ahead not in ("all", "best", "none"):
        raise ValueError(f"look_ahead is 'all', 'best' or 'none', not {look_ahead!r}")
    flags = _flags(shapes)
    tables = _tables(remaining)
    base = _pids(counts)
    rows = _rows(counts, base, melds, flags, tables)
    groups: dict[tuple[int, int], list[int]] = {}
    for i, (_, s, _, n) in enumerate(rows):
        groups.setdefault((s, n), []).append(i)
    nexts: list[int | None] = [None] * len(rows)
    top = min(groups, key=lambda sn: (sn[0], -sn[1]))
    for (s, n), members in groups.items():
        if len(members) < 2 or s <= 0 or look_ahead == "none":
            continue
        if look_ahead == "best" and (s, n) != top:
            continue
        # the memos of the look-ahead, shared by the options of this shanten
        sym = _Symmetry(remaining)
        for i in members:
            nexts[i] = _look_ahead(base, rows[i], melds, flags, remaining, tables, sym)
    out = [
        DiscardEfficiency(t, s, tuple(_kinds_of(masks)), n, nexts[i])
        for i, (t, s, masks, n) in enumerate(rows)
    ]
    out.sort(key=lambda o: (o.shanten, -o.useful_count, -(o.next_useful_count or 0), o.tile))
    return tuple(out)


def look_ahead_counts(
    counts: Sequence[int],
    melds: int,
    remaining: Sequence[int],
    tiles: Iterable[int],
    shapes: Collection[ShapeName] = ALL_SHAPES,
) -> dict[int, int | None]:
    """``next_useful_count`` of the given discards of a 14-tile hand, whether or not
    they tie (None for a discard that leaves the hand ready or complete): for a caller
    that ranks by something else first and needs the efficiency order only among its
    own ties.

    >>> from fanshu.notation import parse_tiles
    >>> from fanshu.shapes import counts_of
    >>> c = counts_of(parse_tiles("135m2467p19sESWCF"))
    >>> rem = [4 - k for k in c]
    >>> got = look_ahead_counts(c, 0, rem, [27, 28])
    >>> got == {d.tile: d.next_useful_count for d in rank_discards(c, 0, rem) if d.tile in got}
    True
    """
    _trim()
    _check(counts, melds, (14,))
    if len(remaining) != 34:
        raise ValueError(f"remaining has 34 entries (one per kind), not {len(remaining)}")
    flags = _flags(shapes)
    tables = _tables(remaining)
    base = _pids(counts)
    syms: dict[int, _Symmetry] = {}
    out: dict[int, int | None] = {}
    for tile in tiles:
        if not 0 <= tile < 34 or not counts[tile]:
            raise ValueError(f"tile {tile} is not in the hand (a kind 0-33 held)")
        p = list(base)
        g = _GROUP[tile]
        p[g] = _subs(base[g])[_RANK[tile]]
        s, masks = _masks(p, melds, flags)
        if s <= 0:
            out[tile] = None
            continue
        row = (tile, s, masks, _count(masks, tables))
        sym = syms.get(s)
        if sym is None:
            sym = syms[s] = _Symmetry(remaining)
        out[tile] = _look_ahead(base, row, melds, flags, remaining, tables, sym)
    return out


# for a discard from group ``gd``, the pair of groups that with the changed group makes
# the product of the groups other than ``g``: an index into (01, 02, 03, 12, 13, 23)
_PAIR_WITHOUT = (
    (-1, 5, 4, 3),
    (5, -1, 2, 1),
    (4, 2, -1, 0),
    (3, 1, 0, -1),
)

# (product of the other groups << 3 | units) << 24 | pattern id -> ranks whose discard
# keeps the regular value of the whole (the group holding a tile of them)
_keep_masks: dict[int, int] = {}


def _keep_mask(rest: int, p: int, k: int) -> int:
    key = (rest << 3 | k) << 24 | p
    m = _keep_masks.get(key)
    if m is None:
        now = _best[_prod(rest, _vid[p])][k]
        m = 0
        for r, q in enumerate(_subs(p)):
            if q >= 0 and _best[_prod(rest, _vid[q])][k] == now:
                m |= 1 << r
        _keep_masks[key] = m
    return m


# ((rest << 3 | units) << 24 | pattern id) << 1 | strip -> (the regular keep mask, and
# per rank in it: (its bit, the pattern id after the discard, its vector id, the useful
# ranks of the group after the discard, fours left out when ``strip``))
_DiscardTable = tuple[int, tuple[tuple[int, int, int, int], ...]]
_discard_tables: dict[int, _DiscardTable] = {}


def _discard_table(rest: int, p: int, k: int, strip: bool) -> _DiscardTable:
    """The discards from group ``p`` that keep the regular value of the whole (the
    other groups' product ``rest``), with what the look-ahead needs of each."""
    keep = _keep_mask(rest, p, k)
    entries = []
    subs = _subs(p)
    m = keep
    while m:
        low = m & -m
        m ^= low
        q = subs[low.bit_length() - 1]
        own = _reg_mask(rest, q, k)
        if strip:
            own &= ~_fours[q]
        entries.append((low, q, _vid[q], own))
    got = _discard_tables[((rest << 3 | k) << 24 | p) << 1 | strip] = (keep, tuple(entries))
    return got


def _orphan_keep(p: int, suit: bool, pairs: int) -> int:
    """Ranks of group ``p`` whose discard keeps the 十三幺 shanten (``pairs``: how many
    orphan kinds the hand holds twice or more)."""
    orph = _SUIT_ORPH if suit else _HONOR_ORPH
    keep = _held[p] & ~orph | _ge3[p] & orph
    if pairs >= 2:
        keep |= _ge2[p] & orph
    return keep


def _knit_keep(
    h: Sequence[int], melds: int, flags: int, target: int
) -> tuple[list[int] | None, list[int] | None]:
    """Per group, the ranks whose discard from the 14-tile hand ``h`` keeps 全不靠 at
    ``target``, and those that keep 组合龙 there (each None when the shape is not at
    ``target`` in ``h``).

    全不靠: a tile held twice, or a single one outside every knitted straight that
    reaches the most.  组合龙 (for each straight at ``target``): the straight's tiles
    held once must stay; any other tile must leave the rest's regular value as it was
    (the regular keep mask of the rest, with the straight's three sets made)."""
    h0, h1, h2, h3 = h
    ha, hb, hd = _knit[h0], _knit[h1], _knit[h2]
    sums = [ha[x] + hb[y] + hd[z] for x, y, z in _sh._KNIT_PERMS]
    hk: list[int] | None = None
    ks: list[int] | None = None
    if flags & _HONORS_KNITTED and not melds and 13 - _kinds[h3] - max(sums) == target:
        keep = hk = [0, 0, 0, 0]
        top = max(sums)
        tops = [perm for perm, n in zip(_sh._KNIT_PERMS, sums, strict=True) if n == top]
        for g in range(3):
            used = {perm[g] for perm in tops}
            single = _held[h[g]] & ~_ge2[h[g]]
            lost = _RESIDUE[next(iter(used))] & single if len(used) == 1 else 0
            keep[g] |= _held[h[g]] & ~lost
        keep[3] |= _ge2[h3]
    if flags & _KNITTED:
        k = 1 - melds
        base = 11 - 2 * melds
        # the rest is part of the whole: a straight holding ``held`` does no better
        # than ``base - held - (the whole's value with one unit)``
        floor = base - _best[_prod(_prod(_vid[h0], _vid[h1]), _prod(_vid[h2], _vid[h3]))][k]
        for (x, y, z), held in zip(_sh._KNIT_PERMS, sums, strict=True):
            if floor - held > target:
                continue
            q = (_knit_pid[h0][x], _knit_pid[h1][y], _knit_pid[h2][z], h3)
            w0, w1, w2, w3 = _vid[q[0]], _vid[q[1]], _vid[q[2]], _vid[h3]
            ab = _prod(w0, w1)
            cd = _prod(w2, w3)
            if base - held - _best[_prod(ab, cd)][k] != target:
                continue
            if ks is None:
                ks = [0, 0, 0, 0]
            ks[0] |= _keep_mask(_prod(w1, cd), q[0], k)
            ks[1] |= _keep_mask(_prod(w0, cd), q[1], k)
            ks[2] |= _keep_mask(_prod(ab, w3), q[2], k)
            ks[3] |= _keep_mask(_prod(ab, w2), h3, k)
    return hk, ks


class _Symmetry:
    """Memos of the look-ahead on a canonical key under permutations of the 7 honours.

    Every shape (regular, 七对, 十三幺, 全不靠, 组合龙) treats the honour kinds alike: an
    honour permutation applied to a hand and to the copies still to come changes no
    shanten and no useful count, only which kinds they name.  So the best useful count
    after a draw (the drawn copy no longer to come) depends on the honours only through
    the multiset of (held, to come) over the 7 honour kinds, and so does an option's
    whole ``next_useful_count``: in random hands isolated honours held once (or not at
    all) with the same copies left are common, and their options and draws are computed
    once.  (The suits are symmetric too, but suits with equal counts and copies left
    are rare: measured, no gain.)  One instance serves one shanten of one hand: the
    values also depend on the target shanten, the melds and the shapes."""

    __slots__ = ("draws", "hands", "honours", "left", "totals")

    def __init__(self, remaining: Sequence[int]) -> None:
        self.left = tuple(remaining[27:34])
        # (honour pattern id << 3 | drawn honour, 7 if none) -> canonical honour key
        self.honours: dict[int, tuple[int, ...]] = {}
        # (three suit pattern ids, canonical honour key, the drawn kind or 27 for an
        # honour) -> best useful count after that draw
        self.draws: dict[tuple[int, int, int, tuple[int, ...], int], int] = {}
        # (three suit pattern ids, canonical honour key) of an option's 13 tiles -> its
        # next_useful_count
        self.totals: dict[tuple[int, int, int, tuple[int, ...]], int] = {}
        # the same key for a 13-tile hand after a draw and a discard (the special shapes'
        # path) -> its useful count, the drawn copy out
        self.hands: dict[tuple[int, int, int, tuple[int, ...], int], int] = {}

    def honour_key(self, p: int, drawn: int) -> tuple[int, ...]:
        """The honours of pattern ``p`` with their copies to come (one fewer of honour
        ``drawn``; 7: none), up to a permutation of the kinds."""
        key = p << 3 | drawn
        got = self.honours.get(key)
        if got is None:
            left = self.left
            codes = [(left[j] - (j == drawn)) << 3 | n for j, n in enumerate(_keys[p])]
            if _CANONICAL:
                codes.sort()
            got = self.honours[key] = tuple(codes)
        return got


def _look_ahead(
    base: list[int],
    row: tuple[int, int, list[int], int],
    melds: int,
    flags: int,
    remaining: Sequence[int],
    tables: Sequence[tuple[tuple[int, ...], tuple[int, ...]]],
    sym: _Symmetry,
) -> int:
    """``next_useful_count`` of one discard (``row``) of the 14-tile hand ``base``.

    For each useful kind still to come, the 14-tile hand after drawing it has shanten
    ``target``, and only the shapes at ``target`` in it can still be at ``target`` after
    a discard.  The discards that may keep it come from per-group masks (regular: cached
    by the product of the other groups; 七对: the odd ranks; 十三幺: a formula; 全不靠 and
    组合龙: every tile), and only those are tried.  The common case, the regular shape
    alone at ``target``, is :func:`_regular_best`.
    """
    tile, s, masks, _ = row
    target = s - 1
    k = 4 - melds
    value_needed = 8 - 2 * melds - target
    x = list(base)
    gk = _GROUP[tile]
    x[gk] = _subs(base[gk])[_RANK[tile]]
    option = (x[0], x[1], x[2], sym.honour_key(x[3], 7))
    done = sym.totals.get(option)
    if done is not None:
        return done
    draws = sym.draws
    hands = sym.hands
    honour_key = sym.honour_key
    # a draw adds at most one pair and one orphan kind: shapes that cannot reach
    # ``target`` after any draw of this option are not looked at per draw
    x0, x1, x2, x3 = x
    pairs_ok = (
        not melds
        and flags & _PAIRS
        and 5 - _pairs[x0] - _pairs[x1] - _pairs[x2] - _pairs[x3] <= target
    )
    orph_ok = (
        not melds
        and flags & _ORPHANS
        and 11 - _orph[x0] - _orph[x1] - _orph[x2] - _orph[x3] <= target
    )
    knit_flags = flags & (_HONORS_KNITTED | _KNITTED) if melds < 2 else 0
    prod = _prod
    best_of = _best
    vid = _vid
    setups: dict[
        int, tuple[tuple[int, int, int, int, int, int], tuple[int, int, int, int], int]
    ] = {}
    total = 0
    for t in _kinds_of(masks):
        left = remaining[t]
        if left <= 0:
            continue
        gt, rt = _GROUP[t], _RANK[t]
        h = list(x)
        h[gt] = _adds(x[gt])[rt]
        h0, h1, h2, h3 = h
        # a suit draw's copy is out of its suit (the same hand comes from another
        # option drawing back what it discarded): it is part of the key
        dkey = (
            (h0, h1, h2, honour_key(h3, rt), 27) if gt == 3 else (h0, h1, h2, honour_key(h3, 7), t)
        )
        known = draws.get(dkey)
        if known is not None:
            total += left * known
            continue
        drawn, suit_drawn = (rt, 27) if gt == 3 else (7, t)
        # the products depend on the drawn tile's group only through its vector
        skey = vid[h[gt]] << 2 | gt
        setup = setups.get(skey)
        if setup is None:
            v0, v1, v2, v3 = vid[h0], vid[h1], vid[h2], vid[h3]
            p01 = prod(v0, v1)
            p23 = prod(v2, v3)
            pp = (p01, prod(v0, v2), prod(v0, v3), prod(v1, v2), prod(v1, v3), p23)
            rests = (prod(pp[3], v3), prod(pp[1], v3), prod(p01, v3), prod(p01, v2))
            setup = setups[skey] = (pp, rests, prod(p01, p23))
        pp, rests, whole = setup
        hk_keep: list[int] | None = None
        ks_keep: list[int] | None = None
        if knit_flags:
            kmax = _knit_max[h0] + _knit_max[h1] + _knit_max[h2]
            hk_floor = 13 - _kinds[h3] - kmax if not melds and knit_flags & _HONORS_KNITTED else 99
            ks_floor = 11 - 2 * melds - best_of[whole][1 - melds] - kmax
            if not knit_flags & _KNITTED:
                ks_floor = 99
            if hk_floor <= target or ks_floor <= target:
                # the most knitted tiles one straight holds, exactly (kmax bounds it)
                ha, hb, hd = _knit[h0], _knit[h1], _knit[h2]
                most = max(
                    ha[0] + hb[1] + hd[2],
                    ha[0] + hb[2] + hd[1],
                    ha[1] + hb[0] + hd[2],
                    ha[1] + hb[2] + hd[0],
                    ha[2] + hb[0] + hd[1],
                    ha[2] + hb[1] + hd[0],
                )
                if hk_floor + kmax - most == target or ks_floor + kmax - most <= target:
                    hk_keep, ks_keep = _knit_keep(h, melds, knit_flags, target)
        knit_at = hk_keep is not None or ks_keep is not None
        pairs_at = pairs_ok and 6 - _pairs[h0] - _pairs[h1] - _pairs[h2] - _pairs[h3] == target
        orph_at = False
        opairs = 0
        if orph_ok:
            orphans = 13 - _orph[h0] - _orph[h1] - _orph[h2] - _orph[h3]
            if orphans - 1 <= target:
                opairs = (
                    _popcount[_ge2[h0] & _SUIT_ORPH]
                    + _popcount[_ge2[h1] & _SUIT_ORPH]
                    + _popcount[_ge2[h2] & _SUIT_ORPH]
                    + _popcount[_ge2[h3]]
                )
                orph_at = orphans - (opairs > 0) == target
        reg_at = best_of[whole][k] == value_needed
        if not (orph_at or knit_at):
            best = draws[dkey] = _regular_best(
                h, gt, rt, k, target, pp, rests, tables, remaining, reg_at, bool(pairs_at)
            )
            total += left * best
            continue
        best = 0
        for gd in range(4):
            pg = h[gd]
            rest = rests[gd]
            regk = _keep_mask(rest, pg, k) if reg_at else 0
            orphk = _orphan_keep(pg, gd < 3, opairs) if orph_at else 0
            hkk = hk_keep[gd] if hk_keep is not None else 0
            ksk = ks_keep[gd] if ks_keep is not None else 0
            keep = regk | orphk | hkk | ksk
            if pairs_at:
                keep |= _odd[pg]
            if gd == gt:
                keep &= ~(1 << rt)
            if not keep:
                continue
            subs = _subs(pg)
            pair_of = _PAIR_WITHOUT[gd]
            while keep:
                low = keep & -keep
                keep ^= low
                q = subs[low.bit_length() - 1]
                y = list(h)
                y[gd] = q
                # the 13 tiles after the draw and this discard, up to an honour
                # permutation, with the drawn copy out (shared with the other discards
                # of symmetric honours, and with option ``d`` discarding this option)
                key = (y[0], y[1], y[2], honour_key(y[3], drawn), suit_drawn)
                got = hands.get(key)
                if got is None:
                    # the keep masks are exact: this hand is at ``target``, in the
                    # shapes whose mask holds the discard
                    w = vid[q]
                    at = (
                        (_ORPHANS if orphk & low else 0)
                        | (_HONORS_KNITTED if hkk & low else 0)
                        | (_KNITTED if ksk & low else 0)
                    )
                    reg = target if regk & low else target + 1
                    others = [rest if g == gd else prod(pp[pair_of[g]], w) for g in range(4)]
                    ym = _masks_from(y, melds, flags, target, reg, at, others)
                    got = hands[key] = _count(ym, tables) - ((ym[gt] >> rt) & 1)
                if got > best:
                    best = got
        draws[dkey] = best
        total += left * best
    sym.totals[option] = total
    return total


def _regular_best(
    h: list[int],
    gt: int,
    rt: int,
    k: int,
    target: int,
    pp: tuple[int, int, int, int, int, int],
    rests: tuple[int, int, int, int],
    tables: Sequence[tuple[tuple[int, ...], tuple[int, ...]]],
    remaining: Sequence[int],
    reg_at: bool,
    pairs_at: bool,
) -> int:
    """The best useful count after a discard from the 14-tile hand ``h`` (rank ``rt`` of
    group ``gt`` drawn) that keeps ``target``, when only the regular shape and 七对 can
    be at ``target`` (``reg_at``, ``pairs_at``: which are, in the 14 tiles).

    After a discard from group ``gd`` the regular useful ranks of each other group
    depend on the discarded group only through its vector, so they are found once per
    vector (a suit's isolated tiles, for one, all leave the same vector behind).  七对
    alone at ``target`` after the discard of an odd rank ``d`` leaves the odd ranks of
    ``h`` but ``d`` as the useful ones."""
    products = _products
    masks = _useful_masks
    fours = _fours
    odd = _odd
    strip = target > 0  # a kind held four times is useful only to a ready hand
    odd_sum = 0  # copies to come of the odd ranks of h, the drawn copy out
    if pairs_at:
        for g in range(4):
            m = odd[h[g]]
            if m:
                lo, hi = tables[g]
                odd_sum += lo[m & 31] + hi[m >> 5]
        odd_sum -= (odd[h[gt]] >> rt) & 1
    dts = _discard_tables
    best = 0
    for gd in range(4):
        pg = h[gd]
        rest = rests[gd]
        if reg_at:
            dt = dts.get(((rest << 3 | k) << 24 | pg) << 1 | strip)
            if dt is None:
                dt = _discard_table(rest, pg, k, strip)
            regkeep, entries = dt
        else:
            regkeep, entries = 0, ()
        skip = 1 << rt if gd == gt else 0
        oddkeep = odd[pg] & ~skip if pairs_at else 0
        only = oddkeep & ~regkeep
        if only:  # 七对 alone at target: the odd ranks of h but the discard
            base = 9 * gd
            while only:
                low = only & -only
                only ^= low
                n = odd_sum - remaining[base + low.bit_length() - 1]
                if n > best:
                    best = n
        if not entries:
            continue
        pair_of = _PAIR_WITHOUT[gd]
        lo, hi = tables[gd]
        by_vector: dict[int, tuple[int, list[int]]] = {}
        for bit, q, w, m in entries:
            if bit == skip:
                continue
            got = by_vector.get(w)
            if got is None:
                n = 0
                ms = [0, 0, 0, 0]
                for g in range(4):
                    if g == gd:
                        continue
                    a = pp[pair_of[g]]
                    o = products.get(a << 16 | w)
                    if o is None:
                        o = _product(a, w)
                    pg2 = h[g]
                    cached = masks.get((o << 3 | k) << 24 | pg2)
                    mg = _reg_mask(o, pg2, k) if cached is None else cached
                    if strip:
                        mg &= ~fours[pg2]
                    ms[g] = mg
                    if mg:
                        glo, ghi = tables[g]
                        n += glo[mg & 31] + ghi[mg >> 5]
                        if g == gt:
                            n -= (mg >> rt) & 1
                got = by_vector[w] = (n, ms)
            if oddkeep & bit:  # both shapes at target: the union of their ranks
                ms = got[1]
                n = 0
                for g in range(4):
                    u = (m | odd[q]) if g == gd else (ms[g] | odd[h[g]])
                    if u:
                        glo, ghi = tables[g]
                        n += glo[u & 31] + ghi[u >> 5]
                        if g == gt:
                            n -= (u >> rt) & 1
            else:
                n = got[0]
                if m:
                    n += lo[m & 31] + hi[m >> 5]
                    if skip:
                        n -= (m >> rt) & 1
            if n > best:
                best = n
    return best
