"""``fanshu.web.api.db``: the app on a PostgreSQL database (``fanshu serve --db
postgresql://…``): two servers on one database see each other's writes and lose none
(score sheets and games; a game's lost race is the same 409 as on SQLite), stores kept
open between requests (and one whose connection died replaced), and text PostgreSQL
cannot keep refused as a problem, not a 500."""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest
from fastapi.testclient import TestClient

from fanshu.store import open_store
from fanshu.web.app import create_app
from fanshu.web.ratelimit import RateLimits
from support.http import ok, problem

psycopg = pytest.importorskip("psycopg")

PLAYERS = ["Ann", "Bo", "Cy", "Di"]
NO_LIMITS = RateLimits.off()  # many requests in a moment (as tests/web/conftest.py)


def _client(url: str) -> TestClient:
    return TestClient(
        create_app(url, rate_limits=NO_LIMITS),
        raise_server_exceptions=False,
        base_url="http://localhost",
    )


@pytest.fixture
def two_servers(pg_db: str) -> Iterator[tuple[TestClient, TestClient]]:
    with _client(pg_db) as a, _client(pg_db) as b:
        yield a, b


def test_two_servers_on_one_database(
    pg_db: str, two_servers: tuple[TestClient, TestClient]
) -> None:
    a, b = two_servers
    m = ok(a.post("/v1/matches", json={"players": PLAYERS}), 201)
    edit = {"Authorization": f"Bearer {m['access']['edit_token']}"}
    url = f"/v1/matches/{m['id']}"
    assert ok(b.get(url, headers=edit))["hands_played"] == 0  # b sees a's match and grant

    def record(k: int) -> int:
        server = (a, b)[k % 2]
        body = {"player": PLAYERS[k % 4], "points": 1, "reason": f"r{k}"}
        return server.post(f"{url}/penalties", json=body, headers=edit).status_code

    with ThreadPoolExecutor(4) as pool:  # both servers write at once
        assert list(pool.map(record, range(24))) == [200] * 24
    sheet = ok(a.get(url, headers=edit))
    reasons = sorted(p["reason"] for row in sheet["hands"] for p in row["penalties"])
    assert reasons == sorted(f"r{k}" for k in range(24))
    with open_store(pg_db) as s:  # and the command line reads the same
        assert len(s.load_match(m["id"]).records) == 24


def test_stores_are_kept_open_and_a_dead_one_is_replaced(pg_db: str) -> None:
    with _client(pg_db) as c:
        m = ok(c.post("/v1/matches", json={"players": PLAYERS}), 201)
        edit = {"Authorization": f"Bearer {m['access']['edit_token']}"}
        database = c.app.state.db  # type: ignore[attr-defined]
        assert len(database._idle) == 1
        kept = database._idle[0]
        ok(c.get(f"/v1/matches/{m['id']}", headers=edit))
        assert database._idle == [kept]  # the same store served the next request
        pid = kept._conn.execute("SELECT pg_backend_pid()").fetchone()[0]
        with psycopg.connect(pg_db, autocommit=True) as admin:
            admin.execute("SELECT pg_terminate_backend(%s)", (pid,))
        ok(c.get(f"/v1/matches/{m['id']}", headers=edit))  # a new connection, not a 503
        assert database._idle != [kept] and len(database._idle) == 1
    assert database._idle == []  # closed with the app


def test_text_postgresql_cannot_keep_is_a_problem(pg_db: str) -> None:
    with _client(pg_db) as c:
        players = [f"P{i}" for i in range(4)]
        r = c.post("/v1/tournaments", json={"players": players, "name": "club\u0000night"})
        assert "NUL" in problem(r, 422, "invalid_text")["detail"]
        assert ok(c.get("/v1/tournaments")) == []


def _act(c: TestClient, gid: str, k: int) -> dict[str, object]:
    state = ok(c.get(f"/v1/games/{gid}"))
    legal = state["observation"]["legal_actions"]
    return dict(ok(c.post(f"/v1/games/{gid}/actions", json={"action": legal[k % len(legal)]})))


def test_games_on_two_servers_and_a_lost_race_is_the_same_409(
    pg_db: str, two_servers: tuple[TestClient, TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    from fanshu.web.api import games

    a, b = two_servers
    gid = ok(a.post("/v1/games", json={"seed": 5}), 201)["id"]
    moved = _act(b, gid, 0)  # b plays a's game
    assert ok(a.get(f"/v1/games/{gid}"))["event_count"] == moved["event_count"]
    play = games.play

    def raced(session: games.Session, action: str | int) -> int:
        out = play(session, action)
        with psycopg.connect(pg_db, autocommit=True) as other:  # another writer meanwhile
            other.execute("UPDATE games SET events = events + 1")
        return out

    monkeypatch.setattr(games, "play", raced)
    legal = ok(a.get(f"/v1/games/{gid}"))["observation"]["legal_actions"]
    r = a.post(f"/v1/games/{gid}/actions", json={"action": legal[0]})
    assert "another request" in problem(r, 409, "game_conflict")["detail"]
