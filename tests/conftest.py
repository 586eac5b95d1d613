"""Shared test setup.

xlwings refuses to import some of its features without a license key; the noncommercial key is
set before any test module imports it (the engine itself never does).

No test may depend on the machine's speed: Hypothesis's per-example deadline and its "input
generation is slow" health check are wall-clock limits, so the default profile turns both off
(a test's own ``@settings`` still chooses its number of examples).
"""

import os

from hypothesis import HealthCheck, settings

os.environ.setdefault("XLWINGS_LICENSE_KEY", "noncommercial")

settings.register_profile("ratingbook", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("ratingbook")
