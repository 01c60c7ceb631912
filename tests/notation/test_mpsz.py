"""The mpsz notation: Tenhou honour order, flowers, hands without melds."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fanshu.errors import NotationError
from fanshu.hand import Hand, Meld, MeldKind, WinContext
from fanshu.notation import fanshu, mpsz
from fanshu.tiles import NUM_TILES, Tile

tile_lists = st.lists(st.sampled_from([Tile(t) for t in range(NUM_TILES)]), max_size=18)


@pytest.mark.parametrize(
    ("text", "tiles"),
    [
        ("1z2z3z4z", [Tile.EAST, Tile.SOUTH, Tile.WEST, Tile.NORTH]),
        # Tenhou order: 5z 白, 6z 发, 7z 中 (not fanshu's 中 发 白).
        ("5z", [Tile.WHITE]),
        ("6z", [Tile.GREEN]),
        ("7z", [Tile.RED]),
        ("567z", [Tile.WHITE, Tile.GREEN, Tile.RED]),
        ("19m19p19s", [Tile.M1, Tile.M9, Tile.P1, Tile.P9, Tile.S1, Tile.S9]),
        ("1f8f", [Tile.SPRING, Tile.CHRYSANTHEMUM]),
        ("12345678f", [Tile(t) for t in range(34, 42)]),
        ("3m 4p\t5s", [Tile.M3, Tile.P4, Tile.S5]),
        ("21m", [Tile.M2, Tile.M1]),
        ("", []),
    ],
)
def test_parse(text: str, tiles: list[Tile]) -> None:
    assert mpsz.parse_tiles(text) == tiles


@pytest.mark.parametrize(
    ("tiles", "text"),
    [
        ([Tile.M1, Tile.M2, Tile.M3, Tile.P5, Tile.P5], "123m55p"),
        ([Tile.RED, Tile.GREEN, Tile.WHITE], "765z"),
        ([Tile.M1, Tile.P1, Tile.M2], "1m1p2m"),
        ([Tile.EAST, Tile.SPRING, Tile.NORTH], "1z1f4z"),
        ([], ""),
    ],
)
def test_format_keeps_order(tiles: list[Tile], text: str) -> None:
    assert mpsz.format_tiles(tiles) == text


def test_format_sorted() -> None:
    tiles = [Tile.RED, Tile.S1, Tile.SPRING, Tile.P2, Tile.M9, Tile.WHITE]
    assert mpsz.format_tiles(tiles, sort=True) == "9m2p1s57z1f"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "123m8z",
            "unknown tile '8z' (mpsz honours are 1z-7z = 东南西北白发中, Tenhou's order) at 4",
        ),
        (
            "123m0z",
            "unknown tile '0z' (mpsz honours are 1z-7z = 东南西北白发中, Tenhou's order) at 4",
        ),
        ("9f", "unknown tile '9f' (flowers are 1f-8f) at 0"),
        ("12x", "unknown suit 'x' at 2"),
        ("11m5q", "unknown suit 'q' at 4"),
        ("05m", "there is no tile 0m (red fives are not used in MCR) at 0"),
        ("m", "suit 'm' with no digits before it at 0"),
        ("12m34", "digits with no suit after them at 3"),
        ("1m!", "unexpected character '!' at 2"),
        ("[123m]", "mpsz has no melds; write melds in the fanshu notation at 0"),
    ],
)
def test_errors(text: str, message: str) -> None:
    with pytest.raises(NotationError) as info:
        mpsz.parse_tiles(text)
    assert str(info.value) == message
    assert info.value.position == int(message.rsplit(" ", 1)[1])


def test_parse_hand_winning_tile_last() -> None:
    h = mpsz.parse_hand("123m456p789s1122z2z")
    assert h.winning_tile is Tile.SOUTH
    assert h.melds == ()
    assert h == fanshu.parse_hand("123m456p789sEESSS")
    assert mpsz.format_hand(h) == "123m456p789s1122z2z"


def test_parse_hand_dragons_in_tenhou_order() -> None:
    h = mpsz.parse_hand("111m222p33s55z666z7z", WinContext(self_drawn=True))
    assert h.concealed.count(Tile.WHITE) == 2
    assert h.concealed.count(Tile.GREEN) == 3
    assert h.winning_tile is Tile.RED
    assert h.context.self_drawn
    assert h == fanshu.parse_hand("111m222p33sPPFFFC", WinContext(self_drawn=True))


def test_thirteen_tile_hand_has_no_winning_tile() -> None:
    h = mpsz.parse_hand("19m19p19s1234567z")
    assert h.winning_tile is None
    assert len(h.concealed) == 13
    assert mpsz.format_hand(h) == "19m19p19s1234567z"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("11111m", "five copies of 1m at 4"),
        ("1m2m1m1m3m1m1m", "five copies of 1m at 12"),
        ("123m1f", "a flower is not part of the hand: 1f; count it in flowers at 4"),
        ("123m[555p", "'[' without a closing ']' at 4"),
        ("[555p4]11m", "a pung's giver is 1, 2 or 3: [555p4] at 0"),
        ("[1111z]1z", "five copies of E at 7"),
        ("[11z]", "a meld has 3 or 4 tiles, not 2: [11z] at 0"),
        ("", "empty hand"),
    ],
)
def test_parse_hand_errors(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=f"^{re.escape(message)}$"):
        mpsz.parse_hand(text)


def test_format_hand_writes_melds_in_brackets() -> None:
    concealed = tuple(fanshu.parse_tiles("1112345678m"))
    h = Hand(concealed, (Meld(MeldKind.PUNG, Tile.EAST, 2),), Tile.M9)
    assert mpsz.format_hand(h) == "[111z2]1112345678m9m"
    assert mpsz.parse_hand(mpsz.format_hand(h)) == h


def test_parse_hand_with_melds_in_tenhou_order() -> None:
    h = mpsz.parse_hand("[5555z][777z3][123m2]456p11s")
    assert [str(m) for m in h.melds] == ["[PPPP]", "[CCC3]", "[123m2]"]
    assert h.winning_tile is Tile.S1


@given(tile_lists)
def test_round_trip(tiles: list[Tile]) -> None:
    assert mpsz.parse_tiles(mpsz.format_tiles(tiles)) == tiles


@given(tile_lists)
def test_sorted_round_trip_is_a_permutation(tiles: list[Tile]) -> None:
    assert sorted(mpsz.parse_tiles(mpsz.format_tiles(tiles, sort=True))) == sorted(tiles)


@given(st.lists(st.sampled_from([Tile(t) for t in range(34)]), min_size=1, max_size=14))
def test_hand_agrees_with_fanshu(tiles: list[Tile]) -> None:
    if any(tiles.count(t) > 4 for t in tiles):
        with pytest.raises(NotationError, match="copies of"):
            mpsz.parse_hand(mpsz.format_tiles(tiles))
        return
    h = mpsz.parse_hand(mpsz.format_tiles(tiles))
    assert h == fanshu.parse_hand(fanshu.format_tiles(tiles, sort=False))
    assert mpsz.parse_hand(mpsz.format_hand(h)) == h
