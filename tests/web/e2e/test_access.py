"""Owners and share links in the browser: the creator keeps the match's tokens, copies
its view and edit links; another browser that opens the view link sees the sheet and
nothing that changes it (and its token cannot write); the list of my matches finds a
sheet again after a reload; the app runs under a CSP without 'unsafe-inline' and its
checks see a violation."""

from __future__ import annotations

import json
from typing import Any
from urllib.error import HTTPError
from urllib.request import Request, urlopen

PLAYERS = ["Ann", "Bo", "Cy", "Di"]


def _api(server_url: str, method: str, path: str, token: str | None, body: Any = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    req = Request(server_url + path.lstrip("/"), data=data, method=method)
    req.add_header("Content-Type", "application/json")
    if token:
        req.add_header("Authorization", f"Bearer {token}")
    with urlopen(req) as r:
        text = r.read()
    return json.loads(text) if text else None


def _status(server_url: str, method: str, path: str, token: str | None, body: Any = None) -> int:
    try:
        _api(server_url, method, path, token, body)
    except HTTPError as e:
        return e.code
    return 200


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


def _win(ui: Any, winner: str, discarder: str, fan: int) -> None:
    ui.tid("rec-winner").select_option(winner)
    ui.tid("rec-discarder").select_option(discarder)
    ui.tid("rec-fan").fill(str(fan))
    ui.tid("rec-submit").click()


def test_the_view_link_shows_the_sheet_and_nothing_that_changes_it(
    ui: Any, other_ui: Any, server_url: str
) -> None:
    match_id = _new_match(ui)
    _win(ui, "Ann", "Bo", 12)
    _rows(ui, 1)
    assert ui.tid("view-only").is_hidden()
    view_link = ui.share_link("view")
    edit_link = ui.share_link("edit")
    origin = ui.page.evaluate("location.origin")
    assert view_link.startswith(f"{origin}/#/match/{match_id}?key=")
    assert edit_link != view_link
    edit_token = ui.kept_token("match", match_id)
    assert edit_token and edit_token not in view_link

    # another person's browser opens the view link
    viewer = other_ui
    viewer.page.goto(view_link)
    viewer.page.wait_for_selector('body[data-ready="true"]')
    _rows(viewer, 1)
    assert viewer.tid("match-id").inner_text() == match_id
    assert viewer.tid("view-only").is_visible()
    assert "view only" in viewer.tid("view-only").inner_text()
    # no control that changes the sheet: no record form, no undo, no edit link
    assert viewer.tid("match-record").is_hidden()
    for control in ("rec-submit", "rec-draw", "rec-undo", "pen-submit"):
        assert viewer.tid(control).is_hidden(), control
    assert viewer.tid("copy-edit-link").count() == 0
    # it can pass the view link on, and the export reads
    assert viewer.share_link("view") == view_link
    assert viewer.tid("export-json").is_visible()
    # the viewer's token reads but cannot write (403), whatever it tries
    view_token = viewer.kept_token("match", match_id)
    assert view_token and view_token != edit_token
    assert _api(server_url, "GET", f"/v1/matches/{match_id}", view_token)["id"] == match_id
    writes = [
        ("POST", f"/v1/matches/{match_id}/undo", None),
        ("POST", f"/v1/matches/{match_id}/hands", {"draw": True}),
        ("POST", f"/v1/matches/{match_id}/penalties", {"player": "Ann", "points": 5}),
        ("POST", f"/v1/matches/{match_id}/share", {"role": "edit"}),
    ]
    for method, path, body in writes:
        assert _status(server_url, method, path, view_token, body) == 403, path
    # its list of matches has the sheet, view only
    item = viewer.page.locator(f'[data-testid="mine-item"][data-id="{match_id}"]')
    item.wait_for()
    assert item.get_attribute("data-role") == "view"

    # the owner's sheet is as it was and still takes hands
    _win(ui, "Cy", "Di", 8)
    _rows(ui, 2)
    # the owner opening its own view link keeps its edit rights
    ui.page.goto(view_link)
    _rows(ui, 2)
    assert ui.tid("view-only").is_hidden() and ui.tid("match-record").is_visible()


def test_my_matches_find_the_sheet_after_a_reload(ui: Any) -> None:
    match_id = _new_match(ui)
    _win(ui, "Ann", "Bo", 10)
    _rows(ui, 1)
    ui.tid("tour-players").fill("\n".join("ABCDEFGH"))
    ui.tid("tour-create").click()
    ui.tid("tour-standings").wait_for()
    tour_id = ui.tid("tour-id").input_value()
    # a reload that does not reopen the last sheet by itself
    ui.page.evaluate("localStorage.removeItem('fanshu.match')")
    ui.page.reload()
    ui.page.wait_for_selector('body[data-ready="true"]')
    ui.tab("match")
    assert ui.tid("match-sheet-card").is_hidden()
    mine = ui.page.locator(f'[data-testid="mine-item"][data-id="{match_id}"]')
    assert mine.get_attribute("data-kind") == "match"
    assert mine.get_attribute("data-role") == "edit"
    assert "Ann · Bo · Cy · Di" in mine.inner_text()
    tour = ui.page.locator(f'[data-testid="mine-item"][data-id="{tour_id}"]')
    assert tour.get_attribute("data-kind") == "tournament"
    mine.click()
    _rows(ui, 1)
    assert ui.tid("match-id").inner_text() == match_id
    assert ui.tid("match-record").is_visible()
    tour.click()
    ui.tid("tour-standings").wait_for()


def test_a_browser_without_tokens_lists_nothing(ui: Any) -> None:
    ui.tab("match")
    ui.tid("mine-empty").wait_for()
    assert ui.tid("mine-item").count() == 0
    # a server without --accounts offers no log-in
    assert ui.tid("club").is_hidden()


def test_every_write_sends_json_and_the_token(ui: Any) -> None:
    """The server refuses a write that is not JSON (415) or has no token (401): the app's
    requests carry both, body or not (undo)."""
    match_id = _new_match(ui)
    seen: list[tuple[str, str, dict[str, str]]] = []
    ui.page.on(
        "request",
        lambda r: seen.append((r.method, r.url, r.headers)) if "/v1/matches" in r.url else None,
    )
    _win(ui, "Ann", "Bo", 9)
    _rows(ui, 1)
    ui.tid("rec-undo").click()
    _rows(ui, 0)
    token = ui.kept_token("match", match_id)
    writes = [(m, u, h) for m, u, h in seen if m != "GET"]
    assert {u.rsplit("/", 1)[1] for _, u, _ in writes} >= {"hands", "undo"}
    for _, url, headers in writes:
        assert headers.get("content-type") == "application/json", url
        assert headers.get("authorization") == f"Bearer {token}", url
    for method, url, headers in seen:
        if method == "GET" and f"/v1/matches/{match_id}" in url:
            assert headers.get("authorization") == f"Bearer {token}", url


def test_the_csp_checks_see_an_inline_style(ui: Any, page_problems: Any) -> None:
    """The server's policy has no 'unsafe-inline' nor 'unsafe-eval', the app runs under it
    without a violation, and the checks of every test (console errors) see one: an inline
    style attribute is refused."""
    policy = ui.page.request.get(ui.page.url.split("#")[0]).headers["content-security-policy"]
    assert "script-src 'self'" in policy and "style-src 'self'" in policy
    assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
    assert not page_problems.console
    ui.page.evaluate(
        """() => { const d = document.createElement("div");
                   d.innerHTML = '<span style="color: red">x</span>';
                   document.body.append(d); }"""
    )
    for _ in range(100):  # the browser's own message, then the listener's
        if any("CSP violation" in m for m in page_problems.console):
            break
        ui.page.wait_for_timeout(20)
    assert any("CSP violation: style-src" in m for m in page_problems.console), (
        page_problems.console
    )
    page_problems.console.clear()  # the violation was this test's own


def test_the_undo_of_a_viewer_is_refused_by_the_server(ui: Any, other_ui: Any) -> None:
    """Even if a viewer's page showed the undo button (by a script), the server refuses
    it and the toast says why in words."""
    _new_match(ui)
    _win(ui, "Ann", "Bo", 12)
    _rows(ui, 1)
    link = ui.share_link("view")
    viewer = other_ui
    viewer.page.goto(link)
    viewer.page.wait_for_selector('body[data-ready="true"]')
    _rows(viewer, 1)
    viewer.page.evaluate(
        "() => { document.querySelector('[data-testid=\"match-record\"]').hidden = false; }"
    )
    viewer.tid("rec-undo").click()
    viewer.tid("error").wait_for()
    assert viewer.tid("toast").get_attribute("data-code") == "forbidden"
    assert viewer.tid("sheet-row").count() == 1


def test_a_tournament_view_link_reads_standings_and_sheets_only(
    ui: Any, other_ui: Any, server_url: str
) -> None:
    ui.tab("match")
    ui.tid("tour-players").fill("\n".join("ABCDEFGHIJKL"))
    ui.tid("tour-sessions").fill("1")
    ui.tid("tour-create").click()
    ui.tid("tour-seat").click()
    ui.tid("tour-table-1-1").wait_for()
    tour_id = ui.tid("tour-id").input_value()
    # the organiser opens table 1's sheet (with the tournament's token) and records a hand
    ui.tid("tour-table-1-1").click()
    ui.page.wait_for_selector('[data-testid="match-sheet"] table')
    table_match = ui.tid("match-id").inner_text()
    first = ui.tid("sheet-player-0").inner_text()
    second = ui.tid("sheet-player-1").inner_text()
    _win(ui, first, second, 8)
    _rows(ui, 1)
    # table 2 gets a link of its own: an edit token on its sheet only
    ui.tid("tour-table-link-1-2").click()
    ui.wait_js(
        "() => (document.querySelector('[data-testid=\"tour-share-link\"]').value || '')"
        ".includes('/#/match/')"
    )
    table_link = ui.tid("tour-share-link").input_value()
    table_token = table_link.split("key=", 1)[1]
    assert _status(server_url, "GET", f"/v1/tournaments/{tour_id}", table_token) == 403
    view_link = ui.share_link("view", "tour-")
    assert f"/#/tournament/{tour_id}?key=" in view_link

    viewer = other_ui
    viewer.page.goto(view_link)
    viewer.page.wait_for_selector('body[data-ready="true"]')
    viewer.tid("tour-standings").wait_for()
    assert viewer.tid("tour-view-only").is_visible()
    for control in ("tour-seat", "tour-result", "tour-table-link-1-1", "tour-copy-edit-link"):
        assert viewer.tid(control).count() == 0, control
    # a sheet there is can be read (table 2's was opened by its link); a table without
    # one offers nothing to press
    assert viewer.tid("tour-table-1-2").count() == 1
    assert viewer.tid("tour-table-1-3").count() == 0
    viewer.tid("tour-table-1-1").click()
    _rows(viewer, 1)
    assert viewer.tid("match-id").inner_text() == table_match
    assert viewer.tid("view-only").is_visible() and viewer.tid("match-record").is_hidden()
