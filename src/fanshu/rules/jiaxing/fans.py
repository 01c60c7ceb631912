"""The Jiaxing 台 and 番 lists as data (seed 001, ❼ 嘉興台頭麻將).

Two kinds of row, both :class:`~fanshu.rules.base.FanRow`: **台** (``TAI``) add up to the
hand's base (总台数形成基本分), **番** (``FAN``) add up too and each doubles it
(每得一番，积分乘2).  The wind pung row of the seed (四个风刻 0-2 台) is two rows here,
门风 and 圈风, which add (门风和风圈可以累加).

黄番, 老头黄, 包子 and 百搭连庄 (``SPECIALS``) are not facts of the 14 tiles but of the
table: they wait in the carried state (:mod:`.carry`) and a win uses one of them.

>>> [(f.name_zh, f.value) for f in TAI][:3]
[('红中刻', 1), ('发财刻', 1), ('白板刻', 1)]
>>> sum(f.value for f in FAN)
12
>>> UNIT["qing_yi_se"], UNIT["tian_he"]
('台', '番')
"""

from __future__ import annotations

from fanshu.rules.base import FanRow

#: seed 001 (001_7c7aec1a6f525d3f.txt), section ❼ 嘉興台頭麻將; "台型列表" and "番型列表"
#: are its two numbered lists.  Each row's ``source`` quotes its line (traditional
#: characters, as the seed is written).
_TAI = "seed 001 ❼ 台型列表"
_FAN = "seed 001 ❼ 番型列表"

# -- 台 -------------------------------------------------------------------------------

HONG_ZHONG_KE = FanRow(
    "hong_zhong_ke",
    "红中刻",
    "Pung of red dragons",
    1,
    source=f"{_TAI} 1、紅中刻 三張以上紅中； 1台",
    number=1,
)
FA_CAI_KE = FanRow(
    "fa_cai_ke",
    "发财刻",
    "Pung of green dragons",
    1,
    source=f"{_TAI} 2、發財刻 三張以上發財； 1台",
    number=2,
)
BAI_BAN_KE = FanRow(
    "bai_ban_ke",
    "白板刻",
    "Pung of white dragons",
    1,
    source=f"{_TAI} 3、白板刻 三張以上白板； 1台",
    number=3,
)
MEN_FENG = FanRow(
    "men_feng",
    "门风刻",
    "Pung of the seat wind",
    1,
    source=f"{_TAI} 4、四個風刻 0 - 2 台; 註 A、門風，你坐在哪個風向，並且有了這個風向的刻，加1台",
    number=4,
)
QUAN_FENG = FanRow(
    "quan_feng",
    "圈风刻",
    "Pung of the prevalent wind",
    1,
    source=f"{_TAI} 4、四個風刻 0 - 2 台; 註 B、風圈 … 如果你有這種風的刻，加1台; "
    "C、門風和風圈可以累加",
    number=4,
)
WU_BAI_DA = FanRow(
    "wu_bai_da",
    "无百搭",
    "No wildcard",
    1,
    source=f"{_TAI} 5、 無百搭 沒有百搭和牌； 1台",
    number=5,
)
DUI_DUI_HE = FanRow(
    "dui_dui_he",
    "对对和",
    "All pungs",
    2,
    source=f"{_TAI} 6、對對和 「四刻加一將」， 不是「7對」 ； 2台",
    number=6,
)
HUN_YI_SE = FanRow(
    "hun_yi_se",
    "混一色",
    "Half flush",
    2,
    source=f"{_TAI} 7、混一色 萬、筒、條中的一色，加上風牌和字牌； 2台",
    number=7,
)
QING_YI_SE = FanRow(
    "qing_yi_se",
    "清一色",
    "Full flush",
    4,
    source=f"{_TAI} 8、清一色 萬、筒、條中的一色，沒有風牌和字牌； 4台",
    number=8,
)
QUAN_LAO_TOU = FanRow(
    "quan_lao_tou",
    "全老头",
    "All honours",
    10,
    source=f"{_TAI} 9、全老頭 只有風牌和字牌！ 10台",
    number=9,
)

# -- 番 -------------------------------------------------------------------------------

SAN_BAI_DA = FanRow(
    "san_bai_da",
    "3百搭",
    "Three wildcards",
    1,
    source=f"{_FAN} 1、3百搭 手中有三張百搭； 1番",
    number=1,
)
GANG_SHANG_KAI_HUA = FanRow(
    "gang_shang_kai_hua",
    "杠上开花",
    "Win on a kong replacement",
    1,
    source=f"{_FAN} 2、杠上開花 杠牌後抓來的牌自摸成和； 1番",
    number=2,
)
DAN_DIAO = FanRow(
    "dan_diao",
    "单吊",
    "Single wait after four melds",
    1,
    source=f"{_FAN} 3、單吊 吃碰杠後只剩一張牌時成和； 1番",
    number=3,
)
HUANG_FAN = FanRow(
    "huang_fan",
    "黄番",
    "Drawn-hand bonus",
    1,
    source=f"{_FAN} 4、黃番 前面流局的，詳見下面說明； 1番",
    number=4,
)
LAO_TOU_HUANG = FanRow(
    "lao_tou_huang",
    "老头黄",
    "Honour wildcard",
    1,
    source=f"{_FAN} 5、老頭黃 本盤百搭為風、字的； 1番",
    number=5,
)
HAI_DI_LAO_YUE = FanRow(
    "hai_di_lao_yue",
    "海底捞月",
    "Last tile drawn",
    1,
    source=f"{_FAN} 6、海底撈月 摸到最後一張牌成和的； 1番",
    number=6,
)
TIAN_HE = FanRow(
    "tian_he",
    "天和",
    "Heavenly hand",
    2,
    source=f"{_FAN} 7、天和 莊家還沒出牌就自摸成和的； 2番",
    number=7,
)
DI_HE = FanRow(
    "di_he",
    "地和",
    "Earthly hand",
    2,
    source=f"{_FAN} 8、地和 莊家出第一張牌就抓銃成和的； 2番",
    number=8,
)
BAO_ZI = FanRow(
    "bao_zi",
    "包子",
    "Dice doubles",
    1,
    source=f"{_FAN} 9、包子 擲出的2顆骰子點數相同的； 1番",
    number=9,
)
LIAN_ZHUANG = FanRow(
    "lian_zhuang",
    "百搭连庄",
    "Same wildcard as last hand",
    1,
    source=f"{_FAN} 10、百搭連庄 本盤百搭和上一盤相同的； 1番",
    number=10,
)

#: The 台 rows, in the order of the seed's list.
TAI: tuple[FanRow[str], ...] = (
    HONG_ZHONG_KE,
    FA_CAI_KE,
    BAI_BAN_KE,
    MEN_FENG,
    QUAN_FENG,
    WU_BAI_DA,
    DUI_DUI_HE,
    HUN_YI_SE,
    QING_YI_SE,
    QUAN_LAO_TOU,
)
#: The 番 rows, in the order of the seed's list.
FAN: tuple[FanRow[str], ...] = (
    SAN_BAI_DA,
    GANG_SHANG_KAI_HUA,
    DAN_DIAO,
    HUANG_FAN,
    LAO_TOU_HUANG,
    HAI_DI_LAO_YUE,
    TIAN_HE,
    DI_HE,
    BAO_ZI,
    LIAN_ZHUANG,
)
#: Every row, 台 first.
FANS: tuple[FanRow[str], ...] = TAI + FAN
BY_KEY: dict[str, FanRow[str]] = {f.key: f for f in FANS}
#: "台" or "番" for each row key.
UNIT: dict[str, str] = {**{f.key: "台" for f in TAI}, **{f.key: "番" for f in FAN}}

#: The four 番 that are carried between hands and used one per win (注: 黃番、老頭黃、
#: 包子、百搭連庄這4種番型 … 只能使用其中之一), in the order a win uses them.
SPECIALS: tuple[FanRow[str], ...] = (HUANG_FAN, LAO_TOU_HUANG, BAO_ZI, LIAN_ZHUANG)
SPECIAL_KEYS: tuple[str, ...] = tuple(f.key for f in SPECIALS)
