"""The calculator in the browser: tiles picked by clicking, melds, the winning tile, the
win context, the fan table with its tiles, excluded fans, the settlement, the hand
string both ways, the language switch and a phone-sized screen."""

from __future__ import annotations

from typing import Any

NINE_GATES_CLICKS = "1m 1m 1m 2m 3m 4m 5m 6m 7m 8m 9m 9m 9m 5m"
NINE_GATES = "1112345678999m5m"


def test_nine_gates_built_by_clicking_scores_88(ui: Any) -> None:
    ui.click_tiles(NINE_GATES_CLICKS)
    assert ui.tid("tile-count").inner_text() == "14/14"
    assert ui.tid("hand-string").input_value() == NINE_GATES
    # the 14th tile is the winning tile, set apart
    assert ui.tid("win-tile").get_attribute("data-tile") == "5m"
    ui.wait_scored(NINE_GATES)
    row = ui.page.locator('[data-testid="fan-row"][data-fan="九莲宝灯"]')
    assert row.locator('[data-testid="fan-value"]').inner_text() == "88"
    assert "Nine Gates" in row.inner_text()
    # the tiles that form it are drawn in its row
    assert row.locator(".fan-tiles .tile").count() == 14
    assert ui.tid("score-total").inner_text() == "91"
    # the palette is full: no fifth tile can be added
    assert ui.tid("palette-1m").is_disabled()


def test_pasted_hand_string_fills_the_picker_and_gives_the_same_table(ui: Any) -> None:
    ui.click_tiles(NINE_GATES_CLICKS)
    ui.wait_scored(NINE_GATES)
    clicked = ui.fan_rows()
    ui.tid("clear").click()
    assert ui.tid("tile-count").inner_text() == "0/14"
    ui.paste_hand(NINE_GATES)
    ui.wait_scored(NINE_GATES)
    assert ui.fan_rows() == clicked
    assert ui.tid("hand-tile").count() == 13
    assert ui.tid("win-tile").get_attribute("data-tile") == "5m"


def test_melds_context_and_winds(ui: Any) -> None:
    # a concealed kong of East by clicking, then the rest
    ui.tid("mode-ckong").click()
    ui.click_tiles("E")
    ui.tid("mode-tile").click()
    ui.click_tiles("1m 2m 3m 4p 5p 6p 7s 8s 9s 1s 1s")
    hand = "[EEEE]123m456p1789s1s"
    assert ui.tid("hand-meld").get_attribute("data-meld") == "[EEEE]"
    assert ui.tid("hand-string").input_value() == hand
    ui.wait_scored(hand)
    assert [r[0] for r in ui.fan_rows()] == ["花龙", "圈风刻", "门风刻", "门前清", "暗杠", "单钓将"]
    assert ui.tid("score-total").inner_text() == "17"
    ui.tid("ctx-self_drawn").check()
    ui.tid("seat-wind-S").click()
    ui.page.wait_for_selector('[data-testid="fan-row"][data-fan="不求人"]')
    assert ui.tid("score-total").inner_text() == "17"
    names = [r[0] for r in ui.fan_rows()]
    assert names == ["花龙", "不求人", "圈风刻", "暗杠", "单钓将"]
    # 花龙's row shows its three chows
    dragon = ui.page.locator('[data-testid="fan-row"][data-fan="花龙"] .fan-tiles .tile')
    assert [t.get_attribute("data-tile") for t in dragon.all()] == [
        "1m", "2m", "3m", "7s", "8s", "9s", "4p", "5p", "6p",
    ]  # fmt: skip
    # excluded fans on request
    assert ui.tid("excluded").is_hidden()
    ui.tid("toggle-excluded").check()
    excluded = ui.tid("excluded-fan").all_inner_texts()
    assert any("Self-Drawn" in x and "Fully Concealed Hand" in x for x in excluded)
    # the settlement: self-drawn, each of the three pays 8 + 17
    assert ui.tid("payment-S").inner_text().split() == ["South", "+75"]
    assert ui.tid("payment-E").inner_text().split() == ["East", "-25"]
    # a pung by clicking: [WWW] and the meld is removed by tapping it
    ui.tid("hand-meld").click()
    assert ui.tid("hand-meld").count() == 0
    ui.tid("mode-pung").click()
    ui.click_tiles("W")
    assert ui.tid("hand-meld").get_attribute("data-meld") == "[WWW]"


def test_settlement_on_a_discard_and_flowers(ui: Any) -> None:
    ui.paste_hand("123m456p789s11sEEE")  # wins on E: 花龙 … on a discard
    assert ui.tid("hand-string").input_value() == "123m456p11789sEEE"  # as fanshu writes it
    ui.wait_scored()
    base = int(ui.tid("score-total").inner_text())
    ui.tid("flowers-plus").click()
    ui.tid("flowers-plus").click()
    # the first click's answer may show 花牌 ×1 before the second's arrives: wait for the total
    ui.wait_js(
        "t => document.querySelector('[data-testid=\"score-total\"]')?.textContent.trim() === t",
        str(base + 2),
    )
    ui.page.wait_for_selector('[data-testid="fan-row"][data-fan="花牌"]')
    assert int(ui.tid("score-total").inner_text()) == base + 2
    ui.tid("settle-from").select_option("N")
    total = base + 2
    ui.wait_js(
        "t => document.querySelector('[data-testid=\"payment-N\"] .amount')?.textContent === t",
        f"-{8 + total}",
    )
    assert ui.tid("payment-E").locator(".amount").inner_text() == f"+{8 + total + 16}"
    assert ui.tid("payment-S").locator(".amount").inner_text() == "-8"


def test_not_a_win_and_a_bad_string(ui: Any) -> None:
    ui.paste_hand("123m456p789s11sENN")  # 14 tiles, East alone: not complete
    ui.page.wait_for_selector('[data-testid="score-result"][data-state="nowin"]')
    assert "Not a winning hand" in ui.tid("score-message").inner_text()
    ui.tid("hand-string").fill("[124m]")
    error = ui.tid("hand-string-error")
    error.wait_for()
    assert "chow" in error.inner_text()


def test_rule_sets(ui: Any) -> None:
    ui.tid("rules").select_option("sichuan")
    # no honours in a Sichuan set
    assert ui.tid("palette-E").is_hidden()
    ui.paste_hand("11123455678999m")
    ui.page.wait_for_selector('[data-testid="fan-row"][data-fan="清一色"]')
    ui.tid("ctx-self_drawn").check()
    # the hand was scored before self-drawn was ticked (×4): wait for the new score
    ui.wait_js("document.querySelector('[data-testid=\"score-message\"]').innerText.includes('×8')")
    assert ui.tid("payment-E").locator(".amount").inner_text() == "+24"


def test_the_language_switch_changes_labels(ui: Any) -> None:
    ui.paste_hand(NINE_GATES)
    ui.wait_scored(NINE_GATES)
    assert ui.tid("tab-calc").inner_text() == "Calculator"
    row = ui.page.locator('[data-testid="fan-row"][data-fan="九莲宝灯"] .fan-name .primary')
    assert row.inner_text() == "Nine Gates"
    ui.tid("lang-toggle").click()
    assert ui.tid("tab-calc").inner_text() == "算番"
    assert ui.tid("tab-play").inner_text() == "对局"
    assert ui.tid("mode-pung").inner_text() == "碰"
    assert row.inner_text() == "九莲宝灯"
    assert ui.page.locator("html").get_attribute("lang") == "zh"
    # the choice is kept
    ui.page.reload()
    ui.page.wait_for_selector('body[data-ready="true"]')
    assert ui.tid("tab-calc").inner_text() == "算番"
    ui.tid("lang-toggle").click()
    assert ui.tid("tab-calc").inner_text() == "Calculator"


def test_a_phone_shows_the_palette_and_the_fan_table_without_sideways_scrolling(
    phone_ui: Any,
) -> None:
    ui = phone_ui
    page = ui.page
    ui.no_horizontal_scroll()
    width = page.viewport_size["width"]
    for code in ("1m", "9m", "9s", "P"):
        box = ui.tid(f"palette-{code}").bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width, code
        assert box["width"] >= 28, "palette tiles are large enough to read and tap"
    ui.click_tiles(NINE_GATES_CLICKS)
    ui.wait_scored(NINE_GATES)
    table = ui.tid("fan-table")
    table.scroll_into_view_if_needed()
    box = table.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
    assert page.locator('[data-testid="fan-row"][data-fan="九莲宝灯"]').is_visible()
    ui.no_horizontal_scroll()
    # the other views fit too
    for tab in ("analysis", "match", "play"):
        ui.tab(tab)
        ui.no_horizontal_scroll()
