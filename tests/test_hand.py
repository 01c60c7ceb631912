"""Hands, melds and win contexts: what validation rejects (docs/mcr-deviations.md, "Input")
and the legal cases next to each rule that must pass."""

from __future__ import annotations

from dataclasses import FrozenInstanceError

import pytest

import fanshu
from fanshu.errors import FanshuError, InvalidHandError
from fanshu.hand import SOURCES, Hand, Meld, MeldKind, WinContext, validate_hand
from fanshu.notation import parse_hand, parse_tiles
from fanshu.rules.mcr.fans import Fan
from fanshu.tiles import Tile

T = Tile.from_code


def hand(text: str, **ctx: object) -> Hand:
    return parse_hand(text, WinContext(**ctx))  # type: ignore[arg-type]


def build(
    concealed: str, melds: tuple[Meld, ...] = (), win: str | None = None, **ctx: object
) -> Hand:
    """A Hand made directly, bypassing the notation's own copy check."""
    return Hand(
        tuple(sorted(parse_tiles(concealed))),
        melds,
        None if win is None else T(win),
        WinContext(**ctx),  # type: ignore[arg-type]
    )


def invalid(h: Hand, match: str, *, complete: bool = True) -> InvalidHandError:
    with pytest.raises(InvalidHandError, match=match) as info:
        validate_hand(h, complete=complete)
    return info.value


# -- tile count ----------------------------------------------------------------------


def test_complete_hand_of_14_is_valid() -> None:
    h = hand("123m456p789s11sEEE")
    assert h.tile_count == 14
    assert h.validate() is h


@pytest.mark.parametrize(
    ("text", "n"),
    [("123m456p789s11sEE", 13), ("123m456p789s11sEEE5m", 15), ("[123m]456p789s11sEE", 13)],
)
def test_complete_hand_needs_14_tiles(text: str, n: int) -> None:
    err = invalid(hand(text), "a complete hand has 14 tiles")
    assert f"this one has {n}" in err.message


def test_13_tile_hand_is_valid_for_analysis() -> None:
    h = hand("123m456p789s11sEE")
    assert h.winning_tile is None
    validate_hand(h, complete=False)


def test_14_tiles_without_a_winning_tile_fail_a_complete_check() -> None:
    h = build("123m456p789s11sEEE")
    assert h.winning_tile is None and h.tile_count == 14
    invalid(h, "this one has 14")
    validate_hand(h, complete=False)


@pytest.mark.parametrize(("text", "n"), [("123m456p789s11sE", 12), ("123m456p789s11sEEE5m", 15)])
def test_analysis_hand_needs_13_or_14(text: str, n: int) -> None:
    err = invalid(hand(text), "a hand has 13 or 14 tiles", complete=False)
    assert f"this one has {n}" in err.message


def test_kong_counts_as_three() -> None:
    h = hand("[EEEE]123m456p789s11s")
    assert h.tile_count == 14 and len(h.all_tiles) == 15
    h.validate()


# -- copies --------------------------------------------------------------------------


def test_five_copies_counting_melds() -> None:
    h = build("123m456p789s1s", (Meld(MeldKind.PUNG, Tile.M1),), win="1m")
    invalid(h, "five copies of 1m")


def test_five_copies_in_a_kong_and_the_hand() -> None:
    h = build("123m456p789s1s", (Meld(MeldKind.CONCEALED_KONG, Tile.S1, 0),), win="9s")
    invalid(h, "five copies of 1s")


def test_five_copies_concealed_only() -> None:
    h = build("11111234678m99m", win="9m")
    invalid(h, "five copies of 1m")


def test_five_copies_across_two_melds() -> None:
    melds = (
        Meld(MeldKind.PUNG, Tile.M3),
        Meld(MeldKind.CHOW, Tile.M1),
        Meld(MeldKind.CHOW, Tile.M2),
    )
    h = build("456p9s", melds, win="9s")
    invalid(h, "five copies of 3m")


def test_four_copies_are_fine() -> None:
    hand("11112345678999m").validate()
    hand("[111m]1234567899m9m").validate()


def test_notation_reports_five_copies_with_its_position() -> None:
    with pytest.raises(FanshuError, match="five copies of 1m"):
        fanshu.score("[111m]11m456p789s11s1m")


# -- melds ---------------------------------------------------------------------------


def test_more_than_four_melds() -> None:
    melds = tuple(Meld(MeldKind.PUNG, t) for t in (Tile.M1, Tile.M2, Tile.M3, Tile.M4, Tile.M5))
    err = invalid(build("", melds, win="E"), "at most 4 melds")
    assert "has 5" in err.message


def test_four_melds_and_a_single_wait() -> None:
    h = hand("[111m][222m][333m][444m]E E")
    assert len(h.melds) == 4
    h.validate()


@pytest.mark.parametrize("start", [Tile.M8, Tile.M9, Tile.S8, Tile.P9])
def test_chow_cannot_start_at_8_or_9(start: Tile) -> None:
    with pytest.raises(InvalidHandError, match=f"a chow cannot start at {start.code}"):
        Meld(MeldKind.CHOW, start)


@pytest.mark.parametrize("start", [Tile.EAST, Tile.RED, Tile.WHITE, Tile.SPRING])
def test_chow_cannot_be_honours(start: Tile) -> None:
    with pytest.raises(InvalidHandError, match="a chow cannot start at"):
        Meld(MeldKind.CHOW, start)


@pytest.mark.parametrize("source", [0, 4, 9])
def test_chow_source_is_1_to_3(source: int) -> None:
    with pytest.raises(InvalidHandError, match=f"1, 2 or 3, not {source}"):
        Meld(MeldKind.CHOW, Tile.M1, source)


@pytest.mark.parametrize("kind", [MeldKind.PUNG, MeldKind.KONG, MeldKind.ADDED_KONG])
@pytest.mark.parametrize("source", [0, 4])
def test_giver_is_1_to_3(kind: MeldKind, source: int) -> None:
    with pytest.raises(InvalidHandError, match=f"not {source}"):
        Meld(kind, Tile.EAST, source)


@pytest.mark.parametrize("source", [1, 2, 3])
def test_concealed_kong_has_no_source(source: int) -> None:
    with pytest.raises(InvalidHandError, match="a concealed kong has no source"):
        Meld(MeldKind.CONCEALED_KONG, Tile.EAST, source)


@pytest.mark.parametrize(
    "kind", [MeldKind.PUNG, MeldKind.KONG, MeldKind.ADDED_KONG, MeldKind.CONCEALED_KONG]
)
def test_flower_cannot_be_in_a_meld(kind: MeldKind) -> None:
    source = 0 if kind is MeldKind.CONCEALED_KONG else 1
    with pytest.raises(InvalidHandError, match="a flower cannot be in a meld: 1f"):
        Meld(kind, Tile.SPRING, source)


def test_sources_are_named() -> None:
    assert SOURCES == {1: "上家", 2: "对家", 3: "下家"}


def test_meld_tiles() -> None:
    assert Meld(MeldKind.CHOW, Tile.S7).tiles == (Tile.S7, Tile.S8, Tile.S9)
    assert Meld(MeldKind.PUNG, Tile.RED).tiles == (Tile.RED,) * 3
    assert Meld(MeldKind.KONG, Tile.P5).tiles == (Tile.P5,) * 4
    assert Meld(MeldKind.ADDED_KONG, Tile.P5, 3).tiles == (Tile.P5,) * 4
    assert Meld(MeldKind.CONCEALED_KONG, Tile.P5, 0).tiles == (Tile.P5,) * 4


def test_meld_kong_and_concealed() -> None:
    kinds = {
        MeldKind.CHOW: (False, False),
        MeldKind.PUNG: (False, False),
        MeldKind.KONG: (True, False),
        MeldKind.ADDED_KONG: (True, False),
        MeldKind.CONCEALED_KONG: (True, True),
    }
    for kind, (is_kong, is_concealed) in kinds.items():
        m = Meld(kind, Tile.M2, 0 if kind is MeldKind.CONCEALED_KONG else 1)
        assert (m.is_kong, m.is_concealed) == (is_kong, is_concealed), kind


@pytest.mark.parametrize(("source", "claimed"), [(1, Tile.M3), (2, Tile.M4), (3, Tile.M5)])
def test_chow_claimed_tile(source: int, claimed: Tile) -> None:
    assert Meld(MeldKind.CHOW, Tile.M3, source).claimed_tile is claimed


def test_claimed_tile_of_sets() -> None:
    assert Meld(MeldKind.PUNG, Tile.EAST, 2).claimed_tile is Tile.EAST
    assert Meld(MeldKind.KONG, Tile.EAST, 3).claimed_tile is Tile.EAST
    assert Meld(MeldKind.ADDED_KONG, Tile.EAST, 1).claimed_tile is Tile.EAST
    assert Meld(MeldKind.CONCEALED_KONG, Tile.EAST, 0).claimed_tile is None


def test_meld_str() -> None:
    assert str(Meld(MeldKind.CHOW, Tile.M5, 2)) == "[567m2]"
    assert str(Meld(MeldKind.PUNG, Tile.P5)) == "[555p]"
    assert str(Meld(MeldKind.KONG, Tile.EAST, 1)) == "[EEEE1]"
    assert str(Meld(MeldKind.ADDED_KONG, Tile.EAST, 2)) == "[EEEE6]"
    assert str(Meld(MeldKind.CONCEALED_KONG, Tile.EAST, 0)) == "[EEEE]"


def test_meld_is_frozen() -> None:
    m = Meld(MeldKind.PUNG, Tile.EAST)
    with pytest.raises(FrozenInstanceError):
        m.tile = Tile.SOUTH  # type: ignore[misc]


# -- flowers ---------------------------------------------------------------------------


@pytest.mark.parametrize("n", [0, 1, 8])
def test_flowers_0_to_8(n: int) -> None:
    assert WinContext(flowers=n).flowers == n


@pytest.mark.parametrize("n", [9, 100, -1])
def test_flowers_out_of_range(n: int) -> None:
    with pytest.raises(InvalidHandError, match=f"there are 8 flowers, not {n}"):
        WinContext(flowers=n)


@pytest.mark.parametrize("n", [1.0, "2", None, True, False])
def test_flowers_not_an_int(n: object) -> None:
    with pytest.raises(InvalidHandError, match="flowers must be a count 0-8"):
        WinContext(flowers=n)  # type: ignore[arg-type]


def test_flowers_through_score() -> None:
    with pytest.raises(InvalidHandError, match="not 9"):
        fanshu.score("123m456p789s11sEEE", flowers=9)


def test_flower_inside_the_hand() -> None:
    h = Hand((Tile.SPRING, *parse_tiles("123m456p789s1s")), (), Tile.S1)
    invalid(h, "a flower is not part of the hand: 1f; count it in flowers")


def test_flower_as_winning_tile() -> None:
    h = Hand(tuple(parse_tiles("123m456p789s11sE")), (), Tile.PLUM)
    invalid(h, "a flower is not part of the hand: 5f")


# -- 杠上开花 ----------------------------------------------------------------------------


def test_out_with_replacement_needs_a_kong() -> None:
    h = hand("123m456p789s11sEEE", self_drawn=True, kong=True)
    invalid(h, "杠上开花 .* needs a kong")


def test_out_with_replacement_needs_a_kong_not_a_pung() -> None:
    h = hand("[EEE]123m456p789s11s", self_drawn=True, kong=True)
    invalid(h, "杠上开花")


@pytest.mark.parametrize("kong", ["[EEEE]", "[EEEE1]", "[EEEE5]"])
def test_out_with_replacement_with_a_kong(kong: str) -> None:
    h = hand(kong + "123m456p789s11s", self_drawn=True, kong=True)
    h.validate()
    r = fanshu.score(h)
    assert Fan.OUT_WITH_REPLACEMENT_TILE in r


# -- 抢杠和 -----------------------------------------------------------------------------


def test_robbing_the_kong_while_holding_the_tile() -> None:
    h = hand("123m456p789s11s45m5m", kong=True)
    err = invalid(h, "抢杠和")
    assert "5m" in err.message


def test_robbing_the_kong_with_the_tile_in_a_pung() -> None:
    invalid(hand("[555m]123m456p11s46m5m", kong=True), "抢杠和: the robbed kong holds")


def test_robbing_the_kong_with_the_tile_in_a_chow() -> None:
    invalid(hand("[345m]123m456p11s46m5m", kong=True), "抢杠和")


def test_robbing_the_kong_with_the_winner_held_elsewhere() -> None:
    # 5m is held (in 345m) besides the waiting 46m: the robbed kong would make five.
    invalid(hand("345m46m456p789s11s5m", kong=True), "cannot hold one yourself")


def test_robbing_the_kong_legal() -> None:
    h = hand("[234m1]456s789p34m11s5m", kong=True)
    h.validate()
    assert Fan.ROBBING_THE_KONG in fanshu.score(h)


def test_self_drawn_kong_with_the_winner_held_is_fine() -> None:
    # 杠上开花 does not care about copies of the winning tile.
    h = hand("[EEEE]123m456p789s1s1s", self_drawn=True, kong=True)
    h.validate()


# -- 和绝张 -----------------------------------------------------------------------------


def test_last_tile_while_holding_another_copy() -> None:
    h = hand("123m456p789s11s45m5m", fourth_tile=True)
    err = invalid(h, "和绝张")
    assert "cannot hold another 5m" in err.message


def test_last_tile_held_as_pair_wait() -> None:
    invalid(hand("123m456p789sEEE1s1s", fourth_tile=True), "和绝张")


def test_last_tile_legal_with_the_flag() -> None:
    h = hand("[234m1]456s789p34m11s5m", fourth_tile=True)
    h.validate()
    assert Fan.LAST_TILE in fanshu.score(h)


def test_last_tile_certain_from_own_pung() -> None:
    """Three copies in your own pung meld: legal with the flag, and counted without it."""
    text = "[111m]23m456p789s11s1m"
    with_flag = hand(text, fourth_tile=True)
    with_flag.validate()
    r_flag = fanshu.score(with_flag)
    r_plain = fanshu.score(text)
    assert Fan.LAST_TILE in r_flag
    assert Fan.LAST_TILE in r_plain
    assert r_plain.count_of(Fan.LAST_TILE) == 1
    assert r_plain.total == r_flag.total


def test_last_tile_not_certain_from_a_chow() -> None:
    r = fanshu.score("[123m]23m456p789s11s1m", seat_wind="S")
    assert Fan.LAST_TILE not in r


# -- Hand ------------------------------------------------------------------------------


def test_counts_and_all_tiles() -> None:
    h = hand("[EEEE][567m2]123p45s99s3s")
    assert sorted(h.all_tiles) == sorted([Tile.EAST] * 4 + parse_tiles("567m123p345s99s"))
    c = h.counts()
    assert len(c) == 34 and sum(c) == 15
    assert c[Tile.EAST] == 4 and c[Tile.S9] == 2 and c[Tile.S3] == 1 and c[Tile.M6] == 1
    assert h.concealed_with_winning == (*h.concealed, Tile.S3)


def test_counts_without_winning_tile() -> None:
    h = hand("123m456p789s11sEE")
    assert h.concealed_with_winning == h.concealed
    assert sum(h.counts()) == 13


def test_is_concealed() -> None:
    assert hand("123m456p789s11sEEE").is_concealed
    assert hand("[EEEE]123m456p789s11s").is_concealed
    for meld in ("[EEE]", "[EEEE1]", "[EEEE5]", "[123s]"):
        assert not hand(meld + "123m456p789p11s").is_concealed, meld


def test_with_context() -> None:
    h = hand("123m456p789s11sEEE")
    h2 = h.with_context(self_drawn=True, seat_wind="S", flowers=3)
    assert h2.context == WinContext(self_drawn=True, seat_wind=Tile.SOUTH, flowers=3)
    assert h2.concealed == h.concealed and h2.melds == h.melds
    assert h2.winning_tile == h.winning_tile
    assert h.context == WinContext()  # the original is unchanged


def test_with_context_validates_the_context() -> None:
    h = hand("123m456p789s11sEEE")
    with pytest.raises(InvalidHandError):
        h.with_context(flowers=9)
    with pytest.raises(InvalidHandError, match="unknown wind"):
        h.with_context(prevalent_wind="X")
    with pytest.raises(TypeError):
        h.with_context(not_a_field=True)


def test_context_defaults_and_winds() -> None:
    ctx = WinContext()
    assert (ctx.self_drawn, ctx.fourth_tile, ctx.kong, ctx.wall_last, ctx.flowers) == (
        False,
        False,
        False,
        False,
        0,
    )
    assert ctx.seat_wind is Tile.EAST and ctx.prevalent_wind is Tile.EAST
    ctx = WinContext(seat_wind=2, prevalent_wind="北")  # type: ignore[arg-type]
    assert ctx.seat_wind is Tile.WEST and ctx.prevalent_wind is Tile.NORTH


def test_hand_str() -> None:
    assert str(hand("[EEEE]123m456p789s11s")) == "[EEEE]123m456p1789s1s"
    assert str(hand("123m456p789s11sEE")) == "123m456p11789sEE"


def test_validate_returns_self() -> None:
    h = hand("[EEEE]123m456p789s11s")
    assert h.validate() is h


def test_robbing_a_kong_is_not_the_last_discard() -> None:
    with pytest.raises(InvalidHandError, match="海底捞月"):
        fanshu.score("[234m1]456s789p34m11s5m", kong=True, wall_last=True)
    # Self-drawn on the last tile after a kong is possible: 杠上开花 and 妙手回春.
    r = fanshu.score("[EEEE]234m456s789p5m5m", kong=True, wall_last=True, self_drawn=True)
    assert Fan.OUT_WITH_REPLACEMENT_TILE in r and Fan.LAST_TILE_DRAW in r


def test_concealed_kong_needs_no_source() -> None:
    assert Meld(MeldKind.CONCEALED_KONG, Tile.EAST).source == 0
    assert Meld(MeldKind.PUNG, Tile.EAST).source == 1


@pytest.mark.parametrize(
    ("hand", "flags", "message"),
    [
        ("[123m1]456p123789sEE", {"first_turn": True}, "first-turn win comes before any claim"),
        ("[555p2]456p123789sEE", {"ready_at_start": True}, "天听 locks the hand"),
        ("123m456p789sEEE5m5m", {"kong_discard": True, "self_drawn": True}, "杠上炮"),
    ],
)
def test_facts_other_rule_sets_read_must_be_possible(
    hand: str, flags: dict[str, bool], message: str
) -> None:
    with pytest.raises(InvalidHandError, match=message):
        fanshu.score(hand, **flags)  # type: ignore[arg-type]
    # a concealed kong is no claim
    assert fanshu.score("[EEEE]456p123789s5m5m", first_turn=True).is_win


# -- construction, copies and pickling (Hand's __init__ is written out) --------------


def test_hand_construction_paths_agree() -> None:
    import copy
    import dataclasses
    import pickle

    parsed = hand("[567m2][EEEE]123p456s9s9s", self_drawn=True)
    assert parsed.tiles_checked
    args = (parsed.concealed, parsed.melds, parsed.winning_tile, parsed.context)
    plain = Hand(*args)
    by_name = Hand(
        concealed=parsed.concealed,
        melds=parsed.melds,
        winning_tile=parsed.winning_tile,
        context=parsed.context,
    )
    assert not plain.tiles_checked and not by_name.tiles_checked
    assert plain == by_name == parsed and hash(plain) == hash(parsed)
    assert Hand.with_checked_tiles(*args).tiles_checked
    assert repr(plain) == repr(parsed)
    # A copy made by replace is checked anew; pickles and copies keep the flag.
    changed = dataclasses.replace(parsed, winning_tile=Tile.S9)
    assert not changed.tiles_checked and changed == parsed
    for back in (pickle.loads(pickle.dumps(parsed)), copy.copy(parsed), copy.deepcopy(parsed)):
        assert back == parsed and back.tiles_checked
    assert not pickle.loads(pickle.dumps(plain)).tiles_checked
    # The defaults: no melds, no winning tile, the default win context.
    bare = Hand(parsed.concealed)
    assert (bare.melds, bare.winning_tile, bare.context) == ((), None, WinContext())
    assert bare != parsed
    with pytest.raises(FrozenInstanceError):
        setattr(bare, "melds", ())  # noqa: B010 (the frozen check, without a type ignore)
