"""/v1/tournaments: players, seatings, table results and standings over HTTP."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from fanshu.store import open_store
from support.http import ok, problem

PLAYERS = [f"P{i}" for i in range(1, 9)]


@pytest.fixture
def client(file_client: TestClient) -> TestClient:
    return file_client  # a database file of each test's own (tests/web/conftest.py)


def test_a_tournament_from_seating_to_standings(client: TestClient, db: Path) -> None:
    t = ok(client.post("/v1/tournaments", json={"players": PLAYERS, "sessions": 2,
                                                "name": "club"}), 201)  # fmt: skip
    tid = t["id"]
    assert (t["name"], t["sessions"], t["seatings"], t["standings"][0]["matches"]) == (
        "club", 2, [], 0,
    )  # fmt: skip
    t = ok(client.post(f"/v1/tournaments/{tid}/seating", json={"session": 1, "tables": [
        PLAYERS[:4], PLAYERS[4:]]}))  # fmt: skip
    assert t["seatings"][0]["tables"] == [PLAYERS[:4], PLAYERS[4:]]
    t = ok(client.post(f"/v1/tournaments/{tid}/seating", json={"seed": 3}))
    assert [s["session"] for s in t["seatings"]] == [1, 2]
    assert t["repeats"] == 4  # 8 players: two meet again at each table
    # table 1 of session 1 by its score sheet, table 2 by entered totals
    m = ok(client.post(f"/v1/tournaments/{tid}/tables/1/1/match"))
    for _ in range(16):
        ok(client.post(f"/v1/matches/{m['id']}/hands", json={"winner": "P1", "fan": 8}))
    scores = {"P5": 40, "P6": 20, "P7": -20, "P8": -40}
    t = ok(client.put(f"/v1/tournaments/{tid}/tables/1/2/result", json={"scores": scores}))
    standings = ok(client.get(f"/v1/tournaments/{tid}/standings"))
    assert [(x["rank"], x["player"]) for x in standings[:2]] == [(1, "P1"), (2, "P5")]
    assert standings[0]["table_points"] == 4 and standings[0]["score"] == 16 * 48
    with open_store(str(db)) as s:
        assert [x.to_dict() for x in s.standings(tid)] == standings
    assert ok(client.get(f"/v1/tournaments/{tid}"))["standings"] == standings
    listed = ok(client.get("/v1/tournaments"))
    assert [(x["id"], x["seated"]) for x in listed] == [(tid, 2)]


def test_unknown_tournament_is_a_404_problem(client: TestClient) -> None:
    for method, path in [("get", ""), ("get", "/standings"), ("post", "/seating"),
                         ("post", "/tables/1/1/match")]:  # fmt: skip
        r = client.request(method, f"/v1/tournaments/nope{path}", json={} if method == "post"
                           else None)  # fmt: skip
        detail = problem(r, 404, "not_found")["detail"]
        assert detail.startswith("no tournament 'nope'")


def test_bad_tournament_requests(client: TestClient) -> None:
    r = client.post("/v1/tournaments", json={"players": PLAYERS[:6]})
    detail = "tables are of four: 6 players is not a multiple of 4"
    assert problem(r, 422, "bad_match")["detail"] == detail
    tid = ok(client.post("/v1/tournaments", json={"players": PLAYERS, "sessions": 1}), 201)["id"]
    r = client.post(f"/v1/tournaments/{tid}/seating", json={"tables": [PLAYERS[:4]]})
    assert problem(r, 422, "bad_field")["detail"] == "tables need the session they seat"
    r = client.post(f"/v1/tournaments/{tid}/tables/1/1/match")
    assert problem(r, 422, "bad_match")["detail"] == "session 1 is not seated yet"
    r = client.post(f"/v1/tournaments/{tid}/seating", json={"session": 2, "tables": []})
    assert problem(r, 422, "bad_match")["detail"] == "the tournament has sessions 1-1, not 2"
    r = client.post(f"/v1/tournaments/{tid}/tables/x/1/match")
    assert problem(r, 422, "bad_field")["errors"][0]["field"] == "session"
