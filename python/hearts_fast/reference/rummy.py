"""Pure-Python reference engine for Rummy "La Dame de Pique" (docs/rules/rummy.md;
docs/rummy-api.md).

The independent, obviously-correct oracle for the fast engine's rummy. Written from
docs/rules/rummy.md C.1..C.4 and the contract only; rule ids are cited next to the code.
Clarity over speed: legal actions are found by brute-force enumeration.

Cards are the Hearts ids ``suit*13 + rank`` (clubs 0, diamonds 1, hearts 2, spades 3; rank
0 = "2" .. 12 = "A") plus the joker, id 52 (all four jokers are the same card). The deck is
two of each id 0..51 and four 52s (C-2). Card lists are multisets: sorted lists with repeats.

Melds are tuples in canonical form: a set = naturals sorted ascending then its jokers; a run
= its cards in position order (A low = 1, 2..K = 2..13, A high = 14), a joker at the
position it stands for.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, Optional

from hearts_fast.errors import (
    ArgumentTypeError,
    IllegalMoveError,
    InvalidArgumentError,
    InvalidDealError,
    InvalidRulesError,
)

from ._base import Game, Hand
from ._common import (
    Rules,
    check_game_args,
    check_hand_args,
    check_rules,
    check_text,
    copied,
    field,
    is_int,
    is_sequence,
)
from .cards import CardIds, card_name

__all__ = [
    "JOKER",
    "QUEEN_OF_SPADES",
    "RummyGame",
    "RummyRules",
    "RummyState",
    "all_melds_bruteforce",
    "card_value",
    "is_valid_meld",
    "meld_value",
    "rummy_card_name",
]

JOKER = 52
QUEEN_OF_SPADES = 49
QS = QUEEN_OF_SPADES
NUM_IDS = 53  # ids 0..52 name a card
DECK_SIZE = 108  # C-2
ACE = 12  # rank index of the ace
MAX_SET = 8  # C-6
MAX_RUN = 14  # C-7: A(low)..A(high)
# [api] engine limits (docs/rummy-api.md).
MAX_RULE_INT = 1_000_000
MAX_TOTAL = 10**12

Meld = tuple[int, ...]
Action = tuple[Any, ...]


def full_deck() -> list[int]:
    """C-2: two 52-card packs and four jokers, sorted."""
    return sorted(list(range(52)) * 2 + [JOKER] * 4)


#: Deprecated alias of `hearts_fast.reference.card_name` (one naming for every game:
#: the joker 52 is "LJ"; ``card("JK") == 52``).
rummy_card_name = card_name


def _names(cards: Iterable[int]) -> str:
    return "[" + " ".join(rummy_card_name(c) for c in cards) + "]"


#: The rummy ids: the 52 cards and the joker.
RUMMY_IDS = CardIds(JOKER, "rummy card ids are 0..52 (52 = joker)")
_check_card = RUMMY_IDS.check


# ---------------------------------------------------------------- rules (C.1)

# name -> (kind, spec, default): the kinds of every game (``Rules._validate``), and "jokers"
# for max_jokers_per_meld (the int 1 or the str "unlimited").
_PARAMS: dict[str, tuple[str, Any, Any]] = {
    "players": ("int", (2, 6), 4),  # C-1
    "hand_size": ("int", (1, 20), 14),  # C-3 [api] bound
    "opening_min": ("int", (0, MAX_RULE_INT), 30),  # C-11
    "q_spades_value": ("int", (0, MAX_RULE_INT), 150),  # C-5
    "joker_value": ("int", (0, MAX_RULE_INT), 50),  # C-5
    "max_jokers_per_meld": ("jokers", None, 1),  # C-8
    "initial_upcard": ("bool", None, True),  # C-4
    "stock_exhausted": ("choice", ("reshuffle", "end_hand"), "reshuffle"),  # C-19
    "max_turns_per_hand": ("int", (1, MAX_RULE_INT), 1000),  # C-19
    "target": ("int", (1, MAX_RULE_INT), 1000),  # C-21
    "tie": ("choice", ("play_on", "share"), "play_on"),  # 0.6
    "max_hands": ("opt_int", (1, MAX_RULE_INT), None),  # 0.7
}

_PRESETS: dict[str, dict[str, Any]] = {"default": {}}


def _validate_jokers(name: str, kind: str, value: Any) -> None:
    """C-8 ``max_jokers_per_meld``: the int 1 or the str "unlimited"."""
    if not (is_int(value) or isinstance(value, str)):
        raise ArgumentTypeError(
            f"rule {name!r} must be the int 1 or the str 'unlimited', got "
            f"{type(value).__name__} {value!r}"
        )
    if isinstance(value, str):
        check_text(value, name)
    if value not in (1, "unlimited"):
        raise InvalidRulesError(
            f"rule {name!r} = {value!r} is not allowed; allowed: 1, 'unlimited' (C-8)"
        )


def _check_combinations(p: dict[str, Any]) -> None:
    """C-2, C-4: the deal must leave at least one card for the stock."""
    if p["players"] * p["hand_size"] + 1 > DECK_SIZE:
        raise InvalidRulesError(
            f"players={p['players']} x hand_size={p['hand_size']} leaves no "
            "card for the stock: players * hand_size + 1 must be <= 108 (C-2, C-4)"
        )


class RummyRules(Rules):
    """An immutable rummy rule set (docs/rules/rummy.md C.1); keyword-only parameters."""

    __slots__ = ()
    _PARAMS = _PARAMS
    _PRESETS = _PRESETS
    _check_combinations = staticmethod(_check_combinations)
    _validate_other = staticmethod(_validate_jokers)

    def deck(self) -> list[int]:
        """The 108 cards (C-2) as a sorted multiset: two of each id 0..51, four jokers (52)."""
        return full_deck()

    def _max_jokers(self) -> int:
        """C-8: jokers allowed per meld (the deck has 4, so "unlimited" is 4)."""
        return 1 if self._params["max_jokers_per_meld"] == 1 else 4


# ---------------------------------------------------------------- values and melds (C-5..C-9)


def card_value(rules: RummyRules, card: int) -> int:
    """C-5 value of a card in hand or anywhere but the low ace of a run: A 11, 2..10 face,
    J/Q/K 10, Q♠ ``q_spades_value``, joker ``joker_value``."""
    c = _check_card(card)
    if c == JOKER:
        return int(rules.joker_value)
    if c == QS:
        return int(rules.q_spades_value)
    r = c % 13
    if r == ACE:
        return 11
    if r >= 8:  # 10, J, Q, K
        return 10
    return r + 2


def _position(rank: int, index: int, length: int) -> int | None:
    """C-7: position of a natural of ``rank`` at ``index`` of a run of ``length`` cards.
    2..K -> 2..13; an ace is 1 when first, 14 when last, impossible elsewhere."""
    if rank != ACE:
        return rank + 2
    if index == 0:
        return 1
    if index == length - 1:
        return 14
    return None


def _run_start(meld: Meld) -> int | None:
    """The position of a run's first card, or None if ``meld`` is not a run shape (C-7):
    one suit, every natural consistent with one start, positions within 1..14."""
    naturals = [c for c in meld if c != JOKER]
    if not naturals or len({c // 13 for c in naturals}) != 1:
        return None
    starts = set()
    for i, c in enumerate(meld):
        if c == JOKER:
            continue
        p = _position(c % 13, i, len(meld))
        if p is None:
            return None
        starts.add(p - i)
    if len(starts) != 1:
        return None
    start = starts.pop()
    if start < 1 or start + len(meld) - 1 > MAX_RUN:
        return None  # no wrap-around (C-7)
    return start


def _meld_kind(rules: RummyRules, meld: Meld) -> str | None:
    """ "set", "run" or None (not a valid canonical meld) for a checked tuple of ids."""
    if len(meld) < 3:
        return None
    counts = Counter(meld)
    if any(n > (4 if c == JOKER else 2) for c, n in counts.items()):
        return None  # [api] must exist in the 108-card deck
    naturals = [c for c in meld if c != JOKER]
    jokers = len(meld) - len(naturals)
    if len(naturals) < 2 or jokers > rules._max_jokers():  # C-8
        return None
    if len({c % 13 for c in naturals}) == 1:  # C-6 set: canonical = sorted naturals + jokers
        if len(meld) <= MAX_SET and meld == tuple(sorted(naturals)) + (JOKER,) * jokers:
            return "set"
        return None
    if _run_start(meld) is not None:  # C-7
        return "run"
    return None


def _check_meld(meld: object, what: str = "meld") -> Meld:
    """[api] a tuple of int ids 0..52 (types first, then ids)."""
    if not isinstance(meld, tuple):
        raise ArgumentTypeError(
            f"{what} must be a tuple of int card ids, got {type(meld).__name__} {meld!r}"
        )
    for c in meld:
        if not is_int(c):
            raise ArgumentTypeError(
                f"{what} must hold int card ids 0..52, got {type(c).__name__} {c!r}"
            )
    for c in meld:
        _check_card(c, what)
    return meld


def is_valid_meld(rules: RummyRules, meld: Meld) -> bool:
    """C-6/C-7/C-8: True iff ``meld`` is a valid meld in canonical form under ``rules``."""
    r = check_rules(rules, RummyRules)
    return _meld_kind(r, _check_meld(meld)) is not None


def meld_value(rules: RummyRules, meld: Meld) -> int:
    """C-9: sum of the C-5 values; an ace is 1 only at position 1 of a run."""
    r = check_rules(rules, RummyRules)
    m = _check_meld(meld)
    kind = _meld_kind(r, m)
    if kind is None:
        raise InvalidArgumentError(f"{_names(m)} is not a valid canonical meld (C-6..C-8)")
    return _value(r, m, kind)


def _value(rules: RummyRules, meld: Meld, kind: str) -> int:
    start = _run_start(meld) if kind == "run" else None
    total = 0
    for i, c in enumerate(meld):
        if start is not None and c != JOKER and start + i == 1:
            total += 1  # C-5: the low ace of a run
        else:
            total += card_value(rules, c)
    return total


def _fits(cards: Iterable[int], hand: Counter[int]) -> bool:
    need = Counter(cards)
    return all(hand[c] >= n for c, n in need.items())


def all_melds_bruteforce(rules: RummyRules, hand: Sequence[int], allow_jokers: bool) -> list[Meld]:
    """Every distinct valid canonical meld whose cards fit in the multiset ``hand``, sorted.

    Sets: every sub-multiset (3..8 cards) of one rank's naturals plus the held jokers. Runs:
    every suit, start position, length and choice of joker positions. Each candidate is kept
    iff ``is_valid_meld`` accepts it and it fits in the hand.
    """
    r = check_rules(rules, RummyRules)
    if isinstance(hand, (str, bytes)) or not isinstance(hand, Iterable):
        raise ArgumentTypeError(f"hand must be a sequence of card ids, got {type(hand).__name__}")
    held = Counter(_check_card(c, "hand card") for c in hand)
    if not isinstance(allow_jokers, bool):
        raise ArgumentTypeError("allow_jokers must be a bool")
    for c, n in sorted(held.items()):
        if n > (4 if c == JOKER else 2):
            raise InvalidDealError(
                f"hand holds card {c} {n} times, more often than the 108-card deck (two of "
                "each face, four jokers; C-2)"
            )
    jokers = min(held[JOKER], r._max_jokers()) if allow_jokers else 0
    found: set[Meld] = set()
    # C-6 sets: per rank, the sub-multisets by copy count of each id.
    for rank in range(13):
        ids = [s * 13 + rank for s in range(4)]
        ranges = [range(held[c] + 1) for c in ids] + [range(jokers + 1)]
        for counts in itertools.product(*ranges):
            cards: list[int] = []
            for c, n in zip(ids, counts[:4]):
                cards += [c] * n
            meld = tuple(cards) + (JOKER,) * counts[4]
            if 3 <= len(meld) <= MAX_SET and _meld_kind(r, meld) == "set":
                found.add(meld)
    # C-7 runs: suit, start, length, joker positions.
    for suit in range(4):
        for start in range(1, MAX_RUN - 1):
            for length in range(3, MAX_RUN - start + 2):
                positions = range(start, start + length)
                natural = [suit * 13 + (12 if p in (1, 14) else p - 2) for p in positions]
                for k in range(jokers + 1):
                    for joker_at in itertools.combinations(range(length), k):
                        meld = tuple(JOKER if i in joker_at else natural[i] for i in range(length))
                        if _fits(meld, held) and _meld_kind(r, meld) == "run":
                            found.add(meld)
    return sorted(found)


# ---------------------------------------------------------------- multiset helpers


def _minus(hand: Sequence[int], cards: Iterable[int]) -> list[int] | None:
    """``hand`` minus the multiset ``cards`` (sorted), or None if they do not fit."""
    rest = Counter(hand)
    rest.subtract(Counter(cards))
    if any(n < 0 for n in rest.values()):
        return None
    return sorted(rest.elements())


def _legal_discards(hand: Sequence[int], qs_exception: bool) -> list[int]:
    """C-16/C-18: any held card but Q♠; with this turn's exception, a Q♠ that does not empty
    the hand (going out with a Q♠ is never allowed)."""
    out = {c for c in hand if c != QS}
    if qs_exception and QS in hand and len(hand) >= 2:
        out.add(QS)
    return sorted(out)


def _lay_off(rules: RummyRules, meld: Meld, card: int, end: str) -> Meld | None:
    """C-13: ``meld`` with ``card`` added at ``end`` ("low"/"high" for a run, "set" for a set),
    canonical; None if ``end`` does not fit the meld's kind or the result is invalid."""
    kind = _meld_kind(rules, meld)
    if kind == "set" and end == "set":
        naturals = sorted(c for c in (*meld, card) if c != JOKER)
        new = tuple(naturals) + (JOKER,) * (len(meld) + 1 - len(naturals))
    elif kind == "run" and end == "low":
        new = (card, *meld)
    elif kind == "run" and end == "high":
        new = (*meld, card)
    else:
        return None
    return new if _meld_kind(rules, new) == kind else None


def _total(rules: RummyRules, melds: Iterable[Meld]) -> int:
    """C-9 value of several valid melds (C-11 opening total)."""
    return sum(_value(rules, m, _meld_kind(rules, m) or "set") for m in melds)


def _combos(candidates: list[Meld], hand: Sequence[int], first: int = 0) -> Iterator[list[Meld]]:
    """Every ascending list (repeats allowed) of melds from ``candidates`` (sorted) that fit
    together in ``hand``, the empty list included."""
    yield []
    for j in range(first, len(candidates)):
        rest = _minus(hand, candidates[j])
        if rest is None:
            continue
        for tail in _combos(candidates, rest, j):
            yield [candidates[j], *tail]


# ---------------------------------------------------------------- argument checks


def _check_totals(rules: RummyRules, value: object) -> list[int]:
    n = rules.players
    if value is None:
        return [0] * n
    if not is_sequence(value):
        raise ArgumentTypeError(
            f"totals must be None or a sequence of {n} ints, got {type(value).__name__}"
        )
    values = list(value)
    for i, v in enumerate(values):
        if not is_int(v):
            raise ArgumentTypeError(f"totals[{i}] must be an int, got {type(v).__name__} {v!r}")
    if len(values) != n:
        raise InvalidRulesError(f"totals must hold {n} values (one per seat), got {len(values)}")
    for i, v in enumerate(values):
        if not -MAX_TOTAL <= v <= MAX_TOTAL:
            raise InvalidRulesError(
                f"totals[{i}] = {v} is out of range; allowed: an int in -10**12..=10**12"
            )
    return values


def _card_list(value: object, what: str) -> list[int]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise ArgumentTypeError(
            f"{what} must be a sequence of int card ids, got {type(value).__name__}"
        )
    items = list(value)
    for c in items:
        if not is_int(c):
            raise ArgumentTypeError(
                f"{what} must hold int card ids 0..52, got {type(c).__name__} {c!r}"
            )
    return items


def validate_deal(
    rules: RummyRules, hands: object, stock: object, pile: object
) -> tuple[list[list[int]], list[int], list[int] | None]:
    """Check a deal: types, ids, seat count, hand sizes, then the 108-card multiset."""
    if not is_sequence(hands):
        raise ArgumentTypeError(
            f"hands must be a sequence of per-seat card lists, got {type(hands).__name__}"
        )
    seats = [_card_list(h, f"hands[{s}]") for s, h in enumerate(hands)]
    stock_list = _card_list(stock, "stock")
    pile_list = None if pile is None else _card_list(pile, "pile")
    for s, h in enumerate(seats):
        for c in h:
            _check_card(c, f"hands[{s}] card")
    for c in stock_list:
        _check_card(c, "stock card")
    for c in pile_list or []:
        _check_card(c, "pile card")
    if len(seats) != rules.players:
        raise InvalidDealError(f"the deal needs {rules.players} hands, got {len(seats)}")
    for s, h in enumerate(seats):
        if len(h) != rules.hand_size:
            raise InvalidDealError(
                f"seat {s} holds {len(h)} cards, expected hand_size={rules.hand_size} (C-3)"
            )
    have = Counter(stock_list + (pile_list or []))
    for h in seats:
        have.update(h)
    for c in range(NUM_IDS):
        expected = 4 if c == JOKER else 2
        if have[c] > expected:
            raise InvalidDealError(
                f"card {rummy_card_name(c)} appears {have[c]} times; the 108-card deck holds "
                f"{expected} (C-2)"
            )
        if have[c] < expected:
            raise InvalidDealError(
                f"card {rummy_card_name(c)} appears {have[c]} times, {expected} expected: "
                "hands + stock + pile must be exactly the 108-card deck (C-2)"
            )
    return [sorted(h) for h in seats], stock_list, pile_list


_SHAPES: dict[str, tuple[str, ...]] = {
    "draw": (),
    "take_pile": ("melds",),
    "open": ("melds",),
    "meld": ("meld",),
    "lay_off": ("index", "card", "end"),
    "end": (),
    "discard": ("card",),
}


def _check_action(action: object) -> Action:
    """[api] types, then card ids; an unknown name is an IllegalMoveError."""
    if not isinstance(action, tuple):
        raise ArgumentTypeError(f"an action must be a tuple, got {type(action).__name__}")
    if not action or not isinstance(action[0], str):
        raise ArgumentTypeError("an action must be a tuple starting with its name (a str)")
    name = check_text(action[0], "the action name")
    if name not in _SHAPES:
        raise IllegalMoveError(
            f"unknown action {name!r}; actions: {', '.join(_SHAPES)}", card=None, legal=[]
        )
    shape = _SHAPES[name]
    if len(action) != 1 + len(shape):
        raise ArgumentTypeError(
            f"action {name!r} takes {len(shape)} argument(s) ({', '.join(shape)}), "
            f"got {len(action) - 1}"
        )
    for kind, value in zip(shape, action[1:]):
        if kind in ("index", "card") and not is_int(value):
            raise ArgumentTypeError(
                f"{name}: {kind} must be an int, got {type(value).__name__} {value!r}"
            )
        if kind == "end":
            if not isinstance(value, str):
                raise ArgumentTypeError(f"{name}: end must be a str, got {type(value).__name__}")
            check_text(value, "end")
        if kind == "meld":
            if not isinstance(value, tuple) or not all(is_int(c) for c in value):
                raise ArgumentTypeError(f"{name}: the meld must be a tuple of int card ids")
        if kind == "melds":
            if not isinstance(value, tuple) or not all(
                isinstance(m, tuple) and all(is_int(c) for c in m) for m in value
            ):
                raise ArgumentTypeError(
                    f"{name}: melds must be a tuple of melds (tuples of int card ids)"
                )
    for kind, value in zip(shape, action[1:]):
        if kind == "card":
            _check_card(value, f"{name} card")
        elif kind == "meld":
            _check_meld(value, f"{name} meld")
        elif kind == "melds":
            for m in value:
                _check_meld(m, f"{name} meld")
    return action


def _action_card(a: Action) -> int | None:
    """``IllegalMoveError.card`` of a refused action: the card it names, if any."""
    return a[2] if a[0] == "lay_off" else a[1] if a[0] == "discard" else None


# ---------------------------------------------------------------- one hand


class RummyState(Hand[RummyRules]):
    """One hand (C-3 .. C-20): deal, turns draw -> meld -> discard, scores."""

    _KIND = "rummy-state"
    _MUTABLE = (
        "_rng",
        "_totals",
        "_hands",
        "_melds",
        "_opened",
        "_blocked",
        "_stock",
        "_pile",
        "_text_log",
    )

    def __init__(
        self,
        rules: RummyRules,
        *,
        seed: int | None = None,
        dealer: int | None = None,
        hand_index: int | None = None,
        totals: Sequence[int] | None = None,
    ) -> None:
        r, dealer_, index, totals_, seed_ = self._check_args(
            rules, dealer, hand_index, totals, seed
        )
        rng = random.Random(seed_)
        deck = full_deck()
        rng.shuffle(deck)  # 0.4
        n, size = r.players, r.hand_size
        hands: list[list[int]] = [[] for _ in range(n)]
        for i in range(n * size):  # C-3: one at a time, clockwise from the dealer's left
            hands[(dealer_ + 1 + i) % n].append(deck[i])
        stock = deck[n * size :]  # C-4: top first
        self._setup(r, dealer_, index, totals_, rng, hands, stock, None)

    @classmethod
    def from_deal(
        cls,
        rules: RummyRules,
        hands: Sequence[Sequence[int]],
        stock: Sequence[int],
        *,
        pile: Sequence[int] | None = None,
        dealer: int | None = None,
        hand_index: int | None = None,
        totals: Sequence[int] | None = None,
        seed: int | None = None,
    ) -> RummyState:
        """A hand from a given deal: ``stock`` top first, ``pile`` bottom -> top or None."""
        r, dealer_, index, totals_, seed_ = cls._check_args(rules, dealer, hand_index, totals, seed)
        seats, stock_list, pile_list = validate_deal(r, hands, stock, pile)
        self = cls.__new__(cls)
        self._setup(r, dealer_, index, totals_, random.Random(seed_), seats, stock_list, pile_list)
        return self

    @staticmethod
    def _check_args(
        rules: object, dealer: object, hand_index: object, totals: object, seed: object
    ) -> tuple[RummyRules, int, int, list[int], int]:
        r, dealer_, index, seed_ = check_hand_args(rules, RummyRules, dealer, hand_index, seed)
        return r, dealer_, index, _check_totals(r, totals), seed_

    def _setup(
        self,
        rules: RummyRules,
        dealer: int,
        hand_index: int,
        totals: list[int],
        rng: random.Random,
        hands: list[list[int]],
        stock: list[int],
        pile: list[int] | None,
    ) -> None:
        n = rules.players
        self._rules = rules
        self._dealer = dealer
        self._hand_index = hand_index
        self._totals = totals
        self._rng = rng
        self._hands: list[list[int]] = [sorted(h) for h in hands]
        self._stock: list[int] = list(stock)  # top first
        if pile is None:
            pile = [self._stock.pop(0)] if rules.initial_upcard and self._stock else []  # C-4
        self._pile: list[int] = list(pile)  # bottom -> top
        self._melds: list[list[Meld]] = [[] for _ in range(n)]
        self._opened = [False] * n
        self._blocked = [False] * n
        self._turn = 0
        self._went_out: int | None = None
        self._phase = "draw"
        self._current: int | None = (dealer + 1) % n  # C-3
        self._opening_turn = False  # C-11: no jokers for the rest of this turn
        self._qs_exception = False  # C-16: began with exactly [Q♠] and drew the other Q♠
        # For to_text: the deal as complete (after C-4) and every action and reshuffle.
        self._text_deal = (tuple(map(tuple, self._hands)), tuple(self._stock), tuple(self._pile))
        self._text_log: list[Action] = []
        self._start_draw_phase()

    # ---------------------------------------------------------------- plain properties

    totals = copied[int]("_totals")

    @property
    def melds(self) -> list[list[Meld]]:
        return [list(m) for m in self._melds]

    opened = copied[bool]("_opened")
    blocked = copied[bool]("_blocked")

    @property
    def stock_size(self) -> int:
        return len(self._stock)

    stock = copied[int]("_stock")
    pile = copied[int]("_pile")
    turn = field[int]("_turn")
    went_out = field[Optional[int]]("_went_out")

    # ---------------------------------------------------------------- legal actions

    def _has_discard_after(self, hand: Sequence[int]) -> bool:
        """C-15: melding must leave a legal discard (C-16)."""
        return bool(_legal_discards(hand, self._qs_exception))

    def _take_pile_actions(self, p: int) -> list[Action]:
        """C-12: a new meld from the pile's top card plus >= 2 hand cards."""
        hand, top, rest = self._hands[p], self._pile[-1], self._pile[:-1]
        out: list[Action] = []
        if self._opened[p]:
            for m in all_melds_bruteforce(self._rules, [*hand, top], True):
                if top not in m:
                    continue
                used = _minus(hand, _minus(m, [top]) or [])
                if used is not None and self._has_discard_after(used + rest):
                    out.append(("take_pile", (m,)))
            return out
        if top == JOKER:
            return out  # C-12: a joker on top only for an opened player
        # C-11/C-12: the whole opening, natural, from the top card + pre-pickup hand.
        for m0 in all_melds_bruteforce(self._rules, [*hand, top], False):
            if top not in m0:
                continue
            left = _minus(hand, _minus(m0, [top]) or [])
            if left is None:
                continue
            others = all_melds_bruteforce(self._rules, left, False)
            for tail in _combos(others, left):
                melds = [m0, *tail]
                total = _total(self._rules, melds)
                final = _minus(left, [c for m in tail for c in m])
                if total >= self._rules.opening_min and final is not None:
                    if self._has_discard_after(final + rest):
                        out.append(("take_pile", tuple(melds)))
        return out

    def _open_actions(self, p: int) -> list[Action]:
        """C-11: >= 1 disjoint natural melds, total >= opening_min, sorted ascending."""
        hand = self._hands[p]
        out: list[Action] = []
        for melds in _combos(all_melds_bruteforce(self._rules, hand, False), hand):
            if not melds:
                continue
            total = _total(self._rules, melds)
            left = _minus(hand, [c for m in melds for c in m])
            if total >= self._rules.opening_min and left is not None:
                if self._has_discard_after(left):
                    out.append(("open", tuple(melds)))
        return out

    def _meld_actions(self, p: int) -> list[Action]:
        """C-13: a new meld; jokers except in the opening turn (C-11)."""
        hand = self._hands[p]
        out: list[Action] = []
        for m in all_melds_bruteforce(self._rules, hand, not self._opening_turn):
            left = _minus(hand, m)
            if left is not None and self._has_discard_after(left):
                out.append(("meld", m))
        return out

    def _lay_off_actions(self, p: int) -> list[Action]:
        """C-13/C-14: one card onto one of his own melds."""
        hand = self._hands[p]
        out: list[Action] = []
        for i, meld in enumerate(self._melds[p]):
            for c in sorted(set(hand)):
                if c == JOKER and self._opening_turn:
                    continue
                left = _minus(hand, [c])
                if left is None or not self._has_discard_after(left):
                    continue
                for end in ("high", "low", "set"):
                    if _lay_off(self._rules, meld, c, end) is not None:
                        out.append(("lay_off", i, c, end))
        return out

    def legal_actions(self) -> list[Action]:
        """All legal actions of the current player, sorted ascending, no duplicates."""
        p = self._current
        if self._phase == "over" or p is None:
            return []
        out: list[Action] = []
        if self._phase == "draw":
            out.append(("draw",))
            if not self._blocked[p] and self._pile:
                out += self._take_pile_actions(p)
        elif self._phase == "meld":
            out.append(("end",))
            if not self._opened[p]:
                out += self._open_actions(p)
            else:
                out += self._meld_actions(p)
                out += self._lay_off_actions(p)
        else:  # discard
            out += [("discard", c) for c in _legal_discards(self._hands[p], self._qs_exception)]
        return sorted(set(out))

    # ---------------------------------------------------------------- apply

    def apply(self, action: Action) -> None:
        """Play ``action`` for the current player (see docs/rummy-api.md "Actions"). A refused
        action raises IllegalMoveError with ``.legal`` = ``legal_actions()``."""
        try:
            a = _check_action(action)
        except IllegalMoveError as e:
            e.legal = self.legal_actions()
            raise
        name = a[0]
        legal = self.legal_actions()
        if a not in legal:
            raise IllegalMoveError(self._illegal_reason(a), card=_action_card(a), legal=legal)
        self._text_log.append(a)
        p = self._current
        assert p is not None
        hand = self._hands[p]
        if name == "draw":  # C-10
            c = self._stock.pop(0)
            self._qs_exception = hand == [QS] and c == QS  # C-16 exception
            self._hands[p] = sorted([*hand, c])
            self._phase = "discard" if self._blocked[p] else "meld"  # C-17
        elif name == "take_pile":  # C-12
            melds: tuple[Meld, ...] = a[1]
            top, rest = self._pile[-1], self._pile[:-1]
            used = [*(_minus(melds[0], [top]) or []), *(c for m in melds[1:] for c in m)]
            self._hands[p] = sorted((_minus(hand, used) or []) + rest)
            self._pile = []
            self._melds[p] += list(melds)
            if not self._opened[p]:
                self._opened[p] = True
                self._opening_turn = True
            self._phase = "meld"
        elif name == "open":  # C-11
            self._hands[p] = _minus(hand, [c for m in a[1] for c in m]) or []
            self._melds[p] += list(a[1])
            self._opened[p] = True
            self._opening_turn = True
        elif name == "meld":  # C-13
            self._hands[p] = _minus(hand, a[1]) or []
            self._melds[p].append(a[1])
        elif name == "lay_off":  # C-13
            _, i, c, end = a
            new = _lay_off(self._rules, self._melds[p][i], c, end)
            assert new is not None
            self._hands[p] = _minus(hand, [c]) or []
            self._melds[p][i] = new
        elif name == "end":
            self._phase = "discard"
        else:  # discard (C-16, C-18)
            self._discard(p, a[1])

    def _illegal_reason(self, a: Action) -> str:
        p = self._current
        if self._phase == "over" or p is None:
            return f"{a!r}: the hand is over; no more moves are allowed"
        return (
            f"{a!r} is not legal for seat {p} in phase {self._phase!r} (hand "
            f"{_names(self._hands[p])}); see legal_actions()"
        )

    def _discard(self, p: int, c: int) -> None:
        self._hands[p] = _minus(self._hands[p], [c]) or []
        self._pile.append(c)  # [api] the going-out card too (it counts 0)
        self._turn += 1
        self._opening_turn = False
        self._qs_exception = False
        if not self._hands[p]:  # C-18: out
            self._went_out = p
            self._end_hand()
            return
        if self._hands[p] == [QS] and not any(  # C-17
            _lay_off(self._rules, m, QS, end) is not None
            for m in self._melds[p]
            for end in ("low", "high", "set")
        ):
            self._blocked[p] = True
        if self._turn >= self._rules.max_turns_per_hand:  # C-19 turn cap
            self._end_hand()
            return
        self._current = (p + 1) % self._rules.players
        self._phase = "draw"
        self._start_draw_phase()

    def _start_draw_phase(self) -> None:
        """C-19: an empty stock at the start of a draw phase."""
        if self._stock:
            return
        if self._rules.stock_exhausted == "reshuffle" and len(self._pile) > 1:
            rest = self._pile[:-1]
            self._rng.shuffle(rest)
            self._stock = rest
            self._pile = self._pile[-1:]
            self._text_log.append(("reshuffle", tuple(rest)))
            return
        self._end_hand()

    # ---------------------------------------------------------------- scores (C-20)

    def hand_scores(self) -> list[int]:
        """C-20: Σ meld values − Σ hand values per seat, as if the hand ended now."""
        r = self._rules
        return [
            sum(meld_value(r, m) for m in melds) - sum(card_value(r, c) for c in hand)
            for melds, hand in zip(self._melds, self._hands)
        ]

    def totals_after(self) -> list[int]:
        return [t + s for t, s in zip(self._totals, self.hand_scores())]

    # ---------------------------------------------------------------- reachability

    def _unreachable_reason(self) -> str | None:
        """Why no sequence of legal moves from a deal reaches this position, or None.

        Every reachable position holds the 108 cards (C-2) in valid melds (C-6 .. C-8) of
        opened players (C-11); turns follow C-3 below the turn cap; each turn draws a card or
        the pile and discards one (C-10, C-16), so no seat holds fewer cards (in hand and
        melds) than it was dealt; only the player who went out (not on Q♠) has an empty hand
        and that ends the hand (C-18); nobody out ends it only at the turn cap or on a stock
        that cannot be rebuilt (C-19); a blocked player holds his lone Q♠ (C-17); and the
        player to move can still discard (C-15) and has a legal move.
        """
        r, n = self._rules, self._rules.players
        everything = Counter(self._stock + self._pile)
        for seat in range(n):
            everything.update(self._hands[seat])
            everything.update(c for m in self._melds[seat] for c in m)
        if everything != Counter(full_deck()):
            return (
                f"stock, pile, hands and melds hold {sum(everything.values())} cards, not the "
                "108-card deck (C-2)"
            )
        for seat in range(n):
            for m in self._melds[seat]:
                if not is_valid_meld(r, m):
                    return f"seat {seat}'s meld {m} is not a valid meld (C-6 .. C-8)"
            if bool(self._melds[seat]) != self._opened[seat]:
                return f"seat {seat} has melds if and only if it has opened (C-11)"
        if not 0 <= self._turn <= r.max_turns_per_hand:
            return f"turn {self._turn} is outside 0..=max_turns_per_hand ({r.max_turns_per_hand})"
        over = self._phase == "over"
        to_move = (self._dealer + 1 + self._turn) % n  # C-3
        if not over and (self._current != to_move or self._turn >= r.max_turns_per_hand):
            return (
                f"after {self._turn} turns from dealer {self._dealer} seat {to_move} is to "
                f"move (C-3), not {self._current}"
            )
        mid_turn = not over and self._phase in ("meld", "discard")
        for seat in range(n):
            held = len(self._hands[seat]) + sum(len(m) for m in self._melds[seat])
            if mid_turn and seat == self._current:
                ok = held > r.hand_size
            elif (seat - self._dealer - 1) % n >= self._turn:  # its first turn is to come
                ok = held == r.hand_size
            else:
                ok = held >= r.hand_size
            if not ok:
                return (
                    f"seat {seat} holds {held} cards in hand and melds after {self._turn} "
                    f"turns, dealt {r.hand_size} (C-3, C-10, C-16)"
                )
        why = self._end_reason(over)
        if why is not None or over:
            return why
        hand = self._hands[to_move]
        if self._phase != "draw" and not _legal_discards(hand, self._qs_exception):
            return f"seat {to_move} has no legal discard left (C-15, C-16)"
        if not self.legal_actions():
            return f"seat {to_move} has no legal move in the {self._phase} phase"
        return None

    def _end_reason(self, over: bool) -> str | None:
        """The C-17 .. C-19 part of `_unreachable_reason`."""
        r, empty = self._rules, [s for s, h in enumerate(self._hands) if not h]
        w = self._went_out
        if w is not None:
            if not over or empty != [w] or not self._pile or self._pile[-1] == QS:
                return (
                    f"seat {w} went out: the hand is over, only his hand is empty and his "
                    "last discard (not Q♠) is on the pile (C-18)"
                )
        elif empty:
            return f"seats {empty} hold no card but nobody went out (C-18)"
        elif over:
            rebuilt = r.stock_exhausted == "reshuffle" and len(self._pile) > 1
            capped = self._turn >= r.max_turns_per_hand
            if not capped and (self._stock or rebuilt):
                return (
                    f"the hand is over with nobody out after {self._turn} turns with "
                    f"{len(self._stock)} stock and {len(self._pile)} pile cards (C-19: only "
                    "the turn cap or a stock that cannot be rebuilt ends it)"
                )
        elif self._phase == "draw" and not self._stock:
            return "a draw phase has a stock to draw from (C-19)"
        for seat in (s for s in range(len(self._hands)) if self._blocked[s]):
            hand = self._hands[seat]
            drawing = not over and seat == self._current and self._phase == "discard"
            if (len(hand), hand.count(QS)) not in ([(2, 1), (2, 2)] if drawing else [(1, 1)]):
                return f"blocked seat {seat} holds its lone Q♠ (and the card it drew) (C-17)"
            if any(
                _lay_off(r, m, QS, end) is not None
                for m in self._melds[seat]
                for end in ("low", "high", "set")
            ):
                return f"blocked seat {seat} has a meld that takes its Q♠ (C-17)"
        return None

    # ---------------------------------------------------------------- equality

    def _key(self) -> tuple[Any, ...]:
        return (
            self._rules,
            self._dealer,
            self._hand_index,
            self._totals,
            self._hands,
            self._melds,
            self._opened,
            self._blocked,
            self._stock,
            self._pile,
            self._phase,
            self._current,
            self._turn,
            self._went_out,
            self._opening_turn,
            self._qs_exception,
        )


# ---------------------------------------------------------------- a whole game (C-21)

Deal = tuple[Sequence[Sequence[int]], Sequence[int]]


class RummyGame(Game[RummyRules, RummyState]):
    """A game: hands until some total reaches ``target`` (C-21, 0.6, 0.7)."""

    _KIND = "rummy-game"
    _MUTABLE = ("_rng", "_queue", "_history", "_winners", "_totals", "_state")

    def __init__(
        self,
        rules: RummyRules,
        *,
        seed: int | None = None,
        first_dealer: int | None = None,
        deals: Sequence[Deal] | None = None,
        totals: Sequence[int] | None = None,
    ) -> None:
        r, first, seed_ = check_game_args(rules, RummyRules, first_dealer, seed)
        queue = self._check_deals(r, deals)
        self._begin(r, seed_, first, _check_totals(r, totals))
        self._queue = queue
        self._text_sheet = tuple(self._totals)  # the starting totals, for to_text
        self._state = self._deal_hand()
        self._settle()

    @staticmethod
    def _check_deals(rules: RummyRules, deals: object) -> list[tuple[list[list[int]], list[int]]]:
        if deals is None:
            return []
        if not is_sequence(deals):
            raise ArgumentTypeError(
                f"deals must be None or a sequence of (hands, stock) pairs, got "
                f"{type(deals).__name__}"
            )
        out = []
        for i, d in enumerate(deals):
            if not is_sequence(d) or len(d) != 2:
                raise ArgumentTypeError(f"deals[{i}] must be a (hands, stock) pair")
            seats, stock, _ = validate_deal(rules, d[0], d[1], None)
            out.append((seats, stock))
        return out

    def _deal_hand(self) -> RummyState:
        h, dealer, hand_seed = self._next_deal()
        if self._queue:
            hands, stock = self._queue.pop(0)
            state = RummyState.from_deal(
                self._rules, hands, stock, dealer=dealer, hand_index=h, seed=hand_seed
            )
        else:
            state = RummyState(self._rules, dealer=dealer, hand_index=h, seed=hand_seed)
        state._totals = list(self._totals)  # running totals are passed on unchecked
        return state

    def _settle(self) -> None:
        """Score every finished hand and deal the next until a hand is in play or the game
        is over (a hand can end at once by C-19)."""
        while not self._over and self._state.is_over:
            st, rules = self._state, self._rules
            self._text_done = (*self._text_done, st)
            scores = st.hand_scores()
            self._totals = st.totals_after()
            self._history.append(
                {
                    "dealer": st.dealer,
                    "hand_scores": scores,
                    "totals": list(self._totals),
                    "went_out": st.went_out,
                }
            )
            if not self._end_test(any(t >= rules.target for t in self._totals)):  # C-21
                self._state = self._deal_hand()

    def legal_actions(self) -> list[Action]:
        return [] if self._over else self._state.legal_actions()

    def apply(self, action: Action) -> None:
        try:
            a = _check_action(action)
        except IllegalMoveError as e:
            e.legal = self.legal_actions()
            raise
        if self._over:
            raise IllegalMoveError(
                f"{a!r}: the game is over; no more moves are allowed",
                card=_action_card(a),
                legal=[],
            )
        self._state.apply(a)
        self._settle()
