"""The interface's language reaches the server and its errors: the 中文 interface sends
``Accept-Language: zh`` with every API call, and an invalid hand is told in Chinese — the
app's own message (from the catalog, i18n/zh.json) and the server's detail as the server
writes it for a Chinese reader (the same request made here with that header)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

STATIC = Path(__file__).resolve().parents[3] / "src/fanshu/web/static"
ZH = json.loads((STATIC / "i18n/zh.json").read_text(encoding="utf-8"))
EN = json.loads((STATIC / "i18n/en.json").read_text(encoding="utf-8"))
CJK = re.compile(r"[\u4e00-\u9fff]")

#: Honours in a Sichuan hand: the app sends it, the server refuses it (invalid_hand).
SICHUAN_WITH_HONOURS = "123m456p789s111sEE"


def _template(text: str) -> re.Pattern[str]:
    """A catalog message as a pattern: its {0}, {1} … stand for anything."""
    return re.compile(".+".join(re.escape(p) for p in re.split(r"\{\d+\}", text)))


def _chinese(ui: Any) -> None:
    ui.tid("lang-toggle").click()
    ui.page.wait_for_selector('body[data-lang="zh"]')


def _server_says(ui: Any, body: dict[str, Any], language: str) -> dict[str, Any]:
    answer = ui.page.request.post(
        ui.page.url.split("#")[0] + "v1/score",
        data=json.dumps(body),
        headers={"Content-Type": "application/json", "Accept-Language": language},
    )
    result: dict[str, Any] = answer.json()
    return result


def test_every_api_call_says_the_interfaces_language(ui: Any) -> None:
    with ui.page.expect_request(lambda r: "/v1/score" in r.url) as first:
        ui.paste_hand("1112345678999m5m")
    assert first.value.headers["accept-language"] == "en"
    _chinese(ui)
    with ui.page.expect_request(lambda r: "/v1/score" in r.url) as second:
        ui.paste_hand("1112345678999m6m")
    assert second.value.headers["accept-language"].startswith("zh")


def test_an_invalid_hand_is_told_in_chinese(ui: Any) -> None:
    _chinese(ui)
    ui.tid("rules").select_option("sichuan")
    ui.paste_hand(SICHUAN_WITH_HONOURS)
    ui.page.wait_for_selector('[data-testid="score-result"][data-state="error"]')
    shown = ui.tid("score-message").inner_text()
    problem = _server_says(ui, {"hand": SICHUAN_WITH_HONOURS, "rules": "sichuan"}, "zh")
    assert problem["code"] == "invalid_hand"
    # the app's words for the problem, from the catalog, then the server's Chinese detail
    assert shown.startswith(ZH["problem.invalid_hand"]), shown
    assert problem["detail"] in shown
    assert EN["problem.invalid_hand"] not in shown
    assert CJK.search(shown)


def test_not_a_win_is_told_in_chinese(ui: Any) -> None:
    _chinese(ui)
    hand = "123m456p789s11sENN"  # 14 tiles, not complete
    ui.paste_hand(hand)
    ui.page.wait_for_selector('[data-testid="score-result"][data-state="nowin"]')
    shown = ui.tid("score-message").inner_text()
    assert shown.startswith(ZH["result.not_win"].strip()), shown
    answer = _server_says(ui, {"hand": hand}, "zh")
    assert answer["error"]["message"] in shown


def test_a_bad_string_is_told_in_chinese_by_the_app(ui: Any) -> None:
    _chinese(ui)
    ui.tid("hand-string").fill("11111m")
    error = ui.tid("hand-string-error")
    error.wait_for()
    assert _template(ZH["parse.copies"]).fullmatch(error.inner_text()), error.inner_text()
    ui.tid("hand-string").fill("[124m]")
    ui.wait_js(
        "t => document.querySelector('[data-testid=\"hand-string-error\"]').innerText"
        ".startsWith(t)",
        ZH["parse.chow"].split("{0}")[0],
    )
    # the same mistake in the English interface
    ui.tid("lang-toggle").click()
    ui.tid("hand-string").fill("11111m")
    ui.wait_js(
        "t => document.querySelector('[data-testid=\"hand-string-error\"]').innerText"
        ".startsWith(t)",
        EN["parse.copies"].split("{0}")[0],
    )
