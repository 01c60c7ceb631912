"""Hand analysis (算牌): shanten for every MCR shape, useful tiles, waits, discard and
claim advice by expected score (``docs/advice.md``).

>>> from fanshu.analysis import analyze
>>> analyze("1112345678999m").shanten
0
>>> analyze("3456m345p34568sEE").best  # 6m: the 7s wait is 12 fan; after 3m only 5
'discard 6m'
>>> import fanshu.analysis
>>> sorted(set(fanshu.analysis.__all__) - set(dir(fanshu.analysis)))
[]
"""

# ``fanshu.analysis.shanten`` is the module; the quick call on a hand string is
# ``fanshu.shanten``.
#
# The names below are imported on first use, not with the package: ``fanshu.shanten``
# and the bots import ``fanshu.analysis.shanten``, which runs this file first, and the
# advice and value modules (with the MCR scorer behind them) would otherwise cost every
# fresh process ~90 ms before its first shanten.

from __future__ import annotations

from typing import TYPE_CHECKING

from fanshu._lazy import lazy_names

if TYPE_CHECKING:
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

#: Where each public name lives: imported by :func:`__getattr__` on first use.
_WHERE: dict[str, str] = {
    "Analysis": "fanshu.analysis.advice",
    "DiscardOption": "fanshu.analysis.advice",
    "UsefulTile": "fanshu.analysis.advice",
    "Wait": "fanshu.analysis.advice",
    "analyze": "fanshu.analysis.advice",
    "Opponent": "fanshu.analysis.position",
    "Position": "fanshu.analysis.position",
    "ShapeShanten": "fanshu.analysis.shanten",
    "shanten_by_shape": "fanshu.analysis.shanten",
    "shanten_of_hand": "fanshu.analysis.shanten",
    "useful_tiles": "fanshu.analysis.shanten",
    "ClaimOption": "fanshu.analysis.value",
    "Target": "fanshu.analysis.value",
    "Value": "fanshu.analysis.value",
    "evaluate_claims": "fanshu.analysis.value",
    "evaluate_discards": "fanshu.analysis.value",
    "evaluate_hand": "fanshu.analysis.value",
}

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


# A submodule (``from fanshu.analysis import wildcards``) is not listed: the
# AttributeError lets the import system load it as a module.  At run time only: to a
# type checker the names are the imports above.
if not TYPE_CHECKING:
    __getattr__, __dir__ = lazy_names(__name__, _WHERE, globals())
