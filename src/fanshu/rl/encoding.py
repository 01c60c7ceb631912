"""One seat's :class:`~fanshu.engine.observation.Observation` as a fixed array: the one
place that turns what a seat sees into numbers, for the PettingZoo environment
(``fanshu.rl.aec``) and the Gymnasium one (``fanshu.rl.gym``) alike.

:func:`encode` gives a ``numpy.int8`` array of shape :data:`OBSERVATION_SHAPE`
(``(len(CHANNELS), 34)``): one row per channel, one column per tile kind in fanshu's
order (0-8 1m-9m, 9-17 1s-9s, 18-26 1p-9p, 27-30 E S W N, 31-33 C F P).  Every value
lies in 0-:data:`MAX_VALUE` (4), so the space is ``Box(0, 4, OBSERVATION_SHAPE, int8)``
(:func:`observation_box`).  The legal actions are not in the array: they are the
action mask (:func:`action_mask`, over ``fanshu.rl.actions``).

Seats are **relative to the observer**: relative seat 0 is the observing seat, 1 the
next in turn order (下家), 2 the one after, 3 the last (上家).  In the two-player game
relative seats 2 and 3 stay 0.  Rows marked *per seat* come four times, ``_0`` to
``_3``, by relative seat.  Rows marked *by seat* use columns 0-3 for the four relative
seats and leave the other columns 0.

========  ====================  ============================================  =======
row       name                  meaning                                       values
========  ====================  ============================================  =======
0         hand                  own concealed tiles, per kind (drawn tile     0-4
                                included; wild copies included)
1         drawn                 the tile just drawn, on own turn (one-hot)    0/1
2-5       melds_0..3            per seat: tiles in the melds the observer     0-4
                                sees, per kind (another seat's concealed
                                kong is not seen: see ``concealed_kongs``)
6-9       sets_0..3             per seat: 3 at the kind of a pung, 4 at the   0, 3, 4
                                kind of a kong (chows are not here)
10        own_concealed_kongs   own concealed kongs (1 at the kind)           0/1
11-14     discards_0..3         per seat: the seat's discards still on the    0-4
                                table (claimed ones left), per kind
15-18     flowers_0..3          per seat: flowers shown; column i is flower   0/1
                                i (0-7: 春夏秋冬梅兰竹菊), columns 8-33 stay 0
19        offer                 the tile on offer: a discard in a claim, the  0/1
                                added kong's tile in a rob (one-hot)
20        visible               copies the observer sees, per kind (own       0-4
                                tiles, melds, discards, turned-up tiles)
21        unseen                copies of the kind in the rule set's tiles    0-4
                                the observer does not see (Sichuan: 0 for
                                honours, which it does not play)
22        wall                  wall left, as a thermometer: column j is 1    0/1
                                when more than 4·j tiles are left
23        wall_low              wall left when under 34: 1 at column          0/1
                                ``remaining`` (0 when 34 or more are left)
24        seat_wind             own seat wind, 1 at its kind (27-30)          0/1
25        prevalent_wind        the prevalent wind, 1 at its kind (27-30)     0/1
26        phase                 what is asked, one-hot over :data:`PHASES`    0/1
                                (column = its index: turn claim rob exchange
                                void pick swap give last end)
27        rules                 the rule set, one-hot over :data:`RULES`      0/1
28        wildcard              the kind wild this hand (百搭 / 赖子)          0/1
29-32     void_0..3             per seat: Sichuan 定缺, 1 on the nine kinds   0/1
                                of the void suit (others' once every seat
                                has chosen)
33        offered_by            by seat: who offers the tile on offer         0/1
34        dealer                by seat: the dealer                           0/1
35        declared_ready        by seat: has declared ready (報听)            0/1
36        won                   by seat: has won already (Sichuan 血战)       0/1
37        concealed_kongs       by seat: how many concealed kongs it holds    0-4
38        win                   column 0: win is legal and the rule set       0/1
                                accepts it; column 1: win is legal but would
                                be a false win (MCR under 8 fan: 错和)
39        win_fan               when win is legal: 1 at column                0/1
                                min(fan total, 33)
========  ====================  ============================================  =======

Scores are not in the array (the rewards carry them); neither are the rule set's
options.  :func:`encode` is pure: the same observation always gives the same array.

>>> from fanshu.engine.game import Game
>>> obs = Game("two-player", seed=1).observe(0)
>>> x = encode(obs)
>>> x.shape == OBSERVATION_SHAPE == (40, 34), x.dtype.name, int(x.max()) <= MAX_VALUE
(True, 'int8', True)
>>> list(x[CHANNELS.index("hand")]) == obs.counts, int(x[CHANNELS.index("drawn")].sum())
(True, 1)
>>> int(action_mask(obs).sum()) == len(obs.legal_actions)
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium.spaces import Box

from fanshu.engine.actions import Action, ActionKind
from fanshu.engine.observation import Observation
from fanshu.engine.variants import variant_for
from fanshu.hand import MeldKind
from fanshu.rl.actions import ACTION_COUNT, mask

__all__ = [
    "CHANNELS",
    "MAX_VALUE",
    "OBSERVATION_SHAPE",
    "PHASES",
    "RULES",
    "action_mask",
    "encode",
    "observation_box",
]

#: The phases an observation can be in (``Observation.phase``), in the order of the
#: ``phase`` row's columns.
PHASES: tuple[str, ...] = (
    "turn",
    "claim",
    "rob",
    "exchange",
    "void",
    "pick",
    "swap",
    "give",
    "last",
    "end",
)
#: The rule sets, in the order of the ``rules`` row's columns.
RULES: tuple[str, ...] = (
    "mcr",
    "beijing",
    "common",
    "jiaxing",
    "pinghu",
    "sichuan",
    "two-player",
    "wuhan",
)


def _per_seat(name: str) -> tuple[str, ...]:
    return tuple(f"{name}_{r}" for r in range(4))


#: One name per row of the encoded array (see the table above).
CHANNELS: tuple[str, ...] = (
    "hand",
    "drawn",
    *_per_seat("melds"),
    *_per_seat("sets"),
    "own_concealed_kongs",
    *_per_seat("discards"),
    *_per_seat("flowers"),
    "offer",
    "visible",
    "unseen",
    "wall",
    "wall_low",
    "seat_wind",
    "prevalent_wind",
    "phase",
    "rules",
    "wildcard",
    *_per_seat("void"),
    "offered_by",
    "dealer",
    "declared_ready",
    "won",
    "concealed_kongs",
    "win",
    "win_fan",
)
#: The encoded array's shape: a row per channel, a column per tile kind.
OBSERVATION_SHAPE: tuple[int, int] = (len(CHANNELS), 34)
#: The largest value any entry takes (four copies of a kind).
MAX_VALUE = 4

_ROW = {name: i for i, name in enumerate(CHANNELS)}
_PHASE = {p: i for i, p in enumerate(PHASES)}
_RULE = {r: i for i, r in enumerate(RULES)}
_WIN = Action(ActionKind.WIN)
_KONGS = (MeldKind.KONG, MeldKind.ADDED_KONG, MeldKind.CONCEALED_KONG)

Array = npt.NDArray[np.int8]
#: Column j of the wall row is 1 when more than 4·j tiles are left.
_FOURS = 4 * np.arange(34)


def observation_box() -> Box:
    """The space :func:`encode`'s arrays lie in: ``Box(0, MAX_VALUE, OBSERVATION_SHAPE,
    int8)``."""
    return Box(0, MAX_VALUE, OBSERVATION_SHAPE, np.int8)


def action_mask(observation: Observation) -> Array:
    """1 at the index (``fanshu.rl.actions``) of each legal action, 0 elsewhere."""
    out = np.asarray(mask(observation.legal_actions), dtype=np.int8)
    assert out.shape == (ACTION_COUNT,)
    return out


def encode(observation: Observation) -> Array:
    """``observation`` as an int8 array of shape :data:`OBSERVATION_SHAPE` (the rows are
    :data:`CHANNELS`; see the module text)."""
    o = observation
    x = np.zeros(OBSERVATION_SHAPE, dtype=np.int8)
    n = len(o.seats)
    row = _ROW

    for t in o.hand:
        x[row["hand"], t] += 1
    if o.drawn is not None:
        x[row["drawn"], o.drawn] = 1
    for m in o.melds:
        if m.kind is MeldKind.CONCEALED_KONG:
            x[row["own_concealed_kongs"], m.tile] = 1

    for q, view in enumerate(o.seats):
        r = (q - o.seat) % n
        hidden_kongs = 0
        for meld in view.melds:
            if meld is None:  # another seat's concealed kong: only that it is one
                hidden_kongs += 1
                continue
            if meld.kind is MeldKind.CONCEALED_KONG:
                hidden_kongs += 1
            for t in meld.tiles:
                x[row[f"melds_{r}"], t] += 1
            if meld.kind is MeldKind.PUNG:
                x[row[f"sets_{r}"], meld.tile] = 3
            elif meld.kind in _KONGS:
                x[row[f"sets_{r}"], meld.tile] = 4
        x[row["concealed_kongs"], r] = min(hidden_kongs, MAX_VALUE)
        for t in view.discards:
            x[row[f"discards_{r}"], t] += 1
        for f in view.flowers:
            i = int(f) - 34
            x[row[f"flowers_{r}"], i] = min(int(x[row[f"flowers_{r}"], i]) + 1, MAX_VALUE)
        if view.void is not None:
            x[row[f"void_{r}"], view.void - view.void % 9 : view.void - view.void % 9 + 9] = 1
        if view.declared_ready:
            x[row["declared_ready"], r] = 1
        if view.won:
            x[row["won"], r] = 1

    if o.last_discard is not None:
        x[row["offer"], o.last_discard] = 1
    if o.last_discarder is not None:
        x[row["offered_by"], (o.last_discarder - o.seat) % n] = 1
    x[row["dealer"], (o.dealer - o.seat) % n] = 1

    visible = np.asarray(o.visible, dtype=np.int16)
    x[row["visible"]] = np.clip(visible, 0, MAX_VALUE)
    x[row["unseen"]] = np.clip(_kind_totals(o.rules, o.options) - visible, 0, MAX_VALUE)

    left = o.wall_remaining
    x[row["wall"]] = left > _FOURS
    if 0 <= left < 34:
        x[row["wall_low"], left] = 1

    x[row["seat_wind"], 27 + o.seat_wind] = 1
    x[row["prevalent_wind"], 27 + o.prevalent_wind] = 1
    if o.phase in _PHASE:
        x[row["phase"], _PHASE[o.phase]] = 1
    if o.rules in _RULE:
        x[row["rules"], _RULE[o.rules]] = 1
    if o.wildcard is not None:
        x[row["wildcard"], o.wildcard] = 1

    if _WIN in o.legal_actions:
        x[row["win"], 0 if o.win_accepted is not False else 1] = 1
        if o.win_total is not None:
            x[row["win_fan"], max(0, min(o.win_total, 33))] = 1
    return x


def _kind_totals(rules: str, options: Mapping[str, Any]) -> npt.NDArray[np.int16]:
    """Copies of each kind 0-33 in the rule set's tiles (4, or 0 for a kind it does not
    play), worked out once per rule set and options."""
    # the options' text keys the cache: an option value may be unhashable
    key = (rules, repr(sorted(options.items())))
    totals = _TOTALS.get(key)
    if totals is None:
        c = [0] * 34
        for t in variant_for(rules, dict(options)).full_set():
            if t < 34:
                c[t] += 1
        totals = _TOTALS[key] = np.asarray(c, dtype=np.int16)
        totals.flags.writeable = False
    return totals


_TOTALS: dict[tuple[str, str], npt.NDArray[np.int16]] = {}
