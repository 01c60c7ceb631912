"""JSON Lines (``fanshu.protocol.lines``): one output line per non-empty input line, in
order, lazily; bad JSON and bugs reported on their line."""

from __future__ import annotations

import json

import pytest

import fanshu
from fanshu.protocol.lines import run_batch

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
