"""Limits over HTTP: per-client rate limits (429 with Retry-After), a body that stops
arriving (408), the bound of every number (422 out_of_range naming it), text that is
not Unicode (422 invalid_text naming the field; in a batch, that item's error)."""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from fanshu.i18n import gettext
from fanshu.protocol.bounds import MAX_INTEGER
from fanshu.web.app import BodyLimit, create_app
from fanshu.web.ratelimit import Rate, RateLimits, TokenBuckets
from support.http import ok, problem

PLAYERS = ["Ann", "Bo", "Cy", "Di"]
HAND = "[EEEE]123m456p789s11s"
BASE = "http://localhost"


def _client(**kw: Any) -> TestClient:
    return TestClient(create_app(":memory:", **kw), raise_server_exceptions=False, base_url=BASE)


# --- rate limits ----------------------------------------------------------------------------


def test_writes_are_limited_by_default_with_retry_after() -> None:
    with _client() as c:
        made = 0
        while (r := c.post("/v1/matches", json={"players": PLAYERS})).status_code == 201:
            made += 1
            assert made < 200
        assert made >= 120  # the burst, and what came back while it was spent (2 a second)
        body = problem(r, 429, "rate_limited")
        assert int(r.headers["retry-after"]) >= 1
        assert body["detail"].startswith("too many write requests from testclient: at most 120")
        # reads and computing are not limited by default
        assert c.get("/v1/rules").status_code == 200
        for _ in range(200):
            assert c.post("/v1/score", json={"hand": HAND}).status_code == 200


def test_log_ins_are_limited_harder() -> None:
    with _client(rate_limits=RateLimits(login=Rate(10, 3))) as c:
        answers = [
            c.post("/v1/session", json={"name": "x", "password": "y"}).status_code for _ in range(4)
        ]
        assert answers[3] == 429 and 429 not in answers[:3]


def test_compute_routes_can_be_limited_and_clients_count_apart() -> None:
    limits = RateLimits(write=None, compute=Rate(60, 2))
    with _client(rate_limits=limits) as c:
        for _ in range(2):
            assert c.post("/v1/score", json={"hand": HAND}).status_code == 200
        problem(c.post("/v1/analyze", json={"hand": "1112345678999m"}), 429, "rate_limited")
    behind_proxy = RateLimits(write=None, compute=Rate(60, 1), trust_proxy=True)
    with _client(rate_limits=behind_proxy) as c:
        first = {"x-forwarded-for": "1.2.3.4, 10.0.0.1"}  # the proxy wrote the last one
        other = {"x-forwarded-for": "1.2.3.4, 10.0.0.2"}
        assert c.post("/v1/score", json={"hand": HAND}, headers=first).status_code == 200
        problem(c.post("/v1/score", json={"hand": HAND}, headers=first), 429, "rate_limited")
        assert c.post("/v1/score", json={"hand": HAND}, headers=other).status_code == 200


def test_a_bucket_refills_at_its_rate_and_the_table_is_bounded() -> None:
    now = [0.0]
    buckets = TokenBuckets(max_keys=2, clock=lambda: now[0])
    rate = Rate(60, 2)  # one a second after two
    key = ("1.2.3.4", "write")
    assert buckets.take(key, rate) == 0 and buckets.take(key, rate) == 0
    assert buckets.take(key, rate) == pytest.approx(1.0)
    now[0] = 1.0
    assert buckets.take(key, rate) == 0
    for n in range(5):
        buckets.take((f"10.0.0.{n}", "write"), rate)
    assert len(buckets._buckets) == 2


def test_bad_rates_are_refused() -> None:
    with pytest.raises(ValueError):
        Rate(0, 1)
    assert Rate.a_minute(0) is None and Rate.a_minute(30) == Rate(30, 30)


# --- body timeout ---------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_body_that_stops_arriving_is_a_408_problem(lang: str) -> None:
    reached: list[bool] = []

    async def app(scope: Any, receive: Any, send: Any) -> None:
        reached.append(True)

    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        if not sent and not reached:
            sent.append({})
            return {"type": "http.request", "body": b'{"ha', "more_body": True}
        await asyncio.sleep(10)  # the client stopped sending
        return {"type": "http.disconnect"}

    answer: list[dict[str, Any]] = []

    async def send(message: dict[str, Any]) -> None:
        answer.append(message)

    headers = [(b"accept-language", lang.encode())]
    scope = {"type": "http", "method": "POST", "path": "/v1/score", "headers": headers}
    # in a thread of its own: a browser test in the same worker may leave this thread's
    # event loop running (Playwright's sync API), and asyncio.run refuses to nest
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, BodyLimit(app, timeout=0.2)(scope, receive, send)).result()
    assert not reached
    assert answer[0]["status"] == 408
    body = json.loads(answer[1]["body"])
    assert body["code"] == "body_timeout"
    english = "the request body did not arrive in full within {seconds:g} s"
    assert body["detail"] == gettext(english, lang).format(seconds=0.2)
    assert (body["detail"] == "the request body did not arrive in full within 0.2 s") == (
        lang == "en"
    )


# --- bounds ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with _client(rate_limits=RateLimits.off()) as c:
        yield c


@pytest.mark.parametrize(
    ("body", "detail"),
    [
        (
            {"rules": "sichuan", "players": PLAYERS, "winner": "Bo", "fan": 100000},
            "fan: input should be less than or equal to 500, not 100000",
        ),
        (
            {"rules": "sichuan", "players": PLAYERS, "winner": "Bo", "fan": 31},
            "fan must be 0 to 30 (payments double per fan), not 31",
        ),
        (
            {"rules": "mcr", "players": PLAYERS, "winner": "Bo", "fan": 501},
            "fan: input should be less than or equal to 500, not 501",
        ),
        (
            {"rules": "sichuan", "players": PLAYERS, "winner": "Bo", "fan": 3,
             "options": {"base": 10**7}},
            "options.base must be 0 to 1000000 (a rule set option), not 10000000",
        ),
        (
            {"rules": "mcr", "players": PLAYERS, "winner": "Bo", "fan": 8, "flowers": 9},
            "flowers: input should be less than or equal to 8, not 9",
        ),
    ],
)  # fmt: skip
def test_settle_numbers_past_their_bound_are_out_of_range(
    client: TestClient, body: dict[str, Any], detail: str
) -> None:
    assert problem(client.post("/v1/settle", json=body), 422, "out_of_range")["detail"] == detail


def test_the_largest_sichuan_win_is_settled_in_64_bits(client: TestClient) -> None:
    body = {"rules": "sichuan", "players": PLAYERS, "winner": "Bo", "fan": 30,
            "options": {"base": 1_000_000}}  # fmt: skip
    payments = ok(client.post("/v1/settle", json=body))["payments"]
    assert max(abs(p) for p in payments.values()) < 2**63


@pytest.mark.parametrize(
    ("path", "body", "field"),
    [
        ("/v1/score", {"hand": HAND, "id": MAX_INTEGER + 1}, "id"),
        ("/v1/matches", {"players": PLAYERS, "options": {"cap": -(10**20)}}, "options.cap"),
        ("/v1/games", {"seed": 10**30}, "seed"),
        ("/v1/settle", {"players": PLAYERS, "winner": "Bo", "fan": 10**16}, "fan"),
    ],
)
def test_an_integer_too_big_for_anyone_is_out_of_range_anywhere(
    client: TestClient, path: str, body: dict[str, Any], field: str
) -> None:
    got = problem(client.post(path, json=body), 422, "out_of_range")
    assert got["field"] == field
    assert got["detail"].startswith(f"{field} must be at most {MAX_INTEGER} in size")


def test_a_match_hand_past_its_bounds_is_refused(client: TestClient) -> None:
    made = ok(client.post("/v1/matches", json={"players": PLAYERS, "rules": "sichuan"}), 201)
    token = made.get("access", {}).get("edit_token")
    auth = {"authorization": f"Bearer {token}"} if token else {}
    url = f"/v1/matches/{made['id']}/hands"
    win = {"winner": "Ann", "self_drawn": True}
    got = problem(client.post(url, json={**win, "fan": 501}, headers=auth), 422, "out_of_range")
    assert got["detail"] == "fan: input should be less than or equal to 500, not 501"
    got = problem(client.post(url, json={**win, "fan": 31}, headers=auth), 422, "bad_match")
    assert got["detail"] == "a Sichuan hand is paid for 30 fan at most, not 31"
    kongs = [{"player": "Ann", "kind": "concealed", "after": 4}]
    r = client.post(url, json={**win, "fan": 2, "kongs": kongs}, headers=auth)
    problem(r, 422, "out_of_range")


# --- text that is not Unicode ---------------------------------------------------------------

_BAD = '"\\ud800"'  # valid JSON, but a lone surrogate: no Unicode text


@pytest.mark.parametrize(
    ("path", "raw", "field"),
    [
        ("/v1/score", '{"hand": BAD}', "hand"),
        ("/v1/score", '{"hand": "1m", "options": {BAD: 1}}', "options"),
        ("/v1/analyze", '{"hand": "1m", "visible": BAD}', "visible"),
        ("/v1/settle", '{"players": [BAD, "B", "C", "D"], "winner": "B", "fan": 8}', "players[0]"),
        ("/v1/matches", '{"players": ["A", BAD, "C", "D"]}', "players[1]"),
        ("/v1/tournaments", '{"name": BAD, "players": ["A", "B", "C", "D"]}', "name"),
        ("/v1/games", '{"rules": BAD}', "rules"),
        ("/v1/score/batch", '{"items": [], "x": BAD}', "x"),
    ],
)
def test_text_that_is_not_unicode_is_invalid_text_naming_the_field(
    client: TestClient, path: str, raw: str, field: str
) -> None:
    body = raw.replace("BAD", _BAD).encode()
    r = client.post(path, content=body, headers={"content-type": "application/json"})
    got = problem(r, 422, "invalid_text")
    assert got["field"] == field
    assert "is not valid Unicode text (a lone surrogate \\ud800 at 0" in got["detail"]


def test_penalties_with_text_that_is_not_unicode_are_invalid_text(client: TestClient) -> None:
    made = ok(client.post("/v1/matches", json={"players": PLAYERS}), 201)
    token = made.get("access", {}).get("edit_token")
    headers = {"content-type": "application/json"}
    if token:
        headers["authorization"] = f"Bearer {token}"
    raw = '{"player": "Ann", "points": 5, "reason": ' + _BAD + "}"
    r = client.post(f"/v1/matches/{made['id']}/penalties", content=raw.encode(), headers=headers)
    assert problem(r, 422, "invalid_text")["field"] == "reason"


@pytest.mark.parametrize("route", ["/v1/score/batch", "/v1/analyze/batch"])
def test_in_a_batch_a_bad_item_is_its_own_error_and_the_others_are_answered(
    client: TestClient, route: str
) -> None:
    hand = HAND if route == "/v1/score/batch" else "1112345678999m"
    raw = '{"items": [{"id": 1, "hand": ' + _BAD + '}, {"id": 2, "hand": "' + hand + '"}]}'
    r = client.post(route, content=raw.encode(), headers={"content-type": "application/json"})
    results = ok(r)["results"]
    assert [x["id"] for x in results] == [1, 2]
    assert results[0]["error"]["code"] == "invalid_text"
    assert results[0]["error"]["message"].startswith("hand is not valid Unicode text")
    assert results[1]["error"] is None


def test_an_analyze_batch_answers_each_item_in_order_up_to_its_limit(client: TestClient) -> None:
    items = [{"id": 1, "hand": "1112345678999m"}, {"id": 2, "hand": "1m"}, [3]]
    results = ok(client.post("/v1/analyze/batch", json={"items": items}))["results"]
    assert [r["id"] for r in results] == [1, 2, None]
    assert results[0]["shanten"] == 0 and results[0]["error"] is None
    assert results[1]["error"]["code"] in ("invalid_hand", "bad_notation")
    assert results[2]["error"]["code"] == "bad_json"
    too_many = {"items": [{"hand": "1m"}] * 1001}
    problem(client.post("/v1/analyze/batch", json=too_many), 413, "too_many_items")
