"""The wall: tile sets per rule set, draws from the front and replacements from the back,
stacked walls (checked against the tile set) and how the deal takes them."""

from __future__ import annotations

from collections import Counter

import pytest

from fanshu.engine import Game
from fanshu.engine.wall import (
    FLOWER_KINDS,
    Wall,
    WallError,
    check_stacked,
    shuffled,
    stack,
    tile_set,
)
from support.engine_walls import FULL_SETS, codes, game, tiles, wall


def test_tile_sets_of_each_rule_set() -> None:
    # RULES.md: MCR 144 with 8 flowers; Sichuan 108 (three suits); two-player 136.
    mcr = tile_set(range(34), flowers=True)
    assert len(mcr) == 144 and Counter(mcr)[34] == 1 and set(FLOWER_KINDS) <= set(mcr)
    assert len(tile_set(range(27))) == 108 and max(tile_set(range(27))) == 26
    assert len(tile_set(range(34))) == 136
    assert all(n == 4 for t, n in Counter(tile_set(range(34))).items())
    assert Game("mcr").variant.full_set() == mcr
    assert Game("sichuan").variant.full_set() == tile_set(range(27))
    assert Game("two-player").variant.full_set() == tile_set(range(34))


def test_draws_take_the_front_and_replacements_the_back() -> None:
    w = Wall([1, 2, 3, 4, 5])
    assert (w.draw(), w.draw_back(), w.draw(), w.draw_back()) == (1, 5, 2, 4)
    assert w.remaining == 1 and w.live() == [3]
    assert w.draw() == 3 and w.remaining == 0 and w.live() == []


def test_replace_live_swaps_a_tile_still_in_the_wall_only() -> None:
    # 搓牌 (two-player) puts the given tile where a live copy of the picked one was.
    w = Wall([1, 2, 1, 3])
    w.draw()  # the first 1 is gone
    assert w.replace_live(1, 9) and w.live() == [2, 9, 3]
    assert not w.replace_live(1, 8) and w.live() == [2, 9, 3]


def test_shuffled_is_a_permutation_fixed_by_the_generator() -> None:
    import random

    full = tile_set(range(27))
    a = shuffled(full, random.Random(5))
    assert sorted(a) == sorted(full) and a != full
    assert a == shuffled(full, random.Random(5))
    assert Game("sichuan", seed=5).wall.tiles == Game("sichuan", seed=5).wall.tiles


@pytest.mark.parametrize(
    ("tiles_", "full", "size", "message"),
    [
        ([0] * 3, [0] * 4, None, "has 4 tiles, not 3"),
        ([0, 0, 0, 40], [0] * 4, None, "tile 3 of the stacked wall .* is not in this tile set"),
        ([0, 0, 0, 0, 0], [0] * 4 + [1], None, "has 5 copies of 1m"),
        ([27, 0, 0, 0], [0] * 4, None, "not in this tile set"),
        ([0, 0], [0] * 4, 3, "has 3 tiles, not 2"),
    ],
)
def test_a_stacked_wall_must_be_tiles_of_the_set(
    tiles_: list[int], full: list[int], size: int | None, message: str
) -> None:
    with pytest.raises(WallError, match=message):
        check_stacked(tiles_, full, size)


def test_game_refuses_a_wall_of_another_rule_set() -> None:
    # An honour tile in a Sichuan wall, a flower in a two-player wall, a short MCR wall.
    sichuan = tile_set(range(27))
    with pytest.raises(WallError, match="not in this tile set"):
        Game("sichuan", wall=[27, *sichuan[1:]])
    two = tile_set(range(34))[:70]
    with pytest.raises(WallError, match="not in this tile set"):
        Game("two-player", wall=[34, *two])
    with pytest.raises(WallError, match="has 144 tiles, not 143"):
        Game("mcr", wall=tile_set(range(34), flowers=True)[:-1])


def test_stack_orders_deal_draws_filler_and_back() -> None:
    # stack(): the dealt hands in seat order from the dealer, the draws, then the filler,
    # and the back tiles reversed so that the first replacement is the last tile.
    full = tile_set(range(27))
    hands = [[0] * 3 + list(range(9, 19)), [1] * 4 + list(range(19, 27)) + [2]]
    hands += [[3] * 4 + [4] * 4 + [5] * 4 + [6], [7] * 4 + [8] * 4 + [2] * 3 + [6, 6]]
    w = stack(hands, [0, 6], full, back=[9, 10])
    assert len(w) == 108 and sorted(w) == sorted(full)
    assert w[:52] == [t for h in hands for t in h]
    assert w[52:54] == [0, 6]
    assert w[-2:] == [10, 9]
    with pytest.raises(WallError, match="hand 1 has 12 tiles"):
        stack([hands[0], hands[1][:12]], [], full)
    with pytest.raises(WallError, match="too many copies of 1m"):
        stack(hands, [0, 0], full)
    with pytest.raises(WallError, match="exceed the wall"):
        stack(hands, [], tile_set(range(34)), size=40)


def test_stack_cuts_at_the_size_and_leaves_the_rest_out() -> None:
    # The two-player game plays 71 tiles: stack(size=71) leaves the others out.
    full = tile_set(range(34))
    w = stack([list(range(13)), list(range(13, 26))], [26], full, size=71, back=[33])
    assert len(w) == 71 and w[26] == 26 and w[-1] == 33
    assert Counter(w) <= Counter(full)


def test_the_deal_takes_13_each_from_the_dealer_on() -> None:
    # Deal order: 13 tiles to each seat starting with the dealer (config dealer).
    hands = ["1m1m1m1m2m2m2m2m3m3m3m3m4m", "4m4m4m5m5m5m5m6m6m6m6m7m7m"]
    hands += ["7m7m8m8m8m8m9m9m9m9m1s1s1s", "1s2s2s2s2s3s3s3s3s4s4s4s4s"]
    g = game("sichuan", hands, config={"dealer": 2})
    (deal,) = [e for e in g.events if e["type"] == "deal"]
    # the wall's first 13 went to the dealer (seat 2), the next to seat 3, 0, 1
    assert deal["hands"][2] == codes(tiles(hands[0]))
    assert deal["hands"][3] == codes(tiles(hands[1]))
    assert deal["hands"][0] == codes(tiles(hands[2]))
    assert deal["hands"][1] == codes(tiles(hands[3]))


def test_the_start_event_logs_the_wall_and_the_pool() -> None:
    # The log holds the whole wall in draw order (and the tiles out of play), so that a
    # hand can be replayed from it.
    w = wall("two-player", ["1m2m3m4m5m6m7m8m9m1s1s2s3s", "1p2p3p4p5p6p7p8p9pEEES"])
    g = Game("two-player", wall=w)
    start = g.events[0]
    assert start["type"] == "start" and start["stacked"] is True
    assert start["wall"] == codes(w)
    assert len(start["pool"]) == 65
    assert sorted(tiles("".join(start["wall"] + start["pool"]))) == sorted(FULL_SETS["two-player"])
    again = Game("two-player", wall=tiles("".join(start["wall"])))
    assert again.events[1:] == g.events[1:]


def test_helper_wall_places_tail_and_back() -> None:
    # The test helper: tail tiles end the front, back tiles are the replacements.
    hands = [
        "1m2m3m4m5m6m7m8m9m1s1s2s3s",
        "1p2p3p4p5p6p7p8p9p4s5s6s7s",
        "1m2m3m4m5m6m7m8m9m1s2s3s4s",
        "1p2p3p4p5p6p7p8p9p4s5s6s7s",
    ]
    w = wall("sichuan", hands, "9s", tail="5m 6m", back="7m 8m")
    assert w[52] == tiles("9s")[0]
    assert w[-4:] == tiles("5m6m8m7m")
    with pytest.raises(ValueError, match="too many copies"):
        wall("sichuan", hands, "1m1m1m")
