"""Duplicate arenas that rank policies with error bars (docs/arena.md).

``arena(rules, policies, deals=…)`` plays every deal once per seating rotation, so that
each policy holds every hand, and reports per policy the mean hand score over the deals,
its standard error and 95% interval, and its difference from the first policy paired by
deal (the variance of the deals cancels there). ``format_arena`` prints the table.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any, TypedDict, Union

import numpy as np
import numpy.typing as npt

from hearts_fast._args import int_arg
from hearts_fast.errors import ArgumentTypeError, InvalidArgumentError

__all__ = ["ArenaResult", "arena", "format_arena"]

#: The normal quantile of a two-sided 95% interval.
Z95 = 1.959963984540054


class ArenaResult(TypedDict):
    """What ``arena`` returns (docs/arena.md). Arrays are indexed by policy in the order of
    ``names``; "score" is the hand score: Hearts a seat's hand score (``hand_scores()``,
    lower is better under positive scoring), Spades a team's (higher is better).

    - ``names``: the policies' names; ``deals``: the number of deals; ``game``.
    - ``scores``: float64 ``(deals, policies)``, each deal's mean score per policy over the
      rotations and the seats it held.
    - ``mean``, ``se``: float64 ``(policies,)``, the mean over the deals and its standard
      error (the deals' standard deviation over the square root of their number).
    - ``ci95``: float64 ``(policies, 2)``, ``mean ∓ 1.96 se``.
    - ``diff_mean``, ``diff_se``, ``diff_ci95``: the same for each policy's score minus the
      first policy's, paired by deal (zero for the first policy).
    - ``higher_is_better``: False for Hearts hands (points), True for Spades and for games.
    - ``mode``: ``"deals"``, or ``"games"`` for whole games, whose score is the win share
      (a seat among ``k`` winners has ``1 / k``; a team's share in Spades): ``mean`` is then
      the win rate of a seat of the policy.
    """

    game: str
    mode: str
    names: list[str]
    deals: int
    scores: npt.NDArray[np.float64]
    mean: npt.NDArray[np.float64]
    se: npt.NDArray[np.float64]
    ci95: npt.NDArray[np.float64]
    diff_mean: npt.NDArray[np.float64]
    diff_se: npt.NDArray[np.float64]
    diff_ci95: npt.NDArray[np.float64]
    higher_is_better: bool


def _stats(x: npt.NDArray[np.float64]) -> tuple[Any, Any]:
    """Means and standard errors of the columns of ``x`` (deals in rows)."""
    n = x.shape[0]
    mean = x.mean(axis=0)
    se = x.std(axis=0, ddof=1) / math.sqrt(n) if n > 1 else np.full(x.shape[1], np.nan)
    return mean, se


def arena(
    rules: Any,
    policies: Mapping[str, Any],
    *,
    deals: int | None = None,
    games: int | None = None,
    seed: int | None = None,
    threads: int | None = None,
    hand_limit: int | None = None,
    start: int | None = None,
) -> ArenaResult:
    """Rank ``policies`` (a dict: name → ``Policy`` or policy name) under ``rules`` (a
    ``HeartsRules`` or ``SpadesRules``) by duplicate play of ``deals`` deals (default 1000):
    hand ``i`` of the batch ``seed`` is played once per seating rotation (rotation ``r``
    seats policy ``(s + r) % len(policies)`` at seat ``s``); or of ``games`` whole games
    (game ``i`` of the batch, each rotation stopped after ``hand_limit`` hands, default
    1000), scored by win share. Hearts takes 1..players policies, Spades 1 or 2 (one per
    team). The result is the same for any ``threads``.

    ``start`` (default 0) plays deals (or games) ``start .. start + deals - 1`` of the
    batch instead: the arenas of consecutive ranges, merged in index order by
    ``hearts_fast.merge``, equal the arena of their union exactly (``start + deals`` may
    be at most ``2**64``)."""
    from hearts_fast import _core

    if not isinstance(policies, Mapping):
        raise ArgumentTypeError(
            f"policies must be a dict of name -> Policy or policy name, got "
            f"{type(policies).__name__}"
        )
    if deals is not None and games is not None:
        raise InvalidArgumentError("give deals= or games=, not both")
    mode = "games" if games is not None else "deals"
    count = (
        int_arg(games, "games", 1, 2**32)
        if games is not None
        else int_arg(1000 if deals is None else deals, "deals", 1, 2**32)
    )
    names: list[str] = []
    bots: list[Any] = []
    for name, p in policies.items():
        if not isinstance(name, str):
            raise ArgumentTypeError(f"policy names must be str, got {type(name).__name__}")
        if isinstance(p, str):
            p = _core.Policy(p)
        elif not isinstance(p, _core.Policy):
            raise ArgumentTypeError(
                f"policies[{name!r}] must be a hearts_fast.Policy or a policy name, got "
                f"{type(p).__name__}"
            )
        names.append(name)
        bots.append(p)
    if not bots:
        raise InvalidArgumentError("policies must hold at least one policy")
    scores = _core._arena_scores(
        rules, bots, count, seed, threads, start, mode == "games", hand_limit
    )
    game = "hearts" if isinstance(rules, _core.HeartsRules) else "spades"
    return _result(game, mode, names, scores)


def _result(game: str, mode: str, names: list[str], scores: npt.NDArray[np.float64]) -> ArenaResult:
    """The arena result of the per-deal ``scores``: every statistic is computed from them
    (so ``hearts_fast.merge`` rebuilds a merged result from the concatenated scores)."""
    mean, se = _stats(scores)
    diff = scores - scores[:, :1]
    diff_mean, diff_se = _stats(diff)
    diff_se[0] = 0.0
    return ArenaResult(
        game=game,
        mode=mode,
        names=names,
        deals=int(scores.shape[0]),
        scores=scores,
        mean=mean,
        se=se,
        ci95=np.stack([mean - Z95 * se, mean + Z95 * se], axis=1),
        diff_mean=diff_mean,
        diff_se=diff_se,
        diff_ci95=np.stack([diff_mean - Z95 * diff_se, diff_mean + Z95 * diff_se], axis=1),
        higher_is_better=game == "spades" or mode == "games",
    )


def format_arena(result: ArenaResult) -> str:
    """The arena table: one row per policy, best first, with a line explaining each
    column."""
    keys = ("names", "mean", "se", "ci95", "diff_mean", "diff_ci95", "deals", "game", "mode")
    if not isinstance(result, Mapping) or any(k not in result for k in keys):
        raise ArgumentTypeError(
            f"result must be what hearts_fast.arena returns, got {type(result).__name__}"
        )
    order = sorted(
        range(len(result["names"])),
        key=lambda i: result["mean"][i],
        reverse=result["higher_is_better"],
    )
    first = result["names"][0]
    header = ["policy", "mean", "se", "95% interval", f"vs {first}", "95% interval"]
    rows = []
    for i in order:
        lo, hi = result["ci95"][i]
        dlo, dhi = result["diff_ci95"][i]
        rows.append(
            [
                result["names"][i],
                f"{result['mean'][i]:.3f}",
                f"{result['se'][i]:.3f}",
                f"[{lo:.3f}, {hi:.3f}]",
                "-" if i == 0 else f"{result['diff_mean'][i]:+.3f}",
                "-" if i == 0 else f"[{dlo:+.3f}, {dhi:+.3f}]",
            ]
        )
    widths = [max(len(r[c]) for r in [header, *rows]) for c in range(len(header))]
    lines = [" | ".join(h.rjust(w) for h, w in zip(header, widths))]
    lines.append("-+-".join("-" * w for w in widths))
    lines += [" | ".join(c.rjust(w) for c, w in zip(r, widths)) for r in rows]
    better = "higher" if result["higher_is_better"] else "lower"
    if result["mode"] == "games":
        what = (
            f"mean: the win rate of a seat of the policy, {better} is better, over "
            f"{result['deals']:,} games played once per seating rotation"
        )
    else:
        unit = "team hand score" if result["game"] == "spades" else "hand score (points)"
        what = (
            f"mean: the {unit} per deal, {better} is better, over {result['deals']:,} deals "
            "played once per seating rotation"
        )
    lines += [
        "",
        what,
        f"se: its standard error over the {result['mode']}; 95% interval: mean -/+ 1.96 se",
        f"vs {first}: the difference from {first} paired by {result['mode'][:-1]}, with its "
        "95% interval",
    ]
    return "\n".join(lines)


ArenaPolicies = Mapping[str, Union[str, Any]]
