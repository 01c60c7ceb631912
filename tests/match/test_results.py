"""The typed hand result a front end gives a score sheet, and its text forms."""

from __future__ import annotations

import pytest

from fanshu.match.results import (
    HandResult,
    Kong,
    Win,
    parse_kong,
    parse_win,
    result_from_dict,
    result_to_dict,
)
from fanshu.match.sheet import MatchError


def test_text_forms() -> None:
    assert parse_win("B:3") == Win("B", fan=3)
    assert parse_win("B:123m456m789m11122p:C") == Win("B", "C", hand="123m456m789m11122p")
    assert parse_kong("A:concealed") == Kong("A", "concealed")
    assert parse_kong("D:direct:C@2") == Kong("D", "direct", "C", 2)
    for bad in ("B", "B:", "B:1:C:D"):
        with pytest.raises(MatchError, match="WINNER:FAN"):
            parse_win(bad)
    for bad in ("A:open", "A", "A:direct@x"):
        with pytest.raises(MatchError, match="kong"):
            parse_kong(bad)


def test_round_trip_keeps_only_what_is_set() -> None:
    plain = HandResult(winner="A", discarder="B", fan=9)
    assert result_to_dict(plain) == {
        "draw": False, "winner": "A", "discarder": "B", "fan": 9, "hand": None, "flowers": 0,
    }  # fmt: skip
    assert result_to_dict(HandResult(draw=True)) == {"draw": True}
    full = HandResult(
        winner="A",
        fan=1,
        wins=(Win("B", "C", fan=2),),
        kongs=(Kong("D", "added", after=1),),
        ready={"C": "1112345678999m"},
        follow_dealer=True,
        burn=2,
        partner="C",
    )
    back = result_from_dict(result_to_dict(full))
    assert result_to_dict(back) == result_to_dict(full) and back.partner == "C"
    assert back.extras() == ["wins", "kongs", "ready", "follow_dealer", "burn", "partner"]
    assert plain.extras() == [] and [w.winner for w in full.all_wins()] == ["A", "B"]
    with pytest.raises(MatchError, match="bad hand result"):
        result_from_dict({"wins": [{"who": "A"}]})


def test_win_context_round_trips_and_old_results_read_false() -> None:
    robbed = HandResult(winner="A", discarder="B", hand="456p789s234sEE123m", kong=True)
    d = result_to_dict(robbed)
    assert d["kong"] is True and "fourth_tile" not in d and "wall_last" not in d
    assert result_from_dict(d) == robbed
    assert result_from_dict({"winner": "A", "hand": "x"}).kong is False  # an old row
    assert robbed.all_wins()[0] == Win("A", "B", hand="456p789s234sEE123m", kong=True)
    assert Win("A", fan=2).to_dict() == {
        "winner": "A", "discarder": None, "fan": 2, "hand": None, "kong_feeder": None,
    }  # fmt: skip
    with pytest.raises(MatchError, match="wall_last is true or false, not 'yes'"):
        result_from_dict({"winner": "A", "hand": "x", "wall_last": "yes"})
    with pytest.raises(MatchError, match=r"fourth_tile \(和绝张\) is scored from the winning hand"):
        HandResult(winner="A", fan=8, fourth_tile=True).check_win_context()
    robbed.check_win_context()
