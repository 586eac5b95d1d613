"""A print area of whole columns or rows survives the openpyxl back end.

Excel writes the print area of whole columns chosen as ``'Club''s list'!$B:$D``, and
LibreOffice writes every print area so; openpyxl reads no print area from such a name (it warns
"Print area cannot be set to Defined name") and, saving, would leave the sheet to print whole.
``ratingbook --backend openpyxl`` keeps the area as the file has it, and warns nothing.
"""

from __future__ import annotations

import warnings
from pathlib import Path

import openpyxl
import pytest
from openpyxl.workbook.defined_name import DefinedName
from tests.helpers.workbooks import zip_member

from ratingbook.files.rewriting.openpyxl_book import XlsxBook
from ratingbook.workbook.port.book import GeneratedSheet, WriteBlock

PRINT_AREA = "_xlnm.Print_Area"


def _book(path: Path, area: str) -> str:
    """A book whose second sheet, ``Club's list``, prints ``area``; its name as the file has it."""
    wb = openpyxl.Workbook()
    notes = wb.active
    assert notes is not None
    notes.title = "Notes"
    notes["A1"] = "Results typed here"
    listed = wb.create_sheet("Club's list")
    for row in (["Name", "Rating", "Club", "Born"], ["Ann", 1500, "Kilkenny", 2001]):
        listed.append(row)
    listed.defined_names[PRINT_AREA] = DefinedName(PRINT_AREA, attr_text=area)
    wb.save(path)
    name = f'<definedName name="{PRINT_AREA}" localSheetId="1">{area}</definedName>'
    assert name in zip_member(path, "xl/workbook.xml").decode()  # as Excel writes it
    with pytest.warns(UserWarning, match="Print area cannot be set"):
        assert not openpyxl.load_workbook(path)["Club's list"].print_area  # its loss
    return name


@pytest.mark.parametrize(
    "area",
    [
        "'Club''s list'!$B:$D",  # whole columns
        "'Club''s list'!$1:$2",  # whole rows
        "'Club''s list'!$A:$A,'Club''s list'!$C:$D",  # two ranges of whole columns
    ],
)
def test_a_print_area_of_whole_columns_or_rows_is_kept_through_a_save(
    tmp_path: Path, area: str
) -> None:
    path = tmp_path / "club.xlsx"
    name = _book(path, area)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # openpyxl's warning is not passed on: nothing was lost
        book = XlsxBook(path)
        book.write_values(WriteBlock("Notes", 2, 1, [["Bob won"]]))
        book.save(path)
    assert name in zip_member(path, "xl/workbook.xml").decode()
    with pytest.warns(UserWarning, match="Print area cannot be set"):  # the area, as before
        assert openpyxl.load_workbook(path)["Notes"]["A2"].value == "Bob won"


def test_a_sheet_made_again_drops_the_print_area_it_had(tmp_path: Path) -> None:
    """A sheet ratingbook writes whole gets its own print setup: the file's old print area of
    whole columns is not written beside it (one name in one scope, or Excel repairs the file)."""
    path = tmp_path / "club.xlsx"
    name = _book(path, "'Club''s list'!$B:$D")
    book = XlsxBook(path)
    book.replace_sheet(GeneratedSheet("Club's list", ("Name", "Rating"), [("Ann", 1500)]))
    book.save(path)
    workbook_xml = zip_member(path, "xl/workbook.xml").decode()
    assert name not in workbook_xml
    assert workbook_xml.count(f'name="{PRINT_AREA}"') <= 1


def test_a_print_area_naming_no_sheet_of_the_book_is_still_warned(tmp_path: Path) -> None:
    """Only an area kept is kept quiet: one naming a sheet the book lacks is openpyxl's warning."""
    path = tmp_path / "club.xlsx"
    _book(path, "Elsewhere!$B:$D")
    with pytest.warns(UserWarning, match=r"Defined name: Elsewhere!\$B:\$D"):
        XlsxBook(path)
