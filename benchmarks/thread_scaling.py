"""Random hands on one thread and on two, in one process, taken in turn (1 2 1 2 ...): each
game's median rate on each and the 2-thread/1-thread ratio of the medians, and the process CPU
time of each call (equal CPU times on 1 and 2 threads: the split adds no work, and a wall ratio
below 2 is the host not running both threads at once).

    python benchmarks/thread_scaling.py [--hands 8000000] [--repeats 5] [--preset openspiel]
"""

from __future__ import annotations

import argparse
import resource
import statistics
import time
from typing import Any, Callable

import hearts_fast as hf


def cpu_seconds() -> float:
    """User plus system CPU time of this process so far (every thread)."""
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--hands", type=int, default=8_000_000)
    p.add_argument("--repeats", type=int, default=5)
    p.add_argument("--preset", default="openspiel", help="the rules preset of both games")
    args = p.parse_args()
    games: dict[str, tuple[Callable[..., Any], Any]] = {
        "Hearts": (hf.simulate_hearts, hf.HeartsRules.preset(args.preset)),
        "Spades": (hf.simulate_spades, hf.SpadesRules.preset(args.preset)),
    }
    for name, (simulate, rules) in games.items():
        simulate(rules, hands=100_000, seed=1, threads=2)
        times: dict[int, list[float]] = {1: [], 2: []}
        cpu: dict[int, list[float]] = {1: [], 2: []}
        for _ in range(args.repeats):
            for threads in (1, 2):
                c, t = cpu_seconds(), time.perf_counter()
                simulate(rules, hands=args.hands, seed=1, threads=threads, stream=True)
                times[threads].append(time.perf_counter() - t)
                cpu[threads].append(cpu_seconds() - c)
        rate = {k: args.hands / statistics.median(v) for k, v in times.items()}
        work = {k: statistics.median(v) for k, v in cpu.items()}
        print(
            f"{name:7} 1 thread {rate[1]:>12,.0f} hands/s   2 threads {rate[2]:>12,.0f} hands/s"
            f"   ratio {rate[2] / rate[1]:.2f}   CPU s {work[1]:.2f} / {work[2]:.2f}"
        )


if __name__ == "__main__":
    main()
