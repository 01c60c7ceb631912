"""Scoring a Wuhan hand: the winner's 番 (seed 001, ❽) over every reading of its 赖子.

136 tiles without flowers; a win is 4 sets and a pair (七对 too under the option
``seven_pairs``).  The winner's 番 are 屁胡 1 (every win: the seed names no bigger hand),
自摸 1, 开口 1 per claimed meld, 明杠 1 and 暗杠 2 per kong, 庄家 1.  What the losers add
(放冲, their own openings and kongs) and the kongs made by discarding 红中 / 发财 / 赖子
are settlement facts (:mod:`.settlement`), not in the hand.

With a 赖子 (``WinContext.wildcard``) each reading of the wild tiles
(``fanshu.wild.fillings``) is scored and the best kept (most 番, then the reading where
the 赖子 stand for themselves); ``details["wildcards"]`` says what each one stood for.

>>> from fanshu.notation import parse_hand
>>> from fanshu.hand import WinContext
>>> r = score_hand(parse_hand("[123s][EEE3]456m789m5p5p", WinContext(self_drawn=True)))
>>> [(f.name_zh, f.count) for f in r.fans], r.total
([('开口', 2), ('自摸', 1), ('屁胡', 1)], 4)
>>> r = score_hand(parse_hand("123m456m789m5s6sC5p5p").with_context(wildcard="C"))
>>> r.total, r.details["wildcards"], str(r.hand)
(1, {'kind': 'C', 'stood_for': ['4s'], 'winning': None}, '123456789m5p456s5p')
"""

from __future__ import annotations

from fanshu.errors import InvalidHandError
from fanshu.hand import Hand, MeldKind
from fanshu.rules.base import FanEntry, FanRow, Result
from fanshu.rules.wuhan import fans as F
from fanshu.rules.wuhan.options import DEFAULT_OPTIONS, WuhanOptions
from fanshu.shapes import counts_of, is_regular_complete
from fanshu.tiles import Tile
from fanshu.wild import Filling, fillings

NAME = "wuhan"
#: Under ``dragon_kongs`` 红中 and 发财 are kong tiles: never claimed, never 赖子.
DRAGON_KONG_TILES = (Tile.RED, Tile.GREEN)


def shapes_of(options: WuhanOptions) -> tuple[str, ...]:
    """The winning shapes (``fanshu.wild`` names) the options allow."""
    return ("regular", "seven_pairs") if options.seven_pairs else ("regular",)


def check_tiles(hand: Hand, options: WuhanOptions = DEFAULT_OPTIONS) -> Hand:
    """Raise ``InvalidHandError`` for what a Wuhan hand cannot hold; return the hand.

    >>> from fanshu.notation import parse_hand
    >>> h = parse_hand("123m456m789m5s5sCC5s").with_context(wildcard="C")
    >>> check_tiles(h, WuhanOptions(dragon_kongs=True))
    Traceback (most recent call last):
    ...
    fanshu.errors.InvalidHandError: under dragon_kongs (红中发财杠) C is a kong tile, never the 赖子
    """
    if hand.context.flowers:
        raise InvalidHandError(
            f"武汉麻将 has no flowers (136 tiles): flowers must be 0, not {hand.context.flowers}"
        )
    wild = hand.context.wildcard
    if options.dragon_kongs and wild in DRAGON_KONG_TILES:
        assert wild is not None
        raise InvalidHandError(
            f"under dragon_kongs (红中发财杠) {wild.code} is a kong tile, never the 赖子"
        )
    return hand.validate()


def claimed_melds(hand: Hand) -> int:
    """Melds claimed from another player: chows, pungs, melded kongs (an added kong was
    claimed once, as its pung)."""
    return sum(not m.is_concealed for m in hand.melds)


def is_quan_qiu_ren(hand: Hand) -> bool:
    """全求人: four claimed melds, won on another player's tile (a discard or a robbed kong)."""
    return claimed_melds(hand) == 4 and not hand.context.self_drawn


def winner_fans(hand: Hand, options: WuhanOptions, *, natural: bool) -> list[FanEntry[str]]:
    """The winner's 番 for a concrete hand, in the table's order; ``natural``: the
    reading where every 赖子 stood for itself (or there was none)."""
    ctx = hand.context
    opened = claimed_melds(hand)
    if not options.opening_per_claim:
        opened = min(opened, 1)
    melded = sum(m.kind in (MeldKind.KONG, MeldKind.ADDED_KONG) for m in hand.melds)
    concealed = sum(m.kind is MeldKind.CONCEALED_KONG for m in hand.melds)
    counts: list[tuple[FanRow[str], int]] = [
        (F.KAI_KOU, opened),
        (F.AN_GANG, concealed),
        (F.MING_GANG, melded),
        (F.ZI_MO, int(ctx.self_drawn)),
        (F.PI_HU, 1),
        (F.ZHUANG_JIA, int(ctx.dealer)),
        (F.QUAN_QIU_REN, int(is_quan_qiu_ren(hand))),
        (F.YING_HU, int(options.ying_hu and ctx.wildcard is not None and natural)),
    ]
    return [FanEntry(row, count=n) for row, n in counts if n]


def _shape(hand: Hand) -> str:
    counts = counts_of(hand.concealed_with_winning)
    return "regular" if is_regular_complete(counts) else "seven_pairs"


def score_hand(hand: Hand, options: WuhanOptions | None = None) -> Result[str]:
    """Score a 14-tile hand with its win context under Wuhan 开口翻 (the winner's 番)."""
    opts = options or DEFAULT_OPTIONS
    check_tiles(hand, opts)
    shapes = shapes_of(opts)
    found = fillings(hand, shapes=shapes)
    if not found:
        what = "4 sets and a pair, nor 七对" if opts.seven_pairs else "4 sets and a pair"
        wild = hand.context.wildcard
        with_wild = "" if wild is None else f" with {wild.code} wild (赖子)"
        return Result(
            rules=NAME,
            hand=hand,
            is_win=False,
            reason=f"{hand} is not {what}{with_wild}",
        )

    def total(f: Filling) -> int:
        return sum(e.points for e in winner_fans(f.hand, opts, natural=f.natural))

    best = max(found, key=lambda f: (total(f), f.natural))
    rows = tuple(winner_fans(best.hand, opts, natural=best.natural))
    fan = sum(e.points for e in rows)
    details: dict[str, object] = {
        "claimed_melds": claimed_melds(best.hand),
        "quan_qiu_ren": is_quan_qiu_ren(best.hand),
    }
    shown = best.shown()
    if shown is not None:
        details["wildcards"] = shown
    return Result(
        rules=NAME,
        hand=best.hand,
        is_win=True,
        fans=rows,
        total=fan,
        multiplier=2**fan,
        details=details,
        shape=_shape(best.hand),
    )
