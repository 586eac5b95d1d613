"""Shared test setup.

xlwings refuses to import some of its features without a license key; the noncommercial key is
set before any test module imports it (the engine itself never does).
"""

import os

os.environ.setdefault("XLWINGS_LICENSE_KEY", "noncommercial")
