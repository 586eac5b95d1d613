"""The checks CI runs besides the behaviour tests: doctests, ruff, ruff format, mypy --strict.

They run inside ``python -m pytest`` (README's test command, which CI runs as it is), so a
developer sees the same failures CI does. ruff and mypy come with the ``test`` extra. Each tool
runs as one subprocess, one at a time.
"""

from __future__ import annotations

import doctest
import importlib
import importlib.util
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest
from tests.helpers.paths import ROOT

import ratingbook

ROOT = ROOT
#: Linted and format-checked; mypy checks what pyproject's [tool.mypy] names (src, strict).
LINTED = ["src", "tests", "benchmarks"]
#: A hang guard, not a speed test: on the 2-core machine (measured 2026-11-22, 42 modules) ruff
#: takes 0.15 s and mypy 2.7 s of CPU without a cache (0.2 s with one), 6.7 s of wall clock with
#: both cores busy.
HANG_GUARD = 300.0

#: Every module of the package, sub-packages included.
MODULES = sorted(
    ["ratingbook"]
    + [info.name for info in pkgutil.walk_packages(ratingbook.__path__, prefix="ratingbook.")]
)


def _source(name: str) -> str:
    spec = importlib.util.find_spec(name)
    assert spec is not None and spec.origin is not None, name
    return Path(spec.origin).read_text(encoding="utf-8")


#: The modules with examples in their docstrings: a doctest example starts with ``>>>``, so a
#: module whose source has none has no example to run (and no test case to count).
WITH_EXAMPLES = [name for name in MODULES if ">>>" in _source(name)]


def run_tool(*args: str) -> subprocess.CompletedProcess[str]:
    """``python -m TOOL ARGS`` in the project root; fails (not skips) when the tool is missing."""
    try:
        return subprocess.run(
            [sys.executable, "-m", *args],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=HANG_GUARD,
            stdin=subprocess.DEVNULL,
            check=False,
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"{args[0]} gave no answer in {HANG_GUARD} s: a hang")


@pytest.mark.parametrize("name", WITH_EXAMPLES)
def test_doctests_hold(name: str) -> None:
    """Every example in the package's docstrings prints what it shows."""
    runner = doctest.DocTestRunner(verbose=False)
    report: list[str] = []
    for test in doctest.DocTestFinder().find(importlib.import_module(name)):
        runner.run(test, out=report.append)
    assert runner.failures == 0, "".join(report)


def test_the_doctests_are_found() -> None:
    """The doctest run is not empty: the modules known to carry examples are found with them,
    and are among those the run covers."""
    finder = doctest.DocTestFinder()
    counted = {
        name: sum(len(test.examples) for test in finder.find(importlib.import_module(name)))
        for name in WITH_EXAMPLES
    }
    for name in (
        "ratingbook.ratings.crikey",
        "ratingbook.ratings.elo",
        "ratingbook.ratings.ladder",
    ):
        assert counted.get(name, 0) >= 1, counted


def test_ruff_check_is_clean() -> None:
    done = run_tool("ruff", "check", "--no-cache", *LINTED)
    assert done.returncode == 0, done.stdout + done.stderr


def test_ruff_format_is_clean() -> None:
    done = run_tool("ruff", "format", "--check", "--no-cache", *LINTED)
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_strict_is_clean() -> None:
    done = run_tool("mypy")  # files and strict = true come from pyproject's [tool.mypy]
    assert done.returncode == 0, done.stdout + done.stderr
