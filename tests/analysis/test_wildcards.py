"""fanshu.analysis.wildcards (shanten and useful tiles with wild tiles) against brute
force, against the natural code when the wild kind is absent, and analyze(wildcard=).

The brute force (``support.wild_brute``) replaces the wild tiles by every multiset of
kinds and takes the least natural shanten: ``shanten`` for the whole hand at once,
``grouped_shanten`` group by group (quicker; checked against the first here).
"""

from __future__ import annotations

import random

import pytest

import fanshu
from fanshu.analysis import shanten as natural
from fanshu.analysis.wildcards import shanten, shanten_by_shape, useful_tiles
from fanshu.errors import OptionError
from fanshu.notation import parse_tiles
from fanshu.shapes import counts_of
from fanshu.tiles import NUM_KINDS
from fanshu.wild import ANY_KIND, REGULAR_AND_PAIRS, SHAPES
from support import wild_brute as brute

SHAPE_CHOICES = (REGULAR_AND_PAIRS, ("regular",), SHAPES, ("regular", "thirteen_orphans"))
WILD_WEIGHTS = (1, 1, 1, 2, 2, 2, 3, 3, 4)


def random_case(
    rng: random.Random, extra: int
) -> tuple[list[int], int, int, tuple[str, ...], frozenset[int]]:
    """A hand of 13 + ``extra`` tiles (melds counting 3) with 1-4 wild tiles."""
    wildcard = rng.randrange(NUM_KINDS)
    w = rng.choice(WILD_WEIGHTS)
    melds = rng.choice((1, 2)) if rng.random() < 0.25 else 0
    shapes = rng.choice(SHAPE_CHOICES)
    stands_for = ANY_KIND if rng.random() < 0.8 else frozenset(rng.sample(range(NUM_KINDS), 15))
    make = brute.near_complete_hand if rng.random() < 0.6 else brute.random_hand
    return make(rng, 13 + extra - 3 * melds, wildcard, w), wildcard, melds, shapes, stands_for


def _or_none(f, *args, **kw):  # type: ignore[no-untyped-def]
    try:
        return f(*args, **kw)
    except ValueError:
        return None  # the wild tiles cannot all be placed within four copies


def test_grouped_brute_force_is_the_plain_one() -> None:
    rng = random.Random(160)
    for _ in range(200):
        c, wild, melds, shapes, sf = random_case(rng, rng.randrange(2))
        if c[wild] > 2:
            continue
        assert _or_none(brute.grouped_shanten, c, melds, wild, shapes, sf) == _or_none(
            brute.shanten, c, melds, wild, shapes, sf
        )


def _check_shanten(rng: random.Random, cases: int) -> set[int | None]:
    values = set()
    for _ in range(cases):
        c, wild, melds, shapes, sf = random_case(rng, rng.randrange(2))
        want = _or_none(brute.grouped_shanten, c, melds, wild, shapes, sf)
        got = _or_none(shanten, c, melds, wild, shapes=shapes, stands_for=sf)
        assert got == want, (c, melds, wild, shapes, sorted(sf))
        values.add(want)
    return values


def test_shanten_matches_brute_force() -> None:
    values = _check_shanten(random.Random(16), 500)  # -m slow: 5 x 3,000 more
    assert {-1, 0, 1, 2} <= values  # complete, ready and further hands all seen


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(100, 105))
def test_shanten_matches_brute_force_soak(seed: int, request: pytest.FixtureRequest) -> None:
    if "slow" not in (request.config.getoption("markexpr") or ""):
        pytest.skip("a 15,000-case soak: run with -m slow")
    _check_shanten(random.Random(seed), 3000)


def test_useful_tiles_match_brute_force() -> None:
    rng = random.Random(61)
    ready = 0
    for _ in range(120):
        c, wild, melds, shapes, sf = random_case(rng, 0)
        if c[wild] > 2 or _or_none(shanten, c, melds, wild, shapes=shapes, stands_for=sf) is None:
            continue
        want = brute.useful_tiles(c, melds, wild, shapes, sf) if c[wild] == 1 else None
        got = useful_tiles(c, melds, wild, shapes=shapes, stands_for=sf)
        if want is None:  # two wild tiles: group by group
            now = brute.grouped_shanten(c, melds, wild, shapes, sf)
            want = set()
            for t in range(NUM_KINDS):
                if c[t] < 4:
                    c[t] += 1
                    if brute.grouped_shanten(c, melds, wild, shapes, sf) < now:
                        want.add(t)
                    c[t] -= 1
        assert got == want, (c, melds, wild, shapes)
        ready += shanten(c, melds, wild, shapes=shapes, stands_for=sf) == 0
    assert ready > 10


def test_the_wild_kind_is_useful_whenever_any_kind_is() -> None:
    rng = random.Random(9)
    for _ in range(300):
        c, wild, melds, shapes, _ = random_case(rng, 0)
        if c[wild] == 4:
            continue
        got = useful_tiles(c, melds, wild, shapes=shapes)
        assert (wild in got) == bool(got)


def _natural_least(c: list[int], melds: int, shapes: tuple[str, ...]) -> tuple[int, set[int]]:
    """The natural code's shanten over ``shapes`` and its useful kinds (those held four
    times left out: there is no fifth to draw)."""
    by = natural.shanten_by_shape(c, melds).to_dict()
    least = min(v for s, v in by.items() if s in shapes and v is not None)
    useful: set[int] = set()
    for s in shapes if sum(c) + 3 * melds == 13 else ():
        if by[s] == least:
            useful |= natural.useful_tiles(c, melds, s)  # type: ignore[arg-type]
    return least, {t for t in useful if c[t] < 4}


def test_without_the_wild_kind_it_is_the_natural_code() -> None:
    rng = random.Random(4)
    for _ in range(600):
        melds = rng.choice((0, 0, 1, 2))
        size = 13 - 3 * melds + rng.randrange(2)
        make = brute.near_complete_hand if rng.random() < 0.6 else brute.random_hand
        c = make(rng, size, 0, 0)
        wild = rng.choice([t for t in range(NUM_KINDS) if not c[t]])
        shapes = rng.choice(SHAPE_CHOICES)
        least, useful = _natural_least(c, melds, shapes)
        assert shanten(c, melds, wild, shapes=shapes) == least
        assert shanten(c, melds, None, shapes=shapes) == least
        if size == 13 - 3 * melds:
            assert useful_tiles(c, melds, None, shapes=shapes) == useful
            # drawing the absent wild kind is one wild tile: useful when anything is
            want = useful | ({wild} if useful else set())
            assert useful_tiles(c, melds, wild, shapes=shapes) == want


def test_examples() -> None:
    c = counts_of(parse_tiles("123m456p789s1s5mCC"))
    assert shanten(c, 0, 31) == 0
    assert shanten(c, 0, None) == 1
    assert shanten_by_shape(c, 0, 31, shapes=SHAPES) == {
        "regular": 0,
        "seven_pairs": 4,
        "thirteen_orphans": 8,
    }
    # 中 may only be an honour here: 1s and 5m need partners of their own
    assert shanten(c, 0, 31, stands_for=frozenset(range(27, 34))) == 1


def test_errors() -> None:
    c = counts_of(parse_tiles("123m456p789s1s5mCC"))
    with pytest.raises(ValueError, match="unknown shape"):
        shanten(c, 0, 31, shapes=("knitted",))
    with pytest.raises(ValueError, match="no shape"):
        shanten(counts_of(parse_tiles("456p789s1s5mCC")), 1, 31, shapes=("seven_pairs",))
    with pytest.raises(ValueError, match="13-tile"):
        useful_tiles(counts_of(parse_tiles("123m456p789s1s5mCCE")), 0, 31)
    with pytest.raises(ValueError, match="0-33"):
        shanten(c, 0, 34)
    # one kind only, already held four times less the wild ones: nowhere to go
    with pytest.raises(ValueError, match="no shape"):
        shanten(counts_of(parse_tiles("1111m456p789s1s5mCC")), 0, 31, stands_for=frozenset({0}))


# -- analyze --------------------------------------------------------------------------


def test_analyze_efficiency_with_a_wildcard() -> None:
    a = fanshu.analyze("123m456p789s1s5mCC", wildcard="C", rules="pinghu", by="efficiency")
    c = counts_of(parse_tiles("123m456p789s1s5mCC"))
    want = useful_tiles(c, 0, 31, shapes=("regular", "thirteen_orphans"))
    assert a.shanten == 0
    assert {int(u.tile) for u in a.useful} == want
    assert {int(w.tile) for w in a.waits} == want  # ready: every useful kind wins
    a = fanshu.analyze("123m456p789s1s5mCCE", wildcard="C", rules="pinghu", by="efficiency")
    assert a.best == "discard E"
    assert [d.shanten for d in a.discards] == sorted(d.shanten for d in a.discards)


def test_analyze_value_with_a_wildcard() -> None:
    a = fanshu.analyze("123m456p789s1s5mCC", wildcard="C", rules="pinghu")
    assert a.shanten == 0 and a.value is not None and a.value.expected_points > 0
    a = fanshu.analyze("123m456p789s1s5mCCE", wildcard="C", rules="pinghu", budget=50)
    assert a.best == "discard E"  # the one tile that helps nothing, and the wait stays
    assert {d.tile.code for d in a.discards} == {
        "1m",
        "2m",
        "3m",
        "5m",
        "4p",
        "5p",
        "6p",
        "7s",
        "8s",
        "9s",
        "1s",
        "C",
        "E",
    }
    assert all(d.value is not None for d in a.discards)


def test_analyze_claims_with_a_wildcard() -> None:
    # ready with two wild 中: a 1s, 5m or 6m on the table wins, a 9p does not
    for offered, win in (("1s", True), ("6m", True), ("9p", False)):
        a = fanshu.analyze(
            "123m456p789s1s5mCC", wildcard="C", rules="pinghu", offered=offered, by="efficiency"
        )
        assert ("win" in {c.action for c in a.claims}) == win
        assert a.best == ("win" if win else "pass")
    a = fanshu.analyze(
        "123m46p789s1s55mEC", wildcard="C", rules="pinghu", offered="5m", by="efficiency"
    )
    assert {c.action for c in a.claims} == {"pung", "pass"}


def test_analyze_refusals() -> None:
    with pytest.raises(OptionError, match="claim advice on a discarded wild tile"):
        fanshu.analyze("123m456p789s1s5mCC", wildcard="C", rules="pinghu", offered="C")
    with pytest.raises(OptionError, match="sichuan is played without wildcards"):
        fanshu.analyze("123m456p789s1s5mCC", wildcard="C", rules="sichuan", by="efficiency")
    # MCR names a wild kind only for 混杠: the tiles stay what they are
    assert fanshu.analyze("123m456p789s1s5mCC", wildcard="C", by="efficiency").shanten == 1


def test_a_ready_hands_useful_tiles_are_the_kinds_that_complete_it() -> None:
    # the engine's seat waits: analysis.wildcards agrees with fanshu.wild's win check
    from fanshu.wild import is_complete

    rng = random.Random(77)
    ready = 0
    for _ in range(500):  # about 200 ready hands
        c, wild, melds, shapes, sf = random_case(rng, 0)
        if _or_none(shanten, c, melds, wild, shapes=shapes, stands_for=sf) != 0:
            continue
        ready += 1
        wins = set()
        for t in range(NUM_KINDS):
            if c[t] < 4:
                c[t] += 1
                if is_complete(c, wild, melds=melds, shapes=shapes, stands_for=sf):
                    wins.add(t)
                c[t] -= 1
        assert useful_tiles(c, melds, wild, shapes=shapes, stands_for=sf) == wins
    assert ready > 100
