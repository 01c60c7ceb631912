"""Non-official extras for MCR (option ``blessings``): 天和, 地和, 人和, 天听, 四方大发,
全家福 and 混杠, with the two value sets the seeds give.

Sources (``seeds/`` in the shared documents, cited by file number):

- 联众/QQ four-player values (``blessings="lianzhong"``), "国标麻将番种图解 联众麻将规则图解"
  (000, 004) and "中国牌【麻将】和牌种类暨计番规则" (003, 004): 全家福 216 (大三元、四暗刻、
  字一色), 四方大发 168 (大四喜 + a 发 pair; 不计 碰碰和、圈风刻、门风刻、三风刻, and 字一色 in
  002's 不重复 table "四方大发财· 168"), 天和 168 (庄家起牌即和), 地和 158 (庄家出第一张后，下家
  自摸), 人和 108 (第一圈内胡牌), 天听 32 (004: 起牌即上听), 混杠 88 (002, 003, 004: 四张混开杠).
- The two-player game (``blessings="two_player"``, seed 000 "麻将的番数计算"): 天和 99 (庄家
  起手便和牌), 地和 88 (闲家起手摸第一张牌便和牌), 人和 64 (闲家和庄家打出的第一张牌), 天听 32
  (起手就已经听牌，并且按下听牌健).  The two-player text has no 四方大发, 全家福 or 混杠.

The two sets define 人和 differently; each set uses its own definition:

===========  ==============================================  ===========================
fan          ``lianzhong``                                    ``two_player``
===========  ==============================================  ===========================
天和         dealer, first turn, self-drawn                   the same
地和         not the dealer, first turn, self-drawn           the same
人和         first turn, on a discard (any seat: 第一圈内胡牌)  not the dealer, first turn,
                                                              on a discard (the dealer's
                                                              first discard)
天听         declared ready with the starting hand            the same
===========  ==============================================  ===========================

``first_turn`` (win context) is a win on the first tile the winner takes, before any
claim; for 联众's 人和 it stands for "within the first go-round, before any claim".  The
联众 text gives 地和 to the dealer's 下家 only; fanshu does not check seats (the win context
does not say where the dealer sits) and gives it to any non-dealer's first self-draw.

What each extra excludes (不重复, the fans of the table in ``fans.py``): 天和 is the dealer's
dealt hand, concealed and self-drawn with no winning tile, so it replaces 不求人, 门前清, 自摸
and the wait fans 边张, 嵌张, 单钓将; 地和 replaces 不求人, 门前清, 自摸; 人和 replaces 门前清;
each of the three implies a ready starting hand and replaces 天听.  四方大发 replaces 大四喜
and 字一色 (and what they exclude); 全家福 replaces 大三元, 四暗刻 and 字一色 (216 = 88 + 64
+ 64, so it names the combination without changing the total).

混杠 (四张混开杠, 88) is a kong of four 混: the four tiles of the kind that is wild in the
hand.  Under MCR a wild tile stands for nothing (``RULES.wildcards`` has no shapes), so
the kind only names this fan: it is counted when the hand's ``WinContext.wildcard`` is
set and the hand holds a kong (concealed or melded) of that kind.  It is its kong's own
fan and replaces 明杠/暗杠, the one-kong fans (they appear only when it is the hand's
only kong); 双明杠, 双暗杠, 明暗杠, 三杠 and 四杠 still count it, as seed 002's table
lists 混杠 beside them, and what the kong's tiles are (幺九刻, 箭刻 …) counts as usual.
"""

from __future__ import annotations

from dataclasses import replace

from fanshu.errors import InvalidHandError
from fanshu.hand import Hand
from fanshu.rules.base import ExcludedFan, FanEntry, FanRow, Result
from fanshu.rules.mcr.fans import FANS, Fan
from fanshu.rules.mcr.options import McrOptions
from fanshu.rules.mcr.result import McrResult
from fanshu.tiles import WINDS, Tile

__all__ = [
    "BLESSINGS",
    "BLESSING_FANS",
    "apply_blessings",
    "blessing_rows",
    "blessing_value",
    "check_first_turn",
    "found_blessings",
    "has_wild_kong",
]

#: The extras that are fans of the ``Fan`` table, in the order they are tried.
BLESSING_FANS: tuple[Fan, ...] = (
    Fan.WHOLE_FAMILY,
    Fan.FOUR_WINDS_AND_GREEN,
    Fan.HEAVENLY_HAND,
    Fan.EARTHLY_HAND,
    Fan.HUMAN_HAND,
    Fan.WILD_KONG,
    Fan.HEAVENLY_READY,
)

#: Value of each extra in each value set (a fan missing from a set is not counted).
BLESSINGS: dict[str, dict[Fan, int]] = {
    "lianzhong": {
        Fan.WHOLE_FAMILY: 216,
        Fan.FOUR_WINDS_AND_GREEN: 168,
        Fan.HEAVENLY_HAND: 168,
        Fan.EARTHLY_HAND: 158,
        Fan.HUMAN_HAND: 108,
        Fan.WILD_KONG: 88,
        Fan.HEAVENLY_READY: 32,
    },
    "two_player": {
        Fan.HEAVENLY_HAND: 99,
        Fan.EARTHLY_HAND: 88,
        Fan.HUMAN_HAND: 64,
        Fan.HEAVENLY_READY: 32,
    },
}

_SOURCES: dict[str, dict[Fan, str]] = {
    "lianzhong": {
        Fan.WHOLE_FAMILY: "seeds 003/004 (大三元、四暗刻、字一色)",
        Fan.FOUR_WINDS_AND_GREEN: "seeds 000/004 (大四喜 + 发 pair); 002 (不计 字一色)",
        Fan.HEAVENLY_HAND: "seeds 000/002/003/004 (庄家起牌即和)",
        Fan.EARTHLY_HAND: "seeds 000/002/003/004 (庄家出第一张后，下家自摸)",
        Fan.HUMAN_HAND: "seeds 000/002/003/004 (第一圈内胡牌)",
        Fan.WILD_KONG: "seeds 002 (混杠· 88), 003/004 (混杠 88番 四张混开杠)",
        Fan.HEAVENLY_READY: "seed 004 (起牌即上听)",
    },
    "two_player": {
        Fan.HEAVENLY_HAND: "seed 000 (庄家起手便和牌)",
        Fan.EARTHLY_HAND: "seed 000 (闲家起手摸第一张牌便和牌)",
        Fan.HUMAN_HAND: "seed 000 (闲家和庄家打出的第一张牌)",
        Fan.HEAVENLY_READY: "seed 000 (起手就已经听牌，并且按下听牌健)",
    },
}


def blessing_value(fan: Fan, value_set: str) -> int | None:
    """The value of an extra in a value set, or None when the set does not have it."""
    return BLESSINGS.get(value_set, {}).get(fan)


def blessing_rows(value_set: str) -> tuple[FanRow[str], ...]:
    """The extras of a value set as fan-table rows."""
    rows = [
        FanRow(
            fan.name.lower(),
            FANS[fan].name_zh,
            FANS[fan].name_en,
            value,
            tuple(f.name.lower() for f in FANS[fan].excludes),
            source=f"non-official: {_SOURCES[value_set][fan]}",
        )
        for fan, value in BLESSINGS[value_set].items()
    ]
    return tuple(sorted(rows, key=lambda r: -r.value))


def check_first_turn(hand: Hand) -> None:
    """A first-turn win (天和, 地和, 人和) comes before any claim or kong: no melds."""
    ctx = hand.context
    if not ctx.first_turn:
        return
    if hand.melds:
        raise InvalidHandError(
            "a first-turn win (天和, 地和, 人和) comes before any claim or kong, "
            f"so the hand cannot have a meld ({hand.melds[0]})"
        )
    if ctx.kong:
        raise InvalidHandError(
            "a first-turn win (天和, 地和, 人和) cannot be on a kong (杠上开花 or 抢杠和)"
        )


def found_blessings(result: McrResult, value_set: str) -> list[Fan]:
    """The extras a winning hand shows under a value set, before exclusions."""
    hand, ctx = result.hand, result.hand.context
    values = BLESSINGS[value_set]
    found: list[Fan] = []
    counts = hand.counts()
    if Fan.WHOLE_FAMILY in values and all(
        f in result for f in (Fan.BIG_THREE_DRAGONS, Fan.FOUR_CONCEALED_PUNGS, Fan.ALL_HONORS)
    ):
        found.append(Fan.WHOLE_FAMILY)
    if (
        Fan.FOUR_WINDS_AND_GREEN in values
        and Fan.BIG_FOUR_WINDS in result
        and counts[Tile.GREEN] == 2
        and all(counts[w] >= 3 for w in WINDS)
    ):
        found.append(Fan.FOUR_WINDS_AND_GREEN)
    if ctx.first_turn:
        if ctx.self_drawn:
            found.append(Fan.HEAVENLY_HAND if ctx.dealer else Fan.EARTHLY_HAND)
        elif value_set == "lianzhong" or not ctx.dealer:
            found.append(Fan.HUMAN_HAND)
    if Fan.WILD_KONG in values and has_wild_kong(hand):
        found.append(Fan.WILD_KONG)
    if ctx.ready_at_start:
        found.append(Fan.HEAVENLY_READY)
    return found


def has_wild_kong(hand: Hand) -> bool:
    """Does the hand hold a kong (concealed or melded) of its wild kind (混杠)?

    >>> from fanshu.notation import parse_hand
    >>> hand = parse_hand("[5555p]123m456m789s1s1s")
    >>> has_wild_kong(hand), has_wild_kong(hand.with_context(wildcard="5p"))
    (False, True)
    >>> has_wild_kong(hand.with_context(wildcard="1s"))  # a pair of the wild kind
    False
    """
    wild = hand.context.wildcard
    return wild is not None and any(m.is_kong and m.tiles[0] == wild for m in hand.melds)


def apply_blessings(result: McrResult, options: McrOptions) -> McrResult:
    """``result`` with the extras of ``options.blessings`` counted and what they imply
    removed (recorded as excluded); unchanged when the option is off."""
    value_set = options.blessings
    if value_set == "off":
        return result
    check_first_turn(result.hand)
    if not result.is_win:
        return result
    values = BLESSINGS[value_set]
    found = sorted(found_blessings(result, value_set), key=lambda f: -values[f])
    if not found:
        return result
    entries = list(result.fans)
    excluded = list(result.excluded)
    added: list[FanEntry[Fan]] = []
    replaced: dict[Fan, Fan] = {}  # fan -> the extra that replaced it
    for fan in found:
        if fan in replaced:
            excluded.append(ExcludedFan(FANS[fan], FANS[replaced[fan]]))
            continue
        added.append(FanEntry(FANS[fan], 1, values[fan]))
        for other in FANS[fan].excludes:
            replaced.setdefault(other, fan)
    kept = [e for e in entries if e.fan not in replaced]
    excluded.extend(ExcludedFan(e.row, FANS[replaced[e.fan]]) for e in entries if e.fan in replaced)
    # a fan excluded by one that is now replaced is implied by the extra instead
    excluded = [
        replace(x, by_row=FANS[replaced[x.by]]) if x.by in replaced else x for x in excluded
    ]
    fans = (*added, *kept)
    total = sum(e.points for e in fans)
    return Result(
        result.rules,
        result.hand,
        True,
        fans,
        total,
        result.multiplier,
        result.capped,
        result.reason,
        result.details,
        tuple(excluded),
        result.shape,
        result.flowers,
        result.minimum,
    )
