"""Replays: games under every rule set replay identically from their logs, and a log
changed anywhere — a tile, a decision, a payment, a line dropped or repeated — is caught
at the game and event where it first differs."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from fanshu.engine import Action, ActionKind, Game
from fanshu.engine.log import GameLog, iter_games, read_log, write_log
from fanshu.engine.replay import (
    Mismatch,
    ReplayError,
    ReplayReport,
    Summary,
    game_figures,
    rebuild,
    replay_file,
    replay_game,
    replay_lines,
)
from fanshu.engine.variants import playable_rules
from support.engine_play import play

A = ActionKind
WIN = Action(A.WIN)
TWO_PLAYER_EVENTS = {"exchange_at_start": 0.5, "triplet_offer": 0.3, "free_pick": 0.3}


def first_game(rules: str, test: Callable[[Game], bool]) -> Game:
    """The first greedy game (by seed) that passes ``test``."""
    for seed in range(40):
        g = play(rules, seed, greedy=True)
        if test(g):
            return g
    raise AssertionError(f"no {rules} game of 40 passes the test")


def settles(g: Game) -> bool:
    return any(e["type"] == "settle" for e in g.events)


# -- identical replays ----------------------------------------------------------------


TABLES: list[tuple[str, dict[str, Any] | None, dict[str, Any] | None]] = [
    ("mcr", None, None),
    ("mcr", {"dealer": 2, "prevalent_wind": 1}, {"seven_pairs_tile_hog": False}),
    ("sichuan", None, None),
    ("sichuan", {"exchange_three": True}, None),
    ("two-player", None, None),
    ("two-player", TWO_PLAYER_EVENTS, None),
    ("two-player", {**TWO_PLAYER_EVENTS, "dealer": 1}, None),
    ("beijing", None, None),
    ("beijing", {"dealer": 3}, {"claimed_self_drawn_only": False, "burn_total": "last"}),
]


@pytest.mark.parametrize(("rules", "config", "options"), TABLES)
def test_games_replay_identically(
    rules: str, config: dict[str, Any] | None, options: dict[str, Any] | None
) -> None:
    for seed in range(8):
        g = play(rules, seed, config, options, greedy=seed >= 4)
        report = replay_game(g.events)
        assert report.mismatch is None, str(report.mismatch)
        assert report.ok
        assert (report.rules, report.seats, report.events) == (rules, g.n, len(g.events))
        assert report.winners == g.winners and report.scores == g.scores
        assert report.result == g.events[-1]["result"]
        assert report.decisions == sum(e["type"] == "act" for e in g.events)
        again = rebuild(g.events)
        assert again.events[1:] == g.events[1:] and again.scores == g.scores
        assert again.events[0] == {**g.events[0], "stacked": True}


def test_the_two_player_pool_is_the_rest_of_the_set_in_set_order() -> None:
    # what makes a two-player replay from the 71 logged tiles meet the same pool
    g = play("two-player", 11, TWO_PLAYER_EVENTS)
    start = g.events[0]
    assert len(start["wall"]) == 71 and len(start["pool"]) == 65
    again = Game("two-player", seed=11, config=TWO_PLAYER_EVENTS, wall=_ints(start["wall"]))
    assert again.events[0]["pool"] == start["pool"]
    assert replay_game(g.events).ok


def _ints(codes: list[str]) -> list[int]:
    from fanshu.tiles import TILE_OF_CODE

    return [TILE_OF_CODE[c] for c in codes]


def test_a_file_of_games_replays(tmp_path: Path) -> None:
    games = [play(r, s, c, greedy=True) for s, (r, c, _) in enumerate(TABLES)]
    path = tmp_path / "games.jsonl"
    write_log(path, [g.events for g in games])
    reports = replay_file(path)
    assert [r.game for r in reports] == list(range(len(TABLES)))
    assert all(r.ok for r in reports), [str(r.mismatch) for r in reports]
    assert [r.scores for r in reports] == [g.scores for g in games]


def test_figures_of_a_game() -> None:
    events = [
        {"type": "start"}, {"type": "draw", "seat": 0}, {"type": "act"},
        {"type": "draw", "seat": 0, "back": True}, {"type": "claim"}, {"type": "act"},
        {"type": "win", "fans": [["清一色", 4, 1], ["根", 1, 2]]},
        {"type": "win", "fans": [["清一色", 4, 1]]},
        {"type": "end", "result": "win", "winners": [1, 2], "scores": [-9, 5, 4, 0]},
    ]  # fmt: skip
    assert game_figures(events) == {
        "result": "win", "winners": [1, 2], "scores": [-9, 5, 4, 0], "decisions": 2,
        "turns": 2, "fans": {"清一色": 2, "根": 1},
    }  # fmt: skip


def test_summary_over_games() -> None:
    summary = Summary()
    summary.add(ReplayReport(0, "sichuan", 4, 100, 40, 30, "win", [1, 2], [0, 1, 1, -2],
                             {"清一色": 1}))  # fmt: skip
    summary.add(ReplayReport(1, "sichuan", 4, 50, 20, 15, "drawn", [], [0, 0, 0, 0]))
    bad = Mismatch(2, 7, "draw", "tile: log 1m, replay 2m")
    summary.add(ReplayReport(2, "sichuan", 4, 80, mismatch=bad))
    d = summary.to_dict()
    assert (d["games"], d["identical"], d["mismatched"]) == (3, 2, 1)
    assert d["rules"]["sichuan"] == {
        "games": 2, "wins": 2, "wins_by_seat": [0, 1, 1, 0], "drawn": 1, "forfeited": 0,
        "events_per_game": 75.0, "turns_per_game": 22.5, "decisions_per_game": 30.0,
        "fans": {"清一色": 1},
    }  # fmt: skip
    assert d["mismatches"][0]["message"] == "game 2, event 7 (draw): tile: log 1m, replay 2m"


# -- tampering ----------------------------------------------------------------------


@pytest.fixture(scope="module")
def logged(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """The lines of a log of three games; game 1 (Sichuan) has wins and payments."""
    games = [
        play("mcr", 1),
        first_game("sichuan", lambda g: bool(g.winners) and settles(g)),
        play("two-player", 3, TWO_PLAYER_EVENTS),
    ]
    path = tmp_path_factory.mktemp("log") / "games.jsonl"
    write_log(path, [g.events for g in games])
    return path.read_text(encoding="utf-8").splitlines()


def records(lines: list[str]) -> list[dict[str, Any]]:
    return [json.loads(line) for line in lines]


def find(lines: list[str], game: int, test: Callable[[dict[str, Any]], bool], nth: int = 0) -> int:
    """The index of the ``nth`` line of ``game`` whose record passes ``test``."""
    hits = [i for i, r in enumerate(records(lines)) if r["game"] == game and test(r)]
    return hits[nth]


def changed(lines: list[str], i: int, **fields: Any) -> list[str]:
    record = json.loads(lines[i])
    record.update(fields)
    return [*lines[:i], json.dumps(record, ensure_ascii=False), *lines[i + 1 :]]


def only_mismatch(lines: list[str]) -> Mismatch:
    """The one game that fails, which must be game 1."""
    reports = list(replay_lines(lines))
    assert [r.game for r in reports] == [0, 1, 2]
    bad = [r for r in reports if not r.ok]
    assert [r.game for r in bad] == [1], [str(r.mismatch) for r in bad]
    m = bad[0].mismatch
    assert m is not None and m.game == 1
    return m


def test_the_untouched_log_replays(logged: list[str]) -> None:
    assert all(r.ok for r in replay_lines(logged))


def test_a_changed_draw_is_named(logged: list[str]) -> None:
    i = find(logged, 1, lambda r: r["type"] == "draw", nth=5)
    r = json.loads(logged[i])
    other = "9p" if r["tile"] != "9p" else "1p"
    m = only_mismatch(changed(logged, i, tile=other))
    assert (m.seq, m.event, m.line) == (r["seq"], "draw", i + 1)
    assert m.reason == f"tile: log {other}, replay {r['tile']}"
    assert str(m).startswith(f"game 1, event {r['seq']} (draw), line {i + 1}: tile: log {other}")
    assert m.expected is not None and m.got is not None
    assert m.expected["tile"] == other and m.got["tile"] == r["tile"]


def test_an_illegal_decision_is_named(logged: list[str]) -> None:
    i = find(logged, 1, lambda r: r["type"] == "act" and r["action"].startswith("discard"), 3)
    r = json.loads(logged[i])
    m = only_mismatch(changed(logged, i, action="discard E"))  # no winds in Sichuan
    assert (m.seq, m.event) == (r["seq"], "act")
    assert m.reason.startswith(f"not a legal decision: seat {r['seat']} cannot discard E now")


def test_a_different_legal_decision_is_named_where_its_result_differs(logged: list[str]) -> None:
    recs = records(logged)
    # a discard decision, then the discard it made: change it to another tile held
    i = find(logged, 1, lambda r: r["type"] == "act" and r["action"].startswith("discard"), 4)
    r = recs[i]
    start = recs[find(logged, 1, lambda r: r["type"] == "start")]
    game = Game("sichuan", seed=start["seed"], wall=_ints(start["wall"]))
    for x in recs:
        if x["game"] == 1 and x["type"] == "act" and x["seq"] < r["seq"]:
            game.step(x["action"])
    others = [str(a) for a in game.legal_actions() if str(a) != r["action"]]
    alt = next(a for a in others if a.startswith("discard"))
    m = only_mismatch(changed(logged, i, action=alt))
    # the replay plays the logged decision, so the difference is in what followed it
    assert (m.seq, m.event) == (r["seq"] + 1, "discard")
    assert m.reason == f"tile: log {r['action'][8:]}, replay {alt[8:]}"
    assert m.after == f"seat {r['seat']} {alt} (event {r['seq']})"


def test_a_changed_payment_is_named(logged: list[str]) -> None:
    i = find(logged, 1, lambda r: r["type"] == "settle")
    r = json.loads(logged[i])
    pay = list(r["payments"])
    pay[0] += 1
    m = only_mismatch(changed(logged, i, payments=pay))
    assert (m.seq, m.event) == (r["seq"], "settle")
    assert m.reason == f"payments[0]: log {pay[0]}, replay {r['payments'][0]}"


def test_a_dropped_line_is_named(logged: list[str]) -> None:
    i = find(logged, 1, lambda r: r["type"] == "discard", nth=7)
    seq = json.loads(logged[i])["seq"]
    m = only_mismatch([*logged[:i], *logged[i + 1 :]])
    assert (m.seq, m.event) == (seq, "discard")
    assert m.reason == f"missing from the log (the log goes on with event {seq + 1})"
    assert m.line == i + 1  # the line where it should be


def test_a_dropped_decision_is_named(logged: list[str]) -> None:
    i = find(logged, 1, lambda r: r["type"] == "act", nth=9)
    seq = json.loads(logged[i])["seq"]
    m = only_mismatch([*logged[:i], *logged[i + 1 :]])
    assert (m.seq, m.event) == (seq, "act")
    assert m.reason == f"missing from the log (the log goes on with event {seq + 1})"


def test_a_repeated_line_is_named(logged: list[str]) -> None:
    i = find(logged, 1, lambda r: r["type"] == "draw", nth=3)
    seq = json.loads(logged[i])["seq"]
    m = only_mismatch([*logged[: i + 1], logged[i], *logged[i + 1 :]])
    assert m.seq == seq + 1
    assert (m.reason, m.line) == (
        f"the log has event {seq} again here (repeated or out of order)",
        i + 2,
    )


def test_a_log_cut_short_is_named(logged: list[str]) -> None:
    end = find(logged, 1, lambda r: r["type"] == "end")
    m = only_mismatch([*logged[:end], *logged[end + 1 :]])
    assert (m.event, m.seq) == ("end", json.loads(logged[end])["seq"])
    assert m.reason.startswith('the log ends here; the replay goes on: {"type": "end", ')
    # … or cut before a decision
    act = find(logged, 1, lambda r: r["type"] == "act", nth=-1)
    m = only_mismatch([*logged[:act], *logged[end + 1 :]])
    assert (m.seq, m.line) == (json.loads(logged[act])["seq"], None)
    assert m.reason.startswith("the log ends here; the game waits for a decision by seat")


def test_events_after_the_end_are_named(logged: list[str]) -> None:
    end = find(logged, 1, lambda r: r["type"] == "end")
    r = json.loads(logged[end])
    extra = json.dumps({**r, "seq": r["seq"] + 1, "type": "draw", "seat": 0, "tile": "1m"})
    m = only_mismatch([*logged[: end + 1], extra, *logged[end + 1 :]])
    assert (m.seq, m.event, m.line) == (r["seq"] + 1, "draw", end + 2)
    assert m.reason == "the game is over, but the log has 1 more event(s)"


def test_a_changed_wall_shows_at_the_deal(logged: list[str]) -> None:
    i = find(logged, 1, lambda r: r["type"] == "start")
    wall = json.loads(logged[i])["wall"]
    j = next(j for j in range(1, 52) if wall[j] != wall[0])
    wall[0], wall[j] = wall[j], wall[0]
    m = only_mismatch(changed(logged, i, wall=wall))
    assert (m.seq, m.event) == (1, "deal")
    assert m.reason.startswith("hands[")


def test_a_start_that_cannot_set_up_a_game_is_named(logged: list[str]) -> None:
    i = find(logged, 1, lambda r: r["type"] == "start")
    wall = json.loads(logged[i])["wall"]
    m = only_mismatch(changed(logged, i, wall=[*wall[:-1], "1m"]))
    assert (m.seq, m.event, m.line) == (0, "start", i + 1)
    assert m.reason == ("cannot set up the game from the start event: "
                        "the stacked wall has 5 copies of 1m")  # fmt: skip
    m = only_mismatch(changed(logged, i, wall=[*wall[:-1], "xx"]))
    assert m.reason.endswith("wall[107] is not a tile code: 'xx'")
    m = only_mismatch(changed(logged, i, rules="riichi"))
    assert f"the engine plays {', '.join(playable_rules())}; not 'riichi'" in m.reason
    m = only_mismatch(changed(logged, i, seed="7"))
    assert m.reason.endswith("its seed is a whole number, not '7'")
    m = only_mismatch(changed(logged, i, config={"exchange_three": "yes"}))
    assert "exchange_three is true or false" in m.reason
    m = only_mismatch(changed(logged, i, type="deal"))
    assert m.reason == "a game begins with a start event, not 'deal'"


def test_a_changed_start_field_is_named(logged: list[str]) -> None:
    i = find(logged, 1, lambda r: r["type"] == "start")
    m = only_mismatch(changed(logged, i, seats=3))
    assert (m.seq, m.reason) == (0, "seats: log 3, replay 4")
    m = only_mismatch(changed(logged, i, pool=["1m"]))
    assert (m.seq, m.reason) == (0, "pool: 1 items in the log, 0 in the replay")


def test_the_stacked_flag_is_ignored(logged: list[str]) -> None:
    i = find(logged, 1, lambda r: r["type"] == "start")
    assert all(r.ok for r in replay_lines(changed(logged, i, stacked=True)))


def test_a_decision_by_the_wrong_seat_is_named(logged: list[str]) -> None:
    i = find(logged, 1, lambda r: r["type"] == "act", nth=6)
    r = json.loads(logged[i])
    m = only_mismatch(changed(logged, i, seat=(r["seat"] + 1) % 4))
    assert m.seq == r["seq"]
    assert (
        m.reason == f"the log has seat {(r['seat'] + 1) % 4} decide; the game asks seat {r['seat']}"
    )


def test_an_event_where_a_decision_is_due_is_named(logged: list[str]) -> None:
    i = find(logged, 1, lambda r: r["type"] == "act", nth=6)
    r = json.loads(logged[i])
    m = only_mismatch(changed(logged, i, type="pass"))
    assert m.seq == r["seq"] and m.reason.startswith("the log has a pass event where the game")


def test_an_unreadable_action_is_named(logged: list[str]) -> None:
    i = find(logged, 1, lambda r: r["type"] == "act", nth=6)
    m = only_mismatch(changed(logged, i, action="fly 5m"))
    assert m.reason.startswith("not a legal decision: unknown action 'fly'")
    m = only_mismatch(changed(logged, i, action=None))
    assert m.reason.startswith("not a legal decision:")


def test_a_game_missing_from_the_file_is_named(logged: list[str]) -> None:
    lines = [line for line in logged if json.loads(line)["game"] != 1]
    reports = list(replay_lines(lines))
    assert [(r.game, r.ok) for r in reports] == [(0, True), (1, False), (2, True)]
    assert str(reports[1].mismatch) == "game 1, event 0: the log has no events of this game"


def test_an_in_memory_log_with_seq_fields_is_numbered_by_them(logged: list[str]) -> None:
    recs = [r for r in records(logged) if r["game"] == 1]
    assert replay_game(recs).ok
    del recs[10]
    m = replay_game(recs).mismatch
    assert m is not None and (m.game, m.seq, m.line) == (1, 10, None)
    assert m.reason == "missing from the log (the log goes on with event 11)"
    m = replay_game(recs, game=5).mismatch
    assert m is not None and m.game == 5


def test_rebuild_refuses_a_changed_log(logged: list[str]) -> None:
    i = find(logged, 1, lambda r: r["type"] == "settle")
    r = json.loads(logged[i])
    [_, log, _] = iter_games(changed(logged, i, payments=[0] * 4))
    with pytest.raises(ReplayError, match=rf"^game 1, event {r['seq']} \(settle\), line {i + 1}"):
        rebuild(log)
    assert replay_game(GameLog(4)).mismatch == Mismatch(
        4, 0, None, "the log has no events of this game"
    )


# -- engine faults the log agrees with ----------------------------------------------


def test_a_tile_created_by_the_engine_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """An engine bug writes a log that agrees with itself; conservation still catches it."""
    discard = Game._discard

    def faulty(self: Game, s: int, t: int, *, auto: bool = False) -> None:
        if sum(len(st.discards) for st in self.seat) == 9:
            self.seat[s].flowers.append(t)  # the tenth discard is also kept as a flower
        discard(self, s, t, auto=auto)

    monkeypatch.setattr(Game, "_discard", faulty)
    g = play("sichuan", 5)
    seq = [i for i, e in enumerate(g.events) if e["type"] == "discard"][9]
    m = replay_game(g.events).mismatch
    assert m is not None and m.reason.startswith("tile conservation: ")
    assert "5 copies where the set has 4" in m.reason and "seat " in m.reason
    assert m.seq >= seq and m.game == 0


def test_payments_that_do_not_add_up_are_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    pay = Game.pay

    def faulty(self: Game, payments: Any, reason: str) -> None:
        pay(self, {**payments, 0: payments.get(0, 0) + 1}, reason)

    monkeypatch.setattr(Game, "pay", faulty)
    g = first_game("sichuan", settles)
    report = replay_game(g.events)
    m = report.mismatch
    assert m is not None and (m.seq, m.event) == (len(g.events) - 1, "end")
    assert m.reason.startswith("zero sum: event ") and "add up to 1, not 0" in m.reason


def test_a_log_file_read_back(tmp_path: Path) -> None:
    g = play("two-player", 2)
    path = tmp_path / "one.jsonl"
    write_log(path, [g.events])
    [log] = read_log(path)
    assert rebuild(log).scores == g.scores


def test_a_mismatch_reads_in_chinese_too(logged: list[str]) -> None:
    """The mismatch is a msg(): ``str()`` the English above, translated part by part."""
    from fanshu.i18n import translate

    i = find(logged, 1, lambda r: r["type"] == "draw", nth=5)
    r = json.loads(logged[i])
    other = "9p" if r["tile"] != "9p" else "1p"
    m = only_mismatch(changed(logged, i, tile=other))
    english = str(m)
    assert type(english) is str and translate(m.message(), "en") == english
    zh = translate(m.message(), "zh")
    where = f"第 1 局第 {r['seq']} 个事件（draw），第 {i + 1} 行"
    assert zh.startswith(f"{where}：tile：日志为 {other}，回放为 {r['tile']}〔前一个决定："), zh
    j = find(logged, 1, lambda r: r["type"] == "end")
    cut = only_mismatch([*logged[:j], *logged[j + 1 :]])
    assert "日志到此结束" in translate(cut.message(), "zh")
