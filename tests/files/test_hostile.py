"""Hostile and broken workbook files: each is refused with a clear RatingbookError, and nothing
is written.

Every case is checked twice:

- through the Python API (``XlsxBook(path)``, and ``PackageBook(path)`` when that adapter exists,
  then ``workbook.recalc``): a :class:`RatingbookError` whose message says what is wrong, no
  file touched;
- through the command line (``ratingbook recalc FILE``): exit status 2, exactly one line on
  stderr (``FAILED FILE: ...``), no traceback, no output file, no temporary file left over, the
  input byte-identical. The command runs in this process (``cli.main``; the book still runs in
  the forked child the real command gives it), and as a real process for the few cases of
  :data:`REAL_PROCESS` (XML attacks, a bomb, a file that is no zip, a good book), so a
  fresh interpreter's imports are tried too without paying its start-up forty times.

No test here measures speed (that is benchmarks/' job): :data:`LIMIT` is only a hang guard, far
above the time any case takes, so a busy machine cannot fail a test. The real processes go two
at a time, or one beside a second pytest-xdist worker (never more than two processes at once).

Where an adapter is known to get a case wrong, the case carries the bug in ``known_bugs`` and
is a strict xfail for that adapter (and for the CLI when the CLI uses it): the suite stays green,
and the marker must go when the bug is fixed (the test then XPASSes, which fails).

Files are crafted at the zip/XML level where openpyxl cannot produce them (bombs, entities,
broken packages); the zip bomb is built from a deflate stream of a repeated block (Z_FULL_FLUSH
makes each 1 MiB block compress to the same bytes), so a 3 MB file claiming 3 GB takes
milliseconds to make and never exists unpacked.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import importlib.util
import os
import re
import signal
import subprocess
import sys
import zipfile
import zlib
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from tests.helpers.cli import run as run_in_process
from tests.helpers.processes import AT_ONCE
from tests.helpers.workbooks import (
    CAMP_GROUPS,
    LADDER_GAMES,
    LADDER_PLAYERS,
    Error,
    Formula,
    ladder_sheets,
    make_book,
    records,
    saved_by_excel,
)
from tests.helpers.zips import RawMember, deflate, repeated_stream, write_raw_zip, zip_members

from ratingbook import workbook
from ratingbook.errors import InputErrors, RatingbookError
from ratingbook.files.rewriting.openpyxl_book import XlsxBook

#: The adapters to test through the API: the openpyxl one, and the zip-patching one when present.
ADAPTERS: dict[str, Any] = {"XlsxBook": XlsxBook}
try:
    from ratingbook.files.patching import PackageBook
except ImportError:  # not written yet, or python-calamine missing
    pass
else:
    ADAPTERS["PackageBook"] = PackageBook

#: A hang guard, not a speed test: a run still going after LIMIT seconds is stuck (an unbounded
#: parse, a bomb being expanded). Measured on the idle 2-core machine (2026-11-22): the slowest
#: CLI run 2.5 s (the 60 MB empty-rows bomb, 2.5 s CPU), the slowest API run 2.3 s, most cases
#: 0.15 s; LIMIT is 24 times the slowest, so only a hang reaches it, even with both cores busy.
LIMIT = 60.0

# --- crafting packages ---------------------------------------------------------------------------


def _base_book(path: Path) -> None:
    make_book(ladder_sheets()).save(path)


def _sheet_part(sheet: int) -> str:
    # make_book writes the sheets in order: 1 Ladder Players, 2 Ladder Games, 3 Camp Groups.
    return f"xl/worksheets/sheet{sheet}.xml"


def _rewrite(path: Path, replace: dict[str, bytes | None]) -> None:
    """Rewrite the package at ``path`` with some members replaced (``None``: dropped)."""
    members = zip_members(path)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as package:
        for name, data in members:
            if name in replace:
                data = replace[name]
                if data is None:
                    continue
            package.writestr(name, data)


def _bomb(path: Path, *, unpacked: int, claim: int | None) -> None:
    """Ladder Games' sheet part replaced by ``unpacked`` bytes of well-formed XML (mostly
    spaces); the headers claim ``claim`` bytes (default: the truth)."""
    _base_book(path)
    members = zip_members(path)
    block = b" " * (1 << 20)
    stream_prefix = (
        b'<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'
    )
    stream_suffix = b"</sheetData></worksheet>"
    stream, size = repeated_stream(stream_prefix, block, unpacked // len(block), stream_suffix)
    crc = 0
    if unpacked <= 256 << 20:  # a true CRC where computing it is cheap; a bomb never gets there
        crc = zlib.crc32(stream_prefix)
        for _ in range(unpacked // len(block)):
            crc = zlib.crc32(block, crc)
        crc = zlib.crc32(stream_suffix, crc)
    raw = []
    for name, data in members:
        if name == _sheet_part(2):
            raw.append(RawMember(name, stream, size if claim is None else claim, crc))
        else:
            m = deflate(data)
            raw.append(RawMember(name, m.deflated, m.claimed_size, m.crc))
    write_raw_zip(path, raw)


def _with_sheet_xml(path: Path, sheet: int, edit: Callable[[str], str]) -> None:
    _base_book(path)
    part = _sheet_part(sheet)
    data = dict(zip_members(path))[part].decode()
    _rewrite(path, {part: edit(data).encode()})


def _with_part(path: Path, part: str, edit: Callable[[str], str]) -> None:
    _base_book(path)
    data = dict(zip_members(path))[part].decode()
    _rewrite(path, {part: edit(data).encode()})


LAUGHS = (
    '<?xml version="1.0"?>\n<!DOCTYPE lolz [\n <!ENTITY lol "lol">\n'
    + "".join(
        f' <!ENTITY lol{i} "{("&lol" + (str(i - 1) if i > 1 else "") + ";") * 10}">\n'
        for i in range(1, 10)
    )
    + "]>\n"
)
XXE = '<?xml version="1.0"?>\n<!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n'


def _laughs_in(part: str) -> Callable[[Path], None]:
    def build(path: Path) -> None:
        # The entity is declared and used: an expanding parser would build 10^9 "lol"s.
        def edit(xml: str) -> str:
            xml = re.sub(r"^<\?xml[^>]*\?>\s*", "", xml)
            if "<t>Ann</t>" in xml:
                xml = xml.replace("<t>Ann</t>", "<t>&lol9;</t>")
            return LAUGHS + xml

        _with_part(path, part, edit)

    return build


def _xxe_in(part: str) -> Callable[[Path], None]:
    def build(path: Path) -> None:
        def edit(xml: str) -> str:
            xml = re.sub(r"^<\?xml[^>]*\?>\s*", "", xml)
            return XXE + xml.replace("<t>Ann</t>", "<t>&xxe;</t>")

        _with_part(path, part, edit)

    return build


def _grid_book(
    players: list[list[object]] = LADDER_PLAYERS,
    games: list[list[object]] = LADDER_GAMES,
    groups: list[list[object]] = CAMP_GROUPS,
    *,
    after: Callable[[openpyxl.Workbook], None] | None = None,
) -> Callable[[Path], None]:
    def build(path: Path) -> None:
        wb = make_book(ladder_sheets(players, games, groups))
        if after is not None:
            after(wb)
        wb.save(path)

    return build


def _sheets_book(sheets: dict[str, list[list[object]]]) -> Callable[[Path], None]:
    def build(path: Path) -> None:
        make_book(sheets).save(path)

    return build


def _elo_book(rating: object = 1500, k: object = 20) -> Callable[[Path], None]:
    return _sheets_book(
        {
            "Elo Players": [["Name", "Rating"], ["Ann", 1500], ["Ben", rating]],
            "Elo Games": [["White", "Black", "Result"], ["Ann", "Ben", "1-0"]],
            "Elo Settings": [["Setting", "Value"], ["K", k]],
        }
    )


def _set(grid: list[list[object]], row: int, column: int, value: object) -> list[list[object]]:
    """A copy of ``grid`` with Excel cell (row, column), both 1-based, set to ``value``."""
    copy = [list(line) for line in grid]
    copy[row - 1][column - 1] = value
    return copy


def _merge(sheet: str, cells: str) -> Callable[[openpyxl.Workbook], None]:
    def after(wb: openpyxl.Workbook) -> None:
        wb[sheet].merge_cells(cells)

    return after


def _empty_sheet(name: str) -> Callable[[openpyxl.Workbook], None]:
    def after(wb: openpyxl.Workbook) -> None:
        index = wb.sheetnames.index(name)
        wb.remove(wb[name])
        wb.create_sheet(name, index)

    return after


def _formatted_cell_far_below(wb: openpyxl.Workbook) -> None:
    # A number format on one empty cell a million rows down: the used range is A1:C1000000.
    wb["Ladder Games"].cell(row=1_000_000, column=1).number_format = "0.00"


def _million_formatted_rows(path: Path) -> None:
    """A million blank rows with a style and a height (what selecting whole rows and
    formatting them leaves behind), written straight into the sheet XML."""
    wb = make_book(ladder_sheets())
    wb["Ladder Games"]["A1"].number_format = "0.00"  # so style 1 exists
    wb.save(path)
    rows = "".join(
        f'<row r="{r}" s="1" customFormat="1" ht="20" customHeight="1"/>'
        for r in range(len(LADDER_GAMES) + 1, 1_000_001)
    )
    _rewrite(
        path,
        {
            _sheet_part(2): dict(zip_members(path))[_sheet_part(2)]
            .decode()
            .replace("</sheetData>", rows + "</sheetData>")
            .encode()
        },
    )


def _empty_rows_bomb(path: Path) -> None:
    """A 120 KB file whose Ladder Games part unpacks to 60 MB of ``<row r="1"/>``: well inside
    the size limit and compressing only ~500:1, so it passes the zip-bomb checks."""
    _with_sheet_xml(
        path, 2, lambda xml: xml.replace("<sheetData>", "<sheetData>" + '<row r="1"/>' * 5_000_000)
    )


def _truncated(path: Path) -> None:
    _base_book(path)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) * 2 // 3])


def _not_a_zip(path: Path) -> None:
    path.write_text("ID,Name,Group\n1,Ann,Seniors\n", encoding="utf-8")


def _ole_encrypted(path: Path) -> None:
    # An encrypted .xlsx (and an old .xls) is an OLE2 compound file; its header is enough.
    path.write_bytes(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(504) + os.urandom(3584))


def _really_encrypted(path: Path) -> None:
    """A real password-protected workbook (Agile encryption), made with msoffcrypto-tool."""
    from msoffcrypto.format.ooxml import OOXMLFile

    plain = path.with_name("plain.xlsx")
    _base_book(plain)
    with plain.open("rb") as source, path.open("wb") as target:
        OOXMLFile(source).encrypt("secret", target)
    plain.unlink()


def _empty_file(path: Path) -> None:
    path.write_bytes(b"")


def _no_workbook_part(path: Path) -> None:
    _base_book(path)
    _rewrite(path, {"xl/workbook.xml": None})


def _no_content_types(path: Path) -> None:
    _base_book(path)
    _rewrite(path, {"xl/workbook.xml": None, "[Content_Types].xml": None})


def _folder(path: Path) -> None:
    path.mkdir()


# --- the cases ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    """A hostile file: how to make it, and what the error message must say (a regex)."""

    build: Callable[[Path], None]
    message: str
    name: str = "book.xlsx"
    #: A valid but heavy file: recalculating it correctly is fine too.
    may_succeed: bool = False
    #: Adapters known to get this case wrong, by class name, with the bug (strict xfail).
    known_bugs: Mapping[str, str] = field(default_factory=dict)
    #: Adapters for which the case is heavy but must still work, by class name, with the hang
    #: guard (seconds) of their API run instead of LIMIT.
    heavy: Mapping[str, float] = field(default_factory=dict)


#: The hang guard of a million blank formatted rows through openpyxl, which builds an object for
#: each row and writes each back: 30 s and 1 GB on the idle 2-core machine (2026-11-24), so 20
#: times that with both cores busy is still only a hang.
HEAVY_OPENPYXL = 600.0


CASES: dict[str, Case] = {
    # XML attacks: defusedxml must refuse entity declarations in any part openpyxl parses.
    "billion laughs in a sheet": Case(_laughs_in(_sheet_part(1)), r"forbidden XML|entit"),
    "billion laughs in workbook.xml": Case(_laughs_in("xl/workbook.xml"), r"forbidden XML|entit"),
    "billion laughs in styles.xml": Case(_laughs_in("xl/styles.xml"), r"forbidden XML|entit"),
    "billion laughs in [Content_Types].xml": Case(
        _laughs_in("[Content_Types].xml"), r"forbidden XML|entit|cannot be read"
    ),
    "external entity (XXE) in a sheet": Case(_xxe_in(_sheet_part(1)), r"forbidden XML|entit"),
    "external entity (XXE) in workbook.xml": Case(
        _xxe_in("xl/workbook.xml"), r"forbidden XML|entit"
    ),
    # Zip bombs.
    "zip bomb: 3 MB claiming 3 GB": Case(
        lambda p: _bomb(p, unpacked=3 << 30, claim=None), r"zip bomb"
    ),
    "zip bomb: 3 GB stream whose header claims 10 KB": Case(
        lambda p: _bomb(p, unpacked=3 << 30, claim=10_000), r"cannot be read|damaged"
    ),
    "64 MB of spaces in a 70 KB file (honest headers)": Case(
        lambda p: _bomb(p, unpacked=64 << 20, claim=None), r"zip bomb|missing column"
    ),
    # 5 million <row/> elements pass the zip-bomb checks (ratio ~500:1 < MAX_RATIO, size <
    # MAX_UNCOMPRESSED); the openpyxl engine refuses more rows than a sheet can have before
    # loading (openpyxl took ~45 s and 500 MB), the package engine reads them in seconds.
    "zip bomb: 60 MB of empty rows in 120 KB": Case(
        _empty_rows_bomb, r"zip bomb|too (large|many)|rows|damaged", may_succeed=True
    ),
    # Not a workbook at all.
    "a text file named .xlsx": Case(_not_a_zip, r"not an \.xlsx file|not a zip"),
    "an empty file named .xlsx": Case(_empty_file, r"not an \.xlsx file|not a zip"),
    "encrypted (OLE2 compound file)": Case(_ole_encrypted, r"password-protected|encrypted"),
    "a folder named .xlsx": Case(_folder, r"folder"),
    "a truncated zip": Case(_truncated, r"damaged|not a readable zip|cannot be read"),
    "a zip without xl/workbook.xml": Case(_no_workbook_part, r"cannot be read|not an Excel"),
    "a zip with no workbook parts at all": Case(_no_content_types, r"not an Excel workbook"),
    "a sheet part that is not well-formed XML: mismatched tags": Case(
        lambda p: _with_sheet_xml(p, 2, lambda x: x.replace("</row>", "</rowx>", 2)),
        r"cannot be read|damaged|well-formed",
    ),
    "a sheet part that is not well-formed XML: unclosed element": Case(
        lambda p: _with_sheet_xml(p, 2, lambda x: x.replace("</sheetData>", "<row></sheetData>")),
        r"cannot be read|damaged|well-formed",
    ),
    "a sheet part that is not XML at all": Case(
        lambda p: _with_sheet_xml(p, 2, lambda x: "\x00\x01 garbage <<< >>>"),
        r"cannot be read|damaged|well-formed",
    ),
    "a sheet part cut in half": Case(
        lambda p: _with_sheet_xml(p, 2, lambda x: x[: len(x) // 2]),
        r"cannot be read|damaged|well-formed",
    ),
    # Excel errors in the cells the engine reads.
    "#N/A in an ID": Case(
        _grid_book(players=_set(LADDER_PLAYERS, 3, 1, Error("#N/A"))),
        r"'Ladder Players', row 3, column A \(ID\).*#N/A",
    ),
    "#REF! in StWkPerm": Case(
        _grid_book(players=_set(LADDER_PLAYERS, 2, 7, Error("#REF!"))),
        r"'Ladder Players', row 2, column G \(StWkPerm\).*#REF!",
    ),
    "#DIV/0! in Initial Ladder Rating": Case(
        _grid_book(groups=_set(CAMP_GROUPS, 2, 2, Error("#DIV/0!"))),
        r"'Camp Groups', row 2, column B \(Initial Ladder Rating\).*#DIV/0!",
    ),
    "#REF! in White": Case(
        _grid_book(games=_set(LADDER_GAMES, 4, 1, Error("#REF!"))),
        r"'Ladder Games', row 4, column A \(White\).*#REF!",
    ),
    "#N/A in Result": Case(
        _grid_book(games=_set(LADDER_GAMES, 5, 3, Error("#N/A"))),
        r"'Ladder Games', row 5, column C \(Result\).*#N/A",
    ),
    # Formulas never calculated (the file was made by a program, not saved by Excel).
    "uncalculated formula in StWkPerm": Case(
        _grid_book(players=_set(LADDER_PLAYERS, 2, 7, Formula("=1000+500"))),
        r"'Ladder Players', row 2, column G \(StWkPerm\).*never calculated",
    ),
    "uncalculated formula in Black": Case(
        _grid_book(games=_set(LADDER_GAMES, 3, 2, Formula("=1+2"))),
        r"'Ladder Games', row 3, column B \(Black\).*never calculated",
    ),
    "uncalculated formula in Result": Case(
        _grid_book(games=_set(LADDER_GAMES, 2, 3, Formula('="(1-0)"'))),
        r"'Ladder Games', row 2, column C \(Result\)",
    ),
    # Merged cells read as the value in the top-left cell and empty elsewhere.
    "merged cells down a column": Case(
        _grid_book(after=_merge("Ladder Games", "A3:A4")),
        r"'Ladder Games', row 4, column A \(White\).*empty",
    ),
    "merged cells across a row": Case(
        _grid_book(after=_merge("Ladder Games", "B6:C6")),
        r"'Ladder Games', row 6, column C \(Result\).*empty",
    ),
    # Dates typed (or formatted) where numbers belong.
    "a date in StWkPerm": Case(
        _grid_book(players=_set(LADDER_PLAYERS, 3, 7, dt.datetime(2024, 7, 1))),
        r"'Ladder Players', row 3, column G \(StWkPerm\).*date",
    ),
    "a date in White": Case(
        _grid_book(games=_set(LADDER_GAMES, 2, 1, dt.datetime(1900, 1, 1))),
        r"'Ladder Games', row 2, column A \(White\).*date",
    ),
    "a date in Initial Ladder Rating": Case(
        _grid_book(groups=_set(CAMP_GROUPS, 3, 2, dt.date(2024, 1, 1))),
        r"'Camp Groups', row 3, column B \(Initial Ladder Rating\).*date",
    ),
    # Numbers no spreadsheet holds (found by the fuzz test): text "1e99999999" used to become a
    # 100-million-digit integer (a hang), "1e999" one that crashed the save (OverflowError).
    "the text 1e99999999 in StWkPerm": Case(
        _grid_book(players=_set(LADDER_PLAYERS, 2, 7, "1e99999999")),
        r"'Ladder Players', row 2, column G \(StWkPerm\).*too large",
    ),
    "the text 1e999 in an ID": Case(
        _grid_book(
            players=_set(LADDER_PLAYERS, 3, 1, "1e999"), games=_set(LADDER_GAMES, 2, 2, "1e999")
        ),
        r"'Ladder Players', row 3, column A \(ID\).*too large",
    ),
    "a 400-digit number cell in Initial Ladder Rating": Case(
        lambda p: _with_sheet_xml(
            p, 3, lambda xml: re.sub(r"<v>1000</v>", "<v>" + "9" * 400 + "</v>", xml, count=1)
        ),
        r"'Camp Groups', row 2, column B \(Initial Ladder Rating\).*(too large|not a number)",
    ),
    # Absurd numbers in the Elo sheets: refused, naming the cell.
    "an absurd Elo rating": Case(
        _elo_book(rating=5e12),
        r"'Elo Players', row 3, column B \(Rating\).*too large",
    ),
    "an absurd Elo K": Case(
        _elo_book(k=1e308),
        r"'Elo Settings', row 2, column B \(Value\).*too large",
    ),
    # Empty sheets: the columns are missing.
    "an empty Ladder Games sheet": Case(
        _grid_book(after=_empty_sheet("Ladder Games")), r"'Ladder Games'.*missing column"
    ),
    "an empty Ladder Players sheet": Case(
        _grid_book(after=_empty_sheet("Ladder Players")), r"'Ladder Players'.*missing column"
    ),
    "an empty Camp Groups sheet": Case(
        _grid_book(after=_empty_sheet("Camp Groups")), r"'Camp Groups'.*missing column"
    ),
    # A million blank formatted rows: blank rows are not data.
    # (Tested below as good books that must recalculate; an error is not expected.)
}

if importlib.util.find_spec("msoffcrypto") is not None:  # optional: pip install msoffcrypto-tool
    CASES["password-protected (encrypted with msoffcrypto-tool)"] = Case(
        _really_encrypted, r"password-protected|encrypted"
    )

GOOD_BUT_HEAVY: dict[str, Case] = {
    "one formatted cell a million rows down": Case(
        _grid_book(after=_formatted_cell_far_below),
        "",
    ),
    "a million blank formatted rows": Case(
        _million_formatted_rows,
        "",
        # openpyxl.load_workbook parses a million row dimensions and save writes them back.
        heavy={"XlsxBook": HEAVY_OPENPYXL},
    ),
}


# --- running ------------------------------------------------------------------------------------


@contextlib.contextmanager
def deadline(seconds: float) -> Iterator[None]:
    """Fail (instead of hanging) when the block runs longer than ``seconds`` (POSIX only)."""
    if not hasattr(signal, "SIGALRM"):
        yield
        return

    def expire(signum: int, frame: object) -> None:
        raise TimeoutError(f"took more than {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@dataclass(frozen=True)
class Built:
    path: Path
    folder: Path
    data: bytes | None
    listing: list[str]


def snapshot(folder: Path, path: Path) -> Built:
    data = path.read_bytes() if path.is_file() else None
    return Built(path, folder, data, sorted(p.name for p in folder.iterdir()))


def assert_untouched(before: Built) -> None:
    """Nothing written: no output, no temporary file, the input byte-identical."""
    after = snapshot(before.folder, before.path)
    assert after.listing == before.listing
    assert after.data == before.data


@dataclass(frozen=True)
class CliRun:
    returncode: int | None  # None: stopped by the hang guard
    stdout: str
    stderr: str


CLI = [sys.executable, "-c", "from ratingbook.cli import main; main()"]


def run_cli(args: list[str], cwd: Path) -> CliRun:
    """The command as a real process."""
    try:
        done = subprocess.run(
            [*CLI, *args], cwd=cwd, capture_output=True, text=True, timeout=LIMIT, check=False
        )
    except subprocess.TimeoutExpired as expired:
        return CliRun(None, str(expired.stdout or ""), str(expired.stderr or ""))
    return CliRun(done.returncode, done.stdout, done.stderr)


def run_cli_in_process(args: list[str], cwd: Path) -> CliRun:
    """The command run by ``cli.main`` in this process (:func:`tests.helpers.cli.run`)."""
    try:
        with deadline(LIMIT):
            done = run_in_process(*args, cwd=cwd)
    except TimeoutError as expired:
        return CliRun(None, "", str(expired))
    return CliRun(done.returncode, done.stdout, done.stderr)


ALL_CASES = {**CASES, **GOOD_BUT_HEAVY}
#: The cases the command also runs on as a real process (the others run in this process).
REAL_PROCESS = frozenset(
    {
        "billion laughs in a sheet",
        "external entity (XXE) in workbook.xml",
        "zip bomb: 3 MB claiming 3 GB",
        "a text file named .xlsx",
        "one formatted cell a million rows down",
    }
)
assert ALL_CASES.keys() >= REAL_PROCESS, "every case run as a process is a case"


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Built]:
    out: dict[str, Built] = {}
    for number, (key, case) in enumerate(ALL_CASES.items()):
        folder = tmp_path_factory.mktemp(f"hostile{number:02d}")
        path = folder / case.name
        case.build(path)
        out[key] = snapshot(folder, path)
    return out


@pytest.fixture(scope="module")
def cli_runs(built: dict[str, Built]) -> dict[str, CliRun]:
    """``ratingbook recalc FILE`` for every case in this process, one at a time, and for the
    cases of :data:`REAL_PROCESS` as a real process too (tests.helpers.processes.AT_ONCE at a
    time), which must give the same exit status and output; the tests read the first."""
    runs = {}
    for key in ALL_CASES:
        b = built[key]
        runs[key] = run_cli_in_process(["recalc", b.path.name], cwd=b.folder)

    def real(key: str) -> tuple[str, CliRun]:
        b = built[key]
        # What the run in this process wrote (a good book's output) goes: the real process
        # writes it again, and must find the folder as built.
        for written in set(b.folder.iterdir()) - {b.path}:
            written.unlink()
        return key, run_cli(["recalc", b.path.name], cwd=b.folder)

    with ThreadPoolExecutor(max_workers=AT_ONCE) as pool:
        for key, process in pool.map(real, sorted(REAL_PROCESS)):
            assert process == runs[key], f"in this process: {runs[key]}; as a process: {process}"
    return runs


def _which_adapter_the_cli_uses() -> str:
    """The adapter class ``ratingbook recalc`` instantiates, found by running it on a tiny book
    with every adapter's constructor watched (whatever cli.py's code looks like)."""
    import tempfile

    from ratingbook.cli.jobs import BookJob, run_book_job

    used: list[str] = []
    originals = {name: cls.__init__ for name, cls in ADAPTERS.items()}

    def watch(name: str) -> Callable[..., None]:
        def init(self: object, *args: object, **kwargs: object) -> None:
            used.append(name)
            originals[name](self, *args, **kwargs)

        return init

    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "tiny.xlsx"
        _base_book(source)
        try:
            for name, cls in ADAPTERS.items():
                cls.__init__ = watch(name)
            run_book_job(BookJob(str(source), str(Path(folder) / "out.xlsx"), False, "recalc"))
        finally:
            for name, cls in ADAPTERS.items():
                cls.__init__ = originals[name]
    return used[0] if used else "XlsxBook"


CLI_ADAPTER = _which_adapter_the_cli_uses()


def _cli_params(cases: dict[str, Case]) -> list[object]:
    """One param per case; strict xfail where the adapter the CLI uses has a known bug."""
    params = []
    for key, case in cases.items():
        bug = case.known_bugs.get(CLI_ADAPTER)
        marks = [pytest.mark.xfail(reason=bug, strict=True)] if bug else []
        params.append(pytest.param(key, id=key, marks=marks))
    return params


def _api_params(cases: dict[str, Case]) -> list[object]:
    """One param per (adapter, case); strict xfail where that adapter has a known bug."""
    params = []
    for adapter in ADAPTERS:
        for key, case in cases.items():
            bug = case.known_bugs.get(adapter)
            marks = [pytest.mark.xfail(reason=bug, strict=True)] if bug else []
            params.append(pytest.param(adapter, key, id=f"{adapter}-{key}", marks=marks))
    return params


@pytest.mark.parametrize(("adapter", "key"), _api_params(CASES))
def test_hostile_file_is_refused_by_the_api(
    adapter: str, key: str, built: dict[str, Built]
) -> None:
    """The adapter + workbook.recalc raise a RatingbookError naming the problem and write
    nothing."""
    case, built_as = CASES[key], built[key]
    # A fresh snapshot: the CLI test may have written its own output beside the input.
    before = snapshot(built_as.folder, built_as.path)
    assert before.data == built_as.data
    target = before.folder / "book-out.xlsx"
    try:
        with deadline(case.heavy.get(adapter, LIMIT)):
            book = ADAPTERS[adapter](before.path)
            plan = workbook.recalc(book)
            # Refusing at save time is fine too, as long as nothing is written.
            book.save(target)
    except RatingbookError as error:
        message = str(error)
        assert re.search(case.message, message, re.IGNORECASE | re.DOTALL), message
        # One line per problem: several problems (every one is reported) are one line each.
        problems = error.errors if isinstance(error, InputErrors) else (error,)
        assert message.splitlines() == [str(problem) for problem in problems]
        assert all("\n" not in str(problem) for problem in problems)
        assert_untouched(before)
    else:
        assert case.may_succeed, f"no error: {plan.summary}"
        assert "6 games replayed" in " ".join(plan.summary)
        target.unlink()
        assert_untouched(before)


@pytest.mark.parametrize("key", _cli_params(CASES))
def test_hostile_file_gets_one_clean_line_from_the_cli(
    key: str, built: dict[str, Built], cli_runs: dict[str, CliRun]
) -> None:
    """``ratingbook recalc`` exits 2 with one 'FAILED file: message' line, no traceback;
    the input is unchanged and no output or temporary file appears."""
    case, before, run = CASES[key], built[key], cli_runs[key]
    assert run.returncode is not None, f"no answer within {LIMIT} s: a hang"
    assert "Traceback" not in run.stderr
    if case.may_succeed and run.returncode == 0:
        assert "6 games replayed" in run.stdout
        return
    lines = run.stderr.splitlines()
    assert run.returncode == 2, run.stderr
    # One line per problem: a book with several problems gets a FAILED line for each.
    assert lines and all(line.startswith(f"FAILED {before.path.name}: ") for line in lines)
    assert len(set(lines)) == len(lines), run.stderr
    assert re.search(case.message, run.stderr, re.IGNORECASE), run.stderr
    assert run.stdout == ""
    assert_untouched(before)


@pytest.mark.parametrize(("adapter", "key"), _api_params(GOOD_BUT_HEAVY))
def test_blank_formatted_rows_are_not_data_through_the_api(
    adapter: str, key: str, built: dict[str, Built], tmp_path: Path
) -> None:
    """The adapter reads, recalculates and saves a book with a million blank formatted rows,
    replaying only the six real games."""
    case, built_as = GOOD_BUT_HEAVY[key], built[key]
    # A fresh snapshot: the CLI test may have written its own output beside the input.
    before = snapshot(built_as.folder, built_as.path)
    assert before.data == built_as.data
    with deadline(case.heavy.get(adapter, LIMIT)):
        book = ADAPTERS[adapter](before.path)
        plan = workbook.recalc(book)
        book.save(tmp_path / "out.xlsx")
    assert "6 games replayed" in " ".join(plan.summary)
    assert_untouched(before)


@pytest.mark.parametrize("key", _cli_params(GOOD_BUT_HEAVY))
def test_blank_formatted_rows_are_not_data_through_the_cli(
    key: str, built: dict[str, Built], cli_runs: dict[str, CliRun]
) -> None:
    """A million blank formatted rows below the games: the recalc replays only the real games
    (the blank rows are not read as empty games)."""
    before, run = built[key], cli_runs[key]
    assert run.returncode is not None, f"no answer within {LIMIT} s: a hang"
    assert run.returncode == 0, run.stderr
    assert "6 games replayed" in run.stdout
    out = before.folder / "book-recalculated.xlsx"
    # Read-only: only the sheet asked for is parsed (not the million rows of Ladder Games).
    wb = openpyxl.load_workbook(out, read_only=True)
    games = [row[0] for row in wb["Rating History"].iter_rows(min_row=2, values_only=True)]
    wb.close()
    assert games == [1, 2, 3, 4, 5, 6]


# --- hostile but valid: must work ----------------------------------------------------------------


@pytest.mark.parametrize("adapter", list(ADAPTERS))
def test_thousand_character_names_and_groups_work(adapter: str, tmp_path: Path) -> None:
    """1,000-character player and group names are ordinary text: the recalc succeeds and the
    names come back whole in Ladder Standings."""
    long_name = "Anna-Maria " + "x" * 989
    long_group = "G" * 1000
    players = _set(_set(LADDER_PLAYERS, 2, 2, long_name), 2, 3, long_group)
    groups = [*CAMP_GROUPS, [long_group, 1300]]
    path = tmp_path / "long.xlsx"
    _grid_book(players=players, groups=groups)(path)
    with deadline(LIMIT):
        book = ADAPTERS[adapter](path)
        workbook.recalc(book)
        book.save(tmp_path / "out.xlsx")
    standings = records(tmp_path / "out.xlsx", "Ladder Standings")
    assert long_name in [r["Name"] for r in standings]
    assert long_group in [r["Group"] for r in standings]
    assert len(long_name) == 1000


@pytest.mark.parametrize("adapter", list(ADAPTERS))
def test_merged_title_above_the_table_is_fine(adapter: str, tmp_path: Path) -> None:
    """A merged title row above the header does not disturb the table below it."""
    games = [["Week 1 games", None, None], *LADDER_GAMES]

    def title(wb: openpyxl.Workbook) -> None:
        wb["Ladder Games"].merge_cells("A1:C1")

    path = tmp_path / "titled.xlsx"
    _grid_book(games=games, after=title)(path)
    book = ADAPTERS[adapter](path)
    plan = workbook.recalc(book)
    assert "6 games replayed" in " ".join(plan.summary)


@pytest.mark.parametrize("adapter", list(ADAPTERS))
def test_formula_with_a_cached_value_reads_as_that_value(adapter: str, tmp_path: Path) -> None:
    """A formula Excel calculated and saved (``<f>`` with ``<v>``) reads as its cached value:
    the same ratings as the plain number."""
    plain = tmp_path / "plain.xlsx"
    _base_book(plain)
    cached = tmp_path / "cached.xlsx"
    # Ann's StWkPerm (G2) 1500 becomes =1000+500 with the cached value 1500.
    _with_sheet_xml(
        cached,
        1,
        lambda xml: re.sub(
            r'<c r="G2"([^>]*?)(?: t="n")?><v>1500</v></c>',
            r'<c r="G2"\1><f>1000+500</f><v>1500</v></c>',
            xml,
        ),
    )
    saved_by_excel(cached)  # Excel drops fullCalcOnLoad when it saves: its values count
    assert b"<f>1000+500</f>" in dict(zip_members(cached))[_sheet_part(1)]
    results = []
    for path in (plain, cached):
        book = ADAPTERS[adapter](path)
        workbook.recalc(book)
        book.save(path.with_name(path.stem + "-out.xlsx"))
        results.append(records(path.with_name(path.stem + "-out.xlsx"), "Ladder Standings"))
    assert results[0] == results[1]


def test_the_bomb_builder_makes_what_it_claims() -> None:
    """The crafted deflate stream really inflates to prefix + blocks + suffix (checked small)."""
    stream, size = repeated_stream(b"<a>", b" " * 1024, 50, b"</a>")
    data = zlib.decompress(stream, -15)
    assert len(data) == size == 3 + 1024 * 50 + 4
    assert data.startswith(b"<a> ") and data.endswith(b" </a>")
