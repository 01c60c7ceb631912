"""The command-line options several ``fanshu`` commands share, declared once.

Each is a typed alias (``SeatWindOption = Annotated[str, typer.Option(...)]``) that a
command uses as ``seat_wind: SeatWindOption = "E"``; the default stays at the command.
Where the meaning differs per command (what ``--batch`` reads, what ``--option`` sets)
each command has its own alias, built from one declaration of the flag.
"""

from __future__ import annotations

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


def _rules_option(help: str) -> Any:
    return typer.Option("--option", "-o", metavar="NAME=VALUE", help=help)


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

# -- output and batches (score, analyze) ---------------------------------------------------

HandJsonOption = Annotated[
    bool,
    typer.Option("--json", help="Print the batch output object instead of the tables."),
]
PlainOption = Annotated[
    bool,
    typer.Option("--plain", help="Write tiles as codes (1m, E) instead of Unicode tiles."),
]


def _batch_option(help: str) -> Any:
    return typer.Option("--batch", "-b", metavar="FILE", help=help, show_default=False)


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
