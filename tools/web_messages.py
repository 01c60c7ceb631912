"""The browser app's messages: ``web.po`` (gettext, domain ``web``) to the JSON the app loads.

The web app (``src/fanshu/web/static/app.js``) keeps no text of its own: every label,
hint and error it shows is a message of the catalog
``src/fanshu/locale/zh/LC_MESSAGES/web.po``, one entry per key of the app's ``t(key)``::

    msgctxt "result.title"      # the key app.js asks for
    msgid "Score"               # English
    msgstr "番数"               # Chinese

A browser cannot read a ``.po`` file, so this script writes what the app fetches at start:
``src/fanshu/web/static/i18n/en.json`` (key → msgid) and ``zh.json`` (key → msgstr, the
English where a message has no Chinese yet).  Translators edit the ``.po`` (any gettext
tool, Poedit, Weblate …), then run::

    .venv/bin/python tools/web_messages.py          # write the JSON
    .venv/bin/python tools/web_messages.py --check  # exit 1 if the JSON is not the .po's

Placeholders are ``{0}``, ``{1}`` … (the arguments of ``t(key, a, b)``); a translation must
use the same ones as its English (``--check`` says which differ).  Needs Babel (the dev
extra), for ``babel.messages.pofile``; the app and the server do not.

为什么这样：网页的中英文案全部放在 gettext 目录 web.po 里（msgctxt 是键、msgid 是英文、
msgstr 是中文），翻译者只改 .po；本脚本把它转成网页读取的 JSON。
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
PO = ROOT / "src/fanshu/locale/zh/LC_MESSAGES/web.po"
OUT = ROOT / "src/fanshu/web/static/i18n"
PLACEHOLDER = re.compile(r"\{\d+\}")


def read_messages(po: Path = PO) -> dict[str, tuple[str, str]]:
    """Each key (msgctxt) of the catalog → (English, Chinese); Chinese is "" if untranslated.

    A message without a msgctxt is no key the app could ask for: an error, as is a key
    given twice (gettext would keep one of them silently)."""
    with po.open("rb") as f:
        catalog = read_po(f, domain="web")
    out: dict[str, tuple[str, str]] = {}
    for message in catalog:
        if not message.id:
            continue  # the header
        if not message.context:
            raise SystemExit(f"{po}: {message.id!r} has no msgctxt (the app's key)")
        if message.context in out:
            raise SystemExit(f"{po}: the key {message.context!r} is given twice")
        en = message.id if isinstance(message.id, str) else message.id[0]
        string = message.string
        zh = string if isinstance(string, str) else (string[0] if string else "")
        out[message.context] = (en, zh)
    return out


def placeholder_problems(messages: dict[str, tuple[str, str]]) -> list[str]:
    """The keys whose Chinese uses other placeholders than their English."""
    return [
        f"{key}: English has {sorted(set(PLACEHOLDER.findall(en)))}, "
        f"Chinese {sorted(set(PLACEHOLDER.findall(zh)))}"
        for key, (en, zh) in messages.items()
        if zh and set(PLACEHOLDER.findall(en)) != set(PLACEHOLDER.findall(zh))
    ]


def render(messages: dict[str, tuple[str, str]]) -> dict[str, str]:
    """The JSON files' texts by file name: en.json and zh.json, keys sorted."""

    def dump(table: dict[str, str]) -> str:
        return json.dumps(table, ensure_ascii=False, indent=1, sort_keys=True) + "\n"

    return {
        "en.json": dump({k: en for k, (en, _) in messages.items()}),
        "zh.json": dump({k: zh or en for k, (en, zh) in messages.items()}),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only check; exit 1 if stale")
    parser.add_argument("--po", type=Path, default=PO)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    messages = read_messages(args.po)
    problems = placeholder_problems(messages)
    for p in problems:
        print(f"placeholders differ: {p}", file=sys.stderr)
    stale = []
    for name, text in render(messages).items():
        path = args.out / name
        if path.exists() and path.read_text(encoding="utf-8") == text:
            continue
        if args.check:
            stale.append(str(path))
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path} ({len(messages)} messages)")
    for s in stale:
        print(f"{s} is not the catalog's: run python tools/web_messages.py", file=sys.stderr)
    return 1 if stale or problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
