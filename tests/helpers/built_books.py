"""Templates built once per test process, for the tests that start from one.

A template's package is the same bytes on every build (``TemplateBook.save`` writes
``package_bytes``, reproducible by design: tests/templates checks that), so a test that starts
from ``TemplateBook(build_template(kind, rows=...)).save(path)`` gets the same file from a copy
of the bytes built the first time: each build recalculates the sample and saves the book with
openpyxl (most of a small command test's own time). Every test still writes its own copy.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from ratingbook.templates import TemplateBook, build_template

Rows = Mapping[str, Sequence[Sequence[object] | Mapping[str, object]]]

_BUILT: dict[tuple[str, str, bool], bytes] = {}


def template_bytes(kind: str, rows: Rows | None = None, *, recalc: bool = True) -> bytes:
    """``TemplateBook(build_template(kind, rows=rows, recalc=recalc))``'s package bytes, built
    once for each kind, rows and recalc (rows are literal data: their ``repr`` is their key)."""
    key = (kind, repr(rows), recalc)
    if key not in _BUILT:
        _BUILT[key] = TemplateBook(build_template(kind, rows=rows, recalc=recalc)).package_bytes()
    return _BUILT[key]


def template_book(path: Path, kind: str, rows: Rows | None = None, *, recalc: bool = True) -> Path:
    """Write what ``TemplateBook(build_template(kind, rows=rows, recalc=recalc)).save(path)``
    writes, from :func:`template_bytes`, and return ``path``."""
    path.write_bytes(template_bytes(kind, rows, recalc=recalc))
    return path


def write_template(kind: str, path: Path) -> Path:
    """The ``kind`` template at ``path``, as ``ratingbook template KIND -o PATH`` writes it."""
    return template_book(path, kind)
