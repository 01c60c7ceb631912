"""``fanshu shanten HAND [--wildcard TILE]``: the number as ``fanshu.shanten`` gives it,
the wild kind named, --json, and bad input as a clear error."""

from __future__ import annotations

import json
from typing import Any

import pytest
from typer.testing import CliRunner

import fanshu
from fanshu.cli.main import app
from fanshu.sampling import winning_hands

runner = CliRunner()


def invoke(*args: str) -> Any:
    return runner.invoke(app, ["shanten", *args])


@pytest.mark.parametrize(
    "hand", ["1112345678999m", "19m19s19pESWNCF1s", "123m456p789s1s5mCC", "[EEE]13m46p79s1sCCC"]
)
@pytest.mark.parametrize("wildcard", [None, "C", "1m", "9s"])
def test_the_number_is_the_library_s(hand: str, wildcard: str | None) -> None:
    args = [hand, "--json"] + (["--wildcard", wildcard] if wildcard else [])
    result = invoke(*args)
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert out["shanten"] == fanshu.shanten(hand, wildcard=wildcard)
    assert out["wildcard"] == wildcard
    text = invoke(*args[:1], "--plain", *args[2:])
    assert f"Shanten 上听数 {out['shanten']}  (" in text.stdout
    assert ("Wild 百搭: " + wildcard in text.stdout) if wildcard else "Wild" not in text.stdout


def test_a_wild_tile_can_make_a_hand_ready() -> None:
    plain = json.loads(invoke("123m456p789s1s5mCC", "--json").stdout)["shanten"]
    wild = json.loads(invoke("123m456p789s1s5mCC", "--json", "--wildcard", "C").stdout)
    assert (plain, wild["shanten"]) == (1, 0)


def test_random_hands_agree_with_the_library() -> None:
    for hand in winning_hands(3, 20):
        code = hand.concealed[0].code
        text = str(hand)
        out = json.loads(invoke(text, "--json", "--wildcard", code).stdout)
        assert out["shanten"] == fanshu.shanten(text, wildcard=code) == -1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["123m456p789s1s5mCC", "--wildcard", "9f"], "wildcard must be one tile kind"),
        (["123m4x"], "unknown suit 'x'"),
        (["123m"], "13 or 14"),
    ],
)
def test_bad_input_is_an_error_not_a_traceback(args: list[str], message: str) -> None:
    result = invoke(*args)
    assert result.exit_code == 2
    assert message in result.stderr
    as_json = invoke(*args, "--json")
    assert as_json.exit_code == 2 and json.loads(as_json.stdout)["error"]["code"]
