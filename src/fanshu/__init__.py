"""fanshu (番数): a mahjong rules engine.

>>> import fanshu
>>> fanshu.score("[EEEE]123m456p789s11s", self_drawn=True).total
19
>>> fanshu.shanten("1112345678999m")
0
>>> fanshu.analyze("1112345678999m").useful_count
23
>>> fanshu.analyze("3456m345p34568sEE").best  # by expected score: 7s is 12 fan after 6m
'discard 6m'
>>> fanshu.analyze("3456m345p34568sEE", by="efficiency").best  # by tiles alone: a tie, 3m first
'discard 3m'
"""

from fanshu.analysis.advice import Analysis, analyze
from fanshu.api import score, shanten
from fanshu.errors import FanshuError, InvalidHandError, NotationError, OptionError
from fanshu.hand import Hand, Meld, MeldKind, WinContext
from fanshu.notation import format_hand, parse_hand
from fanshu.rules.base import ExcludedFan, FanEntry, FanRow, Result
from fanshu.rules.mcr.fans import FANS, Fan
from fanshu.rules.mcr.options import McrOptions
from fanshu.rules.mcr.result import McrResult
from fanshu.sets import Set
from fanshu.tiles import Tile

__version__ = "0.1.0"
__all__ = [
    "FANS",
    "Analysis",
    "ExcludedFan",
    "Fan",
    "FanEntry",
    "FanRow",
    "FanshuError",
    "Hand",
    "InvalidHandError",
    "McrOptions",
    "McrResult",
    "Meld",
    "MeldKind",
    "NotationError",
    "OptionError",
    "Result",
    "Set",
    "Tile",
    "WinContext",
    "analyze",
    "format_hand",
    "parse_hand",
    "score",
    "shanten",
]
