"""The two-player game (二人麻将): ``RULES`` is the rule set (``ruleset.py``)."""

from __future__ import annotations

from fanshu.rules.two_player.options import TwoPlayerOptions
from fanshu.rules.two_player.ruleset import RULES, TwoPlayerRuleSet

__all__ = ["RULES", "TwoPlayerOptions", "TwoPlayerRuleSet"]
