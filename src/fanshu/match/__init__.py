"""Score keeping for Chinese Official (MCR) play: match score sheets, tournaments,
JSON/CSV exchange.  Settlement itself lives in :mod:`fanshu.rules.mcr.settlement`.

>>> from fanshu.match import Match
>>> m = Match(["A", "B", "C", "D"], id="m1")
>>> _ = m.record_win("A", discarder="B", fan=8)
>>> m.totals()
{'A': 32, 'B': -16, 'C': -8, 'D': -8}
"""

from fanshu.match.exchange import (
    match_from_csv,
    match_from_json,
    match_to_csv,
    match_to_json,
    tournament_from_csv,
    tournament_from_json,
    tournament_to_csv,
    tournament_to_json,
)
from fanshu.match.sheet import (
    HANDS_PER_MATCH,
    SCALE_48,
    SCALE_STANDARD,
    SEAT_ROTATION,
    HandRecord,
    Match,
    rank_table_points,
)
from fanshu.match.tournament import (
    Seating,
    Standing,
    TableResult,
    Tournament,
    count_repeats,
    generate_seating,
    repeat_lower_bound,
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
    "Seating",
    "Settlement",
    "Standing",
    "TableResult",
    "Tournament",
    "count_repeats",
    "false_win_penalty",
    "free_penalty",
    "generate_seating",
    "match_from_csv",
    "match_from_json",
    "match_to_csv",
    "match_to_json",
    "rank_table_points",
    "repeat_lower_bound",
    "settle_draw",
    "settle_win",
    "tournament_from_csv",
    "tournament_from_json",
    "tournament_to_csv",
    "tournament_to_json",
]
