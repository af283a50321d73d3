"""The exhaustive open-hand solver of the reference engine: ``solve(state, *, seat=None,
objective=None) -> Solution`` (docs/solver.md).

Every hand is face up. The search is plain minimax over the public API of the reference
states: copy the position, play each card of ``legal_plays()``, recurse until the hand is
over, and read the objective off the finished hand (``hand_scores()`` or ``tricks_taken``).
There is no pruning, bound or table, so the search visits every play sequence to the end
of the hand: it is exponential, meant for endgames of a few tricks, and is the oracle the
fast solver is tested against.

Objectives (docs/solver.md defines them exactly):

- Hearts ``"points"`` (the default): ``hand_scores()[seat]`` when the hand is over (A-20,
  A-21, with the ``avoid_all_tricks_bonus`` of A.6), which the seat minimizes while every
  other seat maximizes it ("paranoid").
- Spades ``"tricks"`` (the default): the tricks the seat's team (seats ``seat`` and
  ``seat + 2``) holds when the hand is over; ``"score"``: ``hand_scores()`` of that team
  (B-17..B-21, B.3, B-27). The team maximizes, the opponents minimize.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Union

from hearts_fast._types import Solution
from hearts_fast.errors import ArgumentTypeError, InvalidArgumentError

from ._common import call_shape, check_text
from .spades import SpadesState
from .state import HeartsState

__all__ = ["OBJECTIVES", "solve"]

State = Union[HeartsState, SpadesState]

#: The objectives of each game, the default first.
OBJECTIVES: dict[type, tuple[str, ...]] = {
    HeartsState: ("points",),
    SpadesState: ("tricks", "score"),
}


@dataclass(frozen=True)
class _Goal:
    """What the search optimizes: ``leaf`` reads the objective off a finished hand and
    ``maximizes(seat)`` says whether ``seat`` plays to raise it (else to lower it)."""

    leaf: Callable[[State], int]
    maximizes: Callable[[int], bool]


def _goal(state: State, seat: int, objective: str) -> _Goal:
    if isinstance(state, HeartsState):
        # "points": the seat lowers its own hand score, every other seat raises it.
        return _Goal(lambda s: s.hand_scores()[seat], lambda p: p != seat)
    team = seat % 2
    partner = (seat + 2) % 4

    def team_tricks(s: State) -> int:
        taken = s.tricks_taken
        return taken[seat] + taken[partner]

    def team_score(s: State) -> int:
        return s.hand_scores()[team]

    leaf = team_tricks if objective == "tricks" else team_score
    return _Goal(leaf, lambda p: p % 2 == team)


def _mover(state: State) -> int:
    mover = state.current_player
    assert mover is not None, "a hand in play has a player to move"
    return mover


class _Search:
    """A plain minimax over one goal that counts the positions it visits."""

    def __init__(self, goal: _Goal) -> None:
        self.goal = goal
        self.nodes = 0

    def children(self, state: State) -> dict[int, int]:
        """Every legal play of ``state`` (in play) -> the value of the position after it."""
        values = {}
        for card in state.legal_plays():
            child = state.copy()
            child.play(card)
            values[card] = self.value(child)
        return values

    def best(self, state: State, values: dict[int, int]) -> int:
        """The best of ``values`` for the player to move in ``state``, in his role."""
        return (max if self.goal.maximizes(_mover(state)) else min)(values.values())

    def value(self, state: State) -> int:
        """The exact minimax value of ``state``; counts it as visited."""
        self.nodes += 1
        if state.phase == "over":
            return self.goal.leaf(state)
        return self.best(state, self.children(state))


def _check(state: object, seat: object, objective: object) -> tuple[State, int, str]:
    """Validate the arguments in the package's order: types, then values, then the phase."""
    if not isinstance(state, (HeartsState, SpadesState)):
        raise ArgumentTypeError(
            f"state must be a reference HeartsState or SpadesState, got {type(state).__name__}"
        )
    if isinstance(seat, bool) or not isinstance(seat, (int, type(None))):
        raise ArgumentTypeError(f"seat must be an int or None, got {type(seat).__name__}")
    if objective is not None and not isinstance(objective, str):
        raise ArgumentTypeError(f"objective must be a str or None, got {type(objective).__name__}")
    game = type(state).__name__
    allowed = OBJECTIVES[type(state)]
    name = allowed[0] if objective is None else check_text(objective, "objective")
    if name not in allowed:
        raise InvalidArgumentError(
            f"objective {name!r} is not an objective of {game}; allowed: {', '.join(allowed)}"
        )
    players = state.num_players
    if seat is not None and not 0 <= seat < players:
        raise InvalidArgumentError(
            f"seat = {seat} is out of range; allowed: seats 0..{players - 1} or None"
        )
    if state.phase != "play":
        raise InvalidArgumentError(
            f"solve needs a hand in phase 'play'; this {game} is in phase {state.phase!r}"
        )
    return state, _mover(state) if seat is None else seat, name


@call_shape("solve()")
def solve(state: State, *, seat: int | None = None, objective: str | None = None) -> Solution:
    """The exact open-hand value of ``state`` for ``seat`` under ``objective``, with every
    hand face up, by exhaustive minimax to the end of the hand (docs/solver.md).

    ``state`` is a reference ``HeartsState`` or ``SpadesState`` in phase ``"play"`` (a
    trick may be under way); it is never changed. ``seat`` (default: the player to move) is
    the seat whose objective is valued. ``objective`` is Hearts ``"points"`` (the default)
    or Spades ``"tricks"`` (the default) or ``"score"``.

    Returns a ``Solution``: ``moves`` maps every legal play of the player to move to its
    value, ``value`` and ``best`` are the value and the plays optimal for the player to
    move in his role (the seat and, in Spades, its partner maximize the Spades objectives;
    in Hearts the seat minimizes and the others maximize), and ``nodes`` counts the
    positions visited.

    Raises ``ArgumentTypeError`` for an argument of the wrong type (a state that is not a
    reference Hearts or Spades state, a seat that is not an int, an objective that is not a
    str or not valid text, a call of the wrong shape such as a positional seat), then
    ``InvalidArgumentError`` for an objective that is not one of the game's, a seat out of
    range, or a hand not in phase ``"play"`` (passing, bidding or over), in that order.
    """
    state, seat, name = _check(state, seat, objective)
    search = _Search(_goal(state, seat, name))
    search.nodes = 1  # the position itself
    moves = search.children(state)
    value = search.best(state, moves)
    best = sorted(card for card, v in moves.items() if v == value)
    return Solution(value=value, moves=moves, best=best, nodes=search.nodes)
