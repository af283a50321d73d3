"""The search bot ``pimc`` (docs/bots.md) and ``Policy.choose``, in Hearts and Spades: legal
moves, the same moves stepping and in batch (``simulate_*`` rows equal stepping with
``Policy(..., seed=, index=)``), the same for any thread count, decisions that depend only
on what the seat knows (two states with the same observation get the same move), and clear
errors for bad settings. Passing (A-8..A-11) and bidding (B-6, B-7) follow the heuristic.
"""

from __future__ import annotations

import copy
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import hearts_fast as hf
from tests.helpers import by_tier, examples
from tests.strategies import rule_params, spades_rule_params

#: Few worlds or iterations keep the tests quick; the settings are what is tested, not the
#: strength.
FAST = {"worlds": 8, "iterations": 60}


def stepped(cls: Any, rules: Any, policy: Any, seed: int, index: int, **settings: Any) -> Any:
    s = cls.from_batch(rules, seed, index)
    hf.Policy(policy, seed=seed, index=index, **settings).play_out(s)
    return s


@examples(0.03)
@given(params=rule_params(), seed=st.integers(0, 2**64 - 1))
def test_hearts_pimc_batch_rows_equal_stepping(params, seed):
    """simulate_hearts with a pimc seat (default settings) equals stepping each hand with
    Policy(policy, seed=seed, index=i): the bot keeps the hand's log in both."""
    rules = hf.HeartsRules(**params)
    policy = ["pimc"] + ["heuristic"] * (rules.players - 1)
    res = hf.simulate_hearts(rules, hands=2, seed=seed, policy=policy, threads=1)
    for i in range(2):
        s = stepped(hf.HeartsState, rules, policy, seed, i)
        assert s.phase == "over"
        assert res["points"][i].tolist() == s.points()
        assert res["hand_scores"][i].tolist() == s.hand_scores()


@examples(0.03)
@given(params=spades_rule_params(), seed=st.integers(0, 2**64 - 1))
def test_spades_pimc_batch_rows_equal_stepping(params, seed):
    rules = hf.SpadesRules(**params)
    policy = ["pimc", "random", "heuristic", "random"]
    res = hf.simulate_spades(rules, hands=2, seed=seed, policy=policy, threads=1)
    for i in range(2):
        s = stepped(hf.SpadesState, rules, policy, seed, i)
        assert s.phase == "over"
        assert res["tricks"][i].tolist() == s.tricks_taken


def test_ismcts_batch_rows_equal_stepping():
    """simulate_* with an ismcts seat (default settings) equals stepping with Policy."""
    rules = hf.HeartsRules()
    policy = ["ismcts", "heuristic", "random", "heuristic"]
    res = hf.simulate_hearts(rules, hands=1, seed=4, policy=policy, threads=1)
    s = stepped(hf.HeartsState, rules, policy, 4, 0)
    assert res["points"][0].tolist() == s.points()
    srules = hf.SpadesRules()
    spol = ["ismcts", "heuristic", "random", "heuristic"]
    sres = hf.simulate_spades(srules, hands=1, seed=4, policy=spol, threads=1)
    ss = stepped(hf.SpadesState, srules, spol, 4, 0)
    assert sres["tricks"][0].tolist() == ss.tricks_taken


def test_pimc_batches_are_the_same_for_any_thread_count():
    rules = hf.HeartsRules()
    one = hf.simulate_hearts(rules, hands=24, seed=5, policy="pimc", threads=1)
    two = hf.simulate_hearts(rules, hands=24, seed=5, policy="pimc", threads=2)
    assert np.array_equal(one["points"], two["points"])
    s1 = hf.simulate_spades(hf.SpadesRules(), hands=12, seed=5, policy="pimc", threads=1)
    s2 = hf.simulate_spades(hf.SpadesRules(), hands=12, seed=5, policy="pimc", threads=2)
    assert np.array_equal(s1["tricks"], s2["tricks"])


@pytest.mark.parametrize("game", ["hearts", "spades"])
@pytest.mark.parametrize(
    ("bot", "evaluator"), [("pimc", "rollout"), ("pimc", "solve"), ("ismcts", None)]
)
def test_search_bots_read_only_what_the_seat_knows(game, bot, evaluator):
    """At every decision of a hand, the bot (a fresh Policy with one seed) makes the same
    move in the real state and in three other states with the same observation."""
    cls = hf.HeartsState if game == "hearts" else hf.SpadesState
    rules = hf.HeartsRules() if game == "hearts" else hf.SpadesRules()
    s = cls.from_batch(rules, 3, 0)
    other = hf.Policy("heuristic")
    checked = 0
    while not s.is_over:
        if s.phase == "play" and s.current_player == 1:
            info = s.observation(1)
            move = hf.Policy(bot, seed=9, evaluator=evaluator, **FAST).choose(s)
            assert move in s.legal_plays()
            for w in info.sample(3, seed=checked):
                assert w.observation(1) == info
                again = hf.Policy(bot, seed=9, evaluator=evaluator, **FAST).choose(w)
                assert again == move
            checked += 1
        other.act(s)
    assert checked >= 8


@pytest.mark.parametrize("game", ["hearts", "spades"])
def test_choose_is_the_move_act_makes(game):
    """Policy.choose returns the move act would make (a copy of the policy shares its
    random stream at the time of copying), for every policy and phase."""
    cls = hf.HeartsState if game == "hearts" else hf.SpadesState
    rules = hf.HeartsRules() if game == "hearts" else hf.SpadesRules()
    for name in ["random", "heuristic", "pimc", "ismcts"]:
        s = cls.from_batch(rules, 11, 2)
        bot = hf.Policy(name, seed=4, **FAST)
        while True:
            advice = copy.copy(bot).choose(s)
            before = s.copy()
            if not bot.act(s):
                assert advice is None
                break
            # Making the advised move by hand gives the state act reached.
            if isinstance(advice, int):
                before.play(advice)
            elif isinstance(advice, hf.Bid):
                before.bid(advice.value, blind=advice.blind, bemo=advice.bemo)
            elif advice[0] == "pass":
                before.pass_cards(advice[1], advice[2])
            else:
                before.forward(advice[1])
            assert before == s


def test_pimc_beats_random_seats_in_hearts():
    """A sanity check of strength (not a benchmark): over 40 hands against random seats,
    the pimc seat takes fewer points on average than the random seats (A-20)."""
    res = hf.simulate_hearts(
        hf.HeartsRules(),
        hands=40,
        seed=2,
        policy=["pimc", "random", "random", "random"],
        threads=2,
    )
    pts = res["points"].mean(axis=0)
    assert pts[0] < pts[1:].min()


def test_bad_settings_are_clear_errors():
    with pytest.raises(hf.InvalidArgumentError, match=r"worlds must be 1\.\.=4096"):
        hf.Policy("pimc", worlds=0)
    with pytest.raises(hf.InvalidArgumentError, match="unknown evaluator"):
        hf.Policy("pimc", evaluator="minimax")
    with pytest.raises(hf.InvalidArgumentError, match="rollouts must be"):
        hf.Policy("pimc", rollouts=1000)
    with pytest.raises(hf.InvalidArgumentError, match="solve_tricks must be"):
        hf.Policy("pimc", solve_tricks=14)
    with pytest.raises(hf.ArgumentTypeError):
        hf.Policy("pimc", worlds="64")
    with pytest.raises(hf.InvalidArgumentError, match="iterations must be"):
        hf.Policy("ismcts", iterations=0)
    with pytest.raises(hf.InvalidArgumentError, match="pimc"):
        hf.Policy("minimax")
    r = hf.RummyState.from_batch(hf.RummyRules(), 1, 0)
    with pytest.raises(hf.InvalidArgumentError, match="not a rummy policy"):
        hf.Policy("pimc").act(r)
    with pytest.raises(hf.ArgumentTypeError):
        hf.Policy("pimc").choose("state")


@examples(0.03)
@given(params=rule_params(), seed=st.integers(0, 2**32), data=st.data())
def test_search_bots_play_every_hearts_rule_set(params, seed, data):
    """Both bots (small settings, both pimc evaluators) finish hands of random rule sets
    (A-1..A-21: 3–7 players, deck adjustments, deal_all, moons, J♦, first-trick rules)
    with legal moves only (Policy.act refuses nothing)."""
    rules = hf.HeartsRules(**params)
    bot = data.draw(st.sampled_from(["pimc", "ismcts"]))
    evaluator = data.draw(st.sampled_from(["rollout", "solve"]))
    s = hf.HeartsState.from_batch(rules, seed, 0)
    # The exact solves from 6 tricks left (the default) take seconds to minutes in the
    # hardest rule sets (7 players, deal_all): the everyday tier solves the last 4 tricks.
    solve_tricks = by_tier(4, 6)
    policy = hf.Policy(
        bot, seed=seed, evaluator=evaluator, worlds=4, iterations=20, solve_tricks=solve_tricks
    )
    policy.play_out(s)
    assert s.phase == "over"


@examples(0.03)
@given(params=spades_rule_params(), seed=st.integers(0, 2**32), data=st.data())
def test_search_bots_play_every_spades_variant(params, seed, data):
    """Both bots finish hands of random Spades variants (B.1–B.6: jokers, nil, blind nil,
    bemo, mirror, face-up cards, renege rules) with legal moves only."""
    rules = hf.SpadesRules(**params)
    bot = data.draw(st.sampled_from(["pimc", "ismcts"]))
    evaluator = data.draw(st.sampled_from(["rollout", "solve"]))
    s = hf.SpadesState.from_batch(rules, seed, 0)
    p = hf.Policy(bot, seed=seed, evaluator=evaluator, worlds=4, iterations=20)
    while not s.is_over:
        move = p.choose(s)
        if isinstance(move, hf.Bid):
            s.bid(move.value, blind=move.blind, bemo=move.bemo)
        else:
            assert move in s.legal_plays()
            s.play(move)  # checked
    assert s.phase == "over"


@pytest.mark.parametrize(
    "policy",
    [
        hf.Policy("heuristic", seed=3, index=9),
        hf.Policy(
            ["random", "heuristic", "pimc", "ismcts"], seed=1, worlds=3, rollouts=2, iterations=20
        ),
        hf.Policy("pimc", worlds=2, evaluator="solve", solve_tricks=3),
        hf.Policy(),
    ],
    ids=repr,
)
def test_a_pickled_policy_makes_the_same_choices(policy: hf.Policy) -> None:
    """Policy pickles with its settings and the position of its stream (sent to other
    processes by hearts_fast.distributed)."""
    import pickle

    state = hf.SpadesState(hf.SpadesRules(), seed=4)
    policy.act(state)  # advance the stream first
    other = pickle.loads(pickle.dumps(policy))
    assert repr(other) == repr(policy)
    a, b = state.copy(), state.copy()
    for _ in range(12):
        policy.act(a)
        other.act(b)
    assert a == b
