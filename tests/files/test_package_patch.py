"""ratingbook.files.patching.patch: write blocks patched into a sheet's XML, every other byte kept.

Each case is a sheetData before, the writes, and the sheetData expected after, written out by
hand: a replaced cell keeps its style and loses its formula; new rows and cells go where the
order says; a replaced shared-formula master hands its formula to the rest of its range.
"""

from __future__ import annotations

import pytest

from ratingbook.errors import WorkbookError
from ratingbook.files.ooxml.workbookpart import WINDOWS_EPOCH
from ratingbook.files.patching.cells import CellWriter
from ratingbook.files.patching.patch import (
    merge_blocks,
    merge_heights,
    patch_sheet,
    with_page_title,
)
from ratingbook.files.patching.styles import Styles
from ratingbook.workbook.port.book import KEEP, WriteBlock

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
HEAD = f'<worksheet xmlns="{MAIN}"><dimension ref="A1:C3"/><sheetData>'
TAIL = "</sheetData></worksheet>"

# (sheetData before, writes {row: {column: value}}, sheetData after)
PATCHES: list[tuple[str, dict[int, dict[int, object]], str]] = [
    # a value replaced: the style stays, the formula goes
    (
        '<row r="1"><c r="A1" s="3"><f>1+1</f><v>2</v></c></row>',
        {1: {1: 5}},
        '<row r="1"><c r="A1" s="3"><v>5</v></c></row>',
    ),
    # a cell added between two, in a new row between two, and after the last row
    (
        '<row r="1" spans="1:3"><c r="A1"><v>1</v></c><c r="C1"><v>3</v></c></row>'
        '<row r="3"><c r="A3"><v>7</v></c></row>',
        {1: {2: "b"}, 2: {1: 4}, 4: {3: True}},
        '<row r="1"><c r="A1"><v>1</v></c><c r="B1" t="inlineStr"><is><t>b</t></is></c>'
        '<c r="C1"><v>3</v></c></row><row r="2"><c r="A2"><v>4</v></c></row>'
        '<row r="3"><c r="A3"><v>7</v></c></row><row r="4"><c r="C4" t="b"><v>1</v></c></row>',
    ),
    # an emptied row goes (as openpyxl drops it); a styled empty cell stays
    (
        '<row r="1"><c r="A1"><v>1</v></c></row><row r="2"><c r="A2" s="2"><v>1</v></c></row>',
        {1: {1: None}, 2: {1: None}},
        '<row r="2"><c r="A2" s="2"/></row>',
    ),
    # a row with formatting is kept even when emptied
    (
        '<row r="1" ht="30" customHeight="1"><c r="A1"><v>1</v></c></row>',
        {1: {1: None}},
        '<row r="1" ht="30" customHeight="1"></row>',
    ),
    # rows and cells without r get theirs, so what is inserted before them cannot shift them
    (
        '<row r="2"><c><v>1</v></c></row><row><c r="B3"><v>2</v></c></row>',
        {2: {2: 9}},
        '<row r="2"><c r="A2"><v>1</v></c><c r="B2"><v>9</v></c></row>'
        '<row r="3"><c r="B3"><v>2</v></c></row>',
    ),
    # the master of a shared formula replaced: the other cells get the formula written out
    (
        '<row r="1"><c r="C1"><f t="shared" ref="C1:C3" si="0">A1*2</f><v>2</v></c></row>'
        '<row r="2"><c r="C2"><f t="shared" si="0"/><v>4</v></c></row>'
        '<row r="3"><c r="C3"><f t="shared" si="0"/><v>6</v></c></row>',
        {1: {3: 0}},
        '<row r="1"><c r="C1"><v>0</v></c></row>'
        '<row r="2"><c r="C2"><f>A2*2</f><v>4</v></c></row>'
        '<row r="3"><c r="C3"><f>A3*2</f><v>6</v></c></row>',
    ),
    # cells appended after the last one go before the row's extLst
    (
        '<row r="1"><c r="A1"><v>1</v></c><extLst><ext uri="x"/></extLst></row>',
        {1: {2: 2}},
        '<row r="1"><c r="A1"><v>1</v></c><c r="B1"><v>2</v></c><extLst><ext uri="x"/></extLst>'
        "</row>",
    ),
]


def writer() -> CellWriter:
    styles = Styles(None, "xl/styles.xml")
    return CellWriter(lambda: styles, WINDOWS_EPOCH)


@pytest.mark.parametrize(("before", "writes", "after"), PATCHES)
def test_writes_are_patched_in_and_the_rest_is_kept(
    before: str, writes: dict[int, dict[int, object]], after: str
) -> None:
    patched = patch_sheet(HEAD + before + TAIL, writes, writer(), "sheet1.xml")
    _, body = patched.split("<sheetData>")
    assert body == after + TAIL


def test_a_shared_formula_that_cannot_be_translated_is_refused() -> None:
    """The master of a shared formula openpyxl cannot tokenize is written over: refused,
    naming the sheet and the first cell that would have got the master's text unchanged."""
    before = (
        '<row r="1"><c r="C1"><f t="shared" ref="C1:C2" si="0">A1&amp;"x</f><v>2</v></c></row>'
        '<row r="2"><c r="C2"><f t="shared" si="0"/><v>4</v></c></row>'
    )
    with pytest.raises(WorkbookError, match=r"^sheet 'Games', cell C2: this cell shares the "):
        patch_sheet(HEAD + before + TAIL, {1: {3: 0}}, writer(), "sheet1.xml", "Games")


@pytest.mark.parametrize(
    ("ref", "writes", "new_ref"),
    [
        ("A1:C3", {2: {2: 1}}, "A1:C3"),
        ("A1:C3", {5: {4: 1}}, "A1:D5"),
        ("A1", {2: {2: 1}}, "B2"),  # "A1" is what some programs write for any sheet
        ("B2:C3", {1: {1: 1}}, "A1:C3"),
        ("A1:C3", {9: {9: None}}, "A1:C3"),  # emptying a cell grows nothing
    ],
)
def test_the_dimension_grows_to_cover_what_was_written(
    ref: str, writes: dict[int, dict[int, object]], new_ref: str
) -> None:
    xml = f'<worksheet xmlns="{MAIN}"><dimension ref="{ref}"/><sheetData/></worksheet>'
    patched = patch_sheet(xml, writes, writer(), "sheet1.xml")
    assert f'<dimension ref="{new_ref}"/>' in patched


@pytest.mark.parametrize(
    ("blocks", "writes"),
    [
        ([WriteBlock("S", 2, 3, [[1, 2], [3, 4]])], {2: {3: 1, 4: 2}, 3: {3: 3, 4: 4}}),
        ([WriteBlock("S", 1, 1, [[KEEP, 5]]), WriteBlock("S", 1, 2, [[6]])], {1: {2: 6}}),
        ([WriteBlock("S", 1, 1, [[KEEP], [KEEP]])], {}),
    ],
)
def test_blocks_merge_into_cells_later_blocks_winning(
    blocks: list[WriteBlock], writes: dict[int, dict[int, object]]
) -> None:
    assert merge_blocks(blocks) == writes


def test_a_written_row_gets_its_height_and_a_new_cell_its_columns_style() -> None:
    """Issue 35: the rows 'season add' appends hold wrapped text, which neither Excel nor
    LibreOffice grows a row for: a block's heights are written (``ht``, ``customHeight``), to
    a new row and to one already there; a cell new in a column styled by ``<col>`` takes that
    style, as a cell typed there would (a date top-aligned beside the wrapped text)."""
    head = (
        f'<worksheet xmlns="{MAIN}"><dimension ref="A1:C3"/>'
        '<cols><col min="2" max="3" width="20" style="4" customWidth="1"/></cols><sheetData>'
    )
    before = '<row r="1"><c r="A1"><v>1</v></c></row>'
    blocks = [WriteBlock("Games", 1, 1, [[KEEP, "a"], [7, "b"]], (45.0, None)),
              WriteBlock("Games", 3, 1, [[8]], (30.0,))]  # fmt: skip
    heights = merge_heights(blocks)
    assert heights == {1: 45.0, 3: 30.0}
    patched = patch_sheet(
        head + before + TAIL, merge_blocks(blocks), writer(), "s.xml", None, heights
    )
    _, body = patched.split("<sheetData>")
    assert body == (
        '<row r="1" ht="45" customHeight="1"><c r="A1"><v>1</v></c>'
        '<c r="B1" s="4" t="inlineStr"><is><t>a</t></is></c></row>'
        '<row r="2"><c r="A2"><v>7</v></c><c r="B2" s="4" t="inlineStr"><is><t>b</t></is></c></row>'
        '<row r="3" ht="30" customHeight="1"><c r="A3"><v>8</v></c></row>' + TAIL
    )


# --- a new page title (an input sheet printed under a setting's name) ---------------------------

_HEAD = '<worksheet xmlns="x"><sheetData/><pageMargins left="1"/>'


@pytest.mark.parametrize(
    ("xml", "expected"),
    [
        # the header replaced, the footer kept
        (
            _HEAD + "<headerFooter><oddHeader>&amp;F</oddHeader><oddFooter>F</oddFooter>"
            '</headerFooter><tableParts count="0"/></worksheet>',
            _HEAD + "<headerFooter><oddHeader>&amp;C A &amp;&amp; B</oddHeader><oddFooter>F"
            '</oddFooter></headerFooter><tableParts count="0"/></worksheet>',
        ),
        # an empty headerFooter opened to hold it
        (
            _HEAD + '<headerFooter differentFirst="0"/></worksheet>',
            _HEAD + '<headerFooter differentFirst="0"><oddHeader>&amp;C A &amp;&amp; B'
            "</oddHeader></headerFooter></worksheet>",
        ),
        # none: one added before what the schema puts after it (ECMA-376 18.3.1.99)
        (
            _HEAD + '<drawing r:id="rId1"/></worksheet>',
            _HEAD + "<headerFooter><oddHeader>&amp;C A &amp;&amp; B</oddHeader></headerFooter>"
            '<drawing r:id="rId1"/></worksheet>',
        ),
        # a prefixed namespace keeps its prefix
        (
            '<x:worksheet xmlns:x="x"><x:sheetData/></x:worksheet>',
            '<x:worksheet xmlns:x="x"><x:sheetData/><x:headerFooter><x:oddHeader>&amp;C A '
            "&amp;&amp; B</x:oddHeader></x:headerFooter></x:worksheet>",
        ),
    ],
)
def test_a_page_title_replaces_or_adds_the_sheets_header(xml: str, expected: str) -> None:
    assert with_page_title(xml, "&C A && B") == expected
