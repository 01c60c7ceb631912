"""How every ``fanshu`` command reports bad input: ``error: …`` on stderr, status 2.

The message is shown in the language of ``--lang`` or the environment (``LANG=zh_CN.UTF-8``:
Chinese, see :mod:`fanshu.cli.language`); the ``error:`` prefix stays as it is in every
language, so that scripts can find it.  报错信息按 ``--lang`` 或 ``LANG`` 显示中文或英文。
"""

from __future__ import annotations

import re

import typer
from rich.cells import cell_len

from fanshu.cli.language import t

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
    and return the ``Exit`` to raise.  ``message`` is translated (:func:`~fanshu.cli.language.t`):
    a :class:`fanshu.i18n.Message` by its template, a plain string as a msgid."""
    typer.echo(f"error: {_clipped(_shown(t(message), keep=chr(10)))}", err=True)
    if hand is not None and position is not None and 0 <= position <= len(hand):
        typer.echo(caret_lines(hand, position), err=True)
    return typer.Exit(code)


#: How many characters of a hand string are shown either side of a fault.
CARET_CONTEXT = 40


def _shown(text: str, keep: str = "") -> str:
    """``text`` with what a terminal would not print (control characters, bytes that
    were not UTF-8) written as escapes (``\\x1b``, ``\\udcff``), except ``keep``."""
    return "".join(c if c.isprintable() or c in keep else ascii(c)[1:-1] for c in text)


def _clipped(message: str) -> str:
    """``message`` with each very long word (a 100 kB hand or name quoted back) cut in
    the middle, its ends kept."""
    return re.sub(r"\S{160,}", lambda m: f"{m[0][:100]}…{m[0][-40:]}", message)


def caret_lines(hand: str, position: int, context: int = CARET_CONTEXT) -> str:
    """The hand string (``context`` characters either side of the fault when it is long)
    and a caret under the fault.

    >>> print(caret_lines("123m4x", 5))
      123m4x
           ^
    >>> print(caret_lines("1m2m3m4m5m6m7m", 6, context=4))
      …2m3m4m5m…
           ^
    """
    start = max(0, position - context)
    end = min(len(hand), position + context)
    before = ("…" if start else "") + _shown(hand[start:position])
    after = _shown(hand[position:end]) + ("…" if end < len(hand) else "")
    return f"  {before}{after}\n  {' ' * cell_len(before)}^"
