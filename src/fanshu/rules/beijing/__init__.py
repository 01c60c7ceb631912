"""Beijing mahjong (北京麻将, seed 003): ``RULES`` is the rule set.

Modules: ``fans`` (the fan list as data), ``options`` (contested points),
``evaluate`` (scoring a hand), ``settlement`` (who pays whom), ``ruleset`` (the
:class:`~fanshu.rules.base.RuleSet`).

>>> from fanshu.rules import get_rules
>>> get_rules("beijing").title_zh, get_rules("beijing").combine
('北京麻将', 'double')
"""

from __future__ import annotations

from fanshu.rules.beijing.ruleset import RULES, BeijingRuleSet

__all__ = ["RULES", "BeijingRuleSet"]
