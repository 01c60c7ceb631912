"""The two-player game (二人麻将) as a rule set: ``fanshu.rules.get_rules("two-player")``.

Sources: seeds 000 and 004 ("三、麻将游戏规则", the QQ 二人麻将 rules) and 000 ("关于2人麻将的
说明"); RULES.md §2; ``docs/rules/two-player.md`` has the whole table and the readings.

- 136 tiles, no flowers, no seat or prevalent wind (没有门风，圈风，花牌，混).
- The 国标 fans without the wind fans, with the two-player 天和 99, 地和 88, 人和 64,
  天听 32; no 8-fan minimum (本程序没有做这个规定).
- 封顶: what the loser pays is capped at 13 fan (option ``cap``).

Scoring runs the MCR evaluator with the seat and prevalent wind set to a wind the hand
has no pung of, so 圈风刻 and 门风刻 cannot arise and every wind pung is an ordinary honour
pung (幺九刻, unless a larger fan such as 三风刻 or 字一色 already implies it), exactly as
if the hand had no seat or prevalent wind; the extras come from the MCR option
``blessings="two_player"``.

>>> import fanshu
>>> r = fanshu.score("[123m1]456m234p678s55s", rules="two-player")  # no 8-fan minimum
>>> r.total, r.capped, [f.name_zh for f in r.fans]
(3, 3, ['平和', '连六'])
>>> RULES.settle(["A", "B"], "A", "B", fanshu.score("EEESSSWWWNNNFF", rules="two-player"))
{'A': 13, 'B': -13}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from fanshu.errors import InvalidHandError, OptionError
from fanshu.hand import Hand
from fanshu.rules.base import (
    Combine,
    FanEntry,
    FanRow,
    Result,
    RuleSet,
    WildcardRule,
    describe_fields,
)
from fanshu.rules.mcr.blessings import BLESSINGS, blessing_rows
from fanshu.rules.mcr.evaluate import score_hand
from fanshu.rules.mcr.fans import Fan
from fanshu.rules.mcr.ruleset import RULES as MCR
from fanshu.rules.mcr.ruleset import fan_row
from fanshu.rules.mcr.settlement import MatchError
from fanshu.rules.two_player.options import DEFAULT_OPTIONS, MCR_FIELDS, TwoPlayerOptions
from fanshu.tiles import NUM_KINDS, WINDS, Tile

NAME = "two-player"

#: MCR fans the two-player game does not have: no seat or prevalent wind, no flowers.
NOT_COUNTED: frozenset[Fan] = frozenset({Fan.PREVALENT_WIND, Fan.SEAT_WIND, Fan.FLOWER_TILES})


def _rows() -> tuple[FanRow[str], ...]:
    extras = set(BLESSINGS["lianzhong"])
    fans = [f for f in Fan if f not in NOT_COUNTED and f not in extras]
    keys = {f.name.lower() for f in fans} | {r.key for r in blessing_rows("two_player")}
    rows = [*blessing_rows("two_player"), *(fan_row(f) for f in fans)]
    # the wind fans are not in the game, so nothing excludes them
    return tuple(
        replace(r, excludes=tuple(k for k in r.excludes if k in keys))
        for r in sorted(rows, key=lambda r: -r.value)
    )


FAN_ROWS: dict[str, FanRow[str]] = {r.key: r for r in _rows()}

_OPTION_NOTES = {
    "cap": "封顶: the most the loser pays, in fan (13, seeds 000/003/004); none: no cap",
    "chicken_hand": "无番和 value: 8 (国标 table, RULES.md §2) | 1 (推倒胡 1番, seed 000 §四)",
}


def neutral_wind(hand: Hand) -> Tile:
    """A wind the hand holds no pung or kong of (East when it holds all four: 大四喜
    excludes 圈风刻 and 门风刻 anyway)."""
    counts = hand.counts()
    return next((w for w in WINDS if counts[w] < 3), Tile.EAST)


def check_hand(hand: Hand) -> Hand:
    """The hand validated for the two-player game: no flowers, no seat or prevalent wind."""
    hand.validate()
    ctx = hand.context
    if ctx.flowers:
        raise InvalidHandError(
            f"the two-player game has no flowers (136 tiles), but {ctx.flowers} were given"
        )
    if ctx.seat_wind is not Tile.EAST:
        raise InvalidHandError(
            f"the two-player game has no seat wind: do not give one ({ctx.seat_wind.code} "
            "was given)"
        )
    if ctx.prevalent_wind is not Tile.EAST:
        raise InvalidHandError(
            f"the two-player game has no prevalent wind: do not give one "
            f"({ctx.prevalent_wind.code} was given)"
        )
    return hand


def _options(options: Any) -> TwoPlayerOptions:
    if options is None:
        return DEFAULT_OPTIONS
    if isinstance(options, Mapping):
        return TwoPlayerOptions.from_dict(options)
    if not isinstance(options, TwoPlayerOptions):
        raise OptionError("two-player options are a TwoPlayerOptions or a mapping of its fields")
    return options


def capped(total: int, cap: int | None) -> int:
    """What the loser pays for ``total`` fan under ``cap``."""
    return total if cap is None else min(total, cap)


class TwoPlayerRuleSet:
    name = NAME
    title_zh = "二人麻将"
    title_en = "Two-player mahjong"
    tiles: frozenset[int] = frozenset(range(NUM_KINDS))
    flowers = False
    shapes: tuple[str, ...] = MCR.shapes
    fans: tuple[FanRow[str], ...] = tuple(FAN_ROWS.values())
    combine: Combine = "add"
    cap: int | None = DEFAULT_OPTIONS.cap
    minimum = 0
    wildcards: WildcardRule | None = None
    engine_variant: str | None = "fanshu.engine.variants.two_player:TwoPlayerVariant"

    def default_options(self) -> TwoPlayerOptions:
        return DEFAULT_OPTIONS

    def options_from(self, data: Mapping[str, Any]) -> TwoPlayerOptions:
        return TwoPlayerOptions.from_dict(data)

    def describe_options(self) -> Sequence[tuple[str, str, str]]:
        own = describe_fields(DEFAULT_OPTIONS, _OPTION_NOTES, _OPTION_NOTES)
        mcr = {name: (default, note) for name, default, note in MCR.describe_options()}
        return own + [(n, *mcr[n]) for n in MCR_FIELDS]

    def score(self, hand: Hand, options: Any = None) -> Result[str]:
        opts = _options(options)
        check_hand(hand)
        wind = neutral_wind(hand)
        r = score_hand(hand.with_context(seat_wind=wind, prevalent_wind=wind), opts.mcr)
        if not r.is_win:
            return Result(NAME, hand, False, reason=r.reason)
        counted: list[FanEntry[str]] = []
        for e in r.fans:
            if e.fan in NOT_COUNTED:  # cannot happen with a neutral wind and no flowers
                raise AssertionError(f"{e.name_zh} counted in a two-player hand")
            value = opts.chicken_hand if e.fan is Fan.CHICKEN_HAND else e.value
            counted.append(FanEntry(FAN_ROWS[e.fan.name.lower()], e.count, value))
        total = sum(f.points for f in counted)
        return Result(
            NAME,
            hand,
            True,
            tuple(counted),
            total,
            multiplier=None,
            capped=None if opts.cap is None else capped(total, opts.cap),
            details={"cap": opts.cap, "shape": r.shape, "excluded": r.excluded, "mcr": r},
        )

    def settle(
        self,
        players: Sequence[str],
        winner: str,
        discarder: str | None,
        result: Any,
        options: Any = None,
    ) -> dict[str, int]:
        """The loser pays the winner the fan total, capped (self-drawn or not: there is only
        one other player; 抢杠 is scored as self-drawn, seed 000, which pays the same)."""
        players = list(players)
        if len(players) != 2 or players[0] == players[1]:
            raise MatchError(f"the two-player game has two players, not {players!r}")
        if winner not in players:
            raise MatchError(f"the winner {winner!r} is not one of {players!r}")
        loser = players[1 - players.index(winner)]
        if discarder is not None and discarder != loser:
            raise MatchError(f"the discarder is the other player ({loser!r}), not {discarder!r}")
        if not isinstance(result, Result) or result.rules != NAME:
            raise MatchError("settle a result of the two-player rule set")
        if not result.is_win:
            raise MatchError("not a winning hand: there is nothing to settle")
        cap = _options(options).cap if options is not None else result.details.get("cap")
        pay = capped(result.total, cap)
        return {winner: pay, loser: -pay}


RULES = TwoPlayerRuleSet()

if TYPE_CHECKING:
    _IS_A_RULE_SET: RuleSet = RULES
