"""The score request and result: one hand to score, and what scoring it gives.

The request is a JSON object (an input line of ``fanshu score --batch``, the body of
``POST /v1/score``)::

    {"id": 7, "hand": "[EEEE]123m456p789s11s", "self_drawn": true, "seat_wind": "S"}

Keys: ``id`` (echoed back, any JSON value, default null), ``hand`` (required, a hand
string in any notation of docs/notation.md, melds included), ``notation`` (the notation
of ``hand``: ``"fanshu"``, ``"cmh"``, ``"mpsz"``, ``"botzone"``, ``"unicode"``,
``"chinese"``; absent or null to detect it — a string that two notations read as
different hands is a ``bad_notation`` error that says so), ``rules`` (the rule set,
``fanshu.rules.names()``: ``"mcr"`` by default, ``"sichuan"`` …), ``self_drawn``,
``fourth_tile``, ``kong``, ``wall_last``, ``dealer``, ``first_turn``, ``ready_at_start``,
``kong_discard`` (booleans, default false),
``seat_wind``, ``prevalent_wind`` (``"E"``, ``"S"``, ``"W"`` or ``"N"``, default ``"E"``),
``flowers`` (an integer, default 0), ``options`` (an object of the rule set's option
fields: ``McrOptions`` for MCR) and ``wildcard`` (the tile kind wild this hand, 百搭 /
赖子, such as ``"5p"``; only for a rule set played with one: :mod:`fanshu.protocol.wildcard`).
Any other key is an error: a misspelt flag must not be ignored.

The result (:func:`result_object`, an output line of the batch)::

    {"id": 7, "total": 9, "fans": [{"name": "...", "name_en": "...", "value": 8, "count": 1}],
     "multiplier": null, "total_without_flowers": 9, "meets_minimum": true, "error": null}

``total`` is fan as the line's rule set counts them; ``multiplier`` is the payment factor
of rule sets that double per fan (before any cap), null for additive ones such as MCR;
``total_without_flowers`` is ``total`` less the flower fans (what counts toward the
minimum) and ``meets_minimum`` whether that reaches the rule set's minimum to win (MCR:
8; a rule set without a minimum: always true).
A rule set's other result members follow (``details``, where a hand with wild tiles has
``wildcards``: ``{"kind": "5p", "stood_for": ["3m"], "winning": null}``).

or, when the hand cannot be scored, the error object of :mod:`fanshu.protocol.errors`::

    {"id": 7, "error": {"code": "bad_field", "message": "self_drawn must be true or false"}}

Error codes: ``bad_json`` (not JSON, or not a JSON object), ``bad_field`` (a missing,
unknown or mistyped key), the ``code`` of the ``FanshuError`` raised (``bad_notation``,
``invalid_hand``, ``bad_option`` …: an unknown ``rules`` name is ``bad_option``, with the
known names), ``not_a_win`` (a legal hand that is not complete)
and ``internal_error`` (a bug in fanshu: please report it).

The HTTP answer (:func:`score_object`) is the result with more for display: ``hand`` (the
hand as the user wrote it, in their notation; a hand whose wild tiles stood for others
is the hand scored, in that notation) and ``notation`` (that notation's name),
and for MCR ``shape``, ``excluded`` (the implied fans not counted, each with the fan that
excludes it) and, on each fan, ``sets`` (the tile groups that formed it); a hand that is
not a win keeps ``total`` 0 and ``fans`` [] beside its ``not_a_win`` error.

>>> score_line({"id": "x", "hand": "[EEEE]123m456p789s11s", "self_drawn": "yes"})["error"]
{'code': 'bad_field', 'message': 'self_drawn must be true or false, not "yes"'}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from fanshu.api import score
from fanshu.errors import FanshuError
from fanshu.hand import Hand
from fanshu.notation.detect import format_hand_as, hand_notation, read_hand
from fanshu.protocol import bounds
from fanshu.protocol.errors import (
    BAD_FIELD,
    BAD_JSON,
    INVALID_TEXT,
    NOT_A_WIN,
    LineError,
    error_object,
    internal_error,
    kind_of,
    shown,
)
from fanshu.protocol.text import InvalidText, check_text
from fanshu.protocol.wildcard import parse_wildcard
from fanshu.rules import DEFAULT_RULES, get_rules
from fanshu.rules.base import RuleSet, ScoreResult
from fanshu.rules.mcr.result import McrResult, is_mcr_result
from fanshu.rules.mcr.ruleset import RULES as MCR_RULES
from fanshu.tiles import Tile, format_tiles, wind_from

__all__ = [
    "BOOL_FIELDS",
    "FIELDS",
    "WIND_FIELDS",
    "ScoreRequest",
    "checked_text",
    "echo_of",
    "echo_read",
    "notation_field",
    "parse_request",
    "result_object",
    "rules_named",
    "score_line",
    "score_object",
    "score_request",
]

#: The win-context flags: the MCR ones, then the facts other rule sets need.
BOOL_FIELDS = (
    "self_drawn",
    "fourth_tile",
    "kong",
    "wall_last",
    "dealer",
    "first_turn",
    "ready_at_start",
    "kong_discard",
)
WIND_FIELDS = ("seat_wind", "prevalent_wind")
#: Every key an input line may have.
FIELDS = (
    "id",
    "hand",
    "notation",
    "rules",
    *BOOL_FIELDS,
    *WIND_FIELDS,
    "flowers",
    "options",
    "wildcard",
)


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
    #: The tile kind wild this hand (百搭 / 赖子), None without one.
    wildcard: Tile | None = None
    #: The notation ``hand`` is written in (``fanshu.notation.HAND_NOTATIONS``), None to
    #: detect it.
    notation: str | None = None


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


def checked_text(obj: Mapping[str, Any]) -> None:
    """Raise ``LineError`` (``invalid_text``, naming the field) when a string of the
    request, key or value, is not Unicode text (:mod:`fanshu.protocol.text`)."""
    try:
        check_text(obj)
    except InvalidText as e:
        raise LineError(INVALID_TEXT, e.message) from None


def parse_request(obj: Mapping[str, Any]) -> ScoreRequest:
    """Check an input object's keys and types; raise ``LineError`` (``bad_field`` or
    ``bad_option``) for anything wrong.  Values are checked strictly: ``"yes"`` is not
    a boolean and ``1.0`` is not a flower count; a string that is not Unicode text,
    anywhere in it, is ``invalid_text``."""
    checked_text(obj)
    unknown = [k for k in obj if k not in FIELDS]
    if unknown:
        raise LineError(BAD_FIELD, f"unknown key {unknown[0]!r}; known: {', '.join(FIELDS)}")
    if "hand" not in obj:
        raise LineError(BAD_FIELD, "missing 'hand'")
    hand = obj["hand"]
    if not isinstance(hand, str):
        raise LineError(BAD_FIELD, f"hand must be a string, not {shown(hand)}")
    rules = obj.get("rules", DEFAULT_RULES)
    if rules is None:
        rules = DEFAULT_RULES
    if not isinstance(rules, str):
        raise LineError(BAD_FIELD, f"rules must be a rule set name, not {shown(rules)}")
    rule_set = rules_named(rules)
    flags: dict[str, bool] = {}
    for name in BOOL_FIELDS:
        value = obj.get(name, False)
        if not isinstance(value, bool):
            raise LineError(BAD_FIELD, f"{name} must be true or false, not {shown(value)}")
        flags[name] = value
    winds: dict[str, Tile] = {}
    for name in WIND_FIELDS:
        value = obj.get(name, "E")
        if not isinstance(value, str):
            raise LineError(BAD_FIELD, f"{name} must be E, S, W or N, not {shown(value)}")
        try:
            winds[name] = wind_from(value)
        except ValueError:
            raise LineError(BAD_FIELD, f"{name} must be E, S, W or N, not {shown(value)}") from None
    flowers = obj.get("flowers", 0)
    if isinstance(flowers, bool) or not isinstance(flowers, int):
        raise LineError(BAD_FIELD, f"flowers must be an integer 0-8, not {shown(flowers)}")
    options: Any = None
    raw_options = obj.get("options")
    if raw_options is not None:
        if not isinstance(raw_options, dict):
            raise LineError(BAD_FIELD, f"options must be an object, not {shown(raw_options)}")
        bounds.check_options(raw_options)
        try:
            options = rule_set.options_from(raw_options)
        except FanshuError as e:
            raise LineError(e.code, e.message) from None
        except (TypeError, ValueError, KeyError) as e:  # defensive: should be OptionError
            raise LineError("bad_option", str(e)) from None
    wildcard = parse_wildcard(obj.get("wildcard"), rule_set)
    return ScoreRequest(
        hand=hand,
        notation=notation_field(obj),
        wildcard=wildcard,
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
        wildcard=req.wildcard,
        notation=req.notation,
    )


def notation_field(obj: Mapping[str, Any]) -> str | None:
    """The ``notation`` of a request (its canonical name), None when absent or null;
    ``LineError`` ``bad_field`` for a value that is not a string, ``bad_option`` (naming
    the notations) for an unknown name."""
    value = obj.get("notation")
    if value is None:
        return None
    if not isinstance(value, str):
        raise LineError(BAD_FIELD, f"notation must be a notation name or null, not {shown(value)}")
    try:
        return hand_notation(value)
    except FanshuError as e:
        raise LineError(e.code, e.message) from None


def echo_of(text: str, notation: str | None) -> tuple[str, str]:
    """The echo of a request's hand: what the user wrote (surrounding spaces dropped) and
    the name of the notation it is in (``notation`` if named, else detected).

    >>> echo_of(" 123m456p789s11z ", None)
    ('123m456p789s11z', 'mpsz')
    """
    return text.strip(), notation or read_hand(text)[1]


def echo_read(text: str, notation: str | None) -> tuple[tuple[str, str], Hand]:
    """:func:`echo_of` and the hand its text reads as, in one reading (what
    :func:`score_object` compares with the scored hand: pass it as ``read``).

    >>> echo, hand = echo_read(" 123m456p789s11z ", None)
    >>> echo, str(hand) == str(read_hand("123m456p789s11z")[0])
    (('123m456p789s11z', 'mpsz'), True)
    """
    hand, name = read_hand(text, notation)
    return (text.strip(), name), hand


def result_object(id_: Any, result: ScoreResult) -> dict[str, Any]:
    """The output object of a scored line (an error object if it is not a win).

    Every rule set gives ``id``, ``total``, ``fans``, ``multiplier`` (null for MCR and
    other additive rule sets), ``total_without_flowers`` (what counts toward the
    minimum), ``meets_minimum`` (whether the hand has the fan a win needs: MCR's 8
    without flowers; true for a rule set without a minimum), its other members,
    ``wildcards`` when the hand held wild tiles (what each stood for), then
    ``"error": null``, always last.
    """
    if not result.is_win:
        return error_object(id_, NOT_A_WIN, result.reason or "not a winning hand")
    if is_mcr_result(result):
        return {
            "id": id_,
            "total": result.total,
            "fans": [e.to_dict() for e in result.fans],
            "multiplier": None,
            "total_without_flowers": result.total_without_flowers,
            "meets_minimum": result.meets_minimum,
            "error": None,
        }
    data = result.to_dict()
    out: dict[str, Any] = {
        "id": id_,
        "total": data.get("total", result.total),
        "fans": data.get("fans", []),
        "multiplier": data.get("multiplier"),
        "total_without_flowers": _int_or(result, "total_without_flowers", result.total),
        "meets_minimum": bool(getattr(result, "meets_minimum", True)),
    }
    out.update((k, v) for k, v in data.items() if k not in out and k != "error")
    wild = _wildcards(result)
    if wild is not None:
        out["wildcards"] = wild
    out["error"] = None
    return out


def _int_or(result: ScoreResult, name: str, default: int) -> int:
    value = getattr(result, name, default)
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def _wildcards(result: ScoreResult) -> dict[str, Any] | None:
    """What the wild tiles stood for (``details["wildcards"]`` of a rule set with
    them), as plain JSON; None when the result does not say."""
    details = getattr(result, "details", None)
    if not isinstance(details, Mapping):
        return None
    wild = details.get("wildcards")
    return dict(wild) if isinstance(wild, Mapping) and _jsonable(wild) else None


def score_line(obj: dict[str, Any]) -> dict[str, Any]:
    """Score one decoded input object and return its output object.  Never raises."""
    id_ = obj.get("id") if isinstance(obj, dict) else None
    if not isinstance(obj, dict):
        return error_object(None, BAD_JSON, f"a line must be a JSON object, not {kind_of(obj)}")
    try:
        result = score_request(parse_request(obj))
    except (LineError, FanshuError) as e:
        return error_object(id_, e.code, e.message)
    except Exception as e:  # a bug: report it on this line and go on with the others
        return internal_error(id_, e)
    return result_object(id_, result)


def _echo(
    out: dict[str, Any],
    echo: tuple[str, str] | None,
    hand: Any = None,
    read: Hand | None = None,
) -> None:
    """Put the echo in ``out``: the user's text, unless the scored hand is not the hand
    read (wild tiles replaced by what they stood for): then that hand, in the user's
    notation.  ``read``: the hand the text reads as, when the caller has it."""
    if echo is None:
        return
    text, notation = echo
    if isinstance(hand, Hand):
        if read is None:
            read = read_hand(text, notation)[0]
        if (read.concealed, read.melds, read.winning_tile) != (
            hand.concealed,
            hand.melds,
            hand.winning_tile,
        ):
            text = format_hand_as(hand, notation)
    out["hand"], out["notation"] = text, notation


def _jsonable(value: Any) -> bool:
    """Whether ``value`` is plain JSON: a rule set's ``details`` may also hold objects
    (the two-player game's MCR result), which the answer leaves out."""
    if value is None or isinstance(value, str | int | float | bool):
        return True
    if isinstance(value, list | tuple):
        return all(_jsonable(v) for v in value)
    if isinstance(value, Mapping):
        return all(isinstance(k, str) and _jsonable(v) for k, v in value.items())
    return False


def _fans_with_sets(result: McrResult) -> list[dict[str, Any]]:
    """The fans of an MCR win, each with the tile groups that formed it (``sets``): the
    ``fans`` of ``to_full_dict``."""
    return [
        {**e.to_dict(), "sets": [format_tiles(s, sort=False) for s in e.sets]} for e in result.fans
    ]


def _mcr_extras(result: McrResult) -> dict[str, Any]:
    """The display members of an MCR result: the fans with their ``sets``, the hand as
    fanshu writes it, the shape, the total without flowers, the minimum, the excluded
    (those of ``to_full_dict``, built alone)."""
    return {
        "fans": _fans_with_sets(result),
        "hand": str(result.hand),
        "shape": result.shape,
        "total_without_flowers": result.total_without_flowers,
        "meets_minimum": result.meets_minimum,
        "excluded": [x.to_dict() for x in result.excluded],
    }


def _mcr_object(
    id_: Any, result: McrResult, echo: tuple[str, str] | None, read: Hand | None
) -> dict[str, Any]:
    """:func:`score_object` of an MCR win, built in one go: the members of
    ``result_object`` and ``_mcr_extras`` in their order, the hand written out only
    when no echo replaces it."""
    out: dict[str, Any] = {
        "id": id_,
        "total": result.total,
        "fans": _fans_with_sets(result),
        "multiplier": None,
        "total_without_flowers": result.total_without_flowers,
        "meets_minimum": result.meets_minimum,
        "hand": str(result.hand) if echo is None else "",
        "shape": result.shape,
        "excluded": [x.to_dict() for x in result.excluded],
    }
    _echo(out, echo, result.hand, read)
    out["error"] = None
    return out


def score_object(
    id_: Any,
    result: ScoreResult,
    echo: tuple[str, str] | None = None,
    read: Hand | None = None,
) -> dict[str, Any]:
    """The result of a scored hand with the display extras (module text): the answer of
    ``POST /v1/score``.  ``echo`` (:func:`echo_of`) is the hand as the user wrote it and
    its notation: then ``hand`` is that text and ``notation`` its notation; without it
    ``hand`` is the fanshu notation of the hand.  ``read``: the hand the echo's text
    reads as (:func:`echo_read`), so that it is not read again."""
    hand = getattr(result, "hand", None)
    if not result.is_win:
        out = error_object(id_, NOT_A_WIN, result.reason or "not a winning hand")
        error = out.pop("error")
        out.update(total=0, fans=[], multiplier=None)
        if hand is not None:
            out["hand"] = str(hand)
        _echo(out, echo, hand, read)
        out["error"] = error
        return out
    if is_mcr_result(result):
        return _mcr_object(id_, result, echo, read)
    out = result_object(id_, result)
    error = out.pop("error")
    if hand is not None:
        out["hand"] = str(hand)
    _echo(out, echo, hand, read)
    capped = getattr(result, "capped", None)
    if capped is not None:
        out["capped"] = capped
    details = getattr(result, "details", None) or {}
    inner = details.get("mcr") if isinstance(details, Mapping) else None
    if is_mcr_result(inner) and inner.is_win:  # two-player: MCR fans
        extras = _mcr_extras(inner)
        out["fans"] = extras["fans"]
        out["excluded"] = extras["excluded"]
    if isinstance(details, Mapping):
        out["details"] = {k: v for k, v in details.items() if _jsonable(v)}
    out["error"] = error
    return out
