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
   fans (``explain``), the shape; then the non-official extras (天和 …) when
   ``options.blessings`` asks for them (``blessings.apply_blessings``).

The excluded fans (``explain``, run once on the reading that won): every fan the hand
shows that is not counted, with the counted fan that stops it and why.  *Shown* means
the fan's own definition holds on the hand's sets or tiles, whether or not the fan
finder produced it (it does not look for 三风刻 inside 大四喜, nor 混幺九 inside 清幺九):
the fans the finder produced and the exclusions removed, plus what ``_shown`` finds
(every combination of two to four chows or pungs, the kong and concealed-pung fans at
every level, the whole-hand fans without their ``elif`` chains, 小四喜/小三元, the wind
pungs, 七对 tiles under a four-sets reading).  A shown fan that a counted fan's 不计 row
names is ``implied`` by it (a fan with sets only when its sets are among the counted
fan's own); a combination fan the combination principles dropped is named with the
principle: inside one counted combination 不拆移 (``no_split``), the same fan again on a
used set 不得相同 (``no_repeat``), two sets of one counted combination recombined 不拆移,
any other used set combined a second time 套算一次 (``account_once``).  Totals do not
change: this only reads what the scoring chose.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from itertools import combinations
from typing import Final

from fanshu.hand import Hand
from fanshu.rules.base import ExcludedFan, FanEntry, Result
from fanshu.rules.mcr.blessings import apply_blessings
from fanshu.rules.mcr.combinations import (
    four_chows_fan,
    four_pungs_fan,
    three_chows_fan,
    three_pungs_fan,
    two_chows_fan,
    two_pungs_fan,
)
from fanshu.rules.mcr.fans import FANS, Fan, FanSpec
from fanshu.rules.mcr.hand_fans import (
    HONOR_MASK,
    RANK_RANGES,
    SUIT_MASKS,
    TERMINAL_OR_HONOR_MASK,
    WIND_MASK,
)
from fanshu.rules.mcr.options import McrOptions
from fanshu.rules.mcr.regular import (
    concealed_pungs_of,
    regular_fans,
    split_packs,
)
from fanshu.rules.mcr.result import MINIMUM_FAN, RULES_NAME, McrResult
from fanshu.rules.mcr.situation import Situation, situation
from fanshu.rules.mcr.special import SPECIAL_SHAPES
from fanshu.rules.mcr.tally import (
    ORDER,
    Found,
    Tally,
    option_exclusions,
    option_lifts,
)
from fanshu.rules.mcr.tally import fan_value as fan_value  # re-exported: a fan's value
from fanshu.sets import PAIR, Set
from fanshu.shapes import decompose
from fanshu.tiles import FIRST_DRAGON, FIRST_HONOR, NUM_KINDS, Tile, format_tiles


def score_hand(hand: Hand, options: McrOptions) -> McrResult:
    """Score a validated 14-tile hand; a hand that is not complete gives ``is_win`` false."""
    s = situation(hand, options)
    values = s.tables.values
    best: Tally | None = None
    best_total = 0
    shape = "regular"
    best_packs: list[Set] = []
    # Only the shapes the number of kinds held allows are tried (``_SHAPES_BY_KINDS``),
    # and none with two melds.
    if len(s.melds) < 2:
        for name, find in _SHAPES_BY_KINDS[len(s.kinds)]:
            tally = find(s)
            if tally is not None:
                best, best_total, shape = tally, tally.total(values), name
                break
    if best is None or Fan.SEVEN_PAIRS in best.found:
        # every division of the standing tiles has the sets the melds leave to make
        divisions = decompose(s.standing)
        if len(divisions) == 1 and best is None:  # one reading: nothing to compare
            best_packs = s.melds + list(divisions[0]) if s.melds else list(divisions[0])
            best = regular_fans(s, best_packs)
            best_total = best.total(values)
        elif divisions:
            seven_pairs = best is not None
            for division in divisions:
                packs = s.melds + list(division)
                tally = regular_fans(s, packs)
                total = tally.total(values)
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
        result = _result(s, hand, best, best_total, best_packs, shape)
    # the non-official extras (天和 …), only when the option asks for them
    return result if options.blessings == "off" else apply_blessings(result, options)


#: How many kinds each special shape holds: 七对 at most 7 (fewer with a 四归一), 全不靠
#: 14, 十三幺 13, 组合龙 9 and its set's and pair's (up to 13), 九莲宝灯 the 9 of its suit.
_KINDS_OF_SHAPE: Final[dict[str, range]] = {
    "seven_pairs": range(1, 8),
    "honors_knitted": range(14, 15),
    "thirteen_orphans": range(13, 14),
    "knitted_straight": range(9, 14),
    "nine_gates": range(9, 10),
}
#: The special shapes to try by the number of kinds held, in SPECIAL_SHAPES order.
_SHAPES_BY_KINDS: Final = tuple(
    tuple(shape for shape in SPECIAL_SHAPES if kinds in _KINDS_OF_SHAPE[shape[0]])
    for kinds in range(NUM_KINDS + 1)
)


def _why_not(s: Situation) -> str:
    if len(s.melds) > 1:
        return "the concealed tiles do not form sets and a pair"
    return "the tiles form none of 4 sets + pair, 七对, 十三幺, 全不靠 or 组合龙"


def _result(
    s: Situation, hand: Hand, tally: Tally, total: int, packs: list[Set], shape: str
) -> McrResult:
    """The result of the reading that won; ``total`` is its fan (``tally.total``)."""
    found = tally.found
    values = s.tables.values
    flowers = hand.context.flowers
    total += flowers
    # positional, as this runs once per hand scored: rules, hand, is_win, fans, total,
    # multiplier, capped, reason, details, excluded, shape, flowers, minimum; the fan
    # rows and the excluded fans are worked out when first read
    return Result(
        RULES_NAME,
        hand,
        True,
        lambda: _fan_entries(found, packs, values, flowers),
        total,
        None,
        None,
        None,
        None,
        lambda: explain(s, tally, packs, shape),
        shape,
        flowers,
        MINIMUM_FAN,
    )


def _fan_entries(
    found: Found, packs: list[Set], values: dict[Fan, int], flowers: int
) -> tuple[FanEntry[Fan], ...]:
    """The counted fans in table order with their counts, values and sets, flowers last."""
    entries: list[FanEntry[Fan]] = []
    n = len(packs)
    for fan in sorted(found, key=ORDER.__getitem__):
        instances = found[fan]
        count = len(instances)
        value = values[fan]
        if instances[0] or count > 1:
            sets = tuple([packs[i].tiles for inst in instances for i in inst if i < n])
            if sets:
                entries.append(FanEntry(FANS[fan], count, value, sets))
                continue
        # a whole-hand fan
        entries.append(_plain_entry(fan, count, value))
    if flowers:
        entries.append(_plain_entry(Fan.FLOWER_TILES, flowers, 1))
    return tuple(entries)


_PLAIN_ENTRIES: Final[dict[tuple[Fan, int, int], FanEntry[Fan]]] = {}


def _plain_entry(fan: Fan, count: int, value: int) -> FanEntry[Fan]:
    """A FanEntry without sets; they are immutable and few, so results share them."""
    key = (fan, count, value)
    entry = _PLAIN_ENTRIES.get(key)
    if entry is None:
        entry = _PLAIN_ENTRIES[key] = FanEntry(FANS[fan], count, value)
    return entry


# -- the excluded fans -------------------------------------------------------------------

Instances = dict[Fan, list[tuple[int, ...]]]

#: The fans formed by combining sets (chows with chows, pungs with pungs): the ones the
#: combination principles (不拆移, 不得相同, 套算一次) apply to.
COMBINATION_FANS: Final = frozenset(
    {
        Fan.QUADRUPLE_CHOW,
        Fan.FOUR_PURE_SHIFTED_CHOWS,
        Fan.PURE_TRIPLE_CHOW,
        Fan.PURE_STRAIGHT,
        Fan.PURE_SHIFTED_CHOWS,
        Fan.MIXED_STRAIGHT,
        Fan.MIXED_TRIPLE_CHOW,
        Fan.MIXED_SHIFTED_CHOWS,
        Fan.PURE_DOUBLE_CHOW,
        Fan.MIXED_DOUBLE_CHOW,
        Fan.SHORT_STRAIGHT,
        Fan.TWO_TERMINAL_CHOWS,
        Fan.FOUR_PURE_SHIFTED_PUNGS,
        Fan.BIG_FOUR_WINDS,
        Fan.PURE_SHIFTED_PUNGS,
        Fan.MIXED_SHIFTED_PUNGS,
        Fan.TRIPLE_PUNG,
        Fan.BIG_THREE_WINDS,
        Fan.BIG_THREE_DRAGONS,
        Fan.DOUBLE_PUNG,
        Fan.TWO_DRAGONS_PUNGS,
    }
)


def explain(
    s: Situation, tally: Tally, packs: list[Set], shape: str
) -> tuple[ExcludedFan[Fan], ...]:
    """The fans the hand shows and does not count, each with what stops it and why."""
    found = tally.found
    extra = option_exclusions(s.options)
    needed: set[Fan] = set()  # the fans some counted fan's row names
    for fan in found:
        row_fans = _ROW_FANS[fan]
        if row_fans:
            needed |= row_fans
        if extra and fan in extra:
            needed.update(extra[fan])
    regular = shape == "regular"
    chows: list[tuple[int, int]] = []
    pungs: list[tuple[int, int]] = []
    if regular:
        chows, pungs = split_packs(packs)
    # the combination principles can only have dropped something among three sets or more
    principles = (
        regular and (len(chows) > 2 or len(pungs) > 2) and any(f in COMBINATION_FANS for f in found)
    )
    if not needed and not principles:
        return ()  # nothing is implied, so nothing was excluded either
    counted: Instances = {
        fan: [tuple(sorted(inst)) for inst in instances] for fan, instances in found.items()
    }
    shown: Instances = {}

    def show(fan: Fan, sets: tuple[int, ...] = ()) -> None:
        seen = shown.setdefault(fan, [])
        sets = tuple(sorted(sets))  # one order, whatever order the finder used
        if sets not in seen:
            seen.append(sets)

    for fan, instances in counted.items():
        shown[fan] = list(instances)
    for fan, _by, gone in tally.excluded:
        for inst in gone:
            show(fan, inst)
    if needed & _WHOLE_HAND_FANS:
        _shown_whole_hand(s, show, needed)
    if regular:
        _shown_regular(s, packs, chows, pungs, show, needed, principles)
    elif shape == "thirteen_orphans" and s.standing[s.win] == 2:
        show(Fan.SINGLE_WAIT)
    elif shape == "nine_gates":
        show(Fan.PUNG_OF_TERMINALS_OR_HONORS)  # the gates' own 111 and 999

    def sets_of(instances: list[tuple[int, ...]]) -> tuple[str, ...]:
        seen: list[int] = []
        for inst in instances:
            seen.extend(i for i in inst if i not in seen and i < len(packs))
        # in tile order, so that the order the melds were given in does not show
        seen.sort(key=lambda i: (packs[i].tile, packs[i].kind, len(packs[i].tiles)))
        return tuple([_tiles_text(packs[i].tiles) for i in seen])

    # (implied fan, reason) -> the counted fans naming it, and its instances they name
    bys: dict[tuple[Fan, str], list[FanSpec]] = {}
    named: dict[tuple[Fan, str], list[tuple[int, ...]]] = {}
    explained: set[tuple[Fan, tuple[int, ...]]] = set()

    def imply(other: Fan, row: FanSpec, mine: list[tuple[int, ...]], own: set[int]) -> None:
        explained.update([(other, inst) for inst in mine])
        # a combination inside a counted combination's own sets: the table's row is
        # the principle 不拆移 (its sets are not split up to form another fan)
        inside = (
            row.key in COMBINATION_FANS
            and other in COMBINATION_FANS
            and all(inst and set(inst) < own for inst in mine)
        )
        key = (other, "no_split" if inside else "implied")
        if key in bys:
            bys[key].append(row)
            named[key].extend(mine)
        else:
            bys[key] = [row]
            named[key] = list(mine)

    lifted = option_lifts(s.options)
    spared = tally.spared
    for fan in sorted(counted, key=ORDER.__getitem__):
        row = FANS[fan]
        if not _ROW_FANS[fan] and not (extra and fan in extra):
            continue
        own = {i for inst in counted[fan] for i in inst}
        excludes = row.excludes + extra.get(fan, ()) if extra else row.excludes
        kept = lifted.get(fan, ()) if lifted else ()
        for other in excludes:
            if other in counted or other in kept or other in spared or other not in shown:
                continue
            mine = [inst for inst in shown[other] if not (inst and own) or set(inst) <= own]
            if mine:
                imply(other, row, mine, own)
        for other in row.excludes_own_sets:
            mine = [
                inst
                for inst in shown.get(other, ())
                if inst and set(inst) <= own and inst not in counted.get(other, ())
            ]
            if mine:
                imply(other, row, mine, own)
    out = [
        ExcludedFan(FANS[other], rows[0], reason, sets_of(named[other, reason]), tuple(rows[1:]))
        for (other, reason), rows in bys.items()
    ]
    if principles:
        out.extend(_principle_drops(counted, shown, explained, sets_of))
    # anything the exclusions removed that the above did not name (kept as it was)
    for fan, by, gone in tally.excluded:
        if not all((fan, inst) in explained for inst in gone) and not any(
            r.key is by for reason in ("implied", "no_split") for r in bys.get((fan, reason), ())
        ):
            out.append(ExcludedFan(FANS[fan], FANS[by], "implied", sets_of(list(gone))))
    return tuple(out)


#: What each fan's 不计 row names (both kinds), read once from the table.
_ROW_FANS: Final[dict[Fan, frozenset[Fan]]] = {
    fan: frozenset(spec.excludes) | frozenset(spec.excludes_own_sets) for fan, spec in FANS.items()
}
#: The fans ``_shown_whole_hand`` looks for.
_WHOLE_HAND_FANS: Final = frozenset(
    {
        Fan.NO_HONORS,
        Fan.ONE_VOIDED_SUIT,
        Fan.HALF_FLUSH,
        Fan.FULL_FLUSH,
        Fan.ALL_SIMPLES,
        Fan.ALL_TERMINALS_AND_HONORS,
        Fan.LOWER_TILES,
        Fan.LOWER_FOUR,
        Fan.UPPER_TILES,
        Fan.UPPER_FOUR,
        Fan.MIDDLE_TILES,
        Fan.CONCEALED_HAND,
        Fan.FULLY_CONCEALED_HAND,
        Fan.SELF_DRAWN,
        Fan.LAST_TILE,
        Fan.SEVEN_PAIRS,
    }
)
#: The pung fans of one set, of several kongs and of concealed pungs.
_PUNG_LEVEL_FANS: Final = frozenset(
    {
        Fan.LITTLE_FOUR_WINDS,
        Fan.LITTLE_THREE_DRAGONS,
        Fan.ALL_PUNGS,
        Fan.DRAGON_PUNG,
        Fan.PUNG_OF_TERMINALS_OR_HONORS,
        Fan.PREVALENT_WIND,
        Fan.SEAT_WIND,
        Fan.THREE_KONGS,
        Fan.TWO_MELDED_KONGS,
        Fan.TWO_CONCEALED_KONGS,
        Fan.CONCEALED_KONG_AND_MELDED_KONG,
        Fan.MELDED_KONG,
        Fan.CONCEALED_KONG,
        Fan.TWO_CONCEALED_PUNGS,
        Fan.THREE_CONCEALED_PUNGS,
    }
)


# Memory bound: the sets' tile tuples are 136 (chows, pairs, pungs, kongs), ~175 B each:
# ~24 KiB; the maxsize is never reached.
@lru_cache(maxsize=4096)
def _tiles_text(tiles: tuple[Tile, ...]) -> str:
    return format_tiles(tiles, sort=False)


def _principle_drops(
    counted: Instances,
    shown: Instances,
    explained: set[tuple[Fan, tuple[int, ...]]],
    sets_of: Callable[[list[tuple[int, ...]]], tuple[str, ...]],
) -> list[ExcludedFan[Fan]]:
    """The combination fans the hand's sets form that the principles keep out."""
    used = [
        (fan, frozenset(inst))
        for fan in sorted(counted, key=ORDER.__getitem__)
        if fan in COMBINATION_FANS
        for inst in counted[fan]
    ]
    # smaller combinations first: a set combined once is named by that combination
    by_size = sorted(used, key=lambda u: len(u[1]))
    out: list[ExcludedFan[Fan]] = []
    for fan in sorted(shown, key=ORDER.__getitem__):
        if fan not in COMBINATION_FANS:
            continue
        for inst in shown[fan]:
            if inst in counted.get(fan, ()) or (fan, inst) in explained:
                continue
            sets = frozenset(inst)
            found = _principle(fan, sets, used, by_size)
            if found is not None:
                reason, by = found
                out.append(ExcludedFan(FANS[fan], FANS[by], reason, sets_of([inst])))
    return out


def _principle(
    fan: Fan,
    sets: frozenset[int],
    used: list[tuple[Fan, frozenset[int]]],
    by_size: list[tuple[Fan, frozenset[int]]],
) -> tuple[str, Fan] | None:
    for other, own in used:
        if sets < own:
            return "no_split", other  # a counted combination is not split up again
    for other, own in used:
        if other is fan and sets & own:
            return "no_repeat", other  # used sets do not form the same fan again
    for other, own in used:
        if len(sets & own) >= 2:
            return "no_split", other  # two sets of a combination are not recombined
    for other, own in by_size:
        if sets & own:
            return "account_once", other  # a set combines with a used set once only
    return None


def _shown_whole_hand(s: Situation, show: Callable[..., None], needed: set[Fan]) -> None:
    """The whole-hand fans in ``needed`` the hand's tiles show, each on its own definition."""
    mask = s.mask
    honors = bool(mask & HONOR_MASK)
    voided = sum(1 for m in SUIT_MASKS if not mask & m)
    shows: list[Fan] = []
    if not honors:
        shows.append(Fan.NO_HONORS)
    if voided >= 1:
        shows.append(Fan.ONE_VOIDED_SUIT)
    if voided == 2:
        shows.append(Fan.HALF_FLUSH if honors else Fan.FULL_FLUSH)
    if not mask & TERMINAL_OR_HONOR_MASK:
        shows.append(Fan.ALL_SIMPLES)
    elif not mask & ~TERMINAL_OR_HONOR_MASK:
        shows.append(Fan.ALL_TERMINALS_AND_HONORS)
    shows.extend(fan for fan, allowed in RANK_RANGES if not mask & ~allowed)
    if s.claimed == 0:
        shows.append(Fan.CONCEALED_HAND)
        if s.self_drawn:
            shows.append(Fan.FULLY_CONCEALED_HAND)
    if s.self_drawn:
        shows.append(Fan.SELF_DRAWN)
    if s.last_tile or (s.kong and not s.self_drawn):  # a robbed kong's tile is the last one
        shows.append(Fan.LAST_TILE)
    if Fan.SEVEN_PAIRS in needed and not s.melds and all(n % 2 == 0 for n in s.standing):
        shows.append(Fan.SEVEN_PAIRS)
    for fan in shows:
        if fan in needed:
            show(fan)


def _shown_regular(
    s: Situation,
    packs: list[Set],
    chows: list[tuple[int, int]],
    pungs: list[tuple[int, int]],
    show: Callable[..., None],
    needed: set[Fan],
    principles: bool,
) -> None:
    """The set fans a four-sets reading shows: every combination (when a row names one
    or the principles are to be checked), every level of the pung and kong fans."""
    if principles or needed & COMBINATION_FANS:
        _shown_combinations(chows, pungs, show)
    if needed & _PUNG_LEVEL_FANS:
        _shown_pung_levels(s, packs, chows, pungs, show)


def _shown_combinations(
    chows: list[tuple[int, int]], pungs: list[tuple[int, int]], show: Callable[..., None]
) -> None:
    for items, chow in ((chows, True), (pungs, False)):
        if len(items) < 2:
            continue
        items = sorted(items)
        for fan, pos in _all_combinations(tuple([t for t, _ in items]), chow):
            show(fan, tuple(sorted([items[p][1] for p in pos])))


# Memory bound: 16,384 entries of ~260 B (tracemalloc, filled): ~4 MiB when full.
@lru_cache(maxsize=1 << 14)
def _all_combinations(
    tiles: tuple[int, ...], chow: bool
) -> tuple[tuple[Fan, tuple[int, ...]], ...]:
    """Every fan any two, three or four of these chows (pungs) form, by position; tiles
    sorted.  No principle applied: this is what the sets show."""
    two, three, four = (
        (two_chows_fan, three_chows_fan, four_chows_fan)
        if chow
        else (two_pungs_fan, three_pungs_fan, four_pungs_fan)
    )
    out: list[tuple[Fan, tuple[int, ...]]] = []
    n = len(tiles)
    for k in range(2, min(n, 4) + 1):
        for pos in combinations(range(n), k):
            ts = [tiles[p] for p in pos]
            fan = two(*ts) if k == 2 else three(*ts) if k == 3 else four(tuple(ts))
            if fan is not None:
                out.append((fan, pos))
    return tuple(out)


def _shown_pung_levels(
    s: Situation,
    packs: list[Set],
    chows: list[tuple[int, int]],
    pungs: list[tuple[int, int]],
    show: Callable[..., None],
) -> None:
    pair = packs[-1]
    pair_index = len(packs) - 1
    if pair.kind == PAIR and pair.tile >= FIRST_HONOR:
        winds = [i for t, i in pungs if t < FIRST_DRAGON and t >= FIRST_HONOR]
        dragons = [i for t, i in pungs if t >= FIRST_DRAGON]
        if pair.tile < FIRST_DRAGON:
            for trio in combinations(winds, 3):
                show(Fan.LITTLE_FOUR_WINDS, (*trio, pair_index))
        else:
            for two in combinations(dragons, 2):
                show(Fan.LITTLE_THREE_DRAGONS, (*two, pair_index))
    if len(pungs) == 4:
        show(Fan.ALL_PUNGS)
    for t, i in pungs:
        if t >= FIRST_DRAGON:
            show(Fan.DRAGON_PUNG, (i,))
        elif t >= FIRST_HONOR or t % 9 in (0, 8):
            show(Fan.PUNG_OF_TERMINALS_OR_HONORS, (i,))
        if s.mask & WIND_MASK and FIRST_HONOR <= t < FIRST_DRAGON:
            wind = t - FIRST_HONOR
            if wind == s.prevalent:
                show(Fan.PREVALENT_WIND, (i,))
            if wind == s.seat:
                show(Fan.SEAT_WIND, (i,))
    kongs = [i for i, p in enumerate(packs) if p.kong]
    hidden = [i for i in kongs if packs[i].concealed]
    melded = [i for i in kongs if not packs[i].concealed]
    if len(kongs) >= 3:
        show(Fan.THREE_KONGS, tuple(kongs))
    if len(melded) >= 2:
        show(Fan.TWO_MELDED_KONGS, tuple(melded))
    if len(hidden) >= 2:
        show(Fan.TWO_CONCEALED_KONGS, tuple(hidden))
    if melded and hidden:
        show(Fan.CONCEALED_KONG_AND_MELDED_KONG, tuple(kongs))
    for i in melded:
        show(Fan.MELDED_KONG, (i,))
    for i in hidden:
        show(Fan.CONCEALED_KONG, (i,))
    concealed = sorted(concealed_pungs_of(s, packs, chows, pungs) + hidden)
    if len(concealed) >= 2:
        show(Fan.TWO_CONCEALED_PUNGS, tuple(concealed))
    if len(concealed) >= 3:
        show(Fan.THREE_CONCEALED_PUNGS, tuple(concealed))


__all__ = ["COMBINATION_FANS", "explain", "score_hand"]
