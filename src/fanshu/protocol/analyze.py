"""The analyze request and result: shanten, useful tiles, waits, and each choice's value.

The request is a JSON object (an input line of ``fanshu analyze --batch``, the body of
``POST /v1/analyze``)::

    {"id": 7, "hand": "3456m345p34568sEE", "visible": "1s1s", "wall": 60}

Keys:

- ``id`` (echoed back, default null); ``hand`` (required: 13 or 14 tiles, a kong
  counting as 3, melds in brackets first; in any notation of docs/notation.md);
  ``notation`` (the notation of ``hand``, as in ``score``: detected when absent; the
  other tile strings are in the fanshu notation); ``visible`` (a tile string: every tile seen
  outside the own hand, discards and other players' melds);
- ``rules`` (a rule set name, default ``"mcr"``) and its ``options`` (an object, as in
  ``score``); ``seat_wind``, ``prevalent_wind`` (``"E"`` … ``"N"``), ``flowers``,
  ``dealer`` (true when I am the dealer), ``wildcard`` (the tile kind wild this hand,
  百搭 / 赖子, such as ``"5p"``: only for a rule set played with one, checked as in
  ``score``; its copies in the hand count as wild in the shanten, useful tiles and waits);
- ``by``: ``"value"`` (the default: each choice's expected points) or ``"efficiency"``
  (shanten and useful tiles only, the ranking of fanshu before value advice), and
  ``look_ahead``: which ties of the efficiency order get its costly second-order count,
  ``"best"`` (the default under efficiency), ``"all"`` or ``"none"`` (the default under
  value) — see ``fanshu.analyze``;
- ``wall`` (tiles left in the wall, 0 to 136; omitted: a documented default),
  ``seats`` (2 or 4; omitted: the rule set's), ``void`` (my own Sichuan 定缺 suit,
  ``"m"``, ``"s"`` or ``"p"``);
- ``offered`` (one tile on offer: a discard I may claim; the hand then has 13 tiles) and
  ``offered_by`` (its discarder, in seats after me: 1 is the next seat, 下家);
- ``opponents``: up to ``seats - 1`` objects, one per other seat, each with ``discards``
  (a tile string, in the order thrown), ``melds`` (a meld string such as
  ``"[123m][EEE]"``), ``concealed_kongs`` (0 to 4), ``declared_ready``, ``won`` (true or
  false), ``void`` (as above, or null) and ``relative`` (its seat after mine, 1 to
  ``seats - 1``; default: its place in the list, the next seat first).  Their discards
  and melds count as seen: ``visible`` holds the other tiles seen (so that each tile is
  written once); the ``offered`` tile is in neither (it goes to its discarder's
  discards, last, as the engine's seats see it);
- ``budget`` (Monte Carlo paths per choice, 1 to 500; omitted: the default of
  ``fanshu.analyze``) and ``seed`` (0 to 2^32 − 1, default 0: the same request always
  gives the same answer).

Any other key is an error; every number has its bound (:mod:`fanshu.protocol.bounds`).

The result (an output line of the batch, the answer over HTTP): ``id``, then
``Analysis.to_dict()`` (``shanten``, ``shanten_by_shape``, ``by``, ``rules``, ``best``;
for 13 tiles ``useful``, ``useful_count``, ``waits`` and ``value``; for 14 tiles
``discards``, each with its value under ``by="value"``; with ``offered`` the
``claims``), ``wildcard`` (the wild kind, only when the request named one), then
``"error": null``; or the error object (:mod:`fanshu.protocol.errors`)
with the codes of the score request (``bad_json``, ``bad_field``, ``out_of_range``,
``bad_notation``, ``invalid_hand``, ``bad_option``, ``internal_error``).

>>> out = analyze_line({"id": 1, "hand": "1112345678999m", "by": "efficiency"})
>>> out["shanten"], out["useful"], len(out["waits"]), out["error"]
(0, '123456789m', 9, None)
>>> analyze_line({"id": 2, "hand": "123m", "visible": 5})["error"]["code"]
'bad_field'
>>> analyze_line({"id": 3, "hand": "1112345678999m", "budget": 0})["error"]["message"]
'budget must be 1 to 500 (Monte Carlo paths per choice), not 0'
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, replace
from typing import Any, Literal

from fanshu.analysis.advice import LOOK_AHEADS, Analysis, LookAhead, analyze
from fanshu.analysis.position import SEATS, Opponent
from fanshu.errors import FanshuError
from fanshu.hand import Meld, WinContext
from fanshu.notation.detect import read_hand
from fanshu.notation.fanshu import parse_hand, parse_tiles
from fanshu.protocol import bounds
from fanshu.protocol.errors import (
    BAD_FIELD,
    BAD_JSON,
    OUT_OF_RANGE,
    LineError,
    error_object,
    internal_error,
    kind_of,
    shown,
)
from fanshu.protocol.lines import run_batch
from fanshu.protocol.score import checked_text, parse_request
from fanshu.tiles import SUIT_LETTERS, Tile

__all__ = [
    "ANALYZE_FIELDS",
    "BY",
    "OPPONENT_FIELDS",
    "AnalyzeRequest",
    "analysis_object",
    "analyze_line",
    "analyze_request",
    "default_seats",
    "parse_analyze_request",
    "parse_opponent",
    "run_analyze_batch",
    "seen_tiles",
    "with_offered",
]

#: Every key an input line may have.
ANALYZE_FIELDS = (
    "id",
    "hand",
    "notation",
    "visible",
    "rules",
    "by",
    "look_ahead",
    "seat_wind",
    "prevalent_wind",
    "flowers",
    "options",
    "dealer",
    "wall",
    "seats",
    "void",
    "offered",
    "offered_by",
    "opponents",
    "budget",
    "seed",
    "wildcard",
)
#: Every key an object of ``opponents`` may have.
OPPONENT_FIELDS = (
    "discards",
    "melds",
    "concealed_kongs",
    "declared_ready",
    "won",
    "void",
    "relative",
)
#: The rankings ``by`` names, the default first.
BY: tuple[Literal["value", "efficiency"], ...] = ("value", "efficiency")
# The keys ``score`` checks for us, exactly as it checks them for a score line.
_SCORED = (
    "hand",
    "notation",
    "rules",
    "seat_wind",
    "prevalent_wind",
    "flowers",
    "options",
    "dealer",
    "wildcard",
)


@dataclass(frozen=True, slots=True)
class AnalyzeRequest:
    """A validated input line: the arguments of ``analyze``."""

    hand: str
    visible: str
    context: WinContext
    #: The rule set's options object (``McrOptions`` for MCR), None for its defaults.
    options: Any
    rules: str = "mcr"
    by: Literal["value", "efficiency"] = "value"
    wall: int | None = None
    seats: int | None = None
    dealer: bool = False
    void: int | None = None
    offered: Tile | None = None
    offered_by: int | None = None
    opponents: tuple[Opponent, ...] = ()
    budget: int | None = None
    seed: int = 0
    look_ahead: LookAhead | None = None
    #: The notation ``hand`` is written in, None to detect it (as for ``score``).
    notation: str | None = None


def default_seats(rules: str) -> int:
    """The seats at a table of ``rules`` when the request does not say
    (``fanshu.analysis.position.SEATS``; four for a rule set it does not list).

    >>> default_seats("two-player"), default_seats("sichuan")
    (2, 4)
    """
    return SEATS.get(rules, 4)


def seen_tiles(visible: str, opponents: Iterable[Opponent]) -> list[Tile]:
    """Every tile seen outside the own hand: those of ``visible`` and the opponents'
    discards and exposed melds (a kong as four), each of them written once in the
    request.  A notation fault of ``visible`` raises ``NotationError`` with its position.

    >>> seen_tiles("9m", [Opponent(discards=(Tile.EAST,))])
    [<Tile.M9: 8>, <Tile.EAST: 27>]
    """
    tiles = parse_tiles(visible)
    for o in opponents:
        tiles.extend(o.discards)
        for meld in o.melds:
            tiles.extend(meld.tiles)
    return tiles


# -- the checks of one value ----------------------------------------------------------


def _integer(obj: Mapping[str, Any], name: str, bound: bounds.Bound, field: str) -> int | None:
    """``obj[name]`` as a whole number within ``bound`` (None when absent or null)."""
    value = obj.get(name)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise LineError(
            BAD_FIELD,
            f"{field} must be a whole number {bound.low} to {bound.high}, not {shown(value)}",
        )
    return bounds.check(bound, value, field)


def _boolean(obj: Mapping[str, Any], name: str, field: str) -> bool:
    value = obj.get(name, False)
    if not isinstance(value, bool):
        raise LineError(BAD_FIELD, f"{field} must be true or false, not {shown(value)}")
    return value


def _text(obj: Mapping[str, Any], name: str, field: str, what: str) -> str:
    value = obj.get(name, "")
    if value is None:
        return ""
    if not isinstance(value, str):
        raise LineError(BAD_FIELD, f"{field} must be {what}, not {shown(value)}")
    return value


def _tiles(text: str, field: str) -> tuple[Tile, ...]:
    """The tiles of a tile string; a notation fault names the field."""
    try:
        return tuple(parse_tiles(text))
    except FanshuError as e:
        raise LineError(e.code, f"{field}: {e.message}") from None


def _suit(obj: Mapping[str, Any], name: str, field: str) -> int | None:
    """A Sichuan void suit: ``"m"`` 万 0, ``"s"`` 条 1, ``"p"`` 饼 2 (None when absent)."""
    value = obj.get(name)
    if value is None:
        return None
    if not isinstance(value, str) or value not in SUIT_LETTERS or len(value) != 1:
        raise LineError(
            BAD_FIELD, f"{field} must be a suit: m (万), s (条) or p (饼), not {shown(value)}"
        )
    return SUIT_LETTERS.index(value)


def _by(obj: Mapping[str, Any]) -> Literal["value", "efficiency"]:
    value = obj.get("by")
    if value is None:
        return BY[0]
    for name in BY:
        if value == name:
            return name
    raise LineError(BAD_FIELD, f'by must be "value" or "efficiency", not {shown(value)}')


def _look_ahead(obj: Mapping[str, Any]) -> LookAhead | None:
    value = obj.get("look_ahead")
    if value is None:
        return None
    for name in LOOK_AHEADS:
        if value == name:
            return name
    raise LineError(BAD_FIELD, f'look_ahead must be "best", "all" or "none", not {shown(value)}')


def _seats(obj: Mapping[str, Any], rules: str) -> tuple[int | None, int]:
    """The seats asked for (None: the rule set's) and the seats in play."""
    value = obj.get("seats")
    if value is None:
        return None, default_seats(rules)
    if isinstance(value, bool) or not isinstance(value, int):
        raise LineError(BAD_FIELD, f"seats must be 2 or 4, not {shown(value)}")
    if value not in (2, 4):
        raise LineError(OUT_OF_RANGE, f"seats must be 2 (two-player) or 4, not {value}")
    return value, value


def _offered(obj: Mapping[str, Any]) -> Tile | None:
    text = _text(obj, "offered", "offered", "one tile, such as 5m")
    if not text:
        return None
    tiles = _tiles(text, "offered")
    if len(tiles) != 1:
        raise LineError(BAD_FIELD, f"offered must be one tile, not {len(tiles)}: {text!r}")
    if tiles[0].is_flower:
        raise LineError(BAD_FIELD, f"offered must be a tile in play, not the flower {text!r}")
    return tiles[0]


def _melds(text: str, field: str) -> tuple[Meld, ...]:
    """The melds of a meld string such as ``"[123m][EEE]"`` (an empty string: none)."""
    if not text.strip():
        return ()
    try:
        held = parse_hand(text)
    except FanshuError as e:
        raise LineError(e.code, f"{field}: {e.message}") from None
    if held.concealed_with_winning:
        raise LineError(
            BAD_FIELD, f"{field} must be melds in brackets only, such as [123m][EEE]: {text!r}"
        )
    return held.melds


def parse_opponent(obj: Any, index: int, seats: int) -> Opponent:
    """The ``index``-th object of ``opponents`` (0-based) checked; its ``relative``
    defaults to ``index + 1`` (the list in turn order, the next seat first)."""
    field = f"opponents[{index}]"
    if not isinstance(obj, dict):
        raise LineError(BAD_FIELD, f"{field} must be an object, not {kind_of(obj)}")
    unknown = [k for k in obj if k not in OPPONENT_FIELDS]
    if unknown:
        raise LineError(
            BAD_FIELD,
            f"{field}: unknown key {unknown[0]!r}; known: {', '.join(OPPONENT_FIELDS)}",
        )
    discards = _tiles(
        _text(obj, "discards", f"{field}.discards", "a tile string"), f"{field}.discards"
    )
    if any(t.is_flower for t in discards):
        raise LineError(BAD_FIELD, f"{field}.discards: a flower is never discarded")
    melds = _melds(_text(obj, "melds", f"{field}.melds", "a meld string"), f"{field}.melds")
    kongs = _integer(obj, "concealed_kongs", bounds.CONCEALED_KONGS, f"{field}.concealed_kongs")
    if len(melds) + (kongs or 0) > 4:
        raise LineError(
            BAD_FIELD,
            f"{field} has {len(melds)} melds and {kongs} concealed kongs: at most 4 in all",
        )
    relative = _integer(obj, "relative", bounds.RELATIVE, f"{field}.relative")
    if relative is None:
        relative = index + 1
    if relative > seats - 1:
        raise LineError(
            OUT_OF_RANGE,
            f"{field}.relative must be 1 to {seats - 1} (the other seats at {seats}), "
            f"not {relative}",
        )
    return Opponent(
        discards=discards,
        melds=melds,
        concealed_kongs=kongs or 0,
        declared_ready=_boolean(obj, "declared_ready", f"{field}.declared_ready"),
        void=_suit(obj, "void", f"{field}.void"),
        won=_boolean(obj, "won", f"{field}.won"),
        relative=relative,
    )


def _opponents(obj: Mapping[str, Any], seats: int) -> tuple[Opponent, ...]:
    value = obj.get("opponents")
    if value is None:
        return ()
    if not isinstance(value, list):
        raise LineError(BAD_FIELD, f"opponents must be an array of objects, not {kind_of(value)}")
    if len(value) > seats - 1:
        raise LineError(
            OUT_OF_RANGE,
            f"opponents has {len(value)} entries: at most {seats - 1}, one per other seat "
            f"at {seats}",
        )
    out = tuple(parse_opponent(o, i, seats) for i, o in enumerate(value))
    seen: dict[int, int] = {}
    for i, o in enumerate(out):
        if o.relative in seen:
            raise LineError(
                BAD_FIELD,
                f"opponents[{i}] and opponents[{seen[o.relative]}] are both at relative "
                f"{o.relative}: one entry per seat",
            )
        seen[o.relative] = i
    return out


def with_offered(
    opponents: tuple[Opponent, ...], offered: Tile | None, offered_by: int | None
) -> tuple[Opponent, ...]:
    """The opponents with the tile on offer as the last discard of its discarder (when
    described), as the engine's seats see it: it was thrown, and it is not seen among
    the other tiles (the analysis counts it as the player's, to claim).

    >>> with_offered((Opponent(relative=3),), Tile.M5, 3)[0].discards
    (<Tile.M5: 4>,)
    """
    if offered is None or offered_by is None:
        return opponents
    return tuple(
        replace(o, discards=(*o.discards, offered)) if o.relative == offered_by else o
        for o in opponents
    )


# -- the request ------------------------------------------------------------------------


def parse_analyze_request(obj: dict[str, Any]) -> AnalyzeRequest:
    """Check an input object's keys and types; raise ``LineError`` for anything wrong."""
    checked_text(obj)
    unknown = [k for k in obj if k not in ANALYZE_FIELDS]
    if unknown:
        raise LineError(
            BAD_FIELD, f"unknown key {unknown[0]!r}; known: {', '.join(ANALYZE_FIELDS)}"
        )
    visible = _text(obj, "visible", "visible", "a tile string")
    # hand, rules, winds, flowers, options, dealer and wildcard are checked exactly as
    # ``score`` checks them
    req = parse_request({k: v for k, v in obj.items() if k in _SCORED})
    by = _by(obj)
    seats, in_play = _seats(obj, req.rules)
    offered = _offered(obj)
    offered_by = _integer(obj, "offered_by", bounds.OFFERED_BY, "offered_by")
    if offered_by is not None and offered_by > in_play - 1:
        raise LineError(
            OUT_OF_RANGE,
            f"offered_by must be 1 to {in_play - 1} (the other seats at {in_play}), "
            f"not {offered_by}",
        )
    if offered_by is not None and offered is None:
        raise LineError(BAD_FIELD, "offered_by names who threw the offered tile: give offered")
    ctx = WinContext(
        seat_wind=req.seat_wind,
        prevalent_wind=req.prevalent_wind,
        flowers=req.flowers,
        dealer=req.dealer,
        wildcard=req.wildcard,
    )
    return AnalyzeRequest(
        hand=req.hand,
        notation=req.notation,
        visible=visible,
        context=ctx,
        options=req.options,
        rules=req.rules,
        by=by,
        look_ahead=_look_ahead(obj),
        wall=_integer(obj, "wall", bounds.WALL, "wall"),
        seats=seats,
        dealer=req.dealer,
        void=_suit(obj, "void", "void"),
        offered=offered,
        offered_by=offered_by,
        opponents=_opponents(obj, in_play),
        budget=_integer(obj, "budget", bounds.BUDGET, "budget"),
        seed=_integer(obj, "seed", bounds.ANALYSIS_SEED, "seed") or 0,
    )


def analyze_request(req: AnalyzeRequest) -> Analysis:
    """Analyse a validated request; raises ``FanshuError`` for a hand that cannot be."""
    hand = read_hand(req.hand, req.notation, req.context)[0]
    return analyze(
        hand,
        seen_tiles(req.visible, req.opponents),
        context=req.context,
        options=req.options,
        rules=req.rules,
        by=req.by,
        wall=req.wall,
        seats=req.seats,
        dealer=req.dealer,
        opponents=with_offered(req.opponents, req.offered, req.offered_by),
        offered=req.offered,
        offered_by=req.offered_by,
        void=req.void,
        budget=req.budget,
        seed=req.seed,
        look_ahead=req.look_ahead,
        wildcard=req.context.wildcard,
    )


def analysis_object(id_: Any, analysis: Analysis) -> dict[str, Any]:
    """The output object of an analysed line (``wildcard`` when the hand had one)."""
    out: dict[str, Any] = {"id": id_, **analysis.to_dict()}
    wildcard = analysis.hand.context.wildcard
    if wildcard is not None:
        out["wildcard"] = wildcard.code
    out["error"] = None
    return out


def analyze_line(obj: Any) -> dict[str, Any]:
    """Analyse one decoded input object and return its output object.  Never raises."""
    if not isinstance(obj, dict):
        return error_object(None, BAD_JSON, f"a line must be a JSON object, not {kind_of(obj)}")
    id_ = obj.get("id")
    try:
        result = analyze_request(parse_analyze_request(obj))
    except (LineError, FanshuError) as e:
        return error_object(id_, e.code, e.message)
    except Exception as e:  # a bug: report it on this line and go on with the others
        return internal_error(id_, e)
    return analysis_object(id_, result)


def run_analyze_batch(lines: Iterable[str]) -> Iterator[str]:
    """Analyse JSON Lines: one output line per non-empty input line, in order."""
    return run_batch(lines, analyze_line)
