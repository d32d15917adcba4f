"""Test settings: a Hypothesis profile per context, chosen by HYPOTHESIS_PROFILE."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

# No deadline and no too-slow check in any profile: a test's examples take what the machine gives them (the
# suite passes on a loaded machine); the budgets under test run on a test's own clock (tests/clocks.py).
settings.register_profile("dev", max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile(
    "ci", max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow], print_blob=True
)
settings.register_profile("quick", max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))
