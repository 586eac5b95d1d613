"""The outside programs some tests need (LibreOffice, Chromium, Node.js and npm): where one is
missing, its tests are skipped on a developer's machine and fail on CI.

CI (``CI=true``, as GitHub Actions and most CI services set it) runs ``.ci/run``, which installs
them: a missing one there means the install broke, and skipping would leave CI green without the
tests that prove our files open in a real spreadsheet program, our pages render and the add-in's
Python runs in Pyodide.
"""

from __future__ import annotations

import os
from typing import NoReturn

import pytest

#: True on CI, where every outside program must be there.
ON_CI = os.environ.get("CI") == "true"


def missing(what: str, install: str) -> NoReturn:
    """Skip the test for want of ``what`` (fail it on CI); ``install`` says how to get it."""
    if ON_CI:
        pytest.fail(
            f"{what} is not installed, and CI=true: .ci/run must install it ({install})",
            pytrace=False,
        )
    pytest.skip(f"{what} is not installed ({install})")
