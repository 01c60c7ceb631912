"""The frames of a replay viewer (fanshu.engine.frames): simulated games of every rule
set give frames whose tiles add up to the set after every event, whose concealed hands
are what each seat observes at its decisions, and whose last frame and wins are the
log's end; bad logs give the replay's mismatch; the bounds are kept."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import pytest

from fanshu.engine import frames
from fanshu.engine.frames import (
    FramesError,
    LogTooLarge,
    NotAsLogged,
    TooManyItems,
    game_frames,
    read_games,
    replay_frames,
)
from fanshu.engine.game import Game
from fanshu.engine.log import game_lines
from fanshu.engine.players import make_player
from fanshu.engine.replay import replay_game
from fanshu.engine.simulate import play_game, seats_of
from fanshu.engine.variants import playable_rules
from fanshu.tiles import TILE_OF_CODE, TILES

#: Tables that make the variants' own events happen: 换三张, the two-player events.
CONFIGS: dict[str, dict[str, Any]] = {
    "sichuan": {"exchange_three": True},
    "two-player": {"exchange_at_start": 1.0, "triplet_offer": 0.5, "free_pick": 0.5},
}
MELD = re.compile(r"\[([1-9]+[mps]|[ESWNCFP]+)[1-3]?\]")


def _log(games: list[Game]) -> str:
    return "\n".join(line for k, g in enumerate(games) for line in game_lines(g.events, game=k))


def _meld_codes(meld: str) -> list[str]:
    m = MELD.fullmatch(meld)
    assert m, meld
    body = m.group(1)
    if body[-1] in "mps":
        return [f"{r}{body[-1]}" for r in body[:-1]]
    return list(body)


def _places(frame: dict[str, Any]) -> Counter[str]:
    """Every tile the frame shows, by code: hands, melds, rivers, flowers, the tiles
    chosen for an exchange, the tiles turned up."""
    seen: Counter[str] = Counter(frame["turned"])
    for s in frame["seats"]:
        seen.update(s["hand"] + s["river"] + s["flowers"] + s["exchange"])
        for m in s["melds"]:
            seen.update(_meld_codes(m))
    return seen


def _games(rules: str, seed: int = 3) -> Game:
    n = seats_of(rules)
    return play_game(rules, 0, ["greedy"] * n, seed, config=CONFIGS.get(rules))


@pytest.mark.parametrize("rules", playable_rules())
def test_every_rule_set_frames_add_up(rules: str) -> None:
    game = _games(rules)
    out = replay_frames(_log([game]))
    fr = out["frames"]
    assert [f["event"]["type"] for f in fr] == [e["type"] for e in game.events]
    copies = Counter(TILES[t].code for t in game.tile_set)
    for f in fr:
        seen = _places(f)
        assert sum(seen.values()) + f["wall"] + f["out_of_play"] == len(game.tile_set), f["seq"]
        assert not seen - copies, f["seq"]  # no tile shown more often than the set has it
    assert sum(len(s["hand"]) for s in fr[0]["seats"]) == 0  # the start: nothing dealt yet
    last = fr[-1]
    end = game.events[-1]
    assert last["scores"] == end["scores"] == [s["score"] for s in last["seats"]]
    assert out["end"]["scores"] == end["scores"]
    wins = [e for e in game.events if e["type"] == "win"]
    assert [w["total"] for w in out["wins"]] == [w["total"] for w in wins]
    for w, e in zip(out["wins"], wins, strict=True):
        assert [[f["name"], f["value"], f["count"]] for f in w["fans"]] == e["fans"]
        assert all(f["name_en"] for f in w["fans"]), w["fans"]
        assert w["settlements"], "a win is settled"
        assert last["seats"][w["seat"]]["won"] or rules == "sichuan"


@pytest.mark.parametrize("rules", ["mcr", "sichuan", "two-player"])
def test_frames_show_what_each_seat_observes_at_its_decisions(rules: str) -> None:
    n = seats_of(rules)
    game = Game(rules, seed=11, config=CONFIGS.get(rules))
    bots = [make_player("greedy", 100 + s) for s in range(n)]
    observed: list[tuple[int, int, list[str], list[str]]] = []
    while not game.done:
        s = game.to_act
        assert s is not None
        o = game.observe(s)
        observed.append(
            (len(game.events) - 1, s, [t.code for t in o.hand], [str(m) for m in o.melds])
        )
        game.step(bots[s].choose(o), seat=s)
    fr = game_frames(game.events)["frames"]
    for seq, s, hand, melds in observed:
        assert fr[seq]["seats"][s]["hand"] == hand, seq
        assert fr[seq]["seats"][s]["melds"] == melds, seq


def test_a_draw_shows_the_tile_in_the_hand() -> None:
    game = _games("mcr")
    fr = game_frames(game.events)["frames"]
    for k, e in enumerate(game.events):
        if e["type"] == "draw" and TILE_OF_CODE[e["tile"]] < 34:
            before = Counter(fr[k - 1]["seats"][e["seat"]]["hand"])
            after = Counter(fr[k]["seats"][e["seat"]]["hand"])
            assert after - before == Counter([e["tile"]]), k
            assert fr[k]["drawn"] == e["tile"]
            assert fr[k]["wall"] == fr[k - 1]["wall"] - 1


def test_several_games_summary_and_pick() -> None:
    games = [_games("two-player", seed) for seed in (1, 2, 3)]
    text = _log(games)
    out = replay_frames(text, 2)
    assert out["game"] == 2
    assert [g["game"] for g in out["games"]] == [0, 1, 2]
    assert [g["scores"] for g in out["games"]] == [g.events[-1]["scores"] for g in games]
    assert len(out["frames"]) == len(games[2].events)
    with pytest.raises(FramesError, match="the log has no game 7; its games: 0, 1, 2"):
        replay_frames(text, 7)


def test_a_changed_log_gives_the_replays_mismatch() -> None:
    game = _games("sichuan")
    events = [dict(e) for e in game.events]
    k = next(i for i, e in enumerate(events) if e["type"] == "draw" and i > 20)
    events[k]["tile"] = "9s" if events[k]["tile"] != "9s" else "1s"
    text = "\n".join(game_lines(events, game=0))
    expected = replay_game(read_games(text)[0]).mismatch
    assert expected is not None
    with pytest.raises(NotAsLogged) as got:
        replay_frames(text)
    assert str(expected) in got.value.message
    assert f"event {k} (draw), line {k + 1}: tile: log" in got.value.message
    assert got.value.extra["mismatch"]["seq"] == k


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("", "the log holds no game"),
        ("{not json", "the log cannot be read: line 1: not JSON"),
        ('{"v":1,"game":0,"seq":0}', 'line 1: no event "type"'),
        ('{"v":2,"game":0,"seq":0,"type":"start"}', "format version 2"),
    ],
)
def test_unreadable_logs(text: str, says: str) -> None:
    with pytest.raises(FramesError, match=re.escape(says)) as got:
        replay_frames(text)
    assert got.value.code == "bad_log"


def test_bounds(monkeypatch: pytest.MonkeyPatch) -> None:
    games = [_games("two-player", seed) for seed in (1, 2)]
    text = _log(games)
    monkeypatch.setattr(frames, "MAX_GAMES", 1)
    with pytest.raises(TooManyItems, match="more than 1 games") as many:
        replay_frames(text)
    assert many.value.extra == {"limit": 1}
    monkeypatch.setattr(frames, "MAX_GAMES", 2)
    monkeypatch.setattr(frames, "MAX_EVENTS", 10)
    with pytest.raises(TooManyItems, match="a game may have at most 10"):
        replay_frames(text)
    monkeypatch.setattr(frames, "MAX_LOG_CHARS", 100)
    with pytest.raises(LogTooLarge, match="over 100 characters") as large:
        replay_frames(text)
    assert large.value.code == "too_large"
