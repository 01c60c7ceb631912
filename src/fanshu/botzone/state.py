"""One seat's view of a Botzone Chinese-Standard-Mahjong game, rebuilt from the requests
it was sent (and its own responses): its concealed tiles and melds, every seat's melds,
discards and flowers, the tile on offer, each seat's wall, and the legal actions of the
last request as fanshu :class:`~fanshu.engine.actions.Action` values — so that any
fanshu player can decide on :meth:`Tracker.observation`.

The legal actions follow Botzone's judge (its public ``judge/main.cpp``), since a wrong
answer costs -30 and ends the match:

- ``2 T`` (this seat drew): discard any tile held; a concealed kong of four held
  (``GANG T``) or a kong onto one's pung (``BUGANG T``) when this seat's wall and the
  next seat's wall still have tiles; win when the hand scores 8 fan without flowers.
- another seat's ``PLAY``/``PENG``/``CHI`` discard: pass; pung, chow (only from 上家, the
  seat before) and kong of the discard when the wall of the seat after the discarder
  is not empty; win.
- another seat's ``BUGANG T``: pass, or win by robbing the kong (抢杠和).
- anything else: ``PASS`` only (``needs_decision`` is false).

**Walls.**  The judge splits its wall into four walls, one per seat: each seat draws
(and replaces flowers) from its own; the hand ends when the seat to draw has none.
The judge's wall is 136 tiles (34 a seat) unless the match lists its tiles, and 144
with the flowers (36 a seat).  The bot is not told which, so a game in which a flower
has shown counts 36 a seat and a game with none yet 34 (``wall_size`` overrides it).

**Win flags** are the judge's: 自摸 on one's draw; 妙手回春/海底捞月 (see below); 和绝张
when the three other copies are on the table (unclaimed discards and exposed melds,
not the tile on offer); 杠上开花 on the draw right after one's own kong (not after a
flower replaced in between: the judge loses the flag there), 抢杠和 on a ``BUGANG``.
The hand is scored by fanshu's MCR scorer.

**妙手回春/海底捞月** (``last_tile``).  Botzone's judge (and its wiki) gives them when the
wall of the seat after the one whose turn it is is empty: no one draws after this
tile.  ``last_tile="botzone"`` does exactly that.  The default, ``"safe"``, gives them
only when every wall is empty as well: a judge with a single wall (fanshu's local
judge) gives them only then, and a wall size guessed wrong (34 for 36, no flower seen
yet) would give them early — and a HU that needs the flag would be a false win, -30.
The flag only adds fan, so a win declared without it is a win for every judge; the
price is a rare 海底 win not taken on Botzone.

>>> t = Tracker.replay(["0 1 0", "1 0 0 0 0 " + "W1 " * 3 + "W2 W3 W4 B5 B5 B5 T7 T8 T9 F1",
...                     "2 F1"], ["PASS", "PASS"])
>>> t.phase, t.seat, sorted(str(a) for a in t.legal_actions())[:3]
('turn', 1, ['discard 1m', 'discard 2m', 'discard 3m'])
>>> t.win_check().result.total, "win" in [str(a) for a in t.legal_actions()]
(8, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from fanshu.api import score
from fanshu.botzone.logs import judge_total
from fanshu.botzone.protocol import (
    Deal,
    Draw,
    ProtocolError,
    Request,
    Seen,
    Start,
    parse_request,
    parse_response,
)
from fanshu.engine.actions import Action, ActionKind
from fanshu.engine.observation import Observation, SeatView
from fanshu.errors import FanshuError, InvalidHandError
from fanshu.hand import Hand, Meld, MeldKind, WinContext
from fanshu.notation.botzone import CODE_OF
from fanshu.rules.mcr.result import MINIMUM_FAN, McrResult
from fanshu.tiles import TILES, Tile

__all__ = [
    "LAST_TILE_RULES",
    "LastTile",
    "Phase",
    "StateError",
    "Tracker",
    "WinCheck",
    "last_tile_rule",
]

A = ActionKind
PASS = Action(A.PASS)
WIN = Action(A.WIN)
Phase = Literal["turn", "claim", "rob", "wait"]
LastTile = Literal["safe", "botzone"]
#: The values of ``LastTile``, for the command lines' choices.
LAST_TILE_RULES: tuple[LastTile, ...] = ("safe", "botzone")


def last_tile_rule(text: str) -> LastTile:
    """``text`` as a ``LastTile``; a ``StateError`` for anything else."""
    for rule in LAST_TILE_RULES:
        if text == rule:
            return rule
    raise StateError(f"last_tile is 'safe' or 'botzone', not {text!r}")


#: Tiles a seat's wall holds in the judge: 136 or 144 tiles split four ways.
WALL_NO_FLOWERS = 34
WALL_WITH_FLOWERS = 36


class StateError(FanshuError):
    """Requests that cannot be the history of one seat in a Botzone game."""

    code = "botzone_state"


@dataclass(slots=True)
class _Seat:
    melds: list[Meld | None] = field(default_factory=list)  # None: another's 暗杠
    river: list[Tile] = field(default_factory=list)
    flowers: list[Tile] = field(default_factory=list)
    concealed: int = 13
    taken: int = 0  # tiles taken from its own wall (the deal included)


def _code(t: int) -> str:
    return CODE_OF[TILES[t]]


@dataclass(frozen=True, slots=True)
class WinCheck:
    """A win this seat could declare now, as the judge would score it."""

    hand: Hand
    result: McrResult

    @property
    def accepted(self) -> bool:
        """8 fan without flowers: the judge's ``re >= 8 + flowers`` — by fanshu's count
        and by the judge's own (``judge_total``: where its calculator counts less)."""
        r = self.result
        return r.meets_minimum and judge_total(r) - r.flowers >= MINIMUM_FAN


class Tracker:
    """The game as one seat knows it after a sequence of requests (see the module)."""

    def __init__(self, *, wall_size: int | None = None, last_tile: LastTile = "safe") -> None:
        if wall_size is not None and not 13 < wall_size <= 36:
            raise StateError(f"a seat's wall holds 14-36 tiles, not {wall_size}")
        self.wall_size = wall_size
        self.last_tile: LastTile = last_tile_rule(last_tile)
        self.seat = -1
        self.quan = 0
        self.counts = [0] * 34  # own concealed tiles
        self.melds: list[Meld] = []  # own melds
        self.seats = [_Seat() for _ in range(4)]
        self.phase: Phase = "wait"
        self.drawn: Tile | None = None
        self.offered: tuple[Tile, int] | None = None  # (tile, discarder) of a discard
        self.robbing: tuple[Tile, int] | None = None  # (tile, konger) of a BUGANG
        self.after_kong = False  # this draw is the replacement after one's own kong
        self.requests: list[Request] = []
        self._last_response: str | None = None
        self._claimed = False  # the state after an own pung/chow, before its discard
        self._deal: Deal | None = None
        self._flower_seen = False

    # -- reading the history ------------------------------------------------------

    @classmethod
    def replay(
        cls,
        requests: Sequence[str | Request],
        responses: Sequence[str] = (),
        *,
        wall_size: int | None = None,
        last_tile: LastTile = "safe",
    ) -> Tracker:
        """The state after ``requests`` (the last one is the one to answer) and the
        seat's own responses to the earlier ones."""
        t = cls(wall_size=wall_size, last_tile=last_tile)
        if not requests:
            raise StateError("no request: a game starts with '0 id quan'")
        for i, r in enumerate(requests):
            t._last_response = responses[i - 1] if 0 < i <= len(responses) else None
            try:
                t.apply(parse_request(r) if isinstance(r, str) else r)
            except StateError as e:
                raise StateError(f"request {i + 1} ({r}): {e}") from None
        return t

    def apply(self, r: Request) -> None:
        """Take in one more request (see ``replay``)."""
        n = len(self.requests)
        if n == 0 and not isinstance(r, Start):
            raise StateError("the first request is '0 id quan'")
        if n == 1 and not isinstance(r, Deal):
            raise StateError("the second request is the deal '1 …'")
        if n > 1 and isinstance(r, (Start, Deal)):
            raise StateError("the seat and the deal come once, first")
        previous = self.requests[-1] if self.requests else None
        self.requests.append(r)
        self.phase, self.drawn = "wait", None
        if isinstance(r, Start):
            self.seat, self.quan = r.player, r.quan
            return
        if isinstance(r, Deal):
            self._on_deal(r)
            return
        offered, self.offered, self.robbing = self.offered, None, None
        self.after_kong = False
        if isinstance(r, Draw):
            self._take(self.seat)
            self._add(r.tile)
            self.drawn = r.tile
            self.phase = "turn"
            self.after_kong = (
                isinstance(previous, Seen)
                and previous.player == self.seat
                and previous.action in ("GANG", "BUGANG")
            )
            return
        self._on_seen(r, offered)

    def _on_deal(self, r: Deal) -> None:
        self._deal = r
        for k in r.hand:
            self._add(k)
        for s in range(4):
            self.seats[s].flowers = list(r.flowers_of(s))
            self.seats[s].taken = 13 + r.flower_counts[s]
        self._flower_seen = bool(r.flowers)

    def _on_seen(self, r: Seen, offered: tuple[Tile, int] | None) -> None:
        p, me = r.player, self.seat
        st = self.seats[p]
        mine = p == me
        if r.action == "BUHUA":
            assert r.tile is not None
            st.flowers.append(r.tile)
            self._take(p)
            self._flower_seen = True
            return
        if r.action == "DRAW":
            if mine:
                raise StateError("this seat's own draw comes as '2 T', not '3 p DRAW'")
            self._take(p)
            st.concealed += 1
            return
        if r.action in ("PENG", "CHI") or (r.action == "GANG" and offered is not None):
            if offered is None:
                raise StateError(f"{r.action} claims a discard, and none is on offer")
            self._claim(r, offered)
            if r.action == "GANG":
                return
        elif r.action == "GANG":  # a concealed kong, on p's own turn
            st.concealed -= 4
            if mine:
                k = self._own_kong_tile()
                self._remove(k, 4)
                meld = Meld(MeldKind.CONCEALED_KONG, k)
                self.melds.append(meld)
                st.melds.append(meld)
            else:
                st.melds.append(None)
            return
        elif r.action == "BUGANG":
            assert r.tile is not None
            k = r.tile
            i = next(
                (
                    i
                    for i, m in enumerate(st.melds)
                    if m is not None and m.kind is MeldKind.PUNG and m.tile == k
                ),
                None,
            )
            if i is None:
                raise StateError(f"seat {p} adds {CODE_OF[k]} to a pung it does not have")
            old = st.melds[i]
            assert old is not None
            added = Meld(MeldKind.ADDED_KONG, k, old.source)
            st.melds[i] = added
            st.concealed -= 1
            if mine:
                self._remove(k, 1)
                self.melds[self.melds.index(old)] = added
            else:
                self.robbing = (k, p)
                self.phase = "rob"
            return
        # PLAY, and the discard after a PENG or CHI
        assert r.tile is not None
        st.concealed -= 1
        if mine:
            self._remove(r.tile, 1)
        st.river.append(r.tile)
        self.offered = (r.tile, p)
        if not mine:
            self.phase = "claim"

    def _claim(self, r: Seen, offered: tuple[Tile, int]) -> None:
        p, me = r.player, self.seat
        st = self.seats[p]
        x, d = offered
        if d == p:
            raise StateError(f"seat {p} claims its own discard")
        giver = self.seats[d]
        if not giver.river or giver.river[-1] != x:
            raise StateError(f"seat {d}'s discard {CODE_OF[x]} is not on the table")
        giver.river.pop()
        source = (p - d) % 4
        if r.action == "CHI":
            assert r.middle is not None
            if (d + 1) % 4 != p:
                raise StateError(f"seat {p} chows from seat {d}, not the seat before it")
            low = int(r.middle) - 1
            if r.middle >= 27 or r.middle % 9 in (0, 8) or not low <= x <= low + 2:
                raise StateError(f"a chow around {CODE_OF[r.middle]} cannot take {CODE_OF[x]}")
            meld = Meld(MeldKind.CHOW, TILES[low], x - low + 1)
            used = [k for k in (low, low + 1, low + 2) if k != x]
        elif r.action == "PENG":
            meld = Meld(MeldKind.PUNG, x, source)
            used = [x, x]
        else:
            meld = Meld(MeldKind.KONG, x, source)
            used = [x, x, x]
        st.melds.append(meld)
        st.concealed -= len(used)
        if p == me:
            for k in used:
                self._remove(k, 1)
            self.melds.append(meld)

    def _own_kong_tile(self) -> Tile:
        text = self._last_response
        if text is None:
            raise StateError("this seat konged: its response 'GANG T' is needed")
        try:
            resp = parse_response(text)
        except ProtocolError as e:
            raise StateError(f"the response before this seat's kong: {e}") from None
        if resp.word != "GANG" or resp.tile is None:
            raise StateError(f"this seat konged, but its response was {text!r}, not 'GANG T'")
        return resp.tile

    def _take(self, s: int) -> None:
        self.seats[s].taken += 1

    def _add(self, k: Tile) -> None:
        if self.counts[k] >= 4:
            raise StateError(f"a fifth {CODE_OF[k]} in this seat's hand")
        self.counts[k] += 1

    def _remove(self, k: int, n: int) -> None:
        if self.counts[k] < n:
            raise StateError(f"this seat holds {self.counts[k]} {_code(k)}, not {n}")
        self.counts[k] -= n

    # -- what the seat knows --------------------------------------------------------

    @property
    def per_wall(self) -> int:
        """Tiles each seat's wall started with (see the module)."""
        if self.wall_size is not None:
            return self.wall_size
        return WALL_WITH_FLOWERS if self._flower_seen else WALL_NO_FLOWERS

    def wall(self, s: int) -> int:
        """Tiles left in seat ``s``'s wall."""
        return max(0, self.per_wall - self.seats[s].taken)

    @property
    def needs_decision(self) -> bool:
        """Whether the last request asks for more than ``PASS``."""
        return self.phase != "wait"

    @property
    def hand(self) -> tuple[Tile, ...]:
        """Own concealed tiles, sorted (the drawn tile included)."""
        return tuple(TILES[k] for k in range(34) for _ in range(self.counts[k]))

    def shown(self) -> list[int]:
        """Copies of each kind on the table as the judge counts them for 和绝张:
        unclaimed discards and exposed melds, not the tile on offer nor 暗杠."""
        c = [0] * 34
        for st in self.seats:
            for t in st.river:
                c[t] += 1
            for m in st.melds:
                if m is not None and m.kind is not MeldKind.CONCEALED_KONG:
                    for t in m.tiles:
                        c[t] += 1
        if self.offered is not None:
            c[self.offered[0]] -= 1
        return c

    def visible(self) -> list[int]:
        """Copies of each kind this seat sees, its own tiles included (the tile on offer
        too), as ``Observation.visible``."""
        c = self.shown()
        if self.offered is not None:
            c[self.offered[0]] += 1
        for k in range(34):
            c[k] += self.counts[k]
        for m in self.melds:
            if m.kind is MeldKind.CONCEALED_KONG:
                c[m.tile] += 4
        return c

    def win_check(self) -> WinCheck | None:
        """The win this seat could declare on the last request, scored; None when no
        tile completes anything now."""
        if self._claimed or self.seat < 0:
            return None
        # 妙手回春/海底捞月: the judge's test is the wall of the seat after the one whose
        # turn it is (``safe``: and every wall empty, see the module)
        every = all(self.wall(s) == 0 for s in range(4))
        safe = self.last_tile == "safe"
        if self.phase == "turn":
            assert self.drawn is not None
            tile, self_drawn, kong = self.drawn, True, self.after_kong
            last = self.wall((self.seat + 1) % 4) == 0
            concealed = list(self.counts)
            concealed[tile] -= 1
        elif self.phase == "claim" and self.offered is not None:
            tile, d = self.offered
            self_drawn, kong, last = False, False, self.wall((d + 1) % 4) == 0
            concealed = list(self.counts)
        elif self.phase == "rob" and self.robbing is not None:
            tile, k = self.robbing
            self_drawn, kong, last = False, True, self.wall((k + 1) % 4) == 0
            concealed = list(self.counts)
        else:
            return None
        ctx = WinContext(
            self_drawn=self_drawn,
            fourth_tile=self.shown()[tile] == 3,
            kong=kong,
            wall_last=last and (every or not safe),
            seat_wind=Tile(27 + self.seat),
            prevalent_wind=Tile(27 + self.quan),
            flowers=len(self.seats[self.seat].flowers),
            dealer=self.seat == 0,
        )
        tiles = tuple(TILES[k] for k in range(34) for _ in range(concealed[k]))
        hand = Hand(tiles, tuple(self.melds), TILES[tile], ctx)
        try:
            result = score(hand, rules="mcr")
        except InvalidHandError:
            return None  # a context the scorer refuses is no win to risk
        if not result.is_win:
            return None
        return WinCheck(hand, result)

    def legal_actions(self) -> tuple[Action, ...]:
        """What this seat may answer to the last request, as fanshu actions."""
        if self.phase == "wait":
            return (PASS,)
        win = self.win_check()
        can_win = win is not None and win.accepted
        if self.phase == "rob":
            return (WIN, PASS) if can_win else (PASS,)
        held = [k for k in range(34) if self.counts[k]]
        if self.phase == "turn":
            legal = [Action(A.DISCARD, k) for k in held]
            if not self._claimed and self.wall(self.seat) and self.wall((self.seat + 1) % 4):
                legal += [Action(A.KONG, k) for k in held if self.counts[k] == 4]
                legal += [
                    Action(A.KONG, m.tile)
                    for m in self.melds
                    if m.kind is MeldKind.PUNG and self.counts[m.tile]
                ]
            if can_win:
                legal.append(WIN)
            return tuple(legal)
        assert self.offered is not None
        x, d = self.offered
        legal = [WIN] if can_win else []
        if self.wall((d + 1) % 4):
            c = self.counts
            if c[x] >= 2:
                legal.append(Action(A.PUNG))
            if c[x] == 3:
                legal.append(Action(A.KONG, x))
            if (d + 1) % 4 == self.seat and x < 27:
                r = x % 9
                for low in (x - 2, x - 1, x):
                    if low < x - r or low + 2 > x - r + 8:
                        continue
                    if all(c[k] for k in (low, low + 1, low + 2) if k != x):
                        legal.append(Action(A.CHOW, low))
        legal.append(PASS)
        return tuple(legal)

    def after_claim(self, action: Action) -> Tracker:
        """The state once this seat's pung or chow of the tile on offer is made, asked
        for the discard that ends the response (``PENG T`` / ``CHI M T``)."""
        if self.phase != "claim" or self.offered is None or action not in self.legal_actions():
            raise StateError(f"{action} is no claim this seat may make now")
        if action.kind not in (A.PUNG, A.CHOW):
            raise StateError(f"only a pung or chow is followed by a discard, not {action}")
        x, d = self.offered
        t = self._copy()
        t.counts[x] += 1  # the claimed tile joins the hand, then the meld takes it
        if action.kind is A.PUNG:
            meld = Meld(MeldKind.PUNG, x, (self.seat - d) % 4)
        else:
            assert action.tile is not None
            meld = Meld(MeldKind.CHOW, TILES[action.tile], x - action.tile + 1)
        for k in meld.tiles:
            t._remove(k, 1)
        t.melds.append(meld)
        me = t.seats[self.seat]
        me.melds.append(meld)
        me.concealed += 1 - 3
        t.seats[d].river.pop()
        t.offered = None
        t.phase, t._claimed = "turn", True
        return t

    def _copy(self) -> Tracker:
        t = Tracker(wall_size=self.wall_size, last_tile=self.last_tile)
        t.seat, t.quan = self.seat, self.quan
        t.counts = list(self.counts)
        t.melds = list(self.melds)
        t.seats = [
            _Seat(list(s.melds), list(s.river), list(s.flowers), s.concealed, s.taken)
            for s in self.seats
        ]
        t.phase, t.drawn, t.offered, t.robbing = self.phase, self.drawn, self.offered, self.robbing
        t.after_kong, t.requests = self.after_kong, list(self.requests)
        t._deal, t._flower_seen, t._claimed = self._deal, self._flower_seen, self._claimed
        return t

    def observation(self) -> Observation:
        """The seat's view as fanshu's players read it (rules ``mcr``, dealer seat 0)."""
        if self.seat < 0:
            raise StateError("no seat yet: the game starts with '0 id quan'")
        legal = self.legal_actions()
        win_total = win_accepted = None
        if WIN in legal:
            win = self.win_check()
            assert win is not None
            win_total, win_accepted = win.result.total, win.accepted
        views = tuple(
            SeatView(
                melds=tuple(st.melds),
                discards=tuple(st.river),
                flowers=tuple(st.flowers),
                concealed_count=sum(self.counts) if q == self.seat else st.concealed,
                won=False,
                declared_ready=False,
                void=None,
                score=0,
            )
            for q, st in enumerate(self.seats)
        )
        if self.phase == "claim" and self.offered is not None:
            last, by = self.offered
        elif self.phase == "rob" and self.robbing is not None:
            last, by = self.robbing
        else:
            last, by = None, None
        return Observation(
            rules="mcr",
            seat=self.seat,
            dealer=0,
            prevalent_wind=self.quan,
            seat_wind=self.seat,
            phase=self.phase,
            hand=self.hand,
            drawn=self.drawn if self.phase == "turn" else None,
            melds=tuple(self.melds),
            seats=views,
            wall_remaining=sum(self.wall(s) for s in range(4)),
            last_discard=last,
            last_discarder=by,
            legal_actions=legal,
            visible=tuple(self.visible()),
            win_total=win_total,
            win_accepted=win_accepted,
        )
