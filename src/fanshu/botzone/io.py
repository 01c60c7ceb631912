"""A Botzone bot's input and output, in both of Botzone's forms, and the keep-running
loop.  Standard library only; nothing here knows mahjong (``fanshu.botzone.bot`` does).

**JSON** (the input starts with ``{``): one object
``{"requests": [...], "responses": [...], "data": "...", "globaldata": "...",
"time_limit": ..., "memory_limit": ...}`` — every request of the match so far and the
bot's own earlier responses (one fewer); the answer is one compact line
``{"response": "...", "debug": "...", "data": "...", "globaldata": "..."}``.

**Simple interaction** (简单交互): a line with the turn number ``n`` (from 1), then
``2n-1`` messages alternating request, response, …, request (each one line in
Chinese-Standard-Mahjong), then a ``data`` line, then ``globaldata`` (the rest of the
input); the answer is four lines: response, debug, data, globaldata.

**Keep running** (长时运行): after its answer the bot prints
``>>>BOTZONE_REQUEST_KEEP_RUNNING<<<`` on a line of its own and flushes; Botzone then
keeps the process and sends each later turn only that turn's request, without the
history, data or globaldata (its wiki: "下一回合收到的输入将只有一回合的游戏信息
(request)").  Bots in the wild read that later input as the bare request (a line of
text; in the JSON form a JSON value — here a JSON string) and some as an object
``{"requests": …}``; :func:`read_later` takes every one of these.  The loop keeps the
history itself, so the bot decides on the same full history either way.

**Reading.**  Botzone need not close stdin after an input, so :func:`serve` reads
only as far as the input goes (the JSON line; the ``2n-1`` lines and the data and
globaldata lines), never to the end of the stream.

**Errors.**  Botzone reports a crashing bot (an uncaught exception, a non-zero exit)
as RE, and Chinese-Standard-Mahjong's judge turns any verdict but OK into -30 for the
bot, exactly as for a wrong answer (WA).  So :func:`serve` never crashes on bad input:
it answers ``PASS`` (the one answer that is right for every request but the bot's own
draw) with the error in ``debug`` and on the error stream, and goes on.  The reading
functions themselves raise :class:`BotInputError` with what is wrong.

>>> t = read_turn('{"requests": ["0 1 0"], "responses": []}')
>>> t.requests, t.responses, t.format
(('0 1 0',), (), 'json')
>>> read_turn("1\\n0 1 0\\n\\n").requests
('0 1 0',)
>>> write_answer(Answer("PASS"), "json")
'{"response":"PASS","debug":"","data":"","globaldata":""}\\n'
>>> write_answer(Answer("PLAY W1", debug="hi"), "simple")
'PLAY W1\\nhi\\n\\n\\n'
>>> read_later('"3 2 DRAW"', "json")
'3 2 DRAW'
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final, Literal, TextIO

from fanshu.errors import FanshuError

__all__ = [
    "DEBUG_LIMIT",
    "KEEP_RUNNING",
    "Answer",
    "BotInputError",
    "Format",
    "Turn",
    "detect",
    "read_json",
    "read_later",
    "read_simple",
    "read_turn",
    "serve",
    "write_answer",
]

Format = Literal["json", "simple"]

#: The line a keep-running bot prints after its answer.
KEEP_RUNNING: Final = ">>>BOTZONE_REQUEST_KEEP_RUNNING<<<"
#: Botzone keeps at most 1 KB of ``debug`` per turn; longer text is cut.
DEBUG_LIMIT: Final = 1000


class BotInputError(FanshuError):
    """Input that is not a Botzone bot's input."""

    code = "botzone_input"


@dataclass(frozen=True, slots=True)
class Turn:
    """One turn's input: every request so far (the last one is to be answered), the
    bot's own earlier responses, and what Botzone passes along."""

    requests: tuple[str, ...]
    responses: tuple[str, ...]
    data: str = ""
    globaldata: str = ""
    time_limit: float | None = None  # seconds, when the JSON input says
    format: Format = "json"


@dataclass(frozen=True, slots=True)
class Answer:
    """A bot's answer: the response line, and Botzone's debug/data/globaldata."""

    response: str
    debug: str = ""
    data: str = ""
    globaldata: str = ""


def detect(text: str) -> Format:
    """The form of a first input: JSON when it starts with ``{``, else simple."""
    return "json" if text.lstrip().startswith("{") else "simple"


def _text(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    # Botzone passes data through as given: a bot that stored JSON gets it back as text.
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _line(value: object, what: str) -> str:
    if not isinstance(value, str):
        raise BotInputError(f"{what} is a line of text, not {type(value).__name__}: {value!r}")
    if "\n" in value.strip():
        raise BotInputError(f"{what} is one line in Chinese-Standard-Mahjong: {value!r}")
    return value.strip()


def _check_counts(requests: tuple[str, ...], responses: tuple[str, ...]) -> None:
    if not requests:
        raise BotInputError("no request to answer: the input lists none")
    if len(responses) != len(requests) - 1:
        raise BotInputError(
            f"{len(requests)} request(s) need {len(requests) - 1} earlier response(s), "
            f"not {len(responses)}"
        )


def _time_limit(value: object) -> float | None:
    if value is None or value == "":
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise BotInputError(f"time_limit is a number of seconds, not {value!r}")
    try:
        return float(value)
    except ValueError:
        raise BotInputError(f"time_limit is a number of seconds, not {value!r}") from None


def read_json(text: str) -> Turn:
    """A JSON input: ``{"requests": [...], "responses": [...], ...}``."""
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as e:
        raise BotInputError(f"the input is not JSON: {e.msg} at line {e.lineno}") from None
    if not isinstance(obj, dict):
        raise BotInputError(f"the JSON input is an object, not {type(obj).__name__}")
    reqs, resps = obj.get("requests"), obj.get("responses", [])
    if not isinstance(reqs, list) or not isinstance(resps, list):
        raise BotInputError('the JSON input has lists "requests" and "responses"')
    requests = tuple(_line(r, f"request {i + 1}") for i, r in enumerate(reqs))
    responses = tuple(_line(r, f"response {i + 1}") for i, r in enumerate(resps))
    _check_counts(requests, responses)
    return Turn(
        requests,
        responses,
        data=_text(obj.get("data")),
        globaldata=_text(obj.get("globaldata")),
        time_limit=_time_limit(obj.get("time_limit")),
        format="json",
    )


def _turn_count(line: str) -> int:
    word = line.strip()
    if not word.isdigit() or int(word) < 1:
        raise BotInputError(
            f"simple interaction starts with the turn number (1, 2, …), not {line.strip()!r}"
        )
    return int(word)


def read_simple(text: str) -> Turn:
    """A simple-interaction input: ``n``, ``2n-1`` lines, data, globaldata (the rest;
    both may be missing)."""
    lines = text.split("\n")
    if not lines or not lines[0].strip():
        raise BotInputError("an empty input: simple interaction starts with the turn number")
    n = _turn_count(lines[0])
    messages = lines[1 : 2 * n]
    if len(messages) < 2 * n - 1 or not messages[-1].strip():
        raise BotInputError(
            f"turn {n} has {2 * n - 1} lines of requests and responses; the input has "
            f"{sum(1 for m in messages if m.strip())}"
        )
    requests = tuple(m.strip() for m in messages[0::2])
    responses = tuple(m.strip() for m in messages[1::2])
    rest = lines[2 * n :]
    data = rest[0] if rest else ""
    globaldata = "\n".join(rest[1:]).rstrip("\n")
    return Turn(requests, responses, data=data, globaldata=globaldata, format="simple")


def read_turn(text: str) -> Turn:
    """A whole first input, in whichever form it comes (:func:`detect`)."""
    if not isinstance(text, str):
        raise BotInputError(f"the input is text, not {type(text).__name__}")
    return read_json(text) if detect(text) == "json" else read_simple(text)


def read_later(line: str, form: Format) -> str | Turn:
    """A keep-running bot's later input: the new request (a line), or a whole
    :class:`Turn` when the input carries the history again."""
    text = line.strip()
    if not text:
        raise BotInputError("an empty line where a request was expected")
    if form == "json" or text[0] in '{"':
        try:
            value = json.loads(text)
        except json.JSONDecodeError:
            if form == "json":
                raise BotInputError(f"a later JSON input that is not JSON: {text!r}") from None
            return text
        if isinstance(value, str):
            return _line(value, "the request")
        if isinstance(value, dict):
            reqs = value.get("requests")
            if isinstance(reqs, str):  # {"requests": "<this turn's request>"}
                return _line(reqs, "the request")
            if isinstance(reqs, list) and "responses" in value:
                return read_json(text)
            if isinstance(reqs, list) and len(reqs) == 1:
                return _line(reqs[0], "the request")
        raise BotInputError(f"a later input is the new request, not {text[:80]!r}")
    return text


def _one_line(text: str) -> str:
    return " ".join(text.split("\n"))


def write_answer(answer: Answer, form: Format) -> str:
    """The answer as Botzone reads it (with its final newline)."""
    debug = answer.debug[:DEBUG_LIMIT]
    if form == "json":
        out = {
            "response": answer.response,
            "debug": debug,
            "data": answer.data,
            "globaldata": answer.globaldata,
        }
        return json.dumps(out, ensure_ascii=False, separators=(",", ":")) + "\n"
    fields = (answer.response, debug, answer.data, answer.globaldata)
    return "\n".join(_one_line(f) for f in fields) + "\n"


def _safe(decide: Callable[[Turn], Answer], turn: Turn, err: TextIO) -> Answer:
    try:
        return decide(turn)
    except FanshuError as e:
        message = f"{type(e).__name__}: {e}"
    except Exception as e:  # a bug must not cost the match: RE is -30, PASS often right
        message = f"internal error {type(e).__name__}: {e}"
    err.write(f"fanshu botzone bot: {message}\n")
    err.flush()
    return Answer("PASS", debug=message, globaldata=turn.globaldata)


def serve(
    stream_in: TextIO,
    stream_out: TextIO,
    decide: Callable[[Turn], Answer],
    *,
    keep_running: bool,
    stream_err: TextIO | None = None,
) -> int:
    """Answer Botzone: one input and one answer, or (``keep_running``) answer, print
    the keep-running line and answer each later request until the input ends.

    ``decide`` gets each turn with the whole history.  Returns the exit status: 0
    when every input was answered (with ``PASS`` and ``debug`` for a bad one), 2
    when there was no input to answer at all.
    """
    err = stream_err if stream_err is not None else sys.stderr
    text = _read_first(stream_in, keep_running=keep_running)
    if not text.strip():
        err.write("fanshu botzone bot: no input (Botzone sends a turn in JSON or simple form)\n")
        return 2
    form = detect(text)
    try:
        turn = read_turn(text)
    except BotInputError as e:
        stream_out.write(write_answer(Answer("PASS", debug=str(e)), form))
        stream_out.flush()
        err.write(f"fanshu botzone bot: {e}\n")
        return 0
    answer = _safe(decide, turn, err)
    stream_out.write(write_answer(answer, form))
    if not keep_running:
        stream_out.flush()
        return 0
    requests, responses = list(turn.requests), [*turn.responses, answer.response]
    while True:
        stream_out.write(KEEP_RUNNING + "\n")
        stream_out.flush()
        line = stream_in.readline()
        while line and not line.strip():
            line = stream_in.readline()
        if not line:
            return 0
        try:
            later = read_later(line, form)
            if isinstance(later, str) and form == "simple" and later.isdigit():
                # a turn number again: the whole history follows
                later = read_simple(later + "\n" + _rest_simple(stream_in, later))
        except BotInputError as e:
            stream_out.write(write_answer(Answer("PASS", debug=str(e)), form))
            err.write(f"fanshu botzone bot: {e}\n")
            continue
        if isinstance(later, Turn):
            requests, responses = list(later.requests), list(later.responses)
        else:
            requests.append(later)
        turn = Turn(tuple(requests), tuple(responses), format=form)
        answer = _safe(decide, turn, err)
        responses.append(answer.response)
        stream_out.write(write_answer(answer, form))


def _read_first(stream: TextIO, *, keep_running: bool) -> str:
    """The first input, read only as far as it goes: Botzone need not close stdin
    after it (it does not for a keep-running bot, and bots commonly read one line), so
    reading to the end could wait for ever — a TLE.  JSON: lines until the object is
    whole (Botzone sends one line).  Simple: the turn number and its 2n-1 lines, then
    (one turn per process) the data line and a globaldata line when they come; in
    keep-running mode those are left, and the loop skips them as blank lines."""
    head = stream.readline()
    while head and not head.strip():
        head = stream.readline()
    if head.lstrip().startswith("{"):
        text = head
        decoder = json.JSONDecoder()
        while True:
            try:
                decoder.raw_decode(text.lstrip())
                return text
            except json.JSONDecodeError:
                more = stream.readline()
                if not more:
                    return text  # read_turn says what is wrong with it
                text += more
    text = head + _rest_simple(stream, head)
    if keep_running or not head.strip().isdigit():
        return text
    return text + stream.readline() + stream.readline()


def _rest_simple(stream: TextIO, first: str) -> str:
    """The ``2n-1`` lines after a turn-number line already read."""
    word = first.strip()
    if not word.isdigit():
        return ""
    return "".join(stream.readline() for _ in range(2 * int(word) - 1))
