"""Jiaxing 台头 mahjong (嘉兴台头麻将, seed 001 ❼): ``RULES`` is the rule set.

Modules: ``fans`` (the 台 and 番 lists as data), ``options`` (the points the seed leaves
open), ``carry`` (黄番, 老头黄, 包子, 百搭连庄 carried between hands), ``evaluate``
(scoring a hand over the readings of its 百搭), ``settlement`` (who pays whom),
``ruleset`` (the :class:`~fanshu.rules.base.RuleSet`).

>>> from fanshu.rules import get_rules
>>> get_rules("jiaxing").title_zh, get_rules("jiaxing").wildcards.shapes
('嘉兴台头', ('regular', 'seven_pairs'))
"""

from __future__ import annotations

from fanshu.rules.jiaxing.carry import Carry
from fanshu.rules.jiaxing.ruleset import RULES, JiaxingRuleSet

__all__ = ["RULES", "Carry", "JiaxingRuleSet"]
