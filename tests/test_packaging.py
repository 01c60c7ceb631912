"""fanshu as others get it: the sdist and wheel of ``python -m build``, installed.

The distributions are built once for the module (``--no-isolation``: the setuptools of the
lock builds them, nothing is downloaded) and the wheel is installed with ``--no-deps`` into a
fresh ``python -m venv`` (the core needs no other package) of each Python the classifiers
name that this machine has (3.11, 3.12, 3.13).  There the doctests of every installed core
module run with the standard library's ``doctest`` — the same doctests, module for module,
with the same outcome as from the source tree — and ``fanshu.score`` scores a hand.

The whole module is one xdist group (``make test`` runs ``--dist loadgroup``) so that the
build happens once, not once per worker.
"""

from __future__ import annotations

import email
import json
import os
import shutil
import subprocess
import sys
import tarfile
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

import fanshu
from fanshu._version import __version__

pytestmark = pytest.mark.xdist_group("packaging")

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "fanshu"
# The floors above the core need the extras (typer, fastapi, ray, numpy …), and the
# PostgreSQL store its psycopg: none is in the fresh environment.
NOT_CORE = ("fanshu.cli", "fanshu.web", "fanshu.batch", "fanshu.rl", "fanshu.store.postgres")

# What python -m build reads: the project files and the package (MANIFEST.in names the rest).
SDIST_INPUTS = ("pyproject.toml", "README.md", "LICENSE", "CHANGELOG.md", "MANIFEST.in", "src")

# Run by a Python that may be the fresh environment's: every core module's doctests, and
# one score, as JSON on stdout.  Standard library only.
RUNNER = r"""
import doctest, importlib, json, pkgutil, sys
import fanshu
NOT_CORE = tuple(sys.argv[1].split(","))
counts = {}
for info in pkgutil.walk_packages(fanshu.__path__, "fanshu."):
    name = info.name
    if name.startswith(NOT_CORE) or name.rsplit(".", 1)[-1] == "__main__":
        continue
    module = importlib.import_module(name)
    # ELLIPSIS as under pytest (its doctest_optionflags default)
    result = doctest.testmod(module, verbose=False, report=False, optionflags=doctest.ELLIPSIS)
    counts[name] = [result.failed, result.attempted]
result = fanshu.score("[EEEE]123m456p789s11s", self_drawn=True, seat_wind="S")
print(json.dumps({
    "file": fanshu.__file__,
    "version": fanshu.__version__,
    "counts": counts,
    "score": [result.total, result.meets_minimum, [e.name_en for e in result.fans]],
}))
"""


@dataclass(frozen=True)
class Dists:
    sdist: Path
    wheel: Path


@pytest.fixture(scope="module")
def dists(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Dists]:
    # Built from a copy of what the sdist is made of, so that the build writes nothing into
    # the working tree (its egg-info, which a stale SOURCES.txt there would also disturb).
    tree = tmp_path_factory.mktemp("tree")
    for name in SDIST_INPUTS:
        source = ROOT / name
        if source.is_dir():
            ignore = shutil.ignore_patterns("__pycache__", "*.egg-info", "*.pyc")
            shutil.copytree(source, tree / name, ignore=ignore)
        else:
            shutil.copy2(source, tree / name)
    out = tmp_path_factory.mktemp("dist")
    done = subprocess.run(
        [sys.executable, "-m", "build", "--no-isolation", "--outdir", str(out), str(tree)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    (sdist,) = out.glob("fanshu-*.tar.gz")
    (wheel,) = out.glob("fanshu-*.whl")
    yield Dists(sdist, wheel)


def _run_doctests(python: Path | str, cwd: Path) -> dict[str, object]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    env["LANG"] = "C.UTF-8"  # the doctests are the English messages
    done = subprocess.run(
        [str(python), "-I", "-c", RUNNER, ",".join(NOT_CORE)],
        capture_output=True,
        text=True,
        cwd=cwd,
        env=env,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-4000:]
    answer: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return answer


def test_wheel_holds_the_package_data_and_no_tests(dists: Dists) -> None:
    with zipfile.ZipFile(dists.wheel) as wheel:
        names = wheel.namelist()
    assert "fanshu/py.typed" in names
    assert "fanshu/_version.py" in names
    static = sorted(p.relative_to(PACKAGE).as_posix() for p in PACKAGE.glob("web/static/**/*"))
    assert static, "no static files in the source tree to compare with"
    for path in static:
        if (PACKAGE / path).is_file():
            assert f"fanshu/{path}" in names, path
    catalogs = sorted(p.relative_to(PACKAGE).as_posix() for p in PACKAGE.glob("locale/*/*/*.mo"))
    assert catalogs, "no compiled catalogs in the source tree"
    for path in catalogs:
        assert f"fanshu/{path}" in names, path
    assert not [n for n in names if n.startswith(("tests/", "fanshu/tests/", "support/"))]
    assert not [n for n in names if n.endswith((".pyc", "conftest.py"))]
    modules = {
        p.relative_to(PACKAGE.parent).as_posix()
        for p in PACKAGE.rglob("*.py")
        if "__pycache__" not in p.parts
    }
    assert modules <= set(names), sorted(modules - set(names))[:10]


def test_wheel_metadata(dists: Dists) -> None:
    wheel = zipfile.ZipFile(dists.wheel)
    info = f"fanshu-{__version__}.dist-info"
    meta = email.message_from_bytes(wheel.read(f"{info}/METADATA"))
    assert meta["Name"] == "fanshu"
    assert meta["Version"] == __version__ == fanshu.__version__
    assert meta["License-Expression"] == "MIT"
    assert f"{info}/licenses/LICENSE" in wheel.namelist()
    assert "MIT License" in wheel.read(f"{info}/licenses/LICENSE").decode()
    classifiers = meta.get_all("Classifier") or []
    for wanted in ("3.11", "3.12", "3.13"):
        assert f"Programming Language :: Python :: {wanted}" in classifiers
    assert "Topic :: Games/Entertainment :: Board Games" in classifiers
    assert "Typing :: Typed" in classifiers
    urls = dict(u.split(", ", 1) for u in meta.get_all("Project-URL") or [])
    assert {"Homepage", "Documentation", "Changelog", "Issues"} <= set(urls)
    assert meta.get_all("Requires-Dist") and all(
        "extra ==" in r for r in meta.get_all("Requires-Dist") or []
    ), "the core must depend on nothing"
    # extras are compatible ranges: a lower and an upper bound (the test-only oracle pinned)
    for requirement in meta.get_all("Requires-Dist") or []:
        spec = requirement.split(";")[0]
        if spec.startswith(("fanshu", "PyMahjongGB")):
            continue
        assert ">=" in spec and "<" in spec.replace("<=", ""), requirement
    entry_points = wheel.read(f"{info}/entry_points.txt").decode()
    assert "fanshu = fanshu.cli:run" in entry_points


def test_sdist_holds_license_changelog_and_sources(dists: Dists) -> None:
    root = f"fanshu-{__version__}"
    with tarfile.open(dists.sdist) as sdist:
        names = set(sdist.getnames())
    for path in ("LICENSE", "CHANGELOG.md", "README.md", "pyproject.toml"):
        assert f"{root}/{path}" in names, path
    assert f"{root}/src/fanshu/_version.py" in names
    assert f"{root}/src/fanshu/py.typed" in names


def test_installed_metadata_is_the_library_version() -> None:
    from importlib.metadata import version

    assert version("fanshu") == __version__ == fanshu.__version__


def _interpreter(version: str) -> str | None:
    """A Python ``version`` ("3.12") on this machine: this one, one on PATH, Debian's or
    pyenv's; None when there is none (its test is then skipped, not failed)."""
    if f"{sys.version_info.major}.{sys.version_info.minor}" == version:
        return sys.executable
    candidates = [shutil.which(f"python{version}"), f"/usr/bin/python{version}"]
    pyenv = Path(os.environ.get("PYENV_ROOT", Path.home() / ".pyenv")) / "versions"
    candidates += [str(p / "bin" / "python") for p in sorted(pyenv.glob(f"{version}.*"))]
    for candidate in candidates:
        if not candidate or not Path(candidate).exists():
            continue
        probe = subprocess.run(
            [candidate, "-c", "import sys; print('%d.%d' % sys.version_info[:2])"],
            capture_output=True,
            text=True,
        )
        if probe.returncode == 0 and probe.stdout.strip() == version:
            return candidate
    return None


@pytest.fixture(scope="module")
def source_doctests(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    """The doctests of the core modules run from the source tree (this environment)."""
    source = _run_doctests(sys.executable, tmp_path_factory.mktemp("source"))
    assert Path(str(source["file"])).is_relative_to(PACKAGE)
    return source


# The Python versions the classifiers name (pyproject.toml); each found here is tried.
PYTHONS = ("3.11", "3.12", "3.13")


@pytest.mark.parametrize("version", PYTHONS)
def test_wheel_in_a_fresh_venv_runs_the_doctests(
    dists: Dists, source_doctests: dict[str, object], tmp_path: Path, version: str
) -> None:
    base = _interpreter(version)
    if base is None:
        pytest.skip(f"no Python {version} on this machine")
    venv = tmp_path / "venv"
    subprocess.run([base, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    install = subprocess.run(
        [
            *(sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet"),
            *("--no-deps", "--no-index", "--no-compile", str(dists.wheel)),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert install.returncode == 0, install.stderr[-3000:]

    installed = _run_doctests(python, tmp_path)
    assert Path(str(installed["file"])).is_relative_to(venv), installed["file"]
    assert installed["version"] == __version__
    counts = installed["counts"]
    assert isinstance(counts, dict)
    assert sum(c[1] for c in counts.values()) > 0

    # The same modules, the same doctests in each and the same outcome as from the source
    # tree: a module, data file or catalog missing from the wheel fails here, and so does a
    # doctest that another Python version answers differently.  (A doctest that fails in
    # the source tree too is pytest --doctest-modules' to report, not this test's: the
    # working tree is shared while it is edited.)
    assert counts == source_doctests["counts"]
    assert installed["score"] == source_doctests["score"]

    score = installed["score"]
    assert isinstance(score, list)
    total, meets, fans = score
    expected = fanshu.score("[EEEE]123m456p789s11s", self_drawn=True, seat_wind="S")
    assert (total, meets) == (expected.total, expected.meets_minimum)
    assert fans == [e.name_en for e in expected.fans]


def _lock() -> dict[str, str]:
    from packaging.utils import canonicalize_name

    pins: dict[str, str] = {}
    for line in (ROOT / "requirements.lock").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            name, _, version = line.partition("==")
            assert version, f"requirements.lock: not an exact pin: {line}"
            pins[canonicalize_name(name)] = version.strip()
    return pins


def test_every_extra_is_a_range_the_lock_satisfies() -> None:
    import tomllib

    from packaging.requirements import Requirement
    from packaging.utils import canonicalize_name

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["dependencies"] == []  # the core is standard library only
    assert "version" in project["dynamic"] and "version" not in project
    pins = _lock()
    checked = 0
    for extra, requirements in project["optional-dependencies"].items():
        for text in requirements:
            requirement = Requirement(text)
            name = canonicalize_name(requirement.name)
            if name == "fanshu":
                continue
            if name == "pymahjonggb":  # the test-only oracle: the version RULES.md names
                assert str(requirement.specifier).startswith("==")
            else:
                operators = {spec.operator for spec in requirement.specifier}
                assert ">=" in operators and "<" in operators, f"{extra}: {text}"
            if extra == "bench":  # rlcard is installed by hand for bench/ only, not locked
                assert name not in pins
                continue
            assert name in pins, f"{extra}: {text} is not in requirements.lock"
            assert requirement.specifier.contains(pins[name], prereleases=True), (text, pins[name])
            checked += 1
    assert checked >= 20
