"""``/v1/access``: what the browser's kept tokens open, and sharing a match.

- ``POST /v1/access/resolve`` ``{"tokens": [...]}`` (at most 200): for each token that
  grants something, its index in the list, the kind and id of the object, the role and
  the object's list line (``summary``): how the browser lists "my matches and
  tournaments" from the tokens it keeps.  Tokens that grant nothing are left out.
- ``POST /v1/matches/{id}/share`` (edit) ``{"role": "view"|"edit", "label": "…"}``: a new
  token on the match (201 ``{"token", "link", "role", "label"}``).
"""

from __future__ import annotations

from typing import Any, Literal

from fastapi import APIRouter
from pydantic import BaseModel, ConfigDict, Field

from fanshu.store import Grant, Store, StoreError
from fanshu.store.access import MAX_LABEL
from fanshu.web.api.auth import EditMatch, share
from fanshu.web.api.common import JsonResponse, ok_response, route_responses
from fanshu.web.api.matches import MATCH_PATH, Db
from fanshu.web.problems import problem_responses

__all__ = ["MAX_RESOLVE", "ShareRequest", "router", "share_response_schema"]

router = APIRouter()  # tags per route: share_match is listed with the matches

#: The most tokens one ``POST /v1/access/resolve`` may carry.
MAX_RESOLVE = 200


class TokenList(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, title="TokenList")

    tokens: list[str] = Field(description="Share tokens the browser keeps.", max_length=MAX_RESOLVE)


class ShareRequest(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, title="ShareRequest")

    role: Literal["view", "edit"] = Field("view", description="What the new link allows.")
    label: str = Field(
        "", description="Who it is for (shown in the audit trail).", max_length=MAX_LABEL
    )


def share_response_schema() -> dict[str, Any]:
    """The OpenAPI schema of a share answer."""
    return {
        "type": "object",
        "required": ["token", "link", "role", "label"],
        "properties": {k: {"type": "string"} for k in ("token", "link", "role", "label")},
    }


def _summary(store: Store, grant: Grant) -> dict[str, Any] | None:
    """The list line of a grant's object; None when it is gone."""
    try:
        if grant.kind == "match":
            match = store.load_match(grant.object_id)
            return {
                "id": grant.object_id,
                "players": list(match.players),
                "hands_played": match.hands_played,
                "totals": match.totals(),
                "rules": match.rules,
            }
        t = store.load_tournament(grant.object_id).to_dict()
        return {"id": grant.object_id, "name": t.get("name"), "players": t.get("players")}
    except StoreError:
        return None


@router.post(
    "/access/resolve",
    tags=["access"],
    summary="What kept tokens open",
    response_class=JsonResponse,
    responses=route_responses(
        "One entry per token that grants something", {"type": "array"}, 400, 413, 422
    ),
)
def resolve(body: TokenList, db: Db) -> JsonResponse:
    """For each token of `tokens` that grants something: `token_index` (its place in the
    list), `kind`, `id`, `role` and `summary` (the object's list line).  Tokens that
    grant nothing, or whose object is gone, are left out; nothing says which."""
    out: list[dict[str, Any]] = []
    with db.open() as s:
        for i, token in enumerate(body.tokens):
            grant = s.grant_for(token)
            if grant is None:
                continue
            summary = _summary(s, grant)
            if summary is not None:
                out.append(
                    {
                        "token_index": i,
                        "kind": grant.kind,
                        "id": grant.object_id,
                        "role": grant.role,
                        "summary": summary,
                    }
                )
    return JsonResponse(out)


@router.post(
    f"{MATCH_PATH}/share",
    status_code=201,
    summary="Share a match",
    response_class=JsonResponse,
    tags=["matches"],
    responses={
        201: ok_response("The new token and its link (shown once)", share_response_schema()),
        **problem_responses(400, 401, 403, 404, 422),
    },
)
def share_match(match_id: str, body: ShareRequest, access: EditMatch) -> JsonResponse:
    """A new token on the match (`role` view or edit; `label`: who it is for, shown in
    the audit trail), with its link.  Needs edit."""
    with access.open() as s:
        return JsonResponse(share(s, "match", match_id, body.role, body.label), status_code=201)
