"""fanshu's message catalogs: extract, merge, update, compile (``make messages``).

    python tools/messages.py          # extract, merge, update fanshu.po, compile fanshu.mo
    python tools/messages.py --check  # change nothing; exit 1: a stale file or no Chinese

1. **extract**: every ``msg("…")`` template in ``src/fanshu`` (Babel's Python extractor with
   the one keyword ``msg``; see ``babel.cfg``) and the plain strings a front end translates
   by msgid: each rule set's option notes (``describe_options``) and the command line's help
   texts (``tools/cli_messages.py``; flagged ``help``: they may lag behind), into
   ``src/fanshu/locale/fanshu.pot``;
2. **merge**: the entries helpers wrote in ``src/fanshu/locale/<lang>/pending/*.po``
   (plain ``msgid``/``msgstr``) go into ``<lang>/LC_MESSAGES/fanshu.po`` (a pending entry wins:
   it is the owner's translation of its own message); the pending files are kept, so merging
   twice is harmless (change such a translation in the pending file);
3. **update**: ``fanshu.po`` gets every msgid of the template (untranslated ones empty), loses
   those no longer used, and is written sorted so that its diff shows only real changes;
4. **compile**: ``fanshu.mo`` beside it (what ``fanshu.i18n`` reads at run time).

提取 ``msg()`` 模板与规则选项说明 → 合并各助手的 pending 条目 → 更新 fanshu.po → 编译 fanshu.mo。
Babel is a development dependency: the package itself reads the ``.mo`` files with the
standard library's ``gettext``.
"""

from __future__ import annotations

import argparse
import datetime as _dt
import importlib.util
import io
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "fanshu"
LOCALE = PACKAGE / "locale"
TEMPLATE = LOCALE / "fanshu.pot"
DOMAIN = "fanshu"
LANGUAGES = ("zh",)
#: The keyword ``pybabel extract`` looks for: ``fanshu.i18n.msg``.
KEYWORDS = {"msg": None}
METHOD_MAP = [("**.py", "python")]
#: A fixed date in the headers, so that running the tool twice changes nothing.
EPOCH = _dt.datetime(2026, 1, 1, tzinfo=_dt.UTC)
HEADER = "# {title}\n# Written by tools/messages.py (make messages): edit the msgstr lines only."


def _source_messages() -> Iterator[tuple[str, str]]:
    """(msgid, where) of every ``msg()`` template under src/fanshu."""
    found = extract_from_dir(
        PACKAGE,
        METHOD_MAP,
        keywords=KEYWORDS,
        directory_filter=lambda d: Path(d).name not in ("__pycache__", "static", "locale"),
    )
    for filename, lineno, message, _comments, _context in found:
        if isinstance(message, str) and message:
            yield message, f"src/fanshu/{filename}:{lineno}"


def plain_messages() -> Iterator[tuple[str, str]]:
    """(msgid, where) of the plain strings front ends translate by msgid: the option
    notes of every rule set (``fanshu rules``, the web's rule pages)."""
    sys.path.insert(0, str(ROOT / "src"))
    from fanshu import rules

    for name in rules.names():
        for _option, _default, note in rules.get_rules(name).describe_options():
            if note:
                yield str(note), f"src/fanshu/rules/{name}:0"


def help_messages() -> Iterator[tuple[str, str]]:
    """(msgid, where) of the command line's help texts, as ``tools/cli_messages.py`` lists
    them (``fanshu --lang zh … --help`` translates them by msgid)."""
    path = ROOT / "tools" / "cli_messages.py"
    if not path.exists():
        return
    spec = importlib.util.spec_from_file_location("cli_messages", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    for msgid, places in module.messages().items():
        if msgid:
            yield msgid, f"{places[0].replace(' ', '/')}:0"


def template() -> Catalog:
    """The catalog template: every msgid, with where it is used.  Messages and option
    notes must have every translation; help texts (``"help"`` flag) may lag behind."""
    catalog = _catalog(None)
    catalog.header_comment = HEADER.format(title="The messages of fanshu (番数).")
    required = [*_source_messages(), *plain_messages()]
    for msgid, where in required:
        path, _, line = where.rpartition(":")
        catalog.add(msgid, locations=[(path, int(line) if line.isdigit() else 0)])
    known = {m for m, _ in required}
    for msgid, where in help_messages():
        if msgid not in known:
            catalog.add(msgid, locations=[(where.rpartition(":")[0], 0)], flags=["help"])
    return catalog


def _catalog(lang: str | None) -> Catalog:
    """An empty catalog with fixed headers (no dates or names that change per run)."""
    return Catalog(
        locale=lang,
        domain=DOMAIN,
        project="fanshu",
        version="(pyproject.toml)",
        msgid_bugs_address="the fanshu issue tracker",
        creation_date=EPOCH,
        revision_date=EPOCH,
        last_translator="fanshu",
        language_team="fanshu",
        fuzzy=False,
    )


def _read(path: Path, lang: str | None = None) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=lang)


def _pending(lang: str) -> Iterable[Path]:
    return sorted((LOCALE / lang / "pending").glob("*.po"))


def merged(lang: str, pot: Catalog) -> Catalog:
    """``lang``'s fanshu.po brought up to the template, with the pending entries merged."""
    po_path = LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
    old = _read(po_path, lang) if po_path.exists() else Catalog(locale=lang, domain=DOMAIN)
    translations = {m.id: m.string for m in old if m.id and m.string}
    for pending in _pending(lang):
        # a helper's pending entry wins: it translates that helper's own message (edit
        # the pending file, or drop its entry, to change such a translation)
        for m in _read(pending, lang):
            if m.id and m.string:
                translations[m.id] = m.string
    new = _catalog(lang)
    new.header_comment = HEADER.format(title="Chinese messages of fanshu (番数).")
    for m in pot:
        if m.id:
            new.add(m.id, translations.get(str(m.id), ""), locations=m.locations, flags=m.flags)
    return new


def _po_bytes(catalog: Catalog, *, locations: bool) -> bytes:
    out = io.BytesIO()
    write_po(
        out,
        catalog,
        width=100,
        no_location=not locations,
        sort_output=True,
        include_lineno=False,
    )
    return out.getvalue()


def _mo_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def missing(catalog: Catalog, *, help_texts: bool = False) -> list[str]:
    """The msgids of ``catalog`` with no translation: messages and notes, or (with
    ``help_texts``) the command line's help texts."""
    return sorted(
        str(m.id) for m in catalog if m.id and not m.string and ("help" in m.flags) == help_texts
    )


def outputs() -> tuple[dict[Path, bytes], dict[str, list[str]], dict[str, list[str]]]:
    """What every file should hold, the untranslated messages per language, and the
    untranslated help texts per language."""
    pot = template()
    files = {TEMPLATE: _po_bytes(pot, locations=True)}
    untranslated: dict[str, list[str]] = {}
    help_untranslated: dict[str, list[str]] = {}
    for lang in LANGUAGES:
        catalog = merged(lang, pot)
        folder = LOCALE / lang / "LC_MESSAGES"
        files[folder / f"{DOMAIN}.po"] = _po_bytes(catalog, locations=False)
        files[folder / f"{DOMAIN}.mo"] = _mo_bytes(catalog)
        untranslated[lang] = missing(catalog)
        help_untranslated[lang] = missing(catalog, help_texts=True)
    return files, untranslated, help_untranslated


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="change nothing; report staleness")
    args = parser.parse_args(argv)
    files, untranslated, help_untranslated = outputs()
    stale = [p for p, data in files.items() if not p.exists() or p.read_bytes() != data]
    if not args.check:
        for path in stale:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data := files[path])
            print(f"wrote {path.relative_to(ROOT)} ({len(data)} bytes)")
    elif stale:
        for path in stale:
            print(f"stale: {path.relative_to(ROOT)} (run python tools/messages.py)")
    count = sum(1 for _ in _read_template(files[TEMPLATE]))
    for lang, ids in untranslated.items():
        lagging = help_untranslated[lang]
        done = count - len(ids) - len(lagging)
        print(f"{lang}: {done} of {count} msgids translated")
        for msgid in ids:
            print(f"  untranslated: {msgid!r}")
        if lagging:
            print(f"  and {len(lagging)} help texts not yet (shown in English; not an error)")
    return 1 if args.check and (stale or any(untranslated.values())) else 0


def _read_template(data: bytes) -> Iterator[str]:
    for m in read_po(io.BytesIO(data)):
        if m.id:
            yield str(m.id)


if __name__ == "__main__":
    sys.exit(main())
