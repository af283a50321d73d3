"""Adversarial argument values: what a hostile or careless caller passes."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import numpy as np
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import hearts_fast

EDGE_INTS = [
    -(2**200),
    -(2**127),
    -(2**64),
    -(2**63) - 1,
    -(2**63),
    -(2**31),
    -1,
    0,
    1,
    2,
    3,
    4,
    7,
    13,
    51,
    52,
    53,
    54,
    255,
    256,
    2**31,
    2**32,
    2**40,
    2**40 + 1,
    2**63 - 1,
    2**63,
    2**64 - 1,
    2**64,
    10**30,
]
EDGE_STRINGS = [
    "",
    " ",
    "\ud800",
    "x\udfffy",
    "\x00",
    "QS",
    "2C",
    "LJ",
    "BJ",
    "10H",
    "qs",
    "random",
    "heuristic",
    "greedy",
    "left",
    "hold",
    "none",
    "default",
    "little",
    "big",
    "draw",
    "discard",
    "hearts-fast/1 hearts-state",
    "é" * 3,
]
DTYPES = [
    "int8",
    "uint8",
    "int16",
    "uint16",
    ">i4",
    "int32",
    "uint32",
    "int64",
    "uint64",
    ">u8",
    "float32",
    "float64",
    "bool",
]


def arrays() -> st.SearchStrategy[Any]:
    """Numpy arrays of every integer, float and bool dtype, byte order, shape and stride."""
    shaped = st.sampled_from(DTYPES).flatmap(
        lambda d: hnp.arrays(
            np.dtype(d),
            st.sampled_from([(0,), (3,), (0, 52), (1, 52), (2, 52), (2, 51), (1, 1, 52), (4, 13)]),
        )
    )
    strided = shaped.map(lambda a: a[::2] if a.ndim and a.shape[0] > 1 else a)
    return st.one_of(shaped, strided, shaped.map(np.asfortranarray))


def package_objects() -> st.SearchStrategy[Any]:
    """Objects of the package passed where something else is expected."""
    hf = hearts_fast
    return st.sampled_from(
        [
            hf.HeartsRules(),
            hf.SpadesRules(),
            hf.RummyRules(),
            hf.CardSet([0, 49]),
            hf.Policy(),
            hf.HeartsState(hf.HeartsRules()),
            hf.SpadesState(hf.SpadesRules()),
            hf.RummyState(hf.RummyRules()),
        ]
    )


def scalars() -> st.SearchStrategy[Any]:
    return st.one_of(
        st.none(),
        st.booleans(),
        st.sampled_from(EDGE_INTS),
        st.integers(),
        st.integers(-3, 60),
        st.floats(allow_nan=True, allow_infinity=True),
        st.sampled_from([float("nan"), float("inf"), -0.0, 0.5]),
        st.sampled_from(EDGE_STRINGS),
        st.text(max_size=12),
        st.binary(max_size=8),
        st.fractions(max_denominator=120),
        st.sampled_from([Fraction(1, 10**30), Fraction(-(2**63), 60), Fraction(1, 60)]),
        st.complex_numbers(max_magnitude=1e9),
        st.just(object()),
        st.just(print),
    )


def values() -> st.SearchStrategy[Any]:
    """Any adversarial argument: scalars, containers of them, arrays, package objects,
    one-shot iterators."""
    small = st.integers(-2, 60)
    return st.one_of(
        scalars(),
        st.lists(small, max_size=30),
        st.lists(st.lists(small, max_size=14), max_size=8),
        st.lists(st.lists(st.lists(small, max_size=14), max_size=4), max_size=3),
        st.tuples(small, small),
        st.tuples(st.sampled_from(["draw", "take", "discard", "open", "lay", "x"]), small),
        st.lists(scalars(), max_size=6),
        st.sets(small, max_size=8),
        st.frozensets(small, max_size=8),
        st.dictionaries(st.text(max_size=6), small, max_size=3),
        st.lists(small, max_size=20).map(iter),
        st.lists(small, max_size=20).map(lambda xs: (x for x in xs)),
        st.just(range(60)),
        arrays(),
        package_objects(),
    )


#: Arguments whose size is the amount of work: counts stay small or are far out of range,
#: so that a fuzzed call never asks for hours of legitimate simulation.
BOUNDED = {"hands", "games", "hand_limit", "threads", "n"}


def bounded() -> st.SearchStrategy[Any]:
    return st.one_of(
        st.integers(-2, 12),
        st.sampled_from([-(2**63), 2**40 + 1, 2**63, 2**64, 10**30, 10**10]),
        scalars().filter(lambda v: not isinstance(v, int) or isinstance(v, bool)),
    )


def for_parameter(name: str) -> st.SearchStrategy[Any]:
    return bounded() if name in BOUNDED else values()
