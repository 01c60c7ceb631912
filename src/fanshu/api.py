"""The obvious calls: ``fanshu.score(hand, ...)`` and ``fanshu.shanten(hand)``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, overload

from fanshu.errors import NotationError, OptionError
from fanshu.hand import Hand, TileLike, WinContext
from fanshu.notation.detect import read_hand
from fanshu.notation.fanshu import parse_plain_hand
from fanshu.rules import DEFAULT_RULES, get_rules
from fanshu.tiles import WindLike, wind_from

if TYPE_CHECKING:
    # For the signatures only: a rule set and its modules are imported when first used
    # (``get_rules``), so that ``import fanshu.api`` (``fanshu.shanten``) needs none.
    from fanshu.rules.base import ScoreResult
    from fanshu.rules.mcr.options import McrOptions
    from fanshu.rules.mcr.result import McrResult


@overload
def score(
    hand: str | Hand,
    *,
    rules: Literal["mcr"] = ...,
    self_drawn: bool = ...,
    fourth_tile: bool = ...,
    kong: bool = ...,
    wall_last: bool = ...,
    seat_wind: WindLike = ...,
    prevalent_wind: WindLike = ...,
    flowers: int = ...,
    dealer: bool = ...,
    first_turn: bool = ...,
    ready_at_start: bool = ...,
    kong_discard: bool = ...,
    options: McrOptions | Mapping[str, Any] | None = ...,
    wildcard: TileLike | None = ...,
    notation: str | None = ...,
) -> McrResult: ...


@overload
def score(
    hand: str | Hand,
    *,
    rules: str,
    self_drawn: bool = ...,
    fourth_tile: bool = ...,
    kong: bool = ...,
    wall_last: bool = ...,
    seat_wind: WindLike = ...,
    prevalent_wind: WindLike = ...,
    flowers: int = ...,
    dealer: bool = ...,
    first_turn: bool = ...,
    ready_at_start: bool = ...,
    kong_discard: bool = ...,
    options: Any = ...,
    wildcard: TileLike | None = ...,
    notation: str | None = ...,
) -> ScoreResult: ...


def score(
    hand: str | Hand,
    *,
    rules: str = DEFAULT_RULES,
    self_drawn: bool = False,
    fourth_tile: bool = False,
    kong: bool = False,
    wall_last: bool = False,
    seat_wind: WindLike = "E",
    prevalent_wind: WindLike = "E",
    flowers: int = 0,
    dealer: bool = False,
    first_turn: bool = False,
    ready_at_start: bool = False,
    kong_discard: bool = False,
    options: Any = None,
    wildcard: TileLike | None = None,
    notation: str | None = None,
) -> ScoreResult:
    """Score a winning hand, under the Chinese Official rules unless ``rules`` names
    another rule set (``fanshu.rules.names()``: ``sichuan``, ``two-player``, ``beijing``).

    ``hand`` is a hand string (the last concealed tile is the winning tile) or a
    ``Hand``; when a ``Hand`` is given its own context is used and the flags are ignored.
    A string may be in any notation of docs/notation.md (fanshu, cmh, mpsz, botzone,
    unicode, chinese), melds included: ``notation`` names it, else it is detected
    (``fanshu.notation.detect``; an ambiguous string is a ``NotationError``).
    ``options`` is the rule set's options object or a mapping of its fields.
    ``wildcard`` names the tile kind that is wild this hand (百搭/赖子: ``"5p"``, ``"C"``
    or 0-33; also for a ``Hand``, whose context it replaces); a rule set played without
    wildcards refuses it with ``OptionError``.  ``docs/wildcards.md`` says what the
    result tells of the wild tiles.  Raises
    ``FanshuError`` (with a specific message) for input that cannot happen at a table;
    a legal hand that is not complete gives a result with ``is_win`` false.

    >>> r = score("[EEEE]123m456p789s11s", self_drawn=True, seat_wind="S")
    >>> r.total, r.meets_minimum
    (17, True)
    >>> score("[GANG F1 0] W1 W2 W3 B4 B5 B6 T7 T8 T9 T1 T1", self_drawn=True, seat_wind="S").total
    17
    """
    flags: _Flags = (
        self_drawn,
        fourth_tile,
        kong,
        wall_last,
        seat_wind,
        prevalent_wind,
        flowers,
        dealer,
        first_turn,
        ready_at_start,
        kong_discard,
    )
    if type(hand) is str and notation is None and wildcard is None:
        # The common call: a plain fanshu string ("[EEEE]123m456p789s11s": no spaces), read
        # directly, as detection would read it, with no wildcard to check against the rule
        # set.  Anything else, or any error, takes the general way below.
        try:
            ctx = _CONTEXTS[flags]
        except (KeyError, TypeError):
            ctx = _context(flags)
        plain = parse_plain_hand(hand, ctx)
        if plain is not None:
            rule_set = get_rules(rules)
            if options is not None and isinstance(options, Mapping):
                options = rule_set.options_from(options)
            return rule_set.score(plain, options)
    if isinstance(hand, str):
        ctx = _context(flags)
        # the reader checks the tiles as it reads them; the rule set checks the rest
        plain = parse_plain_hand(hand, ctx) if notation is None or notation == "fanshu" else None
        hand = read_hand(hand, notation, ctx)[0] if plain is None else plain
    elif not isinstance(hand, Hand):
        raise NotationError(f"a hand is a hand string or a Hand, not {type(hand).__name__}")
    if wildcard is not None:
        hand = hand.with_context(wildcard=wildcard)
    rule_set = get_rules(rules)
    if hand.context.wildcard is not None and rule_set.wildcards is None:
        raise OptionError(
            f"{rule_set.name} is played without wildcards; drop the wildcard "
            f"({hand.context.wildcard.code}) or choose a rule set that has one"
        )
    if options is not None and isinstance(options, Mapping):
        options = rule_set.options_from(options)
    return rule_set.score(hand, options)


# The flags of ``score`` that make its win context: the 11 fields but the wildcard, in order.
_Flags = tuple[bool, bool, bool, bool, WindLike, WindLike, int, bool, bool, bool, bool]

# The win contexts built, by their flags: contexts repeat across calls and are immutable,
# so each is built once and found by one look-up (an ``lru_cache`` call costs more).
# Memory bound: emptied when a new one would make it hold more than 4096 (the bench's
# random hands need 2,304): about 1.3 MiB when full (measured with tracemalloc).
_CONTEXTS: dict[_Flags, WinContext] = {}
_CONTEXTS_MAX = 4096


def _context(flags: _Flags) -> WinContext:
    """The context of ``flags``, built once (``InvalidHandError`` says what is wrong in
    them); flags that cannot be a key (a list given for a flag) are built each time."""
    try:
        return _CONTEXTS[flags]
    except KeyError:
        pass
    except TypeError:  # unhashable: WinContext says what is wrong with it, if anything
        return _build_context(flags)
    ctx = _build_context(flags)
    if len(_CONTEXTS) >= _CONTEXTS_MAX:
        _CONTEXTS.clear()
    _CONTEXTS[flags] = ctx
    return ctx


def _build_context(flags: _Flags) -> WinContext:
    (
        self_drawn,
        fourth_tile,
        kong,
        wall_last,
        seat_wind,
        prevalent_wind,
        flowers,
        dealer,
        first_turn,
        ready_at_start,
        kong_discard,
    ) = flags
    # the winds read here (``InvalidHandError`` for what is none): the compiled
    # ``WinContext`` would answer a value of no ``WindLike`` type with ``TypeError``
    return WinContext(
        self_drawn=self_drawn,
        fourth_tile=fourth_tile,
        kong=kong,
        wall_last=wall_last,
        seat_wind=wind_from(seat_wind),
        prevalent_wind=wind_from(prevalent_wind),
        flowers=flowers,
        dealer=dealer,
        first_turn=first_turn,
        ready_at_start=ready_at_start,
        kong_discard=kong_discard,
    )


def shanten(
    hand: str | Hand, wildcard: TileLike | None = None, *, notation: str | None = None
) -> int:
    """The overall shanten (上听数) of a 13- or 14-tile hand over every MCR shape.

    0 is ready (听牌), -1 a complete 14-tile hand; melds are allowed.  A string may be in
    any notation (``notation`` names it, else it is detected, as for ``score``).

    >>> shanten("1112345678999m"), shanten("19m19s19pESWNCF1s"), shanten("123m456p789sEEE1s1s")
    (0, 0, -1)

    With a ``wildcard`` (the hand's own when it is a ``Hand`` whose context names one)
    the concealed copies of that kind may stand for any kind, and the shanten is over
    the shapes a wild tile may complete (``fanshu.wild.SHAPES``: four sets and a pair,
    七对, 十三幺), the least over every reading of the wild tiles:

    >>> shanten("123m456p789s1s5mCC", wildcard="C"), shanten("123m456p789s1s5mCC")
    (0, 1)
    """
    from fanshu.analysis.shanten import plain_shanten, shanten_of_hand

    if isinstance(hand, str) and wildcard is None and notation in (None, "fanshu"):
        # the common case, concealed tiles alone ("1112345678999m"), read straight into
        # the per-suit tables; anything else, or tiles that are no hand (a fifth copy,
        # 12 tiles), goes through the full reader and validate, which say what is wrong
        got = plain_shanten(hand)
        if got is not None:
            return got
    if not isinstance(hand, (str, Hand)):
        raise NotationError(f"a hand is a hand string or a Hand, not {type(hand).__name__}")
    if isinstance(hand, str):
        hand = read_hand(hand, notation)[0]
    if wildcard is not None:
        hand = hand.with_context(wildcard=wildcard)
    hand.validate(complete=False)
    wild = hand.context.wildcard
    if wild is None:
        return shanten_of_hand(hand)
    from fanshu.analysis.wildcards import shanten as wild_shanten
    from fanshu.wild import SHAPES, counts_of_hand

    return wild_shanten(counts_of_hand(hand), len(hand.melds), int(wild), shapes=SHAPES)
