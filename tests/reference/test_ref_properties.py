"""Reference engine: hypothesis invariants over random rules and random play (the invariants (D) of
docs/rules/)."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from tests.helpers import examples
from tests.strategies import hearts_param_draws

from hearts_fast.reference import HeartsGame, HeartsRules, HeartsState, IllegalMoveError

HEART, CLUB = 2, 0
QS = 49


@st.composite
def rules_strategy(draw: st.DrawFn) -> HeartsRules:
    """Every A.1/A.6 parameter drawn (``hearts_param_draws``), made valid by switching off what
    clashes (A.6: the jack of diamonds is not for chips, any club only leads with the 2♣ lead),
    with a hand limit so that every game ends."""
    params = draw(hearts_param_draws(for_games=True))
    params["max_hands"] = draw(st.integers(1, 3))
    params["avoid_all_tricks_bonus"] = draw(st.integers(0, 5))
    if params["scoring"] == "chips":
        params["jack_of_diamonds"] = False
    if params["first_lead"] != "two_of_clubs":
        params["can_lead_any_club"] = False
    return HeartsRules(**params)


def naive_is_legal(s: HeartsState, c: int) -> bool:
    """A-16 restated as predicates on a single card (independent of legal_plays' set algebra)."""
    r = s.rules
    seat = s.current_player
    assert seat is not None
    hand = set(s.hands[seat])
    if c not in hand:
        return False
    first = not s.trick_winners
    trick = s.trick

    def base_ok(d: int) -> bool:
        if not trick:
            if first and r.first_lead == "two_of_clubs":
                return d // 13 == CLUB if r.can_lead_any_club else d == r._lowest_club()
            if r.hearts_must_be_broken and not s.hearts_broken and d // 13 == HEART:
                non_hearts = {x for x in hand if x // 13 != HEART}
                if non_hearts and not (r.can_lead_hearts_instead_of_qs and non_hearts == {QS}):
                    return False
            return True
        led = trick[0][1] // 13
        return d // 13 == led or not any(x // 13 == led for x in hand)

    if not base_ok(c):
        return False
    lead_two_clubs = not trick and first and r.first_lead == "two_of_clubs"
    if first and r.first_trick_no_points and not lead_two_clubs and r._penalty_value(c) > 0:
        return not any(base_ok(d) and r._penalty_value(d) == 0 for d in hand)
    return True


def check_state(s: HeartsState) -> None:
    r = s.rules
    deck = r._deck()
    played = [c for t in [s.trick] for _, c in t]
    held = [c for h in s.hands for c in h]
    assert len(held) == len(set(held))
    won_count = sum(len(x) for x in s.captured)
    assert won_count <= len(r._value_cards())
    assert set(held) <= deck
    assert not set(played) & set(held)
    assert sum(s.tricks_taken) == len(s.trick_winners)
    assert s.trick_number == len(s.trick_winners) + 1
    captured = {c for x in s.captured for c in x}
    assert captured <= r._value_cards()
    if s.phase == "play":
        legal = s.legal_plays()
        assert legal
        assert legal == sorted(legal)
        assert set(legal) <= set(s.hands[s.current_player])  # type: ignore[index]
        for c in s.hands[s.current_player]:  # type: ignore[index]
            assert (c in legal) == naive_is_legal(s, c), (c, legal)
    else:
        assert s.legal_plays() == []
    if s.phase == "over":
        assert sum(s.points()) == r._total_penalty()  # A-20 invariant
        assert (
            captured == r._value_cards() or not r.early_end or set(held) & r._value_cards() == set()
        )


@examples(0.25)
@given(rules_strategy(), st.integers(0, 2**32), st.integers(0, 2**32))
def test_D_random_games_invariants(rules: HeartsRules, seed: int, policy_seed: int) -> None:
    rng = random.Random(policy_seed)
    n = rules.players
    g = HeartsGame(rules, seed=seed, first_dealer=rng.randrange(n))
    start = Fraction(rules.starting_chips) * n
    actions: list[tuple[Any, ...]] = []
    hand_start = g.state
    while not g.is_over:
        s = g.state
        check_state(s)
        if s.phase == "pass":
            # hand sizes are unchanged by passing
            sizes = [len(h) for h in s.hands]
            p = rng.choice(g.pending_passes())
            if rules.pass_through and rng.random() < 0.3:
                g.forward(p)
                actions.append(("forward", p))
            else:
                cards = rng.sample(s.hands[p], s.pass_count)
                g.pass_cards(p, cards)
                actions.append(("pass", p, cards))
            if g.hands_played == len(g.hand_history) and g.state.phase == "play":
                assert [len(h) for h in g.state.hands] == sizes
        else:
            legal = g.legal_plays()
            illegal = [c for c in range(52) if c not in legal]
            if illegal:
                bad = rng.choice(illegal)
                before = g.state
                with pytest.raises(IllegalMoveError) as info:
                    g.play(bad)
                assert info.value.card == bad
                assert info.value.legal == legal
                assert g.state == before
            c = rng.choice(legal)
            played_before = g.hands_played
            g.play(c)
            actions.append(("play", c))
            if g.hands_played > played_before:
                # replay the finished hand on a fresh state: same history -> equal state
                replay = hand_start.copy()
                for a in actions:
                    if a[0] == "forward":
                        replay.forward(a[1])
                    elif a[0] == "pass":
                        replay.pass_cards(a[1], a[2])
                    else:
                        replay.play(a[1])
                assert replay.phase == "over"
                check_state(replay)
                h = g.hand_history[-1]
                assert h == {
                    "points": replay.points(),
                    "hand_scores": replay.hand_scores(),
                    "moon_shooter": replay.moon_shooter(),
                }
                actions = []
                hand_start = g.state
        if rules.scoring == "chips":
            assert sum(g.totals) + g.pot == start  # D: chip conservation
    hist = g.hand_history
    assert g.hands_played == len(hist) <= rules.max_hands  # type: ignore[operator]
    if rules.scoring == "positive":
        assert g.totals == [sum(h["hand_scores"][i] for h in hist) for i in range(n)]
    elif rules.scoring == "negative":
        assert g.totals == [-sum(h["hand_scores"][i] for h in hist) for i in range(n)]
    else:
        assert all(isinstance(t, Fraction) for t in g.totals)
        assert isinstance(g.pot, Fraction)
        assert all((t * 60).denominator == 1 for t in g.totals)  # multiples of 1/60
    best = (min if rules.scoring == "positive" else max)(g.totals)
    assert g.winners == [i for i in range(n) if g.totals[i] == best]
    assert g.phase == "over"
    assert g.current_player is None


@examples(1 / 6)
@given(rules_strategy(), st.integers(0, 2**32))
def test_A3_from_deal_accepts_every_constructed_deal(rules: HeartsRules, seed: int) -> None:
    dealer = seed % rules.players
    s = HeartsState(rules, seed=seed, dealer=dealer, hand_index=seed % 5)
    pd = s.pass_direction if rules.pass_direction == "random" else None
    t = HeartsState.from_deal(rules, s.hands, dealer=dealer, hand_index=seed % 5, pass_direction=pd)
    assert t == s
