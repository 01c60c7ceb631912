"""The wire-format tests' fixtures: ``wild_rules``, a rule set with wild tiles."""

from __future__ import annotations

from support.wild_rules import wild_rules  # noqa: F401  (a fixture, found by name)
