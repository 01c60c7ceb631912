"""The Beijing fan list as data (seed 003, 麻将规则（第4稿）§6).

Fans add up; the payment doubles once per fan (see :mod:`.settlement`).  推倒和 is the
line a hand shows when it has no fan at all: it is paid the base points only.
豪华七对 is worth one fan *on top of* 七对 (the text: 在7对基础上加1番), so both rows count.

>>> [(f.name_zh, f.value) for f in FANS][:4]
[('推倒和', 0), ('门清', 1), ('对对和', 1), ('混一色', 1)]
>>> BY_KEY["qing_yi_se"].excludes
('hun_yi_se',)
>>> sum(BY_KEY[k].value for k in ("qi_dui", "hao_hua_qi_dui"))
5
"""

from __future__ import annotations

from fanshu.rules.base import FanRow

#: seed 003 (003_501f5eabbcdb075c.txt), the text 麻将规则（第4稿）, section 6; the
#: comment above each row quotes it.
_DRAFT4 = "seed 003, 第4稿 §6"

# 推倒和只能自摸才能赢，但不算番，只记底数
TUI_DAO_HE = FanRow("tui_dao_he", "推倒和", "Plain win (base only)", 0, source=f"{_DRAFT4}(1)")
# 没有吃碰明杠过的牌型。加1番。暗杠算门清
MEN_QING = FanRow("men_qing", "门清", "Concealed hand", 1, source=f"{_DRAFT4}(2)")
# 4个刻子和一个对子，加1番
DUI_DUI_HE = FanRow("dui_dui_he", "对对和", "All pungs", 1, source=f"{_DRAFT4}(3)")
# 只有一门牌和风牌，加1番
HUN_YI_SE = FanRow("hun_yi_se", "混一色", "Half flush", 1, source=f"{_DRAFT4}(4)")
# 吃碰12张牌，只剩一张单钓和牌。加1番
DA_DIAO = FanRow("da_diao", "大钓", "Big single wait", 1, source=f"{_DRAFT4}(5)")
# 和牌时只和嵌单“五万”一张牌的牌型。加1番
ZHUO_WU_KUI = FanRow("zhuo_wu_kui", "捉五魁", "Closed wait on 5万", 1, source=f"{_DRAFT4}(6)")
# 拿到海底牌最后一张时和牌; 最后一张所出的牌放了铳，也是海底捞月
HAI_DI_LAO_YUE = FanRow("hai_di_lao_yue", "海底捞月", "Last tile", 1, source=f"{_DRAFT4}(7)")
# 凑齐一种花色的“1--9”。3番
YI_TIAO_LONG = FanRow("yi_tiao_long", "一条龙", "Pure straight", 3, source=f"{_DRAFT4}(8)")
# 14张牌为7个对子。4番
QI_DUI = FanRow("qi_dui", "七对", "Seven pairs", 4, source=f"{_DRAFT4}(9)")
# 开杠补得的牌为自摸牌，加1番
GANG_SHANG_KAI_HUA = FanRow(
    "gang_shang_kai_hua",
    "杠上开花",
    "Win on a kong replacement",
    1,
    source=f"{_DRAFT4}(10)",
)
# 和牌的14张均为一种花色。5番
QING_YI_SE = FanRow(
    "qing_yi_se",
    "清一色",
    "Full flush",
    5,
    excludes=("hun_yi_se",),
    source=f"{_DRAFT4}(11)",
)
# 七对子中有两对一样的对子 (在7对基础上加1番)
HAO_HUA_QI_DUI = FanRow(
    "hao_hua_qi_dui",
    "豪华七对",
    "Luxury seven pairs (on top of 七对)",
    1,
    source=f"{_DRAFT4}(13)",
)

#: The whole list, in the order of the rule text.
FANS: tuple[FanRow[str], ...] = (
    TUI_DAO_HE,
    MEN_QING,
    DUI_DUI_HE,
    HUN_YI_SE,
    DA_DIAO,
    ZHUO_WU_KUI,
    HAI_DI_LAO_YUE,
    YI_TIAO_LONG,
    QI_DUI,
    GANG_SHANG_KAI_HUA,
    QING_YI_SE,
    HAO_HUA_QI_DUI,
)
BY_KEY: dict[str, FanRow[str]] = {f.key: f for f in FANS}

#: The "加番牌型" the definition of 推倒和 names (§6(1)); 门清 and 混一色 are not among
#: them.  Used by the option ``plain_self_drawn_only``.
BONUS_SHAPES: frozenset[str] = frozenset(
    {
        "dui_dui_he",
        "da_diao",
        "zhuo_wu_kui",
        "hai_di_lao_yue",
        "yi_tiao_long",
        "qi_dui",
        "gang_shang_kai_hua",
        "qing_yi_se",
        "hao_hua_qi_dui",
    }
)
