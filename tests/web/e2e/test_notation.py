"""The hand field takes any notation the API reads: a text fanshu's own syntax cannot
read goes to ``POST /v1/convert`` and the picker shows what the server read (the notation
it detected, and the hand in fanshu's notation), while the field keeps the text as typed.

Each case is checked against the server itself (the same convert request made here),
not against answers written into the test."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

STATIC = Path(__file__).resolve().parents[3] / "src/fanshu/web/static"
EN = json.loads((STATIC / "i18n/en.json").read_text(encoding="utf-8"))

#: Hands fanshu's own syntax does not read, one per other notation (the issue's examples).
OTHER_NOTATIONS = [
    "123m456p789s11122z",  # mpsz: 1z East, 2z South
    "一万二万三万四万五万六万七万八万九万东东东北北",  # Chinese names
    "🀇🀈🀉🀊🀋🀌🀍🀎🀏🀀🀀🀀🀃🀃",  # Unicode tiles
]


def _convert(ui: Any, hand: str, language: str = "en") -> Any:
    base = ui.page.url.split("#")[0]
    return ui.page.request.post(
        base + "v1/convert",
        data=json.dumps({"hand": hand, "to": "fanshu"}),
        headers={"Content-Type": "application/json", "Accept-Language": language},
    )


def _needs_convert(ui: Any) -> None:
    if _convert(ui, "123m456p789s11s").status == 404:
        pytest.skip("POST /v1/convert is not in this server yet")


@pytest.mark.parametrize("hand", OTHER_NOTATIONS)
def test_another_notation_fills_the_picker(ui: Any, hand: str) -> None:
    _needs_convert(ui)
    answer = _convert(ui, hand)
    assert answer.ok, answer.text()
    read = answer.json()
    ui.paste_hand(hand)
    note = ui.tid("hand-notation")
    note.wait_for()
    assert note.get_attribute("data-notation") == read["from"]
    assert ui.tid("tile-count").inner_text() == "14/14"
    assert ui.tid("hand-string-error").is_hidden()
    # the field keeps what was typed; the score is of the hand the server read
    assert ui.tid("hand-string").input_value() == hand
    ui.wait_js(
        "() => { const r = document.querySelector('[data-testid=\"score-result\"]');"
        " return r.dataset.hand && !['loading', 'idle', 'empty'].includes(r.dataset.state); }"
    )
    shown = ui.tid("score-result").get_attribute("data-hand")
    assert shown in note.inner_text()  # the hand as read, in fanshu's notation
    assert _convert(ui, shown).json()["hand"] == _convert(ui, read["hand"]).json()["hand"]
    # a tile clicked: the picker's hand is fanshu's again and the note goes
    ui.tid("backspace").click()
    assert ui.tid("hand-notation").is_hidden()
    assert ui.tid("hand-string").input_value() != hand


def test_a_hand_no_notation_reads_is_told_by_the_server(ui: Any) -> None:
    _needs_convert(ui)
    ui.tid("lang-toggle").click()  # 中文
    text = "123x456"
    problem = _convert(ui, text, "zh").json()
    assert problem["code"] == "bad_notation"
    ui.tid("hand-string").fill(text)
    error = ui.tid("hand-string-error")
    error.wait_for()
    assert problem["detail"] in error.inner_text()
    assert ui.tid("hand-notation").is_hidden()


def test_without_the_convert_endpoint_fanshus_own_error(ui: Any) -> None:
    ui.page.route(
        "**/v1/convert",
        lambda route: route.fulfill(
            status=404,
            content_type="application/problem+json",
            body='{"title": "Not found", "status": 404, "code": "not_found"}',
        ),
    )
    ui.tid("hand-string").fill("123m456p789s11122z")
    error = ui.tid("hand-string-error")
    error.wait_for()
    assert error.inner_text() == EN["parse.unexpected"].replace("{0}", "z")
