"""A batch job on a two-node Ray cluster (``ray.cluster_utils.Cluster``: a head and a second
node on this machine, one CPU each) gives the bytes plain processes give, with no shared
working directory: the nodes (and so their workers) run in a directory of their own, the
command in another, its input named relative to the command's directory — the items go to
the workers as data and the output lines come back as data, nothing is read or written
relative to a worker's directory (which stays empty).

The cluster is started once for the module and shut down in a ``finally``; every command
has a timeout."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from fanshu.batch.executors import RAY_LOCAL_CONFIG, RAY_LOOPBACK_ENV, RayExecutor
from fanshu.batch.job import JsonlOutput, run_to_output
from fanshu.batch.samples import score_lines
from fanshu.batch.shards import shards
from fanshu.batch.tasks import LinesTask, run_shard

pytestmark = pytest.mark.xdist_group("ray-cluster")

HANDS = 2000
GAMES = 60
#: Seconds any one command may take (a cold cluster starts workers on a busy machine).
TIMEOUT = 180


@dataclass(frozen=True)
class TwoNodes:
    address: str
    #: Where the nodes were started: their workers' working directory.
    node_dir: Path


@pytest.fixture(scope="module")
def two_nodes(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TwoNodes]:
    os.environ.setdefault(RAY_LOOPBACK_ENV, "0")
    ray = pytest.importorskip("ray")
    from ray.cluster_utils import Cluster

    if ray.is_initialized():  # another module's Ray, in this process
        ray.shutdown()
    node_dir = tmp_path_factory.mktemp("ray-nodes")
    here = os.getcwd()
    cluster: Any = None
    os.chdir(node_dir)  # the raylets start here, and their workers with them
    try:
        cluster = Cluster(
            initialize_head=True,
            head_node_args={
                "num_cpus": 1,
                "include_dashboard": False,
                "_system_config": dict(RAY_LOCAL_CONFIG),
            },
        )
        cluster.add_node(num_cpus=1)
        cluster.wait_for_nodes(timeout=TIMEOUT)
        os.chdir(here)
        yield TwoNodes(cluster.address, node_dir)
    finally:
        os.chdir(here)
        if ray.is_initialized():
            ray.shutdown()
        if cluster is not None:
            cluster.shutdown()


def _fanshu(*args: str, cwd: Path) -> subprocess.CompletedProcess[bytes]:
    script = Path(sys.executable).with_name("fanshu")
    command = [str(script)] if script.exists() else [sys.executable, "-m", "fanshu.cli.main"]
    done = subprocess.run(
        [*command, *args], cwd=cwd, capture_output=True, timeout=TIMEOUT, check=False
    )
    assert done.returncode == 0, done.stderr.decode("utf-8", "replace")
    return done


@pytest.fixture
def driver_dir(tmp_path: Path) -> Path:
    """The command's directory, with its input as a relative file name."""
    lines = list(score_lines(1919, HANDS, broken_every=37))
    (tmp_path / "hands.jsonl").write_text("".join(x + "\n" for x in lines), encoding="utf-8")
    return tmp_path


def test_both_nodes_run_fanshu_in_their_own_directory(two_nodes: TwoNodes) -> None:
    """Each node runs a shard (pinned to it), from the nodes' directory, not this one."""
    import ray
    from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

    lines = list(score_lines(7, 20))
    expected = run_shard(LinesTask(), lines)

    def where(task: LinesTask, items: list[str]) -> tuple[str, str, Any]:
        import os

        return ray.get_runtime_context().get_node_id(), os.getcwd(), run_shard(task, items)

    ray.init(address=two_nodes.address, log_to_driver=False)
    try:
        nodes = [n["NodeID"] for n in ray.nodes() if n["Alive"]]
        assert len(nodes) == 2 and ray.cluster_resources()["CPU"] == 2
        probe = ray.remote(num_cpus=1, max_retries=0)(where)
        refs = [
            probe.options(
                scheduling_strategy=NodeAffinitySchedulingStrategy(node, soft=False)
            ).remote(LinesTask(), lines)
            for node in nodes
        ]
        answers = ray.get(refs, timeout=TIMEOUT)
    finally:
        ray.shutdown()
    assert [node for node, _, _ in answers] == nodes
    for _node, cwd, result in answers:
        assert Path(cwd) == two_nodes.node_dir != Path.cwd()
        assert result == expected


def test_score_batch_on_two_nodes_is_the_plain_processes_bytes(
    two_nodes: TwoNodes, driver_dir: Path
) -> None:
    """``fanshu score --batch hands.jsonl --ray-address ADDRESS`` from the command's own
    directory: the same file as ``--workers 2``, on both nodes' CPUs."""
    _fanshu("score", "--batch", "hands.jsonl", "--out", "plain.jsonl", "--workers", "2",
            cwd=driver_dir)  # fmt: skip
    done = _fanshu("score", "--batch", "hands.jsonl", "--out", "ray.jsonl", "--progress",
                   "--ray-address", two_nodes.address, cwd=driver_dir)  # fmt: skip
    plain = (driver_dir / "plain.jsonl").read_bytes()
    assert plain.count(b"\n") == HANDS
    assert (driver_dir / "ray.jsonl").read_bytes() == plain
    assert f"scored {HANDS} lines".encode() in done.stderr
    assert b"on Ray (2 CPUs)" in done.stderr  # the cluster's CPUs: both nodes'
    assert not any(two_nodes.node_dir.iterdir())  # nothing written where the workers run


def test_simulate_on_two_nodes_is_the_plain_processes_bytes(
    two_nodes: TwoNodes, tmp_path: Path
) -> None:
    args = ["simulate", "--rules", "mcr", "--games", str(GAMES), "--seed", "19",
            "--players", "random,greedy,random,greedy"]  # fmt: skip
    _fanshu(*args, "--out", "plain.jsonl", "--workers", "2", cwd=tmp_path)
    _fanshu(*args, "--out", "ray.jsonl", "--ray-address", two_nodes.address, cwd=tmp_path)
    plain = (tmp_path / "plain.jsonl").read_bytes()
    assert plain and (tmp_path / "ray.jsonl").read_bytes() == plain
    assert not any(two_nodes.node_dir.iterdir())


def test_the_executor_in_this_process_on_two_nodes(two_nodes: TwoNodes) -> None:
    """:func:`run_to_output` with a :class:`RayExecutor` at the cluster's address (the
    function ``score --batch`` calls), from this process: the lines a serial run gives,
    with Ray joined and left by the executor."""
    import io

    import ray

    from fanshu.batch.executors import Serial

    lines = list(score_lines(19, 600, broken_every=11))
    expected, got = io.StringIO(), io.StringIO()
    run_to_output(LinesTask(), shards(lines, 50), Serial(), JsonlOutput(None, stream=expected))
    executor = RayExecutor(two_nodes.address)
    report = run_to_output(LinesTask(), shards(lines, 50), executor, JsonlOutput(None, stream=got))
    assert got.getvalue() == expected.getvalue()
    assert report.executor == "ray" and report.workers == 2 and report.retries == []
    assert not ray.is_initialized()  # joined for the job, left at its end
