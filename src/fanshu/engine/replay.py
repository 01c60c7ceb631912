"""Replay logged games and verify them: rebuild each game from its start event (rules,
seed, options, config, the logged wall and the state carried in), feed it the logged
decisions (``act`` events) in order, and check that every event the engine makes again
is the one logged.
After every decision tile conservation must hold, and at the end the payments must add
up to zero (``fanshu.engine.invariants``).  The first difference is reported as the
game's index, the event's number and what the log has against what the replay made.

>>> from fanshu.engine import Game
>>> g = Game("sichuan", seed=4)
>>> while not g.done:
...     g.step(g.legal_actions()[-1])
>>> replay_game(g.events).ok
True
>>> g.events[7]["type"], g.events[7]["tile"]
('draw', '8s')
>>> g.events[7]["tile"] = "9s"
>>> print(replay_game(g.events).mismatch)
game 0, event 7 (draw): tile: log 9s, replay 8s [after seat 3 void 1p (event 5)]
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fanshu.engine.actions import ActionError
from fanshu.engine.events import starts_turn
from fanshu.engine.game import Game
from fanshu.engine.invariants import conservation_errors, zero_sum_errors
from fanshu.engine.log import META, GameLog, iter_games
from fanshu.errors import FanshuError
from fanshu.i18n import msg
from fanshu.tiles import TILE_OF_CODE

#: How many characters of a value a mismatch message shows.
SHOWN = 120


class ReplayError(FanshuError):
    """A logged game that does not replay as logged."""

    code = "replay_mismatch"
    #: Where the replay first differs (set by :func:`rebuild`).
    mismatch: Mismatch | None = None


@dataclass(frozen=True, slots=True)
class Mismatch:
    """The first point where a replay differs from its log (or breaks an invariant)."""

    game: int
    seq: int  # the event's number in its game
    event: str | None  # its type (the log's, or the replay's where the log has none)
    reason: str
    expected: dict[str, Any] | None = None  # the event as logged
    got: dict[str, Any] | None = None  # the event as replayed
    line: int | None = None  # the logged event's line in its file
    after: str | None = None  # the last decision before it

    def message(self) -> str:
        """The mismatch in a sentence (a :func:`~fanshu.i18n.msg`, so that a front end
        shows it in the reader's language; ``str()`` is the same English)."""
        where = msg("game {game}, event {seq}", game=self.game, seq=self.seq)
        if self.event:
            where = msg("{where} ({event})", where=where, event=self.event)
        if self.line is not None:
            where = msg("{where}, line {line}", where=where, line=self.line)
        text = msg("{where}: {reason}", where=where, reason=self.reason)
        return msg("{text} [after {after}]", text=text, after=self.after) if self.after else text

    def __str__(self) -> str:
        return str.__str__(self.message())

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "seq": self.seq,
            "event": self.event,
            "line": self.line,
            "reason": self.reason,
            "after": self.after,
            "expected": self.expected,
            "got": self.got,
            "message": self.message(),
        }


@dataclass(slots=True)
class ReplayReport:
    """One game's replay: its figures (from the log) and the first mismatch, if any."""

    game: int
    rules: str | None = None
    seats: int = 0
    events: int = 0  # events in the log
    decisions: int = 0  # act events
    turns: int = 0  # draws from the front of the wall, and claims
    result: str | None = None  # "win", "drawn" or "forfeit" (None if the log has no end)
    winners: list[int] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    fans: dict[str, int] = field(default_factory=dict)  # fan → wins that counted it
    mismatch: Mismatch | None = None

    @property
    def ok(self) -> bool:
        return self.mismatch is None

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "ok": self.ok,
            "rules": self.rules,
            "seats": self.seats,
            "events": self.events,
            "decisions": self.decisions,
            "turns": self.turns,
            "result": self.result,
            "winners": self.winners,
            "scores": self.scores,
            "fans": self.fans,
            "mismatch": None if self.mismatch is None else self.mismatch.to_dict(),
        }


def replay_game(
    log: GameLog | Sequence[Mapping[str, Any]], *, game: int | None = None
) -> ReplayReport:
    """Replay one game: ``log`` is a :class:`GameLog` read from a file, or a game's
    events (``Game.events``, or records with ``seq`` fields).  ``game`` overrides the
    index the report names."""
    replayer = _Replayer(log, game)
    replayer.run()
    return replayer.report()


def rebuild(log: GameLog | Sequence[Mapping[str, Any]], *, game_type: type[Game] = Game) -> Game:
    """The game a log records, played again to its logged end; ``ReplayError`` naming
    the game and event if it does not replay as logged.  ``game_type``: a subclass of
    :class:`Game` to play it with (``fanshu.engine.frames`` records what the table shows
    after each event through its public ``emit`` hook)."""
    replayer = _Replayer(log, None, game_type)
    replayer.run()
    if replayer.mismatch is not None:
        error = ReplayError(replayer.mismatch.message())
        error.mismatch = replayer.mismatch
        raise error
    assert replayer.game is not None
    return replayer.game


def iter_replays(games: Iterable[GameLog]) -> Iterator[ReplayReport]:
    """Replay each game read from a log; a game index the log skips is reported as a
    game with no events."""
    expected = 0
    for log in games:
        for missing in range(expected, log.index):
            yield ReplayReport(
                missing,
                mismatch=Mismatch(missing, 0, None, msg("the log has no events of this game")),
            )
        yield replay_game(log)
        expected = log.index + 1


def replay_lines(lines: Iterable[str | bytes]) -> Iterator[ReplayReport]:
    """Replay every game of a log given as lines (``LogError`` for a malformed line)."""
    return iter_replays(iter_games(lines))


def replay_file(path: str | Path) -> list[ReplayReport]:
    """Replay every game of the log file at ``path``."""
    with open(path, "rb") as f:
        return list(replay_lines(f))


# -- figures --------------------------------------------------------------------------


def game_figures(events: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """A game's figures from its events: decisions, turns (each front draw and each
    claim starts one), the end's result, winners and scores, and the fans counted."""
    decisions = turns = 0
    fans: Counter[str] = Counter()
    figures: dict[str, Any] = {"result": None, "winners": [], "scores": []}
    for e in events:
        kind = e.get("type")
        if kind == "act":
            decisions += 1
        elif starts_turn(e):
            turns += 1
        elif kind == "win":
            for f in e.get("fans") or ():
                if isinstance(f, list) and f and isinstance(f[0], str):
                    fans[f[0]] += 1
        elif kind == "end":
            figures.update(
                result=e.get("result"), winners=e.get("winners") or [], scores=e.get("scores") or []
            )
    figures.update(decisions=decisions, turns=turns, fans=dict(fans))
    return figures


class Summary:
    """Totals over replayed games, for a report: how many were identical, the
    mismatches, and per rule set the figures of the identical games — wins per seat,
    drawn games, forfeited ones (a judge's verdict, ``Game.forfeit``), events, turns
    and decisions per game, and how many wins counted each fan."""

    def __init__(self) -> None:
        self.games = 0
        self.mismatches: list[Mismatch] = []
        self._rules: dict[str, dict[str, Any]] = {}

    def add(self, report: ReplayReport) -> None:
        self.games += 1
        if report.mismatch is not None:
            self.mismatches.append(report.mismatch)
            return
        r = self._rules.setdefault(
            report.rules or "?",
            {
                "games": 0,
                "wins": 0,
                "wins_by_seat": [0] * report.seats,
                "drawn": 0,
                "forfeited": 0,
                "events": 0,
                "turns": 0,
                "decisions": 0,
                "fans": Counter(),
            },
        )
        r["games"] += 1
        for s in report.winners:
            r["wins"] += 1
            r["wins_by_seat"][s] += 1
        r["drawn"] += report.result == "drawn"
        r["forfeited"] += report.result == "forfeit"
        r["events"] += report.events
        r["turns"] += report.turns
        r["decisions"] += report.decisions
        r["fans"].update(report.fans)

    @property
    def identical(self) -> int:
        return self.games - len(self.mismatches)

    def to_dict(self) -> dict[str, Any]:
        rules = {}
        for name, r in sorted(self._rules.items()):
            n = r["games"]
            rules[name] = {
                "games": n,
                "wins": r["wins"],
                "wins_by_seat": r["wins_by_seat"],
                "drawn": r["drawn"],
                "forfeited": r["forfeited"],
                "events_per_game": round(r["events"] / n, 1),
                "turns_per_game": round(r["turns"] / n, 1),
                "decisions_per_game": round(r["decisions"] / n, 1),
                "fans": dict(r["fans"].most_common()),
            }
        return {
            "games": self.games,
            "identical": self.identical,
            "mismatched": len(self.mismatches),
            "rules": rules,
            "mismatches": [m.to_dict() for m in self.mismatches],
        }


# -- the replay -------------------------------------------------------------------------


def _unpack(
    log: GameLog | Sequence[Mapping[str, Any]], game: int | None
) -> tuple[int, list[dict[str, Any]], list[int], list[int] | None]:
    if isinstance(log, GameLog):
        index = log.index if game is None else game
        return index, log.events, log.seqs, log.lines
    events = [dict(e) for e in log]
    seqs = [e["seq"] if isinstance(e.get("seq"), int) else i for i, e in enumerate(events)]
    if game is None:
        first = events[0].get("game") if events else None
        game = first if isinstance(first, int) else 0
    return game, events, seqs, None


def _normal(event: Mapping[str, Any]) -> dict[str, Any]:
    """An event as compared: no meta or None fields, no ``stacked`` flag on the start."""
    out = {k: v for k, v in event.items() if v is not None and k not in META}
    if out.get("type") == "start":
        out.pop("stacked", None)
    return out


def _json(value: Any) -> Any:
    return json.loads(json.dumps(value, ensure_ascii=False))


def _shown(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else value
    return text if len(text) <= SHOWN else text[: SHOWN - 1] + "…"


def _joined(parts: Sequence[str]) -> str:
    """``parts`` joined by ``; `` as one message (each part keeps its translation)."""
    if not parts:
        return ""
    out = parts[0]
    for part in parts[1:]:
        out = msg("{first}; {then}", first=out, then=part)
    return out


def _difference(expected: Any, got: Any, path: str) -> str:
    """Where two JSON values first differ, as ``path: log X, replay Y``."""
    if isinstance(expected, list) and isinstance(got, list):
        for i, (a, b) in enumerate(zip(expected, got, strict=False)):
            if a != b:
                return _difference(a, b, f"{path}[{i}]")
        return msg(
            "{path}: {logged} items in the log, {made} in the replay",
            path=path,
            logged=len(expected),
            made=len(got),
        )
    if isinstance(expected, dict) and isinstance(got, dict):
        parts: list[str] = []
        for k in [*expected, *(k for k in got if k not in expected)]:
            sub = f"{path}.{k}" if path else str(k)
            if k not in got:
                parts.append(
                    msg("{path}: log {logged}, replay none", path=sub, logged=_shown(expected[k]))
                )
            elif k not in expected:
                parts.append(msg("{path}: log none, replay {made}", path=sub, made=_shown(got[k])))
            elif expected[k] != got[k]:
                parts.append(_difference(expected[k], got[k], sub))
        return _joined(parts)
    return msg(
        "{path}: log {logged}, replay {made}", path=path, logged=_shown(expected), made=_shown(got)
    )


class _Replayer:
    def __init__(
        self,
        log: GameLog | Sequence[Mapping[str, Any]],
        game: int | None,
        game_type: type[Game] = Game,
    ) -> None:
        self.index, self.events, self.seqs, self.lines = _unpack(log, game)
        self.game_type = game_type
        self.game: Game | None = None
        self.mismatch: Mismatch | None = None
        self.after: str | None = None
        self.k = 0  # the next logged event to compare

    def report(self) -> ReplayReport:
        f = game_figures(self.events)
        start = self.events[0] if self.events else {}
        rules = start.get("rules")
        seats = start.get("seats")
        return ReplayReport(
            self.index,
            rules=rules if isinstance(rules, str) else None,
            seats=seats if isinstance(seats, int) else 0,
            events=len(self.events),
            mismatch=self.mismatch,
            **f,
        )

    def fail(
        self,
        seq: int,
        reason: str,
        *,
        expected: Mapping[str, Any] | None = None,
        got: Mapping[str, Any] | None = None,
        at: int | None = None,
    ) -> None:
        """Record the mismatch at event ``seq`` (``at``: the logged event's position)."""
        kind = (expected or got or {}).get("type")
        line = None
        if self.lines is not None and at is not None and at < len(self.lines):
            line = self.lines[at]
        self.mismatch = Mismatch(
            self.index,
            seq,
            kind if isinstance(kind, str) else None,
            reason,
            None if expected is None else dict(expected),
            None if got is None else dict(got),
            line,
            self.after,
        )

    def logged(self, seq: int, got: Mapping[str, Any] | None) -> dict[str, Any] | None:
        """The logged event numbered ``seq`` (the next in the log), or None after
        recording why it is not there."""
        k = self.k
        if k >= len(self.events):
            if got:
                reason = msg("the log ends here; the replay goes on: {made}", made=_shown(got))
            else:
                reason = msg("the log ends here; the replay goes on")
            self.fail(seq, reason, got=got)
            return None
        logged_seq = self.seqs[k]
        if logged_seq != seq:
            if logged_seq > seq:
                reason = msg(
                    "missing from the log (the log goes on with event {seq})", seq=logged_seq
                )
            else:
                reason = msg(
                    "the log has event {seq} again here (repeated or out of order)", seq=logged_seq
                )
            self.fail(seq, reason, got=got, at=k)
            return None
        return self.events[k]

    def compare_new(self) -> bool:
        """Compare the events the replay made since the last call; False on a mismatch."""
        assert self.game is not None
        made = self.game.events
        while self.k < len(made):
            seq = self.k
            got = _normal(made[seq])
            logged = self.logged(seq, got)
            if logged is None:
                return False
            expected = _normal(logged)
            if expected != got:
                got = _json(got)
                if expected != got:
                    if expected.get("type") != got.get("type"):
                        reason: str = msg(
                            "the log has a {kind} event, the replay {made}",
                            kind=expected.get("type"),
                            made=_shown(got),
                        )
                    else:
                        reason = _difference(expected, got, "")
                    self.fail(seq, reason, expected=expected, got=got, at=seq)
                    return False
            self.k += 1
        return True

    def conserved(self) -> bool:
        assert self.game is not None
        errors = conservation_errors(self.game)
        if errors:
            seq = len(self.game.events) - 1
            self.fail(
                seq,
                msg("tile conservation: {errors}", errors="; ".join(errors)),
                got=_normal(self.game.events[seq]),
                at=seq,
            )
            return False
        return True

    def setup(self) -> bool:
        """Build the game from the start event."""
        start = self.logged(0, None) if self.events else None
        if start is None:
            if not self.events:
                self.fail(0, msg("the log has no events of this game"))
            return False
        if start.get("type") != "start":
            self.fail(
                0,
                msg("a game begins with a start event, not {kind!r}", kind=start.get("type")),
                expected=start,
                at=0,
            )
            return False
        try:
            wall = start.get("wall")
            if not isinstance(wall, list):
                raise FanshuError(
                    msg("its wall is a list of tile codes, not {wall}", wall=f"{wall!r:.{SHOWN}}")
                )
            tiles = []
            for i, code in enumerate(wall):
                t = TILE_OF_CODE.get(code) if isinstance(code, str) else None
                if t is None:
                    raise FanshuError(
                        msg("wall[{i}] is not a tile code: {code}", i=i, code=f"{code!r:.{SHOWN}}")
                    )
                tiles.append(t)
            rules, seed = start.get("rules"), start.get("seed")
            if not isinstance(rules, str):
                raise FanshuError(
                    msg("its rules are a name, not {rules}", rules=f"{rules!r:.{SHOWN}}")
                )
            if isinstance(seed, bool) or not isinstance(seed, int):
                raise FanshuError(
                    msg("its seed is a whole number, not {seed}", seed=f"{seed!r:.{SHOWN}}")
                )
            self.game = self.game_type(
                rules,
                seed=seed,
                options=start.get("options"),
                config=start.get("config"),
                wall=tiles,
                players=start.get("players"),
                carry=start.get("carry"),
            )
        except Exception as e:  # a bad field the engine did not foresee: still name it
            error = e.message if isinstance(e, FanshuError) else str(e)
            self.fail(
                0,
                msg("cannot set up the game from the start event: {error}", error=error),
                expected=start,
                at=0,
            )
            return False
        return True

    def decide(self) -> bool:
        """Play the next logged decision; False if there is none or it cannot be played."""
        game = self.game
        assert game is not None and game.to_act is not None
        seq, s = len(game.events), game.to_act
        if self.k >= len(self.events):
            self.fail(
                seq, msg("the log ends here; the game waits for a decision by seat {seat}", seat=s)
            )
            return False
        e = self.logged(seq, {"type": "act", "seat": s})
        if e is None:
            return False
        if e.get("type") == "forfeit":
            return self.forfeit(seq, e)
        if e.get("type") != "act":
            self.fail(
                seq,
                msg(
                    "the log has a {kind} event where the game waits for a decision by seat {seat}",
                    kind=e.get("type"),
                    seat=s,
                ),
                expected=e,
                at=seq,
            )
            return False
        if e.get("seat") != s:
            self.fail(
                seq,
                msg(
                    "the log has seat {logged!r} decide; the game asks seat {seat}",
                    logged=e.get("seat"),
                    seat=s,
                ),
                expected=e,
                at=seq,
            )
            return False
        action = e.get("action")
        self.after = msg(
            "seat {seat} {action} (event {seq})", seat=s, action=_shown(action), seq=seq
        )
        try:
            game.step(action if isinstance(action, str) else repr(action), seat=s)
        except ActionError as err:
            self.fail(
                seq, msg("not a legal decision: {error}", error=err.message), expected=e, at=seq
            )
            return False
        except Exception as err:  # an engine fault: report it with the game and event
            self.fail(
                seq,
                msg(
                    "the engine failed on this decision: {kind}: {error}",
                    kind=type(err).__name__,
                    error=str(err),
                ),
                expected=e,
                at=seq,
            )
            return False
        return True

    def forfeit(self, seq: int, e: Mapping[str, Any]) -> bool:
        """Re-apply a logged forfeit (``Game.forfeit``): a judge's verdict, not a
        decision, so it comes where the game waited for one."""
        game = self.game
        assert game is not None
        seat, reason, detail = e.get("seat"), e.get("reason"), e.get("detail")
        self.after = msg(
            "seat {seat!r} forfeit {reason} (event {seq})",
            seat=seat,
            reason=_shown(reason),
            seq=seq,
        )
        try:
            if isinstance(seat, bool) or not isinstance(seat, int):
                raise ActionError(msg("its seat is a number, not {seat!r}", seat=seat))
            game.forfeit(
                seat,
                reason if isinstance(reason, str) else repr(reason),
                detail=detail if isinstance(detail, str) or detail is None else repr(detail),
            )
        except ActionError as err:
            self.fail(
                seq,
                msg("not a forfeit the game can take: {error}", error=err.message),
                expected=e,
                at=seq,
            )
            return False
        return True

    def run(self) -> None:
        if not self.setup():
            return
        game = self.game
        assert game is not None
        if not (self.compare_new() and self.conserved()):
            return
        while not game.done:
            if not (self.decide() and self.compare_new() and self.conserved()):
                return
        if self.k < len(self.events):
            extra = len(self.events) - self.k
            self.fail(
                self.seqs[self.k],
                msg("the game is over, but the log has {n} more event(s)", n=extra),
                expected=self.events[self.k],
                at=self.k,
            )
            return
        errors = zero_sum_errors(game)
        if errors:
            seq = len(game.events) - 1
            self.fail(
                seq,
                msg("zero sum: {errors}", errors="; ".join(errors)),
                got=_normal(game.events[seq]),
                at=seq,
            )
