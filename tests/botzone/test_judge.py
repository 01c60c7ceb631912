"""The local Botzone judge: whole games between outside programs (written here, in
both input forms, one process per decision and keep-running) and fanshu seats; the
log replays; every penalty is Botzone's -30/+10 and names the offender."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from fanshu.botzone.judge import BotSpec, JudgeError, judge_games, parse_bot
from fanshu.botzone.protocol import Deal, parse_request
from fanshu.engine.log import read_log
from fanshu.engine.replay import replay_file

# A Botzone Chinese-Standard-Mahjong bot that keeps track of its hand: it discards the
# tile it drew, pungs another seat's discard when it holds a pair of it (and the wall
# is not empty), and otherwise passes — or misbehaves as argv says.
BOT = r"""
import json, sys, time
FORMAT, MODE, HOW = sys.argv[1:4]

def decide(requests, responses):
    me = int(requests[0].split()[1])
    hand, left, last = [], 144 - 52, None
    for i, req in enumerate(requests):
        w = req.split()
        if w[0] == "1":
            hand = w[5:18]
            left -= sum(int(x) for x in w[1:5])
        elif w[0] == "2":
            left -= 1
            hand.append(w[1])
        elif w[0] == "3":
            p, act = int(w[1]), w[2]
            if act in ("DRAW", "BUHUA"):
                left -= 1
            if p == me and act == "PENG":
                hand.remove(last)
                hand.remove(last)
            if act in ("PLAY", "PENG", "CHI"):
                last = w[-1]
        mine = responses[i].split() if i < len(responses) else []
        if len(mine) == 2 and mine[0] in ("PLAY", "PENG"):
            nxt = requests[i + 1].split() if i + 1 < len(requests) else []
            if mine[0] == "PLAY" or nxt[:3] == ["3", str(me), "PENG"]:
                hand.remove(mine[1])
    w = requests[-1].split()
    if HOW == "eager":
        return "HU"
    if w[0] == "2":
        if HOW == "crash":
            raise SystemExit(3)
        if HOW == "slow":
            time.sleep(30)
        if HOW == "garbage":
            return "PLAY W0"
        if HOW == "hu":
            return "HU"
        if HOW == "kong":
            return "GANG " + w[1]
        return "PLAY " + w[1]
    if w[0] == "3" and int(w[1]) != me and w[2] in ("PLAY", "PENG", "CHI"):
        t = w[-1]
        if HOW == "falsepeng":
            return "PENG " + hand[0]
        if HOW == "peng" and left > 0 and hand.count(t) >= 2:
            rest = list(hand)
            rest.remove(t)
            rest.remove(t)
            return "PENG " + sorted(rest)[0]
    return "PASS"

def answer(response):
    if FORMAT == "json":
        print(json.dumps({"response": response, "debug": "", "data": "", "globaldata": ""}))
    else:
        print(response); print(""); print(""); print("")

if FORMAT == "json":
    o = json.loads(sys.stdin.readline())
    requests, responses = o["requests"], o["responses"]
else:
    n = int(sys.stdin.readline())
    lines = [sys.stdin.readline().rstrip("\n") for _ in range(2 * n - 1)]
    requests, responses = lines[0::2], lines[1::2]
while True:
    r = decide(requests, responses)
    responses.append(r)
    answer(r)
    if MODE != "keep":
        break
    print(">>>BOTZONE_REQUEST_KEEP_RUNNING<<<", flush=True)
    line = sys.stdin.readline()
    while line and not line.strip():
        line = sys.stdin.readline()
    if not line:
        break
    requests.append(json.loads(line) if FORMAT == "json" else line.strip())
"""


@pytest.fixture(scope="module")
def bot(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("bots") / "bot.py"
    path.write_text(BOT, encoding="utf-8")
    return path


def spec(bot: Path, fmt: str, mode: str, how: str = "peng") -> BotSpec:
    command = f"'{sys.executable}' -S '{bot}' {fmt} {mode} {how}"
    return parse_bot(command, fmt="json" if fmt == "json" else "simple")


def transcript_rows(directory: Path) -> list[dict[str, object]]:
    rows = []
    for f in sorted(directory.glob("game-*.jsonl")):
        rows += [json.loads(x) for x in f.read_text(encoding="utf-8").splitlines()]
    return rows


def test_four_outside_programs_play_whole_games_and_the_log_replays(
    bot: Path, tmp_path: Path
) -> None:
    bots = [
        spec(bot, "json", "keep"),
        spec(bot, "simple", "keep"),
        spec(bot, "json", "keep", "draw"),
        spec(bot, "simple", "keep", "draw"),
    ]
    log, tdir = tmp_path / "games.jsonl", tmp_path / "transcripts"
    result = judge_games(
        bots, games=2, seed=3, time_limit=5.0, keep_running=True, log=log, transcripts=tdir
    )
    assert len(result.games) == 2
    for k, g in enumerate(result.games):
        assert g.offender is None and g.result in ("win", "drawn")
        # game k seats bot (i + k) % 4 at seat i
        assert [s.bot for s in g.seats] == [(i + k) % 4 for i in range(4)]
        assert sum(s.points for s in g.seats) == 0
        assert all(s.decisions == g.rounds for s in g.seats)  # every bot, every round
    reports = replay_file(log)
    assert [r.ok for r in reports] == [True, True]
    logged = read_log(log)
    assert logged[1].events[0]["players"] == [bots[(i + 1) % 4].name for i in range(4)]
    assert [r.scores for r in reports] == [[s.points for s in g.seats] for g in result.games]
    rows = transcript_rows(tdir)
    assert {r["verdict"] for r in rows} == {"OK"}
    assert any(str(r["response"]).startswith("PENG") for r in rows)


def test_programs_run_per_decision_and_kept_running_at_one_table(bot: Path, tmp_path: Path) -> None:
    # the judge lets programs keep running; the first two never ask to, so they are
    # started anew for every decision with the whole history (Botzone's default)
    bots = [
        spec(bot, "json", "once"),
        spec(bot, "simple", "once"),
        spec(bot, "json", "keep", "draw"),
        spec(bot, "simple", "keep", "draw"),
    ]
    log = tmp_path / "games.jsonl"
    result = judge_games(bots, games=1, seed=5, time_limit=5.0, keep_running=True, log=log)
    g = result.games[0]
    assert g.offender is None and g.rounds > 20
    assert all(s.decisions == g.rounds for s in g.seats)
    assert [r.ok for r in replay_file(log)] == [True]


def test_the_requests_are_botzones(bot: Path, tmp_path: Path) -> None:
    tdir = tmp_path / "t"
    bots = [spec(bot, "json", "keep"), "fanshu:ev", "fanshu:greedy", "fanshu:fan"]
    result = judge_games(bots, games=4, seed=1, time_limit=5.0, keep_running=True, transcripts=tdir)
    rows = transcript_rows(tdir)
    seen = {parse_request(str(r["request"])) for r in rows}
    heads = {str(r["request"]).split()[0] for r in rows}
    actions = {str(r["request"]).split()[2] for r in rows if str(r["request"])[0] == "3"}
    assert heads == {"0", "1", "2", "3"}
    assert {"DRAW", "PLAY", "PENG", "CHI", "BUHUA"} <= actions, actions
    # the deal: 13 tiles, no flower among them, the flowers shown by their counts
    deals = [r for r in seen if isinstance(r, Deal)]
    assert len(deals) == 4 and all(len(d.hand) == 13 for d in deals)
    assert all(not t.is_flower for d in deals for t in d.hand)
    # and the first request of each game says the bot's seat and the wind
    firsts = [str(r["request"]) for r in rows if r["round"] == 1]
    seats = [next(s.seat for s in g.seats if s.bot == 0) for g in result.games]
    assert firsts == [f"0 {s} 0" for s in seats]


def test_without_flowers_the_game_has_136_tiles_and_no_flower_request(
    bot: Path, tmp_path: Path
) -> None:
    tdir, log = tmp_path / "t", tmp_path / "g.jsonl"
    bots = [spec(bot, "json", "keep"), "fanshu:ev", "fanshu:greedy", "fanshu:fan"]
    judge_games(bots, games=2, seed=5, keep_running=True, flowers=False, transcripts=tdir, log=log)
    requests = [str(r["request"]) for r in transcript_rows(tdir)]
    assert not [r for r in requests if "BUHUA" in r or " H" in r]
    deals = [parse_request(r) for r in requests if r.startswith("1 ")]
    assert deals and all(isinstance(d, Deal) and d.flower_counts == (0, 0, 0, 0) for d in deals)
    games = read_log(log)
    assert all(len(g.events[0]["wall"]) == 136 for g in games)
    assert all(g.events[0]["config"]["flowers"] is False for g in games)
    assert [r.ok for r in replay_file(log)] == [True, True]


def test_payments_of_a_win_are_botzones(bot: Path, tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    bots = ["fanshu:ev", "fanshu:fan", spec(bot, "json", "keep"), "fanshu:greedy"]
    judge_games(bots, games=6, seed=2, time_limit=5.0, keep_running=True, log=log)
    wins = 0
    for game in read_log(log):
        win = next((e for e in game.events if e["type"] == "win"), None)
        if win is None:
            continue
        wins += 1
        base = 8 + win["total"]
        w, d = win["seat"], win.get("source")
        # Botzone: self-drawn 3*(8+fan) from all; on a discard 8+fan from the
        # discarder and 8 from each other
        want = [-base if d is None or s == d else -8 for s in range(4)]
        want[w] = -sum(want[s] for s in range(4) if s != w)
        assert game.events[-1]["scores"] == want
    assert wins >= 2


@pytest.mark.parametrize(
    ("how", "verdict", "detail"),
    [
        ("crash", "RE", "exit code"),
        ("slow", "TLE", "in time"),
        ("garbage", "WA", "unknown tile"),
        ("hu", "WH", "not a winning hand"),
        ("eager", "WA", "nothing to decide"),
        ("falsepeng", "WA", "PENG"),
        ("kong", "WA", "not a legal play"),
    ],
)
def test_penalties_end_the_hand_with_30_and_10(
    bot: Path, tmp_path: Path, how: str, verdict: str, detail: str
) -> None:
    log = tmp_path / "g.jsonl"
    bots = ["fanshu:ev", spec(bot, "json", "keep", how), "fanshu:greedy", "fanshu:fan"]
    result = judge_games(bots, games=1, seed=4, time_limit=0.5, keep_running=True, log=log)
    g = result.games[0]
    offender = next(s.seat for s in g.seats if s.bot == 1)
    assert (g.offender, g.reason, g.result) == (offender, verdict, "forfeit")
    assert detail in (g.detail or ""), g.detail
    assert [s.points for s in g.seats] == [-30 if s == offender else 10 for s in range(4)]
    assert g.seats[offender].verdict == verdict
    (report,) = replay_file(log)
    assert report.ok and report.result == "forfeit"
    totals = result.totals()
    assert totals[1][verdict] == 1 and totals[1]["points"] == -30


def test_a_fanshu_table_plays_without_programs(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    bots = ["fanshu:ev", "fanshu:greedy", "fanshu:random", "fanshu:greedy"]
    result = judge_games(bots, games=2, seed=9, log=log)
    assert all(g.offender is None for g in result.games)
    assert [r.ok for r in replay_file(log)] == [True, True]
    again = judge_games(bots, games=2, seed=9)  # seeded: the same games again
    assert [[s.points for s in g.seats] for g in again.games] == [
        [s.points for s in g.seats] for g in result.games
    ]


def test_bad_runs_are_refused() -> None:
    with pytest.raises(JudgeError, match="4 bots"):
        judge_games(["fanshu:ev"] * 3)
    with pytest.raises(JudgeError, match="games"):
        judge_games(["fanshu:ev"] * 4, games=0)
    with pytest.raises(JudgeError, match="time limit"):
        judge_games(["fanshu:ev"] * 4, time_limit=0)
    not_a_bool: Any = "no"
    with pytest.raises(JudgeError, match="flowers is true or false"):
        judge_games(["fanshu:ev"] * 4, flowers=not_a_bool)
    with pytest.raises(JudgeError, match="unknown fanshu player"):
        parse_bot("fanshu:smart")
    with pytest.raises(JudgeError, match="command line"):
        parse_bot("  ")


@pytest.mark.parametrize(
    ("fmt", "how", "verdict"), [("simple", "hu", "WH"), ("json", "crash", "RE")]
)
def test_penalties_of_programs_run_once_per_decision(
    bot: Path, tmp_path: Path, fmt: str, how: str, verdict: str
) -> None:
    log = tmp_path / "g.jsonl"
    bots = [spec(bot, fmt, "once", how), "fanshu:greedy", "fanshu:greedy", "fanshu:greedy"]
    result = judge_games(bots, games=1, seed=6, time_limit=5.0, log=log)
    g = result.games[0]
    assert (g.offender, g.reason) == (0, verdict)
    assert [s.points for s in g.seats] == [-30, 10, 10, 10]
    assert [r.ok for r in replay_file(log)] == [True]


def test_fanshus_own_bot_passes_the_judge(tmp_path: Path) -> None:
    # the bot side (fanshu botzone bot, both forms, keep-running) and the judge agree
    run = f"'{sys.executable}' -c 'from fanshu.cli.botzone import app; app()' bot"
    bots = [
        parse_bot(f"{run} --player fan --keep-running"),
        "fanshu:greedy",
        parse_bot(f"{run} --player greedy --keep-running", fmt="simple"),
        "fanshu:fan",
    ]
    log, tdir = tmp_path / "g.jsonl", tmp_path / "t"
    result = judge_games(
        bots, games=1, seed=5, time_limit=6.0, keep_running=True, log=log, transcripts=tdir
    )
    assert result.games[0].offender is None, result.games[0].detail
    assert {r["verdict"] for r in transcript_rows(tdir)} == {"OK"}
    assert [r.ok for r in replay_file(log)] == [True]
