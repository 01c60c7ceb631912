"""The score sheet people expect: record-by-hand with the whole win context (the labels
follow self-drawn: 杠上开花 / 抢杠和, 妙手回春 / 海底捞月), a mark on a recorded hand that no
longer validates, the history list, export, toasts that close, Chinese messages in the
中文 interface, a tournament table's typed result with its correction and sources."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from urllib.request import Request, urlopen

PLAYERS = ["Ann", "Bo", "Cy", "Di"]
KONG_HAND = "[EEEE]123m456p1789s1s"  # a concealed kong of East winds, as the picker writes it


def _api(server_url: str, method: str, path: str, token: str | None, body: Any = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    req = Request(server_url + path.lstrip("/"), data=data, method=method)
    req.add_header("Content-Type", "application/json")
    if token:
        req.add_header("Authorization", f"Bearer {token}")
    with urlopen(req) as r:
        return json.load(r)


def _new_match(ui: Any) -> str:
    ui.tab("match")
    for i, name in enumerate(PLAYERS):
        ui.tid(f"player-{i}").fill(name)
    ui.tid("match-create").click()
    ui.page.wait_for_selector('[data-testid="match-sheet"] table')
    return str(ui.tid("match-id").inner_text())


def _rows(ui: Any, n: int) -> Any:
    ui.wait_js("n => document.querySelectorAll('[data-testid=\"sheet-row\"]').length === n", n)
    return ui.tid("sheet-row")


def _pick_kong_hand(ui: Any) -> None:
    ui.tid("rec-by-hand").click()
    ui.tid("mode-ckong").click()
    ui.click_tiles("E")
    ui.tid("mode-tile").click()
    ui.click_tiles("1m 2m 3m 4p 5p 6p 7s 8s 9s 1s 1s")
    assert ui.tid("hand-string").input_value() == KONG_HAND


def test_record_by_hand_with_a_kong_replacement_gives_its_fan(ui: Any, server_url: str) -> None:
    match_id = _new_match(ui)
    token = ui.kept_token("match", match_id)
    _pick_kong_hand(ui)
    ui.tid("rec-winner").select_option("Cy")
    # the labels follow how the hand was won
    ui.tid("rec-discarder").select_option("Bo")
    assert "抢杠和" in ui.tid("rec-kong-label").inner_text()
    assert "海底捞月" in ui.tid("rec-wall_last-label").inner_text()
    ui.tid("rec-discarder").select_option("")
    assert "杠上开花" in ui.tid("rec-kong-label").inner_text()
    assert "妙手回春" in ui.tid("rec-wall_last-label").inner_text()
    assert ui.tid("rec-fourth_tile").is_visible()
    ui.tid("rec-kong").check()
    ui.tid("rec-submit").click()
    row = _rows(ui, 1).nth(0)
    assert "杠上开花" in row.inner_text()
    assert not ui.tid("rec-kong").is_checked()  # the flags were of that hand

    # the fan is the hand's with 杠上开花 (8 fan), scored with hand 1's winds
    match = _api(server_url, "GET", f"/v1/matches/{match_id}", token)
    recorded = match["hands"][0]["fan"]
    winds = {"seat_wind": "W", "prevalent_wind": "E"}  # Cy sits West in hand 1
    base = {"hand": KONG_HAND, "self_drawn": True, **winds}
    with_kong = _api(server_url, "POST", "/v1/score", None, {**base, "kong": True})
    without = _api(server_url, "POST", "/v1/score", None, base)
    assert recorded == with_kong["total"] != without["total"]
    assert "杠上开花" in [f["name"] for f in with_kong["fans"]]
    assert f"{recorded} fan" in row.inner_text()


def test_toasts_close_by_their_button_and_by_themselves(ui: Any) -> None:
    _new_match(ui)
    ui.tid("rec-fan").fill("5")
    ui.tid("rec-submit").click()
    toast = ui.tid("toast")
    toast.wait_for()
    ui.tid("toast-close").click()
    toast.wait_for(state="hidden")
    # and without a click: gone after a few seconds
    ui.tid("rec-submit").click()
    toast.wait_for()
    toast.wait_for(state="hidden", timeout=12_000)
    assert ui.tid("sheet-row").count() == 0


def test_the_chinese_interface_says_errors_in_chinese(ui: Any) -> None:
    _new_match(ui)
    ui.tid("lang-toggle").click()
    assert ui.tid("tab-match").inner_text() == "记分"
    # the server's refusal: its code in Chinese, the server's words under it — in Chinese
    # too, since the app asks with Accept-Language: zh
    ui.tid("rec-fan").fill("5")
    ui.tid("rec-submit").click()
    ui.tid("error").wait_for()
    assert ui.tid("error").inner_text() == "记分表不接受这个结果"
    assert "8 番" in ui.tid("error-detail").inner_text()
    ui.tid("toast-close").click()
    # the browser's own checks
    ui.tid("pen-kind").select_option("penalty")
    ui.tid("pen-points").fill("ten")
    ui.tid("pen-submit").click()
    ui.tid("error").wait_for()
    assert ui.tid("error").inner_text() == "扣分要填大于 0 的整数，不能是 “ten”"
    assert ui.tid("error-detail").is_hidden()
    ui.tid("toast-close").click()
    # a sheet this browser has no key for
    ui.page.evaluate("localStorage.removeItem('fanshu.access')")
    ui.page.reload()
    ui.page.wait_for_selector('body[data-ready="true"]')
    ui.tab("match")
    ui.tid("match-id-input").fill("nosuchmatch")
    ui.tid("match-open").click()
    ui.tid("error").wait_for()
    assert ui.tid("error").inner_text().startswith("需要访问链接或登录")
    assert ui.tid("toast-close").get_attribute("aria-label") == "关闭"
    # the browser's reading of a hand string too (five copies: fanshu's own word) …
    ui.tab("calc")
    ui.tid("hand-string").fill("11111m")
    ui.tid("hand-string-error").wait_for()
    assert ui.tid("hand-string-error").inner_text() == "一万 超过四张"
    # … and what no notation reads, as the server (POST /v1/convert) says it in Chinese
    ui.tid("hand-string").fill("123x")
    ui.wait_js(
        "() => document.querySelector('[data-testid=\"hand-string-error\"]').innerText"
        ".startsWith('牌型写法有误：')"
    )


def test_history_lists_every_change_and_export_downloads_the_sheet(ui: Any, tmp_path: Path) -> None:
    match_id = _new_match(ui)
    for fan in (9, 10):
        ui.tid("rec-winner").select_option("Ann")
        ui.tid("rec-discarder").select_option("Bo")
        ui.tid("rec-fan").fill(str(fan))
        ui.tid("rec-submit").click()
    _rows(ui, 2)
    ui.tid("rec-undo").click()
    _rows(ui, 1)
    ui.tid("match-history").locator("summary").click()
    items = ui.tid("match-history").locator('[data-testid="history-item"]')
    ui.wait_js(
        "() => document.querySelectorAll("
        '\'[data-testid="match-history"] [data-testid="history-item"]\').length >= 4'
    )
    # oldest first: created, two wins, the undo (an entry, not a deletion)
    actions = [x.get_attribute("data-action") for x in items.all()]
    assert actions == ["create", "win", "win", "undo"]
    trail = ui.tid("history-list").inner_text()
    assert "token:" in trail
    # the undo says which row it took away, in words
    assert "before #2 Ann wins 10 fan off Bo → after —" in items.nth(3).inner_text()

    with ui.page.expect_download() as got:
        ui.tid("export-json").click()
    path = tmp_path / "m.json"
    got.value.save_as(path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["id"] == match_id
    assert [p["name"] if isinstance(p, dict) else p for p in data["players"]] == PLAYERS
    with ui.page.expect_download() as got_csv:
        ui.tid("export-csv").click()
    assert got_csv.value.suggested_filename == f"{match_id}.csv"


def test_a_recorded_hand_that_no_longer_validates_is_marked(ui: Any) -> None:
    match_id = _new_match(ui)
    _pick_kong_hand(ui)
    ui.tid("rec-winner").select_option("Cy")
    ui.tid("rec-discarder").select_option("")
    ui.tid("rec-submit").click()
    row = _rows(ui, 1).nth(0)
    assert row.get_attribute("data-invalid") is None
    assert ui.tid("row-invalid").count() == 0

    # the server now answers the row with a hand that is no win (as an old file or a
    # changed rule would): the sheet marks it and says why
    def tampered(route: Any) -> None:
        response = route.fetch()
        match = response.json()
        match["hands"][0]["hand"] = "123m456p789s12345s"
        route.fulfill(response=response, json=match)

    ui.page.route(f"**/v1/matches/{match_id}", tampered)
    ui.tid("match-id-input").fill(match_id)
    ui.tid("match-open").click()
    ui.tid("row-invalid").wait_for()
    assert _rows(ui, 1).nth(0).get_attribute("data-invalid") == "true"
    assert "no longer valid" in ui.tid("row-invalid").inner_text()


def test_a_tables_typed_result_its_correction_and_the_sources(ui: Any) -> None:
    ui.tab("match")
    ui.tid("tour-players").fill("\n".join("ABCDEFGH"))
    ui.tid("tour-sessions").fill("1")
    ui.tid("tour-create").click()
    ui.tid("tour-seat").click()
    ui.tid("tour-result").wait_for()
    # table 1 gets a score sheet: its result comes from it, and it leaves the form
    ui.tid("tour-table-1-1").click()
    ui.page.wait_for_selector('[data-testid="match-sheet"] table')
    ui.tid("tour-show").click()
    ui.page.wait_for_selector('[data-testid="table-source"][data-source^="sheet:"]')
    options = ui.tid("tr-table").locator("option")
    assert [o.get_attribute("value") for o in options.all()] == ["1-2"]

    names = [ui.tid(f"tr-name-{i}").inner_text() for i in range(4)]
    scores = [30, 10, -15, -25]
    for i, s in enumerate(scores):
        ui.tid(f"tr-score-{i}").fill(str(s))
    ui.tid("tr-submit").click()
    ui.page.wait_for_selector('[data-testid="table-source"][data-source="typed"]')
    top = ui.page.locator(f'[data-testid="standing-row"][data-player="{names[0]}"]')
    assert top.locator('[data-testid="standing-source"]').get_attribute("data-source") == "typed"
    assert "30" in top.inner_text()

    # a second entry without the correction box is refused and says how
    ui.tid("tr-score-0").fill("40")
    ui.tid("tr-score-3").fill("-35")
    ui.tid("tr-submit").click()
    ui.tid("error").wait_for()
    assert ui.tid("toast").get_attribute("data-code") == "already_recorded"
    ui.tid("toast-close").click()
    ui.tid("tr-correction").check()
    ui.tid("tr-submit").click()
    ui.page.wait_for_selector('[data-testid="table-source"][data-source="corrected"]')
    src = top.locator('[data-testid="standing-source"]')
    assert src.get_attribute("data-source") == "corrected"
    assert "40" in top.inner_text()
    # the tournament's trail has both entries; the correction keeps the scores before
    ui.tid("tour-history").locator("summary").click()
    trail = ui.tid("tour-history-list")
    ui.wait_js(
        "() => !!document.querySelector("
        '\'[data-testid="tour-history-list"] li[data-action="correct_result"]\')'
    )
    actions = [x.get_attribute("data-action") for x in trail.locator("li").all()]
    assert actions[-2:] == ["result", "correct_result"]
    last = trail.locator('li[data-action="correct_result"]')
    assert "result corrected" in last.inner_text()
    assert f'{names[0]}":30' in last.inner_text() and f'{names[0]}":40' in last.inner_text()


def test_a_phone_shows_the_shared_sheet_and_the_standings_without_sideways_scrolling(
    phone_ui: Any,
) -> None:
    ui = phone_ui
    _new_match(ui)
    ui.share_link("view")
    ui.tid("rec-by-hand").click()
    ui.no_horizontal_scroll()
    ui.tid("tour-players").fill("\n".join("ABCDEFGH"))
    ui.tid("tour-sessions").fill("1")
    ui.tid("tour-create").click()
    ui.tid("tour-seat").click()
    ui.tid("tour-result").wait_for()
    ui.tid("tour-table-1-1").click()
    ui.page.wait_for_selector('[data-testid="match-sheet"] table')
    ui.tid("tour-show").click()
    ui.page.wait_for_selector('[data-testid="standing-source"]')
    ui.no_horizontal_scroll()


def test_an_exported_match_imports_as_a_new_sheet(ui: Any, server_url: str, tmp_path: Path) -> None:
    """Import sends the file to ``POST /v1/matches/import``; a server without that route
    gets a message that names the command-line import instead of a bare 404."""
    match_id = _new_match(ui)
    ui.tid("rec-winner").select_option("Ann")
    ui.tid("rec-discarder").select_option("Bo")
    ui.tid("rec-fan").fill("11")
    ui.tid("rec-submit").click()
    first_row = _rows(ui, 1).nth(0).inner_text()
    with ui.page.expect_download() as got:
        ui.tid("export-json").click()
    path = tmp_path / f"{match_id}.json"
    got.value.save_as(path)
    ui.tid("import-file").set_input_files(str(path))
    ui.tid("import-submit").click()
    with urlopen(server_url + "openapi.json") as r:
        has_import = "/v1/matches/import" in json.load(r)["paths"]
    if not has_import:
        ui.tid("error").wait_for()
        assert "fanshu match import" in ui.tid("error").inner_text()
        return
    ui.wait_js(
        "id => document.querySelector('[data-testid=\"match-id\"]').textContent !== id", match_id
    )
    new_id = ui.tid("match-id").inner_text()
    assert new_id != match_id
    assert _rows(ui, 1).nth(0).inner_text() == first_row
    assert ui.kept_token("match", new_id)
    assert ui.tid("match-record").is_visible()
