"""``fanshu match share ID`` and ``fanshu tournament share TID``: a new share token on a
match or tournament of the database, printed as the link to open it in the web app.

The command line on a local file is the owner, so it may share anything in it: with
``--role edit`` (a table's scorer, a co-organiser) or ``view`` (the default: players,
spectators).  The token is shown this once; the database keeps only its digest.  ``--list`` shows
the tokens given out (the start of each digest, role, when, label) and ``--revoke
DIGEST`` withdraws one (a link that went too far).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

import typer

from fanshu.cli.match import DbOption, IdArgument, store_as_cli
from fanshu.store.access import share_link
from fanshu.store.interface import GrantRole, ObjectKind

__all__ = ["DEFAULT_BASE", "match_share", "tournament_share"]

#: Where ``fanshu serve`` listens by default.
DEFAULT_BASE = "http://127.0.0.1:8000"


class ShareRole(StrEnum):
    view = "view"
    edit = "edit"


RoleOption = Annotated[
    ShareRole, typer.Option("--role", help="view: read only; edit: may change it too.")
]
BaseOption = Annotated[
    str,
    typer.Option(
        "--base",
        metavar="URL",
        help="The server's address, for the link (default: fanshu serve's).",
    ),
]
LabelOption = Annotated[
    str, typer.Option("--label", help="Who the link is for (shown in the audit trail).")
]


ListOption = Annotated[
    bool,
    typer.Option("--list", help="List the tokens given out (no new one): digest, role, label."),
]
RevokeOption = Annotated[
    str | None,
    typer.Option(
        "--revoke",
        metavar="DIGEST",
        help="Withdraw the token whose digest starts so (6 hex digits or more, from --list).",
    ),
]


def _share(
    db: str | None,
    kind: ObjectKind,
    object_id: str,
    role: ShareRole,
    base: str,
    label: str,
    listing: bool = False,
    revoke: str | None = None,
) -> None:
    granted: GrantRole = "edit" if role is ShareRole.edit else "view"
    with store_as_cli(db) as s:
        if revoke is not None:
            s.revoke(kind, object_id, revoke)
            typer.echo(f"token {revoke.strip().lower()} of {kind} {object_id} withdrawn")
            return
        if listing:
            if kind == "match":
                s.load_match(object_id)  # an unknown id is an error, not an empty list
            else:
                s.load_tournament(object_id)
            for g in s.grants(kind, object_id):
                typer.echo(f"{g.token_hash[:12]}  {g.role:4}  {g.created}  {g.label}")
            return
        token = s.grant(kind, object_id, granted, label=label or f"{granted} link")
    typer.echo(share_link(kind, object_id, token, base))


def match_share(
    match_id: IdArgument,
    role: RoleOption = ShareRole.view,
    base: BaseOption = DEFAULT_BASE,
    label: LabelOption = "",
    listing: ListOption = False,
    revoke: RevokeOption = None,
    db: DbOption = None,
) -> None:
    """Print a new link to a match (a new token; shown once)."""
    _share(db, "match", match_id, role, base, label, listing, revoke)


def tournament_share(
    tid: IdArgument,
    role: RoleOption = ShareRole.view,
    base: BaseOption = DEFAULT_BASE,
    label: LabelOption = "",
    listing: ListOption = False,
    revoke: RevokeOption = None,
    db: DbOption = None,
) -> None:
    """Print a new link to a tournament (a new token; shown once).  An edit link also
    edits every table's match."""
    _share(db, "tournament", tid, role, base, label, listing, revoke)
