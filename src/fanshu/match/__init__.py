"""Score keeping: match score sheets (MCR's :class:`Match`, and :class:`RuleSheet` for
Sichuan, Beijing and the two-player game), MCR tournaments, JSON/CSV exchange, and the
series of bot hands played with each rule set's dealer rules (:mod:`fanshu.match.series`).
Settlement itself lives in each rule set (:mod:`fanshu.rules.mcr.settlement` …).

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
from fanshu.match.results import HandResult, Kong, Win
from fanshu.match.rule_sheet import SHEET_RULES, RuleSheet, sheet_from_dict
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
    "SHEET_RULES",
    "HandRecord",
    "HandResult",
    "Kong",
    "Match",
    "MatchError",
    "Penalty",
    "RuleSheet",
    "Seating",
    "Settlement",
    "Standing",
    "TableResult",
    "Tournament",
    "Win",
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
    "sheet_from_dict",
    "tournament_from_csv",
    "tournament_from_json",
    "tournament_to_csv",
    "tournament_to_json",
]
