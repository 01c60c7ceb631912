"""The fanshu hand string, plus NOTATIONS and convert() across all five notations."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fanshu.errors import NotationError, OptionError
from fanshu.hand import Hand, Meld, MeldKind, WinContext
from fanshu.notation import (
    NOTATIONS,
    botzone,
    chinese,
    cmh,
    convert,
    fanshu,
    format_hand,
    mpsz,
    parse_hand,
    parse_tiles,
    unicode,
)
from fanshu.tiles import NUM_KINDS, NUM_TILES, Tile

ALL_TILES = [Tile(t) for t in range(NUM_TILES)]
tile_lists = st.lists(st.sampled_from(ALL_TILES), max_size=18)


# -- tiles ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "tiles"),
    [
        ("123m", [Tile.M1, Tile.M2, Tile.M3]),
        ("5p5s", [Tile.P5, Tile.S5]),
        (
            "ESWNCFP",
            [Tile.EAST, Tile.SOUTH, Tile.WEST, Tile.NORTH, Tile.RED, Tile.GREEN, Tile.WHITE],
        ),
        ("1f8f", [Tile.SPRING, Tile.CHRYSANTHEMUM]),
        ("1234f", [Tile.SPRING, Tile.SUMMER, Tile.AUTUMN, Tile.WINTER]),
        ("9s 1m", [Tile.S9, Tile.M1]),
        ("", []),
    ],
)
def test_parse_tiles(text: str, tiles: list[Tile]) -> None:
    assert parse_tiles(text) == tiles


def test_format_tiles_sorts_by_default() -> None:
    tiles = [Tile.SPRING, Tile.EAST, Tile.S1, Tile.P1, Tile.M1, Tile.M2]
    assert fanshu.format_tiles(tiles) == "12m1p1sE1f"
    assert fanshu.format_tiles(tiles, sort=False) == "1fE1s1p12m"


@given(tile_lists)
def test_tiles_round_trip_in_order(tiles: list[Tile]) -> None:
    assert parse_tiles(fanshu.format_tiles(tiles, sort=False)) == tiles


@given(tile_lists)
def test_tiles_round_trip_sorted(tiles: list[Tile]) -> None:
    # The default sorts: 万 饼 条, then honours, then flowers.
    back = parse_tiles(fanshu.format_tiles(tiles))
    assert sorted(back) == sorted(tiles)
    order = [(0, 2, 1, 3, 4)[t.suit] for t in back]
    assert order == sorted(order)


# -- hands: examples -------------------------------------------------------------------------


def test_hand_example() -> None:
    h = parse_hand("[567m2][EEEE]123p456s9s9s")
    assert h.melds == (Meld(MeldKind.CHOW, Tile.M5, 2), Meld(MeldKind.CONCEALED_KONG, Tile.EAST, 0))
    assert h.concealed == (Tile.S4, Tile.S5, Tile.S6, Tile.S9, Tile.P1, Tile.P2, Tile.P3)
    assert h.winning_tile is Tile.S9
    assert format_hand(h) == "[567m2][EEEE]123p4569s9s"  # winning tile written last


@pytest.mark.parametrize(
    ("text", "meld"),
    [
        ("[123m]", Meld(MeldKind.CHOW, Tile.M1, 1)),
        ("[123m1]", Meld(MeldKind.CHOW, Tile.M1, 1)),
        ("[321m3]", Meld(MeldKind.CHOW, Tile.M1, 3)),
        ("[555p]", Meld(MeldKind.PUNG, Tile.P5, 1)),
        ("[555p2]", Meld(MeldKind.PUNG, Tile.P5, 2)),
        ("[EEE3]", Meld(MeldKind.PUNG, Tile.EAST, 3)),
        ("[CCCC]", Meld(MeldKind.CONCEALED_KONG, Tile.RED, 0)),
        ("[CCCC0]", Meld(MeldKind.CONCEALED_KONG, Tile.RED, 0)),
        ("[9999s1]", Meld(MeldKind.KONG, Tile.S9, 1)),
        ("[9999s3]", Meld(MeldKind.KONG, Tile.S9, 3)),
        ("[PPPP5]", Meld(MeldKind.ADDED_KONG, Tile.WHITE, 1)),
        ("[PPPP7]", Meld(MeldKind.ADDED_KONG, Tile.WHITE, 3)),
        ("[ 55 5p ]", Meld(MeldKind.PUNG, Tile.P5, 1)),
    ],
)
def test_melds(text: str, meld: Meld) -> None:
    h = parse_hand(text + "1m")
    assert h.melds == (meld,)
    assert h.concealed == (Tile.M1,)
    assert parse_hand(format_hand(h)) == h


def test_context_is_kept() -> None:
    ctx = WinContext(self_drawn=True, seat_wind=Tile.SOUTH, flowers=2)
    assert parse_hand("19m19p19sESWNCFPP", ctx).context is ctx


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[124m]", "a chow must be three consecutive tiles of one suit: [124m] at 0"),
        (
            "[789p][EEE2][12 4m]",
            "a chow must be three consecutive tiles of one suit: [12 4m] at 12",
        ),
        ("[8s9s1p]", "a chow must be three consecutive tiles of one suit: [8s9s1p] at 0"),
        ("33333m", "five copies of 3m"),
        ("[3333m]3m", "five copies of 3m at 7"),
        ("12x", "unknown suit 'x' at 2"),
        ("[ 12xm]", "unknown suit 'x' at 4"),
        ("123m0p", "there is no tile 0 (red fives are not used) at 4"),
        ("123m9f", "there is no flower 9f (flowers are 1f-8f) at 4"),
        ("123m1f", "a flower is not part of the hand: 1f; count it in flowers at 0"),
        ("[1f1f1f]", "a flower cannot be in a meld: [1f1f1f] at 0"),
        ("[123m", "'[' without a closing ']' at 0"),
        ("[123m]]", "']' without an opening '[' at 6"),
        ("123m]", "unexpected character ']' at 4"),
        ("1m[123m]", "melds come before the concealed tiles at 2"),
        ("[111m][222m][333m][444m][555m]", "a hand has at most 4 melds at 24"),
        ("[123m4]", "a chow's claimed tile is 1, 2 or 3: [123m4] at 0"),
        ("[555p4]", "a pung's giver is 1, 2 or 3: [555p4] at 0"),
        ("[5555p4]", "a kong's digit is 1-3 (melded) or 5-7 (added), none if concealed: [5555p4]"),
        ("[5556p]", "a kong must be four identical tiles: [5556p] at 0"),
        ("[55p]", "a meld has 3 or 4 tiles, not 2: [55p] at 0"),
        ("[123m²]", "unexpected character '²' at 5"),
        ("1mE2", "digits with no suit after them at 3"),
        ("1E", "digits with no suit before 'E' at 0"),
        ("m", "suit 'm' with no digits before it at 0"),
        ("", "empty hand"),
    ],
)
def test_hand_errors(text: str, message: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_hand(text)
    assert message in str(info.value)


def test_error_names_position() -> None:
    with pytest.raises(NotationError) as info:
        parse_hand("[124m]")
    assert info.value.position == 0
    assert str(info.value) == "a chow must be three consecutive tiles of one suit: [124m] at 0"
    with pytest.raises(NotationError) as info:
        parse_hand("12x")
    assert info.value.position == 2


# -- hands: properties -------------------------------------------------------------------------


@st.composite
def hands(draw: st.DrawFn) -> Hand:
    """A legal-looking hand: 0-4 melds of any kind, concealed tiles, at most 4 copies each."""
    left = [4] * NUM_KINDS

    def take(tiles: list[int]) -> bool:
        if any(left[t] < tiles.count(t) for t in set(tiles)):
            return False
        for t in tiles:
            left[t] -= 1
        return True

    melds: list[Meld] = []
    for _ in range(draw(st.integers(0, 4))):
        kind = draw(st.sampled_from(list(MeldKind)))
        if kind is MeldKind.CHOW:
            start = draw(st.integers(0, 2)) * 9 + draw(st.integers(0, 6))
            if take([start, start + 1, start + 2]):
                melds.append(Meld(kind, Tile(start), draw(st.integers(1, 3))))
        else:
            t = draw(st.integers(0, NUM_KINDS - 1))
            if take([t] * (3 if kind is MeldKind.PUNG else 4)):
                source = 0 if kind is MeldKind.CONCEALED_KONG else draw(st.integers(1, 3))
                melds.append(Meld(kind, Tile(t), source))
    complete = draw(st.booleans())
    size = (14 if complete else 13) - 3 * len(melds)
    concealed: list[Tile] = []
    while len(concealed) < size:
        t = draw(st.sampled_from([k for k in range(NUM_KINDS) if left[k]]))
        left[t] -= 1
        concealed.append(Tile(t))
    winning = concealed.pop() if complete else None
    return Hand(tuple(sorted(concealed)), tuple(melds), winning)


@given(hands())
def test_hand_round_trip(h: Hand) -> None:
    text = format_hand(h)
    assert parse_hand(text) == h
    assert str(h) == text
    h.validate(complete=h.winning_tile is not None)


@given(hands(), st.sampled_from(ALL_TILES[:NUM_KINDS]))
def test_fifth_copy_is_named(h: Hand, extra: Tile) -> None:
    # Top the hand up to exactly five copies of ``extra``: the error names that tile.
    tiles = [*h.concealed_with_winning, *[extra] * (5 - h.counts()[extra])]
    text = "".join(fanshu.format_meld(m) for m in h.melds) + fanshu.format_tiles(tiles, sort=False)
    with pytest.raises(NotationError, match=f"^five copies of {extra.code} at "):
        parse_hand(text)


@given(st.text(alphabet="123456789mpsfESWNCFP[]05 x", max_size=30))
def test_parse_hand_only_raises_notation_errors(text: str) -> None:
    try:
        h = parse_hand(text)
    except NotationError as e:
        assert e.position is None or 0 <= e.position < len(text)
    else:
        assert all(c <= 4 for c in h.counts())


# -- the plain readers (the fast path of parse_hand and fanshu.score) against the full reader --

PLAIN_READERS = {
    "parse_plain_hand": fanshu.parse_plain_hand,  # this build's own: tokens, or the loop
    "loop": fanshu._read_plain_loop,  # the compiled build's, called directly here too
}
_ALPHABET = "123456789mpsfESWNCFP[]05 xé"


@st.composite
def edited_hand_strings(draw: st.DrawFn) -> str:
    """A hand string with a few characters inserted, deleted or replaced: mostly bad, close
    to good (a lost suit, a stray bracket, a fifth copy, a zero, a space)."""
    text = format_hand(draw(hands()))
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, len(text)))
        edit = draw(st.sampled_from(["insert", "delete", "replace"]))
        char = draw(st.sampled_from(_ALPHABET))
        if edit == "insert":
            text = text[:i] + char + text[i:]
        elif edit == "delete":
            text = text[:i] + text[i + 1 :]
        else:
            text = text[:i] + char + text[i + 1 :]
    return text


def _full(text: str, context: WinContext) -> Hand | None:
    try:
        return fanshu._parse_hand_full(text, context)
    except NotationError:
        return None


def _same_hand(got: Hand, full: Hand) -> None:
    assert got == full
    assert got.tiles_checked and full.tiles_checked
    assert type(got.concealed) is tuple
    assert all(type(t) is Tile for t in got.concealed)
    assert got.winning_tile is None or type(got.winning_tile) is Tile
    assert got.context is full.context


_CONTEXT = WinContext(self_drawn=True, seat_wind="S")


@given(hands())
def test_plain_readers_read_every_canonical_string(h: Hand) -> None:
    text = format_hand(h)
    full = _full(text, _CONTEXT)
    assert full is not None
    for read in PLAIN_READERS.values():
        got = read(text, _CONTEXT)
        assert got is not None, text
        _same_hand(got, full)


@given(
    st.one_of(
        edited_hand_strings(),
        st.text(alphabet=_ALPHABET, max_size=30),
        st.lists(st.sampled_from(["[123m]", "[EEEE]", "[555p2]", "EEE", "1112m", "9s", "x"])).map(
            "".join
        ),
    )
)
def test_plain_readers_agree_with_the_full_reader(text: str) -> None:
    # a plain reader answers the full reader's hand, or None (then parse_hand reads it with
    # the full reader, which says where and why the text is wrong)
    full = _full(text, _CONTEXT)
    for read in PLAIN_READERS.values():
        got = read(text, _CONTEXT)
        if got is not None:
            assert full is not None, text
            _same_hand(got, full)


@pytest.mark.parametrize("name", list(PLAIN_READERS))
@pytest.mark.parametrize(
    "text",
    [
        "",
        "[123m]",
        "123",
        "m123",
        "123m4",
        "1230m",
        "EEEEE123m456p78s",  # a fifth copy
        "[EEEE]E123m456p789s",
        "[EEEE][EEEE]1s",
        "[123m][123m][123m][123m][123m]1s1s",  # five melds
        "[123m]x[EEE]1s",
        "x[123m]1s",
        "123m 456p",
        "１23m",  # a full-width digit
        "[12m]123m",
    ],
)
def test_plain_readers_leave_what_they_cannot_read(name: str, text: str) -> None:
    assert PLAIN_READERS[name](text, None) is None


def test_plain_reader_without_context_uses_the_default() -> None:
    for read in PLAIN_READERS.values():
        got = read("123m456p789s11sEEE", None)
        assert got is not None
        assert got.context == WinContext()
        assert got.winning_tile is Tile.EAST
        assert got.concealed[0] is Tile.M1


# -- NOTATIONS and convert ------------------------------------------------------------------

MODULES = {
    "fanshu": fanshu,
    "cmh": cmh,
    "mpsz": mpsz,
    "botzone": botzone,
    "unicode": unicode,
    "chinese": chinese,
}

SAMPLES = {
    "fanshu": "123m5pECFP1f",
    "mpsz": "123m5p1765z1f",
    "botzone": "W1 W2 W3 B5 F1 J1 J2 J3 H1",
    "unicode": "🀇🀈🀉🀝🀀🀄🀅🀆🀦",
    "chinese": "一万 二万 三万 五饼 东 中 发 白 春",
}


def test_notations_mapping() -> None:
    assert dict(NOTATIONS) == MODULES


@pytest.mark.parametrize("source", list(SAMPLES))
@pytest.mark.parametrize("target", list(SAMPLES))
def test_convert_samples(source: str, target: str) -> None:
    assert convert(SAMPLES[source], source, target) == SAMPLES[target]


def test_convert_keeps_order_unless_sorted() -> None:
    assert convert("🀦🀅🀇", "unicode", "fanshu") == "1fF1m"
    assert convert("🀦🀅🀇", "unicode", "fanshu", sort=True) == "1mF1f"
    assert convert("7z5z", "mpsz", "chinese") == "中 白"
    assert convert("J1 J3", "Botzone", " MPSZ ") == "75z"


def test_convert_errors() -> None:
    with pytest.raises(OptionError, match="unknown notation 'tenhou'"):
        convert("1m", "tenhou", "fanshu")
    with pytest.raises(OptionError, match="unknown notation 'x'"):
        convert("1m", "fanshu", "x")
    with pytest.raises(NotationError, match="unknown tile 'Q9' at 3"):
        convert("W1 Q9", "botzone", "mpsz")


@pytest.mark.parametrize("name", list(MODULES))
@given(tiles=tile_lists)
def test_round_trip_every_notation(name: str, tiles: list[Tile]) -> None:
    module = NOTATIONS[name]
    assert module.parse_tiles(module.format_tiles(tiles, sort=False)) == tiles


@pytest.mark.parametrize("source", list(MODULES))
@pytest.mark.parametrize("target", list(MODULES))
@given(tiles=tile_lists)
def test_convert_round_trip(source: str, target: str, tiles: list[Tile]) -> None:
    text = NOTATIONS[source].format_tiles(tiles, sort=False)
    there = convert(text, source, target)
    assert NOTATIONS[target].parse_tiles(there) == tiles
    assert convert(there, target, source) == text


@pytest.mark.parametrize("name", list(MODULES))
@given(text=st.text(max_size=20))
def test_parse_tiles_only_raises_notation_errors(name: str, text: str) -> None:
    try:
        NOTATIONS[name].parse_tiles(text)
    except NotationError as e:
        assert e.position is not None
        assert 0 <= e.position < len(text)
