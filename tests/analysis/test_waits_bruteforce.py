"""Waits against brute force, and properties of shanten, waits and discards.

The brute force asks the MCR scorer about each of the 34 kinds: a kind is a wait when the
14-tile hand it makes is a win (in any shape, whatever it is worth).  The ready hands are
random complete hands (``fanshu.sampling.winning_hands``) minus one tile, plus hands built
to hold four of their only wait.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import fanshu
from fanshu.analysis import analyze, shanten_of_hand
from fanshu.hand import Hand, Meld, MeldKind, WinContext
from fanshu.rules.mcr.evaluate import score_hand
from fanshu.rules.mcr.options import DEFAULT_OPTIONS
from fanshu.sampling import winning_hands
from fanshu.shapes import counts_of, is_regular_complete
from fanshu.tiles import NUM_KINDS, TILES, Tile

N_RANDOM = 600  # -m slow: 5 x 2,000 more


def ready_hands(seed: int, n: int) -> Iterator[tuple[Hand, Tile]]:
    """``n`` ready 13-tile hands: random winning hands without one concealed tile."""
    rng = random.Random(seed)
    for h in winning_hands(seed, n):
        tiles = list(h.concealed_with_winning)
        drop = rng.choice(tiles)
        tiles.remove(drop)
        ctx = WinContext(
            seat_wind=h.context.seat_wind,
            prevalent_wind=h.context.prevalent_wind,
            flowers=h.context.flowers,
        )
        yield Hand(tuple(sorted(tiles)), h.melds, None, ctx), drop


def four_held_hands(seed: int, n: int) -> Iterator[Hand]:
    """Ready hands holding four of a kind concealed, next to sets that do not touch it."""
    rng = random.Random(seed)
    made = 0
    while made < n:
        x = rng.randrange(NUM_KINDS)
        counts = [0] * NUM_KINDS
        counts[x] = 4
        melds: list[Meld] = []
        n_melds = rng.randint(0, 3)
        ok = True
        for i in range(3):
            if rng.random() < 0.5:
                suit, rank = rng.randrange(3), rng.randrange(7)
                kinds = [suit * 9 + rank + j for j in range(3)]
                if i < n_melds:
                    melds.append(Meld(MeldKind.CHOW, TILES[kinds[0]]))
            else:
                kinds = [rng.randrange(NUM_KINDS)] * 3
                if i < n_melds:
                    melds.append(Meld(MeldKind.PUNG, TILES[kinds[0]]))
            if x in kinds:
                ok = False
            for k in kinds:
                counts[k] += 1
        if not ok or max(counts) > 4:
            continue
        for m in melds:
            for t in m.tiles:
                counts[t] -= 1
        concealed = tuple(TILES[t] for t in range(NUM_KINDS) for _ in range(counts[t]))
        made += 1
        yield Hand(concealed, tuple(melds))


def brute_waits(hand: Hand) -> set[int]:
    """Kinds whose addition the scorer calls a win; a fifth copy of an honour (which the
    scorer does not expect) is checked as a pung plus a pair of it."""
    concealed = tuple(sorted(hand.concealed_with_winning))
    counts = counts_of(concealed)
    out = set()
    for k in range(NUM_KINDS):
        win = Hand(concealed, hand.melds, TILES[k], hand.context)
        if score_hand(win, DEFAULT_OPTIONS).is_win:
            out.add(k)
        elif k >= 27 and counts[k] == 4:
            rest = list(counts)
            rest[k] = 2  # five copies: a pung and the pair
            if is_regular_complete(rest):
                out.add(k)
    return out


def check_waits(hand: Hand, visible: tuple[Tile, ...] = ()) -> set[int]:
    a = analyze(hand, visible)
    assert a.shanten == 0, str(hand)
    expected = brute_waits(hand)
    got = {int(w.tile) for w in a.waits}
    assert got == expected, (str(hand), sorted(got), sorted(expected))
    # the shanten tables and the scorer agree on what completes a ready hand
    assert {int(u.tile) for u in a.useful} == expected, str(hand)
    held = hand.counts()
    for w in a.waits:
        assert w.remaining == max(0, 4 - held[w.tile] - visible.count(w.tile))
        if w.remaining == 0:
            assert w.fan_discard is None and w.fan_self_drawn is None
            continue
        assert w.fan_discard is not None and w.fan_self_drawn is not None
        assert w.fan_discard >= 1 and w.fan_self_drawn >= 1
    return expected


def test_waits_equal_brute_force_on_random_ready_hands() -> None:
    dead_only = 0
    for hand, drop in ready_hands(seed=2026, n=N_RANDOM):
        waits = check_waits(hand)
        assert int(drop) in waits
        held = hand.counts()
        if all(held[k] == 4 for k in waits):
            dead_only += 1
    assert dead_only >= 0  # rare among random hands: the built ones below cover it


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(100, 105))
def test_waits_equal_brute_force_soak(seed: int, request: pytest.FixtureRequest) -> None:
    if "slow" not in (request.config.getoption("markexpr") or ""):
        pytest.skip("a 10,000-hand soak: run with -m slow")
    for hand, drop in ready_hands(seed=seed, n=2000):
        assert int(drop) in check_waits(hand)


def test_waits_of_hands_holding_four_of_their_wait() -> None:
    only_dead = 0
    for hand in four_held_hands(seed=7, n=150):
        if shanten_of_hand(hand) != 0:
            continue
        waits = check_waits(hand)
        held = hand.counts()
        if waits and all(held[k] == 4 for k in waits):
            only_dead += 1
            assert all(w.remaining == 0 for w in analyze(hand).waits)
    assert only_dead >= 50


def test_visible_tiles_on_random_ready_hands() -> None:
    rng = random.Random(11)
    for hand, _ in ready_hands(seed=99, n=150):
        held = hand.counts()
        pool = [TILES[k] for k in range(NUM_KINDS) for _ in range(4 - held[k])]
        visible = tuple(rng.sample(pool, rng.randint(0, 30)))
        check_waits(hand, visible)


def test_last_tile_waits_score_the_fourth_tile() -> None:
    seen = 0
    rng = random.Random(5)
    for hand, _ in ready_hands(seed=3, n=200):
        held = hand.counts()
        concealed = hand.concealed_with_winning
        a = analyze(hand)
        for w in a.waits:
            if w.tile in concealed or held[w.tile] == 4:
                continue
            visible = (w.tile,) * (3 - held[w.tile])
            b = analyze(hand, visible)
            (x,) = [v for v in b.waits if v.tile == w.tile]
            assert x.remaining == 1 and x.last_tile
            win = Hand(tuple(sorted(concealed)), hand.melds, w.tile, hand.context)
            expected = fanshu.score(win.with_context(fourth_tile=True))
            assert x.fan_discard == expected.total
            seen += 1
            if rng.random() < 0.7:
                break
    assert seen >= 50


# -- properties -------------------------------------------------------------------------

kinds_13 = st.lists(st.integers(0, NUM_KINDS - 1), min_size=13, max_size=13).filter(
    lambda ks: all(ks.count(k) <= 4 for k in ks)
)


def hand_of(kinds: list[int]) -> Hand:
    return Hand(tuple(sorted(TILES[k] for k in kinds)))


def test_ready_hands_have_a_wait() -> None:
    for hand, _ in ready_hands(seed=31, n=200):
        a = analyze(hand)
        assert a.shanten == 0 and len(a.waits) >= 1


@settings(max_examples=200, deadline=None)
@given(kinds_13)
def test_13_tile_shanten_never_negative_and_ready_means_a_wait(kinds: list[int]) -> None:
    a = analyze(hand_of(kinds))
    assert a.shanten >= 0
    assert (a.shanten == 0) is (len(a.waits) >= 1)
    assert a.useful_count == sum(u.remaining for u in a.useful)


@settings(max_examples=40, deadline=None)
@given(kinds_13, st.integers(0, NUM_KINDS - 1))
def test_discarding_never_beats_one_step(kinds: list[int], draw: int) -> None:
    if kinds.count(draw) == 4:
        draw = next(k for k in range(NUM_KINDS) if kinds.count(k) < 4)
    s13 = analyze(hand_of(kinds)).shanten
    a = analyze(hand_of([*kinds, draw]), by="efficiency")
    best = min(d.shanten for d in a.discards)
    assert best >= s13 - 1
    assert a.shanten >= s13 - 1
    if a.shanten >= 0:
        assert best == a.shanten
    # discarding the drawn tile gives the 13-tile hand back
    back = next(d for d in a.discards if d.tile == draw)
    assert back.shanten == s13
    # ranked best first (by efficiency; the value order is tested in test_value.py)
    keys = [(d.shanten, -d.useful_count) for d in a.discards]
    assert keys == sorted(keys)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000))
def test_discarding_from_complete_hands(seed: int) -> None:
    (hand,) = winning_hands(seed, 1)
    a = analyze(hand)
    assert a.shanten == -1
    assert a.discards and min(d.shanten for d in a.discards) == 0
    # discarding the winning tile leaves a ready hand that waits on it
    back = next(d for d in a.discards if d.tile == hand.winning_tile)
    assert back.shanten == 0
    assert hand.winning_tile in {u.tile for u in back.useful}
