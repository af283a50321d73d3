"""Pictures of results (matplotlib, the optional extra ``plot``): the distribution of each
seat's points or hand scores, moon and Q♠ rates with 95% intervals, the distribution of
game lengths, and an arena's means with their intervals.

Every function takes what ``simulate_*`` or ``arena`` returned, draws on ``ax`` (a new
figure's axes when ``None``) and returns the axes; `simulation` draws the panels that
fit a result into one figure and can save it (PNG, SVG, PDF: by the file's suffix).
The numbers drawn are the result's own (tested). Spades streams give `tricks`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Optional

import numpy as np

from .errors import ArgumentTypeError, InvalidArgumentError

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

__all__ = ["arena", "game_lengths", "hand_scores", "points", "rates", "simulation", "tricks"]

#: z of a two-sided 95% normal interval.
Z95 = 1.959963984540054


def _pyplot() -> Any:
    try:
        import matplotlib

        matplotlib.use("Agg", force=False)
        import matplotlib.pyplot as plt
    except ImportError as e:  # pragma: no cover - exercised without the extra
        from ._extras import install_hint

        raise ImportError(
            f"hearts_fast.plot needs matplotlib: {install_hint('plot', 'matplotlib')}"
        ) from e
    return plt


def _axes(ax: Optional[Axes]) -> Axes:
    if ax is not None:
        return ax
    _, new = _pyplot().subplots(figsize=(6, 4))
    return new  # type: ignore[no-any-return]


def _result(result: Any, *keys: str) -> Mapping[str, Any]:
    if not isinstance(result, Mapping):
        raise ArgumentTypeError(
            f"result must be what simulate_* or arena returns, got {type(result).__name__}"
        )
    missing = [k for k in keys if k not in result]
    if missing:
        raise InvalidArgumentError(
            f"this picture needs a result with {', '.join(keys)}; this one lacks "
            f"{', '.join(missing)} (hands with stream=True, or the arrays, as documented)"
        )
    return result


def points(result: Any, ax: Optional[Axes] = None) -> Axes:
    """Hearts: the share of hands in which each seat took 0, 1, … penalty points (A-20),
    from a streamed result (``points_hist``) or the arrays (``points``)."""
    r = _result(result)
    if "points_hist" in r:
        hist = np.asarray(r["points_hist"], dtype=float)
    elif "points" in r:
        pts = np.asarray(r["points"])
        top = int(pts.max()) + 1 if pts.size else 1
        hist = np.stack([np.bincount(pts[:, s], minlength=top) for s in range(pts.shape[1])])
    else:
        _result(r, "points_hist")
        raise AssertionError  # pragma: no cover - _result raised
    ax = _axes(ax)
    shares = hist / np.maximum(hist.sum(axis=1, keepdims=True), 1)
    x = np.arange(hist.shape[1])
    for s in range(hist.shape[0]):
        ax.step(x, shares[s], where="mid", label=f"seat {s}")
    ax.set_xlabel("penalty points in the hand")
    ax.set_ylabel("share of hands")
    ax.set_title("Points per hand, by seat")
    ax.legend()
    return ax


def tricks(result: Any, ax: Optional[Axes] = None) -> Axes:
    """Spades (or any trick game): the share of hands in which each seat took 0, 1, …
    tricks, from a streamed result (``tricks_hist``) or the arrays (``tricks``)."""
    r = _result(result)
    if "tricks_hist" in r:
        hist = np.asarray(r["tricks_hist"], dtype=float)
    else:
        t = np.asarray(_result(r, "tricks")["tricks"])
        top = int(t.max()) + 1 if t.size else 1
        hist = np.stack([np.bincount(t[:, s], minlength=top) for s in range(t.shape[1])])
    ax = _axes(ax)
    shares = hist / np.maximum(hist.sum(axis=1, keepdims=True), 1)
    x = np.arange(hist.shape[1])
    for s in range(hist.shape[0]):
        ax.step(x, shares[s], where="mid", label=f"seat {s}")
    ax.set_xlabel("tricks taken in the hand")
    ax.set_ylabel("share of hands")
    ax.set_title("Tricks per hand, by seat")
    ax.legend()
    return ax


def hand_scores(result: Any, ax: Optional[Axes] = None, bins: int = 40) -> Axes:
    """Any game's arrays (``hand_scores``, ``(hands, seats or teams)``): the distribution
    of each seat's (or team's) hand scores."""
    scores = np.asarray(_result(result, "hand_scores")["hand_scores"], dtype=float)
    ax = _axes(ax)
    lo, hi = (float(scores.min()), float(scores.max())) if scores.size else (0.0, 1.0)
    edges = np.linspace(lo, hi + 1e-9, bins + 1)
    for s in range(scores.shape[1]):
        ax.hist(scores[:, s], bins=list(edges), histtype="step", density=True, label=f"{s}")
    ax.set_xlabel("hand score")
    ax.set_ylabel("density")
    ax.set_title("Hand scores")
    ax.legend(title="seat or team")
    return ax


def _rate_rows(r: Mapping[str, Any]) -> tuple[np.ndarray, np.ndarray, int]:
    """Per seat: moon rate and Q♠ rate, and the number of hands."""
    if "moons" in r and "queens" in r and "hands" in r:
        n = int(r["hands"])
        return np.asarray(r["moons"], float) / n, np.asarray(r["queens"], float) / n, n
    shooter = np.asarray(_result(r, "moon_shooter", "queen_taker")["moon_shooter"])
    taker = np.asarray(r["queen_taker"])
    seats = int(np.asarray(r["points"]).shape[1]) if "points" in r else int(shooter.max()) + 1
    n = len(shooter)
    moons = np.array([(shooter == s).mean() for s in range(seats)])
    queens = np.array([(taker == s).mean() for s in range(seats)])
    return moons, queens, n


def rates(result: Any, ax: Optional[Axes] = None) -> Axes:
    """Hearts: each seat's Q♠ rate (left axis) and moon rate (right axis: moons are about a
    hundred times rarer) with their 95% intervals (A-21), from a streamed result or the
    arrays. Returns the Q♠ axes; the moon axes is its twin."""
    moons, queens, n = _rate_rows(_result(result))
    ax = _axes(ax)
    moon_ax = ax.twinx()
    x = np.arange(len(moons))
    parts = []
    for axis, shift, values, label, color in (
        (ax, -0.2, queens, "Q♠ (left)", "tab:orange"),
        (moon_ax, 0.2, moons, "moon (right)", "tab:blue"),
    ):
        err = Z95 * np.sqrt(values * (1 - values) / max(n, 1))
        parts.append(
            axis.bar(x + shift, values, width=0.4, yerr=err, capsize=3, label=label, color=color)
        )
    ax.set_xticks(x, [f"seat {s}" for s in x])
    ax.set_ylabel("Q♠ rate (95% interval)")
    moon_ax.set_ylabel("moon rate (95% interval)")
    ax.set_title(f"Q♠ and moon rates over {n:,} hands")
    # Headroom above the bars for the legend, which the twin axes draws on top.
    for axis, values in ((ax, queens), (moon_ax, moons)):
        axis.set_ylim(0, max(float(np.max(values, initial=0)), 1e-9) * 1.4)
    moon_ax.legend(handles=parts, loc="upper center", ncol=2, framealpha=0.9)
    return ax


def game_lengths(result: Any, ax: Optional[Axes] = None) -> Axes:
    """Whole games (``hands_played``): how many games lasted each number of hands."""
    played = np.asarray(_result(result, "hands_played")["hands_played"], dtype=int)
    ax = _axes(ax)
    counts = np.bincount(played) if played.size else np.zeros(1, int)
    ax.bar(np.arange(len(counts)), counts, width=0.9)
    from matplotlib.ticker import MaxNLocator

    ax.xaxis.set_major_locator(MaxNLocator(integer=True))  # whole hands: no 2.5 marks
    ax.set_xlabel("hands in the game")
    ax.set_ylabel("games")
    ax.set_title(f"Game lengths ({len(played):,} games, mean {played.mean():.2f})")
    return ax


def arena(result: Any, ax: Optional[Axes] = None) -> Axes:
    """An arena: each policy's mean with its 95% interval."""
    r = _result(result, "names", "mean", "ci95", "higher_is_better", "mode")
    ax = _axes(ax)
    mean = np.asarray(r["mean"], float)
    ci = np.asarray(r["ci95"], float)
    y = np.arange(len(mean))
    ax.errorbar(
        mean, y, xerr=[mean - ci[:, 0], ci[:, 1] - mean], fmt="o", capsize=4, linestyle="none"
    )
    ax.set_yticks(y, list(r["names"]))
    better = "higher" if r["higher_is_better"] else "lower"
    what = "win rate" if r["mode"] == "games" else "mean score"
    ax.set_xlabel(f"{what} with its 95% interval ({better} is better)")
    ax.set_title("Arena")
    return ax


def simulation(result: Any, path: Optional[str] = None, title: str = "") -> Figure:
    """The pictures that fit ``result`` in one figure, saved to ``path`` when given: points
    and moon/Q♠ rates for Hearts hands, hand scores for arrays of any game, game lengths
    for whole games, means with intervals for an arena."""
    r = _result(result)
    panels: list[Any] = []
    if "names" in r and "ci95" in r:
        panels = [arena]
    elif "hands_played" in r:
        panels = [game_lengths]
    else:
        if "points_hist" in r or "points" in r:
            panels.append(points)
        if ("moons" in r and "queens" in r) or "moon_shooter" in r:
            panels.append(rates)
        if "tricks_hist" in r:
            panels.append(tricks)
        if "hand_scores" in r and np.ndim(r["hand_scores"]) == 2:
            panels.append(hand_scores)
    if not panels:
        raise InvalidArgumentError(
            "nothing to draw for this result: give the arrays of simulate_* (or a Hearts "
            "stream=True result), a games result, or an arena result"
        )
    plt = _pyplot()
    fig, axes = plt.subplots(1, len(panels), figsize=(6 * len(panels), 4), squeeze=False)
    for draw, ax in zip(panels, axes[0]):
        draw(r, ax=ax)
    if title:
        import textwrap

        fig.suptitle(textwrap.fill(title, 40 * len(panels) + 30), fontsize=9)
    fig.tight_layout()
    if path is not None:
        fig.savefig(path)
    return fig  # type: ignore[no-any-return]
