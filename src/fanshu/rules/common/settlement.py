"""Who pays for a win under the 底分 × 2^番 list.

The seed's list gives only the score (三、2. 得分 = 底分 × 2的番数次方), not who pays
it.  fanshu's default (option ``payment="simple"``): on a discard the discarder pays
the score; on a self-draw each other player pays it.  The option ``"quan_chong"`` takes
seed 000's 全冲 (明星3缺1online): the discarder pays four times the score (自己的两倍，
还要代其他两家各一倍); on a self-draw each other player pays twice (自身番数双倍).

Points per player, positive for what a player receives; every result sums to zero.

>>> win_payments("ESWN", "S", discarder="W", points=80)
{'E': 0, 'S': 80, 'W': -80, 'N': 0}
>>> win_payments("ESWN", "S", discarder=None, points=80)
{'E': -80, 'S': 240, 'W': -80, 'N': -80}
>>> win_payments("ESWN", "S", discarder="W", points=80, payment="quan_chong")
{'E': 0, 'S': 320, 'W': -320, 'N': 0}
>>> win_payments("ESWN", "S", discarder=None, points=80, payment="quan_chong")
{'E': -160, 'S': 480, 'W': -160, 'N': -160}
"""

from __future__ import annotations

from collections.abc import Sequence

from fanshu.errors import SettlementError
from fanshu.i18n import msg

Payments = dict[str, int]


def points_of(base: int, fan: int, cap: int | None = None) -> int:
    """得分 = 底分 × 2的番数次方, the fan limited to ``cap``.

    >>> points_of(10, 3), points_of(20, 3), points_of(10, 26, cap=8)
    (80, 160, 2560)
    """
    if isinstance(fan, bool) or not isinstance(fan, int) or fan < 0:
        raise SettlementError(msg("fan is a whole number ≥ 0, not {fan!r}", fan=fan))
    return base << (fan if cap is None else min(fan, cap))


def win_payments(
    players: Sequence[str],
    winner: str,
    *,
    discarder: str | None,
    points: int,
    payment: str = "simple",
) -> Payments:
    """The payments for one win worth ``points`` (see the module's text)."""
    seats = list(players)
    if not 2 <= len(seats) <= 4 or len(set(seats)) != len(seats):
        raise SettlementError(msg("2 to 4 different players, not {seats!r}", seats=seats))
    for p in (winner, discarder):
        if p is not None and p not in seats:
            raise SettlementError(
                msg("{p!r} is not one of the players {seats!r}", p=p, seats=seats)
            )
    if discarder == winner:
        raise SettlementError(msg("{winner!r} cannot win on their own discard", winner=winner))
    if payment not in ("simple", "quan_chong"):
        raise SettlementError(
            msg("payment is 'simple' or 'quan_chong', not {payment!r}", payment=payment)
        )
    out = dict.fromkeys(seats, 0)
    if discarder is not None:
        owed = points * (4 if payment == "quan_chong" else 1)
        out[discarder] = -owed
        out[winner] = owed
        return out
    each = points * (2 if payment == "quan_chong" else 1)
    for p in seats:
        if p != winner:
            out[p] = -each
            out[winner] += each
    return out
