"""``/v1/tables``: live tables of people and bots, played over a WebSocket
(:mod:`fanshu.tables`; the protocol with a transcript: docs/tables.md).

- ``POST /v1/tables`` ``{"rules", "seats": ["human" | a bot, …], "names"?, "options"?,
  "config"?, "seed"?, "hands"?, "timer"?, "on_timeout"?}`` → 201 ``{id, seats: [{seat,
  kind, name, join, socket, token}], watch, watch_socket, watch_id}``: a token per
  person's seat and the watch id, shown this once (the store keeps their digests).
  On a club server (``fanshu serve --accounts``) creating a table needs a logged-in
  account, which owns it, as creating a match does.
- ``GET /v1/tables/{id}``: what anyone may know (rules, seats, hands played, totals).
- ``GET /v1/tables[?limit=N]`` (1-100, default 20): on a club server, the tables of the
  logged-in account (an organiser's: all), newest first; otherwise 401.
- WebSocket ``/v1/tables/{id}/ws?token=SEAT_TOKEN`` (a seat) or ``?watch=WATCH_ID`` (the
  public view: no concealed tile of any seat), ``&from=EVENT_COUNT`` to resume (default
  0: the whole table's log).  The server sends the seat's state at once and after every
  change (:meth:`fanshu.tables.table.Table.state`); the client sends
  ``{"action": TEXT | INDEX}`` as ``POST /v1/games/{id}/actions`` takes it, or
  ``{"bot": NAME | null}`` to let a bot play its seat and take it back.  A refused
  message gets a problem document (``type`` ``urn:fanshu:problem:…``, in the language of
  the connection's ``Accept-Language``) and leaves the table as it was.

A refused connection is accepted, sent the problem document, and closed with a code
(:data:`CLOSE_CODES`): 4400 a bad query (``from`` past the log), 4401 no token nor watch
id, 4403 a token or watch id that does not open the table, 4404 no such table, 4410 a
stored table that cannot be rebuilt, 4429 the table has :data:`MAX_LISTENERS`
connections already, 4503 the database cannot be used.  Bounds: a message is at most
:data:`MAX_MESSAGE_BYTES`; the numbers of a new table as :class:`NewTable` says.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import threading
from collections.abc import Awaitable, Callable
from typing import Annotated, Any

import anyio
from fastapi import APIRouter, Query, Request, WebSocket, WebSocketDisconnect
from pydantic import BaseModel, ConfigDict, Field
from starlette.concurrency import run_in_threadpool

from fanshu.engine.autoplay import SimulationError
from fanshu.engine.players import PLAYERS
from fanshu.engine.variants import playable_rules
from fanshu.errors import FanshuError
from fanshu.i18n import msg
from fanshu.tables import timers
from fanshu.tables.service import TableService
from fanshu.tables.table import (
    MAX_HANDS,
    MAX_SEED,
    ON_TIMEOUT_AUTO,
    RebuildError,
    Table,
    TableError,
    TableNotFound,
    TableSpec,
)
from fanshu.web.api.auth import CallerDep, MatchCreator
from fanshu.web.api.common import JsonResponse, created_route, route_responses
from fanshu.web.api.db import Database
from fanshu.web.problems import Problem, problem_body, scope_language

__all__ = ["CLOSE_CODES", "MAX_LISTENERS", "MAX_MESSAGE_BYTES", "NewTable", "router", "service_of"]

router = APIRouter(tags=["tables"])

#: The close codes of a refused connection.
CLOSE_CODES: dict[str, int] = {
    "bad_query": 4400,
    "unauthorized": 4401,
    "forbidden": 4403,
    "table_not_found": 4404,
    "table_unreadable": 4410,
    "too_many_listeners": 4429,
    "store_error": 4503,
}
#: The longest message a client may send (bytes of its text).
MAX_MESSAGE_BYTES = 4096
#: The most connections (seats and watchers) one table takes at once.
MAX_LISTENERS = 64

_SERVICE_LOCK = threading.Lock()
_ENGINE_RULES: dict[str, Any] = {"enum": playable_rules()}


def service_of(app: Any) -> TableService:
    """The app's tables (``app.state.tables``), made on first use over its database."""
    state = app.state
    service: TableService | None = getattr(state, "tables", None)
    if service is None:
        with _SERVICE_LOCK:
            service = getattr(state, "tables", None)
            if service is None:
                database: Database = state.db
                service = TableService(database.open)
                state.tables = service
    return service


class NewTable(BaseModel):
    """A live table (docs/tables.md)."""

    model_config = ConfigDict(extra="forbid", strict=True, title="NewTable")

    rules: str = Field("mcr", json_schema_extra=_ENGINE_RULES)
    seats: list[str] = Field(
        min_length=2,
        max_length=4,
        description=f"By table seat: 'human' or a bot ({', '.join(PLAYERS)}); as many as "
        "the rule set seats (two-player: 2, else 4), at least one 'human'.",
    )
    names: list[str] | None = Field(
        None, max_length=4, description="The seats' names, 1-40 characters each."
    )
    options: dict[str, Any] | None = Field(None, description="The rule set's options.")
    config: dict[str, Any] | None = Field(
        None, description="Table setup (flowers, exchange_three …); not dealer nor prevalent_wind."
    )
    seed: int | None = Field(None, ge=0, le=MAX_SEED, description="Default: random.")
    hands: int | None = Field(
        None,
        ge=1,
        le=MAX_HANDS,
        description=f"Hands to play: 1-16 for MCR (default 16), 1-{MAX_HANDS} for the others.",
    )
    timer: int | None = Field(
        None,
        ge=0,
        le=timers.MAX_SECONDS,
        description=f"Seconds a person has for a decision, {timers.MIN_SECONDS}-"
        f"{timers.MAX_SECONDS}; 0: no timer; default: the rule set's (MCR 30, two-player 15, "
        f"others {timers.FALLBACK_SECONDS}).",
    )
    on_timeout: str = Field(
        ON_TIMEOUT_AUTO,
        description=f"What plays when the time is up: 'auto' (报听 plays on; else pass on "
        f"claims, throw the drawn tile) or a bot ({', '.join(PLAYERS)}).",
    )


_NEW_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["id", "seats", "watch", "watch_socket", "watch_id"],
    "properties": {
        "id": {"type": "string"},
        "seats": {"type": "array", "items": {"type": "object"}},
        "watch": {"type": "string"},
        "watch_socket": {"type": "string"},
        "watch_id": {"type": "string"},
    },
}
_SUMMARY_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["id", "rules", "seats", "hands", "done"],
    "properties": {"id": {"type": "string"}, "rules": {"type": "string"}},
}


def _socket(table_id: str, key: str, value: str) -> str:
    return f"/v1/tables/{table_id}/ws?{key}={value}"


@created_route(router, "/tables", "Open a live table", "The table and its links", _NEW_SCHEMA)
def new_table(body: NewTable, request: Request, who: MatchCreator) -> JsonResponse:
    """Open a table: the bots play up to the first person's decision.  The answer holds
    each person's seat token and join link and the watch link, shown only here."""
    try:
        spec = TableSpec.create(
            body.rules,
            body.seats,
            seed=secrets.randbelow(1_000_000) if body.seed is None else body.seed,
            hands=body.hands,
            options=body.options,
            config=body.config,
            names=body.names,
            timer="default" if body.timer is None else (body.timer or None),
            on_timeout=body.on_timeout,
        )
    except FanshuError as e:
        raise Problem.of(e) from None
    owner = None if who.account is None else who.account.name
    made = service_of(request.app).create(spec, owner)
    table_id = made.table.id
    seats = []
    for p, kind in enumerate(spec.seats):
        token = made.tokens[p]
        seat: dict[str, Any] = {"seat": p, "kind": kind, "name": spec.names[p]}
        if token is not None:
            seat.update(
                join=f"/#/table/{table_id}?key={token}",
                socket=_socket(table_id, "token", token),
                token=token,
            )
        seats.append(seat)
    return JsonResponse(
        {
            "id": table_id,
            "seats": seats,
            "watch": f"/#/table/{table_id}?watch={made.watch}",
            "watch_socket": _socket(table_id, "watch", made.watch),
            "watch_id": made.watch,
        },
        status_code=201,
    )


def _problem_of(err: FanshuError) -> Problem:
    if isinstance(err, SimulationError):  # a bot or engine fault: a 500, as in the games API
        error = f"{type(err).__name__}: {err.message}"
        return Problem("internal_error", msg("{error} (please report it)", error=error), 500)
    if isinstance(err, TableNotFound):
        return Problem(err.code, err.message, 404)
    if isinstance(err, RebuildError):
        return Problem(err.code, err.message, 410)
    extra = err.extra if isinstance(err, TableError) else {}
    return Problem.of(err, **extra)


@router.get(
    "/tables/{table_id}",
    summary="A live table: what anyone may know",
    response_class=JsonResponse,
    responses=route_responses("The table", _SUMMARY_SCHEMA, 404, 410),
)
def get_table(table_id: str, request: Request) -> JsonResponse:
    """The table's rules, seats (who is a person, which bot plays), hands played and
    totals; no tile and no token."""
    try:
        return JsonResponse(service_of(request.app).summary(table_id))
    except FanshuError as e:
        raise _problem_of(e) from None


#: The most tables one ``GET /v1/tables`` lists.
MAX_LISTED = 100


@router.get(
    "/tables",
    summary="The tables of the logged-in account",
    response_class=JsonResponse,
    responses=route_responses("The tables, newest first", {"type": "array"}, 401, 422),
)
def my_tables(
    request: Request,
    who: CallerDep,
    limit: Annotated[int, Query(ge=1, le=MAX_LISTED, description="At most this many")] = 20,
) -> JsonResponse:
    """On a club server, the tables the logged-in account opened (an organiser: every
    table), newest first: each one's id, rules, seats and hands as set up.  Elsewhere,
    and without a log-in, a 401: a table is found by its links."""
    account = who.account
    if account is None:
        raise Problem(
            "unauthorized",
            msg("on a club server, log in (POST /v1/session) to list your tables"),
            401,
            headers={"WWW-Authenticate": "Bearer"},
        )
    owner = None if account.role == "organiser" else account.name
    database: Database = request.app.state.db
    out = []
    with database.open() as store:
        store.open_tables()
        for table_id in store.table_ids(owner)[:limit]:
            row = store.load_table(table_id)
            if row is None:  # deleted meanwhile
                continue
            spec = row.spec
            out.append(
                {
                    "id": row.id,
                    "rules": spec.get("rules"),
                    "seats": spec.get("seats"),
                    "names": spec.get("names"),
                    "hands": spec.get("hands"),
                    "owner": row.owner,
                    "created": row.created,
                }
            )
    return JsonResponse(out)


# -- the WebSocket ------------------------------------------------------------------------


class _Connection:
    """One WebSocket on one table: what it has been sent, one send at a time."""

    def __init__(self, ws: WebSocket, table: Table, player: int | None, sent: int) -> None:
        self.ws = ws
        self.table = table
        self.player = player
        self.sent = sent
        self.version = -1  # the table's version last sent
        self.lang = scope_language(ws.scope)
        self._send = asyncio.Lock()

    async def send_state(self, *, changed: bool = False) -> None:
        """Send the state with the events since the last one sent; with ``changed``, only
        if the table changed since (a wake-up may come for a change already sent)."""
        async with self._send:
            with self.table.lock:
                if changed and self.table.version == self.version:
                    return
                self.version = self.table.version
                state = self.table.state(self.player, self.sent)
            self.sent = state["event_count"]
            await self.ws.send_text(json.dumps(state, ensure_ascii=False))

    async def send_problem(self, problem: Problem) -> None:
        body = problem_body(
            problem.code, problem.detail, problem.status, lang=self.lang, **problem.extra
        )
        async with self._send:
            await self.ws.send_text(json.dumps(body, ensure_ascii=False))


async def _refuse(ws: WebSocket, code: str, detail: str, status: int) -> None:
    body = problem_body(code, detail, status, lang=scope_language(ws.scope))
    await ws.send_text(json.dumps(body, ensure_ascii=False))
    await ws.close(CLOSE_CODES.get(code, CLOSE_CODES["store_error"]))


def _message(text: str) -> tuple[str, Any]:
    """The client's message as (``action`` | ``bot``, its value); ``Problem`` if not one."""
    if len(text.encode()) > MAX_MESSAGE_BYTES:
        raise Problem("too_large", msg("a message is at most {n} bytes", n=MAX_MESSAGE_BYTES), 413)
    try:
        data = json.loads(text)
    except ValueError as e:
        raise Problem("bad_json", msg("not JSON: {error}", error=str(e)), 400) from None
    if not isinstance(data, dict) or len(data) != 1 or next(iter(data)) not in ("action", "bot"):
        raise Problem(
            "bad_field",
            msg(
                "send {action} or {bot}, one of them",
                action='{"action": text or index}',
                bot='{"bot": name or null}',
            ),
            422,
        )
    ((key, value),) = data.items()
    if key == "action" and (isinstance(value, bool) or not isinstance(value, int | str)):
        raise Problem(
            "bad_field", msg("action is the action's text or its index, not {v!r}", v=value), 422
        )
    if key == "bot" and value is not None and not isinstance(value, str):
        raise Problem("bad_field", msg("bot is a bot's name or null, not {v!r}", v=value), 422)
    return key, value


async def _reader(conn: _Connection, stop: anyio.CancelScope) -> None:
    """Apply the client's messages until it leaves (then stop the connection)."""
    try:
        while True:
            message = await conn.ws.receive()
            if message["type"] == "websocket.disconnect":
                raise WebSocketDisconnect(message.get("code", 1000))
            text = message.get("text")
            if text is None:  # a binary frame: read as UTF-8 text
                text = (message.get("bytes") or b"").decode("utf-8", "replace")
            try:
                key, value = _message(text)
                if conn.player is None:
                    raise Problem(
                        "forbidden", msg("a watcher sends nothing: join with a seat token"), 403
                    )
                if conn.ws.app.state.read_only:
                    raise Problem(
                        "read_only", msg("the server is read-only: the table cannot change"), 503
                    )
                if key == "action":
                    await run_in_threadpool(conn.table.act, conn.player, value)
                else:
                    await run_in_threadpool(conn.table.take_over, conn.player, value)
            except FanshuError as e:
                await conn.send_problem(_problem_of(e))
            except Problem as p:
                await conn.send_problem(p)
    except WebSocketDisconnect:
        pass
    finally:
        stop.cancel()


async def _writer(
    conn: _Connection, wait: Callable[[], Awaitable[bool]], stop: anyio.CancelScope
) -> None:
    """Send the state after every change until the client leaves (then stop the
    connection): a client gone while a state is sent ends it here, not as an exception
    group out of the task group."""
    try:
        while True:
            await wait()
            await conn.send_state(changed=True)
    except WebSocketDisconnect:
        stop.cancel()


@router.websocket("/tables/{table_id}/ws")
async def table_socket(websocket: WebSocket, table_id: str) -> None:
    """A seat's (``token``) or a watcher's (``watch``) live view of a table (module text)."""
    params = websocket.query_params
    token, watch, start = params.get("token"), params.get("watch"), params.get("from", "0")
    service = service_of(websocket.app)
    await websocket.accept()
    if not token and not watch:
        await _refuse(
            websocket, "unauthorized", msg("join with ?token=SEAT_TOKEN or ?watch=WATCH_ID"), 401
        )
        return
    try:
        table = await run_in_threadpool(service.get, table_id)
        player = service.seat_of(table_id, token) if token else None
        opened = player is not None if token else service.is_watch(table_id, watch)
    except (TableNotFound, RebuildError) as e:
        p = _problem_of(e)
        await _refuse(websocket, p.code, p.detail, p.status)
        return
    except Problem as p:  # the database cannot be used (503)
        await _refuse(websocket, p.code, p.detail, p.status)
        return
    if not opened:
        what = msg("this seat token") if token else msg("this watch id")
        await _refuse(
            websocket,
            "forbidden",
            msg("{what} does not open table {table_id!r}", what=what, table_id=table_id),
            403,
        )
        return
    with table.lock:
        count = table.state(player, 0)["event_count"]
    since = int(start) if start.isdigit() and len(start) <= 9 else -1
    if not 0 <= since <= count:
        await _refuse(
            websocket,
            "bad_query",
            msg(
                "from is an event count from 0 to {count}, not {start!r}", count=count, start=start
            ),
            400,
        )
        return
    if service.hub.listeners(table_id) >= MAX_LISTENERS:
        await _refuse(
            websocket,
            "too_many_listeners",
            msg(
                "table {table_id!r} has {n} connections, the most it takes",
                table_id=table_id,
                n=MAX_LISTENERS,
            ),
            429,
        )
        return
    conn = _Connection(websocket, table, player, since)
    sub = service.hub.subscribe(table_id)
    try:
        await conn.send_state()
        async with anyio.create_task_group() as tasks:  # until the client leaves
            tasks.start_soon(_reader, conn, tasks.cancel_scope)
            tasks.start_soon(_writer, conn, sub.wait, tasks.cancel_scope)
    except WebSocketDisconnect:  # gone while the first state was sent
        pass
    finally:
        service.hub.unsubscribe(sub)
