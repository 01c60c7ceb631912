"""``fanshu botzone bot`` as Botzone runs it: a process reading stdin, answering on
stdout — one turn per process, or keep-running over several turns."""

from __future__ import annotations

import json
import queue
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from fanshu.botzone.io import KEEP_RUNNING
from fanshu.engine.players import PLAYERS

# Run the sub-app itself, as its own program, so that these
# tests do not depend on the main app (``test_the_fanshu_command_has_it`` checks the wiring).
RUN = [sys.executable, "-c", "from fanshu.cli.botzone import app; app(prog_name='fanshu botzone')"]
DEAL = "1 0 0 0 0 W1 W1 W1 W2 W3 W4 B5 B5 B5 T7 T8 T9 F1"
WIN_DRAW = ["0 1 0", DEAL, "2 F1"]  # a self-drawn 8-fan win
TIMEOUT = 60


def bot(*args: str, stdin: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*RUN, "bot", *args], input=stdin, capture_output=True, text=True, timeout=TIMEOUT
    )


def test_json_turn() -> None:
    text = json.dumps({"requests": WIN_DRAW, "responses": ["PASS", "PASS"]})
    p = bot("--player", "greedy", stdin=text)
    assert p.returncode == 0, p.stderr
    out = p.stdout.splitlines()
    assert len(out) == 1
    assert json.loads(out[0])["response"] == "HU"


def test_simple_turn() -> None:
    text = "3\n0 1 0\nPASS\n" + DEAL + "\nPASS\n2 F2\n\n\n"
    p = bot("--player", "ev", "--seed", "3", stdin=text)
    assert p.returncode == 0, p.stderr
    lines = p.stdout.split("\n")
    assert len(lines) == 5 and lines[4] == ""  # response, debug, data, globaldata
    word, tile = lines[0].split(" ")
    assert word == "PLAY" and tile in [*DEAL.split()[5:], "F2"]


def test_requests_with_nothing_to_decide_are_pass() -> None:
    for n in (1, 2):
        text = json.dumps({"requests": WIN_DRAW[:n], "responses": ["PASS"] * (n - 1)})
        p = bot(stdin=text)
        assert json.loads(p.stdout)["response"] == "PASS"


def test_bad_input_is_pass_with_the_error_in_debug_and_stderr() -> None:
    text = json.dumps({"requests": ["0 1 0", "2 W1"], "responses": ["PASS"]})
    p = bot(stdin=text)
    assert p.returncode == 0
    answer = json.loads(p.stdout)
    assert answer["response"] == "PASS"
    assert "the deal" in answer["debug"] and "the deal" in p.stderr


def test_garbage_is_pass_in_simple_form() -> None:
    p = bot(stdin="hello\n")
    assert p.stdout.split("\n")[0] == "PASS"
    assert "turn number" in p.stderr


def test_no_input_is_an_error() -> None:
    p = bot(stdin="")
    assert p.returncode == 2 and p.stdout == "" and "no input" in p.stderr


def test_unknown_player() -> None:
    p = bot("--player", "smart", stdin="")
    assert p.returncode == 2 and "unknown player 'smart'" in p.stderr and p.stdout == ""


def test_last_tile_option() -> None:
    text = json.dumps({"requests": WIN_DRAW, "responses": ["PASS", "PASS"]})
    assert json.loads(bot("--last-tile", "botzone", stdin=text).stdout)["response"] == "HU"
    p = bot("--last-tile", "never", stdin=text)
    assert p.returncode == 2 and "safe or botzone" in p.stderr and p.stdout == ""


def test_the_player_names_are_the_engines() -> None:
    from fanshu.cli.botzone import PLAYER_NAMES

    assert set(PLAYER_NAMES) == set(PLAYERS)


@contextmanager
def running(*args: str) -> Iterator[tuple[subprocess.Popen[str], queue.Queue[str]]]:
    proc = subprocess.Popen(
        [*RUN, "bot", "--keep-running", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    lines: queue.Queue[str] = queue.Queue()

    def pump() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            lines.put(line.rstrip("\n"))

    threading.Thread(target=pump, daemon=True).start()
    try:
        yield proc, lines
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait(timeout=TIMEOUT)


def _send(proc: subprocess.Popen[str], text: str) -> None:
    assert proc.stdin is not None
    proc.stdin.write(text)
    proc.stdin.flush()


def _until_marker(lines: queue.Queue[str]) -> list[str]:
    got = []
    while True:
        line = lines.get(timeout=TIMEOUT)  # the bot's answer comes, or the test fails
        if line == KEEP_RUNNING:
            return got
        got.append(line)


def test_keep_running_simple_answers_each_later_request() -> None:
    with running("--player", "greedy") as (proc, lines):
        _send(proc, "1\n0 1 0\n")
        assert _until_marker(lines) == ["PASS", "nothing to decide", "", ""]
        _send(proc, DEAL + "\n")
        assert _until_marker(lines)[0] == "PASS"
        _send(proc, "3 0 DRAW\n")
        assert _until_marker(lines)[0] == "PASS"
        _send(proc, "3 0 PLAY W9\n")  # on offer from the seat before: nothing to claim
        assert _until_marker(lines)[0] == "PASS"
        _send(proc, "2 F1\n")  # the history is kept: this draw wins
        assert _until_marker(lines)[0] == "HU"
        assert proc.stdin is not None
        proc.stdin.close()
        assert proc.wait(timeout=TIMEOUT) == 0


def test_keep_running_json() -> None:
    with running() as (proc, lines):
        _send(proc, json.dumps({"requests": ["0 1 0"], "responses": []}) + "\n")
        first = _until_marker(lines)
        assert [json.loads(x)["response"] for x in first] == ["PASS"]
        _send(proc, json.dumps(DEAL) + "\n")
        assert json.loads(_until_marker(lines)[0])["response"] == "PASS"
        _send(proc, json.dumps("2 F1") + "\n")
        assert json.loads(_until_marker(lines)[0])["response"] == "HU"


def test_the_cli_module_imports_no_engine() -> None:
    code = (
        "import sys, fanshu.cli.botzone; "
        "print(sorted(m for m in sys.modules if m.startswith('fanshu.engine')))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=TIMEOUT
    )
    assert out.stdout.strip() == "[]", out.stderr


def test_help_in_both_languages() -> None:
    p = subprocess.run([*RUN, "bot", "--help"], capture_output=True, text=True, timeout=TIMEOUT)
    assert p.returncode == 0
    assert "keep-running" in p.stdout and "长时运行" in p.stdout


def test_the_fanshu_command_has_it() -> None:
    from typer.testing import CliRunner

    from fanshu.cli.main import app

    runner = CliRunner()
    listed = runner.invoke(app, ["botzone", "--help"])
    assert listed.exit_code == 0, listed.output
    assert "bot" in listed.output and "judge" in listed.output
    text = json.dumps({"requests": WIN_DRAW, "responses": ["PASS", "PASS"]})
    result = runner.invoke(app, ["botzone", "bot"], input=text)
    assert result.exit_code == 0
    assert json.loads(result.stdout)["response"] == "HU"


def test_package_writes_a_zip_and_keeps_an_existing_file(tmp_path: Path) -> None:
    out = tmp_path / "bot.zip"
    p = subprocess.run(
        [*RUN, "package", "--out", str(out), "--player", "ev"],
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
    )
    assert p.returncode == 0, p.stderr
    assert "modules" in p.stdout and out.stat().st_size > 0
    text = json.dumps({"requests": WIN_DRAW, "responses": ["PASS", "PASS"]})
    answered = subprocess.run(
        [sys.executable, "-I", "-S", str(out)], input=text, capture_output=True, text=True
    )
    assert json.loads(answered.stdout)["response"] == "HU"
    mine = tmp_path / "mine.zip"
    mine.write_bytes(b"my own file")
    again = subprocess.run(
        [*RUN, "package", "--out", str(mine)], capture_output=True, text=True, timeout=TIMEOUT
    )
    assert again.returncode == 2 and "exists" in again.stderr
    assert mine.read_bytes() == b"my own file"
