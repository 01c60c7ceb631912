"""One registry: every rule set names the variant that plays it, and the engine plays
every rule set ``fanshu rules`` lists; variants drive the game only by its public
hooks."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from fanshu.engine import Game
from fanshu.engine.variants import Variant, playable_rules, variant_class, variant_for
from fanshu.errors import OptionError
from fanshu.rules import get_rules, names

VARIANTS_DIR = Path(__file__).parents[2] / "src" / "fanshu" / "engine" / "variants"


@pytest.mark.parametrize("rules", names())
def test_every_listed_rule_set_is_played(rules: str) -> None:
    assert rules in playable_rules()
    cls = variant_class(rules)
    assert issubclass(cls, Variant) and cls.name == rules
    g = Game(rules, seed=4)
    while not g.done:
        g.step(g.legal_actions()[0])
    assert g.n == cls.seats and sum(g.scores) == 0


def test_a_rule_set_without_a_variant_is_not_played(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(get_rules("beijing"), "engine_variant", None)
    assert "beijing" not in playable_rules()
    others = ", ".join(playable_rules())  # every playable one, beijing no more
    with pytest.raises(OptionError, match=f"the engine plays {others}; not 'beijing'"):
        variant_for("beijing")


def test_variants_touch_no_private_member_of_the_game() -> None:
    for path in VARIANTS_DIR.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"\bgame\._", text), path.name
