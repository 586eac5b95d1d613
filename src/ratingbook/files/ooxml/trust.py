"""Whether a workbook file vouches for the values its formulas hold.

Everything that decides whether a file vouches for its formulas' stored values lives here, for both
file back ends (the package back end and :mod:`ratingbook.files.rewriting.openpyxl_book`), and so
does the mark ratingbook leaves in the files it saves.

A formula's stored value (``<v>``) counts only if a spreadsheet program computed it. Libraries
that write formulas without computing them store a placeholder (XlsxWriter stores ``<v>0</v>``
for every formula) and set ``fullCalcOnLoad`` in ``<calcPr>`` so that Excel recalculates
everything on open; read as it is, ``=1000+250`` would be a rating of 0. The rule:

1. ``xl/workbook.xml`` has a ``<calcPr>`` without ``fullCalcOnLoad``: the file vouches (Excel
   and LibreOffice write a ``<calcPr>`` when they save; Excel computes and drops
   ``fullCalcOnLoad``), unless it says ``calcMode="manual"`` with ``calcOnSave="0"`` (saved
   from manual calculation without recalculating first);
2. ``<calcPr fullCalcOnLoad="1">`` and ratingbook's mark (:data:`MARK_NAME` with
   :data:`MARK_VALUE`, a custom document property in ``docProps/custom.xml``): the file
   vouches. ratingbook saves every changed book with ``fullCalcOnLoad`` (so that Excel
   recalculates the formulas over the cells it wrote) and leaves the mark only when the book it
   read vouched, so recalculating an output again works. Excel and LibreOffice keep custom
   properties; a file they saved vouches by rule 1 anyway;
3. anything else (no ``<calcPr>``; ``fullCalcOnLoad`` without the mark, as XlsxWriter, openpyxl
   and other libraries write): the file does not vouch, and every formula cell reads as
   :class:`~ratingbook.core.cells.Uncalculated`, "never calculated".

Limits, stated in README: LibreOffice by default does not recalculate a file on load; what it
saves from a file holding placeholders still holds them, unless the user recalculated (Data >
Calculate > Recalculate Hard) first. A library that edits a file Excel saved and leaves its
``<calcPr>`` alone leaves stale values that nothing in the file reveals.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path

from ratingbook.errors import WorkbookError
from ratingbook.files.ooxml.opc import edit_relationships, relationships, resolve
from ratingbook.files.ooxml.workbookpart import WorkbookPart
from ratingbook.files.ooxml.xmltext import (
    MAIN_NS,
    REL_NS,
    attributes,
    decode_part,
    escape,
    escape_attribute,
    insert_before_close,
    parse_part,
    root_prefix,
    truthy,
)
from ratingbook.files.ooxml.zipread import PackageZip
from ratingbook.files.ooxml.zipwrite import PackagePlan

__all__ = [
    "MARK_NAME",
    "MARK_VALUE",
    "file_vouches",
    "mark_plan",
    "package_vouches",
    "vouches",
]

CUSTOM_PROPERTIES_REL = REL_NS + "/custom-properties"
CUSTOM_PROPERTIES_TYPE = "application/vnd.openxmlformats-officedocument.custom-properties+xml"
CUSTOM_NS = "http://schemas.openxmlformats.org/officeDocument/2006/custom-properties"
VT_NS = "http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes"
# The format id of user-defined custom properties (ECMA-376 part 1, 22.3.2.2; Excel writes it).
USER_PROPERTY_FMTID = "{D5CDD505-2E9C-101B-9397-08002B2CF9AE}"

#: The custom document property ratingbook leaves in a file whose formula values it carried
#: over from a file that vouched for them (Excel shows it in File > Properties > Custom).
MARK_NAME = "ratingbook formula values"
MARK_VALUE = "calculated by a spreadsheet program"


def vouches(calc_pr: Mapping[str, str] | None, marked: bool) -> bool:
    """The rule: does a file with these ``<calcPr>`` attributes (None: no ``<calcPr>``) and
    (``marked``) ratingbook's mark vouch for its formulas' stored values?"""
    if calc_pr is None:
        return False
    if truthy(calc_pr.get("fullCalcOnLoad", "0")):
        return marked
    manual = calc_pr.get("calcMode", "auto").strip() == "manual"
    return not (manual and not truthy(calc_pr.get("calcOnSave", "1")))


def calc_properties(source: PackageZip, workbook: WorkbookPart) -> dict[str, str] | None:
    """The attributes of the workbook's ``<calcPr>``, None when it has none."""
    root = parse_part(source.read(workbook.part), workbook.part)
    element = root.find(f"{{{MAIN_NS}}}calcPr")
    return None if element is None else dict(element.attrib)


def custom_properties_part(source: PackageZip) -> tuple[bool, str | None]:
    """Whether the package has a custom document properties relationship, and the part it
    leads to (``docProps/custom.xml``) when that part exists."""
    for rel in relationships(source, ""):
        if rel.type == CUSTOM_PROPERTIES_REL and not rel.external:
            part = resolve("", rel.target)
            return True, source.member(part) if source.has(part) else None
    return False, None


def is_marked(source: PackageZip) -> bool:
    """Whether the package carries ratingbook's mark."""
    _, part = custom_properties_part(source)
    if part is None:
        return False
    try:
        root = parse_part(source.read(part), part)
    except WorkbookError:
        return False  # damaged custom properties vouch for nothing (and are copied as they are)
    for prop in root.iter(f"{{{CUSTOM_NS}}}property"):
        if prop.get("name") == MARK_NAME:
            return any((child.text or "") == MARK_VALUE for child in prop)
    return False


def package_vouches(source: PackageZip, workbook: WorkbookPart) -> bool:
    """Whether the package ``source`` vouches for its formulas' stored values (see above)."""
    return vouches(calc_properties(source, workbook), is_marked(source))


def file_vouches(path: Path) -> bool:
    """Whether the workbook file at ``path`` vouches for its formulas' stored values."""
    source = PackageZip(path)
    return package_vouches(source, WorkbookPart(source))


# --- the mark in the files ratingbook saves -------------------------------------------------------


def mark_plan(
    source: PackageZip, workbook: WorkbookPart, plan: PackagePlan
) -> list[tuple[str, str]]:
    """Put the mark into ``plan`` (a saved package: ``fullCalcOnLoad`` set) when ``source``
    vouched, take it out when it did not; returns the content types of the parts it added."""
    marked = is_marked(source)
    vouched = vouches(calc_properties(source, workbook), marked)
    related, part = custom_properties_part(source)
    if part is not None:
        if vouched == marked:
            return []  # the mark is there if and only if it should be
        try:
            xml = decode_part(source.read(part), part)
            edited = _without_mark(xml, part)  # also a mark with another value
            if vouched:
                edited = _with_mark(edited, part)
        except WorkbookError:
            return []  # damaged custom properties are copied as they are: no mark
        plan.parts[part] = edited.encode()
        return []
    if not vouched or related or not source.has("_rels/.rels"):
        return []  # no mark: the saved file's formula values are not vouched for (safe)
    part = "docProps/custom.xml"
    n = 0
    while source.has(part):
        n += 1
        part = f"docProps/custom{n}.xml"
    empty = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        f'<Properties xmlns="{CUSTOM_NS}" xmlns:vt="{VT_NS}"></Properties>'
    )
    plan.parts[part] = _with_mark(empty, part).encode()
    plan.added.append(part)
    root_rels = "_rels/.rels"
    rels_xml = decode_part(source.read(root_rels), root_rels)
    taken = {rel.id for rel in relationships(source, "")}
    number = 1
    while f"rId{number}" in taken:
        number += 1
    plan.parts[source.member(root_rels)] = edit_relationships(
        rels_xml, set(), [(f"rId{number}", CUSTOM_PROPERTIES_REL, part)], root_rels
    ).encode()
    return [(f"/{part}", CUSTOM_PROPERTIES_TYPE)]


def _property_pattern(p: str) -> re.Pattern[str]:
    q = re.escape(p)
    return re.compile(rf"<{q}property(?=[\s/>])([^>]*?)(?:/>|>.*?</{q}property>)", re.S)


def _without_mark(xml: str, part: str) -> str:
    p = root_prefix(xml, "Properties", part)
    return _property_pattern(p).sub(
        lambda m: "" if attributes(m.group(1)).get("name") == MARK_NAME else m.group(0), xml
    )


def _with_mark(xml: str, part: str) -> str:
    p = root_prefix(xml, "Properties", part)
    pids = [attributes(m.group(1)).get("pid", "") for m in _property_pattern(p).finditer(xml)]
    pid = max([1, *(int(n) for n in pids if n.isdigit())]) + 1  # property ids start at 2
    vt = re.search(r'xmlns:([A-Za-z_][\w.-]*)\s*=\s*["\']' + re.escape(VT_NS) + "[\"']", xml)
    prefix, declaration = (vt.group(1), "") if vt else ("vt", f' xmlns:vt="{VT_NS}"')
    mark = (
        f'<{p}property fmtid="{USER_PROPERTY_FMTID}" pid="{pid}" '
        f'name="{escape_attribute(MARK_NAME)}"{declaration}>'
        f"<{prefix}:lpwstr>{escape(MARK_VALUE)}</{prefix}:lpwstr></{p}property>"
    )
    return insert_before_close(xml, p, "Properties", mark, part)
