"""World sampling speed: ``sample_deals`` (docs/information.md) on fixed, seeded mid-hand
positions, worlds per second on one thread.

    python benchmarks/sample_speed.py [--game hearts|spades|both] [--positions 5]
        [--worlds 1000000] [--tricks 4] [--repeats 5] [--threads 1] [--json]

Each position: a batch hand (``from_batch``, default rules), the passes or bids of the
heuristic policy, then random legal plays until ``--tricks`` tricks are complete (a trick
boundary: mid-hand, some voids usually shown); the observer is the seat to move. Each
``sample_deals(info, worlds, threads=…)`` call is timed with ``time.perf_counter`` (one
untimed warm-up call first) and the median of ``--repeats`` calls per position is reported,
with the median over the positions; the time includes filling the numpy array.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from typing import Any

import hearts_fast as hf


def position(game: str, seed: int, tricks: int) -> Any:
    """A mid-hand observation: the seat to move after ``tricks`` random tricks."""
    rng = random.Random(seed)
    if game == "hearts":
        s: Any = hf.HeartsState.from_batch(hf.HeartsRules(), seed, 0)
    else:
        s = hf.SpadesState.from_batch(hf.SpadesRules(), seed, 0)
    bot = hf.Policy("heuristic")
    while s.phase in ("pass", "bid"):
        bot.act(s)
    while s.phase == "play" and len(s.trick_winners) < tricks:
        s.play(rng.choice(s.legal_plays()))
    return s.observation(s.current_player)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", choices=["hearts", "spades", "both"], default="both")
    ap.add_argument("--positions", type=int, default=5)
    ap.add_argument("--worlds", type=int, default=1_000_000)
    ap.add_argument("--tricks", type=int, default=4)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    out = {}
    for game in ["hearts", "spades"] if a.game == "both" else [a.game]:
        rates = []
        for p in range(a.positions):
            info = position(game, 1000 + p, a.tricks)
            hf.sample_deals(info, min(a.worlds, 10_000), seed=0, threads=a.threads)
            times = []
            for r in range(a.repeats):
                t = time.perf_counter()
                hf.sample_deals(info, a.worlds, seed=r, threads=a.threads)
                times.append(time.perf_counter() - t)
            rate = a.worlds / statistics.median(times)
            rates.append(rate)
            if not a.json:
                print(
                    f"{game} position {p}: {info.count_worlds():.3e} worlds agree, "
                    f"{rate / 1e6:.2f} M worlds/s (median of {a.repeats})"
                )
        out[game] = statistics.median(rates)
        if not a.json:
            print(f"{game}: median {out[game] / 1e6:.2f} M worlds/s on {a.threads} thread(s)")
    if a.json:
        print(json.dumps(out))


if __name__ == "__main__":
    main()
