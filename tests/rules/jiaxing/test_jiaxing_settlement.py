"""Jiaxing settlement (points = (底台 + 台) × 2 ** 番, who pays by ``discard_pays``),
checked by hand."""

from __future__ import annotations

import pytest

from fanshu.errors import SettlementError
from fanshu.notation import parse_hand
from fanshu.rules.jiaxing import RULES
from fanshu.rules.jiaxing.settlement import win_payments

P = ["E", "S", "W", "N"]


def test_a_self_drawn_win_is_paid_by_each_of_the_three() -> None:
    # 清一色 4 + 无百搭 1 = 5 台, 底台 1: 6; 杠上开花 1 番: 12 from each.
    h = parse_hand("[1111m]234m567m888m9m9m").with_context(self_drawn=True, kong=True)
    r = RULES.score(h)
    assert (r.details["tai"], r.total, r.details["points"]) == (5, 1, 12)
    assert RULES.settle(P, "W", None, r) == {"E": -12, "S": -12, "W": 36, "N": -12}


def test_a_win_on_a_discard_under_each_option() -> None:
    # 对对和 2 + 红中刻 1 + 无百搭 1 = 4 台 (底台 1: 5), 单吊 1 番: 10.
    h = parse_hand("[111m][222p][CCC][999s]5s5s")
    r = RULES.score(h)
    assert r.details["points"] == 10
    assert RULES.settle(P, "S", "N", r) == {"E": 0, "S": 10, "W": 0, "N": -10}
    assert RULES.settle(P, "S", "N", r, {"discard_pays": "all"}) == {
        "E": -10, "S": 30, "W": -10, "N": -10,
    }  # fmt: skip
    assert RULES.settle(P, "S", "N", r, {"discard_pays": "discarder_for_all"}) == {
        "E": 0, "S": 30, "W": 0, "N": -30,
    }  # fmt: skip


def test_the_dealer_pays_as_anyone() -> None:
    h = parse_hand("123m456m789p111s2s2s").with_context(self_drawn=True, dealer=True)
    r = RULES.score(h)
    assert RULES.settle(P, "E", None, r, dealer="E") == {"E": 6, "S": -2, "W": -2, "N": -2}


def test_settlement_refuses_what_does_not_fit() -> None:
    r = RULES.score(parse_hand("123m456m789p111s2s2s"))  # on a discard
    with pytest.raises(SettlementError, match="names the discarder"):
        RULES.settle(P, "S", None, r)
    with pytest.raises(SettlementError, match="cannot win on their own discard"):
        win_payments(P, "S", discarder="S", points=3)
    with pytest.raises(SettlementError, match="4 different players"):
        win_payments(["E", "S", "W"], "S", discarder=None, points=3)
    with pytest.raises(SettlementError, match="'X' is not one of the players"):
        win_payments(P, "S", discarder="X", points=3)
    bad = RULES.score(parse_hand("123m456m789p135s2s2s"))
    with pytest.raises(SettlementError, match="not a win"):
        RULES.settle(P, "S", "E", bad)


def test_every_settlement_sums_to_zero() -> None:
    for pays in ("discarder", "all", "discarder_for_all"):
        for d in (None, "E", "W"):
            out = win_payments(P, "S", discarder=d, points=7, discard_pays=pays)
            assert sum(out.values()) == 0 and out["S"] > 0
