"""ratingbook.files.patching.cells: Python values -> ``<c>`` XML, and back through a real workbook.

Serial numbers are Excel's (1900 date system: 1 = 1 January 1900, with the phantom 29 February
1900 as 60; 1904 system: 0 = 1 January 1904); number texts follow openpyxl's 16 digits.
"""

from __future__ import annotations

import datetime as dt
import math
from decimal import Decimal
from pathlib import Path

import openpyxl
import pytest

from ratingbook.files.ooxml.workbookpart import MAC_EPOCH, WINDOWS_EPOCH
from ratingbook.files.patching import PackageBook
from ratingbook.files.patching.cells import CellWriter, excel_serial
from ratingbook.files.patching.styles import Styles
from ratingbook.workbook.port.book import WriteBlock

# (value, the <c> element written into B2 of an unstyled cell)
CELL_CASES: list[tuple[object, str]] = [
    ("Ann", '<c r="B2" t="inlineStr"><is><t>Ann</t></is></c>'),
    ("=1+1", '<c r="B2" t="inlineStr"><is><t>=1+1</t></is></c>'),  # text, never a formula
    (" a&b ", '<c r="B2" t="inlineStr"><is><t xml:space="preserve"> a&amp;b </t></is></c>'),
    (True, '<c r="B2" t="b"><v>1</v></c>'),
    (False, '<c r="B2" t="b"><v>0</v></c>'),
    (1500, '<c r="B2"><v>1500</v></c>'),
    (-7, '<c r="B2"><v>-7</v></c>'),
    (0.1, '<c r="B2"><v>0.1</v></c>'),
    (1 / 3, '<c r="B2"><v>0.3333333333333333</v></c>'),
    (1e20, '<c r="B2"><v>1e+20</v></c>'),
    (Decimal("12.50"), '<c r="B2"><v>12.50</v></c>'),
    (math.inf, '<c r="B2" t="e"><v>#NUM!</v></c>'),
    (math.nan, '<c r="B2" t="e"><v>#NUM!</v></c>'),
    (None, ""),
]


def writer(epoch: dt.datetime = WINDOWS_EPOCH) -> CellWriter:
    styles = Styles(None, "xl/styles.xml")
    return CellWriter(lambda: styles, epoch)


@pytest.mark.parametrize(("value", "xml"), CELL_CASES)
def test_values_become_cell_xml(value: object, xml: str) -> None:
    assert writer().cell("", "B2", None, value) == xml


def test_a_written_cell_keeps_its_style_and_prefix() -> None:
    assert writer().cell("x:", "C3", "4", 5) == '<x:c r="C3" s="4"><x:v>5</x:v></x:c>'
    assert writer().cell("", "C3", "4", None) == '<c r="C3" s="4"/>'


@pytest.mark.parametrize(
    ("value", "epoch", "serial"),
    [
        (dt.date(1900, 1, 1), WINDOWS_EPOCH, 1),
        (dt.date(1900, 2, 28), WINDOWS_EPOCH, 59),
        (dt.date(1900, 3, 1), WINDOWS_EPOCH, 61),
        (dt.date(2024, 5, 6), WINDOWS_EPOCH, 45418),
        (dt.datetime(2024, 5, 6, 18, 0), WINDOWS_EPOCH, 45418.75),
        (dt.date(1904, 1, 1), MAC_EPOCH, 0),
        (dt.date(2024, 5, 6), MAC_EPOCH, 45418 - 1462),
        (dt.time(12, 0), WINDOWS_EPOCH, 0.5),
        (dt.time(6, 0, 0), WINDOWS_EPOCH, 0.25),
        (dt.timedelta(hours=36), WINDOWS_EPOCH, 1.5),
    ],
)
def test_excel_serial_numbers(value: dt.date, epoch: dt.datetime, serial: float) -> None:
    assert excel_serial(value, epoch) == serial


def test_a_date_gets_a_date_format() -> None:
    w = writer()
    xml = w.cell("", "A1", None, dt.date(2024, 5, 6))
    assert xml == '<c r="A1" s="1"><v>45418</v></c>'
    assert w.styles().formats[164] == "yyyy-mm-dd"


def test_an_object_no_cell_can_hold_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="cannot write"):
        writer().cell("", "A1", None, object())


# (value written, value read back by PackageBook, value openpyxl reads back)
ROUND_TRIPS: list[tuple[object, object, object]] = [
    ("Ann", "Ann", "Ann"),
    ("=SUM(A1)", "=SUM(A1)", "=SUM(A1)"),
    (" two  spaces ", " two  spaces ", " two  spaces "),
    ("a\r\nb", "a\r\nb", "a\r\nb"),
    (1500, 1500, 1500),
    (12.5, 12.5, 12.5),
    (True, True, True),
    (dt.date(2024, 5, 6), dt.datetime(2024, 5, 6), dt.datetime(2024, 5, 6)),
    (dt.datetime(2024, 5, 6, 18, 0), dt.datetime(2024, 5, 6, 18, 0), dt.datetime(2024, 5, 6, 18)),
]


def test_values_read_back_as_written(tmp_path: Path) -> None:
    source = tmp_path / "in.xlsx"
    wb = openpyxl.Workbook()
    wb.active.title = "S"
    wb.active["A1"] = "header"
    wb.save(source)
    book = PackageBook(source)
    column = [[written] for written, _, _ in ROUND_TRIPS]
    book.write_values(WriteBlock("S", 2, 1, column))
    book.save(tmp_path / "out.xlsx")
    again = PackageBook(tmp_path / "out.xlsx").read_values("S")
    assert [row[0] for row in again[1:]] == [back for _, back, _ in ROUND_TRIPS]
    sheet = openpyxl.load_workbook(tmp_path / "out.xlsx")["S"]
    assert [sheet.cell(r, 1).value for r in range(2, 2 + len(ROUND_TRIPS))] == [
        theirs for _, _, theirs in ROUND_TRIPS
    ]
