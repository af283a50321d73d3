"""Card ids, names and parsing for the reference engine (docs/protocol.md "Cards").

A card is a plain ``int`` id ``suit * 13 + rank``: clubs = 0, diamonds = 1, hearts = 2,
spades = 3; rank 0 = "2", 1 = "3", ..., 8 = "T", 9 = "J", 10 = "Q", 11 = "K", 12 = "A"
(docs/rules/README.md 0.2: A high ... 2 low, so a higher rank index is a higher card). The
jokers are 52 ("LJ": Spades' Little Joker and rummy's joker) and 53 ("BJ": Spades' Big
Joker).
``card_name`` gives every id 0..53 its one canonical name; ``card`` reads the canonical
names and the other accepted spellings ("10H", "qs", "Q♠", "JK" = "LJ").
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import NamedTuple

from hearts_fast.errors import ArgumentTypeError, InvalidCardError, InvalidDealError

from ._common import check_text, is_int, is_sequence

__all__ = [
    "ACE_OF_SPADES",
    "BIG_JOKER",
    "CLUBS",
    "DIAMONDS",
    "HEARTS",
    "HEARTS_IDS",
    "JACK_OF_DIAMONDS",
    "KING_OF_SPADES",
    "LITTLE_JOKER",
    "NUM_CARDS",
    "QUEEN_OF_SPADES",
    "SPADES",
    "CardIds",
    "card",
    "card_name",
    "check_card",
    "check_dealt_once",
    "rank_of",
    "suit_of",
]

NUM_CARDS = 52
CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "CDHS"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
_SUIT_SYMBOLS = {"♣": CLUBS, "♦": DIAMONDS, "♥": HEARTS, "♠": SPADES}

QUEEN_OF_SPADES = SPADES * 13 + 10  # 49
KING_OF_SPADES = SPADES * 13 + 11  # 50
ACE_OF_SPADES = SPADES * 13 + 12  # 51
JACK_OF_DIAMONDS = DIAMONDS * 13 + 9  # 22
LITTLE_JOKER = 52
BIG_JOKER = 53
# Canonical joker names, then the other spellings ``card`` accepts.
_JOKER_NAMES = {LITTLE_JOKER: "LJ", BIG_JOKER: "BJ"}
_JOKER_TEXTS = {"LJ": LITTLE_JOKER, "BJ": BIG_JOKER, "JK": LITTLE_JOKER}


def suit_of(card_id: int) -> int:
    """Suit index (0 clubs .. 3 spades) of a card id."""
    return card_id // 13


def rank_of(card_id: int) -> int:
    """Rank index (0 = "2" .. 12 = "A") of a card id; higher is stronger (0.2)."""
    return card_id % 13


def card(text: str) -> int:
    """Parse a card such as "QS", "TH", "10H", "qs", "Q♠", "10♥", "LJ" or "JK" into its id.

    Rank then suit; ranks ``2-9 T 10 J Q K A``, suits ``C D H S ♣ ♦ ♥ ♠``, any case; or a
    joker: "LJ" (52), "BJ" (53), and "JK" read as "LJ".
    """
    if not isinstance(text, str):
        raise ArgumentTypeError(
            f"card() takes a str such as 'QS' or '10H', got {type(text).__name__}"
        )
    allowed = (
        "rank 2-9, T, 10, J, Q, K or A followed by suit C, D, H, S, ♣, ♦, ♥ or ♠, "
        "or a joker LJ, BJ (JK = LJ)"
    )
    check_text(text, "card() argument")
    if text.strip().upper() in _JOKER_TEXTS:
        return _JOKER_TEXTS[text.strip().upper()]
    if len(text) < 2:
        raise InvalidCardError(f"invalid card text {text!r}: expected {allowed}")
    rank_text, suit_text = text[:-1].upper(), text[-1].upper()
    if suit_text in SUIT_CHARS:
        suit = SUIT_CHARS.index(suit_text)
    elif suit_text in _SUIT_SYMBOLS:
        suit = _SUIT_SYMBOLS[suit_text]
    else:
        raise InvalidCardError(
            f"invalid card text {text!r}: unknown suit {text[-1]!r}; expected {allowed}"
        )
    if rank_text == "10":
        rank = 8
    elif len(rank_text) == 1 and rank_text in RANK_CHARS:
        rank = RANK_CHARS.index(rank_text)
    else:
        raise InvalidCardError(
            f"invalid card text {text!r}: unknown rank {text[:-1]!r}; expected {allowed}"
        )
    return suit * 13 + rank


def card_name(card_id: int) -> str:
    """The canonical name of a card id 0..53: 49 -> "QS", 34 -> "TH", 0 -> "2C", 52 -> "LJ",
    53 -> "BJ"; ``card(card_name(i)) == i``."""
    if isinstance(card_id, bool) or not isinstance(card_id, int):
        raise ArgumentTypeError(
            f"card_name() argument must be an int card id 0..53, got "
            f"{type(card_id).__name__} {card_id!r}"
        )
    if not 0 <= card_id <= BIG_JOKER:
        raise InvalidCardError(
            f"card_name() argument: card id {card_id} is out of range; card ids are 0..53 "
            "(52 = LJ, 53 = BJ)"
        )
    if card_id in _JOKER_NAMES:
        return _JOKER_NAMES[card_id]
    return RANK_CHARS[rank_of(card_id)] + SUIT_CHARS[suit_of(card_id)]


class CardIds(NamedTuple):
    """The card ids a game takes, 0..``last``; ``note`` ends the message of an id out of
    range."""

    last: int
    note: str

    def check(self, value: object, what: str = "card") -> int:
        """Validate a card id given to the API: an int (not bool) in 0..``last``.

        Raises ArgumentTypeError for a wrong type and InvalidCardError for an id out of range.
        """
        if not is_int(value):
            raise ArgumentTypeError(
                f"{what} must be an int card id 0..{self.last}, got {type(value).__name__} "
                f"{value!r}"
            )
        if not 0 <= value <= self.last:  # type: ignore[operator]
            raise InvalidCardError(f"{what}: card id {value} is out of range; {self.note}")
        return value  # type: ignore[return-value]


#: The Hearts family's ids: the 52 cards.
HEARTS_IDS = CardIds(NUM_CARDS - 1, "card ids are 0..51")
check_card = HEARTS_IDS.check


def names(cards: object) -> str:
    """Readable list of card names for error messages, e.g. "[2C, QS]"."""
    return "[" + ", ".join(card_name(c) for c in sorted(cards)) + "]"  # type: ignore[call-overload]


def hand_lists(
    hands: object, players: int, check: Callable[[object, str], int] = check_card
) -> list[list[int]]:
    """The seats' card lists of ``hands`` (a sequence of sequences of card ids), each card
    checked by ``check``; ArgumentTypeError when the shape is wrong. The seat count is left
    to the caller."""
    if not is_sequence(hands):
        raise ArgumentTypeError(
            f"hands must be a sequence of {players} sequences of int card ids, "
            f"got {type(hands).__name__}"
        )
    seats: list[list[int]] = []
    for seat, hand in enumerate(hands):
        if isinstance(hand, (str, bytes)) or not isinstance(hand, Iterable):
            raise ArgumentTypeError(
                f"hands[{seat}] must be a sequence of int card ids, got {type(hand).__name__}"
            )
        seats.append([check(c, f"hands[{seat}] card") for c in hand])
    return seats


def check_dealt_once(seats: list[list[int]], deck: frozenset[int], not_in_deck: str) -> None:
    """Every card of ``deck`` is in exactly one of the hands ``seats``: InvalidDealError names
    the first card that is not in the deck (``not_in_deck`` says which cards are not, and
    why), that is dealt twice, or that is missing."""
    where: dict[int, int] = {}
    for seat, hand in enumerate(seats):
        for c in hand:
            if c not in deck:
                raise InvalidDealError(
                    f"card {card_name(c)} (seat {seat}) is not in the deck: {not_in_deck}"
                )
            if c in where:
                raise InvalidDealError(
                    f"card {card_name(c)} is dealt more than once (seats {where[c]} and {seat}); "
                    "every card of the deck must appear exactly once"
                )
            where[c] = seat
    missing = sorted(deck - set(where))
    if missing:
        raise InvalidDealError(
            f"card {card_name(missing[0])} is missing from the deal (missing: {names(missing)}); "
            "every card of the deck must appear exactly once"
        )
