"""The ChineseOfficialMahjongHelper string (``fanshu.notation.cmh``): today's form (what
the app's ``stringify.cpp`` writes), the older z honours and the older spaces."""

from __future__ import annotations

import re

import pytest

from fanshu.errors import NotationError
from fanshu.hand import MeldKind
from fanshu.notation import cmh
from fanshu.notation.fanshu import parse_hand
from fanshu.tiles import Tile


@pytest.mark.parametrize(
    ("text", "fanshu_form"),
    [
        ("[EEEE]123m456p789s11s", "[EEEE]123m456p789s11s"),  # concealed kong: no digit
        ("[EEEE1]123m456p789s11s", "[EEEE1]123m456p789s11s"),  # melded, from 上家
        ("[EEEE6]123m456p789s11s", "[EEEE6]123m456p789s11s"),  # added, the pung from 对家
        ("[EEEE4]123m456p789s11s", "[EEEE]123m456p789s11s"),  # CMH: 4 is concealed
        ("[EEEE0]123m456p789s11s", "[EEEE]123m456p789s11s"),
        ("[213m2][555p3]789s11sCCC", "[123m2][555p3]789s11sCCC"),  # a chow in any order
        ("[123m0]456p789s11sCCC", "[123m]456p789s11sCCC"),  # CMH: 0 is the default 1
    ],
)
def test_reads_todays_form(text: str, fanshu_form: str) -> None:
    assert cmh.parse_hand(text) == parse_hand(fanshu_form)


def test_older_z_honours_are_in_cmh_order() -> None:
    # CMH's z: 1z-7z = 东南西北中发白 — 5z is 中 here, 白 in Tenhou's mpsz
    assert cmh.Z_ORDER == (
        Tile.EAST,
        Tile.SOUTH,
        Tile.WEST,
        Tile.NORTH,
        Tile.RED,
        Tile.GREEN,
        Tile.WHITE,
    )
    assert cmh.parse_hand("123m456p789s555z11s") == parse_hand("123m456p789sCCC11s")
    assert cmh.parse_hand("[5555z]123m456p789s11s") == parse_hand("[CCCC]123m456p789s11s")


def test_older_spaces_end_melds() -> None:
    h = cmh.parse_hand("123m 456p 789s EEEE 11s")
    kinds = [m.kind for m in h.melds]
    assert kinds == [MeldKind.CHOW, MeldKind.CHOW, MeldKind.CHOW, MeldKind.KONG]
    assert h.melds[3].source == 1  # a kong written with spaces is melded, from 上家
    assert h.winning_tile is Tile.S1 and h.concealed == (Tile.S1,)
    # groups before a bracket are melds too when a space ends them; after ']' a space is nothing
    assert cmh.parse_hand("123m [EEEE] 456p789s11s") == parse_hand("[123m][EEEE]456p789s11s")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("123m0p", "there is no tile 0 (red fives are not used) at 4"),
        ("18z", "unknown tile '8z' (CMH's honours are 1z-7z = 东南西北中发白) at 1"),
        ("12m[EEEE]3m", "melds come before the concealed tiles at 3"),
        ("[EEE5]", "a pung's giver is 1, 2 or 3: [EEE5] at 0"),
        ("124m 5p", "a chow must be three consecutive tiles of one suit: 124m"),
        ("1E", "digits with no suit before 'E' at 0"),
        ("1m!", "unexpected character '!' at 2"),
    ],
)
def test_errors(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=re.escape(message)):
        cmh.parse_hand(text)


def test_an_older_meld_error_says_spaces_end_melds() -> None:
    with pytest.raises(NotationError, match="in CMH's older form a space ends a meld"):
        cmh.parse_hand("12m 456p")


def test_writes_as_the_app_does() -> None:
    # melds first, standing tiles in CMH's order (万 条 饼, honours as letters), the
    # winning tile last
    h = parse_hand("[EEE2][CCCC5]123m456p1s1s")
    assert cmh.format_hand(h) == "[EEE2][CCCC5]123m1s456p1s"
    assert cmh.parse_hand(cmh.format_hand(h)) == h


def test_tiles_round_trip_with_flowers() -> None:
    tiles = [Tile.P1, Tile.M1, Tile.SPRING, Tile.RED]
    assert cmh.format_tiles(tiles) == "1p1m1fC"
    assert cmh.parse_tiles(cmh.format_tiles(tiles)) == tiles
