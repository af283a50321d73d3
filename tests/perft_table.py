"""The perft table: legal play sequences to depth d from fixed deals (no passing), counted by
the pure-Python reference engine. ``python -m tests.perft_table`` rewrites
``rust/engine/tests/data/hearts.perft``, which the Rust engine's cargo tests check; the
pytest test in ``test_perft.py`` recomputes lines with the reference so the file cannot drift.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import hearts_fast.reference as ref

DATA = Path(__file__).resolve().parents[1] / "rust" / "engine" / "tests" / "data" / "hearts.perft"

# (rules overrides, deal seed, dealer, depth). Every case passes "hold" so play starts at once.
CASES: list[tuple[dict[str, Any], int, int, int]] = [
    ({}, 1, 0, 12),
    ({}, 2, 3, 12),
    ({"first_lead": "two_of_clubs"}, 3, 1, 12),
    ({"first_lead": "two_of_clubs", "can_lead_any_club": True}, 4, 2, 12),
    ({"players": 3}, 5, 0, 12),
    ({"players": 3, "deck_adjust": "deal_all"}, 6, 1, 12),
    ({"players": 5, "deck_adjust": "deal_all", "first_lead": "two_of_clubs"}, 7, 0, 12),
    ({"players": 6}, 8, 5, 12),
    ({"players": 7, "deck_adjust": "deal_all"}, 9, 6, 12),
    ({"french_spades": True, "first_trick_no_points": False}, 10, 0, 12),
    ({"hearts_must_be_broken": False, "queen_breaks_hearts": True}, 11, 2, 12),
    ({"can_lead_hearts_instead_of_qs": True, "jack_of_diamonds": True}, 12, 1, 12),
]

# Deepen each case until a level exceeds this many sequences (or its depth limit).
NODE_BUDGET = 150_000

RULE_ORDER = [
    "players",
    "deck_adjust",
    "first_lead",
    "first_trick_no_points",
    "hearts_must_be_broken",
    "queen_breaks_hearts",
    "french_spades",
    "jack_of_diamonds",
    "can_lead_any_club",
    "can_lead_hearts_instead_of_qs",
]


def perft(s: Any, depth: int) -> int:
    if depth == 0 or s.phase != "play":
        return 1
    total = 0
    for c in s.legal_plays():
        t = s.copy()
        t.play(c)
        total += perft(t, depth - 1)
    return total


def rules_words(overrides: dict[str, Any]) -> str:
    words = ["pass_direction=hold"]
    for k in RULE_ORDER:
        if k in overrides:
            v = overrides[k]
            words.append(f"{k}={str(v).lower() if isinstance(v, bool) else v}")
    return " ".join(words)


def case_line(overrides: dict[str, Any], seed: int, dealer: int, depth: int) -> str:
    rules = ref.HeartsRules(pass_direction="hold", **overrides)
    deck = sorted(rules._deck())
    random.Random(seed).shuffle(deck)
    n = rules.players
    hands: list[list[int]] = [[] for _ in range(n)]
    for j, c in enumerate(deck):
        hands[(dealer + 1 + j) % n].append(c)
    s = ref.HeartsState.from_deal(rules, hands, dealer=dealer)
    counts: list[int] = []
    while len(counts) < depth:
        counts.append(perft(s, len(counts) + 1))
        if counts[-1] > NODE_BUDGET:
            break
    deal = " / ".join(" ".join(ref.card_name(c) for c in sorted(h)) for h in hands)
    return f"{rules_words(overrides)} | dealer={dealer} | {deal} | {' '.join(map(str, counts))}"


def main() -> None:
    lines = ["# rules | dealer | hands (seat 0 first) | perft(1) perft(2) ... (reference engine)"]
    lines += [case_line(*c) for c in CASES]
    DATA.parent.mkdir(parents=True, exist_ok=True)
    DATA.write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
