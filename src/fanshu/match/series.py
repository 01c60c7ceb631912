"""A series of hands between bots, with the rule set's dealer rules between hands.

- ``mcr``: the 16-hand match of ``fanshu.match.sheet``: prevalent wind East for hands 1-4,
  then South, West, North; the dealer moves every hand, win or draw; the players change
  seats between rounds by the sheet's tournament scheme.  Every hand is recorded on a
  :class:`~fanshu.match.sheet.Match` score sheet (wins with their fan and flowers,
  错和 as false wins), which gives the match totals and the table points (4/2/1/0), and
  each hand's payments on the sheet are checked against the engine's
  (:mod:`fanshu.match.from_game`, which live tables record their hands by too).
- the other rule sets: the first dealer is drawn at random (from the seed); who deals
  next is :func:`fanshu.match.dealers.next_dealer` (two-player: the winner; Sichuan: the
  first winner, the discarder of a 一炮多响; Beijing: the dealer stays on a win or a
  draw, else the next seat), the rule the score sheets follow too.  Table points
  4/2/1/0 by the totals for four players, as in MCR.

A rule set that carries state between hands (Jiaxing 黄番 …) gets hand ``k``'s
``Variant.carry_out`` as hand ``k + 1``'s ``carry`` (each game's log records it, so each
hand replays alone); the state is in engine seats, which keep their players outside
MCR.

Players keep their order (index 0, 1 …) for the whole series; ``seating[s]`` tells
which player sits in the engine's seat ``s`` for a hand.  Hand ``k`` (from 0) is dealt
with seed ``game_seed(seed, k)`` and the bot of player ``i`` seeded
``player_seed(seed, k, i)``, so a series is fixed by its seed.

>>> s = play_series("mcr", ["random"] * 4, seed=3)
>>> len(s.hands), [h.prevalent_wind for h in s.hands][::4], [h.dealer for h in s.hands][:5]
(16, [0, 1, 2, 3], [0, 1, 2, 3, 1])
>>> s.totals(), s.table_points()
([2, 2, -55, 51], [1.5, 1.5, 0, 4])
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from fanshu.engine.autoplay import play_until
from fanshu.engine.config import GameConfig
from fanshu.engine.game import Game
from fanshu.engine.players import make_player
from fanshu.engine.simulate import check_players, game_seed, player_seed
from fanshu.errors import OptionError
from fanshu.i18n import msg
from fanshu.match import dealers, from_game
from fanshu.match.sheet import (
    HANDS_PER_MATCH,
    SCALE_STANDARD,
    SEAT_ROTATION,
    Match,
    rank_table_points,
)

__all__ = ["HandPlayed", "Series", "first_dealer", "next_dealer", "play_series"]


@dataclass(frozen=True, slots=True)
class HandPlayed:
    """One hand of a series, by player index (not seat) unless said otherwise."""

    number: int  # 1, 2 …
    seed: int  # the game's seed
    dealer: int  # the player who dealt
    prevalent_wind: int  # 0-3 for 东南西北 (MCR; East in the other rule sets)
    seating: tuple[int, ...]  # seating[seat] = the player in that seat
    result: str  # "win" or "drawn" (the end event's result)
    winners: tuple[int, ...]  # in the order they won
    fans: tuple[int, ...]  # each winner's fan total (flowers included)
    false_wins: tuple[int, ...]  # players who declared a win the rules refused (错和)
    scores: tuple[int, ...]  # each player's score change on the hand
    #: The state carried into this hand and the state it left to the next
    #: (``Variant.carry_in`` / ``carry_out``: Jiaxing 黄番 …); empty when none.
    carry_in: Mapping[str, Any] = field(default_factory=dict)
    carry_out: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "seed": self.seed,
            "dealer": self.dealer,
            "prevalent_wind": "ESWN"[self.prevalent_wind],
            "seating": list(self.seating),
            "result": self.result,
            "winners": list(self.winners),
            "fans": list(self.fans),
            "false_wins": list(self.false_wins),
            "scores": list(self.scores),
            "carry_in": dict(self.carry_in),
            "carry_out": dict(self.carry_out),
        }


@dataclass
class Series:
    """A series played: its hands, the totals and (four players) the table points."""

    rules: str
    seed: int
    players: list[str]  # bot names, by player index
    hands: list[HandPlayed] = field(default_factory=list)
    #: MCR: the score sheet the hands were recorded on (players named by ``labels``).
    sheet: Match | None = None

    @property
    def labels(self) -> list[str]:
        """Distinct names for the players (``P1:greedy`` …), as the sheet has them."""
        return [f"P{i + 1}:{name}" for i, name in enumerate(self.players)]

    def totals(self) -> list[int]:
        """Each player's score over the hands played."""
        return [sum(h.scores[i] for h in self.hands) for i in range(len(self.players))]

    def table_points(self) -> list[int | float] | None:
        """Table points 4/2/1/0 by rank of total (ties share) for four players; None for
        two players, and for an MCR match until its 16 hands are in."""
        if self.sheet is not None:
            got = self.sheet.table_points()
            return None if got is None else [got[p] for p in self.labels]
        if len(self.players) != 4:
            return None
        totals = dict(zip(self.labels, self.totals(), strict=True))
        points = rank_table_points(totals, SCALE_STANDARD)
        return [int(v) if v.denominator == 1 else float(v) for v in points.values()]

    def to_dict(self) -> dict[str, Any]:
        points = self.table_points()
        return {
            "rules": self.rules,
            "seed": self.seed,
            "players": [
                {
                    "player": i,
                    "name": name,
                    "label": label,
                    "total": total,
                    "table_points": None if points is None else points[i],
                }
                for i, (name, label, total) in enumerate(
                    zip(self.players, self.labels, self.totals(), strict=True)
                )
            ],
            "hands": [h.to_dict() for h in self.hands],
        }


def first_dealer(rules: str, seed: int, players: int) -> int:
    """The first hand's dealer: the player who drew East (MCR), else drawn at random."""
    if rules == "mcr":
        return 0
    return random.Random(f"{seed}:dealer").randrange(players)


def next_dealer(rules: str, dealer: int, game: Game, seating: Sequence[int]) -> int:
    """Who deals after ``game`` (as a player), by :func:`fanshu.match.dealers.next_dealer`."""
    first = _first_group(game.events)
    source = first[0].get("source") if first else None
    return dealers.next_dealer(
        rules,
        dealer,
        first_winners=[seating[int(e["seat"])] for e in first],
        discarder=None if source is None else seating[int(source)],
        players=len(seating),
    )


def _first_group(events: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The win events of the first win: one, or several on one discard (一炮多响)."""
    group: list[Mapping[str, Any]] = []
    for e in events:
        if e["type"] == "win":
            group.append(e)
        elif group:
            break
    return group


def play_series(
    rules: str,
    players: Sequence[str],
    seed: int = 0,
    *,
    hands: int | None = None,
    options: Mapping[str, Any] | None = None,
    config: GameConfig | Mapping[str, Any] | None = None,
    on_hand: Callable[[HandPlayed, Game], None] | None = None,
) -> Series:
    """Play ``hands`` hands (default and at most 16 for MCR; default 16 otherwise) of
    ``rules`` between the bots named in ``players`` with the dealer rules of the module
    text; ``config`` sets the rest of each hand's table (the series sets the dealer and
    the prevalent wind); ``on_hand`` sees each hand as it ends."""
    names = check_players(rules, players)
    n = len(names)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise OptionError(msg("seed is a whole number, not {seed!r}", seed=seed))
    if hands is None:
        hands = HANDS_PER_MATCH
    most = HANDS_PER_MATCH if rules == "mcr" else 10_000
    if isinstance(hands, bool) or not isinstance(hands, int) or not 1 <= hands <= most:
        raise OptionError(
            msg(
                "hands is a whole number from 1 to {most} for {rules}, not {hands!r}",
                most=most,
                rules=rules,
                hands=hands,
            )
        )
    if isinstance(config, Mapping):
        config = GameConfig.from_dict(config)
    base = config or GameConfig()
    if base.dealer or base.prevalent_wind:
        raise OptionError(
            msg("the series decides the dealer and the prevalent wind: leave them out")
        )
    series = Series(rules, seed, names)
    if rules == "mcr":
        series.sheet = Match(series.labels)
    dealer = first_dealer(rules, seed, n)
    dealt: list[int] = []  # the dealers so far, for a 风圈 that moves (Jiaxing)
    carry: dict[str, Any] = {}  # what hand k leaves to hand k + 1
    for k in range(hands):
        if rules == "mcr":
            rnd, dealer_seat = divmod(k, 4)
            seating: tuple[int, ...] = SEAT_ROTATION[rnd]
            wind = rnd
        else:
            dealt.append(dealer)
            seating, dealer_seat = tuple(range(n)), dealer
            wind = dealers.prevalent_winds(rules, dealt)[-1]
        cfg = replace(base, dealer=dealer_seat, prevalent_wind=wind)
        bots = [make_player(names[p], player_seed(seed, k, p)) for p in seating]
        label = f"{rules} series seed {seed} hand {k + 1}: "
        labels = [names[p] for p in seating]
        game = Game(
            rules,
            seed=game_seed(seed, k),
            options=options,
            config=cfg,
            players=labels,
            carry=carry,
        )
        play_until(game, bots, label=label)
        hand = _hand_played(k + 1, game, seating, wind)
        carry = game.carried_out
        series.hands.append(hand)
        if series.sheet is not None:
            from_game.record(
                series.sheet, from_game.sheet_hand(game, seating, series.labels), label
            )
        if on_hand is not None:
            on_hand(hand, game)
        if rules != "mcr":
            dealer = next_dealer(rules, seating[dealer_seat], game, seating)
    return series


def _hand_played(number: int, game: Game, seating: tuple[int, ...], wind: int) -> HandPlayed:
    scores = [0] * len(seating)
    for s, v in enumerate(game.scores):
        scores[seating[s]] = v
    wins = [e for e in game.events if e["type"] == "win"]
    return HandPlayed(
        number=number,
        seed=game.seed,
        dealer=seating[game.config.dealer],
        prevalent_wind=wind,
        seating=seating,
        result=game.result()["result"],
        winners=tuple(seating[e["seat"]] for e in wins),
        fans=tuple(e["total"] for e in wins),
        false_wins=tuple(seating[e["seat"]] for e in game.events if e["type"] == "false_win"),
        scores=tuple(scores),
        carry_in=dict(game.carry),
        carry_out=game.carried_out,
    )
