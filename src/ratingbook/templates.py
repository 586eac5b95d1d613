"""The ready-to-use workbook templates: camp ladder, Crikey, Elo and Swiss.

Each template is an ``Instructions`` sheet followed by the family's input sheets, laid out
exactly as :mod:`ratingbook.workbook` reads them, with sample data; what each template holds is
:mod:`ratingbook.template_designs`, this module builds and writes the files. To feel native to
Excel users every input sheet is an Excel Table (typing below it extends it), result cells have a
dropdown, header rows are frozen and ratings carry a number format. The sample data is then
recalculated by :func:`ratingbook.workbook.recalc` itself, so a template opens with consistent
ratings and standings, and recalculating it changes nothing.

The files are byte-for-byte reproducible: the document properties carry a fixed date and the
zip package is rewritten with fixed entry times, in openpyxl's entry order, uncompressed (so the
bytes depend on neither the clock nor the zlib build). ``workbook_templates/*.xlsx`` are exactly
what :func:`template_bytes` returns; regenerate them with::

    python -m ratingbook.templates --write-all workbook_templates/
"""

from __future__ import annotations

import argparse
import datetime as _dt
import io
import os
import sys
import textwrap
import zipfile
from collections.abc import Sequence
from pathlib import Path

from openpyxl import Workbook
from openpyxl.packaging.core import DocumentProperties
from openpyxl.styles import Font
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.worksheet.table import Table, TableStyleInfo
from openpyxl.worksheet.worksheet import Worksheet
from openpyxl.xml.functions import tostring

from ratingbook import workbook
from ratingbook.errors import RatingbookError, WorkbookError
from ratingbook.files import atomic_save
from ratingbook.template_designs import DESIGNS, Design, InputSheet
from ratingbook.xlsx import OpenpyxlBook

__all__ = [
    "INSTRUCTIONS",
    "KINDS",
    "LAST_ENTRY_ROW",
    "TemplateBook",
    "build_template",
    "main",
    "template_bytes",
    "write_template",
]

KINDS: tuple[str, ...] = tuple(DESIGNS)
INSTRUCTIONS = "Instructions"

# Dropdowns and column formats reach this far down, so rows typed below the samples get them.
LAST_ENTRY_ROW = 1000

# Fixed stamps: the same code writes the same bytes on every machine and every day.
_DOCUMENT_TIME = _dt.datetime(2024, 1, 1, 0, 0, 0)
_ZIP_TIME = (2024, 1, 1, 0, 0, 0)
_ZIP_UNIX = 3  # "made by" Unix, whatever the platform that builds the file
_ZIP_MODE = 0o644 << 16

_TABLE_STYLE = "TableStyleMedium2"
_INSTRUCTIONS_WIDTH = 100


# --- building -----------------------------------------------------------------------------------


class TemplateBook(OpenpyxlBook):
    """A template being built: the openpyxl Book over a workbook that is not (yet) a file.

    A :class:`~ratingbook.book.FileBook`: it saves as the reproducible template bytes, and
    nothing is lost (there is no original file to overwrite or to carry parts over from).
    """

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
    ws.column_dimensions["A"].width = _INSTRUCTIONS_WIDTH
    ws.sheet_view.showGridLines = False
    title = ws.cell(row=1, column=1, value=f"{design.title}: a ratingbook workbook")
    title.font = Font(bold=True, size=16)
    heading = Font(bold=True, size=12)
    row = 3
    for paragraph in design.instructions:
        if paragraph.startswith("# "):
            ws.cell(row=row, column=1, value=paragraph[2:]).font = heading
            row += 1
        elif paragraph.startswith("    "):
            ws.cell(row=row, column=1, value=paragraph)
            row += 1
        else:
            for line in textwrap.wrap(paragraph, _INSTRUCTIONS_WIDTH - 8) or [""]:
                if line:
                    ws.cell(row=row, column=1, value=line)
                row += 1


def _table_name(sheet: str) -> str:
    return "".join(sheet.split())


def _write_input_sheet(wb: Workbook, sheet: InputSheet) -> None:
    ws = wb.create_sheet(sheet.spec.sheet)
    header = sheet.header
    ws.append(list(header))
    for values in sheet.rows:
        ws.append(list(values))
    last_column = get_column_letter(len(header))
    last_row = max(2, len(sheet.rows) + 1)  # a table needs at least one data row
    table = Table(displayName=_table_name(sheet.spec.sheet), ref=f"A1:{last_column}{last_row}")
    table.tableStyleInfo = TableStyleInfo(
        name=_TABLE_STYLE, showRowStripes=True, showColumnStripes=False
    )
    ws.add_table(table)
    ws.freeze_panes = "A2"
    positions = {name: i for i, name in enumerate(header, start=1)}
    for name, position in positions.items():
        letter = get_column_letter(position)
        dimension = ws.column_dimensions[letter]
        dimension.width = sheet.widths.get(name, max(10.0, len(name) + 3.0))
        number_format = sheet.number_formats.get(name)
        if number_format is not None:
            # The column's own format is what Excel gives cells typed below the samples.
            dimension.number_format = number_format
            for r in range(2, last_row + 1):
                ws.cell(row=r, column=position).number_format = number_format
    for dropdown in sheet.dropdowns:
        letter = get_column_letter(positions[dropdown.column])
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


def build_template(kind: str) -> Workbook:
    """The ``kind`` template (ladder, crikey, elo or swiss) as an openpyxl workbook.

    Its sample data is already recalculated: ratings and generated sheets are filled in.
    """
    design = _check_kind(kind)
    wb = Workbook()
    instructions = wb.active
    assert isinstance(instructions, Worksheet)
    instructions.title = INSTRUCTIONS
    _write_instructions(instructions, design)
    for sheet in design.sheets:
        _write_input_sheet(wb, sheet)
    workbook.recalc(TemplateBook(wb))
    wb.active = 0
    wb.properties = DocumentProperties(
        creator="ratingbook",
        title=f"ratingbook {kind} template",
        created=_DOCUMENT_TIME,
        modified=_DOCUMENT_TIME,
    )
    return wb


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
        raise WorkbookError(f"cannot write {str(target)!r}: {error.strerror or error}") from None
    return target


# --- python -m ratingbook.templates --------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    """Write (or, with --check, compare) every template as DIR/KIND.xlsx."""
    parser = argparse.ArgumentParser(
        prog="python -m ratingbook.templates",
        description="Regenerate the committed workbook templates (workbook_templates/*.xlsx).",
    )
    action = parser.add_mutually_exclusive_group(required=True)
    action.add_argument("--write-all", metavar="DIR", help="write DIR/KIND.xlsx for every kind")
    action.add_argument("--check", metavar="DIR", help="exit 1 if DIR/KIND.xlsx are out of date")
    args = parser.parse_args(argv)
    if args.check is not None:
        stale = [
            kind
            for kind in KINDS
            if not (Path(args.check) / f"{kind}.xlsx").is_file()
            or (Path(args.check) / f"{kind}.xlsx").read_bytes() != template_bytes(kind)
        ]
        for kind in stale:
            print(f"out of date: {Path(args.check) / f'{kind}.xlsx'}")
        return 1 if stale else 0
    try:
        for kind in KINDS:
            path = write_template(kind, Path(args.write_all) / f"{kind}.xlsx", overwrite=True)
            print(f"wrote {path}")
    except RatingbookError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
