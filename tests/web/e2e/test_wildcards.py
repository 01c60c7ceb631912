"""The wild tile (百搭 / 赖子) in the browser: the picker offers it for rule sets played
with one and hides it otherwise, a scored hand says what each wild tile stood for, in
both languages, the analysis sends it, and the Play tab lists every playable rule set
and marks the wild kind on the table and in the hand."""

from __future__ import annotations

from typing import Any

import pytest

import fanshu
from fanshu.engine.variants import playable_rules
from fanshu.rules import get_rules

# 中 is wild and is the winning tile: the hand is complete only if it stands for 5s
WILD_HAND = "123m456p789sEEE5sC"
WILD_RULES = [n for n in playable_rules() if (w := get_rules(n).wildcards) and w.shapes]


@pytest.fixture
def wild_rules() -> str:
    if not WILD_RULES:
        pytest.skip("no rule set with wild tiles registered")
    return WILD_RULES[0]


def test_the_picker_offers_a_wild_tile_only_where_one_is_played(ui: Any, wild_rules: str) -> None:
    ui.tid("rules").select_option("sichuan")
    assert ui.tid("wildcard-field").is_hidden()
    ui.tid("rules").select_option(wild_rules)
    ui.tid("wildcard-field").wait_for(state="visible")
    options = ui.tid("wildcard").locator("option").all()
    values = [o.get_attribute("value") for o in options]
    assert values[0] == "" and len(values) == 35 and "C" in values and "1f" not in values


def test_a_wild_tile_says_what_it_stood_for(ui: Any, wild_rules: str) -> None:
    ui.tid("rules").select_option(wild_rules)
    ui.tid("wildcard").select_option("C")
    ui.paste_hand(WILD_HAND)
    ui.wait_scored()
    note = ui.tid("score-wildcards")
    note.wait_for()
    assert note.get_attribute("data-kind") == "C"
    assert note.get_attribute("data-winning") == "5s"
    assert "the winning tile for" in note.inner_text()
    # the wild copies in the hand are marked
    assert ui.tid("win-tile").locator('[data-testid="wild-badge"]').count() == 1
    # the points the rule set's details give (Jiaxing: 台 + 底台 doubled per 番)
    details = fanshu.score(WILD_HAND, rules=wild_rules, wildcard="C").details
    if isinstance(details.get("points"), int):
        assert ui.tid("score-points").inner_text() == f"Points {details['points']}"
    ui.tid("lang-toggle").click()
    ui.wait_js(
        "() => (document.querySelector('[data-testid=\"score-wildcards\"]') || {})"
        ".innerText?.includes('和牌作')"
    )
    # without the wild tile the same hand is not complete
    ui.tid("wildcard").select_option("")
    ui.wait_scored(state="nowin")
    assert ui.tid("score-wildcards").count() == 0


def test_a_rule_set_without_wildcards_gets_none_sent(ui: Any, wild_rules: str) -> None:
    ui.tid("rules").select_option(wild_rules)
    ui.tid("wildcard").select_option("C")
    ui.tid("rules").select_option("sichuan")
    ui.paste_hand("11123455678999m")
    ui.wait_scored()  # a win: the wildcard was not sent (bad_option)
    assert ui.tid("score-wildcards").count() == 0


def test_the_analysis_sends_the_wild_kind(ui: Any, wild_rules: str) -> None:
    ui.tid("rules").select_option(wild_rules)
    ui.tid("wildcard").select_option("C")
    ui.tab("analysis")
    ui.tid("an-by").select_option("efficiency")
    ui.paste_hand("123m456p789sEEE5s")
    ui.wait_js(
        "() => document.querySelector('[data-testid=\"analysis-body\"]')?.innerText.length > 0"
        " && document.querySelector('[data-testid=\"analysis-body\"]').dataset.state !== 'loading'"
    )
    assert ui.tid("hand-tile").count() == 13


def test_the_play_tab_lists_every_playable_rule_set(ui: Any) -> None:
    ui.tab("play")
    ui.wait_js(
        "(n) => document.querySelectorAll('[data-testid=\"play-rules\"] option').length === n",
        len(playable_rules()),
    )
    values = [o.get_attribute("value") for o in ui.tid("play-rules").locator("option").all()]
    assert values == playable_rules()


def test_the_play_table_marks_the_wild_kind(ui: Any, wild_rules: str) -> None:
    ui.tab("play")
    ui.wait_js(
        "(r) => [...document.querySelectorAll('[data-testid=\"play-rules\"] option')]"
        ".some((o) => o.value === r)",
        wild_rules,
    )
    ui.tid("play-rules").select_option(wild_rules)
    ui.tid("play-seed").fill("3")
    ui.tid("play-start").click()
    ui.page.wait_for_selector(
        f'[data-testid="play-table"][data-rules="{wild_rules}"][data-busy="false"]'
    )
    kind = ui.tid("play-table").get_attribute("data-wildcard")
    assert kind, "the observation names the wild kind"
    assert ui.tid("play-wildcard").get_attribute("data-tile") == kind
    mine = [t.get_attribute("data-tile") for t in ui.page.locator(".my-tile").all()]
    marked = ui.page.locator(".my-tile.wild").count()
    assert marked == mine.count(kind)
