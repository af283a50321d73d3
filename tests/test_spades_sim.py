"""simulate_spades: the Spades batch (docs/rules/spades.md) — determinism across threads and splits,
equality with stepping SpadesState under the same policies, streaming aggregates, whole
games, bad input and Ctrl-C."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import hearts_fast as hf
from tests.helpers import (
    HAND_LIMIT_BAD_ARGUMENTS,
    SIMULATE_BAD_ARGUMENTS,
    assert_batch_refusals,
    assert_interrupt_stops,
)

RULESETS = [
    hf.SpadesRules(),
    hf.SpadesRules.preset("openspiel"),
    hf.SpadesRules(jokers=True, spades_broken=True, first_lead="lowest_club", bemo=True),
    hf.SpadesRules(mirror=True, nil_tricks="count_for_partner", boston="bonus"),
    hf.SpadesRules(fourteen_partnership=True, ten_for_two_hundred=True, bags_limit=3),
    hf.SpadesRules(suicide=True, set_penalty="zero", bags=False),
    hf.SpadesRules(blind_nil=True, blind_nil_value=200, team_bid_cap=True),
]
HAND_KEYS = ["bids", "nil", "blind", "bemo", "tricks", "hand_scores", "hand_bags"]
DECKS = np.stack([np.random.default_rng(5).permutation(52) for _ in range(300)]).astype(np.uint8)


def dealt_hands(order: list[int], dealer: int) -> list[list[int]]:
    """B-4: card k of a deck order goes to seat (dealer + 1 + k) % 4, in dealt order."""
    return [[order[k] for k in range(52) if (dealer + 1 + k) % 4 == s] for s in range(4)]


def jokers_decks(n: int, seed: int) -> Any:
    """Deck orders of the B.3 #5 deck: no 2C (0) or 2D (13), plus the jokers 52 and 53."""
    deck = [c for c in range(54) if c not in (0, 13)]
    rng = np.random.default_rng(seed)
    return np.stack([rng.permutation(deck) for _ in range(n)]).astype(np.int64)


@pytest.mark.parametrize("rules", [RULESETS[0], RULESETS[2]], ids=repr)
@pytest.mark.parametrize("policy", ["random", "heuristic"])
def test_B4_caller_deals_replay_and_duplicate_play(rules: hf.SpadesRules, policy: str) -> None:
    """deals= (docs/protocol.md): row i is a deck order dealt one card at a time from the
    dealer's left (dealer i % 4, B-4); every row equals stepping SpadesState.from_deal with
    Policy(policy, seed, index=i), for any thread count, and the same deals replay under
    other policies (duplicate play)."""
    decks = jokers_decks(40, 1) if rules.jokers else DECKS[:40]
    out = hf.simulate_spades(rules, deals=decks, seed=7, policy=policy, threads=2)
    one = hf.simulate_spades(rules, deals=decks, hands=40, seed=7, policy=policy, threads=1)
    for k in HAND_KEYS:
        np.testing.assert_array_equal(out[k], one[k])
    for i in range(0, 40, 7):
        s = hf.SpadesState.from_deal(
            rules, dealt_hands(decks[i].tolist(), i % 4), dealer=i % 4, hand_index=i
        )
        hf.Policy(policy, seed=7, index=i).play_out(s)
        assert s.tricks_taken == out["tricks"][i].tolist()
        assert s.hand_scores() == out["hand_scores"][i].tolist()
        assert [b.value for b in s.bids if b is not None] == out["bids"][i].tolist()
    other = hf.simulate_spades(rules, deals=decks, seed=7, policy="random", threads=1)
    assert (other["tricks"].sum(axis=1) == 13).all()


def test_B4_caller_deals_stream_equals_the_arrays() -> None:
    rules = hf.SpadesRules()
    full = hf.simulate_spades(rules, deals=DECKS, seed=2)
    st = hf.simulate_spades(rules, deals=DECKS, seed=2, stream=True)
    assert st["hands"] == len(DECKS)
    np.testing.assert_allclose(st["mean_tricks"], full["tricks"].mean(axis=0))
    np.testing.assert_allclose(st["mean_hand_scores"], full["hand_scores"].mean(axis=0))


def test_B3_5_caller_deals_must_be_the_rules_deck() -> None:
    with pytest.raises(hf.InvalidDealError, match="not in the deck"):
        hf.simulate_spades(hf.SpadesRules(jokers=True), deals=DECKS[:2])
    with pytest.raises(hf.InvalidDealError, match="not in the deck"):
        hf.simulate_spades(hf.SpadesRules(), deals=jokers_decks(2, 3))


@pytest.mark.parametrize("rules", RULESETS, ids=repr)
@pytest.mark.parametrize("policy", ["random", "heuristic", ["random", "heuristic"] * 2])
def test_B17_B21_batch_equals_stepping(rules: hf.SpadesRules, policy: Any) -> None:
    """Every batch row is what stepping SpadesState.from_batch with Policy makes."""
    out = hf.simulate_spades(rules, hands=11, seed=3, policy=policy, threads=1)
    for i in range(11):
        s = hf.SpadesState.from_batch(rules, 3, i)
        assert s.dealer == i % 4 and s.hand_index == i
        hf.Policy(policy, seed=3, index=i).play_out(s)
        assert s.phase == "over"
        bids = s.bids
        assert [b[0] for b in bids] == out["bids"][i].tolist()  # type: ignore[index]
        assert [b[1] for b in bids] == out["nil"][i].tolist()  # type: ignore[index]
        assert [b[2] for b in bids] == out["blind"][i].tolist()  # type: ignore[index]
        bemo = [{None: 0, "little": 1, "big": 2}[b[3]] for b in bids]  # type: ignore[index]
        assert bemo == out["bemo"][i].tolist()
        assert s.tricks_taken == out["tricks"][i].tolist()
        assert s.hand_scores() == out["hand_scores"][i].tolist()
        assert s.hand_bags() == out["hand_bags"][i].tolist()


def assert_row_is_stepped(out: Any, row: int, s: hf.SpadesState) -> None:
    """Row ``row`` of a hands batch is the finished hand ``s``, every column."""
    bids = s.bids
    assert [b[0] for b in bids] == out["bids"][row].tolist()  # type: ignore[index]
    assert [b[1] for b in bids] == out["nil"][row].tolist()  # type: ignore[index]
    assert [b[2] for b in bids] == out["blind"][row].tolist()  # type: ignore[index]
    bemo = [{None: 0, "little": 1, "big": 2}[b[3]] for b in bids]  # type: ignore[index]
    assert bemo == out["bemo"][row].tolist()
    assert s.tricks_taken == out["tricks"][row].tolist()
    assert s.hand_scores() == out["hand_scores"][row].tolist()
    assert s.hand_bags() == out["hand_bags"][row].tolist()


KERNEL_TABLES: list[Any] = [
    "heuristic",
    ["heuristic", "random", "heuristic", "heuristic"],
    ["random", "random", "heuristic", "random"],
]


@pytest.mark.parametrize("rules", RULESETS, ids=repr)
@pytest.mark.parametrize("policy", KERNEL_TABLES, ids=str)
@pytest.mark.parametrize("seed", [0, 11, 2**63 + 5])
def test_kernel_hands_equal_stepping_for_many_seeds(
    rules: hf.SpadesRules, policy: Any, seed: int
) -> None:
    """Heuristic and mixed tables run on the hand kernel: every row, from any start, is
    ``from_batch`` stepped with ``Policy``."""
    start = (seed * 7919) % 2**40
    out = hf.simulate_spades(rules, hands=24, seed=seed, policy=policy, threads=2, start=start)
    for i in range(24):
        s = hf.SpadesState.from_batch(rules, seed, start + i)
        hf.Policy(policy, seed=seed, index=start + i).play_out(s)
        assert_row_is_stepped(out, i, s)


@pytest.mark.parametrize("rules", RULESETS, ids=repr)
@pytest.mark.parametrize("policy", KERNEL_TABLES, ids=str)
def test_kernel_caller_deals_equal_stepping(rules: hf.SpadesRules, policy: Any) -> None:
    """deals= on the hand kernel: row k is ``from_deal`` (dealer ``(start + k) % 4``)
    stepped with ``Policy(policy, seed, index=start + k)``."""
    decks = jokers_decks(30, 4) if rules.jokers else DECKS[100:130]
    start = 5
    out = hf.simulate_spades(rules, deals=decks, seed=3, policy=policy, threads=2, start=start)
    for k in range(30):
        i = start + k
        s = hf.SpadesState.from_deal(
            rules, dealt_hands(decks[k].tolist(), i % 4), dealer=i % 4, hand_index=i
        )
        hf.Policy(policy, seed=3, index=i).play_out(s)
        assert_row_is_stepped(out, k, s)


@pytest.mark.parametrize("rules", RULESETS, ids=repr)
@pytest.mark.parametrize("policy", KERNEL_TABLES, ids=str)
def test_kernel_games_do_not_depend_on_threads_or_splits(
    rules: hf.SpadesRules, policy: Any
) -> None:
    """Games on the hand kernel (each equal to a stepped SpadesGame: Rust tests
    kernel_games_equal_stepped_games): the same arrays for any thread count and split."""
    one = hf.simulate_spades(rules, games=40, seed=6, policy=policy, threads=1, hand_limit=60)
    two = hf.simulate_spades(rules, games=40, seed=6, policy=policy, threads=2, hand_limit=60)
    parts = [
        hf.simulate_spades(rules, games=n, seed=6, policy=policy, threads=2, hand_limit=60, start=a)
        for a, n in [(0, 13), (13, 1), (14, 26)]
    ]
    for k in ("totals", "winners", "hands_played", "finished"):
        np.testing.assert_array_equal(one[k], two[k])
        np.testing.assert_array_equal(one[k], np.concatenate([p[k] for p in parts]))
    assert (one["hands_played"] <= 60).all()


@pytest.mark.parametrize("rules", RULESETS[:3], ids=repr)
def test_threads_and_splits_give_identical_arrays(rules: hf.SpadesRules) -> None:
    a = hf.simulate_spades(rules, hands=20_003, seed=9, threads=1)
    b = hf.simulate_spades(rules, hands=20_003, seed=9, threads=2)
    c = hf.simulate_spades(rules, hands=20_003, seed=9, threads=2, policy="random")
    for k in HAND_KEYS:
        assert a[k].dtype == b[k].dtype
        np.testing.assert_array_equal(a[k], b[k])
        np.testing.assert_array_equal(a[k], c[k])
    d = hf.simulate_spades(rules, hands=20_003, seed=10, threads=1)
    assert not np.array_equal(a["tricks"], d["tricks"])


def test_B14_hand_invariants() -> None:
    out = hf.simulate_spades(hf.SpadesRules(jokers=True), hands=5000, seed=1, threads=1)
    assert (out["tricks"].sum(axis=1) == 13).all()
    assert out["bids"].min() >= 0 and out["bids"].max() <= 13
    assert ((out["bids"] == 0) == out["nil"]).all()  # B-7 with nil=True
    assert not out["blind"].any()  # blind_nil off


def test_stream_matches_hand_arrays() -> None:
    r = hf.SpadesRules.preset("openspiel")
    out = hf.simulate_spades(r, hands=30_000, seed=4, threads=2)
    st = hf.simulate_spades(r, hands=30_000, seed=4, threads=1, stream=True)
    assert st["hands"] == 30_000
    np.testing.assert_allclose(st["mean_hand_scores"], out["hand_scores"].mean(axis=0))
    np.testing.assert_allclose(st["var_hand_scores"], out["hand_scores"].var(axis=0))
    np.testing.assert_allclose(st["mean_tricks"], out["tricks"].mean(axis=0))
    np.testing.assert_allclose(st["mean_bids"], out["bids"].mean(axis=0))
    assert st["nil_bids"].tolist() == out["nil"].sum(axis=0).tolist()
    made = (out["nil"] & (out["tricks"] == 0)).sum(axis=0)
    assert st["nils_made"].tolist() == made.tolist()
    hist = np.stack([np.bincount(out["tricks"][:, k], minlength=14) for k in range(4)])
    np.testing.assert_array_equal(st["tricks_hist"], hist)


def test_B22_games() -> None:
    r = hf.SpadesRules(win_score=200)
    g = hf.simulate_spades(r, games=300, seed=2, policy="heuristic", threads=2)
    g1 = hf.simulate_spades(r, games=300, seed=2, policy="heuristic", threads=1)
    for k in ("totals", "winners", "hands_played", "finished"):
        np.testing.assert_array_equal(g[k], g1[k])
    assert g["finished"].all()
    t = g["totals"]
    assert (t.max(axis=1) >= 200).all()
    w = g["winners"]
    assert (w.sum(axis=1) == 1).all()  # tie="play_on": one winner
    assert (t[w[:, 0], 0] > t[w[:, 0], 1]).all()
    assert (t[w[:, 1], 1] > t[w[:, 1], 0]).all()
    # Random bids rarely reach 500: such games stop at hand_limit, reported unfinished.
    h = hf.simulate_spades(hf.SpadesRules(), games=4, seed=2, hand_limit=30)
    assert (h["hands_played"] <= 30).all()
    assert (~h["finished"] | h["winners"].any(axis=1)).all()


def test_game_batch_matches_a_stepped_game_result() -> None:
    """max_hands=1 games are single hands: totals are the hand scores of a game dealt the
    same way by SpadesGame (not the batch deal), so only the shape of the result is shared."""
    r = hf.SpadesRules(max_hands=1)
    g = hf.simulate_spades(r, games=50, seed=5)
    assert (g["hands_played"] == 1).all() and g["finished"].all()
    tied = g["totals"][:, 0] == g["totals"][:, 1]
    assert (g["winners"][tied].all(axis=1)).all()  # 0.7: a hard stop shares a tie


def test_keyboard_interrupt_stops_a_long_spades_simulation() -> None:
    assert_interrupt_stops(hf.simulate_spades, hf.SpadesRules())


def test_progress_callback() -> None:
    seen: list[tuple[int, int]] = []
    hf.simulate_spades(
        hf.SpadesRules(),
        hands=600_000,
        threads=1,
        stream=True,
        progress=lambda d, t: seen.append((d, t)),
    )
    assert seen[-1] == (600_000, 600_000)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


@pytest.mark.parametrize(
    ("kwargs", "exc", "match"),
    [
        *SIMULATE_BAD_ARGUMENTS,
        *HAND_LIMIT_BAD_ARGUMENTS,
        ({"games": 3, "stream": True}, hf.InvalidArgumentError, "stream"),
        ({"hands": 5, "policy": "greedy"}, hf.InvalidArgumentError, "Spades policies"),
        ({"deals": np.zeros((3, 51), np.uint8)}, hf.InvalidDealError, r"shape \(N, 52\)"),
        ({"deals": np.zeros((3, 52), np.uint8)}, hf.InvalidDealError, "more than once"),
        ({"deals": np.full((1, 52), 54, np.int64)}, hf.InvalidDealError, "0..53"),
        ({"deals": np.zeros((3, 52), np.float64)}, hf.ArgumentTypeError, "integer"),
        ({"deals": [["x"] * 52]}, hf.ArgumentTypeError, "integer"),
        ({"hands": 4, "deals": DECKS[:3]}, hf.InvalidArgumentError, "rows"),
        ({"games": 4, "deals": DECKS[:3]}, hf.InvalidArgumentError, "hands="),
    ],
)
def test_bad_arguments(kwargs: dict[str, Any], exc: type[Exception], match: str) -> None:
    with pytest.raises(exc, match=match):
        hf.simulate_spades(hf.SpadesRules(), **kwargs)


def test_bad_rules_argument() -> None:
    assert_batch_refusals(hf.simulate_spades, hf.SpadesState, hf.SpadesRules(), hf.HeartsRules())


def test_zero_hands() -> None:
    out = hf.simulate_spades(hf.SpadesRules(), hands=0)
    assert out["tricks"].shape == (0, 4) and out["hand_scores"].shape == (0, 2)


def test_streamed_variance_does_not_wrap_for_large_scores() -> None:
    """Streamed sums of squares are kept in the engine without overflow: with ±1e6 nil values
    and a bag penalty of 1e6 per bag (B-18, B-20), 3,000,000 hands' Σ score² is far beyond
    64 bits. The streamed variance equals numpy's on the same hands (issue 10's repro)."""
    rules = hf.SpadesRules(bags_limit=1, bags_penalty=10**6, nil_value=10**6)
    n = 3_000_000
    streamed = hf.simulate_spades(rules, hands=n, seed=4, threads=2, stream=True)
    scores = hf.simulate_spades(rules, hands=n, seed=4, threads=2)["hand_scores"]
    expected = scores.astype(np.float64).var(axis=0)
    assert expected.min() > 1e12
    np.testing.assert_allclose(streamed["var_hand_scores"], expected, rtol=1e-9)
    np.testing.assert_allclose(streamed["mean_hand_scores"], scores.mean(axis=0), rtol=1e-9)
