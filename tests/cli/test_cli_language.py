"""The CLI speaks Chinese when asked: ``--lang zh`` or ``LANG=zh_CN.UTF-8`` (and
``LANGUAGE``/``LC_ALL``/``LC_MESSAGES`` before it, as gettext reads them); English
otherwise.  命令行按 --lang 或 LANG 输出中文报错。"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from typer.testing import CliRunner

import fanshu
from fanshu.cli import errors
from fanshu.cli.language import ENVIRONMENT, current_language, set_language, t
from fanshu.cli.main import app
from fanshu.errors import FanshuError
from fanshu.i18n import gettext, translate

runner = CliRunner()
#: A 13-tile "complete" hand: an InvalidHandError that names the count.
SHORT_HAND = "123m456p789s11s13m"
NO_LOCALE: dict[str, str | None] = dict.fromkeys(ENVIRONMENT)


@pytest.fixture(autouse=True)
def _environment_language(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    for name in ENVIRONMENT:
        monkeypatch.delenv(name, raising=False)
    set_language(None)
    yield
    set_language(None)


def _english_error(hand: str) -> FanshuError:
    with pytest.raises(FanshuError) as caught:
        fanshu.score(hand)
    return caught.value


def test_the_language_comes_from_the_environment_in_gettexts_order(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert current_language() == "en"
    monkeypatch.setenv("LANG", "zh_CN.UTF-8")
    assert current_language() == "zh"
    monkeypatch.setenv("LC_ALL", "C")  # LC_ALL wins over LANG
    assert current_language() == "en"
    monkeypatch.setenv("LANGUAGE", "zh_TW:en")  # LANGUAGE (a list) wins over both
    assert current_language() == "zh"


def test_set_language_wins_over_the_environment_and_none_goes_back(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("LANG", "zh_CN.UTF-8")
    set_language("en")
    assert current_language() == "en"
    set_language("zh-CN")
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    assert current_language() == "zh"
    set_language(None)
    assert current_language() == "en"
    with pytest.raises(ValueError, match="fr"):
        set_language("fr")


def test_t_translates_a_message_and_a_msgid() -> None:
    err = _english_error(SHORT_HAND)
    assert t(err.message) == err.message
    set_language("zh")
    assert t(err.message) == translate(err.message, "zh") != err.message
    assert t("Not found") == gettext("Not found", "zh") != "Not found"


def test_fail_prints_the_error_in_the_current_language(capsys: pytest.CaptureFixture[str]) -> None:
    err = _english_error(SHORT_HAND)
    exit_ = errors.fail(err.message)
    assert exit_.exit_code == errors.EXIT_BAD_INPUT
    assert capsys.readouterr().err == f"error: {err.message}\n"
    set_language("zh")
    errors.fail(err.message)
    shown = capsys.readouterr().err
    assert shown == f"error: {translate(err.message, 'zh')}\n"
    assert "13" in shown and "tiles" not in shown


def test_a_bad_hand_is_a_chinese_error_with_lang_zh() -> None:
    english = runner.invoke(app, ["score", SHORT_HAND], env=NO_LOCALE)
    chinese = runner.invoke(app, ["--lang", "zh", "score", SHORT_HAND], env=NO_LOCALE)
    assert english.exit_code == chinese.exit_code == errors.EXIT_BAD_INPUT
    message = _english_error(SHORT_HAND).message
    assert english.stderr == f"error: {message}\n"
    assert chinese.stderr == f"error: {translate(message, 'zh')}\n"
    assert "张" in chinese.stderr


def test_a_bad_hand_is_a_chinese_error_with_lang_zh_cn_in_the_environment() -> None:
    env = {**NO_LOCALE, "LANG": "zh_CN.UTF-8"}
    result = runner.invoke(app, ["score", SHORT_HAND], env=env)
    assert result.exit_code == errors.EXIT_BAD_INPUT
    assert result.stderr == f"error: {translate(_english_error(SHORT_HAND).message, 'zh')}\n"
    # --lang en wins over the environment
    english = runner.invoke(app, ["--lang", "en", "score", SHORT_HAND], env=env)
    assert english.stderr == f"error: {_english_error(SHORT_HAND).message}\n"


def test_a_notation_error_keeps_its_caret_and_says_the_position_in_chinese() -> None:
    hand = "123m456p789s11s1x"
    result = runner.invoke(app, ["--lang", "zh", "score", hand], env=NO_LOCALE)
    assert result.exit_code == errors.EXIT_BAD_INPUT
    first, *caret = result.stderr.splitlines()
    assert first.startswith("error: ") and "位置" in first
    assert caret and caret[0].strip() == hand and caret[1].strip() == "^"


def test_one_runs_choice_does_not_outlive_it() -> None:
    runner.invoke(app, ["--lang", "zh", "score", SHORT_HAND], env=NO_LOCALE)
    after = runner.invoke(app, ["score", SHORT_HAND], env=NO_LOCALE)
    assert after.stderr == f"error: {_english_error(SHORT_HAND).message}\n"
