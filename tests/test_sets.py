"""The one set type: concealed sets shared, melds as sets, tiles worked out once."""

from __future__ import annotations

import pytest

from fanshu.hand import Meld, MeldKind
from fanshu.notation import parse_hand
from fanshu.sets import CHOW, PAIR, PUNG, Set, concealed_set
from fanshu.tiles import Tile


def test_concealed_sets_are_shared_and_hold_their_tiles() -> None:
    s = concealed_set(CHOW, Tile.S7)
    assert s is concealed_set(CHOW, Tile.S7)
    assert s.tiles == (Tile.S7, Tile.S8, Tile.S9)
    assert concealed_set(PAIR, Tile.RED).tiles == (Tile.RED, Tile.RED)
    assert concealed_set(PUNG, Tile.M1).tiles == (Tile.M1,) * 3
    assert s.concealed and not s.kong and not s.declared
    assert str(s) == "789s"


@pytest.mark.parametrize(
    ("meld", "kind", "concealed", "kong", "tiles"),
    [
        (Meld(MeldKind.CHOW, Tile.M2, 3), CHOW, False, False, 3),
        (Meld(MeldKind.PUNG, Tile.EAST, 2), PUNG, False, False, 3),
        (Meld(MeldKind.KONG, Tile.P5, 1), PUNG, False, True, 4),
        (Meld(MeldKind.ADDED_KONG, Tile.P5, 1), PUNG, False, True, 4),
        (Meld(MeldKind.CONCEALED_KONG, Tile.WHITE), PUNG, True, True, 4),
    ],
)
def test_a_meld_is_a_declared_set(
    meld: Meld, kind: int, concealed: bool, kong: bool, tiles: int
) -> None:
    s = meld.as_set
    assert (s.kind, s.tile, s.concealed, s.kong, s.declared) == (
        kind,
        meld.tile,
        concealed,
        kong,
        True,
    )
    assert len(s.tiles) == tiles and s.tiles == meld.tiles
    assert s == Set(kind, meld.tile, concealed, kong, True)


def test_melds_of_a_parsed_hand() -> None:
    h = parse_hand("[567m2][EEEE]123p456s9s9s")
    assert [str(m.as_set) for m in h.melds] == ["567m", "EEEE"]
