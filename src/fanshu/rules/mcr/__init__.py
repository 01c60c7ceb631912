"""The Chinese Official rules (国标麻将, MCR): ``RULES`` is the rule set."""

from __future__ import annotations

from typing import Any


def __getattr__(name: str) -> Any:
    # Lazy, so that importing a submodule (fans, evaluate …) does not import them all.
    if name == "RULES":
        from fanshu.rules.mcr.ruleset import RULES

        return RULES
    raise AttributeError(name)
