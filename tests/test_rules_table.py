"""Rules declared once (issue #9): the engine's parameter table (the ``rules!`` declaration
behind ``<Game>Rules.parameters``) against the stubs in ``_core.pyi`` and against the pure-
Python reference's own table, for the three games (A.1/A.6 of docs/rules/hearts.md, B.1 of
docs/rules/spades.md, C.1 of docs/rules/rummy.md).

The reference keeps its table independently (``_PARAMS``); these tests only compare: names
and order, defaults, the names each choice parameter accepts, and the integer ranges (each
engine accepts both ends and refuses one past each end).
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest

import hearts_fast as hf
import hearts_fast.reference.rules as ref_hearts
import hearts_fast.reference.rummy as ref_rummy
import hearts_fast.reference.spades as ref_spades

STUB = Path(hf.__file__).with_name("_core.pyi")

GAMES = [
    ("HeartsRules", ref_hearts),
    ("SpadesRules", ref_spades),
    ("RummyRules", ref_rummy),
]


def stub_params(cls: str) -> dict[str, ast.expr]:
    """The annotated attributes of class ``cls`` in the stub, in order (ClassVars left out)."""
    tree = ast.parse(STUB.read_text(encoding="utf-8"))
    node = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == cls)
    out: dict[str, ast.expr] = {}
    for item in node.body:
        if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
            if "ClassVar" in ast.unparse(item.annotation):
                continue
            out[item.target.id] = item.annotation
    return out


def literal_names(annotation: ast.expr) -> set[str]:
    """The string values of every ``Literal[...]`` in an annotation."""
    names: set[str] = set()
    for node in ast.walk(annotation):
        if (
            isinstance(node, ast.Subscript)
            and isinstance(node.value, ast.Name)
            and node.value.id == "Literal"
        ):
            elts = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
            names |= {e.value for e in elts if isinstance(e, ast.Constant)}
    return names


@pytest.mark.parametrize(("cls", "ref"), GAMES)
def test_names_and_order_agree(cls: str, ref: Any) -> None:
    fast = getattr(hf, cls)
    assert list(fast.parameters) == list(stub_params(cls)), "engine table vs _core.pyi"
    assert list(fast.parameters) == list(ref._PARAMS), "engine table vs the reference"
    assert list(fast().to_dict()) == list(fast.parameters)


@pytest.mark.parametrize(("cls", "ref"), GAMES)
def test_defaults_agree(cls: str, ref: Any) -> None:
    fast = getattr(hf, cls)()
    expected = {name: default for name, (_, _, default) in ref._PARAMS.items()}
    assert fast.to_dict() == expected


@pytest.mark.parametrize(("cls", "ref"), GAMES)
def test_choice_names_agree(cls: str, ref: Any) -> None:
    fast = getattr(hf, cls)
    stub = stub_params(cls)
    for name, (kind, spec, _) in ref._PARAMS.items():
        if kind != "choice":
            continue
        assert literal_names(stub[name]) == set(spec), name
        for value in spec:
            try:
                got = fast(**{name: value})
            except hf.InvalidRulesError as e:
                # Only a cross-parameter rule may refuse a single choice (say why).
                message = str(e)
            else:
                assert getattr(got, name) == value
                continue
            assert name in message and "must be" not in message, (name, value, message)
        with pytest.raises(hf.InvalidRulesError, match=name):
            fast(**{name: "no_such_value"})


@pytest.mark.parametrize(("cls", "ref"), GAMES)
def test_integer_ranges_agree(cls: str, ref: Any) -> None:
    fast = getattr(hf, cls)
    slow = getattr(ref, cls)
    checked = 0
    for name, (kind, spec, _) in ref._PARAMS.items():
        if kind != "int":
            continue
        lo, hi = spec
        for engine in (fast, slow):
            assert getattr(engine(**{name: lo}), name) == lo
            assert getattr(engine(**{name: hi}), name) == hi
            for bad in (lo - 1, hi + 1):
                with pytest.raises(hf.InvalidRulesError, match=name):
                    engine(**{name: bad})
        checked += 1
    assert checked >= 1


def test_literal_names_reads_unions() -> None:
    assert literal_names(ast.parse('Literal["a", "b"] | None', mode="eval").body) == {"a", "b"}
    assert literal_names(ast.parse('Literal["auto"] | int', mode="eval").body) == {"auto"}
