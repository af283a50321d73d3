"""hearts-fast against OpenSpiel on the same machine, in one run: random 4-player hands
under OpenSpiel's default rules, which the ``openspiel`` presets reproduce. Hearts (the
default): deal, random pass, random play. Spades (``--game spades``): deal, random bids,
random play (OpenSpiel's ``spades`` plays one hand).

    pip install open_spiel          # optional dependency (extra "compare")
    python benchmarks/compare_openspiel.py [--game hearts|spades] [--repeats 5]

Measured, each on one thread:
- hearts-fast ``simulate_hearts``/``simulate_spades(rules, hands=N, threads=1)`` (and
  threads=2 for scaling),
- OpenSpiel ``pyspiel.evaluate_bots`` with uniform random bots (the C++ game loop),
- OpenSpiel's Python loop (``legal_actions`` / ``apply_action``, chance nodes sampled).
Prints the median hands/s of the repeats and the ratios.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

import hearts_fast as hf

try:
    import pyspiel
except ImportError as e:  # pragma: no cover - optional dependency
    raise SystemExit("compare_openspiel.py needs OpenSpiel: pip install open_spiel") from e


def rate(fn: Callable[[], int]) -> float:
    start = time.perf_counter()
    n = fn()
    return n / (time.perf_counter() - start)


def hearts_fast_hands(
    n: int, threads: int, policy: str = "random", game: str = "hearts"
) -> Callable[[], int]:
    if game == "spades":
        srules = hf.SpadesRules.preset("openspiel")

        def run_spades() -> int:
            hf.simulate_spades(srules, hands=n, seed=7, threads=threads, policy=policy)
            return n

        return run_spades
    rules = hf.HeartsRules.preset("openspiel")

    def run() -> int:
        hf.simulate_hearts(rules, hands=n, seed=7, threads=threads, policy=policy)
        return n

    return run


def openspiel_evaluate_bots(n: int, name: str = "hearts") -> Callable[[], int]:
    game = pyspiel.load_game(name)

    def run() -> int:
        bots = [pyspiel.make_uniform_random_bot(p, 1234 + p) for p in range(4)]
        for i in range(n):
            pyspiel.evaluate_bots(game.new_initial_state(), bots, i)
        return n

    return run


def openspiel_python_loop(n: int, name: str = "hearts") -> Callable[[], int]:
    game = pyspiel.load_game(name)
    rng = random.Random(5)

    def run() -> int:
        for _ in range(n):
            s = game.new_initial_state()
            while not s.is_terminal():
                if s.is_chance_node():
                    actions, probs = zip(*s.chance_outcomes())
                    s.apply_action(rng.choices(actions, probs)[0])
                else:
                    s.apply_action(rng.choice(s.legal_actions()))
        return n

    return run


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--game", choices=["hearts", "spades"], default="hearts")
    p.add_argument("--repeats", type=int, default=5)
    p.add_argument("--hands", type=int, default=4_000_000, help="hearts-fast hands per repeat")
    p.add_argument("--os-hands", type=int, default=20_000, help="OpenSpiel evaluate_bots hands")
    p.add_argument("--py-hands", type=int, default=1_000, help="OpenSpiel Python-loop hands")
    a = p.parse_args()
    runs: dict[str, list[float]] = {}
    g = a.game
    fn_name = f"simulate_{g}"
    heuristic_hands = a.hands // 4 if g == "hearts" else a.hands // 20
    cases = {
        f"hearts-fast {fn_name}, 1 thread": hearts_fast_hands(a.hands, 1, game=g),
        f"hearts-fast {fn_name}, 2 threads": hearts_fast_hands(a.hands, 2, game=g),
        "hearts-fast heuristic policy, 1 thread": hearts_fast_hands(
            heuristic_hands, 1, "heuristic", game=g
        ),
        "OpenSpiel evaluate_bots (C++ loop), 1 thread": openspiel_evaluate_bots(a.os_hands, g),
        "OpenSpiel Python loop, 1 thread": openspiel_python_loop(a.py_hands, g),
    }
    for _ in range(a.repeats):  # interleaved, so drift hits every case alike
        for name, fn in cases.items():
            runs.setdefault(name, []).append(rate(fn))
    med = {k: statistics.median(v) for k, v in runs.items()}
    base = med["OpenSpiel evaluate_bots (C++ loop), 1 thread"]
    one = med[f"hearts-fast {fn_name}, 1 thread"]
    print(f"{g}: random 4-player hands, OpenSpiel default rules / the openspiel preset")
    print(f"{'case':48} {'median hands/s':>16} {'vs evaluate_bots':>17}   runs")
    for k, v in med.items():
        runs_txt = " ".join(f"{x:,.0f}" for x in runs[k])
        print(f"{k:48} {v:16,.0f} {v / base:16,.1f}x   {runs_txt}")
    two = med[f"hearts-fast {fn_name}, 2 threads"]
    print(f"\nthread scaling (2 threads / 1 thread): {two / one:.2f}x")
    ratios = [
        f / o
        for f, o in zip(
            runs[f"hearts-fast {fn_name}, 1 thread"],
            runs["OpenSpiel evaluate_bots (C++ loop), 1 thread"],
        )
    ]
    print(
        "per-repeat ratio hearts-fast 1 thread / evaluate_bots: "
        f"median {statistics.median(ratios):,.1f}x "
        f"(min {min(ratios):,.1f}x, max {max(ratios):,.1f}x)"
    )


if __name__ == "__main__":
    main()
