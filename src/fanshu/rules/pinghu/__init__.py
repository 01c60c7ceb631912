"""Pinghu mahjong (平湖麻将台头, seed 001 ❹): ``RULES`` is the rule set.

Modules: ``fans`` (the 翻 list as data), ``options`` (the readings a club may change),
``evaluate`` (scoring a hand over the readings of its 百搭), ``settlement`` (who pays
whom, in 张 per 台), ``ruleset`` (the :class:`~fanshu.rules.base.RuleSet`).

>>> from fanshu.rules import get_rules
>>> get_rules("pinghu").title_zh, get_rules("pinghu").combine
('平湖麻将（台头）', 'add')
"""

from __future__ import annotations

from fanshu.rules.pinghu.ruleset import RULES, PinghuRuleSet

__all__ = ["RULES", "PinghuRuleSet"]
