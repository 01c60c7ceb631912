"""``fanshu score HAND``: the table, --excluded, --json, exit codes and error messages."""

from __future__ import annotations

import json
from typing import Any

import pytest
from typer.testing import CliRunner

import fanshu
from fanshu.cli.main import app
from fanshu.cli.score import parse_option_assignments
from fanshu.protocol.errors import LineError
from fanshu.protocol.score import score_line
from fanshu.render import draw_tiles
from fanshu.tiles import Tile

runner = CliRunner()

HAND = "[EEEE]123m456p789s11s"  # 花龙 不求人 圈风刻 门风刻 暗杠 单钓将 when self-drawn
UNDER_EIGHT = "[123m]456p678s234m55s"  # a complete hand worth little
NOT_A_WIN = "[EEEE]123m456p789s19p"  # 14 tiles that form no winning shape


def invoke(*args: str) -> Any:
    return runner.invoke(app, ["score", *args])


def test_score_prints_tiles_fans_and_verdict() -> None:
    result = invoke(HAND, "--self-drawn")
    assert result.exit_code == 0, result.output
    out = result.stdout
    expected = fanshu.score(HAND, self_drawn=True)
    # the hand, drawn: the kong, the concealed tiles, the winning tile set apart
    assert "🀀" in out and "🀇" in out and "🀜" in out
    first = out.splitlines()[0]
    assert first.rstrip().endswith("+ 🀐")
    for entry in expected.fans:
        assert entry.name_zh in out and entry.name_en in out
    assert f"Total {expected.total} fan" in out
    assert "meets the 8-fan minimum" in out
    assert "self-drawn" in out
    assert result.stderr == ""


def test_score_draws_the_sets_of_each_fan() -> None:
    result = invoke(HAND, "--self-drawn")
    assert result.exit_code == 0
    line = next(ln for ln in result.stdout.splitlines() if "Concealed Kong" in ln)
    assert "🀀 🀀 🀀 🀀" in line


def test_score_under_eight_fan() -> None:
    expected = fanshu.score(UNDER_EIGHT)
    assert expected.is_win and not expected.meets_minimum
    result = invoke(UNDER_EIGHT)
    assert result.exit_code == 0
    assert "under 8 fan" in result.stdout
    assert "meets" not in result.stdout


def test_score_excluded() -> None:
    expected = fanshu.score(HAND, self_drawn=True)
    assert expected.excluded, "this hand has excluded fans"
    plain = invoke(HAND, "--self-drawn")
    assert "Excluded" not in plain.stdout
    result = invoke(HAND, "--self-drawn", "--excluded")
    assert result.exit_code == 0
    assert "Excluded" in result.stdout
    for x in expected.excluded:
        line = next(
            ln for ln in result.stdout.splitlines() if ln.startswith(fanshu.FANS[x.fan].name_zh)
        )
        assert fanshu.FANS[x.by].name_zh in line


def test_score_flowers_and_winds() -> None:
    result = invoke(HAND, "-s", "--flowers", "2", "--seat-wind", "S", "--prevalent-wind", "W")
    assert result.exit_code == 0, result.output
    expected = fanshu.score(HAND, self_drawn=True, flowers=2, seat_wind="S", prevalent_wind="W")
    assert f"Total {expected.total} fan" in result.stdout
    assert f"({expected.total_without_flowers} without flowers)" in result.stdout
    assert "Flower Tiles" in result.stdout
    assert "seat wind S" in result.stdout and "prevalent wind W" in result.stdout


def test_score_plain() -> None:
    result = invoke(HAND, "-s", "--plain")
    assert result.exit_code == 0
    assert "🀀" not in result.stdout
    assert result.stdout.splitlines()[0].startswith("[EEEE]")


@pytest.mark.parametrize(
    "args",
    [
        [HAND, "--self-drawn"],
        [HAND, "--flowers", "3", "--seat-wind", "N"],
        ["[123m]456p678s55s23m4m", "--fourth-tile"],
        [UNDER_EIGHT, "--wall-last"],
        ["[EEEE][SSSS]123m456p11s", "-o", "two_concealed_kongs=8"],
    ],
)
def test_json_is_the_batch_object(args: list[str]) -> None:
    result = invoke(*args, "--json")
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert list(out) == [
        "id",
        "total",
        "fans",
        "multiplier",
        "total_without_flowers",
        "meets_minimum",
        "error",
    ]
    assert out["id"] is None and out["error"] is None and out["multiplier"] is None
    for fan in out["fans"]:
        assert list(fan) == ["name", "name_en", "value", "count"]
    assert out["total"] == sum(f["value"] * f["count"] for f in out["fans"])
    # exactly what the batch gives for the same input
    obj: dict[str, Any] = {"hand": args[0]}
    flags = {
        "--self-drawn": "self_drawn",
        "--fourth-tile": "fourth_tile",
        "--wall-last": "wall_last",
    }
    rest = args[1:]
    while rest:
        flag, *rest = rest
        if flag in flags:
            obj[flags[flag]] = True
        elif flag == "--flowers":
            obj["flowers"], rest = int(rest[0]), rest[1:]
        elif flag == "--seat-wind":
            obj["seat_wind"], rest = rest[0], rest[1:]
        elif flag == "-o":
            name, _, value = rest[0].partition("=")
            obj["options"], rest = {name: int(value)}, rest[1:]
    assert out == score_line(obj)
    assert result.stdout.count("\n") == 1


def test_option_changes_the_score() -> None:
    hand = "[EEEE][SSSS]123m456p11s"
    default = json.loads(invoke(hand, "--json").stdout)
    green_book = json.loads(invoke(hand, "--json", "-o", "two_concealed_kongs=8").stdout)
    assert green_book["total"] == default["total"] + 2


def test_not_a_win_exits_1() -> None:
    result = invoke(NOT_A_WIN)
    assert result.exit_code == 1
    assert "not a winning hand: " in result.stdout
    assert "Traceback" not in result.output


def test_not_a_win_json() -> None:
    result = invoke(NOT_A_WIN, "--json")
    assert result.exit_code == 1
    out = json.loads(result.stdout)
    assert out["id"] is None
    assert out["error"]["code"] == "not_a_win"
    assert out["error"]["message"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["xyz"], "unexpected character 'x'"),
        (["[EEEE]123m456p789s11"], "digits with no suit"),
        (["[EEEE]123m456p789s"], "14 tiles"),
        (["11111m23m456p789s1s"], "five copies of 1m"),
        ([HAND, "--seat-wind", "Q"], "seat_wind must be E, S, W or N"),
        ([HAND, "--prevalent-wind", "up"], "prevalent_wind must be E, S, W or N"),
        ([HAND, "--flowers", "9"], "flowers"),
        ([HAND, "-o", "no_such_option=1"], "unknown option 'no_such_option'"),
        ([HAND, "-o", "seven_pairs_tile_hog=maybe"], "seven_pairs_tile_hog is true or false"),
        ([HAND, "-o", "two_concealed_kongs=7"], "two_concealed_kongs is 6 or 8"),
        ([HAND, "-o", "two_concealed_kongs"], "name=value"),
        (["123m456p789s11sEEE", "--kong"], "抢杠和"),
        ([], "missing HAND"),
    ],
)
def test_bad_input_exits_2_with_a_message(args: list[str], message: str) -> None:
    result = invoke(*args)
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("error: ")
    assert message in result.stderr
    assert "Traceback" not in result.output
    assert result.stdout == ""


def test_bad_notation_points_at_the_fault() -> None:
    result = invoke("123m45x")
    assert result.exit_code == 2
    lines = result.stderr.splitlines()
    assert lines[1].strip() == "123m45x"
    assert lines[2].index("^") == lines[1].index("x")


def test_bad_input_json() -> None:
    result = invoke("xyz", "--json")
    assert result.exit_code == 2
    out = json.loads(result.stdout)
    assert out == {
        "id": None,
        "error": {"code": "bad_notation", "message": "unexpected character 'x' at 0"},
    }
    result = invoke(HAND, "--json", "--seat-wind", "X")
    assert result.exit_code == 2
    assert json.loads(result.stdout)["error"]["code"] == "bad_field"
    result = invoke(HAND, "--json", "-o", "x")
    assert result.exit_code == 2
    assert json.loads(result.stdout)["error"]["code"] == "bad_option"


def test_flowers_not_a_number_is_a_usage_error() -> None:
    result = invoke(HAND, "--flowers", "many")
    assert result.exit_code == 2
    assert "Traceback" not in result.output


def test_hand_and_batch_together() -> None:
    result = invoke(HAND, "--batch", "-")
    assert result.exit_code == 2
    assert "not both" in result.stderr


def test_parse_option_assignments() -> None:
    assert parse_option_assignments(
        ["two_concealed_kongs=8", "honors_knitted_all_types=yes", "seven_pairs_tile_hog = off"]
    ) == {"two_concealed_kongs": 8, "honors_knitted_all_types": True, "seven_pairs_tile_hog": False}
    with pytest.raises(LineError):
        parse_option_assignments(["two_concealed_kongs=eight"])


def test_draw_tiles_matches_the_unicode_block() -> None:
    assert draw_tiles([Tile.M9, Tile.S1, Tile.P9, Tile.NORTH, Tile.GREEN, Tile.WHITE]) == (
        "\U0001f00f\U0001f010\U0001f021\U0001f003\U0001f005\U0001f006"
    )
    assert draw_tiles([Tile.SPRING, Tile.PLUM, Tile.CHRYSANTHEMUM]) == "🀦🀢🀥"


def test_sets_column_only_when_some_fan_has_sets() -> None:
    hand = "1122m3344p5566s77s"  # 七对: whole-hand fans only
    expected = fanshu.score(hand)
    result = invoke(hand)
    assert result.exit_code == 0
    header = next(ln for ln in result.stdout.splitlines() if ln.startswith("番种"))
    assert ("Sets" in header) == any(e.sets for e in expected.fans)


# -- rule sets: --rules, the new context flags ------------------------------------------

FLUSH = "11123455678999m"  # one suit, no honours: legal under every rule set


def test_mcr_is_the_default_rule_set() -> None:
    default = invoke(HAND, "-s", "--json")
    named = invoke(HAND, "-s", "--rules", "mcr", "--json")
    assert default.stdout == named.stdout
    table = invoke(HAND, "-s", "--rules", "mcr")
    assert table.stdout == invoke(HAND, "-s").stdout


def test_context_flags_with_mcr() -> None:
    args = ["--dealer", "--first-turn", "--ready-at-start"]
    result = invoke(HAND, "-s", *args, "--json")
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert out == score_line(
        {
            "hand": HAND,
            "self_drawn": True,
            "dealer": True,
            "first_turn": True,
            "ready_at_start": True,
        }
    )
    assert out["multiplier"] is None
    table = invoke(HAND, "-s", *args)
    assert table.exit_code == 0
    assert "dealer · first turn · ready from the start" in table.stdout
    on_discard = invoke(UNDER_EIGHT, "--kong-discard")
    assert "discard after a kong" in on_discard.stdout


@pytest.mark.parametrize(
    "args",
    [[HAND, "--rules", "nope"], [HAND, "-r", "nope", "-o", "x=1"], [HAND, "--rules", ""]],
)
def test_unknown_rule_set(args: list[str]) -> None:
    result = invoke(*args)
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("error: unknown rule set")
    assert all(name in result.stderr for name in fanshu.rules.names())
    result = invoke(*args, "--json")
    assert result.exit_code == 2
    out = json.loads(result.stdout)
    assert out["error"]["code"] == "bad_option" and "mcr" in out["error"]["message"]


@pytest.mark.parametrize("name", fanshu.rules.names())
@pytest.mark.parametrize("flags", [[], ["-s"], ["-s", "--dealer"]])
def test_every_rule_set_json_is_the_batch_object(name: str, flags: list[str]) -> None:
    result = invoke(FLUSH, "--rules", name, *flags, "--json")
    out = json.loads(result.stdout)
    assert result.stdout.count("\n") == 1
    obj: dict[str, Any] = {
        "hand": FLUSH,
        "rules": name,
        "self_drawn": "-s" in flags,
        "dealer": "--dealer" in flags,
    }
    assert out == score_line(obj)
    rule_set = fanshu.rules.get_rules(name)
    if out["error"] is None:
        assert result.exit_code == 0
        assert list(out)[:4] == ["id", "total", "fans", "multiplier"]
        assert list(out)[-1] == "error"
        for fan in out["fans"]:
            assert {"name", "name_en", "value", "count"} <= set(fan)
        if rule_set.combine == "add":
            assert out["multiplier"] is None
        else:
            assert isinstance(out["multiplier"], int) and out["multiplier"] >= 1
    else:
        assert list(out) == ["id", "error"]
        assert result.exit_code == (1 if out["error"]["code"] == "not_a_win" else 2)


@pytest.mark.parametrize("name", fanshu.rules.names())
def test_every_rule_set_table(name: str) -> None:
    result = invoke(FLUSH, "--rules", name, "-s")
    as_json = json.loads(invoke(FLUSH, "--rules", name, "-s", "--json").stdout)
    if as_json["error"] is None:
        assert result.exit_code == 0, result.output
        assert f"Total {as_json['total']} fan" in result.stdout
        for fan in as_json["fans"]:
            assert fan["name"] in result.stdout
        if as_json["multiplier"] is not None:
            assert f"×{as_json['multiplier']}" in result.stdout
    elif as_json["error"]["code"] == "not_a_win":
        assert result.exit_code == 1
        assert "not a winning hand" in result.stdout
    else:
        assert result.exit_code == 2
        assert result.stderr.startswith("error: ")


@pytest.mark.skipif("sichuan" not in fanshu.rules.names(), reason="Sichuan not registered yet")
def test_sichuan_self_drawn_flush() -> None:
    result = invoke(FLUSH, "--rules", "sichuan", "--self-drawn", "--json")
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert out["error"] is None
    assert {"total", "fans", "multiplier"} <= set(out)
    assert out["total"] >= 3  # 清一色 at least
    assert "清一色" in [f["name"] for f in out["fans"]]
    assert out["multiplier"] == 2 ** (out["total"] - 1)  # payment = base × 2^(fan−1)
    table = invoke(FLUSH, "--rules", "sichuan", "--self-drawn")
    assert table.exit_code == 0, table.output
    assert "清一色" in table.stdout and f"Total {out['total']} fan" in table.stdout
    assert f"×{out['multiplier']}" in table.stdout


@pytest.mark.skipif("sichuan" not in fanshu.rules.names(), reason="Sichuan not registered yet")
def test_sichuan_honours_are_bad_input_or_not_a_win() -> None:
    result = invoke("123m456p789s11sEEE", "--rules", "sichuan", "--json")
    assert result.exit_code in (1, 2), result.output
    assert json.loads(result.stdout)["error"]["message"]


# -- what the new rule sets' details say (issue 16) -----------------------------------


def test_a_rule_set_that_counts_tai_and_fan_shows_both() -> None:
    if "jiaxing" not in fanshu.rules.names():
        pytest.skip("jiaxing not registered")
    hand, args = "123m456p789sEEE5sC", ("-r", "jiaxing", "--wildcard", "C", "-s")
    result = invoke(hand, *args)
    assert result.exit_code == 0, result.output
    r = fanshu.score(hand, rules="jiaxing", wildcard="C", self_drawn=True)
    d = r.details
    header = next(ln for ln in result.stdout.splitlines() if ln.startswith("番种"))
    assert header.split()[-2:] == ["Unit", "单位"]
    zh = {f.key: f.name_zh for f in fanshu.rules.get_rules("jiaxing").fans}
    for key, unit in d["units"].items():
        line = next(ln for ln in result.stdout.splitlines() if ln.startswith(zh[key]))
        assert line.split()[-1] == unit
    assert (
        f"台 {d['tai']} + 底台 {d['di_tai']} = {d['base']}, ×2^{d['fan']} 番 → "
        f"{d['points']} points from each payer"
    ) in result.stdout


def test_points_and_payment_lines_follow_the_details() -> None:
    sichuan = invoke("11123455678999m", "-r", "sichuan", "-s")
    payment = fanshu.score("11123455678999m", rules="sichuan", self_drawn=True).details["payment"]
    assert f"Payment {payment} from each payer" in sichuan.stdout
    mcr = invoke(HAND)
    assert "from each payer" not in mcr.stdout  # MCR's table has its own Points column


# -- notations (issue 18) ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "notation"),
    [
        ("[1111z]123m456p789s11s", "mpsz"),
        ("[GANG F1 0] W1 W2 W3 B4 B5 B6 T7 T8 T9 T1 T1", "botzone"),
        ("[🀀🀀🀀🀀] 🀇🀈🀉🀜🀝🀞🀖🀗🀘🀐 🀐", "unicode"),
        ("[东东东东] 一万二万三万四饼五饼六饼七条八条九条一条 一条", "chinese"),
    ],
)
def test_score_reads_every_notation_and_echoes_it(hand: str, notation: str) -> None:
    expected = fanshu.score(HAND, self_drawn=True)
    for args in ([hand], [hand, "--notation", notation]):
        result = invoke(*args, "--self-drawn", "--plain")
        assert result.exit_code == 0, result.output
        assert f"{hand}  ({notation})" in result.stdout  # the echo: as written
        assert f"Total {expected.total} fan" in result.stdout
        as_json = json.loads(invoke(*args, "--self-drawn", "--json").stdout)
        assert as_json["total"] == expected.total


def test_score_echo_keeps_what_was_written() -> None:
    # issue 18: "…789s11s" was echoed as "…1789s1s"
    lines = invoke(HAND, "--plain").stdout.splitlines()
    assert HAND in lines and "[EEEE]123m456p1789s1s" not in lines


def test_score_the_older_cmh_form() -> None:
    old = "123m 456p 789s EEE 11s"
    result = invoke(old)
    assert result.exit_code == 2 and "reads differently" in result.stderr
    named = invoke(old, "--notation", "cmh", "--plain")
    assert named.exit_code == 0 and "门前清" not in named.stdout


def test_score_unknown_notation() -> None:
    result = invoke(HAND, "--notation", "tenhou")
    assert result.exit_code == 2 and "unknown notation 'tenhou'" in result.stderr
