"""``fanshu match share ID`` and ``fanshu tournament share TID``: a new share token on a
match or tournament of the database, printed as the link to open it in the web app.

The command line on a local file is the owner, so it may share anything in it: with
``--role edit`` (a table's scorer, a co-organiser) or ``view`` (the default: players,
spectators).  The token is shown this once; the database keeps only its digest.
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


def _share(
    db: str | None, kind: ObjectKind, object_id: str, role: ShareRole, base: str, label: str
) -> None:
    granted: GrantRole = "edit" if role is ShareRole.edit else "view"
    with store_as_cli(db) as s:
        token = s.grant(kind, object_id, granted, label=label or f"{granted} link")
    typer.echo(share_link(kind, object_id, token, base))


def match_share(
    match_id: IdArgument,
    role: RoleOption = ShareRole.view,
    base: BaseOption = DEFAULT_BASE,
    label: LabelOption = "",
    db: DbOption = None,
) -> None:
    """Print a new link to a match (a new token; shown once)."""
    _share(db, "match", match_id, role, base, label)


def tournament_share(
    tid: IdArgument,
    role: RoleOption = ShareRole.view,
    base: BaseOption = DEFAULT_BASE,
    label: LabelOption = "",
    db: DbOption = None,
) -> None:
    """Print a new link to a tournament (a new token; shown once).  An edit link also
    edits every table's match."""
    _share(db, "tournament", tid, role, base, label)
