"""What a seat, or a watcher, is shown of a hand: the JSON the games API
(``/v1/games``) and the live tables (``/v1/tables``) send, built once here for both.

- :func:`observation`: ``Observation.to_dict()`` of one seat with the whole table
  (``dealer``, the winds, ``asked``, ``seats``: each seat's melds, discards, flowers,
  concealed count, score …);
- :func:`public_observation`: the same table with no concealed tile of any seat (no
  ``hand``, no ``drawn``, no legal actions), for a watcher;
- :func:`result`: the end of a hand (wins with their fan tables, payments, the seed);
- :func:`public_event`: an engine event as a watcher may see it (what every seat sees).

>>> from fanshu.engine.game import Game
>>> g = Game("two-player", seed=1)
>>> view = public_observation(g, ["Ann", "Bo"])
>>> "hand" in view, view["seats"][0]["concealed_count"], view["asked"]
(False, 14, False)
>>> public_event({"type": "deal", "hands": [["1m"], ["2m"]]}, 2)
{'type': 'deal', 'counts': [1, 1]}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from fanshu.engine.events import fans_of
from fanshu.engine.game import Game
from fanshu.engine.observation import Observation, SeatView, event_for_seat
from fanshu.rules import get_rules

__all__ = ["SUITS", "WINDS", "observation", "public_event", "public_observation", "result"]

WINDS = "ESWN"
SUITS = "msp"  # a 定缺 suit by index, as the void event writes it


def _seat(game: Game, q: int, v: SeatView, names: Sequence[str]) -> dict[str, Any]:
    return {
        "seat": q,
        "name": names[q],
        "seat_wind": WINDS[game.variant.seat_wind(game, q)] if game.n == len(WINDS) else None,
        "melds": [None if m is None else str(m) for m in v.melds],
        "discards": [t.code for t in v.discards],
        "flowers": [t.code for t in v.flowers],
        "concealed_count": v.concealed_count,
        "won": v.won,
        "declared_ready": v.declared_ready,
        "void": None if v.void is None else SUITS[v.void],
        "score": v.score,
    }


def _table(game: Game, obs: Observation) -> dict[str, Any]:
    winds = game.n == len(WINDS)  # the two-player game has no winds
    return {
        "dealer": obs.dealer,
        "prevalent_wind": WINDS[game.variant.prevalent_wind(game)] if winds else None,
        "last_discarder": obs.last_discarder,
    }


def observation(game: Game, me: int, names: Sequence[str]) -> dict[str, Any]:
    """``Observation.to_dict()`` of seat ``me``, with the whole table."""
    obs = game.observe(me)
    out = obs.to_dict()
    winds = game.n == len(WINDS)  # the two-player game has no winds
    out.update(
        dealer=obs.dealer,
        seat_wind=WINDS[obs.seat_wind] if winds else None,
        prevalent_wind=WINDS[game.variant.prevalent_wind(game)] if winds else None,
        last_discarder=obs.last_discarder,
        win_total=obs.win_total,
        win_accepted=obs.win_accepted,
        asked=game.to_act == me,
        seats=[_seat(game, q, v, names) for q, v in enumerate(obs.seats)],
    )
    return out


def public_observation(game: Game, names: Sequence[str]) -> dict[str, Any]:
    """The table as a watcher sees it: every seat as the others see it (a concealed kong
    without its tile), no concealed tile, nothing to decide."""
    views = [game.observe(q) for q in range(game.n)]
    first = views[0]
    out: dict[str, Any] = {
        "rules": first.rules,
        "seat": None,
        "phase": first.phase,
        "wall_remaining": first.wall_remaining,
        "last_discard": None if first.last_discard is None else first.last_discard.code,
        "legal_actions": [],
        "scores": [v.score for v in first.seats],
        "wildcard": None if first.wildcard is None else first.wildcard.code,
        **_table(game, first),
        "asked": False,
        "to_act": game.to_act,
    }
    # seat q as seat q + 1 sees it: its concealed kongs are None there
    out["seats"] = [_seat(game, q, views[(q + 1) % game.n].seats[q], names) for q in range(game.n)]
    return out


def public_event(e: Mapping[str, Any], seats: int) -> dict[str, Any] | None:
    """Event ``e`` as a watcher sees it: what every seat sees (no dealt hand, no drawn or
    exchanged tile, no concealed kong's tile, no decision), or None."""
    if e.get("type") == "exchange" and "direction" in e:
        return {"type": "exchange", "direction": e["direction"]}
    shown = event_for_seat(e, seats, seats)  # a seat number no seat has
    if shown is not None and shown.get("type") == "deal":
        del shown["hand"]
    return shown


def result(game: Game, seed: int) -> dict[str, Any] | None:
    """The end of the hand: how, winners, scores, each win with its fan table, every
    payment and ``seed`` (the one the hand was set up with); None while it goes on."""
    if not game.done:
        return None
    end = game.result()
    english = {f.name_zh: f.name_en for f in get_rules(game.rules).fans}
    wins = []
    for e in game.events:
        if e["type"] != "win":
            continue
        fans = [
            {"name": f.name, "name_en": english.get(f.name, ""), "value": f.value, "count": f.times}
            for f in fans_of(e)
        ]
        wins.append({**{k: v for k, v in e.items() if k != "fans"}, "fans": fans})
    return {
        "how": end.get("result"),
        "winners": end.get("winners", []),
        "scores": end.get("scores", list(game.scores)),
        "wall_left": end.get("wall_left"),
        "wins": wins,
        "false_wins": [dict(e) for e in game.events if e["type"] == "false_win"],
        "settlement": [
            {"reason": e["reason"], "payments": e["payments"]}
            for e in game.events
            if e["type"] == "settle"
        ],
        "seed": seed,
    }
