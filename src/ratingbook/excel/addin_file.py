"""Where the Excel add-in (``ratingbook.xlam``) is, wherever ratingbook was installed from.

The wheel carries the add-in beside this module (``setup.py`` copies ``addin/ratingbook.xlam``
into the built package), so ``ratingbook addin -o FILE`` needs no repository. Run from a source
checkout (an editable install), the repository's own ``addin/ratingbook.xlam`` is the file.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from ratingbook.errors import RatingbookError

__all__ = ["ADDIN_NAME", "addin_bytes"]

ADDIN_NAME = "ratingbook.xlam"


def addin_bytes() -> bytes:
    """The add-in's bytes: the installed copy, else the source checkout's ``addin/`` file."""
    installed = resources.files("ratingbook.excel").joinpath(ADDIN_NAME)
    if installed.is_file():
        return installed.read_bytes()
    checkout = Path(__file__).resolve().parents[3] / "addin" / ADDIN_NAME
    if checkout.is_file():
        return checkout.read_bytes()
    raise RatingbookError(
        f"this installation of ratingbook carries no {ADDIN_NAME}; install the wheel (it holds "
        "the add-in) or run from a source checkout with addin/ratingbook.xlam"
    )
