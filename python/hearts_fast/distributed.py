"""Batch simulation, solving and arenas on a Ray cluster, with the results of one machine.

Each function takes the arguments of the package's function of the same name (by keyword
too) and three more:

- ``address``: the cluster to join (``"auto"``: the one ``ray start`` made on this machine;
  or the head's ``"host:port"``); by default the one this process already joined with
  ``ray.init``, or else a new local one;
- ``task_size``: hands, games, deals or states per task (default: the range cut into about
  four tasks per CPU of the cluster, at least 1);
- ``progress``: as the local functions' (``progress(done, total)`` as tasks finish), or
  ``True`` for a progress bar on standard error.

The batch is cut into consecutive index ranges (``start=``); each task runs the local
engine on its range, with ``threads`` threads (default 1; each task asks Ray for that many
CPUs), and the parts are merged by ``hearts_fast.merge`` in index order: arrays come back
bit for bit, streamed statistics exactly, as one call on one machine gives them, whatever
``task_size`` and however many workers. A task whose worker dies is run again by Ray (up to
``retries`` times, default 3) with the same result; Ctrl-C cancels every task; an array
result larger than the memory this machine has free is refused before any task starts,
with a hint to use ``stream=True``. docs/distributed.md is the recipe.

Needs the optional dependency Ray (the ``ray`` extra: ``pip install "ray>=2.9"``). The
workers import ``hearts_fast`` themselves: on a cluster of several machines install it on
each (or give Ray a ``runtime_env``).
"""

from __future__ import annotations

import math
import os
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar, Union

import numpy as np

import hearts_fast as _hf
from hearts_fast._args import int_arg
from hearts_fast._extras import install_hint
from hearts_fast._types import HeartsSimulation, RummySimulation, SolveBatch, SpadesSimulation
from hearts_fast.arena import ArenaResult
from hearts_fast.errors import ArgumentTypeError, InvalidArgumentError

__all__ = ["arena", "simulate_hearts", "simulate_rummy", "simulate_spades", "solve_batch"]

#: The progress argument: a callback ``(done, total)`` or True for a bar on stderr.
Progress = Union[Callable[[int, int], object], bool, None]

_T = TypeVar("_T")

#: Tasks per CPU of the cluster when ``task_size`` is not given: enough that a slow task or
#: a retried one does not hold the others back, few enough that each is worth sending.
_TASKS_PER_CPU = 4


def _ray() -> Any:
    try:
        import ray
    except ImportError as e:  # pragma: no cover - the extra is installed by make test
        hint = f"install it with: {install_hint('ray', 'ray')}"
        raise ImportError(f"hearts_fast.distributed needs Ray ({e}); {hint}") from None
    return ray


def _connect(address: str | None) -> Any:
    """Ray, joined to ``address`` (or the cluster this process joined, or a new local one)."""
    if address is not None and not isinstance(address, str):
        raise ArgumentTypeError(
            f"address must be a str such as 'auto' or 'host:6379', got {type(address).__name__}"
        )
    ray = _ray()
    if ray.is_initialized():
        if address is not None:
            raise InvalidArgumentError(
                f"address={address!r}, but this process has already joined a Ray cluster "
                "(ray.init): leave address= out to use that one, or call ray.shutdown() first"
            )
    else:
        try:
            ray.init(address=address, include_dashboard=False, log_to_driver=False)
        except ConnectionError as e:
            raise InvalidArgumentError(
                f"address={address!r}: no Ray cluster could be joined there ({e}); start one "
                "with `ray start --head` (then address='auto' on that machine, or the head's "
                "'host:port' elsewhere), or leave address= out for a local cluster"
            ) from e
    return ray


def _positive(value: object, name: str, default: int, minimum: int = 1) -> int:
    return default if value is None else int_arg(value, name, minimum)


def _check_progress(progress: object) -> None:
    if progress is not None and not isinstance(progress, bool) and not callable(progress):
        raise ArgumentTypeError(
            f"progress must be a callable (done, total), True for a bar or None, got "
            f"{type(progress).__name__}"
        )


class _Bar:
    """``progress(done, total)`` as a one-line bar on standard error."""

    def __init__(self, what: str) -> None:
        self.what = what

    def __call__(self, done: int, total: int) -> None:
        width = 30
        filled = width * done // max(total, 1)
        end = "\n" if done >= total else ""
        sys.stderr.write(
            f"\r{self.what} [{'#' * filled}{'.' * (width - filled)}] {done:,}/{total:,}{end}"
        )
        sys.stderr.flush()


def _free_memory() -> int | None:
    """Bytes of memory this machine has available (Linux), None where unknown."""
    try:
        with open("/proc/meminfo", encoding="ascii") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    try:
        return int(os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE"))
    except (ValueError, OSError, AttributeError):
        return None


def _array_bytes(result: object) -> int:
    """The bytes of the numpy arrays in a result (a dict of arrays)."""
    if isinstance(result, Mapping):
        return sum(v.nbytes for v in result.values() if isinstance(v, np.ndarray))
    return 0


def _check_memory(sample: object, per: int, n: int, what: str) -> None:
    """Refuse a result of ``n`` items that cannot fit: ``sample`` holds ``per`` items."""
    free = _free_memory()
    need = _array_bytes(sample) * n // max(per, 1)
    if free is not None and need > free:
        raise InvalidArgumentError(
            f"the arrays of {n:,} {what} need about {need / 2**30:,.1f} GiB and this machine "
            f"has {free / 2**30:,.1f} GiB free: pass stream=True for statistics in constant "
            f"memory, or run fewer at a time with start="
        )


def _task(name: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
    """What a worker runs: the local function ``name`` of hearts_fast on one range."""
    import hearts_fast

    return getattr(hearts_fast, name)(*args, **kwargs)


def _writable(result: _T) -> _T:
    """Arrays Ray hands back are read-only views of its object store; the caller's are not."""
    if isinstance(result, dict):
        for k, v in result.items():
            if isinstance(v, np.ndarray) and not v.flags.writeable:
                result[k] = v.copy()
    return result


def _run(
    name: str,
    parts: list[tuple[tuple[Any, ...], dict[str, Any], int]],
    *,
    threads: int,
    retries: int,
    progress: Progress,
    what: str,
    ray: Any,
) -> list[Any]:
    """Run ``name(*args, **kwargs)`` for each part on the cluster; the results in order.
    Each part carries its item count for the progress report."""
    if progress is True:
        progress = _Bar(what)
    remote = ray.remote(_task).options(num_cpus=threads, max_retries=retries)
    refs = [remote.remote(name, args, kwargs) for args, kwargs, _ in parts]
    sizes = {ref: n for ref, (_, _, n) in zip(refs, parts)}
    total = sum(sizes.values())
    done = 0
    pending = list(refs)
    try:
        while pending:
            ready, pending = ray.wait(pending, num_returns=1, timeout=0.5)
            for ref in ready:
                done += sizes[ref]
            if ready and callable(progress):
                progress(done, total)
            if ready:
                ray.get(ready)  # a task's error surfaces now, not after the others
        return [_writable(r) for r in ray.get(refs)]
    except BaseException as e:
        for ref in pending:
            ray.cancel(ref, force=True)
        cause = getattr(e, "cause", None)
        if isinstance(e, ray.exceptions.RayTaskError) and isinstance(cause, Exception):
            raise cause from None  # the package's own error, as the local call raises it
        raise


def _ranges(start: int, n: int, size: int) -> list[tuple[int, int]]:
    """``[start, start + n)`` cut into consecutive ``(start, count)`` of ``size``."""
    return [(start + a, min(size, n - a)) for a in range(0, n, size)]


def _default_size(n: int, threads: int, ray: Any, multiple: int = 1) -> int:
    cpus = int(ray.cluster_resources().get("CPU", 1))
    tasks = max(1, cpus // threads) * _TASKS_PER_CPU
    size = max(1, math.ceil(n / tasks))
    return math.ceil(size / multiple) * multiple


def _count(n: object) -> int | None:
    """``n`` as a count of items to cut into tasks (an int of at least 1), else None."""
    if isinstance(n, (int, np.integer)) and not isinstance(n, bool) and n >= 1:
        return int(n)
    return None


def _simulate(
    name: str,
    rules: Any,
    options: dict[str, Any],
    *,
    address: str | None,
    task_size: int | None,
    retries: int | None,
) -> Any:
    local = getattr(_hf, name)
    progress = options.pop("progress")
    _check_progress(progress)
    threads = _positive(options.pop("threads"), "threads", 1)
    retries_n = _positive(retries, "retries", 3, minimum=0)
    size = None if task_size is None else _positive(task_size, "task_size", 1)
    start = options.pop("start")
    deals = options.pop("deals", None)
    mode = "games" if options.get("games") is not None else "hands"
    n = options.get(mode)
    if deals is not None:
        deals = np.asarray(deals)
        if deals.ndim != 2 or (options.get("hands") is not None and options["hands"] != len(deals)):
            local(rules, **dict(options, deals=deals, start=start, threads=1))  # its error
        n = len(deals)
        options["hands"] = None
    total = _count(n)
    if total is None:  # the local error, or the local empty result of hands=0
        return local(rules, **dict(options, deals=deals, start=start, threads=1))
    # Every argument checked by the local engine on the first and the last item, before
    # any task: the same errors as the local call, and nothing sent when one is wrong.
    first = 0 if start is None else start
    probe = None
    for at in (first, first + total - 1):
        one = dict(options, start=at, threads=1)
        if deals is not None:
            one.update(hands=1, deals=deals[at - first : at - first + 1])
        else:
            one[mode] = 1
        probe = local(rules, **one)
    if not options.get("stream"):
        _check_memory(probe, 1, total, mode)
    ray = _connect(address)
    size = size or _default_size(total, threads, ray)
    parts = []
    for a, count in _ranges(first, total, size):
        kwargs = dict(options, start=a, threads=threads)
        if deals is not None:
            kwargs.update(hands=None, deals=deals[a - first : a - first + count])
        else:
            kwargs[mode] = count
        parts.append(((rules,), kwargs, count))
    results = _run(
        name, parts, threads=threads, retries=retries_n, progress=progress, what=mode, ray=ray
    )
    return _writable(_hf.merge(results))


def simulate_hearts(
    rules: Any,
    *,
    hands: int | None = None,
    games: int | None = None,
    seed: int | None = None,
    policy: str | Sequence[str] | None = None,
    threads: int | None = None,
    deals: Any = None,
    stream: bool | None = None,
    progress: Progress = None,
    hand_limit: int | None = None,
    start: int | None = None,
    address: str | None = None,
    task_size: int | None = None,
    retries: int | None = None,
) -> HeartsSimulation:
    """``hearts_fast.simulate_hearts`` on a Ray cluster: the same result, cut into tasks of
    ``task_size`` hands (or games) of ``threads`` threads each (module docstring)."""
    options = dict(
        hands=hands, games=games, seed=seed, policy=policy, threads=threads, deals=deals,
        stream=stream, progress=progress, hand_limit=hand_limit, start=start,
    )  # fmt: skip
    result: HeartsSimulation = _simulate(
        "simulate_hearts", rules, options, address=address, task_size=task_size, retries=retries
    )
    return result


def simulate_spades(
    rules: Any,
    *,
    hands: int | None = None,
    games: int | None = None,
    seed: int | None = None,
    policy: str | Sequence[str] | None = None,
    threads: int | None = None,
    deals: Any = None,
    stream: bool | None = None,
    progress: Progress = None,
    hand_limit: int | None = None,
    start: int | None = None,
    address: str | None = None,
    task_size: int | None = None,
    retries: int | None = None,
) -> SpadesSimulation:
    """``hearts_fast.simulate_spades`` on a Ray cluster: the same result, cut into tasks of
    ``task_size`` hands (or games) of ``threads`` threads each (module docstring)."""
    options = dict(
        hands=hands, games=games, seed=seed, policy=policy, threads=threads, deals=deals,
        stream=stream, progress=progress, hand_limit=hand_limit, start=start,
    )  # fmt: skip
    result: SpadesSimulation = _simulate(
        "simulate_spades", rules, options, address=address, task_size=task_size, retries=retries
    )
    return result


def simulate_rummy(
    rules: Any,
    *,
    hands: int | None = None,
    games: int | None = None,
    seed: int | None = None,
    policy: str | Sequence[str] | None = None,
    threads: int | None = None,
    stream: bool | None = None,
    progress: Progress = None,
    hand_limit: int | None = None,
    start: int | None = None,
    address: str | None = None,
    task_size: int | None = None,
    retries: int | None = None,
) -> RummySimulation:
    """``hearts_fast.simulate_rummy`` on a Ray cluster: the same result, cut into tasks of
    ``task_size`` hands (or games) of ``threads`` threads each (module docstring)."""
    options = dict(
        hands=hands, games=games, seed=seed, policy=policy, threads=threads, stream=stream,
        progress=progress, hand_limit=hand_limit, start=start,
    )  # fmt: skip
    result: RummySimulation = _simulate(
        "simulate_rummy", rules, options, address=address, task_size=task_size, retries=retries
    )
    return result


def arena(
    rules: Any,
    policies: Mapping[str, Any],
    *,
    deals: int | None = None,
    games: int | None = None,
    seed: int | None = None,
    threads: int | None = None,
    hand_limit: int | None = None,
    start: int | None = None,
    progress: Progress = None,
    address: str | None = None,
    task_size: int | None = None,
    retries: int | None = None,
) -> ArenaResult:
    """``hearts_fast.arena`` on a Ray cluster: the same ranking, its deals (or games) cut
    into tasks of ``task_size`` of ``threads`` threads each (module docstring)."""
    _check_progress(progress)
    nthreads = _positive(threads, "threads", 1)
    retries_n = _positive(retries, "retries", 3, minimum=0)
    size = None if task_size is None else _positive(task_size, "task_size", 1)
    mode = "games" if games is not None else "deals"
    n = games if games is not None else (1000 if deals is None else deals)
    options = dict(deals=deals, games=games, seed=seed, hand_limit=hand_limit)
    first = 0 if start is None else start
    total = _count(n)
    if total is None or (deals is not None and games is not None):
        return _hf.arena(rules, policies, **options, start=start, threads=1)  # its error
    for at in (first, first + total - 1):  # every argument checked before any task
        _hf.arena(rules, policies, **dict(options, **{mode: 1}), start=at, threads=1)
    ray = _connect(address)
    size = size or _default_size(total, nthreads, ray)
    parts = [
        (
            (rules, dict(policies)),
            dict(options, **{mode: count}, start=a, threads=nthreads),
            count,
        )
        for a, count in _ranges(first, total, size)
    ]
    results = _run(
        "arena", parts, threads=nthreads, retries=retries_n, progress=progress, what=mode, ray=ray
    )
    merged: ArenaResult = _hf.merge(results)
    return merged


def solve_batch(
    states: Sequence[Any],
    *,
    seat: int | None = None,
    objective: str | None = None,
    threads: int | None = None,
    progress: Progress = None,
    address: str | None = None,
    task_size: int | None = None,
    retries: int | None = None,
) -> SolveBatch:
    """``hearts_fast.solve_batch`` on a Ray cluster: the same arrays, the states cut into
    consecutive slices of ``task_size`` (rounded up to a multiple of 8, so that ``nodes``
    merges exactly) solved with ``threads`` threads each (module docstring). Every state is
    checked here first: a bad one fails the call, naming its index, before any solving."""
    _check_progress(progress)
    nthreads = _positive(threads, "threads", 1)
    retries_n = _positive(retries, "retries", 3, minimum=0)
    size = None if task_size is None else _positive(task_size, "task_size", 1)
    from hearts_fast import _core

    _core._check_solve_batch(states, seat=seat, objective=objective)  # solve_batch's errors
    states = list(states)
    seats = None if seat is None or isinstance(seat, (int, np.integer)) else list(seat)
    ray = _connect(address)
    size = _default_size(len(states), nthreads, ray, multiple=8) if size is None else size
    size = math.ceil(size / 8) * 8
    parts = [
        (
            (states[a : a + count],),
            dict(
                seat=seat if seats is None else seats[a : a + count],
                objective=objective,
                threads=nthreads,
            ),
            count,
        )
        for a, count in _ranges(0, len(states), size)
    ]
    results = _run(
        "solve_batch",
        parts,
        threads=nthreads,
        retries=retries_n,
        progress=progress,
        what="states",
        ray=ray,
    )
    merged: SolveBatch = _hf.merge(results)
    return merged
