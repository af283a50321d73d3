"""hearts-fast against OpenSpiel on the same machine, in one run: random 4-player hands
under OpenSpiel's default rules, which the ``openspiel`` presets reproduce. Hearts (the
default): deal, random pass, random play. Spades (``--game spades``): deal, random bids,
random play (OpenSpiel's ``spades`` plays one hand).

    pip install open_spiel          # optional dependency (extra "compare")
    python benchmarks/compare_openspiel.py [--game hearts|spades] [--repeats 5]
    python benchmarks/compare_openspiel.py --tensor [--game hearts|spades] [--positions 2000]

Measured, each on one thread:
- hearts-fast ``simulate_hearts``/``simulate_spades(rules, hands=N, threads=1)`` (and
  threads=2 for scaling),
- OpenSpiel ``pyspiel.evaluate_bots`` with uniform random bots (the C++ game loop),
- OpenSpiel's Python loop (``legal_actions`` / ``apply_action``, chance nodes sampled).
Prints the median hands/s of the repeats and the ratios.

``--tensor`` times the ``openspiel`` tensor layout (docs/openspiel-layout.md) instead, on the
same random positions (random hands of OpenSpiel's game stopped at a random decision point,
replayed in hearts-fast, one random player each): OpenSpiel's
``state.information_state_tensor(player)`` (Hearts) / ``state.observation_tensor(player)``
(Spades) from Python, against ours, ``info.tensor(...)`` on a precomputed observation and
``state.observation(seat).tensor(...)`` including the observation. Prints the median time per
tensor over the repeats and the ratios.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any, Literal

import hearts_fast as hf

try:
    import pyspiel
except ImportError as e:  # pragma: no cover - optional dependency
    raise SystemExit("compare_openspiel.py needs OpenSpiel: pip install open_spiel") from e


def rate(fn: Callable[[], int]) -> float:
    start = time.perf_counter()
    n = fn()
    return n / (time.perf_counter() - start)


def hearts_fast_hands(
    n: int, threads: int, policy: str = "random", game: str = "hearts"
) -> Callable[[], int]:
    if game == "spades":
        srules = hf.SpadesRules.preset("openspiel")

        def run_spades() -> int:
            hf.simulate_spades(srules, hands=n, seed=7, threads=threads, policy=policy)
            return n

        return run_spades
    rules = hf.HeartsRules.preset("openspiel")

    def run() -> int:
        hf.simulate_hearts(rules, hands=n, seed=7, threads=threads, policy=policy)
        return n

    return run


def openspiel_evaluate_bots(n: int, name: str = "hearts") -> Callable[[], int]:
    game = pyspiel.load_game(name)

    def run() -> int:
        bots = [pyspiel.make_uniform_random_bot(p, 1234 + p) for p in range(4)]
        for i in range(n):
            pyspiel.evaluate_bots(game.new_initial_state(), bots, i)
        return n

    return run


def openspiel_python_loop(n: int, name: str = "hearts") -> Callable[[], int]:
    game = pyspiel.load_game(name)
    rng = random.Random(5)

    def run() -> int:
        for _ in range(n):
            s = game.new_initial_state()
            while not s.is_terminal():
                if s.is_chance_node():
                    actions, probs = zip(*s.chance_outcomes())
                    s.apply_action(rng.choices(actions, probs)[0])
                else:
                    s.apply_action(rng.choice(s.legal_actions()))
        return n

    return run


Position = tuple[Any, Any, int, int]  # OpenSpiel state, our state, its player, our seat


def hearts_positions(n: int, rng: random.Random) -> list[Position]:
    """``n`` random Hearts positions (the pass direction drawn as OpenSpiel's chance node does,
    random passes and plays), each at a decision point or the end, where no pass is half made.
    OpenSpiel's card ``rank*4 + suit`` is our ``suit*13 + rank``; its players are our seats."""
    game = pyspiel.load_game("hearts")
    rules = hf.HeartsRules.preset("openspiel")
    directions: list[Literal["hold", "left", "across", "right"]] = [
        "hold",
        "left",
        "across",
        "right",
    ]
    out: list[Position] = []
    while len(out) < n:
        direction = rng.randrange(4)
        deck = list(range(52))
        rng.shuffle(deck)
        os_state = game.new_initial_state()
        os_state.apply_action(direction)
        for c in deck:  # the i-th card goes to player i % 4
            os_state.apply_action((c % 13) * 4 + c // 13)
        hands = [deck[p::4] for p in range(4)]
        ours = hf.HeartsState.from_deal(
            rules, hands, dealer=0, pass_direction=directions[direction]
        )
        stop = rng.randrange(4 + 52 + 1)  # passes, plays, the end
        picks: list[int] = []
        moves = 0
        while not os_state.is_terminal() and (moves < stop or picks):
            seat = os_state.current_player()
            action = rng.choice(os_state.legal_actions())
            passing = ours.phase == "pass"
            os_state.apply_action(action)
            card = (action % 4) * 13 + action // 4
            if passing:
                picks.append(card)
                if len(picks) == 3:
                    ours.pass_cards(seat, picks)
                    picks = []
                    moves += 1
            else:
                ours.play(card)
                moves += 1
        player = rng.randrange(4)
        out.append((os_state, ours, player, player))
    return out


def spades_positions(n: int, rng: random.Random) -> list[Position]:
    """``n`` random Spades positions (random bids and plays), each at a decision point or the
    end. OpenSpiel's card is our id; its player 0 bids first: our seat with dealer 3."""
    game = pyspiel.load_game("spades")
    rules = hf.SpadesRules.preset("openspiel")
    out: list[Position] = []
    while len(out) < n:
        deck = list(range(52))
        rng.shuffle(deck)
        os_state = game.new_initial_state()
        for c in deck:
            os_state.apply_action(c)
        ours = hf.SpadesState.from_deal(rules, [deck[p::4] for p in range(4)], dealer=3)
        stop = rng.randrange(4 + 52 + 1)
        for _ in range(stop):
            if os_state.is_terminal():
                break
            # OpenSpiel never marks spades broken: keep to the leads legal in both.
            legal = os_state.legal_actions()
            if ours.phase == "play":
                ok = set(ours.legal_plays())
                legal = [a for a in legal if a in ok]
            action = rng.choice(legal)
            os_state.apply_action(action)
            if action >= 52:
                ours.bid(action - 52)
            else:
                ours.play(action)
        player = rng.randrange(4)
        out.append((os_state, ours, player, player))
    return out


def per_tensor(fn: Callable[[], int]) -> float:
    """Seconds per tensor of ``fn``, which makes tensors and returns how many."""
    start = time.perf_counter()
    n = fn()
    return (time.perf_counter() - start) / n


def tensor_main(game: str, positions: int, repeats: int) -> None:
    rng = random.Random(11)
    if game == "hearts":
        pos = hearts_positions(positions, rng)
        kind = "info_state"
        os_name = "information_state_tensor"
    else:
        pos = spades_positions(positions, rng)
        kind = "observation"
        os_name = "observation_tensor"
    infos = [ours.observation(seat) for _, ours, _, seat in pos]
    first = pos[0]
    mine = infos[0].tensor(kind=kind, layout="openspiel")
    if mine.tolist() != list(getattr(first[0], os_name)(first[2])):
        raise SystemExit("the openspiel layout differs from OpenSpiel's tensor")

    def openspiel() -> int:
        for os_state, _, player, _ in pos:
            getattr(os_state, os_name)(player)
        return len(pos)

    def from_info() -> int:
        for info in infos:
            info.tensor(kind=kind, layout="openspiel")
        return len(infos)

    def from_state() -> int:
        for _, ours, _, seat in pos:
            ours.observation(seat).tensor(kind=kind, layout="openspiel")
        return len(pos)

    cases = {
        f"OpenSpiel state.{os_name}(player)": openspiel,
        f'hearts-fast info.tensor(kind="{kind}", layout="openspiel")': from_info,
        "hearts-fast state.observation(seat).tensor(...)": from_state,
    }
    runs: dict[str, list[float]] = {}
    for _ in range(repeats):  # interleaved, so drift hits every case alike
        for name, fn in cases.items():
            runs.setdefault(name, []).append(per_tensor(fn))
    med = {k: statistics.median(v) for k, v in runs.items()}
    base = med[f"OpenSpiel state.{os_name}(player)"]
    size = len(mine)
    print(f"{game}: the openspiel tensor ({size} floats), {len(pos)} random positions, from Python")
    print(f"{'case':62} {'median us':>10} {'OpenSpiel / this':>17}   runs (us)")
    for k, v in med.items():
        runs_txt = " ".join(f"{x * 1e6:.2f}" for x in runs[k])
        print(f"{k:62} {v * 1e6:10.2f} {base / v:16,.1f}x   {runs_txt}")


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--game", choices=["hearts", "spades"], default="hearts")
    p.add_argument("--repeats", type=int, default=5)
    p.add_argument("--hands", type=int, default=4_000_000, help="hearts-fast hands per repeat")
    p.add_argument("--os-hands", type=int, default=20_000, help="OpenSpiel evaluate_bots hands")
    p.add_argument("--py-hands", type=int, default=1_000, help="OpenSpiel Python-loop hands")
    p.add_argument("--tensor", action="store_true", help="time the openspiel tensor layout")
    p.add_argument("--positions", type=int, default=2_000, help="positions for --tensor")
    a = p.parse_args()
    if a.tensor:
        tensor_main(a.game, a.positions, a.repeats)
        return
    runs: dict[str, list[float]] = {}
    g = a.game
    fn_name = f"simulate_{g}"
    heuristic_hands = a.hands // 4 if g == "hearts" else a.hands // 20
    cases = {
        f"hearts-fast {fn_name}, 1 thread": hearts_fast_hands(a.hands, 1, game=g),
        f"hearts-fast {fn_name}, 2 threads": hearts_fast_hands(a.hands, 2, game=g),
        "hearts-fast heuristic policy, 1 thread": hearts_fast_hands(
            heuristic_hands, 1, "heuristic", game=g
        ),
        "OpenSpiel evaluate_bots (C++ loop), 1 thread": openspiel_evaluate_bots(a.os_hands, g),
        "OpenSpiel Python loop, 1 thread": openspiel_python_loop(a.py_hands, g),
    }
    for _ in range(a.repeats):  # interleaved, so drift hits every case alike
        for name, fn in cases.items():
            runs.setdefault(name, []).append(rate(fn))
    med = {k: statistics.median(v) for k, v in runs.items()}
    base = med["OpenSpiel evaluate_bots (C++ loop), 1 thread"]
    one = med[f"hearts-fast {fn_name}, 1 thread"]
    print(f"{g}: random 4-player hands, OpenSpiel default rules / the openspiel preset")
    print(f"{'case':48} {'median hands/s':>16} {'vs evaluate_bots':>17}   runs")
    for k, v in med.items():
        runs_txt = " ".join(f"{x:,.0f}" for x in runs[k])
        print(f"{k:48} {v:16,.0f} {v / base:16,.1f}x   {runs_txt}")
    two = med[f"hearts-fast {fn_name}, 2 threads"]
    print(f"\nthread scaling (2 threads / 1 thread): {two / one:.2f}x")
    ratios = [
        f / o
        for f, o in zip(
            runs[f"hearts-fast {fn_name}, 1 thread"],
            runs["OpenSpiel evaluate_bots (C++ loop), 1 thread"],
        )
    ]
    print(
        "per-repeat ratio hearts-fast 1 thread / evaluate_bots: "
        f"median {statistics.median(ratios):,.1f}x "
        f"(min {min(ratios):,.1f}x, max {max(ratios):,.1f}x)"
    )


if __name__ == "__main__":
    main()
