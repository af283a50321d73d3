"""Two builds of hearts-fast side by side: the same batch workloads timed in turn in two Python
interpreters (for example a virtual environment with the previous commit installed and one with
the current tree), A B A B ..., one thread, and each workload's median rate per build with the
median of the paired ratios B/A.

    python benchmarks/compare_builds.py --a /path/to/venv-old/bin/python \\
        --b /path/to/venv-new/bin/python [--repeats 7]

Each run is a fresh process that imports the package, warms up with a small batch, then times
one call with ``time.perf_counter`` (the rate excludes the import). The workloads are the ones
benchmarks/RESULTS.md quotes: random Hearts hands (openspiel preset and default rules), random
Hearts games, heuristic Hearts hands and games (default rules), random Spades hands (openspiel
preset), heuristic Spades hands and games (default rules), greedy rummy hands (default rules);
``--only TEXT`` keeps the workloads whose name contains TEXT.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess

WORKLOADS: dict[str, str] = {
    "Hearts random hands/s": (
        "r = hf.HeartsRules.preset('openspiel'); n = 4_000_000\n"
        "hf.simulate_hearts(r, hands=10_000, seed=1, threads=1)\n"
        "t = time.perf_counter(); hf.simulate_hearts(r, hands=n, seed=1, threads=1)"
    ),
    "Hearts random hands/s (default rules)": (
        "r = hf.HeartsRules(); n = 4_000_000\n"
        "hf.simulate_hearts(r, hands=10_000, seed=1, threads=1)\n"
        "t = time.perf_counter(); hf.simulate_hearts(r, hands=n, seed=1, threads=1)"
    ),
    "Hearts random games/s": (
        "r = hf.HeartsRules(); n = 200_000\n"
        "hf.simulate_hearts(r, games=1_000, seed=1, threads=1)\n"
        "t = time.perf_counter(); hf.simulate_hearts(r, games=n, seed=1, threads=1)"
    ),
    "Spades random hands/s": (
        "r = hf.SpadesRules.preset('openspiel'); n = 4_000_000\n"
        "hf.simulate_spades(r, hands=10_000, seed=1, threads=1)\n"
        "t = time.perf_counter(); hf.simulate_spades(r, hands=n, seed=1, threads=1)"
    ),
    "Spades heuristic hands/s": (
        "r = hf.SpadesRules(); n = 1_000_000\n"
        "hf.simulate_spades(r, hands=10_000, seed=1, threads=1, policy='heuristic')\n"
        "t = time.perf_counter(); hf.simulate_spades(r, hands=n, seed=1, threads=1,"
        " policy='heuristic')"
    ),
    "Spades heur. games/s": (
        "r = hf.SpadesRules(); n = 20_000\n"
        "hf.simulate_spades(r, games=500, seed=1, threads=1, policy='heuristic')\n"
        "t = time.perf_counter(); hf.simulate_spades(r, games=n, seed=1, threads=1,"
        " policy='heuristic')"
    ),
    "Hearts heuristic hands/s": (
        "r = hf.HeartsRules(); n = 2_000_000\n"
        "hf.simulate_hearts(r, hands=10_000, seed=1, threads=1, policy='heuristic')\n"
        "t = time.perf_counter(); hf.simulate_hearts(r, hands=n, seed=1, threads=1,"
        " policy='heuristic')"
    ),
    "Hearts heur. games/s": (
        "r = hf.HeartsRules(); n = 100_000\n"
        "hf.simulate_hearts(r, games=1_000, seed=1, threads=1, policy='heuristic')\n"
        "t = time.perf_counter(); hf.simulate_hearts(r, games=n, seed=1, threads=1,"
        " policy='heuristic')"
    ),
    "rummy greedy hands/s": (
        "r = hf.RummyRules(); n = 20_000\n"
        "hf.simulate_rummy(r, hands=500, seed=1, threads=1)\n"
        "t = time.perf_counter(); hf.simulate_rummy(r, hands=n, seed=1, threads=1)"
    ),
}


def rate(python: str, body: str) -> float:
    code = (
        "import json, time\nimport hearts_fast as hf\n"
        + body
        + "\nprint(json.dumps(n / (time.perf_counter() - t)))"
    )
    out = subprocess.run([python, "-c", code], check=True, capture_output=True, text=True)
    return float(json.loads(out.stdout.strip().splitlines()[-1]))


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--a", required=True, help="the baseline build's Python interpreter")
    p.add_argument("--b", required=True, help="the build under test's Python interpreter")
    p.add_argument("--repeats", type=int, default=7)
    p.add_argument("--only", default="", help="only the workloads whose name contains this")
    args = p.parse_args()
    print(f"{'workload':38} {'A median':>12} {'B median':>12} {'B/A (median of pairs)':>24}")
    for name, body in WORKLOADS.items():
        if args.only not in name:
            continue
        a_runs, b_runs = [], []
        for _ in range(args.repeats):
            a_runs.append(rate(args.a, body))
            b_runs.append(rate(args.b, body))
        ratios = sorted(b / a for a, b in zip(a_runs, b_runs))
        print(
            f"{name:38} {statistics.median(a_runs):12,.0f} {statistics.median(b_runs):12,.0f}"
            f" {statistics.median(ratios):12.3f} ({ratios[0]:.3f}–{ratios[-1]:.3f})"
        )


if __name__ == "__main__":
    main()
