"""``fanshu --version``, the help, and ``fanshu fans``."""

from __future__ import annotations

import json

from typer.testing import CliRunner

import fanshu
from fanshu.cli.main import app
from fanshu.rules.mcr.fans import FANS, Fan

runner = CliRunner()


def test_version() -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.stdout.strip() == f"fanshu {fanshu.__version__}"


def test_no_arguments_shows_help() -> None:
    result = runner.invoke(app, [])
    assert result.exit_code == 2
    assert "score" in result.output
    assert "fans" in result.output


def test_score_help_lists_options() -> None:
    result = runner.invoke(app, ["score", "--help"])
    assert result.exit_code == 0
    for flag in (
        "--self-drawn",
        "--fourth-tile",
        "--kong",
        "--wall-last",
        "--seat-wind",
        "--prevalent-wind",
        "--flowers",
        "--option",
        "--excluded",
        "--json",
        "--batch",
        "--progress",
        "two_concealed_kongs",
    ):
        assert flag in result.stdout, flag


def test_fans_table() -> None:
    result = runner.invoke(app, ["fans"])
    assert result.exit_code == 0, result.output
    out = result.stdout
    for fan in Fan:
        assert FANS[fan].name_zh in out, fan
    assert "Big Four Winds" in out
    assert "88" in out
    # 大四喜 excludes 小四喜 (the names of excluded fans are listed)
    line = next(ln for ln in out.splitlines() if "大四喜" in ln)
    assert "三风刻" in line


def test_fans_table_english_excludes() -> None:
    result = runner.invoke(app, ["fans", "--en"])
    assert result.exit_code == 0
    line = next(ln for ln in result.stdout.splitlines() if "大三元" in ln)
    assert "Little Three Dragons" in line


def test_fans_json() -> None:
    result = runner.invoke(app, ["fans", "--json"])
    assert result.exit_code == 0
    rows = json.loads(result.stdout)
    assert len(rows) == len(Fan) == 89  # 82 明暗杠 (MIL), 83-89 the non-official extras
    assert [r["number"] for r in rows] == list(range(1, 90))
    first = rows[0]
    assert set(first) == {
        "number",
        "name",
        "name_en",
        "value",
        "official",
        "excludes",
        "excludes_en",
        "excludes_own_sets",
        "excludes_own_sets_en",
    }
    assert (first["name"], first["name_en"], first["value"]) == ("大四喜", "Big Four Winds", 88)
    assert "小四喜" in first["excludes"] and "Little Four Winds" in first["excludes_en"]
    big_three_winds = rows[Fan.BIG_THREE_WINDS - 1]
    assert big_three_winds["excludes_own_sets"] == ["幺九刻"]
    assert rows[81]["official"] is False and rows[80]["official"] is True
    assert sum(r["value"] for r in rows if r["official"]) == sum(
        FANS[f].value for f in Fan if f.is_official
    )
