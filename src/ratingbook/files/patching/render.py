"""The new package planned part by part: which parts are replaced, added or dropped.

Everything that decides what the saved package holds lives here: patched and generated sheets
(with a generated sheet's drawing and charts, and its print titles in workbook.xml), styles.xml
when new formats were needed, the workbook's relationships (a new sheet's, a new
stylesheet's; the calculation chain's dropped so Excel recalculates), content types, and the
parts only a replaced sheet led to. Every check on content happens here, before any file exists.
"""

from __future__ import annotations

import functools
import posixpath
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from ratingbook.errors import WorkbookError
from ratingbook.files.ooxml.charttext import without_text_property_runs
from ratingbook.files.ooxml.opc import (
    CALC_CHAIN_REL,
    STYLES_REL,
    STYLES_TYPE,
    WORKSHEET_REL,
    WORKSHEET_TYPE,
    edit_content_types,
    edit_relationships,
    read_relationships,
    relationships,
    relative,
    rels_part,
    resolve,
)
from ratingbook.files.ooxml.trust import mark_plan
from ratingbook.files.ooxml.workbookpart import WorkbookPart
from ratingbook.files.ooxml.xmltext import PACKAGE_REL_NS, check_xml, decode_part
from ratingbook.files.ooxml.zipread import PackageZip
from ratingbook.files.ooxml.zipwrite import PackagePlan, Stream
from ratingbook.files.patching.cells import CellWriter
from ratingbook.files.patching.drawing import (
    CHART_REL,
    DRAWING_REL,
    chart_parts,
    chart_title,
    with_value_axis,
)
from ratingbook.files.patching.generated import generated_sheet_xml
from ratingbook.files.patching.looks import given_looks, with_columns
from ratingbook.files.patching.patch import (
    merge_blocks,
    merge_heights,
    merge_widths,
    page_title,
    patch_sheet,
    with_column_widths,
    with_page_title,
)
from ratingbook.files.patching.stale import formula_texts, staleness, without_formula_values
from ratingbook.files.patching.styles import Styles
from ratingbook.files.patching.tableparts import (
    grow_table_parts,
    shrink_table_parts,
    table_names,
)
from ratingbook.files.patching.walker import SheetXml
from ratingbook.workbook.port.book import GeneratedSheet, WriteBlock
from ratingbook.workbook.port.looks import Layout, SheetLooks


@dataclass(slots=True)
class Edits:
    """What a sheet will become: a generated sheet (or its original part) plus write blocks."""

    generated: GeneratedSheet | None = None
    blocks: list[WriteBlock] = field(default_factory=list)
    truncated: int | None = None
    """The rows the sheet keeps (None: all): its tables end there (undo of appended rows)."""
    looks: list[SheetLooks] = field(default_factory=list)
    """Formats given back (an undo's, a redo's: :mod:`ratingbook.files.patching.looks`)."""


class Renderer:
    """Plans the new package of ``source`` with the sheet ``edits`` (by part name) applied."""

    def __init__(self, source: PackageZip, workbook: WorkbookPart) -> None:
        self.source = source
        self.workbook = workbook
        self.styles: Styles | None = None

    def load_styles(self) -> Styles:
        """The workbook's stylesheet (a new one if it has none), loaded once."""
        if self.styles is None:
            source = self.source
            part = self._styles_part()
            if part is None:
                folder = posixpath.dirname(self.workbook.part)
                n, name = 0, posixpath.join(folder, "styles.xml")
                while source.has(name):
                    n += 1
                    name = posixpath.join(folder, f"styles{n}.xml")
                self.styles = Styles(None, name)
            else:
                self.styles = Styles(decode_part(source.read(part), part), part)
        return self.styles

    def _styles_part(self) -> str | None:
        """The workbook's stylesheet part, if it has one; a relationship to a stylesheet the
        package does not hold is refused (a new one beside it would make two)."""
        rels = [r for r in self.workbook.rels if r.type == STYLES_REL and not r.external]
        if not rels:
            return None
        part = resolve(self.workbook.part, rels[0].target)
        if not self.source.has(part):
            raise WorkbookError(
                f"{self.source.name!r} is damaged: its styles relationship points to {part!r}, "
                "which it does not hold"
            )
        return self.source.member(part)

    def render(self, edits: dict[str, Edits]) -> PackagePlan:
        plan = PackagePlan()
        if not edits:
            return plan
        styles = [r for r in self.workbook.rels if r.type == STYLES_REL and not r.external]
        if len(styles) > 1:
            raise WorkbookError(
                f"{self.source.name!r} is damaged: it has {len(styles)} styles relationships "
                "(a workbook has one)"
            )
        source = self.source
        writer = CellWriter(self.load_styles, self.workbook.epoch)
        removed_rels: set[str] = set()
        types: list[tuple[str, str]] = []
        taken = set(source.names)  # casefolded
        written: set[str] = set()  # sheets whose cells change (not just a width or a title)
        layouts: dict[str, Layout] = {}  # sheets whose columns and print names are given back
        for entry in self.workbook.sheets:
            if entry.part is None or entry.part not in edits:
                continue
            sheet_edits = edits[entry.part]
            writes = merge_blocks(sheet_edits.blocks)
            if writes or sheet_edits.generated is not None or sheet_edits.truncated is not None:
                written.add(entry.name)
            title = page_title(sheet_edits.blocks)
            widths = merge_widths(sheet_edits.blocks)
            axes = dict(pair for block in sheet_edits.blocks for pair in block.value_axes)
            if axes and sheet_edits.generated is None:  # a generated sheet's charts are new
                self._set_value_axes(plan, entry.part, axes)
            if sheet_edits.generated is not None:
                tab_selected = entry.element is not None and source.tab_selected(entry.part)
                generated = sheet_edits.generated
                drawing = self._add_charts(plan, entry.part, generated, edits, taken, types)
                if writes:
                    xml = "".join(generated_sheet_xml(generated, writer, tab_selected, drawing))
                    plan.parts[entry.part] = patch_sheet(
                        xml, writes, writer, entry.part, entry.name
                    ).encode()
                else:
                    # Streamed into the zip; the styles it needs are chosen now.
                    generator = generated_sheet_xml(generated, writer, tab_selected, drawing)
                    first = next(generator)
                    plan.parts[entry.part] = Stream(first, generator)
                if source.has(rels_part(entry.part)):
                    removed_rels.add(source.member(rels_part(entry.part)))
            elif (
                writes
                or title is not None
                or widths
                or sheet_edits.truncated is not None
                or sheet_edits.looks
            ):
                data = source.read(entry.part)
                check_xml(data, entry.part)
                xml = decode_part(data, entry.part)
                cells, heights, layout = (
                    given_looks(sheet_edits.looks, writer.styles())
                    if sheet_edits.looks
                    else ({}, {}, None)
                )
                heights = {**merge_heights(sheet_edits.blocks), **heights}
                if writes or cells or heights:
                    xml = patch_sheet(xml, writes, writer, entry.part, entry.name, heights, cells)
                if layout is not None:
                    xml = with_columns(xml, layout.columns, writer.styles())
                    layouts[entry.name] = layout
                if title is not None:
                    xml = with_page_title(xml, title)
                widened = with_column_widths(xml, widths)
                cut = sheet_edits.truncated
                given = cells or heights or layout is not None
                if not writes and title is None and widened is xml and cut is None and not given:
                    continue  # its columns wide enough already: the sheet is copied as it is
                plan.parts[entry.part] = widened.encode()
                # Excel tables the blocks extend downward grow over the new rows.
                grown = grow_table_parts(source, entry.part, sheet_edits.blocks)
                if cut is not None:  # and end where the sheet is cut short
                    grown.update(shrink_table_parts(source, entry.part, cut, grown))
                plan.parts.update(grown)
        self._drop_stale_values(plan, written)
        titles = {}
        for index, entry in enumerate(self.workbook.sheets):
            found = edits.get(entry.part or "")
            sheet = found.generated if found else None
            setup = sheet.printed(sheet.column_widths()) if sheet is not None else None
            if setup is not None:
                assert sheet is not None
                columns = max([len(sheet.header), *(len(r) for r in sheet.rows)])
                titles[index] = (
                    setup.print_titles(entry.name),
                    setup.print_area(entry.name, columns, len(sheet.rows) + 1),
                )
            elif entry.name in layouts:
                titles[index] = (layouts[entry.name].print_titles, layouts[entry.name].print_area)
        self._render_workbook_parts(plan, removed_rels, types, titles)
        return plan

    def _drop_stale_values(self, plan: PackagePlan, written: set[str]) -> None:
        """Formula cells that may read the cells of the sheets ``written`` lose their stored
        values, so that every program computes them (see
        :mod:`~ratingbook.files.patching.stale`)."""
        if not written:  # nothing written: no value can be stale, and no sheet is read for it
            return
        source = self.source
        sheets: dict[str, tuple[str, SheetXml]] = {}
        tables: dict[str, list[str]] = {}
        for entry in self.workbook.sheets:
            if entry.kind != "worksheet" or entry.part is None:
                continue
            held = plan.parts.get(entry.part)
            if isinstance(held, Stream):
                continue  # generated whole: its formulas hold no values
            data = held if held is not None else source.read(entry.part)
            if source.has(entry.part):
                tables[entry.name] = table_names(source, entry.part)
            if b"<f" not in data and b":f" not in data:
                continue  # no formula (with or without a namespace prefix)
            try:
                sheet = SheetXml.split(decode_part(data, entry.part), entry.part, entry.name)
            except WorkbookError:
                if held is not None:
                    raise
                continue  # a sheet ratingbook does not otherwise rewrite is copied as it is
            sheets[entry.name] = (entry.part, sheet)
        formulas = {name: formula_texts(sheet) for name, (_, sheet) in sheets.items()}
        going = staleness(formulas, written, tables, self.workbook.defined_names())
        for name, (part, sheet) in sheets.items():
            xml = without_formula_values(sheet, functools.partial(going.stale, name))
            if xml is not None:  # else no value goes: the sheet is as it was
                plan.parts[part] = xml.encode()

    def _add_charts(
        self,
        plan: PackagePlan,
        part: str,
        sheet: GeneratedSheet,
        edits: dict[str, Edits],
        taken: set[str],
        types: list[tuple[str, str]],
    ) -> str | None:
        """A drawing and chart parts for ``sheet``'s charts; the drawing's relationship id.

        The charts' caches are the values the plan writes into the cells they read. The sheet's
        old relationships, drawing and charts are dropped with the old sheet: their names are
        free again, so recalculating twice writes the same file.
        """
        if not sheet.charts:
            return None
        source = self.source
        generated = {
            e.generated.name.casefold(): e.generated for e in edits.values() if e.generated
        }

        def value_of(name: str, row: int, column: int) -> object:
            data = generated.get(name.casefold())
            if data is None:
                return None
            line = (
                data.header
                if row == 1
                else (data.rows[row - 2] if row - 2 < len(data.rows) else ())
            )
            return line[column - 1] if column - 1 < len(line) else None

        old: set[str] = set()
        stack = [part] if source.has(part) else []
        while stack:
            here = stack.pop()
            try:
                targets = [
                    resolve(here, r.target) for r in relationships(source, here) if not r.external
                ]
            except WorkbookError:
                continue
            for target in targets:
                if source.has(target) and target.casefold() not in old:
                    old.add(target.casefold())
                    stack.append(target)
        parts = chart_parts(
            [chart.played() for chart in sheet.charts],  # the axis ends at the last game
            value_of,
            taken - old,
            posixpath.dirname(self.workbook.part),
        )
        taken.update(name.casefold() for name in parts.parts)
        rels = rels_part(part)
        rels = source.member(rels) if source.has(rels) else rels
        plan.parts[rels] = parts.sheet_rels.encode()
        plan.added.append(rels)
        for name, xml in parts.parts.items():
            plan.parts[name] = xml.encode()
            plan.added.append(name)
        types.extend((f"/{name}", kind) for name, kind in parts.content_types)
        return parts.drawing_rid

    def _set_value_axes(
        self, plan: PackagePlan, part: str, axes: Mapping[str, tuple[float, float, float]]
    ) -> None:
        """The value axis of each chart on the sheet ``part`` titled as in ``axes`` set in its
        own chart part (:attr:`~ratingbook.workbook.port.book.WriteBlock.value_axes`)."""
        source = self.source
        drawings = [
            resolve(part, r.target)
            for r in relationships(source, part)
            if r.type == DRAWING_REL and not r.external
        ]
        for drawing in (d for d in drawings if source.has(d)):
            for rel in relationships(source, drawing):
                chart = resolve(drawing, rel.target)
                if rel.type != CHART_REL or rel.external or not source.has(chart):
                    continue
                member = source.member(chart)
                data = source.read(member)
                check_xml(data, member)
                xml = decode_part(data, member)
                axis = axes.get(chart_title(xml))
                if axis is not None:  # rewritten: its label settings' runs (a "None") go too
                    xml = without_text_property_runs(with_value_axis(xml, axis))
                    plan.parts[member] = xml.encode()

    def _render_workbook_parts(
        self,
        plan: PackagePlan,
        removed_rels: set[str],
        types: Sequence[tuple[str, str]] = (),
        titles: Mapping[int, tuple[str, str]] | None = None,
    ) -> None:
        source, workbook = self.source, self.workbook
        new_sheets = [e for e in workbook.sheets if e.element is None and e.part is not None]
        # Excel recalculates formulas that depend on what we wrote: no stale calculation chain.
        calc_chain = [
            rel for rel in workbook.rels if rel.type == CALC_CHAIN_REL and not rel.external
        ]
        deleted: set[str] = set(removed_rels)
        for rel in calc_chain:
            part = resolve(workbook.part, rel.target)
            if source.has(part):
                deleted.add(source.member(part))
        rel_additions = [
            (e.rid, WORKSHEET_REL, relative(workbook.part, e.part))
            for e in new_sheets
            if e.part is not None
        ]
        type_additions = [(f"/{e.part}", WORKSHEET_TYPE) for e in new_sheets if e.part]
        type_additions.extend(types)
        styles = self.styles
        if styles is not None and styles.created:
            rid = workbook.new_relationship_id()
            rel_additions.append((rid, STYLES_REL, relative(workbook.part, styles.part)))
            type_additions.append((f"/{styles.part}", STYLES_TYPE))
        if styles is not None and styles.changed:
            plan.parts[styles.part] = styles.render().encode()
            if styles.created:
                plan.added.append(styles.part)
        for entry in new_sheets:
            assert entry.part is not None
            plan.added.append(entry.part)

        workbook_rels_part = rels_part(workbook.part)
        rels_xml = (
            decode_part(source.read(workbook_rels_part), workbook_rels_part)
            if source.has(workbook_rels_part)
            else f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
            f'<Relationships xmlns="{PACKAGE_REL_NS}"></Relationships>'
        )
        rels_xml = edit_relationships(
            rels_xml, {rel.id for rel in calc_chain}, rel_additions, workbook_rels_part
        )
        if source.has(workbook_rels_part):
            plan.parts[source.member(workbook_rels_part)] = rels_xml.encode()
        else:
            plan.parts[workbook_rels_part] = rels_xml.encode()
            plan.added.append(workbook_rels_part)
        plan.parts[workbook.part] = workbook.edited_xml(titles).encode()

        # Parts only the dropped relationships led to go too (a replaced sheet's old table, ...).
        if removed_rels:
            deleted |= self._orphans(removed_rels, rels_xml)
        plan.deleted = {source.member(p) for p in deleted if source.has(p)}
        # fullCalcOnLoad is set: the mark says whether the formula values carried over count.
        type_additions.extend(mark_plan(source, workbook, plan))
        content_types = "[Content_Types].xml"
        if not source.has(content_types):
            raise WorkbookError(f"{source.name!r} has no [Content_Types].xml part")
        plan.parts[source.member(content_types)] = edit_content_types(
            decode_part(source.read(content_types), content_types), plan.deleted, type_additions
        ).encode()

    def _orphans(self, removed_rels: set[str], workbook_rels_xml: str) -> set[str]:
        """Parts reachable before the edit but not after it (with their relationship parts)."""
        source, workbook_part = self.source, self.workbook.part

        def reachable(rels_of: Callable[[str], list[str]]) -> set[str]:
            seen: set[str] = set()
            stack = [""]
            while stack:
                part = stack.pop()
                for target in rels_of(part):
                    key = target.casefold()
                    if key not in seen and source.has(target):
                        seen.add(key)
                        stack.append(source.member(target))
            return seen

        def before(part: str) -> list[str]:
            try:
                return [
                    resolve(part, r.target) for r in relationships(source, part) if not r.external
                ]
            except WorkbookError:
                return []

        removed = {p.casefold() for p in removed_rels}
        workbook_rels = read_relationships(workbook_rels_xml.encode(), rels_part(workbook_part))

        def after(part: str) -> list[str]:
            if rels_part(part).casefold() in removed:
                return []
            if part == workbook_part:
                return [resolve(part, r.target) for r in workbook_rels if not r.external]
            return before(part)

        lost = reachable(before) - reachable(after)
        orphans = {source.member(p) for p in lost}
        for part in list(orphans):
            if source.has(rels_part(part)):
                orphans.add(source.member(rels_part(part)))
        return orphans
