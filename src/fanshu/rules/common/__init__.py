"""The 底分 × 2^番 list (seed 000, 快速入门规则): ``RULES`` is the rule set.

Modules: ``fans`` (the list as data), ``options`` (the readings it leaves open),
``evaluate`` (scoring a hand), ``settlement`` (who pays whom), ``ruleset`` (the
:class:`~fanshu.rules.base.RuleSet`).

>>> from fanshu.rules import get_rules
>>> get_rules("common").combine, get_rules("common").wildcards is None
('double', True)
"""

from __future__ import annotations

from fanshu.rules.common.ruleset import RULES, CommonRuleSet

__all__ = ["RULES", "CommonRuleSet"]
