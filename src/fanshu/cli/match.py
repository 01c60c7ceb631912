"""``fanshu match …`` and ``fanshu tournament …``: score sheets kept in the database.

The database is ``--db`` (a path, a ``sqlite:///`` URL or a ``postgresql://`` URL), else
``$FANSHU_DB``, else ``fanshu.db`` in the user's data directory.  Errors print
``error: <message>`` on stderr and exit with status 2; nothing is written then.
"""

from __future__ import annotations

import functools
import inspect
import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from fanshu.cli.errors import fail
from fanshu.cli.score import option_assignments_or_exit
from fanshu.cli.tables import listing_table
from fanshu.errors import FanshuError
from fanshu.match.results import HandResult, parse_kong, parse_win
from fanshu.match.rule_sheet import SHEET_RULES
from fanshu.match.sheet import SCALE_48, SCALE_STANDARD, HandRecord, Match
from fanshu.protocol.wildcard import wildcards_of
from fanshu.rules.mcr.settlement import false_win_name
from fanshu.store import Store, guess_format, open_store
from fanshu.store.access import cli_actor

T = TypeVar("T")

match_app = typer.Typer(
    name="match",
    help="Keep the score sheet of a match (局, 16 hands) in the database: MCR, or another "
    "rule set (--rules).",
    no_args_is_help=True,
    add_completion=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)
tournament_app = typer.Typer(
    name="tournament",
    help="Run an MCR tournament: players, seatings per session, table results, standings.",
    no_args_is_help=True,
    add_completion=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)

DbOption = Annotated[
    str | None,
    typer.Option(
        "--db",
        envvar="FANSHU_DB",
        metavar="PATH|URL",
        help="The database: a file path, a sqlite:///path URL or a "
        "postgresql://user@host/dbname URL (default: fanshu.db in the user's data directory).",
        show_default=False,
    ),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")]
IdArgument = Annotated[str, typer.Argument(metavar="ID", show_default=False)]
Scale48Option = Annotated[
    bool, typer.Option("--scale-48", help="Table points 48/24/12/0 instead of 4/2/1/0.")
]
SessionOption = Annotated[int, typer.Option("--session", help="Session number.")]
TableOption = Annotated[int, typer.Option("--table", help="Table number.")]


class Format(StrEnum):
    json = "json"
    csv = "csv"


class FalseWinKind(StrEnum):
    under_minimum = "under-minimum"
    not_complete = "not-complete"


@contextmanager
def _store(db: str | None) -> Iterator[Store]:
    """Open the database, its changes made as ``cli:<os user>`` (the audit trail: the
    command line on a local file is its owner); any fanshu error inside becomes
    ``error: …`` and status 2."""
    try:
        with open_store(db) as store, store.acting_as(cli_actor()):
            yield store
    except FanshuError as exc:
        raise fail(exc.message) from None


#: The store of every command that works on the database (``fanshu accounts``, ``share``).
store_as_cli = _store


def _run(db: str | None, action: Callable[[Store], T]) -> T:
    with _store(db) as store:
        return action(store)


def _console() -> Console:
    return Console(highlight=False)


def _signed(n: int) -> str:
    return f"{n:+d}" if n else "0"


# -- describing rows --------------------------------------------------------------------


def _won_how(self_drawn: bool, fourth_tile: bool, kong: bool, wall_last: bool) -> list[str]:
    """The names of a win's context (how a win given by its hand was won)."""
    names = []
    if kong:
        names.append("杠上开花" if self_drawn else "抢杠和")
    if wall_last:
        names.append("妙手回春" if self_drawn else "海底捞月")
    if fourth_tile:
        names.append("和绝张")
    return names


def _how(r: HandRecord, *, short: bool = False) -> str:
    if r.kind == "win":
        context = _won_how(r.self_drawn, r.fourth_tile, r.kong, r.wall_last)
        if r.discarder is None:
            return " ".join(["自摸" if short else "self-drawn", *context])
        return " ".join([f"from {r.discarder}", *context])
    if r.kind == "draw":
        return "draw" if short else "drawn hand"
    if r.kind == "false_win":
        assert r.false_win is not None
        name = false_win_name(r.false_win)
        return name if short else f"{name} false win ({r.false_win.replace('_', ' ')})"
    pen = r.penalties[0]
    return f"penalty{': ' + pen.reason if pen.reason else ''}"


def _fan(r: HandRecord) -> str:
    if r.fan is None:
        return ""
    return f"{r.fan} ({r.flowers}花)" if r.flowers else str(r.fan)


_CARRIED = {
    "huang_fan": "黄番",
    "lao_tou_huang": "老头黄",
    "bao_zi": "包子",
    "lian_zhuang": "百搭连庄",
}


def _carry_text(item: dict[str, Any]) -> str:
    """Jiaxing's carried 番 of a hand: what was used, what goes on to the next."""
    used = "、".join(_CARRIED.get(k, k) for k in item.get("used") or ()) or "none"
    out = item.get("carry_out") or {}
    left = ", ".join(f"{_CARRIED[k]} {n}" for k, n in out.items() if k in _CARRIED and n)
    return f"carried 番 used: {used}; carried on: {left or 'none'}"


def _item_text(item: dict[str, Any]) -> str:
    """One part of a hand under another rule set: a win, a kong, 查大叫, 跟庄, 烧庄,
    Jiaxing's carried 番."""
    kind = item["kind"]
    if kind == "win":
        self_drawn = item["discarder"] is None
        how = "self-drawn" if self_drawn else f"from {item['discarder']}"
        flags = (bool(item.get(k)) for k in ("fourth_tile", "kong", "wall_last"))
        how = " ".join([how, *_won_how(self_drawn, *flags)])
        text = f"{item['winner']} wins {item['fan']} fan, {how}"
        shown = wildcards_of(item)
        if shown is not None:
            text += f" ({shown.text_en()})"
        return text
    if kind == "carry":
        return _carry_text(item)
    if kind == "kong":
        feeder = f" from {item['feeder']}" if item.get("feeder") else ""
        return f"{item['player']} kong ({item['kong']}){feeder}"
    if kind == "drawn":
        return "drawn end: 查花猪, 查大叫"
    if kind == "follow_dealer":
        return f"跟庄: {item['dealer']} pays each other player"
    if kind == "burn":
        return f"烧庄 ×{item['rounds']}"
    return str(kind)  # a part a newer sheet adds: named, not lost


def _describe(match: Match, r: HandRecord) -> str:
    deltas = ", ".join(f"{p} {_signed(d)}" for p, d in r.deltas.items())
    totals = ", ".join(f"{p} {t}" for p, t in match.totals().items())
    if r.items is not None:
        parts = "; ".join(_item_text(i) for i in r.items) or "nobody pays"
        what = f"hand {r.number}: {'drawn, ' if r.kind == 'draw' else ''}{parts}"
    elif r.kind == "win":
        what = f"hand {r.number}: {r.winner} wins {_fan(r)} fan, {_how(r)}"
    elif r.kind == "draw":
        what = f"hand {r.number}: drawn"
    else:
        what = f"during hand {r.number}: {r.offender}, {_how(r)}"
    return f"{what}\n  {deltas}\n  totals: {totals}"


def _rules_label(match: Match) -> str:
    """`` · sichuan`` for a sheet of another rule set; nothing for MCR (as before)."""
    return "" if match.rules == "mcr" else f" · {match.rules}"


_CAPTION = "Each cell: points of the row, (running total).  自摸 self-drawn."
# 错和 and 诈和 are MCR's false wins; the other rule sets' sheets have no such rows
_CAPTION_MCR = (
    "Each cell: points of the row, (running total).  自摸 self-drawn, "
    "错和 false win under 8 fan, 诈和 false win on an incomplete hand."
)


def sheet_table(match: Match, scale: tuple[int, ...]) -> Table:
    """The score sheet as on paper: hands as rows (number, prevalent wind, dealer, winner,
    how, fan), players as columns (seat wind in the first round), each cell the row's
    points over the running total; then the totals and the table points.

    It fits an 80-column terminal: short labels (自摸, 错和, 诈和, explained in the caption),
    two spaces between columns, and text that wraps (or, for a word wider than its
    column, folds) instead of being cut off with an ellipsis."""
    table = listing_table(
        f"match {match.id}{_rules_label(match)} · table points {'/'.join(map(str, scale))}",
        title_justify="left",
        show_edge=False,
        padding=(0, 1, 0, 0),
        caption=_CAPTION_MCR if match.rules == "mcr" else _CAPTION,
        caption_justify="left",
    )
    table.add_column("#", justify="right", no_wrap=True)
    table.add_column("Wind", justify="center", no_wrap=True)
    for name in ("Dealer", "Winner", "How"):
        table.add_column(name, overflow="fold")
    table.add_column("Fan", justify="right", overflow="fold")
    winds1 = match.seat_winds(1)
    for p in match.players:
        table.add_column(f"{p}\n{winds1[p].code}", justify="right", overflow="fold")
    running = match.running_totals()
    for r, run in zip(match.records, running, strict=True):
        deltas = r.deltas
        cells = [
            Text.assemble(_signed(deltas[p]), "\n", (f"({run[p]})", "dim")) for p in match.players
        ]
        hand_row = r.is_hand
        table.add_row(
            str(r.number) if hand_row else "",
            match.prevalent_wind(r.number).code if hand_row else "",
            match.dealer(r.number) if hand_row else "",
            r.winner or r.offender or "",
            _how(r, short=True),
            _fan(r),
            *cells,
            style=None if hand_row else "italic",
        )
    totals = match.totals()
    points = match.table_points(scale)
    table.add_section()
    # the summary rows: label and hand count under Winner and How, a value per player
    played = f"{match.hands_played}/16"
    bold_totals = (Text(str(totals[p]), style="bold") for p in match.players)
    table.add_row("", "", "", "Total", played, "", *bold_totals)
    table_points = ("—" if points is None else str(points[p]) for p in match.players)
    table.add_row("", "", "", "Table pts", "", "", *table_points)
    return table


# -- match commands ---------------------------------------------------------------------


@match_app.command("new")
def match_new(
    players: Annotated[
        tuple[str, str, str, str] | None,
        typer.Option(
            "--players",
            metavar="E S W N",
            help="The four players in the seats drawn for the first round (East, South, "
            "West, North).",
            show_default=False,
        ),
    ] = None,
    player: Annotated[
        list[str] | None,
        typer.Option(
            "--player",
            metavar="NAME",
            help="A player, in seat order with the first dealer first (repeat; the "
            "two-player game has two).",
            show_default=False,
        ),
    ] = None,
    rules: Annotated[
        str,
        typer.Option(
            "--rules",
            metavar="NAME",
            help=f"The rule set whose settlement the sheet follows: {', '.join(SHEET_RULES)}.",
        ),
    ] = "mcr",
    option: Annotated[
        list[str] | None,
        typer.Option(
            "--option",
            "-o",
            metavar="NAME=VALUE",
            help="An option of the rule set (repeatable; 'fanshu rules NAME' lists them).",
            show_default=False,
        ),
    ] = None,
    scale48: Scale48Option = False,
    db: DbOption = None,
) -> None:
    """Start a match; prints its id."""
    if (players is None) == (not player):
        raise fail("give the players: --players E S W N, or --player NAME for each")
    names = list(players) if players is not None else list(player or [])
    if rules not in SHEET_RULES:
        raise fail(f"unknown rule set {rules!r} for a score sheet: one of {', '.join(SHEET_RULES)}")
    options = option_assignments_or_exit(option, rules, as_json=False)
    scale = SCALE_48 if scale48 else SCALE_STANDARD

    def act(s: Store) -> str:
        return s.create_match(names, scale=scale, rule_set=rules, rule_options=options or None)

    typer.echo(_run(db, act))


# The options that say how a hand ended, shared by ``record`` and ``correct``.
WinnerOption = Annotated[
    str | None, typer.Option("--winner", "-w", help="Who won.", show_default=False)
]
SelfDrawnOption = Annotated[bool, typer.Option("--self-drawn", "-s", help="Won by self-draw.")]
DiscarderOption = Annotated[
    str | None,
    typer.Option("--discarder", "-d", help="Who discarded the winning tile.", show_default=False),
]
FanOption = Annotated[
    int | None,
    typer.Option("--fan", "-f", help="The fan total, flowers included.", show_default=False),
]
HandOption = Annotated[
    str | None,
    typer.Option(
        "--hand",
        metavar="HAND",
        help="The winning hand (e.g. '[EEEE]123m456p789s11s'): fanshu scores it with the "
        "hand's winds and keeps the fan breakdown.",
        show_default=False,
    ),
]
FlowersOption = Annotated[int, typer.Option("--flowers", help="Flowers (1 fan each).")]
DrawOption = Annotated[bool, typer.Option("--draw", help="A drawn hand (荒庄).")]
# How a win given by --hand was won (the names of fanshu.hand.WinContext; --on-kong because
# --kong is already the repeatable kong payment of Sichuan and Beijing).
FourthTileOption = Annotated[
    bool,
    typer.Option("--fourth-tile", help="With --hand: the winning tile is the last copy (和绝张)."),
]
OnKongOption = Annotated[
    bool,
    typer.Option(
        "--on-kong",
        help="With --hand: won on a kong, the replacement tile if self-drawn (杠上开花), else "
        "robbing a kong (抢杠和); fanshu score's --kong.",
    ),
]
WallLastOption = Annotated[
    bool,
    typer.Option(
        "--wall-last",
        help="With --hand: won on the last tile of the wall (妙手回春 self-drawn, 海底捞月 "
        "on a discard).",
    ),
]


def _repeated(flag: str, metavar: str, help: str) -> Any:
    """A repeatable option in one of the text forms of :mod:`fanshu.match.results`."""
    return typer.Option(flag, metavar=metavar, help=help, show_default=False)


AlsoWinOption = Annotated[
    list[str] | None,
    _repeated(
        "--also-win",
        "NAME:FAN|HAND[:DISCARDER]",
        "Sichuan (血战到底): a further win of the hand, in order (repeat).",
    ),
]
KongOption = Annotated[
    list[str] | None,
    _repeated(
        "--kong",
        "NAME:KIND[:FEEDER][@WINS]",
        "A kong: Sichuan's 刮风下雨 (direct, added, concealed; @WINS: after that many wins) "
        "or the Beijing winner's (melded with its feeder, concealed); repeat.",
    ),
]
ReadyOption = Annotated[
    list[str] | None,
    _repeated(
        "--ready",
        "NAME=HAND",
        "Sichuan drawn end: the 13-tile hand of a player still in, for 查花猪/查大叫 (repeat "
        "for each).",
    ),
]
FollowDealerOption = Annotated[
    bool, typer.Option("--follow-dealer", help="Beijing: 跟庄, the dealer pays each other.")
]
BurnOption = Annotated[
    int, typer.Option("--burn", metavar="ROUNDS", help="Beijing: 烧庄, rounds in a row.")
]
MatchWildcardOption = Annotated[
    str | None,
    typer.Option(
        "--wildcard",
        metavar="TILE",
        help="With --hand: the tile kind wild in the hand (百搭 / 赖子), e.g. C.",
        show_default=False,
    ),
]
DiceOption = Annotated[
    str | None,
    typer.Option(
        "--dice",
        metavar="A,B",
        help="Jiaxing: the two dice thrown when the 百搭 was turned up, e.g. 3,3 (包子).",
        show_default=False,
    ),
]
FactsOption = Annotated[
    list[str] | None,
    _repeated(
        "--facts",
        "NAME=KEY:N,...",
        "Wuhan: a player's facts of the hand, e.g. B=openings:2,ready (keys: openings, "
        "melded_kongs, concealed_kongs, dragon_kongs, wild_kongs, ready; repeat per player).",
    ),
]


def parse_dice(text: str | None) -> tuple[int, ...]:
    """``"3,5"`` as dice (each 1 to 6); ``fail`` otherwise.

    >>> parse_dice("3,5"), parse_dice(None)
    ((3, 5), ())
    """
    if text is None:
        return ()
    try:
        dice = tuple(int(d) for d in text.split(","))
    except ValueError:
        raise fail(f"--dice takes two numbers 1-6 such as 3,5, not {text!r}") from None
    if len(dice) > 2 or not all(1 <= d <= 6 for d in dice):
        raise fail(f"--dice takes two numbers 1-6 such as 3,5, not {text!r}")
    return dice


def parse_facts(items: list[str] | None) -> dict[str, dict[str, int | bool]]:
    """``["B=openings:2,ready"]`` as Wuhan's facts by player; ``fail`` otherwise.

    >>> parse_facts(["B=openings:2,ready", "C=concealed_kongs:1"])
    {'B': {'openings': 2, 'ready': True}, 'C': {'concealed_kongs': 1}}
    """
    out: dict[str, dict[str, int | bool]] = {}
    for item in items or ():
        name, eq, text = item.partition("=")
        if not eq or not name.strip():
            raise fail(f"--facts takes NAME=KEY:N,..., not {item!r}")
        facts: dict[str, int | bool] = {}
        for part in filter(None, (p.strip() for p in text.split(","))):
            key, colon, value = part.partition(":")
            if not colon:
                facts[key] = True
                continue
            try:
                facts[key] = int(value)
            except ValueError:
                raise fail(f"--facts: {key} takes a number, not {value!r}") from None
        out[name.strip()] = facts
    return out


def hand_result(
    *,
    winner: str | None,
    self_drawn: bool,
    discarder: str | None,
    fan: int | None,
    hand: str | None,
    flowers: int,
    draw: bool,
    also_win: list[str] | None = None,
    kong: list[str] | None = None,
    ready: list[str] | None = None,
    follow_dealer: bool = False,
    burn: int = 0,
    fourth_tile: bool = False,
    on_kong: bool = False,
    wall_last: bool = False,
    wildcard: str | None = None,
    dice: str | None = None,
    facts: list[str] | None = None,
) -> HandResult:
    """Check that the hand options describe one result, else ``fail``: a win needs
    --winner, one of --self-drawn / --discarder and one of --fan / --hand; --draw takes
    nothing else (but a rule set's kongs, 查大叫 hands, 跟庄 or 烧庄); --fourth-tile,
    --on-kong and --wall-last go with --hand.  The rules (players, 8 fan, what a rule set
    has …) are checked later by the score sheet."""
    try:
        wins = tuple(parse_win(w) for w in also_win or ())
        kongs = tuple(parse_kong(k) for k in kong or ())
    except FanshuError as exc:
        raise fail(exc.message) from None
    hands: dict[str, str] = {}
    for item in ready or ():
        name, eq, text = item.partition("=")
        if not eq or not name.strip() or not text.strip():
            raise fail(f"--ready takes NAME=HAND, not {item!r}")
        hands[name.strip()] = text.strip()
    if draw:
        if winner or self_drawn or discarder or fan is not None or hand or flowers or wins:
            raise fail("a drawn hand (--draw) takes no winner, discarder, fan, hand or flowers")
        if fourth_tile or on_kong or wall_last:
            raise fail("a drawn hand (--draw) has no --fourth-tile, --on-kong or --wall-last")
        # the wild kind and the dice of a drawn hand still count for what carries over
        return HandResult(
            draw=True,
            kongs=kongs,
            ready=hands,
            follow_dealer=follow_dealer,
            burn=burn,
            wildcard=wildcard,
            dice=parse_dice(dice),
        )
    if winner is None:
        raise fail("give --winner NAME, or --draw for a drawn hand")
    if self_drawn == (discarder is not None):
        raise fail("say how the hand was won: --self-drawn or --discarder NAME (one of them)")
    if (fan is None) == (hand is None):
        raise fail("give the fan total (--fan N) or the hand (--hand HAND), one of them")
    context: dict[str, object] = {
        "--fourth-tile": fourth_tile,
        "--on-kong": on_kong,
        "--wall-last": wall_last,
        "--wildcard": wildcard,
    }
    if hand is None and any(context.values()):
        flag = next(f for f, v in context.items() if v)
        raise fail(f"{flag} is scored from the hand: give --hand HAND (a --fan total counts it)")
    return HandResult(
        draw=False,
        winner=winner,
        discarder=discarder,
        fan=fan,
        hand=hand,
        flowers=flowers,
        wins=wins,
        kongs=kongs,
        ready=hands,
        follow_dealer=follow_dealer,
        burn=burn,
        fourth_tile=fourth_tile,
        kong=on_kong,
        wall_last=wall_last,
        wildcard=wildcard,
        dice=parse_dice(dice),
        facts=parse_facts(facts),
    )


#: The options of ``record`` and ``correct`` that say how the hand ended, with their
#: defaults: :func:`_takes_a_hand` adds them to a command and checks them into one
#: :class:`HandResult` (:func:`hand_result`).
_HAND_OPTIONS: tuple[tuple[str, Any, object], ...] = (
    ("winner", WinnerOption, None),
    ("self_drawn", SelfDrawnOption, False),
    ("discarder", DiscarderOption, None),
    ("fan", FanOption, None),
    ("hand", HandOption, None),
    ("flowers", FlowersOption, 0),
    ("draw", DrawOption, False),
    ("also_win", AlsoWinOption, None),
    ("kong", KongOption, None),
    ("ready", ReadyOption, None),
    ("follow_dealer", FollowDealerOption, False),
    ("burn", BurnOption, 0),
    ("fourth_tile", FourthTileOption, False),
    ("on_kong", OnKongOption, False),
    ("wall_last", WallLastOption, False),
    ("wildcard", MatchWildcardOption, None),
    ("dice", DiceOption, None),
    ("facts", FactsOption, None),
)


def _takes_a_hand(command: Callable[..., None]) -> Callable[..., None]:
    """``command`` with the hand options added before its ``--db``; it is called with
    the checked ``result`` instead of them."""
    signature = inspect.signature(command, eval_str=True)
    own = [p for p in signature.parameters.values() if p.name != "result"]
    hand = [
        inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=kind)
        for name, kind, default in _HAND_OPTIONS
    ]
    at_db = next(i for i, p in enumerate(own) if p.name == "db")
    own = [p.replace(kind=inspect.Parameter.KEYWORD_ONLY) for p in own]

    @functools.wraps(command)
    def with_hand(**given: Any) -> None:
        options = {name: given.pop(name) for name, _, _ in _HAND_OPTIONS}
        command(result=hand_result(**options), **given)

    # typer reads the options from the signature (inspect.signature honours this)
    with_hand.__dict__["__signature__"] = inspect.Signature([*own[:at_db], *hand, *own[at_db:]])
    return with_hand


@match_app.command("record")
@_takes_a_hand
def match_record(match_id: IdArgument, result: HandResult, db: DbOption = None) -> None:
    """Record the next hand: a win (--winner, --self-drawn or --discarder, --fan or
    --hand, with --fourth-tile, --on-kong, --wall-last for how a --hand was won) or a
    drawn hand (--draw)."""

    def act(s: Store) -> str:
        rec = s.record_hand(match_id, result)
        return _describe(s.load_match(match_id), rec)

    typer.echo(_run(db, act))


@match_app.command("correct")
@_takes_a_hand
def match_correct(
    match_id: IdArgument,
    hand_no: Annotated[
        int,
        typer.Argument(
            metavar="N", help="The number of the hand to replace (1-16).", show_default=False
        ),
    ],
    result: HandResult,
    db: DbOption = None,
) -> None:
    """Replace recorded hand N (a win or a drawn hand) by a win (--winner, --self-drawn or
    --discarder, --fan or --hand, with --fourth-tile, --on-kong, --wall-last) or a drawn
    hand (--draw); the totals follow.  Penalty and false-win rows are kept."""

    def act(s: Store) -> str:
        rec = s.correct_hand(match_id, hand_no, result)
        return "corrected " + _describe(s.load_match(match_id), rec)

    typer.echo(_run(db, act))


@match_app.command("penalty")
def match_penalty(
    match_id: IdArgument,
    player: Annotated[str, typer.Option("--player", "-p", help="The penalised player.")],
    points: Annotated[int, typer.Option("--points", help="Points deducted (positive).")],
    reason: Annotated[str, typer.Option("--reason", help="Why.")] = "",
    db: DbOption = None,
) -> None:
    """Record a referee's penalty: points deducted from a player, paid to nobody."""

    def act(s: Store) -> str:
        rec = s.add_penalty(match_id, player, points, reason)
        return _describe(s.load_match(match_id), rec)

    typer.echo(_run(db, act))


@match_app.command("false-win")
def match_false_win(
    match_id: IdArgument,
    player: Annotated[str, typer.Option("--player", "-p", help="Who declared the false win.")],
    kind: Annotated[
        FalseWinKind,
        typer.Option(
            "--kind",
            help="under-minimum (错和, under 8 fan: 10 to each other player) or not-complete "
            "(诈和, not a complete hand: 20 to each).",
        ),
    ],
    db: DbOption = None,
) -> None:
    """Record a false win (错和 / 诈和) during the current hand."""

    def act(s: Store) -> str:
        rec = s.record_false_win(match_id, player, kind.value.replace("-", "_"))
        return _describe(s.load_match(match_id), rec)

    typer.echo(_run(db, act))


@match_app.command("undo")
def match_undo(
    match_id: IdArgument,
    db: DbOption = None,
) -> None:
    """Remove the last row of the score sheet (a hand, a false win or a penalty)."""

    def act(s: Store) -> str:
        rec = s.undo(match_id)
        totals = ", ".join(f"{p} {t}" for p, t in s.load_match(match_id).totals().items())
        what = f"hand {rec.number}" if rec.is_hand else f"the {rec.kind.replace('_', ' ')} row"
        return f"removed {what}\n  totals: {totals}"

    typer.echo(_run(db, act))


@match_app.command("show")
def match_show(
    match_id: IdArgument,
    as_json: JsonOption = False,
    db: DbOption = None,
) -> None:
    """Show the score sheet: hands as rows, players as columns, running totals."""
    with _store(db) as s:
        if as_json:
            typer.echo(json.dumps(s.match_dict(match_id), ensure_ascii=False, indent=2))
            return
        table = sheet_table(s.load_match(match_id), s.match_scale(match_id))
    _console().print(table)


@match_app.command("list")
def match_list(as_json: JsonOption = False, db: DbOption = None) -> None:
    """List the matches in the database."""
    with _store(db) as s:
        matches = s.list_matches()
    if as_json:
        typer.echo(json.dumps([m.to_dict() for m in matches], ensure_ascii=False, indent=2))
        return
    table = Table(header_style="bold")
    for col in ("ID", "Created", "Hands", "Players (total)"):
        table.add_column(col)
    for m in matches:
        players = "  ".join(f"{p} {m.totals[p]}" for p in m.players)
        table.add_row(m.id, m.created[:16].replace("T", " "), f"{m.hands_played}/16", players)
    _console().print(table)


def _write_out(text: str, output: Path | None) -> None:
    if output is None:
        typer.echo(text, nl=not text.endswith("\n"))
        return
    try:
        output.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise fail(f"cannot write {output}: {exc.strerror or exc}") from None


def _read_in(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8-sig")
    except OSError as exc:
        raise fail(f"cannot read {path}: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise fail(f"cannot read {path}: not UTF-8 text (byte {exc.start})") from None


FormatOption = Annotated[Format, typer.Option("--format", help="json or csv.")]
FileArgument = Annotated[Path, typer.Argument(metavar="FILE", show_default=False)]
ImportFormatOption = Annotated[
    Format | None,
    typer.Option("--format", help="json or csv (default: from the file).", show_default=False),
]
OutputOption = Annotated[
    Path | None,
    typer.Option(
        "--output", "-o", help="Write to this file instead of stdout.", show_default=False
    ),
]


def _exchange_commands(
    app: typer.Typer,
    noun: str,
    exporter: Callable[[Store, str, str], str],
    importer: Callable[[Store, str, str], str],
    *,
    export_help: str,
    import_help: str,
) -> None:
    """``export`` and ``import`` of ``app``: one flow for matches and tournaments."""

    @app.command("export", help=export_help)
    def export(
        item_id: IdArgument,
        fmt: FormatOption = Format.json,
        output: OutputOption = None,
        db: DbOption = None,
    ) -> None:
        _write_out(_run(db, lambda s: exporter(s, item_id, fmt.value)), output)

    @app.command("import", help=import_help)
    def import_(file: FileArgument, fmt: ImportFormatOption = None, db: DbOption = None) -> None:
        text = _read_in(file)
        kind = fmt.value if fmt else guess_format(file.name, text)
        typer.echo(_run(db, lambda s: importer(s, text, kind)))

    export.__name__ = f"{noun}_export"
    import_.__name__ = f"{noun}_import"


_exchange_commands(
    match_app,
    "match",
    lambda s, match_id, kind: s.export_match(match_id, kind),
    lambda s, text, kind: s.import_match(text, kind),
    export_help="Export a match as JSON or CSV.",
    import_help="Import a match from JSON or CSV (every row re-checked by the rules); "
    "prints its id.",
)


# -- tournament commands ----------------------------------------------------------------


@tournament_app.command("new")
def tournament_new(
    players: Annotated[
        list[str], typer.Argument(metavar="PLAYER...", help="The players (a multiple of 4).")
    ],
    sessions: Annotated[
        int | None, typer.Option("--sessions", help="Number of sessions.", show_default=False)
    ] = None,
    name: Annotated[
        str | None, typer.Option("--name", help="The tournament's name.", show_default=False)
    ] = None,
    scale48: Scale48Option = False,
    db: DbOption = None,
) -> None:
    """Start a tournament; prints its id."""
    scale = SCALE_48 if scale48 else SCALE_STANDARD
    typer.echo(
        _run(db, lambda s: s.create_tournament(players, sessions=sessions, name=name, scale=scale))
    )


def _seating_text(s: Store, tid: str) -> str:
    t = s.load_tournament(tid)
    lines = []
    for n in t.seated_sessions:
        lines.append(f"session {n}")
        for i, table in enumerate(t.seating(n), 1):
            lines.append(f"  table {i}: {' '.join(table)}")
    lines.append(f"repeated pairings: {t.repeats()}")
    return "\n".join(lines)


@tournament_app.command("seat")
def tournament_seat(
    tid: IdArgument,
    session: Annotated[
        int | None,
        typer.Option("--session", help="The session whose --table seating you give."),
    ] = None,
    tables: Annotated[
        list[str] | None,
        typer.Option(
            "--table",
            metavar="E,S,W,N",
            help="One table of the session, players comma-separated (repeat per table). "
            "Without --table, every unseated session is generated with few repeated "
            "opponents.",
            show_default=False,
        ),
    ] = None,
    seed: Annotated[int, typer.Option("--seed", help="Seed for generated seatings.")] = 0,
    db: DbOption = None,
) -> None:
    """Enter a session's seating, or generate the seating of every unseated session."""

    def act(s: Store) -> str:
        if tables:
            if session is None:
                raise fail("--table needs --session N")
            s.seat_session(tid, session, [[p.strip() for p in t.split(",")] for t in tables])
        else:
            if session is not None:
                raise fail("--session needs its --table seating (or leave both out)")
            s.generate_seating(tid, seed=seed)
        return _seating_text(s, tid)

    typer.echo(_run(db, act))


@tournament_app.command("match")
def tournament_match(
    tid: IdArgument,
    session: SessionOption,
    table: TableOption,
    db: DbOption = None,
) -> None:
    """Open the score sheet of a table; prints the match id to record its hands with
    ``fanshu match record``."""
    typer.echo(_run(db, lambda s: s.table_match(tid, session, table)))


@tournament_app.command("record")
def tournament_record(
    tid: IdArgument,
    session: SessionOption,
    table: TableOption,
    scores: Annotated[
        list[str],
        typer.Option(
            "--score",
            metavar="NAME=POINTS",
            help="A seated player's final match score (four times; the four sum to 0).",
        ),
    ],
    correction: Annotated[
        bool,
        typer.Option(
            "--correction",
            help="Replace the table's typed result (kept in the audit trail with the scores "
            "before and after); without it a second result is refused.",
        ),
    ] = False,
    penalties: Annotated[
        list[str] | None,
        typer.Option(
            "--penalty",
            metavar="NAME=POINTS",
            help="A referee's free penalty deducted in NAME's score (paid to nobody); the "
            "scores then sum to minus the penalties.",
            show_default=False,
        ),
    ] = None,
    db: DbOption = None,
) -> None:
    """Type a table's final match scores (比赛分) without its hands: for a table without
    a score sheet (a table with one takes its result from the sheet)."""
    totals = _named_points(scores, "--score")
    fined = _named_points(penalties or [], "--penalty")
    before = _run(
        db,
        lambda s: s.set_result(tid, session, table, totals, correction=correction, penalties=fined),
    )

    def shown(x: dict[str, int]) -> str:
        return ", ".join(f"{p} {v}" for p, v in x.items())

    penalty = f" (penalties: {shown(fined)})" if fined else ""
    was = "" if before is None else f" (corrected; was {shown(before)})"
    typer.echo(f"session {session} table {table}: {shown(totals)}{penalty}{was}")


def _named_points(items: list[str], option: str) -> dict[str, int]:
    """``NAME=POINTS`` items as a dict; a malformed item or a name given twice fails."""
    out: dict[str, int] = {}
    for item in items:
        name, eq, value = item.rpartition("=")
        try:
            points = int(value)
        except ValueError:
            raise fail(f"{option} takes NAME=POINTS, not {item!r}") from None
        name = name.strip()
        if not eq or not name:
            raise fail(f"{option} takes NAME=POINTS, not {item!r}")
        if name in out:
            raise fail(f"{option} gives {name} twice ({out[name]} and {points})")
        out[name] = points
    return out


@tournament_app.command("standings")
def tournament_standings(
    tid: IdArgument,
    as_json: JsonOption = False,
    db: DbOption = None,
) -> None:
    """The standings: table points, then match score, first places, head-to-head."""
    with _store(db) as s:
        standings = [x.to_dict() for x in s.standings(tid)]
    if as_json:
        typer.echo(json.dumps(standings, ensure_ascii=False, indent=2))
        return
    table = Table(title=f"tournament {tid}", title_justify="left", header_style="bold")
    cols = ("Rank", "Player", "Table points", "Score", "Matches", "Firsts", "Head-to-head")
    for col in cols:
        table.add_column(col, justify="left" if col == "Player" else "right")
    keys = ("rank", "player", "table_points", "score", "matches", "firsts", "head_to_head")
    for x in standings:
        table.add_row(*("-" if x[k] is None else str(x[k]) for k in keys))  # "-": no tie
    _console().print(table)
    for line in _table_sources(standings):
        typer.echo(line)


def _table_sources(standings: list[dict[str, Any]]) -> list[str]:
    """Where each table's numbers come from, one line a table: ``session 1 table 2:
    sheet t1-s1t2`` (complete), ``… sheet t1-s1t2, in progress (7/16 hands), not
    counted yet``, ``… typed`` or ``… corrected``."""
    seen: dict[tuple[int, int], dict[str, Any]] = {}
    for x in standings:
        for line in x["tables"]:
            seen.setdefault((line["session"], line["table"]), line)
    out = []
    for (session, table), line in sorted(seen.items()):
        source = str(line["source"]).replace("sheet:", "sheet ", 1)
        if line["state"] != "complete":
            source += f", in progress ({line['hands']}/16 hands), not counted yet"
        out.append(f"session {session} table {table}: {source}")
    return out


@tournament_app.command("events")
def tournament_events(tid: IdArgument, as_json: JsonOption = False, db: DbOption = None) -> None:
    """The tournament's audit trail, oldest first: when, who (``cli:<user>``,
    ``token:<label>``, ``account:<name>``), what (seat, open_table, result,
    correct_result with the scores before and after …)."""
    events: list[dict[str, Any]] = _run(db, lambda s: s.tournament_events(tid))
    if as_json:
        typer.echo(json.dumps(events, ensure_ascii=False, indent=2))
        return
    for e in events:
        detail = json.dumps(e["detail"], ensure_ascii=False, separators=(", ", ": "))
        typer.echo(f"{e['at']}  {e['actor'] or '-'}  {e['action']}  {detail}")


@tournament_app.command("list")
def tournament_list(as_json: JsonOption = False, db: DbOption = None) -> None:
    """List the tournaments in the database."""
    items: list[dict[str, Any]] = _run(db, lambda s: s.list_tournaments())
    if as_json:
        typer.echo(json.dumps(items, ensure_ascii=False, indent=2))
        return
    for t in items:
        sessions = "?" if t["sessions"] is None else t["sessions"]
        typer.echo(
            f"{t['id']}  {t['name'] or '-'}  {len(t['players'])} players  "
            f"{t['seated']}/{sessions} sessions seated"
        )


_exchange_commands(
    tournament_app,
    "tournament",
    lambda s, tid, kind: s.export_tournament(tid, kind),
    lambda s, text, kind: s.import_tournament(text, kind),
    export_help="Export a tournament (seatings, results, standings) as JSON or CSV.",
    import_help="Import a tournament from JSON or CSV; prints its id.",
)
