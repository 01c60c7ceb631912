"""``fanshu.analysis.analyze``: waits, useful tiles, remaining counts, discard ranking."""

from __future__ import annotations

import pytest

import fanshu
from fanshu.analysis import Analysis, DiscardOption, UsefulTile, Wait, analyze
from fanshu.analysis.shanten import shanten
from fanshu.errors import FanshuError, InvalidHandError, NotationError, OptionError
from fanshu.hand import Hand, WinContext
from fanshu.notation import parse_hand
from fanshu.notation.fanshu import parse_tiles
from fanshu.shapes import counts_of
from fanshu.tiles import Tile

#: A 14-tile hand whose best discards tie on shanten and useful count (4 from ready).
TIED = "135m2467p19sESWCF"


def codes(tiles: object) -> list[str]:
    return [t.tile.code for t in tiles]  # type: ignore[attr-defined]


# -- waits of known hands ----------------------------------------------------------------


def test_nine_gates_waits_on_nine_kinds() -> None:
    a = analyze("1112345678999m")
    assert a.shanten == 0 and a.by_shape.regular == 0
    assert codes(a.waits) == [f"{r}m" for r in range(1, 10)]
    assert [w.remaining for w in a.waits] == [1, 3, 3, 3, 3, 3, 3, 3, 1]
    for w in a.waits:
        assert w.fan_discard is not None and w.fan_discard >= 88
        assert w.fan_self_drawn is not None and w.fan_self_drawn > w.fan_discard
        assert not w.under_minimum_discard and not w.under_minimum_self_drawn
        assert not w.last_tile
        assert w.fan_discard == fanshu.score(f"1112345678999m{w.tile.code}").total
        assert (
            w.fan_self_drawn == fanshu.score(f"1112345678999m{w.tile.code}", self_drawn=True).total
        )
    # for a ready hand the useful tiles are the waits
    assert codes(a.useful) == codes(a.waits)
    assert a.useful_count == 23


def test_thirteen_orphans_thirteen_sided_wait() -> None:
    a = analyze("19m19s19pESWNCFP")
    assert a.shanten == 0 and a.by_shape.thirteen_orphans == 0
    assert len(a.waits) == 13
    assert {w.tile for w in a.waits} == {
        Tile.M1, Tile.M9, Tile.S1, Tile.S9, Tile.P1, Tile.P9, *range(27, 34)
    }  # fmt: skip
    assert all(w.remaining == 3 and (w.fan_discard or 0) >= 88 for w in a.waits)
    assert a.useful_count == 39


def test_seven_pairs_single_wait() -> None:
    a = analyze("1199m55p3388sEEC")
    assert a.shanten == 0 and a.by_shape.seven_pairs == 0
    assert codes(a.waits) == ["C"]
    (w,) = a.waits
    assert w.remaining == 3
    assert w.fan_discard == fanshu.score("1199m55p3388sEECC").total


def test_only_wait_is_a_tile_held_four_times() -> None:
    a = analyze("1111m234p567s789s")
    assert a.shanten == 0
    assert codes(a.waits) == ["1m"]
    (w,) = a.waits
    assert w.remaining == 0
    assert w.fan_discard is None and w.fan_self_drawn is None
    assert not w.last_tile
    assert a.to_dict()["waits"][0]["remaining"] == 0


def test_waits_with_melds_and_winds() -> None:
    a = analyze("[EEEE]123m456p789s1s", context=WinContext(seat_wind="E", flowers=2))
    assert codes(a.waits) == ["1s"]
    (w,) = a.waits
    assert w.remaining == 3
    expected = fanshu.score("[EEEE]123m456p789s1s1s", seat_wind="E", flowers=2)
    assert w.fan_discard == expected.total
    assert w.under_minimum_discard is not expected.meets_minimum


def test_under_minimum_flag() -> None:
    a = analyze("[123m]456p678s234mN")  # a cheap hand: N single wait
    (w,) = a.waits
    expected = fanshu.score("[123m]456p678s234mNN")
    assert w.fan_discard == expected.total
    assert w.under_minimum_discard and expected.total_without_flowers < 8
    self_drawn = fanshu.score("[123m]456p678s234mNN", self_drawn=True)
    assert w.under_minimum_self_drawn is (self_drawn.total_without_flowers < 8)


def test_flowers_do_not_lift_a_hand_over_the_minimum() -> None:
    a = analyze("[123m]456p678s234mN", context=WinContext(flowers=8))
    (w,) = a.waits
    assert w.fan_discard == fanshu.score("[123m]456p678s234mNN", flowers=8).total
    assert w.under_minimum_discard


# -- visible tiles ---------------------------------------------------------------------


def test_visible_tiles_lower_remaining() -> None:
    plain = analyze("1112345678999m")
    seen = analyze("1112345678999m", "5m5m9m")
    by_tile = {w.tile.code: w.remaining for w in seen.waits}
    assert by_tile["5m"] == 1 and by_tile["9m"] == 0 and by_tile["4m"] == 3
    assert seen.useful_count == plain.useful_count - 3
    dead = {w.tile.code: w for w in seen.waits}["9m"]
    assert dead.fan_discard is None  # no copy left: cannot be won
    # tiles as a sequence, and flowers among them, are accepted
    assert analyze("1112345678999m", [Tile.M5, Tile.M5, Tile.M9, Tile.SPRING]) == seen


def test_last_tile_when_the_other_three_are_on_the_table() -> None:
    hand = "123m456p789s23sEE"  # waits 1s and 4s
    a = analyze(hand, visible="1s1s1s")
    w = {x.tile.code: x for x in a.waits}
    assert w["1s"].remaining == 1 and w["1s"].last_tile
    assert w["4s"].remaining == 4 and not w["4s"].last_tile
    assert w["1s"].fan_discard == fanshu.score(hand + "1s", fourth_tile=True).total
    assert (
        w["1s"].fan_self_drawn == fanshu.score(hand + "1s", fourth_tile=True, self_drawn=True).total
    )
    plain = {x.tile.code: x for x in analyze(hand).waits}
    assert w["1s"].fan_discard == plain["1s"].fan_discard + 4  # type: ignore[operator]
    # two seen: not yet the last copy
    assert not {x.tile.code: x for x in analyze(hand, "1s1s").waits}["1s"].last_tile


def test_last_tile_from_own_meld() -> None:
    a = analyze("[111s]23s456m789pEE")  # the pung shows three 1s
    w = {x.tile.code: x for x in a.waits}
    assert w["1s"].remaining == 1 and w["1s"].last_tile
    assert w["1s"].fan_discard == fanshu.score("[111s]23s456m789pEE1s").total


def test_last_tile_not_when_a_copy_is_held_concealed() -> None:
    a = analyze("123m456p789s11s22s", visible="1s")  # 1s: 2 held, 1 seen
    w = {x.tile.code: x for x in a.waits}
    assert w["1s"].remaining == 1 and not w["1s"].last_tile


def test_too_many_visible_copies() -> None:
    with pytest.raises(InvalidHandError, match="1s") as e:
        analyze("123m456p789s11s22s", "1s1s1s")
    assert "only 4 copies of 1s" in str(e.value)
    with pytest.raises(InvalidHandError, match="E"):
        analyze("[EEEE]123m456p789s1s", "E")


def test_bad_visible_notation() -> None:
    with pytest.raises(NotationError):
        analyze("1112345678999m", "5x")


@pytest.mark.parametrize("hand", ["123m", "1112345678999m11p", "[EEEE][SSSS]123m456p11s1p"])
def test_wrong_tile_count(hand: str) -> None:
    with pytest.raises(FanshuError):
        analyze(hand)


# -- 13 tiles, not ready ---------------------------------------------------------------


def test_useful_tiles_one_from_ready() -> None:
    a = analyze("123m456p789s112sE")
    assert a.shanten == 1
    assert not a.waits and not a.discards
    assert {u.tile.code for u in a.useful} >= {"1s", "2s", "3s", "E"}
    assert a.useful_count == sum(u.remaining for u in a.useful)
    assert all(isinstance(u, UsefulTile) for u in a.useful)
    d = a.to_dict()
    assert list(d) == [
        "shanten", "shanten_by_shape", "by", "rules", "best", "useful", "useful_count", "waits",
        "value",
    ]  # fmt: skip
    assert d["waits"] == []
    assert set(parse_tiles(d["useful"])) == {u.tile for u in a.useful}


# -- 14 tiles: discards -------------------------------------------------------------------


def test_best_discard() -> None:
    a = analyze("123m456p789s23sEEN")
    assert a.shanten == 0
    best = a.discards[0]
    assert isinstance(best, DiscardOption)
    assert best.tile is Tile.NORTH and best.shanten == 0
    assert codes(best.useful) == ["1s", "4s"] and best.useful_count == 8
    assert len(a.discards) == len(set(parse_hand("123m456p789s23sEEN").concealed_with_winning))
    # seen tiles lower the counts but not the order of the keys: shanten comes first
    b = analyze("123m456p789s23sEEN", visible="1s1s1s4s4s")
    assert b.discards[0].tile is Tile.NORTH and b.discards[0].useful_count == 3


def test_discard_options_are_the_13_tile_analyses() -> None:
    hand = TIED
    a = analyze(hand)
    full = parse_hand(hand)
    for d in a.discards:
        rest = list(full.concealed_with_winning)
        rest.remove(d.tile)
        sub = analyze(Hand(tuple(sorted(rest)), full.melds), visible=[d.tile])
        assert d.shanten == sub.shanten
        assert d.useful == sub.useful and d.useful_count == sub.useful_count


def test_the_default_look_ahead_keeps_the_best_of_the_full_one() -> None:
    full = analyze(TIED, by="efficiency", look_ahead="all")
    best = analyze(TIED, by="efficiency")  # look_ahead="best"
    top = (full.discards[0].shanten, full.discards[0].useful_count)
    tied = [d for d in full.discards if (d.shanten, d.useful_count) == top]
    assert len(tied) > 1  # the hand is chosen so that the look-ahead decides
    assert best.discards[: len(tied)] == full.discards[: len(tied)]
    assert all(d.next_useful_count is None for d in best.discards[len(tied) :])
    none = analyze(TIED, by="efficiency", look_ahead="none")
    assert all(d.next_useful_count is None for d in none.discards)
    with pytest.raises(OptionError, match="look_ahead is 'best', 'all' or 'none', not 'some'"):
        analyze(TIED, look_ahead="some")  # type: ignore[arg-type]


def test_ranking_keys_and_ties() -> None:
    a = analyze(TIED, by="efficiency", look_ahead="all")
    keys = [(d.shanten, -d.useful_count, -(d.next_useful_count or 0), int(d.tile))
            for d in a.discards]  # fmt: skip
    assert keys == sorted(keys)
    groups: dict[tuple[int, int], list[DiscardOption]] = {}
    for d in a.discards:
        groups.setdefault((d.shanten, d.useful_count), []).append(d)
    for (s, _), members in groups.items():
        for d in members:
            # computed exactly among ties of a hand not yet ready
            assert (d.next_useful_count is not None) is (len(members) > 1 and s > 0)


def test_ready_ties_fall_back_to_tile_order() -> None:
    a = analyze("123m456p789s112sEE", by="efficiency")  # 1s (wait 3s) or 2s (1s/E): 4 each
    top = a.discards[:2]
    assert [d.tile.code for d in top] == ["1s", "2s"]
    assert [d.useful_count for d in top] == [4, 4]
    assert all(d.next_useful_count is None for d in top)


def test_next_useful_count_by_hand() -> None:
    """The second-order measure recomputed the slow way for one tied option."""
    a = analyze(TIED, by="efficiency")
    tied = [d for d in a.discards if d.next_useful_count is not None]
    assert tied
    d = tied[0]
    full = parse_hand(TIED)
    counts = counts_of(full.concealed_with_winning)
    counts[d.tile] -= 1
    total = 0
    for u in d.useful:
        counts[u.tile] += 1
        best = 0
        for x in range(34):
            if counts[x] and x != u.tile:
                counts[x] -= 1
                if shanten(counts) < d.shanten:
                    rem = list(a.remaining)
                    rem[u.tile] -= 1
                    sub = analyze(
                        Hand(tuple(sorted(Tile(t) for t in range(34) for _ in range(counts[t]))))
                    )
                    best = max(best, sum(rem[v.tile] for v in sub.useful))
                counts[x] += 1
        counts[u.tile] -= 1
        total += u.remaining * best
    assert d.next_useful_count == total


def test_complete_hand_still_lists_discards() -> None:
    a = analyze("[EEEE]123m456p789s11s", by="efficiency")
    assert a.shanten == -1 and a.by_shape.regular == -1
    assert a.discards and all(d.shanten >= 0 for d in a.discards)
    assert a.discards[0].shanten == 0
    d = a.to_dict()
    assert list(d) == ["shanten", "shanten_by_shape", "by", "rules", "best", "discards"]
    assert list(d["discards"][0]) == ["tile", "shanten", "useful", "useful_count"]
    assert isinstance(d["discards"][0]["useful"], str)


def test_result_types_and_dict() -> None:
    a = analyze("1112345678999m")
    assert isinstance(a, Analysis) and isinstance(a.waits[0], Wait)
    d = a.to_dict()
    assert d["shanten"] == 0
    assert d["useful"] == "123456789m"
    assert d["shanten_by_shape"] == a.by_shape.to_dict()
    assert set(d["shanten_by_shape"]) == {
        "regular", "seven_pairs", "thirteen_orphans", "honors_knitted", "knitted_straight"
    }  # fmt: skip
    assert d["waits"][0] == {
        "tile": "1m", "remaining": 1, "fan_discard": a.waits[0].fan_discard,
        "fan_self_drawn": a.waits[0].fan_self_drawn, "under_minimum_discard": False,
        "under_minimum_self_drawn": False, "last_tile": False,
    }  # fmt: skip


def test_melds_limit_the_shapes() -> None:
    a = analyze("[EEE]123m456p789s1s")
    assert a.by_shape.seven_pairs is None and a.by_shape.thirteen_orphans is None
    assert a.to_dict()["shanten_by_shape"]["seven_pairs"] is None


@pytest.mark.parametrize("rules", ["sichuan", "beijing", "two-player"])
def test_waits_of_other_rule_sets_with_a_kong(rules: str) -> None:
    """A kong's kind is never a wait (a fifth copy); the rule set's own scorer is asked."""
    a = analyze("[1111m]23m456m789m55s", rules=rules)
    assert a.rules == rules and a.shanten == 0
    assert [w.tile.code for w in a.waits] == ["4m", "7m"]
    assert all(w.fan_discard is not None for w in a.waits)
