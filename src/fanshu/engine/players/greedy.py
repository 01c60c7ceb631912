"""The greedy player: always toward the lowest shanten, with the most tiles still to come.

It wins whenever the rule set accepts the win; discards to the lowest shanten, ties
broken by the unseen copies of the tiles that would lower it (4 minus the copies this
seat can see); claims only when the claim lowers the shanten, or keeps it and widens the
hand; takes every exchange, pick and swap that lowers the (expected) shanten.  With a
wild kind (百搭 / 赖子) the shanten and useful tiles count the wild tiles standing in
(``fanshu.analysis.wildcards``, as the table counts them), and among equal discards a
wild tile is kept.  It knows
nothing of fan: under MCR its ready hands are often under the 8-fan minimum, and it then
waits on, never declaring a win the rules would refuse.

>>> from fanshu.engine import Game
>>> g = Game("mcr", seed=3)
>>> p = GreedyPlayer()
>>> p.choose(g.observe(g.to_act)) in g.legal_actions()
True
"""

from __future__ import annotations

from collections.abc import Sequence

from fanshu.engine.actions import Action
from fanshu.engine.observation import Observation
from fanshu.engine.players.base import (
    PASS,
    WIN,
    A,
    View,
    claimed,
    discard_tiles,
    konged,
    play_discard,
)
from fanshu.engine.players.counting import overall


def edge(t: int) -> int:
    """How far a kind is from the middle (honours farthest): among equals, the edge goes."""
    return 5 if t >= 27 else abs(t % 9 - 4)


class GreedyPlayer:
    """Lowest shanten, then the most useful tiles; see the module text."""

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed  # deterministic: ties go by tile order
        # the shanten of the hand at the last claim asked (one entry)
        self._last_s0: tuple[tuple[object, ...], int] | None = None

    # -- measures ------------------------------------------------------------------

    @staticmethod
    def shanten(v: View, c: Sequence[int], melds: int) -> int:
        return v.shanten(c, melds)

    @staticmethod
    def useful(v: View, c: Sequence[int], melds: int) -> int:
        return v.useful(c, melds)

    def best_discard(
        self, v: View, c: list[int], melds: int, tiles: Sequence[int], *, mass: bool = False
    ) -> tuple[int, int, int]:
        """(shanten, useful copies, tile) of the best discard among ``tiles``; the useful
        count is worked out only where it decides (or when ``mass`` asks for it)."""
        fast = self.discards(v, c, melds, tiles)
        if fast is not None:
            return self.pick_of(v, fast, mass=mass)
        return self.discard_each(v, c, melds, tiles, mass=mass)

    @staticmethod
    def pick_of(
        v: View, fast: tuple[int, dict[int, int]], *, mass: bool = False
    ) -> tuple[int, int, int]:
        """:meth:`best_discard` from the one-pass table (``View.best_discards``)."""
        low, tied = fast
        if len(tied) == 1 and not mass:
            return low, 0, next(iter(tied))
        # (no wild tile at the table here to keep among equals)
        _, u, _, _, t = max((True, u, v.remaining[t] == 0, edge(t), t) for t, u in tied.items())
        return low, u, t

    @staticmethod
    def discards(
        v: View, c: Sequence[int], melds: int, tiles: Sequence[int]
    ) -> tuple[int, dict[int, int]] | None:
        """The best discards among ``tiles`` in one pass, or None (``View.best_discards``)."""
        return v.best_discards(c, melds, tiles)

    def discard_each(
        self, v: View, c: list[int], melds: int, tiles: Sequence[int], *, mass: bool = False
    ) -> tuple[int, int, int]:
        """:meth:`best_discard` one discard at a time (wild tiles, part of a hand)."""
        scored = []
        for t in tiles:
            c[t] -= 1
            scored.append((self.shanten(v, c, melds), t))
            c[t] += 1
        low = min(s for s, _ in scored)
        tied = [t for s, t in scored if s == low]
        if len(tied) == 1 and not mass:
            return low, 0, tied[0]
        ranked = []
        for t in tied:
            c[t] -= 1
            # a wild tile is thrown last among equals: it may stand for what comes
            not_wild = not v.keeps_wild(t)
            ranked.append((not_wild, self.useful(v, c, melds), v.remaining[t] == 0, edge(t), t))
            c[t] += 1
        _, u, _, _, t = max(ranked)
        return low, u, t

    # -- decisions -----------------------------------------------------------------

    def choose(self, obs: Observation) -> Action:
        legal = obs.legal_actions
        if len(legal) == 1:
            return legal[0]
        if obs.win_accepted and WIN in legal:
            return WIN
        # the decision of each phase; Sichuan's exchange passes three tiles (换三张)
        decide = {
            "turn": self.turn,
            "claim": self.claim,
            "void": self.void,
            "exchange": self.pass_three if obs.rules == "sichuan" else self.exchange,
            "give": self.give,
            "pick": self.pick,
            "swap": self.swap,
        }.get(obs.phase)
        if decide is not None:
            return decide(obs, View.of(obs))
        return PASS if PASS in legal else legal[0]  # rob, last: no acceptable win

    def turn(self, obs: Observation, v: View) -> Action:
        legal = obs.legal_actions
        c, m = v.counts, len(v.melds)
        s, _, t = self.best_discard(v, c, m, discard_tiles(legal))
        for a in legal:
            if a.kind is A.KONG and a.tile is not None:
                c2, melds2 = konged(c, v.melds, a.tile)
                if self.shanten(v, c2, len(melds2)) <= s:  # and a replacement draw
                    return a
        return play_discard(legal, t)

    def claim(self, obs: Observation, v: View) -> Action:
        c, m = v.counts, len(v.melds)
        tile = obs.last_discard
        assert tile is not None
        key = (tuple(c), m, v.allowed, v.wild, v.special)
        if self._last_s0 is not None and self._last_s0[0] == key:
            s0 = self._last_s0[1]  # the same hand as at the last claim: not again
        else:
            s0 = self.shanten(v, c, m)
            self._last_s0 = (key, s0)
        u0: int | None = None
        best: tuple[int, int] | None = None
        choice = PASS
        for a in obs.legal_actions:
            got = claimed(c, a, tile)
            if got is None:
                continue
            c2 = got[0]
            fast = None if a.kind is A.KONG else self.discards(v, c2, m + 1, v.discardable(c2))
            if fast is not None:
                # the least shanten after a discard is the shanten of the 14 tiles (or
                # 0 for a complete hand, which a 13-tile s0 never beats)
                if fast[0] > s0:
                    continue
                s1, u1, _ = self.pick_of(v, fast, mass=True)
            else:
                s1 = self.shanten(v, c2, m + 1)
                if s1 > s0:
                    continue
                if a.kind is A.KONG:
                    u1 = self.useful(v, c2, m + 1)
                else:
                    s1, u1, _ = self.best_discard(v, c2, m + 1, v.discardable(c2), mass=True)
            if s1 == s0:
                if u0 is None:
                    u0 = self.useful(v, c, m)
                if u1 < u0 or (u1 == u0 and a.kind is not A.KONG):
                    continue
            if best is None or (s1, -u1) < best:
                best, choice = (s1, -u1), a
        return choice

    def void(self, obs: Observation, v: View) -> Action:
        """定缺: the suit with the fewest tiles (ties: the one whose loss hurts least)."""
        c = v.counts
        best: tuple[int, int, int] | None = None
        choice = obs.legal_actions[0]
        for a in obs.legal_actions:
            assert a.tile is not None
            suit = a.tile // 9
            rest = [0 if t // 9 == suit else c[t] for t in range(27)] + [0] * 7
            key = (sum(c[suit * 9 : suit * 9 + 9]), overall(rest, 0, False), suit)
            if best is None or key < best:
                best, choice = key, a
        return choice

    def pass_three(self, obs: Observation, v: View) -> Action:
        """换三张: three tiles of the shortest suit holding three, the least useful first."""
        c = v.counts
        tiles = [a.tile for a in obs.legal_actions if a.tile is not None]
        suits = {t // 9 for t in tiles}
        suit = min(suits, key=lambda s: (sum(c[s * 9 : s * 9 + 9]), s))
        return Action(A.EXCHANGE, self._least_useful(c, [t for t in tiles if t // 9 == suit]))

    def _least_useful(self, c: list[int], tiles: Sequence[int], special: bool = False) -> int:
        best: tuple[int, int, int] | None = None
        choice = tiles[0]
        for t in tiles:
            c[t] -= 1
            key = (overall(c, 0, special), -edge(t), t)
            c[t] += 1
            if best is None or key < best:
                best, choice = key, t
        return choice

    def exchange(self, obs: Observation, v: View) -> Action:
        """开始时换牌: give back the tile whose loss costs no shanten and whose random
        replacement most likely lowers it; pass when every tile counts."""
        c, m = v.counts, len(v.melds)
        s0 = self.shanten(v, c, m)
        options = [a.tile for a in obs.legal_actions if a.kind is A.EXCHANGE and a.tile is not None]
        best, choice = 0, PASS
        for t in options:
            c[t] -= 1
            if self.shanten(v, c, m) == s0:
                u = self.useful(v, c, m)
                if u > best:
                    best, choice = u, Action(A.EXCHANGE, t)
            c[t] += 1
        return choice

    def give(self, obs: Observation, v: View) -> Action:
        """After taking a triplet: give back what the hand misses least."""
        tiles = [a.tile for a in obs.legal_actions if a.tile is not None]
        return Action(A.EXCHANGE, self._least_useful(v.counts, tiles, v.special))

    def pick(self, obs: Observation, v: View) -> Action:
        """搓牌: the unseen tile that lowers the shanten most, else keep the draw."""
        c, m = v.counts, len(v.melds)
        drawn = obs.drawn
        if drawn is None:
            return PASS
        s0 = self.shanten(v, c, m)
        c[drawn] -= 1
        scored = []
        for a in obs.legal_actions:
            if a.kind is A.PICK and a.tile is not None:
                c[a.tile] += 1
                scored.append((self.shanten(v, c, m), -v.remaining[a.tile], a.tile))
                c[a.tile] -= 1
        c[drawn] += 1
        if not scored:
            return PASS
        s, _, t = min(scored)
        return Action(A.PICK, t) if s < s0 else PASS

    def swap(self, obs: Observation, v: View) -> Action:
        """游戏中换牌: take the triplet when the hand it leaves (after giving three back)
        is nearer than the hand now; a complete hand is won instead."""
        c, m = v.counts, len(v.melds)
        s0 = self.shanten(v, c, m)
        for a in obs.legal_actions:
            if a.kind is A.SWAP and a.tile is not None and s0 >= 0:
                c2 = list(c)
                c2[a.tile] += 3
                if max(self.shanten(v, c2, m), 0) < s0:
                    return a
        return PASS
