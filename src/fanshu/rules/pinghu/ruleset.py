"""Pinghu 台头 (平湖麻将, seed 001 ❹) as a rule set (``fanshu.rules.get_rules("pinghu")``).

>>> from fanshu.notation import parse_hand
>>> r = RULES.score(parse_hand("[234s]567m234m678p5p5p").with_context(self_drawn=True))
>>> [f.name_zh for f in r.fans], r.total
(['平湖', '断幺', '自摸'], 3)
>>> RULES.settle("ESWN", "S", None, r)  # self-drawn: each of the three pays 9 张 a 台
{'E': -27, 'S': 81, 'W': -27, 'N': -27}
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from fanshu.hand import Hand
from fanshu.rules.base import Combine, FieldOptions, Result, WildcardRule, settled_win
from fanshu.rules.pinghu.evaluate import NAME, SHAPES, score_hand
from fanshu.rules.pinghu.fans import FANS
from fanshu.rules.pinghu.options import DEFAULT_OPTIONS, OPTION_NOTES, PinghuOptions
from fanshu.rules.pinghu.settlement import win_payments
from fanshu.tiles import NUM_KINDS


class PinghuRuleSet(FieldOptions[PinghuOptions]):
    name = NAME
    option_defaults = DEFAULT_OPTIONS
    option_notes = OPTION_NOTES
    title_zh = "平湖麻将（台头）"
    title_en = "Pinghu mahjong (台头)"
    tiles = frozenset(range(NUM_KINDS))
    #: Flowers are an option (有些地方打花); the default table has none.
    flowers = False
    shapes = ("4 sets + pair", "十三幺")
    fans = FANS
    combine: Combine = "add"
    cap: int | None = None
    minimum = DEFAULT_OPTIONS.minimum
    # 2百眼 (a pair of 百搭 as the eyes) says the game has a wildcard; the text does not
    # say how it is chosen (fanshu: a tile turned up, the next kind is wild).
    wildcards: WildcardRule | None = WildcardRule(
        shapes=SHAPES,
        how_en=(
            "after the deal a tile is turned up from the wall; the next kind in its suit "
            "(9 → 1, winds and dragons in their rounds) is 百搭 (option wildcard_pick=same: "
            "the kind turned up)"
        ),
        how_zh="发牌后翻一张牌，其下一张（同门顺序，九接一，风、箭各自循环）为百搭",
    )
    engine_variant: str | None = "fanshu.engine.variants.pinghu:PinghuVariant"

    def score(self, hand: Hand, options: Any = None) -> Result[str]:
        return score_hand(hand, self.as_options(options))

    def settle(
        self,
        players: Sequence[str],
        winner: str,
        discarder: str | None,
        result: Any,
        options: Any = None,
    ) -> dict[str, int]:
        """张 per player for one win: its 台 (``result.total``, flowers included) times
        the rate of each payer (discarder 9, the two others 4; self-drawn 9 each).

        A robbed kong (抢杠) names the kong's owner as the ``discarder``.
        """
        opts = self.as_options(options)
        r = settled_win(result, NAME, discarder)
        return win_payments(players, winner, discarder=discarder, tai=r.total, options=opts)


RULES = PinghuRuleSet()
