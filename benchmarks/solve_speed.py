"""Open-hand solver speed: ``solve`` timed call by call on a fixed, seeded set of random
positions with K tricks left, and for Spades the same positions solved by DDS, the bridge
double-dummy solver (through ``endplay``), which must agree card by card.

    pip install endplay             # optional dependency (extra "compare"), for Spades
    python benchmarks/solve_speed.py [--game hearts|spades|both] [--positions 100]
        [--tricks 8] [--seed 1] [--engine fast|reference] [--json]

The positions are made with the fast engine and are the same for every engine:

- Hearts (default rules): a deal, a random pass, random legal plays up to the trick
  boundary with K tricks left (a hand that ends early, A-19, is replaced by the next one).
- Spades (default rules without B-10's first-trick ban on leading a spade, so that every
  legal play is a bridge one, also at K = 13): a deal, 3 bid by every seat, random legal
  plays up to the trick boundary with K tricks left.

``--engine fast`` (the default) times ``hearts_fast.solve``; ``--engine reference`` times
the exhaustive pure-Python ``hearts_fast.reference.solve`` on the same positions (keep K at
1..3 tricks there). Each call is timed with ``time.perf_counter``, after one untimed warm-up
call, and the script prints the median, p90, p99 and max time per position and the mean
``nodes`` of the ``Solution``.

DDS is asked for the value of every legal card of the player on lead (``solve_board`` in
its default mode: the contract of ``Solution.moves``), spades trumps, seat s of hearts-fast
as endplay's player s (0 North, 1 East, 2 South, 3 West: both play clockwise). The Spades
objective ``"tricks"`` counts the tricks of the mover's team over the whole hand, DDS the
tricks still to come, so the team's tricks so far are subtracted before the comparison.
Any difference is printed and the script exits with status 1.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar, Union

import hearts_fast as hf
import hearts_fast.reference as ref

if TYPE_CHECKING:
    from endplay.dds.solve import SolvedBoard
    from endplay.types import Deal

Position = Union[hf.HeartsState, hf.SpadesState]
Solver = Callable[[Any], hf.Solution]
T = TypeVar("T")
R = TypeVar("R")

#: The tricks of a hand (of 13 cards each).
TRICKS = 13
#: The rules the Spades positions are played under: no lead restriction (B-10 off,
#: ``spades_broken`` off by default), so the legal plays are exactly those of bridge.
SPADES_RULES = {"first_trick_no_spade_lead": False}


def summary(seconds: Sequence[float], nodes: Sequence[int] | None) -> dict[str, float | None]:
    """Median, p90, p99, max of ``seconds`` and the mean of ``nodes`` (None if not given)."""
    times = sorted(seconds)
    return {
        "median_s": statistics.median(times),
        "p90_s": percentile(times, 0.90),
        "p99_s": percentile(times, 0.99),
        "max_s": times[-1],
        "mean_nodes": statistics.mean(nodes) if nodes else None,
    }


def percentile(ordered: Sequence[float], q: float) -> float:
    """The nearest-rank ``q`` quantile of an ascending, non-empty sequence."""
    return ordered[max(math.ceil(q * len(ordered)), 1) - 1]


def play_to(state: Position, tricks: int, rng: random.Random) -> bool:
    """Random legal plays until ``tricks`` tricks are left, at a trick boundary; False if the
    hand ended before (an early end)."""
    while state.phase == "play" and len(state.trick_winners) < TRICKS - tricks:
        state.play(rng.choice(state.legal_plays()))
    return state.phase == "play"


def hearts_positions(n: int, tricks: int, rng: random.Random) -> list[hf.HeartsState]:
    """``n`` Hearts hands: dealt, passed at random, played at random to ``tricks`` left."""
    rules = hf.HeartsRules()
    positions: list[hf.HeartsState] = []
    while len(positions) < n:
        s = hf.HeartsState(rules, seed=rng.randrange(2**64), dealer=rng.randrange(4))
        for seat in s.pending_passes():
            s.pass_cards(seat, rng.sample(s.hands[seat], s.pass_count))
        if play_to(s, tricks, rng):
            positions.append(s)
    return positions


def spades_positions(n: int, tricks: int, rng: random.Random) -> list[hf.SpadesState]:
    """``n`` Spades hands: dealt, 3 bid by every seat, played at random to ``tricks`` left."""
    rules = hf.SpadesRules(**SPADES_RULES)
    positions: list[hf.SpadesState] = []
    while len(positions) < n:
        s = hf.SpadesState(rules, seed=rng.randrange(2**64), dealer=rng.randrange(4))
        while s.phase == "bid":
            s.bid(3)
        if play_to(s, tricks, rng):
            positions.append(s)
    return positions


def fast_solver() -> Solver:
    """``hearts_fast.solve``, or exit with a message when this build has none."""
    solve: Solver | None = getattr(hf, "solve", None)
    if solve is None:
        raise SystemExit(
            "this build of hearts_fast has no solve(); rebuild it (pip install -e .) or time "
            "the pure-Python solver with --engine reference"
        )
    return solve


def engine_states(positions: Sequence[Position], engine: str) -> Sequence[object]:
    """The positions as states of ``engine``: themselves, or reference-engine states made
    from their text form (docs/text-format.md, shared by both engines)."""
    if engine == "fast":
        return positions
    return [
        (ref.HeartsState if isinstance(p, hf.HeartsState) else ref.SpadesState).from_text(
            p.to_text()
        )
        for p in positions
    ]


def timed(solve: Callable[[T], R], inputs: Sequence[T]) -> tuple[list[R], list[float]]:
    """``solve`` of each input and the seconds of each call. One untimed warm-up call on the
    last input comes first, so that one-time setup (DDS allocates its tables on its first
    call) is not counted, and on the last rather than the first so that no timed call
    follows a call on the same position."""
    solve(inputs[-1])
    results, seconds = [], []
    for x in inputs:
        start = time.perf_counter()
        results.append(solve(x))
        seconds.append(time.perf_counter() - start)
    return results, seconds


def dds_deal(position: hf.SpadesState) -> Deal:
    """The remaining cards of a position at a trick boundary as an endplay ``Deal``: spades
    trumps, the player to move on lead, seat s as endplay's player s."""
    from endplay.types import Card, Deal, Denom, Player, Rank

    assert not position.trick and position.current_player is not None
    deal = Deal(first=Player(position.current_player), trump=Denom.spades)
    for seat, hand in enumerate(position.hands):
        for c in hand:
            # Card suit*13 + rank is endplay's suit 3 - suit (spades 0 … clubs 3) and rank
            # bit 1 << (rank + 2) (2 is 0x4 … A is 0x4000).
            deal[Player(seat)].add(Card(suit=Denom(3 - c // 13), rank=Rank(1 << (c % 13 + 2))))
    return deal


def dds_moves(solved: SolvedBoard) -> dict[int, int]:
    """DDS's tricks to come for the side on lead after each legal card, by card id."""
    return {13 * (3 - card.suit) + card.rank.bit_length() - 3: n for card, n in solved}


def to_come(position: hf.SpadesState, sol: hf.Solution) -> dict[int, int]:
    """``sol.moves`` (whole-hand tricks of the mover's team) as the tricks still to come."""
    mover = position.current_player
    assert mover is not None
    taken = position.tricks_taken[mover] + position.tricks_taken[(mover + 2) % 4]
    return {c: v - taken for c, v in sol.moves.items()}


def mismatches(
    positions: Sequence[hf.SpadesState], ours: Sequence[hf.Solution], dds: Sequence[dict[int, int]]
) -> list[str]:
    """A line for each position where some card's value differs between the two solvers:
    its index, both values by card name, and its text form."""

    def named(moves: dict[int, int]) -> str:
        return " ".join(f"{hf.card_name(c)}:{n}" for c, n in sorted(moves.items()))

    lines = []
    for i, (p, sol, theirs) in enumerate(zip(positions, ours, dds)):
        mine = to_come(p, sol)
        if mine != theirs:
            lines.append(
                f"position {i}: hearts-fast {named(mine)}; DDS {named(theirs)}\n{p.to_text()}"
            )
    return lines


def run_hearts(a: argparse.Namespace, solve: Solver) -> dict[str, Any]:
    """Time the solver on the Hearts positions."""
    positions = hearts_positions(a.positions, a.tricks, random.Random(a.seed))
    solutions, seconds = timed(solve, engine_states(positions, a.engine))
    return {"hearts_fast": summary(seconds, [sol.nodes for sol in solutions])}


def run_spades(a: argparse.Namespace, solve: Solver) -> dict[str, Any]:
    """Time the solver and DDS on the Spades positions; the results carry the disagreements
    with DDS as ``mismatches``."""
    from endplay.dds import solve_board

    positions = spades_positions(a.positions, a.tricks, random.Random(a.seed))
    solutions, ours = timed(solve, engine_states(positions, a.engine))
    solved, theirs = timed(solve_board, [dds_deal(p) for p in positions])
    return {
        "hearts_fast": summary(ours, [sol.nodes for sol in solutions]),
        "dds": summary(theirs, None),
        "ratio_of_medians": statistics.median(theirs) / statistics.median(ours),
        "mismatches": mismatches(positions, solutions, [dds_moves(b) for b in solved]),
    }


def print_results(game: str, a: argparse.Namespace, result: dict[str, Any]) -> None:
    print(
        f"\n{game}: {a.positions} positions, {a.tricks} tricks left, seed {a.seed}, "
        f"engine {a.engine}"
    )
    print(f"{'solver':22} {'median':>10} {'p90':>10} {'p99':>10} {'max':>10} {'mean nodes':>12}")
    names = {"hearts_fast": f"hearts-fast {a.engine}", "dds": "DDS (endplay)"}
    for key, label in names.items():
        if key in result:
            r = result[key]
            times = " ".join(
                f"{r[k] * 1e3:8.3f}ms" for k in ("median_s", "p90_s", "p99_s", "max_s")
            )
            nodes = "-" if r["mean_nodes"] is None else f"{r['mean_nodes']:,.0f}"
            print(f"{label:22} {times} {nodes:>12}")
    if "dds" in result:
        ratio = result["ratio_of_medians"]
        print(f"DDS median / hearts-fast median: {ratio:.3g} (above 1: hearts-fast is faster)")
        bad = result["mismatches"]
        print(f"agreement with DDS, every card of every position: {len(bad)} mismatches")
        for line in bad:
            print(line)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    p.add_argument("--game", choices=["hearts", "spades", "both"], default="both")
    p.add_argument("--positions", type=int, default=100, help="positions per game")
    p.add_argument("--tricks", type=int, default=8, choices=range(1, TRICKS + 1), metavar="K")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--engine", choices=["fast", "reference"], default="fast")
    p.add_argument("--json", action="store_true", help="print the results as one JSON object")
    a = p.parse_args()
    if a.positions < 1:
        p.error("--positions must be at least 1")
    solve = fast_solver() if a.engine == "fast" else ref.solve
    games = ["hearts", "spades"] if a.game == "both" else [a.game]
    if "spades" in games and importlib.util.find_spec("endplay") is None:
        raise SystemExit("the Spades comparison needs DDS: pip install endplay (or --game hearts)")
    run = {"hearts": run_hearts, "spades": run_spades}
    results = {game: run[game](a, solve) for game in games}
    if a.json:
        print(json.dumps({"options": vars(a), "games": results}, indent=2))
    else:
        for game, result in results.items():
            print_results(game, a, result)
    if any(r.get("mismatches") for r in results.values()):
        sys.exit(1)


if __name__ == "__main__":
    main()
