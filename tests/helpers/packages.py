"""Workbook packages made for the package back end's tests: the sample ladder, a member replaced,
a sheet's XML written by hand."""

from __future__ import annotations

import functools
import tempfile
import zipfile
from pathlib import Path
from typing import Any

from tests.helpers.workbooks import (
    ladder_sheets,
    make_book,
    save_book,
    saved_by_excel,
)

MAIN_NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"


def ladder_book(tmp_path: Path, name: str = "camp.xlsx", **extra: Any) -> Path:
    return save_book(make_book({**ladder_sheets(), **extra}), tmp_path / name)


def replace_member(path: Path, name: str, data: bytes, target: Path | None = None) -> Path:
    """A copy of the package with member ``name`` replaced (or added)."""
    target = target or path
    with zipfile.ZipFile(path) as source:
        items = [(i, source.read(i)) for i in source.infolist() if i.filename != name]
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as out:
        for info, content in items:
            out.writestr(info, content)
        out.writestr(name, data)
    return target


def book_with_sheet_xml(tmp_path: Path, sheet_data: str, *, name: str = "raw.xlsx") -> Path:
    """A one-sheet book ("S") whose <sheetData> inside is exactly ``sheet_data``, with the
    ``<calcPr>`` of a book Excel saved (its cached formula values count)."""
    path = tmp_path / name
    path.write_bytes(_one_sheet_book())
    xml = f'<worksheet xmlns="{MAIN_NS}"><sheetData>{sheet_data}</sheetData></worksheet>'
    return replace_member(path, "xl/worksheets/sheet1.xml", xml.encode())


@functools.cache
def _one_sheet_book() -> bytes:
    """The book ``book_with_sheet_xml`` starts from, saved once for the run: its sheet part is
    replaced whole, and Hypothesis tests ask for dozens of them."""
    with tempfile.TemporaryDirectory() as folder:
        path = saved_by_excel(save_book(make_book({"S": [[None]]}), Path(folder) / "base.xlsx"))
        return path.read_bytes()
