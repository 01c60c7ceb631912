"""``fanshu.shanten(str)``'s fast path for a plain concealed hand string: the same
counts, shanten and errors as the full reader."""

from __future__ import annotations

import importlib
import random
from typing import Any

import pytest

import fanshu
from fanshu.errors import FanshuError
from fanshu.notation.detect import read_hand
from fanshu.tiles import TILES, format_tiles

S: Any = importlib.import_module("fanshu.analysis.shanten")
_WALL = [t for t in range(34) for _ in range(4)]


def _full(text: str) -> int:
    """The shanten through the full reader, as before the fast path."""
    hand = read_hand(text)[0]
    hand.validate(complete=False)
    r: int = S.shanten_of_hand(hand)
    return r


def _scrambled(rng: random.Random, tiles: list[int]) -> str:
    """The tiles in a random order, each suit's digits split into runs, honours anywhere."""
    words = [format_tiles([TILES[t]]) for t in tiles]
    rng.shuffle(words)
    return "".join(words)


def test_format_tiles_strings_agree_with_the_full_reader() -> None:
    rng = random.Random(19)
    for _ in range(3000):
        tiles = rng.sample(_WALL, rng.choice((13, 14)))
        text = format_tiles([TILES[t] for t in tiles])
        counts = S.plain_hand_counts(text)
        assert counts == [tiles.count(k) for k in range(34)]
        assert S.plain_shanten(text) == _full(text) == fanshu.shanten(text)


def test_scrambled_strings_agree_with_the_full_reader() -> None:
    rng = random.Random(20)
    for _ in range(1500):
        tiles = rng.sample(_WALL, rng.choice((13, 14)))
        text = _scrambled(rng, tiles)
        assert S.plain_hand_counts(text) == [tiles.count(k) for k in range(34)]
        assert S.plain_shanten(text) == _full(text) == fanshu.shanten(text)


@pytest.mark.parametrize(
    "text",
    [
        "[123m]456m789s11p23p",  # a meld
        "123m 456p789s11s55p",  # a space
        "123m456p789s11z55p",  # mpsz's z
        "123m456p789s1155p1f",  # a flower
        "0123m456p789s1155p",  # a zero
        "123mm456p789s11s5p",  # a suit letter with no digits
        "123m456p789s11s55",  # digits with no suit
        "12E3m456p789s11s5p",  # digits cut by an honour
        "",
    ],
)
def test_other_strings_are_left_to_the_full_reader(text: str) -> None:
    assert S.plain_shanten(text) is None


@pytest.mark.parametrize(
    "text",
    [
        "11111m456p789s11s",  # a fifth copy
        "111m11m456p789s11s",  # a fifth copy across two runs
        "123m456p789s11s5",  # digits with no suit
        "123m456p789s1s",  # 12 tiles
        "123m456p789s11s55pEE",  # 15 tiles
        "EEEEE123m456p789s",  # five winds
        "",
    ],
)
def test_errors_are_those_of_the_full_reader(text: str) -> None:
    with pytest.raises(FanshuError) as full:
        _full(text)
    with pytest.raises(FanshuError) as fast:
        fanshu.shanten(text)
    assert type(fast.value) is type(full.value)
    assert str(fast.value) == str(full.value)


def test_a_named_notation_or_a_wildcard_takes_the_full_path() -> None:
    assert fanshu.shanten("123m456p789s1s5mCC", notation="fanshu") == 1
    assert fanshu.shanten("123m456p789s1s5mCC", wildcard="C") == 0
    assert fanshu.shanten("123m456p789s11z55z", notation="mpsz") == 0
