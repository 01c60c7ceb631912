"""The Sichuan fan tables as data: seed 000's default table and seed 002's variant.

Fan (番) double the payment: a hand of ``n`` fan is paid ``base × 2^(n−1)``.  A hand
has one *pattern* (牌型: the highest that fits, 就高) and any number of *extras* (另加番).

Seed 000 (``000_027ea77d1181f0d7.txt``, 麻将算翻 番型一览) lists the patterns by level:

>>> [(r.name_zh, r.value) for r in DEFAULT_FANS if r.key in PATTERN_KEYS][:5]
[('平胡', 1), ('对对胡', 2), ('清一色', 3), ('带幺九', 3), ('七对', 3)]
>>> fan_table("seed002")["gang_shang_hua"].value, fan_table("seed000")["gang_shang_hua"].value
(2, 1)
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Literal

from fanshu.rules.base import FanRow

Preset = Literal["seed000", "seed002"]
PRESETS: tuple[Preset, ...] = ("seed000", "seed002")

SEED000 = "000_027ea77d1181f0d7.txt (麻将算翻 番型一览)"
SEED002 = "002_70d5c43556345aed.txt (封顶四番)"
SEED000_CHENGMA = "000_027ea77d1181f0d7.txt (成麻番数怎么算的)"

#: The pattern rows (牌型): a hand counts the single highest that fits.
PATTERN_KEYS = frozenset(
    {
        "ping_hu",
        "dui_dui_hu",
        "qing_yi_se",
        "dai_yao_jiu",
        "qi_dui",
        "qing_dui",
        "jiang_dui",
        "long_qi_dui",
        "qing_qi_dui",
        "qing_yao_jiu",
        "tian_hu",
        "di_hu",
        "qing_long_qi_dui",
    }
)
#: The extras (另加番): each adds its value, 根 once per set of four identical tiles.
EXTRA_KEYS = frozenset(
    {
        "zi_mo",
        "gang_shang_hua",
        "gang_shang_pao",
        "qiang_gang_hu",
        "gen",
        "jin_gou_diao",
        "hai_di",
    }
)


def _row(
    key: str, zh: str, en: str, value: int, excludes: tuple[str, ...], source: str
) -> FanRow[str]:
    return FanRow(key, zh, en, value, excludes, source)


_LOWER_SETS = ("ping_hu",)
_PAIRS = ("qi_dui",)

#: Seed 000's table.  ``excludes`` lists the patterns a row implies (never counted with it).
DEFAULT_FANS: tuple[FanRow[str], ...] = (
    _row("ping_hu", "平胡", "Plain win (4 sets + pair)", 1, (), SEED000),
    _row("dui_dui_hu", "对对胡", "All pungs", 2, _LOWER_SETS, SEED000),
    _row("qing_yi_se", "清一色", "Pure one suit", 3, _LOWER_SETS, SEED000),
    _row("dai_yao_jiu", "带幺九", "Terminals in every set", 3, _LOWER_SETS, SEED000),
    _row("qi_dui", "七对", "Seven pairs", 3, (), SEED000),
    _row("qing_dui", "清对", "Pure all pungs", 4, ("ping_hu", "dui_dui_hu", "qing_yi_se"), SEED000),
    _row("jiang_dui", "将对", "All pungs of 2, 5, 8", 4, ("ping_hu", "dui_dui_hu"), SEED000),
    _row(
        "long_qi_dui",
        "龙七对",
        "Dragon seven pairs (four identical, one 根 fewer)",
        5,
        _PAIRS,
        SEED000,
    ),
    _row("qing_qi_dui", "清七对", "Pure seven pairs", 5, ("qi_dui", "qing_yi_se"), SEED000),
    _row(
        "qing_yao_jiu",
        "清幺九",
        "Pure terminals in every set",
        5,
        ("ping_hu", "qing_yi_se", "dai_yao_jiu"),
        SEED000,
    ),
    _row("tian_hu", "天胡", "Heavenly win (dealer, on the tiles dealt)", 6, ("zi_mo",), SEED000),
    _row("di_hu", "地胡", "Earthly win (non-dealer, on the first draw)", 6, ("zi_mo",), SEED000),
    _row(
        "qing_long_qi_dui",
        "清龙七对",
        "Pure dragon seven pairs (one 根 fewer)",
        6,
        ("qi_dui", "qing_yi_se", "long_qi_dui", "qing_qi_dui"),
        SEED000,
    ),
    _row("zi_mo", "自摸", "Self-drawn", 1, (), SEED000),
    _row("gang_shang_hua", "杠上花", "Win on a kong's replacement tile", 1, (), SEED000),
    _row("gang_shang_pao", "杠上炮", "Win on the discard made after a kong", 1, (), SEED000),
    _row("qiang_gang_hu", "抢杠胡", "Robbing a kong", 1, (), SEED000),
    _row("gen", "根", "Root: four identical tiles (kong or not), each", 1, (), SEED000),
    _row(
        "jin_gou_diao", "金钩钓", "Golden hook: four melds, single wait on the pair", 1, (), SEED000
    ),
)

#: Seed 002's variant (封顶四番).  It has no 自摸, 杠上炮, 金钩钓, 天胡/地胡 or pure
#: composites (清七对, 清幺九, 清龙七对): a hand takes its highest listed pattern.
SEED002_FANS: tuple[FanRow[str], ...] = (
    _row("ping_hu", "平胡", "Plain win (4 sets + pair)", 1, (), SEED002),
    _row("dui_dui_hu", "大对子", "All pungs", 2, _LOWER_SETS, SEED002),
    _row("qing_yi_se", "清一色", "Pure one suit", 3, _LOWER_SETS, SEED002),
    _row("dai_yao_jiu", "带幺九", "Terminals in every set", 3, _LOWER_SETS, SEED002),
    _row("qi_dui", "七对", "Seven pairs", 3, (), SEED002),
    _row(
        "long_qi_dui",
        "龙七对",
        "Dragon seven pairs (four identical, one 根 fewer)",
        4,
        _PAIRS,
        SEED002,
    ),
    _row("qing_dui", "清对", "Pure all pungs", 4, ("ping_hu", "dui_dui_hu", "qing_yi_se"), SEED002),
    _row("jiang_dui", "将对", "All pungs of 2, 5, 8", 4, ("ping_hu", "dui_dui_hu"), SEED002),
    _row("gen", "根", "Kong or root (each; the seed's examples count 根 too)", 1, (), SEED002),
    _row("gang_shang_hua", "杠上花", "Win on a kong's replacement tile", 2, (), SEED002),
    _row("qiang_gang_hu", "抢杠胡", "Robbing a kong", 1, (), SEED002),
)

#: Rows an option adds: 海底 (+1) from seed 000's 成麻 paragraph (``sea_bottom``).
OPTIONAL_FANS: tuple[FanRow[str], ...] = (
    _row("hai_di", "海底捞月", "Win on the last tile of the wall", 1, (), SEED000_CHENGMA),
)


def _index(rows: tuple[FanRow[str], ...]) -> Mapping[str, FanRow[str]]:
    return MappingProxyType({r.key: r for r in rows})


_TABLES: dict[str, Mapping[str, FanRow[str]]] = {
    "seed000": _index(DEFAULT_FANS + OPTIONAL_FANS),
    "seed002": _index(SEED002_FANS + OPTIONAL_FANS),
}


def fan_table(preset: Preset) -> Mapping[str, FanRow[str]]:
    """The rows of a preset by key (the optional rows included)."""
    return _TABLES[preset]


def table_rows(preset: Preset) -> tuple[FanRow[str], ...]:
    """The preset's own table, in the seed's order."""
    return DEFAULT_FANS if preset == "seed000" else SEED002_FANS
