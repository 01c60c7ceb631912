"""Scoring a hand under the Chinese Official rules.

The flow (算番流程), as ``score_hand`` runs it:

1. Parse and check.  ``fanshu.score`` parses the hand string (``notation.fanshu``,
   which checks the tiles as it reads them) and the rule set checks the size and the
   win context (``Hand.validate``); ``score_hand`` takes a checked 14-tile hand.
2. Read the hand once (``situation``): counts of the standing tiles (concealed + the
   winning tile) and of the melds, the kinds held as a bit mask, the win flags, the
   winds, the melds as ``Set`` objects.
3. The special shapes first (``special.SPECIAL_SHAPES``: 七对, 全不靠, 十三幺, 组合龙,
   九莲宝灯): the first that fits gives its fan table (a ``Tally``) and ends the search,
   except 七对, which a four-sets reading of the same tiles may beat.
4. Decompose once (``shapes.decompose``): every division of the standing tiles into
   sets and one pair; the melds and each division of the right size make one reading.
5. Per reading, a fan table (``regular.regular_fans``): the fans that do not depend on
   the reading (win flags, 门前清, the kinds held, 四归一: cached by those inputs), then
   the pungs and kongs, the chow and pung combinations (``combinations``), the pair,
   the traits every set shares, the waits (边张/嵌张/单钓将 only when the hand waited on
   that one tile), the wind pungs.  Each fan instance records the sets that form it.
6. Exclusions as data (``Tally.apply_exclusions``), highest fan first: each counted fan
   removes what its row of the table (``fans.py``) implies (不重复), on the whole hand or
   only on its own sets (三风刻's 幺九刻); options may add or spare some.  A reading with
   no fan left is 无番和.
7. 就高不就低: the reading with the highest total wins; on equal totals the one with
   一色三同顺 or 三同刻, and any four-sets reading over 七对, as the reference calculator
   does.  No reading and no special shape: not a win, with the reason.
8. The result (``_result``): the fans in table order with their counts, unit values
   under the options (``tally.fan_values``) and sets, the flowers last, the excluded
   fans, the shape; then the non-official extras (天和 …) when ``options.blessings``
   asks for them (``blessings.apply_blessings``).
"""

from __future__ import annotations

from collections.abc import Callable

from fanshu.hand import Hand
from fanshu.rules.base import FanEntry, Result
from fanshu.rules.mcr.blessings import apply_blessings
from fanshu.rules.mcr.fans import FANS, Fan
from fanshu.rules.mcr.options import McrOptions
from fanshu.rules.mcr.regular import is_unique_wait, regular_fans
from fanshu.rules.mcr.result import MINIMUM_FAN, RULES_NAME, McrResult
from fanshu.rules.mcr.situation import Situation, situation
from fanshu.rules.mcr.special import SPECIAL_SHAPES
from fanshu.rules.mcr.tally import ORDER, Tally, fan_values
from fanshu.rules.mcr.tally import fan_value as fan_value  # re-exported: a fan's value
from fanshu.sets import Set
from fanshu.shapes import decompose


class _Memo:
    """A value computed on first use: the unique-wait check is only needed when some
    reading could give 边张, 嵌张 or 单钓将."""

    __slots__ = ("compute", "value")

    def __init__(self, compute: Callable[[], bool]) -> None:
        self.compute = compute
        self.value: bool | None = None

    def __call__(self) -> bool:
        if self.value is None:
            self.value = self.compute()
        return self.value


def score_hand(hand: Hand, options: McrOptions) -> McrResult:
    """Score a validated 14-tile hand; a hand that is not complete gives ``is_win`` false."""
    s = situation(hand, options)
    best: Tally | None = None
    best_total = 0
    shape: str | None = None
    best_packs: list[Set] = []
    for name, find in SPECIAL_SHAPES:
        tally = find(s)
        if tally is not None:
            best, best_total, shape = tally, tally.total(options), name
            break
    if best is None or Fan.SEVEN_PAIRS in best.found:
        concealed_sets = decompose(s.standing)
        needed = 4 - len(s.melds)
        divisions = [d for d in concealed_sets if len(d) == needed + 1]
        if divisions:
            unique = _Memo(lambda: is_unique_wait(s))
            seven_pairs = best is not None
            only = best is None and len(divisions) == 1  # nothing to compare with
            for division in divisions:
                packs = s.melds + list(division)
                tally = regular_fans(s, packs, unique)
                if only:
                    best, shape, best_packs = tally, "regular", packs
                    break
                total = tally.total(options)
                # Equal totals: prefer the reading with 一色三同顺 or 三同刻 (and any
                # four-sets reading over 七对), as the reference calculator does.
                if total > best_total or (
                    total == best_total
                    and (seven_pairs or Fan.PURE_TRIPLE_CHOW in tally or Fan.TRIPLE_PUNG in tally)
                ):
                    best, best_total, shape, best_packs = tally, total, "regular", packs
    if best is None:
        result: McrResult = Result(
            RULES_NAME,
            hand,
            False,
            reason=_why_not(s),
            flowers=hand.context.flowers,
            minimum=MINIMUM_FAN,
        )
    else:
        result = _result(hand, best, best_packs, options, shape or "regular")
    # the non-official extras (天和 …), only when the option asks for them
    return result if options.blessings == "off" else apply_blessings(result, options)


def _why_not(s: Situation) -> str:
    if len(s.melds) > 1:
        return "the concealed tiles do not form sets and a pair"
    return "the tiles form none of 4 sets + pair, 七对, 十三幺, 全不靠 or 组合龙"


def _result(
    hand: Hand, tally: Tally, packs: list[Set], options: McrOptions, shape: str
) -> McrResult:
    entries: list[FanEntry[Fan]] = []
    n = len(packs)
    found = tally.found
    values = fan_values(options)
    total = 0
    for fan in sorted(found, key=ORDER.__getitem__):
        instances = found[fan]
        count = len(instances)
        value = values[fan]
        total += count * value
        if instances[0] or count > 1:
            sets = tuple([packs[i].tiles for inst in instances for i in inst if i < n])
            if sets:
                entries.append(FanEntry(FANS[fan], count, value, sets))
                continue
        # a whole-hand fan
        entries.append(_plain_entry(fan, count, value))
    flowers = hand.context.flowers
    if flowers:
        entries.append(_plain_entry(Fan.FLOWER_TILES, flowers, 1))
        total += flowers
    # positional, as this runs once per hand scored: rules, hand, is_win, fans, total,
    # multiplier, capped, reason, details, excluded, shape, flowers, minimum
    return Result(
        RULES_NAME,
        hand,
        True,
        tuple(entries),
        total,
        None,
        None,
        None,
        None,
        tuple(tally.excluded),
        shape,
        flowers,
        MINIMUM_FAN,
    )


_PLAIN_ENTRIES: dict[tuple[Fan, int, int], FanEntry[Fan]] = {}


def _plain_entry(fan: Fan, count: int, value: int) -> FanEntry[Fan]:
    """A FanEntry without sets; they are immutable and few, so results share them."""
    key = (fan, count, value)
    entry = _PLAIN_ENTRIES.get(key)
    if entry is None:
        entry = _PLAIN_ENTRIES[key] = FanEntry(FANS[fan], count, value)
    return entry


__all__ = ["score_hand"]
