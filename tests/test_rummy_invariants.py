"""the invariants (D) of docs/rules/ invariants for rummy (C), checked after every action of random
legal play on
both engines (docs/rummy-api.md):

- the 108 cards (C-2) are conserved at every step: hands + melds + stock + pile;
- no Q♠ (49) is ever the going-out discard (C-16, C-18);
- every meld on the table is valid (``is_valid_meld``: C-6, C-7, C-8) at all times;
- a blocked player's hand is [Q♠] at the end of each of his turns, ``blocked`` never goes back
  to False, and his only actions are draw, then discard the drawn card (C-17);
- ``legal_actions()`` is sorted, without duplicates, ``[]`` exactly when the hand is over.

Random play uses ``random.Random`` seeds, small hands and a bias toward melding so that hands
end (C-18, C-19) and players get blocked within a few hundred actions. The pure-Python
reference is slow, so it plays fewer hands.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import hearts_fast as hf
import hearts_fast.reference as ref

JK, QS = 52, 49
DECK = Counter([*range(52), *range(52), JK, JK, JK, JK])  # C-2
HANDS = {hf: 160, ref: 12}  # random hands per engine


def random_rules(engine: Any, rng: random.Random, small: bool) -> Any:
    players = rng.randint(2, 6)
    return engine.RummyRules(
        players=players,
        hand_size=rng.randint(1, 5 if small else 9),
        opening_min=rng.choice([0, 10, 30]),
        max_jokers_per_meld=rng.choice([1, "unlimited"]),
        initial_upcard=rng.random() < 0.7,
        stock_exhausted=rng.choice(["reshuffle", "end_hand"]),
        max_turns_per_hand=rng.choice([40, 200]),
    )


def check(engine: Any, s: Any) -> None:
    """The invariants that hold in every state."""
    r = s.rules
    cards: Counter[int] = Counter(s.stock)
    cards.update(s.pile)
    for h in s.hands:
        assert h == sorted(h)
        cards.update(h)
    for ms in s.melds:
        for meld in ms:
            assert isinstance(meld, tuple)
            assert engine.is_valid_meld(r, meld), meld
            cards.update(meld)
    assert cards == DECK, "108 cards not conserved"
    assert s.stock_size == len(s.stock)
    legal = s.legal_actions()
    assert legal == sorted(set(legal))
    assert (legal == []) == s.is_over == (s.phase == "over")
    for p, b in enumerate(s.blocked):
        if b:
            assert s.opened[p] or s.melds[p] == []
            if s.current_player != p:
                assert s.hands[p] == [QS]
    p = s.current_player
    if p is not None and s.blocked[p]:
        if s.phase == "draw":
            assert legal == [("draw",)]
        else:
            assert s.phase == "discard" and len(legal) == 1


def pick(rng: random.Random, s: Any) -> Any:
    legal = s.legal_actions()
    active = [a for a in legal if a[0] not in ("draw", "end")]
    if s.phase != "discard" and active and rng.random() < 0.85:
        return rng.choice(active)
    return rng.choice(legal)


def play_hand(engine: Any, seed: int) -> dict[str, int]:
    rng = random.Random(seed)
    r = random_rules(engine, rng, small=engine is ref)
    s = engine.RummyState(r, seed=seed, dealer=rng.randrange(r.players), hand_index=seed)
    seen = {"blocked_turns": 0, "out": 0, "q_exception": 0}
    check(engine, s)
    while not s.is_over:
        p = s.current_player
        blocked_before = list(s.blocked)
        action = pick(rng, s)
        if s.blocked[p] and action[0] == "discard":
            assert s.hands[p].count(action[1]) >= 1 and len(s.hands[p]) == 2
        turn = s.turn
        s.apply(action)
        check(engine, s)
        assert all(a <= b for a, b in zip(blocked_before, s.blocked)), "blocked went back"
        if action[0] != "discard":
            assert s.turn == turn and s.current_player == p
            continue
        assert s.turn == turn + 1 and s.pile[-1] == action[1]
        if s.went_out is not None:
            assert s.went_out == p and s.is_over and s.hands[p] == []
            assert action[1] != QS, "Q♠ was the going-out discard (C-18)"
            seen["out"] += 1
        elif s.blocked[p]:
            assert s.hands[p] == [QS], "a blocked player ended his turn without [Q♠]"
            seen["blocked_turns"] += 1
        if action[1] == QS:
            assert s.hands[p] == [QS]  # C-16: only the sole exception discards a Q♠
            seen["q_exception"] += 1
    assert s.legal_actions() == [] and s.current_player is None
    if s.went_out is None:
        assert s.turn <= r.max_turns_per_hand
    return seen


def test_D_C_invariants_under_random_play(engine: Any) -> None:
    totals: Counter[str] = Counter()
    for seed in range(HANDS[engine]):
        totals.update(play_hand(engine, 1000 + seed))
    # The random play reaches the situations the invariants are about.
    assert totals["out"] > 0
    if engine is hf:
        assert totals["blocked_turns"] > 0 and totals["q_exception"] > 0
