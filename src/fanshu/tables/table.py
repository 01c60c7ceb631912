"""A live table: people and bots playing a series of hands of one rule set, each person
by a seat token, and watchers by the table's watch id.

A table is set up by a :class:`TableSpec`: the rule set, its seats (``"human"`` or a
bot name of :data:`fanshu.engine.players.PLAYERS`, by table seat: the players keep
their number for the whole table), the rule set's options, the table's ``config``
(:class:`fanshu.engine.config.GameConfig` without the dealer and the prevalent wind,
which the series decides), the seed, how many hands (MCR: the 16-hand match at most;
others up to :data:`MAX_HANDS`), the decision timer (:mod:`fanshu.tables.timers`) and
what plays for a seat whose time is up.

The hands follow :func:`fanshu.match.series.play_series` exactly: hand ``k`` is dealt
with ``game_seed(seed, k)``, each bot seeded ``player_seed(seed, k, player)``; MCR
changes seats between rounds (``SEAT_ROTATION``) with the dealer moving every hand,
the other rule sets draw the first dealer from the seed and pass the deal by
:func:`fanshu.match.dealers.next_dealer`; what a hand leaves to the next (Jiaxing 黄番
…) is carried.  The next hand is dealt as soon as one ends.  The seat numbers of the
engine (``seat``, in events and observations) are those of the hand: ``seating[s]`` is
the table seat (the ``player``) in engine seat ``s``.

What each table seat is shown is one log for the whole table: the events of every hand
as that seat may see them (:func:`fanshu.engine.observation.event_for_seat`), a
watcher's as every seat sees them (:func:`fanshu.tables.view.public_event`);
``event_count`` counts it, and ``since`` resumes from any point of it.  The answer is
the games API's (:meth:`Table.state`).

A person's seat may be played by a bot for a while (:meth:`Table.take_over`, and given
back with ``None``).

>>> spec = TableSpec.create("two-player", ["human", "greedy"], seed=5, hands=1)
>>> t = Table("t1", spec)
>>> t.start()
>>> s = t.state(0, 0)
>>> s["hand"], s["player"], s["done"], s["event_count"] == len(s["events_new"]) > 0
(1, 0, False, True)
>>> while not t.done:
...     t.act(t.asked(), 0)
>>> t.state(0, 0)["totals"] == [sum(h["scores"][p] for h in t.results) for p in (0, 1)]
True
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import Any

from fanshu.engine.actions import Action, ActionError
from fanshu.engine.autoplay import SimulationError
from fanshu.engine.config import GameConfig
from fanshu.engine.game import Game
from fanshu.engine.log import event_line, game_lines, parse_line
from fanshu.engine.observation import event_for_seat
from fanshu.engine.players import PLAYERS, Player, make_player
from fanshu.engine.simulate import game_seed, player_seed, seats_of
from fanshu.engine.variants import playable_rules
from fanshu.errors import FanshuError, OptionError
from fanshu.i18n import msg
from fanshu.match import dealers
from fanshu.match.series import first_dealer, next_dealer
from fanshu.match.sheet import HANDS_PER_MATCH, SEAT_ROTATION
from fanshu.rules import get_rules
from fanshu.tables import timers, view

__all__ = [
    "HUMAN",
    "MAX_HANDS",
    "MAX_SEED",
    "ON_TIMEOUT_AUTO",
    "RebuildError",
    "Table",
    "TableError",
    "TableNotFound",
    "TableSpec",
]

#: A seat a person plays (any other seat names a bot).
HUMAN = "human"
#: What plays for a seat whose time is up, unless a bot is named (timers.timeout_action).
ON_TIMEOUT_AUTO = "auto"
#: The most hands a table plays (MCR: at most its 16-hand match).
MAX_HANDS = 64
#: The largest seed (the engine's seeds are 63-bit).
MAX_SEED = 2**63 - 1
#: Decisions after which a hand is taken to be stuck (as fanshu.engine.autoplay).
_MAX_BOT_DECISIONS = 20_000

log = logging.getLogger(__name__)


class TableError(FanshuError):
    """An action or a request the table refuses; ``extra`` goes into the problem
    document (``legal_actions``)."""

    code = "illegal_action"

    def __init__(self, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.extra = extra


class TableNotFound(TableError):
    """No table has that id."""

    code = "table_not_found"


class RebuildError(FanshuError):
    """A stored table whose hands do not play again as they were logged."""

    code = "table_unreadable"


def _int(name: str, value: Any, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise OptionError(
            msg(
                "{name} is a whole number from {low} to {high}, not {value!r}",
                name=name,
                low=low,
                high=high,
                value=value,
            )
        )
    return value


@dataclass(frozen=True, slots=True)
class TableSpec:
    """How a table is set up (module text); :meth:`create` checks every field."""

    rules: str
    seats: tuple[str, ...]
    names: tuple[str, ...]
    seed: int
    hands: int
    options: Mapping[str, Any] | None = None
    config: Mapping[str, Any] = field(default_factory=dict)
    timer: int | None = None
    on_timeout: str = ON_TIMEOUT_AUTO

    @classmethod
    def create(
        cls,
        rules: str,
        seats: Sequence[str],
        *,
        seed: int = 0,
        hands: int | None = None,
        options: Mapping[str, Any] | None = None,
        config: Mapping[str, Any] | None = None,
        names: Sequence[str] | None = None,
        timer: int | str | None = "default",
        on_timeout: str = ON_TIMEOUT_AUTO,
    ) -> TableSpec:
        """A checked spec; ``OptionError`` names the first field that is wrong.
        ``timer="default"``: the rule set's (:func:`fanshu.tables.timers.seconds_for`)."""
        if rules not in playable_rules():
            raise OptionError(
                msg(
                    "rules is one of {known}, not {rules!r}",
                    known=", ".join(playable_rules()),
                    rules=rules,
                )
            )
        n = seats_of(rules)
        if isinstance(seats, str) or len(seats) != n:
            raise OptionError(
                msg("{rules} is played by {n} seats, not {seats!r}", rules=rules, n=n, seats=seats)
            )
        for s in seats:
            if s != HUMAN and s not in PLAYERS:
                raise OptionError(
                    msg(
                        "a seat is {human} or a bot ({bots}), not {seat!r}",
                        human=HUMAN,
                        bots=", ".join(PLAYERS),
                        seat=s,
                    )
                )
        if HUMAN not in seats:
            raise OptionError(msg("a table needs at least one {human} seat", human=HUMAN))
        _int("seed", seed, 0, MAX_SEED)
        most = HANDS_PER_MATCH if rules == "mcr" else MAX_HANDS
        hands = _int("hands", HANDS_PER_MATCH if hands is None else hands, 1, most)
        if options is not None:
            get_rules(rules).options_from(options)  # unknown names, bad values
        cfg = GameConfig.from_dict(dict(config or {}))
        if cfg.dealer or cfg.prevalent_wind:
            raise OptionError(
                msg("the series decides the dealer and the prevalent wind: leave them out")
            )
        if names is None:
            names = [f"P{p + 1}" if s == HUMAN else f"{s} {p + 1}" for p, s in enumerate(seats)]
        if len(names) != n or not all(isinstance(x, str) and 0 < len(x) <= 40 for x in names):
            raise OptionError(msg("names are {n} names of 1-40 characters, one a seat", n=n))
        if timer == "default":
            timer = timers.seconds_for(rules)
        elif timer is not None:
            timer = _int("timer", timer, timers.MIN_SECONDS, timers.MAX_SECONDS)
        if on_timeout != ON_TIMEOUT_AUTO and on_timeout not in PLAYERS:
            raise OptionError(
                msg(
                    "on_timeout is {auto} or a bot ({bots}), not {value!r}",
                    auto=ON_TIMEOUT_AUTO,
                    bots=", ".join(PLAYERS),
                    value=on_timeout,
                )
            )
        return cls(
            rules=rules,
            seats=tuple(seats),
            names=tuple(names),
            seed=seed,
            hands=hands,
            options=None if options is None else dict(options),
            config=cfg.to_dict(),
            timer=timer if isinstance(timer, int) else None,
            on_timeout=on_timeout,
        )

    @property
    def humans(self) -> list[int]:
        """The table seats people play."""
        return [p for p, s in enumerate(self.seats) if s == HUMAN]

    def to_dict(self) -> dict[str, Any]:
        return {
            "rules": self.rules,
            "seats": list(self.seats),
            "names": list(self.names),
            "seed": self.seed,
            "hands": self.hands,
            "options": None if self.options is None else dict(self.options),
            "config": dict(self.config),
            "timer": self.timer,
            "on_timeout": self.on_timeout,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TableSpec:
        """The spec :meth:`to_dict` wrote, checked again."""
        return cls.create(
            data["rules"],
            data["seats"],
            seed=data["seed"],
            hands=data["hands"],
            options=data.get("options"),
            config=data.get("config"),
            names=data.get("names"),
            timer=data.get("timer"),
            on_timeout=data.get("on_timeout", ON_TIMEOUT_AUTO),
        )


class Table:
    """One live table (module text).  Every method that changes it takes :attr:`lock`;
    ``listener`` is told after each change (the service stores and broadcasts it)."""

    def __init__(
        self,
        table_id: str,
        spec: TableSpec,
        *,
        clock: Callable[[], float] = time.monotonic,
        scheduler: timers.Scheduler | None = None,
        listener: Callable[[Table], None] | None = None,
    ) -> None:
        self.id = table_id
        self.spec = spec
        self.n = len(spec.seats)
        self.clock = clock
        self.scheduler = scheduler
        self.listener = listener
        self.lock = threading.RLock()
        self.games: list[Game] = []
        self._lines: list[list[str]] = []  # each hand's log lines so far (``hand_log``)
        self.seatings: list[tuple[int, ...]] = []
        #: The result of each finished hand, by table seat (:meth:`_finish_hand`).
        self.results: list[dict[str, Any]] = []
        #: Human seats a bot plays for now (:meth:`take_over`): seat -> bot name.
        self.takeover: dict[int, str] = {}
        self.shown: list[list[dict[str, Any]]] = [[] for _ in range(self.n)]
        self.public: list[dict[str, Any]] = []
        self.deadline: float | None = None
        #: Counts the changes (each act, take-over, timed-out play, restore): a
        #: connection woken with nothing new to send sends nothing.
        self.version = 0
        self._bots: dict[int, Player] = {}
        self._seen = 0  # events of the current hand filtered into the logs
        self._dealer = first_dealer(spec.rules, spec.seed, self.n)
        self._dealt: list[int] = []
        self._carry: dict[str, Any] = {}
        self._cancel: timers.Cancel | None = None
        self._timer_generation = 0
        self._config = GameConfig.from_dict(dict(spec.config))
        #: The match (score sheet) the service records the finished hands on, or None;
        #: ``sheet_note`` says why a table has none, or why it stopped being recorded.
        self.match: str | None = None
        self.sheet_note: str | None = None

    # -- reading -------------------------------------------------------------------

    @property
    def game(self) -> Game:
        """The hand being played (the last one, once the table is done)."""
        return self.games[-1]

    @property
    def done(self) -> bool:
        """Whether every hand has been played."""
        return len(self.results) == self.spec.hands

    def asked(self) -> int | None:
        """The table seat whose decision the table waits for, or None."""
        if not self.games:
            return None
        s = self.game.to_act
        return None if s is None else self.seatings[-1][s]

    def totals(self) -> list[int]:
        """Each table seat's score over the finished hands."""
        return [sum(r["scores"][p] for r in self.results) for p in range(self.n)]

    def hand_log(self, k: int) -> str:
        """Hand ``k``'s engine log (JSON Lines, docs/engine-log.md; game ``k`` from 0).

        The store writes the hand after every change, so each event is turned into its
        line once (``_lines``: events are only ever appended) instead of the whole hand
        again at every action, which grew with the hand and held the table's lock.
        """
        while len(self._lines) <= k:
            self._lines.append([])
        lines = self._lines[k]
        events = self.games[k].events
        for seq in range(len(lines), len(events)):
            lines.append(event_line(events[seq], game=k, seq=seq) + "\n")
        return "".join(lines)

    def hand_logs(self) -> list[str]:
        """Every hand's engine log, in order."""
        return [self.hand_log(k) for k in range(len(self.games))]

    def summary(self) -> dict[str, Any]:
        """What anyone may know of the table (``GET /v1/tables/{id}``)."""
        spec = self.spec
        return {
            "id": self.id,
            "rules": spec.rules,
            "seats": [
                {"seat": p, "kind": kind, "name": spec.names[p], "bot": self.takeover.get(p)}
                for p, kind in enumerate(spec.seats)
            ],
            "hands": spec.hands,
            "hand": len(self.games),
            "hands_played": len(self.results),
            "done": self.done,
            "timer": spec.timer,
            "on_timeout": spec.on_timeout,
            "totals": self.totals(),
            "match": self.match,
            "sheet_note": self.sheet_note,
        }

    def state(self, player: int | None, since: int) -> dict[str, Any]:
        """What table seat ``player`` (None: a watcher) is shown, with its log from event
        ``since`` on: the games API's answer plus the table's fields (docs/tables.md)."""
        g = self.game
        seating = self.seatings[-1]
        names = [self.spec.names[p] for p in seating]
        log = self.public if player is None else self.shown[player]
        me = None if player is None else seating.index(player)
        obs = view.public_observation(g, names) if me is None else view.observation(g, me, names)
        left = None if self.deadline is None else max(0.0, round(self.deadline - self.clock(), 3))
        last = self.results[-1] if self.results else None
        return {
            "id": self.id,
            "rules": g.rules,
            "player": player,
            "seat": me,
            "hand": len(self.games),
            "hands": self.spec.hands,
            "players": names,
            "seating": list(seating),
            "observation": obs,
            "events_new": log[since:],
            "event_count": len(log),
            "to_act": g.to_act,
            "deadline": left,
            "hand_done": g.done,
            "done": self.done,
            "scores": list(g.scores),
            "totals": self.totals(),
            "result": None if last is None else last["result"],
            "bots": {str(p): b for p, b in sorted(self.takeover.items())},
        }

    # -- playing -------------------------------------------------------------------

    def start(self) -> None:
        """Deal the first hand and let the bots play to the first person's decision."""
        with self.lock:
            if not self.games:
                self._deal()
            self._advance()
        self._changed()

    def act(self, player: int, action: str | int) -> None:
        """Table seat ``player`` plays ``action`` (its text, or its index in the legal
        actions); ``TableError`` if it may not (the table unchanged)."""
        with self._changing():
            chosen = self._legal(player, action)
            self.game.step(chosen, seat=self.seatings[-1].index(player))
            self._advance()

    def take_over(self, player: int, bot: str | None) -> None:
        """A bot plays for person ``player`` from now on (``bot``: its name), or no
        longer (None)."""
        with self._changing():
            if self.spec.seats[player] != HUMAN:
                raise OptionError(msg("seat {seat} is a bot's seat", seat=player))
            if bot is None:
                self.takeover.pop(player, None)
                self._bots.pop(player, None)
            else:
                if bot not in PLAYERS:
                    raise OptionError(
                        msg("unknown bot {bot!r}: one of {bots}", bot=bot, bots=", ".join(PLAYERS))
                    )
                self.takeover[player] = bot
                self._bots[player] = make_player(bot, self._bot_seed(player))
            self._advance()

    def expire(self, generation: int | None = None) -> bool:
        """Play for the asked person whose time is up (or, with no ``generation``,
        whatever the deadline); False if nothing was due."""
        with self._changing():
            if generation is not None and generation != self._timer_generation:
                return False
            p = self.asked()
            if p is None or self.deadline is None or self.clock() < self.deadline:
                return False
            g = self.game
            s = self.seatings[-1].index(p)
            if self.spec.on_timeout == ON_TIMEOUT_AUTO:
                action = timers.timeout_action(g, s)
            else:
                action = make_player(self.spec.on_timeout, self._bot_seed(p)).choose(g.observe(s))
            g.step(action, seat=s)
            self._advance()
        return True

    def _legal(self, player: int, action: str | int) -> Action:
        g = self.game
        if self.done:
            raise TableError(msg("the table is over: every hand has been played"), legal_actions=[])
        if self.asked() != player:
            raise TableError(msg("it is not your decision now"), legal_actions=[])
        if player in self.takeover:
            raise TableError(
                msg("a bot plays this seat now: take the seat back first"), legal_actions=[]
            )
        legal = g.legal_actions(self.seatings[-1].index(player))
        offered = [str(a) for a in legal]
        if isinstance(action, bool) or not isinstance(action, int | str):
            raise TableError(
                msg("an action is its text or its index, not {action!r}", action=action),
                legal_actions=offered,
            )
        if isinstance(action, int):
            if not 0 <= action < len(legal):
                raise TableError(
                    msg(
                        "action index {action} is not in the list: choose 0-{last}",
                        action=action,
                        last=len(legal) - 1,
                    ),
                    legal_actions=offered,
                )
            return legal[action]
        try:
            chosen = Action.parse(action)
        except ActionError as e:
            raise TableError(e.message, legal_actions=offered) from None
        if chosen not in legal:
            raise TableError(
                msg(
                    "{action} is not possible now; legal: {legal}",
                    action=str(chosen),
                    legal=", ".join(offered),
                ),
                legal_actions=offered,
            )
        return chosen

    def _bot_seed(self, player: int) -> int:
        return player_seed(self.spec.seed, len(self.games) - 1, player)

    def _deal(self) -> None:
        spec = self.spec
        k = len(self.games)
        if spec.rules == "mcr":
            rnd, dealer_seat = divmod(k, 4)
            seating: tuple[int, ...] = SEAT_ROTATION[rnd]
            wind = rnd
        else:
            self._dealt.append(self._dealer)
            seating, dealer_seat = tuple(range(self.n)), self._dealer
            wind = dealers.prevalent_winds(spec.rules, self._dealt)[-1]
        cfg = replace(self._config, dealer=dealer_seat, prevalent_wind=wind)
        game = Game(
            spec.rules,
            seed=game_seed(spec.seed, k),
            options=spec.options,
            config=cfg,
            players=[spec.names[p] for p in seating],
            carry=self._carry,
        )
        self.games.append(game)
        self.seatings.append(seating)
        self._seen = 0
        self._bots = {
            p: make_player(
                spec.seats[p] if spec.seats[p] != HUMAN else self.takeover[p],
                player_seed(spec.seed, k, p),
            )
            for p in range(self.n)
            if spec.seats[p] != HUMAN or p in self.takeover
        }
        self._sync()

    def _sync(self) -> None:
        """Filter the current hand's new events into each seat's log and the public one."""
        g = self.game
        seating = self.seatings[-1]
        for e in g.events[self._seen :]:
            for s, p in enumerate(seating):
                shown = event_for_seat(e, s, g.n)
                if shown is not None:
                    self.shown[p].append(shown)
            public = view.public_event(e, g.n)
            if public is not None:
                self.public.append(public)
        self._seen = len(g.events)

    def _finish_hand(self) -> None:
        """Record the hand just over and set up the next hand's dealer and carry."""
        g = self.game
        seating = self.seatings[-1]
        scores = [0] * self.n
        for s, v in enumerate(g.scores):
            scores[seating[s]] = v
        outcome = view.result(g, g.seed)
        assert outcome is not None
        self.results.append(
            {
                "hand": len(self.games),
                "dealer": seating[g.config.dealer],
                "seating": list(seating),
                "scores": scores,
                "winners": [seating[e["seat"]] for e in g.events if e["type"] == "win"],
                "result": {**outcome, "hand": len(self.games)},
            }
        )
        self._carry = dict(g.carried_out)
        if self.spec.rules != "mcr":
            self._dealer = next_dealer(self.spec.rules, seating[g.config.dealer], g, seating)

    def _advance(self) -> None:
        """Let the bots (and the seats they took over) play until a person is asked or
        every hand is played; deal each next hand as one ends."""
        for _ in range(_MAX_BOT_DECISIONS * self.spec.hands):
            g = self.game
            s = g.to_act
            if s is None:
                self._sync()
                if len(self.results) < len(self.games):
                    self._finish_hand()
                if len(self.games) < self.spec.hands:
                    self._deal()
                    continue
                break
            bot = self._bots.get(self.seatings[-1][s])
            if bot is None:
                break
            action: Action | None = None
            try:
                action = bot.choose(g.observe(s))
                g.step(action, seat=s)
            except Exception as e:  # a bot or engine fault, not the person's: say where
                where = f"table {self.id} hand {len(self.games)}: seat {s} chose {action}"
                raise SimulationError(f"{where}: {type(e).__name__}: {e}") from e
        self._sync()
        self._arm()

    def _arm(self) -> None:
        """Start the decision timer when a person (not a bot for them) is asked."""
        if self._cancel is not None:
            self._cancel()
            self._cancel = None
        self._timer_generation += 1
        p = self.asked()
        if self.spec.timer is None or p is None or p in self.takeover:
            self.deadline = None
            return
        self.deadline = self.clock() + self.spec.timer
        if self.scheduler is not None:
            generation = self._timer_generation
            self._cancel = self.scheduler(float(self.spec.timer), lambda: self._expired(generation))

    def _expired(self, generation: int) -> None:
        try:
            self.expire(generation)
        except Exception:  # a timer thread has no caller to tell: the table stays as it is
            log.exception("table %s: the timer's play failed", self.id)

    @contextmanager
    def _changing(self) -> Iterator[None]:
        """Hold the lock for a change and tell the listener once it is made, also when a
        bot or engine fault stops it half-way (what was played stays played), but not
        when nothing changed (a refused action)."""
        with self.lock:
            before = (len(self.games), len(self.game.events), dict(self.takeover))
            try:
                yield
            finally:
                if (len(self.games), len(self.game.events), self.takeover) != before:
                    self._changed()

    def _changed(self) -> None:
        with self.lock:
            self.version += 1
        if self.listener is not None:
            self.listener(self)

    def stop(self) -> None:
        """Cancel the timer (the table leaves memory)."""
        with self.lock:
            if self._cancel is not None:
                self._cancel()
                self._cancel = None
            self._timer_generation += 1

    # -- from the database ---------------------------------------------------------

    def restore(self, logs: Sequence[str], takeover: Mapping[int, str]) -> None:
        """Play the stored hands again from their logs (every person's and bot's logged
        decision in turn), each event checked against the log; then carry on as
        :meth:`start` would.  The bots of the table's own seats are shown again, in the
        hand being played, each decision they made (the bots are seeded, so they go on
        as they would have); a bot that took a person's seat over starts afresh.
        ``RebuildError`` if a hand does not play as logged."""
        with self.lock:
            self.takeover = dict(takeover)
            for k, text in enumerate(logs):
                if k >= self.spec.hands:
                    raise RebuildError(msg("the table has more hand logs than hands"))
                self._deal()
                g = self.game
                lines = text.splitlines()
                # the bots of the hand still being played see again what they saw, so
                # that they go on deciding as they would have without the restart
                bots = {
                    s: self._bots[p]
                    for s, p in enumerate(self.seatings[-1])
                    if k == len(logs) - 1 and self.spec.seats[p] != HUMAN
                }
                for n, line in enumerate(lines, start=1):
                    e = parse_line(line, n)
                    if e.get("type") == "act":
                        try:
                            seat = int(e.get("seat", -1))
                            shown = bots.get(seat)
                            if shown is not None and g.to_act == seat:
                                shown.choose(g.observe(seat))
                            g.step(str(e.get("action")), seat=seat)
                        except (FanshuError, ValueError, TypeError) as err:
                            raise RebuildError(
                                msg("hand {k}, line {n}: {err}", k=k + 1, n=n, err=err)
                            ) from None
                made = list(game_lines(g.events, game=k))
                if made != lines:
                    where = next(
                        (i for i, (a, b) in enumerate(zip(made, lines, strict=False)) if a != b),
                        min(len(made), len(lines)),
                    )
                    raise RebuildError(
                        msg(
                            "hand {k} does not play again as logged (event {at})", k=k + 1, at=where
                        )
                    )
                self._sync()
                if g.done:
                    self._finish_hand()
                elif k != len(logs) - 1:
                    raise RebuildError(msg("hand {k} is not over but another follows", k=k + 1))
            if not self.games:
                self._deal()
            for p, name in self.takeover.items():
                self._bots[p] = make_player(name, self._bot_seed(p))
            self._advance()
