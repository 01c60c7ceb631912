"""Seeded random legal winning hands, for differential tests, soaks and benchmarks.

Every hand is complete and legal (it passes ``Hand.validate``): no tile has more than
four copies and the win flags only appear where a table allows them.  The generator
covers every winning shape -- four sets and a pair with 0-4 melds of every kind
(chow, pung, melded kong, concealed kong, added kong), seven pairs (连七对 included),
thirteen orphans, 全不靠 (七星不靠 included), 组合龙 with a set and a pair, 九莲宝灯 --
and is biased toward the tile patterns of the rare fans (themed tile pools and
structured sets), so that a few thousand hands show every fan.

>>> hands = list(winning_hands(seed=7, n=200))
>>> all(h.validate() is h and h.tile_count == 14 for h in hands)
True
>>> [str(h) for h in winning_hands(seed=7, n=5)] == [str(h) for h in hands[:5]]
True
>>> len({str(h) for h in hands}) > 190
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import TypeVar

from fanshu.hand import Hand, Meld, MeldKind, WinContext
from fanshu.tiles import DRAGONS, FIRST_HONOR, NUM_KINDS, SUIT_SIZE, WINDS, Tile

__all__ = ["random_winning_hand", "winning_hands"]

_T = TypeVar("_T")

# A set is (is_chow, tile): ``tile`` is the lowest tile of a chow, else the repeated tile.
_Set = tuple[bool, int]
# A regular-hand plan: fixed sets, candidate sets for the rest, candidate pairs, and the
# probability of drawing a chow (rather than a pung) for each remaining set.
_Plan = tuple[list[_Set], list[_Set], list[int], float]

_ALL = tuple(range(NUM_KINDS))
_HONOURS = tuple(range(FIRST_HONOR, NUM_KINDS))
_WINDS = tuple(int(t) for t in WINDS)
_DRAGONS = tuple(int(t) for t in DRAGONS)
_TERMINALS = tuple(s * SUIT_SIZE + r for s in range(3) for r in (0, SUIT_SIZE - 1))
_GREENS = tuple(int(t) for t in (Tile.S2, Tile.S3, Tile.S4, Tile.S6, Tile.S8, Tile.GREEN))
_REVERSIBLE = tuple(int(t) for t in Tile if t < NUM_KINDS and t.is_reversible)
_KNITTED = ((0, 3, 6), (1, 4, 7), (2, 5, 8))  # ranks-1 of 147, 258, 369


def _tile(suit: int, rank: int) -> int:
    return suit * SUIT_SIZE + rank - 1


def _suit(suit: int) -> tuple[int, ...]:
    return tuple(suit * SUIT_SIZE + r for r in range(SUIT_SIZE))


def _ranks(lo: int, hi: int, suits: Sequence[int] = (0, 1, 2)) -> tuple[int, ...]:
    return tuple(_tile(s, r) for s in suits for r in range(lo, hi + 1))


def _chows(pool: Sequence[int]) -> list[_Set]:
    p = set(pool)
    return [
        (True, t)
        for t in sorted(p)
        if t < FIRST_HONOR and t % SUIT_SIZE <= 6 and t + 1 in p and t + 2 in p
    ]


def _pungs(pool: Sequence[int]) -> list[_Set]:
    return [(False, t) for t in sorted(set(pool))]


def _pool_plan(pool: Sequence[int], chow_weight: float) -> _Plan:
    return [], _chows(pool) + _pungs(pool), list(pool), chow_weight


def _three_suits(rng: random.Random) -> list[int]:
    suits = [0, 1, 2]
    rng.shuffle(suits)
    return suits


def _filler(rng: random.Random, suits: Sequence[int]) -> tuple[list[_Set], list[int], float]:
    """Candidates for the sets a structured theme leaves open."""
    r = rng.random()
    if r < 0.45:
        pool: Sequence[int] = _ALL
    elif r < 0.75:
        pool = [t for s in set(suits) for t in _suit(s)]
    else:
        pool = [t for s in set(suits) for t in _suit(s)] + list(_HONOURS)
    return _chows(pool) + _pungs(pool), list(pool), rng.choice((0.2, 0.5, 0.8))


# -- themes --------------------------------------------------------------------------


def _t_random(rng: random.Random) -> _Plan:
    return _pool_plan(_ALL, rng.choice((0.3, 0.55, 0.8)))


def _t_one_suit(rng: random.Random) -> _Plan:
    pool = list(_suit(rng.randrange(3)))
    if rng.random() < 0.5:
        pool += _HONOURS  # 混一色
    return _pool_plan(pool, rng.choice((0.3, 0.6, 0.85)))


def _t_two_suits(rng: random.Random) -> _Plan:
    a, b, _ = _three_suits(rng)
    pool = list(_suit(a) + _suit(b))
    if rng.random() < 0.3:
        pool += _HONOURS
    return _pool_plan(pool, rng.choice((0.3, 0.6, 0.85)))


def _t_honours(rng: random.Random) -> _Plan:
    return _pool_plan(_HONOURS, 0.0)


def _t_terminals(rng: random.Random) -> _Plan:
    pool = list(_TERMINALS)
    if rng.random() < 0.6:
        pool += _HONOURS
    return _pool_plan(pool, 0.0)


def _t_outside(rng: random.Random) -> _Plan:
    """全带幺: every set and the pair hold a terminal or an honour."""
    sets: list[_Set] = [(True, _tile(s, r)) for s in range(3) for r in (1, 7)]
    sets += _pungs(_TERMINALS + _HONOURS)
    pairs = list(_TERMINALS + _HONOURS)
    if rng.random() < 0.5:  # no honours: 全带幺 with 无字
        sets = [s for s in sets if s[1] < FIRST_HONOR]
        pairs = list(_TERMINALS)
    return [], sets, pairs, rng.choice((0.4, 0.7))


def _t_fives(rng: random.Random) -> _Plan:
    """全带五."""
    sets: list[_Set] = [(True, _tile(s, r)) for s in range(3) for r in (3, 4, 5)]
    sets += [(False, _tile(s, 5)) for s in range(3)]
    return [], sets, [_tile(s, 5) for s in range(3)], rng.choice((0.5, 0.8))


def _t_green(rng: random.Random) -> _Plan:
    return _pool_plan(_GREENS, rng.choice((0.3, 0.6)))


def _t_reversible(rng: random.Random) -> _Plan:
    return _pool_plan(_REVERSIBLE, rng.choice((0.3, 0.6)))


def _t_even_pungs(rng: random.Random) -> _Plan:
    return _pool_plan([_tile(s, r) for s in range(3) for r in (2, 4, 6, 8)], 0.0)


def _t_ranges(rng: random.Random) -> _Plan:
    lo, hi = rng.choice(((7, 9), (4, 6), (1, 3), (6, 9), (1, 4), (2, 8)))
    suits: Sequence[int] = (0, 1, 2)
    if rng.random() < 0.3:
        suits = (rng.randrange(3),)
    return _pool_plan(_ranks(lo, hi, suits), rng.choice((0.2, 0.5, 0.8)))


def _t_wind_pungs(rng: random.Random) -> _Plan:
    winds = list(_WINDS)
    rng.shuffle(winds)
    k = rng.choice((3, 3, 4))
    fixed: list[_Set] = [(False, w) for w in winds[:k]]
    sets, pairs, cw = _filler(rng, (rng.randrange(3),))
    if k == 3 and rng.random() < 0.5:
        pairs = [winds[3]]  # 小四喜
    return fixed, sets, pairs, cw


def _t_dragon_pungs(rng: random.Random) -> _Plan:
    dragons = list(_DRAGONS)
    rng.shuffle(dragons)
    k = rng.choice((2, 2, 3))
    fixed: list[_Set] = [(False, d) for d in dragons[:k]]
    sets, pairs, cw = _filler(rng, (rng.randrange(3),))
    if k == 2 and rng.random() < 0.5:
        pairs = [dragons[2]]  # 小三元
    return fixed, sets, pairs, cw


def _t_pure_shifted_chows(rng: random.Random) -> _Plan:
    s = rng.randrange(3)
    step = rng.choice((1, 2))
    k = rng.choice((3, 3, 4))
    start = rng.randint(1, 7 - step * (k - 1))
    fixed: list[_Set] = [(True, _tile(s, start + i * step)) for i in range(k)]
    sets, pairs, cw = _filler(rng, (s,))
    return fixed, sets, pairs, cw


def _t_mixed_shifted_chows(rng: random.Random) -> _Plan:
    suits = _three_suits(rng)
    start = rng.randint(1, 5)
    fixed: list[_Set] = [(True, _tile(suits[i], start + i)) for i in range(3)]
    sets, pairs, cw = _filler(rng, suits)
    return fixed, sets, pairs, cw


def _t_pure_shifted_pungs(rng: random.Random) -> _Plan:
    s = rng.randrange(3)
    k = rng.choice((3, 3, 4))
    start = rng.randint(1, 10 - k)
    fixed: list[_Set] = [(False, _tile(s, start + i)) for i in range(k)]
    sets, pairs, cw = _filler(rng, (s,))
    return fixed, sets, pairs, cw


def _t_mixed_shifted_pungs(rng: random.Random) -> _Plan:
    suits = _three_suits(rng)
    start = rng.randint(1, 7)
    fixed: list[_Set] = [(False, _tile(suits[i], start + i)) for i in range(3)]
    sets, pairs, cw = _filler(rng, suits)
    return fixed, sets, pairs, cw


def _t_same_chows(rng: random.Random) -> _Plan:
    start = rng.randint(1, 7)
    suits = _three_suits(rng)
    shape = rng.choice(("pure2", "pure3", "pure4", "mixed3", "mixed2", "pure2x2"))
    if shape == "pure2":
        fixed: list[_Set] = [(True, _tile(suits[0], start))] * 2
    elif shape == "pure3":
        fixed = [(True, _tile(suits[0], start))] * 3
    elif shape == "pure4":
        fixed = [(True, _tile(suits[0], start))] * 4
    elif shape == "mixed3":
        fixed = [(True, _tile(s, start)) for s in suits]
    elif shape == "mixed2":
        fixed = [(True, _tile(s, start)) for s in suits[:2]]
    else:
        other = rng.randint(1, 7)
        fixed = [(True, _tile(suits[0], start))] * 2 + [(True, _tile(suits[1], other))] * 2
    sets, pairs, cw = _filler(rng, suits[:2])
    return fixed, sets, pairs, cw


def _t_same_pungs(rng: random.Random) -> _Plan:
    rank = rng.randint(1, 9)
    suits = _three_suits(rng)
    k = rng.choice((2, 3, 3))
    fixed: list[_Set] = [(False, _tile(s, rank)) for s in suits[:k]]
    sets, pairs, cw = _filler(rng, suits)
    return fixed, sets, pairs, cw


def _t_straight(rng: random.Random) -> _Plan:
    suits = _three_suits(rng)
    if rng.random() < 0.5:
        fixed: list[_Set] = [(True, _tile(suits[0], r)) for r in (1, 4, 7)]  # 清龙
    else:
        fixed = [(True, _tile(suits[i], r)) for i, r in enumerate((1, 4, 7))]  # 花龙
    sets, pairs, cw = _filler(rng, suits)
    return fixed, sets, pairs, cw


def _t_terminal_chows(rng: random.Random) -> _Plan:
    a, b, c = _three_suits(rng)
    shape = rng.choice(("pure", "mixed", "one"))
    if shape == "pure":  # 一色双龙会
        fixed: list[_Set] = [(True, _tile(a, 1)), (True, _tile(a, 1))]
        fixed += [(True, _tile(a, 7)), (True, _tile(a, 7))]
        return fixed, [], [_tile(a, 5)], 1.0
    if shape == "mixed":  # 三色双龙会
        fixed = [(True, _tile(s, r)) for s in (a, b) for r in (1, 7)]
        return fixed, [], [_tile(c, 5)], 1.0
    fixed = [(True, _tile(a, 1)), (True, _tile(a, 7))]  # 老少副
    sets, pairs, cw = _filler(rng, (a, b))
    return fixed, sets, pairs, cw


def _t_plain(rng: random.Random) -> _Plan:
    """Mostly chows across the suits and an honour pair: where 无番和 lives."""
    pungs = _pungs([t for t in _ALL if t < FIRST_HONOR and t % SUIT_SIZE not in (0, SUIT_SIZE - 1)])
    return [], _chows(_ALL) + pungs, list(_HONOURS), 0.75


def _t_pungs(rng: random.Random) -> _Plan:
    pool = rng.choice((_ALL, _ALL, _suit(rng.randrange(3)) + _HONOURS))
    return _pool_plan(pool, 0.0)


_THEMES: tuple[tuple[Callable[[random.Random], _Plan], float], ...] = (
    (_t_random, 18.0),
    (_t_one_suit, 8.0),
    (_t_two_suits, 4.0),
    (_t_honours, 2.0),
    (_t_terminals, 3.0),
    (_t_outside, 3.0),
    (_t_fives, 2.0),
    (_t_green, 2.0),
    (_t_reversible, 2.0),
    (_t_even_pungs, 2.0),
    (_t_ranges, 6.0),
    (_t_wind_pungs, 3.0),
    (_t_dragon_pungs, 3.0),
    (_t_pure_shifted_chows, 3.0),
    (_t_mixed_shifted_chows, 2.0),
    (_t_pure_shifted_pungs, 3.0),
    (_t_mixed_shifted_pungs, 2.0),
    (_t_same_chows, 4.0),
    (_t_same_pungs, 3.0),
    (_t_straight, 3.0),
    (_t_terminal_chows, 2.0),
    (_t_pungs, 5.0),
    (_t_plain, 4.0),
)


def _weighted(rng: random.Random, items: Sequence[tuple[_T, float]]) -> _T:
    return rng.choices([i for i, _ in items], weights=[w for _, w in items])[0]


# -- assembling hands ----------------------------------------------------------------


def _counts_ok(tiles: Sequence[int]) -> bool:
    c = [0] * NUM_KINDS
    for t in tiles:
        c[t] += 1
        if c[t] > 4:
            return False
    return True


def _set_tiles(s: _Set) -> tuple[int, ...]:
    chow, t = s
    return (t, t + 1, t + 2) if chow else (t, t, t)


def _draw_regular(rng: random.Random) -> tuple[list[_Set], int] | None:
    fixed, cands, pairs, cw = _weighted(rng, _THEMES)(rng)
    sets = list(fixed)
    chows = [s for s in cands if s[0]]
    pungs = [s for s in cands if not s[0]]
    while len(sets) < 4:
        if not chows and not pungs:
            return None
        use_chow = bool(chows) and (not pungs or rng.random() < cw)
        sets.append(rng.choice(chows if use_chow else pungs))
    if not pairs:
        return None
    return sets, rng.choice(pairs)


def _melds_for(rng: random.Random, sets: list[_Set]) -> tuple[list[Meld], list[int]]:
    """Declare some sets as melds; return the melds and the tiles left concealed."""
    n_target = _weighted(rng, ((0, 30.0), (1, 20.0), (2, 18.0), (3, 14.0), (4, 18.0)))
    kong_rate = _weighted(rng, ((0.0, 45.0), (0.2, 25.0), (0.6, 20.0), (1.0, 10.0)))
    order = list(range(4))
    rng.shuffle(order)
    kongs = {i for i in order if not sets[i][0] and rng.random() < kong_rate}
    declared = set(kongs)
    for i in order:
        if len(declared) >= n_target:
            break
        declared.add(i)
    melds: list[Meld] = []
    concealed: list[int] = []
    for i in range(4):
        chow, t = sets[i]
        if i not in declared:
            concealed.extend(_set_tiles(sets[i]))
        elif chow:
            melds.append(Meld(MeldKind.CHOW, Tile(t), rng.randint(1, 3)))
        elif i in kongs:
            kind = rng.choice((MeldKind.KONG, MeldKind.CONCEALED_KONG, MeldKind.ADDED_KONG))
            src = 0 if kind is MeldKind.CONCEALED_KONG else rng.randint(1, 3)
            melds.append(Meld(kind, Tile(t), src))
        else:
            melds.append(Meld(MeldKind.PUNG, Tile(t), rng.randint(1, 3)))
    rng.shuffle(melds)
    return melds, concealed


def _regular(rng: random.Random) -> tuple[list[Meld], list[int]] | None:
    drawn = _draw_regular(rng)
    if drawn is None:
        return None
    sets, pair = drawn
    melds, concealed = _melds_for(rng, sets)
    concealed += [pair, pair]
    return melds, concealed


def _seven_pairs(rng: random.Random) -> tuple[list[Meld], list[int]] | None:
    if rng.random() < 0.15:  # 连七对
        s, start = rng.randrange(3), rng.randint(1, 3)
        return [], [_tile(s, start + i) for i in range(7) for _ in range(2)]
    r = rng.random()
    if r < 0.35:
        pool: Sequence[int] = _ALL
    elif r < 0.55:
        pool = _suit(rng.randrange(3)) + (_HONOURS if rng.random() < 0.5 else ())
    else:
        pool = rng.choice(
            (
                _HONOURS,
                _TERMINALS + _HONOURS,
                _TERMINALS + _WINDS,
                _GREENS,
                _REVERSIBLE,
                _ranks(7, 9),
                _ranks(4, 6),
                _ranks(1, 3),
                _ranks(6, 9),
                _ranks(1, 4),
                _ranks(2, 8),
                _suit(rng.randrange(3))[:5],
            )
        )
    pairs = [rng.choice(pool) for _ in range(7)]
    return [], [t for p in pairs for t in (p, p)]


def _thirteen_orphans(rng: random.Random) -> tuple[list[Meld], list[int]]:
    tiles = list(_TERMINALS + _HONOURS)
    return [], [*tiles, rng.choice(tiles)]


def _honours_knitted(rng: random.Random) -> tuple[list[Meld], list[int]]:
    suits = _three_suits(rng)
    numbered = [_tile(s, r + 1) for s, ranks in zip(suits, _KNITTED, strict=True) for r in ranks]
    if rng.random() < 0.3:  # 七星不靠
        return [], list(_HONOURS) + rng.sample(numbered, 7)
    return [], rng.sample(numbered + list(_HONOURS), 14)


def _knitted_straight(rng: random.Random) -> tuple[list[Meld], list[int]] | None:
    suits = _three_suits(rng)
    tiles = [_tile(s, r + 1) for s, ranks in zip(suits, _KNITTED, strict=True) for r in ranks]
    drawn = _draw_regular(rng)
    if drawn is None:
        return None
    sets, pair = drawn
    chow, t = sets[0]
    melds: list[Meld] = []
    if rng.random() < 0.5:
        tiles.extend(_set_tiles(sets[0]))
    elif chow:
        melds.append(Meld(MeldKind.CHOW, Tile(t), rng.randint(1, 3)))
    else:
        kind = _weighted(
            rng,
            (
                (MeldKind.PUNG, 3.0),
                (MeldKind.KONG, 1.0),
                (MeldKind.CONCEALED_KONG, 1.0),
                (MeldKind.ADDED_KONG, 1.0),
            ),
        )
        src = 0 if kind is MeldKind.CONCEALED_KONG else rng.randint(1, 3)
        melds.append(Meld(kind, Tile(t), src))
    return melds, [*tiles, pair, pair]


def _nine_gates(rng: random.Random) -> tuple[list[Meld], list[int]]:
    s = rng.randrange(3)
    ranks = [1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9, rng.randint(1, 9)]
    tiles = [_tile(s, r) for r in ranks]
    # the extra tile is the winning tile: put it first so it is the one chosen below
    return [], [tiles[-1], *tiles[:-1]]


_Shape = Callable[[random.Random], tuple[list[Meld], list[int]] | None]
_SHAPES: tuple[tuple[_Shape, float], ...] = (
    (_regular, 80.0),
    (_seven_pairs, 7.0),
    (_thirteen_orphans, 2.0),
    (_honours_knitted, 4.0),
    (_knitted_straight, 5.0),
    (_nine_gates, 2.0),
)


def _context(rng: random.Random, melds: Sequence[Meld], held: int, win: int) -> WinContext:
    """Random win flags, only where ``validate_hand`` allows them."""
    in_melds = sum(m.tiles.count(Tile(win)) for m in melds)
    self_drawn = rng.random() < 0.4
    kong = False
    if self_drawn:
        if any(m.is_kong for m in melds):
            kong = rng.random() < 0.3  # 杠上开花
    elif held == 0 and in_melds == 0:
        kong = rng.random() < 0.3  # 抢杠和
    fourth_tile = False
    if held == 0:
        fourth_tile = rng.random() < (0.8 if in_melds == 3 else 0.15)  # 和绝张
    flowers = 0 if rng.random() < 0.5 else rng.randint(1, 8)
    return WinContext(
        self_drawn=self_drawn,
        fourth_tile=fourth_tile,
        kong=kong,
        # 抢杠和 is not a discard, so never 海底捞月 as well.
        wall_last=rng.random() < 0.1 and (self_drawn or not kong),
        seat_wind=rng.choice(WINDS),
        prevalent_wind=rng.choice(WINDS),
        flowers=flowers,
    )


def random_winning_hand(rng: random.Random) -> Hand:
    """One random legal winning hand (14 tiles, a kong counting as 3), drawn from ``rng``."""
    while True:
        shape = _weighted(rng, _SHAPES)
        built = shape(rng)
        if built is None:
            continue
        melds, concealed = built
        everything = list(concealed)
        for m in melds:
            everything.extend(int(t) for t in m.tiles)
        if not _counts_ok(everything):
            continue
        if shape is _nine_gates:
            win = concealed[0]
        elif rng.random() < 0.15:
            # favour a winning tile held once, so that 和绝张 and 抢杠和 can be flagged
            open_ = [t for t in concealed if concealed.count(t) == 1]
            win = rng.choice(open_ or concealed)
        else:
            win = rng.choice(concealed)
        rest = list(concealed)
        rest.remove(win)
        ctx = _context(rng, melds, rest.count(win), win)
        hand = Hand(tuple(Tile(t) for t in sorted(rest)), tuple(melds), Tile(win), ctx)
        return hand.validate()


def winning_hands(seed: int, n: int) -> Iterator[Hand]:
    """``n`` random legal winning hands, the same ones for the same ``seed``."""
    rng = random.Random(seed)
    for _ in range(n):
        yield random_winning_hand(rng)
