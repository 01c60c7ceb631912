"""The ``fanshu`` command line: score, fans, rules, analyze and shanten; match and tournament
score sheets; play, simulate and replay games; stats over result files; serve the web
app and HTTP API; ``fanshu --version``."""

from __future__ import annotations

from typing import Annotated

import typer

from fanshu import __version__
from fanshu.cli.accounts import accounts_app
from fanshu.cli.analyze import analyze_command
from fanshu.cli.arguments import TextArguments
from fanshu.cli.botzone import app as botzone_app
from fanshu.cli.botzone_judge import judge as botzone_judge
from fanshu.cli.fans import fans_command
from fanshu.cli.match import match_app, tournament_app
from fanshu.cli.play import play_command
from fanshu.cli.replay import replay_command
from fanshu.cli.rules import rules_command
from fanshu.cli.score import OPTIONS_EPILOG, score_command
from fanshu.cli.serve import serve_command
from fanshu.cli.shanten import shanten_command
from fanshu.cli.share import match_share, tournament_share
from fanshu.cli.simulate import simulate_command
from fanshu.cli.stats import stats_command

app = typer.Typer(
    name="fanshu",
    help="fanshu (番数): a mahjong rules engine. Score hands under the Chinese Official "
    "rules (国标麻将, MCR) and the other rule sets of the documents, analyse them, keep "
    "score of matches and tournaments, play and simulate games, and serve the web app.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_show_locals=False,
    context_settings={"help_option_names": ["-h", "--help"]},
    cls=TextArguments,
)
app.command("score", epilog=OPTIONS_EPILOG)(score_command)
app.command("fans")(fans_command)
app.command("analyze")(analyze_command)
app.command("shanten")(shanten_command)
app.command("rules")(rules_command)
app.add_typer(match_app, name="match")
app.add_typer(tournament_app, name="tournament")
match_app.command("share")(match_share)
tournament_app.command("share")(tournament_share)
app.add_typer(accounts_app, name="accounts")
app.command("simulate")(simulate_command)
app.command("play")(play_command)
app.command("replay")(replay_command)
app.command("serve")(serve_command)
app.command("stats")(stats_command)
app.add_typer(botzone_app, name="botzone")
botzone_app.command("judge")(botzone_judge)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"fanshu {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option(
            "--version", "-V", callback=_version, is_eager=True, help="Print the version and exit."
        ),
    ] = False,
) -> None:
    """fanshu (番数): a mahjong rules engine. Score hands under the Chinese Official rules
    (国标麻将, MCR) and the other rule sets of the documents, analyse them, and keep score of
    matches and tournaments."""


def main() -> None:
    """Console-script entry point."""
    app()


if __name__ == "__main__":
    main()
