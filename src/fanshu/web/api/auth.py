"""Who is calling and what they may do: the FastAPI dependencies the match and
tournament routes declare.

A caller brings one of two credentials:

- ``Authorization: Bearer <token>``, a share token (a grant: edit or view on one match
  or tournament; a tournament's grant covers its table matches);
- in club mode (``create_app(accounts=True)``), the ``fanshu_session`` cookie of a
  logged-in account: an organiser may do everything, a player what it created.  A
  write authenticated by the cookie must send ``X-CSRF-Token`` (the session's CSRF
  token), or it is refused with 403 ``csrf``: a cross-site form can send the cookie but
  cannot read the token.  A bearer request is not a cross-site form (a browser adds no
  ``Authorization`` header on its own), so it needs none; when both are sent, only the
  bearer token counts.

Routes use :func:`require` (rights on the object of the path), :func:`creator`
(who creates a match or tournament), :func:`issue_access` (the tokens of the 201) and
:func:`visible` (what a list shows).  Answers: no credentials → 401 ``unauthorized``
with ``WWW-Authenticate: Bearer``; credentials that do not grant the request → 403
``forbidden``, whether or not the id exists (ids do not leak); granted but gone → 404.

Usage (a route below ``/matches/{match_id}``)::

    @router.post("/matches/{match_id}/undo")
    def undo(match_id: str, access: EditMatch) -> JsonResponse:
        with access.open() as s:       # the store, acting as the caller (audit trail)
            s.undo(match_id)
"""

from __future__ import annotations

import hmac
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from fastapi import Depends, Request

from fanshu.i18n import Message, msg
from fanshu.store import Account, Grant, LoginSession, Store
from fanshu.store.access import share_link
from fanshu.store.interface import GrantRole, ObjectKind
from fanshu.web.api.db import Database
from fanshu.web.problems import Problem

__all__ = [
    "ACCESS_SCHEMA",
    "CSRF_HEADER",
    "EVENTS_SCHEMA",
    "OWNER_LABEL",
    "SESSION_COOKIE",
    "VIEWER_LABEL",
    "Access",
    "Caller",
    "CallerDep",
    "EditMatch",
    "EditTournament",
    "MatchCreator",
    "TournamentCreator",
    "ViewMatch",
    "ViewTournament",
    "accounts_enabled",
    "caller",
    "check",
    "creation_actor",
    "creator",
    "forbidden",
    "issue_access",
    "link",
    "require",
    "share",
    "unauthorized",
    "visible",
    "with_access",
]

#: The club-mode log-in cookie (HttpOnly, SameSite=Strict, Path=/).
SESSION_COOKIE = "fanshu_session"
#: The header a cookie-authenticated write carries its CSRF token in.
CSRF_HEADER = "X-CSRF-Token"
_SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
_RANK: dict[str | None, int] = {None: 0, "view": 1, "edit": 2}
#: The path parameter that names the object, per kind.
_PATH_PARAM: dict[ObjectKind, str] = {"match": "match_id", "tournament": "tid"}
#: Labels of the two grants made with a new match or tournament.
OWNER_LABEL = "owner"
VIEWER_LABEL = "viewer"


def accounts_enabled(request: Request) -> bool:
    """Whether the app runs in club mode (``fanshu serve --accounts``)."""
    return bool(getattr(request.app.state, "accounts", False))


def _database(request: Request) -> Database:
    db: Database = request.app.state.db
    return db


@dataclass(frozen=True, slots=True)
class Caller:
    """Who a request comes from: a share token's grant, a logged-in account, or nobody
    (``grant`` and ``session`` both None).  ``token`` is the bearer token as sent (it may
    grant nothing)."""

    db: Database
    token: str | None = None
    grant: Grant | None = None
    session: LoginSession | None = None

    @property
    def account(self) -> Account | None:
        return None if self.session is None else self.session.account

    @property
    def is_organiser(self) -> bool:
        return self.account is not None and self.account.role == "organiser"

    @property
    def has_credentials(self) -> bool:
        """Whether the request brought a bearer token or a live session cookie."""
        return self.token is not None or self.session is not None

    @property
    def actor(self) -> str:
        """Who the audit trail says made a change: ``account:<name>``,
        ``token:<label>`` (the grant's label, else the start of its digest), or
        ``anonymous``."""
        if self.account is not None:
            return f"account:{self.account.name}"
        if self.grant is not None:
            return f"token:{self.grant.label or self.grant.token_hash[:8]}"
        return "anonymous"

    @contextmanager
    def open(self, actor: str | None = None) -> Iterator[Store]:
        """The request's store, its changes made as this caller (or ``actor``)."""
        with self.db.open() as store, store.acting_as(actor or self.actor):
            yield store

    def role_on(self, store: Store, kind: ObjectKind, object_id: str) -> GrantRole | None:
        """The best right this caller has on ``object_id``: ``edit``, ``view`` or None."""
        best: GrantRole | None = None
        tournament = store.tournament_of_match(object_id) if kind == "match" else None
        g = self.grant
        if g is not None:
            on_it = g.kind == kind and g.object_id == object_id
            on_its_tournament = tournament is not None and (g.kind, g.object_id) == (
                "tournament",
                tournament,
            )
            if on_it or on_its_tournament:  # a tournament's grant covers its tables
                best = g.role
        account = self.account
        if account is not None and best != "edit":
            if account.role == "organiser":
                return "edit"
            owned = store.owned(account)
            if (kind, object_id) in owned or (
                tournament is not None and ("tournament", tournament) in owned
            ):
                return "edit"
        return best


def _bearer(request: Request) -> str | None:
    header = request.headers.get("authorization")
    if header is None:
        return None
    scheme, _, token = header.strip().partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Problem(
            "unauthorized",
            msg("the Authorization header must be 'Bearer <token>' (a share token)"),
            401,
            headers={"WWW-Authenticate": "Bearer"},
        )
    return token.strip()


def _credentials(request: Request) -> tuple[str | None, str | None]:
    """The bearer token, else (club mode) the session cookie, as sent."""
    token = _bearer(request)
    if token is not None:
        return token, None
    cookie = request.cookies.get(SESSION_COOKIE) if accounts_enabled(request) else None
    return None, cookie or None


def _identify(request: Request, store: Store, token: str | None, cookie: str | None) -> Caller:
    """Who ``token`` or ``cookie`` stand for, looked up in ``store``; a state-changing
    request made with the cookie must carry the session's CSRF token."""
    db = _database(request)
    if token is not None:
        return Caller(db, token=token, grant=store.grant_for(token))
    session = None if cookie is None else store.session_for(cookie)
    if session is None:
        return Caller(db)
    if request.method not in _SAFE_METHODS:
        sent = request.headers.get(CSRF_HEADER, "")
        if not hmac.compare_digest(sent.encode("utf-8", "replace"), session.csrf.encode()):
            raise Problem(
                "csrf",
                msg(
                    "a change made with the session cookie needs the header {header} "
                    "(the csrf of POST /v1/session or GET /v1/session)",
                    header=CSRF_HEADER,
                ),
                403,
            )
    return Caller(db, session=session)


def caller(request: Request) -> Caller:
    """The dependency "who is calling": the bearer token's grant, else (club mode) the
    session cookie's account, else nobody.  A state-changing request authenticated by
    the cookie without the session's ``X-CSRF-Token`` is refused here (403 ``csrf``)."""
    token, cookie = _credentials(request)
    if token is None and cookie is None:
        return Caller(_database(request))
    with _database(request).open() as store:
        return _identify(request, store, token, cookie)


CallerDep = Annotated[Caller, Depends(caller)]


def unauthorized() -> Problem:
    """401: the request brought no credentials."""
    return Problem(
        "unauthorized",
        msg(
            "this needs a share token (Authorization: Bearer <token>) or, on a club server, "
            "a log-in"
        ),
        401,
        headers={"WWW-Authenticate": "Bearer"},
    )


def forbidden(kind: ObjectKind, role: GrantRole) -> Problem:
    """403: the credentials do not give ``role`` on the object (existing or not)."""
    return Problem("forbidden", _FORBIDDEN[kind, role], 403)


#: The 403's detail per object kind and role needed (whole sentences, for translation).
_FORBIDDEN: dict[tuple[ObjectKind, GrantRole], Message] = {
    ("match", "edit"): msg("these credentials do not let you change this match (edit needed)"),
    ("match", "view"): msg("these credentials do not let you see this match (view needed)"),
    ("tournament", "edit"): msg(
        "these credentials do not let you change this tournament (edit needed)"
    ),
    ("tournament", "view"): msg(
        "these credentials do not let you see this tournament (view needed)"
    ),
}

#: The club server's 401 to a creation without a log-in, per object kind.
_LOG_IN_TO_CREATE: dict[ObjectKind, Message] = {
    "match": msg("on this club server, log in (POST /v1/session) to create a match"),
    "tournament": msg("on this club server, log in (POST /v1/session) to create a tournament"),
}


@dataclass(frozen=True, slots=True)
class Access:
    """A granted request on one object: who (``caller``), on what (``kind``,
    ``object_id``) and the right it has there (``role``, at least the one required)."""

    caller: Caller
    kind: ObjectKind
    object_id: str
    role: GrantRole

    @contextmanager
    def open(self) -> Iterator[Store]:
        """The request's store, its changes written as the caller's (the audit trail)."""
        with self.caller.open() as store:
            yield store


def check(store: Store, who: Caller, kind: ObjectKind, object_id: str, role: GrantRole) -> Access:
    """``who``'s access to ``object_id`` when it has ``role`` there, else 401/403."""
    if not who.has_credentials:
        raise unauthorized()
    granted = who.role_on(store, kind, object_id)
    if _RANK[granted] < _RANK[role]:
        raise forbidden(kind, role)
    assert granted is not None  # ranked above None
    return Access(who, kind, object_id, granted)


def require(
    kind: ObjectKind, role: GrantRole, param: str | None = None
) -> Callable[[Request], Access]:
    """A dependency: the caller needs ``role`` (``view``: read; ``edit``: change) on the
    ``kind`` named by path parameter ``param`` (default ``match_id`` for a match,
    ``tid`` for a tournament)."""
    name = param or _PATH_PARAM[kind]

    def dependency(request: Request) -> Access:
        object_id = request.path_params.get(name)
        if not isinstance(object_id, str):
            raise RuntimeError(f"the route has no path parameter {name!r}")
        token, cookie = _credentials(request)
        if token is None and cookie is None:
            raise unauthorized()  # before opening the database
        with _database(request).open() as store:  # who and what they may: one opening
            return check(store, _identify(request, store, token, cookie), kind, object_id, role)

    dependency.__name__ = f"require_{role}_{kind}"
    return dependency


ViewMatch = Annotated[Access, Depends(require("match", "view"))]
EditMatch = Annotated[Access, Depends(require("match", "edit"))]
ViewTournament = Annotated[Access, Depends(require("tournament", "view"))]
EditTournament = Annotated[Access, Depends(require("tournament", "edit"))]


def creator(kind: ObjectKind) -> Callable[[Request, Caller], Caller]:
    """A dependency for ``POST /matches`` and ``POST /tournaments``: in club mode a match
    needs a logged-in account and a tournament an organiser (401 / 403); otherwise
    anyone may create (and gets the tokens)."""

    def dependency(request: Request, who: CallerDep) -> Caller:
        if not accounts_enabled(request):
            return who
        if who.account is None:
            raise Problem(
                "unauthorized",
                _LOG_IN_TO_CREATE[kind],
                401,
                headers={"WWW-Authenticate": "Bearer"},
            )
        if kind == "tournament" and not who.is_organiser:
            raise Problem("forbidden", msg("only an organiser may create a tournament"), 403)
        return who

    dependency.__name__ = f"create_{kind}"
    return dependency


#: Who creates a match / a tournament (:func:`creator`).
MatchCreator = Annotated[Caller, Depends(creator("match"))]
TournamentCreator = Annotated[Caller, Depends(creator("tournament"))]


def link(kind: ObjectKind, object_id: str, token: str) -> str:
    """The browser app's link to an object with a key, relative to the server root (the
    key rides in the fragment: never sent to a server, nor in a Referer)."""
    return share_link(kind, object_id, token)


def issue_access(store: Store, who: Caller, kind: ObjectKind, object_id: str) -> dict[str, str]:
    """The ``access`` member of a 201: a new edit and a new view token on the object just
    created (shown this once), and the creating account marked as its owner."""
    if who.account is not None:
        store.own(who.account, kind, object_id)
    edit = store.grant(kind, object_id, "edit", label=OWNER_LABEL)
    view = store.grant(kind, object_id, "view", label=VIEWER_LABEL)
    return {
        "edit_token": edit,
        "view_token": view,
        "edit_link": link(kind, object_id, edit),
        "view_link": link(kind, object_id, view),
    }


#: The JSON schema of an audit trail (``GET …/events`` of a match or a tournament).
EVENTS_SCHEMA: dict[str, Any] = {
    "type": "array",
    "items": {
        "type": "object",
        "required": ["at", "actor", "action", "detail"],
        "properties": {
            "at": {"type": "string"},
            "actor": {"type": "string"},
            "action": {"type": "string"},
            "detail": {"type": "object"},
        },
    },
}

#: The JSON schema of :func:`issue_access`'s answer.
ACCESS_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["edit_token", "view_token", "edit_link", "view_link"],
    "properties": {
        k: {"type": "string"} for k in ("edit_token", "view_token", "edit_link", "view_link")
    },
}


def with_access(schema: dict[str, Any]) -> dict[str, Any]:
    """The schema of a 201 that creates an object: ``schema`` and its ``access``."""
    return {
        **schema,
        "required": [*schema["required"], "access"],
        "properties": {**schema["properties"], "access": ACCESS_SCHEMA},
    }


def creation_actor(who: Caller) -> str:
    """Who a creation is by: the account, else the owner token about to be issued."""
    return who.actor if who.account is not None else f"token:{OWNER_LABEL}"


def share(
    store: Store, kind: ObjectKind, object_id: str, role: GrantRole, label: str = ""
) -> dict[str, Any]:
    """A new grant on the object, as ``POST …/share`` answers it (201):
    ``{"token", "link", "role", "label"}``."""
    label = label or f"{role} link"
    token = store.grant(kind, object_id, role, label=label)
    return {"token": token, "link": link(kind, object_id, token), "role": role, "label": label}


def visible(store: Store, who: Caller, kind: ObjectKind) -> set[str] | Literal["all"]:
    """What a list shows the caller: ``"all"`` for an organiser, else the ids of the
    bearer token's object or the account's own (nobody: none)."""
    if who.grant is not None:
        return {who.grant.object_id} if who.grant.kind == kind else set()
    if who.token is not None:
        return set()
    if who.account is None:
        return set()
    if who.is_organiser:
        return "all"
    return {object_id for k, object_id in store.owned(who.account) if k == kind}
