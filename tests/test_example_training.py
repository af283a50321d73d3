"""The worked example examples/train_hearts.py: runs with tiny settings, is deterministic
for a seed, and its masked softmax never picks an illegal action."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "examples" / "train_hearts.py"


@pytest.fixture(scope="module")
def th() -> ModuleType:
    spec = importlib.util.spec_from_file_location("train_hearts", SCRIPT)
    assert spec is not None
    assert spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules["train_hearts"] = mod  # dataclasses look the module up by name
    try:
        spec.loader.exec_module(mod)
    finally:
        del sys.modules["train_hearts"]
    return mod


def tiny(th: ModuleType, seed: int = 3) -> object:
    return th.Config(seed=seed, envs=8, rollout=4, hidden=16, hands=60, log_hands=20)


def random_masks(rng: np.random.Generator, rows: int, actions: int = 53) -> np.ndarray:
    mask = rng.random((rows, actions)) < rng.random((rows, 1))
    mask[np.arange(rows), rng.integers(0, actions, rows)] = True  # at least one legal
    return mask


def test_masked_softmax_is_zero_off_the_mask(th: ModuleType) -> None:
    rng = np.random.default_rng(0)
    mask = random_masks(rng, 500)
    logits = (rng.standard_normal(mask.shape) * 30).astype(np.float32)
    logits[~mask] += 1000.0  # illegal actions with the largest logits
    p = th.masked_softmax(logits, mask)
    assert np.all(p[~mask] == 0.0)
    assert np.all(np.isfinite(p))
    np.testing.assert_allclose(p.sum(1), 1.0, rtol=1e-5)


def test_sampled_and_greedy_actions_are_legal(th: ModuleType) -> None:
    rng = np.random.default_rng(1)
    for scale in [0.0, 1.0, 50.0]:
        mask = random_masks(rng, 2000)
        logits = (rng.standard_normal(mask.shape) * scale).astype(np.float32)
        logits[~mask] = 1e6
        for a in [th.sample_actions(logits, mask, rng), th.greedy_actions(logits, mask)]:
            assert a.shape == (2000,)
            assert mask[np.arange(2000), a].all()
    # A lone legal action is always the one drawn.
    mask = np.zeros((100, 53), bool)
    mask[:, 52] = True
    assert (th.sample_actions(np.zeros((100, 53), np.float32), mask, rng) == 52).all()


def test_sampling_follows_the_softmax(th: ModuleType) -> None:
    rng = np.random.default_rng(2)
    logits = np.tile(np.array([[0.0, 1.0, 2.0, 5.0]], np.float32), (40_000, 1))
    mask = np.tile(np.array([[True, True, True, False]]), (40_000, 1))
    a = th.sample_actions(logits, mask, rng)
    freq = np.bincount(a, minlength=4) / len(a)
    np.testing.assert_allclose(freq, th.masked_softmax(logits[:1], mask[:1])[0], atol=0.01)


def test_gradients_match_finite_differences(th: ModuleType) -> None:
    rng = np.random.default_rng(4)
    net = th.Net(7, 5, 6, rng)
    for p in net.params.values():
        p[...] = rng.standard_normal(p.shape).astype(np.float32) * 0.5
    x = rng.random((9, 7)).astype(np.float32)
    cl = rng.standard_normal((9, 5)).astype(np.float32)
    cv = rng.standard_normal(9).astype(np.float32)

    def loss() -> float:
        logits, value, _ = net.forward(x)
        return float((logits * cl).sum() + (value * cv).sum())

    _, _, cache = net.forward(x)
    grads = net.backward(cache, cl, cv)
    for k in ["w1", "b2", "wp", "bv"]:
        p = net.params[k].reshape(-1)
        i = int(rng.integers(p.size))
        old = float(p[i])
        p[i] = old + 1e-2
        up = loss()
        p[i] = old - 1e-2
        down = loss()
        p[i] = old
        assert grads[k].reshape(-1)[i] == pytest.approx((up - down) / 2e-2, rel=2e-2, abs=2e-3)


def test_training_runs_and_is_deterministic(th: ModuleType) -> None:
    # Every step goes through env.step, which raises on an illegal action.
    a = th.train(tiny(th), log=None)
    b = th.train(tiny(th), log=None)
    c = th.train(tiny(th, seed=4), log=None)
    assert a.hands >= 60
    assert a.steps > 0
    assert a.curve
    assert [(p.hands, p.steps, p.mean_reward) for p in a.curve] == [
        (p.hands, p.steps, p.mean_reward) for p in b.curve
    ]
    for k, v in a.net.params.items():
        assert np.all(np.isfinite(v))
        np.testing.assert_array_equal(v, b.net.params[k])
    assert any(not np.array_equal(v, c.net.params[k]) for k, v in a.net.params.items())


def test_arena_pairs_the_same_deals(th: ModuleType) -> None:
    rng = np.random.default_rng(5)
    net = th.Net(690, 53, 8, rng)
    r = th.play_hands(th.random_policy(np.random.default_rng(0)), 40, 10, seed=9)
    g = th.play_hands(th.net_policy(net, True), 40, 10, seed=9)
    assert r.shape == g.shape == (10, 4)
    assert (r <= 26).all()
    assert (g <= 26).all()
    p = th.paired(g, r)
    assert p["lo"] <= p["diff"] <= p["hi"]
    lines = th.arena(net, 40, 9, "random", num_envs=10)
    assert "trained (greedy)" in "\n".join(lines)


def test_command_line(th: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    curve, saved = tmp_path / "curve.csv", tmp_path / "net.npz"
    args = ["--hands", "40", "--envs", "8", "--hidden", "16", "--log-hands", "20"]
    assert th.main([*args, "--eval-hands", "0", "--curve", str(curve), "--save", str(saved)]) == 0
    assert curve.read_text().splitlines()[0] == "hands,steps,seconds,mean_reward"
    assert th.main(["--load", str(saved), "--eval-hands", "16"]) == 0
    out = capsys.readouterr().out
    assert "trained:" in out
    assert "trained (sampled)" in out
