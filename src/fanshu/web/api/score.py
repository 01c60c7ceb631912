"""``POST /v1/score`` (one hand) and ``POST /v1/score/batch`` (up to 1,000 hands).

The body of ``/v1/score`` is one score request (:mod:`fanshu.protocol.score`), the input
object of ``fanshu score --batch``, checked by the same code, so its errors have the same
codes and messages.  The answer is that line's output object, with more for display
(``score_object``): ``hand`` (the hand as the user wrote it) and ``notation`` (its
notation, named by the request's ``notation`` or detected), and for MCR ``shape``,
``excluded`` (the implied fans not counted,
each with the fan that excludes it) and, on each fan, ``sets`` (the tile groups that
formed it); a hand with wild tiles has ``wildcards`` (the wild ``kind``, what each wild
tile ``stood_for``, what the ``winning`` tile stood for when it was wild).

A legal hand that is not complete is an answer, not an error: 200 with ``total`` 0 and
``error: {"code": "not_a_win", "message": …}``, as in the batch output.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field
from starlette.concurrency import run_in_threadpool

from fanshu.errors import FanshuError
from fanshu.i18n import msg
from fanshu.notation import HAND_NOTATIONS
from fanshu.protocol.errors import LineError, kind_of, shown
from fanshu.protocol.score import (
    echo_read,
    parse_request,
    score_line,
    score_object,
    score_request,
)
from fanshu.protocol.wildcard import KINDS_TEXT, WILDCARD_PATTERN
from fanshu.rules import names
from fanshu.web.api.common import (
    MAX_BATCH_ITEMS,
    JsonResponse,
    json_body,
    read_json,
    request_body,
    route_responses,
)
from fanshu.web.problems import Problem

__all__ = [
    "WILDCARDS_SCHEMA",
    "WIND_TEXT",
    "batch_items",
    "notation_field",
    "router",
    "score_one",
    "wildcard_field",
]

_RULES_ENUM: dict[str, Any] = {"enum": [*names(), None]}

router = APIRouter(tags=["score"])

#: What a wind field takes (``fanshu.tiles.wind_from``).
WIND_TEXT = "E, S, W or N (also e, east, 东 …)"


def wildcard_field() -> Any:
    """The ``wildcard`` key of a request body, as the wire format checks it
    (:mod:`fanshu.protocol.wildcard`)."""
    return Field(
        None,
        pattern=WILDCARD_PATTERN,
        description="百搭 / 赖子: the tile kind wild this hand, one of "
        f"{KINDS_TEXT} (null: none).  Only for a rule set played with one "
        "(GET /v1/rules: wildcards not null); a bad code is a 422 bad_field, a wildcard "
        "under a rule set without one a 422 bad_option.",
        examples=["5p"],
    )


def notation_field() -> Any:
    """The ``notation`` key of a request body: the notation of ``hand``."""
    return Field(
        None,
        description="The notation of hand: " + ", ".join(HAND_NOTATIONS) + " (docs/notation.md); "
        "null: detected.  A hand two notations read as different hands is a 422 "
        "bad_notation that shows both readings; an unknown name a 422 bad_option.",
        json_schema_extra={"enum": [*HAND_NOTATIONS, None]},
        examples=["mpsz"],
    )


#: What a result says its wild tiles stood for (``details["wildcards"]``).
WILDCARDS_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["kind", "stood_for", "winning"],
    "properties": {
        "kind": {"type": "string"},
        "stood_for": {"type": "array", "items": {"type": "string"}},
        "winning": {"type": ["string", "null"]},
    },
}


class ScoreItem(BaseModel):
    """One hand to score: the input object of ``fanshu score --batch``."""

    model_config = ConfigDict(extra="forbid", title="ScoreItem")

    id: Any = Field(None, description="Echoed back: any JSON value.")
    hand: str = Field(
        description="A hand string in any notation of docs/notation.md, melds included; "
        "the last concealed tile is the winning tile.",
        examples=["[EEEE]123m456p789s11s"],
    )
    notation: str | None = notation_field()
    rules: str | None = Field(
        "mcr", description="The rule set (null: mcr).", json_schema_extra=_RULES_ENUM
    )
    self_drawn: bool = Field(False, description="自摸")
    fourth_tile: bool = Field(False, description="和绝张: the last copy of the winning tile")
    kong: bool = Field(False, description="杠上开花 when self-drawn, 抢杠和 on a discard")
    wall_last: bool = Field(False, description="妙手回春 / 海底捞月")
    dealer: bool = Field(False, description="The winner is the dealer")
    first_turn: bool = Field(False, description="A win on the first turn (天和, 地和 …)")
    ready_at_start: bool = Field(False, description="Ready from the deal (天听)")
    kong_discard: bool = Field(False, description="Won on a discard that followed a kong")
    seat_wind: str = Field("E", description=f"门风: {WIND_TEXT}", examples=["E"])
    prevalent_wind: str = Field("E", description=f"圈风: {WIND_TEXT}", examples=["E"])
    flowers: int = Field(0, ge=0, le=8, description="花牌 (MCR: 1 fan each)")
    options: dict[str, Any] | None = Field(
        None, description="The rule set's options by name (GET /v1/rules/{name})."
    )
    wildcard: str | None = wildcard_field()


class ScoreBatch(BaseModel):
    """Up to 1,000 hands, each a ``ScoreItem`` (checked one by one)."""

    model_config = ConfigDict(extra="forbid", title="ScoreBatch")

    items: list[Any] = Field(
        description=f"At most {MAX_BATCH_ITEMS} ScoreItem objects; more is a 413 problem "
        "too_many_items.  An item that is not a valid ScoreItem gets its error object."
    )


_FAN = {
    "type": "object",
    "properties": {
        "name": {"type": "string"},
        "name_en": {"type": "string"},
        "value": {"type": "integer"},
        "count": {"type": "integer"},
        "sets": {"type": "array", "items": {"type": "string"}},
    },
}
_ERROR = {
    "type": ["object", "null"],
    "properties": {"code": {"type": "string"}, "message": {"type": "string"}},
}
SCORE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["id", "error"],
    "properties": {
        "id": {},
        "total": {"type": "integer"},
        "fans": {"type": "array", "items": _FAN},
        "multiplier": {"type": ["integer", "null"]},
        "total_without_flowers": {"type": "integer"},
        "meets_minimum": {"type": "boolean"},
        "hand": {"type": "string"},
        "notation": {"type": "string", "enum": list(HAND_NOTATIONS)},
        "wildcards": WILDCARDS_SCHEMA,
        "error": _ERROR,
    },
}

_EXAMPLE = {"id": 1, "hand": "[EEEE]123m456p789s11s", "self_drawn": True, "seat_wind": "S"}


def score_one(obj: Any) -> dict[str, Any]:
    """Score one decoded body; a hand that cannot be scored raises :class:`Problem`."""
    body = json_body(obj)
    id_ = body.get("id")
    try:
        request = parse_request(body)
        result = score_request(request)
        echo, read = echo_read(request.hand, request.notation)
    except (LineError, FanshuError) as e:
        raise Problem(e.code, e.message) from None
    return score_object(id_, result, echo, read)


@router.post(
    "/score",
    summary="Score one hand",
    response_class=JsonResponse,
    openapi_extra=request_body(ScoreItem, example=_EXAMPLE),
    responses=route_responses("The batch output object", SCORE_SCHEMA, 400, 413, 422),
)
async def score(request: Request) -> JsonResponse:
    """Score one hand: the body is one input object of `fanshu score --batch`, the answer
    its output object with display extras (`hand`; for MCR `shape`, `excluded` and the
    `sets` of each fan).  A legal hand that is not complete answers 200 with `total` 0
    and `error.code` `not_a_win`; anything that cannot be scored is a 422 problem."""
    return JsonResponse(score_one(await read_json(request)))


def batch_items(obj: Any) -> list[Any]:
    """The ``items`` of a batch body (``{"items": [...]}``, at most MAX_BATCH_ITEMS)."""
    body = json_body(obj)
    unknown = [k for k in body if k != "items"]
    if unknown:
        raise Problem("bad_field", msg("unknown key {key!r}; known: items", key=unknown[0]))
    if "items" not in body:
        raise Problem("bad_field", msg("missing {field!r}", field="items"))
    items = body["items"]
    if not isinstance(items, list):
        raise Problem(
            "bad_field",
            msg(
                "items must be an array, not {kind} {value}",
                kind=kind_of(items),
                value=shown(items),
            ),
        )
    if len(items) > MAX_BATCH_ITEMS:
        raise Problem(
            "too_many_items",
            msg(
                "a batch holds at most {limit} items, not {count}: split it",
                limit=MAX_BATCH_ITEMS,
                count=len(items),
            ),
            limit=MAX_BATCH_ITEMS,
        )
    return items


def score_items(items: list[Any]) -> list[dict[str, Any]]:
    """Each item's batch output object, in order (errors stay with their item)."""
    return [score_line(item) for item in items]


@router.post(
    "/score/batch",
    summary="Score many hands",
    response_class=JsonResponse,
    openapi_extra=request_body(ScoreBatch, example={"items": [_EXAMPLE, {"id": 2, "hand": "1m"}]}),
    responses=route_responses(
        "One batch output object per item, in order",
        {
            "type": "object",
            "required": ["results"],
            "properties": {"results": {"type": "array", "items": SCORE_SCHEMA}},
        },
        400,
        413,
        422,
    ),
)
async def score_batch(request: Request) -> JsonResponse:
    """Score up to 1,000 hands: `{"items": [...]}` of `fanshu score --batch` input objects
    gives `{"results": [...]}`, one output object per item in order, exactly as the batch
    command writes them.  An item that cannot be scored gets its error object; more than
    1,000 items is a 413 problem `too_many_items`."""
    items = batch_items(await read_json(request))
    return JsonResponse({"results": await run_in_threadpool(score_items, items)})
