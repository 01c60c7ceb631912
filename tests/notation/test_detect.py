"""Detecting a hand's notation (``fanshu.notation.detect``): the measured problems of
issue 18, each notation with melds, ambiguities, errors that name the notations tried."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import fanshu
from fanshu.errors import NotationError, OptionError
from fanshu.notation import read_hand
from fanshu.notation.detect import ALPHABETS, HAND_NOTATIONS, HINT, hand_notation
from fanshu.notation.fanshu import parse_hand
from support.oracle import oracle_score

# The same hand, with melds, in every notation: a melded pung of 东 from 对家, a chow
# whose 5p was claimed, then 789s 1s and the winning 1s... written as each writes it.
SAME = {
    "fanshu": "[EEE2][456p2]123m789s11s",
    "mpsz": "[111z2][456p2]123m789s11s",
    "cmh": "[EEE2][456p2]123m789s11s",
    "botzone": "[PENG F1 2] [CHI B5 2] W1 W2 W3 T7 T8 T9 T1 T1",
    "unicode": "[🀀🀀🀀2] [🀜🀝🀞2] 🀇🀈🀉🀖🀗🀘🀐 🀐",
    "chinese": "[东东东2] [四饼五饼六饼2] 一万二万三万七条八条九条一条 一条",
}


@pytest.mark.parametrize("name", list(SAME))
def test_each_notation_with_melds_reads_the_same_hand(name: str) -> None:
    hand, found = read_hand(SAME[name])
    assert hand == parse_hand(SAME["fanshu"])
    assert found == ("fanshu" if name == "cmh" else name)  # cmh here is fanshu's text
    assert read_hand(SAME[name], name)[0] == hand
    # and it scores as the oracle scores the fanshu form
    assert fanshu.score(SAME[name]).total == oracle_score(parse_hand(SAME["fanshu"]))[0]


# -- the measured problems of issue 18 --------------------------------------------------


def test_mpsz_honours_are_read_in_tenhou_order() -> None:
    hand, name = read_hand("123m456p789s11z")  # was "unknown suit 'z'"
    assert name == "mpsz" and hand == parse_hand("123m456p789sEE")
    assert read_hand("123m456p789s555z66z", "mpsz")[0] == parse_hand("123m456p789sPPPFF")


def test_chinese_and_unicode_hands_are_read() -> None:
    zh = "一万二万三万四饼五饼六饼七条八条九条东东东北北"  # was "unexpected character"
    uni = "🀇🀈🀉🀜🀝🀞🀖🀗🀘🀀🀀🀀🀃🀃"
    assert read_hand(zh) == (parse_hand("123m456p789sEEENN"), "chinese")
    assert read_hand(uni) == (parse_hand("123m456p789sEEENN"), "unicode")


def test_botzone_codes_are_read() -> None:
    text = "W1 W2 W3 B4 B5 B6 T7 T8 T9 F1 F1 F1 J1 J1"  # was "digits with no suit before 'W'"
    assert read_hand(text) == (parse_hand("123m456p789sEEECC"), "botzone")


def test_the_older_cmh_form_with_spaces_is_an_ambiguity_unless_named() -> None:
    old = "123m 456p 789s EEE 11s"  # was silently scored concealed, with 门前清
    with pytest.raises(NotationError, match="reads differently in fanshu") as info:
        read_hand(old)
    assert "cmh ([123m][456p][789s][EEE]1s 1s)" in info.value.message
    assert "--notation" in info.value.message
    melded = read_hand(old, "cmh")[0]
    assert [str(m) for m in melded.melds] == ["[123m]", "[456p]", "[789s]", "[EEE]"]
    assert read_hand(old, "fanshu")[0].melds == ()  # named: the spaces are skipped
    names = [f.name_zh for f in fanshu.score(old, notation="cmh").fans]
    assert "门前清" not in names


def test_spaces_after_brackets_are_not_an_ambiguity() -> None:
    assert read_hand("[EEEE] 123m456p789s11s") == (parse_hand("[EEEE]123m456p789s11s"), "fanshu")


def test_cmh_z_honours_are_an_ambiguity_where_they_differ() -> None:
    # 567z is 白发中 in mpsz and 中发白 in the older CMH: the same tiles, but here the
    # winning tile differs (7z: 中 or 白)
    with pytest.raises(NotationError, match="reads differently in mpsz") as info:
        read_hand("123m456p789s11s567z")
    assert "cmh" in info.value.message and "5z 白" in info.value.message
    assert read_hand("123m456p789s11s567z", "cmh")[0].winning_tile.code == "P"
    assert read_hand("123m456p789s11s567z", "mpsz")[0].winning_tile.code == "C"
    # where both read the same hand there is no error
    assert read_hand("123m456p789s567z1s")[1] == "mpsz"


def test_the_fast_path_is_the_fanshu_notation() -> None:
    assert read_hand("[EEEE]123m456p789s11s") == (parse_hand("[EEEE]123m456p789s11s"), "fanshu")


# -- errors ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("123m4x", "unknown suit 'x' at 5"),
        ("xyz", "unexpected character 'x' at 0"),
        ("[124m]456p789s11sEEE", "a chow must be three consecutive tiles of one suit: [124m] at 0"),
    ],
)
def test_a_plain_fanshu_typo_keeps_its_own_message(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=f"^{re.escape(message)}$"):
        read_hand(text)


@pytest.mark.parametrize(
    ("text", "name", "error"),
    [
        ("W1 W2 X3", "botzone", "unknown tile 'X3' at 6"),
        (
            "123m456p789s18z",
            "mpsz",
            "unknown tile '8z' (mpsz honours are 1z-7z = 东南西北白发中, Tenhou's order) at 13",
        ),
        ("一万二万三万四饼五饼六饼七条八条九条东东东北北北北北", "chinese", "five copies of N"),
        ("🀇🀈🀉 🀪", "unicode", "the joker is not a tile"),
    ],
)
def test_a_wrong_guess_names_the_notation_and_those_tried(text: str, name: str, error: str) -> None:
    with pytest.raises(NotationError) as info:
        read_hand(text)
    message = info.value.message
    assert message.startswith(error) or error in message, message
    assert f"read as {name}; tried fanshu, mpsz, cmh, botzone, unicode, chinese" in message
    assert message.endswith(str(HINT))
    assert info.value.code == "bad_notation"
    assert info.value.position is not None


def test_the_hint_says_each_honour_order() -> None:
    for order in ("5z 白 6z 发 7z 中", "5z 中 6z 发 7z 白", "J1 中 J2 发 J3 白", "东南西北中发白"):
        assert order in HINT


def test_a_named_notation_reads_only_that_one() -> None:
    with pytest.raises(NotationError, match="unknown suit 'z'"):
        read_hand("123m456p789s11z", "fanshu")
    assert read_hand("123m456p789s11z", " MPSZ ")[1] == "mpsz"


def test_an_unknown_notation_name_is_an_option_error() -> None:
    with pytest.raises(OptionError, match="unknown notation 'tenhou': use one of fanshu, mpsz"):
        hand_notation("tenhou")
    with pytest.raises(OptionError):
        read_hand("1m", "tenhou")


def test_not_text_is_a_notation_error() -> None:
    with pytest.raises(NotationError, match="not int"):
        read_hand(5)  # type: ignore[arg-type]


def test_every_notation_has_an_alphabet() -> None:
    assert set(ALPHABETS) == set(HAND_NOTATIONS)
    for name, text in SAME.items():
        assert set(text) <= ALPHABETS[name], name


def test_api_takes_the_notation() -> None:
    mpsz = fanshu.score("123m456p789s111z22z", self_drawn=True)
    assert mpsz.total == fanshu.score("123m456p789sEEESS", self_drawn=True).total > 0
    assert fanshu.shanten("W1 W2 W3 B4 B5 B6 T7 T8 T9 F1 F1 F1 J1") == 0
    with pytest.raises(NotationError):
        fanshu.shanten("123m456p789s11z", notation="botzone")


_PIECES = st.sampled_from(
    ["1", "5", "9", "0", "m", "p", "s", "z", "f", "E", "C", "P", "W", "B", "T", "F", "J", "H",
     "[", "]", " ", ",", "CHI ", "PENG ", "GANG ", "一", "万", "东", "中", "🀇", "🀄", "\ufe0f", "x"]
)  # fmt: skip


@given(text=st.lists(_PIECES, max_size=30).map("".join) | st.text(max_size=30))
@settings(max_examples=400)
def test_any_text_reads_or_is_a_notation_error(text: str) -> None:
    for notation in (None, *HAND_NOTATIONS):
        try:
            hand, name = read_hand(text, notation)
        except NotationError as e:
            assert e.message and e.code == "bad_notation"
            assert e.position is None or 0 <= e.position <= len(text)
        else:
            assert name in HAND_NOTATIONS
            assert hand.tile_count <= 18
