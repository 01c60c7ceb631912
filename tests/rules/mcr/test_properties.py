"""Properties of MCR scoring over generated hands, winning or not.

(a) scoring any legal 14-tile hand returns an McrResult whose totals are consistent, and
    only FanshuError is raised for hands that fail validation;
(b) the order of concealed tiles and of melds does not change the result;
(c) the total is the sum of count x value over the counted fans;
(d) a hand's string parses back to the same hand.
"""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

import fanshu
from fanshu.errors import FanshuError, InvalidHandError
from fanshu.hand import Hand, Meld, MeldKind, WinContext
from fanshu.notation import parse_hand
from fanshu.rules.mcr.evaluate import fan_value, score_hand
from fanshu.rules.mcr.fans import Fan
from fanshu.rules.mcr.options import DEFAULT_OPTIONS, McrOptions
from fanshu.rules.mcr.result import McrResult, is_mcr_result
from fanshu.sampling import winning_hands
from fanshu.shapes import decompose
from fanshu.tiles import TILES, WINDS, Tile

_POOLS = (
    tuple(range(34)),
    tuple(range(9)),  # one suit: many wins, 九莲宝灯
    tuple(range(9)) + tuple(range(27, 34)),
    tuple(range(18)),
    (0, 8, 9, 17, 18, 26, *range(27, 34)),  # terminals and honours: 十三幺, 幺九
    (0, 3, 6, 10, 13, 16, 20, 23, 26, *range(27, 34)),  # knitted: 全不靠, 组合龙
    (10, 11, 12, 14, 16, 32),  # green
)

options = st.builds(
    McrOptions,
    concealed_and_melded_kong=st.sampled_from((5, 6)),
    two_concealed_kongs=st.sampled_from((6, 8)),
    knitted_straight_waits=st.booleans(),
    honors_knitted_all_types=st.booleans(),
    seven_pairs_tile_hog=st.booleans(),
    all_terminals_triple_pung=st.booleans(),
    seven_pairs_combines=st.booleans(),
    all_terminals_double_pung=st.booleans(),
    special_hands_fully_concealed=st.booleans(),
)

rarely = st.sampled_from((False, False, False, True))
contexts = st.builds(
    WinContext,
    self_drawn=st.booleans(),
    fourth_tile=rarely,
    kong=rarely,
    wall_last=st.booleans(),
    seat_wind=st.sampled_from(WINDS),
    prevalent_wind=st.sampled_from(WINDS),
    flowers=st.integers(0, 8),
)


@st.composite
def melds(draw: st.DrawFn, pool: tuple[int, ...]) -> Meld:
    kind = draw(st.sampled_from(list(MeldKind)))
    if kind is MeldKind.CHOW:
        starts = [t for t in pool if t < 27 and t % 9 <= 6] or [0]
        return Meld(kind, TILES[draw(st.sampled_from(starts))], draw(st.integers(1, 3)))
    source = 0 if kind is MeldKind.CONCEALED_KONG else draw(st.integers(1, 3))
    return Meld(kind, TILES[draw(st.sampled_from(pool))], source)


@st.composite
def random_hands(draw: st.DrawFn) -> Hand:
    """Any 14-tile hand (a kong counting 3), at most 4 copies of each tile."""
    pool = draw(st.sampled_from(_POOLS))
    ms = draw(st.lists(melds(pool), max_size=4))
    used = Counter(int(t) for m in ms for t in m.tiles)
    if any(n > 4 for n in used.values()):
        ms, used = [], Counter[int]()
    need = 14 - 3 * len(ms)
    left = [t for t in range(34) for _ in range(4 - used[t])]
    preferred = [t for t in left if t in pool]
    source = preferred if len(preferred) >= need else left
    tiles = draw(st.permutations(source))[:need]
    win = TILES[tiles[-1]]
    concealed = tuple(sorted(TILES[t] for t in tiles[:-1]))
    return Hand(concealed, tuple(ms), win, draw(contexts))


@st.composite
def near_wins(draw: st.DrawFn) -> Hand:
    """Four sets and a pair, some declared, winning on a random concealed tile."""
    pool = draw(st.sampled_from(_POOLS))
    chows = [t for t in pool if t < 27 and t % 9 <= 6 and t + 1 in pool and t + 2 in pool]
    sets: list[tuple[bool, int]] = []
    for _ in range(4):
        chow = bool(chows) and draw(st.booleans())
        sets.append((chow, draw(st.sampled_from(chows if chow else pool))))
    pair = draw(st.sampled_from(pool))
    declared = draw(st.lists(st.integers(0, 3), unique=True, max_size=4))
    ms: list[Meld] = []
    concealed: list[int] = [pair, pair]
    for i, (chow, t) in enumerate(sets):
        if i in declared:
            if chow:
                ms.append(Meld(MeldKind.CHOW, TILES[t], draw(st.integers(1, 3))))
            else:
                kind = draw(st.sampled_from([k for k in MeldKind if k is not MeldKind.CHOW]))
                source = 0 if kind is MeldKind.CONCEALED_KONG else draw(st.integers(1, 3))
                ms.append(Meld(kind, TILES[t], source))
        else:
            concealed.extend((t, t + 1, t + 2) if chow else (t, t, t))
    copies = Counter(concealed) + Counter(int(t) for m in ms for t in m.tiles)
    if max(copies.values()) > 4:
        return draw(random_hands())
    order = draw(st.permutations(concealed))
    win = TILES[order[-1]]
    return Hand(tuple(sorted(TILES[t] for t in order[:-1])), tuple(ms), win, draw(contexts))


any_hands = st.one_of(random_hands(), near_wins())


def fan_multiset(r: McrResult) -> list[tuple[Fan, int, int, tuple[tuple[Tile, ...], ...]]]:
    return sorted((e.fan, e.count, e.value, tuple(sorted(e.sets))) for e in r.fans)


def check_result(h: Hand, r: McrResult, opts: McrOptions) -> None:
    assert is_mcr_result(r)
    assert r.hand is h
    assert r.flowers == h.context.flowers
    # (c) the total is the sum of the counted fans
    assert r.total == sum(e.count * e.value for e in r.fans)
    assert r.total_without_flowers == sum(
        e.count * e.value for e in r.fans if e.fan is not Fan.FLOWER_TILES
    )
    d = r.to_dict()
    full = r.to_full_dict()
    if not r.is_win:
        assert r.fans == () and r.total == 0 and not r.meets_minimum
        assert isinstance(r.reason, str) and r.reason
        assert r.shape is None
        assert d["error"]["code"] == "not_a_win" and d["total"] == 0
        assert full["total_without_flowers"] == 0
        return
    assert r.reason is None and r.shape is not None
    assert r.total_without_flowers >= 1
    assert r.total == r.total_without_flowers + h.context.flowers
    assert r.count_of(Fan.FLOWER_TILES) == h.context.flowers
    assert r.meets_minimum == (r.total_without_flowers >= 8)
    fans = [e.fan for e in r.fans]
    assert len(fans) == len(set(fans)), fans
    for e in r.fans:
        assert e.count >= 1
        assert e.value == (1 if e.fan is Fan.FLOWER_TILES else fan_value(e.fan, opts)), e.fan
    if Fan.CHICKEN_HAND in r:
        assert set(fans) <= {Fan.CHICKEN_HAND, Fan.FLOWER_TILES}
    for x in r.excluded:
        assert x.by in r, (x.fan, x.by)
    assert d["error"] is None and d["total"] == r.total
    assert [f["count"] * f["value"] for f in d["fans"]] == [e.points for e in r.fans]
    assert full["total_without_flowers"] == r.total_without_flowers
    assert full["meets_minimum"] == r.meets_minimum


def standing_counts(h: Hand) -> list[int]:
    c = [0] * 34
    for t in h.concealed_with_winning:
        c[t] += 1
    return c


# -- (a) scoring never raises, and the result is consistent ------------------------------


@settings(max_examples=400, deadline=None)
@given(any_hands, options)
def test_scoring_any_hand(h: Hand, opts: McrOptions) -> None:
    try:
        h.validate()
    except InvalidHandError:
        # the public call rejects it the same way, with FanshuError
        try:
            fanshu.score(h, options=opts)
        except FanshuError:
            return
        raise AssertionError("fanshu.score accepted a hand that fails validation") from None
    r = score_hand(h, opts)
    check_result(h, r, opts)
    assert fanshu.score(h, options=opts) == r
    # a regular shape is a win, whatever else the hand might be
    standing = standing_counts(h)
    regular = [d for d in decompose(standing) if len(d) == 5 - len(h.melds)]
    if regular:
        assert r.is_win
    if r.is_win and r.shape == "regular":
        assert regular
    if not h.melds and all(n % 2 == 0 for n in standing):
        assert r.is_win  # 七对


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**32 - 1), options)
def test_scoring_sampled_wins(seed: int, opts: McrOptions) -> None:
    (h,) = winning_hands(seed, 1)
    r = score_hand(h, opts)
    check_result(h, r, opts)
    assert r.is_win


# -- (b) order does not matter -------------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**32 - 1), st.data())
def test_order_of_tiles_and_melds_does_not_matter(seed: int, data: st.DataObject) -> None:
    (h,) = winning_hands(seed, 1)
    concealed = data.draw(st.permutations(h.concealed))
    ms = data.draw(st.permutations(h.melds))
    shuffled = Hand(tuple(concealed), tuple(ms), h.winning_tile, h.context)
    a = score_hand(h, DEFAULT_OPTIONS)
    b = score_hand(shuffled, DEFAULT_OPTIONS)
    assert (a.is_win, a.shape, a.total) == (b.is_win, b.shape, b.total)
    assert fan_multiset(a) == fan_multiset(b)
    assert sorted(a.excluded, key=repr) == sorted(b.excluded, key=repr)


@settings(max_examples=150, deadline=None)
@given(any_hands, st.data())
def test_order_does_not_matter_for_any_hand(h: Hand, data: st.DataObject) -> None:
    try:
        h.validate()
    except InvalidHandError:
        return
    concealed = data.draw(st.permutations(h.concealed))
    ms = data.draw(st.permutations(h.melds))
    shuffled = Hand(tuple(concealed), tuple(ms), h.winning_tile, h.context)
    a = score_hand(h, DEFAULT_OPTIONS)
    b = score_hand(shuffled, DEFAULT_OPTIONS)
    assert (a.is_win, a.shape, a.total, a.reason) == (b.is_win, b.shape, b.total, b.reason)
    assert fan_multiset(a) == fan_multiset(b)


# -- (d) the hand string round-trips ----------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_sampled_hand_string_round_trips(seed: int) -> None:
    (h,) = winning_hands(seed, 1)
    assert parse_hand(str(h), h.context) == h


@settings(max_examples=200, deadline=None)
@given(any_hands)
def test_any_hand_string_round_trips(h: Hand) -> None:
    text = str(h)
    assert parse_hand(text, h.context) == h
    assert str(parse_hand(text)) == text
