"""``POST /v1/settle``: who pays whom for one win, by the rule set's settlement.

Give the players (four for MCR, Sichuan and Beijing, two for the two-player game), the
winner, the discarder (null when self-drawn) and either the winning ``hand`` (scored with
the flags of ``/v1/score``) or, for MCR and Sichuan, the ``fan`` total.  The answer is
``{"rules", "total", "payments": {name: points}}`` (zero-sum), with ``score``, the
``/v1/score`` object, when a hand was given.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from pydantic import BaseModel, ConfigDict, Field

from fanshu.cli.batch import (
    BOOL_FIELDS,
    WIND_FIELDS,
    LineError,
    parse_request,
    rules_named,
    score_request,
)
from fanshu.errors import FanshuError
from fanshu.rules import get_rules, names
from fanshu.rules.mcr.settlement import settle_win
from fanshu.web.api.common import JsonResponse, ok_response
from fanshu.web.api.score import score_object
from fanshu.web.problems import Problem, problem_responses

__all__ = ["SettleRequest", "router", "settle_request"]

_RULES_ENUM: dict[str, Any] = {"enum": names()}

router = APIRouter(tags=["settle"])

#: Rule sets whose settlement takes a fan total without the hand.
FAN_ONLY = ("mcr", "sichuan")


class SettleRequest(BaseModel):
    """One win to settle."""

    model_config = ConfigDict(extra="forbid", strict=True, title="SettleRequest")

    rules: str = Field("mcr", json_schema_extra=_RULES_ENUM)
    players: list[str] = Field(description="The players in seat order.", max_length=8)
    winner: str
    discarder: str | None = Field(None, description="Who discarded the winning tile.")
    hand: str | None = Field(None, description="The winning hand, scored by the rule set.")
    fan: int | None = Field(None, description="The fan total (MCR: flowers included).")
    flowers: int = 0
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


def settle_request(req: SettleRequest) -> dict[str, Any]:
    """The settlement of one win; bad input raises :class:`Problem` or ``FanshuError``."""
    self_drawn = req.discarder is None if req.self_drawn is None else req.self_drawn
    if self_drawn == (req.discarder is not None):
        raise Problem(
            "bad_field",
            "say how the hand was won: self_drawn true, or the discarder (one of them)",
        )
    if (req.fan is None) == (req.hand is None):
        raise Problem("bad_field", "give the fan total (fan) or the hand (hand), one of them")
    try:
        rule_set = rules_named(req.rules)
        options = None if req.options is None else rule_set.options_from(req.options)
    except LineError as e:
        raise Problem(e.code, e.message) from None
    if req.dealer_player is not None and rule_set.name != "beijing":
        raise Problem("bad_field", "dealer_player is for the beijing rule set")
    if req.fan is not None:
        if rule_set.name not in FAN_ONLY:
            raise Problem(
                "bad_field",
                f"the {rule_set.name} rule set settles a scored hand: give 'hand', not 'fan'",
            )
        if rule_set.name == "mcr":
            payments = settle_win(
                req.players,
                req.winner,
                discarder=req.discarder,
                fan=req.fan,
                flowers=req.flowers,
            ).payments
        else:
            payments = rule_set.settle(req.players, req.winner, req.discarder, req.fan, options)
        return {"rules": rule_set.name, "total": req.fan, "payments": payments}
    line: dict[str, Any] = {"hand": req.hand, "rules": req.rules, "flowers": req.flowers}
    line.update((f, getattr(req, f)) for f in BOOL_FIELDS if f != "self_drawn")
    line.update((f, getattr(req, f)) for f in WIND_FIELDS)
    line["self_drawn"] = self_drawn
    if req.options is not None:
        line["options"] = req.options
    try:
        result = score_request(parse_request(line))
    except LineError as e:
        raise Problem(e.code, e.message) from None
    if not result.is_win:
        raise Problem("not_a_win", result.reason or "not a winning hand")
    if rule_set.name == "beijing":
        payments = get_rules("beijing").settle(  # type: ignore[call-arg]
            req.players, req.winner, req.discarder, result, options, dealer=req.dealer_player
        )
    else:
        payments = rule_set.settle(req.players, req.winner, req.discarder, result, options)
    return {
        "rules": rule_set.name,
        "total": result.total,
        "payments": payments,
        "score": score_object(None, result),
    }


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
    responses={
        200: ok_response("The payments", _SETTLE_SCHEMA),
        **problem_responses(400, 413, 422),
    },
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
