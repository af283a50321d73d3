"""The PettingZoo environments' shared implementation (`hearts_fast.env.hearts`,
`hearts_fast.env.spades`): every seat a learner, stepped in Rust by the vector
environment (one episode, every seat, no autoreset).

Agents are ``"player_0"`` … (seat ``i`` is ``"player_i"``); an agent's observation is
``{"observation": float32 (size,), "action_mask": int8 (actions,)}``, with an all-zero mask
for every agent but the one to act (as PettingZoo's chess and Go). Rewards are every seat's
reward of the step (``seat_rewards``): Hearts pays minus each seat's hand score (A-21),
Spades each seat its team's hand score (B-21). Every agent ends at once: terminated at the
end of the episode, truncated when ``max_hands`` cuts a game.
"""

from __future__ import annotations

from typing import Any, ClassVar, Optional

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv  # type: ignore[import-untyped]

from ..errors import InvalidArgumentError
from ._common import action_index, check_render_mode, fresh_seed, render_text
from ._vector import EpisodeMode, Kind, Layout, RewardMode, _VectorEnv

Obs = dict[str, npt.NDArray[Any]]

RENDER_MODES = ["ansi", "human"]


def metadata(name: str) -> dict[str, Any]:
    """The environment's PettingZoo metadata. Not parallelizable in PettingZoo's sense (as
    its chess, Go and poker): aec_to_parallel needs agents that act in a fixed cycle, and a
    trick's winner leads the next. ``parallel_env()`` is the parallel API (and
    ``turn_based_aec_to_parallel(env())`` works too)."""
    return {"name": name, "render_modes": RENDER_MODES, "is_parallelizable": False}


def wrapped(raw: Any) -> Any:
    """An AEC environment wrapped as PettingZoo recommends: out-of-space actions are refused
    (AssertOutOfBoundsWrapper) and calls must come in order (reset first;
    OrderEnforcingWrapper). Illegal actions raise IllegalMoveError; wrap with PettingZoo's
    TerminateIllegalWrapper to end the episode instead."""
    from pettingzoo.utils import wrappers  # type: ignore[import-untyped]

    return wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(raw))


class _Table:
    """The vector environment of one episode with every seat a learner, and what both
    APIs ask of it: names, spaces, observations, rewards."""

    def __init__(
        self,
        vector_class: type[_VectorEnv],
        rules: Any,
        *,
        reward: RewardMode,
        episode: EpisodeMode,
        max_hands: Optional[int],
        kind: Kind,
        layout: Layout,
        render_mode: Optional[str],
    ) -> None:
        check_render_mode(render_mode, RENDER_MODES)
        rules = vector_class._rules_class() if rules is None else rules
        players = 4 if vector_class._game == "spades" else getattr(rules, "players", 4)
        self.vec = vector_class(
            1,
            rules,
            seats=list(range(players)),
            reward=reward,
            episode=episode,
            max_hands=max_hands,
            autoreset=False,
            kind=kind,
            layout=layout,
            copy=False,
        )
        self.players = int(self.vec._env.num_players)
        self.agents = [f"player_{s}" for s in range(self.players)]
        self.seat_of = {a: s for s, a in enumerate(self.agents)}
        self.num_actions = self.vec.num_actions
        size = int(self.vec._env.size)
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(-np.inf, np.inf, shape=(size,), dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, shape=(self.num_actions,), dtype=np.int8),
                }
            )
            for a in self.agents
        }
        self.action_spaces = {a: spaces.Discrete(self.num_actions) for a in self.agents}
        self.seeded = False
        self.over = True
        self.to_act = 0
        self.terminated = False
        self.truncated = False
        self.seat_rewards: npt.NDArray[np.float32] = np.zeros(self.players, dtype=np.float32)

    def _read(self, seat: npt.NDArray[Any]) -> None:
        self.to_act = int(seat[0])

    def reset(self, seed: Optional[int]) -> None:
        if seed is None and not self.seeded:
            seed = fresh_seed()
        if seed is not None:
            self.seeded = True
        _, info = self.vec.reset(seed=seed)
        self._read(info["seat"])
        self.over = False
        self.terminated = self.truncated = False
        self.seat_rewards = np.zeros(self.players, dtype=np.float32)

    def step(self, action: Any) -> None:
        """The acting seat's ``action``; IllegalMoveError (nothing changes) if illegal."""
        if self.over:
            raise InvalidArgumentError("the episode is over (or not started): call reset()")
        a = action_index(action)
        _, _, terminated, truncated, info = self.vec.step([a])
        self.seat_rewards = info["seat_rewards"][0].copy()
        self.terminated, self.truncated = bool(terminated[0]), bool(truncated[0])
        self.over = self.terminated or self.truncated
        self._read(info["seat"])

    @property
    def active_agent(self) -> Optional[str]:
        """The agent to act (None once the episode is over)."""
        return None if self.over else self.agents[self.to_act]

    def observe(self, agent: str) -> Obs:
        seat = self.seat_of[agent]
        mask = np.zeros(self.num_actions, dtype=np.int8)
        if not self.over and seat == self.to_act:
            e = self.vec._env
            obs = np.array(e.obs[0], dtype=np.float32)
            mask[:] = e.mask[0]
        else:
            obs = self.vec.observe(0, seat)
        return {"observation": obs, "action_mask": mask}

    def rewards(self) -> dict[str, float]:
        return {a: float(r) for a, r in zip(self.agents, self.seat_rewards)}

    def render(self, render_mode: Optional[str]) -> Optional[str]:
        if render_mode is None:
            import gymnasium

            gymnasium.logger.warn(
                "render() without a render_mode: pass render_mode='ansi' or 'human'"
            )
            return None
        return render_text(self.vec.state(0), render_mode)


class _AECEnv(AECEnv):  # type: ignore[misc]
    """The AEC environment of a game: `hearts_fast.env.hearts.env` wraps it."""

    metadata: ClassVar[dict[str, Any]] = {}
    _vector_class: type[_VectorEnv] = _VectorEnv

    def __init__(
        self,
        rules: Any = None,
        *,
        reward: RewardMode = "hand",
        episode: EpisodeMode = "hand",
        max_hands: Optional[int] = None,
        kind: Kind = "observation",
        layout: Layout = "compact",
        render_mode: Optional[str] = None,
    ) -> None:
        super().__init__()
        self._table = _Table(
            self._vector_class,
            rules,
            reward=reward,
            episode=episode,
            max_hands=max_hands,
            kind=kind,
            layout=layout,
            render_mode=render_mode,
        )
        self.rules = self._table.vec.rules
        self.render_mode = render_mode
        self.possible_agents: list[str] = list(self._table.agents)
        self.agents: list[str] = []
        self.observation_spaces = self._table.observation_spaces
        self.action_spaces = self._table.action_spaces
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict[str, Any]] = {}
        self.agent_selection: str = self.possible_agents[0]

    @property
    def vector_env(self) -> _VectorEnv:
        """The underlying vector environment (one environment; its ``state(0)`` is the hand
        now)."""
        return self._table.vec

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> Obs:
        """What ``agent`` sees now; its mask is all zeros unless it is to act."""
        return self._table.observe(agent)

    def reset(self, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None) -> None:
        """Starts a new episode: from ``seed`` when given, else the next of the stream (the
        first from fresh entropy when no seed was ever given). ``options`` are ignored."""
        t = self._table
        t.reset(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.agents[t.to_act]

    def step(self, action: Any) -> None:
        """The selected agent's ``action`` (``None`` once it is done). An illegal action
        raises IllegalMoveError and changes nothing."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        t = self._table
        t.step(action)
        self._cumulative_rewards[agent] = 0.0
        self.rewards = t.rewards()
        if t.over:
            self.terminations = dict.fromkeys(self.agents, t.terminated)
            self.truncations = dict.fromkeys(self.agents, t.truncated)
        else:
            self.agent_selection = self.agents[t.to_act]
        self._accumulate_rewards()
        self._deads_step_first()

    def state(self) -> npt.NDArray[np.float32]:
        """Not available: the engine has no encoding of the whole table (use
        ``vector_env.state(0)`` for the hand itself)."""
        raise NotImplementedError("no global state tensor; see vector_env.state(0)")

    def render(self) -> Optional[str]:
        """``render_mode="ansi"``: the hand's text (the state's ``str()``); ``"human"``:
        printed."""
        return self._table.render(self.render_mode)

    def close(self) -> None:
        """Nothing to release."""


class _ParallelEnv(ParallelEnv):  # type: ignore[misc]
    """The parallel environment of a game. One agent acts at a time (as in PettingZoo's
    ``turn_based_aec_to_parallel``): ``step`` uses the action of the agent to act —
    ``infos[agent]["active_agent"]``, the agent whose mask is not all zeros — and ignores
    the others' (any value, e.g. a sample with their all-zero mask)."""

    metadata: ClassVar[dict[str, Any]] = {}
    _vector_class: type[_VectorEnv] = _VectorEnv

    def __init__(
        self,
        rules: Any = None,
        *,
        reward: RewardMode = "hand",
        episode: EpisodeMode = "hand",
        max_hands: Optional[int] = None,
        kind: Kind = "observation",
        layout: Layout = "compact",
        render_mode: Optional[str] = None,
    ) -> None:
        self._table = _Table(
            self._vector_class,
            rules,
            reward=reward,
            episode=episode,
            max_hands=max_hands,
            kind=kind,
            layout=layout,
            render_mode=render_mode,
        )
        self.rules = self._table.vec.rules
        self.render_mode = render_mode
        self.possible_agents: list[str] = list(self._table.agents)
        self.agents: list[str] = []
        self.observation_spaces = self._table.observation_spaces
        self.action_spaces = self._table.action_spaces

    @property
    def vector_env(self) -> _VectorEnv:
        """The underlying vector environment (one environment; its ``state(0)`` is the hand
        now)."""
        return self._table.vec

    @property
    def active_agent(self) -> Optional[str]:
        """The agent to act (None once the episode is over)."""
        return self._table.active_agent

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def _infos(self) -> dict[str, dict[str, Any]]:
        active = self._table.active_agent
        if active is None:
            return {a: {} for a in self.possible_agents}
        return {a: {"active_agent": active} for a in self.possible_agents}

    def _observations(self) -> dict[str, Obs]:
        return {a: self._table.observe(a) for a in self.possible_agents}

    def reset(
        self, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None
    ) -> tuple[dict[str, Obs], dict[str, dict[str, Any]]]:
        """Starts a new episode (see the AEC ``reset``); ``options`` are ignored. Returns
        ``(observations, infos)``."""
        self._table.reset(seed)
        self.agents = list(self.possible_agents)
        return self._observations(), self._infos()

    def step(
        self, actions: dict[str, Any]
    ) -> tuple[
        dict[str, Obs],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        """Plays ``actions[active_agent]`` (the others are ignored): IllegalMoveError if it
        is illegal, and then nothing changes. Returns every agent's observation, reward,
        termination, truncation and info; once the episode is over ``agents`` is empty."""
        t = self._table
        active = t.active_agent
        if active is None:
            raise InvalidArgumentError("the episode is over (or not started): call reset()")
        if active not in actions:
            raise InvalidArgumentError(
                f"actions has no action of {active}, the agent to act (see "
                'infos[agent]["active_agent"])'
            )
        t.step(actions[active])
        obs = self._observations()
        terminations = dict.fromkeys(self.possible_agents, t.terminated)
        truncations = dict.fromkeys(self.possible_agents, t.truncated)
        if t.over:
            self.agents = []
        return obs, t.rewards(), terminations, truncations, self._infos()

    def state(self) -> npt.NDArray[np.float32]:
        """Not available: the engine has no encoding of the whole table (use
        ``vector_env.state(0)`` for the hand itself)."""
        raise NotImplementedError("no global state tensor; see vector_env.state(0)")

    def render(self) -> Optional[str]:
        """``render_mode="ansi"``: the hand's text (the state's ``str()``); ``"human"``:
        printed."""
        return self._table.render(self.render_mode)

    def close(self) -> None:
        """Nothing to release."""
