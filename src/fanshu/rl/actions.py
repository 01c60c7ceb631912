"""The fixed action table: every decision of every rule set as one index in 0-230, so
that one ``Discrete(ACTION_COUNT)`` space and one mask serve MCR, Sichuan, the
two-player game and the rest alike.  A rule set that never asks for a kind (報听 outside
the two-player game, 定缺 outside Sichuan) simply never unmasks its indices.

======  =========  ===================================================================
index   kind       argument
======  =========  ===================================================================
0-33    discard    the tile kind, fanshu's order: 0-8 1m-9m, 9-17 1s-9s, 18-26 1p-9p,
                   27-30 E S W N, 31-33 C F P (中 发 白)
34-67   ready      報听 with this discard (two-player)
68-88   chow       the chow's lowest tile: 7 starts (1-7) per suit, m then s then p
89      pung
90-123  kong       the kind (直杠 on a discard, 暗杠 or 加杠 on one's turn)
124     win
125     pass
126-159 exchange   give this tile (Sichuan 换三张, two-player 换牌)
160-162 void       定缺: m, s or p (the suit's 1, as ``Action`` writes it)
163-196 pick       搓牌: take this kind (two-player)
197-230 swap       take the offered triplet of this kind (two-player)
======  =========  ===================================================================

>>> from fanshu.engine.actions import Action
>>> [index_of(Action.parse(text)) for text in ("discard 5m", "chow 3p", "win")]
[4, 84, 124]
>>> str(action_of(89)), str(action_of(160 + 2)), ACTION_COUNT
('pung', 'void 1p', 231)
>>> mask([Action.parse("pass"), Action.parse("pung")])[89:90] + mask([])[125:126]
[1, 0]
"""

from __future__ import annotations

from collections.abc import Iterable

from fanshu.engine.actions import Action, ActionError, ActionKind

__all__ = ["ACTION_COUNT", "TABLE", "action_of", "describe", "index_of", "mask"]

_K = ActionKind
_SUITS = (0, 9, 18)

#: Every action, at its index.
TABLE: tuple[Action, ...] = (
    *(Action(_K.DISCARD, t) for t in range(34)),
    *(Action(_K.READY, t) for t in range(34)),
    *(Action(_K.CHOW, s + r) for s in _SUITS for r in range(7)),
    Action(_K.PUNG),
    *(Action(_K.KONG, t) for t in range(34)),
    Action(_K.WIN),
    Action(_K.PASS),
    *(Action(_K.EXCHANGE, t) for t in range(34)),
    *(Action(_K.VOID, s) for s in _SUITS),
    *(Action(_K.PICK, t) for t in range(34)),
    *(Action(_K.SWAP, t) for t in range(34)),
)
ACTION_COUNT = len(TABLE)
_INDEX = {a: i for i, a in enumerate(TABLE)}
assert ACTION_COUNT == 231 and len(_INDEX) == ACTION_COUNT


def index_of(action: Action) -> int:
    """The index of ``action``; an ``ActionError`` for one no rule set can ask for."""
    i = _INDEX.get(action)
    if i is None:
        raise ActionError(f"{action} has no index in the action table")
    return i


def action_of(index: int) -> Action:
    """The action at ``index``; an ``ActionError`` outside 0-230."""
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < ACTION_COUNT:
        raise ActionError(f"an action index is 0-{ACTION_COUNT - 1}, not {index!r}")
    return TABLE[index]


def mask(legal: Iterable[Action]) -> list[int]:
    """1 at the index of each legal action, 0 elsewhere (``ACTION_COUNT`` entries)."""
    out = [0] * ACTION_COUNT
    for a in legal:
        out[index_of(a)] = 1
    return out


def describe(index: int) -> str:
    """The action's text, as logs and ``Action.parse`` write it (``"discard 5m"``)."""
    return str(action_of(index))
