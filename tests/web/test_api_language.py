"""Problem documents in the reader's language: ``Accept-Language: zh`` gives Chinese
``title``/``detail``, anything else English; ``code`` and ``type`` stay; the answer
says ``Content-Language`` and ``Vary: Accept-Language``.  按 Accept-Language 返回中文问题文档。"""

from __future__ import annotations

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
