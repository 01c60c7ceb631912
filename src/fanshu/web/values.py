"""Request bodies holding a string that is not Unicode text (422 ``invalid_text``) or an
integer past :data:`~fanshu.protocol.bounds.MAX_INTEGER` (422 ``out_of_range``), naming
the field, for every route at once, before any route reads the body.  (The bounds of
each field are the routes'; this one keeps every integer a browser can hold, and the
database too.)

A JSON body that is UTF-8 can hold a string that is not text only through a ``\\u``
escape of a lone surrogate (``{"hand": "\\ud800"}``), which would pass every type check
and fail much later, where the string is written (the answer, the database).  So a
body is decoded here only when its bytes hold such an escape, which costs nothing on
the bodies of every day.

On a batch route (``/v1/score/batch``, ``/v1/analyze/batch``) each item's text is left
to the batch, which answers a bad item with its own error object and every other item
as usual; the rest of a batch body is checked here.
"""

from __future__ import annotations

import json
import re
from collections.abc import Collection
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from fanshu.i18n import msg
from fanshu.protocol.bounds import MAX_INTEGER
from fanshu.protocol.text import InvalidText, check_text
from fanshu.web.problems import Problem, problem_response, scope_language

__all__ = ["BATCH_PATHS", "BodyValues", "body_problem"]

#: The routes whose ``items`` are checked one by one by the batch itself.
BATCH_PATHS = frozenset({"/v1/score/batch", "/v1/analyze/batch"})

#: A ``\\u`` escape of a surrogate (D800-DFFF); a pair that makes one character is
#: fine, but seeing one is the only way a UTF-8 body can hold a lone one.
_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")
#: As many digits as MAX_INTEGER has, or more.
_LONG_NUMBER = re.compile(rb"[0-9]{%d,}" % len(str(MAX_INTEGER)))


def _too_big(value: Any, path: str) -> tuple[str, int] | None:
    """(field, value) of the first integer in ``value`` past MAX_INTEGER in size."""
    if isinstance(value, int) and not isinstance(value, bool):
        return (path or "body", value) if abs(value) > MAX_INTEGER else None
    if isinstance(value, dict):
        for key, item in value.items():
            found = _too_big(item, f"{path}.{key}" if path else str(key))
            if found is not None:
                return found
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found = _too_big(item, f"{path}[{i}]")
            if found is not None:
                return found
    return None


def body_problem(body: bytes, *, per_item: bool = False) -> Problem | None:
    """The ``invalid_text`` or ``out_of_range`` problem of a JSON body (module text), or
    None (also for a body that is not JSON: the route says so).  ``per_item``: the text
    of the elements of a top-level ``items`` array is not looked at."""
    odd_text = _SURROGATE_ESCAPE.search(body) is not None
    if not odd_text and _LONG_NUMBER.search(body) is None:
        return None
    try:
        value: Any = json.loads(body)
    except (ValueError, RecursionError):
        return None
    big = _too_big(value, "")
    if big is not None:
        digits = len(str(abs(big[1])))
        return Problem(
            "out_of_range",
            msg(
                "{field} must be at most {limit} in size, not a number of {digits} digits",
                field=big[0],
                limit=MAX_INTEGER,
                digits=digits,
            ),
            field=big[0],
            limit=MAX_INTEGER,
        )
    if not odd_text:
        return None
    if per_item and isinstance(value, dict) and isinstance(value.get("items"), list):
        value = {**value, "items": []}
    try:
        check_text(value)
    except InvalidText as e:
        return Problem("invalid_text", e.message, field=e.field)
    return None


class BodyValues:
    """ASGI middleware: 422 ``invalid_text`` or ``out_of_range`` for a JSON body with a
    string that is not Unicode text or an integer too big for anyone (module text).  It
    reads the body whole, so it sits inside the body limit, which has already read it."""

    def __init__(self, app: ASGIApp, batch_paths: Collection[str] = BATCH_PATHS) -> None:
        self.app = app
        self.batch_paths = batch_paths

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope.get("method") in ("GET", "HEAD", "OPTIONS"):
            await self.app(scope, receive, send)
            return
        messages: list[Message] = []
        chunks: list[bytes] = []
        while True:
            message = await receive()
            messages.append(message)
            if message["type"] != "http.request":
                break
            chunks.append(message.get("body", b""))
            if not message.get("more_body", False):
                break
        problem = body_problem(b"".join(chunks), per_item=scope.get("path", "") in self.batch_paths)
        if problem is not None:
            await problem_response(problem, scope_language(scope))(scope, receive, send)
            return
        pending = messages

        async def replayed() -> Message:
            if pending:
                return pending.pop(0)
            return await receive()

        await self.app(scope, replayed, send)
