"""hearts-fast: exact, fast engines for three card games with one Python protocol: the
Hearts family (la dame de pic and its variants), Spades, and the rummy "La Dame de Pique".
A Rust core does the work; ``hearts_fast.reference`` is an independent pure-Python engine
with the same API, the oracle the fast engine is tested against.

Every game has a rules class (``HeartsRules``, ``SpadesRules``, ``RummyRules``), a state
class for one hand (``HeartsState``, ``SpadesState``, ``RummyState``), a game class for a
whole game (``HeartsGame``, ``SpadesGame``, ``RummyGame``), batch simulation
(``simulate_hearts``, ``simulate_spades``, ``simulate_rummy``) and in-engine ``Policy``
bots; ``docs/protocol.md`` states what the three have in common. ``solve``, ``Solver`` and
``solve_batch`` are the exact open-hand solver of Hearts and Spades (docs/solver.md).
``state.observation(seat)`` is what one seat knows (``HeartsInfoState``,
``SpadesInfoState``), and ``info.sample`` and ``sample_deals`` draw the hidden hands
exactly uniformly from every deal that agrees with it (docs/information.md). Every batch
entry point takes ``start=`` (items ``start .. start + n - 1`` of its ``(seed, index)``
stream), and ``merge`` puts the parts of a batch back together into exactly the one-call
result (docs/protocol.md, Index ranges).

Cards are plain ``int`` ids ``suit * 13 + rank`` (clubs 0, diamonds 1, hearts 2, spades 3;
rank 0 = "2" … 12 = "A"), so Q♠ is 49; 52 is the Little Joker (Spades with ``jokers=True``,
and the rummy joker) and 53 the Big Joker. ``card`` and ``card_name`` convert names and ids.
The rules of each game, with the rule ids the docstrings cite, are in ``docs/rules/``;
see also ``docs/protocol.md``, ``docs/hearts-api.md``, ``docs/spades-api.md`` and
``docs/rummy-api.md``. Without the compiled extension the package still imports, and the
pure-Python reference engine ``hearts_fast.reference`` works.
"""

from __future__ import annotations

import sys
import warnings
from collections.abc import Sequence
from typing import TYPE_CHECKING, Union

from hearts_fast import errors
from hearts_fast._merge import merge, moments
from hearts_fast._types import (
    Bid,
    HeartsSimulation,
    RummySimulation,
    SampledDeals,
    SimulationResult,
    Solution,
    SolveBatch,
    SpadesSimulation,
)
from hearts_fast.errors import *  # noqa: F403 (the exception classes: errors.__all__)

#: Q♠, the black lady.
QS = 49
#: 2♣.
TWO_OF_CLUBS = 0
#: J♦, the bonus card of the Jota variant.
JD = 22
#: The rummy joker (all four jokers of the two rummy decks are this one card, named "LJ").
JOKER = 52
#: The Little (monochrome) Joker of Spades with ``jokers=True``.
LITTLE_JOKER = 52
#: The Big (colour) Joker of Spades with ``jokers=True``.
BIG_JOKER = 53

try:
    from hearts_fast import _core
    from hearts_fast._core import (
        CardSet,
        HeartsGame,
        HeartsInfoState,
        HeartsRules,
        HeartsState,
        Policy,
        RummyGame,
        RummyRules,
        RummyState,
        Solver,
        SpadesGame,
        SpadesInfoState,
        SpadesRules,
        SpadesState,
        all_melds,
        card,
        card_name,
        is_valid_meld,
        meld_value,
        sample_deals,
        simulate_hearts,
        simulate_rummy,
        simulate_spades,
        solve,
        solve_batch,
    )

    __version__: str = _core.__version__

    from hearts_fast.arena import ArenaResult, arena, format_arena

    #: What ``state.observation(seat)`` returns, for either trick-taking game.
    if sys.version_info >= (3, 10):
        InfoState = HeartsInfoState | SpadesInfoState
    else:  # Python 3.9 has no `X | Y` of classes at run time
        InfoState = Union[HeartsInfoState, SpadesInfoState]

    #: Deprecated alias of `card_name`, which names every id 0..53 for every game.
    spades_card_name = card_name

    def rummy_batch_state(rules: RummyRules, seed: int, index: int) -> RummyState:
        """Deprecated: use ``RummyState.from_batch(rules, seed, index)``."""
        warnings.warn(
            "rummy_batch_state is deprecated; use RummyState.from_batch(rules, seed, index)",
            DeprecationWarning,
            stacklevel=2,
        )
        return RummyState.from_batch(rules, seed, index)

    def rummy_play_out(
        state: RummyState,
        policy: str | Sequence[str] | None = None,
        *,
        seed: int | None = None,
        index: int | None = None,
    ) -> None:
        """Deprecated: use ``Policy(policy, seed=seed, index=index).play_out(state)``."""
        warnings.warn(
            "rummy_play_out is deprecated; "
            "use Policy(policy, seed=seed, index=index).play_out(state)",
            DeprecationWarning,
            stacklevel=2,
        )
        if not isinstance(state, RummyState):
            raise errors.ArgumentTypeError(
                f"state must be a RummyState, got {type(state).__name__}"
            )
        Policy(policy, seed=seed, index=index).play_out(state)

except ImportError as _error:
    # Without the compiled extension (a checkout that was never built, a wheel for another
    # platform) the package still imports, so that the pure-Python reference engine
    # ``hearts_fast.reference``, which needs only ``hearts_fast.errors``, works. Every name
    # the extension provides then raises an ImportError that says so.
    _CORE_ERROR = _error

    if not TYPE_CHECKING:

        def __getattr__(name: str) -> object:
            if name in __all__:
                raise ImportError(
                    f"hearts_fast.{name} needs the compiled extension hearts_fast._core, which "
                    f"could not be imported ({_CORE_ERROR}); install a built wheel "
                    "(pip install hearts-fast) or build it from a checkout (pip install -e .). "
                    "The pure-Python reference engine, hearts_fast.reference, works without it."
                ) from _CORE_ERROR
            raise AttributeError(f"module 'hearts_fast' has no attribute {name!r}")


__all__ = [
    "BIG_JOKER",
    "JD",
    "JOKER",
    "LITTLE_JOKER",
    "QS",
    "TWO_OF_CLUBS",
    "ArenaResult",
    "Bid",
    "CardSet",
    "HeartsGame",
    "HeartsInfoState",
    "HeartsRules",
    "HeartsSimulation",
    "HeartsState",
    "InfoState",
    "Policy",
    "RummyGame",
    "RummyRules",
    "RummySimulation",
    "RummyState",
    "SampledDeals",
    "SimulationResult",
    "Solution",
    "SolveBatch",
    "Solver",
    "SpadesGame",
    "SpadesInfoState",
    "SpadesRules",
    "SpadesSimulation",
    "SpadesState",
    "__version__",
    "all_melds",
    "arena",
    "card",
    "card_name",
    "format_arena",
    "is_valid_meld",
    "meld_value",
    "merge",
    "moments",
    "rummy_batch_state",
    "rummy_play_out",
    "sample_deals",
    "simulate_hearts",
    "simulate_rummy",
    "simulate_spades",
    "solve",
    "solve_batch",
    "spades_card_name",
]
__all__ += errors.__all__


def __dir__() -> list[str]:
    """``dir(hearts_fast)``: the public names and the submodules imported so far, not the
    module's own imports (``annotations``, ``warnings``, ``Sequence``, ``TYPE_CHECKING``)."""
    submodules = {
        name.rpartition(".")[2]
        for name in sys.modules
        if name.startswith(__name__ + ".") and name.count(".") == 1
    }
    return sorted({*__all__, *submodules, "__doc__", "__file__", "__name__", "__path__"})
