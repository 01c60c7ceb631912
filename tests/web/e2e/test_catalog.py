"""The web app's messages come from the gettext catalog ``web.po`` (no browser needed).

``tools/web_messages.py`` writes ``static/i18n/{en,zh}.json`` from
``src/fanshu/locale/zh/LC_MESSAGES/web.po``; these tests hold the JSON to the catalog, every
key the app asks for to the catalog, and the app to keeping no text table of its own.
"""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[3]
STATIC = ROOT / "src/fanshu/web/static"
PO = ROOT / "src/fanshu/locale/zh/LC_MESSAGES/web.po"
CJK = re.compile(r"[\u4e00-\u9fff]")


@pytest.fixture(scope="module")
def tool() -> ModuleType:
    pytest.importorskip("babel", reason="tools/web_messages.py reads the catalog with Babel")
    spec = importlib.util.spec_from_file_location("web_messages", ROOT / "tools/web_messages.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def messages(tool: ModuleType) -> dict[str, tuple[str, str]]:
    result: dict[str, tuple[str, str]] = tool.read_messages(PO)
    return result


def test_the_json_is_the_catalogs(tool: ModuleType, messages: dict[str, tuple[str, str]]) -> None:
    for name, text in tool.render(messages).items():
        shipped = (STATIC / "i18n" / name).read_text(encoding="utf-8")
        assert shipped == text, f"i18n/{name} is stale: run python tools/web_messages.py"
    assert tool.main(["--check"]) == 0


def test_check_sees_a_stale_file(tool: ModuleType, tmp_path: Path) -> None:
    out = tmp_path / "i18n"
    assert tool.main(["--out", str(out)]) == 0
    assert tool.main(["--check", "--out", str(out)]) == 0
    zh = out / "zh.json"
    table = json.loads(zh.read_text(encoding="utf-8"))
    table["tab.calc"] = "计算器"
    zh.write_text(json.dumps(table, ensure_ascii=False), encoding="utf-8")
    assert tool.main(["--check", "--out", str(out)]) == 1


def test_every_message_is_translated_with_its_placeholders(
    tool: ModuleType, messages: dict[str, tuple[str, str]]
) -> None:
    untranslated = [k for k, (en, zh) in messages.items() if not zh]
    assert not untranslated, f"no Chinese for {untranslated}"
    assert tool.placeholder_problems(messages) == []
    assert tool.placeholder_problems({"x": ("{0} and {1}", "{0}")}) != []


def test_a_message_without_its_key_is_refused(tool: ModuleType, tmp_path: Path) -> None:
    po = tmp_path / "web.po"
    po.write_text('msgid "Score"\nmsgstr "番数"\n', encoding="utf-8")
    with pytest.raises(SystemExit, match="msgctxt"):
        tool.read_messages(po)


def _keys_asked_for() -> set[str]:
    """The literal keys of t("…") calls in app.js and its modules board.js, replay.js and
    tables.js (``h.t("…")``, the app's t handed to them) and data-i18n attributes in
    index.html."""
    modules = ("app.js", "board.js", "replay.js", "tables.js")
    js = "\n".join((STATIC / name).read_text(encoding="utf-8") for name in modules)
    html = (STATIC / "index.html").read_text(encoding="utf-8")
    keys = set(re.findall(r"\bt\(\s*\"([\w.=-]+)\"", js))
    keys |= set(re.findall(r"\bhasText\(\s*\"([\w.=-]+)\"", js))
    keys |= set(re.findall(r"\bparseError\(\s*\"([\w.=-]+)\"", js))
    keys |= set(re.findall(r"data-i18n(?:-label|-title|-placeholder)?=\"([\w.=-]+)\"", html))
    return keys


def test_every_key_the_app_asks_for_is_in_the_catalog(
    messages: dict[str, tuple[str, str]],
) -> None:
    keys = _keys_asked_for()
    assert len(keys) > 300  # the parse found the app's calls
    missing = sorted(keys - set(messages))
    assert not missing, f"keys app.js / index.html ask for that web.po lacks: {missing}"


def test_the_app_keeps_no_text_table_of_its_own() -> None:
    """No [zh, en] pairs and no "lang === 'zh' ? 中文 : English" left in app.js: the
    only Chinese in its code (outside comments) is fan names it matches against."""
    js = (STATIC / "app.js").read_text(encoding="utf-8")
    assert "const TEXT = {" not in js
    pair = r"\[\s*\"[^\"]*" + CJK.pattern + r"[^\"]*\",\s*\"[A-Za-z{(]"  # ["番数", "Score"]
    assert not re.search(pair, js)
    assert not re.search(r"lang\s*===\s*\"zh\"\s*\?\s*[\"`][^\"`]*" + CJK.pattern, js)


def test_every_tile_has_its_name_in_the_catalog(messages: dict[str, tuple[str, str]]) -> None:
    codes = [f"{r}{s}" for s in "mps" for r in range(1, 10)] + list("ESWNCFP")
    codes += [f"{r}f" for r in range(1, 9)]
    missing = [c for c in codes if f"tile.{c}" not in messages]
    assert not missing, f"no catalog name for the tiles {missing}"
    assert messages["tile.5m"] == ("5 Characters", "五万")
