"""The uploadable zip (``fanshu.botzone.package``) and ``python -m fanshu.botzone``: both
answer as the library's bot does, the zip with nothing but itself and the standard
library on the path (``python -I -S``: no site-packages, no current directory)."""

from __future__ import annotations

import ast
import io
import json
import subprocess
import sys
import types
import zipfile
from pathlib import Path

import pytest

from fanshu.botzone.bot import decide
from fanshu.botzone.io import KEEP_RUNNING
from fanshu.botzone.package import LEFT_OUT, PackageError, build_zip, entry_point

DEAL = "1 0 0 0 0 W1 W1 W1 W2 W3 W4 B5 B5 B5 T7 T8 T9 F1"
TURN = {"requests": ["0 1 0", DEAL, "2 F2"], "responses": ["PASS", "PASS"]}


def _run(args: list[str], stdin: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, input=stdin, capture_output=True, text=True, timeout=60)


def test_the_zip_alone_is_the_bot(tmp_path: Path) -> None:
    zip_path = tmp_path / "bot.zip"
    made = build_zip(zip_path, player="ev", seed=5)
    names = zipfile.ZipFile(zip_path).namelist()
    assert made.modules == sum(n.endswith(".py") for n in names) - 1  # and __main__.py
    assert not [n for n in names if n.startswith(tuple(f"fanshu/{p}/" for p in LEFT_OUT))]
    assert "fanshu/engine/game.py" in names and "fanshu/rules/mcr/fans.py" in names
    p = _run([sys.executable, "-I", "-S", str(zip_path)], json.dumps(TURN))
    assert p.returncode == 0, p.stderr
    got = json.loads(p.stdout)["response"]
    assert got == str(decide(TURN["requests"], TURN["responses"], player="ev", seed=5).response)
    assert got.startswith("PLAY ")


def test_a_keep_running_zip_answers_each_later_request(tmp_path: Path) -> None:
    zip_path = tmp_path / "bot.zip"
    build_zip(zip_path, player="greedy", keep_running=True)
    first = json.dumps({"requests": ["0 1 0"], "responses": []})
    later = [json.dumps(DEAL), json.dumps("2 F1")]
    p = _run([sys.executable, "-I", "-S", str(zip_path)], "\n".join([first, *later]) + "\n")
    lines = [x for x in p.stdout.splitlines() if x != KEEP_RUNNING]
    assert p.stdout.count(KEEP_RUNNING) == 3
    assert [json.loads(x)["response"] for x in lines] == ["PASS", "PASS", "HU"]


def test_python_m_fanshu_botzone() -> None:
    p = _run([sys.executable, "-m", "fanshu.botzone", "--player", "fan"], json.dumps(TURN))
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout)["response"].startswith("PLAY ")
    bad = _run([sys.executable, "-m", "fanshu.botzone", "--player", "nobody"], "")
    assert bad.returncode == 2 and "nobody" in bad.stderr


def test_bad_options_are_refused() -> None:
    with pytest.raises(PackageError, match="unknown player 'x'"):
        build_zip(io.BytesIO(), player="x")
    with pytest.raises(PackageError, match="last_tile is safe or botzone"):
        build_zip(io.BytesIO(), last_tile="never")


def test_an_older_python_gets_an_answer_that_says_why(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Botzone's python3 may be older than fanshu's 3.11: the entry point must parse
    # there and answer with the reason, not crash (RE costs -30 like a wrong answer)
    source = entry_point(player="ev", seed=0, last_tile="safe", keep_running=False)
    ast.parse(source, feature_version=(3, 6))

    def leave(code: int) -> None:
        raise SystemExit(code)

    old = types.SimpleNamespace(
        version_info=(3, 6, 5),
        version="3.6.5 (default, Apr  1 2018, 05:46:30)",
        stdin=io.StringIO(json.dumps(TURN) + "\n"),
        exit=leave,
    )
    monkeypatch.setitem(sys.modules, "sys", old)
    with pytest.raises(SystemExit) as ended:
        exec(compile(source, "__main__.py", "exec"), {"__name__": "__main__"})
    assert ended.value.code == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer == {
        "response": "PASS",
        "debug": "fanshu needs Python 3.11 or later; this is 3.6.5",
    }
