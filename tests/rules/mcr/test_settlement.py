"""MCR settlement: the seeds' formulas (seed 001 全國標準麻將記分規則) as tests.

自摸和牌：(8+番數)×3      別人點炮和：8×3+番數
點炮者：-(8+番數)        非點炮者：-8
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fanshu.errors import FanshuError
from fanshu.rules.mcr.settlement import (
    MatchError,
    Penalty,
    Settlement,
    false_win_penalty,
    free_penalty,
    settle_draw,
    settle_win,
)

PLAYERS = ("East", "South", "West", "North")


@pytest.mark.parametrize("fan", [8, 9, 12, 24, 88, 332])
def test_self_drawn_is_8_plus_fan_times_3(fan: int) -> None:
    s = settle_win(PLAYERS, "West", discarder=None, fan=fan)
    assert s.payments["West"] == (8 + fan) * 3
    for p in ("East", "South", "North"):
        assert s.payments[p] == -(8 + fan)
    assert sum(s.payments.values()) == 0


@pytest.mark.parametrize("fan", [8, 9, 12, 24, 88])
def test_discard_win_is_8_times_3_plus_fan(fan: int) -> None:
    s = settle_win(PLAYERS, "South", discarder="North", fan=fan)
    assert s.payments["South"] == 8 * 3 + fan
    assert s.payments["North"] == -(8 + fan)
    assert s.payments["East"] == -8
    assert s.payments["West"] == -8
    assert sum(s.payments.values()) == 0


def test_worked_numbers() -> None:
    # 10 fan self-drawn: 18 from each = 54; 10 fan on a discard: 18 + 8 + 8 = 34.
    assert settle_win(PLAYERS, "East", discarder=None, fan=10).payments == {
        "East": 54, "South": -18, "West": -18, "North": -18,
    }  # fmt: skip
    assert settle_win(PLAYERS, "East", discarder="West", fan=10).payments == {
        "East": 34, "South": -8, "West": -18, "North": -8,
    }  # fmt: skip


def test_flowers_count_in_the_fan_but_not_toward_the_minimum() -> None:
    # 8 fan + 2 flowers = 10: paid as 10 fan.
    s = settle_win(PLAYERS, "East", discarder="South", fan=10, flowers=2)
    assert s.payments == {"East": 34, "South": -18, "West": -8, "North": -8}
    # 7 fan + 1 flower = 8 on the sheet, but only 7 toward the minimum: refused.
    with pytest.raises(MatchError, match=r"8 fan without flowers.*7.*错和"):
        settle_win(PLAYERS, "East", discarder="South", fan=8, flowers=1)
    # exactly 8 without flowers
    assert settle_win(PLAYERS, "East", discarder=None, fan=9, flowers=1).payments["East"] == 51


def test_under_minimum_refused() -> None:
    with pytest.raises(MatchError, match="8 fan"):
        settle_win(PLAYERS, "East", discarder=None, fan=7)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"winner": "Nobody", "discarder": None, "fan": 8}, "unknown winner 'Nobody'"),
        ({"winner": "East", "discarder": "Ghost", "fan": 8}, "unknown discarder 'Ghost'"),
        ({"winner": "East", "discarder": "East", "fan": 8}, "cannot be the winner"),
        ({"winner": "East", "discarder": None, "fan": -3}, "cannot be below 0"),
        ({"winner": "East", "discarder": None, "fan": 100000}, "not possible"),
        ({"winner": "East", "discarder": None, "fan": 8.5}, "whole number"),
        ({"winner": "East", "discarder": None, "fan": True}, "whole number"),
        ({"winner": "East", "discarder": None, "fan": 12, "flowers": 9}, "flowers"),
        ({"winner": "East", "discarder": None, "fan": 12, "flowers": -1}, "flowers"),
        ({"winner": "East", "discarder": None, "fan": 3, "flowers": 5}, "includes the flowers"),
    ],
)
def test_bad_win_input(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(MatchError, match=message) as info:
        settle_win(PLAYERS, **kwargs)  # type: ignore[arg-type]
    assert info.value.code == "bad_match"
    assert isinstance(info.value, FanshuError)


@pytest.mark.parametrize(
    "players",
    [("A", "B", "C"), ("A", "B", "C", "D", "E"), ("A", "A", "B", "C"), ("A", "", "B", "C")],
)
def test_bad_tables(players: tuple[str, ...]) -> None:
    with pytest.raises(MatchError):
        settle_win(players, "A", discarder=None, fan=8)


def test_draw_pays_nothing() -> None:
    assert settle_draw(PLAYERS).payments == dict.fromkeys(PLAYERS, 0)


def test_false_wins_1998_book() -> None:
    # 错和: 10 to each other player; 诈和: 20 to each.
    s = false_win_penalty(PLAYERS, "South", "under_minimum")
    assert s.payments == {"East": 10, "South": -30, "West": 10, "North": 10}
    s = false_win_penalty(PLAYERS, "North", "not_complete")
    assert s.payments == {"East": 20, "South": 20, "West": 20, "North": -60}
    with pytest.raises(MatchError, match="unknown false win"):
        false_win_penalty(PLAYERS, "North", "cheeky")
    with pytest.raises(MatchError, match="unknown offender"):
        false_win_penalty(PLAYERS, "Zed", "not_complete")


def test_free_penalty_is_recorded_not_paid() -> None:
    pen = free_penalty("West", 10, "slow play")
    assert pen == Penalty("West", 10, "slow play")
    s = Settlement(dict.fromkeys(PLAYERS, 0), (pen,))
    assert sum(s.payments.values()) == 0
    assert s.deltas == {"East": 0, "South": 0, "West": -10, "North": 0}
    assert Penalty.from_dict(pen.to_dict()) == pen
    with pytest.raises(MatchError, match="positive"):
        free_penalty("West", -10, "")
    with pytest.raises(MatchError, match="positive"):
        free_penalty("West", 0, "")


def test_settlement_must_be_zero_sum() -> None:
    with pytest.raises(MatchError, match="sum to zero"):
        Settlement({"A": 1, "B": 0})


@given(
    fan=st.integers(8, 400),
    flowers=st.integers(0, 8),
    winner=st.sampled_from(PLAYERS),
    discarder=st.sampled_from((None, *PLAYERS)),
)
def test_every_win_sums_to_zero(fan: int, flowers: int, winner: str, discarder: str | None) -> None:
    total = fan + flowers
    if discarder == winner:
        with pytest.raises(MatchError):
            settle_win(PLAYERS, winner, discarder=discarder, fan=total, flowers=flowers)
        return
    s = settle_win(PLAYERS, winner, discarder=discarder, fan=total, flowers=flowers)
    assert sum(s.payments.values()) == 0
    expected = (8 + total) * 3 if discarder is None else 24 + total
    assert s.payments[winner] == expected
