"""Hypothesis strategies for rules, deals and play choices, shared by the test modules."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

import hearts_fast as hf
from hearts_fast import reference
from tests.helpers import spades_deck

PRESETS = ["dame_de_pic", "corazones", "francesa", "jota_diamantes", "openspiel"]


@st.composite
def hearts_param_draws(draw: st.DrawFn, *, for_games: bool = False) -> dict[str, Any]:
    """Every parameter of docs/rules/hearts.md A.1/A.6 drawn independently, not yet repaired
    into a valid combination. ``for_games`` draws small thresholds (target, starting chips)."""
    return {
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


@st.composite
def rule_params(draw: st.DrawFn, *, for_games: bool = False) -> dict[str, Any]:
    """Every parameter of docs/rules/hearts.md A.1/A.6 drawn independently, then repaired into a
    valid combination (the invalid ones are tested separately)."""
    p = draw(hearts_param_draws(for_games=for_games))
    if p["jack_of_diamonds"] and p["scoring"] == "chips":
        p["scoring"] = draw(st.sampled_from(["positive", "negative"]))
    if p["chips_end"] == "max_hands" and p["max_hands"] is None:
        p["max_hands"] = draw(st.integers(1, 8))
    if p["can_lead_any_club"] and p["first_lead"] != "two_of_clubs":
        p["first_lead"] = "two_of_clubs"
    # Use a preset as the base a fifth of the time, with a few overrides. The reference's
    # presets (the same parameters as the fast engine's) keep this strategy usable without
    # the compiled extension.
    if draw(st.integers(0, 4)) == 0:
        preset = draw(st.sampled_from(PRESETS))
        base = reference.HeartsRules.preset(preset).to_dict()
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


# ---------------------------------------------------------------- Spades (docs/rules/spades.md)
#
# Written from docs/spades-api.md and docs/rules/spades.md B.1/B.6 only, independently of both
# engines.

SPADES_DEFAULTS: dict[str, Any] = {
    "players": 4,
    "win_score": 500,
    "lose_score": None,
    "negative_inverse_loses": False,
    "nil": True,
    "nil_value": 100,
    "blind_nil": False,
    "blind_nil_value": 100,
    "blind_nil_min_deficit": 0,
    "nil_tricks": "bags",
    "set_penalty": "undertricks",
    "bags": True,
    "bags_limit": 10,
    "bags_penalty": 100,
    "first_trick_no_spade_lead": True,
    "spades_broken": False,
    "first_lead": "left_of_dealer",
    "face_up_first_four": False,
    "ten_for_two_hundred": False,
    "mirror": False,
    "jokers": False,
    "fourteen_partnership": False,
    "boston": "off",
    "bemo": False,
    "suicide": False,
    "deficient_hand": "off",
    "renege": "prevent",
    "tie": "play_on",
    "max_hands": None,
    "team_bid_cap": False,
}

#: B.6 preset "openspiel" (docs/spades-api.md).
SPADES_OPENSPIEL: dict[str, Any] = {
    "set_penalty": "bid",
    "nil_tricks": "team",
    "spades_broken": True,
    "first_trick_no_spade_lead": False,
    "nil": True,
    "nil_value": 100,
    "bags": True,
    "bags_limit": 10,
    "bags_penalty": 100,
    "max_hands": 1,
    "team_bid_cap": True,
}

SPADES_VARIANTS = ("mirror", "fourteen_partnership", "suicide")
# [api] engine limit (docs/spades-api.md): every int rule parameter is within ±1,000,000.
SPADES_RULE_INT_LIMIT = 1_000_000


def spades_is_spade(c: int) -> bool:
    """Jokers belong to the spade suit (B.3 #5)."""
    return c >= 52 or c // 13 == 3


def spades_is_low(c: int) -> bool:
    """A card a deficient hand may hold (B.3 deficient_hand): no spade/joker, no J, Q or K."""
    return not spades_is_spade(c) and c % 13 not in (9, 10, 11)


def _repair_spades(p: dict[str, Any], pick_variant: int, nil_fix: bool) -> None:
    """At most one of mirror / fourteen_partnership / suicide (B.1); suicide and blind_nil
    need nil (docs/spades-api.md)."""
    on = [k for k in SPADES_VARIANTS if p[k]]
    if len(on) > 1:
        keep = on[pick_variant % len(on)]
        for k in on:
            p[k] = k == keep
    if p["suicide"]:
        p["nil"] = True
    if p["blind_nil"] and not p["nil"]:
        if nil_fix:
            p["nil"] = True
        else:
            p["blind_nil"] = False


@st.composite
def spades_rule_params(draw: st.DrawFn, *, for_games: bool = False) -> dict[str, Any]:
    """Every parameter of the SpadesRules table (docs/spades-api.md, docs/rules/spades.md B.1/B.6)
    drawn
    independently, then repaired into a valid combination (the invalid ones are tested
    separately). ``for_games`` draws small thresholds so that games end within a few hands.
    Every int stays within the [api] engine limits (|value| <= 1,000,000), their bounds
    included now and then."""

    def rare() -> bool:
        return draw(st.integers(0, 3)) == 0

    p: dict[str, Any] = {
        "players": 4,
        "win_score": draw(
            st.sampled_from([1, 100, 150, 200, 250, 300, 300, 400])
            if for_games
            else st.one_of(st.integers(1, 1000), st.just(SPADES_RULE_INT_LIMIT))
        ),
        "lose_score": draw(
            st.one_of(
                st.none(),
                st.integers(-400, -50)
                if for_games
                else st.one_of(
                    st.integers(-600, 600),
                    st.sampled_from([-SPADES_RULE_INT_LIMIT, SPADES_RULE_INT_LIMIT]),
                ),
            )
        ),
        "negative_inverse_loses": draw(st.booleans()),
        "nil": draw(st.sampled_from([True, True, True, False])),
        "nil_value": draw(st.sampled_from([0, 50, 100, 100, 200, 1, SPADES_RULE_INT_LIMIT])),
        "blind_nil": draw(st.sampled_from([False, True, True])),
        "blind_nil_value": draw(st.sampled_from([0, 100, 200, 7, SPADES_RULE_INT_LIMIT])),
        "blind_nil_min_deficit": draw(
            st.sampled_from([0, 0, 0, 1, 50, 100, 200, SPADES_RULE_INT_LIMIT])
        ),
        "nil_tricks": draw(st.sampled_from(["bags", "count_for_partner", "team", "ignored"])),
        "set_penalty": draw(st.sampled_from(["undertricks", "bid", "zero"])),
        "bags": draw(st.booleans()),
        "bags_limit": draw(st.sampled_from([1, 2, 3, 5, 10, 10, 13, SPADES_RULE_INT_LIMIT])),
        "bags_penalty": draw(st.sampled_from([0, 50, 100, 100, 7, SPADES_RULE_INT_LIMIT])),
        "first_trick_no_spade_lead": draw(st.booleans()),
        "spades_broken": draw(st.booleans()),
        "first_lead": draw(st.sampled_from(["left_of_dealer", "lowest_club"])),
        "face_up_first_four": draw(st.booleans()),
        "ten_for_two_hundred": draw(st.booleans()),
        "mirror": rare(),
        "jokers": draw(st.booleans()),
        "fourteen_partnership": rare(),
        "boston": draw(st.sampled_from(["off", "bonus", "wins_game"])),
        "bemo": draw(st.booleans()),
        "suicide": rare(),
        "deficient_hand": draw(st.sampled_from(["off", "no_spades_no_jqk"])),
        "renege": draw(st.sampled_from(["prevent", "penalize"])),
        "tie": draw(st.sampled_from(["play_on", "share"])),
        "max_hands": draw(
            st.sampled_from([None, None, None, 1, 2, 3, 5, 8])
            if for_games
            else st.one_of(st.none(), st.integers(1, 50), st.just(SPADES_RULE_INT_LIMIT))
        ),
        "team_bid_cap": draw(st.booleans()),
    }
    pick, nil_fix = draw(st.integers(0, 5)), draw(st.booleans())
    _repair_spades(p, pick, nil_fix)
    # Use the openspiel preset (B.6) as the base a fifth of the time, with a few overrides.
    if draw(st.integers(0, 4)) == 0:
        base = {**SPADES_DEFAULTS, **SPADES_OPENSPIEL}
        keep = draw(st.sets(st.sampled_from(sorted(p)), max_size=3))
        base.update({k: p[k] for k in keep})
        p = base
        _repair_spades(p, pick, nil_fix)
    assert list(p) == list(SPADES_DEFAULTS)
    return p


def spades_deal_from_order(
    order: list[int], dealer: int, deficient: list[int] | tuple[int, ...] = ()
) -> list[list[int]]:
    """A deal from a shuffled deck ``order``: the seats in ``deficient`` (at most 2) get the
    first 13 low cards of ``order`` (a deficient hand, B.3), the other cards are dealt one at
    a time clockwise from the dealer's left among the other seats (B-4). Each seat's list is in
    dealt order, so its first four cards are the face-up ones (B.3 #2)."""
    hands: list[list[int]] = [[] for _ in range(4)]
    taken: set[int] = set()
    for seat in deficient:
        low = [c for c in order if spades_is_low(c) and c not in taken][:13]
        assert len(low) == 13
        hands[seat] = low
        taken.update(low)
    others = [(dealer + 1 + i) % 4 for i in range(4)]
    others = [s for s in others if s not in deficient]
    rest = [c for c in order if c not in taken]
    for i, c in enumerate(rest):
        hands[others[i % len(others)]].append(c)
    return hands


@st.composite
def spades_deals(draw: st.DrawFn, jokers: bool, dealer: int) -> list[list[int]]:
    """A random deal (face-up order included), with 0, 1 or 2 deficient hands now and then."""
    order = draw(st.permutations(spades_deck(jokers)))
    n_deficient = draw(st.sampled_from([0, 0, 0, 1, 1, 2]))
    seats = draw(st.permutations(range(4)))[:n_deficient]
    return spades_deal_from_order(list(order), dealer, seats)


def random_spades_deal(rng: Any, jokers: bool, dealer: int) -> list[list[int]]:
    """``spades_deals`` driven by a ``random.Random`` (cheaper for whole games)."""
    order = spades_deck(jokers)
    rng.shuffle(order)
    n_deficient = rng.choice([0, 0, 0, 1, 1, 2])
    return spades_deal_from_order(order, dealer, rng.sample(range(4), n_deficient))
