"""``fanshu shanten``: the shanten (上听数) of one hand, with a wild tile if one is named
(``fanshu.shanten(hand, wildcard=)``); ``fanshu analyze`` says more (useful tiles, waits,
each discard)."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from fanshu.api import shanten
from fanshu.cli.convert import NotationOption
from fanshu.cli.errors import EXIT_BAD_INPUT, fail
from fanshu.cli.options import WildcardOption
from fanshu.cli.wildcards import wild_kind_text
from fanshu.errors import FanshuError
from fanshu.notation.detect import read_hand
from fanshu.protocol.errors import LineError
from fanshu.protocol.wildcard import wild_kind
from fanshu.render import draw_hand

__all__ = ["shanten_command", "shanten_words"]


def shanten_words(n: int) -> str:
    """What a shanten number means, in English and 中文.

    >>> shanten_words(-1), shanten_words(0), shanten_words(2)
    ('complete 和了', 'ready 听牌', '2 from ready 差 2 张听牌')
    """
    if n < 0:
        return "complete 和了"
    if n == 0:
        return "ready 听牌"
    return f"{n} from ready 差 {n} 张听牌"


def shanten_command(
    hand: Annotated[
        str,
        typer.Argument(
            metavar="HAND",
            help="A hand of 13 or 14 tiles (a kong counting as 3), melds in brackets "
            "first, e.g. '123m456p789s1s5mCC'; any notation of docs/notation.md (--notation).",
            show_default=False,
        ),
    ],
    wildcard: WildcardOption = None,
    notation: NotationOption = None,
    as_json: Annotated[
        bool,
        typer.Option(
            "--json", help='Print {"hand", "notation", "wildcard", "shanten"} as one JSON line.'
        ),
    ] = False,
    plain: Annotated[
        bool, typer.Option("--plain", help="Tile codes instead of Unicode tiles.")
    ] = False,
) -> None:
    """The shanten (上听数) of a hand over every MCR shape: -1 complete, 0 ready (听牌),
    n tiles from ready.  With --wildcard TILE the copies of that kind may stand for any
    tile (4 sets + pair, 七对, 十三幺), and the shanten is the least over every reading.

    Exit status: 0 done, 2 bad input.
    """
    try:
        kind = wild_kind(wildcard)
        parsed, name = read_hand(hand, notation)
        n = shanten(parsed, wildcard=kind)
    except (LineError, FanshuError) as e:
        if as_json:
            error = {"code": e.code, "message": e.message}
            typer.echo(json.dumps({"hand": hand, "error": error}, ensure_ascii=False))
            raise typer.Exit(EXIT_BAD_INPUT) from None
        raise fail(e.message, hand=hand, position=getattr(e, "position", None)) from None
    if as_json:
        out = {
            "hand": hand.strip(),
            "notation": name,
            "wildcard": None if kind is None else kind.code,
            "shanten": n,
        }
        typer.echo(json.dumps(out, ensure_ascii=False))
        return
    typer.echo(draw_hand(parsed, pad=not plain, plain=plain))
    if kind is not None:
        typer.echo(wild_kind_text(kind, plain=plain))
    typer.echo(f"Shanten 上听数 {n}  ({shanten_words(n)})")
