"""Request bodies whose strings are not Unicode text: 422 ``invalid_text`` naming the
field, for every route at once, before any route reads the body.

A JSON body that is UTF-8 can hold a string that is not text only through a ``\\u``
escape of a lone surrogate (``{"hand": "\\ud800"}``), which would pass every type check
and fail much later, where the string is written (the answer, the database).  So a
body is decoded here only when its bytes hold such an escape, which costs nothing on
the bodies of every day.

On a batch route (``/v1/score/batch``, ``/v1/analyze/batch``) each item is left to
the batch, which answers a bad item with its own error object and every other item
as usual; the rest of a batch body is checked here.
"""

from __future__ import annotations

import json
import re
from collections.abc import Collection
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from fanshu.protocol.text import InvalidText, check_text
from fanshu.web.problems import Problem, problem_response

__all__ = ["BATCH_PATHS", "TextCheck", "body_text_problem"]

#: The routes whose ``items`` are checked one by one by the batch itself.
BATCH_PATHS = frozenset({"/v1/score/batch", "/v1/analyze/batch"})

#: A ``\\u`` escape of a surrogate (D800-DFFF); a pair that makes one character is
#: fine, but seeing one is the only way a UTF-8 body can hold a lone one.
_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")


def body_text_problem(body: bytes, *, per_item: bool = False) -> Problem | None:
    """The ``invalid_text`` problem of a JSON body with a string that is not text, or
    None (also for a body that is not JSON: the route says so).  ``per_item``: the
    elements of a top-level ``items`` array are not looked at."""
    if not _SURROGATE_ESCAPE.search(body):
        return None
    try:
        value: Any = json.loads(body)
    except (ValueError, RecursionError):
        return None
    if per_item and isinstance(value, dict) and isinstance(value.get("items"), list):
        value = {**value, "items": []}
    try:
        check_text(value)
    except InvalidText as e:
        return Problem("invalid_text", e.message, field=e.field)
    return None


class TextCheck:
    """ASGI middleware: 422 ``invalid_text`` for a JSON body with a string that is not
    Unicode text (module text).  It reads the body whole, so it sits inside the body
    limit, which has already read it."""

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
        problem = body_text_problem(
            b"".join(chunks), per_item=scope.get("path", "") in self.batch_paths
        )
        if problem is not None:
            await problem_response(problem)(scope, receive, send)
            return
        pending = messages

        async def replayed() -> Message:
            if pending:
                return pending.pop(0)
            return await receive()

        await self.app(scope, replayed, send)
