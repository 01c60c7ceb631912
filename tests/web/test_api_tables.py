"""``/v1/tables``: live tables over WebSocket — several clients playing whole hands of
every rule set, watchers, refused tokens, reconnects, a restart of the server mid-hand
and a timed-out seat."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from websockets.sync.client import connect

from fanshu.engine.log import iter_games
from fanshu.engine.replay import replay_game
from fanshu.engine.variants import playable_rules
from fanshu.store import open_store
from fanshu.tables.service import TableService
from fanshu.tables.timers import ManualTimers, timeout_action
from fanshu.web.app import create_app
from web.conftest import BASE_URL, NO_LIMITS

WS = "ws://localhost"


def make_client(db: Path, **kwargs: Any) -> TestClient:
    return TestClient(
        create_app(str(db), rate_limits=NO_LIMITS, **kwargs),
        raise_server_exceptions=False,
        base_url=BASE_URL,
    )


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with make_client(tmp_path / "t.db") as c:
        yield c


def new_table(client: TestClient, **body: Any) -> dict[str, Any]:
    """A table; no timer unless asked for (a slow run must not meet a real one)."""
    body.setdefault("timer", 0)
    r = client.post("/v1/tables", json=body)
    assert r.status_code == 201, r.text
    made: dict[str, Any] = r.json()
    return made


def service(client: TestClient) -> TableService:
    tables: TableService = client.app.state.tables  # type: ignore[attr-defined]
    return tables


def refused(ws: Any) -> tuple[dict[str, Any], int]:
    """The problem a refused connection is sent, and its close code."""
    problem = ws.receive_json()
    with pytest.raises(WebSocketDisconnect) as info:
        ws.receive_json()
    return problem, info.value.code


class Client:
    """One connection and everything it was sent."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.log: list[dict[str, Any]] = []
        self.state: dict[str, Any] = {}
        self.receive()

    def receive(self) -> dict[str, Any]:
        msg: dict[str, Any] = self.ws.receive_json()
        assert "urn:fanshu:problem" not in str(msg.get("type")), msg
        assert msg["event_count"] == len(self.log) + len(msg["events_new"])  # nothing lost
        self.log.extend(msg["events_new"])
        self.state = msg
        return msg


def concealed_free(state: dict[str, Any]) -> None:
    """A watcher's message: no concealed tile of any seat."""
    obs = state["observation"]
    assert "hand" not in obs and "drawn" not in obs and obs["legal_actions"] == []
    for e in state["events_new"]:
        kind = e["type"]
        assert kind != "act"
        if kind == "deal":
            assert set(e) == {"type", "counts"}
        if kind in ("draw", "flower", "pick", "give", "moon"):
            assert "tile" not in e and "tiles" not in e
        if kind == "kong" and e.get("kind") == "concealed":
            assert "tile" not in e
        if kind == "exchange":
            assert set(e) <= {"type", "direction", "seat"}
        if kind == "start":
            assert "wall" not in e and "seed" not in e


def play(clients: list[Client], watcher: Client | None, limit: int = 5000) -> int:
    """The first legal action of whoever is asked, until the table is over; every
    connection gets one state after each change.  Returns the actions played."""
    for n in range(limit):
        if clients[0].state["done"]:
            return n
        (asked,) = [c for c in clients if c.state["observation"]["asked"]]
        asked.ws.send_json({"action": 0})
        for c in clients:
            c.receive()
        if watcher is not None:
            concealed_free(watcher.receive())
    raise AssertionError("no end")


def stored_logs(db: Path, table_id: str) -> list[str]:
    with open_store(db) as store:
        row = store.load_table(table_id)
    assert row is not None
    return list(row.hands)


def replays(logs: list[str]) -> None:
    for text in logs:
        (log,) = iter_games(text.splitlines())
        report = replay_game(log)
        assert report.ok, report.mismatch


@pytest.mark.parametrize("rules", playable_rules())
def test_people_play_a_whole_hand_of_every_rule_set(rules: str, tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    n = 2 if rules == "two-player" else 4
    with make_client(db) as client:
        made = new_table(client, rules=rules, seats=["human"] * n, seed=21, hands=1, timer=0)
        assert [s["seat"] for s in made["seats"]] == list(range(n))
        with (
            client.websocket_connect(WS + made["watch_socket"]) as w,
            client.websocket_connect(WS + made["seats"][0]["socket"]) as s0,
            client.websocket_connect(WS + made["seats"][1]["socket"]) as s1,
        ):
            extra = [client.websocket_connect(WS + s["socket"]) for s in made["seats"][2:]]
            sockets = [s0, s1, *(e.__enter__() for e in extra)]
            watcher = Client(w)
            concealed_free(watcher.state)
            clients = [Client(ws) for ws in sockets]
            assert play(clients, watcher) > 10
            for e in extra:
                e.__exit__(None, None, None)
        table = service(client).get(made["id"])
        final = clients[0].state
        assert final["done"] and final["result"]["hand"] == 1
        assert sum(final["totals"]) == 0
        assert final["totals"] == table.results[0]["scores"]
        for p, c in enumerate(clients):
            assert c.log == table.shown[p] and c.state["player"] == p
            assert c.state["totals"] == final["totals"]
        assert watcher.log == table.public
    logs = stored_logs(db, made["id"])
    assert logs == table.hand_logs()
    replays(logs)


def test_refused_connections_are_closed_with_their_code(client: TestClient) -> None:
    made = new_table(client, rules="two-player", seats=["human", "greedy"], seed=1, hands=1)
    other = new_table(client, rules="two-player", seats=["human", "greedy"], seed=2, hands=1)
    base = f"{WS}/v1/tables/{made['id']}/ws"
    token = made["seats"][0]["token"]
    cases = [
        (base, 4401, "unauthorized"),
        (f"{base}?token=not-a-token", 4403, "forbidden"),
        (f"{base}?token={made['watch_id']}", 4403, "forbidden"),  # a watch id is no seat
        (f"{base}?token={other['seats'][0]['token']}", 4403, "forbidden"),
        (f"{base}?watch={token}", 4403, "forbidden"),
        (f"{WS}/v1/tables/nope/ws?token={token}", 4404, "table_not_found"),
        (f"{base}?token={token}&from=999999", 4400, "bad_query"),
        (f"{base}?token={token}&from=-1", 4400, "bad_query"),
    ]
    for url, code, name in cases:
        with client.websocket_connect(url) as ws:
            problem, closed = refused(ws)
        assert (closed, problem["code"]) == (code, name), url
        assert problem["type"] == f"urn:fanshu:problem:{name}" and problem["detail"]


def test_a_bad_message_gets_a_problem_and_changes_nothing(client: TestClient) -> None:
    made = new_table(client, rules="mcr", seats=["human", "greedy", "greedy", "greedy"], seed=3)
    url = WS + made["seats"][0]["socket"]
    with client.websocket_connect(url, headers={"Accept-Language": "zh"}) as ws:
        me = Client(ws)
        count = me.state["event_count"]
        ws.send_json({"action": "chow 7s"})
        p = ws.receive_json()
        assert p["code"] == "illegal_action" and p["status"] == 422
        assert p["legal_actions"] == me.state["observation"]["legal_actions"]
        assert p["detail"].startswith("现在不能 chow 7s；合法的动作："), p["detail"]
        for sent, code in [
            ("not json", "bad_json"),
            ('{"move": 1}', "bad_field"),
            ('{"action": true}', "bad_field"),
            ('{"bot": 3}', "bad_field"),
            ('{"action": "' + "x" * 5000 + '"}', "too_large"),
            ('{"action": 99}', "illegal_action"),
        ]:
            ws.send_text(sent)
            assert ws.receive_json()["code"] == code, sent
        ws.send_json({"action": 0})  # the table was unchanged: index 0 is still legal
        assert me.receive()["event_count"] > count
    with client.websocket_connect(WS + made["watch_socket"]) as w:
        Client(w)
        w.send_json({"action": 0})
        assert w.receive_json()["code"] == "forbidden"


def test_reconnect_resumes_from_the_event_count(client: TestClient) -> None:
    made = new_table(client, rules="two-player", seats=["human", "human"], seed=7, hands=2, timer=0)
    url0, url1 = (WS + s["socket"] for s in made["seats"])
    with client.websocket_connect(url0) as ws0, client.websocket_connect(url1) as ws1:
        a, b = Client(ws0), Client(ws1)
        play_some = 0
        while play_some < 6:
            (asked,) = [c for c in (a, b) if c.state["observation"]["asked"]]
            asked.ws.send_json({"action": 0})
            a.receive()
            b.receive()
            play_some += 1
        ws0.send_json({"bot": "greedy"})  # a bot plays seat 0 while it is away
        a.receive()
        b.receive()
    kept = list(a.log)
    with client.websocket_connect(url1) as ws1:
        b2 = Client(ws1)  # from 0: the whole log again
        assert b2.log == b.log
        for _ in range(5):
            if b2.state["done"] or not b2.state["observation"]["asked"]:
                break
            ws1.send_json({"action": 0})
            b2.receive()
    with client.websocket_connect(f"{url0}&from={len(kept)}") as ws0:
        back = Client.__new__(Client)
        back.ws, back.log, back.state = ws0, list(kept), {}
        back.receive()  # what happened while away, and nothing twice
        assert back.state["bots"] == {"0": "greedy"}
        ws0.send_json({"bot": None})
        back.receive()
        assert back.state["bots"] == {}
    table = service(client).get(made["id"])
    assert back.log == table.shown[0] and len(back.log) > len(kept)


def test_a_restart_mid_hand_resumes_the_table(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    with make_client(db) as first:
        made = new_table(
            first, rules="beijing", seats=["human", "greedy", "human", "greedy"], seed=4, hands=2
        )
        urls = [WS + made["seats"][p]["socket"] for p in (0, 2)]
        with first.websocket_connect(urls[0]) as x, first.websocket_connect(urls[1]) as y:
            clients = [Client(x), Client(y)]
            for _ in range(8):
                (asked,) = [c for c in clients if c.state["observation"]["asked"]]
                asked.ws.send_json({"action": 0})
                for c in clients:
                    c.receive()
        before = [c.state for c in clients]
    assert not before[0]["done"]
    with make_client(db) as second:  # a new server on the same file
        with (
            second.websocket_connect(f"{urls[0]}&from={len(clients[0].log)}") as x,
            second.websocket_connect(f"{urls[1]}&from={len(clients[1].log)}") as y,
        ):
            for c, ws in zip(clients, (x, y), strict=True):
                c.ws = ws
                assert c.receive()["events_new"] == []
            for c, was in zip(clients, before, strict=True):
                assert c.state["observation"] == was["observation"]
            play(clients, None)
        table = service(second).get(made["id"])
        assert [c.log for c in clients] == [table.shown[0], table.shown[2]]
        assert sum(clients[0].state["totals"]) == 0
        summary = second.get(f"/v1/tables/{made['id']}").json()
        assert summary["done"] and summary["hands_played"] == 2
    replays(stored_logs(db, made["id"]))


def test_a_timed_out_seat_is_played_automatically(tmp_path: Path) -> None:
    clock = ManualTimers()
    with make_client(tmp_path / "t.db") as client:
        app: Any = client.app
        app.state.tables = TableService(app.state.db.open, scheduler=clock)
        made = new_table(
            client, rules="mcr", seats=["human", "greedy", "greedy", "greedy"], timer=5
        )
        with client.websocket_connect(WS + made["seats"][0]["socket"]) as ws:
            me = Client(ws)
            assert me.state["observation"]["asked"] and me.state["deadline"] == 5
            table = service(client).get(made["id"])
            expected = str(timeout_action(table.game, me.state["seat"]))
            before = len(table.game.events)
            assert clock.advance(5) == 1  # no one acted: the timer plays seat 0
            me.receive()
            acts = [e for e in table.game.events[before:] if e["type"] == "act"]
            assert acts[0] == {"type": "act", "seat": me.state["seat"], "action": expected}
            assert me.state["deadline"] in (5, None)


def test_new_table_bounds_and_answers(client: TestClient) -> None:
    for body, code in [
        ({"rules": "mcr", "seats": ["human", "greedy"]}, "bad_option"),
        ({"rules": "mcr", "seats": ["greedy"] * 4}, "bad_option"),
        ({"rules": "mcr", "seats": ["human"] * 4, "hands": 17}, "bad_option"),
        ({"rules": "mcr", "seats": ["human"] * 4, "timer": 601}, None),
        ({"rules": "mcr", "seats": ["human"] * 4, "hands": 0}, None),
        ({"rules": "mcr", "seats": ["human"] * 5}, None),
        ({"rules": "mcr", "seats": ["human"] * 4, "seed": -1}, None),
        ({"rules": "mcr", "seats": ["human"] * 4, "on_timeout": "nap"}, "bad_option"),
    ]:
        r = client.post("/v1/tables", json=body)
        assert r.status_code == 422, (body, r.text)
        if code is not None:
            assert r.json()["code"] == code
    made = new_table(client, rules="two-player", seats=["human", "fan"], seed=1, hands=3)
    assert made["seats"][1] == {"seat": 1, "kind": "fan", "name": "fan 2"}
    assert made["seats"][0]["join"].startswith(f"/#/table/{made['id']}?key=")
    summary = client.get(f"/v1/tables/{made['id']}").json()
    assert summary["hands"] == 3 and summary["timer"] is None
    default = new_table(client, rules="two-player", seats=["human", "fan"], timer=None)
    assert client.get(f"/v1/tables/{default['id']}").json()["timer"] == 15
    assert made["seats"][0]["token"] not in str(summary) and made["watch_id"] not in str(summary)
    assert client.get("/v1/tables/nope").status_code == 404


def test_a_club_server_needs_a_log_in_to_open_a_table(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    with open_store(db) as store:
        store.create_account("org", "long-enough-1", "organiser")
        store.create_account("pia", "long-enough-1", "player")
        store.create_account("pat", "long-enough-1", "player")
    body = {"rules": "two-player", "seats": ["human", "greedy"], "timer": 0}
    with make_client(db, accounts=True) as client:
        r = client.post("/v1/tables", json=body)
        assert r.status_code == 401 and r.json()["code"] == "unauthorized"
        assert client.get("/v1/tables").status_code == 401

    def logged_in(name: str) -> tuple[TestClient, dict[str, str]]:
        c = make_client(db, accounts=True)
        r = c.post("/v1/session", json={"name": name, "password": "long-enough-1"})
        assert r.status_code == 200, r.text
        return c, {"X-CSRF-Token": r.json()["csrf"]}

    pia, csrf = logged_in("pia")
    with pia:
        made = pia.post("/v1/tables", json=body, headers=csrf)
        assert made.status_code == 201, made.text
        mine = pia.get("/v1/tables").json()
        assert [t["id"] for t in mine] == [made.json()["id"]] and mine[0]["owner"] == "pia"
        assert pia.get("/v1/tables", params={"limit": 101}).status_code == 422
    pat, _ = logged_in("pat")
    with pat:
        assert pat.get("/v1/tables").json() == []
    org, _ = logged_in("org")
    with org:
        assert [t["id"] for t in org.get("/v1/tables").json()] == [made.json()["id"]]
    with open_store(db) as store:
        row = store.load_table(made.json()["id"])
    assert row is not None and row.owner == "pia"


def test_problems_answer_in_the_connection_s_language(client: TestClient) -> None:
    made = new_table(client, rules="two-player", seats=["human", "human"], seed=1, hands=1)
    bad = f"{WS}/v1/tables/{made['id']}/ws?token=nope"
    zh = {"Accept-Language": "zh"}
    with client.websocket_connect(bad, headers=zh) as ws:
        problem, code = refused(ws)
    assert code == 4403 and problem["detail"] == f"这个座位令牌不能打开牌桌 '{made['id']}'"
    with client.websocket_connect(bad) as ws:
        problem, _ = refused(ws)
    assert problem["detail"] == f"this seat token does not open table '{made['id']}'"
    table = service(client).get(made["id"])
    (idle,) = [s for s in made["seats"] if s["seat"] != table.asked()]
    with client.websocket_connect(WS + idle["socket"], headers=zh) as ws:
        Client(ws)
        ws.send_json({"action": 0})
        assert ws.receive_json()["detail"] == "现在不轮到你决定"
        ws.send_json({"move": 0})
        assert ws.receive_json()["detail"].startswith('请发送 {"action": text or index} 或')


def test_a_real_server_plays_a_hand_over_websockets(tmp_path: Path) -> None:
    """``fanshu serve`` (uvicorn with the ``websockets`` library of the web extra) and a
    real WebSocket client play a two-player hand to its end."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = int(s.getsockname()[1])
    serve = ["serve", "--port", str(port), "--db", str(tmp_path / "served.db")]
    proc = subprocess.Popen(
        [sys.executable, "-c", "from fanshu.cli import run; run()", *serve],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "FANSHU_DB": str(tmp_path / "not-this.db")},
    )
    try:
        assert proc.stdout is not None
        url = proc.stdout.readline().strip().removeprefix("fanshu serving on ")
        body = {
            "rules": "two-player",
            "seats": ["human", "greedy"],
            "seed": 5,
            "hands": 1,
            "timer": 0,
        }
        request = urllib.request.Request(
            url + "v1/tables",
            data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=10) as r:
            made = json.load(r)
        ws_url = url.replace("http://", "ws://").rstrip("/") + made["seats"][0]["socket"]
        with connect(ws_url, open_timeout=10) as ws:
            state = json.loads(ws.recv(timeout=10))
            log = list(state["events_new"])
            for _ in range(500):
                if state["done"]:
                    break
                ws.send(json.dumps({"action": 0}))
                state = json.loads(ws.recv(timeout=10))
                log += state["events_new"]
            assert state["done"] and len(log) == state["event_count"]
            assert sum(state["totals"]) == 0 and state["result"]["how"] in ("win", "drawn")
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def test_a_table_takes_a_bounded_number_of_connections(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    from fanshu.web.api import tables as routes

    monkeypatch.setattr(routes, "MAX_LISTENERS", 2)
    made = new_table(client, rules="two-player", seats=["human", "greedy"], seed=1, hands=1)
    url = WS + made["watch_socket"]
    with client.websocket_connect(url) as a, client.websocket_connect(url) as b:
        Client(a), Client(b)
        with client.websocket_connect(url) as c:
            problem, code = refused(c)
        assert code == 4429 and problem["code"] == "too_many_listeners"
    with client.websocket_connect(url) as again:  # the others left: room again
        assert Client(again).state["player"] is None


def test_a_binary_frame_is_read_as_text(client: TestClient) -> None:
    made = new_table(client, rules="two-player", seats=["human", "greedy"], seed=2, hands=1)
    with client.websocket_connect(WS + made["seats"][0]["socket"]) as ws:
        me = Client(ws)
        before = me.state["event_count"]
        ws.send_bytes(b'{"action": 0}')
        assert me.receive()["event_count"] > before
        ws.send_bytes(b"\xff\xfe")
        assert ws.receive_json()["code"] == "bad_json"


def test_a_bot_fault_is_a_500_problem_not_a_dropped_connection(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    from fanshu.engine.players.greedy import GreedyPlayer

    made = new_table(client, rules="two-player", seats=["human", "greedy"], seed=3, hands=1)
    with client.websocket_connect(WS + made["seats"][0]["socket"]) as ws:
        me = Client(ws)
        assert me.state["observation"]["asked"]

        def broken(self: object, obs: object) -> object:
            raise RuntimeError("a bot bug")

        monkeypatch.setattr(GreedyPlayer, "choose", broken)
        # the person plays until the bot is asked: the person's action stands (a state
        # with it) and the bot's fault is a problem, in either order
        got: list[dict[str, Any]] = []
        for _ in range(50):
            ws.send_json({"action": 0})
            got = [ws.receive_json()]
            if "status" in got[0] or not got[0]["observation"]["asked"]:
                got.append(ws.receive_json())
                break
        (problem,) = [m for m in got if "status" in m]
        (state,) = [m for m in got if "status" not in m]
        assert state["to_act"] == 1 and not state["observation"]["asked"]
        assert problem["status"] == 500 and problem["code"] == "internal_error"
        assert "a bot bug" in problem["detail"] and "seat 1" in problem["detail"]


def test_a_client_gone_while_its_state_is_sent_ends_the_connection_quietly() -> None:
    """The writer's send to a client that left raises WebSocketDisconnect inside the
    connection's task group: the writer stops the connection itself, so the group ends
    without an exception group (which uvicorn logged as "Exception in ASGI application")."""
    import anyio

    from fanshu.web.api import tables as api

    class Gone:
        sent = 0

        async def send_state(self, changed: bool = False) -> None:
            self.sent += 1
            raise WebSocketDisconnect(1006)

    async def woken() -> bool:
        return True

    async def connection() -> int:
        conn = Gone()
        async with anyio.create_task_group() as tasks:
            tasks.start_soon(api._writer, conn, woken, tasks.cancel_scope)
            await anyio.sleep_forever()  # as the reader waits for the client
        return conn.sent

    # in a thread of its own: a browser test before it in this worker may leave an event
    # loop running in this one (Playwright's sync API), and anyio.run refuses to nest
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as pool:
        assert pool.submit(anyio.run, connection).result(timeout=30) == 1
