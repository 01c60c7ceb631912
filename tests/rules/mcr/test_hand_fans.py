"""The whole-hand fans by the kinds held: the cached look-up by traits against the mask tests."""

from __future__ import annotations

import random

from fanshu.rules.mcr import hand_fans
from fanshu.rules.mcr.fans import Fan
from fanshu.tiles import NUM_KINDS, SUIT_SIZE


def _masks() -> list[int]:
    """Random masks of every density, and every mask of one group with the rest fixed."""
    rng = random.Random(20261203)
    out = [0, (1 << NUM_KINDS) - 1]
    for _ in range(20_000):
        density = rng.random()
        out.append(sum(1 << t for t in range(NUM_KINDS) if rng.random() < density))
    for shift, size in (
        (0, SUIT_SIZE),
        (SUIT_SIZE, SUIT_SIZE),
        (2 * SUIT_SIZE, SUIT_SIZE),
        (27, 7),
    ):
        for rest in rng.sample(out, 8):
            for sub in range(1 << size):
                out.append(rest & ~(((1 << size) - 1) << shift) | sub << shift)
    return out


def test_the_traits_key_gives_what_the_mask_tests_give() -> None:
    hand_fans._TILE_SET.clear()
    masks = _masks()
    for mask in masks:
        assert hand_fans.tile_set_fans(mask) == hand_fans._tile_set_fans(mask), bin(mask)
    # and the key really groups masks: far fewer keys than masks
    assert len(hand_fans._TILE_SET) < len(set(masks)) / 10


def test_a_few_hands_by_hand() -> None:
    m = hand_fans._mask
    # 清一色 of characters, all simples: 清一色, 无字, 断幺 (and the ranks it spans)
    simples = hand_fans.tile_set_fans(m(lambda t: 1 <= t <= 7))
    assert {Fan.FULL_FLUSH, Fan.NO_HONORS, Fan.ALL_SIMPLES} <= set(simples)
    # 字一色
    assert Fan.ALL_HONORS in hand_fans.tile_set_fans(m(lambda t: t >= 27))
    # 绿一色: 23468 of bamboo and the green dragon
    green = hand_fans.tile_set_fans(hand_fans.GREEN_MASK)
    assert Fan.ALL_GREEN in green and Fan.HALF_FLUSH in green
