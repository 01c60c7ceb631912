"""``POST /v1/settle``: who pays whom for one win, by the rule set's settlement.

Give the players (four for MCR, Sichuan and Beijing, two for the two-player game), the
winner, the discarder (null when self-drawn) and either the winning ``hand`` (scored with
the flags of ``/v1/score``) or, for MCR and Sichuan, the ``fan`` total.  The answer is
``{"rules", "total", "payments": {name: points}}`` (zero-sum), with ``score``, the
``/v1/score`` object, when a hand was given.  The settling is the wire format's
(:mod:`fanshu.protocol.settle`); this module checks the body's JSON types and answers.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from pydantic import BaseModel, ConfigDict, Field

from fanshu.errors import FanshuError
from fanshu.protocol import bounds
from fanshu.protocol import settle as wire
from fanshu.protocol.errors import LineError
from fanshu.rules import names
from fanshu.web.api.common import JsonResponse, route_responses
from fanshu.web.api.score import wildcard_field
from fanshu.web.problems import Problem

__all__ = ["SettleRequest", "router", "settle_request"]

_RULES_ENUM: dict[str, Any] = {"enum": names()}

router = APIRouter(tags=["settle"])


class SettleRequest(BaseModel):
    """One win to settle."""

    model_config = ConfigDict(extra="forbid", strict=True, title="SettleRequest")

    rules: str = Field("mcr", json_schema_extra=_RULES_ENUM)
    players: list[str] = Field(description="The players in seat order.", max_length=8)
    winner: str
    discarder: str | None = Field(None, description="Who discarded the winning tile.")
    hand: str | None = Field(None, description="The winning hand, scored by the rule set.")
    fan: int | None = Field(
        None,
        le=bounds.FAN.high,
        description="The fan total (MCR: flowers included; at most "
        f"{bounds.FAN.high}, Sichuan {bounds.SICHUAN_FAN.high}).",
    )
    flowers: int = Field(0, ge=bounds.FLOWERS.low, le=bounds.FLOWERS.high)
    self_drawn: bool | None = Field(None, description="Default: true when no discarder.")
    fourth_tile: bool = False
    kong: bool = False
    wall_last: bool = False
    dealer: bool = False
    first_turn: bool = False
    ready_at_start: bool = False
    kong_discard: bool = False
    seat_wind: str = "E"
    prevalent_wind: str = "E"
    options: dict[str, Any] | None = None
    dealer_player: str | None = Field(
        None,
        description="Beijing: who deals (default: the winner when dealer is true, else the "
        "first player).",
    )
    wildcard: str | None = wildcard_field()


def settle_request(req: SettleRequest) -> dict[str, Any]:
    """The settlement of one win; bad input raises :class:`Problem` or ``FanshuError``."""
    try:
        return wire.settle(wire.SettleRequest(**req.model_dump()))
    except LineError as e:
        raise Problem(e.code, e.message) from None


_SETTLE_SCHEMA = {
    "type": "object",
    "required": ["rules", "total", "payments"],
    "properties": {
        "rules": {"type": "string"},
        "total": {"type": "integer"},
        "payments": {"type": "object", "additionalProperties": {"type": "integer"}},
        "score": {"type": "object"},
    },
}


@router.post(
    "/settle",
    summary="Settle one win",
    response_class=JsonResponse,
    responses=route_responses("The payments", _SETTLE_SCHEMA, 400, 413, 422),
)
def settle(req: SettleRequest) -> JsonResponse:
    """Payments for one win by the rule set's settlement (zero-sum): MCR pays 8+fan from
    each on a self-draw, 8+fan from the discarder and 8 from the others on a discard;
    the other rule sets as `GET /v1/rules/{name}` and docs/rules describe.  A hand that
    is not a win is a 422 problem `not_a_win`; an MCR win under 8 fan is `bad_match`."""
    try:
        return JsonResponse(settle_request(req))
    except FanshuError as e:
        raise Problem.of(e) from None
