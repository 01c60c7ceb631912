"""The documentation site's generators (docs/hooks) and its pages, without a whole build.

``make docs`` (and so ``make test``) builds the site with ``mkdocs build --strict``, which
fails on a broken link or anchor; these tests check what that cannot: that the fan pages
hold every row of the tables fanshu scores with, that the navigation lists every document,
that the reference pages name modules that exist, and that the docstring rewriting keeps
doctests as code.
"""

from __future__ import annotations

import doctest
import importlib
import importlib.util
import re
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import fanshu
from fanshu.rules import get_rules, names
from fanshu.rules.mcr.fans import FANS

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"


def _load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        f"docs_hooks_{name}", DOCS / "hooks" / f"{name}.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


fans_hook = _load("fans")
docstrings_hook = _load("docstrings")


def _anchors(page: str) -> set[str]:
    return set(re.findall(r"\{#([^}]+)\}", page))


@pytest.mark.parametrize("name", names())
def test_fan_page_holds_every_row_with_working_links(name: str) -> None:
    rules = get_rules(name)
    page = fans_hook.fan_page(rules)
    rows = list(FANS.values()) if name == "mcr" else list(rules.fans)
    assert rows
    anchors = _anchors(page)
    assert len(anchors) == len(rows), "one section per fan, each with its own anchor"
    for row in rows:
        key = fans_hook._key(row.key)
        assert key in anchors
        heading = f"## {row.name_zh} · {row.name_en} {{#{key}}}"
        assert heading in page
        section = page.split(heading, 1)[1].split("\n## ", 1)[0]
        assert f"**{row.value}**" in section
        for excluded in row.excludes:
            assert f"(#{fans_hook._key(excluded)} " in section, (key, excluded)
    # every in-page link goes to a fan of this page
    assert set(re.findall(r"\]\(#([^) ]+)", page)) <= anchors


def test_mcr_page_is_in_the_rule_book_order() -> None:
    page = fans_hook.fan_page(get_rules("mcr"))
    numbers = [int(n) for n in re.findall(r"^No\. (\d+) ·", page, flags=re.M)]
    official = sorted(row.number for row in FANS.values() if row.number > 0)
    assert numbers == official
    assert numbers[:3] == [1, 2, 3]  # 大四喜 first, the non-official extras after 81
    first = page.index("{#big_four_winds}")
    for row in FANS.values():
        if row.number <= 0:
            assert page.index(f"{{#{fans_hook._key(row.key)}}}") > first


def test_fan_page_shows_the_rule_text_where_there_is_one() -> None:
    texts = pytest.importorskip("fanshu.rules.texts")
    rules = get_rules("mcr")
    page = fans_hook.fan_page(rules)
    shown = 0
    for row in FANS.values():
        text = texts.fan_text("mcr", row.key)
        if text is None:
            continue
        shown += 1
        assert text.zh in page and text.en in page
        for example in text.examples:
            assert f"`{example.hand}`" in page
    if not shown:
        pytest.skip("no MCR rule texts yet")


def test_index_page_links_every_rule_set() -> None:
    rule_sets = [get_rules(n) for n in names()]
    page = fans_hook.index_page(rule_sets)
    for rules in rule_sets:
        assert f"]({rules.name}.md)" in page


def test_nav_lists_every_document() -> None:
    config: dict[str, Any] = fans_hook.on_config({"docs_dir": str(DOCS)})
    listed: list[str] = []

    def walk(items: list[Any]) -> None:
        for item in items:
            if isinstance(item, dict):
                for value in item.values():
                    walk(value)
            else:
                listed.append(item)

    walk(config["nav"])
    assert len(listed) == len(set(listed))
    on_disk = {p.relative_to(DOCS).as_posix() for p in DOCS.rglob("*.md")}
    generated = {"fans/index.md"} | {f"fans/{n}.md" for n in names()}
    assert set(listed) == on_disk | generated
    assert listed[0] == "index.md"


@pytest.mark.parametrize("page", sorted((DOCS / "reference").glob("*.md")), ids=lambda p: p.name)
def test_reference_pages_name_modules_that_import(page: Path) -> None:
    targets = re.findall(r"^::: ([\w.]+)$", page.read_text(encoding="utf-8"), flags=re.M)
    assert targets, f"{page.name} documents nothing"
    for target in targets:
        importlib.import_module(target)


def test_public_modules_have_a_reference_page() -> None:
    documented = {
        target
        for page in (DOCS / "reference").glob("*.md")
        for target in re.findall(r"^::: ([\w.]+)$", page.read_text(encoding="utf-8"), flags=re.M)
    }
    wanted = {"fanshu", "fanshu.api", "fanshu.hand", "fanshu.tiles", "fanshu.notation"}
    wanted |= {"fanshu.rules", "fanshu.analysis", "fanshu.protocol", "fanshu.engine"}
    wanted |= {"fanshu.match", "fanshu.errors"}
    assert wanted <= documented


def test_docstrings_become_markdown() -> None:
    failed, attempted = doctest.testmod(docstrings_hook, optionflags=doctest.ELLIPSIS)
    assert attempted and not failed
    text = fanshu.__doc__ or ""
    converted = docstrings_hook.markdown(text)
    # every doctest line of fanshu's own docstring ends up inside a pycon fence
    fences = re.findall(r"```pycon\n(.*?)```", converted, flags=re.S)
    inside = "".join(fences)
    for line in text.splitlines():
        if line.strip().startswith(">>>"):
            assert line in inside
    assert "``" not in docstrings_hook.markdown("a ``literal`` and :class:`Result`")


def test_docstrings_keep_existing_fences() -> None:
    text = "Text:\n\n```python\n>>> not a doctest here\n```\n"
    assert docstrings_hook.markdown(text) == text


def test_index_page_claims_hold() -> None:
    page = (DOCS / "index.md").read_text(encoding="utf-8")
    (block,) = re.findall(r"```python\n(.*?)```", page, flags=re.S)
    namespace: dict[str, Any] = {}
    checked = 0
    for line in block.splitlines():
        code, _, claim = line.partition("#")
        if not code.strip() or code.strip().startswith("print("):
            continue
        if re.fullmatch(r"\s*\d+\s*", claim):
            assert eval(code, namespace) == int(claim), line
            checked += 1
        else:
            exec(code, namespace)
    assert checked


def test_site_builds_strict_and_offline(tmp_path: Path) -> None:
    """The whole build as ``make docs`` runs it, into a temporary folder: warnings are
    errors, and no page loads anything from another host (no Google fonts, no CDN)."""
    import os
    import subprocess
    import sys

    site = tmp_path / "site"
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "--site-dir", str(site)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    pages = list(site.rglob("*.html"))
    assert (site / "fans" / "mcr" / "index.html").exists()
    assert (site / "reference" / "index.html").exists()
    outside = r"""=["'](?:https?:)?//"""
    loads = re.compile(
        rf"<(?:script|img)\b[^>]*\bsrc{outside}"
        rf"""|<link\b[^>]*\brel=["'](?:stylesheet|preconnect|preload)["'][^>]*\bhref{outside}"""
        r"|fonts\.googleapis|fonts\.gstatic"
    )
    for page in pages:
        text = page.read_text(encoding="utf-8")
        assert not loads.search(text), f"{page.relative_to(site)} loads from another host"
    # the check itself sees a Google font link, as mkdocs-material writes it with a font set
    assert loads.search('<link rel="preconnect" href="https://fonts.gstatic.com" crossorigin>')
    assert loads.search('<script src="https://cdn.example/x.js"></script>')
    mcr = (site / "fans" / "mcr" / "index.html").read_text(encoding="utf-8")
    for row in FANS.values():
        assert f'id="{fans_hook._key(row.key)}"' in mcr
