"""Play in the browser: hands against the built-in bots, played to their end by clicking
the player's tiles and the claim buttons, and the end-of-hand scoring with its fan
table."""

from __future__ import annotations

import json
from typing import Any

import pytest

MAX_DECISIONS = 300
CLAIMS = ("win", "kong", "pung", "chow")


def _start(ui: Any, rules: str, seed: int) -> None:
    ui.tab("play")
    ui.tid("play-rules").select_option(rules)
    ui.tid("play-seed").fill(str(seed))
    ui.tid("play-start").click()
    ui.page.wait_for_selector(
        f'[data-testid="play-table"][data-rules="{rules}"][data-busy="false"]'
    )


def _actions(ui: Any) -> list[str]:
    buttons = ui.page.locator('[data-testid="actions"] button[data-action]')
    return [b.get_attribute("data-action") or "" for b in buttons.all()]


def _play_to_the_end(ui: Any, *, take_claims: bool) -> list[list[str]]:
    """Play the human seat until the hand is over: win when offered, take claims when
    ``take_claims`` (else pass), discard the drawn tile (else the first one allowed).
    Returns the claim buttons offered along the way."""
    page = ui.page
    table = ui.tid("play-table")
    offered: list[list[str]] = []
    for _ in range(MAX_DECISIONS):
        page.wait_for_selector('[data-testid="play-table"][data-busy="false"]')
        if table.get_attribute("data-done") == "true":
            return offered
        acts = _actions(ui)
        claims = [a for a in acts if a.split()[0] in CLAIMS]
        if claims:
            offered.append(acts)
        if "win" in acts:
            ui.tid("act-win").click()
        elif claims and take_claims:
            page.locator(f'[data-testid="actions"] button[data-action="{claims[0]}"]').click()
        elif page.locator('[data-testid="my-drawn"].playable').count():
            ui.tid("my-drawn").click()
        elif page.locator('[data-testid="my-tile"].playable').count():
            page.locator('[data-testid="my-tile"].playable').first.click()
        elif "pass" in acts:
            ui.tid("act-pass").click()
        elif acts:
            page.locator('[data-testid="actions"] button[data-action]').first.click()
        else:
            raise AssertionError(f"nothing to do in phase {table.get_attribute('data-phase')}")
    raise AssertionError(f"the hand did not end after {MAX_DECISIONS} decisions")


def _check_result(ui: Any, seats: int) -> None:
    result = ui.tid("play-result")
    result.wait_for()
    scores = [
        int(x.inner_text().replace("+", ""))
        for x in ui.page.locator('[data-testid="play-scores"] .amount').all()
    ]
    assert len(scores) == seats and sum(scores) == 0
    for win in ui.tid("play-win").all():
        rows = win.locator('[data-testid="fan-row"]')
        assert rows.count() > 0, "a win shows its fan table"
        points = sum(int(x) for x in win.locator('[data-testid="fan-points"]').all_inner_texts())
        total = int(win.locator('[data-testid="play-win-total"]').inner_text().split()[0])
        assert points == total
        # the winning hand is drawn with tiles
        assert win.locator(".win-hand .tile").count() >= 14
    if not ui.tid("play-win").count():
        ui.tid("play-drawn").wait_for()


def test_a_two_player_game_to_its_end_against_a_bot(ui: Any) -> None:
    _start(ui, "two-player", seed=1)
    assert ui.page.locator('[data-testid="play-table"] .seat').count() == 2
    # the player's tiles are clickable: 14 on the dealer's first turn, the drawn one apart
    assert ui.page.locator('[data-testid="my-hand"] .my-tile.playable').count() == 14
    assert ui.tid("my-drawn").count() == 1
    first = ui.tid("my-drawn").get_attribute("data-tile")
    ui.tid("my-drawn").click()
    ui.page.wait_for_selector('[data-testid="play-table"][data-busy="false"]')
    # the tile went to the river, or the bot claimed it into a meld
    river = [t.get_attribute("data-tile") for t in ui.tid("discards-0").locator(".tile").all()]
    melds = [
        t.get_attribute("data-tile") for t in ui.tid("seat-1").locator(".meld-shown .tile").all()
    ]
    assert first in river + melds
    _play_to_the_end(ui, take_claims=False)
    _check_result(ui, seats=2)
    # and another hand from the result
    ui.tid("play-again").click()
    ui.wait_js("() => !document.querySelector('[data-testid=\"play-result\"]')")


def test_an_mcr_game_with_claims_offered_as_buttons(ui: Any) -> None:
    seen: list[list[str]] = []
    for seed in (1, 2, 3):
        _start(ui, "mcr", seed=seed)
        assert ui.page.locator('[data-testid="play-table"] .seat').count() == 4
        seen += _play_to_the_end(ui, take_claims=True)
        _check_result(ui, seats=4)
        if seen:
            break
    assert seen, "no claim was offered in three MCR hands"
    assert all("pass" in acts or "win" in acts for acts in seen)


# --------------------------------------------------------------- a game kept over a reload

GAME_KEY = "fanshu.game"


def _one_move(ui: Any) -> None:
    """One decision of the human seat, as _play_to_the_end makes it (without claims)."""
    page = ui.page
    acts = _actions(ui)
    if "win" in acts:
        ui.tid("act-win").click()
    elif page.locator('[data-testid="my-drawn"].playable').count():
        ui.tid("my-drawn").click()
    elif page.locator('[data-testid="my-tile"].playable').count():
        page.locator('[data-testid="my-tile"].playable').first.click()
    elif "pass" in acts:
        ui.tid("act-pass").click()
    else:
        page.locator('[data-testid="actions"] button[data-action]').first.click()
    page.wait_for_selector('[data-testid="play-table"][data-busy="false"]')


def _table_now(ui: Any, seats: int) -> dict[str, Any]:
    """What the player sees of the game: own tiles, the drawn one, the phase, every
    river, the scores, the buttons, the prompt."""
    page = ui.page
    table = ui.tid("play-table")
    hand = page.locator('[data-testid="my-hand"] [data-testid="my-tile"]')
    drawn = ui.tid("my-drawn")
    return {
        "game": table.get_attribute("data-game"),
        "phase": table.get_attribute("data-phase"),
        "done": table.get_attribute("data-done"),
        "hand": [t.get_attribute("data-tile") for t in hand.all()],
        "playable": [t.get_attribute("data-tile") for t in hand.all() if t.is_enabled()],
        "drawn": drawn.get_attribute("data-tile") if drawn.count() else None,
        "rivers": [
            [t.get_attribute("data-tile") for t in ui.tid(f"discards-{q}").locator(".tile").all()]
            for q in range(seats)
        ],
        "scores": [ui.tid(f"seat-score-{q}").inner_text() for q in range(seats)],
        "actions": _actions(ui),
        "status": ui.tid("play-status").inner_text(),
        "wall": ui.tid("play-center").locator(".wall").inner_text(),
    }


def _reload(ui: Any) -> None:
    ui.page.reload()
    ui.page.wait_for_selector('body[data-ready="true"]')
    ui.tab("play")


def test_a_game_is_picked_up_again_after_a_reload(ui: Any) -> None:
    page = ui.page
    _start(ui, "two-player", seed=7)
    game = ui.tid("play-table").get_attribute("data-game")
    assert game and page.evaluate(f"localStorage.getItem('{GAME_KEY}')") == game
    assert ui.tid("play-abandon").is_visible()
    _one_move(ui)
    _one_move(ui)
    before = _table_now(ui, seats=2)
    assert before["done"] == "false" and any(before["rivers"]), before
    _reload(ui)
    page.wait_for_selector(f'[data-testid="play-table"][data-game="{game}"][data-busy="false"]')
    assert _table_now(ui, seats=2) == before
    assert ui.tid("play-notice").get_attribute("data-notice") == "p.resumed"
    assert ui.tid("play-notice").is_visible() and ui.tid("play-abandon").is_visible()
    assert ui.tid("play-rules").input_value() == "two-player"
    # play on from there, to the end
    _one_move(ui)
    _play_to_the_end(ui, take_claims=False)
    _check_result(ui, seats=2)
    assert not ui.tid("play-abandon").is_visible()
    # a finished game is shown once more with its result, then forgotten
    _reload(ui)
    page.wait_for_selector(f'[data-testid="play-table"][data-game="{game}"][data-done="true"]')
    _check_result(ui, seats=2)
    assert ui.tid("play-notice").get_attribute("data-notice") == "p.resumed_done"
    assert page.evaluate(f"localStorage.getItem('{GAME_KEY}')") is None
    _reload(ui)
    assert ui.tid("play-table").is_hidden() and ui.tid("play-notice").is_hidden()


def test_an_abandoned_game_is_deleted_and_forgotten(ui: Any, server_url: str) -> None:
    page = ui.page
    _start(ui, "mcr", seed=3)
    game = ui.tid("play-table").get_attribute("data-game")
    assert page.request.get(f"{server_url}v1/games/{game}").status == 200
    ui.tid("play-abandon").click()
    ui.tid("play-table").wait_for(state="hidden")
    assert page.evaluate(f"localStorage.getItem('{GAME_KEY}')") is None
    ui.wait_js(f"async () => (await fetch('/v1/games/{game}')).status === 404", polling_ms=200)
    _reload(ui)
    assert ui.tid("play-table").is_hidden() and ui.tid("play-notice").is_hidden()
    _start(ui, "mcr", seed=3)
    assert ui.tid("play-table").get_attribute("data-game") != game


@pytest.mark.parametrize("status", [404, 410])
def test_a_remembered_game_the_server_does_not_have(ui: Any, status: int) -> None:
    page = ui.page
    bogus = "zzzzzzzzzzzz"
    if status == 410:  # a stored game this server cannot rebuild (a corrupt row)
        page.route(
            f"**/v1/games/{bogus}",
            lambda route: route.fulfill(
                status=410,
                content_type="application/problem+json",
                body=json.dumps(
                    {
                        "type": "urn:fanshu:problem:game_unreadable",
                        "title": "Game unreadable",
                        "status": 410,
                        "detail": f"game {bogus!r} is stored but cannot be read",
                        "code": "game_unreadable",
                    }
                ),
            ),
        )
    ui.tab("play")
    page.evaluate(f"localStorage.setItem('{GAME_KEY}', '{bogus}')")
    _reload(ui)
    notice = ui.tid("play-notice")
    page.wait_for_selector('[data-testid="play-notice"][data-notice="p.gone"]')
    assert notice.is_visible() and "no longer" in notice.inner_text()
    assert page.evaluate(f"localStorage.getItem('{GAME_KEY}')") is None
    assert ui.tid("play-table").is_hidden() and ui.tid("play-abandon").is_hidden()
    assert ui.tid("error").is_hidden()
    # the play tab works: a new game, a move
    _start(ui, "two-player", seed=1)
    assert notice.is_hidden()
    assert page.evaluate(f"localStorage.getItem('{GAME_KEY}')") not in (None, bogus)
    before = _table_now(ui, seats=2)
    _one_move(ui)
    assert _table_now(ui, seats=2) != before
