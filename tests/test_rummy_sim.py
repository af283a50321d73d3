"""simulate_rummy: deterministic per (seed, index) for any thread count, each row equal to
replaying the hand with the same policies, the §D-style shape of the results, games (C-21)
and bad input."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import hearts_fast as hf
from tests.helpers import HAND_LIMIT_BAD_ARGUMENTS, SIMULATE_BAD_ARGUMENTS, assert_batch_refusals

KEYS = ["hand_scores", "opened", "went_out", "turns"]


@pytest.mark.parametrize("policy", ["greedy", "random", ["greedy", "random", "greedy"]])
def test_C3_C20_batch_rows_equal_replayed_hands(policy: Any) -> None:
    r = hf.RummyRules(players=3, max_turns_per_hand=300)
    out = hf.simulate_rummy(r, hands=12, seed=4, policy=policy, threads=1)
    for i in range(12):
        s = hf.RummyState.from_batch(r, 4, i)
        assert s.dealer == i % 3 and s.hand_index == i and s.turn == 0
        hf.Policy(policy, seed=4, index=i).play_out(s)
        assert s.is_over
        assert s.hand_scores() == out["hand_scores"][i].tolist()
        assert s.opened == out["opened"][i].tolist()
        assert (-1 if s.went_out is None else s.went_out) == out["went_out"][i]
        assert s.turn == out["turns"][i]


def test_threads_give_identical_arrays() -> None:
    r = hf.RummyRules()
    a = hf.simulate_rummy(r, hands=700, seed=9, threads=1)
    b = hf.simulate_rummy(r, hands=700, seed=9, threads=2)
    for k in KEYS:
        np.testing.assert_array_equal(a[k], b[k])
    c = hf.simulate_rummy(r, hands=700, seed=10, threads=2)
    assert not np.array_equal(a["hand_scores"], c["hand_scores"])


def test_C18_C20_greedy_hands_end_and_score() -> None:
    out = hf.simulate_rummy(hf.RummyRules(), hands=500, seed=2)
    went = out["went_out"]
    assert (went >= 0).mean() > 0.9  # greedy players go out
    rows = np.arange(500)[went >= 0]
    # The player who went out holds nothing: his score is the value of his melds, > 0.
    assert (out["hand_scores"][rows, went[rows]] > 0).all()
    assert out["opened"][rows, went[rows]].all()


def test_C21_games() -> None:
    r = hf.RummyRules(players=3, target=300)
    g = hf.simulate_rummy(r, games=30, seed=3, threads=2)
    g1 = hf.simulate_rummy(r, games=30, seed=3, threads=1)
    for k in ("totals", "winners", "hands_played"):
        np.testing.assert_array_equal(g[k], g1[k])
    assert (g["totals"].max(axis=1) >= 300).all()
    w = g["winners"]
    assert (w.sum(axis=1) == 1).all()
    assert (g["totals"][w] == g["totals"].max(axis=1)).all()


@pytest.mark.parametrize(
    ("kwargs", "exc", "match"),
    [
        *SIMULATE_BAD_ARGUMENTS,
        *HAND_LIMIT_BAD_ARGUMENTS,
        ({"hands": 3, "policy": "heuristic"}, hf.InvalidArgumentError, "rummy policies"),
        ({"games": 3, "stream": True}, hf.InvalidArgumentError, "hands="),
        ({"hands": 3, "policy": ["greedy"] * 3}, hf.InvalidArgumentError, "one name per seat"),
    ],
)
def test_bad_arguments(kwargs: dict[str, Any], exc: type[Exception], match: str) -> None:
    with pytest.raises(exc, match=match):
        hf.simulate_rummy(hf.RummyRules(), **kwargs)


def test_bad_rules_and_replay_arguments() -> None:
    assert_batch_refusals(hf.simulate_rummy, hf.RummyState, hf.RummyRules(), hf.SpadesRules())
    s = hf.RummyState.from_batch(hf.RummyRules(), 1, 0)
    before = s.copy()
    with pytest.raises(hf.InvalidArgumentError):
        hf.Policy("nope")
    with pytest.raises(hf.InvalidArgumentError, match="rummy policies"):
        hf.Policy("heuristic").act(s)
    with pytest.raises(hf.InvalidArgumentError, match="seats"):
        hf.Policy(["greedy"] * 3).act(s)
    assert s == before


def test_deprecated_replay_aliases_still_replay_the_batch() -> None:
    """rummy_batch_state / rummy_play_out are deprecated aliases of RummyState.from_batch and
    Policy.play_out (docs/protocol.md); they warn and give the same hand."""
    r = hf.RummyRules(players=3)
    out = hf.simulate_rummy(r, hands=2, seed=6, policy="random", threads=1)
    with pytest.warns(DeprecationWarning, match="from_batch"):
        s = hf.rummy_batch_state(r, 6, 1)
    assert s == hf.RummyState.from_batch(r, 6, 1)
    with pytest.warns(DeprecationWarning, match="Policy"):
        hf.rummy_play_out(s, "random", seed=6, index=1)
    assert s.hand_scores() == out["hand_scores"][1].tolist()
    with pytest.warns(DeprecationWarning, match="Policy"), pytest.raises(hf.ArgumentTypeError):
        hf.rummy_play_out(None)  # type: ignore[arg-type]


def test_C21_games_stop_at_the_hand_limit_and_say_so() -> None:
    """0.7-style stop of a batch game: ``finished`` is False for a game cut at hand_limit, True
    for one that reached C-21; with a limit no game could reach, every game is unfinished."""
    r = hf.RummyRules(players=3, target=300)
    full = hf.simulate_rummy(r, games=10, seed=3, threads=1)
    assert full["finished"].all() and full["finished"].dtype == np.bool_
    cut = hf.simulate_rummy(r, games=10, seed=3, threads=1, hand_limit=1)
    assert (cut["hands_played"] == 1).all()
    # A game that needs more than one hand is stopped after its first, with no winner.
    longer = full["hands_played"] > 1
    assert longer.any()
    assert not cut["finished"][longer].any() and not cut["winners"][longer].any()
    assert (cut["finished"] == ~longer).all()


def test_stream_equals_the_full_arrays() -> None:
    """stream=True aggregates (exact integer sums) equal the same statistics computed from
    the per-hand arrays, for any thread count."""
    r = hf.RummyRules(players=3)
    full = hf.simulate_rummy(r, hands=3000, seed=5, threads=2)
    st = hf.simulate_rummy(r, hands=3000, seed=5, threads=1, stream=True)
    st2 = hf.simulate_rummy(r, hands=3000, seed=5, threads=2, stream=True)
    for k in st:
        np.testing.assert_array_equal(st[k], st2[k])
    scores = full["hand_scores"].astype(np.int64)
    assert st["hands"] == 3000
    np.testing.assert_allclose(st["mean_hand_scores"], scores.mean(axis=0))
    np.testing.assert_allclose(st["var_hand_scores"], scores.var(axis=0))
    assert st["opens"].tolist() == full["opened"].sum(axis=0).tolist()
    went = full["went_out"]
    assert st["outs"].tolist() == [int((went == p).sum()) for p in range(3)]
    assert st["nobody_out"] == int((went < 0).sum())
    np.testing.assert_allclose(st["mean_turns"], full["turns"].mean())
    np.testing.assert_allclose(st["var_turns"], full["turns"].astype(np.float64).var())


def test_text_form_and_pickling_round_trip_at_every_step() -> None:
    """to_text()/from_text() and pickle keep the deal, every action and the reshuffle
    generator: the restored hand plays on exactly like the original (docs/text-format.md;
    the malformed and unreachable texts are in test_text_forms.py)."""
    import pickle
    import random

    r = hf.RummyRules(players=3, hand_size=10, max_turns_per_hand=200)
    s = hf.RummyState(r, seed=8, dealer=2)
    rng = random.Random(3)
    for _ in range(150):
        t = hf.RummyState.from_text(s.to_text())
        assert t == s and t.legal_actions() == s.legal_actions()
        assert pickle.loads(pickle.dumps(s)) == s
        assert eval(repr(s), {"RummyState": hf.RummyState}) == s
        if s.is_over:
            break
        a = rng.choice(s.legal_actions())
        s.apply(a)
        t.apply(a)
        assert t == s  # the same generator: reshuffles agree too


def test_apply_index_is_apply_of_the_sorted_legal_action() -> None:
    import random

    rng = random.Random(2)
    a = hf.RummyState(hf.RummyRules(players=2, hand_size=10), seed=3)
    b = a.copy()
    while not a.is_over:
        legal = a.legal_actions()
        assert a.legal_action_count() == len(legal)
        i = rng.randrange(len(legal))
        a.apply(legal[i])
        b.apply_index(i)
        assert a == b
    with pytest.raises(hf.IllegalMoveError):
        a.apply_index(0)
    s = hf.RummyState(hf.RummyRules())
    before = s.copy()
    for bad in (-1, s.legal_action_count()):
        with pytest.raises(hf.IllegalMoveError):
            s.apply_index(bad)
    with pytest.raises(hf.ArgumentTypeError):
        s.apply_index("0")  # type: ignore[arg-type]
    assert s == before


def test_wrong_argument_types_raise_argument_type_errors() -> None:
    with pytest.raises(hf.ArgumentTypeError):
        hf.simulate_spades(hf.SpadesRules(), hands=1, stream="yes")  # type: ignore[arg-type]
    with pytest.raises(hf.ArgumentTypeError):
        hf.simulate_hearts(hf.HeartsRules(), hands=1, stream=1)  # type: ignore[arg-type]
    with pytest.raises(hf.ArgumentTypeError):
        hf.Policy().act(None)  # type: ignore[arg-type]
    with pytest.raises(hf.InvalidArgumentError):
        hf.simulate_rummy(hf.RummyRules(), hands=2**200)
    with pytest.raises(hf.InvalidArgumentError):
        hf.simulate_spades(hf.SpadesRules(), hands=1, seed=-(2**200))
