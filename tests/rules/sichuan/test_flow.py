"""血战到底 (seed 000 rule 8, the default) and 血流成河 (option ``xue_liu``, beyond the
seeds): who is still in after each win, when the hand ends, and the settlements of a hand
in which one player wins again — each win paid as it happens, by everyone under 血流成河."""

from __future__ import annotations

import pytest

from fanshu.errors import OptionError
from fanshu.rules import get_rules
from fanshu.rules.sichuan.flow import checked_at_draw, over_after_win, still_in
from fanshu.rules.sichuan.options import SichuanOptions
from fanshu.rules.sichuan.settlement import SettlementError, settle_kong, settle_win

P = ("A", "B", "C", "D")
XZ = SichuanOptions()
XL = SichuanOptions(xue_liu=True)


def test_default_is_xue_zhan_and_the_option_is_listed() -> None:
    assert XZ.xue_liu is False and SichuanOptions.from_dict({"xue_liu": True}).xue_liu
    described = {n: (d, note) for n, d, note in get_rules("sichuan").describe_options()}
    assert described["xue_liu"][0] == "false" and "血流成河" in described["xue_liu"][1]
    with pytest.raises(OptionError, match="xue_liu is true or false"):
        SichuanOptions(xue_liu="yes")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("winners", "xz", "xl"),
    [
        ([], list(P), list(P)),
        (["B"], ["A", "C", "D"], list(P)),
        (["B", "B"], ["A", "C", "D"], list(P)),
        (["B", "D"], ["A", "C"], list(P)),
    ],
)
def test_still_in(winners: list[str], xz: list[str], xl: list[str]) -> None:
    assert still_in(P, winners, XZ) == xz
    assert still_in(P, winners, XL) == xl


def test_when_the_hand_ends_after_a_win() -> None:
    # 血战: three different players; 血流: never (the empty wall ends it)
    assert not over_after_win(["B", "D"], XZ)
    assert not over_after_win(["B", "B", "D"], XZ)  # two different players only
    assert over_after_win(["B", "D", "A"], XZ)
    assert not over_after_win(["B", "D", "A"], XL)
    assert not over_after_win(["B"] * 10, XL)


def test_checked_at_draw_are_those_who_never_won() -> None:
    assert checked_at_draw(P, []) == list(P)
    assert checked_at_draw(P, ["C", "C", "A"]) == ["B", "D"]


def test_a_hand_where_one_player_wins_three_times() -> None:
    """血流成河, hand-checked: B wins on C's discard (2 fan: 2), self-draws (3 fan: 4 from
    each of the three), A makes a concealed kong (2 from each), B self-draws again (1 fan:
    1 each).  Every settlement and the sum are zero; everyone pays every self-draw."""
    parts = [
        settle_win(P, "B", 2, discarder="C", still_in=still_in(P, [], XL), options=XL),
        settle_win(P, "B", 3, still_in=still_in(P, ["B"], XL), options=XL),
        settle_kong(P, "A", "concealed", still_in=still_in(P, ["B", "B"], XL), options=XL),
        settle_win(P, "B", 1, still_in=still_in(P, ["B", "B"], XL), options=XL),
    ]
    assert [p.payments for p in parts] == [
        {"A": 0, "B": 2, "C": -2, "D": 0},
        {"A": -4, "B": 12, "C": -4, "D": -4},
        {"A": 6, "B": -2, "C": -2, "D": -2},
        {"A": -1, "B": 3, "C": -1, "D": -1},
    ]
    assert all(sum(p.payments.values()) == 0 for p in parts)
    total = {q: sum(p.payments[q] for p in parts) for q in P}
    assert total == {"A": 1, "B": 15, "C": -9, "D": -7} and sum(total.values()) == 0


def test_under_xue_zhan_a_winner_cannot_win_again() -> None:
    with pytest.raises(SettlementError, match="already won"):
        settle_win(P, "B", 1, still_in=still_in(P, ["B"], XZ))
    # and does not pay for the others' self-draws
    got = settle_win(P, "A", 1, still_in=still_in(P, ["B"], XZ)).payments
    assert got == {"A": 2, "B": 0, "C": -1, "D": -1}
