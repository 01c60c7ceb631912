"""Running a JSON Lines file through a line handler, with a progress bar on stderr, and
the options and reports every batch command shares (``score --batch``, ``analyze
--batch``, ``simulate``, ``replay``): ``--workers``, ``--ray``, ``--ray-address``,
``--out``, ``--resume``, the progress bar over the whole job, the retry summary and what
Ctrl-C leaves.

The work itself runs through :mod:`fanshu.batch`: the input is cut into shards, run by
the executor the options choose, and put back in input order, so that the output is the
same bytes whatever the executor and the number of workers.
"""

from __future__ import annotations

import contextlib
import functools
import inspect
import io
import os
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import islice
from typing import IO, TYPE_CHECKING, Annotated, Any, TypeVar, cast

import typer

if TYPE_CHECKING:  # the batch machinery and rich's progress bar load when a batch runs
    from rich.progress import Task
    from rich.text import Text

    from fanshu.batch.executors import Executor
    from fanshu.batch.formats import Format, Kind
    from fanshu.batch.job import JobReport, Output
from fanshu.cli.errors import fail
from fanshu.cli.options import ProgressOption
from fanshu.protocol.lines import LineHandler, line_bytes, open_lines

#: In automatic mode the progress bar appears only for inputs at least this long.
PROGRESS_MIN_LINES = 500
#: The exit status of a run stopped by Ctrl-C (128 + SIGINT), its output left resumable.
EXIT_INTERRUPTED = 130
#: Lines per shard of ``score --batch`` and ``analyze --batch`` (least, most): a scored
#: line takes about 0.1 ms, an analysed one a few ms.
SCORE_SHARD = (100, 1000)
ANALYZE_SHARD = (10, 100)
#: On Ray, shards may be this many times larger than the most above.
RAY_SHARDS_LARGER = 4

# -- the options ---------------------------------------------------------------------------

WorkersOption = Annotated[
    int | None,
    typer.Option(
        "--workers",
        metavar="N",
        min=1,
        help="Run on N local worker processes (default: the number of cores; 1 runs in "
        "this process). The output is the same for any N.",
        show_default=False,
    ),
]
RayOption = Annotated[
    bool,
    typer.Option(
        "--ray",
        help="Run on Ray: a local Ray instance started for the run (--workers CPUs), or "
        "the cluster of --ray-address. Needs pip install 'fanshu\\[ray]'.",
    ),
]
RayAddressOption = Annotated[
    str | None,
    typer.Option(
        "--ray-address",
        metavar="ADDRESS",
        help="Run on the Ray cluster at ADDRESS (implies --ray): HOST:PORT, ray://HOST:10001, "
        "or auto (the cluster 'ray start' started on this machine).",
        show_default=False,
    ),
]
ShardTimeoutOption = Annotated[
    float | None,
    typer.Option(
        "--shard-timeout",
        metavar="SECONDS",
        help="Take a shard as hung when it runs longer than SECONDS (on Ray: when no shard "
        "has finished for that long): stop its worker and run it again, as for a worker "
        "that dies. Needs worker processes (with --workers 1, one is started). Default: "
        "no limit.",
        show_default=False,
    ),
]
OutOption = Annotated[
    str | None,
    typer.Option(
        "--out",
        metavar="FILE",
        help="Write the output lines to FILE instead of stdout; if the run is interrupted, "
        "FILE.resume.json says where it stopped and --resume continues it.",
        show_default=False,
    ),
]
FormatOption = Annotated[
    str | None,
    typer.Option(
        "--format",
        metavar="jsonl|parquet",
        help="The format of --out FILE: JSON Lines, or Parquet (pip install "
        "'fanshu\\[parquet]'; docs/results-schema.md). Default: parquet for a .parquet or "
        ".pq FILE, else jsonl.",
        show_default=False,
    ),
]
ResumeOption = Annotated[
    bool,
    typer.Option(
        "--resume",
        help="Continue an interrupted run: keep the complete part of --out FILE (as "
        "FILE.resume.json records it) and go on from there. The result is the file an "
        "uninterrupted run writes.",
    ),
]


@dataclass(frozen=True, slots=True)
class Execution:
    """Where a batch runs, from ``--workers``, ``--ray``, ``--ray-address`` and
    ``--shard-timeout``."""

    workers: int | None = None
    ray: bool = False
    ray_address: str | None = None
    shard_timeout: float | None = None

    def executor(self) -> Executor:
        """The executor, or ``fail`` (e.g. ``--ray`` without Ray installed)."""
        from fanshu.batch.executors import ExecutorError, make_executor

        try:
            return make_executor(
                self.workers,
                ray=self.ray,
                ray_address=self.ray_address,
                shard_timeout=self.shard_timeout,
            )
        except ExecutorError as e:
            raise fail(str(e)) from None

    def size_for(self, total: int | None, limits: tuple[int, int]) -> int:
        """Items per shard for ``total`` items (see :func:`fanshu.batch.shards.shard_size`);
        on Ray, up to :data:`RAY_SHARDS_LARGER` times larger, since a Ray task costs
        milliseconds more than a shard sent down a pipe (its items and result go through
        Ray's object store)."""
        from fanshu.batch.executors import cpu_count
        from fanshu.batch.shards import shard_size

        workers = self.workers or cpu_count()
        most = limits[1] * (RAY_SHARDS_LARGER if self.ray or self.ray_address else 1)
        return shard_size(total, workers, least=limits[0], most=most)


#: Where a batch runs when no option says otherwise: local processes, one per core.
DEFAULT_EXECUTION = Execution()

#: The execution options, as :func:`with_execution` gives them to a command: name,
#: annotation (the typer option) and default.
EXECUTION_OPTIONS: tuple[tuple[str, Any, Any], ...] = (
    ("workers", WorkersOption, None),
    ("ray", RayOption, False),
    ("ray_address", RayAddressOption, None),
    ("shard_timeout", ShardTimeoutOption, None),
)

_Command = TypeVar("_Command", bound=Callable[..., Any])


def _in_place_of(
    command: _Command, name: str, options: tuple[tuple[str, Any, Any], ...], make: Any
) -> _Command:
    """``command`` with its parameter ``name`` shown to typer as ``options`` (name,
    annotation, default) in its place, and called with ``make(*their values)`` as
    ``name``; ``TypeError`` when ``command`` has no such parameter."""
    signature = inspect.signature(command, eval_str=True)
    parameters: list[inspect.Parameter] = []
    for parameter in signature.parameters.values():
        if parameter.name == name:
            parameters.extend(
                inspect.Parameter(option, parameter.kind, default=default, annotation=annotation)
                for option, annotation, default in options
            )
        else:
            parameters.append(parameter)
    if len(parameters) != len(signature.parameters) + len(options) - 1:
        raise TypeError(f"{command.__name__} has no {name!r} parameter")

    @functools.wraps(command)
    def run(*args: Any, **kwargs: Any) -> Any:
        values = [kwargs.pop(option) for option, _, _ in options]
        return command(*args, **{name: make(*values)}, **kwargs)

    # what typer reads: inspect.signature takes __signature__ before __wrapped__
    run.__dict__["__signature__"] = signature.replace(parameters=parameters)
    run.__annotations__ = {p.name: p.annotation for p in parameters} | {
        "return": signature.return_annotation
    }
    return cast(_Command, run)


def with_execution(command: _Command) -> _Command:
    """A batch command with the execution options: where ``command`` declares
    ``execution: Execution = DEFAULT_EXECUTION``, typer sees ``--workers``, ``--ray``,
    ``--ray-address`` and ``--shard-timeout`` (in that place in ``--help``), and the
    command gets the :class:`Execution` they make.  Every batch command declares these
    four options once, here."""
    return _in_place_of(command, "execution", EXECUTION_OPTIONS, Execution)


@dataclass(frozen=True, slots=True)
class BatchRun:
    """A one-hand command's ``--batch FILE`` and the options that go with it: the
    progress bar, where it runs, ``--out``, ``--format`` and ``--resume``."""

    file: str | None = None
    progress: bool | None = None
    execution: Execution = DEFAULT_EXECUTION
    out: str | None = None
    fmt: str | None = None
    resume: bool = False


#: A one-hand command run on its HAND.
NO_BATCH = BatchRun()


def with_batch(batch_option: Any) -> Callable[[_Command], _Command]:
    """A one-hand command that runs a ``--batch FILE`` too: where ``command`` declares
    ``batch: BatchRun = NO_BATCH``, typer sees ``--batch`` (``batch_option``: each
    command says what its lines are), ``--progress``, the execution options (see
    :func:`with_execution`), ``--out``, ``--format`` and ``--resume``, in that place in
    ``--help``; the command gets the :class:`BatchRun` they make."""
    options: tuple[tuple[str, Any, Any], ...] = (
        ("batch", batch_option, None),
        ("progress", ProgressOption, None),
        ("execution", Execution, DEFAULT_EXECUTION),
        ("out", OutOption, None),
        ("output_format", FormatOption, None),
        ("resume", ResumeOption, False),
    )

    def decorate(command: _Command) -> _Command:
        return with_execution(_in_place_of(command, "batch", options, BatchRun))

    return decorate


# -- input, progress and reports ---------------------------------------------------------


def open_input(path: str) -> tuple[IO[str], int | None]:
    """The input stream and, for a regular file, its number of lines (for the bar): read
    by :func:`fanshu.protocol.lines.open_lines`, lines ending at ``\\n`` only and bytes
    that are not UTF-8 kept (such a line is then an ``invalid_text`` error object)."""
    if path == "-":
        # read as a file is read, whatever the encoding and error handler of sys.stdin
        buffer = getattr(sys.stdin, "buffer", None)
        if buffer is None:
            return sys.stdin, None
        return open_lines(buffer), None
    try:
        f = open_lines(open(path, "rb"))  # noqa: SIM115 (closed by the caller)
    except OSError as e:
        raise fail(f"cannot read {path}: {e.strerror or e}") from None
    try:
        with open(path, "rb") as counter:
            total = sum(1 for _ in counter)
        return f, total
    except OSError:
        return f, None


def want_progress(progress: bool | None, total: int | None, *, to_file: bool = False) -> bool:
    """Whether to show the progress bar: as ``--progress/--no-progress`` say, else when
    stderr is a terminal and the results do not scroll on one (stdout is not a terminal,
    or they go ``to_file``), for inputs of unknown length or long ones."""
    if progress is not None:
        return progress
    try:
        if not sys.stderr.isatty() or (sys.stdout.isatty() and not to_file):
            return False  # results scrolling on the terminal are progress enough
    except (AttributeError, ValueError):
        return False
    return total is None or total >= PROGRESS_MIN_LINES


def rate_column(unit: str) -> Any:
    """A progress column of items per second, e.g. ``16,384 lines/s`` (rich's progress
    module is imported here, when a bar is drawn)."""
    from rich.progress import ProgressColumn
    from rich.text import Text

    class RateColumn(ProgressColumn):
        def render(self, task: Task) -> Text:
            speed = task.finished_speed or task.speed
            if speed is None:
                return Text(f"- {unit}/s", style="progress.data.speed")
            return Text(f"{speed:,.0f} {unit}/s", style="progress.data.speed")

    return RateColumn()


@contextlib.contextmanager
def job_progress(
    show: bool, total: int | None, verb: str, unit: str, *, completed: int = 0
) -> Iterator[Callable[[int], None] | None]:
    """A transient progress bar on stderr over the whole job (``completed`` already done
    by an earlier run): items done, rate, time elapsed and left.  Yields the callback
    that advances it (None when not ``show``)."""
    if not show:
        yield None
        return
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

    columns = (
        SpinnerColumn(),
        TextColumn(verb),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn(unit),
        rate_column(unit),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
    )
    with Progress(
        *columns,
        console=Console(stderr=True),
        transient=True,
        redirect_stdout=False,
        redirect_stderr=False,
    ) as bar:
        task = bar.add_task(verb, total=total, completed=completed)

        def advance(n: int) -> None:
            bar.advance(task, n)

        yield advance


def where(report: JobReport) -> str:
    """The executor of a run, for its summary: ``2 processes``, ``ray (2 CPUs)`` …"""
    if report.executor == "serial":
        return "1 process"
    if report.executor == "ray":
        return f"Ray ({report.workers} CPUs)"
    return f"{report.workers} processes"


def say_retries(report: JobReport, unit: str) -> None:
    """The retry summary on stderr, if any shard had to be run again."""
    if report.retries:
        typer.echo(f"retried: {report.retry_summary(unit)}", err=True)


def stop_interrupted(
    report: JobReport,
    output: Output | None,
    total: int | None,
    unit: str,
    *,
    how: str | None = None,
) -> typer.Exit:
    """Say where an interrupted run stopped (and how to go on, or ``how`` when the run
    writes no output); the Exit to raise."""
    done = output.position.items if output is not None else report.stopped_at
    of = f" of {total:,}" if total is not None else ""
    if output is not None and output.path is not None and output.recorded:
        how = (
            f"{output.path} holds their output, {output.path}.resume.json where it "
            "stopped: run the same command with --resume to go on"
        )
    elif output is not None and output.path is not None:
        how = f"{output.path} holds their output"
    elif how is None:
        how = "the output above holds their lines; write to --out FILE to be able to --resume"
    typer.echo(f"interrupted: {done:,}{of} {unit} done; {how}", err=True)
    return typer.Exit(EXIT_INTERRUPTED)


def stop_while_checking(output: Output, unit: str) -> typer.Exit:
    """Ctrl-C while ``--resume`` reads the part of the input already done, before any new
    output: the file and its record stay as they were.  The Exit to raise."""
    output.close(complete=False)
    typer.echo(
        f"interrupted while checking the {output.position.items:,} {unit} already "
        f"done; {output.path} and its record are as they were: run the same command "
        "with --resume to go on",
        err=True,
    )
    return typer.Exit(EXIT_INTERRUPTED)


def output_format_or_fail(fmt: str | None, out: str | None, *, resume: bool) -> Format:
    """The format of ``--out`` (``--format``, else from its suffix: ``.parquet`` is
    Parquet), or ``fail``: Parquet needs a file."""
    from fanshu.batch.formats import FORMATS, format_of_path

    if fmt is None:
        return "jsonl" if out is None else format_of_path(out)
    if fmt not in FORMATS:
        raise fail(f"--format is one of {', '.join(FORMATS)}, not {fmt!r}")
    if fmt == "parquet" and out is None:
        raise fail("--format parquet needs --out FILE")
    return fmt


def open_output(
    out: str | None,
    *,
    job: dict[str, Any],
    resume: bool,
    fmt: Format = "jsonl",
    kind: Kind = "score",
    players: list[str] | None = None,
) -> Output:
    """The output of a batch command (stdout when ``out`` is None), or ``fail``."""
    from fanshu.batch.formats import FormatError
    from fanshu.batch.job import JsonlOutput, RecordsOutput, ResumeError

    try:
        if fmt != "jsonl" and out is not None:
            return RecordsOutput(out, fmt, kind, players=players, job=job, resume=resume)
        return JsonlOutput(out, job=job, resume=resume)
    except (ResumeError, FormatError) as e:
        raise fail(str(e)) from None


def run_batch_file(
    path: str,
    run: BatchRun,
    *,
    handle: LineHandler | None = None,
    verb: tuple[str, str] = ("scoring", "scored"),
    command: str = "score",
) -> None:
    """Run a JSON Lines file (``-`` for stdin) through ``handle`` (default: scoring) to
    stdout or ``run.out``, one output line per input line, in input order, on the executor
    of ``run.execution``; ``verb`` labels the bar and the summary, ``command`` names the
    job in the resume record (and the kind of Parquet records, with ``run.fmt`` parquet)."""
    from rich.console import Console

    from fanshu.batch.executors import ExecutorError
    from fanshu.batch.formats import FormatError
    from fanshu.batch.job import run_to_output
    from fanshu.batch.shards import shards
    from fanshu.batch.tasks import LinesTask

    progress, execution, out, resume = run.progress, run.execution, run.out, run.resume
    form = output_format_or_fail(run.fmt, out, resume=resume)
    stream, total = open_input(path)
    limits = ANALYZE_SHARD if command == "analyze" else SCORE_SHARD
    kind: Kind = "analyze" if command == "analyze" else "score"
    try:
        job = {"command": command, "format": form}
        output = open_output(out, job=job, resume=resume, fmt=form, kind=kind)
        import hashlib  # here: a one-hand run needs no digest

        digest = hashlib.sha256()
        skip = output.position.items
        if skip:
            try:
                for line in islice(stream, skip):
                    digest.update(line_bytes(line))
            except KeyboardInterrupt:
                raise stop_while_checking(output, "lines") from None
            if digest.hexdigest() != output.position.digest:
                output.close(complete=False)
                raise fail(
                    f"cannot resume: the first {skip} lines of {path} are not the input "
                    f"{out} was written from"
                )
        left = None if total is None else max(0, total - skip)
        size = execution.size_for(left, limits)
        executor = execution.executor()
        show = want_progress(progress, total, to_file=out is not None)
        try:
            with job_progress(show, total, verb[0], "lines", completed=skip) as advance:
                work = shards(stream, size, first=skip)
                task = LinesTask(handle, with_rules=form != "jsonl" and kind == "score")
                report = run_to_output(
                    task, work, executor, output, progress=advance, digest=digest
                )
        except (ExecutorError, FormatError) as e:
            raise fail(str(e)) from None
        say_retries(report, "lines")
        if report.interrupted:
            raise stop_interrupted(report, output, total, "lines")
        if show:
            ok, errors = report.aggregate
            rate = report.items / report.elapsed if report.elapsed else 0.0
            Console(stderr=True).print(
                f"{verb[1]} {ok + errors} lines ({ok} ok, {errors} errors) in "
                f"{report.elapsed:.1f}s ({rate:,.0f} lines/s) on {where(report)}",
                highlight=False,
            )
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
    batch: BatchRun,
    *,
    example: str,
    handle: LineHandler | None = None,
    verb: tuple[str, str] = ("scoring", "scored"),
    command: str = "score",
) -> str | None:
    """The HAND a one-hand command is to handle, or None once ``--batch FILE`` has been
    run instead (through ``handle``, as ``batch`` says); ``fail`` for both or neither
    (``example`` shows a command with a HAND), or for batch options without
    ``--batch``."""
    if batch.file is not None:
        if hand is not None:
            raise fail("give either a HAND or --batch FILE, not both")
        run_batch_file(batch.file, batch, handle=handle, verb=verb, command=command)
        return None
    if hand is None:
        raise fail(f"missing HAND (e.g. {example}), or use --batch FILE")
    if batch.out is not None or batch.resume or batch.fmt is not None:
        raise fail("--out, --format and --resume go with --batch FILE")
    return hand
