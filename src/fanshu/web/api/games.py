"""``/v1/games``: one hand against the built-in bots (:mod:`fanshu.engine`).

``POST /v1/games`` deals a hand (``rules``: ``mcr``, ``sichuan`` or ``two-player``;
``seed``, ``seat``, ``opponents``, ``options``, ``config`` as ``fanshu play`` takes them)
and lets the bots play up to the first decision of the human seat.  ``POST
/v1/games/{id}/actions`` applies the human's action (its text, such as ``"discard 5m"``,
or its 0-based index in ``observation.legal_actions``) and again lets the bots play until
the human must decide or the hand is over.  Every answer has one shape (:func:`state`):
``id``, ``rules``, ``seat``, ``players``, ``observation``, ``events_new`` (what happened
since, as the human seat may see it), ``event_count``, ``to_act``, ``done``, ``scores``
and, once the hand is over, ``result`` (the wins with their fan tables, the payments, the
seed).  A hand is game 0 of ``fanshu simulate`` with the same seed, rules and bots, as in
``fanshu play``.

Events are the engine's log (docs/engine-log.md) with what the seat may not see taken
out: the wall and the seed (until the end), the other seats' dealt tiles, draws,
concealed kongs, exchanged tiles and decisions.

Games live in memory only, keyed by random ids; the server keeps the
:data:`~fanshu.web.api.common.MAX_GAMES` most recently used and forgets older ones.
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from pydantic import BaseModel, ConfigDict, Field
from starlette.responses import Response

from fanshu.engine.actions import Action, ActionError
from fanshu.engine.autoplay import SimulationError, play_until
from fanshu.engine.config import GameConfig
from fanshu.engine.game import Game
from fanshu.engine.observation import Observation
from fanshu.engine.players import PLAYERS, Player, make_player
from fanshu.engine.simulate import check_players, game_seed, player_seed, seats_of
from fanshu.engine.variants import VARIANTS
from fanshu.errors import FanshuError, OptionError
from fanshu.rules import get_rules
from fanshu.web.api.common import MAX_GAMES, JsonResponse, ok_response
from fanshu.web.problems import Problem, problem_responses

__all__ = ["GameTable", "Session", "public_event", "router", "state"]

_ENGINE_RULES: dict[str, Any] = {"enum": list(VARIANTS)}

router = APIRouter(tags=["games"])

WINDS = "ESWN"
SUITS = "msp"  # a 定缺 suit by index, as the void event writes it
#: The largest seed accepted (the engine's seeds are 63-bit).
MAX_SEED = 2**63 - 1


@dataclass(eq=False)
class Session:
    """One game against bots, and what its human seat has been shown."""

    id: str
    game: Game
    me: int
    names: list[str]
    bots: dict[int, Player]
    seed: int
    log: list[dict[str, Any]] = field(default_factory=list)
    seen: int = 0  # events of game.events already filtered into log
    lock: threading.Lock = field(default_factory=threading.Lock)

    def advance(self) -> None:
        """Let the bots play until the human seat is asked or the hand is over."""
        g = self.game
        try:
            play_until(g, self.bots, self.me, label=f"game {self.id}: ")
        except SimulationError as err:
            # a bot or engine fault, not the request's: a 500 like any other bug
            raise Problem(
                "internal_error", f"{type(err).__name__}: {err.message} (please report it)", 500
            ) from err
        for e in g.events[self.seen :]:
            shown = public_event(e, self.me, g.n)
            if shown is not None:
                self.log.append(shown)
        self.seen = len(g.events)


class GameTable:
    """The games in memory: at most ``limit``, the least recently used forgotten first."""

    def __init__(self, limit: int = MAX_GAMES) -> None:
        self.limit = limit
        self._games: OrderedDict[str, Session] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._games)

    def add(self, session: Session) -> None:
        with self._lock:
            self._games[session.id] = session
            while len(self._games) > self.limit:
                self._games.popitem(last=False)

    def get(self, game_id: str) -> Session:
        with self._lock:
            session = self._games.get(game_id)
            if session is None:
                raise Problem(
                    "game_not_found",
                    f"no game {game_id!r}: it never existed or was forgotten (the server "
                    f"keeps the {self.limit} most recently used games, in memory only)",
                )
            self._games.move_to_end(game_id)
            return session

    def remove(self, game_id: str) -> None:
        self.get(game_id)
        with self._lock:
            self._games.pop(game_id, None)

    def new_id(self) -> str:
        while True:
            candidate = secrets.token_urlsafe(9)
            if candidate not in self._games:
                return candidate


# -- what the human seat may see ----------------------------------------------------------

_PUBLIC = frozenset(
    {"ready", "discard", "claim", "robbed", "win", "false_win", "settle", "end", "void", "swap"}
)
#: Events whose tile (and other details) only their own seat sees.
_PRIVATE_TO_SEAT = frozenset({"draw", "flower", "act", "pick", "give", "moon"})


def public_event(e: Mapping[str, Any], me: int, seats: int) -> dict[str, Any] | None:
    """Event ``e`` as seat ``me`` may see it, or None when it may see nothing of it.

    >>> public_event({"type": "draw", "seat": 2, "tile": "5m"}, 0, 4)
    {'type': 'draw', 'seat': 2}
    >>> public_event({"type": "act", "seat": 1, "action": "pass"}, 0, 4) is None
    True
    """
    kind = e.get("type")
    seat = e.get("seat")
    if kind in _PUBLIC:
        return dict(e)
    if kind == "start":
        return {k: v for k, v in e.items() if k not in ("wall", "pool", "seed")}
    if kind == "deal":
        hands = e.get("hands") or []
        return {
            "type": "deal",
            "hand": list(hands[me]) if me < len(hands) else [],
            "counts": [len(h) for h in hands],
        }
    if kind == "kong":
        if seat == me or e.get("kind") != "concealed":
            return dict(e)
        return {"type": "kong", "seat": seat, "kind": "concealed"}
    if kind == "exchange":
        if "direction" in e:  # Sichuan 换三张: what I gave and what I got
            tiles = e.get("tiles") or []
            d = int(e["direction"])
            return {
                "type": "exchange",
                "direction": d,
                "gave": list(tiles[me]) if me < len(tiles) else [],
                "got": list(tiles[(me - d) % seats]) if tiles else [],
            }
        return dict(e) if seat == me else {"type": "exchange", "seat": seat}
    if kind in _PRIVATE_TO_SEAT:
        if seat == me:
            return dict(e)
        if kind == "act":
            return None
        out: dict[str, Any] = {"type": kind, "seat": seat}
        if kind == "draw" and e.get("back"):
            out["back"] = True
        return out
    return {"type": kind, "seat": seat} if seat is not None else None


def _seats(session: Session, obs: Observation) -> list[dict[str, Any]]:
    return [
        {
            "seat": q,
            "name": session.names[q],
            "seat_wind": WINDS[session.game.variant.seat_wind(session.game, q)]
            if session.game.n == len(WINDS)
            else None,
            "melds": [None if m is None else str(m) for m in v.melds],
            "discards": [t.code for t in v.discards],
            "flowers": [t.code for t in v.flowers],
            "concealed_count": v.concealed_count,
            "won": v.won,
            "declared_ready": v.declared_ready,
            "void": None if v.void is None else SUITS[v.void],
            "score": v.score,
        }
        for q, v in enumerate(obs.seats)
    ]


def observation(session: Session) -> dict[str, Any]:
    """``Observation.to_dict()`` of the human seat, with the whole table (module text)."""
    g = session.game
    obs = g.observe(session.me)
    out = obs.to_dict()
    winds = g.n == len(WINDS)  # the two-player game has no winds
    out.update(
        dealer=obs.dealer,
        seat_wind=WINDS[obs.seat_wind] if winds else None,
        prevalent_wind=WINDS[g.variant.prevalent_wind(g)] if winds else None,
        last_discarder=obs.last_discarder,
        win_total=obs.win_total,
        win_accepted=obs.win_accepted,
        asked=g.to_act == session.me,
        seats=_seats(session, obs),
    )
    return out


def result(session: Session) -> dict[str, Any] | None:
    """The end of the hand: how, winners, scores, each win with its fan table, every
    payment and the seed; None while the hand goes on."""
    g = session.game
    if not g.done:
        return None
    end = g.result()
    english = {f.name_zh: f.name_en for f in get_rules(g.rules).fans}
    wins = []
    for e in g.events:
        if e["type"] != "win":
            continue
        fans = [
            {"name": n, "name_en": english.get(n, ""), "value": v, "count": c}
            for n, v, c in e["fans"]
        ]
        wins.append({**{k: v for k, v in e.items() if k != "fans"}, "fans": fans})
    return {
        "how": end.get("result"),
        "winners": end.get("winners", []),
        "scores": end.get("scores", list(g.scores)),
        "wall_left": end.get("wall_left"),
        "wins": wins,
        "false_wins": [dict(e) for e in g.events if e["type"] == "false_win"],
        "settlement": [
            {"reason": e["reason"], "payments": e["payments"]}
            for e in g.events
            if e["type"] == "settle"
        ],
        "seed": session.seed,
    }


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


def new_session(body: NewGame, table: GameTable) -> Session:
    """Deal a hand and let the bots play to the human's first decision."""
    n = seats_of(body.rules)
    if body.seat >= n:
        raise OptionError(f"seat is 0-{n - 1} for {body.rules}, not {body.seat}")
    others = body.opponents if body.opponents is not None else ["greedy"] * (n - 1)
    if len(others) != n - 1:
        need = f"{n - 1} opponent{'s' if n > 2 else ''}"
        raise OptionError(f"{body.rules} needs {need}, not {len(others)}")
    names = [*others[: body.seat], "you", *others[body.seat :]]
    check_players(body.rules, [x if x != "you" else "random" for x in names])
    if body.options is not None:
        get_rules(body.rules).options_from(body.options)  # unknown names, bad values
    config = GameConfig.from_dict(body.config or {})
    if config.dealer >= n:
        raise OptionError(f"dealer is a seat number 0-{n - 1}, not {config.dealer}")
    master = secrets.randbelow(1_000_000) if body.seed is None else body.seed
    game = Game(
        body.rules, seed=game_seed(master, 0), options=body.options, config=config, players=names
    )
    bots = {s: make_player(names[s], player_seed(master, 0, s)) for s in range(n) if s != body.seat}
    session = Session(table.new_id(), game, body.seat, names, bots, master)
    session.advance()
    table.add(session)
    return session


def play(session: Session, action: str | int) -> int:
    """Apply the human's action and let the bots play on; returns where the new events
    start in the session's log.  An action that is not legal now raises ``Problem``
    ``illegal_action`` with the legal actions."""
    g = session.game
    legal = g.legal_actions(session.me)
    offered = [str(a) for a in legal]
    if g.done:
        raise Problem("illegal_action", "the hand is over", legal_actions=[])
    if isinstance(action, int):
        if not 0 <= action < len(legal):
            raise Problem(
                "illegal_action",
                f"action index {action} is not in the list: choose 0-{len(legal) - 1}",
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
                f"{chosen} is not possible now; legal: {', '.join(offered)}",
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
        "observation": {"type": "object"},
        "events_new": {"type": "array", "items": {"type": "object"}},
        "event_count": {"type": "integer"},
        "to_act": {"type": ["integer", "null"]},
        "done": {"type": "boolean"},
        "scores": {"type": "array", "items": {"type": "integer"}},
        "result": {"type": ["object", "null"]},
    },
}


@router.post(
    "/games",
    status_code=201,
    summary="Deal a hand against bots",
    response_class=JsonResponse,
    responses={
        201: ok_response("The game, at the human's first decision", _STATE_SCHEMA),
        **problem_responses(400, 413, 422),
    },
)
def new_game(body: NewGame, request: Request) -> JsonResponse:
    """Deal a hand; the bots play until the human seat must decide.  Unknown rules, bots,
    options or config are 422 problems `bad_option`."""
    try:
        session = new_session(body, _table(request))
    except FanshuError as e:
        raise Problem.of(e) from None
    with session.lock:
        return JsonResponse(state(session, 0), status_code=201)


@router.get(
    "/games/{game_id}",
    summary="The game as the human seat sees it",
    response_class=JsonResponse,
    responses={200: ok_response("The game", _STATE_SCHEMA), **problem_responses(404, 422)},
)
def get_game(
    game_id: str,
    request: Request,
    since: Annotated[int, Query(ge=0, description="events_new from this event on")] = 0,
) -> JsonResponse:
    """The game now; `events_new` holds the events from number `since` (default: all)."""
    session = _table(request).get(game_id)
    with session.lock:
        return JsonResponse(state(session, since))


@router.post(
    "/games/{game_id}/actions",
    summary="Play the human's action",
    response_class=JsonResponse,
    responses={
        200: ok_response("The game, at the human's next decision", _STATE_SCHEMA),
        **problem_responses(400, 404, 413, 422),
    },
)
def act(game_id: str, body: GameAction, request: Request) -> JsonResponse:
    """Apply the human's action, then the bots play until the human must decide again
    or the hand is over.  An action that is not legal is a 422 problem `illegal_action`
    with `legal_actions`."""
    session = _table(request).get(game_id)
    with session.lock:
        start = play(session, body.action)
        return JsonResponse(state(session, start))


@router.delete(
    "/games/{game_id}",
    status_code=204,
    summary="Forget a game",
    responses={204: {"description": "Forgotten"}, **problem_responses(404)},
)
def forget_game(game_id: str, request: Request) -> Response:
    """Forget a game (games are also forgotten when more than 1,000 are kept)."""
    _table(request).remove(game_id)
    return Response(status_code=204)
