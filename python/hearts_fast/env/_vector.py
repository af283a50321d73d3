"""The vector environments: many Hearts or Spades episodes stepped together in Rust, with
Gymnasium's vector-environment API (docs/environments.md)."""

from __future__ import annotations

from typing import Any, Optional, Union

import numpy as np
import numpy.typing as npt

from .. import _core
Seed = Optional[int]

try:  # Gymnasium is optional (extra "rl"): without it the classes work the same,
    # but have no spaces.
    import gymnasium as _gym
    from gymnasium.vector import AutoresetMode as _AutoresetMode
    from gymnasium.vector import VectorEnv as _Base

    _HAVE_GYM = True
except ImportError:  # pragma: no cover - exercised without the extra
    _Base = object  # type: ignore[assignment,misc]
    _HAVE_GYM = False

PolicyArg = Union[str, "_core.Policy", None]

#: The version of the compact layouts; raised whenever a field moves.
LAYOUT_VERSION = 1


def observation_fields(
    rules: Union[_core.HeartsRules, _core.SpadesRules], kind: str = "observation"
) -> dict[str, slice]:
    """The fields of the compact tensor ``kind`` under ``rules``: name → slice of the tensor,
    in order (docs/environments.md)."""
    return {name: slice(a, b) for name, a, b in _core._tensor_fields(rules, kind)}


class _VectorEnv(_Base):  # type: ignore[misc,valid-type]
    """Shared implementation of :class:`HeartsVectorEnv` and :class:`SpadesVectorEnv`."""

    _game = ""
    _rules_class: Any = None

    def __init__(
        self,
        num_envs: int = 1,
        rules: Any = None,
        *,
        seats: Union[int, list[int]] = 0,
        opponents: Union[PolicyArg, list[PolicyArg]] = "random",
        reward: str = "hand",
        episode: str = "hand",
        max_hands: Optional[int] = None,
        seed: Seed = None,
        autoreset: bool = True,
        kind: str = "observation",
        layout: str = "compact",
        copy: bool = True,
    ) -> None:
        if rules is None:
            rules = self._rules_class()
        elif not isinstance(rules, self._rules_class):
            from ..errors import ArgumentTypeError

            raise ArgumentTypeError(
                f"rules must be a {self._rules_class.__name__}, got {type(rules).__name__}"
            )
        if not isinstance(copy, bool):
            from ..errors import ArgumentTypeError

            raise ArgumentTypeError(f"copy must be a bool, got {type(copy).__name__}")
        self._env = _core._VectorEnv(
            rules,
            num_envs,
            seats=seats,
            opponents=opponents,
            reward=reward,
            episode=episode,
            max_hands=max_hands,
            seed=seed,
            autoreset=autoreset,
            kind=kind,
            layout=layout,
        )
        self.rules = rules
        self.num_envs = self._env.num_envs
        self.seats: list[int] = self._env.seats
        self.kind = kind
        self.layout = layout
        self.copy = copy
        self.num_actions: int = self._env.num_actions
        self.render_mode = None
        self.closed = False
        self._reset_done = False
        if _HAVE_GYM:
            self.metadata = {
                "autoreset_mode": (
                    _AutoresetMode.SAME_STEP if autoreset else _AutoresetMode.DISABLED
                ),
            }
            size = self._env.size
            self.single_observation_space = _gym.spaces.Box(
                low=-np.inf, high=np.inf, shape=(size,), dtype=np.float32
            )
            self.single_action_space = _gym.spaces.Discrete(self.num_actions)
            self.observation_space = _gym.spaces.Box(
                low=-np.inf, high=np.inf, shape=(self.num_envs, size), dtype=np.float32
            )
            self.action_space = _gym.spaces.MultiDiscrete(
                np.full(self.num_envs, self.num_actions, dtype=np.int64)
            )

    @property
    def fields(self) -> dict[str, slice]:
        """The fields of the observation (compact layout): name → slice."""
        return observation_fields(self.rules, self.kind)

    def _out(self, a: npt.NDArray[Any]) -> npt.NDArray[Any]:
        return a.copy() if self.copy else a

    def _info(self, done: Optional[npt.NDArray[np.bool_]] = None) -> dict[str, Any]:
        e = self._env
        info: dict[str, Any] = {
            "action_mask": self._out(e.mask),
            "seat": self._out(e.seat),
        }
        if done is not None:
            info["seat_rewards"] = self._out(e.seat_rewards)
            if done.any():
                info["final_obs"] = e.final_obs.copy()
                info["_final_obs"] = done.copy()
        return info

    def reset(
        self, *, seed: Seed = None, options: Optional[dict[str, Any]] = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """Starts a new episode in every environment (from ``seed`` when given: then every
        environment's episodes restart their streams) and returns ``(obs, info)``;
        ``info["action_mask"]`` holds the legal actions, ``info["seat"]`` the seat whose
        observation each row is."""
        if options:
            from ..errors import InvalidArgumentError

            raise InvalidArgumentError(f"reset takes no options, got {sorted(options)}")
        self._env.reset(seed)
        self._reset_done = True
        return self._out(self._env.obs), self._info()

    def step(
        self, actions: Any
    ) -> tuple[
        npt.NDArray[np.float32],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        dict[str, Any],
    ]:
        """One step of every environment with the learner's ``actions`` (one integer per
        environment): returns ``(obs, rewards, terminations, truncations, info)``. Finished
        episodes restart within the step (``autoreset``): their last observation is
        ``info["final_obs"]`` (rows marked by ``info["_final_obs"]``). An illegal or
        malformed action raises and changes no environment."""
        e = self._env
        e.step(actions)
        done = e.terminated | e.truncated
        return (
            self._out(e.obs),
            self._out(e.rewards),
            self._out(e.terminated),
            self._out(e.truncated),
            self._info(done),
        )

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions of every environment now, ``(num_envs, actions)``."""
        return self._env.mask.copy()

    def observe(
        self, env: int, seat: int, kind: Optional[str] = None, layout: Optional[str] = None
    ) -> npt.NDArray[np.float32]:
        """What ``seat`` sees in environment ``env`` now, as ``kind``/``layout`` (default:
        the environment's own)."""
        return self._env.observe(env, seat, kind or self.kind, layout or self.layout)

    def state(self, env: int) -> Any:
        """The hand of environment ``env`` now, as a state of its game (a copy)."""
        return self._env.state(env)

    def close(self, **kwargs: Any) -> None:
        """Nothing to release; marks the environment closed."""
        self.closed = True

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}(num_envs={self.num_envs}, seats={self.seats}, "
            f"kind={self.kind!r}, layout={self.layout!r})"
        )


class HeartsVectorEnv(_VectorEnv):
    """``num_envs`` Hearts episodes (hands, or whole games with ``episode="game"``) stepped
    together in Rust: the learner plays ``seats`` (default seat 0), ``opponents`` (a policy
    name, a :class:`hearts_fast.Policy`, or one per seat; default ``"random"``) the others.
    Actions are card ids 0..51 (a play, or one card of a pass) and 52 = FORWARD. Rewards
    are minus the hand score (A-21), per hand (``reward="hand"``) or per trick
    (``"trick"``; a hand's rewards add up to the same)."""

    _game = "hearts"
    _rules_class = _core.HeartsRules


class SpadesVectorEnv(_VectorEnv):
    """``num_envs`` Spades episodes (hands, or whole games with ``episode="game"``)
    stepped together in Rust: the learner plays ``seats`` (default seat 0), ``opponents``
    the others. Actions: card ids 0..53, bid ``n`` = 54 + n, blind nil 68, redeal claim 69,
    bid ``n`` with LITTLE 70 + n and with BIG 84 + n. Rewards are the team's hand score,
    per hand or per trick (10 a trick, the rest at the hand's end)."""

    _game = "spades"
    _rules_class = _core.SpadesRules
