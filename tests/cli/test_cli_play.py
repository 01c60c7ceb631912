"""``fanshu play`` driven by piped input: whole hands to their end, answers by number or
by text, bad answers re-asked, the end of input or ``q`` a clean stop, and only what
the player's seat may see."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from fanshu.cli.main import app
from fanshu.cli.play import View, describe, read_choice
from fanshu.engine.actions import Action, ActionError
from fanshu.engine.game import Game
from fanshu.engine.players import PLAYERS, make_player
from fanshu.engine.simulate import game_seed, player_seed
from fanshu.engine.variants import playable_rules
from fanshu.tiles import Tile

runner = CliRunner()
MANY = "1\n" * 400  # more answers than any hand asks for


def _play(*args: str, stdin: str = MANY) -> tuple[int, str, str]:
    result = runner.invoke(app, ["play", *args], input=stdin)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    assert "Traceback" not in result.output
    return result.exit_code, result.stdout, result.stderr


def _first_choice_game(rules: str, seed: int, me: int, bots: list[str]) -> Game:
    """The hand the command plays when every answer is 1 (the first legal action)."""
    game = Game(rules, seed=game_seed(seed, 0))
    players = {s: make_player(name, player_seed(seed, 0, s))
               for s, name in enumerate(bots) if s != me}  # fmt: skip
    while not game.done:
        s = game.to_act
        assert s is not None
        obs = game.observe(s)
        game.step(obs.legal_actions[0] if s == me else players[s].choose(obs))
    return game


@pytest.mark.parametrize(
    ("rules", "seat", "opponents"),
    [("mcr", 0, "random,random,random"), ("sichuan", 2, "random,random,random"),
     ("two-player", 1, "random"), ("beijing", 1, "random,greedy,random")],
)  # fmt: skip
def test_piped_answers_play_the_hand_to_its_end(rules: str, seat: int, opponents: str) -> None:
    code, out, _ = _play("--rules", rules, "--seed", "5", "--seat", str(seat),
                         "--opponents", opponents)  # fmt: skip
    assert code == 0
    assert "── end of the hand ──" in out
    bots = opponents.split(",")
    bots.insert(seat, "you")
    game = _first_choice_game(rules, 5, seat, bots)
    names = []
    for q, name in enumerate(bots):
        wind = "ESWN"[q] if len(bots) == 4 else ""  # seat 0 deals: its wind is East
        if q == seat:
            names.append(f"you (seat {q}{', ' + wind if wind else ''})")
        else:
            names.append(f"seat {q} ({wind + ', ' if wind else ''}{name})")
    expected = ", ".join(f"{n} {v:+d}" for n, v in zip(names, game.scores, strict=True))
    assert f"\nscores: {expected}\n" in out
    assert out.count("your choice") == sum(
        1 for e in game.events if e["type"] == "act" and e["seat"] == seat
    )
    # the same answers give the same transcript
    assert _play("--rules", rules, "--seed", "5", "--seat", str(seat),
                 "--opponents", opponents)[1] == out  # fmt: skip


def test_a_win_is_shown_with_its_fans_and_the_scores() -> None:
    # two-player seed 4: answering 1 throughout wins self-drawn (8 fan)
    code, out, _ = _play("--rules", "two-player", "--seed", "4", "--opponents", "random")
    assert code == 0
    end = out.split("── end of the hand ──", 1)[1]
    assert "you (seat 0) win self-drawn" in end
    assert "双箭刻  Two Dragon Pungs  6" in end and "自摸    Self-Drawn        1" in end
    assert "total 8 fan" in end
    assert "scores: you (seat 0) +8, seat 1 (random) -8" in end


def test_answers_by_text_and_bad_answers_re_asked() -> None:
    game = Game("mcr", seed=game_seed(2, 0))
    first = game.observe(0).legal_actions
    code = str(first[-1]).split()[1]  # the last discard offered, answered by its tile
    stdin = f"nonsense\n99\npung\n\n?\n{code}\nq\n"
    args = ("--seed", "2", "--opponents", "random,random,random", "--plain")
    rc, out, err = _play(*args, stdin=stdin)
    assert rc == 0
    assert "✗ unknown action 'nonsense'" in out
    assert f"✗ 99 is not in the list: choose 1-{len(first)}" in out
    assert "✗ pung is not possible now" in out
    assert f"quit): {code}\nyou discard {code}\n" in out
    assert out.count(" 1) discard") == 6  # the list again after each bad or empty answer
    assert "you left: the hand was left unfinished" in err


@pytest.mark.parametrize("stdin", ["", "1\n1\n"])
def test_end_of_input_stops_cleanly(stdin: str) -> None:
    code, out, err = _play("--seed", "3", "--opponents", "random,random,random", stdin=stdin)
    assert code == 0
    assert "the input ended: the hand was left unfinished" in err
    assert "end of the hand" not in out


def test_only_the_players_own_tiles_are_shown() -> None:
    code, out, _ = _play("--seed", "5", "--opponents", "random,random,random", "--plain")
    assert code == 0
    game = _first_choice_game("mcr", 5, 0, ["you", "random", "random", "random"])
    assert not any(line.startswith(("seat 1 draw", "seat 2 draw", "seat 3 draw"))
                   for line in out.splitlines())  # fmt: skip
    assert "you draw" in out
    # the others' concealed tiles appear only as a count, their flower replacements unnamed
    assert "    hand     13 tiles" in out
    others_flowers = [e for e in game.events if e["type"] == "flower" and e["seat"] != 0]
    assert out.count("shows a flower and draws a replacement\n") == len(others_flowers) > 0
    for e in game.events:
        if e["type"] == "kong" and e["kind"] == "concealed" and e["seat"] != 0:
            assert "a concealed kong: four hidden tiles" in out


def test_plain_writes_codes_and_unicode_is_the_default() -> None:
    plain = _play("--seed", "6", "--opponents", "random,random,random", "--plain")[1]
    fancy = _play("--seed", "6", "--opponents", "random,random,random")[1]
    assert "🀫" not in plain and "🀫" in fancy
    assert plain.count("your choice") == fancy.count("your choice")


def test_without_a_seed_the_seed_is_printed_for_a_replay() -> None:
    code, out, _ = _play("--rules", "two-player", "--opponents", "random", stdin="q\n")
    assert code == 0 and out.startswith("seed ") and "plays this hand again" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--seat", "4"], "--seat is 0-3 for mcr, not 4"),
        (["--rules", "two-player", "--seat", "2"], "--seat is 0-1 for two-player, not 2"),
        (["--seat", "east"], "--seat is a whole number"),
        (["--opponents", "random,random"], "mcr needs 3 opponents (--opponents), not 2"),
        (["--rules", "two-player", "--opponents", "random,random"], "needs 1 opponent"),
        (["--opponents", "random,random,nosuch"], "unknown player 'nosuch'"),
        (["--rules", "riichi"], f"the engine plays {', '.join(playable_rules())}"),
        (["--seed", "x"], "--seed is a whole number, not 'x'"),
        (["-o", "nosuch=1"], "unknown option 'nosuch'"),
        (["--config", "dealer=7"], "dealer is a seat number 0-3, not 7"),
    ],
)
def test_bad_setup_is_an_error_not_a_traceback(args: list[str], message: str) -> None:
    code, _, err = _play(*args, stdin="")
    assert code == 2
    assert err.startswith("error: ") and message in err, err


def test_read_choice_understands_numbers_text_tiles_and_kinds() -> None:
    legal = [Action.parse(x) for x in ("win", "kong 5m", "discard 5m", "discard E", "chow 3m",
                                       "chow 4m")]  # fmt: skip
    assert str(read_choice("1", legal)) == "win"
    assert str(read_choice("E", legal)) == "discard E"
    assert str(read_choice("5m", legal)) == "discard 5m"  # a tile alone: its discard
    assert str(read_choice("kong", legal)) == "kong 5m"
    assert str(read_choice("和", legal)) == "win"
    assert str(read_choice("chow 4m", legal)) == "chow 4m"
    with pytest.raises(ActionError, match="say which: chow 3m, chow 4m"):
        read_choice("chow", legal)
    with pytest.raises(ActionError, match="no action with 9p now"):
        read_choice("9p", legal)
    with pytest.raises(ActionError, match="0 is not in the list: choose 1-6"):
        read_choice("0", legal)
    with pytest.raises(ActionError, match="unknown tile 'x'"):
        read_choice("discard x", legal)


def test_default_opponents_are_the_greedy_bot_when_there() -> None:
    code, out, _ = _play("--rules", "two-player", "--seed", "1", stdin="q\n")
    assert code == 0
    expected = "greedy" if "greedy" in PLAYERS else "random"
    assert f"seat 1 ({expected})  score 0" in out


# -- every playable rule set, and the wild kind (issue 16) ----------------------------


@pytest.mark.parametrize("rules", playable_rules())
def test_every_playable_rule_set_plays_to_its_end(rules: str) -> None:
    n = len(_first_choice_game(rules, 7, 0, ["you"] + ["random"] * 3).scores)
    bots = ["you"] + ["random"] * (n - 1)
    code, out, _ = _play("--rules", rules, "--seed", "7", "--opponents", ",".join(bots[1:]))
    assert code == 0
    assert "── end of the hand ──" in out
    game = _first_choice_game(rules, 7, 0, bots)
    assert out.count("your choice") == sum(
        1 for e in game.events if e["type"] == "act" and e["seat"] == 0
    )
    wild = next((e for e in game.events if e["type"] == "wildcard"), None)
    if wild is None:
        assert "百搭 wild" not in out
        return
    # the wild kind: announced once, and on the table under the player's hand
    plain = _play("--rules", rules, "--seed", "7", "--opponents", ",".join(bots[1:]), "--plain")[1]
    assert plain.count(f"百搭 wild: {wild['tile']}") >= 2
    assert f"    百搭 wild: {wild['tile']}  ×" in plain


# -- the player's own seat in the lines, and the tiles' spacing --------------------------------


def _view(plain: bool = True) -> View:
    game = Game("mcr", seed=1)
    return View(game, 0, ["you", "random", "random", "random"], plain=plain)


@pytest.mark.parametrize(
    ("event", "line"),
    [
        ({"type": "win", "seat": 1, "source": 0, "total": 8, "hand": "123m456p789s11sEEE"},
         "seat 1 wins on your tile: 8 fan"),
        ({"type": "win", "seat": 0, "source": 2, "total": 8, "hand": "123m456p789s11sEEE"},
         "you win on seat 2's tile: 8 fan"),
        ({"type": "claim", "seat": 1, "kind": "pung", "meld": "[555m]", "source": 0},
         "seat 1 pungs [555m] on your discard"),
        ({"type": "robbed", "seat": 0, "tile": "5m"}, "your kong on 5m is robbed (抢杠)"),
        ({"type": "robbed", "seat": 3, "tile": "5m"}, "seat 3's kong on 5m is robbed (抢杠)"),
    ],
)  # fmt: skip
def test_your_tile_not_yous(event: dict[str, object], line: str) -> None:
    assert describe(event, _view()) == line


def test_no_yous_in_whole_hands() -> None:
    """Whole hands where others win on the player's discards: "your", never "you's"."""
    seen_yours = False
    for seed in range(1, 13):
        _, out, _ = _play("--seed", str(seed), "--plain")
        assert "you's" not in out
        seen_yours |= "on your tile" in out or "on your discard" in out
    assert seen_yours


def test_red_dragon_is_spaced_like_every_tile() -> None:
    """🀄, which terminals draw as a wide emoji, is followed by a space as every tile is,
    so that it does not run into the next one."""
    v = _view(plain=False)
    drawn = v.tiles([Tile.RED, Tile.EAST, Tile.M1])
    assert drawn == "🀄 🀀 🀇"
    assert v.tile("C") == "🀄  C"


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--table", "http://h/#/table/t?key=k", "--watch", "http://h/#/table/t?watch=w"],
         "give --table or --watch, not both"),
        (["--bot", "greedy"], "--bot goes with --table"),
        (["--watch", "http://h/#/table/t?watch=w", "--bot", "greedy"], "--bot goes with --table"),
        (["--watch", "http://h/#/table/t?key=k"], "is not a watch link"),
        (["--table", "http://h/#/table/t?watch=w"], "has no seat token"),
    ],
)  # fmt: skip
def test_table_options_that_do_not_go_together(args: list[str], says: str) -> None:
    """--table/--watch/--bot checked before anything connects (fanshu.cli.live for the
    played tables: tests/cli/test_cli_tables.py)."""
    code, out, err = _play(*args, stdin="")
    assert code == 2 and out == ""
    assert err.startswith("error: ") and says in err and err.count("\n") == 1


def test_a_view_of_a_table_played_elsewhere_names_seats_as_the_local_one() -> None:
    """View(None, table=…) (a live table's JSON) writes seats as View(game) does."""
    game = Game("mcr", seed=1)
    local = View(game, 2, ["a", "b", "you", "d"], plain=True)
    winds = [local.wind(q) for q in range(4)]
    remote = View(None, 2, ["a", "b", "you", "d"], plain=True, table=("mcr", 4, winds))
    assert [remote.name(q) for q in range(4)] == [local.name(q) for q in range(4)]
    assert sorted(winds) == sorted("ESWN")
    two = View(None, 0, ["you", "b"], plain=True, table=("two-player", 2, None))
    assert two.name(1) == "seat 1 (b)" and two.wind(1) == ""
