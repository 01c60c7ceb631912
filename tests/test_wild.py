"""fanshu.wild (the readings of wild tiles) against brute force, and the wildcard of
``fanshu.score`` / ``fanshu.shanten``.

The brute force (``support.wild_brute``) replaces the wild tiles by every multiset of
kinds: ``fill_counts`` for the whole hand at once, ``grouped_fill_counts`` group by
group (quicker with three or four wild tiles; itself checked against the first here).
"""

from __future__ import annotations

import random

import pytest

import fanshu
from fanshu.errors import InvalidHandError, OptionError
from fanshu.notation import parse_hand, parse_tiles
from fanshu.shapes import counts_of, is_regular_complete
from fanshu.tiles import NUM_KINDS, TILES
from fanshu.wild import (
    ANY_KIND,
    REGULAR_AND_PAIRS,
    SHAPES,
    counts_of_hand,
    fill_counts,
    fillings,
    is_complete,
)
from support import wild_brute as brute

SHAPE_CHOICES = (REGULAR_AND_PAIRS, ("regular",), SHAPES, ("seven_pairs",), ("thirteen_orphans",))
WILD_WEIGHTS = (1, 1, 1, 2, 2, 3, 3, 4)  # more hands with few wild tiles: they are cheap


def random_case(
    rng: random.Random, size14: bool = True
) -> tuple[list[int], int, int, tuple[str, ...], frozenset[int]]:
    wildcard = rng.randrange(NUM_KINDS)
    w = rng.choice(WILD_WEIGHTS)
    melds = rng.choice((1, 2)) if rng.random() < 0.25 else 0
    shapes = rng.choice(SHAPE_CHOICES)
    if melds and "regular" not in shapes:
        shapes = ("regular", *shapes)
    stands_for = ANY_KIND if rng.random() < 0.8 else frozenset(rng.sample(range(NUM_KINDS), 12))
    size = (14 if size14 else 13) - 3 * melds
    make = brute.near_complete_hand if rng.random() < 0.7 else brute.random_hand
    return make(rng, size, wildcard, w), wildcard, melds, shapes, stands_for


def test_grouped_brute_force_is_the_plain_one() -> None:
    rng = random.Random(16)
    for _ in range(150):
        c, wild, melds, shapes, sf = random_case(rng)
        if c[wild] > 2:
            continue
        assert brute.grouped_fill_counts(c, wild, melds, shapes, sf) == brute.fill_counts(
            c, wild, melds, shapes, sf
        )


def test_fill_counts_and_is_complete_match_brute_force() -> None:
    rng = random.Random(1600)
    complete = 0
    for _ in range(1500):
        c, wild, melds, shapes, sf = random_case(rng)
        want = brute.grouped_fill_counts(c, wild, melds, shapes, sf)
        got = fill_counts(c, wild, melds=melds, shapes=shapes, stands_for=sf)
        assert got == want, (c, wild, melds, shapes, sorted(sf))
        assert is_complete(c, wild, melds=melds, shapes=shapes, stands_for=sf) == bool(want)
        complete += bool(want)
    assert complete > 200  # the sample holds wins of every kind, not only failures


def test_orphans_and_pairs_with_wild_tiles() -> None:
    rng = random.Random(7)
    orphans = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]
    seen = 0
    for _ in range(200):
        c = [0] * NUM_KINDS
        for t in orphans:
            c[t] = 1
        c[rng.choice(orphans)] += 1
        wild = rng.choice(orphans)
        keep = c[wild]
        gone = rng.sample([t for t in orphans if t != wild and c[t] == 1], rng.randint(0, 3))
        for t in gone:
            c[t] -= 1
        c[wild] = keep + len(gone)
        if c[wild] > 4:
            continue
        want = brute.grouped_fill_counts(c, wild, 0, SHAPES)
        assert fill_counts(c, wild, melds=0, shapes=SHAPES) == want
        assert want
        seen += 1
    assert seen > 100


def test_without_the_wild_kind_it_is_the_natural_check() -> None:
    rng = random.Random(3)
    for _ in range(500):
        melds = rng.choice((0, 0, 1, 3))
        c = brute.near_complete_hand(rng, 14 - 3 * melds, 0, 0)
        absent = [t for t in range(NUM_KINDS) if not c[t]]
        wild = rng.choice(absent)
        natural = brute.natural_complete(c, melds, REGULAR_AND_PAIRS)
        assert natural == ((melds == 0 and all(x % 2 == 0 for x in c)) or is_regular_complete(c))
        assert is_complete(c, wild, melds=melds) == natural
        assert is_complete(c, None, melds=melds) == natural
        assert fill_counts(c, wild, melds=melds) == ([()] if natural else [])


def test_four_copy_limit_and_stands_for() -> None:
    c = counts_of(parse_tiles("5555m123p789s1sCCC"))  # 中 wild
    readings = fill_counts(c, 31, melds=0)
    assert readings == brute.fill_counts(c, 31, 0, REGULAR_AND_PAIRS)
    assert (3, 5, 9) in readings  # 555m 456m 1s1s: 中 as 4m, 6m and 1s
    assert all(4 not in r for r in readings)  # never a fifth 5m
    only_honours = frozenset(range(27, 34))
    assert not is_complete(c, 31, melds=0, stands_for=only_honours)  # the 1s needs a 1s
    assert fill_counts(c, 31, melds=0, stands_for=frozenset()) == []
    assert not is_complete(c, 31, melds=0, stands_for=frozenset())


def test_fillings_are_concrete_wins_that_say_what_each_wild_tile_was() -> None:
    h = parse_hand("12345m456p789s1sCC").with_context(wildcard="C")
    got = fillings(h)
    assert got
    for f in got:
        concrete = counts_of_hand(f.hand)
        assert brute.natural_complete(concrete, 0, REGULAR_AND_PAIRS)
        assert f.winning is not None  # the winning tile was a wild 中
        assert f.hand.winning_tile == f.winning
        assert len(f.stood_for) == 1
        assert not f.natural
    # one filling per kind the winning wild tile may stand for
    assert {str(f.hand) for f in got} == {
        "123345m456p1789s1s",
        "123456m456p1789s1s",
        "12345m456p11789s3m",
        "12345m456p11789s6m",
    }


def test_fillings_keep_melded_kinds_within_four_copies() -> None:
    # the concealed counts alone read 中 as 5m (the pair 55m), a fifth 5m with [555m]
    h = parse_hand("[555m]5m123p789s234sC").with_context(wildcard="C")
    assert fill_counts(counts_of_hand(h), 31, melds=1) == [(4,)]
    assert fillings(h) == []
    h = parse_hand("[555m]45m123p789sEEC").with_context(wildcard="C")
    assert sorted(f.winning.code for f in fillings(h) if f.winning) == ["3m", "6m"]


def test_fillings_without_wild_tiles() -> None:
    h = parse_hand("123m456p789s11sEEE").with_context(wildcard="C")
    (only,) = fillings(h)
    assert only.hand is h and only.natural and only.stood_for == ()
    assert fillings(parse_hand("123m456p789s11sEEW").with_context(wildcard="C")) == []


def test_natural_reading() -> None:
    h = parse_hand("123m456p789s11sCCC").with_context(wildcard="C")
    assert any(f.natural for f in fillings(h))


# -- the API ------------------------------------------------------------------------------


def test_shanten_with_a_wildcard_matches_brute_force() -> None:
    rng = random.Random(5)
    for _ in range(60):
        c, wild, melds, _, _ = random_case(rng, size14=False)
        if melds:
            continue
        tiles = "".join(TILES[t].code for t in range(NUM_KINDS) for _ in range(c[t]))
        want = brute.grouped_shanten(c, 0, wild, SHAPES)
        assert fanshu.shanten(tiles, wildcard=wild) == want


def test_shanten_wildcard_from_the_hand_context() -> None:
    h = parse_hand("123m456p789s1s5mCC").with_context(wildcard="C")
    assert fanshu.shanten(h) == 0
    assert fanshu.shanten("123m456p789s1s5mCC") == 1


def test_score_refuses_a_wildcard_where_the_rules_have_none() -> None:
    for rules in ("sichuan", "beijing", "two-player"):
        with pytest.raises(OptionError, match=f"{rules} is played without wildcards"):
            fanshu.score("123m456p789s11s5mC5m", rules=rules, wildcard="C")
    h = parse_hand("123m456p789s11s5mC5m").with_context(wildcard="C")
    with pytest.raises(OptionError, match="sichuan is played without wildcards"):
        fanshu.score(h, rules="sichuan")


def test_score_puts_the_wildcard_in_the_context() -> None:
    r = fanshu.score("123m456p789s11sEEC", wildcard="C")  # MCR: 中 stands for nothing
    assert r.hand.context.wildcard == TILES[31]
    assert not r.is_win
    with pytest.raises(InvalidHandError, match="wildcard"):
        fanshu.score("123m456p789s11sEEE", wildcard="1f")
