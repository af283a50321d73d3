"""``HeartsState``: one hand of the Hearts family (docs/rules/hearts.md A-3..A-21, A.6).

Plain sets of int card ids; every rule is written out the way docs/rules/hearts.md states it,
with the rule id next to it. See the package docstring for the resolutions of open points.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

from hearts_fast.errors import (
    ArgumentTypeError,
    IllegalMoveError,
    InvalidDealError,
    InvalidRulesError,
)

from ._base import TrickHand
from ._common import check_hand_args, check_text, field, is_int
from .cards import (
    CLUBS,
    HEARTS,
    JACK_OF_DIAMONDS,
    QUEEN_OF_SPADES,
    SUIT_NAMES,
    card_name,
    check_card,
    check_dealt_once,
    hand_lists,
    names,
    rank_of,
    suit_of,
)
from .rules import HeartsRules

__all__ = ["HeartsState"]

# A.6: "random" draws one of these uniformly.
_RANDOM_DIRECTIONS = ("left", "across", "right", "hold")
_FIXED_DIRECTIONS = ("left", "right", "across", "hold")


def _check_pass_direction(rules: HeartsRules, pass_direction: object) -> str | None:
    """docs/hearts-api.md [api]: pass_direction= only with rules pass_direction='random'."""
    if pass_direction is None:
        return None
    allowed = ", ".join(repr(d) for d in _FIXED_DIRECTIONS)
    if not isinstance(pass_direction, str):
        raise ArgumentTypeError(
            f"pass_direction must be None or a str, one of {allowed}; got "
            f"{type(pass_direction).__name__}"
        )
    check_text(pass_direction, "pass_direction")
    if rules.pass_direction != "random":
        raise InvalidRulesError(
            f"pass_direction={pass_direction!r} may be given only with rules "
            "pass_direction='random' "
            f"(these rules have pass_direction={rules.pass_direction!r}); pass None"
        )
    if pass_direction not in _FIXED_DIRECTIONS:
        raise InvalidRulesError(
            f"pass_direction={pass_direction!r} is not allowed; allowed: None, {allowed}"
        )
    return pass_direction


def _hand_sizes(rules: HeartsRules, dealer: int) -> list[int]:
    """A-6 / A-7: hand sizes of a deal from ``dealer``; extra cards go to the first seats
    left of the dealer."""
    n = rules.players
    deck_size = len(rules._deck())
    base, extra = divmod(deck_size, n)
    sizes = [base] * n
    for i in range(extra):
        sizes[(dealer + 1 + i) % n] += 1
    return sizes


def validate_deal(rules: HeartsRules, hands: object, dealer: int) -> list[set[int]]:
    """Check ``hands`` is exactly an A-6/A-7 deal from ``dealer``; return it as sets.

    Raises ArgumentTypeError (wrong types), InvalidCardError (id out of 0..51) or
    InvalidDealError (wrong seat count, card not in the deck, duplicated or missing card,
    wrong hand size).
    """
    n = rules.players
    seats = hand_lists(hands, n)
    if len(seats) != n:
        raise InvalidDealError(f"a deal for {n} players needs {n} hands, got {len(seats)}")
    deck = rules._deck()
    check_dealt_once(
        seats,
        deck,
        f"with {n} players and deck_adjust={rules.deck_adjust!r} the cards "
        f"{names(set(range(52)) - deck)} are removed (A-3)",
    )
    sizes = _hand_sizes(rules, dealer)
    for seat, hand in enumerate(seats):
        if len(hand) != sizes[seat]:
            raise InvalidDealError(
                f"seat {seat} holds {len(hand)} cards, expected {sizes[seat]} for a deal from "
                "dealer "
                f"{dealer} (hand sizes by seat: {sizes}; A-6/A-7)"
            )
    return [set(h) for h in seats]


class HeartsState(TrickHand[HeartsRules]):
    """One hand: deal, pass phase (A-8..A-11), play (A-12..A-19) and hand scores (A-20, A-21)."""

    _KIND = "hearts-state"
    _MUTABLE = (
        "_hands",
        "_passes",
        "_plays",
        "_trick",
        "_trick_winners",
        "_won",
        "_tricks_taken",
    )

    # ---------------------------------------------------------------- construction

    def __init__(
        self,
        rules: HeartsRules,
        *,
        seed: int | None = None,
        dealer: int | None = None,
        hand_index: int | None = None,
        pass_direction: str | None = None,
    ) -> None:
        rules, dealer, hand_index, seed_, fixed = self._check_args(
            rules, dealer, hand_index, seed, pass_direction
        )
        rng = random.Random(seed_)
        # 0.4 uniform shuffle; deal one card at a time clockwise from the dealer's left.
        deck = sorted(rules._deck())
        rng.shuffle(deck)
        n = rules.players
        hands: list[set[int]] = [set() for _ in range(n)]
        for i, c in enumerate(deck):
            hands[(dealer + 1 + i) % n].add(c)
        self._setup(rules, hands, dealer, hand_index, fixed, rng)

    @classmethod
    def from_deal(
        cls,
        rules: HeartsRules,
        hands: Sequence[Sequence[int]],
        *,
        dealer: int | None = None,
        hand_index: int | None = None,
        pass_direction: str | None = None,
        seed: int | None = None,
    ) -> HeartsState:
        """A hand from a given deal (seat 0 first); it must be exactly an A-6/A-7 deal."""
        rules, dealer, hand_index, seed_, fixed = cls._check_args(
            rules, dealer, hand_index, seed, pass_direction
        )
        dealt = validate_deal(rules, hands, dealer)
        self = cls.__new__(cls)
        self._setup(rules, dealt, dealer, hand_index, fixed, random.Random(seed_))
        return self

    @staticmethod
    def _check_args(
        rules: object, dealer: object, hand_index: object, seed: object, pass_direction: object
    ) -> tuple[HeartsRules, int, int, int, str | None]:
        r, dealer_, index, seed_ = check_hand_args(rules, HeartsRules, dealer, hand_index, seed)
        return r, dealer_, index, seed_, _check_pass_direction(r, pass_direction)

    def _setup(
        self,
        rules: HeartsRules,
        hands: list[set[int]],
        dealer: int,
        hand_index: int,
        fixed_direction: str | None,
        rng: random.Random,
    ) -> None:
        n = rules.players
        self._rules = rules
        self._n = n
        self._dealer = dealer
        self._hand_index = hand_index
        self._dealt: list[frozenset[int]] = [frozenset(h) for h in hands]
        self._hands: list[set[int]] = [set(h) for h in hands]
        # the seats holding an extra card (deal_all) play two cards in trick 1.
        base = min(len(h) for h in hands)
        self._extra_seats = frozenset(s for s in range(n) if len(hands[s]) > base)

        # A-8 direction resolution.
        direction = rules.pass_direction
        if direction == "rotate":
            cycle = ("left", "right", "across", "hold") if n >= 4 else ("left", "right", "hold")
            direction = cycle[hand_index % len(cycle)]
        elif direction == "random":  # A.6
            direction = (
                fixed_direction if fixed_direction is not None else rng.choice(_RANDOM_DIRECTIONS)
            )
        if direction == "across" and n == 3:  # across with 3 players behaves as hold
            direction = "hold"
        self._direction = direction
        self._offset = {"left": 1, "right": n - 1, "across": n // 2, "hold": 0}[direction]
        pass_count = rules.pass_count  # "auto" reads the pass table
        k = pass_count if isinstance(pass_count, int) else rules._auto_pass_count()
        self._k = 0 if direction == "hold" else k

        self._passes: dict[int, tuple[int, ...] | None] = {}  # seat -> packet, None = FORWARD
        self._plays: list[tuple[int, int]] = []  # full play history
        self._trick: list[tuple[int, int]] = []
        self._trick_winners: list[int] = []
        self._won: list[set[int]] = [set() for _ in range(n)]  # every card taken, per seat
        self._tricks_taken = [0] * n
        self._broken = False
        if self._k == 0:
            self._start_play()
        else:
            self._phase = "pass"
            self._current: int | None = 0

    def _start_play(self) -> None:
        self._phase = "play"
        # the eldest hand leads; V-A1: with two_of_clubs the holder of the lowest club.
        if self._rules.first_lead == "two_of_clubs":
            low = self._rules._lowest_club()
            self._current = next(s for s in range(self._n) if low in self._hands[s])
        else:
            self._current = (self._dealer + 1) % self._n

    # ---------------------------------------------------------------- plain properties

    pass_direction = field[str]("_direction")
    pass_count = field[int]("_k")

    @property
    def current_player(self) -> int | None:
        if self._phase == "pass":
            return min(self.pending_passes())  # [api] lowest pending seat
        return self._current

    @property
    def captured(self) -> list[list[int]]:
        """A-18: the value cards each seat has taken (public)."""
        value = self._rules._value_cards()
        return [sorted(w & value) for w in self._won]

    @property
    def hearts_broken(self) -> bool:
        """A-14: a heart (or Q♠ with queen_breaks_hearts) was played in a completed trick."""
        return self._broken

    # ---------------------------------------------------------------- pass phase (A-8..A-11)

    def pending_passes(self) -> list[int]:
        if self._phase != "pass":
            return []
        return [s for s in range(self._n) if s not in self._passes]

    def _check_seat(self, seat: object, action: str) -> int:
        if not is_int(seat):
            raise ArgumentTypeError(
                f"{action}: seat must be an int 0..{self._n - 1}, got {type(seat).__name__} "
                f"{seat!r}"
            )
        return seat  # type: ignore[return-value]

    def _pass_choices(self, seat: int) -> list[int]:
        """``.legal`` of a refused ``pass_cards(seat, …)``: the cards the seat may choose its
        pass from (its dealt hand) when it may pass now, else none (docs/protocol.md)."""
        if seat in self.pending_passes():
            return sorted(self._dealt[seat])
        return []

    def _forward_choices(self) -> list[int]:
        """``.legal`` of a refused ``forward(seat)``: the seats that may forward now."""
        return self.pending_passes() if self._rules.pass_through else []

    def _check_can_pass(self, seat: int, action: str) -> None:
        legal = self._forward_choices() if action == "forward" else []
        if self._phase != "pass":
            raise IllegalMoveError(
                f"{action}: the hand is in phase {self._phase!r}; passing is allowed only in "
                "phase 'pass'",
                card=None,
                legal=legal,
            )
        if not 0 <= seat < self._n:
            raise IllegalMoveError(
                f"{action}: seat {seat} is out of range; pending seats: {self.pending_passes()}",
                card=None,
                legal=legal,
            )
        if seat in self._passes:
            raise IllegalMoveError(
                f"{action}: seat {seat} has already passed or forwarded; pending seats: "
                f"{self.pending_passes()}",
                card=None,
                legal=legal,
            )

    def pass_cards(self, seat: int, cards: Iterable[int]) -> None:
        """A-8/A-10: seat commits k cards from his dealt hand."""
        seat = self._check_seat(seat, "pass_cards")
        if isinstance(cards, (str, bytes)) or not isinstance(cards, Iterable):
            raise ArgumentTypeError(
                f"pass_cards: cards must be a sequence of int card ids, got {type(cards).__name__}"
            )
        packet = [check_card(c, "pass_cards card") for c in cards]
        self._check_can_pass(seat, "pass_cards")
        k = self._k
        if len(packet) != k:
            raise IllegalMoveError(
                f"pass_cards: seat {seat} must pass exactly {k} cards, got {len(packet)}",
                card=None,
                legal=self._pass_choices(seat),
            )
        if len(set(packet)) != len(packet):
            raise IllegalMoveError(
                f"pass_cards: the {k} cards must be distinct, got {[card_name(c) for c in packet]}",
                card=None,
                legal=self._pass_choices(seat),
            )
        not_held = [c for c in packet if c not in self._dealt[seat]]
        if not_held:
            raise IllegalMoveError(
                f"pass_cards: seat {seat} does not hold {names(not_held)}; "
                f"choose {k} cards from the dealt hand {names(self._dealt[seat])}",
                card=None,
                legal=self._pass_choices(seat),
            )
        self._passes[seat] = tuple(sorted(packet))
        self._maybe_deliver()

    def forward(self, seat: int) -> None:
        """A-11: seat declares FORWARD (needs pass_through)."""
        seat = self._check_seat(seat, "forward")
        self._check_can_pass(seat, "forward")
        if not self._rules.pass_through:
            raise IllegalMoveError(
                "forward: FORWARD needs rules pass_through=True; use pass_cards(seat, cards)",
                card=None,
                legal=self._forward_choices(),
            )
        self._passes[seat] = None
        self._maybe_deliver()

    def _maybe_deliver(self) -> None:
        if self.pending_passes():
            return
        # A-11 chain forwarding: each non-forwarder's packet travels in the pass direction
        # through forwarders to the first non-forwarder reached (possibly its own sender).
        n, off = self._n, self._offset
        deliveries: list[tuple[int, int, tuple[int, ...]]] = []
        for sender in range(n):
            packet = self._passes[sender]
            if packet is None:
                continue
            dest = (sender + off) % n
            while self._passes[dest] is None:
                dest = (dest + off) % n
            deliveries.append((sender, dest, packet))
        new_hands = [set(h) for h in self._dealt]
        for sender, _, packet in deliveries:
            new_hands[sender] -= set(packet)
        for _, dest, packet in deliveries:
            new_hands[dest] |= set(packet)
        self._hands = new_hands
        self._start_play()

    # ---------------------------------------------------------------- play (A-12..A-19)

    def _is_first_trick(self) -> bool:
        return not self._trick_winners

    def legal_plays(self) -> list[int]:
        """A-16 legal-card function, with the A.6 options."""
        if self._phase != "play":
            return []
        assert self._current is not None
        rules = self._rules
        hand = self._hands[self._current]
        first = self._is_first_trick()
        if not self._trick:  # leading
            if first and rules.first_lead == "two_of_clubs":
                if rules.can_lead_any_club:  # A.6: the holder of the lowest club may lead any club
                    return sorted(c for c in hand if suit_of(c) == CLUBS)
                return [rules._lowest_club()]  # V-A1
            candidates = set(hand)
            if rules.hearts_must_be_broken and not self._broken:
                non_hearts = {c for c in hand if suit_of(c) != HEARTS}
                if non_hearts:
                    if rules.can_lead_hearts_instead_of_qs and non_hearts == {QUEEN_OF_SPADES}:
                        candidates = set(hand)  # A.6: a heart or Q♠
                    else:
                        candidates = non_hearts
        else:  # following, also for a second card in trick 1
            led = suit_of(self._trick[0][1])
            candidates = {c for c in hand if suit_of(c) == led} or set(hand)
        if first and rules.first_trick_no_points:
            safe = {c for c in candidates if rules._penalty_value(c) == 0}
            if safe:
                candidates = safe
        return sorted(candidates)

    def _illegal_reason(self, c: int) -> str:
        """Why the card ``c`` is not legal now (for the IllegalMoveError message)."""
        seat = self._current
        assert seat is not None
        hand = self._hands[seat]
        rules = self._rules
        if c not in hand:
            return f"seat {seat} does not hold {card_name(c)}"
        if not self._trick:
            if self._is_first_trick() and rules.first_lead == "two_of_clubs":
                if rules.can_lead_any_club:
                    return (
                        "the first trick must be led with a club (first_lead='two_of_clubs', "
                        "can_lead_any_club)"
                    )
                return f"the first trick must be led with {card_name(rules._lowest_club())} (V-A1)"
            if suit_of(c) == HEARTS and rules.hearts_must_be_broken and not self._broken:
                return "hearts are not broken and the leader holds a non-heart (A-14)"
        else:
            led = suit_of(self._trick[0][1])
            if suit_of(c) != led and any(suit_of(h) == led for h in hand):
                return f"must follow suit: {SUIT_NAMES[led]} were led (A-13)"
        if self._is_first_trick() and rules.first_trick_no_points and rules._penalty_value(c) > 0:
            return (
                "no penalty card may be played in the first trick while another card is legal "
                "(A-15)"
            )
        return "the card is not legal here (A-16)"  # pragma: no cover - defensive

    def play(self, card: int) -> None:
        """Play ``card`` for ``current_player``."""
        c = check_card(card, "play card")
        if self._phase != "play":
            raise IllegalMoveError(
                f"play: cannot play {card_name(c)}: the hand is in phase {self._phase!r}; "
                "cards may be played only in phase 'play'",
                card=c,
                legal=[],
            )
        legal = self.legal_plays()
        if c not in legal:
            raise IllegalMoveError(
                f"play: {card_name(c)} is not legal for seat {self._current}: "
                f"{self._illegal_reason(c)}; "
                f"legal plays: {names(legal)}",
                card=c,
                legal=legal,
            )
        seat = self._current
        assert seat is not None
        self._hands[seat].remove(c)
        self._trick.append((seat, c))
        self._plays.append((seat, c))
        first = self._is_first_trick()
        trick_size = self._n + (len(self._extra_seats) if first else 0)
        if first and seat in self._extra_seats and sum(1 for s, _ in self._trick if s == seat) == 1:
            return  # an extra-card holder plays his second card at once
        if len(self._trick) < trick_size:
            self._current = (seat + 1) % self._n
            return
        self._finish_trick()

    def _finish_trick(self) -> None:
        rules = self._rules
        # the highest card of the led suit wins (all cards compete, A-7 double play too).
        led = suit_of(self._trick[0][1])
        winner, _ = max(
            ((s, c) for s, c in self._trick if suit_of(c) == led), key=lambda sc: rank_of(sc[1])
        )
        cards = {c for _, c in self._trick}
        self._won[winner] |= cards
        self._tricks_taken[winner] += 1
        self._trick_winners.append(winner)
        # hearts are broken once a heart was played in a (now earlier) trick.
        if any(suit_of(c) == HEARTS for c in cards) or (
            rules.queen_breaks_hearts and QUEEN_OF_SPADES in cards
        ):
            self._broken = True
        self._trick = []
        remaining = set().union(*self._hands)
        if not remaining:
            self._end_hand()
        elif rules.early_end and not (remaining & rules._value_cards()):
            self._end_hand()  # the last value card in play was just captured
        else:
            self._current = winner

    # ---------------------------------------------------------------- scores

    def points(self) -> list[int]:
        """A-20: pen_i, the penalty value each seat has captured (so far)."""
        return [sum(self._rules._penalty_value(c) for c in w) for w in self._won]

    def _bonuses(self) -> list[int]:
        """A-20 / V-A3: bon_i = 10 for the taker of J♦ in the Jota variant."""
        if not self._rules.jack_of_diamonds:
            return [0] * self._n
        return [10 if JACK_OF_DIAMONDS in w else 0 for w in self._won]

    def moon_shooter(self) -> int | None:
        """A-21: the seat that captured every penalty card (+ J♦ when required), once over."""
        rules = self._rules
        if self._phase != "over" or rules.moon == "none":
            return None
        needed = set(rules._penalty_cards())
        if rules.jack_of_diamonds and rules.moon_requires_jack:
            needed.add(JACK_OF_DIAMONDS)
        for seat in range(self._n):
            if needed <= self._won[seat]:
                return seat
        return None

    def hand_scores(self) -> list[int]:
        """A-21 h_i, minus avoid_all_tricks_bonus (A.6) for trickless seats when no moon."""
        rules = self._rules
        pen, bon = self.points(), self._bonuses()
        shooter = self.moon_shooter()
        v = rules._total_penalty()
        if shooter is None:
            scores = [pen[i] - bon[i] for i in range(self._n)]
            bonus = rules.avoid_all_tricks_bonus
            return [
                scores[i] - (bonus if self._tricks_taken[i] == 0 else 0) for i in range(self._n)
            ]
        if rules.moon == "subtract_self":
            return [(-v - bon[i]) if i == shooter else -bon[i] for i in range(self._n)]
        # add_others
        return [-bon[i] if i == shooter else v - bon[i] for i in range(self._n)]

    # ---------------------------------------------------------------- equality

    def _key(self) -> tuple[Any, ...]:
        return (
            self._rules,
            self._dealer,
            self._hand_index,
            self._direction,
            self._k,
            tuple(self._dealt),
            tuple(sorted(self._passes.items())),
            tuple(self._plays),
        )
