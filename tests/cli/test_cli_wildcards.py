"""``--wildcard TILE`` on ``fanshu score`` and ``fanshu analyze``: the wild kind reaches
the request, the result says what each wild tile stood for (drawn, English and 中文),
--json is the batch object, and a wildcard where none is played is a clear error."""

from __future__ import annotations

import json
from typing import Any

import pytest
from typer.testing import CliRunner

from fanshu.cli.main import app
from fanshu.protocol.analyze import analyze_line
from fanshu.protocol.score import score_line
from fanshu.render import draw_tiles
from fanshu.rules import get_rules, names
from fanshu.tiles import Tile
from support.wild_rules import NAME, WildFakeRules, wild_rules

__all__ = ["wild_rules"]  # the fixture, used by name

runner = CliRunner()

# 中 is wild and is the winning tile: it completes the pair of 5s
WILD_HAND = "123m456p789sEEE5sC"
WITHOUT = [n for n in names() if get_rules(n).wildcards is None]


def invoke(*args: str, input: str | None = None) -> Any:
    return runner.invoke(app, list(args), input=input)


def test_score_shows_what_the_wild_tile_stood_for(wild_rules: WildFakeRules) -> None:
    result = invoke("score", WILD_HAND, "--rules", NAME, "--wildcard", "C")
    assert result.exit_code == 0, result.output
    out = result.stdout
    red, five = draw_tiles([Tile.RED]), draw_tiles([Tile.S5])
    assert f"Wild {red}: the winning tile stood for {five} · 百搭：和牌作 {five}" in out
    assert "wild C" in out  # the context line
    assert "平胡" in out and "Plain Hand" in out


def test_score_plain_writes_codes(wild_rules: WildFakeRules) -> None:
    result = invoke("score", WILD_HAND, "--rules", NAME, "--wildcard", "C", "--plain")
    assert result.exit_code == 0, result.output
    assert "Wild C: the winning tile stood for 5s · 百搭：和牌作 5s" in result.stdout


def test_score_json_is_the_batch_object(wild_rules: WildFakeRules) -> None:
    result = invoke("score", WILD_HAND, "--rules", NAME, "--wildcard", "C", "--json")
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert out["wildcards"] == {"kind": "C", "stood_for": [], "winning": "5s"}
    assert out == score_line({"hand": WILD_HAND, "rules": NAME, "wildcard": "C"})


def test_a_wild_tile_held_stands_for_what_completes(wild_rules: WildFakeRules) -> None:
    # 3p is wild: the one held stands for 6m or 9m (678m, 789m); the winning 1s is not wild
    out = json.loads(
        invoke("score", "123m78m3p456p789s11s", "-r", NAME, "--wildcard", "3p", "--json").stdout
    )
    assert out["error"] is None, out
    assert out["wildcards"]["kind"] == "3p"
    assert out["wildcards"]["winning"] is None
    assert out["wildcards"]["stood_for"] in (["6m"], ["9m"])
    assert not any(f["name_en"] == "No Wild Tile" for f in out["fans"])


def test_without_the_flag_no_wild_line(wild_rules: WildFakeRules) -> None:
    result = invoke("score", "123m456p789sEEE5s5s", "--rules", NAME)
    assert result.exit_code == 0, result.output
    lines = [ln for ln in result.stdout.splitlines() if "(wildfake)" not in ln]
    assert not [ln for ln in lines if ln.startswith(("Wild", "百搭"))]
    assert "无百搭" in result.stdout and "No Wild Tile" in result.stdout


@pytest.mark.parametrize("rules", WITHOUT)
def test_a_rule_set_without_wildcards_refuses_the_flag(rules: str) -> None:
    result = invoke("score", "11123455678999m", "--rules", rules, "--wildcard", "5m")
    assert result.exit_code == 2
    assert f"{rules} is played without wildcards" in result.stderr
    as_json = invoke("score", "11123455678999m", "-r", rules, "--wildcard", "5m", "--json")
    assert as_json.exit_code == 2
    assert json.loads(as_json.stdout)["error"]["code"] == "bad_option"


@pytest.mark.parametrize("tile", ["1f", "0m", "x", "5P"])
def test_a_bad_tile_code_is_an_error_not_a_traceback(tile: str) -> None:
    result = invoke("score", "[EEEE]123m456p789s11s", "--wildcard", tile)
    assert result.exit_code == 2
    assert "wildcard must be one tile kind such as 5p or C" in result.stderr
    assert "Traceback" not in result.output


def test_mcr_names_the_kind_only() -> None:
    result = invoke("score", "[EEEE]123m456p789s11s", "--wildcard", "C", "--plain")
    assert result.exit_code == 0, result.output
    assert "Wild 百搭: C (MCR: 混杠 only)" in result.stdout


def test_analyze_names_the_wild_kind(wild_rules: WildFakeRules) -> None:
    args = ["analyze", "123m456p789sEEE5s", "--rules", NAME, "--by", "efficiency"]
    result = invoke(*args, "--wildcard", "C", "--plain")
    assert result.exit_code == 0, result.output
    assert "Wild 百搭: C" in result.stdout
    as_json = json.loads(invoke(*args, "--wildcard", "C", "--json").stdout)
    request = {"hand": "123m456p789sEEE5s", "rules": NAME, "by": "efficiency", "wildcard": "C"}
    expected = analyze_line(request)
    assert as_json["wildcard"] == "C"
    assert {k: v for k, v in as_json.items() if k != "id"} == {
        k: v for k, v in expected.items() if k != "id"
    }


def test_analyze_refuses_a_wildcard_where_none_is_played() -> None:
    result = invoke("analyze", "1112345678999m", "-r", "sichuan", "--wildcard", "5m")
    assert result.exit_code == 2
    assert "sichuan is played without wildcards" in result.stderr


def test_batch_lines_carry_the_key(wild_rules: WildFakeRules) -> None:
    lines = [
        {"id": 1, "hand": WILD_HAND, "rules": NAME, "wildcard": "C"},
        {"id": 2, "hand": WILD_HAND, "rules": "sichuan", "wildcard": "C"},
        {"id": 3, "hand": WILD_HAND, "rules": NAME, "wildcard": "9f"},
    ]
    result = invoke("score", "--batch", "-", input="".join(json.dumps(x) + "\n" for x in lines))
    assert result.exit_code == 0, result.output
    out = [json.loads(x) for x in result.stdout.splitlines()]
    assert out[0]["wildcards"]["winning"] == "5s"
    assert out[1]["error"]["code"] == "bad_option"
    assert out[2]["error"]["code"] == "bad_field"
