"""ratingbook.package.walker: the one walker over a sheet's rows and cells.

ECMA-376 part 1, 18.3.1.73 and 18.3.1.4: ``r`` is optional on ``<row>`` and ``<c>``; an element
without it follows the previous one. Rows and cells must be in increasing order.
"""

from __future__ import annotations

import pytest

from ratingbook.errors import WorkbookError
from ratingbook.package.walker import SheetXml, translate_formula

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
