"""The win context over HTTP: ``fourth_tile`` (和绝张), ``kong`` (杠上开花 / 抢杠和) and
``wall_last`` (妙手回春 / 海底捞月) on ``POST``/``PUT …/hands``, scored as
``fanshu.score`` scores them, kept in the row and in the database the CLI reads."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import fanshu
from fanshu.store import open_store
from support.http import ok, problem

PLAYERS = ["Ann", "Bo", "Cy", "Di"]
EDGE_HAND = "456p789s234sEE123m"  # 花龙 on an edge wait: the robbed tile, the last tile
KONG_HAND = "[2222m]456p789s123sEE"
FLAGS = ("fourth_tile", "kong", "wall_last")


@pytest.fixture
def client(file_client: TestClient) -> TestClient:
    return file_client


def new(client: TestClient, **extra: Any) -> str:
    """A new match; ``client`` then sends its edit token (when the answer carries one)."""
    m = ok(client.post("/v1/matches", json={"players": PLAYERS, **extra}), 201)
    access = m.get("access")
    if access is not None:
        client.headers["Authorization"] = f"Bearer {access['edit_token']}"
    return str(m["id"])


@pytest.mark.parametrize(
    ("hand", "discarder", "flag", "fan", "value"),
    [
        (KONG_HAND, None, "kong", "杠上开花", 8),
        (EDGE_HAND, "Cy", "kong", "抢杠和", 8),
        (EDGE_HAND, "Cy", "wall_last", "海底捞月", 8),
        (EDGE_HAND, None, "wall_last", "妙手回春", 8),
        (EDGE_HAND, "Cy", "fourth_tile", "和绝张", 4),
    ],
)
def test_a_hand_is_scored_with_its_win_context(
    client: TestClient, db: Path, hand: str, discarder: str | None, flag: str, fan: str, value: int
) -> None:
    mid = new(client)
    body = {"winner": "Bo", "discarder": discarder, "hand": hand, flag: True}
    m = ok(client.post(f"/v1/matches/{mid}/hands", json=body))
    row = m["hands"][-1]
    # hand 1: Ann deals, so Bo's seat wind is South
    scored = fanshu.score(hand, self_drawn=discarder is None, seat_wind="S", **{flag: True})
    assert row["fan"] == scored.total and row["fans"] == scored.to_dict()["fans"]
    assert {f["name"]: f["value"] for f in row["fans"]}[fan] == value
    assert row[flag] is True and not {k for k in FLAGS if k != flag} & set(row)
    with open_store(str(db)) as s:  # the same row, as the command line reads it
        stored = s.load_match(mid).records[0]
    assert getattr(stored, flag) is True and stored.fan == scored.total


def test_correct_and_the_context_refused_without_a_hand(client: TestClient) -> None:
    mid = new(client)
    url = f"/v1/matches/{mid}/hands"
    plain = ok(client.post(url, json={"winner": "Bo", "discarder": "Cy", "hand": EDGE_HAND}))
    before = plain["hands"][0]["fan"]
    body = {"winner": "Bo", "discarder": "Cy", "hand": EDGE_HAND, "wall_last": True}
    fixed = ok(client.put(f"{url}/1", json=body))["hands"][0]
    assert fixed["fan"] == before + 8 and fixed["wall_last"] is True
    for bad, detail in [
        ({"winner": "Bo", "fan": 16, "kong": True},
         "kong (杠上开花 self-drawn, 抢杠和 on a discard) is scored from the winning hand: "
         "give Bo's hand instead of the fan total (which already counts it)"),
        ({"draw": True, "fourth_tile": True},
         "a drawn hand has no win context: fourth_tile (和绝张)"),
    ]:  # fmt: skip
        assert problem(client.post(url, json=bad), 422, "bad_match")["detail"] == detail
    got = problem(
        client.post(url, json={"winner": "Bo", "hand": EDGE_HAND, "kong": 1}), 422, "bad_field"
    )
    assert got["errors"][0]["field"] == "kong"  # strict: true or false
    assert len(ok(client.get(f"/v1/matches/{mid}"))["hands"]) == 1


def test_a_sichuan_sheet_scores_the_context(client: TestClient) -> None:
    mid = new(client, rules="sichuan")
    hand = "[2222m]345m678m789p11p"
    m = ok(
        client.post(f"/v1/matches/{mid}/hands", json={"winner": "Bo", "hand": hand, "kong": True})
    )
    row = m["hands"][0]
    expected = fanshu.score(hand, rules="sichuan", self_drawn=True, kong=True).total
    assert row["fan"] == expected and row["kong"] is True and row["result"]["kong"] is True
