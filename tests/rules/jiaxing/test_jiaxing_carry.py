"""The carried state of Jiaxing (seed 001 ❼ 注: 黄番, 老头黄, 包子, 百搭连庄 wait in one
pool; a win uses one, the rest carried; a drawn hand adds a 黄番)."""

from __future__ import annotations

import pytest

from fanshu.errors import OptionError
from fanshu.rules.jiaxing import Carry
from fanshu.rules.jiaxing.carry import is_bao_zi


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
