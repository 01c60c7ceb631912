"""The error object of the wire format, shared by every front end.

A request that cannot be answered gives, in place of its result::

    {"id": 7, "error": {"code": "bad_field", "message": "self_drawn must be true or false"}}

The codes are those of :class:`fanshu.errors.FanshuError` (``bad_notation``,
``invalid_hand``, ``bad_option`` …) and the ones the wire format adds (:data:`CODES`):
``bad_json`` (not JSON, or not a JSON object), ``bad_field`` (a missing, unknown or
mistyped key), ``invalid_text`` (a string that is not Unicode text:
:mod:`fanshu.protocol.text`), ``out_of_range`` (a number past its bound:
:mod:`fanshu.protocol.bounds`), ``not_a_win`` (a legal hand that is not complete) and
``internal_error`` (a bug in fanshu).  The command line writes them on the line; the
HTTP service answers them as problem documents with the same ``code`` and ``message``
(``detail``).

>>> error_object(1, "bad_field", "missing 'hand'")
{'id': 1, 'error': {'code': 'bad_field', 'message': "missing 'hand'"}}
>>> kind_of([1]), kind_of(None), shown("x" * 50)
('an array', 'null', '"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...')
"""

from __future__ import annotations

import json
from typing import Any

from fanshu.protocol.text import INVALID_TEXT, scrubbed

__all__ = [
    "BAD_FIELD",
    "BAD_JSON",
    "CODES",
    "INTERNAL_ERROR",
    "INVALID_TEXT",
    "NOT_A_WIN",
    "OUT_OF_RANGE",
    "LineError",
    "error_object",
    "internal_error",
    "kind_of",
    "shown",
]

#: Not JSON, or not a JSON object.
BAD_JSON = "bad_json"
#: A missing, unknown or mistyped key.
BAD_FIELD = "bad_field"
#: A number past its documented bound.
OUT_OF_RANGE = "out_of_range"
#: A legal hand that is not complete.
NOT_A_WIN = "not_a_win"
#: A bug in fanshu, reported on its line so that the other lines go on.
INTERNAL_ERROR = "internal_error"
#: The codes the wire format adds to those of ``FanshuError``.
CODES = (BAD_JSON, BAD_FIELD, INVALID_TEXT, OUT_OF_RANGE, NOT_A_WIN, INTERNAL_ERROR)


class LineError(Exception):
    """A request that cannot be answered, with its error code."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def error_object(id_: Any, code: str, message: str) -> dict[str, Any]:
    """The output object of a request that could not be answered (its ``id`` echoed with
    any lone surrogate replaced, so that the line can be written)."""
    return {"id": scrubbed(id_), "error": {"code": code, "message": message}}


def internal_error(id_: Any, error: Exception) -> dict[str, Any]:
    """The error object of a bug met while answering one request."""
    return error_object(id_, INTERNAL_ERROR, f"{type(error).__name__}: {error}".rstrip(": "))


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


def shown(value: object) -> str:
    """A JSON value as the user wrote it, shortened (for messages)."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
