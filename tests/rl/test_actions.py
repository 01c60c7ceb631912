"""The fixed action table: a bijection between 0-230 and the actions, and an index for
every decision the engine offers in every rule set."""

from __future__ import annotations

import random

import pytest

from fanshu.engine.actions import Action, ActionError, ActionKind
from fanshu.engine.game import Game
from fanshu.rl.actions import ACTION_COUNT, TABLE, action_of, describe, index_of, mask
from fanshu.rules.listing import names

#: Tables that reach the optional phases too: Sichuan's 换三张, the two-player events.
CONFIGS: dict[str, list[dict[str, object] | None]] = {
    "sichuan": [None, {"exchange_three": True}],
    "two-player": [None, {"exchange_at_start": 1.0, "triplet_offer": 0.5, "free_pick": 0.5}],
}

#: The kinds only some rule sets ask for, which their random games must reach.
OWN_KINDS = {
    "sichuan": {ActionKind.VOID, ActionKind.EXCHANGE},
    "two-player": {ActionKind.READY, ActionKind.PICK, ActionKind.SWAP, ActionKind.EXCHANGE},
}


def test_the_table_is_a_bijection() -> None:
    assert len(TABLE) == ACTION_COUNT == 231
    assert len(set(TABLE)) == ACTION_COUNT
    for i in range(ACTION_COUNT):
        assert index_of(action_of(i)) == i
        # the text round trip too: describe gives what Action.parse reads back
        assert Action.parse(describe(i)) == action_of(i)


def test_every_action_kind_has_its_range() -> None:
    kinds = [a.kind for a in TABLE]
    assert kinds.count(ActionKind.DISCARD) == 34
    assert kinds.count(ActionKind.CHOW) == 21
    assert kinds.count(ActionKind.VOID) == 3
    assert {a.tile for a in TABLE if a.kind is ActionKind.CHOW} == {
        s + r for s in (0, 9, 18) for r in range(7)
    }


@pytest.mark.parametrize("bad", [-1, ACTION_COUNT, 10**9, True, 1.5, "3", None])
def test_action_of_refuses_what_is_not_an_index(bad: object) -> None:
    with pytest.raises(ActionError, match="an action index is 0-230"):
        action_of(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "action",
    [
        Action(ActionKind.CHOW, 7),  # 8m9m and a tenth
        Action(ActionKind.CHOW, 27),  # honours make no chow
        Action(ActionKind.PUNG, 5),  # a pung names no tile
        Action(ActionKind.VOID, 4),  # a suit is named by its 1
        Action(ActionKind.DISCARD),
    ],
)
def test_index_of_refuses_actions_no_rule_set_asks_for(action: Action) -> None:
    with pytest.raises(ActionError, match="has no index in the action table"):
        index_of(action)


@pytest.mark.parametrize("rules", names())
def test_every_offered_action_has_an_index(rules: str) -> None:
    """20 seeded games of random choices per rule set (per table set-up): every legal
    action of every decision has an index that gives the action back, and the mask has
    one 1 per legal action."""
    seen: set[int] = set()
    configs = CONFIGS.get(rules, [None])
    for k in range(20):
        config = configs[k % len(configs)]
        game = Game(rules, seed=1000 + k, config=config)
        rng = random.Random(k)
        while not game.done:
            legal = game.legal_actions()
            indices = [index_of(a) for a in legal]
            assert [action_of(i) for i in indices] == legal
            assert sum(mask(legal)) == len(legal) == len(set(indices))
            seen.update(indices)
            game.step(rng.choice(legal))
    # the games were real ones: they asked for discards, claims and the rule set's own
    kinds = {action_of(i).kind for i in seen}
    assert {ActionKind.DISCARD, ActionKind.PASS, ActionKind.PUNG, ActionKind.KONG} <= kinds
    assert OWN_KINDS.get(rules, set()) <= kinds
