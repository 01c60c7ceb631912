"""``fanshu.analysis.distance``: the shanten of each rule set's shapes, checked by brute
force on small random hands (useful = a draw that lowers the 14-tile shanten)."""

from __future__ import annotations

import random

import pytest

from fanshu.analysis.distance import DISTANCES, for_rules
from fanshu.analysis.shanten import shanten, useful_tiles
from fanshu.notation import parse_tiles
from fanshu.shapes import counts_of


def _hands(kinds: int, n: int, seed: int) -> list[list[int]]:
    rng = random.Random(seed)
    wall = [k for k in range(kinds) for _ in range(4)]
    out = []
    for _ in range(n):
        rng.shuffle(wall)
        out.append(counts_of(wall[:13]))
    return out


def _fourteen(d: object, counts: list[int]) -> int:
    best = 99
    for x in range(34):
        if counts[x]:
            counts[x] -= 1
            best = min(best, d.shanten(counts, 0))  # type: ignore[attr-defined]
            counts[x] += 1
    return best


@pytest.mark.parametrize("rules", ["beijing", "sichuan"])
def test_useful_lowers_the_shanten(rules: str) -> None:
    d = DISTANCES[rules]
    kinds = 27 if rules == "sichuan" else 34
    for c in _hands(kinds, 40, 3):
        s = d.shanten(c, 0)
        useful = d.useful(c, 0)
        for k in range(kinds):
            if c[k] >= 4:
                continue
            c[k] += 1
            lower = _fourteen(d, c) < s
            c[k] -= 1
            assert (k in useful) is lower, (c, k)


def test_mcr_is_the_shanten_module() -> None:
    for c in _hands(34, 30, 4):
        assert DISTANCES["mcr"].shanten(c, 0) == shanten(c)
        assert DISTANCES["mcr"].useful(c, 0) == useful_tiles(c)


def test_beijing_has_no_special_shapes() -> None:
    orphans = counts_of(parse_tiles("19m19s19pESWNCFP"))
    assert DISTANCES["mcr"].shanten(orphans, 0) == 0
    assert DISTANCES["beijing"].shanten(orphans, 0) > 0


def test_sichuan_void() -> None:
    c = counts_of(parse_tiles("123m456m789m1s23s5p"))
    assert DISTANCES["sichuan"].shanten(c, 0) == 1
    assert for_rules("sichuan", void=2).shanten(c, 0) == 1
    assert for_rules("sichuan", void=1).shanten(c, 0) == 3
    assert for_rules("sichuan", void=0).shanten(c, 0) >= 9
    assert not any(k // 9 == 2 for k in for_rules("sichuan", void=2).useful(c, 0))
