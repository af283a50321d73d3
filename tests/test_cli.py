"""The command line (``hearts-fast simulate``): the README's main job for Hearts, and
``--game spades`` and ``--game rummy``; tables printed, bad input reported with exit status 2."""

from __future__ import annotations

import pytest

import hearts_fast as hf
from hearts_fast.cli import main


def test_hearts_hands_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--hands", "20000", "--threads", "1", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "20,000 hands" in out and "mean points" in out and "moon rate" in out


def test_hearts_games_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "50", "--rule", "target=30", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "win rate" in out and "mean hands per game" in out


def test_A25_games_that_cannot_end_stop_at_the_hand_limit(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["simulate", "--games", "3", "--hand-limit", "4", "--no-progress"]
    assert main([*args, "--rule", "avoid_all_tricks_bonus=1000"]) == 0
    out = capsys.readouterr().out
    assert "mean hands per game" in out and "stopped at the hand limit" in out


def test_spades_hands_and_games(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "--game", "spades", "--hands", "20000", "--preset", "openspiel"]
    assert main([*args, "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "Spades, preset openspiel" in out and "contract made" in out and "nil rate" in out
    games = ["simulate", "--game", "spades", "--games", "40", "--policy", "heuristic"]
    assert main([*games, "--rule", "win_score=200", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "games that reached the end rule: 100.0000%" in out


def _rows(out: str, first: str) -> dict[str, list[str]]:
    """The body of the printed table whose header starts with ``first``, by first column."""
    lines = out.splitlines()
    start = next(i for i, ln in enumerate(lines) if ln.strip().startswith(first))
    rows = {}
    for ln in lines[start + 2 :]:
        if "|" not in ln:
            break
        cells = [c.strip() for c in ln.split("|")]
        rows[cells[0]] = cells[1:]
    return rows


def test_rummy_hands_table(capsys: pytest.CaptureFixture[str]) -> None:
    """C.1 rules from --rule, the policy and the seed reach simulate_rummy: the table's
    columns are the batch's own means (C-18 who went out, C-20 hand scores)."""
    argv = ["simulate", "--game", "rummy", "--hands", "600", "--seed", "5", "--threads", "1"]
    rules = ["--rule", "players=3", "--rule", "max_jokers_per_meld=unlimited"]
    assert main([*argv, *rules, "--policy", "random,greedy,greedy", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "rummy, preset default, 3 players, policy random,greedy,greedy, seed 5" in out
    assert "600 hands" in out and "hands with nobody out" in out
    res = hf.simulate_rummy(
        hf.RummyRules(players=3, max_jokers_per_meld="unlimited"),
        hands=600,
        seed=5,
        policy=["random", "greedy", "greedy"],
    )
    rows = _rows(out, "seat")
    assert sorted(rows) == ["0", "1", "2"]
    for seat, (mean, _sd, opened, went_out) in rows.items():
        s = int(seat)
        assert float(mean) == pytest.approx(float(res["hand_scores"][:, s].mean()), abs=1e-3)
        assert float(opened) == pytest.approx(float(res["opened"][:, s].mean()), abs=1e-4)
        assert float(went_out) == pytest.approx(float((res["went_out"] == s).mean()), abs=1e-4)


def test_rummy_default_policy_is_greedy(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--game", "rummy", "--hands", "200", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "policy greedy" in out and "4 players" in out and "went out" in out


def test_rummy_games_table(capsys: pytest.CaptureFixture[str]) -> None:
    """C-21: whole games to a lowered target; every game has a winner, so the win rates of
    the seats add up to at least 1 (more with shared ties)."""
    argv = ["simulate", "--game", "rummy", "--games", "40", "--rule", "target=300"]
    assert main([*argv, "--preset", "default", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "win rate" in out and "mean hands per game" in out
    rows = _rows(out, "seat")
    assert len(rows) == 4
    assert sum(float(r[1]) for r in rows.values()) >= 1.0 - 1e-9


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "--hands", "-5"],
        ["simulate", "--preset", "nope"],
        ["simulate", "--game", "spades", "--rule", "mirror=true", "--rule", "suicide=true"],
        ["simulate", "--policy", "smart"],
        ["simulate", "--game", "rummy", "--policy", "heuristic"],
        ["simulate", "--game", "rummy", "--preset", "corazones"],
        ["simulate", "--game", "rummy", "--rule", "players=7"],
        ["simulate", "--game", "rummy", "--rule", "players=6", "--rule", "hand_size=18"],
        ["simulate", "--game", "rummy", "--games", "-1"],
    ],
)
def test_bad_input_exits_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*argv, "--no-progress"]) == 2
    assert capsys.readouterr().err.startswith("hearts-fast: ")
