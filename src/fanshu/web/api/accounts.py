"""Club mode (``fanshu serve --accounts``): logging in and the accounts.

- ``POST /v1/session`` ``{"name", "password"}`` → 200 ``{"name", "role", "csrf"}`` and the
  ``fanshu_session`` cookie (HttpOnly, SameSite=Strict, Path=/, Secure over https; 14
  days).  Every write made with the cookie sends ``X-CSRF-Token: <csrf>``.
- ``GET /v1/session`` → who is logged in (and the csrf token again, for a reloaded page);
  401 when nobody.  ``DELETE /v1/session`` → 204, logged out.
- ``POST /v1/accounts`` ``{"name", "password", "role"}`` → 201, and ``GET /v1/accounts``:
  an organiser's.  Accounts are also made on the command line (``fanshu accounts add``).

Without club mode these routes answer 404: the server has no accounts.
"""

from __future__ import annotations

from typing import Literal

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field
from starlette.responses import Response

from fanshu.store import Account
from fanshu.store.access import MAX_NAME, MAX_PASSWORD, MIN_PASSWORD, SESSION_DAYS
from fanshu.web.api.auth import SESSION_COOKIE, Caller, CallerDep, accounts_enabled
from fanshu.web.api.common import JsonResponse, ok_response, route_responses
from fanshu.web.api.matches import Db
from fanshu.web.problems import Problem, problem_responses

__all__ = ["router"]

router = APIRouter(tags=["accounts"])

_SESSION_SCHEMA = {
    "type": "object",
    "required": ["name", "role", "csrf"],
    "properties": {k: {"type": "string"} for k in ("name", "role", "csrf")},
}
_ACCOUNT_SCHEMA = {
    "type": "object",
    "required": ["name", "role", "created"],
    "properties": {k: {"type": "string"} for k in ("name", "role", "created")},
}


class LogIn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, title="LogIn")

    name: str = Field(max_length=MAX_NAME * 2)
    password: str = Field(max_length=MAX_PASSWORD)


class NewAccount(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, title="NewAccount")

    name: str = Field(description=f"1 to {MAX_NAME} characters.", max_length=MAX_NAME * 2)
    password: str = Field(
        description=f"{MIN_PASSWORD} to {MAX_PASSWORD} characters.", max_length=MAX_PASSWORD
    )
    role: Literal["organiser", "player"] = "player"


def _club_mode(request: Request) -> None:
    if not accounts_enabled(request):
        raise Problem(
            "not_found", "this server has no accounts (start it with fanshu serve --accounts)"
        )


def _organiser(request: Request, who: Caller) -> Account:
    _club_mode(request)
    if who.account is None:
        raise Problem(
            "unauthorized",
            "log in as an organiser (POST /v1/session)",
            401,
            headers={"WWW-Authenticate": "Bearer"},
        )
    if not who.is_organiser:
        raise Problem("forbidden", "only an organiser manages the accounts", 403)
    return who.account


@router.post(
    "/session",
    summary="Log in",
    response_class=JsonResponse,
    responses=route_responses("Logged in (the cookie is set)", _SESSION_SCHEMA, 400, 401, 404, 422),
)
def log_in(request: Request, body: LogIn, db: Db) -> JsonResponse:
    """Check the name and password; on success the answer sets the session cookie and
    gives the CSRF token every write made with it must send as `X-CSRF-Token`."""
    _club_mode(request)
    with db.open() as s:
        account = s.check_password(body.name, body.password)
        if account is None:
            raise Problem("unauthorized", "wrong account name or password", 401)
        token, csrf = s.open_session(account)
    response = JsonResponse({"name": account.name, "role": account.role, "csrf": csrf})
    response.set_cookie(
        SESSION_COOKIE,
        token,
        max_age=SESSION_DAYS * 24 * 3600,
        path="/",
        httponly=True,
        samesite="strict",
        secure=request.url.scheme == "https",
    )
    return response


@router.get(
    "/session",
    summary="Who is logged in",
    response_class=JsonResponse,
    responses=route_responses("The account and its CSRF token", _SESSION_SCHEMA, 401, 404),
)
def who_am_i(request: Request, who: CallerDep) -> JsonResponse:
    """The logged-in account (`name`, `role`) and the session's `csrf` token."""
    _club_mode(request)
    if who.session is None:
        raise Problem("unauthorized", "nobody is logged in", 401)
    account = who.session.account
    return JsonResponse({"name": account.name, "role": account.role, "csrf": who.session.csrf})


@router.delete(
    "/session",
    status_code=204,
    summary="Log out",
    responses={204: {"description": "Logged out"}, **problem_responses(403, 404)},
)
def log_out(request: Request, who: CallerDep) -> Response:
    """End the session (its cookie no longer opens anything).  With the cookie, send
    `X-CSRF-Token` as with any write."""
    _club_mode(request)
    cookie = request.cookies.get(SESSION_COOKIE)
    if who.session is not None and cookie:
        with who.open() as s:
            s.close_session(cookie)
    response = Response(status_code=204)
    response.delete_cookie(SESSION_COOKIE, path="/", httponly=True, samesite="strict")
    return response


@router.post(
    "/accounts",
    status_code=201,
    summary="Create an account",
    response_class=JsonResponse,
    responses={
        201: ok_response("The new account", _ACCOUNT_SCHEMA),
        **problem_responses(400, 401, 403, 404, 409, 422),
    },
)
def new_account(request: Request, body: NewAccount, who: CallerDep) -> JsonResponse:
    """A new account (`role` organiser or player).  An organiser's."""
    _organiser(request, who)
    with who.open() as s:
        account = s.create_account(body.name, body.password, body.role)
    return JsonResponse(account.to_dict(), status_code=201)


@router.get(
    "/accounts",
    summary="The accounts",
    response_class=JsonResponse,
    responses=route_responses("Every account, by name", {"type": "array"}, 401, 403, 404),
)
def list_accounts(request: Request, who: CallerDep) -> JsonResponse:
    """Every account: name, role, created.  An organiser's."""
    _organiser(request, who)
    with who.open() as s:
        return JsonResponse([a.to_dict() for a in s.list_accounts()])
