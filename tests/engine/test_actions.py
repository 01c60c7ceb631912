"""Actions: the text form players type and logs store, read back exactly, and the errors
for text that is not an action."""

from __future__ import annotations

import pytest

from fanshu.engine import Action, ActionError, ActionKind, Game
from fanshu.engine.actions import NEEDS_TILE
from fanshu.tiles import Tile
from support.engine_walls import PASS, game, play_out


@pytest.mark.parametrize("kind", list(ActionKind))
def test_every_kind_round_trips_through_its_text(kind: ActionKind) -> None:
    a = Action(kind, Tile.P7 if kind in NEEDS_TILE else None)
    assert Action.parse(str(a)) == a and a.to_json() == str(a)


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("discard 5m", Action(ActionKind.DISCARD, Tile.M5)),
        ("DISCARD 9s", Action(ActionKind.DISCARD, Tile.S9)),
        ("  chow   3p ", Action(ActionKind.CHOW, Tile.P3)),
        ("kong E", Action(ActionKind.KONG, Tile.EAST)),
        ("ready C", Action(ActionKind.READY, Tile.RED)),
        ("void 1s", Action(ActionKind.VOID, Tile.S1)),  # 定缺: the suit by its 1
        ("pung", Action(ActionKind.PUNG)),
        ("win", Action(ActionKind.WIN)),
        ("pass", PASS),
    ],
)
def test_parse(text: str, action: Action) -> None:
    assert Action.parse(text) == action


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "a word and at most one tile"),
        ("discard 5m 6m", "a word and at most one tile"),
        ("hu", "unknown action 'hu': one of discard, ready"),
        ("discard", "'discard' needs a tile: discard 5m"),
        ("win 5m", "'win' takes no tile"),
        ("pass E", "'pass' takes no tile"),
        ("discard 0m", "unknown tile '0m'"),
        ("discard 1f", "unknown tile '1f'"),  # flowers are never played by choice
        ("kong X", "unknown tile 'X'"),
    ],
)
def test_parse_errors_say_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(ActionError, match=message):
        Action.parse(text)


def test_parse_refuses_what_is_not_text() -> None:
    with pytest.raises(ActionError, match="is text such as 'discard 5m'"):
        Action.parse(5)  # type: ignore[arg-type]


def test_action_error_is_a_fanshu_error_with_a_code() -> None:
    from fanshu.errors import FanshuError

    assert issubclass(ActionError, FanshuError) and ActionError.code == "illegal_action"


@pytest.mark.parametrize("rules", ["mcr", "sichuan", "two-player"])
def test_every_legal_action_of_a_played_hand_reads_back_from_its_text(rules: str) -> None:
    # What a game offers can be typed back: str(action) parses to the same action, and
    # stepping by text or by value is the same decision.
    g = Game(rules, seed=3)
    seen = 0
    for _ in range(300):
        if g.done:
            break
        options = g.legal_actions()
        for a in options:
            assert Action.parse(str(a)) == a
        seen += len(options)
        g.step(str(options[-1]))
    assert seen > 100
    acts = [e["action"] for e in g.events if e["type"] == "act"]
    assert all(isinstance(Action.parse(t), Action) for t in acts)


def test_stepping_after_the_end_raises() -> None:
    g = game(
        "two-player",
        ["1m2m3m4m5m6m7m8m9m1s1s2s3s", "1p2p3p4p5p6p7p8p9pEEES"],
        "4s",
    )
    g.step("win")
    assert g.done and g.to_act is None and g.legal_actions() == []
    with pytest.raises(ActionError, match="the hand is over"):
        g.step("pass")


def test_a_seat_not_asked_has_no_legal_actions() -> None:
    g = Game("mcr", seed=1)
    s = g.to_act
    assert s is not None
    others = [q for q in range(4) if q != s]
    assert all(g.legal_actions(q) == [] for q in others)
    with pytest.raises(ActionError, match=f"seat {others[0]} is not asked now; seat {s} is"):
        g.step(g.legal_actions()[0], seat=others[0])
    play_out(g)
    assert g.done
