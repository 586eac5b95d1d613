"""The one build step pyproject.toml cannot say: the wheel carries the Excel add-in.

``addin/ratingbook.xlam`` (built by ``addin/build_addin.py`` and committed) is copied into the
built package as ``ratingbook/excel/ratingbook.xlam``, so that ``ratingbook addin -o FILE`` works
for a user who installed only the wheel. Everything else is in pyproject.toml.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ADDIN = Path(__file__).resolve().parent / "addin" / "ratingbook.xlam"


class BuildWithAddin(build_py):  # type: ignore[misc]
    """build_py, then the add-in beside ratingbook/excel/ in the build folder."""

    def run(self) -> None:
        super().run()
        if not ADDIN.is_file():
            raise SystemExit(f"missing {ADDIN}: run python addin/build_addin.py first")
        target = Path(self.build_lib) / "ratingbook" / "excel" / ADDIN.name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(ADDIN, target)


setup(cmdclass={"build_py": BuildWithAddin})
