"""The score sheet of a match under a rule set other than MCR: Sichuan, Beijing and the
two-player game, each hand settled by its rule set's own settlement.

A :class:`RuleSheet` is a :class:`~fanshu.match.sheet.Match` (16 hands, totals, running
totals, penalties, undo) whose hands are :class:`~fanshu.match.results.HandResult`\\ s
settled by the rule set named at creation, with its options:

- ``sichuan`` (血战到底, :mod:`fanshu.rules.sichuan.settlement`): several wins in one
  hand (each winner leaves the hand; 一炮多响 is several wins on one discard), kong rows
  (刮风下雨, paid when declared by the players still in) and, at a drawn end, 查花猪 and
  查大叫 from the 13-tile hands of the players still in (``ready``); a win is its fan
  count or a hand string scored by the rule set;
- ``beijing`` (:mod:`fanshu.rules.beijing.settlement`): the base points (平点 20, 庄点 30,
  点庄 40, 平摸 40, 庄摸 60) × 2 ** capped fan, the winner's kongs, 跟庄 and 烧庄; with a
  hand string, ``RuleSet.settle`` (which also finds 互包 from the melds: a fan count
  alone does not say who claimed from whom, so give the hand when 互包 applies);
- ``two-player``: two players, the loser pays the fan total up to the cap;
- ``jiaxing`` (:mod:`fanshu.rules.jiaxing`): a win is its hand string, scored with the
  hand's 百搭 (``HandResult.wildcard``), the seat and prevalent winds and the carried 番
  (黄番, 老头黄, 包子 from ``HandResult.dice``, 百搭连庄); every row shows the carried state
  it started from and the one it leaves (an item of kind ``carry``), a drawn hand adds a
  黄番, a win uses one; the prevalent wind moves each time the deal comes back to the
  first player (每当庄家轮回左上角方向，换一次风圈), and correcting a hand settles the later
  hands again (their carried 番 follow);
- ``pinghu``, ``wuhan``, ``common``: a win is its hand string (and ``wildcard`` for the
  rule sets with one), scored and paid by the rule set's own ``RULES.settle``; Wuhan's
  losers each pay by their own 番, from ``HandResult.facts`` (per player: the fields of
  :class:`fanshu.rules.wuhan.SeatFacts`), and the row shows each loser's line.

The players are given in seat order with the first hand's dealer first; who deals next
is :func:`fanshu.match.dealers.next_dealer`.  What a rule set does not have (a 错和
penalty, flowers, kongs in the two-player game …) is refused with a message that says so.

>>> from fanshu.match.results import HandResult, Kong, Win
>>> s = RuleSheet(["A", "B", "C", "D"], rules="sichuan")
>>> r = s.record(HandResult(winner="A", discarder="C", fan=3,
...                         wins=(Win("B", fan=2),), kongs=(Kong("D", "concealed"),)))
>>> r.payments, s.dealer(2)
({'A': 2, 'B': 2, 'C': -8, 'D': 4}, 'A')
>>> b = RuleSheet(["E", "S", "W", "N"], rules="beijing")
>>> b.record(HandResult(winner="S", fan=1, follow_dealer=True)).payments
{'E': -70, 'S': 90, 'W': -10, 'N': -10}
>>> j = RuleSheet(["E", "S", "W", "N"], rules="jiaxing")
>>> j.record(HandResult(draw=True, wildcard="5p")).items[-1]["carry_out"]["huang_fan"]
1
>>> r = j.record(HandResult(winner="S", hand="C5p123m456m789m1m1m5p", wildcard="5p"))
>>> r.payments, r.items[0]["tai"], r.items[0]["fan"]   # 红中刻 + 混一色, 黄番 used
({'E': -8, 'S': 24, 'W': -8, 'N': -8}, 3, 1)
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from fanshu.errors import FanshuError
from fanshu.i18n import msg
from fanshu.match import dealers
from fanshu.match.results import HandResult, Win, result_from_dict, result_to_dict
from fanshu.match.sheet import SCALE_STANDARD, HandRecord, Match
from fanshu.notation import parse_hand
from fanshu.rules import get_rules
from fanshu.rules.base import ScoreResult
from fanshu.rules.beijing import settlement as beijing
from fanshu.rules.jiaxing import RULES as JIAXING
from fanshu.rules.jiaxing import Carry
from fanshu.rules.mcr.settlement import MatchError, check_member
from fanshu.rules.sichuan import settlement as sichuan
from fanshu.rules.two_player.ruleset import capped
from fanshu.rules.wuhan import RULES as WUHAN
from fanshu.rules.wuhan import SeatFacts
from fanshu.tiles import NUM_KINDS, Tile

__all__ = ["SHEET_RULES", "RuleSheet", "sheet_from_dict"]

#: The rule sets a score sheet can be kept for, with their number of players.
SHEET_RULES: dict[str, int] = {
    "mcr": 4,
    "sichuan": 4,
    "beijing": 4,
    "two-player": 2,
    "jiaxing": 4,
    "pinghu": 4,
    "wuhan": 4,
    "common": 4,
}
#: The rule sets settled by their own ``RULES.settle`` from a hand string.
_BY_SETTLE = ("pinghu", "wuhan", "common")
_WINDS = (Tile.EAST, Tile.SOUTH, Tile.WEST, Tile.NORTH)

Payments = dict[str, int]
Item = dict[str, Any]


class RuleSheet(Match):
    """A match score sheet under ``rules`` (module text); ``options`` as
    ``fanshu rules NAME`` lists them."""

    def __init__(
        self,
        players: Sequence[str],
        *,
        rules: str,
        options: Mapping[str, Any] | None = None,
        id: str | None = None,
    ) -> None:
        if rules not in SHEET_RULES or rules == "mcr":
            others = ", ".join(r for r in SHEET_RULES if r != "mcr")
            raise MatchError(
                msg(
                    "a rule-set score sheet is for {others}, not {rules!r}",
                    others=others,
                    rules=rules,
                )
            )
        names = tuple(players)
        count = SHEET_RULES[rules]
        if len(names) != count:
            raise MatchError(
                msg(
                    "a {rules} table has {count} players, not {n}: {list}",
                    rules=rules,
                    count=count,
                    n=len(names),
                    list=list(names),
                )
            )
        for n in names:
            if not isinstance(n, str) or not n.strip():
                raise MatchError(msg("a player name is a non-empty string, not {n!r}", n=n))
        if len(set(names)) != count:
            raise MatchError(msg("the player names must differ: {list}", list=list(names)))
        if id is not None and not isinstance(id, str):
            raise MatchError(msg("a match id is a string, not {id!r}", id=id))
        self.players = names
        self.id = id
        self.rules = rules
        try:
            self._options = get_rules(rules).options_from(dict(options or {}))
        except FanshuError as exc:
            raise MatchError(
                msg("{rules} options: {message}", rules=rules, message=exc.message)
            ) from None
        self.options: dict[str, Any] = dict(options or {})
        self._records = []

    # -- dealer and seats --------------------------------------------------------------

    def dealer(self, hand_no: int) -> str:
        """The dealer of a hand: the first player deals hand 1, then the rule set's
        :func:`~fanshu.match.dealers.next_dealer` over the hands recorded before it."""
        self._check_hand_no(hand_no)
        index = {p: i for i, p in enumerate(self.players)}
        d = 0
        for r in self.hands:
            if r.number >= hand_no:
                break
            first = _first_group(r)
            d = dealers.next_dealer(
                self.rules,
                d,
                first_winners=[index[w.winner] for w in first],
                discarder=None
                if not first or first[0].discarder is None
                else index[first[0].discarder],
                players=len(self.players),
            )
        if hand_no > self.hands_played + 1:
            raise MatchError(
                msg("hand {hand_no}'s dealer follows from the hands before it", hand_no=hand_no)
            )
        return self.players[d]

    def seat_winds(self, hand_no: int) -> dict[str, Tile]:
        """Seat winds counted from the hand's dealer (East), in seat order."""
        d = self.players.index(self.dealer(hand_no))
        n = len(self.players)
        return {p: _WINDS[(i - d) % n] for i, p in enumerate(self.players)}

    def seats(self, hand_no: int) -> dict[Tile, str]:
        return {w: p for p, w in self.seat_winds(hand_no).items()}

    def prevalent_wind(self, hand_no: int) -> Tile:
        """East, except in Jiaxing: the 风圈 moves on (东 → 南 → 西 → 北) each time the deal
        comes back to the first player (每当庄家轮回左上角方向，换一次风圈;
        :func:`~fanshu.match.dealers.prevalent_winds`)."""
        self._check_hand_no(hand_no)
        if self.rules not in dealers.ROTATING_WIND:
            return Tile.EAST
        index = {p: i for i, p in enumerate(self.players)}
        seats = [index[self.dealer(n)] for n in range(1, hand_no + 1)]
        return _WINDS[dealers.prevalent_winds(self.rules, seats)[-1]]

    def carry(self, hand_no: int) -> Carry:
        """Jiaxing: the carried 番 hand ``hand_no`` starts with (what the hand before left;
        nothing before hand 1)."""
        self._check_hand_no(hand_no)
        if self.rules != "jiaxing":
            raise MatchError(
                msg("{rules} carries nothing between hands (jiaxing does)", rules=self.rules)
            )
        state = Carry()
        for r in self.hands:
            if r.number >= hand_no:
                break
            for item in r.items or ():
                if item.get("kind") == "carry":
                    state = Carry.from_dict(item["carry_out"])
        return state

    # -- recording ---------------------------------------------------------------------

    def record(self, result: HandResult, *, options: object = None) -> HandRecord:
        """Record the next hand (``options`` is MCR's; this sheet keeps its own)."""
        number = self._next_hand_no()
        record = self._settled(number, result)
        self._records.append(record)
        return record

    def correct_hand(
        self, hand_no: int, result: HandResult, *, options: object = None
    ) -> HandRecord:
        """Replace recorded hand ``hand_no``; the totals (and later dealers) follow."""
        self._check_hand_no(hand_no)
        index = self._row_of(hand_no)
        record = self._settled(hand_no, result)
        old = self._records[index]
        self._records[index] = record
        if self.rules == "jiaxing":
            try:
                self._settle_again(index + 1)
            except MatchError:
                self._records[index] = old
                self._settle_again(index + 1)
                raise
        return record

    def _settle_again(self, start: int) -> None:
        """Settle the hand rows from ``start`` on again (Jiaxing: their carried 番 and
        dealers follow from the rows before)."""
        for i in range(start, len(self._records)):
            r = self._records[i]
            if r.is_hand and r.result is not None:
                self._records[i] = self._settled(r.number, result_from_dict(r.result))

    def record_false_win(self, player: str, kind: str) -> HandRecord:
        raise MatchError(
            msg(
                "{rules} has no 错和/诈和 penalty rows (a false win is settled by the MCR "
                "rules only); record a referee's penalty instead",
                rules=self.rules,
            )
        )

    # -- settling one hand -------------------------------------------------------------

    def _settled(self, number: int, result: HandResult) -> HandRecord:
        if result.flowers and not getattr(self._options, "flowers", False):
            # only Pinghu has flowers, under its option (有些地方打花)
            raise MatchError(msg("{rules} is played without flowers", rules=self.rules))
        if result.draw and (result.winner is not None or result.wins):
            raise MatchError(msg("a drawn hand has no winner"))
        result.check_win_context()
        wins = result.all_wins()
        if not result.draw and not wins:
            raise MatchError(msg("give the winner, or a drawn hand"))
        for w in wins:
            check_member(self.players, w.winner, msg("winner"))
            if w.discarder is not None:
                check_member(self.players, w.discarder, msg("discarder"))
            if (w.fan is None) == (w.hand is None):
                raise MatchError(msg("a win needs its fan total or its hand string, one of them"))
        dealer = self.dealer(number)
        if self.rules == "jiaxing":
            items = self._jiaxing(result, wins, dealer, number)
        elif self.rules in _BY_SETTLE:
            items = self._by_settle(result, wins, dealer, number)
        else:
            settle = {"sichuan": self._sichuan, "beijing": self._beijing}.get(
                self.rules, self._pair
            )
            items = settle(result, wins, dealer)
        payments = dict.fromkeys(self.players, 0)
        for item in items:
            for p, v in item["payments"].items():
                payments[p] += v
        first = wins[0] if wins else None
        return HandRecord(
            number=number,
            kind="win" if wins else "draw",
            payments=payments,
            winner=None if first is None else first.winner,
            discarder=None if first is None else first.discarder,
            fan=None if first is None else items[0].get("fan"),
            hand=None if first is None else first.hand,
            items=tuple(items),
            result=result_to_dict(result),
            fourth_tile=first is not None and first.fourth_tile,
            kong=first is not None and first.kong,
            wall_last=first is not None and first.wall_last,
        )

    def _refuse(self, result: HandResult, allowed: Sequence[str]) -> None:
        extra = [x for x in result.extras() if x not in allowed]
        if extra:
            what = {
                "wins": msg("several wins in one hand (血战到底 is Sichuan's)"),
                "kongs": msg("kong payments"),
                "ready": msg("查大叫 hands at a drawn end (Sichuan's)"),
                "follow_dealer": msg("跟庄 (Beijing's)"),
                "burn": msg("烧庄 (Beijing's)"),
                "partner": msg("互包 partner (Beijing's)"),
                "wildcard": msg("wildcard (百搭/赖子: jiaxing, pinghu and wuhan have one)"),
                "dice": msg("dice (Jiaxing's 包子)"),
                "facts": msg("per-player facts (Wuhan's losers pay by their own 番)"),
            }
            raise MatchError(msg("{rules} has no {what}", rules=self.rules, what=what[extra[0]]))

    def _scored(
        self,
        win: Win,
        *,
        dealer: str,
        kong: bool = False,
        number: int | None = None,
        wildcard: str | None = None,
        carry: Carry | None = None,
        flowers: int = 0,
    ) -> Any:
        """The win's hand scored by the rule set, with how it was won (self-drawn, the
        win context; ``kong`` also when the caller knows of one).  With ``number`` the
        winner's seat wind and the hand's prevalent wind are in the context too, with
        ``wildcard`` the hand's wild kind, with ``carry`` Jiaxing's carried 番, with
        ``flowers`` the winner's flowers (Pinghu's option)."""
        text = win.hand
        assert text is not None  # the caller scores wins given by their hand
        try:
            hand = parse_hand(text).with_context(
                self_drawn=win.discarder is None,
                dealer=win.winner == dealer,
                fourth_tile=win.fourth_tile,
                kong=win.kong or kong,
                wall_last=win.wall_last,
            )
            if number is not None:
                hand = hand.with_context(
                    seat_wind=self.seat_winds(number)[win.winner],
                    prevalent_wind=self.prevalent_wind(number),
                )
            if wildcard is not None:
                hand = hand.with_context(wildcard=wildcard)
            if flowers:
                hand = hand.with_context(flowers=flowers)
            scored: ScoreResult = (
                JIAXING.score(hand, self._options, carry=carry)
                if carry is not None
                else get_rules(self.rules).score(hand, self._options)
            )
        except FanshuError as exc:
            raise MatchError(msg("{text}: {message}", text=text, message=exc.message)) from None
        if not scored.is_win:
            raise MatchError(
                msg(
                    "{text} is not a winning hand under {rules} ({reason})",
                    text=text,
                    rules=self.rules,
                    reason=scored.reason,
                )
            )
        return scored

    def _sichuan(self, result: HandResult, wins: tuple[Win, ...], dealer: str) -> list[Item]:
        self._refuse(result, ("wins", "kongs", "ready"))
        if len(wins) > len(self.players) - 1:
            raise MatchError(
                msg("at most {value} players win a Sichuan hand", value=len(self.players) - 1)
            )
        for k in result.kongs:
            if k.kind == "melded":
                raise MatchError(msg("a Sichuan kong is direct, added or concealed, not melded"))
            if not 0 <= k.after <= len(wins):
                raise MatchError(
                    msg(
                        "a kong after {after} wins, but the hand has {n}",
                        after=k.after,
                        n=len(wins),
                    )
                )
        items: list[Item] = []
        kongs: list[sichuan.Settlement] = []
        winners = [w.winner for w in wins]
        for i in range(len(wins) + 1):
            still_in = [p for p in self.players if p not in winners[:i]]
            for k in (k for k in result.kongs if k.after == i):
                s = self._call(
                    sichuan.settle_kong,
                    self.players,
                    k.player,
                    k.kind,
                    feeder=k.feeder,
                    still_in=still_in,
                    options=self._options,
                )
                kongs.append(s)
                kong = {**k.to_dict(), "kind": "kong", "kong": k.kind}
                items.append({**kong, "payments": s.payments})
            if i == len(wins):
                break
            w = wins[i]
            fan: Any = w.fan
            if w.hand is not None:
                fan = self._scored(w, dealer=dealer, kong=w.kong_feeder is not None)
            s = self._call(
                sichuan.settle_win,
                self.players,
                w.winner,
                fan,
                discarder=w.discarder,
                still_in=still_in,
                kong_feeder=w.kong_feeder,
                options=self._options,
            )
            total = fan if isinstance(fan, int) else fan.total
            items.append({"kind": "win", **w.to_dict(), "fan": total, "payments": s.payments})
        if result.ready:
            left = [p for p in self.players if p not in winners]
            if sorted(result.ready) != sorted(left):
                raise MatchError(
                    msg(
                        "查大叫 needs the 13-tile hand of every player still in: {left}",
                        left=", ".join(left),
                    )
                )
            try:
                hands = {p: parse_hand(result.ready[p]) for p in left}
            except FanshuError as exc:
                raise MatchError(msg("a hand still in: {message}", message=exc.message)) from None
            s = self._call(
                sichuan.settle_drawn, self.players, hands, kongs=kongs, options=self._options
            )
            items.append({"kind": "drawn", "ready": dict(result.ready), "payments": s.payments})
        return items

    def _beijing(self, result: HandResult, wins: tuple[Win, ...], dealer: str) -> list[Item]:
        self._refuse(result, ("kongs", "follow_dealer", "burn", "partner"))
        if result.partner is not None:
            check_member(self.players, result.partner, msg("互包 partner"))
            if not wins or result.partner == wins[0].winner:
                raise MatchError(msg("a 互包 partner is a player other than the winner"))
        if len(wins) > 1:
            raise MatchError(msg("beijing has no several wins in one hand (血战到底 is Sichuan's)"))
        opts = self._options
        items: list[Item] = []
        if result.follow_dealer:
            pay = self._call(
                beijing.follow_dealer_payments,
                self.players,
                dealer,
                points=opts.follow_dealer_points,
            )
            items.append({"kind": "follow_dealer", "dealer": dealer, "payments": pay})
        if result.burn:
            pay = self._call(
                beijing.burn_payments,
                self.players,
                dealer,
                result.burn,
                drawn=not wins,
                penalty=opts.burn_penalty,
                total=opts.burn_total,
            )
            items.append({"kind": "burn", "rounds": result.burn, "payments": pay})
        if not wins:
            if result.kongs:
                raise MatchError(msg("beijing pays kongs only to a winner: a drawn hand has none"))
            return items
        (w,) = wins
        if w.hand is not None:
            if result.kongs:
                raise MatchError(
                    msg("with a hand string the winner's kongs are read from the hand")
                )
            scored = self._scored(w, dealer=dealer)
            pay = self._call(
                get_rules("beijing").settle,
                self.players,
                w.winner,
                w.discarder,
                scored,
                opts,
                dealer=dealer,
                partner=result.partner,
            )
            fan = scored.total
        else:
            kongs = []
            for k in result.kongs:
                if k.player != w.winner or k.kind not in ("melded", "concealed"):
                    raise MatchError(
                        msg("a Beijing kong is the winner's, melded (with its feeder) or concealed")
                    )
                kongs.append(beijing.Kong(k.kind == "concealed", k.feeder))
            hand_pay = self._call(
                beijing.win_payments,
                self.players,
                w.winner,
                dealer=dealer,
                discarder=w.discarder,
                fan=w.fan,
                cap=opts.cap,
                payer_cap=opts.payer_cap,
            )
            kong_pay = self._call(beijing.kong_payments, self.players, w.winner, kongs)
            pay = beijing.combine(self.players, hand_pay, kong_pay)
            if result.partner is not None:
                pay = beijing.apply_mutual_liability(pay, w.winner, result.partner)
            fan = w.fan
        items.insert(0, {"kind": "win", **w.to_dict(), "fan": fan, "payments": pay})
        return items

    def _one_win(self, wins: tuple[Win, ...]) -> Win | None:
        if len(wins) > 1:
            raise MatchError(
                msg(
                    "{rules} has no several wins in one hand (血战到底 is Sichuan's)",
                    rules=self.rules,
                )
            )
        if not wins:
            return None
        (w,) = wins
        if w.hand is None:
            raise MatchError(
                msg(
                    "a {rules} win is given by its hand string (the rule set reads its 台/番 "
                    "and who pays from the scored hand), not by a fan total",
                    rules=self.rules,
                )
            )
        return w

    def _wildcard(self, result: HandResult) -> int | None:
        """The hand's wild kind (0-33) from ``result.wildcard``, checked."""
        code = result.wildcard
        if code is None:
            return None
        if get_rules(self.rules).wildcards is None:
            raise MatchError(
                msg(
                    "{rules} is played without wildcards, not {code!r}", rules=self.rules, code=code
                )
            )
        try:
            kind = int(Tile.from_code(str(code).strip()))
        except ValueError:
            kind = -1
        if not 0 <= kind < NUM_KINDS:
            raise MatchError(
                msg("a wildcard is a tile kind such as 5p or C, not {code!r}", code=code)
            )
        return kind

    def _jiaxing(
        self, result: HandResult, wins: tuple[Win, ...], dealer: str, number: int
    ) -> list[Item]:
        self._refuse(result, ("wildcard", "dice"))
        wild = self._wildcard(result)
        dice = result.dice
        if dice and (
            len(dice) != 2
            or any(isinstance(d, bool) or not isinstance(d, int) or not 1 <= d <= 6 for d in dice)
        ):
            raise MatchError(
                msg("the dice are two numbers 1-6 (包子 when equal), not {list}", list=list(dice))
            )
        before = self.carry(number)
        pool = before.opened(wildcard=wild, dice=dice)
        items: list[Item] = []
        w = self._one_win(wins)
        per_hand = self._options.specials_per_hand
        if w is not None:
            scored = self._scored(
                w, dealer=dealer, number=number, wildcard=result.wildcard, carry=pool
            )
            pay = self._call(
                JIAXING.settle, self.players, w.winner, w.discarder, scored, self._options
            )
            d = scored.details
            items.append(
                {
                    "kind": "win",
                    **w.to_dict(),
                    "fan": scored.total,
                    "tai": d["tai"],
                    "points": d["points"],
                    "fans": [e.name_zh for e in scored.fans],
                    "wildcards": d["wildcards"],
                    "payments": pay,
                }
            )
            after = pool.after_win(per_hand)
            used = list(pool.using(per_hand))
        else:
            after, used = pool.after_draw(), []
        items.append(
            {
                "kind": "carry",
                "carry_in": before.to_dict(),
                "opened": pool.to_dict(),
                "used": used,
                "carry_out": after.to_dict(),
                "payments": dict.fromkeys(self.players, 0),
            }
        )
        return items

    def _by_settle(
        self, result: HandResult, wins: tuple[Win, ...], dealer: str, number: int
    ) -> list[Item]:
        wuhan = self.rules == "wuhan"
        self._refuse(result, ("wildcard", "facts") if wuhan else ("wildcard",))
        self._wildcard(result)
        w = self._one_win(wins)
        if w is None:
            return []
        scored = self._scored(
            w, dealer=dealer, number=number, wildcard=result.wildcard, flowers=result.flowers
        )
        if not wuhan:
            pay = self._call(
                get_rules(self.rules).settle,
                self.players,
                w.winner,
                w.discarder,
                scored,
                self._options,
            )
            return [{"kind": "win", **w.to_dict(), "fan": scored.total, "payments": pay}]
        facts = self._facts(result)
        reckoning = self._call(
            WUHAN.reckoning,
            self.players,
            w.winner,
            w.discarder,
            scored,
            self._options,
            dealer=dealer,
            losers={p: f for p, f in facts.items() if p != w.winner},
            winner_facts=facts.get(w.winner),
        )
        losers = {
            line.player: {
                "own_fan": line.own_fan,
                "fan": line.fan,
                "share": line.share,
                "owed": line.owed,
                "top": line.top,
                "pays": line.pays,
            }
            for line in reckoning.lines
        }
        return [
            {
                "kind": "win",
                **w.to_dict(),
                "fan": scored.total,
                "losers": losers,
                "liable": reckoning.liable,
                "payments": reckoning.payments(),
            }
        ]

    def _facts(self, result: HandResult) -> dict[str, SeatFacts]:
        """Wuhan's per-player facts (``HandResult.facts``) as ``SeatFacts``."""
        out: dict[str, SeatFacts] = {}
        for p, given in result.facts.items():
            check_member(self.players, p, msg("player"))
            try:
                out[p] = SeatFacts(**dict(given))
            except TypeError as exc:
                raise MatchError(msg("{p}'s facts: {exc}", p=p, exc=exc)) from None
            except FanshuError as exc:
                raise MatchError(msg("{p}'s facts: {message}", p=p, message=exc.message)) from None
        return out

    def _pair(self, result: HandResult, wins: tuple[Win, ...], dealer: str) -> list[Item]:
        self._refuse(result, ())
        if not wins:
            return []
        (w,) = wins
        loser = next(p for p in self.players if p != w.winner)
        if w.discarder is not None and w.discarder != loser:
            raise MatchError(msg("the discarder is the other player, {loser}", loser=loser))
        if w.hand is not None:
            scored = self._scored(w, dealer=dealer)
            pay = self._call(
                get_rules(self.rules).settle,
                self.players,
                w.winner,
                w.discarder,
                scored,
                self._options,
            )
            fan = scored.total
        else:
            if isinstance(w.fan, bool) or not isinstance(w.fan, int) or w.fan < 0:
                raise MatchError(msg("the fan total is a whole number ≥ 0, not {fan!r}", fan=w.fan))
            paid = capped(w.fan, self._options.cap)
            pay, fan = {w.winner: paid, loser: -paid}, w.fan
        return [{"kind": "win", **w.to_dict(), "fan": fan, "payments": dict(pay)}]

    @staticmethod
    def _call(settle: Any, *args: Any, **kwargs: Any) -> Any:
        """A rule set's settlement function; its errors become :class:`MatchError`."""
        try:
            return settle(*args, **kwargs)
        except MatchError:
            raise
        except FanshuError as exc:
            raise MatchError(exc.message) from None

    # -- (de)serialisation -------------------------------------------------------------

    def table_points(self, scale: Sequence[int] = SCALE_STANDARD) -> dict[str, int | float] | None:
        """Table points by rank for four players; None for two (and until complete)."""
        if len(self.players) != len(scale):
            return None
        return super().table_points(scale)

    def to_dict(self, scale: Sequence[int] = SCALE_STANDARD) -> dict[str, Any]:
        """:meth:`Match.to_dict` with the rule set's ``rules`` and ``options``; each hand row
        keeps its ``result`` (what was recorded) and ``items`` (what each part paid)."""
        return {"rules": self.rules, "options": dict(self.options), **super().to_dict(scale)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RuleSheet:
        """Rebuild a sheet from :meth:`to_dict`, settling every hand again."""
        try:
            players = [p["name"] if isinstance(p, Mapping) else p for p in data["players"]]
            rows = list(data.get("hands", ()))
            rules = data["rules"]
        except (KeyError, TypeError) as exc:
            raise MatchError(
                msg("a match needs rules, players and hands: {exc}", exc=exc)
            ) from None
        sheet = cls(players, rules=rules, options=data.get("options"), id=data.get("id"))
        for row in rows:
            stored = HandRecord.from_dict(row)
            if stored.kind == "penalty":
                sheet._append_checked(stored)
                continue
            if stored.result is None:
                raise MatchError(
                    msg("a {rules} hand row keeps its result: {row!r}", rules=rules, row=row)
                )
            rebuilt = sheet.record(result_from_dict(stored.result))
            if stored.payments and stored.payments != rebuilt.payments:
                raise MatchError(
                    msg(
                        "row {number} pays {payments}, but the rules give {payments2}",
                        number=stored.number,
                        payments=stored.payments,
                        payments2=rebuilt.payments,
                    )
                )
        return sheet

    def __copy__(self) -> RuleSheet:
        new = copy.deepcopy(self)  # records are immutable; options are plain data
        return new

    def __repr__(self) -> str:
        return (
            f"RuleSheet(id={self.id!r}, rules={self.rules!r}, players={list(self.players)!r}, "
            f"hands={self.hands_played})"
        )


def _first_group(r: HandRecord) -> list[Win]:
    """The first win of a hand and the others on the same discard (一炮多响)."""
    if r.result is None:
        return []
    wins = result_from_dict(r.result).all_wins()
    if not wins:
        return []
    first = wins[0]
    if first.discarder is None:
        return [first]
    group = [first]
    for w in wins[1:]:
        if w.discarder != first.discarder:
            break
        group.append(w)
    return group


def sheet_from_dict(data: Mapping[str, Any]) -> Match:
    """A score sheet from its dict: an MCR :class:`Match` unless ``rules`` names another
    rule set (files written before rule sets were recorded are MCR)."""
    if data.get("rules", "mcr") == "mcr":
        return Match.from_dict(data)
    return RuleSheet.from_dict(data)
