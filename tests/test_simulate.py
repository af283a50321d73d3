"""simulate_hearts: shapes, dtypes, determinism and the A-20/A-21 invariants per hand."""

from __future__ import annotations

import numpy as np
import pytest

import hearts_fast as hf


@pytest.mark.parametrize("preset", hf.HeartsRules.presets)
@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_A20_points_sum_to_V_in_every_hand(preset: str, players: int) -> None:
    rules = (
        hf.HeartsRules.preset(preset, players=players)
        if preset != "openspiel"
        else (hf.HeartsRules.preset(preset))
    )
    res = hf.simulate_hearts(rules, hands=300, seed=players)
    n = rules.players
    assert res["points"].shape == (300, n) and res["points"].dtype == np.uint8
    assert res["hand_scores"].shape == (300, n) and res["hand_scores"].dtype == np.int32
    assert res["moon_shooter"].shape == (300,) and res["moon_shooter"].dtype == np.int8
    assert (res["points"].sum(axis=1) == rules.total_penalty()).all()
    moons = res["moon_shooter"]
    assert ((moons >= -1) & (moons < n)).all()
    # a moon shooter holds all V points.
    rows = np.nonzero(moons >= 0)[0]
    assert (res["points"][rows, moons[rows]] == rules.total_penalty()).all()


def test_same_seed_same_arrays_other_seed_other_arrays() -> None:
    rules = hf.HeartsRules()
    a = hf.simulate_hearts(rules, hands=2000, seed=7)
    b = hf.simulate_hearts(rules, hands=2000, seed=7)
    c = hf.simulate_hearts(rules, hands=2000, seed=8)
    for k in a:
        assert np.array_equal(a[k], b[k])
    assert not np.array_equal(a["points"], c["points"])
    # A prefix of a batch is the smaller batch: hand i depends on (seed, i) only.
    d = hf.simulate_hearts(rules, hands=500, seed=7)
    assert np.array_equal(a["points"][:500], d["points"])


def test_zero_hands() -> None:
    res = hf.simulate_hearts(hf.HeartsRules(), hands=0)
    assert res["points"].shape == (0, 4)


def test_A21_moon_scores_in_batch() -> None:
    rules = hf.HeartsRules(moon="add_others")
    res = hf.simulate_hearts(rules, hands=20000, seed=3)
    rows = np.nonzero(res["moon_shooter"] >= 0)[0]
    assert len(rows) > 0
    for r in rows[:50]:
        s = res["moon_shooter"][r]
        hs = res["hand_scores"][r]
        assert hs[s] == 0 and all(hs[i] == 26 for i in range(4) if i != s)
