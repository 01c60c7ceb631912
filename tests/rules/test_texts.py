"""``fanshu.rules.texts``: the rule-text API (FanText, Example, fan_text, descriptions).

Finding a text by every name a front end may be given (the table key, the number, the
enum name, the listing key, the Chinese and English names), None for anything unknown,
and for every rule set that has a descriptions module: a text for each fan of its table
whose examples score that fan under that rule set.
"""

from __future__ import annotations

import importlib
import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

import fanshu
from fanshu.rules import get_rules, names
from fanshu.rules.mcr.fans import FANS, Fan
from fanshu.rules.texts import Example, FanText, descriptions, fan_text

CJK = re.compile(r"[\u3400-\u9fff]")


@pytest.mark.parametrize(
    "key",
    [
        Fan.FULL_FLUSH,
        22,
        "22",
        "FULL_FLUSH",
        "full_flush",
        "清一色",
        "Full Flush",
        "full flush",
        " 清一色 ",
    ],
)
def test_found_by_every_name(key: object) -> None:
    assert fan_text("mcr", key) is descriptions("mcr")[Fan.FULL_FLUSH]


@pytest.mark.parametrize("key", ["no such fan", "", 0, 999, None, True, 2.5, ["清一色"], {"a": 1}])
def test_unknown_fan_is_none(key: object) -> None:
    assert fan_text("mcr", key) is None


@pytest.mark.parametrize("rules", ["no-such-rules", "", "../mcr", "mcr.fans", "os"])
def test_unknown_rule_set_is_none(rules: str) -> None:
    assert fan_text(rules, Fan.FULL_FLUSH) is None
    assert len(descriptions(rules)) == 0


@pytest.mark.parametrize("rules", [None, ["mcr"], 7])
def test_a_rule_set_that_is_no_name_is_none(rules: Any) -> None:
    assert fan_text(rules, Fan.FULL_FLUSH) is None
    assert len(descriptions(rules)) == 0


def test_rule_set_names_ignore_case_and_spaces() -> None:
    assert descriptions(" MCR ") is descriptions("mcr")


def test_rule_set_names_with_a_dash() -> None:
    # "two-player" is the package two_player: the same lookup as any other name
    assert descriptions("two-player") is descriptions("two-player")
    assert "two-player" in names()


def test_every_listing_key_finds_its_text() -> None:
    # fanshu rules / fanshu fans list MCR by "big_four_winds": each finds its text
    for row in get_rules("mcr").fans:
        text = fan_text("mcr", row.key)
        assert text is not None, row.key
        assert text is fan_text("mcr", row.name_zh) is fan_text("mcr", row.name_en)


def test_the_table_is_read_only() -> None:
    table = descriptions("mcr")
    with pytest.raises(TypeError):
        table[Fan.FULL_FLUSH] = FanText("", "")  # type: ignore[index]
    ex = table[Fan.FULL_FLUSH].examples[0]
    with pytest.raises(TypeError):
        ex.context["self_drawn"] = True  # type: ignore[index]


def test_example_context_is_copied() -> None:
    ctx: dict[str, object] = {"self_drawn": True}
    ex = Example("123m456m789m123p5p5p", "自摸", "self-drawn", ctx)
    ctx["self_drawn"] = False
    assert ex.context == {"self_drawn": True}
    assert Example("123m456m789m123p5p5p", "", "").context == {}


def test_to_dict_is_json() -> None:
    text = descriptions("mcr")[Fan.BIG_THREE_WINDS]
    data = json.loads(json.dumps(text.to_dict(), ensure_ascii=False))
    assert data["zh"] == text.zh and data["en"] == text.en
    assert data["examples"][0]["context"] == dict(text.examples[0].context)
    assert set(data["examples"][0]) == {"hand", "note_zh", "note_en", "context"}


def test_mcr_lookup_by_number_is_the_rule_book_number() -> None:
    for fan in Fan:
        assert fan_text("mcr", int(fan)) is descriptions("mcr")[fan]
        assert FANS[fan].name_zh  # the table and the texts cover the same fans


def _with_texts() -> list[str]:
    return [n for n in names() if descriptions(n)]


def test_mcr_has_texts() -> None:
    assert "mcr" in _with_texts()


def _not_in_a_hand(rules: str) -> Mapping[str, str]:
    # fans no winning hand shows (a loser's, or carried from other hands): no example
    module = importlib.import_module(f"fanshu.rules.{rules.replace('-', '_')}.descriptions")
    found: Mapping[str, str] = getattr(module, "NOT_IN_A_HAND", {})
    return found


@pytest.mark.parametrize("rules", _with_texts())
def test_every_fan_of_the_table_has_a_text(rules: str) -> None:
    table = descriptions(rules)
    if rules == "mcr":
        keys: set[Any] = set(Fan)
    else:
        keys = {row.key for row in get_rules(rules).fans}
    assert keys <= set(table), sorted(map(str, keys - set(table)))
    # a text beyond the table is a fan an option adds (Sichuan's 海底): its examples say so
    for extra in set(table) - keys:
        assert all("options" in ex.context for ex in table[extra].examples), extra
    no_hand = _not_in_a_hand(rules)
    assert set(no_hand) <= keys
    for key, text in table.items():
        assert CJK.search(text.zh) and text.en, key
        # what the fan is, in a few sentences per language
        assert 1 <= len(re.findall(r"[.!?](?:\s|$)", text.en)) <= 3, text.en
        assert 1 <= text.zh.count("。") <= 3, text.zh
        # English, quoting at most a Chinese name or two (混一色, 老头黄)
        assert len(CJK.findall(text.en)) * 10 < len(text.en), text.en
        if key in no_hand:
            assert no_hand[key] and not text.examples, key
        else:
            assert text.examples, f"{rules} {key}: no example hand"


@pytest.mark.parametrize("rules", _with_texts())
def test_what_no_hand_shows_no_example_shows(rules: str) -> None:
    no_hand = set(_not_in_a_hand(rules))
    for text in descriptions(rules).values():
        for ex in text.examples:
            context: dict[str, Any] = dict(ex.context)
            r = fanshu.score(ex.hand, rules=rules, **context)
            assert not no_hand & {e.row.key for e in r.fans}


def _foreign_examples() -> list[Any]:
    # the MCR examples have their own test (tests/rules/mcr/test_descriptions.py)
    out = []
    for rules in _with_texts():
        if rules == "mcr":
            continue
        for key, text in descriptions(rules).items():
            for i, ex in enumerate(text.examples):
                out.append(pytest.param(rules, key, ex, id=f"{rules}-{key}-{i}"))
    return out


@pytest.mark.parametrize(("rules", "key", "ex"), _foreign_examples())
def test_every_example_scores_its_fan(rules: str, key: str, ex: Example) -> None:
    context: dict[str, Any] = dict(ex.context)
    r = fanshu.score(ex.hand, rules=rules, **context)
    assert r.is_win, f"{ex.hand}: {r.reason}"
    assert key in {e.row.key for e in r.fans}, [e.row.key for e in r.fans]


@pytest.mark.parametrize("rules", _with_texts())
def test_found_by_its_names_in_every_rule_set(rules: str) -> None:
    rows = get_rules(rules).fans
    by_zh: dict[str, int] = {}
    for row in rows:
        by_zh[row.name_zh] = by_zh.get(row.name_zh, 0) + 1
    for row in rows:
        text = fan_text(rules, row.key)
        assert text is not None, row.key
        if by_zh[row.name_zh] == 1:  # a name two rows share finds the first
            assert fan_text(rules, row.name_zh) is text
            assert fan_text(rules, row.name_en.upper()) is text


def test_an_mcr_fan_finds_the_two_player_text() -> None:
    assert fan_text("two-player", Fan.FULL_FLUSH) is descriptions("two-player")["full_flush"]
    assert fan_text("two-player", Fan.SEAT_WIND) is None  # no seat wind in that game


SEEDS = Path("/work/shared/seeds")


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the seed documents are not here")
@pytest.mark.parametrize("rules", _with_texts())
def test_the_texts_are_our_own_words(rules: str) -> None:
    # paraphrased, not copied: no run of 10 Chinese characters is in a seed
    drop = re.compile(r"[\s\x00-\x7f，。、；：（）“”]")
    # a text is compared clause by clause (a list of fan names is no copy of a list)
    seeds = drop.sub("", "".join(p.read_text(errors="replace") for p in SEEDS.glob("*.txt")))
    copied = []
    for key, text in descriptions(rules).items():
        for field in (text.zh, *(ex.note_zh for ex in text.examples)):
            for clause in re.split(r"[，。、；：（）“”]", field):
                zh = drop.sub("", clause)
                runs = [zh[i : i + 10] for i in range(len(zh) - 9)]
                copied += [(key, run) for run in runs if run in seeds]
    assert not copied, copied
