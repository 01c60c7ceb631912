"""The analyze request and result: shanten, useful tiles, waits or discards of one hand.

The request is a JSON object (an input line of ``fanshu analyze --batch``, the body of
``POST /v1/analyze``)::

    {"id": 7, "hand": "123m456p789s1122s", "visible": "1s1s"}

Keys: ``id`` (echoed back, default null), ``hand`` (required: 13 or 14 tiles, a kong
counting as 3, melds in brackets first), ``visible`` (optional tile string: discards and
other players' melds seen on the table), and, for scoring the waits, ``seat_wind``,
``prevalent_wind`` (``"E"`` … ``"N"``), ``flowers`` and ``options`` as in ``score``.
Any other key is an error.

The result (an output line of the batch, the answer over HTTP): ``id``, then
``Analysis.to_dict()`` (``shanten``, ``shanten_by_shape``; for 13 tiles ``useful``,
``useful_count``, ``waits``; for 14 tiles ``discards``), then ``"error": null``; or the
error object (:mod:`fanshu.protocol.errors`) with the codes of the score request
(``bad_json``, ``bad_field``, ``bad_notation``, ``invalid_hand``, ``bad_option``,
``internal_error``).

>>> out = analyze_line({"id": 1, "hand": "1112345678999m"})
>>> out["shanten"], out["useful"], len(out["waits"]), out["error"]
(0, '123456789m', 9, None)
>>> analyze_line({"id": 2, "hand": "123m", "visible": 5})["error"]["code"]
'bad_field'
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from fanshu.analysis.advice import Analysis, analyze
from fanshu.errors import FanshuError
from fanshu.hand import WinContext
from fanshu.notation.fanshu import parse_hand
from fanshu.protocol.errors import (
    BAD_FIELD,
    BAD_JSON,
    LineError,
    error_object,
    internal_error,
    kind_of,
    shown,
)
from fanshu.protocol.lines import run_batch
from fanshu.protocol.score import checked_text, parse_request
from fanshu.rules.mcr.options import McrOptions

__all__ = [
    "ANALYZE_FIELDS",
    "AnalyzeRequest",
    "analysis_object",
    "analyze_line",
    "analyze_request",
    "parse_analyze_request",
    "run_analyze_batch",
]

#: Every key an input line may have.
ANALYZE_FIELDS = ("id", "hand", "visible", "seat_wind", "prevalent_wind", "flowers", "options")


@dataclass(frozen=True, slots=True)
class AnalyzeRequest:
    """A validated input line: the arguments of ``analyze``."""

    hand: str
    visible: str
    context: WinContext
    options: McrOptions | None


def parse_analyze_request(obj: dict[str, Any]) -> AnalyzeRequest:
    """Check an input object's keys and types; raise ``LineError`` for anything wrong."""
    checked_text(obj)
    unknown = [k for k in obj if k not in ANALYZE_FIELDS]
    if unknown:
        raise LineError(
            BAD_FIELD, f"unknown key {unknown[0]!r}; known: {', '.join(ANALYZE_FIELDS)}"
        )
    visible = obj.get("visible", "")
    if visible is None:
        visible = ""
    if not isinstance(visible, str):
        raise LineError(BAD_FIELD, f"visible must be a tile string, not {shown(visible)}")
    # hand, winds, flowers and options are checked exactly as ``score`` checks them
    req = parse_request({k: v for k, v in obj.items() if k != "visible"})
    ctx = WinContext(
        seat_wind=req.seat_wind, prevalent_wind=req.prevalent_wind, flowers=req.flowers
    )
    return AnalyzeRequest(req.hand, visible, ctx, req.options)


def analyze_request(req: AnalyzeRequest) -> Analysis:
    """Analyse a validated request; raises ``FanshuError`` for a hand that cannot be."""
    hand = parse_hand(req.hand, req.context)
    return analyze(hand, req.visible, context=req.context, options=req.options)


def analysis_object(id_: Any, analysis: Analysis) -> dict[str, Any]:
    """The output object of an analysed line."""
    return {"id": id_, **analysis.to_dict(), "error": None}


def analyze_line(obj: Any) -> dict[str, Any]:
    """Analyse one decoded input object and return its output object.  Never raises."""
    if not isinstance(obj, dict):
        return error_object(None, BAD_JSON, f"a line must be a JSON object, not {kind_of(obj)}")
    id_ = obj.get("id")
    try:
        result = analyze_request(parse_analyze_request(obj))
    except (LineError, FanshuError) as e:
        return error_object(id_, e.code, e.message)
    except Exception as e:  # a bug: report it on this line and go on with the others
        return internal_error(id_, e)
    return analysis_object(id_, result)


def run_analyze_batch(lines: Iterable[str]) -> Iterator[str]:
    """Analyse JSON Lines: one output line per non-empty input line, in order."""
    return run_batch(lines, analyze_line)
