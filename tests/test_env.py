"""The RL environments (docs/environments.md): the compact tensors decode back to the
observation they encode (field by field, written here from the documented layout), the
vector environment's observations equal the single-position ones and hide nothing, its
stepping equals stepping the engine's states with the same actions, rewards add up to the
hand scores (A-21; B-15..B-18), it is deterministic, and bad actions change nothing.
"""

from __future__ import annotations

import random
from typing import Any, Optional

import numpy as np
import pytest
from hypothesis import given, note
from hypothesis import strategies as st

import hearts_fast as hf
from hearts_fast.env import HeartsVectorEnv, SpadesVectorEnv, observation_fields
from hearts_fast.errors import ArgumentTypeError, IllegalMoveError, InvalidArgumentError
from tests.helpers import examples
from tests.strategies import rule_params, spades_rule_params

DIRECTIONS = ["left", "right", "across", "hold"]
PHASES = {"hearts": ["pass", "play", "over"], "spades": ["bid", "play", "over"]}
HEARTS, QUEEN = set(range(26, 39)), 49


def ones(v: np.ndarray) -> set[int]:
    return {int(i) for i in np.flatnonzero(v)}


def one(v: np.ndarray) -> Optional[int]:
    """The index of a one-hot field (None when all zero)."""
    idx = np.flatnonzero(v)
    assert len(idx) <= 1 and set(np.unique(v)) <= {0.0, 1.0}
    return int(idx[0]) if len(idx) else None


def split(t: np.ndarray, rules: Any, kind: str) -> dict[str, np.ndarray]:
    f = observation_fields(rules, kind)
    assert list(f.values())[-1].stop == len(t)
    return {name: t[s] for name, s in f.items()}


def decode_hearts(t: np.ndarray, info: hf.HeartsInfoState, kind: str) -> None:
    """Every field of a compact Hearts tensor against the observation it encodes."""
    n, me = info.num_players, info.seat
    f = split(t, info.rules, kind)
    ab = [(me + r) % n for r in range(n)]  # relative -> absolute seat
    rel = {s: r for r, s in enumerate(ab)}
    assert ones(f["hand"]) == set(info.hand)
    assert ones(f["selected"]) == set()
    assert ones(f["passed"]) == set(info.passed)
    assert ones(f["received"]) == set(info.received)
    played = f["played"].reshape(n, 52)
    for r in range(n):
        assert ones(played[r]) == {c for s, c in info.plays if s == ab[r]}
    trick = f["trick"].reshape(n, 52)
    for r in range(n):
        assert ones(trick[r]) == {c for s, c in info.trick if s == ab[r]}
    assert one(f["leader"]) == (rel[info.trick[0][0]] if info.trick else None)
    assert list(f["points"]) == [info.points[s] for s in ab]
    assert list(f["tricks_taken"]) == [info.trick_winners.count(s) for s in ab]
    # showed_out: a seat played off the led suit of a trick.
    winners = len(info.trick_winners)
    done = len(info.plays) - len(info.trick)
    first = done - n * (winners - 1) if winners else 0
    starts = ([0] + [first + n * k for k in range(winners)]) if winners else [0]
    showed = np.zeros((n, 4))
    for i, (s, c) in enumerate(info.plays):
        lead = info.plays[max(x for x in starts if x <= i)][1]
        if c // 13 != lead // 13:
            showed[rel[s], lead // 13] = 1
    assert (f["showed_out"].reshape(n, 4) == showed).all()
    assert one(f["direction"]) == DIRECTIONS.index(info.pass_direction)
    assert f["pass_count"][0] == info.pass_count
    assert one(f["passed_to"]) == (None if info.passed_to is None else rel[info.passed_to])
    assert one(f["received_from"]) == (
        None if info.received_from is None else rel[info.received_from]
    )
    assert ones(f["decided"]) == {rel[s] for s in info.decided}
    assert ones(f["forwarded"]) == {rel[s] for s in info.forwarded}
    assert one(f["phase"]) == PHASES["hearts"].index(info.phase)
    cp = info.current_player
    assert one(f["to_move"]) == (None if cp is None else rel[cp])
    assert one(f["dealer"]) == rel[info.dealer]
    breakers = HEARTS | ({QUEEN} if info.rules.queen_breaks_hearts else set())
    broken = any(c in breakers for _, c in info.plays[:done])
    assert f["hearts_broken"][0] == broken
    assert f["tricks_done"][0] == winners
    totals = list(info.totals or []) or [0] * n
    assert list(f["totals"]) == [totals[s] for s in ab]
    if kind == "info_state":
        h = f["history"].reshape(52, 52 + n)
        for i in range(52):
            if i < len(info.plays):
                s, c = info.plays[i]
                assert one(h[i, :52]) == c and one(h[i, 52:]) == rel[s]
            else:
                assert not h[i].any()


def decode_spades(t: np.ndarray, info: hf.SpadesInfoState, kind: str) -> None:
    """Every field of a compact Spades tensor against the observation it encodes."""
    me = info.seat
    f = split(t, info.rules, kind)
    ab = [(me + r) % 4 for r in range(4)]
    rel = {s: r for r, s in enumerate(ab)}
    assert ones(f["hand"]) == set(info.hand)
    played = f["played"].reshape(4, 54)
    trick = f["trick"].reshape(4, 54)
    for r in range(4):
        assert ones(played[r]) == {c for s, c in info.plays if s == ab[r]}
        assert ones(trick[r]) == {c for s, c in info.trick if s == ab[r]}
    assert one(f["leader"]) == (rel[info.trick[0][0]] if info.trick else None)
    assert list(f["tricks_taken"]) == [info.tricks_taken[s] for s in ab]
    showed = np.zeros((4, 4))
    for i, (s, c) in enumerate(info.plays):
        lead = info.plays[i - i % 4][1]
        if min(c // 13, 3) != min(lead // 13, 3):  # jokers are spades (B.3 #5)
            showed[rel[s], min(lead // 13, 3)] = 1
    assert (f["showed_out"].reshape(4, 4) == showed).all()
    bids = f["bids"].reshape(4, 19)
    for r in range(4):
        b = info.bids[ab[r]]
        if b is None:
            assert not bids[r].any()
        else:
            assert bids[r][0] == 1 and one(bids[r][1:15]) == b.value
            assert bids[r][15] == b.nil and bids[r][16] == b.blind
            assert bids[r][17] == (b.bemo == "little") and bids[r][18] == (b.bemo == "big")
    face = f["face_up"].reshape(4, 54)
    for r in range(4):
        assert ones(face[r]) == set(info.face_up[ab[r]])
    assert ones(f["claimed"]) == {rel[s] for s in info.redeal_claims}
    assert one(f["phase"]) == PHASES["spades"].index(info.phase)
    cp = info.current_player
    assert one(f["to_move"]) == (None if cp is None else rel[cp])
    assert one(f["dealer"]) == rel[info.dealer]
    us = me % 2
    assert list(f["totals"]) == [info.totals[us], info.totals[1 - us]]
    assert list(f["bags"]) == [info.bags[us], info.bags[1 - us]]
    if kind == "info_state":
        h = f["history"].reshape(52, 58)
        for i in range(52):
            if i < len(info.plays):
                s, c = info.plays[i]
                assert one(h[i, :54]) == c and one(h[i, 54:]) == rel[s]
            else:
                assert not h[i].any()


def random_action(mask: np.ndarray, rng: random.Random) -> int:
    return rng.choice([int(a) for a in np.flatnonzero(mask)])


def check_env_position(env: Any, decode: Any) -> None:
    """Every seat's observation in environment 0: the environment's own equals the single
    position's (the observation of the engine's state), which decodes back to it."""
    state = env.state(0)
    selected = env._env.selected(0)
    for seat in range(state.num_players):
        info = state.observation(seat)
        for kind in ("observation", "info_state"):
            single = info.tensor(kind=kind)
            mine = env.observe(0, seat, kind=kind).copy()
            if selected and seat == state.current_player:
                # The environment passes one card at a time: the chosen cards move from
                # `hand` to `selected`.
                f = observation_fields(env.rules, kind)
                assert ones(mine[f["selected"]]) == set(selected)
                mine[f["hand"]][selected] = 1
                mine[f["selected"]] = 0
            assert np.array_equal(mine, single), (seat, kind)
            decode(single, info, kind)


@examples(0.1)
@given(params=rule_params(), seed=st.integers(0, 2**32), steps=st.integers(0, 80))
def test_hearts_tensors_decode_to_the_observation(params, seed, steps):
    """A-8..A-16, A-20: every Hearts rule set, every seat, both kinds, mid-pass too."""
    rules = hf.HeartsRules(**params)
    env = HeartsVectorEnv(1, rules, seats=list(range(rules.players)), seed=seed)
    _, info = env.reset()
    rng = random.Random(seed)
    for _ in range(steps):
        if not info["action_mask"][0].any():
            break
        _, _, term, _, info = env.step([random_action(info["action_mask"][0], rng)])
        if term[0]:
            break
    note(env.state(0).to_text())
    check_env_position(env, decode_hearts)


@examples(0.1)
@given(params=spades_rule_params(), seed=st.integers(0, 2**32), steps=st.integers(0, 60))
def test_spades_tensors_decode_to_the_observation(params, seed, steps):
    """B-6..B-14, B.3: every Spades rule set, every seat, both kinds."""
    rules = hf.SpadesRules(**params)
    env = SpadesVectorEnv(1, rules, seats=[0, 1, 2, 3], seed=seed, autoreset=False)
    _, info = env.reset()
    rng = random.Random(seed)
    for _ in range(steps):
        if not info["action_mask"][0].any():
            break
        _, _, term, _, info = env.step([random_action(info["action_mask"][0], rng)])
        if term[0]:
            break
    note(env.state(0).to_text())
    check_env_position(env, decode_spades)


def test_equal_observations_give_equal_tensors():
    """Nothing hidden leaks: states that differ only in cards the seat cannot see (the
    worlds of its observation) give the same tensors."""
    for game, cls in (("hearts", hf.HeartsState), ("spades", hf.SpadesState)):
        rules = hf.HeartsRules() if game == "hearts" else hf.SpadesRules()
        env = (HeartsVectorEnv if game == "hearts" else SpadesVectorEnv)(
            1, rules, seats=[0, 1, 2, 3], seed=3, autoreset=False
        )
        _, info = env.reset()
        rng = random.Random(3)
        for _ in range(25):
            _, _, _, _, info = env.step([random_action(info["action_mask"][0], rng)])
        state = env.state(0)
        assert isinstance(state, cls)
        for seat in range(4):
            obs = state.observation(seat)
            for world in obs.sample(20, seed=seat):
                for kind in ("observation", "info_state"):
                    assert np.array_equal(
                        world.observation(seat).tensor(kind=kind), obs.tensor(kind=kind)
                    )


def replay_hearts(state: hf.HeartsState, action: int, chosen: list[int]) -> None:
    """An environment action on a state: one card of a pass (passed once complete),
    FORWARD, or a play."""
    if state.phase == "pass":
        seat = state.current_player
        if action == 52:
            state.forward(seat)
            return
        chosen.append(action)
        if len(chosen) == state.pass_count:
            state.pass_cards(seat, list(chosen))
            chosen.clear()
    else:
        state.play(action)


SPADES_BEMO = {70: "little", 84: "big"}


def replay_spades(state: hf.SpadesState, action: int) -> None:
    if action < 54:
        state.play(action)
    elif action < 68:
        state.bid(action - 54)
    elif action == 68:
        state.bid(0, blind=True)
    elif action < 84:
        state.bid(action - 70, bemo="little")
    else:
        state.bid(action - 84, bemo="big")


@examples(0.1)
@given(params=rule_params(), seed=st.integers(0, 2**32), reward=st.sampled_from(["hand", "trick"]))
def test_hearts_stepping_equals_the_state_and_rewards_add_up(params, seed, reward):
    """A-8..A-21: the environment's hand is the state stepped with the same actions; each
    seat's rewards add up to minus its hand score."""
    rules = hf.HeartsRules(**params)
    n = rules.players
    env = HeartsVectorEnv(1, rules, seats=list(range(n)), seed=seed, reward=reward)
    _, info = env.reset()
    state = env.state(0)
    rng = random.Random(seed)
    chosen: list[int] = []
    total = np.zeros(n)
    while True:
        a = random_action(info["action_mask"][0], rng)
        assert info["seat"][0] == state.current_player
        assert np.array_equal(info["action_mask"][0], mask_with(state, chosen))
        before = env.state(0)
        replay_hearts(state, a, chosen)
        _, r, term, trunc, info = env.step([a])
        total += info["seat_rewards"][0]
        if term[0]:
            assert not trunc[0]
            assert before.phase == "play"
            assert state.is_over
            np.testing.assert_allclose(total, [-x for x in state.hand_scores()])
            # Every seat is the learner's: its reward is the mean over them.
            assert r[0] == pytest.approx(info["seat_rewards"][0].mean())
            break
        assert env.state(0) == state


def mask_with(state: hf.HeartsState, chosen: list[int]) -> np.ndarray:
    m = state.legal_mask().copy()
    m[chosen] = False
    if chosen:
        m[52] = False
    return m


@examples(0.1)
@given(
    params=spades_rule_params(),
    seed=st.integers(0, 2**32),
    reward=st.sampled_from(["hand", "trick"]),
)
def test_spades_stepping_equals_the_state_and_rewards_add_up(params, seed, reward):
    """B-6..B-18, B.3: the environment's hand is the state stepped with the same actions
    (a redeal claim aside, whose deal comes from the environment's stream); each seat's
    rewards add up to its team's hand score."""
    rules = hf.SpadesRules(**params)
    env = SpadesVectorEnv(1, rules, seats=[0, 1, 2, 3], seed=seed, reward=reward)
    _, info = env.reset()
    state = env.state(0)
    rng = random.Random(seed)
    total = np.zeros(4)
    while True:
        mask = info["action_mask"][0]
        assert np.array_equal(mask, state.legal_mask())
        a = random_action(mask, rng)
        if a == 69:
            _, _, _, _, info = env.step([a])
            state = env.state(0)
            continue
        replay_spades(state, a)
        _, _, term, _, info = env.step([a])
        total += info["seat_rewards"][0]
        if term[0]:
            scores = state.hand_scores()
            np.testing.assert_allclose(total, [scores[s % 2] for s in range(4)])
            break
        assert env.state(0).to_text() == state.to_text()


def test_the_learner_reward_is_its_seats_and_opponents_move_by_policy():
    """The learner at seat 1 against heuristic opponents: it only ever sees seat 1, its
    reward is seat 1's (A-21), and the finished hand replays from its text form."""
    for seed in range(6):
        env = HeartsVectorEnv(1, seats=1, opponents="heuristic", seed=seed, autoreset=False)
        _, info = env.reset()
        rng = random.Random(seed)
        total = 0.0
        while True:
            assert info["seat"][0] == 1
            _, r, term, _, info = env.step([random_action(info["action_mask"][0], rng)])
            total += float(r[0])
            if term[0]:
                break
        s = env.state(0)
        assert s.is_over
        assert total == -s.hand_scores()[1]
        assert hf.HeartsState.from_text(s.to_text()) == s
        with pytest.raises(InvalidArgumentError, match="reset"):
            env.step([0])
        # Only the finished environment is reset, with Gymnasium's reset_mask.
        env.reset(options={"reset_mask": np.array([True])})
        assert not env.state(0).is_over


def test_same_seed_same_trajectory_and_any_num_envs():
    """Deterministic: the same seed and actions give the same observations and rewards;
    environment i's episodes do not depend on how many environments there are."""

    def run(num_envs: int, seed: int) -> list[tuple[np.ndarray, float, bool]]:
        env = HeartsVectorEnv(num_envs, seed=seed, reward="trick", opponents="heuristic")
        obs, info = env.reset()
        out = [(obs[0].copy(), 0.0, False)]
        for _ in range(60):
            acts = [int(np.flatnonzero(m)[0]) for m in info["action_mask"]]
            obs, r, term, _, info = env.step(acts)
            out.append((obs[0].copy(), float(r[0]), bool(term[0])))
        return out

    def same(x: list[Any], y: list[Any]) -> bool:
        return len(x) == len(y) and all(
            np.array_equal(a[0], b[0]) and a[1:] == b[1:] for a, b in zip(x, y)
        )

    a, b, c = run(4, 7), run(4, 7), run(1, 7)
    assert same(a, b) and same(a, c)
    assert not same(run(1, 8), c)


def test_autoreset_returns_the_final_observation_and_a_new_episode():
    env = HeartsVectorEnv(2, seed=4)
    _, info = env.reset()
    rng = random.Random(4)
    for _ in range(200):
        acts = [random_action(m, rng) for m in info["action_mask"]]
        obs, _, term, _, info = env.step(acts)
        if term.any():
            i = int(np.flatnonzero(term)[0])
            assert info["_final_obs"][i]
            f = env.fields
            final = info["final_obs"][i]
            assert one(final[f["phase"]]) == 2  # over
            assert one(obs[i][f["phase"]]) in (0, 1)  # a new hand
            assert final[f["points"]].sum() >= 0
            return
    pytest.fail("no hand ended in 200 steps")


def test_games_end_and_hand_limits_truncate():
    """Whole games: rewards per hand, the game's totals in the observation; a game cut at
    `max_hands` is truncated, not terminated."""
    env = HeartsVectorEnv(1, episode="game", seed=2, autoreset=False)
    _, info = env.reset()
    rng = random.Random(2)
    total = 0.0
    while True:
        _, r, term, trunc, info = env.step([random_action(info["action_mask"][0], rng)])
        total += float(r[0])
        if term[0] or trunc[0]:
            break
    assert term[0] and not trunc[0]
    assert total <= 0  # minus the seat's hand scores, which are never negative here
    g = hf.SpadesRules()
    env2 = SpadesVectorEnv(1, g, episode="game", max_hands=2, seed=1, autoreset=False)
    _, info = env2.reset()
    while True:
        _, _, term, trunc, info = env2.step([random_action(info["action_mask"][0], rng)])
        if term[0] or trunc[0]:
            break
    assert trunc[0] and not term[0]
    f = env2.fields
    # Cut after its second hand, the game is at its third hand, dealt and unplayed.
    last = env2.state(0)
    assert last.hand_index == 2 and last.phase == "bid" and not last.plays
    assert list(env2.observe(0, 0)[f["totals"]]) == list(last.totals)
    assert any(last.totals)


def test_bad_actions_are_refused_and_change_nothing():
    env = HeartsVectorEnv(3, seed=5, copy=True)
    obs, info = env.reset()
    before = [env.state(i).to_text() for i in range(3)]
    legal = [int(np.flatnonzero(m)[0]) for m in info["action_mask"]]
    illegal = int(np.flatnonzero(~info["action_mask"][1])[0])
    bad: list[tuple[Any, type]] = [
        ([legal[0], illegal, legal[2]], IllegalMoveError),
        ([legal[0], 60, legal[2]], InvalidArgumentError),
        ([legal[0], -1, legal[2]], InvalidArgumentError),
        (legal[:2], InvalidArgumentError),
        (np.array(legal, dtype=np.float32), ArgumentTypeError),
        (np.array([legal]), InvalidArgumentError),
        ("abc", ArgumentTypeError),
        (None, ArgumentTypeError),
    ]
    for actions, err in bad:
        with pytest.raises(err):
            env.step(actions)
        assert [env.state(i).to_text() for i in range(3)] == before
        assert np.array_equal(env._env.obs, obs)
    with pytest.raises(IllegalMoveError) as e:
        env.step([legal[0], illegal, legal[2]])
    assert sorted(e.value.legal) == [int(a) for a in np.flatnonzero(info["action_mask"][1])]
    env.step(np.array(legal, dtype=np.uint8))  # any integer dtype


def test_bad_arguments_are_clear_errors():
    cases: list[tuple[dict[str, Any], type]] = [
        ({"num_envs": 0}, InvalidArgumentError),
        ({"num_envs": 1.5}, ArgumentTypeError),
        ({"seats": 4}, InvalidArgumentError),
        ({"seats": [0, 0]}, InvalidArgumentError),
        ({"seats": []}, InvalidArgumentError),
        ({"opponents": "greedy"}, InvalidArgumentError),
        ({"opponents": 3}, ArgumentTypeError),
        ({"opponents": ["random"] * 3}, InvalidArgumentError),
        ({"reward": "game"}, InvalidArgumentError),
        ({"episode": "match"}, InvalidArgumentError),
        ({"max_hands": 5}, InvalidArgumentError),
        ({"episode": "game", "max_hands": 0}, InvalidArgumentError),
        ({"kind": "full"}, InvalidArgumentError),
        ({"layout": "tiny"}, InvalidArgumentError),
        ({"layout": "openspiel"}, InvalidArgumentError),
        ({"rules": hf.SpadesRules()}, ArgumentTypeError),
        ({"seed": -1}, InvalidArgumentError),
        ({"copy": "yes"}, ArgumentTypeError),
    ]
    for kwargs, err in cases:
        kwargs = dict(kwargs)
        num = kwargs.pop("num_envs", 2)
        with pytest.raises(err):
            HeartsVectorEnv(num, **kwargs)
    env = HeartsVectorEnv(2)
    with pytest.raises(InvalidArgumentError, match="reset"):
        env.step([0, 0])
    env.reset()
    for args, err in (
        ((2, 0), InvalidArgumentError),
        ((0, 4), InvalidArgumentError),
        ((0, "a"), ArgumentTypeError),
    ):
        with pytest.raises(err):
            env.observe(*args)
    s = hf.HeartsState(hf.HeartsRules(), seed=1)
    with pytest.raises(InvalidArgumentError, match="kind"):
        s.observation(0).tensor(kind="x")
    with pytest.raises(InvalidArgumentError, match="info_state"):
        s.observation(0).tensor(kind="observation", layout="openspiel")


def test_legal_mask_of_states():
    """`state.legal_mask()` in the action spaces: Hearts cards and FORWARD (A-11), Spades
    cards, bids, blind nil, claims and bemos (B.3)."""
    s = hf.HeartsState(hf.HeartsRules(), seed=2)
    m = s.legal_mask()
    assert m.dtype == np.bool_ and m.shape == (53,)
    assert ones(m) == set(s.hands[0]) | {52}
    strict = hf.HeartsState(hf.HeartsRules(pass_through=False), seed=2)
    assert not strict.legal_mask()[52]
    sp = hf.SpadesState(hf.SpadesRules(), seed=2)
    m = sp.legal_mask()
    assert m.shape == (98,)
    assert ones(m) == {54 + v for v in sp.legal_bids()} | ({68} if sp.can_bid_blind() else set())


def test_the_documented_layouts_are_the_layouts():
    """docs/environments.md's tables give every field, in order, at its offset."""
    import pathlib
    import re

    doc = (pathlib.Path(__file__).parent.parent / "docs" / "environments.md").read_text()
    for title, rules in (
        ("### Hearts, compact", hf.HeartsRules()),
        ("### Spades, compact", hf.SpadesRules()),
    ):
        section = doc.split(title, 1)[1].split("\n### ", 1)[0].split("\n## ", 1)[0]
        rows = re.findall(r"^\| `(\w+)` \|[^|]*\| (\d+) \|", section, re.M)
        fields = observation_fields(rules, "info_state")
        assert [name for name, _ in rows] == list(fields)
        assert [int(off) for _, off in rows] == [s.start for s in fields.values()]
