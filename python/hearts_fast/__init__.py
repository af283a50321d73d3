"""hearts-fast: exact, fast engines for three card games, with a Rust core.

- **Hearts family** (*la dame de pic*, Corazones, Francesa, Jota de diamantes, an
  OpenSpiel-compatible preset): ``HeartsRules``, ``HeartsState`` (one hand), ``HeartsGame``
  (a whole game), ``simulate_hearts`` (batches in Rust), ``Policy``.
- **Spades** with every variant: ``SpadesRules``, ``SpadesState``, ``SpadesGame``,
  ``simulate_spades``.
- **Rummy "La Dame de Pique"** (two packs and four jokers): ``RummyRules``, ``RummyState``,
  ``RummyGame``, ``simulate_rummy``, and the meld helpers ``all_melds``, ``is_valid_meld``,
  ``meld_value``.

Cards are plain ``int`` ids ``suit * 13 + rank`` (clubs 0, diamonds 1, hearts 2, spades 3;
rank 0 = "2" … 12 = "A"), so Q♠ is 49; Spades with jokers adds 52 (Little Joker) and 53
(Big Joker), and the rummy joker is 52. Errors are ``HeartsFastError`` subclasses of
``ValueError``/``TypeError``. The rules of each game, with the rule ids the docstrings cite,
are in ``docs/rules/`` (``hearts.md``, ``spades.md``, ``rummy.md``); the API contracts are
``docs/hearts-api.md``, ``docs/spades-api.md`` and ``docs/rummy-api.md``. The command line
is ``hearts-fast simulate --game hearts|spades|rummy``.
"""

from typing import TYPE_CHECKING

from hearts_fast.errors import (
    ArgumentTypeError,
    HeartsFastError,
    IllegalMoveError,
    InvalidArgumentError,
    InvalidCardError,
    InvalidDealError,
    InvalidRulesError,
)

try:
    from hearts_fast import _core
    from hearts_fast._core import (
        CardSet,
        HeartsGame,
        HeartsRules,
        HeartsState,
        Policy,
        RummyGame,
        RummyRules,
        RummyState,
        SpadesGame,
        SpadesRules,
        SpadesState,
        all_melds,
        card,
        card_name,
        is_valid_meld,
        meld_value,
        rummy_batch_state,
        rummy_play_out,
        simulate_hearts,
        simulate_rummy,
        simulate_spades,
        spades_card_name,
    )

    __version__: str = _core.__version__
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


#: Q♠, the black lady.
QS = 49
#: 2♣.
TWO_OF_CLUBS = 0
#: J♦, the bonus card of the Jota variant.
JD = 22
#: The rummy joker (all four jokers of the two rummy decks are this one card).
JOKER = 52
#: The Little (monochrome) Joker of Spades with ``jokers=True``.
LITTLE_JOKER = 52
#: The Big (colour) Joker of Spades with ``jokers=True``.
BIG_JOKER = 53

__all__ = [
    "BIG_JOKER",
    "JD",
    "JOKER",
    "LITTLE_JOKER",
    "QS",
    "TWO_OF_CLUBS",
    "ArgumentTypeError",
    "CardSet",
    "HeartsFastError",
    "HeartsGame",
    "HeartsRules",
    "HeartsState",
    "IllegalMoveError",
    "InvalidArgumentError",
    "InvalidCardError",
    "InvalidDealError",
    "InvalidRulesError",
    "Policy",
    "RummyGame",
    "RummyRules",
    "RummyState",
    "SpadesGame",
    "SpadesRules",
    "SpadesState",
    "__version__",
    "all_melds",
    "card",
    "card_name",
    "is_valid_meld",
    "meld_value",
    "rummy_batch_state",
    "rummy_play_out",
    "simulate_hearts",
    "simulate_rummy",
    "simulate_spades",
    "spades_card_name",
]
