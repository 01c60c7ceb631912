"""The calculator on a phone (390×844): no gap under the hand string, and the total in
view with the hand and the palette, before any scrolling.

Measured before the fix (bounding boxes, this test's hand): the grow field's flex-basis
became a 130 px blank under the hand string in the stacked header, and the total sat at
y≈1300, under the win context and the rule options, far below the palette (bottom ≈800).
"""

from __future__ import annotations

from typing import Any

#: A winning hand (MCR, the calculator's default rules).
HAND = "[EEE]123m456p789s11s"


def _box(ui: Any, testid: str) -> dict[str, float]:
    box = ui.tid(testid).bounding_box()
    assert box is not None, f"{testid} is not shown"
    return dict(box)


def _scored(ui: Any) -> None:
    ui.paste_hand(HAND)
    ui.wait_js(
        """() => { const r = document.querySelector('[data-testid="score-result"]');
        return r && r.dataset.hand && !["loading", "idle", "empty"].includes(r.dataset.state); }"""
    )


def test_no_gap_under_the_hand_string(phone_ui: Any) -> None:
    field = _box(phone_ui, "hand-string")
    rules = _box(phone_ui, "rules")
    # the next line is the rules' label (≈1 line, 20 px) and the select
    assert rules["y"] - (field["y"] + field["height"]) < 40, (field, rules)


def test_the_total_is_in_view_with_the_palette(phone_ui: Any) -> None:
    ui = phone_ui
    _scored(ui)
    ui.page.evaluate("window.scrollTo(0, 0)")
    height = ui.page.viewport_size["height"]
    total = _box(ui, "score-total")
    palette = _box(ui, "palette")
    result = _box(ui, "score-result")
    assert total["y"] + total["height"] <= height, f"the total is below the fold: {total}"
    assert result["y"] >= palette["y"] + palette["height"], "the score comes after the palette"
    assert result["y"] - (palette["y"] + palette["height"]) < 60, (palette, result)
    ui.no_horizontal_scroll()


def test_the_win_context_follows_the_score_on_a_phone_only(phone_ui: Any, ui: Any) -> None:
    """On the desktop the score stays in its column under the context (two columns)."""
    phone_result = _box(phone_ui, "score-result")
    phone_context = _box(phone_ui, "context")
    assert phone_result["y"] < phone_context["y"]
    desk_result = _box(ui, "score-result")
    desk_context = _box(ui, "context")
    assert desk_result["y"] > desk_context["y"]
