"""Test settings: a Hypothesis profile per context, chosen by HYPOTHESIS_PROFILE; the PostgreSQL cluster
of the store's tests."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings

from .pg import Cluster, skip_reason

# No deadline and no too-slow check in any profile: a test's examples take what the machine gives them (the
# suite passes on a loaded machine); the budgets under test run on a test's own clock (tests/clocks.py).
settings.register_profile("dev", max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile(
    "ci", max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow], print_blob=True
)
settings.register_profile("quick", max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))


@pytest.fixture(scope="module")
def cluster() -> Iterator[Cluster]:
    """A throwaway PostgreSQL cluster a test module (tests/pg.py), skipped in one line without one."""
    reason = skip_reason()
    if reason:
        pytest.skip(reason)
    made = Cluster()
    yield made
    made.close()
