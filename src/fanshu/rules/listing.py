"""The rule sets as data: the list (:func:`rule_listing`) and one rule set in full
(:func:`rule_details`), one shape for ``fanshu rules [NAME] --json`` and
``GET /v1/rules[/{name}]``.

A fan of the table carries its Chinese name twice: ``name_zh`` (preferred: it pairs with
``name_en``, and ``name`` elsewhere in a rule set's data is an identifier) and ``name``
(what ``fanshu rules NAME --json`` always gave; kept for its clients).

>>> from fanshu.rules import get_rules
>>> row = rule_summary(get_rules("mcr"))
>>> row["name"], row["tiles"], row["minimum"], row["default"]
('mcr', 144, 8, True)
>>> fan = rule_details(get_rules("mcr"))["fans"][0]
>>> fan["key"], fan["name_zh"] == fan["name"] == "大四喜", fan["name_en"], fan["value"]
('big_four_winds', True, 'Big Four Winds', 88)
"""

from __future__ import annotations

from typing import Any

from fanshu.rules import DEFAULT_RULES, get_rules, names
from fanshu.rules.base import RuleSet
from fanshu.tiles import TILES, format_tiles

__all__ = ["rule_details", "rule_listing", "rule_summary", "tile_count", "wildcard_rule"]

#: Copies of each tile kind, and the number of flower tiles when a rule set uses them.
_COPIES = 4
_FLOWERS = 8


def tile_count(rule_set: RuleSet) -> int:
    """Physical tiles in play: 144 for MCR (with flowers), 136 without, 108 for Sichuan."""
    return _COPIES * len(rule_set.tiles) + (_FLOWERS if rule_set.flowers else 0)


def rule_summary(rule_set: RuleSet) -> dict[str, Any]:
    """One rule set as a row of the list: name, titles, tiles, flowers, how fan combine,
    cap, minimum, whether it is the default, whether the engine plays it, and its
    wildcard rule (or None)."""
    return {
        "name": rule_set.name,
        "title_zh": rule_set.title_zh,
        "title_en": rule_set.title_en,
        "tiles": tile_count(rule_set),
        "flowers": bool(rule_set.flowers),
        "combine": rule_set.combine,
        "cap": rule_set.cap,
        "minimum": rule_set.minimum,
        "default": rule_set.name == DEFAULT_RULES,
        # the engine plays it (fanshu play / simulate, the web's Play tab)
        "playable": getattr(rule_set, "engine_variant", None) is not None,
        "wildcards": wildcard_rule(rule_set),
    }


def wildcard_rule(rule_set: RuleSet) -> dict[str, Any] | None:
    """How a rule set uses a wildcard (``RuleSet.wildcards``) as data, None without one:
    the shapes a wild tile may complete (empty: it stands for nothing, as MCR's 混杠),
    the kinds it may stand for (a tile string), and how the table chooses it."""
    rule = getattr(rule_set, "wildcards", None)
    if rule is None:
        return None
    return {
        "shapes": list(rule.shapes),
        "stands_for": format_tiles([TILES[k] for k in sorted(rule.stands_for)]),
        "how_en": rule.how_en,
        "how_zh": rule.how_zh,
    }


def rule_listing() -> list[dict[str, Any]]:
    """Every rule set's :func:`rule_summary`, the default first."""
    return [rule_summary(get_rules(n)) for n in names()]


def rule_details(rule_set: RuleSet) -> dict[str, Any]:
    """One rule set in full: its summary, shapes, fan table and options."""
    return {
        **rule_summary(rule_set),
        "shapes": list(rule_set.shapes),
        "fans": [
            {
                "key": f.key,
                "name_zh": f.name_zh,
                "name": f.name_zh,  # the older key of the same name (module text)
                "name_en": f.name_en,
                "value": f.value,
                "excludes": list(f.excludes),
                "source": f.source,
            }
            for f in rule_set.fans
        ],
        "options": [
            {"name": name, "default": default, "note": note}
            for name, default, note in rule_set.describe_options()
        ],
    }
