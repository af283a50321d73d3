"""What stubtest does not check in ``_core.pyi`` (issue #9, the stub's shared members).

The stub writes the members that every rules, state or game class shares once, in private
base classes that the extension does not define (``_Rules``, ``_State``, ``_Game`` …).
stubtest looks every runtime member up through those bases, but it checks only the names a
class defines itself: a member of a private base that the extension lacks would pass it.
This test walks the bases with ``ast`` and finds such a member.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import hearts_fast as hf
from hearts_fast import _core

STUB = Path(hf.__file__).with_name("_core.pyi")
CLASSES = {
    node.name: node
    for node in ast.parse(STUB.read_text(encoding="utf-8")).body
    if isinstance(node, ast.ClassDef)
}


def base_names(node: ast.ClassDef) -> list[str]:
    """The names of a class's bases, ``_State[HeartsRules, _Phase]`` read as ``_State``."""
    out = []
    for base in node.bases:
        if isinstance(base, ast.Subscript):
            base = base.value
        if isinstance(base, ast.Name):
            out.append(base.id)
    return out


def own_members(node: ast.ClassDef) -> set[str]:
    """The methods, properties and annotated attributes a stub class defines itself."""
    names = {n.name for n in node.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}
    names |= {
        n.target.id
        for n in node.body
        if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)
    }
    return names


def private_base_members(name: str) -> set[str]:
    """Every member that class ``name`` gets from the stub's private base classes."""
    members: set[str] = set()
    for base in base_names(CLASSES[name]):
        if base.startswith("_") and base in CLASSES:
            members |= own_members(CLASSES[base]) | private_base_members(base)
    return members


PUBLIC = sorted(n for n in CLASSES if not n.startswith("_") and private_base_members(n))


def test_the_shared_classes_use_the_private_bases() -> None:
    for game in ("Hearts", "Spades", "Rummy"):
        assert {f"{game}Rules", f"{game}State", f"{game}Game"} <= set(PUBLIC)


@pytest.mark.parametrize("name", PUBLIC)
def test_every_inherited_stub_member_exists(name: str) -> None:
    runtime = getattr(_core, name)
    missing = sorted(m for m in private_base_members(name) if not hasattr(runtime, m))
    assert not missing, f"_core.pyi gives {name} members the extension lacks: {missing}"


def test_the_check_can_fail() -> None:
    """The trick members, had the stub given them to rummy, would be found missing."""
    assert "from_batch" in private_base_members("HeartsState")
    trick = own_members(CLASSES["_TrickState"])
    assert trick and not any(hasattr(_core.RummyState, m) for m in trick)
