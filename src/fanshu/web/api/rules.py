"""``GET /v1/rules`` (the rule sets) and ``GET /v1/rules/{name}`` (one rule set's fan
table and options), as ``fanshu rules [NAME] --json`` shows them: both come from
:mod:`fanshu.rules.listing`; ``GET /v1/fans/{name}`` (one MCR fan, its 不计 rows and rule
text), as ``fanshu fans NAME --json`` shows it: from :mod:`fanshu.rules.mcr.lookup`
(docs/explanations.md)."""

from __future__ import annotations

from fastapi import APIRouter

from fanshu.errors import FanshuError
from fanshu.rules import get_rules
from fanshu.rules.listing import rule_details, rule_listing, rule_summary
from fanshu.rules.mcr.lookup import close_fans, fan_info, fan_ref, find_fan
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


_REF = {
    "type": "object",
    "required": ["number", "name", "name_en"],
    "properties": {
        "number": {"type": "integer"},
        "name": {"type": "string"},
        "name_en": {"type": "string"},
    },
}
_FAN = {
    "type": "object",
    "required": [
        "number",
        "key",
        "name",
        "name_en",
        "value",
        "official",
        "excludes",
        "excludes_own_sets",
        "excluded_by",
        "source",
        "text",
    ],
    "properties": {
        "number": {"type": "integer"},
        "key": {"type": "string"},
        "name": {"type": "string"},
        "name_en": {"type": "string"},
        "value": {"type": "integer"},
        "official": {"type": "boolean"},
        "excludes": {"type": "array", "items": _REF},
        "excludes_own_sets": {"type": "array", "items": _REF},
        "excluded_by": {"type": "array", "items": _REF},
        "source": {"type": "string"},
        "text": {
            "type": ["object", "null"],
            "properties": {
                "zh": {"type": "string"},
                "en": {"type": "string"},
                "examples": {"type": "array", "items": {"type": "object"}},
            },
        },
    },
}


@router.get(
    "/fans/{name}",
    summary="One fan of the Chinese Official rules",
    response_class=JsonResponse,
    responses=route_responses("The fan, what it excludes and its rule text", _FAN, 404),
)
def show_fan(name: str) -> JsonResponse:
    """One MCR fan by its Chinese or English name, number (1-89) or key: `number`, `key`,
    `name`, `name_en`, `value`, `official`, `excludes` and `excludes_own_sets` (its 不计
    row), `excluded_by` (the fans whose rows name it), `source`, `text` (`zh`, `en`,
    `examples`; null where there is none), as `fanshu fans NAME --json` prints it.  An
    unknown name is a 404 problem `bad_option` whose `close_matches` name the closest
    fans (number, name, name_en)."""
    try:
        fan = find_fan(name)
    except FanshuError as e:
        raise Problem.of(e, 404, close_matches=[fan_ref(f) for f in close_fans(name)]) from None
    return JsonResponse(fan_info(fan))
