"""Botzone's Chinese-Standard-Mahjong match logs, read back and re-scored by fanshu.

A Botzone match log is the judge's input: ``{"log": [...], "initdata": {...}}`` (or the
bare ``log`` list, as the match page's full log gives it).  The log alternates the
judge's outputs (``{"output": {"command", "content", "display"}, "verdict", ...}``) and
the bots' answers keyed by player id (``{"0": {"verdict", "response", ...}, ...}``);
``initdata`` holds the wall (``walltiles``), the prevalent wind (``quan``) and the seed
(``srand``); without it, the first output's ``initdata`` or ``display.quan`` is used.

Why a re-scoring and not a fanshu replay: Botzone's judge cuts the wall into four
parts, one per seat, and each seat takes its deal, its draws, its flower and kong
replacements from the end of its own part; the hand is drawn (荒庄) when the seat to
draw finds its own part empty, while the others may still hold tiles, and 妙手回春 /
海底捞月 mean "the next seat's part is empty".  fanshu's engine plays one wall (draws
from the front, replacements from the back, 144 tiles with flowers) and ends the hand
when that wall is empty, so a Botzone game cannot be stacked into a fanshu game that
plays out the same to the end.  Instead this module follows the game as the judge
did — the deal, draws, flowers, claims, kongs and the end from each output's
``display`` — and scores with fanshu's MCR scorer every hand the judge scored: each
``canHu`` entry (the judge scores the drawer's hand on each draw, every other seat's
hand on each discard and on each added kong) and the final ``HU`` or ``WH``, with the
judge's own situation flags (自摸, 和绝张 by the judge's count of shown tiles, 杠上开花 /
抢杠和, the last tile, flowers, seat and prevalent wind).  The payments are fanshu's
MCR settlement of fanshu's fan total, the penalty of a wrong answer Botzone's
(−30 for the offender, +10 to each other).

>>> game = rescore({"log": [{"output": {"command": "finish", "content": {},
...     "display": {"action": "HUANG"}}}], "initdata": {"quan": 1}})
>>> game.ending.action, game.ending.fanshu_scores, game.same
('HUANG', (0, 0, 0, 0), True)
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fanshu.api import score
from fanshu.errors import FanshuError
from fanshu.hand import Hand, Meld, MeldKind, WinContext
from fanshu.notation.botzone import TILE_OF_CODE
from fanshu.rules.mcr.fans import Fan
from fanshu.rules.mcr.result import McrResult
from fanshu.rules.mcr.settlement import BASE_POINTS
from fanshu.tiles import Tile

__all__ = [
    "JUDGE_RULE",
    "JUDGE_TIE",
    "BotzoneGame",
    "BotzoneLogError",
    "Check",
    "Ending",
    "is_botzone_log",
    "judge_total",
    "load",
    "rescore",
]

#: The judge's penalty for a wrong, illegal, late or failed answer (``playerError``).
PENALTY, REWARD = -30, 10
#: The ``display.action`` of a match ended by a bot's fault (WH: a HU that is no win or
#: under the 8-fan minimum; WA: an illegal answer; the others Botzone's verdicts).
FAULTS = frozenset({"WH", "WA", "TLE", "MLE", "RE", "NJ", "OLE", "ERR"})
#: The judge's "not scored" mark in ``canHu``.
NOT_ASKED = -4
#: The one rule of the public judge's fan calculator (the 2020 ChineseOfficialMahjong-
#: Helper code in judge/) that fanshu, which follows PyMahjongGB 1.4.0, does not share.
JUDGE_RULE = (
    "Botzone's judge counts no 边张, 嵌张 or 单钓将 in a 组合龙 hand whose winning tile "
    "is one of the 组合龙's nine (its fan calculator, 2020); fanshu counts the wait, as "
    "PyMahjongGB 1.4.0 does"
)
#: The other: which of two readings of equal total a win is written as.
JUDGE_TIE = (
    "when two readings of a hand total the same fan, Botzone's judge (its 2020 fan "
    "calculator) and fanshu (as PyMahjongGB 1.4.0, docs/mcr-deviations.md) may keep "
    "different ones: the fans named differ, the total and the payments do not"
)
_WAITS = (Fan.EDGE_WAIT, Fan.CLOSED_WAIT, Fan.SINGLE_WAIT)


class BotzoneLogError(FanshuError):
    """A file or value that is not a Botzone Chinese-Standard-Mahjong match log, or a
    log whose moves do not fit together (the message names the turn)."""

    code = "bad_botzone_log"


@dataclass(frozen=True, slots=True)
class Check:
    """One hand the judge scored, and fanshu's score of it.

    ``turn`` is the judge output's number in the log (0 = its first output); ``botzone``
    is the judge's figure (a fan total with the flowers, or a negative MahjongGB code:
    −3 not a win); ``fanshu`` is fanshu's total, None when fanshu says it is no win;
    ``refused`` is fanshu's message when it rejects the hand's facts as impossible.
    """

    turn: int
    seat: int
    hand: str
    self_drawn: bool
    fourth_tile: bool
    kong: bool
    wall_last: bool
    flowers: int
    botzone: int
    fanshu: int | None
    refused: str | None = None
    #: fanshu's total as Botzone's judge counts it, when a known rule of the judge's
    #: calculator explains a difference (``JUDGE_RULE``), else None
    as_judge: int | None = None

    @property
    def same(self) -> bool:
        """fanshu agrees: the same total, or both say it is no win."""
        if self.fanshu is None:
            return self.botzone < 0
        return self.botzone == self.fanshu

    @property
    def explained(self) -> bool:
        """A difference that the judge's own counting rule (``JUDGE_RULE``) explains."""
        return not self.same and self.as_judge is not None and self.as_judge == self.botzone

    def to_dict(self) -> dict[str, Any]:
        return {
            "turn": self.turn,
            "seat": self.seat,
            "hand": self.hand,
            "flags": {
                "self_drawn": self.self_drawn,
                "fourth_tile": self.fourth_tile,
                "kong": self.kong,
                "wall_last": self.wall_last,
                "flowers": self.flowers,
            },
            "botzone": self.botzone,
            "fanshu": self.fanshu,
            "refused": self.refused,
            "same": self.same,
            "explained": JUDGE_RULE if self.explained else None,
        }


@dataclass(frozen=True, slots=True)
class Ending:
    """How the match ended: ``HU``, ``HUANG`` (drawn), or a fault (``WH``, ``WA``, a
    verdict) by ``seat``; Botzone's and fanshu's fans and scores."""

    action: str
    seat: int | None = None
    discarder: int | None = None
    robbed: bool = False
    botzone_fan: int | None = None
    fanshu_fan: int | None = None
    botzone_fans: tuple[tuple[str, int, int], ...] = ()
    fanshu_fans: tuple[tuple[str, int, int], ...] = ()
    botzone_scores: tuple[int, ...] | None = None
    fanshu_scores: tuple[int, ...] | None = None
    win: Check | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "action": self.action,
            "seat": self.seat,
            "discarder": self.discarder,
            "robbed": self.robbed,
            "botzone": {
                "fan": self.botzone_fan,
                "fans": [list(f) for f in self.botzone_fans],
                "scores": None if self.botzone_scores is None else list(self.botzone_scores),
            },
            "fanshu": {
                "fan": self.fanshu_fan,
                "fans": [list(f) for f in self.fanshu_fans],
                "scores": None if self.fanshu_scores is None else list(self.fanshu_scores),
            },
            "win": None if self.win is None else self.win.to_dict(),
        }


@dataclass(frozen=True, slots=True)
class BotzoneGame:
    """A Botzone match as fanshu read it: the moves, every hand the judge scored with
    fanshu's score beside it, the ending, and each difference in words."""

    quan: int
    moves: tuple[dict[str, Any], ...]
    checks: tuple[Check, ...]
    ending: Ending
    differences: tuple[str, ...] = field(default=())
    #: the differences ``JUDGE_RULE`` or ``JUDGE_TIE`` explain (the judge's calculator,
    #: not fanshu's), and those rules
    explained: tuple[str, ...] = field(default=())
    reasons: tuple[str, ...] = field(default=())

    @property
    def same(self) -> bool:
        """fanshu re-scores every hand and the ending as Botzone's judge did."""
        return not self.differences and not self.explained

    @property
    def agrees(self) -> bool:
        """No difference but those ``JUDGE_RULE`` and ``JUDGE_TIE`` explain."""
        return not self.differences

    def to_dict(self) -> dict[str, Any]:
        return {
            "quan": self.quan,
            "moves": len(self.moves),
            "ending": self.ending.to_dict(),
            "checks": len(self.checks),
            "checks_same": sum(c.same for c in self.checks),
            "wins_scored": sum(c.botzone >= 0 for c in self.checks),
            "same": self.same,
            "differences": list(self.differences),
            "explained": list(self.explained),
            "explained_by": list(self.reasons),
        }


# -- reading ------------------------------------------------------------------------


def is_botzone_log(data: object) -> bool:
    """Whether a decoded JSON value has the shape of a Botzone match log: an object
    with a ``log`` list, or such a list, whose first item is a judge output."""
    log = data.get("log") if isinstance(data, Mapping) else data
    if not isinstance(log, list) or not log:
        return False
    first = log[0]
    return isinstance(first, Mapping) and isinstance(first.get("output"), Mapping)


def load(path: str | Path) -> BotzoneGame:
    """Read a Botzone match log file (one JSON object or list) and re-score it."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as e:
        raise BotzoneLogError(f"cannot read {path}: {e.strerror or e}") from None
    except UnicodeDecodeError:
        raise BotzoneLogError(f"{path} is not UTF-8 text") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise BotzoneLogError(
            f"{path} is not one JSON value (line {e.lineno}: {e.msg}); a Botzone match "
            "log is the JSON object or list Botzone gives for a match"
        ) from None
    return rescore(data)


def _split(data: object) -> tuple[list[Any], Mapping[str, Any]]:
    if isinstance(data, Mapping):
        log, init = data.get("log"), data.get("initdata")
    else:
        log, init = data, None
    if not is_botzone_log(data) or not isinstance(log, list):
        raise BotzoneLogError(
            "not a Botzone match log: expected an object with a 'log' list (or that "
            "list) whose first item is the judge's output ({'output': {...}})"
        )
    if isinstance(init, str) and init.strip():
        try:
            init = json.loads(init)
        except json.JSONDecodeError:
            raise BotzoneLogError("initdata is text that is not JSON") from None
    if not isinstance(init, Mapping):
        first = log[0]["output"].get("initdata")
        init = first if isinstance(first, Mapping) else {}
    return log, init


def _int(value: object, what: str, turn: int, low: int = 0, high: int = 3) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise BotzoneLogError(f"turn {turn}: {what} is {value!r}, not {low}-{high}")
    return value


def _code(value: object, turn: int) -> str:
    if not isinstance(value, str) or value not in TILE_OF_CODE:
        raise BotzoneLogError(f"turn {turn}: {value!r} is not a Botzone tile code")
    return value


# -- following the game -------------------------------------------------------------


@dataclass
class _Pack:
    kind: str  # PENG GANG CHI
    tile: str  # a chow's middle tile
    offer: int  # PENG/GANG: the giver (the seat itself: concealed); CHI: 1-3 claimed


@dataclass
class _Seat:
    tiles: list[str] = field(default_factory=list)
    packs: list[_Pack] = field(default_factory=list)
    flowers: int = 0


class _Reader:
    """The judge's view of the game, rebuilt from its outputs' ``display``."""

    def __init__(self, quan: int) -> None:
        self.quan = quan
        self.seats = [_Seat() for _ in range(4)]
        self.shown: dict[str, int] = {}
        self.counts: list[int] | None = None  # tiles left in each seat's part
        self.last: dict[str, Any] = {}  # the previous display
        self.drawn: str | None = None
        self.discard: tuple[int, str] | None = None  # (discarder, tile) still on the table
        self.kong_draw = False  # the last draw replaced a kong
        self.kong_tile: str | None = None  # the last added kong's tile (抢杠和)
        self.moves: list[dict[str, Any]] = []
        self.checks: list[Check] = []

    # each display action ------------------------------------------------------------

    def take(self, turn: int, d: Mapping[str, Any], *, finish: bool = False) -> None:
        action = d.get("action")
        if not isinstance(action, str):
            raise BotzoneLogError(f"turn {turn}: the judge's display has no action")
        # a finishing output names the ending (HU, HUANG, a fault: WH, WA or any verdict
        # of Botzone's for a program, as the judge's playerError writes it)
        if action in ("INIT", "HU", "HUANG") or action in FAULTS or finish:
            self.moves.append({"turn": turn, "action": action, "seat": d.get("player")})
            return
        player = _int(d.get("player"), "the player", turn) if action != "DEAL" else None
        if self.discard is not None and action != "DEAL":
            self._settle_discard(turn, action, d)
            if action not in ("PENG", "CHI", "GANG"):
                self.discard = None
        if action == "DEAL":
            self._deal(turn, d)
        elif action == "DRAW" and player is not None:
            self.drawn = _code(d.get("tile"), turn)
            # 杠上开花: the draw right after a kong (a flower in between ends it)
            self.kong_draw = self.last.get("action") in ("GANG", "BUGANG")
        elif action == "BUHUA" and player is not None:
            self.seats[player].flowers += 1
        elif action == "PLAY" and player is not None:
            self._play(turn, player, _code(d.get("tile"), turn))
        elif action in ("PENG", "CHI") and player is not None:
            self._claim(turn, action, player, d)
        elif action == "GANG" and player is not None:
            self._kong(turn, player, _code(d.get("tile"), turn))
        elif action == "BUGANG" and player is not None:
            self._added_kong(turn, player, _code(d.get("tile"), turn))
        else:
            raise BotzoneLogError(f"turn {turn}: unknown action {action!r}")
        self.moves.append({"turn": turn, "action": action, "seat": player, "tile": d.get("tile")})
        counts = d.get("tileCnt")
        if isinstance(counts, list) and len(counts) == 4:
            self.counts = [c if isinstance(c, int) else 0 for c in counts]
        self._check_all(turn, action, player, d)
        self.last = dict(d)

    def _remove(self, turn: int, seat: int, tile: str, n: int = 1) -> None:
        tiles = self.seats[seat].tiles
        for _ in range(n):
            if tile not in tiles:
                raise BotzoneLogError(f"turn {turn}: seat {seat} has no {tile} to give up")
            tiles.remove(tile)

    def _deal(self, turn: int, d: Mapping[str, Any]) -> None:
        hands = d.get("hand")
        if not isinstance(hands, list) or len(hands) != 4:
            raise BotzoneLogError(f"turn {turn}: the deal does not list four hands")
        for seat, hand in zip(self.seats, hands, strict=True):
            if not isinstance(hand, list):
                raise BotzoneLogError(f"turn {turn}: a dealt hand is not a list")
            for t in hand:
                if _code(t, turn).startswith("H"):
                    seat.flowers += 1
                else:
                    seat.tiles.append(t)
            if len(seat.tiles) != 13:
                raise BotzoneLogError(f"turn {turn}: a seat is dealt {len(seat.tiles)} tiles")

    def _play(self, turn: int, player: int, tile: str) -> None:
        # after a draw the drawn tile joins the hand first (the judge keeps it apart)
        if self.last.get("action") == "DRAW" and self.drawn is not None:
            self.seats[player].tiles.append(self.drawn)
        self.drawn = None
        self._remove(turn, player, tile)
        self.discard = (player, tile)

    def _settle_discard(self, turn: int, action: str, d: Mapping[str, Any]) -> None:
        """The discard on the table is passed (shown) or claimed: the judge's count of
        shown tiles (和绝张) moves as its roundInput does."""
        assert self.discard is not None
        _, tile = self.discard
        if action == "PENG":
            self.shown[tile] = self.shown.get(tile, 0) + 3
        elif action == "CHI":
            middle = _code(d.get("tileCHI"), turn)
            for rank in (-1, 0, 1):
                t = f"{middle[0]}{int(middle[1]) + rank}"
                self.shown[t] = self.shown.get(t, 0) + 1
        elif action == "GANG":
            self.shown[tile] = 4
        else:
            self.shown[tile] = self.shown.get(tile, 0) + 1

    def _claim(self, turn: int, action: str, player: int, d: Mapping[str, Any]) -> None:
        if self.discard is None:
            raise BotzoneLogError(f"turn {turn}: {action} with no discard to claim")
        giver, claimed = self.discard
        seat = self.seats[player]
        if action == "PENG":
            self._remove(turn, player, claimed, 2)
            seat.packs.append(_Pack("PENG", claimed, giver))
        else:
            middle = _code(d.get("tileCHI"), turn)
            if middle[0] != claimed[0] or middle[0] not in "WBT" or middle[1] in "19":
                raise BotzoneLogError(f"turn {turn}: CHI {middle} cannot take {claimed}")
            seat.tiles.append(claimed)
            for rank in (-1, 0, 1):
                self._remove(turn, player, f"{middle[0]}{int(middle[1]) + rank}")
            seat.packs.append(_Pack("CHI", middle, int(claimed[1]) - int(middle[1]) + 2))
        self._remove(turn, player, _code(d.get("tile"), turn))
        self.discard = (player, _code(d.get("tile"), turn))

    def _kong(self, turn: int, player: int, tile: str) -> None:
        seat = self.seats[player]
        if self.last.get("action") == "DRAW" and self.last.get("player") == player:
            # a concealed kong of the tile just drawn or of four held
            if self.drawn is not None:
                seat.tiles.append(self.drawn)
            self.drawn = None
            self._remove(turn, player, tile, 4)
            seat.packs.append(_Pack("GANG", tile, player))
            return
        if self.discard is None or self.discard[1] != tile:
            raise BotzoneLogError(f"turn {turn}: GANG {tile} with no {tile} discarded")
        self._remove(turn, player, tile, 3)
        seat.packs.append(_Pack("GANG", tile, self.discard[0]))
        self.discard = None

    def _added_kong(self, turn: int, player: int, tile: str) -> None:
        seat = self.seats[player]
        if self.drawn is not None:
            seat.tiles.append(self.drawn)
        self.drawn = None
        for pack in seat.packs:
            if pack.kind == "PENG" and pack.tile == tile:
                pack.kind = "ADDED"
                break
        else:
            raise BotzoneLogError(f"turn {turn}: BUGANG {tile} without a pung of it")
        self._remove(turn, player, tile)
        self.shown[tile] = 4
        self.kong_tile = tile

    # scoring ------------------------------------------------------------------------

    def _check_all(self, turn: int, action: str, player: int | None, d: Mapping[str, Any]) -> None:
        """Score with fanshu each hand the judge scored in this output (``canHu``)."""
        can = d.get("canHu")
        if player is None or not isinstance(can, list) or len(can) != 4:
            return
        for seat, value in enumerate(can):
            if not isinstance(value, int) or value == NOT_ASKED:
                continue
            if action in ("PLAY", "PENG", "CHI") and seat == player:
                continue  # the judge also scores the discarder on its own tile: no win
            self.checks.append(self.check(turn, seat, action, player, value))

    def situation(self, action: str, player: int, seat: int) -> tuple[str, bool, bool, bool]:
        """The winning tile and the judge's flags (checkHu) for ``seat`` after the
        display ``action`` by ``player``: self-drawn, 杠上开花/抢杠和, 和绝张."""
        if action == "DRAW":
            assert self.drawn is not None
            fourth = self.shown.get(self.drawn, 0) == 3
            return self.drawn, seat == player, self.kong_draw, fourth
        if action == "BUGANG":
            assert self.kong_tile is not None
            return self.kong_tile, False, True, self.shown.get(self.kong_tile, 0) == 3
        assert self.discard is not None
        tile = self.discard[1]
        return tile, False, False, self.shown.get(tile, 0) == 3

    def check(self, turn: int, seat: int, action: str, player: int, value: int) -> Check:
        return self.scored_check(turn, seat, action, player, value)[0]

    def scored_check(
        self, turn: int, seat: int, action: str, player: int, value: int
    ) -> tuple[Check, McrResult | None]:
        """The check of ``seat``'s hand at this output, and fanshu's result for it
        (None when fanshu refuses the hand)."""
        tile, self_drawn, kong, fourth = self.situation(action, player, seat)
        # 妙手回春 / 海底捞月 as the judge reads it: the part of the seat after the one
        # whose turn it is (the drawer, the discarder, the kong's owner) is empty
        wall_last = self.counts is not None and self.counts[(player + 1) % 4] == 0
        flowers = self.seats[seat].flowers
        context = WinContext(
            self_drawn=self_drawn,
            fourth_tile=fourth,
            kong=kong,
            wall_last=wall_last,
            seat_wind=seat,
            prevalent_wind=self.quan,
            flowers=flowers,
        )
        hand = self.hand(seat, tile, context)
        total: int | None = None
        as_judge: int | None = None
        refused = None
        result: McrResult | None = None
        text = _write(seat, self.seats[seat], tile)
        try:
            result = score(hand)
            text = str(hand)
            if result.is_win:
                total = result.total
                judged = judge_total(result)
                as_judge = judged if judged != total else None
        except FanshuError as e:
            refused = e.message
        check = Check(
            turn,
            seat,
            text,
            self_drawn,
            fourth,
            kong,
            wall_last,
            flowers,
            value,
            total,
            refused,
            as_judge,
        )
        return check, result

    def hand(self, seat: int, tile: str, context: WinContext) -> Hand:
        s = self.seats[seat]
        melds = tuple(_meld(p, seat) for p in s.packs)
        concealed = tuple(sorted(TILE_OF_CODE[t] for t in s.tiles))
        return Hand(concealed, melds, TILE_OF_CODE[tile], context)


def judge_total(result: McrResult) -> int:
    """A win's fan total as Botzone's public judge counts it: fanshu's, less the 边张,
    嵌张 or 单钓将 that ``JUDGE_RULE`` drops from a 组合龙 hand won on one of its tiles
    (the payments on Botzone follow it; never a 错和, as 组合龙 alone is 12 fan).

    >>> from fanshu.api import score
    >>> r = score("258m123369p1447s4s", self_drawn=True)
    >>> r.total, judge_total(r)
    (19, 18)
    """
    hand = result.hand
    fans = {f.fan: f for f in result.fans}
    waits = [fans[w] for w in _WAITS if w in fans]
    if Fan.KNITTED_STRAIGHT not in fans or not waits or hand.winning_tile is None:
        return result.total
    win = hand.winning_tile
    tiles = set(hand.concealed_with_winning)
    # the 组合龙: each suit on one of the rank classes 147, 258, 369 (one way only)
    knits = []
    for order in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)):
        knit = {Tile(suit * 9 + cls + 3 * k) for suit, cls in enumerate(order) for k in range(3)}
        if knit <= tiles:
            knits.append(knit)
    if len(knits) != 1 or win not in knits[0]:
        return result.total
    return result.total - sum(w.value * w.count for w in waits)


def _meld(p: _Pack, seat: int) -> Meld:
    t = TILE_OF_CODE[p.tile]
    if p.kind == "CHI":
        return Meld(MeldKind.CHOW, Tile(t - 1), p.offer)
    source = (seat - p.offer) % 4  # 1 上家, 2 对家, 3 下家
    if p.kind == "PENG":
        return Meld(MeldKind.PUNG, t, source)
    if p.kind == "ADDED":
        return Meld(MeldKind.ADDED_KONG, t, source)
    if source == 0:
        return Meld(MeldKind.CONCEALED_KONG, t)
    return Meld(MeldKind.KONG, t, source)


def _write(seat: int, s: _Seat, tile: str) -> str:
    packs = " ".join(f"[{p.kind} {p.tile} {p.offer}]" for p in s.packs)
    return f"seat {seat}: {' '.join(sorted(s.tiles))} {packs} + {tile}".replace("  ", " ")


# -- the whole match ----------------------------------------------------------------


def rescore(data: object) -> BotzoneGame:
    """Follow a decoded Botzone match log and re-score it with fanshu (see the module
    docstring); raises ``BotzoneLogError`` for anything that is not such a log."""
    log, init = _split(data)
    quan_value = init.get("quan", log[0]["output"].get("display", {}).get("quan", 0))
    quan = _int(quan_value, "quan", 0)
    reader = _Reader(quan)
    ending: Ending | None = None
    for i, item in enumerate(log):
        if i % 2:
            if not isinstance(item, Mapping):
                raise BotzoneLogError(f"log item {i} (the bots' answers) is not an object")
            continue
        turn = i // 2
        output = item.get("output") if isinstance(item, Mapping) else None
        if not isinstance(output, Mapping) or not isinstance(output.get("display"), Mapping):
            raise BotzoneLogError(f"log item {i} is not a judge output with a display")
        display = output["display"]
        if output.get("command") == "finish":
            if i != len(log) - 1 and i != len(log) - 2:
                raise BotzoneLogError(f"turn {turn}: the match finished before its log ended")
            reader.take(turn, display, finish=True)
            ending = _ending(reader, turn, display, output)
            break
        reader.take(turn, display)
    if ending is None:
        raise BotzoneLogError(
            "the log has no finish: the match was cut short (no HU, HUANG or fault)"
        )
    differences: list[str] = []
    explained: list[str] = []
    for c in reader.checks:
        if not c.same:
            text = (
                f"turn {c.turn} seat {c.seat}: Botzone {c.botzone}, fanshu "
                f"{c.refused or ('no win' if c.fanshu is None else c.fanshu)} ({c.hand})"
            )
            (explained if c.explained else differences).append(text)
    reasons = [JUDGE_RULE] if explained else []
    ends = _ending_differences(ending)
    if ends and ending.win is not None and ending.win.explained:
        explained.extend(ends)
        reasons = [JUDGE_RULE]
    elif ends and all(d.startswith("HU fans:") for d in ends):
        explained.extend(ends)  # the same total and payments, other fans named
        reasons.append(JUDGE_TIE)
    else:
        differences.extend(ends)
    return BotzoneGame(
        quan,
        tuple(reader.moves),
        tuple(reader.checks),
        ending,
        tuple(differences),
        tuple(explained),
        tuple(dict.fromkeys(reasons)),
    )


def _scores(display: Mapping[str, Any], output: Mapping[str, Any]) -> tuple[int, ...] | None:
    s = display.get("score")
    if isinstance(s, list) and len(s) == 4 and all(isinstance(v, int) for v in s):
        return tuple(s)
    content = output.get("content")
    if isinstance(content, Mapping) and all(isinstance(content.get(str(i)), int) for i in range(4)):
        return tuple(int(content[str(i)]) for i in range(4))
    return None


def _fans(display: Mapping[str, Any]) -> tuple[tuple[str, int, int], ...]:
    fans = display.get("fan")
    if not isinstance(fans, list):
        return ()
    return tuple(
        (str(f.get("name")), int(f.get("cnt", 1)), int(f.get("value", 0)))
        for f in fans
        if isinstance(f, Mapping)
    )


def _ending(
    reader: _Reader, turn: int, display: Mapping[str, Any], output: Mapping[str, Any]
) -> Ending:
    action = str(display.get("action"))
    botzone_scores = _scores(display, output)
    if action == "HUANG":
        return Ending(action, botzone_scores=botzone_scores or (0,) * 4, fanshu_scores=(0,) * 4)
    seat = _int(display.get("player"), "the player", turn)
    fan = display.get("fanCnt")
    botzone_fan = fan if isinstance(fan, int) else None
    if action not in ("HU", "WH"):  # WA, TLE, RE …: the offender's penalty
        penalty = tuple(PENALTY if i == seat else REWARD for i in range(4))
        return Ending(action, seat, botzone_scores=botzone_scores, fanshu_scores=penalty)
    # the HU answers the previous output: a draw (self-drawn), a discard, an added kong
    last = reader.last
    before = str(last.get("action"))
    player = _int(last.get("player"), "the player", turn)
    if before not in ("DRAW", "PLAY", "PENG", "CHI", "BUGANG"):
        raise BotzoneLogError(f"turn {turn}: HU after {before}, where no tile can win")
    win, result = reader.scored_check(
        turn, seat, before, player, botzone_fan if botzone_fan is not None else -3
    )
    discarder = None if before == "DRAW" else player
    fans: tuple[tuple[str, int, int], ...] = ()
    scores: tuple[int, ...]
    if result is not None and result.is_win:
        fans = tuple((f.name_zh, f.count, f.value) for f in result.fans)
    flowers = win.flowers
    if win.fanshu is not None and win.fanshu - flowers >= 8:
        scores = _settle(seat, discarder, win.fanshu)
    else:  # fanshu too says 错和: Botzone's penalty
        scores = tuple(PENALTY if i == seat else REWARD for i in range(4))
    return Ending(
        action,
        seat,
        discarder,
        before == "BUGANG",
        botzone_fan,
        win.fanshu,
        _fans(display),
        fans,
        botzone_scores,
        scores,
        win,
    )


def _settle(winner: int, discarder: int | None, fan: int) -> tuple[int, ...]:
    """MCR's payments (fanshu.rules.mcr.settlement): each pays 8 + fan on a self-drawn
    win; on a discard (or a robbed kong) the discarder pays 8 + fan, the others 8."""
    pay = [0] * 4
    for p in range(4):
        if p != winner:
            owed = BASE_POINTS + fan if discarder is None or p == discarder else BASE_POINTS
            pay[p] -= owed
            pay[winner] += owed
    return tuple(pay)


def _ending_differences(e: Ending) -> list[str]:
    out = []
    if e.botzone_scores is not None and e.fanshu_scores != e.botzone_scores:
        out.append(
            f"{e.action}: Botzone scores {list(e.botzone_scores)}, fanshu "
            f"{None if e.fanshu_scores is None else list(e.fanshu_scores)}"
        )
    if e.action in ("HU", "WH") and e.botzone_fan is not None:
        if e.action == "HU" and e.fanshu_fan != e.botzone_fan:
            out.append(f"HU: Botzone {e.botzone_fan} fan, fanshu {e.fanshu_fan}")
        if e.action == "HU" and sorted(e.botzone_fans) != sorted(e.fanshu_fans):
            out.append(f"HU fans: Botzone {list(e.botzone_fans)}, fanshu {list(e.fanshu_fans)}")
    return out
