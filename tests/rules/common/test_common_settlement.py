"""Who pays under the 底分 × 2^番 list: 得分 = 底分 × 2的番数次方 (seed 000, 快速入门规则
三、2), paid by the discarder, or by each other player on a self-draw (fanshu's
default), or seed 000's 全冲 (4× / 2×); hand-checked sums."""

from __future__ import annotations

import pytest

from fanshu.errors import SettlementError
from fanshu.notation import parse_hand
from fanshu.rules.common import RULES
from fanshu.rules.common.settlement import points_of, win_payments

#: 无字 3: 10 × 2³ = 80 at 底分 10, 160 at 20.
HAND = "123m456m789m123s5s5s"


def test_discard_win_the_discarder_pays() -> None:
    r = RULES.score(parse_hand(HAND))
    assert RULES.settle("ESWN", "N", "W", r) == {"E": 0, "S": 0, "W": -80, "N": 80}
    assert RULES.settle("ESWN", "N", "W", r, {"base": 20}) == {"E": 0, "S": 0, "W": -160, "N": 160}


def test_self_draw_each_pays() -> None:
    r = RULES.score(parse_hand(HAND).with_context(self_drawn=True))
    assert RULES.settle("ESWN", "E", None, r) == {"E": 240, "S": -80, "W": -80, "N": -80}


def test_quan_chong() -> None:
    # 全冲: 放枪者 … 总计四倍; 自摸 … 自身番数双倍的其他三家
    opts = {"payment": "quan_chong"}
    r = RULES.score(parse_hand(HAND))
    assert RULES.settle("ESWN", "N", "W", r, opts) == {"E": 0, "S": 0, "W": -320, "N": 320}
    r = RULES.score(parse_hand(HAND).with_context(self_drawn=True))
    assert RULES.settle("ESWN", "E", None, r, opts) == {"E": 480, "S": -160, "W": -160, "N": -160}


def test_da_san_yuan_and_the_cap() -> None:
    r = RULES.score(parse_hand("CCCFFFPPP123m5p5p"))
    assert r.total == 26
    assert RULES.settle("ESWN", "S", "E", r)["S"] == 10 * 2**26
    assert RULES.settle("ESWN", "S", "E", r, {"cap": 6})["S"] == 640


def test_every_settlement_sums_to_zero() -> None:
    for fan in range(0, 30):
        for d in (None, "W"):
            for payment in ("simple", "quan_chong"):
                got = win_payments(
                    "ESWN", "S", discarder=d, points=points_of(10, fan), payment=payment
                )
                assert sum(got.values()) == 0 and got["S"] > 0


@pytest.mark.parametrize(
    ("winner", "discarder", "self_drawn", "needle"),
    [
        ("S", "S", False, "own discard"),
        ("S", "X", False, "not one of the players"),
        ("S", "W", True, "self-drawn win has no discarder"),
        ("S", None, False, "names the discarder"),
    ],
)
def test_bad_settlements(winner: str, discarder: str | None, self_drawn: bool, needle: str) -> None:
    r = RULES.score(parse_hand(HAND).with_context(self_drawn=self_drawn))
    with pytest.raises(SettlementError, match=needle):
        RULES.settle("ESWN", winner, discarder, r)


def test_not_a_win_is_not_settled() -> None:
    r = RULES.score(parse_hand("19m19p19sESWNCFPP"))
    with pytest.raises(SettlementError, match="not a win"):
        RULES.settle("ESWN", "S", "E", r)
