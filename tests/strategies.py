"""Hypothesis strategies for rules, deals and play choices, shared by the test modules."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

import hearts_fast as hf

PRESETS = ["dame_de_pic", "corazones", "francesa", "jota_diamantes", "openspiel"]


@st.composite
def rule_params(draw: st.DrawFn, *, for_games: bool = False) -> dict[str, Any]:
    """Every parameter of RULES.md A.1/A.6 drawn independently, then repaired into a valid
    combination (the invalid ones are tested separately)."""
    p: dict[str, Any] = {
        "players": draw(st.integers(3, 7)),
        "deck_adjust": draw(st.sampled_from(["remove_cards", "deal_all"])),
        "pass_count": draw(st.sampled_from(["auto", 0, 1, 2, 3, 4])),
        "pass_direction": draw(
            st.sampled_from(["left", "right", "across", "hold", "rotate", "random"])
        ),
        "pass_through": draw(st.booleans()),
        "first_lead": draw(st.sampled_from(["left_of_dealer", "two_of_clubs"])),
        "first_trick_no_points": draw(st.booleans()),
        "hearts_must_be_broken": draw(st.booleans()),
        "queen_breaks_hearts": draw(st.booleans()),
        "early_end": draw(st.booleans()),
        "scoring": draw(st.sampled_from(["chips", "positive", "negative"])),
        "moon": draw(st.sampled_from(["subtract_self", "add_others", "none"])),
        "target": draw(st.integers(1, 60) if for_games else st.integers(1, 500)),
        "starting_chips": draw(st.integers(1, 60) if for_games else st.integers(1, 200)),
        "chips_end": draw(st.sampled_from(["bust", "max_hands"])),
        "french_spades": draw(st.booleans()),
        "jack_of_diamonds": draw(st.booleans()),
        "moon_requires_jack": draw(st.booleans()),
        "tie": draw(st.sampled_from(["play_on", "share"])),
        "max_hands": draw(st.one_of(st.none(), st.integers(1, 8))),
        "can_lead_any_club": draw(st.booleans()),
        "can_lead_hearts_instead_of_qs": draw(st.booleans()),
        "avoid_all_tricks_bonus": draw(st.sampled_from([0, 0, 5, 13])),
        "pass_table": draw(st.sampled_from(["dame_de_pic", "corazones"])),
    }
    if p["jack_of_diamonds"] and p["scoring"] == "chips":
        p["scoring"] = draw(st.sampled_from(["positive", "negative"]))
    if p["chips_end"] == "max_hands" and p["max_hands"] is None:
        p["max_hands"] = draw(st.integers(1, 8))
    if p["can_lead_any_club"] and p["first_lead"] != "two_of_clubs":
        p["first_lead"] = "two_of_clubs"
    # Use a preset as the base a fifth of the time, with a few overrides.
    if draw(st.integers(0, 4)) == 0:
        preset = draw(st.sampled_from(PRESETS))
        base = hf.HeartsRules.preset(preset).to_dict()
        keep = draw(st.sets(st.sampled_from(sorted(p)), max_size=3))
        base.update({k: p[k] for k in keep})
        p = base
        if p["jack_of_diamonds"] and p["scoring"] == "chips":
            p["scoring"] = "positive"
        if p["chips_end"] == "max_hands" and p["max_hands"] is None:
            p["max_hands"] = 3
        if p["can_lead_any_club"] and p["first_lead"] != "two_of_clubs":
            p["first_lead"] = "two_of_clubs"
    return p


def deal_hands(rules: hf.HeartsRules, dealer: int, order: list[int]) -> list[list[int]]:
    """Deal the deck in the order given by ``order`` (a permutation of the deck's indices),
    one card at a time from the dealer's left (A-6, A-7)."""
    deck = rules.deck()
    n = rules.players
    hands: list[list[int]] = [[] for _ in range(n)]
    for j, i in enumerate(order):
        hands[(dealer + 1 + j) % n].append(deck[i])
    return hands


@st.composite
def deals(draw: st.DrawFn, rules: hf.HeartsRules, dealer: int) -> list[list[int]]:
    order = draw(st.permutations(range(len(rules.deck()))))
    return deal_hands(rules, dealer, list(order))
