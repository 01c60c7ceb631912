"""The Ray cluster examples (``examples/ray-cluster/``) and docs/ray.md say what works: the
YAML files parse and are the kinds they claim (a ``ray up`` cluster config, a KubeRay RayCluster and
RayJob), every container runs the image the Dockerfile builds, on the Ray version the
Dockerfile starts from and ``fanshu[ray]`` accepts, and every fanshu command they show —
the RayJob's entrypoint, the commands in their comments, the ``sh`` blocks of docs/ray.md —
parses as that fanshu command with those options (as do the ``ray start`` commands, by
Ray's own command line)."""

from __future__ import annotations

import re
import shlex
import tomllib
from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.main import get_command

from fanshu.cli.main import app

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "ray-cluster"
DOC = ROOT / "docs" / "ray.md"


def _yaml(name: str) -> dict[str, Any]:
    data = yaml.safe_load((EXAMPLES / name).read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def _ray_version() -> str:
    """The Ray version the Dockerfile's image starts from."""
    text = (EXAMPLES / "Dockerfile").read_text(encoding="utf-8")
    match = re.search(r"^FROM rayproject/ray:(\d+\.\d+\.\d+)-py3\d+$", text, re.M)
    assert match, "the Dockerfile starts from a rayproject/ray image"
    return match.group(1)


def check_fanshu(command: str) -> None:
    """``command`` (``fanshu NAME OPTION …``) parses as that fanshu command: a known
    command, known options, each with its value; AssertionError otherwise."""
    words = shlex.split(command)
    assert words[0] == "fanshu", command
    root: Any = get_command(app)
    context = root.make_context("fanshu", [], resilient_parsing=True)
    assert words[1] in root.list_commands(context), f"no command {words[1]!r}: {command}"
    sub = root.get_command(context, words[1])
    try:
        sub.make_context(words[1], words[2:])
    except Exception as e:  # typer's click: NoSuchOption, BadOptionUsage, MissingParameter …
        raise AssertionError(f"{command}: {e}") from None


def _fanshu_commands(text: str, *, comments: bool = False) -> list[str]:
    """Every ``fanshu …`` command in the shell lines of ``text`` (with ``comments``: in its
    indented comment lines, ``#   ray exec …``, not its prose), continuation lines (ending
    in a backslash) joined, quotes around the command dropped."""
    lines: list[str] = []
    for line in text.splitlines():
        if comments:
            if not re.match(r"\s*#\s{2,}\S", line):
                continue
            line = line.strip().lstrip("#")
        line = line.strip()
        if lines and lines[-1].endswith("\\"):
            lines[-1] = lines[-1][:-1] + " " + line
        else:
            lines.append(line)
    found = []
    for line in lines:
        for match in re.finditer(r"(?:^|[\s\"'])(fanshu (?!--version)[a-z][^\"'\n]*)", line):
            found.append(match.group(1).strip())
    return found


def test_the_version_is_one_fanshu_accepts() -> None:
    from packaging.specifiers import SpecifierSet

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    [spec] = project["project"]["optional-dependencies"]["ray"]
    assert spec.startswith("ray")
    assert _ray_version() in SpecifierSet(spec[len("ray") :])


@pytest.mark.parametrize("name", ["raycluster.yaml", "rayjob.yaml"])
def test_kuberay_resources_run_the_fanshu_image(name: str) -> None:
    data = _yaml(name)
    assert data["apiVersion"] == "ray.io/v1"
    assert data["kind"] == {"raycluster.yaml": "RayCluster", "rayjob.yaml": "RayJob"}[name]
    spec = data["spec"]["rayClusterSpec"] if data["kind"] == "RayJob" else data["spec"]
    version = _ray_version()
    assert spec["rayVersion"] == version
    groups = [spec["headGroupSpec"], *spec["workerGroupSpecs"]]
    images = [c["image"] for g in groups for c in g["template"]["spec"]["containers"]]
    assert images and set(images) == {f"fanshu-ray:{version}"}
    dockerfile = (EXAMPLES / "Dockerfile").read_text(encoding="utf-8")
    assert f"-t fanshu-ray:{version} -f examples/ray-cluster/Dockerfile" in dockerfile
    assert "'/tmp/fanshu[ray]'" in dockerfile


def test_the_rayjob_entrypoint_is_a_fanshu_command_on_its_cluster() -> None:
    entrypoint = _yaml("rayjob.yaml")["spec"]["entrypoint"]
    check_fanshu(entrypoint)
    assert shlex.split(entrypoint)[-2:] == ["--ray-address", "auto"]


def test_the_ray_up_config() -> None:
    import ray.scripts.scripts as ray_cli

    data = _yaml("cluster.yaml")
    assert data["provider"]["type"] == "local" and data["cluster_name"] == "fanshu"
    setup = " ".join(data["setup_commands"])
    assert "'fanshu[ray]'" in setup and f"'ray[default]=={_ray_version()}'" in setup
    start = ray_cli.cli.commands["start"]
    for key in ("head_start_ray_commands", "worker_start_ray_commands"):
        commands = [shlex.split(c) for c in data[key]]
        assert commands[0] == ["ray", "stop"]
        [ray, verb, *args] = commands[-1]
        assert (ray, verb) == ("ray", "start")
        params = start.make_context("start", args).params  # Ray's own parser
        assert params["head"] is (key == "head_start_ray_commands")
        assert params["port"] == 6379 or params["address"] == "$RAY_HEAD_IP:6379"


def test_every_fanshu_command_shown_parses() -> None:
    shown = {
        name: _fanshu_commands((EXAMPLES / name).read_text(encoding="utf-8"), comments=True)
        for name in ("cluster.yaml", "raycluster.yaml", "rayjob.yaml")
    }
    shown["rayjob.yaml"].append(_yaml("rayjob.yaml")["spec"]["entrypoint"])
    blocks = re.findall(r"```sh\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    shown["docs/ray.md"] = [c for block in blocks for c in _fanshu_commands(block)]
    assert all(shown.values()), shown  # each shows one at least
    for commands in shown.values():
        for command in commands:
            check_fanshu(command)


def test_a_wrong_command_is_caught() -> None:
    """The check can fail: an unknown option, an option without its value, a command
    fanshu does not have."""
    for wrong in (
        "fanshu score --batch hands.jsonl --ray-adress auto",
        "fanshu simulate --games",
        "fanshu scores --batch hands.jsonl",
    ):
        with pytest.raises(AssertionError):
            check_fanshu(wrong)
    text = '# fanshu batch jobs\n#   ray exec c.yaml \\\n#     "fanshu score --batch x --ray"'
    assert _fanshu_commands(text, comments=True) == ["fanshu score --batch x --ray"]
