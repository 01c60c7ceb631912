"""Score keeping for Chinese Official (MCR) play: match score sheets, tournaments,
JSON/CSV exchange.  Settlement itself lives in :mod:`fanshu.rules.mcr.settlement`.

>>> from fanshu.match import Match
>>> m = Match(["A", "B", "C", "D"], id="m1")
>>> _ = m.record_win("A", discarder="B", fan=8)
>>> m.totals()
{'A': 32, 'B': -16, 'C': -8, 'D': -8}
"""

from fanshu.match.sheet import (
    HANDS_PER_MATCH,
    SCALE_48,
    SCALE_STANDARD,
    SEAT_ROTATION,
    HandRecord,
    Match,
    rank_table_points,
)
from fanshu.rules.mcr.settlement import (
    MatchError,
    Penalty,
    Settlement,
    false_win_penalty,
    free_penalty,
    settle_draw,
    settle_win,
)

__all__ = [
    "HANDS_PER_MATCH",
    "SCALE_48",
    "SCALE_STANDARD",
    "SEAT_ROTATION",
    "HandRecord",
    "Match",
    "MatchError",
    "Penalty",
    "Settlement",
    "false_win_penalty",
    "free_penalty",
    "rank_table_points",
    "settle_draw",
    "settle_win",
]
