"""Command-line arguments that are not text: refused before any command runs.

On POSIX an argument is bytes; Python reads the bytes that are not UTF-8 as lone
surrogates (``surrogateescape``), which cannot be printed, stored in the database or
written to a file as UTF-8.  So that ``fanshu match new --players $'A\\xff' B C D`` (or a
hand, a rule set's name, a file name …) is one clear error instead of a traceback
wherever such a string is first written, the root command checks every argument first
(:class:`TextArguments`) and names the one at fault.

>>> print(argument_problem(["match", "new", "--players", "A\\udcff", "B"]))
argument 4 (a value of --players), 'A\\xff', is not UTF-8 text: byte 0xff at 1; give it in UTF-8
>>> argument_problem(["score", "中"]) is None
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import typer
from typer.core import TyperGroup

from fanshu.cli.errors import EXIT_BAD_INPUT
from fanshu.protocol.text import is_text

__all__ = ["TextArguments", "argument_problem"]


def _first_bad(arg: str) -> tuple[int, str]:
    """Where the first character that is not text is, and what it stands for: the byte
    it was read from (``0xff``), or the lone surrogate itself."""
    at = next(i for i, ch in enumerate(arg) if "\ud800" <= ch <= "\udfff")
    ch = arg[at]
    if "\udc80" <= ch <= "\udcff":  # surrogateescape: a byte 0x80-0xff
        return at, f"byte 0x{ord(ch) - 0xDC00:02x}"
    return at, f"a lone surrogate {ch.encode('unicode_escape').decode('ascii')}"


def _shown(arg: str) -> str:
    """The argument as typed: the bytes that are not UTF-8 written ``\\xff``."""
    raw = arg.encode("utf-8", "surrogateescape") if _escaped_bytes(arg) else None
    text = raw.decode("utf-8", "backslashreplace") if raw is not None else arg
    return "'" + "".join(c if c.isprintable() else ascii(c)[1:-1] for c in text) + "'"


def _escaped_bytes(arg: str) -> bool:
    return all(not "\ud800" <= ch < "\udc80" for ch in arg)


def argument_problem(args: Sequence[str]) -> str | None:
    """What is wrong with the first argument that is not text, naming it (its place and
    the option it is a value of), or None when every argument is text."""
    for i, arg in enumerate(args):
        if is_text(arg):
            continue
        at, what = _first_bad(arg)
        before = args[i - 1] if i else ""
        of = f" (a value of {before})" if before.startswith("-") and len(before) > 1 else ""
        return (
            f"argument {i + 1}{of}, {_shown(arg)}, is not UTF-8 text: "
            f"{what} at {at}; give it in UTF-8"
        )
    return None


class TextArguments(TyperGroup):
    """The root command: every argument checked to be text before it is parsed
    (module text); ``error: …`` and status 2 otherwise."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        problem = argument_problem(args)
        if problem is not None:
            typer.echo(f"error: {problem}", err=True)
            raise typer.Exit(EXIT_BAD_INPUT)
        return super().parse_args(ctx, args)
