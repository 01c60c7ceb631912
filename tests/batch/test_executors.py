"""``fanshu.batch.executors``: local worker processes give every shard's result once, run
a shard again when its worker dies — whether a test fault kills it or it is killed from
outside — and leave no process behind."""

from __future__ import annotations

import os
import signal
import time
from typing import Any

import pytest

from fanshu.batch.executors import (
    ExecutorError,
    LocalProcesses,
    RayUnavailableError,
    Serial,
    ShardFailedError,
    default_start_method,
    make_executor,
)
from fanshu.batch.samples import score_lines
from fanshu.batch.shards import Shard, shards
from fanshu.batch.tasks import FAULT_DIE, FAULT_HANG, LinesTask, SimulateTask
from fanshu.errors import OptionError

LINES = list(score_lines(11, 600, broken_every=13))
TASK = LinesTask()


def _all_done(executor: Any, work: list[Shard[Any]]) -> dict[int, Any]:
    for shard in work:
        executor.submit(TASK, shard)
    done: dict[int, Any] = {}
    while executor.pending:
        shard, outcome = executor.next_done()
        assert shard.index not in done, "a shard came back twice"
        done[shard.index] = outcome
    return done


def test_processes_give_what_serial_gives() -> None:
    work = list(shards(LINES, 50))
    expected = _all_done(Serial(), work)
    ex = LocalProcesses(2)
    try:
        got = _all_done(ex, work)
    finally:
        ex.close()
    assert got == expected and sorted(got) == list(range(12))
    assert ex.retries == [] and ex.started == 2


def test_the_start_method_is_deliberate() -> None:
    assert default_start_method() == "forkserver"  # Linux: never plain fork
    assert LocalProcesses(2).start_method == "forkserver"


def test_a_worker_that_dies_mid_shard_has_its_shard_run_again() -> None:
    work = list(shards(LINES, 50))
    expected = _all_done(Serial(), work)
    ex = LocalProcesses(2, faults={3: FAULT_DIE, 8: FAULT_DIE})
    try:
        got = _all_done(ex, work)
    finally:
        ex.close()
    assert got == expected
    assert [(r.shard, r.attempt) for r in sorted(ex.retries, key=lambda r: r.shard)] == [
        (3, 0),
        (8, 0),
    ]
    assert all("killed by SIGKILL" in r.reason for r in ex.retries)
    # shard 3 dies with work queued behind it, so a replacement starts; shard 8 may die
    # when the other worker is already idle, which then takes the shard again
    assert ex.started in (3, 4)


def test_a_worker_killed_from_outside() -> None:
    big = list(score_lines(12, 3000))
    work = list(shards(big, 1500))
    expected = _all_done(Serial(), work)
    ex = LocalProcesses(2)
    try:
        for shard in work:
            ex.submit(TASK, shard)
        victim = ex._busy[0]
        assert victim.job is not None and victim.job[1].index == 0
        time.sleep(0.05)
        assert victim.process.pid is not None
        os.kill(victim.process.pid, signal.SIGKILL)
        done = {}
        while ex.pending:
            shard, outcome = ex.next_done()
            done[shard.index] = outcome
    finally:
        ex.close()
    assert done == expected
    assert [(r.shard, r.attempt) for r in ex.retries] == [(0, 0)]
    assert f"worker {victim.process.pid} died (killed by SIGKILL)" in ex.retries[0].reason


def test_a_shard_that_hangs_has_its_worker_stopped_and_runs_again() -> None:
    work = list(shards(LINES, 50))
    expected = _all_done(Serial(), work)
    ex = LocalProcesses(2, faults={4: FAULT_HANG}, shard_timeout=1.0)
    started = time.monotonic()
    try:
        got = _all_done(ex, work)
    finally:
        ex.close()
    assert got == expected
    assert [(r.shard, r.attempt) for r in ex.retries] == [(4, 0)]
    assert ex.retries[0].reason.endswith("hung: its shard ran over 1 s (stopped)")
    assert time.monotonic() - started < 30  # found after about a second, not waited out


def test_a_shard_that_always_hangs_fails_the_job() -> None:
    ex = LocalProcesses(1, attempts=1, faults={0: FAULT_HANG}, shard_timeout=0.5)
    try:
        ex.submit(TASK, Shard(0, 0, LINES[:10]))
        with pytest.raises(ShardFailedError, match=r"shard 0 .* failed 1 times; last: .*hung"):
            ex.next_done()
    finally:
        ex.close()


def test_a_shard_whose_workers_keep_dying_fails_the_job() -> None:
    ex = LocalProcesses(2, attempts=1, faults={0: FAULT_DIE})
    try:
        ex.submit(TASK, Shard(0, 0, LINES[:10]))
        with pytest.raises(ShardFailedError, match=r"shard 0 .* failed 1 times"):
            ex.next_done()
    finally:
        ex.close()


def test_a_task_exception_comes_back_as_the_outcome() -> None:
    ex = LocalProcesses(2)
    try:
        ex.submit(SimulateTask("two-player", ("random", "nosuch")), Shard(0, 0, range(2)))
        _shard, outcome = ex.next_done()
    finally:
        ex.close()
    assert isinstance(outcome, OptionError) and "unknown player 'nosuch'" in str(outcome)
    assert ex.retries == []


def test_close_and_abort_leave_no_worker() -> None:
    ex = LocalProcesses(2)
    for shard in shards(LINES, 100):
        ex.submit(TASK, shard)
    ex.next_done()
    processes = [w.process for w in ex._busy + ex._idle]
    ex.abort()
    ex.close()
    assert processes and all(not p.is_alive() for p in processes)
    assert ex.pending == 0


def test_make_executor() -> None:
    assert isinstance(make_executor(1), Serial)
    timed = make_executor(1, shard_timeout=5)  # a hung shard needs a worker to stop
    assert isinstance(timed, LocalProcesses) and timed.shard_timeout == 5
    with pytest.raises(ExecutorError, match="--shard-timeout is a number of seconds above 0"):
        make_executor(2, shard_timeout=0)
    ex = make_executor(3)
    assert isinstance(ex, LocalProcesses) and ex.workers == 3
    assert make_executor().workers >= 1


def test_ray_missing_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "ray", None)  # import ray now fails
    with pytest.raises(RayUnavailableError, match=r"pip install 'fanshu\[ray\]'"):
        make_executor(2, ray=True)


class _FakeRay:
    """Just enough of the ``ray`` module to see how the executor starts it."""

    def __init__(self) -> None:
        self.inits: list[dict[str, Any]] = []
        self.shut = 0

    def is_initialized(self) -> bool:
        return False

    def init(self, **kwargs: Any) -> None:
        self.inits.append(kwargs)

    def cluster_resources(self) -> dict[str, float]:
        return {"CPU": 8.0}

    def remote(self, **options: Any) -> Any:
        return lambda f: f

    def shutdown(self) -> None:
        self.shut += 1


def test_a_local_ray_is_started_for_the_job(monkeypatch: pytest.MonkeyPatch) -> None:
    import fanshu.batch.executors as ex

    fake = _FakeRay()
    monkeypatch.setattr(ex, "import_ray", lambda: fake)
    monkeypatch.delenv(ex.RAY_LOOPBACK_ENV, raising=False)
    local = ex.RayExecutor(None, 3)
    assert os.environ[ex.RAY_LOOPBACK_ENV] == "0"  # set before Ray is imported: loopback
    local.start()
    [kwargs] = fake.inits
    assert kwargs["address"] == "local" and kwargs["num_cpus"] == 3
    assert kwargs["_system_config"] == {"worker_niceness": 0}  # not Ray's nice 15
    assert kwargs["include_dashboard"] is False and kwargs["log_to_driver"] is False
    local.close()
    assert fake.shut == 1
    cluster = ex.RayExecutor("10.1.2.3:6379")  # a cluster: its own config, its CPUs
    cluster.start()
    assert fake.inits[-1]["address"] == "10.1.2.3:6379"
    assert "_system_config" not in fake.inits[-1] and cluster.workers == 8
