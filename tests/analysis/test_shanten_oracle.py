"""Differential tests of ``fanshu.analysis.shanten`` against PyMahjongGB's shanten calls.

Every size the oracle accepts is covered: ``RegularShanten`` on 1, 4, 7, 10 and 13
tiles; ``SevenPairsShanten``, ``ThirteenOrphansShanten`` and
``HonorsAndKnittedTilesShanten`` on 13; ``KnittedStraightShanten`` on 10 and 13;
``MahjongShanten`` on 13 tiles less 3 per pack, with 0-4 random packs.  Shanten values
and useful-tile sets must agree exactly.  100,000 seeded random hands by default (about
20 s on one core); ``-m slow`` runs a 500,000-hand soak.

Hands are drawn from mixed pools so that every shanten from 0 (or -1) to 6+ appears:
uniform, one suit heavy, honours heavy, terminals heavy, knitted ranks heavy, pairs,
and near-complete hands built from sets with a few tiles swapped.
"""

from __future__ import annotations

import importlib
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from MahjongGB import (
    HonorsAndKnittedTilesShanten,
    KnittedStraightShanten,
    MahjongShanten,
    RegularShanten,
    SevenPairsShanten,
    ThirteenOrphansShanten,
)

from support.oracle import tile_code

# ``fanshu.analysis.shanten`` the module (the package re-exports a function of that name)
S: Any = importlib.import_module("fanshu.analysis.shanten")

CODES = tuple(tile_code(t) for t in range(34))
KIND = {c: t for t, c in enumerate(CODES)}
ORACLE: dict[str, Callable[..., tuple[int, tuple[str, ...]]]] = {
    "regular": RegularShanten,
    "seven_pairs": SevenPairsShanten,
    "thirteen_orphans": ThirteenOrphansShanten,
    "honors_knitted": HonorsAndKnittedTilesShanten,
    "knitted_straight": KnittedStraightShanten,
}
MODES = (
    *("uniform", "suit", "honours", "terminals", "knitted", "pairs", "sets", "sets", "sets"),
    *("orphans_near", "hk_near", "ks_near", "pairs_near"),
)


def _pick(rng: random.Random, avail: list[int], weight: list[int]) -> int:
    w = [a * x for a, x in zip(avail, weight, strict=True)]
    t = rng.choices(range(34), weights=w)[0]
    avail[t] -= 1
    return t


def _near(rng: random.Random, n: int, target: list[int], avail: list[int]) -> list[int]:
    """``n`` tiles of ``target`` (a complete shape of ``n + 1`` or ``n`` tiles), then 0-3
    tiles swapped for random ones."""
    tiles = list(target)
    for t in tiles:
        avail[t] -= 1
    rng.shuffle(tiles)
    while len(tiles) > n:
        avail[tiles.pop()] += 1
    for _ in range(rng.choice((0, 0, 1, 1, 2, 3))):
        out = tiles.pop(rng.randrange(len(tiles)))
        tiles.append(_pick(rng, avail, [1] * 34))
        avail[out] += 1
    return tiles


def _special_target(rng: random.Random, n: int, mode: str) -> list[int] | None:
    """A complete 七对 / 十三幺 / 全不靠 / 组合龙 hand to build a near-complete one from."""
    perm = rng.choice(S._KNIT_PERMS)
    knit = [s * 9 + r for s in range(3) for r in range(perm[s], 9, 3)]
    if mode == "ks_near" and n in (10, 11, 13, 14):
        rest = []
        if n >= 13:
            s, r = rng.randrange(3), rng.randrange(7)
            rest = rng.choice(([s * 9 + r, s * 9 + r + 1, s * 9 + r + 2], [rng.randrange(34)] * 3))
        pair = rng.randrange(34)
        target = [*knit, *rest, pair, pair]
        return target if max(Counter(target).values()) <= 4 else None
    if n < 13:
        return None
    if mode == "orphans_near":
        return [*S._ORPHANS, rng.choice(S._ORPHANS)]
    if mode == "hk_near":
        return rng.sample([*knit, *range(27, 34)], 14)
    if mode == "pairs_near":
        kinds = rng.sample(range(34), 7)
        if rng.random() < 0.2:
            kinds[1] = kinds[0]
        return [t for t in kinds for _ in range(2)]
    return None


def _sets_hand(rng: random.Random, n: int, avail: list[int]) -> list[int]:
    """``n`` tiles: sets and a pair (one tile dropped for 3n+1), then 0-3 tiles swapped."""
    tiles: list[int] = []
    sets = (n - 2) // 3 if n % 3 == 2 else (n - 1) // 3
    for _ in range(50):
        if len(tiles) >= 3 * sets:
            break
        if rng.random() < 0.6:
            s, r = rng.randrange(3), rng.randrange(7)
            unit = [s * 9 + r, s * 9 + r + 1, s * 9 + r + 2]
        else:
            unit = [rng.randrange(34)] * 3
        need = Counter(unit)
        if all(avail[t] >= k for t, k in need.items()):
            for t in unit:
                avail[t] -= 1
            tiles += unit
    while len(tiles) < 3 * sets:  # give up on sets, fill at random
        tiles.append(_pick(rng, avail, [1] * 34))
    pair = rng.choice([t for t in range(34) if avail[t] >= 2])
    avail[pair] -= 2
    tiles += [pair, pair]
    rng.shuffle(tiles)
    if n % 3 == 1:
        avail[tiles.pop()] += 1
    for _ in range(rng.choice((0, 0, 1, 1, 2, 3))):
        out = tiles.pop(rng.randrange(len(tiles)))
        tiles.append(_pick(rng, avail, [1] * 34))
        avail[out] += 1
    return tiles


def random_hand(rng: random.Random, n: int, mode: str | None = None) -> list[int]:
    """Counts (34) of a random hand of ``n`` tiles, at most 4 of a kind."""
    mode = mode or rng.choice(MODES)
    avail = [4] * 34
    target = _special_target(rng, n, mode) if mode.endswith("_near") else None
    if target is not None:
        tiles = _near(rng, n, target, avail)
    elif mode.endswith("_near") or mode == "sets":
        tiles = _sets_hand(rng, n, avail)
    else:
        weight = [1] * 34
        if mode == "suit":
            s = rng.randrange(3)
            weight = [12 if t // 9 == s else 1 for t in range(34)]
        elif mode == "honours":
            weight = [10 if t >= 27 else 1 for t in range(34)]
        elif mode == "terminals":
            weight = [10 if t >= 27 or t % 9 in (0, 8) else 1 for t in range(34)]
        elif mode == "knitted":
            perm = rng.choice(S._KNIT_PERMS)
            weight = [
                12 if t >= 27 or (t < 27 and t % 9 % 3 == perm[t // 9]) else 1 for t in range(34)
            ]
        tiles = []
        while len(tiles) < n:
            t = _pick(rng, avail, weight)
            tiles.append(t)
            if mode == "pairs" and len(tiles) < n and avail[t] and rng.random() < 0.7:
                avail[t] -= 1
                tiles.append(t)
    c = [0] * 34
    for t in tiles:
        c[t] += 1
    return c


def _codes(c: list[int]) -> tuple[str, ...]:
    return tuple(CODES[t] for t in range(34) for _ in range(c[t]))


def _random_packs(rng: random.Random, k: int) -> tuple[tuple[str, str, int], ...]:
    packs = []
    for _ in range(k):
        kind = rng.choice(("CHI", "PENG", "GANG"))
        if kind == "CHI":
            t = rng.randrange(3) * 9 + rng.randrange(1, 8)  # the middle tile
            packs.append((kind, CODES[t], rng.randint(1, 3)))
        else:
            packs.append((kind, CODES[rng.randrange(34)], rng.randint(1, 3)))
    return tuple(packs)


def check_hands(seed: int, n: int, count: int) -> Counter[tuple[str, int]]:
    """Compare ``count`` random hands of ``n`` tiles; return how often each
    (shape, shanten) was seen; fail on the first few disagreements."""
    rng = random.Random(seed)
    melds = (13 - n) // 3
    shapes = [s for s in S.SHAPES if _accepts(s, n)]
    seen: Counter[tuple[str, int]] = Counter()
    bad: list[str] = []
    for _ in range(count):
        c = random_hand(rng, n)
        hand = _codes(c)
        by = S.shanten_by_shape(c, melds).to_dict()
        for shape in shapes:
            st, useful = ORACLE[shape](hand=hand)
            ours = by[shape]
            ours_useful = S.useful_tiles(c, melds, shape)
            if ours != st or ours_useful != frozenset(KIND[u] for u in useful):
                bad.append(f"{shape} {hand}: oracle {st} {useful}, ours {ours} {ours_useful}")
            seen[(shape, st)] += 1
        overall = MahjongShanten(pack=_random_packs(rng, melds), hand=hand)
        if S.shanten(c, melds) != overall:
            bad.append(f"overall {hand}: oracle {overall}, ours {S.shanten(c, melds)}")
        seen[("overall", overall)] += 1
        if len(bad) >= 5:
            break
    assert not bad, "\n".join(bad)
    return seen


def _accepts(shape: str, n: int) -> bool:
    if shape == "regular":
        return True
    if shape == "knitted_straight":
        return n in (10, 13)
    return n == 13


# 100,000 hands: 40,000 of 13 tiles (five shapes + overall each), 60,000 of 10/7/4/1.
PLAN = [(13, 10_000, seed) for seed in range(4)] + [
    (10, 20_000, 10),
    (7, 20_000, 11),
    (4, 12_000, 12),
    (1, 8_000, 13),
]
assert sum(count for _, count, _ in PLAN) == 100_000


@pytest.mark.parametrize(("n", "count", "seed"), PLAN)
def test_agrees_with_oracle(n: int, count: int, seed: int) -> None:
    seen = check_hands(seed, n, count)
    assert sum(v for (s, _), v in seen.items() if s == "overall") == count
    if n == 13:
        regular = {st for (s, st) in seen if s == "regular"}
        assert set(range(7)) <= regular, regular  # ready to 6-shanten all occur
        for shape in ("seven_pairs", "thirteen_orphans", "honors_knitted", "knitted_straight"):
            assert 0 in {st for (s, st) in seen if s == shape}, shape


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(100, 105))
def test_agrees_with_oracle_soak(seed: int, request: pytest.FixtureRequest) -> None:
    if "slow" not in (request.config.getoption("markexpr") or ""):
        pytest.skip("a 500,000-hand soak: run with -m slow")
    for n, count in ((13, 60_000), (10, 20_000), (7, 10_000), (4, 5_000), (1, 5_000)):
        check_hands(seed * 10 + n, n, count)


def _oracle_14(fn: Callable[..., tuple[int, tuple[str, ...]]], c: list[int]) -> int:
    """The 14-tile shanten from the oracle's 13-tile answers: -1 when some discard leaves
    a ready hand that waits on the discarded tile, else the best discard's shanten."""
    best = 99
    for t in range(34):
        if not c[t]:
            continue
        c[t] -= 1
        st, useful = fn(hand=_codes(c))
        c[t] += 1
        if st == 0 and CODES[t] in useful:
            return -1
        best = min(best, st)
    return best


def test_fourteen_tiles_against_oracle_discards() -> None:
    """A 14-tile hand: -1 if complete, else the best 13-tile hand after one discard."""
    rng = random.Random(14)
    seen = Counter()
    for _ in range(600):
        c = random_hand(rng, 14)
        by = S.shanten_by_shape(c).to_dict()
        for shape, fn in ORACLE.items():
            want = _oracle_14(fn, c)
            assert by[shape] == want, (shape, _codes(c), by[shape], want)
            seen[want] += 1
        overall = S.shanten(c)
        assert overall == min(v for v in by.values() if v is not None)
    assert seen[-1] and seen[0] and seen[3]


def test_knitted_straight_fourteen_with_a_meld() -> None:
    """11 concealed tiles and a meld, 组合龙 against the oracle's 10-tile answers."""
    rng = random.Random(11)
    for _ in range(1500):
        c = random_hand(rng, 11, rng.choice(("knitted", "knitted", "sets", "uniform")))
        want = _oracle_14(KnittedStraightShanten, c)
        assert S.knitted_straight_shanten(c, 1) == want, (_codes(c), want)
        want = _oracle_14(RegularShanten, c)
        assert S.regular_shanten(c, 1) == want, (_codes(c), want)


@pytest.mark.parametrize(("n", "count", "seed"), [(13, 6_000, 20), (10, 3_000, 21), (7, 2_000, 22)])
def test_efficiency_primitives_against_oracle(n: int, count: int, seed: int) -> None:
    """``efficiency.shanten_fast`` / ``useful_kinds`` (every MCR shape, and the regular
    shape with 七对 only) against the oracle's per-shape answers: the least shanten, and
    the union of the useful tiles of the shapes at the least."""
    e: Any = importlib.import_module("fanshu.analysis.efficiency")
    rng = random.Random(seed)
    melds = (13 - n) // 3
    for _ in range(count):
        c = random_hand(rng, n)
        hand = _codes(c)
        answers = {s: ORACLE[s](hand=hand) for s in S.SHAPES if _accepts(s, n)}
        for shapes in (e.ALL_SHAPES, e.REGULAR_AND_PAIRS):
            got = {s: a for s, a in answers.items() if s in shapes}
            least = min(st for st, _ in got.values())
            useful = {KIND[u] for st, us in got.values() if st == least for u in us}
            assert e.shanten_fast(c, melds, shapes) == least, (hand, shapes)
            assert e.useful_kinds(c, melds, shapes) == useful, (hand, shapes)
