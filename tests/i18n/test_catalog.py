"""The message catalogs: the committed ``fanshu.mo`` is the compile of the committed
``fanshu.po``, every message fanshu can show has its Chinese, and every translation has
the fields of its English (a missing ``{tile}`` would lose the tile; an extra one would
fall back to English at run time).  消息目录：.mo 与 .po 一致，每条消息都有中文，字段一致。"""

from __future__ import annotations

import gettext
import io
import string
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

import fanshu
from fanshu import rules
from fanshu.i18n import LANGUAGES

PACKAGE = Path(fanshu.__file__).resolve().parent
LOCALE = PACKAGE / "locale"
TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]


def _po(lang: str) -> Catalog:
    with (LOCALE / lang / "LC_MESSAGES" / "fanshu.po").open("rb") as f:
        return read_po(f, locale=lang)


def _mo_catalog(data: bytes) -> dict[str, str]:
    return dict(gettext.GNUTranslations(io.BytesIO(data))._catalog)  # type: ignore[attr-defined]


def _templates() -> dict[str, str]:
    """Every ``msg("…")`` template under src/fanshu, with where it is."""
    found = extract_from_dir(
        PACKAGE,
        [("**.py", "python")],
        keywords={"msg": None},
        directory_filter=lambda d: Path(d).name not in ("__pycache__", "static", "locale"),
    )
    return {m: f"{path}:{line}" for path, line, m, _c, _x in found if isinstance(m, str) and m}


def _fields(text: str) -> set[str]:
    return {
        f"{name}!{conv}" if conv else name
        for _, name, _, conv in string.Formatter().parse(text)
        if name is not None
    }


def _text(template: str) -> str:
    """A template without its fields (``"{field}: {error}"`` has no words to translate)."""
    return "".join(literal for literal, *_ in string.Formatter().parse(template))


def test_the_catalogs_are_found_where_fanshu_i18n_reads_them() -> None:
    for lang in TRANSLATED:
        assert (LOCALE / lang / "LC_MESSAGES" / "fanshu.mo").is_file()
        assert gettext.find("fanshu", str(LOCALE), languages=[lang]) is not None


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_committed_mo_is_the_compile_of_the_committed_po(lang: str) -> None:
    out = io.BytesIO()
    write_mo(out, _po(lang))
    committed = (LOCALE / lang / "LC_MESSAGES" / "fanshu.mo").read_bytes()
    compiled, shipped = _mo_catalog(out.getvalue()), _mo_catalog(committed)
    assert {k: v for k, v in shipped.items() if k} == {k: v for k, v in compiled.items() if k}, (
        "fanshu.mo is stale: run python tools/messages.py"
    )


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_msg_template_in_the_source_has_a_translation(lang: str) -> None:
    templates = _templates()
    assert len(templates) > 50  # the extractor finds them (a wrong keyword would find none)
    translated = {str(m.id): m.string for m in _po(lang) if m.id and m.string}
    missing = {t: where for t, where in templates.items() if t not in translated}
    assert not missing, f"no {lang} for (run python tools/messages.py, then translate): {missing}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_rule_option_note_has_a_translation(lang: str) -> None:
    translated = {str(m.id) for m in _po(lang) if m.id and m.string}
    notes = {
        (name, option): note
        for name in rules.names()
        for option, _default, note in rules.get_rules(name).describe_options()
    }
    assert len(notes) > 40
    missing = {k: n for k, n in notes.items() if n not in translated}
    assert not missing, missing


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_translation_has_the_fields_of_its_english(lang: str) -> None:
    wrong = {
        str(m.id): str(m.string)
        for m in _po(lang)
        if m.id and m.string and _fields(str(m.id)) != _fields(str(m.string))
    }
    assert not wrong, wrong


@pytest.mark.parametrize("lang", TRANSLATED)
def test_chinese_translations_are_chinese(lang: str) -> None:
    # a msgstr copied from its msgid (or left English) is not a translation
    same = [
        str(m.id)
        for m in _po(lang)
        if m.id and m.string == m.id and any(c.isalpha() for c in _text(str(m.id)))
    ]
    assert not same, same
    no_han = [
        str(m.string)
        for m in _po(lang)
        if m.id
        and m.string
        and any(c.isascii() and c.isalpha() for c in _text(str(m.id)))
        and not any("\u4e00" <= c <= "\u9fff" for c in str(m.string))
    ]
    assert not no_han, no_han


def test_the_field_check_sees_fields_and_conversions() -> None:
    # the check above is only as good as _fields: a renamed or dropped field is seen
    assert _fields("unknown suit {suit!r} at {n}") == {"suit!r", "n"}
    assert _fields("{n} 张 {suit}") != _fields("unknown suit {suit!r} at {n}")
    assert _fields("没有字段") == set()
