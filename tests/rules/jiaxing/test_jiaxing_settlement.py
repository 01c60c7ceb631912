"""Jiaxing settlement (points = (底台 + 台) × 2 ** 番, who pays by ``discard_pays``) and the
carried state (黄番, 老头黄, 包子, 百搭连庄: one used per win, the rest carried), checked
by hand."""

from __future__ import annotations

import pytest

from fanshu.errors import OptionError
from fanshu.notation import parse_hand
from fanshu.rules.jiaxing import RULES, Carry
from fanshu.rules.jiaxing.carry import is_bao_zi
from fanshu.rules.jiaxing.settlement import SettlementError, win_payments

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


# --- the carried state ------------------------------------------------------------------


def test_three_drawn_hands_give_three_huang_fan_used_one_per_win() -> None:
    # 若前面流局过3次，就有3个黄番；每和一次，用掉1个黄番，直到用完。如果再流局，黄番次数再+1
    c = Carry().after_draw().after_draw().after_draw()
    assert c.huang_fan == 3
    used = []
    for kind in range(4):  # a different 百搭 each hand: no 百搭连庄
        c = c.opened(wildcard=kind)
        used.append(c.using())
        c = c.after_win()
    assert used == [("huang_fan",), ("huang_fan",), ("huang_fan",), ()]
    assert c.after_draw().huang_fan == 1


def test_the_four_kinds_wait_in_one_pool_one_used_per_hand() -> None:
    c = Carry(last_wildcard=31).opened(wildcard=31, dice=(6, 6))  # 中 again, 6-6
    assert (c.lao_tou_huang, c.bao_zi, c.lian_zhuang, c.waiting) == (1, 1, 1, 3)
    assert c.using() == ("lao_tou_huang",)
    c = c.after_win()
    assert c.using() == ("bao_zi",) and c.waiting == 2
    # a drawn hand uses nothing and adds a 黄番, which goes first
    assert c.after_draw().using() == ("huang_fan",)


def test_bao_zi_needs_two_equal_dice() -> None:
    assert is_bao_zi((3, 3)) and not is_bao_zi((3, 4)) and not is_bao_zi(())


def test_carry_reads_back_and_refuses_bad_state() -> None:
    c = Carry(huang_fan=2, bao_zi=1, last_wildcard=22)
    assert Carry.from_dict(c.to_dict()) == c and Carry.from_dict({}) == Carry()
    assert c.to_dict()["last_wildcard"] == "5p"
    with pytest.raises(OptionError, match="carried huang_fan is a whole number"):
        Carry(huang_fan=-1)
    with pytest.raises(OptionError, match="unknown carried state 'dealer'"):
        Carry.from_dict({"dealer": 1})
    with pytest.raises(OptionError, match="last_wildcard is a tile code"):
        Carry.from_dict({"last_wildcard": "9z"})
