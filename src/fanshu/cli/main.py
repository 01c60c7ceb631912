"""The ``fanshu`` command line: score, fans, rules, analyze, shanten and convert; match and
tournament score sheets; play, simulate and replay games; stats over result files; serve
the web app and HTTP API; ``fanshu --version`` and ``--lang en|zh``.

The commands are registered by name (:data:`COMMANDS`, ``module:attribute``) and a
command's module is imported only when that command runs or shows its help
(:class:`fanshu.cli.arguments.LazyCommands`): ``fanshu score HAND`` imports the scoring
and nothing of the engine, the web app or batch runs.

命令按名称登记，只在运行或显示帮助时才导入其模块，以便 ``fanshu score`` 启动得快。
"""

from __future__ import annotations

from typing import Annotated, Any

import typer

from fanshu.cli.arguments import Lazy, LazyCommands

#: Every command: where it is and its line in the list of commands.
COMMANDS: dict[str, Lazy] = {
    "score": Lazy(
        "fanshu.cli.score:score_command",
        "Score a winning hand (MCR, or another rule set with --rules).",
        epilog="fanshu.cli.score:OPTIONS_EPILOG",
    ),
    "fans": Lazy(
        "fanshu.cli.fans:fans_command",
        "List the fans of the Chinese Official rules, or explain one.",
    ),
    "analyze": Lazy(
        "fanshu.cli.analyze:analyze_command",
        "Analyse a hand: shanten, useful tiles, waits and the best discard.",
    ),
    "shanten": Lazy(
        "fanshu.cli.shanten:shanten_command",
        "The shanten (上听数) of a hand over every MCR shape.",
    ),
    "convert": Lazy(
        "fanshu.cli.convert:convert_command",
        "Write a hand in another notation (fanshu, mpsz, CMH, Botzone, Unicode, Chinese).",
    ),
    "rules": Lazy(
        "fanshu.cli.rules:rules_command",
        "List the rule sets, or show one rule set's fans and options.",
    ),
    "simulate": Lazy(
        "fanshu.cli.simulate:simulate_command",
        "Play N seeded hands between bots and sum them up.",
    ),
    "play": Lazy(
        "fanshu.cli.play:play_command",
        "Play one hand against bots at the terminal.",
    ),
    "replay": Lazy(
        "fanshu.cli.replay:replay_command",
        "Replay and verify every game of a game log.",
    ),
    "serve": Lazy(
        "fanshu.cli.serve:serve_command",
        "Serve the HTTP API and the browser app.",
    ),
    "stats": Lazy(
        "fanshu.cli.stats:stats_command",
        "Sum up a results file: fan frequencies, totals, wins per seat and bot.",
    ),
    "match": Lazy(
        "fanshu.cli.match:match_app",
        "Keep the score sheet of a match (局, 16 hands) in the database.",
        subcommands=(("share", "fanshu.cli.share:match_share"),),
    ),
    "tournament": Lazy(
        "fanshu.cli.match:tournament_app",
        "Run an MCR tournament: players, seatings, table results, standings.",
        subcommands=(("share", "fanshu.cli.share:tournament_share"),),
    ),
    "tables": Lazy(
        "fanshu.cli.live:tables_app",
        "Live tables on a server: open one and print its join links, or show one.",
    ),
    "accounts": Lazy(
        "fanshu.cli.accounts:accounts_app",
        "The accounts of a club server: organisers and players.",
    ),
    "botzone": Lazy(
        "fanshu.cli.botzone:app",
        "Play a fanshu bot on Botzone's Chinese-Standard-Mahjong protocol.",
        subcommands=(("judge", "fanshu.cli.botzone_judge:judge"),),
    ),
}


class FanshuCommands(LazyCommands):
    """The root command over :data:`COMMANDS`."""

    lazy = COMMANDS

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        """Every run starts in the environment's language: ``--lang`` is eager, but an
        earlier ``--help`` ends the parse before ``--lang``'s callback would reset it."""
        from fanshu.cli.language import set_language

        set_language(None)
        return super().parse_args(ctx, args)


app = typer.Typer(
    name="fanshu",
    help="fanshu (番数): a mahjong rules engine. Score hands under the Chinese Official "
    "rules (国标麻将, MCR) and the other rule sets of the documents, analyse them, keep "
    "score of matches and tournaments, play and simulate games, and serve the web app.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_show_locals=False,
    rich_markup_mode=None,  # the help is plain text (fanshu.cli.arguments), errors too
    context_settings={"help_option_names": ["-h", "--help"]},
    cls=FanshuCommands,
)


def _version(value: bool) -> None:
    if value:
        from fanshu import __version__

        typer.echo(f"fanshu {__version__}")
        raise typer.Exit()


def _language(value: str | None) -> str | None:
    """Set the language before anything is printed (``--lang`` is eager): ``None``
    goes back to the environment's, so one run's choice never outlives it."""
    from fanshu.cli.language import set_language

    try:
        set_language(value)
    except ValueError:
        raise typer.BadParameter(f"{value!r} is not en or zh", param_hint="--lang") from None
    return value


@app.callback()
def _root(
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang",
            metavar="en|zh",
            callback=_language,
            is_eager=True,
            show_default=False,
            help="The language of messages and help: en or zh (default: from LANG, "
            "LC_ALL, LANGUAGE).",
        ),
    ] = None,
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
