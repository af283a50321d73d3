"""asv benchmarks for rummy batches through Python (Spades hands: bench_hands)."""

from __future__ import annotations

from typing import ClassVar

import hearts_fast as hf

RUMMY = hf.RummyRules()


class TimeRummy:
    """Complete greedy rummy hands (the defaults of docs/rules/rummy.md)."""

    params: ClassVar[list[int]] = [1, 2]
    param_names: ClassVar[list[str]] = ["threads"]

    def time_greedy_2000_hands(self, threads: int) -> None:
        hf.simulate_rummy(RUMMY, hands=2000, seed=1, threads=threads)

    def time_random_200_hands(self, threads: int) -> None:
        hf.simulate_rummy(RUMMY, hands=200, seed=1, threads=threads, policy="random")
