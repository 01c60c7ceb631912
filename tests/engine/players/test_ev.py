"""The ev player: by the value advice where the advice and the efficiency order
disagree, never a refused win, only legal actions in every phase of every rule set,
the same game for the same seeds — and playable wherever bots are named: the library's
simulate (its log replaying), ``fanshu play``, ``fanshu simulate``, the web's
``POST /v1/games`` and the RL environment."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from fanshu.analysis import value
from fanshu.analysis.value import evaluate_discards
from fanshu.cli.main import app as cli_app
from fanshu.engine import Action, ActionKind, Game, Observation
from fanshu.engine.env import MahjongEnv
from fanshu.engine.observation import SeatView
from fanshu.engine.players import PLAYERS, EvPlayer, make_player
from fanshu.engine.players.ev import BUDGET
from fanshu.engine.players.position import position_of
from fanshu.engine.replay import replay_file, replay_game
from fanshu.engine.simulate import play_game, simulate
from fanshu.notation import parse_tiles
from fanshu.tiles import TILE_OF_CODE, Tile
from fanshu.web.app import create_app
from fanshu.web.ratelimit import RateLimits
from support.engine_play import config_for

A = ActionKind


def tile(code: str) -> int:
    return int(TILE_OF_CODE[code])


def observation(
    hand: str,
    *,
    phase: str = "turn",
    legal: list[Action] | None = None,
    offered: str | None = None,
    by: int | None = None,
    win_accepted: bool | None = None,
    rules: str = "mcr",
) -> Observation:
    """Seat 0's observation of an MCR table at the start of a hand: ``hand`` (its last
    tile the draw on a turn), nothing else seen; on a turn every kind held may be
    thrown, in a claim ``legal`` are the choices offered."""
    tiles = tuple(sorted(parse_tiles(hand)))
    drawn = parse_tiles(hand)[-1] if phase == "turn" else None
    if legal is None:
        legal = [Action(A.DISCARD, t) for t in sorted(set(map(int, tiles)))]
    if win_accepted is not None and Action(A.WIN) not in legal:
        legal = [Action(A.WIN), *legal]
    visible = [0] * 34
    for t in tiles:
        visible[t] += 1
    seats = []
    for q in range(4):
        river = (Tile(tile(offered)),) if offered is not None and q == by else ()
        if river:
            visible[river[0]] += 1
        seats.append(SeatView((), river, (), 13, False, False, None, 0))
    return Observation(
        rules=rules,
        seat=0,
        dealer=0,
        prevalent_wind=0,
        seat_wind=0,
        phase=phase,
        hand=tiles,
        drawn=drawn,
        melds=(),
        seats=tuple(seats),
        wall_remaining=70,
        last_discard=None if offered is None else Tile(tile(offered)),
        last_discarder=by,
        legal_actions=tuple(legal),
        visible=tuple(visible),
        win_total=None,
        win_accepted=win_accepted,
    )


# -- registry --------------------------------------------------------------------------


def test_ev_is_a_built_in_player() -> None:
    assert "ev" in PLAYERS
    p = make_player("ev", seed=3)
    assert isinstance(p, EvPlayer) and p.name == "ev"


# -- decisions by value --------------------------------------------------------------


def test_it_throws_the_tile_whose_wait_reaches_8_fan() -> None:
    # the hand: 3m and 6m leave the same shape (shanten 0, 4 useful tiles), but
    # after 3m the one wait, 7s, is worth 5 fan (no MCR win); after 6m it is 12 (三色三同顺)
    obs = observation("3456m345p34568sEE")
    assert EvPlayer(1).choose(obs) == Action(A.DISCARD, tile("6m"))


def test_it_never_wins_what_the_rules_refuse_and_wins_what_they_accept() -> None:
    # ready on 7s for 5 fan: under the minimum, so the win on offer is refused
    legal = [Action(A.CHOW, tile("6s")), Action(A.PASS)]
    obs = observation("456m345p34568sEE", phase="claim", legal=legal, offered="7s", by=3,
                      win_accepted=False)  # fmt: skip
    assert EvPlayer(1).choose(obs) != Action(A.WIN)
    # ready on 6s-9s for 三色三同顺: a win the rules accept is taken
    obs = observation("345m345p34578sEE", phase="claim", legal=[Action(A.PASS)], offered="9s",
                      by=2, win_accepted=True)  # fmt: skip
    assert EvPlayer(1).choose(obs) == Action(A.WIN)


def test_a_self_drawn_win_is_declared_only_when_accepted() -> None:
    obs = observation("345m345p345678sEE", win_accepted=True)
    assert EvPlayer(1).choose(obs) == Action(A.WIN)
    refused = observation("456m345p345678sEE", win_accepted=False)
    assert EvPlayer(1).choose(refused) != Action(A.WIN)


@pytest.mark.parametrize("rules", ["mcr", "sichuan", "two-player"])
def test_each_discard_is_the_one_worth_most(rules: str) -> None:
    """At every turn of seat 0 in played hands, a fresh ev player throws the discard
    with the most expected points (or, under a minimum, one whose ready hand meets it),
    by the value advice's own numbers for the seed the player gives it."""
    checked = 0
    for seed in range(3):
        g = Game(rules, seed=seed)
        fans = [make_player("fan", s) for s in range(g.n)]
        while not g.done:
            s = g.to_act
            assert s is not None
            obs = g.observe(s)
            legal = obs.legal_actions
            if (
                s == 0
                and obs.phase == "turn"
                and not obs.win_accepted
                and not any(a.kind is A.KONG for a in legal)
            ):
                action = EvPlayer(seed).choose(obs)
                assert action.kind in (A.DISCARD, A.READY) and action.tile is not None
                values = evaluate_discards(
                    position_of(obs), budget=BUDGET,
                    seed=random.Random(f"ev-{seed}").getrandbits(32),
                )  # fmt: skip
                throws = {a.tile for a in legal if a.tile is not None}
                top = max(values[t].expected_points for t in throws)
                chosen = values[action.tile]
                assert chosen.expected_points == top or chosen.p_minimum >= 1.0, (rules, seed)
                checked += 1
            g.step(fans[s].choose(obs))
    assert checked > 10


# -- at the table -----------------------------------------------------------------------


PHASES = {
    "mcr": {"turn", "claim"},
    "sichuan": {"turn", "claim", "exchange", "void"},
    "two-player": {"turn", "claim", "exchange", "pick", "swap", "give"},
    "beijing": {"turn", "claim"},
}


@pytest.mark.parametrize("rules", list(PHASES))
def test_only_legal_actions_and_no_false_win_in_every_phase(rules: str) -> None:
    chosen: Counter[str] = Counter()
    hands = 12 if rules != "two-player" else 20
    for seed in range(hands):
        g = Game(rules, seed=seed, config=config_for(rules, seed))
        seated = ["ev" if (s + seed) % 2 == 0 else "fan" for s in range(g.n)]
        players = [make_player(name, seed * 10 + s) for s, name in enumerate(seated)]
        while not g.done:
            s = g.to_act
            assert s is not None
            obs = g.observe(s)
            action = players[s].choose(obs)
            assert action in obs.legal_actions, (rules, seed, obs.phase, action)
            if seated[s] == "ev":
                chosen[obs.phase] += 1
                if action == Action(A.WIN):
                    assert obs.win_accepted, (rules, seed, obs.phase)
            g.step(action)
        assert not [e for e in g.events if e["type"] == "false_win"], (rules, seed)
        assert replay_game(g.events).ok, (rules, seed)
    missing = PHASES[rules] - set(chosen)
    assert not missing, f"ev never played a {sorted(missing)} decision in {rules}"


def test_the_same_seeds_play_the_same_game() -> None:
    def events(seed: int) -> list[dict[str, object]]:
        return [dict(e) for e in play_game("sichuan", 0, ["ev"] * 4, seed).events]

    assert events(3) == events(3)


# -- wherever bots are named ---------------------------------------------------------


@pytest.mark.parametrize("rules", ["mcr", "sichuan", "two-player", "beijing"])
def test_simulate_plays_ev_and_its_log_replays(rules: str, tmp_path: Path) -> None:
    n = 2 if rules == "two-player" else 4
    names = ["ev", *["fan"] * (n - 1)]
    summary = simulate(rules, 2, names, seed=4)
    assert summary.games == 2 and summary.false_wins_by_seat == [0] * n
    log = tmp_path / "games.jsonl"
    code = CliRunner().invoke(
        cli_app,
        ["simulate", "--rules", rules, "--games", "2", "--players", ",".join(names),
         "--seed", "4", "--out", str(log)],
    ).exit_code  # fmt: skip
    assert code == 0
    reports = replay_file(log)
    assert len(reports) == 2 and all(r.ok for r in reports)


def test_fanshu_play_seats_ev_bots() -> None:
    result = CliRunner().invoke(
        cli_app,
        ["play", "--rules", "mcr", "--seed", "5", "--opponents", "ev,ev,ev", "--plain"],
        input="1\n" * 400,
    )
    assert result.exit_code == 0, result.output
    assert "── end of the hand ──" in result.stdout
    assert "seat 1 (S, ev)" in result.stdout


def test_the_web_seats_ev_bots() -> None:
    client = TestClient(
        create_app(":memory:", rate_limits=RateLimits.off()), base_url="http://localhost"
    )
    with client:
        r = client.post("/v1/games", json={"rules": "sichuan", "seed": 7,
                                           "opponents": ["ev", "ev", "ev"]})  # fmt: skip
        assert r.status_code == 201, r.text
        state = r.json()
        assert state["players"] == ["you", "ev", "ev", "ev"]
        events = list(state["events_new"])
        for _ in range(500):
            if state["done"]:
                break
            r = client.post(f"/v1/games/{state['id']}/actions", json={"action": 0})
            assert r.status_code == 200, r.text
            state = r.json()
            events += state["events_new"]
        assert state["done"] and events[-1]["type"] == "end"
        assert sum(state["scores"]) == 0


@pytest.mark.parametrize("rules", ["mcr", "two-player"])
def test_the_rl_environment_plays_against_ev(rules: str) -> None:
    n = 2 if rules == "two-player" else 4
    env = MahjongEnv(rules, opponents=["ev"] * (n - 1), seed=2)
    _, info = env.reset()
    total, done = 0, bool(info["terminated"])
    while not done:
        _, reward, done, _, info = env.step(0)
        total += reward
    assert total == info["score"] == env.game.scores[0]
    assert replay_game(env.game.events).ok


def _no_pass(self: object, counts: list[int]) -> list[int] | None:
    return None


@pytest.mark.parametrize(("rules", "seeds"), [("mcr", 2), ("beijing", 1), ("two-player", 3)])
def test_one_pass_discards_choose_as_discard_by_discard(
    rules: str, seeds: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The value advice reads each discard's shanten of a 14-tile hand from one pass
    (``efficiency.discard_shantens``); at every decision of seeded hands the ev player
    as shipped and the same player asking each discard's shanten apart (the code that
    still serves Sichuan's void suit and wild tiles) answer the same action, from
    generators in the same state."""
    table = value._Call.after_discards
    served = 0

    def counted(self: value._Call, counts: list[int]) -> list[int] | None:
        nonlocal served
        got = table(self, counts)
        served += got is not None
        return got

    decisions = 0
    for seed in range(seeds):
        g = Game(rules, seed=seed)
        fast = [EvPlayer(s) for s in range(g.n)]
        ref = [EvPlayer(s) for s in range(g.n)]
        while not g.done:
            s = g.to_act
            assert s is not None
            obs = g.observe(s)
            monkeypatch.setattr(value._Call, "after_discards", _no_pass)
            want = ref[s].choose(obs)
            monkeypatch.setattr(value._Call, "after_discards", counted)
            got = fast[s].choose(obs)
            assert got == want, (rules, seed, len(g.events), obs.phase)
            decisions += 1
            g.step(got)
    assert decisions > 40 and served > 100
