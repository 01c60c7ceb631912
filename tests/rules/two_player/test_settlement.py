"""Two-player settlement: the loser pays the winner the fan total, capped at 13 by default
(seeds 000/003/004: 上限（封顶）… 相当于输分的封顶值 … 为13番); self-drawn or on a discard
the payer is the same (there is one other player), and 抢杠 "记分按自摸计" pays the same."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import fanshu
from fanshu.errors import FanshuError
from fanshu.rules.base import RuleResult
from fanshu.rules.mcr.settlement import MatchError
from fanshu.rules.two_player import RULES, TwoPlayerOptions
from fanshu.sampling import winning_hands

PLAYERS = ("庄家", "闲家")


def _score(hand: str, **kw: object) -> RuleResult:
    r = fanshu.score(hand, rules="two-player", **kw)  # type: ignore[call-overload]
    assert isinstance(r, RuleResult)
    return r


def test_capped_payment() -> None:
    r = _score("EEESSSWWWNNN33m")
    assert r.total == 159
    assert RULES.settle(PLAYERS, "闲家", "庄家", r) == {"闲家": 13, "庄家": -13}
    assert RULES.settle(PLAYERS, "庄家", None, r) == {"庄家": 13, "闲家": -13}


def test_under_the_cap_pays_the_total() -> None:
    r = _score("[123m1]456m234p678s55s")
    assert RULES.settle(PLAYERS, "庄家", "闲家", r) == {"庄家": 3, "闲家": -3}


def test_cap_from_the_options() -> None:
    r = _score("EEESSSWWWNNN33m", options={"cap": None})
    assert RULES.settle(PLAYERS, "庄家", None, r) == {"庄家": 159, "闲家": -159}
    # options given to settle win over the ones the hand was scored with
    opts = TwoPlayerOptions(cap=20)
    assert RULES.settle(PLAYERS, "庄家", None, r, opts) == {"庄家": 20, "闲家": -20}


def test_robbing_a_kong_pays_as_self_drawn() -> None:
    r = _score("[234m1]456s789p34m11s5m", kong=True)
    assert RULES.settle(PLAYERS, "庄家", "闲家", r) == RULES.settle(PLAYERS, "庄家", None, r)


@pytest.mark.parametrize(
    ("players", "winner", "discarder", "message"),
    [
        (("A", "B", "C"), "A", None, "two players"),
        (("A", "A"), "A", None, "two players"),
        (("A", "B"), "C", None, "not one of"),
        (("A", "B"), "A", "A", "the discarder is the other player"),
    ],
)
def test_bad_settlement(
    players: tuple[str, ...], winner: str, discarder: str | None, message: str
) -> None:
    r = _score("[123m1]456m234p678s55s")
    with pytest.raises(MatchError, match=message):
        RULES.settle(players, winner, discarder, r)


def test_nothing_to_settle() -> None:
    with pytest.raises(FanshuError, match="not a winning hand"):
        RULES.settle(PLAYERS, "庄家", None, _score("123m456p123789sES"))
    with pytest.raises(FanshuError, match="two-player"):
        RULES.settle(PLAYERS, "庄家", None, fanshu.score("EEESSSWWWNNN33m"))


@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    self_drawn=st.booleans(),
    first_turn=st.booleans(),
    dealer=st.booleans(),
    ready=st.booleans(),
    winner=st.sampled_from(PLAYERS),
    cap=st.sampled_from((13, None, 1, 40)),
)
def test_zero_sum(
    seed: int, self_drawn: bool, first_turn: bool, dealer: bool, ready: bool, winner: str,
    cap: int | None,
) -> None:  # fmt: skip
    (h,) = winning_hands(seed, 1)
    if h.melds:
        first_turn = False  # a first-turn win has no melds
    if any(not m.is_concealed for m in h.melds):
        ready = False  # 天听 locks the hand: no claim after it
    h = h.with_context(
        seat_wind="E", prevalent_wind="E", flowers=0, kong=False, self_drawn=self_drawn,
        first_turn=first_turn, dealer=dealer, ready_at_start=ready,
    )  # fmt: skip
    opts = TwoPlayerOptions(cap=cap)
    r = RULES.score(h, opts)
    assert r.is_win
    assert r.total == sum(f.points for f in r.fans)
    loser = PLAYERS[1 - PLAYERS.index(winner)]
    pay = RULES.settle(PLAYERS, winner, None if self_drawn else loser, r)
    assert sum(pay.values()) == 0
    assert pay[winner] == (r.total if cap is None else min(r.total, cap)) >= 0
    if cap is not None:
        assert r.capped == pay[winner]
