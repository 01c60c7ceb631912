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

The names are imported when first used (module ``__getattr__``), so that ``import fanshu``
costs almost nothing and ``fanshu.score`` does not load the analysis (``fanshu.analyze``)
until it is asked for; for type checkers they are ordinary imports.

``fanshu.compiled`` tells the compiled build (mypyc, docs/compiled.md) from pure Python:

>>> type(fanshu.compiled.ACTIVE)
<class 'bool'>

>>> sorted(set(fanshu.__all__) - set(dir(fanshu)))
[]
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from fanshu import compiled as compiled
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

from fanshu._lazy import lazy_names
from fanshu._version import __version__ as __version__

#: Where each public name lives: imported by :func:`__getattr__` on first use.
_WHERE: dict[str, str] = {
    "compiled": "fanshu.compiled",  # the module: is this the compiled build?
    "Analysis": "fanshu.analysis.advice",
    "analyze": "fanshu.analysis.advice",
    "score": "fanshu.api",
    "shanten": "fanshu.api",
    "FanshuError": "fanshu.errors",
    "InvalidHandError": "fanshu.errors",
    "NotationError": "fanshu.errors",
    "OptionError": "fanshu.errors",
    "Hand": "fanshu.hand",
    "Meld": "fanshu.hand",
    "MeldKind": "fanshu.hand",
    "WinContext": "fanshu.hand",
    "format_hand": "fanshu.notation",
    "parse_hand": "fanshu.notation",
    "ExcludedFan": "fanshu.rules.base",
    "FanEntry": "fanshu.rules.base",
    "FanRow": "fanshu.rules.base",
    "Result": "fanshu.rules.base",
    "FANS": "fanshu.rules.mcr.fans",
    "Fan": "fanshu.rules.mcr.fans",
    "McrOptions": "fanshu.rules.mcr.options",
    "McrResult": "fanshu.rules.mcr.result",
    "Set": "fanshu.sets",
    "Tile": "fanshu.tiles",
}

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


# At run time only: to a type checker the names are the imports above, and any other
# name is an error rather than a lazily imported unknown.
if not TYPE_CHECKING:
    __getattr__, __dir__ = lazy_names(__name__, _WHERE, globals())
