#!/usr/bin/env python3
"""Learn a Hearts policy from the vector environment alone, with numpy only.

The learner plays seat 0 of ``HeartsVectorEnv`` against three uniformly random opponents.
The algorithm is advantage actor-critic (A2C): a small MLP reads the observation (the
compact 690-float tensor) and gives a logit for each of the 53 actions and a value; the
logits of illegal actions are masked out (``info["action_mask"]``), so the policy never
picks one. Rollouts of ``--rollout`` steps from ``--envs`` environments are stepped
together; per-trick rewards (``reward="trick"``: minus the points taken by the trick, a
hand's rewards adding up to minus its score) give returns and GAE(λ) advantages; the
gradients (policy gradient, value regression, entropy bonus) are taken by hand and applied
with Adam. Everything is float32 numpy and runs well on one thread
(``OPENBLAS_NUM_THREADS=1``).

After training, an arena: the trained policy (greedy and sampled) and a uniformly random
policy each play seat 0 of the same deals (two environments with the same seed deal the
same hands whatever seat 0 does), and the paired per-hand differences are reported with
their standard error and 95% interval.

    OPENBLAS_NUM_THREADS=1 python examples/train_hearts.py --minutes 5 --curve curve.csv

Rewards are minus Hearts points: higher is better; a random seat 0 averages about -6.5.
"""

from __future__ import annotations

import argparse
import csv
import math
import sys
import time
from dataclasses import dataclass, field
from typing import Callable, Optional

import numpy as np
import numpy.typing as npt

from hearts_fast.env import HeartsVectorEnv

F32 = npt.NDArray[np.float32]
I64 = npt.NDArray[np.int64]
Mask = npt.NDArray[np.bool_]
#: Chooses one action per row from (observations, action mask).
PolicyFn = Callable[[F32, Mask], I64]


@dataclass
class Config:
    """Settings of a training run (the command-line flags)."""

    seed: int = 0
    envs: int = 256
    rollout: int = 8
    hidden: int = 128
    lr: float = 1e-3
    gamma: float = 1.0
    lam: float = 0.9
    ent_coef: float = 0.01
    vf_coef: float = 0.5
    reward_scale: float = 0.1
    max_grad_norm: float = 1.0
    minutes: float = 5.0
    hands: Optional[int] = None
    log_hands: int = 20_000


# --- the network -------------------------------------------------------------------------


class Net:
    """Observation → ReLU(hidden) → ReLU(hidden) → 53 logits and 1 value (shared trunk)."""

    def __init__(self, obs_size: int, num_actions: int, hidden: int, rng: np.random.Generator):
        def dense(n_in: int, n_out: int, scale: float) -> F32:
            w = rng.standard_normal((n_in, n_out)) * (scale / math.sqrt(n_in))
            return w.astype(np.float32)

        self.params: dict[str, F32] = {
            "w1": dense(obs_size, hidden, math.sqrt(2.0)),
            "b1": np.zeros(hidden, np.float32),
            "w2": dense(hidden, hidden, math.sqrt(2.0)),
            "b2": np.zeros(hidden, np.float32),
            # Small policy weights: the first policy is close to uniform over legal actions.
            "wp": dense(hidden, num_actions, 0.01),
            "bp": np.zeros(num_actions, np.float32),
            "wv": dense(hidden, 1, 1.0),
            "bv": np.zeros(1, np.float32),
        }

    def forward(self, x: F32) -> tuple[F32, F32, tuple[F32, F32, F32]]:
        """Logits (n, actions), values (n,) and the activations kept for :meth:`backward`."""
        p = self.params
        h1 = x @ p["w1"]
        h1 += p["b1"]
        np.maximum(h1, 0.0, out=h1)
        h2 = h1 @ p["w2"]
        h2 += p["b2"]
        np.maximum(h2, 0.0, out=h2)
        logits = h2 @ p["wp"] + p["bp"]
        value = (h2 @ p["wv"])[:, 0] + p["bv"][0]
        return logits, value, (x, h1, h2)

    def backward(self, cache: tuple[F32, F32, F32], dlogits: F32, dvalue: F32) -> dict[str, F32]:
        """Gradients of the parameters from those of the outputs."""
        x, h1, h2 = cache
        p = self.params
        g: dict[str, F32] = {
            "wp": h2.T @ dlogits,
            "bp": dlogits.sum(0),
            "wv": h2.T @ dvalue[:, None],
            "bv": dvalue.sum(0, keepdims=True),
        }
        dh2 = dlogits @ p["wp"].T
        dh2 += dvalue[:, None] * p["wv"][:, 0]
        dh2 *= h2 > 0
        g["w2"] = h1.T @ dh2
        g["b2"] = dh2.sum(0)
        dh1 = dh2 @ p["w2"].T
        dh1 *= h1 > 0
        g["w1"] = x.T @ dh1
        g["b1"] = dh1.sum(0)
        return g


class Adam:
    """Adam (Kingma and Ba, 2015) over a dict of float32 arrays, updated in place."""

    def __init__(self, params: dict[str, F32], lr: float, b1: float = 0.9, b2: float = 0.999):
        self.params, self.lr, self.b1, self.b2, self.eps, self.t = params, lr, b1, b2, 1e-8, 0
        self.m = {k: np.zeros_like(v) for k, v in params.items()}
        self.v = {k: np.zeros_like(v) for k, v in params.items()}

    def step(self, grads: dict[str, F32]) -> None:
        self.t += 1
        step = self.lr * math.sqrt(1 - self.b2**self.t) / (1 - self.b1**self.t)
        for k, g in grads.items():
            m, v = self.m[k], self.v[k]
            m *= self.b1
            m += (1 - self.b1) * g
            v *= self.b2
            v += (1 - self.b2) * (g * g)
            self.params[k] -= (step * m / (np.sqrt(v) + self.eps)).astype(np.float32)


# --- masked softmax and action choice ----------------------------------------------------


def masked_logits(logits: F32, mask: Mask) -> F32:
    """The logits with every illegal action at -inf."""
    return np.where(mask, logits, np.float32(-np.inf))


def masked_softmax(logits: F32, mask: Mask) -> F32:
    """Probabilities over the legal actions of each row; exactly 0 for illegal ones."""
    z = masked_logits(logits, mask)
    z = z - z.max(axis=1, keepdims=True)
    e = np.exp(z)  # exp(-inf) = 0
    return e / e.sum(axis=1, keepdims=True)


def sample_actions(logits: F32, mask: Mask, rng: np.random.Generator) -> I64:
    """One action per row drawn from the masked softmax (Gumbel-max: the argmax of the
    masked logits plus Gumbel noise, so an illegal action, at -inf, is never drawn)."""
    u = rng.random(logits.shape, dtype=np.float32)
    np.maximum(u, np.float32(1e-30), out=u)
    gumbel = -np.log(-np.log(u))
    return np.argmax(masked_logits(logits, mask) + gumbel, axis=1).astype(np.int64)


def greedy_actions(logits: F32, mask: Mask) -> I64:
    """The most probable legal action of each row."""
    return np.argmax(masked_logits(logits, mask), axis=1).astype(np.int64)


def random_policy(rng: np.random.Generator) -> PolicyFn:
    """A uniformly random legal action."""

    def choose(obs: F32, mask: Mask) -> I64:
        return sample_actions(np.zeros(mask.shape, np.float32), mask, rng)

    return choose


def net_policy(net: Net, greedy: bool, rng: Optional[np.random.Generator] = None) -> PolicyFn:
    """The network's policy, greedy or sampled."""

    def choose(obs: F32, mask: Mask) -> I64:
        logits = net.forward(obs)[0]
        if greedy:
            return greedy_actions(logits, mask)
        assert rng is not None
        return sample_actions(logits, mask, rng)

    return choose


# --- training ----------------------------------------------------------------------------


@dataclass
class CurvePoint:
    hands: int
    steps: int
    seconds: float
    mean_reward: float  # over the hands finished since the previous point


@dataclass
class Result:
    net: Net
    curve: list[CurvePoint] = field(default_factory=list)
    hands: int = 0
    steps: int = 0
    seconds: float = 0.0


def train(cfg: Config, log: Optional[Callable[[str], None]] = print) -> Result:
    """Trains until ``cfg.hands`` hands are played or ``cfg.minutes`` pass, whichever is
    first. The same seed and ``hands`` (with time to spare) give the same network."""
    rng = np.random.default_rng(cfg.seed)
    env = HeartsVectorEnv(cfg.envs, seed=cfg.seed, reward="trick", opponents="random")
    obs, info = env.reset()
    mask: Mask = info["action_mask"]
    net = Net(obs.shape[1], mask.shape[1], cfg.hidden, rng)
    opt = Adam(net.params, cfg.lr)
    res = Result(net)
    n, t_len = cfg.envs, cfg.rollout

    ep_return = np.zeros(n, np.float64)  # this hand's reward so far, per environment
    window_sum, window_hands, next_log = 0.0, 0, cfg.log_hands
    start = time.perf_counter()
    deadline = start + 60.0 * cfg.minutes

    obs_buf = np.zeros((t_len, n, obs.shape[1]), np.float32)
    mask_buf = np.zeros((t_len, n, mask.shape[1]), bool)
    act_buf = np.zeros((t_len, n), np.int64)
    rew_buf = np.zeros((t_len, n), np.float32)
    done_buf = np.zeros((t_len, n), bool)
    val_buf = np.zeros((t_len + 1, n), np.float32)
    # The activations of the rollout's forward passes, reused by the gradient step (the
    # parameters do not change within a rollout).
    h1_buf = np.zeros((t_len, n, cfg.hidden), np.float32)
    h2_buf = np.zeros((t_len, n, cfg.hidden), np.float32)
    logit_buf = np.zeros((t_len, n, mask.shape[1]), np.float32)

    while True:
        if cfg.hands is not None and res.hands >= cfg.hands:
            break
        if time.perf_counter() >= deadline:
            break
        # Collect a rollout with the current policy.
        for t in range(t_len):
            logits, value, (_, h1, h2) = net.forward(obs)
            actions = sample_actions(logits, mask, rng)
            obs_buf[t], mask_buf[t], act_buf[t], val_buf[t] = obs, mask, actions, value
            h1_buf[t], h2_buf[t], logit_buf[t] = h1, h2, logits
            obs, rewards, terminated, truncated, info = env.step(actions)
            mask = info["action_mask"]
            done = terminated | truncated
            rew_buf[t], done_buf[t] = rewards, done
            ep_return += rewards
            if done.any():
                finished = ep_return[done]
                window_sum += float(finished.sum())
                window_hands += len(finished)
                res.hands += len(finished)
                ep_return[done] = 0.0
        res.steps += t_len * n
        val_buf[t_len] = net.forward(obs)[1]

        # GAE(λ) advantages and returns; a finished hand does not bootstrap.
        adv = np.zeros((t_len, n), np.float32)
        last = np.zeros(n, np.float32)
        for t in reversed(range(t_len)):
            notdone = ~done_buf[t]
            r = rew_buf[t] * cfg.reward_scale
            delta = r + cfg.gamma * val_buf[t + 1] * notdone - val_buf[t]
            last = delta + cfg.gamma * cfg.lam * notdone * last
            adv[t] = last
        ret = (adv + val_buf[:t_len]).reshape(-1)

        # One gradient step on the whole rollout.
        batch = t_len * n
        m = mask_buf.reshape(batch, -1)
        a = act_buf.reshape(-1)
        logits, value = logit_buf.reshape(batch, -1), val_buf[:t_len].reshape(-1)
        cache = (
            obs_buf.reshape(batch, -1),
            h1_buf.reshape(batch, -1),
            h2_buf.reshape(batch, -1),
        )
        probs = masked_softmax(logits, m)
        flat_adv = adv.reshape(-1)
        flat_adv = (flat_adv - flat_adv.mean()) / (flat_adv.std() + 1e-8)
        # Loss = -mean(log π(a) A) - ent_coef mean(H) + vf_coef mean((V - R)² / 2).
        dlogits = probs.copy()
        dlogits[np.arange(batch), a] -= 1.0
        dlogits *= flat_adv[:, None]
        with np.errstate(divide="ignore", invalid="ignore"):
            logp = np.where(m, np.log(probs), 0.0).astype(np.float32)
        entropy = -(probs * logp).sum(1)
        # dH/dz = -p (log p + H); minus ent_coef times it is added.
        dlogits += cfg.ent_coef * probs * (logp + entropy[:, None])
        dlogits /= batch
        dvalue = (cfg.vf_coef / batch) * (value - ret)
        grads = net.backward(cache, dlogits.astype(np.float32), dvalue.astype(np.float32))
        norm = math.sqrt(sum(float((g * g).sum()) for g in grads.values()))
        if norm > cfg.max_grad_norm:
            for g in grads.values():
                g *= cfg.max_grad_norm / norm
        opt.step(grads)

        if res.hands >= next_log and window_hands:
            res.seconds = time.perf_counter() - start
            point = CurvePoint(res.hands, res.steps, res.seconds, window_sum / window_hands)
            res.curve.append(point)
            if log:
                log(
                    f"hands {point.hands:>9,}  steps {point.steps:>11,}  "
                    f"{point.seconds:7.1f} s  mean reward {point.mean_reward:+.3f}  "
                    f"entropy {float(entropy.mean()):.3f}"
                )
            window_sum, window_hands = 0.0, 0
            next_log += cfg.log_hands
    res.seconds = time.perf_counter() - start
    return res


# --- evaluation --------------------------------------------------------------------------


def play_hands(
    policy: PolicyFn, hands: int, num_envs: int, seed: int, opponents: str = "random"
) -> npt.NDArray[np.float64]:
    """Seat 0's reward (minus its points) in each of the first ``hands // num_envs``
    hands of every environment of ``HeartsVectorEnv(num_envs, seed=seed)`` (``num_envs``
    at most ``hands``), shape (num_envs, hands // num_envs): hand ``e`` of environment
    ``i`` is the same deal for every policy, so two policies' arrays are paired."""
    num_envs = max(1, min(num_envs, hands))
    per_env = max(1, hands // num_envs)
    env = HeartsVectorEnv(num_envs, seed=seed, reward="hand", opponents=opponents)
    obs, info = env.reset()
    out = np.zeros((num_envs, per_env))
    count = np.zeros(num_envs, np.int64)
    while count.min() < per_env:
        obs, rewards, terminated, truncated, info = env.step(policy(obs, info["action_mask"]))
        for i in np.flatnonzero(terminated | truncated):
            if count[i] < per_env:
                out[i, count[i]] = rewards[i]
                count[i] += 1
    return out


def paired(a: npt.NDArray[np.float64], b: npt.NDArray[np.float64]) -> dict[str, float]:
    """Mean of ``a - b`` per hand, its standard error and 95% interval."""
    d = (a - b).reshape(-1)
    se = float(d.std(ddof=1) / math.sqrt(len(d)))
    mean = float(d.mean())
    return {"diff": mean, "se": se, "lo": mean - 1.96 * se, "hi": mean + 1.96 * se}


def arena(
    net: Net, hands: int, seed: int, opponents: str, num_envs: int = 500, sampled: bool = True
) -> list[str]:
    """The trained policy (greedy, and sampled when asked) against a uniformly random seat
    0 on the same deals; returns the report's lines."""

    def run(policy: PolicyFn) -> npt.NDArray[np.float64]:
        return play_hands(policy, hands, num_envs, seed, opponents)

    rows = [
        ("random", run(random_policy(np.random.default_rng(seed)))),
        ("trained (greedy)", run(net_policy(net, True))),
    ]
    if sampled:
        rows.append(
            ("trained (sampled)", run(net_policy(net, False, np.random.default_rng(seed + 1))))
        )
    base = rows[0][1]
    lines = [
        f"arena: seat 0 against {opponents} opponents, {base.size:,} hands "
        f"(seed {seed}, same deals for every policy; reward = -points, higher is better)",
        f"  {'policy':<18} {'mean reward':>11} {'se':>6}   {'vs random':>9} {'se':>6}  "
        "95% interval",
    ]
    for name, r in rows:
        se = float(r.std(ddof=1) / math.sqrt(r.size))
        if name == "random":
            lines.append(f"  {name:<18} {r.mean():>+11.3f} {se:>6.3f}")
            continue
        p = paired(r, base)
        lines.append(
            f"  {name:<18} {r.mean():>+11.3f} {se:>6.3f}   {p['diff']:>+9.3f} {p['se']:>6.3f}  "
            f"[{p['lo']:+.3f}, {p['hi']:+.3f}]"
        )
    return lines


# --- command line ------------------------------------------------------------------------


def save(path: str, res: Result, cfg: Config) -> None:
    np.savez(path, **res.net.params, config=np.array(repr(cfg)))


def load(path: str) -> Net:
    """A network saved by ``--save``."""
    with np.load(path) as f:
        params = {k: f[k] for k in f.files if k != "config"}
    net = Net.__new__(Net)
    net.params = params
    return net


def main(argv: Optional[list[str]] = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--minutes", type=float, default=5.0, help="training time (default 5)")
    ap.add_argument("--hands", type=int, default=None, help="stop after this many hands")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--envs", type=int, default=256, help="environments stepped together")
    ap.add_argument("--rollout", type=int, default=8, help="steps per update")
    ap.add_argument("--hidden", type=int, default=128, help="units per hidden layer")
    ap.add_argument("--lr", type=float, default=1e-3)
    ap.add_argument("--log-hands", type=int, default=20_000, help="hands per curve point")
    ap.add_argument("--eval-hands", type=int, default=20_000, help="arena hands (0: none)")
    ap.add_argument("--eval-seed", type=int, default=2026, help="seed of the arena's deals")
    ap.add_argument(
        "--heuristic", action="store_true", help="also play the arena against heuristic opponents"
    )
    ap.add_argument("--curve", metavar="FILE", help="write the learning curve as CSV")
    ap.add_argument("--save", metavar="FILE.npz", help="save the trained network")
    ap.add_argument("--load", metavar="FILE.npz", help="skip training: evaluate this network")
    args = ap.parse_args(argv)

    cfg = Config(
        seed=args.seed,
        envs=args.envs,
        rollout=args.rollout,
        hidden=args.hidden,
        lr=args.lr,
        minutes=args.minutes,
        hands=args.hands,
        log_hands=args.log_hands,
    )
    if args.load:
        net = load(args.load)
    else:
        print(f"training: {cfg}", flush=True)
        res = train(cfg, log=lambda s: print(s, flush=True))
        net = res.net
        print(
            f"trained: {res.hands:,} hands, {res.steps:,} steps in {res.seconds:.1f} s "
            f"({res.hands / max(res.seconds, 1e-9):,.0f} hands/s)",
            flush=True,
        )
        if args.curve:
            with open(args.curve, "w", newline="") as f:
                w = csv.writer(f)
                w.writerow(["hands", "steps", "seconds", "mean_reward"])
                for p in res.curve:
                    w.writerow([p.hands, p.steps, f"{p.seconds:.2f}", f"{p.mean_reward:.4f}"])
        if args.save:
            save(args.save, res, cfg)
    if args.eval_hands > 0:
        t0 = time.perf_counter()
        for opp in ["random", "heuristic"] if args.heuristic else ["random"]:
            for line in arena(net, args.eval_hands, args.eval_seed, opp):
                print(line, flush=True)
        print(f"arena took {time.perf_counter() - t0:.1f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
