"""Plain Python types of the engines' results: the Spades ``Bid`` named tuple, the
``TypedDict`` each ``simulate_*`` function returns (docs/protocol.md, Batch simulation) and
the open-hand solver's ``Solution`` and ``SolveBatch`` (docs/solver.md).

The same column has the same dtype in every game: ``hand_scores`` int32, ``tricks`` uint8,
``totals`` int64 (float64 for Hearts chips), ``winners`` and ``finished`` bool,
``hands_played`` uint32, means and variances float64, counts int64. Each streamed
``mean_<x>`` (and ``var_<x>``) comes with the exact integers it is computed from,
``sum_<x>`` and ``sumsq_<x>``: lists of Python ints (one per seat or team; a plain int for
rummy's turns), which never wrap, so that parts of a batch merge exactly
(``hearts_fast.merge``, ``hearts_fast.moments``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, NamedTuple, TypedDict

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = [
    "Bid",
    "HeartsSimulation",
    "RummySimulation",
    "SampledDeals",
    "SimulationResult",
    "Solution",
    "SolveBatch",
    "SpadesSimulation",
]


class Bid(NamedTuple):
    """One seat's Spades bid (docs/spades-api.md, Bids): ``value`` 0..13; ``nil`` True for a
    nil (a 0 with rules ``nil``); ``blind`` True for a blind nil; ``bemo`` None, "little" or
    "big" (B.3 #9). A named tuple: it compares equal to the plain tuple
    ``(value, nil, blind, bemo)``."""

    value: int
    nil: bool
    blind: bool
    bemo: str | None


class _Columns(TypedDict, total=False):
    """The columns of every game's result: ``hand_scores`` (hands); ``winners``,
    ``hands_played``, ``finished`` (games); ``hands``, ``mean_hand_scores``,
    ``var_hand_scores``, ``sum_hand_scores``, ``sumsq_hand_scores`` (stream)."""

    hand_scores: npt.NDArray[np.int32]
    winners: npt.NDArray[np.bool_]
    hands_played: npt.NDArray[np.uint32]
    finished: npt.NDArray[np.bool_]
    hands: int
    mean_hand_scores: npt.NDArray[np.float64]
    var_hand_scores: npt.NDArray[np.float64]
    sum_hand_scores: list[int]
    sumsq_hand_scores: list[int]


class _TrickColumns(_Columns, total=False):
    """The columns of both trick games: also ``tricks`` (hands), ``mean_tricks``,
    ``sum_tricks``, ``sumsq_tricks`` (stream)."""

    tricks: npt.NDArray[np.uint8]
    mean_tricks: npt.NDArray[np.float64]
    sum_tricks: list[int]
    sumsq_tricks: list[int]


class HeartsSimulation(_TrickColumns, total=False):
    """What ``simulate_hearts`` returns; the keys depend on the mode.

    ``hands=n``: ``points``, ``hand_scores``, ``tricks`` (n, players); ``moon_shooter``,
    ``queen_taker`` (n,), -1 for none. ``games=n``: ``totals``, ``winners`` (n, players),
    ``hands_played``, ``finished`` (n,); with chips also ``chips_sixtieths`` and ``pot``.
    ``stream=True``: ``hands`` and the aggregates.
    """

    points: npt.NDArray[np.uint8]
    moon_shooter: npt.NDArray[np.int8]
    queen_taker: npt.NDArray[np.int8]
    totals: npt.NDArray[np.int64] | npt.NDArray[np.float64]
    chips_sixtieths: npt.NDArray[np.int64]
    pot: npt.NDArray[np.float64]
    mean_points: npt.NDArray[np.float64]
    var_points: npt.NDArray[np.float64]
    sum_points: list[int]
    sumsq_points: list[int]
    moons: npt.NDArray[np.int64]
    queens: npt.NDArray[np.int64]
    points_hist: npt.NDArray[np.int64]


#: The former name of `HeartsSimulation`.
SimulationResult = HeartsSimulation


class SpadesSimulation(_TrickColumns, total=False):
    """What ``simulate_spades`` returns; the keys depend on the mode.

    ``hands=n``: ``bids``, ``nil``, ``blind``, ``bemo``, ``tricks`` (n, 4); ``hand_scores``,
    ``hand_bags`` (n, 2). ``games=n``: ``totals``, ``winners`` (n, 2), ``hands_played``,
    ``finished`` (n,). ``stream=True``: ``hands`` and the aggregates.
    """

    bids: npt.NDArray[np.int8]
    nil: npt.NDArray[np.bool_]
    blind: npt.NDArray[np.bool_]
    bemo: npt.NDArray[np.int8]
    hand_bags: npt.NDArray[np.int8]
    totals: npt.NDArray[np.int64]
    mean_hand_bags: npt.NDArray[np.float64]
    sum_hand_bags: list[int]
    sumsq_hand_bags: list[int]
    contracts_made: npt.NDArray[np.int64]
    var_tricks: npt.NDArray[np.float64]
    mean_bids: npt.NDArray[np.float64]
    sum_bids: list[int]
    sumsq_bids: list[int]
    nil_bids: npt.NDArray[np.int64]
    nils_made: npt.NDArray[np.int64]
    tricks_hist: npt.NDArray[np.int64]


class RummySimulation(_Columns, total=False):
    """What ``simulate_rummy`` returns; the keys depend on the mode.

    ``hands=n``: ``hand_scores``, ``opened`` (n, players); ``went_out`` (n,) with -1 for
    nobody, ``turns`` (n,). ``games=n``: ``totals``, ``winners`` (n, players),
    ``hands_played``, ``finished`` (n,). ``stream=True``: ``hands``, ``mean_hand_scores``,
    ``var_hand_scores`` (per seat), ``opens`` and ``outs`` (hands in which each seat opened
    / went out), ``nobody_out``, ``mean_turns`` and ``var_turns`` (with the exact
    ``sum_turns``, ``sumsq_turns``).
    """

    opened: npt.NDArray[np.bool_]
    went_out: npt.NDArray[np.int8]
    turns: npt.NDArray[np.uint32]
    totals: npt.NDArray[np.int64]
    opens: npt.NDArray[np.int64]
    outs: npt.NDArray[np.int64]
    nobody_out: int
    mean_turns: float
    var_turns: float
    sum_turns: int
    sumsq_turns: int


@dataclass(frozen=True)
class Solution:
    """The exact open-hand value of a position for one seat under one objective
    (docs/solver.md), as ``solve`` returns it.

    - ``value``: the value of the position, every seat playing its role optimally.
    - ``moves``: every legal card of the player to move -> the exact value after playing it.
    - ``best``: the cards of ``moves`` that are optimal for the player to move (the lowest
      values when he minimizes the objective, the highest when he maximizes it), sorted.
    - ``nodes``: the positions the search visited (the position itself included).

    ``value`` is the best of ``moves`` for the player to move, so it equals ``moves[c]`` for
    every ``c`` in ``best``.
    """

    #: The entry of ``array`` for a card that is not a legal play: the most negative int32,
    #: which no objective of either game can reach.
    ILLEGAL: ClassVar[int] = -(2**31)
    #: The length of ``array``: one entry per card id 0..53 (52, 53 are the jokers).
    CARD_IDS: ClassVar[int] = 54

    value: int
    moves: dict[int, int]
    best: list[int]
    nodes: int

    @property
    def array(self) -> npt.NDArray[np.int32]:
        """``moves`` as a new int32 array of length 54 indexed by card id; a card that is not
        a legal play holds ``Solution.ILLEGAL``."""
        import numpy as np

        out = np.full(self.CARD_IDS, self.ILLEGAL, dtype=np.int32)
        for card_id, value in self.moves.items():
            out[card_id] = value
        return out


class SolveBatch(NamedTuple):
    """What ``solve_batch`` returns for ``n`` states (docs/solver.md): row ``i`` is
    ``solve(states[i], …)`` as arrays.

    - ``values``: int32 (n,), ``Solution.value`` of each state.
    - ``moves``: int32 (n, 54), ``Solution.array`` of each state: the value of each legal
      play by card id, ``Solution.ILLEGAL`` for every other card. 54 columns, not 52: card
      ids run to 53 (52 and 53 are the jokers of Spades), so one layout fits every deck.
    - ``nodes``: int64 (n,), the positions each search visited. They depend on what the
      solver's table held: the states of a batch are solved in fixed chunks, each by one
      solver whose table is cleared at the chunk's start, so ``nodes`` (like everything
      else) is the same for any thread count.
    """

    values: npt.NDArray[np.int32]
    moves: npt.NDArray[np.int32]
    nodes: npt.NDArray[np.int64]


class SampledDeals(NamedTuple):
    """What ``sample_deals`` returns for ``n`` worlds (docs/information.md): row ``i`` is
    world ``i`` of the stream ``seed``, the same for any thread count.

    - ``hands``: int8 (n, 54), the seat holding each card id now, ``-1`` for a card no seat
      holds (played, or not in the deck). 54 columns as in ``SolveBatch``: card ids run to
      53 (the Spades jokers).
    - ``weights``: float64 (n,), the importance weight of each world: the product over the
      cards the seat cannot see of ``weights[card, holder]`` when ``weights=`` was given
      (unnormalized; divide by their sum), else 1.0.
    """

    hands: npt.NDArray[np.int8]
    weights: npt.NDArray[np.float64]
