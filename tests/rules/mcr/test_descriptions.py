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
    assert 1 <= len(re.findall(r"[.!?](?:\s|$)", text.en)) <= 3, "1-3 sentences, not an essay"
    assert 1 <= text.zh.count("。") <= 3
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


#: Seed 004's 牌例 (their pictures are lost, their tallies kept: "以上番型加计混一色，共计48＋6番"):
#: the example rebuilt for each must total what the seed says.
SEED_004_TALLIES = {
    (Fan.QUADRUPLE_CHOW, "[234m1][234m1]234mEE23m4m"): 48 + 6,
    (Fan.FOUR_PURE_SHIFTED_CHOWS, "[234s1][345s1]WW456s56s7s"): 32 + 6,
    (Fan.THREE_KONGS, "[NNNN][5555p][7777s1]CC888m"): 32 + 6 + 6 + 2 + 1,
    (Fan.ALL_TERMINALS_AND_HONORS, "[111m1][111p1][999m1]EE99s9s"): 32 + 2 + 2,
    (Fan.SEVEN_PAIRS, "1199m55p77sEENNCC"): 24 + 6,
    (Fan.SEVEN_PAIRS, "22224466m336688p"): 24 + 2 + 2 + 1,
    (Fan.SEVEN_PAIRS, "EESSWWNNCCFFPP"): 24 + 64,
    (Fan.SEVEN_PAIRS, "1111m99m11p99p11s99s"): 24 + 64 + 2,
}


@pytest.mark.parametrize(("fan", "hand"), list(SEED_004_TALLIES), ids=lambda v: str(v))
def test_the_rebuilt_seed_examples_total_what_the_seed_says(fan: Fan, hand: str) -> None:
    found = [ex for ex in DESCRIPTIONS[fan].examples if ex.hand == hand]
    assert found, f"{hand} is no longer an example of {fan.name}"
    context: dict[str, Any] = dict(found[0].context)
    assert fanshu.score(hand, **context).total == SEED_004_TALLIES[fan, hand]


#: Seed 003's example hands (二、88番 … 五、32番, also in 004), in its own tile words: each is
#: an example of its fan, in fanshu notation.
SEED_003_HANDS = {
    Fan.BIG_FOUR_WINDS: "东东东西西西南南南北北北33万",
    Fan.BIG_THREE_DRAGONS: "中中中发发发白白白123万88条",
    Fan.NINE_GATES: "11123456789999万",
    Fan.ALL_GREEN: "234234666888条发发",
    Fan.ALL_TERMINALS: "111999万111999条99饼",
    Fan.LITTLE_FOUR_WINDS: "东东东西西西南南南北北123万",
    Fan.PURE_TERMINAL_CHOWS: "12312355789789饼",
    Fan.ALL_HONORS: "东东东南南南北北北发发发白白",
    Fan.FOUR_CONCEALED_PUNGS: "111万333条777饼东东东发发",
    Fan.FOUR_PURE_SHIFTED_PUNGS: "222333444555条22饼",
    Fan.QUADRUPLE_CHOW: "123123123123万77条",
    Fan.FOUR_PURE_SHIFTED_CHOWS: "123345567789万88条",
}
_WORDS = str.maketrans({"万": "m", "条": "s", "饼": "p", "东": "E", "南": "S", "西": "W",
                        "北": "N", "中": "C", "发": "F", "白": "P"})  # fmt: skip


def _tiles(text: str) -> list[str]:
    # the seed's tile words as sorted tile codes ("111万" -> 1m 1m 1m)
    out, digits = [], ""
    for ch in text.translate(_WORDS):
        if ch.isdigit():
            digits += ch
        elif ch in "msp":
            out += [d + ch for d in digits]
            digits = ""
        else:
            out.append(ch)
    return sorted(out)


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the seed documents are not here")
@pytest.mark.parametrize("fan", list(SEED_003_HANDS), ids=lambda f: f.name.lower())
def test_the_seed_hands_are_examples(fan: Fan) -> None:
    seed = SEED_003_HANDS[fan]
    assert seed in _seed_text(), "the hand is quoted from seed 003"
    mine = [_tiles(_plain(ex.hand)) for ex in DESCRIPTIONS[fan].examples]
    assert _tiles(seed) in mine


def _plain(hand: str) -> str:
    # a fanshu hand string's tiles without brackets and meld digits ("[123m1]" -> "123m")
    return re.sub(r"\[([^\]]*?)([1-7]?)\]", lambda m: m.group(1), hand)


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
