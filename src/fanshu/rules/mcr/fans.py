"""The 81 fans of the Chinese Official rules, as data.

Each fan has its number in the 1998 rule book, its Chinese name, its English name (as
the Mahjong International League writes it), its value and what it excludes (不计):

- ``excludes``: the fans it implies; once it counts, they are not counted again (不重复);
- ``excludes_own_sets``: fans it implies only on the sets that form it (三风刻 takes the
  幺九刻 of its three wind pungs, not of a fourth pung of 9s).

>>> FANS[Fan.BIG_FOUR_WINDS].value, FANS[Fan.BIG_FOUR_WINDS].name_zh
(88, '大四喜')
>>> Fan.PUNG_OF_TERMINALS_OR_HONORS in FANS[Fan.BIG_THREE_WINDS].excludes_own_sets
True
>>> sum(1 for f in Fan if f.is_official)
81
"""

from __future__ import annotations

from enum import IntEnum

from fanshu.rules.base import FanRow


class Fan(IntEnum):
    """A fan, numbered as in the 1998 rule book (1-81); 82 is the MIL 明暗杠; 83-88 are
    the non-official extras counted only under the option ``blessings`` (``blessings.py``:
    their value depends on the value set chosen; the value below is the 联众 one)."""

    BIG_FOUR_WINDS = 1
    BIG_THREE_DRAGONS = 2
    ALL_GREEN = 3
    NINE_GATES = 4
    FOUR_KONGS = 5
    SEVEN_SHIFTED_PAIRS = 6
    THIRTEEN_ORPHANS = 7
    ALL_TERMINALS = 8
    LITTLE_FOUR_WINDS = 9
    LITTLE_THREE_DRAGONS = 10
    ALL_HONORS = 11
    FOUR_CONCEALED_PUNGS = 12
    PURE_TERMINAL_CHOWS = 13
    QUADRUPLE_CHOW = 14
    FOUR_PURE_SHIFTED_PUNGS = 15
    FOUR_PURE_SHIFTED_CHOWS = 16
    THREE_KONGS = 17
    ALL_TERMINALS_AND_HONORS = 18
    SEVEN_PAIRS = 19
    GREATER_HONORS_AND_KNITTED_TILES = 20
    ALL_EVEN_PUNGS = 21
    FULL_FLUSH = 22
    PURE_TRIPLE_CHOW = 23
    PURE_SHIFTED_PUNGS = 24
    UPPER_TILES = 25
    MIDDLE_TILES = 26
    LOWER_TILES = 27
    PURE_STRAIGHT = 28
    THREE_SUITED_TERMINAL_CHOWS = 29
    PURE_SHIFTED_CHOWS = 30
    ALL_FIVE = 31
    TRIPLE_PUNG = 32
    THREE_CONCEALED_PUNGS = 33
    LESSER_HONORS_AND_KNITTED_TILES = 34
    KNITTED_STRAIGHT = 35
    UPPER_FOUR = 36
    LOWER_FOUR = 37
    BIG_THREE_WINDS = 38
    MIXED_STRAIGHT = 39
    REVERSIBLE_TILES = 40
    MIXED_TRIPLE_CHOW = 41
    MIXED_SHIFTED_PUNGS = 42
    CHICKEN_HAND = 43
    LAST_TILE_DRAW = 44
    LAST_TILE_CLAIM = 45
    OUT_WITH_REPLACEMENT_TILE = 46
    ROBBING_THE_KONG = 47
    ALL_PUNGS = 48
    HALF_FLUSH = 49
    MIXED_SHIFTED_CHOWS = 50
    ALL_TYPES = 51
    MELDED_HAND = 52
    TWO_CONCEALED_KONGS = 53
    TWO_DRAGONS_PUNGS = 54
    OUTSIDE_HAND = 55
    FULLY_CONCEALED_HAND = 56
    TWO_MELDED_KONGS = 57
    LAST_TILE = 58
    DRAGON_PUNG = 59
    PREVALENT_WIND = 60
    SEAT_WIND = 61
    CONCEALED_HAND = 62
    ALL_CHOWS = 63
    TILE_HOG = 64
    DOUBLE_PUNG = 65
    TWO_CONCEALED_PUNGS = 66
    CONCEALED_KONG = 67
    ALL_SIMPLES = 68
    PURE_DOUBLE_CHOW = 69
    MIXED_DOUBLE_CHOW = 70
    SHORT_STRAIGHT = 71
    TWO_TERMINAL_CHOWS = 72
    PUNG_OF_TERMINALS_OR_HONORS = 73
    MELDED_KONG = 74
    ONE_VOIDED_SUIT = 75
    NO_HONORS = 76
    EDGE_WAIT = 77
    CLOSED_WAIT = 78
    SINGLE_WAIT = 79
    SELF_DRAWN = 80
    FLOWER_TILES = 81
    CONCEALED_KONG_AND_MELDED_KONG = 82  # MIL supplement: one melded + one concealed kong
    # Non-official extras (option ``blessings``, off by default; see blessings.py)
    HEAVENLY_HAND = 83  # 天和
    EARTHLY_HAND = 84  # 地和
    HUMAN_HAND = 85  # 人和
    HEAVENLY_READY = 86  # 天听
    FOUR_WINDS_AND_GREEN = 87  # 四方大发
    WHOLE_FAMILY = 88  # 全家福
    WILD_KONG = 89  # 混杠: a kong of the four tiles of the hand's wild kind

    @property
    def is_official(self) -> bool:
        """One of the 81 fans of the 1998 rule book."""
        return self <= 81

    @property
    def spec(self) -> FanSpec:
        return FANS[self]


#: A row of this table: the one fan-row type of every rule set, keyed by ``Fan``.
FanSpec = FanRow[Fan]


def _source(fan: Fan) -> str:
    if fan.is_official:
        return f"1998 rule book, fan {int(fan)}"
    if fan is Fan.CONCEALED_KONG_AND_MELDED_KONG:
        return "MIL supplement"
    return "non-official extra, option blessings (联众 value; docs/rules/mcr.md)"


def _row(
    fan: Fan,
    name_zh: str,
    name_en: str,
    value: int,
    excludes: tuple[Fan, ...] = (),
    excludes_own_sets: tuple[Fan, ...] = (),
) -> FanSpec:
    return FanRow(fan, name_zh, name_en, value, excludes, _source(fan), excludes_own_sets, int(fan))


F = Fan
_T: list[FanSpec] = [
    # 88
    _row(F.BIG_FOUR_WINDS, "大四喜", "Big Four Winds", 88,
         (F.BIG_THREE_WINDS, F.LITTLE_FOUR_WINDS, F.ALL_PUNGS, F.PREVALENT_WIND, F.SEAT_WIND,
          F.PUNG_OF_TERMINALS_OR_HONORS)),
    _row(F.BIG_THREE_DRAGONS, "大三元", "Big Three Dragons", 88,
         (F.LITTLE_THREE_DRAGONS, F.TWO_DRAGONS_PUNGS, F.DRAGON_PUNG)),
    _row(F.ALL_GREEN, "绿一色", "All Green", 88, (F.HALF_FLUSH, F.ONE_VOIDED_SUIT)),
    _row(F.NINE_GATES, "九莲宝灯", "Nine Gates", 88,
         (F.FULL_FLUSH, F.CONCEALED_HAND, F.FULLY_CONCEALED_HAND, F.PUNG_OF_TERMINALS_OR_HONORS,
          F.NO_HONORS, F.ONE_VOIDED_SUIT)),
    _row(F.FOUR_KONGS, "四杠", "Four Kongs", 88,
         (F.THREE_KONGS, F.TWO_MELDED_KONGS, F.TWO_CONCEALED_KONGS, F.MELDED_KONG,
          F.CONCEALED_KONG, F.CONCEALED_KONG_AND_MELDED_KONG, F.ALL_PUNGS, F.SINGLE_WAIT)),
    _row(F.SEVEN_SHIFTED_PAIRS, "连七对", "Seven Shifted Pairs", 88,
         (F.SEVEN_PAIRS, F.FULL_FLUSH, F.CONCEALED_HAND, F.FULLY_CONCEALED_HAND, F.SINGLE_WAIT,
          F.NO_HONORS, F.ONE_VOIDED_SUIT)),
    _row(F.THIRTEEN_ORPHANS, "十三幺", "Thirteen Orphans", 88,
         (F.ALL_TYPES, F.CONCEALED_HAND, F.FULLY_CONCEALED_HAND, F.SINGLE_WAIT,
          F.ALL_TERMINALS_AND_HONORS)),
    # 64
    _row(F.ALL_TERMINALS, "清幺九", "All Terminals", 64,
         (F.ALL_TERMINALS_AND_HONORS, F.ALL_PUNGS, F.OUTSIDE_HAND, F.PUNG_OF_TERMINALS_OR_HONORS,
          F.NO_HONORS, F.DOUBLE_PUNG)),
    _row(F.LITTLE_FOUR_WINDS, "小四喜", "Little Four Winds", 64,
         (F.BIG_THREE_WINDS, F.PUNG_OF_TERMINALS_OR_HONORS)),
    _row(F.LITTLE_THREE_DRAGONS, "小三元", "Little Three Dragons", 64,
         (F.TWO_DRAGONS_PUNGS, F.DRAGON_PUNG)),
    _row(F.ALL_HONORS, "字一色", "All Honors", 64,
         (F.ALL_TERMINALS_AND_HONORS, F.ALL_PUNGS, F.OUTSIDE_HAND, F.PUNG_OF_TERMINALS_OR_HONORS,
          F.ONE_VOIDED_SUIT)),
    _row(F.FOUR_CONCEALED_PUNGS, "四暗刻", "Four Concealed Pungs", 64,
         (F.THREE_CONCEALED_PUNGS, F.TWO_CONCEALED_PUNGS, F.ALL_PUNGS, F.CONCEALED_HAND,
          F.FULLY_CONCEALED_HAND)),
    _row(F.PURE_TERMINAL_CHOWS, "一色双龙会", "Pure Terminal Chows", 64,
         (F.FULL_FLUSH, F.ALL_CHOWS, F.NO_HONORS, F.PURE_DOUBLE_CHOW, F.TWO_TERMINAL_CHOWS,
          F.SEVEN_PAIRS)),
    # 48
    _row(F.QUADRUPLE_CHOW, "一色四同顺", "Quadruple Chow", 48,
         (F.PURE_TRIPLE_CHOW, F.PURE_DOUBLE_CHOW, F.TILE_HOG)),
    _row(F.FOUR_PURE_SHIFTED_PUNGS, "一色四节高", "Four Pure Shifted Pungs", 48,
         (F.PURE_SHIFTED_PUNGS, F.ALL_PUNGS)),
    # 32
    _row(F.FOUR_PURE_SHIFTED_CHOWS, "一色四步高", "Four Pure Shifted Chows", 32,
         (F.PURE_SHIFTED_CHOWS, F.SHORT_STRAIGHT, F.TWO_TERMINAL_CHOWS)),
    _row(F.THREE_KONGS, "三杠", "Three Kongs", 32,
         (F.TWO_MELDED_KONGS, F.TWO_CONCEALED_KONGS, F.CONCEALED_KONG_AND_MELDED_KONG,
          F.MELDED_KONG, F.CONCEALED_KONG)),
    _row(F.ALL_TERMINALS_AND_HONORS, "混幺九", "All Terminals and Honors", 32,
         (F.ALL_PUNGS, F.OUTSIDE_HAND, F.PUNG_OF_TERMINALS_OR_HONORS)),
    # 24
    _row(F.SEVEN_PAIRS, "七对", "Seven Pairs", 24,
         (F.CONCEALED_HAND, F.FULLY_CONCEALED_HAND, F.SINGLE_WAIT)),
    _row(F.GREATER_HONORS_AND_KNITTED_TILES, "七星不靠", "Greater Honors and Knitted Tiles", 24,
         (F.LESSER_HONORS_AND_KNITTED_TILES, F.ALL_TYPES, F.CONCEALED_HAND,
          F.FULLY_CONCEALED_HAND, F.SINGLE_WAIT)),
    _row(F.ALL_EVEN_PUNGS, "全双刻", "All Even Pungs", 24,
         (F.ALL_PUNGS, F.ALL_SIMPLES, F.NO_HONORS)),
    _row(F.FULL_FLUSH, "清一色", "Full Flush", 24, (F.NO_HONORS, F.ONE_VOIDED_SUIT)),
    _row(F.PURE_TRIPLE_CHOW, "一色三同顺", "Pure Triple Chow", 24,
         (F.PURE_SHIFTED_PUNGS, F.PURE_DOUBLE_CHOW)),
    _row(F.PURE_SHIFTED_PUNGS, "一色三节高", "Pure Shifted Pungs", 24, (F.PURE_TRIPLE_CHOW,)),
    _row(F.UPPER_TILES, "全大", "Upper Tiles", 24, (F.UPPER_FOUR, F.NO_HONORS)),
    _row(F.MIDDLE_TILES, "全中", "Middle Tiles", 24, (F.ALL_SIMPLES, F.NO_HONORS)),
    _row(F.LOWER_TILES, "全小", "Lower Tiles", 24, (F.LOWER_FOUR, F.NO_HONORS)),
    # 16
    _row(F.PURE_STRAIGHT, "清龙", "Pure Straight", 16,
         (F.SHORT_STRAIGHT, F.TWO_TERMINAL_CHOWS)),
    _row(F.THREE_SUITED_TERMINAL_CHOWS, "三色双龙会", "Three-Suited Terminal Chows", 16,
         (F.ALL_CHOWS, F.NO_HONORS, F.MIXED_DOUBLE_CHOW, F.TWO_TERMINAL_CHOWS)),
    _row(F.PURE_SHIFTED_CHOWS, "一色三步高", "Pure Shifted Chows", 16),
    _row(F.ALL_FIVE, "全带五", "All Five", 16, (F.ALL_SIMPLES, F.NO_HONORS)),
    _row(F.TRIPLE_PUNG, "三同刻", "Triple Pung", 16, (F.DOUBLE_PUNG,)),
    _row(F.THREE_CONCEALED_PUNGS, "三暗刻", "Three Concealed Pungs", 16,
         (F.TWO_CONCEALED_PUNGS,)),
    # 12
    _row(F.LESSER_HONORS_AND_KNITTED_TILES, "全不靠", "Lesser Honors and Knitted Tiles", 12,
         (F.ALL_TYPES, F.CONCEALED_HAND, F.FULLY_CONCEALED_HAND, F.SINGLE_WAIT)),
    _row(F.KNITTED_STRAIGHT, "组合龙", "Knitted Straight", 12),
    _row(F.UPPER_FOUR, "大于五", "Upper Four", 12, (F.NO_HONORS,)),
    _row(F.LOWER_FOUR, "小于五", "Lower Four", 12, (F.NO_HONORS,)),
    _row(F.BIG_THREE_WINDS, "三风刻", "Big Three Winds", 12,
         excludes_own_sets=(F.PUNG_OF_TERMINALS_OR_HONORS,)),
    # 8
    _row(F.MIXED_STRAIGHT, "花龙", "Mixed Straight", 8),
    _row(F.REVERSIBLE_TILES, "推不倒", "Reversible Tiles", 8, (F.ONE_VOIDED_SUIT,)),
    _row(F.MIXED_TRIPLE_CHOW, "三色三同顺", "Mixed Triple Chow", 8, (F.MIXED_DOUBLE_CHOW,)),
    _row(F.MIXED_SHIFTED_PUNGS, "三色三节高", "Mixed Shifted Pungs", 8),
    _row(F.CHICKEN_HAND, "无番和", "Chicken Hand", 8),
    _row(F.LAST_TILE_DRAW, "妙手回春", "Last Tile Draw", 8, (F.SELF_DRAWN,)),
    _row(F.LAST_TILE_CLAIM, "海底捞月", "Last Tile Claim", 8),
    _row(F.OUT_WITH_REPLACEMENT_TILE, "杠上开花", "Out with Replacement Tile", 8,
         (F.SELF_DRAWN,)),
    _row(F.ROBBING_THE_KONG, "抢杠和", "Robbing the Kong", 8, (F.LAST_TILE,)),
    # 6
    _row(F.ALL_PUNGS, "碰碰和", "All Pungs", 6),
    _row(F.HALF_FLUSH, "混一色", "Half Flush", 6, (F.ONE_VOIDED_SUIT,)),
    _row(F.MIXED_SHIFTED_CHOWS, "三色三步高", "Mixed Shifted Chows", 6),
    _row(F.ALL_TYPES, "五门齐", "All Types", 6),
    _row(F.MELDED_HAND, "全求人", "Melded Hand", 6, (F.SINGLE_WAIT,)),
    _row(F.TWO_CONCEALED_KONGS, "双暗杠", "Two Concealed Kongs", 6,
         (F.CONCEALED_KONG, F.TWO_CONCEALED_PUNGS)),
    _row(F.TWO_DRAGONS_PUNGS, "双箭刻", "Two Dragon Pungs", 6, (F.DRAGON_PUNG,)),
    # 4
    _row(F.OUTSIDE_HAND, "全带幺", "Outside Hand", 4),
    _row(F.FULLY_CONCEALED_HAND, "不求人", "Fully Concealed Hand", 4,
         (F.CONCEALED_HAND, F.SELF_DRAWN)),
    _row(F.TWO_MELDED_KONGS, "双明杠", "Two Melded Kongs", 4, (F.MELDED_KONG,)),
    _row(F.LAST_TILE, "和绝张", "Last Tile", 4),
    # 2
    _row(F.DRAGON_PUNG, "箭刻", "Dragon Pung", 2),
    _row(F.PREVALENT_WIND, "圈风刻", "Prevalent Wind", 2,
         excludes_own_sets=(F.PUNG_OF_TERMINALS_OR_HONORS,)),
    _row(F.SEAT_WIND, "门风刻", "Seat Wind", 2,
         excludes_own_sets=(F.PUNG_OF_TERMINALS_OR_HONORS,)),
    _row(F.CONCEALED_HAND, "门前清", "Concealed Hand", 2),
    _row(F.ALL_CHOWS, "平和", "All Chows", 2, (F.NO_HONORS,)),
    _row(F.TILE_HOG, "四归一", "Tile Hog", 2),
    _row(F.DOUBLE_PUNG, "双同刻", "Double Pung", 2),
    _row(F.TWO_CONCEALED_PUNGS, "双暗刻", "Two Concealed Pungs", 2),
    _row(F.CONCEALED_KONG, "暗杠", "Concealed Kong", 2),
    _row(F.ALL_SIMPLES, "断幺", "All Simples", 2, (F.NO_HONORS,)),
    # 1
    _row(F.PURE_DOUBLE_CHOW, "一般高", "Pure Double Chow", 1),
    _row(F.MIXED_DOUBLE_CHOW, "喜相逢", "Mixed Double Chow", 1),
    _row(F.SHORT_STRAIGHT, "连六", "Short Straight", 1),
    _row(F.TWO_TERMINAL_CHOWS, "老少副", "Two Terminal Chows", 1),
    _row(F.PUNG_OF_TERMINALS_OR_HONORS, "幺九刻", "Pung of Terminals or Honors", 1),
    _row(F.MELDED_KONG, "明杠", "Melded Kong", 1),
    _row(F.ONE_VOIDED_SUIT, "缺一门", "One Voided Suit", 1),
    _row(F.NO_HONORS, "无字", "No Honors", 1),
    _row(F.EDGE_WAIT, "边张", "Edge Wait", 1),
    _row(F.CLOSED_WAIT, "嵌张", "Closed Wait", 1),
    _row(F.SINGLE_WAIT, "单钓将", "Single Wait", 1),
    _row(F.SELF_DRAWN, "自摸", "Self-Drawn", 1),
    _row(F.FLOWER_TILES, "花牌", "Flower Tiles", 1),
    _row(F.CONCEALED_KONG_AND_MELDED_KONG, "明暗杠", "Concealed Kong and Melded Kong", 5,
         (F.MELDED_KONG, F.CONCEALED_KONG)),
    # Non-official extras (option ``blessings``): 联众 values; the two-player set differs.
    _row(F.HEAVENLY_HAND, "天和", "Heavenly Hand", 168,
         (F.FULLY_CONCEALED_HAND, F.CONCEALED_HAND, F.SELF_DRAWN, F.EDGE_WAIT, F.CLOSED_WAIT,
          F.SINGLE_WAIT, F.HEAVENLY_READY)),
    _row(F.EARTHLY_HAND, "地和", "Earthly Hand", 158,
         (F.FULLY_CONCEALED_HAND, F.CONCEALED_HAND, F.SELF_DRAWN, F.HEAVENLY_READY)),
    _row(F.HUMAN_HAND, "人和", "Human Hand", 108, (F.CONCEALED_HAND, F.HEAVENLY_READY)),
    _row(F.HEAVENLY_READY, "天听", "Heavenly Ready", 32),
    _row(F.FOUR_WINDS_AND_GREEN, "四方大发", "Four Winds and Green", 168,
         (F.BIG_FOUR_WINDS, F.ALL_HONORS, F.BIG_THREE_WINDS, F.LITTLE_FOUR_WINDS, F.ALL_PUNGS,
          F.PREVALENT_WIND, F.SEAT_WIND, F.PUNG_OF_TERMINALS_OR_HONORS,
          F.ALL_TERMINALS_AND_HONORS, F.OUTSIDE_HAND, F.ONE_VOIDED_SUIT)),
    _row(F.WHOLE_FAMILY, "全家福", "Whole Family", 216,
         (F.BIG_THREE_DRAGONS, F.FOUR_CONCEALED_PUNGS, F.ALL_HONORS, F.LITTLE_THREE_DRAGONS,
          F.TWO_DRAGONS_PUNGS, F.DRAGON_PUNG, F.THREE_CONCEALED_PUNGS, F.TWO_CONCEALED_PUNGS,
          F.ALL_PUNGS, F.CONCEALED_HAND, F.FULLY_CONCEALED_HAND, F.ALL_TERMINALS_AND_HONORS,
          F.OUTSIDE_HAND, F.PUNG_OF_TERMINALS_OR_HONORS, F.ONE_VOIDED_SUIT)),
    # 混杠 is its kong's own fan: it replaces 明杠/暗杠 (the one-kong fans, which appear only
    # when it is the hand's only kong); the fans of several kongs still count it.
    _row(F.WILD_KONG, "混杠", "Wild Kong", 88, (F.MELDED_KONG, F.CONCEALED_KONG)),
]  # fmt: skip

FANS: dict[Fan, FanSpec] = {spec.key: spec for spec in _T}
assert len(FANS) == len(Fan), "every fan has exactly one row"

# Highest value first, then rule-book number: the order exclusions are applied in and
# results are listed in.
EXCLUSION_ORDER: tuple[Fan, ...] = tuple(sorted(Fan, key=lambda f: (-FANS[f].value, f)))
