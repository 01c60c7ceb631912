"""GET /v1/rules and /v1/rules/{name}: the rule sets, fan tables and options."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from fanshu.cli.main import app
from fanshu.rules import get_rules, names


def test_lists_every_rule_set(client: TestClient) -> None:
    r = client.get("/v1/rules")
    assert r.status_code == 200
    rows = r.json()
    assert [x["name"] for x in rows] == names()
    mcr = rows[0]
    assert mcr == {
        "name": "mcr",
        "title_zh": "国标麻将",
        "title_en": "Chinese Official rules (MCR)",
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
            "how_en": mcr["wildcards"]["how_en"],
            "how_zh": mcr["wildcards"]["how_zh"],
        },
    }
    sichuan = next(x for x in rows if x["name"] == "sichuan")
    assert (sichuan["tiles"], sichuan["combine"], sichuan["default"]) == (108, "double", False)
    assert sichuan["wildcards"] is None


@pytest.mark.parametrize("name", names())
def test_each_rule_set_says_how_it_uses_a_wildcard(client: TestClient, name: str) -> None:
    rule = get_rules(name).wildcards
    body = client.get(f"/v1/rules/{name}").json()
    if rule is None:
        assert body["wildcards"] is None
        return
    assert body["wildcards"]["shapes"] == list(rule.shapes)
    assert (body["wildcards"]["how_en"], body["wildcards"]["how_zh"]) == (rule.how_en, rule.how_zh)
    assert rule.how_en and rule.how_zh


@pytest.mark.parametrize("name", names())
def test_each_rule_set_has_its_fan_table_and_options(client: TestClient, name: str) -> None:
    body = client.get(f"/v1/rules/{name}").json()
    rule_set = get_rules(name)
    assert body["name"] == name
    assert [f["key"] for f in body["fans"]] == [f.key for f in rule_set.fans]
    assert [o["name"] for o in body["options"]] == [o[0] for o in rule_set.describe_options()]
    for f in body["fans"]:
        assert set(f) == {"key", "name_zh", "name", "name_en", "value", "excludes", "source"}
        assert f["name"] == f["name_zh"]  # the older key, kept for fanshu rules --json


def test_mcr_fan_table(client: TestClient) -> None:
    body = client.get("/v1/rules/mcr").json()
    big_four = next(f for f in body["fans"] if f["name_zh"] == "大四喜")
    assert (big_four["name_en"], big_four["value"]) == ("Big Four Winds", 88)
    assert "pung_of_terminals_or_honors" in big_four["excludes"]
    option = next(o for o in body["options"] if o["name"] == "two_concealed_kongs")
    assert option["default"] == "6"


def test_an_unknown_rule_set_is_a_404_bad_option_problem(client: TestClient) -> None:
    r = client.get("/v1/rules/riichi")
    assert r.status_code == 404
    assert r.headers["content-type"] == "application/problem+json"
    body = r.json()
    assert body["code"] == "bad_option"
    known = ", ".join(names())
    assert body["detail"] == f"unknown rule set 'riichi': use one of {known}"


@pytest.mark.parametrize("name", [None, *names()])
def test_the_api_answers_what_fanshu_rules_json_prints(
    client: TestClient, name: str | None
) -> None:
    args = ["rules", "--json"] if name is None else ["rules", name, "--json"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    r = client.get("/v1/rules" if name is None else f"/v1/rules/{name}")
    assert r.status_code == 200
    assert r.json() == json.loads(result.stdout)


def test_the_list_says_which_rule_sets_the_engine_plays(client: TestClient) -> None:
    from fanshu.engine.variants import playable_rules

    rows = client.get("/v1/rules").json()
    assert [r["name"] for r in rows if r["playable"]] == playable_rules()


# -- GET /v1/fans/{name} (issue 18) ------------------------------------------------------


@pytest.mark.parametrize("name", ["大四喜", "big four winds", "1", "BIG_FOUR_WINDS"])
def test_one_fan_by_any_name(client: TestClient, name: str) -> None:
    from fanshu.rules.mcr.fans import FANS, Fan

    r = client.get(f"/v1/fans/{name}")
    assert r.status_code == 200, r.text
    body = r.json()
    spec = FANS[Fan.BIG_FOUR_WINDS]
    assert (body["number"], body["name"], body["name_en"], body["value"]) == (
        1,
        spec.name_zh,
        spec.name_en,
        spec.value,
    )
    assert [x["number"] for x in body["excludes"]] == [int(f) for f in spec.excludes]
    assert body["official"] is True


def test_one_fan_is_what_fanshu_fans_json_prints(client: TestClient) -> None:
    result = CliRunner().invoke(app, ["fans", "清龙", "--json"])
    assert result.exit_code == 0, result.output
    body = client.get("/v1/fans/清龙").json()
    assert body == json.loads(result.stdout)
    from fanshu.rules.texts import fan_text

    text = fan_text("mcr", "清龙")
    assert body["text"] == (None if text is None else text.to_dict())


def test_an_unknown_fan_is_a_404_naming_close_matches(client: TestClient) -> None:
    r = client.get("/v1/fans/四喜")
    assert r.status_code == 404
    assert r.headers["content-type"] == "application/problem+json"
    body = r.json()
    assert body["code"] == "bad_option" and "unknown fan '四喜'" in body["detail"]
    close = [m["name"] for m in body["close_matches"]]
    assert close[:2] == ["大四喜", "小四喜"]
    nothing = client.get("/v1/fans/zzzzqqq").json()
    assert nothing["close_matches"] == [] and "1-89" in nothing["detail"]
