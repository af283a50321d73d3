"""Spades against OpenSpiel (optional ``compare`` extra): random hands of OpenSpiel's "spades"
game with its default parameters, replayed deal, bids and plays in the fast engine and the
reference engine under ``SpadesRules.preset("openspiel")`` (docs/rules/spades.md B.6, B-19
``team``).
Each team's hand score must equal OpenSpiel's return for that team, hand by hand.

Mapping (docs/spades-api.md): OpenSpiel's card action ``suit*13 + rank`` (clubs, diamonds,
hearts, spades; 2 low) is our card id; its i-th chance action deals that card to seat
``i % 4``; its bid action ``52 + n`` is ``bid(n)`` (0 = nil); its seat 0 bids and leads first,
which is ``dealer=3`` here. OpenSpiel's lead rule never marks spades broken, so its legal
leads are a subset of the preset's (B.6) and every OpenSpiel play is legal here.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import hearts_fast.reference as ref

pyspiel = pytest.importorskip("pyspiel")

HANDS = 2000
BID_BASE = 52  # OpenSpiel's kBiddingActionBase


class Hand:
    """One OpenSpiel hand: the deal by seat (dealt order), bids by seat, plays, returns."""

    def __init__(self, rng: random.Random) -> None:
        game = pyspiel.load_game("spades")
        s = game.new_initial_state()
        self.hands: list[list[int]] = [[] for _ in range(4)]
        self.bids: list[int] = [-1] * 4
        self.plays: list[int] = []
        dealt = 0
        while not s.is_terminal():
            if s.is_chance_node():
                card = rng.choice([a for a, _ in s.chance_outcomes()])
                self.hands[dealt % 4].append(card)
                dealt += 1
                s.apply_action(card)
                continue
            seat = s.current_player()
            action = rng.choice(s.legal_actions())
            if action >= BID_BASE:
                self.bids[seat] = action - BID_BASE
            else:
                self.plays.append(action)
            s.apply_action(action)
        returns = s.returns()
        assert returns[0] == returns[2] and returns[1] == returns[3]
        self.returns = [int(returns[0]), int(returns[1])]


def openspiel_hands(seed: int, n: int) -> list[Hand]:
    rng = random.Random(seed)
    return [Hand(rng) for _ in range(n)]


def replay(engine: Any, rules: Any, hand: Hand) -> Any:
    """The OpenSpiel hand in ``engine``'s SpadesState (seat 0 bids and leads: dealer 3)."""
    s = engine.SpadesState.from_deal(rules, hand.hands, dealer=3)
    while s.phase == "bid":
        s.bid(hand.bids[s.current_player])
    for card in hand.plays:
        s.play(card)
    assert s.phase == "over"
    return s


@pytest.fixture(scope="module")
def hands() -> list[Hand]:
    return openspiel_hands(20240901, HANDS)


def test_B6_B19_hand_scores_equal_openspiel_returns(engine: Any, hands: list[Hand]) -> None:
    rules = engine.SpadesRules.preset("openspiel")
    for i, hand in enumerate(hands):
        s = replay(engine, rules, hand)
        assert s.hand_scores() == hand.returns, (
            f"hand {i}: bids {hand.bids}, tricks {s.tricks_taken}: engine "
            f"{s.hand_scores()} != OpenSpiel {hand.returns}"
        )


def test_B19_sample_exercises_team_nil_scoring(hands: list[Hand]) -> None:
    """The sample is not vacuous: it has teams whose nil bidder took tricks beside a partner's
    contract, and teams of two nils, the cases B-19 ``team`` decides."""
    rules = ref.SpadesRules.preset("openspiel")
    nil_took = both_nil = 0
    for hand in hands:
        taken = replay(ref, rules, hand).tricks_taken
        for team in (0, 1):
            nils = [s for s in (team, team + 2) if hand.bids[s] == 0]
            both_nil += len(nils) == 2
            nil_took += len(nils) == 1 and taken[nils[0]] > 0
    assert nil_took >= 10 and both_nil >= 1


def test_B19_bags_rule_disagrees_with_openspiel(hands: list[Hand]) -> None:
    """The differential can fail: with B-19 ``bags`` (the default) instead of ``team``, the
    reference disagrees with OpenSpiel on some hands."""
    rules = ref.SpadesRules.preset("openspiel", nil_tricks="bags")
    differ = sum(replay(ref, rules, h).hand_scores() != h.returns for h in hands)
    assert differ > 0
