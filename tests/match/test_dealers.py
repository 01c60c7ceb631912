"""Who deals next, per rule set (shared by the bots' series and the score sheets)."""

from __future__ import annotations

import pytest

from fanshu.match.dealers import next_dealer


@pytest.mark.parametrize(
    ("rules", "dealer", "winners", "discarder", "expected"),
    [
        ("two-player", 0, [], None, 0),  # a drawn hand: the dealer stays
        ("two-player", 0, [1], None, 1),  # the winner deals
        ("sichuan", 2, [3], 1, 3),  # the first winner deals
        ("sichuan", 2, [3, 0], 1, 1),  # 一炮多响: the discarder deals
        ("sichuan", 2, [], None, 2),
        ("beijing", 1, [1], None, 1),  # the dealer won: 连庄
        ("beijing", 3, [0], 2, 0),  # another won: the next seat (wrapping round)
        ("beijing", 3, [], None, 3),  # a drawn hand: 连庄
    ],
)  # fmt: skip
def test_next_dealer(
    rules: str, dealer: int, winners: list[int], discarder: int | None, expected: int
) -> None:
    got = next_dealer(rules, dealer, first_winners=winners, discarder=discarder, players=4)
    assert got == expected
