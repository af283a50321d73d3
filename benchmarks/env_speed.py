"""Environment steps per second of the vector environments (docs/environments.md), and,
with ``--openspiel``, OpenSpiel's Python loop producing its tensor, side by side in one run.

    python benchmarks/env_speed.py [--game hearts|spades] [--envs 1024] [--openspiel]

Both engines play OpenSpiel's rules (the ``openspiel`` presets). One step is one decision of
the learner (seat 0): its action, the random opponents' moves up to its next decision, the
new observation (float32; ``--layout``) and legal-action mask, and an automatic reset when the
hand ends. Measured on one thread:

- ``step``: the time in ``env.step`` alone (the engine's throughput);
- ``loop``: the whole learner loop, including a random legal action drawn per environment
  in numpy (what a trivial agent sees);
- OpenSpiel (``--openspiel``): its Python loop over one game, the learner at seat 0 reading
  its tensor (Hearts: ``information_state_tensor``, Spades: ``observation_tensor``) and
  legal actions at each decision, the other seats and chance nodes random.

Prints the median over ``--repeats`` and the ratios.
"""

from __future__ import annotations

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # one thread, before numpy loads
os.environ.setdefault("OMP_NUM_THREADS", "1")

import argparse
import random
import statistics
import time
from typing import Any

import numpy as np

import hearts_fast as hf
from hearts_fast.env import HeartsVectorEnv, SpadesVectorEnv


def ours(game: str, envs: int, steps: int, layout: str) -> tuple[float, float]:
    """(step-only, whole-loop) learner steps per second."""
    cls = HeartsVectorEnv if game == "hearts" else SpadesVectorEnv
    # OpenSpiel's rules (the `openspiel` presets), which its tensors need.
    rules = (hf.HeartsRules if game == "hearts" else hf.SpadesRules).preset("openspiel")
    kwargs: dict[str, Any] = {"layout": layout, "rules": rules}
    if layout == "openspiel":
        kwargs["kind"] = "info_state" if game == "hearts" else "observation"
    env = cls(envs, seed=1, copy=False, **kwargs)  # type: ignore[arg-type]
    _, info = env.reset()
    rng = np.random.default_rng(0)
    in_step = 0.0
    start = time.perf_counter()
    for _ in range(steps):
        mask = info["action_mask"]
        # A random legal action per environment: the largest of random keys on the mask.
        actions = np.argmax(rng.random(mask.shape, dtype=np.float32) + mask, axis=1)
        t = time.perf_counter()
        _, _, _, _, info = env.step(actions)
        in_step += time.perf_counter() - t
    total = time.perf_counter() - start
    n = steps * envs
    return n / in_step, n / total


def openspiel(game: str, steps: int) -> float:
    """Learner steps per second of OpenSpiel's Python loop with its tensor."""
    import pyspiel

    g = pyspiel.load_game(game)
    rng = random.Random(5)
    done = 0
    start = time.perf_counter()
    while done < steps:
        s = g.new_initial_state()
        while not s.is_terminal() and done < steps:
            if s.is_chance_node():
                actions, probs = zip(*s.chance_outcomes())
                s.apply_action(rng.choices(actions, probs)[0])
                continue
            legal = s.legal_actions()
            if s.current_player() == 0:
                if game == "hearts":
                    s.information_state_tensor(0)
                else:
                    s.observation_tensor(0)
                done += 1
            s.apply_action(rng.choice(legal))
    return done / (time.perf_counter() - start)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", choices=["hearts", "spades"], default="hearts")
    ap.add_argument("--envs", type=int, default=1024)
    ap.add_argument("--steps", type=int, default=300, help="vector steps per repeat")
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--layout", choices=["compact", "openspiel"], default="compact")
    ap.add_argument("--openspiel", action="store_true", help="also time OpenSpiel")
    ap.add_argument("--openspiel-steps", type=int, default=3000)
    a = ap.parse_args()
    step_rates, loop_rates, os_rates = [], [], []
    for _ in range(a.repeats):
        s, lp = ours(a.game, a.envs, a.steps, a.layout)
        step_rates.append(s)
        loop_rates.append(lp)
        if a.openspiel:
            os_rates.append(openspiel(a.game, a.openspiel_steps))
    step, loop = statistics.median(step_rates), statistics.median(loop_rates)
    print(f"{a.game}, num_envs={a.envs}, layout={a.layout}, one thread, medians of {a.repeats}:")
    print(f"  hearts-fast env.step only      {step:>14,.0f} learner steps/s")
    print(f"  hearts-fast learner loop       {loop:>14,.0f} learner steps/s")
    if os_rates:
        o = statistics.median(os_rates)
        print(f"  OpenSpiel Python loop + tensor {o:>14,.0f} learner steps/s")
        print(f"  ratio step/OpenSpiel: {step / o:,.0f}x; loop/OpenSpiel: {loop / o:,.0f}x")


if __name__ == "__main__":
    main()
