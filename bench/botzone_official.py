"""Play Chinese-Standard-Mahjong matches through Botzone's *public* judge, the way
Botzone's server does, and save each match log in Botzone's format.

The judge (``judge/main.cpp`` of github.com/ailab-pku/Chinese-Standard-Mahjong, with the
MahjongGB fan calculator of the same repository) and its sample bot
(``sample-bot-Botzone/sample.cpp``) are compiled here from that repository into a cache
directory outside fanshu (g++, jsoncpp and boost headers:
``apt-get install -y g++ libjsoncpp-dev libboost-dev``).  Nothing of them is copied into
fanshu: these logs are the outside check that ``fanshu.botzone.logs`` re-scores a match
exactly as the official judge did (``tests/botzone/test_logs.py``).

How Botzone runs a match (wiki: 裁判 / Bot): the judge is run once per turn with
``{"log": [...], "initdata": ...}`` — the log alternates the judge's outputs
(``{"output": {"command", "content", "display"}, "verdict", ...}``) and the bots'
answers keyed by player id (``{"0": {"verdict": "OK", "response": ...}, ...}``); each
bot named in ``content`` gets its request and answers; the match ends when the judge
says ``"command": "finish"``.  The initdata is the judge's first output's (the wall).

Bots here: ``sample`` (the public sample bot, a process per decision in Botzone's JSON
format: discards at random, never claims nor declares HU), and two tiny in-process test
bots: ``hu`` declares HU whenever MahjongGB (PyMahjongGB, a dev dependency) says the
hand wins with 8 fan beside the flowers, declares a concealed kong when it draws a
fourth copy, else discards the tile it drew; ``wrong`` declares HU on its first draw
(a 错和, Botzone's ``WH``).

    .venv/bin/python bench/botzone_official.py --fixtures tests/botzone/data/official
    .venv/bin/python bench/botzone_official.py --bots sample,hu,sample,hu --srand 7 --out m.json
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

#: The public judge's repository: a checkout or a bare git directory.
DEFAULT_REPO = Path(
    os.environ.get("FANSHU_BOTZONE_REPO", "/work/.mirror/ailab-pku+Chinese-Standard-Mahjong/repo")
)
#: Where the judge and the sample bot are built (never inside fanshu).
BUILD = Path(os.environ.get("FANSHU_BOTZONE_BUILD", "/tmp/fanshu-botzone-build"))
APT = "apt-get install -y g++ libjsoncpp-dev libboost-dev"
ALGORITHM = "fan-calculator-usage/ChineseOfficialMahjongHelper/Classes/mahjong-algorithm"
ALGORITHM_FILES = (
    "fan_calculator.cpp",
    "fan_calculator.h",
    "shanten.cpp",
    "shanten.h",
    "standard_tiles.h",
    "stringify.cpp",
    "stringify.h",
    "tile.h",
)
#: Seconds a bot may take for one decision (Botzone gives 1 s to a C++ bot; locally a
#: little slack for a loaded machine).
TIME_LIMIT = 5.0


class BuildError(RuntimeError):
    """The judge or the sample bot cannot be built here (the message says why)."""


def _source(repo: Path, path: str) -> bytes:
    """A file of the judge's repository, from a checkout or with ``git show``."""
    if (repo / path).is_file():
        return (repo / path).read_bytes()
    try:
        return subprocess.run(
            ["git", "--git-dir", str(repo), "show", f"HEAD:{path}"],
            check=True,
            capture_output=True,
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        raise BuildError(
            f"cannot read {path} from {repo}: FANSHU_BOTZONE_REPO names a checkout (or "
            "git directory) of github.com/ailab-pku/Chinese-Standard-Mahjong"
        ) from None


def missing_tools() -> str | None:
    """Why the C++ programs cannot be built here, or None."""
    if shutil.which("g++") is None:
        return f"g++ is not installed ({APT})"
    if not Path("/usr/include/jsoncpp/json/json.h").is_file():
        return f"the jsoncpp headers are not installed ({APT})"
    if not Path("/usr/include/boost/algorithm/string/split.hpp").is_file():
        return f"the boost headers are not installed ({APT})"
    return None


def build(repo: Path = DEFAULT_REPO, where: Path = BUILD) -> tuple[Path, Path]:
    """Compile the judge and the sample bot (once; cached in ``where``)."""
    judge, sample = where / "judge", where / "sample"
    if judge.is_file() and sample.is_file():
        return judge, sample
    why = missing_tools()
    if why:
        raise BuildError(why)
    src = where / "src"
    (src / "MahjongGB").mkdir(parents=True, exist_ok=True)
    for name in ALGORITHM_FILES:
        (src / "MahjongGB" / name).write_bytes(_source(repo, f"{ALGORITHM}/{name}"))
    (src / "judge.cpp").write_bytes(_source(repo, "judge/main.cpp"))
    (src / "sample.cpp").write_bytes(_source(repo, "sample-bot-Botzone/sample.cpp"))
    link = src / "jsoncpp"
    if not link.exists():
        link.symlink_to("/usr/include/jsoncpp/json")
    # _BOTZONE_ONLINE: read stdin (not data.json) and include "jsoncpp/json.h", as on
    # Botzone; C++11 for the sample bot's random_shuffle.
    for name, out in (("judge.cpp", judge), ("sample.cpp", sample)):
        cmd = ["g++", "-O2", "-std=c++11", "-D_BOTZONE_ONLINE", "-I", str(src)]
        done = subprocess.run(
            [*cmd, str(src / name), "-o", str(out) + ".tmp", "-ljsoncpp"],
            capture_output=True,
            text=True,
        )
        if done.returncode:
            raise BuildError(f"g++ {name} failed:\n{done.stderr[-2000:]}")
        os.replace(str(out) + ".tmp", out)
    return judge, sample


# -- bots ---------------------------------------------------------------------------

Bot = Callable[[list[str], list[str]], str]


def process_bot(program: Path) -> Bot:
    """A bot run once per decision in Botzone's JSON format (as Botzone runs it)."""

    def answer(requests: list[str], responses: list[str]) -> str:
        line = json.dumps({"requests": requests, "responses": responses}) + "\n"
        done = subprocess.run(
            [str(program)], input=line, capture_output=True, text=True, timeout=TIME_LIMIT
        )
        out: Any = json.loads(done.stdout)
        return str(out["response"])

    return answer


def _fan(
    packs: list[tuple[str, str, int]],
    hand: list[str],
    tile: str,
    flowers: int,
    self_drawn: bool,
    seat: int,
    quan: int,
    kong: bool,
) -> int:
    """MahjongGB's fan total for a win (0 when the hand does not win)."""
    from MahjongGB import MahjongFanCalculator  # dev dependency (the test oracle)

    try:
        fans = MahjongFanCalculator(
            pack=tuple(packs),
            hand=tuple(hand),
            winTile=tile,
            flowerCount=flowers,
            isSelfDrawn=self_drawn,
            is4thTile=False,
            isAboutKong=kong,
            isWallLast=False,
            seatWind=seat,
            prevalentWind=quan,
        )
    except TypeError as e:  # MahjongGB raises ERROR_NOT_WIN for a hand that does not win
        if "ERROR_NOT_WIN" in str(e):
            return 0
        raise
    return sum(int(f[0]) for f in fans)


#: The claim bot claims and declares kongs only while every seat has drawn fewer than
#: this many tiles (the judge answers a claim or a kong near an empty part with WA, and
#: a bot cannot see the parts).
CLAIM_DRAWS = 12


def hu_bot(wrong: bool = False, claim: bool = False) -> Bot:
    """The test bots ``hu``, ``claim`` and ``wrong``: each re-reads its whole history
    on every decision, as a bot run once per decision does.  ``claim`` also claims:
    a kong or a pung of any discard it can, a chow from its 上家, adds to its pungs."""

    def answer(requests: list[str], responses: list[str]) -> str:
        me, quan = (int(w) for w in requests[0].split()[1:3])
        hand: list[str] = []
        packs: list[tuple[str, str, int]] = []
        flowers = 0
        draws = [0, 0, 0, 0]
        offered: tuple[int, str] | None = None  # the discard on the table
        for i, line in enumerate(requests[:-1] if len(requests) > 1 else []):
            w = line.split()
            mine = responses[i].split()
            if w[0] == "1":
                flowers = int(w[1 + me])
                hand = w[5:18]
                continue
            if w[0] == "2":
                draws[me] += 1
                offered = None
                hand.append(w[1])
                if mine[0] == "PLAY":
                    hand.remove(mine[1])
                elif mine[0] == "GANG":
                    for _ in range(4):
                        hand.remove(mine[1])
                    packs.append(("GANG", mine[1], 0))
                elif mine[0] == "BUGANG":
                    hand.remove(mine[1])
                    packs = [
                        ("GANG", t, o) if (k, t) == ("PENG", mine[1]) else (k, t, o)
                        for k, t, o in packs
                    ]
                continue
            seat, what = int(w[1]), w[2]
            if what in ("DRAW", "BUHUA"):
                draws[seat] += what == "DRAW"
                flowers += seat == me and what == "BUHUA"
            if seat == me and offered is not None and what in ("PENG", "CHI", "GANG"):
                giver, tile = offered
                if what == "PENG":
                    for _ in range(2):
                        hand.remove(tile)
                    hand.remove(w[3])
                    packs.append(("PENG", tile, (me - giver) % 4))
                elif what == "CHI":
                    hand.append(tile)
                    middle = w[3]
                    for r in (-1, 0, 1):
                        hand.remove(f"{middle[0]}{int(middle[1]) + r}")
                    hand.remove(w[4])
                    packs.append(("CHI", middle, int(tile[1]) - int(middle[1]) + 2))
                else:
                    for _ in range(3):
                        hand.remove(tile)
                    packs.append(("GANG", tile, (me - giver) % 4))
            offered = (seat, w[-1]) if what in ("PLAY", "PENG", "CHI") else None
        early = claim and max(draws) < CLAIM_DRAWS
        w = requests[-1].split()
        if w[0] == "2":
            if wrong:
                return "HU"
            tile = w[1]
            # the draw after its own kong: 杠上开花 counts
            last = requests[-2].split() if len(requests) > 1 else []
            kong = last[:3] in (["3", str(me), "GANG"], ["3", str(me), "BUGANG"])
            if _fan(packs, hand, tile, flowers, True, me, quan, kong) >= 8 + flowers:
                return "HU"
            if hand.count(tile) == 3 and (early or not claim):
                return f"GANG {tile}"
            if early and ("PENG", tile) in {(k, t) for k, t, _ in packs}:
                return f"BUGANG {tile}"
            return f"PLAY {tile}"
        if w[0] != "3" or int(w[1]) == me or w[2] not in ("PLAY", "PENG", "CHI", "BUGANG"):
            return "PASS"
        tile = w[-1]
        if _fan(packs, hand, tile, flowers, False, me, quan, w[2] == "BUGANG") >= 8 + flowers:
            return "HU"
        if not early or w[2] == "BUGANG":
            return "PASS"
        if hand.count(tile) == 3:
            return "GANG"
        if hand.count(tile) == 2:
            rest = [t for t in hand if t != tile]
            return f"PENG {rest[-1]}" if rest else "PASS"
        if int(w[1]) == (me + 3) % 4 and tile[0] in "WBT":
            n = int(tile[1])
            for middle in (n - 1, n, n + 1):
                run = [f"{tile[0]}{m}" for m in (middle - 1, middle, middle + 1)]
                if not 2 <= middle <= 8:
                    continue
                left = [*hand, tile]
                if all(t in left for t in run):
                    for t in run:
                        left.remove(t)
                    if left:
                        return f"CHI {tile[0]}{middle} {left[-1]}"
        return "PASS"

    return answer


def make_bots(names: Sequence[str], sample: Path) -> list[Bot]:
    bots: list[Bot] = []
    for name in names:
        if name == "sample":
            bots.append(process_bot(sample))
        elif name in ("hu", "wrong", "claim"):
            bots.append(hu_bot(wrong=name == "wrong", claim=name == "claim"))
        else:
            raise SystemExit(f"unknown bot {name!r}: sample, hu, claim or wrong")
    return bots


# -- a match ------------------------------------------------------------------------


def play(judge: Path, bots: Sequence[Bot], initdata: dict[str, Any]) -> dict[str, Any]:
    """One match as Botzone plays it; returns ``{"log": [...], "initdata": {...}}``."""
    log: list[dict[str, Any]] = []
    requests: list[list[str]] = [[] for _ in bots]
    responses: list[list[str]] = [[] for _ in bots]
    while True:
        start = time.perf_counter()
        done = subprocess.run(
            [str(judge)],
            input=json.dumps({"log": log, "initdata": initdata}),
            capture_output=True,
            text=True,
            check=True,
        )
        ms = round((time.perf_counter() - start) * 1000)
        output = json.loads(done.stdout)
        if not log and isinstance(output.get("initdata"), dict):
            initdata = output["initdata"]  # Botzone keeps the first output's initdata
        log.append({"output": output, "verdict": "OK", "time": ms, "memory": 0})
        if output["command"] == "finish":
            return {"log": log, "initdata": initdata}
        answers: dict[str, dict[str, Any]] = {}
        for key, request in output["content"].items():
            seat = int(key)
            requests[seat].append(str(request))
            start = time.perf_counter()
            try:
                answer = bots[seat](requests[seat], responses[seat])
                verdict = "OK"
            except subprocess.TimeoutExpired:
                answer, verdict = "", "TLE"
            except (OSError, ValueError, KeyError, IndexError, subprocess.SubprocessError):
                answer, verdict = "", "RE"
            responses[seat].append(answer)
            ms = round((time.perf_counter() - start) * 1000)
            answers[key] = {"verdict": verdict, "response": answer, "time": ms, "memory": 0}
        log.append(answers)


# -- stacked walls ------------------------------------------------------------------

ALL_TILES = (
    [f"{s}{n}" for s in "WBT" for n in range(1, 10) for _ in range(4)]
    + [f"F{n}" for n in range(1, 5) for _ in range(4)]
    + [f"J{n}" for n in range(1, 4) for _ in range(4)]
)
FLOWERS = [f"H{n}" for n in range(1, 9)]


def stack(seqs: Sequence[Sequence[str]], seed: int, flowers: bool = False) -> str:
    """A ``walltiles`` string in which seat i takes ``seqs[i]`` first, in order (its
    deal, then its draws), the rest of the tile set shuffled after them.  The judge
    cuts the wall into four parts and each seat takes from the end of its own part."""
    rest = list(ALL_TILES) + (FLOWERS if flowers else [])
    for seq in seqs:
        for t in seq:
            rest.remove(t)
    random.Random(seed).shuffle(rest)
    part = (len(rest) + sum(len(s) for s in seqs)) // 4
    walls: list[str] = []
    for seq in seqs:
        fill = part - len(seq)
        head, rest = rest[:fill], rest[fill:]
        walls.extend(head + list(reversed(seq)))
    assert not rest, "seqs must take the same number of tiles from each part"
    return " ".join(walls)


def fixtures(judge: Path, sample: Path, out: Path, only: set[str] | None = None) -> list[Path]:
    """The logs of tests/botzone/data/official (deterministic: srand and walls fixed)."""
    plain = ["W1", "T1", "T4", "T7", "F1", "F2", "F3", "F4", "J2", "J3", "B9", "T9", "W9"]
    pairs = ["W3", "W3", "W5", "W5", "B7", "B7", "B9", "B9", "F1", "F1", "T2", "T2", "J1"]
    dragon = ["W1", "W2", "W3", "W4", "W5", "W6", "W7", "W8", "W9", "B1", "B2", "B3", "B5"]
    kong = ["T5", "T5", "T5", "B2", "B3", "B4", "W6", "W7", "W8", "J2", "J2", "F3", "F3"]
    knitted = ["W2", "W5", "W8", "B1", "B2", "B3", "B3", "B6", "B9", "T1", "T4", "T4", "T7"]
    robber0 = [
        *["W1", "W1", "W5", "W9", "B3", "B7", "B7", "T1", "T8", "F1", "F2", "J1", "J3"],
        "T5",
    ]
    robber1 = [
        *["T5", "T5", "W2", "W3", "W7", "B4", "B6", "F4", "F4", "J2", "T7", "T8", "B9"],
        "T5",
    ]
    robber2 = ["W2", "W3", "W4", "W5", "W6", "W7", "B7", "B8", "B9", "T1", "T1", "T4", "T6"]
    tied = ["B2", "B2", "B2", "B3", "B3", "B4", "B4", "B4", "B5", "B5", "T4", "T5", "T6"]
    rng_seed = 20261202
    matches: list[tuple[str, list[str], dict[str, Any]]] = [
        ("huang-sample", ["sample"] * 4, {"srand": 1, "quan": 0}),
        (
            "huang-flowers",
            ["sample", "hu", "sample", "hu"],
            {"srand": 2, "quan": 1, "walltiles": stack([[], [], [], []], rng_seed, True)},
        ),
        # seat 2 is dealt 七对 waiting on 中 with a flower among its tiles (its part
        # replaces it), and draws the 中 itself: a self-drawn win
        (
            "hu-self-drawn",
            ["sample", "sample", "hu", "sample"],
            {
                "srand": 3,
                "quan": 2,
                "walltiles": stack([[], [], ["H3", *pairs, "J1"], []], rng_seed + 1, True),
            },
        ),
        # seat 0 (hu: discards what it draws) draws B5, on which seat 1 wins (清龙)
        (
            "hu-discard",
            ["hu", "hu", "sample", "sample"],
            {
                "srand": 4,
                "quan": 3,
                "walltiles": stack([[*plain, "B5"], dragon, [], []], rng_seed + 2),
            },
        ),
        # seat 3 draws a fourth T5, declares the concealed kong, and wins on the
        # replacement (杠上开花)
        (
            "hu-kong",
            ["sample", "sample", "sample", "hu"],
            {
                "srand": 5,
                "quan": 0,
                "walltiles": stack([[], [], [], [*kong, "T5", "F3"]], rng_seed + 3),
            },
        ),
        # seat 0 is dealt 组合龙 + 123p + 4s and draws the second 4s: the judge's
        # calculator counts no 单钓将 when the winning tile is one of the 组合龙's
        (
            "knitted-single-wait",
            ["hu", "sample", "sample", "sample"],
            {
                "srand": 7,
                "quan": 0,
                "walltiles": stack([[*knitted, "T4"], [], [], []], rng_seed + 4),
            },
        ),
        # seat 1 wins 222333444p55p456s on seat 0's 3p: the judge reads three pungs
        # (一色三节高), fanshu three chows (一色三同顺), both 38 fan
        (
            "equal-readings",
            ["hu", "hu", "sample", "sample"],
            {
                "srand": 10,
                "quan": 0,
                "walltiles": stack([[*plain, "B3"], tied, [], []], rng_seed + 5),
            },
        ),
        # four claim bots: pungs and chows on a shuffled wall
        ("claims", ["claim"] * 4, {"srand": 8, "quan": 1}),
        # claims, an added kong (BUGANG) and a win on a discard with melds
        ("claims-hu", ["claim"] * 4, {"srand": 25, "quan": 1}),
        # seat 1 pungs the 5s seat 0 discards, adds the fourth to it, and seat 2, waiting
        # on 5s under 8 fan, robs the kong (抢杠和)
        (
            "rob-kong",
            ["hu", "claim", "hu", "sample"],
            {"srand": 9, "quan": 2, "walltiles": stack([robber0, robber1, robber2, []], 777)},
        ),
        # a kong claimed on a discard (明杠)
        ("claims-kong", ["claim"] * 4, {"srand": 43, "quan": 3}),
        # seat 1 declares HU on its first draw without a winning hand: WH, -30 / +10
        ("wrong-hu", ["sample", "wrong", "sample", "sample"], {"srand": 6, "quan": 0}),
    ]
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, names, initdata in matches:
        if only and name not in only:
            continue
        match = play(judge, make_bots(names, sample), initdata)
        path = out / f"{name}.json"
        path.write_text(json.dumps(match, ensure_ascii=False, separators=(",", ":")) + "\n")
        last = match["log"][-1]["output"]["display"]
        print(
            f"{path}: {len(match['log']) // 2} turns, {last.get('action')}, "
            f"scores {last.get('score')}, fan {last.get('fanCnt')}"
        )
        written.append(path)
    return written


def tenpai_walls(rng: random.Random) -> str:
    """A 144-tile wall in which each seat is dealt a concealed hand one tile from a
    win (fanshu's seeded winning hands) and the winning tile comes early: first in
    its own part (a self-drawn chance) or first in the part of the seat before it
    (the ``hu`` bot there discards what it draws: a win on a discard)."""
    from fanshu.notation.botzone import CODE_OF
    from fanshu.sampling import random_winning_hand

    while True:
        hands = []
        while len(hands) < 4:
            h = random_winning_hand(rng)
            if not h.melds and h.winning_tile is not None:
                hands.append(h)
        seqs: list[list[str]] = [[CODE_OF[t] for t in h.concealed] for h in hands]
        firsts: list[list[str]] = [[], [], [], []]
        for seat, h in enumerate(hands):
            assert h.winning_tile is not None
            where = seat if rng.random() < 0.5 else (seat + 3) % 4
            firsts[where].append(CODE_OF[h.winning_tile])
        for seat in range(4):
            rng.shuffle(seqs[seat])
            seqs[seat].extend(firsts[seat])
        used = [t for q in seqs for t in q]
        if all(used.count(t) <= 4 for t in set(used)):
            return stack(seqs, rng.randrange(2**31), flowers=rng.random() < 0.5)


def soak(judge: Path, sample: Path, games: int, seed: int, save: Path | None) -> int:
    """Play ``games`` matches of four ``hu`` bots on tenpai walls (and one in four of
    ``claim`` bots on a shuffled wall) through the official judge, re-score each log
    with fanshu and count: hands the judge scored, wins among them, agreement."""
    from fanshu.botzone.logs import rescore

    rng = random.Random(seed)
    totals: dict[str, Any] = {"games": 0, "checks": 0, "wins": 0, "same": 0}
    ends: dict[str, int] = {}
    bad = 0
    start = time.perf_counter()
    for n in range(games):
        if n % 4 == 3:
            bots, init = ["claim"] * 4, {"srand": rng.randrange(2**31), "quan": n % 4}
        else:
            init = {"srand": n, "quan": n % 4, "walltiles": tenpai_walls(rng)}
            bots = ["hu"] * 4
        match = play(judge, make_bots(bots, sample), init)
        game = rescore(match)
        d = game.to_dict()
        totals["games"] += 1
        totals["checks"] += d["checks"]
        totals["wins"] += d["wins_scored"]
        totals["same"] += d["checks_same"]
        ends[game.ending.action] = ends.get(game.ending.action, 0) + 1
        if game.explained:
            totals["games_explained"] = totals.get("games_explained", 0) + 1
            print(f"game {n} (explained): {game.explained[0]}", file=sys.stderr)
        if not game.agrees:
            bad += 1
            print(f"game {n}: {game.differences}", file=sys.stderr)
        if not game.same and save is not None:
            save.mkdir(parents=True, exist_ok=True)
            (save / f"differs-{seed}-{n}.json").write_text(json.dumps(match))
    totals["endings"] = ends
    totals["games_differ"] = bad
    totals["seconds"] = round(time.perf_counter() - start, 1)
    print(json.dumps(totals, ensure_ascii=False))
    return 1 if bad else 0


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--repo", type=Path, default=DEFAULT_REPO, help="the judge's repository")
    p.add_argument("--fixtures", type=Path, help="write the test fixtures into this directory")
    p.add_argument(
        "--bots", default="sample,sample,sample,sample", help="four of sample, hu, wrong"
    )
    p.add_argument("--srand", type=int, default=1)
    p.add_argument("--quan", type=int, default=0)
    p.add_argument("--out", type=Path, help="write one match's log here")
    p.add_argument("--only", help="with --fixtures: only these logs (comma-separated names)")
    p.add_argument("--soak", type=int, metavar="N", help="play N matches, re-score each")
    p.add_argument("--save", type=Path, help="with --soak: save the logs that differ here")
    a = p.parse_args(argv)
    try:
        judge, sample = build(a.repo)
    except BuildError as e:
        print(f"botzone_official: {e}", file=sys.stderr)
        return 2
    if a.fixtures:
        fixtures(judge, sample, a.fixtures, set(a.only.split(",")) if a.only else None)
        return 0
    if a.soak:
        return soak(judge, sample, a.soak, a.srand, a.save)
    names = a.bots.split(",")
    if len(names) != 4:
        raise SystemExit("--bots names four bots")
    match = play(judge, make_bots(names, sample), {"srand": a.srand, "quan": a.quan})
    text = json.dumps(match, ensure_ascii=False, separators=(",", ":"))
    if a.out:
        a.out.write_text(text + "\n")
    else:
        print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
