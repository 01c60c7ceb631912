"""Running a job: shards in, results put back in input order and streamed to the output
as soon as the next shard in order is done, progress as shards finish, retries counted,
Ctrl-C stopping cleanly with a record of where the output stops, and ``--resume``
continuing from that record.

:func:`run_job` is the engine: it keeps the executor busy (a bounded number of shards
ahead of the output, so that memory stays small whatever the input's length), waits for
any shard, and hands each finished shard to ``on_result`` strictly in input order.  The
output therefore does not depend on the executor, on the number of workers or on the
order in which shards finish.

:class:`JsonlOutput` is where JSON Lines go: stdout, or a file with a *resume record*
beside it (``FILE.resume.json``) that says how far the file is complete — input items
done, output lines and bytes, a digest of the input consumed and the task's running
total.  The record is brought up to date as shards are written (at most twice a second)
and when the job stops; a job that completes removes it.  ``--resume`` reads the record,
cuts the file back to the bytes it vouches for, and the job goes on from the next item.

:func:`run_to_output` ties the two together for a task.

>>> from fanshu.batch.executors import Serial
>>> from fanshu.batch.shards import shards
>>> from fanshu.batch.tasks import LinesTask
>>> import io
>>> out = io.StringIO()
>>> lines = ['{"id": %d, "hand": "[EEEE]123m456p789s11s"}' % i for i in range(5)]
>>> report = run_to_output(LinesTask(), shards(lines, 2), Serial(), JsonlOutput(None, stream=out))
>>> report.items, report.shards, report.aggregate, out.getvalue().count("\\n")
(5, 3, (5, 0), 5)
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import chain
from typing import IO, Any, Protocol

from fanshu.batch.executors import Executor, Retry, Serial
from fanshu.batch.formats import Format, FormatError, Kind, Writer, open_writer
from fanshu.batch.shards import Shard
from fanshu.batch.tasks import FAULT_DIE, FAULT_HANG, ShardResult, Task
from fanshu.protocol.lines import line_bytes

__all__ = [
    "FAULT_ENV",
    "RECORD_SUFFIX",
    "Faults",
    "JobReport",
    "JsonlOutput",
    "Output",
    "Position",
    "RecordsOutput",
    "ResumeError",
    "read_record",
    "run_job",
    "run_to_output",
]

#: Test hook: ``die:K`` (the worker running shard K dies half way through it, on the
#: shard's first attempt), ``hang:K`` (it hangs there instead, for ``--shard-timeout`` to
#: find) and ``interrupt:K`` (the job stops as if by Ctrl-C once shard K is written),
#: comma-separated.  Shards are numbered from 0 in each run.
FAULT_ENV = "FANSHU_BATCH_FAULT"
#: The resume record of ``FILE`` is ``FILE`` + this.
RECORD_SUFFIX = ".resume.json"
#: The version of the resume record's format.
RECORD_VERSION = 1
#: Seconds between two updates of the resume record while a job runs.
CHECKPOINT_EVERY = 0.5


@dataclass(frozen=True, slots=True)
class Faults:
    """Faults a test asks for (see :data:`FAULT_ENV`).

    >>> Faults.parse("die:3, interrupt:5,die:7,hang:2")
    Faults(die=frozenset({3, 7}), interrupt=frozenset({5}), hang=frozenset({2}))
    """

    die: frozenset[int] = frozenset()
    interrupt: frozenset[int] = frozenset()
    hang: frozenset[int] = frozenset()

    @classmethod
    def parse(cls, text: str) -> Faults:
        die: set[int] = set()
        interrupt: set[int] = set()
        hang: set[int] = set()
        for part in text.split(","):
            part = part.strip()
            if not part:
                continue
            kind, _, k = part.partition(":")
            target = {"die": die, "interrupt": interrupt, "hang": hang}.get(kind.strip())
            if target is None or not k.strip().isdigit():
                raise ValueError(f"{FAULT_ENV}: die:K, hang:K or interrupt:K, not {part!r}")
            target.add(int(k))
        return cls(frozenset(die), frozenset(interrupt), frozenset(hang))

    @classmethod
    def from_env(cls) -> Faults:
        return cls.parse(os.environ.get(FAULT_ENV, ""))

    def worker_faults(self) -> dict[int, str]:
        """The faults for the executor: shard number to fault."""
        return {**{k: FAULT_HANG for k in self.hang}, **{k: FAULT_DIE for k in self.die}}


@dataclass
class JobReport:
    """What a run of a job came to (this run only: a resumed job's earlier part is in
    its output's :class:`Position`)."""

    executor: str
    workers: int
    shards: int = 0  # shards written
    items: int = 0  # input items whose output is written
    lines: int = 0  # output lines written
    #: Input position after the last item written (where a resume would go on).
    stopped_at: int = 0
    retries: list[Retry] = field(default_factory=list)
    #: Each retried shard's items, first and last.
    spans: dict[int, tuple[int, int]] = field(default_factory=dict)
    interrupted: bool = False
    elapsed: float = 0.0
    #: CPU seconds the shards written took in their workers (their sum).
    cpu: float = 0.0
    #: The task's total over the whole job (a resumed job's earlier part included).
    aggregate: Any = None

    def retry_lines(self, unit: str = "items") -> list[str]:
        """One line per retry: the shard, its items (numbered from 1) and why."""
        out = []
        for r in self.retries:
            first, last = self.spans.get(r.shard, (-1, -1))
            span = f" ({unit} {first + 1}-{last + 1})" if first >= 0 else ""
            out.append(f"shard {r.shard}{span}, attempt {r.attempt + 1}: {r.reason}")
        return out

    def retry_summary(self, unit: str = "items") -> str:
        """``no retries``, or how many shards were run again and why."""
        if not self.retries:
            return "no retries"
        shards = len({r.shard for r in self.retries})
        head = (
            f"{len(self.retries)} retr{'y' if len(self.retries) == 1 else 'ies'} "
            f"({shards} shard{'s' if shards != 1 else ''} run again, nothing lost or repeated)"
        )
        return head + "".join(f"\n  {line}" for line in self.retry_lines(unit))


def run_job(
    task: Task,
    shards: Iterable[Shard[Any]],
    executor: Executor,
    *,
    on_result: Callable[[Shard[Any], ShardResult], None],
    progress: Callable[[int], None] | None = None,
    interrupt_after: frozenset[int] = frozenset(),
    window: int | None = None,
) -> JobReport:
    """Run ``task`` on every shard with ``executor``; call ``on_result`` for each shard in
    input order, as soon as it and every shard before it are done; ``progress(weight)``
    as each shard finishes, in any order.

    At most ``window`` shards (default four per worker, and four) are out between the
    last one handed to ``on_result`` and the last one read from ``shards``.  A job of a
    single shard runs in this process (starting workers would cost more).  Ctrl-C
    (KeyboardInterrupt) stops the workers and returns a report with ``interrupted`` set:
    everything before ``stopped_at`` went to ``on_result``, nothing after.  An exception
    raised by a task is raised here once the shards before it are written; one raised
    by ``shards`` (bad input) at once.  The executor is closed either way.
    """
    started = time.monotonic()
    report = JobReport(executor.name, executor.workers)
    source = iter(shards)
    try:
        first = next(source, None)
        second = next(source, None) if first is not None else None
    except BaseException:
        executor.close()
        raise
    if first is None:
        executor.close()
        report.elapsed = time.monotonic() - started
        return report
    runner: Executor = executor
    if second is None and executor.spread:
        executor.close()
        runner = Serial()
    report.executor, report.workers = runner.name, runner.workers
    report.stopped_at = first.start
    pending: Iterator[Shard[Any]] = chain([first] if second is None else [first, second], source)

    def room() -> bool:
        """Whether to hand the executor another shard: two per worker at most (one
        running, one waiting), and at most ``window`` ahead of the output.  Worked out
        each time: a Ray cluster's size is known only once Ray has started."""
        ahead = window or 4 * runner.workers + 4
        return runner.pending < 2 * runner.workers and next_read - next_write < ahead

    done: dict[int, tuple[Shard[Any], ShardResult | BaseException]] = {}
    spans: dict[int, tuple[int, int]] = {}
    next_write = next_read = first.index
    exhausted = False
    try:
        while True:
            while not exhausted and room():
                shard = next(pending, None)
                if shard is None:
                    exhausted = True
                    break
                spans[shard.index] = (shard.start, shard.end - 1)
                runner.submit(task, shard)
                next_read = shard.index + 1
            if not runner.pending:
                break
            shard, outcome = runner.next_done()
            if progress is not None:
                progress(shard.weight)
            done[shard.index] = (shard, outcome)
            while next_write in done:
                shard, outcome = done.pop(next_write)
                if isinstance(outcome, BaseException):
                    raise outcome
                on_result(shard, outcome)
                report.shards += 1
                report.items += len(shard)
                report.lines += outcome.lines
                report.cpu += outcome.cpu
                report.stopped_at = shard.end
                next_write += 1
                if shard.index in interrupt_after:
                    raise KeyboardInterrupt
    except KeyboardInterrupt:
        report.interrupted = True
        runner.abort()
    except BaseException:
        runner.abort()
        raise
    finally:
        runner.close()
        report.workers = runner.workers
        report.retries = list(runner.retries)
        report.spans = {r.shard: spans[r.shard] for r in report.retries if r.shard in spans}
        report.elapsed = time.monotonic() - started
    return report


# -- the output and its resume record ---------------------------------------------------


class ResumeError(Exception):
    """A ``--resume`` that cannot be: no record, another job's record, a changed file."""


@dataclass(frozen=True, slots=True)
class Position:
    """How far an output is complete: ``items`` input items done, ``lines`` output lines
    and ``bytes`` bytes written for them, the ``digest`` (SHA-256) of the input consumed
    where the job keeps one, and the task's running total as JSON."""

    items: int = 0
    lines: int = 0
    bytes: int = 0
    digest: str | None = None
    aggregate: Any = None
    #: Records written (a Parquet output's rows, checked against the file on a resume;
    #: None for JSON Lines, whose bytes are checked).
    records: int | None = None


def read_record(path: str) -> dict[str, Any] | None:
    """The resume record of the output ``path`` (None if there is none)."""
    try:
        with open(path + RECORD_SUFFIX, encoding="utf-8") as f:
            data = json.load(f)
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as e:
        raise ResumeError(f"cannot read {path}{RECORD_SUFFIX}: {e}") from None
    if not isinstance(data, dict) or data.get("fanshu_resume") != RECORD_VERSION:
        raise ResumeError(f"{path}{RECORD_SUFFIX} is not a resume record this fanshu reads")
    return data


def _same_job(path: str, record: Mapping[str, Any], job: Mapping[str, Any]) -> None:
    """ResumeError unless ``record`` was written by ``job``, naming the first difference."""
    old = record.get("job") or {}
    for key in sorted(set(old) | set(job)):
        if old.get(key) != job.get(key):
            raise ResumeError(
                f"{path} is the output of another job: {key} was "
                f"{json.dumps(old.get(key), ensure_ascii=False)}, now "
                f"{json.dumps(job.get(key), ensure_ascii=False)}"
            )


def _recorded_position(record_path: str, record: Mapping[str, Any]) -> Position:
    at = record.get("stopped_at") or {}
    try:
        return Position(
            int(at["items"]),
            int(at["lines"]),
            int(at.get("bytes", 0)),
            record.get("input_sha256"),
            record.get("aggregate"),
            None if at.get("records") is None else int(at["records"]),
        )
    except (KeyError, TypeError, ValueError):
        raise ResumeError(f"{record_path} has no valid stopped_at") from None


def _write_record(
    record_path: str, job: Mapping[str, Any], p: Position, *, interrupted: bool
) -> None:
    """Write the resume record of an output at ``p`` (atomically: a new file renamed)."""
    record = {
        "fanshu_resume": RECORD_VERSION,
        "job": job,
        "complete": False,
        "interrupted": interrupted,
        "stopped_at": {"items": p.items, "lines": p.lines, "bytes": p.bytes}
        | ({} if p.records is None else {"records": p.records}),
        "input_sha256": p.digest,
        "aggregate": p.aggregate,
    }
    tmp = record_path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(record, f, ensure_ascii=False)
        f.write("\n")
    os.replace(tmp, record_path)


def _nothing_to_resume(path: str, record_path: str) -> ResumeError:
    return ResumeError(
        f"nothing to resume: {path} has no resume record ({record_path}), so it is "
        "complete or was not written by fanshu; run without --resume to write it anew"
    )


class _Digest(Protocol):
    def update(self, data: bytes, /) -> None: ...

    def hexdigest(self) -> str: ...


class JsonlOutput:
    """A job's JSON Lines: to ``stream`` (stdout by default) when ``path`` is None, else
    to the file ``path``, in binary (UTF-8, ``\\n`` line ends), with its resume record.

    ``job`` identifies the job (command and parameters, as JSON): a record written by
    another job is refused on ``resume``.  With ``resume`` the file is reopened where its
    record says the complete part ends (``position``); without it the file is written
    anew and an old record removed.  ``--resume`` of a file that does not exist starts
    it; of a file without a record (complete, or not a fanshu output) is an error.
    """

    def __init__(
        self,
        path: str | None,
        *,
        job: Mapping[str, Any] | None = None,
        resume: bool = False,
        stream: IO[str] | None = None,
    ) -> None:
        self.path = path
        self.job: dict[str, Any] = json.loads(json.dumps(dict(job or {})))
        self.position = Position()
        self.resumed = False
        self.recorded = False
        self._bytes = 0
        self._last_checkpoint = 0.0
        self._file: IO[bytes] | None = None
        self._text: IO[str] | None = None
        if path is None:
            if resume:
                raise ResumeError("--resume needs --out FILE: output to stdout cannot be resumed")
            self._text = stream if stream is not None else sys.stdout
            return
        self.record_path = path + RECORD_SUFFIX
        # a device or a pipe (--out /dev/null) is written, but cannot be resumed
        self.recorded = not os.path.exists(path) or os.path.isfile(path)
        if not self.recorded and resume:
            raise ResumeError(f"cannot resume {path}: not a regular file")
        record = read_record(path) if resume else None
        try:
            if record is not None:
                self._reopen(path, record)
            elif resume and os.path.exists(path):
                raise _nothing_to_resume(path, self.record_path)
            else:
                self._file = open(path, "wb")  # noqa: SIM115 (closed by close())
                self._write_record(interrupted=False)
        except OSError as e:
            raise ResumeError(f"cannot write {path}: {e.strerror or e}") from None

    def _reopen(self, path: str, record: Mapping[str, Any]) -> None:
        _same_job(path, record, self.job)
        position = _recorded_position(self.record_path, record)
        try:
            size = os.path.getsize(path)
        except OSError:
            raise ResumeError(f"cannot resume: {path} is gone (its record is there)") from None
        if size < position.bytes:
            raise ResumeError(
                f"cannot resume: {path} has {size} bytes, fewer than the {position.bytes} "
                "its record vouches for (it was changed)"
            )
        self._file = open(path, "r+b")  # noqa: SIM115 (closed by close())
        self._file.truncate(position.bytes)  # drop what was written after the record
        self._file.seek(position.bytes)
        self.position = position
        self._bytes = position.bytes
        self.resumed = True

    def write(self, text: str, result: ShardResult | None = None) -> None:
        """Append a shard's lines (each ending in a newline)."""
        if not text:
            return
        if self._file is not None:
            data = text.encode("utf-8")
            self._file.write(data)
            self._bytes += len(data)
        elif self._text is not None:
            self._text.write(text)

    def commit(self, items: int, lines: int, aggregate: Any, digest: str | None) -> None:
        """Mark everything written so far as complete: ``items`` input items done in all,
        ``lines`` more output lines, the running total (JSON) and input digest."""
        self.position = Position(items, self.position.lines + lines, self._bytes, digest, aggregate)
        if self._text is not None:
            self._text.flush()
        now = time.monotonic()
        if self._file is not None and now - self._last_checkpoint >= CHECKPOINT_EVERY:
            self._file.flush()
            self._write_record(interrupted=False)
            self._last_checkpoint = now

    def _write_record(self, *, interrupted: bool) -> None:
        if self.recorded:
            _write_record(self.record_path, self.job, self.position, interrupted=interrupted)

    def close(self, *, complete: bool) -> None:
        """Finish the output: a complete one loses its record; an incomplete one (Ctrl-C)
        is cut back to its last complete shard and its record says where it stopped."""
        if self._text is not None:
            with contextlib.suppress(BrokenPipeError, ValueError):
                self._text.flush()
            return
        if self._file is None:
            return
        f, self._file = self._file, None
        try:
            if complete or not self.recorded:
                f.flush()
                if self.recorded:
                    with contextlib.suppress(FileNotFoundError):
                        os.remove(self.record_path)
            else:
                f.truncate(self.position.bytes)
                f.flush()
                self._write_record(interrupted=True)
        finally:
            f.close()


class RecordsOutput:
    """A job's output as records through :func:`fanshu.batch.formats.open_writer`: a
    Parquet file (``fmt="parquet"``) of ``kind`` records (``score``, ``analyze``, or
    ``games`` with the bot in each seat as ``players``).

    Its resume record (``FILE.resume.json``, as for :class:`JsonlOutput`) is written when
    an interrupted run closes the file — a Parquet file is readable only once closed, so
    a process killed mid-run leaves nothing to resume.  ``resume`` copies the records of
    the interrupted file into a new one (``FILE.partial``, renamed over ``FILE`` when the
    run stops) and the job goes on from there: the records are those of an uninterrupted
    run (the row groups may be cut differently).
    """

    def __init__(
        self,
        path: str,
        fmt: Format,
        kind: Kind,
        *,
        players: Sequence[str] | None = None,
        job: Mapping[str, Any] | None = None,
        resume: bool = False,
    ) -> None:
        self.path = path
        self.kind = kind
        self.players = None if players is None else list(players)
        self.job: dict[str, Any] = json.loads(json.dumps(dict(job or {})))
        self.position = Position()
        self.resumed = False
        self.record_path = path + RECORD_SUFFIX
        self.recorded = not os.path.exists(path) or os.path.isfile(path)
        if not self.recorded and resume:
            raise ResumeError(f"cannot resume {path}: not a regular file")
        record = read_record(path) if resume else None
        self._target = path  # where the records go: FILE, or FILE.partial on a resume
        if record is None:
            if resume and os.path.exists(path):
                raise _nothing_to_resume(path, self.record_path)
            self._writer: Writer | None = open_writer(path, fmt, kind)
            if self.recorded:
                with contextlib.suppress(FileNotFoundError):
                    os.remove(self.record_path)  # an old run's, now overwritten
            return
        _same_job(path, record, self.job)
        self.position = _recorded_position(self.record_path, record)
        self._target = path + ".partial"
        self._writer = open_writer(self._target, fmt, kind)
        try:
            copied = self._writer.copy_records(path)
            vouched = self.position.records
            if copied != vouched:
                raise ResumeError(
                    f"cannot resume: {path} has {copied:,} records, not the "
                    f"{vouched or 0:,} its record vouches for (it was changed)"
                )
        except (FormatError, ResumeError) as e:
            self._writer.close()
            with contextlib.suppress(OSError):
                os.remove(self._target)
            raise (
                e if isinstance(e, ResumeError) else ResumeError(f"cannot resume {path}: {e}")
            ) from None
        self.resumed = True

    def write(self, text: str, result: ShardResult | None = None) -> None:
        if not text or self._writer is None:
            return
        if self.kind == "games":
            self._writer.write_jsonl(text, players=self.players)
        else:
            self._writer.write_jsonl(text, rules=None if result is None else result.rules)

    def commit(self, items: int, lines: int, aggregate: Any, digest: str | None) -> None:
        records = self._writer.count if self._writer is not None else self.position.records
        self.position = Position(items, self.position.lines + lines, 0, digest, aggregate, records)

    def close(self, *, complete: bool) -> None:
        """Close the file (renaming ``FILE.partial`` over ``FILE`` after a resume); a
        complete one loses its record, an incomplete one's says where it stopped."""
        writer, self._writer = self._writer, None
        if writer is None:
            return
        writer.close()
        if self._target != self.path:
            os.replace(self._target, self.path)
        if not self.recorded:
            return
        if complete:
            with contextlib.suppress(FileNotFoundError):
                os.remove(self.record_path)
        else:
            _write_record(self.record_path, self.job, self.position, interrupted=True)


#: Where a job's lines go.
Output = JsonlOutput | RecordsOutput


def run_to_output(
    task: Task,
    shards: Iterable[Shard[Any]],
    executor: Executor,
    output: Output | None,
    *,
    progress: Callable[[int], None] | None = None,
    digest: _Digest | None = None,
    faults: Faults | None = None,
) -> JobReport:
    """Run ``task`` over ``shards``, writing each shard's lines to ``output`` (None: the
    job writes nothing, as a replay) and merging its partial total into the report's
    ``aggregate``, which starts from the output's resumed total.

    ``digest`` (a ``hashlib`` object, already fed the input a resume skipped) is fed the
    text of each shard's items in order — items must then be strings, or the shard's
    ``extra`` the bytes they were read from — and kept in the record, so that a resume
    can check it is given the same input.  ``faults`` default to
    :meth:`Faults.from_env`.  The output is closed: complete, or interrupted.
    """
    faults = Faults.from_env() if faults is None else faults
    executor.faults.update(faults.worker_faults())
    total = task.empty()
    if output is not None and output.resumed and output.position.aggregate is not None:
        total = task.load(output.position.aggregate)
    state = {"total": total}

    def on_result(shard: Shard[Any], result: ShardResult) -> None:
        state["total"] = task.merge(state["total"], result.aggregate)
        if digest is not None:
            # parsed items (a replay's games) ride with their input's bytes in ``extra``
            extra = shard.extra
            digest.update(extra if isinstance(extra, bytes) else line_bytes("".join(shard.items)))
        if output is not None:
            output.write(result.text, result)
            output.commit(
                shard.end,
                result.lines,
                task.dump(state["total"]),
                None if digest is None else digest.hexdigest(),
            )

    try:
        report = run_job(
            task,
            shards,
            executor,
            on_result=on_result,
            progress=progress,
            interrupt_after=faults.interrupt,
        )
    except BaseException:
        if output is not None:
            output.close(complete=False)
        raise
    report.aggregate = state["total"]
    if output is not None:
        output.close(complete=not report.interrupted)
    return report
