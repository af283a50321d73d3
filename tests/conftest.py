"""Shared pytest configuration.

Hypothesis sizing, the one rule every test follows: the profile chosen by
``HYPOTHESIS_PROFILE`` sets ``max_examples`` for the whole suite, and a test whose examples
are costly runs a fraction of it with ``@examples(fraction)`` from ``tests/helpers.py``. No
test hard-codes ``max_examples`` (``tests/test_suite_rules.py`` checks this).

- ``ci``: ``make test``'s profile, sized so the whole of ``make test`` stays within ten
  minutes on 2 cores (tests/README.md has the breakdown).
- ``fast``: a quick local smoke run.
- ``slow``: the long soak that ``make test-long`` runs.

Without ``HYPOTHESIS_PROFILE``, the tier chooses: ``ci`` in the everyday tier, ``slow`` in the
long one (``HEARTS_FAST_TEST_TIER=long``, see ``tests/helpers.py``).

The ``engine`` fixture runs a test on both engines' module namespaces: ``hearts_fast`` (the
Rust engine) and ``hearts_fast.reference`` (pure Python). The modules are imported when the
fixture is used, so the reference's own tests (``tests/reference``) run without the compiled
extension.
"""

from __future__ import annotations

import importlib
import os
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import HealthCheck, settings

from tests.helpers import by_tier

_common = {
    "deadline": None,
    "suppress_health_check": [HealthCheck.too_slow, HealthCheck.data_too_large],
    "derandomize": False,
    "print_blob": True,
}
settings.register_profile("ci", max_examples=200, **_common)
settings.register_profile("fast", max_examples=25, **_common)
settings.register_profile("slow", max_examples=3000, **_common)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", by_tier("ci", "slow")))

ENGINE_MODULES = ("hearts_fast", "hearts_fast.reference")

REFERENCE_TESTS = Path(__file__).resolve().parent / "reference"


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """``tests/reference`` is left out when pytest walks the tree: its files run in processes
    of their own with the extension blocked (tests/test_reference_standalone.py), once each.
    Named on the command line (``pytest tests/reference``), they run here as usual."""
    if collection_path == REFERENCE_TESTS:
        return True
    return None


@pytest.fixture(params=ENGINE_MODULES)
def engine(request: pytest.FixtureRequest) -> ModuleType:
    """The public API of one engine: ``hearts_fast`` or ``hearts_fast.reference``."""
    return importlib.import_module(request.param)
