"""Scoring a Sichuan hand: validation, 缺一门, the readings of the hand and the best one.

A hand is read as 4 sets + pair (concealed runs 顺子 are allowed; only a *claimed* chow is
not) or as 七对.  Each reading gets the highest pattern that fits it (就高) plus the
extras; the reading with the highest total is the hand's score.

>>> from fanshu.notation import parse_hand
>>> r = score_hand(parse_hand("123m345m222p999p6p6p"))
>>> r.total, [f.name_zh for f in r.fans], r.multiplier
(1, ['平胡'], 1)
>>> r = score_hand(parse_hand("[8888s]123s567s234s7s7s"))
>>> r.total, [(f.name_zh, f.count) for f in r.fans], r.details["roots"]
(4, [('清一色', 1), ('根', 1)], 1)
>>> score_hand(parse_hand("123m456s789p11m22m3m")).reason
'缺一门: a Sichuan win must be void in one suit; this hand holds 万, 条 and 筒'
"""

from __future__ import annotations

from dataclasses import dataclass

from fanshu.errors import InvalidHandError
from fanshu.hand import Hand, MeldKind
from fanshu.rules.base import FanEntry, FanRow, Result
from fanshu.rules.sichuan.fans import fan_table
from fanshu.rules.sichuan.options import DEFAULT_OPTIONS, SichuanOptions
from fanshu.sets import CHOW, PUNG, Set
from fanshu.shapes import decompose
from fanshu.tiles import NUM_KINDS

RULES_NAME = "sichuan"
SUIT_NAMES = ("万", "条", "筒")
SHAPE_SETS = "4 sets + pair"
SHAPE_PAIRS = "七对"


def check_hand(hand: Hand, *, complete: bool = True) -> None:
    """Raise ``InvalidHandError`` for what a Sichuan table cannot hold.

    >>> from fanshu.notation import parse_hand
    >>> check_hand(parse_hand("123m456m789mEEE1m1m"))
    Traceback (most recent call last):
    ...
    fanshu.errors.InvalidHandError: Sichuan uses 108 tiles (万, 条, 筒): no honours \
(E in the concealed tiles)
    >>> check_hand(parse_hand("[123m]456m789m111p1m1m"))
    Traceback (most recent call last):
    ...
    fanshu.errors.InvalidHandError: no chow in Sichuan: the meld [123m] is claimed; \
a concealed run (顺子) is allowed
    """
    hand.validate(complete=complete)
    w = hand.winning_tile
    if w is not None and not w.is_numbered:
        raise InvalidHandError(
            f"Sichuan uses 108 tiles (万, 条, 筒): no honours ({w.code} as the winning tile)"
        )
    for t in hand.concealed:
        if not t.is_numbered:
            raise InvalidHandError(
                f"Sichuan uses 108 tiles (万, 条, 筒): no honours ({t.code} in the concealed tiles)"
            )
    for m in hand.melds:
        if m.kind is MeldKind.CHOW:
            raise InvalidHandError(
                f"no chow in Sichuan: the meld {m} is claimed; a concealed run (顺子) is allowed"
            )
        if not m.tile.is_numbered:
            raise InvalidHandError(
                f"Sichuan uses 108 tiles (万, 条, 筒): no honours ({m.tile.code} in the meld {m})"
            )
    ctx = hand.context
    if ctx.flowers:
        raise InvalidHandError(f"Sichuan uses 108 tiles: no flowers (flowers={ctx.flowers})")
    if ctx.kong_discard and ctx.self_drawn:
        raise InvalidHandError("杠上炮 is a win on another player's discard, not self-drawn")
    if ctx.kong_discard and ctx.kong:
        raise InvalidHandError(
            "杠上炮 (a discard after a kong) and 抢杠胡 (robbing a kong) cannot both hold"
        )
    if ctx.first_turn:
        if hand.melds:
            raise InvalidHandError("天胡/地胡 (first_turn) is won before any pung or kong")
        if ctx.dealer and not ctx.self_drawn:
            raise InvalidHandError(
                "天胡: the dealer wins on the 14 tiles dealt, so it is self-drawn"
            )


def suits_held(hand: Hand) -> tuple[int, ...]:
    """The suits (0 万, 1 条, 2 筒) the hand holds, melds included."""
    return tuple(sorted({t.suit for t in hand.all_tiles}))


@dataclass(frozen=True, slots=True)
class Reading:
    """One way to read a complete hand: its shape and, for 4 sets + pair, its sets."""

    shape: str
    sets: tuple[Set, ...]  # the melds (a kong as a pung of four), then the division

    def __str__(self) -> str:
        if self.shape == SHAPE_PAIRS:
            return SHAPE_PAIRS
        words = []
        for s in self.sets:
            kind, code = s.kind, s.tile.code
            rank, suit = code[0], code[1]
            if kind == CHOW:
                words.append(f"{rank}{int(rank) + 1}{int(rank) + 2}{suit}")
            else:
                words.append(rank * (3 if kind == PUNG else 2) + suit)
        return " ".join(words)


def readings(hand: Hand) -> list[Reading]:
    """Every reading of a complete hand (empty when the hand is not complete)."""
    counts = [0] * NUM_KINDS
    for t in hand.concealed_with_winning:
        counts[t] += 1
    melded = tuple(m.as_set for m in hand.melds)
    out = [
        Reading(SHAPE_SETS, (*melded, *division))
        for division in decompose(counts)
        if len(division) - 1 + len(melded) == 4
    ]
    if not hand.melds and all(n % 2 == 0 for n in counts):
        out.append(Reading(SHAPE_PAIRS, ()))
    return out


def _rank(t: int) -> int:
    return t % 9 + 1


def reading_patterns(reading: Reading, hand: Hand) -> set[str]:
    """The pattern keys (牌型) a reading satisfies, before the table is consulted."""
    counts = hand.counts()
    one_suit = len(suits_held(hand)) == 1
    if reading.shape == SHAPE_PAIRS:
        dragon = any(n == 4 for n in counts)
        found = {"qi_dui"}
        if dragon:
            found.add("long_qi_dui")
        if one_suit:
            found.update({"qing_yi_se", "qing_qi_dui"})
            if dragon:
                found.add("qing_long_qi_dui")
        return found
    sets = reading.sets
    pungs_only = all(s.kind != CHOW for s in sets)
    terminals = all(
        (_rank(s.tile) in (1, 7) if s.kind == CHOW else _rank(s.tile) in (1, 9)) for s in sets
    )
    found = {"ping_hu"}
    if pungs_only:
        found.add("dui_dui_hu")
        if all(_rank(s.tile) in (2, 5, 8) for s in sets):
            found.add("jiang_dui")
    if one_suit:
        found.add("qing_yi_se")
        if pungs_only:
            found.add("qing_dui")
    if terminals:
        found.add("dai_yao_jiu")
        if one_suit:
            found.add("qing_yao_jiu")
    return found


def _best_pattern(keys: set[str], table: dict[str, FanRow[str]]) -> FanRow[str]:
    rows = [table[k] for k in table if k in keys]  # table order breaks ties
    return max(rows, key=lambda r: r.value)


@dataclass(frozen=True, slots=True)
class _Scored:
    total: int
    fans: tuple[FanEntry[str], ...]
    reading: Reading
    pattern: FanRow[str]
    roots: int


def _score_reading(reading: Reading, hand: Hand, options: SichuanOptions) -> _Scored:
    table = dict(fan_table(options.preset))
    ctx = hand.context
    keys = reading_patterns(reading, hand)
    if ctx.first_turn and ctx.self_drawn:
        keys.add("tian_hu" if ctx.dealer else "di_hu")
    pattern = _best_pattern(keys, table)
    fans = [FanEntry(pattern)]
    roots = sum(1 for n in hand.counts() if n == 4)
    if pattern.key in ("long_qi_dui", "qing_long_qi_dui"):
        roots -= 1  # the pattern already holds one 根
    extras: list[tuple[str, int]] = [
        ("zi_mo", int(ctx.self_drawn and options.self_drawn_fan)),
        ("gang_shang_hua", int(ctx.self_drawn and ctx.kong)),
        ("gang_shang_pao", int(ctx.kong_discard)),
        ("qiang_gang_hu", int(ctx.kong and not ctx.self_drawn)),
        ("gen", roots),
        (
            "jin_gou_diao",
            int(len(hand.melds) == 4 and (ctx.self_drawn or not options.golden_hook_self_drawn)),
        ),
        ("hai_di", int(options.sea_bottom and ctx.wall_last)),
    ]
    for key, count in extras:
        if count and key in table and key not in pattern.excludes:
            fans.append(FanEntry(table[key], count))
    total = sum(f.points for f in fans)
    return _Scored(total, tuple(fans), reading, pattern, max(roots, 0))


def score_hand(hand: Hand, options: SichuanOptions = DEFAULT_OPTIONS) -> Result[str]:
    """Score a 14-tile Sichuan hand with its win context (validated here)."""
    check_hand(hand)
    found = readings(hand)
    suits = suits_held(hand)
    details: dict[str, object] = {
        "preset": options.preset,
        "suits": "".join(SUIT_NAMES[s] for s in suits),
    }
    if not found:
        return Result(
            RULES_NAME,
            hand,
            False,
            details=details,
            reason=(
                "not a winning shape: Sichuan wins are 4 sets + pair (concealed runs allowed, "
                "no claimed chow) or 七对"
            ),
        )
    if len(suits) == 3 and options.void_suit:
        reason = "缺一门: a Sichuan win must be void in one suit; this hand holds 万, 条 and 筒"
        return Result(RULES_NAME, hand, False, details=details, reason=reason)
    best = max((_score_reading(r, hand, options) for r in found), key=lambda s: s.total)
    total = best.total
    capped = None if options.cap is None else min(total, options.cap)
    details.update(
        shape=best.reading.shape,
        reading=str(best.reading),
        pattern=best.pattern.key,
        roots=best.roots,
        kongs=sum(1 for m in hand.melds if m.is_kong),
        payment=options.pays(total),
    )
    return Result(
        RULES_NAME,
        hand,
        True,
        fans=best.fans,
        total=total,
        multiplier=1 << (total - 1),
        capped=capped,
        details=details,
    )


def fan_of(result: Result[str]) -> int:
    """The fan a result is paid at: the capped total when there is a cap."""
    return result.total if result.capped is None else result.capped
