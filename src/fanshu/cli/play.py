"""``fanshu play``: one hand at the terminal against bots.

The table and your hand are drawn with Unicode tiles (``--plain``: tile codes); at each
decision the legal actions are listed with numbers, and you answer with a number or the
action's text (``discard 5m``, ``5m``, ``pung``, ``chow 3m``, ``win``, ``pass``, or
碰/吃/杠/和/过).  Bad input is explained and the list shown again.  Input may come from
a pipe (one answer per line); at the end of the input the command stops cleanly, as it
does on ``q``.  The hand is game 0 of ``fanshu simulate`` with the same seed, rules and
bots, so a hand can be replayed or compared with the bots' own play.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Mapping, Sequence
from typing import Annotated, Any

import typer
from rich.cells import cell_len

from fanshu.cli.errors import fail
from fanshu.cli.options import GameRulesOption, PlayConfigOption, PlayOptionOption
from fanshu.cli.simulate import parse_config, parse_options, whole_number
from fanshu.cli.wildcards import stood_for_text
from fanshu.engine.actions import Action, ActionError, ActionKind
from fanshu.engine.events import fans_of
from fanshu.engine.game import Game
from fanshu.engine.observation import Observation, SeatView, event_for_seat
from fanshu.engine.players import PLAYERS, Player, make_player
from fanshu.engine.simulate import check_players, game_seed, player_seed, seats_of
from fanshu.errors import FanshuError, OptionError
from fanshu.hand import Hand, Meld
from fanshu.i18n import msg
from fanshu.notation import parse_hand
from fanshu.protocol.wildcard import wildcards_of
from fanshu.render import BACK, draw_hand, draw_meld, draw_tiles, print_order
from fanshu.rules import get_rules
from fanshu.tiles import TILE_OF_CODE, TILES, Tile

A = ActionKind
WINDS = "ESWN"
SUITS = {0: "万 m", 1: "条 s", 2: "饼 p"}
#: Chinese words accepted for the actions that take no tile.
WORDS = {"碰": "pung", "吃": "chow", "杠": "kong", "和": "win", "胡": "win", "过": "pass"}
QUIT = {"q", "quit", "exit"}
HELP = {"?", "h", "help"}
PER_LINE = 5  # numbered actions per line
#: What is asked, by (rules, phase) or ("", phase).
PHASES = {
    ("sichuan", "exchange"): "换三张: pass three tiles of one suit on, one at a time",
    ("two-player", "exchange"): "开始时换牌: give back a dealt tile for a random one, or pass",
    ("", "void"): "定缺: choose the suit to play without",
    ("", "claim"): "claim the discard?",
    ("", "rob"): "rob the kong (抢杠和)?",
    ("", "pick"): "搓牌: take any unseen tile instead of the one drawn?",
    ("", "swap"): "游戏中换牌: take the triplet, then give back three tiles?",
    ("", "give"): "give back a tile",
    ("", "last"): "海底捞月: win on the fished tile?",
}


class Quit(Exception):
    """The player left (``q`` or the end of the input)."""


# -- tiles and seats as text ----------------------------------------------------------------


class View:
    """How tiles and seats are written for one player."""

    def __init__(
        self,
        game: Game | None,
        me: int,
        bots: Sequence[str],
        plain: bool,
        *,
        table: tuple[str, int, Sequence[str] | None] | None = None,
    ) -> None:
        """``game`` the hand played here; or None and ``table`` (rules, seats, each
        seat's wind or None) for a hand played elsewhere (``fanshu play --table``)."""
        self.me, self.bots, self.plain = me, bots, plain
        if game is not None:
            winds = None
            if game.n == 4:
                winds = [WINDS[game.variant.seat_wind(game, q)] for q in range(game.n)]
            table = (game.rules, game.n, winds)
        assert table is not None
        self.rules, self.n, self.winds = table

    def tiles(self, tiles: Sequence[Tile]) -> str:
        if self.plain:
            return " ".join(t.code for t in tiles) if tiles else "-"
        return draw_tiles(tiles, pad=True).rstrip() if tiles else "-"

    def tile(self, code: str | int) -> str:
        t = TILES[code] if isinstance(code, int) else TILES[TILE_OF_CODE[code]]
        return t.code if self.plain else f"{draw_tiles([t], pad=True)} {t.code}"

    def meld(self, m: Meld | None) -> str:
        if m is None:  # another seat's concealed kong
            return "[????]" if self.plain else "[" + BACK * 4 + "]"
        if self.plain:
            return draw_meld(m, plain=True)
        return "[" + draw_tiles(m.tiles, pad=True).rstrip() + "]"

    def hand(self, hand: Hand) -> str:
        """A won hand: melds, the concealed tiles sorted, then the winning tile."""
        if self.plain:
            return draw_hand(hand, plain=True)
        parts = [self.meld(m) for m in hand.melds]
        if hand.concealed:
            parts.append(self.tiles(sorted(hand.concealed, key=print_order)))
        if hand.winning_tile is not None:
            parts.append("+ " + self.tiles([hand.winning_tile]))
        return "   ".join(parts)

    def wind(self, seat: int) -> str:
        return self.winds[seat] if self.winds else ""

    def who(self, seat: int) -> str:
        return "you" if seat == self.me else f"seat {seat}"

    def whose(self, seat: int) -> str:
        """The possessive of :meth:`who`: ``your`` or ``seat 2's`` (never "you's")."""
        return "your" if seat == self.me else f"seat {seat}'s"

    def name(self, seat: int) -> str:
        """``seat 2 (W, greedy)`` or ``you (seat 0, E)``."""
        wind = self.wind(seat)
        if seat == self.me:
            return f"you (seat {seat}{', ' + wind if wind else ''})"
        return f"seat {seat} ({wind + ', ' if wind else ''}{self.bots[seat]})"


def _pad(text: str, width: int) -> str:
    return text + " " * max(0, width - cell_len(text))


# -- what happened ------------------------------------------------------------------------------


def describe(event: Mapping[str, Any], v: View) -> str | None:
    """One event as a line from ``v.me``'s side, or None for what it may not see or
    need not be told (others' draws, the deal, decisions).  What it may see is
    ``event_for_seat``'s to say: a tile this seat is not shown is not in ``e``."""
    e = event_for_seat(event, v.me, v.n)
    return None if e is None else describe_seen(e, v)


def describe_seen(e: Mapping[str, Any], v: View) -> str | None:
    """An event as ``v.me`` was shown it (its own log, as a live table sends it)."""
    kind, s = e["type"], e.get("seat")
    who = v.who(s) if isinstance(s, int) else ""
    mine = s == v.me
    if kind == "draw":
        return f"you draw {v.tile(e['tile'])}" if "tile" in e else None
    if kind == "flower":  # the event names the replacement tile drawn from the back
        if "tile" in e:
            return f"you show a flower and draw {v.tile(e['tile'])} in its place"
        return f"{who} shows a flower and draws a replacement"
    if kind == "discard":
        auto = " (ready: played for you)" if e.get("auto") and mine else ""
        return f"{who} discard{'' if mine else 's'} {v.tile(e['tile'])}{auto}"
    if kind == "claim":
        meld = v.meld(parse_hand(e["meld"]).melds[0])
        verb = e["kind"] if mine else e["kind"] + "s"
        return f"{who} {verb} {meld} on {v.whose(e['source'])} discard"
    if kind == "kong":
        if e["kind"] == "concealed":
            tile = v.tile(e["tile"]) if "tile" in e else "four hidden tiles"
            return f"{who} declare{'' if mine else 's'} a concealed kong: {tile}"
        return f"{who} add{'' if mine else 's'} {v.tile(e['tile'])} to a pung (kong)"
    if kind == "robbed":
        whose = v.whose(s) if isinstance(s, int) else "a"
        return f"{whose} kong on {v.tile(e['tile'])} is robbed (抢杠)"
    if kind == "ready":
        return f"{who} declare{'' if mine else 's'} ready (报听)"
    if kind == "win":
        how = "self-drawn" if e.get("source") is None else f"on {v.whose(e['source'])} tile"
        return f"{who} win{'' if mine else 's'} {how}: {e['total']} fan"
    if kind == "false_win":
        return (
            f"{who} declare{'' if mine else 's'} a win worth {e['total']} fan: not enough, "
            "a false win (错和), and play on without the right to win or claim"
        )
    if kind == "settle":
        paid = ", ".join(f"{v.who(q)} {p:+d}" for q, p in enumerate(e["payments"]) if p)
        return f"payments ({e['reason']}): {paid}"
    if kind == "void":
        return "定缺 (void suits): " + ", ".join(
            f"{v.who(q)} {SUITS['msp'.index(x)]}" for q, x in enumerate(e["suits"])
        )
    if kind == "exchange" and "direction" in e and "gave" not in e:  # a watcher's
        return "换三张: every seat passes three tiles on"
    if kind == "exchange" and "direction" in e:  # Sichuan 换三张
        gave = " ".join(v.tile(t) for t in e["gave"])
        got = " ".join(v.tile(t) for t in e["got"])
        return f"换三张: you give {gave}, and get {got}"
    if kind == "exchange":
        if "gave" in e:
            return f"you exchange {v.tile(e['gave'])} for {v.tile(e['got'])}"
        return f"{who} exchanges a tile"
    if kind == "pick":
        if "got" in e:
            return f"you take {v.tile(e['got'])} instead (搓牌)"
        return f"{who} picks a tile"
    if kind == "swap":
        return f"{who} take{'' if mine else 's'} the triplet {v.tile(e['tile'])} ×3"
    if kind == "give":
        return f"you give back {v.tile(e['tile'])}" if "tile" in e else f"{who} gives back a tile"
    if kind == "wildcard":  # 百搭 / 赖子: the kind wild this hand, shown to all
        how = f" ({v.tile(e['indicator'])} turned up)" if e.get("indicator") else ""
        dice = f", dice {' '.join(str(d) for d in e['dice'])}" if e.get("dice") else ""
        return f"百搭 wild: {v.tile(e['tile'])}{how}{dice}"
    if kind == "moon":
        tile = v.tile(e["tile"]) if "tile" in e else "a tile"
        return f"{who} fish{'' if mine else 'es'} {tile} from the tiles set aside (海底捞月)"
    return None


# -- the table and the choice ---------------------------------------------------------------------


def _seat_lines(q: int, sv: SeatView, v: View) -> list[str]:
    flags = []
    if sv.won:
        flags.append("won")
    if sv.declared_ready:
        flags.append("ready")
    if sv.void is not None:
        flags.append(f"void {SUITS[sv.void]}")
    extra = f" [{', '.join(flags)}]" if flags else ""
    head = f"{v.name(q)}  score {sv.score}{extra}"
    lines = [head]
    if q != v.me:
        hidden = f"{sv.concealed_count} tiles" if v.plain else BACK * min(sv.concealed_count, 14)
        lines.append(f"    hand     {hidden}")
    if sv.melds:
        lines.append("    melds    " + "  ".join(v.meld(m) for m in sv.melds))
    if sv.flowers:
        lines.append("    flowers  " + v.tiles(sv.flowers))
    lines.append("    discards " + v.tiles(sv.discards))
    return lines


def draw_table(obs: Observation, v: View) -> list[str]:
    """The table as ``obs.seat`` sees it: the others, then the player's own tiles."""
    wind = f" · prevalent wind {WINDS[obs.prevalent_wind]}" if v.rules == "mcr" else ""
    out = [f"── {obs.rules}{wind} · dealer seat {obs.dealer} · wall {obs.wall_remaining} ──"]
    for i in range(1, v.n + 1):
        q = (obs.seat + i) % v.n  # the next player first, yourself last
        out.extend(_seat_lines(q, obs.seats[q], v))
    hand = list(obs.hand)
    if obs.drawn is not None:
        hand.remove(obs.drawn)
    line = "    your hand  " + v.tiles(hand)
    if obs.drawn is not None:
        line += "   drawn " + v.tiles([obs.drawn])
    out.append(line)
    if obs.wildcard is not None:
        held = sum(t == obs.wildcard for t in obs.hand)
        # the wild stands for nothing only in MCR's 混杠 (a live table's JSON has no ``wild``)
        note = (
            "" if obs.wild is not None or obs.rules != "mcr" else " (stands for nothing: 混杠 only)"
        )
        out.append(f"    百搭 wild: {v.tile(int(obs.wildcard))}  ×{held} in your hand{note}")
    if obs.last_discard is not None and obs.last_discarder is not None:
        out.append(
            f"    on offer   {v.tile(int(obs.last_discard))} from {v.who(obs.last_discarder)}"
        )
    return out


def action_label(a: Action, obs: Observation, v: View) -> str:
    """An action as the list shows it."""
    t = a.tile
    if a.kind is A.WIN:
        if obs.win_total is None:
            return "win"
        if obs.win_accepted is False:
            return f"win ({obs.win_total} fan: under the minimum, a false win 错和)"
        return f"win ({obs.win_total} fan)"
    if a.kind is A.PASS:
        return "pass"
    if a.kind is A.PUNG:
        shown = "" if obs.last_discard is None else " " + v.tile(int(obs.last_discard))
        return f"pung{shown}"
    assert t is not None
    if a.kind is A.CHOW:
        return f"chow {v.tiles([TILES[t], TILES[t + 1], TILES[t + 2]])}"
    if a.kind is A.VOID:
        return f"void {SUITS[t // 9]} (play without this suit)"
    if a.kind is A.READY:
        return f"ready {v.tile(t)} (discard it and declare ready 报听)"
    if a.kind is A.SWAP:
        return f"swap: take {v.tile(t)} ×3"
    return f"{a.kind.value} {v.tile(t)}"


def action_menu(obs: Observation, v: View) -> list[str]:
    items = [f"{i:>2}) {action_label(a, obs, v)}" for i, a in enumerate(obs.legal_actions, 1)]
    if all(a.kind is A.DISCARD for a in obs.legal_actions) and len(items) > PER_LINE:
        width = max(cell_len(x) for x in items) + 2
        return [
            "".join(_pad(x, width) for x in items[i : i + PER_LINE]).rstrip()
            for i in range(0, len(items), PER_LINE)
        ]
    return items


def read_choice(text: str, legal: Sequence[Action]) -> Action:
    """The action ``text`` names: a number from 1, an action (``discard 5m``), a tile
    (``5m``: the discard, else the one action with that tile), or a kind alone when only
    one action has it (``chow``, ``kong``); ``ActionError`` saying why not otherwise.

    >>> legal = [Action.parse(x) for x in ("discard 5m", "ready 5m", "chow 3m", "pass")]
    >>> [str(read_choice(x, legal)) for x in ("2", "5m", "chow", "过", "Discard 5m")]
    ['ready 5m', 'discard 5m', 'chow 3m', 'pass', 'discard 5m']
    >>> read_choice("9", legal)
    Traceback (most recent call last):
    ...
    fanshu.engine.actions.ActionError: 9 is not in the list: choose 1-4
    """
    words = text.split()
    if not words:
        raise ActionError("type a number or an action")
    if len(words) == 1 and words[0].isdigit():
        i = int(words[0])
        if not 1 <= i <= len(legal):
            raise ActionError(f"{i} is not in the list: choose 1-{len(legal)}")
        return legal[i - 1]
    tile = TILE_OF_CODE.get(words[0]) if len(words) == 1 else None
    if tile is not None and tile < 34:
        with_tile = [a for a in legal if a.tile == tile]
        discard = [a for a in with_tile if a.kind is A.DISCARD]
        if discard or len(with_tile) == 1:
            return (discard or with_tile)[0]
        if not with_tile:
            raise ActionError(f"no action with {TILES[tile].code} now")
        raise ActionError(f"say which: {', '.join(str(a) for a in with_tile)}")
    words[0] = WORDS.get(words[0], words[0].lower())
    if len(words) == 1:
        of_kind = [a for a in legal if a.kind.value == words[0]]
        if len(of_kind) == 1:
            return of_kind[0]
        if len(of_kind) > 1:
            raise ActionError(f"say which: {', '.join(str(a) for a in of_kind)}")
    action = Action.parse(" ".join(words))
    if action not in legal:
        raise ActionError(f"{action} is not possible now")
    return action


# -- the end of the hand --------------------------------------------------------------------------


def _fan_lines(e: Mapping[str, Any], v: View, english: Mapping[str, str]) -> list[str]:
    rows = [
        (f.name, english.get(f.name, ""), str(f.value), f"×{f.times}" if f.times > 1 else "")
        for f in fans_of(e)
    ]
    widths = [max([cell_len(r[i]) for r in rows] + [2]) for i in range(4)]
    out = []
    for r in rows:
        out.append("    " + "  ".join(_pad(c, widths[i]) for i, c in enumerate(r)).rstrip())
    return out


def end_lines(game: Game, v: View) -> list[str]:
    """Each win with its hand and fans, then the scores."""
    english = {f.name_zh: f.name_en for f in get_rules(game.rules).fans}
    end = game.result()
    out = ["", "── end of the hand ──"]
    wins = [e for e in game.events if e["type"] == "win"]
    if not wins:
        out.append("drawn hand: nobody won")
    for e in wins:
        source = e.get("source")
        how = "self-drawn" if source is None else f"on {v.whose(source)} tile"
        out.append(f"{v.name(e['seat'])} {'win' if e['seat'] == v.me else 'wins'} {how}")
        out.append("    " + v.hand(parse_hand(e["hand"])))
        shown = wildcards_of(e)  # what the wild tiles stood for, when the event says
        if shown is not None:
            out.append("    " + stood_for_text(shown, plain=v.plain))
        elif game.wildcard is not None:
            out.append(f"    百搭 wild: {v.tile(game.wildcard)}")
        out.extend(_fan_lines(e, v, english))
        out.append(f"    total {e['total']} fan")
    out.append("scores: " + ", ".join(f"{v.name(q)} {s:+d}" for q, s in enumerate(end["scores"])))
    return out


# -- the command -----------------------------------------------------------------------------------


def _ask(obs: Observation, v: View) -> Action:
    for line in draw_table(obs, v):
        typer.echo(line)
    hint = PHASES.get((obs.rules, obs.phase)) or PHASES.get(("", obs.phase))
    if hint:
        typer.echo(hint)
    menu = action_menu(obs, v)
    while True:
        for line in menu:
            typer.echo(line)
        typer.echo("your choice (number or action, ? for the list, q to quit): ", nl=False)
        text = sys.stdin.readline()
        if not text:
            typer.echo()
            raise Quit("the input ended")
        text = text.strip()
        if not _is_terminal():
            typer.echo(text)  # piped answers: the transcript shows them after the prompt
        if text.lower() in QUIT:
            raise Quit("you left")
        if not text or text.lower() in HELP:
            continue
        try:
            return read_choice(text, obs.legal_actions)
        except ActionError as e:
            typer.echo(f"  ✗ {e}; choose from:")


def _is_terminal() -> bool:
    try:
        return sys.stdin.isatty()
    except (AttributeError, ValueError):
        return False


def play_hand(
    game: Game, me: int, bots: Mapping[int, Player], names: Sequence[str], plain: bool
) -> None:
    """Play the hand to its end, asking the player at ``me`` for each decision."""
    v = View(game, me, names, plain)
    shown = 0
    while not game.done:
        for e in game.events[shown:]:
            line = describe(e, v)
            if line is not None:
                typer.echo(line)
        shown = len(game.events)
        s = game.to_act
        assert s is not None
        obs = game.observe(s)
        action = _ask(obs, v) if s == me else bots[s].choose(obs)
        game.step(action, seat=s)
    for e in game.events[shown:]:
        line = describe(e, v)
        if line is not None:
            typer.echo(line)
    for line in end_lines(game, v):
        typer.echo(line)


def _default_bot() -> str:
    return "greedy" if "greedy" in PLAYERS else "random"


def play_command(
    rules: GameRulesOption = "mcr",
    seed: Annotated[
        str | None,
        typer.Option(
            "--seed",
            "-s",
            metavar="S",
            help="Seed of the deal and the bots (printed when not given, to replay the hand).",
            show_default=False,
        ),
    ] = None,
    seat: Annotated[
        str,
        typer.Option("--seat", metavar="N", help="Your seat: 0 (East, the dealer) to 3, or 0-1."),
    ] = "0",
    opponents: Annotated[
        str | None,
        typer.Option(
            "--opponents",
            metavar="A,B,C",
            help="The bots in the other seats, in seat order: three names, one for "
            "two-player. Default: greedy (random where greedy is not available).",
            show_default=False,
        ),
    ] = None,
    plain: Annotated[
        bool, typer.Option("--plain", help="Write tiles as codes (1m, E) instead of Unicode.")
    ] = False,
    option: PlayOptionOption = None,
    config: PlayConfigOption = None,
    table: Annotated[
        str | None,
        typer.Option(
            "--table",
            metavar="URL",
            help="Sit at a live table of a server instead: a seat's join link (fanshu "
            "tables new) or its socket URL with the token.",
            show_default=False,
        ),
    ] = None,
    watch: Annotated[
        str | None,
        typer.Option(
            "--watch",
            metavar="URL",
            help="Watch a live table: its watch link (no concealed tile is shown).",
            show_default=False,
        ),
    ] = None,
    bot: Annotated[
        str | None,
        typer.Option(
            "--bot",
            metavar="NAME",
            help="With --table: a bot plays your seat (type back to take it again).",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Play one hand against bots at the terminal: the table and your tiles are drawn,
    the legal actions listed; answer with a number or an action such as 'discard 5m',
    '5m', 'pung' or 'win'.  Works with piped input; q or the end of input stops.

    With --table URL, sit at a person's seat of a live table on a server (the others'
    moves shown as they happen, a dropped connection resumed); with --watch URL, watch
    one.  Exit status: 0 done or left, 2 bad input or a refused link, 3 the server cannot
    be reached or the connection was lost."""
    if table is not None or watch is not None:
        from fanshu.cli.live import play_remote

        if table is not None and watch is not None:
            raise fail(msg("give --table or --watch, not both"))
        if bot is not None and table is None:
            raise fail(msg("--bot goes with --table"))
        play_remote(table or watch or "", watch=table is None, bot=bot, plain=plain)
    if bot is not None:
        raise fail(msg("--bot goes with --table"))
    try:
        n = seats_of(rules)
        master = (
            random.SystemRandom().randrange(1_000_000)
            if seed is None
            else whole_number("--seed", seed)
        )
        me = whole_number("--seat", seat, least=0)
        if me >= n:
            raise OptionError(f"--seat is 0-{n - 1} for {rules}, not {me}")
        if opponents is None:
            others = [_default_bot()] * (n - 1)
        else:
            others = [o.strip() for o in opponents.split(",")]
            if len(others) != n - 1:
                need = f"{n - 1} opponent{'s' if n > 2 else ''}"
                raise OptionError(f"{rules} needs {need} (--opponents), not {len(others)}")
        names = [*others[:me], "you", *others[me:]]
        check_players(rules, [x if x != "you" else "random" for x in names])
        options = parse_options(rules, option)
        cfg = parse_config(config)
        if cfg.dealer >= n:
            raise OptionError(f"dealer is a seat number 0-{n - 1}, not {cfg.dealer}")
        game = Game(rules, seed=game_seed(master, 0), options=options, config=cfg)
    except FanshuError as e:
        raise fail(str(e)) from None
    bots = {s: make_player(names[s], player_seed(master, 0, s)) for s in range(n) if s != me}
    if seed is None:
        typer.echo(f"seed {master} (--seed {master} plays this hand again)")
    try:
        play_hand(game, me, bots, names, plain)
    except Quit as e:
        typer.echo(f"{e}: the hand was left unfinished", err=True)
        raise typer.Exit(0) from None
    except KeyboardInterrupt:
        typer.echo("\ninterrupted: the hand was left unfinished", err=True)
        raise typer.Exit(130) from None
