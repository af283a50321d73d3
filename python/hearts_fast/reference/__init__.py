"""Pure-Python reference engine for the Hearts family (docs/rules/hearts.md,
docs/hearts-api.md), Spades (docs/rules/spades.md) and rummy (docs/rules/rummy.md), with the
game protocol of docs/protocol.md.

This is the independent, obviously-correct oracle the fast Rust engine is differentially
tested against. It follows docs/hearts-api.md member by member; it is written from
docs/rules/README.md §0 and docs/rules/hearts.md only (rule ids are cited in the code). The
text form of docs/text-format.md (``to_text``/``from_text``, ``repr``, pickling, ``==``) is
in ``text``, written from that document alone.

Modules: ``cards`` (ids, ``card``/``card_name``), ``rules`` (``HeartsRules``), ``state``
(``HeartsState``: one hand), ``game`` (``HeartsGame``: a whole game), and ``spades``
(``SpadesRules``, ``SpadesState``, ``SpadesGame``: docs/rules/spades.md, docs/spades-api.md;
its own resolutions are in that contract), and ``rummy`` (``RummyRules``, ``RummyState``,
``RummyGame``, meld helpers: docs/rules/rummy.md, docs/rummy-api.md), and ``text`` (the
text format of the six state and game classes: docs/text-format.md), and ``solve`` (the
exhaustive open-hand solver of Hearts and Spades, ``solve`` returning a ``Solution``:
docs/solver.md). What the three games
share is written once: ``_common`` (the rules base class and the argument checks) and
``_base`` (the members every state and game class has).

Resolutions
-----------
Points the rules pages and the API contract leave open, and how this engine reads them:

1. ``hearts_broken`` (A-14) is True once a heart (or Q♠ with ``queen_breaks_hearts``) has
   been played in a *completed* trick: A-14 defines broken as "played in an earlier
   trick". A heart discarded in the current trick shows up only when that trick completes.
   (Only the property can tell the difference; the lead rule is evaluated between tricks.)
2. ``trick_number`` is ``len(trick_winners) + 1`` in every phase: 1 in ``"pass"``, and one
   more than the number of completed tricks in ``"over"`` (e.g. 14 after a full 4-player hand).
3. During ``"pass"``, ``hands`` shows the dealt hands unchanged: a committed packet leaves
   its sender's hand only at delivery, when the last pending seat acts (A-10, A-11: "then
   nothing changes for him" when a packet returns to its sender).
4. ``pass_direction`` reports the resolved direction even when ``pass_count`` is 0 through
   ``pass_count=0`` (e.g. "left" with k = 0); only a resolved ``hold`` (including ``across``
   with 3 players) is reported as "hold". ``pass_count`` is 0 whenever the direction is hold.
5. Error classes for arguments that are not rules: ``dealer`` and ``first_dealer`` out of
   range raise ``InvalidDealError``, ``hand_index`` outside 0..2**64-1 raises
   ``InvalidArgumentError`` (one range and class for every index, docs/protocol.md); a
   seat out of range or not pending in ``pass_cards``/``forward`` raises
   ``IllegalMoveError`` (``card=None``). ``IllegalMoveError.card`` is None for every
   pass/forward error (they are not card plays); ``.legal`` is the seat's dealt hand for a
   refused pass when that seat may pass now (else []), and the seats that may forward for a
   refused forward (docs/protocol.md, Errors).
   A card id out of 0..51 anywhere (``play``, ``pass_cards``, ``from_deal`` hands) raises
   ``InvalidCardError``; an in-range card that the deck does not contain is an
   ``InvalidDealError`` in ``from_deal`` and an ``IllegalMoveError`` in ``play``/``pass_cards``.
6. Check order of every call: argument types (``ArgumentTypeError``), then card-id ranges
   (``InvalidCardError``), then phase, then the move's legality (``IllegalMoveError``).
   In ``from_deal``: types, ids, seat count, not-in-deck, duplicate, missing, hand sizes.
7. ``chips_end="max_hands"`` with ``max_hands=None`` and ``can_lead_any_club=True`` with
   ``first_lead="left_of_dealer"`` are rejected whatever the other parameters are (e.g. even
   when ``scoring`` is not ``"chips"``), as the contract lists them unconditionally.
8. ``can_lead_hearts_instead_of_qs`` applies when hearts must be broken, are not broken and
   the leader's non-hearts are exactly {Q♠}; the legal leads are then the whole hand. In
   trick 1 the A-15 filter is then lifted (every card is a penalty card).
9. ``can_lead_any_club``: the holder of the lowest club leads trick 1 and may lead any club
   he holds (A-16's first branch returns before the A-15 filter; clubs carry no points).
10. ``hand_scores()`` before ``"over"`` also subtracts ``avoid_all_tricks_bonus`` for every
    seat with no trick so far (the contract's "same formula over the cards captured so far").
11. ``HeartsState ==`` compares rules, dealer, hand_index, resolved direction and k, the
    dealt hands, the set of pass/forward decisions per seat (passes are simultaneous, so
    the order in which seats committed is not part of the history) and the play sequence.
    The seed is not compared. States are mutable and unhashable.
12. ``HeartsGame``: each hand's seed is drawn from ``random.Random(seed)`` for every hand,
    also when ``deals[h]``/``pass_directions[h]`` is injected. All injected deals and
    directions are validated in the constructor (``pass_directions`` given with non-random
    rules raises ``InvalidRulesError``, as ``pass_direction=`` does for a state). After the
    game is over, ``state`` is a copy of the last (finished) hand; ``play``/``pass_cards``/
    ``forward`` raise ``IllegalMoveError``. ``pot`` is ``Fraction(0)`` for non-chip scoring;
    positive/negative totals are ints, chip totals are ``Fraction``.
13. ``HeartsGame(totals=, pot=)`` [api]: with positive/negative scoring the totals must be
    ints (a ``Fraction``, float or bool raises ``ArgumentTypeError``); with chips, ints or
    ``Fraction``s (stored as ``Fraction``). A wrong number of totals, a chip amount that is
    not a multiple of 1/60, a negative pot, or a non-zero pot without chips raise
    ``InvalidRulesError``. No end test is run on the resumed totals: the first test is
    after the first complete hand (A-25).
14. Chips (A-24): a seat "clean" for the pot is one with ``pen_i == 0`` (as A-24 writes it).
    The end test for ``chips_end="max_hands"`` is the 0.7 hand count only (no bust test).
15. ``seed`` is None (= 0) or an int 0..2**64-1 (else ``InvalidArgumentError``), as in the
    fast engine and the other games; None is the default for every optional keyword.
"""

from hearts_fast import errors
from hearts_fast._types import Solution
from hearts_fast.errors import *  # noqa: F403 (the exception classes: errors.__all__)

from .cards import card, card_name
from .game import HeartsGame
from .rules import HeartsRules
from .rummy import (
    JOKER,
    RummyGame,
    RummyRules,
    RummyState,
    all_melds_bruteforce,
    is_valid_meld,
    meld_value,
    rummy_card_name,
)
from .solve import solve
from .spades import (
    BIG_JOKER,
    LITTLE_JOKER,
    Bid,
    SpadesGame,
    SpadesRules,
    SpadesState,
    spades_card_name,
)
from .state import HeartsState

__all__ = [
    "BIG_JOKER",
    "JOKER",
    "LITTLE_JOKER",
    "Bid",
    "HeartsGame",
    "HeartsRules",
    "HeartsState",
    "RummyGame",
    "RummyRules",
    "RummyState",
    "Solution",
    "SpadesGame",
    "SpadesRules",
    "SpadesState",
    "all_melds_bruteforce",
    "card",
    "card_name",
    "is_valid_meld",
    "meld_value",
    "rummy_card_name",
    "solve",
    "spades_card_name",
]
__all__ += errors.__all__
