"""The non-official extras for MCR (option ``blessings``): 天和, 地和, 人和, 天听, 四方大发,
全家福 and 混杠, under both value sets, with near misses and what each replaces.

Sources: 联众 values — seeds 000, 002, 003, 004 (天和 168, 地和 158, 人和 108, 四方大发 168,
全家福 216, 混杠 88) and 004 (天听 32); two-player values — seed 000 (天和 99, 地和 88,
人和 64, 天听 32).  The totals are fanshu's own (the oracle has no extras): the MCR total
of the same hand with the replaced fans taken out and the extra added.
"""

from __future__ import annotations

from typing import Any

import pytest

import fanshu
from fanshu.errors import InvalidHandError, OptionError
from fanshu.rules import get_rules
from fanshu.rules.mcr.blessings import BLESSINGS, blessing_rows
from fanshu.rules.mcr.fans import FANS, Fan
from fanshu.rules.mcr.options import DEFAULT_OPTIONS, McrOptions
from fanshu.rules.mcr.result import McrResult

F = Fan
SETS = ("lianzhong", "two_player")
#: 123m 456p 123s 789s + EE: 花龙 8, 喜相逢 1; on a discard 门前清 2 and 单钓将 1 (the E pair)
PLAIN = "123m456p123789sEE"
DEALT: dict[str, Any] = {"first_turn": True, "self_drawn": True}


def score(hand: str, blessings: str = "off", **ctx: Any) -> McrResult:
    return fanshu.score(hand, options=McrOptions(blessings=blessings), **ctx)  # type: ignore[arg-type]


def names(r: McrResult) -> dict[str, int]:
    return {e.name_zh: e.points for e in r.fans}


# -- off by default ----------------------------------------------------------------------


def test_off_by_default() -> None:
    assert DEFAULT_OPTIONS.blessings == "off"
    r = fanshu.score(PLAIN, dealer=True, first_turn=True, self_drawn=True, ready_at_start=True)
    assert names(r) == {"花龙": 8, "不求人": 4, "喜相逢": 1, "单钓将": 1}
    for fan in (F.EARTHLY_HAND, F.HUMAN_HAND, F.HEAVENLY_READY, F.HEAVENLY_HAND):
        assert fan not in r
    assert F.FOUR_WINDS_AND_GREEN not in fanshu.score("EEESSSWWWNNNFF")
    assert F.WHOLE_FAMILY not in fanshu.score("CCCFFFPPPEEESS")


def test_unknown_value_set() -> None:
    with pytest.raises(OptionError, match="blessings is one of off, lianzhong, two_player"):
        McrOptions(blessings="qq")  # type: ignore[arg-type]
    with pytest.raises(OptionError):
        fanshu.score(PLAIN, options={"blessings": 1})


def test_option_from_mapping_and_described() -> None:
    r = fanshu.score(PLAIN, options={"blessings": "two_player"}, dealer=True, **DEALT)
    assert r.count_of(F.HEAVENLY_HAND) == 1 and names(r)["天和"] == 99
    described = {name: default for name, default, _ in get_rules("mcr").describe_options()}
    assert described["blessings"] == "off"


def test_extras_are_non_official_fans_83_to_88() -> None:
    extras = [F.HEAVENLY_HAND, F.EARTHLY_HAND, F.HUMAN_HAND, F.HEAVENLY_READY,
              F.FOUR_WINDS_AND_GREEN, F.WHOLE_FAMILY]  # fmt: skip
    assert [int(f) for f in extras] == list(range(83, 89))
    assert not any(f.is_official for f in extras)
    assert sum(1 for f in Fan if f.is_official) == 81
    assert [FANS[f].value for f in extras] == [168, 158, 108, 32, 168, 216]  # 联众


# -- the value sets ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value_set", "table"),
    [
        ("lianzhong", {"全家福": 216, "四方大发": 168, "天和": 168, "地和": 158, "人和": 108,
                       "混杠": 88, "天听": 32}),
        ("two_player", {"天和": 99, "地和": 88, "人和": 64, "天听": 32}),
    ],
)  # fmt: skip
def test_value_tables(value_set: str, table: dict[str, int]) -> None:
    rows = blessing_rows(value_set)
    assert {r.name_zh: r.value for r in rows} == table
    assert all(r.source for r in rows)


# -- 天和: dealer, first turn, self-drawn -----------------------------------------------


@pytest.mark.parametrize(("value_set", "value"), [("lianzhong", 168), ("two_player", 99)])
def test_heavenly_hand(value_set: str, value: int) -> None:
    r = score(PLAIN, value_set, dealer=True, **DEALT)
    # replaces 不求人 (so 门前清, 自摸) and the wait (单钓将): the dealt hand has no winning tile
    assert names(r) == {"天和": value, "花龙": 8, "喜相逢": 1}
    assert r.total == value + 9
    assert {(x.fan, x.by) for x in r.excluded} >= {
        (F.FULLY_CONCEALED_HAND, F.HEAVENLY_HAND), (F.SELF_DRAWN, F.HEAVENLY_HAND),
        (F.SINGLE_WAIT, F.HEAVENLY_HAND),
    }  # fmt: skip


@pytest.mark.parametrize("value_set", SETS)
@pytest.mark.parametrize(
    "ctx",
    [
        {"dealer": True, "self_drawn": True},  # not the first turn
        {"dealer": False, **DEALT},  # not the dealer: 地和
    ],
)
def test_heavenly_hand_near_miss(value_set: str, ctx: dict[str, bool]) -> None:
    assert F.HEAVENLY_HAND not in score(PLAIN, value_set, **ctx)


def test_heavenly_hand_not_ready() -> None:
    """天听 is implied by any first-turn win and not counted with it."""
    r = score(PLAIN, "lianzhong", dealer=True, ready_at_start=True, **DEALT)
    assert F.HEAVENLY_READY not in r and F.HEAVENLY_HAND in r
    assert any(x.fan is F.HEAVENLY_READY and x.by is F.HEAVENLY_HAND for x in r.excluded)


def test_heavenly_hand_any_shape() -> None:
    """任何胡牌型均可: 七对 and 十三幺 too."""
    r = score("1133m5577s2299pEE", "lianzhong", dealer=True, **DEALT)
    assert names(r) == {"天和": 168, "七对": 24}
    r = score("19m19s19pESWNCFPP", "two_player", dealer=True, **DEALT)
    assert names(r) == {"十三幺": 88, "天和": 99}


# -- 地和: not the dealer, first turn, self-drawn ---------------------------------------


@pytest.mark.parametrize(("value_set", "value"), [("lianzhong", 158), ("two_player", 88)])
def test_earthly_hand(value_set: str, value: int) -> None:
    r = score(PLAIN, value_set, **DEALT)
    # replaces 不求人 and 自摸; the winning tile is real, so 单钓将 stays
    assert names(r) == {"地和": value, "花龙": 8, "喜相逢": 1, "单钓将": 1}


@pytest.mark.parametrize("value_set", SETS)
def test_earthly_hand_near_miss(value_set: str) -> None:
    assert F.EARTHLY_HAND not in score(PLAIN, value_set, self_drawn=True)  # not first turn
    assert F.EARTHLY_HAND not in score(PLAIN, value_set, first_turn=True)  # on a discard


# -- 人和: the two definitions ---------------------------------------------------------


@pytest.mark.parametrize(("value_set", "value"), [("lianzhong", 108), ("two_player", 64)])
def test_human_hand_non_dealer_on_the_first_discard(value_set: str, value: int) -> None:
    r = score(PLAIN, value_set, first_turn=True)
    # replaces 门前清 (a first-turn win is before any claim)
    assert names(r) == {"人和": value, "花龙": 8, "喜相逢": 1, "单钓将": 1}


def test_human_hand_dealer_contradiction() -> None:
    """联众: 人和 is any win in the first go-round (第一圈内胡牌), the dealer's too; the
    two-player text: only the non-dealer winning on the dealer's first discard."""
    lz = score(PLAIN, "lianzhong", dealer=True, first_turn=True)
    tp = score(PLAIN, "two_player", dealer=True, first_turn=True)
    assert F.HUMAN_HAND in lz and lz.total == 108 + 10
    assert F.HUMAN_HAND not in tp and tp.total == 12


@pytest.mark.parametrize("value_set", SETS)
def test_human_hand_near_miss(value_set: str) -> None:
    r = score(PLAIN, value_set)  # not the first turn
    assert F.HUMAN_HAND not in r and r.total == 12


def test_human_hand_with_melds_is_not_a_first_turn() -> None:
    with pytest.raises(InvalidHandError, match="before any claim"):
        score("[123m1]456p123789sEE", "lianzhong", first_turn=True)
    with pytest.raises(InvalidHandError, match="kong"):
        score(PLAIN, "two_player", first_turn=True, kong=True)
    # the option off: still no first-turn win after a claim (checked for every rule set)
    with pytest.raises(InvalidHandError, match="before any claim"):
        score("[123m1]456p123789sEE", first_turn=True)
    assert score("[123m1]456p123789sEE").is_win


# -- 天听 ----------------------------------------------------------------------------


@pytest.mark.parametrize("value_set", SETS)
def test_heavenly_ready(value_set: str) -> None:
    r = score(PLAIN, value_set, ready_at_start=True)
    assert names(r) == {"天听": 32, "花龙": 8, "门前清": 2, "喜相逢": 1, "单钓将": 1}
    r = score(PLAIN, value_set, ready_at_start=True, self_drawn=True)
    assert names(r) == {"天听": 32, "花龙": 8, "不求人": 4, "喜相逢": 1, "单钓将": 1}


@pytest.mark.parametrize("value_set", SETS)
def test_heavenly_ready_near_miss(value_set: str) -> None:
    assert F.HEAVENLY_READY not in score(PLAIN, value_set)


@pytest.mark.parametrize("value_set", SETS)
def test_not_a_win_stays_not_a_win(value_set: str) -> None:
    r = score("123m456p123789sES", value_set, dealer=True, ready_at_start=True, **DEALT)
    assert not r.is_win and r.total == 0


# -- 四方大发 (联众 only) -------------------------------------------------------------


def test_four_winds_and_green_seed_example() -> None:
    """003/004: 东东东西西西南南南北北北发发, "实际上就是大四喜和青发对的组合"."""
    r = score("EEESSSWWWNNNFF", "lianzhong")
    # replaces 大四喜 and (002's 不重复 table) 字一色; 四暗刻 and 单钓将 stay
    assert names(r) == {"四方大发": 168, "四暗刻": 64, "单钓将": 1}
    assert r.total == 233
    by = {x.fan: x.by for x in r.excluded}
    assert by[F.BIG_FOUR_WINDS] is by[F.ALL_HONORS] is F.FOUR_WINDS_AND_GREEN
    # what 大四喜 and 字一色 excluded is now implied by 四方大发
    assert by[F.ALL_PUNGS] is F.FOUR_WINDS_AND_GREEN


def test_four_winds_and_green_melded() -> None:
    r = score("[EEE1][SSS2]WWWNNNFF", "lianzhong")
    assert names(r) == {"四方大发": 168, "双暗刻": 2, "单钓将": 1}


def test_four_winds_and_green_near_misses() -> None:
    # a 白 pair: plain 大四喜 + 字一色
    assert names(score("EEESSSWWWNNNPP", "lianzhong")) == {
        "大四喜": 88, "字一色": 64, "四暗刻": 64, "单钓将": 1,
    }  # fmt: skip
    # a numbered pair: 大四喜 without the green pair
    assert F.FOUR_WINDS_AND_GREEN not in score("EEESSSWWWNNN55m", "lianzhong")
    # the two-player value set has no 四方大发
    r = score("EEESSSWWWNNNFF", "two_player")
    assert F.FOUR_WINDS_AND_GREEN not in r and F.BIG_FOUR_WINDS in r and r.total == 217


# -- 全家福 (联众 only) ---------------------------------------------------------------


def test_whole_family() -> None:
    """003/004: 全家福 216番 大三元、四暗刻、字一色 (216 = 88 + 64 + 64)."""
    off = score("CCCFFFPPPEEESS", "off")
    r = score("CCCFFFPPPEEESS", "lianzhong")
    assert names(r) == {"全家福": 216, "圈风刻": 2, "门风刻": 2, "单钓将": 1}
    assert r.total == off.total == 221
    for fan in (F.BIG_THREE_DRAGONS, F.FOUR_CONCEALED_PUNGS, F.ALL_HONORS):
        assert any(x.fan is fan and x.by is F.WHOLE_FAMILY for x in r.excluded)


def test_whole_family_near_misses() -> None:
    # a melded pung: no 四暗刻
    r = score("[EEE1]CCCFFFPPPSS", "lianzhong")
    assert F.WHOLE_FAMILY not in r and F.BIG_THREE_DRAGONS in r
    # a numbered pung: no 字一色
    assert F.WHOLE_FAMILY not in score("CCCFFFPPP111mSS", "lianzhong")
    # not in the two-player value set
    assert F.WHOLE_FAMILY not in score("CCCFFFPPPEEESS", "two_player")


def test_whole_family_and_heavenly_hand_together() -> None:
    r = score("CCCFFFPPPEEESS", "lianzhong", dealer=True, **DEALT)
    assert names(r) == {"全家福": 216, "天和": 168, "圈风刻": 2, "门风刻": 2}


# -- 混杠 ----------------------------------------------------------------------------


def wild(hand: str, wildcard: str | None, blessings: str = "lianzhong", **ctx: Any) -> McrResult:
    """Score with the hand's wild kind (``WinContext.wildcard``) set."""
    options = McrOptions(blessings=blessings)  # type: ignore[arg-type]
    return fanshu.score(hand, options=options, wildcard=wildcard, **ctx)


def test_wild_kong_is_fan_89_in_the_lianzhong_set_only() -> None:
    """四张混开杠 (seeds 003/004), 混杠· 88 (seed 002): a kong of four wild tiles (混)."""
    assert int(F.WILD_KONG) == 89 and not F.WILD_KONG.is_official
    assert FANS[F.WILD_KONG].value == 88 and BLESSINGS["lianzhong"][F.WILD_KONG] == 88
    assert F.WILD_KONG not in BLESSINGS["two_player"]
    rows = {r.key: r for r in blessing_rows("lianzhong")}
    assert rows["wild_kong"].name_zh == "混杠" and "002" in rows["wild_kong"].source
    assert "wild_kong" not in {r.key for r in blessing_rows("two_player")}


def test_wild_kong_concealed_replaces_concealed_kong() -> None:
    # [5555p] with 5p wild: 混杠 88 in place of 暗杠 2; without the wildcard 暗杠
    hand = "[5555p]123m456m789s1s1s"
    plain = wild(hand, None, self_drawn=True)
    assert names(plain) == {"不求人": 4, "暗杠": 2, "连六": 1, "无字": 1, "单钓将": 1}
    r = wild(hand, "5p", self_drawn=True)
    assert names(r) == {"混杠": 88, "不求人": 4, "连六": 1, "无字": 1, "单钓将": 1}
    assert r.total == plain.total - 2 + 88
    assert any(x.fan is F.CONCEALED_KONG and x.by is F.WILD_KONG for x in r.excluded)


def test_wild_kong_melded_replaces_melded_kong() -> None:
    r = wild("[5555p1]123m456m789s1s1s", "5p", self_drawn=True)
    assert names(r)["混杠"] == 88 and "明杠" not in names(r)
    assert any(x.fan is F.MELDED_KONG and x.by is F.WILD_KONG for x in r.excluded)


def test_wild_kong_with_another_kong_keeps_the_two_kong_fan() -> None:
    # 双暗杠 (6) counts both kongs, the wild one among them; 混杠 is added
    r = wild("[5555p][EEEE]123m789s1s1s", "5p", self_drawn=True)
    assert names(r)["混杠"] == 88 and names(r)["双暗杠"] == 6
    assert wild("[5555p][EEEE]123m789s1s1s", None, self_drawn=True).total == r.total - 88


def test_wild_kong_keeps_what_its_tiles_are() -> None:
    # a kong of wild 中: 箭刻 still counts (混杠 replaces the kong fan only)
    r = wild("[CCCC]123m456m789s1s1s", "C", self_drawn=True)
    assert names(r)["混杠"] == 88 and names(r)["箭刻"] == 2


@pytest.mark.parametrize(
    ("hand", "wildcard", "blessings", "why"),
    [
        ("[5555p]123m456m789s1s1s", None, "lianzhong", "no wild kind named"),
        ("[5555p]123m456m789s1s1s", "1s", "lianzhong", "the kong is not of the wild kind"),
        ("[555p1]123m456m789s1s1s", "5p", "lianzhong", "a pung of the wild kind, not a kong"),
        ("345p555p123m789s11s", "5p", "lianzhong", "four wild tiles not declared as a kong"),
        ("[5555p]123m456m789s1s1s", "5p", "off", "the extras are off"),
        ("[5555p]123m456m789s1s1s", "5p", "two_player", "the two-player set has no 混杠"),
    ],
)
def test_wild_kong_near_misses(hand: str, wildcard: str | None, blessings: str, why: str) -> None:
    r = wild(hand, wildcard, blessings, self_drawn=True)
    assert r.is_win and F.WILD_KONG not in r, why


def test_a_wildcard_stands_for_nothing_under_mcr() -> None:
    # MCR's wildcards rule has no shapes: 5p wild does not complete 123m456m789s1s + 5p
    assert get_rules("mcr").wildcards is not None
    assert get_rules("mcr").wildcards.shapes == ()  # type: ignore[union-attr]
    r = wild("123m456m789s1s5p5p5p9p", "5p")
    assert not r.is_win


def test_values_table_matches_fans() -> None:
    for value_set, table in BLESSINGS.items():
        for fan, value in table.items():
            assert not fan.is_official, (value_set, fan)
            if value_set == "lianzhong":
                assert FANS[fan].value == value
