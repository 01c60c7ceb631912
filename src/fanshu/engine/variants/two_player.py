"""The two-player game (二人麻将, seeds 000/004, RULES.md §2) at the table: 71 of the 136
tiles in play, chows from the other player, 报听 (the system then draws and discards for
the player until a win or a pass), the 海底捞月 round at exhaustion, and the optional
exchange events at the probabilities ``GameConfig`` sets.

Readings fanshu takes where the seed is terse (docs/engine.md):

- 海底捞月 round: the ready player (the one who declared first; if neither declared, the
  one ready longest) fishes one tile from the 65 out of play, and may win on it as a
  self-drawn win on the last tile;
- 开始时换牌: each player in turn may give back dealt tiles one at a time, each replaced
  by a random tile from those out of play;
- 游戏中换牌: after a draw, a triplet from the tiles out of play is offered; taking it,
  the player gives back any three tiles, then discards;
- 搓牌: at a draw, the player may take any tile kind still unseen (wall or out of play)
  instead of the tile drawn.
"""

from __future__ import annotations

from fanshu.analysis.shanten import shanten
from fanshu.engine import events as E
from fanshu.engine.actions import Action, ActionKind
from fanshu.engine.variants.base import Table, Variant
from fanshu.engine.wall import tile_set
from fanshu.tiles import TILES

A = ActionKind
PASS = Action(A.PASS)


class TwoPlayerVariant(Variant):
    name = "two-player"
    seats = 2
    wall_size = 71

    def full_set(self) -> list[int]:
        return tile_set(range(34))

    def seat_wind(self, game: Table, s: int) -> int:
        return 0  # no seat wind: the rule set scores with a neutral wind

    def prevalent_wind(self, game: Table) -> int:
        return 0  # nor a prevalent wind, whatever the table's config says

    # -- 开始时换牌 -------------------------------------------------------------------

    def begin(self, game: Table) -> None:
        p = game.config.exchange_at_start
        self._exchangers = [
            s for s in (game.config.dealer, 1 - game.config.dealer) if p and game.rng.random() < p
        ]
        self._swaps_left = 13
        self._next_exchanger(game)

    def _next_exchanger(self, game: Table) -> None:
        if not self._exchangers:
            for s in range(2):
                game.seat[s].update_waits()
            game.start_turn(game.config.dealer)
            return
        self._swaps_left = 13
        game.mode = "exchange"
        self._ask_exchange(game, self._exchangers[0])

    def _ask_exchange(self, game: Table, s: int) -> None:
        c = game.seat[s].counts
        game.ask(s, [*(Action(A.EXCHANGE, t) for t in range(34) if c[t]), PASS])

    def _from_pool(self, game: Table) -> int:
        return game.pool.pop(game.rng.randrange(len(game.pool)))

    # -- events after a draw: 搓牌, 游戏中换牌 ------------------------------------------

    def after_draw(self, game: Table, s: int) -> None:
        st = game.seat[s]
        if st.declared is not None:
            return
        cfg = game.config
        if cfg.free_pick and game.rng.random() < cfg.free_pick:
            unseen = set(game.pool) | set(game.wall.live())
            unseen.discard(game.drawn or 0)
            if unseen:
                game.mode = "pick"
                game.ask(s, [*(Action(A.PICK, t) for t in sorted(unseen)), PASS])
                return
        self._offer_triplet(game, s)

    def _offer_triplet(self, game: Table, s: int) -> None:
        p = game.config.triplet_offer
        if p and game.rng.random() < p:
            counts = [0] * 34
            for t in game.pool:
                counts[t] += 1
            kinds = [t for t in range(34) if counts[t] >= 3]
            if kinds:
                game.mode = "swap"
                game.ask(s, [Action(A.SWAP, game.rng.choice(kinds)), PASS])
                return
        if game.mode in ("pick", "swap"):
            game.ask_turn(s)

    def on_action(self, game: Table, s: int, a: Action) -> None:
        st = game.seat[s]
        mode = game.mode
        if mode == "exchange":
            if a.kind is A.PASS or self._swaps_left <= 1:
                if a.kind is A.EXCHANGE:
                    self._exchange(game, s, a)
                self._exchangers.pop(0)
                self._next_exchanger(game)
                return
            self._exchange(game, s, a)
            self._swaps_left -= 1
            self._ask_exchange(game, s)
        elif mode == "pick":
            if a.kind is A.PICK:
                assert a.tile is not None and game.drawn is not None
                old, new = game.drawn, a.tile
                if new in game.pool:
                    game.pool.remove(new)
                    game.pool.append(old)
                else:
                    game.wall.replace_live(new, old)
                st.counts[old] -= 1
                st.counts[new] += 1
                game.drawn = new
                game.emit(E.Pick(type="pick", seat=s, gave=TILES[old].code, got=TILES[new].code))
            game.mode = "pick"
            self._offer_triplet(game, s)
        elif mode == "swap":
            if a.kind is A.PASS:
                game.ask_turn(s)
                return
            assert a.tile is not None
            for _ in range(3):
                game.pool.remove(a.tile)
            st.counts[a.tile] += 3
            game.emit(E.Swap(type="swap", seat=s, tile=TILES[a.tile].code))
            game.mode = "give"
            self._given = 0
            self._ask_give(game, s)
        elif mode == "give":
            assert a.tile is not None
            st.counts[a.tile] -= 1
            game.pool.append(a.tile)
            game.emit(E.Give(type="give", seat=s, tile=TILES[a.tile].code))
            self._given += 1
            if self._given < 3:
                self._ask_give(game, s)
            else:
                game.ask_turn(s, drew=False)  # the drawn tile may be gone: just discard
        elif mode == "last":
            if a.kind is A.WIN:
                game.drawn = self._fished
                game.after_kong = False
                game.win_self(s, self._fished)
            else:
                game.finish("drawn")

    def _ask_give(self, game: Table, s: int) -> None:
        c = game.seat[s].counts
        game.ask(s, [Action(A.EXCHANGE, t) for t in range(34) if c[t]])

    def _exchange(self, game: Table, s: int, a: Action) -> None:
        assert a.tile is not None
        st = game.seat[s]
        got = self._from_pool(game)
        st.counts[a.tile] -= 1
        st.counts[got] += 1
        game.pool.append(a.tile)
        game.emit(E.Exchange(type="exchange", seat=s, gave=TILES[a.tile].code, got=TILES[got].code))

    # -- 报听 --------------------------------------------------------------------------

    def discards(self, game: Table, s: int) -> list[Action]:
        st = game.seat[s]
        c = st.counts
        out = [Action(A.DISCARD, t) for t in range(34) if c[t]]
        m = len(st.melds)
        if st.declared is None and shanten(c, m) <= 0:
            for t in range(34):
                if c[t]:
                    c[t] -= 1
                    if shanten(c, m) == 0:
                        out.append(Action(A.READY, t))
                    c[t] += 1
        return out

    def note_ready(self, game: Table, s: int) -> None:
        st = game.seat[s]
        if not st.waits:
            st.ready_since = None
        elif st.ready_since is None:
            st.ready_since = len(game.events)

    # -- 海底捞月 ------------------------------------------------------------------------

    def on_exhaust(self, game: Table) -> None:
        ready = [s for s in range(2) if game.seat[s].waits]
        if not ready or not game.pool:
            return

        def first(s: int) -> tuple[int, int]:
            st = game.seat[s]
            return (0, st.declared) if st.declared is not None else (1, st.ready_since or 0)

        s = min(ready, key=first)
        t = self._from_pool(game)
        self._fished = t
        st = game.seat[s]
        st.counts[t] += 1
        game.emit(E.Moon(type="moon", seat=s, tile=TILES[t].code))
        game.drawn = t
        game.after_kong = False
        if t in st.waits and self.may_win(game, s, game.hand_with(s, t, self_drawn=True)):
            game.mode = "last"
            game.ask(s, [Action(A.WIN), PASS])
