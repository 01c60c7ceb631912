"""``POST /v1/analyze``: shanten, useful tiles, waits, and every discard or claim of one
hand with its value (P(win), expected points, P(≥ minimum), target fans, danger).

The body is one analyze request (:mod:`fanshu.protocol.analyze`), the input object of
``fanshu analyze --batch`` (``id``, ``hand``, ``visible``, ``rules``, ``by``, ``wall``,
``seats``, ``dealer``, the winds, ``flowers``, ``options``, ``offered``, ``offered_by``,
``opponents``, ``void``, ``budget``, ``seed``, ``wildcard``), checked by the same code; the models
below only describe it (with its bounds, :mod:`fanshu.protocol.bounds`) for the OpenAPI
document.  The answer is its output object.  ``POST /v1/analyze/batch`` takes up to 1,000 of
them (``{"items": [...]}``) and answers ``{"results": [...]}``, one output object per item
in order, as ``fanshu analyze --batch`` writes them.
"""

from __future__ import annotations

from typing import Any, Literal

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field
from starlette.concurrency import run_in_threadpool

from fanshu.errors import FanshuError
from fanshu.protocol import bounds
from fanshu.protocol.analyze import (
    analysis_object,
    analyze_line,
    analyze_request,
    parse_analyze_request,
)
from fanshu.protocol.errors import LineError
from fanshu.rules import names
from fanshu.web.api.common import (
    MAX_BATCH_ITEMS,
    JsonResponse,
    json_body,
    read_json,
    request_body,
    route_responses,
)
from fanshu.web.api.score import WIND_TEXT, batch_items, notation_field, wildcard_field
from fanshu.web.problems import Problem

__all__ = ["analyze_one", "router"]

router = APIRouter(tags=["analyze"])


_RULES_ENUM: dict[str, Any] = {"enum": [*names(), None]}
_SUIT_TEXT = "m (万), s (条) or p (饼)"


class AnalyzeOpponent(BaseModel):
    """What I see of one other seat."""

    model_config = ConfigDict(extra="forbid", title="AnalyzeOpponent")

    discards: str | None = Field(
        "", description="Its discards still on the table, in the order thrown.", examples=["9m1sE"]
    )
    melds: str | None = Field(
        "", description="Its exposed melds, in brackets.", examples=["[123m][EEE]"]
    )
    concealed_kongs: int = Field(
        0,
        ge=bounds.CONCEALED_KONGS.low,
        le=bounds.CONCEALED_KONGS.high,
        description="Its concealed kongs (seen from outside: count them here, not in melds).",
    )
    declared_ready: bool = Field(False, description="Declared ready (报听, two-player).")
    won: bool = Field(False, description="Already out (Sichuan 血战).")
    void: Literal["m", "s", "p"] | None = Field(
        None, description=f"Its Sichuan void suit (定缺), when shown: {_SUIT_TEXT}."
    )
    relative: int | None = Field(
        None,
        ge=bounds.RELATIVE.low,
        le=bounds.RELATIVE.high,
        description="Its seat after mine in turn order: 1 the next (下家), seats-1 the one "
        "before me (上家).  Default: its place in the list, the next seat first.",
    )


class AnalyzeItem(BaseModel):
    """One hand to analyse: the input object of ``fanshu analyze --batch``."""

    model_config = ConfigDict(extra="forbid", title="AnalyzeItem")

    id: Any = Field(None, description="Echoed back: any JSON value.")
    hand: str = Field(
        description="13 or 14 tiles (a kong counts as 3), melds in brackets first; any "
        "notation of docs/notation.md.",
        examples=["3456m345p34568sEE"],
    )
    notation: str | None = notation_field()
    visible: str | None = Field(
        "", description="Tiles seen outside my hand (discards, others' melds)."
    )
    rules: str | None = Field(
        "mcr", description="The rule set (null: mcr).", json_schema_extra=_RULES_ENUM
    )
    by: Literal["value", "efficiency"] | None = Field(
        "value",
        description="value: rank by expected points (P(win), what the win pays, the "
        "danger of the discard); efficiency: by shanten and useful tiles only.",
    )
    look_ahead: Literal["best", "all", "none"] | None = Field(
        None,
        description="Which ties of the efficiency order get its second-order count: best "
        "(the default under efficiency: the best discard's ties), all (every tie: the "
        "complete order, slower), none (the default under value).",
    )
    seat_wind: str = Field("E", description=f"门风: {WIND_TEXT}")
    prevalent_wind: str = Field("E", description=f"圈风: {WIND_TEXT}")
    flowers: int = Field(0, ge=0, le=8)
    options: dict[str, Any] | None = Field(
        None, description="The rule set's options by name (GET /v1/rules/{name})."
    )
    dealer: bool = Field(False, description="I am the dealer (庄家).")
    wall: int | None = Field(
        None,
        ge=bounds.WALL.low,
        le=bounds.WALL.high,
        description="Tiles left in the wall (null: the default of docs/advice.md).",
    )
    seats: Literal[2, 4] | None = Field(None, description="Players (null: the rule set's).")
    void: Literal["m", "s", "p"] | None = Field(
        None, description=f"My Sichuan void suit (定缺): {_SUIT_TEXT}."
    )
    offered: str | None = Field(
        None,
        description="A discard on offer (the hand has 13 tiles): the answer gets claims.",
        examples=["5m"],
    )
    offered_by: int | None = Field(
        None,
        ge=bounds.OFFERED_BY.low,
        le=bounds.OFFERED_BY.high,
        description="Who threw it, in seats after me (1 下家 … seats-1 上家).",
    )
    opponents: list[AnalyzeOpponent] | None = Field(
        None,
        max_length=bounds.OPPONENTS.high,
        description="One object per other seat (at most seats-1).",
    )
    budget: int | None = Field(
        None,
        ge=bounds.BUDGET.low,
        le=bounds.BUDGET.high,
        description="Monte Carlo paths per choice, for hands two or more from ready "
        "(null: the default of fanshu.analyze).",
    )
    seed: int | None = Field(
        0,
        ge=bounds.ANALYSIS_SEED.low,
        le=bounds.ANALYSIS_SEED.high,
        description="Seed of the samples: the same request gives the same answer.",
    )
    wildcard: str | None = wildcard_field()


_FLOAT = {"type": "number"}
_DANGER = {
    "type": "object",
    "properties": {
        "p_deal_in": _FLOAT,
        "expected_loss": _FLOAT,
        "by_opponent": {"type": "array", "items": _FLOAT},
    },
}
_PAIRS = {"type": "array", "items": {"type": "array", "items": _FLOAT}}
#: The value keys of a choice (and of a 13-tile hand's ``value``) under by="value".
_VALUE_PROPERTIES: dict[str, Any] = {
    "p_win": _FLOAT,
    "p_minimum": _FLOAT,
    "expected_gain": _FLOAT,
    "expected_points": _FLOAT,
    "points": _PAIRS,
    "fans": _PAIRS,
    "targets": {
        "type": "array",
        "items": {
            "type": "object",
            "properties": {
                "name": {"type": "string"},
                "name_en": {"type": "string"},
                "value": {"type": "integer"},
                "share": _FLOAT,
            },
        },
    },
    "danger": _DANGER,
    "samples": {"type": "integer"},
    "why": {"type": "string"},
    "why_zh": {"type": "string"},
}


def _choice(**keys: Any) -> dict[str, Any]:
    """A discard's or a claim's schema: its own ``keys``, its shanten, its value."""
    props = {**keys, "shanten": {"type": "integer"}, **_VALUE_PROPERTIES}
    return {"type": "object", "properties": props}


ANALYZE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["id", "shanten", "by", "rules", "best", "error"],
    "properties": {
        "id": {},
        "shanten": {"type": "integer"},
        "shanten_by_shape": {"type": "object"},
        "by": {"enum": ["value", "efficiency"]},
        "rules": {"type": "string"},
        "best": {"type": ["string", "null"]},
        "wildcard": {"type": "string"},
        "useful": {"type": "string"},
        "useful_count": {"type": "integer"},
        "waits": {"type": "array", "items": {"type": "object"}},
        "value": {"type": ["object", "null"], "properties": _VALUE_PROPERTIES},
        "discards": {
            "type": "array",
            "items": _choice(
                tile={"type": "string"},
                useful={"type": "string"},
                useful_count={"type": "integer"},
            ),
        },
        "claims": {
            "type": "array",
            "items": _choice(
                action={"type": "string"},
                then_discard={"type": ["string", "null"]},
                useful_count={"type": "integer"},
            ),
        },
        "error": {"type": "null"},
    },
}


def analyze_one(obj: Any) -> dict[str, Any]:
    """Analyse one decoded body; input that cannot be analysed raises :class:`Problem`."""
    body = json_body(obj)
    try:
        result = analyze_request(parse_analyze_request(body))
    except (LineError, FanshuError) as e:
        raise Problem(e.code, e.message) from None
    return analysis_object(body.get("id"), result)


@router.post(
    "/analyze",
    summary="Analyse one hand",
    response_class=JsonResponse,
    openapi_extra=request_body(
        AnalyzeItem, example={"id": 1, "hand": "3456m345p34568sEE", "visible": "9m", "wall": 60}
    ),
    responses=route_responses("The analyze --batch output object", ANALYZE_SCHEMA, 400, 413, 422),
)
async def analyze(request: Request) -> JsonResponse:
    """Shanten by shape; for 13 tiles the useful tiles and, when ready, the waits (each
    scored on a discard and self-drawn) and the hand's value; for 14 tiles every discard,
    and with `offered` every claim, ranked best first by expected points (`"by":
    "value"`, the default: P(win), the points a win pays, P(≥ minimum), target fans, the
    danger of the discard, a "why" line) or by shanten and useful tiles (`"by":
    "efficiency"`).  `best` names the best choice.  The body and the answer are those of
    `fanshu analyze --batch`."""
    obj = await read_json(request)
    return JsonResponse(await run_in_threadpool(analyze_one, obj))


class AnalyzeBatch(BaseModel):
    """Up to 1,000 hands, each an ``AnalyzeItem`` (checked one by one)."""

    model_config = ConfigDict(extra="forbid", title="AnalyzeBatch")

    items: list[Any] = Field(
        description=f"At most {MAX_BATCH_ITEMS} AnalyzeItem objects; more is a 413 problem "
        "too_many_items.  An item that is not a valid AnalyzeItem gets its error object."
    )


def analyze_items(items: list[Any]) -> list[dict[str, Any]]:
    """Each item's batch output object, in order (errors stay with their item)."""
    return [analyze_line(item) for item in items]


@router.post(
    "/analyze/batch",
    summary="Analyse many hands",
    response_class=JsonResponse,
    openapi_extra=request_body(
        AnalyzeBatch, example={"items": [{"id": 1, "hand": "1112345678999m"}, {"id": 2}]}
    ),
    responses=route_responses(
        "One analyze --batch output object per item, in order",
        {
            "type": "object",
            "required": ["results"],
            "properties": {"results": {"type": "array", "items": {"type": "object"}}},
        },
        400,
        413,
        422,
    ),
)
async def analyze_batch(request: Request) -> JsonResponse:
    """Analyse up to 1,000 hands: `{"items": [...]}` of `fanshu analyze --batch` input
    objects gives `{"results": [...]}`, one output object per item in order.  An item
    that cannot be analysed gets its error object; more than 1,000 items is a 413
    problem `too_many_items`."""
    items = batch_items(await read_json(request))
    return JsonResponse({"results": await run_in_threadpool(analyze_items, items)})
