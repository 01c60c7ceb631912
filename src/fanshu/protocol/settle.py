"""The settle request and result: who pays whom for one win, by the rule set's settlement.

The request (the body of ``POST /v1/settle``) names the players (four for MCR, Sichuan
and Beijing, two for the two-player game), the ``winner``, the ``discarder`` (null when
self-drawn) and either the winning ``hand`` (scored with the flags of the score request)
or, for MCR and Sichuan, the ``fan`` total; ``wildcard`` names the kind wild in the
hand for a rule set played with one (checked as the score request checks it).  Its
fields and defaults are those of :class:`SettleRequest`; the front end checks their JSON
types, :func:`settle` what they mean together.

The result is ``{"rules", "total", "payments": {name: points}}`` (zero-sum), with
``score``, the score answer (:func:`fanshu.protocol.score.score_object`), when a hand
was given.  What cannot be settled raises :class:`~fanshu.protocol.errors.LineError`
(``bad_field``, ``bad_option``, ``not_a_win``, ``out_of_range`` for a number past its
bound in :mod:`fanshu.protocol.bounds`: ``fan`` at most 500, 30 for Sichuan) or the
``FanshuError`` of the settlement (``bad_match`` for an MCR win under 8 fan …).

>>> settle(SettleRequest(players=("A", "B", "C", "D"), winner="A", discarder="B", fan=8))
{'rules': 'mcr', 'total': 8, 'payments': {'A': 32, 'B': -16, 'C': -8, 'D': -8}}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from fanshu.i18n import msg
from fanshu.protocol import bounds
from fanshu.protocol.errors import BAD_FIELD, NOT_A_WIN, LineError
from fanshu.protocol.score import (
    BOOL_FIELDS,
    WIND_FIELDS,
    parse_request,
    rules_named,
    score_object,
    score_request,
)
from fanshu.rules import DEFAULT_RULES
from fanshu.rules.beijing.ruleset import BeijingRuleSet
from fanshu.rules.mcr.settlement import settle_win

__all__ = ["FAN_ONLY", "SettleRequest", "settle"]

#: Rule sets whose settlement takes a fan total without the hand.
FAN_ONLY = ("mcr", "sichuan")


@dataclass(frozen=True, slots=True, kw_only=True)
class SettleRequest:
    """One win to settle; each field has the JSON type its annotation says."""

    players: Sequence[str]
    winner: str
    rules: str = DEFAULT_RULES
    #: Who discarded the winning tile (None: self-drawn).
    discarder: str | None = None
    #: The winning hand, scored by the rule set (give it or ``fan``).
    hand: str | None = None
    #: The fan total (MCR: flowers included).
    fan: int | None = None
    flowers: int = 0
    #: None: true when there is no discarder.
    self_drawn: bool | None = None
    fourth_tile: bool = False
    kong: bool = False
    wall_last: bool = False
    dealer: bool = False
    first_turn: bool = False
    ready_at_start: bool = False
    kong_discard: bool = False
    seat_wind: str = "E"
    prevalent_wind: str = "E"
    options: Mapping[str, Any] | None = None
    #: Beijing: who deals (None: the winner when ``dealer`` is true, else the first player).
    dealer_player: str | None = None
    #: The tile kind wild in the hand (百搭 / 赖子), for a rule set played with one; the
    #: hand is scored with it, as ``wildcard`` of a score request.
    wildcard: str | None = None


def settle(req: SettleRequest) -> dict[str, Any]:
    """The settlement of one win; raises ``LineError`` or ``FanshuError`` (module text)."""
    self_drawn = req.discarder is None if req.self_drawn is None else req.self_drawn
    if self_drawn == (req.discarder is not None):
        raise LineError(
            BAD_FIELD,
            msg("say how the hand was won: self_drawn true, or the discarder (one of them)"),
        )
    if (req.fan is None) == (req.hand is None):
        raise LineError(BAD_FIELD, msg("give the fan total (fan) or the hand (hand), one of them"))
    rule_set = rules_named(req.rules)
    if req.options is not None:
        bounds.check_options(dict(req.options))
    options = None if req.options is None else rule_set.options_from(dict(req.options))
    if req.wildcard is not None and req.hand is None:
        raise LineError(BAD_FIELD, msg("wildcard is read with the hand: give 'hand', not 'fan'"))
    if req.dealer_player is not None and rule_set.name != "beijing":
        raise LineError(BAD_FIELD, msg("dealer_player is for the beijing rule set"))
    if req.fan is not None:
        if rule_set.name not in FAN_ONLY:
            raise LineError(
                BAD_FIELD,
                msg(
                    "the {name} rule set settles a scored hand: give 'hand', not 'fan'",
                    name=rule_set.name,
                ),
            )
        bounds.check(bounds.fan_bound(rule_set.name), req.fan)
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
        line["options"] = dict(req.options)
    if req.wildcard is not None:
        line["wildcard"] = req.wildcard
    result = score_request(parse_request(line))
    if not result.is_win:
        raise LineError(NOT_A_WIN, result.reason or msg("not a winning hand"))
    if isinstance(rule_set, BeijingRuleSet):  # the only settlement told who deals
        payments = rule_set.settle(
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
