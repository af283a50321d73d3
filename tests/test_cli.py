"""The command line (``hearts-fast simulate``): the README's main job for Hearts, and
``--game spades``; tables printed, bad input reported with exit status 2."""

from __future__ import annotations

import pytest

from hearts_fast.cli import main


def test_hearts_hands_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--hands", "20000", "--threads", "1", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "20,000 hands" in out and "mean points" in out and "moon rate" in out


def test_hearts_games_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "50", "--rule", "target=30", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "win rate" in out and "mean hands per game" in out


def test_spades_hands_and_games(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "--game", "spades", "--hands", "20000", "--preset", "openspiel"]
    assert main([*args, "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "Spades, preset openspiel" in out and "contract made" in out and "nil rate" in out
    games = ["simulate", "--game", "spades", "--games", "40", "--policy", "heuristic"]
    assert main([*games, "--rule", "win_score=200", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "games that reached the end rule: 100.0000%" in out


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "--hands", "-5"],
        ["simulate", "--preset", "nope"],
        ["simulate", "--game", "spades", "--rule", "mirror=true", "--rule", "suicide=true"],
        ["simulate", "--policy", "smart"],
    ],
)
def test_bad_input_exits_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*argv, "--no-progress"]) == 2
    assert capsys.readouterr().err.startswith("hearts-fast: ")
