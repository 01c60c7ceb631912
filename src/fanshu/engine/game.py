"""One hand of mahjong, played to its end: deal, draws, discards, claims, kongs, wins
and settlement, driven by a rule set's :class:`~fanshu.engine.variants.Variant`.

The game asks one seat at a time (``to_act``) to choose among its ``legal_actions()``;
``step(action)`` applies it and plays every automatic move (draws, flower replacements,
a declared-ready player's draw-and-discard) up to the next decision.  Claims on a
discard are asked of each seat that has one, in turn order from the discarder, and
resolved together: a win before a pung or kong before a chow, and among equal claims
the first in turn order (Sichuan lets every winner win: 一炮多响).

Everything that happens is appended to ``events`` (plain dicts, the JSON Lines log);
``act`` events are the decisions, the rest is what followed from them, so a replay
feeds the decisions back and checks that everything else comes out the same.

>>> g = Game("mcr", seed=7)
>>> g.to_act, len(g.legal_actions()) > 0
(0, True)
>>> while not g.done:
...     g.step(g.legal_actions()[0])
>>> sum(g.scores)
0
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Literal

from fanshu.engine import events as E
from fanshu.engine.actions import Action, ActionError, ActionKind
from fanshu.engine.config import GameConfig
from fanshu.engine.observation import Observation, observe
from fanshu.engine.seat import SeatState, WildTiles
from fanshu.engine.variants import Variant, variant_for
from fanshu.engine.wall import Wall, check_stacked, shuffled
from fanshu.errors import OptionError
from fanshu.hand import Hand, Meld, MeldKind, WinContext
from fanshu.i18n import msg
from fanshu.tiles import FIRST_FLOWER, TILES, Tile

A = ActionKind
CODES = tuple(t.code for t in TILES)
PASS = Action(A.PASS)
WIN = Action(A.WIN)
PUNG = Action(A.PUNG)

# Modes: who is asked what.
SETUP_EXCHANGE = "exchange"  # Sichuan 换三张 / two-player 开始时换牌
VOID = "void"  # Sichuan 定缺
TURN = "turn"  # the seat to play holds 14 (kongs count 3)
CLAIM = "claim"  # others may claim a discard
ROB = "rob"  # others may rob an added kong
PICK = "pick"  # two-player 搓牌
SWAP = "swap"  # two-player 游戏中换牌: take the triplet?
GIVE = "give"  # … then give three back
LAST = "last"  # two-player 海底捞月: win on the fished tile?
END = "end"


class Game:
    """One hand under a rule set; see the module text."""

    def __init__(
        self,
        rules: str = "mcr",
        *,
        seed: int = 0,
        options: Mapping[str, Any] | Any = None,
        config: GameConfig | Mapping[str, Any] | None = None,
        wall: Sequence[int] | None = None,
        players: Sequence[str] | None = None,
        carry: Mapping[str, Any] | None = None,
    ) -> None:
        if isinstance(config, Mapping):
            config = GameConfig.from_dict(config)
        self.config: GameConfig = config or GameConfig()
        self.variant: Variant = variant_for(rules, options)
        self.rules = self.variant.name
        self.seed = seed
        v = self.variant
        self.n = v.seats
        if players is not None and (
            isinstance(players, str)
            or len(players) != self.n
            or not all(isinstance(p, str) and p for p in players)
        ):
            raise OptionError(
                msg(
                    "players are {n} names, one per seat, not {players!r}",
                    n=self.n,
                    players=players,
                )
            )
        #: Who sits where, as the log records it (bot names, people): labels only.
        self.players = None if players is None else list(players)
        if self.config.dealer >= self.n:
            raise OptionError(
                msg("dealer {dealer} is not a seat of {n}", dealer=self.config.dealer, n=self.n)
            )
        if carry is not None and not isinstance(carry, Mapping):
            raise OptionError(
                msg(
                    "carry is the state a hand leaves to the next (a mapping), not {carry!r}",
                    carry=carry,
                )
            )
        #: The state carried in from the hand before (``Variant.carry_in``), as logged.
        self.carry: Mapping[str, Any] = dict(carry or {})
        v.carry_in(self.carry)
        #: The kind wild this hand (0-33), or None (``Variant.choose_wildcard``).
        self.wildcard: int | None = None
        self._carried: dict[str, Any] = {}
        # the wall's shuffle and the game's own chances (two-player events, the 换三张
        # direction) use separate generators, so that a replay from the logged wall
        # meets the same chances
        self.rng = random.Random(f"fanshu-events-{seed}")
        full = v.full_set()
        if not self.config.flowers:
            full = [t for t in full if t < FIRST_FLOWER]
        #: Every tile of this game's set, in the rule set's order (its ``full_set``,
        #: less the flowers when the table plays without them).
        self.tile_set: tuple[int, ...] = tuple(full)
        if wall is None:
            tiles = shuffled(full, random.Random(seed))
            stacked = False
        else:
            check_stacked(wall, full, v.wall_size)
            tiles = list(wall)
            stacked = True
        size = v.wall_size or len(full)
        self.wall = Wall(tiles[:size])
        self.pool: list[int] = _minus(full, tiles[:size])  # tiles out of play (two-player)
        self.seat = [SeatState() for _ in range(self.n)]
        self.scores = [0] * self.n
        self.events: list[E.Event] = []
        self.visible = [0] * 34  # copies on the table: rivers and exposed melds
        self.done = False
        self.winners: list[int] = []
        self.claims_made = False  # any chow, pung or kong yet (first-turn wins end)
        self.kong_settlements: list[Any] = []  # Sichuan: refunded at a drawn end
        self._mode = TURN
        self._pending: list[int] = []
        self._legal: dict[int, list[Action]] = {}
        self._choices: dict[int, Action] = {}
        self._turn = self.config.dealer
        self._drawn: int | None = None
        self._after_kong = False  # the turn began with a kong's replacement draw
        self._kong_feeder: int | None = None  # … after a kong on this seat's discard
        self._last_kong_discard = False  # the discard on the table followed a kong
        self._claim_tile = -1
        self._claim_from = -1
        self.emit(
            E.Start(
                type="start",
                rules=self.rules,
                seed=seed,
                seats=self.n,
                dealer=self.config.dealer,
                prevalent_wind=self.config.prevalent_wind,
                options=v.options_dict(),
                config=self.config.to_dict(),
                stacked=stacked,
                wall=[CODES[t] for t in self.wall.tiles],
                pool=[CODES[t] for t in self.pool],
                players=self.players,
                carry=dict(self.carry) or None,
            )
        )
        self._deal()

    # -- public -------------------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        """The seat whose decision the game waits for, or None when the hand is over."""
        return self._pending[0] if self._pending else None

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """What ``seat`` (default: ``to_act``) may do now; empty if it is not asked."""
        s = self.to_act if seat is None else seat
        if s is None or not self._pending or s != self._pending[0]:
            return []
        return list(self._legal[s])

    def step(self, action: Action | str, seat: int | None = None) -> None:
        """Apply ``to_act``'s decision; raise ``ActionError`` for anything not legal."""
        if self.done:
            raise ActionError(msg("the hand is over"))
        s = self._pending[0]
        if seat is not None and seat != s:
            raise ActionError(msg("seat {seat} is not asked now; seat {s} is", seat=seat, s=s))
        if isinstance(action, str):
            action = Action.parse(action)
        legal = self._legal[s]
        if action not in legal:
            offered = ", ".join(str(a) for a in legal)
            raise ActionError(
                msg(
                    "seat {s} cannot {action} now; legal: {offered}",
                    s=s,
                    action=action,
                    offered=offered,
                )
            )
        self.emit(E.Act(type="act", seat=s, action=str(action)))
        self._pending.pop(0)
        handler = _HANDLERS[self._mode]
        handler(self, s, action)

    def result(self) -> Mapping[str, Any]:
        """The end of the hand: winners, scores, and the last event's summary."""
        return self.events[-1] if self.done else {}

    def observe(self, seat: int) -> Observation:
        """What ``seat`` can see now (see ``fanshu.engine.observation``)."""
        return observe(self, seat)

    def asked(self, seat: int) -> list[Action]:
        """What ``seat`` is asked to choose among in this round, whether or not its turn
        to answer has come: claims on a discard (or robbing a kong) are asked of several
        seats at once and answered one after another; empty if ``seat`` is not asked.
        A judge that collects every seat's answer at once checks them with it."""
        if seat not in self._pending:
            return []
        return list(self._legal[seat])

    def forfeit(self, seat: int, reason: str, *, detail: str | None = None) -> None:
        """End the hand now because ``seat`` forfeits it: a verdict from outside the
        game's own moves, such as a judge's for an illegal, late or failed answer
        (Botzone's ``WA``, ``TLE``, ``RE``) or a false win where the table ends the hand
        for it (``WH``).  Logs a ``forfeit`` event, pays the rule set's forfeit
        (``Variant.settle_forfeit``; MCR: Botzone's 30 from the offender, 10 to each
        other seat) and ends the hand with the result ``forfeit``.  A replay meeting the
        event in a log calls this again."""
        if self.done:
            raise ActionError(msg("the hand is over"))
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.n:
            raise ActionError(
                msg("a forfeiting seat is 0-{last}, not {seat!r}", last=self.n - 1, seat=seat)
            )
        if not isinstance(reason, str) or not reason.strip():
            raise ActionError(
                msg("a forfeit names its reason (e.g. WA, TLE), not {reason!r}", reason=reason)
            )
        if detail is not None and not isinstance(detail, str):
            raise ActionError(msg("a forfeit's detail is text, not {detail!r}", detail=detail))
        self.emit(E.Forfeit(type="forfeit", seat=seat, reason=reason, detail=detail))
        self.variant.settle_forfeit(self, seat, reason)
        self.finish("forfeit")

    def win_hand(self, seat: int) -> Hand:
        """The hand ``seat`` would win with now, when ``win`` is among its legal actions."""
        if WIN not in self.legal_actions(seat):
            raise ActionError(msg("seat {seat} cannot win now", seat=seat))
        if self._mode in (CLAIM, ROB):
            return self.hand_with(seat, self._claim_tile, robbing=self._mode == ROB)
        assert self._drawn is not None
        return self.hand_with(seat, self._drawn, self_drawn=True)

    # -- the hooks a variant drives the hand with ------------------------------------
    #
    # A variant (``fanshu.engine.variants``) changes the flow only through these, as a
    # ``chess.variant`` board overrides public methods: who is asked what (``mode``,
    # ``ask``), what happened (``emit``), who pays (``pay``), turns (``start_turn``,
    # ``ask_turn``, ``next_seat``), wins (``hand_with``, ``win_self``) and the end
    # (``finish``).  Everything with a leading underscore is the engine's own.

    @property
    def mode(self) -> str:
        """What the seats are asked now: ``turn``, ``claim``, ``rob``, ``end`` or a
        variant's own phase (``exchange``, ``void``, ``pick``, ``swap``, ``give``,
        ``last``); a variant sets its phase before it asks."""
        return self._mode

    @mode.setter
    def mode(self, mode: str) -> None:
        self._mode = mode

    @property
    def drawn(self) -> int | None:
        """The tile the seat on turn just drew (None after a claim or a discard); a
        variant that swaps it (two-player 搓牌, 海底捞月) sets it."""
        return self._drawn

    @drawn.setter
    def drawn(self, tile: int | None) -> None:
        self._drawn = tile

    @property
    def after_kong(self) -> bool:
        """Whether the turn began with a kong's replacement draw (杠上开花); a tile that
        came from elsewhere (two-player 海底捞月) sets it False."""
        return self._after_kong

    @after_kong.setter
    def after_kong(self, value: bool) -> None:
        self._after_kong = value

    @property
    def turn(self) -> int:
        """The seat whose turn it is (or was last)."""
        return self._turn

    @property
    def offered_tile(self) -> int | None:
        """The tile others may claim (a discard) or rob (an added kong), else None."""
        return self._claim_tile if self._mode in (CLAIM, ROB) else None

    @property
    def offered_by(self) -> int | None:
        """Who offers ``offered_tile``: the discarder or the kong's owner, else None."""
        return self._claim_from if self._mode in (CLAIM, ROB) else None

    def emit(self, event: E.Event) -> None:
        """Append ``event`` (``fanshu.engine.events``; docs/engine-log.md)."""
        self.events.append(event)

    def pay(self, payments: Mapping[int, int], reason: str) -> None:
        """Move points between seats (zero-sum) and record it as a ``settle`` event;
        nothing when every payment is 0."""
        if not any(payments.values()):
            return
        for s, v in payments.items():
            self.scores[s] += v
        self.emit(
            E.Settle(
                type="settle", reason=reason, payments=[payments.get(s, 0) for s in range(self.n)]
            )
        )

    # -- deal and setup -----------------------------------------------------------

    def _deal(self) -> None:
        order = [(self.config.dealer + i) % self.n for i in range(self.n)]
        hands: list[list[str]] = [[] for _ in range(self.n)]
        for s in order:
            for _ in range(13):
                t = self.wall.draw()
                hands[s].append(CODES[t])
                self._take(s, t)
        self.emit(E.Deal(type="deal", hands=hands))
        self._choose_wildcard()
        if self.variant.flowers and self.config.flowers:
            for s in order:
                self._replace_flowers(s)
                if self.done:
                    return
        for s in order:
            self.seat[s].update_waits()
        self.variant.begin(self)

    def _choose_wildcard(self) -> None:
        """The variant names the wild kind (it may turn a tile up); everyone sees it."""
        v = self.variant
        draw = v.choose_wildcard(self)
        for t in self.wall.turned:
            if t < 34:
                self.visible[t] += 1
        if draw is None:
            return
        t = draw.tile
        if isinstance(t, bool) or not isinstance(t, int) or not 0 <= t < 34:
            raise OptionError(
                msg("{rules}: the wildcard is a tile kind 0-33, not {tile!r}", rules=v.name, tile=t)
            )
        self.wildcard = t
        ind = draw.indicator
        self.emit(
            E.Wildcard(
                type="wildcard",
                tile=CODES[t],
                indicator=None if ind is None else TILES[ind].code,
                dice=list(draw.dice),
            )
        )
        if v.wild_shapes:
            wild = WildTiles(t, tuple(v.wild_shapes), frozenset(v.wild_stands_for))
            for st in self.seat:
                st.wild = wild

    def _take(self, s: int, t: int) -> None:
        if t >= 34:
            self.seat[s].flowers.append(t)
        else:
            self.seat[s].counts[t] += 1

    def _replace_flowers(self, s: int) -> None:
        """The flowers dealt to ``s`` are shown and replaced from the back."""
        self._flower_draws(s, len(self.seat[s].flowers))

    def _flower_draws(self, s: int, n: int) -> int | None:
        """Replace ``n`` flowers from the back; return the last non-flower drawn (or None)."""
        last = None
        while n:
            n -= 1
            if not self.wall.remaining:
                self._exhaust()
                return None
            t = self.wall.draw_back()
            self.emit(E.Flower(type="flower", seat=s, tile=CODES[t]))
            self._take(s, t)
            if t >= 34:
                n += 1
            else:
                last = t
        return last

    # -- turns ----------------------------------------------------------------------

    def next_seat(self, s: int) -> int:
        """The next seat after ``s`` still in the hand (Sichuan: not yet won)."""
        for i in range(1, self.n + 1):
            q = (s + i) % self.n
            if not self.seat[q].won:
                return q
        return s

    def start_turn(self, s: int, *, replacement: bool = False) -> None:
        """Seat ``s`` draws (from the back after a kong) and is asked to play."""
        if not self.wall.remaining:
            self._exhaust()
            return
        t = self.wall.draw_back() if replacement else self.wall.draw()
        st = self.seat[s]
        self.emit(E.Draw(type="draw", seat=s, tile=CODES[t], back=replacement or None))
        self._take(s, t)
        flowered = t >= 34
        if flowered:
            got = self._flower_draws(s, 1)
            if got is None:
                return
            t = got
        st.draws += 1
        self._turn = s
        self._drawn = t
        # 杠上开花 "不包括补花": a kong's replacement that was a flower ends the kong's turn
        self._after_kong = replacement and not flowered
        if not replacement:
            self._kong_feeder = None
        self.variant.after_draw(self, s)
        if self._mode in (PICK, SWAP):
            return
        self.ask_turn(s)

    def ask_turn(self, s: int, *, drew: bool = True) -> None:
        """Ask seat ``s`` for its play; a declared-ready seat plays by itself."""
        self._mode = TURN
        self._turn = s
        if not drew:
            self._drawn = None
            self._after_kong = False
        st = self.seat[s]
        legal: list[Action] = []
        if drew and self._drawn is not None and self._can_win_self(s):
            legal.append(WIN)
            if self.variant.must_win(self):  # Sichuan 最后四张: a drawn winning tile too
                self.ask(s, legal)
                return
        if st.declared is not None:
            t = self._drawn
            assert t is not None
            if not legal:
                self._discard(s, t, auto=True)
                return
            legal.append(Action(A.DISCARD, t))
            self.ask(s, legal)
            return
        if drew and self.wall.remaining:
            legal.extend(self._kongs(s))
        legal.extend(self.variant.discards(self, s))
        self.ask(s, legal)

    def ask(self, s: int, legal: list[Action]) -> None:
        """Ask seat ``s`` to choose among ``legal`` (after those already asked)."""
        self._legal[s] = legal
        self._pending.append(s)

    def _kongs(self, s: int) -> list[Action]:
        st = self.seat[s]
        c = st.counts
        out = [Action(A.KONG, t) for t in range(34) if c[t] == 4 and self.variant.may_meld(st, t)]
        for m in st.melds:
            if m.kind is MeldKind.PUNG and c[m.tile] and self.variant.may_meld(st, m.tile):
                out.append(Action(A.KONG, m.tile))
        return out

    def _can_win_self(self, s: int) -> bool:
        st = self.seat[s]
        t = self._drawn
        if st.dead or st.won or t is None or t not in st.waits:
            return False
        return self.variant.may_win(self, s, self.hand_with(s, t, self_drawn=True))

    # -- handlers -----------------------------------------------------------------

    def _on_turn(self, s: int, a: Action) -> None:
        if a.kind is A.WIN:
            assert self._drawn is not None
            self.win_self(s, self._drawn)
        elif a.kind is A.KONG:
            assert a.tile is not None
            self._kong_from_hand(s, a.tile)
        else:
            assert a.tile is not None
            if a.kind is A.READY:
                self.seat[s].declared = len(self.events)
                first = not self.seat[s].discards and not self.claims_made
                self.seat[s].at_start = first
                self.emit(E.Ready(type="ready", seat=s, at_start=first or None))
            self._discard(s, a.tile)

    def _discard(self, s: int, t: int, *, auto: bool = False) -> None:
        st = self.seat[s]
        st.counts[t] -= 1
        st.discards.append(t)
        st.river.append(t)
        self.visible[t] += 1
        self.emit(E.Discard(type="discard", seat=s, tile=CODES[t], auto=auto or None))
        st.update_waits()
        self.variant.note_ready(self, s)
        self.variant.on_discard(self, s, t)
        self._last_kong_discard = self._after_kong
        self._drawn = None
        self._open_claims(s, t)

    def _claimable(self, t: int) -> bool:
        """May tile ``t``, offered by another seat, be claimed or won on?  Not a wild
        tile, unless the variant says so (``claim_wildcard``)."""
        return t != self.wildcard or self.variant.claim_wildcard

    def _open_claims(self, d: int, t: int) -> None:
        self._mode = CLAIM
        self._claim_tile, self._claim_from = t, d
        self._choices = {}
        if not self._claimable(t):
            self._after_claims()
            return
        last = not self.wall.remaining
        nxt = self.next_seat(d)
        for i in range(1, self.n):
            q = (d + i) % self.n
            st = self.seat[q]
            if st.won or st.dead:
                continue
            legal: list[Action] = []
            if t in st.waits and self.variant.may_win(self, q, self.hand_with(q, t)):
                legal.append(WIN)
                if self.variant.must_win(self):
                    self.ask(q, legal)
                    continue
            if st.declared is None and not last and self.variant.may_meld(st, t):
                c = st.counts[t]
                if c >= 2:
                    legal.append(PUNG)
                if c == 3 and self.wall.remaining:
                    legal.append(Action(A.KONG, t))
                if q == nxt and self.variant.chow and t < 27:
                    legal.extend(Action(A.CHOW, lo) for lo in _chows(st.counts, t))
            if legal:
                legal.append(PASS)
                self.ask(q, legal)
        if not self._pending:
            self._after_claims()

    def _on_claim(self, s: int, a: Action) -> None:
        self._choices[s] = a
        if not self._pending:
            self._after_claims()

    def _after_claims(self) -> None:
        d, t = self._claim_from, self._claim_tile
        order = [(d + i) % self.n for i in range(1, self.n)]
        chosen = [(q, self._choices[q]) for q in order if q in self._choices]
        self._choices = {}
        winners = [q for q, a in chosen if a.kind is A.WIN]
        if winners and self._wins_on_discard(winners, d, t):
            return
        for q, a in chosen:
            if a.kind in (A.PUNG, A.KONG) and not self.seat[q].dead:
                self._claim(q, d, t, a)
                return
        for q, a in chosen:
            if a.kind is A.CHOW and not self.seat[q].dead:
                self._claim(q, d, t, a)
                return
        self.start_turn(self.next_seat(d))

    def _claim(self, q: int, d: int, t: int, a: Action) -> None:
        st, giver = self.seat[q], self.seat[d]
        giver.river.pop()
        self.claims_made = True
        source = _source(q, d, self.n)
        if a.kind is A.CHOW:
            lo = a.tile
            assert lo is not None
            for x in (lo, lo + 1, lo + 2):
                if x != t:
                    st.counts[x] -= 1
                    self.visible[x] += 1
            meld = Meld(MeldKind.CHOW, TILES[lo], t - lo + 1)
        elif a.kind is A.PUNG:
            st.counts[t] -= 2
            self.visible[t] += 2
            meld = Meld(MeldKind.PUNG, TILES[t], source)
        else:
            st.counts[t] -= 3
            self.visible[t] += 3
            meld = Meld(MeldKind.KONG, TILES[t], source)
        st.melds.append(meld)
        self.emit(
            E.Claim(
                type="claim", seat=q, meld=str(meld), kind=_CLAIMS[a.kind], tile=CODES[t], source=d
            )
        )
        if a.kind is A.KONG:
            st.update_waits()  # the replacement draw is judged on the hand after the kong
            self.variant.on_kong(self, q, "direct", d)
            self._kong_feeder = d
            self.start_turn(q, replacement=True)
            return
        self._kong_feeder = None
        self.ask_turn(q, drew=False)

    def _kong_from_hand(self, s: int, t: int) -> None:
        st = self.seat[s]
        self.claims_made = True
        self._kong_feeder = None
        if st.counts[t] == 4:
            st.counts[t] = 0
            st.melds.append(Meld(MeldKind.CONCEALED_KONG, TILES[t]))
            self.emit(E.Kong(type="kong", seat=s, kind="concealed", tile=CODES[t]))
            st.update_waits()
            self.variant.on_kong(self, s, "concealed", None)
            self.start_turn(s, replacement=True)
            return
        i = next(i for i, m in enumerate(st.melds) if m.kind is MeldKind.PUNG and m.tile == t)
        st.counts[t] -= 1
        st.melds[i] = Meld(MeldKind.ADDED_KONG, TILES[t], st.melds[i].source)
        self.visible[t] += 1
        self.emit(E.Kong(type="kong", seat=s, kind="added", tile=CODES[t]))
        st.update_waits()
        # 抢杠和: the others may win on the added tile first
        self._mode = ROB
        self._claim_tile, self._claim_from = t, s
        self._choices = {}
        for i in range(1, self.n):
            q = (s + i) % self.n
            o = self.seat[q]
            if o.won or o.dead or t not in o.waits or not self._claimable(t):
                continue
            if self.variant.may_win(self, q, self.hand_with(q, t, robbing=True)):
                legal = [WIN] if self.variant.must_win(self) else [WIN, PASS]
                self.ask(q, legal)
        if not self._pending:
            self._after_rob()

    def _on_rob(self, s: int, a: Action) -> None:
        self._choices[s] = a
        if not self._pending:
            self._after_rob()

    def _after_rob(self) -> None:
        k, t = self._claim_from, self._claim_tile
        order = [(k + i) % self.n for i in range(1, self.n)]
        winners = [q for q in order if self._choices.get(q) == WIN]
        self._choices = {}
        if winners:
            st = self.seat[k]
            i = next(
                i for i, m in enumerate(st.melds) if m.kind is MeldKind.ADDED_KONG and m.tile == t
            )
            st.melds[i] = Meld(MeldKind.PUNG, TILES[t], st.melds[i].source)
            self.visible[t] -= 1
            self.emit(E.Robbed(type="robbed", seat=k, tile=CODES[t]))
            if self._wins_on_discard(winners, k, t, robbing=True):
                return
            # every robber's win was false (MCR 错和): the kong stands after all
            st.melds[i] = Meld(MeldKind.ADDED_KONG, TILES[t], st.melds[i].source)
            self.visible[t] += 1
        self.variant.on_kong(self, k, "added", None)
        self.start_turn(k, replacement=True)

    # -- wins ---------------------------------------------------------------------

    def hand_with(self, s: int, t: int, *, self_drawn: bool = False, robbing: bool = False) -> Hand:
        """Seat ``s``'s hand won on ``t``, with the win context the table shows."""
        st = self.seat[s]
        c = list(st.counts)
        if self_drawn:
            c[t] -= 1
        concealed = tuple(TILES[x] for x in range(34) for _ in range(c[x]))
        seen = self.visible[t] - (0 if self_drawn else 1)
        wall_last = not self.wall.remaining and not robbing
        dealer = s == self.config.dealer
        if self_drawn:
            first = not self.claims_made and st.draws == 1 and not self._after_kong
        else:
            first = not self.claims_made and st.draws == 0 and not robbing
        ctx = WinContext(
            self_drawn=self_drawn,
            fourth_tile=seen == 3 and not c[t],
            kong=(self._after_kong and self_drawn) or robbing,
            wall_last=wall_last,
            seat_wind=Tile(27 + self.variant.seat_wind(self, s)),
            prevalent_wind=Tile(27 + self.variant.prevalent_wind(self)),
            flowers=len(st.flowers),
            dealer=dealer,
            first_turn=self.variant.first_turn(first, self_drawn, dealer),
            ready_at_start=st.at_start,
            kong_discard=(
                not self_drawn
                and not robbing
                and self._last_kong_discard
                and self.variant.kong_discard
            ),
            wildcard=None if self.wildcard is None else TILES[self.wildcard],
        )
        return Hand(concealed, tuple(st.melds), TILES[t], ctx)

    def win_self(self, s: int, t: int) -> None:
        """Seat ``s`` declares a self-drawn win on ``t``: scored, settled (or a false
        win, and ``s`` is asked again), then the hand ends or goes on."""
        hand = self.hand_with(s, t, self_drawn=True)
        result = self.variant.score(hand)
        if not self.variant.meets_minimum(result):
            self._false_win(s, result)
            self.ask_turn(s)
            return
        feeder = self._kong_feeder if self._after_kong else None
        self._record_win(s, t, None, result)
        self.variant.settle_win(self, s, result, kong_feeder=feeder)
        self._after_win(s)

    def _wins_on_discard(
        self, winners: list[int], d: int, t: int, *, robbing: bool = False
    ) -> bool:
        """Settle the wins on ``d``'s tile; False if every one was a false win."""
        won: list[tuple[int, Any]] = []
        for q in winners:
            result = self.variant.score(self.hand_with(q, t, robbing=robbing))
            if not self.variant.meets_minimum(result):
                self._false_win(q, result)
                continue
            won.append((q, result))
            if not self.variant.multiple_winners:
                break
        if not won:
            return False
        if not robbing:  # the robbed tile already left the kong (``_after_rob``)
            self.seat[d].river.pop()
            self.visible[t] -= 1
        self.seat[won[0][0]].counts[t] += 1  # the one tile goes to the first winner
        for q, result in won:
            self._record_win(q, t, d, result, robbing=robbing)
        self.variant.settle_discard_wins(self, d, won, robbing=robbing)
        self._after_win(won[-1][0])
        return True

    def _record_win(
        self, s: int, t: int, d: int | None, result: Any, *, robbing: bool = False
    ) -> None:
        st = self.seat[s]
        st.won = True
        self.winners.append(s)
        win = E.Win(
            type="win",
            seat=s,
            tile=CODES[t],
            source=d,
            robbed=robbing or None,
            hand=str(result.hand),
            total=result.total,
            fans=[
                [f.name_zh, f.unit if hasattr(f, "unit") else f.value, f.count] for f in result.fans
            ],
        )
        shown = result.details.get("wildcards") if self.wildcard is not None else None
        if shown is not None:  # what each wild tile stood for (the log shows the reading)
            win["wildcards"] = dict(shown)
        self.emit(win)

    def _false_win(self, s: int, result: Any) -> None:
        self.seat[s].dead = True
        self.emit(E.FalseWin(type="false_win", seat=s, hand=str(result.hand), total=result.total))
        self.variant.settle_false_win(self, s)

    def _after_win(self, last: int) -> None:
        if self.variant.hand_over(self):
            self.finish("win")
            return
        # 血战到底: play goes on from the seat after the last winner
        self.start_turn(self.next_seat(last))

    def _exhaust(self) -> None:
        self._drawn = None
        self.variant.on_exhaust(self)
        if not self.done and self._mode != LAST:
            self.finish("drawn" if not self.winners else "win")

    def finish(self, how: Literal["win", "drawn", "forfeit"]) -> None:
        """End the hand (``how``: ``win``, ``drawn`` or ``forfeit``): the variant's
        ``on_end``, then the ``end`` event."""
        self._mode = END
        self._pending.clear()
        self.variant.on_end(self)
        carry = self.variant.carry_out(self)
        self._carried = dict(carry)
        self.done = True
        self.emit(
            E.End(
                type="end",
                result=how,
                winners=list(self.winners),
                scores=list(self.scores),
                wall_left=self.wall.remaining,
                carry=dict(carry) or None,
            )
        )

    @property
    def carried_out(self) -> dict[str, Any]:
        """The state this hand leaves to the next (``Variant.carry_out`` at its end, as
        the end event records it); empty before the end or when nothing is carried."""
        return dict(self._carried)

    # -- the setup phases and two-player events (driven by the variant) ------------

    def _on_variant(self, s: int, a: Action) -> None:
        self.variant.on_action(self, s, a)


_HANDLERS = {
    TURN: Game._on_turn,
    CLAIM: Game._on_claim,
    ROB: Game._on_rob,
    SETUP_EXCHANGE: Game._on_variant,
    VOID: Game._on_variant,
    PICK: Game._on_variant,
    SWAP: Game._on_variant,
    GIVE: Game._on_variant,
    LAST: Game._on_variant,
}


#: A claim's kind, as the claim event writes it.
_CLAIMS: dict[ActionKind, Literal["chow", "pung", "kong"]] = {
    A.CHOW: "chow",
    A.PUNG: "pung",
    A.KONG: "kong",
}


def _chows(c: Sequence[int], t: int) -> list[int]:
    """The lowest tiles of the chows ``t`` completes with ``c``."""
    r = t % 9
    out = []
    for lo in (t - 2, t - 1, t):
        lr = r - (t - lo)
        if lr < 0 or lr > 6:
            continue
        if all(c[x] for x in (lo, lo + 1, lo + 2) if x != t):
            out.append(lo)
    return out


def _source(claimer: int, giver: int, n: int) -> int:
    """Who gave the tile, as melds record it: 1 上家, 2 对家, 3 下家."""
    if n == 2:
        return 2
    return {1: 1, 2: 2, 3: 3}[(claimer - giver) % n]


def _minus(full: Sequence[int], used: Sequence[int]) -> list[int]:
    counts = [0] * 42
    for t in used:
        counts[t] += 1
    out = []
    for t in full:
        if counts[t]:
            counts[t] -= 1
        else:
            out.append(t)
    return out
