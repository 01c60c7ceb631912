"""Botzone's bot input and output: both forms, answers, the keep-running loop."""

from __future__ import annotations

import io
import json
from collections.abc import Callable

import pytest

from fanshu.botzone.io import (
    DEBUG_LIMIT,
    KEEP_RUNNING,
    Answer,
    BotInputError,
    Turn,
    detect,
    read_json,
    read_later,
    read_simple,
    read_turn,
    serve,
    write_answer,
)
from fanshu.errors import FanshuError

DEAL = "1 0 0 0 0 W1 W1 W1 W2 W3 W4 B5 B5 B5 T7 T8 T9 F1"


def test_json_input_with_everything_botzone_sends() -> None:
    text = json.dumps(
        {
            "requests": ["0 1 0", DEAL, "2 F1"],
            "responses": ["PASS", "PASS"],
            "data": "saved",
            "globaldata": {"k": 1},
            "time_limit": "6",
            "memory_limit": 256,
        }
    )
    t = read_turn(text)
    assert t == Turn(
        ("0 1 0", DEAL, "2 F1"),
        ("PASS", "PASS"),
        data="saved",
        globaldata='{"k":1}',
        time_limit=6.0,
        format="json",
    )


def test_simple_input_with_data_and_multiline_globaldata() -> None:
    text = f"2\n0 1 0\nPASS\n{DEAL}\nmy data\nglobal 1\nglobal 2\n"
    t = read_simple(text)
    assert t.requests == ("0 1 0", DEAL)
    assert t.responses == ("PASS",)
    assert (t.data, t.globaldata, t.format) == ("my data", "global 1\nglobal 2", "simple")


def test_simple_input_without_data_lines() -> None:
    assert read_turn("1\n0 2 3").requests == ("0 2 3",)


def test_read_json_refuses_a_request_of_several_lines() -> None:
    with pytest.raises(BotInputError, match="one line"):
        read_json('{"requests": ["0 1 0\\n0 2 0"], "responses": []}')


def test_detect() -> None:
    assert detect('  {"requests": []}') == "json"
    assert detect("1\n0 1 0\n") == "simple"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "not JSON"),
        ("[1]", "simple interaction starts with the turn number"),
        ('{"requests": "0 1 0"}', 'lists "requests" and "responses"'),
        ('{"requests": [], "responses": []}', "no request to answer"),
        ('{"requests": ["0 1 0", "x"], "responses": []}', "need 1 earlier response"),
        ('{"requests": [1], "responses": []}', "request 1 is a line of text"),
        ('{"requests": ["0 1 0"], "responses": [], "time_limit": "soon"}', "time_limit"),
        ("", "an empty input"),
        ("x\n0 1 0", "turn number (1, 2, …), not 'x'"),
        ("0\n", "not '0'"),
        ("2\n0 1 0\nPASS\n", "turn 2 has 3 lines"),
    ],
)
def test_bad_inputs_say_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(BotInputError) as e:
        read_turn(text)
    assert message in str(e.value)
    assert isinstance(e.value, FanshuError)


def test_write_answer_json_is_one_compact_line() -> None:
    out = write_answer(Answer("CHI W2 T3", debug="chow 1m\nthen", data="d", globaldata="g"), "json")
    assert out.count("\n") == 1 and out.endswith("\n")
    assert json.loads(out) == {
        "response": "CHI W2 T3",
        "debug": "chow 1m\nthen",
        "data": "d",
        "globaldata": "g",
    }


def test_write_answer_simple_is_four_lines_and_debug_is_cut() -> None:
    out = write_answer(Answer("HU", debug="x" * (DEBUG_LIMIT + 50) + "\nmore"), "simple")
    lines = out.split("\n")
    assert lines[0] == "HU" and len(lines) == 5 and lines[4] == ""
    assert len(lines[1]) == DEBUG_LIMIT


@pytest.mark.parametrize(
    ("line", "form", "expected"),
    [
        ("3 1 DRAW\n", "simple", "3 1 DRAW"),
        ('"3 1 DRAW"', "json", "3 1 DRAW"),
        ('{"requests": "3 1 DRAW"}', "json", "3 1 DRAW"),
        ('{"requests": ["3 1 DRAW"]}', "json", "3 1 DRAW"),
        ('"3 1 DRAW"', "simple", "3 1 DRAW"),
    ],
)
def test_read_later_takes_each_form_of_a_later_input(line: str, form: str, expected: str) -> None:
    assert read_later(line, "json" if form == "json" else "simple") == expected


def test_read_later_takes_a_whole_history_again() -> None:
    later = read_later('{"requests": ["0 1 0", "x"], "responses": ["PASS"]}', "json")
    assert isinstance(later, Turn) and later.requests == ("0 1 0", "x")


@pytest.mark.parametrize(
    ("line", "form"), [("", "simple"), ("3 1 DRAW", "json"), ("[1, 2]", "json")]
)
def test_read_later_refuses(line: str, form: str) -> None:
    with pytest.raises(BotInputError):
        read_later(line, "json" if form == "json" else "simple")


def _recorder() -> tuple[list[Turn], Callable[[Turn], Answer]]:
    seen: list[Turn] = []

    def decide(t: Turn) -> Answer:
        seen.append(t)
        return Answer(f"R{len(t.requests)}", debug="dbg", globaldata=t.globaldata)

    return seen, decide


def test_serve_one_turn_json() -> None:
    seen, decide = _recorder()
    out, err = io.StringIO(), io.StringIO()
    text = '{"requests": ["0 1 0"], "responses": [], "globaldata": "keep"}'
    assert serve(io.StringIO(text), out, decide, keep_running=False, stream_err=err) == 0
    assert json.loads(out.getvalue()) == {
        "response": "R1",
        "debug": "dbg",
        "data": "",
        "globaldata": "keep",
    }
    assert err.getvalue() == ""
    assert len(seen) == 1


def test_serve_keep_running_simple_keeps_the_history() -> None:
    seen, decide = _recorder()
    out = io.StringIO()
    feed = f"1\n0 1 0\n\n\n{DEAL}\n3 0 DRAW\n"
    serve(io.StringIO(feed), out, decide, keep_running=True, stream_err=io.StringIO())
    assert [t.requests for t in seen] == [("0 1 0",), ("0 1 0", DEAL), ("0 1 0", DEAL, "3 0 DRAW")]
    assert [t.responses for t in seen] == [(), ("R1",), ("R1", "R2")]
    chunks = out.getvalue().split(KEEP_RUNNING + "\n")
    assert len(chunks) == 4 and chunks[-1] == ""
    assert [c.split("\n")[0] for c in chunks[:3]] == ["R1", "R2", "R3"]


def test_serve_keep_running_json() -> None:
    seen, decide = _recorder()
    out = io.StringIO()
    feed = '{"requests": ["0 1 0"], "responses": []}\n"' + DEAL + '"\n{"requests": "3 0 DRAW"}\n'
    serve(io.StringIO(feed), out, decide, keep_running=True, stream_err=io.StringIO())
    assert seen[-1].requests == ("0 1 0", DEAL, "3 0 DRAW")
    lines = out.getvalue().splitlines()
    assert lines[1::2] == [KEEP_RUNNING] * 3
    assert [json.loads(x)["response"] for x in lines[0::2]] == ["R1", "R2", "R3"]


def test_serve_answers_pass_with_debug_on_bad_input() -> None:
    out, err = io.StringIO(), io.StringIO()
    seen, decide = _recorder()
    assert serve(io.StringIO("{oops"), out, decide, keep_running=False, stream_err=err) == 0
    answer = json.loads(out.getvalue())
    assert answer["response"] == "PASS" and "not JSON" in answer["debug"]
    assert "not JSON" in err.getvalue() and not seen


def test_serve_answers_pass_when_the_decision_fails() -> None:
    def failing(t: Turn) -> Answer:
        raise FanshuError("no such game")

    def crashing(t: Turn) -> Answer:
        raise KeyError("bug")

    for decide, said in ((failing, "no such game"), (crashing, "internal error KeyError")):
        out, err = io.StringIO(), io.StringIO()
        serve(io.StringIO("1\n0 1 0\n"), out, decide, keep_running=False, stream_err=err)
        assert out.getvalue().split("\n")[0] == "PASS"
        assert said in out.getvalue() and said in err.getvalue()


def test_serve_with_no_input_is_status_2() -> None:
    err = io.StringIO()
    _, decide = _recorder()
    assert serve(io.StringIO(""), io.StringIO(), decide, keep_running=False, stream_err=err) == 2
    assert "no input" in err.getvalue()


def test_keep_running_goes_on_after_a_bad_later_line() -> None:
    seen, decide = _recorder()
    out = io.StringIO()
    feed = '{"requests": ["0 1 0"], "responses": []}\nnot json\n"3 0 DRAW"\n'
    serve(io.StringIO(feed), out, decide, keep_running=True, stream_err=io.StringIO())
    lines = out.getvalue().splitlines()
    answers = [json.loads(x) for x in lines if x != KEEP_RUNNING]
    assert [a["response"] for a in answers] == ["R1", "PASS", "R2"]
    assert seen[-1].requests == ("0 1 0", "3 0 DRAW")


def test_keep_running_simple_takes_a_whole_history_again() -> None:
    seen, decide = _recorder()
    feed = f"1\n0 1 0\n2\n0 2 1\nPASS\n{DEAL}\n"
    serve(io.StringIO(feed), io.StringIO(), decide, keep_running=True, stream_err=io.StringIO())
    assert seen[-1].requests == ("0 2 1", DEAL) and seen[-1].responses == ("PASS",)


def test_one_turn_reads_no_further_than_the_input() -> None:
    class Endless(io.StringIO):
        """A stdin Botzone keeps open: reading past the input would wait for ever."""

        def read(self, size: int | None = -1) -> str:
            raise AssertionError("read to the end of a stream that does not end")

    seen, decide = _recorder()
    for text in ('{"requests": ["0 1 0"],\n "responses": []}\n', "1\n0 1 0\n\n\n"):
        serve(Endless(text), io.StringIO(), decide, keep_running=False, stream_err=io.StringIO())
    assert [t.requests for t in seen] == [("0 1 0",), ("0 1 0",)]
