"""Hand analysis (算牌): shanten for every MCR shape, useful tiles, waits, discard advice.

>>> from fanshu.analysis import analyze
>>> analyze("1112345678999m").shanten
0
"""

from fanshu.analysis.advice import Analysis, DiscardOption, UsefulTile, Wait, analyze
from fanshu.analysis.shanten import (
    ShapeShanten,
    shanten,
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
    "shanten",
    "shanten_by_shape",
    "shanten_of_hand",
    "useful_tiles",
]
