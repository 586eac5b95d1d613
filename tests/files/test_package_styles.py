"""ratingbook.files.patching.styles: cell formats are reused when they exist, appended once when
not,
and what was appended reads back as the same ids (so recalculating twice adds nothing)."""

from __future__ import annotations

import re

import pytest

from ratingbook.errors import WorkbookError
from ratingbook.files.patching.styles import Styles

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
EXISTING = (
    f'<styleSheet xmlns="{MAIN}">'
    '<numFmts count="1"><numFmt numFmtId="164" formatCode="0.0%"/></numFmts>'
    '<fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>'
    '<fills count="2"><fill><patternFill patternType="none"/></fill>'
    '<fill><patternFill patternType="gray125"/></fill></fills>'
    '<borders count="1"><border/></borders>'
    '<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>'
    '<xf numFmtId="14" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>'
    "</cellXfs></styleSheet>"
)

# (format code, its id): Excel's built-in ids (ECMA-376 part 1, 18.8.30) and the file's own.
NUMBER_FORMATS = [("General", 0), ("0", 1), ("0.00", 2), ("0%", 9), ("mm-dd-yy", 14), ("0.0%", 164)]


@pytest.mark.parametrize(("code", "number"), NUMBER_FORMATS)
def test_known_number_formats_are_reused(code: str, number: int) -> None:
    styles = Styles(EXISTING, "xl/styles.xml")
    assert styles.number_format(code) == number
    assert not styles.changed


@pytest.mark.parametrize(("index", "is_date"), [(0, False), (1, True), (2, False), (-1, False)])
def test_is_date_follows_the_number_format(index: int, is_date: bool) -> None:
    assert Styles(EXISTING, "xl/styles.xml").is_date(index) is is_date


def test_new_formats_are_appended_and_read_back_as_the_same_ids() -> None:
    styles = Styles(EXISTING, "xl/styles.xml")
    number = styles.number_format("yyyy-mm-dd")
    bold = styles.bold_font()
    header = styles.cell_format(0, bold)
    dated = styles.cell_format(number)
    assert (number, bold, header, dated) == (165, 1, 2, 3)
    assert styles.cell_format(0) == 0  # the plain format already exists
    # xf 1 already shows format 14; xf 0 with format 165 is the one just added
    assert styles.with_number_format(1, 14) == 1
    assert styles.with_number_format(0, number) == 3
    xml = styles.render()
    assert '<numFmts count="2"><numFmt numFmtId="164" formatCode="0.0%"/>' in xml
    assert '<numFmt numFmtId="165" formatCode="yyyy-mm-dd"/></numFmts>' in xml
    assert '<fonts count="2">' in xml
    assert '<font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' in xml
    assert '<cellXfs count="4">' in xml
    assert (
        '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>'
        '<xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" '
        'applyNumberFormat="1"/></cellXfs>'
    ) in xml
    again = Styles(xml, "xl/styles.xml")
    assert again.number_format("yyyy-mm-dd") == 165
    assert again.bold_font() == 1
    assert again.cell_format(0, 1) == 2
    assert again.cell_format(165) == 3
    assert again.is_date(3)
    assert not again.changed


def test_a_workbook_without_styles_gets_a_minimal_stylesheet() -> None:
    styles = Styles(None, "xl/styles.xml")
    assert styles.created and styles.changed
    assert styles.cell_format(0) == 0
    assert styles.bold_font() == 1
    assert styles.cell_format(2, 1) == 1
    again = Styles(styles.render(), "xl/styles.xml")
    assert (again.bold_font(), again.cell_format(2, 1)) == (1, 1)


def test_nothing_can_be_added_once_rendered() -> None:
    styles = Styles(EXISTING, "xl/styles.xml")
    styles.render()
    assert styles.number_format("0.00") == 2  # reusing is fine
    with pytest.raises(AssertionError, match=r"after styles\.xml was written"):
        styles.number_format("0.000")


def _stylesheet(number_formats: str) -> str:
    """EXISTING with its <numFmts> replaced by ``number_formats`` (the elements inside)."""
    start, end = EXISTING.index("<numFmts"), EXISTING.index("</numFmts>") + len("</numFmts>")
    return f"{EXISTING[:start]}<numFmts>{number_formats}</numFmts>{EXISTING[end:]}"


def _format_ids(xml: str) -> list[int]:
    return [int(n) for n in re.findall(r'<numFmt numFmtId="(\d+)"', xml)]


# (the file's <numFmt> elements, the id a new format gets): the first free id above every id
# the file holds (ECMA-376 part 1, 18.8.30: custom formats from 164 up), even an id whose
# element has no formatCode, and whatever order the ids come in.
NEW_FORMAT_IDS = [
    ("", 164),
    ('<numFmt numFmtId="164" formatCode="0.0%"/>', 165),
    ('<numFmt numFmtId="170"/>', 171),
    ('<numFmt numFmtId="180" formatCode="0.0%"/><numFmt numFmtId="165"/>', 181),
    ('<numFmt numFmtId="200"/><numFmt numFmtId="164" formatCode="0.0%"/>', 201),
    ('<numFmt numFmtId=" 190 " formatCode="0.0%"/>', 191),
]


@pytest.mark.parametrize(("elements", "expected"), NEW_FORMAT_IDS)
def test_a_new_number_format_never_takes_an_id_the_file_holds(elements: str, expected: int) -> None:
    """A <numFmt> without its formatCode still holds its id: a new format never shares it, and
    the count says every element, the file's and the new one."""
    xml = _stylesheet(elements)
    before = _format_ids(xml.replace(" 190 ", "190"))
    styles = Styles(xml, "xl/styles.xml")
    assert styles.number_format("0.000") == expected
    rendered = styles.render()
    ids = _format_ids(rendered.replace(" 190 ", "190"))
    assert ids == [*before, expected]
    assert len(set(ids)) == len(ids)
    assert f'<numFmts count="{len(ids)}">' in rendered


@pytest.mark.parametrize("element", ['<numFmt numFmtId="x1" formatCode="0.0%"/>', "<numFmt/>"])
def test_a_damaged_number_format_id_refuses_a_new_format_but_not_a_known_one(element: str) -> None:
    """An id that is missing or no whole number cannot be stepped over: a format already there
    is still found, a new one is an error naming the part, never a guessed id."""
    styles = Styles(_stylesheet(element), "xl/styles.xml")
    assert styles.number_format("0.00") == 2
    with pytest.raises(WorkbookError, match=r"part 'xl/styles\.xml' is damaged: a number format"):
        styles.number_format("0.000")


# Codes for the date rule: every built-in format, then quoted text, escapes, a space's width,
# locales and colours in brackets, elapsed time, sections, and letters of each case.
DATE_RULE_CODES = [
    None,
    "",
    "yyyy-mm-dd",
    "dd/mm/yyyy hh:mm",
    '"day"0',
    '0" d"',
    r"0\d",
    "0_d",
    "[$-409]0.00",
    "[$-409]d-mmm",
    "[Red]0",
    "[Red]yy",
    "[h]",
    "[mm]:ss",
    "[ss].0",
    "[hh]:mm",
    "[d]",
    "0;d",
    "d;0",
    "D/M/Y",
    "AM/PM",
    '#,##0 "Days"',
    "[<=9999999]###-####;(###) ###-####",
    '"unclosed',
    "[unclosed",
    "E+00",
    "s",
]


def test_the_built_in_formats_and_the_date_rule_are_openpyxls() -> None:
    """numberformats copies openpyxl's table and rule (so that saving imports no openpyxl):
    they must stay equal."""
    from openpyxl.styles import numbers

    from ratingbook.files.ooxml.numberformats import BUILTIN_FORMATS, is_date_format

    assert BUILTIN_FORMATS == numbers.BUILTIN_FORMATS
    for code in [*numbers.BUILTIN_FORMATS.values(), *DATE_RULE_CODES]:
        assert is_date_format(code) == numbers.is_date_format(code), code
