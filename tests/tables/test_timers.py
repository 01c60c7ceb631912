"""``fanshu.tables.timers``: what is played for a seat whose time is up, and the
schedulers."""

from __future__ import annotations

import threading

from fanshu.engine.actions import ActionKind
from fanshu.engine.game import Game
from fanshu.engine.players import make_player
from fanshu.tables.timers import (
    MAX_SECONDS,
    MIN_SECONDS,
    ManualTimers,
    ThreadTimers,
    seconds_for,
    timeout_action,
)


def test_auto_throws_the_drawn_tile_and_passes_on_claims() -> None:
    turns = claims = 0
    for seed in range(3):
        g = Game("mcr", seed=seed)
        bot = make_player("greedy", seed)
        while not g.done and (turns < 30 or claims < 5):
            s = g.to_act
            assert s is not None
            legal = g.legal_actions(s)
            action = timeout_action(g, s)
            assert action in legal
            kinds = {a.kind for a in legal}
            if ActionKind.PASS in kinds:
                assert action.kind is ActionKind.PASS
                claims += 1
            elif g.drawn is not None and ActionKind.DISCARD in kinds:
                assert action.kind is ActionKind.DISCARD and action.tile == g.drawn
                turns += 1
            g.step(bot.choose(g.observe(s)), seat=s)
    assert turns >= 30 and claims >= 5


def test_a_ready_two_player_seat_plays_on_and_wins() -> None:
    """报听: after declaring, the seat is played on (win when it can)."""
    wins = 0
    for seed in range(40):
        g = Game("two-player", seed=seed)
        bots = [make_player("greedy", seed), make_player("greedy", seed + 1)]
        while not g.done:
            s = g.to_act
            assert s is not None
            me = g.observe(s)
            if me.seats[s].declared_ready:
                action = timeout_action(g, s)
                legal = g.legal_actions(s)
                if any(a.kind is ActionKind.WIN for a in legal):
                    assert action.kind is ActionKind.WIN
                    wins += 1
                g.step(action, seat=s)
            else:
                g.step(bots[s].choose(me), seat=s)
        if wins:
            break
    assert wins


def test_defaults_and_bounds() -> None:
    assert seconds_for("mcr") == 30 and seconds_for("two-player") == 15
    assert 1 <= MIN_SECONDS < MAX_SECONDS <= 3600


def test_manual_timers_run_in_time_order_only_when_told() -> None:
    timers = ManualTimers()
    ran: list[str] = []
    timers(3, lambda: ran.append("c"))
    cancel = timers(2, lambda: ran.append("b"))
    timers(1, lambda: ran.append("a"))
    cancel()
    assert timers.advance(0.5) == 0 and ran == []
    assert timers.advance(10) == 2 and ran == ["a", "c"] and timers.pending == 0
    assert timers.now() == 10.5


def test_thread_timers_fire_and_cancel() -> None:
    fired = threading.Event()
    ThreadTimers()(0.0, fired.set)
    assert fired.wait(5)
    never = threading.Event()
    cancel = ThreadTimers()(30, never.set)
    cancel()
    assert not never.is_set()
