"""``HeartsGame``: a whole game of hands (docs/rules/hearts.md A-5, A-22..A-25; 0.6, 0.7)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Any, cast

from hearts_fast.errors import ArgumentTypeError, InvalidRulesError

from ._base import TrickGame
from ._common import check_game_args, field, is_int, is_sequence
from .cards import HEARTS_IDS
from .rules import HeartsRules
from .state import HeartsState, _check_pass_direction, validate_deal

__all__ = ["HeartsGame"]


#: Largest magnitude of a total or pot a game accepts, in points or whole chips (an engine
#: limit, so that no total can overflow).
MAX_AMOUNT = 10**9


def _is_chip_amount(value: object) -> bool:
    return is_int(value) or isinstance(value, Fraction)


def _amount(value: object, chips: bool, what: str) -> Fraction:
    """One total (or the pot, ``chips`` True): an int, or for chips also a Fraction that is a
    multiple of 1/60 (A-24); within ±MAX_AMOUNT points or chips."""
    if not (_is_chip_amount(value) if chips else is_int(value)):
        allowed = "ints or Fractions that are multiples of 1/60" if chips else "ints"
        raise ArgumentTypeError(
            f"{what} must be one of {allowed}, got {type(value).__name__} {value!r}"
        )
    amount = Fraction(cast("int | Fraction", value))
    if (amount * 60).denominator != 1:
        raise InvalidRulesError(
            f"{what} = {value} is not allowed; chip amounts are multiples of 1/60"
        )
    if abs(amount) > MAX_AMOUNT:
        kind = "chips" if chips else "points"
        raise InvalidRulesError(
            f"{what} = {value} is out of range; allowed: within ±{MAX_AMOUNT} {kind} "
            "(an engine limit)"
        )
    return amount


def _check_score_sheet(
    rules: HeartsRules, totals: object, pot: object
) -> tuple[list[Any], Fraction]:
    """[api] ``totals=``/``pot=``: resume a game from a score sheet (validated, then converted).

    Points scorings take int totals; chips take ints or Fractions that are multiples of 1/60
    (A-24); every total is within ±MAX_AMOUNT. The pot is a whole number of chips
    0..=MAX_AMOUNT, and 0 outside chips: it only ever holds whole penalty chips (A-24), so
    every share of it is exact. Checked in the fast engine's order: totals, pot, the number of
    totals, then what the pot may hold.
    """
    n, chips = rules.players, rules.scoring == "chips"
    values: list[Fraction] | None = None
    if totals is not None:
        if not is_sequence(totals):
            raise ArgumentTypeError(
                f"totals must be None or a sequence of {n} numbers, got {type(totals).__name__}"
            )
        values = [_amount(t, chips, f"totals[{i}]") for i, t in enumerate(totals)]
    pot_value = _amount(0 if pot is None else pot, True, "pot")
    if values is not None and len(values) != n:
        raise InvalidRulesError(f"totals must hold {n} values (one per seat), got {len(values)}")
    if pot_value < 0 or pot_value.denominator != 1 or (pot_value != 0 and not chips):
        raise InvalidRulesError(
            f"pot = {pot} is not allowed; the pot is a whole number of chips 0..={MAX_AMOUNT} "
            "(A-24: it only ever holds whole penalty chips), and 0 unless scoring='chips'"
        )
    if values is None:
        return ([Fraction(rules.starting_chips)] * n if chips else [0] * n), pot_value
    if chips:
        return values, pot_value
    return [int(t) for t in values], pot_value


class HeartsGame(TrickGame[HeartsRules, HeartsState]):
    """A game: hands are dealt and scored automatically until the A-25 end test holds."""

    _KIND = "hearts-game"
    _MUTABLE = ("_rng", "_history", "_winners", "_totals", "_state")
    _IDS = HEARTS_IDS

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
        rules, first_dealer, seed = check_game_args(rules, HeartsRules, first_dealer, seed)
        n = rules.players
        # Validate every injected deal and direction up front, so that no later call can fail
        # half-way through dealing the next hand.
        deal_list: list[Any] = []
        if deals is not None:
            if not is_sequence(deals):
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

        self._begin(rules, seed, first_dealer, start_totals)
        self._n = n
        self._deals = [[list(hand) for hand in deal] for deal in deal_list]
        self._directions = dir_list
        self._pot = start_pot
        self._text_sheet = (tuple(start_totals), start_pot)  # the starting sheet, for to_text
        self._state = self._deal_hand()

    def _deal_hand(self) -> HeartsState:
        """The next hand, with its injected deal and direction if given."""
        h, dealer, hand_seed = self._next_deal()
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
        totals = self._totals
        if rules.scoring == "positive":
            reached = any(t >= rules.target for t in totals)  # A-22, A-25 (>=)
        elif rules.scoring == "negative":
            reached = any(t <= -rules.target for t in totals)
        else:
            reached = rules.chips_end == "bust" and any(t <= 0 for t in totals)
        if not self._end_test(reached, lowest_wins=rules.scoring == "positive"):
            self._state = self._deal_hand()

    # ---------------------------------------------------------------- delegating members

    def legal_plays(self) -> list[int]:
        return [] if self._over else self._state.legal_plays()

    def pending_passes(self) -> list[int]:
        return [] if self._over else self._state.pending_passes()

    # Once the game is over the last hand's state is in phase "over", so these raise
    # IllegalMoveError after the same argument checks as HeartsState.
    def pass_cards(self, seat: int, cards: Iterable[int]) -> None:
        self._state.pass_cards(seat, cards)

    def forward(self, seat: int) -> None:
        self._state.forward(seat)

    pot = field[Fraction]("_pot")
