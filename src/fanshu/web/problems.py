"""Errors as RFC 9457 problem documents (``application/problem+json``).

Every error the service answers is one JSON object::

    {"type": "urn:fanshu:problem:bad_notation", "title": "Bad hand notation",
     "status": 422, "detail": "unknown suit 'x' at 2", "code": "bad_notation"}

``code`` and ``detail`` are the error code and message the command line gives for the
same input (``fanshu score --batch`` output, ``error: …`` on stderr); ``type`` is
``urn:fanshu:problem:`` followed by the code, ``title`` a short fixed text per code.
Some problems carry more members: ``legal_actions`` (an illegal game action), ``limit``
(a request over a limit), ``errors`` (the fields a request failed on).

The status follows from the code (:data:`STATUS`): bad JSON is 400, input that cannot
be scored or recorded 422 (``invalid_text``: a string that is not Unicode;
``out_of_range``: a number past its bound), an unknown resource 404, a request over a
limit 413, a request from another site 403 ``bad_origin``, to an unknown host 421
``bad_host``, not sent as JSON 415 ``json_only``, a body that stops arriving 408
``body_timeout``, too many requests 429 ``rate_limited`` (with ``Retry-After``), a write
to a read-only server 503 ``read_only``, a full disk 507 ``disk_full``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.responses import Response

from fanshu.errors import FanshuError

__all__ = [
    "MEDIA_TYPE",
    "STATUS",
    "TITLES",
    "Problem",
    "ProblemResponse",
    "install_handlers",
    "problem_body",
    "problem_schema",
    "render_json",
]

MEDIA_TYPE = "application/problem+json"
TYPE_PREFIX = "urn:fanshu:problem:"

#: A short title per code (RFC 9457 ``title``: the same for every occurrence).
TITLES: dict[str, str] = {
    "bad_json": "Body is not a JSON object",
    "bad_field": "Bad field",
    "bad_notation": "Bad hand notation",
    "invalid_hand": "Impossible hand",
    "bad_option": "Bad option or rule set",
    "invalid_input": "Invalid input",
    "not_a_win": "Not a winning hand",
    "bad_match": "Match or settlement refuses the request",
    "bad_settlement": "Settlement refuses the request",
    "store_error": "Database error",
    "not_found": "Not found",
    "method_not_allowed": "Method not allowed",
    "unsupported_media_type": "Unsupported media type",
    "too_large": "Request body too large",
    "too_many_items": "Too many items",
    "illegal_action": "Illegal action",
    "game_not_found": "No such game",
    "internal_error": "Internal error",
    "invalid_text": "Text that is not Unicode",
    "out_of_range": "Number out of range",
    "unauthorized": "Credentials needed",
    "forbidden": "Not allowed",
    "csrf": "CSRF token missing or wrong",
    "bad_origin": "Request from another site",
    "bad_host": "Unknown host",
    "json_only": "JSON only",
    "body_timeout": "Request body too slow",
    "rate_limited": "Too many requests",
    "read_only": "Read-only server",
    "disk_full": "Disk full",
}

#: The HTTP status of each code; codes not listed (a rule set's own) are 422.
STATUS: dict[str, int] = {
    "bad_json": 400,
    "unauthorized": 401,
    "forbidden": 403,
    "csrf": 403,
    "bad_origin": 403,
    "not_found": 404,
    "game_not_found": 404,
    "method_not_allowed": 405,
    "body_timeout": 408,
    "unsupported_media_type": 415,
    "json_only": 415,
    "bad_host": 421,
    "rate_limited": 429,
    "too_large": 413,
    "too_many_items": 413,
    "store_error": 503,
    "read_only": 503,
    "disk_full": 507,
    "internal_error": 500,
}


class Problem(Exception):
    """An error answered as a problem document.  ``status`` defaults from the code."""

    def __init__(
        self,
        code: str,
        detail: str,
        status: int | None = None,
        *,
        headers: Mapping[str, str] | None = None,
        **extra: Any,
    ) -> None:
        super().__init__(detail)
        self.code = code
        self.detail = detail
        self.status = status if status is not None else STATUS.get(code, 422)
        self.headers = dict(headers or {})
        self.extra = extra

    @classmethod
    def of(cls, error: FanshuError, status: int | None = None, **extra: Any) -> Problem:
        """The problem for a fanshu error: its code and message, as the CLI prints them."""
        return cls(error.code, error.message, status, **extra)


def problem_body(code: str, detail: str, status: int, **extra: Any) -> dict[str, Any]:
    """The problem document as a dict.

    >>> problem_body("too_large", "the body is over 1 MiB", 413)["type"]
    'urn:fanshu:problem:too_large'
    """
    return {
        "type": TYPE_PREFIX + code,
        "title": TITLES.get(code, code.replace("_", " ").capitalize()),
        "status": status,
        "detail": detail,
        "code": code,
        **extra,
    }


class ProblemResponse(Response):
    """A problem document response (``application/problem+json``, UTF-8 kept)."""

    media_type = MEDIA_TYPE

    def render(self, content: Any) -> bytes:
        return render_json(content)


def render_json(content: Any) -> bytes:
    """Compact JSON in UTF-8 with Chinese kept as is; a string that is not Unicode text
    (which no answer should hold: requests with one are refused) is written escaped
    rather than failing the answer."""
    try:
        return json.dumps(content, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    except UnicodeEncodeError:
        return json.dumps(content, separators=(",", ":")).encode("ascii")


def problem_response(problem: Problem) -> ProblemResponse:
    body = problem_body(problem.code, problem.detail, problem.status, **problem.extra)
    return ProblemResponse(body, status_code=problem.status, headers=problem.headers)


def problem_schema() -> dict[str, Any]:
    """The JSON Schema of a problem document, for the OpenAPI description."""
    return {
        "type": "object",
        "required": ["type", "title", "status", "detail", "code"],
        "properties": {
            "type": {"type": "string", "example": "urn:fanshu:problem:bad_notation"},
            "title": {"type": "string", "example": "Bad hand notation"},
            "status": {"type": "integer", "example": 422},
            "detail": {"type": "string", "example": "unknown suit 'x' at 2"},
            "code": {"type": "string", "example": "bad_notation"},
        },
        "additionalProperties": True,
    }


def problem_responses(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """The OpenAPI ``responses`` entries for problem documents of these statuses."""
    described = {
        400: "The body is not JSON (bad_json)",
        401: "Credentials needed (unauthorized)",
        408: "The body did not arrive in time (body_timeout)",
        421: "Not a host this server answers for (bad_host)",
        403: "Not allowed (forbidden, csrf, bad_origin)",
        404: "No such resource",
        409: "The resource is in the wrong state",
        413: "The body or the batch is over its limit (too_large, too_many_items)",
        415: "Not sent as Content-Type: application/json (json_only)",
        422: "The request cannot be honoured: see code and detail (bad_field, "
        "invalid_text, out_of_range …)",
        429: "Too many requests from this client (rate_limited): see Retry-After",
        503: "The database cannot be written (read_only) or used (store_error)",
        507: "The disk of the database is full (disk_full)",
    }
    return {
        s: {
            "description": described.get(s, "A problem"),
            "content": {MEDIA_TYPE: {"schema": problem_schema()}},
        }
        for s in statuses
    }


def _field_name(loc: Sequence[Any]) -> str:
    parts = [str(p) for p in loc if p not in ("body", "query", "path")]
    return ".".join(parts) or "body"


def _shown(value: Any) -> str:
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def validation_detail(errors: Sequence[Mapping[str, Any]]) -> tuple[str, list[dict[str, Any]]]:
    """A readable message for FastAPI's validation errors (the first one in full), and
    the errors as ``[{"field", "message"}]``."""
    out: list[dict[str, Any]] = []
    for e in errors:
        loc = e.get("loc", ())
        field = _field_name(loc)
        kind = e.get("type", "")
        msg = str(e.get("msg", "invalid"))
        if kind == "missing":
            message = f"missing {field!r}"
        elif kind == "extra_forbidden":
            message = f"unknown key {field!r}"
        elif kind == "json_invalid":
            message = f"not JSON: {e.get('ctx', {}).get('error', msg)}"
        else:
            message = f"{field}: {msg[0].lower() + msg[1:] if msg else msg}"
            if "input" in e and kind not in ("missing",):
                message += f", not {_shown(e['input'])}"
        out.append({"field": field, "message": message})
    if not out:
        return "the request is not valid", out
    return out[0]["message"], out


async def _on_problem(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, Problem)
    return problem_response(exc)


async def _on_fanshu_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, FanshuError)
    return problem_response(Problem.of(exc))


async def _on_validation(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, RequestValidationError)
    errors = list(exc.errors())
    if any(e.get("type") == "json_invalid" for e in errors):
        detail, _ = validation_detail([e for e in errors if e.get("type") == "json_invalid"])
        return problem_response(Problem("bad_json", detail))
    if any(
        _field_name(e.get("loc", ())) == "body"
        and e.get("type") in ("dict_type", "model_attributes_type")
        for e in errors
    ):
        body = next(e for e in errors if _field_name(e.get("loc", ())) == "body")
        given = body.get("input")
        if isinstance(given, bytes | str):  # not sent as JSON: FastAPI did not decode it
            detail = "the body must be a JSON object sent as Content-Type: application/json"
        else:
            detail = f"the body must be a JSON object, not {_shown(given)}"
        return problem_response(Problem("bad_json", detail))
    if any(tuple(e.get("loc", ())) == ("body",) and e.get("type") == "missing" for e in errors):
        return problem_response(Problem("bad_json", "the request needs a JSON object body"))
    detail, items = validation_detail(errors)
    # a number past its bound: out_of_range, as the wire format says it (the message
    # names the bound: "fan: input should be less than or equal to 1000, not 100000")
    code = "out_of_range" if errors and errors[0].get("type") in _RANGE_ERRORS else "bad_field"
    return problem_response(Problem(code, detail, errors=items))


#: pydantic's error types of a number past a bound.
_RANGE_ERRORS = frozenset({"greater_than", "greater_than_equal", "less_than", "less_than_equal"})


_HTTP_CODES = {
    404: ("not_found", "no such resource"),
    405: ("method_not_allowed", "method not allowed"),
    413: ("too_large", "the request body is too large"),
    415: ("unsupported_media_type", "unsupported media type"),
}


async def _on_http(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, StarletteHTTPException)
    code, default = _HTTP_CODES.get(exc.status_code, ("http_error", "request failed"))
    detail = exc.detail if isinstance(exc.detail, str) and exc.detail else default
    headers = dict(exc.headers or {})
    if exc.status_code == 404 and detail == "Not Found":
        detail = f"no such resource: {request.method} {request.url.path}"
    elif exc.status_code == 405:
        allowed = _allowed_methods(request)
        if allowed:
            headers["Allow"] = ", ".join(allowed)
        if detail == "Method Not Allowed":
            also = f" (allowed: {', '.join(allowed)})" if allowed else ""
            detail = f"{request.method} is not allowed on {request.url.path}{also}"
    return problem_response(Problem(code, detail, exc.status_code, headers=headers))


def _allowed_methods(request: Request) -> list[str]:
    """Every method the OpenAPI description lists for this path (Starlette's own 405
    names only the methods of the first route that matched the path)."""
    app = request.app
    patterns: list[tuple[re.Pattern[str], set[str]]] | None = getattr(
        app.state, "allowed_methods", None
    )
    if patterns is None:
        patterns = []
        for template, item in app.openapi().get("paths", {}).items():
            source = re.sub(r"\\\{[^/]+?\\\}", "[^/]+", re.escape(template))
            patterns.append((re.compile(f"^{source}$"), {m.upper() for m in item}))
        app.state.allowed_methods = patterns
    path = request.url.path
    matching = [(regex, listed) for regex, listed in patterns if regex.match(path)]
    # a path the description writes out (/v1/matches/import) is a resource of its own,
    # not an id of a templated one (/v1/matches/{match_id})
    exact = [listed for regex, listed in matching if regex.pattern == f"^{re.escape(path)}$"]
    methods: set[str] = set().union(*(exact or [listed for _, listed in matching]))
    return sorted(methods)


async def _on_unexpected(request: Request, exc: Exception) -> Response:
    # a bug in fanshu: say so as a problem, not a traceback
    message = f"{type(exc).__name__}: {exc}".rstrip(": ")
    return problem_response(Problem("internal_error", f"{message} (please report it)", 500))


def install_handlers(app: FastAPI) -> None:
    """Answer every error of ``app`` with a problem document."""
    app.add_exception_handler(Problem, _on_problem)
    app.add_exception_handler(FanshuError, _on_fanshu_error)
    app.add_exception_handler(RequestValidationError, _on_validation)
    app.add_exception_handler(StarletteHTTPException, _on_http)
    app.add_exception_handler(Exception, _on_unexpected)
