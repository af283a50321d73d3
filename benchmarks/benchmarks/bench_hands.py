"""asv benchmarks: batches of hands of the two trick games, by game, count and threads."""

from __future__ import annotations

from typing import Any, ClassVar

import hearts_fast as hf

#: For each game: its batch function, the rules (the openspiel presets: 4 players, random
#: passes for Hearts) and the part of the count played with the slower heuristic policy.
GAMES: dict[str, tuple[Any, Any, int]] = {
    "hearts": (hf.simulate_hearts, hf.HeartsRules.preset("openspiel"), 4),
    "spades": (hf.simulate_spades, hf.SpadesRules.preset("openspiel"), 20),
}


class TimeTrickHands:
    """Random hands (deal, Hearts passes or Spades bids, play), streamed in constant memory
    or not, and heuristic hands."""

    params: ClassVar[list[Any]] = [list(GAMES), [100_000, 1_000_000], [1, 2]]
    param_names: ClassVar[list[str]] = ["game", "hands", "threads"]

    def time_random(self, game: str, hands: int, threads: int) -> None:
        simulate, rules, _ = GAMES[game]
        simulate(rules, hands=hands, seed=1, threads=threads)

    def time_heuristic(self, game: str, hands: int, threads: int) -> None:
        simulate, rules, share = GAMES[game]
        simulate(rules, hands=hands // share, seed=1, threads=threads, policy="heuristic")

    def time_stream(self, game: str, hands: int, threads: int) -> None:
        simulate, rules, _ = GAMES[game]
        simulate(rules, hands=hands, seed=1, threads=threads, stream=True)
