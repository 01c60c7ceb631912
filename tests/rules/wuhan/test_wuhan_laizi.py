"""Which kind the 赖子 is after the indicator (fanshu's reading of 翻赖子, seed 001 ❽ names
only 賴子山莊's 紅中發財杠): the next kind in its suit or group, 红中/发财 skipped under
dragon_kongs."""

from __future__ import annotations

import pytest

from fanshu.errors import InvalidHandError
from fanshu.rules.wuhan.laizi import laizi_after
from fanshu.tiles import TILES, Tile


def code(t: int) -> str:
    return TILES[t].code


@pytest.mark.parametrize(
    ("indicator", "laizi"),
    [("1m", "2m"), ("8s", "9s"), ("9s", "1s"), ("9p", "1p"), ("E", "S"), ("N", "E"),
     ("C", "F"), ("F", "P"), ("P", "C")],
)  # fmt: skip
def test_the_next_kind(indicator: str, laizi: str) -> None:
    assert code(laizi_after(int(Tile.from_code(indicator)))) == laizi


@pytest.mark.parametrize("indicator", ["C", "F", "P"])
def test_dragon_kongs_skip_the_kong_tiles(indicator: str) -> None:
    assert laizi_after(int(Tile.from_code(indicator)), dragon_kongs=True) == Tile.WHITE


def test_every_kind_gives_a_kind_of_its_group() -> None:
    for t in range(34):
        got = laizi_after(t)
        assert got != t and (got // 9 == t // 9 if t < 27 else (got < 31) == (t < 31))
        assert laizi_after(t, dragon_kongs=True) not in (Tile.RED, Tile.GREEN)


def test_bad_indicator() -> None:
    with pytest.raises(InvalidHandError, match="tile kind 0-33"):
        laizi_after(34)
