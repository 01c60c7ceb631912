"""Ready hands (听牌) for 查大叫: the waits of a 13-tile hand and its best or least hand.

Waits are found by trying each of the 27 tiles with the Sichuan scorer itself, which is
exact: a tile completes the hand only if the result is a win (缺一门 included).  A wait
on a tile the hand already holds four of is no wait.  Each possible hand is scored as
won on a discard, so no 自摸 or other situational fan.

>>> from fanshu.notation import parse_hand
>>> h = parse_hand("1112345678999m")  # 13 tiles; 1m or 9m makes 清一色 + 根
>>> sorted(t.code for t in waits(h))
['1m', '2m', '3m', '4m', '5m', '6m', '7m', '8m', '9m']
>>> possible_fan(h), possible_fan(h, "min")
(4, 3)
>>> possible_fan(parse_hand("13589m2468p1357s")) is None
True
"""

from __future__ import annotations

from fanshu.errors import InvalidHandError
from fanshu.hand import Hand, WinContext
from fanshu.rules.base import Result
from fanshu.rules.sichuan.evaluate import check_hand, fan_of, score_hand
from fanshu.rules.sichuan.options import DEFAULT_OPTIONS, ReadyPayment, SichuanOptions
from fanshu.tiles import FIRST_HONOR, TILES, Tile

_DISCARD = WinContext()


def _ready_hand(hand: Hand) -> Hand:
    if hand.winning_tile is not None or hand.tile_count != 13:
        raise InvalidHandError(
            f"a ready hand is checked on 13 tiles (a kong counts as 3), this one has "
            f"{hand.tile_count}"
        )
    check_hand(hand, complete=False)
    return hand


def waits(hand: Hand, options: SichuanOptions = DEFAULT_OPTIONS) -> dict[Tile, Result[str]]:
    """Each tile that makes the 13-tile ``hand`` a Sichuan win, with that win's score."""
    hand = _ready_hand(hand)
    counts = hand.counts()
    out: dict[Tile, Result[str]] = {}
    for t in range(FIRST_HONOR):
        if counts[t] >= 4:
            continue
        result = score_hand(Hand(hand.concealed, hand.melds, TILES[t], _DISCARD), options)
        if result.is_win:
            out[TILES[t]] = result
    return out


def is_ready(hand: Hand, options: SichuanOptions = DEFAULT_OPTIONS) -> bool:
    """Is the 13-tile hand one tile from a Sichuan win (听牌, 有叫)?"""
    return bool(waits(hand, options))


def possible_fan(
    hand: Hand, mode: ReadyPayment | None = None, options: SichuanOptions = DEFAULT_OPTIONS
) -> int | None:
    """The best (``"max"``) or least (``"min"``) fan the hand can win with, after the
    cap; ``mode`` defaults to ``options.ready_payment``.  None when the hand is not ready."""
    found = waits(hand, options)
    if not found:
        return None
    fans = [fan_of(r) for r in found.values()]
    return max(fans) if (mode or options.ready_payment) == "max" else min(fans)
