"""Problem documents in the reader's language: ``Accept-Language: zh`` gives Chinese
``title``/``detail``, anything else English; ``code`` and ``type`` stay; the answer
says ``Content-Language`` and ``Vary: Accept-Language``.  按 Accept-Language 返回中文问题文档。"""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import fanshu
from fanshu.errors import FanshuError
from fanshu.i18n import gettext, msg, translate
from fanshu.web.problems import (
    TITLES,
    Problem,
    problem_body,
    problem_response,
    scope_language,
)
from fanshu.web.ratelimit import Rate, RateLimits
from fanshu.web.security import HostCheck
from support.http import problem

#: 13 tiles where a complete hand has 14: invalid_hand, with a count in the message.
SHORT = {"hand": "123m456p789s11s13m"}


def _message(hand: str) -> str:
    with pytest.raises(FanshuError) as caught:
        fanshu.score(hand)
    return caught.value.message


def _post(client: TestClient, body: Any, lang: str | None) -> Any:
    headers = {"Accept-Language": lang} if lang is not None else {}
    return client.post("/v1/score", json=body, headers=headers)


def test_an_impossible_hand_is_a_chinese_problem_with_accept_language_zh(
    client: TestClient,
) -> None:
    r = _post(client, SHORT, "zh-CN,zh;q=0.9,en;q=0.8")
    body = problem(r, 422, "invalid_hand")
    english = _message(SHORT["hand"])
    assert body["detail"] == translate(english, "zh") != english
    assert "14" in body["detail"] and "张" in body["detail"]
    assert body["title"] == gettext(TITLES["invalid_hand"], "zh") != TITLES["invalid_hand"]
    assert r.headers["content-language"] == "zh"
    assert "accept-language" in r.headers["vary"].lower()


@pytest.mark.parametrize("lang", [None, "en-US", "fr-FR, de;q=0.5", "zh;q=0.2, en"])
def test_english_is_the_default(client: TestClient, lang: str | None) -> None:
    r = _post(client, SHORT, lang)
    body = problem(r, 422, "invalid_hand")
    assert body["detail"] == _message(SHORT["hand"])
    assert body["title"] == TITLES["invalid_hand"]
    assert r.headers["content-language"] == "en"


def test_the_code_and_type_do_not_change_with_the_language(client: TestClient) -> None:
    for hand in (SHORT["hand"], "123m456p789s11s1x", "11111m23456p789s11s"):
        en = _post(client, {"hand": hand}, "en").json()
        zh = _post(client, {"hand": hand}, "zh").json()
        assert {k: v for k, v in en.items() if k not in ("title", "detail")} == {
            k: v for k, v in zh.items() if k not in ("title", "detail")
        }
        assert zh["title"] != en["title"]


def test_a_notation_error_says_its_position_in_chinese(client: TestClient) -> None:
    body = problem(_post(client, {"hand": "123m456p789s11s1x"}, "zh"), 422, "bad_notation")
    assert "位置 16" in body["detail"]


def test_validation_errors_are_translated_with_their_items(client: TestClient) -> None:
    # FastAPI's own validation (a query parameter that is not a number): our template is
    # Chinese, pydantic's words inside it stay as pydantic wrote them
    zh = problem(
        client.get("/v1/games/abc", params={"since": "x"}, headers={"Accept-Language": "zh"}),
        422,
        "bad_field",
    )
    en = problem(client.get("/v1/games/abc", params={"since": "x"}), 422, "bad_field")
    assert en["detail"].startswith("since: input should be a valid integer")
    template = gettext("{field}: {error}, not {value}", "zh")
    assert template != "{field}: {error}, not {value}"
    assert zh["detail"] == template.format(
        field="since", error=en["detail"].split(": ", 1)[1].rsplit(", not ", 1)[0], value='"x"'
    )
    assert [e["field"] for e in zh["errors"]] == [e["field"] for e in en["errors"]] == ["since"]
    assert zh["errors"][0]["message"] == zh["detail"]


def test_an_unknown_resource_is_a_chinese_404(client: TestClient) -> None:
    r = client.get("/v1/no-such-thing", headers={"Accept-Language": "zh"})
    body = problem(r, 404, "not_found")
    assert body["detail"] == gettext("no such resource: {method} {path}", "zh").format(
        method="GET", path="/v1/no-such-thing"
    )
    assert body["title"] == gettext("Not found", "zh") != "Not found"


def test_a_middleware_reads_the_language_from_the_raw_scope() -> None:
    # middlewares answer before FastAPI builds a Request: scope_language reads the headers
    scope: dict[str, Any] = {"headers": [(b"host", b"localhost"), (b"Accept-Language", b"zh-TW")]}
    assert scope_language(scope) == "zh"
    assert scope_language({"headers": [(b"accept-language", b"en, zh;q=0.5")]}) == "en"
    assert scope_language({}) == "en"
    r = problem_response(Problem("too_large", msg("the request body is too large")), "zh")
    assert r.headers["content-language"] == "zh"
    body = json.loads(bytes(r.body))
    assert body["detail"] == gettext("the request body is too large", "zh")
    assert body["title"] == gettext(TITLES["too_large"], "zh")


def test_problem_body_translates_the_error_items_and_keeps_their_fields() -> None:
    items = [{"field": "since", "message": msg("missing {field!r}", field="since")}]
    body = problem_body("bad_field", items[0]["message"], 422, lang="zh", errors=items)
    assert body["errors"] == [{"field": "since", "message": body["detail"]}]
    assert body["detail"] == gettext("missing {field!r}", "zh").format(field="since")
    assert problem_body("bad_field", "x", 422, errors=items)["errors"][0]["message"] == (
        "missing 'since'"
    )


# --- the middlewares' own problems: read-only server, body limit ------------------------------

LOCAL = "http://localhost"
READ_ONLY = (
    "this server is read-only ({why}): it shows the score sheets and tournaments but "
    "records nothing"
)


def test_a_read_only_server_refuses_a_change_in_the_requests_language(tmp_path: Path) -> None:
    from fanshu.web.app import create_app

    with TestClient(create_app(str(tmp_path / "club.db"), read_only=True), base_url=LOCAL) as c:
        players = {"players": ["Ann", "Bo", "Cy", "Di"]}
        zh = c.post("/v1/matches", json=players, headers={"Accept-Language": "zh"})
        en = c.post("/v1/matches", json=players, headers={"Accept-Language": "en"})
    body = problem(zh, 503, "read_only")
    assert gettext(READ_ONLY, "zh") != READ_ONLY  # the catalog has it
    assert body["detail"] == gettext(READ_ONLY, "zh").format(why="--read-only")
    assert body["title"] == gettext(TITLES["read_only"], "zh") != TITLES["read_only"]
    assert zh.headers["content-language"] == "zh"
    assert problem(en, 503, "read_only")["detail"] == READ_ONLY.format(why="--read-only")
    assert en.headers["content-language"] == "en"


def test_an_unwritable_database_says_why_in_chinese_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import fanshu.web.app as web_app

    monkeypatch.setattr(web_app, "database_writable", lambda target: False)
    with TestClient(web_app.create_app(str(tmp_path / "club.db")), base_url=LOCAL) as c:
        r = c.post("/v1/games", json={}, headers={"Accept-Language": "zh-CN"})
    why = gettext("the database file is not writable", "zh")
    assert why != "the database file is not writable"
    assert problem(r, 503, "read_only")["detail"] == gettext(READ_ONLY, "zh").format(why=why)


def test_a_body_over_the_limit_is_refused_in_the_requests_language(tmp_path: Path) -> None:
    from fanshu.web.app import create_app

    over = "the request body is over {limit} bytes ({kib} KiB)"
    with TestClient(
        create_app(":memory:", max_body=2048, static_dir=tmp_path), base_url=LOCAL
    ) as c:
        declared = c.post(  # refused on its Content-Length, before reading
            "/v1/score",
            content=b"{}",
            headers={"Accept-Language": "zh", "content-type": "application/json",
                     "content-length": "4096"},
        )  # fmt: skip
        read = c.post(  # no Content-Length (chunked): refused once the body read is over
            "/v1/score",
            content=iter([b'{"hand": "', b"1" * 3000, b'"}']),
            headers={"Accept-Language": "zh", "content-type": "application/json"},
        )
        assert "content-length" not in read.request.headers
    for r in (declared, read):
        body = problem(r, 413, "too_large")
        assert (
            body["detail"]
            == gettext(over, "zh").format(limit=2048, kib=2)
            != over.format(limit=2048, kib=2)
        )
        assert r.headers["content-language"] == "zh"


# --- the checks every request passes: Host, Origin, JSON only, rate limits --------------------

NOT_THIS_HOST = (
    "this server does not answer for the host {host!r}; it answers for: {names} "
    "(fanshu serve --allowed-host NAME adds one)"
)
NO_HOST = (
    "this server does not answer for the host none; it answers for: {names} "
    "(fanshu serve --allowed-host NAME adds one)"
)
FROM_ORIGIN = (
    "a {method} from the origin {origin!r} is refused: changes come from pages of this server only"
)
FROM_SITE = (
    "a {method} from another site (Sec-Fetch-Site: {site}) is refused: changes come from "
    "pages of this server only"
)
JSON_NOT = (
    "{method} takes JSON only: send Content-Type: application/json (also with no body), "
    "not Content-Type {given!r}"
)
JSON_NONE = (
    "{method} takes JSON only: send Content-Type: application/json (also with no body), "
    "not no Content-Type"
)
TOO_MANY = (
    "too many {requests} from {who}: at most {per_minute:g} a minute after {burst}; "
    "try again in {seconds} s"
)


def _zh(template: str, **values: Any) -> str:
    """``template`` in Chinese, checked to be in the catalog (not the English again)."""
    chinese = gettext(template, "zh")
    assert chinese != template, template
    return chinese.format(**values)


def _checks_client(tmp_path: Path, **kw: Any) -> TestClient:
    from fanshu.web.app import create_app

    kw.setdefault("rate_limits", RateLimits.off())
    app = create_app(":memory:", static_dir=tmp_path, **kw)
    return TestClient(app, raise_server_exceptions=False, base_url=LOCAL)


def test_an_unknown_host_is_refused_in_the_requests_language(tmp_path: Path) -> None:
    names = "127.0.0.1, ::1, club.example, localhost"
    values = {"host": "evil.example:8000", "names": names}
    with _checks_client(tmp_path, allowed_hosts=["club.example"]) as c:
        for lang in ("zh", "en"):
            asked = {"host": "evil.example:8000", "Accept-Language": lang}
            r = c.get("/v1/rules", headers=asked)
            body = problem(r, 421, "bad_host")
            if lang == "zh":
                assert body["detail"] == _zh(NOT_THIS_HOST, **values)
                assert body["title"] == _zh(TITLES["bad_host"])
            else:
                assert body["detail"] == NOT_THIS_HOST.format(**values)
                assert body["title"] == TITLES["bad_host"]
            assert r.headers["content-language"] == lang


def _asgi_answer(app: Any, scope: dict[str, Any]) -> list[dict[str, Any]]:
    """The messages ``app`` sends for a request with no body."""
    answer: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        answer.append(message)

    # in a thread of its own: a browser test in the same worker may leave this thread's
    # event loop running (Playwright's sync API), and asyncio.run refuses to nest
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, app(scope, receive, send)).result()
    return answer


def test_a_request_with_no_host_is_refused_in_its_language() -> None:
    # a client may leave Host out (HTTP/1.0): the check sees the raw ASGI scope
    async def app(scope: Any, receive: Any, send: Any) -> None:
        raise AssertionError("a request with no Host went through")

    names = "127.0.0.1, ::1, localhost"
    for lang in ("zh", "en"):
        headers = [(b"accept-language", lang.encode())]
        scope = {"type": "http", "method": "GET", "path": "/v1/rules", "headers": headers}
        answer = _asgi_answer(HostCheck(app), scope)
        assert answer[0]["status"] == 421
        assert (b"content-language", lang.encode()) in answer[0]["headers"]
        detail = json.loads(answer[1]["body"])["detail"]
        assert detail == (
            _zh(NO_HOST, names=names) if lang == "zh" else NO_HOST.format(names=names)
        )


def test_a_change_from_another_site_is_refused_in_the_requests_language(tmp_path: Path) -> None:
    players = {"players": ["Ann", "Bo", "Cy", "Di"]}
    origin = {"method": "POST", "origin": "http://evil.example"}
    site = {"method": "DELETE", "site": "cross-site"}
    with _checks_client(tmp_path) as c:
        for lang in ("zh", "en"):
            by_origin = c.post(
                "/v1/matches",
                json=players,
                headers={"origin": "http://evil.example", "Accept-Language": lang},
            )
            by_site = c.delete(
                "/v1/games/nope", headers={"sec-fetch-site": "cross-site", "Accept-Language": lang}
            )
            for r, template, values in (
                (by_origin, FROM_ORIGIN, origin),
                (by_site, FROM_SITE, site),
            ):
                body = problem(r, 403, "bad_origin")
                if lang == "zh":
                    assert body["detail"] == _zh(template, **values)
                    assert body["title"] == _zh(TITLES["bad_origin"])
                else:
                    assert body["detail"] == template.format(**values)
                assert r.headers["content-language"] == lang


def test_a_change_not_sent_as_json_is_refused_in_the_requests_language(tmp_path: Path) -> None:
    text = {"method": "POST", "given": "text/plain"}
    with _checks_client(tmp_path) as c:
        for lang in ("zh", "en"):
            asked = {"Accept-Language": lang}
            as_text = c.post(
                "/v1/score", content=b"{}", headers={**asked, "content-type": "text/plain"}
            )
            untyped = c.put("/v1/matches/nope/hands/1", content=b"{}", headers=asked)
            assert "content-type" not in untyped.request.headers
            for r, template, values in (
                (as_text, JSON_NOT, text),
                (untyped, JSON_NONE, {"method": "PUT"}),
            ):
                body = problem(r, 415, "json_only")
                if lang == "zh":
                    assert body["detail"] == _zh(template, **values)
                    assert body["title"] == _zh(TITLES["json_only"])
                else:
                    assert body["detail"] == template.format(**values)
                assert r.headers["content-language"] == lang


def test_too_many_requests_are_refused_in_the_requests_language(tmp_path: Path) -> None:
    # one a minute: the second is refused, and none comes back within the test
    limits = RateLimits(write=Rate(1, 1), login=Rate(1, 1), compute=Rate(1, 1))
    sent = {
        "write": ("/v1/matches", {"players": ["Ann", "Bo", "Cy", "Di"]}),
        "login": ("/v1/session", {"name": "x", "password": "y"}),
        "compute": ("/v1/score", {"hand": "[EEEE]123m456p789s11s"}),
    }
    for lang in ("zh", "en"):
        asked = {"Accept-Language": lang}
        with _checks_client(tmp_path, rate_limits=limits) as c:  # full buckets again
            for kind, (path, payload) in sent.items():
                assert c.post(path, json=payload, headers=asked).status_code != 429
                r = c.post(path, json=payload, headers=asked)
                body = problem(r, 429, "rate_limited")
                seconds = int(r.headers["retry-after"])
                assert body["retry_after"] == seconds >= 1
                values = {"who": "testclient", "per_minute": 1, "burst": 1, "seconds": seconds}
                if lang == "zh":
                    requests = _zh(f"{kind} requests")
                    assert body["detail"] == _zh(TOO_MANY, requests=requests, **values)
                    assert body["title"] == _zh(TITLES["rate_limited"])
                else:
                    assert body["detail"] == TOO_MANY.format(requests=f"{kind} requests", **values)
                assert r.headers["content-language"] == lang


# --- the handlers' own problems: credentials (fanshu.web.api.auth) ---------------------------

PLAYERS = {"players": ["Ann", "Bo", "Cy", "Di"]}


def _in(lang: str, template: str, **values: Any) -> str:
    """``template`` as a ``lang`` answer says it (Chinese checked to be in the catalog)."""
    return _zh(template, **values) if lang == "zh" else template.format(**values)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_missing_or_wrong_credentials_are_refused_in_the_requests_language(
    tmp_path: Path, lang: str
) -> None:
    from fanshu.web.app import create_app

    asked = {"Accept-Language": lang}
    app = create_app(str(tmp_path / "m.db"), rate_limits=RateLimits.off())
    with TestClient(app, raise_server_exceptions=False, base_url=LOCAL) as c:
        m = c.post("/v1/matches", json=PLAYERS).json()
        url, view = f"/v1/matches/{m['id']}", m["access"]["view_token"]
        none = c.get(url, headers=asked)
        bad = c.get(url, headers={**asked, "Authorization": "Basic YTpi"})
        read_only = c.post(f"{url}/hands", json={"draw": True},
                           headers={**asked, "Authorization": f"Bearer {view}"})  # fmt: skip
        stranger = c.get(url, headers={**asked, "Authorization": "Bearer not-a-token-here"})
    for r, code, template in (
        (none, "unauthorized", "this needs a share token (Authorization: Bearer <token>) or, "
         "on a club server, a log-in"),
        (bad, "unauthorized", "the Authorization header must be 'Bearer <token>' (a share token)"),
        (read_only, "forbidden",
         "these credentials do not let you change this match (edit needed)"),
        (stranger, "forbidden", "these credentials do not let you see this match (view needed)"),
    ):  # fmt: skip
        body = problem(r, 401 if code == "unauthorized" else 403, code)
        assert body["detail"] == _in(lang, template), (r.text, template)
        assert r.headers["content-language"] == lang


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_club_servers_refusals_are_in_the_requests_language(tmp_path: Path, lang: str) -> None:
    from fanshu.store import open_store
    from fanshu.web.app import create_app

    db = tmp_path / "club.db"
    with open_store(str(db)) as s:
        s.create_account("pia", "long-enough-1", "player")
    asked = {"Accept-Language": lang}
    app = create_app(str(db), rate_limits=RateLimits.off(), accounts=True)
    with TestClient(app, raise_server_exceptions=False, base_url=LOCAL) as c:
        anonymous = c.post("/v1/tournaments", json={"name": "Cup"}, headers=asked)
        csrf = c.post("/v1/session", json={"name": "pia", "password": "long-enough-1"}).json()
        no_csrf = c.post("/v1/matches", json=PLAYERS, headers=asked)
        player = c.post("/v1/tournaments", json={"name": "Cup"},
                        headers={**asked, "X-CSRF-Token": csrf["csrf"]})  # fmt: skip
    login = "on this club server, log in (POST /v1/session) to create a tournament"
    assert problem(anonymous, 401, "unauthorized")["detail"] == _in(lang, login)
    needs = (
        "a change made with the session cookie needs the header {header} "
        "(the csrf of POST /v1/session or GET /v1/session)"
    )
    assert problem(no_csrf, 403, "csrf")["detail"] == _in(lang, needs, header="X-CSRF-Token")
    organiser = "only an organiser may create a tournament"
    assert problem(player, 403, "forbidden")["detail"] == _in(lang, organiser)
    for r in (anonymous, no_csrf, player):
        assert r.headers["content-language"] == lang


# --- a batch over its size, its items' shape, a number too big for anyone ---------------------


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_batch_and_its_items_are_refused_in_the_requests_language(
    client: TestClient, lang: str
) -> None:
    from fanshu.web.api.common import MAX_BATCH_ITEMS

    asked = {"Accept-Language": lang}
    count = MAX_BATCH_ITEMS + 1
    over = client.post("/v1/score/batch", json={"items": [{"hand": "x"}] * count}, headers=asked)
    body = problem(over, 413, "too_many_items")
    template = "a batch holds at most {limit} items, not {count}: split it"
    assert body["detail"] == _in(lang, template, limit=MAX_BATCH_ITEMS, count=count)
    assert over.headers["content-language"] == lang
    for sent, template, values in (
        ({"items": [], "x": 1}, "unknown key {key!r}; known: items", {"key": "x"}),
        ({}, "missing {field!r}", {"field": "items"}),
        ({"items": "x"}, "items must be an array, not {kind} {value}",
         {"kind": "a string", "value": '"x"'}),
    ):  # fmt: skip
        r = client.post("/v1/score/batch", json=sent, headers=asked)
        assert problem(r, 422, "bad_field")["detail"] == _in(lang, template, **values)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_an_integer_too_big_for_anyone_is_refused_in_the_requests_language(
    client: TestClient, lang: str
) -> None:
    from fanshu.protocol.bounds import MAX_INTEGER

    r = client.post("/v1/games", json={"seed": 10**30}, headers={"Accept-Language": lang})
    body = problem(r, 422, "out_of_range")
    template = "{field} must be at most {limit} in size, not a number of {digits} digits"
    assert body["detail"] == _in(lang, template, field="seed", limit=MAX_INTEGER, digits=31)
    assert body["title"] == (_zh(TITLES["out_of_range"]) if lang == "zh" else "Number out of range")
    assert r.headers["content-language"] == lang


# --- the games' own problems (fanshu.web.api.games) ---------------------------------------


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_bad_new_game_is_refused_in_the_requests_language(client: TestClient, lang: str) -> None:
    asked = {"Accept-Language": lang}
    for sent, template, values in (
        ({"rules": "two-player", "seat": 2}, "seat is 0-{last} for {rules}, not {seat}",
         {"last": 1, "rules": "two-player", "seat": 2}),
        ({"opponents": ["greedy"]}, "{rules} needs {count} opponents, not {given}",
         {"rules": "mcr", "count": 3, "given": 1}),
        ({"rules": "two-player", "opponents": []}, "{rules} needs {count} opponent, not {given}",
         {"rules": "two-player", "count": 1, "given": 0}),
        ({"rules": "two-player", "config": {"dealer": 3}},
         "dealer is a seat number 0-{last}, not {dealer}", {"last": 1, "dealer": 3}),
    ):  # fmt: skip
        r = client.post("/v1/games", json=sent, headers=asked)
        assert problem(r, 422, "bad_option")["detail"] == _in(lang, template, **values)
        assert r.headers["content-language"] == lang


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_an_unknown_game_and_illegal_actions_are_refused_in_the_requests_language(
    client: TestClient, lang: str
) -> None:
    from fanshu.web.api.games import MAX_STORED_GAMES

    asked = {"Accept-Language": lang}
    gone = problem(client.get("/v1/games/nope", headers=asked), 404, "game_not_found")
    no_game = (
        "no game {game_id!r}: it never existed, was deleted, or was among the oldest when more "
        "than {keep} were stored"
    )
    assert gone["detail"] == _in(lang, no_game, game_id="nope", keep=MAX_STORED_GAMES)
    state = client.post("/v1/games", json={"seed": 5}).json()
    url, legal = f"/v1/games/{state['id']}/actions", state["observation"]["legal_actions"]
    pung = problem(client.post(url, json={"action": "pung"}, headers=asked), 422,
                   "illegal_action")  # fmt: skip
    values = {"action": "pung", "legal": ", ".join(legal)}
    assert pung["detail"] == _in(lang, "{action} is not possible now; legal: {legal}", **values)
    index = problem(client.post(url, json={"action": len(legal)}, headers=asked), 422,
                    "illegal_action")  # fmt: skip
    template = "action index {action} is not in the list: choose 0-{last}"
    assert index["detail"] == _in(lang, template, action=len(legal), last=len(legal) - 1)


# --- the notation converter's own problems (fanshu.web.api.convert) ---------------------------


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_bad_conversion_is_refused_in_the_requests_language(
    client: TestClient, lang: str
) -> None:
    from fanshu.notation import HAND_NOTATIONS
    from fanshu.web.api.convert import CONVERT_FIELDS

    hand = "123m456p789s11s555z"
    names = ", ".join(HAND_NOTATIONS)
    for sent, template, values in (
        ({"hand": hand}, "missing {key!r}: one of {names}", {"key": "to", "names": names}),
        ({"hand": hand, "to": 1}, "{key} must be a notation name, not {value}",
         {"key": "to", "value": "1"}),
        ({"hand": hand, "to": "mpsz", "x": 1}, "unknown key {key!r}; known: {known}",
         {"key": "x", "known": ", ".join(CONVERT_FIELDS)}),
        ({"to": "mpsz"}, "missing {field!r}", {"field": "hand"}),
        ({"hand": 5, "to": "mpsz"}, "hand must be a string, not {value}", {"value": "5"}),
    ):  # fmt: skip
        r = client.post("/v1/convert", json=sent, headers={"Accept-Language": lang})
        assert problem(r, 422, "bad_field")["detail"] == _in(lang, template, **values)
        assert r.headers["content-language"] == lang
