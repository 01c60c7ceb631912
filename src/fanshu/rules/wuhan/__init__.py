"""Wuhan 开口翻 (武汉麻将, seed 001 ❽): ``RULES`` is the rule set.

Modules: ``fans`` (the 番 list as data), ``options`` (the points the seed leaves open),
``evaluate`` (the winner's 番, over every reading of its 赖子), ``settlement`` (all three
others pay, each by the winner's 番 plus its own; 封顶, 金顶, 光明顶, 承包), ``ruleset``
(the :class:`~fanshu.rules.base.RuleSet`).

>>> from fanshu.rules import get_rules
>>> get_rules("wuhan").title_zh, get_rules("wuhan").combine
('武汉开口翻', 'double')
"""

from __future__ import annotations

from fanshu.rules.wuhan.ruleset import RULES, WuhanRuleSet
from fanshu.rules.wuhan.settlement import SeatFacts

__all__ = ["RULES", "SeatFacts", "WuhanRuleSet"]
