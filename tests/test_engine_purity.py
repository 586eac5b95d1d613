"""The engine is pure (SPEC: "The engine modules import neither xlwings nor openpyxl")."""

from __future__ import annotations

import subprocess
import sys

ENGINE_MODULES = (
    "ratingbook",
    "ratingbook.ladder",
    "ratingbook.crikey",
    "ratingbook.elo",
    "ratingbook.swiss",
    "ratingbook.formats",
    "ratingbook.errors",
    "ratingbook.results",
)
SPREADSHEET_LIBRARIES = ("openpyxl", "xlwings")

# Run in a fresh interpreter: this test process may already have imported either library.
PROBE = f"""
import importlib, sys
for name in {ENGINE_MODULES!r}:
    importlib.import_module(name)
missing = [name for name in {ENGINE_MODULES!r} if name not in sys.modules]
assert not missing, missing
print(" ".join(sorted(lib for lib in {SPREADSHEET_LIBRARIES!r} if lib in sys.modules)))
"""


def test_importing_the_engine_imports_no_spreadsheet_library() -> None:
    """A clean interpreter that imports every engine module has neither openpyxl nor xlwings."""
    # timeout: a hang guard only; the probe takes 0.05 s on the idle machine (2026-11-22).
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == ""
