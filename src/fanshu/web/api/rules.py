"""``GET /v1/rules`` (the rule sets) and ``GET /v1/rules/{name}`` (one rule set's fan
table and options), as ``fanshu rules [NAME] --json`` shows them."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from fanshu.errors import FanshuError
from fanshu.rules import DEFAULT_RULES, get_rules, names
from fanshu.rules.base import RuleSet
from fanshu.web.api.common import JsonResponse, ok_response
from fanshu.web.problems import Problem, problem_responses

__all__ = ["router", "rule_details", "rule_summary"]

router = APIRouter(tags=["rules"])

#: Copies of each tile kind, and the number of flower tiles when a rule set uses them.
_COPIES = 4
_FLOWERS = 8


def rule_summary(rule_set: RuleSet) -> dict[str, Any]:
    """One rule set in the list."""
    return {
        "name": rule_set.name,
        "title_zh": rule_set.title_zh,
        "title_en": rule_set.title_en,
        "tiles": _COPIES * len(rule_set.tiles) + (_FLOWERS if rule_set.flowers else 0),
        "flowers": bool(rule_set.flowers),
        "combine": rule_set.combine,
        "cap": rule_set.cap,
        "minimum": rule_set.minimum,
        "default": rule_set.name == DEFAULT_RULES,
    }


def rule_details(rule_set: RuleSet) -> dict[str, Any]:
    """One rule set in full: its summary, shapes, fan table and options."""
    return {
        **rule_summary(rule_set),
        "shapes": list(rule_set.shapes),
        "fans": [
            {
                "key": f.key,
                "name_zh": f.name_zh,
                "name_en": f.name_en,
                "value": f.value,
                "excludes": list(f.excludes),
                "source": f.source,
            }
            for f in rule_set.fans
        ],
        "options": [
            {"name": name, "default": default, "note": note}
            for name, default, note in rule_set.describe_options()
        ],
    }


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
    responses={200: ok_response("The rule sets", {"type": "array", "items": _SUMMARY})},
)
def list_rules() -> JsonResponse:
    """Every rule set fanshu scores: name, titles, tiles, how fan combine, cap, minimum."""
    return JsonResponse([rule_summary(get_rules(n)) for n in names()])


@router.get(
    "/rules/{name}",
    summary="One rule set's fans and options",
    response_class=JsonResponse,
    responses={
        200: ok_response("The rule set, its fan table and options"),
        **problem_responses(404),
    },
)
def show_rules(name: str) -> JsonResponse:
    """The fan table (`key`, `name_zh`, `name_en`, `value`, `excludes`, `source`) and the
    options (`name`, `default`, `note`) of one rule set; an unknown name is a 404 problem
    `bad_option` naming the known ones."""
    try:
        rule_set = get_rules(name)
    except FanshuError as e:
        raise Problem.of(e, 404) from None
    return JsonResponse(rule_details(rule_set))
