"""Odd input anywhere on the command line gives ``error: …`` and status 1 or 2, never a
traceback: empty and 100 kB hand strings, unknown names, missing files and ids, bytes
that are not UTF-8, control characters."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from fanshu.cli.main import app

runner = CliRunner()
HAND = "[EEEE]123m456p789s11s"
LONG = 100_000  # characters: a 100 kB argument

# Each case: the arguments (``{tmp}`` is a temporary folder; ``--db`` is added for match
# and tournament commands) and, for the very long ones, how many characters the error
# output may take (it shows the fault, not the whole input).
CASES: dict[str, list[str]] = {
    "score empty hand": ["score", ""],
    "analyze empty hand": ["analyze", ""],
    "analyze bad visible": ["analyze", "1m", "--visible", "x"],
    "analyze bad visible, good hand": ["analyze", "1112345678999m", "--visible", "x"],
    "match show unknown id": ["match", "show", "nosuchid"],
    "match record unknown id": ["match", "record", "nosuchid", "--draw"],
    "tournament standings unknown id": ["tournament", "standings", "nosuchid"],
    "rules unknown": ["rules", "nosuch"],
    "score unknown rules": ["score", HAND, "--rules", "nosuch"],
    "score unknown option": ["score", HAND, "-o", "nosuch=1"],
    "score option without =": ["score", HAND, "-o", "nosuch"],
    "score option of the wrong type": ["score", HAND, "-o", "two_concealed_kongs=many"],
    "analyze unknown option": ["analyze", "1112345678999m", "-o", "nosuch=1"],
    "score bad seat wind": ["score", HAND, "--seat-wind", "Q"],
    "score too many flowers": ["score", HAND, "--flowers", "99"],
    "score batch missing file": ["score", "--batch", "/nonexistent/batch.jsonl"],
    "analyze batch missing file": ["analyze", "--batch", "/nonexistent/batch.jsonl"],
    "score batch is a folder": ["score", "--batch", "{tmp}"],
    "score hand and batch": ["score", HAND, "--batch", "-"],
    "score control characters": ["score", "\x01\x1b[31m\x7f"],
    "score tiles as pictures": ["score", "🀇🀈🀉x"],
    "score long hand": ["score", "1m" * (LONG // 2)],
    "score long bad tail": ["score", "1m" * 13 + "x" * LONG],
    "score long brackets": ["score", "[" * LONG],
    "analyze long hand": ["analyze", "123m" * (LONG // 4)],
    "analyze long visible": ["analyze", "1112345678999m", "--visible", "1m" * (LONG // 2)],
    "score long rules name": ["score", HAND, "--rules", "x" * LONG],
    "score long option name": ["score", HAND, "-o", "x" * LONG + "=1"],
    "match import binary file": ["match", "import", "{tmp}/garbage.bin"],
    "tournament import binary file": ["tournament", "import", "{tmp}/garbage.bin"],
    "match import missing file": ["match", "import", "/nonexistent/m.json"],
    "match import not JSON": ["match", "import", "{tmp}/broken.json"],
    "match export to a missing folder": ["match", "export", "{mid}", "-o", "/nonexistent/x"],
    "match show, db is a folder": ["match", "show", "nosuchid", "--db", "{tmp}"],
    "match show, db is not a database": ["match", "show", "x", "--db", "{tmp}/garbage.bin"],
    "match new, the same player twice": ["match", "new", "--players", "A", "A", "B", "C"],
    "tournament new, 3 players": ["tournament", "new", "A", "B", "C"],
}

#: Bytes that are not UTF-8 (nor JSON), NUL and newlines among them.
GARBAGE = bytes(range(256)) * 4 + b"\xff\xfe\x00\n\xc3(\n\x80\x80\n"


def _args(case: list[str], tmp: Path, mid: str) -> list[str]:
    args = [a.replace("{tmp}", str(tmp)).replace("{mid}", mid) for a in case]
    if args[0] in ("match", "tournament") and "--db" not in args:
        args += ["--db", str(tmp / "fanshu.db")]
    return args


@pytest.fixture
def tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.delenv("FANSHU_DB", raising=False)
    (tmp_path / "garbage.bin").write_bytes(GARBAGE)
    (tmp_path / "broken.json").write_text('{"id": "m1", "players": [', encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize("case", list(CASES), ids=list(CASES))
def test_odd_input_is_an_error_not_a_traceback(case: str, tmp: Path) -> None:
    mid = ""
    if "{mid}" in " ".join(CASES[case]):
        db = ["--db", str(tmp / "fanshu.db")]
        made = runner.invoke(app, ["match", "new", "--players", "A", "B", "C", "D", *db])
        assert made.exit_code == 0, made.output
        mid = made.stdout.strip()
    result = runner.invoke(app, _args(CASES[case], tmp, mid))
    out = result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), out
    assert "Traceback" not in out
    assert result.exit_code in (1, 2), out
    assert any(line.startswith("error: ") for line in result.stderr.splitlines()), out
    # the error shows where the fault is, not the whole 100 kB input
    assert len(out) < 2_000, out[:300]


@pytest.mark.parametrize("command", ["score", "analyze"])
def test_batch_of_binary_garbage_on_stdin_gives_an_error_object_per_line(command: str) -> None:
    """A batch reports a bad line as an error object and goes on (status 2 only when FILE
    cannot be read): bytes that are not UTF-8 make such a line (``invalid_text``), and
    lines end at ``\\n`` only, so there is one output line per line that is not blank."""
    result = runner.invoke(app, [command, "--batch", "-"], input=GARBAGE)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    assert "Traceback" not in result.output
    assert result.exit_code == 0
    lines = result.stdout.split("\n")[:-1]
    expected = [line for line in GARBAGE.split(b"\n") if line.strip(b" \t\r")]
    assert len(lines) == len(expected) > 0
    for line in lines:
        obj = json.loads(line)
        assert obj["error"]["code"] in ("bad_json", "invalid_text"), line


def _fanshu(*args: str, stdin: bytes = b"", **env: str) -> subprocess.CompletedProcess[bytes]:
    """The real command in a child process (its own stdin, stdout and encodings)."""
    return subprocess.run(
        [sys.executable, "-c", "from fanshu.cli.main import main; main()", *args],
        input=stdin,
        capture_output=True,
        timeout=60,
        env={**os.environ, **env},
        check=False,
    )


@pytest.mark.parametrize("command", ["score", "analyze"])
def test_binary_stdin_with_a_strict_decoder_in_a_real_process(command: str) -> None:
    """With ``PYTHONIOENCODING=utf-8:strict`` (or a platform whose stdin is strict) the
    batch still reads bytes that are not UTF-8 (as ``invalid_text`` lines) rather than
    failing."""
    proc = _fanshu(command, "--batch", "-", stdin=GARBAGE, PYTHONIOENCODING="utf-8:strict")
    assert b"Traceback" not in proc.stderr, proc.stderr.decode(errors="replace")[-500:]
    assert proc.returncode == 0
    assert all(json.loads(line)["error"] for line in proc.stdout.splitlines())


def test_long_hand_in_a_real_process(tmp_path: Path) -> None:
    proc = _fanshu("score", "1m" * 13 + "x" * LONG)
    assert proc.returncode == 2 and b"Traceback" not in proc.stderr
    err = proc.stderr.decode()
    assert err.startswith("error: unexpected character 'x' at 26\n")
    assert len(err) < 300


#: Arguments with bytes that are not UTF-8 (as Python reads them: lone surrogates), for
#: each kind of command that takes names, hands or text.
NOT_TEXT: dict[str, list[str]] = {
    "match new players": ["match", "new", "--players", "A\udcff", "B", "C", "D"],
    "match new players=": ["match", "new", "--players=A\udcff", "B", "C", "D"],
    "match record winner": ["match", "record", "m1", "--winner", "\udcc3(", "--fan", "8"],
    "match penalty reason": ["match", "penalty", "m1", "-p", "A", "--points", "5",
                             "--reason", "slow\udcff"],
    "tournament new": ["tournament", "new", "A", "B\udce4", "C", "D"],
    "score hand": ["score", "123m\udcff"],
    "score option": ["score", HAND, "-o", "two_concealed_kongs=\udcff"],
    "analyze hand": ["analyze", "1112345678999m\udcff"],
    "rules name": ["rules", "mcr\udcff"],
    "a lone surrogate": ["score", "\ud800"],
}  # fmt: skip


@pytest.mark.parametrize("case", list(NOT_TEXT), ids=list(NOT_TEXT))
def test_arguments_that_are_not_text_are_one_error_line(case: str, tmp: Path) -> None:
    args = _args(NOT_TEXT[case], tmp, "")
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert result.stdout == "" and "Traceback" not in result.output
    (line,) = result.stderr.splitlines()
    bad = next(i for i, a in enumerate(args) if any("\ud800" <= c <= "\udfff" for c in a))
    assert line.startswith(f"error: argument {bad + 1}"), line
    assert "is not UTF-8 text" in line and "give it in UTF-8" in line
    line.encode("utf-8")  # the message itself is text
    assert not (tmp / "fanshu.db").exists()  # nothing ran


def test_an_argument_of_bytes_in_a_real_process(tmp_path: Path) -> None:
    db = str(tmp_path / "x.db")
    proc = subprocess.run(
        [sys.executable, "-c", "from fanshu.cli.main import main; main()",
         "match", "new", "--players", b"A\xff", "B", "C", "D", "--db", db],
        capture_output=True, timeout=60, check=False,
    )  # fmt: skip
    assert proc.returncode == 2 and proc.stdout == b""
    assert proc.stderr.decode() == (
        "error: argument 4 (a value of --players), 'A\\xff', is not UTF-8 text: byte 0xff "
        "at 1; give it in UTF-8\n"
    )
