"""``fanshu replay FILE`` with a Botzone match log: recognised (object or list, one
match per file), re-scored against the judge's figures, with a clear error for JSON
that is not such a log; JSON Lines logs keep their own path (tests/cli/test_cli_replay)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from fanshu.cli.main import app

runner = CliRunner()
OFFICIAL = Path(__file__).parents[1] / "botzone" / "data" / "official"


def _match(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((OFFICIAL / f"{name}.json").read_text())
    return data


def _write(
    tmp_path: Path, data: object, name: str = "match.json", indent: int | None = None
) -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data, ensure_ascii=False, indent=indent))
    return str(path)


def test_a_botzone_win_is_rescored_and_agrees() -> None:
    r = runner.invoke(app, ["replay", str(OFFICIAL / "hu-discard.json")])
    assert r.exit_code == 0, r.output
    assert "Botzone match log" in r.output
    assert "fanshu scores it as Botzone's judge did" in r.output
    assert "HU 和 by seat 1, on seat 0's tile" in r.output
    assert "清龙" in r.output


def test_json_report(tmp_path: Path) -> None:
    r = runner.invoke(app, ["replay", "--json", str(OFFICIAL / "hu-kong.json")])
    assert r.exit_code == 0, r.output
    report = json.loads(r.stdout)
    assert report["format"] == "botzone" and report["same"] is True
    ending = report["ending"]
    assert ending["action"] == "HU" and ending["seat"] == 3
    assert ending["botzone"]["scores"] == ending["fanshu"]["scores"] == [-31, -31, -31, 93]
    assert ending["win"]["flags"]["kong"] is True


def test_a_pretty_printed_object_and_a_bare_list_are_read(tmp_path: Path) -> None:
    match = _match("hu-self-drawn")
    pretty = _write(tmp_path, match, "pretty.json", indent=2)
    bare = _write(tmp_path, match["log"], "bare.json")
    for path in (pretty, bare):
        r = runner.invoke(app, ["replay", "--json", path])
        assert r.exit_code == 0, r.output
        assert json.loads(r.stdout)["ending"]["fanshu"]["fan"] == 32


def test_a_difference_exits_1_and_is_named(tmp_path: Path) -> None:
    match = _match("hu-discard")
    match["log"][-1]["output"]["display"]["fanCnt"] = 99
    r = runner.invoke(app, ["replay", _write(tmp_path, match)])
    assert r.exit_code == 1
    assert "HU: Botzone 99 fan, fanshu 23" in r.output


def test_the_judges_own_rule_is_shown_and_exits_0() -> None:
    r = runner.invoke(app, ["replay", str(OFFICIAL / "knitted-single-wait.json")])
    assert r.exit_code == 0, r.output
    assert "explained 已解释" in r.output and "组合龙" in r.output
    assert "单钓将" in r.output


def test_json_that_is_not_a_botzone_log(tmp_path: Path) -> None:
    for data in ([1, 2, 3], {"log": [{"x": 1}]}, {"log": "no"}):
        r = runner.invoke(app, ["replay", _write(tmp_path, data)])
        assert r.exit_code == 2, (data, r.output)
        assert "not a Botzone match log" in r.output


def test_botzone_logs_one_per_line_are_refused(tmp_path: Path) -> None:
    line = json.dumps(_match("wrong-hu"))
    path = tmp_path / "many.jsonl"
    path.write_text(line + "\n" + line + "\n")
    r = runner.invoke(app, ["replay", str(path)])
    assert r.exit_code == 2
    assert "one match per file" in r.output


def test_a_broken_botzone_log_is_a_clear_error(tmp_path: Path) -> None:
    match = _match("hu-kong")
    match["log"] = match["log"][:5]
    r = runner.invoke(app, ["replay", _write(tmp_path, match)])
    assert r.exit_code == 2
    assert "no finish" in r.output


def test_out_is_for_json_lines_logs(tmp_path: Path) -> None:
    r = runner.invoke(
        app, ["replay", str(OFFICIAL / "hu-kong.json"), "--out", str(tmp_path / "o.jsonl")]
    )
    assert r.exit_code == 2
    assert "--out and --resume are for JSON Lines logs" in r.output


def test_a_broken_json_list_file(tmp_path: Path) -> None:
    path = tmp_path / "cut.json"
    path.write_text('[{"output": {"command": "request"')
    r = runner.invoke(app, ["replay", str(path)])
    assert r.exit_code == 2
    assert "not one JSON value" in r.output
