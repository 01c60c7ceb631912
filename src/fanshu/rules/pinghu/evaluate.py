"""Scoring a Pinghu hand: every reading of its 百搭 (wild tiles), every division of
each concrete hand, the 翻 of the seed's list added up as 台.

Shapes: 4 sets + a pair, and 十三幺 (the list names no 七对).  A wild tile (a copy of
``WinContext.wildcard`` among the concealed tiles or the winning tile) may stand for any
kind; each :func:`fanshu.wild.fillings` reading is scored and the best kept (by 台, then
by the number of rows).  The result says what each wild tile stood for.

>>> from fanshu.notation import parse_hand
>>> from fanshu.hand import WinContext
>>> r = score_hand(parse_hand("123m456m789m234s5s5s", WinContext(self_drawn=True)))
>>> [f.name_zh for f in r.fans], r.total, r.details["hu"]
(['九字连环', '平湖', '门前清', '自摸'], 15, 330)
>>> h = parse_hand("CC234m567m234s67p8p").with_context(wildcard="C")
>>> r = score_hand(h)  # the two 中 are wild: 2m 2m, the eyes of 22-234m (2百眼)
>>> [f.name_zh for f in r.fans], r.details["wildcards"]
(['平湖', '门前清', '断幺', '2百眼'], {'kind': 'C', 'stood_for': ['2m', '2m'], 'winning': None})
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from fanshu.errors import InvalidHandError
from fanshu.hand import Hand
from fanshu.rules.base import FanEntry, FanRow, Result
from fanshu.rules.pinghu import fans as F
from fanshu.rules.pinghu.options import DEFAULT_OPTIONS, PinghuOptions
from fanshu.sets import CHOW, PUNG, Set
from fanshu.shapes import THIRTEEN_ORPHANS_KINDS, counts_of, decompose
from fanshu.tiles import FIRST_HONOR, SUIT_SIZE, Tile
from fanshu.wild import Filling, counts_of_hand, fillings

NAME = "pinghu"
#: The shapes a Pinghu hand (and a wild tile in it) may complete.
SHAPES = ("regular", "thirteen_orphans")
_WINDS = frozenset({Tile.EAST, Tile.SOUTH, Tile.WEST, Tile.NORTH})
#: 九莲宝灯: 1112345678999 of one suit, the fourteenth tile any of the suit.
_NINE_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)

#: A counted row, with the value it is counted at.
Counted = tuple[FanRow[str], int]


@dataclass(frozen=True, slots=True)
class Scored:
    """The rows of one reading of one filling, and what they add up to."""

    rows: tuple[Counted, ...]
    shape: str
    filling: Filling

    @property
    def total(self) -> int:
        return sum(v for _, v in self.rows)


def check_tiles(hand: Hand, options: PinghuOptions) -> Hand:
    """Raise ``InvalidHandError`` for what a Pinghu table cannot hold; return the hand.

    >>> from fanshu.notation import parse_hand
    >>> check_tiles(parse_hand("123m456m789m234s5s5s").with_context(flowers=2), DEFAULT_OPTIONS)
    Traceback (most recent call last):
    ...
    fanshu.errors.InvalidHandError: 平湖麻将: no flowers (option flowers): flowers must be 0, not 2
    """
    if hand.context.flowers and not options.flowers:
        raise InvalidHandError(
            f"平湖麻将: no flowers (option flowers): flowers must be 0, not {hand.context.flowers}"
        )
    return hand.validate()


def _wild_held(hand: Hand) -> int:
    wild = hand.context.wildcard
    return 0 if wild is None else counts_of_hand(hand)[wild]


def _wild_standing_for(filling: Filling, kind: int) -> int:
    """How many wild tiles stood for ``kind`` (themselves included)."""
    n = sum(t == kind for t in filling.stood_for)
    return n + (filling.winning == kind)


def _has_straight(sets: tuple[Set, ...]) -> bool:
    chows = {s.tile for s in sets if s.kind == CHOW}
    return any({b, b + 3, b + 6} <= chows for b in (Tile.M1, Tile.S1, Tile.P1))


def _is_nine_gates(hand: Hand) -> bool:
    if hand.melds:
        return False
    counts = counts_of(hand.concealed_with_winning)
    for base in (Tile.M1, Tile.S1, Tile.P1):
        suit = counts[base : base + SUIT_SIZE]
        if sum(suit) == 14 and all(n >= need for n, need in zip(suit, _NINE_GATES, strict=True)):
            return True
    return False


def _big_rows(hand: Hand, sets: tuple[Set, ...], pair: int, opts: PinghuOptions) -> list[str]:
    """The keys of the "N翻起" hands this reading shows, before exclusions."""
    tiles = hand.all_tiles
    suits = {t.suit for t in tiles if t.is_numbered}
    honours = any(t.is_honor for t in tiles)
    terminals = any(t.is_terminal for t in tiles)
    only_yao = all(t.is_terminal_or_honor for t in tiles)
    all_pungs = all(s.kind == PUNG for s in sets)
    out = []
    if opts.quan_yao == "all_honours":
        if not suits:
            out.append("quan_yao")
    elif all(any(t.is_terminal_or_honor for t in s.tiles) for s in sets) and (
        Tile(pair).is_terminal_or_honor
    ):
        out.append("quan_yao")
    if only_yao and terminals and not honours:
        out.append("quan_yao_jiu")
    if only_yao and terminals and honours:
        out.append("hun_yao_jiu")
    if opts.quan_yao == "outside" and ("quan_yao_jiu" in out or "hun_yao_jiu" in out):
        out.remove("quan_yao")  # 全带幺 is the lesser name of the same hand
    if len(suits) == 1 and not honours:
        out.append("qing_yi_se_dui_dui" if all_pungs else "qing_yi_se")
        if all_pungs:
            out.append("qing_yi_se")
    if opts.jiu_zi_lian_huan == "straight" and _has_straight(sets):
        out.append("jiu_zi_lian_huan")
    if opts.jiu_zi_lian_huan == "nine_gates" and _is_nine_gates(hand):
        out.append("jiu_zi_lian_huan")
    if len(suits) == 1 and honours:
        out.append("kun_yi_se")
        if all_pungs:
            out.append("hun_yi_se_dui_dui")
    if all_pungs:
        out.append("dui_dui_hu")
    excluded = {x for k in out for x in F.BY_KEY[k].excludes}
    if opts.jiu_zi_lian_huan == "nine_gates" and "jiu_zi_lian_huan" in out:
        excluded.add("qing_yi_se")  # 九莲宝灯 is always a full flush
    return [k for k in out if k not in excluded]


def _small_rows(
    hand: Hand, sets: tuple[Set, ...], pair: int, filling: Filling, opts: PinghuOptions
) -> list[Counted]:
    ctx = hand.context
    out: list[Counted] = []
    if all(s.kind == CHOW for s in sets) and pair < FIRST_HONOR:
        out.append((F.PING_HU, 1))
    if hand.is_concealed:
        out.append((F.MEN_QIAN_QING, 1))
    if not any(t.is_terminal_or_honor for t in hand.all_tiles):
        out.append((F.DUAN_YAO, 1))
    if ctx.wildcard is not None and _wild_standing_for(filling, pair) >= 2:
        out.append((F.LIANG_BAI_YAN, 1))
    if any(s.kind == PUNG and s.tile == Tile.RED for s in sets):
        out.append((F.HONG_ZHONG, 1))
    if ctx.self_drawn:
        out.append((F.ZI_MO, 1))
    if opts.flowers and ctx.flowers:
        out.append((F.HUA, ctx.flowers))
    return out


def _reading_rows(
    hand: Hand, sets: tuple[Set, ...], pair: int, filling: Filling, opts: PinghuOptions
) -> list[Counted]:
    winds = {s.tile for s in sets if s.kind == PUNG and s.tile in _WINDS}
    if winds == _WINDS:
        return [(F.DA_SI_XI, opts.da_si_xi)]  # flat: the whole score
    big = _big_rows(hand, sets, pair, opts)
    if opts.big_hands == "highest" and big:
        big = [max(big, key=lambda k: (F.BY_KEY[k].value, -F.ORDER[k]))]
    rows: list[Counted] = [(F.BY_KEY[k], F.BY_KEY[k].value) for k in big]
    return rows + _small_rows(hand, sets, pair, filling, opts)


def _candidates(filling: Filling, opts: PinghuOptions) -> Iterator[Scored]:
    hand = filling.hand
    melds = tuple(m.as_set for m in hand.melds)
    counts = counts_of(hand.concealed_with_winning)
    for division in decompose(counts):
        sets = (*melds, *division[:-1])
        pair = int(division[-1].tile)
        yield Scored(tuple(_reading_rows(hand, sets, pair, filling, opts)), "regular", filling)
    if not hand.melds and sorted(t for t in range(len(counts)) if counts[t]) == list(
        THIRTEEN_ORPHANS_KINDS
    ):
        yield Scored(((F.SHI_SAN_YAO, F.SHI_SAN_YAO.value),), "thirteen_orphans", filling)


def score_hand(hand: Hand, options: PinghuOptions | None = None) -> Result[str]:
    """Score a 14-tile hand with its win context (and wildcard) under Pinghu rules."""
    opts = options or DEFAULT_OPTIONS
    check_tiles(hand, opts)
    best: Scored | None = None
    for filling in fillings(hand, shapes=SHAPES):
        for scored in _candidates(filling, opts):
            if best is None or (scored.total, len(scored.rows)) > (best.total, len(best.rows)):
                best = scored
    if best is None:
        wild = hand.context.wildcard
        with_wild = f" even with {wild.code} wild" if wild is not None else ""
        return _not_win(hand, f"{hand} is not 4 sets and a pair, nor 十三幺{with_wild}")
    flowers = sum(v for row, v in best.rows if row.key == "hua")
    if best.total - flowers < opts.minimum:
        return _not_win(
            hand,
            f"a Pinghu win needs at least {opts.minimum} 台 besides flowers (起胡, option "
            f"minimum); this hand has {best.total - flowers}",
        )
    rows = sorted(best.rows, key=lambda rv: F.ORDER[rv[0].key])
    entries = tuple(
        FanEntry(row, count=v, value=1) if row.key == "hua" else FanEntry(row, value=v)
        for row, v in rows
    )
    return Result(
        rules=NAME,
        hand=best.filling.hand,
        is_win=True,
        fans=entries,
        total=best.total,
        shape=best.shape,
        flowers=flowers,
        minimum=opts.minimum,
        details={
            "hu": best.total * opts.hu_per_tai,
            "wild_tiles": _wild_held(hand),
            "wildcards": best.filling.shown(),
        },
    )


def _not_win(hand: Hand, reason: str) -> Result[str]:
    return Result(rules=NAME, hand=hand, is_win=False, reason=reason)
