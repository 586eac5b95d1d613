"""The openpyxl adapter: .xlsx/.xlsm files on disk, read safely and written atomically.

Implements :class:`ratingbook.workbook.Book`. Safety first:

- defusedxml must be active, so openpyxl refuses hostile XML (entity expansion, external entities);
- the file is checked before openpyxl sees it: a zip (not an encrypted/OLE file or something else),
  not a zip bomb, not missing its workbook part;
- text is always written as text: a name like ``=HYPERLINK(...)`` never becomes a formula;
- saving goes to a temporary file in the target's folder, then replaces the target atomically;
- parts openpyxl cannot carry over (drawings, images, charts, pivot tables, ...) are detected, so
  the caller can refuse to overwrite a book that would lose them.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
import zipfile
from pathlib import Path
from typing import Any

import openpyxl
from openpyxl.styles import Font
from openpyxl.utils import get_column_letter
from openpyxl.workbook.properties import CalcProperties

from ratingbook.errors import UnsafeWorkbookError, WorkbookError
from ratingbook.tables import Grid, Uncalculated
from ratingbook.workbook import KEEP, GeneratedSheet, WriteBlock

__all__ = ["MAX_UNCOMPRESSED", "XlsxBook", "check_package"]

# A real camp or club workbook is a few MB unpacked; this is far beyond that and still safe.
MAX_UNCOMPRESSED = 1 << 30  # 1 GiB
# Even very regular sheet XML compresses about 100:1; a zip bomb is far beyond that.
MAX_RATIO = 1000
MACRO_SUFFIXES = frozenset({".xlsm", ".xltm"})
SUFFIXES = frozenset({".xlsx", ".xlsm", ".xltx", ".xltm"})

# Zip parts that openpyxl drops or damages on a load + save round trip, with what users call them.
_UNCARRIED_PARTS: tuple[tuple[str, str], ...] = (
    ("xl/drawings/drawing", "drawings (shapes, text boxes, images or charts)"),
    ("xl/media/", "images"),
    ("xl/charts/", "charts"),
    ("xl/chartsheets/", "chart sheets"),
    ("xl/pivotTables/", "pivot tables"),
    ("xl/pivotCache/", "pivot caches"),
    ("xl/slicers/", "slicers"),
    ("xl/slicerCaches/", "slicers"),
    ("xl/timelines/", "timelines"),
    ("xl/ctrlProps/", "form controls"),
    ("xl/activeX/", "ActiveX controls"),
    ("xl/embeddings/", "embedded objects"),
    ("xl/threadedComments/", "threaded comments"),
    ("xl/model/", "a data model"),
    ("xl/queryTables/", "query tables"),
    ("xl/connections.xml", "data connections"),
    ("customUI/", "a custom ribbon"),
    ("xl/richData/", "rich data (images in cells)"),
)


def _require_defusedxml() -> None:
    if not openpyxl.DEFUSEDXML:
        raise WorkbookError(
            "defusedxml is not active for openpyxl (is it installed, and OPENPYXL_DEFUSEDXML not "
            "set to False?); refusing to read workbooks without protection against hostile XML"
        )


def check_package(path: Path) -> list[str]:
    """Check that ``path`` is a readable, sane .xlsx package; return the parts openpyxl would lose.

    Raises :class:`WorkbookError` for anything that is not a workbook we can read safely.
    """
    name = str(path)
    if path.suffix.lower() not in SUFFIXES:
        raise WorkbookError(
            f"{name!r} is not an Excel workbook (.xlsx or .xlsm); "
            "save it from Excel as 'Excel Workbook' first"
        )
    try:
        with path.open("rb") as handle:
            magic = handle.read(8)
    except FileNotFoundError:
        raise WorkbookError(f"{name!r} does not exist") from None
    except IsADirectoryError:
        raise WorkbookError(f"{name!r} is a folder, not a workbook") from None
    except OSError as error:
        raise WorkbookError(f"cannot read {name!r}: {error.strerror or error}") from None
    if magic.startswith(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"):
        raise WorkbookError(
            f"{name!r} is password-protected (encrypted) or an old-style .xls file; "
            "remove the password or save it as .xlsx in Excel first"
        )
    if not magic.startswith(b"PK"):
        raise WorkbookError(f"{name!r} is not an .xlsx file (it is not a zip package)")
    try:
        with zipfile.ZipFile(path) as package:
            infos = package.infolist()
    except (zipfile.BadZipFile, OSError, ValueError) as error:
        raise WorkbookError(f"{name!r} is damaged: not a readable zip package ({error})") from None
    total = sum(info.file_size for info in infos)
    packed = sum(info.compress_size for info in infos)
    if total > MAX_UNCOMPRESSED or (total > (16 << 20) and total > MAX_RATIO * max(packed, 1)):
        raise WorkbookError(
            f"{name!r} claims {total:,} bytes once unpacked from {packed:,}: "
            "refusing it as a possible zip bomb"
        )
    names = {info.filename for info in infos}
    if "xl/workbook.xml" not in names and "[Content_Types].xml" not in names:
        raise WorkbookError(f"{name!r} is a zip file but not an Excel workbook")
    lost: list[str] = []
    for prefix, what in _UNCARRIED_PARTS:
        if any(n.startswith(prefix) for n in names) and what not in lost:
            lost.append(what)
    return lost


class XlsxBook:
    """A workbook file loaded with openpyxl, implementing the :class:`Book` interface."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        _require_defusedxml()
        self.path = Path(path)
        self.uncarried = check_package(self.path)
        self.keep_vba = self.path.suffix.lower() in MACRO_SUFFIXES
        self._values_book: Any = None
        try:
            self.workbook = openpyxl.load_workbook(
                self.path, keep_vba=self.keep_vba, keep_links=True, rich_text=False
            )
        except WorkbookError:
            raise
        except Exception as error:  # openpyxl raises many kinds for a broken package
            raise WorkbookError(
                f"{str(self.path)!r} cannot be read as a workbook: {_explain(error)}"
            ) from None

    # --- Book interface ------------------------------------------------------------------------

    def sheet_names(self) -> list[str]:
        # Chart sheets are not worksheets; they hold no cells to read.
        return [ws.title for ws in self.workbook.worksheets]

    def read_values(self, sheet: str) -> Grid:
        ws = self.workbook[sheet]
        grid: Grid = [list(row) for row in ws.iter_rows(values_only=True)]
        if any(isinstance(v, str) and v.startswith("=") for row in grid for v in row) or any(
            not isinstance(v, str | int | float | bool | type(None)) and _is_formula_object(v)
            for row in grid
            for v in row
        ):
            self._use_cached_values(sheet, grid)
        return _trim(grid)

    def write_values(self, block: WriteBlock) -> None:
        ws = self.workbook[block.sheet]
        for r, line in enumerate(block.values):
            for c, value in enumerate(line):
                if value is KEEP:
                    continue
                _set(ws.cell(row=block.row + r, column=block.column + c), value)

    def replace_sheet(self, sheet: GeneratedSheet) -> None:
        wb = self.workbook
        existing = {ws.title.casefold(): ws for ws in wb.worksheets}
        old = existing.get(sheet.name.casefold())
        if old is not None:
            index = wb.index(old)
            wb.remove(old)
        elif sheet.after is not None and sheet.after.casefold() in existing:
            index = wb.index(existing[sheet.after.casefold()]) + 1
        else:
            index = len(wb.sheetnames)
        ws = wb.create_sheet(sheet.name, index)
        bold = Font(bold=True)
        for c, title in enumerate(sheet.header, start=1):
            cell = ws.cell(row=1, column=c)
            _set(cell, title)
            cell.font = bold
        for r, values in enumerate(sheet.rows, start=2):
            for c, value in enumerate(values, start=1):
                if value is not None:
                    _set(ws.cell(row=r, column=c), value)
        for c, number_format in sheet.number_formats.items():
            for r in range(2, len(sheet.rows) + 2):
                ws.cell(row=r, column=c + 1).number_format = number_format
        for c in range(len(sheet.header)):
            width = sheet.widths.get(c, max(10.0, len(sheet.header[c]) + 2.0))
            ws.column_dimensions[get_column_letter(c + 1)].width = width
        ws.freeze_panes = "A2"

    # --- saving --------------------------------------------------------------------------------

    def save(self, target: str | os.PathLike[str]) -> None:
        """Save to ``target`` atomically: a temporary file in its folder, then a rename."""
        target = Path(target)
        if target.is_symlink():
            # Replace the file the link points to, not the link (which would leave it stale).
            target = Path(os.path.realpath(target))
        suffix = target.suffix.lower()
        if suffix not in SUFFIXES:
            raise WorkbookError(f"cannot save as {str(target)!r}: use an .xlsx or .xlsm name")
        if (suffix in MACRO_SUFFIXES) != self.keep_vba:
            kind = "a macro workbook (.xlsm)" if self.keep_vba else "a workbook without macros"
            raise WorkbookError(
                f"cannot save {str(self.path)!r}, {kind}, as {str(target)!r}: keep the extension"
            )
        folder = target.parent if str(target.parent) else Path(".")
        if not folder.is_dir():
            raise WorkbookError(
                f"cannot save {str(target)!r}: folder {str(folder)!r} does not exist"
            )
        if target.is_dir():
            raise WorkbookError(f"cannot save {str(target)!r}: it is a folder")
        # A read-only values book keeps the input file open; close it before replacing files.
        if self._values_book is not None:
            self._values_book.close()
            self._values_book = None
        mode = None
        with contextlib.suppress(OSError):
            mode = stat.S_IMODE(target.stat().st_mode)
        if mode is None:
            # mkstemp creates the file readable by its owner only; a new workbook gets the
            # permissions any new file would get (0666 less the umask), like Excel's.
            umask = os.umask(0o022)
            os.umask(umask)
            mode = 0o666 & ~umask
        try:
            handle, temporary = tempfile.mkstemp(prefix=".~ratingbook-", suffix=suffix, dir=folder)
        except OSError as error:
            raise WorkbookError(
                f"cannot save {str(target)!r}: cannot create a file in {str(folder)!r} "
                f"({error.strerror or error})"
            ) from None
        os.close(handle)
        # openpyxl keeps no cached formula values, and Excel does not recompute a book it last
        # saved itself: without this, a formula over the new ratings would show a stale value.
        if self.workbook.calculation is None:
            self.workbook.calculation = CalcProperties()
        self.workbook.calculation.fullCalcOnLoad = True
        try:
            self.workbook.save(temporary)
            with open(temporary, "rb") as written:
                os.fsync(written.fileno())
            os.chmod(temporary, mode)
            os.replace(temporary, target)
        except BaseException as error:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
            # Disk full, permissions, a file locked by another program: a message, not a crash.
            if isinstance(error, OSError):
                raise WorkbookError(
                    f"cannot save {str(target)!r}: {error.strerror or error}"
                ) from None
            raise

    def refuse_in_place(self) -> None:
        """Raise :class:`UnsafeWorkbookError` if rewriting the file would lose some of its parts."""
        if self.uncarried:
            raise UnsafeWorkbookError(
                f"{str(self.path)!r} contains {', '.join(self.uncarried)}, which cannot be carried "
                "over when the file is rewritten; refusing --in-place (write a copy with -o and "
                "copy the ratings, or run Recalc Ratings from Excel)"
            )

    # --- cached values of formulas -------------------------------------------------------------

    def _use_cached_values(self, sheet: str, grid: Grid) -> None:
        """Replace formula cells in ``grid`` by the values Excel cached for them."""
        if self._values_book is None:
            try:
                self._values_book = openpyxl.load_workbook(
                    self.path, read_only=True, data_only=True, keep_links=False
                )
            except Exception as error:
                raise WorkbookError(
                    f"{str(self.path)!r} cannot be read as a workbook: {_explain(error)}"
                ) from None
        ws = self.workbook[sheet]
        cached = self._values_book[sheet]
        # Read-only sheets trust the file's <dimension>, which some programs leave at "A1":
        # forget it, or every cached value past A1 reads as missing.
        cached.reset_dimensions()
        values = [list(row) for row in cached.iter_rows(values_only=True)]
        for r, row in enumerate(grid):
            for c, value in enumerate(row):
                if ws.cell(row=r + 1, column=c + 1).data_type != "f" and not _is_formula_object(
                    value
                ):
                    continue
                new = values[r][c] if r < len(values) and c < len(values[r]) else None
                row[c] = Uncalculated(_formula_text(value)) if new is None else new


def _is_formula_object(value: object) -> bool:
    return type(value).__name__ in ("ArrayFormula", "DataTableFormula")


def _formula_text(value: object) -> str:
    text = getattr(value, "text", value)
    return str(text)


def _trim(grid: Grid) -> Grid:
    """Drop empty rows and columns at the end (formatted but blank cells)."""
    last = len(grid)
    while last and all(v is None or v == "" for v in grid[last - 1]):
        last -= 1
    del grid[last:]
    width = 0
    for row in grid:
        for c in range(len(row) - 1, -1, -1):
            if row[c] is not None and row[c] != "":
                width = max(width, c + 1)
                break
    return [row[:width] for row in grid]


def _set(cell: Any, value: object) -> None:
    """Write ``value``; text is stored as text even when it starts with = + - or @."""
    cell.value = value
    if isinstance(value, str):
        cell.data_type = "s"


def _explain(error: BaseException) -> str:
    # openpyxl wraps what went wrong (defusedxml's EntitiesForbidden among others) in a
    # multi-line ValueError of its own: look down the chain, and keep the message on one line.
    chain: list[BaseException] = []
    cause: BaseException | None = error
    while cause is not None and cause not in chain:
        chain.append(cause)
        cause = cause.__cause__ or cause.__context__
    for link in chain:
        text = " ".join((str(link) or type(link).__name__).split())
        if "entit" in text.lower() or type(link).__module__.startswith("defusedxml"):
            return f"it contains forbidden XML ({type(link).__name__}: {text})"
    return f"{type(error).__name__}: {' '.join((str(error) or type(error).__name__).split())}"
