"""fanshu's Botzone bot against Botzone's judge rules.

The judge here is a small Python re-telling of Botzone's Chinese-Standard-Mahjong judge
(``judge/main.cpp`` of ailab-pku/Chinese-Standard-Mahjong): the same four walls of
34 (36 with flowers), the same request lines, the same checks of every answer (``WA``)
and the same win test — PyMahjongGB's fan calculator, the one the judge links, with
the judge's flags (``re >= 8 + flowers``, else ``WH``).  It records, for each seat and
request, what the judge knows then (``views``), so that a recorded game
(``data/*.json``) can be checked against the bot without replaying the judge.

Rewrite the recorded game with ``.venv/bin/python tests/botzone/test_bot.py``.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from fanshu.api import score as fanshu_score
from fanshu.botzone.bot import answer
from fanshu.botzone.state import LastTile
from fanshu.hand import Hand, Meld, MeldKind, WinContext
from fanshu.notation.botzone import TILE_OF_CODE
from fanshu.tiles import Tile
from support.oracle import oracle_raw

Bot = Callable[[Sequence[str], Sequence[str]], str]

NUMBERED = [f"{s}{n}" for n in range(1, 10) for s in "WBT"]
HONOURS = [f"F{n}" for n in range(1, 5)] + [f"J{n}" for n in range(1, 4)]
FLOWERS = [f"H{n}" for n in range(1, 9)]


class Wrong(Exception):
    """A bot's answer the judge refuses: WA, or WH for a HU that is no 8-fan win."""

    def __init__(self, seat: int, code: str, why: str) -> None:
        super().__init__(f"seat {seat}: {code}: {why}")
        self.seat, self.code = seat, code


def judge_fan(
    hand: Sequence[str],
    packs: Sequence[tuple[str, str, int]],
    win: str,
    flowers: int,
    *,
    seat: int,
    quan: int,
    self_drawn: bool,
    fourth: bool,
    kong: bool,
    last: bool,
) -> int:
    """The judge's ``calculate_fan`` result (flowers included); -1 for no win."""
    pack = []
    for kind, tile, offer in packs:
        if kind == "CHI":
            pack.append(("CHI", tile, offer + 1))
        else:
            pack.append((kind, tile, (offer - seat) % 4))
    fans = oracle_raw(
        {
            "pack": tuple(pack),
            "hand": tuple(hand),
            "winTile": win,
            "flowerCount": flowers,
            "isSelfDrawn": self_drawn,
            "is4thTile": fourth,
            "isAboutKong": kong,
            "isWallLast": last,
            "seatWind": seat,
            "prevalentWind": quan,
        }
    )
    return -1 if fans is None else sum(f[0] for f in fans)


@dataclass
class Game:
    """One judged game: each seat's requests and responses, and the judge's view."""

    seed: int
    quan: int
    requests: list[list[str]] = field(default_factory=lambda: [[], [], [], []])
    responses: list[list[str]] = field(default_factory=lambda: [[], [], [], []])
    #: per seat, per request: what the judge knows when the seat answers it
    views: list[list[dict[str, Any]]] = field(default_factory=lambda: [[], [], [], []])
    end: str = ""
    winner: int | None = None
    fan: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "source": "tests/botzone/test_bot.py MiniJudge (judge/main.cpp's rules and lines)",
            "seed": self.seed,
            "quan": self.quan,
            "end": self.end,
            "winner": self.winner,
            "fan": self.fan,
            "seats": [
                {
                    "requests": self.requests[i],
                    "responses": self.responses[i],
                    "views": self.views[i],
                }
                for i in range(4)
            ],
        }


class MiniJudge:
    def __init__(
        self,
        seed: int,
        *,
        flowers: bool = False,
        quan: int | None = None,
        walltiles: Sequence[str] | None = None,
    ) -> None:
        rng = random.Random(seed)
        tiles = [t for t in NUMBERED + HONOURS for _ in range(4)]
        if flowers:
            tiles += FLOWERS
        rng.shuffle(tiles)
        if walltiles is not None:  # as the judge's initdata.walltiles lists them
            tiles = list(walltiles)
        self.quan = rng.randrange(4) if quan is None else quan
        part = len(tiles) // 4
        self.walls = [tiles[part * i : part * (i + 1)] for i in range(4)]
        self.hand: list[list[str]] = [[], [], [], []]
        self.flower: list[list[str]] = [[], [], [], []]
        self.packs: list[list[tuple[str, str, int]]] = [[], [], [], []]
        self.shown: Counter[str] = Counter()
        self.game = Game(seed, self.quan)
        self.last_tile = ""
        self.last_op = ""
        self.chi_mid = ""
        self.flags = {"lastBU": False, "currBU": False, "lastGANG": False, "currGANG": False}
        self.flags |= {"lastAN": False, "currAN": False}

    # -- helpers ------------------------------------------------------------------

    def _kong_flag(self) -> bool:
        f = self.flags
        return f["lastBU"] or f["lastAN"] or f["currGANG"]

    def _shift(self) -> None:
        f = self.flags
        f["lastBU"], f["lastGANG"], f["lastAN"] = f["currBU"], f["currGANG"], f["currAN"]
        f["currBU"] = f["currGANG"] = f["currAN"] = False

    def _set_curr(self, which: str) -> None:
        for k in ("currBU", "currGANG", "currAN", "lastBU", "lastGANG", "lastAN"):
            self.flags[k] = False
        self.flags[which] = True

    def _view(self, seat: int, **facts: Any) -> dict[str, Any]:
        return {
            "hand": sorted(self.hand[seat]),
            "packs": [list(p) for p in self.packs[seat]],
            "flowers": len(self.flower[seat]),
            **facts,
        }

    def _ask(
        self, bots: Sequence[Bot], lines: Sequence[str], views: Sequence[dict[str, Any]]
    ) -> list[str]:
        out = []
        for i in range(4):
            g = self.game
            g.requests[i].append(lines[i])
            g.views[i].append(views[i])
            answer = bots[i](list(g.requests[i]), list(g.responses[i]))
            g.responses[i].append(answer)
            out.append(answer)
        return out

    def _remove(self, seat: int, tile: str, n: int = 1) -> None:
        for _ in range(n):
            if tile not in self.hand[seat]:
                raise Wrong(seat, "WA", f"holds no {tile}")
            self.hand[seat].remove(tile)

    def _hu(self, seat: int, stage: int) -> None:
        fan = judge_fan(
            self.hand[seat],
            self.packs[seat],
            self.last_tile,
            len(self.flower[seat]),
            seat=seat,
            quan=self.quan,
            self_drawn=stage == seat,
            fourth=self.shown[self.last_tile] == 3,
            kong=self._kong_flag(),
            last=not self.walls[(stage + 1) % 4],
        )
        if fan < 8 + len(self.flower[seat]):
            raise Wrong(seat, "WH", f"HU with {fan} fan and {len(self.flower[seat])} flowers")
        self.game.end, self.game.winner, self.game.fan = "HU", seat, fan

    def _win_facts(self, seat: int, stage: int) -> dict[str, Any]:
        return {
            "win_tile": self.last_tile,
            "self_drawn": stage == seat,
            "fourth": self.shown[self.last_tile] == 3,
            "kong": self._kong_flag(),
            "last": not self.walls[(stage + 1) % 4],
        }

    # -- the game -----------------------------------------------------------------

    def run(self, bots: Sequence[Bot]) -> Game:
        try:
            self._play(bots)
        except Wrong as e:
            self.game.end = f"{e.code} seat {e.seat}: {e}"
            raise
        return self.game

    def _all_pass(self, answers: Sequence[str], who: Sequence[int] = (0, 1, 2, 3)) -> None:
        for i in who:
            if answers[i] != "PASS":
                raise Wrong(i, "WA", f"{answers[i]!r} where only PASS is right")

    def _play(self, bots: Sequence[Bot]) -> None:
        q = self.quan
        self._all_pass(
            self._ask(
                bots,
                [f"0 {i} {q}" for i in range(4)],
                [self._view(i, ask="pass") for i in range(4)],
            )
        )
        for i in range(4):
            while len(self.hand[i]) < 13:
                t = self.walls[i].pop()
                (self.flower[i] if t[0] == "H" else self.hand[i]).append(t)
        counts = " ".join(str(len(f)) for f in self.flower)
        shown_flowers = " ".join(t for f in self.flower for t in f)
        lines = [
            " ".join(x for x in ("1", counts, " ".join(self.hand[i]), shown_flowers) if x)
            for i in range(4)
        ]
        self._all_pass(self._ask(bots, lines, [self._view(i, ask="pass") for i in range(4)]))
        stage, last_stage = 0, 0
        while True:
            if stage < 4:
                p = stage
                if not self.walls[p]:
                    self.game.end = "HUANG"
                    return
                self.last_tile = t = self.walls[p].pop()
                if t[0] == "H":
                    self.last_op = "BUHUA"
                    self.flower[p].append(t)
                    answers = self._ask(
                        bots,
                        [f"3 {p} BUHUA {t}"] * 4,
                        [self._view(i, ask="pass") for i in range(4)],
                    )
                    self._all_pass(answers)
                    self._shift()
                    continue
                self.last_op = "DRAW"
                lines = [f"2 {t}" if i == p else f"3 {p} DRAW" for i in range(4)]
                kong_ok = bool(self.walls[p]) and bool(self.walls[(p + 1) % 4])
                views = [
                    self._view(i, ask="pass")
                    if i != p
                    else self._view(
                        i, ask="draw", drawn=t, kong_ok=kong_ok, **self._win_facts(p, stage)
                    )
                    for i in range(4)
                ]
                answers = self._ask(bots, lines, views)
                last_stage = stage
                self._all_pass(answers, [i for i in range(4) if i != p])
                stage = self._after_draw(p, answers[p], stage)
                if self.game.end:
                    return
                self._shift()
            elif stage < 8:
                d = stage - 4
                if not self.walls[(last_stage + 1) % 4] and self.last_op in ("CHI", "PENG"):
                    raise Wrong(d, "WA", "claimed with the next wall empty")
                if self.last_op == "CHI":
                    line = f"3 {d} CHI {self.chi_mid} {self.last_tile}"
                else:
                    line = f"3 {d} {self.last_op} {self.last_tile}"
                claim_ok = bool(self.walls[(d + 1) % 4])
                views = [
                    self._view(i, ask="pass")
                    if i == d
                    else self._view(
                        i,
                        ask="claim",
                        offered=self.last_tile,
                        discarder=d,
                        claim_ok=claim_ok,
                        **self._win_facts(i, stage),
                    )
                    for i in range(4)
                ]
                answers = self._ask(bots, [line] * 4, views)
                last_stage = stage
                stage = self._after_discard(d, answers, stage)
                if self.game.end:
                    return
            else:
                k = stage - 8
                if not self.walls[(last_stage + 1) % 4] and self.last_op in ("GANG", "BUGANG"):
                    raise Wrong(k, "WA", "konged with the next wall empty")
                robbing = self.last_op != "GANG" and self.flags["lastBU"]
                line = f"3 {k} BUGANG {self.last_tile}" if robbing else f"3 {k} GANG"
                views = [
                    self._view(i, ask="rob", **self._win_facts(i, stage))
                    if robbing and i != k
                    else self._view(i, ask="pass")
                    for i in range(4)
                ]
                answers = self._ask(bots, [line] * 4, views)
                last_stage = stage
                for j in range(4):
                    i = (stage + j) % 4
                    if answers[i] == "PASS":
                        continue
                    if robbing and i != k and answers[i] == "HU":
                        self._hu(i, stage)
                        return
                    raise Wrong(i, "WA", f"{answers[i]!r} on a kong")
                stage -= 8

    def _after_draw(self, p: int, answer: str, stage: int) -> int:
        words = answer.split(" ")
        if words == ["HU"]:
            self._hu(p, stage)
            return stage
        if len(words) != 2:
            raise Wrong(p, "WA", f"{answer!r} after a draw")
        self.hand[p].append(self.last_tile)
        verb, tile = words
        self.last_tile = tile
        if verb == "PLAY":
            self._remove(p, tile)
            self.last_op = "PLAY"
            return stage + 4
        if verb in ("GANG", "BUGANG") and (not self.walls[p] or not self.walls[(p + 1) % 4]):
            raise Wrong(p, "WA", f"{answer!r} with a wall empty")
        if verb == "GANG":
            self._remove(p, tile, 4)
            self.packs[p].append(("GANG", tile, p))
            self.last_op = "GANG"
            self._set_curr("currAN")
            return p + 8
        if verb == "BUGANG":
            for n, (kind, t, offer) in enumerate(self.packs[p]):
                if kind == "PENG" and t == tile:
                    self.packs[p][n] = ("GANG", t, offer)
                    self._remove(p, tile)
                    self.shown[tile] = 4
                    self.last_op = "BUGANG"
                    self._set_curr("currBU")
                    return p + 8
        raise Wrong(p, "WA", f"{answer!r} after a draw")

    def _after_discard(self, d: int, answers: Sequence[str], stage: int) -> int:
        self._all_pass(answers, [d])
        for j in range(1, 4):
            i = (stage + j) % 4
            if answers[i] == "HU":
                self._hu(i, stage)
                return stage
        x = self.last_tile
        for i in range(4):
            if i == d:
                continue
            words = answers[i].split(" ")
            if words == ["PASS"]:
                continue
            if words == ["GANG"]:
                self._remove(i, x, 3)
                self.shown[x] = 4
                self.last_op = "GANG"
                self._set_curr("currGANG")
                self.packs[i].append(("GANG", x, d))
                return i + 8
            if len(words) == 2 and words[0] == "PENG":
                self._remove(i, x, 2)
                self.shown[x] += 3
                self.last_op = "PENG"
                self.packs[i].append(("PENG", x, d))
                self.last_tile = words[1]
                self._remove(i, words[1])
                return 4 + i
            if len(words) != 3:
                raise Wrong(i, "WA", f"{answers[i]!r} on a discard")
        for i in range(4):
            if i == d:
                continue
            words = answers[i].split(" ")
            if len(words) != 3:
                continue
            if words[0] != "CHI" or (stage - i) % 4 != 3:
                raise Wrong(i, "WA", f"{answers[i]!r}: a chow only from the seat before")
            self.hand[i].append(x)
            mid = words[1]
            if mid[0] not in "WBT" or mid[0] != x[0] or abs(int(mid[1]) - int(x[1])) > 1:
                raise Wrong(i, "WA", f"{answers[i]!r} cannot chow {x}")
            for n in (-1, 0, 1):
                t = f"{mid[0]}{int(mid[1]) + n}"
                self.shown[t] += 1
                self._remove(i, t)
            self.last_op = "CHI"
            self.chi_mid = mid
            self.packs[i].append(("CHI", mid, int(x[1]) - int(mid[1]) + 1))
            self.last_tile = words[2]
            self._remove(i, words[2])
            return 4 + i
        self.shown[x] += 1
        return (stage + 1) % 4


# -- checking one answer against what the judge knows --------------------------------


def _count(tiles: Sequence[str], t: str) -> int:
    return sum(1 for x in tiles if x == t)


def _win_ok(view: dict[str, Any], seat: int, quan: int) -> bool:
    """The judge's test (PyMahjongGB) and fanshu's scorer agree that it is an 8-fan win."""
    flowers = view["flowers"]
    packs = [tuple(p) for p in view["packs"]]
    fan = judge_fan(
        view["hand"],
        packs,
        view["win_tile"],
        flowers,
        seat=seat,
        quan=quan,
        self_drawn=view["self_drawn"],
        fourth=view["fourth"],
        kong=view["kong"],
        last=view["last"],
    )
    ours = fanshu_score(_fanshu_hand(view, seat, quan, packs), rules="mcr")
    assert ours.meets_minimum == (fan >= 8 + flowers), (view, fan, ours.total)
    if ours.meets_minimum:
        assert ours.total == fan, (view, fan, ours.total)
    return fan >= 8 + flowers


def _fanshu_hand(
    view: dict[str, Any], seat: int, quan: int, packs: Sequence[tuple[str, str, int]]
) -> Hand:
    melds = []
    for kind, code, offer in packs:
        t = TILE_OF_CODE[code]
        if kind == "CHI":
            melds.append(Meld(MeldKind.CHOW, Tile(t - 1), offer + 1))
        elif kind == "PENG":
            melds.append(Meld(MeldKind.PUNG, t, (seat - offer) % 4))
        elif offer == seat:
            melds.append(Meld(MeldKind.CONCEALED_KONG, t))
        else:
            melds.append(Meld(MeldKind.KONG, t, (seat - offer) % 4))
    ctx = WinContext(
        self_drawn=view["self_drawn"],
        fourth_tile=view["fourth"],
        kong=view["kong"],
        wall_last=view["last"],
        seat_wind=Tile(27 + seat),
        prevalent_wind=Tile(27 + quan),
        flowers=view["flowers"],
        dealer=seat == 0,
    )
    concealed = tuple(sorted(TILE_OF_CODE[c] for c in view["hand"]))
    return Hand(concealed, tuple(melds), TILE_OF_CODE[view["win_tile"]], ctx)


def check_answer(answer: str, view: dict[str, Any], seat: int, quan: int) -> None:
    """Fail unless the judge would accept ``answer`` in ``view``."""
    words = answer.split(" ")
    ask, hand = view["ask"], view["hand"]
    if ask == "pass":
        assert answer == "PASS", (answer, view)
        return
    if words == ["HU"]:
        assert ask in ("draw", "claim", "rob"), view
        assert _win_ok(view, seat, quan), (answer, view)
        return
    if ask == "rob":
        assert answer == "PASS", (answer, view)
        return
    if ask == "draw":
        held = [*hand, view["drawn"]]
        assert len(words) == 2, (answer, view)  # PASS is WA after one's own draw
        verb, tile = words
        if verb == "PLAY":
            assert tile in held, (answer, view)
        elif verb == "GANG":
            assert view["kong_ok"] and _count(held, tile) == 4, (answer, view)
        else:
            assert verb == "BUGANG", (answer, view)
            assert view["kong_ok"] and tile in held, (answer, view)
            assert ["PENG", tile] in [p[:2] for p in view["packs"]], (answer, view)
        return
    x = view["offered"]
    if answer == "PASS":
        return
    assert view["claim_ok"], (answer, view)
    rest = list(hand)
    if words == ["GANG"]:
        assert _count(hand, x) == 3, (answer, view)
        return
    if words[0] == "PENG":
        assert _count(hand, x) >= 2, (answer, view)
        rest.remove(x)
        rest.remove(x)
        assert words[1] in rest, (answer, view)
        return
    verb, mid, out = words
    assert verb == "CHI" and view["discarder"] == (seat + 3) % 4, (answer, view)
    assert mid[0] == x[0] and mid[0] in "WBT" and 2 <= int(mid[1]) <= 8, (answer, view)
    assert abs(int(mid[1]) - int(x[1])) <= 1, (answer, view)
    rest.append(x)
    for n in (-1, 0, 1):
        rest.remove(f"{mid[0]}{int(mid[1]) + n}")  # ValueError: a tile it lacks
    assert out in rest, (answer, view)


# -- the tests ------------------------------------------------------------------------


def _bots(players: Sequence[str], seed: int, last_tile: LastTile = "safe") -> list[Bot]:
    def bot(name: str) -> Bot:
        return lambda reqs, resps: str(
            answer(reqs, resps, player=name, seed=seed, last_tile=last_tile)
        )

    return [bot(n) for n in players]


def _check_game(g: Game) -> tuple[int, int]:
    """Every answer of the game checked against the judge's view; (decisions, wins)."""
    decisions = wins = 0
    for seat in range(4):
        for resp, view in zip(g.responses[seat], g.views[seat], strict=True):
            check_answer(resp, view, seat, g.quan)
            decisions += view["ask"] != "pass"
            wins += resp == "HU"
    return decisions, wins


@pytest.mark.parametrize(
    ("seed", "flowers", "players"),
    [
        (1, False, ("greedy", "greedy", "greedy", "greedy")),
        (2, True, ("greedy", "random", "fan", "greedy")),
        (3, False, ("ev", "greedy", "random", "fan")),
        (4, True, ("greedy", "ev", "greedy", "random")),
    ],
)
def test_whole_games_through_the_judge(seed: int, flowers: bool, players: tuple[str, ...]) -> None:
    g = MiniJudge(seed, flowers=flowers).run(_bots(players, seed))
    assert g.end in ("HU", "HUANG")
    decisions, wins = _check_game(g)
    assert decisions > 10
    assert (wins > 0) == (g.end == "HU")


@pytest.mark.parametrize("last_tile", ["safe", "botzone"])
def test_many_greedy_games_end_in_wins_the_judge_accepts(last_tile: LastTile) -> None:
    ends: Counter[str] = Counter()
    for seed in range(10, 16):
        bots = _bots(["greedy"] * 4, seed, last_tile)
        g = MiniJudge(seed, flowers=seed % 2 == 0).run(bots)
        _check_game(g)
        ends[g.end] += 1
    assert ends["HU"] >= 1  # greedy wins some hands: the HU path is exercised


DATA = Path(__file__).parent / "data"
#: Logs of Botzone's own judge (judge/main.cpp built as is) playing its sample bot, in
#: Botzone's log format (written by the logs helper; see fanshu.botzone.logs).
OFFICIAL = DATA / "official"


def _official_logs() -> list[Path]:
    return sorted(OFFICIAL.glob("*.json")) if OFFICIAL.is_dir() else []


def _replay_official(path: Path) -> tuple[MiniJudge, list[list[str]], str]:
    """Replay an official log's answers through the MiniJudge: (judge, the log's request
    lines per seat, how the log ends)."""
    log = json.loads(path.read_text(encoding="utf-8"))["log"]
    init = log[0]["output"]["initdata"]
    lines: list[list[str]] = [[], [], [], []]
    answers: list[list[str]] = [[], [], [], []]
    end = ""
    for k in range(0, len(log), 2):
        out = log[k]["output"]
        if out["command"] != "request":
            end = out["display"]["action"]
            break
        for seat in range(4):
            lines[seat].append(out["content"][str(seat)])
            answers[seat].append(log[k + 1][str(seat)]["response"])

    def replay(seat: int) -> Bot:
        return lambda reqs, resps: answers[seat][len(resps)]

    judge = MiniJudge(0, quan=int(init["quan"]), walltiles=init["walltiles"].split(" "))
    try:
        judge.run([replay(i) for i in range(4)])
    except Wrong as e:
        assert e.code == end, (e, end)
    return judge, lines, end


@pytest.mark.parametrize("path", _official_logs(), ids=lambda p: p.name)
def test_the_minijudge_writes_the_official_judges_lines(path: Path) -> None:
    judge, lines, end = _replay_official(path)
    assert judge.game.requests == lines
    assert (judge.game.end or "").split(" ")[0] in (end, f"{end}")
    if end == "HU":
        assert judge.game.winner is not None


@pytest.mark.parametrize("path", _official_logs(), ids=lambda p: p.name)
def test_the_bot_answers_the_official_judges_requests(path: Path) -> None:
    judge, _, _ = _replay_official(path)
    g = judge.game
    for seat in range(4):
        reqs, resps = g.requests[seat], g.responses[seat]
        for j, view in enumerate(g.views[seat]):
            got = str(answer(reqs[: j + 1], resps[:j], player="greedy", seed=3))
            check_answer(got, view, seat, g.quan)


def _fixtures() -> list[Path]:
    return sorted(DATA.glob("*.json"))


@pytest.mark.parametrize("path", _fixtures(), ids=lambda p: p.name)
@pytest.mark.parametrize("player", ["greedy", "random"])
def test_recorded_game_is_answered_as_the_protocol_requires(path: Path, player: str) -> None:
    g = json.loads(path.read_text(encoding="utf-8"))
    asked = 0
    for seat, s in enumerate(g["seats"]):
        reqs, resps = s["requests"], s["responses"]
        assert len(reqs) == len(resps) == len(s["views"])
        for j, view in enumerate(s["views"]):
            got = str(answer(reqs[: j + 1], resps[:j], player=player, seed=7))
            check_answer(got, view, seat, g["quan"])
            asked += view["ask"] != "pass"
    assert asked > 20


def test_the_recorded_games_cover_every_request_type() -> None:
    kinds: set[str] = set()
    for path in _fixtures():
        g = json.loads(path.read_text(encoding="utf-8"))
        for s in g["seats"]:
            for r in s["requests"]:
                w = r.split()
                kinds.add(w[0] if w[0] != "3" else "3 " + w[2])
    assert kinds >= {"0", "1", "2", "3 DRAW", "3 PLAY", "3 PENG", "3 CHI", "3 GANG", "3 BUHUA"}


def test_check_answer_refuses_what_the_judge_refuses() -> None:
    # the checker itself must be able to fail: a PLAY of a tile not held, a false HU
    view = {
        "ask": "draw",
        "hand": ["W1"] * 3 + ["W2", "W3", "W4", "B5", "B5", "B5", "T7", "T8", "T9", "F1"],
        "packs": [],
        "flowers": 0,
        "drawn": "F2",
        "kong_ok": True,
        "win_tile": "F2",
        "self_drawn": True,
        "fourth": False,
        "kong": False,
        "last": False,
    }
    with pytest.raises(AssertionError):
        check_answer("PLAY J1", view, 1, 0)
    with pytest.raises(AssertionError):
        check_answer("HU", view, 1, 0)
    with pytest.raises(AssertionError):
        check_answer("PASS", view, 1, 0)
    check_answer("PLAY F2", view, 1, 0)
    won = {**view, "drawn": "F1", "win_tile": "F1"}
    check_answer("HU", won, 1, 0)


def test_same_input_same_answer_and_the_seed_matters() -> None:
    g = MiniJudge(5).run(_bots(["random"] * 4, 5))
    s = g.seats if hasattr(g, "seats") else None
    assert s is None
    reqs, resps = g.requests[0], g.responses[0]
    turns = [j for j, v in enumerate(g.views[0]) if v["ask"] == "draw"]
    first = [str(answer(reqs[: j + 1], resps[:j], player="random", seed=1)) for j in turns]
    again = [str(answer(reqs[: j + 1], resps[:j], player="random", seed=1)) for j in turns]
    other = [str(answer(reqs[: j + 1], resps[:j], player="random", seed=2)) for j in turns]
    assert first == again
    assert first != other


def _dump(g: Game) -> str:
    """The game as JSON, one request (with its response and the judge's view) a line."""

    def c(x: object) -> str:
        return json.dumps(x, separators=(",", ":"), ensure_ascii=False)

    top = {k: v for k, v in g.to_json().items() if k != "seats"}
    out = ["{"] + [f" {c(k)}: {c(v)}," for k, v in top.items()]
    out.append(' "seats": [')
    for i in range(4):
        out.append("  {")
        for key in ("requests", "responses", "views"):
            rows = [c(x) for x in getattr(g, key)[i]]
            out.append(
                f'   "{key}": [\n    '
                + ",\n    ".join(rows)
                + "\n   ]"
                + ("," if key != "views" else "")
            )
        out.append("  }" + ("," if i < 3 else ""))
    out += [" ]", "}"]
    return "\n".join(out) + "\n"


def record(path: Path, seed: int, players: Sequence[str], *, flowers: bool) -> Game:
    g = MiniJudge(seed, flowers=flowers).run(_bots(players, seed))
    path.write_text(_dump(g), encoding="utf-8")
    assert json.loads(path.read_text(encoding="utf-8"))["seed"] == seed
    return g


if __name__ == "__main__":
    # Seeds chosen so that the two games hold every request type between them: a kong of
    # a discard or a concealed one, an added kong, flowers, and a hand that runs out.
    DATA.mkdir(exist_ok=True)
    for name, seed, flowers in (("game-flowers", 30, True), ("game-no-flowers", 46, False)):
        g = record(DATA / f"{name}.json", seed, ["greedy"] * 4, flowers=flowers)
        print(name, g.end, g.winner, g.fan, len(g.requests[0]))
