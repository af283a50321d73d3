"""Greedy rummy speed of several builds side by side: each argument a folder holding a
``hearts_fast`` package (for example a copy of ``python/`` with another build's
``_core.abi3.so``), timed in turn A B A B ... in fresh processes, one thread, the default
rules; each build's median rate and the median of its paired ratios to the first build.

    python benchmarks/rummy_builds.py /tmp/old /tmp/new [--hands 20000] [--repeats 7]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys


def rate(folder: str, hands: int) -> float:
    code = (
        "import time\nimport hearts_fast as hf\nr = hf.RummyRules()\n"
        "hf.simulate_rummy(r, hands=500, seed=1, threads=1)\nt = time.perf_counter()\n"
        f"hf.simulate_rummy(r, hands={hands}, seed=1, threads=1)\n"
        f"print({hands} / (time.perf_counter() - t))"
    )
    env = {**os.environ, "PYTHONPATH": folder}
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, check=True, capture_output=True, text=True
    )
    return float(out.stdout.split()[-1])


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("folders", nargs="+")
    p.add_argument("--hands", type=int, default=20_000)
    p.add_argument("--repeats", type=int, default=7)
    a = p.parse_args()
    runs: dict[str, list[float]] = {f: [] for f in a.folders}
    for _ in range(a.repeats):
        for f in a.folders:
            runs[f].append(rate(f, a.hands))
    first = runs[a.folders[0]]
    for f, r in runs.items():
        ratio = statistics.median(b / x for x, b in zip(first, r))
        print(
            f"{f:32} median {statistics.median(r):10,.0f} hands/s   /first {ratio:.2f}   "
            + " ".join(f"{x:,.0f}" for x in r)
        )


if __name__ == "__main__":
    main()
