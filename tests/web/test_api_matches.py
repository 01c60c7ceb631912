"""/v1/matches: score sheets in the database, recorded over HTTP and read by the store
(the same file ``fanshu match`` uses).  The client acts with the edit token of the
match it made last (tests/web/test_api_auth.py tests the tokens themselves)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import fanshu
from fanshu.store import open_store
from fanshu.web.app import create_app
from support.http import ok, problem

PLAYERS = ["Ann", "Bo", "Cy", "Di"]


@pytest.fixture
def client(file_client: TestClient) -> TestClient:
    return file_client  # a database file of each test's own (tests/web/conftest.py)


def new(client: TestClient, players: list[str] = PLAYERS, **extra: Any) -> dict[str, Any]:
    """A new match; from now on ``client`` sends its edit token."""
    m = ok(client.post("/v1/matches", json={"players": players, **extra}), 201)
    client.headers["Authorization"] = f"Bearer {m['access']['edit_token']}"
    return dict(m)


def test_a_new_match_is_empty_and_says_who_deals(client: TestClient) -> None:
    m = new(client)
    assert m["players"] == [{"name": p, "total": 0, "table_points": None} for p in PLAYERS]
    assert m["hands"] == [] and m["totals"] == dict.fromkeys(PLAYERS, 0)
    assert (m["hands_played"], m["complete"], m["table_points"]) == (0, False, None)
    assert m["next"] == {
        "number": 1, "prevalent_wind": "E", "dealer": "Ann",
        "seat_winds": {"Ann": "E", "Bo": "S", "Cy": "W", "Di": "N"},
    }  # fmt: skip
    assert m["scale"] == [4, 2, 1, 0]
    assert new(client, scale_48=True)["scale"] == [48, 24, 12, 0]


def test_record_hands_penalties_false_wins_undo_and_correct(client: TestClient, db: Path) -> None:
    mid = new(client)["id"]
    url = f"/v1/matches/{mid}"
    m = ok(client.post(f"{url}/hands", json={"winner": "Bo", "discarder": "Di", "fan": 10}))
    assert m["totals"] == {"Ann": -8, "Bo": 34, "Cy": -8, "Di": -18}
    scored_hand = "[EEEE]123m456p789s11s"
    m = ok(client.post(f"{url}/hands", json={"winner": "Cy", "hand": scored_hand}))
    row = m["hands"][-1]
    # scored with hand 2's winds: Bo deals, so Cy's seat wind is South
    scored = fanshu.score("[EEEE]123m456p789s11s", self_drawn=True, seat_wind="S")
    assert (row["fan"], row["self_drawn"], row["hand"]) == (scored.total, True, scored_hand)
    assert row["fans"] == scored.to_dict()["fans"]
    m = ok(client.post(f"{url}/hands", json={"draw": True}))
    assert m["hands_played"] == 3 and m["next"]["number"] == 4
    m = ok(client.post(f"{url}/penalties", json={"player": "Di", "points": 10, "reason": "slow"}))
    assert m["hands"][-1]["penalties"] == [{"player": "Di", "points": 10, "reason": "slow"}]
    m = ok(client.post(f"{url}/false-wins", json={"player": "Ann", "kind": "under_minimum"}))
    assert m["hands"][-1]["payments"] == {"Ann": -30, "Bo": 10, "Cy": 10, "Di": 10}
    m = ok(client.post(f"{url}/undo", json={}))
    assert m["removed"]["kind"] == "false_win" and len(m["hands"]) == 4
    m = ok(client.put(f"{url}/hands/3", json={"winner": "Ann", "fan": 8}))
    assert m["hands"][2]["winner"] == "Ann"
    assert m["running_totals"][-1] == m["totals"]
    assert sum(m["totals"].values()) == -10  # the free penalty is paid to nobody
    # the same file, read by the store the command line uses
    with open_store(str(db)) as s:
        assert s.load_match(mid).totals() == m["totals"]
    listed = ok_list(client.get("/v1/matches"))
    assert [(x["id"], x["hands_played"]) for x in listed] == [(mid, 3)]
    assert ok(client.get(url)) == {k: v for k, v in m.items() if k != "removed"}


def ok_list(r: Any) -> list[Any]:
    assert r.status_code == 200, r.text
    return list(r.json())


def test_a_full_match_has_table_points_and_refuses_a_17th_hand(client: TestClient) -> None:
    mid = new(client)["id"]
    for n in range(16):
        winner = PLAYERS[n % 4]
        m = ok(client.post(f"/v1/matches/{mid}/hands", json={"winner": winner, "fan": 8 + n}))
    assert m["complete"] is True and m["next"] is None
    assert sorted(m["table_points"].values()) == [0, 1, 2, 4]
    body = problem(client.post(f"/v1/matches/{mid}/hands", json={"draw": True}), 422, "bad_match")
    assert body["detail"] == "the match is complete: all 16 hands are recorded"


def test_export_as_json_and_csv(client: TestClient) -> None:
    mid = new(client)["id"]
    client.post(f"/v1/matches/{mid}/hands", json={"winner": "Bo", "discarder": "Di", "fan": 10})
    r = client.get(f"/v1/matches/{mid}/export")
    assert r.status_code == 200 and r.json()["id"] == mid
    r = client.get(f"/v1/matches/{mid}/export", params={"format": "csv"})
    assert r.headers["content-type"].startswith("text/csv")
    assert "Bo" in r.text
    problem(client.get(f"/v1/matches/{mid}/export", params={"format": "xml"}), 422, "bad_field")


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("get", "", None),
        ("post", "/hands", {"draw": True}),
        ("put", "/hands/1", {"draw": True}),
        ("post", "/penalties", {"player": "Ann", "points": 5}),
        ("post", "/false-wins", {"player": "Ann", "kind": "not_complete"}),
        ("post", "/undo", {}),
        ("get", "/export", None),
        ("get", "/events", None),
    ],
)
def test_an_unknown_match_is_forbidden_and_names_no_ids(
    client: TestClient, method: str, path: str, body: Any
) -> None:
    """A token of another match opens nothing else, whether the id exists or not, and
    the answer names no match (an organiser's 404 is in test_api_auth.py)."""
    mid = new(client)["id"]
    r = client.request(method, f"/v1/matches/zzzzzz{path}", json=body)
    detail = problem(r, 403, "forbidden")["detail"]
    assert mid not in detail and "zzzzzz" not in detail


@pytest.mark.parametrize(
    ("body", "code", "detail"),
    [
        ({"winner": "Bo", "discarder": "Di", "fan": 7}, "bad_match",
         "a win needs 8 fan without flowers: 7 fan; record it as a 错和 (false win, "
         "under_minimum) instead"),
        ({"winner": "Eve", "fan": 8}, "bad_match", "unknown winner 'Eve': the players are "
         "Ann, Bo, Cy, Di"),
        ({"winner": "Bo", "hand": "123m456p789s11s135m"}, "bad_match", None),
        ({"winner": "Bo", "hand": "123m4x"}, "bad_notation", "unknown suit 'x' at 5"),
        ({"draw": True, "winner": "Bo"}, "bad_field",
         "a drawn hand (draw) takes no winner, discarder, fan, hand or flowers"),
        ({"fan": 8}, "bad_field", "give the winner, or draw: true for a drawn hand"),
        ({"winner": "Bo"}, "bad_field", "give the fan total (fan) or the hand (hand), one of them"),
        ({"winner": "Bo", "fan": 8, "discarder": "Di", "self_drawn": True}, "bad_field",
         "say how the hand was won: self_drawn true or the discarder (one of them)"),
        ({"winner": "Bo", "fan": 8, "robbed": True}, "bad_field", "unknown key 'robbed'"),
        ({"winner": "Bo", "fan": 8, "kong": True}, "bad_match", "kong (杠上开花 self-drawn, "
         "抢杠和 on a discard) is scored from the winning hand: give Bo's hand instead of the "
         "fan total (which already counts it)"),
        ({"winner": "Bo", "fan": 8.5}, "bad_field", None),
    ],
)  # fmt: skip
def test_bad_hands_are_422_problems_and_change_nothing(
    client: TestClient, body: dict[str, Any], code: str, detail: str | None
) -> None:
    mid = new(client)["id"]
    got = problem(client.post(f"/v1/matches/{mid}/hands", json=body), 422, code)
    if detail is not None:
        assert got["detail"] == detail
    assert ok(client.get(f"/v1/matches/{mid}"))["hands"] == []


def test_bad_new_matches_and_penalties(client: TestClient) -> None:
    body = problem(client.post("/v1/matches", json={"players": PLAYERS[:3]}), 422, "bad_match")
    assert body["detail"] == "an MCR table has four players, not 3: ['Ann', 'Bo', 'Cy']"
    body = problem(client.post("/v1/matches", json={"players": "Ann"}), 422, "bad_field")
    assert body["errors"][0]["field"] == "players"
    mid = new(client)["id"]
    r = client.post(f"/v1/matches/{mid}/penalties", json={"player": "Ann", "points": -5})
    assert problem(r, 422, "bad_match")["detail"].startswith("penalty points are deducted")
    r = client.post(f"/v1/matches/{mid}/undo", json={})
    assert problem(r, 422, "bad_match")["detail"] == "nothing to undo: the score sheet is empty"
    r = client.post(f"/v1/matches/{mid}/false-wins", json={"player": "Ann", "kind": "x"})
    problem(r, 422, "bad_field")


def test_memory_database_is_a_scratch_file_for_the_app(tmp_path: Path) -> None:
    app = create_app(":memory:")
    with TestClient(app, base_url="http://localhost") as c:
        mid = new(c)["id"]
        assert ok(c.get(f"/v1/matches/{mid}"))["id"] == mid
        scratch = Path(app.state.db.target)
        assert scratch.exists()
    assert not scratch.exists()  # removed when the app stops


def test_a_sichuan_match_over_http(client: TestClient) -> None:
    m = new(client, ["A", "B", "C", "D"], rules="sichuan", options={"cap": 3})
    assert (m["rules"], m["options"], m["next"]["dealer"]) == ("sichuan", {"cap": 3}, "A")
    url = f"/v1/matches/{m['id']}"
    hand = {
        "winner": "A",
        "discarder": "C",
        "fan": 5,
        "wins": [{"winner": "B", "fan": 1}],
        "kongs": [{"player": "D", "kind": "concealed"}],
    }
    m = ok(client.post(f"{url}/hands", json=hand))
    assert m["totals"] == {"A": 2, "B": 0, "C": -7, "D": 5}
    assert [i["kind"] for i in m["hands"][0]["items"]] == ["kong", "win", "win"]
    m = ok(client.put(f"{url}/hands/1", json={"draw": True}))
    assert m["totals"] == dict.fromkeys("ABCD", 0)
    false_win = {"player": "A", "kind": "under_minimum"}
    body = problem(client.post(f"{url}/false-wins", json=false_win), 422, "bad_match")
    assert "sichuan has no 错和" in body["detail"]
    burn = {"winner": "A", "fan": 1, "burn": 1}
    body = problem(client.post(f"{url}/hands", json=burn), 422, "bad_match")
    assert "sichuan has no 烧庄" in body["detail"]


def test_a_two_player_match_over_http(client: TestClient) -> None:
    m = new(client, ["A", "B"], rules="two-player")
    m = ok(client.post(f"/v1/matches/{m['id']}/hands", json={"winner": "B", "fan": 20}))
    assert m["totals"] == {"A": -13, "B": 13} and m["table_points"] is None
    assert m["next"]["dealer"] == "B"
    r = client.post("/v1/matches", json={"players": ["A", "B"], "rules": "riichi"})
    assert r.status_code == 422


@pytest.mark.parametrize("fmt", ["json", "csv"])
def test_an_exported_match_imports_as_a_new_match_with_its_own_tokens(
    client: TestClient, fmt: str
) -> None:
    m = new(client)
    url = f"/v1/matches/{m['id']}"
    ok(client.post(f"{url}/hands", json={"winner": "Bo", "discarder": "Di", "fan": 10}))
    text = client.get(f"{url}/export", params={"format": fmt}).text
    del client.headers["Authorization"]  # importing needs no token (as creating)
    got = ok(client.post("/v1/matches/import", json={"format": fmt, "text": text}), 201)
    assert got["id"] != m["id"] and got["totals"] == {"Ann": -8, "Bo": 34, "Cy": -8, "Di": -18}
    assert set(got["access"]) == {"edit_token", "view_token", "edit_link", "view_link"}
    problem(client.get(f"/v1/matches/{got['id']}"), 401, "unauthorized")
    token = {"Authorization": f"Bearer {got['access']['edit_token']}"}
    events = ok(client.get(f"/v1/matches/{got['id']}/events", headers=token))
    assert events[-1]["action"] == "import" and events[-1]["actor"] == "token:owner"
    edited = text.replace("34", "35")
    r = client.post("/v1/matches/import", json={"format": fmt, "text": edited})
    assert r.status_code == 422, r.text


def test_a_jiaxing_match_records_the_wild_tile_and_the_dice(client: TestClient) -> None:
    from fanshu.match.results import HandResult
    from fanshu.match.rule_sheet import RuleSheet

    m = new(client, ["A", "B", "C", "D"], rules="jiaxing")
    url = f"/v1/matches/{m['id']}"
    hand = {"winner": "A", "discarder": "B", "hand": "123m456p789sEEE5sC", "wildcard": "C",
            "dice": [3, 5]}  # fmt: skip
    m = ok(client.post(f"{url}/hands", json=hand))
    # the sheet of the library, given the same result, settles the same
    sheet = RuleSheet(["A", "B", "C", "D"], rules="jiaxing")
    sheet.record(HandResult(winner="A", discarder="B", hand=hand["hand"], wildcard="C",
                            dice=(3, 5)))  # fmt: skip
    assert m["totals"] == sheet.totals() and any(m["totals"].values())
    bad = client.post(f"{url}/hands", json={**hand, "wildcard": "9f"})
    assert bad.status_code == 422
    dice = client.post(f"{url}/hands", json={**hand, "dice": [0, 7]})
    assert dice.status_code == 422


@pytest.mark.parametrize("rules", ["pinghu", "wuhan", "common"])
def test_the_new_rule_sets_keep_a_sheet_over_http(client: TestClient, rules: str) -> None:
    m = new(client, ["A", "B", "C", "D"], rules=rules)
    assert m["rules"] == rules
    r = client.post("/v1/matches", json={"players": ["A", "B", "C", "D"], "rules": "riichi"})
    assert r.status_code == 422 and "jiaxing" in r.json()["detail"]
