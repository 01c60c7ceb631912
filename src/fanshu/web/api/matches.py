"""``/v1/matches``: score sheets (16 hands) kept in the database, as ``fanshu match …``
keeps them: MCR (four players) by default, or another rule set's (``rules``: sichuan,
beijing, two-player, each hand settled by its own settlement).

A match object is ``Match.to_dict()`` (``id``, ``scale``, ``players`` with each one's
``total`` and ``table_points``, ``hands``: every row of the sheet) with, for display,
``totals`` and ``table_points`` by name (table points null until the 16 hands are in),
``hands_played``, ``complete``, ``running_totals`` (after each row) and ``next`` (the
number, prevalent wind, dealer and seat winds of the next hand; null when complete).
A match of another rule set also has ``rules`` and ``options``, and each hand row its
``result`` (as recorded) and ``items`` (what each win, kong … paid).

Every route below ``/matches/{id}`` needs a credential (:mod:`fanshu.web.api.auth`):
reading needs a view or edit grant, anything else an edit grant.  ``POST /matches``
answers the new match with ``access``: its edit and view tokens and links, shown once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, Literal, TypeVar

from fastapi import APIRouter, Depends, Query, Request
from pydantic import BaseModel, ConfigDict, Field
from starlette.convertors import Convertor, register_url_convertor
from starlette.responses import Response

from fanshu.match import results
from fanshu.match.rule_sheet import SHEET_RULES
from fanshu.match.sheet import SCALE_48, SCALE_STANDARD, Match
from fanshu.protocol import bounds
from fanshu.store import Store
from fanshu.store.connection import new_id
from fanshu.web.api.auth import (
    EVENTS_SCHEMA,
    CallerDep,
    EditMatch,
    MatchCreator,
    ViewMatch,
    creation_actor,
    issue_access,
    visible,
    with_access,
)
from fanshu.web.api.common import (
    ExportedFile,
    JsonResponse,
    created_route,
    listed_route,
    route_responses,
)
from fanshu.web.api.db import Database
from fanshu.web.api.score import wildcard_field
from fanshu.web.problems import Problem, problem_responses

__all__ = ["MATCH_PATH", "get_db", "match_object", "router"]

router = APIRouter(tags=["matches"])


class _MatchId(Convertor[str]):
    """A match id in a path: any segment but ``import`` (``POST /matches/import``), so
    that ``/matches/import`` is not also read as the match ``import``."""

    regex = "(?!import(?:/|$))[^/]+"

    def convert(self, value: str) -> str:
        return value

    def to_string(self, value: str) -> str:
        return value


register_url_convertor("match_id", _MatchId())
#: The path of one match; OpenAPI shows it as ``/matches/{match_id}``.
MATCH_PATH = "/matches/{match_id:match_id}"


def get_db(request: Request) -> Database:
    db: Database = request.app.state.db
    return db


Db = Annotated[Database, Depends(get_db)]

_MATCH_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["id", "players", "hands", "totals", "table_points"],
    "properties": {
        "id": {"type": "string"},
        "scale": {"type": "array", "items": {"type": "integer"}},
        "players": {"type": "array", "items": {"type": "object"}},
        "hands": {"type": "array", "items": {"type": "object"}},
        "totals": {"type": "object", "additionalProperties": {"type": "integer"}},
        "table_points": {"type": ["object", "null"]},
        "hands_played": {"type": "integer"},
        "complete": {"type": "boolean"},
        "running_totals": {"type": "array", "items": {"type": "object"}},
        "next": {"type": ["object", "null"]},
    },
}
_MATCH = route_responses("The match", _MATCH_SCHEMA, 400, 401, 403, 404, 413, 422)
_NEW_MATCH_SCHEMA = with_access(_MATCH_SCHEMA)


def match_object(match: Match, scale: tuple[int, ...]) -> dict[str, Any]:
    """A match as the API answers it (module text)."""
    out = match.to_dict(scale)
    n = match.current_hand
    out.update(
        totals=match.totals(),
        table_points=match.table_points(scale),
        hands_played=match.hands_played,
        complete=match.is_complete,
        running_totals=match.running_totals(),
        next=None
        if n is None
        else {
            "number": n,
            "prevalent_wind": match.prevalent_wind(n).code,
            "dealer": match.dealer(n),
            "seat_winds": {p: w.code for p, w in match.seat_winds(n).items()},
        },
    )
    return out


def _object(store: Store, match_id: str) -> dict[str, Any]:
    return match_object(store.load_match(match_id), store.match_scale(match_id))


_Endpoint = TypeVar("_Endpoint", bound=Callable[..., Any])


def _match_route(
    method: Literal["GET", "POST", "PUT"], path: str, summary: str
) -> Callable[[_Endpoint], _Endpoint]:
    """A route below ``/matches/{match_id}`` whose answer is the match: its response
    and problems declared once."""
    return router.api_route(
        MATCH_PATH + path,
        methods=[method],
        summary=summary,
        response_class=JsonResponse,
        responses=_MATCH,
    )


def _changed(access: EditMatch, match_id: str, change: Callable[[Store], object]) -> JsonResponse:
    """The match after ``change``, made in the request's one transaction by the caller."""
    with access.open() as s:
        change(s)
        return JsonResponse(_object(s, match_id))


class NewMatch(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, title="NewMatch")

    players: list[str] = Field(
        description="The four players in the seats drawn for round 1 (E, S, W, N); for "
        "another rule set, its players in seat order with the first dealer first.",
        max_length=16,
        examples=[["Ann", "Bo", "Cy", "Di"]],
    )
    scale_48: bool = Field(False, description="Table points 48/24/12/0 instead of 4/2/1/0.")
    rules: str = Field(
        "mcr",
        description="The rule set whose settlement the sheet follows (fanshu.match's SHEET_RULES).",
        json_schema_extra={"enum": list(SHEET_RULES)},
    )
    options: dict[str, str | int | bool | None] | None = Field(
        None, description="Options of the rule set, as `fanshu rules NAME` lists them."
    )


class WinBody(BaseModel):
    """A further win of the hand (Sichuan 血战到底), in the order the wins happened."""

    model_config = ConfigDict(extra="forbid", strict=True, title="Win")

    winner: str
    discarder: str | None = Field(None, description="Who discarded; null when self-drawn.")
    fan: int | None = Field(None, le=bounds.FAN.high)
    hand: str | None = None
    kong_feeder: str | None = Field(None, description="Sichuan 杠上花 after a direct kong.")


class KongBody(BaseModel):
    """A kong: Sichuan's 刮风下雨, or the Beijing winner's kongs."""

    model_config = ConfigDict(extra="forbid", strict=True, title="Kong")

    player: str
    kind: Literal["direct", "added", "concealed", "melded"]
    feeder: str | None = Field(None, description="Who gave the tile (direct, melded).")
    after: int = Field(
        0,
        le=bounds.AFTER.high,
        description="Sichuan: how many of the hand's wins came before it.",
    )


class HandResult(BaseModel):
    """How a hand ended: a win (winner, discarder or self_drawn, fan or hand) or a draw,
    and what only some rule sets have (wins, kongs, ready, follow_dealer, burn)."""

    model_config = ConfigDict(extra="forbid", strict=True, title="HandResult")

    winner: str | None = None
    discarder: str | None = Field(None, description="Who discarded; null when self-drawn.")
    self_drawn: bool | None = Field(None, description="Default: true when no discarder.")
    fan: int | None = Field(
        None,
        le=bounds.FAN.high,
        description="The fan total, flowers included.",
    )
    hand: str | None = Field(
        None, description="The winning hand: scored with the hand's seat and prevalent wind."
    )
    flowers: int = Field(0, le=bounds.FLOWERS.high)
    draw: bool = Field(False, description="A drawn hand (荒庄): nothing else is given.")
    wins: list[WinBody] = Field(
        [], max_length=3, description="Sichuan: the further wins of the hand."
    )
    kongs: list[KongBody] = Field(
        [], max_length=16, description="Sichuan 刮风下雨; the Beijing winner's."
    )
    ready: dict[str, str] = Field(
        {}, max_length=4, description="Sichuan drawn end: the 13-tile hand of each player still in."
    )
    follow_dealer: bool = Field(False, description="Beijing 跟庄.")
    burn: int = Field(
        0,
        le=bounds.BURN.high,
        description="Beijing 烧庄: rounds followed in a row.",
    )

    fourth_tile: bool = Field(
        False, description="With hand: the winning tile is the last copy (和绝张)."
    )
    kong: bool = Field(
        False,
        description="With hand: won on a kong, its replacement tile when self-drawn "
        "(杠上开花), else robbing a kong (抢杠和).",
    )
    wall_last: bool = Field(
        False,
        description="With hand: won on the last tile of the wall (妙手回春 self-drawn, "
        "海底捞月 on a discard).",
    )
    wildcard: str | None = wildcard_field()
    dice: list[Annotated[int, Field(ge=1, le=6)]] = Field(
        [],
        max_length=2,
        description="Jiaxing: the two dice thrown when the 百搭 was turned up (a pair is 包子).",
    )
    facts: dict[str, dict[str, int | bool]] = Field(
        {},
        max_length=4,
        description="Wuhan: each player's facts of the hand by name (openings, "
        "melded_kongs, concealed_kongs, dragon_kongs, wild_kongs, ready).",
    )

    def to_result(self) -> results.HandResult:
        """The score sheet's request object."""
        return results.HandResult(
            draw=self.draw,
            winner=self.winner,
            discarder=self.discarder,
            fan=self.fan,
            hand=self.hand,
            flowers=self.flowers,
            wins=tuple(results.Win(**w.model_dump()) for w in self.wins),
            kongs=tuple(results.Kong(**k.model_dump()) for k in self.kongs),
            ready=dict(self.ready),
            follow_dealer=self.follow_dealer,
            burn=self.burn,
            fourth_tile=self.fourth_tile,
            kong=self.kong,
            wall_last=self.wall_last,
            wildcard=self.wildcard,
            dice=tuple(self.dice),
            facts={p: dict(f) for p, f in self.facts.items()},
        )


class FalseWin(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, title="FalseWin")

    player: str
    kind: Literal["under_minimum", "not_complete"] = Field(
        description="错和 (under 8 fan, 10 to each) or 诈和 (not complete, 20 to each)."
    )


class NewPenalty(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, title="NewPenalty")

    player: str
    points: int = Field(
        le=bounds.PENALTY_POINTS.high,
        description="Deducted from the player (positive), paid to nobody.",
    )
    reason: str = ""


def _checked(r: HandResult) -> results.HandResult:
    """The checks of ``fanshu match record``: one result, described once."""
    if r.draw:
        if r.winner or r.self_drawn or r.discarder or r.fan is not None or r.hand or r.flowers:
            raise Problem(
                "bad_field", "a drawn hand (draw) takes no winner, discarder, fan, hand or flowers"
            )
        if r.wins:
            raise Problem("bad_field", "a drawn hand (draw) has no wins")
        return r.to_result()
    if r.winner is None:
        raise Problem("bad_field", "give the winner, or draw: true for a drawn hand")
    self_drawn = r.discarder is None if r.self_drawn is None else r.self_drawn
    if self_drawn == (r.discarder is not None):
        raise Problem(
            "bad_field",
            "say how the hand was won: self_drawn true or the discarder (one of them)",
        )
    if (r.fan is None) == (r.hand is None):
        raise Problem("bad_field", "give the fan total (fan) or the hand (hand), one of them")
    return r.to_result()


#: Who may create a match: anyone, or on a club server a logged-in account.


@created_route(router, "/matches", "Start a match", "The new match", _NEW_MATCH_SCHEMA)
def new_match(body: NewMatch, who: MatchCreator) -> JsonResponse:
    """Start an empty match of four players (seats drawn for round 1: E, S, W, N), or of
    another rule set's players (`rules`, with its `options`).  The answer carries
    `access`: the match's edit token and a view token with their links, shown only here
    (keep them: every later request on the match needs one).  On a club server this
    needs a log-in, and the account owns the match."""
    if body.rules not in SHEET_RULES:
        known = ", ".join(SHEET_RULES)
        raise Problem("bad_option", f"a score sheet is kept for {known}, not {body.rules!r}")
    scale = SCALE_48 if body.scale_48 else SCALE_STANDARD
    with who.open(creation_actor(who)) as s:
        mid = s.create_match(
            body.players, scale=scale, rule_set=body.rules, rule_options=body.options
        )
        access = issue_access(s, who, "match", mid)
        return JsonResponse({**_object(s, mid), "access": access}, status_code=201)


@created_route(router, "/matches/import", "Import a match", "The imported match", _NEW_MATCH_SCHEMA)
def import_match(body: ExportedFile, who: MatchCreator) -> JsonResponse:
    """A match read from an exported file, as `fanshu match import` reads it: every row
    settled again by the rules (a file whose numbers were edited is refused).  It is a
    new match with a new id and its own `access` (as `POST /v1/matches`), whatever the
    file's id was."""
    with who.open(creation_actor(who)) as s:
        mid = s.import_match(body.text, body.format, id=new_id())
        access = issue_access(s, who, "match", mid)
        return JsonResponse({**_object(s, mid), "access": access}, status_code=201)


@listed_route(router, "/matches", "List the matches", "The caller's matches, oldest first")
def list_matches(who: CallerDep) -> JsonResponse:
    """The matches the caller may see (the bearer token's; on a club server the
    account's own, and every match for an organiser): id, created, updated, players,
    hands played and totals.  Without credentials: an empty list."""
    with who.open() as s:
        shown = visible(s, who, "match")
        if not shown:
            return JsonResponse([])
        listed = s.list_matches(None if shown == "all" else shown)
        return JsonResponse([m.to_dict() for m in listed])


@_match_route("GET", "", "One match")
def get_match(match_id: str, access: ViewMatch) -> JsonResponse:
    """The score sheet: every row, totals, running totals, table points, the next hand."""
    with access.open() as s:
        return JsonResponse(_object(s, match_id))


@router.get(
    f"{MATCH_PATH}/events",
    summary="The audit trail",
    response_class=JsonResponse,
    responses=route_responses("Every change, oldest first", EVENTS_SCHEMA, 401, 403, 404),
)
def match_events(match_id: str, access: ViewMatch) -> JsonResponse:
    """Every change of the sheet, oldest first: when (`at`), who (`actor`:
    `token:<label>`, `account:<name>`, `cli:<user>`), what (`action`) and its `detail`;
    a correction and an undo keep the row as it was (`before`) and became (`after`)."""
    with access.open() as s:
        return JsonResponse(s.events(match_id))


@_match_route("POST", "/hands", "Record the next hand")
def record_hand(match_id: str, body: HandResult, access: EditMatch) -> JsonResponse:
    """Record the next hand: a win (`winner`; `discarder`, or `self_drawn: true`; `fan`,
    or `hand` to have it scored) or a draw (`draw: true`).  The answer is the updated
    match.  A win under 8 fan (flowers not counted) is refused (`bad_match`): record
    a false win instead."""
    result = _checked(body)
    return _changed(access, match_id, lambda s: s.record_hand(match_id, result))


@_match_route("PUT", "/hands/{number}", "Correct a recorded hand")
def correct_hand(match_id: str, number: int, body: HandResult, access: EditMatch) -> JsonResponse:
    """Replace recorded hand `number` (1-16) by another result; the totals follow."""
    result = _checked(body)
    return _changed(access, match_id, lambda s: s.correct_hand(match_id, number, result))


@_match_route("POST", "/false-wins", "Record a false win")
def false_win(match_id: str, body: FalseWin, access: EditMatch) -> JsonResponse:
    """A 错和 (`under_minimum`: 10 to each other player) or 诈和 (`not_complete`: 20)."""
    return _changed(
        access, match_id, lambda s: s.record_false_win(match_id, body.player, body.kind)
    )


@_match_route("POST", "/penalties", "Give a penalty")
def penalty(match_id: str, body: NewPenalty, access: EditMatch) -> JsonResponse:
    """A referee's free penalty: `points` deducted from `player`, paid to nobody."""
    return _changed(
        access, match_id, lambda s: s.add_penalty(match_id, body.player, body.points, body.reason)
    )


@_match_route("POST", "/undo", "Remove the last row")
def undo(match_id: str, access: EditMatch) -> JsonResponse:
    """Remove the last row of the sheet (a hand or a penalty); the answer is the updated
    match with `removed`, the row taken away (the audit trail keeps it)."""
    with access.open() as s:
        row = s.undo(match_id)
        return JsonResponse({**_object(s, match_id), "removed": row.to_dict()})


@router.get(
    f"{MATCH_PATH}/export",
    summary="Export a match",
    responses={
        200: {
            "description": "The match as JSON or CSV (the files of fanshu match export)",
            "content": {"application/json": {}, "text/csv": {}},
        },
        **problem_responses(401, 403, 404, 422),
    },
)
def export_match(
    match_id: str, access: ViewMatch, format: Annotated[Literal["json", "csv"], Query()] = "json"
) -> Response:
    """The match as `fanshu match export` writes it (`format` json or csv)."""
    with access.open() as s:
        text = s.export_match(match_id, format)
    media = "text/csv; charset=utf-8" if format == "csv" else "application/json"
    return Response(text.encode("utf-8"), media_type=media)
