"""``HeartsGame``: a whole game of hands (docs/rules/hearts.md A-5, A-22..A-25; 0.6, 0.7)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Any

from hearts_fast.errors import ArgumentTypeError, IllegalMoveError, InvalidRulesError

from . import text as _text
from .cards import card_name, check_card
from .rules import HeartsRules
from .state import (
    HeartsState,
    _check_dealer,
    _check_pass_direction,
    _check_seed,
    validate_deal,
)

__all__ = ["HeartsGame"]


def _is_chip_amount(value: object) -> bool:
    return (isinstance(value, int) and not isinstance(value, bool)) or isinstance(value, Fraction)


def _check_score_sheet(
    rules: HeartsRules, totals: object, pot: object
) -> tuple[list[Any], Fraction]:
    """[api] ``totals=``/``pot=``: resume a game from a score sheet (validated, then converted).

    Points scorings take int totals; chips take ints or Fractions that are multiples of 1/60
    (A-24). The pot is chips only, >= 0 and a multiple of 1/60; a non-zero pot with another
    scoring is an InvalidRulesError.
    """
    n, chips = rules.players, rules.scoring == "chips"
    if not _is_chip_amount(pot):
        raise ArgumentTypeError(
            f"pot must be an int or a Fraction, got {type(pot).__name__} {pot!r}"
        )
    pot_value = Fraction(pot)  # type: ignore[call-overload]
    if not chips and pot_value != 0:
        raise InvalidRulesError(
            f"pot={pot} is only allowed with scoring='chips' (these rules have "
            f"scoring={rules.scoring!r}); pass 0"
        )
    if pot_value < 0 or (pot_value * 60).denominator != 1:
        raise InvalidRulesError(
            f"pot={pot} is not allowed; the pot must be >= 0 and a multiple of 1/60 (A-24)"
        )
    if totals is None:
        return ([Fraction(rules.starting_chips)] * n if chips else [0] * n), pot_value
    if isinstance(totals, (str, bytes)) or not isinstance(totals, Sequence):
        raise ArgumentTypeError(
            f"totals must be None or a sequence of {n} numbers, got {type(totals).__name__}"
        )
    values = list(totals)
    allowed = "ints or Fractions that are multiples of 1/60" if chips else "ints"
    for i, t in enumerate(values):
        ok = _is_chip_amount(t) if chips else isinstance(t, int) and not isinstance(t, bool)
        if not ok:
            raise ArgumentTypeError(
                f"totals[{i}] must be one of {allowed}, got {type(t).__name__} {t!r}"
            )
    if len(values) != n:
        raise InvalidRulesError(f"totals must hold {n} values (one per seat), got {len(values)}")
    if chips:
        for i, t in enumerate(values):
            if (Fraction(t) * 60).denominator != 1:
                raise InvalidRulesError(
                    f"totals[{i}] = {t} is not allowed; chip totals must be multiples of 1/60"
                )
        return [Fraction(t) for t in values], pot_value
    return [int(t) for t in values], pot_value


class HeartsGame:
    """A game: hands are dealt and scored automatically until the A-25 end test holds."""

    def __init__(
        self,
        rules: HeartsRules,
        *,
        seed: int | None = None,
        first_dealer: int | None = None,
        deals: Sequence[Sequence[Sequence[int]]] | None = None,
        pass_directions: Sequence[str] | None = None,
        totals: Sequence[int | Fraction] | None = None,
        pot: int | Fraction | None = None,
    ) -> None:
        if not isinstance(rules, HeartsRules):
            raise ArgumentTypeError(f"rules must be a HeartsRules, got {type(rules).__name__}")
        seed = _check_seed(seed)
        if pot is None:
            pot = 0
        n = rules.players
        first_dealer = _check_dealer(first_dealer, n, "first_dealer")
        # Validate every injected deal and direction up front, so that no later call can fail
        # half-way through dealing the next hand.
        deal_list: list[Any] = []
        if deals is not None:
            if isinstance(deals, (str, bytes)) or not isinstance(deals, Sequence):
                raise ArgumentTypeError(
                    f"deals must be None or a sequence of deals, got {type(deals).__name__}"
                )
            for h, deal in enumerate(deals):
                # the deal passes left, so hand h is dealt by (first_dealer + h) % n
                validate_deal(rules, deal, (first_dealer + h) % n)
                deal_list.append(deal)
        dir_list: list[str] = []
        if pass_directions is not None:
            if isinstance(pass_directions, (str, bytes)) or not isinstance(
                pass_directions, Iterable
            ):
                raise ArgumentTypeError(
                    "pass_directions must be None or a sequence of str, got "
                    f"{type(pass_directions).__name__}"
                )
            if rules.pass_direction != "random":
                raise InvalidRulesError(
                    "pass_directions= may be given only with rules pass_direction='random' "
                    f"(these rules have pass_direction={rules.pass_direction!r}); pass None"
                )
            for d in pass_directions:
                if d is None:
                    raise ArgumentTypeError(
                        "pass_directions entries must be str: 'left', 'right', 'across' or 'hold'"
                    )
                dir_list.append(_check_pass_direction(rules, d))  # type: ignore[arg-type]

        start_totals, start_pot = _check_score_sheet(rules, totals, pot)

        self._rules = rules
        self._n = n
        self._first_dealer = first_dealer
        self._deals = [[list(hand) for hand in deal] for deal in deal_list]
        self._directions = dir_list
        self._rng = random.Random(seed)
        self._history: list[dict[str, Any]] = []
        self._over = False
        self._winners: list[int] = []
        self._chips = rules.scoring == "chips"
        self._totals: list[Any] = start_totals
        self._pot = start_pot
        self._text_sheet = (tuple(start_totals), start_pot)  # the starting sheet, for to_text
        self._text_done: tuple[HeartsState, ...] = ()  # every finished hand, for to_text
        self._state = self._deal_hand(0)

    def _deal_hand(self, h: int) -> HeartsState:
        """Hand h: dealer (first_dealer + h) % n, hand_index h; injected deal/direction if given."""
        dealer = (self._first_dealer + h) % self._n
        hand_seed = self._rng.getrandbits(64)  # drawn every hand, so injection does not shift seeds
        direction = self._directions[h] if h < len(self._directions) else None
        if h < len(self._deals):
            return HeartsState.from_deal(
                self._rules,
                self._deals[h],
                dealer=dealer,
                hand_index=h,
                pass_direction=direction,
                seed=hand_seed,
            )
        return HeartsState(
            self._rules, seed=hand_seed, dealer=dealer, hand_index=h, pass_direction=direction
        )

    # ---------------------------------------------------------------- scoring (A-22..A-25)

    def _finish_hand(self) -> None:
        st, rules, n = self._state, self._rules, self._n
        self._text_done = (*self._text_done, st)
        pen, scores, shooter = st.points(), st.hand_scores(), st.moon_shooter()
        self._history.append({"points": pen, "hand_scores": scores, "moon_shooter": shooter})
        if rules.scoring == "positive":
            self._totals = [self._totals[i] + scores[i] for i in range(n)]
        elif rules.scoring == "negative":
            self._totals = [self._totals[i] - scores[i] for i in range(n)]
        else:  # A-24 chips: pen_i and the moon only, never avoid_all_tricks_bonus
            v = rules._total_penalty()
            totals = list(self._totals)
            if shooter is not None:
                # every i != s pays V to s; s's own V is returned; the pot is unchanged
                for i in range(n):
                    if i != shooter:
                        totals[i] -= v
                        totals[shooter] += v
            else:
                for i in range(n):
                    totals[i] -= pen[i]
                    self._pot += pen[i]
                clean = [i for i in range(n) if pen[i] == 0]
                if clean:
                    share = self._pot / len(clean)
                    for i in clean:
                        totals[i] += share
                    self._pot = Fraction(0)
            self._totals = totals
        self._check_end()
        if not self._over:
            self._state = self._deal_hand(len(self._history))

    def _check_end(self) -> None:
        rules, totals = self._rules, self._totals
        played = len(self._history)
        hard_stop = rules.max_hands is not None and played >= rules.max_hands  # 0.7
        if rules.scoring == "positive":
            reached = any(t >= rules.target for t in totals)  # A-22, A-25 (>=)
        elif rules.scoring == "negative":
            reached = any(t <= -rules.target for t in totals)
        else:
            reached = rules.chips_end == "bust" and any(t <= 0 for t in totals)
        if not (reached or hard_stop):
            return
        best = min(totals) if rules.scoring == "positive" else max(totals)
        tied = [i for i in range(self._n) if totals[i] == best]
        # 0.6: play_on continues until the best is unique; max_hands is a hard stop [api].
        if len(tied) == 1 or rules.tie == "share" or hard_stop:
            self._over = True
            self._winners = tied

    # ---------------------------------------------------------------- delegating members

    @property
    def rules(self) -> HeartsRules:
        return self._rules

    @property
    def num_players(self) -> int:
        return self._n

    @property
    def state(self) -> HeartsState:
        """A copy of the current hand (the last hand once the game is over)."""
        return self._state.copy()

    @property
    def phase(self) -> str:
        return "over" if self._over else self._state.phase

    @property
    def current_player(self) -> int | None:
        return None if self._over else self._state.current_player

    def legal_plays(self) -> list[int]:
        return [] if self._over else self._state.legal_plays()

    def pending_passes(self) -> list[int]:
        return [] if self._over else self._state.pending_passes()

    def play(self, card: int) -> None:
        c = check_card(card, "play card")
        if self._over:
            raise IllegalMoveError(
                f"play {card_name(c)}: the game is over; no more moves are allowed",
                card=c,
                legal=[],
            )
        self._state.play(c)
        if self._state.phase == "over":
            self._finish_hand()

    # Once the game is over the last hand's state is in phase "over", so these raise
    # IllegalMoveError after the same argument checks as HeartsState.
    def pass_cards(self, seat: int, cards: Iterable[int]) -> None:
        self._state.pass_cards(seat, cards)

    def forward(self, seat: int) -> None:
        self._state.forward(seat)

    @property
    def hands_played(self) -> int:
        return len(self._history)

    @property
    def hand_history(self) -> list[dict[str, Any]]:
        return [
            {
                "points": list(h["points"]),
                "hand_scores": list(h["hand_scores"]),
                "moon_shooter": h["moon_shooter"],
            }
            for h in self._history
        ]

    @property
    def totals(self) -> list[Any]:
        return list(self._totals)

    @property
    def pot(self) -> Fraction:
        return self._pot

    @property
    def is_over(self) -> bool:
        return self._over

    @property
    def winners(self) -> list[int]:
        return list(self._winners)

    def copy(self) -> HeartsGame:
        new = HeartsGame.__new__(HeartsGame)
        new.__dict__.update(self.__dict__)
        new._rng = random.Random()
        new._rng.setstate(self._rng.getstate())
        new._history = self.hand_history
        new._winners = list(self._winners)
        new._totals = list(self._totals)
        new._state = self._state.copy()
        return new

    # ---------------------------------------------------------------- text form (text.py)

    def to_text(self) -> str:
        """The game as a ``hearts-game`` text: rules, starting sheet, every hand started,
        the generator and what is queued."""
        return _text.hearts_game_to_text(self)

    @classmethod
    def from_text(cls, text: str) -> HeartsGame:
        """Read a ``hearts-game`` text, replaying every hand through these rules;
        ``InvalidArgumentError`` for anything wrong."""
        return _text.hearts_game_from_text(text)

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (HeartsGame.from_text, (self.to_text(),))

    def __eq__(self, other: object) -> bool:
        """docs/text-format.md: the same class and the same past, i.e. equal texts once
        the ``future`` and ``queued`` lines are left out (not the generator or the queue)."""
        if not isinstance(other, HeartsGame) or type(other) is not type(self):
            return NotImplemented
        return _text.game_past(self.to_text()) == _text.game_past(other.to_text())

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __copy__(self) -> HeartsGame:
        return self.copy()

    def __deepcopy__(self, memo: dict[int, Any]) -> HeartsGame:
        return self.copy()

    def __repr__(self) -> str:
        return f"HeartsGame.from_text({self.to_text()!r})"
