"""Play in the browser: hands against the built-in bots, played to their end by clicking
the player's tiles and the claim buttons, and the end-of-hand scoring with its fan
table."""

from __future__ import annotations

from typing import Any

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
    ui.page.wait_for_function("() => !document.querySelector('[data-testid=\"play-result\"]')")


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
