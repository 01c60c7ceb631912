"""Jiaxing settlement: the hand's points, paid by the losers.

A hand is worth ``points = (底台 + 台) × 2 ** 番`` (the score's ``details["points"]``).
The seed does not say who pays; the option ``discard_pays`` chooses:

============================  =============================  ==========================
win                           who pays                       each payer
============================  =============================  ==========================
self-drawn (any option)       each of the three              points
on a discard, "discarder"     the discarder (default)        points
on a discard, "all"           each of the three              points
on a discard, "discarder_     the discarder alone            3 × points (包三家)
for_all"
============================  =============================  ==========================

>>> win_payments("ESWN", "S", discarder=None, points=4)
{'E': -4, 'S': 12, 'W': -4, 'N': -4}
>>> win_payments("ESWN", "S", discarder="N", points=4)
{'E': 0, 'S': 4, 'W': 0, 'N': -4}
>>> win_payments("ESWN", "S", discarder="N", points=4, discard_pays="discarder_for_all")
{'E': 0, 'S': 12, 'W': 0, 'N': -12}
"""

from __future__ import annotations

from collections.abc import Sequence

from fanshu.errors import SettlementError
from fanshu.i18n import msg

Payments = dict[str, int]


def _check_players(players: Sequence[str], *named: str | None) -> list[str]:
    seats = list(players)
    if len(seats) != 4 or len(set(seats)) != 4:
        raise SettlementError(
            msg("嘉兴台头 is played by 4 different players, not {seats!r}", seats=seats)
        )
    for p in named:
        if p is not None and p not in seats:
            raise SettlementError(
                msg("{p!r} is not one of the players {seats!r}", p=p, seats=seats)
            )
    return seats


def win_payments(
    players: Sequence[str],
    winner: str,
    *,
    discarder: str | None,
    points: int,
    discard_pays: str = "discarder",
) -> Payments:
    """What each player gains (the winner) or pays for one win worth ``points``."""
    seats = _check_players(players, winner, discarder)
    if discarder == winner:
        raise SettlementError(msg("{winner!r} cannot win on their own discard", winner=winner))
    if isinstance(points, bool) or not isinstance(points, int) or points < 0:
        raise SettlementError(
            msg("a hand's points are a whole number ≥ 0, not {points!r}", points=points)
        )
    if discard_pays not in ("discarder", "all", "discarder_for_all"):
        raise SettlementError(
            msg(
                "discard_pays is 'discarder', 'all' or 'discarder_for_all', not {discard_pays!r}",
                discard_pays=discard_pays,
            )
        )
    owed = dict.fromkeys(seats, 0)
    others = [p for p in seats if p != winner]
    if discarder is None or discard_pays == "all":
        for p in others:
            owed[p] = points
    elif discard_pays == "discarder":
        owed[discarder] = points
    else:
        owed[discarder] = points * len(others)
    out = {p: -v for p, v in owed.items()}
    out[winner] = sum(owed.values())
    return out
