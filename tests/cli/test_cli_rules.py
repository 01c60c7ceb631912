"""``fanshu rules`` (the rule sets, one rule set's fans and options) and the rule-set
paths of ``fanshu score`` and the batch, on the registered rule sets and on a stand-in."""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pytest
from typer.testing import CliRunner

import fanshu
import fanshu.rules as registry
from fanshu.cli.main import app
from fanshu.cli.score import parse_option_assignments
from fanshu.errors import OptionError
from fanshu.hand import Hand
from fanshu.notation.fanshu import parse_tiles
from fanshu.protocol.errors import LineError
from fanshu.protocol.score import score_line
from fanshu.rules import get_rules, names
from fanshu.rules.base import CountedFan, FanRow, RuleResult
from fanshu.rules.listing import tile_count
from fanshu.rules.mcr.options import McrOptions

runner = CliRunner()
WIDE = {"COLUMNS": "250"}  # wide enough that no cell of the tables is cut


def invoke(*args: str) -> Any:
    return runner.invoke(app, list(args), env=WIDE)


# -- fanshu rules -----------------------------------------------------------------------


def test_rules_lists_every_rule_set() -> None:
    result = invoke("rules")
    assert result.exit_code == 0, result.output
    for name in names():
        rs = get_rules(name)
        line = next(ln for ln in result.stdout.splitlines() if ln.split()[:1] == [name])
        assert rs.title_zh in line and rs.title_en in line
        assert str(tile_count(rs)) in line
    assert "mcr (default)" in result.stdout


def test_rules_json() -> None:
    result = invoke("rules", "--json")
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert [r["name"] for r in out] == names()
    mcr = out[0]
    wild = get_rules("mcr").wildcards
    assert wild is not None
    assert mcr == {
        "name": "mcr",
        "title_zh": "国标麻将",
        "title_en": mcr["title_en"],
        "tiles": 144,
        "flowers": True,
        "combine": "add",
        "cap": None,
        "minimum": 8,
        "default": True,
        "playable": True,
        # issue 16: MCR's wild kind stands for nothing, it only names 混杠's kong
        "wildcards": {
            "shapes": [],
            "stands_for": "123456789m123456789p123456789sESWNCFP",
            "how_en": wild.how_en,
            "how_zh": wild.how_zh,
        },
    }
    for row in out:
        rs = get_rules(row["name"])
        assert row["combine"] == rs.combine and row["cap"] == rs.cap
        assert row["minimum"] == rs.minimum and row["tiles"] == tile_count(rs)


def test_tile_counts() -> None:
    assert tile_count(get_rules("mcr")) == 144
    if "sichuan" in names():
        assert tile_count(get_rules("sichuan")) == 108
    if "two-player" in names():
        assert tile_count(get_rules("two-player")) == 136


def test_rules_mcr_fan_table_and_options() -> None:
    result = invoke("rules", "mcr")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "国标麻将" in out and "minimum 8 fan" in out and "144 tiles" in out
    line = next(ln for ln in out.splitlines() if ln.split()[:1] == ["big_four_winds"])
    assert "大四喜" in line and "Big Four Winds" in line and "88" in line
    assert "小四喜" in line  # what it excludes, by name
    for f in dataclasses.fields(McrOptions):
        assert f.name in out


@pytest.mark.parametrize("name", names())
def test_rules_source_column_names_documents(name: str) -> None:
    """The Source column names a seed document by number and section (as RULES.md
    does), never a file of the seed directory."""
    result = invoke("rules", name)
    assert result.exit_code == 0, result.output
    assert ".txt" not in result.stdout
    for row in get_rules(name).fans:
        match = re.match(r"(\d{3})_[0-9a-f]+\.txt \((.*)\)$", row.source)
        if match:  # the table names that document by its number, with its section
            assert f"seed {match.group(1)}, {match.group(2)}" in _unwrapped(result.stdout)


def _unwrapped(text: str) -> str:
    """The table's cells joined again where the terminal width folded them."""
    return " ".join(text.split())


def test_sichuan_source_is_seed_000() -> None:
    out = invoke("rules", "sichuan").stdout
    assert "seed 000" in out and "Source 出处" in out


def test_rules_mcr_json() -> None:
    result = invoke("rules", "mcr", "--json")
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    rs = get_rules("mcr")
    assert out["name"] == "mcr" and out["minimum"] == 8 and out["cap"] is None
    assert len(out["fans"]) == len(rs.fans) >= 82
    first = next(f for f in out["fans"] if f["key"] == "big_four_winds")
    assert first["name"] == first["name_zh"] == "大四喜" and first["value"] == 88
    assert "little_four_winds" in first["excludes"]
    assert "1998" in first["source"]
    assert [o["name"] for o in out["options"]] == [f.name for f in dataclasses.fields(McrOptions)]
    hog = next(o for o in out["options"] if o["name"] == "two_concealed_kongs")
    assert hog["default"] == "6" and "Green Book" in hog["note"]


@pytest.mark.parametrize("name", names())
def test_rules_name_for_every_rule_set(name: str) -> None:
    rs = get_rules(name)
    out = json.loads(invoke("rules", name, "--json").stdout)
    assert out["name"] == name
    assert out["shapes"] == list(rs.shapes)
    assert [(f["key"], f["value"]) for f in out["fans"]] == [(f.key, f.value) for f in rs.fans]
    assert [o["name"] for o in out["options"]] == [o[0] for o in rs.describe_options()]
    table = invoke("rules", name)
    assert table.exit_code == 0, table.output
    for f in rs.fans:
        assert f.name_zh in table.stdout and f.key in table.stdout
    # the options table: below its title (an option may share its name with a fan key)
    lines = table.stdout.splitlines()
    options = lines[next((i for i, ln in enumerate(lines) if ln.startswith("Options")), 0) :]
    for option, default, _ in rs.describe_options():
        line = next(ln for ln in options if ln.split()[:1] == [option])
        assert default in line


def test_rules_help_names_the_preferred_fan_name_key() -> None:
    result = invoke("rules", "--help")
    assert result.exit_code == 0, result.output
    assert "name_zh (preferred)" in result.stdout and "GET /v1/rules/NAME" in result.stdout


@pytest.mark.parametrize("args", [["rules", "nope"], ["rules", "nope", "--json"]])
def test_rules_unknown_name(args: list[str]) -> None:
    result = invoke(*args)
    assert result.exit_code == 2
    assert "Traceback" not in result.output
    if "--json" in args:
        error = json.loads(result.stdout)["error"]
        assert error["code"] == "bad_option"
        assert "unknown rule set 'nope'" in error["message"]
        assert all(n in error["message"] for n in names())
    else:
        assert result.stderr.startswith("error: unknown rule set 'nope'")
        assert "mcr" in result.stderr


# -- --option parsing against each rule set ---------------------------------------------


def test_option_parsing_keeps_mcr_typing() -> None:
    parsed = parse_option_assignments(["two_concealed_kongs=8", "seven_pairs_tile_hog=no"])
    assert parsed == {"two_concealed_kongs": 8, "seven_pairs_tile_hog": False}
    assert parse_option_assignments(["nope=1"]) == {"nope": "1"}  # left for MCR to reject
    with pytest.raises(LineError, match="is a number"):
        parse_option_assignments(["two_concealed_kongs=eight"], "mcr")
    with pytest.raises(LineError, match="unknown rule set 'nope'"):
        parse_option_assignments(["x=1"], "nope")


def _as_text(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return "none" if value is None else str(value)


def _flat_defaults(options: Any, out: dict[str, Any]) -> dict[str, Any]:
    """Option fields by name, nested options dataclasses flattened (outer names first)."""
    nested = []
    for f in dataclasses.fields(options):
        value = getattr(options, f.name)
        if dataclasses.is_dataclass(value):
            nested.append(value)
        else:
            out.setdefault(f.name, value)
    for value in nested:
        _flat_defaults(value, out)
    return out


@pytest.mark.parametrize("name", names())
def test_every_option_parses_from_text(name: str) -> None:
    """Each option a rule set describes, written on the command line with its default
    value as text, comes back as that value: booleans, numbers, none and words all parse,
    and the rule set builds its default options from them."""
    rs = get_rules(name)
    defaults = rs.default_options()
    if not dataclasses.is_dataclass(defaults):
        pytest.skip(f"{name} options are not a dataclass")
    flat = _flat_defaults(defaults, {})
    values = {o[0]: flat[o[0]] for o in rs.describe_options() if o[0] in flat}
    assert values, "some option can be set"
    parsed = parse_option_assignments([f"{k}={_as_text(v)}" for k, v in values.items()], name)
    assert parsed == values
    assert rs.options_from(parsed) == defaults


@pytest.mark.parametrize("name", names())
def test_unknown_option_for_every_rule_set(name: str) -> None:
    result = invoke("score", "11123455678999m", "--rules", name, "-o", "no_such_option=1")
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("error: ")
    assert "no_such_option" in result.stderr
    out = score_line({"hand": "11123455678999m", "rules": name, "options": {"no_such_option": 1}})
    assert out["error"]["code"] == "bad_option"


# -- a stand-in rule set that doubles per fan, for the display paths -------------------

_PING = FanRow("ping_hu", "平胡", "Plain Hand", 1, source="test")
_QING = FanRow("qing_yi_se", "清一色", "Full Flush", 3, ("ping_hu",), source="test")
_GEN = FanRow("gen", "根", "Root", 1, source="test")


@dataclass(frozen=True)
class _FakeOptions:
    cap: int | None = 4
    base: int = 1
    bonus: bool = False
    table: str = "seed000"


class _FakeRules:
    name = "fake"
    title_zh = "测试麻将"
    title_en = "Test rules"
    tiles = frozenset(range(27))
    flowers = False
    shapes = ("4 sets + pair",)
    fans = (_PING, _QING, _GEN)
    combine = "double"
    cap = 4
    minimum = 0
    wildcards = None  # played without a wildcard (RuleSet.wildcards, issue 16)

    def default_options(self) -> _FakeOptions:
        return _FakeOptions()

    def options_from(self, data: Mapping[str, Any]) -> _FakeOptions:
        unknown = sorted(set(data) - {f.name for f in dataclasses.fields(_FakeOptions)})
        if unknown:
            raise OptionError(f"unknown option {unknown[0]!r}")
        return _FakeOptions(**data)

    def describe_options(self) -> Sequence[tuple[str, str, str]]:
        return [
            ("cap", "4", "the cap in fan"),
            ("base", "1", "base points"),
            ("bonus", "false", "a bonus fan"),
            ("table", "seed000", "the table"),
        ]

    def score(self, hand: Hand, options: Any = None) -> RuleResult[Any]:
        opts = options or _FakeOptions()
        suits = {t // 9 for t in hand.concealed_with_winning}
        if any(t >= 27 for t in hand.concealed_with_winning):
            return RuleResult("fake", hand, False, reason="honours are not in play")
        fans = [CountedFan(_QING) if len(suits) == 1 else CountedFan(_PING)]
        if opts.bonus:
            fans.append(CountedFan(_GEN, 2))
        total = sum(f.points for f in fans)
        capped = None if opts.cap is None else min(total, opts.cap)
        return RuleResult("fake", hand, True, tuple(fans), total, 2 ** (total - 1), capped)

    def settle(self, *args: Any, **kwargs: Any) -> dict[str, int]:
        return {}


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> _FakeRules:
    rules = _FakeRules()
    real = dict(registry._registry())
    monkeypatch.setattr(registry, "_registry", lambda: {**real, "fake": rules})
    return rules


FLUSH = "11123455678999m"


def test_fake_is_listed(fake: _FakeRules) -> None:
    out = json.loads(invoke("rules", "--json").stdout)
    row = next(r for r in out if r["name"] == "fake")
    assert row["tiles"] == 108 and row["combine"] == "double" and row["cap"] == 4
    table = invoke("rules", "fake")
    assert "payment doubled per fan" in table.stdout and "cap 4 fan" in table.stdout
    assert "no minimum" in table.stdout
    line = next(ln for ln in table.stdout.splitlines() if ln.split()[:1] == ["qing_yi_se"])
    assert "平胡" in line  # excludes, by name


def test_fake_score_table(fake: _FakeRules) -> None:
    result = invoke("score", FLUSH, "--rules", "fake", "-s", "--dealer", "-o", "bonus=true")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "测试麻将 Test rules (fake)" in out
    assert "self-drawn" in out and "dealer" in out and "seat wind" not in out
    header = next(ln for ln in out.splitlines() if ln.startswith("番种"))
    assert header.split() == ["番种", "Fan", "Value", "Count"]
    line = next(ln for ln in out.splitlines() if ln.startswith("根"))
    assert line.split() == ["根", "Root", "1", "2"]
    assert "Total 5 fan" in out
    assert "Multiplier ×16" in out
    assert "Capped at 4 fan" in out


def test_fake_score_options_typed(fake: _FakeRules) -> None:
    args = ["score", FLUSH, "--rules", "fake", "-o", "bonus=on", "-o", "cap=none", "--json"]
    out = json.loads(invoke(*args).stdout)
    assert out["total"] == 5 and out["multiplier"] == 16
    result = invoke("score", FLUSH, "--rules", "fake", "-o", "cap=many")
    assert result.exit_code == 2 and "cap is a number" in result.stderr
    result = invoke("score", FLUSH, "--rules", "fake", "-o", "bonus=maybe")
    assert result.exit_code == 2 and "bonus is true or false" in result.stderr


def test_fake_json_is_the_batch_object(fake: _FakeRules) -> None:
    result = invoke("score", FLUSH, "--rules", "fake", "--kong-discard", "--json")
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    # the fields of this rule set's result (the batch object may carry more, as score_line)
    assert {k: out[k] for k in ("id", "total", "multiplier", "error", "fans")} == {
        "id": None,
        "total": 3,
        "multiplier": 4,
        "error": None,
        "fans": [{"name": "清一色", "name_en": "Full Flush", "value": 3, "count": 1}],
    }
    assert out == score_line({"hand": FLUSH, "rules": "fake", "kong_discard": True})


def test_fake_not_a_win(fake: _FakeRules) -> None:
    hand = "123m456p789s11sEEE"
    result = invoke("score", hand, "--rules", "fake")
    assert result.exit_code == 1
    assert "not a winning hand: honours are not in play" in result.stdout
    result = invoke("score", hand, "--rules", "fake", "--json")
    assert result.exit_code == 1
    assert json.loads(result.stdout) == {
        "id": None,
        "error": {"code": "not_a_win", "message": "honours are not in play"},
    }


def test_fake_in_a_batch(fake: _FakeRules) -> None:
    lines = [
        {"id": 1, "hand": FLUSH, "rules": "fake", "options": {"bonus": True}},
        {"id": 2, "hand": FLUSH},
        {"id": 3, "hand": FLUSH, "rules": "fake", "options": {"nope": 1}},
    ]
    result = runner.invoke(
        app, ["score", "--batch", "-"], input="".join(json.dumps(x) + "\n" for x in lines)
    )
    assert result.exit_code == 0, result.output
    out = [json.loads(x) for x in result.stdout.splitlines()]
    assert out[0]["total"] == 5 and out[0]["multiplier"] == 16
    assert out[1]["multiplier"] is None and out[1]["total"] == fanshu.score(FLUSH).total
    assert out[2]["error"] == {"code": "bad_option", "message": "unknown option 'nope'"}


def test_no_cap_line_when_under_the_cap() -> None:
    if "two-player" not in fanshu.rules.names():
        pytest.skip("two-player rule set not registered")
    out = invoke("score", "123m456p789s11sEEE", "--rules", "two-player").stdout
    assert "Total 11 fan" in out and "Capped" not in out


@pytest.mark.parametrize("name", names())
def test_rules_name_shows_the_wildcard_rule(name: str) -> None:
    rule = get_rules(name).wildcards
    out = json.loads(invoke("rules", name, "--json").stdout)
    listed = next(r for r in json.loads(invoke("rules", "--json").stdout) if r["name"] == name)
    assert listed["wildcards"] == out["wildcards"]
    table = invoke("rules", name).stdout
    squeezed = "".join(table.split())  # the texts may wrap anywhere
    if rule is None:
        assert out["wildcards"] is None
        assert "Wildcard 百搭: none (a --wildcard is refused)" in table
        return
    assert out["wildcards"]["shapes"] == list(rule.shapes)
    assert len(parse_tiles(out["wildcards"]["stands_for"])) == len(rule.stands_for)
    assert (out["wildcards"]["how_en"], out["wildcards"]["how_zh"]) == (rule.how_en, rule.how_zh)
    assert "Wildcard 百搭: " in table
    assert "".join(rule.how_en.split()) in squeezed
    assert "".join(rule.how_zh.split()) in squeezed


def test_rules_list_marks_the_rule_sets_with_wild_tiles() -> None:
    result = runner.invoke(app, ["rules"], env={"COLUMNS": "200"})
    assert "Wild 百搭" in result.stdout
    for name in names():
        rule = get_rules(name).wildcards
        line = next(ln for ln in result.stdout.splitlines() if ln.split()[:1] == [name])
        mark = "—" if rule is None else "✓" if rule.shapes else "混杠 only"
        assert line.rstrip().endswith(mark), line
