"""``merge``: the results of one batch computed in parts (``start=``) put back together,
exactly as one call over the union of the parts would have returned them (docs/protocol.md,
Index ranges).

Every batch entry point computes items ``start .. start + n - 1`` of the ``(seed, index)``
stream, and item ``i`` depends on ``(seed, i)`` alone, so a batch can be cut into ranges
run anywhere (other processes, other machines) and merged here:

- arrays (``hands=`` or ``games=`` results, ``sample_deals``, ``solve_batch``, the list of
  ``InfoState.sample``): concatenated in the order given, bit for bit;
- ``stream=True`` aggregates: counts, histograms and the exact integer sums ``sum_<x>`` and
  ``sumsq_<x>`` added (Python ints: they never wrap), then every ``mean_<x>`` and
  ``var_<x>`` computed from the merged integers by the engine's own formula, so the floats
  too are bit for bit those of one call;
- ``arena`` results: the per-deal ``scores`` concatenated and every statistic computed
  from them, as ``arena`` does.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any, TypeVar, cast

import numpy as np

from hearts_fast._types import (
    HeartsSimulation,
    RummySimulation,
    SampledDeals,
    SolveBatch,
    SpadesSimulation,
)
from hearts_fast.arena import ArenaResult, _result
from hearts_fast.errors import ArgumentTypeError, InvalidArgumentError

__all__ = ["merge", "moments"]

#: Anything ``merge`` merges: the result type of every batch entry point.
_R = TypeVar(
    "_R",
    HeartsSimulation,
    SpadesSimulation,
    RummySimulation,
    SampledDeals,
    SolveBatch,
    ArenaResult,
    list[Any],
)

#: The range of the engine's 128-bit accumulators: the variance is computed in integers
#: while its numerator fits, as the engine does (``Moments::variance``).
_I128 = range(-(2**127), 2**127)


def moments(n: int, total: int, squares: int) -> tuple[float, float]:
    """The mean and population variance of ``n`` integers whose sum is ``total`` and sum of
    squares ``squares``, computed exactly as the engine computes ``mean_<x>`` and
    ``var_<x>`` of a ``stream=True`` result (NaN for ``n == 0``): the mean is
    ``total / n``; the variance ``(n * squares - total**2) / n**2``, its numerator in
    integers while it fits in 128 bits. ``moments(r["hands"], r["sum_points"][s],
    r["sumsq_points"][s])`` gives ``(r["mean_points"][s], r["var_points"][s])``."""
    if n == 0:
        return math.nan, math.nan
    mean = float(total) / float(n)
    a, b = n * squares, total * total
    if a in _I128 and b in _I128 and a - b in _I128:
        var = float(a - b) / (float(n) * float(n))
    else:
        var = float(squares) / float(n) - mean * mean
    return mean, max(var, 0.0)


def _kind(result: object) -> str:
    """What ``result`` is, by its shape: the name of a merge rule."""
    if isinstance(result, SampledDeals):
        return "SampledDeals"
    if isinstance(result, SolveBatch):
        return "SolveBatch"
    if isinstance(result, list):
        return "list"
    if isinstance(result, Mapping):
        if "scores" in result and "names" in result:
            return "arena"
        if isinstance(result.get("hands"), int):
            return "stream"
        if result and all(isinstance(v, np.ndarray) for v in result.values()):
            return "arrays"
    return ""


def _concat(parts: list[Any], what: str) -> Any:
    """The arrays of ``parts`` one after the other (along the first axis); the rows of each
    must have one shape and dtype."""
    arrays = [np.asarray(p) for p in parts]
    first = arrays[0]
    for i, a in enumerate(arrays):
        if a.ndim == 0 or a.shape[1:] != first.shape[1:] or a.dtype != first.dtype:
            raise InvalidArgumentError(
                f"results[{i}][{what!r}] has shape {a.shape} and dtype {a.dtype}, results[0] "
                f"{first.shape} and {first.dtype}: not parts of one batch"
            )
    return np.concatenate(arrays, axis=0)


def _same_keys(parts: Sequence[Mapping[str, Any]]) -> list[str]:
    keys = list(parts[0])
    for i, p in enumerate(parts):
        if set(p) != set(keys):
            raise InvalidArgumentError(
                f"results[{i}] has the keys {sorted(p)}, results[0] {sorted(keys)}: not parts "
                "of one batch (one game, one mode)"
            )
    return keys


def _add(values: list[Any], key: str) -> Any:
    """The sum of one integer entry of every part: an int, a list of ints (exact, element
    by element) or an integer array."""
    first = values[0]
    if isinstance(first, int) and not isinstance(first, bool):
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
            raise InvalidArgumentError(f"{key!r} is not an int in every result")
        return sum(values)
    if isinstance(first, list):
        if any(not isinstance(v, list) or len(v) != len(first) for v in values):
            raise InvalidArgumentError(f"{key!r} is not a list of one length in every result")
        return [sum(col) for col in zip(*values)]
    if isinstance(first, np.ndarray) and first.dtype.kind in "iu":
        arrays = [np.asarray(v) for v in values]
        if any(a.shape != first.shape or a.dtype != first.dtype for a in arrays):
            raise InvalidArgumentError(f"{key!r} differs in shape or dtype between results")
        return np.sum(np.stack(arrays), axis=0, dtype=first.dtype)
    raise InvalidArgumentError(f"{key!r} holds {type(first).__name__}, which merge cannot add")


def _merge_stream(parts: list[Mapping[str, Any]]) -> dict[str, Any]:
    """Counts and exact sums added; means and variances from the merged sums."""
    keys = _same_keys(parts)
    out: dict[str, Any] = {}
    for key in keys:
        if not key.startswith(("mean_", "var_")):
            out[key] = _add([p[key] for p in parts], key)
    n = out["hands"]
    for key in keys:
        stat, _, x = key.partition("_")
        if stat not in ("mean", "var"):
            continue
        need = [f"sum_{x}"] + ([f"sumsq_{x}"] if stat == "var" else [])
        missing = [k for k in need if k not in out]
        if missing:
            raise InvalidArgumentError(
                f"the results hold {key!r} without {missing[0]!r}: made by a version of "
                "hearts_fast without the exact sums, they cannot be merged exactly"
            )
        which = 1 if stat == "var" else 0
        total = out[f"sum_{x}"]
        squares = out.get(f"sumsq_{x}", total)
        if isinstance(total, list):
            values = [moments(n, t, s)[which] for t, s in zip(total, squares)]
            out[key] = np.array(values, dtype=np.float64)
        else:
            out[key] = moments(n, total, squares)[which]
    return {k: out[k] for k in keys}


def _merge_arena(parts: list[Mapping[str, Any]]) -> ArenaResult:
    first = parts[0]
    for i, p in enumerate(parts):
        for k in ("game", "mode", "names", "higher_is_better"):
            if p.get(k) != first.get(k):
                raise InvalidArgumentError(
                    f"results[{i}][{k!r}] is {p.get(k)!r}, results[0][{k!r}] "
                    f"{first.get(k)!r}: not parts of one arena"
                )
    scores = _concat([p["scores"] for p in parts], "scores")
    return _result(first["game"], first["mode"], list(first["names"]), scores)


def merge(results: Sequence[_R]) -> _R:
    """Merge the results of one batch computed in parts into the result of one call.

    ``results``: a non-empty sequence of what one batch entry point returned for
    consecutive index ranges, in index order: every call the same but for ``start=`` and
    the count, part ``k + 1`` starting where part ``k`` ends (``start = start_k + n_k``).
    The merged result equals, key for key and bit for bit, the result of the one call over
    the union of the ranges (``start=start_0``, the counts added):

    - ``simulate_hearts``, ``simulate_spades``, ``simulate_rummy`` with ``hands=`` or
      ``games=``: every array concatenated along its first axis, in the order given;
    - the same with ``stream=True``: ``hands``, the counts and histograms, and the exact
      integer sums ``sum_<x>`` and ``sumsq_<x>`` (Python ints) added; every ``mean_<x>``
      and ``var_<x>`` then computed from the merged sums as the engine computes them
      (``hearts_fast.moments``); the order of the parts does not matter here;
    - ``arena``: the per-deal ``scores`` concatenated, and every statistic computed from
      them as ``arena`` does;
    - ``sample_deals`` (``SampledDeals``), ``solve_batch`` (``SolveBatch``) and
      ``InfoState.sample`` (a list of states): concatenated. ``solve_batch`` has no
      ``start=`` (its states are the caller's list): its parts are the results of
      consecutive slices of the list, and ``nodes`` merges exactly only when every slice
      but the last holds a multiple of 8 states (``values`` and ``moves`` always do).

    ``merge`` cannot see which seed, rules, policies or ranges made the parts: giving it
    the parts of one batch in index order is the caller's part. It checks that they are
    results of one kind with the same keys, shapes and dtypes (else
    ``InvalidArgumentError``); a ``results`` that is not a sequence of results is an
    ``ArgumentTypeError``. The parts are not changed.

    Example::

        whole = simulate_hearts(rules, hands=1000, seed=7, stream=True)
        parts = [simulate_hearts(rules, hands=500, seed=7, start=s, stream=True)
                 for s in (0, 500)]
        merged = merge(parts)   # == whole, means and variances included
    """
    return cast(_R, _merge_any(results))


def _merge_any(results: object) -> object:
    """``merge`` for any input: checked here, at run time."""
    if isinstance(results, (SampledDeals, SolveBatch)):
        raise ArgumentTypeError(
            f"results must be a list of results, got one {type(results).__name__}: "
            "merge([part, part, ...])"
        )
    if isinstance(results, (str, bytes, Mapping)) or not isinstance(results, Sequence):
        raise ArgumentTypeError(
            f"results must be a sequence (a list) of batch results, got {type(results).__name__}"
        )
    parts: list[Any] = list(results)
    if not parts:
        raise InvalidArgumentError("results must hold at least one result to merge")
    kinds = [_kind(p) for p in parts]
    for i, k in enumerate(kinds):
        if not k:
            raise ArgumentTypeError(
                f"results[{i}] is a {type(parts[i]).__name__}, not the result of a batch "
                "entry point (simulate_*, arena, sample_deals, solve_batch, InfoState.sample)"
            )
        if k != kinds[0]:
            raise InvalidArgumentError(
                f"results[{i}] is a {k} result, results[0] a {kinds[0]} result: not parts "
                "of one batch"
            )
    kind = kinds[0]
    merged: Any
    if kind in ("SampledDeals", "SolveBatch"):
        cls = type(parts[0])
        fields: tuple[str, ...] = cls._fields
        merged = cls(*(_concat([getattr(p, f) for p in parts], f) for f in fields))
    elif kind == "list":
        merged = [x for p in parts for x in p]
    elif kind == "arena":
        merged = _merge_arena(parts)
    elif kind == "stream":
        merged = _merge_stream(parts)
    else:
        keys = _same_keys(parts)
        merged = {k: _concat([p[k] for p in parts], k) for k in keys}
    return merged
