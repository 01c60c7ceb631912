"""/v1/tournaments: players, seatings, table results and standings over HTTP; results
that cannot contradict their sheets; who may read and change a tournament."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from fanshu.store import open_store
from fanshu.web.app import create_app
from support.http import ok, problem
from web.conftest import BASE_URL, NO_LIMITS

PLAYERS = [f"P{i}" for i in range(1, 9)]


@pytest.fixture
def client(file_client: TestClient) -> TestClient:
    return file_client  # a database file of each test's own (tests/web/conftest.py)


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def new(client: TestClient, **body: Any) -> tuple[str, dict[str, Any], dict[str, str]]:
    """A new tournament: its id, its access member and the organiser's headers."""
    t = ok(client.post("/v1/tournaments", json={"players": PLAYERS, **body}), 201)
    return t["id"], t["access"], bearer(t["access"]["edit_token"])


def seated(client: TestClient) -> tuple[str, dict[str, Any], dict[str, str]]:
    tid, access, h = new(client, sessions=2)
    ok(client.post(f"/v1/tournaments/{tid}/seating", headers=h,
                   json={"session": 1, "tables": [PLAYERS[:4], PLAYERS[4:]]}))  # fmt: skip
    return tid, access, h


def test_a_tournament_from_seating_to_standings(client: TestClient, db: Path) -> None:
    t = ok(client.post("/v1/tournaments", json={"players": PLAYERS, "sessions": 2,
                                                "name": "club"}), 201)  # fmt: skip
    tid = t["id"]
    h = bearer(t["access"]["edit_token"])
    assert t["access"]["edit_link"] == f"/#/tournament/{tid}?key={t['access']['edit_token']}"
    assert (t["name"], t["sessions"], t["seatings"], t["standings"][0]["matches"]) == (
        "club", 2, [], 0,
    )  # fmt: skip
    t = ok(client.post(f"/v1/tournaments/{tid}/seating", headers=h, json={"session": 1, "tables": [
        PLAYERS[:4], PLAYERS[4:]]}))  # fmt: skip
    assert t["seatings"][0]["tables"] == [PLAYERS[:4], PLAYERS[4:]]
    t = ok(client.post(f"/v1/tournaments/{tid}/seating", headers=h, json={"seed": 3}))
    assert [s["session"] for s in t["seatings"]] == [1, 2]
    assert t["repeats"] == 4  # 8 players: two meet again at each table
    # table 1 of session 1 by its score sheet, table 2 by typed totals
    m = ok(client.post(f"/v1/tournaments/{tid}/tables/1/1/match", headers=h, json={}))
    for _ in range(16):  # the organiser's token edits the table's match too
        ok(client.post(f"/v1/matches/{m['id']}/hands", headers=h, json={"winner": "P1", "fan": 8}))
    scores = {"P5": 40, "P6": 20, "P7": -20, "P8": -40}
    t = ok(client.put(f"/v1/tournaments/{tid}/tables/1/2/result", headers=h,
                      json={"scores": scores}))  # fmt: skip
    assert [r["source"] for r in t["results"]] == [f"sheet:{m['id']}", "typed"]
    standings = ok(client.get(f"/v1/tournaments/{tid}/standings", headers=h))
    assert [(x["rank"], x["player"]) for x in standings[:2]] == [(1, "P1"), (2, "P5")]
    assert standings[0]["table_points"] == 4 and standings[0]["score"] == 16 * 48
    assert standings[0]["tables"] == [{"session": 1, "table": 1, "source": f"sheet:{m['id']}",
        "state": "complete", "score": 768, "table_points": 4, "hands": 16}]  # fmt: skip
    assert standings[1]["tables"][0]["source"] == "typed"
    with open_store(str(db)) as s:
        assert [x.to_dict() for x in s.standings(tid)] == standings
    assert ok(client.get(f"/v1/tournaments/{tid}", headers=h))["standings"] == standings
    listed = ok(client.get("/v1/tournaments", headers=h))
    assert [(x["id"], x["seated"]) for x in listed] == [(tid, 2)]


def test_typed_results_cannot_contradict_sheets(client: TestClient) -> None:
    tid, _, h = seated(client)
    base = f"/v1/tournaments/{tid}/tables/1"
    mid = ok(client.post(f"{base}/1/match", headers=h, json={}))["id"]
    ok(client.post(f"/v1/matches/{mid}/hands", headers=h, json={"winner": "P1", "fan": 8}))
    # a sheet in progress: no typed result, and no result yet
    r = client.put(f"{base}/1/result", headers=h, json={"scores": {"P1": 0, "P2": 0, "P3": 0,
                                                                   "P4": 0}})  # fmt: skip
    assert "1 of 16 hands" in problem(r, 409, "has_sheet")["detail"]
    row = next(x for x in ok(client.get(f"/v1/tournaments/{tid}/standings", headers=h))
               if x["player"] == "P1")  # fmt: skip
    assert (row["matches"], row["score"], row["in_progress"]) == (0, 0, 1)
    assert row["tables"][0]["state"] == "in progress" and row["tables"][0]["score"] == 48
    for _ in range(15):
        ok(client.post(f"/v1/matches/{mid}/hands", headers=h, json={"draw": True}))
    # a finished sheet: still no typed result, not even as a correction
    for correction in (False, True):
        body = {"scores": {"P1": -48, "P2": 16, "P3": 16, "P4": 16}, "correction": correction}
        r = client.put(f"{base}/1/result", headers=h, json=body)
        problem(r, 409, "has_sheet")
    row = next(x for x in ok(client.get(f"/v1/tournaments/{tid}/standings", headers=h))
               if x["player"] == "P1")  # fmt: skip
    assert (row["score"], row["table_points"], row["tables"][0]["source"]) == (
        48,
        4,
        f"sheet:{mid}",
    )
    # typed totals: the four seated players, whole, within the bound, summing to 0
    bad: list[tuple[dict[str, Any], int, str]] = [
        ({"P5": 10000, "P6": 0, "P7": 0, "P8": 0}, 422, "bad_totals"),
        ({"P5": 30000, "P6": -30000, "P7": 0, "P8": 0}, 422, "out_of_range"),
        ({"P5": 10, "P6": -10, "P7": 0}, 422, "bad_totals"),
        ({"P5": 10, "P6": -10, "P7": 0, "P1": 0}, 422, "bad_totals"),
        ({"P5": 1.5, "P6": -1.5, "P7": 0, "P8": 0}, 422, "bad_field"),
        ({"P5": "10", "P6": -10, "P7": 0, "P8": 0}, 422, "bad_field"),
    ]
    for scores, status, code in bad:
        problem(client.put(f"{base}/2/result", headers=h, json={"scores": scores}), status, code)
    r = client.put(f"{base}/2/result", headers=h, json={"scores": {"P5": 2**70, "P6": 0, "P7": 0,
                                                                   "P8": 0}})  # fmt: skip
    assert r.status_code == 422
    first = {"P5": 40, "P6": 20, "P7": -20, "P8": -40}
    ok(client.put(f"{base}/2/result", headers=h, json={"scores": first}))
    second = {"P5": 20, "P6": 40, "P7": -20, "P8": -40}
    r = client.put(f"{base}/2/result", headers=h, json={"scores": second})
    assert "already has the result P5 40" in problem(r, 409, "already_recorded")["detail"]
    t = ok(client.put(f"{base}/2/result", headers=h, json={"scores": second, "correction": True}))
    assert t["results"][1]["source"] == "corrected" and t["results"][1]["totals"] == second
    r = client.put(f"/v1/tournaments/{tid}/tables/2/1/result", headers=h,
                   json={"scores": {"P1": 0}, "correction": True})  # fmt: skip
    assert problem(r, 422, "bad_match")["detail"] == "session 2 is not seated yet"
    problem(client.post(f"{base}/2/match", headers=h, json={}), 409, "has_typed_result")
    problem(client.post(f"{base}/2/share", headers=h, json={}), 409, "has_typed_result")
    events = ok(client.get(f"/v1/tournaments/{tid}/events", headers=h))
    assert [e["action"] for e in events] == [
        "create", "seat", "open_table", "result", "correct_result",
    ]  # fmt: skip
    assert events[-1]["detail"] == {"session": 1, "table": 2, "before": first, "after": second}
    assert {e["actor"] for e in events[1:]} == {"token:owner"}


def test_correcting_nothing_is_refused(client: TestClient) -> None:
    tid, _, h = seated(client)
    body = {"scores": {"P5": 0, "P6": 0, "P7": 0, "P8": 0}, "correction": True}
    r = client.put(f"/v1/tournaments/{tid}/tables/1/2/result", headers=h, json=body)
    assert "no typed result to correct" in problem(r, 409, "not_recorded")["detail"]


def test_who_may_read_and_change_a_tournament(client: TestClient) -> None:
    tid, access, h = seated(client)
    view = bearer(access["view_token"])
    other_tid, _, other = new(client, sessions=1)
    paths_read = ["", "/standings", "/events"]
    writes: list[tuple[str, str, Any]] = [
        ("post", "/seating", {"seed": 1}),
        ("post", "/tables/1/1/match", {}),
        ("put", "/tables/1/2/result", {"scores": {"P5": 1, "P6": -1, "P7": 0, "P8": 0}}),
        ("post", "/share", {"role": "edit"}),
        ("post", "/tables/1/1/share", {}),
    ]
    for path in paths_read:
        problem(client.get(f"/v1/tournaments/{tid}{path}"), 401, "unauthorized")
        problem(client.get(f"/v1/tournaments/{tid}{path}", headers=other), 403, "forbidden")
        problem(client.get(f"/v1/tournaments/nope{path}", headers=other), 403, "forbidden")
        ok(client.get(f"/v1/tournaments/{tid}{path}", headers=view))
    r = client.get(f"/v1/tournaments/{tid}")
    assert r.headers["www-authenticate"] == "Bearer"
    for method, path, body in writes:
        url = f"/v1/tournaments/{tid}{path}"
        problem(client.request(method, url, json=body), 401, "unauthorized")
        problem(client.request(method, url, json=body, headers=view), 403, "forbidden")
        problem(client.request(method, url, json=body, headers=other), 403, "forbidden")
    assert ok(client.get(f"/v1/tournaments/{tid}/events", headers=h))[-1]["action"] == "seat"
    # lists: only what the caller may see
    assert ok(client.get("/v1/tournaments")) == []
    assert [x["id"] for x in ok(client.get("/v1/tournaments", headers=view))] == [tid]
    assert [x["id"] for x in ok(client.get("/v1/tournaments", headers=other))] == [other_tid]
    assert ok(client.get("/v1/tournaments", headers=bearer("not-a-token"))) == []
    # a view token sees the table sheets, and changes none of them
    mid = ok(client.post(f"/v1/tournaments/{tid}/tables/1/1/match", headers=h, json={}))["id"]
    ok(client.get(f"/v1/matches/{mid}", headers=view))
    problem(client.post(f"/v1/matches/{mid}/hands", headers=view, json={"draw": True}), 403,
            "forbidden")  # fmt: skip
    problem(client.post(f"/v1/matches/{mid}/hands", headers=other, json={"draw": True}), 403,
            "forbidden")  # fmt: skip


def test_sharing_a_tournament_and_one_table(client: TestClient) -> None:
    tid, _, h = seated(client)
    shared = ok(client.post(f"/v1/tournaments/{tid}/share", headers=h,
                            json={"role": "view", "label": "board"}), 201)  # fmt: skip
    assert shared["role"] == "view" and shared["label"] == "board"
    assert shared["link"] == f"/#/tournament/{tid}?key={shared['token']}"
    ok(client.get(f"/v1/tournaments/{tid}/standings", headers=bearer(shared["token"])))
    co = ok(client.post(f"/v1/tournaments/{tid}/share", headers=h, json={"role": "edit"}), 201)
    ok(client.post(f"/v1/tournaments/{tid}/seating", headers=bearer(co["token"]), json={}))
    # one table's own token: its sheet (opened by the share), and nothing else
    t1 = ok(client.post(f"/v1/tournaments/{tid}/tables/1/1/share", headers=h,
                        json={"label": "table 1"}), 201)  # fmt: skip
    mid = t1["match_id"]
    assert (t1["role"], t1["label"], t1["link"]) == (
        "edit", "table 1", f"/#/match/{mid}?key={t1['token']}",
    )  # fmt: skip
    table = bearer(t1["token"])
    ok(client.post(f"/v1/matches/{mid}/hands", headers=table, json={"winner": "P1", "fan": 8}))
    assert ok(client.get(f"/v1/matches/{mid}/events", headers=table))[-1]["actor"] == (
        "token:table 1"
    )
    t2 = ok(client.post(f"/v1/tournaments/{tid}/tables/1/2/share", headers=h, json={}), 201)
    assert t2["label"] == "session 1 table 2" and t2["match_id"] != mid
    problem(client.post(f"/v1/matches/{t2['match_id']}/hands", headers=table,
                        json={"draw": True}), 403, "forbidden")  # fmt: skip
    problem(client.get(f"/v1/tournaments/{tid}", headers=table), 403, "forbidden")
    body = {"scores": {"P5": 0, "P6": 0, "P7": 0, "P8": 0}}
    r = client.put(f"/v1/tournaments/{tid}/tables/1/2/result", headers=table, json=body)
    problem(r, 403, "forbidden")
    # the same table shared twice: the same sheet, a second token
    again = ok(client.post(f"/v1/tournaments/{tid}/tables/1/1/share", headers=h, json={}), 201)
    assert again["match_id"] == mid and again["token"] != t1["token"]
    opened = [e for e in ok(client.get(f"/v1/tournaments/{tid}/events", headers=h))
              if e["action"] == "open_table"]  # fmt: skip
    assert len(opened) == 2


def test_a_gone_tournament_is_a_404_for_its_token(client: TestClient, db: Path) -> None:
    tid, _, h = seated(client)
    with sqlite3.connect(db) as c:  # gone (fanshu has no command that deletes one)
        c.execute("DELETE FROM tournaments WHERE id = ?", (tid,))
    c.close()
    for path in ["", "/standings", "/events"]:
        detail = problem(client.get(f"/v1/tournaments/{tid}{path}", headers=h), 404,
                         "not_found")["detail"]  # fmt: skip
        assert detail.startswith(f"no tournament {tid!r}") and "tournaments:" not in detail


def test_bad_tournament_requests(client: TestClient) -> None:
    r = client.post("/v1/tournaments", json={"players": PLAYERS[:6]})
    detail = "tables are of four: 6 players is not a multiple of 4"
    assert problem(r, 422, "bad_match")["detail"] == detail
    tid, _, h = new(client, sessions=1)
    r = client.post(f"/v1/tournaments/{tid}/seating", headers=h, json={"tables": [PLAYERS[:4]]})
    assert problem(r, 422, "bad_field")["detail"] == "tables need the session they seat"
    r = client.post(f"/v1/tournaments/{tid}/tables/1/1/match", headers=h, json={})
    assert problem(r, 422, "bad_match")["detail"] == "session 1 is not seated yet"
    r = client.post(f"/v1/tournaments/{tid}/seating", headers=h, json={"session": 2, "tables": []})
    assert problem(r, 422, "bad_match")["detail"] == "the tournament has sessions 1-1, not 2"
    r = client.post(f"/v1/tournaments/{tid}/tables/x/1/match", headers=h, json={})
    assert problem(r, 422, "bad_field")["errors"][0]["field"] == "session"


def test_a_typed_result_with_a_referees_penalty(client: TestClient) -> None:
    tid, _, h = seated(client)
    url = f"/v1/tournaments/{tid}/tables/1/2/result"
    fined = {"P5": 40, "P6": 20, "P7": -20, "P8": -50}
    r = client.put(url, headers=h, json={"scores": fined})
    assert "given as a penalty" in problem(r, 422, "bad_totals")["detail"]
    r = client.put(url, headers=h, json={"scores": fined, "penalties": {"P1": 10}})
    problem(r, 422, "bad_totals")
    r = client.put(url, headers=h, json={"scores": fined, "penalties": {"P8": -10}})
    problem(r, 422, "out_of_range")
    t = ok(client.put(url, headers=h, json={"scores": fined, "penalties": {"P8": 10}}))
    assert t["results"][0]["penalties"] == {"P8": 10} and t["results"][0]["totals"] == fined
    events = ok(client.get(f"/v1/tournaments/{tid}/events", headers=h))
    assert events[-1]["detail"]["penalties"] == {"P8": 10}


def test_club_mode_an_organiser_runs_the_tournament(db: Path) -> None:
    password = "long-enough-1"
    with open_store(str(db)) as s:
        s.create_account("org", password, "organiser")
        s.create_account("pia", password, "player")
    app = create_app(str(db), rate_limits=NO_LIMITS, accounts=True)  # serve --accounts

    def log_in(name: str) -> tuple[TestClient, dict[str, str]]:
        c = TestClient(app, raise_server_exceptions=False, base_url=BASE_URL)
        r = c.post("/v1/session", json={"name": name, "password": password})
        return c, {"X-CSRF-Token": ok(r)["csrf"]}

    org, org_csrf = log_in("org")
    pia, pia_csrf = log_in("pia")
    with org, pia:
        body = {"players": PLAYERS, "sessions": 1}
        problem(pia.post("/v1/tournaments", json=body, headers=pia_csrf), 403, "forbidden")
        t = ok(org.post("/v1/tournaments", json=body, headers=org_csrf), 201)
        tid = t["id"]
        assert "edit_token" in t["access"]
        seating = {"session": 1, "tables": [PLAYERS[:4], PLAYERS[4:]]}
        problem(org.post(f"/v1/tournaments/{tid}/seating", json=seating), 403, "csrf")
        ok(org.post(f"/v1/tournaments/{tid}/seating", json=seating, headers=org_csrf))
        scores = {"P5": 40, "P6": 20, "P7": -20, "P8": -40}
        ok(org.put(f"/v1/tournaments/{tid}/tables/1/2/result", json={"scores": scores},
                   headers=org_csrf))  # fmt: skip
        assert [x["id"] for x in ok(org.get("/v1/tournaments"))] == [tid]
        assert ok(pia.get("/v1/tournaments")) == []
        problem(pia.get(f"/v1/tournaments/{tid}"), 403, "forbidden")
        problem(pia.put(f"/v1/tournaments/{tid}/tables/1/2/result", headers=pia_csrf,
                        json={"scores": scores, "correction": True}), 403, "forbidden")  # fmt: skip
        events = ok(org.get(f"/v1/tournaments/{tid}/events"))
        assert [(e["action"], e["actor"]) for e in events] == [
            ("create", "account:org"), ("seat", "account:org"), ("result", "account:org"),
        ]  # fmt: skip


def test_export_and_import_keep_results_and_sources(client: TestClient) -> None:
    tid, access, h = seated(client)
    mid = ok(client.post(f"/v1/tournaments/{tid}/tables/1/1/match", headers=h, json={}))["id"]
    for _ in range(16):
        ok(client.post(f"/v1/matches/{mid}/hands", headers=h, json={"draw": True}))
    url = f"/v1/tournaments/{tid}/tables/1/2/result"
    ok(client.put(url, headers=h, json={"scores": {"P5": 9, "P6": -9, "P7": 0, "P8": 0}}))
    scores = {"P5": 40, "P6": 20, "P7": -20, "P8": -50}
    body = {"scores": scores, "penalties": {"P8": 10}, "correction": True}
    ok(client.put(url, headers=h, json=body))
    problem(client.get(f"/v1/tournaments/{tid}/export"), 401, "unauthorized")
    standings = ok(client.get(f"/v1/tournaments/{tid}/standings", headers=h))
    for fmt in ("json", "csv"):
        r = client.get(f"/v1/tournaments/{tid}/export?format={fmt}",
                       headers=bearer(access["view_token"]))  # fmt: skip
        assert r.status_code == 200 and r.headers["content-type"].startswith(
            "text/csv" if fmt == "csv" else "application/json"
        )
        copy = ok(client.post("/v1/tournaments/import", json={"format": fmt, "text": r.text}), 201)
        assert copy["id"] != tid and set(copy["access"]) >= {"edit_token", "view_token"}
        assert [x["source"] for x in copy["results"]] == [f"sheet:{copy['id']}-s1t1", "corrected"]
        assert copy["results"][1]["penalties"] == {"P8": 10}
        mine = bearer(copy["access"]["edit_token"])
        again = ok(client.get(f"/v1/tournaments/{copy['id']}/standings", headers=mine))
        renamed = json.dumps(standings).replace(f"sheet:{mid}", f"sheet:{copy['id']}-s1t1")
        assert again == json.loads(renamed)
        ok(client.get(f"/v1/matches/{copy['id']}-s1t1", headers=mine))  # its sheets are its own
        problem(client.get(f"/v1/tournaments/{tid}", headers=mine), 403, "forbidden")
    edited = r.text.replace("-50", "-49")
    r = client.post("/v1/tournaments/import", json={"format": "csv", "text": edited})
    assert "sum to" in problem(r, 422, "bad_totals")["detail"]
