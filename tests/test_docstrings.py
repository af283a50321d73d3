"""Help inside Python: every public class, function and member of ``hearts_fast`` (and of
``hearts_fast.env`` and ``hearts_fast.plot``) has a runtime docstring, and every public
callable a signature that ``help()`` and ``inspect`` can show."""

from __future__ import annotations

import inspect
from typing import Any

import pytest

import hearts_fast as hf
import hearts_fast.env
import hearts_fast.plot


def public(module: Any) -> list[tuple[str, Any]]:
    """The public names of ``module`` and, for classes, their public members."""
    out: list[tuple[str, Any]] = []
    for name in getattr(module, "__all__", []):
        obj = getattr(module, name)
        if isinstance(obj, (int, str, float, tuple, list, dict, frozenset)):
            continue
        out.append((f"{module.__name__}.{name}", obj))
        if inspect.isclass(obj):
            for member, value in vars(obj).items():
                if not member.startswith("_"):
                    out.append((f"{module.__name__}.{name}.{member}", value))
    return out


NAMES = public(hf) + public(hearts_fast.env) + public(hearts_fast.plot)


def test_every_public_name_has_a_docstring() -> None:
    missing = [n for n, obj in NAMES if not (getattr(obj, "__doc__", None) or "").strip()]
    assert missing == []


@pytest.mark.parametrize(
    ("name", "obj"),
    [(n, o) for n, o in NAMES if callable(o) and not inspect.isclass(o)],
    ids=lambda x: x if isinstance(x, str) else "",
)
def test_every_public_callable_has_a_signature(name: str, obj: Any) -> None:
    try:
        inspect.signature(obj)
    except (TypeError, ValueError) as e:  # builtins without __text_signature__
        pytest.fail(f"{name}: no signature ({e})")
