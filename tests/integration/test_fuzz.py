"""Fuzz: random malformed ladder workbooks never get anything but a RatingbookError.

A seeded random loop (every case reproducible from its number) starts from a small valid camp
ladder and breaks it: random cell values of every kind a spreadsheet holds (text, numbers,
floats, booleans, dates, times, empty cells, Excel errors, huge numbers, NaN-like text,
formula-looking text, uncalculated formulas), header spellings changed or dropped, columns
shuffled or added, title rows above the header, sheets missing, renamed or emptied, rows
duplicated. A book holding formulas is tried again with the placeholder 0 that libraries store
for every formula: the verdict must not change.

Every book is recalculated in-process through :class:`XlsxBook`, and through ``PackageBook``
when that adapter exists (read, ``workbook.recalc``, save): the only exception allowed is
:class:`RatingbookError`, with a one-line message, and both adapters must give the same verdict
(the same message, or the same summary and the same values written). A sample goes through
``ratingbook recalc`` in subprocesses, two at a time (one beside a second pytest-xdist worker),
under a hang guard: exit 0 or 2, never a traceback, never a hang, and the same verdict as
in-process.

Every output either adapter wrote opens with openpyxl, and a sample opens in LibreOffice.

Package-level mutations of fuzzed books go through ``ratingbook recalc`` (the default engine)
in subprocesses, two at a time (or one), under a hang guard and a memory guard, because a
reader that dies must not take the test run with it: rows renumbered (out of order, past
Excel's last row 1048576), a note in a far cell (XFD1048576, CV1048576), a part that claims
1,000 bytes and inflates to 256 MB. Each must end in exit 0 (an output openpyxl opens) or exit 2
with FAILED lines that say what is wrong: no traceback, no abort (nor a reader that died, which
the batch reports), no hang.

``RATINGBOOK_FUZZ_CASES=2000 python -m pytest tests/integration/test_fuzz.py`` runs a longer
campaign.
"""

from __future__ import annotations

import datetime as dt
import os
import random
import re
import struct
import subprocess
import sys
import traceback
import zipfile
import zlib
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from tests.helpers.libreoffice import convert_all
from tests.helpers.processes import AT_ONCE
from tests.helpers.workbooks import Error, Formula, Text, make_book, sheet_part

from ratingbook import workbook
from ratingbook.errors import InputErrors, RatingbookError
from ratingbook.files.rewriting.openpyxl_book import XlsxBook

#: Every adapter of the Book interface that reads files: the zip-patching one when present.
ADAPTERS: list[Any] = [XlsxBook]
try:
    from ratingbook.files.patching import PackageBook
except ImportError:  # not written yet, or python-calamine missing
    pass
else:
    ADAPTERS.append(PackageBook)

CASES = int(os.environ.get("RATINGBOOK_FUZZ_CASES", "150"))
CLI_SAMPLE = 12
#: A hang guard, not a speed test: one ``ratingbook recalc`` of a fuzzed book takes 0.2-0.35 s on
#: the idle 2-core machine (measured 2026-11-22), so only a hang reaches 60 s, however busy the
#: machine is.
CLI_HANG_GUARD = 60.0
SEED = 20240705

Grid = list[list[object]]

# Values a cell may hold, as openpyxl writes them (Text: text even if it looks like a formula;
# Error: an error cell, data type "e"; Formula: a formula without a cached value).
WEIRD: tuple[object, ...] = (
    None,
    "",
    " ",
    "\t ",
    0,
    1,
    -1,
    7,
    99,
    1200,
    1200.0,
    1200.5,
    -0.0,
    0.1,
    1e308,
    -1e308,
    float("nan"),
    float("inf"),
    10**20,
    2**63,
    -(2**63) - 1,
    10**400 // 10**390,
    True,
    False,
    "TRUE",
    "False",
    "yes",
    "x",
    "0",
    "1",
    "-1",
    "1e3",
    "1,200",
    "1 200",
    "１２",
    "NaN",
    "nan",
    "inf",
    "-Infinity",
    "1e999",
    "-1e400",
    "1e99999999",
    "1e-99999999",
    "0x10",
    "1_000",
    "٣",
    "9" * 400,
    dt.date(2024, 7, 1),
    dt.datetime(1900, 1, 1, 12, 0),
    dt.time(12, 30),
    dt.timedelta(days=2),
    Error("#N/A"),
    Error("#REF!"),
    Error("#DIV/0!"),
    Error("#VALUE!"),
    "#N/A",
    "#NAME?",
    Formula("=1+1"),
    Formula("=A1"),
    Formula('=IF(A2>0,"(1-0)","(0-1)")'),
    Text('=HYPERLINK("http://example.com")'),
    Text("+1"),
    Text("-1-1"),
    Text("@SUM(A1)"),
    Text("=1200"),
    "(1-0)",
    "(0-1)",
    "(½-½)",
    "(1/2-1/2)",
    "1-0",
    "0-1",
    "½-½",
    "(1–0)",
    "(1 - 0)",
    "draw",
    "½",
    "1/2",
    "won",
    "Seniors",
    "juniors",
    " SENIORS ",
    "Nobody",
    "a" * 1000,
    "名前",
    "😀♞",
    "O'Brien",
    "Ann\nBen",
    "Ann",
    "ann",
)

HEADERS = {
    "Ladder Players": ["ID", "Name", "Group", "Active", "Rating", "Permanent Rating", "StWkPerm"],
    "Ladder Games": ["White", "Black", "Result"],
    "Camp Groups": ["Group", "Initial Ladder Rating"],
}
RESULTS = ("(1-0)", "(0-1)", "(½-½)", "(1/2-1/2)", "1-0", "0-1")


def valid_book(rng: random.Random) -> dict[str, Grid]:
    """A small, correct camp ladder with random sizes, ratings and games."""
    groups = [["Juniors", 1000], ["Seniors", 1200]][: rng.randint(1, 2)]
    players: Grid = [list(HEADERS["Ladder Players"])]
    active: list[int] = []
    for pid in range(1, rng.randint(2, 9) + 1):
        is_active = rng.random() < 0.85
        players.append(
            [pid, f"Player {pid}", rng.choice(groups)[0], is_active, 0, 0, rng.randint(800, 1800)]
        )
        if is_active:
            active.append(pid)
    games: Grid = [list(HEADERS["Ladder Games"])]
    if len(active) >= 2:
        for _ in range(rng.randint(0, 12)):
            white, black = rng.sample(active, 2)
            games.append([white, black, rng.choice(RESULTS)])
    return {
        "Ladder Players": players,
        "Ladder Games": games,
        "Camp Groups": [list(HEADERS["Camp Groups"]), *groups],
    }


# --- mutations ------------------------------------------------------------------------------------


def _any_sheet(book: dict[str, Grid], rng: random.Random) -> Grid | None:
    return book[rng.choice(list(book))] if book else None


def set_random_cell(book: dict[str, Grid], rng: random.Random) -> None:
    grid = _any_sheet(book, rng)
    if not grid:
        return
    r = rng.randrange(len(grid))
    width = max(len(line) for line in grid) or 1
    c = rng.randrange(width + 1)
    line = grid[r]
    line.extend([None] * (c + 1 - len(line)))
    line[c] = rng.choice(WEIRD)


def set_data_cells(book: dict[str, Grid], rng: random.Random) -> None:
    """Several weird values in data rows (more likely to reach the typed readers)."""
    for _ in range(rng.randint(1, 4)):
        grid = _any_sheet(book, rng)
        if grid and len(grid) > 1:
            line = grid[rng.randrange(1, len(grid))]
            if line:
                line[rng.randrange(len(line))] = rng.choice(WEIRD)


FORMULAS = (
    Formula("=1000+250"),
    Formula("=A2"),
    Formula('="(1-0)"'),
    Formula("=1+1"),
    Formula("=TRUE()"),
    Formula('=IF(A2>0,"Seniors","Juniors")'),
)


def formulas_in_data(book: dict[str, Grid], rng: random.Random) -> None:
    """Formulas (stored without a value) where values belong: never calculated."""
    for _ in range(rng.randint(1, 3)):
        grid = _any_sheet(book, rng)
        if grid and len(grid) > 1:
            line = grid[rng.randrange(1, len(grid))]
            if line:
                line[rng.randrange(len(line))] = rng.choice(FORMULAS)


def respell_header(book: dict[str, Grid], rng: random.Random) -> None:
    grid = _any_sheet(book, rng)
    if not grid or not grid[0]:
        return
    c = rng.randrange(len(grid[0]))
    header = str(grid[0][c])
    grid[0][c] = rng.choice(
        [
            header.upper(),
            header.lower(),
            f"  {header}  ",
            header.replace(" ", "  "),
            header + "s",
            header[:-1],
            None,
            "",
            "Start Week Permanent" if header == "StWkPerm" else header.title(),
            rng.choice(WEIRD),
        ]
    )


def drop_column(book: dict[str, Grid], rng: random.Random) -> None:
    grid = _any_sheet(book, rng)
    if not grid or not grid[0]:
        return
    c = rng.randrange(len(grid[0]))
    for line in grid:
        if c < len(line):
            del line[c]


def duplicate_header(book: dict[str, Grid], rng: random.Random) -> None:
    grid = _any_sheet(book, rng)
    if grid and grid[0]:
        grid[0].append(rng.choice(grid[0]))


def shuffle_columns(book: dict[str, Grid], rng: random.Random) -> None:
    grid = _any_sheet(book, rng)
    if not grid:
        return
    width = max(len(line) for line in grid)
    order = list(range(width))
    rng.shuffle(order)
    for i, line in enumerate(grid):
        padded = line + [None] * (width - len(line))
        grid[i] = [padded[c] for c in order]


def add_extra_column(book: dict[str, Grid], rng: random.Random) -> None:
    grid = _any_sheet(book, rng)
    if not grid:
        return
    at = rng.randint(0, len(grid[0]))
    grid[0].insert(at, rng.choice(["Notes", "Email", "Rating", "ID", "", None, "Comment"]))
    for line in grid[1:]:
        line.insert(min(at, len(line)), rng.choice(WEIRD))


def title_rows(book: dict[str, Grid], rng: random.Random) -> None:
    grid = _any_sheet(book, rng)
    if grid is not None:
        for _ in range(rng.choice([1, 2, 5, 19, 20, 25])):
            grid.insert(0, rng.choice([[], ["Camp ladder, week 3"], [None, None, "note"]]))


def blank_rows(book: dict[str, Grid], rng: random.Random) -> None:
    grid = _any_sheet(book, rng)
    if grid:
        for _ in range(rng.randint(1, 5)):
            grid.insert(rng.randint(1, len(grid)), rng.choice([[], [None, None], [" ", ""]]))


def duplicate_row(book: dict[str, Grid], rng: random.Random) -> None:
    grid = _any_sheet(book, rng)
    if grid and len(grid) > 1:
        grid.append(list(rng.choice(grid[1:])))


def drop_row(book: dict[str, Grid], rng: random.Random) -> None:
    grid = _any_sheet(book, rng)
    if grid and len(grid) > 1:
        del grid[rng.randrange(1, len(grid))]


def self_play(book: dict[str, Grid], rng: random.Random) -> None:
    games = book.get("Ladder Games")
    if games and len(games) > 1 and len(games[1]) >= 2:
        games[1][1] = games[1][0]


def drop_sheet(book: dict[str, Grid], rng: random.Random) -> None:
    if book:
        del book[rng.choice(list(book))]


def rename_sheet(book: dict[str, Grid], rng: random.Random) -> None:
    if not book:
        return
    old = rng.choice(list(book))
    new = rng.choice([old.upper(), old.lower(), old + " ", old.replace(" ", ""), old + "2"])
    if new.casefold() in {n.casefold() for n in book if n != old} or new == old:
        return
    grids = list(book.items())
    book.clear()
    for name, grid in grids:
        book[new if name == old else name] = grid


def empty_sheet(book: dict[str, Grid], rng: random.Random) -> None:
    grid = _any_sheet(book, rng)
    if grid is not None:
        grid.clear()


def extra_sheets(book: dict[str, Grid], rng: random.Random) -> None:
    name = rng.choice(["Notes", "Ladder Standings", "Rating History", "Crikey Players"])
    if name.casefold() not in {n.casefold() for n in book}:
        book[name] = [[rng.choice(WEIRD) for _ in range(3)] for _ in range(rng.randint(0, 4))]


MUTATIONS: tuple[Callable[[dict[str, Grid], random.Random], None], ...] = (
    set_random_cell,
    set_data_cells,
    set_data_cells,
    formulas_in_data,
    respell_header,
    drop_column,
    duplicate_header,
    shuffle_columns,
    add_extra_column,
    title_rows,
    blank_rows,
    duplicate_row,
    drop_row,
    self_play,
    drop_sheet,
    rename_sheet,
    empty_sheet,
    extra_sheets,
)


def fuzzed_book(case: int) -> tuple[dict[str, Grid], list[str]]:
    """Case ``case``'s book and the names of the mutations applied to it."""
    rng = random.Random(SEED * 1_000_003 + case)
    book = valid_book(rng)
    applied = []
    for _ in range(rng.choice([0, 1, 1, 2, 2, 3, 4])):
        mutation = rng.choice(MUTATIONS)
        mutation(book, rng)
        applied.append(mutation.__name__)
    return book, applied


def write(book: dict[str, Grid], path: Path) -> None:
    sheets = dict(book) or {"Sheet1": []}
    make_book(sheets).save(path)


# --- running -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Outcome:
    case: int
    path: Path
    mutations: list[str]
    error: str | None  # the RatingbookError message, None when the recalc succeeded
    summary: tuple[str, ...] = ()


def run_adapter(adapter: Any, case: int, path: Path, mutations: list[str], book: object) -> Outcome:
    """Read, recalculate and save ``path`` with ``adapter``; only RatingbookError may escape."""
    try:
        opened = adapter(path)
        plan = workbook.recalc(opened)
        opened.save(path.with_name(f"{path.stem}-{adapter.__name__}.xlsx"))
    except RatingbookError as error:
        message = str(error)
        # One line per problem (an InputErrors lists every problem the recalc found).
        lines = message.splitlines()
        problems = error.errors if isinstance(error, InputErrors) else (error,)
        assert lines and all(line.strip() for line in lines), (case, mutations, message)
        assert len(lines) == min(len(problems), InputErrors.SHOWN + 1), (case, message)
        assert all("\n" not in str(p) for p in problems), f"case {case}: {message!r}"
        return Outcome(case, path, mutations, message)
    except Exception:
        pytest.fail(
            f"case {case} (mutations {mutations}) raised a non-RatingbookError through "
            f"{adapter.__name__}:\n{traceback.format_exc()}\nbook: {book!r}"
        )
    return Outcome(case, path, mutations, None, plan.summary)


def recalc_in_process(case: int, folder: Path) -> Outcome:
    """Case ``case`` through every adapter; they must agree on the verdict, word for word."""
    book_grids, mutations = fuzzed_book(case)
    path = folder / f"case{case:04d}.xlsx"
    write(book_grids, path)
    results = [run_adapter(a, case, path, mutations, book_grids) for a in ADAPTERS]
    for other, adapter in zip(results[1:], ADAPTERS[1:], strict=True):
        assert (other.error, other.summary) == (results[0].error, results[0].summary), (
            f"case {case} ({mutations}): {adapter.__name__} and XlsxBook disagree"
        )
    placeheld = with_placeholders(path)
    if placeheld is not None:
        # Stored placeholders change nothing: the file (openpyxl's calcPr asks for a full
        # recalculation on load, without ratingbook's mark) vouches for none of them.
        for adapter in ADAPTERS:
            got = run_adapter(adapter, case, placeheld, [*mutations, "placeholders"], book_grids)
            error = None if got.error is None else got.error.replace(placeheld.name, path.name)
            assert (error, got.summary) == (results[0].error, results[0].summary), (
                f"case {case} ({mutations}): {adapter.__name__} reads placeholders as values"
            )
    return results[0]


def with_placeholders(path: Path) -> Path | None:
    """A copy of ``path`` whose formulas hold the placeholder 0, as XlsxWriter stores them;
    None when the book has no formula."""
    parts = _parts(path)
    count = 0
    for name, data in parts.items():
        if name.startswith("xl/worksheets/") and name.endswith(".xml"):
            xml, n = re.subn(r"(<f>[^<]*</f>)<v\s*/>", r"\1<v>0</v>", data.decode())
            parts[name], count = xml.encode(), count + n
    if not count:
        return None
    copy = path.with_name(f"{path.stem}-placeholders.xlsx")
    _rewrite(copy, parts)
    return copy


@pytest.fixture(scope="module")
def outcomes(tmp_path_factory: pytest.TempPathFactory) -> list[Outcome]:
    folder = tmp_path_factory.mktemp("fuzz")
    return [recalc_in_process(case, folder) for case in range(CASES)]


def test_consistency_adapters_write_the_same_ratings(outcomes: list[Outcome]) -> None:
    """Where the recalc succeeded, every adapter's output holds the same values in the ladder
    sheets (the books differ only in how they were written)."""
    if len(ADAPTERS) < 2:
        pytest.skip("only one adapter")
    compared = 0
    for o in outcomes:
        if o.error is not None or "ladder" not in " ".join(o.summary):
            continue
        values = []
        for adapter in ADAPTERS:
            out = o.path.with_name(f"{o.path.stem}-{adapter.__name__}.xlsx")
            wb = openpyxl.load_workbook(out, read_only=True, data_only=True)
            values.append(
                {
                    name: [tuple(r) for r in wb[name].iter_rows(values_only=True)]
                    for name in wb.sheetnames
                    if name.casefold().startswith("ladder") or name == "Rating History"
                }
            )
            wb.close()
        assert all(v == values[0] for v in values[1:]), (o.case, o.mutations)
        compared += 1
        if compared == 25:  # enough; each comparison reads two workbooks
            break
    assert compared


def test_random_malformed_books_raise_only_ratingbook_errors(outcomes: list[Outcome]) -> None:
    """Every fuzzed book either recalculates or stops with a one-line RatingbookError, and the
    mix is real: both kinds occur (the fuzz is neither all-valid nor rejected wholesale)."""
    failed = [o for o in outcomes if o.error is not None]
    assert len(outcomes) == CASES
    assert 0.2 * CASES < len(failed) < 0.9 * CASES, (len(failed), CASES)


def test_every_error_names_a_sheet_or_the_file(outcomes: list[Outcome]) -> None:
    """A user can act on each message: each of its lines (one per problem) names a sheet (and
    usually a row) or the workbook."""
    for o in outcomes:
        for line in (o.error or "").splitlines():
            assert "sheet" in line or "workbook" in line, (o.case, o.mutations, o.error)


def test_cli_sample_exits_cleanly_without_hanging(outcomes: list[Outcome]) -> None:
    """A sample through ``ratingbook recalc`` in subprocesses: exit 0 or 2, never a traceback
    or a hang, one FAILED line on error, and the same verdict as the in-process run."""
    rng = random.Random(SEED)
    failed = [o for o in outcomes if o.error is not None]
    passed = [o for o in outcomes if o.error is None]
    sample = rng.sample(failed, min(len(failed), CLI_SAMPLE * 2 // 3))
    sample += rng.sample(passed, min(len(passed), CLI_SAMPLE - len(sample)))

    def run(o: Outcome) -> tuple[Outcome, subprocess.CompletedProcess[str] | None]:
        target = o.path.with_name(o.path.stem + "-cli.xlsx")
        try:
            done = subprocess.run(
                [
                    sys.executable,
                    "-c",
                    "from ratingbook.cli import main; main()",
                    "recalc",
                    str(o.path),
                    "-o",
                    str(target),
                ],
                capture_output=True,
                text=True,
                timeout=CLI_HANG_GUARD,
                check=False,
            )
        except subprocess.TimeoutExpired:
            return o, None
        return o, done

    # Never more than two processes at once (one beside a second pytest-xdist worker).
    with ThreadPoolExecutor(max_workers=AT_ONCE) as pool:
        results = list(pool.map(run, sample))
    for o, done in results:
        assert done is not None, (
            f"case {o.case} ({o.mutations}): no answer in {CLI_HANG_GUARD} s: a hang"
        )
        assert "Traceback" not in done.stderr, (o.case, done.stderr)
        assert done.returncode in (0, 2), (o.case, done.returncode, done.stderr)
        target = o.path.with_name(o.path.stem + "-cli.xlsx")
        if o.error is None:
            assert done.returncode == 0, (o.case, done.stderr)
            assert target.exists()
        else:
            assert done.returncode == 2, (o.case, done.stdout)
            lines = dict.fromkeys(o.error.splitlines())  # a problem found twice is said once
            assert done.stderr.splitlines() == [f"FAILED {o.path}: {line}" for line in lines]
            assert not target.exists()


def test_every_output_opens_with_openpyxl(outcomes: list[Outcome]) -> None:
    """Whatever the fuzzed input, what ratingbook wrote is a workbook openpyxl can load."""
    opened = 0
    for o in outcomes:
        if o.error is not None:
            continue
        for adapter in ADAPTERS:
            out = o.path.with_name(f"{o.path.stem}-{adapter.__name__}.xlsx")
            try:
                openpyxl.load_workbook(out).close()
            except Exception as error:
                pytest.fail(f"case {o.case} ({o.mutations}): {out.name} does not open: {error!r}")
            opened += 1
    assert opened


# --- LibreOffice opens a sample of the outputs ----------------------------------------------------

LIBREOFFICE_SAMPLE = 8


def libreoffice_cannot_open(books: list[Path], folder: Path) -> list[Path]:
    """The ``books`` LibreOffice fails to load: the run's LibreOffice converts them all (its
    hang guard is tests.helpers.libreoffice.TIMEOUT)."""
    folder.mkdir()
    done = convert_all(books, folder, folder / "profile", "csv")
    assert done.returncode == 0, done.stdout + done.stderr
    return [book for book in books if not (folder / f"{book.stem}.csv").exists()]


@pytest.mark.usefixtures("needs_soffice")
def test_a_sample_of_outputs_opens_in_libreoffice(
    outcomes: list[Outcome], structural: dict[str, list[StructuralRun]], tmp_path: Path
) -> None:
    """LibreOffice loads a sample of what both adapters wrote (from fuzzed grids and from
    package-level mutations that recalculated)."""
    rng = random.Random(SEED + 1)
    passed = [o for o in outcomes if o.error is None]
    books = [
        o.path.with_name(f"{o.path.stem}-{adapter.__name__}.xlsx")
        for o in rng.sample(passed, min(len(passed), LIBREOFFICE_SAMPLE))
        for adapter in ADAPTERS
    ]
    books += [r.output for runs in structural.values() for r in runs if r.returncode == 0][:4]
    assert books
    assert libreoffice_cannot_open(books, tmp_path / "lo") == []


# --- package-level mutations, through the command line --------------------------------------------

#: Excel's last row and column (ECMA-376 part 1, 18.3.1.73 and 18.3.1.4: 1,048,576 x XFD).
LAST_ROW = 1_048_576
BOOKS_PER_KIND = 2
#: The memory guard of each ``ratingbook recalc`` subprocess (its address space): a fuzzed book
#: needs about 40 MB resident (measured 2026-11-22); a reader that builds a grid out to a far
#: cell needs tens of GB and stops here instead of exhausting a shared machine.
MEMORY_GUARD = 1 << 30
INFLATED = 256 << 20  # what the inflating part unpacks to; its headers claim 1,000 bytes


def _parts(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as package:
        return {info.filename: package.read(info.filename) for info in package.infolist()}


def _rewrite(path: Path, parts: dict[str, bytes]) -> None:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as package:
        for name, data in parts.items():
            package.writestr(name, data)


def _edit_sheet(path: Path, rng: random.Random, edit: Callable[[str], str]) -> None:
    """Apply ``edit`` to the XML of a random sheet of ``path`` (the first ladder sheet if any)."""
    with zipfile.ZipFile(path) as package:
        workbook_xml = package.read("xl/workbook.xml").decode()
    titles = re.findall(r'<sheet [^>]*name="([^"]*)"', workbook_xml)
    part = sheet_part(path, rng.choice(titles))
    parts = _parts(path)
    parts[part] = edit(parts[part].decode()).encode()
    _rewrite(path, parts)


_ROW = re.compile(r"<row(?=[\s>/])[^>]*?(?:/>|>.*?</row>)", re.S)


def _renumber(row: str, number: int) -> str:
    """A ``<row>`` element and its cells moved to row ``number``."""
    row = re.sub(r'^<row r="\d+"', f'<row r="{number}"', row)
    return re.sub(r'(<c r="[A-Z]+)\d+"', rf'\g<1>{number}"', row)


def rows_out_of_order(path: Path, rng: random.Random) -> None:
    def edit(xml: str) -> str:
        rows = list(_ROW.finditer(xml))
        if len(rows) < 2:
            xml = re.sub(r"<sheetData\s*/>", "<sheetData></sheetData>", xml)
            return xml.replace("</sheetData>", '<row r="3"/><row r="2"/></sheetData>')
        first, second = rng.sample(rows, 2)
        if first.start() > second.start():
            first, second = second, first
        return (
            xml[: first.start()]
            + second.group(0)
            + xml[first.end() : second.start()]
            + first.group(0)
            + xml[second.end() :]
        )

    _edit_sheet(path, rng, edit)


def last_row_renumbered(number: int) -> Callable[[Path, random.Random], None]:
    def mutate(path: Path, rng: random.Random) -> None:
        def edit(xml: str) -> str:
            rows = list(_ROW.finditer(xml))
            if not rows:
                xml = re.sub(r"<sheetData\s*/>", "<sheetData></sheetData>", xml)
                return xml.replace("</sheetData>", f'<row r="{number}"/></sheetData>')
            last = rows[-1]
            return xml[: last.start()] + _renumber(last.group(0), number) + xml[last.end() :]

        _edit_sheet(path, rng, edit)

    return mutate


def far_cell(ref: str) -> Callable[[Path, random.Random], None]:
    row = int(re.sub(r"^[A-Z]+", "", ref))

    def mutate(path: Path, rng: random.Random) -> None:
        note = f'<row r="{row}"><c r="{ref}" t="inlineStr"><is><t>note</t></is></c></row>'
        _edit_sheet(
            path,
            rng,
            lambda xml: re.sub(r"<sheetData\s*/>", "<sheetData></sheetData>", xml).replace(
                "</sheetData>", note + "</sheetData>"
            ),
        )

    return mutate


def _inflating_stream(prefix: bytes, suffix: bytes, size: int) -> tuple[bytes, int]:
    """A raw deflate stream of ``prefix``, spaces and ``suffix`` (``size`` bytes in all) and
    its CRC, made without building the whole text: after a full flush the compressor forgets
    what came before, so one compressed MiB of spaces is repeated."""
    block = b" " * (1 << 20)
    blocks = (size - len(prefix) - len(suffix)) // len(block)
    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    head = c.compress(prefix) + c.flush(zlib.Z_FULL_FLUSH)
    once = c.compress(block) + c.flush(zlib.Z_FULL_FLUSH)
    assert once == c.compress(block) + c.flush(zlib.Z_FULL_FLUSH)
    tail = c.compress(suffix) + c.flush()
    crc = zlib.crc32(prefix)
    for _ in range(blocks):
        crc = zlib.crc32(block, crc)
    return head + once * blocks + tail, zlib.crc32(suffix, crc)


def _write_zip(path: Path, members: list[tuple[str, bytes, int, int]]) -> None:
    """A zip of (name, raw deflate stream, size its headers claim, CRC) members."""
    out, central = bytearray(), bytearray()
    for name, stream, claimed, crc in members:
        encoded = name.encode()
        offset = len(out)
        sizes = (crc, len(stream), claimed, len(encoded))
        out += struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, 0, 8, 0, 0x21, *sizes, 0)
        out += encoded + stream
        central += struct.pack(
            "<IHHHHHHIIIHHHHHII", 0x02014B50, 20, 20, 0, 8, 0, 0x21, *sizes, 0, 0, 0, 0, 0, offset
        )
        central += encoded
    end = struct.pack(
        "<IHHHHIIH", 0x06054B50, 0, 0, len(members), len(members), len(central), len(out), 0
    )
    path.write_bytes(bytes(out + central + end))


def inflating_part(which: str) -> Callable[[Path, random.Random], None]:
    """A part (a sheet, or styles.xml) that claims 1,000 bytes and inflates to 256 MB."""

    def mutate(path: Path, rng: random.Random) -> None:
        parts = _parts(path)
        if which == "styles":
            target = "xl/styles.xml"
            prefix = (
                b'<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
            )
            suffix = b"</styleSheet>"
        else:
            with zipfile.ZipFile(path) as package:
                titles = re.findall(
                    r'<sheet [^>]*name="([^"]*)"', package.read("xl/workbook.xml").decode()
                )
            target = sheet_part(path, rng.choice(titles))
            prefix = (
                b'<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
                b"<sheetData>"
            )
            suffix = b"</sheetData></worksheet>"
        members = []
        for name, data in parts.items():
            if name == target:
                stream, crc = _inflating_stream(prefix, suffix, INFLATED)
                members.append((name, stream, 1000, crc))
            else:
                c = zlib.compressobj(6, zlib.DEFLATED, -15)
                members.append((name, c.compress(data) + c.flush(), len(data), zlib.crc32(data)))
        _write_zip(path, members)

    return mutate


STRUCTURAL: dict[str, Callable[[Path, random.Random], None]] = {
    "rows out of order": rows_out_of_order,
    f"a row numbered {LAST_ROW + 1}": last_row_renumbered(LAST_ROW + 1),
    "a row numbered 99999999": last_row_renumbered(99_999_999),
    "a note in XFD1048576": far_cell("XFD1048576"),
    "a note in CV1048576": far_cell("CV1048576"),
    "a sheet claiming 1,000 bytes inflating to 256 MB": inflating_part("sheet"),
    "styles.xml claiming 1,000 bytes inflating to 256 MB": inflating_part("styles"),
}


@dataclass(frozen=True)
class StructuralRun:
    kind: str
    case: int
    source: Path
    output: Path
    returncode: int | None  # None: no answer within the hang guard
    stdout: str
    stderr: str


#: How ``ratingbook.cli.batch`` reports a book whose reader died (see batch.Died).
READER_DEATHS = ("the reader crashed", "the reader was killed", "the reader ran out of memory")

_GUARDED_CLI = (
    "import resource, sys; "
    f"resource.setrlimit(resource.RLIMIT_AS, ({MEMORY_GUARD}, {MEMORY_GUARD})); "
    "from ratingbook.cli import main; main()"
)


def _run_structural(job: tuple[str, int, Path]) -> StructuralRun:
    kind, case, source = job
    output = source.with_name(source.stem + "-out.xlsx")
    try:
        done = subprocess.run(
            [sys.executable, "-c", _GUARDED_CLI, "recalc", str(source), "-o", str(output)],
            capture_output=True, text=True, timeout=CLI_HANG_GUARD,
            stdin=subprocess.DEVNULL, check=False,
        )  # fmt: skip
    except subprocess.TimeoutExpired:
        return StructuralRun(kind, case, source, output, None, "", "")
    return StructuralRun(kind, case, source, output, done.returncode, done.stdout, done.stderr)


@pytest.fixture(scope="module")
def structural(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[StructuralRun]]:
    """Each package-level mutation applied to fuzzed books, run through the command line."""
    folder = tmp_path_factory.mktemp("structural")
    jobs = []
    for k, (kind, mutate) in enumerate(STRUCTURAL.items()):
        for n in range(BOOKS_PER_KIND):
            case = 100_000 + k * BOOKS_PER_KIND + n
            # A valid book first (the mutation is all that is wrong), then a fuzzed one.
            rng = random.Random(SEED * 1_000_003 + case)
            grids = valid_book(rng) if n == 0 else fuzzed_book(case)[0]
            path = folder / f"structural{case}.xlsx"
            write(grids, path)
            mutate(path, random.Random(case))
            jobs.append((kind, case, path))
    # Never more than two processes at once (one beside a second pytest-xdist worker).
    with ThreadPoolExecutor(max_workers=AT_ONCE) as pool:
        runs = list(pool.map(_run_structural, jobs))
    found: dict[str, list[StructuralRun]] = {kind: [] for kind in STRUCTURAL}
    for run in runs:
        found[run.kind].append(run)
    return found


@pytest.mark.parametrize("kind", list(STRUCTURAL))
def test_package_level_mutations_end_cleanly(
    kind: str, structural: dict[str, list[StructuralRun]]
) -> None:
    """No hang, no abort, no traceback: exit 0 with an output openpyxl opens, or exit 2 with
    FAILED lines (none saying the reader died) and nothing written."""
    for run in structural[kind]:
        where = f"{kind}, case {run.case}"
        assert run.returncode is not None, f"{where}: no answer in {CLI_HANG_GUARD} s: a hang"
        assert "Traceback" not in run.stderr and "panicked" not in run.stderr, (where, run.stderr)
        assert run.returncode in (0, 2), (where, run.returncode, run.stderr[-2000:])
        if run.returncode == 2:
            lines = run.stderr.splitlines()
            assert lines, where
            assert all(line.startswith(f"FAILED {run.source}: ") for line in lines), (where, lines)
            # The batch survives a reader that dies, and says so; that is still an abort.
            assert not any(death in run.stderr for death in READER_DEATHS), (where, lines)
            assert not run.output.exists(), where
        else:
            openpyxl.load_workbook(run.output).close()
