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
vector that is computed once per 9-count pattern and interned; the vector of every
group of at most 14 tiles ships precomputed (``shanten_groups.bin``, see "the shipped
table" below), so a fresh process looks new groups up instead of splitting them.
Vectors of two groups combine by a (max, +) product that is cached by the pair of
vector ids, so a call is a few dictionary look-ups once the common patterns have been
seen.  ``fanshu.shanten`` reads a plain concealed hand string straight into these tables
(:func:`plain_shanten`).  The special shapes
are counted from per-suit summaries cached alongside.  ``fanshu.analysis.efficiency``
builds on these tables (group ids, vectors, products) for hands changed one tile at a
time: the useful tiles, the useful counts and the discard look-ahead.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import permutations
from typing import TYPE_CHECKING, Literal, TypeVar

from fanshu.tiles import (
    FIRST_HONOR,
    HONOR_LETTERS,
    NUM_KINDS,
    SUIT_LETTERS,
    SUIT_SIZE,
    TERMINAL_OR_HONOR,
)

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
    "plain_hand_counts",
    "plain_shanten",
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
_VectorMemo = dict[tuple[bool, tuple[int, ...]], tuple[int, ...]]
_vector_memo: _VectorMemo = {}

# Cache bounds: each dict is cleared when it reaches its bound, and every entry can be
# rebuilt (from the shipped table in about a microsecond, or by splitting the group
# again).  The MiB are those of each dict full, keys included, measured with tracemalloc
# by ``.venv/bin/python tools/shanten_table.py --memory`` (where a fill stopped short of
# the bound, scaled to it); all of them full at once is about 70 MiB, and a process that
# meets only natural hands keeps far fewer entries.
_MAX_VECTOR_MEMO = 1 << 15  # _vector_memo (groups the table lacks: wild, 5 copies): ~9 MiB
_MAX_GROUP_KEYS = 1 << 15  # _suit_vids ~5 MiB, _honor_vids ~4.5 MiB
_MAX_PLUS = 1 << 13  # _plus_vids (a group with one more tile of each kind): ~9 MiB
_MAX_INFOS = 1 << 15  # _suit_infos ~11.5 MiB, _honor_infos ~8 MiB, _suit_runs, _honor_runs ~4.5
_MAX_PRODUCTS = 1 << 15  # _products (two keys per pair): ~2.5 MiB
_MAX_USEFUL = 1 << 13  # _useful_memo: ~12 MiB


def _vector(c: tuple[int, ...], chows: bool, memo: _VectorMemo | None = None) -> tuple[int, ...]:
    """The vector of a group's counts (or a suffix of them: ranks past the end do not
    exist), built by taking apart the lowest tile: left single, in a pung, a pair (the
    pair or a partial pung), a chow, or a partial chow (two-sided/edge or closed).
    ``memo`` (the bounded module memo when None) keeps the suffixes already split."""
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
    if memo is None:
        memo = _vector_memo
    got = memo.get(key)
    if got is not None:
        return got
    lc = list(c)
    c0 = c[0]
    lc[0] = c0 - 1
    v = list(_vector(tuple(lc), chows, memo))  # the lowest tile left single

    def take(rest: list[int], units: int, value: int, pair: int) -> None:
        r = _vector(tuple(rest), chows, memo)
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
    if memo is _vector_memo and len(memo) >= _MAX_VECTOR_MEMO:
        memo.clear()
    memo[key] = out
    return out


def _group_vid(counts: tuple[int, ...], chows: bool) -> int:
    return _intern(_vector(counts, chows))


def _suit_vid(key: tuple[int, ...]) -> int:
    i = _suit_vids.get(key)
    if i is None:
        i = _table_vid(_SUIT_TABLE, key)
        if i < 0:
            i = _group_vid(key, True)
        if len(_suit_vids) >= _MAX_GROUP_KEYS:
            _suit_vids.clear()
        _suit_vids[key] = i
    return i


def _honor_vid(key: tuple[int, ...]) -> int:
    i = _honor_vids.get(key)
    if i is None:
        i = _table_vid(_HONOR_TABLE, key)
        if i < 0:
            i = _group_vid(key, False)
        if len(_honor_vids) >= _MAX_GROUP_KEYS:
            _honor_vids.clear()
        _honor_vids[key] = i
    return i


def _vector_product(va: tuple[int, ...], vb: tuple[int, ...]) -> tuple[int, ...]:
    """The (max, +) product of two group vectors: the best of both groups together."""
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
    return tuple(v)


def _product(a: int, b: int) -> int:
    """The vector id of two groups taken together."""
    try:
        return _products[a << 16 | b]
    except KeyError:
        pass
    n = _TABLE_VECTORS
    if a < n and b < n:  # both shipped: the product is in the table too
        i = _PRODUCT_TABLE[a * n + b]
    else:
        i = _intern(_vector_product(_vectors[a], _vectors[b]))
    if len(_products) >= _MAX_PRODUCTS:
        _products.clear()
    _products[a << 16 | b] = _products[b << 16 | a] = i
    return i


# -- the shipped table ----------------------------------------------------------------
#
# Every group a hand can hold (9 counts 0-4 of a suit or 7 of the honours, at most 14
# tiles: 405,350 suit and 43,130 honour patterns) has one of 69 vectors, and the
# products of those make 82 vectors in all, closed under the product.
# ``shanten_groups.bin`` holds them: the 82 vectors, the vector id of every group
# pattern (its counts read as a base-5 number index a byte string; 255 where a group
# has more than 14 tiles) and the product of every two of the 82.  A fresh process then
# looks a new group up instead of splitting it.  The file is not compressed (2 MiB;
# 76 KiB in git and in a wheel, both compressed) and is mapped, not read: a process
# touches only the pages of the groups it meets, where inflating it would cost
# several ms at import.  ``tools/shanten_table.py`` writes the
# file from :func:`build_table`; tests/analysis/test_shanten_table.py checks the file
# against the computation.  Without the file (or with a damaged one) every vector is
# computed when first needed, as the tables did before.  Memory: ~2 MiB of bytes.

_TABLE_FILE = "shanten_groups.bin"
_TABLE_MAGIC = b"fanshu shanten groups 2\n"
_SUIT_CELLS = 5**SUIT_SIZE
_HONOR_CELLS = 5 ** (NUM_KINDS - FIRST_HONOR)
_NO_CELL = 255  # a pattern the table does not hold (more than 14 tiles)
_TABLE_TILES = 14


def _table_index(key: Sequence[int]) -> int:
    """A group's counts read as a base-5 number (the first rank the highest digit)."""
    i = 0
    for k in key:
        i = i * 5 + k
    return i


def build_table() -> bytes:
    """The content of ``shanten_groups.bin``, computed from scratch (a few seconds).

    Vector ids are given in the order the groups are met (suits, then honours, then the
    products); the module's ids equal them when the file is loaded at import.
    """
    from itertools import product

    ids: dict[tuple[int, ...], int] = {}
    vectors: list[tuple[int, ...]] = []

    def vid(v: tuple[int, ...]) -> int:
        i = ids.get(v)
        if i is None:
            i = ids[v] = len(vectors)
            vectors.append(v)
        return i

    memo: _VectorMemo = {}
    suits = bytearray([_NO_CELL]) * _SUIT_CELLS
    for key in product(range(5), repeat=SUIT_SIZE):
        if sum(key) <= _TABLE_TILES:
            suits[_table_index(key)] = vid(_vector(key, True, memo))
    honors = bytearray([_NO_CELL]) * _HONOR_CELLS
    for key in product(range(5), repeat=NUM_KINDS - FIRST_HONOR):
        if sum(key) <= _TABLE_TILES:
            honors[_table_index(key)] = vid(_vector(key, False, memo))
    done = 0
    while done < len(vectors):  # close the set under the product
        done = len(vectors)
        for a in range(done):
            for b in range(done):
                vid(_vector_product(vectors[a], vectors[b]))
    n = len(vectors)
    if n >= _NO_CELL:
        raise ValueError(f"{n} vectors do not fit in a byte each")
    products = bytes(
        ids[_vector_product(vectors[a], vectors[b])] for a in range(n) for b in range(n)
    )
    flat = bytes(x - _NEG for v in vectors for x in v)
    payload = bytes([n]) + flat + bytes(suits) + bytes(honors) + products
    return _TABLE_MAGIC + payload


_Cells = bytes | memoryview  # a table's cells: the file's bytes, or a view of them


def _read_table(
    blob: _Cells,
) -> tuple[list[tuple[int, ...]], _Cells, _Cells, _Cells] | None:
    """(vectors, suit cells, honour cells, products) of a table file; None if damaged."""
    m = len(_TABLE_MAGIC)
    if len(blob) <= m or bytes(blob[:m]) != _TABLE_MAGIC:
        return None
    payload = blob[m:]
    n = payload[0]
    at = 1 + 10 * n
    if len(payload) != at + _SUIT_CELLS + _HONOR_CELLS + n * n:
        return None
    vectors = [tuple(x + _NEG for x in payload[1 + 10 * i : 11 + 10 * i]) for i in range(n)]
    suits = payload[at : at + _SUIT_CELLS]
    honors = payload[at + _SUIT_CELLS : at + _SUIT_CELLS + _HONOR_CELLS]
    products = bytes(payload[at + _SUIT_CELLS + _HONOR_CELLS :])
    if max(products, default=0) >= n:
        return None
    return vectors, suits, honors, products


def _load_table() -> tuple[int, _Cells, _Cells, _Cells]:
    """Intern the shipped vectors (ids 0..n-1: nothing is interned before) and return
    (n, suit cells, honour cells, products); (0, b"", b"", b"") without a usable file."""
    import mmap
    import os

    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), _TABLE_FILE)
    got = None
    try:
        with open(path, "rb") as f:
            try:
                blob: _Cells = memoryview(mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ))
            except (OSError, ValueError):  # a file that cannot be mapped: read it
                blob = f.read()
            got = _read_table(blob)
    except OSError:
        pass
    if got is None or _vectors:
        return 0, b"", b"", b""
    vectors, suits, honors, products = got
    for i, v in enumerate(vectors):
        if _intern(v) != i:  # a repeated vector: not a file build_table wrote
            _vectors.clear()
            _best.clear()
            _vector_ids.clear()
            return 0, b"", b"", b""
    return len(vectors), suits, honors, products


def _table_vid(table: _Cells, key: tuple[int, ...]) -> int:
    """A group's vector id from the shipped table, or -1 if the table has none."""
    if len(table) != 5 ** len(key):
        return -1
    i = 0
    for k in key:
        if not 0 <= k <= 4:
            return -1
        i = i * 5 + k
    v = table[i]
    return -1 if v == _NO_CELL else v


_TABLE_VECTORS, _SUIT_TABLE, _HONOR_TABLE, _PRODUCT_TABLE = _load_table()


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


_PLACE = tuple(5 ** (SUIT_SIZE - 1 - r) for r in range(SUIT_SIZE))  # base-5 digit values
_RANKS = tuple(
    zip(range(SUIT_SIZE), _PLACE, (0, 1, 2) * 3, strict=True)
)  # rank, digit, 147/258/369


def _new_suit_info(key: tuple[int, ...]) -> _SuitInfo:
    h0 = h1 = h2 = 0  # kinds held among ranks 147 / 258 / 369
    d0 = d1 = d2 = 0  # base-5 value of one tile of each of them
    index = pairs = 0
    most = max(key)
    for r, place, res in _RANKS:
        k = key[r]
        if k:
            index += k * place
            pairs += k >> 1
            if res == 0:
                h0 += 1
                d0 += place
            elif res == 1:
                h1 += 1
                d1 += place
            else:
                h2 += 1
                d2 += place
    table = _SUIT_TABLE
    vid = table[index] if table and most <= 4 and len(key) == SUIT_SIZE else _NO_CELL
    if vid != _NO_CELL:  # the table holds the group and the groups with fewer tiles
        rest = (table[index - d0], table[index - d1], table[index - d2])
    else:
        vid = _suit_vid(key)
        rest = (
            _suit_vid(tuple(k - 1 if k and r % 3 == 0 else k for r, k in enumerate(key))),
            _suit_vid(tuple(k - 1 if k and r % 3 == 1 else k for r, k in enumerate(key))),
            _suit_vid(tuple(k - 1 if k and r % 3 == 2 else k for r, k in enumerate(key))),
        )
    info: _SuitInfo = (
        vid,
        pairs,
        (key[0] > 0) + (key[8] > 0),
        key[0] >= 2 or key[8] >= 2,
        (h0, h1, h2),
        rest,
    )
    if len(_suit_infos) >= _MAX_INFOS:
        _suit_infos.clear()
    _suit_infos[key] = info
    return info


def _new_honor_info(key: tuple[int, ...]) -> _HonorInfo:
    info: _HonorInfo = (
        _honor_vid(key),
        sum(k >> 1 for k in key),
        sum(1 for k in key if k),
        any(k >= 2 for k in key),
    )
    if len(_honor_infos) >= _MAX_INFOS:
        _honor_infos.clear()
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
    return _overall(a, b, d, h, melds)


def _overall(a: _SuitInfo, b: _SuitInfo, d: _SuitInfo, h: _HonorInfo, melds: int) -> int:
    """:func:`shanten` from the summaries of the four groups (万 条 饼, honours)."""
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


# the concealed tiles alone in the fanshu notation: the tokens the fanshu reader takes
# without its character-by-character checks (``fanshu.notation.fanshu._PLAIN_RUN``)
_PLAIN_HAND = re.compile(r"(?:[1-9]+[mps]|[ESWNCFP])+")
# a character of such a string: a rank 0-8, 100 + the suit's first kind, 200 + a kind
_PLAIN_CODES: dict[str, int] = {
    **{str(r + 1): r for r in range(SUIT_SIZE)},
    **{ch: 100 + SUIT_SIZE * i for i, ch in enumerate(SUIT_LETTERS)},
    **{ch: 200 + FIRST_HONOR + i for i, ch in enumerate(HONOR_LETTERS)},
}


def plain_hand_counts(text: str) -> list[int] | None:
    """The 34 counts of a hand string that is concealed tiles alone in the fanshu
    notation (digits and a suit letter, honour letters: no melds, spaces or flowers),
    else None.  The counts are not checked (a fifth copy, 12 tiles): :func:`shanten`
    refuses those, and ``fanshu.shanten`` then reads the string with the full parser,
    which says what is wrong.  For any string it accepts, the fanshu reader gives the
    same tiles.

    >>> plain_hand_counts("1112345678999m")[:9], plain_hand_counts("[123m]456m") is None
    ([3, 1, 1, 1, 1, 1, 1, 1, 3], True)
    """
    if _PLAIN_HAND.fullmatch(text) is None:
        return None
    c = [0] * NUM_KINDS
    codes = _PLAIN_CODES
    base = 0
    for ch in reversed(text):  # a digit belongs to the suit letter after it
        x = codes[ch]
        if x < 100:
            c[base + x] += 1
        elif x < 200:
            base = x - 100
        else:
            c[x - 200] += 1
    return c


# the same string with each suit written once, in the order format_tiles writes them
# (万 饼 条, then the honours): ``"25789m77p58sSNCC"``; one regular-expression match
# then gives the four groups
_PLAIN_GROUPS = re.compile(r"(?:([1-9]+)m)?(?:([1-9]+)p)?(?:([1-9]+)s)?([ESWNCFP]*)")
_HONOR_RANK = {ch: i for i, ch in enumerate(HONOR_LETTERS)}
# a group's digits or honour letters as written -> (its summary, its tiles; 99 for a
# fifth copy of a kind); bound: _MAX_INFOS entries each (cleared when full)
_suit_runs: dict[str, tuple[_SuitInfo, int]] = {}
_honor_runs: dict[str, tuple[_HonorInfo, int]] = {}


_DIGIT_RANK = {str(r + 1): r for r in range(SUIT_SIZE)}
_Info = TypeVar("_Info", _SuitInfo, _HonorInfo)


def _run(
    run: str,
    rank: dict[str, int],
    infos: dict[tuple[int, ...], _Info],
    new_info: Callable[[tuple[int, ...]], _Info],
    runs: dict[str, tuple[_Info, int]],
) -> tuple[_Info, int]:
    """The entry of ``runs`` for a group written ``run`` (a suit's digits with
    ``_DIGIT_RANK`` and the suits' caches, or honour letters with ``_HONOR_RANK`` and the
    honours'): the summary of its counts, from ``infos`` or made by ``new_info``."""
    c = [0] * len(rank)
    for ch in run:
        c[rank[ch]] += 1
    k = tuple(c)
    got = (infos.get(k) or new_info(k), len(run) if max(c) <= 4 else 99)
    if len(runs) >= _MAX_INFOS:
        runs.clear()
    runs[run] = got
    return got


def plain_shanten(text: str) -> int | None:
    """:func:`shanten` of a hand string that is concealed tiles alone in the fanshu
    notation (:func:`plain_hand_counts`), or None when the string is anything else or
    its tiles are no hand (not 13 or 14 tiles, a fifth copy): ``fanshu.shanten`` then
    reads it with the full parser, which says what is wrong.

    >>> plain_shanten("1112345678999m"), plain_shanten("19m19p19sESWNCFP"), plain_shanten("1m")
    (0, 0, None)
    """
    m = _PLAIN_GROUPS.fullmatch(text)
    if m is None:  # suits written in another order or more than once
        counts = plain_hand_counts(text)
        if counts is None or max(counts) > 4 or sum(counts) not in (13, 14):
            return None
        return shanten(counts)
    man, pin, sou, hon = m.groups()
    if man is None:
        man = ""
    if pin is None:
        pin = ""
    if sou is None:
        sou = ""
    # a miss (a group not seen yet, or the cache just cleared) summarises the group
    a, na = _suit_runs.get(man) or _run(man, _DIGIT_RANK, _suit_infos, _new_suit_info, _suit_runs)
    d, nd = _suit_runs.get(pin) or _run(pin, _DIGIT_RANK, _suit_infos, _new_suit_info, _suit_runs)
    b, nb = _suit_runs.get(sou) or _run(sou, _DIGIT_RANK, _suit_infos, _new_suit_info, _suit_runs)
    h, nh = _honor_runs.get(hon) or _run(
        hon, _HONOR_RANK, _honor_infos, _new_honor_info, _honor_runs
    )
    n = na + nb + nd + nh
    if n != 13 and n != 14:
        return None
    return _overall(a, b, d, h, 0)


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
        if len(_plus_vids) >= _MAX_PLUS:
            _plus_vids.clear()
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
            if len(memo) >= _MAX_USEFUL:
                memo.clear()
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
