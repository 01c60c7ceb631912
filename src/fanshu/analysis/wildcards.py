"""Shanten and useful tiles of a hand whose wild tiles (百搭 / 赖子) may stand for others.

The copies of the wild kind among the concealed tiles are *wild*: each may stand for
any kind in ``stands_for`` (``fanshu.wild``'s reading), no kind reaching more than four
copies.  The shanten of such a hand is the least shanten over every way to read its
wild tiles, each reading scored as a natural hand by ``fanshu.analysis.shanten``'s
formula for the shapes allowed (``regular``, ``seven_pairs``, ``thirteen_orphans``).

>>> from fanshu.notation import parse_tiles
>>> from fanshu.shapes import counts_of
>>> c = counts_of(parse_tiles("123m456p789s1s5mCCC"))  # 中 wild: 1s+中 and 5m+中中
>>> shanten(c, 0, 31)  # 14 tiles, complete
-1
>>> c = counts_of(parse_tiles("123m456p789s1s5mCC"))
>>> shanten(c, 0, 31), sorted(useful_tiles(c, 0, 31))  # ready: 3-7m, 1-3s or a 中
(0, [2, 3, 4, 5, 6, 9, 10, 11, 31])

How it works, exactly: when a wild tile may be any kind and no kind is held four
times, each wild tile is one missing tile found, so the shanten is the natural tiles'
partial shanten (never less than the tiles they lack) minus the wild tiles.  Otherwise
(a narrowed ``stands_for``, or a fifth copy in the way) from tables: the wild copies
are taken out, and each group
(one suit or the honours) gets a table, for each number ``j`` of wild tiles given to
it, of the best values (``shanten``'s group vector, sets and partial sets by units and
pair) over the ``j`` tiles it could be filled with; the four groups are combined by
the same (max, +) product with the wild tiles shared out (a small knapsack).  七对 and
十三幺 are counted per kind the same way.  The tables are cached by the group's counts,
the kinds a wild tile may stand for in it, and ``j``.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations_with_replacement

from fanshu.analysis import shanten as _sh
from fanshu.tiles import NUM_KINDS, SUIT_SIZE, TERMINAL_OR_HONOR
from fanshu.wild import ANY_KIND, REGULAR_AND_PAIRS, SHAPES

__all__ = ["shanten", "shanten_by_shape", "useful_tiles"]

_NEG = _sh._NEG
_ORPHAN = tuple(bool(TERMINAL_OR_HONOR[t]) for t in range(NUM_KINDS))
_ORPHAN_KINDS = tuple(t for t in range(NUM_KINDS) if _ORPHAN[t])
# (first kind, size, chows allowed) of 万 条 饼 and the honours
_GROUPS = ((0, SUIT_SIZE, True), (9, SUIT_SIZE, True), (18, SUIT_SIZE, True), (27, 7, False))


def _additions(free: tuple[int, ...], j: int) -> Iterator[tuple[int, ...]]:
    """Every way to add ``j`` tiles to a group, ``free[i]`` at most on its kind ``i``."""
    kinds = [i for i, f in enumerate(free) if f]
    for combo in combinations_with_replacement(kinds, j):
        add = [0] * len(free)
        for i in combo:
            add[i] += 1
        if all(a <= f for a, f in zip(add, free, strict=True)):
            yield tuple(add)


# (group counts, free room per kind, chows, wild tiles) -> vector id of the best the
# group reaches with that many wild tiles added (-1: it cannot take that many)
_group_tables: dict[tuple[tuple[int, ...], tuple[int, ...], bool, int], int] = {}


def _group_vid(key: tuple[int, ...], free: tuple[int, ...], chows: bool, j: int) -> int:
    got = _group_tables.get((key, free, chows, j))
    if got is not None:
        return got
    best: list[int] | None = None
    for add in _additions(free, j):
        v = _sh._vector(tuple(k + a for k, a in zip(key, add, strict=True)), chows)
        best = (
            list(v) if best is None else [x if x >= y else y for x, y in zip(best, v, strict=True)]
        )
    vid = -1 if best is None else _sh._intern(tuple(best))
    _group_tables[(key, free, chows, j)] = vid
    return vid


def _group_table(key: tuple[int, ...], free: tuple[int, ...], chows: bool, w: int) -> list[int]:
    """The group's vector ids for 0..w wild tiles."""
    return [_group_vid(key, free, chows, j) for j in range(w + 1)]


def _combine(a: Sequence[int], b: Sequence[int]) -> list[int]:
    """Two groups' tables taken together: the wild tiles shared out in every way."""
    out = []
    for j in range(len(a)):
        best: list[int] | None = None
        for ja in range(j + 1):
            x, y = a[ja], b[j - ja]
            if x < 0 or y < 0:
                continue
            v = _sh._vectors[_sh._product(x, y)]
            best = (
                list(v)
                if best is None
                else [p if p >= q else q for p, q in zip(best, v, strict=True)]
            )
        out.append(-1 if best is None else _sh._intern(tuple(best)))
    return out


def _validate(counts: Sequence[int], melds: int, wildcard: int | None) -> int:
    n = _sh._check(counts, melds)
    if wildcard is not None and not 0 <= wildcard < NUM_KINDS:
        raise ValueError(f"a wildcard is a tile kind 0-33, not {wildcard}")
    return n


def _split(
    counts: Sequence[int], wildcard: int | None, stands_for: frozenset[int]
) -> tuple[list[int], int, list[int]]:
    """(natural counts, wild tiles, free room of each kind for a wild tile)."""
    c = list(counts)
    w = 0
    if wildcard is not None and stands_for:
        w = c[wildcard]
        c[wildcard] = 0
    free = [4 - c[t] if t in stands_for else 0 for t in range(NUM_KINDS)]
    return c, w, free


def _regular(c: list[int], w: int, free: list[int], melds: int) -> int | None:
    table: list[int] | None = None
    for start, size, chows in _GROUPS:
        key, room = tuple(c[start : start + size]), tuple(free[start : start + size])
        g = _group_table(key, room, chows, w)
        table = g if table is None else _combine(table, g)
    assert table is not None
    vid = table[w]
    if vid < 0:
        return None
    return 8 - 2 * melds - _sh._best[vid][4 - melds]


def _per_kind(c: list[int], w: int, free: list[int], orphans: bool) -> int | None:
    """The best 七对 pairs (``orphans`` False) or 十三幺 kinds plus pair with exactly
    ``w`` wild tiles placed, by a knapsack over the kinds (state: tiles placed, pair)."""
    states: dict[tuple[int, bool], int] = {(0, False): 0}
    for t in range(NUM_KINDS):
        nxt: dict[tuple[int, bool], int] = {}
        for (j, pair), val in states.items():
            for a in range(min(free[t], w - j) + 1):
                n = c[t] + a
                if orphans:
                    gain = 1 if _ORPHAN[t] and n else 0
                    p = pair or (_ORPHAN[t] and n >= 2)
                else:
                    gain, p = n >> 1, False
                s = (j + a, p)
                if nxt.get(s, -1) < val + gain:
                    nxt[s] = val + gain
        states = nxt
    best = [v + (1 if orphans and p else 0) for (j, p), v in states.items() if j == w]
    if not best:
        return None
    return (13 if orphans else 6) - max(best)


def shanten_by_shape(
    counts: Sequence[int],
    melds: int,
    wildcard: int | None,
    *,
    shapes: Sequence[str] = REGULAR_AND_PAIRS,
    stands_for: frozenset[int] = ANY_KIND,
) -> dict[str, int | None]:
    """The shanten of each shape in ``shapes`` (None where the melds rule it out or the
    wild tiles cannot all be placed).

    >>> from fanshu.notation import parse_tiles
    >>> from fanshu.shapes import counts_of
    >>> shanten_by_shape(counts_of(parse_tiles("1122m3344s556pCC")), 0, 31)
    {'regular': 1, 'seven_pairs': 0}
    """
    n = _validate(counts, melds, wildcard)
    c, w, free = _split(counts, wildcard, stands_for)
    # When a wild tile may be any kind, each one is a missing tile found: the shanten
    # of the natural tiles counted as a partial hand (never less than the tiles
    # missing), minus the wild tiles.  That fails only when the best reading would need
    # a fifth copy of a kind, which needs a kind held four times: then the tables.
    quick = len(stands_for) == NUM_KINDS and max(c) < 4
    floor = 13 - 3 * melds - (n - w)
    out: dict[str, int | None] = {}
    for shape in shapes:
        if shape == "regular":
            if quick:
                r = _sh._regular(c, melds)
                out[shape] = (floor if floor > r else r) - w
            else:
                out[shape] = _regular(c, w, free, melds)
        elif shape == "seven_pairs":
            if melds:
                out[shape] = None
            elif len(stands_for) == NUM_KINDS:
                out[shape] = max(6 - min(sum(k >> 1 for k in c), 7), floor) - w
            else:
                out[shape] = _per_kind(c, w, free, False)
        elif shape == "thirteen_orphans":
            if melds:
                out[shape] = None
            elif len(stands_for) == NUM_KINDS:
                held = sum(1 for t in _ORPHAN_KINDS if c[t])
                pair = any(c[t] >= 2 for t in _ORPHAN_KINDS)
                out[shape] = max(13 - held - pair, floor) - w
            else:
                out[shape] = _per_kind(c, w, free, True)
        else:
            raise ValueError(f"unknown shape {shape!r}; known: {', '.join(SHAPES)}")
    return out


def shanten(
    counts: Sequence[int],
    melds: int,
    wildcard: int | None,
    *,
    shapes: Sequence[str] = REGULAR_AND_PAIRS,
    stands_for: frozenset[int] = ANY_KIND,
) -> int:
    """The least shanten over ``shapes`` of the concealed ``counts`` (13 or 14 minus 3
    per meld) when the copies of ``wildcard`` may stand for any kind in ``stands_for``:
    -1 complete, 0 ready.  Without a wildcard (None), without wild copies, or with
    ``stands_for`` empty, the tiles are all natural.

    Raises ValueError for counts that are no hand, a shape it does not know, and when no
    shape is possible (the melds rule out every one, or the wild tiles cannot all be
    placed within four copies of the kinds they may stand for).

    >>> from fanshu.notation import parse_tiles
    >>> from fanshu.shapes import counts_of
    >>> shanten(counts_of(parse_tiles("19m19s19pESWNC55m")), 0, 4, shapes=("thirteen_orphans",))
    0
    """
    by = shanten_by_shape(counts, melds, wildcard, shapes=shapes, stands_for=stands_for)
    values = [v for v in by.values() if v is not None]
    if not values:
        raise ValueError(
            f"no shape of {', '.join(shapes) or '(none)'} is possible for this hand "
            f"with {melds} melds and wildcard {wildcard}"
        )
    return min(values)


def useful_tiles(
    counts: Sequence[int],
    melds: int,
    wildcard: int | None,
    *,
    shapes: Sequence[str] = REGULAR_AND_PAIRS,
    stands_for: frozenset[int] = ANY_KIND,
) -> frozenset[int]:
    """Kinds whose draw lowers the shanten of a 13-tile hand (``13 - 3*melds``
    concealed), a kind the hand already holds four of excepted (there is no fifth to
    draw).  For a ready hand these are its waits; drawing the wild kind is one more wild
    tile, so it is among them whenever any kind is and the hand holds fewer than four.

    >>> from fanshu.notation import parse_tiles
    >>> from fanshu.shapes import counts_of
    >>> sorted(useful_tiles(counts_of(parse_tiles("123m456p789sEEE5m")), 0, 31))
    [4, 31]
    """
    n = _validate(counts, melds, wildcard)
    if n + 3 * melds != 13:
        raise ValueError(
            f"useful tiles are defined for 13-tile hands (13 - 3 per meld), not {n} "
            f"concealed tiles with {melds} melds"
        )
    now = shanten(counts, melds, wildcard, shapes=shapes, stands_for=stands_for)
    c = list(counts)
    out = set()
    for t in range(NUM_KINDS):
        if c[t] >= 4:
            continue
        c[t] += 1
        by = shanten_by_shape(c, melds, wildcard, shapes=shapes, stands_for=stands_for)
        c[t] -= 1
        if any(v is not None and v < now for v in by.values()):
            out.add(t)
    return frozenset(out)
