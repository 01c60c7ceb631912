"""Club mode in the browser (``fanshu serve --accounts``): the log-in form, writes made
with the session cookie and its CSRF token, the account's own matches listed after the
browser forgot its tokens, log-out."""

from __future__ import annotations

from typing import Any

PLAYERS = ["Ann", "Bo", "Cy", "Di"]


def _rows(ui: Any, n: int) -> Any:
    ui.wait_js("n => document.querySelectorAll('[data-testid=\"sheet-row\"]').length === n", n)
    return ui.tid("sheet-row")


def _log_in(ui: Any, name: str, password: str) -> None:
    ui.tid("login-name").fill(name)
    ui.tid("login-password").fill(password)
    ui.tid("login").click()


def test_a_player_logs_in_records_with_the_cookie_and_finds_the_match_again(
    club_ui: Any,
) -> None:
    ui = club_ui
    ui.tab("match")
    assert ui.tid("club").is_visible() and ui.tid("login-form").is_visible()
    # a wrong password is refused, in words
    _log_in(ui, "pat", "not-it")
    ui.tid("error").wait_for()
    assert ui.tid("toast").get_attribute("data-code") == "bad_login"
    assert ui.tid("error").inner_text() == "wrong account name or password"
    ui.tid("toast-close").click()
    _log_in(ui, "pat", "pat-secret-1")
    ui.tid("club-in").wait_for()
    assert ui.tid("club-who").inner_text() == "Logged in: pat (player)"
    assert ui.tid("login-form").is_hidden()

    for i, name in enumerate(PLAYERS):
        ui.tid(f"player-{i}").fill(name)
    ui.tid("match-create").click()
    ui.page.wait_for_selector('[data-testid="match-sheet"] table')
    match_id = ui.tid("match-id").inner_text()

    # the browser forgets its tokens: the cookie (and the CSRF token) still write
    ui.page.evaluate("localStorage.removeItem('fanshu.access')")
    ui.page.reload()
    ui.page.wait_for_selector('body[data-ready="true"]')
    ui.tab("match")
    assert ui.tid("club-who").inner_text() == "Logged in: pat (player)"
    item = ui.page.locator(f'[data-testid="mine-item"][data-id="{match_id}"]')
    item.click()
    ui.page.wait_for_selector('[data-testid="match-sheet"] table')
    sent: list[dict[str, str]] = []
    ui.page.on("request", lambda r: sent.append(r.headers) if r.method == "POST" else None)
    ui.tid("rec-winner").select_option("Ann")
    ui.tid("rec-discarder").select_option("Bo")
    ui.tid("rec-fan").fill("8")
    ui.tid("rec-submit").click()
    _rows(ui, 1)
    writes = [h for h in sent if "x-csrf-token" in h]
    assert writes and all("authorization" not in h for h in writes)

    # log out: the list no longer has the account's match, the form is back
    ui.tid("logout").click()
    ui.tid("login-form").wait_for()
    ui.tid("mine-empty").wait_for()


def test_creating_a_tournament_needs_an_organiser(club_ui: Any) -> None:
    ui = club_ui
    ui.tab("match")
    ui.tid("tour-players").fill("\n".join("ABCDEFGH"))
    ui.tid("tour-create").click()
    ui.tid("error").wait_for()
    assert ui.tid("toast").get_attribute("data-code") == "unauthorized"
    ui.tid("toast-close").click()
    _log_in(ui, "olga", "olga-secret-1")
    ui.tid("club-in").wait_for()
    ui.tid("tour-create").click()
    ui.tid("tour-standings").wait_for()
