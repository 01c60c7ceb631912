"""How each rule set plays: a small :class:`Variant` subclass per rule set over one
engine (``fanshu.engine.game``), in the way ``chess.variant`` subclasses one board.

>>> variant_for("sichuan").seats, variant_for("two-player").seats
(4, 2)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fanshu.engine.variants.base import Variant
from fanshu.engine.variants.mcr import McrVariant
from fanshu.engine.variants.sichuan import SichuanVariant
from fanshu.engine.variants.two_player import TwoPlayerVariant
from fanshu.errors import OptionError

VARIANTS: dict[str, type[Variant]] = {
    "mcr": McrVariant,
    "sichuan": SichuanVariant,
    "two-player": TwoPlayerVariant,
}

__all__ = ["VARIANTS", "Variant", "variant_for"]


def variant_for(rules: str, options: Mapping[str, Any] | None = None) -> Variant:
    """A fresh variant (one per game) for the rule set called ``rules``."""
    cls = VARIANTS.get(rules)
    if cls is None:
        known = ", ".join(VARIANTS)
        raise OptionError(f"the engine plays {known}; not {rules!r}")
    if options is not None and not isinstance(options, Mapping):
        raise OptionError("game options are a mapping of the rule set's option names")
    return cls(dict(options or {}))
