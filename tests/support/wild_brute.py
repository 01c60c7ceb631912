"""Brute force for wild tiles: each wild tile replaced by every kind it may stand for.

The reference the table-driven code in ``fanshu.wild`` and
``fanshu.analysis.wildcards`` is checked against: every multiset of kinds for the wild
copies is tried, and each substituted hand is judged as a natural hand with
``fanshu.analysis.shanten``'s per-shape functions and ``fanshu.shapes``' win check.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from functools import lru_cache
from itertools import combinations_with_replacement, product

from fanshu.analysis import shanten as natural
from fanshu.shapes import THIRTEEN_ORPHANS_KINDS, is_regular_complete
from fanshu.tiles import NUM_KINDS

ANY = frozenset(range(NUM_KINDS))


def substitutions(
    counts: Sequence[int], wildcard: int, stands_for: frozenset[int] = ANY
) -> Iterator[tuple[tuple[int, ...], list[int]]]:
    """(kinds stood for, substituted counts) for every reading within four copies."""
    base = list(counts)
    w = base[wildcard]
    base[wildcard] = 0
    for kinds in combinations_with_replacement(sorted(stands_for), w):
        c = list(base)
        for k in kinds:
            c[k] += 1
        if max(c) <= 4:
            yield kinds, c


def natural_complete(c: Sequence[int], melds: int, shapes: Sequence[str]) -> bool:
    """Win check of natural counts, written independently of fanshu.wild."""
    n = sum(c)
    if n != 14 - 3 * melds:
        return False
    if "regular" in shapes and is_regular_complete(list(c)):
        return True
    if melds == 0 and "seven_pairs" in shapes and all(x % 2 == 0 for x in c):
        return True
    if melds == 0 and "thirteen_orphans" in shapes:
        held = {t for t in range(NUM_KINDS) if c[t]}
        if held == set(THIRTEEN_ORPHANS_KINDS):
            return True
    return False


def natural_shanten(c: Sequence[int], melds: int, shapes: Sequence[str]) -> int:
    values = []
    if "regular" in shapes:
        values.append(natural.regular_shanten(c, melds))
    if melds == 0:
        if "seven_pairs" in shapes:
            v = natural.seven_pairs_shanten(c)
            assert v is not None
            values.append(v)
        if "thirteen_orphans" in shapes:
            v = natural.thirteen_orphans_shanten(c)
            assert v is not None
            values.append(v)
    return min(values)


def fill_counts(
    counts: Sequence[int],
    wildcard: int,
    melds: int,
    shapes: Sequence[str],
    stands_for: frozenset[int] = ANY,
) -> list[tuple[int, ...]]:
    return [
        k
        for k, c in substitutions(counts, wildcard, stands_for)
        if natural_complete(c, melds, shapes)
    ]


def shanten(
    counts: Sequence[int],
    melds: int,
    wildcard: int,
    shapes: Sequence[str],
    stands_for: frozenset[int] = ANY,
) -> int:
    return min(
        natural_shanten(c, melds, shapes) for _, c in substitutions(counts, wildcard, stands_for)
    )


def useful_tiles(
    counts: Sequence[int],
    melds: int,
    wildcard: int,
    shapes: Sequence[str],
    stands_for: frozenset[int] = ANY,
) -> frozenset[int]:
    now = shanten(counts, melds, wildcard, shapes, stands_for)
    out = set()
    for t in range(NUM_KINDS):
        if counts[t] >= 4:
            continue
        c = list(counts)
        c[t] += 1
        if shanten(c, melds, wildcard, shapes, stands_for) < now:
            out.add(t)
    return frozenset(out)


def random_hand(rng: random.Random, size: int, wildcard: int, wilds: int) -> list[int]:
    """Counts of ``size`` concealed tiles of which exactly ``wilds`` are the wild kind,
    drawn from a wall (the other kinds at most four copies)."""
    wall = [t for t in range(NUM_KINDS) if t != wildcard for _ in range(4)]
    c = [0] * NUM_KINDS
    c[wildcard] = wilds
    for t in rng.sample(wall, size - wilds):
        c[t] += 1
    return c


def near_complete_hand(rng: random.Random, size: int, wildcard: int, wilds: int) -> list[int]:
    """Counts built from sets and a pair then some tiles swapped, so that complete and
    ready hands are common; ``wilds`` copies of the wild kind replace random tiles."""
    while True:
        c = [0] * NUM_KINDS
        tiles: list[int] = []
        while len(tiles) < size - 2:
            if rng.random() < 0.6:
                s = rng.randrange(3)
                r = rng.randrange(7)
                tiles += [s * 9 + r, s * 9 + r + 1, s * 9 + r + 2]
            else:
                tiles += [rng.randrange(NUM_KINDS)] * 3
        tiles = tiles[: size - 2] + [rng.randrange(NUM_KINDS)] * 2
        for _ in range(rng.randrange(3)):
            tiles[rng.randrange(size)] = rng.randrange(NUM_KINDS)
        tiles = [t for t in tiles if t != wildcard]
        rng.shuffle(tiles)
        tiles = tiles[: size - wilds]
        if len(tiles) < size - wilds:
            continue
        for t in tiles:
            c[t] += 1
        c[wildcard] += wilds
        if max(c) <= 4:
            return c


# -- the same, group by group ----------------------------------------------------------
#
# Trying every multiset of four wild tiles is 66,045 hands; the soak needs something
# quicker that is still an enumeration.  A natural hand's regular shanten depends on
# each group (suit or honours) only through that group's vector
# (``fanshu.analysis.shanten._vector``), and its win check only through whether each
# group is sets (with or without the pair).  So every multiset of wild tiles for one
# group is tried and judged on its own, the distinct judgements kept, and the groups'
# judgements combined in every way (no maximum taken before the end).

GROUPS = ((0, 9, True), (9, 9, True), (18, 9, True), (27, 7, False))
ORPHANS = frozenset(THIRTEEN_ORPHANS_KINDS)


def _group_additions(
    base: Sequence[int], start: int, size: int, j: int, stands_for: frozenset[int]
) -> Iterator[tuple[tuple[int, ...], tuple[int, ...]]]:
    """(kinds added, the group's counts after) for every multiset of ``j`` kinds."""
    kinds = [k for k in range(start, start + size) if k in stands_for]
    for combo in combinations_with_replacement(kinds, j):
        c = list(base[start : start + size])
        for k in combo:
            c[k - start] += 1
        if max(c, default=0) <= 4:
            yield combo, tuple(c)


def _shares(w: int, n: int) -> list[tuple[int, ...]]:
    if n == 1:
        return [(w,)]
    return [(j, *r) for j in range(w + 1) for r in _shares(w - j, n - 1)]


@lru_cache(maxsize=1 << 16)
def _group_vectors(
    key: tuple[int, ...], start: int, j: int, chows: bool, stands_for: frozenset[int]
) -> frozenset[int]:
    """The distinct vector ids of a group over every multiset of ``j`` wild tiles."""
    base = [0] * start + list(key)
    return frozenset(
        natural._intern(natural._vector(c, chows))
        for _, c in _group_additions(base, start, len(key), j, stands_for)
    )


def grouped_shanten(
    counts: Sequence[int],
    melds: int,
    wildcard: int,
    shapes: Sequence[str],
    stands_for: frozenset[int] = ANY,
) -> int:
    base = list(counts)
    w = base[wildcard]
    base[wildcard] = 0
    values: list[int] = []
    if "regular" in shapes:
        # per group and number of wild tiles: the distinct vectors
        per = [
            [_group_vectors(tuple(base[s : s + n]), s, j, chows, stands_for) for j in range(w + 1)]
            for s, n, chows in GROUPS
        ]
        for share in _shares(w, 4):
            acc = per[0][share[0]]
            for g in range(1, 4):
                acc = frozenset(natural._product(a, v) for a in acc for v in per[g][share[g]])
            for vid in acc:
                values.append(8 - 2 * melds - natural._best[vid][4 - melds])
    if melds == 0 and ("seven_pairs" in shapes or "thirteen_orphans" in shapes):
        # per group: distinct (pairs, orphan kinds held, an orphan pair held)
        per2 = [
            [
                {
                    (
                        sum(x >> 1 for x in c),
                        sum(1 for i, x in enumerate(c) if x and s + i in ORPHANS),
                        any(x >= 2 and s + i in ORPHANS for i, x in enumerate(c)),
                    )
                    for _, c in _group_additions(base, s, n, j, stands_for)
                }
                for j in range(w + 1)
            ]
            for s, n, _ in GROUPS
        ]
        for share in _shares(w, 4):
            acc2 = {(0, 0, False)}
            for g in range(4):
                acc2 = {
                    (a[0] + b[0], a[1] + b[1], a[2] or b[2])
                    for a in acc2
                    for b in per2[g][share[g]]
                }
            for pairs, held, pair in acc2:
                if "seven_pairs" in shapes:
                    values.append(6 - pairs)
                if "thirteen_orphans" in shapes:
                    values.append(13 - held - pair)
    return min(values)


def grouped_fill_counts(
    counts: Sequence[int],
    wildcard: int,
    melds: int,
    shapes: Sequence[str],
    stands_for: frozenset[int] = ANY,
) -> list[tuple[int, ...]]:
    base = list(counts)
    w = base[wildcard]
    base[wildcard] = 0
    if sum(counts) != 14 - 3 * melds:
        return []
    out: set[tuple[int, ...]] = set()
    for shape in shapes:
        if shape != "regular" and melds:
            continue
        # per group and number of wild tiles: (kinds added, pairs made) of each filling
        # that leaves the group right for the shape
        per: list[list[list[tuple[tuple[int, ...], int]]]] = []
        for s, n, chows in GROUPS:
            rows_by_j = []
            for j in range(w + 1):
                rows = []
                for added, c in _group_additions(base, s, n, j, stands_for):
                    if shape == "regular":
                        state = _group_sets(c, chows)
                        if state is not None:
                            rows.append((added, state // 2))
                    elif shape == "seven_pairs":
                        if all(x % 2 == 0 for x in c):
                            rows.append((added, 0))
                    elif all((x >= 1) == (s + i in ORPHANS) and x <= 2 for i, x in enumerate(c)):
                        rows.append((added, sum(1 for x in c if x == 2)))
                rows_by_j.append(rows)
            per.append(rows_by_j)
        need_pairs = 0 if shape == "seven_pairs" else 1
        for share in _shares(w, 4):
            for combo in product(*(per[g][share[g]] for g in range(4))):
                if shape == "seven_pairs" or sum(p for _, p in combo) == need_pairs:
                    out.add(tuple(sorted(k for a, _ in combo for k in a)))
    return sorted(out)


def _group_sets(c: tuple[int, ...], chows: bool) -> int | None:
    """0 when the group is sets only, 2 when sets and one pair, None otherwise (judged by
    ``fanshu.shapes.is_regular_complete`` on the group alone, a pair added elsewhere
    when the group has none)."""
    n = sum(c)
    if n % 3 == 1:
        return None
    full = [0] * NUM_KINDS
    if chows:
        full[0 : len(c)] = c
    else:
        full[27 : 27 + len(c)] = c
    if n % 3 == 0:
        far = 33 if chows else 0  # a kind outside the group
        full[far] += 2
        return 0 if is_regular_complete(full) else None
    return 2 if is_regular_complete(full) else None
