"""Club mode over HTTP (fanshu.web.api.accounts): log-in cookies, CSRF on cookie
writes, roles (a player creates matches, an organiser also tournaments and accounts),
each account's own list, log-out; and none of it without club mode."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from fanshu.store import open_store
from fanshu.web.app import create_app
from support.http import ok, problem
from web.conftest import BASE_URL, NO_LIMITS

PLAYERS = ["Ann", "Bo", "Cy", "Di"]
PASSWORD = "long-enough-1"


def club_app(db: Path) -> Any:
    """The app in club mode (``fanshu serve --accounts``)."""
    return create_app(str(db), rate_limits=NO_LIMITS, accounts=True)


@pytest.fixture
def accounts(db: Path) -> None:
    """An organiser and two players, made as ``fanshu accounts add`` makes them."""
    with open_store(str(db)) as s:
        s.create_account("org", PASSWORD, "organiser")
        s.create_account("pia", PASSWORD, "player")
        s.create_account("pat", PASSWORD, "player")


@pytest.fixture
def app(db: Path, accounts: None) -> Any:
    return club_app(db)


def browser(app: Any) -> TestClient:
    return TestClient(app, raise_server_exceptions=False, base_url=BASE_URL)


@pytest.fixture
def anon(app: Any) -> Iterator[TestClient]:
    with browser(app) as c:
        yield c


def log_in(app: Any, name: str) -> tuple[TestClient, str]:
    """A browser logged in as ``name`` and its CSRF token."""
    c = browser(app)
    r = c.post("/v1/session", json={"name": name, "password": PASSWORD})
    return c, ok(r)["csrf"]


def test_log_in_sets_a_strict_http_only_cookie(app: Any) -> None:
    with browser(app) as c:
        problem(c.post("/v1/session", json={"name": "org", "password": "wrong-one!"}), 401,
                "unauthorized")  # fmt: skip
        problem(c.post("/v1/session", json={"name": "nobody", "password": PASSWORD}), 401,
                "unauthorized")  # fmt: skip
        problem(c.get("/v1/session"), 401, "unauthorized")
        r = c.post("/v1/session", json={"name": "org", "password": PASSWORD})
        me = ok(r)
        assert (me["name"], me["role"]) == ("org", "organiser") and len(me["csrf"]) >= 32
        cookie = r.headers["set-cookie"]
        assert cookie.startswith("fanshu_session=")
        for attribute in ("HttpOnly", "SameSite=strict", "Path=/", "Max-Age=1209600"):
            assert attribute.lower() in cookie.lower()
        assert "secure" not in cookie.lower()  # plain http here; https sets Secure
        assert ok(c.get("/v1/session")) == me


def test_cookie_writes_need_the_csrf_token(app: Any) -> None:
    c, csrf = log_in(app, "pia")
    with c:
        body = {"players": PLAYERS}
        problem(c.post("/v1/matches", json=body), 403, "csrf")
        problem(c.post("/v1/matches", json=body, headers={"X-CSRF-Token": "wrong"}), 403, "csrf")
        m = ok(c.post("/v1/matches", json=body, headers={"X-CSRF-Token": csrf}), 201)
        url = f"/v1/matches/{m['id']}"
        assert ok(c.get(url))["id"] == m["id"]  # reading needs no CSRF token
        problem(c.post(f"{url}/hands", json={"draw": True}), 403, "csrf")
        assert ok(c.get(url))["hands"] == []
        ok(c.post(f"{url}/hands", json={"draw": True}, headers={"X-CSRF-Token": csrf}))
        events = ok(c.get(f"{url}/events"))
        assert [(e["action"], e["actor"]) for e in events] == [
            ("create", "account:pia"),
            ("draw", "account:pia"),
        ]
        # a bearer token needs no CSRF token, even with the cookie sent along
        edit = {"Authorization": f"Bearer {m['access']['edit_token']}"}
        ok(c.post(f"{url}/hands", json={"draw": True}, headers=edit))


def test_roles_and_each_account_s_own_list(app: Any, anon: TestClient) -> None:
    problem(anon.post("/v1/matches", json={"players": PLAYERS}), 401, "unauthorized")
    pia, pia_csrf = log_in(app, "pia")
    pat, pat_csrf = log_in(app, "pat")
    org, org_csrf = log_in(app, "org")
    with pia, pat, org:
        mine = ok(pia.post("/v1/matches", json={"players": PLAYERS},
                           headers={"X-CSRF-Token": pia_csrf}), 201)  # fmt: skip
        assert "edit_token" in mine["access"]  # the 201 still carries the tokens
        theirs = ok(pat.post("/v1/matches", json={"players": PLAYERS},
                             headers={"X-CSRF-Token": pat_csrf}), 201)  # fmt: skip
        assert [m["id"] for m in ok(pia.get("/v1/matches"))] == [mine["id"]]
        assert [m["id"] for m in ok(pat.get("/v1/matches"))] == [theirs["id"]]
        assert {m["id"] for m in ok(org.get("/v1/matches"))} == {mine["id"], theirs["id"]}
        problem(pia.get(f"/v1/matches/{theirs['id']}"), 403, "forbidden")
        ok(org.post(f"/v1/matches/{theirs['id']}/hands", json={"draw": True},
                    headers={"X-CSRF-Token": org_csrf}))  # fmt: skip
        # a player creates no tournament and no account
        t = {"players": [f"P{i}" for i in range(8)]}
        problem(pia.post("/v1/tournaments", json=t, headers={"X-CSRF-Token": pia_csrf}), 403,
                "forbidden")  # fmt: skip
        new = {"name": "kim", "password": PASSWORD, "role": "player"}
        problem(pia.post("/v1/accounts", json=new, headers={"X-CSRF-Token": pia_csrf}), 403,
                "forbidden")  # fmt: skip
        problem(pia.get("/v1/accounts"), 403, "forbidden")
        made = ok(org.post("/v1/accounts", json=new, headers={"X-CSRF-Token": org_csrf}), 201)
        assert (made["name"], made["role"]) == ("kim", "player") and "password" not in made
        problem(org.post("/v1/accounts", json=new, headers={"X-CSRF-Token": org_csrf}), 409,
                "bad_match")  # fmt: skip
        names = [a["name"] for a in ok(org.get("/v1/accounts"))]
        assert names == ["kim", "org", "pat", "pia"]
        body = {**new, "name": "lee", "password": "short"}
        problem(org.post("/v1/accounts", json=body, headers={"X-CSRF-Token": org_csrf}), 422,
                "bad_field")  # fmt: skip
    problem(anon.get("/v1/accounts"), 401, "unauthorized")


def test_an_organiser_gets_404_for_a_gone_match_naming_no_ids(app: Any) -> None:
    org, csrf = log_in(app, "org")
    with org:
        mid = ok(org.post("/v1/matches", json={"players": PLAYERS},
                          headers={"X-CSRF-Token": csrf}), 201)["id"]  # fmt: skip
        detail = problem(org.get("/v1/matches/zzzzzz"), 404, "not_found")["detail"]
        assert detail == "no match 'zzzzzz'" and mid not in detail


def test_log_out_ends_the_session(app: Any) -> None:
    c, csrf = log_in(app, "pia")
    with c:
        cookie = c.cookies.get("fanshu_session")
        problem(c.delete("/v1/session"), 403, "csrf")
        r = c.delete("/v1/session", headers={"X-CSRF-Token": csrf})
        assert r.status_code == 204
        problem(c.get("/v1/session"), 401, "unauthorized")
    with browser(app) as again:  # the old cookie, sent again, opens nothing
        again.cookies.set("fanshu_session", cookie or "")
        problem(again.get("/v1/session"), 401, "unauthorized")


def test_without_club_mode_there_are_no_accounts(db: Path, accounts: None) -> None:
    club = club_app(db)
    with browser(club) as c:
        cookie_client = c
        ok(cookie_client.post("/v1/session", json={"name": "org", "password": PASSWORD}))
        cookie = c.cookies.get("fanshu_session")
    with TestClient(
        create_app(str(db), rate_limits=NO_LIMITS), raise_server_exceptions=False,
        base_url=BASE_URL,
    ) as open_server:  # fmt: skip
        problem(open_server.post("/v1/session", json={"name": "org", "password": PASSWORD}),
                404, "not_found")  # fmt: skip
        problem(open_server.get("/v1/accounts"), 404, "not_found")
        open_server.cookies.set("fanshu_session", cookie or "")
        assert ok(open_server.get("/v1/matches")) == []  # the cookie counts for nothing
        m = ok(open_server.post("/v1/matches", json={"players": PLAYERS}), 201)  # anyone
        problem(open_server.get(f"/v1/matches/{m['id']}"), 401, "unauthorized")


def test_over_https_the_cookie_is_secure(app: Any) -> None:
    """Behind a TLS proxy (or https directly) the browser sends the cookie only over
    https."""
    with TestClient(app, raise_server_exceptions=False, base_url="https://localhost") as c:
        r = c.post("/v1/session", json={"name": "pia", "password": PASSWORD})
        ok(r)
        assert "secure" in r.headers["set-cookie"].lower()
