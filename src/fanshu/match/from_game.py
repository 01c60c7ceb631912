"""A finished engine hand as a score sheet records it, checked against the engine.

An engine :class:`~fanshu.engine.game.Game` of a finished hand, with the table's
``seating`` (``seating[s]`` is the player in engine seat ``s``) and the players'
``labels`` (their names on the sheet, by player), becomes a :class:`SheetHand`: the
错和 rows before it and the :class:`~fanshu.match.results.HandResult` of the hand, with
what the engine paid each player.  :func:`record` writes it on a sheet (an in-memory
:class:`~fanshu.match.sheet.Match`, or inside ``Store.update_match``) and checks that
the sheet's payments for the hand are the engine's; a hand whose sheet would pay
otherwise is refused (:class:`SheetMismatch`), never recorded wrongly.

The rule sets whose sheet reproduces the engine's payments (:data:`RECORDED_RULES`):

- ``mcr``: a win with its fan total and flowers (8 from the discarder, 8 from each of
  the others, the fan from the discarder or from each on a self-drawn win), a draw,
  and a declared win the rules refused as a 错和 row (``under_minimum``);
- ``two-player``: a win with its fan total, the loser paying it up to the cap; a draw;
- ``common`` and ``pinghu``: a win as its hand string (melds as claimed; with wild
  tiles, the tiles held, not the log's reading of them), the hand's wildcard (Pinghu 百搭)
  and flowers (Pinghu's option), and how it was won: on a kong's replacement tile or
  robbing a kong (``kong``), on the last tile (``wall_last``); the sheet scores and
  settles it by the rule set.  A win whose score
  rests on what a row does not say (天和/地和, 杠上炮, 和绝张) is refused by the check
  if it pays otherwise;
- ``wuhan``: the same, with each player's ``facts`` as the engine read them for the
  settlement (:class:`~fanshu.rules.wuhan.SeatFacts`: 开口, 明杠, 暗杠, 红中发财杠 and
  赖子杠, the discarder's 听牌 after the winning discard; the winner's discard kongs
  only), so that each loser pays by its own 番;
- ``jiaxing``: the same, with the hand's 百搭 and dice (its ``wildcard`` event); the
  sheet works out the carried 番 itself (黄番, 老头黄, 包子, 百搭连庄), and :func:`record`
  checks that it carries on what the engine left (``Game.carried_out``) too.  天和 and
  地和 are not on a row: such a win pays otherwise and is refused by the check;
- ``beijing``: the same, with 跟庄 and the rounds of 烧庄 as followed at the table
  (``BeijingVariant.rounds_followed``) and the winner's 互包 partner as the engine found
  it (``HandResult.partner``: from the winner's claims or the partner's), who pays all.

Sichuan is refused (:class:`NotRecorded`): its engine pays what a sheet row does not
carry yet (several wins, 呼叫转移, the kongs paid by the players still in).

>>> from fanshu.engine.autoplay import play_until
>>> from fanshu.engine.players import make_player
>>> g = Game("two-player", seed=4)
>>> play_until(g, [make_player("greedy", 1), make_player("greedy", 2)])
>>> sheet = new_sheet("two-player", ["A", "B"], first_dealer=0)
>>> row = record(sheet, sheet_hand(g, (0, 1), ["A", "B"]))
>>> [row.payments[p] for p in ("A", "B")] == list(g.scores)
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, replace
from typing import Any

from fanshu.engine.game import CODES, Game
from fanshu.engine.variants.beijing import BeijingVariant
from fanshu.engine.variants.wuhan import WuhanVariant
from fanshu.i18n import msg
from fanshu.match.results import HandResult
from fanshu.match.rule_sheet import RuleSheet
from fanshu.match.sheet import HANDS_PER_MATCH, HandRecord, Match
from fanshu.rules.mcr.settlement import MatchError
from fanshu.rules.wuhan.settlement import SeatFacts

__all__ = [
    "RECORDED_RULES",
    "NotRecorded",
    "SheetHand",
    "SheetMismatch",
    "check_recordable",
    "new_sheet",
    "record",
    "sheet_hand",
    "sheet_players",
]

#: The rule sets whose hands a score sheet records as the engine paid them.
RECORDED_RULES = ("mcr", "two-player", "common", "pinghu", "wuhan", "jiaxing", "beijing")
#: The rule sets whose win is written as its hand string (scored again by the sheet).
_BY_HAND = ("common", "pinghu", "wuhan", "jiaxing", "beijing")


class NotRecorded(MatchError):
    """A rule set (or a series) whose hands a score sheet cannot record as played."""

    code = "sheet_not_kept"


class SheetMismatch(MatchError):
    """A hand whose sheet row would pay otherwise than the engine did."""

    code = "sheet_mismatch"


@dataclass(frozen=True, slots=True)
class SheetHand:
    """One finished hand as a sheet records it (module text)."""

    false_wins: tuple[str, ...]  # players whose declared win was refused (错和), in order
    result: HandResult
    scores: Mapping[str, int]  # what the engine paid each player on the hand
    carry: Mapping[str, Any] | None = None  # Jiaxing: the carried 番 the engine left


def check_recordable(rules: str, hands: int) -> None:
    """``NotRecorded`` unless a sheet can keep ``hands`` hands of ``rules``."""
    if rules not in RECORDED_RULES:
        raise NotRecorded(
            msg(
                "a score sheet records the hands of {known} as played, not {rules}'s yet",
                known=", ".join(RECORDED_RULES),
                rules=rules,
            )
        )
    if hands > HANDS_PER_MATCH:
        raise NotRecorded(
            msg(
                "a score sheet keeps at most {most} hands, not {hands}",
                most=HANDS_PER_MATCH,
                hands=hands,
            )
        )


def sheet_players(rules: str, labels: Sequence[str], first_dealer: int) -> list[str]:
    """The sheet's players: MCR's in the order of the players (the seats drawn for the
    first round), another rule set's in seat order with the first hand's dealer first."""
    if rules == "mcr":
        return list(labels)
    return [labels[(first_dealer + i) % len(labels)] for i in range(len(labels))]


def new_sheet(
    rules: str,
    labels: Sequence[str],
    *,
    first_dealer: int = 0,
    options: Mapping[str, Any] | None = None,
) -> Match:
    """An empty sheet of ``rules`` for players ``labels`` (by player)."""
    check_recordable(rules, 1)
    players = sheet_players(rules, labels, first_dealer)
    if rules == "mcr":
        return Match(players)
    return RuleSheet(players, rules=rules, options=options)


def sheet_hand(game: Game, seating: Sequence[int], labels: Sequence[str]) -> SheetHand:
    """What the sheet records of ``game`` (finished); ``NotRecorded`` for a rule set
    of none (module text)."""
    check_recordable(game.rules, 1)
    if not game.done:
        raise MatchError(msg("the hand is not over: a sheet records finished hands"))

    def name(seat: int) -> str:
        return labels[seating[seat]]

    false_wins = tuple(name(e["seat"]) for e in game.events if e["type"] == "false_win")
    wins = [e for e in game.events if e["type"] == "win"]
    if len(wins) > 1:
        raise NotRecorded(msg("{rules} has one winner a hand", rules=game.rules))
    if not wins:
        result = HandResult(draw=True)
    else:
        (win,) = wins
        s, source = win["seat"], win.get("source")
        flowers = len(game.seat[s].flowers)
        if flowers and game.rules not in ("mcr", "pinghu"):
            raise NotRecorded(msg("{rules} is played without flowers", rules=game.rules))
        if game.rules in _BY_HAND:
            result = _by_hand(game, win, name, flowers)
            if game.rules == "wuhan":
                result = replace(result, facts=_wuhan_facts(game, win, name))
        else:
            result = HandResult(
                winner=name(s),
                discarder=None if source is None else name(source),
                fan=win["total"],
                flowers=flowers if game.rules == "mcr" else 0,
            )
    scores = {name(s): v for s, v in enumerate(game.scores)}
    if game.rules == "beijing":
        result = _beijing(game, result, wins, name)
    if game.rules != "jiaxing":
        return SheetHand(false_wins, result, scores)
    # the hand's 百搭 and dice as thrown (the sheet opens the carried 番 with them), and
    # the carried 番 the engine left, which the sheet works out itself
    drawn = next(e for e in game.events if e["type"] == "wildcard")
    result = replace(result, wildcard=str(drawn["tile"]), dice=tuple(drawn.get("dice") or ()))
    return SheetHand(false_wins, result, scores, game.carried_out)


def _by_hand(
    game: Game, win: Mapping[str, Any], name: Callable[[int], str], flowers: int
) -> HandResult:
    """A win as its hand string, with the context the sheet can be told."""
    source = win.get("source")
    robbed = win.get("robbed") is not None
    kong = robbed
    if source is None:  # self-drawn: on a kong's replacement tile (the draw from the back)
        draws = [e for e in game.events if e["type"] == "draw" and e.get("seat") == win["seat"]]
        kong = bool(draws and draws[-1].get("back"))
    end: Mapping[str, Any] = next((e for e in game.events if e["type"] == "end"), {})
    wildcards = win.get("wildcards")
    hand = str(win["hand"])
    if wildcards and (wildcards.get("stood_for") or wildcards.get("winning")):
        # the logged hand is the reading (each wild tile, the winning one too, as what
        # it stood for), where the sheet scores the tiles held: the winner's tiles as
        # the finished game has them (the winning tile among them, as for a self-drawn
        # win)
        tile = CODES.index(str(win["tile"]))
        hand = str(game.hand_with(int(win["seat"]), tile, self_drawn=True))
    return HandResult(
        winner=name(win["seat"]),
        discarder=None if source is None else name(source),
        hand=hand,
        flowers=flowers,
        kong=kong,
        wall_last=end.get("wall_left") == 0 and not robbed,
        wildcard=None if not wildcards else str(wildcards["kind"]),
    )


def _beijing(
    game: Game, result: HandResult, wins: Sequence[Mapping[str, Any]], name: Callable[[int], str]
) -> HandResult:
    """Beijing: the rounds of 跟庄 followed (烧庄 paid only on a win) and the winner's 互包
    partner, as the engine found them."""
    variant = game.variant
    assert isinstance(variant, BeijingVariant)
    rounds = variant.rounds_followed
    partner = None if not wins else variant.partner(game, int(wins[0]["seat"]))
    return replace(
        result,
        follow_dealer=rounds >= 1,
        burn=rounds if wins else 0,
        partner=None if partner is None else name(partner),
    )


def _wuhan_facts(
    game: Game, win: Mapping[str, Any], name: Callable[[int], str]
) -> dict[str, dict[str, Any]]:
    """Wuhan: what each player brings to the reckoning, as the engine settled it (the
    finished table is the table of the win: its melds, its discard kongs, and the
    discarder's 听牌 after the winning discard; the winner only its discard kongs)."""
    variant = game.variant
    assert isinstance(variant, WuhanVariant)
    s, d = int(win["seat"]), win.get("source")
    out: dict[str, dict[str, Any]] = {}
    for q in range(len(game.seat)):
        f = variant.facts(game, q, ask_ready=q == d)
        if q == s:
            f = SeatFacts(dragon_kongs=f.dragon_kongs, wild_kongs=f.wild_kongs)
        out[name(q)] = asdict(f)
    return out


def record(sheet: Match, hand: SheetHand, label: str = "") -> HandRecord:
    """Write ``hand`` on ``sheet`` and check its payments are the engine's
    (``SheetMismatch`` if not: the sheet is then left changed, so record on a copy, or
    inside a store transaction, which the error rolls back); ``label`` starts the
    message.  Returns the hand's row."""
    before = sheet.totals()
    for p in hand.false_wins:
        sheet.record_false_win(p, "under_minimum")
    row = sheet.record(hand.result)
    after = sheet.totals()
    moved = {p: after[p] - before[p] for p in sheet.players}
    engine = {p: hand.scores.get(p, 0) for p in sheet.players}
    if moved != engine:
        raise SheetMismatch(
            msg(
                "{label}the score sheet pays {moved}, the engine {list}",
                label=label,
                moved=moved,
                list=engine,
            )
        )
    if hand.carry is not None:
        carried = next((i["carry_out"] for i in row.items or () if i.get("kind") == "carry"), None)
        if carried != dict(hand.carry):
            raise SheetMismatch(
                msg(
                    "{label}the score sheet carries {carried} to the next hand, "
                    "the engine {engine}",
                    label=label,
                    carried=carried,
                    engine=dict(hand.carry),
                )
            )
    return row
