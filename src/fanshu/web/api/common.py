"""What the resource modules share: the limits, reading a JSON body, JSON responses,
and OpenAPI request bodies described by a pydantic model while the body itself is read
and checked by the wire format of :mod:`fanshu.protocol` (so that its error codes and
messages are those of the command line)."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any, Literal, TypeVar

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field
from starlette.responses import Response

from fanshu.i18n import msg
from fanshu.protocol.errors import kind_of
from fanshu.protocol.text import InvalidText, check_text
from fanshu.web.problems import Problem, problem_responses, render_json

__all__ = [
    "MAX_BATCH_ITEMS",
    "MAX_BODY_BYTES",
    "MAX_GAMES",
    "ExportedFile",
    "JsonResponse",
    "created_route",
    "json_body",
    "listed_route",
    "read_json",
    "request_body",
    "route_responses",
]

#: The largest request body accepted (bytes): larger ones are 413 ``too_large``.
MAX_BODY_BYTES = 1024 * 1024
#: The most hands one ``POST /v1/score/batch`` may hold: more is 413 ``too_many_items``.
MAX_BATCH_ITEMS = 1000
#: Games against bots kept in memory; the least recently used goes when a new one starts.
MAX_GAMES = 1000


class ExportedFile(BaseModel):
    """A file to import, as ``fanshu match|tournament export`` (or ``GET …/export``)
    wrote it."""

    model_config = ConfigDict(extra="forbid", strict=True, title="ExportedFile")

    format: Literal["json", "csv"] = Field(description="The file's format.")
    text: str = Field(description="The file's text.", max_length=MAX_BODY_BYTES)


class JsonResponse(Response):
    """A JSON response with Chinese kept as is (no ``\\u`` escapes), compact."""

    media_type = "application/json"

    def render(self, content: Any) -> bytes:
        return render_json(content)


def parse_json(raw: bytes) -> Any:
    """Decode a request body; ``bad_json`` (400) when it is not JSON."""
    if not raw.strip():
        raise Problem("bad_json", "the request needs a JSON body")
    try:
        return json.loads(raw)
    except UnicodeDecodeError as e:
        raise Problem("bad_json", f"not JSON: the body is not UTF-8 (byte {e.start})") from None
    except RecursionError:
        raise Problem("bad_json", "not JSON: nested too deeply") from None
    except ValueError as e:
        raise Problem("bad_json", f"not JSON: {e}") from None


async def read_json(request: Request) -> Any:
    """The request's JSON body (any JSON value)."""
    return parse_json(await request.body())


def json_body(value: Any) -> dict[str, Any]:
    """``value`` when it is a JSON object, else ``bad_json``."""
    if not isinstance(value, dict):
        raise Problem("bad_json", f"the body must be a JSON object, not {kind_of(value)}")
    return value


def known_body(value: Any, fields: Sequence[str], required: str) -> dict[str, Any]:
    """``value`` as a JSON object of text a request may carry (``check_text``), holding
    only keys of ``fields`` and ``required`` among them; else the ``Problem`` that says
    what is wrong (the first unknown key with the known ones, the missing field)."""
    body = json_body(value)
    try:
        check_text(body)
    except InvalidText as e:
        raise Problem(e.code, e.message) from None
    unknown = [k for k in body if k not in fields]
    if unknown:
        raise Problem(
            "bad_field",
            msg("unknown key {key!r}; known: {known}", key=unknown[0], known=", ".join(fields)),
        )
    if required not in body:
        raise Problem("bad_field", msg("missing {field!r}", field=required))
    return body


def _inline(schema: dict[str, Any]) -> dict[str, Any]:
    """A model's JSON Schema with its ``$defs`` inlined (openapi_extra has no components)."""
    defs = schema.pop("$defs", {})

    def walk(node: Any) -> Any:
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str) and ref.startswith("#/$defs/"):
                return walk(dict(defs[ref.rsplit("/", 1)[1]]))
            return {k: walk(v) for k, v in node.items()}
        if isinstance(node, list):
            return [walk(v) for v in node]
        return node

    return dict(walk(schema))


def request_body(model: type[BaseModel], *, example: Any = None) -> dict[str, Any]:
    """``openapi_extra`` declaring a required JSON body of ``model``'s schema."""
    media: dict[str, Any] = {"schema": _inline(model.model_json_schema())}
    if example is not None:
        media["example"] = example
    return {"requestBody": {"required": True, "content": {"application/json": media}}}


def ok_response(description: str, schema: dict[str, Any] | None = None) -> dict[str, Any]:
    """An OpenAPI 2xx response entry with a JSON body."""
    return {
        "description": description,
        "content": {"application/json": {"schema": schema or {"type": "object"}}},
    }


def route_responses(
    description: str, schema: dict[str, Any] | None, *problems: int
) -> dict[int | str, dict[str, Any]]:
    """The OpenAPI ``responses`` of a route: 200 with a JSON body (``description``,
    ``schema``) and the problem documents of the statuses ``problems``."""
    return {200: ok_response(description, schema), **problem_responses(*problems)}


_Endpoint = TypeVar("_Endpoint", bound=Callable[..., Any])


def created_route(
    router: APIRouter, path: str, summary: str, description: str, schema: dict[str, Any]
) -> Callable[[_Endpoint], _Endpoint]:
    """``POST path`` that creates a resource: 201 with the new object (``description``,
    ``schema``), or the problems of a body that cannot make one."""
    return router.post(
        path,
        status_code=201,
        summary=summary,
        response_class=JsonResponse,
        responses={201: ok_response(description, schema), **problem_responses(400, 413, 422)},
    )


def listed_route(
    router: APIRouter, path: str, summary: str, description: str
) -> Callable[[_Endpoint], _Endpoint]:
    """``GET path`` that lists a collection: 200 with an array (``description``)."""
    return router.get(
        path,
        summary=summary,
        response_class=JsonResponse,
        responses=route_responses(description, {"type": "array"}),
    )
