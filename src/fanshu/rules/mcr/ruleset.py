"""The Chinese Official rules as a rule set (``fanshu.rules.get_rules("mcr")``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from fanshu.errors import OptionError
from fanshu.hand import Hand
from fanshu.rules.base import Combine, FanRow, WildcardRule, describe_fields
from fanshu.rules.mcr.evaluate import score_hand
from fanshu.rules.mcr.fans import FANS, Fan
from fanshu.rules.mcr.options import DEFAULT_OPTIONS, McrOptions
from fanshu.rules.mcr.result import MINIMUM_FAN, McrResult
from fanshu.rules.mcr.settlement import settle_win
from fanshu.tiles import NUM_KINDS

#: Where each option's alternative comes from (RULES.md §1).
_OPTION_NOTES = {
    "concealed_and_melded_kong": "明暗杠 value: 5, or 6 (Green Book 2006)",
    "two_concealed_kongs": "双暗杠 value: 6, or 8 (Green Book)",
    "knitted_straight_waits": "边张/嵌张/单钓 with a 组合龙 body (false: 2006 clarification)",
    "honors_knitted_all_types": "全不靠 combined with 五门齐 (true: 2006 text)",
    "seven_pairs_tile_hog": "四归一 in 七对 (false: 2006)",
    "all_terminals_triple_pung": "三同刻 with 清幺九 (false: strict 1998)",
    "all_terminals_double_pung": "双同刻 with 清幺九 (true: seed 003 可加计双同刻)",
    "special_hands_fully_concealed": "self-drawn 九莲宝灯/连七对/十三幺 count 不求人, not 自摸 "
    "(true: seed 003 自摸加计不求人; false: seeds 001/004)",
    "seven_pairs_combines": "七对 with 绿一色, 字一色, 清幺九, 混幺九, ranges (false: strict 1998)",
    "blessings": "non-official 天和 地和 人和 天听 四方大发 全家福 混杠: off | "
    "lianzhong (联众 values 168/158/108/32/168/216, 混杠 88 with --wildcard; seeds 000, "
    "002, 003, 004) | "
    "two_player (天和 99, 地和 88, 人和 64, 天听 32; seed 000); docs/rules/mcr.md",
}


def fan_row(fan: Fan) -> FanRow[str]:
    """A fan of the table as the rule-set listing shows it: keyed by ``"big_four_winds"``,
    what it excludes on its own sets among what it excludes."""
    row = FANS[fan]
    excludes = tuple(f.name.lower() for f in row.excludes + row.excludes_own_sets)
    return FanRow(fan.name.lower(), row.name_zh, row.name_en, row.value, excludes, row.source)


class McrRuleSet:
    name: str = "mcr"
    title_zh: str = "国标麻将"
    title_en: str = "Chinese Official rules (MCR)"
    tiles: frozenset[int] = frozenset(range(NUM_KINDS))
    flowers: bool = True
    shapes: tuple[str, ...] = (
        "4 sets + pair",
        "七对 (连七对)",
        "十三幺",
        "全不靠 (七星不靠)",
        "组合龙 + set + pair",
    )
    fans: tuple[FanRow[str], ...] = tuple(fan_row(f) for f in Fan)
    combine: Combine = "add"
    cap: int | None = None
    minimum: int = MINIMUM_FAN
    # A wildcard stands for nothing under MCR: it only names the kind whose kong is the
    # non-official 混杠 (option ``blessings``, seeds 002/003/004).
    wildcards: WildcardRule | None = WildcardRule(
        shapes=(),
        how_en="no wild tiles; a named wildcard only makes its kong 混杠 (blessings)",
        how_zh="无百搭；指定的混牌只用于混杠（blessings 选项）",
    )
    engine_variant: str | None = "fanshu.engine.variants.mcr:McrVariant"

    def default_options(self) -> McrOptions:
        return DEFAULT_OPTIONS

    def options_from(self, data: Mapping[str, Any]) -> McrOptions:
        return McrOptions.from_dict(dict(data))

    def describe_options(self) -> Sequence[tuple[str, str, str]]:
        return describe_fields(DEFAULT_OPTIONS, _OPTION_NOTES)

    def score(self, hand: Hand, options: Any = None) -> McrResult:
        if options is not None and not isinstance(options, McrOptions):
            raise OptionError("MCR options are an McrOptions or a mapping of its fields")
        return score_hand(hand.validate(), options or DEFAULT_OPTIONS)

    def settle(
        self,
        players: Sequence[str],
        winner: str,
        discarder: str | None,
        result: Any,
        options: Any = None,
    ) -> dict[str, int]:
        r: McrResult = result
        flowers = r.hand.context.flowers
        return settle_win(
            players, winner, discarder=discarder, fan=r.total, flowers=flowers
        ).payments


RULES = McrRuleSet()
