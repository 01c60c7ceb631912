"""mkdocs hook: the bilingual fan pages and the navigation, made at build time.

The fan pages (``fans/<rule set>.md``, one per rule set, and ``fans/index.md``) are
written from the data the library scores with — each rule set's fan table (``FanRow``:
number, 中文 and English names, value, what it excludes) and, where the texts helper
wrote one, the rule text of ``fanshu.rules.texts.fan_text`` with its examples — so the
site can never show a table the calculator does not use.  Nothing is written into
``docs/``: the pages exist only in the built site.

The navigation is built here too, from the files that exist: the pages named in
``ORDER`` first, then any other ``docs/*.md`` (a new document shows up without an edit
to ``mkdocs.yml``), then the rule documents, the fan pages and the API reference.
"""

from __future__ import annotations

import html
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from mkdocs.structure.files import File, Files

# The documents a reader meets first, in this order; the rest follow by name.
ORDER = (
    "index.md",
    "architecture.md",
    "notation.md",
    "explanations.md",
    "advice.md",
    "wildcards.md",
    "mcr-deviations.md",
    "engine.md",
    "engine-log.md",
    "batch.md",
    "ray.md",
    "results-schema.md",
    "server.md",
    "http-api.md",
    "web.md",
    "replay.md",
    "tables.md",
    "rl.md",
    "botzone.md",
    "danger.md",
    "compiled.md",
)


def _rule_sets() -> list[Any]:
    from fanshu.rules import get_rules, names

    return [get_rules(name) for name in names()]


def _rows(rules: Any) -> list[Any]:
    """The fan rows in the order of the rule book: MCR's numbered table (1 … 81, then the
    non-official extras), other rule sets in their declared order."""
    if rules.name == "mcr":
        from fanshu.rules.mcr.fans import FANS

        return sorted(FANS.values(), key=lambda row: (row.number <= 0, row.number))
    return list(rules.fans)


def _units(rules: Any) -> dict[str, str]:
    """The unit of each row where a rule set counts in two (Jiaxing: 台 add to the base,
    番 double it): its fans module's ``UNIT``; empty where every row is 番."""
    import importlib

    try:
        module = importlib.import_module(f"fanshu.rules.{rules.name.replace('-', '_')}.fans")
    except ImportError:
        return {}
    units = getattr(module, "UNIT", None)
    return {str(k): str(v) for k, v in units.items()} if isinstance(units, dict) else {}


def _key(key: object) -> str:
    """A fan's stable key as text: ``Fan.BIG_FOUR_WINDS`` → ``big_four_winds``."""
    name = getattr(key, "name", None)
    return str(name).lower() if name is not None else str(key)


def _text(rules: str, key: object) -> Any:
    """The rule text of a fan, or None where there is none (or no texts module yet)."""
    try:
        from fanshu.rules import texts
    except ImportError:
        return None
    try:
        return texts.fan_text(rules, key)
    except Exception:  # a table without texts yet must not break the site
        return None


def _cell(text: str) -> str:
    return html.escape(text).replace("|", "\\|")


def _example_lines(examples: Iterable[Any]) -> list[str]:
    lines: list[str] = []
    for example in examples:
        hand = getattr(example, "hand", "")
        zh = getattr(example, "note_zh", "")
        en = getattr(example, "note_en", "")
        notes = " · ".join(part for part in (zh, en) if part)
        lines.append(f"- `{hand}`" + (f" — {notes}" if notes else ""))
    return lines


def fan_page(rules: Any) -> str:
    """One rule set's fan page in Markdown: the table, then a section per fan."""
    rows = _rows(rules)
    keys = {_key(row.key) for row in rows}
    names = {_key(row.key): (row.name_zh, row.name_en) for row in rows}
    units = _units(rules)
    unit = "番 fan" if not units else "value 番/台"
    command = "fanshu fans" if rules.name == "mcr" else f"fanshu rules {rules.name}"
    minimum = f"起和 minimum {rules.minimum}" if rules.minimum else "no minimum · 无起和番"
    cap = f"封顶 cap {rules.cap}" if rules.cap else "no cap · 不封顶"
    combine = "相加 added" if str(rules.combine).endswith("add") else "翻倍 doubled"
    out = [
        f"# {rules.title_zh} · {rules.title_en}",
        "",
        f"Rule set `{rules.name}` · {len(rows)} fans 番种 · {combine} · {minimum} · {cap}.",
        "",
        "Generated from the fan table fanshu scores with "
        f"(`fanshu.rules.get_rules({rules.name!r}).fans`); "
        f"`{command}` prints the same table. "
        "本页由 fanshu 计分所用的番表生成。",
        "",
        f"| No. 序号 | 中文 | English | {unit} | excludes 不计 |",
        "| ---: | --- | --- | ---: | --- |",
    ]

    def link(key: object) -> str:
        k = _key(key)
        if k in keys:
            zh, en = names[k]
            return f"[{_cell(zh)}](#{k} '{_cell(en)}')"
        return f"`{k}`"

    for i, row in enumerate(rows, 1):
        number = row.number if row.number > 0 else ("—" if rules.name == "mcr" else i)
        excludes = ", ".join(link(k) for k in row.excludes) or ""
        out.append(
            f"| {number} | [{_cell(row.name_zh)}](#{_key(row.key)}) | {_cell(row.name_en)} "
            f"| {row.value}{units.get(_key(row.key), '')} | {excludes} |"
        )
    out.append("")
    for row in rows:
        k = _key(row.key)
        out += [f"## {row.name_zh} · {row.name_en} {{#{k}}}", ""]
        facts = [f"**{row.value}** {units.get(k, unit)}", f"key `{k}`"]
        if row.number > 0:
            facts.insert(0, f"No. {row.number}")
        out += [" · ".join(facts), ""]
        if row.excludes:
            out += ["不计 Excludes: " + ", ".join(link(e) for e in row.excludes), ""]
        own = getattr(row, "excludes_own_sets", ())
        if own:
            out += ["只在组成它的牌组上不计 Excludes on its own sets: "]
            out[-1] += ", ".join(link(e) for e in own)
            out.append("")
        text = _text(rules.name, row.key)
        if text is not None:
            if getattr(text, "zh", ""):
                out += [text.zh, ""]
            if getattr(text, "en", ""):
                out += [text.en, ""]
            examples = _example_lines(getattr(text, "examples", ()))
            if examples:
                out += ["例 Examples:", "", *examples, ""]
        if row.source:
            out += [f"<small>Source 出处: {_cell(row.source)}</small>", ""]
    return "\n".join(out)


def index_page(rule_sets: list[Any]) -> str:
    out = [
        "# Fans · 番种",
        "",
        "Every rule set fanshu scores, with its fan table in Chinese and English. "
        "fanshu 计分的每一套规则及其中英文番表。",
        "",
        "| Rule set 规则 | 中文 | English | fans 番种 |",
        "| --- | --- | --- | ---: |",
    ]
    for rules in rule_sets:
        out.append(
            f"| [`{rules.name}`]({rules.name}.md) | {_cell(rules.title_zh)} "
            f"| {_cell(rules.title_en)} | {len(_rows(rules))} |"
        )
    return "\n".join(out) + "\n"


def on_files(files: Files, config: Any) -> Files:
    rule_sets = _rule_sets()
    files.append(File.generated(config, "fans/index.md", content=index_page(rule_sets)))
    for rules in rule_sets:
        files.append(File.generated(config, f"fans/{rules.name}.md", content=fan_page(rules)))
    return files


def on_config(config: Any) -> Any:
    docs = Path(config["docs_dir"])
    top = sorted(p.name for p in docs.glob("*.md"))
    ordered = [name for name in ORDER if name in top] + [n for n in top if n not in ORDER]
    rules_dir = docs / "rules"
    rule_docs = sorted(p.name for p in rules_dir.glob("*.md")) if rules_dir.is_dir() else []
    rule_docs.sort(key=lambda n: (n != "README.md", n != "mcr.md", n))
    # the reference pages in the order of the modules they document (fanshu first)
    reference = sorted(
        (p.read_text(encoding="utf-8").partition("::: ")[2].split()[0:1], p.name)
        for p in (docs / "reference").glob("*.md")
    )
    nav: list[Any] = list(ordered)
    if rule_docs:
        nav.append({"Rules 规则": [f"rules/{n}" for n in rule_docs]})
    rule_sets = _rule_sets()
    nav.append({"Fans 番种": ["fans/index.md"] + [f"fans/{r.name}.md" for r in rule_sets]})
    if reference:
        nav.append({"API reference": [f"reference/{name}" for _, name in reference]})
    config["nav"] = nav
    return config
