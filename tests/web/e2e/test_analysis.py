"""Analysis in the browser: shanten, waits with the copies left and their scores, and
discard advice, for the hand in the picker (shared with the calculator)."""

from __future__ import annotations

from typing import Any


def _wait_analysed(ui: Any) -> None:
    hand = ui.tid("hand-string").input_value()
    ui.page.wait_for_selector(
        f'[data-testid="analysis-body"][data-hand="{hand}"][data-state="done"]'
    )


def test_waits_of_a_ready_hand_with_counts_and_scores(ui: Any) -> None:
    ui.paste_hand("1112345678999m")  # picked in the calculator, analysed in the other view
    ui.tab("analysis")
    _wait_analysed(ui)
    assert ui.tid("shanten").get_attribute("data-value") == "0"
    waits = ui.tid("wait-row")
    assert [w.get_attribute("data-tile") for w in waits.all()] == [f"{r}m" for r in range(1, 10)]
    two = ui.page.locator('[data-testid="wait-row"][data-tile="2m"]')
    assert two.locator('[data-testid="wait-left"]').inner_text() == "3"
    assert "92" in two.locator('[data-testid="wait-fan"]').inner_text()  # on a discard
    assert "93" in two.locator('[data-testid="wait-fan"]').inner_text()  # self-drawn
    # tiles seen on the table lower the counts: 9m is dead with one more seen
    ui.tid("visible").fill("9m")
    ui.page.wait_for_selector(
        '[data-testid="wait-row"][data-tile="9m"] [data-testid="wait-left"]:text-is("0")'
    )
    nine = ui.page.locator('[data-testid="wait-row"][data-tile="9m"]')
    assert "none left" in nine.inner_text()


def test_discard_advice_for_fourteen_tiles_and_playing_it(ui: Any) -> None:
    ui.tab("analysis")
    ui.paste_hand("123m456p789s135sEN")
    _wait_analysed(ui)
    assert ui.tid("shanten").get_attribute("data-value") == "1"
    rows = ui.tid("discard-row")
    first = rows.first
    assert first.get_attribute("data-tile") in ("E", "N")
    assert "best" in (first.get_attribute("class") or "")
    # playing the advice takes the tile out of the hand
    tile = first.get_attribute("data-tile")
    first.locator("button").click()
    assert ui.tid("tile-count").inner_text() == "13/14"
    assert tile not in ui.tid("hand-string").input_value()
    _wait_analysed(ui)
    assert ui.tid("useful").locator(".tile").count() > 0


def test_analysis_asks_for_13_or_14_tiles(ui: Any) -> None:
    ui.tab("analysis")
    ui.click_tiles("1m 2m 3m")
    body = ui.tid("analysis-body")
    assert "Pick 13 tiles" in body.inner_text()
