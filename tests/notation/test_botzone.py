"""Botzone tile codes W/B/T/F/J/H."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fanshu.errors import NotationError
from fanshu.notation import botzone
from fanshu.tiles import NUM_TILES, Tile

tile_lists = st.lists(st.sampled_from([Tile(t) for t in range(NUM_TILES)]), max_size=18)


@pytest.mark.parametrize(
    ("code", "tile"),
    [
        ("W1", Tile.M1),
        ("W9", Tile.M9),
        ("B1", Tile.P1),  # B is 饼 (dots)
        ("B9", Tile.P9),
        ("T1", Tile.S1),  # T is 条 (bamboo)
        ("T9", Tile.S9),
        ("F1", Tile.EAST),
        ("F2", Tile.SOUTH),
        ("F3", Tile.WEST),
        ("F4", Tile.NORTH),
        ("J1", Tile.RED),
        ("J2", Tile.GREEN),
        ("J3", Tile.WHITE),
        ("H1", Tile.SPRING),
        ("H4", Tile.WINTER),
        ("H5", Tile.PLUM),
        ("H8", Tile.CHRYSANTHEMUM),
    ],
)
def test_each_code(code: str, tile: Tile) -> None:
    assert botzone.parse_tiles(code) == [tile]
    assert botzone.format_tiles([tile]) == code


def test_every_tile_has_one_code() -> None:
    assert sorted(botzone.CODE_OF) == [Tile(t) for t in range(NUM_TILES)]
    assert len(set(botzone.CODE_OF.values())) == NUM_TILES


@pytest.mark.parametrize(
    "text",
    ["W1 B2 T3 J1", "W1,B2,T3,J1", "W1, B2 ,T3  J1", "W1B2T3J1", " w1b2 t3,j1 ", "W1\nB2\tT3,,J1"],
)
def test_separators(text: str) -> None:
    assert botzone.parse_tiles(text) == [Tile.M1, Tile.P2, Tile.S3, Tile.RED]


def test_format() -> None:
    tiles = [Tile.S5, Tile.M1, Tile.WHITE, Tile.NORTH, Tile.ORCHID]
    assert botzone.format_tiles(tiles) == "T5 W1 J3 F4 H6"
    assert botzone.format_tiles(tiles, sep=",") == "T5,W1,J3,F4,H6"
    assert botzone.format_tiles(tiles, sort=True) == "W1 T5 F4 J3 H6"
    assert botzone.format_tiles([]) == ""
    assert botzone.parse_tiles("") == []


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("W1 Q9", "unknown tile 'Q9' at 3"),
        ("W1 W2Q9", "unknown tile 'Q9' at 5"),
        ("W0", "unknown tile 'W0' at 0"),
        ("W1 W10", "unknown tile 'W10' at 3"),
        ("F5", "unknown tile 'F5' at 0"),
        ("J4", "unknown tile 'J4' at 0"),
        ("H9", "unknown tile 'H9' at 0"),
        ("B3 T", "tile 'T' with no number after it at 3"),
        ("W1 X", "unknown tile 'X' at 3"),
        ("W1 7", "unknown tile '7' at 3"),
        ("W1;W2", "unexpected character ';' at 2"),
    ],
)
def test_errors(text: str, message: str) -> None:
    with pytest.raises(NotationError) as info:
        botzone.parse_tiles(text)
    assert str(info.value) == message
    assert info.value.position == int(message.rsplit(" ", 1)[1])


@given(tile_lists)
def test_round_trip(tiles: list[Tile]) -> None:
    assert botzone.parse_tiles(botzone.format_tiles(tiles)) == tiles


@given(tile_lists, st.sampled_from(["", ",", ", ", "  "]))
def test_round_trip_any_separator(tiles: list[Tile], sep: str) -> None:
    assert botzone.parse_tiles(botzone.format_tiles(tiles, sep=sep)) == tiles


# -- hands with packs (issue 18) --------------------------------------------------------


def test_parse_hand_reads_mahjonggb_packs() -> None:
    from fanshu.hand import MeldKind
    from fanshu.notation.fanshu import parse_hand as parse_fanshu

    h = botzone.parse_hand("[PENG W1 1] [CHI T2 2] [GANG J1 0] [BUGANG F2 3] B5 B5")
    assert [m.kind for m in h.melds] == [
        MeldKind.PUNG,
        MeldKind.CHOW,
        MeldKind.CONCEALED_KONG,
        MeldKind.ADDED_KONG,
    ]
    assert h == parse_fanshu("[111m][123s2][CCCC][SSSS7]5p5p")
    assert botzone.format_hand(h) == "[PENG W1 1] [CHI T2 2] [GANG J1 0] [BUGANG F2 3] B5 B5"
    assert botzone.parse_hand("[gang j1 2],w1") == parse_fanshu("[CCCC2]1m")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[PONG W1 1]", "a Botzone pack is [WORD TILE OFFER]"),
        ("[CHI W1 1]", "CHI names the middle tile of a chow"),
        ("[PENG W1 0]", "a pung's giver is 1, 2 or 3"),
        ("[PENG W1 4]", "a pack's offer is 0-3"),
        ("[PENG H1 1]", "a flower cannot be in a meld"),
        ("[PENG W1W2 1]", "a Botzone pack names one tile"),
        ("W1 [PENG W1 1] W1 W1 W1", "five copies of 1m"),
    ],
)
def test_parse_hand_errors(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=re.escape(message)):
        botzone.parse_hand(text)
