"""Who deals the next hand, per rule set: one rule for the bots' series
(:mod:`fanshu.match.series`) and the score sheets (:mod:`fanshu.match.rule_sheet`).

Players are numbered in seat order (0, 1 …; the next seat is the next number).

- ``mcr``: the dealer never repeats; the 16-hand match's seat table decides
  (:data:`fanshu.match.sheet.SEAT_ROTATION`), not this module;
- ``two-player``: the winner deals next; after a drawn hand the dealer stays (seed 000:
  谁胡牌下盘当庄家，若流局则上盘的庄家下盘继续当庄家);
- ``sichuan``: the first winner deals next; when the first win was several players' on
  one discard (一炮多响) the discarder deals; after a hand without a winner the dealer
  stays (seed 002 §5);
- ``beijing``: the dealer stays after winning or a drawn hand (连庄); when another player
  wins, the deal passes to the next seat (seed 003: 轮庄制 … 庄家和牌（或荒牌），则庄家可以
  连庄 … 当闲家和牌时，再继续按原顺序进行轮庄); ``jiaxing`` the same (seed 001 ❼ is
  silent but for 每当庄家轮回左上角方向，换一次风圈: the deal goes round).

The prevalent wind (风圈) stays East except in the rule sets of :data:`ROTATING_WIND`,
where it moves on (东 → 南 → 西 → 北) each time the deal comes back to the first dealer
(:func:`prevalent_winds`).

>>> next_dealer("sichuan", 0, first_winners=[2, 3], discarder=1, players=4)
1
>>> next_dealer("beijing", 0, first_winners=[2], discarder=None, players=4)
1
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

__all__ = ["ROTATING_WIND", "next_dealer", "prevalent_winds"]

#: Rule sets whose 风圈 moves on when the deal comes round (seed 001 ❼ 嘉兴:
#: 每当庄家轮回左上角方向，换一次风圈); in the others it stays East.
ROTATING_WIND = frozenset({"jiaxing"})


def prevalent_winds(rules: str, dealers: Sequence[int]) -> list[int]:
    """The prevalent wind (0-3, 东南西北) of each hand dealt by ``dealers`` in turn: it
    moves on each time the deal comes back to the first hand's dealer from another.

    >>> prevalent_winds("jiaxing", [0, 0, 1, 2, 3, 0, 1])
    [0, 0, 0, 0, 0, 1, 1]
    >>> prevalent_winds("beijing", [0, 1, 2, 3, 0])
    [0, 0, 0, 0, 0]
    """
    if rules not in ROTATING_WIND or not dealers:
        return [0] * len(dealers)
    first, rounds, out = dealers[0], 0, [0]
    for before, d in pairwise(dealers):
        rounds += d == first and before != d
        out.append(rounds % 4)
    return out


def next_dealer(
    rules: str, dealer: int, *, first_winners: Sequence[int], discarder: int | None, players: int
) -> int:
    """The next hand's dealer after a hand whose first win was ``first_winners`` (one,
    or several on the same discard of ``discarder``; empty for a drawn hand)."""
    if not first_winners:
        return dealer
    if rules in ("beijing", "jiaxing"):
        return dealer if dealer in first_winners else (dealer + 1) % players
    if rules == "sichuan" and len(first_winners) > 1 and discarder is not None:
        return discarder  # 一炮多响: the discarder deals
    return first_winners[0]
