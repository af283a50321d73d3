"""Differential tests: the Rust rummy engine against the pure-Python reference engine over
random rules (every docs/rules/rummy.md C.1 parameter), deals and action sequences: the full legal
action sets (draw, take the pile with its melds, openings, melds, lay-offs, end, discards),
meld validation, pile pickups, blocked players, scores — compared after every step
(C-3..C-20). A C-19 reshuffle ends the comparison (its order is engine-specific)."""

from __future__ import annotations

import random
from functools import partial
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

import hearts_fast as hf
import hearts_fast.reference as ref
from tests.helpers import assert_engines_agree, examples
from tests.helpers import rummy_snapshot as snapshot

DECK = [c for c in range(52) for _ in range(2)] + [52] * 4
assert_same = partial(assert_engines_agree, snapshot)


@st.composite
def rummy_params(draw: st.DrawFn) -> dict[str, Any]:
    players = draw(st.integers(2, 6))
    hand_size = draw(st.integers(1, min(20, 107 // players)))
    return {
        "players": players,
        "hand_size": hand_size,
        "opening_min": draw(st.sampled_from([0, 5, 30, 45, 100])),
        "q_spades_value": draw(st.sampled_from([0, 10, 150])),
        "joker_value": draw(st.sampled_from([0, 25, 50])),
        "max_jokers_per_meld": draw(st.sampled_from([1, "unlimited"])),
        "initial_upcard": draw(st.booleans()),
        "stock_exhausted": draw(st.sampled_from(["reshuffle", "end_hand"])),
        "max_turns_per_hand": draw(st.integers(1, 300)),
        "target": draw(st.integers(1, 2000)),
        "tie": draw(st.sampled_from(["play_on", "share"])),
        "max_hands": draw(st.one_of(st.none(), st.integers(1, 5))),
    }


def deal(rng: random.Random, players: int, hand_size: int, rigged: bool) -> tuple[Any, Any, Any]:
    """A deal; `rigged` stacks each hand with runs, sets, jokers and Q♠s so that openings,
    pile pickups, lay-offs and blocked players happen often."""
    deck = list(DECK)
    rng.shuffle(deck)
    if rigged:
        front = [49, 49, 52, 52] + [c for c in range(26, 39)] + [5, 18, 31, 44]
        rng.shuffle(front)
        for c in front:
            deck.remove(c)
        deck = front + deck
        # Deal round-robin from the stacked front so every seat gets some of it.
    hands = [sorted(deck[i::players][:hand_size]) for i in range(players)]
    used = [i + players * k for i in range(players) for k in range(hand_size)]
    rest = [deck[j] for j in range(len(deck)) if j not in set(used)]
    pile = None
    if rng.random() < 0.3 and len(rest) > 2:
        k = rng.randint(0, min(6, len(rest) - 1))
        pile, rest = rest[:k], rest[k:]
    return hands, rest, pile


def run(params: dict[str, Any], seed: int, rigged: bool, steps: int, meld_bias: float) -> int:
    rng = random.Random(seed)
    fr, rr = hf.RummyRules(**params), ref.RummyRules(**params)
    hands, stock, pile = deal(rng, params["players"], params["hand_size"], rigged)
    dealer = rng.randrange(params["players"])
    totals = [rng.randint(-500, 500) for _ in range(params["players"])]
    kw = {"pile": pile, "dealer": dealer, "hand_index": seed % 7, "totals": totals}
    f = hf.RummyState.from_deal(fr, hands, stock, **kw)
    r = ref.RummyState.from_deal(rr, hands, stock, **kw)
    done = 0
    prev = f.stock_size
    for step in range(steps):
        if f.stock_size > prev:
            break  # C-19 reshuffle: the new stock order is engine-specific
        prev = f.stock_size
        assert_same(f, r, f"step {step} rules {params}")
        if f.is_over:
            break
        legal = f.legal_actions()
        active = [a for a in legal if a[0] in ("take_pile", "open", "meld", "lay_off")]
        act = rng.choice(active) if active and rng.random() < meld_bias else rng.choice(legal)
        f.apply(act)
        r.apply(act)
        done += 1
    return done


# The reference enumerates every legal action by brute force at every step: a few dozen
# whole hands per run (each compared step by step) keep this within the CI budget.
@examples(1 / 15)
@given(rummy_params(), st.integers(0, 2**32), st.booleans(), st.floats(0.3, 0.95))
def test_C3_C20_random_action_sequences(
    params: dict[str, Any], seed: int, rigged: bool, bias: float
) -> None:
    run(params, seed, rigged, 400, bias)


def test_C3_C20_long_default_hands() -> None:
    """Default rules, full hands, many seeds: thousands of compared steps."""
    total = 0
    for seed in range(12):
        p = {"players": 2 + seed % 5, "hand_size": 14 if seed % 5 < 4 else 10}
        total += run({**p}, seed, seed % 2 == 0, 2000, 0.7)
    assert total > 1500


@examples(1 / 3)
@given(rummy_params(), st.integers(0, 2**32))
def test_C6_C9_meld_validation_and_value(params: dict[str, Any], seed: int) -> None:
    """Random card tuples (mostly near-melds) are judged alike, and valued alike."""
    rng = random.Random(seed)
    fr, rr = hf.RummyRules(**params), ref.RummyRules(**params)
    for _ in range(40):
        suit, start = rng.randrange(4), rng.randrange(14)
        n = rng.randint(1, 9)
        if rng.random() < 0.5:  # a run-like tuple
            cards = [suit * 13 + (12 if p in (0, 13) else p - 1) for p in range(start, start + n)]
            cards = [c for c in cards if c < 52][:n]
        else:  # a set-like tuple
            rank = rng.randrange(13)
            cards = sorted(rng.randrange(4) * 13 + rank for _ in range(n))
        for i in range(len(cards)):
            if rng.random() < 0.2:
                cards[i] = 52
        if rng.random() < 0.2 and cards:
            rng.shuffle(cards)
        m = tuple(cards)
        ok = ref.is_valid_meld(rr, m)
        assert hf.is_valid_meld(fr, m) == ok, (m, params)
        if ok:
            assert hf.meld_value(fr, m) == ref.meld_value(rr, m), m


@examples(1 / 6)
@given(rummy_params(), st.integers(0, 2**32), st.integers(3, 11), st.booleans())
def test_C6_C8_meld_generation_equals_reference_bruteforce(
    params: dict[str, Any], seed: int, size: int, jokers: bool
) -> None:
    """The fast meld generator (hf.all_melds) against the reference's brute-force
    enumerator on random hands, half of them drawn from a few ranks of two suits so that
    long runs, big sets, both aces and jokers occur."""
    rng = random.Random(seed)
    fr, rr = hf.RummyRules(**params), ref.RummyRules(**params)
    if rng.random() < 0.5:
        pool = [
            c for c in DECK if c == 52 or (c // 13 in (0, 3) and c % 13 in (0, 1, 2, 3, 10, 11, 12))
        ]
        hand = sorted(rng.sample(pool, min(size, len(pool))))
    else:
        hand = sorted(rng.sample(DECK, size))
    got = hf.all_melds(fr, hand, jokers)
    want = sorted(tuple(m) for m in ref.all_melds_bruteforce(rr, hand, jokers))
    assert got == want, hand


@examples(1 / 40)
@given(rummy_params(), st.integers(0, 2**32))
def test_C21_games_with_given_deals(params: dict[str, Any], seed: int) -> None:
    """Whole games on the same injected deals (stock_exhausted="end_hand", so no shuffle is
    ever drawn): totals, history, winners and every step's legal actions agree (C-21, 0.6,
    0.7)."""
    rng = random.Random(seed)
    params = {**params, "stock_exhausted": "end_hand", "max_hands": rng.randint(1, 3)}
    params["target"] = rng.choice([1, 50, 200, 1000])
    p, h = params["players"], params["hand_size"]
    deals = []
    for _ in range(params["max_hands"]):
        deck = list(DECK)
        rng.shuffle(deck)
        deals.append(([sorted(deck[i * h : (i + 1) * h]) for i in range(p)], deck[p * h :]))
    first = rng.randrange(p)
    f = hf.RummyGame(hf.RummyRules(**params), first_dealer=first, deals=deals, seed=seed)
    r = ref.RummyGame(ref.RummyRules(**params), first_dealer=first, deals=deals, seed=seed)
    for _ in range(3000):
        for name in ("phase", "current_player", "totals", "hands_played", "is_over", "winners"):
            assert getattr(f, name) == getattr(r, name), name
        assert f.hand_history == r.hand_history
        legal = f.legal_actions()
        assert legal == r.legal_actions()
        if f.is_over:
            break
        act = rng.choice(legal)
        f.apply(act)
        r.apply(act)
    assert f.is_over
