"""``/v1/tournaments``: players, seatings per session, table results and standings, as
``fanshu tournament …`` keeps them in the database.

A tournament object is ``Tournament.to_dict()``: ``id``, ``name``, ``players``,
``sessions``, ``scale``, ``seatings`` (per session, tables of four in seat order),
``results`` (per table: its ``source`` and its match sheet or typed totals),
``standings``; plus ``repeats`` (repeated pairings over the seated sessions).

A table's result comes from one place, named by its ``source``: ``"sheet:<match id>"``
(its score sheet, counted once the 16 hands are in; ``"in progress"`` until then),
``"typed"`` (final scores typed for a table without a sheet) or ``"corrected"`` (typed
scores replaced by an explicit correction, kept in the audit trail with the scores
before and after).  So ``PUT …/result`` on a table with a sheet is 409 ``has_sheet``, a
second typed result without ``"correction": true`` 409 ``already_recorded``, a correction
of nothing 409 ``not_recorded``, a sheet for a typed table 409 ``has_typed_result``, and
scores that no sheet could give (not the four seated players, beyond ±24 384, not
summing to 0) 422 ``bad_totals`` / ``out_of_range``.

Every route below ``/tournaments/{tid}`` needs a credential (:mod:`fanshu.web.api.auth`):
reading needs a view or edit grant on the tournament, anything else an edit grant.  The
organiser's edit token (``access`` of ``POST /tournaments``) also edits every table
match; ``POST …/tables/{s}/{t}/share`` gives one table a token of its own.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Body, Query
from pydantic import BaseModel, ConfigDict, Field
from starlette.responses import Response

from fanshu.match.sheet import SCALE_48, SCALE_STANDARD
from fanshu.match.tournament import MAX_TYPED_SCORE, TableConflict
from fanshu.store import Store
from fanshu.store.access import MAX_LABEL
from fanshu.store.connection import new_id
from fanshu.web.api.access import ShareRequest, share_response_schema
from fanshu.web.api.auth import (
    EVENTS_SCHEMA,
    CallerDep,
    EditTournament,
    TournamentCreator,
    ViewTournament,
    creation_actor,
    issue_access,
    share,
    visible,
    with_access,
)
from fanshu.web.api.common import (
    ExportedFile,
    JsonResponse,
    created_route,
    listed_route,
    ok_response,
    route_responses,
)
from fanshu.web.api.matches import match_object
from fanshu.web.problems import Problem, problem_responses

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
_NEW_T_SCHEMA = with_access(_T_SCHEMA)
_T = route_responses("The tournament", _T_SCHEMA, 400, 401, 403, 404, 409, 413, 422)
_TABLE_LINE = {
    "type": "object",
    "properties": {
        "session": {"type": "integer"},
        "table": {"type": "integer"},
        "source": {"type": "string", "description": "sheet:<match id> | typed | corrected"},
        "state": {"type": "string", "enum": ["complete", "in progress"]},
        "score": {"type": "integer"},
        "table_points": {"type": ["number", "null"]},
        "hands": {"type": ["integer", "null"]},
    },
}
_STANDING = {
    "type": "object",
    "properties": {
        k: {"type": "number" if k == "table_points" else "integer"}
        for k in (
            "rank",
            "table_points",
            "score",
            "matches",
            "firsts",
            "head_to_head",
            "in_progress",
        )
    }
    | {
        "player": {"type": "string"},
        "head_to_head": {
            "type": ["integer", "null"],
            "description": "Among the players tied on table points, score and firsts; "
            "null for a player no one ties with.",
        },
        "tables": {"type": "array", "items": _TABLE_LINE},
    },
}


def _object(store: Store, tid: str) -> dict[str, Any]:
    t = store.load_tournament(tid)
    return {**t.to_dict(), "repeats": t.repeats()}


@contextmanager
def _conflicts() -> Iterator[None]:
    """A table request its state does not allow is 409, with the model's code
    (``has_sheet``, ``already_recorded``, ``not_recorded``, ``has_typed_result``)."""
    try:
        yield
    except TableConflict as e:
        raise Problem.of(e, 409) from None


class NewTournament(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, title="NewTournament")

    players: list[str] = Field(description="The players (a multiple of 4).", max_length=4096)
    sessions: int | None = Field(None, description="Number of sessions.", ge=1, le=1000)
    name: str | None = Field(None, max_length=200)
    scale_48: bool = Field(False, description="Table points 48/24/12/0 instead of 4/2/1/0.")


class Seating(BaseModel):
    """A session's seating (``session`` and ``tables``), or nothing: generate the
    seating of every unseated session with few repeated opponents."""

    model_config = ConfigDict(extra="forbid", strict=True, title="Seating")

    session: int | None = Field(None, ge=1, le=1000)
    tables: list[list[str]] | None = Field(
        None, description="Tables of four names in seat order (E, S, W, N).", max_length=1024
    )
    seed: int = Field(0, description="Seed for generated seatings.", ge=0, le=2**63 - 1)


class TableResult(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, title="TableResult")

    scores: dict[str, int] = Field(
        description=(
            "Each seated player's final match score (比赛分): the table's four players, "
            f"whole numbers from -{MAX_TYPED_SCORE} to {MAX_TYPED_SCORE}, summing to 0."
        ),
        max_length=4,
    )
    penalties: dict[str, int] = Field(
        {},
        description="The referee's free penalties deducted in the scores, points by player "
        f"(1 to {MAX_TYPED_SCORE}; paid to nobody, as a sheet's penalty rows): the scores "
        "then sum to minus their total.",
        max_length=4,
    )
    correction: bool = Field(
        False,
        description="Replace the table's typed result (audited with the scores before and "
        "after); without it a second result is refused (409 already_recorded).",
    )


class TableShare(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, title="TableShare")

    role: Literal["edit", "view"] = Field("edit", description="What the table's link allows.")
    label: str = Field(
        "",
        description="Who it is for, e.g. 'table 3' (shown in the audit trail).",
        max_length=MAX_LABEL,
    )


@created_route(router, "/tournaments", "Start a tournament", "The new tournament", _NEW_T_SCHEMA)
def new_tournament(body: NewTournament, who: TournamentCreator) -> JsonResponse:
    """A new tournament: players (a multiple of 4), optionally the number of sessions.
    The answer carries `access`: the organiser's edit token (it edits everything in the
    tournament, its table matches too) and a view token, with their links, shown only
    here.  On a club server this needs an organiser's log-in, and the account owns it."""
    scale = SCALE_48 if body.scale_48 else SCALE_STANDARD
    with who.open(creation_actor(who)) as s:
        tid = s.create_tournament(body.players, sessions=body.sessions, name=body.name, scale=scale)
        access = issue_access(s, who, "tournament", tid)
        return JsonResponse({**_object(s, tid), "access": access}, status_code=201)


@created_route(
    router, "/tournaments/import", "Import a tournament", "The imported tournament", _NEW_T_SCHEMA
)
def import_tournament(body: ExportedFile, who: TournamentCreator) -> JsonResponse:
    """A tournament read from an exported file, as `fanshu tournament import` reads it:
    its sheets settled again by the rules and its typed results checked as typed ones
    (a file whose numbers were edited is refused).  It is a new tournament with a new
    id (its table matches `<id>-s<n>t<m>`) and its own `access`, as `POST
    /v1/tournaments`; on a club server this needs an organiser."""
    with who.open(creation_actor(who)) as s:
        tid = s.import_tournament(body.text, body.format, id=new_id())
        access = issue_access(s, who, "tournament", tid)
        return JsonResponse({**_object(s, tid), "access": access}, status_code=201)


@listed_route(
    router, "/tournaments", "List the tournaments", "The caller's tournaments, oldest first"
)
def list_tournaments(who: CallerDep) -> JsonResponse:
    """The tournaments the caller may see (the bearer token's; on a club server the
    account's own, and every one for an organiser): id, created, name, players,
    sessions and sessions seated.  Without credentials: an empty list."""
    with who.open() as s:
        shown = visible(s, who, "tournament")
        if not shown:
            return JsonResponse([])
        return JsonResponse([t for t in s.list_tournaments() if shown == "all" or t["id"] in shown])


@router.get(
    "/tournaments/{tid}", summary="One tournament", response_class=JsonResponse, responses=_T
)
def get_tournament(tid: str, access: ViewTournament) -> JsonResponse:
    """Players, seatings, table results (each with its source) and standings."""
    with access.open() as s:
        return JsonResponse(_object(s, tid))


@router.get(
    "/tournaments/{tid}/standings",
    summary="The standings",
    response_class=JsonResponse,
    responses=route_responses(
        "Ranked players", {"type": "array", "items": _STANDING}, 401, 403, 404
    ),
)
def standings(tid: str, access: ViewTournament) -> JsonResponse:
    """Players ranked by table points, then match score, first places, head to head
    (complete tables only), as `fanshu tournament standings --json`.  Each row's
    `tables` say where each number comes from (`source`: `sheet:<match id>`, `typed`,
    `corrected`) and whether it counts yet (`state`: `complete`, `in progress`)."""
    with access.open() as s:
        return JsonResponse([x.to_dict() for x in s.standings(tid)])


@router.get(
    "/tournaments/{tid}/events",
    summary="The audit trail",
    response_class=JsonResponse,
    responses=route_responses("Every change, oldest first", EVENTS_SCHEMA, 401, 403, 404),
)
def tournament_events(tid: str, access: ViewTournament) -> JsonResponse:
    """Every change of the tournament, oldest first: when (`at`), who (`actor`), what
    (`action`: create, seat, generate_seating, open_table, result, correct_result,
    import) and its `detail`; a correction keeps the scores `before` and `after`.  The
    hands of a table are in its match's trail (`GET /v1/matches/{id}/events`)."""
    with access.open() as s:
        return JsonResponse(s.tournament_events(tid))


@router.get(
    "/tournaments/{tid}/export",
    summary="Export a tournament",
    responses={
        200: {
            "description": "The tournament as JSON or CSV (the files of fanshu tournament export)",
            "content": {"application/json": {}, "text/csv": {}},
        },
        **problem_responses(401, 403, 404, 422),
    },
)
def export_tournament(
    tid: str, access: ViewTournament, format: Annotated[Literal["json", "csv"], Query()] = "json"
) -> Response:
    """The tournament as `fanshu tournament export` writes it (`format` json or csv):
    seatings, each table's sheet or typed result with its source, the standings."""
    with access.open() as s:
        text = s.export_tournament(tid, format)
    media = "text/csv; charset=utf-8" if format == "csv" else "application/json"
    return Response(text.encode("utf-8"), media_type=media)


@router.post(
    "/tournaments/{tid}/seating", summary="Seat sessions", response_class=JsonResponse, responses=_T
)
def seat(tid: str, body: Seating, access: EditTournament) -> JsonResponse:
    """Enter one session's seating (`session`, `tables`), or without them generate the
    seating of every unseated session with as few repeated opponents as possible."""
    with access.open() as s:
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
    responses=route_responses("The table's match", None, 401, 403, 404, 409, 422),
)
def table_match(tid: str, session: int, table: int, access: EditTournament) -> JsonResponse:
    """The match of a seated table (opened on first use): record its hands under
    `/v1/matches/{id}` (the tournament's edit token may).  A table with a typed result
    gets no sheet (409 `has_typed_result`)."""
    with access.open() as s, _conflicts():
        mid = s.table_match(tid, session, table)
        return JsonResponse(match_object(s.load_match(mid), s.match_scale(mid)))


@router.put(
    "/tournaments/{tid}/tables/{session}/{table}/result",
    summary="Type a table's final scores",
    response_class=JsonResponse,
    responses=_T,
)
def table_result(
    tid: str, session: int, table: int, body: TableResult, access: EditTournament
) -> JsonResponse:
    """A table's final match scores without its hands, for a table without a score
    sheet (409 `has_sheet` otherwise): the four seated players, whole numbers within
    ±24 384, summing to 0, or to minus the `penalties` the referee deducted (422
    `bad_totals` / `out_of_range`).  Replacing a typed result
    needs `"correction": true` (else 409 `already_recorded`); it is kept in the audit
    trail with the scores before and after.  The answer is the tournament."""
    with access.open() as s, _conflicts():
        s.set_result(
            tid,
            session,
            table,
            body.scores,
            correction=body.correction,
            penalties=body.penalties,
        )
        return JsonResponse(_object(s, tid))


_SHARE_RESPONSES = {
    201: ok_response("The new token and its link (shown once)", share_response_schema()),
    **problem_responses(400, 401, 403, 404, 409, 422),
}


@router.post(
    "/tournaments/{tid}/share",
    status_code=201,
    summary="Share a tournament",
    response_class=JsonResponse,
    responses=_SHARE_RESPONSES,
)
def share_tournament(tid: str, body: ShareRequest, access: EditTournament) -> JsonResponse:
    """A new token on the tournament (`role` view or edit — an edit token edits its
    table matches too; `label`: who it is for, shown in the audit trail), with its
    link.  Needs edit."""
    with access.open() as s:
        s.load_tournament(tid)  # granted but gone: 404
        return JsonResponse(share(s, "tournament", tid, body.role, body.label), status_code=201)


@router.post(
    "/tournaments/{tid}/tables/{session}/{table}/share",
    status_code=201,
    summary="Share one table's score sheet",
    response_class=JsonResponse,
    responses=_SHARE_RESPONSES,
)
def share_table(
    tid: str,
    session: int,
    table: int,
    access: EditTournament,
    body: Annotated[TableShare | None, Body()] = None,
) -> JsonResponse:
    """A token on one table's match (opened if it has none; `role` edit by default) to
    hand to that table: it records the table's hands and nothing else of the
    tournament.  The answer also names the match (`match_id`).  A table with a typed
    result has no sheet to share (409 `has_typed_result`)."""
    wanted = body or TableShare(role="edit", label="")
    label = wanted.label or f"session {session} table {table}"
    with access.open() as s, _conflicts():
        mid = s.table_match(tid, session, table)
        granted = share(s, "match", mid, wanted.role, label)
        return JsonResponse({**granted, "match_id": mid}, status_code=201)
