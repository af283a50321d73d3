"""Differential tests: the Rust engine against the pure-Python reference engine, over
random rules (every parameter of docs/rules/hearts.md A.1/A.6), random deals and random legal
choices,
passing and whole games included (A-3..A-25)."""

from __future__ import annotations

import random
from functools import partial
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

import hearts_fast as hf
import hearts_fast.reference as ref
from tests.helpers import assert_engines_agree
from tests.helpers import hearts_snapshot as snapshot
from tests.strategies import deal_hands, rule_params

DIRECTIONS = ["left", "right", "across", "hold"]
assert_same = partial(assert_engines_agree, snapshot)


def choose_action(s: Any, rng: random.Random) -> tuple[str, Any]:
    """A random legal action: a pass (or a forward) for a pending seat, or a legal play."""
    if s.phase == "pass":
        seat = rng.choice(s.pending_passes())
        if s.rules.pass_through and rng.random() < 0.3:
            return ("forward", seat)
        return ("pass", (seat, rng.sample(s.hands[seat], s.pass_count)))
    return ("play", rng.choice(s.legal_plays()))


def apply(s: Any, action: tuple[str, Any]) -> None:
    kind, arg = action
    if kind == "forward":
        s.forward(arg)
    elif kind == "pass":
        s.pass_cards(*arg)
    else:
        s.play(arg)


def probe_illegal(fast: Any, slow: Any, rng: random.Random) -> None:
    """An illegal play, pass or forward is refused alike by both engines, changing nothing
    (A-8..A-11, A-16)."""
    before = snapshot(fast)
    if fast.phase == "play":
        legal = fast.legal_plays()
        bad = [c for c in range(52) if c not in legal]
        card = rng.choice(bad)
        errors = []
        for s in (fast, slow):
            try:
                s.play(card)
            except hf.IllegalMoveError as e:
                errors.append((e.card, e.legal))
        assert errors == [(card, legal), (card, legal)]
    else:
        seat = rng.randrange(fast.num_players)
        done = seat not in fast.pending_passes()
        wrong = rng.sample(range(52), max(0, fast.pass_count - 1))
        for s in (fast, slow):
            try:
                s.pass_cards(seat, wrong)
                raise AssertionError("a pass of too few cards was accepted")
            except hf.IllegalMoveError:
                pass
            if done or not s.rules.pass_through:
                try:
                    s.forward(seat)
                    raise AssertionError("an illegal forward was accepted")
                except hf.IllegalMoveError:
                    pass
    assert snapshot(fast) == before
    assert_same(fast, slow, "after an illegal move")


@st.composite
def hand_setups(draw: st.DrawFn) -> tuple[dict[str, Any], list[list[int]], dict[str, Any], int]:
    params = draw(rule_params())
    rules = hf.HeartsRules(**params)
    dealer = draw(st.integers(0, rules.players - 1))
    order = draw(st.permutations(range(len(rules.deck()))))
    kw: dict[str, Any] = {"dealer": dealer, "hand_index": draw(st.integers(0, 11))}
    if params["pass_direction"] == "random":
        kw["pass_direction"] = draw(st.sampled_from(DIRECTIONS))
    return params, deal_hands(rules, dealer, list(order)), kw, draw(st.integers(0, 2**32))


@given(hand_setups())
def test_A3_A21_random_hands_match_reference(setup: Any) -> None:
    """A-3..A-21: legal sets, passing, trick winners, points and hand scores at every step."""
    params, hands, kw, seed = setup
    fast = hf.HeartsState.from_deal(hf.HeartsRules(**params), hands, **kw)
    slow = ref.HeartsState.from_deal(ref.HeartsRules(**params), hands, **kw)
    assert_same(fast, slow, "after the deal")
    rng = random.Random(seed)
    steps = 0
    while fast.phase != "over":
        if rng.random() < 0.25:
            probe_illegal(fast, slow, rng)
        action = choose_action(fast, rng)
        apply(fast, action)
        apply(slow, action)
        steps += 1
        assert_same(fast, slow, f"after {action}")
        assert steps < 200
    # the invariants (D) of docs/rules/: Σ pen_i = V at hand end, including early end.
    assert sum(fast.points()) == fast.rules.total_penalty()


@given(rule_params(for_games=True), st.data())
def test_A22_A25_random_games_match_reference(params: dict[str, Any], data: st.DataObject) -> None:
    """A-22..A-25, 0.6, 0.7: totals or chips, pot, end of game and winners."""
    rules = hf.HeartsRules(**params)
    n = rules.players
    first_dealer = data.draw(st.integers(0, n - 1))
    n_deals = 12
    deal_list = []
    for h in range(n_deals):
        order = data.draw(st.permutations(range(len(rules.deck()))))
        deal_list.append(deal_hands(rules, (first_dealer + h) % n, list(order)))
    kw: dict[str, Any] = {"first_dealer": first_dealer, "deals": deal_list}
    if params["pass_direction"] == "random":
        kw["pass_directions"] = data.draw(
            st.lists(st.sampled_from(DIRECTIONS), min_size=n_deals, max_size=n_deals)
        )
    fast = hf.HeartsGame(rules, **kw)
    slow = ref.HeartsGame(ref.HeartsRules(**params), **kw)
    rng = random.Random(data.draw(st.integers(0, 2**32)))
    while not fast.is_over and fast.hands_played < n_deals:
        action = choose_action(fast.state, rng)
        apply(fast, action)
        apply(slow, action)
        assert fast.hands_played == slow.hands_played
        if fast.hands_played < n_deals:  # past the given deals each engine shuffles its own
            assert fast.phase == slow.phase
            assert fast.current_player == slow.current_player
            assert fast.legal_plays() == slow.legal_plays()
        assert fast.totals == slow.totals, (fast.totals, slow.totals)
        assert fast.pot == slow.pot
        assert fast.is_over == slow.is_over
    assert fast.hand_history == slow.hand_history
    assert fast.winners == slow.winners
    if rules.scoring == "chips":
        # the invariants (D) of docs/rules/: chip conservation, Σ stacks + pot is constant.
        assert sum(fast.totals) + fast.pot == n * rules.starting_chips


@given(rule_params())
def test_A1_rule_parameters_round_trip_in_both_engines(params: dict[str, Any]) -> None:
    fast = hf.HeartsRules(**params)
    slow = ref.HeartsRules(**params)
    assert fast.to_dict() == slow.to_dict() == {**fast.to_dict(), **params}
    assert hf.HeartsRules(**fast.to_dict()) == fast


@given(
    st.sampled_from(hf.HeartsRules.parameters),
    st.one_of(
        st.integers(-3, 1002),
        st.sampled_from([999_999, 1_000_000, 1_000_001]),
        st.booleans(),
        st.text(max_size=12),
        st.none(),
        st.floats(),
        st.sampled_from(
            [
                "auto",
                "left",
                "rotate",
                "random",
                "chips",
                "deal_all",
                "two_of_clubs",
                "share",
                "none",
            ]
        ),
    ),
)
def test_A1_invalid_values_refused_alike(name: str, value: Any) -> None:
    """Both engines accept or refuse the same single-parameter values, with the same class."""

    def outcome(mod: Any) -> str:
        try:
            mod.HeartsRules(**{name: value})
        except hf.ArgumentTypeError:
            return "type"
        except hf.InvalidRulesError:
            return "value"
        return "ok"

    assert outcome(hf) == outcome(ref)


@given(rule_params(), st.integers(0, 2**64 - 1), st.integers(0, 6), st.integers(0, 40))
def test_A5_A7_seeded_deals_are_valid_deals(
    params: dict[str, Any], seed: int, dealer: int, hand_index: int
) -> None:
    """A deal shuffled from a seed is accepted by the reference as the deal A-3/A-6/A-7
    produce for that dealer, and both engines then agree on everything."""
    rules = hf.HeartsRules(**params)
    dealer %= rules.players
    fast = hf.HeartsState(rules, seed=seed, dealer=dealer, hand_index=hand_index)
    kw: dict[str, Any] = {"dealer": dealer, "hand_index": hand_index}
    if params["pass_direction"] == "random":
        kw["pass_direction"] = fast.pass_direction
    slow = ref.HeartsState.from_deal(ref.HeartsRules(**params), fast.hands, **kw)
    assert_same(fast, slow, "seeded deal")
    again = hf.HeartsState(rules, seed=seed, dealer=dealer, hand_index=hand_index)
    assert again == fast
