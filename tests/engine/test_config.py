"""The engine's own checks (GameConfig, Game, simulate, the environment, autoplay) say
what is wrong in English and in Chinese: each is a ``msg()`` template with an entry in
the zh catalog, so a Chinese answer (the CLI's ``--lang zh``, HTTP's
``Accept-Language: zh``) carries no English sentence."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from fanshu.engine import Game, GameConfig
from fanshu.engine.autoplay import play_until
from fanshu.engine.env import MahjongEnv
from fanshu.engine.players import make_player
from fanshu.engine.simulate import simulate
from fanshu.errors import OptionError
from fanshu.i18n import Message, translate

CASES: list[tuple[Callable[[], object], str, str]] = [
    (lambda: GameConfig(dealer=5), "dealer is a seat number 0-3, not 5", "须是座位号"),
    (lambda: GameConfig(flowers=1), "flowers is true or false, not 1", "true 或 false"),
    (lambda: GameConfig(free_pick=2.0), "free_pick is a probability from 0 to 1", "概率"),
    (lambda: make_player("best"), "unknown player 'best': one of random", "未知的玩家"),
    (lambda: simulate("mcr", 1, ["random"] * 3), "mcr is played by 4 players", "名玩家"),
    (lambda: simulate("mcr", -1, ["random"] * 4), "games is a whole number", "局数"),
    (lambda: simulate("mcr", 1, ["random"] * 4, seed="x"), "seed is a whole number", "整数"),
    (lambda: simulate("riichi", 1, ["random"] * 4), "the engine plays", "引擎可进行"),
    (lambda: MahjongEnv("mcr", seat=7), "seat is 0-3 for mcr, not 7", "座位号"),
    (lambda: MahjongEnv("mcr", opponents=["random"]), "mcr needs 3 opponents, not 1", "名对手"),
    (lambda: MahjongEnv("two-player", opponents="random,random"), "needs 1 opponent,", "名对手"),
    (lambda: MahjongEnv("mcr", opponents=[1, 2, 3]), "an opponent is a bot name", "机器人名称"),
    (lambda: Game("mcr", players=["a"]), "players are 4 names", "每个座位一个"),
    (lambda: Game("two-player", config={"dealer": 3}), "dealer 3 is not a seat of 2", "庄家"),
    (lambda: play_until(Game("mcr", seed=1), {}, seat=9), "seat is 0-3 for mcr, not 9", "座位号"),
]


@pytest.mark.parametrize(("call", "english", "chinese"), CASES)
def test_engine_checks_speak_both_languages(
    call: Callable[[], object], english: str, chinese: str
) -> None:
    with pytest.raises(OptionError) as caught:
        call()
    message = caught.value.args[0]
    assert isinstance(message, Message), "a msg() template, so that it can be translated"
    assert english in str(message)
    zh = translate(message, "zh")
    assert chinese in zh, zh
    # no English sentence left: past the names and values quoted, no run of 3 words
    assert not re.search(r"[a-z]+ [a-z]+ [a-z]+ ", re.sub(r"'[^']*'|\[[^]]*\]", "", zh)), zh
