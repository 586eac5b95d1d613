"""The package engine reads within bounds (issue 10): far cells, numbering past Excel's limits.

Each file is built as a user or a hostile tester would make it and run through
``PackageBook`` + ``workbook.recalc`` + ``save`` in a child process whose address space is capped
(``RLIMIT_AS``), so a reader that tries a huge allocation fails there and not in pytest. The
child is forked from this process (no interpreter to start, nothing to import again; Linux),
its cap 2 GiB above what it starts with; elsewhere it is a fresh interpreter capped at 2 GiB.
Time and memory are only generous hang guards: measured 0.7 s and 30 MB resident per case
(for the row numbered 1,048,576 in a table column, a million-row table, 3.9 s and 112 MB; 1.0 s
of CPU and 118 MB since the table's reader passes over the empty rows, on a loaded machine);
the guards are 60 s and 2 GiB of address space.
"""

from __future__ import annotations

import json
import os
import re
import select
import signal
import subprocess
import sys
import textwrap
import time
import traceback
import zipfile
from collections.abc import Callable
from pathlib import Path

import openpyxl
import pytest
from tests.helpers.packages import ladder_book, replace_member
from tests.helpers.workbooks import HAND_RATINGS, sheet_part
from tests.helpers.zips import (
    RawMember,
    deflate,
    empty_members,
    raw_members,
    repeated_stream,
    write_raw_zip,
    zip_members,
)

GUARD_SECONDS = 60
GUARD_BYTES = 2 << 30

_CHILD = textwrap.dedent(
    """
    import json, resource, sys
    resource.setrlimit(resource.RLIMIT_AS, (int(sys.argv[3]), int(sys.argv[3])))
    from ratingbook import workbook
    from ratingbook.errors import RatingbookError
    from ratingbook.files.patching import PackageBook
    from ratingbook.files.rewriting.openpyxl_book import XlsxBook
    try:
        book = (XlsxBook if sys.argv[4:] == ["openpyxl"] else PackageBook)(sys.argv[1])
        workbook.recalc(book)
        book.save(sys.argv[2])
    except RatingbookError as error:
        print(json.dumps({"error": str(error)}))
    else:
        print(json.dumps({"ok": True}))
    """
)


def recalc_in_child(source: Path, target: Path, engine: str = "package") -> dict[str, object]:
    """``{"ok": True}``, or ``{"error": message}`` for a RatingbookError, from a child whose
    address space is capped; anything else the child does (a crash, a hang) fails the test."""
    if Path("/proc/self/status").exists() and hasattr(os, "fork"):
        return _recalc_in_forked_child(source, target, engine)
    done = subprocess.run(
        [sys.executable, "-c", _CHILD, str(source), str(target), str(GUARD_BYTES), engine],
        capture_output=True,
        text=True,
        timeout=GUARD_SECONDS,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    result: dict[str, object] = json.loads(done.stdout)
    return result


def _recalc_in_forked_child(source: Path, target: Path, engine: str) -> dict[str, object]:
    import resource

    from ratingbook import workbook
    from ratingbook.errors import RatingbookError
    from ratingbook.files.patching import PackageBook
    from ratingbook.files.rewriting.openpyxl_book import XlsxBook

    reading, writing = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns into pytest
        code = 1
        try:
            os.close(reading)
            status = Path("/proc/self/status").read_text()
            (size,) = re.findall(r"^VmSize:\s+(\d+) kB", status, re.M)
            start = int(size) * 1024
            resource.setrlimit(resource.RLIMIT_AS, (start + GUARD_BYTES, start + GUARD_BYTES))
            try:
                book = (XlsxBook if engine == "openpyxl" else PackageBook)(source)
                workbook.recalc(book)
                book.save(target)
            except RatingbookError as error:
                answer: dict[str, object] = {"error": str(error)}
            else:
                answer = {"ok": True}
            os.write(writing, json.dumps(answer).encode())
            code = 0
        except BaseException:
            traceback.print_exc()  # into the test's captured standard error
        finally:
            os._exit(code)
    os.close(writing)
    try:
        chunks = []
        until = time.monotonic() + GUARD_SECONDS
        while True:
            ready, _, _ = select.select([reading], [], [], max(0.0, until - time.monotonic()))
            if not ready:
                os.kill(pid, signal.SIGKILL)
                pytest.fail(f"the child gave no answer in {GUARD_SECONDS} s: a hang")
            chunk = os.read(reading, 1 << 16)
            if not chunk:
                break
            chunks.append(chunk)
    finally:
        os.close(reading)
        _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0, f"the child ended with {status}"
    result: dict[str, object] = json.loads(b"".join(chunks))
    return result


def ratings(path: Path) -> dict[int, tuple[int, int]]:
    """ID -> (Rating, Permanent Rating) of the hand-worked week's players, read by openpyxl
    from the first rows only (a full read of a sheet reaching XFD1048576 would be huge)."""
    wb = openpyxl.load_workbook(path, read_only=True)
    rows = list(wb["Ladder Players"].iter_rows(max_row=6, max_col=7, values_only=True))
    at = {h: i for i, h in enumerate(rows[0])}
    return {r[at["ID"]]: (r[at["Rating"]], r[at["Permanent Rating"]]) for r in rows[1:]}


def edit_sheet(path: Path, title: str, edit: Callable[[str], str]) -> Path:
    part = sheet_part(path, title)
    with zipfile.ZipFile(path) as package:
        xml = package.read(part).decode()
    edited = edit(xml)
    assert edited != xml
    return replace_member(path, part, edited.encode())


def add_rows(rows: str) -> Callable[[str], str]:
    return lambda xml: xml.replace("</sheetData>", f"{rows}</sheetData>")


# --- item 1: far cells cost nothing; numbering beyond Excel's limits is one clear line -----------


@pytest.mark.parametrize("ref", ["XFD1048576", "CV1048576", "AA5000"])
def test_a_note_far_from_the_table_costs_nothing(tmp_path: Path, ref: str) -> None:
    """A note in a far corner of Ladder Players (beyond the columns of the table's header) is
    not read: the week comes out as without it (calamine alone would allocate 512 GB for
    XFD1048576 and abort, or take 45 s and 4 GB for CV1048576)."""
    row = re.sub(r"[A-Z]+", "", ref)
    source = edit_sheet(
        ladder_book(tmp_path),
        "Ladder Players",
        add_rows(f'<row r="{row}"><c r="{ref}" t="inlineStr"><is><t>note</t></is></c></row>'),
    )
    assert recalc_in_child(source, tmp_path / "out.xlsx") == {"ok": True}
    assert ratings(tmp_path / "out.xlsx") == HAND_RATINGS


def test_the_openpyxl_engine_refuses_a_far_note_instead_of_building_its_grid(
    tmp_path: Path,
) -> None:
    """--engine openpyxl reads a sheet as a dense grid from A1: a note at XFD1048576 would be
    17 billion cells (it ran to 21 GB). It is one clear line naming the cell instead, in a child
    capped at 2 GiB, and nothing is written."""
    source = edit_sheet(
        ladder_book(tmp_path),
        "Ladder Players",
        add_rows('<row r="1048576"><c r="XFD1048576" t="inlineStr"><is><t>note</t></is></c></row>'),
    )
    result = recalc_in_child(source, tmp_path / "out.xlsx", "openpyxl")
    assert result == {
        "error": "sheet 'Ladder Players' holds a value at XFD1048576, far from its table, and "
        "--backend openpyxl reads every cell up to there; delete the cells far from the table, "
        "or use the default back end (package)"
    }
    assert not (tmp_path / "out.xlsx").exists()


def test_a_value_far_below_in_a_table_column_is_still_read(tmp_path: Path) -> None:
    """A far cell in the table's own columns is a row of the table: read, and refused here
    because its ID names no player (without a million-row grid)."""
    source = edit_sheet(
        ladder_book(tmp_path),
        "Ladder Games",
        add_rows(
            '<row r="1048576"><c r="A1048576"><v>99</v></c><c r="B1048576"><v>1</v></c>'
            '<c r="C1048576" t="inlineStr"><is><t>1-0</t></is></c></row>'
        ),
    )
    result = recalc_in_child(source, tmp_path / "out.xlsx")
    assert "error" in result
    assert "1048576" in str(result["error"]) and "99" in str(result["error"])


# (what is added to Ladder Players' sheetData, the one-line error expected)
LIMIT_CASES = [
    (
        '<row r="99999999"><c r="A99999999"><v>1</v></c></row>',
        "sheet 'Ladder Players' has a row numbered 99,999,999, beyond Excel's last row "
        "(a sheet has at most 1,048,576 rows)",
    ),
    (
        '<row r="900"><c r="XFE900"><v>1</v></c></row>',
        "sheet 'Ladder Players' has a cell in column XFE, beyond Excel's last column (XFD)",
    ),
    (
        '<row r="900"><c r="AAAA900"><v>1</v></c></row>',
        "sheet 'Ladder Players' has a cell in column AAAA, beyond Excel's last column (XFD)",
    ),
    (
        '<row r="3"><c r="H3"><v>1</v></c></row>',
        "sheet 'Ladder Players' has rows out of order (row 3 after row 6)",
    ),
]


@pytest.mark.parametrize(("rows", "message"), LIMIT_CASES)
def test_numbering_beyond_excel_or_out_of_order_is_one_clear_line(
    tmp_path: Path, rows: str, message: str
) -> None:
    source = edit_sheet(ladder_book(tmp_path), "Ladder Players", add_rows(rows))
    before = source.read_bytes()
    assert recalc_in_child(source, tmp_path / "out.xlsx") == {"error": message}
    assert not (tmp_path / "out.xlsx").exists()
    assert source.read_bytes() == before


# --- item 9: inflation is checked while inflating; the part count before any work --------------


def test_a_part_inflating_past_its_declared_size_is_refused_at_once(tmp_path: Path) -> None:
    """sharedStrings.xml declares 1,000 bytes but inflates to 2 GB: refused after ~1 KB of
    output (it took 13.8 s and 2.09 GB before "Bad CRC-32"); measured 0.6 s and 34 MB."""
    source = ladder_book(tmp_path)
    stream, _ = repeated_stream(b"<sst>", b" " * (1 << 20), 2048, b"</sst>")
    shared = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings"
    edits = {
        "xl/_rels/workbook.xml.rels": (
            "</Relationships>",
            f'<Relationship Id="rId99" Type="{shared}" Target="sharedStrings.xml"/>'
            "</Relationships>",
        ),
        "[Content_Types].xml": (
            "</Types>",
            '<Override PartName="/xl/sharedStrings.xml" ContentType="application/'
            'vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>',
        ),
    }
    members = []
    for name, data in zip_members(source):
        if name in edits:
            data = data.decode().replace(*edits[name]).encode()
        deflated = deflate(data)
        members.append(RawMember(name, deflated.deflated, len(data), deflated.crc))
    members.append(RawMember("xl/sharedStrings.xml", stream, 1000, 0))
    write_raw_zip(source, members)
    assert recalc_in_child(source, tmp_path / "out.xlsx") == {
        "error": f"{str(source)!r} is damaged: part 'xl/sharedStrings.xml': it inflates beyond "
        "the 1,000 bytes it declares"
    }
    assert not (tmp_path / "out.xlsx").exists()


def test_a_zip_of_100000_parts_is_refused_before_any_work(tmp_path: Path) -> None:
    """100,000 (empty) zip entries besides the workbook: refused from the zip's end record,
    before its directory is read (it took 15.7 s before "too many parts"); measured 0.5 s, 28 MB."""
    source = ladder_book(tmp_path)
    parts = len(zip_members(source))  # the 11 parts openpyxl writes
    empty = empty_members(f"customXml/item{n}.xml" for n in range(100_000))
    write_raw_zip(source, [*raw_members(source), *empty])
    assert recalc_in_child(source, tmp_path / "out.xlsx") == {
        "error": f"{str(source)!r} holds {100_000 + parts:,} parts, far more than a workbook has "
        "(at most 20,000): refusing it as possibly hostile"
    }


# --- item 10: damaged XML Excel would refuse is refused; never two styles relationships ---------

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"


def test_a_sheet_with_a_corrupted_namespace_is_refused(tmp_path: Path) -> None:
    source = edit_sheet(
        ladder_book(tmp_path),
        "Ladder Players",
        lambda xml: xml.replace(f'xmlns="{MAIN}"', f'xmlns="{MAIN[:-4]}mainX"', 1),
    )
    assert recalc_in_child(source, tmp_path / "out.xlsx") == {
        "error": "sheet 'Ladder Players' is damaged: its namespace is "
        "'http://schemas.openxmlformats.org/spreadsheetml/2006/mainX', not SpreadsheetML's "
        f"({MAIN!r}); Excel would refuse it"
    }
    assert not (tmp_path / "out.xlsx").exists()


def test_an_inline_string_without_its_type_is_refused_naming_the_cell(tmp_path: Path) -> None:
    source = edit_sheet(
        ladder_book(tmp_path),
        "Ladder Players",
        add_rows('<row r="9"><c r="B9"><is><t>Zoe</t></is></c></row>'),
    )
    assert recalc_in_child(source, tmp_path / "out.xlsx") == {
        "error": "sheet 'Ladder Players' is damaged: cell B9 holds an inline string without "
        't="inlineStr"; Excel would refuse it'
    }


def _with_styles_rels(source: Path, edit: Callable[[str], str]) -> Path:
    with zipfile.ZipFile(source) as package:
        rels = package.read("xl/_rels/workbook.xml.rels").decode()
    edited = edit(rels)
    assert edited != rels
    return replace_member(source, "xl/_rels/workbook.xml.rels", edited.encode())


def test_a_corrupted_styles_target_is_refused_not_doubled(tmp_path: Path) -> None:
    """The styles relationship points at a part the package does not hold: a new stylesheet
    beside it would give two styles relationships (openpyxl cannot open that): refused."""
    source = _with_styles_rels(
        ladder_book(tmp_path), lambda xml: xml.replace('Target="styles.xml"', 'Target="stylez.xml"')
    )
    assert recalc_in_child(source, tmp_path / "out.xlsx") == {
        "error": f"{str(source)!r} is damaged: its styles relationship points to "
        "'xl/stylez.xml', which it does not hold"
    }
    assert not (tmp_path / "out.xlsx").exists()


def test_two_styles_relationships_are_refused(tmp_path: Path) -> None:
    styles = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles"
    source = _with_styles_rels(
        ladder_book(tmp_path),
        lambda xml: xml.replace(
            "</Relationships>",
            f'<Relationship Id="rId98" Type="{styles}" Target="styles.xml"/></Relationships>',
        ),
    )
    assert recalc_in_child(source, tmp_path / "out.xlsx") == {
        "error": f"{str(source)!r} is damaged: it has 2 styles relationships (a workbook has one)"
    }


# --- item 5: a rating cell inside an array formula is an error naming the cell ------------------


def _rating_column_as_array(xml: str, ref: str) -> str:
    """Ladder Players' Rating column (E) entered as the array formula {=G2:G6} over ``ref``."""
    first = ref.split(":")[0]
    return re.sub(
        rf'<c r="{first}"[^>]*?(?:/>|>.*?</c>)',
        f'<c r="{first}"><f t="array" ref="{ref}">G2:G6</f><v>1500</v></c>',
        xml,
        count=1,
    )


def test_a_rating_cell_inside_an_array_formula_is_an_error_naming_it(tmp_path: Path) -> None:
    """Excel keeps {=G2:G6} in E2:E6 and recomputes it over written ratings on open: refused.
    Dan (ID 4, row 5) is inactive, so his rating is not written: the array is only partly
    written, and E2 (Ann, the first rating written inside it) is named."""
    source = edit_sheet(
        ladder_book(tmp_path), "Ladder Players", lambda xml: _rating_column_as_array(xml, "E2:E6")
    )
    before = source.read_bytes()
    assert recalc_in_child(source, tmp_path / "out.xlsx") == {
        "error": "sheet 'Ladder Players': cell E2 is part of the array formula {=G2:G6} in "
        "E2:E6, which Excel would recompute over what ratingbook writes; clear the array "
        "formula first"
    }
    assert not (tmp_path / "out.xlsx").exists()
    assert source.read_bytes() == before


def test_an_array_formula_outside_the_written_cells_is_kept(tmp_path: Path) -> None:
    """An array formula in a column ratingbook does not write (H2:H3 here) stays; it reads
    cells of the sheet ratingbook wrote, so its stored value goes (any program computes it
    anew: tests/files/test_stale_formula_values.py)."""
    source = edit_sheet(
        ladder_book(tmp_path),
        "Ladder Players",
        add_rows('<row r="8"><c r="H8"><f t="array" ref="H8:H9">G2:G3</f><v>1500</v></c></row>'),
    )
    assert recalc_in_child(source, tmp_path / "out.xlsx") == {"ok": True}
    assert ratings(tmp_path / "out.xlsx") == HAND_RATINGS
    with zipfile.ZipFile(tmp_path / "out.xlsx") as package:
        xml = package.read(sheet_part(tmp_path / "out.xlsx", "Ladder Players")).decode()
    assert '<c r="H8"><f t="array" ref="H8:H9">G2:G3</f></c>' in xml
