"""asv benchmarks: the Rust engine through Python, with the pure-Python reference as the
baseline. Local loop: ``cd benchmarks && asv run --python=same --quick``."""

from __future__ import annotations

import random
from typing import Any, ClassVar

import hearts_fast as hf
import hearts_fast.reference as ref

OPENSPIEL = hf.HeartsRules.preset("openspiel")


class TimeSimulateGames:
    params: ClassVar[list[int]] = [1_000, 10_000]
    param_names: ClassVar[list[str]] = ["games"]

    def time_games(self, games: int) -> None:
        hf.simulate_hearts(hf.HeartsRules(), games=games, seed=1, threads=1)


class PeakMemStream:
    def peakmem_stream_1e7(self) -> None:
        hf.simulate_hearts(OPENSPIEL, hands=10_000_000, seed=1, stream=True)


def _play_hand(mod: Any, seed: int) -> None:
    rules = mod.HeartsRules()
    s = mod.HeartsState(rules, seed=seed)
    rng = random.Random(seed)
    for seat in s.pending_passes():
        s.pass_cards(seat, rng.sample(s.hands[seat], s.pass_count))
    while s.phase == "play":
        s.play(rng.choice(s.legal_plays()))


class TimeStepping:
    """One hand stepped from Python: the per-call cost of the API, both engines."""

    def time_rust_state_hand(self) -> None:
        _play_hand(hf, 3)

    def time_reference_state_hand(self) -> None:
        _play_hand(ref, 3)

    def time_rust_policy_hand(self) -> None:
        s = hf.HeartsState.from_batch(OPENSPIEL, 1, 3)
        hf.Policy("heuristic", seed=1, index=3).play_out(s)


class TimeLegalPlays:
    def setup(self) -> None:
        self.state = hf.HeartsState(hf.HeartsRules(pass_direction="hold"), seed=5)

    def time_legal_plays(self) -> None:
        self.state.legal_plays()
