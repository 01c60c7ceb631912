"""``fanshu analyze``: the tables, --json, --batch (good and bad lines), exit codes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from fanshu.analysis import analyze
from fanshu.analysis.advice import Analysis
from fanshu.cli.analyze import claim_label, percent, points
from fanshu.cli.main import app
from fanshu.hand import WinContext
from fanshu.protocol.analyze import analyze_line, run_analyze_batch
from fanshu.protocol.bounds import BUDGET
from fanshu.render import draw_tiles
from fanshu.tiles import Tile

runner = CliRunner()

NINE_GATES = "1112345678999m"
FOURTEEN = "123m456p789s23sEEN"


def invoke(*args: str, input: str | None = None) -> Any:
    return runner.invoke(app, ["analyze", *args], input=input)


def lines_of(stdout: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in stdout.splitlines()]


def expected_keys(a: Analysis) -> list[str]:
    """The keys of the batch object of ``a``, in order: id, the analysis, error."""
    return ["id", *a.to_dict(), "error"]


# -- one hand ---------------------------------------------------------------------------


def test_thirteen_tiles_table() -> None:
    result = invoke(NINE_GATES, "--visible", "5m")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.splitlines()[0].startswith(draw_tiles([Tile.M1], pad=True))
    assert "Shanten 上听数 0" in out and "ready" in out
    assert "Useful tiles 有效牌" in out
    assert "Wait 和张" in out and "Self-drawn 自摸" in out
    a = analyze(NINE_GATES, "5m")
    for w in a.waits:
        assert str(w.fan_discard) in out
    assert "9 wait kinds, 22 tiles left" in out
    assert "visible 5m" in out


def test_fourteen_tiles_discard_table_by_efficiency() -> None:
    result = invoke(FOURTEEN, "--plain", "--by", "efficiency")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Discard 打" in out and "Useful tiles 有效牌" in out and "Total" in out
    rows = [line.split() for line in out.splitlines() if line[:2] in ("N ", "2s", "3s")]
    assert rows[0][:2] == ["N", "0"]  # best first
    assert "1s×4 4s×4" in out
    assert "Wait 和张" not in out


def test_not_ready_lists_useful_tiles_only() -> None:
    result = invoke("123m456p789s112sE", "--plain")
    assert result.exit_code == 0
    assert "1 from ready" in result.stdout
    assert "1s×2 2s×3 3s×4 4s×4 E×3" in result.stdout
    assert "Wait 和张" not in result.stdout


def test_dead_and_under_minimum_waits_are_flagged() -> None:
    out = invoke("1111m234p567s789s", "--plain").stdout
    assert "dead" in out
    out = invoke("[123m]456p678s234mN", "--plain").stdout
    assert "under 8 fan" in out


def test_json_is_the_batch_object() -> None:
    result = invoke(NINE_GATES, "--json", "--seat-wind", "S", "--flowers", "2")
    assert result.exit_code == 0
    out = json.loads(result.stdout)
    expected = analyze_line(
        {"id": None, "hand": NINE_GATES, "visible": "", "seat_wind": "S", "flowers": 2}
    )
    assert out == expected
    a = analyze(NINE_GATES, context=WinContext(seat_wind="S", flowers=2))
    assert list(out) == expected_keys(a)
    assert {"useful", "useful_count", "waits", "value"} <= set(out)
    assert out["error"] is None and out["shanten"] == 0
    assert set(out["waits"][0]) >= {"tile", "remaining", "fan_discard", "fan_self_drawn"}
    a = analyze(NINE_GATES, context=WinContext(seat_wind="S", flowers=2))
    assert [w["fan_discard"] for w in out["waits"]] == [w.fan_discard for w in a.waits]


def test_json_fourteen_tiles_by_efficiency() -> None:
    out = json.loads(invoke(FOURTEEN, "--json", "--visible", "1s", "--by", "efficiency").stdout)
    assert list(out) == expected_keys(analyze(FOURTEEN, "1s", by="efficiency"))
    assert out["by"] == "efficiency" and out["best"] == "discard N"
    assert out["discards"][0] == {"tile": "N", "shanten": 0, "useful": "14s", "useful_count": 7}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["123m"], "13 or 14 tiles"),
        (["12x"], "unknown suit 'x'"),
        ([NINE_GATES, "--visible", "5m5m5m5m"], "only 4 copies of 5m"),
        ([NINE_GATES, "--visible", "5q"], "unknown suit 'q'"),
        ([NINE_GATES, "--seat-wind", "Q"], "seat_wind"),
        ([NINE_GATES, "--flowers", "9"], "8 flowers"),
        ([NINE_GATES, "--option", "nope=1"], "unknown option"),
        ([], "missing HAND"),
        ([NINE_GATES, "--rules", "nope"], "unknown rule set 'nope'"),
        ([NINE_GATES, "--by", "speed"], 'by must be "value" or "efficiency", not "speed"'),
        ([NINE_GATES, "--wall", "137"], "wall must be 0 to 136 (the tiles of a set), not 137"),
        ([NINE_GATES, "--seats", "3"], "seats must be 2 (two-player) or 4, not 3"),
        ([NINE_GATES, "--budget", "0"], BUDGET.message(0)),
        ([NINE_GATES, "--budget", "5000"], BUDGET.message(5000)),
        ([NINE_GATES, "--seed", "-1"], "seed must be 0 to 4294967295"),
        ([NINE_GATES, "--offered", "5m5m"], "offered must be one tile, not 2"),
        ([NINE_GATES, "--offered", "5m", "--offered-by", "4"], "offered_by must be 1 to 3"),
        ([NINE_GATES, "--offered-by", "1"], "give offered"),
        ([NINE_GATES, "--void", "q"], "void must be a suit: m (万), s (条) or p (饼)"),
        ([NINE_GATES, "--opponent-discards", "1x"], "opponents[0].discards: unknown suit"),
        ([NINE_GATES, "--opponent-melds", "[12m]"], "opponents[0].melds: a meld has 3 or 4"),
        (
            [NINE_GATES, *["--opponent-discards", "1s"] * 4],
            "opponents has 4 entries: at most 3",
        ),
        ([NINE_GATES, "--seat", "S", "--seat-wind", "W"], "--seat is --seat-wind"),
        ([NINE_GATES, "--prevalent", "Q"], "prevalent_wind must be E, S, W or N"),
    ],
)
def test_bad_input(args: list[str], message: str) -> None:
    result = invoke(*args)
    assert result.exit_code == 2
    assert result.stderr.startswith("error: ")
    assert message in result.stderr
    assert "Traceback" not in result.output


def test_bad_visible_caret_points_into_visible() -> None:
    result = invoke(NINE_GATES, "--visible", "55q")
    assert result.exit_code == 2
    assert "  55q\n    ^" in result.stderr


def test_bad_input_json() -> None:
    result = invoke("123m", "--json")
    assert result.exit_code == 2
    out = json.loads(result.stdout)
    assert out["error"]["code"] == "invalid_hand"


def test_hand_and_batch_together() -> None:
    result = invoke(NINE_GATES, "--batch", "-")
    assert result.exit_code == 2
    assert "not both" in result.stderr


# -- value advice --------------------------------------------------------------------------

SANSHOKU = "3456m345p34568sEE"


def test_value_table_the_known_case_best_is_6m() -> None:
    """After 3m the only wait, 7s, is worth 5 fan (no MCR win); after 6m, 12 (三色三同顺):
    by value 6m comes first, highlighted as the best, each choice with its why line."""
    result = invoke(SANSHOKU, "--plain")
    assert result.exit_code == 0, result.output
    out = result.stdout
    lines = out.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("Discard"))
    english, chinese = lines[at].split(), lines[at + 1].split()  # headers on two lines
    assert english == [
        "Discard",
        "Shanten",
        "Useful",
        "P(win)",
        "E[pts]",
        "P(≥8)",
        "Targets",
        "Danger",
    ]
    assert chinese == ["打", "向听", "有效牌", "和牌率", "期望得分", "起和率", "目标番", "放铳率"]
    a = analyze(SANSHOKU)
    assert a.by == "value" and a.best == "discard 6m"
    end = lines.index("", at)
    rows = [line.split() for line in lines[at + 2 : end]]
    assert [r[0] for r in rows] == [d.tile.code for d in a.discards]  # the library's order
    assert rows[0][0] == "6m"
    for row, d in zip(rows, a.discards, strict=True):
        assert d.value is not None
        assert row[1:4] == [str(d.shanten), str(d.useful_count), percent(d.value.p_win)]
        assert points(d.value.expected_points) in row
    for d in a.discards:
        assert d.value is not None
        assert f"discard {d.tile.code:<2}  {d.value.why}\n" in out
        assert f"  {d.value.why_zh}\n" in out
    assert "Best 最佳: discard 6m" in out


def test_value_flags_make_the_protocol_object() -> None:
    """Every flag lands in the batch input object; --seat and --prevalent are the
    short names of --seat-wind and --prevalent-wind."""
    args = [
        SANSHOKU[:-1],  # 13 tiles, 3456m345p34568sE: with a tile on offer
        "--json",
        "--seat",
        "S",
        "--prevalent",
        "W",
        "--wall",
        "40",
        "--dealer",
        "--offered",
        "E",
        "--offered-by",
        "3",
        "--opponent-discards",
        "19m",
        "--opponent-discards",
        "9p",
        "--opponent-melds",
        "[123s]",
        "--budget",
        "30",
        "--seed",
        "5",
        "--visible",
        "1p",
    ]
    result = invoke(*args)
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    obj = {
        "id": None,
        "hand": SANSHOKU[:-1],
        "visible": "1p",
        "seat_wind": "S",
        "prevalent_wind": "W",
        "wall": 40,
        "dealer": True,
        "offered": "E",
        "offered_by": 3,
        "opponents": [{"discards": "19m", "melds": "[123s]"}, {"discards": "9p"}],
        "budget": 30,
        "seed": 5,
    }
    assert out == analyze_line(obj)
    assert out["claims"] and out["best"] is not None
    names = {"--seat": "--seat-wind", "--prevalent": "--prevalent-wind"}
    assert json.loads(invoke(*[names.get(a, a) for a in args]).stdout) == out


def test_claim_table_for_a_tile_on_offer() -> None:
    hand = "3456m345p3456sEE"  # 13 tiles; E on offer: pung it, or pass
    result = invoke(hand, "--plain", "--offered", "E", "--offered-by", "2", "--budget", "30")
    assert result.exit_code == 0, result.output
    a = analyze(hand, offered="E", offered_by=2, budget=30)
    assert a.claims
    assert "Claim" in result.stdout and "鸣牌" in result.stdout
    lines = result.stdout.splitlines()
    labels = [claim_label(c) for c in a.claims]
    at = [next(i for i, line in enumerate(lines) if line.startswith(label)) for label in labels]
    assert at == sorted(at)  # the library's order, best first
    assert f"Best 最佳: {a.best}" in result.stdout


def test_efficiency_and_other_rules() -> None:
    out = invoke(SANSHOKU, "--plain", "--by", "efficiency").stdout
    assert "P(win)" not in out and "Useful tiles 有效牌" in out
    rows = [line.split() for line in out.splitlines() if line[:3] in ("3m ", "6m ")]
    assert [r[0] for r in rows] == ["3m", "6m"]  # today's order: a tie, 3m first
    sichuan = invoke(
        "3456m345p34568s11p", "--plain", "--rules", "sichuan", "--void", "p", "--budget", "20"
    )
    assert sichuan.exit_code == 0, sichuan.output
    assert "rules sichuan" in sichuan.stdout
    assert "P(ready)" in sichuan.stdout and "听牌率" in sichuan.stdout
    expected = analyze("3456m345p34568s11p", rules="sichuan", void=2, budget=20)
    assert f"Best 最佳: {expected.best}" in sichuan.stdout


# -- batch --------------------------------------------------------------------------------


def test_batch_good_and_bad_lines() -> None:
    text = "\n".join(
        [
            json.dumps({"id": 1, "hand": NINE_GATES, "visible": "5m"}),
            "",
            json.dumps({"id": 2, "hand": FOURTEEN}),
            "{not json",
            json.dumps({"id": 3, "hand": "123m"}),
            json.dumps({"id": 4, "hand": NINE_GATES, "visible": None}),
        ]
    )
    result = invoke("--batch", "-", input=text + "\n")
    assert result.exit_code == 0, result.output
    out = lines_of(result.stdout)
    assert [o["id"] for o in out] == [1, 2, None, 3, 4]
    assert out[0] == analyze_line({"id": 1, "hand": NINE_GATES, "visible": "5m"})
    assert out[1]["discards"][0]["tile"] == "N" and out[1]["error"] is None
    assert out[2]["error"]["code"] == "bad_json"
    assert out[3]["error"]["code"] == "invalid_hand"
    assert out[4]["error"] is None
    assert list(run_analyze_batch(text.splitlines())) == result.stdout.splitlines()


def test_batch_lines_take_the_value_keys() -> None:
    lines = [
        {"id": 1, "hand": SANSHOKU, "wall": 30, "budget": 20, "seed": 9},
        {"id": 2, "hand": "3456m345p3456sEE", "offered": "E", "offered_by": 3},
        {"id": 3, "hand": SANSHOKU, "by": "efficiency", "opponents": [{"discards": "7s7s"}]},
        {"id": 4, "hand": SANSHOKU, "budget": 501},
    ]
    text = "".join(json.dumps(line) + "\n" for line in lines)
    result = invoke("--batch", "-", input=text)
    assert result.exit_code == 0, result.output
    out = lines_of(result.stdout)
    assert out == [analyze_line(line) for line in lines]
    assert out[0]["best"] == "discard 6m" and out[1]["claims"]
    assert out[2]["discards"][0]["useful_count"] == 2  # two of the four 7s seen
    assert out[3]["error"]["code"] == "out_of_range"


def test_batch_file_and_progress(tmp_path: Path) -> None:
    path = tmp_path / "in.jsonl"
    hands = [NINE_GATES, FOURTEEN, "19m19s19pESWNCFP", "bad"]
    path.write_text(
        "".join(json.dumps({"id": i, "hand": hands[i % 4]}) + "\n" for i in range(40)),
        encoding="utf-8",
    )
    result = runner.invoke(app, ["analyze", "--batch", str(path), "--progress"])
    assert result.exit_code == 0
    out = lines_of(result.stdout)  # stdout stays pure JSON Lines
    assert [o["id"] for o in out] == list(range(40))
    assert "analysed 40 lines (30 ok, 10 errors)" in result.stderr
    quiet = runner.invoke(app, ["analyze", "--batch", str(path), "--no-progress"])
    assert quiet.stderr == "" and quiet.stdout == result.stdout


def test_batch_file_not_found(tmp_path: Path) -> None:
    result = invoke("--batch", str(tmp_path / "nope.jsonl"))
    assert result.exit_code == 2
    assert result.stderr.startswith("error: cannot read")


def test_help_lists_analyze() -> None:
    result = runner.invoke(app, ["--help"])
    assert "analyze" in result.stdout


def test_look_ahead_flag() -> None:
    hand = "123m456p789s135sEN"
    out = runner.invoke(app, ["analyze", hand, "--by", "efficiency", "--look-ahead", "all",
                              "--json"])  # fmt: skip
    assert out.exit_code == 0, out.output
    got = json.loads(out.output)
    assert got["discards"] == analyze(hand, by="efficiency", look_ahead="all").to_dict()["discards"]
    bad = runner.invoke(app, ["analyze", hand, "--look-ahead", "deep"])
    assert bad.exit_code == 2
    assert 'look_ahead must be "best", "all" or "none"' in bad.output
