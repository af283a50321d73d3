"""The fast engine's open-hand solver (docs/solver.md): ``hf.solve``, ``hf.Solver`` and
``hf.solve_batch`` give the values, moves and best plays of the reference solver
``hearts_fast.reference.solve`` on fixed endgames of both games (each reference state read
from the fast one's text form); a kept table changes no value; ``solve_batch`` equals
``solve`` state by state and its arrays, ``nodes`` included, are the same for any thread
count; bad input is refused with the package's errors in the reference's order, the state
unchanged; and the command line ``hearts-fast solve`` prints a hand's plays."""

from __future__ import annotations

import io
import random
import threading
from pathlib import Path
from typing import Any, Callable, TypeVar, Union

import numpy as np
import pytest

import hearts_fast as hf
import hearts_fast.reference as ref
from hearts_fast.cli import main
from hearts_fast.errors import ArgumentTypeError, InvalidArgumentError
from tests.helpers import (
    HEARTS_WORKED_MOVES,
    hearts_snapshot,
    hearts_worked,
    raises_unchanged,
    spades_snapshot,
)
from tests.helpers import card_id as c

State = Union[hf.HeartsState, hf.SpadesState]
S = TypeVar("S", hf.HeartsState, hf.SpadesState)


def to_reference(s: State) -> Any:
    """The reference engine's copy of ``s``, through the text form."""
    return getattr(ref, type(s).__name__).from_text(s.to_text())


def endgame(s: S, tricks: int, seed: int) -> S:
    """Random passes (A-8..A-11) or bids (B-6, with bemos where the rules have them), then
    random legal plays (A-16, B-16) until at most ``tricks`` tricks are left, then up to
    ``players - 1`` plays more so that a trick may be under way."""
    rng = random.Random(seed)
    while s.phase == "pass":
        assert isinstance(s, hf.HeartsState)
        seat = rng.choice(s.pending_passes())
        s.pass_cards(seat, rng.sample(s.hands[seat], s.pass_count))
    while s.phase == "bid":
        assert isinstance(s, hf.SpadesState)
        s.bid(rng.choice(s.legal_bids()), bemo=rng.choice([None, *s.legal_bemos()]))
    while max(len(h) for h in s.hands) > tricks:
        s.play(rng.choice(s.legal_plays()))
    for _ in range(seed % s.num_players):
        s.play(rng.choice(s.legal_plays()))
    assert s.phase == "play"
    return s


#: Hearts rule sets: every preset, and the moon options and table sizes they leave out.
HEARTS_RULES: list[tuple[str, dict[str, Any]]] = [
    ("default", {}),
    ("dame_de_pic", {}),
    ("corazones", {}),
    ("francesa", {}),
    ("jota_diamantes", {}),
    ("openspiel", {}),
    ("default", {"moon": "add_others", "players": 3}),
    ("default", {"moon": "none", "players": 5}),
    ("default", {"avoid_all_tricks_bonus": 5, "early_end": False}),
]

#: Spades rule sets: both presets, jokers (B.3 #5), bemo (B.3 #9), blind nil.
SPADES_RULES: list[tuple[str, dict[str, Any]]] = [
    ("default", {}),
    ("openspiel", {}),
    ("default", {"jokers": True}),
    ("default", {"bemo": True}),
    ("default", {"blind_nil": True, "set_penalty": "bid"}),
]


def hearts_endgames() -> list[hf.HeartsState]:
    return [
        endgame(hf.HeartsState(hf.HeartsRules.preset(p, **o), seed=i), 3, i)
        for i, (p, o) in enumerate(HEARTS_RULES)
    ]


def spades_endgames() -> list[hf.SpadesState]:
    return [
        endgame(hf.SpadesState(hf.SpadesRules.preset(p, **o), seed=i), 3, i)
        for i, (p, o) in enumerate(SPADES_RULES)
    ]


def same(fast: hf.Solution, reference: hf.Solution) -> None:
    """Equal values, moves and best plays (``nodes`` counts each engine's own search)."""
    assert (fast.value, fast.moves, fast.best) == (reference.value, reference.moves, reference.best)


# --- the reference's answers -------------------------------------------------------------------


def test_the_solution_is_the_shared_class() -> None:
    s = hearts_endgames()[0]
    sol = hf.solve(s)
    assert type(sol) is hf.Solution is ref.Solution
    assert all(isinstance(x, int) for x in (sol.value, sol.nodes, *sol.moves, *sol.best))
    assert sol.nodes >= 1 and sol.best == sorted(sol.best)
    assert {"solve", "Solver", "solve_batch", "SolveBatch"} <= set(hf.__all__)


@pytest.mark.parametrize("k", range(len(HEARTS_RULES)), ids=[str(r) for r in HEARTS_RULES])
def test_A16_A21_hearts_points_equal_the_reference(k: int) -> None:
    """The moves are the A-16 legal plays; the values are h_seat (A-20, A-21, A.6) under
    the paranoid roles, for the player to move and for another seat."""
    s = hearts_endgames()[k]
    r = to_reference(s)
    assert s.current_player is not None
    other = (s.current_player + 1) % s.num_players
    for seat in (None, other):
        before = s.copy()
        sol = hf.solve(s, seat=seat)
        assert s == before and hearts_snapshot(s) == hearts_snapshot(before)
        assert sorted(sol.moves) == s.legal_plays()
        same(sol, ref.solve(r, seat=seat))


@pytest.mark.parametrize("k", range(len(SPADES_RULES)), ids=[str(r) for r in SPADES_RULES])
def test_B16_B17_spades_tricks_and_score_equal_the_reference(k: int) -> None:
    """The moves are the B-16 legal plays; "tricks" is the team's tricks (B-14) and "score"
    its hand score (B-17..B-21, B.3), for the mover's team and the other."""
    s = spades_endgames()[k]
    r = to_reference(s)
    mover = s.current_player
    assert mover is not None
    for seat, objective in ((None, "tricks"), (mover + 1, "score"), (mover, "score")):
        seat = None if seat is None else seat % 4
        before = s.copy()
        sol = hf.solve(s, seat=seat, objective=objective)
        assert s == before and spades_snapshot(s) == spades_snapshot(before)
        assert sorted(sol.moves) == s.legal_plays()
        same(sol, ref.solve(r, seat=seat, objective=objective))


@pytest.mark.parametrize(("moon", "moves"), HEARTS_WORKED_MOVES)
def test_A21_the_moon_worked_endgame(moon: str, moves: dict[str, int]) -> None:
    """The hand-derived values of the reference's worked endgame (A-21: seat 2 gives 2♥
    away under a moon option rather than let seat 0 shoot)."""
    s = hearts_worked(hf, moon)
    sol = hf.solve(s)
    assert sol.moves == {c(k): v for k, v in moves.items()}
    assert sol.value == 13 and sol.best == [c("AD")]
    same(sol, ref.solve(to_reference(s)))


# --- the kept table and the batch ----------------------------------------------------------------


def positions(n: int) -> list[hf.SpadesState]:
    """``n`` Spades hands of one rule set with 4 to 6 tricks left."""
    return [endgame(hf.SpadesState(hf.SpadesRules(), seed=i), 4 + i % 3, i) for i in range(n)]


def test_a_kept_table_changes_no_value() -> None:
    states = positions(6) + positions(3)  # the same positions again: found in the table
    fresh = [hf.solve(s, seat=0) for s in states]
    solver = hf.Solver(memory_mb=4)
    kept = [solver.solve(s, seat=0) for s in states]
    for a, b in zip(fresh, kept):
        same(b, a)
    assert sum(x.nodes for x in kept[6:]) < sum(x.nodes for x in fresh[6:])
    # hf.solve starts from an empty table every call; so does a cleared Solver.
    assert hf.solve(states[0], seat=0) == fresh[0]
    solver.clear()
    assert solver.solve(states[0], seat=0) == fresh[0]


def test_solver_members() -> None:
    solver = hf.Solver()
    assert repr(solver) == "Solver(memory_mb=64)"
    assert 0 < solver.memory <= 64 << 20
    small = hf.Solver(memory_mb=1)
    assert repr(small) == "Solver(memory_mb=1)" and 0 < small.memory <= 1 << 20
    with pytest.raises(AttributeError):
        small.memory = 5  # type: ignore[misc]


def test_one_solver_shared_by_threads() -> None:
    states = positions(8)
    expected = [hf.solve(s) for s in states]
    solver = hf.Solver(memory_mb=2)
    got: dict[int, hf.Solution] = {}

    def work(offset: int) -> None:
        for i in range(offset, len(states), 2):
            got[i] = solver.solve(states[i])

    threads = [threading.Thread(target=work, args=(k,)) for k in (0, 1)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for i, sol in got.items():
        same(sol, expected[i])
    assert len(got) == len(states)


def test_solve_batch_equals_solve_state_by_state() -> None:
    states = positions(20)
    seats = [i % 4 for i in range(20)]
    res = hf.solve_batch(states, seat=seats, objective="score", threads=2)
    assert isinstance(res, hf.SolveBatch)
    values, moves, nodes = res
    assert values.dtype == np.int32 and values.shape == (20,)
    assert moves.dtype == np.int32 and moves.shape == (20, 54)
    assert nodes.dtype == np.int64 and nodes.shape == (20,)
    for i, s in enumerate(states):
        sol = hf.solve(s, seat=seats[i], objective="score")
        assert values[i] == sol.value
        assert np.array_equal(moves[i], sol.array)
        if i % 8 == 0:  # a chunk's first state: the table is empty, as in solve
            assert nodes[i] == sol.nodes
    # One seat for all, and the default seat.
    assert np.array_equal(
        hf.solve_batch(states, seat=1).values, [hf.solve(s, seat=1).value for s in states]
    )
    assert np.array_equal(hf.solve_batch(states).values, [hf.solve(s).value for s in states])


def test_solve_batch_is_the_same_for_any_thread_count_and_batch_size() -> None:
    states = positions(19)
    one = hf.solve_batch(states, threads=1)
    for threads in (2, None):
        other = hf.solve_batch(states, threads=threads)
        for name in hf.SolveBatch._fields:
            assert np.array_equal(getattr(one, name), getattr(other, name))
    # The rows of the first k states do not depend on the states after them.
    for k in (1, 8, 11):
        part = hf.solve_batch(states[:k], threads=2)
        for name in hf.SolveBatch._fields:
            assert np.array_equal(getattr(one, name)[:k], getattr(part, name))


def test_solve_batch_of_hearts_states() -> None:
    states = hearts_endgames()
    res = hf.solve_batch(states)
    assert list(res.values) == [hf.solve(s).value for s in states]
    legal = res.moves != hf.Solution.ILLEGAL
    assert [sorted(np.flatnonzero(row)) for row in legal] == [s.legal_plays() for s in states]


# --- bad input --------------------------------------------------------------------------------


def refused_states() -> list[tuple[Any, str, Callable[[Any], dict[str, Any]]]]:
    """Hands not in phase "play": passing, bidding, over."""
    over = hearts_worked(hf, "none")
    while over.phase == "play":
        over.play(over.legal_plays()[0])
    return [
        (hf.HeartsState(hf.HeartsRules(), seed=1), "pass", hearts_snapshot),
        (hf.SpadesState(hf.SpadesRules(), seed=1), "bid", spades_snapshot),
        (over, "over", hearts_snapshot),
    ]


#: The three ways to solve one state: each refuses what the others refuse.
SOLVERS: dict[str, Callable[..., Any]] = {
    "solve": hf.solve,
    "Solver.solve": hf.Solver(memory_mb=1).solve,
    "solve_batch": lambda s, **kw: hf.solve_batch([s], **kw),
}


@pytest.mark.parametrize("name", list(SOLVERS))
@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"seat": 1.0}, ArgumentTypeError, "seat"),
        ({"seat": True}, ArgumentTypeError, "seat"),
        ({"objective": 3}, ArgumentTypeError, "objective"),
        ({"objective": "\ud800"}, ArgumentTypeError, "valid text"),
        ({"objective": 3, "seat": 9}, ArgumentTypeError, "objective"),
        ({"seat": -1}, InvalidArgumentError, "seat = -1 is out of range"),
        ({"seat": 4}, InvalidArgumentError, "out of range"),
        ({"seat": 2**70}, InvalidArgumentError, f"seat = {2**70} is out of range"),
        ({"objective": "win"}, InvalidArgumentError, "not an objective"),
        ({"objective": "win", "seat": 9}, InvalidArgumentError, "not an objective"),
        ({"unknown": 1}, ArgumentTypeError, "keyword-only"),
    ],
)
def test_bad_arguments_are_refused(
    name: str, kwargs: dict[str, Any], error: type, match: str
) -> None:
    solve = SOLVERS[name]
    for s, snapshot in (
        (hearts_worked(hf, "none"), hearts_snapshot),
        (positions(1)[0], spades_snapshot),
    ):
        raises_unchanged(snapshot, error, lambda s=s: solve(s, **kwargs), s, match)


@pytest.mark.parametrize("name", list(SOLVERS))
def test_states_that_cannot_be_solved(name: str) -> None:
    solve = SOLVERS[name]
    for s, phase, snapshot in refused_states():
        raises_unchanged(snapshot, InvalidArgumentError, lambda s=s: solve(s), s, phase)
        # The seat is checked before the phase, the objective before the seat.
        raises_unchanged(snapshot, InvalidArgumentError, lambda s=s: solve(s, seat=7), s, "seat")
        bad = {"objective": "win", "seat": 7}
        raises_unchanged(
            snapshot, InvalidArgumentError, lambda s=s, bad=bad: solve(s, **bad), s, "win"
        )
    h, sp = hearts_worked(hf, "none"), positions(1)[0]
    with pytest.raises(InvalidArgumentError, match="tricks"):
        solve(h, objective="tricks")
    with pytest.raises(InvalidArgumentError, match="points"):
        solve(sp, objective="points")
    # Another engine's or game's state, or anything else, is the wrong type.
    for wrong, shown in [
        (to_reference(h), "hearts_fast.reference"),
        (hf.RummyState(hf.RummyRules()), "RummyState"),
        ("4S", "str"),
        (None, "None"),
    ]:
        with pytest.raises(ArgumentTypeError, match=shown):
            solve(wrong)


def test_positional_options_are_refused() -> None:
    s = hearts_worked(hf, "none")
    with pytest.raises(ArgumentTypeError, match="keyword-only"):
        hf.solve(s, 0)  # type: ignore[call-arg]
    with pytest.raises(ArgumentTypeError, match="keyword-only"):
        hf.Solver().solve(s, 0)  # type: ignore[call-arg]
    with pytest.raises(ArgumentTypeError, match="keyword-only"):
        hf.solve_batch([s], 0)  # type: ignore[call-arg]
    with pytest.raises(ArgumentTypeError, match="missing"):
        hf.solve()  # type: ignore[call-arg]


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"memory_mb": 0}, InvalidArgumentError, "1..=65536"),
        ({"memory_mb": 65537}, InvalidArgumentError, "65537"),
        ({"memory_mb": -(2**80)}, InvalidArgumentError, str(-(2**80))),
        ({"memory_mb": 1.5}, ArgumentTypeError, "int"),
        ({"memory_mb": True}, ArgumentTypeError, "bool"),
        ({"memory_mb": "64"}, ArgumentTypeError, "str"),
        ({"memory": 64}, ArgumentTypeError, "keyword-only"),
    ],
)
def test_bad_memory_is_refused(kwargs: dict[str, Any], error: type, match: str) -> None:
    with pytest.raises(error, match=match):
        hf.Solver(**kwargs)


def test_solver_takes_keywords_only() -> None:
    with pytest.raises(ArgumentTypeError, match="keyword-only"):
        hf.Solver(64)  # type: ignore[call-arg]


def test_bad_batches_are_refused() -> None:
    h, s = hearts_worked(hf, "none"), positions(1)[0]
    passing = refused_states()[0][0]
    cases: list[tuple[Any, dict[str, Any], type, str]] = [
        (5, {}, ArgumentTypeError, "states must be a sequence"),
        ("abc", {}, ArgumentTypeError, "states must be a sequence"),
        ([h, s], {}, ArgumentTypeError, r"states\[1\] is a SpadesState"),
        ([h, to_reference(h)], {}, ArgumentTypeError, r"states\[1\] must be"),
        ([h, 3], {}, ArgumentTypeError, r"states\[1\] must be"),
        ([h, h], {"seat": "01"}, ArgumentTypeError, "seat must be"),
        ([h, h], {"seat": 1.0}, ArgumentTypeError, "seat must be"),
        ([h, h], {"seat": [0, True]}, ArgumentTypeError, r"seat\[1\]"),
        ([h, h], {"threads": 1.0}, ArgumentTypeError, "threads"),
        ([h, h], {"objective": b"points"}, ArgumentTypeError, "objective"),
        ([], {}, InvalidArgumentError, "at least one"),
        ([], {"threads": 0}, InvalidArgumentError, "threads"),  # read before the states' count
        ((), {"seat": [1]}, InvalidArgumentError, "at least one"),
        ([h, h], {"seat": [0]}, InvalidArgumentError, "1 seats for 2 states"),
        ([h, h], {"threads": 0}, InvalidArgumentError, "threads"),
        ([h, h], {"seat": [0, 9]}, InvalidArgumentError, r"states\[1\]: seat = 9"),
        ([h, passing], {}, InvalidArgumentError, r"states\[1\]: .*phase"),
        ([s, s], {"objective": "points"}, InvalidArgumentError, r"states\[0\]: .*points"),
    ]
    for states, kwargs, error, match in cases:
        raises_unchanged(
            hearts_snapshot,
            error,
            lambda states=states, kw=kwargs: hf.solve_batch(states, **kw),
            h,
            match,
        )


# --- the command line -------------------------------------------------------------------------


def test_cli_solves_a_text(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    s = hearts_worked(hf, "subtract_self")
    path = tmp_path / "hand.txt"
    path.write_text(s.to_text(), encoding="utf-8")
    assert main(["solve", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Hearts, objective points of seat 0; seat 0 to play" in out
    cells = [[x.strip() for x in ln.split("|")] for ln in out.splitlines() if "|" in ln]
    assert cells == [["play", "value", "best"], ["2D", "25", ""], ["AD", "13", "*"]]
    assert "value: 13" in out and "nodes: " in out


def test_cli_reads_stdin_and_games(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    s = positions(1)[0]
    sol = hf.solve(s, seat=1, objective="score")
    monkeypatch.setattr("sys.stdin", io.StringIO(s.to_text()))
    assert main(["solve", "--seat", "1", "--objective", "score"]) == 0
    out = capsys.readouterr().out
    assert f"value: {sol.value}" in out and "Spades, objective score of seat 1" in out
    assert all(hf.card_name(x) in out for x in sol.moves)
    game = hf.HeartsGame(hf.HeartsRules(pass_direction="hold"), seed=3)
    while len(game.state.hands[0]) > 2:
        game.play(game.legal_plays()[0])
    monkeypatch.setattr("sys.stdin", io.StringIO(game.to_text()))
    assert main(["solve", "-", "--game", "hearts"]) == 0
    assert f"value: {hf.solve(game.state).value}" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("text", "args", "message"),
    [
        ("hello", [], "not a hearts-fast text"),
        ("hearts-fast/1 rummy-state\n", [], "Hearts or Spades hand"),
        ("hearts-fast/1 hearts-state\n", [], "invalid text"),
        (None, ["--game", "spades"], "spades-state"),
        (None, ["--seat", "9"], "seat = 9 is out of range"),
        (None, ["--objective", "tricks"], "not an objective"),
        (hf.HeartsState(hf.HeartsRules(), seed=1).to_text(), [], "phase"),
    ],
)
def test_cli_bad_input_exits_with_2(
    text: str | None,
    args: list[str],
    message: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = tmp_path / "hand.txt"
    path.write_text(text or hearts_worked(hf, "none").to_text(), encoding="utf-8")
    assert main(["solve", str(path), *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("hearts-fast: ") and message in err and err.count("\n") == 1


def test_cli_missing_file_exits_with_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", str(tmp_path / "missing.txt")]) == 2
    assert "No such file" in capsys.readouterr().err
