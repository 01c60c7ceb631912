"""Wuhan 开口翻 settlement: all three others pay, each by the winner's 番 plus its own.

Seed 001, ❽: 沒有承包時，1家胡牌，3家輸點，沒放沖的玩家依然輸點 … 輸分等於基礎分 — with
no 承包, one player wins and all three others lose, the discarder or not, each by its own
reckoning.  fanshu's formula (a documented reading): each loser owes

    base_points × 2 ** (the winner's 番 + that loser's own 番)

where a loser's own 番 are its 开口 (claimed melds), 明杠 1, 暗杠 2, 红中发财杠 1 and 赖子杠
2 (options), 放冲 1 when it fed the win, 庄家 1 when it is the dealer.  Then:

- 封顶 (``cap``, 400): no loser owes more; 金顶 (``golden_top``, 500): when all three
  shares exceed the cap each owes 500 instead; 光明顶 (``bright_top``, 600): under 金顶 a
  loser who never opened owes 600;
- 承包: a discarder who was not ready when it fed the win (by default a 全求人) owes
  what all three would (A會輸所有的翻總和的錢); a ready one — the seed's 另一種演算法 — is
  the option ``ready_contract``: each pays its own share (default) or the discarder pays
  its own share alone.

Every result sums to zero: the winner receives what the three owe.

>>> opts = WuhanOptions()
>>> losers = {"E": SeatFacts(), "W": SeatFacts(openings=1), "N": SeatFacts()}
>>> reckon("ESWN", "S", discarder="W", dealer="E", winner_fan=2, losers=losers,
...        options=opts).payments()
{'E': -8, 'S': 28, 'W': -16, 'N': -4}
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Literal

from fanshu.errors import SettlementError
from fanshu.hand import Meld, MeldKind
from fanshu.i18n import msg
from fanshu.rules.base import FanEntry, FanRow
from fanshu.rules.wuhan import fans as F
from fanshu.rules.wuhan.options import WuhanOptions

Payments = dict[str, int]
#: Which top a loser's share met: the cap, 金顶, 光明顶, or none.
Top = Literal["cap", "golden", "bright"] | None


@dataclass(frozen=True, slots=True)
class SeatFacts:
    """What one player brings to the reckoning, from its melds and its discards.

    ``openings`` 开口: melds claimed from a discard (chow, pung, melded kong; an added
    kong was claimed once, as its pung); ``melded_kongs`` 明杠 (claimed or added);
    ``concealed_kongs`` 暗杠; ``dragon_kongs`` 红中/发财 it discarded (红中发财杠, counted
    under the option ``dragon_kongs``); ``wild_kongs`` 赖子 it discarded (赖子杠, under
    ``laizi``); ``ready`` 听牌 when it discarded the winning tile (only the discarder's
    is read, for 承包).

    >>> from fanshu.hand import Meld, MeldKind
    >>> from fanshu.tiles import Tile
    >>> melds = [Meld(MeldKind.PUNG, Tile.EAST), Meld(MeldKind.CONCEALED_KONG, Tile.M1)]
    >>> f = SeatFacts.of_melds(melds)
    >>> f.openings, f.melded_kongs, f.concealed_kongs, f.opened
    (1, 0, 1, True)
    """

    openings: int = 0
    melded_kongs: int = 0
    concealed_kongs: int = 0
    dragon_kongs: int = 0
    wild_kongs: int = 0
    ready: bool = False

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "ready":
                if not isinstance(value, bool):
                    raise SettlementError(msg("ready is true or false, not {value!r}", value=value))
            elif isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 8:
                raise SettlementError(
                    msg(
                        "{name} is a whole number from 0 to 8, not {value!r}",
                        name=f.name,
                        value=value,
                    )
                )
        if self.openings + self.concealed_kongs > 4:
            raise SettlementError(
                msg(
                    "a player has at most 4 melds, not {openings} claimed and "
                    "{concealed_kongs} concealed kongs",
                    openings=self.openings,
                    concealed_kongs=self.concealed_kongs,
                )
            )
        if self.melded_kongs > self.openings:
            raise SettlementError(
                msg(
                    "each 明杠 is a claimed meld: {melded_kongs} 明杠 but {openings} openings",
                    melded_kongs=self.melded_kongs,
                    openings=self.openings,
                )
            )

    @classmethod
    def of_melds(
        cls,
        melds: Iterable[Meld],
        *,
        dragon_kongs: int = 0,
        wild_kongs: int = 0,
        ready: bool = False,
    ) -> SeatFacts:
        """The facts of a player's melds, with what its discards and waits add."""
        ms = list(melds)
        return cls(
            openings=sum(not m.is_concealed for m in ms),
            melded_kongs=sum(m.kind in (MeldKind.KONG, MeldKind.ADDED_KONG) for m in ms),
            concealed_kongs=sum(m.kind is MeldKind.CONCEALED_KONG for m in ms),
            dragon_kongs=dragon_kongs,
            wild_kongs=wild_kongs,
            ready=ready,
        )

    @property
    def opened(self) -> bool:
        """开口: it claimed at least one meld (光明顶 is for a loser who never did)."""
        return self.openings > 0


NO_FACTS = SeatFacts()


def discard_kong_fans(facts: SeatFacts, options: WuhanOptions) -> list[FanEntry[str]]:
    """红中发财杠 and 赖子杠 of a player (winner or loser), as the options count them."""
    rows: list[tuple[FanRow[str], int]] = [
        (F.DRAGON_GANG, facts.dragon_kongs if options.dragon_kongs else 0),
        (F.LAI_ZI_GANG, facts.wild_kongs if options.laizi else 0),
    ]
    return [FanEntry(r, count=n) for r, n in rows if n]


def loser_fans(
    facts: SeatFacts, *, discarder: bool, dealer: bool, options: WuhanOptions
) -> list[FanEntry[str]]:
    """A loser's own 番: 开口, 暗杠, 明杠, its discard kongs, 放冲, 庄家.

    >>> [(e.name_zh, e.points) for e in loser_fans(SeatFacts(openings=2, melded_kongs=1),
    ...                                           discarder=True, dealer=False,
    ...                                           options=WuhanOptions())]
    [('开口', 2), ('明杠', 1), ('放冲', 1)]
    """
    opened = facts.openings if options.opening_per_claim else min(facts.openings, 1)
    rows: list[tuple[FanRow[str], int]] = [
        (F.KAI_KOU, opened),
        (F.AN_GANG, facts.concealed_kongs),
        (F.MING_GANG, facts.melded_kongs),
    ]
    out = [FanEntry(r, count=n) for r, n in rows if n]
    out += discard_kong_fans(facts, options)
    if discarder:
        out.append(FanEntry(F.FANG_CHONG))
    if dealer:
        out.append(FanEntry(F.ZHUANG_JIA))
    return out


@dataclass(frozen=True, slots=True)
class LoserLine:
    """One loser's reckoning: its own 番, the 番 it pays by (the winner's + its own), its
    share before the tops, what it owes after them (``top`` says which applied), and
    what it actually pays (all or nothing under 承包)."""

    player: str
    fans: tuple[FanEntry[str], ...]
    own_fan: int
    fan: int
    share: int
    owed: int
    top: Top
    pays: int


@dataclass(frozen=True, slots=True)
class Reckoning:
    """A whole win's settlement, line by line; ``liable`` is the 承包 payer, if any."""

    winner: str
    players: tuple[str, ...]
    winner_fan: int
    lines: tuple[LoserLine, ...]
    liable: str | None
    golden: bool

    def payments(self) -> Payments:
        """Points per player in seat order (the winner positive); sums to zero."""
        out = dict.fromkeys(self.players, 0)
        for line in self.lines:
            out[line.player] -= line.pays
        out[self.winner] = sum(line.pays for line in self.lines)
        if sum(out.values()) != 0:  # pragma: no cover - an internal error
            raise AssertionError(f"settlement does not sum to zero: {out}")
        return out


def _check_players(players: Sequence[str], *named: str | None) -> tuple[str, ...]:
    seats = tuple(players)
    if len(seats) != 4 or len(set(seats)) != 4:
        raise SettlementError(
            msg("Wuhan is played by 4 different players, not {seats!r}", seats=list(seats))
        )
    for p in named:
        if p is not None and p not in seats:
            raise SettlementError(
                msg("{p!r} is not one of the players {seats!r}", p=p, seats=list(seats))
            )
    return seats


def _tops(
    shares: Mapping[str, int], facts: Mapping[str, SeatFacts], options: WuhanOptions
) -> tuple[dict[str, tuple[int, Top]], bool]:
    """What each loser owes after 封顶 / 金顶 / 光明顶, and whether 金顶 applied."""
    cap = options.cap
    if cap is None:
        return {p: (v, None) for p, v in shares.items()}, False
    # 如果3家都超過400分則每家提至500分: "exceed" read literally (a share of exactly the
    # cap is capped, not golden)
    golden = options.golden_top is not None and all(v > cap for v in shares.values())
    out: dict[str, tuple[int, Top]] = {}
    for p, v in shares.items():
        if golden:
            assert options.golden_top is not None
            if options.bright_top is not None and not facts[p].opened:
                out[p] = (options.bright_top, "bright")
            else:
                out[p] = (options.golden_top, "golden")
        elif v > cap:
            out[p] = (cap, "cap")
        else:
            out[p] = (v, None)
    return out, golden


def reckon(
    players: Sequence[str],
    winner: str,
    *,
    discarder: str | None,
    dealer: str,
    winner_fan: int,
    losers: Mapping[str, SeatFacts] | None = None,
    options: WuhanOptions,
    quan_qiu_ren: bool = False,
) -> Reckoning:
    """The settlement of one win of ``winner_fan`` 番 (the winner's whole count, its
    discard kongs included); ``losers`` gives each other player's facts (a player left
    out has none: not opened, no kongs, not ready).

    >>> opts = WuhanOptions()
    >>> r = reckon("ESWN", "S", discarder="W", dealer="E", winner_fan=5, options=opts,
    ...            quan_qiu_ren=True)  # W was not ready: 承包
    >>> r.liable, r.payments()
    ('W', {'E': 0, 'S': 160, 'W': -160, 'N': 0})
    """
    seats = _check_players(players, winner, discarder, dealer)
    if discarder == winner:
        raise SettlementError(msg("{winner!r} cannot win on their own discard", winner=winner))
    if isinstance(winner_fan, bool) or not isinstance(winner_fan, int) or winner_fan < 1:
        raise SettlementError(
            msg(
                "the winner's 番 is a whole number ≥ 1 (屁胡), not {winner_fan!r}",
                winner_fan=winner_fan,
            )
        )
    given = dict(losers or {})
    for p in given:
        if p not in seats or p == winner:
            raise SettlementError(
                msg(
                    "losers are the three players other than {winner!r}, not {p!r}",
                    winner=winner,
                    p=p,
                )
            )
    others = [p for p in seats if p != winner]
    facts = {p: given.get(p, NO_FACTS) for p in others}
    own = {
        p: tuple(
            loser_fans(facts[p], discarder=p == discarder, dealer=p == dealer, options=options)
        )
        for p in others
    }
    own_fan = {p: sum(e.points for e in own[p]) for p in others}
    shares = {p: options.base_points << (winner_fan + own_fan[p]) for p in others}
    owed, golden = _tops(shares, facts, options)
    liable: str | None = None
    pays = {p: owed[p][0] for p in others}
    if discarder is not None and _contract_applies(options, quan_qiu_ren):
        if not facts[discarder].ready:
            liable = discarder  # 承包: A會輸所有的翻總和的錢
            pays = {p: sum(owed[q][0] for q in others) if p == discarder else 0 for p in others}
        elif options.ready_contract == "discarder_only":
            pays = {p: owed[p][0] if p == discarder else 0 for p in others}
    lines = tuple(
        LoserLine(
            player=p,
            fans=own[p],
            own_fan=own_fan[p],
            fan=winner_fan + own_fan[p],
            share=shares[p],
            owed=owed[p][0],
            top=owed[p][1],
            pays=pays[p],
        )
        for p in others
    )
    return Reckoning(winner, seats, winner_fan, lines, liable, golden)


def _contract_applies(options: WuhanOptions, quan_qiu_ren: bool) -> bool:
    if options.contract == "every_discard":
        return True
    return options.contract == "quan_qiu_ren" and quan_qiu_ren
