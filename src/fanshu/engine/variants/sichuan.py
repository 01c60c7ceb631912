"""Sichuan 血战到底 at the table (RULES.md §3): 108 tiles, no chow, optional 换三张, then
定缺; void-suit tiles are discarded first and never melded; a win does not end the hand
until three players have won or the wall is empty; 一炮多响; kongs are paid when made
(刮风下雨); a drawn end runs 查花猪 and 查大叫 and the not-ready refund their kong income;
within the last four tiles a player who can win must.

血流成河 (option ``xue_liu``, ``fanshu.rules.sichuan.flow``): a winner stays in.  Its
winning tile is set aside, shown (counted in ``game.visible``, kept in ``game.pool``, the
tiles out of play), so it keeps the 13-tile hand it won with; from then on it may only
win (on a draw, a discard or a robbed kong) or discard the tile it drew — no claim and
no kong, so the hand it won with never changes.  Every win is settled when it happens,
by everyone (nobody leaves); the hand ends only when the wall is empty, where 查花猪 and
查大叫 look at the players who never won."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from fanshu.engine import events as E
from fanshu.engine.actions import Action, ActionKind
from fanshu.engine.seat import SeatState
from fanshu.engine.variants.base import KongMade, Table, Variant
from fanshu.engine.wall import tile_set
from fanshu.hand import Hand
from fanshu.rules.sichuan import flow
from fanshu.rules.sichuan.options import SichuanOptions
from fanshu.rules.sichuan.settlement import (
    settle_drawn,
    settle_kong,
    settle_multiple,
    settle_win,
)
from fanshu.tiles import TILES

SUITS = "msp"
#: 换三张 directions: the seat that receives, counted from the giver.
DIRECTIONS = {1: "下家 (clockwise)", 2: "对家 (across)", 3: "上家 (counter-clockwise)"}


class SichuanVariant(Variant):
    name = "sichuan"
    chow = False
    multiple_winners = True
    kong_discard = True

    def __init__(self, option_data: Any) -> None:
        super().__init__(option_data)
        self.sichuan: SichuanOptions = self.options
        #: 血流成河: the seats that have won, one entry per win, and each set-aside
        #: winning tile as (seat, tile).
        self.wins: list[int] = []
        self.set_aside: list[tuple[int, int]] = []
        self._locked: list[SeatState] = []  # the seats whose won hand may not change

    def full_set(self) -> list[int]:
        return tile_set(range(27))

    # -- setup: 换三张, 定缺 -------------------------------------------------------

    def begin(self, game: Table) -> None:
        self._order = [(game.config.dealer + i) % 4 for i in range(4)]
        if game.config.exchange_three:
            game.mode = "exchange"
            self._ask_exchange(game, self._order[0])
        else:
            self._ask_void(game, 0)

    def _ask_exchange(self, game: Table, s: int) -> None:
        st = game.seat[s]
        c = st.counts
        if st.given:
            suit = st.given[0] // 9
            kinds = [t for t in range(suit * 9, suit * 9 + 9) if c[t]]
        else:
            kinds = [t for t in range(27) if c[t] and sum(c[t - t % 9 : t - t % 9 + 9]) >= 3]
        game.ask(s, [Action(ActionKind.EXCHANGE, t) for t in kinds])

    def _ask_void(self, game: Table, i: int) -> None:
        game.mode = "void"
        s = self._order[i]
        game.ask(s, [Action(ActionKind.VOID, suit * 9) for suit in range(3)])

    def on_action(self, game: Table, s: int, a: Action) -> None:
        st = game.seat[s]
        assert a.tile is not None
        if a.kind is ActionKind.EXCHANGE:
            st.counts[a.tile] -= 1
            st.given.append(a.tile)
            if len(st.given) < 3:
                self._ask_exchange(game, s)
                return
            nxt = self._order.index(s) + 1  # seats choose in turn from the dealer
            if nxt < 4:
                self._ask_exchange(game, self._order[nxt])
                return
            step = game.rng.choice((1, 2, 3))
            moved = [list(game.seat[q].given) for q in range(4)]
            for q in range(4):
                for t in moved[q]:
                    game.seat[(q + step) % 4].counts[t] += 1
                game.seat[q].given = []
            game.emit(
                E.Exchange3(
                    type="exchange",
                    direction=step,
                    tiles=[[TILES[t].code for t in m] for m in moved],
                )
            )
            self._ask_void(game, 0)
            return
        st.void = a.tile // 9
        nxt = self._order.index(s) + 1
        if nxt < 4:
            self._ask_void(game, nxt)
            return
        game.emit(E.Void(type="void", suits=[SUITS[game.seat[q].void or 0] for q in range(4)]))
        for q in range(4):
            game.seat[q].update_waits()
        game.start_turn(game.config.dealer)

    # -- play ---------------------------------------------------------------------

    def discards(self, game: Table, s: int) -> list[Action]:
        st = game.seat[s]
        if game.drawn is not None and self._is_locked(st):
            return [Action(ActionKind.DISCARD, game.drawn)]  # 血流成河: the hand stays
        c = st.counts
        if st.void is not None and st.holds_suit(st.void):
            base = st.void * 9
            return [Action(ActionKind.DISCARD, t) for t in range(base, base + 9) if c[t]]
        return [Action(ActionKind.DISCARD, t) for t in range(27) if c[t]]

    def may_meld(self, st: SeatState, t: int) -> bool:
        if self._is_locked(st):
            return False  # 血流成河: a winner claims nothing and makes no kong
        return st.void is None or t // 9 != st.void

    def _is_locked(self, st: SeatState) -> bool:
        return any(st is x for x in self._locked)

    def may_win(self, game: Table, s: int, hand: Hand) -> bool:
        st = game.seat[s]
        if st.void is not None and (
            st.holds_suit(st.void)
            or (hand.winning_tile is not None and hand.winning_tile // 9 == st.void)
        ):
            return False
        return bool(self.score(hand).is_win)

    def must_win(self, game: Table) -> bool:
        return game.wall.remaining <= 3  # 最后四张: a ready player must win

    def first_turn(self, first: bool, self_drawn: bool, dealer: bool) -> bool:
        return first and self_drawn  # 天胡, 地胡

    def hand_over(self, game: Table) -> bool:
        return flow.over_after_win([str(q) for q in game.winners], self.sichuan)

    def _stay_in(self, game: Table, winners: Sequence[int], tile: int, holder: int) -> None:
        """血流成河: the winners stay in; the winning tile ``holder`` took is set aside."""
        if not self.sichuan.xue_liu:
            return
        game.seat[holder].counts[tile] -= 1
        game.pool.append(tile)
        game.visible[tile] += 1
        self.set_aside.append((holder, tile))
        for q in winners:
            st = game.seat[q]
            st.won = False
            st.update_waits()
            self.wins.append(q)
            if not self._is_locked(st):
                self._locked.append(st)

    # -- settlement -----------------------------------------------------------------

    def _still_in(self, game: Table, also: Sequence[int] = ()) -> list[str]:
        if self.sichuan.xue_liu:
            return self.players()  # 血流成河: nobody leaves
        return [str(q) for q in range(4) if not game.seat[q].won or q in also]

    def settle_win(self, game: Table, s: int, result: Any, *, kong_feeder: int | None) -> None:
        feeder = None if kong_feeder is None else str(kong_feeder)
        if feeder is not None and game.seat[kong_feeder or 0].won:
            feeder = None  # the feeder has since won and is out: a plain self-draw
        got = settle_win(
            self.players(),
            str(s),
            result,
            still_in=self._still_in(game, [s]),
            kong_feeder=feeder,
            options=self.options,
        )
        self.pay(game, got.payments, "win")
        self._stay_in(game, [s], int(result.hand.winning_tile), s)

    def settle_discard_wins(
        self, game: Table, d: int, won: Sequence[tuple[int, Any]], *, robbing: bool
    ) -> None:
        winners = [q for q, _ in won]
        still = self._still_in(game, winners)
        got = settle_multiple(
            self.players(),
            str(d),
            {str(q): r for q, r in won},
            still_in=still,
            options=self.options,
        )
        self.pay(game, got.payments, "抢杠" if robbing else "win")
        # the one tile went to the first winner (``Game._wins_on_discard``)
        self._stay_in(game, winners, int(won[0][1].hand.winning_tile), winners[0])

    def on_kong(self, game: Table, s: int, kind: KongMade, feeder: int | None) -> None:
        got = settle_kong(
            self.players(),
            str(s),
            kind,
            feeder=None if feeder is None else str(feeder),
            still_in=self._still_in(game),
            options=self.options,
        )
        game.kong_settlements.append(got)
        self.pay(game, got.payments, f"kong {kind}")

    def on_exhaust(self, game: Table) -> None:
        won = [str(q) for q in [*game.winners, *self.wins]]
        hands = {
            p: Hand(tuple(game.seat[int(p)].tiles()), tuple(game.seat[int(p)].melds))
            for p in flow.checked_at_draw(self.players(), won)
        }
        got = settle_drawn(self.players(), hands, kongs=game.kong_settlements, options=self.options)
        self.pay(game, got.payments, "drawn")
