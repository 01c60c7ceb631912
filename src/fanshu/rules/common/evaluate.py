"""Scoring a hand of the 底分 × 2^番 list (seed 000, 快速入门规则).

136 tiles (no flowers); shapes 4 sets + pair and 七对子 (the list names no other);
every reading of the hand is scored and the best kept; fans add up and the score is
底分 × 2 ** fan (``Result.details["points"]``).

>>> from fanshu.notation import parse_hand
>>> r = score_hand(parse_hand("123m456m789m123s5s5s"))
>>> [f.name_zh for f in r.fans], r.total, r.multiplier, r.details["points"]
(['无字'], 3, 8, 80)
>>> r = score_hand(parse_hand("123m123m456sEEEFF"))
>>> [f.name_zh for f in r.fans], r.total
(['一杯口'], 1)
>>> score_hand(parse_hand("19m19s19pESWNCFPP")).is_win
False
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from fanshu.errors import InvalidHandError
from fanshu.hand import Hand
from fanshu.rules.base import ExcludedFan, FanEntry, FanRow, Result
from fanshu.rules.common import fans as F
from fanshu.rules.common.options import DEFAULT_OPTIONS, CommonOptions
from fanshu.sets import CHOW, PAIR, PUNG, Set, concealed_set
from fanshu.shapes import counts_of, decompose
from fanshu.tiles import TILES, Tile

NAME = "common"
_DRAGONS = frozenset({int(Tile.RED), int(Tile.GREEN), int(Tile.WHITE)})
_ORDER = {f.key: i for i, f in enumerate(F.FANS)}


def check_tiles(hand: Hand) -> Hand:
    """Raise ``InvalidHandError`` for what the list's 136 tiles cannot hold; return the hand.

    >>> from fanshu.notation import parse_hand
    >>> check_tiles(parse_hand("123m456m789m234s5s5s").with_context(flowers=1))
    Traceback (most recent call last):
    ...
    fanshu.errors.InvalidHandError: common (底分×2^番) has no flowers: flowers must be 0, not 1
    """
    if hand.context.flowers:
        raise InvalidHandError(
            f"common (底分×2^番) has no flowers: flowers must be 0, not {hand.context.flowers}"
        )
    for t in hand.concealed_with_winning:
        if t.is_flower:
            raise InvalidHandError(
                f"common (底分×2^番) has no flowers (136 tiles): {t.code} is a flower"
            )
    return hand.validate()


def _readings(hand: Hand) -> Iterable[tuple[Set, ...]]:
    """Each regular reading: the melds, the concealed sets, the pair last."""
    melds = tuple(m.as_set for m in hand.melds)
    for division in decompose(counts_of(hand.concealed_with_winning)):
        yield (*melds, *division)


def _seven_pairs(hand: Hand, options: CommonOptions) -> tuple[Set, ...] | None:
    if hand.melds:
        return None
    counts = counts_of(hand.concealed_with_winning)
    if any(n % 2 for n in counts):
        return None
    if not options.seven_pairs_four_of_a_kind and 4 in counts:
        return None
    pair_sets = [concealed_set(PAIR, TILES[t]) for t, n in enumerate(counts) for _ in range(n // 2)]
    return tuple(pair_sets)


def _suit_fans(hand: Hand) -> list[FanRow[str]]:
    tiles = hand.all_tiles
    suits = {t.suit for t in tiles if t.is_numbered}
    has_honour = any(t.is_honor for t in tiles)
    out: list[FanRow[str]] = []
    if not has_honour:
        out.append(F.WU_ZI)
    if len(suits) == 1:
        out.append(F.HUN_YI_SE if has_honour else F.QING_YI_SE)
    return out


def _outside_fans(groups: Sequence[Set], options: CommonOptions) -> list[FanRow[str]]:
    if not all(any(t.is_terminal_or_honor for t in g.tiles) for g in groups):
        return []
    has_honour = any(g.tile.is_honor for g in groups)
    if options.outside_hand == "stacked":
        return [F.HUN_QUAN_DAI_YAO_JIU, *([F.HUN_QUAN_DAI_ZI] if has_honour else [])]
    return [F.HUN_QUAN_DAI_ZI if has_honour else F.HUN_QUAN_DAI_YAO_JIU]


def _dragon_fans(
    sets: Sequence[Set], pair: Set | None, options: CommonOptions
) -> list[FanRow[str]]:
    pungs = [s for s in sets if s.kind == PUNG]
    dragon_pungs = sum(s.tile in _DRAGONS for s in pungs)
    if dragon_pungs == 3:
        return [F.DA_SAN_YUAN, F.XIAO_SAN_YUAN]  # 小三元 is then excluded
    if dragon_pungs != 2:
        return []
    if options.xiao_san_yuan == "literal":
        return [F.XIAO_SAN_YUAN] if len(pungs) >= 3 else []
    return [F.XIAO_SAN_YUAN] if pair is not None and pair.tile in _DRAGONS else []


def _identical_chows(sets: Sequence[Set]) -> int:
    """Pairs of identical chows (一杯口), each chow in one pair at most."""
    chows = Counter(s.tile for s in sets if s.kind == CHOW)
    return sum(n // 2 for n in chows.values())


def _regular_fans(
    hand: Hand, groups: tuple[Set, ...], options: CommonOptions
) -> list[FanEntry[str]]:
    sets, pair = groups[:-1], groups[-1]
    rows: list[FanRow[str]] = [*_suit_fans(hand), *_outside_fans(groups, options)]
    rows += _dragon_fans(sets, pair, options)
    if all(s.kind == PUNG for s in sets):
        rows.append(F.DUI_DUI_HE)
    entries = [FanEntry(r) for r in rows]
    twins = _identical_chows(sets)
    if twins:
        entries.append(FanEntry(F.YI_BEI_KOU, count=twins))
    if options.ping_he == "all_chows" and all(s.kind == CHOW for s in sets):
        entries.append(FanEntry(F.PING_HE))
    return entries


def _pairs_fans(hand: Hand, pairs: tuple[Set, ...], options: CommonOptions) -> list[FanEntry[str]]:
    rows = [F.QI_DUI_ZI, *_suit_fans(hand), *_outside_fans(pairs, options)]
    return [FanEntry(r) for r in rows]


def _apply_exclusions(
    entries: list[FanEntry[str]], options: CommonOptions
) -> tuple[list[FanEntry[str]], list[ExcludedFan[str]]]:
    present = {e.row.key: e.row for e in entries}
    excluded: dict[str, ExcludedFan[str]] = {}
    for e in entries:
        for key in e.row.excludes:
            if key in present and key not in excluded:
                excluded[key] = ExcludedFan(present[key], e.row)
    kept = [e for e in entries if e.row.key not in excluded]
    if options.ping_he == "plain" and not kept:
        kept = [FanEntry(F.PING_HE)]  # 没有特殊组合: the hand with no other fan
    kept.sort(key=lambda e: _ORDER[e.row.key])
    return kept, list(excluded.values())


def score_hand(hand: Hand, options: CommonOptions | None = None) -> Result[str]:
    """Score a 14-tile hand with its win context under the 底分 × 2^番 list (best reading)."""
    opts = options or DEFAULT_OPTIONS
    check_tiles(hand)
    candidates: list[tuple[str, list[FanEntry[str]]]] = [
        ("regular", _regular_fans(hand, groups, opts)) for groups in _readings(hand)
    ]
    pairs = _seven_pairs(hand, opts)
    if pairs is not None:
        candidates.append(("seven_pairs", _pairs_fans(hand, pairs, opts)))
    if not candidates:
        four = "" if opts.seven_pairs_four_of_a_kind else " (four of a kind is not two pairs here)"
        return Result(
            rules=NAME,
            hand=hand,
            is_win=False,
            reason=f"not 4 sets and a pair, nor 七对子{four}",
        )
    scored = []
    for shape, entries in candidates:
        kept, excluded = _apply_exclusions(entries, opts)
        scored.append((sum(e.points for e in kept), len(kept), shape, kept, excluded))
    total, _, shape, kept, excluded = max(scored, key=lambda c: (c[0], c[1]))
    paid = total if opts.cap is None else min(total, opts.cap)
    return Result(
        rules=NAME,
        hand=hand,
        is_win=True,
        fans=tuple(kept),
        total=total,
        multiplier=2**total,
        capped=paid,
        excluded=tuple(excluded),
        shape=shape,
        details={"base": opts.base, "points": opts.base * 2**paid},
    )
