"""``fanshu tables new|show`` and ``fanshu play --table|--watch`` against a real server
(uvicorn in a thread on a free port, WebSockets through the ``websockets`` library):
links printed whole, hands played to their end from scripted input against a bot and
against a second socket client, a dropped connection resumed with nothing shown twice,
a bot taking the seat and giving it back, and bad links, tokens and servers as one
``error:`` line with their exit status (2 refused or bad, 3 no server)."""

from __future__ import annotations

import json
import re
import socket
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from typer.testing import CliRunner
from websockets.sync.client import connect

from fanshu import i18n
from fanshu.cli.live import EXIT_UNREACHABLE
from fanshu.cli.main import app
from fanshu.store import open_store
from fanshu.web.app import create_app
from fanshu.web.ratelimit import RateLimits

PENDING = Path(__file__).resolve().parents[2] / "src/fanshu/locale/zh/pending/cli-tables.po"
#: Answers enough for any hand: the first legal action, again and again.
FIRSTS = "1\n" * 400


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Server:
    """``create_app`` served by uvicorn in a thread, as ``fanshu serve`` serves it."""

    def __init__(self, db: Path, **kwargs: Any) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        config = uvicorn.Config(
            create_app(str(db), rate_limits=RateLimits.off(), **kwargs),
            host="127.0.0.1",
            port=self.port,
            log_level="warning",
            lifespan="on",
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> Server:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.02)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(10)

    def get(self, path: str) -> Any:
        with urllib.request.urlopen(self.url + path, timeout=10) as r:
            return json.loads(r.read())


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with Server(tmp_path_factory.mktemp("tables") / "t.db") as s:
        yield s


def run(*args: str, stdin: str = "") -> Any:
    return CliRunner().invoke(app, list(args), input=stdin)


def new_table(server: Server, *args: str) -> dict[str, Any]:
    result = run("tables", "new", "--server", server.url, "--json", *args)
    assert result.exit_code == 0, result.output
    made: dict[str, Any] = json.loads(result.stdout)
    return made


def two_player(server: Server, *seats: str, seed: int = 5, hands: int = 1) -> dict[str, Any]:
    flags = [x for s in seats for x in ("--seat", s)]
    return new_table(
        server, "--rules", "two-player", *flags, "--hands", str(hands), "--seed", str(seed),
        "--timer", "0",
    )  # fmt: skip


def play(join: str, *extra: str, stdin: str = FIRSTS) -> Any:
    return run("play", "--plain", "--table", join, *extra, stdin=stdin)


def totals_line(output: str) -> str:
    (line,) = [ln for ln in output.splitlines() if ln.startswith("── the table is over")]
    return line


def test_new_prints_every_link_whole_and_show_sums_up(server: Server) -> None:
    made = two_player(server, "human", "greedy")
    person, bot = made["seats"]
    assert person["join"] == f"{server.url}/#/table/{made['id']}?key={person['token']}"
    assert person["socket"].startswith(f"ws://127.0.0.1:{server.port}/v1/tables/{made['id']}/ws")
    assert "join" not in bot and bot["kind"] == "greedy"
    assert made["watch"].endswith(f"?watch={made['watch_id']}")
    # the table view: every join link and the watch link whole, even in 80 columns
    shown = run(
        "tables", "new", "--server", server.url, "--rules", "mcr",
        "--seat", "human", "--seat", "greedy", "--seat", "human", "--seat", "random",
        "--name", "Ann", "--name", "Bot", "--name", "Cy", "--name", "Rand",
    )  # fmt: skip
    assert shown.exit_code == 0, shown.output
    links = re.findall(r"http://[^\s']+", shown.stdout)
    assert len({ln for ln in links if "?key=" in ln}) == 2  # the two people's
    assert any("?watch=" in ln for ln in links)
    table_id = re.search(r"Table (\S+) \(mcr\)", shown.stdout)
    assert table_id is not None
    summary = server.get(f"/v1/tables/{table_id[1]}")
    assert [s["name"] for s in summary["seats"]] == ["Ann", "Bot", "Cy", "Rand"]
    key = next(ln for ln in links if "?key=" in ln)
    token = key.rpartition("key=")[2]
    assert len(token) >= 20
    # show: by id with --server, or by any link; --json is the server's summary
    by_id = run("tables", "show", table_id[1], "--server", server.url)
    assert by_id.exit_code == 0, by_id.output
    assert (
        "Ann" in by_id.stdout and "random" in by_id.stdout and "0/16 hands played" in by_id.stdout
    )
    as_json = run("tables", "show", key, "--json")
    assert json.loads(as_json.stdout) == summary


def test_a_two_player_hand_against_a_bot_to_its_end(server: Server) -> None:
    made = two_player(server, "human", "greedy", seed=5)
    result = play(made["seats"][0]["join"])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.startswith("── hand 1 of 1 ──")
    assert "── end of the hand ──" in out and "scores: " in out
    summary = server.get(f"/v1/tables/{made['id']}")
    assert summary["done"] and summary["hands_played"] == 1
    names = [s["name"] for s in summary["seats"]]
    expected = ", ".join(f"{n} {t:+d}" for n, t in zip(names, summary["totals"], strict=True))
    assert totals_line(out) == f"── the table is over ── totals: {expected}"
    # every decision was asked once and answered once: as many prompts as own actions
    prompts = out.count("your choice (")
    mine = len(re.findall(r"^your choice \(.*?\): (\S+)$", out, re.M))
    assert prompts == mine > 5


def _scripted_player(socket_url: str, stop: threading.Event) -> None:
    """A second person: plays the first legal action whenever asked, to the end."""
    with connect(socket_url) as ws:
        while not stop.is_set():
            state = json.loads(ws.recv(timeout=20))
            if "status" in state:  # a problem: the state comes again
                continue
            if state["done"]:
                return
            if state["observation"]["asked"] and state["observation"]["legal_actions"]:
                ws.send(json.dumps({"action": 0}))


def test_two_people_one_in_the_terminal_one_on_a_socket(server: Server) -> None:
    made = two_player(server, "human", "human", seed=11, hands=2)
    stop = threading.Event()
    other = threading.Thread(target=_scripted_player, args=(made["seats"][1]["socket"], stop))
    other.start()
    try:
        result = play(made["seats"][0]["join"])
    finally:
        stop.set()
        other.join(30)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "── hand 1 of 2 ──" in out and "── hand 2 of 2 ──" in out
    assert out.count("── end of the hand ──") == 2
    summary = server.get(f"/v1/tables/{made['id']}")
    assert summary["done"] and summary["hands_played"] == 2
    expected = ", ".join(f"P{p + 1} {t:+d}" for p, t in enumerate(summary["totals"]))
    assert totals_line(out) == f"── the table is over ── totals: {expected}"


class DroppingProxy:
    """A TCP relay to the server that cuts every connection once, after the server has
    sent ``after`` bytes through it, and relays new ones as before."""

    def __init__(self, target: int, after: int) -> None:
        self.target, self.after = target, after
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.sent = 0
        self.drops = 0
        self.lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            upstream = socket.create_connection(("127.0.0.1", self.target))
            pair = (client, upstream)
            threading.Thread(target=self._pump, args=(client, upstream, pair, False)).start()
            threading.Thread(target=self._pump, args=(upstream, client, pair, True)).start()

    def _pump(self, src: socket.socket, dst: socket.socket, pair: Any, down: bool) -> None:
        try:
            while data := src.recv(65536):
                dst.sendall(data)
                if down:
                    with self.lock:
                        self.sent += len(data)
                        cut = self.drops == 0 and self.sent > self.after
                        if cut:
                            self.drops += 1
                    if cut:
                        for s in pair:
                            s.shutdown(socket.SHUT_RDWR)
                        return
        except OSError:
            pass
        finally:
            for s in pair:
                s.close()

    def close(self) -> None:
        self.listener.close()


def test_a_dropped_connection_resumes_with_nothing_lost_or_shown_twice(server: Server) -> None:
    direct = two_player(server, "human", "greedy", seed=23)
    proxied = two_player(server, "human", "greedy", seed=23)  # the same deal and bot
    plain = play(direct["seats"][0]["join"])
    proxy = DroppingProxy(server.port, after=1200)
    try:
        join = proxied["seats"][0]["join"].replace(f":{server.port}/", f":{proxy.port}/")
        cut = play(join)
    finally:
        proxy.close()
    assert proxy.drops == 1
    assert cut.exit_code == 0, cut.output
    assert "connection lost: resuming from event" in cut.stderr
    # the same table, the same answers: the same transcript, line for line
    assert cut.stdout == plain.stdout
    assert server.get(f"/v1/tables/{proxied['id']}")["done"]


def test_a_bot_takes_the_seat_and_gives_it_back(server: Server) -> None:
    made = two_player(server, "human", "human", seed=3)
    stop = threading.Event()
    other = threading.Thread(target=_scripted_player, args=(made["seats"][1]["socket"], stop))
    other.start()
    try:
        result = play(made["seats"][0]["join"], "--bot", "greedy", stdin="back\n" + FIRSTS)
    finally:
        stop.set()
        other.join(30)
    assert result.exit_code == 0, result.output
    assert "back" in result.stdout and "── the table is over" in result.stdout
    summary = server.get(f"/v1/tables/{made['id']}")
    assert summary["done"] and summary["seats"][0]["bot"] is None  # given back


def test_a_bot_plays_the_seat_to_the_end_with_no_input(server: Server) -> None:
    made = two_player(server, "human", "greedy", seed=8)
    result = play(made["seats"][0]["join"], "--bot", "greedy", stdin="")
    assert result.exit_code == 0, result.output
    assert "your choice" not in result.stdout and "── the table is over" in result.stdout
    summary = server.get(f"/v1/tables/{made['id']}")
    assert summary["done"] and summary["seats"][0]["bot"] == "greedy"


def test_the_input_ending_leaves_the_seat(server: Server) -> None:
    made = two_player(server, "human", "greedy", seed=5)
    result = play(made["seats"][0]["join"], stdin="1\n")
    assert result.exit_code == 0
    assert "you left the table" in result.stderr
    assert not server.get(f"/v1/tables/{made['id']}")["done"]


def test_watch_shows_the_table_without_a_concealed_tile(server: Server) -> None:
    made = two_player(server, "human", "greedy", seed=5)
    done = play(made["seats"][0]["join"])
    assert done.exit_code == 0
    watched = run("play", "--plain", "--watch", made["watch"])
    assert watched.exit_code == 0, watched.output
    assert totals_line(watched.stdout) == totals_line(done.stdout)
    assert "you draw" not in watched.stdout and "your hand" not in watched.stdout
    assert "seat 0 discards" in watched.stdout  # the person's discards, seen from outside


def test_a_club_server_takes_a_log_in(tmp_path: Path) -> None:
    db = tmp_path / "club.db"
    with open_store(str(db)) as s:
        s.create_account("pia", "long-enough-1", "player")
    with Server(db, accounts=True) as club:
        args = ["tables", "new", "--server", club.url, "--rules", "two-player"]
        args += ["--seat", "human", "--seat", "greedy", "--json"]
        refused = run(*args)
        assert refused.exit_code == 2
        assert refused.stderr.startswith("error: the server refused: ")
        assert "401 unauthorized" in refused.stderr
        wrong = run(*args, "--login", "pia", "--password-stdin", stdin="nope-nope-nope\n")
        assert wrong.exit_code == 2 and "error: the server refused" in wrong.stderr
        made = run(*args, "--login", "pia", "--password-stdin", stdin="long-enough-1\n")
        assert made.exit_code == 0, made.output
        assert json.loads(made.stdout)["seats"][0]["join"].startswith(club.url)


@pytest.mark.parametrize(
    ("link", "code", "says"),
    [
        ("nonsense", 2, "is not a table's link"),
        ("http://127.0.0.1:{port}/#/table/nosuch?key=x", 2, "no table 'nosuch'"),
        ("http://127.0.0.1:{port}/#/table/{id}?key=wrong", 2, "this seat token does not open"),
        ("http://127.0.0.1:{port}/#/table/{id}", 2, "has no seat token"),
        ("http://127.0.0.1:{dead}/#/table/{id}?key=x", EXIT_UNREACHABLE, "cannot reach"),
        ("ftp://127.0.0.1/#/table/x?key=y", 2, "is not a server's address"),
    ],
)
def test_bad_links_are_one_error_line(server: Server, link: str, code: int, says: str) -> None:
    made = two_player(server, "human", "greedy")
    url = link.format(port=server.port, id=made["id"], dead=free_port())
    result = play(url, stdin="")
    assert result.exit_code == code, result.output
    assert result.stderr.startswith("error: ") and says in result.stderr
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.output


def test_bad_tables_commands_are_one_error_line(server: Server) -> None:
    cases = [
        (["new", "--server", server.url, "--seat", "human", "--seat", "greedy"], 2, "4 seats"),
        (["new", "--server", "http://127.0.0.1:1", "--seat", "human"], 3, "cannot reach"),
        (["new", "--server", "ftp://x", "--seat", "human"], 2, "not a server's address"),
        (["show", "nosuch", "--server", server.url], 2, "no table 'nosuch'"),
        (["show", "nosuch"], 2, "with --server URL"),
    ]
    for args, code, says in cases:
        result = run("tables", *args)
        assert result.exit_code == code, (args, result.output)
        assert result.stderr.startswith("error: ") and says in result.stderr, args
        assert "Traceback" not in result.output


@pytest.fixture
def pending_chinese(monkeypatch: pytest.MonkeyPatch) -> None:
    """Messages translated by this module's pending catalog too (before ``make messages``
    merges it into the compiled one), as users will see them."""
    from babel.messages.pofile import read_po

    with PENDING.open("rb") as f:
        catalog = {m.id: m.string for m in read_po(f) if m.id and m.string}
    real = i18n.gettext

    def gettext(text: str, lang: str) -> str:
        return catalog[text] if lang == "zh" and text in catalog else real(text, lang)

    monkeypatch.setattr(i18n, "gettext", gettext)


def test_errors_in_chinese(server: Server, pending_chinese: None) -> None:
    result = run("--lang", "zh", "tables", "show", "nosuch", "--server", server.url)
    assert result.exit_code == 2
    # ours and the server's (Accept-Language: zh), in one line
    assert result.stderr == "error: 服务器拒绝了请求：没有牌桌 'nosuch' (404 table_not_found)\n"
    result = run("--lang", "zh", "play", "--table", "nonsense", stdin="")
    assert result.stderr.startswith("error: 'nonsense' 不是牌桌链接")
    assert (
        run("--lang", "zh", "play", "--bot", "greedy").stderr
        == "error: --bot 需与 --table 一起使用\n"
    )


def test_a_socket_that_is_not_a_table_s_is_one_error_line() -> None:
    from websockets.sync.server import serve

    def hello(ws: Any) -> None:
        ws.send("hello")
        time.sleep(0.5)

    with serve(hello, "127.0.0.1", 0) as other:
        port = other.socket.getsockname()[1]
        threading.Thread(target=other.serve_forever, daemon=True).start()
        result = play(f"ws://127.0.0.1:{port}/v1/tables/t1/ws?token=x", stdin="")
        other.shutdown()
    assert result.exit_code == 2
    assert result.stderr == "error: the server sent 'hello', not a table's state\n"


def test_an_mcr_hand_with_winds_against_three_bots(server: Server) -> None:
    made = new_table(
        server, "--rules", "mcr", "--seat", "greedy", "--seat", "human", "--seat", "greedy",
        "--seat", "greedy", "--hands", "1", "--seed", "2", "--timer", "0",
    )  # fmt: skip
    result = play(made["seats"][1]["join"])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert server.get(f"/v1/tables/{made['id']}")["done"] and "── end of the hand ──" in out
    # the board names the others with their wind and bot, the player last
    board = out.split("── mcr · prevalent wind E · ", 1)[1].split("your hand", 1)[0]
    assert re.search(r"^seat \d \([ESWN], greedy \d\)  score", board, re.M)
    assert re.search(r"^you \(seat \d, [ESWN]\)  score", board, re.M)


def test_without_websockets_it_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    import builtins

    real_import = builtins.__import__

    def no_websockets(name: str, *args: Any, **kwargs: Any) -> Any:
        if name.startswith("websockets"):
            raise ImportError(f"No module named {name!r}", name=name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_websockets)
    result = play("http://127.0.0.1:9/#/table/t1?key=k", stdin="")
    assert result.exit_code == 2
    assert result.stderr == (
        "error: fanshu play --table needs the websockets library: pip install 'fanshu[cli]'\n"
    )
