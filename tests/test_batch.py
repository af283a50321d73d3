"""Batch simulation (issue #3): determinism across threads, equality with stepping a
HeartsState with the same policy, caller deals and duplicate play, streaming, games, the
GIL and Ctrl-C, and bad input."""

from __future__ import annotations

import threading
import time
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import hearts_fast as hf
from tests.helpers import (
    SIMULATE_BAD_ARGUMENTS,
    assert_batch_refusals,
    assert_interrupt_stops,
    examples,
)
from tests.strategies import rule_params

HAND_KEYS = ["points", "hand_scores", "tricks", "moon_shooter", "queen_taker"]


def test_same_seed_bit_identical_for_any_thread_count() -> None:
    rules = hf.HeartsRules.preset("openspiel")
    one = hf.simulate_hearts(rules, hands=300_000, seed=42, threads=1)
    two = hf.simulate_hearts(rules, hands=300_000, seed=42, threads=2)
    three = hf.simulate_hearts(rules, hands=300_000, seed=42, threads=3)
    for k in HAND_KEYS:
        assert one[k].tobytes() == two[k].tobytes() == three[k].tobytes(), k
    g1 = hf.simulate_hearts(hf.HeartsRules(), games=3000, seed=1, threads=1)
    g2 = hf.simulate_hearts(hf.HeartsRules(), games=3000, seed=1, threads=2)
    for k in g1:
        assert np.array_equal(g1[k], g2[k]), k
    s1 = hf.simulate_hearts(rules, hands=300_000, seed=42, threads=1, stream=True)
    s2 = hf.simulate_hearts(rules, hands=300_000, seed=42, threads=2, stream=True)
    for k in s1:
        assert np.array_equal(s1[k], s2[k]), k


def step_hand(rules: hf.HeartsRules, policy: Any, seed: int, index: int) -> hf.HeartsState:
    state = hf.HeartsState.from_batch(rules, seed, index)
    bot = hf.Policy(policy, seed=seed, index=index)
    while bot.act(state):
        pass
    return state


def policies(players: int) -> st.SearchStrategy[Any]:
    name = st.sampled_from(["random", "heuristic"])
    return st.one_of(name, st.lists(name, min_size=players, max_size=players))


@examples(0.2)
@given(rule_params(), st.data())
def test_batch_rows_equal_stepping_with_the_same_policy(params: dict[str, Any], data: Any) -> None:
    rules = hf.HeartsRules(**params)
    policy = data.draw(policies(rules.players))
    seed = data.draw(st.integers(0, 2**64 - 1))
    res = hf.simulate_hearts(rules, hands=6, seed=seed, policy=policy, threads=1)
    for i in range(6):
        s = step_hand(rules, policy, seed, i)
        assert s.phase == "over"
        assert res["points"][i].tolist() == s.points()
        assert res["hand_scores"][i].tolist() == s.hand_scores()
        assert res["tricks"][i].tolist() == s.tricks_taken
        moon = s.moon_shooter()
        assert res["moon_shooter"][i] == (-1 if moon is None else moon)
        queen = [seat for seat, cap in enumerate(s.captured) if hf.QS in cap]
        assert res["queen_taker"][i] == (queen[0] if queen else -1)


def test_policy_stepping_is_logged_and_replayable() -> None:
    rules = hf.HeartsRules()
    s = step_hand(rules, "heuristic", 3, 0)
    assert hf.HeartsState.from_text(s.to_text()) == s
    assert repr(hf.Policy(["random", "heuristic", "random", "random"])) == (
        "Policy(['random', 'heuristic', 'random', 'random'])"
    )


def test_heuristic_policy_passes_queen_first_and_ducks() -> None:
    rules = hf.HeartsRules(pass_direction="hold")
    hands = [list(range(i * 13, i * 13 + 13)) for i in range(4)]  # seat 3 holds every spade
    s = hf.HeartsState.from_deal(rules, hands, dealer=3)
    bot = hf.Policy("heuristic")
    bot.act(s)  # seat 0 leads its lowest club
    assert s.trick == [(0, 0)]
    r2 = hf.HeartsRules()
    s2 = hf.HeartsState.from_deal(r2, hands, dealer=3)
    for _ in range(4):
        bot.act(s2)
    assert s2.phase == "play"
    # Seat 3 passed Q♠ A♠ K♠ and J♥-less spades: Q♠ went left to seat 0.
    assert hf.QS in s2.hands[0]


def test_caller_deals_and_duplicate_play() -> None:
    rng = np.random.default_rng(5)
    deals = np.stack([rng.permutation(52) for _ in range(2000)]).astype(np.uint8)
    rules = hf.HeartsRules(pass_direction="hold")
    a = hf.simulate_hearts(rules, deals=deals, policy="random", seed=1)
    b = hf.simulate_hearts(rules, deals=deals, policy="heuristic", seed=1)
    c = hf.simulate_hearts(rules, deals=deals.astype(np.int64), policy="random", seed=1)
    assert np.array_equal(a["points"], c["points"])
    assert a["points"].shape == b["points"].shape == (2000, 4)
    assert (a["points"].sum(axis=1) == 26).all() and (b["points"].sum(axis=1) == 26).all()
    # Row i is the deck order dealt one card at a time from the dealer's left.
    for i in (0, 7):
        order = deals[i].tolist()
        dealer = i % 4
        hands = [[order[j] for j in range(52) if (dealer + 1 + j) % 4 == s] for s in range(4)]
        s = hf.HeartsState.from_deal(rules, hands, dealer=dealer, hand_index=i)
        bot = hf.Policy("heuristic", seed=1, index=i)
        bot.play_out(s)
        assert b["points"][i].tolist() == s.points()


def test_streaming_matches_the_full_arrays() -> None:
    rules = hf.HeartsRules.preset("corazones", players=5)
    full = hf.simulate_hearts(rules, hands=50_000, seed=9)
    agg = hf.simulate_hearts(rules, hands=50_000, seed=9, stream=True)
    assert agg["hands"] == 50_000
    assert np.allclose(agg["mean_points"], full["points"].mean(axis=0))
    assert np.allclose(agg["var_points"], full["points"].var(axis=0))
    assert np.allclose(agg["mean_hand_scores"], full["hand_scores"].mean(axis=0))
    assert np.allclose(agg["mean_tricks"], full["tricks"].mean(axis=0))
    for seat in range(5):
        hist = np.bincount(full["points"][:, seat], minlength=agg["points_hist"].shape[1])
        assert np.array_equal(agg["points_hist"][seat], hist)
        assert agg["moons"][seat] == np.count_nonzero(full["moon_shooter"] == seat)
        assert agg["queens"][seat] == np.count_nonzero(full["queen_taker"] == seat)


def test_games_mode_end_conditions() -> None:
    res = hf.simulate_hearts(hf.HeartsRules(target=50), games=500, seed=2)
    assert res["totals"].shape == (500, 4) and res["winners"].shape == (500, 4)
    assert (res["totals"].max(axis=1) >= 50).all()  # ended at the target
    best = res["totals"].min(axis=1, keepdims=True)
    assert np.array_equal(res["winners"], res["totals"] == best)  # lowest wins, play_on
    assert (res["winners"].sum(axis=1) == 1).all()
    chips = hf.simulate_hearts(
        hf.HeartsRules(scoring="chips", starting_chips=30), games=200, seed=2
    )
    # chips are conserved, stacks plus the pot.
    assert np.array_equal(
        chips["chips_sixtieths"].sum(axis=1) + chips["pot"] * 60, np.full(200, 120 * 60)
    )
    assert (chips["totals"].min(axis=1) <= 0).all()  # ended by a bust
    capped = hf.simulate_hearts(hf.HeartsRules(max_hands=3), games=100, seed=2)
    assert (capped["hands_played"] <= 3).all()


def test_progress_callback_and_gil_released() -> None:
    calls: list[tuple[int, int]] = []
    hf.simulate_hearts(
        hf.HeartsRules(), hands=600_000, threads=1, progress=lambda d, t: calls.append((d, t))
    )
    assert calls[-1] == (600_000, 600_000) and len(calls) >= 2
    # The GIL is released: a Python thread makes progress while a batch runs.
    ticks = 0
    stop = False

    def ticker() -> None:
        nonlocal ticks
        while not stop:
            ticks += 1
            time.sleep(0.001)

    t = threading.Thread(target=ticker)
    t.start()
    hf.simulate_hearts(hf.HeartsRules(), hands=500_000, threads=1)
    stop = True
    t.join()
    assert ticks > 5


def test_keyboard_interrupt_stops_a_long_simulation() -> None:
    assert_interrupt_stops(hf.simulate_hearts, hf.HeartsRules())


@pytest.mark.parametrize(
    ("kwargs", "exc", "match"),
    [
        *SIMULATE_BAD_ARGUMENTS,
        ({"deals": np.zeros((3, 51), np.uint8)}, hf.InvalidDealError, r"shape \(N, 52\)"),
        ({"deals": np.zeros((3, 52), np.uint8)}, hf.InvalidDealError, "not a permutation"),
        ({"deals": np.full((1, 52), 60, np.int64)}, hf.InvalidDealError, "0..51"),
        ({"deals": np.zeros((3, 52), np.float64)}, hf.ArgumentTypeError, "integer"),
        ({"deals": [["x"] * 52]}, hf.ArgumentTypeError, "integer"),
        (
            {"hands": 4, "deals": np.tile(np.arange(52, dtype=np.uint8), (3, 1))},
            hf.InvalidArgumentError,
            "rows",
        ),
        ({"games": 4, "stream": True}, hf.InvalidArgumentError, "hands="),
    ],
)
def test_bad_batch_input(kwargs: dict[str, Any], exc: type[Exception], match: str) -> None:
    with pytest.raises(exc, match=match):
        hf.simulate_hearts(hf.HeartsRules(), **kwargs)


def test_policy_and_from_batch_bad_input() -> None:
    with pytest.raises(ValueError, match="unknown policy"):
        hf.Policy("nope")
    with pytest.raises(ValueError, match=r"2\.\.=7 seats"):
        hf.Policy(["random"])
    bot = hf.Policy(["random"] * 5)
    with pytest.raises(ValueError, match="names 5 seats"):
        bot.act(hf.HeartsState(hf.HeartsRules()))
    with pytest.raises(hf.InvalidArgumentError, match="Hearts policies"):
        hf.Policy("greedy").act(hf.HeartsState(hf.HeartsRules()))
    with pytest.raises(hf.InvalidArgumentError, match="index"):
        hf.HeartsState.from_batch(hf.HeartsRules(), 1, -3)
    assert_batch_refusals(hf.simulate_hearts, hf.HeartsState, hf.HeartsRules(), hf.RummyRules())
    with pytest.raises(hf.InvalidArgumentError, match="index"):
        hf.Policy(index=-3)


def test_largest_avoid_bonus_fits_the_batch_arrays() -> None:
    """A.6 avoid_all_tricks_bonus at its limit (1000): int16 hand scores stay exact."""
    import hearts_fast.reference as ref

    for mod in (hf, ref):
        mod.HeartsRules(avoid_all_tricks_bonus=1000)
        with pytest.raises(hf.InvalidRulesError, match="avoid_all_tricks_bonus"):
            mod.HeartsRules(avoid_all_tricks_bonus=1001)
    rules = hf.HeartsRules(avoid_all_tricks_bonus=1000, early_end=True)
    res = hf.simulate_hearts(rules, hands=200, seed=4)
    assert res["hand_scores"].min() <= -1000  # someone took no trick
    for i in range(0, 200, 37):
        assert res["hand_scores"][i].tolist() == step_hand(rules, "random", 4, i).hand_scores()


@pytest.mark.parametrize(
    "params",
    [
        {},
        {"preset": "openspiel"},
        {"preset": "jota_diamantes"},
        {"scoring": "chips", "starting_chips": 30},
        {"players": 5, "pass_direction": "random"},
        {"early_end": False, "first_lead": "two_of_clubs", "max_hands": 6},
        {"deck_adjust": "deal_all", "players": 5},
    ],
)
@pytest.mark.parametrize("policy", ["random", "heuristic", ["random", "heuristic"] * 3])
def test_games_on_the_hand_kernel_do_not_depend_on_threads_or_split(
    params: dict[str, Any], policy: Any
) -> None:
    """Whole games run several at a time on the hand kernel (issue #16): every game is the
    same for any thread count and any split of the index range (start=)."""
    p = dict(params)
    preset = p.pop("preset", None)
    rules = hf.HeartsRules.preset(preset, **p) if preset else hf.HeartsRules(**p)
    seats = policy[: rules.players] if isinstance(policy, list) else policy
    n = 61
    one = hf.simulate_hearts(rules, games=n, seed=5, threads=1, policy=seats)
    two = hf.simulate_hearts(rules, games=n, seed=5, threads=2, policy=seats)
    parts = [
        hf.simulate_hearts(rules, games=k, seed=5, threads=1, policy=seats, start=s)
        for s, k in [(0, 7), (7, 1), (8, 53)]
    ]
    merged = hf.merge(parts)
    for k in one:
        assert np.array_equal(one[k], two[k]), k
        assert np.array_equal(one[k], merged[k]), k
