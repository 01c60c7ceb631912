"""``POST /v1/convert``: a hand rewritten in another notation.

The body is ``{"hand": "...", "to": NAME}`` with an optional ``"from": NAME`` (detected
when absent or null); the answer is ``{"hand": <the hand in NAME>, "from": <the notation
it was read in>, "to": NAME}``.  The notations are those of docs/notation.md: ``fanshu``,
``cmh``, ``mpsz``, ``botzone``, ``unicode``, ``chinese``, each with melds.  Bad input is
a problem document: ``bad_field`` (a missing, unknown or mistyped key), ``bad_option``
(an unknown notation name) and ``bad_notation`` (a hand that does not read, or that two
notations read as different hands: the detail shows both readings).
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field

from fanshu.errors import FanshuError
from fanshu.i18n import msg
from fanshu.notation import HAND_NOTATIONS, convert_hand, hand_notation
from fanshu.protocol.errors import shown
from fanshu.web.api.common import JsonResponse, known_body, read_json, request_body, route_responses
from fanshu.web.problems import Problem

__all__ = ["CONVERT_FIELDS", "convert_one", "router"]

router = APIRouter(tags=["convert"])

#: Every key a body may have.
CONVERT_FIELDS = ("hand", "from", "to")
_NAMES = ", ".join(HAND_NOTATIONS)
_ENUM: dict[str, Any] = {"enum": list(HAND_NOTATIONS)}


class ConvertItem(BaseModel):
    """A hand to rewrite in another notation."""

    model_config = ConfigDict(extra="forbid", title="ConvertItem", populate_by_name=True)

    hand: str = Field(
        description="A hand in any notation, melds included.", examples=["[EEE2]123m456p789s11s"]
    )
    from_: str | None = Field(
        None,
        alias="from",
        description=f"The notation of hand ({_NAMES}); null: detected.",
        json_schema_extra={"enum": [*HAND_NOTATIONS, None]},
    )
    to: str = Field(description=f"The notation to write: {_NAMES}.", json_schema_extra=_ENUM)


CONVERT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["hand", "from", "to"],
    "properties": {
        "hand": {"type": "string"},
        "from": {"type": "string", **_ENUM},
        "to": {"type": "string", **_ENUM},
    },
}


def _name(body: dict[str, Any], key: str, *, required: bool) -> str | None:
    value = body.get(key)
    if value is None:
        if required:
            raise Problem(
                "bad_field", msg("missing {key!r}: one of {names}", key=key, names=_NAMES)
            )
        return None
    if not isinstance(value, str):
        raise Problem(
            "bad_field",
            msg("{key} must be a notation name, not {value}", key=key, value=shown(value)),
        )
    try:
        return hand_notation(value)
    except FanshuError as e:
        raise Problem(e.code, e.message) from None


def convert_one(obj: Any) -> dict[str, Any]:
    """The answer to one decoded body; bad input raises :class:`Problem`."""
    body = known_body(obj, CONVERT_FIELDS, "hand")
    hand = body["hand"]
    if not isinstance(hand, str):
        raise Problem("bad_field", msg("hand must be a string, not {value}", value=shown(hand)))
    target = _name(body, "to", required=True)
    source = _name(body, "from", required=False)
    assert target is not None
    try:
        text, found = convert_hand(hand, target, source)
    except FanshuError as e:
        raise Problem(e.code, e.message) from None
    return {"hand": text, "from": found, "to": target}


@router.post(
    "/convert",
    summary="Rewrite a hand in another notation",
    response_class=JsonResponse,
    openapi_extra=request_body(
        ConvertItem, example={"hand": "[EEE2]123m456p789s11s", "to": "botzone"}
    ),
    responses=route_responses("The hand in the notation asked for", CONVERT_SCHEMA, 400, 413, 422),
)
async def convert(request: Request) -> JsonResponse:
    """Rewrite a hand (melds included) in another notation: `{"hand", "from"?, "to"}`
    gives `{"hand", "from", "to"}` with `from` the notation the hand was read in
    (detected when not given).  A hand that does not read, or that two notations read as
    different hands, is a 422 problem `bad_notation`; an unknown notation `bad_option`."""
    return JsonResponse(convert_one(await read_json(request)))
