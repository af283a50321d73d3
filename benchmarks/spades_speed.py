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
    rules = hf.SpadesRules() if a.rules == "default" else hf.SpadesRules.preset("openspiel")

    def random_hands() -> int:
        hf.simulate_spades(rules, hands=a.hands, seed=1, threads=1, policy="random")
        return a.hands

    def heuristic_hands() -> int:
        hf.simulate_spades(rules, hands=a.hands, seed=1, threads=1, policy="heuristic")
        return a.hands

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
    for f in runs.values():
        f()  # warm-up
    for _ in range(a.repeat):
        for k, f in runs.items():
            t = time.perf_counter()
            n = f()
            rates[k].append(n / (time.perf_counter() - t))
    med = {k: statistics.median(v) for k, v in rates.items()}
    print(
        f"rules={a.rules} hands={a.hands} games={a.games} repeat={a.repeat} "
        f"load={os.getloadavg()[0]:.2f}"
    )
    for k, v in med.items():
        line = f"{k:16s} {v:12,.0f} hands/s  ({v / med['random hands']:.3f}x random hands"
        if k == "heuristic games":
            line += f", {v / med['heuristic hands']:.3f}x heuristic hands"
        print(line + ")")


if __name__ == "__main__":
    main()
