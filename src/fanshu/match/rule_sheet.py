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
- ``two-player``: two players, the loser pays the fan total up to the cap.

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
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from fanshu.errors import FanshuError
from fanshu.match import dealers
from fanshu.match.results import HandResult, Win, result_from_dict, result_to_dict
from fanshu.match.sheet import SCALE_STANDARD, HandRecord, Match
from fanshu.notation import parse_hand
from fanshu.rules import get_rules
from fanshu.rules.beijing import settlement as beijing
from fanshu.rules.mcr.settlement import MatchError, check_member
from fanshu.rules.sichuan import settlement as sichuan
from fanshu.rules.two_player.ruleset import capped
from fanshu.tiles import Tile

__all__ = ["SHEET_RULES", "RuleSheet", "sheet_from_dict"]

#: The rule sets a score sheet can be kept for, with their number of players.
SHEET_RULES: dict[str, int] = {"mcr": 4, "sichuan": 4, "beijing": 4, "two-player": 2}
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
            raise MatchError(f"a rule-set score sheet is for {others}, not {rules!r}")
        names = tuple(players)
        count = SHEET_RULES[rules]
        if len(names) != count:
            raise MatchError(
                f"a {rules} table has {count} players, not {len(names)}: {list(names)}"
            )
        for n in names:
            if not isinstance(n, str) or not n.strip():
                raise MatchError(f"a player name is a non-empty string, not {n!r}")
        if len(set(names)) != count:
            raise MatchError(f"the player names must differ: {list(names)}")
        if id is not None and not isinstance(id, str):
            raise MatchError(f"a match id is a string, not {id!r}")
        self.players = names
        self.id = id
        self.rules = rules
        try:
            self._options = get_rules(rules).options_from(dict(options or {}))
        except FanshuError as exc:
            raise MatchError(f"{rules} options: {exc.message}") from None
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
            raise MatchError(f"hand {hand_no}'s dealer follows from the hands before it")
        return self.players[d]

    def seat_winds(self, hand_no: int) -> dict[str, Tile]:
        """Seat winds counted from the hand's dealer (East), in seat order."""
        d = self.players.index(self.dealer(hand_no))
        n = len(self.players)
        return {p: _WINDS[(i - d) % n] for i, p in enumerate(self.players)}

    def seats(self, hand_no: int) -> dict[Tile, str]:
        return {w: p for p, w in self.seat_winds(hand_no).items()}

    def prevalent_wind(self, hand_no: int) -> Tile:
        """These rule sets have no prevalent wind that changes: East."""
        self._check_hand_no(hand_no)
        return Tile.EAST

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
        self._records[index] = record
        return record

    def record_false_win(self, player: str, kind: str) -> HandRecord:
        raise MatchError(
            f"{self.rules} has no 错和/诈和 penalty rows (a false win is settled by the "
            "MCR rules only); record a referee's penalty instead"
        )

    # -- settling one hand -------------------------------------------------------------

    def _settled(self, number: int, result: HandResult) -> HandRecord:
        if result.flowers:
            raise MatchError(f"{self.rules} is played without flowers")
        if result.draw and (result.winner is not None or result.wins):
            raise MatchError("a drawn hand has no winner")
        result.check_win_context()
        wins = result.all_wins()
        if not result.draw and not wins:
            raise MatchError("give the winner, or a drawn hand")
        for w in wins:
            check_member(self.players, w.winner, "winner")
            if w.discarder is not None:
                check_member(self.players, w.discarder, "discarder")
            if (w.fan is None) == (w.hand is None):
                raise MatchError("a win needs its fan total or its hand string, one of them")
        dealer = self.dealer(number)
        settle = {"sichuan": self._sichuan, "beijing": self._beijing}.get(self.rules, self._pair)
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
                "wins": "several wins in one hand (血战到底 is Sichuan's)",
                "kongs": "kong payments",
                "ready": "查大叫 hands at a drawn end (Sichuan's)",
                "follow_dealer": "跟庄 (Beijing's)",
                "burn": "烧庄 (Beijing's)",
            }
            raise MatchError(f"{self.rules} has no {what[extra[0]]}")

    def _scored(self, win: Win, *, dealer: str, kong: bool = False) -> Any:
        """The win's hand scored by the rule set, with how it was won (self-drawn, the
        win context; ``kong`` also when the caller knows of one)."""
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
            scored = get_rules(self.rules).score(hand, self._options)
        except FanshuError as exc:
            raise MatchError(f"{text}: {exc.message}") from None
        if not scored.is_win:
            raise MatchError(f"{text} is not a winning hand under {self.rules} ({scored.reason})")
        return scored

    def _sichuan(self, result: HandResult, wins: tuple[Win, ...], dealer: str) -> list[Item]:
        self._refuse(result, ("wins", "kongs", "ready"))
        if len(wins) > len(self.players) - 1:
            raise MatchError(f"at most {len(self.players) - 1} players win a Sichuan hand")
        for k in result.kongs:
            if k.kind == "melded":
                raise MatchError("a Sichuan kong is direct, added or concealed, not melded")
            if not 0 <= k.after <= len(wins):
                raise MatchError(f"a kong after {k.after} wins, but the hand has {len(wins)}")
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
                    f"查大叫 needs the 13-tile hand of every player still in: {', '.join(left)}"
                )
            try:
                hands = {p: parse_hand(result.ready[p]) for p in left}
            except FanshuError as exc:
                raise MatchError(f"a hand still in: {exc.message}") from None
            s = self._call(
                sichuan.settle_drawn, self.players, hands, kongs=kongs, options=self._options
            )
            items.append({"kind": "drawn", "ready": dict(result.ready), "payments": s.payments})
        return items

    def _beijing(self, result: HandResult, wins: tuple[Win, ...], dealer: str) -> list[Item]:
        self._refuse(result, ("kongs", "follow_dealer", "burn"))
        if len(wins) > 1:
            raise MatchError("beijing has no several wins in one hand (血战到底 is Sichuan's)")
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
                raise MatchError("beijing pays kongs only to a winner: a drawn hand has none")
            return items
        (w,) = wins
        if w.hand is not None:
            if result.kongs:
                raise MatchError("with a hand string the winner's kongs are read from the hand")
            scored = self._scored(w, dealer=dealer)
            pay = self._call(
                get_rules("beijing").settle,
                self.players,
                w.winner,
                w.discarder,
                scored,
                opts,
                dealer=dealer,
            )
            fan = scored.total
        else:
            kongs = []
            for k in result.kongs:
                if k.player != w.winner or k.kind not in ("melded", "concealed"):
                    raise MatchError(
                        "a Beijing kong is the winner's, melded (with its feeder) or concealed"
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
            fan = w.fan
        items.insert(0, {"kind": "win", **w.to_dict(), "fan": fan, "payments": pay})
        return items

    def _pair(self, result: HandResult, wins: tuple[Win, ...], dealer: str) -> list[Item]:
        self._refuse(result, ())
        if not wins:
            return []
        (w,) = wins
        loser = next(p for p in self.players if p != w.winner)
        if w.discarder is not None and w.discarder != loser:
            raise MatchError(f"the discarder is the other player, {loser}")
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
                raise MatchError(f"the fan total is a whole number ≥ 0, not {w.fan!r}")
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
            raise MatchError(f"a match needs rules, players and hands: {exc}") from None
        sheet = cls(players, rules=rules, options=data.get("options"), id=data.get("id"))
        for row in rows:
            stored = HandRecord.from_dict(row)
            if stored.kind == "penalty":
                sheet._append_checked(stored)
                continue
            if stored.result is None:
                raise MatchError(f"a {rules} hand row keeps its result: {row!r}")
            rebuilt = sheet.record(result_from_dict(stored.result))
            if stored.payments and stored.payments != rebuilt.payments:
                raise MatchError(
                    f"row {stored.number} pays {stored.payments}, but the rules give "
                    f"{rebuilt.payments}"
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
