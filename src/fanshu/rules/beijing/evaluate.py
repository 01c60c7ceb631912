"""Scoring a Beijing hand: tile checks, the self-draw rule, shapes and fans.

136 tiles (no flowers); shapes 4 sets + pair and 七对; every reading of the hand is
scored and the best kept.  After a chow, pung or melded kong the hand may only win by
self-draw (吃碰后只能自摸); a concealed hand (concealed kongs allowed) may win on a
discard and may rob a kong, which counts as a discard (算做捉铳).

>>> from fanshu.notation import parse_hand
>>> from fanshu.hand import WinContext
>>> r = score_hand(parse_hand("123m456m789m234s5s5s", WinContext(self_drawn=True)))
>>> [f.name_zh for f in r.fans], r.total, r.multiplier, r.capped
(['门清', '一条龙'], 4, 16, 4)
>>> r = score_hand(parse_hand("[123s]456m789m234s5s5s"))
>>> r.is_win, r.reason is not None
(False, True)
"""

from __future__ import annotations

from collections.abc import Iterable

from fanshu.errors import InvalidHandError
from fanshu.hand import Hand
from fanshu.rules.base import FanEntry, FanRow, Result
from fanshu.rules.beijing import fans as F
from fanshu.rules.beijing.options import DEFAULT_OPTIONS, BeijingOptions
from fanshu.sets import CHOW, PUNG, Set, concealed_set
from fanshu.shapes import counts_of, decompose, regular_waits
from fanshu.tiles import Tile

NAME = "beijing"
_M4, _M5, _M6 = int(Tile.M4), int(Tile.M5), int(Tile.M6)
_CONCEALED_456M = concealed_set(CHOW, Tile.M4)

#: One reading: every set (the melds, then the concealed sets), and the pair's tile.
Reading = tuple[tuple[Set, ...], int]


def check_tiles(hand: Hand) -> Hand:
    """Raise ``InvalidHandError`` for what the Beijing set cannot hold; return the hand.

    >>> from fanshu.notation import parse_hand
    >>> check_tiles(parse_hand("123m456m789m234s5s5s").with_context(flowers=2))
    Traceback (most recent call last):
    ...
    fanshu.errors.InvalidHandError: 北京麻将 has no flowers (136 tiles): flowers must be 0, not 2
    """
    if hand.context.flowers:
        raise InvalidHandError(
            f"北京麻将 has no flowers (136 tiles): flowers must be 0, not {hand.context.flowers}"
        )
    for t in hand.concealed_with_winning:
        if t.is_flower:
            raise InvalidHandError(f"北京麻将 has no flowers (136 tiles): {t.code} is a flower")
    return hand.validate()


def claimed_melds(hand: Hand) -> int:
    """Melds claimed from another player (chow, pung, melded or added kong)."""
    return sum(not m.is_concealed for m in hand.melds)


def _readings(hand: Hand) -> Iterable[Reading]:
    melds = tuple(m.as_set for m in hand.melds)
    for division in decompose(counts_of(hand.concealed_with_winning)):
        yield (*melds, *division[:-1]), division[-1].tile


def _is_seven_pairs(hand: Hand) -> bool:
    if hand.melds:
        return False
    return all(n % 2 == 0 for n in counts_of(hand.concealed_with_winning))


def _suit_fans(hand: Hand, options: BeijingOptions) -> list[FanRow[str]]:
    tiles = hand.all_tiles
    suits = {t.suit for t in tiles if t.is_numbered}
    honours = [t for t in tiles if t.is_honor]
    if len(suits) != 1:
        return []
    if not honours:
        return [F.QING_YI_SE]
    if options.hun_yi_se_winds_only and any(not t.is_wind for t in honours):
        return []
    return [F.HUN_YI_SE]


def _zhuo_wu_kui(hand: Hand, reading: Reading) -> bool:
    """Won on 5万, the only tile the hand waited on, as the middle of a concealed 4-5-6万."""
    if hand.winning_tile != Tile.M5 or _CONCEALED_456M not in reading[0]:
        return False
    before = counts_of(hand.concealed)
    if regular_waits(before) != {_M5}:
        return False
    before[_M4] -= 1
    before[_M6] -= 1
    return before[_M4] >= 0 and before[_M6] >= 0 and bool(decompose(before))


def _situation_fans(hand: Hand) -> list[FanRow[str]]:
    ctx = hand.context
    out = []
    if ctx.wall_last:
        out.append(F.HAI_DI_LAO_YUE)
    if ctx.kong and ctx.self_drawn:
        out.append(F.GANG_SHANG_KAI_HUA)
    return out


def _reading_fans(hand: Hand, reading: Reading) -> list[FanRow[str]]:
    sets, pair = reading
    out = []
    if all(s.kind == PUNG for s in sets):
        out.append(F.DUI_DUI_HE)
    if len(hand.melds) == 4 and hand.winning_tile == pair:
        out.append(F.DA_DIAO)
    if _zhuo_wu_kui(hand, reading):
        out.append(F.ZHUO_WU_KUI)
    chows = {s.tile for s in sets if s.kind == CHOW}
    if any({b, b + 3, b + 6} <= chows for b in (Tile.M1, Tile.S1, Tile.P1)):
        out.append(F.YI_TIAO_LONG)
    return out


def _seven_pairs_fans(hand: Hand) -> list[FanRow[str]]:
    out = [F.QI_DUI]
    if 4 in counts_of(hand.concealed_with_winning):
        out.append(F.HAO_HUA_QI_DUI)
    return out


def score_hand(hand: Hand, options: BeijingOptions | None = None) -> Result[str]:
    """Score a 14-tile hand with its win context under Beijing rules (best reading)."""
    opts = options or DEFAULT_OPTIONS
    check_tiles(hand)
    ctx = hand.context
    claimed = claimed_melds(hand)
    if claimed and not ctx.self_drawn and opts.claimed_self_drawn_only:
        how = "by robbing a kong (抢杠和 counts as a discard)" if ctx.kong else "on a discard"
        return _not_win(
            hand,
            f"after a chow or pung (here {claimed} claimed meld{'s' * (claimed > 1)}) a "
            f"Beijing hand may only win by self-draw (吃碰后只能自摸，不能捉铳); "
            f"this one won {how}",
        )
    common = [F.MEN_QING] if hand.is_concealed else []
    common += _suit_fans(hand, opts) + _situation_fans(hand)
    candidates: list[list[FanRow[str]]] = [common + _reading_fans(hand, r) for r in _readings(hand)]
    if _is_seven_pairs(hand):
        candidates.append(common + _seven_pairs_fans(hand))
    if not candidates:
        return _not_win(hand, "not 4 sets and a pair, nor 七对")
    if opts.plain_self_drawn_only and not ctx.self_drawn:
        candidates = [c for c in candidates if any(f.key in F.BONUS_SHAPES for f in c)]
        if not candidates:
            return _not_win(
                hand,
                "推倒和 (no 对对和, 大钓, 捉五魁, 海底捞月, 一条龙, 七对, 杠上开花, 清一色 "
                "or 豪华七对) may only win by self-draw (option plain_self_drawn_only)",
            )
    best = max(candidates, key=lambda rows: (sum(f.value for f in rows), len(rows)))
    order = {f.key: i for i, f in enumerate(F.FANS)}
    rows = sorted(best, key=lambda f: order[f.key]) or [F.TUI_DAO_HE]
    total = sum(f.value for f in rows)
    return Result(
        rules=NAME,
        hand=hand,
        is_win=True,
        fans=tuple(FanEntry(f) for f in rows),
        total=total,
        multiplier=2**total,
        capped=total if opts.cap is None else min(total, opts.cap),
        details={"claimed_melds": claimed, "seven_pairs": F.QI_DUI in rows},
    )


def _not_win(hand: Hand, reason: str) -> Result[str]:
    return Result(rules=NAME, hand=hand, is_win=False, reason=reason)
