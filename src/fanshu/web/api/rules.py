"""``GET /v1/rules`` (the rule sets) and ``GET /v1/rules/{name}`` (one rule set's fan
table and options), as ``fanshu rules [NAME] --json`` shows them: both come from
:mod:`fanshu.rules.listing`."""

from __future__ import annotations

from fastapi import APIRouter

from fanshu.errors import FanshuError
from fanshu.rules import get_rules
from fanshu.rules.listing import rule_details, rule_listing, rule_summary
from fanshu.web.api.common import JsonResponse, route_responses
from fanshu.web.problems import Problem

__all__ = ["router", "rule_details", "rule_summary"]

router = APIRouter(tags=["rules"])

_SUMMARY = {
    "type": "object",
    "required": ["name", "title_zh", "title_en", "combine", "cap", "minimum"],
    "properties": {
        "name": {"type": "string"},
        "title_zh": {"type": "string"},
        "title_en": {"type": "string"},
        "tiles": {"type": "integer"},
        "flowers": {"type": "boolean"},
        "combine": {"type": "string", "enum": ["add", "double"]},
        "cap": {"type": ["integer", "null"]},
        "minimum": {"type": "integer"},
        "default": {"type": "boolean"},
    },
}


@router.get(
    "/rules",
    summary="List the rule sets",
    response_class=JsonResponse,
    responses=route_responses("The rule sets", {"type": "array", "items": _SUMMARY}),
)
def list_rules() -> JsonResponse:
    """Every rule set fanshu scores: name, titles, tiles, how fan combine, cap, minimum."""
    return JsonResponse(rule_listing())


@router.get(
    "/rules/{name}",
    summary="One rule set's fans and options",
    response_class=JsonResponse,
    responses=route_responses("The rule set, its fan table and options", None, 404),
)
def show_rules(name: str) -> JsonResponse:
    """The fan table (`key`, `name_zh`, `name_en`, `value`, `excludes`, `source`, and
    `name`: `name_zh` again, as `fanshu rules NAME --json` has always given it) and the
    options (`name`, `default`, `note`) of one rule set; an unknown name is a 404 problem
    `bad_option` naming the known ones."""
    try:
        rule_set = get_rules(name)
    except FanshuError as e:
        raise Problem.of(e, 404) from None
    return JsonResponse(rule_details(rule_set))
