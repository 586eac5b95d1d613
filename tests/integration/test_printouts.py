"""Printouts read right (issue 34): every table of every template, and of the books ``ratingbook
trf import`` makes of two real TRF files, printed by LibreOffice, has each number under its own
header and each text whole, and no internal sheet prints raw JSON.

Each template (``ratingbook template all``) is recalculated with its sample data; an event's
next round is paired (the open round's results typed in, then Recalc; the team event by
``ratingbook pair``). The templates' books are printed to PDF by the run's one LibreOffice, the
imported ones by another call, and the PDF's words are read with their boxes (``pdftotext
-bbox``).

Which number belongs to which header comes from the book itself (the values ratingbook wrote),
never from the PDF's layout: a printed line is a row of the sheet when it starts with the
row's first word and holds the row's numbers in order. Each of those numbers must then print
with its box over its own header's words (the header repeats on every page of the sheet, on
one line or, long, wrapped over a few), and over no other header's: a right-aligned number
under a left-aligned header stands between its header and the next one, or under the next
one, and fails. A header that does not print as its words (two headers run together, columns
split over pages) fails too, and so does a text of the row not printed whole on its line (cut
by the next cell, or run into its text).

Every printed sheet is also read at its printed type size: fitted one page wide, a sheet wider
than the paper prints smaller, and a sheet whose text runs on past its table (a long meaning
not wrapped) prints at a few points. The size comes from the words' boxes: a box is as tall as
its font's ascent and descent, a fixed share of its size, and that share is measured on the
same PDF from the page titles, always 12-point bold (presentation.PrintSetup) and printed at
full size on a page that fits (the Instructions).
"""

from __future__ import annotations

import io
import itertools
import re
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import openpyxl
import pytest
from openpyxl.utils import column_index_from_string as column_index
from openpyxl.utils import get_column_letter as letter
from tests.helpers.cli import run
from tests.helpers.paths import REAL_TRF
from tests.helpers.pdfs import needs_pdf_tools, page_words, to_pdfs

from ratingbook import templates

pytestmark = [*needs_pdf_tools, pytest.mark.slow]

#: Sheets that are no table: the chosen camper's charts with their lookups (its first row is a
#: name to pick, not headers).
NOT_TABLES = {"Camper Chart"}
#: ratingbook's own records: JSON, never to print.
INTERNAL = ("Event State", "Event History")
RESULTS = ("1-0", "½-½", "0-1")
#: The headers of the columns that name a row: a player, a team, both players of a game. Every
#: page of a table split across pages wide prints them (issue 34: the camp's Rating History
#: printed its second and third pages with the game's number alone, no player).
NAME_HEADERS = {"Name", "Player", "Players", "Team", "White", "Black"}
_NUMBER = re.compile(r"[+\-−]?(\d+(?:[.,]\d+)?)?(½)?")


@dataclass(frozen=True, slots=True)
class Word:
    text: str
    left: float
    right: float
    bottom: float
    height: float = 0.0


def _play_open_round(book: Path) -> None:
    """Type a result into every game of the open round (Swiss Games rows without one)."""
    wb = openpyxl.load_workbook(book)
    ws = wb["Swiss Games"]
    header = [c.value for c in ws[1]]
    result = header.index("Result")
    for n, row in enumerate(ws.iter_rows(min_row=2)):
        if row[0].value is not None and row[result].value in (None, ""):
            row[result].value = RESULTS[n % 3]
    wb.save(book)


#: The prizes a Swiss book's organiser adds (docs: a 'Prizes' sheet), so that its Prize List
#: prints: an Amount (numbers, right-aligned) beside an Object (text, left-aligned).
PRIZES = (("Place", "Category", "Amount", "Object"), (1, None, 175, "Trophy"),
          (2, None, 100, "Medal"), (3, None, 50, None))  # fmt: skip
#: Sheets a person typed, ratingbook never formats: not checked here.
TYPED = {"Prizes"}


def _add_prizes(book: Path) -> None:
    wb = openpyxl.load_workbook(book)
    prizes = wb.create_sheet("Prizes")
    for row in PRIZES:
        prizes.append(row)
    prizes.oddHeader.center.text = "Prizes"  # each printed page is known by its title
    wb.save(book)


def _book(kind: str, folder: Path) -> Path:
    """The ``kind`` template recalculated with its data; an event with its next round paired
    (the Swiss event with prizes to list)."""
    book = folder / f"{kind}.xlsx"
    book.write_bytes(templates.template_bytes(kind))
    if kind in ("swiss", "roundrobin"):
        _play_open_round(book)  # Recalc then pairs the next round (Auto-pair On)
    if kind == "swiss":
        _add_prizes(book)
    done = run("recalc", book, "--in-place")
    assert done.returncode == 0, done.stdout + done.stderr
    if kind == "team":
        done = run("pair", book, "--in-place")
        assert done.returncode == 0, done.stdout + done.stderr
    return book


#: Real TRF files imported (``ratingbook trf import``) and printed, by book name: a Swiss with
#: long names (``Gorrochategui Torres, Eugenio``) and a team event of 12 teams and 160
#: players over 11 rounds.
IMPORTED = {
    "open-gros": "javafo_trfxsample2_open-gros_2010.trfx",
    "armstrong-cup": "icu_armstrong-cup_2010-11.tab",
}


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, Path]]:
    """The books ``ratingbook trf import`` makes of :data:`IMPORTED` and their PDFs, by name:
    one LibreOffice for them all."""
    folder = tmp_path_factory.mktemp("imported")
    books = []
    for name, trf in IMPORTED.items():
        books.append(folder / f"{name}.xlsx")
        done = run("trf", "import", REAL_TRF / trf, "-o", books[-1], "--no-check")
        assert done.returncode == 0, done.stdout + done.stderr
    pdfs = to_pdfs(books, folder / "pdf")
    return {n: (b, p) for n, b, p in zip(IMPORTED, books, pdfs, strict=True)}


@pytest.fixture(scope="module")
def printed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, Path]]:
    """Every template's book and its PDF, by kind: one LibreOffice for them all."""
    folder = tmp_path_factory.mktemp("printouts")
    books = [_book(kind, folder) for kind in templates.KINDS]
    pdfs = to_pdfs(books, folder / "pdf")
    return {k: (b, p) for k, b, p in zip(templates.KINDS, books, pdfs, strict=True)}


def pages_of_words(pdf: Path) -> list[list[list[Word]]]:
    """Each page's lines (top to bottom), each line's words left to right."""
    pages = []
    for boxed in page_words(pdf):
        words = sorted(
            (Word(w.text, w.left, w.right, w.bottom, w.bottom - w.top) for w in boxed),
            key=lambda w: (w.bottom, w.left),
        )
        lines: list[list[Word]] = []
        for word in words:  # a line: words sharing a baseline (within 2 points)
            if lines and abs(lines[-1][0].bottom - word.bottom) < 2:
                lines[-1].append(word)
            else:
                lines.append([word])
        pages.append([_halves(sorted(line, key=lambda w: w.left)) for line in lines])
    return pages


def _halves(line: list[Word]) -> list[Word]:
    """The line with points printed in halves by the number format ``# ?/2``
    (reports.swiss_grids.POINTS_FORMAT) read as one word: ``4 1/2`` as ``4½``, ``1/2`` as
    ``½``. The space inside ``4 1/2`` is the format's, narrower than half the type's height;
    two columns stand further apart."""
    joined: list[Word] = []
    for word in line:
        if word.text != "1/2":
            joined.append(word)
        elif (
            joined and joined[-1].text.isdigit() and word.left - joined[-1].right < word.height / 2
        ):
            whole = joined.pop()
            joined.append(Word(f"{whole.text}½", whole.left, word.right, word.bottom, word.height))
        else:
            joined.append(Word("½", word.left, word.right, word.bottom, word.height))
    return joined


def number(text: str) -> float | None:
    """A printed word as a number (``1270``, ``2.75``, ``+12``, ``1½``), or None."""
    match = _NUMBER.fullmatch(text)
    if not match or not (match.group(1) or match.group(2)):
        return None
    value = float((match.group(1) or "0").replace(",", ".")) + (0.5 if match.group(2) else 0)
    return -value if text[0] in "-−" else value


def same(word: str, value: float) -> bool:
    """Whether ``word`` prints ``value`` (to the decimals it shows)."""
    shown = number(word)
    if shown is None:
        return False
    # a half (4½) shows a decimal: it is not a whole number rounded (4½ is no 5)
    decimals = len(word.split(".")[1]) if "." in word else int("½" in word)
    return abs(shown - value) <= 0.5 * 10**-decimals + 1e-9


def is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


#: The most lines a header prints on (presentation.HEADER_LINES: a long header wraps).
HEADER_LINES = 3

Span = tuple[float, float]


def _splits(words: int, lines: int) -> Iterator[tuple[int, ...]]:
    """Each way of putting ``words`` words, in order, on ``lines`` lines (some maybe none)."""
    if lines == 1:
        yield (words,)
        return
    for first in range(words + 1):
        for rest in _splits(words - first, lines - 1):
            yield (first, *rest)


def _spans_meet(spans: list[Span]) -> bool:
    """Whether every two of ``spans`` overlap: the lines of one cell's wrapped text stand over
    one another (aligned on a side or centred), those of two cells side by side."""
    return all(a[0] < b[1] and b[0] < a[1] for a, b in itertools.combinations(spans, 2))


def _place(
    block: list[list[Word]], header: list[list[str]], order: list[int], whole: bool
) -> dict[int, Span] | None:
    """The header's columns ``order`` (in order, all of them when ``whole``, else the first
    ones) printed on ``block``'s lines and nothing else: each title's words on one line or
    wrapped over several, each line's words those of the columns' pieces left to right, a
    title's pieces over one another. Each column's span on the page (the widest of its
    lines), or None."""
    texts = [[w.text for w in line] for line in block]

    def place(i: int, at: tuple[int, ...]) -> dict[int, Span] | None:
        done = all(a == len(t) for a, t in zip(at, texts, strict=True))
        if i == len(order) or (done and not whole and i):
            return {} if done else None
        title = header[order[i]]
        for split in _splits(len(title), len(block)):
            pieces, start, moved = [], 0, list(at)
            for j, size in enumerate(split):
                if texts[j][moved[j] : moved[j] + size] != title[start : start + size]:
                    break
                if size:
                    pieces.append(block[j][moved[j] : moved[j] + size])
                moved[j] += size
                start += size
            else:
                spans = [(piece[0].left, piece[-1].right) for piece in pieces]
                if not _spans_meet(spans):
                    continue
                rest = place(i + 1, tuple(moved))
                if rest is not None:
                    left = min((a for a, _ in spans), default=0.0)
                    return {order[i]: (left, max((b for _, b in spans), default=0.0)), **rest}
        return None

    return place(0, (0,) * len(block))


def header_columns(
    page: list[list[Word]], top: int, header: list[list[str]], whole: bool = False
) -> tuple[int, dict[int, Span]] | None:
    """The header printed from line ``top`` of ``page``: how many lines it takes (a long
    header wraps onto up to :data:`HEADER_LINES`) and each of its columns' span on the page:
    the whole header, or (unless ``whole``) the page's share of a table split across pages
    wide: its first columns (the row's names, repeated on every page) then a run of the next
    ones."""
    for lines in range(HEADER_LINES, 0, -1):  # the most lines first: a line of a wrapped
        block = page[top : top + lines]  # header may hold whole short titles
        if len(block) < lines:
            continue
        for keys in range(len(header) + 1) if not whole else (0,):
            for first in range(keys, len(header)) if not whole else (0,):
                order = [*range(keys), *range(first, len(header))]
                columns = _place(block, header, order, whole)
                if columns is not None:
                    return lines, columns
    return None


def overlaps(word: Word, span: tuple[float, float]) -> bool:
    return word.left < span[1] and span[0] < word.right


#: The least gap between two columns' words, in the words' heights: about a space at their
#: size (a word's box is about 1.2 em tall, a space about 0.3 em wide). Closer, ``175`` and
#: ``Trophy`` in two columns read as one word, ``175|Trophy`` with the grid (issue 34).
GAP = 0.25


def touching(word: Word, right: Word) -> bool:
    """Whether ``word`` and the next word on its right (another column's) touch or overlap."""
    return right.left - word.right < GAP * max(word.height, right.height)


@dataclass
class Sheet:
    name: str
    header: list[list[str]]  # each column's header, as words (empty: no header)
    rows: list[tuple[int, list[object]]]  # Excel row number, values
    # columns whose text wraps within the cell
    wrapped: frozenset[int] = frozenset()


def table_sheets(book: Path) -> list[Sheet]:
    """The book's visible tables in order, with the values ratingbook wrote: their rows and
    columns not hidden (a hidden column's header is none), a table with rows."""
    wb = openpyxl.load_workbook(book, data_only=True)
    sheets = []
    for ws in wb.worksheets:
        grid = [list(r) for r in ws.iter_rows(values_only=True)]
        titles = grid[0] if grid else []
        if ws.sheet_state != "visible" or ws.title in NOT_TABLES | TYPED:
            continue
        filled = any(v not in (None, "") for row in grid[1:] for v in row)
        if sum(t not in (None, "") for t in titles) < 2 or not filled:
            continue  # Instructions, a sheet of charts, an empty table (printing nothing)
        hidden = {c for c in range(len(titles)) if ws.column_dimensions[letter(c + 1)].hidden}
        # Columns left of the print area are not printed either: the Pairings' Round, which
        # its printed title names (presentation.PrintSetup.unprinted).
        area = re.search(r"!\$?([A-Z]+)\$?\d", str(ws.print_area or ""))
        hidden |= set(range(column_index(area.group(1)) - 1)) if area else set()
        header = [
            str(t).split() if t not in (None, "") and c not in hidden else []
            for c, t in enumerate(titles)
        ]
        rows = [
            (n, r)
            for n, r in enumerate(grid[1:], start=2)
            if any(map(is_number, r)) and not ws.row_dimensions[n].hidden
        ]
        wrapped = frozenset(
            c for c in range(len(titles)) if ws.cell(row=2, column=c + 1).alignment.wrap_text
        )
        sheets.append(Sheet(ws.title, header, rows, wrapped))
    return sheets


def misplaced(book: Path, pdf: Path) -> list[str]:
    """Every number printed away from its header, every text cut, every table or row not
    found in print.

    Each page of a sheet (known by its title) prints the sheet's header under its title, on
    one line or, a long header wrapped, on a few. A table too wide for a page prints across
    pages, each repeating the row's first columns (presentation.PrintSetup.repeat_columns):
    each page's header is then those columns and a run of the next ones, and a row is read on
    each page for the numbers and texts of its columns.
    """
    pages = sheet_pages(book, pdf)
    problems: list[str] = []
    for sheet in table_sheets(book):
        found: list[tuple[list[list[Word]], int, dict[int, Span]]] = []
        for name, title, page in pages:
            if name != sheet.name:
                continue
            at = header_columns(page, title, sheet.header)
            if at is None:
                problems.append(
                    f"{book.name} {sheet.name!r}: a page whose header is not "
                    f"{' | '.join(map(' '.join, sheet.header))} printed as its words"
                )
                continue
            found.append((page, title + at[0], at[1]))
        if not found:
            problems.append(f"{book.name} {sheet.name!r}: no page prints its header")
            continue
        for page, top, columns in found:
            height = max(w.height for line in page[top - 1 : top] for w in line)
            spans = sorted(columns.items(), key=lambda item: item[1])
            for (c, left), (d, right) in itertools.pairwise(spans):
                if left != (0.0, 0.0) and right[0] - left[1] < GAP * height:
                    problems.append(
                        f"{book.name} {sheet.name!r}: the header {' '.join(sheet.header[c])!r}"
                        f" touches {' '.join(sheet.header[d])!r}"
                    )
        shares: dict[tuple[int, ...], list[tuple[list[Word], dict[int, Span]]]] = {}
        for page, top, columns in found:  # each share of the columns: its pages' lines
            lines = shares.setdefault(tuple(columns), [])
            lines += [(line, columns) for line in page[top:-1]]  # the footer left out
        printed = {c for share in shares for c in share}
        missing = [c for c, title in enumerate(sheet.header) if title and c not in printed]
        if missing:
            problems.append(f"{book.name} {sheet.name!r}: columns {missing} not printed")
        # The columns on every page (a split table's row names): none when it is not split.
        keys = set.intersection(*map(set, shares)) if len(shares) > 1 else set()
        names = [c for c, title in enumerate(sheet.header) if " ".join(title) in NAME_HEADERS]
        for share, lines in shares.items():
            if 0 not in share or (len(shares) > 1 and not set(names) <= set(share)):
                shown = " | ".join(" ".join(sheet.header[c]) for c in share)
                problems.append(
                    f"{book.name} {sheet.name!r}: a page without the rows' names ({shown})"
                )
                continue
            problems += _rows_misplaced(book, sheet, share, keys, lines)
    return problems


def _rows_misplaced(
    book: Path,
    sheet: Sheet,
    share: tuple[int, ...],
    keys: set[int],
    lines: list[tuple[list[Word], dict[int, tuple[float, float]]]],
) -> list[str]:
    """The rows' numbers in columns ``share`` not printed under their headers on ``lines``.
    A row with nothing in the share but its names (``keys``) may be left out: LibreOffice
    prints no page that would show nothing else (a progress table's weeks to come)."""
    problems = []
    next_line = 0
    for row_number, values in sheet.rows:
        if not any(values[c] not in (None, "") for c in share if c not in keys):
            continue
        numbers = [
            (c, float(v))  # type: ignore[arg-type]
            for c, v in enumerate(values)
            if is_number(v) and c in share and c < len(sheet.header) and sheet.header[c]
        ]
        first = next(  # the first printed one (a hidden column's header is none)
            v
            for c, v in enumerate(values)
            if c < len(sheet.header) and sheet.header[c] and v not in (None, "") and str(v).split()
        )
        for k in range(next_line, len(lines)):
            line, spans = lines[k]
            # The row's line starts with its first cell's word...
            if not (same(line[0].text, first) if is_number(first) else
                    line[0].text == str(first).split()[0]):  # fmt: skip
                continue
            words = iter(line)  # ... and holds its numbers, in order
            if not all(any(same(w.text, v) for w in words) for _, v in numbers):
                continue
            next_line = k + 1
            problems += _texts_cut(book, sheet, row_number, values, share, line)
            for column, value in numbers:
                own = spans.get(column, (0.0, 0.0))
                others = [s for c, s in spans.items() if c != column]
                at = next(
                    (
                        i
                        for i, w in enumerate(line)
                        if same(w.text, value)
                        and overlaps(w, own)
                        and not any(overlaps(w, s) for s in others)
                    ),
                    None,
                )
                shown = " ".join(w.text for w in line)
                if at is None:
                    title = " ".join(sheet.header[column]) if column in spans else "?"
                    problems.append(
                        f"{book.name} {sheet.name!r} row {row_number}: {value:g} is not "
                        f"printed under its header {title!r}: {shown!r}"
                    )
                elif at + 1 < len(line) and touching(line[at], line[at + 1]):
                    problems.append(
                        f"{book.name} {sheet.name!r} row {row_number}: {line[at].text} touches "
                        f"the next column's {line[at + 1].text!r}: {shown!r}"
                    )
            break
        else:
            problems.append(
                f"{book.name} {sheet.name!r} row {row_number}: not printed as one line ({values!r})"
            )
    return problems


def _texts_cut(
    book: Path,
    sheet: Sheet,
    row: int,
    values: list[object],
    share: tuple[int, ...],
    line: list[Word],
) -> list[str]:
    """The texts of a row's cells in ``share`` not printed whole on its ``line``: each text's
    words, in order, are words of the line. A text wider than its cell prints cut at the next
    cell (``Lakunza Oyarbide Juan Ca``) or runs into its text (``JuanSanchez``), issue 34. A
    text wrapped within its cell (:attr:`Sheet.wrapped`) prints over several lines: left out."""
    texts = [w.text for w in line]
    problems = []
    for c in share:
        value = values[c] if c < len(values) else None
        if not isinstance(value, str) or not value.split() or c in sheet.wrapped:
            continue
        words = value.split()
        if not any(texts[i : i + len(words)] == words for i in range(len(texts))):
            problems.append(
                f"{book.name} {sheet.name!r} row {row}: {value!r} is not printed whole: "
                f"{' '.join(texts)!r}"
            )
    return problems


@pytest.mark.parametrize("kind", templates.KINDS)
def test_every_number_prints_under_its_own_header(
    kind: str, printed: dict[str, tuple[Path, Path]]
) -> None:
    book, pdf = printed[kind]
    assert misplaced(book, pdf) == []


#: A value as the Event State sheet holds it: a JSON list or object, such as ["Rounds", "5"].
_JSON = re.compile(r'^[\[{]\s*(?:"|\d|-|true|false|null|\[|\{)')


@pytest.mark.parametrize("kind", templates.KINDS)
def test_no_internal_sheet_prints(kind: str, printed: dict[str, tuple[Path, Path]]) -> None:
    book, pdf = printed[kind]
    wb = openpyxl.load_workbook(book)
    for name in INTERNAL:
        if name in wb.sheetnames:
            assert wb[name].sheet_state == "hidden", name  # hidden sheets do not print
    lines = [" ".join(w.text for w in line) for page in pages_of_words(pdf) for line in page]
    assert [line for line in lines if _JSON.match(line)] == []


#: The smallest type a sheet may print at, in points: the sheets a person types into and reads
#: back (the Instructions and the input sheets: settings with their meanings, players, games).
READABLE = 9.0
#: The smallest type any printed sheet may print at, the generated ones included (standings,
#: pairings, notes, histories, progress tables, charts): a table fits one page wide only at 8
#: points or more, a wider one is split across pages at 9, its row names on each
#: (presentation.PrintSetup.laid_out). Measured on the templates: 9.0 points at the least
#: (the tables split across pages); before (e1ac196) 2.6 (Ladder Progress), 3.6 (Rating
#: History, Camper Chart), 4.5 (Elo and Crikey Progress) and 5.2 to 5.9 (Rating Report,
#: Ladder Charts, Pairing Notes, Standings Notes, Event Log).
SMALLEST = 8.0
#: The page title's size (presentation.PrintSetup.title_size).
TITLE_POINTS = 12


def sheet_pages(book: Path, pdf: Path) -> list[tuple[str, int, list[list[Word]]]]:
    """Each printed page with the sheet it is of (found by the title printed at its top) and
    the number of lines of that title (a long title wraps: the Armstrong Cup's "Team standings
    after round 11 - Leinster Chess Union Div 1 Armstrong Cup 2010 - 2011")."""
    wb = openpyxl.load_workbook(book)
    titles = {}  # each visible sheet's page title, as printed
    for ws in wb.worksheets:
        header = ws.oddHeader.center.text if ws.oddHeader is not None else None
        if ws.sheet_state == "visible" and header:
            titles[ws.title] = header.replace("&F", book.name).replace("&&", "&").split()
    found = []
    for page in pages_of_words(pdf):
        # A page without a word, not even the title and footer, fails too: LibreOffice counted
        # a page more than it printed (presentation.FOOTER_MARGIN, issue 34).
        assert page, f"{book.name}: a blank page"
        for lines in (1, 2):
            top = [w.text for line in page[:lines] for w in line]
            sheet = next((n for n, t in titles.items() if top == t), None)
            if sheet is not None:
                break
        assert sheet is not None, f"{book.name}: a page titled {' '.join(top)!r}"
        found.append((sheet, lines, page))
    return found


def printed_sizes(book: Path, pdf: Path) -> dict[str, float]:
    """Each printed sheet's body text size in points, by sheet: the median of its words'
    heights (page title and footer left out) over the height of a word of one point."""
    heights: dict[str, list[float]] = {}
    title_heights = []
    for sheet, title, page in sheet_pages(book, pdf):
        title_heights += [w.height for line in page[:title] for w in line]
        body = page[title:-1]  # the title's lines, the footer "Page n of m"
        heights.setdefault(sheet, []).extend(w.height for line in body for w in line)
    # The title prints at TITLE_POINTS on a page at full size: the tallest title is one.
    per_point = max(title_heights) / TITLE_POINTS
    assert 1.0 < per_point < 1.6, per_point  # a font's ascent and descent: about 1.2 to 1.3 em
    return {
        sheet: round(sorted(found)[len(found) // 2] / per_point, 1)
        for sheet, found in heights.items()
        if found
    }


@pytest.mark.parametrize("kind", templates.KINDS)
def test_every_sheet_prints_readable_type(kind: str, printed: dict[str, tuple[Path, Path]]) -> None:
    book, pdf = printed[kind]
    sizes = printed_sizes(book, pdf)
    empty = header_only(book)  # printing nothing (test_no_page_holds_only_a_header)
    typed = {"Instructions", *templates.sample_rows(kind)} - empty
    assert {s for s in typed if s in sizes} == typed  # every input sheet printed
    small = {s: size for s, size in sizes.items() if s in typed and size < READABLE}
    assert small == {}
    wb = openpyxl.load_workbook(book, read_only=True)
    shown = [ws.title for ws in wb.worksheets if ws.sheet_state == "visible"]
    assert set(sizes) == set(shown) - empty  # every sheet printed, its pages found
    assert {s: size for s, size in sizes.items() if size < SMALLEST} == {}


#: The posted list's type size (docs/guides/camp-staff.md, Printing: "in 14-point type").
POSTED_POINTS = 14.0


def test_the_posted_list_prints_in_14_point_type(printed: dict[str, tuple[Path, Path]]) -> None:
    """Issue 34: the template's seven campers printed portrait, fitted one page wide, at 10.2
    points (the table filled y 47-153 of the page)."""
    book, pdf = printed["ladder"]
    assert printed_sizes(book, pdf)["Ladder Standings"] == POSTED_POINTS


def test_a_table_that_fits_one_landscape_page_at_8_points_is_not_split(
    printed: dict[str, tuple[Path, Path]],
) -> None:
    """Issue 34: the round robin's Rating Report (133 units wide, 8.2 points one landscape page
    wide) was split over two pages, the second holding only No., Name and Note."""
    book, pdf = printed["roundrobin"]
    pages = [p for p in pages_of_words(pdf) if [w.text for w in p[0][:2]] == ["Rating", "report"]]
    assert len(pages) == 1
    assert SMALLEST <= printed_sizes(book, pdf)["Rating Report"] < 9


def test_no_page_title_runs_into_the_date(printed: dict[str, tuple[Path, Path]]) -> None:
    """Issue 34: "Team standings after round 1 - Summer Camp Team Cup11/27/2026": the date
    printed over the end of a long title. No word of a page's first line holds a date."""
    date = re.compile(r"\d{1,2}/\d{1,2}/\d{4}")
    for kind, (_, pdf) in printed.items():
        for page in pages_of_words(pdf):
            assert not any(date.search(w.text) for w in page[0]), (kind, page[0])


def header_only(book: Path) -> set[str]:
    """The book's visible tables (two headers or more) holding no row under the header."""
    wb = openpyxl.load_workbook(book, read_only=True)
    found = set()
    for ws in wb.worksheets:
        rows = [r for r in ws.iter_rows(values_only=True) if any(v not in (None, "") for v in r)]
        if ws.sheet_state == "visible" and len(rows) == 1 and sum(map(bool, rows[0])) >= 2:
            found.add(ws.title)
    return found


@pytest.mark.parametrize("kind", templates.KINDS)
def test_no_page_holds_only_a_header(kind: str, printed: dict[str, tuple[Path, Path]]) -> None:
    """Issue 34: an empty Forbidden Pairs (and an archive before its first week, the rating
    list's Aliases and List Events) printed a page with its header alone. Every page holds more
    than its title, the sheet's header line and its footer."""
    book, pdf = printed[kind]
    wb = openpyxl.load_workbook(book, read_only=True)
    headers = {  # each sheet's first row, as its words
        ws.title: [w for v in next(ws.iter_rows(values_only=True), ()) if v for w in str(v).split()]
        for ws in wb.worksheets
    }
    empty = []
    for sheet, title, page in sheet_pages(book, pdf):
        body = [w.text for line in page[title:-1] for w in line]  # a header may wrap
        if sorted(body) == sorted(headers.get(sheet, [])):
            empty.append(sheet)
    assert empty == []


#: The progress sheets the charts read, each with the sample's players, games and weeks: one
#: page each (the room kept for players, games and weeks to come hidden).
PROGRESS = {"ladder": "Ladder Progress", "elo": "Elo Progress", "crikey": "Crikey Progress"}


@pytest.mark.parametrize("kind", sorted(PROGRESS))
def test_a_progress_sheet_prints_its_numbers_on_one_page(
    kind: str, printed: dict[str, tuple[Path, Path]]
) -> None:
    """Issue 34: Ladder Progress printed 9 pages, mostly empty grid (40 rows kept for each
    group, 30 columns for games, 16 for weeks); Elo and Crikey Progress 2 each. The rows and
    columns kept empty are hidden, and the charts reading them still plot hidden cells."""
    book, pdf = printed[kind]
    pages = [sheet for sheet, _, _ in sheet_pages(book, pdf)]
    assert pages.count(PROGRESS[kind]) == 1
    with zipfile.ZipFile(book) as package:
        charts = [n for n in package.namelist() if n.startswith("xl/charts/chart")]
        assert charts
        for name in charts:
            assert re.search(r'plotVisOnly val="0"', package.read(name).decode()), name


def axis_labels(lines: list[list[Word]], title: str, below: str) -> list[float]:
    """The value axis' labels of the chart titled ``title`` on a page: the lines between its
    title and its category axis' title (``below``) that start with a number and hold no
    other (the category labels are a line of numbers)."""
    texts = [" ".join(w.text for w in line) for line in lines]
    first = texts.index(title)
    last = next(i for i in range(first, len(texts)) if texts[i].startswith(below))
    labels = []
    for line in lines[first + 1 : last]:
        numbers = [number(w.text) for w in line]
        if numbers[0] is not None and all(n is None for n in numbers[1:]):
            labels.append(numbers[0])
    return labels


#: The template's camper at first on the Camper Chart, Maya Okafor: 1200 at the start of the
#: week, 1208, 1208 and 1210 after her three games (seed 001's rule, worked by hand in
#: tests/templates/test_templates.py).
MAYA = (1200, 1208, 1208, 1210)


def test_the_camper_chart_line_stops_after_the_last_game(
    printed: dict[str, tuple[Path, Path]],
) -> None:
    """Issue 34: LibreOffice drew the Camper Chart's 'This week' line down to 0 after the
    camper's last game (its #N/A cells as 0), so that its axis ran from 0 to 1400 and Maya's
    four ratings sat on one flat line at the top. Drawn with gaps, the axis spans her ratings;
    since user test 48 ``ratingbook recalc`` sets it to hold every camper's, so it need not be
    hers alone, but it never reaches down to 0 (tests/integration/test_printed_camp_charts.py
    checks the camp's axis)."""
    book, pdf = printed["ladder"]
    pages = [page for sheet, _, page in sheet_pages(book, pdf) if sheet == "Camper Chart"]
    page = next(p for p in pages if ["This", "week"] in [[w.text for w in line] for line in p])
    labels = axis_labels(page, "This week", "Games played this week")
    assert len(labels) >= 3, labels
    assert 0 < min(labels) <= min(MAYA) and max(MAYA) <= max(labels)


def test_the_camper_charts_read_an_empty_cell_after_their_lookups() -> None:
    """LibreOffice draws a line chart's #N/A and text values as 0 whatever its 'gap' says,
    unless its values hold an empty cell too (oox, lcl_useWorkaroundForNoGapInOOXML): each of
    the Camper Chart's charts reads one cell more than its lookups, that cell empty (no
    formula, no value), and says 'gap'."""
    wb = openpyxl.load_workbook(io.BytesIO(templates.template_bytes("ladder")))
    ws = wb["Camper Chart"]
    with zipfile.ZipFile(io.BytesIO(templates.template_bytes("ladder"))) as package:
        charts = [package.read(n).decode() for n in package.namelist() if "charts/chart" in n]
    camper = [c for c in charts if "'Camper Chart'!" in c]
    assert len(camper) == 2
    for chart in camper:
        assert re.search(r'dispBlanksAs val="gap"', chart)
        values = re.findall(r"<(?:c:)?val><(?:c:)?numRef><(?:c:)?f>([^<]+)<", chart)
        assert len(values) == 1, values
        first, last = values[0].split("!")[1].replace("$", "").split(":")
        assert ws[first].value is not None  # a lookup
        assert ws[last].value is None  # the empty cell
        before = ws.cell(row=ws[last].row, column=ws[last].column - 1).value
        assert isinstance(before, str) and before.startswith("=IFERROR("), before


def _season_book(folder: Path) -> Path:
    """The rating list template with a season of ten events of long names (every member meets
    every other each evening) and an alias decided on a date: the size of a
    club's year, whose List History and Series Standings printed split (issue 35)."""
    import datetime as dt

    samples = templates.sample_rows("ratinglist")
    members = [p for p in samples["List Players"] if p[0] in {"1", "2", "3", "4", "5", "6", "8"}]
    games = []
    for n in range(10):
        day = dt.date(2025, 1, 8) + dt.timedelta(weeks=4 * n)
        event = f"Riverside Winter Rapid Night {n + 1}"
        pairs = [(w, b) for i, w in enumerate(members) for b in members[i + 1 :]]
        for rnd, (white, black) in enumerate(pairs, start=1):  # a game a round: no clash
            result = RESULTS[(rnd + n) % 3]
            games.append((day, event, rnd, white[2], white[0], black[2], black[0], result))
    aliases = [("Tommy O'Neill", "2", None, "the officer", dt.date(2025, 11, 26))]
    wb = templates.build_template(
        "ratinglist", rows={"List Games": games, "Aliases": aliases}, recalc=False
    )
    book = folder / "season.xlsx"
    wb.save(book)
    done = run("recalc", book, "--in-place")
    assert done.returncode == 0, done.stdout + done.stderr
    return book


def test_a_seasons_list_prints_each_table_one_page_wide_and_every_date(
    tmp_path: Path,
) -> None:
    """Issue 35: List History printed its names and figures on one page and its rules on the
    next; Series Standings, an event a column headed by its name, printed split with ten
    events; Aliases' Date printed as ###. Each list table now prints one page wide (every page
    of it holds its whole header line), every number under its header, every date as a date."""
    book = _season_book(tmp_path)
    (pdf,) = to_pdfs([book], tmp_path / "pdf")
    assert misplaced(book, pdf) == []
    lines = [" ".join(w.text for w in line) for page in pages_of_words(pdf) for line in page]
    wanted = {  # each table's header line: how it starts and how it ends
        "List History": ("Period ID Name", "Rule"),
        "Series Standings": ("Rank Name Club E1", "Events"),
        "Season List": ("Rank ID Name", "Change"),  # "Last" wrapped above it
    }
    for first, last in wanted.values():
        headers = [line for line in lines if line.startswith(first + " ")]
        assert headers and all(line.endswith(" " + last) for line in headers), headers
    assert "###" not in " ".join(lines)
    assert any("2025-11-26" in line for line in lines)  # the alias's date


#: A real TRF file a club's list is fed (lichess' June blitz, 36 games of nine online players).
JUNI_BLITZ = (
    Path(__file__).resolve().parents[1] / "data" / "trf" / "lichess_2020-06-26_juni-blitz.trf"
)


def overprinted(pdf: Path) -> list[str]:
    """Every two words of a page printed over each other: their boxes overlap across and over
    half the shorter one's height (lines of a page only touch). A wrapped text in a row not
    grown for it prints its lines over the next rows and over the page's footer."""
    found = []
    for n, page in enumerate(pages_of_words(pdf), start=1):
        words = [w for line in page for w in line]
        for a, b in itertools.combinations(words, 2):
            across = min(a.right, b.right) - max(a.left, b.left)
            down = min(a.bottom, b.bottom) - max(a.bottom - a.height, b.bottom - b.height)
            if across > 0.5 and down > min(a.height, b.height) / 2:
                found.append(f"page {n}: {a.text!r} over {b.text!r}")
    return found


def test_a_list_fed_a_trf_prints_its_input_sheets_readable(tmp_path: Path) -> None:
    """Issue 35: the template fed a TRF file by 'season add' printed List Games with each game's
    wrapped Source over the next rows (its row not grown) and into the footer's date, the
    event's name cut ("Juni Blitzschach 5 Pl"), and List Events with Start and End as ### and
    its fingerprint over the next row. The rows 'season add' writes are as tall as their
    wrapped texts, and every input sheet prints at a readable size."""
    book = tmp_path / "club-list.xlsx"
    book.write_bytes(templates.template_bytes("ratinglist"))
    done = run("season", "add", book, JUNI_BLITZ, "--in-place")
    assert done.returncode == 0, done.stdout + done.stderr
    (pdf,) = to_pdfs([book], tmp_path / "pdf")
    assert overprinted(pdf) == []
    pages = [(sheet, [w.text for line in page for w in line]) for sheet, _, page in
             sheet_pages(book, pdf)]  # fmt: skip
    games = [w for sheet, page in pages if sheet == "List Games" for w in page]
    sheet = openpyxl.load_workbook(book, read_only=True)["List Games"]
    cells = [" ".join(map(str, row)) for row in sheet.iter_rows(min_row=2, values_only=True)]
    rows = sum("Blitzschach" in cell for cell in cells)  # the template's own games besides
    assert rows == 36 + 9  # the file's 36 games and 9 byes, each a row
    assert games.count("Blitzschach") == games.count("Plus") == rows  # each row's event, whole
    assert "###" not in " ".join(w for _, page in pages for w in page)
    assert "2020-06-26" in [w for sheet, page in pages if sheet == "List Events" for w in page]
    sizes = printed_sizes(book, pdf)
    assert {s: sizes[s] for s in ("List Games", "List Events") if sizes[s] < READABLE} == {}


MAI_TURNIER = REAL_TRF / "lichess_2020-05-29_mai-5plus0.trf"


def test_a_list_fed_trfs_with_long_file_names_prints_each_game_on_one_line(
    tmp_path: Path,
) -> None:
    """Stop 43: List Games printed a game's source (``file
    'lichess_2020-06-26_juni-blitz.trf', line 16``) on three lines, each game's row as tall.
    Fed Juni (9 players, 9 rounds) and Mai (13 players, 10 rounds), every game and bye prints
    on one line with its date, round, players, IDs, result and its line in the file (the file
    named on List Events), every number under its header, at 9 points or more."""
    book = tmp_path / "club-list.xlsx"
    book.write_bytes(templates.template_bytes("ratinglist"))
    done = run("season", "add", book, JUNI_BLITZ, MAI_TURNIER, "--in-place")
    assert done.returncode == 0, done.stdout + done.stderr
    (pdf,) = to_pdfs([book], tmp_path / "pdf")
    assert printed_sizes(book, pdf)["List Games"] >= READABLE
    assert [p for p in misplaced(book, pdf) if "'List Games'" in p] == []
    sheet = openpyxl.load_workbook(book, read_only=True)["List Games"]
    added = [r for r in sheet.iter_rows(min_row=2, values_only=True) if r[-1]]
    # the games of the files' 001 records, White's side of each: Juni 36, Mai 56
    assert sum(1 for r in added if r[5]) == 36 + 56
    printed = [
        " ".join(w.text for w in line)
        for sheet_name, _, page in sheet_pages(book, pdf)
        if sheet_name == "List Games"
        for line in page
    ]
    for row in added:
        day, event, round_, white, white_id, black, black_id, result, source = row
        words = [f"{day:%Y-%m-%d}", event, str(round_), white, str(white_id)]
        words += [str(black), str(black_id)] if black else []
        one = " ".join([*words, str(result), str(source)])
        assert printed.count(one) == 1, one


@pytest.mark.parametrize("name", sorted(IMPORTED))
def test_an_imported_book_prints_every_number_under_its_header_and_every_name_whole(
    name: str, imported: dict[str, tuple[Path, Path]]
) -> None:
    """Issue 34: the Open de Gros' book printed ``Lakunza Oyarbide Juan Ca`` and
    ``Gorrochategui Torres,`` cut by the next cell (its input sheets at the template's widths,
    its standings and pairings at the widths given a name). Every page of every table holds
    its rows' names, each number under its header, each text whole."""
    book, pdf = imported[name]
    assert misplaced(book, pdf) == []


@pytest.mark.parametrize("name", sorted(IMPORTED))
def test_an_imported_book_prints_readable_type(
    name: str, imported: dict[str, tuple[Path, Path]]
) -> None:
    book, pdf = imported[name]
    sizes = printed_sizes(book, pdf)
    assert {s: size for s, size in sizes.items() if size < SMALLEST} == {}


def test_the_rating_history_prints_on_a_few_pages(printed: dict[str, tuple[Path, Path]]) -> None:
    """Issue 34: the camp's Rating History printed 8 pages, each holding the names and one
    rating column (its headers on one line, ``White Permanent Before`` as wide as 27 digits).
    Its headers wrap: the 15 columns print on 2 pages, the names on each (checked by
    test_every_number_prints_under_its_own_header), at 9 points."""
    book, pdf = printed["ladder"]
    pages = [sheet for sheet, _, _ in sheet_pages(book, pdf)]
    assert pages.count("Rating History") <= 3
    assert printed_sizes(book, pdf)["Rating History"] >= SMALLEST


def test_the_norms_sentences_print_across_the_table(
    printed: dict[str, tuple[Path, Path]],
) -> None:
    """Issue 34: the round robin's Norms printed its sentences wrapped in the Player column,
    five words a line ("no norm can be made in this" / "event: it has 5 rounds, and a norm"
    / ...). Printed across the table, the sentence's first line holds its first ten words."""
    book, pdf = printed["roundrobin"]
    lines = [
        " ".join(w.text for w in line)
        for sheet, _, page in sheet_pages(book, pdf)
        if sheet == "Norms"
        for line in page
    ]
    assert any(
        line.startswith("no norm can be made in this event: it has 5 rounds") for line in lines
    )


#: The columns naming each row of the sheets of sentences about boards and players: a note's
#: board (its round, board and players), a contender's name. Each row holds them, not its
#: first row alone, so that a row read on the next page, or on a page of its own when the
#: table prints across pages (their columns repeated), says what it is about (issue 34).
KEYED = {"Pairing Notes": ("Round", "Board", "Players"), "Contenders": ("Name",)}


def unnamed_rows(book: Path, pdf: Path) -> list[str]:
    """The rows of :data:`KEYED`'s sheets without their key cells in the book, and the pages
    of them whose first row under the header prints without its first key (a page starting
    with a sentence of a note begun on the page before)."""
    wb = openpyxl.load_workbook(book, data_only=True)
    problems, firsts = [], {}
    for name, keys in KEYED.items():
        if name not in wb.sheetnames:
            continue
        grid = [list(r) for r in wb[name].iter_rows(values_only=True)]
        at = [grid[0].index(k) for k in keys]
        body = [r for r in grid[1:] if any(v not in (None, "") for v in r)]
        problems += [
            f"{book.name} {name!r}: a row without its {', '.join(keys)}: {row!r}"
            for row in body
            if any(row[c] in (None, "") for c in at)
        ]
        firsts[name] = {str(row[at[0]]).split()[0] for row in body if row[at[0]] not in (None, "")}
    for sheet in table_sheets(book):
        if sheet.name not in firsts:
            continue
        for name, title, page in sheet_pages(book, pdf):
            if name != sheet.name:
                continue
            at = header_columns(page, title, sheet.header)
            if at is None or len(page) <= title + at[0] + 1:
                continue  # a page whose header does not print: misplaced() says so
            first = page[title + at[0]]
            if first[0].text not in firsts[name]:
                problems.append(
                    f"{book.name} {name!r}: a page starting with a row without its "
                    f"{KEYED[name][0]}: {' '.join(w.text for w in first)!r}"
                )
    return problems


@pytest.mark.parametrize("name", sorted(IMPORTED))
def test_each_row_of_the_notes_and_contenders_prints_with_its_names(
    name: str, imported: dict[str, tuple[Path, Path]], printed: dict[str, tuple[Path, Path]]
) -> None:
    """Issue 34: a pairing note's later sentences and a contender's later conditions were rows
    with empty key cells; the Open de Gros' Pairing Notes printed a page starting ``White:
    Rodriguez Cabrera Fco. Javier; ...`` beside no round, board or players. Every row of the
    Pairing Notes and Contenders sheets (of the imported books and the Swiss template's) holds
    its key columns, and every page of them starts with a named row."""
    book, pdf = imported[name]
    problems = unnamed_rows(book, pdf)
    if name == sorted(IMPORTED)[0]:
        problems += unnamed_rows(*printed["swiss"])
    assert problems == []
