"""``fanshu.tables.table``: a live table plays the series ``fanshu.match.series`` plays,
for people by seat, and shows each seat and each watcher what it may see."""

from __future__ import annotations

from typing import Any

import pytest

from fanshu.engine.log import iter_games
from fanshu.engine.players import make_player
from fanshu.engine.replay import replay_game
from fanshu.engine.simulate import player_seed
from fanshu.engine.variants import playable_rules
from fanshu.errors import OptionError
from fanshu.match.series import play_series
from fanshu.tables.table import RebuildError, Table, TableError, TableSpec
from fanshu.tables.timers import ManualTimers, timeout_action


def _seats(rules: str, bots: int = 0) -> list[str]:
    n = 2 if rules == "two-player" else 4
    return ["human"] * (n - bots) + ["greedy"] * bots


def play_greedy(table: Table) -> int:
    """Each person's decision by a greedy bot seeded as the series seeds its bots."""
    decisions = 0
    while not table.done:
        p = table.asked()
        assert p is not None
        k = len(table.games) - 1
        key = (k, p)
        bots = table.__dict__.setdefault("_test_bots", {})
        if key not in bots:
            bots[key] = make_player("greedy", player_seed(table.spec.seed, k, p))
        g = table.game
        s = table.seatings[-1].index(p)
        table.act(p, str(bots[key].choose(g.observe(s))))
        decisions += 1
    return decisions


@pytest.mark.parametrize("rules", playable_rules())
def test_a_table_plays_the_series_of_its_seed(rules: str) -> None:
    """People deciding as the series' greedy bots would: the same hands, seats, dealers
    and scores as play_series; each hand's log replays; the totals add up."""
    hands = 4 if rules == "mcr" else 2
    spec = TableSpec.create(rules, _seats(rules, bots=1), seed=11, hands=hands, timer=None)
    table = Table("t", spec)
    table.start()
    assert play_greedy(table) > 0
    series = play_series(rules, ["greedy"] * len(spec.seats), seed=11, hands=hands)
    assert [r["scores"] for r in table.results] == [list(h.scores) for h in series.hands]
    assert [r["dealer"] for r in table.results] == [h.dealer for h in series.hands]
    assert [tuple(r["seating"]) for r in table.results] == [h.seating for h in series.hands]
    assert table.totals() == series.totals() and sum(table.totals()) == 0
    for k, text in enumerate(table.hand_logs()):
        (log,) = iter_games(text.splitlines())
        report = replay_game(log)
        assert report.ok, report.mismatch
        assert list(report.scores) == list(table.games[k].scores)


def test_each_seat_sees_its_own_tiles_and_a_watcher_none() -> None:
    spec = TableSpec.create("sichuan", _seats("sichuan"), seed=2, hands=1, timer=None)
    table = Table("t", spec)
    table.start()
    while not table.done:
        p = table.asked()
        assert p is not None
        table.act(p, 0)
    deals = [e for e in table.public if e["type"] == "deal"]
    assert deals and all("hand" not in e for e in deals)
    assert all(e["type"] != "act" for e in table.public)
    assert all("tile" not in e for e in table.public if e["type"] in ("draw", "flower"))
    assert all(set(e) <= {"type", "direction"} for e in table.public if e["type"] == "exchange")
    for p in range(4):
        mine = [e for e in table.shown[p] if e["type"] == "deal"]
        assert len(mine[0]["hand"]) == 13
        assert all(e["seat"] == p for e in table.shown[p] if e["type"] == "act")
    watch = table.state(None, 0)
    assert "hand" not in watch["observation"] and "drawn" not in watch["observation"]
    assert watch["observation"]["legal_actions"] == [] and watch["seat"] is None


def test_actions_refused_leave_the_table_as_it_was() -> None:
    spec = TableSpec.create("two-player", ["human", "human"], seed=4, hands=1, timer=None)
    table = Table("t", spec)
    table.start()
    p = table.asked()
    assert p is not None
    other = 1 - p
    before = table.state(p, 0)
    for who, action, words in [
        (other, 0, "not your decision"),
        (p, 99, "index 99 is not in the list"),
        (p, "discard", "needs a tile"),
        (p, "chow 1m", "not possible now"),
        (p, True, "its text or its index"),
    ]:
        with pytest.raises((TableError, Exception), match=words) as info:
            table.act(who, action)
        assert info.value.code == "illegal_action"
    assert table.state(p, 0) == before


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"rules": "nope"}, "rules is one of"),
        ({"seats": ["human", "greedy", "greedy"]}, "played by 4 seats"),
        ({"seats": ["human", "robot", "greedy", "greedy"]}, "a seat is human or a bot"),
        ({"seats": ["greedy"] * 4}, "at least one human"),
        ({"hands": 17}, "hands is a whole number from 1 to 16"),
        ({"rules": "beijing", "hands": 65}, "from 1 to 64"),
        ({"seed": -1}, "seed is a whole number"),
        ({"timer": 0}, "timer is a whole number from 1 to 600"),
        ({"timer": 601}, "from 1 to 600"),
        ({"on_timeout": "sleep"}, "on_timeout is auto or a bot"),
        ({"config": {"dealer": 1}}, "series decides the dealer"),
        ({"options": {"no_such_option": 1}}, "no_such_option"),
        ({"names": ["a", "b", "c", ""]}, "names are 4 names"),
    ],
)
def test_a_spec_names_what_is_wrong(kwargs: dict[str, Any], words: str) -> None:
    args: dict[str, Any] = {"rules": "mcr", "seats": ["human", "greedy", "greedy", "greedy"]}
    args.update(kwargs)
    if args["rules"] == "beijing" and "seats" not in kwargs:
        args["seats"] = ["human"] * 4
    with pytest.raises(OptionError, match=words):
        TableSpec.create(args.pop("rules"), args.pop("seats"), **args)


def test_a_spec_round_trips_and_takes_defaults() -> None:
    spec = TableSpec.create("mcr", ["human", "fan", "greedy", "human"], seed=3)
    assert spec.hands == 16 and spec.timer == 30 and spec.humans == [0, 3]
    assert spec.names == ("P1", "fan 2", "greedy 3", "P4")
    assert TableSpec.from_dict(spec.to_dict()) == spec
    assert TableSpec.create("two-player", ["human", "greedy"]).timer == 15


def test_a_bot_takes_a_seat_over_and_gives_it_back() -> None:
    spec = TableSpec.create("two-player", ["human", "human"], seed=6, hands=2, timer=None)
    table = Table("t", spec)
    table.start()
    p = table.asked()
    assert p is not None
    table.take_over(p, "greedy")
    assert table.asked() != p or table.done  # the bot played p's turns
    assert table.summary()["seats"][p]["bot"] == "greedy"
    table.take_over(p, None)
    assert table.takeover == {}
    with pytest.raises(OptionError, match="unknown bot"):
        table.take_over(p, "nobody")
    while not table.done:
        q = table.asked()
        assert q is not None
        table.act(q, 0)
    assert len(table.results) == 2 and sum(table.totals()) == 0


def test_a_timed_out_seat_is_played_automatically() -> None:
    clock = ManualTimers()
    spec = TableSpec.create(
        "mcr", ["human", "greedy", "greedy", "greedy"], seed=1, hands=1, timer=5
    )
    seen: list[int] = []
    table = Table("t", spec, clock=clock.now, scheduler=clock, listener=lambda t: seen.append(1))
    table.start()
    assert table.asked() == 0 and table.deadline == 5
    expected = str(timeout_action(table.game, table.seatings[-1].index(0)))
    assert table.state(0, 0)["deadline"] == 5
    assert clock.advance(4) == 0 and table.asked() == 0  # not yet
    events = len(table.game.events)
    assert clock.advance(1) == 1
    acts = [e for e in table.game.events[events:] if e["type"] == "act"]
    assert acts[0] == {"type": "act", "seat": 0, "action": expected}
    assert seen  # the change was told
    assert clock.pending == (0 if table.done else 1)  # the next decision's timer


def test_a_named_bot_plays_a_timed_out_seat() -> None:
    clock = ManualTimers()
    spec = TableSpec.create(
        "two-player", ["human", "human"], seed=8, hands=1, timer=3, on_timeout="random"
    )
    table = Table("t", spec, clock=clock.now, scheduler=clock)
    table.start()
    decisions = 0
    while not table.done and decisions < 500:
        decisions += clock.advance(3)
    assert table.done and decisions > 0


def test_restore_plays_the_logs_again() -> None:
    spec = TableSpec.create("beijing", ["human", "greedy", "human", "greedy"], seed=9, hands=2)
    table = Table("t", spec)
    table.start()
    for _ in range(40):
        p = table.asked()
        assert p is not None
        table.act(p, 0)
    again = Table("t", spec)
    again.restore(table.hand_logs(), {})
    for p in [*range(4), None]:
        was, now = table.state(p, 0), again.state(p, 0)
        assert now["event_count"] > 0 and {**now, "deadline": None} == {**was, "deadline": None}
    broken = table.hand_logs()
    broken[-1] = broken[-1].replace('"discard"', '"discarded"', 1)
    with pytest.raises(RebuildError, match="does not play again as logged"):
        Table("t", spec).restore(broken, {})
