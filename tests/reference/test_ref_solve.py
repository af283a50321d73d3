"""The reference open-hand solver (``hearts_fast.reference.solve``, docs/solver.md).

Random rule sets and random endgames of 1-3 tricks, reached by random legal play from random
deals, check the invariants of issue 11: the value is the best of the per-move values for the
player to move; playing an optimal move and solving again gives the same value, down to the
finished hand, whose objective is that value; a non-optimal move is worth what ``moves``
says; the values lie within what the rules allow. Hand-built positions check answers derived
by hand from the rules, and bad input is refused with the state unchanged.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Union

import numpy as np
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from tests.helpers import (
    HEARTS_WORKED_MOVES,
    blocks_then,
    examples,
    hearts_snapshot,
    hearts_worked,
    play_blocks,
    raises_unchanged,
    spades_snapshot,
)
from tests.helpers import card_id as c
from tests.strategies import rule_params, spades_rule_params

import hearts_fast
from hearts_fast import reference
from hearts_fast.reference import (
    ArgumentTypeError,
    HeartsRules,
    HeartsState,
    InvalidArgumentError,
    RummyRules,
    RummyState,
    Solution,
    SpadesRules,
    SpadesState,
    solve,
)

State = Union[HeartsState, SpadesState]

# --- random endgames -------------------------------------------------------------------------


def max_tricks_left(players: int) -> int:
    """The longest endgame drawn: 3 tricks up to 5 players, 2 beyond, so that the exhaustive
    search (up to (t!)**players play sequences) stays small."""
    return 3 if players <= 5 else 2


def play_to_endgame(s: State, rng: random.Random) -> State:
    """Random legal plays until at most ``t`` tricks are left (1 <= t <= max_tricks_left),
    then up to one card fewer than a trick more, so that a trick may be under way."""
    tricks_left = rng.randint(1, max_tricks_left(s.num_players))
    while s.phase == "play" and max(len(h) for h in s.hands) > tricks_left:
        s.play(rng.choice(s.legal_plays()))
    for _ in range(rng.randrange(s.num_players)):
        if s.phase == "play":
            s.play(rng.choice(s.legal_plays()))
    assume(s.phase == "play")  # an early end may finish the hand first
    return s


def hearts_endgame(params: dict[str, Any], seed: int) -> HeartsState:
    """A random deal of ``params``, random passes (A-8..A-11), random play to an endgame."""
    rng = random.Random(seed)
    rules = HeartsRules(**params)
    s = HeartsState(rules, seed=seed, dealer=seed % rules.players)
    while s.phase == "pass":
        seat = rng.choice(s.pending_passes())
        s.pass_cards(seat, rng.sample(s.hands[seat], s.pass_count))
    return play_to_endgame(s, rng)  # type: ignore[return-value]


def spades_endgame(params: dict[str, Any], seed: int) -> SpadesState:
    """A random deal of ``params``, random legal bids (B-6), random play to an endgame."""
    rng = random.Random(seed)
    s = SpadesState(SpadesRules(**params), seed=seed, dealer=seed % 4)
    while s.phase == "bid":
        s.bid(rng.choice(s.legal_bids()))
    return play_to_endgame(s, rng)  # type: ignore[return-value]


def check_solution(
    s: State,
    sol: Solution,
    maximizes: Callable[[int], bool],
    leaf: Callable[[State], int],
    rng: random.Random,
    **how: Any,
) -> None:
    """The invariants of a solution of ``s`` under ``how`` (seat, objective): ``maximizes``
    says which seats raise the objective, ``leaf`` reads it off a finished hand."""
    mover = s.current_player
    assert mover is not None
    pick = max if maximizes(mover) else min
    assert sorted(sol.moves) == sorted(s.legal_plays())
    assert sol.value == pick(sol.moves.values())
    assert sol.best == sorted(x for x, v in sol.moves.items() if v == sol.value)
    assert sol.nodes > len(sol.moves)
    array = sol.array
    assert array.dtype == np.int32 and array.shape == (54,)
    assert {i: int(v) for i, v in enumerate(array) if v != Solution.ILLEGAL} == sol.moves
    # Any move is worth what ``moves`` says: solve the position after it.
    other = rng.choice(s.legal_plays())
    child = s.copy()
    child.play(other)
    if child.phase == "play":
        assert solve(child, **how).value == sol.moves[other]
    else:
        assert leaf(child) == sol.moves[other]
    # Follow optimal moves to the end: every position on the way has the same value, and the
    # finished hand's objective is that value.
    line = s.copy()
    line.play(rng.choice(sol.best))
    while line.phase == "play":
        sub = solve(line, **how)
        assert sub.value == sol.value
        line.play(rng.choice(sub.best))
    assert leaf(line) == sol.value


@examples(0.4)
@given(rule_params(), st.integers(0, 2**32), st.data())
def test_hearts_points_invariants(params: dict[str, Any], seed: int, data: st.DataObject) -> None:
    s = hearts_endgame(params, seed)
    seat = data.draw(st.one_of(st.none(), st.integers(0, s.num_players - 1)), label="seat")
    before = s.copy()
    sol = solve(s, seat=seat)
    assert s == before and hearts_snapshot(s) == hearts_snapshot(before)
    target = s.current_player if seat is None else seat
    assert solve(s, seat=target, objective="points") == sol
    # Paranoid (docs/solver.md): the seat minimizes its hand score, every other seat
    # maximizes it.
    check_solution(
        s,
        sol,
        lambda p: p != target,
        lambda t: t.hand_scores()[target],  # type: ignore[union-attr]
        random.Random(seed),
        seat=target,
    )
    # A.6: from the shooter's -V - 10 (J♦) to V; a trickless seat loses the bonus.
    rules = s.rules
    v = rules.total_penalty()
    jack = 10 if rules.jack_of_diamonds else 0
    lowest = -(v if rules.moon == "subtract_self" else 0) - jack - rules.avoid_all_tricks_bonus
    assert lowest <= sol.value <= v


@examples(0.4)
@given(spades_rule_params(), st.integers(0, 2**32), st.data())
def test_spades_invariants(params: dict[str, Any], seed: int, data: st.DataObject) -> None:
    s = spades_endgame(params, seed)
    seat = data.draw(st.integers(0, 3), label="seat")
    objective = data.draw(st.sampled_from(["tricks", "score"]), label="objective")
    team = seat % 2
    before = s.copy()
    sol = solve(s, seat=seat, objective=objective)
    assert s == before and spades_snapshot(s) == spades_snapshot(before)

    def leaf(t: State) -> int:
        taken = t.tricks_taken
        if objective == "tricks":
            return taken[seat] + taken[(seat + 2) % 4]
        return t.hand_scores()[team]  # type: ignore[no-any-return]

    check_solution(
        s, sol, lambda p: p % 2 == team, leaf, random.Random(seed), seat=seat, objective=objective
    )
    if objective == "tricks":
        # B-14: within the tricks the team holds and those still to play.
        held = leaf(s)
        assert held <= sol.value <= held + 13 - len(s.trick_winners) <= 13
        # All 13 tricks are won by one team or the other: the opponents' solution is the
        # complement, move by move.
        theirs = solve(s, seat=(seat + 1) % 4)
        assert theirs.value == 13 - sol.value
        assert theirs.moves == {x: 13 - v for x, v in sol.moves.items()}
    else:
        assert solve(s, seat=(seat + 2) % 4, objective="score") == sol


# --- worked positions ------------------------------------------------------------------------


@pytest.mark.parametrize(("moon", "moves"), HEARTS_WORKED_MOVES)
def test_hearts_worked_endgame(moon: str, moves: dict[str, int]) -> None:
    s = hearts_worked(reference, moon)
    sol = solve(s)
    assert sol.moves == {c(k): v for k, v in moves.items()}
    assert sol.value == 13 and sol.best == [c("AD")]


def test_hearts_worked_moon_by_the_seat_and_another() -> None:
    """After 2♦, 3♦, 2♣ (seat 2 keeps 2♥) and 4♦, seat 3 has won trick 12 and must lead 5♦:
    seat 0's A♦ takes Q♠ and 2♥, all 26 points, a moon (A-21). Under subtract_self seat 0
    scores -V = -26 and every other seat 0; under add_others seat 0 scores 0 and every
    other seat V = 26."""
    s = hearts_worked(reference, "subtract_self")
    for x in ("2D", "3D", "2C", "4D"):
        s.play(c(x))
    assert solve(s, seat=0).value == -26  # nothing is left to choose: seat 0 shoots
    assert solve(s, seat=3).value == 0  # another's moon: h_i = 0 under subtract_self
    add = hearts_worked(reference, "add_others")
    for x in ("2D", "3D", "2C", "4D"):
        add.play(c(x))
    assert solve(add, seat=0).value == 0 and solve(add, seat=1).value == 26


#: Two tricks left; seat 0 leads. The first 11 tricks are blocks (clubs, diamonds, spades,
#: hearts) all won by seat 0: team 0-2 holds 11 tricks.
SPADES_ENDGAME = ["AH 2H", "KH 2S", "3H 2C", "4H 2D"]


def test_spades_worked_endgame() -> None:
    """A♥: K♥, 3♥ and 4♥ must follow (B-12); A♥ wins; 2♥ then loses to seat 1's 2♠, the
    only trump (B-13): team 0-2 takes 12 tricks. 2♥: K♥ wins, and seat 1 leads 2♠, which
    wins too: 11 tricks. Score (B-17, bids 4 + 4, no bag penalty at 10): 12 tricks ->
    80 + 4 = 84, 11 -> 83. Seats 1 and 3 (bids 1 + 1, C = 2) take 1 trick after A♥: set,
    -10 (undertricks); 2 after 2♥: 20."""
    hands, blocks = blocks_then(SPADES_ENDGAME, "CDSH")
    s = SpadesState.from_deal(SpadesRules(), hands, dealer=3)
    for bid in (4, 1, 4, 1):
        s.bid(bid)
    play_blocks(s, blocks)
    assert s.tricks_taken == [11, 0, 0, 0] and s.current_player == 0
    tricks = solve(s)
    assert tricks.moves == {c("AH"): 12, c("2H"): 11}
    assert tricks.value == 12 and tricks.best == [c("AH")]
    score = solve(s, objective="score")
    assert score.moves == {c("AH"): 84, c("2H"): 83} and score.value == 84
    assert solve(s, seat=1).moves == {c("AH"): 1, c("2H"): 2}
    # For seat 1's team, seat 0 is an opponent: he minimizes that team's score.
    theirs = solve(s, seat=1, objective="score")
    assert theirs.moves == {c("AH"): -10, c("2H"): 20}
    assert theirs.value == -10 and theirs.best == [c("AH")]


# --- the result type and bad input ------------------------------------------------------------


def test_solution_is_shared_and_its_array_marks_illegal_cards() -> None:
    assert hearts_fast.Solution is Solution and "Solution" in hearts_fast.__all__
    sol = Solution(value=3, moves={5: 3, 53: 1}, best=[5], nodes=7)
    array = sol.array
    assert array.dtype == np.int32 and array.shape == (54,)
    assert array[5] == 3 and array[53] == 1 and array[0] == Solution.ILLEGAL == -(2**31)
    with pytest.raises(AttributeError):
        sol.value = 4  # type: ignore[misc]


def endgame_states() -> tuple[HeartsState, SpadesState]:
    h = hearts_worked(reference, "subtract_self")
    hands, blocks = blocks_then(SPADES_ENDGAME, "CDSH")
    s = SpadesState.from_deal(SpadesRules(), hands, dealer=3)
    for bid in (4, 1, 4, 1):
        s.bid(bid)
    play_blocks(s, blocks)
    return h, s


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"seat": 1.0}, ArgumentTypeError, "seat"),
        ({"seat": True}, ArgumentTypeError, "seat"),
        ({"seat": -1}, InvalidArgumentError, "out of range"),
        ({"seat": 4}, InvalidArgumentError, "out of range"),
        ({"objective": 3}, ArgumentTypeError, "objective"),
        ({"objective": "\ud800"}, ArgumentTypeError, "valid text"),
        ({"objective": "win"}, InvalidArgumentError, "not an objective"),
    ],
)
def test_bad_arguments_are_refused(kwargs: dict[str, Any], error: type, match: str) -> None:
    for s, snapshot in zip(endgame_states(), (hearts_snapshot, spades_snapshot)):
        raises_unchanged(snapshot, error, lambda s=s: solve(s, **kwargs), s, match)


def test_each_game_has_its_objectives() -> None:
    h, s = endgame_states()
    with pytest.raises(InvalidArgumentError, match="tricks"):
        solve(h, objective="tricks")
    with pytest.raises(InvalidArgumentError, match="points"):
        solve(s, objective="points")


def test_states_not_in_play_are_refused() -> None:
    passing = HeartsState(HeartsRules(), seed=1)
    bidding = SpadesState(SpadesRules(), seed=1)
    over = hearts_worked(reference, "none")
    while over.phase == "play":
        over.play(over.legal_plays()[0])
    cases = [(passing, "pass", hearts_snapshot), (bidding, "bid", spades_snapshot)]
    cases.append((over, "over", hearts_snapshot))
    for s, phase, snapshot in cases:
        raises_unchanged(snapshot, InvalidArgumentError, lambda s=s: solve(s), s, phase)
    # Another game's state, the fast engine's or the rummy's, is the wrong type.
    with pytest.raises(ArgumentTypeError, match="RummyState"):
        solve(RummyState(RummyRules()))  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="str"):
        solve("4S")  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="keyword-only"):
        solve(endgame_states()[0], 0)  # type: ignore[misc]
