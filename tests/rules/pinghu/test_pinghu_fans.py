"""Pinghu 翻 (seed 001 ❹ 平湖麻將台頭胡演算法): each row of the seed's list on a hand that
scores it, with its value; the readings the options switch; near misses; bad input."""

from __future__ import annotations

from typing import Any

import pytest

from fanshu.errors import InvalidHandError, OptionError
from fanshu.notation import parse_hand
from fanshu.rules import get_rules
from fanshu.rules.base import Result
from fanshu.rules.pinghu import RULES
from fanshu.rules.pinghu.fans import BIG, BY_KEY, FANS, FLAT, SMALL
from fanshu.rules.pinghu.options import PinghuOptions


def score(hand: str, options: dict[str, Any] | None = None, **context: Any) -> Result[str]:
    return RULES.score(parse_hand(hand).with_context(**context), options)


def rows(r: Result[str]) -> dict[str, int]:
    """Counted rows by Chinese name, with the 台 each brings."""
    assert r.is_win, r.reason
    return {e.name_zh: e.points for e in r.fans}


# --- the list as data -------------------------------------------------------------------


def test_values_as_the_seed_gives_them() -> None:
    values = {f.name_zh: f.value for f in FANS}
    assert values == {
        "十三幺": 48, "大四喜": 48, "全幺": 24, "全幺九": 24, "混幺九": 24,
        "清一色对对碰": 12, "九字连环": 12, "清一色": 12, "混一色对对碰": 10,
        "昆一色": 5, "对对碰胡": 5, "平湖": 1, "门前清": 1, "断幺": 1, "2百眼": 1,
        "红中": 1, "自摸": 1, "花": 1,
    }  # fmt: skip


#: Seed 001 ❹ as the seed file writes it (traditional characters), title and list.
SEED_TEXT = (
    "平湖麻將台頭胡演算法1台22胡放炮9張牌另外二家4張牌"
    "十三幺，48翻；大四喜；全幺、全幺九、混幺九，24翻起；、清一色（對對碰）、九字連環、清一色，"
    "12翻起；混一色（對對碰），10翻起；昆一色、對對碰胡，5翻起；平湖1翻、門前清1翻、斷幺1翻、"
    "2百眼1翻、紅中1翻、自摸1翻；有些地方打花，花分："
)


def test_every_row_quotes_its_seed_sentence() -> None:
    for f in FANS:
        assert f.source.startswith("seed 001, ❹"), f.key
        quoted = f.source.split(": ", 1)[1]
        assert quoted in SEED_TEXT, f.key


def test_groups_partition_the_list() -> None:
    assert set(BY_KEY) == FLAT | BIG | SMALL
    assert not (FLAT & BIG or FLAT & SMALL or BIG & SMALL)


def test_registry_finds_pinghu_with_its_wildcard_rule() -> None:
    rules = get_rules("pinghu")
    assert rules.name == "pinghu" and isinstance(rules, type(RULES))
    assert rules.combine == "add" and rules.minimum == 1
    assert rules.wildcards is not None
    assert rules.wildcards.shapes == ("regular", "thirteen_orphans")
    assert rules.wildcards.stands_for == frozenset(range(34))
    assert rules.engine_variant == "fanshu.engine.variants.pinghu:PinghuVariant"


# --- one hand per row ---------------------------------------------------------------------


def test_shi_san_yao_is_48_flat() -> None:
    r = score("19m19s19pESWNCFP1m", self_drawn=True)
    assert rows(r) == {"十三幺": 48}  # "48翻" without 起: not even 自摸 or 门前清 on top
    assert r.total == 48 and r.shape == "thirteen_orphans"


def test_da_si_xi_is_48_flat_and_an_option() -> None:
    r = score("EEESSSWWWNNN5m5m")
    assert rows(r) == {"大四喜": 48}
    assert score("EEESSSWWWNNN5m5m", {"da_si_xi": 64}).total == 64


def test_near_miss_three_wind_pungs_is_not_da_si_xi() -> None:
    r = score("EEESSSWWW123m5m5m")
    assert "大四喜" not in rows(r)


def test_quan_yao_all_honours_24() -> None:
    r = score("EEESSSCCCFFFPP")
    assert rows(r) == {"全幺": 24, "红中": 1, "门前清": 1}  # 对对碰胡 is part of it


def test_quan_yao_outside_reading() -> None:
    hand = "123m789m123sEEE9p9p"
    assert "全幺" not in rows(score(hand))
    assert rows(score(hand, {"quan_yao": "outside"})) == {"全幺": 24, "门前清": 1}
    # under "outside" the all-honours hand is still 全带幺, and nothing else big
    assert rows(score("EEESSSCCCFFFPP", {"quan_yao": "outside"}))["全幺"] == 24


def test_quan_yao_jiu_24() -> None:
    assert rows(score("111m999m111s999s1p1p")) == {"全幺九": 24, "门前清": 1}


def test_hun_yao_jiu_24() -> None:
    assert rows(score("111m999mEEESSS9s9s")) == {"混幺九": 24, "门前清": 1}


def test_qing_yi_se_dui_dui_12() -> None:
    r = score("[111m]333m555m777m9m9m")
    assert rows(r) == {"清一色对对碰": 12}  # claimed: no 门前清


def test_jiu_zi_lian_huan_straight_12() -> None:
    assert rows(score("123m456m789m234s5s5s")) == {"九字连环": 12, "平湖": 1, "门前清": 1}


def test_jiu_zi_lian_huan_nine_gates_reading() -> None:
    hand = "1112345678999m5m"
    nine = {"jiu_zi_lian_huan": "nine_gates"}
    assert rows(score(hand, nine)) == {"九字连环": 12, "门前清": 1}
    # read as a straight it is only 清一色 (111-234-55-678-999 has no 123-456-789)
    assert rows(score(hand)) == {"清一色": 12, "门前清": 1}
    assert "九字连环" not in rows(score("123m456m789m234s5s5s", nine))
    # added up, 九莲宝灯 takes 清一色 in (always a full flush)
    assert rows(score(hand, {**nine, "big_hands": "add"}))["九字连环"] == 12
    assert "清一色" not in rows(score(hand, {**nine, "big_hands": "add"}))


def test_qing_yi_se_12() -> None:
    assert rows(score("111m234m456m678m9m9m")) == {"清一色": 12, "门前清": 1}


def test_hun_yi_se_dui_dui_10() -> None:
    assert rows(score("111m555m999mEEECC")) == {"混一色对对碰": 10, "门前清": 1}


def test_kun_yi_se_5() -> None:
    assert rows(score("123m345m678mEEEFF")) == {"昆一色": 5, "门前清": 1}


def test_dui_dui_hu_5() -> None:
    assert rows(score("[222m]555s888pEEE3m3m")) == {"对对碰胡": 5}


def test_ping_hu_1() -> None:
    assert rows(score("[234s]567m234m678p5p5p")) == {"平湖": 1, "断幺": 1}


def test_ping_hu_needs_a_suit_pair() -> None:
    assert "平湖" not in rows(score("[234s]567m234m678pFF", {"minimum": 0}))


def test_men_qian_qing_1() -> None:
    assert rows(score("123m456m789s111p5p5p")) == {"门前清": 1}


def test_concealed_kong_keeps_men_qian_qing() -> None:
    assert rows(score("[1111p]123m456m789s5p5p")) == {"门前清": 1}


def test_duan_yao_1() -> None:
    assert rows(score("[234s]567m234m666p5p5p")) == {"断幺": 1}


def test_hong_zhong_1() -> None:
    assert rows(score("[123m]456s789sCCC2p2p")) == {"红中": 1}
    assert "红中" not in rows(
        score("[123m]456s789sFFF2p2p", {"minimum": 0})
    )  # only 紅中 is in the list


def test_zi_mo_1() -> None:
    assert rows(score("[123m]456s789s111p2p2p", self_drawn=True)) == {"自摸": 1}


def test_liang_bai_yan_1() -> None:
    # 5s is wild; both 5s are the eyes (standing for themselves is still two 百搭)
    r = score("[123m]456m789s111p5s5s", wildcard="5s")
    assert rows(r) == {"2百眼": 1}
    # one wild tile in the pair is not 2百眼 (and the hand has nothing else: no win)
    assert not score("[123m]456m789s111p5s5s", wildcard="5m").is_win


def test_flowers_option_one_each() -> None:
    r = score("[123m]456s789s111p2p2p", {"flowers": True}, self_drawn=True, flowers=3)
    assert rows(r) == {"自摸": 1, "花": 3}
    assert r.total == 4 and r.flowers == 3 and r.total_without_flowers == 1


def test_flowers_need_the_option() -> None:
    with pytest.raises(InvalidHandError, match="option flowers"):
        score("[123m]456s789s111p2p2p", self_drawn=True, flowers=3)


# --- how the rows combine ----------------------------------------------------------------


def test_highest_big_hand_only_by_default_and_added_by_option() -> None:
    hand = "123m456m789mEEEFF"  # 九字连环 and 昆一色
    assert rows(score(hand)) == {"九字连环": 12, "门前清": 1}
    assert rows(score(hand, {"big_hands": "add"})) == {"九字连环": 12, "昆一色": 5, "门前清": 1}


def test_pung_rows_take_in_dui_dui_hu_when_added() -> None:
    r = score("111m555m999mEEECC", {"big_hands": "add"})
    assert rows(r) == {"混一色对对碰": 10, "门前清": 1}


def test_hu_is_22_per_tai() -> None:
    r = score("123m456m789m234s5s5s", self_drawn=True)
    assert r.total == 15 and r.details["hu"] == 15 * 22
    assert score("123m456m789m234s5s5s", {"hu_per_tai": 10}).details["hu"] == 140


def test_minimum_one_tai() -> None:
    r = score("[123m]456s789s111p2p2p")  # nothing at all, won on a discard
    assert not r.is_win and r.reason is not None and "at least 1 台" in r.reason
    r0 = score("[123m]456s789s111p2p2p", {"minimum": 0})
    assert r0.is_win and r0.total == 0 and not r0.fans


def test_not_a_win_names_the_hand() -> None:
    r = score("123m456m789m234s5s6s")
    assert not r.is_win and r.reason is not None and "123456789m" in r.reason


def test_no_seven_pairs() -> None:
    assert not score("1133m5577s22pEECC").is_win


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"big_hands": "sum"}, "big_hands is 'highest' or 'add'"),
        ({"da_si_xi": -1}, "da_si_xi is a whole number"),
        ({"flowers": 1}, "flowers is true or false"),
        ({"wildcard_pick": "dice"}, "wildcard_pick is 'next' or 'same'"),
        ({"cap": 3}, "unknown option 'cap'"),
    ],
)
def test_bad_options_say_which(data: dict[str, object], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        PinghuOptions.from_dict(data)


def test_options_from_mapping_and_object() -> None:
    hand = "123m456m789mEEEFF"
    assert (
        score(hand, {"big_hands": "add"}).total
        == RULES.score(parse_hand(hand), PinghuOptions(big_hands="add")).total
    )
    with pytest.raises(OptionError):
        RULES.score(parse_hand(hand), 3)


def test_describe_options_lists_every_field() -> None:
    names = [n for n, _, _ in RULES.describe_options()]
    assert "da_si_xi" in names and "wildcard_pick" in names and len(names) == 11
