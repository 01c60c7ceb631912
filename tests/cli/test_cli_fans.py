"""``fanshu fans``: the table (official fans first, in rule-book order, then the extras),
``fanshu fans NAME`` (one fan: value, 不计, rule text), and the excluded-fan rows that
``fanshu score --excluded`` prints."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from typer.testing import CliRunner

import fanshu
from fanshu.cli.fans import excluded_rows, excluded_table
from fanshu.cli.main import app
from fanshu.rules.mcr.fans import FANS, Fan
from fanshu.rules.mcr.lookup import close_fans, fan_info, find_fan
from fanshu.rules.texts import fan_text

runner = CliRunner()
WIDE = {"COLUMNS": "250"}


def invoke(*args: str) -> Any:
    return runner.invoke(app, list(args), env=WIDE)


def _numbers_in_order(output: str) -> list[int]:
    return [int(m[1]) for m in re.finditer(r"^\s*(\d+)\s{2,}\S", output, re.M)]


def test_table_lists_the_official_fans_first_in_rule_book_order() -> None:
    result = invoke("fans")
    assert result.exit_code == 0, result.output
    numbers = _numbers_in_order(result.output)
    assert numbers == sorted(int(f) for f in Fan)  # 1-81, then 82-89
    extras = result.output.index("Not in the 1998 rule book")
    assert result.output.index("全家福") > extras and result.output.index("天和") > extras
    assert result.output.index("大四喜") < extras and result.output.index("花牌") < extras


@pytest.mark.parametrize(
    ("name", "fan"),
    [
        ("大四喜", Fan.BIG_FOUR_WINDS),
        ("big four winds", Fan.BIG_FOUR_WINDS),
        ("Big-Four-Winds", Fan.BIG_FOUR_WINDS),
        ("1", Fan.BIG_FOUR_WINDS),
        ("#28", Fan.PURE_STRAIGHT),
        ("PURE_STRAIGHT", Fan.PURE_STRAIGHT),
        ("seven pairs", Fan.SEVEN_PAIRS),
        ("82", Fan.CONCEALED_KONG_AND_MELDED_KONG),
        ("全家福", Fan.WHOLE_FAMILY),
    ],
)
def test_find_fan_by_any_name(name: str, fan: Fan) -> None:
    assert find_fan(name) is fan


def test_one_fan_shows_value_exclusions_and_rule_text() -> None:
    result = invoke("fans", "清龙")
    assert result.exit_code == 0, result.output
    spec = FANS[Fan.PURE_STRAIGHT]
    assert f"#28 清龙 Pure Straight  {spec.value} fan" in result.output
    for other in spec.excludes:
        assert FANS[other].name_zh in result.output
    text = fan_text("mcr", Fan.PURE_STRAIGHT)
    if text is not None:  # the texts helper's table; when present it is printed
        assert text.zh[:10] in result.output and text.en[:20] in result.output


def test_one_fan_as_json_is_fan_info() -> None:
    result = invoke("fans", "big three winds", "--json")
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert out == json.loads(json.dumps(fan_info(Fan.BIG_THREE_WINDS), ensure_ascii=False))
    assert out["key"] == "big_three_winds" and out["value"] == 12
    assert [r["name"] for r in out["excludes_own_sets"]] == ["幺九刻"]
    # which fans' rows name it, read from the table
    named_by = {f for f in Fan if Fan.BIG_THREE_WINDS in FANS[f].excludes}
    assert {r["number"] for r in out["excluded_by"]} == {int(f) for f in named_by}


def test_unknown_fan_names_close_matches() -> None:
    result = runner.invoke(app, ["fans", "四喜"], env=WIDE)
    assert result.exit_code == 2
    assert "unknown fan '四喜'" in result.output
    assert "大四喜" in result.output and "小四喜" in result.output
    assert close_fans("Nine Gate")[0] is Fan.NINE_GATES
    nothing = runner.invoke(app, ["fans", "zzzzqqq"], env=WIDE)
    assert nothing.exit_code == 2 and "number 1-89" in nothing.output


def test_excluded_rows_name_reason_and_sets() -> None:
    r = fanshu.score("123m123p123123s55p")
    rows = excluded_rows(r)
    assert len(rows) == len(r.excluded)
    once = [row for row in rows if row[3].startswith("套算一次")]
    assert once and all(row[0] == "喜相逢" and row[2].startswith("一般高") for row in once)
    assert {row[4] for row in once} == {"123m 123s", "123s 123p"}  # in tile order: m s p
    also = excluded_rows(fanshu.score("EEESSSWWWNNN33m"))
    pungs = next(row for row in also if row[0] == "碰碰和")
    assert pungs[2] == "大四喜 Big Four Winds (+四暗刻)" and pungs[4] == ""
    assert excluded_table(r).row_count == len(rows)
