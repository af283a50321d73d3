"""asv benchmarks for Spades and rummy batches through Python."""

from __future__ import annotations

from typing import Any, ClassVar

import hearts_fast as hf

SPADES = hf.SpadesRules.preset("openspiel")
RUMMY = hf.RummyRules()


class TimeSpades:
    """Random Spades hands (random bids and play) and heuristic games."""

    params: ClassVar[list[Any]] = [[100_000, 1_000_000], [1, 2]]
    param_names: ClassVar[list[str]] = ["hands", "threads"]

    def time_random_hands(self, hands: int, threads: int) -> None:
        hf.simulate_spades(SPADES, hands=hands, seed=1, threads=threads)

    def time_stream(self, hands: int, threads: int) -> None:
        hf.simulate_spades(SPADES, hands=hands, seed=1, threads=threads, stream=True)

    def time_heuristic_hands(self, hands: int, threads: int) -> None:
        hf.simulate_spades(SPADES, hands=hands // 20, seed=1, threads=threads, policy="heuristic")


class TimeRummy:
    """Complete greedy rummy hands (the defaults of docs/rules/rummy.md)."""

    params: ClassVar[list[int]] = [1, 2]
    param_names: ClassVar[list[str]] = ["threads"]

    def time_greedy_2000_hands(self, threads: int) -> None:
        hf.simulate_rummy(RUMMY, hands=2000, seed=1, threads=threads)

    def time_random_200_hands(self, threads: int) -> None:
        hf.simulate_rummy(RUMMY, hands=200, seed=1, threads=threads, policy="random")
