"""How every ``fanshu`` command reports bad input: ``error: …`` on stderr, status 2."""

from __future__ import annotations

import typer

#: Exit codes: 0 done, 1 not a winning hand (``score``), 2 bad input or could not run.
EXIT_NOT_A_WIN = 1
EXIT_BAD_INPUT = 2


def fail(
    message: str,
    code: int = EXIT_BAD_INPUT,
    *,
    hand: str | None = None,
    position: int | None = None,
) -> typer.Exit:
    """Print ``error: message`` on stderr (with a caret under the fault of a hand string)
    and return the ``Exit`` to raise."""
    typer.echo(f"error: {message}", err=True)
    if hand is not None and position is not None and 0 <= position <= len(hand):
        typer.echo(f"  {hand}\n  {' ' * position}^", err=True)
    return typer.Exit(code)
