"""The differential-test oracle: PyMahjongGB's C++ fan calculator, and our own scorer,
both returning ``(total, Counter(fan name -> count))`` with OUR Chinese fan names.

The oracle is used only by tests and benchmarks; the library never imports it.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from MahjongGB import MahjongFanCalculator

from fanshu.hand import Hand, Meld, MeldKind
from fanshu.rules.mcr.fans import FANS, Fan
from fanshu.rules.mcr.options import McrOptions
from fanshu.tiles import Tile

Score = tuple[int, Counter[str]]

# The oracle's names where they differ from ours; every other name is the same.
_ORACLE_RENAMES = {"独听・边张": "边张", "独听・嵌张": "嵌张", "独听・单钓": "单钓将"}
# the 81 fans and 明暗杠; the non-official extras (83-88, option blessings) are not the oracle's
OUR_NAMES = frozenset(FANS[f].name_zh for f in Fan if f <= Fan.CONCEALED_KONG_AND_MELDED_KONG)
_DEFAULT = McrOptions()


def tile_code(t: Tile | int) -> str:
    """The oracle's code of a tile: W1-9 万, T1-9 条, B1-9 饼, F1-4 winds, J1-3 中发白."""
    t = int(t)
    if t < 27:
        return "WTB"[t // 9] + str(t % 9 + 1)
    if t < 31:
        return f"F{t - 26}"
    return f"J{t - 30}"


def _pack(m: Meld) -> tuple[str, str, int]:
    if m.kind is MeldKind.CHOW:
        return ("CHI", tile_code(m.tile + 1), m.source)
    if m.kind is MeldKind.PUNG:
        return ("PENG", tile_code(m.tile), m.source)
    # melded, concealed (source 0) and added kongs all pass as GANG with their source
    return ("GANG", tile_code(m.tile), m.source)


def oracle_args(hand: Hand) -> dict[str, Any]:
    """The keyword arguments of ``MahjongFanCalculator`` for a complete hand."""
    if hand.winning_tile is None:
        raise ValueError("the oracle scores complete hands only")
    ctx = hand.context
    return {
        "pack": tuple(_pack(m) for m in hand.melds),
        "hand": tuple(tile_code(t) for t in hand.concealed),
        "winTile": tile_code(hand.winning_tile),
        "flowerCount": ctx.flowers,
        "isSelfDrawn": ctx.self_drawn,
        "is4thTile": ctx.fourth_tile,
        "isAboutKong": ctx.kong,
        "isWallLast": ctx.wall_last,
        "seatWind": int(ctx.seat_wind) - int(Tile.EAST),
        "prevalentWind": int(ctx.prevalent_wind) - int(Tile.EAST),
        "verbose": True,
    }


def oracle_raw(args: dict[str, Any]) -> tuple[tuple[int, int, str, str], ...] | None:
    """The oracle's verbose answer for pre-built arguments; None if it is not a win."""
    try:
        return tuple(MahjongFanCalculator(**args))
    except TypeError as e:
        if "ERROR_NOT_WIN" in str(e):
            return None
        raise


def convert(raw: tuple[tuple[int, int, str, str], ...]) -> Score:
    total = 0
    fans: Counter[str] = Counter()
    for value, count, name, _name_en in raw:
        ours_name = _ORACLE_RENAMES.get(name, name)
        if ours_name not in OUR_NAMES:
            raise AssertionError(f"the oracle gave a fan we do not know: {name!r}")
        total += value * count
        fans[ours_name] += count
    return total, fans


def oracle_score(hand: Hand) -> Score | None:
    """The oracle's total (flowers included) and fans by our names; None if not a win."""
    raw = oracle_raw(oracle_args(hand))
    return None if raw is None else convert(raw)


def ours(hand: Hand, options: McrOptions | None = None) -> Score | None:
    """fanshu's total (flowers included) and fans by name; None if not a win."""
    from fanshu.rules.mcr.evaluate import score_hand

    r = score_hand(hand, options or _DEFAULT)
    if not r.is_win:
        return None
    fans: Counter[str] = Counter()
    for e in r.fans:
        fans[e.name_zh] += e.count
    return r.total, fans
