"""The command-line options several ``fanshu`` commands share, declared once.

Each is a typed alias (``SeatWindOption = Annotated[str, typer.Option(...)]``) that a
command uses as ``seat_wind: SeatWindOption = "E"``; the default stays at the command.
Where the meaning differs per command (what ``--batch`` reads, what ``--option`` sets)
each command has its own alias, built from one declaration of the flag.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Annotated, Any

import typer

# -- the situation of a hand (score, analyze) ----------------------------------------------

SeatWindOption = Annotated[
    str, typer.Option("--seat-wind", metavar="E|S|W|N", help="Seat wind (门风).")
]
PrevalentWindOption = Annotated[
    str, typer.Option("--prevalent-wind", metavar="E|S|W|N", help="Prevalent wind (圈风).")
]
FlowersOption = Annotated[int, typer.Option("--flowers", help="Number of flowers (花牌), 0-8.")]


def _flag(*names: str, metavar: str, show_default: bool = True) -> Callable[[str], Any]:
    """A flag declared once whose help each command words for itself."""

    def option(help: str) -> Any:
        return typer.Option(*names, metavar=metavar, help=help, show_default=show_default)

    return option


_rules_option = _flag("--option", "-o", metavar="NAME=VALUE")


#: ``fanshu score``: an option of the chosen rule set.
RuleOptionOption = Annotated[
    list[str] | None,
    _rules_option(
        "An option of the rule set (repeatable), e.g. two_concealed_kongs=8. "
        "The MCR names are listed at the end of this help; 'fanshu rules NAME' "
        "lists those of each rule set."
    ),
]
#: ``fanshu analyze``: an MCR option for scoring the waits.
WaitsOptionOption = Annotated[
    list[str] | None,
    _rules_option("A rules option for scoring the waits (repeatable), as in 'fanshu score'."),
]

#: ``fanshu score`` and ``analyze``: the rule set a hand is read under.
HandRulesOption = Annotated[
    str,
    typer.Option(
        "--rules",
        "-r",
        metavar="NAME",
        help="The rule set: mcr (Chinese Official), sichuan, two-player, beijing, jiaxing, "
        "pinghu, wuhan, common … 'fanshu rules' lists them.",
    ),
]
#: ``fanshu score`` and ``analyze``: the tile kind wild this hand.
WildcardOption = Annotated[
    str | None,
    typer.Option(
        "--wildcard",
        metavar="TILE",
        help="The tile kind wild this hand (百搭 / 赖子), e.g. 5p or C: only under a rule "
        "set played with one ('fanshu rules NAME' says how it is chosen).",
        show_default=False,
    ),
]

# -- games between bots (play, simulate, stats) -------------------------------------------

#: ``fanshu play`` and ``simulate``: the rule set of the game.
GameRulesOption = Annotated[
    str,
    typer.Option(
        "--rules",
        "-r",
        metavar="NAME",
        help="A rule set with a table to play it: mcr, sichuan, two-player, beijing, "
        "jiaxing, pinghu, wuhan, common … ('fanshu rules' lists them).",
    ),
]
#: ``fanshu simulate``: an option of the game's rule set.
GameOptionOption = Annotated[
    list[str] | None,
    _rules_option("An option of the rule set (repeatable); 'fanshu rules NAME' lists them."),
]
#: ``fanshu play``: an option of the game's rule set.
PlayOptionOption = Annotated[list[str] | None, _rules_option("An option of the rule set.")]


_config_option = _flag("--config", metavar="NAME=VALUE")


#: ``fanshu simulate``: the table setup of every game.
GameConfigOption = Annotated[
    list[str] | None,
    _config_option(
        "Table setup (repeatable): dealer, prevalent_wind (0-3), exchange_three, "
        "exchange_at_start, triplet_offer, free_pick (probabilities), flowers "
        "(false: no flower tiles)."
    ),
]
#: ``fanshu play``: the table setup of the hand.
PlayConfigOption = Annotated[list[str] | None, _config_option("Table setup, as in simulate.")]


_players_option = _flag("--players", "-p", metavar="A,B,C,D", show_default=False)


def game_players_help(players: Iterable[str]) -> str:
    """The help of ``fanshu simulate --players``, naming the bots ``players`` (the
    engine's registry, which the simulating command imports and passes here; this module
    does not import it, so that the one-hand commands load no engine)."""
    return (
        "A bot name per seat, seat 0 (East, the dealer) first: four names, two "
        f"for two-player. Bots: {', '.join(players)}. Default: random in every seat."
    )


#: ``--players A,B,C,D`` with its help: see :func:`game_players_help`.
players_option = _players_option


#: ``fanshu stats``: the bots of a game log that does not name them.
LogPlayersOption = Annotated[
    str | None,
    _players_option(
        "The bot in each seat, seat 0 first, for per-bot figures of a game log "
        "that does not name its bots (as given to fanshu simulate --players)."
    ),
]

# -- output and batches (score, analyze) ---------------------------------------------------

HandJsonOption = Annotated[
    bool,
    typer.Option("--json", help="Print the batch output object instead of the tables."),
]
PlainOption = Annotated[
    bool,
    typer.Option("--plain", help="Write tiles as codes (1m, E) instead of Unicode tiles."),
]


_batch_option = _flag("--batch", "-b", metavar="FILE", show_default=False)


#: ``fanshu score --batch``.
ScoreBatchOption = Annotated[
    str | None,
    _batch_option(
        "Score a JSON Lines file ('-' for stdin) instead of one hand: one JSON "
        "line out per non-empty line in, in order. Empty lines are skipped."
    ),
]
#: ``fanshu analyze --batch``.
AnalyzeBatchOption = Annotated[
    str | None,
    _batch_option(
        "Analyse a JSON Lines file ('-' for stdin) instead of one hand: keys id, "
        "hand, visible (and seat_wind, prevalent_wind, flowers, options); one JSON line "
        "out per non-empty line in, in order."
    ),
]
ProgressOption = Annotated[
    bool | None,
    typer.Option(
        "--progress/--no-progress",
        help="With --batch: progress bar on stderr. Default: shown for long inputs when "
        "stderr is a terminal and stdout is not.",
        show_default=False,
    ),
]
