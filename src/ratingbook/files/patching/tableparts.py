"""Excel tables of a patched sheet: their table parts follow the rows ratingbook appends.

Everything that decides how the package back end carries an Excel table's range over write blocks
lives here. Which tables grow, and to where, is decided once in
:mod:`ratingbook.workbook.port.table_growth` (the same rule the openpyxl and xlwings adapters
apply);
this module only finds the sheet's tables and patches their parts:

- a worksheet's tables are the parts its relationships of type ``.../table`` lead to (the
  targets of ``<tableParts>``); each part's root ``<table>`` gives ``ref``, ``name`` and
  ``totalsRowCount``;
- a grown table's part is patched as text: the ``ref`` of ``<table>`` and of its own
  ``<autoFilter>`` get the new last row; every other byte is copied. A table that does not
  grow, or a part that cannot be read as a table (no ``ref``, an unreadable one), is not
  touched, so it is copied into the new package byte for byte.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ratingbook.files.ooxml.opc import relationships, resolve
from ratingbook.files.ooxml.xmltext import (
    REL_NS,
    check_xml,
    decode_part,
    element_span,
    int_attribute,
    root_prefix,
    set_attribute,
    tag_attributes,
)
from ratingbook.files.ooxml.zipread import PackageZip
from ratingbook.workbook.port.book import WriteBlock
from ratingbook.workbook.port.table_growth import (
    TableArea,
    grown_tables,
    parse_area,
    shrunk_tables,
    with_bottom,
)

__all__ = [
    "TABLE_REL",
    "TablePart",
    "grow_table_parts",
    "grow_table_xml",
    "read_table_part",
    "shrink_table_parts",
    "table_names",
]

TABLE_REL = REL_NS + "/table"


@dataclass(frozen=True, slots=True)
class TablePart:
    """One table part of a sheet: its zip member, its text, and the area its ``ref`` gives."""

    part: str
    xml: str
    area: TableArea


def read_table_part(xml: str, part: str) -> TableArea | None:
    """The area of the table in part ``part`` (text ``xml``); None if it has no readable ref."""
    span = element_span(xml, root_prefix(xml, "table", part), "table")
    if span is None:
        return None
    found = tag_attributes(xml[span[0] : span[1]])
    ref = found.get("ref")
    if ref is None:
        return None
    name = found.get("displayName") or found.get("name") or part
    return parse_area(name, ref, max(int_attribute(found.get("totalsRowCount")), 0))


def grow_table_xml(xml: str, part: str, bottom: int) -> str:
    """Table part text ``xml`` with its ``ref`` and its autoFilter's ending at row ``bottom``."""
    p = root_prefix(xml, "table", part)
    span = element_span(xml, p, "table")
    assert span is not None  # read_table_part found it
    start, open_end = span[0], span[1]
    tag = xml[start:open_end]
    ref = tag_attributes(tag)["ref"]
    xml = xml[:start] + set_attribute(tag, "ref", with_bottom(ref, bottom)) + xml[open_end:]
    # The table's own autoFilter is a child of <table> (not inside an extension list).
    inner = element_span(xml, p, "table")
    assert inner is not None
    filt = element_span(xml, p, "autoFilter", inner[1])
    if filt is not None and filt[0] < inner[2]:
        f_tag = xml[filt[0] : filt[1]]
        f_ref = tag_attributes(f_tag).get("ref")
        if f_ref is not None:
            new_tag = set_attribute(f_tag, "ref", with_bottom(f_ref, bottom))
            xml = xml[: filt[0]] + new_tag + xml[filt[1] :]
    return xml


def _sheet_tables(source: PackageZip, sheet_part: str) -> list[TablePart]:
    found: list[TablePart] = []
    for rel in relationships(source, sheet_part):
        if rel.type != TABLE_REL or rel.external:
            continue
        part = resolve(sheet_part, rel.target)
        if not source.has(part):
            continue
        member = source.member(part)
        data = source.read(member)
        check_xml(data, member)
        xml = decode_part(data, member)
        area = read_table_part(xml, member)
        if area is not None:
            found.append(TablePart(member, xml, area))
    return found


def table_names(source: PackageZip, sheet_part: str) -> list[str]:
    """The names of the Excel tables on the sheet in ``sheet_part``, as formulas use them."""
    return [table.area.name for table in _sheet_tables(source, sheet_part)]


def grow_table_parts(
    source: PackageZip, sheet_part: str, blocks: Sequence[WriteBlock]
) -> dict[str, bytes]:
    """The table parts of worksheet ``sheet_part`` that ``blocks`` make grow, patched: zip
    member -> new bytes. Parts of tables that keep their range are not listed."""
    tables = _sheet_tables(source, sheet_part)
    if not tables:
        return {}
    grown = grown_tables([t.area for t in tables], blocks)
    return {
        t.part: grow_table_xml(t.xml, t.part, grown[t.area.name]).encode()
        for t in tables
        if t.area.name in grown
    }


def shrink_table_parts(
    source: PackageZip, sheet_part: str, rows: int, patched: dict[str, bytes]
) -> dict[str, bytes]:
    """The table parts of worksheet ``sheet_part`` cut short when the sheet keeps its first
    ``rows`` rows (table_growth's :func:`shrunk_tables`), from their text in ``patched`` (the
    parts grown by the same save) or in the package: zip member -> new bytes."""
    tables = _sheet_tables(source, sheet_part)
    now: list[TablePart] = []
    for t in tables:
        if t.part in patched:
            xml = patched[t.part].decode()
            area = read_table_part(xml, t.part)
            now.append(TablePart(t.part, xml, area or t.area))
        else:
            now.append(t)
    shrunk = shrunk_tables([t.area for t in now], rows)
    return {
        t.part: grow_table_xml(t.xml, t.part, shrunk[t.area.name]).encode()
        for t in now
        if t.area.name in shrunk
    }
