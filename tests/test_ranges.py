"""Index ranges (issue #15, "Beyond one machine"): every batch entry point takes ``start=``
and computes items ``start .. start + n - 1`` of the ``(seed, index)`` stream, and
``hearts_fast.merge`` puts the parts of any split back together into exactly the one-call
result: arrays bit for bit, streamed aggregates key for key (their means and variances
recomputed from exact integer sums), arena statistics from the concatenated scores. The
split and the thread counts of the parts change nothing; ``start`` reaches the last index,
2**64 - 1; a bad ``start`` is a clear error before anything runs."""

from __future__ import annotations

import copy
import math
import struct
from collections.abc import Callable
from functools import cache
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import hearts_fast as hf
from tests.helpers import examples

TOP = 2**64

# --- helpers ---------------------------------------------------------------------------------


def assert_identical(merged: Any, whole: Any, where: str = "result") -> None:
    """``merged`` is ``whole`` exactly: the same keys in the same order, arrays of the same
    dtype, shape and bytes, floats of the same bits (NaN included)."""
    if isinstance(whole, dict):
        assert isinstance(merged, dict), where
        assert list(merged) == list(whole), where
        for k in whole:
            assert_identical(merged[k], whole[k], f"{where}[{k!r}]")
    elif isinstance(whole, tuple) and hasattr(whole, "_fields"):
        assert type(merged) is type(whole), where
        for f in whole._fields:
            assert_identical(getattr(merged, f), getattr(whole, f), f"{where}.{f}")
    elif isinstance(whole, np.ndarray):
        assert isinstance(merged, np.ndarray), where
        assert (merged.dtype, merged.shape) == (whole.dtype, whole.shape), where
        assert merged.tobytes() == whole.tobytes(), where
    elif isinstance(whole, float):
        assert isinstance(merged, float), where
        assert struct.pack("<d", merged) == struct.pack("<d", whole), where
    else:
        assert type(merged) is type(whole) and merged == whole, where


def ranges(cuts: list[int], n: int) -> list[tuple[int, int]]:
    """``[0, n)`` cut at ``cuts`` into consecutive ``(start, count)`` ranges (some may be
    empty)."""
    points = [0, *sorted(cuts), n]
    return [(a, b - a) for a, b in zip(points, points[1:])]


def cuts(n: int) -> st.SearchStrategy[list[int]]:
    return st.lists(st.integers(0, n), max_size=4)


#: game -> (its simulate_*, its rules class, hands of a whole batch, games of a whole batch).
GAMES: dict[str, tuple[Callable[..., Any], Callable[[], Any], int, int]] = {
    "hearts": (hf.simulate_hearts, hf.HeartsRules, 300, 24),
    "spades": (hf.simulate_spades, hf.SpadesRules, 300, 12),
    "rummy": (hf.simulate_rummy, hf.RummyRules, 40, 3),
}
POLICIES = {
    "hearts": ["random", "heuristic"],
    "spades": ["random", "heuristic"],
    "rummy": ["greedy", "random"],
}
MODES = ["hands", "stream", "games"]
CASES = [(g, m, p) for g in GAMES for m in MODES for p in POLICIES[g]]


def options(game: str, mode: str, policy: str) -> dict[str, Any]:
    """The keywords of one call of ``game`` in ``mode``, but for the count."""
    kw: dict[str, Any] = {"seed": 11, "policy": policy}
    if mode == "stream":
        kw["stream"] = True
    if mode == "games" and game != "hearts":
        kw["hand_limit"] = 30
    return kw


def run(game: str, mode: str, policy: str, start: int | None, n: int, threads: int) -> Any:
    sim, rules, _, _ = GAMES[game]
    count = "games" if mode == "games" else "hands"
    kw = options(game, mode, policy)
    return sim(rules(), **{count: n}, start=start, threads=threads, **kw)


@cache
def whole(game: str, mode: str, policy: str) -> Any:
    _, _, hands, games = GAMES[game]
    return run(game, mode, policy, None, games if mode == "games" else hands, threads=2)


def size(game: str, mode: str) -> int:
    _, _, hands, games = GAMES[game]
    return games if mode == "games" else hands


# --- simulate_*: every game, mode and policy -----------------------------------------------------


@pytest.mark.parametrize(("game", "mode", "policy"), CASES)
@examples(0.01)
@given(data=st.data())
def test_random_splits_merge_into_the_one_call_result(
    game: str, mode: str, policy: str, data: Any
) -> None:
    n = size(game, mode)
    parts = ranges(data.draw(cuts(n), "cuts"), n)
    threads = data.draw(st.lists(st.integers(1, 3), min_size=len(parts), max_size=len(parts)))
    results = [run(game, mode, policy, s, k, t) for (s, k), t in zip(parts, threads)]
    assert_identical(hf.merge(results), whole(game, mode, policy))


@pytest.mark.parametrize(("game", "mode", "policy"), CASES[::2])
def test_one_part_and_a_part_per_item_merge_into_the_one_call_result(
    game: str, mode: str, policy: str
) -> None:
    n = min(size(game, mode), 12)
    one = run(game, mode, policy, 0, n, 1)
    assert_identical(hf.merge([one]), one)
    singles = [run(game, mode, policy, i, 1, 1) for i in range(n)]
    assert_identical(hf.merge(singles), one)


@pytest.mark.parametrize("game", list(GAMES))
def test_start_zero_and_start_none_are_the_default(game: str) -> None:
    sim, rules, _, _ = GAMES[game]
    default = sim(rules(), hands=20, seed=3)
    assert_identical(sim(rules(), hands=20, seed=3, start=0), default)
    assert_identical(sim(rules(), hands=20, seed=3, start=None), default)
    assert_identical(sim(rules(), hands=20, seed=3, start=np.uint64(0)), default)


@pytest.mark.parametrize("game", list(GAMES))
def test_the_parts_are_the_rows_of_the_one_call_result(game: str) -> None:
    """Row k of ``start=s`` is row ``s + k`` of the one call, and the stream of a part is the
    statistics of those rows."""
    full = whole(game, "hands", POLICIES[game][0])
    part = run(game, "hands", POLICIES[game][0], 17, 9, 2)
    for k, v in part.items():
        assert np.array_equal(v, full[k][17:26]), k


# --- the exact sums of a stream -------------------------------------------------------------


STREAM_COLUMNS = {
    "hearts": {"hand_scores": "hand_scores", "points": "points", "tricks": "tricks"},
    "spades": {
        "hand_scores": "hand_scores",
        "hand_bags": "hand_bags",
        "tricks": "tricks",
        "bids": "bids",
    },
    "rummy": {"hand_scores": "hand_scores", "turns": "turns"},
}


def python(x: Any) -> Any:
    """An array of Python ints as a list, a scalar as it is."""
    return x.tolist() if isinstance(x, np.ndarray) else x


@pytest.mark.parametrize("game", list(GAMES))
def test_stream_sums_are_the_exact_sums_of_the_rows(game: str) -> None:
    policy = POLICIES[game][0]
    rows = whole(game, "hands", policy)
    stream = whole(game, "stream", policy)
    for x, column in STREAM_COLUMNS[game].items():
        values = rows[column].astype(object)  # Python ints: exact sums
        assert stream[f"sum_{x}"] == python(np.sum(values, axis=0)), x
        assert stream[f"sumsq_{x}"] == python(np.sum(values * values, axis=0)), x
        sums = stream[f"sum_{x}"]
        assert all(type(v) is int for v in (sums if isinstance(sums, list) else [sums]))


@pytest.mark.parametrize("game", list(GAMES))
def test_moments_give_the_streamed_means_and_variances_bit_for_bit(game: str) -> None:
    stream = whole(game, "stream", POLICIES[game][0])
    n = stream["hands"]
    for key in [k for k in stream if k.startswith(("mean_", "var_"))]:
        stat, _, x = key.partition("_")
        sums, squares = stream[f"sum_{x}"], stream[f"sumsq_{x}"]
        if isinstance(sums, list):
            got = np.array(
                [hf.moments(n, s, q)[stat == "var"] for s, q in zip(sums, squares)],
                dtype=np.float64,
            )
        else:
            got = hf.moments(n, sums, squares)[stat == "var"]
        assert_identical(got, stream[key], key)


def test_moments_of_nothing_are_nan_and_huge_sums_do_not_wrap() -> None:
    assert all(math.isnan(v) for v in hf.moments(0, 0, 0))
    # 2**40 values of ±2**40: Σx² = 2**120, past int64 (and the numerator past int128).
    n = 2**40
    mean, var = hf.moments(n, 0, n * 2**80)
    assert (mean, var) == (0.0, 2.0**80)


def test_merged_streams_add_sums_beyond_int64_exactly() -> None:
    part = hf.simulate_hearts(hf.HeartsRules(), hands=10, seed=1, stream=True)
    big = copy.deepcopy(part)
    big["hands"] = 2**62
    big["sumsq_points"] = [2**70 + v for v in part["sumsq_points"]]
    merged = hf.merge([part, big])
    assert merged["hands"] == 10 + 2**62
    assert merged["sumsq_points"] == [2**70 + 2 * v for v in part["sumsq_points"]]


# --- caller deals ------------------------------------------------------------------------------


def deck_orders(n: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.array([rng.permutation(52) for _ in range(n)], dtype=np.int8)


@pytest.mark.parametrize("sim", [hf.simulate_hearts, hf.simulate_spades])
@pytest.mark.parametrize("stream", [False, True])
@examples(0.01)
@given(data=st.data())
def test_deals_split_with_start_merge_into_the_one_call_result(
    sim: Callable[..., Any], stream: bool, data: Any
) -> None:
    """With ``deals=``, row k of a part is hand ``start + k`` (its dealer, pass direction and
    policy stream): the parts of the deals with their starts give the one-call result."""
    rules = hf.HeartsRules() if sim is hf.simulate_hearts else hf.SpadesRules()
    deals = deck_orders(40, 3)
    kw = {"seed": 2, "policy": "heuristic", "stream": stream}
    one = sim(rules, deals=deals, **kw)
    parts = ranges(data.draw(cuts(40), "cuts"), 40)
    results = [sim(rules, deals=deals[s : s + k], start=s, **kw) for s, k in parts]
    assert_identical(hf.merge(results), one)


def test_spades_deals_at_start_take_the_dealer_of_their_index() -> None:
    rules = hf.SpadesRules()
    deals = deck_orders(4, 8)
    row = hf.simulate_spades(rules, deals=deals[3:], start=3, seed=1)
    hand = hf.SpadesState.from_deal(
        rules,
        [[int(c) for c in deals[3][seat::4]] for seat in range(4)],  # card k to seat k % 4
        dealer=3,
        hand_index=3,
    )
    hf.Policy("random", seed=1, index=3).play_out(hand)
    assert list(row["tricks"][0]) == hand.tricks_taken


# --- the top of the index range ----------------------------------------------------------------


@pytest.mark.parametrize("game", list(GAMES))
def test_the_last_indices_replay_from_batch(game: str) -> None:
    sim, rules, _, _ = GAMES[game]
    state_cls = {"hearts": hf.HeartsState, "spades": hf.SpadesState, "rummy": hf.RummyState}
    policy = POLICIES[game][0]
    res = sim(rules(), hands=3, seed=9, start=TOP - 3, policy=policy)
    for k in range(3):
        index = TOP - 3 + k
        state = state_cls[game].from_batch(rules(), 9, index)
        assert state.hand_index == index
        hf.Policy(policy, seed=9, index=index).play_out(state)
        assert list(res["hand_scores"][k]) == state.hand_scores(), k


@pytest.mark.parametrize(("game", "mode", "policy"), CASES[::2])
def test_splits_at_the_top_of_the_index_range_merge(game: str, mode: str, policy: str) -> None:
    n = min(size(game, mode), 10)
    start = TOP - n
    one = run(game, mode, policy, start, n, 2)
    parts = [run(game, mode, policy, start + s, k, 1) for s, k in ranges([n // 3, n - 1], n)]
    assert_identical(hf.merge(parts), one)
    # The last item alone, and an empty range at the very top.
    assert_identical(
        hf.merge([run(game, mode, policy, TOP - 1, 1, 1)]), run(game, mode, policy, TOP - 1, 1, 2)
    )
    empty = run(game, mode, policy, TOP - 1, 0, 1)
    assert all(np.size(v) == 0 for k, v in empty.items() if mode != "stream")


# --- arena ---------------------------------------------------------------------------------------


ARENAS = [
    ("hearts", "deals", 24),
    ("hearts", "games", 6),
    ("spades", "deals", 24),
    ("spades", "games", 3),
]


def arena(game: str, mode: str, start: int | None, n: int, threads: int = 2) -> hf.ArenaResult:
    rules = hf.HeartsRules() if game == "hearts" else hf.SpadesRules()
    kw: dict[str, Any] = {mode: n, "seed": 4, "start": start, "threads": threads}
    if mode == "games":
        kw["hand_limit"] = 25
    return hf.arena(rules, {"heuristic": "heuristic", "random": "random"}, **kw)


@cache
def whole_arena(game: str, mode: str, n: int) -> hf.ArenaResult:
    return arena(game, mode, None, n)


@pytest.mark.parametrize(("game", "mode", "n"), ARENAS)
@examples(0.01)
@given(data=st.data())
def test_arena_splits_merge_into_the_one_call_arena(
    game: str, mode: str, n: int, data: Any
) -> None:
    cut = [c for c in data.draw(cuts(n), "cuts") if 0 < c < n]  # an arena has 1 deal or more
    parts = ranges(sorted(set(cut)), n)
    results = [arena(game, mode, s, k, threads=1 + s % 3) for s, k in parts]
    assert_identical(hf.merge(results), whole_arena(game, mode, n))


def test_arena_at_the_top_of_the_index_range() -> None:
    one = arena("hearts", "deals", TOP - 5, 5)
    parts = [arena("hearts", "deals", TOP - 5, 2), arena("hearts", "deals", TOP - 3, 3)]
    assert_identical(hf.merge(parts), one)


# --- sample_deals and InfoState.sample ------------------------------------------------------


def observation(game: str) -> Any:
    if game == "hearts":
        state: Any = hf.HeartsState.from_batch(hf.HeartsRules(), 1, 0)
    else:
        state = hf.SpadesState.from_batch(hf.SpadesRules(), 1, 0)
    bot = hf.Policy("random", seed=1, index=0)
    for _ in range(14):
        bot.act(state)
    return state.observation(state.current_player)


@pytest.mark.parametrize("game", ["hearts", "spades"])
@pytest.mark.parametrize("weighted", [False, True])
@examples(0.01)
@given(data=st.data())
def test_sample_deals_splits_merge_into_the_one_call_sample(
    game: str, weighted: bool, data: Any
) -> None:
    info = observation(game)
    players = 4
    weights = np.linspace(0.5, 2.0, 54 * players).reshape(54, players) if weighted else None
    n = 5000
    one = hf.sample_deals(info, n, seed=6, weights=weights, threads=2)
    parts = ranges(data.draw(st.lists(st.integers(0, n), max_size=3)), n)
    results = [
        hf.sample_deals(info, k, seed=6, weights=weights, start=s, threads=1 + s % 3)
        for s, k in parts
    ]
    assert_identical(hf.merge(results), one)


@pytest.mark.parametrize("game", ["hearts", "spades"])
def test_info_sample_splits_merge_into_the_one_call_sample(game: str) -> None:
    info = observation(game)
    one = info.sample(12, seed=2)
    merged = hf.merge([info.sample(5, seed=2), info.sample(7, seed=2, start=5)])
    assert [s.to_text() for s in merged] == [s.to_text() for s in one]
    # Worlds of info.sample are the rows of sample_deals, at any start.
    deals = hf.sample_deals(info, 3, seed=2, start=TOP - 3)
    for state, row in zip(info.sample(3, seed=2, start=TOP - 3), deals.hands):
        for seat, hand in enumerate(state.hands):
            assert sorted(hand) == sorted(np.flatnonzero(row == seat).tolist())


# --- solve_batch: no start=, and its list splits merge ----------------------------------------


def test_solve_batch_parts_of_whole_chunks_merge_exactly() -> None:
    """``solve_batch`` takes no ``start=`` (its states are a list): its parts are slices,
    exact in every array when cut at multiples of 8 states, exact in values and moves for
    any cut."""
    states = []
    for i in range(19):
        s = hf.SpadesState.from_batch(hf.SpadesRules(), 3, i)
        bot = hf.Policy("random", seed=3, index=i)
        while s.phase != "play" or len(s.hands[s.current_player]) > 5:
            bot.act(s)
        states.append(s)
    one = hf.solve_batch(states, threads=2)
    assert_identical(hf.merge([hf.solve_batch(states[a:b]) for a, b in [(0, 8), (8, 19)]]), one)
    odd = hf.merge([hf.solve_batch(states[a:b]) for a, b in [(0, 5), (5, 19)]])
    assert_identical(odd.values, one.values)
    assert_identical(odd.moves, one.moves)
    with pytest.raises(TypeError):
        hf.solve_batch(states, start=0)  # type: ignore[call-arg]


# --- bad start values ------------------------------------------------------------------------


def entry_points() -> dict[str, Callable[[Any], Any]]:
    """Every entry point with ``start=``, called with a small count."""
    info = observation("hearts")
    return {
        "simulate_hearts hands": lambda s: hf.simulate_hearts(hf.HeartsRules(), hands=2, start=s),
        "simulate_hearts stream": lambda s: hf.simulate_hearts(
            hf.HeartsRules(), hands=2, stream=True, start=s
        ),
        "simulate_hearts games": lambda s: hf.simulate_hearts(hf.HeartsRules(), games=2, start=s),
        "simulate_hearts deals": lambda s: hf.simulate_hearts(
            hf.HeartsRules(), deals=deck_orders(2, 1), start=s
        ),
        "simulate_spades hands": lambda s: hf.simulate_spades(hf.SpadesRules(), hands=2, start=s),
        "simulate_spades deals": lambda s: hf.simulate_spades(
            hf.SpadesRules(), deals=deck_orders(2, 1), start=s
        ),
        "simulate_spades games": lambda s: hf.simulate_spades(
            hf.SpadesRules(), games=2, hand_limit=5, start=s
        ),
        "simulate_rummy hands": lambda s: hf.simulate_rummy(hf.RummyRules(), hands=2, start=s),
        "simulate_rummy games": lambda s: hf.simulate_rummy(
            hf.RummyRules(), games=2, hand_limit=2, start=s
        ),
        "arena deals": lambda s: hf.arena(hf.HeartsRules(), {"r": "random"}, deals=2, start=s),
        "arena games": lambda s: hf.arena(
            hf.SpadesRules(), {"r": "random"}, games=2, hand_limit=3, start=s
        ),
        "sample_deals": lambda s: hf.sample_deals(info, 2, start=s),
        "InfoState.sample": lambda s: info.sample(2, start=s),
    }


ENTRY_POINTS = list(entry_points())


@pytest.mark.parametrize("entry", ENTRY_POINTS)
@pytest.mark.parametrize("bad", ["0", 1.0, True, [0], np.float64(2)])
def test_a_start_of_another_type_is_an_argument_type_error(entry: str, bad: Any) -> None:
    with pytest.raises(hf.ArgumentTypeError, match=r"start must be an int"):
        entry_points()[entry](bad)


@pytest.mark.parametrize("entry", ENTRY_POINTS)
@pytest.mark.parametrize("bad", [-1, TOP, 2**100, -(2**70)])
def test_a_start_out_of_range_is_refused_with_the_range(entry: str, bad: Any) -> None:
    with pytest.raises(hf.InvalidArgumentError, match=r"start must be an int 0\.\.2\*\*64-1"):
        entry_points()[entry](bad)


@pytest.mark.parametrize("entry", ENTRY_POINTS)
def test_a_range_past_the_last_index_is_refused(entry: str) -> None:
    call = entry_points()[entry]
    with pytest.raises(hf.InvalidArgumentError, match=r"start \+ \w+ must be at most 2\*\*64"):
        call(TOP - 1)
    assert call(TOP - 2) is not None  # the two last items


def test_a_refused_start_runs_nothing() -> None:
    calls: list[tuple[int, int]] = []
    with pytest.raises(hf.InvalidArgumentError):
        hf.simulate_hearts(
            hf.HeartsRules(),
            hands=10,
            start=TOP - 5,
            progress=lambda d, t: calls.append((d, t)),
        )
    assert calls == []
    info = observation("spades")
    text = info.to_text()
    with pytest.raises(hf.InvalidArgumentError):
        info.sample(3, start=-1)
    assert info.to_text() == text


# --- merge's own errors --------------------------------------------------------------------------


def test_merge_refuses_what_is_not_a_list_of_parts_of_one_batch() -> None:
    hands = hf.simulate_hearts(hf.HeartsRules(), hands=3)
    stream = hf.simulate_hearts(hf.HeartsRules(), hands=3, stream=True)
    spades = hf.simulate_spades(hf.SpadesRules(), hands=3)
    with pytest.raises(hf.InvalidArgumentError, match="at least one"):
        hf.merge([])
    for bad in (hands, "abc", 3, None):
        with pytest.raises(hf.ArgumentTypeError, match="results must be"):
            hf.merge(bad)  # type: ignore[type-var, arg-type]
    with pytest.raises(hf.ArgumentTypeError, match="results must be a list"):
        hf.merge(hf.sample_deals(observation("hearts"), 2))  # type: ignore[type-var, arg-type]
    with pytest.raises(hf.ArgumentTypeError, match=r"results\[1\]"):
        hf.merge([hands, 3])  # type: ignore[list-item]
    with pytest.raises(hf.InvalidArgumentError, match="not parts of one batch"):
        hf.merge([hands, stream])
    with pytest.raises(hf.InvalidArgumentError, match="not parts of one batch"):
        hf.merge([hands, spades])
    five = hf.simulate_hearts(hf.HeartsRules(players=5), hands=3)
    with pytest.raises(hf.InvalidArgumentError, match="not parts of one batch"):
        hf.merge([hands, five])
    one = arena("hearts", "deals", 0, 2)
    other = hf.arena(hf.HeartsRules(), {"x": "random", "y": "heuristic"}, deals=2)
    with pytest.raises(hf.InvalidArgumentError, match="not parts of one arena"):
        hf.merge([one, other])
    old = {k: v for k, v in stream.items() if not k.startswith("sum")}
    with pytest.raises(hf.InvalidArgumentError, match="cannot be merged exactly"):
        hf.merge([old, old])


def test_merge_leaves_the_parts_unchanged() -> None:
    parts = [whole("hearts", "stream", "random"), whole("hearts", "hands", "random")]
    for part in parts:
        before = copy.deepcopy(part)
        hf.merge([part, part])
        assert_identical(part, before)
