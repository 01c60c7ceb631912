"""The error object (``fanshu.protocol.errors``): its shape, the codes, the messages'
pieces shared by the command line and the HTTP service."""

from __future__ import annotations

import pytest

from fanshu.protocol.errors import (
    CODES,
    LineError,
    error_object,
    internal_error,
    kind_of,
    shown,
)


def test_error_object_is_id_then_code_and_message() -> None:
    out = error_object({"k": 1}, "bad_field", "missing 'hand'")
    assert out == {"id": {"k": 1}, "error": {"code": "bad_field", "message": "missing 'hand'"}}
    assert list(out) == ["id", "error"] and list(out["error"]) == ["code", "message"]


def test_internal_error_names_the_exception() -> None:
    assert internal_error(3, RuntimeError("kaput"))["error"] == {
        "code": "internal_error",
        "message": "RuntimeError: kaput",
    }
    assert internal_error(3, KeyError())["error"]["message"] == "KeyError"


def test_line_error_carries_code_and_message() -> None:
    message = "hand must be a string, not 5"
    with pytest.raises(LineError) as caught:
        raise LineError("bad_field", message)
    assert (caught.value.code, caught.value.message) == ("bad_field", message)
    assert str(caught.value) == message


@pytest.mark.parametrize(
    ("value", "kind"),
    [
        ([], "an array"),
        ("x", "a string"),
        (None, "null"),
        (True, "a boolean"),
        ({}, "an object"),
        (1.5, "a number"),
        (0, "a number"),
    ],
)
def test_kind_of(value: object, kind: str) -> None:
    assert kind_of(value) == kind


def test_shown_keeps_chinese_and_shortens() -> None:
    assert shown("东") == '"东"'
    assert shown([1, 2]) == "[1, 2]"
    long = shown("x" * 100)
    assert len(long) == 40 and long.endswith("...")
    assert shown({1, 2}) == "{1, 2}"  # not JSON: its repr


def test_codes() -> None:
    # invalid_text and out_of_range: issue 14 (text that is not Unicode, numbers past a bound)
    assert CODES == (
        "bad_json",
        "bad_field",
        "invalid_text",
        "out_of_range",
        "not_a_win",
        "internal_error",
    )
