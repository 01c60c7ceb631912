"""The analyze request and result (``fanshu.protocol.analyze``)."""

from __future__ import annotations

from typing import Any

import pytest

from fanshu.protocol.analyze import ANALYZE_FIELDS, analyze_line

NINE_GATES = "1112345678999m"


def test_analyze_line_fields() -> None:
    obj = {
        "id": [1, "a"],
        "hand": NINE_GATES,
        "visible": "9m",
        "seat_wind": "W",
        "prevalent_wind": "S",
        "flowers": 1,
        "options": {"two_concealed_kongs": 8},
    }
    assert set(obj) == set(ANALYZE_FIELDS)
    out = analyze_line(obj)
    assert out["error"] is None and out["id"] == [1, "a"]
    assert {w["tile"]: w["remaining"] for w in out["waits"]}["9m"] == 0


@pytest.mark.parametrize(
    ("obj", "code", "message"),
    [
        ({}, "bad_field", "missing 'hand'"),
        ({"hand": 5}, "bad_field", "hand must be a string"),
        ({"hand": NINE_GATES, "visible": 5}, "bad_field", "visible must be a tile string"),
        ({"hand": NINE_GATES, "self_drawn": True}, "bad_field", "unknown key 'self_drawn'"),
        ({"hand": NINE_GATES, "seat_wind": "Q"}, "bad_field", "seat_wind"),
        ({"hand": NINE_GATES, "flowers": 9}, "invalid_hand", "8 flowers"),
        ({"hand": NINE_GATES, "options": {"x": 1}}, "bad_option", "unknown option"),
        ({"hand": "12x"}, "bad_notation", "unknown suit"),
        ({"hand": NINE_GATES, "visible": "1x"}, "bad_notation", "unknown suit"),
        ({"hand": "123m"}, "invalid_hand", "13 or 14 tiles"),
        ({"hand": NINE_GATES, "visible": "1m1m"}, "invalid_hand", "only 4 copies of 1m"),
    ],
)
def test_analyze_line_errors(obj: dict[str, Any], code: str, message: str) -> None:
    out = analyze_line({"id": "k", **obj})
    assert list(out) == ["id", "error"]
    assert out["id"] == "k"
    assert out["error"]["code"] == code
    assert message in out["error"]["message"]


def test_analyze_line_not_an_object() -> None:
    out = analyze_line([1, 2])
    assert out == {
        "id": None,
        "error": {"code": "bad_json", "message": "a line must be a JSON object, not an array"},
    }
