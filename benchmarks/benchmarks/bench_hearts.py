"""asv benchmarks: the Rust engine through Python, with the pure-Python reference as the
baseline. Local loop: ``cd benchmarks && asv run --python=same --quick``."""

from __future__ import annotations

import random
from typing import ClassVar

import hearts_fast as hf
import hearts_fast.reference as ref


class TimeSimulate:
    params: ClassVar[list[int]] = [1_000, 100_000]
    param_names: ClassVar[list[str]] = ["hands"]

    def setup(self, hands: int) -> None:
        self.rules = hf.HeartsRules()

    def time_simulate_random(self, hands: int) -> None:
        hf.simulate_hearts(self.rules, hands=hands, seed=1)


def _play_hand(mod: object, seed: int) -> None:
    m = mod  # module with the shared API
    rules = m.HeartsRules()  # type: ignore[attr-defined]
    s = m.HeartsState(rules, seed=seed)  # type: ignore[attr-defined]
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


class TimeLegalPlays:
    def setup(self) -> None:
        self.state = hf.HeartsState(hf.HeartsRules(pass_direction="hold"), seed=5)

    def time_legal_plays(self) -> None:
        self.state.legal_plays()
