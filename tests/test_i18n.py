"""fanshu.i18n: messages that keep their template, their translation, the language of a
``LANG`` value or an ``Accept-Language`` header (中文与英文)."""

from __future__ import annotations

import pickle

import pytest

import fanshu
from fanshu.errors import InvalidHandError, NotationError
from fanshu.i18n import DEFAULT_LANGUAGE, LANGUAGES, Message, gettext, language, msg, translate


def test_a_message_is_its_english_text_and_keeps_template_and_values() -> None:
    m = msg("unknown suit {suit!r} at {n}", suit="x", n=3)
    assert isinstance(m, str) and isinstance(m, Message)
    assert m == "unknown suit 'x' at 3" == str(m)
    assert m.template == "unknown suit {suit!r} at {n}"
    assert dict(m.values) == {"suit": "x", "n": 3}


def test_a_message_without_values_is_not_formatted() -> None:
    # braces in a message without values are text, not fields
    m = msg("a {literal} brace")
    assert m == "a {literal} brace" and m.values == {}
    assert translate(m, "zh") == "a {literal} brace"


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_messages_and_errors_pickle_with_their_template(protocol: int) -> None:
    # errors cross process pools (fanshu batch --jobs) and must keep what translation needs
    m = msg("{message} at {position}", message=msg("empty hand"), position=0)
    back = pickle.loads(pickle.dumps(m, protocol))
    assert isinstance(back, Message) and back == m
    assert back.template == m.template and isinstance(back.values["message"], Message)
    assert translate(back, "zh") == translate(m, "zh")
    err = pickle.loads(pickle.dumps(NotationError("unknown suit 'x'", position=4), protocol))
    assert isinstance(err.message, Message) and err.message.template == "{message} at {position}"


def test_english_is_the_text_itself() -> None:
    m = msg("{message} at {position}", message="bad", position=3)
    assert DEFAULT_LANGUAGE == "en" and translate(m, "en") == "bad at 3"
    assert gettext("Not found", "en") == "Not found"


def test_chinese_comes_from_the_catalog_and_nested_messages_are_translated() -> None:
    zh = gettext("{message} at {position}", "zh")
    assert zh != "{message} at {position}" and "{position}" in zh
    inner = msg("Not found")
    outer = msg("{message} at {position}", message=inner, position=7)
    assert translate(outer, "zh") == zh.format(message=gettext("Not found", "zh"), position=7)
    assert gettext("Not found", "zh") != "Not found"


def test_a_plain_string_is_a_msgid_and_an_unknown_one_stays_english() -> None:
    assert translate("Not found", "zh") == gettext("Not found", "zh") != "Not found"
    assert translate("no message of fanshu has these words", "zh") == (
        "no message of fanshu has these words"
    )
    assert translate("no such words", "fr") == "no such words"


def test_a_translation_whose_fields_do_not_fit_falls_back_to_english(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import fanshu.i18n as i18n

    monkeypatch.setattr(i18n, "gettext", lambda text, lang: "坏的 {nothing}")
    m = msg("value {v}", v=1)
    assert translate(m, "zh") == "value 1"


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("zh_CN.UTF-8", "zh"),
        ("zh_TW", "zh"),
        ("zh", "zh"),
        ("ZH-hans-CN", "zh"),
        ("en_US.UTF-8", "en"),
        ("C.UTF-8", "en"),
        ("POSIX", "en"),
        ("", "en"),
        (None, "en"),
        ("zh-CN,zh;q=0.9,en;q=0.8", "zh"),
        ("en-GB,en;q=0.9,zh;q=0.5", "en"),
        ("fr-FR, de;q=0.8, zh;q=0.5", "zh"),
        ("fr, de", "en"),
        ("*", "en"),
        (" zh-Hant ; q=0.3 ", "zh"),
        # quality values: the highest wins, q=0 refuses, the first among equals
        ("en;q=0.4, zh-CN;q=0.8", "zh"),
        ("zh;q=0.5, en;q=0.9", "en"),
        ("zh;q=0, en", "en"),
        ("zh;q=0", "en"),
        ("zh;q=oops", "en"),
        ("en, zh", "en"),
        ("zh, en", "zh"),
    ],
)
def test_language_of_lang_values_and_accept_language_headers(
    value: str | None, expected: str
) -> None:
    assert language(value) == expected
    assert language(value) in LANGUAGES


def test_a_hand_error_reads_in_chinese() -> None:
    # a hand a user typed: the whole message is Chinese, the tile codes kept
    with pytest.raises(InvalidHandError) as caught:
        fanshu.score("123m456p789s11s13m")
    english = caught.value.message
    chinese = translate(english, "zh")
    assert chinese != english and "13" in chinese
    assert any("\u4e00" <= c <= "\u9fff" for c in chinese) and "tiles" not in chinese
