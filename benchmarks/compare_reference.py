"""Side by side: random 4-player hands (default rules, deal, random pass or bids, random
play) with the Rust engine's batch simulator and with the pure-Python reference engine, in
one process on the same machine. Prints hands/s for each and the ratio.

    python benchmarks/compare_reference.py [--game hearts|spades] [--hands N] [--ref-hands M]

The reference's speed bounds what the differential tests can afford: its Spades random hand
was once held under 5 ms by a timed test, which this script now measures instead.
"""

from __future__ import annotations

import argparse
import random
import time

import hearts_fast as hf
import hearts_fast.reference as ref


def reference_hands(n: int, seed: int) -> float:
    rules = ref.HeartsRules()
    rng = random.Random(seed)
    start = time.perf_counter()
    for i in range(n):
        s = ref.HeartsState(rules, seed=seed + i, dealer=i % 4)
        for seat in s.pending_passes():
            s.pass_cards(seat, rng.sample(s.hands[seat], s.pass_count))
        while s.phase == "play":
            s.play(rng.choice(s.legal_plays()))
    return time.perf_counter() - start


def reference_spades_hands(n: int, seed: int) -> float:
    rules = ref.SpadesRules()
    rng = random.Random(seed)
    start = time.perf_counter()
    for i in range(n):
        s = ref.SpadesState(rules, seed=seed + i, dealer=i % 4)
        while s.phase == "bid":
            s.bid(rng.choice(s.legal_bids()))
        while s.phase == "play":
            s.play(rng.choice(s.legal_plays()))
    return time.perf_counter() - start


def rust_hands(n: int, seed: int) -> float:
    start = time.perf_counter()
    hf.simulate_hearts(hf.HeartsRules(), hands=n, seed=seed)
    return time.perf_counter() - start


def rust_spades_hands(n: int, seed: int) -> float:
    start = time.perf_counter()
    hf.simulate_spades(hf.SpadesRules(), hands=n, seed=seed)
    return time.perf_counter() - start


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--hands", type=int, default=1_000_000)
    p.add_argument("--ref-hands", type=int, default=2_000)
    p.add_argument("--game", choices=["hearts", "spades"], default="hearts")
    a = p.parse_args()
    spades = a.game == "spades"
    t_ref = (reference_spades_hands if spades else reference_hands)(a.ref_hands, 1)
    t_rust = (rust_spades_hands if spades else rust_hands)(a.hands, 1)
    r_ref, r_rust = a.ref_hands / t_ref, a.hands / t_rust
    print(f"{a.game} random hands")
    print(f"reference (pure Python): {r_ref:12,.0f} hands/s ({a.ref_hands} hands)")
    print(f"hearts-fast simulate:    {r_rust:12,.0f} hands/s ({a.hands} hands)")
    print(f"ratio: {r_rust / r_ref:,.0f}x")


if __name__ == "__main__":
    main()
