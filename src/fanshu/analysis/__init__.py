"""Hand analysis (算牌): shanten for every MCR shape, useful tiles, waits, discard advice.

>>> from fanshu.analysis import analyze
>>> analyze("1112345678999m").shanten
0
"""

# ``fanshu.analysis.shanten`` is the module; the quick call on a hand string is
# ``fanshu.shanten``.
from fanshu.analysis.advice import Analysis, DiscardOption, UsefulTile, Wait, analyze
from fanshu.analysis.shanten import (
    ShapeShanten,
    shanten_by_shape,
    shanten_of_hand,
    useful_tiles,
)

__all__ = [
    "Analysis",
    "DiscardOption",
    "ShapeShanten",
    "UsefulTile",
    "Wait",
    "analyze",
    "shanten_by_shape",
    "shanten_of_hand",
    "useful_tiles",
]
