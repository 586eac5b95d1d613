"""ratingbook.files.patching.walker: the one walker over a sheet's rows and cells.

ECMA-376 part 1, 18.3.1.73 and 18.3.1.4: ``r`` is optional on ``<row>`` and ``<c>``; an element
without it follows the previous one. Rows and cells must be in increasing order.
"""

from __future__ import annotations

import pytest

from ratingbook.errors import WorkbookError
from ratingbook.files.patching.walker import (
    SheetXml,
    check_inline_strings,
    sheet_extent,
    translate_formula,
)

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"


def sheet(rows: str, p: str = "") -> SheetXml:
    ns = f'xmlns:{p[:-1]}="{MAIN}"' if p else f'xmlns="{MAIN}"'
    xml = (
        f'<?xml version="1.0"?><{p}worksheet {ns}><{p}dimension ref="A1"/>'
        f"<{p}sheetData>{rows}</{p}sheetData><{p}pageMargins/></{p}worksheet>"
    )
    return SheetXml.split(xml, "xl/worksheets/sheet1.xml")


# (sheetData inside, [(row, inside or None, has r, [(column, has r), ...]), ...])
WALKS: list[tuple[str, list[tuple[int, bool, list[tuple[int, bool]]]]]] = [
    ("", []),
    ('<row r="1"><c r="A1"><v>1</v></c><c r="C1"/></row>', [(1, True, [(1, True), (3, True)])]),
    # no r: the next row, the next cell
    (
        '<row r="2"><c r="B2"/><c/></row><row><c/></row>',
        [(2, True, [(2, True), (3, False)]), (3, False, [(1, False)])],
    ),
    (
        '<row r="5"/><row r="7" spans="1:2"><c r="$B$7"/></row>',
        [(5, True, []), (7, True, [(2, True)])],
    ),
    ("<row r='9' ht='20'><c r='AA9' s='3'/></row>", [(9, True, [(27, True)])]),
]


@pytest.mark.parametrize(("rows", "expected"), WALKS)
def test_rows_and_cells_are_walked_in_order(
    rows: str, expected: list[tuple[int, bool, list[tuple[int, bool]]]]
) -> None:
    xml = sheet(rows)
    walked = []
    for number, start, end, _, inside, has_r in xml.rows():
        assert xml.body[start:end].startswith("<row")
        cells = [(c, r) for c, _, _, _, _, r in xml.cells(inside or "")]
        walked.append((number, has_r, cells))
    assert walked == expected


def test_a_prefixed_sheet_is_walked_the_same() -> None:
    xml = sheet('<x:row r="3"><x:c r="B3"><x:v>2</x:v></x:c></x:row>', "x:")
    assert [(n, inside) for n, _, _, _, inside, _ in xml.rows()] == [
        (3, '<x:c r="B3"><x:v>2</x:v></x:c>')
    ]


def test_the_sheet_is_split_around_its_sheet_data() -> None:
    xml = sheet('<row r="1"/>')
    assert xml.head.endswith("<sheetData>")
    assert xml.body == '<row r="1"/>'
    assert xml.tail == "</sheetData><pageMargins/></worksheet>"
    empty = SheetXml.split(f'<worksheet xmlns="{MAIN}"><sheetData/></worksheet>', "s")
    assert (empty.head, empty.body, empty.tail) == (
        f'<worksheet xmlns="{MAIN}"><sheetData>',
        "",
        "</sheetData></worksheet>",
    )


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        (
            '<row r="3"/><row r="2"/>',
            r"sheet part 'xl/worksheets/sheet1.xml' has rows out of order \(row 2 after row 3\)",
        ),
        ('<row r="3"/><row r="3"/>', r"rows out of order \(row 3 after row 3\)"),
        ('<row r="1"><c r="C1"/><c r="B1"/></row>', "cells out of order"),
        ('<row r="1"><c r="A1"><v>1</v></row>', "unterminated <c>"),
        ("<row r='1'><!-- note --></row>", "XML comments"),
    ],
)
def test_disorder_and_damage_are_refused(rows: str, message: str) -> None:
    with pytest.raises(WorkbookError, match=message):
        xml = sheet(rows)
        for _, _, _, _, inside, _ in xml.rows():
            list(xml.cells(inside or ""))


# (shared formula, its master cell, another cell of the range, the formula there): relative
# references move with the cell, absolute ones ($) stay.
TRANSLATIONS = [
    ("A1+B1", "C1", "C2", "A2+B2"),
    ("A1+B1", "C1", "D1", "B1+C1"),
    ("$A$1+B1", "C1", "C3", "$A$1+B3"),
    ("SUM(A1:A3)", "B1", "B4", "SUM(A4:A6)"),
    ("1000+250", "G2", "G9", "1000+250"),
]


@pytest.mark.parametrize(("formula", "origin", "target", "expected"), TRANSLATIONS)
def test_shared_formulas_translate_like_excel(
    formula: str, origin: str, target: str, expected: str
) -> None:
    assert translate_formula(formula, origin, target) == expected


@pytest.mark.parametrize("formula", ["SUM(A1#)", 'A1&"x', "A1)", "'Sheet 1!A1"])
def test_a_formula_openpyxl_cannot_tokenize_is_not_translated(formula: str) -> None:
    """A spill reference, an unterminated string, a closing bracket with none open, an
    unterminated sheet name: no translation (None), never the text unchanged, which would
    point at the master's cells."""
    assert translate_formula(formula, "B1", "B2") is None


# (sheetData inside, (last row, last column, cells, rows at most, width of rows 1..2)): the
# fast scan and the walker agree; the walker is used when a row or cell lacks a leading r.
EXTENTS: list[tuple[str, tuple[int, int, int, int, int]]] = [
    ("", (0, 0, 0, 0, 0)),
    ('<row r="1"><c r="A1"><v>1</v></c><c r="C1"><v>3</v></c></row>', (1, 3, 2, 1, 3)),
    (
        '<row r="1"><c r="B1"><v>1</v></c></row><row r="7"><c r="AA7"><v>2</v></c></row>',
        (7, 27, 2, 2, 2),
    ),
    (
        '<row r="2"><c r="A2"/></row><row r="1048576"><c r="XFD1048576"><v>1</v></c></row>',
        (1_048_576, 16_384, 2, 2, 1),
    ),
    # no leading r: the walker counts (the second row follows the first; its cell follows A3)
    (
        '<row r="2"><c r="A2"><v>1</v></c></row><row><c s="1" r="A3"/><c><v>1</v></c></row>',
        (3, 2, 3, 2, 1),
    ),
    # rich text runs hold <charset>, <color>...: still the fast count
    (
        '<row r="1"><c r="A1" t="inlineStr"><is><r><rPr><color rgb="FF0000"/><charset val="0"/>'
        "</rPr><t>x</t></r></is></c></row>",
        (1, 1, 1, 1, 1),
    ),
]


@pytest.mark.parametrize(("rows", "expected"), EXTENTS)
def test_the_extent_of_a_sheets_cells(rows: str, expected: tuple[int, ...]) -> None:
    xml = sheet(rows)
    extent = sheet_extent(xml, 2)
    found = (extent.last_row, extent.last_column, extent.cells, extent.rows, extent.head_width)
    assert found == expected


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        ('<row r="5"/><row r="1048577"><c r="A1048577"/></row>', "row numbered 1,048,577"),
        ('<row r="5"><c r="XFE5"/></row>', "cell in column XFE, beyond Excel's last column"),
        ('<row r="2"/><row r="2"/>', r"rows out of order \(row 2 after row 2\)"),
        ("<row/>" * 3 + '<row r="2"/>', r"rows out of order \(row 2 after row 3\)"),
    ],
)
def test_the_extent_scan_refuses_what_excel_refuses(rows: str, message: str) -> None:
    with pytest.raises(WorkbookError, match=message):
        sheet_extent(sheet(rows), 20)


@pytest.mark.parametrize(
    "rows",
    [
        '<row r="1"><c r="A1" t="inlineStr"><is><t>a</t></is></c></row>',
        '<row r="1"><c r="A1"><v>1</v></c></row>',
    ],
)
def test_inline_strings_marked_as_such_pass(rows: str) -> None:
    check_inline_strings(sheet(rows))


def test_an_inline_string_without_its_type_is_refused() -> None:
    rows = (
        '<row r="4"><c r="A4" t="inlineStr"><is><t>a</t></is></c>'
        '<c r="B4"><is><t>b</t></is></c></row>'
    )
    with pytest.raises(
        WorkbookError, match=r"cell B4 holds an inline string without t=\"inlineStr\""
    ):
        check_inline_strings(sheet(rows))


@pytest.mark.parametrize(
    "root",
    [
        '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/mainX">',
        "<worksheet>",
        '<x:worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" '
        'xmlns:x="urn:other">',
    ],
)
def test_a_worksheet_outside_spreadsheetmls_namespace_is_refused(root: str) -> None:
    prefix = "x:" if root.startswith("<x:") else ""
    xml = f"{root}<{prefix}sheetData/></{prefix}worksheet>"
    with pytest.raises(WorkbookError, match="is damaged: its namespace is"):
        SheetXml.split(xml, "xl/worksheets/sheet1.xml", "S")
