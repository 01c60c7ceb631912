"""Running a JSON Lines file through a line handler, with a progress bar on stderr.

Shared by ``fanshu score --batch`` and ``fanshu analyze --batch``: the same input forms
(a file or ``-`` for stdin), output order, progress-bar rules and summary line.
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
import time
from typing import IO

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    SpinnerColumn,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from fanshu.cli.batch import LineHandler, process_line
from fanshu.cli.errors import fail

#: In automatic mode the progress bar appears only for inputs at least this long.
PROGRESS_MIN_LINES = 500


def open_input(path: str) -> tuple[IO[str], int | None]:
    """The input stream and, for a regular file, its number of lines (for the bar)."""
    if path == "-":
        # read as a file is read: bytes that are not UTF-8 become U+FFFD (the line is then
        # an error object), whatever the encoding and error handler of sys.stdin
        buffer = getattr(sys.stdin, "buffer", None)
        if buffer is None:
            return sys.stdin, None
        return io.TextIOWrapper(buffer, encoding="utf-8-sig", errors="replace", newline=None), None
    try:
        f = open(path, encoding="utf-8-sig", errors="replace", newline=None)  # noqa: SIM115
    except OSError as e:
        raise fail(f"cannot read {path}: {e.strerror or e}") from None
    try:
        with open(path, "rb") as counter:
            total = sum(1 for _ in counter)
        return f, total
    except OSError:
        return f, None


def want_progress(progress: bool | None, total: int | None) -> bool:
    if progress is not None:
        return progress
    try:
        if not sys.stderr.isatty() or sys.stdout.isatty():
            return False  # results scrolling on the terminal are progress enough
    except (AttributeError, ValueError):
        return False
    return total is None or total >= PROGRESS_MIN_LINES


def run_batch_file(
    path: str,
    *,
    progress: bool | None,
    handle: LineHandler | None = None,
    verb: tuple[str, str] = ("scoring", "scored"),
) -> None:
    """Run a JSON Lines file (``-`` for stdin) through ``handle`` (default: scoring) to
    stdout, one output line per input line; ``verb`` labels the bar and the summary."""
    stream, total = open_input(path)
    out = sys.stdout
    show = want_progress(progress, total)
    started = time.monotonic()
    counts = {"ok": 0, "errors": 0}

    try:
        if show:
            err = Console(stderr=True)
            columns = (
                SpinnerColumn(),
                TextColumn(verb[0]),
                BarColumn(),
                MofNCompleteColumn(),
                TextColumn("lines"),
                TimeElapsedColumn(),
                TimeRemainingColumn(),
            )
            with Progress(
                *columns,
                console=err,
                transient=True,
                redirect_stdout=False,
                redirect_stderr=False,
            ) as bar:
                task = bar.add_task(verb[0], total=total)
                for line in stream:
                    _emit(process_line(line, handle), out, counts)
                    bar.advance(task)
            elapsed = time.monotonic() - started
            err.print(
                f"{verb[1]} {counts['ok'] + counts['errors']} lines "
                f"({counts['ok']} ok, {counts['errors']} errors) in {elapsed:.1f}s",
                highlight=False,
            )
        else:
            for line in stream:
                _emit(process_line(line, handle), out, counts)
        out.flush()
    except BrokenPipeError:
        # The reader went away (``| head``): stop quietly, without a second error at exit.
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    finally:
        if path != "-":
            stream.close()
        elif stream is not sys.stdin and isinstance(stream, io.TextIOWrapper):
            stream.detach()  # let go of our wrapper, leaving the process's stdin open


def hand_or_batch(
    hand: str | None,
    batch: str | None,
    *,
    progress: bool | None,
    example: str,
    handle: LineHandler | None = None,
    verb: tuple[str, str] = ("scoring", "scored"),
) -> str | None:
    """The HAND a one-hand command is to handle, or None once ``--batch FILE`` has been
    run instead (through ``handle``); ``fail`` for both or neither (``example`` shows a
    command with a HAND)."""
    if batch is not None:
        if hand is not None:
            raise fail("give either a HAND or --batch FILE, not both")
        run_batch_file(batch, progress=progress, handle=handle, verb=verb)
        return None
    if hand is None:
        raise fail(f"missing HAND (e.g. {example}), or use --batch FILE")
    return hand


def _emit(line: str | None, out: IO[str], counts: dict[str, int]) -> None:
    if line is None:
        return
    out.write(line + "\n")
    if line.endswith('"error": null}'):
        counts["ok"] += 1
    else:
        counts["errors"] += 1


# -- the command ------------------------------------------------------------------------
