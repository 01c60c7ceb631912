"""Unicode Mahjong Tiles block characters."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fanshu.errors import NotationError
from fanshu.hand import Hand, Meld, MeldKind
from fanshu.notation import fanshu, unicode
from fanshu.tiles import NUM_TILES, Tile

tile_lists = st.lists(st.sampled_from([Tile(t) for t in range(NUM_TILES)]), max_size=18)


@pytest.mark.parametrize(
    ("char", "tile"),
    [
        ("\U0001f000", Tile.EAST),
        ("\U0001f003", Tile.NORTH),
        ("\U0001f004", Tile.RED),
        ("\U0001f005", Tile.GREEN),
        ("\U0001f006", Tile.WHITE),
        ("\U0001f007", Tile.M1),
        ("\U0001f00f", Tile.M9),
        ("\U0001f010", Tile.S1),
        ("\U0001f018", Tile.S9),
        ("\U0001f019", Tile.P1),
        ("\U0001f021", Tile.P9),
        ("\U0001f022", Tile.PLUM),
        ("\U0001f023", Tile.ORCHID),
        ("\U0001f024", Tile.BAMBOO),
        ("\U0001f025", Tile.CHRYSANTHEMUM),
        ("\U0001f026", Tile.SPRING),
        ("\U0001f029", Tile.WINTER),
    ],
)
def test_each_char(char: str, tile: Tile) -> None:
    assert unicode.parse_tiles(char) == [tile]
    assert unicode.format_tiles([tile]) == char


def test_literal_characters() -> None:
    assert unicode.parse_tiles("🀇🀈🀉🀙🀚🀛🀐🀑🀒🀀🀄🀅🀆") == [
        *fanshu.parse_tiles("123m123p123s"),
        Tile.EAST,
        Tile.RED,
        Tile.GREEN,
        Tile.WHITE,
    ]


def test_every_tile_has_one_char() -> None:
    assert sorted(unicode.CHAR_OF) == [Tile(t) for t in range(NUM_TILES)]
    assert {ord(c) for c in unicode.CHAR_OF.values()} == set(range(0x1F000, 0x1F02A))


@pytest.mark.parametrize(
    "text",
    ["🀄\ufe0f🀇", "🀄\ufe0e🀇\ufe0f", "🀄 🀇", " 🀄\ufe0f \ufe0e🀇\n", "🀄🀇"],
)
def test_variation_selectors_and_spaces_skipped(text: str) -> None:
    assert unicode.parse_tiles(text) == [Tile.RED, Tile.M1]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("🀇🀪", "unknown tile '🀪' (the joker is not a tile) at 1"),
        ("🀇🀇🀫", "unknown tile '🀫' (the back of a tile is not a tile) at 2"),
        ("🀄\ufe0fx", "unknown tile 'x' (U+0078) at 2"),
        ("🀇,🀈", "unknown tile ',' (U+002C) at 1"),
        ("🀇🀬", "unknown tile '🀬' (U+1F02C) at 1"),
    ],
)
def test_errors(text: str, message: str) -> None:
    with pytest.raises(NotationError) as info:
        unicode.parse_tiles(text)
    assert str(info.value) == message
    assert info.value.position == int(message.rsplit(" ", 1)[1])


def test_format_sorted() -> None:
    tiles = [Tile.SPRING, Tile.EAST, Tile.P1, Tile.M1]
    assert unicode.format_tiles(tiles) == "🀦🀀🀙🀇"
    assert unicode.format_tiles(tiles, sort=True) == "🀇🀙🀀🀦"


def test_format_hand() -> None:
    h = fanshu.parse_hand("[123m2][555p3][EEEE][CCCC1]9s9s")
    assert unicode.format_hand(h) == "[🀇🀈🀉2] [🀝🀝🀝3] [🀀🀀🀀🀀] [🀄🀄🀄🀄1] 🀘 🀘"
    assert unicode.parse_hand(unicode.format_hand(h)) == h


def test_format_hand_without_melds_or_winning_tile() -> None:
    h = fanshu.parse_hand("19m19p19sESWNCFP")
    assert h.winning_tile is None
    assert unicode.format_hand(h) == "🀇🀏🀙🀡🀐🀘🀀🀁🀂🀃🀄🀅🀆"
    bare = Hand((), (Meld(MeldKind.CHOW, Tile.S7),), Tile.S9)
    assert unicode.format_hand(bare) == "[🀖🀗🀘] 🀘"


@given(tile_lists)
def test_round_trip(tiles: list[Tile]) -> None:
    assert unicode.parse_tiles(unicode.format_tiles(tiles)) == tiles


@given(tile_lists)
def test_round_trip_with_selectors(tiles: list[Tile]) -> None:
    text = "\ufe0f".join(unicode.format_tiles([t]) for t in tiles)
    assert unicode.parse_tiles(text) == tiles
