"""The score sheet in the browser: a match created, hands recorded by fan total and by
the hand picked in the calculator, a draw, false wins and penalties, undo, the running
sheet; a tournament seated with its standings.  The browser that creates a match keeps
its edit token and sends it (the server refuses writes without one)."""

from __future__ import annotations

import json
from typing import Any
from urllib.error import HTTPError
from urllib.request import Request, urlopen

import pytest

PLAYERS = ["Ann", "Bo", "Cy", "Di"]


def _new_match(ui: Any) -> None:
    ui.tab("match")
    for i, name in enumerate(PLAYERS):
        ui.tid(f"player-{i}").fill(name)
    ui.tid("match-create").click()
    ui.page.wait_for_selector('[data-testid="match-sheet"] table')


def _rows(ui: Any, n: int) -> Any:
    ui.wait_js("n => document.querySelectorAll('[data-testid=\"sheet-row\"]').length === n", n)
    return ui.tid("sheet-row")


def _totals(ui: Any) -> list[str]:
    return [ui.tid(f"total-{i}").inner_text() for i in range(4)]


def test_record_hands_and_see_the_sheet_update(ui: Any) -> None:
    _new_match(ui)
    assert [ui.tid(f"sheet-player-{i}").inner_text() for i in range(4)] == PLAYERS
    assert ui.tid("record-hand-no").inner_text() == "1"
    assert _totals(ui) == ["0", "0", "0", "0"]

    # hand 1 by fan total: Ann wins 12 fan off Bo
    ui.tid("rec-winner").select_option("Ann")
    ui.tid("rec-discarder").select_option("Bo")
    ui.tid("rec-fan").fill("12")
    ui.tid("rec-submit").click()
    rows = _rows(ui, 1)
    assert "12" in rows.nth(0).inner_text()
    assert _totals(ui) == ["36", "-20", "-8", "-8"]
    assert ui.tid("record-hand-no").inner_text() == "2"

    # hand 2 by the hand picked in the sheet view: Cy self-drawn, scored by the server
    # with hand 2's winds
    ui.tid("rec-by-hand").click()
    picker = ui.page.locator('[data-testid="match-record"] [data-testid="picker"]')
    assert picker.is_visible()
    ui.tid("mode-ckong").click()
    ui.click_tiles("E")
    ui.tid("mode-tile").click()
    ui.click_tiles("1m 2m 3m 4p 5p 6p 7s 8s 9s 1s 1s")
    assert ui.tid("hand-string").input_value() == "[EEEE]123m456p1789s1s"
    ui.tid("rec-winner").select_option("Cy")
    ui.tid("rec-discarder").select_option("")
    ui.tid("rec-submit").click()
    rows = _rows(ui, 2)
    assert rows.nth(1).locator(".row-hand .tile").count() == 15
    totals = [int(x) for x in _totals(ui)]
    assert sum(totals) == 0 and totals[2] > 0

    # hand 3 drawn, then undone
    ui.tid("rec-draw").click()
    rows = _rows(ui, 3)
    assert rows.nth(2).get_attribute("data-kind") == "draw"
    ui.tid("rec-undo").click()
    _rows(ui, 2)
    assert ui.tid("record-hand-no").inner_text() == "3"

    # the match is in the database: a browser that kept nothing cannot open it by its id
    # alone, its edit link reopens it
    match_id = ui.tid("match-id").inner_text()
    edit_link = ui.share_link("edit")
    assert edit_link.startswith(ui.page.evaluate("location.origin") + f"/#/match/{match_id}?key=")
    ui.page.evaluate("localStorage.clear()")
    ui.page.reload()
    ui.page.wait_for_selector('body[data-ready="true"]')
    ui.tab("match")
    ui.tid("match-id-input").fill(match_id)
    ui.tid("match-open").click()
    ui.tid("error").wait_for()
    assert ui.tid("toast").get_attribute("data-code") == "unauthorized"
    assert ui.tid("sheet-row").count() == 0
    ui.tid("toast-close").click()
    ui.page.goto(edit_link)
    _rows(ui, 2)
    assert [int(x) for x in _totals(ui)] == totals
    assert "key=" not in ui.page.url  # the key is kept, not left in the address bar
    assert ui.tid("match-record").is_visible()


def _api_totals(server_url: str, match_id: str, token: str | None) -> list[int]:
    req = Request(f"{server_url}v1/matches/{match_id}")
    req.add_header("Authorization", f"Bearer {token}")
    with urlopen(req) as r:
        match = json.load(r)
    return [match["totals"][p] for p in PLAYERS]


def _ints(ui: Any) -> list[int]:
    return [int(x) for x in _totals(ui)]


def test_false_wins_and_a_penalty_in_the_sheet_and_undone(ui: Any, server_url: str) -> None:
    _new_match(ui)
    match_id = ui.tid("match-id").inner_text()
    token = ui.kept_token("match", match_id)
    assert token
    # the sheet is not readable without the token
    with pytest.raises(HTTPError) as refused:
        urlopen(f"{server_url}v1/matches/{match_id}")
    assert refused.value.code == 401
    ui.tid("rec-winner").select_option("Ann")
    ui.tid("rec-discarder").select_option("Bo")
    ui.tid("rec-fan").fill("12")
    ui.tid("rec-submit").click()
    _rows(ui, 1)
    assert _ints(ui) == [36, -20, -8, -8]
    assert "during hand 2" in ui.tid("pen-hint").inner_text()

    # 错和: Cy claims a win under 8 fan and pays each other player 10
    assert ui.tid("pen-points").is_hidden()
    ui.tid("pen-player").select_option("Cy")
    ui.tid("pen-kind").select_option("under_minimum")
    ui.tid("pen-submit").click()
    row = _rows(ui, 2).nth(1)
    assert row.get_attribute("data-kind") == "false_win"
    assert "Cy false win (under 8 fan)" in row.inner_text()
    assert _ints(ui) == _api_totals(server_url, match_id, token) == [46, -10, -38, 2]

    # 诈和: Bo's hand is not complete, 20 to each
    ui.tid("pen-player").select_option("Bo")
    ui.tid("pen-kind").select_option("not_complete")
    ui.tid("pen-submit").click()
    row = _rows(ui, 3).nth(2)
    assert "Bo false win (not complete)" in row.inner_text()
    assert _ints(ui) == _api_totals(server_url, match_id, token) == [66, -70, -18, 22]

    # a referee's penalty: points deducted from Di, paid to nobody, with its reason
    ui.tid("pen-player").select_option("Di")
    ui.tid("pen-kind").select_option("penalty")
    assert ui.tid("pen-points").is_visible()
    ui.tid("pen-points").fill("5")
    ui.tid("pen-reason").fill("slow play")
    ui.tid("pen-submit").click()
    row = _rows(ui, 4).nth(3)
    assert row.get_attribute("data-kind") == "penalty"
    assert "Di penalty, 5 points: slow play" in row.inner_text()
    assert _ints(ui) == _api_totals(server_url, match_id, token) == [66, -70, -18, 17]
    # none of them is a hand: the next hand is still 2
    assert ui.tid("record-hand-no").inner_text() == "2"

    # points that are not a whole number above 0 are refused before anything is sent
    for bad in ("0", "2.5", "ten"):
        ui.tid("pen-points").fill(bad)
        ui.tid("pen-submit").click()
        error = ui.tid("error")
        error.wait_for()
        assert f"Points: give a whole number above 0, not “{bad}”" == error.inner_text()
        error.click()  # dismissed
    assert ui.tid("sheet-row").count() == 4

    # Undo last row takes back the penalty, then the 诈和
    ui.tid("rec-undo").click()
    _rows(ui, 3)
    assert _ints(ui) == _api_totals(server_url, match_id, token) == [66, -70, -18, 22]
    ui.tid("rec-undo").click()
    _rows(ui, 2)
    assert _ints(ui) == _api_totals(server_url, match_id, token) == [46, -10, -38, 2]

    # the server's refusal is shown as it words it (a player the list does not offer)
    ui.tid("pen-kind").select_option("under_minimum")
    ui.page.evaluate(
        """() => { const s = document.querySelector('[data-testid="pen-player"]');
                   s.add(new Option("Zed", "Zed")); s.value = "Zed"; }"""
    )
    ui.tid("pen-submit").click()
    error = ui.tid("error")
    error.wait_for()
    assert "unknown offender 'Zed'" in error.inner_text()
    assert ui.tid("sheet-row").count() == 2


def test_a_win_under_eight_fan_is_refused_with_the_servers_reason(ui: Any) -> None:
    _new_match(ui)
    ui.tid("rec-fan").fill("5")
    ui.tid("rec-submit").click()
    error = ui.tid("error")
    error.wait_for()
    assert "8 fan" in error.inner_text()
    assert ui.tid("sheet-row").count() == 0


def test_tournament_seating_and_standings(ui: Any) -> None:
    ui.tab("match")
    ui.tid("tour-players").fill("\n".join("ABCDEFGH"))
    ui.tid("tour-sessions").fill("2")
    ui.tid("tour-create").click()
    ui.tid("tour-standings").wait_for()
    assert ui.tid("standing-row").count() == 8
    ui.tid("tour-seat").click()
    ui.wait_js("() => document.querySelectorAll('[data-testid=\"tour-session\"]').length === 2")
    # a table's score sheet opens in the sheet view
    ui.tid("tour-table-1-1").click()
    ui.page.wait_for_selector('[data-testid="match-sheet"] table')
    names = [ui.tid(f"sheet-player-{i}").inner_text() for i in range(4)]
    assert len(set(names)) == 4 and set(names) <= set("ABCDEFGH")
