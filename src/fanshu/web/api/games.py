"""``/v1/games``: one hand against the built-in bots (:mod:`fanshu.engine`).

``POST /v1/games`` deals a hand (``rules``: any rule set the engine plays —
``fanshu.engine.variants.playable_rules()``: ``mcr``, ``beijing``, ``sichuan``,
``two-player``, ``jiaxing``, ``pinghu``, ``wuhan``, ``common`` …; ``GET /v1/rules`` marks them
``playable``; ``seed``, ``seat``, ``opponents``, ``options``, ``config`` as ``fanshu play``
takes them)
and lets the bots play up to the first decision of the human seat.  ``POST
/v1/games/{id}/actions`` applies the human's action (its text, such as ``"discard 5m"``,
or its 0-based index in ``observation.legal_actions``) and again lets the bots play until
the human must decide or the hand is over.  Every answer has one shape (:func:`state`):
``id``, ``rules``, ``seat``, ``players``, ``observation``, ``events_new`` (what happened
since, as the human seat may see it; the ``wildcard`` event names the kind turned wild),
``event_count``, ``to_act``, ``done``, ``scores``
and, once the hand is over, ``result`` (the wins with their fan tables, the payments, the
seed).  The ``observation`` has ``wildcard``: the kind wild this hand (百搭 / 赖子, a
tile code) or null.  A hand is game 0 of ``fanshu simulate`` with the same seed, rules
and bots, as in ``fanshu play``.

Events are the engine's log (docs/engine-log.md) with what the seat may not see taken
out (``fanshu.engine.observation.event_for_seat``, as ``fanshu play`` shows them): the
wall and the seed (until the end), the other seats' dealt tiles, draws, concealed kongs,
exchanged tiles and decisions.

Games are kept in the server's database (``fanshu serve --db``), in the ``games`` table
of :mod:`fanshu.store`: how the hand was dealt (rules, seed, seat, bots, options,
config) and its engine log, written in one transaction after every change.  A game not
in memory (after a restart, in another worker process, or dropped from the
:data:`~fanshu.web.api.common.MAX_GAMES` most recently used kept in memory) is rebuilt
from its row: dealt again and played again with the human's logged decisions, the bots
deciding as they did (their seeds follow from the game's), and checked event by event
against the stored log.  Every request checks the stored version (the event count), so
a game played on in another process is rebuilt rather than served stale, and a write
that would overwrite another's is refused (409 ``game_conflict``).  A row that cannot be
rebuilt (corrupt, or from an incompatible fanshu) is a 410 ``game_unreadable`` problem.
The database keeps the :data:`MAX_STORED_GAMES` most recently played games, finished
ones too; starting a new game deletes the oldest beyond that.
"""

from __future__ import annotations

import json
import logging
import secrets
import threading
from collections import OrderedDict
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from pydantic import BaseModel, ConfigDict, Field
from starlette.responses import Response

from fanshu import __version__
from fanshu.engine.actions import Action, ActionError
from fanshu.engine.autoplay import SimulationError, play_until
from fanshu.engine.config import GameConfig
from fanshu.engine.game import Game
from fanshu.engine.log import event_line, game_lines, parse_line
from fanshu.engine.observation import event_for_seat
from fanshu.engine.players import PLAYERS, Player, make_player
from fanshu.engine.simulate import check_players, game_seed, player_seed, seats_of
from fanshu.engine.variants import playable_rules
from fanshu.errors import FanshuError, OptionError
from fanshu.i18n import msg
from fanshu.protocol import bounds
from fanshu.rules import get_rules
from fanshu.store import Store, StoredGame, StoreError
from fanshu.tables import view
from fanshu.web.api.common import MAX_GAMES, JsonResponse, created_route, route_responses
from fanshu.web.api.db import Database
from fanshu.web.problems import Problem, problem_responses

__all__ = [
    "MAX_STORED_GAMES",
    "GameTable",
    "Session",
    "rebuild",
    "router",
    "state",
    "stored",
]

log = logging.getLogger(__name__)

_ENGINE_RULES: dict[str, Any] = {"enum": playable_rules()}

router = APIRouter(tags=["games"])

#: The largest seed accepted (the engine's seeds are 63-bit).
MAX_SEED = 2**63 - 1
#: Games kept in the database: the most recently played (created or acted on), finished
#: ones too; a new game deletes the oldest beyond this.  A stored MCR hand is about
#: 10-16 KB of log, so this bounds the table near 160 MB.
MAX_STORED_GAMES = 10_000


@dataclass(eq=False)
class Session:
    """One game against bots, and what its human seat has been shown."""

    id: str
    game: Game
    me: int
    names: list[str]
    bots: dict[int, Player]
    seed: int
    options: dict[str, Any] | None = None  # as the request gave them (stored as given)
    config: GameConfig = field(default_factory=GameConfig)
    log: list[dict[str, Any]] = field(default_factory=list)
    seen: int = 0  # events of game.events already filtered into log
    stored: int = -1  # the event count of the version in the database
    live: bool = True  # False once dropped for a change that was not stored
    lock: threading.Lock = field(default_factory=threading.Lock)

    def play_bots(self) -> None:
        """Let the bots play until the human seat is asked or the hand is over
        (``SimulationError`` if they cannot)."""
        g = self.game
        play_until(g, self.bots, self.me, label=f"game {self.id}: ")
        for e in g.events[self.seen :]:
            shown = event_for_seat(e, self.me, g.n)
            if shown is not None:
                self.log.append(shown)
        self.seen = len(g.events)

    def advance(self) -> None:
        """:meth:`play_bots`, a bot or engine fault being a 500 problem."""
        try:
            self.play_bots()
        except SimulationError as err:
            # a bot or engine fault, not the request's: a 500 like any other bug
            error = f"{type(err).__name__}: {err.message}"
            raise Problem(
                "internal_error", msg("{error} (please report it)", error=error), 500
            ) from err


class GameTable:
    """The games in memory, a cache of the database's: at most ``limit``, the least
    recently used dropped first; the database keeps the ``keep`` most recently played."""

    def __init__(self, limit: int = MAX_GAMES, keep: int = MAX_STORED_GAMES) -> None:
        self.limit = limit
        self.keep = keep
        self._games: OrderedDict[str, Session] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._games)

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._games

    def add(self, session: Session) -> None:
        with self._lock:
            old = self._games.get(session.id)
            if old is not None and old is not session:
                old.live = False  # replaced by a newer version: requests waiting on it retry
            self._games[session.id] = session
            self._games.move_to_end(session.id)
            while len(self._games) > self.limit:
                self._games.popitem(last=False)

    def cached(self, game_id: str) -> Session | None:
        """The game if it is in memory (now the most recently used), else None."""
        with self._lock:
            session = self._games.get(game_id)
            if session is not None:
                self._games.move_to_end(game_id)
            return session

    def get(self, game_id: str) -> Session:
        """The game in memory; ``game_not_found`` if it is not there."""
        session = self.cached(game_id)
        if session is None:
            raise not_found(game_id, self.keep)
        return session

    def drop(self, game_id: str, session: Session | None = None) -> None:
        """Forget a game in memory (only if it is still ``session``, when given)."""
        with self._lock:
            current = self._games.get(game_id)
            if current is not None and (session is None or current is session):
                del self._games[game_id]
                current.live = False
        if session is not None:
            session.live = False

    def new_id(self) -> str:
        while True:
            candidate = secrets.token_urlsafe(9)
            if candidate not in self._games:
                return candidate


def observation(session: Session) -> dict[str, Any]:
    """``Observation.to_dict()`` of the human seat, with the whole table (module text;
    built by :func:`fanshu.tables.view.observation`, as the live tables send it)."""
    return view.observation(session.game, session.me, session.names)


def result(session: Session) -> dict[str, Any] | None:
    """The end of the hand: how, winners, scores, each win with its fan table, every
    payment and the seed; None while the hand goes on (:func:`fanshu.tables.view.result`)."""
    return view.result(session.game, session.seed)


def state(session: Session, since: int) -> dict[str, Any]:
    """The answer of every game endpoint (module text)."""
    g = session.game
    return {
        "id": session.id,
        "rules": g.rules,
        "seat": session.me,
        "players": list(session.names),
        "observation": observation(session),
        "events_new": session.log[since:],
        "event_count": len(session.log),
        "to_act": g.to_act,
        "done": g.done,
        "scores": list(g.scores),
        "result": result(session),
    }


# -- requests -------------------------------------------------------------------------------


class NewGame(BaseModel):
    """A hand against bots, as ``fanshu play`` sets it up."""

    model_config = ConfigDict(extra="forbid", strict=True, title="NewGame")

    rules: str = Field("mcr", json_schema_extra=_ENGINE_RULES)
    seed: int | None = Field(
        None, ge=0, le=MAX_SEED, description="Seed of the deal and the bots (default: random)."
    )
    seat: int = Field(0, ge=0, le=3, description="The human seat: 0 (East, the dealer) to 3.")
    opponents: list[str] | None = Field(
        None,
        max_length=3,
        description=f"The bots in the other seats, in seat order: {', '.join(PLAYERS)} "
        "(default: greedy).",
    )
    options: dict[str, Any] | None = Field(None, description="The rule set's options.")
    config: dict[str, Any] | None = Field(
        None, description="Table setup: dealer, prevalent_wind, exchange_three, …"
    )


class GameAction(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, title="GameAction")

    action: str | int = Field(
        description="The action's text ('discard 5m', 'pung', 'win', 'pass' …) or its "
        "0-based index in observation.legal_actions.",
        examples=["discard 5m", 0],
    )


def _table(request: Request) -> GameTable:
    table: GameTable = request.app.state.games
    return table


@contextmanager
def _store(request: Request) -> Iterator[Store]:
    """The app's database for one request, its ``games`` table created if need be."""
    database: Database = request.app.state.db
    with database.open() as store:
        store.open_games()
        yield store


def not_found(game_id: str, keep: int) -> Problem:
    return Problem(
        "game_not_found",
        msg(
            "no game {game_id!r}: it never existed, was deleted, or was among the oldest "
            "when more than {keep} were stored",
            game_id=game_id,
            keep=keep,
        ),
    )


def deal(
    game_id: str,
    rules: str,
    seat: int,
    names: list[str],
    seed: int,
    options: dict[str, Any] | None,
    config: GameConfig,
) -> Session:
    """A new session: the hand dealt and the bots seated, before anyone plays.  Seeds
    as game 0 of ``fanshu simulate --seed seed``, so a stored game deals the same again."""
    game = Game(rules, seed=game_seed(seed, 0), options=options, config=config, players=names)
    bots = {s: make_player(names[s], player_seed(seed, 0, s)) for s in range(game.n) if s != seat}
    return Session(game_id, game, seat, names, bots, seed, options, config)


def new_session(body: NewGame, table: GameTable) -> Session:
    """Deal a hand and let the bots play to the human's first decision (not stored)."""
    n = seats_of(body.rules)
    if body.seat >= n:
        raise OptionError(
            msg(
                "seat is 0-{last} for {rules}, not {seat}",
                last=n - 1,
                rules=body.rules,
                seat=body.seat,
            )
        )
    others = body.opponents if body.opponents is not None else ["greedy"] * (n - 1)
    if len(others) != n - 1:
        values = {"rules": body.rules, "count": n - 1, "given": len(others)}
        raise OptionError(
            msg("{rules} needs {count} opponents, not {given}", **values)
            if n > 2
            else msg("{rules} needs {count} opponent, not {given}", **values)
        )
    names = [*others[: body.seat], "you", *others[body.seat :]]
    check_players(body.rules, [x if x != "you" else "random" for x in names])
    if body.options is not None:
        get_rules(body.rules).options_from(body.options)  # unknown names, bad values
    config = GameConfig.from_dict(body.config or {})
    if config.dealer >= n:
        raise OptionError(
            msg("dealer is a seat number 0-{last}, not {dealer}", last=n - 1, dealer=config.dealer)
        )
    master = secrets.randbelow(1_000_000) if body.seed is None else body.seed
    session = deal(table.new_id(), body.rules, body.seat, names, master, body.options, config)
    session.advance()
    return session


# -- the database ---------------------------------------------------------------------------


def stored(session: Session) -> StoredGame:
    """The session as its database row."""
    g = session.game
    return StoredGame(
        id=session.id,
        rules=g.rules,
        seat=session.me,
        players=tuple(session.names),
        seed=session.seed,
        options=session.options,
        config=session.config.to_dict(),
        events=len(g.events),
        done=g.done,
        log="".join(line + "\n" for line in game_lines(g.events, game=0)),
        written_by=__version__,
    )


class RebuildError(FanshuError):
    """A stored game that does not play again as it was logged."""

    code = "game_unreadable"


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else text[:59] + "…"


def _check(logged: list[str], made: Sequence[Mapping[str, Any]], start: int) -> int:
    """Compare the events made from ``start`` on with the stored ones; return how many
    now match.  ``RebuildError`` at the first difference, named by event and field."""
    for seq in range(start, len(made)):
        line = event_line(made[seq], game=0, seq=seq)
        if seq >= len(logged):
            raise RebuildError(
                f"the rebuilt game goes on past the stored log's {len(logged)} events"
            )
        if line != logged[seq]:
            was, now = json.loads(logged[seq]), json.loads(line)
            fields = [k for k in {**was, **now} if was.get(k) != now.get(k)]
            raise RebuildError(
                f"event {seq} ({was.get('type')}) differs in {', '.join(fields)}: stored "
                f"{_short(was.get(fields[0]))}, rebuilt {_short(now.get(fields[0]))}"
            )
    return len(made)


def rebuild(row: StoredGame) -> Session:
    """The session a row records: dealt again and played again with the human's logged
    decisions (the bots, from their seeds, deciding as they did), every event checked
    against the stored log as it is made.  ``FanshuError`` (or any error a corrupt row
    causes) if it cannot be rebuilt exactly."""
    lines = row.log.splitlines()
    if len(lines) != row.events:
        raise RebuildError(f"the row says {row.events} events, its log has {len(lines)}")
    events = [parse_line(text, n) for n, text in enumerate(lines, start=1)]  # its version
    decisions = [
        e.get("action") for e in events if e.get("type") == "act" and e.get("seat") == row.seat
    ]
    names = list(row.players)
    session = deal(
        row.id, row.rules, row.seat, names, row.seed, row.options, GameConfig.from_dict(row.config)
    )
    g = session.game
    session.play_bots()
    checked = _check(lines, g.events, 0)
    for k, action in enumerate(decisions):
        if not isinstance(action, str):
            raise RebuildError(f"decision {k} is not an action: {action!r}")
        g.step(action, seat=row.seat)  # ActionError if the stored log asks the impossible
        session.play_bots()
        checked = _check(lines, g.events, checked)
    if checked != len(lines):
        raise RebuildError(f"the stored log has {len(lines)} events, the rebuilt game {checked}")
    session.stored = row.events
    return session


def unreadable(row: StoredGame, err: BaseException) -> Problem:
    reason = err.message if isinstance(err, FanshuError) else f"{type(err).__name__}: {err}"
    if row.written_by:
        detail = msg(
            "game {game_id!r} is stored (by fanshu {version}) but cannot be rebuilt: {reason}; "
            "start a new game (DELETE this one to remove it)",
            game_id=row.id,
            version=row.written_by,
            reason=reason,
        )
    else:
        detail = msg(
            "game {game_id!r} is stored but cannot be rebuilt: {reason}; start a new game "
            "(DELETE this one to remove it)",
            game_id=row.id,
            reason=reason,
        )
    return Problem("game_unreadable", detail, 410)


def find(request: Request, game_id: str) -> Session:
    """The game in its latest stored version: from memory when that is it, else rebuilt
    from the database (and kept in memory)."""
    table = _table(request)
    with _store(request) as store:
        version = store.game_version(game_id)
        if version is None:
            table.drop(game_id)
            raise not_found(game_id, table.keep)
        session = table.cached(game_id)
        if session is not None and session.live and session.stored == version:
            return session
        try:
            row = store.load_game(game_id)
        except StoreError as err:
            raise Problem(
                "game_unreadable",
                msg("game {game_id!r} is stored but {error}", game_id=game_id, error=err.message),
                410,
            ) from None
        if row is None:  # deleted since the version was read
            raise not_found(game_id, table.keep)
    try:
        session = rebuild(row)
    except Exception as err:  # a corrupt row may fail anywhere: report it, keep serving
        problem = unreadable(row, err)
        # a traceback only where the engine did not foresee the fault
        log.warning("%s", problem.detail, exc_info=not isinstance(err, FanshuError))
        raise problem from None
    table.add(session)
    return session


def _busy(game_id: str) -> Problem:
    # found dropped (by another request's failed write) each time: rare, say so
    return Problem(
        "game_conflict", msg("game {game_id!r} keeps changing: try again", game_id=game_id), 409
    )


def save(request: Request, session: Session, *, new: bool = False) -> None:
    """Write the session's new state; on any failure it is dropped from memory (its
    stored version is the truth) and the request fails."""
    table = _table(request)
    try:
        with _store(request) as store:
            row = stored(session)
            if new:
                for gone in store.insert_game(row, keep=table.keep):
                    table.drop(gone)
            elif not store.update_game(row, previous=session.stored):
                raise Problem(
                    "game_conflict",
                    msg(
                        "game {game_id!r} was changed or deleted by another request meanwhile "
                        "(another server process?): GET it and try again",
                        game_id=session.id,
                    ),
                    409,
                )
    except BaseException:
        table.drop(session.id, session)
        raise
    session.stored = row.events


def play(session: Session, action: str | int) -> int:
    """Apply the human's action and let the bots play on; returns where the new events
    start in the session's log.  An action that is not legal now raises ``Problem``
    ``illegal_action`` with the legal actions."""
    g = session.game
    legal = g.legal_actions(session.me)
    offered = [str(a) for a in legal]
    if g.done:
        raise Problem("illegal_action", msg("the hand is over"), legal_actions=[])
    if isinstance(action, int):
        if not 0 <= action < len(legal):
            raise Problem(
                "illegal_action",
                msg(
                    "action index {action} is not in the list: choose 0-{last}",
                    action=action,
                    last=len(legal) - 1,
                ),
                legal_actions=offered,
            )
        chosen = legal[action]
    else:
        try:
            chosen = Action.parse(action)
        except ActionError as e:
            raise Problem.of(e, legal_actions=offered) from None
        if chosen not in legal:
            raise Problem(
                "illegal_action",
                msg(
                    "{action} is not possible now; legal: {legal}",
                    action=str(chosen),
                    legal=", ".join(offered),
                ),
                legal_actions=offered,
            )
    before = len(session.log)
    g.step(chosen, seat=session.me)
    session.advance()
    return before


_STATE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["id", "rules", "seat", "observation", "events_new", "done", "scores"],
    "properties": {
        "id": {"type": "string"},
        "rules": {"type": "string"},
        "seat": {"type": "integer"},
        "players": {"type": "array", "items": {"type": "string"}},
        "observation": {
            "type": "object",
            "properties": {"wildcard": {"type": ["string", "null"]}},
        },
        "events_new": {"type": "array", "items": {"type": "object"}},
        "event_count": {"type": "integer"},
        "to_act": {"type": ["integer", "null"]},
        "done": {"type": "boolean"},
        "scores": {"type": "array", "items": {"type": "integer"}},
        "result": {"type": ["object", "null"]},
    },
}


@created_route(
    router,
    "/games",
    "Deal a hand against bots",
    "The game, at the human's first decision",
    _STATE_SCHEMA,
)
def new_game(body: NewGame, request: Request) -> JsonResponse:
    """Deal a hand; the bots play until the human seat must decide.  Unknown rules, bots,
    options or config are 422 problems `bad_option`."""
    try:
        session = new_session(body, _table(request))
    except FanshuError as e:
        raise Problem.of(e) from None
    with session.lock:
        save(request, session, new=True)
        _table(request).add(session)
        return JsonResponse(state(session, 0), status_code=201)


@router.get(
    "/games/{game_id}",
    summary="The game as the human seat sees it",
    response_class=JsonResponse,
    responses=route_responses("The game", _STATE_SCHEMA, 404, 409, 410, 422),
)
def get_game(
    game_id: str,
    request: Request,
    since: Annotated[
        int, Query(ge=0, le=bounds.SINCE.high, description="events_new from this event on")
    ] = 0,
) -> JsonResponse:
    """The game now; `events_new` holds the events from number `since` (default: all)."""
    for _ in range(3):
        session = find(request, game_id)
        with session.lock:
            if session.live:
                return JsonResponse(state(session, since))
    raise _busy(game_id)


@router.post(
    "/games/{game_id}/actions",
    summary="Play the human's action",
    response_class=JsonResponse,
    responses=route_responses(
        "The game, at the human's next decision", _STATE_SCHEMA, 400, 404, 409, 410, 413, 422
    ),
)
def act(game_id: str, body: GameAction, request: Request) -> JsonResponse:
    """Apply the human's action, then the bots play until the human must decide again
    or the hand is over.  An action that is not legal is a 422 problem `illegal_action`
    with `legal_actions`."""
    for _ in range(3):
        session = find(request, game_id)
        with session.lock:
            if not session.live:  # dropped while this request waited for the lock
                continue
            count = len(session.game.events)
            try:
                start = play(session, body.action)
            except BaseException:
                if len(session.game.events) != count:  # changed, never to be stored
                    _table(request).drop(game_id, session)
                raise
            save(request, session)
            return JsonResponse(state(session, start))
    raise _busy(game_id)


@router.delete(
    "/games/{game_id}",
    status_code=204,
    summary="Delete a game",
    responses={204: {"description": "Deleted"}, **problem_responses(404)},
)
def forget_game(game_id: str, request: Request) -> Response:
    """Delete a game from the database (the oldest games are also deleted when more than
    10,000 are stored)."""
    table = _table(request)
    with _store(request) as store:
        deleted = store.delete_game(game_id)
    table.drop(game_id, table.cached(game_id))
    if not deleted:
        raise not_found(game_id, table.keep)
    return Response(status_code=204)
