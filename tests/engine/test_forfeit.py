"""Game.forfeit: a judge's verdict ends the hand with the rule set's forfeit payments,
is logged, and replays from the log."""

from __future__ import annotations

import io
import json

import pytest

from fanshu.engine.actions import ActionError
from fanshu.engine.game import Game
from fanshu.engine.log import write_games
from fanshu.engine.replay import replay_game, replay_lines


def _played(rules: str, seed: int, decisions: int) -> Game:
    g = Game(rules, seed=seed)
    for _ in range(decisions):
        if g.done:
            break
        g.step(g.legal_actions()[-1])
    return g


def test_mcr_forfeit_pays_botzones_30_and_10_and_ends_the_hand() -> None:
    g = _played("mcr", 3, 5)
    assert not g.done
    g.forfeit(2, "WA", detail="PENG W1 without a pair")
    assert g.done and g.to_act is None and g.legal_actions() == []
    assert g.scores == [10, 10, -30, 10]
    kinds = [e["type"] for e in g.events[-3:]]
    assert kinds == ["forfeit", "settle", "end"]
    assert g.events[-3] == {
        "type": "forfeit",
        "seat": 2,
        "reason": "WA",
        "detail": "PENG W1 without a pair",
    }
    assert g.events[-2]["reason"] == "forfeit"
    assert g.events[-1]["result"] == "forfeit" and g.events[-1]["winners"] == []


def test_forfeit_in_another_rule_set_uses_the_default_hook() -> None:
    g = _played("two-player", 1, 2)
    g.forfeit(0, "TLE")
    assert g.scores == [-10, 10]


def test_a_logged_forfeit_replays_and_a_changed_one_is_caught() -> None:
    g = _played("mcr", 11, 9)
    g.forfeit(g.to_act or 0, "TLE")
    assert replay_game(g.events).ok
    out = io.StringIO()
    write_games([g.events], out)
    reports = list(replay_lines(out.getvalue().splitlines()))
    assert [r.ok for r in reports] == [True] and reports[0].result == "forfeit"
    lines = out.getvalue().splitlines()
    changed = [json.loads(x) for x in lines]
    settle = next(e for e in changed if e["type"] == "settle" and e["reason"] == "forfeit")
    settle["payments"] = [0, 0, 0, 0]
    bad = replay_game(changed)
    assert bad.mismatch is not None and "payments" in bad.mismatch.reason


def test_a_forfeit_the_game_cannot_take_is_refused() -> None:
    g = _played("mcr", 5, 1)
    with pytest.raises(ActionError, match="0-3"):
        g.forfeit(4, "WA")
    with pytest.raises(ActionError, match="reason"):
        g.forfeit(1, " ")
    g.forfeit(1, "RE")
    with pytest.raises(ActionError, match="over"):
        g.forfeit(1, "RE")


def test_asked_lists_every_claimant_of_a_discard_at_once() -> None:
    # play until a discard is offered to more than one seat
    for seed in range(200):
        g = Game("mcr", seed=seed)
        while not g.done:
            if g.mode == "claim":
                asked = [s for s in range(4) if g.asked(s)]
                if len(asked) >= 2:
                    assert g.to_act in asked
                    later = next(s for s in asked if s != g.to_act)
                    assert g.legal_actions(later) == []  # not its turn to answer yet
                    assert g.asked(later)[-1].kind.value == "pass"
                    return
            g.step(g.legal_actions()[0])
    pytest.fail("no discard was offered to two seats in 200 games")


def test_the_replay_summary_counts_forfeited_games() -> None:
    from fanshu.engine.replay import Summary

    summary = Summary()
    g = _played("mcr", 11, 9)
    g.forfeit(g.to_act or 0, "WA")
    summary.add(replay_game(g.events))
    mcr = summary.to_dict()["rules"]["mcr"]
    assert (mcr["games"], mcr["forfeited"], mcr["drawn"], mcr["wins"]) == (1, 1, 0, 0)
