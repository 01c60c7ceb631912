"""``fanshu convert HAND --to NAME [--from NAME]``: a hand rewritten in another notation.

The notations (docs/notation.md): ``fanshu``, ``cmh`` (ChineseOfficialMahjongHelper),
``mpsz`` (Tenhou: 5z 白 6z 发 7z 中), ``botzone`` (with packs ``[PENG W1 1]``),
``unicode`` (🀇🀈🀉) and ``chinese`` (一万 东 中), each with melds.  Without ``--from``
the notation of HAND is detected; a string two notations read as different hands is an
error that shows both readings.  ``--json`` prints ``{"hand", "from", "to"}``.

This module also holds ``NotationOption``, the ``--notation`` option of ``fanshu score``,
``analyze`` and ``shanten``.
"""

from __future__ import annotations

import json
from typing import Annotated

import typer

from fanshu.cli.errors import EXIT_BAD_INPUT, fail
from fanshu.errors import FanshuError
from fanshu.notation import HAND_NOTATIONS, convert_hand

__all__ = ["NOTATION_NAMES", "NotationOption", "convert_command", "refuse_batch_notation"]

NOTATION_NAMES = ", ".join(HAND_NOTATIONS)

#: ``--notation NAME``: the notation of HAND, detected when not given.
NotationOption = Annotated[
    str | None,
    typer.Option(
        "--notation",
        "-n",
        metavar="NAME",
        help=f"The notation of HAND: {NOTATION_NAMES} (docs/notation.md). "
        "Detected when not given; a hand two notations read differently must name it.",
        show_default=False,
    ),
]


def refuse_batch_notation(notation: str | None, batch_file: object) -> None:
    """``fail`` for ``--notation`` with ``--batch FILE``: it names the notation of HAND;
    each batch line names its own (the ``"notation"`` key), or is detected."""
    if notation is not None and batch_file is not None:
        raise fail(
            '--notation names the notation of HAND; with --batch, give a line a "notation" '
            "key (or let it be detected)"
        )


def convert_command(
    hand: Annotated[
        str,
        typer.Argument(
            metavar="HAND",
            help="A hand in any notation, melds included, e.g. '[EEE2]123m456p789s11s'.",
            show_default=False,
        ),
    ],
    to: Annotated[
        str,
        typer.Option(
            "--to", "-t", metavar="NAME", help=f"The notation to write: {NOTATION_NAMES}."
        ),
    ],
    from_: Annotated[
        str | None,
        typer.Option(
            "--from",
            "-f",
            metavar="NAME",
            help="The notation of HAND (detected when not given).",
            show_default=False,
        ),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help='Print {"hand", "from", "to"} as one JSON line.')
    ] = False,
) -> None:
    """Rewrite a hand (melds included) in another notation: fanshu, cmh, mpsz, botzone,
    unicode or chinese (手牌记法转换).

    Exit status: 0 done, 2 bad input.
    """
    try:
        text, source = convert_hand(hand, to, from_)
    except FanshuError as e:
        if as_json:
            error = {"code": e.code, "message": e.message}
            typer.echo(json.dumps({"hand": hand, "error": error}, ensure_ascii=False))
            raise typer.Exit(EXIT_BAD_INPUT) from None
        raise fail(e.message, hand=hand, position=getattr(e, "position", None)) from None
    if as_json:
        target = to.strip().lower()
        out = {"hand": text, "from": source, "to": target}
        typer.echo(json.dumps(out, ensure_ascii=False))
        return
    typer.echo(text)
