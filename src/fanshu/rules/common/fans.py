"""The 底分 × 2^番 list as data (seed 000, 快速入门规则：学会如何计算番数和得分).

Fans add up and the score doubles once per fan: 得分 = 底分 × 2的番数次方 (see
:mod:`.settlement`).  The seed gives eleven names and values in its §二 (番数计算方法)
but defines only ten in its §一 (混全带字 has a value and no definition); its definitions
are loose, so the readings fanshu takes are written at each row and in
docs/rules/common.md, and the contested ones are options (:mod:`.options`).

``excludes`` names the fans a row implies, which are then not counted (the seed says
nothing about 不重复; these follow from the definitions: a 清一色 hand is necessarily
无字 and not 混一色, 大三元 holds 小三元).

>>> [(f.name_zh, f.value) for f in FANS][:3]
[('平和', 1), ('一杯口', 1), ('七对子', 2)]
>>> BY_KEY["qing_yi_se"].excludes
('hun_yi_se', 'wu_zi')
>>> sum(f.value for f in FANS)
63
"""

from __future__ import annotations

from fanshu.rules.base import FanRow

#: seed 000 (000_027ea77d1181f0d7.txt), 快速入门规则, §一 (definitions, numbered) and
#: §二 (values); the comment above each row quotes §一.
_QUICK = "seed 000, 快速入门规则 §一"

# 1. 平和（1番）：手牌没有特殊组合，即单纯的顺子和刻子组合。
# Reading (option ping_he): "plain" — a hand of sets and a pair with no other fan of
# this list; "all_chows" — four chows and a pair.
PING_HE = FanRow("ping_he", "平和", "Plain hand", 1, source=f"{_QUICK} 1")
# 2. 一杯口（1番）：有两组一样的顺子或刻子。
# Two identical pungs cannot exist (four copies of a kind), so: two identical chows;
# counted once per such pair of chows (twice with two pairs).
YI_BEI_KOU = FanRow("yi_bei_kou", "一杯口", "Two identical chows", 1, source=f"{_QUICK} 2")
# 3. 七对子（2番）：手牌由七个对子组成，没有顺子。
QI_DUI_ZI = FanRow(
    "qi_dui_zi",
    "七对子",
    "Seven pairs",
    2,
    excludes=("ping_he", "yi_bei_kou"),
    source=f"{_QUICK} 3",
)
# 4. 混一色（2番）：由同一种花色和字牌组成，但中间有一张不同花色的牌。
# Read: one suit and at least one honour (the honours are the "different" tiles).
HUN_YI_SE = FanRow("hun_yi_se", "混一色", "Half flush", 2, source=f"{_QUICK} 4")
# 5. 无字（3番）：手牌由序数牌组成，没有字牌。
WU_ZI = FanRow("wu_zi", "无字", "No honours", 3, source=f"{_QUICK} 5")
# 6. 对对和（3番）：所有的刻子都是对子。
# Read: four pungs (or kongs) and a pair, the usual 对对和.
DUI_DUI_HE = FanRow(
    "dui_dui_he", "对对和", "All pungs", 3, excludes=("ping_he",), source=f"{_QUICK} 6"
)
# 7. 混全带幺九（3番）：由同一种花色和字牌组成，但必须包含带有"一"或"九"的牌。
# Read (option outside_hand): every set and the pair holds a 1, a 9 or an honour.
HUN_QUAN_DAI_YAO_JIU = FanRow(
    "hun_quan_dai_yao_jiu",
    "混全带幺九",
    "Outside hand (terminals)",
    3,
    source=f"{_QUICK} 7",
)
# §二 4. 混全带幺九和混全带字的番数计算方法：- 混全带幺九：3番- 混全带字：3番
# (no definition in §一).  Read (option outside_hand): an outside hand with honours.
HUN_QUAN_DAI_ZI = FanRow(
    "hun_quan_dai_zi",
    "混全带字",
    "Outside hand (with honours)",
    3,
    source="seed 000, 快速入门规则 §二 4",
)
# 8. 清一色（6番）：由同一种花色和字牌组成，没有其他花色的牌。
# Read: one suit only, no honour (else it would be 混一色).
QING_YI_SE = FanRow(
    "qing_yi_se",
    "清一色",
    "Full flush",
    6,
    excludes=("hun_yi_se", "wu_zi"),
    source=f"{_QUICK} 8",
)
# 9. 小三元（13番）：手牌包含两组箭牌（发、白）和一组刻子。
# Read (option xiao_san_yuan): "pair" — two dragon pungs and the third dragon as the
# pair; "literal" — two dragon pungs and one more pung of anything.
XIAO_SAN_YUAN = FanRow("xiao_san_yuan", "小三元", "Little three dragons", 13, source=f"{_QUICK} 9")
# 10. 大三元（26番）：手牌包含三组箭牌（发、白）。
# Read: a pung (or kong) of each of the three dragons.
DA_SAN_YUAN = FanRow(
    "da_san_yuan",
    "大三元",
    "Big three dragons",
    26,
    excludes=("xiao_san_yuan",),
    source=f"{_QUICK} 10",
)

#: The whole list, in the order of §二.
FANS: tuple[FanRow[str], ...] = (
    PING_HE,
    YI_BEI_KOU,
    QI_DUI_ZI,
    HUN_YI_SE,
    WU_ZI,
    DUI_DUI_HE,
    HUN_QUAN_DAI_YAO_JIU,
    HUN_QUAN_DAI_ZI,
    QING_YI_SE,
    XIAO_SAN_YUAN,
    DA_SAN_YUAN,
)
BY_KEY: dict[str, FanRow[str]] = {f.key: f for f in FANS}
