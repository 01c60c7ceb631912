"""Pinghu with 百搭: every reading of the wild tiles is scored and the best kept; the
result says what each wild tile stood for and is the concrete hand."""

from __future__ import annotations

from fanshu.notation import parse_hand
from fanshu.rules.base import Result
from fanshu.rules.pinghu import RULES


def score(hand: str, wildcard: str | None, *, self_drawn: bool = False) -> Result[str]:
    return RULES.score(parse_hand(hand).with_context(wildcard=wildcard, self_drawn=self_drawn))


def test_a_wild_tile_takes_the_best_reading() -> None:
    # 5p is wild and the winning tile.  As 9m it makes 清一色 (12) + 门前清 = 13; as 5m
    # it makes 11-123-456-456-789m: 九字连环 (the first of the two 12s) + 平湖 + 门前清 = 14
    r = score("111m234m456m678m9m5p", "5p")
    assert r.is_win and [f.name_zh for f in r.fans] == ["九字连环", "平湖", "门前清"]
    assert r.total == 14
    assert r.details["wildcards"] == {"kind": "5p", "stood_for": [], "winning": "5m"}
    assert str(r.hand) == "1112344566789m5m"  # the concrete hand
    assert r.details["wild_tiles"] == 1


def test_the_same_tiles_without_the_wildcard_are_not_a_win() -> None:
    assert not score("111m234m456m678m9m5p", None).is_win


def test_wild_kind_absent_scores_as_without_wildcard() -> None:
    hand = "123m456m789m234s5s5s"
    with_wild, without = score(hand, "C"), score(hand, None)
    assert [f.fan for f in with_wild.fans] == [f.fan for f in without.fans]
    assert with_wild.total == without.total == 14
    assert with_wild.details["wildcards"] == {"kind": "C", "stood_for": [], "winning": None}
    assert without.details["wildcards"] is None


def test_two_wild_eyes_are_2bai_yan() -> None:
    r = score("CC234m567m234s67p8p", "C")
    assert [f.name_zh for f in r.fans] == ["平湖", "门前清", "断幺", "2百眼"]
    assert r.details["wildcards"]["stood_for"] == ["2m", "2m"]


def test_wild_tiles_complete_thirteen_orphans() -> None:
    r = score("19m19s19pESWNC5p5pF", "5p")  # two 5p wild: 白 and one more of the 13
    assert r.is_win and r.shape == "thirteen_orphans" and r.total == 48
    stood = r.details["wildcards"]["stood_for"]
    assert "P" in stood and len(stood) == 2


def test_three_wild_tiles() -> None:
    # 中 is wild ×3: as 2m 2m 7m they make 111-22-333-555-777m, 清一色对对碰 with two wild
    # eyes (a pung of 中 for 红中 would be 1 台 only)
    r = score("111m333m555m77mCCC", "C", self_drawn=True)
    assert r.is_win
    assert [f.name_zh for f in r.fans] == ["清一色对对碰", "门前清", "2百眼", "自摸"]
    assert r.total == 12 + 1 + 1 + 1
    wild = r.details["wildcards"]
    assert sorted([*wild["stood_for"], wild["winning"]]) == ["2m", "2m", "7m"]


def test_no_filling_is_not_a_win_naming_the_hand_and_wildcard() -> None:
    r = score("19m19s19pESWN123mC", "5p")
    assert not r.is_win and r.reason is not None
    assert "even with 5p wild" in r.reason and "ESWNC" in r.reason


def test_wild_tiles_in_a_meld_are_what_they_are() -> None:
    # a pung of 5p claimed while 5p is wild counts as 5p (melds are the tiles they are)
    r = score("[555p]234m567m678s9s9s", "5p", self_drawn=True)
    assert r.is_win and r.details["wildcards"]["stood_for"] == []
    assert [f.name_zh for f in r.fans] == ["自摸"]


def test_four_wild_tiles() -> None:
    # four 中 wild: 2m 2m 4m 7p make 22-234-567m 234s 678p (平湖 with two wild eyes)
    r = score("CCCC23m567m234s6p8p", "C")
    assert [f.name_zh for f in r.fans] == ["平湖", "门前清", "断幺", "2百眼"]
    assert len(r.details["wildcards"]["stood_for"]) == 4 and r.details["wild_tiles"] == 4


def test_the_api_passes_the_wildcard_to_pinghu() -> None:
    import fanshu

    r = fanshu.score("CC234m567m234s67p8p", rules="pinghu", wildcard="C")
    assert isinstance(r, Result) and r.total == 4
    assert r.details["wildcards"] == score("CC234m567m234s67p8p", "C").details["wildcards"]


def test_two_wild_tiles_in_a_set_are_not_2bai_yan() -> None:
    # the two 中 must join the 5p (555p, 345p, 456p …); the eyes are the natural 2p 2p
    hand = parse_hand("[123m]456m789sCC5p2p2p").with_context(wildcard="C")
    r = RULES.score(hand)
    assert r.is_win and [f.name_zh for f in r.fans] == ["平湖"]  # 2345p: 中中 as 3p 4p
    assert r.details["wildcards"]["stood_for"] == ["3p", "4p"]


def test_seven_pairs_with_wild_tiles_is_not_a_win() -> None:
    # 11 33m 55 77s 99p, 2p + 中, E + 中 would be 七对: the list names no 七对
    r = score("1133m5577s9p9p2pECC", "C")
    assert not r.is_win and r.reason is not None and "十三幺" in r.reason
