"""fanshu re-scores Botzone match logs as the official judge scored them.

The logs in data/official were played by Botzone's public judge (judge/main.cpp of
ailab-pku/Chinese-Standard-Mahjong, compiled) with its sample bot and two test bots,
by bench/botzone_official.py: they are the outside check, not fanshu's own output.
"""

from __future__ import annotations

import copy
import importlib.util
import json
import subprocess
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from fanshu.api import score
from fanshu.botzone.logs import (
    JUDGE_RULE,
    JUDGE_TIE,
    BotzoneLogError,
    is_botzone_log,
    judge_total,
    load,
    rescore,
)
from fanshu.hand import MeldKind
from fanshu.notation import parse_hand

DATA = Path(__file__).parent / "data" / "official"
FIXTURES = sorted(DATA.glob("*.json"))
#: The log where Botzone's judge counts by its own rule (JUDGE_RULE), tested on its own.
KNITTED = "knitted-single-wait"
#: The log where the judge writes an equal-total win with other fans (JUDGE_TIE).
TIED = "equal-readings"


def _match(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((DATA / f"{name}.json").read_text())
    return data


def _final(match: dict[str, Any]) -> dict[str, Any]:
    display: dict[str, Any] = match["log"][-1]["output"]["display"]
    return display


def test_the_fixtures_are_there() -> None:
    names = {p.stem for p in FIXTURES}
    assert {"huang-sample", "hu-self-drawn", "hu-discard", "hu-kong", "wrong-hu", KNITTED} <= names
    assert {"claims", "claims-hu", "claims-kong", "rob-kong", TIED} <= names


def test_the_judges_own_wait_rule_is_the_one_difference_and_it_is_explained() -> None:
    match = _match(KNITTED)
    game = rescore(match)
    assert not game.same and game.agrees and game.differences == ()
    assert game.explained and game.to_dict()["explained_by"] == [JUDGE_RULE]
    win = game.ending.win
    assert win is not None and win.hand == "258m123369p1447s4s" and win.self_drawn
    shown = _final(match)
    # fanshu: 19 with 单钓将 (as PyMahjongGB 1.4.0); the judge 18, without it
    assert (win.fanshu, win.as_judge, win.botzone) == (19, 18, shown["fanCnt"])
    assert ("单钓将", 1, 1) in game.ending.fanshu_fans
    assert "单钓将" not in {f["name"] for f in shown["fan"]}
    assert game.ending.fanshu_scores == (81, -27, -27, -27) != tuple(shown["score"])


@pytest.mark.parametrize(
    "path", [p for p in FIXTURES if p.stem not in (KNITTED, TIED)], ids=lambda p: p.stem
)
def test_fanshu_scores_every_official_log_as_the_judge_did(path: Path) -> None:
    match = json.loads(path.read_text())
    game = rescore(match)
    assert game.differences == ()
    assert game.same
    # every hand the judge scored (its canHu figures) was re-scored, and agrees
    assert game.checks
    assert all(c.same for c in game.checks)
    shown = _final(match)
    scores = shown.get("score") or [match["log"][-1]["output"]["content"][str(i)] for i in range(4)]
    assert game.ending.action == shown["action"]
    assert list(game.ending.fanshu_scores or ()) == scores
    if shown["action"] == "HU":
        assert game.ending.fanshu_fan == shown["fanCnt"]
        botzone = sorted((f["name"], f["cnt"], f["value"]) for f in shown["fan"])
        assert sorted(game.ending.fanshu_fans) == botzone


def test_an_equal_total_read_otherwise_is_explained() -> None:
    match = _match(TIED)
    game = rescore(match)
    assert game.agrees and not game.same and game.reasons == (JUDGE_TIE,)
    e = game.ending
    shown = _final(match)
    # the same 38 fan and payments; the judge names three pungs, fanshu three chows
    assert e.fanshu_fan == e.botzone_fan == shown["fanCnt"] == 38
    assert e.fanshu_scores == e.botzone_scores == tuple(shown["score"])
    assert ("一色三节高", 1, 24) in e.botzone_fans and ("一色三同顺", 1, 24) in e.fanshu_fans
    assert all(c.same for c in game.checks)


def test_a_self_drawn_win_with_a_flower() -> None:
    game = load(DATA / "hu-self-drawn.json")
    e = game.ending
    assert (e.action, e.seat, e.discarder) == ("HU", 2, None)
    assert e.win is not None and e.win.self_drawn and e.win.flowers == 1
    assert ("花牌", 1, 1) in e.fanshu_fans and ("七对", 1, 24) in e.fanshu_fans
    assert sum(e.fanshu_scores or ()) == 0


def test_a_win_on_a_discard_is_paid_by_the_discarder() -> None:
    e = load(DATA / "hu-discard.json").ending
    assert (e.seat, e.discarder) == (1, 0)
    assert e.fanshu_fan is not None
    assert e.fanshu_scores == (-(8 + e.fanshu_fan), 24 + e.fanshu_fan, -8, -8)


def test_a_concealed_kong_and_its_replacement_win() -> None:
    game = load(DATA / "hu-kong.json")
    assert [m["action"] for m in game.moves[-3:]] == ["GANG", "DRAW", "HU"]
    e = game.ending
    assert e.win is not None and e.win.kong and e.win.self_drawn
    assert parse_hand(e.win.hand).melds[0].kind is MeldKind.CONCEALED_KONG
    assert ("杠上开花", 1, 8) in e.fanshu_fans


def test_a_false_win_is_botzones_penalty_and_fanshu_agrees_it_is_no_win() -> None:
    e = load(DATA / "wrong-hu.json").ending
    assert e.action == "WH"
    assert e.win is not None and e.win.fanshu is None
    assert e.fanshu_scores == (10, -30, 10, 10) == e.botzone_scores


def test_any_other_fault_is_the_offenders_penalty() -> None:
    # the judge writes a program's verdict (WA, TLE, RE …) as the finishing action
    for verdict in ("WA", "TLE", "SOMETHING"):
        match = _match("wrong-hu")
        shown = _final(match)
        shown["action"] = verdict
        del shown["fanCnt"]
        e = rescore(match).ending
        assert (e.action, e.seat, e.fanshu_scores) == (verdict, 1, (10, -30, 10, 10))
        assert e.win is None


def test_flowers_are_replaced_from_the_seats_part() -> None:
    game = load(DATA / "huang-flowers.json")
    assert any(m["action"] == "BUHUA" for m in game.moves)
    assert game.ending.action == "HUANG"


def test_claims_are_followed() -> None:
    game = load(DATA / "claims.json")
    actions = {m["action"] for m in game.moves}
    assert {"PENG", "CHI"} <= actions
    assert game.same


@pytest.mark.parametrize(
    ("hand", "dropped"),
    [
        ("258m123369p1447s4s", 1),  # won on 4s, one of the 组合龙's: no 单钓将 there
        ("147m258p369s234s1m1m", 1),  # 1m completes the pair but is a 组合龙 tile too
        ("147m258p369s234sEE", 0),  # 东 is outside the 组合龙: the wait counts there too
        ("123m456m789m123p5p5p", 0),  # no 组合龙: the rule does not apply
    ],
)
def test_judge_total_drops_the_wait_only_where_the_judge_does(hand: str, dropped: int) -> None:
    r = score(hand)
    assert r.is_win
    assert judge_total(r) == r.total - dropped


def test_an_added_kong_and_a_win_with_melds() -> None:
    game = load(DATA / "claims-hu.json")
    assert "BUGANG" in [m["action"] for m in game.moves]
    e = game.ending
    assert e.action == "HU" and e.discarder is not None and e.win is not None
    melds = parse_hand(e.win.hand).melds
    assert len(melds) == 4  # 全求人: every set claimed
    assert ("全求人", 1, 6) in e.fanshu_fans
    assert any(m.kind is MeldKind.CHOW for m in melds) or any(
        m.kind is MeldKind.PUNG for m in melds
    )


def test_a_kong_claimed_on_a_discard() -> None:
    game = load(DATA / "claims-kong.json")
    actions = [m["action"] for m in game.moves]
    claimed = [i for i, (_, b) in enumerate(pairwise(actions)) if b == "GANG"]
    assert claimed and actions[claimed[0]] in ("PLAY", "PENG", "CHI")
    # the replacement draw right after it is scored with 杠上开花 on
    after = game.moves[claimed[0] + 2]
    assert after["action"] == "DRAW"
    kong_draws = [c for c in game.checks if c.turn == after["turn"]]
    assert kong_draws and all(c.kong and c.self_drawn for c in kong_draws)


def test_a_robbed_kong_is_paid_by_the_kongs_owner() -> None:
    game = load(DATA / "rob-kong.json")
    assert [m["action"] for m in game.moves[-2:]] == ["BUGANG", "HU"]
    e = game.ending
    assert (e.seat, e.discarder, e.robbed) == (2, 1, True)
    assert e.win is not None and e.win.kong and not e.win.self_drawn
    assert ("抢杠和", 1, 8) in e.fanshu_fans
    fan = e.fanshu_fan
    assert fan is not None and e.fanshu_scores == (-8, -(8 + fan), 24 + fan, -8)
    assert game.same


def test_the_bare_log_list_reads_the_same() -> None:
    match = _match("hu-kong")
    assert is_botzone_log(match) and is_botzone_log(match["log"])
    whole, bare = rescore(match), rescore(match["log"])
    assert bare.ending == whole.ending and bare.checks == whole.checks


# -- it can fail: a changed log is a difference, named ----------------------------


def test_a_changed_fan_count_is_reported() -> None:
    match = _match("hu-discard")
    _final(match)["fanCnt"] += 1
    game = rescore(match)
    assert not game.same
    assert any(d.startswith("HU: Botzone") for d in game.differences)


def test_changed_scores_are_reported() -> None:
    match = _match("hu-self-drawn")
    _final(match)["score"][0] -= 1
    assert any("scores" in d for d in rescore(match).differences)


def test_a_changed_deal_changes_fanshus_score() -> None:
    # the winner's dealt 中 becomes a 发: fanshu's hand no longer wins there
    match = copy.deepcopy(_match("hu-self-drawn"))
    for item in match["log"][::2]:
        display = item["output"]["display"]
        if display.get("action") == "DEAL":
            hand = display["hand"][2]
            hand[hand.index("J1")] = "J2"
    game = rescore(match)
    assert not game.same
    assert game.ending.win is not None and game.ending.win.fanshu is None


# -- errors ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "data",
    [{}, [], {"log": []}, {"log": [1, 2]}, [{"0": {"response": "PASS"}}], "log", 3],
    ids=["empty-object", "empty-list", "empty-log", "numbers", "bots-first", "text", "number"],
)
def test_not_a_botzone_log(data: object) -> None:
    assert not is_botzone_log(data)
    with pytest.raises(BotzoneLogError, match="not a Botzone match log"):
        rescore(data)


def test_a_log_cut_short() -> None:
    match = _match("hu-kong")
    match["log"] = match["log"][:6]
    with pytest.raises(BotzoneLogError, match="no finish"):
        rescore(match)


def test_a_bad_tile_names_the_turn() -> None:
    match = _match("hu-kong")
    for item in match["log"][::2]:
        if item["output"]["display"].get("action") == "DRAW":
            item["output"]["display"]["tile"] = "X9"
            break
    with pytest.raises(BotzoneLogError, match=r"turn \d+: 'X9' is not a Botzone tile code"):
        rescore(match)


def test_a_play_of_a_tile_not_held() -> None:
    match = _match("hu-discard")
    for item in match["log"][::2]:
        if item["output"]["display"].get("action") == "PLAY":
            item["output"]["display"]["tile"] = "B1"  # seat 0 holds none
            break
    with pytest.raises(BotzoneLogError, match="seat 0 has no B1 to give up"):
        rescore(match)


def test_load_refuses_json_lines(tmp_path: Path) -> None:
    path = tmp_path / "two.json"
    path.write_text('{"a": 1}\n{"b": 2}\n')
    with pytest.raises(BotzoneLogError, match="not one JSON value"):
        load(path)
    with pytest.raises(BotzoneLogError, match="cannot read"):
        load(tmp_path / "missing.json")


# -- the fixtures are the official judge's own outputs (on demand: -m slow) -----------


@pytest.mark.slow
@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.stem)
def test_each_output_is_the_official_judges_answer_to_the_log_before_it(path: Path) -> None:
    """Feed the official judge each prefix of the log, as Botzone does, and check that
    it answers with the output recorded there (needs g++, jsoncpp, boost and the
    judge's repository: bench/botzone_official.py builds it)."""
    spec = importlib.util.spec_from_file_location(
        "botzone_official", Path(__file__).parents[2] / "bench" / "botzone_official.py"
    )
    assert spec is not None and spec.loader is not None
    official = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(official)
    try:
        judge, _ = official.build()
    except official.BuildError as e:
        pytest.skip(f"the official judge cannot be built here: {e}")
    match = json.loads(path.read_text())
    log, initdata = match["log"], match["initdata"]
    for i in range(0, len(log), 2):
        given = {"log": log[:i], "initdata": initdata}
        done = subprocess.run(
            [str(judge)], input=json.dumps(given), capture_output=True, text=True, check=True
        )
        out, recorded = json.loads(done.stdout), copy.deepcopy(log[i]["output"])
        if i == 0:
            # the first call had no wall yet (the judge shuffled one, and says how long the
            # wall it was given was): the recorded initdata holds that wall now
            out["display"].pop("strlen"), recorded["display"].pop("strlen")
        assert out == recorded, f"judge output {i // 2}"
