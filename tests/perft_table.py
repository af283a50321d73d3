"""The perft tables: legal play sequences to depth d from fixed deals, counted by the pure-Python
reference engine. ``python -m tests.perft_table`` rewrites both files in
``rust/engine/tests/data`` (``python -m tests.perft_table hearts`` or ``spades`` only one),
which the Rust engine's cargo tests check (``rust/engine/tests/perft.rs``); the pytest tests in
``test_perft.py`` recompute lines with the reference so the files cannot drift.

File format (both files). Line 1 is a ``#`` comment naming the fields; every other line is one
position, its fields separated by `` | `` (a space, a vertical bar, a space; the fields never
contain ``|``). The last field is ``perft(1) perft(2) ...``: space-separated decimal counts of
the legal play sequences of 1, 2, ... plays from the position (a sequence that ends the hand
early counts 1). Cards are named ``<rank><suit>``, rank one of ``23456789TJQKA``, suit one of
``CDHS`` (``2C``, ``TD``, ``QS``, ``AS``); Spades adds ``LJ`` (Little Joker, id 52) and ``BJ``
(Big Joker, id 53).

``hearts.perft``: ``rules | dealer=<d> | hands | counts`` (docs/rules/hearts.md A-7, A-12..A-17).

- rules: ``name=value`` words for HeartsRules, always with ``pass_direction=hold`` (no
  passing, play starts at once); bools are ``true``/``false``.
- hands: seat 0 first, seats separated by `` / ``, each seat's cards space-separated in
  ascending id order. The position is ``HeartsState.from_deal(rules, hands, dealer)``.

``spades.perft``: ``rules | dealer=<d> | hands | bids | counts`` (docs/rules/spades.md B-10..B-16,
B.3).

- rules: the SpadesRules parameters that differ from their defaults (docs/rules/spades.md B.1), as
  ``name=value`` words in the order of the docs/spades-api.md table (= ``to_dict()`` order),
  bools ``true``/``false``, None ``none``, choices as their string, ints in decimal: the
  pairs of the ``rules`` line of docs/text-format.md. The field is empty (the line starts
  ``" | dealer="``) when every parameter has its default. A preset is written out in full
  (``SpadesRules.preset("openspiel")`` is ``nil_tricks=team set_penalty=bid ...``).
- dealer: ``dealer=<seat 0..3>``.
- hands: as for Hearts: 4 seats, seat 0 first, `` / `` between seats, cards in ascending id
  order (the jokers, ids 52 and 53, last); 13 cards each.
- bids: 4 space-separated tokens, **seat 0 first** (not bidding order): ``nil`` = a nil bid
  (``bid(0)`` with ``nil=true``), or a decimal ``n`` = ``bid(n)``. No blind nils or bemos.
- Rebuilding the position: ``s = SpadesState.from_deal(rules, hands, dealer=d)``; then, while
  ``s.phase == "bid"``, ``s.bid(bids[s.current_player])`` (bidding starts left of the
  dealer, B-6; no deficient-hand claims); the position is the first play of trick 1
  (``phase == "play"``; with ``first_lead=lowest_club`` the holder of the lowest club is to
  play, B.3 #7). Bids do not change which plays are legal; they are in the line so that the
  position is exactly the one the reference counted.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Optional

import hearts_fast.reference as ref

DATA_DIR = Path(__file__).resolve().parents[1] / "rust" / "engine" / "tests" / "data"
DATA = DATA_DIR / "hearts.perft"
SPADES_DATA = DATA_DIR / "spades.perft"

# ---------------------------------------------------------------- shared (both tables)


def perft(s: Any, depth: int) -> int:
    """Legal play sequences of ``depth`` plays from ``s`` (a Hearts or Spades state)."""
    if depth == 0 or s.phase != "play":
        return 1
    total = 0
    for c in s.legal_plays():
        t = s.copy()
        t.play(c)
        total += perft(t, depth - 1)
    return total


def perft_counts(s: Any, depth: int, budget: int) -> list[int]:
    """perft(1), perft(2), ... up to ``depth``, stopping after the first level above
    ``budget``."""
    counts: list[int] = []
    while len(counts) < depth:
        counts.append(perft(s, len(counts) + 1))
        if counts[-1] > budget:
            break
    return counts


def seeded_deal(deck: Sequence[int], players: int, dealer: int, seed: int) -> list[list[int]]:
    """``deck`` (sorted) shuffled by ``random.Random(seed)`` and dealt one card at a time
    clockwise from the dealer's left."""
    cards = sorted(deck)
    random.Random(seed).shuffle(cards)
    hands: list[list[int]] = [[] for _ in range(players)]
    for j, c in enumerate(cards):
        hands[(dealer + 1 + j) % players].append(c)
    return hands


def hands_field(hands: Sequence[Sequence[int]], name: Any) -> str:
    return " / ".join(" ".join(name(c) for c in sorted(h)) for h in hands)


def value_word(v: Any) -> str:
    """A rule value as a word: ``true``/``false``, ``none``, an int, or the string itself."""
    return str(v).lower() if isinstance(v, bool) or v is None else str(v)


def table_line(fields: Sequence[str], counts: Sequence[int]) -> str:
    return " | ".join([*fields, " ".join(map(str, counts))])


def write_table(path: Path, header: str, lines: Sequence[str]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join([header, *lines]) + "\n")


def table_lines(path: Path) -> list[str]:
    """The position lines of a table (its comment lines dropped)."""
    return [x for x in path.read_text().splitlines() if not x.startswith("#")]


# ---------------------------------------------------------------- Hearts

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

HEARTS_HEADER = "# rules | dealer | hands (seat 0 first) | perft(1) perft(2) ... (reference engine)"


def rules_words(overrides: dict[str, Any]) -> str:
    words = ["pass_direction=hold"]
    words += [f"{k}={value_word(overrides[k])}" for k in RULE_ORDER if k in overrides]
    return " ".join(words)


def case_line(overrides: dict[str, Any], seed: int, dealer: int, depth: int) -> str:
    rules = ref.HeartsRules(pass_direction="hold", **overrides)
    hands = seeded_deal(rules._deck(), rules.players, dealer, seed)
    s = ref.HeartsState.from_deal(rules, hands, dealer=dealer)
    counts = perft_counts(s, depth, NODE_BUDGET)
    fields = [rules_words(overrides), f"dealer={dealer}", hands_field(hands, ref.card_name)]
    return table_line(fields, counts)


# ---------------------------------------------------------------- Spades

# (rules: a preset name or overrides, deal seed, dealer, bids by seat (None = nil), depth).
# Only the B.1/B.3 options that change which plays are legal vary: first_trick_no_spade_lead
# (B-10), spades_broken (B.3 #1), first_lead (B.3 #7), jokers (B.3 #5). Seeds 10, 13, 19, 26
# (and 6, 15 with jokers) deal a seat other than the eldest hand no card of a side suit the
# eldest holds, so trick 1 can break spades and the trick-2 leads depend on spades_broken.
SpadesBids = tuple[Optional[int], Optional[int], Optional[int], Optional[int]]
SPADES_CASES: list[tuple[str | dict[str, Any], int, int, SpadesBids, int]] = [
    ({}, 1, 0, (3, None, 4, 2), 12),
    ({}, 10, 3, (None, 5, 2, 4), 12),
    ({"first_trick_no_spade_lead": False}, 13, 1, (4, 3, 3, None), 12),
    ({"spades_broken": True}, 19, 0, (2, 2, None, 6), 12),
    ({"spades_broken": True}, 26, 2, (5, None, 1, 13), 12),
    ({"spades_broken": True, "first_trick_no_spade_lead": False}, 10, 1, (3, 3, 3, 3), 12),
    ({"first_lead": "lowest_club"}, 10, 0, (4, 4, None, None), 12),
    ({"first_lead": "lowest_club", "spades_broken": True}, 19, 3, (1, 6, 2, None), 12),
    ({"jokers": True}, 6, 0, (None, 4, 5, 3), 12),
    ({"jokers": True, "first_lead": "lowest_club"}, 15, 2, (3, None, 3, 2), 12),
    ({"jokers": True, "spades_broken": True}, 6, 3, (2, 3, 4, 2), 12),
    (
        {"jokers": True, "first_trick_no_spade_lead": False, "spades_broken": True},
        15,
        1,
        (None, 2, 7, 3),
        12,
    ),
    ("openspiel", 13, 3, (4, None, 5, 3), 12),
]

# Deepen each Spades case until a level exceeds this many sequences (or its depth limit);
# smaller than NODE_BUDGET because a Spades level can be ~12 times the one before it.
SPADES_NODE_BUDGET = 25_000

SPADES_HEADER = (
    "# rules (non-default SpadesRules) | dealer | hands (seat 0 first) | bids (seat 0 first) "
    "| perft(1) perft(2) ... (reference engine; format: tests/perft_table.py)"
)


def spades_rules(spec: str | dict[str, Any]) -> ref.SpadesRules:
    return ref.SpadesRules.preset(spec) if isinstance(spec, str) else ref.SpadesRules(**spec)


def spades_rules_words(rules: ref.SpadesRules) -> str:
    """The parameters that differ from the defaults, ``name=value``, in ``to_dict()`` order."""
    default = ref.SpadesRules().to_dict()
    return " ".join(f"{k}={value_word(v)}" for k, v in rules.to_dict().items() if v != default[k])


def spades_position(
    spec: str | dict[str, Any], seed: int, dealer: int, bids: SpadesBids
) -> tuple[ref.SpadesRules, list[list[int]], ref.SpadesState]:
    """The rules, the deal and the state at the first play of trick 1."""
    rules = spades_rules(spec)
    hands = seeded_deal(rules._deck(), 4, dealer, seed)
    s = ref.SpadesState.from_deal(rules, hands, dealer=dealer)
    while s.phase == "bid":
        assert s.current_player is not None
        bid = bids[s.current_player]
        s.bid(0 if bid is None else bid)
    return rules, hands, s


def spades_case_line(
    spec: str | dict[str, Any], seed: int, dealer: int, bids: SpadesBids, depth: int
) -> str:
    rules, hands, s = spades_position(spec, seed, dealer, bids)
    fields = [
        spades_rules_words(rules),
        f"dealer={dealer}",
        hands_field(hands, ref.spades_card_name),
        " ".join("nil" if b is None else str(b) for b in bids),
    ]
    return table_line(fields, perft_counts(s, depth, SPADES_NODE_BUDGET))


# ---------------------------------------------------------------- writing


def main(argv: Sequence[str] = ()) -> None:
    which = set(argv) or {"hearts", "spades"}
    if "hearts" in which:
        write_table(DATA, HEARTS_HEADER, [case_line(*c) for c in CASES])
    if "spades" in which:
        write_table(SPADES_DATA, SPADES_HEADER, [spades_case_line(*c) for c in SPADES_CASES])


if __name__ == "__main__":
    main(sys.argv[1:])
