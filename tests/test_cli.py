"""The command line (``hearts-fast simulate``): the README's main job for Hearts, and
``--game spades`` and ``--game rummy``; tables printed, bad input reported with exit status 2."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
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
    for seat, (mean, _se, _sd, opened, went_out) in rows.items():
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
    assert sum(float(r[2]) for r in rows.values()) >= 1.0 - 1e-9


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
        ["simulate", "--game", "spades", "--games", "5"],
        ["simulate", "--game", "spades", "--games", "5", "--policy", "heuristic,random"],
        ["simulate", "--seed", str(2**64)],
        ["arena", "--seed", "-1"],
    ],
)
def test_bad_input_exits_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """Bad values exit 2: read by argparse (one line: what was wrong and a hint) or refused
    by the package (``hearts-fast: `` and the package's message)."""
    try:
        code = main([*argv, "--no-progress"] if argv[0] == "simulate" else argv)
    except SystemExit as e:
        code = e.code
        err = capsys.readouterr().err
        assert err.startswith(f"hearts-fast {argv[0]}: ") and err.count("\n") == 1, err
    else:
        assert capsys.readouterr().err.startswith("hearts-fast: ")
    assert code == 2


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["simulate", "--hands", "0"], "--hands: must be 1..1,099,511,627,776 (2**40), got 0"),
        (["simulate", "--hands", "0"], "a run of nothing has no result to print"),
        (["simulate", "--hands", "99999999999999"], "must be 1..1,099,511,627,776 (2**40)"),
        (["simulate", "--games", "0"], "--games: must be 1..1,099,511,627,776"),
        (["simulate", "--threads", "0"], "leave --threads out to use every core"),
        (["simulate", "--threads", "5000"], "--threads: must be 1..1024, got 5000"),
        (["simulate", "--threads", "x"], "--threads: 'x' is not a whole number"),
        (["simulate", "--rule", "players"], "--rule: takes NAME=VALUE"),
        (["simulate", "--rule", "=5"], "--rule: takes NAME=VALUE"),
        (["simulate", "--games", "3", "--hand-limit", "0"], "--hand-limit: must be 1.."),
        (["simulate", "--hands", "5", "--hand-limit", "5"], "--hand-limit applies with --games"),
        (["arena", "--deals", "5", "--hand-limit", "5"], "--hand-limit applies with --games"),
        (["simulate", "--plot", "out.gif"], "the suffix must be .png, .svg, .pdf"),
        (["simulate", "--plot", "no/such/folder/x.png"], "there is no folder 'no/such/folder'"),
        (["arena", "--deals", "0"], "--deals: must be 1.."),
        (["arena", "--threads", "0"], "leave --threads out"),
        (["arena", "--rule", "players"], "--rule: takes NAME=VALUE"),
    ],
)
def test_usage_errors_exit_2_and_say_what_is_allowed(
    argv: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every malformed command line is a usage error, found before any work: exit status 2
    and one line with what was wrong and a hint (no usage block, no table of nan, no exit
    status 1)."""
    with pytest.raises(SystemExit) as e:
        main(argv)
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert says in err, err
    assert err.count("\n") == 1 and f"(try 'hearts-fast {argv[0]} --help')" in err


def run_cli(*argv: str, **env: str) -> subprocess.CompletedProcess[str]:
    """``hearts-fast ARGV`` in a process of its own, as a user types it."""
    return subprocess.run(
        [sys.executable, "-m", "hearts_fast", *argv],
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, **env},
        check=False,
    )


def test_a_usage_error_is_one_line_from_the_shell() -> None:
    done = run_cli("simulate", "--hands", "five")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == (
        "hearts-fast simulate: argument --hands: 'five' is not a whole number "
        "(try 'hearts-fast simulate --help')\n"
    )


def test_plot_without_matplotlib_fails_before_the_run(tmp_path: Path) -> None:
    """Without matplotlib, ``--plot`` is refused when the command line is read (one line,
    exit 2), not with a traceback after the whole simulation."""
    blocker = tmp_path / "block" / "matplotlib"
    blocker.mkdir(parents=True)
    (blocker / "__init__.py").write_text("raise ImportError('blocked by the test')\n")
    sitecustom = tmp_path / "block" / "sitecustomize.py"
    sitecustom.write_text(
        "import importlib.util, sys\n"
        "_find = importlib.util.find_spec\n"
        "importlib.util.find_spec = lambda n, *a: None if n == 'matplotlib' else _find(n, *a)\n"
    )
    done = run_cli(
        "simulate",
        "--hands",
        "1000000000000",
        "--plot",
        str(tmp_path / "x.png"),
        PYTHONPATH=os.pathsep.join([str(tmp_path / "block"), *sys.path]),
    )
    assert done.returncode == 2, done.stderr
    assert "--plot: needs matplotlib" in done.stderr and done.stderr.count("\n") == 1
    assert "Traceback" not in done.stderr and not (tmp_path / "x.png").exists()


def test_plot_without_a_suffix_reports_the_file_written(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    done = run_cli("simulate", "--hands", "2000", "--plot", str(tmp_path / "noext"))
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "noext.png").exists()
    assert f"plot written to {tmp_path / 'noext.png'}" in done.stderr


def test_the_progress_bar_shows_long_times_in_hours_and_days() -> None:
    from hearts_fast.cli import _duration

    assert _duration(42.04) == "42.0s"
    assert _duration(725) == "12m05s"
    assert _duration(3 * 3600 + 20 * 60) == "3h20m"
    assert _duration(894197.6) == "10d08h"


def test_a_huge_seed_is_reported_as_typed(capsys: pytest.CaptureFixture[str]) -> None:
    seed = "99999999999999999999999"
    assert main(["simulate", "--hands", "10", "--seed", seed, "--no-progress"]) == 2
    assert seed in capsys.readouterr().err


def test_spades_games_with_random_bidders_need_a_hand_limit(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Random Spades bidders never finish a game: refused with a hint, accepted with a hand
    limit (and then every game stops there)."""
    assert main(["simulate", "--game", "spades", "--games", "4", "--no-progress"]) == 2
    assert "--hand-limit" in capsys.readouterr().err
    argv = ["simulate", "--game", "spades", "--games", "4", "--hand-limit", "20"]
    assert main([*argv, "--no-progress"]) == 0
    assert "games that reached the end rule: 0.0000%" in capsys.readouterr().out


def test_threads_default_is_every_core_and_one_is_one(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--hands", "1000", "--threads", "1", "--no-progress"]) == 0
    assert "1 thread(s)" in capsys.readouterr().out


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    import hearts_fast

    with pytest.raises(SystemExit) as e:
        main(["--version"])
    assert e.value.code == 0
    assert capsys.readouterr().out.strip() == f"hearts-fast {hearts_fast.__version__}"


def test_json_and_csv_hold_the_simulated_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    """--format json / csv: the same numbers as the batch, with the settings and the rules
    changed from the preset (A-20, A-21)."""
    import csv
    import io
    import json

    argv = ["simulate", "--hands", "5000", "--seed", "3", "--threads", "1", "--no-progress"]
    assert main([*argv, "--rule", "players=5", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["settings"]["rules_changed"] == {"players": 5}
    assert data["settings"]["hands"] == 5000
    res = hf.simulate_hearts(hf.HeartsRules(players=5), hands=5000, seed=3, stream=True)
    seats = data["tables"]["seats"]
    assert [r["seat"] for r in seats] == [0, 1, 2, 3, 4]
    for s, row in enumerate(seats):
        assert row["mean points"] == pytest.approx(float(res["mean_points"][s]))
        assert row["points se"] == pytest.approx(float(np.sqrt(res["var_points"][s] / 5000)))
        assert row["moons"] == pytest.approx(float(res["moons"][s]) / 5000)
    assert "A-20" in data["columns"]["seats"]["mean points"]
    assert main([*argv, "--format", "csv"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "# seats"
    table = list(csv.DictReader(io.StringIO("\n".join(lines[1:6]))))
    res = hf.simulate_hearts(hf.HeartsRules(), hands=5000, seed=3, stream=True)
    assert float(table[2]["mean hand score"]) == pytest.approx(float(res["mean_hand_scores"][2]))


def test_the_table_explains_its_columns_and_the_changed_rules(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["simulate", "--game", "spades", "--hands", "2000", "--no-progress"]
    assert main([*argv, "--rule", "nil=false"]) == 0
    out = capsys.readouterr().out
    assert "rules changed from the preset: nil=False" in out
    assert "  contract made: the share of hands it made its contract" in out
    assert main([*argv]) == 0
    assert "rules changed from the preset: none" in capsys.readouterr().out


@pytest.mark.parametrize("command", [[], ["simulate"], ["arena"], ["solve"], ["play"]])
def test_help_is_plain_text_and_every_option_explained(
    command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """--help of every command: no reStructuredText or doubled percent signs, and every
    option has a line of help."""
    with pytest.raises(SystemExit) as e:
        main([*command, "--help"])
    assert e.value.code == 0
    out = capsys.readouterr().out
    assert "``" not in out and "%%" not in out
    lines = out.splitlines()
    start = next(i for i, ln in enumerate(lines) if ln.startswith("options:"))
    for i, ln in enumerate(lines[start + 1 :], start + 1):
        opt = ln.strip()
        if opt.startswith("--") and "  " not in opt and opt not in ("--progress, --no-progress",):
            # an option on a line of its own: its help follows on the next line
            nxt = lines[i + 1] if i + 1 < len(lines) else ""
            assert nxt.startswith(" " * 10) and nxt.strip(), f"{opt} has no help"


def _spades_endgame() -> hf.SpadesState:
    """A Spades hand with four tricks left, the player to move holding several legal plays."""
    s = hf.SpadesState(hf.SpadesRules(), seed=5)
    while s.phase == "bid":
        s.bid(s.legal_bids()[3])
    while len(s.plays) < 37:
        s.play(s.legal_plays()[-1])
    assert len(s.legal_plays()) > 1
    return s


@pytest.mark.parametrize("objective", [None, "score"])
def test_solve_json_and_csv_hold_the_solution(
    objective: str | None, tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    """solve --format json / csv: every legal play with its value and whether it is best,
    the value and the nodes, as hearts_fast.solve gives them for the same state."""
    import csv
    import io
    import json

    state = _spades_endgame()
    path = tmp_path / "hand.txt"
    path.write_text(state.to_text(), encoding="utf-8")
    sol = hf.solve(state, seat=1, objective=objective)
    argv = ["solve", str(path), "--seat", "1", *(["--objective", objective] if objective else [])]
    assert main([*argv, "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    settings = data["settings"]
    assert settings["game"] == "spades" and settings["objective"] == (objective or "tricks")
    assert settings["seat"] == 1 and settings["to_play"] == state.current_player
    assert settings["seconds"] >= 0
    rows = data["tables"]["moves"]
    assert [(r["play"], r["card"], r["value"], r["best"]) for r in rows] == [
        (hf.card_name(c), c, v, c in sol.best) for c, v in sol.moves.items()
    ]
    assert data["summary"] == {
        "value": sol.value,
        "best": " ".join(hf.card_name(c) for c in sol.best),
        "nodes": sol.nodes,
    }
    assert set(data["columns"]["moves"]) == {"play", "card", "value", "best"}
    assert main([*argv, "--format", "csv"]) == 0
    out = capsys.readouterr().out
    moves, summary = out.split("\n\n")
    lines = moves.splitlines()
    assert lines[0] == "# moves"
    table = list(csv.DictReader(io.StringIO("\n".join(lines[1:]))))
    assert [(r["play"], int(r["card"]), int(r["value"]), r["best"]) for r in table] == [
        (hf.card_name(c), c, v, str(c in sol.best)) for c, v in sol.moves.items()
    ]
    assert summary.splitlines()[:2] == ["# summary", "name,value"]
    assert dict(csv.reader(summary.splitlines()[2:])) == {
        "value": str(sol.value),
        "best": " ".join(hf.card_name(c) for c in sol.best),
        "nodes": str(sol.nodes),
    }
    assert main([*argv, "--format", "table"]) == 0
    assert f"value: {sol.value}" in capsys.readouterr().out
    with pytest.raises(SystemExit) as e:
        main([*argv, "--format", "xml"])
    assert e.value.code == 2


@pytest.mark.parametrize("game", ["hearts", "spades", "rummy"])
@pytest.mark.parametrize("what", [["--hands", "300"], ["--games", "3", "--hand-limit", "40"]])
def test_json_seats_are_numbers_and_the_header_names_the_game(
    game: str, what: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["simulate", "--game", game, *what, "--no-progress", "--threads", "1"]
    assert main([*args, "--format", "json"]) == 0
    tables = json.loads(capsys.readouterr().out)["tables"]
    seats = [row["seat"] for rows in tables.values() for row in rows if "seat" in row]
    assert seats or game == "spades"
    assert all(isinstance(s, int) for s in seats), seats
    assert main(args) == 0
    label = {"hearts": "Hearts", "spades": "Spades", "rummy": "rummy"}[game]
    assert capsys.readouterr().out.startswith(f"hearts-fast simulate: {label}, preset ")


def test_dir_shows_the_public_names_only() -> None:
    names = dir(hf)
    assert {"simulate_hearts", "HeartsState", "errors", "__version__"} <= set(names)
    assert not {"annotations", "Sequence", "TYPE_CHECKING", "warnings", "Union"} & set(names)


def test_the_preset_help_says_default_is_dame_de_pic(capsys: pytest.CaptureFixture[str]) -> None:
    """The two names of the Hearts default rules are explained where they are listed."""
    assert hf.HeartsRules.preset("default") == hf.HeartsRules.preset("dame_de_pic")
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert "default and dame_de_pic are the same rules" in help_text


@pytest.mark.parametrize(
    ("extra", "package"), [("plot", "matplotlib"), ("play", "textual"), ("ray", "ray")]
)
def test_install_hints_name_the_extras_own_packages(extra: str, package: str) -> None:
    """A hint works for a package installed from a wheel file or a checkout: it names the
    extra's requirements from pyproject.toml, not ``hearts-fast[extra]`` (not on an index)."""
    from hearts_fast._extras import install_hint

    hint = install_hint(extra, "fallback")
    assert hint.startswith("pip install ") and "hearts-fast[" not in hint
    assert package in hint and "fallback" not in hint


@pytest.mark.parametrize(
    ("rule", "says"),
    [
        ("players=five", "--rule players=five: five is not a whole number (3..7)"),
        ("players=9", "--rule players=9: players must be 3..7, got 9"),
        ("target=-5", "--rule target=-5: target must be 1..1000000"),
        ("nonsense=1", '--rule nonsense=1: unknown HeartsRules parameter "nonsense"'),
    ],
)
def test_a_refused_rule_is_reported_in_the_command_lines_terms(
    rule: str, says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A1-A21 values refused by HeartsRules name the --rule typed, without Rust's ``..=`` or
    Python's type names."""
    assert main(["simulate", "--hands", "5", "--rule", rule, "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"hearts-fast: {says}"), err
    assert "..=" not in err and " str" not in err and "an int" not in err


def test_a_bad_search_bot_setting_in_arena_names_the_settings(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The arena's --policy settings are checked in the command line's terms: no
    ``Policy.__new__()`` in the message."""
    assert main(["arena", "--policy", "pimc:bogus=1", "--deals", "5"]) == 2
    err = capsys.readouterr().err
    assert "'bogus' is not a setting" in err and "worlds, evaluator" in err
    assert "__new__" not in err
