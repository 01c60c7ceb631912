"""The decision timer of a live table: how long a person has to decide, and what is
played for a seat whose time runs out.

Each rule set has a default (:data:`DEFAULT_SECONDS`; :data:`FALLBACK_SECONDS` for a
rule set not named there); a table may set its own ``timer`` from :data:`MIN_SECONDS`
to :data:`MAX_SECONDS` seconds, or none (``null``: wait for ever).  When the time is up
the seat is played by the table's ``on_timeout``:

- ``"auto"`` (the default), as an online table plays for an absent player
  (:func:`timeout_action`): a seat that declared ready (two-player 报听) is played on
  automatically — it wins when it can, else passes or throws the drawn tile, as the
  system of the two-player documents does; any other seat passes on a claim (and on a
  two-player offer) and throws the tile it drew; with no drawn tile (after a claim, the
  dealer's first turn) it throws its last tile; in the phases before play (换三张, 定缺,
  搓牌) it takes the first legal choice;
- a bot's name (``greedy`` …, :data:`fanshu.engine.players.PLAYERS`): that bot decides
  that one decision.

The timer itself is a :class:`Scheduler`: :class:`ThreadTimers` (a
:class:`threading.Timer` per waiting table) in a server, :class:`ManualTimers` in tests
and benches, which fire only when told — with an injectable clock, no test sleeps.

>>> from fanshu.engine.game import Game
>>> g = Game("mcr", seed=3)
>>> str(timeout_action(g, g.to_act)).startswith("discard")
True
>>> seconds_for("two-player"), seconds_for("unknown-rules")
(15, 20)
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Protocol

from fanshu.engine.actions import Action, ActionKind
from fanshu.engine.game import Game

__all__ = [
    "DEFAULT_SECONDS",
    "FALLBACK_SECONDS",
    "MAX_SECONDS",
    "MIN_SECONDS",
    "Cancel",
    "ManualTimers",
    "Scheduler",
    "ThreadTimers",
    "seconds_for",
    "timeout_action",
]

#: The shortest and longest decision timer a table may ask for (seconds).
MIN_SECONDS = 1
MAX_SECONDS = 600
#: The default timer of each rule set (seconds): MCR's tournament rules give a player
#: about 10 seconds a discard and more for a claim; a friendly table waits longer.
DEFAULT_SECONDS: dict[str, int] = {
    "mcr": 30,
    "two-player": 15,
    "sichuan": 20,
    "beijing": 20,
}
#: The default of a rule set not in :data:`DEFAULT_SECONDS`.
FALLBACK_SECONDS = 20


def seconds_for(rules: str) -> int:
    """The default decision timer of ``rules`` (seconds)."""
    return DEFAULT_SECONDS.get(rules, FALLBACK_SECONDS)


def timeout_action(game: Game, seat: int) -> Action:
    """What ``"auto"`` plays for ``seat`` when its time is up (module text)."""
    legal = game.legal_actions(seat)
    if not legal:
        raise ValueError(f"seat {seat} has nothing to decide")
    kinds = {a.kind: a for a in legal}
    if game.observe(seat).seats[seat].declared_ready and ActionKind.WIN in kinds:
        return kinds[ActionKind.WIN]  # 报听: the system plays on, and wins
    if ActionKind.PASS in kinds:
        return kinds[ActionKind.PASS]
    discards = [a for a in legal if a.kind is ActionKind.DISCARD]
    if discards:
        drawn = game.drawn
        for a in discards:
            if a.tile == drawn:
                return a
        return discards[-1]
    return legal[0]


class Cancel(Protocol):
    """What a scheduled callback gives back: calling it cancels the callback."""

    def __call__(self) -> None: ...


class Scheduler(Protocol):
    """Runs ``callback`` after ``delay`` seconds, unless cancelled first."""

    def __call__(self, delay: float, callback: Callable[[], None]) -> Cancel: ...


class ThreadTimers:
    """A daemon :class:`threading.Timer` per scheduled callback."""

    def __call__(self, delay: float, callback: Callable[[], None]) -> Cancel:
        timer = threading.Timer(max(0.0, delay), callback)
        timer.daemon = True
        timer.start()
        return timer.cancel


class ManualTimers:
    """Callbacks that run only when :meth:`advance` moves the clock past their time:
    ``clock`` is the table's clock (:meth:`now`), so a test moves time on at will.

    >>> timers = ManualTimers()
    >>> fired = []
    >>> cancel = timers(5, lambda: fired.append("a"))
    >>> _ = timers(1, lambda: fired.append("b"))
    >>> timers.advance(2), fired
    (1, ['b'])
    >>> cancel(); timers.advance(10), fired
    (0, ['b'])
    """

    def __init__(self) -> None:
        self.time = 0.0
        self._pending: dict[int, tuple[float, Callable[[], None]]] = {}
        self._next = 0
        self._lock = threading.Lock()

    def now(self) -> float:
        return self.time

    def __call__(self, delay: float, callback: Callable[[], None]) -> Cancel:
        with self._lock:
            key = self._next
            self._next += 1
            self._pending[key] = (self.time + delay, callback)

        def cancel() -> None:
            with self._lock:
                self._pending.pop(key, None)

        return cancel

    @property
    def pending(self) -> int:
        """How many callbacks wait."""
        return len(self._pending)

    def advance(self, seconds: float) -> int:
        """Move the clock on and run the callbacks now due, in time order; returns how
        many ran."""
        self.time += seconds
        ran = 0
        while True:
            with self._lock:
                due = [(t, k) for k, (t, _) in self._pending.items() if t <= self.time]
                if not due:
                    return ran
                _, key = min(due)
                _, callback = self._pending.pop(key)
            callback()
            ran += 1
