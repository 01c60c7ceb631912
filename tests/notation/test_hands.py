"""Whole hands, melds included, in every notation: each writes what it reads, every pair
of notations converts both ways to the same hand, and detection finds the hand (or
names an ambiguity) — hypothesis over random hands with melds."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fanshu.errors import NotationError
from fanshu.hand import Hand, Meld, MeldKind
from fanshu.notation import HAND_NOTATIONS, convert_hand, format_hand_as, read_hand
from fanshu.tiles import NUM_KINDS, Tile

NAMES = list(HAND_NOTATIONS)
#: A hand is 13-14 tiles drawn one by one: a large "smallest example" by nature.
BIG = settings(suppress_health_check=[HealthCheck.large_base_example, HealthCheck.too_slow])


@st.composite
def hands(draw: st.DrawFn) -> Hand:
    """A hand of up to 4 melds (every kind, every source) and concealed tiles, at most
    4 copies of a tile; 13 tiles or 14 with the winning tile (a kong counting as 3)."""
    copies = [0] * NUM_KINDS
    melds: list[Meld] = []
    for _ in range(draw(st.integers(0, 4))):
        kind = draw(st.sampled_from(list(MeldKind)))
        if kind is MeldKind.CHOW:
            first = Tile(draw(st.integers(0, 2)) * 9 + draw(st.integers(0, 6)))
            tiles = [first, Tile(first + 1), Tile(first + 2)]
            meld = Meld(kind, first, draw(st.integers(1, 3)))
        else:
            tile = Tile(draw(st.integers(0, NUM_KINDS - 1)))
            size = 3 if kind is MeldKind.PUNG else 4
            tiles = [tile] * size
            source = 0 if kind is MeldKind.CONCEALED_KONG else draw(st.integers(1, 3))
            meld = Meld(kind, tile, source)
        if all(copies[t] + tiles.count(t) <= 4 for t in tiles):
            for t in tiles:
                copies[t] += 1
            melds.append(meld)
    size = 13 - 3 * len(melds) + draw(st.integers(0, 1))
    concealed: list[Tile] = []
    # one draw for all the concealed tiles: a shuffled wall of what is left
    wall = [Tile(t) for t in range(NUM_KINDS) for _ in range(4 - copies[t])]
    concealed = draw(st.permutations(wall))[:size]
    winning = concealed.pop() if size + 3 * len(melds) == 14 else None
    return Hand(tuple(sorted(concealed)), tuple(melds), winning)


def same(a: Hand, b: Hand) -> bool:
    return (a.concealed, a.melds, a.winning_tile) == (b.concealed, b.melds, b.winning_tile)


@pytest.mark.parametrize("name", NAMES)
@given(hand=hands())
@BIG
def test_each_notation_reads_what_it_writes(name: str, hand: Hand) -> None:
    text = format_hand_as(hand, name)
    assert same(read_hand(text, name)[0], hand), text


@pytest.mark.parametrize("source", NAMES)
@pytest.mark.parametrize("target", NAMES)
@given(hand=hands())
@settings(
    max_examples=40,
    suppress_health_check=[HealthCheck.large_base_example, HealthCheck.too_slow],
)
def test_every_pair_converts_both_ways(source: str, target: str, hand: Hand) -> None:
    there, found = convert_hand(format_hand_as(hand, source), target, source)
    assert found == source
    assert same(read_hand(there, target)[0], hand), there
    back, _ = convert_hand(there, source, target)
    assert back == format_hand_as(hand, source)


@pytest.mark.parametrize("name", NAMES)
@given(hand=hands())
@BIG
def test_detection_finds_the_hand_or_names_the_ambiguity(name: str, hand: Hand) -> None:
    text = format_hand_as(hand, name)
    try:
        found, notation = read_hand(text)
    except NotationError as e:
        # only a z honour (mpsz against the older CMH) can be read two ways here
        assert name == "mpsz" and "z" in text, (text, e.message)
        assert "reads differently" in e.message and "mpsz" in e.message and "cmh" in e.message
        return
    assert same(found, hand), (text, notation)
    assert notation in HAND_NOTATIONS


# -- against the oracle: random winning hands, written in each notation ---------------

import fanshu  # noqa: E402
from fanshu.sampling import winning_hands  # noqa: E402
from support.oracle import oracle_score  # noqa: E402

WINS = list(winning_hands(18, 60))


@pytest.mark.parametrize("name", NAMES)
def test_random_wins_in_every_notation_score_as_the_oracle(name: str) -> None:
    melded = 0
    for hand in WINS:
        melded += bool(hand.melds)
        text = format_hand_as(hand, name)  # the tiles: the context goes beside them
        ours = fanshu.score(read_hand(text, name, hand.context)[0])
        oracle = oracle_score(hand)
        assert oracle is not None
        assert ours.total == oracle[0], (text, ours.total, oracle)
        try:  # detected, unless it is one of the z-honour ambiguities
            detected = fanshu.score(read_hand(text, None, hand.context)[0])
        except NotationError as e:
            assert name == "mpsz" and "reads differently" in e.message
        else:
            assert detected.total == ours.total
    assert melded >= 10  # the sample has hands with melds
