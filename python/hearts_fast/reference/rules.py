"""``HeartsRules``: the validated, immutable parameter set of docs/rules/hearts.md A.1 and A.6.

The names, types, defaults, presets and invalid combinations follow docs/hearts-api.md
"HeartsRules". The derived facts (deck, penalty cards, V, value cards, lowest club, the A-9
pass table) are private helpers used by the state and game classes.
"""

from __future__ import annotations

from typing import Any

from hearts_fast.errors import ArgumentTypeError, InvalidRulesError

from ._common import Rules, check_text
from .cards import (
    ACE_OF_SPADES,
    CLUBS,
    HEARTS,
    JACK_OF_DIAMONDS,
    KING_OF_SPADES,
    NUM_CARDS,
    QUEEN_OF_SPADES,
    suit_of,
)

__all__ = ["HeartsRules"]

# Parameter table, in the order of docs/hearts-api.md: name -> (kind, spec, default).
# The kinds of every game (``Rules._validate``), and "pass_count": "auto" or an int 0..=4.
_PARAMS: dict[str, tuple[str, Any, Any]] = {
    "players": ("int", (3, 7), 4),
    "deck_adjust": ("choice", ("remove_cards", "deal_all"), "remove_cards"),
    "pass_count": ("pass_count", None, "auto"),
    "pass_direction": (
        "choice",
        ("left", "right", "across", "hold", "rotate", "random"),
        "left",
    ),  # A-8, A.6
    "pass_through": ("bool", None, True),
    "first_lead": ("choice", ("left_of_dealer", "two_of_clubs"), "left_of_dealer"),  # A-12, V-A1
    "first_trick_no_points": ("bool", None, True),
    "hearts_must_be_broken": ("bool", None, True),
    "queen_breaks_hearts": ("bool", None, False),
    "early_end": ("bool", None, True),
    "scoring": ("choice", ("chips", "positive", "negative"), "positive"),  # A-22..A-24
    "moon": ("choice", ("subtract_self", "add_others", "none"), "subtract_self"),
    "target": ("int", (1, 1_000_000), 100),  # A-22, A-25 (engine limit, docs/hearts-api.md)
    "starting_chips": ("int", (1, 1_000_000), 100),  # A-24 (engine limit)
    "chips_end": ("choice", ("bust", "max_hands"), "bust"),
    "french_spades": ("bool", None, False),  # V-A2
    "jack_of_diamonds": ("bool", None, False),  # V-A3
    "moon_requires_jack": ("bool", None, True),  # V-A3
    "tie": ("choice", ("play_on", "share"), "play_on"),  # 0.6
    "max_hands": ("opt_int", (1, 1_000_000), None),  # 0.7
    "can_lead_any_club": ("bool", None, False),  # A.6
    "can_lead_hearts_instead_of_qs": ("bool", None, False),  # A.6
    "avoid_all_tricks_bonus": ("int", (0, 1000), 0),  # A.6 (engine limit)
    "pass_table": ("choice", ("dame_de_pic", "corazones"), "dame_de_pic"),  # A-9 [api]
}

_PRESETS: dict[str, dict[str, Any]] = {
    # Every rules class has "default" (all defaults, here the same as dame_de_pic).
    "default": {},
    # A.1 presets.
    "dame_de_pic": {},
    "corazones": {
        "pass_direction": "rotate",
        "pass_table": "corazones",
        "first_lead": "two_of_clubs",
    },
    "francesa": {
        "pass_direction": "rotate",
        "pass_table": "corazones",
        "first_lead": "two_of_clubs",
        "french_spades": True,
    },
    "jota_diamantes": {"jack_of_diamonds": True},
    # A.6 / docs/hearts-api.md.
    "openspiel": {
        "players": 4,
        "pass_count": 3,
        "pass_direction": "random",
        "pass_through": False,
        "first_lead": "two_of_clubs",
        "first_trick_no_points": True,
        "hearts_must_be_broken": True,
        "queen_breaks_hearts": True,
        "early_end": False,
        "moon": "add_others",
        "moon_requires_jack": False,
        "max_hands": 1,
    },
}

# cards removed with deck_adjust="remove_cards" (2C=0, 3C=1, 2D=13, 2H=26).
_REMOVED: dict[int, frozenset[int]] = {
    3: frozenset({0}),
    4: frozenset(),
    5: frozenset({0, 13}),
    6: frozenset({0, 13, 26, 1}),
    7: frozenset({0, 13, 26}),
}

# default k per number of players, by pass table column.
_PASS_TABLE: dict[str, dict[int, int]] = {
    "dame_de_pic": {3: 4, 4: 4, 5: 3, 6: 3, 7: 2},
    "corazones": {3: 3, 4: 3, 5: 2, 6: 2, 7: 2},
}


def _check_combinations(p: dict[str, Any]) -> None:
    """The invalid combinations of A.1 and docs/hearts-api.md [api]."""
    if p["jack_of_diamonds"] and p["scoring"] == "chips":
        raise InvalidRulesError(
            "jack_of_diamonds=True cannot be combined with scoring='chips' "
            "(docs/rules/hearts.md A.1); use scoring='positive' or 'negative', or "
            "jack_of_diamonds=False"
        )
    if p["chips_end"] == "max_hands" and p["max_hands"] is None:
        raise InvalidRulesError(
            "chips_end='max_hands' needs max_hands set to an int >= 1; set max_hands or use "
            "chips_end='bust'"
        )
    if p["can_lead_any_club"] and p["first_lead"] == "left_of_dealer":
        raise InvalidRulesError(
            "can_lead_any_club=True needs first_lead='two_of_clubs' (docs/rules/hearts.md A.6); "
            "set first_lead='two_of_clubs' or can_lead_any_club=False"
        )


def _validate_pass_count(name: str, kind: str, value: Any) -> None:
    """A-9 ``pass_count``: "auto" (the pass table) or an int 0..=4."""
    allowed = "'auto' or an int in 0..=4"
    if isinstance(value, str):
        if check_text(value, name) != "auto":
            raise InvalidRulesError(f"rule {name!r} = {value!r} is not allowed; allowed: {allowed}")
    elif isinstance(value, bool) or not isinstance(value, int):
        raise ArgumentTypeError(
            f"rule {name!r} must be {allowed}, got {type(value).__name__} {value!r}"
        )
    elif not 0 <= value <= 4:
        raise InvalidRulesError(f"rule {name!r} = {value} is out of range; allowed: {allowed}")


class HeartsRules(Rules):
    """An immutable Hearts-family rule set (docs/rules/hearts.md A.1, A.6).

    ``HeartsRules(**params)`` takes keyword-only parameters with the names and defaults of
    docs/hearts-api.md; each is a read-only attribute of the same name.
    """

    __slots__ = ()
    _PARAMS = _PARAMS
    _PRESETS = _PRESETS
    _check_combinations = staticmethod(_check_combinations)
    _validate_other = staticmethod(_validate_pass_count)

    # The read-only parameters (docs/hearts-api.md table), read through ``Rules.__getattr__``.
    players: int
    deck_adjust: str
    pass_count: int | str
    pass_direction: str
    pass_through: bool
    first_lead: str
    first_trick_no_points: bool
    hearts_must_be_broken: bool
    queen_breaks_hearts: bool
    early_end: bool
    scoring: str
    moon: str
    target: int
    starting_chips: int
    chips_end: str
    french_spades: bool
    jack_of_diamonds: bool
    moon_requires_jack: bool
    tie: str
    max_hands: int | None
    can_lead_any_club: bool
    can_lead_hearts_instead_of_qs: bool
    avoid_all_tricks_bonus: int
    pass_table: str

    # -- derived facts (docs/rules/hearts.md) -------------------------------------

    def deck(self) -> list[int]:
        """The cards in play, sorted (A-3)."""
        return sorted(self._deck())

    def penalty_cards(self) -> list[int]:
        """The penalty cards in play, sorted (A-4)."""
        return sorted(self._penalty_cards())

    def total_penalty(self) -> int:
        """V, the total penalty in the deck (A-4)."""
        return self._total_penalty()

    # -- private helpers (docs/rules/hearts.md, V-A1..V-A3) ---------------------

    def _deck(self) -> frozenset[int]:
        """The prepared deck: 52 cards minus the A-3 removals (none with deal_all, A-7)."""
        full = frozenset(range(NUM_CARDS))
        if self._params["deck_adjust"] == "deal_all":
            return full
        return full - _REMOVED[self._params["players"]]

    def _penalty_value(self, card_id: int) -> int:
        """A-4 / V-A2: every heart 1, Q♠ 13; with french_spades A♠ 7 and K♠ 10; else 0."""
        if suit_of(card_id) == HEARTS:
            return 1
        if card_id == QUEEN_OF_SPADES:
            return 13
        if self._params["french_spades"]:
            if card_id == ACE_OF_SPADES:
                return 7
            if card_id == KING_OF_SPADES:
                return 10
        return 0

    def _penalty_cards(self) -> frozenset[int]:
        """A-4: penalty cards actually in the deck."""
        return frozenset(c for c in self._deck() if self._penalty_value(c) > 0)

    def _value_cards(self) -> frozenset[int]:
        """A-4: value cards = penalty cards, plus the bonus card J♦ in the Jota variant (V-A3)."""
        cards = set(self._penalty_cards())
        if self._params["jack_of_diamonds"]:
            cards.add(JACK_OF_DIAMONDS)
        return frozenset(cards)

    def _total_penalty(self) -> int:
        """A-4: V, the total penalty value in the deck (26/25, 43/42 with french_spades)."""
        return sum(self._penalty_value(c) for c in self._deck())

    def _lowest_club(self) -> int:
        """V-A1 / A.4 #11: the lowest club still in the deck."""
        return min(c for c in self._deck() if suit_of(c) == CLUBS)

    def _auto_pass_count(self) -> int:
        """A-9: k for pass_count='auto', from the pass_table column [api]."""
        return _PASS_TABLE[self._params["pass_table"]][self._params["players"]]
