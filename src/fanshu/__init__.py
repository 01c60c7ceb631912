"""fanshu (番数): a mahjong rules engine.

>>> import fanshu
>>> fanshu.score("[EEEE]123m456p789s11s", self_drawn=True).total
19
"""

from fanshu.api import score
from fanshu.errors import FanshuError, InvalidHandError, NotationError, OptionError
from fanshu.hand import Hand, Meld, MeldKind, WinContext
from fanshu.notation import format_hand, parse_hand
from fanshu.rules.mcr.fans import FANS, Fan
from fanshu.rules.mcr.options import McrOptions
from fanshu.rules.mcr.result import ExcludedFan, FanEntry, McrResult
from fanshu.tiles import Tile

__version__ = "0.1.0"
__all__ = [
    "FANS",
    "ExcludedFan",
    "Fan",
    "FanEntry",
    "FanshuError",
    "Hand",
    "InvalidHandError",
    "McrOptions",
    "McrResult",
    "Meld",
    "MeldKind",
    "NotationError",
    "OptionError",
    "Tile",
    "WinContext",
    "format_hand",
    "parse_hand",
    "score",
]
