"""Properties of the 底分 × 2^番 list over thousands of random winning hands (those of
``fanshu.sampling``, flowers dropped): the total is the sum of the counted rows, the
score is 底分 × 2^(capped total), no counted row is one another counted row excludes,
the suit rows agree with the tiles, and the best reading is kept under every option."""

from __future__ import annotations

import itertools

import pytest

from fanshu.hand import Hand
from fanshu.rules.common import RULES
from fanshu.rules.common.fans import BY_KEY
from fanshu.rules.common.options import CommonOptions
from fanshu.sampling import winning_hands

HANDS: list[Hand] = [h.with_context(flowers=0) for h in winning_hands(16, 3000)]
OPTIONS = [
    CommonOptions(),
    CommonOptions(base=20, cap=8, ping_he="all_chows", outside_hand="stacked"),
    CommonOptions(xiao_san_yuan="literal", seven_pairs_four_of_a_kind=False),
]


@pytest.mark.parametrize("options", OPTIONS, ids=["default", "alternatives", "literal"])
def test_totals_points_and_exclusions(options: CommonOptions) -> None:
    wins = 0
    for hand in HANDS:
        r = RULES.score(hand, options)
        if not r.is_win:
            assert r.reason
            continue
        wins += 1
        keys = [f.row.key for f in r.fans]
        assert len(keys) == len(set(keys)), keys
        assert r.total == sum(f.points for f in r.fans)
        paid = r.total if options.cap is None else min(r.total, options.cap)
        assert r.capped == paid and r.details["points"] == options.base * 2**paid
        for a, b in itertools.permutations(keys, 2):
            assert b not in BY_KEY[a].excludes, (a, b, str(hand))
        tiles = hand.all_tiles
        honours = any(t.is_honor for t in tiles)
        suits = {t.suit for t in tiles if t.is_numbered}
        assert ("wu_zi" in keys) == (not honours and len(suits) > 1)
        assert ("qing_yi_se" in keys) == (not honours and len(suits) == 1)
        assert ("hun_yi_se" in keys) == (honours and len(suits) == 1)
        if options.ping_he == "plain":
            assert r.total >= 1 and (keys == ["ping_he"]) == ("ping_he" in keys)
        payments = RULES.settle("ESWN", "S", None if hand.context.self_drawn else "E", r, options)
        assert sum(payments.values()) == 0 and payments["S"] > 0
    assert wins > 1000  # most sampled MCR wins are wins here too (not 十三幺, 全不靠 …)
