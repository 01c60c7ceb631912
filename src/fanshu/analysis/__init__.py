"""Hand analysis (算牌): shanten for every MCR shape, useful tiles, waits, discard and
claim advice by expected score (``docs/advice.md``).

>>> from fanshu.analysis import analyze
>>> analyze("1112345678999m").shanten
0
>>> analyze("3456m345p34568sEE").best  # 6m: the 7s wait is 12 fan; after 3m only 5
'discard 6m'
"""

# ``fanshu.analysis.shanten`` is the module; the quick call on a hand string is
# ``fanshu.shanten``.
from fanshu.analysis.advice import Analysis, DiscardOption, UsefulTile, Wait, analyze
from fanshu.analysis.position import Opponent, Position
from fanshu.analysis.shanten import (
    ShapeShanten,
    shanten_by_shape,
    shanten_of_hand,
    useful_tiles,
)
from fanshu.analysis.value import (
    ClaimOption,
    Target,
    Value,
    evaluate_claims,
    evaluate_discards,
    evaluate_hand,
)

__all__ = [
    "Analysis",
    "ClaimOption",
    "DiscardOption",
    "Opponent",
    "Position",
    "ShapeShanten",
    "Target",
    "UsefulTile",
    "Value",
    "Wait",
    "analyze",
    "evaluate_claims",
    "evaluate_discards",
    "evaluate_hand",
    "shanten_by_shape",
    "shanten_of_hand",
    "useful_tiles",
]
