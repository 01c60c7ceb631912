"""Play many seeded hands between bots and sum them up: wins per seat and per bot,
false wins, draws, the fans scored and how long hands last.

Every game's seed comes from the master seed and the game's number only, and every
player's from those and its seat, so game ``k`` is the same hand whether it is played
alone, as the first game of a run or as the thousandth (:func:`play_game`).

>>> s = simulate("two-player", 3, ["random", "random"], seed=1)
>>> s.games, sum(s.wins_by_seat) + s.draws >= s.games, sum(s.score_by_seat)
(3, True, 0)
>>> simulate("mcr", 1, ["random", "random"], seed=1)
Traceback (most recent call last):
...
fanshu.errors.OptionError: mcr is played by 4 players, not 2: give 4 player names
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import IO, Any

from fanshu.engine.autoplay import SimulationError, play_until
from fanshu.engine.config import GameConfig
from fanshu.engine.events import fans_of, starts_turn
from fanshu.engine.game import Game
from fanshu.engine.log import game_lines
from fanshu.engine.players import PLAYERS, make_player
from fanshu.engine.variants import variant_class
from fanshu.errors import OptionError
from fanshu.i18n import msg

__all__ = [
    "SimulationError",
    "Summary",
    "check_players",
    "game_seed",
    "play_game",
    "player_seed",
    "seats_of",
    "simulate",
    "write_game",
]


def game_seed(seed: int, k: int) -> int:
    """The seed of game ``k`` of a run with master ``seed``: from those two only.

    >>> game_seed(1, 0) == game_seed(1, 0) != game_seed(1, 1)
    True
    """
    return random.Random(f"{seed}:{k}").getrandbits(63)


def player_seed(seed: int, k: int, seat: int) -> int:
    """The seed of the bot in ``seat`` for game ``k`` (independent of the other seats)."""
    return random.Random(f"{seed}:{k}:{seat}").getrandbits(63)


def seats_of(rules: str) -> int:
    """How many players the engine seats for ``rules``."""
    return variant_class(rules).seats


def check_players(rules: str, players: Sequence[str]) -> list[str]:
    """The player names, checked against the rule set's seats and the known bots."""
    if isinstance(players, str):
        players = [p.strip() for p in players.split(",")]
    names = list(players)
    n = seats_of(rules)
    if len(names) != n:
        raise OptionError(
            msg(
                "{rules} is played by {n} players, not {count}: give {n} player names",
                rules=rules,
                n=n,
                count=len(names),
            )
        )
    for name in names:
        if name not in PLAYERS:
            raise OptionError(
                msg("unknown player {name!r}: one of {known}", name=name, known=", ".join(PLAYERS))
            )
    return names


def _config(config: GameConfig | Mapping[str, Any] | None, seats: int) -> GameConfig:
    if isinstance(config, Mapping):
        config = GameConfig.from_dict(config)
    config = config or GameConfig()
    if config.dealer >= seats:
        raise OptionError(
            msg(
                "dealer is a seat number 0-{last}, not {dealer}",
                last=seats - 1,
                dealer=config.dealer,
            )
        )
    return config


def play_game(
    rules: str,
    k: int,
    players: Sequence[str],
    seed: int,
    *,
    options: Mapping[str, Any] | None = None,
    config: GameConfig | Mapping[str, Any] | None = None,
) -> Game:
    """Game ``k`` of the run with master ``seed``, played to its end.

    >>> g = play_game("sichuan", 5, ["random"] * 4, seed=2)
    >>> g.done, g.events == play_game("sichuan", 5, ["random"] * 4, seed=2).events
    (True, True)
    """
    names = check_players(rules, players)
    cfg = _config(config, len(names))
    bots = [make_player(name, player_seed(seed, k, s)) for s, name in enumerate(names)]
    game = Game(rules, seed=game_seed(seed, k), options=options, config=cfg, players=names)
    play_until(game, bots, label=f"{rules} seed {seed} game {k}: ")
    return game


# -- the summary ---------------------------------------------------------------------


@dataclass
class Summary:
    """What a run of games came to; ``add`` takes one finished game at a time."""

    rules: str
    seed: int
    players: list[str]
    games: int = 0
    wins_by_seat: list[int] = field(default_factory=list)
    false_wins_by_seat: list[int] = field(default_factory=list)
    score_by_seat: list[int] = field(default_factory=list)
    draws: int = 0  # hands that ended without a winner
    fan_total: int = 0  # of all wins, to average
    fan_counts: Counter[str] = field(default_factory=Counter)  # wins each fan was in
    turns: int = 0
    discards: int = 0
    decisions: int = 0

    def __post_init__(self) -> None:
        n = len(self.players)
        for name in ("wins_by_seat", "false_wins_by_seat", "score_by_seat"):
            if not getattr(self, name):
                setattr(self, name, [0] * n)

    def add(self, game: Game) -> None:
        """Count one finished game."""
        if not game.done:
            raise SimulationError("only a finished hand can be counted")
        self.games += 1
        for e in game.events:
            if e["type"] == "win":
                self.wins_by_seat[e["seat"]] += 1
                self.fan_total += e["total"]
                self.fan_counts.update({f.name for f in fans_of(e)})
            elif e["type"] == "false_win":
                self.false_wins_by_seat[e["seat"]] += 1
            elif e["type"] == "discard":
                self.discards += 1
            elif e["type"] == "act":
                self.decisions += 1
            if starts_turn(e):  # a kong's replacement draw continues the same turn
                self.turns += 1
        for s, v in enumerate(game.scores):
            self.score_by_seat[s] += v
        if not game.winners:
            self.draws += 1

    @property
    def wins(self) -> int:
        return sum(self.wins_by_seat)

    @property
    def average_fan(self) -> float | None:
        """The mean fan total of the wins (flowers included), None without a win."""
        return self.fan_total / self.wins if self.wins else None

    def _per_game(self, total: int) -> float | None:
        return total / self.games if self.games else None

    def by_player(self) -> dict[str, dict[str, Any]]:
        """Wins, false wins and average score per bot name, over the seats it held."""
        out: dict[str, dict[str, Any]] = {}
        for s, name in enumerate(self.players):
            row = out.setdefault(name, {"seats": 0, "wins": 0, "false_wins": 0, "score": 0})
            row["seats"] += 1
            row["wins"] += self.wins_by_seat[s]
            row["false_wins"] += self.false_wins_by_seat[s]
            row["score"] += self.score_by_seat[s]
        for row in out.values():
            hands = row["seats"] * self.games
            row["win_rate"] = row["wins"] / hands if hands else None
            row["average_score"] = row.pop("score") / hands if hands else None
        return out

    def to_dict(self) -> dict[str, Any]:
        """The ``fanshu simulate --json`` object."""
        g = self.games
        return {
            "rules": self.rules,
            "seed": self.seed,
            "games": g,
            "players": list(self.players),
            "seats": [
                {
                    "seat": s,
                    "player": name,
                    "wins": self.wins_by_seat[s],
                    "win_rate": self.wins_by_seat[s] / g if g else None,
                    "false_wins": self.false_wins_by_seat[s],
                    "average_score": self._per_game(self.score_by_seat[s]),
                }
                for s, name in enumerate(self.players)
            ],
            "by_player": self.by_player(),
            "wins": self.wins,
            "false_wins": sum(self.false_wins_by_seat),
            "draws": self.draws,
            "average_fan": self.average_fan,
            "fans": dict(sorted(self.fan_counts.items(), key=lambda kv: (-kv[1], kv[0]))),
            "average_turns": self._per_game(self.turns),
            "average_discards": self._per_game(self.discards),
            "average_decisions": self._per_game(self.decisions),
        }


def simulate(
    rules: str,
    games: int,
    players: Sequence[str],
    seed: int = 0,
    *,
    options: Mapping[str, Any] | None = None,
    config: GameConfig | Mapping[str, Any] | None = None,
    on_game: Callable[[int, Game], None] | None = None,
) -> Summary:
    """Play ``games`` hands of ``rules`` between the bots named in ``players`` (one per
    seat, seat 0 first) and sum them up; ``on_game(k, game)`` sees each finished game
    (to write its log, advance a progress bar …)."""
    if isinstance(games, bool) or not isinstance(games, int) or games < 0:
        raise OptionError(msg("games is a whole number of at least 0, not {games!r}", games=games))
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise OptionError(msg("seed is a whole number, not {seed!r}", seed=seed))
    names = check_players(rules, players)
    cfg = _config(config, len(names))
    summary = Summary(rules, seed, names)
    for k in range(games):
        game = play_game(rules, k, names, seed, options=options, config=cfg)
        summary.add(game)
        if on_game is not None:
            on_game(k, game)
    return summary


# -- the log ----------------------------------------------------------------------------


def write_game(out: IO[str], k: int, game: Game) -> None:
    """Append game ``k``'s events to ``out`` in the log format of ``fanshu.engine.log``
    (``{"v", "game", "seq", **event}`` per line, None fields left out)."""
    for line in game_lines(game.events, game=k):
        out.write(line + "\n")
