"""Command-line arguments that are not text: refused before any command runs; and the
help every command prints.

On POSIX an argument is bytes; Python reads the bytes that are not UTF-8 as lone
surrogates (``surrogateescape``), which cannot be printed, stored in the database or
written to a file as UTF-8.  So that ``fanshu match new --players $'A\\xff' B C D`` (or a
hand, a rule set's name, a file name …) is one clear error instead of a traceback
wherever such a string is first written, the root command checks every argument first
(:class:`TextArguments`) and names the one at fault.

>>> print(argument_problem(["match", "new", "--players", "A\\udcff", "B"]))
argument 4 (a value of --players), 'A\\xff', is not UTF-8 text: byte 0xff at 1; give it in UTF-8
>>> argument_problem(["score", "中"]) is None
True

The help (``--help`` of every command, :class:`HelpCommand` and :class:`HelpGroup`) is
plain text drawn here rather than by rich: the docstrings are written for the API
reference too, so their RST markup is taken out (:func:`plain`), the metavars typer
makes (``<bool>``, ``{ID}``) are cleaned (:func:`clean_metavar`), every paragraph is
wrapped to the terminal counting a Chinese character as two columns (:func:`wrap`), and
in Chinese (``--lang zh``) each paragraph, summary and option help goes through
:func:`fanshu.cli.language.t` as the normalised string :func:`paragraphs` gives
(``tools/cli_messages.py`` lists them for the catalog).

帮助文本：去掉 RST 标记、整理参数占位符、按终端宽度（汉字算两列）折行；中文模式下逐段翻译。

>>> plain("Reads ``1m`` like :func:`fanshu.notation.convert` and :class:`~a.b.Hand`")
'Reads 1m like fanshu.notation.convert and Hand'
>>> clean_metavar("HAND <str>"), clean_metavar("-s, --self-drawn <bool>"), clean_metavar("{ID}")
('HAND', '-s, --self-drawn', 'ID')
>>> wrap("一二三四五 six seven", 8)
['一二三四', '五 six', 'seven']
"""

from __future__ import annotations

import importlib
import inspect
import re
import shutil
import unicodedata
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import typer
from typer import _click as click
from typer._click.exceptions import UsageError
from typer._coercion import RuntimeParam, TypeDescriptor, build_runtime_param
from typer.core import TyperArgument, TyperCommand, TyperGroup, _TyperParameter

from fanshu.protocol.text import is_text

__all__ = [
    "NOTE_WORDS",
    "SECTION_TITLES",
    "HelpCommand",
    "HelpGroup",
    "Lazy",
    "LazyCommands",
    "TextArguments",
    "argument_problem",
    "clean_metavar",
    "paragraphs",
    "param_key",
    "plain",
    "summary_of",
    "wrap",
]


def _first_bad(arg: str) -> tuple[int, str]:
    """Where the first character that is not text is, and what it stands for: the byte
    it was read from (``0xff``), or the lone surrogate itself."""
    at = next(i for i, ch in enumerate(arg) if "\ud800" <= ch <= "\udfff")
    ch = arg[at]
    if "\udc80" <= ch <= "\udcff":  # surrogateescape: a byte 0x80-0xff
        return at, f"byte 0x{ord(ch) - 0xDC00:02x}"
    return at, f"a lone surrogate {ch.encode('unicode_escape').decode('ascii')}"


def _shown(arg: str) -> str:
    """The argument as typed: the bytes that are not UTF-8 written ``\\xff``."""
    raw = arg.encode("utf-8", "surrogateescape") if _escaped_bytes(arg) else None
    text = raw.decode("utf-8", "backslashreplace") if raw is not None else arg
    return "'" + "".join(c if c.isprintable() else ascii(c)[1:-1] for c in text) + "'"


def _escaped_bytes(arg: str) -> bool:
    return all(not "\ud800" <= ch < "\udc80" for ch in arg)


def argument_problem(args: Sequence[str]) -> str | None:
    """What is wrong with the first argument that is not text, naming it (its place and
    the option it is a value of), or None when every argument is text."""
    for i, arg in enumerate(args):
        if is_text(arg):
            continue
        at, what = _first_bad(arg)
        before = args[i - 1] if i else ""
        of = f" (a value of {before})" if before.startswith("-") and len(before) > 1 else ""
        return (
            f"argument {i + 1}{of}, {_shown(arg)}, is not UTF-8 text: "
            f"{what} at {at}; give it in UTF-8"
        )
    return None


# -- the help text ------------------------------------------------------------------------

_ROLE = re.compile(r":[a-z]+(?::[a-z]+)?:`([^`]*)`")
_LITERAL = re.compile(r"``(.+?)``")
_INTERPRETED = re.compile(r"(?<![`\w])`([^`\n]+)`(?!`)")
_TARGET = re.compile(r"^(.*?)\s*<[^<>]+>$")
_BULLET = re.compile(r"^(?:[-*•]|\d+[.)])\s")
_WIDE = ("W", "F")


def _role_text(match: re.Match[str]) -> str:
    """What a person reads of ``:func:`text <target>```, ``:class:`~a.b.C``` (``C``) or
    ``:mod:`a.b```."""
    inner = match.group(1)
    titled = _TARGET.match(inner)
    if titled:
        return titled.group(1)
    if inner.startswith("~"):
        return inner[1:].rsplit(".", 1)[-1]
    return inner.lstrip("!")


def plain(text: str) -> str:
    """``text`` without its RST (and rich) markup: roles, literals, interpreted text and
    rich's escaped brackets."""
    text = _ROLE.sub(_role_text, text)
    text = _LITERAL.sub(r"\1", text)
    text = _INTERPRETED.sub(r"\1", text)
    return text.replace("\\[", "[")


def paragraphs(text: str | None) -> list[str]:
    """The paragraphs of a help string as the catalog keys them: the text up to a form
    feed, split at blank lines, each paragraph's lines joined with single spaces; a
    list item (``- …``, ``1. …``) is a paragraph of its own; click's ``\\b`` paragraphs
    keep their lines (joined with newlines)."""
    if not text:
        return []
    body = inspect.cleandoc(text).partition("\f")[0]
    found: list[str] = []
    for block in re.split(r"\n\s*\n", body):
        lines = [line for line in block.splitlines() if line.strip()]
        if not lines:
            continue
        if lines[0].strip() == "\b":
            found.append("\n".join(lines[1:]))
            continue
        item: list[str] = []
        for line in lines:
            if _BULLET.match(line.strip()) and item:
                found.append(" ".join(" ".join(item).split()))
                item = []
            item.append(line)
        found.append(" ".join(" ".join(item).split()))
    return found


def summary_of(command: click.Command) -> str:
    """A command's one-line summary: its ``short_help``, else the first sentence of its
    help (up to '. ' or '。'), the catalog key for the list of commands."""
    if command.short_help:
        return " ".join(command.short_help.split())
    first = next(iter(paragraphs(command.help)), "")
    cut = re.search(r"(?<=[.!?])\s|(?<=[。！？])", first)
    return first[: cut.start()].strip() if cut else first


def cells(text: str) -> int:
    """The terminal columns ``text`` takes: two for a wide (Chinese) character, none for
    a combining mark."""
    return sum(
        0 if unicodedata.combining(ch) else 2 if unicodedata.east_asian_width(ch) in _WIDE else 1
        for ch in text
    )


def _tokens(text: str) -> Iterator[tuple[str, bool]]:
    """The words of ``text`` with whether a space comes before each: a wide character
    is a word of its own (Chinese breaks between any two), the rest split at spaces."""
    space = False
    word = ""
    for ch in text:
        if ch.isspace():
            if word:
                yield word, space
                word = ""
            space = True
        elif unicodedata.east_asian_width(ch) in _WIDE:
            if word:
                yield word, space
                space = False
                word = ""
            yield ch, space
            space = False
        else:
            word += ch
    if word:
        yield word, space


_OPENERS = "([{（【「『“‘《'\""
_CLOSERS = ")]}）】」』”’》，。、；：！？,.;:!?%…"


def _unbroken(text: str) -> Iterator[tuple[str, bool]]:
    """:func:`_tokens` with no break after an opening bracket or before a closing one
    or a punctuation mark."""
    held: tuple[str, bool] | None = None
    for word, space in _tokens(text):
        if held is not None and not space and (held[0][-1] in _OPENERS or word[0] in _CLOSERS):
            held = (held[0] + word, held[1])
            continue
        if held is not None:
            yield held
        held = (word, space)
    if held is not None:
        yield held


def wrap(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` columns (see :func:`cells`), broken at
    spaces and between Chinese characters; a word longer than a line is cut."""
    width = max(width, 8)
    lines: list[str] = []
    line = ""
    for word, space in _unbroken(text):
        gap = " " if space and line else ""
        if cells(line) + cells(gap) + cells(word) <= width:
            line += gap + word
            continue
        if line:
            lines.append(line)
        line = ""
        while cells(word) > width:
            cut = 0
            while cells(word[: cut + 1]) <= width:
                cut += 1
            lines.append(word[:cut])
            word = word[cut:]
        line = word
    if line or not lines:
        lines.append(line)
    return lines


_TYPE_METAVAR = re.compile(r"(\S+)\s*<([a-z_]+)>")
#: What an option's value is called when typer only gives its type.
_TYPE_NAMES = {"int": "N", "float": "NUMBER", "str": "TEXT", "path": "PATH"}


def _type_mark(match: re.Match[str]) -> str:
    before, kind = match.group(1), match.group(2)
    if kind == "bool" or not before.startswith("-"):
        return before  # a flag takes no value; an argument's name says what comes
    return f"{before} {_TYPE_NAMES.get(kind, kind.upper())}"


def clean_metavar(term: str) -> str:
    """A help term without typer's ``<bool>``/``<str>`` type marks: none for a flag or
    after an argument's name, ``N``/``TEXT``/… for an option's value; and ``{ID}`` as
    ``ID``.

    >>> clean_metavar("--flowers <int>"), clean_metavar("--db PATH|URL")
    ('--flowers N', '--db PATH|URL')
    """
    term = _TYPE_METAVAR.sub(_type_mark, term)
    return re.sub(r"\{([^{}]+)\}", r"\1", term).strip()


def _translate(text: str) -> str:
    """``text`` in the CLI's language, when :mod:`fanshu.cli.language` is there."""
    try:
        from fanshu.cli.language import t
    except ImportError:  # pragma: no cover - the language module ships with the CLI
        return text
    return t(text)


def help_width() -> int:
    """The width the help is drawn in: the terminal's (``COLUMNS`` first), at most 100
    and at least 40 columns."""
    return max(40, min(shutil.get_terminal_size((80, 24)).columns, 100))


def _text(text: str) -> str:
    return plain(_translate(text))


def _write_paragraph(out: list[str], text: str, width: int, indent: int) -> None:
    pad = " " * indent
    if "\n" in text:  # a \b paragraph: its lines as written, cut when too long
        for line in text.splitlines():
            out.extend(pad + part for part in wrap(plain(line), width - indent))
        return
    shown = _text(text)
    bullet = _BULLET.match(shown)
    hang = " " * (len(bullet.group(0)) if bullet else 0)
    for i, line in enumerate(wrap(shown, width - indent - len(hang))):
        out.append(pad + (hang if i else "") + line)


def _definitions(out: list[str], title: str, rows: list[tuple[str, str]], width: int) -> None:
    """A section of terms and their help, the help in a column when it fits and under
    the term otherwise."""
    if not rows:
        return
    out.append("")
    out.append(_translate(title) + ":")
    column = min(max(cells(term) for term, _ in rows), 28) + 4
    text_width = width - column
    for term, help_text in rows:
        lines = wrap(help_text, text_width) if help_text and text_width >= 30 else []
        if help_text and not lines:  # too narrow for two columns: help under the term
            out.append("  " + term)
            out.extend(" " * 8 + line for line in wrap(help_text, width - 8))
            continue
        if cells(term) + 4 > column and lines:
            out.append("  " + term)
            first = lines
        else:
            first = []
            head = "  " + term + " " * (column - 2 - cells(term))
            out.append((head + (lines[0] if lines else "")).rstrip())
            first = lines[1:]
        out.extend(" " * column + line for line in first)


#: The titles of the help's parts, translated as the rest.
SECTION_TITLES = ("Usage", "Arguments", "Options", "Commands")
#: The words of the notes typer adds to an option's help (``[default: mcr]``).
NOTE_WORDS = ("default", "required", "env var")
_NOTE = re.compile(r"\[(default|required|env var)(?=[:\]])")


def param_key(param: click.Parameter) -> str | None:
    """The catalog key of an option's or argument's help: its words single-spaced."""
    own = getattr(param, "help", None)
    return " ".join(own.split()) if isinstance(own, str) and own.strip() else None


def _param_help(param: click.Parameter, ctx: click.Context) -> tuple[str, str] | None:
    record = param.get_help_record(ctx)
    if record is None:
        return None
    term, shown = record
    own = getattr(param, "help", None)
    key = param_key(param)
    notes = shown[len(own) :] if own and key and shown.startswith(own) else shown
    notes = _NOTE.sub(lambda m: "[" + _translate(m.group(1)), notes)
    text = _translate(key) + notes if own and key and shown.startswith(own) else notes
    return clean_metavar(term), plain(" ".join(text.split()))


def usage_lines(command: click.Command, ctx: click.Context, width: int) -> list[str]:
    """``Usage: fanshu match show [OPTIONS] ID``, wrapped, metavars cleaned."""
    pieces = " ".join(clean_metavar(p) for p in command.collect_usage_pieces(ctx))
    usage = _translate("Usage") + ": "
    return [
        (usage if i == 0 else " " * cells(usage)) + line
        for i, line in enumerate(wrap(f"{ctx.command_path} {pieces}", width - cells(usage)))
    ]


def render_help(command: click.Command, ctx: click.Context) -> str:
    """The whole ``--help`` of ``command``: usage, its help paragraphs, arguments,
    options, sub-commands and epilog, wrapped to :func:`help_width`."""
    width = help_width()
    out = usage_lines(command, ctx, width)
    for text in paragraphs(command.help):
        out.append("")
        _write_paragraph(out, text, width, 2)
    arguments: list[tuple[str, str]] = []
    options: list[tuple[str, str]] = []
    for param in command.get_params(ctx):
        row = _param_help(param, ctx)
        if row is not None:
            (arguments if isinstance(param, TyperArgument) else options).append(row)
    _definitions(out, "Arguments", arguments, width)
    _definitions(out, "Options", options, width)
    if isinstance(command, TyperGroup):
        rows = []
        for name in command.list_commands(ctx):
            summary = _command_summary(command, ctx, name)
            if summary is not None:
                rows.append((name, summary))
        _definitions(out, "Commands", rows, width)
    for text in paragraphs(command.epilog):
        out.append("")
        _write_paragraph(out, text, width, 2)
    return "\n".join(out) + "\n"


def _command_summary(group: TyperGroup, ctx: click.Context, name: str) -> str | None:
    if isinstance(group, LazyCommands) and name in group.lazy:
        return _text(group.lazy[name].summary)
    sub = group.get_command(ctx, name)
    if sub is None or sub.hidden:
        return None
    return _text(summary_of(sub))


# -- values without pydantic ------------------------------------------------------------

_TEXT = (str, str | None)
_TEXTS = (list[str], list[str] | None)
_NUMBERS = (int, int | None, float, float | None)


@dataclass(frozen=True)
class _Deferred(RuntimeParam):
    """Typer's conversion of a parameter's value, with the obvious cases done here: a
    text value of a ``str`` parameter, a list of texts of a ``list[str]`` one, the
    number a numeric parameter already holds (its default).  Typer builds a pydantic
    ``TypeAdapter`` for every parameter of a command before it runs, and importing
    pydantic alone costs more than scoring a hand; here the adapter is built only for
    a value that needs it (``--flowers 3``, a path …), and None never gets this far."""

    descriptor: TypeDescriptor
    built: dict[str, RuntimeParam]

    def _coerce_value(self, value: Any, param: _TyperParameter, ctx: click.Context) -> Any:
        info = self.parameter_info
        plain_info = info.parser is None
        if plain_info and self.annotation in _TEXT and type(value) is str:
            return value
        if (
            plain_info
            and self.annotation in _TEXTS
            and isinstance(value, (list, tuple))
            and all(type(v) is str for v in value)
        ):
            return list(value)
        numeric = self.annotation in _NUMBERS and type(value) in (int, float)
        if plain_info and numeric and value == param.default:
            return value
        if self.annotation in (bool, bool | None) and type(value) is bool:
            return value
        if "full" not in self.built:
            self.built["full"] = build_runtime_param(self.descriptor)
        return self.built["full"]._coerce_value(value, param=param, ctx=ctx)


def _defer(param: click.Parameter | None) -> None:
    """Give a typer parameter a :class:`_Deferred` conversion."""
    if isinstance(param, _TyperParameter) and param._runtime_param is None:
        descriptor = param.type_descriptor
        param._runtime_param = _Deferred(
            parameter_info=descriptor.parameter_info,
            annotation=descriptor.annotation,
            descriptor=descriptor,
            built={},
        )


def _defer_conversions(command: click.Command) -> None:
    """Give each typer parameter of ``command`` a :class:`_Deferred` conversion."""
    for param in command.params:
        _defer(param)


class _PlainHelp(click.Command):
    """``format_help`` as :func:`render_help`, in place of typer's rich panels, and the
    usage line of an error the same."""

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        formatter.write(render_help(self, ctx))

    def format_usage(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        formatter.write("\n".join(usage_lines(self, ctx, help_width())) + "\n")

    def get_help_option(self, ctx: click.Context) -> Any:
        """The ``--help`` option, converted as the others (:class:`_Deferred`)."""
        option = super().get_help_option(ctx)
        _defer(option)
        return option


class HelpCommand(_PlainHelp, TyperCommand):
    """A command whose help is :func:`render_help`'s and whose values convert without
    pydantic where they can (:class:`_Deferred`)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _defer_conversions(self)


class HelpGroup(_PlainHelp, TyperGroup):
    """A group whose help is :func:`render_help`'s (its options converted as
    :class:`HelpCommand`'s)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _defer_conversions(self)


def use_help_classes(app: typer.Typer) -> typer.Typer:
    """``app`` (and its sub-apps) with :class:`HelpGroup` and :class:`HelpCommand` in
    place of typer's own classes (a command that names a class of its own keeps it);
    returns ``app``."""
    chosen = getattr(app.info.cls, "value", app.info.cls)  # typer's DefaultPlaceholder
    if chosen is None or chosen is TyperGroup:
        app.info.cls = HelpGroup
    for info in app.registered_commands:
        if info.cls is None or info.cls is TyperCommand:
            info.cls = HelpCommand
    for group in app.registered_groups:
        if group.typer_instance is not None:
            use_help_classes(group.typer_instance)
    return app


# -- the commands, imported when they run -------------------------------------------------


def _target(path: str) -> Any:
    module, _, name = path.partition(":")
    return getattr(importlib.import_module(module), name)


@dataclass(frozen=True, slots=True)
class Lazy:
    """A command of :class:`LazyCommands`: its ``module:attribute`` (a function or a
    :class:`typer.Typer`), its one-line summary for the list of commands (so that the
    list imports nothing), the ``module:attribute`` of its epilog, and the sub-commands
    added to a typer app (name, ``module:function``)."""

    target: str
    summary: str
    epilog: str | None = None
    subcommands: tuple[tuple[str, str], ...] = ()

    def load(self, name: str) -> click.Command:
        """The click command: the module imported now; a usage error (status 2) when the
        command's own module is not there (a missing library it needs stays an
        ``ImportError`` for the command to explain)."""
        module = self.target.partition(":")[0]
        try:
            obj = _target(self.target)
        except ModuleNotFoundError as e:
            if e.name != module:
                raise
            raise UsageError(f"the command {name!r} is not in this version of fanshu") from None
        if isinstance(obj, typer.Typer):
            known = {info.name for info in obj.registered_commands}
            for sub, path in self.subcommands:
                if sub not in known:
                    obj.command(sub)(_target(path))
            group = typer.main.get_group(use_help_classes(obj))
            group.name = name
            return group
        epilog = _target(self.epilog) if self.epilog else None
        single = typer.Typer(add_completion=False)
        single.command(name, cls=HelpCommand, epilog=epilog)(obj)
        return typer.main.get_command(single)


class TextArguments(HelpGroup):
    """The root command: every argument checked to be text before it is parsed
    (module text); ``error: …`` and status 2 otherwise."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        problem = argument_problem(args)
        if problem is not None:
            from fanshu.cli.errors import EXIT_BAD_INPUT  # (it imports rich: not for --help)

            typer.echo(f"error: {problem}", err=True)
            raise typer.Exit(EXIT_BAD_INPUT)
        return super().parse_args(ctx, args)


class LazyCommands(TextArguments):
    """The root command with its sub-commands in :attr:`lazy`: a command's module is
    imported when the command runs or shows its help, never for the list of commands,
    so that ``fanshu score`` does not pay for the web app, the engine or batch runs."""

    lazy: ClassVar[Mapping[str, Lazy]] = {}

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(self.commands) + [name for name in self.lazy if name not in self.commands]

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        command = self.commands.get(cmd_name)
        if command is None and cmd_name in self.lazy:
            command = self.lazy[cmd_name].load(cmd_name)
            self.commands[cmd_name] = command
        return command

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        try:
            return self._click_resolve_command(ctx, args)
        except UsageError as e:
            from difflib import get_close_matches  # a mistyped command only

            matches = get_close_matches(args[0], self.list_commands(ctx)) if args else []
            if matches:
                e.message = (
                    f"{e.message.rstrip('.')}. Did you mean {', '.join(repr(m) for m in matches)}?"
                )
            raise
