"""The ``notation`` key of score and analyze requests: every notation, detected or
named, the same result; the echo in the user's notation; bad names and ambiguities."""

from __future__ import annotations

import json

import pytest

import fanshu
from fanshu.protocol.analyze import analyze_line
from fanshu.protocol.lines import run_batch
from fanshu.protocol.score import echo_of, parse_request, score_line, score_object, score_request

FANSHU = "[EEE2][456p2]123m789s11s"
SAME = {
    "fanshu": FANSHU,
    "mpsz": "[111z2][456p2]123m789s11s",
    "botzone": "[PENG F1 2] [CHI B5 2] W1 W2 W3 T7 T8 T9 T1 T1",
    "unicode": "[🀀🀀🀀2] [🀜🀝🀞2] 🀇🀈🀉🀖🀗🀘🀐 🀐",
    "chinese": "[东东东2] [四饼五饼六饼2] 一万二万三万七条八条九条一条 一条",
}


@pytest.mark.parametrize("name", list(SAME))
@pytest.mark.parametrize("named", [False, True])
def test_every_notation_scores_as_fanshu(name: str, named: bool) -> None:
    obj = {"id": name, "hand": SAME[name], "seat_wind": "S", "prevalent_wind": "E"}
    if named:
        obj["notation"] = name
    out = score_line(obj)
    assert out["error"] is None, out
    expected = fanshu.score(FANSHU, seat_wind="S")
    assert out["total"] == expected.total
    assert [f["name"] for f in out["fans"]] == [e.name_zh for e in expected.fans]
    assert "notation" not in out and "hand" not in out  # the batch line has no echo


@pytest.mark.parametrize("name", list(SAME))
def test_the_answer_echoes_the_hand_as_written(name: str) -> None:
    req = parse_request({"hand": f"  {SAME[name]} "})
    out = score_object(1, score_request(req), echo_of(req.hand, req.notation))
    assert (out["hand"], out["notation"]) == (SAME[name], name)
    assert list(out)[-1] == "error"


def test_the_fanshu_echo_keeps_the_grouping() -> None:
    # issue 18: "…789s11s" came back as "…1789s1s"
    req = parse_request({"hand": "[EEEE]123m456p789s11s"})
    out = score_object(None, score_request(req), echo_of(req.hand, None))
    assert out["hand"] == "[EEEE]123m456p789s11s"


def test_a_batch_of_mixed_notations() -> None:
    lines = [json.dumps({"id": n, "hand": h}, ensure_ascii=False) for n, h in SAME.items()]
    outs = [json.loads(o) for o in run_batch(lines)]
    assert [o["id"] for o in outs] == list(SAME)
    assert len({o["total"] for o in outs}) == 1 and all(o["error"] is None for o in outs)


@pytest.mark.parametrize(
    ("obj", "code", "message"),
    [
        ({"hand": FANSHU, "notation": 5}, "bad_field", "notation must be a notation name or null"),
        ({"hand": FANSHU, "notation": "tenhou"}, "bad_option", "unknown notation 'tenhou'"),
        ({"hand": FANSHU, "notation": "botzone"}, "bad_notation", "at"),
        ({"hand": "123m 456p 789s EEE 11s"}, "bad_notation", "reads differently"),
        ({"hand": "123m456p789s11s567z"}, "bad_notation", "reads differently in mpsz"),
    ],
)
def test_bad_notations(obj: dict[str, object], code: str, message: str) -> None:
    out = score_line(obj)
    assert out["error"]["code"] == code, out
    assert message in out["error"]["message"]


def test_the_older_cmh_form_named_is_scored_with_its_melds() -> None:
    old = "123m 456p 789s EEE 11s"
    out = score_line({"hand": old, "notation": "cmh"})
    assert out["error"] is None
    assert "门前清" not in [f["name"] for f in out["fans"]]
    concealed = score_line({"hand": old, "notation": "fanshu"})
    assert "门前清" in [f["name"] for f in concealed["fans"]]


def test_analyze_takes_the_notation() -> None:
    base = analyze_line({"hand": "1112345678999m", "by": "efficiency"})
    for hand, notation in [
        ("W1 W1 W1 W2 W3 W4 W5 W6 W7 W8 W9 W9 W9", None),
        ("1112345678999m", "mpsz"),
        ("一万一万一万二万三万四万五万六万七万八万九万九万九万", "chinese"),
    ]:
        obj = {"hand": hand, "by": "efficiency"} | ({"notation": notation} if notation else {})
        out = analyze_line(obj)
        assert out["error"] is None, out
        assert (out["shanten"], out["useful"]) == (base["shanten"], base["useful"])
    bad = analyze_line({"hand": "1112345678999m", "notation": "x"})
    assert bad["error"]["code"] == "bad_option"
