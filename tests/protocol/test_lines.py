"""JSON Lines (``fanshu.protocol.lines``): one output line per non-empty input line, in
order, lazily; bad JSON and bugs reported on their line."""

from __future__ import annotations

import io
import json

import pytest

import fanshu
from fanshu.protocol.lines import line_bytes, open_lines, process_line, run_batch

HAND = "[EEEE]123m456p789s11s"


def test_run_batch_is_lazy_and_in_order() -> None:
    source = iter([json.dumps({"id": i, "hand": HAND}) for i in range(5)])
    out = run_batch(source)
    first = next(out)
    assert json.loads(first)["id"] == 0
    assert next(source) is not None  # the rest has not been read yet
    assert [json.loads(x)["id"] for x in out] == [2, 3, 4]


def test_run_batch_lines() -> None:
    lines = [
        '{"id": 1, "hand": "' + HAND + '"}\n',
        "\n",
        "   \r\n",
        "{not json\n",
        '"just a string"\n',
        "null\n",
        '{"id": 2, "hand": "' + HAND + '", "self_drawn": true}\r\n',
    ]
    out = [json.loads(x) for x in run_batch(lines)]
    assert len(out) == 5
    assert out[0]["id"] == 1 and out[0]["error"] is None
    assert out[1] == {
        "id": None,
        "error": {"code": "bad_json", "message": out[1]["error"]["message"]},
    }
    assert out[1]["error"]["message"].startswith("not JSON")
    assert out[2]["error"]["code"] == "bad_json" and "a string" in out[2]["error"]["message"]
    assert out[3]["error"]["code"] == "bad_json" and "null" in out[3]["error"]["message"]
    assert out[4]["id"] == 2 and out[4]["total"] == fanshu.score(HAND, self_drawn=True).total


def test_output_keeps_chinese() -> None:
    (line,) = run_batch([json.dumps({"hand": HAND})])
    assert "花龙" in line
    assert "\\u" not in line


def test_internal_error_is_reported_on_its_line(monkeypatch: pytest.MonkeyPatch) -> None:
    import fanshu.protocol.score as core

    def boom(*args: object, **kwargs: object) -> None:
        raise RuntimeError("kaput")

    monkeypatch.setattr(core, "score", boom)
    out = [json.loads(x) for x in run_batch(['{"id": 1, "hand": "1m"}', '{"id": 2, "hand": 3}'])]
    assert out[0] == {
        "id": 1,
        "error": {"code": "internal_error", "message": "RuntimeError: kaput"},
    }
    assert out[1]["error"]["code"] == "bad_field"


def test_lines_end_at_newline_only() -> None:
    data = b'{"id": 1}\r\n{"id": "a\rb"}\n{"id": "c\xe2\x80\xa8d"}\n{"id": "e\xc2\x85"}\n\xff\n'
    lines = list(open_lines(io.BytesIO(data)))
    assert lines == ['{"id": 1}\r\n', '{"id": "a\rb"}\n', '{"id": "c\u2028d"}\n',
                     '{"id": "e\u0085"}\n', "\udcff\n"]  # fmt: skip
    assert b"".join(line_bytes(line) for line in lines) == data  # the bytes, as they were
    out = [json.loads(x) for x in run_batch(lines)]
    assert len(out) == len(lines)  # one output line per input line
    assert out[0]["id"] == 1 and out[1]["error"]["code"] == "bad_json"  # raw CR in a string
    assert (out[2]["id"], out[3]["id"]) == ("c\u2028d", "e\u0085")  # kept, each on its line
    assert out[4]["error"]["code"] == "invalid_text" and out[4]["id"] is None
    assert open_lines(io.BytesIO(b"\xef\xbb\xbf1\n")).read() == "1\n"  # a BOM is dropped


def test_blank_means_json_whitespace_only() -> None:
    assert process_line(" \t\r\n") is None
    for not_blank in ("\u2028", "\u0085", "\u3000", "\x0c"):
        out = json.loads(process_line(not_blank) or "null")
        assert out["error"]["code"] == "bad_json", not_blank


def test_text_that_is_not_unicode_is_an_error_of_its_line() -> None:
    lines = [
        '{"id": 7, "hand": "\\ud800"}',  # a JSON escape of a lone surrogate
        '{"id": 8, "hand": "1m\udcff"}',  # a byte that was not UTF-8, inside a string
        '{"id": 9, "hand": "1m"}\udcff',  # … outside: not JSON, and not text
        '{"id": "\udcff", "hand": "' + HAND + '"}',
        json.dumps({"id": 10, "hand": HAND}),
    ]
    out = [json.loads(x) for x in run_batch(lines)]
    assert [o["id"] for o in out] == [7, 8, None, "\ufffd", 10]
    assert [o["error"]["code"] for o in out[:4]] == ["invalid_text"] * 4
    assert out[2]["error"]["message"] == (
        "the line is not valid Unicode text (a lone surrogate \\udcff at 23: bytes that "
        "are not UTF-8?)"
    )
    assert out[4]["total"] == fanshu.score(HAND).total


def test_an_output_that_is_not_text_is_scrubbed() -> None:
    (line,) = run_batch(["{}"], lambda obj: {"id": "x\udcff", "error": None})
    assert json.loads(line) == {"id": "x\ufffd", "error": None}
    line.encode("utf-8")
