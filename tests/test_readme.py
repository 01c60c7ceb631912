"""The README's examples work and show what the README says.

- Every ```python block runs, statement by statement, in a namespace of its own holding
  ``fanshu``.  A comment after a statement (on its last line, or on the comment lines
  right below it) is a *claim* about the statement's value:

  - ``# InvalidHandError: a complete hand has 14 tiles …``: it raises that
    ``fanshu`` exception, the message starting with the text before the ``…``;
  - a Python literal (``# 17``, ``# [('E', 1, 17), …]`` without the ``…``): ``==``;
  - a literal with ``…`` (``# (ExcludedFan(...), ...``): ``repr`` starts with the
    text before the ``…``;
  - a number then prose (``# 91: 九莲宝灯 …``): ``==`` on the number;
  - prose (what is left of the claim): an exact entry of ``PROSE`` below says what is
    checked.  A claim that nothing checks fails the test, so a new README comment
    needs a rule here.
- Every ```sh block runs its ``fanshu …`` lines with the installed console script, in a
  temporary directory with ``FANSHU_DB`` there, ``$id=$(…)`` captured and substituted;
  ``make`` lines and the lines of ``SKIP`` are skipped, the ``…`` lines of ``FILL`` are
  given concrete values.  Each must exit 0 (1 where its comment says "not a win") with
  no traceback.
- The performance table holds measured numbers whose ratio column agrees with them, and
  every ``fanshu …`` command and option the README names is in the ``--help`` output.
"""

from __future__ import annotations

import ast
import contextlib
import io
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tokenize
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pytest

import fanshu
from fanshu.rules import get_rules

README = Path(__file__).resolve().parents[1] / "README.md"
TEXT = README.read_text(encoding="utf-8")
ELLIPSES = ("…", "...")


def _fanshu_script() -> str:
    beside = Path(sys.executable).with_name("fanshu")  # this environment's, before PATH's
    found = str(beside) if beside.exists() else shutil.which("fanshu") or "fanshu"
    assert Path(found).exists(), "the fanshu console script is not installed"
    return found


FANSHU = _fanshu_script()
# wide, plain help and tables: no line wrapping inside a command or option name
CLI_ENV = {**os.environ, "COLUMNS": "250", "NO_COLOR": "1", "TERM": "dumb"}


def run_cli(
    *args: str, cwd: Path | None = None, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [FANSHU, *args],
        cwd=cwd,
        env=env or CLI_ENV,
        capture_output=True,
        stdin=subprocess.DEVNULL,  # `fanshu play` reads moves: at once the end of input
        text=True,
        timeout=60,
    )


# -- README structure ------------------------------------------------------------------


@dataclass(frozen=True)
class Block:
    lang: str
    line: int  # README line of the first code line
    code: str


def fenced_blocks(lang: str) -> list[Block]:
    blocks: list[Block] = []
    lines = TEXT.splitlines()
    i = 0
    while i < len(lines):
        if lines[i].startswith("```"):
            tag = lines[i][3:].strip()
            j = i + 1
            while not lines[j].startswith("```"):
                j += 1
            if tag == lang:
                blocks.append(Block(lang, i + 2, "\n".join(lines[i + 1 : j]) + "\n"))
            i = j
        i += 1
    return blocks


def section(title: str) -> str:
    """The text of the ``## title`` section."""
    match = re.search(rf"^## {re.escape(title)}\n(.*?)(?=^## |\Z)", TEXT, re.M | re.S)
    assert match, f"README has no section {title!r}"
    return match.group(1)


def prose(text: str) -> str:
    """``text`` without its fenced code blocks."""
    return re.sub(r"^```.*?^```", "", text, flags=re.M | re.S)


# -- python blocks: statements and their claims ----------------------------------------


@dataclass(frozen=True)
class Step:
    stmt: ast.stmt
    line: int  # README line
    claim: str | None


def steps(block: Block) -> list[Step]:
    """The block's top-level statements, each with the comments that follow it."""
    tree = ast.parse(block.code)
    comments: dict[int, str] = {}
    for tok in tokenize.generate_tokens(io.StringIO(block.code).readline):
        if tok.type == tokenize.COMMENT:
            comments[tok.start[0]] = tok.string.lstrip("#").strip()
    code_lines = block.code.splitlines()
    out = []
    for k, stmt in enumerate(tree.body):
        end = stmt.end_lineno or stmt.lineno
        parts = [comments[n] for n in range(stmt.lineno, end + 1) if n in comments]
        stop = tree.body[k + 1].lineno if k + 1 < len(tree.body) else len(code_lines) + 1
        n = end + 1
        while n < stop and code_lines[n - 1].lstrip().startswith("#"):
            parts.append(comments[n])
            n += 1
        out.append(Step(stmt, block.line + stmt.lineno - 1, " ".join(parts) or None))
    return out


@dataclass(frozen=True)
class Claim:
    kind: str  # "raises", "literal", "prefix", "number" or "prose"
    head: Any  # exception name, literal value or repr prefix
    rest: str  # the prose left to check ("" if none)


def parse_claim(text: str) -> Claim:
    raised = re.fullmatch(r"([A-Z]\w*Error): (.*)", text)
    if raised:
        return Claim("raises", raised.group(1), raised.group(2))
    if not any(e in text for e in ELLIPSES):  # literal_eval reads `...` as Ellipsis
        with contextlib.suppress(ValueError, SyntaxError):
            return Claim("literal", ast.literal_eval(text), "")
    number = re.fullmatch(r"(-?\d+|True|False|None)(?::\s*(.*))?", text)
    if number:
        return Claim("number", ast.literal_eval(number.group(1)), number.group(2) or "")
    cut = min((text.index(e) for e in ELLIPSES if e in text), default=-1)
    if cut > 0 and re.match(r"[\[(]|\w+\(", text):
        rest = re.sub(r"^(\.\.\.|…)[\])}, ]*", "", text[cut:]).strip()
        return Claim("prefix", text[:cut].rstrip(), rest)
    return Claim("prose", None, text)


def fan_names(value: Any) -> list[str]:
    """The Chinese fan names of an MCR or other rule set's result."""
    return [f["name"] for f in value.to_dict()["fans"]]


def _nine_gates(value: Any, out: str, ns: dict[str, Any]) -> None:
    # the README line reads `.total` of this hand
    assert "九莲宝灯" in fan_names(fanshu.score("1112345678999m5m"))


def _summary(value: Any, out: str, ns: dict[str, Any]) -> None:
    assert out == f"{ns['r']}\n"
    assert "total 17" in out and "花龙 Mixed Straight: 8" in out


def _json_of_cli(value: Any, out: str, ns: dict[str, Any]) -> None:
    # the same hand and flags as the README's `r = fanshu.score(...)`
    proc = run_cli("score", "[EEEE]123m456p789s11s", "--self-drawn", "--seat-wind", "S", "--json")
    assert proc.returncode == 0, proc.stderr
    cli = json.loads(proc.stdout)
    assert cli.pop("id") is None
    assert (cli.pop("total_without_flowers"), cli.pop("meets_minimum")) == (17, True)
    assert cli == value


def _sichuan(value: Any, out: str, ns: dict[str, Any]) -> None:
    assert (value.total, value.multiplier) == (4, 8)
    assert {"清一色", "自摸"} <= set(fan_names(value))


def _beijing(value: Any, out: str, ns: dict[str, Any]) -> None:
    assert (value.total, value.multiplier, value.capped) == (5, 32, 5)
    assert get_rules("beijing").cap == 6


def _two_player(value: Any, out: str, ns: dict[str, Any]) -> None:
    winds = {"圈风刻", "门风刻", "三风刻", "小四喜", "大四喜"}
    mcr_names = {spec.name_zh for spec in fanshu.FANS.values()}
    names = set(fan_names(value))
    assert names <= mcr_names and not names & winds
    # the same hand under MCR does have wind fans
    assert set(fan_names(fanshu.score("123m456p789s11sEEE"))) & winds


def _blessings(value: Any, out: str, ns: dict[str, Any]) -> None:
    assert value.total == 274
    assert ("天和", 168) in [(f.name_zh, f.value) for f in value.fans]
    assert "九莲宝灯" in fan_names(value)


def _shanten_scale(value: Any, out: str, ns: dict[str, Any]) -> None:
    assert fanshu.shanten("1112345678999m1m") == -1  # complete
    assert fanshu.shanten("123m456p789s135sN") == 1  # one tile away from ready


def _discards_by_value(value: Any, out: str, ns: dict[str, Any]) -> None:
    # one option per distinct kind of 3456m345p34568sEE, each valued, best first
    assert len({d.tile for d in value.discards}) == len(value.discards) == 13
    assert all(d.value is not None for d in value.discards)
    points = [d.value.expected_points for d in value.discards]
    ready = [d for d in value.discards if d.shanten == 0]
    # the ready discard with a wait worth 8 fan (6m) first, then by expected points
    assert value.discards[0] is ready[0] and value.discards[0].value.p_minimum > 0
    assert points[1:] == sorted(points[1:], reverse=True)


def _nine_gates_waits(value: Any, out: str, ns: dict[str, Any]) -> None:
    waits = ns["a"].waits
    assert [w.tile.code for w in waits] == [f"{n}m" for n in range(1, 10)]
    live = [w for w in waits if w.remaining]
    assert all(w.fan_discard and w.fan_self_drawn for w in live)
    assert value[-1] == ("9m", 0, None, None)  # three held + one visible
    assert not any(w.last_tile for w in waits)


def _game_wall(game: Any, out: str, ns: dict[str, Any]) -> None:
    from fanshu.engine import Game

    assert len(game.wall.tiles) == 144 and not game.done
    assert Game("mcr", seed=7).wall.tiles == game.wall.tiles != Game("mcr", seed=8).wall.tiles
    assert len(Game("sichuan", seed=7).wall.tiles) == 108
    assert len(Game("two-player", seed=7).wall.tiles) == 71
    assert len(Game("beijing", seed=7).wall.tiles) == 136


def _host_check(app: Any, out: str, ns: dict[str, Any]) -> None:
    from fastapi.testclient import TestClient

    assert TestClient(app, base_url="http://localhost").get("/v1/rules").status_code == 200
    assert TestClient(app, base_url="http://127.0.0.1").get("/v1/rules").status_code == 200
    refused = TestClient(app, base_url="http://evil.example").get("/v1/rules")
    assert refused.status_code == 421 and refused.json()["code"] == "bad_host"


def _served_app(client: Any, out: str, ns: dict[str, Any]) -> None:
    from fanshu.cli import serve
    from fanshu.web import app

    # `fanshu serve` runs this app: uvicorn builds it by the factory the command names,
    # which is create_app on the database the command passes
    module, factory = serve.APP_FACTORY.split(":")
    assert module == app.__name__ and serve.SERVE_DB_VARIABLE == app.SERVE_DB_VARIABLE
    served = getattr(app, factory)
    saved = os.environ.get(app.SERVE_DB_VARIABLE)
    os.environ[app.SERVE_DB_VARIABLE] = "/tmp/fanshu-readme-served.db"
    try:
        assert served().state.db.target == "/tmp/fanshu-readme-served.db"
    finally:
        os.environ.pop(app.SERVE_DB_VARIABLE)
        if saved is not None:
            os.environ[app.SERVE_DB_VARIABLE] = saved
    assert client.get("/").status_code == 200 and "<html" in client.get("/").text.lower()
    assert client.get("/openapi.json").json()["paths"]["/v1/score"]


# The prose of a claim (what is left after its value), word for word -> its check.
PROSE: dict[str, Callable[[Any, str, dict[str, Any]], None]] = {
    "answers the localhost names (the Host check)": _host_check,
    "九莲宝灯 …": _nine_gates,
    "a readable summary": _summary,
    "`fanshu score --json` less `id`, `total_without_flowers`, `meets_minimum`": (_json_of_cli),
    "清一色 + 自摸: 4 fan, ×8": _sichuan,
    "5 fan, ×32 (cap 6)": _beijing,
    "MCR fans, no wind fans": _two_player,
    "天和 168 + 九莲宝灯 …: 274": _blessings,
    "ready (-1 complete, 1 one tile away …)": _shanten_scale,
    "14 tiles: every discard by what it is worth": _discards_by_value,
    '144 tiles shuffled by the seed; "sichuan", "two-player", "beijing"': _game_wall,
    "the same app `fanshu serve` runs": _served_app,
    "九莲宝灯 waits on nine kinds, each scored on a discard and self-drawn; 9m is dead"
    " (three held, one visible): listed with 0 left, not scored": _nine_gates_waits,
}

PY_BLOCKS = fenced_blocks("python")


def _run_step(step: Step, ns: dict[str, Any]) -> tuple[Any, str]:
    """Execute one statement; its value (an expression's, or what a ``name = …``
    assigns) and what it printed."""
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        if isinstance(step.stmt, ast.Expr):
            expr = ast.Expression(step.stmt.value)
            value = eval(compile(expr, f"README.md:{step.line}", "eval"), ns)
        else:
            module = ast.Module([step.stmt], type_ignores=[])
            exec(compile(module, f"README.md:{step.line}", "exec"), ns)
            target = step.stmt.targets[0] if isinstance(step.stmt, ast.Assign) else None
            value = ns[target.id] if isinstance(target, ast.Name) else None
    return value, buf.getvalue()


@pytest.mark.parametrize("block", PY_BLOCKS, ids=[f"line{b.line}" for b in PY_BLOCKS])
def test_python_block(block: Block) -> None:
    ns: dict[str, Any] = {"fanshu": fanshu}
    for step in steps(block):
        where = f"README.md:{step.line}: {step.claim!r}"
        if step.claim is None:
            _run_step(step, ns)
            continue
        claim = parse_claim(step.claim)
        if claim.kind == "raises":
            error = getattr(fanshu, claim.head)
            with pytest.raises(error) as info:
                _run_step(step, ns)
            prefix = re.split("|".join(map(re.escape, ELLIPSES)), claim.rest)[0].strip()
            assert str(info.value).startswith(prefix), f"{where}: got {info.value}"
            continue
        if claim.kind != "prose":
            assert isinstance(step.stmt, ast.Expr), f"{where}: a value claim on a statement"
        value, out = _run_step(step, ns)
        if claim.kind in ("literal", "number"):
            assert value == claim.head, f"{where}: got {value!r}"
        elif claim.kind == "prefix":
            assert repr(value).startswith(claim.head), f"{where}: got {value!r}"
        if claim.rest:
            assert claim.rest in PROSE, f"{where}: nothing checks {claim.rest!r}; add it to PROSE"
            PROSE[claim.rest](value, out, ns)


def test_every_prose_rule_is_used() -> None:
    used = {parse_claim(s.claim).rest for b in PY_BLOCKS for s in steps(b) if s.claim is not None}
    assert set(PROSE) <= used, f"stale PROSE entries: {set(PROSE) - used}"


def test_claim_parser() -> None:
    assert parse_claim("17") == Claim("literal", 17, "")
    assert parse_claim("91: 九莲宝灯 …") == Claim("number", 91, "九莲宝灯 …")
    assert parse_claim("(A(x=1), ...") == Claim("prefix", "(A(x=1),", "")
    assert parse_claim("[(1, 2), …]  prose") == Claim("prefix", "[(1, 2),", "prose")
    assert parse_claim("KeyError: no …") == Claim("raises", "KeyError", "no …")
    assert parse_claim("a readable summary").kind == "prose"


# -- sh blocks -------------------------------------------------------------------------

# Lines a user cannot run as written, with why.
SKIP = {
    # reads hands.jsonl, which the block does not create; test_batch_line below runs this
    # very line on a hands.jsonl made of the README's documented input keys
    "fanshu score --batch hands.jsonl > scores.jsonl      # or --batch - for stdin",
}
# Lines with … placeholders -> concrete lines (players as in the match example).
FILL = {
    "fanshu tournament new …; fanshu tournament seat …; fanshu tournament standings …": [
        "t=$(fanshu tournament new Ann Bo Cy Di --sessions 2)",
        "fanshu tournament seat $t",
        "fanshu tournament standings $t",
    ],
}
SH_BLOCKS = fenced_blocks("sh")


def _substitute(line: str, variables: dict[str, str]) -> str:
    def value(m: re.Match[str]) -> str:
        name = m.group(1) or m.group(2)
        assert name in variables, f"${name} is not set by the block"
        return variables[name]

    return re.sub(r"\$\{(\w+)\}|\$(\w+)", value, line)


def _run_line(line: str, cwd: Path, env: dict[str, str], variables: dict[str, str]) -> None:
    assign = re.fullmatch(r"(\w+)=\$\((.*)\)\s*(#.*)?", line)
    export = re.fullmatch(r"export (\w+)=(\S+)\s*(#.*)?", line)
    if export:
        env[export.group(1)] = export.group(2)
        return
    command = assign.group(2) if assign else line
    words = shlex.split(_substitute(command, variables), comments=True)
    comment = line.partition("#")[2] if "#" in line else ""
    assert words[0] == "fanshu", f"not a fanshu command: {line}"
    assert not set(words) & {"|", "&&", ";"}, f"a pipeline needs a FILL entry: {line}"
    stdout_file = None
    if ">" in words:
        k = words.index(">")
        stdout_file, words = cwd / words[k + 1], words[:k]
    proc = run_cli(*words[1:], cwd=cwd, env=env)
    expected = 1 if "not a win" in comment else 0
    assert proc.returncode == expected, f"{line}\nexit {proc.returncode}\n{proc.stderr}"
    assert "Traceback" not in proc.stderr, f"{line}\n{proc.stderr}"
    if stdout_file is not None:
        stdout_file.write_text(proc.stdout, encoding="utf-8")
    if "-o" in words:
        assert (cwd / words[words.index("-o") + 1]).is_file(), line
    if assign:
        variables[assign.group(1)] = proc.stdout.strip()
        assert variables[assign.group(1)], f"{line} printed nothing"


@pytest.mark.parametrize("block", SH_BLOCKS, ids=[f"line{b.line}" for b in SH_BLOCKS])
def test_sh_block(block: Block, tmp_path: Path) -> None:
    env = {**CLI_ENV, "FANSHU_DB": str(tmp_path / "fanshu.db")}
    variables: dict[str, str] = {}
    for raw in block.code.splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or line.startswith("make ") or line in SKIP:
            continue
        for concrete in FILL.get(line, [line]):
            assert "…" not in concrete, f"a placeholder line needs a FILL entry: {line}"
            _run_line(concrete, tmp_path, env, variables)


def test_skip_and_fill_are_in_the_readme() -> None:
    sh_lines = {raw.strip() for b in SH_BLOCKS for raw in b.code.splitlines()}
    assert SKIP | set(FILL) <= sh_lines


def test_batch_line(tmp_path: Path) -> None:
    """The README's batch line, on a file of its documented input and output keys."""
    line = next(iter(SKIP))
    hands = [
        {"id": 1, "hand": "[EEEE]123m456p789s11s", "self_drawn": True, "seat_wind": "S"},
        {"id": "b", "hand": "111m333s777pEEEFF", "flowers": 2, "prevalent_wind": "S"},
        {"id": 3, "hand": "123m", "fourth_tile": False, "kong": False, "wall_last": False},
        {"id": 4, "hand": "11m22m33m44p55p66p7s7s", "options": {"seven_pairs_tile_hog": False}},
    ]
    text = "\n".join(json.dumps(h, ensure_ascii=False) for h in hands) + "\n\n"
    (tmp_path / "hands.jsonl").write_text(text, encoding="utf-8")
    _run_line(line, tmp_path, dict(CLI_ENV), {})
    out = [json.loads(s) for s in (tmp_path / "scores.jsonl").read_text().splitlines()]
    assert [o["id"] for o in out] == [1, "b", 3, 4]
    assert out[0]["total"] == 17 and out[0]["error"] is None
    assert set(out[0]) == {
        "id", "total", "fans", "multiplier", "total_without_flowers", "meets_minimum", "error"
    }  # fmt: skip
    assert set(out[0]["fans"][0]) == {"name", "name_en", "value", "count"}
    assert set(out[2]) == {"id", "error"} and set(out[2]["error"]) == {"code", "message"}
    assert out[3]["error"] is None


# -- performance table -----------------------------------------------------------------


def _ratios(cell: str) -> list[float]:
    """The measured ratios of a cell ("1/9.40, 1/9.42 (was 1/12.3)", "3.83×, 3.38× (wall)"),
    what is in brackets (an earlier figure, a clock) left out."""
    cell = re.sub(r"\([^)]*\)", "", cell)
    found = re.findall(r"(1/)?(\d+(?:\.\d+)?)×?", cell)
    return [1 / float(n) if inverse else float(n) for inverse, n in found]


def test_performance_table_has_measured_numbers() -> None:
    """Every row gives measured ratios, and a bar is called met exactly when every figure
    reaches it (the README cannot claim a bar its own figures miss)."""
    rows = [
        [cell.strip() for cell in line.strip().strip("|").split("|")]
        for line in section("Performance").splitlines()
        if line.startswith("|")
    ]
    header, body = rows[0], rows[2:]
    assert header == ["what", "command", "fanshu / peer", "issue 19's bar"]
    assert len(body) >= 6
    bars = 0
    for what, command, figures, bar in body:
        assert command.startswith("`bench/") or command == "the same", f"{what}: no command"
        ratios = _ratios(figures)
        assert ratios, f"{what}: no measured figure in {figures!r}"
        if bar == "—":
            continue
        bars += 1
        m = re.fullmatch(r"(1/)?(\d+(?:\.\d+)?)×?: (met|\*\*not yet\*\*)", bar)
        assert m, f"{what}: a bar reads like '1/8: met' or '0.5×: **not yet**', not {bar!r}"
        target = 1 / float(m.group(2)) if m.group(1) else float(m.group(2))
        met = min(ratios) >= target
        assert (m.group(3) == "met") == met, f"{what}: {bar} but the figures are {ratios}"
    assert bars >= 4


def test_engine_speed_table_has_measured_numbers() -> None:
    rows = [
        [cell.strip() for cell in line.strip().strip("|").split("|")]
        for line in section("Play").splitlines()
        if line.startswith("|")
    ]
    header, body = rows[0], rows[2:]
    assert header == [
        "rules",
        "bots",
        "fanshu",
        "fanshu / RLCard (wall)",
        "fanshu / RLCard (CPU)",
    ]
    assert {(r[0], r[1]) for r in body} == {
        (rules, bot)
        for rules in ("mcr", "sichuan", "two-player")
        for bot in ("random", "greedy", "fan")
    }
    rate = re.compile(r"\d+(?:\.\d+)? hands/s")
    for rules, bot, ours, wall, cpu in body:
        assert rate.fullmatch(ours), f"{rules} {bot}: not a measured figure"
        ratios = float(wall), float(cpu)
        if bot != "fan":  # random and greedy bots outplay RLCard's random agents per hand
            assert min(ratios) > 1, f"{rules} {bot}: {ratios}"


# -- commands and options named in the README exist ------------------------------------


@cache
def help_text(path: tuple[str, ...]) -> str:
    proc = run_cli(*path, "--help")
    assert proc.returncode == 0, f"fanshu {' '.join(path)} --help: {proc.stderr}"
    return proc.stdout


def _has_command(path: tuple[str, ...], word: str) -> bool:
    """Whether ``word`` is listed in the Commands box of ``fanshu PATH --help``."""
    commands = help_text(path).partition("\nCommands:\n")[2]
    return re.search(rf"^ +{re.escape(word)}(?: |$)", commands, re.M) is not None


def _has_option(path: tuple[str, ...], option: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(option)}(?![\w-])", help_text(path)) is not None


def named_commands() -> list[str]:
    """``fanshu …`` in inline code of the prose and in the sh blocks."""
    spans = re.findall(r"`(fanshu [^`]+)`", prose(TEXT))
    spans += [f"fanshu {s}" for s in re.findall(r"`((?:score|analyze) --[^`]+)`", prose(TEXT))]
    for block in SH_BLOCKS:
        for raw in block.code.splitlines():
            spans += [s.strip() for s in re.findall(r"(?:^|[(;])\s*(fanshu [^);#]+)", raw)]
    return spans


def _resolve(span: str) -> tuple[tuple[str, ...], list[str]]:
    """The subcommand path of ``span`` and the options it names."""
    words = re.findall(r"[\w.$-]+", span.replace("…", " "))[1:]
    path: tuple[str, ...] = ()
    for word in words:
        if word.startswith("-") or not _has_command(path, word):
            break
        path += (word,)
    return path, [w for w in words if w.startswith("--")]


def test_named_commands_exist() -> None:
    spans = named_commands()
    assert len(spans) > 15
    # warm the help cache in parallel, a level at a time
    words = [re.findall(r"(?<!-)\b[a-z]+\b(?!-)", s)[1:3] for s in spans]
    with ThreadPoolExecutor(8) as pool:
        list(pool.map(help_text, {(w[0],) for w in words if _has_command((), w[0])}))
        level2 = {(w[0], w[1]) for w in words if len(w) == 2 and _has_command((), w[0])}
        list(pool.map(help_text, {p for p in level2 if _has_command(p[:1], p[1])}))
    problems = []
    for span in spans:
        path, options = _resolve(span)
        if not path:
            problems.append(f"{span!r}: no such command")
        problems += [f"{span!r}: no {o}" for o in options if not _has_option(path, o)]
    # bare options in the command line prose are `fanshu score` options
    for option in re.findall(r"`(--[\w-]+)`", prose(section("Command line"))):
        if not _has_option(("score",), option):
            problems.append(f"`{option}`: not a fanshu score option")
    assert not problems, "\n".join(problems)


def test_analysis_speed_table_has_measured_numbers() -> None:
    rows = [
        [cell.strip() for cell in line.strip().strip("|").split("|")]
        for line in section("Analysis (算牌)").splitlines()
        if line.strip().startswith("|")
    ]
    header, body = rows[0], rows[2:]
    assert header == ["ranking of a 14-tile hand", "now", "5e6ea51", "now / 5e6ea51"]
    assert len(body) == 4
    rate = re.compile(r"(\d{1,3}(?:,\d{3})*(?:\.\d+)?) hands/s")
    for what, ours, theirs, ratio in body:
        m_ours, m_theirs = rate.fullmatch(ours), rate.fullmatch(theirs)
        assert m_ours and m_theirs, f"{what}: not measured figures: {ours!r}, {theirs!r}"
        a, b = (float(m.group(1).replace(",", "")) for m in (m_ours, m_theirs))
        assert float(ratio) == round(a / b, 2), f"{what}: {ratio} vs {a}/{b}"
