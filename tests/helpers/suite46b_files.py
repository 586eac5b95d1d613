"""Inputs the file and workbook tests share, built once for the run instead of once a test.

A template's bytes are the same on every call (``templates.template_bytes`` says so, and
tests/templates checks it byte for byte against the committed files), so a test that starts
from a template writes its own copy of bytes built once: the book it works on is the one it
built before, without building it again (about 0.15 s a template).
"""

from __future__ import annotations

import functools
from pathlib import Path

from ratingbook import templates


@functools.cache
def template_bytes(kind: str) -> bytes:
    """``templates.template_bytes(kind)``, built the first time it is asked for."""
    return templates.template_bytes(kind)


def write_template(kind: str, path: Path) -> Path:
    """The ``kind`` template at ``path``, as ``ratingbook template KIND -o PATH`` writes it."""
    path.write_bytes(template_bytes(kind))
    return path
