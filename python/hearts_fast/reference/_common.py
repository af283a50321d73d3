"""Scaffolding shared by the reference engine's three games (docs/protocol.md): the rules
base class (keyword-only construction, presets, ``replace``, ``to_dict``, value semantics,
the parameter kinds every game uses) and the argument checks every game makes the same way
(rules, seeds, hand indexes, seats, int lists).

Like the rest of the reference it shares nothing with the fast engine but the exception
classes.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar, overload

from hearts_fast.errors import (
    ArgumentTypeError,
    InvalidArgumentError,
    InvalidDealError,
    InvalidRulesError,
)

if TYPE_CHECKING:
    from typing_extensions import Self, TypeGuard

__all__ = [
    "MAX_INDEX",
    "Rules",
    "call_shape",
    "check_game_args",
    "check_hand_args",
    "check_index",
    "check_rules",
    "check_seat",
    "check_seed",
    "check_text",
    "copied",
    "field",
    "is_int",
    "is_sequence",
]

#: A hand index (``hand_index=``, a batch ``index``) or a seed is an int in 0..=MAX_INDEX.
MAX_INDEX = 2**64 - 1

R = TypeVar("R", bound="Rules")
V = TypeVar("V")
F = TypeVar("F", bound=Callable[..., Any])


def call_shape(call: str) -> Callable[[F], F]:
    """Makes a call of the wrong shape to the decorated function (too many positional
    arguments, an unknown or repeated keyword, a missing argument) an ArgumentTypeError
    listing its parameters, where Python raises a bare TypeError; ``call`` names it
    (``"HeartsState()"``). A well-shaped call runs the function unchanged."""

    def decorate(f: F) -> F:
        sig = inspect.signature(f)
        params = [p for p in sig.parameters.values() if p.name not in ("self", "cls")]
        positional = [p.name for p in params if p.kind is p.POSITIONAL_OR_KEYWORD]
        keywords = [p.name for p in params if p.kind is p.KEYWORD_ONLY]
        s = "" if len(positional) == 1 else "s"
        shape = (
            f"{call} takes {len(positional)} positional argument{s} ({', '.join(positional)}) "
            f"and the keyword-only arguments {', '.join(keywords)}"
        )

        @functools.wraps(f)
        def checked(*args: Any, **kwargs: Any) -> Any:
            try:
                return f(*args, **kwargs)
            except TypeError as e:
                if isinstance(e, ArgumentTypeError):
                    raise
                try:
                    sig.bind(*args, **kwargs)
                except TypeError as shape_error:
                    raise ArgumentTypeError(f"{shape}; {shape_error}") from None
                raise

        return checked  # type: ignore[return-value]

    return decorate


def check_text(value: str, what: str) -> str:
    """A str argument must be valid text: a lone surrogate (``'\\ud800'``) has no UTF-8
    form, so no argument takes one (ArgumentTypeError)."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise ArgumentTypeError(
            f"{what} must be valid text (a str without lone surrogates), got {value!r}"
        ) from None
    return value


class field(property, Generic[V]):
    """A read-only property showing the private attribute ``attr`` as it is (an immutable
    value: an int, a str, the rules)."""

    def __init__(self, attr: str) -> None:
        super().__init__(lambda obj: getattr(obj, attr))

    @overload
    def __get__(self, instance: None, owner: type, /) -> Self: ...
    @overload
    def __get__(self, instance: Any, owner: type | None = None, /) -> V: ...
    def __get__(self, instance: Any, owner: type | None = None, /) -> Any:
        return super().__get__(instance, owner)


class copied(field[list[V]]):
    """A read-only property showing the private list ``attr`` as a new list, so that no
    caller can change the object through it."""

    def __init__(self, attr: str) -> None:
        property.__init__(self, lambda obj: list(getattr(obj, attr)))


def is_int(value: object) -> bool:
    """An ``int`` that is not a ``bool``."""
    return isinstance(value, int) and not isinstance(value, bool)


def is_sequence(value: object) -> TypeGuard[Sequence[Any]]:
    """A sequence that is not a ``str`` or ``bytes`` (a list of hands, of totals, …)."""
    return isinstance(value, Sequence) and not isinstance(value, (str, bytes))


def check_rules(rules: object, cls: type[R]) -> R:
    """``rules`` must be an instance of the game's rules class: ArgumentTypeError."""
    if not isinstance(rules, cls):
        raise ArgumentTypeError(f"rules must be a {cls.__name__}, got {type(rules).__name__}")
    return rules


def check_seat(seat: object, players: int, what: str = "dealer") -> int:
    """A seat 0..players-1 (``dealer=``, ``first_dealer=``), or None for the default 0:
    ArgumentTypeError / InvalidDealError."""
    if seat is None:
        return 0
    if not is_int(seat):
        raise ArgumentTypeError(
            f"{what} must be an int seat 0..{players - 1}, got {type(seat).__name__} {seat!r}"
        )
    if not 0 <= seat < players:  # type: ignore[operator]
        raise InvalidDealError(f"{what} = {seat} is out of range; allowed: seats 0..{players - 1}")
    return seat  # type: ignore[return-value]


def check_index(value: object, what: str = "hand_index") -> int:
    """A hand index: ``None`` (= 0) or an int in 0..2**64-1. Every index argument of the
    package has this range and raises InvalidArgumentError outside it (docs/protocol.md)."""
    if value is None:
        return 0
    if not is_int(value):
        raise ArgumentTypeError(f"{what} must be an int or None, got {type(value).__name__}")
    if not 0 <= value <= MAX_INDEX:  # type: ignore[operator]
        raise InvalidArgumentError(f"{what} must be 0..2**64-1, got {value}")
    return value  # type: ignore[return-value]


def check_seed(seed: object) -> int:
    """``None`` (= 0) or an int in 0..2**64-1, the range of a hand index."""
    return check_index(seed, "seed")


def check_hand_args(
    rules: object, cls: type[R], dealer: object, hand_index: object, seed: object
) -> tuple[R, int, int, int]:
    """The arguments every hand constructor of every game shares, checked in the protocol's
    order (docs/protocol.md): ``rules``, ``dealer`` (a seat of those rules), ``hand_index``,
    ``seed``. A game checks its own arguments after these."""
    r = check_rules(rules, cls)
    players: int = r.players
    return r, check_seat(dealer, players), check_index(hand_index), check_seed(seed)


def check_game_args(
    rules: object, cls: type[R], first_dealer: object, seed: object
) -> tuple[R, int, int]:
    """The arguments every game constructor shares, checked in the protocol's order:
    ``rules``, ``first_dealer`` (a seat of those rules), ``seed``."""
    r = check_rules(rules, cls)
    players: int = r.players
    return r, check_seat(first_dealer, players, "first_dealer"), check_seed(seed)


@call_shape("_make_rules()")
def _make_rules(cls: type[R], params: dict[str, Any]) -> R:
    """The pickle reconstructor of a rules object (see ``Rules.__reduce__``)."""
    if not (isinstance(cls, type) and issubclass(cls, Rules)):
        raise ArgumentTypeError(f"_make_rules() takes a rules class, got {cls!r}")
    if not isinstance(params, dict) or not all(isinstance(k, str) for k in params):
        raise ArgumentTypeError(
            f"_make_rules() takes a dict of parameters by name, got {type(params).__name__}"
        )
    return cls(**params)


class Rules:
    """An immutable rule set: keyword-only parameters checked one by one, then as a whole.

    A subclass sets ``_PARAMS`` (name -> (kind, spec, default), in the contract's order),
    ``_PRESETS`` (name -> overrides; ``"default"`` first) and ``_check_combinations``
    (InvalidRulesError for an invalid combination). ``_validate`` checks one parameter by its
    kind: "bool"; "choice" (spec: the allowed strs); "int" (spec: (lo, hi), hi None for no
    upper bound) and "opt_int" (the same, or None). A game's own kinds are its
    ``_validate_other``. Each parameter reads as an attribute of the same name.
    """

    __slots__ = ("_params",)
    _params: dict[str, Any]

    _PARAMS: ClassVar[dict[str, tuple[str, Any, Any]]] = {}
    _PRESETS: ClassVar[dict[str, dict[str, Any]]] = {"default": {}}
    #: The preset names ``preset()`` takes, ``"default"`` first.
    presets: ClassVar[list[str]] = []
    #: The parameter names, in the order of ``to_dict()``.
    parameters: ClassVar[list[str]] = []

    @classmethod
    def _validate(cls, name: str, value: Any) -> None:
        """Check one parameter: ArgumentTypeError for a wrong type, InvalidRulesError for a
        value out of range."""
        kind, spec, _ = cls._PARAMS[name]
        tname = type(value).__name__
        if kind == "bool":
            if not isinstance(value, bool):
                raise ArgumentTypeError(
                    f"rule {name!r} must be a bool (True or False), got {tname} {value!r}"
                )
        elif kind == "choice":
            allowed = ", ".join(repr(c) for c in spec)
            if not isinstance(value, str):
                raise ArgumentTypeError(
                    f"rule {name!r} must be a str, one of {allowed}; got {tname} {value!r}"
                )
            if check_text(value, name) not in spec:
                raise InvalidRulesError(
                    f"rule {name!r} = {value!r} is not allowed; allowed: {allowed}"
                )
        elif kind in ("int", "opt_int"):
            lo, hi = spec
            allowed = f"an int >= {lo}" if hi is None else f"an int in {lo}..={hi}"
            if kind == "opt_int":
                if value is None:
                    return
                allowed = "None or " + allowed
            if not is_int(value):
                raise ArgumentTypeError(f"rule {name!r} must be {allowed}, got {tname} {value!r}")
            if value < lo or (hi is not None and value > hi):
                raise InvalidRulesError(
                    f"rule {name!r} = {value} is out of range; allowed: {allowed}"
                )
        else:
            cls._validate_other(name, kind, value)

    @staticmethod
    def _validate_other(name: str, kind: str, value: Any) -> None:
        """Check a parameter of a kind of the game's own (a subclass that has one provides it)."""
        raise AssertionError(f"{name}: unknown parameter kind {kind!r}")  # pragma: no cover

    @staticmethod
    def _check_combinations(p: dict[str, Any]) -> None:
        """Check the parameters together (a subclass provides it)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.presets = list(cls._PRESETS)
        cls.parameters = list(cls._PARAMS)

    def __init__(self, *args: Any, **params: Any) -> None:
        name = type(self).__name__
        if args:
            raise ArgumentTypeError(
                f"{name} takes keyword arguments only (e.g. {name}(players=4)), got "
                f"{len(args)} positional"
            )
        unknown = [k for k in params if k not in self._PARAMS]
        if unknown:
            raise InvalidRulesError(
                f"unknown rule parameter {unknown[0]!r}; allowed: {', '.join(self._PARAMS)}"
            )
        merged = {k: params.get(k, default) for k, (_, _, default) in self._PARAMS.items()}
        for k, value in merged.items():
            self._validate(k, value)
        self._check_combinations(merged)
        object.__setattr__(self, "_params", merged)

    @classmethod
    @call_shape("preset()")
    def preset(cls: type[R], name: str, **overrides: Any) -> R:
        """A named preset (one of ``presets``) with optional overrides, checked like the
        constructor."""
        if not isinstance(name, str):
            raise ArgumentTypeError(f"preset name must be a str, got {type(name).__name__}")
        if check_text(name, "preset name") not in cls._PRESETS:
            raise InvalidRulesError(
                f"unknown {cls.__name__} preset {name!r}; allowed: {', '.join(cls._PRESETS)}"
            )
        params = dict(cls._PRESETS[name])
        params.update(overrides)
        return cls(**params)

    @call_shape("replace()")
    def replace(self: R, **overrides: Any) -> R:
        """A copy with some parameters changed (checked like the constructor)."""
        return type(self)(**{**self._params, **overrides})

    def to_dict(self) -> dict[str, Any]:
        """Every parameter, in the contract's order; ``type(r)(**r.to_dict()) == r``."""
        return dict(self._params)

    def __getattr__(self, name: str) -> Any:
        # Read-only parameter attributes (only reached for names not found normally).
        try:
            return object.__getattribute__(self, "_params")[name]
        except KeyError:
            raise AttributeError(f"{type(self).__name__} has no attribute {name!r}") from None

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable; cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable; cannot delete {name!r}")

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._params == other._params

    def __hash__(self) -> int:
        return hash((type(self).__name__, *self._params.items()))

    def __repr__(self) -> str:
        body = ", ".join(f"{k}={v!r}" for k, v in self._params.items())
        return f"{type(self).__name__}({body})"

    def __copy__(self: R) -> R:
        return self

    def __deepcopy__(self: R, memo: dict[int, Any]) -> R:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_make_rules, (type(self), self.to_dict()))
