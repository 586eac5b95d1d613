"""The camp's charts on paper (issue 34, a user test of 21 campers with long names).

- The Camper Chart printed ``Amelia Fitzgerald-Montgomery`` cut to ``Amelia Fitzgerald-Mon``
  against the hint beside it, in a serif font (the cell named no font), and the labels of its
  'This week' axis (Start, 1, 2 ...) printed run together.
- A group's chart ran its value axis from 0 to 1000 for 11 lines within some 150 points.

The camp is the template's with its Intermediate group dropped, 11 Beginners (the first with the
long name) and 10 Advanced campers, and five rounds of games within each group; it is printed
as recalculated by each file back end.
"""

from __future__ import annotations

import itertools
import math
import random
import subprocess
from pathlib import Path

import openpyxl
import pytest
from tests.helpers.cli import run
from tests.helpers.pdfs import needs_pdf_tools, to_pdfs
from tests.integration.test_printouts import Word, axis_labels, sheet_pages

pytestmark = [*needs_pdf_tools, pytest.mark.slow]

LONG = "Amelia Fitzgerald-Montgomery"
BEGINNERS = (LONG, "Ben Okoro", "Chloe Van der Berg", "Dmitri Alexandrovich Petrov",
             "Ella Nguyen", "Finn O'Sullivan", "Grace Kowalczyk", "Hugo Lefebvre",
             "Isla MacGregor", "Jonas Schmidt", "Zara Late-Arrival")  # fmt: skip
ADVANCED = ("Kira Tanaka", "Leo Rossi", "Mia Johansson", "Noah Abernathy-Williams",
            "Olivia Chen", "Pablo Hernandez Garcia", "Quinn Murphy", "Rosa Delgado",
            "Sami Haddad", "Tara Singh")  # fmt: skip
BACKENDS = ("package", "openpyxl")
#: DejaVu Sans, the font LibreOffice prints Calibri with where Calibri is missing: a line's box
#: is its ascent and descent, 1.164 em; a digit stands 0.729 em tall.
LINE_EM, DIGIT_EM = 1.164, 0.729


def _camp(folder: Path) -> Path:
    """The camp described above, from the ladder template, its games typed in."""
    book = folder / "camp.xlsx"
    assert run("template", "ladder", "-o", book).returncode == 0
    wb = openpyxl.load_workbook(book)
    groups = wb["Camp Groups"]
    (row,) = [r for r in range(2, groups.max_row + 1) if groups.cell(r, 1).value == "Intermediate"]
    groups.delete_rows(row)
    groups.tables["CampGroups"].ref = f"A1:B{groups.max_row}"
    players = wb["Ladder Players"]
    players.delete_rows(2, players.max_row)
    for n, name in enumerate(BEGINNERS + ADVANCED, start=1):
        players.append([n, name, "Beginners" if n <= len(BEGINNERS) else "Advanced", True])
    players.tables["LadderPlayers"].ref = f"A1:G{players.max_row}"
    games = wb["Ladder Games"]
    white_name, black_name = games["D2"].value, games["E2"].value
    games.delete_rows(2, games.max_row)
    draw = random.Random(7)  # a fixed draw: the same games on every run
    for _ in range(5):  # five days, each camper paired once a day within his group
        for first, size in ((1, len(BEGINNERS)), (len(BEGINNERS) + 1, len(ADVANCED))):
            ids = list(range(first, first + size))
            draw.shuffle(ids)
            for white, black in zip(ids[::2], ids[1::2], strict=False):
                result = draw.choice(("(1-0)", "(0-1)", "(1-0)", "(0-1)", "(½-½)"))
                games.append([white, black, result, white_name, black_name])
    games.tables["LadderGames"].ref = f"A1:E{games.max_row}"
    wb.save(book)
    return book


@pytest.fixture(scope="module")
def printed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, Path]]:
    """The camp recalculated by each back end and printed: one LibreOffice for both."""
    folder = tmp_path_factory.mktemp("camp-charts")
    camp = _camp(folder)
    books = []
    for backend in BACKENDS:
        out = folder / f"camp-{backend}.xlsx"
        done = run("recalc", camp, "-o", out, "--backend", backend)
        assert done.returncode == 0, done.stderr
        books.append(out)
    pdfs = to_pdfs(books, folder / "pdf")
    return {b: (book, pdf) for b, book, pdf in zip(BACKENDS, books, pdfs, strict=True)}


def _pages(book: Path, pdf: Path, sheet: str) -> list[tuple[int, list[list[Word]]]]:
    """The pages (1-based number, lines) printing ``sheet``."""
    pages = sheet_pages(book, pdf)
    return [(n, page) for n, (name, _, page) in enumerate(pages, start=1) if name == sheet]


@pytest.mark.parametrize("backend", BACKENDS)
def test_the_camper_chart_prints_a_long_name_whole(
    backend: str, printed: dict[str, tuple[Path, Path]]
) -> None:
    book, pdf = printed[backend]
    pages = _pages(book, pdf, "Camper Chart")
    assert pages
    for _, page in pages:
        (line,) = [line for line in page if "Pick" in [w.text for w in line]]
        texts = [w.text for w in line]
        assert texts[:3] == ["Camper", "Amelia", "Fitzgerald-Montgomery"], texts
        pick = texts.index("Pick")
        assert line[2].right < line[pick].left  # the name ends before the hint starts


@pytest.mark.parametrize("backend", BACKENDS)
def test_the_camper_chart_prints_in_the_books_font(
    backend: str, printed: dict[str, tuple[Path, Path]]
) -> None:
    """Every word of the Camper Chart's pages prints in the book's (sans) font: the name and
    its label named no font and printed in LibreOffice's serif default."""
    book, pdf = printed[backend]
    pages = _pages(book, pdf, "Camper Chart")
    assert pages
    for number_, _ in pages:
        fonts = subprocess.run(
            ["pdffonts", "-f", str(number_), "-l", str(number_), str(pdf)],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        assert "Serif" not in fonts, fonts


@pytest.mark.parametrize("backend", BACKENDS)
def test_the_camper_charts_axis_labels_stand_apart(
    backend: str, printed: dict[str, tuple[Path, Path]]
) -> None:
    """The labels under 'This week' are turned 45 degrees: two neighbours stand apart when the
    distance between their baselines, their pitch along the axis times sin 45 degrees, is at
    least a digit's height (DejaVu Sans: 0.729 em, the em its line's box over 1.164). Beside
    the legend they stood 5.9 points apart, a digit 7.7 points tall."""
    book, pdf = printed[backend]
    labels = next(_labels(p) for _, p in _pages(book, pdf, "Camper Chart") if _labels(p))
    pitch = (labels[-1].left - labels[0].left) / (len(labels) - 1)
    digit = max(w.height for w in labels) / LINE_EM * DIGIT_EM
    assert pitch * math.sin(math.radians(45)) >= digit, (pitch, digit)


def _labels(page: list[list[Word]]) -> list[Word]:
    """The game labels of a chart's category axis on ``page``: a line of three or more whole
    numbers counting up in equal steps (1, 2, 3 ...; LibreOffice may print every other one:
    2, 4, 6 ...), or none."""
    for line in page:
        # Only the numbers: the text of the sheet's other chart, clipped off the page but
        # still in the PDF, may share the line.
        numbers = [w for w in line if w.text.isdigit()]
        steps = {int(b.text) - int(a.text) for a, b in itertools.pairwise(numbers)}
        if len(numbers) >= 3 and len(steps) == 1 and steps.pop() > 0:
            return numbers
    return []


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_groups_chart_axis_spans_its_ratings(
    backend: str, printed: dict[str, tuple[Path, Path]]
) -> None:
    """The Beginners' 'week 1' chart: its value axis runs from within one step under the
    group's lowest rating this week to within one step over its highest (the book's own
    numbers, on Ladder Progress), in at most 8 steps; it ran from 0 to 1000."""
    book, pdf = printed[backend]
    ws = openpyxl.load_workbook(book, data_only=True)["Ladder Progress"]
    header = [c.value for c in ws[1]]
    start, end = header.index("Start"), header.index("Week 1")
    ratings = [
        v
        for row in ws.iter_rows(min_row=2, values_only=True)
        if row[0] == "Beginners"
        for v in row[start:end]
        if isinstance(v, int | float)
    ]
    assert len(ratings) > len(BEGINNERS)
    pages = [p for _, p in _pages(book, pdf, "Ladder Charts")]
    page = next(
        p for p in pages if ["Beginners:", "week", "1"] in [[w.text for w in line] for line in p]
    )
    labels = sorted(axis_labels(page, "Beginners: week 1", "Games played this week"))
    assert len(labels) >= 3, labels
    step = labels[1] - labels[0]
    assert all(b - a == step for a, b in itertools.pairwise(labels)), labels
    assert (max(labels) - min(labels)) / step <= 8, labels
    assert min(labels) <= min(ratings) < min(labels) + step, (labels, min(ratings))
    assert max(labels) - step < max(ratings) <= max(labels), (labels, max(ratings))


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize(
    ("title", "below", "first", "last"),
    [
        ("This week", "Games played this week", "Start", "Week 1"),
        ("Week by week", "End of week", "Week 1", None),
    ],
)
def test_the_camper_charts_axis_spans_the_whole_camp(
    backend: str,
    printed: dict[str, tuple[Path, Path]],
    title: str,
    below: str,
    first: str,
    last: str | None,
) -> None:
    """User test 48: printed, the Camper Chart's week-by-week chart ran from 0 to 1000, the
    camper's line a flat band. Each of its charts now runs from within one step under the
    camp's lowest rating on it (every camper's: B1 changes without a recalc) to within one
    step over its highest (the book's own numbers, on Ladder Progress), in at most 8 steps."""
    book, pdf = printed[backend]
    ws = openpyxl.load_workbook(book, data_only=True)["Ladder Progress"]
    header = [c.value for c in ws[1]]
    start = header.index(first)
    end = header.index(last) if last else len(header)
    ratings = [
        v
        for row in ws.iter_rows(min_row=2, values_only=True)
        for v in row[start:end]
        if isinstance(v, int | float)
    ]
    assert {r // 100 for r in ratings} >= {8, 11}  # Beginners and Advanced both
    pages = [p for _, p in _pages(book, pdf, "Camper Chart")]
    page = next(p for p in pages if title.split() in [[w.text for w in line] for line in p])
    labels = _rating_labels(page, title, below)
    assert len(labels) >= 3, labels
    step = labels[1] - labels[0]
    assert all(b - a == step for a, b in itertools.pairwise(labels)), labels
    assert (max(labels) - min(labels)) / step <= 8, labels
    assert min(labels) <= min(ratings) < min(labels) + step, (labels, min(ratings))
    assert max(labels) - step < max(ratings) <= max(labels), (labels, max(ratings))


def _rating_labels(page: list[list[Word]], title: str, below: str) -> list[int]:
    """The value axis' labels of the chart titled ``title`` on ``page``: the numbers of 100 or
    more (ratings; the category labels are games and weeks) on the lines between its title and
    its category axis' title (``below``). A label may share its line with the turned axis
    title ('Rating 900'), so not only a line's first word counts."""
    texts = [" ".join(w.text for w in line) for line in page]
    first = texts.index(title)
    last = next(i for i in range(first, len(texts)) if texts[i].startswith(below))
    found = {int(w.text) for line in page[first + 1 : last] for w in line if w.text.isdigit()}
    return sorted(n for n in found if n >= 100)
