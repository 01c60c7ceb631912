"""Chinese tile names."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fanshu.errors import NotationError
from fanshu.notation import chinese
from fanshu.tiles import NUM_TILES, Tile

tile_lists = st.lists(st.sampled_from([Tile(t) for t in range(NUM_TILES)]), max_size=18)


@pytest.mark.parametrize(
    ("name", "tile"),
    [
        ("一万", Tile.M1),
        ("九万", Tile.M9),
        ("五萬", Tile.M5),
        ("1万", Tile.M1),
        ("７万", Tile.M7),
        ("五筒", Tile.P5),
        ("五饼", Tile.P5),
        ("五餅", Tile.P5),
        ("5饼", Tile.P5),
        ("三条", Tile.S3),
        ("三索", Tile.S3),
        ("三條", Tile.S3),
        ("东", Tile.EAST),
        ("東", Tile.EAST),
        ("东风", Tile.EAST),
        ("東風", Tile.EAST),
        ("南", Tile.SOUTH),
        ("南风", Tile.SOUTH),
        ("西", Tile.WEST),
        ("北", Tile.NORTH),
        ("北風", Tile.NORTH),
        ("红中", Tile.RED),
        ("紅中", Tile.RED),
        ("中", Tile.RED),
        ("发财", Tile.GREEN),
        ("发", Tile.GREEN),
        ("發", Tile.GREEN),
        ("發財", Tile.GREEN),
        ("白板", Tile.WHITE),
        ("白", Tile.WHITE),
        ("春", Tile.SPRING),
        ("夏", Tile.SUMMER),
        ("秋", Tile.AUTUMN),
        ("冬", Tile.WINTER),
        ("梅", Tile.PLUM),
        ("兰", Tile.ORCHID),
        ("蘭", Tile.ORCHID),
        ("竹", Tile.BAMBOO),
        ("菊", Tile.CHRYSANTHEMUM),
    ],
)
def test_names(name: str, tile: Tile) -> None:
    assert chinese.parse_tiles(name) == [tile]


def test_format_uses_canonical_names() -> None:
    assert [chinese.format_tiles([Tile(t)]) for t in range(NUM_TILES)] == [
        Tile(t).name_zh for t in range(NUM_TILES)
    ]
    tiles = [Tile.M1, Tile.P5, Tile.S3, Tile.EAST, Tile.RED, Tile.GREEN, Tile.WHITE, Tile.SPRING]
    assert chinese.format_tiles(tiles) == "一万 五饼 三条 东 中 发 白 春"
    assert chinese.format_tiles(tiles, sep="") == "一万五饼三条东中发白春"
    assert chinese.format_tiles([Tile.SPRING, Tile.P1, Tile.M2], sort=True) == "二万 一饼 春"


@pytest.mark.parametrize(
    "text",
    [
        "一万 五筒 红中 发财 白板",
        "一万,五筒,红中,发财,白板",
        "一万，五筒，红中，发财，白板",
        "一万、五筒、红中、发财、白板",
        "一万五筒红中发财白板",
        " 1万5饼 中 , 發、白 ",
    ],
)
def test_separators(text: str) -> None:
    assert chinese.parse_tiles(text) == [Tile.M1, Tile.P5, Tile.RED, Tile.GREEN, Tile.WHITE]


def test_longest_name_wins() -> None:
    # 东风 is one tile, 东 then 南 two; 白板 one tile, 白白 two.
    assert chinese.parse_tiles("东风南") == [Tile.EAST, Tile.SOUTH]
    assert chinese.parse_tiles("东南") == [Tile.EAST, Tile.SOUTH]
    assert chinese.parse_tiles("白板白白") == [Tile.WHITE] * 3
    assert chinese.parse_tiles("发财发") == [Tile.GREEN] * 2
    assert chinese.parse_tiles("") == []


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("一万 十万", "unknown tile '十' at 3"),
        ("一万 风", "unknown tile '风' at 3"),
        ("一二三万", "'一' must be followed by a suit 万, 饼/筒 or 条/索, not '二' at 0"),
        ("东 五", "'五' must be followed by a suit 万, 饼/筒 or 条/索, not the end at 2"),
        ("三 条", "'三' must be followed by a suit 万, 饼/筒 or 条/索, not ' ' at 0"),
        ("0万", "unknown tile '0' at 0"),
        ("中红", "unknown tile '红' (red dragon is 红中) at 1"),
        ("白;", "unknown tile ';' at 1"),
    ],
)
def test_errors(text: str, message: str) -> None:
    with pytest.raises(NotationError) as info:
        chinese.parse_tiles(text)
    assert str(info.value) == message
    assert info.value.position == int(message.rsplit(" ", 1)[1])


@given(tile_lists)
def test_round_trip(tiles: list[Tile]) -> None:
    assert chinese.parse_tiles(chinese.format_tiles(tiles)) == tiles


@given(tile_lists, st.sampled_from(["", ",", "、", "，", " , "]))
def test_round_trip_any_separator(tiles: list[Tile], sep: str) -> None:
    assert chinese.parse_tiles(chinese.format_tiles(tiles, sep=sep)) == tiles


# -- hands with melds (issue 18) --------------------------------------------------------


def test_parse_hand_with_melds() -> None:
    from fanshu.notation.fanshu import parse_hand as parse_fanshu

    h = chinese.parse_hand("［東東東2］[四饼五饼六饼3] 一万二万三万七条八条九条一条 一条")
    assert h == parse_fanshu("[EEE2][456p3]123m789s1s1s")
    assert chinese.format_hand(h) == "[东东东2] [四饼五饼六饼3] 一万二万三万一条七条八条九条 一条"
    assert chinese.parse_hand(chinese.format_hand(h)) == h


def test_parse_hand_errors_point_at_the_name() -> None:
    with pytest.raises(NotationError, match=r"^'三' must be followed by a suit .* not 'X' at 5$"):
        chinese.parse_hand("[东东东]三X")
