"""Type stubs for the native module ``hearts_fast._core`` (the Rust engine)."""

from collections.abc import Callable, Iterable, Iterator, Sequence
from fractions import Fraction
from typing import Any, ClassVar, Generic, Literal, TypeVar

import numpy as np
import numpy.typing as npt
from typing_extensions import Self, TypedDict, Unpack, final

from hearts_fast._types import (
    Bid,
    HeartsSimulation,
    RummySimulation,
    SampledDeals,
    Solution,
    SolveBatch,
    SpadesSimulation,
)

__version__: str
__all__ = [
    "LAYOUT_VERSION",
    "CardSet",
    "HeartsGame",
    "HeartsInfoState",
    "HeartsRules",
    "HeartsState",
    "Policy",
    "RummyGame",
    "RummyRules",
    "RummyState",
    "Solver",
    "SpadesGame",
    "SpadesInfoState",
    "SpadesRules",
    "SpadesState",
    "_VectorEnv",
    "__version__",
    "_arena_scores",
    "_check_solve_batch",
    "_tensor_fields",
    "all_melds",
    "card",
    "card_name",
    "is_valid_meld",
    "meld_value",
    "sample_deals",
    "simulate_hearts",
    "simulate_rummy",
    "simulate_spades",
    "solve",
    "solve_batch",
]

_Phase = Literal["pass", "play", "over"]
_Direction = Literal["left", "right", "across", "hold"]

# ---------------------------------------------------------------- members every game shares
#
# The private classes below are not in the module: each is the members that docs/protocol.md
# gives every rules, state or game class, written once. stubtest looks each runtime member
# up through them (and passes over private names the module lacks); tests/test_stub.py
# checks that every member they give a class exists at runtime, which stubtest does not.

_R = TypeVar("_R", bound=_Rules)
_S = TypeVar("_S", bound=_State[Any, Any])
_P = TypeVar("_P", bound=str)

class _Rules:
    """A rule set: keyword-only, immutable, hashable; every parameter is a read-only
    attribute."""

    presets: ClassVar[list[str]]
    parameters: ClassVar[list[str]]

    def __new__(cls, **params: Any) -> Self: ...
    @classmethod
    def preset(cls, name: str, **overrides: Any) -> Self:
        """The rules of a named preset (`presets` lists them), with keyword overrides."""
    def replace(self, **overrides: Any) -> Self:
        """A copy with the given parameters changed (validated like the constructor)."""
    def to_dict(self) -> dict[str, Any]:
        """Every parameter by name (what the constructor takes back)."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, tuple[dict[str, Any]]]: ...

class _Recorded(Generic[_R]):
    """A state or a game: played under its rules, mutable, with a text form."""

    @classmethod
    def from_text(cls, text: str) -> Self:
        """Read a text of docs/text-format.md, replaying it with the rules' checks;
        InvalidArgumentError (naming the line) if it is not reachable in this class."""
    def to_text(self) -> str:
        """The text form (docs/text-format.md): the rules, the deals and every action; `from_text`
        reads it back."""
    def __reduce__(self) -> tuple[Any, tuple[str]]: ...
    def __eq__(self, other: object, /) -> bool:
        """docs/text-format.md: never compares generators or queued deals."""
    def copy(self) -> Self:
        """An independent copy."""
    def __copy__(self) -> Self: ...
    def __deepcopy__(self, memo: Any) -> Self: ...
    @property
    def rules(self) -> _R:
        """The rules."""
    @property
    def num_players(self) -> int:
        """Players at the table."""

class _State(_Recorded[_R], Generic[_R, _P]):
    """One hand."""

    @classmethod
    def from_batch(cls, rules: _R, seed: int, index: int) -> Self:
        """The initial state of hand `index` of a batch run with `seed`: the hand the game's
        `simulate_*` plays as hand `index` (dealer `index % players`)."""
    @property
    def dealer(self) -> int:
        """The dealer's seat."""
    @property
    def hand_index(self) -> int:
        """The hand's 0-based index in its game (it fixes rotations such as the pass direction)."""
    @property
    def phase(self) -> _P:
        """Where the hand (or game) is: the game's phase names, `"over"` at the end."""
    @property
    def current_player(self) -> int | None:
        """The seat to act; None once over."""
    @property
    def is_over(self) -> bool:
        """Whether the hand (or game) is over."""
    @property
    def hands(self) -> list[list[int]]:
        """Every seat's cards now, as card ids, seat by seat."""
    def hand_scores(self) -> list[int]:
        """The hand's scores (so far): per seat, per team in Spades."""

class _TrickState(_State[_R, _P]):
    """One hand of a trick game."""

    def legal_plays(self) -> list[int]:
        """The cards the player to act may play now (empty outside the play phase)."""
    def play(self, card: int) -> None:
        """Plays ``card`` for the player to act; an illegal card raises IllegalMoveError (with
        ``.card`` and ``.legal``) and changes nothing."""
    @property
    def trick(self) -> list[tuple[int, int]]:
        """The trick under way: `(seat, card)` in play order."""
    @property
    def trick_number(self) -> int:
        """The 1-based number of the trick under way (tricks completed + 1)."""
    @property
    def trick_winners(self) -> list[int]:
        """The winner of each completed trick, in order."""
    @property
    def tricks_taken(self) -> list[int]:
        """Tricks won so far, per seat."""

class _Game(_Recorded[_R], Generic[_R, _S, _P]):
    """A whole game, dealing each next hand itself."""

    @property
    def state(self) -> _S:
        """A copy of the current hand (the last one once the game is over)."""
    @property
    def phase(self) -> _P:
        """Where the hand (or game) is: the game's phase names, `"over"` at the end."""
    @property
    def current_player(self) -> int | None:
        """The seat to act; None once over."""
    @property
    def hands_played(self) -> int:
        """Hands completed."""
    @property
    def hand_history(self) -> list[dict[str, Any]]:
        """Each completed hand's record, in order."""
    @property
    def is_over(self) -> bool:
        """Whether the hand (or game) is over."""
    @property
    def winners(self) -> list[int]:
        """The winning seats (teams in Spades) once the game is over; empty before."""

class _TrickGame(_Game[_R, _S, _P]):
    """A whole game of a trick game."""

    def legal_plays(self) -> list[int]:
        """The cards the player to act may play in the current hand (empty outside the play
        phase)."""
    def play(self, card: int) -> None:
        """Plays a card for the player to act in the current hand; scores the hand and deals
        the next when it ends."""

def card(text: str) -> int:
    """Parse a card name into its id: the canonical names of ``card_name`` ("QS", "TH",
    "LJ", "BJ") and the other spellings "10H", "qs", "Q♠", "JK" (= "LJ", 52).

    Raises InvalidCardError for a text that names no card.
    """

def card_name(id: int) -> str:
    """The canonical name of card id 0..53 ("QS", "TH", "2C"; 52 "LJ", 53 "BJ"), for every
    game; ``card(card_name(i)) == i``."""

@final
class CardSet:
    """An immutable set of card ids backed by a 52-bit mask (bit i = card i).

    ``CardSet()`` is empty; ``CardSet(iterable_of_ids)``; ``CardSet(mask_int)``.
    """

    def __new__(cls, cards: Iterable[int] | int | CardSet | None = None) -> Self: ...
    @staticmethod
    def from_names(names: str) -> CardSet:
        """``CardSet.from_names("QS AS 2c")``."""
    @staticmethod
    def suit(suit: int) -> CardSet:
        """The 13 cards of suit 0..3 (clubs, diamonds, hearts, spades)."""
    def __contains__(self, item: object, /) -> bool: ...
    def __len__(self) -> int: ...
    def __bool__(self) -> bool: ...
    def __int__(self) -> int: ...
    def __index__(self) -> int: ...
    def __iter__(self) -> Iterator[int]: ...
    def __or__(self, other: CardSet | Iterable[int], /) -> CardSet: ...
    def __and__(self, other: CardSet | Iterable[int], /) -> CardSet: ...
    def __sub__(self, other: CardSet | Iterable[int], /) -> CardSet: ...
    def __xor__(self, other: CardSet | Iterable[int], /) -> CardSet: ...
    def __ror__(self, other: CardSet | Iterable[int], /) -> CardSet: ...
    def __rand__(self, other: CardSet | Iterable[int], /) -> CardSet: ...
    def __rsub__(self, other: CardSet | Iterable[int], /) -> CardSet: ...
    def __rxor__(self, other: CardSet | Iterable[int], /) -> CardSet: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def issubset(self, other: CardSet | Iterable[int]) -> bool:
        """Whether every card of this set is in `other`."""
    def issuperset(self, other: CardSet | Iterable[int]) -> bool:
        """Whether every card of `other` is in this set."""
    def isdisjoint(self, other: CardSet | Iterable[int]) -> bool:
        """Whether this set and `other` have no card in common."""
    def names(self) -> list[str]:
        """The cards' names ("2C", "QS", …), in id order."""
    def __reduce__(self) -> tuple[Any, tuple[int]]: ...

@final
class HeartsRules(_Rules):
    """The Hearts-family rules (docs/rules/hearts.md A.1, A.6). Keyword-only; immutable; hashable.

    Every parameter is also a read-only attribute. Unknown names, out-of-range values and
    invalid combinations raise InvalidRulesError; wrong types raise ArgumentTypeError.
    """

    players: int
    deck_adjust: Literal["remove_cards", "deal_all"]
    pass_count: Literal["auto"] | int
    pass_direction: Literal["left", "right", "across", "hold", "rotate", "random"]
    pass_through: bool
    first_lead: Literal["left_of_dealer", "two_of_clubs"]
    first_trick_no_points: bool
    hearts_must_be_broken: bool
    queen_breaks_hearts: bool
    early_end: bool
    scoring: Literal["chips", "positive", "negative"]
    moon: Literal["subtract_self", "add_others", "none"]
    target: int
    starting_chips: int
    chips_end: Literal["bust", "max_hands"]
    french_spades: bool
    jack_of_diamonds: bool
    moon_requires_jack: bool
    tie: Literal["play_on", "share"]
    max_hands: int | None
    can_lead_any_club: bool
    can_lead_hearts_instead_of_qs: bool
    avoid_all_tricks_bonus: int
    pass_table: Literal["dame_de_pic", "corazones"]

    def deck(self) -> list[int]:
        """Derived: the cards in play."""
    def penalty_cards(self) -> list[int]:
        """Derived: the penalty cards in play."""
    def total_penalty(self) -> int:
        """V, the total penalty in the deck (A-4)."""
    @staticmethod
    def _from_dict(params: dict[str, Any]) -> HeartsRules: ...

@final
class HeartsState(_TrickState[HeartsRules, _Phase]):
    """One hand: deal, passing (A-8..A-11), play (A-12..A-19, legal plays A-16) and its score
    (A-20, A-21: ``hand_scores`` is h_i per seat, with avoid_all_tricks_bonus)."""

    def play(self, card: int) -> None:
        """Plays ``card`` for the player to act (A-12..A-16); an illegal card raises
        IllegalMoveError (with ``.card`` and ``.legal``) and changes nothing."""
    def hand_scores(self) -> list[int]:
        """Each seat's hand score (A-21): points with the moon and bonus rules applied."""

    def __new__(
        cls,
        rules: HeartsRules,
        *,
        seed: int | None = None,
        dealer: int | None = None,
        hand_index: int | None = None,
        pass_direction: _Direction | None = None,
    ) -> Self: ...
    @classmethod
    def from_deal(
        cls,
        rules: HeartsRules,
        hands: Sequence[Iterable[int]],
        *,
        dealer: int | None = None,
        hand_index: int | None = None,
        pass_direction: _Direction | None = None,
        seed: int | None = None,
    ) -> HeartsState:
        """A hand dealt as `hands` (one list of cards per seat), with the other arguments as the
        constructor's."""
    @property
    def pass_direction(self) -> _Direction:
        """This hand's pass direction: "left", "right", "across" or "hold" (A-8)."""
    @property
    def pass_count(self) -> int:
        """Cards each seat passes this hand (A-9; 0 when holding)."""
    def pending_passes(self) -> list[int]:
        """The seats still to pass or forward, lowest first."""
    def pass_cards(self, seat: int, cards: Iterable[int]) -> None:
        """Passes `cards` (card ids or names) for `seat` (A-8..A-10); delivered once every seat has
        passed."""
    def forward(self, seat: int) -> None:
        """Declares FORWARD for `seat`: its pass travels on (A-11, rules `pass_through`)."""
    @property
    def captured(self) -> list[list[int]]:
        """Per seat, the cards of the tricks it won."""
    @property
    def hearts_broken(self) -> bool:
        """Whether hearts are broken (A-14)."""
    def points(self) -> list[int]:
        """Penalty points taken per seat (A-20)."""
    def moon_shooter(self) -> int | None:
        """The seat that shot the moon (A-21), once the hand is over; None otherwise."""
    def legal_mask(self) -> npt.NDArray[np.bool_]:
        """The legal actions of the seat to act in the environments' action space
        (docs/environments.md): a bool array of 53, card ids and 52 = FORWARD; in the pass phase
        the cards the lowest pending seat may pass."""
    def observation(self, seat: int) -> HeartsInfoState:
        """What ``seat`` knows of this hand, and nothing else (docs/information.md)."""

@final
class HeartsGame(_TrickGame[HeartsRules, HeartsState, _Phase]):
    """A whole game of the Hearts family, hand after hand with its totals and end rule (A-22..A-25);
    the current hand is played through the game (docs/hearts-api.md)."""

    def play(self, card: int) -> None:
        """Plays a card for the player to act in the current hand (A-16); scores the hand and
        deals the next when it ends."""
    @property
    def winners(self) -> list[int]:
        """The winning seats once the game is over (A-25); empty before."""

    def observation(self, seat: int) -> HeartsInfoState:
        """What `seat` knows of the current hand, with the game's totals before it
        (docs/information.md)."""

    def __new__(
        cls,
        rules: HeartsRules,
        *,
        seed: int | None = None,
        first_dealer: int | None = None,
        deals: Sequence[Sequence[Iterable[int]]] | None = None,
        pass_directions: Sequence[_Direction] | None = None,
        totals: Sequence[int | Fraction] | None = None,
        pot: int | Fraction | None = None,
    ) -> Self: ...
    def pending_passes(self) -> list[int]:
        """The seats still to pass or forward in the current hand."""
    def pass_cards(self, seat: int, cards: Iterable[int]) -> None:
        """Passes `cards` for `seat` in the current hand (A-8..A-10)."""
    def forward(self, seat: int) -> None:
        """Declares FORWARD for `seat` in the current hand (A-11)."""
    @property
    def totals(self) -> list[int] | list[Fraction]:
        """Each seat's total: points, or chips under `scoring="chips"` (A-22..A-24)."""
    @property
    def pot(self) -> Fraction:
        """The chips in the pot (`scoring="chips"`; 0 otherwise)."""

class _Batch(TypedDict, total=False):
    """The keyword-only options every ``simulate_*`` takes (docs/protocol.md, Batch
    simulation); each may be given as None, its default."""

    hands: int | None
    games: int | None
    seed: int | None
    policy: str | Sequence[str] | None
    threads: int | None
    stream: bool | None
    progress: Callable[[int, int], object] | None
    start: int | None

class _DealtBatch(_Batch, total=False):
    """The options of a trick game's batch: also the deck orders to deal."""

    deals: npt.NDArray[np.integer[Any]] | None

class _LimitedBatch(_Batch, total=False):
    """The options of a batch whose games may stop at a hand limit."""

    hand_limit: int | None

class _TrickBatch(_DealtBatch, _LimitedBatch, total=False):
    """The options of ``simulate_hearts`` and ``simulate_spades``: both."""

def simulate_hearts(rules: HeartsRules, **options: Unpack[_TrickBatch]) -> HeartsSimulation:
    """Simulate a batch inside Rust with the GIL released.

    ``hands=N``: N independent hands (hand i: dealer ``i % players``, hand index i, deal and
    choices seeded from ``(seed, i)``), returned as arrays ``points``, ``hand_scores``
    (int32), ``tricks`` (N, players) and ``moon_shooter``, ``queen_taker`` (N,) with -1 for
    none. ``games=N``: whole games to the rules' end: ``totals``, ``winners``,
    ``hands_played``, ``finished`` (False: stopped after ``hand_limit`` hands, default
    1000, without reaching A-25; and ``chips_sixtieths``, ``pot`` for chips).
    ``stream=True`` (with hands) returns only aggregates in constant memory. ``deals``: an
    (N, 52) integer array of deck orders, each dealt one card at a time from the dealer's
    left. ``policy``: "random" (the default) or
    "heuristic", or one per seat. ``threads``: default all cores; results never depend on
    it. ``progress`` is called as ``progress(done, total)`` between chunks; Ctrl-C raises
    KeyboardInterrupt. ``start`` (default 0): compute hands (or games) ``start .. start + N
    - 1`` instead (with ``deals``, row k is hand ``start + k``); parts merge into the one
    call exactly with ``hearts_fast.merge`` (docs/protocol.md, Index ranges).
    """

@final
class Policy:
    """In-engine policies, one per seat, with the random stream of batch hand ``index``:
    stepping ``from_batch(rules, seed, index)`` of any game with
    ``Policy(policy, seed=seed, index=index)`` makes the choices its ``simulate_*`` makes.

    ``policy``: None (the game's default: "random" for Hearts and Spades, "greedy" for
    rummy), one name, or one name per seat; Hearts and Spades take "random", "heuristic",
    "pimc" and "ismcts" (the search bots of docs/bots.md; pimc's settings are ``worlds``,
    ``evaluator``, ``rollouts`` and ``solve_tricks``, ismcts's ``iterations``), rummy
    "random" and "greedy" (checked when acting on a state)."""

    def __new__(
        cls,
        policy: str | Sequence[str] | None = None,
        *,
        seed: int | None = None,
        index: int | None = None,
        worlds: int | None = None,
        evaluator: Literal["rollout", "solve"] | None = None,
        rollouts: int | None = None,
        solve_tricks: int | None = None,
        iterations: int | None = None,
    ) -> Self: ...
    def act(self, state: HeartsState | SpadesState | RummyState) -> bool:
        """Makes the next move on `state` (a Hearts pass for the lowest pending seat or a play, a
        Spades bid or play, a rummy action); returns False when the hand is over."""
    def choose(self, state: HeartsState | SpadesState | RummyState) -> Any:
        """The move `act` would make now, without making it (a bot's advice): a card id for a play;
        `("pass", seat, cards)` or `("forward", seat)` for a Hearts pass-phase move; a `Bid` for
        a Spades bid; a rummy action; None once the hand is over. It advances this policy's
        random stream exactly as `act` would: ask a copy (`copy.copy`) for advice that leaves the
        stream alone."""
    def __copy__(self) -> Self: ...
    def __deepcopy__(self, memo: Any) -> Self: ...
    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]: ...
    def play_out(self, state: HeartsState | SpadesState | RummyState) -> None:
        """Plays `state` to the end of the hand."""

# ---------------------------------------------------------------- Spades (docs/spades-api.md)

_SpadesPhase = Literal["bid", "play", "over"]
_Bemo = Literal["little", "big"]
_Deal = Sequence[Sequence[int]]

@final
class SpadesRules(_Rules):
    """The Spades rules (docs/rules/spades.md B.1, B.3, B.6, with ``team_bid_cap``). Keyword-only;
    immutable; hashable. Wrong types raise ArgumentTypeError; unknown names, out-of-range
    values and invalid combinations raise InvalidRulesError. Presets: ``"default"`` and
    ``"openspiel"`` (B.6)."""

    players: int
    win_score: int
    lose_score: int | None
    negative_inverse_loses: bool
    nil: bool
    nil_value: int
    blind_nil: bool
    blind_nil_value: int
    blind_nil_min_deficit: int
    nil_tricks: Literal["bags", "count_for_partner", "team", "ignored"]
    set_penalty: Literal["undertricks", "bid", "zero"]
    bags: bool
    bags_limit: int
    bags_penalty: int
    first_trick_no_spade_lead: bool
    spades_broken: bool
    first_lead: Literal["left_of_dealer", "lowest_club"]
    face_up_first_four: bool
    ten_for_two_hundred: bool
    mirror: bool
    jokers: bool
    fourteen_partnership: bool
    boston: Literal["off", "bonus", "wins_game"]
    bemo: bool
    suicide: bool
    deficient_hand: Literal["off", "no_spades_no_jqk"]
    renege: Literal["prevent", "penalize"]
    tie: Literal["play_on", "share"]
    max_hands: int | None
    team_bid_cap: bool

    def deck(self) -> list[int]:
        """The 52 cards in play (with ``jokers``: no 2C/2D, plus 52 and 53)."""
    @staticmethod
    def _from_dict(params: dict[str, Any]) -> SpadesRules: ...

class _Bidding:
    """The bidding members a Spades hand and a Spades game share (of the current hand)."""

    def legal_bids(self) -> list[int]:
        """The bid values the bidder may make now (B-6, B.3: mirror, fourteen, suicide,
        team_bid_cap)."""
    def can_bid_blind(self) -> bool:
        """Whether the bidder may bid blind nil now (B.3)."""
    def legal_bemos(self) -> list[_Bemo]:
        """The bemos the bidder may declare now: "little", "big", or none (B.3 #9)."""
    def bid(self, n: int, *, blind: bool | None = None, bemo: _Bemo | None = None) -> None:
        """Bids ``n`` tricks for the bidder (0 is a nil where the rules have nil), optionally
        ``blind`` or with a ``bemo`` (B-6..B-8, B.3)."""
    def deficient_seats(self) -> list[int]:
        """The seats that may claim a redeal of a deficient hand now (B.3)."""

@final
class SpadesState(_TrickState[SpadesRules, _SpadesPhase], _Bidding):
    """One hand of Spades: the deal, a redeal of a deficient hand, bidding, play and the hand's
    score (B-1..B-21, B.3; docs/spades-api.md)."""

    def play(self, card: int) -> None:
        """Plays ``card`` for the player to act (B-10..B-14); an illegal card raises
        IllegalMoveError (with ``.card`` and ``.legal``) and changes nothing."""
    def hand_scores(self) -> list[int]:
        """Each team's hand score (B-15..B-18), once the hand is over."""

    def __new__(
        cls,
        rules: SpadesRules,
        *,
        seed: int | None = None,
        dealer: int | None = None,
        hand_index: int | None = None,
        totals: Sequence[int] | None = None,
        bags: Sequence[int] | None = None,
        redeals: Sequence[_Deal] | None = None,
    ) -> Self: ...
    @classmethod
    def from_deal(
        cls,
        rules: SpadesRules,
        hands: _Deal,
        *,
        dealer: int | None = None,
        hand_index: int | None = None,
        totals: Sequence[int] | None = None,
        bags: Sequence[int] | None = None,
        redeals: Sequence[_Deal] | None = None,
        seed: int | None = None,
    ) -> SpadesState:
        """A hand dealt as `hands` (one list of cards per seat), with the other arguments as the
        constructor's."""
    @property
    def totals(self) -> list[int]:
        """Each team's total before this hand."""
    @property
    def bags(self) -> list[int]:
        """Each team's bag counter before this hand."""
    @property
    def face_up(self) -> list[list[int]]:
        """Per seat, its face-up cards still in hand (B.3 #2 `face_up_first_four`)."""
    @property
    def bids(self) -> list[Bid | None]:
        """Each seat's bid so far (a Bid: value, nil, blind, bemo), None where not yet bid."""
    def contracts(self) -> list[int]:
        """Each team's contract so far: the sum of its non-nil bids (B-8)."""
    def claim_redeal(self, seat: int) -> None:
        """B.3 deficient hand: the same dealer redeals (next ``redeals`` entry or a shuffle)."""
    @property
    def redeal_claims(self) -> list[int]:
        """The seats that claimed a redeal of a deficient hand this hand, in order (B.3)."""
    @property
    def plays(self) -> list[tuple[int, int]]:
        """Every card played this hand, in order: `(seat, card)`."""
    @property
    def spades_broken(self) -> bool:
        """Whether spades are broken (B.3 #1)."""
    @property
    def reneges(self) -> list[tuple[int, int, int]]:
        """Accepted illegal plays under `renege="penalize"`: `(trick, seat, card)` (B-27)."""
    def hand_bags(self) -> list[int]:
        """Each team's bags taken this hand (B-16)."""
    def bags_after(self) -> list[int]:
        """Each team's bag counter after this hand (B-16)."""
    def totals_after(self) -> list[int]:
        """Each team's total after this hand."""
    def boston_made(self) -> int | None:
        """The team that took all 13 tricks on a Boston bid, if any (B.3)."""
    def legal_mask(self) -> npt.NDArray[np.bool_]:
        """The legal actions of the seat to act in the environments' action space
        (docs/environments.md): a bool array of 98 (cards 0..53, bids 54..67, blind nil 68,
        redeal claim 69, bids with LITTLE 70..83 and BIG 84..97)."""
    def observation(self, seat: int) -> SpadesInfoState:
        """What ``seat`` knows of this hand, and nothing else (docs/information.md)."""

@final
class SpadesGame(_TrickGame[SpadesRules, SpadesState, _SpadesPhase], _Bidding):
    """A whole game of Spades, hand after hand with team totals, bags and the end rules (B-19..B-22;
    docs/spades-api.md)."""

    def play(self, card: int) -> None:
        """Plays a card for the player to act in the current hand (B-10..B-14); scores the
        hand and deals the next when it ends."""
    @property
    def winners(self) -> list[int]:
        """The winning teams once the game is over (B-22); empty before."""

    def observation(self, seat: int) -> SpadesInfoState:
        """What `seat` knows of the current hand (its totals and bags before the hand included;
        docs/information.md)."""

    def __new__(
        cls,
        rules: SpadesRules,
        *,
        seed: int | None = None,
        first_dealer: int | None = None,
        deals: Sequence[_Deal] | None = None,
        totals: Sequence[int] | None = None,
        bags: Sequence[int] | None = None,
    ) -> Self: ...
    def claim_redeal(self, seat: int) -> None:
        """`seat` shows a deficient hand and the same dealer redeals (B.3 `deficient_hand`)."""
    @property
    def totals(self) -> list[int]:
        """Each team's game total (B-21)."""
    @property
    def bags(self) -> list[int]:
        """Each team's bag counter."""

def simulate_spades(rules: SpadesRules, **options: Unpack[_TrickBatch]) -> SpadesSimulation:
    """Simulate Spades hands or whole games with in-engine policies ("random", the default,
    or "heuristic").

    Hands: ``bids`` (n, 4) int8, ``nil``/``blind`` (n, 4) bool, ``bemo`` (n, 4) int8 (0 none,
    1 little, 2 big), ``tricks`` (n, 4) uint8, ``hand_scores`` (n, 2) int32, ``hand_bags``
    (n, 2) int8. ``stream=True``: aggregates only (means, variances, counts, trick
    histograms), in constant memory. ``deals``: an (n, 52) integer array, each row the
    rules' 52 cards in the order they are dealt (card k to seat ``(dealer + 1 + k) % 4``,
    dealer ``i % 4``). Games: ``totals`` (n, 2) int64, ``winners`` (n, 2) bool,
    ``hands_played`` (n,) uint32, ``finished`` (n,) bool (False: stopped at ``hand_limit``,
    default 1000). Hand (or game) i depends only on (seed, i): any thread count gives the
    same arrays, and ``SpadesState.from_batch`` with ``Policy(policy, seed=seed, index=i)``
    replays it. ``start`` (default 0): compute items ``start .. start + n - 1`` instead
    (with ``deals``, row k is hand ``start + k``, dealer ``(start + k) % 4``); parts merge
    exactly with ``hearts_fast.merge``.
    """

# ------------------------------------------------------- The open-hand solver (docs/solver.md)

def solve(
    state: HeartsState | SpadesState, *, seat: int | None = None, objective: str | None = None
) -> Solution:
    """The exact open-hand value of ``state`` (a hand in phase "play") for ``seat`` (default:
    the player to move) under ``objective`` (Hearts "points"; Spades "tricks", the default,
    or "score"), with the value of each legal play (A-16, B-16). The same contract as
    ``hearts_fast.reference.solve``; ``state`` never changes. The GIL is released and
    Ctrl-C stops the search (KeyboardInterrupt). Each call uses an engine solver with a
    16 MiB table cleared first, so the result, ``nodes`` included, never depends on earlier
    calls.

    ArgumentTypeError: ``state`` is not a fast-engine HeartsState or SpadesState, ``seat``
    is not an int or None, ``objective`` not a str or None, a positional seat. Then
    InvalidArgumentError: an objective not of the game, a seat out of range, a hand not in
    phase "play", in that order."""

@final
class Solver:
    """An open-hand solver whose transposition table is kept between calls: solving many
    positions of one problem (the same rules, seat and objective: the sampled worlds of one
    decision) reuses the work. The values never depend on the table; ``nodes`` does.
    Usable from several threads (one solve at a time; the GIL is released while solving)."""

    def __new__(cls, *, memory_mb: int = 64) -> Self:
        """A solver whose table uses about ``memory_mb`` MiB (1..65536), allocated at the
        first solve."""
    def solve(
        self,
        state: HeartsState | SpadesState,
        *,
        seat: int | None = None,
        objective: str | None = None,
    ) -> Solution:
        """`solve(state, *, seat=None, objective=None) -> Solution` with this solver's kept table
        (docs/solver.md)."""
    def clear(self) -> None:
        """Forgets every stored position."""
    @property
    def memory(self) -> int:
        """The bytes the table uses once allocated (at most ``memory_mb`` MiB)."""

def solve_batch(
    states: Sequence[HeartsState] | Sequence[SpadesState],
    *,
    seat: int | Sequence[int] | None = None,
    objective: str | None = None,
    threads: int | None = None,
) -> SolveBatch:
    """``solve`` of every state of a non-empty sequence of states of one game, in parallel
    on ``threads`` threads (default: every core) with the GIL released and Ctrl-C honoured.
    ``seat``: None (each state's player to move), one seat for all, or one per state.
    Returns ``SolveBatch(values, moves, nodes)``: int32 (n,), int32 (n, 54) with
    ``Solution.ILLEGAL`` for cards that are not legal plays, int64 (n,). The states are
    solved in fixed chunks of 8, each by one solver whose table is cleared at the chunk's
    start, so every array is the same for any thread count. A bad state fails the whole
    call before any solving, naming its index. There is no ``start=``: the states are the
    caller's list, with no index stream. Solving the parts of the list and merging them
    (``hearts_fast.merge``) gives ``values`` and ``moves`` exactly for any split, and
    ``nodes`` too when every part but the last holds a multiple of 8 states."""

def _check_solve_batch(
    states: Sequence[HeartsState] | Sequence[SpadesState],
    *,
    seat: int | Sequence[int] | None = None,
    objective: str | None = None,
) -> None:
    """The checks of ``solve_batch`` without the solving: its error for arguments it would
    refuse, None otherwise (``hearts_fast.distributed.solve_batch`` checks a batch before
    sending it)."""

# ---------------------------------------------------------------- Rummy (docs/rummy-api.md)

_RummyPhase = Literal["draw", "meld", "discard", "over"]
_Meld = tuple[int, ...]
_Action = tuple[Any, ...]

@final
class RummyRules(_Rules):
    """The RummyRules: every parameter of the game's rules page by name (docs/rules/), validated;
    immutable, with presets, `replace`, `to_dict` and a text form."""

    players: int
    hand_size: int
    opening_min: int
    q_spades_value: int
    joker_value: int
    max_jokers_per_meld: int | Literal["unlimited"]
    initial_upcard: bool
    stock_exhausted: Literal["reshuffle", "end_hand"]
    max_turns_per_hand: int
    target: int
    tie: Literal["play_on", "share"]
    max_hands: int | None

    @staticmethod
    def _from_dict(params: dict[str, Any]) -> RummyRules: ...
    def deck(self) -> list[int]:
        """The 108 cards (C-2) as a sorted multiset: two of each id 0..51, four jokers (52)."""

def all_melds(
    rules: RummyRules, hand: Sequence[int], allow_jokers: bool | None = None
) -> list[_Meld]:
    """Every valid canonical meld (C-6..C-8) that can be formed from the multiset `hand` (with
    jokers only if `allow_jokers`), sorted, each once."""

def is_valid_meld(rules: RummyRules, meld: _Meld) -> bool:
    """Whether `meld` (card ids) is a valid meld under `rules` (C.1)."""

def meld_value(rules: RummyRules, meld: _Meld) -> int:
    """The C-9 value of a valid canonical meld; InvalidArgumentError for an invalid one."""

@final
class RummyState(_State[RummyRules, _RummyPhase]):
    """One hand of the rummy La Dame de Pique (docs/rules/rummy.md, docs/rummy-api.md): a bot drives
    it with `legal_actions()` and `apply(action)`."""

    def hand_scores(self) -> list[int]:
        """Each seat's hand score (C-20), once the hand is over."""

    def __new__(
        cls,
        rules: RummyRules,
        *,
        seed: int | None = None,
        dealer: int | None = None,
        hand_index: int | None = None,
        totals: Sequence[int] | None = None,
    ) -> Self: ...
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
        """A hand dealt as `hands` (one list of cards per seat), with the other arguments as the
        constructor's."""
    def legal_actions(self) -> list[_Action]:
        """Every legal action of the player to act: draw, take the pile, melds, lay-offs, discards
        (docs/rummy-api.md)."""
    def apply(self, action: _Action) -> None:
        """Apply a legal action; IllegalMoveError (``.legal`` = ``legal_actions()``)
        otherwise (the state is unchanged)."""
    def legal_action_count(self) -> int:
        """The number of legal actions (the range of `apply_index`)."""
    def apply_index(self, i: int) -> None:
        """Applies `legal_actions()[i]`: a compact integer encoding of the choice for batch and RL
        use (the index into the sorted legal actions)."""
    @property
    def totals(self) -> list[int]:
        """Each seat's total before this hand."""
    @property
    def melds(self) -> list[list[_Meld]]:
        """The melds on the table: per seat, its melds as card lists."""
    @property
    def opened(self) -> list[bool]:
        """Per seat, whether it has opened (laid its first melds)."""
    @property
    def blocked(self) -> list[bool]:
        """Whether the hand ended blocked (nobody can go out)."""
    @property
    def stock_size(self) -> int:
        """Cards left in the stock."""
    @property
    def stock(self) -> list[int]:
        """The stock's cards, top first."""
    @property
    def pile(self) -> list[int]:
        """The discard pile, bottom first."""
    @property
    def turn(self) -> int:
        """The number of turns played in this hand."""
    @property
    def went_out(self) -> int | None:
        """The seat that went out (C-18), once the hand is over; None otherwise."""
    def totals_after(self) -> list[int]:
        """Each seat's total after this hand (C-21)."""

@final
class RummyGame(_Game[RummyRules, RummyState, _RummyPhase]):
    """A whole game of the rummy La Dame de Pique, hand after hand to its target (C-21;
    docs/rummy-api.md)."""

    @property
    def winners(self) -> list[int]:
        """The winning seats once the game is over (C-21); empty before."""

    def __new__(
        cls,
        rules: RummyRules,
        *,
        seed: int | None = None,
        first_dealer: int | None = None,
        deals: Sequence[tuple[Sequence[Sequence[int]], Sequence[int]]] | None = None,
        totals: Sequence[int] | None = None,
    ) -> Self: ...
    def legal_actions(self) -> list[_Action]:
        """Every legal action of the player to act in the current hand."""
    def apply(self, action: _Action) -> None:
        """Makes `action` in the current hand; scores it and deals the next when it ends."""
    @property
    def totals(self) -> list[int]:
        """Each seat's game total (C-21)."""

def simulate_rummy(rules: RummyRules, **options: Unpack[_LimitedBatch]) -> RummySimulation:
    """Simulate rummy hands or games with in-engine policies ("greedy", the default, or
    "random"). Hands: ``hand_scores`` (n, players) int32, ``opened`` (n, players) bool,
    ``went_out`` (n,) int8 (-1: nobody), ``turns`` (n,) uint32. ``stream=True``: aggregates
    only, in constant memory. Games: ``totals`` (n, players) int64, ``winners`` (n,
    players) bool, ``hands_played`` (n,) uint32, ``finished`` (n,) bool (False: stopped at
    ``hand_limit``, default 1000). Hand i depends only on (seed, i);
    ``RummyState.from_batch`` with ``Policy(policy, seed=seed, index=i)`` replays it.
    ``start`` (default 0): compute items ``start .. start + n - 1`` instead; parts merge
    exactly with ``hearts_fast.merge``."""

# ---------------------------------------------------------------- what a seat knows

class _InfoState(Generic[_R, _S]):
    """The members both observation classes share (docs/information.md)."""

    def __new__(cls, *_args: Any, **_kwargs: Any) -> Self:
        """Not constructible (``ArgumentTypeError``): an observation comes from
        ``state.observation(seat)`` or ``from_text``."""

    def to_text(self) -> str:
        """The ``hearts-info`` / ``spades-info`` text form (docs/text-format.md)."""
    def tensor(
        self,
        kind: Literal["observation", "info_state"] | None = None,
        layout: Literal["compact", "openspiel"] | None = None,
    ) -> npt.NDArray[np.float32]:
        """This observation as a float32 tensor (docs/environments.md): `kind` is `"observation"`
        (what the seat sees now) or `"info_state"` (with the whole history of plays); `layout` is
        `"compact"` (this package's) or `"openspiel"` (OpenSpiel's tensor, under the `openspiel`
        preset)."""
    @classmethod
    def from_text(cls, text: str) -> Self:
        """Read a text form back; only a text that some hand shows its seat is accepted
        (``InvalidArgumentError`` otherwise). Also the pickle reconstructor."""
    def __reduce__(self) -> tuple[Any, tuple[str]]: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    @property
    def rules(self) -> _R:
        """The rules."""
    @property
    def num_players(self) -> int:
        """Players at the table."""
    @property
    def seat(self) -> int:
        """The observing seat."""
    @property
    def dealer(self) -> int:
        """The dealer."""
    @property
    def hand_index(self) -> int:
        """The hand's index in its game."""
    @property
    def phase(self) -> str:
        """The phase of the hand."""
    @property
    def current_player(self) -> int | None:
        """The seat to act (to play, pass or bid); None once the hand is over."""
    @property
    def hand(self) -> list[int]:
        """The seat's cards now."""
    @property
    def hand_sizes(self) -> list[int]:
        """How many cards each seat holds now."""
    @property
    def plays(self) -> list[tuple[int, int]]:
        """Every card played this hand, in order, as ``(seat, card)``."""
    @property
    def trick(self) -> list[tuple[int, int]]:
        """The trick being played, ``(seat, card)`` in order."""
    @property
    def trick_winners(self) -> list[int]:
        """The winner of each completed trick."""
    @property
    def known(self) -> list[list[int]]:
        """Per seat, the cards known to be in its hand now: the seat's own hand; cards it passed,
        with the seat that has them; face-up cards; the lowest club with the seat that led it to
        trick 1 under a lowest-club lead."""
    @property
    def lacks(self) -> list[list[int]]:
        """Per seat, the cards it has shown it does not hold: each card that, held beside the card
        it played, would have made one of its plays illegal."""
    @property
    def voids(self) -> list[list[int]]:
        """Per seat, the suits (0 clubs, 1 diamonds, 2 hearts, 3 spades) it has shown it lacks
        entirely (every card of the suit in `lacks`)."""
    @property
    def unseen(self) -> list[int]:
        """The cards whose holder the seat does not know."""
    def count_worlds(self) -> int:
        """The exact number of deals (every seat's hand now) that agree with what the seat
        knows."""
    def sample(self, n: int, *, seed: int | None = None, start: int | None = None) -> list[_S]:
        """``n`` full states drawn exactly uniformly from the deals that agree: worlds
        ``start .. start + n - 1`` (start default 0), world ``i`` from the stream
        ``(seed, i)`` alone."""

@final
class HeartsInfoState(_InfoState[HeartsRules, HeartsState]):
    """What one seat knows of a Hearts hand (docs/information.md)."""

    @property
    def pass_direction(self) -> _Direction:
        """The hand's pass direction."""
    @property
    def pass_count(self) -> int:
        """Cards each seat passes this hand (0 when holding)."""
    @property
    def dealt(self) -> list[int]:
        """The seat's hand as dealt."""
    @property
    def passed(self) -> list[int]:
        """The cards the seat passed (empty before it passes, when it forwards or holds)."""
    @property
    def passed_to(self) -> int | None:
        """The seat that got them, once every pass is made."""
    @property
    def received(self) -> list[int]:
        """The cards the seat received, once every pass is made."""
    @property
    def received_from(self) -> int | None:
        """The seat they came from."""
    @property
    def decided(self) -> list[int]:
        """The seats that have made their pass-phase decision."""
    @property
    def forwarded(self) -> list[int]:
        """The seats that declared FORWARD (A-11)."""
    @property
    def points(self) -> list[int]:
        """Penalty points taken so far per seat."""
    @property
    def totals(self) -> list[int] | list[Fraction] | None:
        """The game's totals before the hand, as `HeartsGame.totals` gives them
        (`HeartsGame.observation`); None for a hand observed on its own."""

@final
class SpadesInfoState(_InfoState[SpadesRules, SpadesState]):
    """What one seat knows of a Spades hand (docs/information.md)."""

    @property
    def bids(self) -> list[Bid | None]:
        """The bids made so far (None for a seat yet to bid)."""
    @property
    def face_up(self) -> list[list[int]]:
        """Each seat's face-up cards as dealt (`face_up_first_four`; empty otherwise)."""
    @property
    def redeal_claims(self) -> list[tuple[int, list[int]]]:
        """``(seat, the hand it showed)`` for each redeal claim of the hand."""
    @property
    def totals(self) -> list[int]:
        """Team totals before the hand."""
    @property
    def bags(self) -> list[int]:
        """Team bag counters before the hand."""
    @property
    def tricks_taken(self) -> list[int]:
        """Tricks taken so far per seat."""

def sample_deals(
    info: HeartsInfoState | SpadesInfoState,
    n: int,
    *,
    seed: int | None = None,
    weights: npt.ArrayLike | None = None,
    threads: int | None = None,
    start: int | None = None,
) -> SampledDeals:
    """``n`` deals drawn exactly uniformly from those that agree with ``info``, as arrays:
    the holder of each card id per world, and importance weights under ``weights`` (a
    ``(54, players)`` array of per-card, per-seat weights). Row ``k`` is world ``start +
    k`` (start default 0), which depends only on ``(seed, start + k)``: the same for any
    thread count, and parts concatenate exactly (docs/information.md)."""

def _arena_scores(
    rules: HeartsRules | SpadesRules,
    policies: Sequence[Policy],
    deals: int,
    seed: int | None = None,
    threads: int | None = None,
    start: int | None = None,
    games: bool = False,
    hand_limit: int | None = None,
) -> npt.NDArray[np.float64]:
    """The per-deal, per-policy scores of a duplicate arena (``hearts_fast.arena``)."""

LAYOUT_VERSION: int
"""The version of the environments' compact tensor layouts (docs/environments.md)."""

_Kind = Literal["observation", "info_state"]
_Layout = Literal["compact", "openspiel"]
_Opponent = str | Policy | None

def _tensor_fields(
    rules: HeartsRules | SpadesRules, kind: _Kind | None = None
) -> list[tuple[str, int, int]]:
    """The compact layout's fields: ``(name, start, stop)`` in order."""

@final
class _VectorEnv:
    """The engine's vector environment (``hearts_fast.env`` wraps it)."""

    def __new__(
        cls,
        rules: HeartsRules | SpadesRules,
        num_envs: int | None = None,
        *,
        seats: int | Sequence[int] | None = None,
        opponents: _Opponent | Sequence[_Opponent] = None,
        reward: Literal["hand", "trick"] | None = None,
        episode: Literal["hand", "game"] | None = None,
        max_hands: int | None = None,
        seed: int | None = None,
        autoreset: bool | None = None,
        kind: _Kind | None = None,
        layout: _Layout | None = None,
    ) -> Self: ...
    @property
    def num_envs(self) -> int:
        """The number of environments."""
    @property
    def size(self) -> int:
        """The length of one observation."""
    @property
    def num_actions(self) -> int:
        """The size of the action space."""
    @property
    def num_players(self) -> int:
        """Seats at the table."""
    @property
    def seats(self) -> list[int]:
        """The learner's seats."""
    @property
    def game(self) -> Literal["hearts", "spades"]:
        """`"hearts"` or `"spades"`."""
    @property
    def autoreset(self) -> bool:
        """Whether a finished episode is reset within the step that ends it."""
    @property
    def obs(self) -> npt.NDArray[np.float32]:
        """The observations, one row per environment (written by ``reset`` and ``step``)."""
    @property
    def mask(self) -> npt.NDArray[np.bool_]:
        """The legal-action masks, one row per environment."""
    @property
    def rewards(self) -> npt.NDArray[np.float32]:
        """The learner's reward of the last step, per environment."""
    @property
    def seat_rewards(self) -> npt.NDArray[np.float32]:
        """Every seat's reward of the last step, one row per environment."""
    @property
    def terminated(self) -> npt.NDArray[np.bool_]:
        """Whether the last step ended the environment's episode."""
    @property
    def truncated(self) -> npt.NDArray[np.bool_]:
        """Whether the last step cut the episode short (a game stopped at its hand limit)."""
    @property
    def seat(self) -> npt.NDArray[np.int8]:
        """The learner seat to act next, per environment."""
    @property
    def final_obs(self) -> npt.NDArray[np.float32]:
        """The last observation of each episode that ended in the last step (under autoreset)."""
    def reset(self, seed: int | None = None, reset_mask: Sequence[bool] | None = None) -> None:
        """Starts a new episode in every environment (from `seed` when given) and writes the first
        observations into the buffers; with `reset_mask` (a bool array, one per environment),
        only the marked environments."""
    def step(self, actions: npt.ArrayLike) -> None:
        """One step of every environment with the learner's `actions` (one per environment). Refused
        actions change nothing."""
    def observe(
        self, env: int, seat: int, kind: _Kind | None = None, layout: _Layout | None = None
    ) -> npt.NDArray[np.float32]:
        """What `seat` sees in environment `env` now, as `kind`/`layout` (a new array)."""
    def state(self, env: int) -> HeartsState | SpadesState:
        """The hand of environment `env` now, as a state of its game (a copy)."""
    def selected(self, env: int) -> list[int]:
        """The cards chosen so far for a pass made one card at a time in environment `env` (Hearts;
        empty otherwise)."""
