"""``/v1/tournaments``: players, seatings per session, table results and standings, as
``fanshu tournament …`` keeps them in the database.

A tournament object is ``Tournament.to_dict()``: ``id``, ``name``, ``players``,
``sessions``, ``scale``, ``seatings`` (per session, tables of four in seat order),
``results`` (per table: its match sheet or entered totals), ``standings``; plus
``repeats`` (repeated pairings over the seated sessions).
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from pydantic import BaseModel, ConfigDict, Field

from fanshu.match.sheet import SCALE_48, SCALE_STANDARD
from fanshu.store import Store
from fanshu.web.api.common import JsonResponse, created_route, listed_route, route_responses
from fanshu.web.api.matches import Db, match_object
from fanshu.web.problems import Problem

__all__ = ["router"]

router = APIRouter(tags=["tournaments"])

_T_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["id", "players", "seatings", "results", "standings"],
    "properties": {
        "id": {"type": "string"},
        "name": {"type": ["string", "null"]},
        "players": {"type": "array", "items": {"type": "string"}},
        "sessions": {"type": ["integer", "null"]},
        "scale": {"type": "array", "items": {"type": "integer"}},
        "seatings": {"type": "array", "items": {"type": "object"}},
        "results": {"type": "array", "items": {"type": "object"}},
        "standings": {"type": "array", "items": {"type": "object"}},
        "repeats": {"type": "integer"},
    },
}
_T = route_responses("The tournament", _T_SCHEMA, 400, 404, 413, 422)
_STANDING = {
    "type": "object",
    "properties": {
        k: {"type": "number" if k == "table_points" else "integer"}
        for k in ("rank", "table_points", "score", "matches", "firsts", "head_to_head")
    }
    | {"player": {"type": "string"}},
}


def _object(store: Store, tid: str) -> dict[str, Any]:
    t = store.load_tournament(tid)
    return {**t.to_dict(), "repeats": t.repeats()}


class NewTournament(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, title="NewTournament")

    players: list[str] = Field(description="The players (a multiple of 4).", max_length=4096)
    sessions: int | None = Field(None, description="Number of sessions.")
    name: str | None = None
    scale_48: bool = Field(False, description="Table points 48/24/12/0 instead of 4/2/1/0.")


class Seating(BaseModel):
    """A session's seating (``session`` and ``tables``), or nothing: generate the
    seating of every unseated session with few repeated opponents."""

    model_config = ConfigDict(extra="forbid", strict=True, title="Seating")

    session: int | None = None
    tables: list[list[str]] | None = Field(
        None, description="Tables of four names in seat order (E, S, W, N)."
    )
    seed: int = Field(0, description="Seed for generated seatings.")


class TableResult(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, title="TableResult")

    scores: dict[str, int] = Field(description="Each player's final match score (比赛分).")


@created_route(router, "/tournaments", "Start a tournament", "The new tournament", _T_SCHEMA)
def new_tournament(body: NewTournament, db: Db) -> JsonResponse:
    """A new tournament: players (a multiple of 4), optionally the number of sessions."""
    scale = SCALE_48 if body.scale_48 else SCALE_STANDARD
    with db.open() as s:
        tid = s.create_tournament(body.players, sessions=body.sessions, name=body.name, scale=scale)
        return JsonResponse(_object(s, tid), status_code=201)


@listed_route(router, "/tournaments", "List the tournaments", "Every tournament, oldest first")
def list_tournaments(db: Db) -> JsonResponse:
    """Every tournament: id, created, name, players, sessions and sessions seated."""
    with db.open() as s:
        return JsonResponse(s.list_tournaments())


@router.get(
    "/tournaments/{tid}", summary="One tournament", response_class=JsonResponse, responses=_T
)
def get_tournament(tid: str, db: Db) -> JsonResponse:
    """Players, seatings, table results and standings."""
    with db.open() as s:
        return JsonResponse(_object(s, tid))


@router.get(
    "/tournaments/{tid}/standings",
    summary="The standings",
    response_class=JsonResponse,
    responses=route_responses("Ranked players", {"type": "array", "items": _STANDING}, 404),
)
def standings(tid: str, db: Db) -> JsonResponse:
    """Players ranked by table points, then match score, first places, head to head
    (complete tables only), as `fanshu tournament standings --json`."""
    with db.open() as s:
        return JsonResponse([x.to_dict() for x in s.standings(tid)])


@router.post(
    "/tournaments/{tid}/seating", summary="Seat sessions", response_class=JsonResponse, responses=_T
)
def seat(tid: str, body: Seating, db: Db) -> JsonResponse:
    """Enter one session's seating (`session`, `tables`), or without them generate the
    seating of every unseated session with as few repeated opponents as possible."""
    with db.open() as s:
        if body.tables is not None:
            if body.session is None:
                raise Problem("bad_field", "tables need the session they seat")
            s.seat_session(tid, body.session, body.tables)
        else:
            if body.session is not None:
                raise Problem("bad_field", "session needs its tables (or leave both out)")
            s.generate_seating(tid, seed=body.seed)
        return JsonResponse(_object(s, tid))


@router.post(
    "/tournaments/{tid}/tables/{session}/{table}/match",
    summary="Open a table's score sheet",
    response_class=JsonResponse,
    responses=route_responses("The table's match", None, 404, 422),
)
def table_match(tid: str, session: int, table: int, db: Db) -> JsonResponse:
    """The match of a seated table (opened on first use): record its hands under
    `/v1/matches/{id}`."""
    with db.open() as s:
        mid = s.table_match(tid, session, table)
        return JsonResponse(match_object(s.load_match(mid), s.match_scale(mid)))


@router.put(
    "/tournaments/{tid}/tables/{session}/{table}/result",
    summary="Enter a table's final scores",
    response_class=JsonResponse,
    responses=_T,
)
def table_result(tid: str, session: int, table: int, body: TableResult, db: Db) -> JsonResponse:
    """A table's final match scores without its hands; the answer is the tournament."""
    with db.open() as s:
        s.set_result(tid, session, table, body.scores)
        return JsonResponse(_object(s, tid))
