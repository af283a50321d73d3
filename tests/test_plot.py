"""hearts_fast.plot (extra ``plot``) and ``--plot``: the numbers drawn are the numbers
simulated (A-20 points, A-21 moon shots, Q♠ takers; game lengths; arena intervals)."""

from __future__ import annotations

import pathlib

import numpy as np
import pytest

import hearts_fast as hf
from hearts_fast.cli import main
from hearts_fast.errors import ArgumentTypeError, InvalidArgumentError

pytest.importorskip("matplotlib")
from hearts_fast import plot

RULES = hf.HeartsRules()


@pytest.fixture(autouse=True)
def _close_figures():
    """Each test's figures closed after it (matplotlib warns past 20 open figures)."""
    yield
    import matplotlib.pyplot as plt

    plt.close("all")


def test_points_are_each_seats_share_of_hands_with_each_total():
    res = hf.simulate_hearts(RULES, hands=3000, seed=1, stream=True)
    ax = plot.points(res)
    hist = np.asarray(res["points_hist"], float)
    for s, line in enumerate(ax.get_lines()):
        assert np.allclose(line.get_ydata(), hist[s] / hist[s].sum())
    arrays = hf.simulate_hearts(RULES, hands=3000, seed=1)
    ax = plot.points(arrays)
    counts = np.bincount(arrays["points"][:, 2], minlength=len(ax.get_lines()[2].get_ydata()))
    assert np.allclose(ax.get_lines()[2].get_ydata(), counts / 3000)


def test_rates_and_their_intervals_are_the_batchs():
    res = hf.simulate_hearts(RULES, hands=4000, seed=2, stream=True)
    ax = plot.rates(res)
    moon_ax = next(a for a in ax.figure.axes if a is not ax)
    n = int(res["hands"])
    moons, queens = res["moons"] / n, res["queens"] / n
    assert np.allclose([p.get_height() for p in ax.patches], queens)
    assert np.allclose([p.get_height() for p in moon_ax.patches], moons)

    def half_widths(a: object) -> np.ndarray:
        segments = [c for c in a.collections if hasattr(c, "get_segments")]
        return np.array([abs(s[1][1] - s[0][1]) / 2 for c in segments for s in c.get_segments()])

    # The error bars: 1.96 standard errors either side.
    assert np.allclose(half_widths(ax), plot.Z95 * np.sqrt(queens * (1 - queens) / n))
    assert np.allclose(half_widths(moon_ax), plot.Z95 * np.sqrt(moons * (1 - moons) / n))
    arrays = hf.simulate_hearts(RULES, hands=4000, seed=2)
    ax = plot.rates(arrays)
    moon_ax = next(a for a in ax.figure.axes if a is not ax)
    heights = [p.get_height() for p in moon_ax.patches]
    assert heights == pytest.approx([(arrays["moon_shooter"] == s).mean() for s in range(4)])


def test_game_lengths_and_hand_scores():
    res = hf.simulate_hearts(RULES, games=200, seed=3)
    ax = plot.game_lengths(res)
    counts = np.bincount(res["hands_played"])
    assert [p.get_height() for p in ax.patches] == list(counts)
    sp = hf.simulate_spades(hf.SpadesRules(), hands=2000, seed=3)
    ax = plot.hand_scores(sp)
    assert len(ax.patches) == 2  # one step histogram per team
    tr = hf.simulate_spades(hf.SpadesRules(), hands=2000, seed=3, stream=True)
    ax = plot.tricks(tr)
    hist = np.asarray(tr["tricks_hist"], float)
    assert np.allclose(ax.get_lines()[1].get_ydata(), hist[1] / hist[1].sum())


def test_arena_means_and_intervals():
    res = hf.arena(RULES, {"h": "heuristic", "r": "random"}, deals=60, seed=1)
    ax = plot.arena(res)
    line = ax.get_lines()[0]
    assert np.allclose(line.get_xdata(), res["mean"])
    seg = next(c for c in ax.collections if hasattr(c, "get_segments")).get_segments()
    assert np.allclose([s[0][0] for s in seg], res["ci95"][:, 0])
    assert np.allclose([s[1][0] for s in seg], res["ci95"][:, 1])


def test_simulation_figures_are_saved_and_bad_input_is_refused(tmp_path: pathlib.Path):
    res = hf.simulate_hearts(RULES, hands=1000, seed=4, stream=True)
    fig = plot.simulation(res, str(tmp_path / "h.svg"), title="t")
    # points, and the rates with their twin axes for the moons
    assert len(fig.axes) == 3 and (tmp_path / "h.svg").read_text().startswith("<?xml")
    with pytest.raises(ArgumentTypeError):
        plot.rates([1, 2])
    with pytest.raises(InvalidArgumentError, match="hands_played"):
        plot.game_lengths(res)
    with pytest.raises(InvalidArgumentError, match="nothing to draw"):
        plot.simulation({"x": 1})


def test_the_plot_option_of_the_command_line(tmp_path: pathlib.Path, capsys):
    out = tmp_path / "s.png"
    argv = ["simulate", "--hands", "2000", "--threads", "1", "--no-progress", "--plot", str(out)]
    assert main(argv) == 0
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    arena_png = tmp_path / "a.png"
    assert main(["arena", "--deals", "20", "--threads", "1", "--plot", str(arena_png)]) == 0
    assert arena_png.stat().st_size > 1000
    assert "plot written" in capsys.readouterr().err


def test_game_length_ticks_are_whole_hands():
    """Short games (a few hands each) used to get tick marks at 2.5 hands."""
    res = hf.simulate_hearts(hf.HeartsRules(target=10), games=50, seed=3)  # 1-3 hands
    ax = plot.game_lengths(res)
    ax.figure.canvas.draw()
    ticks = ax.get_xticks()
    assert len(ticks) > 1 and all(float(t).is_integer() for t in ticks), ticks
