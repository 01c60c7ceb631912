"""A local Botzone judge for Chinese-Standard-Mahjong (国标麻将): four bots — outside
programs speaking Botzone's protocol (``fanshu.botzone.programs``) or fanshu's own
players in-process — play MCR hands refereed by a fanshu :class:`~fanshu.engine.Game`,
the one source of truth for the tiles, the legal moves and the scores.

How a hand is judged, round by round as Botzone's judge does: every event of the game
that the protocol shows becomes one request to each of the four bots (``0 id quan``,
the deal ``1 …`` with the flowers, ``2 T`` / ``3 p DRAW``, ``3 p BUHUA F``, ``3 p PLAY
T``, ``3 p PENG T``, ``3 p CHI M T``, ``3 p GANG``, ``3 p BUGANG T``) and every bot
answers every request: a bot with nothing to decide must answer ``PASS``.  Answers are
turned into the game's actions (``fanshu.botzone.actions.actions_of``) and applied in
the order the game asks for them.  A wrong answer (``WA``), a verdict of the program
(``TLE``, ``RE``, ``NJ``, ``OLE``) or a ``HU`` that is no win or under 8 fan without
the flowers (``WH``, 错和) ends the hand: ``Game.forfeit`` — -30 for the offender and
+10 to each other seat, Botzone's scores, in the log.

Where it follows Botzone's public judge and where it differs (on purpose):

- **claims**: HU first, then PENG/GANG, then CHI — fanshu's game resolves them so
  (a win before a pung or kong before a chow; one winner, the first in turn order
  from the discarder, as Botzone checks HU in that order and stops at the first).
  As there, the answers are checked in that order: a program's verdict and any HU
  first (an invalid HU is ``WH`` at once; the first valid one wins and later
  answers are not looked at), then the other answers.  Unlike Botzone's judge,
  which stops checking at the first PENG/GANG it applies, every answer of the round
  is checked, so a bot's wrong answer is ``WA`` even when another seat's claim came
  first.
- **the wall**: fanshu deals from one wall of 144 tiles (with the 8 flowers; 136
  without, ``flowers=False``, as Botzone's public judge deals by default) and
  replaces flowers from its back; Botzone's judge splits its wall into four walls
  of 34, one per seat, and the hand is drawn (HUANG) when the seat to draw has none
  left.  The same tiles, a different draw order; here the hand is drawn when the one
  wall is empty.  Flowers dealt are shown in the deal request, as Botzone does;
  flowers drawn later are ``BUHUA`` rounds.
- **fanshu seats** (``fanshu:NAME``, any ``make_player`` name): they play on
  ``game.observe(seat)`` in-process, without the protocol, so they are fast and
  never wrong; they decide when the game asks them (a claim among several is
  decided in the game's order).
- **seats**: game ``k`` seats bot ``(i + k) % 4`` at seat ``i`` (seat 0 is the dealer,
  East); its prevalent wind (``quan``) is ``(k // 4) % 4``, so 16 games give every bot
  every seat under every wind.  Game ``k``'s wall is shuffled with
  ``fanshu.engine.simulate.game_seed(seed, k)``.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Final, Literal

from fanshu.botzone.actions import actions_of
from fanshu.botzone.programs import (
    DEFAULT_TIME_LIMIT,
    FORMATS,
    BotProgram,
    Format,
    Reply,
    check_time_limit,
)
from fanshu.botzone.protocol import (
    Deal,
    Draw,
    ProtocolError,
    Response,
    Seen,
    Start,
    parse_response,
)
from fanshu.engine.actions import Action, ActionKind
from fanshu.engine.config import GameConfig
from fanshu.engine.game import Game
from fanshu.engine.log import write_games
from fanshu.engine.players import PLAYERS, Player, make_player
from fanshu.engine.simulate import game_seed, player_seed
from fanshu.errors import FanshuError
from fanshu.tiles import TILE_OF_CODE, TILES, Tile

__all__ = [
    "FANSHU",
    "MAX_GAMES",
    "BotSpec",
    "GameRecord",
    "JudgeError",
    "JudgeResult",
    "SeatRecord",
    "judge_game",
    "judge_games",
    "parse_bot",
]

A = ActionKind
WIN = Action(A.WIN)
PASS = Action(A.PASS)
#: A bot named ``fanshu:NAME`` is fanshu's own player NAME, in-process.
FANSHU: Final = "fanshu:"
#: The most games one run plays (a run of one process per decision is slow: tens of
#: seconds a game with four Python programs).
MAX_GAMES: Final = 10_000
#: What a program's verdict or a wrong answer is called in the results.
Verdict = Literal["OK", "WA", "WH", "TLE", "RE", "NJ", "OLE"]


class JudgeError(FanshuError):
    """A judge run that cannot be set up (bots, games, options)."""

    code = "botzone_judge"


@dataclass(frozen=True, slots=True)
class BotSpec:
    """One bot of a run: an outside program (``command``) or fanshu's ``player``."""

    name: str
    command: str | None = None
    player: str | None = None
    fmt: Format = "json"


def parse_bot(text: str, *, fmt: Format = "json") -> BotSpec:
    """A ``--bot`` value: ``fanshu:NAME`` (a fanshu player) or a command line.

    >>> parse_bot("fanshu:ev")
    BotSpec(name='fanshu:ev', command=None, player='ev', fmt='json')
    >>> parse_bot("python3 bot.py", fmt="simple").command
    'python3 bot.py'
    """
    if not isinstance(text, str) or not text.strip():
        raise JudgeError(f"a bot is a command line or fanshu:NAME, not {text!r}")
    if fmt not in FORMATS:
        raise JudgeError(f"a bot's format is json or simple, not {fmt!r}")
    text = text.strip()
    if text.startswith(FANSHU):
        name = text[len(FANSHU) :]
        if name not in PLAYERS:
            raise JudgeError(f"unknown fanshu player {name!r}: one of {', '.join(PLAYERS)}")
        return BotSpec(text, player=name, fmt=fmt)
    return BotSpec(text, command=text, fmt=fmt)


@dataclass(slots=True)
class SeatRecord:
    """One seat of a judged game."""

    seat: int
    bot: int  # the bot's index in the run
    name: str
    points: int = 0
    verdict: Verdict = "OK"  # the seat's own verdict: OK unless it forfeited
    won: bool = False
    decisions: int = 0  # requests a program answered (fanshu seats: decisions made)
    seconds: float = 0.0  # time the program took over them
    slowest: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "bot": self.bot,
            "name": self.name,
            "points": self.points,
            "verdict": self.verdict,
            "won": self.won,
            "decisions": self.decisions,
            "seconds": round(self.seconds, 3),
            "slowest": round(self.slowest, 3),
        }


@dataclass(slots=True)
class GameRecord:
    """One judged game: its seed, wind, result and each seat's record (by seat)."""

    index: int
    seed: int
    quan: int
    seats: list[SeatRecord]
    result: str = ""  # the end event's: win, drawn or forfeit
    winners: list[int] = field(default_factory=list)
    offender: int | None = None  # the seat that forfeited
    reason: str | None = None
    detail: str | None = None
    rounds: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.index,
            "seed": self.seed,
            "quan": self.quan,
            "result": self.result,
            "winners": self.winners,
            "offender": self.offender,
            "reason": self.reason,
            "detail": self.detail,
            "rounds": self.rounds,
            "seats": [s.to_dict() for s in self.seats],
        }


@dataclass(slots=True)
class JudgeResult:
    """A run: the bots and every game's record; ``totals()`` per bot."""

    bots: list[BotSpec]
    games: list[GameRecord] = field(default_factory=list)
    seconds: float = 0.0

    def totals(self) -> list[dict[str, Any]]:
        """Per bot (in the order given): games, points, wins and each verdict's count."""
        out: list[dict[str, Any]] = []
        for i, b in enumerate(self.bots):
            rows = [s for g in self.games for s in g.seats if s.bot == i]
            counts = {v: sum(1 for s in rows if s.verdict == v) for v in _VERDICTS}
            decisions = sum(s.decisions for s in rows)
            out.append(
                {
                    "bot": i,
                    "name": b.name,
                    "games": len(rows),
                    "points": sum(s.points for s in rows),
                    "wins": sum(1 for s in rows if s.won),
                    **{v: counts[v] for v in _VERDICTS if v != "OK"},
                    "decisions": decisions,
                    "seconds_per_decision": (
                        round(sum(s.seconds for s in rows) / decisions, 4) if decisions else None
                    ),
                    "slowest": round(max((s.slowest for s in rows), default=0.0), 3),
                }
            )
        return out

    def to_dict(self) -> dict[str, Any]:
        return {
            "bots": [b.name for b in self.bots],
            "games": [g.to_dict() for g in self.games],
            "totals": self.totals(),
            "seconds": round(self.seconds, 3),
        }


_VERDICTS: tuple[Verdict, ...] = ("OK", "WA", "WH", "TLE", "RE", "NJ", "OLE")


def _as_verdict(reason: str) -> Verdict:
    for v in _VERDICTS:
        if v == reason:
            return v
    return "WA"


# -- the requests a game's events make ------------------------------------------------


RoundKind = Literal["start", "deal", "draw", "buhua", "play", "gang", "bugang"]


@dataclass(frozen=True, slots=True)
class _Round:
    kind: RoundKind
    actor: int | None
    lines: tuple[str, str, str, str]  # the request to each seat

    def order(self) -> list[int]:
        """The order answers are checked in (Botzone's): from the actor after a play,
        a kong or an added kong; by seat otherwise."""
        if self.actor is None or self.kind in ("draw", "buhua"):
            return [0, 1, 2, 3]
        return [(self.actor + i) % 4 for i in range(4)]


def _tile(code: str) -> Tile:
    return TILES[TILE_OF_CODE[code]]


def _same(line: str) -> tuple[str, str, str, str]:
    return (line, line, line, line)


class _Requests:
    """Turns a game's events, as they come, into the rounds of requests they make."""

    def __init__(self, quan: int) -> None:
        self.quan = quan
        self.cursor = 0
        self.last_act: dict[int, Action] = {}
        self.claimed: dict[int, tuple[str, int]] = {}  # seat → (pung|chow, chow's lowest)

    def new_rounds(self, events: Sequence[Mapping[str, Any]]) -> list[_Round]:
        out: list[_Round] = []
        while self.cursor < len(events):
            e = events[self.cursor]
            self.cursor += 1
            kind = e["type"]
            if kind == "start":
                lines = tuple(str(Start(s, self.quan)) for s in range(4))
                out.append(_Round("start", None, (lines[0], lines[1], lines[2], lines[3])))
            elif kind == "deal":
                out.append(self._deal(e, events))
            elif kind in ("draw", "flower"):
                out.append(self._drawn(int(e["seat"]), _tile(e["tile"])))
            elif kind == "act":
                self.last_act[int(e["seat"])] = Action.parse(e["action"])
            elif kind == "claim":
                q = int(e["seat"])
                if e["kind"] == "kong":
                    out.append(_Round("gang", q, _same(str(Seen(q, "GANG")))))
                else:
                    chow = self.last_act.get(q)
                    low = chow.tile if chow is not None and chow.tile is not None else -1
                    self.claimed[q] = (e["kind"], low)
            elif kind == "discard":
                out.append(self._discard(int(e["seat"]), _tile(e["tile"])))
            elif kind == "kong":
                p = int(e["seat"])
                if e["kind"] == "concealed":
                    out.append(_Round("gang", p, _same(str(Seen(p, "GANG")))))
                else:
                    seen = Seen(p, "BUGANG", _tile(e["tile"]))
                    out.append(_Round("bugang", p, _same(str(seen))))
        return out

    def _deal(self, e: Mapping[str, Any], events: Sequence[Mapping[str, Any]]) -> _Round:
        # the flowers dealt are replaced from the back before the dealer's first draw;
        # Botzone shows each seat's 13 tiles after that and every flower in the deal
        hands = [[_tile(c) for c in hand] for hand in e["hands"]]
        while self.cursor < len(events) and events[self.cursor]["type"] == "flower":
            f = events[self.cursor]
            hands[int(f["seat"])].append(_tile(f["tile"]))
            self.cursor += 1
        tiles = [tuple(t for t in h if not t.is_flower) for h in hands]
        flowers = [tuple(t for t in h if t.is_flower) for h in hands]
        counts = (len(flowers[0]), len(flowers[1]), len(flowers[2]), len(flowers[3]))
        shown = tuple(f for fs in flowers for f in fs)
        lines = [str(Deal(counts, tiles[s], shown)) for s in range(4)]
        return _Round("deal", None, (lines[0], lines[1], lines[2], lines[3]))

    def _drawn(self, p: int, t: Tile) -> _Round:
        if t.is_flower:
            return _Round("buhua", p, _same(str(Seen(p, "BUHUA", t))))
        seen = str(Seen(p, "DRAW"))
        lines = [str(Draw(t)) if s == p else seen for s in range(4)]
        return _Round("draw", p, (lines[0], lines[1], lines[2], lines[3]))

    def _discard(self, p: int, t: Tile) -> _Round:
        claimed = self.claimed.pop(p, None)
        if claimed is None:
            seen = Seen(p, "PLAY", t)
        elif claimed[0] == "pung":
            seen = Seen(p, "PENG", t)
        else:
            seen = Seen(p, "CHI", t, TILES[claimed[1] + 1])
        return _Round("play", p, _same(str(seen)))


# -- the seats ---------------------------------------------------------------------


class _Forfeit(Exception):
    """Raised inside a round to end the hand against a seat."""

    def __init__(self, seat: int, reason: Verdict, detail: str) -> None:
        super().__init__(f"seat {seat}: {reason}: {detail}")
        self.seat, self.reason, self.detail = seat, reason, detail


@dataclass(slots=True)
class _Answer:
    reply: Reply
    response: Response | None = None
    actions: tuple[Action, ...] = ()


Transcript = Callable[[dict[str, Any]], None]


class _Referee:
    """One hand: asks the seats round by round and steps the game."""

    def __init__(
        self,
        game: Game,
        quan: int,
        programs: Sequence[BotProgram | None],
        players: Sequence[Player | None],
        records: list[SeatRecord],
        transcript: Transcript | None,
    ) -> None:
        self.game = game
        self.programs = programs
        self.players = players
        self.records = records
        self.requests = _Requests(quan)
        self.transcript = transcript
        self.rounds = 0

    # -- the loop ----------------------------------------------------------------------

    def play(self) -> None:
        game = self.game
        try:
            while True:
                rounds = self.requests.new_rounds(game.events)
                for i, rnd in enumerate(rounds):
                    last = i == len(rounds) - 1
                    self.run(rnd, decisive=last and not game.done)
                if game.done:
                    return
                if not rounds:
                    # the game waits without a new request: a claimant's discard
                    # after its pung or chow is decided in the claim's round
                    raise JudgeError(f"the game waits for seat {game.to_act} with nothing asked")
        except _Forfeit as f:
            game.forfeit(f.seat, f.reason, detail=f.detail)

    def run(self, rnd: _Round, *, decisive: bool) -> None:
        self.rounds += 1
        answers = self.ask_all(rnd)
        if not decisive:
            for s in rnd.order():
                a = answers.get(s)
                if a is not None:
                    self.only_pass(rnd, s, a)
            return
        mode = self.game.mode
        if rnd.kind == "draw" and mode == "turn":
            self.turn(rnd, answers)
        elif rnd.kind == "play" and mode == "claim":
            self.claims(rnd, answers, robbing=False)
        elif rnd.kind == "bugang" and mode == "rob":
            self.claims(rnd, answers, robbing=True)
        else:
            raise JudgeError(f"a {rnd.kind} round where the game asks for {mode}")

    def ask_all(self, rnd: _Round) -> dict[int, _Answer]:
        answers: dict[int, _Answer] = {}
        for s, program in enumerate(self.programs):
            if program is None:
                continue
            reply = program.ask(rnd.lines[s])
            rec = self.records[s]
            rec.decisions += 1
            rec.seconds += reply.seconds
            rec.slowest = max(rec.slowest, reply.seconds)
            if self.transcript is not None:
                self.transcript(
                    {
                        "round": self.rounds,
                        "seat": s,
                        "request": rnd.lines[s],
                        "response": reply.response,
                        "verdict": reply.verdict,
                        "seconds": round(reply.seconds, 4),
                        **({"detail": reply.detail} if reply.detail else {}),
                        **({"debug": reply.debug} if reply.debug else {}),
                    }
                )
            answers[s] = _Answer(reply)
        return answers

    # -- checking answers -----------------------------------------------------------

    def verdict(self, s: int, a: _Answer) -> None:
        v = a.reply.verdict
        if v != "OK":
            raise _Forfeit(s, v, a.reply.detail or v)

    def parsed(self, s: int, a: _Answer) -> Response:
        if a.response is None:
            try:
                a.response = parse_response(a.reply.response)
            except ProtocolError as e:
                raise _Forfeit(s, "WA", f"{a.reply.response!r}: {e}") from None
        return a.response

    def only_pass(self, rnd: _Round, s: int, a: _Answer) -> None:
        self.verdict(s, a)
        r = self.parsed(s, a)
        if r.word == "PASS":
            return
        # Botzone checks a HU after a play or an added kong as a win (WH when it is
        # none); anything else where there is nothing to decide is WA
        hu = r.word == "HU" and rnd.kind in ("play", "bugang") and s != rnd.actor
        what = "no win" if hu else "nothing to decide: PASS"
        raise _Forfeit(s, "WH" if hu else "WA", f"{r} after {rnd.lines[s]!r} ({what})")

    def wrong(self, s: int, rnd: _Round, r: Response, why: str) -> _Forfeit:
        return _Forfeit(s, "WA", f"{r} after {rnd.lines[s]!r}: {why}")

    # -- a draw: the drawer decides -------------------------------------------------------

    def turn(self, rnd: _Round, answers: Mapping[int, _Answer]) -> None:
        game = self.game
        p = game.to_act
        assert p is not None and p == rnd.actor
        for s in rnd.order():
            a = answers.get(s)
            if a is not None and s != p:
                self.only_pass(rnd, s, a)
            elif a is not None:
                self.verdict(s, a)
        player = self.players[p]
        if player is not None:
            self.step(p, player.choose(game.observe(p)))
            return
        a = answers[p]
        r = self.parsed(p, a)
        obs = game.observe(p)
        legal = obs.legal_actions
        if r.word == "HU":
            if WIN not in legal:
                raise _Forfeit(p, "WH", f"HU after {rnd.lines[p]!r}: not a winning hand")
            if not obs.win_accepted:
                raise _Forfeit(
                    p,
                    "WH",
                    f"HU after {rnd.lines[p]!r}: {obs.win_total} fan, under 8 without flowers",
                )
            self.step(p, WIN)
            return
        if r.word not in ("PLAY", "GANG", "BUGANG"):
            raise self.wrong(p, rnd, r, "after one's draw: PLAY T, GANG T, BUGANG T or HU")
        try:
            (action,) = actions_of(r, offered=None)
        except ProtocolError as e:
            raise self.wrong(p, rnd, r, str(e)) from None
        if action not in legal:
            raise self.wrong(p, rnd, r, "not a legal play")
        if r.word != "PLAY":
            assert action.tile is not None
            concealed = game.seat[p].counts[action.tile] == 4
            if concealed != (r.word == "GANG"):
                raise self.wrong(p, rnd, r, "GANG is a concealed kong, BUGANG an added one")
        self.step(p, action)

    # -- a discard or an added kong: the others may claim ---------------------------------

    def win_ok(self, q: int, *, robbing: bool) -> tuple[bool, str]:
        game = self.game
        if WIN not in game.asked(q):
            return False, "not a winning hand"
        tile = game.offered_tile
        assert tile is not None
        result = game.variant.score(game.hand_with(q, tile, robbing=robbing))
        if not game.variant.meets_minimum(result):
            return False, f"{result.total} fan, under 8 without flowers"
        return True, ""

    def claims(self, rnd: _Round, answers: dict[int, _Answer], *, robbing: bool) -> None:
        game = self.game
        offered = game.offered_tile
        d = rnd.actor
        assert d is not None and offered is not None
        winner: int | None = None
        # first the verdicts and the HUs, in order from the discarder
        for s in rnd.order():
            a = answers.get(s)
            if a is None:
                continue
            self.verdict(s, a)
            if s == d:
                self.only_pass(rnd, s, a)
                continue
            try:
                r = parse_response(a.reply.response)
            except ProtocolError:
                continue  # WA, once no HU has won
            if r.word == "HU":
                ok, why = self.win_ok(s, robbing=robbing)
                if not ok:
                    raise _Forfeit(s, "WH", f"HU after {rnd.lines[s]!r}: {why}")
                winner = s
                break
        if winner is None:
            for s in rnd.order():
                a = answers.get(s)
                if a is None:
                    continue
                if s == d or not game.asked(s):
                    self.only_pass(rnd, s, a)
                    continue
                a.actions = self.claim_actions(s, rnd, a, offered, robbing=robbing)
        before = len(game.events)
        while not game.done and game.mode in ("claim", "rob"):
            q = game.to_act
            assert q is not None
            player = self.players[q]
            if player is not None:
                action = player.choose(game.observe(q))
            elif winner is not None:
                action = WIN if q == winner else PASS
            else:
                action = answers[q].actions[0]
            self.step(q, action)
        # a claimant that punged or chowed now discards the tile its answer named
        if game.done or game.mode != "turn" or game.to_act is None:
            return
        q = game.to_act
        claimed = any(
            e["type"] == "claim" and e["seat"] == q and e["kind"] != "kong"
            for e in game.events[before:]
        )
        if not claimed:
            return
        player = self.players[q]
        if player is not None:
            self.step(q, player.choose(game.observe(q)))
            return
        a = answers[q]
        then = a.actions[1]
        if then not in game.legal_actions(q):
            assert a.response is not None
            raise self.wrong(q, rnd, a.response, f"cannot {then} after it")
        self.step(q, then)

    def claim_actions(
        self, s: int, rnd: _Round, a: _Answer, offered: int, *, robbing: bool
    ) -> tuple[Action, ...]:
        r = self.parsed(s, a)
        if r.word == "PASS":
            return (PASS,)
        allowed = ("HU",) if robbing else ("PENG", "GANG", "CHI")
        if r.word not in allowed:
            raise self.wrong(s, rnd, r, f"one of PASS, {', '.join(allowed)} here")
        if r.word == "GANG" and r.tile is not None:
            raise self.wrong(s, rnd, r, "a kong of the discard is a bare GANG")
        try:
            actions = actions_of(r, offered=offered)
        except ProtocolError as e:
            raise self.wrong(s, rnd, r, str(e)) from None
        if actions[0] not in self.game.asked(s):
            raise self.wrong(s, rnd, r, "not a claim this seat can make")
        return actions

    def step(self, s: int, action: Action) -> None:
        if self.players[s] is not None:
            self.records[s].decisions += 1
        self.game.step(action, seat=s)


# -- games --------------------------------------------------------------------------


def _seated(bots: Sequence[BotSpec], k: int) -> list[int]:
    """Which bot sits at each seat in game ``k``: bot ``(i + k) % 4`` at seat ``i``."""
    return [(i + k) % 4 for i in range(4)]


def judge_game(
    programs: Sequence[BotProgram | None],
    players: Sequence[Player | None],
    *,
    names: Sequence[str],
    bots: Sequence[int],
    seed: int,
    quan: int,
    index: int = 0,
    transcript: Transcript | None = None,
    flowers: bool = True,
) -> tuple[Game, GameRecord]:
    """Judge one hand: seat ``i`` is ``programs[i]`` (an outside program) or
    ``players[i]`` (a fanshu player); returns the finished game and its record."""
    game = Game(
        "mcr",
        seed=seed,
        config=GameConfig(dealer=0, prevalent_wind=quan, flowers=flowers),
        players=list(names),
    )
    records = [SeatRecord(s, bots[s], names[s]) for s in range(4)]
    for p in programs:
        if p is not None:
            p.begin()
    referee = _Referee(game, quan, programs, players, records, transcript)
    try:
        referee.play()
    finally:
        for p in programs:
            if p is not None:
                p.end()
    end = game.events[-1]
    record = GameRecord(index, seed, quan, records, rounds=referee.rounds)
    record.result = str(end.get("result"))
    record.winners = list(game.winners)
    for s in range(4):
        records[s].points = game.scores[s]
        records[s].won = s in game.winners
    forfeit = next((e for e in game.events if e["type"] == "forfeit"), None)
    if forfeit is not None:
        s = int(forfeit["seat"])
        record.offender, record.reason = s, str(forfeit["reason"])
        record.detail = forfeit.get("detail")
        records[s].verdict = _as_verdict(record.reason)
    return game, record


def judge_games(
    bots: Sequence[str | BotSpec],
    *,
    games: int = 1,
    seed: int = 0,
    time_limit: float = DEFAULT_TIME_LIMIT,
    keep_running: bool = False,
    flowers: bool = True,
    log: str | Path | None = None,
    transcripts: str | Path | None = None,
    progress: Callable[[GameRecord], None] | None = None,
) -> JudgeResult:
    """Judge ``games`` hands between four bots (command lines, ``fanshu:NAME`` or
    :class:`BotSpec`), seats rotating (see the module text); write the fanshu log to
    ``log`` (players: the bot names) and each game's protocol transcript to
    ``transcripts/game-K.jsonl`` (one row per program and round: the request, the
    response, the verdict and the seconds it took; fanshu seats have no protocol
    and no rows).  ``progress`` is called after each game."""
    specs = [b if isinstance(b, BotSpec) else parse_bot(b) for b in bots]
    if len(specs) != 4:
        raise JudgeError(f"Chinese-Standard-Mahjong is played by 4 bots, not {len(specs)}")
    if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= MAX_GAMES:
        raise JudgeError(f"games is 1-{MAX_GAMES}, not {games!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise JudgeError(f"a seed is a whole number, not {seed!r}")
    try:
        limit = check_time_limit(time_limit)
    except FanshuError as e:
        raise JudgeError(str(e)) from None
    if not isinstance(flowers, bool):
        raise JudgeError(f"flowers is true or false, not {flowers!r}")
    programs = [
        None
        if b.command is None
        else BotProgram(b.command, fmt=b.fmt, keep_running=keep_running, time_limit=limit)
        for b in specs
    ]
    tdir = None if transcripts is None else Path(transcripts)
    if tdir is not None:
        tdir.mkdir(parents=True, exist_ok=True)
    result = JudgeResult(specs)
    out: IO[str] | None = None
    started = time.perf_counter()
    try:
        if log is not None:
            out = open(log, "w", encoding="utf-8", newline="\n")  # noqa: SIM115
        for k in range(games):
            order = _seated(specs, k)
            gseed = game_seed(seed, k)
            seat_programs = [programs[b] for b in order]
            seat_players = [
                None
                if specs[b].player is None
                else make_player(specs[b].player or "", player_seed(seed, k, s))
                for s, b in enumerate(order)
            ]
            tfile: IO[str] | None = None
            write: Transcript | None = None
            if tdir is not None:
                tfile = open(tdir / f"game-{k:04d}.jsonl", "w", encoding="utf-8")  # noqa: SIM115
                handle = tfile

                def write(row: dict[str, Any], handle: IO[str] = handle) -> None:
                    handle.write(json.dumps(row, ensure_ascii=False) + "\n")

            try:
                game, record = judge_game(
                    seat_programs,
                    seat_players,
                    names=[specs[b].name for b in order],
                    bots=order,
                    seed=gseed,
                    quan=(k // 4) % 4,
                    index=k,
                    transcript=write,
                    flowers=flowers,
                )
            finally:
                if tfile is not None:
                    tfile.close()
            if out is not None:
                write_games([game.events], out, first=k)
                out.flush()
            result.games.append(record)
            if progress is not None:
                progress(record)
    finally:
        if out is not None:
            out.close()
        for p in programs:
            if p is not None:
                p.end()
    result.seconds = time.perf_counter() - started
    return result
