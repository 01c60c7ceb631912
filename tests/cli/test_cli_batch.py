"""``fanshu score --batch``: JSON Lines in and out, order kept, bad lines reported."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import fanshu
from fanshu.cli.batch import FIELDS, run_batch, score_line
from fanshu.cli.main import app

runner = CliRunner()

HAND = "[EEEE]123m456p789s11s"
NOT_A_WIN = "[EEEE]123m456p789s19p"


def batch(text: str, *args: str) -> Any:
    return runner.invoke(app, ["score", "--batch", "-", *args], input=text)


def lines_of(stdout: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in stdout.splitlines()]


# -- the core, without the CLI ----------------------------------------------------------


def test_score_line_good() -> None:
    out = score_line({"id": 3, "hand": HAND, "self_drawn": True, "seat_wind": "S"})
    expected = fanshu.score(HAND, self_drawn=True, seat_wind="S")
    assert out == {"id": 3, "total": expected.total,
                   "fans": [e.to_dict() for e in expected.fans], "multiplier": None,
                   "error": None}  # fmt: skip


def test_score_line_defaults() -> None:
    out = score_line({"hand": HAND})
    assert out["id"] is None
    assert out["total"] == fanshu.score(HAND).total


def test_score_line_all_fields() -> None:
    obj = {"id": {"game": 1, "round": [2, 3]}, "hand": "[123m]456p678s55s23m4m",
           "self_drawn": False, "fourth_tile": True, "kong": False, "wall_last": True,
           "seat_wind": "N", "prevalent_wind": "S", "flowers": 4,
           "options": {"two_concealed_kongs": 8, "seven_pairs_tile_hog": False},
           "rules": "mcr", "dealer": True, "first_turn": False, "ready_at_start": False,
           "kong_discard": False}  # fmt: skip
    assert set(obj) == set(FIELDS)
    out = score_line(obj)
    assert out["error"] is None, out
    assert out["id"] == {"game": 1, "round": [2, 3]}
    expected = fanshu.score(
        "[123m]456p678s55s23m4m", fourth_tile=True, wall_last=True, seat_wind="N",
        prevalent_wind="S", flowers=4,
        options=fanshu.McrOptions(two_concealed_kongs=8),
    )  # fmt: skip
    assert out["total"] == expected.total


@pytest.mark.parametrize(
    ("obj", "code", "message"),
    [
        ({}, "bad_field", "missing 'hand'"),
        ({"id": 1}, "bad_field", "missing 'hand'"),
        ({"hand": 5}, "bad_field", "hand must be a string"),
        ({"hand": None}, "bad_field", "hand must be a string"),
        ({"hand": HAND, "self_drawn": "yes"}, "bad_field", "self_drawn must be true or false"),
        ({"hand": HAND, "kong": 1}, "bad_field", "kong must be true or false"),
        ({"hand": HAND, "wall_last": None}, "bad_field", "wall_last"),
        ({"hand": HAND, "fourth_tile": "false"}, "bad_field", "fourth_tile"),
        ({"hand": HAND, "seat_wind": "Q"}, "bad_field", "seat_wind must be E, S, W or N"),
        ({"hand": HAND, "prevalent_wind": 0}, "bad_field", "prevalent_wind"),
        ({"hand": HAND, "flowers": "2"}, "bad_field", "flowers must be an integer"),
        ({"hand": HAND, "flowers": 1.0}, "bad_field", "flowers must be an integer"),
        ({"hand": HAND, "flowers": True}, "bad_field", "flowers must be an integer"),
        ({"hand": HAND, "flowers": 9}, "invalid_hand", "8 flowers"),
        ({"hand": HAND, "flowers": -1}, "invalid_hand", "flowers"),
        ({"hand": HAND, "selfdrawn": True}, "bad_field", "unknown key 'selfdrawn'"),
        ({"hand": HAND, "options": [1]}, "bad_field", "options must be an object"),
        ({"hand": HAND, "options": {"nope": 1}}, "bad_option", "unknown option 'nope'"),
        (
            {"hand": HAND, "options": {"seven_pairs_tile_hog": "yes"}},
            "bad_option",
            "seven_pairs_tile_hog",
        ),
        ({"hand": HAND, "options": {"two_concealed_kongs": 7}}, "bad_option", "6 or 8"),
        ({"hand": "xyz"}, "bad_notation", "unexpected character 'x'"),
        ({"hand": ""}, "bad_notation", "empty hand"),
        ({"hand": "123m"}, "invalid_hand", "14 tiles"),
        ({"hand": "123m456p789s11sEEE", "kong": True}, "invalid_hand", "抢杠和"),
        ({"hand": NOT_A_WIN}, "not_a_win", ""),
    ],
)
def test_score_line_errors(obj: dict[str, Any], code: str, message: str) -> None:
    obj = {"id": "k", **obj} if "id" not in obj else obj
    out = score_line(obj)
    assert list(out) == ["id", "error"]
    assert out["id"] == obj["id"]
    assert out["error"]["code"] == code
    assert message in out["error"]["message"]
    assert out["error"]["message"]


def test_score_line_not_an_object() -> None:
    out = score_line([1, 2])  # type: ignore[arg-type]
    message = "a line must be a JSON object, not an array"
    assert out == {"id": None, "error": {"code": "bad_json", "message": message}}


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
    import fanshu.cli.batch as core

    def boom(*args: object, **kwargs: object) -> None:
        raise RuntimeError("kaput")

    monkeypatch.setattr(core, "score", boom)
    out = [json.loads(x) for x in run_batch(['{"id": 1, "hand": "1m"}', '{"id": 2, "hand": 3}'])]
    assert out[0] == {
        "id": 1,
        "error": {"code": "internal_error", "message": "RuntimeError: kaput"},
    }
    assert out[1]["error"]["code"] == "bad_field"


# -- the command ------------------------------------------------------------------------


MIXED = [
    {"id": "a", "hand": HAND, "self_drawn": True},
    "not json at all",
    {"id": "b", "hand": HAND, "self_drawn": "yes"},
    {"id": "c", "hand": NOT_A_WIN},
    {"id": "d", "hand": "[123m]456p678s234m55s", "seat_wind": "W"},
    {"id": "e"},
    {"id": "f", "hand": "xyz"},
    {"id": "g", "hand": HAND, "extra": 1},
    {"id": "h", "hand": HAND, "options": {"two_concealed_kongs": 8}},
]
EXPECTED_CODES = [None, "bad_json", "bad_field", "not_a_win", None, "bad_field", "bad_notation",
                  "bad_field", None]  # fmt: skip


def mixed_text() -> str:
    return "".join((x if isinstance(x, str) else json.dumps(x)) + "\n" for x in MIXED)


def check_mixed(stdout: str) -> None:
    out = lines_of(stdout)
    assert len(out) == len(MIXED)
    ids = [x.get("id") if isinstance(x, dict) else None for x in MIXED]
    assert [o["id"] for o in out] == ids
    assert [o["error"] and o["error"]["code"] for o in out] == EXPECTED_CODES
    for o in out:
        if o["error"] is None:
            assert list(o) == ["id", "total", "fans", "multiplier", "error"]
            assert o["multiplier"] is None  # MCR adds fan
            assert o["total"] == sum(f["value"] * f["count"] for f in o["fans"])
        else:
            assert list(o) == ["id", "error"] and list(o["error"]) == ["code", "message"]


def test_batch_stdin_mixed_good_and_bad() -> None:
    result = batch(mixed_text())
    assert result.exit_code == 0, result.output
    check_mixed(result.stdout)
    assert result.stderr == ""


def test_batch_file(tmp_path: Path) -> None:
    path = tmp_path / "hands.jsonl"
    path.write_text(mixed_text(), encoding="utf-8")
    result = runner.invoke(app, ["score", "--batch", str(path)])
    assert result.exit_code == 0, result.output
    check_mixed(result.stdout)


def test_batch_file_with_bom_crlf_and_bad_bytes(tmp_path: Path) -> None:
    path = tmp_path / "hands.jsonl"
    good = json.dumps({"id": 1, "hand": HAND}).encode()
    path.write_bytes(b"\xef\xbb\xbf" + good + b"\r\n" + b'{"id": 2, "hand": "\xff"}\r\n' + good)
    result = runner.invoke(app, ["score", "-b", str(path)])
    assert result.exit_code == 0, result.output
    out = lines_of(result.stdout)
    assert [o["id"] for o in out] == [1, 2, 1]
    assert out[0]["error"] is None and out[2]["error"] is None
    assert out[1]["error"]["code"] == "bad_notation"


def test_batch_skips_empty_lines() -> None:
    text = (
        "\n"
        + json.dumps({"id": 1, "hand": HAND})
        + "\n\n   \n"
        + json.dumps({"id": 2, "hand": HAND})
    )
    result = batch(text + "\n\n")
    assert result.exit_code == 0
    assert [o["id"] for o in lines_of(result.stdout)] == [1, 2]


def test_batch_empty_input() -> None:
    result = batch("")
    assert result.exit_code == 0
    assert result.stdout == ""


def test_batch_file_not_found(tmp_path: Path) -> None:
    missing = tmp_path / "nope.jsonl"
    result = runner.invoke(app, ["score", "--batch", str(missing)])
    assert result.exit_code == 2
    assert result.stderr.startswith(f"error: cannot read {missing}")
    assert "No such file" in result.stderr
    assert "Traceback" not in result.output
    assert result.stdout == ""


def test_batch_directory(tmp_path: Path) -> None:
    result = runner.invoke(app, ["score", "--batch", str(tmp_path)])
    assert result.exit_code == 2
    assert result.stderr.startswith("error: cannot read")


def test_batch_progress_forced_goes_to_stderr() -> None:
    text = "".join(json.dumps({"id": i, "hand": HAND}) + "\n" for i in range(20)) + "bad\n"
    result = batch(text, "--progress")
    assert result.exit_code == 0
    out = lines_of(result.stdout)  # stdout stays pure JSON Lines
    assert len(out) == 21
    assert "scored 21 lines (20 ok, 1 errors)" in result.stderr


def test_batch_no_progress() -> None:
    text = "".join(json.dumps({"id": i, "hand": HAND}) + "\n" for i in range(20))
    result = batch(text, "--no-progress")
    assert result.exit_code == 0
    assert result.stderr == ""
    assert len(lines_of(result.stdout)) == 20


def test_batch_2000_lines(tmp_path: Path) -> None:
    hands: list[dict[str, Any]] = [
        {"hand": HAND, "self_drawn": True},
        {"hand": "[123m]456p678s234m55s", "flowers": 2},
        {"hand": "[EEEE][SSSS]123m456p11s", "seat_wind": "S"},
        {"hand": NOT_A_WIN},
        {"hand": "[123m][456m][789m][111p]9s9s", "prevalent_wind": "N"},
        {"hand": "11m"},  # invalid
        {"hand": "19m19p19sESWNCFPP", "self_drawn": True},  # 十三幺
        {"hand": "1122m3344p5566s77s"},  # 七对
    ]
    path = tmp_path / "big.jsonl"
    with path.open("w", encoding="utf-8") as f:
        for i in range(2000):
            f.write(json.dumps({"id": i, **hands[i % len(hands)]}) + "\n")
            if i % 97 == 0:
                f.write("this line is not JSON\n")
    started = time.monotonic()
    result = runner.invoke(app, ["score", "--batch", str(path)])
    elapsed = time.monotonic() - started
    assert result.exit_code == 0, result.output
    out = lines_of(result.stdout)
    good = [o for o in out if o["id"] is not None]
    assert [o["id"] for o in good] == list(range(2000))
    assert sum(1 for o in out if o["id"] is None) == len(range(0, 2000, 97))
    # every line agrees with scoring the same hand alone
    singles = [score_line(h) for h in hands]
    for o in good:
        single = singles[o["id"] % len(hands)]
        assert {**o, "id": None} == {**single, "id": None}
    codes = {(s["error"] or {}).get("code") for s in singles}
    assert codes == {None, "not_a_win", "invalid_hand"}
    assert elapsed < 120


class _Stream:
    def __init__(self, tty: bool) -> None:
        self.tty = tty

    def isatty(self) -> bool:
        return self.tty


@pytest.mark.parametrize(
    ("err_tty", "out_tty", "total", "shown"),
    [
        (True, False, 10_000, True),
        (True, False, None, True),  # stdin: length unknown
        (True, False, 10, False),  # short input: no bar
        (False, False, 10_000, False),  # stderr not a terminal
        (True, True, 10_000, False),  # results scroll on the terminal
    ],
)
def test_progress_auto(
    monkeypatch: pytest.MonkeyPatch, err_tty: bool, out_tty: bool, total: int | None, shown: bool
) -> None:
    import fanshu.cli.jsonl as cmd

    monkeypatch.setattr(sys, "stderr", _Stream(err_tty))
    monkeypatch.setattr(sys, "stdout", _Stream(out_tty))
    assert cmd.want_progress(None, total) is shown
    assert cmd.want_progress(True, 1) is True
    assert cmd.want_progress(False, 10_000) is False


# -- rule sets: the rules key, the new context keys, options per rule set --------------

FLUSH = "11123455678999m"  # one suit, no honours: legal under every rule set


@pytest.mark.parametrize(
    ("obj", "code", "message"),
    [
        ({"hand": HAND, "rules": "nope"}, "bad_option", "unknown rule set 'nope'"),
        ({"hand": HAND, "rules": 3}, "bad_field", "rules must be a rule set name"),
        ({"hand": HAND, "rules": ["mcr"]}, "bad_field", "rules"),
        ({"hand": HAND, "dealer": "yes"}, "bad_field", "dealer must be true or false"),
        ({"hand": HAND, "first_turn": 1}, "bad_field", "first_turn"),
        ({"hand": HAND, "ready_at_start": None}, "bad_field", "ready_at_start"),
        ({"hand": HAND, "kong_discard": "no"}, "bad_field", "kong_discard"),
        ({"hand": HAND, "rule": "mcr"}, "bad_field", "unknown key 'rule'"),
    ],
)
def test_rules_and_context_errors(obj: dict[str, Any], code: str, message: str) -> None:
    out = score_line({"id": "r", **obj})
    assert list(out) == ["id", "error"]
    assert out["error"]["code"] == code
    assert message in out["error"]["message"]


def test_unknown_rules_names_the_known_ones() -> None:
    message = score_line({"hand": HAND, "rules": "nope"})["error"]["message"]
    assert all(name in message for name in fanshu.rules.names())


def test_mcr_lines_gain_multiplier_null() -> None:
    out = score_line({"hand": HAND, "rules": "mcr", "dealer": True, "kong_discard": False})
    assert out["multiplier"] is None
    assert {**out} == {**score_line({"hand": HAND})}


@pytest.mark.parametrize("name", fanshu.rules.names())
def test_every_rule_set_in_a_batch(name: str) -> None:
    lines = [
        {"id": 1, "hand": FLUSH, "rules": name, "self_drawn": True},
        {"id": 2, "hand": FLUSH, "rules": name, "dealer": True, "first_turn": True},
        {"id": 3, "hand": FLUSH, "rules": name, "options": {"no_such_option": True}},
        {"id": 4, "hand": FLUSH, "rules": name, "options": []},
    ]
    result = batch("".join(json.dumps(x) + "\n" for x in lines))
    assert result.exit_code == 0, result.output
    out = lines_of(result.stdout)
    assert [o["id"] for o in out] == [1, 2, 3, 4]
    for o, line in zip(out[:2], lines, strict=False):
        assert o == score_line(line)  # the same object as one hand
        if o["error"] is None:
            assert "multiplier" in o and list(o)[-1] == "error"
    assert out[2]["error"]["code"] == "bad_option"
    assert out[3]["error"]["code"] == "bad_field"


def test_rules_null_is_the_default() -> None:
    assert score_line({"hand": HAND, "rules": None}) == score_line({"hand": HAND})


@pytest.mark.skipif("sichuan" not in fanshu.rules.names(), reason="Sichuan not registered yet")
def test_sichuan_line() -> None:
    out = score_line({"id": "s", "hand": FLUSH, "rules": "sichuan", "self_drawn": True})
    assert out["error"] is None, out
    assert {"total", "fans", "multiplier"} <= set(out)
    assert out["multiplier"] == 2 ** (out["total"] - 1)
    assert "清一色" in [f["name"] for f in out["fans"]]
