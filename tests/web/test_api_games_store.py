"""/v1/games in the database: a game survives a restart (a new app on the same file) and
another process's moves, with the same state to the end of the hand; what a stored game
that cannot be rebuilt gives; a database from before the games table; the bound on the
stored games."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from fanshu.store import SCHEMA_VERSION, open_store
from fanshu.web.api import games
from fanshu.web.app import create_app
from support.http import ok, problem


@pytest.fixture
def db(tmp_path: Path) -> str:
    return str(tmp_path / "fanshu.db")


@pytest.fixture
def serve() -> Iterator[Callable[..., TestClient]]:
    """Start apps (each one a server process) and stop them all at the end."""
    started: list[TestClient] = []

    def start(path: str, **kw: Any) -> TestClient:
        c = TestClient(
            create_app(path, **kw), raise_server_exceptions=False, base_url="http://localhost"
        )
        c.__enter__()
        started.append(c)
        return c

    yield start
    for c in started:
        c.__exit__(None, None, None)


def act(c: TestClient, gid: str, k: int) -> dict[str, Any]:
    """The k-th move of a scripted player: the legal action k steps down the list."""
    state = ok(c.get(f"/v1/games/{gid}"))
    legal = state["observation"]["legal_actions"]
    return ok(c.post(f"/v1/games/{gid}/actions", json={"action": legal[k % len(legal)]}))


def without_id(state: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in state.items() if k != "id"}


def rows(path: str, sql: str, *args: Any) -> list[tuple[Any, ...]]:
    with sqlite3.connect(path) as c:
        return c.execute(sql, args).fetchall()


def execute(path: str, sql: str, *args: Any) -> None:
    with sqlite3.connect(path) as c:
        c.execute(sql, args)


BODIES = [
    {"rules": "mcr", "seed": 21},
    {"rules": "mcr", "seed": 8, "seat": 2, "opponents": ["random", "fan", "greedy"],
     "config": {"prevalent_wind": 1}, "options": {"seven_pairs_tile_hog": False}},
    {"rules": "sichuan", "seed": 4, "seat": 3, "opponents": ["random", "random", "fan"],
     "config": {"exchange_three": True}},
    {"rules": "two-player", "seed": 9, "opponents": ["random"],
     "config": {"exchange_at_start": 1.0, "triplet_offer": 0.5, "free_pick": 0.3}},
]  # fmt: skip


@pytest.mark.parametrize("body", BODIES, ids=lambda b: f"{b['rules']}-{b['seed']}")
def test_a_restart_continues_the_same_game_to_the_same_end(
    db: str, serve: Callable[..., TestClient], body: dict[str, Any]
) -> None:
    # the reference: the same hand with the same moves, in one app that never restarts
    ref = serve(":memory:")
    expected = [ok(ref.post("/v1/games", json=body), 201)]
    while not expected[-1]["done"]:
        expected.append(act(ref, expected[0]["id"], len(expected)))
    assert len(expected) > 6

    first = serve(db)
    gid = ok(first.post("/v1/games", json=body), 201)["id"]
    got = [ok(first.get(f"/v1/games/{gid}"))]
    for k in range(1, 4):
        got.append(act(first, gid, k))
    before = ok(first.get(f"/v1/games/{gid}"))
    first.__exit__(None, None, None)  # the server stops

    again = serve(db)  # and starts again on the same file
    assert len(again.app.state.games) == 0  # type: ignore[attr-defined]
    after = ok(again.get(f"/v1/games/{gid}"))
    assert after == before  # observation, legal actions, the whole log and its numbering
    since = ok(again.get(f"/v1/games/{gid}", params={"since": 5}))
    assert since["events_new"] == before["events_new"][5:]
    while not got[-1]["done"]:
        got.append(act(again, gid, len(got)))
    assert [without_id(s) for s in got[1:]] == [without_id(s) for s in expected[1:]]
    assert got[-1]["result"]["seed"] == body["seed"]

    # a finished game stays: it can be looked at after another restart, not played on
    again.__exit__(None, None, None)
    last = serve(db)
    end = ok(last.get(f"/v1/games/{gid}"))
    assert (end["done"], end["result"]) == (True, got[-1]["result"])
    assert end["event_count"] == got[-1]["event_count"]
    body = problem(last.post(f"/v1/games/{gid}/actions", json={"action": 0}), 422,
                   "illegal_action")  # fmt: skip
    assert body["detail"] == "the hand is over"


def test_what_is_stored_and_written_after_every_change(
    db: str, serve: Callable[..., TestClient]
) -> None:
    c = serve(db)
    state = ok(c.post("/v1/games", json={"rules": "sichuan", "seed": 3, "seat": 1}), 201)
    gid = state["id"]
    with open_store(db) as s:
        row = s.load_game(gid)
        assert row is not None
        assert (row.rules, row.seat, row.players, row.seed, row.options) == (
            "sichuan", 1, ("greedy", "you", "greedy", "greedy"), 3, None,
        )  # fmt: skip
        assert row.config["dealer"] == 0 and not row.done
        lines = row.log.splitlines()
        assert len(lines) == row.events
        assert [json.loads(x)["seq"] for x in lines] == list(range(row.events))
        assert json.loads(lines[0])["type"] == "start"
    problem(c.post(f"/v1/games/{gid}/actions", json={"action": "pung"}), 422, "illegal_action")
    assert rows(db, "SELECT events FROM games")[0][0] == row.events  # nothing written
    act(c, gid, 0)
    with open_store(db) as s:
        after = s.load_game(gid)
        assert after is not None and after.events > row.events
        assert after.log.startswith(row.log)  # the same hand, played on


def test_another_process_playing_the_game_is_seen(
    db: str, serve: Callable[..., TestClient]
) -> None:
    a, b = serve(db), serve(db)  # two workers on one file
    gid = ok(a.post("/v1/games", json={"seed": 5}), 201)["id"]
    assert ok(b.get(f"/v1/games/{gid}")) == ok(a.get(f"/v1/games/{gid}"))
    moved = act(b, gid, 0)
    # a's copy in memory is older than the database's: a rebuilds rather than serve it
    now = ok(a.get(f"/v1/games/{gid}"))
    assert now["event_count"] == moved["event_count"]
    assert now["observation"] == moved["observation"]
    act(a, gid, 1)
    assert ok(b.get(f"/v1/games/{gid}")) == ok(a.get(f"/v1/games/{gid}"))
    # deleted by one, gone for the other
    assert b.delete(f"/v1/games/{gid}").status_code == 204
    problem(a.get(f"/v1/games/{gid}"), 404, "game_not_found")
    problem(a.post(f"/v1/games/{gid}/actions", json={"action": 0}), 404, "game_not_found")


def test_a_write_that_lost_a_race_is_a_409_and_nothing_is_overwritten(
    db: str, serve: Callable[..., TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    c = serve(db)
    gid = ok(c.post("/v1/games", json={"seed": 5}), 201)["id"]
    stored = rows(db, "SELECT events, log FROM games")
    play = games.play

    def raced(session: games.Session, action: str | int) -> int:
        out = play(session, action)
        execute(db, "UPDATE games SET updated = 'x', events = events + 1")  # another writer
        return out

    monkeypatch.setattr(games, "play", raced)
    body = problem(c.post(f"/v1/games/{gid}/actions", json={"action": 0}), 409, "game_conflict")
    assert "changed or deleted by another request" in body["detail"]
    assert rows(db, "SELECT events - 1, log FROM games") == stored  # not overwritten
    assert gid not in c.app.state.games  # type: ignore[attr-defined]


# -- stored games that cannot be rebuilt ------------------------------------------------------


def _first_draw_of_another_seat(log: str) -> str:
    lines = log.splitlines()
    for i, line in enumerate(lines):
        e = json.loads(line)
        if e["type"] == "draw" and e["seat"] != 0:
            other = "1m" if e["tile"] != "1m" else "2m"
            lines[i] = line.replace(f'"tile":"{e["tile"]}"', f'"tile":"{other}"')
            return "\n".join(lines) + "\n"
    raise AssertionError("no draw")


CORRUPTIONS: list[tuple[str, str, Any, str]] = [
    ("log", "a changed draw", _first_draw_of_another_seat, "(draw) differs in tile: stored "),
    ("log", "a newer log format", lambda log: log.replace('{"v":1,', '{"v":7,'),
     "format version 7; this fanshu reads version 1"),
    ("log", "a cut log", lambda log: "".join(log.splitlines(True)[:-3]), "the row says"),
    ("log", "not JSON", lambda log: "garbage\n" * log.count("\n"), "not JSON"),
    ("players", "an unknown bot", lambda p: p.replace("greedy", "smart", 1),
     "unknown player 'smart'"),
    ("config", "config of the wrong kind", lambda _: "[1, 2]", "cannot be rebuilt"),
    ("rules", "unknown rules", lambda _: "riichi", "not 'riichi'"),
    ("seed", "another seed", lambda s: s + 1, "event 0 (start) differs in seed, wall: stored "),
]  # fmt: skip


@pytest.mark.parametrize(
    ("column", "what", "change", "detail"), CORRUPTIONS, ids=[c[1] for c in CORRUPTIONS]
)
def test_a_stored_game_that_cannot_be_rebuilt_is_a_410_problem(
    db: str,
    serve: Callable[..., TestClient],
    column: str,
    what: str,
    change: Callable[[Any], Any],
    detail: str,
) -> None:
    first = serve(db)
    gid = ok(first.post("/v1/games", json={"seed": 12}), 201)["id"]
    act(first, gid, 0)
    other = ok(first.post("/v1/games", json={"seed": 13}), 201)["id"]
    other_state = ok(first.get(f"/v1/games/{other}"))
    first.__exit__(None, None, None)
    [(value,)] = rows(db, f"SELECT {column} FROM games WHERE id = ?", gid)
    execute(db, f"UPDATE games SET {column} = ? WHERE id = ?", change(value), gid)

    c = serve(db)
    body = problem(c.get(f"/v1/games/{gid}"), 410, "game_unreadable")
    assert body["detail"].startswith(f"game {gid!r} is stored (by fanshu ")
    assert detail in body["detail"]
    assert body["detail"].endswith("start a new game (DELETE this one to remove it)")
    problem(c.post(f"/v1/games/{gid}/actions", json={"action": 0}), 410, "game_unreadable")
    # the rest keeps working: other games, new games, the other resources
    assert ok(c.get(f"/v1/games/{other}")) == other_state
    ok(c.post("/v1/games", json={"seed": 14}), 201)
    assert c.get("/v1/rules").status_code == 200
    assert c.delete(f"/v1/games/{gid}").status_code == 204
    problem(c.get(f"/v1/games/{gid}"), 404, "game_not_found")


# -- the database ----------------------------------------------------------------------------


def test_a_database_from_before_the_games_table_opens_and_gains_it(
    db: str, serve: Callable[..., TestClient]
) -> None:
    with open_store(db) as s:  # what fanshu wrote before games were stored
        mid = s.create_match(["Ann", "Bo", "Cy", "Di"])
        s.record_win(mid, "Bo", discarder="Di", fan=10)
        before = s.match_dict(mid)
        totals = s.load_match(mid).totals()
    tables = {r[0] for r in rows(db, "SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert not {"games", "schema_parts"} & tables
    assert rows(db, "PRAGMA user_version") == [(SCHEMA_VERSION,)]
    with open_store(db) as s:  # the command line shares it (which creates the access part)
        token = s.grant("match", mid, "view")

    c = serve(db)
    got = ok(c.get(f"/v1/matches/{mid}", headers={"Authorization": f"Bearer {token}"}))
    assert got["totals"] == totals == {
        "Ann": -8, "Bo": 34, "Cy": -8, "Di": -18,
    }  # fmt: skip
    gid = ok(c.post("/v1/games", json={"seed": 1}), 201)["id"]
    act(c, gid, 0)
    parts = rows(db, "SELECT name, version FROM schema_parts ORDER BY name")
    assert parts == [("access", 1), ("games", 1)]
    # the score-sheet schema is unchanged
    assert rows(db, "PRAGMA user_version") == [(SCHEMA_VERSION,)]
    assert rows(db, "SELECT id FROM games") == [(gid,)]
    with open_store(db) as s:  # as `fanshu match` opens it: everything is still there
        assert s.match_dict(mid) == before
        s.record_draw(mid)


def test_a_games_table_newer_than_this_fanshu_is_refused_and_matches_still_work(
    db: str, serve: Callable[..., TestClient]
) -> None:
    c = serve(db)
    gid = ok(c.post("/v1/games", json={"seed": 1}), 201)["id"]
    execute(db, "UPDATE schema_parts SET version = 9 WHERE name = 'games'")
    body = problem(c.get(f"/v1/games/{gid}"), 503, "store_error")
    assert body["detail"].endswith(
        "has games schema version 9, newer than this fanshu understands (1): upgrade fanshu"
    )
    problem(c.post("/v1/games", json={"seed": 2}), 503, "store_error")
    m = ok(c.post("/v1/matches", json={"players": ["A", "B", "C", "D"]}), 201)
    ok(
        c.get(
            f"/v1/matches/{m['id']}",
            headers={"Authorization": f"Bearer {m['access']['view_token']}"},
        )
    )


def test_memory_databases_keep_games_per_app(serve: Callable[..., TestClient]) -> None:
    a, b = serve(":memory:"), serve(":memory:")
    gid = ok(a.post("/v1/games", json={"seed": 1}), 201)["id"]
    a.app.state.games.drop(gid)  # type: ignore[attr-defined]
    ok(a.get(f"/v1/games/{gid}"))  # rebuilt from this app's scratch file
    problem(b.get(f"/v1/games/{gid}"), 404, "game_not_found")


def test_the_database_keeps_the_most_recently_played_games(
    db: str, serve: Callable[..., TestClient]
) -> None:
    c = serve(db, max_games=100)
    table = c.app.state.games  # type: ignore[attr-defined]
    table.keep = 3
    ids = [ok(c.post("/v1/games", json={"seed": s}), 201)["id"] for s in range(3)]
    act(c, ids[0], 0)  # played: now the most recent, ids[1] the oldest
    ids.append(ok(c.post("/v1/games", json={"seed": 3}), 201)["id"])
    assert rows(db, "SELECT count(*) FROM games") == [(3,)]
    assert ids[1] not in table  # the deleted game is dropped from memory too
    body = problem(c.get(f"/v1/games/{ids[1]}"), 404, "game_not_found")
    assert "among the oldest when more than 3 were stored" in body["detail"]
    for gid in (ids[0], ids[2], ids[3]):
        ok(c.get(f"/v1/games/{gid}"))
    # reading a game is not playing it: ids[2], only read, goes next
    ok(c.post("/v1/games", json={"seed": 4}), 201)
    assert {r[0] for r in rows(db, "SELECT id FROM games")} >= {ids[0], ids[3]}
    problem(c.get(f"/v1/games/{ids[2]}"), 404, "game_not_found")
    assert len(table) <= 100
