"""Sichuan mahjong (四川麻将, 血战到底): ``RULES`` is the rule set.

Modules: ``fans`` (the tables as data), ``options``, ``evaluate`` (validation, 缺一门,
scoring), ``ready`` (waits and possible hands for 查大叫), ``settlement`` (wins, kongs,
drawn hands), ``ruleset`` (the :class:`~fanshu.rules.base.RuleSet`).

>>> import fanshu
>>> r = fanshu.score("123s567s234s888s9s9s", rules="sichuan", self_drawn=True)
>>> r.total, [f.name_zh for f in r.fans], r.multiplier
(4, ['清一色', '自摸'], 8)
"""

from __future__ import annotations

from typing import Any


def __getattr__(name: str) -> Any:
    # Lazy, like the MCR package: importing a submodule does not import them all.
    if name == "RULES":
        from fanshu.rules.sichuan.ruleset import RULES

        return RULES
    raise AttributeError(name)
