"""`deals=` takes any integer array-like of shape (N, 52) (issue 10): a numpy array of every
integer dtype, byte order and stride, or nested lists of ints, all dealt alike; anything
else is refused with the package's errors (docs/protocol.md, Batch simulation; A-6, B-4)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import hearts_fast as hf

ORDERS = np.stack([np.random.default_rng(i).permutation(52) for i in range(6)])
GAMES = [(hf.simulate_hearts, hf.HeartsRules), (hf.simulate_spades, hf.SpadesRules)]
DTYPES = [
    "int8",
    "uint8",
    "int16",
    "uint16",
    ">i2",
    "int32",
    "uint32",
    ">i4",
    "int64",
    "uint64",
    ">u8",
]


@pytest.mark.parametrize(("simulate", "rules"), GAMES)
def test_A6_B4_every_integer_form_deals_the_same_hands(simulate: Any, rules: Any) -> None:
    expect = simulate(rules(), deals=ORDERS.astype(np.uint8), seed=3)
    forms: list[Any] = [ORDERS.astype(d) for d in DTYPES]
    forms += [ORDERS.tolist(), [tuple(r) for r in ORDERS.tolist()]]
    forms += [np.asfortranarray(ORDERS), np.repeat(ORDERS, 2, axis=0)[::2]]
    for deals in forms:
        got = simulate(rules(), deals=deals, seed=3)
        for key, column in expect.items():
            assert (got[key] == column).all(), (key, getattr(deals, "dtype", type(deals)))


@pytest.mark.parametrize(("simulate", "rules"), GAMES)
@pytest.mark.parametrize(
    ("deals", "error"),
    [
        (np.zeros((3, 52), np.float64), hf.ArgumentTypeError),
        (np.zeros((3, 52), bool), hf.ArgumentTypeError),
        ("0 1 2", hf.ArgumentTypeError),
        (b"\x00" * 52, hf.ArgumentTypeError),
        ([[0] * 52, [0] * 51], hf.ArgumentTypeError),  # ragged: not an array
        (5, hf.InvalidDealError),  # 0-D
        (np.arange(52), hf.InvalidDealError),  # 1-D
        (np.zeros((2, 51), np.int64), hf.InvalidDealError),
        (np.full((1, 52), -1, np.int64), hf.InvalidDealError),
        (np.full((1, 52), 2**64 - 1, np.uint64), hf.InvalidDealError),
        (np.full((1, 52), 2**63 + 3, np.uint64), hf.InvalidDealError),
        (np.full((1, 52), 300, np.int16), hf.InvalidDealError),
    ],
)
def test_other_deals_are_refused(simulate: Any, rules: Any, deals: Any, error: type) -> None:
    with pytest.raises(error, match="deals"):
        simulate(rules(), deals=deals)
