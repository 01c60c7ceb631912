"""Jiaxing 台 and 番 (seed 001 ❼ 台型列表 / 番型列表): each row on a hand that scores it
and on a near miss; how 台 and 番 combine into points; options; bad input."""

from __future__ import annotations

from typing import Any

import pytest

from fanshu.errors import InvalidHandError, OptionError
from fanshu.notation import parse_hand
from fanshu.rules import get_rules
from fanshu.rules.base import Result
from fanshu.rules.jiaxing import RULES, Carry
from fanshu.rules.jiaxing.fans import BY_KEY, FAN, FANS, SPECIAL_KEYS, TAI, UNIT
from fanshu.rules.jiaxing.options import JiaxingOptions


def score(text: str, carry: Carry | None = None, options: Any = None, **ctx: Any) -> Result[str]:
    r = RULES.score(parse_hand(text).with_context(**ctx), options, carry=carry)
    assert isinstance(r, Result)
    return r


def keys(r: Result[str]) -> list[str]:
    return [e.fan for e in r.fans]


# --- the lists as data ------------------------------------------------------------------


def test_tai_values_as_the_seed_gives_them() -> None:
    assert {f.name_zh: f.value for f in TAI} == {
        "红中刻": 1, "发财刻": 1, "白板刻": 1, "门风刻": 1, "圈风刻": 1, "无百搭": 1,
        "对对和": 2, "混一色": 2, "清一色": 4, "全老头": 10,
    }  # fmt: skip
    assert all(f.source.startswith("seed 001 ❼ 台型列表") for f in TAI)


def test_fan_values_as_the_seed_gives_them() -> None:
    assert {f.name_zh: f.value for f in FAN} == {
        "3百搭": 1, "杠上开花": 1, "单吊": 1, "黄番": 1, "老头黄": 1, "海底捞月": 1,
        "天和": 2, "地和": 2, "包子": 1, "百搭连庄": 1,
    }  # fmt: skip
    assert all(f.source.startswith("seed 001 ❼ 番型列表") for f in FAN)
    assert [f.number for f in FAN] == list(range(1, 11))


def test_every_row_has_its_unit_and_the_rule_set_shows_them_all() -> None:
    assert set(UNIT) == set(BY_KEY) and len(FANS) == 20
    assert get_rules("jiaxing") is RULES and RULES.fans == FANS
    assert set(SPECIAL_KEYS) == {"huang_fan", "lao_tou_huang", "bao_zi", "lian_zhuang"}


# --- one hand per 台 --------------------------------------------------------------------

# (row, hand, context, near miss, its context).  Without a wildcard named, no 百搭 is
# held: 无百搭 counts on every hand but its own near miss.
TAI_CASES: list[tuple[str, str, dict[str, Any], str, dict[str, Any]]] = [
    ("hong_zhong_ke", "[CCC]123m456m789p1s1s", {}, "123m456m789p111sCC", {}),
    ("fa_cai_ke", "123m456m789p1s1sFFF", {}, "123m456m789p111sFF", {}),
    ("bai_ban_ke", "[PPPP]123m456m789p1s1s", {}, "123m456m789p111sPP", {}),
    ("men_feng", "[SSS]123m456m789p1s1s", {"seat_wind": "S"},
     "[SSS]123m456m789p1s1s", {"seat_wind": "W"}),
    ("quan_feng", "[WWW]123m456m789p1s1s", {"prevalent_wind": "W"},
     "[WWW]123m456m789p1s1s", {"seat_wind": "N"}),
    ("wu_bai_da", "123m456m789p111s2s2s", {"wildcard": "9s"},
     "123m456m789p111s2s2s", {"wildcard": "5m"}),
    ("dui_dui_he", "[111m][222p]333s444s5s5s", {}, "11m33m55m77m99m11p2p2p", {}),
    ("hun_yi_se", "[CCC]123m456m789m1m1m", {}, "[CCC]123m456m789p1m1m", {}),
    ("qing_yi_se", "123m456m789m111m2m2m", {}, "123m456m789m111m2s2s", {}),
    ("quan_lao_tou", "EEESSSWWWCCCPP", {}, "EEESSSWWWCCC1m1m", {}),
]  # fmt: skip


@pytest.mark.parametrize(("key", "hand", "ctx", "miss", "miss_ctx"), TAI_CASES)
def test_each_tai_row(
    key: str, hand: str, ctx: dict[str, Any], miss: str, miss_ctx: dict[str, Any]
) -> None:
    r = score(hand, **ctx)
    assert r.is_win and key in keys(r), keys(r)
    assert r.count_of(key) == 1 and BY_KEY[key].value == next(
        e.value for e in r.fans if e.fan == key
    )
    near = score(miss, **miss_ctx)
    assert near.is_win and key not in keys(near), keys(near)


def test_each_tai_row_adds_its_value_to_the_base() -> None:
    # (底台 1 + the 台) × 2 ** 0: the value of each row is in the points, one by one.
    for key, hand, ctx, _, _ in TAI_CASES:
        r = score(hand, **ctx)
        tai = sum(e.value for e in r.fans if UNIT[e.fan] == "台")
        assert r.details["tai"] == tai and r.total == 0
        assert r.details["points"] == 1 + tai, key


def test_seat_and_prevalent_wind_add_up_to_two_tai() -> None:
    # 门风和风圈可以累加: East seat, East round, a pung of East: 2 台.
    r = score("[EEE]123m456m789p1s1s", seat_wind="E", prevalent_wind="E")
    assert keys(r) == ["men_feng", "quan_feng", "wu_bai_da"]
    assert r.details["tai"] == 3 and r.details["points"] == 4
    # 拿到南风刻就不加了: an East seat with a pung of South in an East round: none.
    r = score("[SSS]123m456m789p1s1s", seat_wind="E", prevalent_wind="E")
    assert keys(r) == ["wu_bai_da"]


def test_all_honours_adds_with_the_pungs_it_holds() -> None:
    # 全老头 10 + 对对和 2 + 红中刻 1 + 门风/圈风 (East) 2 + 无百搭 1 = 16 台.
    r = score("EEESSSWWWCCCPP")
    assert keys(r) == [
        "hong_zhong_ke", "men_feng", "quan_feng", "wu_bai_da", "dui_dui_he", "quan_lao_tou",
    ]  # fmt: skip
    assert r.details["tai"] == 16 and r.details["points"] == 17


def test_seven_pairs_wins_with_no_tai_of_its_own() -> None:
    r = score("11m33m55m77m99m11p2p2p", wildcard="9s")
    assert r.is_win and r.shape == "seven_pairs" and keys(r) == ["wu_bai_da"]
    off = score("11m33m55m77m99m11p2p2p", options={"seven_pairs": False})
    assert not off.is_win and "4 sets and a pair" in (off.reason or "")


# --- one hand per 番 --------------------------------------------------------------------

PLAIN = "123m456m789p111s2s2s"  # no 台 but 无百搭 (no wildcard named)


def test_three_wildcards_is_one_fan() -> None:
    # 手中有三张百搭: three 5p, the 百搭, held (here they stand for themselves).
    r = score("123m456m789m5p5p5p1s1s", wildcard="5p")
    assert "san_bai_da" in keys(r) and "wu_bai_da" not in keys(r) and r.total == 1
    assert r.details["wild_tiles"] == 3
    two = score("123m456m789m5p5p1s1s1s", wildcard="5p")
    assert "san_bai_da" not in keys(two) and two.details["wild_tiles"] == 2


def test_four_wildcards_count_as_three() -> None:
    r = score("123m456m789m5p5p5p5p1s", wildcard="5p")
    assert r.count_of("san_bai_da") == 1 and r.details["wild_tiles"] == 4


def test_win_on_a_kong_replacement() -> None:
    r = score("[EEEE]123m456m789p2s2s", self_drawn=True, kong=True)
    assert "gang_shang_kai_hua" in keys(r)
    robbed = score("123m456m789p1s1s23s4s", kong=True)  # 抢杠 on a discard: not 杠后抓来的牌
    assert "gang_shang_kai_hua" not in keys(robbed)


def test_single_wait_after_four_melds() -> None:
    r = score("[123m][456m][789p][111s]2s2s")
    assert "dan_diao" in keys(r) and r.total == 1
    three = score("[123m][456m][789p]111s2s2s")
    assert "dan_diao" not in keys(three)


def test_last_tile_drawn() -> None:
    r = score(PLAIN, self_drawn=True, wall_last=True)
    assert "hai_di_lao_yue" in keys(r)
    # 摸到最后一张牌: the last tile discarded (and won on) is not 海底捞月.
    assert "hai_di_lao_yue" not in keys(score(PLAIN, wall_last=True))


def test_heavenly_hand_is_two_fan() -> None:
    r = score(PLAIN, self_drawn=True, dealer=True, first_turn=True)
    assert "tian_he" in keys(r) and r.total == 2 and r.details["points"] == (1 + 1) * 4
    assert "tian_he" not in keys(score(PLAIN, self_drawn=True, first_turn=True))


def test_earthly_hand_is_two_fan() -> None:
    # 庄家出第一张牌就抓铳成和: a non-dealer wins on the dealer's first discard.
    r = score(PLAIN, first_turn=True)
    assert "di_he" in keys(r) and r.total == 2
    assert "di_he" not in keys(score(PLAIN, first_turn=True, dealer=True))
    assert "di_he" not in keys(score(PLAIN))


def test_drawn_hand_fan_from_the_carry() -> None:
    pool = Carry(huang_fan=1).opened(wildcard=None)
    r = score(PLAIN, carry=pool)
    assert "huang_fan" in keys(r) and r.total == 1 and r.details["specials"] == ["huang_fan"]
    assert "huang_fan" not in keys(score(PLAIN))


def test_honour_wildcard_is_lao_tou_huang() -> None:
    # 本盘百搭为风、字的: with no carry given, the hand's own 老头黄 waits and is used.
    r = score(PLAIN, wildcard="N")
    assert "lao_tou_huang" in keys(r) and r.total == 1
    assert "lao_tou_huang" not in keys(score(PLAIN, wildcard="9m"))


def test_dice_doubles_are_bao_zi() -> None:
    r = score(PLAIN, carry=Carry().opened(wildcard=None, dice=(4, 4)))
    assert "bao_zi" in keys(r) and r.total == 1
    assert "bao_zi" not in keys(score(PLAIN, carry=Carry().opened(wildcard=None, dice=(4, 5))))


def test_same_wildcard_as_last_hand() -> None:
    pool = Carry(last_wildcard=22).opened(wildcard=22)  # 5p both hands
    r = score(PLAIN, carry=pool, wildcard="5p")
    assert "lian_zhuang" in keys(r) and r.total == 1
    other = Carry(last_wildcard=21).opened(wildcard=22)
    assert "lian_zhuang" not in keys(score(PLAIN, carry=other, wildcard="5p"))


def test_only_one_carried_fan_per_hand() -> None:
    # 这4种番型不在同一盘同时算番，只能使用其中之一: two 黄番, 老头黄 and 包子 wait; a win
    # uses the first (黄番), the rest go on.
    pool = Carry(huang_fan=2).opened(wildcard=31, dice=(2, 2))
    r = score(PLAIN, carry=pool, wildcard="C")
    specials = [k for k in keys(r) if k in SPECIAL_KEYS]
    assert specials == ["huang_fan"] and r.total == 1
    left = pool.after_win()
    assert (left.huang_fan, left.lao_tou_huang, left.bao_zi) == (1, 1, 1)
    # a club that does not carry: every waiting one at once
    every = score(PLAIN, carry=pool, wildcard="C", options={"specials_per_hand": None})
    assert every.total == 4 and every.count_of("huang_fan") == 2


def test_fan_add_and_double_the_base() -> None:
    # seed: 三百搭一番，又有单吊1番，这一盘就有2番 … 每得一番，积分乘2.
    # a melded pung of 5p and one 5p held, standing for 1s: four 百搭, 3百搭 + 单吊
    r = score("[123m][456m][789p][555p]5p1s", wildcard="5p")
    assert {"san_bai_da", "dan_diao"} <= set(keys(r)) and r.total == 2
    assert r.multiplier == 4 and r.details["points"] == (1 + r.details["tai"]) * 4


def test_tai_add_up_as_the_seed_example() -> None:
    # seed: 有混一色2台，又是对对和2台，这一盘就有4台.
    r = score("[111m][222m][EEE]333m5m5m", seat_wind="S", prevalent_wind="S", wildcard="9p")
    assert keys(r) == ["wu_bai_da", "dui_dui_he", "hun_yi_se"]
    assert r.details["tai"] == 5 and r.details["points"] == 6  # 4 + 无百搭 1, 底台 1


# --- options and bad input --------------------------------------------------------------


def test_di_tai_zero_reads_the_base_literally() -> None:
    r = score("123m456m789p111s2s2s", wildcard="5m", options={"di_tai": 0})
    assert keys(r) == [] and r.details["points"] == 0 and r.is_win
    assert score("123m456m789p111s2s2s", wildcard="5m").details["points"] == 1


def test_cap_limits_the_fan_paid() -> None:
    r = score(PLAIN, self_drawn=True, dealer=True, first_turn=True, wall_last=True,
              options=JiaxingOptions(cap=2))  # fmt: skip
    assert r.total == 3 and r.capped == 2 and r.details["points"] == 2 * 4


def test_bad_options_and_flowers() -> None:
    with pytest.raises(OptionError, match="di_tai is a whole number"):
        JiaxingOptions(di_tai=-1)
    with pytest.raises(OptionError, match="wildcard_from is 'turned' or 'next'"):
        RULES.options_from({"wildcard_from": "dice"})
    with pytest.raises(OptionError, match="unknown option 'flowers'"):
        RULES.options_from({"flowers": 1})
    with pytest.raises(InvalidHandError, match="嘉兴台头 has no flowers"):
        score(PLAIN, flowers=2)
