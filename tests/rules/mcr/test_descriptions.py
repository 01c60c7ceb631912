"""The MCR rule texts (``fanshu.rules.mcr.descriptions``): one for every fan, both
languages, and every example hand really scores its fan — with the oracle's total.

The examples are what makes a text trustworthy: each is scored with ``fanshu.score`` and
its keywords, must count the fan it illustrates, and for the 81 official fans and 明暗杠
its total and fans must be PyMahjongGB's (the extras 83-89 are not the oracle's).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import fanshu
from fanshu.rules.mcr.descriptions import DESCRIPTIONS
from fanshu.rules.mcr.fans import FANS, Fan
from fanshu.rules.texts import Example
from support.oracle import oracle_score

CJK = re.compile(r"[\u3400-\u9fff]")
SEEDS = Path("/work/shared/seeds")
ORACLE_FANS = frozenset(f for f in Fan if f <= Fan.CONCEALED_KONG_AND_MELDED_KONG)


def _examples() -> Iterator[Any]:
    for fan in Fan:
        for i, ex in enumerate(DESCRIPTIONS[fan].examples):
            yield pytest.param(fan, ex, id=f"{int(fan):02d}-{fan.name.lower()}-{i}")


def test_every_fan_has_a_text() -> None:
    assert set(DESCRIPTIONS) == set(Fan)
    assert len(DESCRIPTIONS) == 89


@pytest.mark.parametrize("fan", list(Fan), ids=lambda f: f.name.lower())
def test_both_languages(fan: Fan) -> None:
    text = DESCRIPTIONS[fan]
    assert CJK.search(text.zh), "the Chinese text is Chinese"
    # the English text may name the fan's Chinese name, nothing else in Chinese
    assert not CJK.search(text.en.replace(FANS[fan].name_zh, "")), text.en
    assert (text.en[0].isupper() or text.en[0].isdigit()) and text.en.rstrip().endswith((".", ")"))
    assert text.zh.rstrip().endswith("。")
    assert 1 <= text.en.count(". ") + 1 <= 4, "a few sentences, not an essay"
    assert text.examples, "at least one example hand"
    for ex in text.examples:
        assert CJK.search(ex.note_zh) and ex.note_en and not CJK.search(ex.note_en)


@pytest.mark.parametrize("fan", list(Fan), ids=lambda f: f.name.lower())
def test_what_the_text_says_is_not_counted_is_what_the_table_excludes(fan: Fan) -> None:
    # "不再计A、B、C。": every fan named there is one the table's row excludes
    by_name = {FANS[f].name_zh: f for f in Fan}
    row = FANS[fan]
    excluded = set(row.excludes) | set(row.excludes_own_sets)
    named = []
    for clause in re.findall(r"不再计([^。；]*)", DESCRIPTIONS[fan].zh):
        for word in re.split(r"[、和及]", clause):
            if word in by_name:
                named.append(by_name[word])
    assert set(named) <= excluded, sorted(f.name for f in set(named) - excluded)


@pytest.mark.parametrize(("fan", "ex"), list(_examples()))
def test_every_example_scores_its_fan(fan: Fan, ex: Example) -> None:
    context: dict[str, Any] = dict(ex.context)
    r = fanshu.score(ex.hand, **context)
    assert r.is_win, f"{ex.hand}: {r.reason}"
    counted = {e.row.key for e in r.fans}
    assert fan in counted, f"{ex.hand} scores {[e.name_zh for e in r.fans]}"
    assert not any(e.row.key in FANS[fan].excludes for e in r.fans), "an excluded fan counted"
    if fan in ORACLE_FANS:
        theirs = oracle_score(r.hand)
        assert theirs is not None, f"the oracle says {ex.hand} is no win"
        mine = {e.name_zh: e.count for e in r.fans}
        assert (r.total, mine) == (theirs[0], dict(theirs[1]))


def test_the_extras_need_their_option() -> None:
    # the examples of 83-89 name the option: without it the fan is not there
    for fan in Fan:
        if fan in ORACLE_FANS:
            continue
        for ex in DESCRIPTIONS[fan].examples:
            assert "options" in ex.context
            plain: dict[str, Any] = {
                k: v for k, v in ex.context.items() if k not in ("options", "wildcard")
            }
            r = fanshu.score(ex.hand, **plain)
            assert fan not in {e.row.key for e in r.fans}


def _seed_text() -> str:
    return "".join(p.read_text(encoding="utf-8", errors="replace") for p in SEEDS.glob("*.txt"))


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the seed documents are not here")
def test_the_texts_are_our_own_words() -> None:
    # paraphrased, not copied: no run of 10 Chinese characters of a text or of an example's
    # note is in a seed (tile strings such as 1112345678999 aside)
    drop = re.compile(r"[\s\x00-\x7f，。、；：（）“”]")
    # a text is compared clause by clause (a list of fan names is no copy of a list)
    seeds = drop.sub("", _seed_text())
    copied = []
    for fan, text in DESCRIPTIONS.items():
        for field in (text.zh, *(ex.note_zh for ex in text.examples)):
            for clause in re.split(r"[，。、；：（）“”]", field):
                zh = drop.sub("", clause)
                runs = [zh[i : i + 10] for i in range(len(zh) - 9)]
                copied += [(fan.name, run) for run in runs if run in seeds][:1]
    assert not copied, copied
