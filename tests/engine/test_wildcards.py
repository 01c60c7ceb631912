"""The engine's hooks for rule sets with a wildcard (百搭 / 赖子) and with state carried
between hands, on a test-only variant: MCR's fans on 136 tiles (no flowers), the tile
after a turned-up indicator wild, every win scored on the best reading of the wild
tiles (``fanshu.wild.fillings``, the pattern of the contract), no minimum and a flat
settlement.  The seats' waits are checked against ``fanshu.wild.is_complete`` (the
reference reading, which tries every kind for every wild tile)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

import fanshu.engine.game as game_module
from fanshu.analysis import wildcards
from fanshu.engine import Action, ActionKind, Game
from fanshu.engine.invariants import check_conservation, conservation_errors
from fanshu.engine.log import game_lines, iter_games
from fanshu.engine.observation import event_for_seat
from fanshu.engine.players import make_player
from fanshu.engine.replay import replay_game
from fanshu.engine.variants import Table, Variant, WildcardDraw
from fanshu.engine.wall import tile_set
from fanshu.errors import OptionError
from fanshu.hand import Hand
from fanshu.rules.base import Result
from fanshu.tiles import Tile
from fanshu.wild import REGULAR_AND_PAIRS, fillings, is_complete
from support.engine_soak import soak_game
from support.engine_walls import codes, tiles, wall

A = ActionKind
PASS = Action(A.PASS)
WIN = Action(A.WIN)


def next_kind(t: int) -> int:
    """The kind after ``t`` in its suit (9 → 1) or among the winds and the dragons."""
    if t < 27:
        return t - 8 if t % 9 == 8 else t + 1
    if t < 31:
        return 27 + (t - 27 + 1) % 4
    return 31 + (t - 31 + 1) % 3


class WildTable(Variant):
    """MCR's fans on 136 tiles, the kind after the turned-up tile wild."""

    name = "mcr"
    flowers = False
    wild_shapes = REGULAR_AND_PAIRS

    def full_set(self) -> list[int]:
        return tile_set(range(34))

    def choose_wildcard(self, game: Table) -> WildcardDraw | None:
        dice = (game.rng.randint(1, 6), game.rng.randint(1, 6))
        t = game.wall.turn_up()
        return WildcardDraw(tile=next_kind(t), indicator=t, dice=dice)

    def score(self, hand: Hand) -> Any:
        best: Result | None = None
        for f in fillings(hand, shapes=self.wild_shapes):
            r = self.rules.score(f.hand, self.options)
            if r.is_win and (best is None or r.total > best.total):
                best = r
        return best if best is not None else self.rules.score(hand, self.options)

    def meets_minimum(self, result: Any) -> bool:
        return bool(result.is_win)

    def settle_win(self, game: Table, s: int, result: Any, *, kong_feeder: int | None) -> None:
        game.pay({q: 3 if q == s else -1 for q in range(game.n)}, "win")

    def settle_discard_wins(self, game: Table, d: int, won: Any, *, robbing: bool) -> None:
        for s, _ in won:
            game.pay({s: 3, d: -3}, "win")


class ClaimableWild(WildTable):
    claim_wildcard = True


class Carrying(WildTable):
    """Counts the drawn hands in a row (a 黄番-like state) from hand to hand."""

    def carry_in(self, state: Mapping[str, Any]) -> None:
        self.drawn_before = int(state.get("drawn", 0))

    def carry_out(self, game: Table) -> dict[str, Any]:
        return {"drawn": 0 if game.winners else self.drawn_before + 1}


def use(monkeypatch: pytest.MonkeyPatch, cls: type[WildTable]) -> None:
    """Every Game (and so every replay) of the test plays ``cls``."""

    def variant_for(rules: str, options: Mapping[str, Any] | None = None) -> Variant:
        return cls(dict(options or {}))

    monkeypatch.setattr(game_module, "variant_for", variant_for)


@pytest.fixture
def table(monkeypatch: pytest.MonkeyPatch) -> type[WildTable]:
    use(monkeypatch, WildTable)
    return WildTable


# The deal of most tests: 6m is wild (5m turned up); seat 1 holds two 6m, seat 2 none.
HANDS = [
    "99m 2345p 2345s WNN",  # the dealer draws 6m first and may discard it
    "123m 456p 789s 1s 66m E",
    "123m 456p 789s 111s 9p",
    "234m 567p 345s 7s 88p 9s",
]


def stacked(draws: str = "6m", indicator: str = "5m") -> list[int]:
    return wall("beijing", HANDS, draws, back=indicator)


def brute_waits(counts: list[int], melds: int, wild: int) -> set[int]:
    """The kinds that complete the hand, by the reference reading."""
    out = set()
    for t in range(34):
        if counts[t] < 4:
            counts[t] += 1
            if is_complete(counts, wild, melds=melds, shapes=REGULAR_AND_PAIRS):
                out.add(t)
            counts[t] -= 1
    return out


# -- choosing the wildcard ------------------------------------------------------------


def test_the_wildcard_is_chosen_after_the_deal_from_a_tile_turned_up(table: type) -> None:
    g = Game("mcr", wall=stacked())
    kinds = [e["type"] for e in g.events[:3]]
    assert kinds == ["start", "deal", "wildcard"]
    e = g.events[2]
    assert e["tile"] == "6m" and e["indicator"] == "5m"
    assert len(e["dice"]) == 2 and all(1 <= d <= 6 for d in e["dice"])
    assert g.wildcard == int(Tile.M6)
    # the indicator left the back of the wall, is seen by everyone and still counted
    assert g.wall.turned == [int(Tile.M5)]
    assert g.wall.remaining == 136 - 52 - 1 - 1  # dealt, turned up, the first draw
    assert g.visible[int(Tile.M5)] == 1
    check_conservation(g)
    g.wall.turned.clear()
    assert conservation_errors(g)  # the turned tile is one of the places counted


def test_observation_and_its_json_carry_the_wildcard(table: type) -> None:
    g = Game("mcr", wall=stacked())
    obs = g.observe(1)
    assert obs.wildcard is Tile.M6 and obs.to_dict()["wildcard"] == "6m"
    assert obs.wild is not None and obs.wild.kind == int(Tile.M6)
    assert obs.visible[int(Tile.M5)] == 1
    shown = event_for_seat(g.events[2], 3, 4)
    assert shown == g.events[2]  # the wildcard is public


def test_a_wildcard_that_is_not_a_kind_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    class Bad(WildTable):
        def choose_wildcard(self, game: Table) -> WildcardDraw | None:
            return WildcardDraw(tile=34)

    use(monkeypatch, Bad)
    with pytest.raises(OptionError, match="tile kind 0-33, not 34"):
        Game("mcr", seed=1)


def test_without_choose_wildcard_nothing_changes() -> None:
    g = Game("mcr", seed=4)
    assert g.wildcard is None and not g.wall.turned
    assert "wildcard" not in {e["type"] for e in g.events}
    assert all(st.wild is None for st in g.seat)
    plain = g.observe(0)
    assert plain.wildcard is None and plain.wild is None and plain.to_dict()["wildcard"] is None


# -- waits with wild tiles -------------------------------------------------------------


def test_waits_count_the_wild_tiles_as_the_reference_reading(table: type) -> None:
    g = Game("mcr", wall=stacked())
    wild = int(Tile.M6)
    for s in (1, 2, 3):
        st = g.seat[s]
        want = brute_waits(list(st.counts), 0, wild)
        assert st.waits == want, s
    assert len(g.seat[1].waits) > 3  # two wild tiles: many waits
    # seat 2 holds no wild tile: its one natural wait, and the wild kind (a wild tile
    # drawn stands for the 9p)
    assert g.seat[2].waits == {int(Tile.P9), wild}


def test_waits_after_play_agree_with_the_reference(table: type) -> None:
    """After every discard, the discarder's waits (up to two wild tiles held: the
    reference reading is slow beyond)."""
    checked = ready = 0
    for seed in range(8):
        g = Game("mcr", seed=seed)
        bots = [make_player("greedy", seed + s) for s in range(4)]
        while not g.done:
            s = g.to_act
            assert s is not None
            g.step(bots[s].choose(g.observe(s)))
            assert g.wildcard is not None
            st = g.seat[s]
            if g.events[-1]["type"] != "discard" and g.mode != "claim":
                continue
            if st.counts[g.wildcard] <= 2 and st.size + 3 * len(st.melds) == 13:
                want = brute_waits(list(st.counts), len(st.melds), g.wildcard)
                assert st.waits == want
                checked += 1
                ready += bool(want)
    assert checked > 50 and ready > 5


def test_hand_with_names_the_wildcard_and_a_wild_self_drawn_win_scores_its_reading(
    table: type,
) -> None:
    g = Game("mcr", wall=stacked(draws="6m E"))
    assert g.hand_with(1, int(Tile.EAST)).context.wildcard is Tile.M6
    g.step(Action(A.DISCARD, int(Tile.M6)))  # no claim can be made on it
    assert g.to_act == 1 and WIN in g.legal_actions()  # drew E: 11s(1s+6m) EEE(E E 6m)
    g.step(WIN)
    (win,) = [e for e in g.events if e["type"] == "win"]
    assert win["seat"] == 1 and "6m" not in win["hand"]  # the concrete hand
    assert replay_game(g.events).ok


# -- claims on a wild discard -----------------------------------------------------------


def test_a_discarded_wild_tile_offers_no_claim(table: type) -> None:
    g = Game("mcr", wall=stacked())
    assert int(Tile.M6) in g.seat[2].waits  # seat 2 would win on it …
    g.step(Action(A.DISCARD, int(Tile.M6)))
    # … and seat 1 could pung it: neither is offered, the next seat draws
    assert g.mode == "turn" and g.to_act == 1
    assert [e["type"] for e in g.events[-2:]] == ["discard", "draw"]


def test_claim_wildcard_lets_it_be_claimed_and_won_on(monkeypatch: pytest.MonkeyPatch) -> None:
    use(monkeypatch, ClaimableWild)
    g = Game("mcr", wall=stacked())
    g.step(Action(A.DISCARD, int(Tile.M6)))
    assert g.mode == "claim"
    asked = {g.to_act: g.legal_actions()}
    while g.to_act is not None and g.mode == "claim":
        s = g.to_act
        asked[s] = g.legal_actions()
        g.step(PASS)
    assert Action(A.PUNG) in asked[1]
    assert WIN in asked[2]


# -- carried state --------------------------------------------------------------------


def test_a_variant_that_carries_nothing_refuses_a_carried_state() -> None:
    with pytest.raises(OptionError, match="mcr carries no state between hands"):
        Game("mcr", seed=1, carry={"drawn": 2})
    not_a_mapping: Any = [1]
    with pytest.raises(OptionError, match="carry is the state"):
        Game("mcr", seed=1, carry=not_a_mapping)


def test_carry_in_and_out_are_logged_and_replayed(monkeypatch: pytest.MonkeyPatch) -> None:
    use(monkeypatch, Carrying)
    g = Game("mcr", wall=stacked(), carry={"drawn": 2})
    assert g.events[0]["carry"] == {"drawn": 2} and g.carry == {"drawn": 2}
    assert g.carried_out == {}  # not over yet
    while not g.done:
        g.step(PASS if PASS in g.legal_actions() else g.legal_actions()[-1])
    assert not g.winners  # nobody ever wins: passes and the last discard
    assert g.carried_out == {"drawn": 3} and g.events[-1]["carry"] == {"drawn": 3}
    (log,) = iter_games(game_lines(g.events, game=0))
    assert log.events[0]["carry"] == {"drawn": 2}
    assert replay_game(log).ok
    # the replay plays the carried state of the log: another one ends otherwise
    forged = [dict(e) for e in log.events]
    forged[0]["carry"] = {"drawn": 7}
    mismatch = replay_game(forged).mismatch
    assert mismatch is not None and mismatch.event == "end" and "carry" in mismatch.reason


def test_a_hand_with_nothing_carried_logs_no_carry() -> None:
    g = Game("mcr", seed=2)
    while not g.done:
        g.step(g.legal_actions()[0])
    (log,) = iter_games(game_lines(g.events, game=0))
    assert "carry" not in log.events[0] and "carry" not in log.events[-1]
    assert g.carried_out == {}


# -- the log ----------------------------------------------------------------------------


def test_a_game_with_a_wildcard_replays_from_its_log(table: type) -> None:
    g = Game("mcr", seed=9)
    bots = [make_player(n, 9 + s) for s, n in enumerate(["greedy", "random", "fan", "greedy"])]
    while not g.done:
        s = g.to_act
        assert s is not None
        g.step(bots[s].choose(g.observe(s)))
    (log,) = iter_games(game_lines(g.events, game=0))
    assert log.events[2]["type"] == "wildcard"
    assert replay_game(log).ok
    forged = [dict(e) for e in log.events]
    forged[2]["tile"] = codes([next_kind(tiles(forged[2]["tile"])[0])])[0]
    mismatch = replay_game(forged).mismatch
    assert mismatch is not None and mismatch.seq == 2 and mismatch.event == "wildcard"


# -- bots --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "lineup",
    [["random"] * 4, ["greedy"] * 4, ["fan"] * 4, ["ev", "greedy", "fan", "random"]],
)
def test_every_bot_plays_legally_with_wild_tiles(table: type, lineup: list[str]) -> None:
    """``soak_game``: every decision legal, tiles conserved, zero sum, replay identical."""
    wins = 0
    for k in range(3):
        game, _ = soak_game("mcr", {}, k, 21, lineup)
        wins += len(game.winners)
        assert game.wildcard is not None
    if lineup != ["random"] * 4:
        assert wins  # the bots that aim at wins get some


class Recorder:
    """A greedy bot that keeps each turn's observation and choice."""

    def __init__(self, name: str, seed: int) -> None:
        self.bot = make_player(name, seed)
        self.turns: list[tuple[Any, Action]] = []

    def choose(self, obs: Any) -> Action:
        a = self.bot.choose(obs)
        if obs.phase == "turn" and a.kind is A.DISCARD:
            self.turns.append((obs, a))
        return a


@pytest.mark.parametrize("name", ["greedy", "fan"])
def test_bots_count_shanten_with_wild_tiles_and_keep_them(table: type, name: str) -> None:
    kept = thrown = 0
    for seed in range(4):
        g = Game("mcr", seed=100 + seed)
        bots = [Recorder(name, seed * 4 + s) for s in range(4)]
        while not g.done:
            s = g.to_act
            assert s is not None
            g.step(bots[s].choose(g.observe(s)))
        for bot in bots:
            for obs, a in bot.turns:
                w = obs.wild
                assert w is not None
                c, m = obs.counts, len(obs.melds)
                after = {}
                for t in {x.tile for x in obs.legal_actions if x.kind is A.DISCARD}:
                    assert t is not None
                    c[t] -= 1
                    after[t] = wildcards.shanten(c, m, w.kind, shapes=w.shapes)
                    c[t] += 1
                best = min(after.values())
                if name == "greedy":  # the lowest shanten counted with the wild tiles
                    assert after[a.tile] == best
                if c[w.kind]:
                    if a.tile != w.kind:
                        kept += 1
                        continue
                    thrown += 1
                    if name == "greedy":  # a wild tile goes only when others are farther
                        others = [v for t, v in after.items() if t != w.kind]
                        assert not others or min(others) > after[a.tile]
    # the fan player measures routes, not shanten alone: it keeps them as a rule
    assert kept > 20 and thrown * 5 < kept


def test_a_log_file_of_wild_and_carrying_hands_replays(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """What ``fanshu replay FILE`` reads: two hands written to a file, the second
    carrying the first's state, each replayed from the file alone."""
    from fanshu.engine.log import write_log
    from fanshu.engine.replay import replay_file

    use(monkeypatch, Carrying)
    carry: dict[str, Any] = {}
    games = []
    for k in range(2):
        g = Game("mcr", seed=30 + k, carry=carry)
        bots = [make_player("greedy", s) for s in range(4)]
        while not g.done:
            s = g.to_act
            assert s is not None
            g.step(bots[s].choose(g.observe(s)))
        games.append(g.events)
        carry = g.carried_out
    path = tmp_path / "wild.jsonl"
    assert write_log(path, games) == 2
    reports = replay_file(path)
    assert [r.ok for r in reports] == [True, True]
    assert reports[1].rules == "mcr"
