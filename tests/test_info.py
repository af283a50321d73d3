"""What a seat knows and the worlds that agree with it (docs/information.md): the fast
engine's ``state.observation(seat)``, ``count_worlds``, ``sample`` and ``sample_deals``
against the reference's independent oracle ``hearts_fast.reference.info`` (its own
observation, and every consistent world by brute-force enumeration with the reference's
own legality: a world is consistent when the hand's public plays and bids replay legally
from it).

By rule id (docs/rules/hearts.md, docs/rules/spades.md): following suit (A-13, B-10) shows
voids; A-14 (a heart led unbroken shows a hand of hearts, or hearts and Q♠ with
``can_lead_hearts_instead_of_qs``); A-15 (a penalty card on trick 1 shows no other card
could be played); the first lead under ``two_of_clubs`` / ``lowest_club`` (A-12, V-A1,
B-11) shows who holds the lowest club; passes (A-8..A-11, forwarding included) pin the
seat's own pass to its receiver; ``face_up_first_four`` (B.3 #2) shows cards; ``mirror``
(B.3 #4) makes a bid the number of spades dealt; ``renege="penalize"`` (B-27) lets any held
card be played, so plays show nothing; jokers are spades (B.3 #5).
"""

from __future__ import annotations

import math
import pickle
import random
from collections import Counter
from typing import Any, Union

import numpy as np
import pytest
from hypothesis import assume, given, note
from hypothesis import strategies as st

import hearts_fast as hf
import hearts_fast.reference as ref
from hearts_fast.reference import info as rinfo
from tests.helpers import examples, norm_bid
from tests.strategies import rule_params, spades_rule_params

State = Union[hf.HeartsState, hf.SpadesState]

#: Worlds the oracle may enumerate in one example (each a replay of the hand).
ENUMERATE = 400


def endgame(game: str, params: dict[str, Any], seed: int, tricks: int, mid: bool) -> Any:
    """A reference position of ``game`` (random passes or bids, random play) with at most
    ``tricks`` tricks left, a trick under way when ``mid``."""
    rules = ref.HeartsRules(**params) if game == "hearts" else ref.SpadesRules(**params)
    return rinfo.random_endgame(rules, seed, tricks, mid_trick=mid)


def fast(rs: Any) -> State:
    """The fast engine's state of a reference state, through the text form."""
    cls = hf.HeartsState if isinstance(rs, ref.HeartsState) else hf.SpadesState
    return cls.from_text(rs.to_text())


def world_of(row: np.ndarray, players: int) -> tuple[frozenset[int], ...]:
    """A row of ``sample_deals(...).hands`` as the oracle's world: one card set per seat."""
    return tuple(frozenset(int(c) for c in np.flatnonzero(row == s)) for s in range(players))


def assert_same_observation(f: Any, o: Any, played: set[int]) -> None:
    """The fast observation ``f`` and the reference's ``o``, field by field."""
    assert f.seat == o.seat and f.num_players == o.num_players
    assert (f.dealer, f.hand_index, f.phase) == (o.dealer, o.hand_index, o.phase)
    assert f.current_player == o.current_player
    assert f.hand == list(o.hand)
    assert f.hand_sizes == list(o.hand_sizes)
    assert f.plays == [tuple(p) for p in o.plays]
    assert f.trick == [tuple(p) for p in o.trick]
    assert f.trick_winners == list(o.trick_winners)
    assert f.lacks == [list(x) for x in o.forbidden], "the cards each seat showed it lacks"
    assert f.voids == [list(x) for x in o.voids]
    if isinstance(f, hf.HeartsInfoState):
        assert f.points == list(o.taken)
        assert (f.passed, f.received) == (list(o.passed), list(o.received))
        assert (f.passed_to, f.received_from) == (o.passed_to, o.received_from)
        assert f.forwarded == sorted(o.forwarded)
    else:
        assert f.tricks_taken == list(o.taken)
        assert [norm_bid(b) for b in f.bids] == [norm_bid(b) for b in o.bids]
        assert [sorted(set(x) - played) for x in f.face_up] == [list(x) for x in o.face_up]
        assert (f.totals, f.bags) == (list(o.totals), list(o.bags))


def check_position(rs: Any, seat: int) -> None:
    """Observation and worlds of ``seat`` in the reference position ``rs``, both engines."""
    fs = fast(rs)
    f, o = fs.observation(seat), rinfo.observe(rs, seat)
    note(rs.to_text())
    assert_same_observation(f, o, {c for _, c in f.plays})
    # The text form and pickling give the same observation back.
    assert type(f).from_text(f.to_text()) == f
    assert pickle.loads(pickle.dumps(f)) == f and hash(pickle.loads(pickle.dumps(f))) == hash(f)
    count = f.count_worlds()
    real = tuple(frozenset(h) for h in fs.hands)
    if count <= ENUMERATE:
        worlds = set(rinfo.consistent_worlds(rs, seat))
        assert count == len(worlds), "the exact count is the number of consistent worlds"
        assert real in worlds
        deals = hf.sample_deals(f, 4 * count, seed=count)
        drawn = {world_of(row, f.num_players) for row in deals.hands}
        assert drawn <= worlds, "every sampled world is consistent"
    else:
        # Too many to enumerate: each sampled world passes the oracle's own check.
        deals = hf.sample_deals(f, 5, seed=1)
        for row in deals.hands:
            assert rinfo.is_consistent(rs, seat, world_of(row, f.num_players))
    # A sampled full state is observed the same: it differs only in what the seat cannot see.
    for w in f.sample(2, seed=3):
        assert w.observation(seat) == f


@examples(0.15)
@given(
    params=rule_params(),
    seed=st.integers(0, 2**32),
    tricks=st.integers(1, 3),
    mid=st.booleans(),
    seat=st.integers(0, 6),
)
def test_hearts_observation_and_worlds_agree_with_the_reference(params, seed, tricks, mid, seat):
    """A-8..A-16, A-12/V-A1: every Hearts rule set, passes and forwards, endgames of 1–3
    tricks."""
    assume(params.get("deck_adjust") != "deal_all" or tricks >= 1)
    rs = endgame("hearts", params, seed, tricks, mid)
    check_position(rs, seat % rs.num_players)


@examples(0.15)
@given(
    params=spades_rule_params(),
    seed=st.integers(0, 2**32),
    tricks=st.integers(1, 3),
    mid=st.booleans(),
    seat=st.integers(0, 3),
)
def test_spades_observation_and_worlds_agree_with_the_reference(params, seed, tricks, mid, seat):
    """B-10..B-16, B.3 #2 #4 #5, B-27: every Spades rule set, endgames of 1–3 tricks."""
    rs = endgame("spades", params, seed, tricks, mid)
    check_position(rs, seat)


@examples(0.05)
@given(params=rule_params(), seed=st.integers(0, 2**32), seat=st.integers(0, 6))
def test_hearts_mid_hand_samples_pass_the_oracle(params, seed, seat):
    """Mid-hand positions (6–10 tricks left), too large to enumerate: each sample is
    consistent by the oracle's replay (A-13..A-15, A-8..A-11)."""
    rs = endgame("hearts", params, seed, random.Random(seed).randint(6, 10), False)
    check_position(rs, seat % rs.num_players)


# --- exact uniformity -----------------------------------------------------------------------


def chi_square_p(counts: list[int], expected: float) -> float:
    """The p-value of Pearson's statistic for ``counts`` against a uniform ``expected`` per
    cell (Wilson–Hilferty's normal approximation of the chi-square tail)."""
    k = len(counts) - 1
    x = sum((c - expected) ** 2 / expected for c in counts)
    z = ((x / k) ** (1 / 3) - (1 - 2 / (9 * k))) / math.sqrt(2 / (9 * k))
    return 0.5 * math.erfc(z / math.sqrt(2))


def constrained_positions(game: str, want: int) -> list[tuple[Any, int, list[Any]]]:
    """Positions (fixed seeds: the test is deterministic) with 12..150 consistent worlds, in
    which some seat has shown it lacks something, so that a naive sampler is biased."""
    found = []
    for seed in range(2000):
        params: dict[str, Any] = {} if game == "hearts" else {"spades_broken": True}
        rs = endgame(game, params, seed, 3, seed % 2 == 1)
        if rs.phase != "play":
            continue
        seat = seed % rs.num_players
        o = rinfo.observe(rs, seat)
        if not any(o.forbidden[s] for s in range(rs.num_players) if s != seat):
            continue
        worlds = rinfo.consistent_worlds(rs, seat)
        if 12 <= len(worlds) <= 150:
            found.append((rs, seat, worlds))
            if len(found) == want:
                break
    return found


def naive_sample(f: Any, rng: random.Random) -> tuple[frozenset[int], ...]:
    """The sampler this package does not use: each unseen card, in order, to a random seat
    that may hold it and has room, starting again when stuck. Consistent, but not uniform."""
    while True:
        hands = [set(k) for k in f.known]
        ok = True
        for c in f.unseen:
            seats = [
                s
                for s in range(f.num_players)
                if len(hands[s]) < f.hand_sizes[s] and c not in f.lacks[s]
            ]
            if not seats:
                ok = False
                break
            hands[rng.choice(seats)].add(c)
        if ok:
            return tuple(frozenset(h) for h in hands)


@pytest.mark.parametrize("game", ["hearts", "spades"])
def test_samples_are_exactly_uniform_over_the_consistent_worlds(game):
    """Chi-square of 1,500 draws per world against the uniform distribution over the
    oracle's enumeration (p > 0.001 at each of three fixed positions); the same test
    rejects the naive card-by-card sampler on at least one of them, so it can fail."""
    positions = constrained_positions(game, 3)
    assert len(positions) == 3
    naive_rejected = False
    for rs, seat, worlds in positions:
        f = fast(rs).observation(seat)
        index = {w: i for i, w in enumerate(worlds)}
        n = 1500 * len(worlds)
        deals = hf.sample_deals(f, n, seed=7, threads=2)
        counts = Counter(index[world_of(row, f.num_players)] for row in deals.hands)
        p = chi_square_p([counts[i] for i in range(len(worlds))], n / len(worlds))
        assert p > 0.001, f"non-uniform: p = {p:.2e} over {len(worlds)} worlds\n{rs.to_text()}"
        rng = random.Random(1)
        naive = Counter(index[naive_sample(f, rng)] for _ in range(n // 10))
        q = chi_square_p([naive[i] for i in range(len(worlds))], n / 10 / len(worlds))
        naive_rejected |= q < 1e-6
    assert naive_rejected, "the naive sampler should be visibly biased on one position"


# --- determinism, weights, speed-independent shape ------------------------------------------


def some_info(game: str = "hearts", seed: int = 5) -> Any:
    rs = endgame(game, {}, seed, 7, True)
    return fast(rs).observation(1)


def test_sample_deals_is_the_same_for_any_thread_count_and_per_seed():
    f = some_info()
    one = hf.sample_deals(f, 10_000, seed=3, threads=1)
    two = hf.sample_deals(f, 10_000, seed=3, threads=2)
    assert np.array_equal(one.hands, two.hands) and np.array_equal(one.weights, two.weights)
    # Row i depends only on (seed, i): a shorter call is a prefix.
    assert np.array_equal(hf.sample_deals(f, 100, seed=3).hands, one.hands[:100])
    assert not np.array_equal(hf.sample_deals(f, 100, seed=4).hands, one.hands[:100])
    assert one.hands.shape == (10_000, 54) and one.hands.dtype == np.int8
    assert (one.weights == 1.0).all()
    # info.sample's states hold the same hands as sample_deals' rows.
    states = f.sample(3, seed=3)
    for s, row in zip(states, one.hands):
        assert [sorted(h) for h in s.hands] == [sorted(h) for h in world_of(row, 4)]


def test_weights_are_the_product_over_the_unseen_cards():
    f = some_info()
    w = np.ones((54, 4))
    unseen = f.unseen
    w[unseen[0], 2] = 3.0
    w[unseen[1], 0] = 0.0
    d = hf.sample_deals(f, 2000, seed=1, weights=w)
    for row, x in zip(d.hands, d.weights):
        expect = (3.0 if row[unseen[0]] == 2 else 1.0) * (0.0 if row[unseen[1]] == 0 else 1.0)
        assert x == expect
    # A 52-row array is accepted too; the worlds do not depend on the weights.
    d52 = hf.sample_deals(f, 2000, seed=1, weights=w[:52])
    assert np.array_equal(d52.hands, d.hands)


def test_two_states_differing_only_in_hidden_cards_observe_the_same():
    """Swap two hidden cards between two other seats (same suits, so the play stays legal)
    by replaying the public actions from another deal: the observation is unchanged; a
    change the seat can see (its own hand) changes it."""
    f = some_info("spades", 11)
    others = [w for w in f.sample(50, seed=2)]
    assert len({tuple(map(tuple, w.hands)) for w in others}) > 1
    assert all(w.observation(1) == f for w in others)
    assert others[0].observation(0) != f


def test_the_observation_is_hygienic():
    """Nothing of another seat's hand is in the text beyond what the rules show."""
    rs = endgame("hearts", {}, 3, 9, False)
    fs = fast(rs)
    f = fs.observation(0)
    text = f.to_text()
    hidden = set(fs.hands[1]) - set(f.known[1])
    for c in hidden:
        assert f" {hf.card_name(c)}" not in text.split("known")[1].split("\n")[0]


# --- bad input ------------------------------------------------------------------------------


def test_bad_arguments_are_clear_errors():
    f = some_info()
    s = hf.HeartsState.from_batch(hf.HeartsRules(), 1, 0)
    with pytest.raises(hf.InvalidArgumentError, match=r"seat must be a seat 0\.\.3"):
        s.observation(4)
    with pytest.raises(hf.ArgumentTypeError):
        s.observation("0")
    with pytest.raises(hf.ArgumentTypeError):
        s.observation(True)
    with pytest.raises(hf.InvalidArgumentError, match="n must be"):
        f.sample(-1)
    with pytest.raises(hf.ArgumentTypeError):
        f.sample(1.5)
    with pytest.raises(hf.ArgumentTypeError, match="info must be"):
        hf.sample_deals(s, 3)
    with pytest.raises(hf.InvalidArgumentError, match="shape"):
        hf.sample_deals(f, 3, weights=np.ones((54, 3)))
    with pytest.raises(hf.InvalidArgumentError, match=">= 0"):
        hf.sample_deals(f, 3, weights=-np.ones((54, 4)))
    with pytest.raises(hf.InvalidArgumentError, match="threads"):
        hf.sample_deals(f, 3, threads=0)
    assert hf.sample_deals(f, 0).hands.shape == (0, 54)


def test_an_impossible_or_altered_observation_is_refused():
    """A text whose fields do not agree (no deal shows the seat this) is an
    InvalidArgumentError that says so; the original still reads."""
    f = some_info()
    text = f.to_text()
    lines = text.splitlines()
    i = next(k for k, line in enumerate(lines) if line.startswith("lacks"))
    # Every other seat lacks every card: no seat can hold the unseen cards.
    names = ",".join(hf.card_name(c) for c in range(52))
    lines[i] = "lacks " + " ".join(["-"] + [names] * 3)
    with pytest.raises(hf.InvalidArgumentError, match=r"no seat may hold|no deal agrees"):
        type(f).from_text("\n".join(lines) + "\n")
    # A hand that is not the seat's.
    j = next(k for k, line in enumerate(lines) if line.startswith("sizes"))
    lines2 = text.splitlines()
    lines2[j] = "sizes 13,13,13,13"
    with pytest.raises(hf.InvalidArgumentError):
        type(f).from_text("\n".join(lines2) + "\n")
    with pytest.raises(hf.InvalidArgumentError, match="hearts-info"):
        hf.SpadesInfoState.from_text(text)
    assert type(f).from_text(text) == f


def test_a_games_observation_holds_the_scores_before_the_hand():
    """HeartsGame.observation: the current hand with the totals before it (A-22); the
    text form keeps them. SpadesGame.observation: totals and bags (B-22)."""
    g = hf.HeartsGame(hf.HeartsRules(), seed=4)
    bot = hf.Policy("heuristic")
    while g.hands_played < 2:
        while g.phase == "pass":
            seat = g.pending_passes()[0]
            g.pass_cards(seat, bot.choose(g.state)[2])
        g.play(bot.choose(g.state))
    f = g.observation(2)
    assert f.totals == g.totals and f.totals is not None
    assert type(f).from_text(f.to_text()) == f
    assert g.state.observation(2).totals is None
    assert f.hand == g.state.observation(2).hand
    sg = hf.SpadesGame(hf.SpadesRules(), seed=4)
    sf = sg.observation(1)
    assert sf.totals == sg.totals and sf.bags == sg.bags


def test_more_bad_input_is_refused_clearly():
    """Direct construction, a game's observation of no seat, a negative sample count."""
    with pytest.raises(hf.ArgumentTypeError, match="observation"):
        hf.HeartsInfoState()
    with pytest.raises(hf.ArgumentTypeError, match="observation"):
        hf.SpadesInfoState("x")
    with pytest.raises(hf.InvalidArgumentError, match="seat must be"):
        hf.HeartsGame(hf.HeartsRules(), seed=1).observation(9)
    with pytest.raises(hf.InvalidArgumentError, match="seat must be"):
        hf.SpadesGame(hf.SpadesRules(), seed=1).observation(-1)
    f = some_info()
    with pytest.raises(hf.InvalidArgumentError, match="n must be"):
        hf.sample_deals(f, -1)
    with pytest.raises(hf.ArgumentTypeError):
        hf.sample_deals(f, 3, weights="heavy")
    with pytest.raises(hf.ArgumentTypeError):
        type(f).from_text(3)
