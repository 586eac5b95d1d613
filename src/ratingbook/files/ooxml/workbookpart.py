"""The workbook part (xl/workbook.xml): its sheet list, date system and our edits to it.

Everything that decides what workbook.xml says lives here: which sheets exist and where their
parts are, whether dates count from 1900 or 1904, where a new sheet goes and what it is called,
how defined names and views follow sheets that moved, and ``fullCalcOnLoad`` in ``<calcPr>``
(Excel recalculates every formula when the file is opened).
"""

from __future__ import annotations

import datetime as _dt
import posixpath
import re
from collections.abc import Mapping
from dataclasses import dataclass
from xml.sax.saxutils import unescape

from ratingbook.errors import WorkbookError
from ratingbook.files.ooxml.opc import OFFICE_DOCUMENT_REL, Relationship, relationships, resolve
from ratingbook.files.ooxml.xmltext import (
    MAIN_NS,
    REL_NS,
    STRICT_MAIN_NS,
    attributes,
    check_xml,
    decode_part,
    element_span,
    escape,
    escape_attribute,
    insert_before_close,
    int_attribute,
    parse_part,
    relationship_prefix,
    root_prefix,
    set_attribute,
    tag_attributes,
    truthy,
)
from ratingbook.files.ooxml.zipread import PackageZip
from ratingbook.workbook.port.book import GeneratedSheet

# The date systems: serial day numbers count from 1899-12-30 (Windows, "1900") or 1904-01-01
# (the Mac's "1904" system, workbookPr date1904="1").
WINDOWS_EPOCH = _dt.datetime(1899, 12, 30)
MAC_EPOCH = _dt.datetime(1904, 1, 1)

# Elements of <workbook> that follow <calcPr>, in schema order (ECMA-376 part 1, 18.2.27).
_AFTER_CALC_PR = (
    "oleSize",
    "customWorkbookViews",
    "pivotCaches",
    "smartTagPr",
    "smartTagTypes",
    "webPublishing",
    "fileRecoveryPr",
    "webPublishObjects",
    "extLst",
)


@dataclass(slots=True)
class SheetEntry:
    """A sheet of the workbook, as listed in workbook.xml (or added by us)."""

    name: str
    kind: str  # "worksheet", "chartsheet", "dialogsheet", "xlMacrosheet", ...
    part: str | None
    element: str | None  # the original <sheet/> element; None for a sheet we add
    position: int | None  # its original position; None for a sheet we add
    sheet_id: int = 0
    rid: str = ""
    hidden: bool = False  # made hidden by us (a sheet ratingbook alone reads)


class WorkbookPart:
    """workbook.xml of ``source`` with its relationships and sheet list (ours once edited)."""

    def __init__(self, source: PackageZip) -> None:
        self.source = source
        name = source.name
        self.part = "xl/workbook.xml"
        for root_rel in relationships(source, ""):
            if root_rel.type == OFFICE_DOCUMENT_REL and not root_rel.external:
                self.part = resolve("", root_rel.target)
                break
        if not source.has(self.part):
            raise WorkbookError(f"{name!r} is a zip file but not an Excel workbook")
        if source.has("[Content_Types].xml"):
            check_xml(source.read("[Content_Types].xml"), "[Content_Types].xml")
        self.part = source.member(self.part)
        data = source.read(self.part)
        root = parse_part(data, self.part)
        if root.tag == f"{{{STRICT_MAIN_NS}}}workbook":
            raise WorkbookError(
                f"{name!r} is saved as 'Strict Open XML Spreadsheet', which ratingbook "
                "does not write; save it from Excel as 'Excel Workbook (.xlsx)'"
            )
        if root.tag != f"{{{MAIN_NS}}}workbook":
            raise WorkbookError(f"{name!r} does not hold an Excel workbook part")
        self.xml = decode_part(data, self.part)
        properties = root.find(f"{{{MAIN_NS}}}workbookPr")
        date1904 = properties is not None and truthy(properties.get("date1904", "0"))
        self.epoch: _dt.datetime = MAC_EPOCH if date1904 else WINDOWS_EPOCH
        self.rels: list[Relationship] = relationships(source, self.part)
        by_id = {rel.id: rel for rel in self.rels}
        prefix = root_prefix(self.xml, "workbook", self.part)
        span = element_span(self.xml, prefix, "sheets")
        elements = (
            re.findall(
                rf"<{re.escape(prefix)}sheet(?=[\s/>])[^>]*?(?:/>|>\s*</{re.escape(prefix)}sheet>)",
                self.xml[span[1] : span[2]],
            )
            if span
            else []
        )
        parsed = root.findall(f"{{{MAIN_NS}}}sheets/{{{MAIN_NS}}}sheet")
        if len(elements) != len(parsed):
            raise WorkbookError(f"{name!r}: the workbook's sheet list is unreadable")
        self.sheets: list[SheetEntry] = []
        for position, (element, text) in enumerate(zip(parsed, elements, strict=True)):
            rel = by_id.get(element.get(f"{{{REL_NS}}}id", ""))
            part = None
            kind = "missing"
            if rel is not None and not rel.external:
                kind = rel.type.rsplit("/", 1)[-1]
                resolved = resolve(self.part, rel.target)
                part = source.member(resolved) if source.has(resolved) else None
            if kind in ("worksheet", "missing") and part is None:
                raise WorkbookError(
                    f"{name!r} is damaged: sheet {element.get('name', '')!r} has no worksheet part"
                )
            self.sheets.append(
                SheetEntry(
                    name=element.get("name", ""),
                    kind=kind,
                    part=part,
                    element=text,
                    position=position,
                    sheet_id=int_attribute(element.get("sheetId")),
                    rid=element.get(f"{{{REL_NS}}}id", ""),
                )
            )

    def worksheet(self, name: str) -> SheetEntry:
        """The worksheet called ``name`` (exactly, else ignoring case)."""
        for entry in self.sheets:
            if entry.kind == "worksheet" and entry.name == name:
                return entry
        for entry in self.sheets:
            if entry.kind == "worksheet" and entry.name.casefold() == name.casefold():
                return entry
        raise WorkbookError(f"{self.source.name!r} has no worksheet {name!r}")

    def add_sheet(self, sheet: GeneratedSheet) -> SheetEntry:
        """A new worksheet entry for ``sheet``, placed after ``sheet.after`` (else last)."""
        index = len(self.sheets)
        if sheet.after is not None:
            for i, entry in enumerate(self.sheets):
                if entry.kind == "worksheet" and entry.name.casefold() == sheet.after.casefold():
                    index = i + 1
                    break
        entry = SheetEntry(
            name=sheet.name,
            kind="worksheet",
            part=self._new_part_name(),
            element=None,
            position=None,
            sheet_id=max([0, *(e.sheet_id for e in self.sheets)]) + 1,
            rid=self.new_relationship_id(),
            hidden=sheet.hidden,
        )
        self.sheets.insert(index, entry)
        return entry

    def _new_part_name(self) -> str:
        taken = set(self.source.names) | {(e.part or "").casefold() for e in self.sheets}
        folder = posixpath.join(posixpath.dirname(self.part), "worksheets")
        n = 1
        while posixpath.join(folder, f"sheet{n}.xml").casefold() in taken:
            n += 1
        return posixpath.join(folder, f"sheet{n}.xml")

    def new_relationship_id(self) -> str:
        """An ``rIdN`` no relationship of the workbook part uses yet."""
        taken = {rel.id for rel in self.rels} | {e.rid for e in self.sheets}
        numbers = [int(i[3:]) for i in taken if re.fullmatch(r"rId\d+", i)]
        n = max([0, *numbers]) + 1
        while f"rId{n}" in taken:
            n += 1
        return f"rId{n}"

    def defined_names(self) -> dict[str, str]:
        """Each defined name of the workbook and its definition (a formula's text)."""
        found = re.finditer(
            r"<(?:[\w.-]+:)?definedName(?=[\s>])([^>]*?)>(.*?)</(?:[\w.-]+:)?definedName>",
            self.xml,
            re.S,
        )
        return {
            attributes(m.group(1)).get("name", ""): unescape(
                m.group(2), {"&apos;": "'", "&quot;": '"'}
            )
            for m in found
        }

    def edited_xml(self, print_titles: Mapping[int, tuple[str, str]] | None = None) -> str:
        """workbook.xml with the sheet list as it is now and ``fullCalcOnLoad`` set.

        ``print_titles`` maps a sheet's (new) position to the rows it repeats on every printed
        page, e.g. ``'Ladder Standings'!$1:$1``, and its print area ("" for the whole sheet),
        e.g. ``'Event Log'!$A$2:$H$1048576``.
        """
        xml = self.xml
        prefix = root_prefix(xml, "workbook", self.part)
        p = re.escape(prefix)
        moved = {e.position: i for i, e in enumerate(self.sheets) if e.position is not None}
        if any(e.element is None or e.hidden for e in self.sheets):  # added, or hidden now
            span = element_span(xml, prefix, "sheets")
            if span is None:
                raise WorkbookError(f"{self.source.name!r}: the workbook has no sheet list")
            r_prefix = relationship_prefix(xml)
            elements = []
            for entry in self.sheets:
                if entry.element is not None:
                    elements.append(entry.element)
                    continue
                declaration = "" if r_prefix else f' xmlns:r="{REL_NS}"'
                state = ' state="hidden"' if entry.hidden else ""
                elements.append(
                    f'<{prefix}sheet name="{escape_attribute(entry.name)}" '
                    f'sheetId="{entry.sheet_id}"{state}{declaration} '
                    f'{r_prefix or "r"}:id="{entry.rid}"/>'
                )
            start, open_end, _, end = span
            tag = xml[start:open_end]
            if open_end == end:
                tag = tag[:-2].rstrip() + ">"
            xml = f"{xml[:start]}{tag}{''.join(elements)}</{prefix}sheets>{xml[end:]}"
        if any(old != new for old, new in moved.items()):
            # Defined names and views refer to sheets by position: follow the sheets that moved.
            def shift(match: re.Match[str]) -> str:
                old = int(match.group(2))
                return f"{match.group(1)}{moved.get(old, old)}{match.group(3)}"

            xml = re.sub(
                rf"(<{p}definedName(?=[\s/>])[^>]*?\slocalSheetId\s*=\s*[\"'])(\d+)([\"'])",
                shift,
                xml,
            )
            for attribute in ("activeTab", "firstSheet"):
                xml = re.sub(
                    rf"(<{p}workbookView(?=[\s/>])[^>]*?\s{attribute}\s*=\s*[\"'])(\d+)([\"'])",
                    shift,
                    xml,
                )
        if print_titles:
            xml = _with_print_titles(xml, prefix, print_titles, self.part)
        # Excel recalculates every formula when the file is opened.
        match = re.search(rf"<{p}calcPr(?=[\s/>])[^>]*>", xml)
        if match is not None:
            tag = set_attribute(match.group(0), "fullCalcOnLoad", "1")
            xml = xml[: match.start()] + tag + xml[match.end() :]
        else:
            sheets = element_span(xml, prefix, "sheets")
            after = sheets[3] if sheets else 0
            names = "|".join(_AFTER_CALC_PR)
            following = re.compile(rf"<{p}(?:{names})(?=[\s/>])").search(xml, after)
            position = following.start() if following else xml.rfind(f"</{prefix}workbook>")
            if position < 0:
                raise WorkbookError(f"{self.source.name!r}: the workbook part is unterminated")
            xml = f'{xml[:position]}<{prefix}calcPr fullCalcOnLoad="1"/>{xml[position:]}'
        return xml


_PRINT_TITLES = "_xlnm.Print_Titles"
_PRINT_AREA = "_xlnm.Print_Area"


def _with_print_titles(
    xml: str, prefix: str, titles: Mapping[int, tuple[str, str]], part: str
) -> str:
    """``xml`` with each sheet's rows to repeat on every printed page (``_xlnm.Print_Titles``)
    and its print area (``_xlnm.Print_Area``, none for "": the whole sheet prints).

    A listed sheet's earlier print titles and area are replaced; every other defined name is
    kept, but for a second print titles or print area of one sheet: LibreOffice 7.4 saves
    print titles given rows first twice, once each way round (see
    :func:`~ratingbook.files.rewriting.openpyxl_presentation.print_titles_columns_first`),
    and a name defined twice in one scope is a damaged file to Excel. The first is kept.
    """
    p = re.escape(prefix)
    seen: set[tuple[str, str]] = set()

    def keep(match: re.Match[str]) -> str:
        found = tag_attributes(match.group(0))
        sheet = found.get("localSheetId", "")
        name = found.get("name", "")
        ours = name in (_PRINT_TITLES, _PRINT_AREA)
        drop = ours and sheet.isdigit() and int(sheet) in titles
        if ours and not drop:
            drop = (name, sheet) in seen
            seen.add((name, sheet))
        return "" if drop else match.group(0)

    xml = re.sub(
        rf"<{p}definedName(?=[\s/>])[^>]*?(?:/>|>.*?</{p}definedName>)", keep, xml, flags=re.S
    )
    new = "".join(
        f'<{prefix}definedName name="{name}" localSheetId="{index}">'
        f"{escape(reference)}</{prefix}definedName>"
        for index, references in sorted(titles.items())
        for name, reference in zip((_PRINT_TITLES, _PRINT_AREA), references, strict=True)
        if reference
    )
    if element_span(xml, prefix, "definedNames") is not None:
        return insert_before_close(xml, prefix, "definedNames", new, part)
    # ECMA-376 18.2.27: definedNames follows sheets, functionGroups and externalReferences.
    after = max(
        (span[3] for local in ("sheets", "functionGroups", "externalReferences")
         if (span := element_span(xml, prefix, local)) is not None),
        default=0,
    )  # fmt: skip
    if after == 0:
        raise WorkbookError(f"part {part!r} of the workbook has no sheet list")
    return f"{xml[:after]}<{prefix}definedNames>{new}</{prefix}definedNames>{xml[after:]}"
