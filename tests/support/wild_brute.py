"""Brute force for wild tiles: each wild tile replaced by every kind it may stand for.

The reference the table-driven code in ``fanshu.wild`` and
``fanshu.analysis.wildcards`` is checked against: every multiset of kinds for the wild
copies is tried, and each substituted hand is judged as a natural hand with
``fanshu.analysis.shanten``'s per-shape functions and ``fanshu.shapes``' win check.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from itertools import combinations_with_replacement

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
