"""``fanshu score --batch``: JSON Lines in and out, order kept, bad lines reported."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

import fanshu
from fanshu.cli.jsonl import (
    DEFAULT_EXECUTION,
    NO_BATCH,
    BatchRun,
    Execution,
    with_batch,
    with_execution,
)
from fanshu.cli.main import app
from fanshu.cli.options import ScoreBatchOption
from fanshu.protocol.score import score_line

runner = CliRunner()

HAND = "[EEEE]123m456p789s11s"
NOT_A_WIN = "[EEEE]123m456p789s19p"


def batch(text: str, *args: str) -> Any:
    return runner.invoke(app, ["score", "--batch", "-", *args], input=text)


def lines_of(stdout: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in stdout.splitlines()]


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
EXPECTED_CODES = [
    None,
    "bad_json",
    "bad_field",
    "not_a_win",
    None,
    "bad_field",
    "bad_notation",
    "bad_field",
    None,
]


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
            keys = ["id", "total", "fans", "multiplier", "total_without_flowers", "meets_minimum"]
            assert list(o) == [*keys, "error"]
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
    assert out[1]["error"]["code"] == "invalid_text"  # a byte that is not UTF-8 (was U+FFFD)


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


# -- rule sets: every rule set in one batch ---------------------------------------------

FLUSH = "11123455678999m"  # one suit, no honours: legal under every rule set


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


# -- the execution options, declared once ------------------------------------------------


def test_with_execution_gives_the_four_options_and_builds_the_execution() -> None:
    got: list[Execution] = []

    @with_execution
    def command(name: str = "x", execution: Execution = DEFAULT_EXECUTION, last: int = 0) -> None:
        got.append(execution)

    one = typer.Typer()
    one.command()(command)
    result = runner.invoke(one, ["--workers", "3", "--ray-address", "auto", "--shard-timeout", "2"])
    assert result.exit_code == 0, result.output
    assert got == [Execution(workers=3, ray=False, ray_address="auto", shard_timeout=2.0)]
    result = runner.invoke(one, ["--ray", "--last", "1"])
    assert result.exit_code == 0, result.output
    assert got[-1] == Execution(ray=True)
    help_text = runner.invoke(one, ["--help"]).output
    places = [help_text.index(o) for o in ("--name", "--workers", "--ray ", "--last")]
    assert places == sorted(places)  # the options stand where execution stood


def test_with_execution_needs_the_execution_parameter() -> None:
    def command(name: str = "x") -> None: ...

    with pytest.raises(TypeError, match="no 'execution' parameter"):
        with_execution(command)


def test_with_batch_gives_the_batch_options_and_builds_the_run() -> None:
    got: list[BatchRun] = []

    @with_batch(ScoreBatchOption)
    def command(name: str = "x", batch: BatchRun = NO_BATCH, last: int = 0) -> None:
        got.append(batch)

    one = typer.Typer()
    one.command()(command)
    result = runner.invoke(one, ["--batch", "in.jsonl", "--workers", "2", "--out", "o.pq"])
    assert result.exit_code == 0, result.output
    assert got == [BatchRun("in.jsonl", execution=Execution(workers=2), out="o.pq")]
    result = runner.invoke(one, ["--last", "1"])
    assert result.exit_code == 0, result.output
    assert got[-1] == NO_BATCH
    rows = runner.invoke(one, ["--help"]).output.splitlines()
    options = ("--name", "--batch", "--progress", "--workers", "--out", "--format", "--resume")
    # an option's row starts at the panel's edge; its help may name other options
    places = [next(i for i, t in enumerate(rows) if t.startswith(f"│ {o}")) for o in options]
    last = next(i for i, t in enumerate(rows) if t.startswith("│ --last"))
    assert places == sorted(places) and places[-1] < last  # where batch stood


def test_with_batch_needs_the_batch_parameter() -> None:
    def command(name: str = "x") -> None: ...

    with pytest.raises(TypeError, match="no 'batch' parameter"):
        with_batch(ScoreBatchOption)(command)
