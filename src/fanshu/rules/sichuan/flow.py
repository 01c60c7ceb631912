"""How a Sichuan hand goes on after a win: 血战到底 (seed 000, the default) or 血流成河
(option ``xue_liu``, the other common Sichuan game; the seeds do not describe it).

- 血战到底 (seed 000 rule 8: 血战模式指1家胡了并不结束该局，而是未胡的玩家继续打，直到有3家都胡
  或者余下的玩家家流局): a winner leaves the hand; the players still in are those who have
  not won; the hand ends when three have won or the wall is empty.
- 血流成河: a winner stays in and may win again and again; nobody leaves, so every win
  (and every kong) is paid by all the others; the hand ends only when the wall is empty.

At a drawn end (the wall empty) 查花猪 and 查大叫 look, in both games, at the hands of the
players who never won (a player who has won holds a ready hand: it neither pays nor is
paid there) — fanshu's reading for 血流成河, where the texts say nothing.

>>> from fanshu.rules.sichuan.options import SichuanOptions
>>> xz, xl = SichuanOptions(), SichuanOptions(xue_liu=True)
>>> still_in("ABCD", ["B"], xz), still_in("ABCD", ["B", "B"], xl)
(['A', 'C', 'D'], ['A', 'B', 'C', 'D'])
>>> over_after_win(["B", "C", "D"], xz), over_after_win(["B", "C", "D", "B"], xl)
(True, False)
>>> checked_at_draw("ABCD", ["B", "B"])
['A', 'C', 'D']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from fanshu.rules.sichuan.options import DEFAULT_OPTIONS, SichuanOptions

#: 血战到底 ends when this many players have won (seed 000 rule 8: 直到有3家都胡).
WINNERS_TO_END = 3


def still_in(
    players: Sequence[str], winners: Iterable[str], options: SichuanOptions = DEFAULT_OPTIONS
) -> list[str]:
    """The players still in the hand after ``winners`` (one entry per win, in order):
    every player under 血流成河, those who have not won under 血战到底."""
    if options.xue_liu:
        return list(players)
    out = set(winners)
    return [p for p in players if p not in out]


def over_after_win(winners: Iterable[str], options: SichuanOptions = DEFAULT_OPTIONS) -> bool:
    """Does the hand end right after a win?  血战到底: when three different players have
    won; 血流成河: never (only the empty wall ends it)."""
    if options.xue_liu:
        return False
    return len(set(winners)) >= WINNERS_TO_END


def checked_at_draw(players: Sequence[str], winners: Iterable[str]) -> list[str]:
    """The players whose hands 查花猪 and 查大叫 look at when the wall is empty: those who
    never won, in both games."""
    out = set(winners)
    return [p for p in players if p not in out]
