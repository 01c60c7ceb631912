"""``fanshu accounts …``: the accounts of a club server (``fanshu serve --accounts``).

The command line works on the database file itself, so it needs no log-in: it is how the
first organiser is made.  A password is read from a prompt (typed twice, not shown), or
with ``--password-stdin`` from the first line of standard input (for scripts).
"""

from __future__ import annotations

import json
import sys
from enum import StrEnum
from typing import Annotated

import typer
from rich.console import Console

from fanshu.cli.errors import fail
from fanshu.cli.match import DbOption, JsonOption, store_as_cli
from fanshu.cli.tables import add_columns, listing_table
from fanshu.store.access import MIN_PASSWORD

__all__ = ["accounts_app"]

accounts_app = typer.Typer(
    name="accounts",
    help="The accounts of a club server (fanshu serve --accounts): organisers and players.",
    no_args_is_help=True,
    add_completion=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


class Role(StrEnum):
    organiser = "organiser"
    player = "player"


NameArgument = Annotated[str, typer.Argument(metavar="NAME", show_default=False)]
PasswordStdin = Annotated[
    bool,
    typer.Option(
        "--password-stdin", help="Read the password from the first line of standard input."
    ),
]


def _password(from_stdin: bool) -> str:
    """The new password: stdin's first line, or typed twice at a hidden prompt."""
    if from_stdin:
        line = sys.stdin.readline()
        first_line = line[:-1] if line.endswith("\n") else line
        if not first_line:
            raise fail("no password on standard input (--password-stdin)")
        return first_line
    try:
        password: str = typer.prompt(
            f"Password ({MIN_PASSWORD} characters or more)",
            hide_input=True,
            confirmation_prompt=True,
        )
    except typer.Abort:
        raise fail("no password given") from None
    return password


@accounts_app.command("add")
def accounts_add(
    name: NameArgument,
    role: Annotated[Role, typer.Option("--role", help="What the account may do.")] = Role.player,
    password_stdin: PasswordStdin = False,
    db: DbOption = None,
) -> None:
    """Create an account: an organiser (tournaments, accounts, sees everything) or a
    player (its own matches)."""
    password = _password(password_stdin)
    with store_as_cli(db) as s:
        account = s.create_account(name, password, role.value)
    typer.echo(f"account {account.name} ({account.role}) created")


@accounts_app.command("list")
def accounts_list(as_json: JsonOption = False, db: DbOption = None) -> None:
    """Every account: name, role, when it was made."""
    with store_as_cli(db) as s:
        accounts = s.list_accounts()
    if as_json:
        typer.echo(json.dumps([a.to_dict() for a in accounts], ensure_ascii=False))
        return
    if not accounts:
        typer.echo("no accounts (add one with: fanshu accounts add NAME --role organiser)")
        return
    table = listing_table("Accounts")
    add_columns(table, (("Name", "left"), ("Role", "left"), ("Created", "left")))
    for a in accounts:
        table.add_row(a.name, a.role, a.created)
    Console(highlight=False).print(table)


@accounts_app.command("remove")
def accounts_remove(name: NameArgument, db: DbOption = None) -> None:
    """Remove an account and log it out (what it created stays)."""
    with store_as_cli(db) as s:
        s.delete_account(name)
    typer.echo(f"account {name.strip()} removed")


@accounts_app.command("password")
def accounts_password(
    name: NameArgument, password_stdin: PasswordStdin = False, db: DbOption = None
) -> None:
    """Give an account a new password (its open sessions are logged out)."""
    password = _password(password_stdin)
    with store_as_cli(db) as s:
        s.set_password(name, password)
    typer.echo(f"password of {name.strip()} changed; its sessions are logged out")
