"""The members the reference's six state and game classes share (docs/protocol.md, Members;
docs/text-format.md): the text form (``to_text``, ``from_text``, an eval-able ``repr``,
pickling), copies, equality, the plain properties of a hand and of a game, the trick
properties of the trick games (Hearts, Spades), and a game's deal sequence and end test.

Like the rest of the reference it shares nothing with the fast engine but the exception
classes.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, Generic, TypeVar

from hearts_fast.errors import IllegalMoveError

from . import text as _text
from ._common import Rules, call_shape, copied, field
from .cards import CardIds, card_name

__all__ = ["Game", "Hand", "Recorded", "TrickGame", "TrickHand"]

T = TypeVar("T", bound="Recorded[Any]")
R = TypeVar("R", bound=Rules)
H = TypeVar("H", bound="Hand[Any]")
TH = TypeVar("TH", bound="TrickHand[Any]")


def _fresh(value: Any) -> Any:
    """A copy of one piece of mutable state: lists, sets and dicts copied all the way down, a
    generator with the same state, a hand by its ``copy``. Anything else (ints, tuples,
    frozensets, rules) is immutable and is shared."""
    if isinstance(value, list):
        return [_fresh(v) if isinstance(v, (list, set, dict)) else v for v in value]
    if isinstance(value, set):
        return set(value)
    if isinstance(value, dict):
        return {k: _fresh(v) if isinstance(v, (list, set, dict)) else v for k, v in value.items()}
    if isinstance(value, random.Random):
        rng = random.Random()
        rng.setstate(value.getstate())
        return rng
    if isinstance(value, Recorded):
        return value.copy()
    return value


class Recorded(Generic[R]):
    """A state or a game: played under its rules, mutable (so unhashable), with a text form
    (docs/text-format.md).

    A subclass sets ``_KIND``, its text kind (``"hearts-state"`` …), and ``_MUTABLE``, the
    attributes that a copy must not share with the original.
    """

    _KIND: ClassVar[str]
    _MUTABLE: ClassVar[tuple[str, ...]]
    _rules: R

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A subclass's constructor and ``from_deal`` refuse a call of the wrong shape with
        ArgumentTypeError, as the fast engine's do (see ``call_shape``)."""
        super().__init_subclass__(**kwargs)
        for name, call in (("__init__", "()"), ("from_deal", ".from_deal()")):
            f = cls.__dict__.get(name)
            if isinstance(f, classmethod):
                setattr(cls, name, classmethod(call_shape(cls.__name__ + call)(f.__func__)))
            elif f is not None:
                setattr(cls, name, call_shape(cls.__name__ + call)(f))

    def copy(self: T) -> T:
        """An independent copy."""
        new = type(self).__new__(type(self))
        new.__dict__.update(self.__dict__)
        for name in self._MUTABLE:
            setattr(new, name, _fresh(getattr(self, name)))
        return new

    def __copy__(self: T) -> T:
        return self.copy()

    def __deepcopy__(self: T, memo: dict[int, Any]) -> T:
        return self.copy()

    def to_text(self) -> str:
        """The versioned text form (docs/text-format.md): the rules and everything played,
        with what is still to come; ``from_text`` reads it back."""
        return _text.WRITERS[self._KIND](self)

    @classmethod
    @call_shape("from_text()")
    def from_text(cls: type[T], text: str) -> T:
        """Read a text of this class's kind, replaying every redeal and action through these
        rules; ``InvalidArgumentError`` for anything wrong."""
        return _text.READERS[cls._KIND](text)  # type: ignore[no-any-return]

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (type(self).from_text, (self.to_text(),))

    def __repr__(self) -> str:
        return f"{type(self).__name__}.from_text({self.to_text()!r})"

    rules = field[R]("_rules")

    @property
    def num_players(self) -> int:
        return int(self._rules.players)


class Hand(Recorded[R]):
    """One hand of a game, with the properties every game's state has."""

    _dealer: int
    _hand_index: int
    _phase: str
    _current: int | None
    _hands: list[Any]

    def _key(self) -> tuple[Any, ...]:
        """What ``==`` compares: the hand's history (a subclass says what that is)."""
        raise NotImplementedError

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, type(self)):
            return NotImplemented
        return self._key() == other._key()

    dealer = field[int]("_dealer")
    hand_index = field[int]("_hand_index")
    phase = field[str]("_phase")

    @property
    def current_player(self) -> int | None:
        return self._current

    @property
    def is_over(self) -> bool:
        """``phase == "over"``."""
        return self._phase == "over"

    @property
    def hands(self) -> list[list[int]]:
        """Each seat's cards, sorted."""
        return [sorted(h) for h in self._hands]

    def _end_hand(self) -> None:
        self._phase = "over"
        self._current = None


class TrickHand(Hand[R]):
    """A hand of a trick game: the properties of its tricks."""

    _trick: list[tuple[int, int]]
    _trick_winners: list[int]
    _tricks_taken: list[int]

    @property
    def trick(self) -> list[tuple[int, int]]:
        """The current trick: (seat, card) in play order."""
        return list(self._trick)

    @property
    def trick_number(self) -> int:
        return len(self._trick_winners) + 1

    trick_winners = copied[int]("_trick_winners")
    tricks_taken = copied[int]("_tricks_taken")

    def play(self, card: int) -> None:
        """Play ``card`` for the current player (the game's rules say which cards are legal)."""
        raise NotImplementedError


class Game(Recorded[R], Generic[R, H]):
    """A whole game: hands dealt one after another (the deal passes left: A-5, B-3, C-3) and
    scored until the game's end test holds, with the properties every game has."""

    _state: H

    def _begin(self, rules: R, seed: int, first_dealer: int, totals: list[Any]) -> None:
        """What every game holds before its first hand is dealt."""
        self._rules = rules
        self._first_dealer = first_dealer
        self._totals = totals
        self._rng = random.Random(seed)
        self._history: list[dict[str, Any]] = []
        self._over = False
        self._winners: list[int] = []
        self._text_done: tuple[H, ...] = ()  # every finished hand, for to_text

    def _next_deal(self) -> tuple[int, int, int]:
        """The next hand's index h, its dealer (first_dealer + h) % players and its seed,
        drawn for every hand so that an injected deal shifts no later seed."""
        h = len(self._history)
        return h, (self._first_dealer + h) % self._rules.players, self._rng.getrandbits(64)

    def _end_test(self, reached: bool, lowest_wins: bool = False) -> bool:
        """Whether the game is over after a hand: its end test ``reached`` or the ``max_hands``
        hard stop (0.7) holds, and the best total is unique or the rules share a tie (0.6:
        play_on continues until the best is unique; the hard stop ends it anyway)."""
        rules, totals = self._rules, self._totals
        hard_stop = rules.max_hands is not None and len(self._history) >= rules.max_hands
        if reached or hard_stop:
            best = min(totals) if lowest_wins else max(totals)
            tied = [i for i, t in enumerate(totals) if t == best]
            if len(tied) == 1 or rules.tie == "share" or hard_stop:
                self._over, self._winners = True, tied
        return self._over

    def __eq__(self, other: object) -> bool:
        """docs/text-format.md: the same class and the same past, i.e. equal texts once
        the ``future`` and ``queued`` lines are left out (not the generator or the queue)."""
        if type(other) is not type(self):
            return NotImplemented
        return _text.game_past(self.to_text()) == _text.game_past(other.to_text())

    @property
    def state(self) -> H:
        """A copy of the current hand (the last hand once the game is over)."""
        return self._state.copy()

    @property
    def phase(self) -> str:
        return "over" if self._over else self._state.phase

    @property
    def current_player(self) -> int | None:
        return None if self._over else self._state.current_player

    @property
    def hands_played(self) -> int:
        return len(self._history)

    @property
    def hand_history(self) -> list[dict[str, Any]]:
        return [
            {k: (list(v) if isinstance(v, list) else v) for k, v in h.items()}
            for h in self._history
        ]

    totals = copied[Any]("_totals")
    is_over = field[bool]("_over")
    winners = copied[int]("_winners")


class TrickGame(Game[R, TH]):
    """A game of a trick game, whose hands end with a card play. A subclass sets ``_IDS``,
    the card ids its ``play`` takes, and scores each finished hand in ``_finish_hand``."""

    _IDS: ClassVar[CardIds]

    def _finish_hand(self) -> None:
        raise NotImplementedError

    def play(self, card: int) -> None:
        """Play ``card`` for the current player of the current hand."""
        c = self._IDS.check(card, "play card")
        if self._over:
            raise IllegalMoveError(
                f"play {card_name(c)}: the game is over; no more moves are allowed",
                card=c,
                legal=[],
            )
        self._state.play(c)
        if self._state.phase == "over":
            self._finish_hand()
