"""The duplicate arena (docs/arena.md): each deal's scores are the hands stepped with
``Policy`` under the documented seatings and random streams; every policy holds every hand;
the statistics are the documented ones; the same for any thread count; clear errors. Scores
are hand scores: Hearts A-20/A-21 (``hand_scores()``), Spades B-21 (the team's)."""

from __future__ import annotations

import math

import numpy as np
import pytest

import hearts_fast as hf
from hearts_fast.cli import main


def stepped_scores(rules, names, seed, deal, players, team):
    """Deal ``deal`` stepped once per rotation with Policy(seating, seed, index=deal*8+r):
    per policy, the mean over the rotations and its seats of the seat's (team's) score."""
    p = len(names)
    total, count = [0.0] * p, [0] * p
    for r in range(p):
        seating = [(s + r) % p for s in range(players)]
        cls = hf.HeartsState if isinstance(rules, hf.HeartsRules) else hf.SpadesState
        s = cls.from_batch(rules, seed, deal)
        hf.Policy([names[k] for k in seating], seed=seed, index=deal * 8 + r).play_out(s)
        scores = s.hand_scores()
        for seat, k in enumerate(seating):
            total[k] += scores[seat % 2] if team else scores[seat]
            count[k] += 1
    return [t / c for t, c in zip(total, count)]


@pytest.mark.parametrize("players", [3, 4, 6])
def test_hearts_arena_scores_are_the_hands_stepped(players):
    rules = hf.HeartsRules(players=players)
    names = ["heuristic", "random", "pimc"][: min(3, players)]
    res = hf.arena(rules, {n: n for n in names}, deals=6, seed=7)
    for d in range(6):
        want = stepped_scores(rules, names, 7, d, players, team=False)
        assert res["scores"][d].tolist() == pytest.approx(want, abs=1e-12)


def test_spades_arena_scores_are_the_team_scores_stepped():
    rules = hf.SpadesRules()
    names = ["heuristic", "pimc"]
    res = hf.arena(rules, {n: hf.Policy(n) for n in names}, deals=4, seed=2)
    for d in range(4):
        want = stepped_scores(rules, names, 2, d, 4, team=True)
        assert res["scores"][d].tolist() == pytest.approx(want, abs=1e-12)
    assert res["higher_is_better"] and res["game"] == "spades"


def test_statistics_and_determinism():
    rules = hf.HeartsRules()
    pols = {"h": "heuristic", "r": "random"}
    a = hf.arena(rules, pols, deals=300, seed=3, threads=1)
    b = hf.arena(rules, pols, deals=300, seed=3, threads=2)
    assert np.array_equal(a["scores"], b["scores"])
    x = a["scores"]
    assert np.allclose(a["mean"], x.mean(axis=0))
    assert np.allclose(a["se"], x.std(axis=0, ddof=1) / math.sqrt(300))
    assert np.allclose(a["ci95"][:, 0], a["mean"] - 1.959963984540054 * a["se"])
    d = x[:, 1] - x[:, 0]
    assert a["diff_mean"][1] == pytest.approx(d.mean())
    assert a["diff_se"][1] == pytest.approx(d.std(ddof=1) / math.sqrt(300))
    assert a["diff_mean"][0] == 0 and a["diff_se"][0] == 0
    # Two heuristic seats share 26 points with two random ones (A-20, no moon variant
    # changes the total under dame_de_pic's default): the heuristic takes fewer.
    assert a["diff_ci95"][1][0] > 0
    assert a["names"] == ["h", "r"] and a["deals"] == 300
    text = hf.format_arena(a)
    assert "lower is better" in text and "vs h" in text


def test_bad_arguments_are_clear_errors():
    rules = hf.HeartsRules()
    with pytest.raises(hf.ArgumentTypeError, match="dict"):
        hf.arena(rules, ["heuristic"])
    with pytest.raises(hf.InvalidArgumentError, match="not both"):
        hf.arena(rules, {"h": "heuristic"}, games=10, deals=10)
    with pytest.raises(hf.InvalidArgumentError, match="games must be"):
        hf.arena(rules, {"h": "heuristic"}, games=0)
    with pytest.raises(hf.InvalidArgumentError, match="hand_limit"):
        hf.arena(rules, {"h": "heuristic"}, games=2, hand_limit=0)
    with pytest.raises(hf.ArgumentTypeError, match="HeartsRules or SpadesRules"):
        hf.arena(hf.RummyRules(), {"h": "heuristic"})
    with pytest.raises(hf.InvalidArgumentError, match="at most one policy a seat"):
        hf.arena(rules, {str(i): "random" for i in range(5)})
    with pytest.raises(hf.InvalidArgumentError, match="one policy per team"):
        hf.arena(hf.SpadesRules(), {"a": "random", "b": "random", "c": "heuristic"})
    with pytest.raises(hf.InvalidArgumentError, match="not one per seat"):
        hf.arena(rules, {"mix": hf.Policy(["random", "heuristic", "random", "random"])})
    with pytest.raises(hf.InvalidArgumentError, match="unknown policy"):
        hf.arena(rules, {"x": "minimax"})
    with pytest.raises(hf.InvalidArgumentError, match="not a Hearts policy"):
        hf.arena(rules, {"x": "greedy"})
    with pytest.raises(hf.InvalidArgumentError, match="deals must be"):
        hf.arena(rules, {"h": "heuristic"}, deals=0)
    with pytest.raises(hf.ArgumentTypeError):
        hf.arena(rules, {"h": 3})
    with pytest.raises(hf.InvalidArgumentError, match="at least one"):
        hf.arena(rules, {})
    with pytest.raises(hf.ArgumentTypeError, match="deals must be an int, got bool"):
        hf.arena(rules, {"h": "heuristic"}, deals=True)
    with pytest.raises(hf.InvalidArgumentError, match=r"games must be 1..=4294967296"):
        hf.arena(rules, {"h": "heuristic"}, games=np.int64(2**32 + 1))


def test_numpy_integer_counts_are_accepted():
    rules = hf.HeartsRules()
    a = hf.arena(rules, {"h": "heuristic", "r": "random"}, deals=np.int64(12), seed=3)
    b = hf.arena(rules, {"h": "heuristic", "r": "random"}, deals=12, seed=3)
    assert a.keys() == b.keys()
    for k in a:
        np.testing.assert_equal(a[k], b[k])


def test_the_arena_command(capsys):
    assert main(["arena", "--deals", "40", "--policy", "heuristic", "--policy", "random"]) == 0
    out = capsys.readouterr().out
    assert "heuristic" in out and "95% interval" in out and "40 deals" in out
    assert main(["arena", "--policy", "pimc:wrlds=3"]) == 2
    assert "wrlds" in capsys.readouterr().err
    with pytest.raises(SystemExit) as e:  # a usage error: argparse exits 2
        main(["arena", "--game", "spades", "--deals", "0"])
    assert e.value.code == 2


def test_whole_games_give_win_rates():
    """games=: each game played once per rotation (A-22..A-25, B-22); a seat among k
    winners has 1/k; the shares of a game add up; deterministic equal policies share."""
    rules = hf.HeartsRules(target=26)
    res = hf.arena(rules, {"h": "heuristic", "r": "random"}, games=60, seed=2, threads=2)
    again = hf.arena(rules, {"h": "heuristic", "r": "random"}, games=60, seed=2, threads=1)
    assert np.array_equal(res["scores"], again["scores"])
    assert res["mode"] == "games" and res["higher_is_better"]
    # Two seats each: a policy's per-game score is the mean of its 4 seat-games (2 seats,
    # 2 rotations), and each rotation's shares sum to 1 over the 4 seats: the two scores of
    # a game sum to 2 / 4.
    assert np.allclose(res["scores"].sum(axis=1), 0.5)
    assert res["mean"][0] > res["mean"][1]
    # The heuristic draws nothing: both rotations of a game play alike, so two heuristic
    # policies share every game equally.
    same = hf.arena(rules, {"a": "heuristic", "b": "heuristic"}, games=40, seed=3)
    assert np.allclose(same["scores"][:, 0], same["scores"][:, 1])
    sp = hf.arena(hf.SpadesRules(win_score=100), {"h": "heuristic", "r": "random"}, games=20)
    assert np.allclose(sp["scores"].sum(axis=1), 1.0)
    assert "win rate" in hf.format_arena(res)


def test_format_arena_refuses_what_arena_did_not_return():
    with pytest.raises(hf.ArgumentTypeError, match=r"what hearts_fast\.arena returns"):
        hf.format_arena(None)
    with pytest.raises(hf.ArgumentTypeError):
        hf.format_arena({"names": ["a"]})


def test_the_arena_command_writes_json_with_the_arena_numbers(capsys):
    import json

    argv = ["arena", "--deals", "30", "--seed", "4", "--threads", "1", "--format", "json"]
    assert main([*argv, "--rule", "players=5"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["settings"]["rules_changed"] == {"players": 5}
    res = hf.arena(
        hf.HeartsRules(players=5), {"heuristic": "heuristic", "random": "random"}, deals=30, seed=4
    )
    rows = data["tables"]["policies"]
    assert [r["policy"] for r in rows] == ["heuristic", "random"]
    for i, r in enumerate(rows):
        assert r["mean"] == pytest.approx(float(res["mean"][i]))
        assert r["vs first se"] == pytest.approx(float(res["diff_se"][i]))
