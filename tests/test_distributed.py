"""hearts_fast.distributed on a local Ray cluster the tests start (``ray.init(num_cpus=2)``):
every entry point gives the local result for several task sizes, a killed worker changes
nothing, Ctrl-C cancels the tasks, bad arguments get the package's errors (issue #15)."""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

import hearts_fast as hf

ray = pytest.importorskip("ray")

from hearts_fast import distributed as dist  # noqa: E402
from tests.helpers import python_sigint_handler  # noqa: E402
from tests.test_solve import positions  # noqa: E402

# One cluster per test process: xdist runs this module's tests in one worker (the Makefile
# passes --dist loadgroup).
pytestmark = [pytest.mark.timeout(600), pytest.mark.xdist_group("ray")]


@pytest.fixture(scope="module", autouse=True)
def cluster() -> Iterator[None]:
    ray.shutdown()  # a cluster an earlier test of this process left
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def same(a: Any, b: Any) -> None:
    """Equal results: the same keys, arrays equal bit for bit, numbers exactly."""
    assert type(a) is type(b)
    if isinstance(a, dict):
        assert sorted(a) == sorted(b)
        for k in a:
            same(a[k], b[k])
    elif isinstance(a, np.ndarray):
        assert a.dtype == b.dtype and a.shape == b.shape
        assert np.array_equal(a, b, equal_nan=a.dtype.kind == "f"), a
        assert a.flags.writeable
    elif isinstance(a, tuple):
        assert len(a) == len(b)
        for x, y in zip(a, b):
            same(x, y)
    elif isinstance(a, float) and np.isnan(a):
        assert np.isnan(b)
    else:
        assert a == b


# (function name, rules, local keyword arguments): every batch mode of every game.
CASES = [
    ("simulate_hearts", hf.HeartsRules(), {"hands": 300, "seed": 5}),
    ("simulate_hearts", hf.HeartsRules(), {"hands": 300, "seed": 5, "stream": True}),
    ("simulate_hearts", hf.HeartsRules(), {"games": 40, "seed": 2, "policy": "heuristic"}),
    ("simulate_spades", hf.SpadesRules(), {"hands": 300, "seed": 9, "policy": "heuristic"}),
    ("simulate_spades", hf.SpadesRules(), {"hands": 300, "stream": True}),
    (
        "simulate_spades",
        hf.SpadesRules(),
        {"games": 20, "policy": "heuristic", "hand_limit": 30},
    ),
    ("simulate_rummy", hf.RummyRules(), {"hands": 40, "seed": 3}),
    ("simulate_rummy", hf.RummyRules(), {"hands": 40, "stream": True}),
    ("simulate_rummy", hf.RummyRules(), {"games": 4, "hand_limit": 20}),
]


@pytest.mark.parametrize(("name", "rules", "kwargs"), CASES, ids=lambda x: str(x))
@pytest.mark.parametrize("task_size", [7, 64, None])
def test_simulate_equals_local(
    name: str, rules: Any, kwargs: dict[str, Any], task_size: Any
) -> None:
    local = getattr(hf, name)(rules, **kwargs, threads=1)
    got = getattr(dist, name)(rules, **kwargs, task_size=task_size)
    same(got, local)


def test_a_range_and_the_threads_of_a_task() -> None:
    rules = (
        hf.HeartsRules.preset("dame_de_pic")
        if "dame_de_pic" in hf.HeartsRules.presets
        else hf.HeartsRules()
    )
    local = hf.simulate_hearts(rules, hands=500, seed=11, start=10**6)
    got = dist.simulate_hearts(rules, hands=500, seed=11, start=10**6, threads=2, task_size=100)
    same(got, local)


def test_caller_deals_are_cut_with_their_hands() -> None:
    rng = np.random.default_rng(0)
    deals = np.array([rng.permutation(52) for _ in range(90)], dtype=np.int64)
    for name, rules in (
        ("simulate_hearts", hf.HeartsRules()),
        ("simulate_spades", hf.SpadesRules()),
    ):
        local = getattr(hf, name)(rules, deals=deals, seed=4, start=3)
        same(getattr(dist, name)(rules, deals=deals, seed=4, start=3, task_size=16), local)


@pytest.mark.parametrize("task_size", [3, 25, None])
def test_arena_equals_local(task_size: Any) -> None:
    policies = {"heuristic": "heuristic", "random": "random"}
    for rules, kwargs in (
        (hf.HeartsRules(), {"deals": 50, "seed": 1}),
        (hf.SpadesRules(), {"deals": 50, "seed": 2}),
        (hf.SpadesRules(), {"games": 6, "hand_limit": 20}),
    ):
        local = hf.arena(rules, policies, **kwargs)
        same(dist.arena(rules, policies, **kwargs, task_size=task_size), local)


def test_arena_with_policy_objects() -> None:
    """Policies given as objects travel to the workers pickled (with their settings)."""
    policies = {"pimc": hf.Policy("pimc", worlds=2, rollouts=1), "heuristic": "heuristic"}
    local = hf.arena(hf.HeartsRules(), policies, deals=6, seed=3)
    same(dist.arena(hf.HeartsRules(), policies, deals=6, seed=3, task_size=2), local)


@pytest.mark.parametrize("task_size", [1, 8, 16, None])
def test_solve_batch_equals_local(task_size: Any) -> None:
    states = positions(21)
    seats = [i % 4 for i in range(21)]
    local = hf.solve_batch(states, seat=seats, objective="score")
    got = dist.solve_batch(states, seat=seats, objective="score", task_size=task_size)
    for field in hf.SolveBatch._fields:
        same(getattr(got, field), getattr(local, field))


def test_progress_is_reported_to_the_end() -> None:
    calls: list[tuple[int, int]] = []
    dist.simulate_hearts(
        hf.HeartsRules(), hands=100, task_size=10, progress=lambda d, t: calls.append((d, t))
    )
    assert calls[-1] == (100, 100)
    assert [d for d, _ in calls] == sorted(d for d, _ in calls)
    assert all(t == 100 for _, t in calls)


def test_the_progress_bar(capsys: pytest.CaptureFixture[str]) -> None:
    dist.simulate_spades(hf.SpadesRules(), hands=50, task_size=10, progress=True)
    assert "50/50" in capsys.readouterr().err


# ---------------------------------------------------------------- faults


def worker_pids() -> set[int]:
    """The processes of the cluster's workers (each answers with its pid)."""

    @ray.remote
    def pid() -> int:
        time.sleep(0.2)
        return os.getpid()

    return set(ray.get([pid.remote() for _ in range(6)]))


def cpu_ticks(pid: int) -> int:
    """User + system CPU time of ``pid`` in clock ticks (0 once it is gone)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return int(fields[11]) + int(fields[12])
    except OSError:
        return 0


def test_a_killed_worker_changes_nothing() -> None:
    rules = hf.SpadesRules()
    # About 8 core-seconds of whole games, in 10 tasks.
    kwargs: dict[str, Any] = {"games": 60_000, "policy": "heuristic", "hand_limit": 40, "seed": 8}
    local = hf.simulate_spades(rules, **kwargs)
    pids = worker_pids()
    out: dict[str, Any] = {}
    run = threading.Thread(
        target=lambda: out.update(r=dist.simulate_spades(rules, **kwargs, task_size=6000))
    )
    run.start()
    # Kill a worker while it runs a task: one whose CPU time grows.
    killed = None
    deadline = time.monotonic() + 60
    while killed is None and time.monotonic() < deadline and run.is_alive():
        before = {p: cpu_ticks(p) for p in pids}
        time.sleep(0.3)
        busy = [p for p in pids if cpu_ticks(p) > before[p] > 0]
        if busy:
            killed = busy[0]
            os.kill(killed, signal.SIGKILL)
    run.join(timeout=300)
    assert killed is not None, "no worker was seen running a task"
    same(out["r"], local)


def test_ctrl_c_cancels_the_tasks() -> None:
    rules = hf.SpadesRules()
    timer = threading.Timer(2.0, lambda: signal.raise_signal(signal.SIGINT))
    # Python's own Ctrl-C handler (an xdist worker or a background run ignores SIGINT).
    with python_sigint_handler():
        timer.start()
        try:
            with pytest.raises(KeyboardInterrupt):
                # About 60 core-seconds of work in tasks of about 2 seconds.
                dist.simulate_spades(
                    rules, games=450_000, policy="heuristic", hand_limit=40, task_size=15_000
                )
        finally:
            timer.cancel()
    # Every task cancelled: the cluster's CPUs are free again within seconds, not after the
    # half minute the remaining tasks would take.
    deadline = time.monotonic() + 15
    while ray.available_resources().get("CPU", 0) < 2 and time.monotonic() < deadline:
        time.sleep(0.2)
    assert ray.available_resources().get("CPU", 0) == 2


# ---------------------------------------------------------------- bad arguments


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"hands": 10, "task_size": 0}, hf.InvalidArgumentError, "task_size must be at least 1"),
        ({"hands": 10, "task_size": "5"}, hf.ArgumentTypeError, "task_size must be an int"),
        ({"hands": 10, "threads": 0}, hf.InvalidArgumentError, "threads must be at least 1"),
        ({"hands": 10, "retries": -1}, hf.InvalidArgumentError, "retries must be at least 0"),
        ({"hands": 10, "address": 5}, hf.ArgumentTypeError, "address must be a str"),
        ({"hands": 10, "address": "auto"}, hf.InvalidArgumentError, "already joined"),
        ({"hands": 10, "progress": "yes"}, hf.ArgumentTypeError, "progress must be a callable"),
        ({}, hf.InvalidArgumentError, "give hands="),
        ({"hands": 10, "games": 10}, hf.InvalidArgumentError, "not both"),
        ({"hands": 10, "policy": "nope"}, hf.InvalidArgumentError, "nope"),
        ({"hands": 10, "start": -1}, hf.HeartsFastError, "start"),
        ({"hands": 10, "start": 2**64 - 5}, hf.InvalidArgumentError, "start"),
        ({"hands": 10**13}, hf.InvalidArgumentError, "stream=True"),
    ],
)
def test_bad_arguments(kwargs: dict[str, Any], error: type[Exception], match: str) -> None:
    with pytest.raises(error, match=match):
        dist.simulate_hearts(hf.HeartsRules(), **kwargs)


def test_an_address_with_no_cluster(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ray's own ConnectionError (after its connection timeout, minutes for an address where
    nothing answers, so Ray is stood in for here) comes back as the package's error, naming
    the address and what to do."""
    import ray

    def refuse(**kwargs: Any) -> None:
        raise ConnectionError(f"Could not find any running Ray instance at {kwargs['address']}")

    monkeypatch.setattr(ray, "is_initialized", lambda: False)
    monkeypatch.setattr(ray, "init", refuse)
    with pytest.raises(hf.InvalidArgumentError, match=r"address='host:1'.*ray start --head") as e:
        dist.simulate_hearts(hf.HeartsRules(), hands=10, address="host:1")
    assert isinstance(e.value.__cause__, ConnectionError)


def test_no_hands_is_the_local_empty_result() -> None:
    same(
        dist.simulate_hearts(hf.HeartsRules(), hands=0),
        hf.simulate_hearts(hf.HeartsRules(), hands=0),
    )


def test_bad_arguments_of_the_others() -> None:
    with pytest.raises(hf.ArgumentTypeError, match="rules"):
        dist.simulate_spades("spades", hands=10)
    with pytest.raises(hf.InvalidArgumentError):
        dist.arena(hf.HeartsRules(), {"a": "heuristic"}, deals=0)
    with pytest.raises(hf.ArgumentTypeError):
        dist.arena(hf.HeartsRules(), ["heuristic"], deals=10)  # type: ignore[arg-type]
    states = positions(3)
    with pytest.raises(hf.InvalidArgumentError, match=r"seat has 2 seats for 3 states"):
        dist.solve_batch(states, seat=[0, 1])
    with pytest.raises(hf.InvalidArgumentError, match=r"states\[1\]"):
        dist.solve_batch([states[0], hf.SpadesState(hf.SpadesRules()), states[2]])
    with pytest.raises(hf.InvalidArgumentError, match="at least one state"):
        dist.solve_batch([])


def test_a_cluster_started_with_ray_start() -> None:
    """The recipe of docs/distributed.md: `ray start --head`, then address="auto" from
    another process, gives the local result. The cluster is stopped by its processes (which
    name its own temporary directory), not by `ray stop`, which would stop every cluster of
    the machine."""
    import shutil
    import subprocess
    import sys
    import tempfile

    tmp = tempfile.mkdtemp(prefix="hfr", dir="/tmp")  # short: Ray's socket paths must fit
    start = ["ray", "start", "--head", "--port=0", "--num-cpus=1", "--include-dashboard=false"]
    subprocess.run([*start, f"--temp-dir={tmp}"], check=True, capture_output=True, timeout=180)
    try:
        code = (
            "import hearts_fast as hf\n"
            "from hearts_fast import distributed\n"
            "r = distributed.simulate_spades(hf.SpadesRules(), hands=2000, seed=3, "
            "address='auto', task_size=500)\n"
            "l = hf.simulate_spades(hf.SpadesRules(), hands=2000, seed=3)\n"
            "assert all((r[k] == l[k]).all() for k in l), 'differs'\n"
            "print('same')\n"
        )
        out = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, timeout=300
        )
        assert out.returncode == 0 and "same" in out.stdout, out.stderr[-2000:]
    finally:
        stop_processes_naming(tmp)
        shutil.rmtree(tmp, ignore_errors=True)


def stop_processes_naming(text: str) -> None:
    """SIGTERM, then SIGKILL, to every process whose command line contains ``text``."""
    for sig in (signal.SIGTERM, signal.SIGKILL):
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                with open(f"/proc/{entry}/cmdline", "rb") as f:
                    if text.encode() in f.read():
                        os.kill(int(entry), sig)
            except OSError:
                pass
        time.sleep(1.0)
