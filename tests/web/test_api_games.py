"""/v1/games: hands against the bots, played to their end through the API; what the
human seat is shown (and not shown); illegal actions; the bounded game table."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from fanshu.engine.actions import Action
from fanshu.engine.game import Game
from fanshu.engine.observation import Observation
from fanshu.engine.simulate import game_seed
from fanshu.engine.variants import playable_rules
from fanshu.web.app import create_app
from support.http import ok, problem


def play_out(client: TestClient, state: dict[str, Any]) -> tuple[dict[str, Any], list[Any]]:
    """Answer every decision with the first legal action until the hand is over."""
    events = list(state["events_new"])
    for _ in range(500):
        if state["done"]:
            return state, events
        obs = state["observation"]
        assert obs["asked"] and obs["legal_actions"], state
        state = ok(client.post(f"/v1/games/{state['id']}/actions", json={"action": 0}))
        events += state["events_new"]
    raise AssertionError("the hand did not end")


@pytest.mark.parametrize(
    ("rules", "seats"), [("mcr", 4), ("sichuan", 4), ("two-player", 2), ("beijing", 4)]
)
def test_a_whole_hand_through_the_api(client: TestClient, rules: str, seats: int) -> None:
    state = ok(client.post("/v1/games", json={"rules": rules, "seed": 11}), 201)
    assert (state["rules"], state["seat"], state["done"], state["result"]) == (rules, 0, False,
                                                                             None)  # fmt: skip
    assert state["players"] == ["you"] + ["greedy"] * (seats - 1)
    assert state["to_act"] == 0 and state["observation"]["asked"] is True
    state, events = play_out(client, state)
    assert state["done"] is True and state["to_act"] is None
    assert len(events) == state["event_count"]
    assert events[-1]["type"] == "end"
    result = state["result"]
    assert result["seed"] == 11
    assert result["scores"] == state["scores"] and sum(state["scores"]) == 0
    paid = [sum(s["payments"][q] for s in result["settlement"]) for q in range(seats)]
    assert paid == state["scores"]
    for win in result["wins"]:
        assert win["total"] == sum(f["value"] * f["count"] for f in win["fans"])
        assert all(f["name"] and f["name_en"] for f in win["fans"])
    assert result["how"] == ("win" if result["wins"] else "drawn")
    obs = state["observation"]
    assert (obs["phase"], obs["legal_actions"], obs["asked"]) == ("end", [], False)
    # GET gives the same game and, from event 0, the whole log shown so far
    again = ok(client.get(f"/v1/games/{state['id']}"))
    assert again["events_new"] == events
    assert {k: v for k, v in again.items() if k != "events_new"} == {
        k: v for k, v in state.items() if k != "events_new"
    }
    assert (
        ok(client.get(f"/v1/games/{state['id']}", params={"since": 5}))["events_new"]
        == (events[5:])
    )


def test_the_human_sees_only_its_own_tiles(client: TestClient) -> None:
    state = ok(client.post("/v1/games", json={"rules": "mcr", "seed": 3, "seat": 2}), 201)
    state, events = play_out(client, state)
    start = events[0]
    assert start["type"] == "start" and not {"wall", "pool", "seed"} & set(start)
    deal = events[1]
    assert deal["type"] == "deal" and len(deal["hand"]) == 13
    assert deal["counts"] == [13, 13, 13, 13] and "hands" not in deal
    game = Game("mcr", seed=game_seed(3, 0))
    assert deal["hand"] == game.events[1]["hands"][2]
    for e in events:
        if e.get("seat") != 2 and e["type"] in ("draw", "flower"):
            assert "tile" not in e, e
        if e["type"] == "act":
            assert e["seat"] == 2
        if e["type"] == "kong" and e["kind"] == "concealed" and e["seat"] != 2:
            assert "tile" not in e
    seats = state["observation"]["seats"]
    assert [s["name"] for s in seats] == ["greedy", "greedy", "you", "greedy"]
    assert [s["seat_wind"] for s in seats] == ["E", "S", "W", "N"]


def test_the_same_seed_deals_the_same_hand_as_fanshu_play(client: TestClient) -> None:
    a = ok(client.post("/v1/games", json={"seed": 42}), 201)
    b = ok(client.post("/v1/games", json={"seed": 42, "opponents": ["greedy"] * 3}), 201)
    assert a["id"] != b["id"]
    assert a["observation"] == b["observation"] and a["events_new"] == b["events_new"]
    game = Game("mcr", seed=game_seed(42, 0))
    assert a["observation"]["hand"] == [t.code for t in game.observe(0).hand]
    obs = a["observation"]
    assert obs["drawn"] in obs["hand"] and len(obs["hand"]) == 14
    assert obs["legal_actions"][0].startswith("discard ")
    assert (obs["seat_wind"], obs["prevalent_wind"], obs["dealer"]) == ("E", "E", 0)
    assert set(obs) >= {"wall_remaining", "last_discard", "melds", "win_total", "win_accepted",
                        "scores", "phase", "seats"}  # fmt: skip


def test_an_action_by_text(client: TestClient) -> None:
    state = ok(client.post("/v1/games", json={"seed": 5}), 201)
    action = state["observation"]["legal_actions"][-1]
    after = ok(client.post(f"/v1/games/{state['id']}/actions", json={"action": action}))
    mine = [e for e in after["events_new"] if e["type"] == "act"]
    assert mine[0] == {"type": "act", "seat": 0, "action": action}
    assert after["events_new"][1] == {"type": "discard", "seat": 0, "tile": action.split()[1],
                                      "auto": None}  # fmt: skip


def test_illegal_actions_are_422_problems_listing_the_legal_ones(client: TestClient) -> None:
    state = ok(client.post("/v1/games", json={"seed": 5}), 201)
    url = f"/v1/games/{state['id']}/actions"
    legal = state["observation"]["legal_actions"]
    body = problem(client.post(url, json={"action": "discard 9z"}), 422, "illegal_action")
    assert body["detail"] == ("unknown tile '9z' in 'discard 9z' (tiles are like 5m, 9s, 1p, E, C)")
    assert body["legal_actions"] == legal
    body = problem(client.post(url, json={"action": "pung"}), 422, "illegal_action")
    assert body["detail"] == f"pung is not possible now; legal: {', '.join(legal)}"
    body = problem(client.post(url, json={"action": len(legal)}), 422, "illegal_action")
    assert (
        body["detail"] == f"action index {len(legal)} is not in the list: choose 0-{len(legal) - 1}"
    )
    body = problem(client.post(url, json={"action": "fly"}), 422, "illegal_action")
    assert body["detail"].startswith("unknown action 'fly': one of discard")
    problem(client.post(url, json={"action": 1.5}), 422, "bad_field")
    problem(client.post(url, json={}), 422, "bad_field")
    # nothing was played
    assert ok(client.get(f"/v1/games/{state['id']}"))["event_count"] == state["event_count"]
    play_out(client, state)
    body = problem(client.post(url, json={"action": 0}), 422, "illegal_action")
    assert (body["detail"], body["legal_actions"]) == ("the hand is over", [])


@pytest.mark.parametrize(
    ("body", "code", "detail"),
    [
        ({"rules": "riichi"}, "bad_option", f"the engine plays {', '.join(playable_rules())}; "
         "not 'riichi'"),
        ({"rules": "two-player", "seat": 2}, "bad_option", "seat is 0-1 for two-player, not 2"),
        ({"opponents": ["greedy"]}, "bad_option", "mcr needs 3 opponents, not 1"),
        ({"opponents": ["greedy", "smart", "fan"]}, "bad_option",
         "unknown player 'smart': one of random, greedy, fan, ev"),
        ({"config": {"dealr": 1}}, "bad_option", None),
        ({"config": {"dealer": 9}}, "bad_option", "dealer is a seat number 0-3, not 9"),
        ({"options": {"nope": True}}, "bad_option", None),
        ({"seed": -1}, "out_of_range", "seed: input should be greater than or equal to 0, not -1"),
        ({"seat": "0"}, "bad_field", None),
        ({"rules": "mcr", "speed": 2}, "bad_field", "unknown key 'speed'"),
    ],
)  # fmt: skip
def test_bad_new_games_are_422_problems(
    client: TestClient, body: dict[str, Any], code: str, detail: str | None
) -> None:
    got = problem(client.post("/v1/games", json=body), 422, code)
    if detail is not None:
        assert got["detail"] == detail


def test_unknown_and_forgotten_games_are_404(client: TestClient) -> None:
    body = problem(client.get("/v1/games/nope"), 404, "game_not_found")
    assert body["detail"].startswith("no game 'nope'")
    problem(client.post("/v1/games/nope/actions", json={"action": 0}), 404, "game_not_found")
    gid = ok(client.post("/v1/games", json={"seed": 1}), 201)["id"]
    r = client.delete(f"/v1/games/{gid}")
    assert r.status_code == 204 and r.content == b""
    problem(client.get(f"/v1/games/{gid}"), 404, "game_not_found")
    problem(client.delete(f"/v1/games/{gid}"), 404, "game_not_found")


class _Broken:
    def choose(self, observation: Observation) -> Action:
        raise KeyError("oops")


def test_a_bot_fault_is_a_500_internal_error() -> None:
    app = create_app(":memory:")
    with TestClient(app, raise_server_exceptions=False, base_url="http://localhost") as c:
        state = ok(c.post("/v1/games", json={"rules": "two-player", "seed": 1}), 201)
        session = app.state.games.get(state["id"])
        session.bots = {1: _Broken()}
        r = c.post(f"/v1/games/{state['id']}/actions", json={"action": 0})
        body = problem(r, 500, "internal_error")
        assert body["detail"] == (
            f"SimulationError: game {state['id']}: seat 1, action None: KeyError: 'oops' "
            "(please report it)"
        )


def test_memory_keeps_the_most_recently_used_and_the_rest_come_back_from_the_database() -> None:
    app = create_app(":memory:", max_games=2)
    table = app.state.games
    with TestClient(app, base_url="http://localhost") as c:
        states = [ok(c.post("/v1/games", json={"seed": s}), 201) for s in range(2)]
        ids = [s["id"] for s in states]
        ok(c.get(f"/v1/games/{ids[0]}"))  # used: now the most recent
        third = ok(c.post("/v1/games", json={"seed": 2}), 201)["id"]
        assert len(table) == 2 and ids[1] not in table  # the least recently used
        assert (ids[0], third) == tuple(k for k in (ids[0], third) if k in table)
        assert ok(c.get(f"/v1/games/{ids[1]}")) == states[1]  # rebuilt from the database
        assert len(table) == 2 and ids[1] in table and ids[0] not in table


# -- every playable rule set, and the wild kind (issue 16) ----------------------------


@pytest.mark.parametrize("rules", playable_rules())
def test_every_playable_rule_set_plays_through_the_api(client: TestClient, rules: str) -> None:
    from fanshu.engine.variants import variant_class

    seats = variant_class(rules).seats
    state = ok(client.post("/v1/games", json={"rules": rules, "seed": 12}), 201)
    assert state["rules"] == rules and len(state["observation"]["seats"]) == seats
    wild_events = [e for e in state["events_new"] if e["type"] == "wildcard"]
    # the observation names the wild kind, as the wildcard event shown to the seat does
    wildcard = state["observation"]["wildcard"]
    assert wildcard == (wild_events[0]["tile"] if wild_events else None)
    game = Game(rules, seed=game_seed(12, 0))
    assert wildcard == (None if game.wildcard is None else tile_code(game.wildcard))
    state, events = play_out(client, state)
    assert state["done"] is True and events[-1]["type"] == "end"
    assert sum(state["scores"]) == 0
    assert state["observation"]["wildcard"] == wildcard


def tile_code(kind: int) -> str:
    from fanshu.tiles import TILES

    return TILES[kind].code
