"""POST /v1/replays: a logged game's frames for the replay viewer; a log over a bound is
413, a bad log or field 422 with a specific detail, in English or Chinese."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from fanshu.engine import frames
from fanshu.engine.game import Game
from fanshu.engine.log import game_lines
from fanshu.engine.simulate import play_game
from fanshu.i18n import gettext, msg, translate
from fanshu.store import open_store
from fanshu.web.api import replays
from fanshu.web.api.common import MAX_BODY_BYTES
from support.http import ok, problem


def _log(*games: Game) -> str:
    return "\n".join(line for k, g in enumerate(games) for line in game_lines(g.events, game=k))


@pytest.fixture(scope="module")
def games() -> list[Game]:
    return [play_game("mcr", k, ["greedy"] * 4, 5) for k in range(2)]


def test_the_frames_of_a_simulated_log(client: TestClient, games: list[Game]) -> None:
    body = ok(client.post("/v1/replays", json={"log": _log(*games), "game": 1}))
    g = games[1]
    assert body["game"] == 1 and body["rules"] == "mcr" and body["seats"] == 4
    assert [s["game"] for s in body["games"]] == [0, 1]
    assert len(body["frames"]) == len(g.events)
    assert body["frames"][-1]["scores"] == g.events[-1]["scores"] == body["end"]["scores"]
    wins = [e for e in g.events if e["type"] == "win"]
    assert [w["total"] for w in body["wins"]] == [e["total"] for e in wins]
    for w in body["wins"]:
        assert all(f["name"] and f["name_en"] for f in w["fans"])
    first = ok(client.post("/v1/replays", json={"log": _log(*games)}))
    assert first["game"] == 0 and len(first["frames"]) == len(games[0].events)


def test_a_log_that_does_not_replay_names_the_event(client: TestClient, games: list[Game]) -> None:
    events = [dict(e) for e in games[0].events]
    k = next(i for i, e in enumerate(events) if e["type"] == "discard" and i > 30)
    events[k]["tile"] = "C" if events[k]["tile"] != "C" else "P"
    text = "\n".join(game_lines(events, game=0))
    p = problem(client.post("/v1/replays", json={"log": text}), 422, "replay_mismatch")
    assert p["detail"].startswith(f"game 0 does not replay as logged: game 0, event {k} (discard)")
    assert "tile: log" in p["detail"]
    assert p["mismatch"]["seq"] == k and p["mismatch"]["line"] == k + 1


@pytest.mark.parametrize(
    ("body", "code", "says"),
    [
        ({}, "bad_field", "missing 'log'"),
        ({"log": "x", "games": 1}, "bad_field", "unknown key 'games'; known: log, game"),
        ({"log": 7}, "bad_field", "log must be the log's text (a string), not 7"),
        ({"log": "x", "game": "1"}, "bad_field", "game must be a whole number"),
        ({"log": "x", "game": -1}, "out_of_range", "game must be 0 to 1000000"),
        ({"log": "x", "game": 1_000_001}, "out_of_range", "game must be 0 to 1000000"),
        ({"log": "not json"}, "bad_log", "the log cannot be read: line 1: not JSON"),
        ({"log": "\n\n"}, "bad_log", "the log holds no game"),
    ],
)
def test_bad_bodies(client: TestClient, body: dict[str, Any], code: str, says: str) -> None:
    p = problem(client.post("/v1/replays", json=body), 422, code)
    assert says in p["detail"]


def test_a_game_the_log_does_not_hold(client: TestClient, games: list[Game]) -> None:
    p = problem(client.post("/v1/replays", json={"log": _log(*games), "game": 5}), 422, "bad_field")
    assert p["detail"] == "the log has no game 5; its games: 0, 1"


def test_not_an_object(client: TestClient) -> None:
    problem(client.post("/v1/replays", json=["log"]), 400, "bad_json")


def test_bounds_are_413(
    client: TestClient, games: list[Game], monkeypatch: pytest.MonkeyPatch
) -> None:
    text = _log(*games)
    monkeypatch.setattr(frames, "MAX_GAMES", 1)
    p = problem(client.post("/v1/replays", json={"log": text}), 413, "too_many_items")
    assert p["limit"] == 1 and "more than 1 games" in p["detail"]
    monkeypatch.setattr(frames, "MAX_GAMES", 1000)
    monkeypatch.setattr(frames, "MAX_EVENTS", 100)
    p = problem(client.post("/v1/replays", json={"log": text}), 413, "too_many_items")
    assert p["limit"] == 100 and "a game may have at most 100" in p["detail"]
    big = json.dumps({"log": "x" * MAX_BODY_BYTES})
    r = client.post("/v1/replays", content=big, headers={"Content-Type": "application/json"})
    problem(r, 413, "too_large")


def test_the_bounds_the_route_documents() -> None:
    doc = replays.__doc__ or ""
    assert f"{frames.MAX_GAMES:,} games" in (replays.replay.__doc__ or "")
    assert f"{frames.MAX_EVENTS:,} events" in (replays.replay.__doc__ or "")
    assert "GAME" in doc and replays.GAME.high == 1_000_000


def test_a_replay_is_computed_not_written(client: TestClient) -> None:
    from fanshu.web.kinds import request_kind

    assert request_kind("POST", "/v1/replays") == "compute"


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_problems_in_the_requests_language(
    client: TestClient, games: list[Game], lang: str
) -> None:
    headers = {"Accept-Language": lang}
    events = [dict(e) for e in games[0].events]
    events[2]["seat"] = 3 if events[2].get("seat") != 3 else 2
    text = "\n".join(game_lines(events, game=0))
    r = client.post("/v1/replays", json={"log": text}, headers=headers)
    p = problem(r, 422, "replay_mismatch")
    assert r.headers["content-language"] == lang
    template = gettext("game {game} does not replay as logged: {mismatch}", lang)
    assert p["detail"].startswith(template.split("{")[0])
    assert p["title"] == gettext("The log does not replay", lang)
    bad = problem(client.post("/v1/replays", json={"log": "{x"}, headers=headers), 422, "bad_log")
    assert bad["detail"].startswith(gettext("the log cannot be read: {error}", lang).split("{")[0])
    missing = problem(client.post("/v1/replays", json={}, headers=headers), 422, "bad_field")
    assert missing["detail"] == translate(msg("missing {field!r}", field="log"), lang)
    if lang == "zh":
        for d in (p["detail"], bad["detail"], p["title"], missing["detail"]):
            assert any("\u4e00" <= c <= "\u9fff" for c in d), d
        # the replay's own words too: where, and log against replay
        assert p["detail"].startswith("第 0 局回放结果与日志不符：第 0 局第 2 个事件"), p["detail"]
        assert "日志为 3" in p["detail"] or "日志中作决定" in p["detail"], p["detail"]
    else:
        assert p["detail"].startswith("game 0 does not replay as logged: game 0, event 2 (")


def test_a_games_api_games_log_replays(file_client: TestClient, db: Any) -> None:
    """The log the games API keeps for a hand against the bots is a log like any other."""
    state = ok(file_client.post("/v1/games", json={"rules": "two-player", "seed": 4}), 201)
    gid = state["id"]
    for _ in range(200):
        if state["done"]:
            break
        state = ok(file_client.post(f"/v1/games/{gid}/actions", json={"action": 0}))
    assert state["done"]
    with open_store(str(db)) as s:
        row = s.load_game(gid)
    assert row is not None
    body = ok(file_client.post("/v1/replays", json={"log": row.log}))
    assert len(body["frames"]) == row.events
    assert body["end"]["scores"] == state["scores"] == body["frames"][-1]["scores"]
    assert body["players"] == list(row.players)


def test_a_live_tables_hands_replay(client: TestClient) -> None:
    """A live table's hand logs (fanshu.tables: one game a hand, the state each hand
    carries in on its start event) are one log file of several games."""
    from fanshu.tables.table import Table, TableSpec

    spec = TableSpec.create(
        "jiaxing", ["human", "greedy", "greedy", "greedy"], seed=3, hands=2, timer=None
    )
    table = Table("t", spec)
    table.start()
    while not table.done:
        p = table.asked()
        assert p is not None
        table.act(p, 0)
    assert table.games[1].events[0].get("carry"), "the second hand carries state in"
    text = "".join(table.hand_logs())
    for k, game in enumerate(table.games):
        body = ok(client.post("/v1/replays", json={"log": text, "game": k}))
        assert body["game"] == k and len(body["frames"]) == len(game.events)
        assert body["end"]["scores"] == list(game.scores) == body["frames"][-1]["scores"]
    assert [g["game"] for g in body["games"]] == list(range(len(table.games)))
