"""Hearts whole games against hands, in one process, one thread: games/s and the hands/s
they play, next to random hands/s (the hand kernel) and heuristic hands/s, each the median
of ``--repeats`` runs taken in turn (A B C A B C ...), so the ratios are inside one command.

    PYTHONPATH=python python3 benchmarks/games_speed.py [--games 200000] [--hands 2000000]
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any, Callable

import hearts_fast as hf


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=200_000)
    p.add_argument("--hands", type=int, default=2_000_000)
    p.add_argument("--repeats", type=int, default=5)
    p.add_argument("--preset", default=None, help="a HeartsRules preset (default rules if unset)")
    args = p.parse_args()
    rules = hf.HeartsRules.preset(args.preset) if args.preset else hf.HeartsRules()
    hands_in_games: dict[str, int] = {}

    def games(policy: str) -> Callable[[], float]:
        def run() -> float:
            t = time.perf_counter()
            res: Any = hf.simulate_hearts(rules, games=args.games, seed=1, threads=1, policy=policy)
            dt = time.perf_counter() - t
            hands_in_games[policy] = int(res["hands_played"].sum())
            return dt

        return run

    def hands(policy: str) -> Callable[[], float]:
        def run() -> float:
            t = time.perf_counter()
            hf.simulate_hearts(rules, hands=args.hands, seed=1, threads=1, policy=policy)
            return time.perf_counter() - t

        return run

    work = {
        "games random": games("random"),
        "hands random": hands("random"),
        "games heuristic": games("heuristic"),
        "hands heuristic": hands("heuristic"),
    }
    hf.simulate_hearts(rules, games=1000, seed=1, threads=1)
    hf.simulate_hearts(rules, hands=10_000, seed=1, threads=1)
    times: dict[str, list[float]] = {k: [] for k in work}
    for _ in range(args.repeats):
        for k, f in work.items():
            times[k].append(f())
    med = {k: statistics.median(v) for k, v in times.items()}
    rate: dict[str, float] = {}
    for k, dt in med.items():
        if k.startswith("games"):
            policy = k.split()[1]
            n_hands = hands_in_games[policy]
            rate[k] = n_hands / dt
            print(
                f"{k:16} {args.games / dt:12,.0f} games/s {rate[k]:12,.0f} hands/s "
                f"({n_hands / args.games:.2f} hands a game; median {dt:.3f} s)"
            )
        else:
            rate[k] = args.hands / dt
            print(f"{k:16} {'':21} {rate[k]:12,.0f} hands/s (median {dt:.3f} s)")
    for policy in ("random", "heuristic"):
        r = rate[f"games {policy}"] / rate[f"hands {policy}"]
        print(f"games/hands hands-rate ratio, {policy}: {r:.2f}")
    print(f"heuristic/random hands ratio: {rate['hands heuristic'] / rate['hands random']:.2f}")


if __name__ == "__main__":
    main()
