"""The Sichuan rule texts' examples that are seed 002's hands total what seed 002 says.

Seed 002 (封顶四番) writes its examples as "123条 567条 234 条 888条 99条" with the fan
next to them; the texts use those that are complete hands (``docs/rules/sichuan.md``
lists the ones that are not).  Under the preset ``seed002`` each must total the seed's
figure, and each must be quoted from the seed.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

import fanshu
from fanshu.rules.sichuan.descriptions import DESCRIPTIONS

SEED = Path("/work/shared/seeds/002_70d5c43556345aed.txt")

#: (fan, the seed's hand, the seed's total under its own table)
SEED_002 = [
    ("dui_dui_hu", "2222筒 111万 444万 999筒 66筒", 2 + 1),  # 大对子（2番）+ 一杠（1番）= 3番
    ("qing_yi_se", "123条 567条 234 条 888条 99条", 3),
    ("dai_yao_jiu", "123条 123万 789条 789万 99万", 3),
    ("qi_dui", "11万 22万 99万 44筒 66筒 88筒 99筒", 3),
    ("long_qi_dui", "11万 11万 99万 44筒 66筒 88筒 99筒", 4),
    ("qing_dui", "111万 444万 222万 999万 66万", 4),
    ("gen", "2222筒 123万 345万 999筒 66筒", 1 + 1),  # 平胡(1番) + 一杠(1番) = 2番
]
_SUITS = {"万": "m", "条": "s", "筒": "p"}


def _tiles(text: str) -> list[str]:
    out: list[str] = []
    for digits, suit in re.findall(r"(\d+)\s*([万条筒msp])", text):
        out += [d + _SUITS.get(suit, suit) for d in digits]
    return sorted(out)


def _plain(hand: str) -> str:
    return re.sub(r"\[([^\]]*?)[1-7]?\]", lambda m: m.group(1), hand)


@pytest.mark.parametrize(("key", "seed", "total"), SEED_002, ids=[k for k, _, _ in SEED_002])
def test_the_seed_examples_total_what_seed_002_says(key: str, seed: str, total: int) -> None:
    found = [ex for ex in DESCRIPTIONS[key].examples if _tiles(_plain(ex.hand)) == _tiles(seed)]
    assert found, f"seed 002's {seed} is no longer an example of {key}"
    context: dict[str, Any] = dict(found[0].context)
    r = fanshu.score(found[0].hand, rules="sichuan", options={"preset": "seed002"}, **context)
    assert r.total == total
    assert key in {e.row.key for e in r.fans}


@pytest.mark.skipif(not SEED.is_file(), reason="the seed documents are not here")
def test_the_hands_are_quoted_from_seed_002() -> None:
    text = SEED.read_text(encoding="utf-8")
    for _key, seed, _total in SEED_002:
        assert seed in text, seed
