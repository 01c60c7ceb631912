"""Rule texts of the MCR fans (partial while being written; see ``fanshu.rules.texts``)."""

from __future__ import annotations

from collections.abc import Mapping

from fanshu.rules.mcr.fans import Fan
from fanshu.rules.texts import Example, FanText

DESCRIPTIONS: Mapping[Fan, FanText] = {
    Fan.BIG_FOUR_WINDS: FanText(
        zh="东南西北四种风牌各成一副刻子或杠子，再加任意一对将。"
        "不计三风刻、小四喜、碰碰和、圈风刻、门风刻、幺九刻。",
        en="A pung or kong of each of the four winds, plus any pair. "
        "Big Three Winds, Little Four Winds, All Pungs, Prevalent Wind, Seat Wind and "
        "Pung of Terminals or Honors are not counted on top.",
        examples=(
            Example(
                "[EEE][SSS][WWW]NNN5m5m",
                "四副风刻，单钓五万。",
                "Four wind pungs, waiting on the 5m pair.",
            ),
        ),
    ),
}
