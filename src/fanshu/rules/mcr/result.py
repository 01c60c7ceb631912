"""What scoring a hand under MCR returns: the one :class:`~fanshu.rules.base.Result`
of every rule set, its fans named by the ``Fan`` enum, with the 8-fan minimum.

>>> import fanshu
>>> r = fanshu.score("[EEEE]123m456p789s11s", self_drawn=True)
>>> is_mcr_result(r), r.minimum, r.meets_minimum, Fan.CONCEALED_KONG in r
(True, 8, True, True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeAlias, TypeGuard

from fanshu.rules.base import ExcludedFan, FanEntry, Result
from fanshu.rules.mcr.fans import Fan

__all__ = ["MINIMUM_FAN", "ExcludedFan", "FanEntry", "McrResult", "is_mcr_result"]

MINIMUM_FAN = 8
RULES_NAME = "mcr"

#: The result of an MCR score: the one ``Result`` class, its fans keyed by ``Fan``.  At run
#: time it is ``Result`` itself, so every rule set's result is an instance: tell an MCR
#: result by :func:`is_mcr_result`.
if TYPE_CHECKING:
    McrResult: TypeAlias = Result[Fan]
else:
    McrResult = Result


def is_mcr_result(result: object) -> TypeGuard[McrResult]:
    """Is this the result of the MCR rule set (its fans keyed by ``Fan``)?"""
    return isinstance(result, Result) and result.rules == RULES_NAME
