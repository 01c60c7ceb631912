"""``fanshu botzone judge``: the command on a small typer app of its own (the lead
registers it on the ``botzone`` sub-app), its table and JSON, its errors, and its log
replayed by ``fanshu replay``."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import typer
from typer.testing import CliRunner

from fanshu.cli.botzone_judge import judge, short
from fanshu.cli.main import app as fanshu_app

runner = CliRunner()
app = typer.Typer()
app.command("judge")(judge)


@app.command("other")
def _other() -> None:
    """A second command, so that ``judge`` is a sub-command as under ``fanshu botzone``."""


# A simple-interaction bot: it discards what it draws and passes otherwise.
BOT = """
import sys
n = int(sys.stdin.readline())
lines = [sys.stdin.readline().strip() for _ in range(2 * n - 1)]
last = lines[-1].split()
print("PLAY " + last[1] if last[0] == "2" else "PASS")
"""


def test_judge_plays_prints_a_table_and_the_log_replays(tmp_path: Path) -> None:
    bot = tmp_path / "drawer.py"
    bot.write_text(BOT, encoding="utf-8")
    log = tmp_path / "out.jsonl"
    command = f"'{sys.executable}' -S '{bot}'"
    args = ["judge", "--bot", command, "--format", "simple", "--bot", "fanshu:greedy"]
    args += ["--bot", "fanshu:random", "--bot", "fanshu:greedy", "--games", "1"]
    args += ["--seed", "4", "--time-limit", "5", "--log", str(log), "--json"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["bots"][0] == command and len(data["games"]) == 1
    g = data["games"][0]
    assert sum(s["points"] for s in g["seats"]) == 0 and g["offender"] is None
    replayed = runner.invoke(fanshu_app, ["replay", str(log)])
    assert replayed.exit_code == 0, replayed.output
    # the table names the bots shortly and counts their verdicts
    table = runner.invoke(app, [a for a in args if a != "--json"])
    assert table.exit_code == 0, table.output
    assert "drawer.py" in table.stdout and "WA" in table.stdout and "fanshu:gree" in table.stdout


def test_judge_reports_bad_input_as_errors() -> None:
    four = ["--bot", "fanshu:ev"] * 4
    cases = [
        (["--bot", "fanshu:ev"] * 3, "4 bots"),
        ([*four, "--games", "0"], "games is 1-"),
        ([*four, "--time-limit", "99"], "time limit"),
        ([*four, "--format", "xml"], "json or simple"),
        ([*four, "--format", "json", "--format", "simple"], "once per --bot"),
        (["--bot", "fanshu:smart", *four[:6]], "unknown fanshu player"),
    ]
    for args, message in cases:
        result = runner.invoke(app, ["judge", *args])
        assert result.exit_code == 2, (args, result.output)
        assert message in result.output, (args, result.output)


def test_short_names() -> None:
    assert short("fanshu:ev") == "fanshu:ev"
    assert short("'/a b/python' /x/y/bot.py --k") == "python bot.py --k"
