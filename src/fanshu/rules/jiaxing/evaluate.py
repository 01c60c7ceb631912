"""Scoring a Jiaxing hand: every reading of its 百搭, the 台 and 番 of each, the best kept.

136 tiles (no flowers); shapes 4 sets + pair and 七对 (option ``seven_pairs``).  The
百搭 is ``hand.context.wildcard``: each copy among the concealed tiles and the winning
tile may stand for any kind (``fanshu.wild.fillings``).  Each concrete hand is scored:

- 台 (``fans.TAI``) add up; with the 底台 (option ``di_tai``) they are the base;
- 番 (``fans.FAN``) add up and each doubles the base: points = base × 2 ** 番
  (同一盘中，台数都可以累加 … 总台数形成基本分; 番也可以累加 … 每得一番，积分乘2);
- the carried 番 (黄番, 老头黄, 包子, 百搭连庄) come from the table's :class:`.Carry`: a
  win uses the one :meth:`.Carry.using` names.  Without a carry only this hand's own
  老头黄 (an honour 百搭) can wait.

The best reading is the one paid most (then more 番, then more 台); the result's
``hand`` is that concrete hand and ``details["wildcards"]`` says what each 百搭 stood for.

>>> from fanshu.notation import parse_hand
>>> h = parse_hand("C5p123m456m789m1m1m5p").with_context(wildcard="5p", self_drawn=True)
>>> r = score_hand(h)     # both 5p stand for 中: 红中刻 1 + 混一色 2, 底台 1: 4 × 2 ** 0
>>> [f.name_zh for f in r.fans], r.details["tai"], r.total, r.details["points"]
(['红中刻', '混一色'], 3, 0, 4)
>>> r.details["wildcards"]
{'kind': '5p', 'stood_for': ['C'], 'winning': 'C'}
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from fanshu.errors import InvalidHandError
from fanshu.hand import Hand
from fanshu.rules.base import FanEntry, FanRow, Result
from fanshu.rules.jiaxing import fans as F
from fanshu.rules.jiaxing.carry import Carry
from fanshu.rules.jiaxing.options import DEFAULT_OPTIONS, JiaxingOptions
from fanshu.sets import PUNG
from fanshu.shapes import counts_of, decompose
from fanshu.tiles import Tile
from fanshu.wild import REGULAR_AND_PAIRS, Filling, fillings

NAME = "jiaxing"
_DRAGON_ROWS = ((Tile.RED, F.HONG_ZHONG_KE), (Tile.GREEN, F.FA_CAI_KE), (Tile.WHITE, F.BAI_BAN_KE))
_ORDER = {f.key: i for i, f in enumerate(F.FANS)}


@dataclass(frozen=True, slots=True)
class Tally:
    """One reading scored: its rows, 台, 番 (before the cap), the base and the points."""

    rows: tuple[FanRow[str], ...]
    tai: int
    fan: int
    paid_fan: int
    base: int
    points: int
    shape: str
    filling: Filling

    @property
    def rank(self) -> tuple[int, int, int]:
        return (self.points, self.fan, self.tai)


def check_tiles(hand: Hand) -> Hand:
    """Raise ``InvalidHandError`` for what the Jiaxing set cannot hold; return the hand.

    >>> from fanshu.notation import parse_hand
    >>> check_tiles(parse_hand("123m456m789m234s5s5s").with_context(flowers=1))
    Traceback (most recent call last):
    ...
    fanshu.errors.InvalidHandError: 嘉兴台头 has no flowers (136 tiles): flowers must be 0, not 1
    """
    if hand.context.flowers:
        raise InvalidHandError(
            f"嘉兴台头 has no flowers (136 tiles): flowers must be 0, not {hand.context.flowers}"
        )
    for t in hand.concealed_with_winning:
        if t.is_flower:
            raise InvalidHandError(f"嘉兴台头 has no flowers (136 tiles): {t.code} is a flower")
    return hand.validate()


def wild_held(hand: Hand, filling: Filling, options: JiaxingOptions) -> int:
    """The 百搭 the hand holds (every copy of the wild kind, melds included); with
    ``natural_wild_is_plain`` those that stood for themselves are left out."""
    wild = hand.context.wildcard
    if wild is None:
        return 0
    held = sum(t == wild for t in hand.all_tiles)
    if options.natural_wild_is_plain:
        held -= sum(t == wild for t in filling.stood_for) + (filling.winning == wild)
    return held


def _suit_row(hand: Hand) -> list[FanRow[str]]:
    tiles = hand.all_tiles
    suits = {t.suit for t in tiles if t.is_numbered}
    if not suits:
        return [F.QUAN_LAO_TOU]  # 只有风牌和字牌
    if len(suits) > 1:
        return []
    return [F.HUN_YI_SE] if any(t.is_honor for t in tiles) else [F.QING_YI_SE]


def _pung_rows(hand: Hand) -> list[FanRow[str]]:
    """Dragon and wind 台: 三张以上 of the kind anywhere in the hand (a pung or kong; in a
    七对 hand, a kind held four times)."""
    counts = hand.counts()
    ctx = hand.context
    out = [row for t, row in _DRAGON_ROWS if counts[t] >= 3]
    if counts[ctx.seat_wind] >= 3:
        out.append(F.MEN_FENG)
    if counts[ctx.prevalent_wind] >= 3:
        out.append(F.QUAN_FENG)
    return out


def _situation_rows(hand: Hand) -> list[FanRow[str]]:
    ctx = hand.context
    out: list[FanRow[str]] = []
    if ctx.kong and ctx.self_drawn:
        out.append(F.GANG_SHANG_KAI_HUA)  # 杠牌后抓来的牌自摸成和
    if len(hand.melds) == 4:
        out.append(F.DAN_DIAO)  # 吃碰杠后只剩一张牌时成和
    if ctx.wall_last and ctx.self_drawn:
        out.append(F.HAI_DI_LAO_YUE)  # 摸到最后一张牌成和
    if ctx.first_turn and ctx.self_drawn and ctx.dealer:
        out.append(F.TIAN_HE)  # 庄家还没出牌就自摸成和
    if ctx.first_turn and not ctx.self_drawn and not ctx.dealer:
        out.append(F.DI_HE)  # 庄家出第一张牌就抓铳成和
    return out


def _shapes(hand: Hand, options: JiaxingOptions) -> Iterable[tuple[str, bool]]:
    """(shape, all pungs) for each reading of a concrete hand."""
    melds = [m.as_set for m in hand.melds]
    counts = counts_of(hand.concealed_with_winning)
    for division in decompose(counts):
        yield "regular", all(s.kind == PUNG for s in (*melds, *division[:-1]))
    if options.seven_pairs and not hand.melds and all(n % 2 == 0 for n in counts):
        yield "seven_pairs", False


def tallies(hand: Hand, options: JiaxingOptions, specials: Sequence[FanRow[str]]) -> list[Tally]:
    """Every reading of every filling of ``hand``, scored."""
    shapes = REGULAR_AND_PAIRS if options.seven_pairs else ("regular",)
    out: list[Tally] = []
    for filling in fillings(hand, shapes=shapes):
        concrete = filling.hand
        held = wild_held(hand, filling, options)
        common = _pung_rows(concrete) + _suit_row(concrete) + _situation_rows(concrete)
        if held == 0:
            common.append(F.WU_BAI_DA)
        if held >= 3:
            common.append(F.SAN_BAI_DA)  # 手中有三张百搭 (four is three and more)
        common.extend(specials)
        for shape, all_pungs in _shapes(concrete, options):
            rows = [*common, F.DUI_DUI_HE] if all_pungs else list(common)
            rows.sort(key=lambda f: _ORDER[f.key])
            tai = sum(f.value for f in rows if F.UNIT[f.key] == "台")
            fan = sum(f.value for f in rows if F.UNIT[f.key] == "番")
            paid = fan if options.cap is None else min(fan, options.cap)
            base = options.di_tai + tai
            out.append(Tally(tuple(rows), tai, fan, paid, base, base << paid, shape, filling))
    return out


def score_hand(
    hand: Hand, options: JiaxingOptions | None = None, carry: Carry | None = None
) -> Result[str]:
    """Score a 14-tile hand under Jiaxing rules: the best reading of its 百搭.

    ``carry`` is the table's pool of carried 番 *opened* for this hand
    (:meth:`.Carry.opened`); None: a hand on its own, where only its 老头黄 waits.
    """
    opts = options or DEFAULT_OPTIONS
    check_tiles(hand)
    wild = hand.context.wildcard
    pool = carry if carry is not None else Carry().opened(wildcard=wild)
    specials = [F.BY_KEY[k] for k in pool.using(opts.specials_per_hand)]
    found = tallies(hand, opts, specials)
    if not found:
        with_wild = f", its 百搭 {wild.code} standing for any tile" if wild is not None else ""
        shapes = "4 sets and a pair, nor 七对" if opts.seven_pairs else "4 sets and a pair"
        return Result(
            rules=NAME, hand=hand, is_win=False, reason=f"{hand} is not {shapes}{with_wild}"
        )
    best = found[0]
    for t in found[1:]:
        if t.rank > best.rank:
            best = t
    f = best.filling
    wildcards = f.shown()
    return Result(
        rules=NAME,
        hand=f.hand,
        is_win=True,
        fans=tuple(FanEntry(r) for r in best.rows),
        total=best.fan,
        multiplier=2**best.fan,
        capped=best.paid_fan,
        shape=best.shape,
        details={
            "tai": best.tai,
            "fan": best.fan,
            "di_tai": opts.di_tai,
            "base": best.base,
            "points": best.points,
            "units": {r.key: F.UNIT[r.key] for r in best.rows},
            "wild_tiles": wild_held(hand, f, opts),
            "specials": [r.key for r in specials],
            "wildcards": wildcards,
        },
    )
