"""Live tables from the terminal (issue 20): ``fanshu tables new|show`` and the terminal
client of ``fanshu play --table URL`` / ``--watch URL``.

``fanshu tables new --server URL --seat human --seat greedy …`` opens a table on a
running server (``POST /v1/tables``; on a club server ``--login NAME`` logs in first,
the password read from a prompt or ``--password-stdin``) and prints each person's join
link and the watch link; ``fanshu tables show ID|URL`` prints the public summary.

``fanshu play --table LINK`` sits at a person's seat over the table's WebSocket: the
table and the action prompt are those of ``fanshu play`` (:mod:`fanshu.cli.play`), the
others' moves are printed as they happen, a dropped connection is resumed with
``&from=EVENT_COUNT`` (nothing is shown twice, nothing lost), and ``bot NAME`` at the
prompt (or ``--bot NAME``) lets a bot play the seat until ``back`` is typed.  Answers
may come from a pipe; at the end of the input the seat is left to its timer.

Exit status: 0 the table is over or the player left; 2 a bad link, option or token
(the server's refusal, one line); 3 the server cannot be reached or the connection was
lost for good (:data:`RECONNECTS` tries).

实时牌桌的终端命令：创建牌桌、查看牌桌，以及通过 WebSocket 在终端入座或观战。
"""

from __future__ import annotations

import json
import queue
import sys
import threading
import time
from collections.abc import Mapping
from typing import Annotated, Any

import typer

from fanshu.cli.errors import EXIT_BAD_INPUT, fail
from fanshu.cli.language import current_language, t
from fanshu.cli.remote import (
    RemoteError,
    TableLink,
    Unreachable,
    log_in,
    parse_link,
    request_json,
    server_of,
)
from fanshu.engine.actions import Action, ActionError
from fanshu.engine.observation import Observation, SeatView
from fanshu.errors import FanshuError
from fanshu.hand import Meld
from fanshu.i18n import msg
from fanshu.notation import parse_hand
from fanshu.tiles import TILE_OF_CODE, TILES, Tile

__all__ = ["EXIT_UNREACHABLE", "RECONNECTS", "observation_of", "play_remote", "tables_app"]

#: Exit status of a server that cannot be reached or a connection lost for good.
EXIT_UNREACHABLE = 3
#: Tries to resume a dropped connection, waiting 0.5, 1, 2 … seconds between them.
RECONNECTS = 5
#: Seconds between looks at the socket and at the typed answers.
POLL = 0.05
_WINDS = "ESWN"

tables_app = typer.Typer(
    name="tables",
    help="Live tables on a fanshu server: open one and print its join links, or show one.",
    no_args_is_help=True,
    add_completion=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)

ServerOption = Annotated[
    str,
    typer.Option(
        "--server",
        metavar="URL",
        help="The server's address, e.g. http://127.0.0.1:8000 (fanshu serve).",
        show_default=False,
    ),
]
JsonFlag = Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")]


def _lang() -> str:
    return str(current_language())


def _fail(e: FanshuError) -> typer.Exit:
    """The error line of ``e``, with status 3 for a server that does not answer, else 2."""
    return fail(e.message, EXIT_UNREACHABLE if isinstance(e, Unreachable) else EXIT_BAD_INPUT)


# -- fanshu tables ----------------------------------------------------------------------


def _password(from_stdin: bool) -> str:
    if from_stdin:
        line = sys.stdin.readline().rstrip("\n")
        if not line:
            raise fail(msg("no password on standard input (--password-stdin)"))
        return line
    try:
        password: str = typer.prompt("Password", hide_input=True)
    except typer.Abort:
        raise fail(msg("no password given")) from None
    return password


def absolute_links(made: Mapping[str, Any], server: str) -> dict[str, Any]:
    """The server's answer to ``POST /v1/tables`` with every link made absolute.

    >>> made = {"id": "t", "seats": [{"seat": 0, "join": "/#/table/t?key=k",
    ...     "socket": "/v1/tables/t/ws?token=k"}], "watch": "/#/table/t?watch=w",
    ...     "watch_socket": "/v1/tables/t/ws?watch=w"}
    >>> out = absolute_links(made, "http://h:1")
    >>> out["seats"][0]["join"], out["watch_socket"]
    ('http://h:1/#/table/t?key=k', 'ws://h:1/v1/tables/t/ws?watch=w')
    """
    ws = "ws" + server.removeprefix("http")
    out = dict(made)
    out["seats"] = [
        {
            **s,
            **({"join": server + s["join"]} if "join" in s else {}),
            **({"socket": ws + s["socket"]} if "socket" in s else {}),
        }
        for s in made.get("seats", [])
    ]
    out["watch"] = server + str(made.get("watch", ""))
    out["watch_socket"] = ws + str(made.get("watch_socket", ""))
    return out


@tables_app.command("new")
def tables_new(
    server: ServerOption,
    seat: Annotated[
        list[str],
        typer.Option(
            "--seat",
            metavar="KIND",
            help="A seat, in table order (repeatable: 2 for two-player, else 4): human, "
            "or a bot (greedy, random …).",
            show_default=False,
        ),
    ],
    rules: Annotated[
        str, typer.Option("--rules", "-r", metavar="NAME", help="The rule set of the table.")
    ] = "mcr",
    name: Annotated[
        list[str] | None,
        typer.Option(
            "--name",
            metavar="NAME",
            help="The seats' names, in table order (repeatable; 1-40 characters each).",
            show_default=False,
        ),
    ] = None,
    hands: Annotated[
        int | None,
        typer.Option(
            "--hands",
            metavar="N",
            help="Hands to play: 1-16 for MCR, 1-64 for the others (default 16).",
            show_default=False,
        ),
    ] = None,
    timer: Annotated[
        int | None,
        typer.Option(
            "--timer",
            metavar="S",
            help="Seconds a person has for a decision (1-600; 0: no timer). Default: the "
            "rule set's.",
            show_default=False,
        ),
    ] = None,
    on_timeout: Annotated[
        str | None,
        typer.Option(
            "--on-timeout",
            metavar="auto|BOT",
            help="What plays a seat whose time is up: auto (the default) or a bot.",
            show_default=False,
        ),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed", metavar="N", help="The table's seed. Default: random.", show_default=False
        ),
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option(
            "--option",
            "-o",
            metavar="NAME=VALUE",
            help="An option of the rule set (repeatable).",
            show_default=False,
        ),
    ] = None,
    login: Annotated[
        str | None,
        typer.Option(
            "--login",
            metavar="NAME",
            help="Log in as this account first (a club server: fanshu serve --accounts).",
            show_default=False,
        ),
    ] = None,
    password_stdin: Annotated[
        bool,
        typer.Option("--password-stdin", help="Read the password of --login from standard input."),
    ] = False,
    as_json: JsonFlag = False,
) -> None:
    """Open a live table on a server and print each person's join link and the watch
    link (shown only once: the server keeps no copy of the tokens)."""
    try:
        base = server_of(server)
        body: dict[str, Any] = {"rules": rules, "seats": list(seat)}
        for key, value in (
            ("names", name or None),
            ("hands", hands),
            ("timer", timer),
            ("on_timeout", on_timeout),
            ("seed", seed),
        ):
            if value is not None:
                body[key] = value
        if option:
            from fanshu.cli.simulate import parse_options

            body["options"] = parse_options(rules, option)
        headers = {}
        if login is not None:
            headers = log_in(base, login, _password(password_stdin), lang=_lang())
        made, _ = request_json("POST", f"{base}/v1/tables", body, headers, lang=_lang())
    except FanshuError as e:
        raise _fail(e) from None
    out = absolute_links(made, base)
    if as_json:
        typer.echo(json.dumps(out, ensure_ascii=False))
        return
    from rich.console import Console

    from fanshu.cli.tables import add_columns, listing_table

    table = listing_table(f"Table {out['id']} ({rules})")
    add_columns(table, (("Seat", "right"), ("Who", "left"), ("Join link", "left")))
    for s in out["seats"]:
        who = s["name"] if s["kind"] == "human" else f"{s['name']} ({s['kind']})"
        table.add_row(str(s["seat"]), who, s.get("join", "—"))
    console = Console(highlight=False, soft_wrap=True, width=1000)  # links whole
    console.print(table)
    console.print(f"watch: {out['watch']}")
    console.print(f"play in a terminal: fanshu play --table '{_first_join(out)}'")


def _first_join(out: Mapping[str, Any]) -> str:
    return next((str(s["join"]) for s in out["seats"] if "join" in s), "")


@tables_app.command("show")
def tables_show(
    table: Annotated[
        str,
        typer.Argument(
            metavar="ID|URL",
            help="The table: its id (with --server) or any of its links.",
            show_default=False,
        ),
    ],
    server: Annotated[
        str | None,
        typer.Option(
            "--server",
            metavar="URL",
            help="The server of a table given by its id.",
            show_default=False,
        ),
    ] = None,
    as_json: JsonFlag = False,
) -> None:
    """What anyone may know of a table: rules, seats, hands played, totals."""
    try:
        if server is None and "://" not in table:
            raise RemoteError(msg("give the table's link, or its id with --server URL"))
        link = parse_link(table, server)
        summary, _ = request_json("GET", f"{link.server}/v1/tables/{link.table_id}", lang=_lang())
    except FanshuError as e:
        raise _fail(e) from None
    if as_json:
        typer.echo(json.dumps(summary, ensure_ascii=False))
        return
    from rich.console import Console

    from fanshu.cli.tables import add_columns, listing_table

    played = f"{summary['hands_played']}/{summary['hands']} hands played"
    state = "over" if summary["done"] else f"hand {summary['hand']} in play"
    title = f"Table {summary['id']} ({summary['rules']}): {played}, {state}"
    listing = listing_table(title)
    add_columns(
        listing, (("Seat", "right"), ("Name", "left"), ("Plays", "left"), ("Total", "right"))
    )
    for s, total in zip(summary["seats"], summary["totals"], strict=False):
        plays = s["kind"] if s.get("bot") is None else f"{s['bot']} (for the person)"
        listing.add_row(str(s["seat"]), s["name"], plays, f"{total:+d}")
    Console(highlight=False, soft_wrap=True).print(listing)


# -- the JSON of a seat's state as the engine's objects --------------------------------------


def _tile(code: str) -> Tile:
    return TILES[TILE_OF_CODE[code]]


def _meld(text: str | None) -> Meld | None:
    return None if text is None else parse_hand(text).melds[0]


def _wind(code: str | None) -> int:
    return _WINDS.index(code) if code else 0


def observation_of(d: Mapping[str, Any]) -> Observation:
    """A seat's ``observation`` (fanshu.tables.view) as the engine's Observation, for
    the drawing of ``fanshu play`` (no ``visible`` counts: the drawing needs none)."""
    seats = tuple(
        SeatView(
            melds=tuple(_meld(m) for m in s["melds"]),
            discards=tuple(_tile(t) for t in s["discards"]),
            flowers=tuple(_tile(t) for t in s["flowers"]),
            concealed_count=s["concealed_count"],
            won=s["won"],
            declared_ready=s["declared_ready"],
            void=None if s["void"] is None else "msp".index(s["void"]),
            score=s["score"],
        )
        for s in d["seats"]
    )
    return Observation(
        rules=d["rules"],
        seat=d["seat"] if d["seat"] is not None else len(seats),
        dealer=d["dealer"],
        prevalent_wind=_wind(d.get("prevalent_wind")),
        seat_wind=_wind(d.get("seat_wind")),
        phase=d["phase"],
        hand=tuple(_tile(t) for t in d.get("hand", [])),
        drawn=None if d.get("drawn") is None else _tile(d["drawn"]),
        melds=tuple(m for m in (_meld(x) for x in d.get("melds", [])) if m is not None),
        seats=seats,
        wall_remaining=d["wall_remaining"],
        last_discard=None if d.get("last_discard") is None else _tile(d["last_discard"]),
        last_discarder=d.get("last_discarder"),
        legal_actions=tuple(Action.parse(a) for a in d.get("legal_actions", [])),
        visible=(0,) * 34,
        win_total=d.get("win_total"),
        win_accepted=d.get("win_accepted"),
        wildcard=None if d.get("wildcard") is None else _tile(d["wildcard"]),
    )


# -- the terminal client ----------------------------------------------------------------------


class _Lost(Exception):
    """The connection dropped (not refused): resume it."""


class _Refused(Exception):
    """The server closed the connection with a refusal (its problem's detail)."""


def _socket_module() -> Any:
    try:
        from websockets.sync import client
    except ImportError:
        raise fail(
            msg(
                "fanshu play --table needs the {library} library: pip install {extra}",
                library="websockets",
                extra="'fanshu[cli]'",
            )
        ) from None
    return client


class Client:
    """One seat (or a watcher) of a live table in this terminal."""

    def __init__(self, link: TableLink, *, plain: bool, bot: str | None) -> None:
        self.link, self.plain, self.bot = link, plain, bot
        self.watching = link.token is None
        self.count = 0  # events shown
        self.state: dict[str, Any] | None = None
        self.view: Any = None  # fanshu.cli.play.View of the hand being shown
        self.hand = 0
        self.result_shown: str | None = None
        self.asked_at: int | None = None  # event count of the decision prompted for
        self.waiting = False  # an action sent, its answer not yet come
        self.answers: queue.Queue[str | None] = queue.Queue()
        self.input_ended = False
        #: The last message sent and the table's (event count, bots) then, until the
        #: server's answer shows it was had.
        self.unanswered: tuple[dict[str, Any], Any, Any] | None = None

    # -- what is shown

    def _new_view(self, state: Mapping[str, Any]) -> Any:
        from fanshu.cli.play import View

        obs = state["observation"]
        seat = state["seat"] if state["seat"] is not None else len(obs["seats"])
        winds = [s.get("seat_wind") for s in obs["seats"]]
        names = list(state["players"])
        return View(
            None,
            seat,
            names,
            self.plain,
            table=(state["rules"], len(obs["seats"]), winds if all(winds) else None),
        )

    def _events(self, state: Mapping[str, Any]) -> None:
        from fanshu.cli.play import describe_seen

        for e in state["events_new"]:
            if e.get("type") == "start":
                self._end_of_hand(state, final=False)
                self.view = self._new_view(state)
                self.hand += 1
                typer.echo(f"── hand {self.hand} of {state['hands']} ──")
                continue
            if self.view is None:
                self.view = self._new_view(state)
            line = describe_seen(e, self.view)
            if line is not None:
                typer.echo(line)

    def _end_of_hand(self, state: Mapping[str, Any], *, final: bool) -> None:
        result = state.get("result")
        if result is None or self.view is None:
            return
        key = json.dumps(result, sort_keys=True)
        if key == self.result_shown or (not final and self.hand == 0):
            return
        self.result_shown = key
        for line in result_lines(result, self.view):
            typer.echo(line)

    def show(self, state: dict[str, Any]) -> None:
        """Print what is new in ``state``; the table and the choices when asked."""
        first = self.state is None
        self.state = state
        self._events(state)
        self.count = state["event_count"]
        self.waiting = False
        if self.watching and first and not state["done"]:
            self._board(state)
        if state["done"]:
            self._end_of_hand(state, final=True)
            totals = ", ".join(
                f"{n} {total:+d}"
                for n, total in zip(self._table_names(state), state["totals"], strict=False)
            )
            typer.echo(f"── the table is over ── totals: {totals}")
            return
        obs = state["observation"]
        mine = self.bot is None and obs.get("asked") and obs.get("legal_actions")
        if mine and self.asked_at != self.count:
            self.asked_at = self.count
            self._prompt(state)

    def _board(self, state: Mapping[str, Any]) -> None:
        """The table as a watcher sees it: every seat's melds, discards and flowers."""
        from fanshu.cli.play import _seat_lines

        obs = observation_of(state["observation"])
        typer.echo(f"── {obs.rules} · dealer seat {obs.dealer} · wall {obs.wall_remaining} ──")
        for q, seat in enumerate(obs.seats):
            for line in _seat_lines(q, seat, self.view):
                typer.echo(line)
        if state["to_act"] is not None:
            typer.echo(f"(seat {state['to_act']} to act)")

    def _table_names(self, state: Mapping[str, Any]) -> list[str]:
        seating, names = state["seating"], state["players"]
        by_player = [""] * len(seating)
        for s, p in enumerate(seating):
            by_player[p] = names[s]
        return by_player

    def _prompt(self, state: Mapping[str, Any]) -> None:
        from fanshu.cli.play import PHASES, action_menu, draw_table

        obs = observation_of(state["observation"])
        for line in draw_table(obs, self.view):
            typer.echo(line)
        hint = PHASES.get((obs.rules, obs.phase)) or PHASES.get(("", obs.phase))
        if hint:
            typer.echo(hint)
        if state.get("deadline") is not None:
            typer.echo(f"({state['deadline']:.0f} s to decide)")
        for line in action_menu(obs, self.view):
            typer.echo(line)
        self._ask_line()

    def _ask_line(self) -> None:
        typer.echo(
            "your choice (number or action; bot NAME lets a bot play; q to leave): ", nl=False
        )

    # -- what is typed

    def read_input(self) -> None:
        """Queue the typed lines (a thread of its own); None at the end of the input."""
        for line in sys.stdin:
            self.answers.put(line.strip())
        self.answers.put(None)

    def answer(self, text: str | None, send: Any) -> bool:
        """Act on one typed line; False to leave."""
        from fanshu.cli.play import HELP, QUIT, read_choice

        if text is None:
            self.input_ended = True
            if self.bot is None and not self.watching:
                typer.echo()
                typer.echo(
                    "the input ended: you left the table (your seat waits for you)", err=True
                )
                return False
            return True
        if not sys.stdin.isatty():
            typer.echo(text)
        words = text.split()
        if text.lower() in QUIT:
            typer.echo("you left the table (your seat waits for you)", err=True)
            return False
        if self.watching:
            return True
        if words and words[0].lower() == "bot":
            name = words[1] if len(words) > 1 else "greedy"
            self.bot = None if name.lower() in ("off", "none") else name
            send({"bot": self.bot})
            self.waiting = True
            return True
        if words and words[0].lower() == "back":
            self.bot = None
            send({"bot": None})
            self.asked_at = None  # ask again: the seat is mine
            self.waiting = True
            return True
        state = self.state
        asked = state is not None and state["observation"].get("asked")
        if not asked or self.bot is not None:
            typer.echo("  (not your turn: wait for the list)")
            return True
        assert state is not None
        legal = [Action.parse(a) for a in state["observation"]["legal_actions"]]
        if not text or text.lower() in HELP:
            self.asked_at = None
            self._prompt(state)
            return True
        try:
            chosen = read_choice(text, legal)
        except ActionError as e:
            typer.echo(f"  ✗ {e}; choose from the list")
            self._ask_line()
            return True
        send({"action": str(chosen)})
        self.waiting = True
        return True

    # -- the connection

    def session(self) -> int:
        """Play until the table is over or the player leaves; the exit status."""
        client = _socket_module()
        from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

        if not self.watching:
            threading.Thread(target=self.read_input, daemon=True).start()
        tries = 0
        while True:
            try:
                with client.connect(
                    self.link.socket(self.count),
                    additional_headers={"Accept-Language": _lang()},
                    open_timeout=10,
                    close_timeout=1,
                    max_size=2**24,
                ) as ws:
                    tries = 0
                    if self.bot is not None:
                        ws.send(json.dumps({"bot": self.bot}))
                    self._run(ws, ConnectionClosed)
                    return 0
            except _Refused as e:
                raise fail(e.args[0]) from None
            except _Lost:
                pass
            except InvalidURI as e:
                raise fail(msg("{url!r} is not a table's socket", url=str(e))) from None
            except (OSError, InvalidHandshake, TimeoutError) as e:
                if self.state is None and tries == 0:  # never connected: say why at once
                    raise fail(
                        msg(
                            "cannot reach the server at {url}: {reason}",
                            url=self.link.server,
                            reason=str(e) or type(e).__name__,
                        ),
                        EXIT_UNREACHABLE,
                    ) from None
            tries += 1
            if tries > RECONNECTS:
                raise fail(
                    msg("the connection to {url} was lost", url=self.link.server),
                    EXIT_UNREACHABLE,
                )
            typer.echo(
                t(msg("(connection lost: resuming from event {n} …)", n=self.count)), err=True
            )
            time.sleep(0.5 * 2 ** (tries - 1))

    def _run(self, ws: Any, closed: type[Exception]) -> None:
        """Serve one connection until the table is over or the player leaves;
        ``_Lost`` when it drops, ``_Refused`` when the server refuses."""

        def send(message: dict[str, Any]) -> None:
            state = self.state or {}
            self.unanswered = (message, state.get("event_count"), state.get("bots"))
            try:
                ws.send(json.dumps(message))
            except closed:
                raise _Lost from None  # sent again on the next connection

        problem: str | None = None
        fresh = True  # no message yet on this connection
        while True:
            try:
                text = ws.recv(timeout=POLL)
            except TimeoutError:
                text = None
            except closed as e:
                code = getattr(getattr(e, "rcvd", None), "code", None)
                if code is not None and 4400 <= code < 4500:
                    raise _Refused(
                        problem or f"the server closed the connection ({code})"
                    ) from None
                if self.state is not None and self.state["done"]:
                    return
                raise _Lost from None
            if text is not None:
                data = _message(text)
                was_fresh, fresh = fresh, False
                if "type" in data and "status" in data:  # a problem document
                    problem = str(data.get("detail", data.get("title", "")))
                    self.unanswered = None
                    if self.state is not None:
                        typer.echo(f"  ✗ {problem}")
                        self.waiting = False
                        self.asked_at = None
                        if self.state["observation"].get("asked"):
                            self._prompt(self.state)
                    continue
                if self.unanswered is not None:
                    _, count, bots = self.unanswered
                    if (data["event_count"], data["bots"]) != (count, bots):
                        self.unanswered = None  # the server had it
                self.show(data)
                if data["done"]:
                    return
                if was_fresh and self.unanswered is not None:
                    # the connection dropped between a message and its answer: the
                    # table is as it was, so the server never had it; send it again
                    send(self.unanswered[0])
                    self.waiting = True
            if self.waiting or self.state is None:
                continue
            try:
                typed = self.answers.get_nowait()
            except queue.Empty:
                continue
            if not self.answer(typed, send):
                return


_STATE_KEYS = ("observation", "events_new", "event_count", "done", "bots", "players")


def _message(text: str | bytes) -> dict[str, Any]:
    """A message of the table's socket: a state or a problem document; ``_Refused``
    (one line) for anything else, as a server that is not fanshu's would send."""
    try:
        data = json.loads(text)
    except ValueError:
        data = None
    problem = isinstance(data, dict) and "status" in data and "type" in data
    if not isinstance(data, dict) or not (problem or all(k in data for k in _STATE_KEYS)):
        shown = str(text)[:60]
        raise _Refused(msg("the server sent {text!r}, not a table's state", text=shown))
    return data


def result_lines(result: Mapping[str, Any], v: Any) -> list[str]:
    """The end of a hand as ``fanshu play`` prints it, from the table's ``result``."""
    from rich.cells import cell_len

    from fanshu.cli.play import _pad

    out = ["", "── end of the hand ──"]
    if not result["wins"]:
        out.append("drawn hand: nobody won")
    for e in result["wins"]:
        source = e.get("source")
        how = "self-drawn" if source is None else f"on {v.whose(source)} tile"
        out.append(f"{v.name(e['seat'])} {'win' if e['seat'] == v.me else 'wins'} {how}")
        out.append("    " + v.hand(parse_hand(e["hand"])))
        rows = [
            (f["name"], f["name_en"], str(f["value"]), f"×{f['count']}" if f["count"] > 1 else "")
            for f in e["fans"]
        ]
        widths = [max([cell_len(r[i]) for r in rows] + [2]) for i in range(4)]
        for r in rows:
            cells = "  ".join(_pad(c, widths[i]) for i, c in enumerate(r))
            out.append("    " + cells.rstrip())
        out.append(f"    total {e['total']} fan")
    scores = ", ".join(f"{v.name(q)} {s:+d}" for q, s in enumerate(result["scores"]))
    out.append("scores: " + scores)
    return out


def play_remote(url: str, *, watch: bool, bot: str | None, plain: bool) -> None:
    """``fanshu play --table URL`` / ``--watch URL``: the whole session, its exit status."""
    try:
        link = parse_link(url)
    except FanshuError as e:
        raise _fail(e) from None
    if watch and link.watch is None:
        raise fail(msg("{url!r} is not a watch link (…?watch=WATCH_ID)", url=url.strip()))
    if not watch and link.token is None:
        raise fail(
            msg("{url!r} has no seat token (…?key=TOKEN); to watch, use --watch", url=url.strip())
        )
    try:
        code = Client(link, plain=plain, bot=bot).session()
    except KeyboardInterrupt:
        typer.echo("\ninterrupted: you left the table", err=True)
        raise typer.Exit(130) from None
    raise typer.Exit(code)
