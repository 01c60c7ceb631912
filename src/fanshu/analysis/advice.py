"""Hand analysis (算牌): shanten, useful tiles, waits and discard advice.

``analyze`` takes a hand of 13 tiles (how far from ready, what helps, what it waits on)
or 14 tiles (which tile to throw), a kong counting as 3, and optionally the tiles seen on
the table (discards, other players' melds), which lower the remaining counts:

>>> a = analyze("1112345678999m")
>>> a.shanten, [w.tile.code for w in a.waits]
(0, ['1m', '2m', '3m', '4m', '5m', '6m', '7m', '8m', '9m'])
>>> a.waits[4].remaining, a.waits[4].fan_discard
(3, 91)
>>> b = analyze("123m456p789s23sEEN", visible="1s1s")
>>> [(d.tile.code, d.shanten, d.useful_count) for d in b.discards[:3]]
[('N', 0, 6), ('2s', 1, 21), ('3s', 1, 17)]

Definitions:

- **remaining** of a kind: 4 minus the copies the player holds (concealed tiles and own
  melds, a kong as four) minus the copies in ``visible``, never below 0.  After a discard
  the thrown tile lies on the table, so a 14-tile hand's counts hold for every option.
- **useful tiles** (有效牌) of a 13-tile hand: the kinds whose draw lowers the shanten
  (``fanshu.analysis.shanten.useful_tiles``), each with its remaining count; kinds the
  player can no longer draw are listed with remaining 0 and add nothing to the count.
- **waits** of a ready 13-tile hand (shanten 0): every kind that completes the hand in
  any MCR shape, asked of the scorer itself (``score_hand(...).is_win``), so a kind the
  player holds four of is listed (remaining 0) when it is the missing tile.  Each wait is
  scored as won on a discard and self-drawn with the seat wind, prevalent wind and
  flowers of the context (the other win flags are not assumed).  ``fan_discard`` and
  ``fan_self_drawn`` are the totals with flowers, ``None`` when the wait is dead
  (remaining 0: the tile cannot come).  ``under_minimum_*`` is true when the total
  without flowers is under the 8-fan minimum.  ``last_tile`` (和绝张) is true when the
  wait's remaining count is 1 and the player holds no concealed copy of it, so that the
  other three are all on the table (visible or in the player's own melds); those waits
  are scored with ``fourth_tile``.
- **discards** of a 14-tile hand: one option per distinct concealed kind.  The
  **efficiency order** (``by="efficiency"``) ranks them by shanten after the discard
  (ascending), then ``useful_count`` (descending), then ``next_useful_count``
  (descending), then tile order.  ``next_useful_count`` is the second-order measure,
  computed only among options tied on the first two keys and not yet ready (else
  ``None``): the **sum**, over every remaining copy of each useful tile, of the best
  ``useful_count`` reachable after drawing that copy and making the best discard (the
  remaining counts one lower for the drawn kind).  It favours a discard whose
  improvements lead to wide shapes.  ``look_ahead`` says which ties get it: by default
  the options tied with the best one (``"best"``: the best discard and its ties are
  ordered as by the full look-ahead, the other ties by tile order), ``"all"`` every tie
  group, ``"none"`` none.
- the **value order** (``by="value"``, the default; ``docs/advice.md``): each option's
  ``value`` (:class:`~fanshu.analysis.value.Value`: P(win), points, P(minimum), target
  fans, danger); at the best shanten, when it is 0, a ready discard with a live wait
  meeting the minimum comes first, then ``expected_points`` (descending), then the
  efficiency order (without the look-ahead unless ``look_ahead`` asks for it).

>>> c = analyze("3456m345p34568sEE")  # 3m and 6m tie on tiles; the 7s is 5 fan after 3m
>>> c.best, c.discards[0].value.targets[0].name_zh
('discard 6m', '三色三同顺')
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal

from fanshu.analysis.distance import for_rules
from fanshu.analysis.efficiency import ALL_SHAPES, REGULAR_AND_PAIRS, rank_discards, useful_kinds
from fanshu.analysis.position import SEATS, Opponent, Position
from fanshu.analysis.shanten import ShapeName, ShapeShanten, shanten_by_shape
from fanshu.analysis.value import (
    ClaimOption,
    Value,
    evaluate_claims,
    evaluate_discards,
    evaluate_hand,
)
from fanshu.analysis.wildcards import shanten as wild_shanten
from fanshu.analysis.wildcards import shanten_by_shape as wild_shanten_by_shape
from fanshu.analysis.wildcards import useful_tiles as wild_useful_tiles
from fanshu.errors import InvalidHandError, OptionError
from fanshu.hand import Hand, TileLike, WinContext
from fanshu.notation.fanshu import format_tiles, parse_hand, parse_tiles
from fanshu.rules import get_rules
from fanshu.rules.base import RuleSet
from fanshu.rules.mcr.evaluate import score_hand
from fanshu.tiles import NUM_KINDS, TILES, Tile
from fanshu.wild import counts_of_hand

__all__ = [
    "Analysis",
    "By",
    "ClaimOption",
    "DiscardOption",
    "UsefulTile",
    "Wait",
    "analyze",
    "remaining_counts",
]

#: How discards are ranked: by expected score (the default) or by efficiency alone.
By = Literal["value", "efficiency"]
#: Which ties of the efficiency order get ``next_useful_count`` (its costly look-ahead).
LookAhead = Literal["all", "best", "none"]
LOOK_AHEADS: tuple[LookAhead, ...] = ("all", "best", "none")


@dataclass(frozen=True, slots=True)
class UsefulTile:
    """A kind whose draw lowers the shanten, and how many copies of it may still come."""

    tile: Tile
    remaining: int


@dataclass(frozen=True, slots=True)
class Wait:
    """A tile that completes a ready hand, and what the win would be worth."""

    tile: Tile
    remaining: int
    fan_discard: int | None
    fan_self_drawn: int | None
    under_minimum_discard: bool
    under_minimum_self_drawn: bool
    last_tile: bool

    def to_dict(self) -> dict[str, Any]:
        return {
            "tile": self.tile.code,
            "remaining": self.remaining,
            "fan_discard": self.fan_discard,
            "fan_self_drawn": self.fan_self_drawn,
            "under_minimum_discard": self.under_minimum_discard,
            "under_minimum_self_drawn": self.under_minimum_self_drawn,
            "last_tile": self.last_tile,
        }


@dataclass(frozen=True, slots=True)
class DiscardOption:
    """Throwing one copy of ``tile`` from a 14-tile hand, and what the 13 left can do."""

    tile: Tile
    shanten: int
    useful: tuple[UsefulTile, ...]
    useful_count: int
    next_useful_count: int | None = None
    #: what the discard is worth (``by="value"``; None under ``by="efficiency"``)
    value: Value | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "tile": self.tile.code,
            "shanten": self.shanten,
            "useful": format_tiles([u.tile for u in self.useful]),
            "useful_count": self.useful_count,
        }
        if self.value is not None:
            out.update(self.value.to_dict())
        return out


@dataclass(frozen=True, slots=True)
class Analysis:
    """What ``analyze`` found.

    For 13 tiles ``useful``, ``useful_count`` and (when ready) ``waits`` are filled and
    ``discards`` is empty; for 14 tiles ``discards`` is filled (best first) and the
    others are empty.  ``shanten`` is -1 for a complete 14-tile hand, 0 when ready
    (under the rule set's shapes; ``by_shape`` is always the MCR shapes').

    ``by`` says how discards are ranked; under ``"value"`` a 13-tile hand has ``value``
    (the hand as it stands) and, with a tile offered, ``claims`` (best first).  ``best``
    is the best choice as words: ``"discard 6m"``, ``"pung"``, ``"chow 3m"``, ``"pass"``,
    ``"win"``, or None (a 13-tile hand without an offered tile).
    """

    hand: Hand
    shanten: int
    by_shape: ShapeShanten
    remaining: tuple[int, ...]
    useful: tuple[UsefulTile, ...] = ()
    useful_count: int = 0
    waits: tuple[Wait, ...] = ()
    discards: tuple[DiscardOption, ...] = ()
    by: By = "value"
    rules: str = "mcr"
    claims: tuple[ClaimOption, ...] = ()
    best: str | None = None
    value: Value | None = None

    @property
    def tile_count(self) -> int:
        """13 or 14 (a kong counting as 3)."""
        return self.hand.tile_count

    def to_dict(self) -> dict[str, Any]:
        """The batch output object, without ``id`` and ``error``."""
        out: dict[str, Any] = {
            "shanten": self.shanten,
            "shanten_by_shape": self.by_shape.to_dict(),
            "by": self.by,
            "rules": self.rules,
            "best": self.best,
        }
        if self.tile_count == 13:
            out["useful"] = format_tiles([u.tile for u in self.useful])
            out["useful_count"] = self.useful_count
            out["waits"] = [w.to_dict() for w in self.waits]
            out["value"] = None if self.value is None else self.value.to_dict()
            if self.claims:
                out["claims"] = [c.to_dict() for c in self.claims]
        else:
            out["discards"] = [d.to_dict() for d in self.discards]
        return out


# -- counting -------------------------------------------------------------------------


def _visible_tiles(visible: str | Sequence[Tile]) -> list[Tile]:
    if isinstance(visible, str):
        return parse_tiles(visible)
    return [Tile(t) for t in visible]


def _seen_counts(visible: str | Sequence[Tile]) -> list[int]:
    """Copies of each kind among ``visible`` (flowers left out)."""
    seen = [0] * NUM_KINDS
    for t in _visible_tiles(visible):
        if t < NUM_KINDS:
            seen[t] += 1
    return seen


def remaining_counts(hand: Hand, visible: str | Sequence[Tile] = ()) -> tuple[int, ...]:
    """Copies of each kind that may still come: 4 − held − visible.

    Flowers among ``visible`` are ignored.  Raises ``InvalidHandError`` when more copies
    are seen than the hand leaves.
    """
    held = hand.counts()
    seen = _seen_counts(visible)
    for k in range(NUM_KINDS):
        if held[k] + seen[k] > 4:
            code = TILES[k].code
            raise InvalidHandError(
                f"visible tiles show {seen[k]} {code} but the hand holds {held[k]}: "
                f"there are only 4 copies of {code}"
            )
    return tuple(4 - held[k] - seen[k] for k in range(NUM_KINDS))


# (copies to come) * NUM_KINDS + kind -> its UsefulTile: immutable, so shared by every
# answer instead of made again for each option of each hand (at most 34 x 5 of them)
_useful_tiles: dict[int, UsefulTile] = {}


def _useful_tile(kind: int, left: int) -> UsefulTile:
    key = left * NUM_KINDS + kind
    got = _useful_tiles.get(key)
    if got is None:
        got = _useful_tiles[key] = UsefulTile(TILES[kind], left)
    return got


def _useful(counts: list[int], melds: int, remaining: Sequence[int]) -> tuple[UsefulTile, ...]:
    return tuple(_useful_tile(t, remaining[t]) for t in sorted(useful_kinds(counts, melds)))


# -- waits ----------------------------------------------------------------------------


def _waits(
    hand: Hand,
    remaining: Sequence[int],
    context: WinContext,
    score: Callable[[Hand], Any],
    minimum: int,
    candidates: Collection[int] | None = None,
) -> tuple[Wait, ...]:
    # the wildcard stays: with one, a rule set scores each reading of the wild tiles
    base = WinContext(
        seat_wind=context.seat_wind,
        prevalent_wind=context.prevalent_wind,
        flowers=context.flowers,
        wildcard=context.wildcard,
    )
    on_discard = base
    self_drawn = WinContext(
        self_drawn=True,
        seat_wind=context.seat_wind,
        prevalent_wind=context.prevalent_wind,
        flowers=context.flowers,
        wildcard=context.wildcard,
    )
    concealed = tuple(sorted(hand.concealed_with_winning))
    melds = hand.melds
    counts = [0] * NUM_KINDS
    for t in concealed:
        counts[t] += 1
    out: list[Wait] = []
    for k in range(NUM_KINDS) if candidates is None else sorted(candidates):
        tile = TILES[k]
        probe = score(Hand(concealed, melds, tile, on_discard))
        if not probe.is_win:
            continue
        left = remaining[k]
        if left == 0:
            out.append(Wait(tile, 0, None, None, False, False, False))
            continue
        last = left == 1 and tile not in concealed
        d = score(Hand(concealed, melds, tile, _with_last(on_discard))) if last else probe
        s = score(Hand(concealed, melds, tile, _with_last(self_drawn) if last else self_drawn))
        out.append(
            Wait(
                tile,
                left,
                d.total,
                s.total,
                d.total_without_flowers < minimum,
                s.total_without_flowers < minimum,
                last,
            )
        )
    return tuple(out)


def _with_last(ctx: WinContext) -> WinContext:
    return WinContext(
        self_drawn=ctx.self_drawn,
        fourth_tile=True,
        seat_wind=ctx.seat_wind,
        prevalent_wind=ctx.prevalent_wind,
        flowers=ctx.flowers,
    )


# -- discards -------------------------------------------------------------------------


def _discards(
    hand: Hand,
    counts: list[int],
    melds: int,
    remaining: Sequence[int],
    look_ahead: LookAhead = "all",
    shapes: Collection[ShapeName] = ALL_SHAPES,
) -> tuple[DiscardOption, ...]:
    """The options of a 14-tile hand in efficiency order (``efficiency.rank_discards``;
    ``look_ahead`` says which ties get ``next_useful_count``, its costly part; ``shapes``
    the winning shapes that count, e.g. ``REGULAR_AND_PAIRS`` for Beijing)."""
    ranked = rank_discards(counts, melds, remaining, shapes, look_ahead)
    # the options share most of their useful kinds (tied ones often all of them)
    made: dict[tuple[int, ...], tuple[UsefulTile, ...]] = {}
    out = []
    for o in ranked:
        useful = made.get(o.useful)
        if useful is None:
            useful = made[o.useful] = tuple([_useful_tile(t, remaining[t]) for t in o.useful])
        out.append(
            DiscardOption(TILES[o.tile], o.shanten, useful, o.useful_count, o.next_useful_count)
        )
    return tuple(out)


# -- the call ---------------------------------------------------------------------------


def _rule_options(rule_set: RuleSet, options: object) -> Any:
    """The rule set's options object from ``options`` (None, the object, or a mapping)."""
    if options is None:
        return rule_set.default_options()
    if isinstance(options, Mapping):
        return rule_set.options_from(options)
    expected = type(rule_set.default_options())
    if not isinstance(options, expected):
        raise OptionError(
            f"options for {rule_set.name} are a {expected.__name__} or a mapping of its "
            f"fields, not a {type(options).__name__}"
        )
    return options


def _offered_tile(offered: Tile | str | int | None) -> Tile | None:
    if offered is None or isinstance(offered, Tile):
        return offered
    if isinstance(offered, str):
        tiles = parse_tiles(offered)
        if len(tiles) != 1:
            raise InvalidHandError(f"offered is one tile, not {len(tiles)} ({offered!r})")
        tile = tiles[0]
    else:
        tile = Tile(offered)
    if tile >= NUM_KINDS:
        raise InvalidHandError(f"a flower cannot be offered as a discard: {tile.code}")
    return tile


def _scorer(rule_set: RuleSet, opts: Any) -> Callable[[Hand], Any]:
    """How ``_waits`` scores: MCR as before; another rule set by its own ``score``, a
    tile it does not play being no win."""
    if rule_set.name == "mcr":
        return lambda h: score_hand(h, opts)

    def score(h: Hand) -> Any:
        if h.winning_tile is None or h.winning_tile not in rule_set.tiles:
            return _NOT_A_WIN
        if h.counts()[h.winning_tile] > 4:  # a fifth copy (a kong's kind): it cannot come
            return _NOT_A_WIN
        return rule_set.score(h, opts)

    return score


@dataclass(frozen=True, slots=True)
class _NotAWin:
    is_win: bool = False


_NOT_A_WIN = _NotAWin()


def _rank_by_value(
    options: Sequence[DiscardOption], values: Mapping[int, Value]
) -> tuple[DiscardOption, ...]:
    """The value order: at the best shanten a ready discard with a live wait meeting the
    minimum first, then expected points, then the efficiency order ``options`` is in."""
    best = min(o.shanten for o in options)

    def key(item: tuple[int, DiscardOption]) -> tuple[int, float, int]:
        i, o = item
        v = values[o.tile]
        meets = best == 0 and o.shanten == 0 and v.p_minimum >= 1.0
        return (0 if meets else 1, -round(v.expected_points, 9), i)

    ranked = sorted(enumerate(options), key=key)
    return tuple(replace(o, value=values[o.tile]) for _, o in ranked)


def _distance_shanten(rules: str, void: int | None, counts: list[int], melds: int) -> int:
    """Shanten under the rule set's shapes (14 tiles: -1 when complete)."""
    distance = for_rules(rules, void)
    if sum(counts) + 3 * melds == 13:
        return distance.shanten(counts, melds)
    best = 99
    for k in range(NUM_KINDS):
        if not counts[k]:
            continue
        counts[k] -= 1
        s = distance.shanten(counts, melds)
        if s == 0 and k in distance.useful(counts, melds):
            s = -1
        counts[k] += 1
        best = min(best, s)
    return best


def _analyze_wild(
    position: Position,
    rule_set: RuleSet,
    by: By,
    remaining: tuple[int, ...],
    budget: int | None,
    seed: int,
) -> Analysis:
    """``analyze`` of a hand whose wild tiles may stand for others: shanten, useful tiles,
    waits, discards and claims over every reading of them (not a claim of a discarded
    wild tile: the table's rule)."""
    hand = position.hand
    opts = position.options
    if position.offered is not None and position.offered == hand.context.wildcard:
        raise OptionError(
            f"claim advice on a discarded wild tile ({position.offered.code}) is not "
            f"available: whether it may be claimed is the table's rule"
        )
    rule = rule_set.wildcards
    assert rule is not None and hand.context.wildcard is not None
    wild = int(hand.context.wildcard)
    shapes, stands_for = rule.shapes, rule.stands_for
    counts = counts_of_hand(hand)
    melds = len(hand.melds)
    by_wild = wild_shanten_by_shape(counts, melds, wild, shapes=shapes, stands_for=stands_for)
    by_shape = ShapeShanten(
        by_wild.get("regular"),
        by_wild.get("seven_pairs"),
        by_wild.get("thirteen_orphans"),
        None,
        None,
    )
    overall = wild_shanten(counts, melds, wild, shapes=shapes, stands_for=stands_for)
    common: dict[str, Any] = {"by": by, "rules": rule_set.name}
    if hand.tile_count == 13:
        kinds = wild_useful_tiles(counts, melds, wild, shapes=shapes, stands_for=stands_for)
        useful = tuple(_useful_tile(t, remaining[t]) for t in sorted(kinds))
        waits: tuple[Wait, ...] = ()
        if overall == 0:
            score = _scorer(rule_set, opts)
            waits = _waits(hand, remaining, hand.context, score, rule_set.minimum, kinds)
        value = evaluate_hand(position, budget=budget, seed=seed) if by == "value" else None
        claims, best = _claim_advice(position, by, budget, seed)
        return Analysis(
            hand,
            overall,
            by_shape,
            remaining,
            useful=useful,
            useful_count=sum(u.remaining for u in useful),
            waits=waits,
            value=value,
            claims=claims,
            best=best,
            **common,
        )
    options: list[DiscardOption] = []
    for t in sorted({int(x) for x in hand.concealed_with_winning}):
        counts[t] -= 1
        s = wild_shanten(counts, melds, wild, shapes=shapes, stands_for=stands_for)
        kinds = wild_useful_tiles(counts, melds, wild, shapes=shapes, stands_for=stands_for)
        counts[t] += 1
        u = tuple(_useful_tile(k, remaining[k]) for k in sorted(kinds))
        options.append(DiscardOption(TILES[t], s, u, sum(x.remaining for x in u)))
    options.sort(key=lambda o: (o.shanten, -o.useful_count, o.tile))
    ranked: tuple[DiscardOption, ...] = tuple(options)
    if by == "value":
        ranked = _rank_by_value(ranked, evaluate_discards(position, budget=budget, seed=seed))
    best = f"discard {ranked[0].tile.code}" if ranked else None
    return Analysis(hand, overall, by_shape, remaining, discards=ranked, best=best, **common)


def _claim_advice(
    position: Position, by: str, budget: int | None, seed: int
) -> tuple[tuple[ClaimOption, ...], str | None]:
    """The claims on the offered tile (none without one) and the best; ranked by value,
    or under ``by="efficiency"`` a win first, then by shanten and useful tiles."""
    if position.offered is None:
        return (), None
    claims = evaluate_claims(position, budget=budget, seed=seed)
    if by == "efficiency":
        claims = tuple(
            sorted(
                (replace(c, value=None) for c in claims),
                key=lambda c: (c.action != "win", c.shanten, -c.useful_count),
            )
        )
    return claims, claims[0].action


def analyze(
    hand: Hand | str,
    visible: str | Sequence[Tile] = (),
    *,
    context: WinContext | None = None,
    options: object = None,
    rules: str = "mcr",
    by: By = "value",
    wall: int | None = None,
    seats: int | None = None,
    dealer: bool = False,
    opponents: Sequence[Opponent] = (),
    offered: Tile | str | None = None,
    offered_by: int | None = None,
    void: int | None = None,
    budget: int | None = None,
    seed: int = 0,
    look_ahead: LookAhead | None = None,
    wildcard: TileLike | None = None,
) -> Analysis:
    """Analyse a 13- or 14-tile hand (a kong counting as 3).

    ``hand`` is a fanshu hand string or a ``Hand``; ``visible`` the tiles seen on the
    table, as a tile string or tiles.  ``context`` gives the seat wind, prevalent wind
    and flowers used to score the waits (default: the hand's own context); ``options``
    the rule set's options (its options object or a mapping of its fields); ``rules``
    the rule set (``fanshu.rules.names()``).

    ``by="value"`` (the default) ranks discards by what they are worth
    (:mod:`fanshu.analysis.value`, ``docs/advice.md``) and fills each option's
    ``value``; ``by="efficiency"`` is the shanten / useful-tile order alone.  The
    position: ``wall`` tiles left (None: estimated from ``visible``), ``seats`` (default:
    the rule set's), ``dealer``, what is known of the ``opponents``, a tile ``offered``
    to a 13-tile hand by the seat ``offered_by`` (claim advice), the Sichuan ``void``
    suit (0 万, 1 条, 2 饼); ``budget`` Monte Carlo samples per choice and ``seed``.

    ``look_ahead`` says which ties of the efficiency order get ``next_useful_count``:
    ``"best"`` (the default of ``by="efficiency"``) the options tied with the best one on
    shanten and useful count, so that the best discard and the order of its ties are those
    of the full look-ahead; ``"all"`` every tie group (the complete order, slower);
    ``"none"`` no look-ahead (the default of ``by="value"``, where expected points decide
    and the efficiency order only breaks their exact ties).
    ``wildcard`` names the kind wild this hand (百搭/赖子; also the hand's own context
    may name it): its concealed copies may stand for what the rule set allows
    (``RuleSet.wildcards``; a rule set without wildcards refuses it), and shanten,
    useful tiles and waits count every reading (:mod:`fanshu.analysis.wildcards`).
    With wild tiles the efficiency order has no look-ahead, and claim advice on an
    offered wild tile is refused with ``OptionError`` (the table says whether it may be
    claimed).
    Raises ``FanshuError`` for input that cannot happen at a table.
    """
    if by not in ("value", "efficiency"):
        raise OptionError(f"by is 'value' or 'efficiency', not {by!r}")
    if look_ahead is not None and look_ahead not in LOOK_AHEADS:
        raise OptionError(f"look_ahead is 'best', 'all' or 'none', not {look_ahead!r}")
    rule_set = get_rules(rules)
    if isinstance(hand, str):
        hand = parse_hand(hand, context)
    elif context is not None and context != hand.context:
        hand = Hand(hand.concealed, hand.melds, hand.winning_tile, context)
    if wildcard is not None:
        hand = hand.with_context(wildcard=wildcard)
    hand.validate(complete=False)
    ctx = hand.context
    opts = _rule_options(rule_set, options)
    if hand.context.wildcard is not None:
        rule = rule_set.wildcards
        if rule is None:
            raise OptionError(
                f"{rule_set.name} is played without wildcards; drop the wildcard "
                f"({hand.context.wildcard.code}) or choose a rule set that has one"
            )
    seen_tiles = _visible_tiles(visible)  # parsed once: for the counts and the position
    remaining = remaining_counts(hand, seen_tiles)
    offered_tile = _offered_tile(offered)
    if offered_tile is not None and hand.tile_count != 13:
        raise InvalidHandError(
            f"a tile is offered to a hand of 13 tiles (then claimed or passed), "
            f"not {hand.tile_count}"
        )
    seen = _seen_counts(seen_tiles)
    position = Position(
        hand,
        rules=rule_set.name,
        options=opts,
        visible=tuple(seen),
        wall=wall,
        seats=seats if seats is not None else SEATS.get(rule_set.name, 4),
        dealer=dealer,
        opponents=tuple(opponents),
        offered=offered_tile,
        offered_by=offered_by,
        void=void,
    )
    wild_rule = rule_set.wildcards if ctx.wildcard is not None else None
    if wild_rule is not None and wild_rule.shapes:  # (MCR's wild kind stands for nothing)
        return _analyze_wild(position, rule_set, by, remaining, budget, seed)
    counts = [0] * NUM_KINDS
    for t in hand.concealed_with_winning:
        counts[t] += 1
    melds = len(hand.melds)
    by_shape = shanten_by_shape(counts, melds)
    mcr_shapes = rule_set.name in ("mcr", "two-player")
    overall = (
        by_shape.overall if mcr_shapes else _distance_shanten(rule_set.name, void, counts, melds)
    )
    common: dict[str, Any] = {"by": by, "rules": rule_set.name}
    if hand.tile_count == 13:
        if mcr_shapes:
            useful = _useful(counts, melds, remaining)
        else:
            kinds = for_rules(rule_set.name, void).useful(counts, melds)
            useful = tuple(UsefulTile(TILES[t], remaining[t]) for t in sorted(kinds))
        score = _scorer(rule_set, opts)
        waits = _waits(hand, remaining, ctx, score, rule_set.minimum) if overall == 0 else ()
        value = None
        if by == "value":
            value = evaluate_hand(position, budget=budget, seed=seed)
        claims, best = _claim_advice(position, by, budget, seed)
        return Analysis(
            hand,
            overall,
            by_shape,
            remaining,
            useful=useful,
            useful_count=sum(u.remaining for u in useful),
            waits=waits,
            claims=claims,
            best=best,
            value=value,
            **common,
        )
    # the rule set's shapes; under "value" the efficiency order only breaks exact ties of
    # expected points, so it does without the look-ahead unless one is asked for
    shapes = ALL_SHAPES if mcr_shapes else REGULAR_AND_PAIRS
    if look_ahead is None:
        look_ahead = "none" if by == "value" else "best"
    discards = _discards(hand, counts, melds, remaining, look_ahead, shapes)
    if by == "value":
        discards = _rank_by_value(discards, evaluate_discards(position, budget=budget, seed=seed))
    best = f"discard {discards[0].tile.code}" if discards else None
    return Analysis(hand, overall, by_shape, remaining, discards=discards, best=best, **common)
