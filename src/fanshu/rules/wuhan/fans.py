"""The Wuhan 开口翻 番 list as data (seed 001, ❽ 開口翻怎麼算錢).

The seed's sentence lists seven 番, each 1 except 暗杠 (2).  Some belong to the winner
(屁胡, 自摸), some to whichever player has them, winner or loser (开口, 明杠, 暗杠, 庄家),
and one only to a loser (放冲, the discarder of the winning tile).  Each loser pays by
the winner's 番 plus its own (see :mod:`.settlement`).

The rows after the seven are fanshu's readings of the seed's other points, each
documented in docs/rules/wuhan.md: 全求人 (named by the seed's 承包 example, it has no
番 of its own), 红中发财杠 / 赖子杠 (the 红中发财杠 variant the seed names for its
cap; options ``dragon_kongs`` and ``laizi``) and 硬胡 (option ``ying_hu``).

>>> [(f.name_zh, f.value) for f in SEED_FANS]
[('开口', 1), ('暗杠', 2), ('明杠', 1), ('自摸', 1), ('屁胡', 1), ('放冲', 1), ('庄家', 1)]
>>> BY_KEY["lai_zi_gang"].value
2
"""

from __future__ import annotations

from fanshu.rules.base import FanRow

#: The seed's sentence (seed 001, ❽, first paragraph); each row quotes its own clause.
SEED = (
    "seed 001 ❽: 開口翻算錢的方法是開口算1番，暗杠算2番，明杠算1番，自摸算1番，"
    "屁胡算1番，放沖算1番，莊家算1番"
)
_S = "seed 001 ❽"
_CONTRACT = "seed 001 ❽: 比如A放沖給B作全求人，A沒聽牌，A承包"
_CAP = "seed 001 ❽: 比如賴子山莊的紅中發財杠封頂值為400分 (fanshu's reading of 紅中發財杠)"

# 開口算1番: each chow, pung or kong claimed from a discard (option opening_per_claim)
KAI_KOU = FanRow("kai_kou", "开口", "Opened (per claimed meld)", 1, source=f"{_S}: 開口算1番")
# 暗杠算2番
AN_GANG = FanRow("an_gang", "暗杠", "Concealed kong", 2, source=f"{_S}: 暗杠算2番")
# 明杠算1番: a kong claimed from a discard or added to a pung
MING_GANG = FanRow("ming_gang", "明杠", "Melded kong", 1, source=f"{_S}: 明杠算1番")
# 自摸算1番: the winner drew the winning tile
ZI_MO = FanRow("zi_mo", "自摸", "Self-drawn", 1, source=f"{_S}: 自摸算1番")
# 屁胡算1番: the plain win (the seed lists no bigger hand, so every win is one)
PI_HU = FanRow("pi_hu", "屁胡", "Plain win", 1, source=f"{_S}: 屁胡算1番")
# 放沖算1番: the loser who discarded the winning tile (a robbed kong's owner too)
FANG_CHONG = FanRow("fang_chong", "放冲", "Fed the win (discarder)", 1, source=f"{_S}: 放沖算1番")
# 莊家算1番: the dealer, whether it wins or pays
ZHUANG_JIA = FanRow("zhuang_jia", "庄家", "Dealer", 1, source=f"{_S}: 莊家算1番")

# 全求人: four claimed melds and a win on a discard; no 番 of its own, it names the
# 承包 case of the seed's example
QUAN_QIU_REN = FanRow(
    "quan_qiu_ren", "全求人", "All melded, won on a discard (承包 case)", 0, source=_CONTRACT
)
# 紅中發財杠: a discarded 红中 or 发财 counts as a kong, 1 番 like a 明杠 (option dragon_kongs)
DRAGON_GANG = FanRow(
    "dragon_gang", "红中发财杠", "Dragon kong (each discarded 中 or 发)", 1, source=_CAP
)
# 赖子杠: a discarded 赖子 counts as a kong, 2 番 like a 暗杠 (option laizi)
LAI_ZI_GANG = FanRow("lai_zi_gang", "赖子杠", "Wildcard kong (a discarded 赖子)", 2, source=_CAP)
# 硬胡: a win whose 赖子 all stand for themselves (option ying_hu; not in the seed)
YING_HU = FanRow(
    "ying_hu",
    "硬胡",
    "Hard win (no 赖子 used as another tile)",
    1,
    source="fanshu option ying_hu (a common Wuhan club rule, not in the seed)",
)

#: The seven of the seed, in its order.
SEED_FANS: tuple[FanRow[str], ...] = (
    KAI_KOU,
    AN_GANG,
    MING_GANG,
    ZI_MO,
    PI_HU,
    FANG_CHONG,
    ZHUANG_JIA,
)
#: The whole list: the seed's seven, then fanshu's readings.
FANS: tuple[FanRow[str], ...] = (
    *SEED_FANS,
    QUAN_QIU_REN,
    DRAGON_GANG,
    LAI_ZI_GANG,
    YING_HU,
)
BY_KEY: dict[str, FanRow[str]] = {f.key: f for f in FANS}
