"""``fanshu.analysis.position``: unseen copies, the wall and the turns left."""

from __future__ import annotations

import pytest

from fanshu.analysis.position import WALL_AFTER_DEAL, Opponent, Position
from fanshu.errors import InvalidHandError, OptionError
from fanshu.notation import parse_hand
from fanshu.tiles import Tile

HAND = parse_hand("[EEE]123m456p78s99s")


def seen(**copies: int) -> tuple[int, ...]:
    out = [0] * 34
    for code, n in copies.items():
        out[Tile.from_code(code.lstrip("_"))] = n
    return tuple(out)


def test_unseen_is_four_less_visible_less_held() -> None:
    p = Position(HAND, visible=seen(_1m=2, E=1))
    held = HAND.counts()
    for k in range(34):
        expected = 4 - held[k] - p.visible[k]
        assert p.unseen[k] == expected
    assert p.unseen[Tile.EAST] == 0 and p.unseen[Tile.M1] == 1


def test_the_offered_tile_is_held() -> None:
    p = Position(parse_hand("123m456p789s23sEE"), offered=Tile.S1, offered_by=3)
    assert p.unseen[Tile.S1] == 3  # the offered copy is mine now
    assert p.unseen[Tile.S2] == 3


def test_too_many_copies_name_the_tile() -> None:
    with pytest.raises(InvalidHandError, match="9s: 3 seen on the table and 2 held make 5"):
        Position(HAND, visible=seen(_9s=3))
    with pytest.raises(InvalidHandError, match="the offered tile among them"):
        Position(parse_hand("123m456p789s23sEE"), visible=seen(E=2), offered=Tile.EAST)


def test_bad_fields() -> None:
    with pytest.raises(InvalidHandError, match="34 kinds"):
        Position(HAND, visible=(0,) * 33)
    with pytest.raises(InvalidHandError, match="seats"):
        Position(HAND, seats=5)
    with pytest.raises(InvalidHandError, match="wall"):
        Position(HAND, wall=-1)
    with pytest.raises(InvalidHandError, match="void"):
        Position(HAND, void=3)
    with pytest.raises(InvalidHandError, match="offered_by"):
        Position(HAND, offered_by=4)
    with pytest.raises(OptionError):
        Position(HAND, rules="riichi")
    with pytest.raises(InvalidHandError, match="not a tile of sichuan"):
        Position(HAND, rules="sichuan")


def test_sichuan_has_no_honours_to_see() -> None:
    p = Position(parse_hand("123m456m789m11s23s"), rules="sichuan")
    assert all(u == 0 for u in p.unseen[27:])
    assert sum(p.unseen) == 108 - 13


def test_wall_and_turns() -> None:
    assert Position(HAND, wall=41).turns_left == 10
    assert Position(HAND, wall=41, seats=2).turns_left == 20
    fresh = Position(HAND)
    assert fresh.wall_left == WALL_AFTER_DEAL["mcr"] == 136 - 53
    later = Position(HAND, visible=seen(_1m=2, _5p=1))
    assert later.wall_left == fresh.wall_left - 3
    assert Position(parse_hand("123m456m789m11s23s"), rules="sichuan").wall_left == 55
    assert Position(HAND, rules="two-player", seats=2).wall_left == 71 - 27


def test_others_still_in() -> None:
    assert Position(HAND).others == 3
    out = (Opponent(won=True, relative=1), Opponent(relative=2), Opponent(relative=3))
    assert Position(HAND, opponents=out).others == 2


def test_sichuan_turns_count_the_seats_still_in() -> None:
    hand = parse_hand("123m456m789m11s23s")
    out = (Opponent(won=True, relative=1), Opponent(relative=2), Opponent(relative=3))
    assert Position(hand, rules="sichuan", wall=30).turns_left == 30 // 4
    assert Position(hand, rules="sichuan", wall=30, opponents=out).turns_left == 30 // 3
    assert Position(HAND, wall=30, opponents=out).turns_left == 30 // 4  # MCR: one winner ends it
