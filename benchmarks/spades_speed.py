"""Spades batch speed on one thread, from Python: random hands (the lane kernel, the peer),
heuristic hands and heuristic whole games, all in one process so that the ratios hold on a
loaded machine (issue #16).

    python benchmarks/spades_speed.py [--hands 2000000] [--games 20000] [--repeat 5]
        [--rules default|openspiel]

Each figure is the median of ``--repeat`` timed calls (after one warm-up call each), in
the order random hands, heuristic hands, heuristic games, repeated round-robin so that
load changes hit all three alike. Games are counted in hands played (``hands_played``
summed), so "games / hands" is the games mode's rate against the hands mode's.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from typing import Any

import hearts_fast as hf


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--hands", type=int, default=2_000_000)
    ap.add_argument("--games", type=int, default=20_000)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--rules", choices=["default", "openspiel"], default="default")
    ap.add_argument("--no-games", action="store_true", help="hands only (older builds)")
    a = ap.parse_args()
    hands: int = a.hands
    rules = hf.SpadesRules() if a.rules == "default" else hf.SpadesRules.preset("openspiel")

    def random_hands() -> int:
        hf.simulate_spades(rules, hands=hands, seed=1, threads=1, policy="random")
        return hands

    def heuristic_hands() -> int:
        hf.simulate_spades(rules, hands=hands, seed=1, threads=1, policy="heuristic")
        return hands

    def heuristic_games() -> int:
        g: Any = hf.simulate_spades(rules, games=a.games, seed=1, threads=1, policy="heuristic")
        return int(g["hands_played"].sum())

    runs = {
        "random hands": random_hands,
        "heuristic hands": heuristic_hands,
    }
    if not a.no_games:
        runs["heuristic games"] = heuristic_games
    rates: dict[str, list[float]] = {k: [] for k in runs}
    cpu_rates: dict[str, list[float]] = {k: [] for k in runs}
    for f in runs.values():
        f()  # warm-up
    for _ in range(a.repeat):
        for k, f in runs.items():
            t, c = time.perf_counter(), time.process_time()
            n = f()
            rates[k].append(n / (time.perf_counter() - t))
            cpu_rates[k].append(n / (time.process_time() - c))
    print(
        f"rules={a.rules} hands={a.hands} games={a.games} repeat={a.repeat} "
        f"load={os.getloadavg()[0]:.2f}"
    )
    # Wall-clock rate, and the rate per CPU-second of the process (the one worker thread
    # plus the caller waiting on it): the second is less sensitive to other work on the
    # machine.
    for what, r in (("wall", rates), ("cpu", cpu_rates)):
        med = {k: statistics.median(v) for k, v in r.items()}
        for k, v in med.items():
            line = f"{what:4s} {k:16s} {v:12,.0f} hands/s  ({v / med['random hands']:.3f}x random"
            if k == "heuristic games":
                line += f", {v / med['heuristic hands']:.3f}x heuristic hands"
            print(line + ")")


if __name__ == "__main__":
    main()
