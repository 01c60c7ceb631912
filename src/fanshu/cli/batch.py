"""Batch scoring, JSON Lines in and out.  No typer or rich here, so that any front end
(the CLI, a web service, a notebook) can reuse it.

Each input line is a JSON object::

    {"id": 7, "hand": "[EEEE]123m456p789s11s", "self_drawn": true, "seat_wind": "S"}

Keys: ``id`` (echoed back, any JSON value, default null), ``hand`` (required, a fanshu
hand string), ``rules`` (the rule set, ``fanshu.rules.names()``: ``"mcr"`` by default,
``"sichuan"`` …), ``self_drawn``, ``fourth_tile``, ``kong``, ``wall_last``, ``dealer``,
``first_turn``, ``ready_at_start``, ``kong_discard`` (booleans, default false),
``seat_wind``, ``prevalent_wind`` (``"E"``, ``"S"``, ``"W"`` or ``"N"``, default ``"E"``),
``flowers`` (an integer, default 0) and ``options`` (an object of the rule set's option
fields: ``McrOptions`` for MCR).  Any other key is an error: a misspelt flag must not be
ignored.

Each line gives one output line, in order::

    {"id": 7, "total": 9, "fans": [{"name": "...", "name_en": "...", "value": 8, "count": 1}],
     "multiplier": null, "error": null}

``total`` is fan as the line's rule set counts them; ``multiplier`` is the payment factor
of rule sets that double per fan (before any cap), null for additive ones such as MCR.

or, when the line cannot be scored::

    {"id": 7, "error": {"code": "bad_field", "message": "self_drawn must be true or false"}}

Error codes: ``bad_json`` (not JSON, or not a JSON object), ``bad_field`` (a missing,
unknown or mistyped key), the ``code`` of the ``FanshuError`` raised (``bad_notation``,
``invalid_hand``, ``bad_option`` …: an unknown ``rules`` name is ``bad_option``, with the
known names), ``not_a_win`` (a legal hand that is not complete)
and ``internal_error`` (a bug in fanshu: please report it).

Empty (or all-whitespace) lines are skipped and give no output line, so that a trailing
blank line does not produce a spurious error.

>>> score_line({"id": "x", "hand": "[EEEE]123m456p789s11s", "self_drawn": "yes"})["error"]
{'code': 'bad_field', 'message': 'self_drawn must be true or false, not "yes"'}
>>> for out in run_batch(['{"id": 1, "hand": 5}', "", "[1, 2]"]):
...     print(out)
{"id": 1, "error": {"code": "bad_field", "message": "hand must be a string, not 5"}}
{"id": null, "error": {"code": "bad_json", "message": "a line must be a JSON object, not an array"}}
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from fanshu.api import score
from fanshu.errors import FanshuError
from fanshu.rules import DEFAULT_RULES, get_rules
from fanshu.rules.base import RuleSet, ScoreResult
from fanshu.rules.mcr.result import McrResult
from fanshu.rules.mcr.ruleset import RULES as MCR_RULES
from fanshu.tiles import Tile, wind_from

__all__ = [
    "FIELDS",
    "LineError",
    "ScoreRequest",
    "error_object",
    "parse_request",
    "result_object",
    "rules_named",
    "run_batch",
    "score_line",
    "score_request",
]

#: The win-context flags: the MCR ones, then the facts other rule sets need.
BOOL_FIELDS = (
    "self_drawn", "fourth_tile", "kong", "wall_last",
    "dealer", "first_turn", "ready_at_start", "kong_discard",
)  # fmt: skip
WIND_FIELDS = ("seat_wind", "prevalent_wind")
#: Every key an input line may have.
FIELDS = ("id", "hand", "rules", *BOOL_FIELDS, *WIND_FIELDS, "flowers", "options")


class LineError(Exception):
    """A line that cannot be scored, with the batch error code."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(frozen=True, slots=True)
class ScoreRequest:
    """A validated input line: the arguments of ``fanshu.score``."""

    hand: str
    self_drawn: bool = False
    fourth_tile: bool = False
    kong: bool = False
    wall_last: bool = False
    seat_wind: Tile = Tile.EAST
    prevalent_wind: Tile = Tile.EAST
    flowers: int = 0
    #: The rule set's options object (``McrOptions`` for MCR), None for its defaults.
    options: Any = None
    id: Any = field(default=None, compare=False)
    rules: str = DEFAULT_RULES
    dealer: bool = False
    first_turn: bool = False
    ready_at_start: bool = False
    kong_discard: bool = False


def rules_named(name: str) -> RuleSet:
    """The rule set called ``name``; raises ``LineError`` (``bad_option``, naming the
    known rule sets) for an unknown name.  MCR does not need the registry, so scoring
    MCR hands never imports the other rule sets."""
    if name == DEFAULT_RULES:
        return MCR_RULES
    try:
        return get_rules(name)
    except FanshuError as e:  # OptionError
        raise LineError(e.code, e.message) from None


def _show(value: object) -> str:
    """A JSON value as the user wrote it, shortened."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def parse_request(obj: Mapping[str, Any]) -> ScoreRequest:
    """Check an input object's keys and types; raise ``LineError`` (``bad_field`` or
    ``bad_option``) for anything wrong.  Values are checked strictly: ``"yes"`` is not
    a boolean and ``1.0`` is not a flower count."""
    unknown = [k for k in obj if k not in FIELDS]
    if unknown:
        raise LineError("bad_field", f"unknown key {unknown[0]!r}; known: {', '.join(FIELDS)}")
    if "hand" not in obj:
        raise LineError("bad_field", "missing 'hand'")
    hand = obj["hand"]
    if not isinstance(hand, str):
        raise LineError("bad_field", f"hand must be a string, not {_show(hand)}")
    rules = obj.get("rules", DEFAULT_RULES)
    if rules is None:
        rules = DEFAULT_RULES
    if not isinstance(rules, str):
        raise LineError("bad_field", f"rules must be a rule set name, not {_show(rules)}")
    rule_set = rules_named(rules)
    flags: dict[str, bool] = {}
    for name in BOOL_FIELDS:
        value = obj.get(name, False)
        if not isinstance(value, bool):
            raise LineError("bad_field", f"{name} must be true or false, not {_show(value)}")
        flags[name] = value
    winds: dict[str, Tile] = {}
    for name in WIND_FIELDS:
        value = obj.get(name, "E")
        if not isinstance(value, str):
            raise LineError("bad_field", f"{name} must be E, S, W or N, not {_show(value)}")
        try:
            winds[name] = wind_from(value)
        except ValueError:
            raise LineError(
                "bad_field", f"{name} must be E, S, W or N, not {_show(value)}"
            ) from None
    flowers = obj.get("flowers", 0)
    if isinstance(flowers, bool) or not isinstance(flowers, int):
        raise LineError("bad_field", f"flowers must be an integer 0-8, not {_show(flowers)}")
    options: Any = None
    raw_options = obj.get("options")
    if raw_options is not None:
        if not isinstance(raw_options, dict):
            raise LineError("bad_field", f"options must be an object, not {_show(raw_options)}")
        try:
            options = rule_set.options_from(raw_options)
        except FanshuError as e:
            raise LineError(e.code, e.message) from None
        except (TypeError, ValueError, KeyError) as e:  # defensive: should be OptionError
            raise LineError("bad_option", str(e)) from None
    return ScoreRequest(
        hand=hand,
        seat_wind=winds["seat_wind"],
        prevalent_wind=winds["prevalent_wind"],
        flowers=flowers,
        options=options,
        id=obj.get("id"),
        rules=rule_set.name,
        **flags,
    )


def score_request(req: ScoreRequest) -> ScoreResult:
    """Score a validated request under its rule set (an ``McrResult`` for MCR); raises
    ``FanshuError`` for a hand that cannot be."""
    return score(
        req.hand,
        rules=req.rules,
        self_drawn=req.self_drawn,
        fourth_tile=req.fourth_tile,
        kong=req.kong,
        wall_last=req.wall_last,
        seat_wind=req.seat_wind,
        prevalent_wind=req.prevalent_wind,
        flowers=req.flowers,
        dealer=req.dealer,
        first_turn=req.first_turn,
        ready_at_start=req.ready_at_start,
        kong_discard=req.kong_discard,
        options=req.options,
    )


def error_object(id_: Any, code: str, message: str) -> dict[str, Any]:
    """The output object of a line that could not be scored."""
    return {"id": id_, "error": {"code": code, "message": message}}


def result_object(id_: Any, result: ScoreResult) -> dict[str, Any]:
    """The output object of a scored line (an error object if it is not a win).

    Every rule set gives ``id``, ``total``, ``fans``, ``multiplier`` (null for MCR and
    other additive rule sets), then ``"error": null``, always last.
    """
    if not result.is_win:
        return error_object(id_, "not_a_win", result.reason or "not a winning hand")
    if isinstance(result, McrResult):
        return {
            "id": id_,
            "total": result.total,
            "fans": [e.to_dict() for e in result.fans],
            "multiplier": None,
            "error": None,
        }
    data = result.to_dict()
    out: dict[str, Any] = {
        "id": id_,
        "total": data.get("total", result.total),
        "fans": data.get("fans", []),
        "multiplier": data.get("multiplier"),
    }
    out.update((k, v) for k, v in data.items() if k not in out and k != "error")
    out["error"] = None
    return out


def score_line(obj: dict[str, Any]) -> dict[str, Any]:
    """Score one decoded input object and return its output object.  Never raises."""
    id_ = obj.get("id") if isinstance(obj, dict) else None
    if not isinstance(obj, dict):
        return error_object(None, "bad_json", f"a line must be a JSON object, not {kind_of(obj)}")
    try:
        result = score_request(parse_request(obj))
    except LineError as e:
        return error_object(id_, e.code, e.message)
    except FanshuError as e:
        return error_object(id_, e.code, e.message)
    except Exception as e:  # a bug: report it on this line and go on with the others
        return error_object(id_, "internal_error", f"{type(e).__name__}: {e}".rstrip(": "))
    return result_object(id_, result)


def kind_of(value: object) -> str:
    """What a JSON value is, for messages: ``an array``, ``a string`` …"""
    if isinstance(value, list):
        return "an array"
    if isinstance(value, str):
        return "a string"
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, dict):
        return "an object"
    return "a number"


def dumps(obj: Mapping[str, Any]) -> str:
    """One output line (without the newline): compact-ish JSON, Chinese kept as is."""
    return json.dumps(obj, ensure_ascii=False)


#: A line handler: a decoded input object (any JSON value) to its output object.
LineHandler = Callable[[Any], dict[str, Any]]


def process_line(line: str, handle: LineHandler | None = None) -> str | None:
    """The output line for one input line, or None for an empty line.

    ``handle`` turns the decoded object into the output object (default ``score_line``;
    ``fanshu analyze`` passes its own); bad JSON gives the same error object either way.
    """
    text = line.strip()
    if not text:
        return None
    try:
        obj = json.loads(text)
    except ValueError as e:  # json.JSONDecodeError and RecursionError-free cases
        return dumps(error_object(None, "bad_json", f"not JSON: {e}"))
    except RecursionError:
        return dumps(error_object(None, "bad_json", "not JSON: nested too deeply"))
    return dumps((handle or score_line)(obj))


def run_batch(lines: Iterable[str], handle: LineHandler | None = None) -> Iterator[str]:
    """Score (or, with ``handle``, otherwise process) JSON Lines: one output line (without
    newline) per non-empty input line, in order.  Bad lines give error objects; nothing
    here raises for bad input."""
    for line in lines:
        out = process_line(line, handle)
        if out is not None:
            yield out
