"""Where shards run: in this process (:class:`Serial`), in local worker processes
(:class:`LocalProcesses`) or as tasks on a Ray cluster (:class:`RayExecutor`).

Every executor has the same small interface, driven by :func:`fanshu.batch.job.run_job`:
``submit(task, shard)`` hands it a shard, ``next_done()`` waits for any shard to finish and
returns it with its :class:`~fanshu.batch.tasks.ShardResult` (or the exception its task
raised), ``pending`` counts the shards submitted and not yet returned, ``abort()`` drops
the running shards (Ctrl-C), ``close()`` lets the workers go.  Shards finish in any order;
putting them back in order is the job's business.

A shard whose worker dies (killed, out of memory, a crash in native code) is run again,
up to ``attempts`` times in all; each such retry is recorded in ``retries``.  With a
``shard_timeout``, so is a shard that hangs: local processes stop a worker whose shard has
run that many seconds; on Ray, when no shard has finished for that long, the oldest one
running is cancelled.  (In this process there is nothing to stop: :class:`Serial` has no
timeout.)  An exception
raised by a task is not retried — the same items would raise it again — but returned, so
that the job reports it where the shard's output would have gone.

>>> from fanshu.batch.shards import Shard
>>> from fanshu.batch.tasks import LinesTask
>>> ex = Serial()
>>> ex.submit(LinesTask(), Shard(0, 0, ['{"hand": "[EEEE]123m456p789s11s"}']))
>>> shard, result = ex.next_done()
>>> shard.index, result.lines, ex.pending
(0, 1, 0)
"""

from __future__ import annotations

import contextlib
import importlib
import logging
import multiprocessing
import os
import pickle
import signal
import time
from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from types import MappingProxyType
from typing import Any, Protocol

from fanshu.batch.shards import Shard
from fanshu.batch.tasks import ShardResult, Task, run_shard

__all__ = [
    "ATTEMPTS",
    "Executor",
    "ExecutorError",
    "LocalProcesses",
    "RayExecutor",
    "RayUnavailableError",
    "Retry",
    "Serial",
    "ShardFailedError",
    "cpu_count",
    "default_start_method",
    "make_executor",
]

#: How many times a shard is run before the job gives up on it (the first run included).
ATTEMPTS = 3

#: What a finished shard comes to: its result, or the exception its task raised.
Outcome = ShardResult | BaseException


class ExecutorError(RuntimeError):
    """A job that cannot run: workers that keep dying, Ray missing or unreachable."""


class ShardFailedError(ExecutorError):
    """A shard whose worker died on every attempt."""


class RayUnavailableError(ExecutorError):
    """``--ray`` without Ray installed."""


@dataclass(frozen=True, slots=True)
class Retry:
    """A shard run again: ``attempt`` is the run that failed (0 for the first), ``reason``
    what happened to its worker."""

    shard: int
    attempt: int
    reason: str


def cpu_count() -> int:
    """The cores this process may run on (the default number of workers)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


class Executor(Protocol):
    """Runs shards somewhere; see the module's docstring."""

    #: A short name for reports: "serial", "processes", "ray".
    name: str
    #: How many shards run at once.
    workers: int
    #: Whether shards run in other processes (a one-shard job is then run in this one).
    spread: bool
    retries: list[Retry]
    #: Test faults: shard number to the fault its first attempt is to suffer.
    faults: dict[int, str]

    @property
    def pending(self) -> int: ...

    def submit(self, task: Task, shard: Shard[Any]) -> None: ...

    def next_done(self) -> tuple[Shard[Any], Outcome]: ...

    def abort(self) -> None: ...

    def close(self) -> None: ...


def _describe_exit(code: int | None) -> str:
    if code is None:
        return "no exit status"
    if code < 0:
        try:
            return f"killed by {signal.Signals(-code).name}"
        except ValueError:
            return f"killed by signal {-code}"
    return f"exit status {code}"


# -- in this process ----------------------------------------------------------------------


@dataclass
class Serial:
    """Runs each shard in this process when its result is asked for.  A test fault that
    would kill a worker is ignored: there is no worker to lose."""

    name: str = "serial"
    workers: int = 1
    spread: bool = False
    retries: list[Retry] = field(default_factory=list)
    faults: dict[int, str] = field(default_factory=dict)
    _queue: deque[tuple[Task, Shard[Any]]] = field(default_factory=deque)

    @property
    def pending(self) -> int:
        return len(self._queue)

    def submit(self, task: Task, shard: Shard[Any]) -> None:
        self._queue.append((task, shard))

    def next_done(self) -> tuple[Shard[Any], Outcome]:
        task, shard = self._queue.popleft()
        try:
            return shard, run_shard(task, shard.items)
        except Exception as e:
            return shard, e

    def abort(self) -> None:
        self._queue.clear()

    def close(self) -> None:
        self._queue.clear()


# -- local worker processes ---------------------------------------------------------------


def default_start_method() -> str:
    """``forkserver`` where there is one (Linux, macOS): each worker is forked from a
    clean server process that has imported fanshu once, so workers start in
    milliseconds and never inherit this process's threads (the progress bar's, Ray's)
    or open files, as plain ``fork`` would; ``spawn`` elsewhere (Windows)."""
    methods = multiprocessing.get_all_start_methods()
    return "forkserver" if "forkserver" in methods else "spawn"


def _portable(error: BaseException) -> BaseException:
    """``error`` if it survives pickling, else a RuntimeError that says what it was."""
    try:
        pickle.loads(pickle.dumps(error))
    except Exception:
        return RuntimeError(f"{type(error).__name__}: {error}")
    return error


def _worker_main(conn: Connection) -> None:
    """A worker process: run the shards sent on ``conn`` until told to stop (None) or
    until the parent goes away."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        if message is None:
            return
        task, items, fault = message
        reply: tuple[str, Any]
        try:
            reply = ("ok", run_shard(task, items, fault))
        except Exception as e:
            reply = ("error", _portable(e))
        try:
            conn.send(reply)
        except (OSError, ValueError):
            return


@dataclass
class _Worker:
    process: BaseProcess
    conn: Connection
    #: The shard it is running (with its task and attempt), None when idle.
    job: tuple[Task, Shard[Any], int] | None = None
    #: When it was handed that shard (time.monotonic()).
    since: float = 0.0


class LocalProcesses:
    """Shards run in ``workers`` local processes, one shard at a time each, started on
    first need with ``start_method`` (:func:`default_start_method`).

    Each worker has its own pipe, and the parent waits on the pipes and on the processes
    together, so a worker that dies is noticed at once and its shard — known exactly —
    is run again on a fresh worker.
    """

    name = "processes"
    spread = True

    def __init__(
        self,
        workers: int,
        *,
        start_method: str | None = None,
        attempts: int = ATTEMPTS,
        faults: Mapping[int, str] | None = None,
        shard_timeout: float | None = None,
    ) -> None:
        if workers < 1:
            raise ValueError(f"workers is at least 1, not {workers}")
        self.workers = workers
        self.attempts = attempts
        self.shard_timeout = shard_timeout
        self.faults = dict(faults or {})
        self.start_method = start_method or default_start_method()
        self.retries: list[Retry] = []
        self._ctx: Any = multiprocessing.get_context(self.start_method)
        self._queue: deque[tuple[Task, Shard[Any], int]] = deque()
        self._idle: list[_Worker] = []
        self._busy: list[_Worker] = []
        self.started = 0  # worker processes started, replacements included

    @property
    def pending(self) -> int:
        return len(self._queue) + len(self._busy)

    def submit(self, task: Task, shard: Shard[Any]) -> None:
        self._queue.append((task, shard, 0))
        self._dispatch()

    def _start_worker(self) -> _Worker:
        if self.start_method == "forkserver" and not self.started:
            # the server imports the tasks (and so fanshu) once; each worker forks from it
            self._ctx.set_forkserver_preload(["fanshu.batch.tasks"])
        parent, child = self._ctx.Pipe()
        process = self._ctx.Process(
            target=_worker_main, args=(child,), daemon=True, name="fanshu-batch-worker"
        )
        process.start()
        child.close()
        self.started += 1
        return _Worker(process, parent)

    def _dispatch(self) -> None:
        """Hand queued shards to idle workers, starting workers up to ``workers``."""
        while self._queue:
            if self._idle:
                worker = self._idle.pop()
            elif len(self._busy) < self.workers:
                worker = self._start_worker()
            else:
                return
            task, shard, attempt = self._queue.popleft()
            fault = self.faults.get(shard.index) if attempt == 0 else None
            try:
                worker.conn.send((task, shard.items, fault))
            except (OSError, ValueError):  # an idle worker that died: use another
                self._queue.appendleft((task, shard, attempt))
                self._discard(worker)
                continue
            worker.job = (task, shard, attempt)
            worker.since = time.monotonic()
            self._busy.append(worker)

    def _discard(self, worker: _Worker) -> None:
        with contextlib.suppress(OSError):
            worker.conn.close()
        if worker.process.is_alive():
            worker.process.kill()
        worker.process.join(timeout=5)

    def next_done(self) -> tuple[Shard[Any], Outcome]:
        while True:
            self._dispatch()
            if not self._busy:
                raise ExecutorError("no shard is running")
            handles: list[Any] = [w.conn for w in self._busy]
            handles += [w.process.sentinel for w in self._busy]
            ready = set(wait(handles, self._time_left()))
            if not ready:  # a shard ran past --shard-timeout
                self._stop_hung()
                continue
            # results first: a worker that sent its result and then exited has finished
            for worker in list(self._busy):
                if worker.conn in ready or worker.process.sentinel in ready:
                    done = self._collect(worker)
                    if done is not None:
                        return done

    def _time_left(self) -> float | None:
        """Seconds until the longest-running shard reaches the timeout (None: no timeout)."""
        if self.shard_timeout is None:
            return None
        oldest = min(w.since for w in self._busy)
        return max(0.0, oldest + self.shard_timeout - time.monotonic())

    def _stop_hung(self) -> None:
        """Stop each worker whose shard has run past the timeout; run the shard again."""
        assert self.shard_timeout is not None
        now = time.monotonic()
        for worker in [w for w in self._busy if now - w.since >= self.shard_timeout]:
            self._busy.remove(worker)
            pid = worker.process.pid
            self._discard(worker)
            assert worker.job is not None
            self._retry(
                *worker.job,
                f"worker {pid} hung: its shard ran over {self.shard_timeout:g} s (stopped)",
            )

    def _retry(self, task: Task, shard: Shard[Any], attempt: int, reason: str) -> None:
        """Queue ``shard`` again after its attempt ``attempt`` failed, or give up."""
        if attempt + 1 >= self.attempts:
            raise ShardFailedError(
                f"shard {shard.index} (items {shard.start}-{shard.end - 1}) failed "
                f"{self.attempts} times; last: {reason}"
            )
        self.retries.append(Retry(shard.index, attempt, reason))
        self._queue.appendleft((task, shard, attempt + 1))

    def _collect(self, worker: _Worker) -> tuple[Shard[Any], Outcome] | None:
        """The finished shard of a worker that is ready, or None (after requeueing its
        shard) if the worker died."""
        assert worker.job is not None
        task, shard, attempt = worker.job
        message: Any = None
        try:
            if worker.conn.poll():
                message = worker.conn.recv()
        except (EOFError, OSError):
            message = None
        except Exception as e:  # a result that does not unpickle
            message = ("error", RuntimeError(f"the result of shard {shard.index}: {e}"))
        if message is not None:
            worker.job = None
            self._busy.remove(worker)
            self._idle.append(worker)
            _status, payload = message
            return shard, payload
        if worker.process.is_alive():
            worker.process.join(timeout=5)  # the pipe closed: it is on its way out
        self._busy.remove(worker)
        code = worker.process.exitcode
        pid = worker.process.pid
        self._discard(worker)
        self._retry(task, shard, attempt, f"worker {pid} died ({_describe_exit(code)})")
        return None

    def abort(self) -> None:
        """Stop every worker now, dropping the shards they run."""
        self._queue.clear()
        for worker in self._busy + self._idle:
            with contextlib.suppress(OSError):
                worker.process.kill()
        for worker in self._busy + self._idle:
            self._discard(worker)
        self._busy.clear()
        self._idle.clear()

    def close(self) -> None:
        """Let the workers go: each idle one is told to stop, any other is stopped."""
        if self._busy or self._queue:
            self.abort()
            return
        for worker in self._idle:
            with contextlib.suppress(OSError, ValueError):
                worker.conn.send(None)
        for worker in self._idle:
            worker.process.join(timeout=5)
            self._discard(worker)
        self._idle.clear()


# -- Ray -------------------------------------------------------------------------------------

#: Ray's switch for multi-machine clusters: off, a local Ray binds to 127.0.0.1 only.
RAY_LOOPBACK_ENV = "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"
#: The system config of a Ray started here for a job: Ray runs its workers at nice 15,
#: behind everything else on the machine; these workers are the job, as local worker
#: processes are, and run at normal priority.
RAY_LOCAL_CONFIG: Mapping[str, Any] = MappingProxyType({"worker_niceness": 0})
#: What ``--ray`` says when Ray is not installed.
RAY_INSTALL = "--ray needs Ray, which is not installed: pip install 'fanshu[ray]'"


def import_ray() -> Any:
    """The ``ray`` module, imported only now (the core library never needs it)."""
    try:
        ray = importlib.import_module("ray")
    except ImportError:
        raise RayUnavailableError(RAY_INSTALL) from None
    _ray_messages_to_stderr()
    return ray


def _ray_messages_to_stderr() -> None:
    """Make the Ray driver print its messages (``(raylet) A worker died …``) on stderr.

    Ray prints the errors its raylet publishes on the driver's *stdout*, where a batch
    command writes its data: a worker that dies would put a line of Ray's in the middle
    of the output.  Its ``print_to_stdstream`` is looked up at each call, so wrapping it
    sends those messages to stderr; a Ray without it is left alone.
    """
    try:
        worker: Any = importlib.import_module("ray._private.worker")
    except ImportError:
        return
    original = getattr(worker, "print_to_stdstream", None)
    if original is None or getattr(original, "__module__", None) == __name__:
        return  # none, or already wrapped (by the function below)

    def to_stderr(data: dict[str, Any], ignore_prefix: bool) -> None:
        original({**data, "is_err": True}, ignore_prefix)

    worker.print_to_stdstream = to_stderr


class RayExecutor:
    """Shards run as Ray tasks, one CPU each.

    ``address`` None (or ``"local"``) starts a Ray instance on this machine with
    ``workers`` CPUs (default: the cores), listening on 127.0.0.1 only, without the
    dashboard, its workers at normal priority (:data:`RAY_LOCAL_CONFIG`), and shuts it
    down at ``close()``; any other address (``"auto"``, ``"HOST:PORT"``,
    ``"ray://HOST:10001"``) connects to a running cluster, which must have fanshu
    installed.  If Ray is already initialised in this process, that instance is used and
    left running.  Ray starts on the first shard.

    Ray's own retries are off: a task whose worker dies comes back as a Ray system error
    and is resubmitted here, so that retries are counted as for local processes.  Ray
    does not say when a task starts running, so ``shard_timeout`` is read as "no shard
    has finished for that long": the oldest shard sent is then cancelled (its worker
    stopped) and sent again.
    """

    name = "ray"
    spread = True

    def __init__(
        self,
        address: str | None = None,
        workers: int | None = None,
        *,
        attempts: int = ATTEMPTS,
        faults: Mapping[int, str] | None = None,
        shard_timeout: float | None = None,
    ) -> None:
        self.address = address
        self.shard_timeout = shard_timeout
        self._progress = 0.0  # when a shard last finished, or the first was sent
        self.local = address in (None, "local")
        if self.local:
            # a Ray started here listens on the loopback address only, not on the
            # machine's network address (read by Ray when it is first imported)
            os.environ.setdefault(RAY_LOOPBACK_ENV, "0")
        self.ray = import_ray()
        self._asked = workers
        self.workers = workers or cpu_count()
        self.attempts = attempts
        self.faults = dict(faults or {})
        self.retries: list[Retry] = []
        self._owned = False
        self._remote: Any = None
        self._refs: dict[Any, tuple[Task, Shard[Any], int]] = {}

    @property
    def pending(self) -> int:
        return len(self._refs)

    def start(self) -> None:
        """Start or join Ray (once)."""
        if self._remote is not None:
            return
        ray = self.ray
        if not ray.is_initialized():
            quiet = {
                "include_dashboard": False,
                "log_to_driver": False,
                "logging_level": logging.WARNING,
            }
            try:
                if self.local:
                    # a copy: ray.init adds its own keys to the dict it is given
                    ray.init(
                        address="local",
                        num_cpus=self.workers,
                        _system_config=dict(RAY_LOCAL_CONFIG),
                        **quiet,
                    )
                else:
                    ray.init(address=self.address, **quiet)
            except Exception as e:  # ConnectionError, a bad address …
                raise ExecutorError(f"cannot start Ray ({self.address or 'local'}): {e}") from e
            self._owned = True
        if not self.local and self._asked is None:  # as many as the cluster has CPUs
            self.workers = max(1, int(ray.cluster_resources().get("CPU", self.workers)))
        self._remote = ray.remote(num_cpus=1, max_retries=0)(run_shard)

    def submit(self, task: Task, shard: Shard[Any]) -> None:
        self.start()
        if not self._refs:
            self._progress = time.monotonic()
        self._send(task, shard, 0)

    def _send(self, task: Task, shard: Shard[Any], attempt: int) -> None:
        fault = self.faults.get(shard.index) if attempt == 0 else None
        ref = self._remote.remote(task, list(shard.items), fault)
        self._refs[ref] = (task, shard, attempt)

    def next_done(self) -> tuple[Shard[Any], Outcome]:
        ray = self.ray
        errors = importlib.import_module("ray.exceptions")
        while True:
            if not self._refs:
                raise ExecutorError("no shard is running")
            try:
                ready, _ = ray.wait(list(self._refs), num_returns=1, timeout=0.5)
            except errors.RayError as e:  # the cluster went away …
                raise ExecutorError(f"Ray failed: {type(e).__name__}: {e}") from e
            if not ready:
                self._cancel_hung()
                continue
            self._progress = time.monotonic()
            ref = ready[0]
            task, shard, attempt = self._refs.pop(ref)
            try:
                return shard, ray.get(ref)
            except errors.RayTaskError as e:  # the task raised: its own exception
                cause = getattr(e, "cause", None)
                return shard, cause if isinstance(cause, BaseException) else e
            except errors.RayError as e:  # the worker died, the node went away …
                reason = f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}"
                self._retry(task, shard, attempt, reason)

    def _retry(self, task: Task, shard: Shard[Any], attempt: int, reason: str) -> None:
        """Send ``shard`` again after its attempt ``attempt`` failed, or give up."""
        if attempt + 1 >= self.attempts:
            raise ShardFailedError(
                f"shard {shard.index} failed {self.attempts} times; last: {reason}"
            ) from None
        self.retries.append(Retry(shard.index, attempt, reason))
        self._send(task, shard, attempt + 1)

    def _cancel_hung(self) -> None:
        """When no shard has finished for ``shard_timeout`` seconds, cancel the oldest
        one sent (Ray stops its worker) and send it again."""
        if self.shard_timeout is None or not self._refs:
            return
        if time.monotonic() - self._progress < self.shard_timeout:
            return
        ref = next(iter(self._refs))  # the oldest: dicts keep the order shards were sent
        task, shard, attempt = self._refs.pop(ref)
        with contextlib.suppress(Exception):
            self.ray.cancel(ref, force=True)
        self._progress = time.monotonic()
        self._retry(
            task,
            shard,
            attempt,
            f"no shard finished for {self.shard_timeout:g} s: the oldest taken as hung (cancelled)",
        )

    def abort(self) -> None:
        for ref in list(self._refs):
            with contextlib.suppress(Exception):
                self.ray.cancel(ref, force=True)
        self._refs.clear()

    def close(self) -> None:
        if self._refs:
            self.abort()
        if self._owned:
            self.ray.shutdown()
            self._owned = False


def make_executor(
    workers: int | None = None,
    *,
    ray: bool = False,
    ray_address: str | None = None,
    faults: Mapping[int, str] | None = None,
    shard_timeout: float | None = None,
) -> Executor:
    """The executor the command-line options ask for: Ray when ``ray`` (or an address is
    given), else ``workers`` local processes (default: the cores), or this process alone
    for one worker — then with no ``shard_timeout``, unless one is asked for: a worker
    process is needed to stop a shard that hangs."""
    if shard_timeout is not None and not shard_timeout > 0:
        raise ExecutorError(
            f"--shard-timeout is a number of seconds above 0, not {shard_timeout:g}"
        )
    if ray or ray_address is not None:
        return RayExecutor(ray_address, workers, faults=faults, shard_timeout=shard_timeout)
    n = cpu_count() if workers is None else workers
    if n < 1:
        raise ExecutorError(f"--workers is at least 1, not {n}")
    if n == 1 and shard_timeout is None:
        return Serial()
    return LocalProcesses(n, faults=faults, shard_timeout=shard_timeout)
