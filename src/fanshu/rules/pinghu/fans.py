"""The Pinghu 翻 list as data (seed 001, ❹ 平湖麻將台頭胡演算法).

The seed's whole text is one sentence list; the comment above each row quotes the part
of it behind the row.  Every 翻 here counts as one 台 (台头: the values add up).

Three kinds of rows (the readings are fanshu's, docs/rules/pinghu.md):

- **flat** hands (``FLAT``): 十三幺 "48翻" (no 起) and 大四喜 (whose value the text
  omits; read as 48 like the row before it) are the whole score: nothing adds to them;
- **big** hands (``BIG``): the rows written "N翻起" ("from N"): the hand is worth N and
  the 1翻 rows add on top; only the highest big hand counts (option ``big_hands``);
- **small** rows: 平湖, 門前清, 斷幺, 2百眼, 紅中, 自摸 (1 each) and, with the option
  ``flowers``, one per flower (有些地方打花).

>>> [(f.name_zh, f.value) for f in FANS][:3]
[('十三幺', 48), ('大四喜', 48), ('全幺', 24)]
>>> BY_KEY["qing_yi_se_dui_dui"].excludes
('qing_yi_se', 'dui_dui_hu')
>>> sorted(FLAT), len(BIG), len(SMALL)
(['da_si_xi', 'shi_san_yao'], 9, 7)
"""

from __future__ import annotations

from fanshu.rules.base import FanRow

#: seed 001 (001_7c7aec1a6f525d3f.txt), section ❹ 平湖麻將台頭胡演算法.
_SEED = "seed 001, ❹ 平湖麻將台頭胡演算法"

# 十三幺，48翻
SHI_SAN_YAO = FanRow(
    "shi_san_yao", "十三幺", "Thirteen orphans", 48, source=f"{_SEED}: 十三幺，48翻"
)
# 大四喜； (no value in the text: read as 48, the value before it; option da_si_xi)
DA_SI_XI = FanRow("da_si_xi", "大四喜", "Big four winds", 48, source=f"{_SEED}: 大四喜；")
# 全幺、全幺九、混幺九，24翻起
QUAN_YAO = FanRow(
    "quan_yao",
    "全幺",
    "All honours (option quan_yao: or outside hand)",
    24,
    excludes=("dui_dui_hu",),
    source=f"{_SEED}: 全幺、全幺九、混幺九，24翻起",
)
QUAN_YAO_JIU = FanRow(
    "quan_yao_jiu",
    "全幺九",
    "All terminals",
    24,
    excludes=("dui_dui_hu",),
    source=f"{_SEED}: 全幺、全幺九、混幺九，24翻起",
)
HUN_YAO_JIU = FanRow(
    "hun_yao_jiu",
    "混幺九",
    "Terminals and honours",
    24,
    excludes=("dui_dui_hu",),
    source=f"{_SEED}: 全幺、全幺九、混幺九，24翻起",
)
# 清一色（對對碰）、九字連環、清一色，12翻起
QING_YI_SE_DUI_DUI = FanRow(
    "qing_yi_se_dui_dui",
    "清一色对对碰",
    "Full flush, all pungs",
    12,
    excludes=("qing_yi_se", "dui_dui_hu"),
    source=f"{_SEED}: 清一色（對對碰）、九字連環、清一色，12翻起",
)
JIU_ZI_LIAN_HUAN = FanRow(
    "jiu_zi_lian_huan",
    "九字连环",
    "Nine-tile chain: 1-9 of one suit (option: nine gates)",
    12,
    source=f"{_SEED}: 清一色（對對碰）、九字連環、清一色，12翻起",
)
QING_YI_SE = FanRow(
    "qing_yi_se",
    "清一色",
    "Full flush",
    12,
    source=f"{_SEED}: 清一色（對對碰）、九字連環、清一色，12翻起",
)
# 混一色（對對碰），10翻起
HUN_YI_SE_DUI_DUI = FanRow(
    "hun_yi_se_dui_dui",
    "混一色对对碰",
    "Half flush, all pungs",
    10,
    excludes=("kun_yi_se", "dui_dui_hu"),
    source=f"{_SEED}: 混一色（對對碰），10翻起",
)
# 昆一色、對對碰胡，5翻起 (昆一色 read as 混一色, one suit and honours)
KUN_YI_SE = FanRow(
    "kun_yi_se",
    "昆一色",
    "Half flush (昆 read as 混)",
    5,
    source=f"{_SEED}: 昆一色、對對碰胡，5翻起",
)
DUI_DUI_HU = FanRow(
    "dui_dui_hu", "对对碰胡", "All pungs", 5, source=f"{_SEED}: 昆一色、對對碰胡，5翻起"
)
# 平湖1翻、門前清1翻、斷幺1翻、2百眼1翻、紅中1翻、自摸1翻
PING_HU = FanRow("ping_hu", "平湖", "All chows (平湖 = 平胡)", 1, source=f"{_SEED}: 平湖1翻")
MEN_QIAN_QING = FanRow("men_qian_qing", "门前清", "Concealed hand", 1, source=f"{_SEED}: 門前清1翻")
DUAN_YAO = FanRow("duan_yao", "断幺", "All simples", 1, source=f"{_SEED}: 斷幺1翻")
LIANG_BAI_YAN = FanRow(
    "liang_bai_yan",
    "2百眼",
    "Two wild tiles as the pair",
    1,
    source=f"{_SEED}: 2百眼1翻",
)
HONG_ZHONG = FanRow("hong_zhong", "红中", "Pung of red dragons", 1, source=f"{_SEED}: 紅中1翻")
ZI_MO = FanRow("zi_mo", "自摸", "Self-drawn", 1, source=f"{_SEED}: 自摸1翻")
# 有些地方打花，花分： (the text stops there: one per flower, option flowers)
HUA = FanRow("hua", "花", "Flower (option flowers)", 1, source=f"{_SEED}: 有些地方打花，花分：")

#: The whole list, in the order of the seed's text.
FANS: tuple[FanRow[str], ...] = (
    SHI_SAN_YAO,
    DA_SI_XI,
    QUAN_YAO,
    QUAN_YAO_JIU,
    HUN_YAO_JIU,
    QING_YI_SE_DUI_DUI,
    JIU_ZI_LIAN_HUAN,
    QING_YI_SE,
    HUN_YI_SE_DUI_DUI,
    KUN_YI_SE,
    DUI_DUI_HU,
    PING_HU,
    MEN_QIAN_QING,
    DUAN_YAO,
    LIANG_BAI_YAN,
    HONG_ZHONG,
    ZI_MO,
    HUA,
)
BY_KEY: dict[str, FanRow[str]] = {f.key: f for f in FANS}

#: The hands that are the whole score ("48翻", no 起).
FLAT: frozenset[str] = frozenset({"shi_san_yao", "da_si_xi"})
#: The "N翻起" hands: worth N, the small rows on top.
BIG: frozenset[str] = frozenset(
    {
        "quan_yao",
        "quan_yao_jiu",
        "hun_yao_jiu",
        "qing_yi_se_dui_dui",
        "jiu_zi_lian_huan",
        "qing_yi_se",
        "hun_yi_se_dui_dui",
        "kun_yi_se",
        "dui_dui_hu",
    }
)
#: The 1翻 rows (and the flowers).
SMALL: frozenset[str] = frozenset(f.key for f in FANS) - FLAT - BIG
#: Position of each row in the text, to list counted rows in that order.
ORDER: dict[str, int] = {f.key: i for i, f in enumerate(FANS)}
