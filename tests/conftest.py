"""Shared pytest configuration: hypothesis profiles chosen by HYPOTHESIS_PROFILE.

- ``ci`` (default): sized so the whole suite stays within a few minutes on 2 cores.
- ``fast``: a quick local smoke run.
- ``slow``: a long local soak (``HYPOTHESIS_PROFILE=slow make test-python``).
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

_common = {
    "deadline": None,
    "suppress_health_check": [HealthCheck.too_slow, HealthCheck.data_too_large],
    "derandomize": False,
    "print_blob": True,
}
settings.register_profile("ci", max_examples=600, **_common)
settings.register_profile("fast", max_examples=25, **_common)
settings.register_profile("slow", max_examples=3000, **_common)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
