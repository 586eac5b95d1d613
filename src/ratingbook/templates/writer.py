"""The ready-to-use workbook templates: camp ladder, Crikey, Elo and Swiss, built and written.

Each template is an ``Instructions`` sheet followed by the family's input sheets, laid out
exactly as :mod:`ratingbook.workbook` reads them (the column names come from its TableSpecs),
with sample data; what each template holds is :mod:`ratingbook.templates.designs`. To feel
native to Excel users every input sheet is an Excel Table (typing below it extends it), result
cells have a dropdown, header rows are frozen, ratings carry a number format and every sheet a
print setup. The sample data is then recalculated through the session
(:mod:`ratingbook.session`) itself, so a template opens with consistent ratings, standings and
charts, and recalculating it changes nothing.

The files are byte-for-byte reproducible: the document properties carry a fixed date and the
zip package is rewritten with fixed entry times, in openpyxl's entry order, uncompressed (so the
bytes depend on neither the clock nor the zlib build). ``workbook_templates/*.xlsx`` are exactly
what :func:`template_bytes` returns; regenerate them with::

    ratingbook template all --out-dir workbook_templates/ --force
"""

from __future__ import annotations

import dataclasses
import datetime as _dt
import io
import os
import textwrap
import zipfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from openpyxl import Workbook
from openpyxl.packaging.core import DocumentProperties
from openpyxl.styles import Alignment
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.worksheet.filters import AutoFilter
from openpyxl.worksheet.table import Table, TableColumn, TableFormula, TableStyleInfo
from openpyxl.worksheet.worksheet import Worksheet
from openpyxl.xml.functions import tostring

from ratingbook.core.refs import column_letter, rows_below_header
from ratingbook.errors import WorkbookError
from ratingbook.files.disk import atomic_save
from ratingbook.files.rewriting.openpyxl_book import OpenpyxlBook
from ratingbook.files.rewriting.openpyxl_presentation import (
    apply_print_setup,
    book_font,
    print_titles_columns_first,
)
from ratingbook.reports.tables import id_columns, key_columns
from ratingbook.session import Recalc, Session
from ratingbook.templates.camper_chart import write_camper_chart
from ratingbook.templates.designs import (
    CRIKEY,
    ELO,
    INSTRUCTIONS_WIDTH,
    LADDER,
    TABLE_STYLE,
    TEXT,
    Design,
    InputSheet,
    table_name,
)
from ratingbook.templates.list_design import RATING_LIST_DESIGN
from ratingbook.templates.round_robin_design import ROUND_ROBIN
from ratingbook.templates.swiss_design import SWISS
from ratingbook.templates.team_design import TEAM
from ratingbook.workbook.port.presentation import (
    INDENT,
    INDENT_WIDTH,
    LEFT,
    LINE_HEIGHT,
    RIGHT,
    PrintSetup,
    column_alignments,
    column_width,
    content_width,
    header_height,
    indented_columns,
    row_lines,
)
from ratingbook.workbook.sheets.schemas import GAMES_ARCHIVE, LADDER_PLAYERS

__all__ = [
    "INSTRUCTIONS",
    "KINDS",
    "LAST_ENTRY_ROW",
    "TemplateBook",
    "build_template",
    "sample_rows",
    "stale_templates",
    "template_bytes",
    "write_template",
]

#: What each kind of template holds (its designs live in designs.py and swiss_design.py).
DESIGNS: dict[str, Design] = {
    "ladder": LADDER,
    "crikey": CRIKEY,
    "elo": ELO,
    "swiss": SWISS,
    "roundrobin": ROUND_ROBIN,
    "team": TEAM,  # team events (issue 26)
    "ratinglist": RATING_LIST_DESIGN,  # a season's rating list (issue 35)
}
KINDS: tuple[str, ...] = tuple(DESIGNS)
INSTRUCTIONS = "Instructions"

# Dropdowns reach the sheet's last row (Excel's 1,048,576: one range, no cost in the file), so
# every row typed below the samples gets them: a season's List Games outgrows a thousand rows.
LAST_ENTRY_ROW = 1_048_576

# Fixed stamps: the same code writes the same bytes on every machine and every day.
_DOCUMENT_TIME = _dt.datetime(2024, 1, 1, 0, 0, 0)
_ZIP_TIME = (2024, 1, 1, 0, 0, 0)
_ZIP_UNIX = 3  # "made by" Unix, whatever the platform that builds the file
_ZIP_MODE = 0o644 << 16

# --- building -----------------------------------------------------------------------------------


class TemplateBook(OpenpyxlBook):
    """A template being built: the openpyxl Book over a workbook that is not (yet) a file.

    A :class:`~ratingbook.workbook.port.book.FileBook`: it saves as the reproducible template
    bytes, and
    nothing is lost (there is no original file to overwrite or to carry parts over from).
    Its charts read the whole room kept for games and weeks to come: the button in Excel,
    xlwings Server and Lite, which start from a template, cannot change a chart.
    """

    chart_room = True

    def __init__(self, book: Workbook) -> None:
        super().__init__(book)
        self.uncarried: list[str] = []

    def refuse_in_place(self) -> None:
        """Never refuses: a template has no original file to lose parts of."""

    def save(self, target: str | os.PathLike[str]) -> None:
        """Write the template's bytes (identical on every run) to ``target``, atomically."""
        data = self.package_bytes()

        def write(temporary: str) -> None:
            Path(temporary).write_bytes(data)

        atomic_save(Path(target), write)

    def package_bytes(self) -> bytes:
        """The workbook as the bytes of an .xlsx file, identical on every run."""
        buffer = io.BytesIO()
        print_titles_columns_first(self.workbook)
        self.workbook.save(buffer)
        return _reproducible_package(buffer.getvalue(), self.workbook.properties)


def _check_kind(kind: str) -> Design:
    design = DESIGNS.get(kind)
    if design is None:
        raise WorkbookError(f"unknown template {kind!r}; choose one of {', '.join(KINDS)}")
    return design


def _write_instructions(ws: Worksheet, design: Design) -> None:
    # Lines are wrapped here rather than by Excel: Excel does not grow a row for wrapped text
    # written by another program, so every line gets a row of its own.
    ws.column_dimensions["A"].width = INSTRUCTIONS_WIDTH
    ws.sheet_view.showGridLines = False
    apply_print_setup(ws, PrintSetup(INSTRUCTIONS, repeat_rows=1, file_name=True, grid=False))
    title = ws.cell(row=1, column=1, value=f"{design.title}: a ratingbook workbook")
    title.font = book_font(ws.parent, bold=True, size=16)
    heading = book_font(ws.parent, bold=True, size=12)
    row = 3
    for paragraph in design.instructions:
        if paragraph.startswith("# "):
            ws.cell(row=row, column=1, value=paragraph[2:]).font = heading
            row += 1
        elif paragraph.startswith("    "):
            ws.cell(row=row, column=1, value=paragraph)
            row += 1
        else:
            for line in textwrap.wrap(paragraph, INSTRUCTIONS_WIDTH - 8) or [""]:
                if line:
                    ws.cell(row=row, column=1, value=line)
                row += 1


def _write_input_sheet(wb: Workbook, sheet: InputSheet) -> None:
    ws = wb.create_sheet(sheet.spec.sheet)
    header = sheet.header
    ws.append(list(header))
    for values in sheet.rows:
        ws.append(list(values))
    last_column = column_letter(len(header))
    last_row = max(2, len(sheet.rows) + 1)  # a table needs at least one data row
    if sheet.table:
        name = table_name(sheet.spec.sheet)
        table = Table(displayName=name, ref=f"A1:{last_column}{last_row}")
        table.tableStyleInfo = TableStyleInfo(
            name=TABLE_STYLE, showRowStripes=True, showColumnStripes=False
        )
        table.tableColumns = [
            TableColumn(id=i, name=title) for i, title in enumerate(header, start=1)
        ]
        table.autoFilter = AutoFilter(ref=table.ref)
        for column in table.tableColumns:
            formula = sheet.formulas.get(column.name)
            if formula is not None:
                column.calculatedColumnFormula = TableFormula(attr_text=formula)
                for r in range(2, last_row + 1):
                    ws.cell(row=r, column=column.id, value=f"={formula}")
        ws.add_table(table)
    else:
        for cell in ws[1]:
            cell.font = book_font(ws.parent, bold=True)
    ws.freeze_panes = "A2"
    positions = {name: i for i, name in enumerate(header, start=1)}
    wrapped = frozenset(positions[name] - 1 for name in sheet.wrapped)
    alignments = _alignments(sheet)
    indented = indented_columns(alignments)
    widths = [
        column_width(name, _input_width(sheet, c), lines=sheet.header_lines)
        + (INDENT_WIDTH if c in indented else 0.0)
        for c, name in enumerate(header)
    ]
    header_tall = header_height(header, widths, None) if sheet.header_lines > 1 else None
    setup = PrintSetup(
        sheet.spec.sheet,
        landscape=sheet.landscape,
        file_name=True,
        wrapped=wrapped,
        repeat_columns=key_columns(header),
    )
    # Too wide to print readable on one page (Swiss Players with every rating source and the
    # bye flag), a sheet prints over pages wide with its row-naming columns on each, as the
    # generated tables do (PrintSetup.laid_out); narrower, it stays fitted one page wide.
    apply_print_setup(ws, setup.laid_out(widths, len(sheet.rows) + 1))
    if not sheet.rows:
        # An empty sheet (Forbidden Pairs, an archive before its first week) prints nothing:
        # its print area is every row under the header, which prints on each page (the setup's
        # title rows). A page of empty cells is left out (LibreOffice: "suppress output of empty
        # pages", Excel: Intelliprint), and the rows typed later print, however many; printed
        # whole, the sheet was a page with the header alone (issue 34).
        ws.print_area = rows_below_header(len(header))
    for name, position in positions.items():
        letter = column_letter(position)
        dimension = ws.column_dimensions[letter]
        dimension.width = widths[position - 1]
        number_format = sheet.number_formats.get(name)
        if number_format is not None:
            # The column's own format is what Excel gives cells typed below the samples.
            dimension.number_format = number_format
            for r in range(2, last_row + 1):
                ws.cell(row=r, column=position).number_format = number_format
    for position, alignment in enumerate(alignments, start=1):
        # The header and the cells (the samples, and rows typed below them) line up alike; a
        # wrapped column's text starts at the top of its cell, level with the row's setting; a
        # text right of a number is indented away from it (presentation.indented_columns).
        indent = INDENT if position - 1 in indented else 0
        aligned = Alignment(horizontal=alignment, indent=indent)
        if position - 1 in wrapped:
            aligned = Alignment(horizontal=alignment, vertical="top", wrap_text=True, indent=indent)
        elif wrapped:
            aligned = Alignment(horizontal=alignment, vertical="top", indent=indent)
        ws.cell(row=1, column=position).alignment = (
            Alignment(
                horizontal=aligned.horizontal,
                vertical=aligned.vertical,
                wrap_text=True,
                indent=aligned.indent,
            )
            if header_tall
            else aligned
        )
        ws.column_dimensions[column_letter(position)].alignment = aligned
        for r in range(2, last_row + 1):
            ws.cell(row=r, column=position).alignment = aligned
    if header_tall:
        ws.row_dimensions[1].height = header_tall
    if wrapped:  # Excel grows no row for text another program wrapped: each row gets its height
        for r, values in enumerate(sheet.rows, start=2):
            lines = row_lines(values, widths, wrapped)
            if lines > 1:
                ws.row_dimensions[r].height = LINE_HEIGHT * lines
    for dropdown in sheet.dropdowns:
        letter = column_letter(positions[dropdown.column])
        choices = ",".join(dropdown.choices)
        validation = DataValidation(
            type="list",
            formula1=f'"{choices}"',
            allow_blank=True,
            showErrorMessage=True,
            showInputMessage=True,
            errorStyle="warning",
            errorTitle=dropdown.title,
            error=" ".join(
                p
                for p in (f"ratingbook expects {', '.join(dropdown.choices)}.", dropdown.also)
                if p
            ),
            promptTitle=dropdown.column,
            prompt=dropdown.prompt,
        )
        validation.add(f"{letter}2:{letter}{LAST_ENTRY_ROW}")
        ws.add_data_validation(validation)


def _input_width(sheet: InputSheet, column: int) -> float:
    """An input column's width: the design's room for typing, a column of text widened to its
    longest value (:func:`content_width`, up to its cap) unless it wraps: the names a TRF
    import writes (``Lakunza Oyarbide Juan Carlos``) were cut by the next cell at the
    template's width (issue 34)."""
    name = sheet.header[column]
    given = sheet.widths.get(name, len(name) + 3.0)
    need, text = content_width(sheet.rows, column)
    return max(given, need) if text and name not in sheet.wrapped else given


def _alignments(sheet: InputSheet) -> tuple[str, ...]:
    """Each column's alignment (:func:`column_alignments` of the samples): IDs centred as on
    every generated sheet (:func:`id_columns`, and the sheet's :attr:`~InputSheet.ids`); a
    column without samples is aligned as its number format says: numbers right, text left.
    Only IDs, and only in an Excel table, whose typed rows take their column's format: a cell
    ratingbook writes below a sheet's rows (Swiss Games' next round, an archived week) is
    aligned by its kind, so its column is aligned so too."""
    centred = (
        id_columns(sheet.header) | {c for c, name in enumerate(sheet.header) if name in sheet.ids}
        if sheet.table
        else frozenset()
    )
    found = column_alignments(sheet.header, sheet.rows, centred)
    return tuple(
        found[c]
        if c in centred or any(len(row) > c and row[c] not in (None, "") for row in sheet.rows)
        else RIGHT
        if sheet.number_formats.get(name, TEXT) != TEXT
        else LEFT
        for c, name in enumerate(sheet.header)
    )


def _cover_new_rows(ws: Worksheet, sheet: InputSheet) -> None:
    """Rows the sample's recalculation appended (the Swiss pairing of the next round) get the
    column's number format, as rows typed below the table do (the table itself grew over them
    in the adapter's write, by ratingbook.workbook.port.table_growth's rule)."""
    last_row = ws.max_row
    while last_row > 2 and all(
        ws.cell(row=last_row, column=c).value in (None, "") for c in range(1, len(sheet.header) + 1)
    ):
        last_row -= 1
    if last_row <= max(2, len(sheet.rows) + 1):
        return
    for position, name in enumerate(sheet.header, start=1):
        number_format = sheet.number_formats.get(name)
        if number_format is not None:
            for r in range(len(sheet.rows) + 2, last_row + 1):
                ws.cell(row=r, column=position).number_format = number_format


def sample_rows(kind: str) -> dict[str, tuple[tuple[object, ...], ...]]:
    """The ``kind`` template's sample rows, by input sheet name (in the sheets' column order)."""
    return {s.spec.sheet: tuple(tuple(r) for r in s.rows) for s in _check_kind(kind).sheets}


def build_template(
    kind: str,
    *,
    rows: Mapping[str, Sequence[Sequence[object] | Mapping[str, object]]] | None = None,
    recalc: bool = True,
) -> Workbook:
    """The ``kind`` template (ladder, crikey, elo or swiss) as an openpyxl workbook.

    Its sample data is already recalculated: ratings and generated sheets are filled in.
    ``rows`` replaces the sample rows of the sheets it names (``ratingbook trf import`` builds
    an event's book this way), each row the values in the sheet's column order or a mapping of
    column name to value, and adds the design's optional sheets it names (after the others);
    with ``recalc`` false nothing is computed.
    """
    design = _check_kind(kind)
    if rows:
        added = tuple(s for s in design.optional if s.spec.sheet in rows)
        design = dataclasses.replace(
            design,
            sheets=tuple(
                dataclasses.replace(s, rows=_in_order(s, rows[s.spec.sheet]))
                if s.spec.sheet in rows
                else s
                for s in (*design.sheets, *added)
            ),
        )
    wb = Workbook()
    instructions = wb.active
    assert isinstance(instructions, Worksheet)
    instructions.title = INSTRUCTIONS
    _write_instructions(instructions, design)
    for sheet in design.sheets:
        _write_input_sheet(wb, sheet)
    if recalc:  # a sample event's Event Log starts with the user's first run (FIDE mode)
        Session(TemplateBook(wb), log=False).run(Recalc())
    if kind == "ladder":
        # The chosen-camper view, before the archives (after the sheets the recalc made).
        players = next(s for s in design.sheets if s.spec.sheet == LADDER_PLAYERS.sheet)
        before = GAMES_ARCHIVE if GAMES_ARCHIVE in wb.sheetnames else None
        index = wb.sheetnames.index(before) if before else None
        write_camper_chart(wb, str(players.rows[0][1]) if players.rows else "", index=index)
    for sheet in design.sheets:
        _cover_new_rows(wb[sheet.spec.sheet], sheet)
    wb.active = 0
    wb.properties = DocumentProperties(
        creator="ratingbook",
        title=f"ratingbook {kind} template",
        created=_DOCUMENT_TIME,
        modified=_DOCUMENT_TIME,
    )
    return wb


def _in_order(
    sheet: InputSheet, rows: Sequence[Sequence[object] | Mapping[str, object]]
) -> tuple[tuple[object, ...], ...]:
    """``rows`` as tuples in the sheet's column order (a mapping's names must be columns)."""
    names = list(sheet.header)
    ordered: list[tuple[object, ...]] = []
    for row in rows:
        if isinstance(row, Mapping):
            unknown = set(row) - set(names)
            if unknown:
                raise ValueError(f"{sheet.spec.sheet} has no column {sorted(unknown)[0]!r}")
            ordered.append(tuple(row.get(name) for name in names))
        else:
            ordered.append(tuple(row))
    return tuple(ordered)


def _reproducible_package(data: bytes, properties: DocumentProperties) -> bytes:
    """``data`` (an .xlsx package) with fixed entry times, fixed core properties, no compression."""
    # openpyxl stamps the save time into docProps/core.xml; write the fixed properties instead.
    properties.modified = _DOCUMENT_TIME
    core = tostring(properties.to_tree())
    out = io.BytesIO()
    with (
        zipfile.ZipFile(io.BytesIO(data)) as source,
        zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as target,
    ):
        for entry in source.infolist():
            info = zipfile.ZipInfo(entry.filename, date_time=_ZIP_TIME)
            info.compress_type = zipfile.ZIP_STORED
            info.create_system = _ZIP_UNIX
            info.external_attr = _ZIP_MODE
            content = core if entry.filename == "docProps/core.xml" else source.read(entry)
            target.writestr(info, content)
    return out.getvalue()


def template_bytes(kind: str) -> bytes:
    """The ``kind`` template as the bytes of an .xlsx file, identical on every run."""
    return TemplateBook(build_template(kind)).package_bytes()


def write_template(kind: str, path: str | os.PathLike[str], *, overwrite: bool = False) -> Path:
    """Write the ``kind`` template to ``path`` (an .xlsx name) and return the path.

    An existing file is refused unless ``overwrite`` is true; then it is replaced atomically.
    """
    target = Path(path)
    _check_kind(kind)
    if target.suffix.lower() != ".xlsx":
        raise WorkbookError(f"cannot write the template as {str(target)!r}: use an .xlsx name")
    folder = target.parent
    if not folder.is_dir():
        raise WorkbookError(f"cannot write {str(target)!r}: folder {str(folder)!r} does not exist")
    if target.is_dir():
        raise WorkbookError(f"cannot write {str(target)!r}: it is a folder")
    if not overwrite and target.exists():
        raise WorkbookError(f"{str(target)!r} already exists; not replacing it")
    book = TemplateBook(build_template(kind))
    if target.exists():  # only with overwrite: replaced atomically, keeping its permissions
        book.save(target)
        return target
    data = book.package_bytes()
    try:
        # A new file: created exclusively, with the usual permissions (umask applies).
        with open(target, "xb") as handle:
            handle.write(data)
    except FileExistsError:
        raise WorkbookError(f"{str(target)!r} already exists; not replacing it") from None
    except OSError as error:
        raise WorkbookError(f"cannot write {str(target)!r}: {error.strerror or error}") from error
    return target


def stale_templates(folder: str | os.PathLike[str]) -> list[Path]:
    """The files FOLDER/KIND.xlsx that are missing or differ from :func:`template_bytes`
    (``ratingbook template all --check FOLDER``: are the committed templates up to date?)."""
    paths = [Path(folder) / f"{kind}.xlsx" for kind in KINDS]
    return [
        path
        for kind, path in zip(KINDS, paths, strict=True)
        if not path.is_file() or path.read_bytes() != template_bytes(kind)
    ]


if TYPE_CHECKING:  # mypy proves here that this adapter implements the interface
    from ratingbook.workbook.port.book import FileBook as _Interface

    _CONFORMS: type[_Interface] = TemplateBook
