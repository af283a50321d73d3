"""The Gymnasium and PettingZoo adapters of hearts_fast.env (extra ``rl``): the libraries' own
checkers, registration, seeding, rewards against the engine's hand scores (A-21 for Hearts;
B-17 … B-21 for Spades, paid per team), and illegal actions."""

from __future__ import annotations

import os
import subprocess
import sys
from typing import Any, Callable

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, parallel_api_test  # noqa: E402
from pettingzoo.utils.conversions import aec_to_parallel, turn_based_aec_to_parallel  # noqa: E402

import hearts_fast  # noqa: E402
from hearts_fast.env import HeartsVectorEnv, SpadesVectorEnv, hearts, spades  # noqa: E402
from hearts_fast.env.gym import HeartsEnv, SpadesEnv  # noqa: E402
from hearts_fast.errors import ArgumentTypeError, IllegalMoveError, InvalidArgumentError  # noqa: E402

GAMES = ["Hearts", "Spades"]
MODULES = {"Hearts": hearts, "Spades": spades}
SINGLE = {"Hearts": HeartsEnv, "Spades": SpadesEnv}

# Unbounded observations (game totals) are a Box(-inf, inf): Gymnasium's checker advises
# against it. PettingZoo's api_test exempts its own card games, by name, from its advice on
# dict observations.
INF_BOX = pytest.mark.filterwarnings("ignore:.*Box observation space m(in|ax)imum value is")
DICT_OBS = pytest.mark.filterwarnings(
    "ignore:Observation space for each agent probably should be",
    "ignore:Observation is not a NumPy array",
)


def expected_rewards(game: str, state: Any) -> np.ndarray:
    """Every seat's reward for a finished hand: minus its hand score in Hearts (A-21), its
    team's hand score in Spades (B-21; seats s and s + 2 are a team)."""
    scores = state.hand_scores()
    if game == "Hearts":
        return -np.asarray(scores, dtype=np.float64)
    return np.asarray([scores[s % 2] for s in range(4)], dtype=np.float64)


def legal(mask: np.ndarray, rng: np.random.Generator) -> int:
    return int(rng.choice(np.flatnonzero(mask)))


# --- Gymnasium -------------------------------------------------------------------------------

OPTIONS = [
    {},
    {"reward": "trick"},
    {"episode": "game", "max_hands": 2},
    {"opponents": "heuristic", "seat": 2},
    {"kind": "info_state", "reward": "trick"},
]


@INF_BOX
@pytest.mark.parametrize(
    "options", OPTIONS, ids=lambda o: ",".join(map(str, o.items())) or "default"
)
@pytest.mark.parametrize("game", GAMES)
def test_gymnasium_check_env(game: str, options: dict[str, Any]) -> None:
    # check_env steps with unmasked samples: illegal="random" replaces an illegal one.
    env = gymnasium.make(f"hearts_fast/{game}-v0", illegal="random", **options)
    check_env(env.unwrapped)
    env.close()


@pytest.mark.parametrize("game", GAMES)
def test_gymnasium_make_by_id(game: str) -> None:
    env = gymnasium.make(f"hearts_fast/{game}-v0", render_mode="ansi")
    assert isinstance(env.unwrapped, SINGLE[game])
    obs, _ = env.reset(seed=1)
    assert set(obs) == {"observation", "action_mask"}
    assert env.observation_space.contains(obs)
    assert game + "State" in env.render()
    vec = gymnasium.make_vec(f"hearts_fast/{game}-v0", num_envs=3)
    assert isinstance(vec, HeartsVectorEnv if game == "Hearts" else SpadesVectorEnv)
    assert vec.num_envs == 3


def test_make_with_module_prefix_and_lazy_imports() -> None:
    # A fresh interpreter: `import hearts_fast` loads neither library, and the module prefix
    # of the id imports hearts_fast.env, which registers the ids.
    code = (
        "import sys, hearts_fast\n"
        "assert 'gymnasium' not in sys.modules and 'pettingzoo' not in sys.modules\n"
        "import gymnasium\n"
        "env = gymnasium.make('hearts_fast.env:hearts_fast/Spades-v0')\n"
        "env.reset(seed=0)\n"
        "print(type(env.unwrapped).__name__)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=os.environ.copy()
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "SpadesEnv"


def test_env_module_works_without_the_libraries() -> None:
    code = (
        "import sys\n"
        "sys.modules['gymnasium'] = None\n"
        "sys.modules['pettingzoo'] = None\n"
        "import hearts_fast.env as e\n"
        "v = e.HeartsVectorEnv(2)\n"
        "obs, info = v.reset(seed=0)\n"
        "v.step(info['action_mask'].argmax(axis=1))\n"
        "print(obs.shape)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=os.environ.copy()
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "(2, 690)"


@pytest.mark.parametrize("game", GAMES)
def test_gymnasium_obs_info_and_masks(game: str) -> None:
    env = SINGLE[game](seat=1)
    obs, info = env.reset(seed=3)
    mask = env.action_masks()
    assert mask.dtype == np.bool_ and mask.any()
    assert obs["action_mask"].dtype == np.int8
    np.testing.assert_array_equal(obs["action_mask"].astype(bool), mask)
    np.testing.assert_array_equal(info["action_mask"], mask)
    assert info["seat"] == 1
    state = env.state()
    assert state.current_player == 1
    np.testing.assert_array_equal(obs["observation"], env.vector_env.observe(0, 1))
    # the engine's own mask of the position (a pass in Hearts is chosen a card at a time)
    if game == "Spades":
        np.testing.assert_array_equal(np.asarray(state.legal_mask(), dtype=bool), mask)


@pytest.mark.parametrize("options", [{}, {"reward": "trick"}, {"episode": "game", "max_hands": 2}])
@pytest.mark.parametrize("game", GAMES)
def test_gymnasium_rewards_are_hand_scores(game: str, options: dict[str, Any]) -> None:
    # A-21 / B-21: over a hand, the learner's rewards add up to its (team's) hand score, and
    # info["seat_rewards"] to every seat's.
    env = SINGLE[game](seat=3, **options)
    rng = np.random.default_rng(0)
    obs, info = env.reset(seed=11)
    total = 0.0
    seat_total = np.zeros(4)
    while True:
        obs, reward, terminated, truncated, info = env.step(legal(obs["action_mask"], rng))
        total += reward
        seat_total += info["seat_rewards"]
        if terminated or truncated:
            break
    if options.get("episode") != "game":
        assert terminated and not truncated
        expected = expected_rewards(game, env.state())
        np.testing.assert_allclose(seat_total, expected)
        assert total == pytest.approx(expected[3])
    else:
        assert truncated and not terminated  # cut after max_hands
        assert total == pytest.approx(seat_total[3])
    assert not env.action_masks().any()
    with pytest.raises(InvalidArgumentError, match="reset"):
        env.step(0)


@pytest.mark.parametrize("game", GAMES)
def test_gymnasium_seeding(game: str) -> None:
    def run(env: Any, seed: Any) -> list[Any]:
        rng = np.random.default_rng(5)
        obs, _ = env.reset(seed=seed)
        out = [obs["observation"]]
        for _ in range(30):
            obs, r, term, trunc, _ = env.step(legal(obs["action_mask"], rng))
            out += [obs["observation"], r]
            if term or trunc:
                obs, _ = env.reset()  # the next episode of the seed's stream
        return out

    a, b = SINGLE[game](episode="hand"), SINGLE[game]()
    for x, y in zip(run(a, 42), run(b, 42)):
        np.testing.assert_array_equal(x, y)
    # the stream goes on from the seed: the next episodes agree too
    np.testing.assert_array_equal(a.reset()[0]["observation"], b.reset()[0]["observation"])
    assert not np.array_equal(
        SINGLE[game]().reset(seed=1)[0]["observation"], b.reset(seed=2)[0]["observation"]
    )
    # no seed at all: fresh entropy (not the vector environment's fixed default seed)
    first = [SINGLE[game]().reset()[0]["observation"] for _ in range(2)]
    assert not np.array_equal(first[0], first[1])


@pytest.mark.parametrize("game", GAMES)
def test_gymnasium_illegal_action(game: str) -> None:
    env = SINGLE[game]()
    env.reset(seed=4)
    mask = env.action_masks()
    bad = int(np.flatnonzero(~mask)[0])
    before = env.state()
    with pytest.raises(IllegalMoveError) as err:
        env.step(bad)
    assert sorted(err.value.legal) == np.flatnonzero(mask).tolist()
    assert env.state() == before  # nothing changed
    np.testing.assert_array_equal(env.action_masks(), mask)
    with pytest.raises(InvalidArgumentError):
        env.step(mask.shape[0])  # out of range
    with pytest.raises(ArgumentTypeError):
        env.step(1.0)
    assert env.state() == before
    env.step(np.int32(np.flatnonzero(mask)[0]))  # numpy integers are actions


@pytest.mark.parametrize("game", GAMES)
def test_gymnasium_illegal_random(game: str) -> None:
    env = SINGLE[game](illegal="random")
    env.reset(seed=4)
    bad = int(np.flatnonzero(~env.action_masks())[0])
    _, _, _, _, info = env.step(bad)
    assert info["illegal_action"] == bad


def test_gymnasium_bad_options() -> None:
    with pytest.raises(InvalidArgumentError, match="illegal"):
        HeartsEnv(illegal="ignore")
    with pytest.raises(InvalidArgumentError, match="render_mode"):
        HeartsEnv(render_mode="rgb_array")
    with pytest.raises(ArgumentTypeError, match="seat"):
        HeartsEnv(seat=[0, 2])  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="seat"):
        HeartsEnv(seat=4)
    assert SpadesEnv(seat=np.int64(3)).seat == 3
    with pytest.raises(InvalidArgumentError, match="options"):
        HeartsEnv().reset(options={"x": 1})
    with pytest.raises(InvalidArgumentError, match="reset"):
        SpadesEnv().step(0)


# --- PettingZoo ------------------------------------------------------------------------------

PZ_OPTIONS = [{}, {"reward": "trick"}, {"episode": "game", "max_hands": 2}]


@DICT_OBS
@pytest.mark.parametrize("options", PZ_OPTIONS, ids=["hand", "trick", "game"])
@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_api_test(game: str, options: dict[str, Any]) -> None:
    api_test(MODULES[game].env(**options), num_cycles=400)


@pytest.mark.parametrize("options", PZ_OPTIONS, ids=["hand", "trick", "game"])
@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_parallel_api_test(game: str, options: dict[str, Any]) -> None:
    parallel_api_test(MODULES[game].parallel_env(**options), num_cycles=400)


@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_metadata_and_agents(game: str) -> None:
    name = game.lower() + "_v0"
    for e in (MODULES[game].env(), MODULES[game].parallel_env()):
        assert e.metadata["name"] == name
        assert e.metadata["is_parallelizable"] is False  # turns are not a fixed cycle
        assert e.possible_agents == ["player_0", "player_1", "player_2", "player_3"]
    with pytest.raises(AssertionError):
        aec_to_parallel(MODULES[game].env())
    five = hearts.env(hearts_fast.HeartsRules(players=5))
    assert five.possible_agents[-1] == "player_4"


def play_aec(env: Any, seed: int, rng: np.random.Generator) -> list[Any]:
    """One episode of random legal actions: per finished hand, every seat's rewards summed
    over the hand and the hand's final state (replayed on a copy of the state before the
    hand's last play, as with episode="game" the engine deals the next hand at once)."""
    env.reset(seed=seed)
    vec = env.unwrapped.vector_env
    agents = env.possible_agents
    hands = []
    pending = np.zeros(len(agents))
    for agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        seat = agents.index(agent)
        assert vec.state(0).current_player == seat
        for other in agents:  # only the agent to act has legal actions
            assert env.observe(other)["action_mask"].any() == (other == agent)
        action = legal(obs["action_mask"], rng)
        before = vec.state(0)
        env.step(action)
        pending += [env.rewards[a] for a in agents]
        done = env.terminations[agent] or env.truncations[agent]
        if done or vec.state(0).hand_index != before.hand_index:
            before.play(action)  # a hand ends on a play
            assert before.is_over
            if done and env.terminations[agent]:
                assert vec.state(0) == before
            hands.append((pending.copy(), before))
            pending[:] = 0
    return hands


@pytest.mark.parametrize("options", PZ_OPTIONS, ids=["hand", "trick", "game"])
@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_rewards_are_hand_scores(game: str, options: dict[str, Any]) -> None:
    # A-21 (Hearts: minus each seat's hand score), B-17 … B-21 (Spades: each team's hand
    # score, paid to both partners): per hand, trick by trick or at the end, and in games.
    rng = np.random.default_rng(1)
    for seed in (1, 2):
        hands = play_aec(MODULES[game].env(**options), seed, rng)
        assert len(hands) == (2 if "max_hands" in options else 1)
        for rewards, state in hands:
            np.testing.assert_allclose(rewards, expected_rewards(game, state))


@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_parallel_rewards_and_turns(game: str) -> None:
    env = MODULES[game].parallel_env(reward="trick")
    rng = np.random.default_rng(2)
    obs, infos = env.reset(seed=8)
    total = np.zeros(4)
    while env.agents:
        active = env.active_agent
        assert all(info["active_agent"] == active for info in infos.values())
        assert [a for a in obs if obs[a]["action_mask"].any()] == [active]
        seat = env.possible_agents.index(active)
        np.testing.assert_array_equal(obs["player_0"]["observation"], env.vector_env.observe(0, 0))
        assert env.vector_env.state(0).current_player == seat
        # the others' actions are ignored, whatever they are
        actions = {a: 0 for a in env.agents}
        actions[active] = legal(obs[active]["action_mask"], rng)
        obs, rewards, terms, truncs, infos = env.step(actions)
        total += [rewards[a] for a in env.possible_agents]
    assert all(terms.values()) and not any(truncs.values())
    np.testing.assert_allclose(total, expected_rewards(game, env.vector_env.state(0)))
    with pytest.raises(InvalidArgumentError, match="reset"):
        env.step({})


@pytest.mark.parametrize("game", GAMES)
def test_parallel_env_agrees_with_the_turn_based_conversion(game: str) -> None:
    # PettingZoo's own parallel view of the AEC environment steps the same episode.
    ours, theirs = MODULES[game].parallel_env(), turn_based_aec_to_parallel(MODULES[game].env())
    rng = np.random.default_rng(4)
    obs, infos = ours.reset(seed=21)
    obs2, _ = theirs.reset(seed=21)
    while ours.agents:
        active = infos["player_0"]["active_agent"]
        for a in ours.possible_agents:
            np.testing.assert_array_equal(obs[a]["observation"], obs2[a]["observation"])
            np.testing.assert_array_equal(obs[a]["action_mask"], obs2[a]["action_mask"])
        actions = {active: legal(obs[active]["action_mask"], rng)}
        obs, rewards, terms, truncs, infos = ours.step(actions)
        obs2, rewards2, terms2, truncs2, infos2 = theirs.step(actions)
        assert rewards == rewards2
        assert (terms, truncs) == (terms2, truncs2)
        assert all(infos2[a]["active_agent"] == ours.active_agent for a in ours.agents)
    assert not theirs.agents


@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_seeding(game: str) -> None:
    def run(make: Callable[[], Any]) -> list[Any]:
        env = make()
        rng = np.random.default_rng(9)
        obs, _ = env.reset(seed=77)
        out = []
        for _ in range(40):
            active = env.active_agent
            obs, rew, _, _, _ = env.step({active: legal(obs[active]["action_mask"], rng)})
            out += [obs[a]["observation"] for a in env.possible_agents]
            out.append([rew[a] for a in env.possible_agents])
        return out

    make = MODULES[game].parallel_env
    for x, y in zip(run(make), run(make)):
        np.testing.assert_array_equal(x, y)
    aec = [MODULES[game].env() for _ in range(2)]
    for e in aec:
        e.reset(seed=5)
    assert aec[0].unwrapped.vector_env.state(0) == aec[1].unwrapped.vector_env.state(0)
    for e in aec:
        e.reset()  # unseeded: the next hand of the same stream
    assert aec[0].unwrapped.vector_env.state(0) == aec[1].unwrapped.vector_env.state(0)
    fresh = [make() for _ in range(2)]
    for e in fresh:
        e.reset()  # never seeded: fresh entropy
    assert fresh[0].vector_env.state(0) != fresh[1].vector_env.state(0)


@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_illegal_action(game: str) -> None:
    env = MODULES[game].env()
    env.reset(seed=6)
    agent = env.agent_selection
    obs, *_ = env.last()
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    vec = env.unwrapped.vector_env
    before = vec.state(0)
    with pytest.raises(IllegalMoveError):
        env.step(bad)
    assert vec.state(0) == before
    assert env.agent_selection == agent
    np.testing.assert_array_equal(env.observe(agent)["action_mask"], obs["action_mask"])
    with pytest.raises(AssertionError, match="action space"):
        env.step(obs["action_mask"].shape[0])  # PettingZoo's out-of-bounds wrapper

    par = MODULES[game].parallel_env()
    par.reset(seed=6)
    active = par.active_agent
    before = par.vector_env.state(0)
    with pytest.raises(IllegalMoveError):
        par.step({active: bad})
    with pytest.raises(InvalidArgumentError, match="active_agent"):
        par.step({a: 0 for a in par.agents if a != active})
    assert par.vector_env.state(0) == before
    assert par.active_agent == active


@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_render(game: str) -> None:
    env = MODULES[game].env(render_mode="ansi")
    env.reset(seed=0)
    assert env.render() == str(env.unwrapped.vector_env.state(0))
    par = MODULES[game].parallel_env(render_mode="ansi")
    par.reset(seed=0)
    assert game + "State" in par.render()
