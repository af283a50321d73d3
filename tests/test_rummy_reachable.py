"""Rummy positions play cannot reach, on both engines (docs/text-format.md: a text describes
only a position reachable by play; docs/rules/rummy.md C-2, C-3, C-15 … C-19):

- card counts never wrap: a deal, a game's deals, a text or ``all_melds`` holding a card more
  often than the 108-card deck are refused (C-2);
- the text readers refuse tampered positions, and every text they accept plays on to its
  end, with a legal move in every position until the hand is over (C-15, C-16, C-18, C-19);
- the policies finish every hand within the turn cap (C-19) and report a dead end instead of
  panicking or looping.
Rule ids: C-2, C-3, C-15, C-16, C-17, C-18, C-19.
"""

from __future__ import annotations

import random
import warnings
from typing import Any

import pytest

from hearts_fast.errors import InvalidArgumentError, InvalidDealError

#: Small tables and hands so that the reference engine plays hundreds of turns quickly.
RULES = [
    {"players": 2, "hand_size": 3, "max_turns_per_hand": 60},
    {"players": 3, "hand_size": 5, "opening_min": 0, "stock_exhausted": "end_hand"},
    {"players": 2, "hand_size": 7, "opening_min": 10, "max_turns_per_hand": 100},
    {"players": 4, "hand_size": 4, "initial_upcard": False, "max_turns_per_hand": 50},
]


def with_extra_copies(text: str, card: str = "7C", copies: int = 256) -> str:
    """``text`` with ``copies`` more ``card`` on top of the stock of its (first) deal."""
    return text.replace(" stock=", f" stock={','.join([card] * copies)},", 1)


def random_steps(state: Any, rng: random.Random, steps: int) -> None:
    """Up to ``steps`` uniformly random legal moves."""
    for _ in range(steps):
        legal = state.legal_actions()
        if not legal:
            return
        state.apply(rng.choice(legal))


def play_to_the_end(state: Any, rng: random.Random) -> None:
    """Random legal moves until the hand is over: every position on the way has a legal
    move (C-15, C-16), and the hand ends by the turn cap at the latest (C-19)."""
    cap = state.rules.max_turns_per_hand
    moves = 0
    while not state.is_over:
        legal = state.legal_actions()
        assert legal, f"no legal move in phase {state.phase!r} of a hand not over"
        state.apply(rng.choice(legal))
        moves += 1
        assert state.turn <= cap and moves <= 60 * (cap + 1), "the hand ends (C-19)"
    assert state.legal_actions() == []


# ---------------------------------------------------------------- C-2: counts never wrap


def test_c2_from_deal_refuses_more_copies_than_the_deck_holds(engine: Any) -> None:
    r = engine.RummyRules()
    s = engine.RummyState(r, seed=1)
    with pytest.raises(InvalidDealError, match="258 times"):
        engine.RummyState.from_deal(r, s.hands, s.stock + [5] * 256, pile=s.pile)
    with pytest.raises(InvalidDealError, match="258 times"):
        engine.RummyState.from_deal(r, s.hands, s.stock, pile=s.pile + [5] * 256)


def test_c2_game_deals_refuse_more_copies_than_the_deck_holds(engine: Any) -> None:
    r = engine.RummyRules()
    s = engine.RummyState(r, seed=2)
    stock = s.pile + s.stock
    assert engine.RummyGame(r, deals=[(s.hands, stock)]).state.hands == s.hands
    with pytest.raises(InvalidDealError, match="258 times"):
        engine.RummyGame(r, deals=[(s.hands, stock + [5] * 256)])


def test_c2_texts_refuse_more_copies_than_the_deck_holds(engine: Any) -> None:
    r = engine.RummyRules(players=2, hand_size=7)
    s = engine.RummyState(r, seed=3)
    assert engine.RummyState.from_text(s.to_text()) == s
    with pytest.raises(InvalidArgumentError, match="258 times"):
        engine.RummyState.from_text(with_extra_copies(s.to_text()))
    g = engine.RummyGame(r, seed=3)
    assert engine.RummyGame.from_text(g.to_text()) == g
    with pytest.raises(InvalidArgumentError, match="258 times"):
        engine.RummyGame.from_text(with_extra_copies(g.to_text()))


def test_c2_all_melds_refuses_more_copies_than_the_deck_holds() -> None:
    hf = pytest.importorskip("hearts_fast")
    r = hf.RummyRules()
    assert (5, 5, 18) in hf.all_melds(r, [5, 5, 18, 31])
    with pytest.raises(InvalidDealError, match="258 times"):
        hf.all_melds(r, [5] * 258 + [18, 31])
    assert not hf.is_valid_meld(r, (5,) * 258)


def test_c2_the_reference_meld_oracle_refuses_more_copies_than_the_deck_holds() -> None:
    from hearts_fast.reference.rummy import RummyRules, all_melds_bruteforce

    r = RummyRules()
    assert (5, 5, 18) in all_melds_bruteforce(r, [5, 5, 18, 31], True)
    with pytest.raises(InvalidDealError, match="258 times"):
        all_melds_bruteforce(r, [5] * 258 + [18, 31], True)


# ---------------------------------------------------------------- texts of unreachable hands


def test_c3_a_text_whose_hand_moved_into_the_stock_is_refused(engine: Any) -> None:
    s = engine.RummyState(engine.RummyRules(players=2, hand_size=7), seed=4)
    lines = s.to_text().split("\n")
    deal = lines[3].split(" ")
    assert deal[0] == "deal"
    moved = [deal[0], "-", deal[2], deal[3].replace("stock=", f"stock={deal[1]},"), deal[4]]
    lines[3] = " ".join(moved)
    with pytest.raises(InvalidArgumentError, match="hand_size"):
        engine.RummyState.from_text("\n".join(lines))


def test_reference_names_what_makes_a_position_unreachable() -> None:
    """The reference's own check on positions no text can describe (the fast engine's is
    tested in rust/engine/tests/rummy_reachable.rs)."""
    from hearts_fast.reference import RummyRules, RummyState

    fresh = RummyState(RummyRules(players=2, hand_size=7), seed=5)
    assert fresh._unreachable_reason() is None
    cases = [
        ("C-3, C-10, C-16", "seat 1's hand moved into the stock, discard phase"),
        ("C-19", "over at turn 0 with a full stock and nobody out"),
        ("C-2", "a card missing"),
        ("C-18", "seat 0 went out holding its cards"),
    ]
    for rule, what in cases:
        s = RummyState.from_text(fresh.to_text())
        if rule == "C-3, C-10, C-16":
            s._stock = s._hands[1] + s._stock
            s._hands[1] = []
            s._phase = "discard"
        elif rule == "C-19":
            s._phase, s._current = "over", None
        elif rule == "C-2":
            s._stock.pop()
        else:
            s._phase, s._current, s._went_out = "over", None, 0
        why = s._unreachable_reason()
        assert why is not None and rule in why, (what, why)


@pytest.mark.parametrize("rules", RULES)
def test_c15_c19_every_accepted_mutated_text_plays_on_to_its_end(engine: Any, rules: Any) -> None:
    """Texts changed at random (a token dropped, two tokens swapped, a card replaced) are
    refused with InvalidArgumentError or are positions with a legal move until the hand is
    over."""
    r = engine.RummyRules(**rules)
    rng = random.Random(6)
    accepted = 0
    for seed in range(5):
        s = engine.RummyState(r, seed=seed)
        random_steps(s, rng, rng.randrange(40))
        tokens = s.to_text().split(" ")
        for _ in range(5):
            t = list(tokens)
            i, j = rng.randrange(len(t)), rng.randrange(len(t))
            kind = rng.randrange(3)
            if kind == 0:
                del t[i]
            elif kind == 1:
                t[i], t[j] = t[j], t[i]
            else:
                t[i] = t[i].replace(rng.choice("23456789TJQKA"), rng.choice("23456789TJQKA"), 1)
            try:
                m = engine.RummyState.from_text(" ".join(t))
            except InvalidArgumentError:
                continue
            accepted += 1
            play_to_the_end(m, rng)
    assert accepted > 0


# ---------------------------------------------------------------- policies finish (C-19)


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_c19_policies_finish_every_hand_within_the_turn_cap(policy: str) -> None:
    """A few hundred positions from random play and a text round trip: the policy plays each
    to its end within max_turns_per_hand."""
    hf = pytest.importorskip("hearts_fast")
    rng = random.Random(7)
    for i in range(240):
        r = hf.RummyRules(**RULES[i % len(RULES)])
        s = hf.RummyState(r, seed=i)
        random_steps(s, rng, rng.randrange(80))
        s = hf.RummyState.from_text(s.to_text())
        if i % 40 == 0:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                hf.rummy_play_out(s, policy, seed=i)
        else:
            hf.Policy(policy, seed=i).play_out(s)
        assert s.is_over and s.legal_actions() == []
        assert s.turn <= r.max_turns_per_hand
