"""Beijing settlement: the base-point table, doubling per fan, kong money, 跟庄, 烧庄, 互包.

Every function takes the four players in seat order (each one's 下家 is the next, so
``players[i - 1]`` is player ``i``'s 上家) and returns points per player, positive for
what a player receives; every result sums to zero.

The base points (seed 003, 麻将规则（第4稿）§9), paid × 2 ** fan (番数相加；一番乘2，二番4,
三番8 …) with fan capped at 6 (§8):

========  ====================================  =========================
平点 20    a non-dealer wins on a non-dealer's discard  the discarder pays 20
庄点 30    the dealer wins on a discard                 the discarder pays 30
点庄 40    a non-dealer wins on the dealer's discard    the dealer pays 40
平摸 40    a non-dealer self-draws                      dealer 20, the others 10
庄摸 60    the dealer self-draws                        each of the three 20
========  ====================================  =========================

>>> win_payments("ESWN", "S", dealer="E", discarder=None, fan=0)
{'E': -20, 'S': 40, 'W': -10, 'N': -10}
>>> win_payments("ESWN", "S", dealer="E", discarder=None, fan=6)  # §8: 庄家也降低为640
{'E': -640, 'S': 1920, 'W': -640, 'N': -640}
>>> win_payments("ESWN", "E", dealer="E", discarder="W", fan=1)
{'E': 60, 'S': 0, 'W': -60, 'N': 0}
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from fanshu.errors import SettlementError
from fanshu.hand import Hand, Meld, MeldKind
from fanshu.i18n import msg

Payments = dict[str, int]

#: 平点: a non-dealer wins on a non-dealer's discard; the discarder pays.
PING_DIAN = 20
#: 庄点: the dealer wins on a discard; the discarder pays.
ZHUANG_DIAN = 30
#: 点庄: the dealer's discard gives a non-dealer the win; the dealer pays.
DIAN_ZHUANG = 40
#: 平摸 (40 in all): a non-dealer self-draws; the dealer pays 20, the two others 10.
PING_MO_DEALER = 20
PING_MO_OTHER = 10
#: 庄摸 (60 in all): the dealer self-draws; each of the three pays 20.
ZHUANG_MO_EACH = 20
#: Kong money (第4稿 §7), paid only when the kong's owner wins: a melded kong 10 from
#: the player who gave the tile (谁打谁付), a concealed kong 20 from each other player.
MELDED_KONG = 10
CONCEALED_KONG = 20
#: Defaults of the options with the same meaning (see ``BeijingOptions``).
CAP = 6
PAYER_CAP = 640
FOLLOW_DEALER = 10
BURN_PENALTY = 1000
MUTUAL_CALLS = 3


def _check_players(players: Sequence[str], *named: str | None) -> list[str]:
    seats = list(players)
    if len(seats) != 4 or len(set(seats)) != 4:
        raise SettlementError(
            msg("Beijing is played by 4 different players, not {seats!r}", seats=seats)
        )
    for p in named:
        if p is not None and p not in seats:
            raise SettlementError(
                msg("{p!r} is not one of the players {seats!r}", p=p, seats=seats)
            )
    return seats


def _zero_sum(payments: Payments) -> Payments:
    if sum(payments.values()) != 0:  # pragma: no cover - an internal error
        raise AssertionError(f"settlement does not sum to zero: {payments}")
    return payments


def combine(players: Sequence[str], *parts: Mapping[str, int]) -> Payments:
    """The sum of several settlements (a win, its 跟庄, its 烧庄 …).

    >>> combine("ESWN", {"E": -30, "S": 10, "W": 10, "N": 10}, {"E": 5, "S": -5})
    {'E': -25, 'S': 5, 'W': 10, 'N': 10}
    """
    seats = _check_players(players)
    out = {p: 0 for p in seats}
    for part in parts:
        for p, v in part.items():
            out[p] += v
    return _zero_sum(out)


def base_points(
    players: Sequence[str], winner: str, *, dealer: str, discarder: str | None
) -> dict[str, int]:
    """What each player owes the winner at 0 fan (the table above); winner and
    non-payers owe 0.

    >>> base_points("ESWN", "S", dealer="E", discarder="E")
    {'E': 40, 'S': 0, 'W': 0, 'N': 0}
    >>> base_points("ESWN", "E", dealer="E", discarder=None)
    {'E': 0, 'S': 20, 'W': 20, 'N': 20}
    """
    seats = _check_players(players, winner, dealer, discarder)
    if discarder == winner:
        raise SettlementError(msg("{winner!r} cannot win on their own discard", winner=winner))
    owed = dict.fromkeys(seats, 0)
    if discarder is not None:
        if winner == dealer:
            owed[discarder] = ZHUANG_DIAN
        elif discarder == dealer:
            owed[discarder] = DIAN_ZHUANG
        else:
            owed[discarder] = PING_DIAN
        return owed
    for p in seats:
        if p == winner:
            continue
        if winner == dealer:
            owed[p] = ZHUANG_MO_EACH
        else:
            owed[p] = PING_MO_DEALER if p == dealer else PING_MO_OTHER
    return owed


def win_payments(
    players: Sequence[str],
    winner: str,
    *,
    dealer: str,
    discarder: str | None,
    fan: int,
    cap: int | None = CAP,
    payer_cap: int | None = PAYER_CAP,
    discarder_pays_self_drawn: bool = False,
) -> Payments:
    """The payments for one win of ``fan`` fan: base points × 2 ** min(fan, cap), each
    payer's share limited to ``payer_cap``.

    ``discarder_pays_self_drawn`` (抢杠和 under the option ``robbed_kong_pays =
    "self-drawn"``): the discarder pays everything a self-drawn win would bring.

    >>> win_payments("ESWN", "N", dealer="E", discarder="S", fan=2)
    {'E': 0, 'S': -80, 'W': 0, 'N': 80}
    >>> win_payments("ESWN", "N", dealer="E", discarder="S", fan=1,
    ...              discarder_pays_self_drawn=True)
    {'E': 0, 'S': -80, 'W': 0, 'N': 80}
    """
    if isinstance(fan, bool) or not isinstance(fan, int) or fan < 0:
        raise SettlementError(msg("fan is a whole number ≥ 0, not {fan!r}", fan=fan))
    paid_fan = fan if cap is None else min(fan, cap)
    if discarder_pays_self_drawn and discarder is not None:
        shares = base_points(players, winner, dealer=dealer, discarder=None)
        owed = {p: _limit(v << paid_fan, payer_cap) for p, v in shares.items()}
        owed = {p: sum(owed.values()) if p == discarder else 0 for p in owed}
    else:
        shares = base_points(players, winner, dealer=dealer, discarder=discarder)
        owed = {p: _limit(v << paid_fan, payer_cap) for p, v in shares.items()}
    out = {p: -v for p, v in owed.items()}
    out[winner] = sum(owed.values())
    return _zero_sum(out)


def _limit(points: int, limit: int | None) -> int:
    return points if limit is None else min(points, limit)


@dataclass(frozen=True, slots=True)
class Kong:
    """One of the winner's kongs: concealed (暗杠), or melded with who gave the tile."""

    concealed: bool
    giver: str | None = None


def kong_payments(players: Sequence[str], winner: str, kongs: Iterable[Kong]) -> Payments:
    """Kong money for the winner's kongs (第4稿 §7: 明杠10元，不赢没钱，赢了谁打谁付；暗杠20,
    不赢没钱，赢了每家都付20).  Kongs of players who did not win pay nothing, so only
    the winner's are given.  Not doubled by fan and not capped (杠不上楼).

    >>> kong_payments("ESWN", "S", [Kong(True), Kong(False, giver="N")])
    {'E': -20, 'S': 70, 'W': -20, 'N': -30}
    """
    seats = _check_players(players, winner)
    out = dict.fromkeys(seats, 0)
    for k in kongs:
        if k.concealed:
            for p in seats:
                if p != winner:
                    out[p] -= CONCEALED_KONG
                    out[winner] += CONCEALED_KONG
            continue
        if k.giver is None or k.giver == winner or k.giver not in seats:
            raise SettlementError(
                msg("a melded kong's tile comes from another player, not {giver!r}", giver=k.giver)
            )
        out[k.giver] -= MELDED_KONG
        out[winner] += MELDED_KONG
    return _zero_sum(out)


def relative_seat(players: Sequence[str], player: str, source: int) -> str:
    """The player a meld's ``source`` names: 1 上家 (before), 2 对家, 3 下家 (after).

    >>> relative_seat("ESWN", "E", 1), relative_seat("ESWN", "E", 2), relative_seat("ESWN", "E", 3)
    ('N', 'W', 'S')
    """
    seats = _check_players(players, player)
    i = seats.index(player)
    return seats[(i + {1: -1, 2: 2, 3: 1}[source]) % 4]


def kongs_of(hand: Hand, players: Sequence[str], owner: str) -> list[Kong]:
    """The kongs of ``owner``'s hand; an added kong is paid by whoever gave the pung."""
    return [
        Kong(True)
        if m.kind is MeldKind.CONCEALED_KONG
        else Kong(False, relative_seat(players, owner, m.source))
        for m in hand.melds
        if m.is_kong
    ]


def calls_from(hand: Hand, players: Sequence[str], owner: str) -> dict[str, int]:
    """How many melds ``owner`` claimed from each other player (chow, pung, melded kong;
    an added kong counts once, as the pung it was)."""
    return calls_in(hand.melds, players, owner)


def calls_in(melds: Iterable[Meld], players: Sequence[str], owner: str) -> dict[str, int]:
    """``calls_from`` for melds still on the table (a hand in play, not yet won)."""
    seats = _check_players(players, owner)
    out = {p: 0 for p in seats if p != owner}
    for m in melds:
        if not m.is_concealed:
            source = 1 if m.kind is MeldKind.CHOW else m.source
            out[relative_seat(seats, owner, source)] += 1
    return out


def mutual_partner(
    hand: Hand, players: Sequence[str], owner: str, *, calls: int = MUTUAL_CALLS
) -> str | None:
    """The player ``owner`` is in 互包 with, judged from ``owner``'s melds: the one
    ``owner`` claimed ``calls`` or more melds from (吃+碰倒3嘴), else None."""
    for p, n in calls_from(hand, players, owner).items():
        if n >= calls:
            return p
    return None


def apply_mutual_liability(payments: Mapping[str, int], winner: str, partner: str) -> Payments:
    """互包: when either of the two wins, the other pays all the winner's points
    (older text 2.2)a: 如果任何一家和牌了，则由另一家来支付其所有点数).

    >>> apply_mutual_liability({"E": -20, "S": 40, "W": -10, "N": -10}, "S", "N")
    {'E': 0, 'S': 40, 'W': 0, 'N': -40}
    """
    if partner == winner or partner not in payments or winner not in payments:
        raise SettlementError(
            msg(
                "互包 binds the winner {winner!r} to another player, not {partner!r}",
                winner=winner,
                partner=partner,
            )
        )
    out = {p: 0 for p in payments}
    out[winner] = payments[winner]
    out[partner] = -payments[winner]
    return _zero_sum(out)


def mutual_double_win(
    players: Sequence[str], a: str, b: str, a_points: int, b_points: int
) -> Payments:
    """Both players of a 互包 pair win on the same discard: settled by the difference
    (按和牌的点数差异进行互包): ``a`` would be paid ``a_points`` by ``b`` and ``b`` paid
    ``b_points`` by ``a``.

    >>> mutual_double_win("ESWN", "S", "N", 80, 20)
    {'E': 0, 'S': 60, 'W': 0, 'N': -60}
    """
    seats = _check_players(players, a, b)
    if a == b:
        raise SettlementError(msg("互包 binds two different players"))
    out = dict.fromkeys(seats, 0)
    out[a] = a_points - b_points
    out[b] = b_points - a_points
    return _zero_sum(out)


def follow_dealer_payments(
    players: Sequence[str], dealer: str, *, points: int = FOLLOW_DEALER
) -> Payments:
    """跟庄: the dealer pays each other player ``points`` (第4稿 §7: 庄家付给每家10元).

    >>> follow_dealer_payments("ESWN", "E")
    {'E': -30, 'S': 10, 'W': 10, 'N': 10}
    """
    seats = _check_players(players, dealer)
    return _zero_sum({p: -3 * points if p == dealer else points for p in seats})


def burn_payments(
    players: Sequence[str],
    dealer: str,
    rounds: int,
    *,
    drawn: bool = False,
    penalty: int = BURN_PENALTY,
    total: str = "sum",
) -> Payments:
    """烧庄: the three others followed the dealer's discard ``rounds`` times in a row.
    The dealer pays each of them ``penalty`` for the first, doubling for each repeat
    (``total="sum"``: 1000 + 2000 + 4000 …; ``"last"``: only the last, 4000); nothing
    when the hand is drawn (此把牌荒了，则无须支付烧庄点).

    >>> burn_payments("ESWN", "E", 3)
    {'E': -21000, 'S': 7000, 'W': 7000, 'N': 7000}
    >>> burn_payments("ESWN", "E", 3, total="last")
    {'E': -12000, 'S': 4000, 'W': 4000, 'N': 4000}
    >>> burn_payments("ESWN", "E", 3, drawn=True)
    {'E': 0, 'S': 0, 'W': 0, 'N': 0}
    """
    seats = _check_players(players, dealer)
    if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 0:
        raise SettlementError(
            msg("烧庄 rounds are a whole number ≥ 0, not {rounds!r}", rounds=rounds)
        )
    if total not in ("sum", "last"):
        raise SettlementError(msg("burn total is 'sum' or 'last', not {total!r}", total=total))
    if drawn or rounds == 0:
        each = 0
    elif total == "sum":
        each = penalty * (2**rounds - 1)
    else:
        each = penalty * 2 ** (rounds - 1)
    return _zero_sum({p: -3 * each if p == dealer else each for p in seats})
