"""Running outside bot programs as Botzone does: both input forms (read back by the
bot side, fanshu.botzone.io), one process per decision and keep-running, and the
verdicts for a crash, a timeout, garbage and a program that cannot start."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pytest

from fanshu.botzone import io
from fanshu.botzone.programs import (
    KEEP_RUNNING,
    BotProgram,
    ProgramError,
    json_input,
    parse_output,
    simple_input,
)

# A tiny bot: answers "ECHO <n requests seen> <pid>" as its response's debug, counts
# its turns in data, and behaves as argv says.  -S: no site packages (a fast start).
BOT = """
import json, os, sys, time
fmt, mode, how = sys.argv[1:4]

def read_first():
    if fmt == "json":
        o = json.loads(sys.stdin.readline())
        return o["requests"], o["responses"], o.get("data", "")
    n = int(sys.stdin.readline())
    lines = [sys.stdin.readline().rstrip("\\n") for _ in range(2 * n - 1)]
    data = sys.stdin.readline().rstrip("\\n")
    return lines[0::2], lines[1::2], data

def say(response, debug, data):
    if fmt == "json":
        print(json.dumps({"response": response, "debug": debug, "data": data}))
    else:
        print(response); print(debug); print(data); print("")

requests, responses, data = read_first()
while True:
    if how == "crash" and len(requests) >= 2:
        raise SystemExit(5)
    if how == "slow" and len(requests) >= 2:
        time.sleep(30)
    if how == "garbage":
        print("this is not json")
        break
    turns = int(data or 0) + 1
    say("PASS", f"{len(requests)} {os.getpid()} {requests[-1]}", str(turns))
    responses.append("PASS")
    if mode != "keep":
        break
    print(">>>BOTZONE_REQUEST_KEEP_RUNNING<<<", flush=True)
    line = sys.stdin.readline()
    while line and not line.strip():
        line = sys.stdin.readline()
    if not line:
        break
    requests.append(json.loads(line) if fmt == "json" else line.strip())
    data = str(turns) if mode == "keep" else data
"""


@pytest.fixture
def bot(tmp_path: Path) -> Path:
    path = tmp_path / "bot.py"
    path.write_text(BOT, encoding="utf-8")
    return path


def program(
    bot: Path, fmt: str, mode: str, how: str = "ok", *, time_limit: float = 5.0
) -> BotProgram:
    return BotProgram(
        [sys.executable, "-S", str(bot), fmt, mode, how],
        fmt="json" if fmt == "json" else "simple",
        keep_running=mode == "keep",
        time_limit=time_limit,
    )


def test_both_input_forms_read_back_by_the_bot_side() -> None:
    requests, responses = ["0 2 1", "1 0 0 0 0 " + " ".join(["W1"] * 13), "2 B5"], ["PASS", "PASS"]
    j = io.read_turn(json_input(requests, responses, data="d", globaldata="g", time_limit=1.0))
    s = io.read_turn(simple_input(requests, responses, data="d", globaldata="g"))
    for turn in (j, s):
        assert list(turn.requests) == requests and list(turn.responses) == responses
        assert (turn.data, turn.globaldata) == ("d", "g")
    assert (j.format, s.format, j.time_limit) == ("json", "simple", 1.0)
    with pytest.raises(ProgramError, match="one request more"):
        simple_input(["0 1 0"], ["PASS"], data="", globaldata="")


def test_parse_output_reads_what_the_bot_side_writes() -> None:
    for form in ("json", "simple"):
        text = io.write_answer(io.Answer("PLAY W1", debug="why", data="7"), form)
        got = parse_output(text, form)
        assert (got.verdict, got.response, got.debug, got.data) == ("OK", "PLAY W1", "why", "7")
    assert parse_output('{"debug": 1}', "json").verdict == "NJ"
    assert parse_output("", "simple").response == ""


def test_a_json_answer_may_span_lines() -> None:
    # jsoncpp's styled writer, as Botzone's sample bot prints its answer
    styled = '{\n\t"response" : "PLAY T3"\n}\n'
    assert (parse_output(styled, "json").verdict, parse_output(styled, "json").response) == (
        "OK",
        "PLAY T3",
    )
    assert parse_output('{\n\t"response" : ', "json").verdict == "NJ"


@pytest.mark.parametrize("fmt", ["json", "simple"])
def test_one_process_per_decision_gets_the_whole_history(bot: Path, fmt: str) -> None:
    p = program(bot, fmt, "once")
    p.begin()
    pids = set()
    for k, request in enumerate(["0 1 0", "1 0 0 0 0 " + " ".join(["W1"] * 13), "3 0 DRAW"]):
        reply = p.ask(request)
        assert reply.verdict == "OK" and reply.response == "PASS", reply
        assert reply.debug is not None
        seen, pid, last = reply.debug.split(" ", 2)
        assert int(seen) == k + 1 and last == request
        pids.add(pid)
        assert p.data == str(k + 1)  # data goes back to the next decision
        assert not reply.keep_running
    assert len(pids) == 3  # a new process each time


@pytest.mark.parametrize("fmt", ["json", "simple"])
def test_keep_running_keeps_one_process_and_sends_only_the_new_request(bot: Path, fmt: str) -> None:
    p = program(bot, fmt, "keep")
    p.keep_running = True
    p.begin()
    pids = set()
    try:
        for k, request in enumerate(["0 1 0", "3 0 DRAW", "3 0 PLAY W1", "3 1 DRAW"]):
            reply = p.ask(request)
            assert reply.verdict == "OK" and reply.keep_running
            assert reply.debug is not None
            seen, pid, last = reply.debug.split(" ", 2)
            assert int(seen) == k + 1 and last == request
            pids.add(pid)
        assert len(pids) == 1
    finally:
        p.end()


def test_a_bot_that_asks_to_keep_running_is_restarted_when_the_judge_does_not(
    bot: Path,
) -> None:
    p = program(bot, "json", "keep")  # the program prints the marker …
    p.keep_running = False  # … but the judge runs one process per decision
    p.begin()
    first, second = p.ask("0 1 0"), p.ask("3 0 DRAW")
    assert first.verdict == second.verdict == "OK"
    assert first.debug and second.debug
    assert first.debug.split()[1] != second.debug.split()[1]
    assert KEEP_RUNNING not in (second.response or "")


@pytest.mark.parametrize("mode", ["once", "keep"])
def test_a_crash_is_re(bot: Path, mode: str) -> None:
    p = program(bot, "json", mode, "crash")
    p.begin()
    assert p.ask("0 1 0").verdict == "OK"
    reply = p.ask("3 0 DRAW")
    assert reply.verdict == "RE" and "exit code" in (reply.detail or "")
    p.end()


@pytest.mark.parametrize("mode", ["once", "keep"])
def test_a_late_answer_is_tle_and_the_process_is_killed(bot: Path, mode: str) -> None:
    p = program(bot, "simple", mode, "slow", time_limit=0.3)
    p.begin()
    assert p.ask("0 1 0").verdict == "OK"
    start = time.perf_counter()
    reply = p.ask("3 0 DRAW")
    took = time.perf_counter() - start
    assert reply.verdict == "TLE"
    assert 0.3 <= took < 3.0  # waited the limit, not the bot's 30 s
    p.end()


def test_garbage_in_the_json_form_is_nj(bot: Path) -> None:
    p = program(bot, "json", "once", "garbage")
    p.begin()
    reply = p.ask("0 1 0")
    assert reply.verdict == "NJ" and "not JSON" in (reply.detail or "")
    assert p.responses == [""]  # recorded as no response


def test_a_program_that_cannot_start_is_re(tmp_path: Path) -> None:
    p = BotProgram([str(tmp_path / "no-such-bot")], time_limit=1.0)
    p.begin()
    reply = p.ask("0 1 0")
    assert reply.verdict == "RE" and "cannot start" in (reply.detail or "")


def test_bad_programs_and_limits_are_refused() -> None:
    with pytest.raises(ProgramError, match="command line"):
        BotProgram("   ")
    with pytest.raises(ProgramError, match="json or simple"):
        BotProgram("bot", fmt="xml")  # type: ignore[arg-type]
    with pytest.raises(ProgramError, match="time limit"):
        BotProgram("bot", time_limit=0.0)
    with pytest.raises(ProgramError, match="time limit"):
        BotProgram("bot", time_limit=120)


def test_the_command_line_is_split_as_a_shell_would(bot: Path) -> None:
    p = BotProgram(f"'{sys.executable}' -S '{bot}' json once ok", time_limit=5.0)
    assert p.args[0] == sys.executable and p.args[-1] == "ok"
    p.begin()
    assert p.ask("0 1 0").response == "PASS"
    assert os.path.basename(p.args[2]) == "bot.py"
