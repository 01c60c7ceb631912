"""``fanshu.analysis.outcome``: a win's validity, fan and settlement points per rule set."""

from __future__ import annotations

from fanshu.analysis.outcome import Scorer
from fanshu.analysis.position import Position
from fanshu.hand import WinContext
from fanshu.notation import parse_hand
from fanshu.rules import get_rules
from fanshu.shapes import counts_of
from fanshu.tiles import Tile


def _counts(text: str) -> tuple[int, ...]:
    return tuple(counts_of(parse_hand(text).concealed))


def test_mcr_points_are_the_settlement() -> None:
    s = Scorer(Position(parse_hand("345m345p34568sEE")))
    c = _counts("345m345p34568sEE")
    on_discard = s.win(c, Tile.S7, self_drawn=False)
    self_drawn = s.win(c, Tile.S7, self_drawn=True)
    assert on_discard.valid and self_drawn.valid
    assert on_discard.points == on_discard.fan + 8 + 16  # the discarder 8 + fan, two others 8
    assert self_drawn.points == 3 * (self_drawn.fan + 8)
    assert ("三色三同顺", "Mixed Triple Chow", 8) in on_discard.fans


def test_mcr_minimum_and_flowers() -> None:
    c = _counts("456m345p34568sEE")
    assert not Scorer(Position(parse_hand("456m345p34568sEE"))).win(c, Tile.S7, False).valid
    # flowers add fan but not toward the minimum
    flowers = parse_hand("456m345p34568sEE", WinContext(flowers=4))
    assert not Scorer(Position(flowers)).win(c, Tile.S7, False).valid


def test_last_tile_only_when_none_is_held() -> None:
    """A wait whose other copies are all seen or held: scoring it (the waits are scored
    before their live copies are looked at) must not claim 和绝张 with a copy in hand."""
    seen = [0] * 34
    seen[Tile.P9] = 3
    p = Position(parse_hand("123m456m789m555s9p"), visible=tuple(seen))
    s = Scorer(p)
    assert s.is_last(Tile.P9)
    w = s.win(_counts("123m456m789m555s9p"), Tile.P9, False)
    assert "和绝张" not in [name for name, _, _ in w.fans]


def test_sichuan_void_and_settlement() -> None:
    text = "[2222p]111m444m999p6p"
    hand = parse_hand(text)
    c = _counts(text)
    free = Scorer(Position(hand, rules="sichuan")).win(c, Tile.P6, False)
    result = get_rules("sichuan").score(parse_hand(text + "6p"))
    assert free.valid and free.fan == result.total
    void_p = Scorer(Position(hand, rules="sichuan", void=2)).win(c, Tile.P6, False)
    assert not void_p.valid


def test_beijing_dealer_and_claims() -> None:
    text = "123s456m789m234s5s"
    c = _counts(text)
    dealer = Scorer(Position(parse_hand(text), rules="beijing", dealer=True)).win(c, Tile.S5, True)
    other = Scorer(Position(parse_hand(text), rules="beijing")).win(c, Tile.S5, True)
    assert dealer.valid and other.valid and dealer.points > other.points
    melded = "[123s]456m789m234s5s"
    cm = _counts(melded)
    s = Scorer(Position(parse_hand(melded), rules="beijing"))
    assert s.win(cm, Tile.S5, True).valid and not s.win(cm, Tile.S5, False).valid


def test_two_player_cap() -> None:
    text = "1112345678999m"
    s = Scorer(Position(parse_hand(text), rules="two-player", seats=2))
    w = s.win(_counts(text), Tile.M5, False)
    assert w.valid and w.fan >= 88 and w.points == 13
