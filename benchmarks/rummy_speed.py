"""Greedy rummy batch speed from Python: complete hands per second on one thread (and two),
the median of interleaved repeats. the default rules of docs/rules/rummy.md, 4 players.

    python benchmarks/rummy_speed.py [--hands 20000] [--repeats 7]
"""

from __future__ import annotations

import argparse
import statistics
import time

import hearts_fast as hf


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--hands", type=int, default=20_000)
    p.add_argument("--repeats", type=int, default=7)
    a = p.parse_args()
    rules = hf.RummyRules()
    runs: dict[str, list[float]] = {}
    cases = {
        "greedy, 1 thread": ("greedy", 1, a.hands),
        "greedy, 2 threads": ("greedy", 2, a.hands),
        "random, 1 thread": ("random", 1, a.hands // 10),
    }
    for _ in range(a.repeats):
        for name, (policy, threads, n) in cases.items():
            start = time.perf_counter()
            out = hf.simulate_rummy(rules, hands=n, seed=1, policy=policy, threads=threads)
            runs.setdefault(name, []).append(n / (time.perf_counter() - start))
            assert out["turns"].shape == (n,)
    print(f"{'case':20} {'median hands/s':>15}   runs")
    for name, r in runs.items():
        print(f"{name:20} {statistics.median(r):15,.0f}   " + " ".join(f"{x:,.0f}" for x in r))


if __name__ == "__main__":
    main()
