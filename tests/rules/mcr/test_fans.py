"""Every MCR fan, one hand that scores it and one near miss that must not.

The 81 fans of the 1998 rule book plus the MIL supplement 明暗杠 (82) and the non-official
extras 83-89 (option ``blessings``; their totals are fanshu's own).  Each positive
case asserts the fan (and how many times it counts) and the full total; each near miss
asserts the fan is absent and, for a complete hand, the full total too.

Every expected total below was checked by hand against the oracle (PyMahjongGB 1.4.0,
``MahjongFanCalculator``) when the case was written; the oracle is NOT called from here.
Where the seeds give a worked example for a fan, that hand is used and the seed file is
named next to it (``003`` = ``seeds/003_501f5eabbcdb075c.txt``, ``004`` =
``seeds/004_aff6f1f9b1e0cdfa.txt``; both carry the same list "中国牌【麻将】和牌种类暨计番
规则").  Default win context: discard win, seat and prevalent wind East, no flowers.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

import fanshu
from fanshu.rules.mcr.fans import FANS, Fan
from fanshu.rules.mcr.result import McrResult

F = Fan
SELF = {"self_drawn": True}
#: The non-official extras (83-88) count only under the option blessings.
LZ: dict[str, Any] = {"options": {"blessings": "lianzhong"}}
DEALT = {"first_turn": True, "self_drawn": True}


@dataclass(frozen=True)
class Hit:
    """A hand that scores ``fan`` ``count`` times, ``total`` fan in all (oracle-checked)."""

    fan: Fan
    hand: str
    total: int
    count: int = 1
    ctx: dict[str, Any] = field(default_factory=dict)
    tag: str = ""


@dataclass(frozen=True)
class Miss:
    """A near miss: ``fan`` must not count.  ``total`` None: not a winning hand."""

    fan: Fan
    hand: str
    total: int | None
    ctx: dict[str, Any] = field(default_factory=dict)
    tag: str = ""


def _slug(fan: Fan) -> str:
    return f"{int(fan):02d}-" + FANS[fan].name_en.lower().replace(" ", "-").replace(",", "")


def _id(case: Hit | Miss) -> str:
    return _slug(case.fan) + (f"-{case.tag}" if case.tag else "")


def _describe(r: McrResult) -> str:
    fans = ", ".join(f"{e.name_zh}×{e.count}={e.points}" for e in r.fans)
    return f"{r.hand}: is_win={r.is_win} total={r.total if r.is_win else '-'} [{fans}]"


HITS: list[Hit] = [
    # -- 88 ---------------------------------------------------------------------------
    # 003/004: 东东东西西西南南南北北北33万 (+ 四暗刻, 混一色, 单钓将)
    Hit(F.BIG_FOUR_WINDS, "EEESSSWWWNNN33m", 159),
    # 003/004: 中中中发发发白白白123万88条
    Hit(F.BIG_THREE_DRAGONS, "CCCFFFPPP123m88s", 108),
    # 003/004: 234234666888条发发
    Hit(F.ALL_GREEN, "234234666888sFF", 94),
    # 003/004: 11123456789999万, on a discard (+ 清龙, 四归一)
    Hit(F.NINE_GATES, "11123456789999m", 106),
    Hit(F.FOUR_KONGS, "[1111m1][2222s][EEEE2][9999p]FF", 102),
    # 003/004: 11223344556677条
    Hit(F.SEVEN_SHIFTED_PAIRS, "11223344556677s", 88),
    # 003/004: 1、9万1、9条1、9饼东南西北中发白白
    Hit(F.THIRTEEN_ORPHANS, "19m19s19pESWNCFPP", 88),
    # -- 64 ---------------------------------------------------------------------------
    # 003/004: 111999万111999条99饼 (+ 四暗刻, 单钓将)
    Hit(F.ALL_TERMINALS, "111999m111999s99p", 129),
    # 003/004: 东东东西西西南南南北北123万
    Hit(F.LITTLE_FOUR_WINDS, "EEEWWWSSSNN123m", 97),
    # 003/004 give 中中中发发发白白234b99条 (a tile short); completed as 234饼 999条
    Hit(F.LITTLE_THREE_DRAGONS, "CCCFFFPP234p999s", 70),
    # 003/004: 东东东南南南北北北发发发白白
    Hit(F.ALL_HONORS, "EEESSSNNNFFFPP", 147),
    # 003/004: 111万333条777饼东东东发发, winning on the 发 pair (a discard is fine)
    Hit(F.FOUR_CONCEALED_PUNGS, "111m333s777pEEEFF", 76),
    Hit(F.FOUR_CONCEALED_PUNGS, "111m333s777pEEEFF", 77, ctx=SELF, tag="self-drawn"),
    # 003/004: 12312355789789饼
    Hit(F.PURE_TERMINAL_CHOWS, "12312355789789p", 66),
    # -- 48 ---------------------------------------------------------------------------
    # 003/004: 123123123123万77条
    Hit(F.QUADRUPLE_CHOW, "123123123123m77s", 54),
    # 003/004: 222333444555条22饼 (+ 四暗刻)
    Hit(F.FOUR_PURE_SHIFTED_PUNGS, "222333444555s22p", 116),
    # -- 32 ---------------------------------------------------------------------------
    # 003/004: 123345567789万88条
    Hit(F.FOUR_PURE_SHIFTED_CHOWS, "123345567789m88s", 38),
    Hit(F.THREE_KONGS, "[1111m1][2222s][EEEE2]345pFF", 44),
    Hit(F.ALL_TERMINALS_AND_HONORS, "111m999s999pEEENN", 103),
    # -- 24 ---------------------------------------------------------------------------
    Hit(F.SEVEN_PAIRS, "1133m5577s2299pEE", 24),
    Hit(F.GREATER_HONORS_AND_KNITTED_TILES, "147m25s36pESWNCFP", 24),
    Hit(F.ALL_EVEN_PUNGS, "222888m444s666p22s", 88),
    Hit(F.FULL_FLUSH, "12334566678999m", 28),
    # a melded chow, so the three 234s cannot be read as 222 333 444
    Hit(F.PURE_TRIPLE_CHOW, "[234m1]234234m456p77s", 29),
    Hit(F.PURE_SHIFTED_PUNGS, "222333444m567p88s", 45),
    Hit(F.UPPER_TILES, "789m789p888s999s77p", 31),
    Hit(F.MIDDLE_TILES, "456m456p456s555m66s", 36),
    Hit(F.LOWER_TILES, "123m123p123s333m22s", 37),
    # -- 16 ---------------------------------------------------------------------------
    Hit(F.PURE_STRAIGHT, "123456789m234p55s", 21),
    Hit(F.THREE_SUITED_TERMINAL_CHOWS, "123789m123789s55p", 19),
    Hit(F.PURE_SHIFTED_CHOWS, "123234345m678p99s", 21),
    Hit(F.ALL_FIVE, "345m456p555s567m55p", 19),
    Hit(F.TRIPLE_PUNG, "222m222s222p345m99s", 36),
    Hit(F.THREE_CONCEALED_PUNGS, "[567p1]111m444s999mNN", 19),
    # -- 12 ---------------------------------------------------------------------------
    Hit(F.LESSER_HONORS_AND_KNITTED_TILES, "147m258s36pESWNCF", 12),
    Hit(F.KNITTED_STRAIGHT, "147m258s369pEEE55m", 19),
    Hit(F.UPPER_FOUR, "678m789p666s999s77p", 18),
    Hit(F.LOWER_FOUR, "123m234p444s111s22p", 17),
    Hit(F.BIG_THREE_WINDS, "EEESSSWWW123m55p", 36),
    # -- 8 ----------------------------------------------------------------------------
    Hit(F.MIXED_STRAIGHT, "123m456s789pEEE55m", 15),
    Hit(F.REVERSIBLE_TILES, "123p345p888s999sPP", 14),
    Hit(F.MIXED_TRIPLE_CHOW, "123m123s123p789m55s", 14),
    Hit(F.MIXED_SHIFTED_PUNGS, "222m333s444p567m88s", 29),
    Hit(F.CHICKEN_HAND, "[234m1][456s1][789p1]34mNN5m", 8),
    Hit(F.LAST_TILE_DRAW, "[234m1]456s789p34m11s2m", 11, ctx={**SELF, "wall_last": True}),
    Hit(F.LAST_TILE_CLAIM, "[234m1]456s789p34m11s2m", 11, ctx={"wall_last": True}),
    Hit(F.OUT_WITH_REPLACEMENT_TILE, "[5555m]456s789p34m11s2m", 15, ctx={**SELF, "kong": True}),
    Hit(F.ROBBING_THE_KONG, "[234m1]456s789p34m11s5m", 10, ctx={"kong": True}),
    # 抢杠和 不计和绝张 (seed 001, 47)
    Hit(
        F.ROBBING_THE_KONG,
        "[234m1]456s789p34m11s5m",
        10,
        ctx={"kong": True, "fourth_tile": True},
        tag="not-also-last-tile",
    ),
    # -- 6 ----------------------------------------------------------------------------
    Hit(F.ALL_PUNGS, "[222m1]444s666p888m99s", 24),
    Hit(F.HALF_FLUSH, "123m345m777mEEENN", 15),
    Hit(F.MIXED_SHIFTED_CHOWS, "123m234s345p789m55s", 11),
    Hit(F.ALL_TYPES, "123m456s678pEEEFF", 13),
    Hit(F.MELDED_HAND, "[123m1][456s1][678p1][EEE1]FF", 16),
    Hit(F.TWO_CONCEALED_KONGS, "[1111m][2222s]345p678m99p", 11),
    Hit(F.TWO_DRAGONS_PUNGS, "CCCFFF123m456p99s", 11),
    # -- 4 ----------------------------------------------------------------------------
    Hit(F.OUTSIDE_HAND, "123m789s123pEEE99m", 12),
    Hit(F.FULLY_CONCEALED_HAND, "123m456s678p345m99p", 6, ctx=SELF),
    Hit(F.TWO_MELDED_KONGS, "[1111m1][2222s2]345p678m99p", 7),
    Hit(F.TWO_MELDED_KONGS, "[1111m1][2222s5]345p678m99p", 7, tag="one-added"),
    Hit(F.LAST_TILE, "[234m1]456s789p34m11s5m", 6, ctx={"fourth_tile": True}),
    # -- 2 ----------------------------------------------------------------------------
    Hit(F.DRAGON_PUNG, "CCC123m456s678p99m", 5),
    Hit(F.PREVALENT_WIND, "[SSS1]123m456s678p99m", 3, ctx={"prevalent_wind": "S"}),
    Hit(F.SEAT_WIND, "[WWW1]123m456s678p99m", 3, ctx={"seat_wind": "W"}),
    Hit(F.CONCEALED_HAND, "123m456s678p345m99p", 4),
    Hit(F.ALL_CHOWS, "123m456m789s234p55s", 6),
    Hit(F.TILE_HOG, "123m333m456p789s55s", 14),
    Hit(F.TILE_HOG, "11113355779999m", 52, count=2, tag="two-in-seven-pairs"),
    Hit(F.DOUBLE_PUNG, "222m222s345p678m99s", 8),
    Hit(F.DOUBLE_PUNG, "111999m111999sEE", 102, count=2, tag="two"),  # + 四暗刻, 混幺九
    Hit(F.TWO_CONCEALED_PUNGS, "[123p1]222m444s678m99s", 4),
    Hit(F.CONCEALED_KONG, "[2222m]345s678p789m99s", 6),
    Hit(F.ALL_SIMPLES, "234m456s678p345m66s", 6),
    # -- 1 ----------------------------------------------------------------------------
    Hit(F.PURE_DOUBLE_CHOW, "123m123m456s789p55s", 14),
    Hit(F.PURE_DOUBLE_CHOW, "[123m1]123m123p123p55s", 6, count=2, tag="two"),  # + 喜相逢 ×1
    Hit(F.MIXED_DOUBLE_CHOW, "123m123s456p789p55s", 7),
    Hit(F.MIXED_DOUBLE_CHOW, "123789m123789s55m", 9, count=2, tag="two"),
    Hit(F.SHORT_STRAIGHT, "123m456m789s234p55s", 6),
    Hit(F.TWO_TERMINAL_CHOWS, "123m789m456s234p55s", 6),
    Hit(F.PUNG_OF_TERMINALS_OR_HONORS, "111m234s567p678p55s", 4),
    Hit(F.PUNG_OF_TERMINALS_OR_HONORS, "[567p1]111m444s999mNN", 19, count=2, tag="two"),
    Hit(F.MELDED_KONG, "[2222m1]345s678p789m99s", 3),
    # an added kong (加杠) is a melded kong; the oracle takes it as a claimed kong
    Hit(F.MELDED_KONG, "[2222m5]345s678p789m99s", 3, tag="added"),
    Hit(F.ONE_VOIDED_SUIT, "123m456m789s234s55s", 6),
    Hit(F.NO_HONORS, "111m234s567p678p55s", 4),
    Hit(F.EDGE_WAIT, "[234p1]456s789s55m12m3m", 4),
    Hit(F.CLOSED_WAIT, "[234p1]456s789s55m46m5m", 5),
    Hit(F.SINGLE_WAIT, "[234p1]456s789s567mNN", 2),
    Hit(F.SELF_DRAWN, "[234p1]456s789s56m55m7m", 4, ctx=SELF),
    Hit(F.FLOWER_TILES, "[234p1]456s789s56m55m7m", 5, count=2, ctx={"flowers": 2}),
    # -- MIL supplement -----------------------------------------------------------------
    Hit(F.CONCEALED_KONG_AND_MELDED_KONG, "[1111m1][2222s]345p678m99p", 8),
    # -- 83-88: non-official extras, only under the option blessings (the 联众 values;
    # tests/rules/mcr/test_blessings.py covers both value sets) ------------------------
    Hit(F.HEAVENLY_HAND, "123m456p123789sEE", 177, ctx={**LZ, **DEALT, "dealer": True}),
    Hit(F.EARTHLY_HAND, "123m456p123789sEE", 168, ctx={**LZ, **DEALT}),
    Hit(F.HUMAN_HAND, "123m456p123789sEE", 118, ctx={**LZ, "first_turn": True}),
    Hit(F.HEAVENLY_READY, "123m456p123789sEE", 44, ctx={**LZ, "ready_at_start": True}),
    Hit(F.FOUR_WINDS_AND_GREEN, "EEESSSWWWNNNFF", 233, ctx=LZ),
    Hit(F.WHOLE_FAMILY, "CCCFFFPPPEEESS", 221, ctx=LZ),
    # 混杠: a kong of the wild kind (5p named wild): 88 in place of 暗杠 2 (7 + 88 - 2)
    Hit(F.WILD_KONG, "[5555p]123m456m789s1s1s", 95, ctx={**LZ, **SELF, "wildcard": "5p"}),
]

MISSES: list[Miss] = [
    # 小四喜, not 大四喜
    Miss(F.BIG_FOUR_WINDS, "EEESSSWWWNN123m", 97),
    # 小三元, not 大三元
    Miss(F.BIG_THREE_DRAGONS, "CCCFFFPP234p999s", 70),
    # 5条 is not green: 清一色
    Miss(F.ALL_GREEN, "234234666888s55s", 31),
    # the 13 tiles before the winning 1万 are not 1112345678999
    Miss(F.NINE_GATES, "1123455678999m1m", 28),
    # three kongs and a pung
    Miss(F.FOUR_KONGS, "[1111m1][2222s][EEEE2]345pFF", 44),
    # 8条 breaks the run of pairs: 七对 + 清一色
    Miss(F.SEVEN_SHIFTED_PAIRS, "11223344556688s", 48),
    # two 发 and no 白: not complete
    Miss(F.THIRTEEN_ORPHANS, "119m19s19pESWNCFF", None),
    # an honour pair: 混幺九
    Miss(F.ALL_TERMINALS, "111999m111999sEE", 102),
    # three wind pungs and no wind pair: 三风刻
    Miss(F.LITTLE_FOUR_WINDS, "EEESSSWWW123m55p", 36),
    # no third dragon: 双箭刻
    Miss(F.LITTLE_THREE_DRAGONS, "CCCFFF234p999s55m", 26),
    # one numbered pair: 混幺九
    Miss(F.ALL_HONORS, "EEESSSNNNFFF11m", 121),
    # the 东 pung is completed by a discard: melded, so only 三暗刻
    Miss(F.FOUR_CONCEALED_PUNGS, "111m333s777pFFEEE", 35),
    # the 5s are in another suit
    Miss(F.PURE_TERMINAL_CHOWS, "[123p1]123789789p55m", 7),
    Miss(F.QUADRUPLE_CHOW, "[234m1]234234m567m77s", 31),
    Miss(F.FOUR_PURE_SHIFTED_PUNGS, "222333444666s22p", 92),
    # the fourth chow is in another suit: 一色三步高
    Miss(F.FOUR_PURE_SHIFTED_CHOWS, "123345567m789p88s", 21),
    Miss(F.THREE_KONGS, "[1111m1][2222s]EEE345pFF", 19),
    # a chow: 全带幺
    Miss(F.ALL_TERMINALS_AND_HONORS, "123m999s999pEEENN", 31),
    # six pairs and two singles
    Miss(F.SEVEN_PAIRS, "1133m5577s2299pEW", None),
    # six honours: 全不靠
    Miss(F.GREATER_HONORS_AND_KNITTED_TILES, "147m258s36pESWNCF", 12),
    Miss(F.ALL_EVEN_PUNGS, "222888m444s555p22s", 66),
    # an honour pair: 混一色
    Miss(F.FULL_FLUSH, "123345666789mEE", 10),
    Miss(F.PURE_TRIPLE_CHOW, "[234m1]234m234p456p77s", 7),
    Miss(F.PURE_SHIFTED_PUNGS, "222333555m567p88s", 21),
    # a 6: 大于五
    Miss(F.UPPER_TILES, "678m789p888s999s77p", 18),
    Miss(F.MIDDLE_TILES, "345m456p456s555m66s", 7),
    # a 4: 小于五
    Miss(F.LOWER_TILES, "234m123p123s333m22s", 18),
    # 123万456万789饼 is no straight
    Miss(F.PURE_STRAIGHT, "123456m789p234p55s", 6),
    # the 5s are in one of the two chow suits
    Miss(F.THREE_SUITED_TERMINAL_CHOWS, "123789m123789s55m", 9),
    Miss(F.PURE_SHIFTED_CHOWS, "123234456m678p99s", 6),
    Miss(F.ALL_FIVE, "345m456p555s678m55p", 6),
    Miss(F.TRIPLE_PUNG, "222m222s333p345m99s", 22),
    # the 9万 pung is completed by a discard
    Miss(F.THREE_CONCEALED_PUNGS, "[567p1]111m444sNN999m", 4),
    # a knitted straight with a set and a pair: 组合龙
    Miss(F.LESSER_HONORS_AND_KNITTED_TILES, "147m258s369pEEE55m", 19),
    # only eight of the nine knitted tiles: 全不靠 alone
    Miss(F.KNITTED_STRAIGHT, "147m258s36pESWNCF", 12),
    Miss(F.UPPER_FOUR, "567m789p666s999s77p", 7),
    Miss(F.LOWER_FOUR, "345m234p444s111s22p", 6),
    # two wind pungs
    Miss(F.BIG_THREE_WINDS, "EEESSS123m789p55s", 10),
    # two suits only
    Miss(F.MIXED_STRAIGHT, "123m456s789sEEE55p", 8),
    # 6饼 is not reversible
    Miss(F.REVERSIBLE_TILES, "123p456p888s999sPP", 8),
    Miss(F.MIXED_TRIPLE_CHOW, "123m123s234p789m55s", 7),
    Miss(F.MIXED_SHIFTED_PUNGS, "222m333s555p567m88s", 21),
    # self-drawn: 自摸 is a fan
    Miss(F.CHICKEN_HAND, "[234m1][456s1][789p1]34mNN5m", 1, ctx=SELF),
    # the last tile claimed, not drawn
    Miss(F.LAST_TILE_DRAW, "[234m1]456s789p34m11s2m", 11, ctx={"wall_last": True}),
    Miss(F.LAST_TILE_CLAIM, "[234m1]456s789p34m11s2m", 11, ctx={**SELF, "wall_last": True}),
    Miss(F.OUT_WITH_REPLACEMENT_TILE, "[5555m]456s789p34m11s2m", 7, ctx=SELF),
    Miss(F.ROBBING_THE_KONG, "[234m1]456s789p34m11s5m", 2),
    # one chow
    Miss(F.ALL_PUNGS, "[222m1]444s666p789m99s", 4),
    # two suits
    Miss(F.HALF_FLUSH, "123m345m777pEEENN", 10),
    Miss(F.MIXED_SHIFTED_CHOWS, "123m234s456p789m55s", 5),
    # no dragon
    Miss(F.ALL_TYPES, "123m456s678pEEENN", 7),
    # self-drawn
    Miss(F.MELDED_HAND, "[123m1][456s1][678p1][EEE1]FF", 12, ctx=SELF),
    # one of the kongs is melded: 明暗杠
    Miss(F.TWO_CONCEALED_KONGS, "[1111m1][2222s]345p678m99p", 8),
    # one dragon pung and a dragon pair
    Miss(F.TWO_DRAGONS_PUNGS, "CCC123m456p678sFF", 5),
    # 234万 has no terminal
    Miss(F.OUTSIDE_HAND, "234m789s123pEEE99m", 7),
    # a melded chow
    Miss(F.FULLY_CONCEALED_HAND, "[123m1]456s678p345m99p", 3, ctx=SELF),
    # one melded kong and one concealed
    Miss(F.TWO_MELDED_KONGS, "[1111m1][2222s]345p678m99p", 8),
    # without the flag
    Miss(F.LAST_TILE, "[234m1]456s789p34m11s5m", 2),
    # 中 as the pair
    Miss(F.DRAGON_PUNG, "123m456s678p999mCC", 4),
    # the round is East
    Miss(F.PREVALENT_WIND, "[SSS1]123m456s678p99m", 2),
    # the seat is East
    Miss(F.SEAT_WIND, "[WWW1]123m456s678p99m", 2),
    # self-drawn: 不求人 instead
    Miss(F.CONCEALED_HAND, "123m456s678p345m99p", 6, ctx=SELF),
    # an honour pair
    Miss(F.ALL_CHOWS, "123m456m789s234pEE", 4),
    # the four 3万 are a kong
    Miss(F.TILE_HOG, "[3333m]123p456p789s55s", 7),
    Miss(F.DOUBLE_PUNG, "222m333s345p678m99s", 6),
    # one of the two pungs is melded
    Miss(F.TWO_CONCEALED_PUNGS, "[123p1][222m1]444s678m99s", 2),
    # the kong is melded
    Miss(F.CONCEALED_KONG, "[2222m1]345s678p789m99s", 3),
    # a pair of 9s
    Miss(F.ALL_SIMPLES, "234m456s678p345m99s", 5),
    Miss(F.PURE_DOUBLE_CHOW, "123m234m456s789p55s", 13),
    Miss(F.MIXED_DOUBLE_CHOW, "123m234s456p789p55s", 5),
    Miss(F.SHORT_STRAIGHT, "123m567m789s234p55s", 5),
    # the 789 is in another suit
    Miss(F.TWO_TERMINAL_CHOWS, "123m789s456s234p55s", 6),
    Miss(F.PUNG_OF_TERMINALS_OR_HONORS, "222m234s567p678p55s", 4),
    # the kong is concealed
    Miss(F.MELDED_KONG, "[2222m]345s678p789m99s", 6),
    Miss(F.ONE_VOIDED_SUIT, "123m456s789s234p55s", 6),
    Miss(F.NO_HONORS, "123m456s789p234mEE", 11),
    # 12345万 waits on 3万 and 6万 (seed 001: 手中有12345和3 … 不算边张)
    Miss(F.EDGE_WAIT, "[234p1]456s55m12345m3m", 8),
    # 45567万 waits on 3万 and 6万 (seed 001: 手中有45567和6不算坎张)
    Miss(F.CLOSED_WAIT, "45567m123p789s11s6m", 12),
    # 1234万 waits on 1万 and 4万
    Miss(F.SINGLE_WAIT, "456s678p345m1234m4m", 4),
    # a discard
    Miss(F.SELF_DRAWN, "[234p1]456s789s56m55m7m", 3),
    Miss(F.FLOWER_TILES, "[234p1]456s789s56m55m7m", 3),
    # both kongs melded: 双明杠
    Miss(F.CONCEALED_KONG_AND_MELDED_KONG, "[1111m1][2222s2]345p678m99p", 7),
    # the extras: the option off (the default), or the context one fact short
    Miss(F.HEAVENLY_HAND, "123m456p123789sEE", 14, ctx={**DEALT, "dealer": True}),
    Miss(F.EARTHLY_HAND, "123m456p123789sEE", 14, ctx={**LZ, "self_drawn": True}),
    Miss(F.HUMAN_HAND, "123m456p123789sEE", 12, ctx=LZ),
    Miss(F.HEAVENLY_READY, "123m456p123789sEE", 12, ctx={"ready_at_start": True}),
    Miss(F.FOUR_WINDS_AND_GREEN, "EEESSSWWWNNNPP", 217, ctx=LZ),
    Miss(F.WHOLE_FAMILY, "CCCFFFPPPEEESS", 221),
    # the kong is not of the wild kind: 暗杠 2 and no 混杠
    Miss(F.WILD_KONG, "[5555p]123m456m789s1s1s", 9, ctx={**LZ, **SELF, "wildcard": "1s"}),
]


def _score(hand: str, ctx: dict[str, Any]) -> McrResult:
    return fanshu.score(hand, **ctx)


def test_robbing_the_kong_is_not_also_last_tile() -> None:
    r = fanshu.score("[234m1]456s789p34m11s5m", kong=True, fourth_tile=True)
    assert F.ROBBING_THE_KONG in r and F.LAST_TILE not in r, _describe(r)


def test_replacement_tile_and_last_tile_draw_together() -> None:
    """杠上开花 on the last wall tile: both 8-fan fans, 自摸 not counted (oracle: 23)."""
    r = fanshu.score("[5555m]456s789p34m11s2m", self_drawn=True, kong=True, wall_last=True)
    assert F.OUT_WITH_REPLACEMENT_TILE in r and F.LAST_TILE_DRAW in r, _describe(r)
    assert F.SELF_DRAWN not in r, _describe(r)
    assert r.total == 23, _describe(r)


def test_big_four_winds_ignores_seat_and_round() -> None:
    r = fanshu.score("EEESSSWWWNNN33m", seat_wind="S", prevalent_wind="W")
    assert F.SEAT_WIND not in r and F.PREVALENT_WIND not in r, _describe(r)
    assert r.total == 159, _describe(r)


def test_every_fan_has_a_hit_and_a_miss() -> None:
    assert {c.fan for c in HITS} == set(Fan)
    assert {c.fan for c in MISSES} == set(Fan)


@pytest.mark.parametrize("case", [pytest.param(c, id=_id(c)) for c in HITS])
def test_fan_is_scored(case: Hit) -> None:
    r = _score(case.hand, case.ctx)
    assert r.is_win, _describe(r)
    assert case.fan in r, _describe(r)
    assert r.count_of(case.fan) == case.count, _describe(r)
    assert r.total == case.total, _describe(r)


@pytest.mark.parametrize("case", [pytest.param(c, id=_id(c)) for c in MISSES])
def test_near_miss_does_not_score(case: Miss) -> None:
    r = _score(case.hand, case.ctx)
    assert case.fan not in r, _describe(r)
    assert r.is_win is (case.total is not None), _describe(r)


@pytest.mark.parametrize(
    "case", [pytest.param(c, id=_id(c)) for c in MISSES if c.total is not None]
)
def test_near_miss_total(case: Miss) -> None:
    r = _score(case.hand, case.ctx)
    assert r.total == case.total, _describe(r)


# -- accounting principles (1998 rule book) ---------------------------------------------
# Every total below was checked against the oracle as well.


def test_no_repetition_big_four_winds() -> None:
    """不重复: 大四喜 implies 碰碰和, 圈风刻, 门风刻, 三风刻, 小四喜, 幺九刻; none counts again."""
    r = fanshu.score("EEESSSWWWNNN33m")
    assert F.BIG_FOUR_WINDS in r
    for implied in (F.ALL_PUNGS, F.PREVALENT_WIND, F.SEAT_WIND, F.BIG_THREE_WINDS,
                    F.LITTLE_FOUR_WINDS, F.PUNG_OF_TERMINALS_OR_HONORS):  # fmt: skip
        assert implied not in r, _describe(r)
    assert r.total == 159, _describe(r)  # 大四喜 88, 四暗刻 64, 混一色 6, 单钓将 1


def test_no_repetition_big_three_dragons() -> None:
    """不重复: 大三元 takes its dragon pungs; 箭刻 and 双箭刻 are not counted."""
    r = fanshu.score("CCCFFFPPP123m88s")
    assert F.BIG_THREE_DRAGONS in r
    assert F.DRAGON_PUNG not in r and F.TWO_DRAGONS_PUNGS not in r, _describe(r)
    assert F.LITTLE_THREE_DRAGONS not in r, _describe(r)
    assert r.total == 108, _describe(r)


def test_no_splitting_pure_straight() -> None:
    """不拆移: the 清龙 chows are not split up again into 连六 or 老少副."""
    r = fanshu.score("123456789m123p55s")
    assert F.PURE_STRAIGHT in r
    assert F.SHORT_STRAIGHT not in r and F.TWO_TERMINAL_CHOWS not in r, _describe(r)
    assert r.count_of(F.MIXED_DOUBLE_CHOW) == 1, _describe(r)  # 123饼 with one 123万
    assert r.total == 22, _describe(r)  # 清龙 16, 门前清 2, 平和 2, 喜相逢 1, 单钓将 1


def test_no_splitting_seven_pairs() -> None:
    """不拆移: 112233万 445566饼 read as pairs are not regrouped into chows for 一般高."""
    r = fanshu.score("112233m445566pEE")
    assert F.SEVEN_PAIRS in r
    assert F.PURE_DOUBLE_CHOW not in r, _describe(r)
    assert r.total == 25, _describe(r)  # 七对 24, 缺一门 1


def test_no_identical_combination() -> None:
    """不得相同: 123万 forms 喜相逢 with one 123饼 and not a second time with the other."""
    r = fanshu.score("123m123123p789s55s")
    assert r.count_of(F.MIXED_DOUBLE_CHOW) == 1, _describe(r)
    assert r.count_of(F.PURE_DOUBLE_CHOW) == 1, _describe(r)
    assert r.total == 7, _describe(r)  # 门前清 2, 平和 2, 一般高 1, 喜相逢 1, 单钓将 1


def test_highest_decomposition_pungs_over_chows() -> None:
    """就高不就低: 111222333万 as three pungs (一色三节高 + 三暗刻) beats three chows."""
    r = fanshu.score("111222333m789p55s")
    assert F.PURE_SHIFTED_PUNGS in r and F.THREE_CONCEALED_PUNGS in r, _describe(r)
    assert F.PURE_TRIPLE_CHOW not in r and F.ALL_CHOWS not in r, _describe(r)
    assert r.total == 45, _describe(r)


def test_highest_decomposition_seven_pairs_over_chows() -> None:
    """就高不就低: 112233万 112233条 55饼 scores as 七对 (25), not as four chows."""
    r = fanshu.score("123m123m123s123s55p")
    assert F.SEVEN_PAIRS in r and F.ALL_CHOWS not in r, _describe(r)
    assert r.total == 25, _describe(r)  # 七对 24, 无字 1


def test_account_once_four_chows() -> None:
    """套算一次: 123 123 456万 123饼 — 一般高 once; the unused 123饼 makes 喜相逢 with one
    123万 only, the unused 456万 makes 连六 with one 123万 only."""
    r = fanshu.score("123123456m123p55s")
    assert r.count_of(F.PURE_DOUBLE_CHOW) == 1, _describe(r)
    assert r.count_of(F.MIXED_DOUBLE_CHOW) == 1, _describe(r)
    assert r.count_of(F.SHORT_STRAIGHT) == 1, _describe(r)
    assert r.total == 8, _describe(r)  # + 门前清 2, 平和 2, 单钓将 1


def test_account_once_after_mixed_triple_chow() -> None:
    """套算一次: the fourth chow 123条 combines once (一般高), not again as 喜相逢."""
    r = fanshu.score("123m123p123123s55p")
    assert F.MIXED_TRIPLE_CHOW in r
    assert r.count_of(F.PURE_DOUBLE_CHOW) == 1, _describe(r)
    assert F.MIXED_DOUBLE_CHOW not in r, _describe(r)
    assert r.total == 14, _describe(r)


def test_minimum_not_met_with_flowers() -> None:
    """8-fan minimum: 7 fan plus 2 flowers totals 9 but does not meet the minimum."""
    r = fanshu.score("[123m1][456s1]NNNFF67p8p", flowers=2)
    assert r.is_win
    assert r.count_of(F.FLOWER_TILES) == 2, _describe(r)
    assert r.total == 9, _describe(r)  # 五门齐 6, 幺九刻 1, 花牌 2
    assert r.total_without_flowers == 7
    assert r.meets_minimum is False


def test_minimum_met_by_chicken_hand_flowers_aside() -> None:
    """无番和 is worth 8 by itself; a flower adds to the total, not to the verdict."""
    r = fanshu.score("[234m1][456s1][789p1]34mNN5m", flowers=1)
    assert F.CHICKEN_HAND in r, _describe(r)
    assert r.total == 9 and r.total_without_flowers == 8, _describe(r)
    assert r.meets_minimum is True


def test_exactly_eight_meets_minimum() -> None:
    r = fanshu.score("[123m1][456s1]NNNFF67p8p", self_drawn=True, flowers=0)
    assert r.total == 8, _describe(r)  # 五门齐 6, 幺九刻 1, 自摸 1
    assert r.meets_minimum is True


def test_non_winning_hand() -> None:
    r = fanshu.score("123m456p789s11sEWN")
    assert r.is_win is False
    assert r.meets_minimum is False
    assert r.fans == ()
