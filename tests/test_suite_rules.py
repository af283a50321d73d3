"""The test suite's own rules (tests/conftest.py), checked on the test sources with ``ast``:

- hypothesis sizing: no test hard-codes ``max_examples``; a costly test scales the active
  profile with ``@examples(fraction)`` from tests/helpers.py;
- the ``engine`` fixture (both engines' module namespaces) is defined once, in conftest.py,
  and no test parametrizes its own ``engine`` argument.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from hypothesis import settings

from tests.helpers import MIN_EXAMPLES, examples

TESTS = Path(__file__).resolve().parent
SOURCES = sorted(p for p in TESTS.rglob("*.py") if p.name != "conftest.py")


def hard_coded_sizes(source: str) -> list[int]:
    """Lines that pass ``max_examples=`` to anything."""
    return [
        node.lineno
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Call) and any(k.arg == "max_examples" for k in node.keywords)
    ]


def own_engine_fixtures(source: str) -> list[int]:
    """Lines that define a function ``engine`` or parametrize an argument ``engine``."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == "engine":
            lines.append(node.lineno)
        if (
            isinstance(node, ast.Call)
            and getattr(node.func, "attr", "") == "parametrize"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and "engine" in str(node.args[0].value).replace(" ", "").split(",")
        ):
            lines.append(node.lineno)
    return lines


def test_no_test_hard_codes_max_examples() -> None:
    assert len(SOURCES) > 20
    for path in SOURCES:
        if path.name == "helpers.py":
            continue  # the one place that sets a scaled max_examples
        lines = hard_coded_sizes(path.read_text(encoding="utf-8"))
        assert not lines, f"{path.relative_to(TESTS)}:{lines}: use @examples(fraction)"


def test_engine_fixture_is_defined_once_in_conftest() -> None:
    for path in SOURCES:
        lines = own_engine_fixtures(path.read_text(encoding="utf-8"))
        assert not lines, f"{path.relative_to(TESTS)}:{lines}: use conftest's engine fixture"
    conftest = (TESTS / "conftest.py").read_text(encoding="utf-8")
    assert own_engine_fixtures(conftest), "conftest.py defines the engine fixture"


@pytest.mark.parametrize(
    ("source", "found"),
    [
        ("@settings(max_examples=40)\ndef test_x(): pass\n", True),
        ("settings(deadline=None, max_examples=3)\n", True),
        ("@examples(0.5)\ndef test_x(): pass\n", False),
    ],
)
def test_the_size_check_can_fail(source: str, found: bool) -> None:
    assert bool(hard_coded_sizes(source)) is found


@pytest.mark.parametrize(
    ("source", "found"),
    [
        ("@pytest.fixture\ndef engine(request): return request.param\n", True),
        ('@pytest.mark.parametrize("engine", [1, 2])\ndef test_x(engine): pass\n', True),
        (
            '@pytest.mark.parametrize("seed, engine", [(1, 2)])\ndef test_x(seed, engine): pass\n',
            True,
        ),
        ('@pytest.mark.parametrize("engines", [1])\ndef test_x(engines): pass\n', False),
        ("def test_x(engine): pass\n", False),
    ],
)
def test_the_fixture_check_can_fail(source: str, found: bool) -> None:
    assert bool(own_engine_fixtures(source)) is found


def test_examples_scales_the_active_profile() -> None:
    profile = settings().max_examples
    assert examples(1).max_examples == max(MIN_EXAMPLES, profile)
    assert examples(0.5).max_examples == max(MIN_EXAMPLES, round(profile / 2))
    assert examples(1e-9).max_examples == MIN_EXAMPLES
    for bad in (0, -0.1, 1.5):
        with pytest.raises(ValueError, match="fraction"):
            examples(bad)
