"""How each rule set plays: a small :class:`Variant` subclass per rule set over one
engine (``fanshu.engine.game``), in the way ``chess.variant`` subclasses one board.

There is one registry, the rule sets' (``fanshu.rules``): a rule set names the variant
that plays it in ``engine_variant`` ("module:Class"), or None when the engine cannot
play it, so a new playable rule set is its package plus one variant module.

>>> variant_for("sichuan").seats, variant_for("two-player").seats
(4, 2)
>>> playable_rules()
['mcr', 'beijing', 'common', 'jiaxing', 'pinghu', 'sichuan', 'two-player', 'wuhan']
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from fanshu.engine.variants.base import Table, Variant, WildcardDraw
from fanshu.errors import OptionError
from fanshu.i18n import msg
from fanshu.rules import get_rules, names

__all__ = ["Table", "Variant", "WildcardDraw", "playable_rules", "variant_class", "variant_for"]


def playable_rules() -> list[str]:
    """The rule sets the engine plays, in ``fanshu rules`` order."""
    return [n for n in names() if get_rules(n).engine_variant is not None]


@lru_cache(maxsize=64)  # one class per variant path of the registry (a handful)
def _load(path: str) -> type[Variant]:
    module, _, name = path.partition(":")
    cls = getattr(importlib.import_module(module), name)
    if not (isinstance(cls, type) and issubclass(cls, Variant)):
        raise TypeError(f"{path} is not a Variant subclass")
    return cls


def variant_class(rules: str) -> type[Variant]:
    """The variant class that plays ``rules``; an ``OptionError`` names the playable
    rule sets otherwise."""
    playable = playable_rules()
    if not isinstance(rules, str) or rules not in playable:
        raise OptionError(
            msg("the engine plays {known}; not {rules!r}", known=", ".join(playable), rules=rules)
        )
    path = get_rules(rules).engine_variant
    assert path is not None
    return _load(path)


def variant_for(rules: str, options: Mapping[str, Any] | None = None) -> Variant:
    """A fresh variant (one per game) for the rule set called ``rules``."""
    cls = variant_class(rules)
    if options is not None and not isinstance(options, Mapping):
        raise OptionError("game options are a mapping of the rule set's option names")
    return cls(dict(options or {}))
