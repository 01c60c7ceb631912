"""List every help string of the ``fanshu`` command, as the help formatter looks it up.

Walks the whole command tree (every command of :data:`fanshu.cli.main.COMMANDS` is
imported) and prints, once each and in tree order, the strings that
:func:`fanshu.cli.arguments.render_help` passes through :func:`fanshu.cli.language.t`:
the section titles, each command's help and epilog paragraphs (as
:func:`fanshu.cli.arguments.paragraphs` normalises them), the one-line summaries of the
lists of commands, and every option's and argument's help.  The output is a gettext
template (``msgid``/``msgstr ""``, with a ``#:`` comment naming the command), for the
message catalog.

列出 ``fanshu`` 命令的全部帮助文本（与帮助格式化程序查找翻译时所用的字符串完全一致），
输出为 gettext 模板。

Run from the repository root::

    .venv/bin/python tools/cli_messages.py                 # the template on stdout
    .venv/bin/python tools/cli_messages.py --out cli.pot
    .venv/bin/python tools/cli_messages.py --missing src/fanshu/locale/zh/pending/cli.po
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

import typer
from typer import _click as click
from typer.core import TyperGroup

from fanshu.cli.arguments import (
    NOTE_WORDS,
    SECTION_TITLES,
    LazyCommands,
    paragraphs,
    param_key,
    summary_of,
)
from fanshu.cli.main import app


def _walk(command: click.Command, ctx: click.Context) -> Iterator[tuple[str, str]]:
    """(where, msgid) for ``command`` and everything under it."""
    where = ctx.command_path
    for text in paragraphs(command.help):
        yield where, text
    for param in command.get_params(ctx):
        key = param_key(param)
        if key:
            yield where, key
    for text in paragraphs(command.epilog):
        yield where, text
    if isinstance(command, TyperGroup):
        for name in command.list_commands(ctx):
            if isinstance(command, LazyCommands) and name in command.lazy:
                yield where, command.lazy[name].summary
            sub = command.get_command(ctx, name)
            if sub is None or sub.hidden:
                continue
            if not isinstance(command, LazyCommands):
                yield where, summary_of(sub)
            with click.Context(sub, info_name=name, parent=ctx) as sub_ctx:
                yield from _walk(sub, sub_ctx)


def messages() -> dict[str, list[str]]:
    """Every help msgid of the command, with the commands that show it, in tree order."""
    root = typer.main.get_command(app)
    found: dict[str, list[str]] = {word: ["fanshu"] for word in SECTION_TITLES + NOTE_WORDS}
    with click.Context(root, info_name="fanshu") as ctx:
        for where, text in _walk(root, ctx):
            places = found.setdefault(text, [])
            if where not in places:
                places.append(where)
    return found


def _quoted(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{escaped}"'


def template(found: dict[str, list[str]]) -> str:
    """The gettext template of ``found``."""
    out = ['msgid ""', 'msgstr ""', '"Content-Type: text/plain; charset=UTF-8\\n"', ""]
    for text, places in found.items():
        out.append("#: " + ", ".join(places))
        out.append(f"msgid {_quoted(text)}")
        out.append('msgstr ""')
        out.append("")
    return "\n".join(out)


def catalog_ids(path: Path) -> set[str]:
    """The msgids of a ``.po`` file (single- and multi-line entries)."""
    ids: set[str] = set()
    current: list[str] | None = None
    for raw in [*path.read_text(encoding="utf-8").splitlines(), ""]:
        line = raw.strip()
        if line.startswith("msgid "):
            current = [line[6:]]
        elif line.startswith('"') and current is not None:
            current.append(line)
        else:
            if current is not None:
                ids.add("".join(_unquoted(part) for part in current))
            current = None
    ids.discard("")
    return ids


def _unquoted(part: str) -> str:
    body = part.strip()[1:-1]
    return body.encode("latin-1", "backslashreplace").decode("unicode_escape")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, help="write the template to OUT (default: stdout)")
    parser.add_argument(
        "--missing",
        type=Path,
        metavar="PO",
        help="list instead the help strings PO has no entry for, and the PO entries "
        "that are no help string",
    )
    args = parser.parse_args(argv)
    found = messages()
    if args.missing is not None:
        have = catalog_ids(args.missing)
        for text in found:
            if text not in have:
                print(f"untranslated: {text}")
        for text in sorted(have - set(found)):
            print(f"stale: {text}")
        return 0
    text = template(found)
    if args.out is None:
        sys.stdout.write(text)
    else:
        args.out.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
