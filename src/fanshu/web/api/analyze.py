"""``POST /v1/analyze``: shanten, useful tiles, waits or the discard table of one hand.

The body is one analyze request (:mod:`fanshu.protocol.analyze`), the input object of
``fanshu analyze --batch`` (``id``, ``hand``, ``visible``, and ``seat_wind``,
``prevalent_wind``, ``flowers``, ``options`` for scoring the waits), checked by the same
code; the answer is its output object.  ``POST /v1/analyze/batch`` takes up to 1,000 of
them (``{"items": [...]}``) and answers ``{"results": [...]}``, one output object per item
in order, as ``fanshu analyze --batch`` writes them.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field
from starlette.concurrency import run_in_threadpool

from fanshu.errors import FanshuError
from fanshu.protocol.analyze import (
    analysis_object,
    analyze_line,
    analyze_request,
    parse_analyze_request,
)
from fanshu.protocol.errors import LineError
from fanshu.web.api.common import (
    MAX_BATCH_ITEMS,
    JsonResponse,
    json_body,
    read_json,
    request_body,
    route_responses,
)
from fanshu.web.api.score import WIND_TEXT, batch_items
from fanshu.web.problems import Problem

__all__ = ["analyze_one", "router"]

router = APIRouter(tags=["analyze"])


class AnalyzeItem(BaseModel):
    """One hand to analyse: the input object of ``fanshu analyze --batch``."""

    model_config = ConfigDict(extra="forbid", title="AnalyzeItem")

    id: Any = Field(None, description="Echoed back: any JSON value.")
    hand: str = Field(
        description="13 or 14 tiles (a kong counts as 3), melds in brackets first.",
        examples=["1112345678999m"],
    )
    visible: str | None = Field(
        "", description="Tiles seen on the table (discards, others' melds)."
    )
    seat_wind: str = Field("E", description=f"门风: {WIND_TEXT}")
    prevalent_wind: str = Field("E", description=f"圈风: {WIND_TEXT}")
    flowers: int = Field(0, ge=0, le=8)
    options: dict[str, Any] | None = Field(None, description="MCR options for the waits.")


ANALYZE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["id", "shanten", "error"],
    "properties": {
        "id": {},
        "shanten": {"type": "integer"},
        "shanten_by_shape": {"type": "object"},
        "useful": {"type": "string"},
        "useful_count": {"type": "integer"},
        "waits": {"type": "array", "items": {"type": "object"}},
        "discards": {"type": "array", "items": {"type": "object"}},
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
        AnalyzeItem, example={"id": 1, "hand": "1112345678999m", "visible": "9m"}
    ),
    responses=route_responses("The analyze --batch output object", ANALYZE_SCHEMA, 400, 413, 422),
)
async def analyze(request: Request) -> JsonResponse:
    """Shanten by shape; for 13 tiles the useful tiles and, when ready, the waits (each
    scored on a discard and self-drawn); for 14 tiles every discard ranked.  The body and
    the answer are those of `fanshu analyze --batch`."""
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
