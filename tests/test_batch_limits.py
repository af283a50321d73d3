"""Batch sizes and caps (issue 10): a result that cannot be held is refused before anything
runs, never an aborted process; every games mode stops a game that cannot end at its hand
limit and says so (docs/protocol.md, Batch simulation; A-25, B-22, C-21 end rules)."""

from __future__ import annotations

import os
from typing import Any

import pytest

import hearts_fast as hf

SIMULATE: list[tuple[Any, Any]] = [
    (hf.simulate_hearts, hf.HeartsRules),
    (hf.simulate_spades, hf.SpadesRules),
    (hf.simulate_rummy, hf.RummyRules),
]


@pytest.mark.parametrize(("simulate", "rules"), SIMULATE)
@pytest.mark.parametrize("mode", ["hands", "games"])
@pytest.mark.parametrize("n", [10**10, 10**11, 10**12, 2**40])
def test_a_result_too_large_for_memory_is_refused(
    simulate: Any, rules: Any, mode: str, n: int
) -> None:
    with pytest.raises(hf.ResultTooLargeError, match=r"bytes .* stream=True") as e:
        simulate(rules(), **{mode: n}, threads=1)
    assert isinstance(e.value, MemoryError) and isinstance(e.value, hf.InvalidArgumentError)


def test_the_streaming_mode_needs_no_result_arrays() -> None:
    # The same count that is refused as arrays is accepted when streamed (a short run here).
    r = hf.simulate_hearts(hf.HeartsRules(), hands=1000, stream=True)
    assert r["hands"] == 1000


@pytest.mark.parametrize(
    ("simulate", "rules", "params", "seed"),
    [
        # A-25 never met: negative scoring with a bonus for no tricks drifts away from target.
        (
            hf.simulate_hearts,
            hf.HeartsRules,
            {
                "players": 7,
                "scoring": "negative",
                "moon": "none",
                "avoid_all_tricks_bonus": 13,
                "target": 26,
            },
            37,
        ),
        (hf.simulate_hearts, hf.HeartsRules, {"avoid_all_tricks_bonus": 1000}, 0),
        # C-21 never met: nobody can open, or the turn cap ends every hand first.
        (hf.simulate_rummy, hf.RummyRules, {"opening_min": 1000, "max_turns_per_hand": 20}, 1),
        (hf.simulate_rummy, hf.RummyRules, {"max_turns_per_hand": 5}, 0),
        (
            hf.simulate_rummy,
            hf.RummyRules,
            {"hand_size": 7, "stock_exhausted": "end_hand", "target": 300},
            255,
        ),
    ],
)
def test_A25_C21_a_game_that_cannot_end_stops_at_the_hand_limit(
    simulate: Any, rules: Any, params: dict[str, Any], seed: int
) -> None:
    """The issue's repros: each game below never ends (each hung or grew until the
    allocation failed before the cap)."""
    r = simulate(rules(**params), games=2, seed=seed, threads=1, hand_limit=50)
    cut = ~r["finished"]
    assert cut.any()
    assert (r["hands_played"][cut] == 50).all() and (r["hands_played"] <= 50).all()
    assert not r["winners"][cut].any()
    default = simulate(rules(**params), games=2, seed=seed, threads=1)
    assert (default["hands_played"][~default["finished"]] == 1000).all()
    assert (default["finished"] == r["finished"]).all()


def test_A25_hearts_games_that_end_say_so() -> None:
    r = hf.simulate_hearts(hf.HeartsRules(), games=20, seed=3)
    assert r["finished"].all() and (r["hands_played"] < 1000).all()
    cut = hf.simulate_hearts(hf.HeartsRules(), games=20, seed=3, hand_limit=2)
    assert (cut["hands_played"] <= 2).all() and not cut["finished"].all()
    # The games that ended within the cap are the same games, with the same totals.
    same = cut["finished"]
    assert (cut["totals"][same] == r["totals"][same]).all()


@pytest.mark.parametrize("bad", [0, -1, 10**6 + 1])
def test_hearts_hand_limit_has_the_range_of_every_game(bad: int) -> None:
    with pytest.raises(hf.InvalidArgumentError, match="hand_limit"):
        hf.simulate_hearts(hf.HeartsRules(), games=1, hand_limit=bad)


def test_B21_streamed_variance_of_huge_scores_does_not_wrap() -> None:
    """Sums of squares are exact 128-bit integers: 3,000,000 hand scores of about ±2e6 have a
    variance near 3.7e12 (it read 0 when the sum of squares wrapped in 64 bits)."""
    rules = hf.SpadesRules(bags_limit=1, bags_penalty=10**6, nil_value=10**6)
    r = hf.simulate_spades(rules, hands=3_000_000, stream=True, seed=0)
    full = hf.simulate_spades(rules, hands=200_000, seed=0)["hand_scores"].astype(float)
    assert (r["var_hand_scores"] > 1e12).all()
    assert abs(r["var_hand_scores"] / full.var(axis=0) - 1).max() < 0.05


@pytest.mark.skipif(not os.path.isdir("/proc/self/task"), reason="counts threads in /proc")
def test_thread_pools_are_kept_and_capped() -> None:
    """threads=1024 used to start a pool of 1,024 OS threads on every call: a call now uses
    at most the logical CPUs, and the pool is kept for the next call."""
    cores = os.cpu_count() or 1
    first = hf.simulate_hearts(hf.HeartsRules(), hands=100, seed=2, threads=1024)
    after_first = len(os.listdir("/proc/self/task"))
    for _ in range(5):
        again = hf.simulate_hearts(hf.HeartsRules(), hands=100, seed=2, threads=1024)
        assert (again["points"] == first["points"]).all()
    assert len(os.listdir("/proc/self/task")) == after_first
    assert after_first <= 64 + 2 * cores  # the interpreter's own threads, and the pools


def test_policy_index_has_the_range_of_every_index() -> None:
    top = 2**64 - 1
    s = hf.RummyState.from_batch(hf.RummyRules(), 1, top)
    hf.Policy("greedy", seed=1, index=top).play_out(s)
    assert s.is_over
    with pytest.raises(hf.InvalidArgumentError, match=r"0\.\.2\*\*64-1"):
        hf.Policy(index=top + 1)
