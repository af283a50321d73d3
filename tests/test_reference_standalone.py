"""The pure-Python reference engine stands alone (issue 9, "The reference stays independent"):

- ``import hearts_fast.reference`` and the reference's own tests (``tests/reference``) work in
  a Python where the compiled extension ``hearts_fast._core`` cannot be imported, while the
  fast engine's names then raise an ImportError that says why. The reference's tests run
  only there: each file of ``tests/reference`` in a process of its own with the extension
  blocked, at the active profile's size (tests/conftest.py keeps the directory out of the
  main run, so each of its tests runs once);
- nothing in ``python/hearts_fast/reference`` imports anything from the package but
  ``hearts_fast.errors`` and ``hearts_fast._types`` (checked on the source with ``ast``), so
  the reference shares nothing with the fast engine but the exception classes and the plain
  result types (the solver's ``Solution``).

The subprocesses block the extension with ``sys.modules["hearts_fast._core"] = None``, which
makes every import of it raise ImportError.
"""

from __future__ import annotations

import ast
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests.helpers import by_tier

ROOT = Path(__file__).resolve().parent.parent
REFERENCE = ROOT / "python" / "hearts_fast" / "reference"
BLOCK = "import sys\nsys.modules['hearts_fast._core'] = None\n"

# Plays one hand of each game on the reference with the extension blocked: Hearts (A-12..A-20:
# Σ points = 26), Spades (B-6, B-14: four bids, 13 tricks) and rummy (C-10..C-18: random legal
# actions until the hand ends). Then checks that the fast engine's names raise ImportError.
PLAY_HANDS = """
import random
import hearts_fast.reference as ref

rng = random.Random(5)
h = ref.HeartsState(ref.HeartsRules(pass_direction="hold"), seed=1, dealer=0)
while h.phase != "over":
    h.play(rng.choice(h.legal_plays()))
assert sum(h.points()) == 26, h.points()

s = ref.SpadesState(ref.SpadesRules(), seed=2, dealer=3)
while s.phase == "bid":
    s.bid(rng.choice(s.legal_bids()))
while s.phase != "over":
    s.play(rng.choice(s.legal_plays()))
assert sum(s.tricks_taken) == 13, s.tricks_taken

r = ref.RummyState(ref.RummyRules(players=3, hand_size=7, max_turns_per_hand=60), seed=3)
steps = 0
while r.phase != "over":
    r.apply(rng.choice(r.legal_actions()))
    steps += 1
assert steps > 3 and len(r.hand_scores()) == 3

assert sys.modules["hearts_fast._core"] is None, "the extension was imported"
import hearts_fast
try:
    hearts_fast.HeartsState
except ImportError as e:
    assert "hearts_fast._core" in str(e) and "hearts_fast.reference" in str(e), e
else:
    raise AssertionError("hearts_fast.HeartsState without the extension")
print("played")
"""

RUN_REFERENCE_TESTS = """
import pytest
code = pytest.main([{path!r}, "-q", "-p", "no:cacheprovider", "-p", "no:xdist"])
assert sys.modules["hearts_fast._core"] is None, "the extension was imported"
sys.exit(code)
"""

#: The reference's own test files, each run in a process of its own (so the runs spread over
#: the test workers).
REFERENCE_TESTS = sorted(p.name for p in (ROOT / "tests" / "reference").glob("test_*.py"))


def run_blocked(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", BLOCK + textwrap.dedent(code)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=by_tier(600, 5000),
        check=False,
    )


def test_reference_plays_each_game_without_the_extension() -> None:
    done = run_blocked(PLAY_HANDS)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.strip() == "played"


@pytest.mark.parametrize("name", REFERENCE_TESTS)
def test_reference_tests_pass_without_the_extension(name: str) -> None:
    done = run_blocked(RUN_REFERENCE_TESTS.format(path=f"tests/reference/{name}"))
    assert done.returncode == 0, done.stdout[-8000:] + done.stderr[-3000:]
    assert " passed" in done.stdout and "error" not in done.stdout.lower()


def test_the_blocker_blocks() -> None:
    """The check above can fail: with the blocker, the fast engine is out of reach."""
    done = run_blocked("import hearts_fast\nhearts_fast.simulate_hearts\n")
    assert done.returncode != 0
    assert "ImportError" in done.stderr and "hearts_fast._core" in done.stderr


# ---------------------------------------------------------------- what the reference imports

ALLOWED = ("hearts_fast.errors", "hearts_fast._types", "hearts_fast.reference")


def package_imports(source: str, package: str) -> list[str]:
    """Every name of the ``hearts_fast`` package that ``source``, a module of ``package``,
    imports: ``import a.b`` gives ``a.b``, ``from a import b`` gives ``a.b`` (relative
    imports resolved), and ``importlib.import_module`` / ``__import__`` on a literal name."""
    found: list[str] = []
    for node in ast.walk(ast.parse(source)):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            target = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - (node.level - 1)])
                target = f"{base}.{target}" if target else base
            names = [f"{target}.{a.name}" for a in node.names]
        elif isinstance(node, ast.Call):
            f = node.func
            fname = f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", "")
            if fname in ("import_module", "__import__") and node.args:
                arg = node.args[0]
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    names = [arg.value]
        found += [n for n in names if n == "hearts_fast" or n.startswith("hearts_fast.")]
    return found


def disallowed(names: list[str]) -> list[str]:
    return [n for n in names if not any(n == a or n.startswith(a + ".") for a in ALLOWED)]


def test_reference_imports_only_the_errors_and_types_from_the_package() -> None:
    files = sorted(REFERENCE.glob("*.py"))
    assert len(files) >= 6
    seen = 0
    for path in files:
        names = package_imports(path.read_text(encoding="utf-8"), "hearts_fast.reference")
        assert not disallowed(names), (path.name, disallowed(names))
        seen += len(names)
    assert seen > 10  # the check saw the reference's own imports


@pytest.mark.parametrize(
    ("source", "caught"),
    [
        ("import hearts_fast\n", True),
        ("from hearts_fast import _core\n", True),
        ("from hearts_fast._core import HeartsState\n", True),
        ("from .. import _core\n", True),
        ("from ..cli import main\n", True),
        ("import hearts_fast._core as c\n", True),
        ("import importlib\nimportlib.import_module('hearts_fast._core')\n", True),
        ("__import__('hearts_fast')\n", True),
        ("from hearts_fast.errors import IllegalMoveError\n", False),
        ("from hearts_fast._types import Solution\n", False),
        ("from hearts_fast import errors\n", False),
        ("from ..errors import InvalidCardError\n", False),
        ("from .cards import card\n", False),
        ("from . import cards\n", False),
        ("from hearts_fast.reference.cards import hand_lists\n", False),
        ("import random\n", False),
    ],
)
def test_the_import_check_can_fail(source: str, caught: bool) -> None:
    names = package_imports(source, "hearts_fast.reference")
    assert bool(disallowed(names)) is caught, (source, names)
