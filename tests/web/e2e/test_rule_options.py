"""The rule-set options in the calculator: one row per option of GET /v1/rules/{name},
in both languages; changing one changes the score and the payments exactly as
POST /v1/score and POST /v1/settle answer for that hand with that option; a value the
server refuses, or one that is not a number, is explained where it was typed."""

from __future__ import annotations

import json
from typing import Any
from urllib.request import Request, urlopen

import pytest

MCR_KONGS = "[EEEE][SSSS1]123m456p1s1s"  # 明暗杠: 5 fan, or 6 with the option
SICHUAN_PAIRS = "1122334455667m7m"  # 清七对 under seed000, 清一色 under seed002
TWO_PLAYER = "123m1456p123789s1p"  # 14 fan, over the default cap of 13 (as the picker writes it)


def call(server_url: str, method: str, path: str, body: Any = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    req = Request(server_url + path.lstrip("/"), data=data, method=method)
    req.add_header("Content-Type", "application/json")
    with urlopen(req) as r:
        return json.load(r)


def options_card(ui: Any, rules: str) -> None:
    """Choose the rule set and open its options, once their rows are there."""
    if ui.tid("rules").input_value() != rules:
        ui.tid("rules").select_option(rules)
    ui.page.wait_for_selector(
        f'[data-testid="opt-list"][data-rules="{rules}"] .opt-row', state="attached"
    )
    if ui.tid("rule-options").get_attribute("open") is None:
        ui.page.locator('[data-testid="rule-options"] summary').click()


def scored(ui: Any, hand: str, options: dict[str, Any], state: str = "win") -> Any:
    """The result card once it shows ``hand`` scored with exactly ``options``."""
    sent = json.dumps(options, separators=(",", ":"))
    return ui.page.wait_for_selector(
        f'[data-testid="score-result"][data-hand="{hand}"][data-options=\'{sent}\']'
        f'[data-state="{state}"]'
    )


def shown_fans(ui: Any) -> list[tuple[str, int, int]]:
    return [(name, int(value.split("×")[0]), int(points)) for name, value, points in ui.fan_rows()]


def api_fans(result: dict[str, Any]) -> list[tuple[str, int, int]]:
    return [(f["name"], f["value"], f["value"] * f.get("count", 1)) for f in result["fans"]]


def wait_payments(ui: Any, expected: dict[str, int]) -> None:
    want = {w: f"{v:+d}" if v else "0" for w, v in expected.items()}
    ui.wait_js(
        """want => Object.entries(want).every(([w, v]) => {
             const el = document.querySelector(`[data-testid="payment-${w}"] .amount`);
             return el && el.textContent.trim() === v;
           })""",
        want,
    )


def test_every_rule_set_has_a_row_per_option_of_the_api(ui: Any, server_url: str) -> None:
    for rule_set in call(server_url, "GET", "/v1/rules"):
        name = rule_set["name"]
        options_card(ui, name)
        wanted = [o["name"] for o in call(server_url, "GET", f"/v1/rules/{name}")["options"]]
        rows = ui.page.locator(f'[data-testid="opt-list"][data-rules="{name}"] .opt-row')
        assert [r.get_attribute("data-option") for r in rows.all()] == wanted, name
        # every control starts at the server's default, which it names
        for opt in wanted:
            control = ui.tid(f"opt-{opt}")
            assert control.input_value() == "", (name, opt)
    assert ui.tid("opt-count").inner_text() == "all defaults"


def test_labels_follow_the_language(ui: Any) -> None:
    options_card(ui, "mcr")
    row = ui.page.locator('.opt-row[data-option="blessings"]')
    assert "Non-official fans" in row.inner_text()
    assert "Default (off)" in ui.tid("opt-blessings").inner_text()
    ui.tid("lang-toggle").click()
    assert "非正式番" in row.inner_text()
    assert "默认 (不计)" in ui.tid("opt-blessings").inner_text()
    assert ui.tid("opt-count").inner_text() == "均为默认"


def test_an_mcr_option_changes_the_score_and_payments_as_the_api_says(
    ui: Any, server_url: str
) -> None:
    ui.paste_hand(MCR_KONGS)
    options_card(ui, "mcr")
    default = call(server_url, "POST", "/v1/score", {"hand": MCR_KONGS})
    scored(ui, MCR_KONGS, {})
    assert ui.tid("score-total").inner_text() == str(default["total"]) == "11"

    ui.tid("opt-concealed_and_melded_kong").select_option("6")
    option = {"concealed_and_melded_kong": 6}
    api = call(server_url, "POST", "/v1/score", {"hand": MCR_KONGS, "options": option})
    scored(ui, MCR_KONGS, option)
    assert ui.tid("score-total").inner_text() == str(api["total"]) == "12"
    assert shown_fans(ui) == api_fans(api)
    assert ui.tid("opt-count").inner_text() == "1 changed"
    # the settlement is asked with the option too (the discarder is North by default)
    seats = ["E", "S", "W", "N"]
    settle = {"players": seats, "winner": "E", "discarder": "N", "fan": api["total"]}
    wait_payments(ui, call(server_url, "POST", "/v1/settle", {**settle, "options": option})[
        "payments"
    ])  # fmt: skip

    # kept in local storage, per rule set
    ui.page.reload()
    ui.page.wait_for_selector('body[data-ready="true"]')
    scored(ui, MCR_KONGS, option)
    assert ui.tid("score-total").inner_text() == "12"

    options_card(ui, "mcr")
    ui.tid("opt-reset").click()
    scored(ui, MCR_KONGS, {})
    assert ui.tid("score-total").inner_text() == "11"
    assert ui.tid("opt-concealed_and_melded_kong").input_value() == ""


def test_sichuan_preset_and_base_change_fans_and_payments_as_the_api_says(
    ui: Any, server_url: str
) -> None:
    options_card(ui, "sichuan")
    ui.tid("ctx-self_drawn").check()  # before the hand: no score without it to mistake
    ui.paste_hand(SICHUAN_PAIRS)
    body = {"hand": SICHUAN_PAIRS, "rules": "sichuan", "self_drawn": True}
    settle = {**body, "players": ["E", "S", "W", "N"], "winner": "E", "discarder": None}
    del settle["self_drawn"]
    for options, cap_default in [({}, "none"), ({"preset": "seed002"}, "4")]:
        if options:
            ui.tid("opt-preset").select_option('"seed002"')
        # the defaults that follow the preset say so
        assert f"default {cap_default}" in ui.tid("opt-cap").get_attribute("placeholder")
        api = call(server_url, "POST", "/v1/score", {**body, "options": options})
        scored(ui, SICHUAN_PAIRS, options)
        assert ui.tid("score-total").inner_text() == str(api["total"])
        assert shown_fans(ui) == api_fans(api)
        payment = api["details"]["payment"]
        assert ui.tid("score-payment").inner_text() == f"{payment} from each payer"
        sent = {**settle, "options": options} if options else settle
        wait_payments(ui, call(server_url, "POST", "/v1/settle", sent)["payments"])
    assert [f[0] for f in shown_fans(ui)] == ["清一色"]

    ui.tid("opt-base").fill("2")
    options = {"preset": "seed002", "base": 2}
    api = call(server_url, "POST", "/v1/score", {**body, "options": options})
    scored(ui, SICHUAN_PAIRS, options)
    assert api["details"]["payment"] == 8
    assert ui.tid("score-payment").inner_text() == "8 from each payer"
    paid = call(server_url, "POST", "/v1/settle", {**settle, "options": options})["payments"]
    assert paid["E"] == 24
    wait_payments(ui, paid)


def test_two_player_cap_none_and_a_number(ui: Any, server_url: str) -> None:
    options_card(ui, "two-player")
    ui.paste_hand(TWO_PLAYER)
    body = {"hand": TWO_PLAYER, "rules": "two-player"}
    scored(ui, TWO_PLAYER, {})
    assert call(server_url, "POST", "/v1/score", body)["capped"] == 13
    assert ui.tid("score-capped").inner_text() == "capped: paid as 13 fan"
    ui.tid("opt-cap").fill("none")
    scored(ui, TWO_PLAYER, {"cap": None})
    assert (
        call(server_url, "POST", "/v1/score", {**body, "options": {"cap": None}}).get("capped")
        is None
    )
    assert ui.tid("score-capped").count() == 0
    ui.tid("opt-cap").fill("5")
    scored(ui, TWO_PLAYER, {"cap": 5})
    assert ui.tid("score-capped").inner_text() == "capped: paid as 5 fan"
    assert ui.tid("score-total").inner_text() == "14"


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("2x", "Base points: give a whole number, not “2x”"),
        ("none", "Base points: give a whole number, not “none”"),
        (
            "0",
            "base is a whole number of points, 1 to 1000000, not 0",
        ),  # the server's words (bounded)
    ],
)
def test_a_bad_value_is_explained_at_the_option_and_in_the_score(
    ui: Any, typed: str, message: str
) -> None:
    options_card(ui, "sichuan")
    ui.paste_hand(SICHUAN_PAIRS)
    ui.wait_scored(SICHUAN_PAIRS)
    ui.tid("opt-base").fill(typed)
    error = ui.tid("opt-error-base")
    error.wait_for()
    assert message in error.inner_text()
    ui.page.wait_for_selector('[data-testid="score-result"][data-state="error"]')
    assert ui.tid("score-message").inner_text() == f"Bad rule option: {message}"
    assert ui.tid("score-total").inner_text() == "–"
    # corrected, the error goes and the hand is scored again
    ui.tid("opt-base").fill("3")
    scored(ui, SICHUAN_PAIRS, {"base": 3})
    assert error.is_hidden()


def test_a_kept_option_the_server_no_longer_has_is_dropped(ui: Any) -> None:
    saved = {"hand": MCR_KONGS, "ctx": {"rules": "mcr", "options": {"mcr": {"gone": 1}}}}
    ui.page.evaluate("s => localStorage.setItem('fanshu.state', JSON.stringify(s))", saved)
    ui.page.reload()
    ui.page.wait_for_selector('body[data-ready="true"]')
    scored(ui, MCR_KONGS, {})
    assert ui.tid("score-total").inner_text() == "11"
