"""Pinghu settlement: "1台22胡，放炮9張牌，另外二家4張牌" (seed 001 ❹, the title).

fanshu's reading (docs/rules/pinghu.md): a hand's 翻 add up to its 台; payments are in
张 (chips) per 台.  On a discard (or a robbed kong, whose owner is the discarder) the
discarder pays ``discarder_pays`` (9) per 台 and each of the two others ``others_pay``
(4); on a self-draw each of the three pays ``self_drawn_pays`` (9: the text is silent,
each is read as in the discarder's place).  "1台22胡" is the hand's worth in 胡 (台 ×
22), which the result reports and the payments do not use.

Every function takes the players in seat order and returns 张 per player, positive for
what a player receives; every result sums to zero.

>>> win_payments("ESWN", "S", discarder="W", tai=3)
{'E': -12, 'S': 51, 'W': -27, 'N': -12}
>>> win_payments("ESWN", "S", discarder=None, tai=2)
{'E': -18, 'S': 54, 'W': -18, 'N': -18}
"""

from __future__ import annotations

from collections.abc import Sequence

from fanshu.errors import SettlementError
from fanshu.i18n import msg
from fanshu.rules.pinghu.options import DEFAULT_OPTIONS, PinghuOptions

Payments = dict[str, int]


def win_payments(
    players: Sequence[str],
    winner: str,
    *,
    discarder: str | None,
    tai: int,
    options: PinghuOptions = DEFAULT_OPTIONS,
) -> Payments:
    """张 per player for one win of ``tai`` 台 (zero-sum)."""
    seats = list(players)
    if len(set(seats)) != len(seats):
        raise SettlementError(msg("players must be distinct, not {seats}", seats=seats))
    if winner not in seats:
        raise SettlementError(
            msg(
                "the winner {winner!r} is not one of the players {seats}",
                winner=winner,
                seats=seats,
            )
        )
    if discarder is not None and (discarder not in seats or discarder == winner):
        raise SettlementError(
            msg(
                "the discarder {discarder!r} must be another of the players {seats}",
                discarder=discarder,
                seats=seats,
            )
        )
    if isinstance(tai, bool) or not isinstance(tai, int) or tai < 0:
        raise SettlementError(msg("台 is a whole number ≥ 0, not {tai!r}", tai=tai))
    out = dict.fromkeys(seats, 0)
    for p in seats:
        if p == winner:
            continue
        if discarder is None:
            rate = options.self_drawn_pays
        else:
            rate = options.discarder_pays if p == discarder else options.others_pay
        out[p] -= rate * tai
        out[winner] += rate * tai
    return out
