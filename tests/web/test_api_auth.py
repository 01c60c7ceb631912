"""Share tokens over HTTP (fanshu.web.api.auth, access): 401 without credentials, 403
with a token that does not grant the request, view links read-only, lists of one's own,
tokens kept hashed and never shown again, the audit trail, resolving kept tokens."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from fanshu.store import open_store
from fanshu.store.access import token_digest
from support.http import ok, problem

PLAYERS = ["Ann", "Bo", "Cy", "Di"]

#: Every route below /v1/matches/{id}: method, path, body, whether it changes the sheet.
ROUTES: list[tuple[str, str, Any, bool]] = [
    ("get", "", None, False),
    ("get", "/export", None, False),
    ("get", "/events", None, False),
    ("post", "/hands", {"draw": True}, True),
    ("put", "/hands/1", {"winner": "Ann", "fan": 8}, True),
    ("post", "/penalties", {"player": "Ann", "points": 5}, True),
    ("post", "/false-wins", {"player": "Ann", "kind": "not_complete"}, True),
    ("post", "/undo", {}, True),
    ("post", "/share", {"role": "view"}, True),
]


@pytest.fixture
def client(file_client: TestClient) -> TestClient:
    return file_client


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def new(client: TestClient) -> dict[str, Any]:
    """A new match with one drawn hand (so that PUT /hands/1 has a hand to correct)."""
    m = ok(client.post("/v1/matches", json={"players": PLAYERS}), 201)
    edit = m["access"]["edit_token"]
    ok(client.post(f"/v1/matches/{m['id']}/hands", json={"draw": True}, headers=bearer(edit)))
    return dict(m)


def test_the_201_carries_the_tokens_and_links_once(client: TestClient) -> None:
    m = ok(client.post("/v1/matches", json={"players": PLAYERS}), 201)
    access = m["access"]
    edit, view = access["edit_token"], access["view_token"]
    assert len(edit) >= 32 and len(view) >= 32 and edit != view
    assert access["edit_link"] == f"/#/match/{m['id']}?key={edit}"
    assert access["view_link"] == f"/#/match/{m['id']}?key={view}"
    # no read shows a token again
    for path in ("", "/events", "/export", "/export?format=csv"):
        r = client.get(f"/v1/matches/{m['id']}{path}", headers=bearer(view))
        assert r.status_code == 200 and edit not in r.text and view not in r.text
    listed = client.get("/v1/matches", headers=bearer(edit))
    assert edit not in listed.text and view not in listed.text
    resolved = client.post("/v1/access/resolve", json={"tokens": [edit, view]})
    assert edit not in resolved.text and view not in resolved.text


@pytest.mark.parametrize(("method", "path", "body", "writes"), ROUTES)
def test_no_credentials_is_401(
    client: TestClient, method: str, path: str, body: Any, writes: bool
) -> None:
    mid = new(client)["id"]
    for url in (f"/v1/matches/{mid}{path}", f"/v1/matches/zzzzzz{path}"):
        r = client.request(method, url, json=body)
        problem(r, 401, "unauthorized")
        assert r.headers["www-authenticate"] == "Bearer"


@pytest.mark.parametrize(("method", "path", "body", "writes"), ROUTES)
def test_a_token_of_another_match_is_403_whether_or_not_the_id_exists(
    client: TestClient, method: str, path: str, body: Any, writes: bool
) -> None:
    mine, theirs = new(client), new(client)
    token = mine["access"]["edit_token"]
    for other in (theirs["id"], "zzzzzz"):
        r = client.request(method, f"/v1/matches/{other}{path}", json=body, headers=bearer(token))
        detail = problem(r, 403, "forbidden")["detail"]
        assert theirs["id"] not in detail and mine["id"] not in detail
    r = client.request(method, f"/v1/matches/{theirs['id']}{path}", json=body,
                       headers=bearer("not-a-token-of-this-server"))  # fmt: skip
    problem(r, 403, "forbidden")


@pytest.mark.parametrize(("method", "path", "body", "writes"), ROUTES)
def test_a_view_link_reads_and_changes_nothing(
    client: TestClient, method: str, path: str, body: Any, writes: bool
) -> None:
    m = new(client)
    view, edit = m["access"]["view_token"], m["access"]["edit_token"]
    url = f"/v1/matches/{m['id']}"
    before = ok(client.get(url, headers=bearer(edit)))
    r = client.request(method, url + path, json=body, headers=bearer(view))
    if writes:
        assert "edit needed" in problem(r, 403, "forbidden")["detail"]
    else:
        assert r.status_code == 200
    assert ok(client.get(url, headers=bearer(edit))) == before
    # the edit token may do it
    r = client.request(method, url + path, json=body, headers=bearer(edit))
    assert r.status_code in (200, 201), r.text


def test_a_malformed_authorization_header_is_401(client: TestClient) -> None:
    mid = new(client)["id"]
    for header in ("Basic YTpi", "Bearer", "Bearer   "):
        r = client.get(f"/v1/matches/{mid}", headers={"Authorization": header})
        problem(r, 401, "unauthorized")


def test_lists_show_only_what_the_token_opens(client: TestClient) -> None:
    a, b = new(client), new(client)
    assert ok(client.get("/v1/matches")) == []  # no credentials: nothing
    for m in (a, b):
        for token in (m["access"]["edit_token"], m["access"]["view_token"]):
            listed = ok(client.get("/v1/matches", headers=bearer(token)))
            assert [x["id"] for x in listed] == [m["id"]]
    assert ok(client.get("/v1/matches", headers=bearer("unknown-token"))) == []


def test_tokens_are_stored_hashed(client: TestClient, db: Path) -> None:
    m = new(client)
    edit, view = m["access"]["edit_token"], m["access"]["view_token"]
    with sqlite3.connect(db) as c:
        rows = c.execute("SELECT token_hash, role, label FROM grants").fetchall()
        whole = "\n".join(c.iterdump())
    assert sorted(rows) == sorted(
        [(token_digest(edit), "edit", "owner"), (token_digest(view), "view", "viewer")]
    )
    assert edit not in whole and view not in whole


def test_share_links_and_the_audit_trail(client: TestClient) -> None:
    m = new(client)
    mid, edit = m["id"], m["access"]["edit_token"]
    url = f"/v1/matches/{mid}"
    shared = ok(
        client.post(
            f"{url}/share", json={"role": "edit", "label": "table 3"}, headers=bearer(edit)
        ),
        201,
    )
    assert shared["role"] == "edit" and shared["label"] == "table 3"
    assert shared["link"] == f"/#/match/{mid}?key={shared['token']}"
    viewer = ok(client.post(f"{url}/share", json={}, headers=bearer(edit)), 201)
    assert (viewer["role"], viewer["label"]) == ("view", "view link")
    # a view token cannot share
    problem(client.post(f"{url}/share", json={"role": "edit"},
                        headers=bearer(viewer["token"])), 403, "forbidden")  # fmt: skip
    table = bearer(shared["token"])
    ok(client.post(f"{url}/hands", json={"winner": "Bo", "discarder": "Di", "fan": 10},
                   headers=table))  # fmt: skip
    ok(client.put(f"{url}/hands/2", json={"winner": "Cy", "fan": 8}, headers=table))
    ok(client.post(f"{url}/undo", json={}, headers=bearer(edit)))
    events = ok(client.get(f"{url}/events", headers=bearer(viewer["token"])))
    assert [(e["action"], e["actor"]) for e in events] == [
        ("create", "token:owner"),
        ("draw", "token:owner"),
        ("win", "token:table 3"),
        ("correct", "token:table 3"),
        ("undo", "token:owner"),
    ]
    correct, undo = events[3]["detail"], events[4]["detail"]
    assert (correct["before"]["winner"], correct["after"]["winner"]) == ("Bo", "Cy")
    assert undo["before"]["winner"] == "Cy" and undo["after"] is None
    assert all(set(e) == {"at", "actor", "action", "detail"} for e in events)


def test_resolve_lists_the_tokens_that_open_something(client: TestClient) -> None:
    a, b = new(client), new(client)
    tokens = ["junk", a["access"]["view_token"], "", b["access"]["edit_token"], "x" * 500]
    got = ok(client.post("/v1/access/resolve", json={"tokens": tokens}))
    assert [(x["token_index"], x["kind"], x["id"], x["role"]) for x in got] == [
        (1, "match", a["id"], "view"),
        (3, "match", b["id"], "edit"),
    ]
    assert got[0]["summary"]["players"] == PLAYERS and got[0]["summary"]["hands_played"] == 1
    assert ok(client.post("/v1/access/resolve", json={"tokens": []})) == []
    r = client.post("/v1/access/resolve", json={"tokens": ["t"] * 201})
    assert r.status_code == 422


def test_a_tournament_grant_covers_its_table_matches(client: TestClient, db: Path) -> None:
    players = [f"P{i}" for i in range(4)]
    with open_store(str(db)) as s:
        tid = s.create_tournament(players, sessions=1)
        s.seat_session(tid, 1, [players])
        mid = s.table_match(tid, 1, 1)
        edit, view = s.grant("tournament", tid, "edit"), s.grant("tournament", tid, "view")
        other = s.create_tournament([f"Q{i}" for i in range(4)], sessions=1)
        stranger = s.grant("tournament", other, "edit")
    url = f"/v1/matches/{mid}"
    ok(client.get(url, headers=bearer(view)))
    problem(
        client.post(f"{url}/hands", json={"draw": True}, headers=bearer(view)), 403, "forbidden"
    )
    ok(client.post(f"{url}/hands", json={"draw": True}, headers=bearer(edit)))
    problem(client.get(url, headers=bearer(stranger)), 403, "forbidden")


def test_the_cli_owns_a_local_file_and_shares_it(client: TestClient, db: Path) -> None:
    """A match made by the command line has no token until one is shared."""
    with open_store(str(db)) as s:
        mid = s.create_match(PLAYERS)
        token = s.grant("match", mid, "view", label="for Bo")
    problem(client.get(f"/v1/matches/{mid}"), 401, "unauthorized")
    assert ok(client.get(f"/v1/matches/{mid}", headers=bearer(token)))["id"] == mid
