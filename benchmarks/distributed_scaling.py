"""Scaling of hearts_fast.distributed on this machine: the same streamed batch run locally on
one thread, then on a local Ray cluster of 1 and of 2 workers (one CPU each), with the
projected cost of a 10^11-hand study from the measured per-core rate.

    python benchmarks/distributed_scaling.py [--game hearts|spades] [--hands N] [--repeat R]

Each figure is the median of ``--repeat`` runs of the call alone (the cluster is started
before the clock and kept between runs). The three results are checked equal before
anything is printed.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

import hearts_fast as hf


def median_seconds(run: Callable[[], Any], repeat: int) -> tuple[float, Any]:
    times, result = [], None
    for _ in range(repeat):
        t = time.perf_counter()
        result = run()
        times.append(time.perf_counter() - t)
    return statistics.median(times), result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=["hearts", "spades"], default="hearts")
    parser.add_argument("--hands", type=int, default=50_000_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--study", type=float, default=1e11, help="hands of the projected study")
    args = parser.parse_args()

    import ray

    from hearts_fast import distributed

    rules: Any = hf.HeartsRules() if args.game == "hearts" else hf.SpadesRules()
    local_fn = hf.simulate_hearts if args.game == "hearts" else hf.simulate_spades
    dist_fn = distributed.simulate_hearts if args.game == "hearts" else distributed.simulate_spades
    n = args.hands

    local_s, local = median_seconds(
        lambda: local_fn(rules, hands=n, seed=1, stream=True, threads=1), args.repeat
    )
    rows = [("local, 1 thread", local_s)]
    for workers in (1, 2):
        ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
        dist_fn(rules, hands=1000, seed=1, stream=True)  # workers started and warm
        s, got = median_seconds(
            lambda: dist_fn(rules, hands=n, seed=1, stream=True, task_size=n // 16),
            args.repeat,
        )
        ray.shutdown()
        assert all(
            (got[k] == local[k]).all() if hasattr(got[k], "all") else got[k] == local[k]
            for k in local
        ), "distributed result differs from the local one"
        rows.append((f"Ray, {workers} worker{'s' * (workers > 1)}", s))

    print(f"{args.game}: {n:,} random hands, stream=True, median of {args.repeat}")
    print(f"{'run':<18} {'seconds':>9} {'hands/s':>14} {'vs local':>9}")
    for name, s in rows:
        print(f"{name:<18} {s:9.2f} {n / s:14,.0f} {local_s / s:9.2f}x")
    one, two = rows[1][1], rows[2][1]
    print(f"2 workers / 1 worker: {one / two:.2f}x")
    per_core = n / two / 2
    hours = args.study / per_core / 3600
    print(
        f"projection: {args.study:.0e} hands at {per_core:,.0f} hands/s per core = "
        f"{hours:,.1f} core-hours ({hours / 64:,.2f} h on 64 cores)"
    )


if __name__ == "__main__":
    main()
