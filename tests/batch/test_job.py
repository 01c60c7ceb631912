"""``fanshu.batch.job``: results go out in input order whatever order shards finish in,
never more than a window ahead; Ctrl-C leaves an output cut at a shard boundary with a
record of where it stopped, and a resume from it gives the uninterrupted output."""

from __future__ import annotations

import hashlib
import io
import json
import os
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from fanshu.batch.executors import Retry, Serial
from fanshu.batch.job import (
    RECORD_SUFFIX,
    Faults,
    JsonlOutput,
    ResumeError,
    read_record,
    run_job,
    run_to_output,
)
from fanshu.batch.samples import score_lines
from fanshu.batch.shards import Shard, shards
from fanshu.batch.tasks import LinesTask, ShardResult, SimulateTask, Task
from fanshu.engine.simulate import simulate
from fanshu.protocol.lines import run_batch

LINES = [line + "\n" for line in score_lines(21, 400, broken_every=17)]
EXPECTED = "".join(out + "\n" for out in run_batch(LINES))


@dataclass
class Shuffled:
    """An executor that runs shards here but hands them back in a random order (and
    once says a shard's worker died), to stand for workers finishing out of order."""

    seed: int
    workers: int = 3
    name: str = "shuffled"
    spread: bool = True
    retries: list[Retry] = field(default_factory=list)
    faults: dict[int, str] = field(default_factory=dict)
    held: list[tuple[Task, Shard[Any]]] = field(default_factory=list)
    most_held: int = 0

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    @property
    def pending(self) -> int:
        return len(self.held)

    def submit(self, task: Task, shard: Shard[Any]) -> None:
        self.held.append((task, shard))
        self.most_held = max(self.most_held, len(self.held))

    def next_done(self) -> tuple[Shard[Any], ShardResult | BaseException]:
        task, shard = self.held.pop(self.rng.randrange(len(self.held)))
        if shard.index == 2 and not self.retries:
            self.retries.append(Retry(2, 0, "worker 1 died (killed by SIGKILL)"))
        try:
            return shard, task.run(shard.items)
        except Exception as e:  # as every executor does: the task's error is its outcome
            return shard, e

    def abort(self) -> None:
        self.held.clear()

    def close(self) -> None:
        pass


@pytest.mark.parametrize("seed", range(5))
def test_results_go_out_in_input_order(seed: int) -> None:
    written: list[int] = []
    advanced: list[int] = []
    text: list[str] = []

    def on_result(shard: Shard[Any], result: ShardResult) -> None:
        written.append(shard.index)
        text.append(result.text)

    ex = Shuffled(seed)
    report = run_job(
        LinesTask(), shards(LINES, 7), ex, on_result=on_result, progress=advanced.append, window=5
    )
    n = -(-len(LINES) // 7)
    assert written == list(range(n))
    assert "".join(text) == EXPECTED
    assert sum(advanced) == len(LINES) == report.items and report.shards == n
    assert report.lines == 400 and report.stopped_at == len(LINES)
    assert ex.most_held <= 5  # never more than the window ahead of the output
    assert report.retry_lines("lines") == [
        "shard 2 (lines 15-21), attempt 1: worker 1 died (killed by SIGKILL)"
    ]
    assert "1 retry (1 shard run again" in report.retry_summary("lines")


def test_a_single_shard_runs_here() -> None:
    ex = Shuffled(0)
    report = run_job(LinesTask(), shards(LINES[:5], 10), ex, on_result=lambda s, r: None)
    assert ex.most_held == 0 and report.executor == "serial" and report.items == 5


def test_no_input() -> None:
    report = run_job(LinesTask(), [], Serial(), on_result=lambda s, r: None)
    assert (report.items, report.shards, report.interrupted) == (0, 0, False)


def test_a_task_error_is_raised_after_the_shards_before_it() -> None:
    task = SimulateTask("two-player", ("random", "random"), 1, log=False)
    written: list[int] = []

    class Failing(SimulateTask):
        def run(self, items: Any) -> ShardResult:
            if 7 in items:
                raise RuntimeError("game 7 broke")
            return task.run(items)

    with pytest.raises(RuntimeError, match="game 7 broke"):
        run_job(
            Failing("two-player", ("random", "random"), 1, log=False),
            [Shard(i, 3 * i, range(3 * i, 3 * i + 3)) for i in range(5)],
            Shuffled(3),
            on_result=lambda s, r: written.append(s.index),
        )
    assert written == [0, 1]


def test_interrupt_fault_stops_after_that_shard() -> None:
    out = io.StringIO()
    output = JsonlOutput(None, stream=out)
    report = run_to_output(
        LinesTask(), shards(LINES, 50), Shuffled(1), output, faults=Faults.parse("interrupt:2")
    )
    assert report.interrupted and report.stopped_at == 150 and report.shards == 3
    assert out.getvalue() == "".join(EXPECTED.splitlines(keepends=True)[:150])


def test_faults_parse() -> None:
    assert Faults.parse("") == Faults()
    assert Faults.parse("die:1,die:2").worker_faults() == {1: "die", 2: "die"}
    assert Faults.parse("hang:1,die:2").worker_faults() == {1: "hang", 2: "die"}
    with pytest.raises(ValueError, match="die:K, hang:K or interrupt:K"):
        Faults.parse("explode:3")


# -- the output file and its resume record ---------------------------------------------


def _run(out: Path, *, resume: bool = False, faults: str = "", job: Any = None) -> Any:
    output = JsonlOutput(str(out), job=job or {"command": "test"}, resume=resume)
    digest = hashlib.sha256()
    skip = output.position.items
    for line in LINES[:skip]:
        digest.update(line.encode())
    report = run_to_output(
        LinesTask(),
        shards(LINES[skip:], 30, first=skip),
        Shuffled(2),
        output,
        digest=digest,
        faults=Faults.parse(faults),
    )
    return report, output


def test_interrupted_then_resumed_is_the_uninterrupted_file(tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    report, output = _run(out, faults="interrupt:4")
    assert report.interrupted
    record = read_record(str(out))
    assert record is not None and record["interrupted"] is True
    assert record["stopped_at"] == {"items": 150, "lines": 150, "bytes": out.stat().st_size}
    assert out.read_text(encoding="utf-8") == "".join(EXPECTED.splitlines(keepends=True)[:150])
    digest = hashlib.sha256("".join(LINES[:150]).encode()).hexdigest()
    assert record["input_sha256"] == digest
    assert record["aggregate"] == {"ok": 150 - 150 // 17, "errors": 150 // 17}
    # a crash after the record was written leaves extra bytes: the resume drops them
    with out.open("ab") as f:
        f.write(b'{"id": "half a line')
    report, output = _run(out, resume=True, faults="interrupt:3")
    assert output.resumed and report.interrupted and report.stopped_at == 270
    report, output = _run(out, resume=True)
    assert not report.interrupted and report.items == len(LINES) - 270
    assert report.aggregate == (400 - 400 // 17, 400 // 17)  # totals over the whole job
    assert out.read_text(encoding="utf-8") == EXPECTED
    assert not Path(str(out) + RECORD_SUFFIX).exists()


def test_a_complete_run_leaves_no_record(tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    _run(out)
    assert out.read_text(encoding="utf-8") == EXPECTED
    assert read_record(str(out)) is None
    with pytest.raises(ResumeError, match="nothing to resume"):
        _run(out, resume=True)


def test_resume_of_a_missing_file_starts_it(tmp_path: Path) -> None:
    out = tmp_path / "new.jsonl"
    _report, output = _run(out, resume=True)
    assert not output.resumed and out.read_text(encoding="utf-8") == EXPECTED


def test_resume_refuses_another_jobs_output(tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    _run(out, faults="interrupt:1", job={"command": "simulate", "seed": 1})
    with pytest.raises(ResumeError, match="another job: seed was 1, now 2"):
        _run(out, resume=True, job={"command": "simulate", "seed": 2})


def test_resume_refuses_a_shortened_file(tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    _run(out, faults="interrupt:1")
    out.write_bytes(out.read_bytes()[:-10])
    with pytest.raises(ResumeError, match="fewer than the"):
        _run(out, resume=True)


def test_a_bad_record(tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    out.write_text("")
    Path(str(out) + RECORD_SUFFIX).write_text(json.dumps({"what": 1}))
    with pytest.raises(ResumeError, match="not a resume record"):
        _run(out, resume=True)


def test_stdout_cannot_be_resumed() -> None:
    with pytest.raises(ResumeError, match="--resume needs --out FILE"):
        JsonlOutput(None, resume=True)


def test_a_simulation_resumed_keeps_its_summary(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    task = SimulateTask("two-player", ("random", "random"), 9)
    job = {"command": "simulate"}
    first = run_to_output(
        task,
        (Shard(i, 2 * i, range(2 * i, 2 * i + 2)) for i in range(6)),
        Serial(),
        JsonlOutput(str(out), job=job),
        faults=Faults.parse("interrupt:1"),
    )
    assert first.interrupted and first.stopped_at == 4
    output = JsonlOutput(str(out), job=job, resume=True)
    assert output.position.items == 4
    rest = run_to_output(
        task, (Shard(i, 4 + 2 * i, range(4 + 2 * i, 6 + 2 * i)) for i in range(4)), Serial(), output
    )
    expected = simulate("two-player", 12, ["random", "random"], 9)
    assert rest.aggregate.to_dict() == expected.to_dict()
    whole = tmp_path / "whole.jsonl"
    run_to_output(task, [Shard(0, 0, range(12))], Serial(), JsonlOutput(str(whole), job=job))
    assert out.read_bytes() == whole.read_bytes()


def test_a_device_is_written_without_a_record(tmp_path: Path) -> None:
    report, output = _run(Path(os.devnull))
    assert report.items == len(LINES) and not output.recorded
    assert not Path(os.devnull + RECORD_SUFFIX).exists()
    with pytest.raises(ResumeError, match="not a regular file"):
        _run(Path(os.devnull), resume=True)
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    import threading

    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()))
    reader.start()
    _run(fifo, faults="interrupt:2")  # cut short: a pipe cannot be cut back, nor resumed
    reader.join(timeout=30)
    assert got == ["".join(EXPECTED.splitlines(keepends=True)[:90]).encode()]
    assert not Path(str(fifo) + RECORD_SUFFIX).exists()
