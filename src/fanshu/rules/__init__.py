"""Rule sets.  Each subpackage declares one (a ``RULES`` object, see ``base.RuleSet``);
they are found by name here, so a new rule set is one new package and its tests.

>>> names()[0]
'mcr'
>>> get_rules("mcr").minimum
8
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from fanshu.errors import OptionError

if TYPE_CHECKING:
    from fanshu.rules.base import RuleSet

DEFAULT_RULES = "mcr"


@lru_cache(maxsize=1)  # one value: the rule sets, built once
def _registry() -> dict[str, RuleSet]:
    import importlib  # here: ``import fanshu.rules`` alone (DEFAULT_RULES) needs neither
    import pkgutil

    found: dict[str, RuleSet] = {}
    for info in pkgutil.iter_modules(__path__):
        if not info.ispkg:
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        rules = getattr(module, "RULES", None)
        if rules is not None:
            found[rules.name] = rules
    return found


def names() -> list[str]:
    """The names of the rule sets fanshu has: ``mcr``, ``sichuan`` …"""
    return sorted(_registry(), key=lambda n: (n != DEFAULT_RULES, n))


def get_rules(name: str) -> RuleSet:
    """The rule set called ``name``; an ``OptionError`` names the known ones otherwise."""
    # One look-up for the names that are there (every scored hand asks); a name that is
    # not, or is no string (a key no rule set has, or unhashable), is refused below.
    try:
        return _registry()[name]
    except (KeyError, TypeError):
        pass
    known = ", ".join(names())
    raise OptionError(f"unknown rule set {name!r}: use one of {known}")
