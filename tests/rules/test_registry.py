"""Every rule set is found by name, declares what ``RuleSet`` asks, and has its page."""

from __future__ import annotations

from pathlib import Path

import pytest

import fanshu
from fanshu.errors import OptionError
from fanshu.rules import get_rules, names
from fanshu.rules.base import FanRow, WildcardRule
from fanshu.wild import SHAPES

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rules"


def test_the_four_rule_sets_of_the_documents_are_there() -> None:
    assert names()[0] == "mcr"
    assert {"mcr", "sichuan", "two-player", "beijing"} <= set(names())


def test_an_unknown_rule_set_names_the_known_ones() -> None:
    with pytest.raises(OptionError, match="unknown rule set 'riichi': use one of mcr"):
        get_rules("riichi")
    with pytest.raises(OptionError, match="unknown rule set"):
        fanshu.score("123m456p789s11sEEE", rules="riichi")


@pytest.mark.parametrize("name", names())
def test_declares_what_a_rule_set_declares(name: str) -> None:
    r = get_rules(name)
    assert r.name == name and r.title_zh and r.title_en
    assert r.tiles <= frozenset(range(34)) and len(r.tiles) in (27, 34)
    assert r.combine in ("add", "double") and r.minimum >= 0
    assert r.cap is None or r.cap > 0
    assert r.fans and all(isinstance(f, FanRow) and f.value >= 0 for f in r.fans)
    keys = [f.key for f in r.fans]
    assert len(keys) == len(set(keys)), "fan keys are unique"
    for f in r.fans:
        assert set(f.excludes) <= set(keys), f"{f.key} excludes fans the table does not have"
    assert all(n and note for n, _, note in r.describe_options())
    assert r.options_from({}) == r.default_options()
    wild = r.wildcards
    assert wild is None or isinstance(wild, WildcardRule)
    if wild is not None:
        assert set(wild.shapes) <= set(SHAPES) and wild.stands_for <= frozenset(range(34))
        assert wild.how_en and wild.how_zh, "fanshu rules NAME says how the wild kind is chosen"
    with pytest.raises(OptionError, match="unknown option"):
        r.options_from({"no_such_option": 1})


@pytest.mark.parametrize("name", names())
def test_has_a_page_naming_its_fans(name: str) -> None:
    page = DOCS / f"{name}.md"
    assert page.exists(), f"docs/rules/{name}.md is missing"
    text = page.read_text(encoding="utf-8")
    if name == "mcr":
        assert "fanshu fans" in text  # the 88-row table is printed from the data
        return
    # fans taken over from MCR (two-player) are documented on MCR's page
    mcr = {f.name_zh for f in get_rules("mcr").fans}
    missing = [
        f.name_zh for f in get_rules(name).fans if f.name_zh not in mcr and f.name_zh not in text
    ]
    assert not missing, f"docs/rules/{name}.md does not mention {missing}"
