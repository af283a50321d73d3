"""The call fuzzer: every public callable of both engines with adversarial arguments.

Each example draws an engine, a target (a module function, a constructor or classmethod, a
method of a rules object, state or game at a random point of play, or the reconstructor its
``__reduce__`` names), and arguments for the target's parameters (named as in the reference
engine's signatures, which are the protocol's). The call may return or raise a
``HeartsFastError``; a call that raises must leave its object's text unchanged, and after any
call every property of the object must still read. Anything else is a finding: another
exception type, or (seen by the parent process) a crash.
"""

from __future__ import annotations

import inspect
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from hearts_fast.errors import HeartsFastError
from tests.fuzz.objects import ENGINES, GAMES, Game, make
from tests.fuzz.values import for_parameter, values

#: Callables left out: oracles whose cost is exponential by design (the reference's brute
#: force meld search) and the deprecated wrappers, which only forward to fuzzed members.
SKIP = {"all_melds_bruteforce", "rummy_batch_state", "rummy_play_out", "spades_card_name"}
#: Dunders fuzzed besides the public names.
DUNDERS = ("__deepcopy__", "__eq__", "__reduce__")
#: Targets whose call shape (too many or too few positional arguments, unknown keywords) is
#: fuzzed too: the constructors and classmethods (docs/protocol.md, Errors).
SHAPED = ("__init__", "from_deal", "from_text", "from_batch", "preset")


@dataclass(frozen=True)
class Target:
    """One callable: `owner` is None for a module function, else (game, kind) whose object
    (kind "class" for the class itself) holds `name`."""

    engine: ModuleType
    owner: tuple[Game, str] | None
    name: str

    @property
    def label(self) -> str:
        where = "" if self.owner is None else f"{self.owner[0].prefix}{self.owner[1]}."
        return f"{self.engine.__name__}.{where}{self.name}"


def _public(cls: type) -> list[str]:
    names = [n for n in dir(cls) if not n.startswith("_") and n not in SKIP]
    own = [d for d in DUNDERS if hasattr(cls, d)]
    return sorted(n for n in names if callable(getattr(cls, n, None))) + own


def targets() -> list[Target]:
    out: list[Target] = []
    for m in ENGINES:
        for name in sorted(getattr(m, "__all__", [])):
            f = getattr(m, name, None)
            if (
                name in SKIP
                or not callable(f)
                or (isinstance(f, type) and issubclass(f, Exception))
            ):
                continue
            out.append(Target(m, None, name))
        for game in GAMES:
            for kind, cls in (
                ("Rules", type(game.rules(m))),
                ("State", game.state_class(m)),
                ("Game", game.game_class(m)),
            ):
                out.append(Target(m, (game, kind), "__init__"))
                out += [Target(m, (game, kind), n) for n in _public(cls)]
    return out


TARGETS = targets()


def parameters(t: Target, f: Callable[..., Any]) -> list[inspect.Parameter]:
    """The parameters of `f`, named as in the reference engine where it has the member."""
    for source in (_reference_twin(t), f):
        try:
            params = list(inspect.signature(source).parameters.values())
        except (TypeError, ValueError):
            continue
        return [p for p in params if p.name != "self"]
    return []


def _reference_twin(t: Target) -> Any:
    ref = ENGINES[1]
    if t.owner is None:
        return getattr(ref, t.name, None)
    game, kind = t.owner
    cls = getattr(ref, f"{game.prefix}{kind}")
    return cls if t.name == "__init__" else getattr(cls, t.name, None)


def draw_arguments(
    data: st.DataObject, params: list[inspect.Parameter], shaped: bool
) -> tuple[list[Any], dict[str, Any]]:
    args: list[Any] = []
    kwargs: dict[str, Any] = {}
    for p in params:
        if p.kind is p.VAR_POSITIONAL:
            args += data.draw(st.lists(values(), max_size=2))
        elif p.kind is p.VAR_KEYWORD:
            names = st.sampled_from(["players", "target", "jokers", "pass_direction", "x"])
            kwargs.update(data.draw(st.dictionaries(names, values(), max_size=2)))
        elif p.kind is p.KEYWORD_ONLY or p.default is not p.empty:
            if data.draw(st.booleans()):
                kwargs[p.name] = data.draw(for_parameter(p.name))
        else:
            args.append(data.draw(for_parameter(p.name)))
    if shaped and data.draw(st.integers(0, 9)) == 0:
        change = data.draw(st.sampled_from(["extra", "missing", "unknown"]))
        if change == "extra":
            args.append(data.draw(values()))
        elif change == "missing" and args:
            args.pop()
        else:
            kwargs["bogus"] = data.draw(values())
    return args, kwargs


def read_all(x: Any) -> None:
    """Every property of `x` reads without error."""
    for name in dir(type(x)):
        if not name.startswith("_") and isinstance(getattr(type(x), name, None), property):
            getattr(x, name)
        elif type(getattr(type(x), name, None)).__name__ == "getset_descriptor":
            getattr(x, name)


class Findings:
    """What went wrong, one entry per (target, exception type), with the first example."""

    def __init__(self, trace: Callable[[str], None]) -> None:
        self.trace = trace
        self.seen: dict[tuple[str, str], str] = {}
        self.calls = 0

    def add(self, label: str, what: str, example: str) -> None:
        self.seen.setdefault((label, what), example)


def run(findings: Findings, examples: Callable[[Callable[..., None]], Callable[..., None]]) -> None:
    """Runs the fuzzer under the hypothesis settings `examples`, recording into `findings`."""

    @examples
    @given(data=st.data())
    def fuzz(data: st.DataObject) -> None:
        t = data.draw(st.sampled_from(TARGETS))
        obj: Any = None
        if t.owner is None:
            f = getattr(t.engine, t.name)
        else:
            game, kind = t.owner
            cls = (
                type(game.rules(t.engine))
                if kind == "Rules"
                else getattr(t.engine, f"{game.prefix}{kind}")
            )
            if t.name == "__init__":
                f = cls
            elif isinstance(inspect.getattr_static(cls, t.name), (classmethod, staticmethod)) or (
                type(inspect.getattr_static(cls, t.name)).__name__ == "classmethod_descriptor"
            ):
                f = getattr(cls, t.name)
            else:
                seed = data.draw(st.integers(0, 2**16))
                moves = data.draw(st.integers(0, 80))
                obj = make(t.engine, game, kind.lower(), seed, moves)
                f = getattr(obj, t.name)
                if t.name == "__reduce__" and data.draw(st.booleans()):
                    f = f()[0]  # the reconstructor, fed garbage
                    obj = None
        reconstructor = t.name == "__reduce__" and obj is None
        shaped = t.name in SHAPED or reconstructor
        params = parameters(Target(t.engine, None, ""), f) if reconstructor else parameters(t, f)
        args, kwargs = draw_arguments(data, params, shaped)
        example = f"{t.label}(*{args!r:.300}, **{kwargs!r:.300})"
        findings.trace(example)
        before = obj.to_text() if obj is not None and hasattr(obj, "to_text") else None
        findings.calls += 1
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                f(*args, **kwargs)
        except HeartsFastError:
            if before is not None and obj.to_text() != before:
                findings.add(t.label, "a failed call changed its object", example)
        except Exception as e:
            findings.add(t.label, f"{type(e).__name__}: {str(e)[:120]}", example)
        if obj is not None:
            try:
                read_all(obj)
            except Exception as e:
                findings.add(t.label, f"a property then raised {type(e).__name__}", example)

    fuzz()
