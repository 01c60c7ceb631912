"""Pinghu settlement, checked by hand: "1台22胡，放炮9張牌，另外二家4張牌" read as 张 per 台
(the discarder 9, the two others 4; self-drawn 9 from each of the three)."""

from __future__ import annotations

from typing import Any

import pytest

from fanshu.errors import SettlementError
from fanshu.notation import parse_hand
from fanshu.rules.base import Result
from fanshu.rules.beijing import RULES as BEIJING
from fanshu.rules.pinghu import RULES
from fanshu.rules.pinghu.options import PinghuOptions
from fanshu.rules.pinghu.settlement import win_payments

PLAYERS = ["E", "S", "W", "N"]


def scored(hand: str, **context: Any) -> Result[str]:
    r = RULES.score(parse_hand(hand).with_context(**context))
    assert r.is_win, r.reason
    return r


def test_discard_win_by_hand() -> None:
    r = scored("123m456m789m234s5s5s")  # 九字连环 12 + 平湖 1 + 门前清 1 = 14 台
    assert r.total == 14
    got = RULES.settle(PLAYERS, "S", "N", r)
    # N fed it: 9 × 14 = 126; E and W: 4 × 14 = 56 each; S receives 126 + 56 + 56 = 238
    assert got == {"E": -56, "S": 238, "W": -56, "N": -126}
    assert sum(got.values()) == 0


def test_self_drawn_win_by_hand() -> None:
    r = scored("[234s]567m234m678p5p5p", self_drawn=True)  # 平湖 + 断幺 + 自摸 = 3 台
    got = RULES.settle(PLAYERS, "W", None, r)
    assert got == {"E": -27, "S": -27, "W": 81, "N": -27}


def test_robbed_kong_is_paid_by_the_kong_owner_as_discarder() -> None:
    r = scored("[234s]567m678p5p5p23m4m", kong=True)  # 平湖 + 断幺 = 2 台, 4m robbed
    assert RULES.settle(PLAYERS, "E", "S", r) == {"E": 34, "S": -18, "W": -8, "N": -8}


def test_flat_hand_pays_48_per_rate() -> None:
    r = scored("19m19s19pESWNCFP1m")
    assert RULES.settle(PLAYERS, "E", "W", r) == {"E": 816, "S": -192, "W": -432, "N": -192}


def test_rates_are_options() -> None:
    r = scored("[234s]567m234m678p5p5p")  # 2 台
    opts = {"discarder_pays": 5, "others_pay": 0}
    assert RULES.settle(PLAYERS, "E", "S", r, opts) == {"E": 10, "S": -10, "W": 0, "N": 0}
    rs = scored("[234s]567m234m678p5p5p", self_drawn=True)  # 3 台
    got = RULES.settle(PLAYERS, "E", None, rs, PinghuOptions(self_drawn_pays=4))
    assert got == {"E": 36, "S": -12, "W": -12, "N": -12}


def test_flowers_count_in_the_payment() -> None:
    opts = PinghuOptions(flowers=True)
    hand = parse_hand("[123m]456s789s111p2p2p").with_context(self_drawn=True, flowers=2)
    r = RULES.score(hand, opts)
    assert r.total == 3
    assert RULES.settle(PLAYERS, "N", None, r, opts)["N"] == 81


def test_discarder_must_match_the_context() -> None:
    r = scored("[234s]567m234m678p5p5p")
    with pytest.raises(SettlementError, match="names the discarder"):
        RULES.settle(PLAYERS, "E", None, r)
    rs = scored("[234s]567m234m678p5p5p", self_drawn=True)
    with pytest.raises(SettlementError, match="no discarder"):
        RULES.settle(PLAYERS, "E", "S", rs)


def test_refuses_what_is_not_a_pinghu_win() -> None:
    lost = RULES.score(parse_hand("[123m]456s789s111p2p2p"))
    with pytest.raises(SettlementError, match="not a win"):
        RULES.settle(PLAYERS, "E", "S", lost)
    other = BEIJING.score(parse_hand("123m456m789m234s5s5s").with_context(self_drawn=True))
    with pytest.raises(SettlementError, match="pinghu"):
        RULES.settle(PLAYERS, "E", None, other)


@pytest.mark.parametrize(
    ("players", "winner", "discarder", "message"),
    [
        (["E", "E", "W", "N"], "E", None, "distinct"),
        (PLAYERS, "X", None, "winner 'X'"),
        (PLAYERS, "E", "E", "discarder 'E'"),
        (PLAYERS, "E", "Q", "discarder 'Q'"),
    ],
)
def test_win_payments_checks_its_players(
    players: list[str], winner: str, discarder: str | None, message: str
) -> None:
    with pytest.raises(SettlementError, match=message):
        win_payments(players, winner, discarder=discarder, tai=1)


def test_every_payment_sums_to_zero() -> None:
    for tai in range(0, 60, 7):
        for d in (None, "E", "W"):
            got = win_payments(PLAYERS, "S", discarder=d, tai=tai)
            assert sum(got.values()) == 0
            assert got["S"] == tai * (27 if d is None else 17)
