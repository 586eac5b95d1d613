"""What a seed-format command reads: FILE, or standard input, as UTF-8 text."""

from __future__ import annotations

import sys

from ratingbook.cli.reporting import fail
from ratingbook.core.encoding import decode_utf8

__all__ = ["read_input"]


def read_input(path: str | None) -> str:
    """The text of FILE, or of standard input when FILE is absent or ``-``."""
    try:
        if path is None or path == "-":
            data = sys.stdin.buffer.read()
            label = "standard input"
        else:
            label = path
            with open(path, "rb") as handle:
                data = handle.read()
    except OSError as error:
        fail(f"cannot read {path!r}: {error.strerror or error}")
    return decode_utf8(data, label)
