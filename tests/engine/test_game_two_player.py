"""The two-player game (二人麻将) on stacked walls: 71 tiles in play, 报听 and the automatic
play after it, the 海底捞月 round at exhaustion, 天和, the optional exchange events and
the 13-fan cap (RULES.md §2; seed 000 关于2人麻将的说明, seeds 000/004 三、麻将游戏规则)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from fanshu.engine import Game
from fanshu.engine.wall import WallError
from fanshu.tiles import Tile
from support.engine_walls import (
    FULL_SETS,
    act,
    game,
    legal,
    of_type,
    play_out,
    settlements,
    tiles,
    wall_tiles_accounted,
)


class Fish:
    """The game's chances, fixed: the 海底捞月 round fishes ``tile`` from the pool, and
    every event offered at a probability happens."""

    def __init__(self, g: Game, tile: str) -> None:
        self.g, self.tile = g, tiles(tile)[0]

    def randrange(self, n: int) -> int:
        return self.g.pool.index(self.tile)

    def random(self) -> float:
        return 0.0

    def choice(self, seq: Any) -> Any:
        return seq[0]


def fans_of(g: Game) -> dict[str, int]:
    (win,) = of_type(g, "win")
    return {f[0]: f[1] * f[2] for f in win["fans"]}


# -- 71 tiles ----------------------------------------------------------------------------

JUNK = "1m4m7m2s5s8s3m6m9mNWCF"
READY = "1m2m3m4m5m6m7m8m9m1s1s2s3s"  # waits 1s/4s
READY_S = "1p2p3p4p5p6p7p8p9pEEES"  # waits S


def test_71_of_the_136_tiles_are_in_play_and_the_rest_set_aside() -> None:
    # RULES.md §2: each game draws 71 tiles at random; the other 65 are out of play.
    g = game("two-player", [READY, READY_S])
    assert len(g.wall.tiles) == 71 and len(g.pool) == 65
    assert sorted(g.wall.tiles + g.pool) == sorted(FULL_SETS["two-player"])
    # dealer 14 (13 + the first draw), the other 13; 71 − 27 left
    assert g.seat[0].size == 14 and g.seat[1].size == 13 and g.wall.remaining == 44
    with pytest.raises(WallError, match="has 71 tiles, not 136"):
        Game("two-player", wall=FULL_SETS["two-player"])


def test_an_unstacked_game_also_plays_71_tiles() -> None:
    # The same with a shuffled wall: 71 in the wall, the rest in the pool, per seed.
    g = Game("two-player", seed=11)
    assert len(g.wall.tiles) == 71 and len(g.pool) == 65
    assert Game("two-player", seed=11).wall.tiles == g.wall.tiles
    assert Game("two-player", seed=12).wall.tiles != g.wall.tiles


# -- 报听 -------------------------------------------------------------------------------


def test_declaring_ready_hands_play_to_the_system_until_a_win_is_offered() -> None:
    # 报听 (RULES.md §2; seed 000: 此后不允许换张并由系统自动帮玩家摸牌打牌，直到胡牌或有人
    # 放炮时询问玩家是否胡牌): after the declaration the dealer's draws are discarded for it;
    # it is asked only when it can win, and may let the win go.
    g = game("two-player", [READY, READY_S], "N 1m C F 4s 1s")
    assert {"ready N", "ready 1s"} <= set(legal(g))
    act(g, 0, "ready N")
    ready = of_type(g, "ready")[0]
    assert (ready["seat"], ready["at_start"]) == (0, True)  # with the starting hand: 天听
    act(g, 1, "discard 1m")
    # the dealer drew C: discarded for it, it was not asked; seat 1 is asked
    auto = of_type(g, "discard")[-1]
    assert (auto["seat"], auto["tile"], auto["auto"]) == (0, "C", True)
    assert g.to_act == 1
    act(g, 1, "discard F")
    # the dealer drew 4s, which completes its hand: win, or discard it and stay ready
    assert (g.to_act, legal(g)) == (0, ["win", "discard 4s"])
    act(g, 0, "discard 4s")
    act(g, 1, "discard 1s")
    # seat 1's 1s: the dealer holds 1s1s but is asked only win or pass (no pung)
    assert (g.to_act, legal(g)) == (0, ["win", "pass"])
    act(g, 0, "win")
    fans = fans_of(g)
    assert fans["天听"] == 32
    assert settlements(g) == [[13, -13]]  # capped at 13


def test_a_ready_player_not_declared_may_still_pung() -> None:
    # Counterpart: without the declaration, the same dealer is asked to pung 1s too.
    g = game("two-player", [READY, READY_S], "N 1s")
    act(g, 0, "discard N")
    act(g, 1, "discard 1s")
    assert (g.to_act, legal(g)) == (0, ["win", "pung", "chow 1s", "pass"])


# -- 天和 and the cap ----------------------------------------------------------------------


def test_the_dealer_wins_on_the_dealt_fourteen_with_heavenly_hand() -> None:
    # Two-player blessings (RULES.md §1 extras, seed 000): 天和 99 when the dealer's 14
    # starting tiles are complete; what the loser pays is capped at 13 (封顶, §2).
    g = game("two-player", [READY, READY_S], "4s")
    assert "win" in legal(g)
    act(g, 0, "win")
    fans = fans_of(g)
    assert fans["天和"] == 99
    assert of_type(g, "win")[0]["total"] > 99
    assert settlements(g) == [[13, -13]] and g.scores == [13, -13]


def test_the_same_hand_later_is_no_heavenly_hand() -> None:
    # Near miss: completed on the dealer's second draw, no 天和.
    g = game("two-player", [READY, READY_S], "N C 4s")
    act(g, 0, "discard N")
    act(g, 1, "discard C")
    act(g, 0, "win")
    assert "天和" not in fans_of(g)


def test_a_win_under_the_cap_pays_its_total() -> None:
    # 封顶 13 is an upper bound: a 5-fan win (门前清 平和 老少副) on a discard pays 5.
    small = "1p2p3p5s6s7s2m3m4m5p5p7p8p"  # waits 6p/9p
    g = game("two-player", [JUNK, small], "E C 9p")
    act(g, 0, "discard E")
    act(g, 1, "discard C")
    act(g, 0, "discard 9p")
    act(g, 1, "win")
    (win,) = of_type(g, "win")
    assert win["total"] == 5 and "人和" not in fans_of(g)
    assert settlements(g) == [[-5, 5]]


def test_the_cap_is_an_option() -> None:
    # cap: none removes the bound (option of the two-player rule set).
    g = game("two-player", [READY, READY_S], "4s", options={"cap": None})
    act(g, 0, "win")
    total = of_type(g, "win")[0]["total"]
    assert settlements(g) == [[total, -total]]


# -- 海底捞月 at exhaustion ---------------------------------------------------------------


def to_moon(
    hands: list[str], draws: str = "", moves: tuple[tuple[int, str], ...] = (), fish: str = "S"
) -> Game:
    """Make ``moves``, then play out the wall with the fishing fixed to ``fish``; stop
    when the 海底捞月 round asks or the hand ends."""
    g = game("two-player", hands, draws)
    g.rng = Fish(g, fish)  # type: ignore[assignment]
    for seat, action in moves:
        act(g, seat, action)
    play_out(g, stop=lambda g: g.observe(g.to_act).phase == "last")  # type: ignore[arg-type]
    return g


def test_one_ready_player_fishes_from_the_pool_and_may_win_on_it() -> None:
    # RULES.md §2 / seed 000: when the 71 are used up and one player is ready, that
    # player gets a 海底捞月 round: a tile from those out of play, won on as the last tile.
    g = to_moon([JUNK, READY_S])
    (moon,) = of_type(g, "moon")
    assert (moon["seat"], moon["tile"]) == (1, "S")
    assert g.wall.remaining == 0 and len(g.pool) == 64
    assert (g.to_act, legal(g)) == (1, ["win", "pass"])
    act(g, 1, "win")
    assert "妙手回春" in fans_of(g)
    assert g.winners == [1] and g.events[-1]["result"] == "win"


def test_a_fished_tile_that_does_not_complete_the_hand_ends_it_drawn() -> None:
    g = to_moon([JUNK, READY_S], fish="P")
    assert of_type(g, "moon")[0]["tile"] == "P"
    assert g.done and g.events[-1]["result"] == "drawn" and settlements(g) == []


def test_passing_the_fished_win_ends_the_hand_drawn() -> None:
    g = to_moon([JUNK, READY_S])
    act(g, 1, "pass")
    assert g.done and g.events[-1]["result"] == "drawn" and g.winners == []


def test_nobody_ready_at_exhaustion_is_a_drawn_hand() -> None:
    # 若均没听牌则流局: no 海底捞月 round, no payment.
    g = to_moon([JUNK, "1p4p7p2s5s8s3p6p9pESCF"])
    assert g.done and not of_type(g, "moon")
    assert g.events[-1]["result"] == "drawn" and g.scores == [0, 0]


BOTH = {
    1: ((0, "discard N"), (1, "ready C"), (0, "ready F")),
    0: ((0, "ready N"), (1, "ready C")),
}


@pytest.mark.parametrize("first", [1, 0])
def test_both_ready_the_one_who_declared_first_fishes(first: int) -> None:
    # 若两人全部听牌 … 由先听牌的玩家进行海底捞月 (seed 000).
    g = to_moon([READY, READY_S], "N C F", BOTH[first])
    assert len(of_type(g, "ready")) == 2
    assert of_type(g, "ready")[0]["seat"] == first
    (moon,) = of_type(g, "moon")
    assert moon["seat"] == first


# -- the exchange events ------------------------------------------------------------------


def test_exchange_events_at_probability_one_conserve_the_tiles() -> None:
    # Seed 000 开始时换牌, 游戏中换牌 (a triplet), 搓牌, each at the configured
    # probability (1.0 here): tiles move between hands, wall and pool, none is lost.
    full = sorted(FULL_SETS["two-player"])
    cfg = {"exchange_at_start": 1.0, "triplet_offer": 1.0, "free_pick": 1.0}
    g = game("two-player", [JUNK, READY_S], config=cfg)
    assert wall_tiles_accounted(g) == full
    # 开始时换牌: the dealer gives two tiles back one at a time, then stops; seat 1 none
    assert g.to_act == 0 and "pass" in legal(g)
    act(g, 0, "exchange F")
    act(g, 0, "exchange C")
    act(g, 0, "pass")
    act(g, 1, "pass")
    got = of_type(g, "exchange")
    assert [e["gave"] for e in got] == ["F", "C"] and all(e["seat"] == 0 for e in got)
    assert g.seat[0].size == 14 and wall_tiles_accounted(g) == full
    # 搓牌 at the dealer's first draw: any unseen tile, here a W from the pool
    assert any(a.startswith("pick") for a in legal(g)) and "pass" in legal(g)
    act(g, 0, "pick W")
    assert of_type(g, "pick")[0]["got"] == "W" and wall_tiles_accounted(g) == full
    # 游戏中换牌: a triplet from the pool, then three tiles given back
    (swap,) = legal(g)[:1]
    assert swap.startswith("swap")
    act(g, 0, swap)
    assert g.seat[0].size == 17
    for t in ("1m", "4m", "7m"):
        act(g, 0, f"exchange {t}")
    assert g.seat[0].size == 14 and len(of_type(g, "give")) == 3
    assert wall_tiles_accounted(g) == full
    assert all(a.startswith("discard") or a.startswith("ready") for a in legal(g))
    act(g, 0, legal(g)[0])
    assert wall_tiles_accounted(g) == full


def test_an_exchange_at_start_swaps_the_given_tile_for_one_from_the_pool() -> None:
    # 开始时换牌: the given tile goes out of play and a tile from those out of play comes
    # into the hand in its place.
    g = game("two-player", [JUNK, READY_S], config={"exchange_at_start": 1.0})
    pool, hand = Counter(g.pool), Counter(g.seat[0].tiles())
    act(g, 0, "exchange F")
    (ex,) = of_type(g, "exchange")
    got = Tile(tiles(ex["got"])[0])
    assert (ex["seat"], ex["gave"]) == (0, "F")
    assert Counter(g.pool) == pool - Counter([got]) + Counter([Tile.GREEN])
    assert Counter(g.seat[0].tiles()) == hand - Counter([Tile.GREEN]) + Counter([got])


def test_the_prevalent_wind_of_the_config_does_not_apply() -> None:
    # RULES.md §2: no seat or prevalent wind in the two-player game; a table configured
    # with one (the config is shared by every rule set) scores its wins as without.
    g = game("two-player", [READY, READY_S], "4s", config={"prevalent_wind": 2})
    assert g.observe(0).win_accepted is True
    act(g, 0, "win")
    plain = game("two-player", [READY, READY_S], "4s")
    act(plain, 0, "win")
    assert of_type(g, "win")[0]["total"] == of_type(plain, "win")[0]["total"]
