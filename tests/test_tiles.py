"""Tile kinds: structure, predicates against the rule book's lists, names, winds."""

from __future__ import annotations

import pytest

from fanshu.errors import FanshuError, InvalidHandError
from fanshu.tiles import (
    ALL_KINDS,
    DRAGONS,
    FLOWERS,
    NUM_KINDS,
    NUM_TILES,
    TILES,
    WINDS,
    Tile,
    tile_of,
    wind_from,
)

ALL = list(Tile)
NUMBERED = [t for t in ALL if t < 27]
HONORS = [t for t in ALL if 27 <= t < 34]

# Every tile's code and Chinese name, in kind order (万 条 饼, winds, dragons, flowers).
CODES = (
    [f"{r}m" for r in range(1, 10)]
    + [f"{r}s" for r in range(1, 10)]
    + [f"{r}p" for r in range(1, 10)]
    + ["E", "S", "W", "N", "C", "F", "P"]
    + [f"{r}f" for r in range(1, 9)]
)
DIGITS = "一二三四五六七八九"
NAMES_ZH = (
    [f"{d}万" for d in DIGITS]
    + [f"{d}条" for d in DIGITS]
    + [f"{d}饼" for d in DIGITS]
    + ["东", "南", "西", "北", "中", "发", "白"]
    + ["春", "夏", "秋", "冬", "梅", "兰", "竹", "菊"]
)

# The rule book's lists.
GREEN_CODES = {"2s", "3s", "4s", "6s", "8s", "F"}  # 绿一色: 23468条 and 发
REVERSIBLE_CODES = {  # 推不倒: 1234589饼, 245689条, 白
    *(f"{r}p" for r in "1234589"),
    *(f"{r}s" for r in "245689"),
    "P",
}
TERMINAL_CODES = {"1m", "9m", "1s", "9s", "1p", "9p"}


# -- structure -----------------------------------------------------------------------


def test_counts_of_kinds_and_tiles() -> None:
    assert NUM_KINDS == 34 and NUM_TILES == 42
    assert len(ALL) == 42
    assert [int(t) for t in ALL] == list(range(42))
    assert len(ALL_KINDS) == 34 and all(not t.is_flower for t in ALL_KINDS)
    assert len(FLOWERS) == 8 and all(t.is_flower for t in FLOWERS)
    assert len(NUMBERED) == 27 and len(HONORS) == 7


def test_tiles_lookup_is_the_enum() -> None:
    assert len(TILES) == 42
    for i, t in enumerate(TILES):
        assert t is Tile(i)


def test_winds_and_dragons() -> None:
    assert WINDS == (Tile.EAST, Tile.SOUTH, Tile.WEST, Tile.NORTH)
    assert DRAGONS == (Tile.RED, Tile.GREEN, Tile.WHITE)
    assert [t for t in ALL if t.is_wind] == list(WINDS)
    assert [t for t in ALL if t.is_dragon] == list(DRAGONS)


@pytest.mark.parametrize("tile", ALL, ids=lambda t: t.name)
def test_exactly_one_category(tile: Tile) -> None:
    assert [tile.is_numbered, tile.is_honor, tile.is_flower].count(True) == 1
    if tile.is_honor:
        assert tile.is_wind != tile.is_dragon
    else:
        assert not tile.is_wind and not tile.is_dragon


@pytest.mark.parametrize("tile", NUMBERED, ids=lambda t: t.name)
def test_numbered_suit_and_rank(tile: Tile) -> None:
    suit, rank = divmod(int(tile), 9)
    assert tile.suit == suit
    assert tile.rank == rank + 1
    assert tile_of(tile.suit, tile.rank) == tile
    assert "msp"[tile.suit] == tile.code[-1]


def test_suit_order_is_man_sou_pin() -> None:
    assert (Tile.M1.suit, Tile.S1.suit, Tile.P1.suit) == (0, 1, 2)
    assert tile_of(2, 5) == Tile.P5
    assert tile_of(1, 9) == Tile.S9


def test_honor_and_flower_ranks() -> None:
    assert [t.rank for t in HONORS] == [1, 2, 3, 4, 5, 6, 7]
    assert all(t.suit == 3 for t in HONORS)
    assert [t.rank for t in FLOWERS] == list(range(1, 9))
    assert all(t.suit == 4 for t in FLOWERS)


# -- predicates against the rule book --------------------------------------------------


def test_terminals() -> None:
    assert {t.code for t in ALL if t.is_terminal} == TERMINAL_CODES


def test_terminals_or_honors() -> None:
    expected = TERMINAL_CODES | {"E", "S", "W", "N", "C", "F", "P"}
    assert {t.code for t in ALL if t.is_terminal_or_honor} == expected


def test_flowers_are_neither_terminal_nor_honor() -> None:
    for t in FLOWERS:
        assert not (t.is_terminal or t.is_honor or t.is_terminal_or_honor)
        assert not (t.is_green or t.is_reversible)


def test_green_tiles() -> None:
    assert {t.code for t in ALL if t.is_green} == GREEN_CODES


def test_reversible_tiles() -> None:
    assert {t.code for t in ALL if t.is_reversible} == REVERSIBLE_CODES
    assert len(REVERSIBLE_CODES) == 14


def test_predicates_take_no_dragon_but_the_named_one() -> None:
    assert Tile.GREEN.is_green and not Tile.RED.is_green and not Tile.WHITE.is_green
    assert Tile.WHITE.is_reversible and not Tile.GREEN.is_reversible
    assert not Tile.RED.is_reversible


# -- codes and names -----------------------------------------------------------------


@pytest.mark.parametrize("tile", ALL, ids=lambda t: t.name)
def test_code_and_name(tile: Tile) -> None:
    assert tile.code == CODES[tile]
    assert str(tile) == CODES[tile]
    assert tile.name_zh == NAMES_ZH[tile]


@pytest.mark.parametrize("tile", ALL, ids=lambda t: t.name)
def test_from_code_round_trip(tile: Tile) -> None:
    got = Tile.from_code(tile.code)
    assert got is tile


def test_codes_and_names_are_unique() -> None:
    assert len(set(CODES)) == 42
    assert len(set(NAMES_ZH)) == 42


def test_examples() -> None:
    assert (Tile.P5.code, Tile.GREEN.code, Tile.P5.name_zh) == ("5p", "F", "五饼")
    assert Tile.M1.name_zh == "一万" and Tile.S9.name_zh == "九条"
    assert Tile.RED.name_zh == "中" and Tile.WHITE.name_zh == "白"
    assert Tile.CHRYSANTHEMUM.code == "8f" and Tile.CHRYSANTHEMUM.name_zh == "菊"


@pytest.mark.parametrize(
    "code", ["", "0m", "10m", "1z", "5z", "x", "m1", "e", " 1m", "1m ", "9f", "0f", "1M", "中"]
)
def test_from_code_rejects(code: str) -> None:
    with pytest.raises(ValueError, match="unknown tile") as info:
        Tile.from_code(code)
    assert repr(code) in str(info.value)


def test_from_code_rejects_non_strings() -> None:
    with pytest.raises(ValueError, match="unknown tile"):
        Tile.from_code(5)  # type: ignore[arg-type]


# -- winds ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "wind"),
    [
        ("E", Tile.EAST),
        ("S", Tile.SOUTH),
        ("W", Tile.WEST),
        ("N", Tile.NORTH),
        ("e", Tile.EAST),
        ("n", Tile.NORTH),
        (" S ", Tile.SOUTH),
        ("east", Tile.EAST),
        ("South", Tile.SOUTH),
        ("WEST", Tile.WEST),
        ("north", Tile.NORTH),
        (0, Tile.EAST),
        (1, Tile.SOUTH),
        (2, Tile.WEST),
        (3, Tile.NORTH),
        ("东", Tile.EAST),
        ("南", Tile.SOUTH),
        ("西", Tile.WEST),
        ("北", Tile.NORTH),
        (Tile.EAST, Tile.EAST),
        (Tile.NORTH, Tile.NORTH),
    ],
)
def test_wind_from(value: str | int | Tile, wind: Tile) -> None:
    assert wind_from(value) is wind


@pytest.mark.parametrize(
    "value",
    [
        4,
        -1,
        27,
        True,
        False,
        1.0,
        None,
        "X",
        "ES",
        "东南",
        "中",
        "1",
        "westward",
        Tile.M1,
        Tile.RED,
        Tile.SPRING,
    ],
    ids=repr,
)
def test_wind_from_rejects(value: object) -> None:
    with pytest.raises(FanshuError) as info:
        wind_from(value)  # type: ignore[arg-type]
    assert isinstance(info.value, InvalidHandError)
    assert repr(value) in info.value.message
    assert "E, S, W or N" in info.value.message


@pytest.mark.parametrize("bad", ["", "   ", "E东", "ES", "eastern"])
def test_wind_names_match_whole(bad: str) -> None:
    with pytest.raises(FanshuError, match="unknown wind"):
        wind_from(bad)
