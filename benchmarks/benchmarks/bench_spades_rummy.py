"""asv benchmarks for Spades and rummy batches through Python."""

from __future__ import annotations

from typing import ClassVar

import hearts_fast as hf

from ._hands import _TrickHands

SPADES = hf.SpadesRules.preset("openspiel")
RUMMY = hf.RummyRules()


class TimeSpades(_TrickHands):
    """Random Spades hands (random bids and play) and heuristic hands."""

    simulate = staticmethod(hf.simulate_spades)
    rules = SPADES
    heuristic_share = 20


class TimeRummy:
    """Complete greedy rummy hands (the defaults of docs/rules/rummy.md)."""

    params: ClassVar[list[int]] = [1, 2]
    param_names: ClassVar[list[str]] = ["threads"]

    def time_greedy_2000_hands(self, threads: int) -> None:
        hf.simulate_rummy(RUMMY, hands=2000, seed=1, threads=threads)

    def time_random_200_hands(self, threads: int) -> None:
        hf.simulate_rummy(RUMMY, hands=200, seed=1, threads=threads, policy="random")
