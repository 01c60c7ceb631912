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

**Languages** (docs/languages.md): ``title``, ``detail`` and the ``errors[].message`` items are
in the request's ``Accept-Language`` (``zh`` → 中文, anything else English); the answer
says which in ``Content-Language`` and carries ``Vary: Accept-Language``.  ``code`` and
``type`` never change with the language: clients branch on them, not on the text.
问题文档的 ``title``/``detail`` 按请求的 ``Accept-Language`` 用中文或英文；``code`` 不变。
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
from fanshu.i18n import DEFAULT_LANGUAGE, Language, language, msg, translate

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
    "request_language",
    "scope_language",
]

MEDIA_TYPE = "application/problem+json"
TYPE_PREFIX = "urn:fanshu:problem:"

#: A short title per code (RFC 9457 ``title``: the same for every occurrence).
TITLES: dict[str, str] = {
    "bad_json": msg("Body is not a JSON object"),
    "bad_field": msg("Bad field"),
    "bad_notation": msg("Bad hand notation"),
    "invalid_hand": msg("Impossible hand"),
    "bad_option": msg("Bad option or rule set"),
    "invalid_input": msg("Invalid input"),
    "not_a_win": msg("Not a winning hand"),
    "bad_match": msg("Match or settlement refuses the request"),
    "bad_settlement": msg("Settlement refuses the request"),
    "store_error": msg("Database error"),
    "not_found": msg("Not found"),
    "method_not_allowed": msg("Method not allowed"),
    "unsupported_media_type": msg("Unsupported media type"),
    "too_large": msg("Request body too large"),
    "too_many_items": msg("Too many items"),
    "illegal_action": msg("Illegal action"),
    "game_not_found": msg("No such game"),
    "bad_log": msg("Bad game log"),
    "replay_mismatch": msg("The log does not replay"),
    "internal_error": msg("Internal error"),
    "invalid_text": msg("Text that is not Unicode"),
    "out_of_range": msg("Number out of range"),
    "unauthorized": msg("Credentials needed"),
    "forbidden": msg("Not allowed"),
    "csrf": msg("CSRF token missing or wrong"),
    "bad_origin": msg("Request from another site"),
    "bad_host": msg("Unknown host"),
    "json_only": msg("JSON only"),
    "body_timeout": msg("Request body too slow"),
    "rate_limited": msg("Too many requests"),
    "read_only": msg("Read-only server"),
    "disk_full": msg("Disk full"),
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


def problem_body(
    code: str, detail: str, status: int, *, lang: str = DEFAULT_LANGUAGE, **extra: Any
) -> dict[str, Any]:
    """The problem document as a dict, its texts in ``lang``.

    >>> problem_body("too_large", "the body is over 1 MiB", 413)["type"]
    'urn:fanshu:problem:too_large'
    >>> problem_body("not_found", "no such resource", 404, lang="zh")["title"]
    '未找到'
    """
    if isinstance(extra.get("errors"), list):
        extra["errors"] = [_translated_item(e, lang) for e in extra["errors"]]
    return {
        "type": TYPE_PREFIX + code,
        "title": translate(TITLES.get(code, code.replace("_", " ").capitalize()), lang),
        "status": status,
        "detail": translate(detail, lang),
        "code": code,
        **extra,
    }


def _translated_item(item: Any, lang: str) -> Any:
    if isinstance(item, dict) and isinstance(item.get("message"), str):
        return {**item, "message": translate(item["message"], lang)}
    return item


def request_language(request: Request) -> Language:
    """The language a request asks for (``Accept-Language``; English without one)."""
    return language(request.headers.get("accept-language"))


def scope_language(scope: Mapping[str, Any]) -> Language:
    """:func:`request_language` for an ASGI middleware, from the raw ``scope`` headers."""
    for name, value in scope.get("headers", ()):
        if name.lower() == b"accept-language":
            return language(value.decode("latin-1"))
    return DEFAULT_LANGUAGE


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


def problem_response(problem: Problem, lang: str = DEFAULT_LANGUAGE) -> ProblemResponse:
    """The answer for ``problem`` in ``lang`` (a middleware passes
    ``scope_language(scope)``, a handler ``request_language(request)``)."""
    body = problem_body(problem.code, problem.detail, problem.status, lang=lang, **problem.extra)
    headers = {**problem.headers, "Content-Language": lang, "Vary": "Accept-Language"}
    return ProblemResponse(body, status_code=problem.status, headers=headers)


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
        said = str(e.get("msg", "invalid"))
        message: str
        if kind == "missing":
            message = msg("missing {field!r}", field=field)
        elif kind == "extra_forbidden":
            message = msg("unknown key {field!r}", field=field)
        elif kind == "json_invalid":
            message = msg("not JSON: {error}", error=e.get("ctx", {}).get("error", said))
        else:
            # pydantic's own words stay English: they are a value of the message
            said = said[0].lower() + said[1:] if said else said
            if "input" in e:
                message = msg(
                    "{field}: {error}, not {value}",
                    field=field,
                    error=said,
                    value=_shown(e["input"]),
                )
            else:
                message = msg("{field}: {error}", field=field, error=said)
        out.append({"field": field, "message": message})
    if not out:
        return msg("the request is not valid"), out
    return out[0]["message"], out


async def _on_problem(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, Problem)
    return problem_response(exc, request_language(request))


async def _on_fanshu_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, FanshuError)
    return problem_response(Problem.of(exc), request_language(request))


async def _on_validation(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, RequestValidationError)
    lang = request_language(request)
    errors = list(exc.errors())
    if any(e.get("type") == "json_invalid" for e in errors):
        detail, _ = validation_detail([e for e in errors if e.get("type") == "json_invalid"])
        return problem_response(Problem("bad_json", detail), lang)
    if any(
        _field_name(e.get("loc", ())) == "body"
        and e.get("type") in ("dict_type", "model_attributes_type")
        for e in errors
    ):
        body = next(e for e in errors if _field_name(e.get("loc", ())) == "body")
        given = body.get("input")
        if isinstance(given, bytes | str):  # not sent as JSON: FastAPI did not decode it
            detail = msg("the body must be a JSON object sent as Content-Type: application/json")
        else:
            detail = msg("the body must be a JSON object, not {value}", value=_shown(given))
        return problem_response(Problem("bad_json", detail), lang)
    if any(tuple(e.get("loc", ())) == ("body",) and e.get("type") == "missing" for e in errors):
        return problem_response(
            Problem("bad_json", msg("the request needs a JSON object body")), lang
        )
    detail, items = validation_detail(errors)
    # a number past its bound: out_of_range, as the wire format says it (the message
    # names the bound: "fan: input should be less than or equal to 1000, not 100000")
    code = "out_of_range" if errors and errors[0].get("type") in _RANGE_ERRORS else "bad_field"
    return problem_response(Problem(code, detail, errors=items), lang)


#: pydantic's error types of a number past a bound.
_RANGE_ERRORS = frozenset({"greater_than", "greater_than_equal", "less_than", "less_than_equal"})


_HTTP_CODES = {
    404: ("not_found", msg("no such resource")),
    405: ("method_not_allowed", msg("method not allowed")),
    413: ("too_large", msg("the request body is too large")),
    415: ("unsupported_media_type", msg("unsupported media type")),
}


async def _on_http(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, StarletteHTTPException)
    code, default = _HTTP_CODES.get(exc.status_code, ("http_error", msg("request failed")))
    detail: str = exc.detail if isinstance(exc.detail, str) and exc.detail else default
    headers = dict(exc.headers or {})
    if exc.status_code == 404 and detail == "Not Found":
        detail = msg(
            "no such resource: {method} {path}", method=request.method, path=request.url.path
        )
    elif exc.status_code == 405:
        allowed = _allowed_methods(request)
        if allowed:
            headers["Allow"] = ", ".join(allowed)
        if detail == "Method Not Allowed":
            where = {"method": request.method, "path": request.url.path}
            detail = (
                msg(
                    "{method} is not allowed on {path} (allowed: {allowed})",
                    allowed=", ".join(allowed),
                    **where,
                )
                if allowed
                else msg("{method} is not allowed on {path}", **where)
            )
    return problem_response(
        Problem(code, detail, exc.status_code, headers=headers), request_language(request)
    )


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
    detail = msg("{error} (please report it)", error=message)
    return problem_response(Problem("internal_error", detail, 500), request_language(request))


def install_handlers(app: FastAPI) -> None:
    """Answer every error of ``app`` with a problem document."""
    app.add_exception_handler(Problem, _on_problem)
    app.add_exception_handler(FanshuError, _on_fanshu_error)
    app.add_exception_handler(RequestValidationError, _on_validation)
    app.add_exception_handler(StarletteHTTPException, _on_http)
    app.add_exception_handler(Exception, _on_unexpected)
