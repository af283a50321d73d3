"""The hand batches both trick games are benchmarked on (asv discovers the public subclasses
in bench_hearts and bench_spades_rummy; this private base is not a benchmark itself)."""

from __future__ import annotations

from typing import Any, Callable, ClassVar


class _TrickHands:
    """Random hands, streamed or not, and heuristic hands (the ``heuristic_share``-th part of
    the count: the heuristic is slower), by hand count and threads. A subclass sets
    ``simulate``, ``rules`` and ``heuristic_share``."""

    params: ClassVar[list[Any]] = [[100_000, 1_000_000], [1, 2]]
    param_names: ClassVar[list[str]] = ["hands", "threads"]
    simulate: ClassVar[Callable[..., Any]]
    rules: ClassVar[Any]
    heuristic_share: ClassVar[int]

    def time_random(self, hands: int, threads: int) -> None:
        self.simulate(self.rules, hands=hands, seed=1, threads=threads)

    def time_heuristic(self, hands: int, threads: int) -> None:
        n = hands // self.heuristic_share
        self.simulate(self.rules, hands=n, seed=1, threads=threads, policy="heuristic")

    def time_stream(self, hands: int, threads: int) -> None:
        self.simulate(self.rules, hands=hands, seed=1, threads=threads, stream=True)
