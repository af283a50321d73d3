"""Pure-Python reference engine for Spades (docs/rules/spades.md, docs/spades-api.md).

The independent, obviously-correct oracle for the fast engine's Spades. Written from
docs/rules/spades.md B.1..B.6 and B-27 only; rule ids are cited next to the code. Plain sets
of int card ids, one hand per ``SpadesState``, a whole game per ``SpadesGame``.

Card ids are the Hearts ids ``suit*13 + rank`` (docs/hearts-api.md) plus the two jokers of
B.3 #5: 52 = Little Joker ("LJ"), 53 = Big Joker ("BJ"). Jokers belong to the spade suit and
rank BJ > LJ > A♠.

Teams (B-1): team 0 = seats {0, 2}, team 1 = seats {1, 3}; the team of seat s is ``s % 2``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple, Optional

from hearts_fast.errors import (
    ArgumentTypeError,
    IllegalMoveError,
    InvalidDealError,
    InvalidRulesError,
)

from ._base import TrickGame, TrickHand
from ._common import (
    Rules,
    check_game_args,
    check_hand_args,
    check_text,
    copied,
    is_int,
    is_sequence,
)
from .cards import CardIds, card_name, check_dealt_once, hand_lists, names

__all__ = [
    "BIG_JOKER",
    "LITTLE_JOKER",
    "Bid",
    "SpadesGame",
    "SpadesRules",
    "SpadesState",
    "spades_card_name",
]

CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
LITTLE_JOKER = 52
BIG_JOKER = 53
NUM_IDS = 54  # ids 0..53 name a card; which are in the deck depends on `jokers`
PLAYERS = 4
HAND_SIZE = 13
TRICKS = 13
_SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
_JACK, _QUEEN, _KING = 9, 10, 11  # rank indexes
_BEMO_TRICKS = {"little": 6, "big": 9}  # B.3 #9
_BEMO_POINTS = {"little": 60, "big": 90}
_BEMOS = ("little", "big")
# [api] engine limits (docs/spades-api.md "Engine limits").
MAX_RULE_INT = 1_000_000  # every int rule parameter is within ±MAX_RULE_INT
MAX_TOTAL = 10**12  # a given team total is within ±MAX_TOTAL


# ---------------------------------------------------------------- cards


def suit_of(c: int) -> int:
    """B.3 #5: jokers belong to the spade suit for following, leading, breaking and counting."""
    return SPADES if c >= 52 else c // 13


def strength(c: int) -> int:
    """Rank within the suit, higher is stronger: 2 = 0 .. A = 12, LJ = 13, BJ = 14 (B-2, B.3 #5)."""
    if c == LITTLE_JOKER:
        return 13
    if c == BIG_JOKER:
        return 14
    return c % 13


#: Deprecated alias of `hearts_fast.reference.card_name` (one naming for every game).
spades_card_name = card_name


#: The Spades ids: the 52 cards and the two jokers of B.3 #5.
SPADES_IDS = CardIds(BIG_JOKER, "Spades card ids are 0..53 (52 = LJ, 53 = BJ)")
_check_card = SPADES_IDS.check


def _is_deficient(hand: Iterable[int]) -> bool:
    """B.3 deficient_hand: no spades (jokers count as spades) and no J, Q or K (aces allowed)."""
    return not any(suit_of(c) == SPADES or c % 13 in (_JACK, _QUEEN, _KING) for c in hand)


# ---------------------------------------------------------------- rules (B.1, B.6)

# name -> (kind, spec, default), the kinds of every game (``Rules._validate``). The int bounds
# beyond B.1's are the [api] engine limits (MAX_RULE_INT).
_PARAMS: dict[str, tuple[str, Any, Any]] = {
    "players": ("int", (4, 4), 4),  # B-1
    "win_score": ("int", (1, MAX_RULE_INT), 500),  # B-22
    "lose_score": ("opt_int", (-MAX_RULE_INT, MAX_RULE_INT), None),  # B-22
    "negative_inverse_loses": ("bool", None, False),  # B.3 #10
    "nil": ("bool", None, True),  # B-7
    "nil_value": ("int", (0, MAX_RULE_INT), 100),  # B-18
    "blind_nil": ("bool", None, False),  # B.3
    "blind_nil_value": ("int", (0, MAX_RULE_INT), 100),  # B-18
    "blind_nil_min_deficit": ("int", (0, MAX_RULE_INT), 0),  # B.3
    "nil_tricks": ("choice", ("bags", "count_for_partner", "team", "ignored"), "bags"),  # B-19
    "set_penalty": ("choice", ("undertricks", "bid", "zero"), "undertricks"),  # B-17
    "bags": ("bool", None, True),  # B-20
    "bags_limit": ("int", (1, MAX_RULE_INT), 10),  # B-20
    "bags_penalty": ("int", (0, MAX_RULE_INT), 100),  # B-20
    "first_trick_no_spade_lead": ("bool", None, True),  # B-10
    "spades_broken": ("bool", None, False),  # B.3 #1
    "first_lead": ("choice", ("left_of_dealer", "lowest_club"), "left_of_dealer"),  # B.3 #7
    "face_up_first_four": ("bool", None, False),  # B.3 #2
    "ten_for_two_hundred": ("bool", None, False),  # B.3 #3
    "mirror": ("bool", None, False),  # B.3 #4
    "jokers": ("bool", None, False),  # B.3 #5
    "fourteen_partnership": ("bool", None, False),  # B.3 #6
    "boston": ("choice", ("off", "bonus", "wins_game"), "off"),  # B.3 #8
    "bemo": ("bool", None, False),  # B.3 #9
    "suicide": ("bool", None, False),  # B.3
    "deficient_hand": ("choice", ("off", "no_spades_no_jqk"), "off"),  # B.3
    "renege": ("choice", ("prevent", "penalize"), "prevent"),  # B-27
    "tie": ("choice", ("play_on", "share"), "play_on"),  # 0.6
    "max_hands": ("opt_int", (1, MAX_RULE_INT), None),  # 0.7
    "team_bid_cap": ("bool", None, False),  # B.6 [api]
}

_PRESETS: dict[str, dict[str, Any]] = {
    "default": {},
    # B.6, as the preset table of docs/rules/spades.md B.1 gives it: its nil (worth 100) and
    # bags (100 every 10) are the defaults. Seat 0 bids and leads first = dealer 3, a
    # state/game argument, not a rule.
    "openspiel": {
        "set_penalty": "bid",
        "nil_tricks": "team",
        "spades_broken": True,
        "first_trick_no_spade_lead": False,
        "team_bid_cap": True,
        "max_hands": 1,
    },
}


def _check_combinations(p: dict[str, Any]) -> None:
    """B.1: any two of mirror / fourteen_partnership / suicide; [api]: suicide and blind_nil
    need nil."""
    on = [k for k in ("mirror", "fourteen_partnership", "suicide") if p[k]]
    if len(on) >= 2:
        raise InvalidRulesError(
            f"{on[0]}=True cannot be combined with {on[1]}=True: their bid constraints conflict "
            "(docs/rules/spades.md B.1); enable at most one of mirror, fourteen_partnership, "
            "suicide"
        )
    if p["suicide"] and not p["nil"]:
        raise InvalidRulesError(
            "suicide=True needs nil=True (one player of each team bids nil); set nil=True"
        )
    if p["blind_nil"] and not p["nil"]:
        raise InvalidRulesError(
            "blind_nil=True needs nil=True (a blind nil is a nil bid); set nil=True or "
            "blind_nil=False"
        )


class SpadesRules(Rules):
    """An immutable Spades rule set (docs/rules/spades.md B.1, B.6); keyword-only parameters."""

    __slots__ = ()
    _PARAMS = _PARAMS
    _PRESETS = _PRESETS
    _check_combinations = staticmethod(_check_combinations)

    def deck(self) -> list[int]:
        """The 52 cards in play, sorted (B-2; with ``jokers`` no 2C/2D, plus 52 and 53)."""
        return sorted(self._deck())

    # -- derived facts -------------------------------------------------------------------

    def _deck(self) -> frozenset[int]:
        """B-2: 52 cards; B.3 #5 jokers: minus 2♣ (0) and 2♦ (13), plus LJ (52) and BJ (53)."""
        if self._params["jokers"]:
            return frozenset(range(NUM_IDS)) - {0, 13}
        return frozenset(range(52))

    def _lowest_club(self) -> int:
        """B.3 #7: 2♣, or 3♣ (id 1) with jokers."""
        return min(c for c in self._deck() if suit_of(c) == CLUBS)


# ---------------------------------------------------------------- bids (B-6, B-7, B.3)


class Bid(NamedTuple):
    """One seat's bid. ``value`` 0..13; ``nil`` True for a nil (a 0 with rules ``nil``);
    ``blind`` True for a blind nil; ``bemo`` None, "little" or "big" (B.3 #9)."""

    value: int
    nil: bool
    blind: bool
    bemo: str | None


# ---------------------------------------------------------------- pure rule functions


def legal_cards(
    rules: SpadesRules,
    hand: Iterable[int],
    trick: Sequence[int],
    trick_number: int,
    broken: bool,
) -> list[int]:
    """B-16, written as docs/rules/spades.md states it. ``trick`` = the cards already in the
    current trick."""
    hand = set(hand)
    if not trick:  # leading
        if trick_number == 1 and rules.first_lead == "lowest_club":
            return [rules._lowest_club()]  # B.3 #7 (the caller makes its holder the leader)
        candidates = hand
        if (trick_number == 1 and rules.first_trick_no_spade_lead) or (
            rules.spades_broken and not broken
        ):  # B-10, B.3 #1
            non_spades = {c for c in hand if suit_of(c) != SPADES}
            if non_spades:
                candidates = non_spades
        return sorted(candidates)
    led = suit_of(trick[0])
    return sorted({c for c in hand if suit_of(c) == led} or hand)  # B-12


def trick_winner(plays: Sequence[tuple[int, int]]) -> int:
    """B-13: the highest spade (jokers included) if any spade was played, else the highest card
    of the led suit. ``plays`` = (seat, card) in play order; returns the winning seat."""
    spades = [(s, c) for s, c in plays if suit_of(c) == SPADES]
    led = suit_of(plays[0][1])
    pool = spades or [(s, c) for s, c in plays if suit_of(c) == led]
    return max(pool, key=lambda sc: strength(sc[1]))[0]


def team_result(
    rules: SpadesRules,
    team: int,
    bids: Sequence[Bid],
    tricks_taken: Sequence[int],
    trick_winners: Sequence[int],
    reneged: bool,
    bags_before: int,
) -> tuple[int, int, int, bool]:
    """B-17..B-21, B.3 and B-27 for one team.

    Returns ``(hand_score, hand_bags, bags_after, boston_made)``. ``hand_bags`` are the bags
    added to the counter this hand (before the B-20 reduction); ``bags_after`` is the counter
    after B-20. ``trick_winners`` may be partial (scoring "as if the hand ended now").
    """
    seats = (team, team + 2)
    contract_seats = [s for s in seats if not bids[s].nil]
    nil_seats = [s for s in seats if bids[s].nil]
    c = sum(bids[s].value for s in contract_seats)  # B-8
    if reneged:
        # B-27: the offending team scores 0 for the hand (no contract, nil, bag, variant
        # points; bags unchanged) and additionally -10·C.
        return -10 * c, 0, bags_before, False
    t = sum(tricks_taken[s] for s in contract_seats)
    n = sum(tricks_taken[s] for s in nil_seats)
    if rules.nil_tricks in ("count_for_partner", "team"):  # B-19: T + N compared with C
        t += n
    score = 0
    bags = 0
    boston_made = False
    # B-17 needs >= 1 non-nil bidder, except under nil_tricks "team" (B-19), where a team of
    # two nils has C = 0 and every trick it took is an overtrick.
    if contract_seats or rules.nil_tricks == "team":
        if rules.boston != "off" and c == 13:  # B.3 #8
            if t >= 13:
                score += 200
                boston_made = True
            else:
                score -= 200
        elif rules.ten_for_two_hundred and c == 10:  # B.3 #3
            if t >= 10:
                score += 200 + (t - 10)
                bags += t - 10
            else:
                score -= 200
        elif t >= c:  # B-17 made
            score += 10 * c + (t - c)
            bags += t - c
        elif rules.set_penalty == "undertricks":  # B-17 set
            score -= 10 * (c - t)
        elif rules.set_penalty == "bid":
            score -= 10 * c
        # set_penalty "zero": 0
    for s in nil_seats:  # B-18
        value = rules.blind_nil_value if bids[s].blind else rules.nil_value
        score += value if tricks_taken[s] == 0 else -value
    if rules.nil_tricks == "bags":  # B-19: +1 and a bag each
        score += n
        bags += n
    for s in seats:  # B.3 #9 bemo: at most one per team
        kind = bids[s].bemo
        if kind is not None:
            k = _BEMO_TRICKS[kind]
            won = len(trick_winners) >= k and all(w % 2 == team for w in trick_winners[:k])
            score += _BEMO_POINTS[kind] if won else -_BEMO_POINTS[kind]
    if not rules.bags:  # B-20 disabled: overtricks still scored above, no counter
        return score, 0, bags_before, boston_made
    counter = bags_before + bags
    while counter >= rules.bags_limit:  # B-20, the excess carries
        score -= rules.bags_penalty
        counter -= rules.bags_limit
    return score, bags, counter, boston_made


# ---------------------------------------------------------------- argument checks


def _check_pair(rules: SpadesRules, value: object, what: str) -> list[int]:
    """[api] ``totals=`` (ints in -10**12..=10**12) or ``bags=`` (ints in 0..bags_limit-1);
    None = (0, 0)."""
    if value is None:
        return [0, 0]
    if not is_sequence(value):
        raise ArgumentTypeError(
            f"{what} must be None or a sequence of 2 ints (team 0, team 1), got "
            f"{type(value).__name__}"
        )
    values = list(value)
    for i, v in enumerate(values):
        if not is_int(v):
            raise ArgumentTypeError(f"{what}[{i}] must be an int, got {type(v).__name__} {v!r}")
    if len(values) != 2:
        raise InvalidRulesError(f"{what} must hold 2 values (team 0, team 1), got {len(values)}")
    if what == "totals":
        for i, v in enumerate(values):
            if not -MAX_TOTAL <= v <= MAX_TOTAL:
                raise InvalidRulesError(
                    f"totals[{i}] = {v} is out of range; allowed: an int in "
                    "-10**12..=10**12 (engine limit)"
                )
    if what == "bags":
        for i, v in enumerate(values):
            if not 0 <= v < rules.bags_limit:
                raise InvalidRulesError(
                    f"bags[{i}] = {v} is out of range; a bag counter is in "
                    f"0..{rules.bags_limit - 1} (bags_limit={rules.bags_limit}, B-20)"
                )
    return values


def validate_deal(rules: SpadesRules, hands: object) -> list[list[int]]:
    """Check ``hands`` is a deal (4 × 13, every deck card once); return it as lists in the given
    (dealt) order. Errors: ArgumentTypeError, InvalidCardError, InvalidDealError."""
    seats = hand_lists(hands, PLAYERS, _check_card)
    if len(seats) != PLAYERS:
        raise InvalidDealError(f"a Spades deal needs 4 hands, got {len(seats)}")
    deck = rules._deck()
    check_dealt_once(
        seats,
        deck,
        f"with jokers={rules.jokers} the cards {names(set(range(NUM_IDS)) - deck)} are not "
        "used (B-2, B.3 #5)",
    )
    for seat, hand in enumerate(seats):
        if len(hand) != HAND_SIZE:
            raise InvalidDealError(f"seat {seat} holds {len(hand)} cards, expected 13 (B-4)")
    return seats


def _check_deals(rules: SpadesRules, deals: object, what: str) -> list[list[list[int]]]:
    if deals is None:
        return []
    if not is_sequence(deals):
        raise ArgumentTypeError(
            f"{what} must be None or a sequence of deals, got {type(deals).__name__}"
        )
    return [validate_deal(rules, d) for d in deals]


# ---------------------------------------------------------------- one hand


class SpadesState(TrickHand[SpadesRules]):
    """One hand: deal (B-3, B-4, deficient-hand redeal), bidding (B-6..B-8, B.3), play
    (B-10..B-16, B-27) and hand scores (B-17..B-21)."""

    _KIND = "spades-state"
    _MUTABLE = (
        "_rng",
        "_queue",
        "_deals",
        "_claims",
        "_hands",
        "_face_up",
        "_bids",
        "_plays",
        "_trick",
        "_trick_winners",
        "_tricks_taken",
        "_reneges",
    )

    def __init__(
        self,
        rules: SpadesRules,
        *,
        seed: int | None = None,
        dealer: int | None = None,
        hand_index: int | None = None,
        totals: Sequence[int] | None = None,
        bags: Sequence[int] | None = None,
        redeals: Sequence[Sequence[Sequence[int]]] | None = None,
    ) -> None:
        args = self._check_args(rules, dealer, hand_index, totals, bags, seed, redeals)
        self._setup(*args, first_deal=None)

    @classmethod
    def from_deal(
        cls,
        rules: SpadesRules,
        hands: Sequence[Sequence[int]],
        *,
        dealer: int | None = None,
        hand_index: int | None = None,
        totals: Sequence[int] | None = None,
        bags: Sequence[int] | None = None,
        redeals: Sequence[Sequence[Sequence[int]]] | None = None,
        seed: int | None = None,
    ) -> SpadesState:
        """A hand from a given deal: ``hands[s]`` lists seat s's 13 cards in dealt order."""
        args = cls._check_args(rules, dealer, hand_index, totals, bags, seed, None)
        first = validate_deal(args[0], hands)
        queue = _check_deals(args[0], redeals, "redeals")
        self = cls.__new__(cls)
        self._setup(*args[:6], queue, first_deal=first)
        return self

    @staticmethod
    def _check_args(
        rules: object,
        dealer: object,
        hand_index: object,
        totals: object,
        bags: object,
        seed: object,
        redeals: object,
    ) -> tuple[SpadesRules, int, int, list[int], list[int], int, list[list[list[int]]]]:
        r, dealer_, index, seed_ = check_hand_args(rules, SpadesRules, dealer, hand_index, seed)
        return (
            r,
            dealer_,
            index,
            _check_pair(r, totals, "totals"),
            _check_pair(r, bags, "bags"),
            seed_,
            _check_deals(r, redeals, "redeals"),
        )

    def _setup(
        self,
        rules: SpadesRules,
        dealer: int,
        hand_index: int,
        totals: list[int],
        bags: list[int],
        seed: int,
        queue: list[list[list[int]]],
        *,
        first_deal: list[list[int]] | None,
    ) -> None:
        self._rules = rules
        self._dealer = dealer
        self._hand_index = hand_index
        self._totals = totals
        self._bags = bags
        self._rng = random.Random(seed)
        self._queue = queue  # injected deals for redeals, used in order
        self._deals: list[list[list[int]]] = []  # every deal of this hand, in dealt order
        self._claims: list[int] = []  # seats that claimed a deficient-hand redeal, in order
        self._deal(first_deal if first_deal is not None else self._shuffled())

    def _shuffled(self) -> list[list[int]]:
        """0.4 uniform shuffle; B-4: one card at a time clockwise from the dealer's left."""
        deck = sorted(self._rules._deck())
        self._rng.shuffle(deck)
        hands: list[list[int]] = [[] for _ in range(PLAYERS)]
        for i, c in enumerate(deck):
            hands[(self._dealer + 1 + i) % PLAYERS].append(c)
        return hands

    def _deal(self, hands: list[list[int]]) -> None:
        """Start the bidding on a fresh deal (also after a redeal)."""
        self._deals.append([list(h) for h in hands])
        self._hands: list[set[int]] = [set(h) for h in hands]
        # B.3 #2: the first 4 cards dealt to each player are public until played.
        self._face_up: list[set[int]] = [
            set(h[:4]) if self._rules.face_up_first_four else set() for h in hands
        ]
        self._bids: list[Bid | None] = [None] * PLAYERS
        self._nbids = 0
        self._phase = "bid"
        self._current: int | None = (self._dealer + 1) % PLAYERS  # B-6
        self._plays: list[tuple[int, int]] = []
        self._trick: list[tuple[int, int]] = []
        self._trick_winners: list[int] = []
        self._tricks_taken = [0] * PLAYERS
        self._broken = False
        self._reneges: list[tuple[int, int, int]] = []

    # ---------------------------------------------------------------- plain properties

    @property
    def face_up(self) -> list[list[int]]:
        """B.3 #2: per seat, its face-up first-four cards still in hand (public)."""
        return [sorted(f & h) for f, h in zip(self._face_up, self._hands)]

    @property
    def totals(self) -> list[int]:
        """Team totals before this hand (as given; B-9 public)."""
        return list(self._totals)

    @property
    def bags(self) -> list[int]:
        """Team bag counters before this hand (as given)."""
        return list(self._bags)

    bids = copied[Optional[Bid]]("_bids")
    redeal_claims = copied[int]("_claims")
    plays = copied[tuple[int, int]]("_plays")

    @property
    def spades_broken(self) -> bool:
        """B-16 / B.3 #1: a spade (or joker) was played in a completed trick of this hand."""
        return self._broken

    @property
    def reneges(self) -> list[tuple[int, int, int]]:
        """B-27: (trick_number, seat, card) for every illegal play accepted under penalize."""
        return list(self._reneges)

    # ---------------------------------------------------------------- deficient hand (B.3)

    def deficient_seats(self) -> list[int]:
        """Seats that may call ``claim_redeal`` now: rules ``no_spades_no_jqk``, phase "bid",
        no bid made yet, and a hand with no spade/joker and no J, Q, K."""
        if self._rules.deficient_hand == "off" or self._phase != "bid" or self._nbids:
            return []
        return [s for s in range(PLAYERS) if _is_deficient(self._hands[s])]

    def claim_redeal(self, seat: int) -> None:
        """B.3: seat shows a deficient hand before the first bid; the same dealer redeals all
        cards (next injected ``redeals`` entry, else a shuffle from the hand's seed)."""
        if not is_int(seat):
            raise ArgumentTypeError(
                f"claim_redeal: seat must be an int 0..3, got {type(seat).__name__} {seat!r}"
            )
        why = self._claim_refusal(seat)
        if why is not None:
            raise IllegalMoveError(f"claim_redeal: {why}", card=None, legal=self.deficient_seats())
        self._claims.append(seat)
        self._deal(self._queue.pop(0) if self._queue else self._shuffled())

    def _claim_refusal(self, seat: int) -> str | None:
        """Why ``seat`` may not claim a redeal now (B.3), or None."""
        if self._phase != "bid":
            return (
                f"the hand is in phase {self._phase!r}; a redeal may be claimed only in phase "
                "'bid' before the first bid"
            )
        if self._rules.deficient_hand == "off":
            return "these rules have deficient_hand='off'"
        if not 0 <= seat < PLAYERS:
            return f"seat {seat} is out of range; seats are 0..3"
        if self._nbids:
            return "bidding has started; a deficient hand must be shown before the first bid (B.3)"
        if seat not in self.deficient_seats():
            return (
                f"seat {seat}'s hand {names(self._hands[seat])} is not deficient (it holds a "
                "spade, a joker, a J, a Q or a K)"
            )
        return None

    # ---------------------------------------------------------------- bidding (B-6..B-8)

    def _bid_values(self, seat: int) -> list[int]:
        """Legal bid values for ``seat`` given the bids made so far (B-7, B.3, B.6)."""
        rules = self._rules
        partner = self._bids[(seat + 2) % PLAYERS]
        if rules.mirror:  # B.3 #4: forced to the number of spades, jokers included
            return [sum(1 for c in self._hands[seat] if suit_of(c) == SPADES)]
        if rules.fourteen_partnership:  # B.3 #6: team total 7, no bid below 2
            return [2, 3, 4, 5] if partner is None else [7 - partner.value]
        if rules.suicide:  # B.3 suicide: one nil and one bid >= 4 per team
            if partner is None:
                return [0, *range(4, 14)]
            return list(range(4, 14)) if partner.nil else [0]
        if rules.team_bid_cap and partner is not None:  # B.6: partners total <= 13
            return list(range(0, 14 - partner.value))
        return list(range(14))  # B-7

    def legal_bids(self) -> list[int]:
        """Sorted legal values for ``bid(n)`` (not blind) for the current bidder; [] outside
        "bid". With rules ``nil``, 0 is a nil."""
        if self._phase != "bid":
            return []
        assert self._current is not None
        return self._bid_values(self._current)

    def can_bid_blind(self) -> bool:
        """Whether ``bid(0, blind=True)`` (blind nil) is legal now for the current bidder."""
        rules = self._rules
        if self._phase != "bid" or not rules.blind_nil or not rules.nil:
            return False
        if rules.mirror or rules.fourteen_partnership or rules.suicide:  # B.1: ignored
            return False
        seat = self._current
        assert seat is not None
        if seat in self._claims:  # B.3: he looked at his hand to claim a redeal
            return False
        # B.3 / B.4 #4: the team must trail by >= blind_nil_min_deficit; 0 = no restriction.
        need: int = rules.blind_nil_min_deficit
        team = seat % 2
        deficit = self._totals[1 - team] - self._totals[team]
        return need == 0 or deficit >= need

    def legal_bemos(self) -> list[str]:
        """B.3 #9: ["little", "big"] if the current bidder's team may still declare a bemo."""
        if self._phase != "bid" or not self._rules.bemo:
            return []
        assert self._current is not None
        team = self._current % 2
        if any(b is not None and b.bemo is not None for b in self._bids[team::2]):
            return []
        return list(_BEMOS)

    def bid(self, n: int, *, blind: bool | None = None, bemo: str | None = None) -> None:
        """The current bidder bids ``n`` (0..13); ``blind=True`` makes a blind nil (n must be 0;
        None = False); ``bemo`` attaches "little" or "big" for his team."""
        if not is_int(n):
            raise ArgumentTypeError(f"bid: n must be an int 0..13, got {type(n).__name__} {n!r}")
        if blind is None:  # [api] None = the default, False
            blind = False
        if not isinstance(blind, bool):
            raise ArgumentTypeError(
                f"bid: blind must be a bool (or None), got {type(blind).__name__}"
            )
        if bemo is not None and not isinstance(bemo, str):
            raise ArgumentTypeError(
                f"bid: bemo must be None, 'little' or 'big', got {type(bemo).__name__}"
            )
        if bemo is not None:
            check_text(bemo, "bemo")
        why = self._bid_refusal(n, blind, bemo)
        if why is not None:
            raise IllegalMoveError(f"bid: {why}", card=None, legal=self.legal_bids())
        seat = self._current
        assert seat is not None
        nil = self._rules.nil and n == 0  # B-7 (B.3 #4: a forced mirror 0 is a nil too)
        self._bids[seat] = Bid(n, nil, blind, bemo)
        self._nbids += 1
        if self._nbids < PLAYERS:
            self._current = (seat + 1) % PLAYERS
            return
        self._phase = "play"
        if self._rules.first_lead == "lowest_club":  # B.3 #7: the holder of the lowest club
            low = self._rules._lowest_club()
            self._current = next(s for s in range(PLAYERS) if low in self._hands[s])
        else:  # B-10: the eldest hand
            self._current = (self._dealer + 1) % PLAYERS

    def _bid_refusal(self, n: int, blind: bool, bemo: str | None) -> str | None:
        """Why the current bidder may not bid ``n`` (``blind``, with ``bemo``) now, or None."""
        if self._phase != "bid":
            return f"the hand is in phase {self._phase!r}; bids are made only in phase 'bid'"
        seat = self._current
        if blind:
            if n != 0:
                return f"blind=True is a blind nil and needs n=0, got n={n}"
            if not self.can_bid_blind():
                return (
                    f"seat {seat} may not bid blind nil here (needs rules blind_nil and nil, no "
                    "mirror/fourteen_partnership/suicide, no redeal claimed by this seat, and a "
                    "team deficit >= blind_nil_min_deficit)"
                )
        elif n not in self.legal_bids():
            return f"{n} is not a legal bid for seat {seat}; legal bids: {self.legal_bids()}"
        if bemo is not None and bemo not in self.legal_bemos():
            return (
                f"bemo={bemo!r} is not allowed here; allowed: {self.legal_bemos()} (needs rules "
                "bemo, at most one per team per hand)"
            )
        return None

    def contracts(self) -> list[int]:
        """B-8: per team, C = the sum of its non-nil bids made so far."""
        return [
            sum(b.value for b in self._bids[team::2] if b is not None and not b.nil)
            for team in (0, 1)
        ]

    # ---------------------------------------------------------------- play (B-10..B-16, B-27)

    def legal_plays(self) -> list[int]:
        """B-16 for the current player; [] outside "play"."""
        if self._phase != "play":
            return []
        assert self._current is not None
        return legal_cards(
            self._rules,
            self._hands[self._current],
            [c for _, c in self._trick],
            self.trick_number,
            self._broken,
        )

    def _illegal_reason(self, c: int) -> str:
        if not self._trick:
            if self.trick_number == 1 and self._rules.first_lead == "lowest_club":
                return (
                    f"the first trick must be led with "
                    f"{spades_card_name(self._rules._lowest_club())} (B.3 #7)"
                )
            if self.trick_number == 1:
                return "the opening lead may not be a spade while the leader holds another suit"
            return "spades are not broken and the leader holds another suit (B.3 #1)"
        led = suit_of(self._trick[0][1])
        return f"must follow suit: {_SUIT_NAMES[led]} were led (B-12)"

    def play(self, card: int) -> None:
        """Play ``card`` for ``current_player`` (B-16; with renege='penalize' any held card)."""
        c = _check_card(card, "play card")
        if self._phase != "play":
            raise IllegalMoveError(
                f"play: cannot play {spades_card_name(c)}: the hand is in phase "
                f"{self._phase!r}; cards may be played only in phase 'play'",
                card=c,
                legal=[],
            )
        seat = self._current
        assert seat is not None
        legal = self.legal_plays()
        if c not in self._hands[seat]:
            raise IllegalMoveError(
                f"play: seat {seat} does not hold {spades_card_name(c)}; legal plays: "
                f"{names(legal)}",
                card=c,
                legal=legal,
            )
        if c not in legal:
            if self._rules.renege != "penalize":
                raise IllegalMoveError(
                    f"play: {spades_card_name(c)} is not legal for seat {seat}: "
                    f"{self._illegal_reason(c)}; legal plays: {names(legal)}",
                    card=c,
                    legal=legal,
                )
            self._reneges.append((self.trick_number, seat, c))  # B-27: allowed but flagged
        self._hands[seat].remove(c)
        self._trick.append((seat, c))
        self._plays.append((seat, c))
        if len(self._trick) < PLAYERS:
            self._current = (seat + 1) % PLAYERS  # B-12: clockwise
            return
        winner = trick_winner(self._trick)  # B-13
        self._tricks_taken[winner] += 1
        self._trick_winners.append(winner)
        if any(suit_of(x) == SPADES for _, x in self._trick):
            self._broken = True  # "broken" = a spade was played in an earlier trick
        self._trick = []
        if len(self._trick_winners) == TRICKS:  # B-14
            self._end_hand()
        else:
            self._current = winner  # B-11

    # ---------------------------------------------------------------- scores (B-17..B-21)

    def _results(self) -> list[tuple[int, int, int, bool]]:
        if self._phase == "bid":
            return [(0, 0, self._bags[t], False) for t in (0, 1)]
        bids = [b for b in self._bids if b is not None]
        reneged = {seat % 2 for _, seat, _ in self._reneges}
        return [
            team_result(
                self._rules,
                t,
                bids,
                self._tricks_taken,
                self._trick_winners,
                t in reneged,
                self._bags[t],
            )
            for t in (0, 1)
        ]

    def hand_scores(self) -> list[int]:
        """B-21 per team (B-27 for a reneging team); [0, 0] in "bid", as if the hand ended now
        in "play"."""
        return [r[0] for r in self._results()]

    def hand_bags(self) -> list[int]:
        """Bags added to each team's counter this hand, before the B-20 reduction."""
        return [r[1] for r in self._results()]

    def bags_after(self) -> list[int]:
        """Each team's bag counter after this hand (B-20)."""
        return [r[2] for r in self._results()]

    def totals_after(self) -> list[int]:
        """``totals`` plus ``hand_scores()``."""
        return [t + s for t, s in zip(self._totals, self.hand_scores())]

    def boston_made(self) -> int | None:
        """B.3 #8: the team whose C == 13 contract was made (rules boston != 'off'), once over."""
        if self._phase != "over":
            return None
        made = [t for t, r in enumerate(self._results()) if r[3]]
        return made[0] if made else None

    # ---------------------------------------------------------------- equality

    def _key(self) -> tuple[Any, ...]:
        return (
            self._rules,
            self._dealer,
            self._hand_index,
            tuple(self._totals),
            tuple(self._bags),
            tuple(tuple(tuple(h) for h in d) for d in self._deals),
            tuple(self._claims),
            tuple(self._bids),
            tuple(self._plays),
        )


# ---------------------------------------------------------------- a whole game (B-22)


class SpadesGame(TrickGame[SpadesRules, SpadesState]):
    """A game: hands are dealt, bid, played and scored until the B-22 end test holds.

    ``totals``, ``bags`` and ``winners`` are by team: 0 = seats 0 and 2, 1 = seats 1 and 3.
    """

    _KIND = "spades-game"
    _MUTABLE = ("_rng", "_queue", "_history", "_winners", "_totals", "_bags", "_state")
    _IDS = SPADES_IDS

    def __init__(
        self,
        rules: SpadesRules,
        *,
        seed: int | None = None,
        first_dealer: int | None = None,
        deals: Sequence[Sequence[Sequence[int]]] | None = None,
        totals: Sequence[int] | None = None,
        bags: Sequence[int] | None = None,
    ) -> None:
        rules, first_dealer, seed = check_game_args(rules, SpadesRules, first_dealer, seed)
        queue = _check_deals(rules, deals, "deals")
        self._begin(rules, seed, first_dealer, _check_pair(rules, totals, "totals"))
        self._queue = queue  # every deal (new hand or redeal) takes the next entry
        self._bags = _check_pair(rules, bags, "bags")
        self._text_sheet = (tuple(self._totals), tuple(self._bags))  # for to_text
        self._state = self._deal_hand()

    def _deal_hand(self) -> SpadesState:
        h, dealer, hand_seed = self._next_deal()
        common: dict[str, Any] = {
            "dealer": dealer,
            "hand_index": h,
            "bags": self._bags,
            "seed": hand_seed,
        }
        if self._queue:
            first = self._queue.pop(0)
            state = SpadesState.from_deal(self._rules, first, redeals=self._queue, **common)
        else:
            state = SpadesState(self._rules, **common)
        # [api] The running totals are passed on unchecked: only the totals given to the
        # constructor are held to the +-10**12 limit; play may carry them past it.
        state._totals = list(self._totals)
        # docs/text-format.md 4.4: one generator deals the future hands and the redeals.
        state._rng = self._rng
        return state

    def _finish_hand(self) -> None:
        st, rules = self._state, self._rules
        self._text_done = (*self._text_done, st)
        # The redeals this hand took from the injected queue (SpadesState copied it).
        del self._queue[: len(st.redeal_claims)]
        scores = st.hand_scores()
        self._totals = st.totals_after()
        self._bags = st.bags_after()
        boston = st.boston_made()
        self._history.append(
            {
                "dealer": st.dealer,
                "bids": st.bids,
                "tricks_taken": st.tricks_taken,
                "hand_scores": scores,
                "hand_bags": st.hand_bags(),
                "reneges": st.reneges,
                "boston": boston,
                "totals": list(self._totals),
                "bags": list(self._bags),
            }
        )
        totals = self._totals
        if boston is not None and rules.boston == "wins_game":  # B-22: wins outright
            self._over, self._winners = True, [boston]
            return
        reached = (
            any(t >= rules.win_score for t in totals)
            or (rules.lose_score is not None and any(t <= rules.lose_score for t in totals))
            or (rules.negative_inverse_loses and any(t <= -rules.win_score for t in totals))
        )
        if not self._end_test(reached):  # B-22; tied teams share at the hard stop
            self._state = self._deal_hand()

    # ---------------------------------------------------------------- delegating members

    def legal_bids(self) -> list[int]:
        return self._state.legal_bids()

    def can_bid_blind(self) -> bool:
        return self._state.can_bid_blind()

    def legal_bemos(self) -> list[str]:
        return self._state.legal_bemos()

    def bid(self, n: int, *, blind: bool | None = None, bemo: str | None = None) -> None:
        self._state.bid(n, blind=blind, bemo=bemo)

    def deficient_seats(self) -> list[int]:
        return self._state.deficient_seats()

    def claim_redeal(self, seat: int) -> None:
        self._state.claim_redeal(seat)

    def legal_plays(self) -> list[int]:
        return self._state.legal_plays()

    bags = copied[int]("_bags")

    def copy(self) -> SpadesGame:
        new = super().copy()
        new._state._rng = new._rng  # one generator, as in _deal_hand
        return new
