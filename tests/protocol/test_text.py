"""Strings that are not Unicode text (lone surrogates) are refused where they come in,
naming the field, and what is echoed back of them can be written."""

from __future__ import annotations

import json

import pytest

from fanshu.protocol.analyze import analyze_line
from fanshu.protocol.lines import process_line
from fanshu.protocol.score import score_line
from fanshu.protocol.text import INVALID_TEXT, InvalidText, check_text, is_text, scrubbed


@pytest.mark.parametrize(
    ("value", "field"),
    [
        ({"hand": "\ud800"}, "hand"),
        ({"players": ["A", "B\udcff"]}, "players[1]"),
        ({"options": {"x": {"y": ["ok", "\udfff"]}}}, "options.x.y[1]"),
        ("\ud800", "body"),
    ],
)
def test_the_first_bad_string_is_named(value: object, field: str) -> None:
    with pytest.raises(InvalidText) as e:
        check_text(value)
    assert e.value.field == field
    assert e.value.code == INVALID_TEXT
    assert e.value.message.startswith(f"{field} is not valid Unicode text")
    assert is_text(e.value.message)  # the message shows the surrogate escaped


def test_a_bad_key_is_named_as_a_key_of_its_object() -> None:
    with pytest.raises(InvalidText) as e:
        check_text({"options": {"\ud800": 1}})
    assert e.value.field == "options"
    assert e.value.message.startswith("a key of options is not valid Unicode text")


def test_text_passes_whatever_its_script() -> None:
    check_text({"players": ["东", "Ann", "🀄", "é"], "n": 1, "x": None})
    assert is_text("🀄") and not is_text("a\ud83c")


def test_scrubbed_replaces_only_lone_surrogates() -> None:
    assert scrubbed({"a": ["x\ud800", 1], "\udcff": "中"}) == {"a": ["x\ufffd", 1], "\ufffd": "中"}
    assert scrubbed(7) == 7


@pytest.mark.parametrize("handle", [score_line, analyze_line])
def test_a_batch_line_with_bad_text_is_its_own_error_and_can_be_written(handle: object) -> None:
    assert callable(handle)
    out = handle({"id": "n\udcff", "hand": "123m"})
    assert out["error"]["code"] == "invalid_text"
    assert out["error"]["message"].startswith("id is not valid Unicode text")
    assert out["id"] == "n\ufffd"
    json.dumps(out, ensure_ascii=False).encode("utf-8")  # writable: no UnicodeEncodeError


def test_a_line_of_bad_text_does_not_stop_the_next_one() -> None:
    # as `fanshu score --batch` reads it: the JSON escape decodes to a lone surrogate
    bad = process_line('{"id": 1, "hand": "\\ud800"}')
    good = process_line('{"id": 2, "hand": "[EEEE]123m456p789s11s", "self_drawn": true}')
    assert bad is not None and good is not None
    assert json.loads(bad)["error"]["code"] == "invalid_text"
    bad.encode("utf-8")
    assert json.loads(good)["error"] is None
