"""Sichuan settlement (血战到底): wins, kong payments (刮风下雨) and the drawn hand.

A hand of ``n`` fan is paid ``base × 2^(n−1)`` (after the cap) by each loser:

- self-drawn: every other player still in (not yet won) pays; after a kong on a
  discard, 杠上花 counts as the feeder's discard and the feeder alone pays
  (``kong_feeder``; RULES.md §3, seed 002 rule (4));
- on a discard: the discarder pays; 一炮多响 settles each winner separately
  (:func:`settle_multiple`);
- kongs (seed 000 §6): a direct kong (直杠) is paid 1 base by the feeder, an added kong
  (面下杠) 1 base by every other player still in, a concealed kong (下雨) 2 base each;
  a robbed added kong pays nothing (刮风下雨无效);
- a drawn hand (seed 000 §7): 查花猪 (a player holding three suits pays each other
  non-花猪 player 16 base), 查大叫 (a player who is not ready pays each ready player that
  player's best possible hand) and not-ready players refund their kong income.

Every settlement sums to zero.

>>> P = ("A", "B", "C", "D")
>>> settle_win(P, "A", 3).payments
{'A': 12, 'B': -4, 'C': -4, 'D': -4}
>>> settle_win(P, "A", 3, discarder="C", still_in="ACD").payments
{'A': 4, 'B': 0, 'C': -4, 'D': 0}
>>> settle_kong(P, "B", "concealed", still_in="BCD").payments
{'A': 0, 'B': 4, 'C': -2, 'D': -2}
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from fanshu.errors import FanshuError
from fanshu.hand import Hand, MeldKind
from fanshu.i18n import msg
from fanshu.rules.base import Result
from fanshu.rules.sichuan.evaluate import suits_held
from fanshu.rules.sichuan.options import DEFAULT_OPTIONS, SichuanOptions
from fanshu.rules.sichuan.ready import possible_fan

KongKind = Literal["direct", "added", "concealed"]
SettlementKind = Literal["win", "kong", "drawn"]

#: What a 花猪 pays each other non-花猪 player, in base points (seed 000: 16倍点数).
FLOWER_PIG_BASE = 16
#: 刮风下雨 in base points (seed 000 §6).
KONG_BASE: dict[str, int] = {"direct": 1, "added": 1, "concealed": 2}
_KONG_OF_MELD = {
    MeldKind.KONG: "direct",
    MeldKind.ADDED_KONG: "added",
    MeldKind.CONCEALED_KONG: "concealed",
}


class SettlementError(FanshuError):
    """A settlement request that names players or facts that cannot be."""

    code = "bad_match"


@dataclass(frozen=True, slots=True)
class Payment:
    """``payer`` pays ``amount`` points to ``payee`` for ``reason``."""

    payer: str
    payee: str
    amount: int
    reason: str


@dataclass(frozen=True, slots=True)
class Settlement:
    """Points won (+) or lost (−) per player, and the payments behind them."""

    kind: SettlementKind
    payments: dict[str, int]
    items: tuple[Payment, ...] = field(default=())

    def __add__(self, other: Settlement) -> Settlement:
        merged = dict(self.payments)
        for p, v in other.payments.items():
            merged[p] = merged.get(p, 0) + v
        return Settlement(
            self.kind if self.kind == other.kind else "drawn", merged, self.items + other.items
        )


def _build(kind: SettlementKind, players: Sequence[str], items: Iterable[Payment]) -> Settlement:
    pay = dict.fromkeys(players, 0)
    kept = tuple(i for i in items if i.amount)
    for i in kept:
        pay[i.payer] -= i.amount
        pay[i.payee] += i.amount
    return Settlement(kind, pay, kept)


def _players(players: Iterable[str]) -> list[str]:
    names = list(players)
    if len(names) < 2 or len(names) > 4:
        raise SettlementError(msg("a Sichuan table has 2 to 4 players, not {n}", n=len(names)))
    for n in names:
        if not isinstance(n, str) or not n:
            raise SettlementError(msg("a player is a non-empty name, not {n!r}", n=n))
    if len(set(names)) != len(names):
        dup = next(n for n in names if names.count(n) > 1)
        raise SettlementError(msg("player {dup!r} is named twice", dup=dup))
    return names


def _one(players: Sequence[str], name: str | None, role: str) -> str:
    if name not in players:
        raise SettlementError(
            msg(
                "the {role} {name!r} is not at the table ({players})",
                role=role,
                name=name,
                players=", ".join(players),
            )
        )
    assert name is not None
    return name


def _still_in(players: Sequence[str], still_in: Iterable[str] | None) -> list[str]:
    if still_in is None:
        return list(players)
    out = list(dict.fromkeys(still_in))
    for n in out:
        _one(players, n, "player still in")
    return out


def _fan(result: Result[str] | int) -> tuple[int, Result[str] | None]:
    if isinstance(result, Result):
        if result.rules != "sichuan":
            raise SettlementError(
                msg("a {rules} result cannot be settled under sichuan", rules=result.rules)
            )
        if not result.is_win:
            raise SettlementError(msg("not a winning hand: {reason}", reason=result.reason))
        return result.total, result
    if isinstance(result, bool) or not isinstance(result, int) or result < 1:
        raise SettlementError(msg("a Sichuan win has 1 fan or more, not {result!r}", result=result))
    return result, None


def settle_win(
    players: Iterable[str],
    winner: str,
    result: Result[str] | int,
    *,
    discarder: str | None = None,
    still_in: Iterable[str] | None = None,
    kong_feeder: str | None = None,
    options: SichuanOptions = DEFAULT_OPTIONS,
) -> Settlement:
    """One win: ``result`` is the winner's scored hand or its fan count.

    ``still_in`` are the players who have not won yet (血战到底; default: everyone);
    the winner and any discarder must be among them.  ``kong_feeder`` is the player
    whose discard the winner made a direct kong on before winning on the replacement
    tile (杠上花): under ``kong_feeder_pays`` that player pays alone.

    >>> settle_win("ABCD", "A", 5, kong_feeder="B").payments
    {'A': 16, 'B': -16, 'C': 0, 'D': 0}
    """
    table = _players(players)
    w = _one(table, winner, msg("winner"))
    active = _still_in(table, still_in)
    if w not in active:
        raise SettlementError(msg("the winner {w!r} has already won and is out of the hand", w=w))
    fan, scored = _fan(result)
    amount = options.pays(fan)
    if scored is not None and discarder is not None and scored.hand.context.self_drawn:
        raise SettlementError(msg("a self-drawn hand has no discarder"))
    if scored is not None and discarder is None and not scored.hand.context.self_drawn:
        raise SettlementError(msg("a win on a discard needs the discarder"))
    if discarder is not None:
        d = _one(table, discarder, msg("discarder"))
        if d == w:
            raise SettlementError(msg("{w!r} cannot win on their own discard", w=w))
        if d not in active:
            raise SettlementError(
                msg("the discarder {d!r} has already won and is out of the hand", d=d)
            )
        if kong_feeder is not None:
            raise SettlementError(
                msg("kong_feeder is for a self-drawn win on a kong's replacement")
            )
        return _build("win", table, [Payment(d, w, amount, f"点炮 {fan} 番")])
    if kong_feeder is not None:
        f = _one(table, kong_feeder, msg("kong feeder"))
        if f == w or f not in active:
            raise SettlementError(msg("the kong feeder {f!r} must be another player still in", f=f))
        if scored is not None and not scored.hand.context.kong:
            raise SettlementError(
                msg("kong_feeder needs a win on a kong's replacement (kong=True)")
            )
        if options.kong_feeder_pays:
            return _build("win", table, [Payment(f, w, amount, f"引杠 杠上花 {fan} 番")])
    return _build("win", table, [Payment(p, w, amount, f"自摸 {fan} 番") for p in active if p != w])


def settle_multiple(
    players: Iterable[str],
    discarder: str,
    winners: Mapping[str, Result[str] | int],
    *,
    still_in: Iterable[str] | None = None,
    options: SichuanOptions = DEFAULT_OPTIONS,
) -> Settlement:
    """一炮多响: several players win on one discard; each is settled separately.

    >>> settle_multiple("ABCD", "D", {"A": 2, "B": 4}).payments
    {'A': 2, 'B': 8, 'C': 0, 'D': -10}
    """
    table = _players(players)
    if not winners:
        raise SettlementError(msg("一炮多响 needs at least one winner"))
    if discarder in winners:
        raise SettlementError(
            msg("the discarder {discarder!r} cannot also win on the discard", discarder=discarder)
        )
    total = _build("win", table, ())
    for w, result in winners.items():
        total = total + settle_win(
            table, w, result, discarder=discarder, still_in=still_in, options=options
        )
    return total


def settle_kong(
    players: Iterable[str],
    konger: str,
    kind: KongKind | MeldKind,
    *,
    feeder: str | None = None,
    still_in: Iterable[str] | None = None,
    robbed: bool = False,
    options: SichuanOptions = DEFAULT_OPTIONS,
) -> Settlement:
    """刮风下雨: the payment for one kong, made when it is declared.

    >>> settle_kong("ABCD", "A", "direct", feeder="C").payments
    {'A': 1, 'B': 0, 'C': -1, 'D': 0}
    >>> settle_kong("ABCD", "A", "added").payments
    {'A': 3, 'B': -1, 'C': -1, 'D': -1}
    """
    table = _players(players)
    k = _one(table, konger, msg("kong holder"))
    active = _still_in(table, still_in)
    if k not in active:
        raise SettlementError(msg("{k!r} has already won and cannot kong", k=k))
    how = _KONG_OF_MELD.get(kind, kind) if isinstance(kind, MeldKind) else kind
    if how not in KONG_BASE:
        raise SettlementError(msg("a kong is direct, added or concealed, not {kind!r}", kind=kind))
    amount = KONG_BASE[how] * options.base
    if how == "direct":
        f = _one(table, feeder, msg("feeder of the direct kong"))
        if f == k or f not in active:
            raise SettlementError(msg("the feeder {f!r} must be another player still in", f=f))
        return _build("kong", table, [Payment(f, k, amount, "刮风 直杠")])
    if feeder is not None:
        raise SettlementError(
            msg("an added kong has no feeder")
            if how == "added"
            else msg("a concealed kong has no feeder")
        )
    if robbed:
        if how != "added":
            raise SettlementError(msg("only an added kong (面下杠) can be robbed"))
        return _build("kong", table, ())  # 抢杠: 刮风下雨无效
    reason = "刮风 面下杠" if how == "added" else "下雨 暗杠"
    return _build("kong", table, [Payment(p, k, amount, reason) for p in active if p != k])


def flower_pigs(hands: Mapping[str, Hand]) -> list[str]:
    """The players whose hands hold all three suits (花猪)."""
    return [p for p, h in hands.items() if len(suits_held(h)) == 3]


def settle_drawn(
    players: Iterable[str],
    hands: Mapping[str, Hand],
    *,
    kongs: Sequence[Settlement] = (),
    options: SichuanOptions = DEFAULT_OPTIONS,
) -> Settlement:
    """The end of a drawn hand (流局): 查花猪, 查大叫 and the refund of kong income.

    ``hands`` are the 13-tile hands of the players still in (those who won are out);
    ``kongs`` are the kong settlements of this hand (:func:`settle_kong`).

    >>> from fanshu.notation import parse_hand
    >>> hands = {"A": parse_hand("1112345678999m"), "B": parse_hand("13589m2468p1357s"),
    ...          "C": parse_hand("11259m4455s6677s")}
    >>> settle_drawn("ABCD", hands).payments
    {'A': 24, 'B': -32, 'C': 8, 'D': 0}
    """
    table = _players(players)
    for p in hands:
        _one(table, p, msg("player still in"))
    for s in kongs:
        if s.kind != "kong":
            raise SettlementError(msg("kongs are the settlements of kongs (settle_kong)"))
    base = options.base
    pigs = flower_pigs(hands) if options.void_suit else []
    others = [p for p in hands if p not in pigs]
    items: list[Payment] = [
        Payment(pig, p, FLOWER_PIG_BASE * base, "查花猪") for pig in pigs for p in others
    ]
    ready: dict[str, int] = {}
    for p in others:
        fan = possible_fan(hands[p], options=options)
        if fan is not None:
            ready[p] = fan
    not_ready = [p for p in others if p not in ready]
    for loser in not_ready:
        for p, fan in ready.items():
            items.append(Payment(loser, p, options.pays(fan), f"查大叫 {fan} 番"))
    refunders = set(not_ready) | (set(pigs) if options.flower_pig_refunds else set())
    for s in kongs:
        for i in s.items:
            if i.payee in refunders:
                items.append(Payment(i.payee, i.payer, i.amount, f"退{i.reason}"))
    return _build("drawn", table, items)
