"""``fanshu convert HAND --to NAME [--from NAME] [--json]``: a hand rewritten in another
notation, melds included; errors on stderr with a caret, exit 2."""

from __future__ import annotations

import json
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from fanshu.cli.convert import convert_command
from fanshu.notation import HAND_NOTATIONS, read_hand

runner = CliRunner()
# the command on its own app (the real one registers it lazily as "convert")
app = typer.Typer()
app.command("convert")(convert_command)
app.command("other")(lambda: None)  # two commands: typer keeps the name "convert"

HAND = "[EEE2][123m3]456p789s1s1s"


def invoke(*args: str) -> Any:
    return runner.invoke(app, ["convert", *args])


@pytest.mark.parametrize("to", list(HAND_NOTATIONS))
def test_converts_to_every_notation_and_back(to: str) -> None:
    result = invoke(HAND, "--to", to)
    assert result.exit_code == 0, result.output
    text = result.stdout.rstrip("\n")
    assert read_hand(text, to)[0] == read_hand(HAND)[0]
    back = invoke(text, "--from", to, "--to", "fanshu")
    assert back.exit_code == 0, back.output
    assert read_hand(back.stdout.strip())[0] == read_hand(HAND)[0]


def test_json() -> None:
    result = invoke("[PENG F1 2] W1 W2 W3", "--to", "chinese", "--json")
    assert result.exit_code == 0
    assert json.loads(result.stdout) == {
        "hand": "[东东东2] 一万二万三万",
        "from": "botzone",
        "to": "chinese",
    }


def test_the_older_cmh_form_needs_its_name() -> None:
    old = "123m 456p 789s EEE 11s"
    result = invoke(old, "--to", "mpsz")
    assert result.exit_code == 2
    assert "reads differently in fanshu" in result.stderr and "--from" in result.stderr
    named = invoke(old, "--from", "cmh", "--to", "mpsz")
    assert named.stdout.strip() == "[123m][456p][789s][111z]1s1s"


def test_a_bad_hand_is_shown_with_a_caret() -> None:
    result = invoke("W1 W2 X3", "--to", "fanshu")
    assert result.exit_code == 2
    lines = result.stderr.splitlines()
    assert lines[0].startswith("error: unknown tile 'X3' at 6 (read as botzone")
    assert lines[1].strip() == "W1 W2 X3" and lines[2].index("^") == lines[1].index("X")


def test_a_bad_hand_as_json() -> None:
    result = invoke("123m4x", "--to", "mpsz", "--json")
    assert result.exit_code == 2
    out = json.loads(result.stdout)
    assert out["error"] == {"code": "bad_notation", "message": "unknown suit 'x' at 5"}


def test_an_unknown_notation() -> None:
    result = invoke(HAND, "--to", "tenhou")
    assert result.exit_code == 2
    assert "unknown notation 'tenhou'" in result.stderr


def test_registered_in_the_real_app() -> None:
    from fanshu.cli.main import app as main_app

    result = runner.invoke(main_app, ["convert", HAND, "--to", "unicode"])
    assert result.exit_code == 0, result.output
    assert result.stdout.strip() == "[🀀🀀🀀2] [🀇🀈🀉3] 🀜🀝🀞🀐🀖🀗🀘 🀐"


def test_analyze_and_shanten_take_the_notation() -> None:
    from fanshu.cli.main import app as main_app

    hand = "W1 W1 W1 W2 W3 W4 W5 W6 W7 W8 W9 W9 W9"
    out = runner.invoke(main_app, ["analyze", hand, "--by", "efficiency", "--plain"])
    assert out.exit_code == 0, out.output
    assert f"{hand}  (botzone)" in out.stdout and "Shanten 上听数 0" in out.stdout
    named = runner.invoke(
        main_app, ["analyze", "1112345678999m", "-n", "mpsz", "--by", "efficiency"]
    )
    assert named.exit_code == 0 and "(mpsz)" in named.stdout
    shanten = runner.invoke(main_app, ["shanten", hand, "--json"])
    assert json.loads(shanten.stdout) == {
        "hand": hand,
        "notation": "botzone",
        "wildcard": None,
        "shanten": 0,
    }
    wrong = runner.invoke(main_app, ["shanten", hand, "--notation", "mpsz"])
    assert wrong.exit_code == 2 and "error:" in wrong.stderr


def test_notation_with_batch_is_refused(tmp_path: Any) -> None:
    from fanshu.cli.main import app as main_app

    lines = tmp_path / "hands.jsonl"
    lines.write_text('{"hand": "123m456p789s111z22z"}\n', encoding="utf-8")
    for command in ("score", "analyze"):
        out = runner.invoke(main_app, [command, "--batch", str(lines), "--notation", "mpsz"])
        assert out.exit_code == 2 and '"notation" key' in out.stderr
    ok = runner.invoke(main_app, ["score", "--batch", str(lines)])
    assert ok.exit_code == 0 and json.loads(ok.stdout)["error"] is None
