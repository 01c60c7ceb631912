"""Running one outside bot program as Botzone runs it: what the judge writes to its
standard input, how long it may take, and what it answered (or the verdict when it
did not answer properly).

Two ways to run, as on Botzone (its wiki, the "Bot" page):

- **one process per decision** (Botzone's default): every decision starts the
  program anew and gives it the whole history of the game — in the JSON form
  ``{"requests": [...], "responses": [...], "data": ..., "globaldata": ...,
  "time_limit": ...}`` on one line, or in the *simple interaction* form: a line with
  the turn number ``n``, then the ``2n - 1`` request and response lines (the last one
  the new request), then the ``data`` line and the ``globaldata`` lines;
- **keep-running** (长时运行): the first decision is given as above; a program that
  wants to stay alive prints ``>>>BOTZONE_REQUEST_KEEP_RUNNING<<<`` on its own line
  after its answer, and from then on gets only each new request, one line (in JSON
  form the request as a JSON string, in simple form the bare request line).  A
  program that does not print the line is simply started again next time.

The program answers in the form it was asked: JSON — one object
``{"response": ..., "debug": ..., "data": ..., "globaldata": ...}`` on its first line;
simple — the response line, then optional debug, data and globaldata lines.

The verdicts, as Botzone reports them: ``OK``; ``TLE`` (no answer within the time
limit: the process is killed); ``RE`` (the program exited with an error, or without
an answer, or could not be started); ``NJ`` (JSON form: the answer is not a JSON
object with a ``response``); ``OLE`` (more than ``OUTPUT_LIMIT`` bytes).  An empty or
wrong response is ``OK`` here: the judge decides it is ``WA``.

>>> json_input(["0 1 0"], [], data="", globaldata="", time_limit=1.0)
'{"requests":["0 1 0"],"responses":[],"data":"","globaldata":"","time_limit":1.0}'
>>> print(simple_input(["0 1 0", "1 0 0 0 0 W1"], ["PASS"], data="", globaldata=""), end="")
2
0 1 0
PASS
1 0 0 0 0 W1
<BLANKLINE>
<BLANKLINE>
>>> parse_output('{"response": "PASS", "debug": "hi"}', "json").response
'PASS'
>>> parse_output("not json", "json").verdict
'NJ'
"""

from __future__ import annotations

import contextlib
import json
import queue
import shlex
import subprocess
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import IO, Final, Literal

from fanshu.errors import FanshuError

__all__ = [
    "DEFAULT_TIME_LIMIT",
    "KEEP_RUNNING",
    "MAX_TIME_LIMIT",
    "MIN_TIME_LIMIT",
    "OUTPUT_LIMIT",
    "BotProgram",
    "Format",
    "ProgramError",
    "Reply",
    "Verdict",
    "json_input",
    "parse_output",
    "simple_input",
]

#: The line a keep-running program prints after its answer to stay alive.
KEEP_RUNNING: Final = ">>>BOTZONE_REQUEST_KEEP_RUNNING<<<"
#: Seconds per decision by default: Botzone gives C/C++ bots 1 s and the slower
#: languages more (Python about 6 s); fanshu's judge defaults to Python's.
DEFAULT_TIME_LIMIT: Final = 6.0
#: The bounds ``--time-limit`` accepts.
MIN_TIME_LIMIT: Final = 0.05
MAX_TIME_LIMIT: Final = 60.0
#: Bytes of standard output a decision may write (Botzone's OLE).
OUTPUT_LIMIT: Final = 1 << 20

Format = Literal["json", "simple"]
Verdict = Literal["OK", "TLE", "RE", "NJ", "OLE"]
FORMATS: Final[tuple[Format, ...]] = ("json", "simple")


class ProgramError(FanshuError):
    """A bot program that cannot be set up (an empty command, a bad option)."""

    code = "botzone_program"


@dataclass(frozen=True, slots=True)
class Reply:
    """One decision of a program: its verdict, its response (``""`` when it gave
    none), what else it printed, and how long it took."""

    verdict: Verdict
    response: str = ""
    debug: str | None = None
    data: str | None = None
    globaldata: str | None = None
    seconds: float = 0.0
    #: Why the verdict is not OK, in words (the exit code, the start of the output …).
    detail: str | None = None
    #: Whether the program asked to keep running after this answer.
    keep_running: bool = False


def json_input(
    requests: Sequence[str],
    responses: Sequence[str],
    *,
    data: str,
    globaldata: str,
    time_limit: float,
) -> str:
    """The JSON form of a decision's input: one line (no newline)."""
    return json.dumps(
        {
            "requests": list(requests),
            "responses": list(responses),
            "data": data,
            "globaldata": globaldata,
            "time_limit": time_limit,
        },
        ensure_ascii=False,
        separators=(",", ":"),
    )


def simple_input(
    requests: Sequence[str], responses: Sequence[str], *, data: str, globaldata: str
) -> str:
    """The simple-interaction form of a decision's input: the turn number, the
    requests and responses in turn (the new request last), the data line and the
    globaldata (each line ends with a newline)."""
    if len(requests) != len(responses) + 1:
        raise ProgramError(
            f"a turn has one request more than responses, not {len(requests)} and {len(responses)}"
        )
    lines = [str(len(requests))]
    for i, request in enumerate(requests):
        lines.append(_one_line(request))
        if i < len(responses):
            lines.append(_one_line(responses[i]))
    lines.append(_one_line(data))
    lines.append(globaldata)
    return "\n".join(lines) + "\n"


def _one_line(text: str) -> str:
    # a request, response or data line of the simple form cannot hold a newline
    return text.replace("\r", " ").replace("\n", " ")


def parse_output(text: str, fmt: Format) -> Reply:
    """A program's output for one decision (the ``keep-running`` line, if any,
    already taken off), as a :class:`Reply` with verdict ``OK`` or ``NJ``."""
    lines = text.splitlines()
    if fmt == "json":
        first = next((x for x in lines if x.strip()), "")
        try:
            # The first JSON value, over as many lines as it takes: Botzone's sample bot
            # writes its answer with jsoncpp's styled writer, one field a line.
            value, _ = json.JSONDecoder().raw_decode(text.strip())
        except ValueError:
            return Reply("NJ", detail=f"not JSON: {first[:80]!r}")
        if not isinstance(value, dict) or "response" not in value:
            return Reply("NJ", detail=f"not an object with a response: {first[:80]!r}")
        return Reply(
            "OK",
            _text(value.get("response")),
            debug=None if value.get("debug") is None else _text(value.get("debug")),
            data=None if value.get("data") is None else _text(value.get("data")),
            globaldata=None if value.get("globaldata") is None else _text(value["globaldata"]),
        )
    return Reply(
        "OK",
        lines[0].strip() if lines else "",
        debug=lines[1] if len(lines) > 1 else None,
        data=lines[2] if len(lines) > 2 else None,
        globaldata="\n".join(lines[3:]) if len(lines) > 3 else None,
    )


def _text(value: object) -> str:
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def check_time_limit(seconds: float) -> float:
    """``seconds`` if it is a time limit the judge accepts, else ``ProgramError``."""
    if isinstance(seconds, bool) or not isinstance(seconds, int | float):
        raise ProgramError(f"a time limit is a number of seconds, not {seconds!r}")
    if not MIN_TIME_LIMIT <= seconds <= MAX_TIME_LIMIT:
        raise ProgramError(
            f"a time limit is {MIN_TIME_LIMIT}-{MAX_TIME_LIMIT} seconds, not {seconds}"
        )
    return float(seconds)


@dataclass(slots=True)
class _Running:
    """A keep-running process and the threads that read its output."""

    process: subprocess.Popen[bytes]
    lines: queue.Queue[bytes | None] = field(default_factory=queue.Queue)

    def start_reader(self) -> None:
        out = self.process.stdout
        assert out is not None
        threading.Thread(target=_pump, args=(out, self.lines), daemon=True).start()
        err = self.process.stderr
        if err is not None:
            threading.Thread(target=_drain, args=(err,), daemon=True).start()


def _pump(stream: IO[bytes], lines: queue.Queue[bytes | None]) -> None:
    try:
        for line in iter(stream.readline, b""):
            lines.put(line)
    except (OSError, ValueError):  # the judge closed the pipe after ending the process
        pass
    lines.put(None)  # end of output: the process closed it or exited


def _drain(stream: IO[bytes]) -> None:
    # a program's diagnostics are not read, but must not fill the pipe and block it
    try:
        for _ in iter(lambda: stream.read(65536), b""):
            pass
    except (OSError, ValueError):
        pass


class BotProgram:
    """One outside bot program, asked one decision at a time (``ask``) through one
    game (``begin`` … ``end``).

    ``command``: the command line (a string, split as a shell would — ``shlex`` —, or
    its words); ``fmt``: ``json`` (Botzone's sample bot) or ``simple``;
    ``keep_running``: let the program stay alive between decisions when it asks to
    (otherwise it is ended after every answer even if it asks); ``time_limit``:
    seconds per decision.  ``globaldata`` is kept from one game to the next, as on
    Botzone; ``data`` from one decision to the next of a game.
    """

    def __init__(
        self,
        command: str | Sequence[str],
        *,
        fmt: Format = "json",
        keep_running: bool = False,
        time_limit: float = DEFAULT_TIME_LIMIT,
        cwd: str | None = None,
    ) -> None:
        words = shlex.split(command) if isinstance(command, str) else list(command)
        if not words or not all(isinstance(w, str) and w for w in words):
            raise ProgramError(f"a bot program is a command line, not {command!r}")
        if fmt not in FORMATS:
            raise ProgramError(f"a bot's format is json or simple, not {fmt!r}")
        self.args = words
        self.fmt: Format = fmt
        self.keep_running = keep_running
        self.time_limit = check_time_limit(time_limit)
        self.cwd = cwd
        self.requests: list[str] = []
        self.responses: list[str] = []
        self.data = ""
        self.globaldata = ""
        self._running: _Running | None = None

    def __repr__(self) -> str:
        return f"BotProgram({shlex.join(self.args)!r}, fmt={self.fmt!r})"

    # -- a game ----------------------------------------------------------------------

    def begin(self) -> None:
        """A new game: no history, no ``data`` (``globaldata`` stays)."""
        self.end()
        self.requests, self.responses, self.data = [], [], ""

    def end(self) -> None:
        """The game is over: a process kept running is ended."""
        running, self._running = self._running, None
        if running is not None:
            _stop(running.process)

    def ask(self, request: str) -> Reply:
        """Give the program ``request`` and wait for its answer (at most the time
        limit); the response is recorded in the history whatever the verdict."""
        self.requests.append(request)
        if self._running is not None:
            answer = self._ask_running(self._running, request)
        else:
            answer = self._ask_new()
        self.responses.append(answer.response)
        if answer.verdict == "OK":
            if answer.data is not None:
                self.data = answer.data
            if answer.globaldata is not None:
                self.globaldata = answer.globaldata
        return answer

    # -- one process per decision ----------------------------------------------------

    def _full_input(self) -> str:
        if self.fmt == "json":
            return (
                json_input(
                    self.requests,
                    self.responses,
                    data=self.data,
                    globaldata=self.globaldata,
                    time_limit=self.time_limit,
                )
                + "\n"
            )
        return simple_input(
            self.requests, self.responses, data=self.data, globaldata=self.globaldata
        )

    def _spawn(self) -> subprocess.Popen[bytes] | str:
        try:
            return subprocess.Popen(
                self.args,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                cwd=self.cwd,
            )
        except OSError as e:
            return f"cannot start {self.args[0]!r}: {e.strerror or e}"

    def _ask_new(self) -> Reply:
        start = time.perf_counter()
        process = self._spawn()
        if isinstance(process, str):
            return Reply("RE", detail=process)
        payload = self._full_input().encode()
        if self.keep_running:
            return self._first_running(process, payload, start)
        try:
            out, err = process.communicate(payload, timeout=self.time_limit)
        except subprocess.TimeoutExpired:
            _stop(process)
            return Reply("TLE", seconds=time.perf_counter() - start, detail="no answer in time")
        seconds = time.perf_counter() - start
        if len(out) > OUTPUT_LIMIT:
            return Reply("OLE", seconds=seconds, detail=f"{len(out)} bytes of output")
        if process.returncode != 0:
            tail = err.decode(errors="replace").strip().splitlines()[-1:] or [""]
            return Reply(
                "RE", seconds=seconds, detail=f"exit code {process.returncode}: {tail[0][:200]}"
            )
        text = out.decode(errors="replace")
        if not text.strip():
            return Reply("RE", seconds=seconds, detail="exited without an answer")
        return replace(parse_output(_without_marker(text)[0], self.fmt), seconds=seconds)

    # -- keep-running ----------------------------------------------------------------

    def _first_running(
        self, process: subprocess.Popen[bytes], payload: bytes, start: float
    ) -> Reply:
        running = _Running(process)
        running.start_reader()
        return self._exchange(running, payload, start)

    def _ask_running(self, running: _Running, request: str) -> Reply:
        line = json.dumps(request, ensure_ascii=False) if self.fmt == "json" else request
        return self._exchange(running, (_one_line(line) + "\n").encode(), time.perf_counter())

    def _exchange(self, running: _Running, payload: bytes, start: float) -> Reply:
        """Write ``payload`` to a running process and read its answer up to the
        keep-running line (or the end of its output)."""
        self._running = None
        process = running.process
        stdin = process.stdin
        assert stdin is not None
        try:
            stdin.write(payload)
            stdin.flush()
        except OSError:
            pass  # it has exited: the reader sees the end of its output
        deadline = start + self.time_limit
        got: list[bytes] = []
        size = 0
        keep = False
        while True:
            left = deadline - time.perf_counter()
            try:
                if left <= 0:
                    raise queue.Empty
                line = running.lines.get(timeout=left)
            except queue.Empty:
                _stop(process)
                return Reply("TLE", seconds=time.perf_counter() - start, detail="no answer in time")
            if line is None:  # the output ended: the process is done
                break
            if line.strip() == KEEP_RUNNING.encode():
                keep = True
                break
            got.append(line)
            size += len(line)
            if size > OUTPUT_LIMIT:
                _stop(process)
                return Reply("OLE", seconds=time.perf_counter() - start, detail=f"{size} bytes")
        seconds = time.perf_counter() - start
        text = b"".join(got).decode(errors="replace")
        if not keep:
            code = _wait(process)
            if code != 0:
                return Reply("RE", seconds=seconds, detail=f"exit code {code}")
            if not text.strip():
                return Reply("RE", seconds=seconds, detail="exited without an answer")
        answer = replace(parse_output(text, self.fmt), seconds=seconds)
        if keep and answer.verdict == "OK":
            self._running = running
            return replace(answer, keep_running=True)
        if keep:
            _stop(process)
        return answer


def _without_marker(text: str) -> tuple[str, bool]:
    lines = text.splitlines()
    if KEEP_RUNNING in (x.strip() for x in lines):
        i = [x.strip() for x in lines].index(KEEP_RUNNING)
        return "\n".join(lines[:i]), True
    return text, False


def _wait(process: subprocess.Popen[bytes]) -> int:
    try:
        return process.wait(timeout=1.0)
    except subprocess.TimeoutExpired:
        _stop(process)
        return -9


def _stop(process: subprocess.Popen[bytes]) -> None:
    """End a program's process (it may have exited already) and close its pipes."""
    if process.poll() is None:
        process.kill()
    with contextlib.suppress(subprocess.TimeoutExpired):  # one that ignores SIGKILL
        process.wait(timeout=5.0)
    for stream in (process.stdin, process.stdout, process.stderr):
        if stream is not None:
            with contextlib.suppress(OSError):
                stream.close()
