"""The replay viewer in the browser: a simulated log file loaded, stepped, scrubbed to
its end (the win's fan table and total as the log has them), seen from one seat (the
other hands hidden) and with all hands open, and its texts in Chinese."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fanshu.engine.game import Game
from fanshu.engine.log import write_log
from fanshu.engine.simulate import play_game
from fanshu.web.app import STATIC_DIR as STATIC


def _won_games() -> list[Game]:
    """Two simulated MCR hands, the second one won."""
    games = []
    for k in range(20):
        g = play_game("mcr", k, ["greedy"] * 4, 1)
        if any(e["type"] == "win" for e in g.events):
            games.append(g)
        if len(games) == 2:
            return games
    raise AssertionError("no won MCR hand in 20 seeded games")


def _player(ui: Any) -> Any:
    return ui.tid("replay-player")


def _at(ui: Any, index: int) -> None:
    ui.page.wait_for_selector(f'[data-testid="replay-player"][data-index="{index}"]')


def test_load_step_scrub_and_see_the_win(ui: Any, tmp_path: Path) -> None:
    games = _won_games()
    log = tmp_path / "games.jsonl"
    write_log(log, [g.events for g in games])
    ui.tab("replay")
    ui.tid("replay-file").set_input_files(str(log))
    ui.page.wait_for_selector('[data-testid="replay-player"]:not([hidden])[data-game="0"]')
    assert _player(ui).get_attribute("data-count") == str(len(games[0].events))
    # pick the second game of the file
    ui.tid("replay-game").select_option("1")
    ui.page.wait_for_selector('[data-testid="replay-player"][data-game="1"]')
    game = games[1]
    events = game.events
    assert _player(ui).get_attribute("data-count") == str(len(events))
    _at(ui, 0)
    assert ui.tid("replay-event").get_attribute("data-type") == "start"
    # step: the deal shows 13 tiles in every hand (a flower dealt is shown beside it)
    ui.tid("replay-next").click()
    _at(ui, 1)
    assert ui.tid("replay-event").get_attribute("data-type") == "deal"
    for q in range(4):
        held = int(ui.tid(f"replay-hand-{q}").get_attribute("data-count") or 0)
        flowers = ui.tid(f"replay-seat-{q}").locator(".flowers .tile").count()
        assert held + flowers == 13, q
    ui.tid("replay-prev").click()
    _at(ui, 0)
    # a decision in words: "Seat 0 decides: discard 8 Characters"
    k, act = next((k, e) for k, e in enumerate(events) if e["type"] == "act")
    word, tile = act["action"].split()
    ui.tid("replay-slider").fill(str(k))
    _at(ui, k)
    name = json.loads((STATIC / "i18n" / "en.json").read_text(encoding="utf-8"))[f"tile.{tile}"]
    said = {"discard": "discard", "kong": "kong", "win": "win"}.get(word, word)
    assert ui.tid("replay-event").inner_text() == f"Seat {act['seat']} decides: {said} {name}"
    # scrub to the end: the win's total and fan table as logged, the final scores
    last = len(events) - 1
    ui.tid("replay-slider").fill(str(last))
    _at(ui, last)
    assert ui.tid("replay-event").get_attribute("data-type") == "end"
    win = next(e for e in events if e["type"] == "win")
    block = ui.tid("replay-win")
    assert block.count() == 1
    total = int(block.locator('[data-testid="replay-win-total"]').inner_text().split()[0])
    assert total == win["total"]
    assert ui.fan_rows("replay-fan-table") and [r[0] for r in ui.fan_rows("replay-fan-table")] == [
        f[0] for f in win["fans"]
    ]
    points = sum(int(x) for x in block.locator('[data-testid="fan-points"]').all_inner_texts())
    assert points == total
    shown = [int(ui.tid(f"replay-score-{q}").inner_text()) for q in range(4)]
    assert shown == events[-1]["scores"]
    # from one seat: the other hands are backs; then all hands open again
    ui.tid("replay-view").select_option("2")
    ui.page.wait_for_selector('[data-testid="replay-player"][data-view="2"]')
    for q in range(4):
        hand = ui.tid(f"replay-hand-{q}")
        faces = hand.locator('.tile:not([data-tile="back"])').count()
        assert hand.get_attribute("data-hidden") == ("false" if q == 2 else "true")
        assert (faces > 0) == (q == 2 or int(hand.get_attribute("data-count") or 0) == 0), q
    ui.tid("replay-view").select_option("all")
    ui.page.wait_for_selector('[data-testid="replay-player"][data-view="all"]')
    for q in range(4):
        hand = ui.tid(f"replay-hand-{q}")
        assert hand.get_attribute("data-hidden") == "false"
        assert hand.locator('[data-tile="back"]').count() == 0
    # play from the start moves on by itself; pause stops it
    ui.tid("replay-first").click()
    _at(ui, 0)
    ui.tid("replay-play").click()
    ui.wait_js(
        "() => Number(document.querySelector('[data-testid=\"replay-player\"]').dataset.index) >= 2"
    )
    ui.tid("replay-play").click()
    ui.page.wait_for_selector('[data-testid="replay-player"][data-playing="false"]')
    # Chinese texts
    ui.tid("lang-toggle").click()
    assert ui.tid("tab-replay").inner_text() == "回放"
    assert "第" in ui.tid("replay-pos").inner_text()


def test_a_log_that_does_not_replay_shows_the_mismatch(ui: Any) -> None:
    game = play_game("two-player", 0, ["greedy"] * 2, 3)
    events = [dict(e) for e in game.events]
    events[1]["hands"] = [list(reversed(h)) for h in events[1]["hands"]][::-1]
    from fanshu.engine.log import game_lines

    ui.tab("replay")
    ui.tid("replay-text").fill("\n".join(game_lines(events, game=0)))
    ui.tid("replay-load").click()
    ui.tid("error").wait_for()
    assert "event 1 (deal)" in (ui.tid("error").inner_text() + ui.tid("error-detail").inner_text())
    assert _player(ui).is_hidden()


def test_a_dropped_file_on_a_phone_shows_without_sideways_scrolling(
    phone_ui: Any, tmp_path: Path
) -> None:
    ui = phone_ui
    game = play_game("sichuan", 0, ["greedy"] * 4, 2)
    log = tmp_path / "sichuan.jsonl"
    write_log(log, [game.events])
    ui.tab("replay")
    # dropped on the page, as a file
    ui.page.evaluate(
        """(text) => {
          const data = new DataTransfer();
          data.items.add(new File([text], "sichuan.jsonl", { type: "application/x-ndjson" }));
          const zone = document.querySelector('[data-testid="replay-drop"]');
          zone.dispatchEvent(new DragEvent("drop", { dataTransfer: data, bubbles: true }));
        }""",
        log.read_text(encoding="utf-8"),
    )
    ui.page.wait_for_selector('[data-testid="replay-player"]:not([hidden])[data-rules="sichuan"]')
    assert "sichuan.jsonl" in ui.tid("replay-source").inner_text()
    ui.tid("replay-slider").fill(str(len(game.events) // 2))
    _at(ui, len(game.events) // 2)
    ui.no_horizontal_scroll()
    ui.tid("replay-last").click()
    _at(ui, len(game.events) - 1)
    ui.no_horizontal_scroll()
