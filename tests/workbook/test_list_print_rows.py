"""A rating list's sheets on paper (issue 35's closing user test, LibreOffice's PDF read with
``pdftotext -bbox``):

- ``Event Ranks`` after ``season add`` of a TRF: its Source wrapped in rows of the default
  height, so "file 'icu_bunratty-" / "masters_2011.tab', line 14" printed over the next rows;
  and its names were the file's ("Short, Nigel") where every sheet the list writes says
  "Nigel Short";
- ``List Games``: each row as tall as its text, not a line or two taller (the user test's
  769 games took 83 pages, rows of 60 and 75 points holding three lines);
- ``Series Standings`` of ten events with ``Series Categories`` set printed two pages wide
  (a break after E7, the names repeated), though the guide says a season of ten events
  prints one page wide.
"""

from __future__ import annotations

import datetime as dt
import itertools
import re
from collections.abc import Iterable
from pathlib import Path

import openpyxl
import pytest
from tests.helpers.paths import ROOT
from tests.helpers.pdfs import BoxedWord as Word
from tests.helpers.pdfs import needs_pdf_tools, to_pdfs
from tests.helpers.pdfs import page_words as pages_of_words

from ratingbook.files.season_sources import read_sources
from ratingbook.session import AddEvents, Recalc, Session
from ratingbook.templates import build_template, sample_rows
from ratingbook.templates.writer import TemplateBook

pytestmark = needs_pdf_tools

BUNRATTY = ROOT / "tests" / "data" / "trf" / "icu_bunratty-masters_2011.tab"
DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
LONG_NAME = "Bunratty Chess Festival 2011, Masters section, at the Bunratty Castle Hotel"


def sheet_pages(pages: list[list[Word]], sheet: str) -> list[list[Word]]:
    """The pages titled ``sheet - ...`` (every page's title names its sheet)."""
    found = []
    for words in pages:
        top = min((w.top for w in words), default=0)
        title = " ".join(w.text for w in sorted(words, key=lambda w: w.left) if w.top - top < 2)
        if title.startswith(f"{sheet} -"):
            found.append(words)
    return found


def overprinted(words: list[Word]) -> list[str]:
    """Two words printed over each other: their boxes overlap across and over half the
    shorter one's height (two lines of a page only touch)."""
    found = []
    for a, b in itertools.combinations(words, 2):
        across = min(a.right, b.right) - max(a.left, b.left)
        down = min(a.bottom, b.bottom) - max(a.top, b.top)
        if across > 0.5 and down > min(a.bottom - a.top, b.bottom - b.top) / 2:
            found.append(f"{a.text!r} over {b.text!r}")
    return found


@pytest.fixture(scope="module")
def printed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[list[Word]]]:
    """The template fed the Bunratty Masters TRF by ``season add``, printed. The event is
    given a long name (``--name``), so each of its List Games rows wraps onto several lines:
    a game's Source is only its line (``line 14``) and its players' names fit their column."""
    folder = tmp_path_factory.mktemp("list-rows")
    book = TemplateBook(build_template("ratinglist"))
    Session(book).run(AddEvents(read_sources([str(BUNRATTY)]), name=LONG_NAME))
    path = folder / "bunratty.xlsx"
    book.save(path)
    (pdf,) = to_pdfs([path], folder / "pdf")
    return path, pages_of_words(pdf)


def _rows(path: Path, sheet: str) -> list[dict[str, object]]:
    rows = list(openpyxl.load_workbook(path, read_only=True)[sheet].iter_rows(values_only=True))
    return [dict(zip(rows[0], r, strict=False)) for r in rows[1:] if any(r)]  # type: ignore[arg-type]


def test_event_ranks_prints_no_line_over_another(
    printed: tuple[Path, list[list[Word]]],
) -> None:
    _, pages = printed
    ranks = sheet_pages(pages, "Event Ranks")
    assert ranks
    assert [f for words in ranks for f in overprinted(words)] == []
    text = " ".join(w.text for words in ranks for w in words)
    # every player's source (a 001 line of the file each), whole
    players = sum(line.startswith("001") for line in BUNRATTY.read_text().splitlines())
    assert text.count("masters_2011.tab',") == players == 34


def test_event_ranks_names_a_player_as_the_list_does(
    printed: tuple[Path, list[list[Word]]],
) -> None:
    """Each ranked player's name is his List Players name for his ID (the file's "Short,
    Nigel" is the list's "Nigel Short")."""
    path, _ = printed
    listed = {str(r["ID"]): r["Name"] for r in _rows(path, "List Players")}
    ranks = _rows(path, "Event Ranks")
    assert len(ranks) == 34  # the file's 001 lines
    assert {(str(r["ID"]), r["Name"]) for r in ranks} <= set(listed.items())
    assert "Nigel Short" in {r["Name"] for r in ranks}


def _lines(tops: Iterable[float]) -> list[float]:
    """The lines of words whose tops are these: a top 2 points or more below the last line's
    starts a line."""
    lines: list[float] = []
    for top in sorted(tops):
        if not lines or top - lines[-1] >= 2:
            lines.append(top)
    return lines


def test_a_list_games_row_is_as_tall_as_its_text(
    printed: tuple[Path, list[list[Word]]],
) -> None:
    """Each game's row starts at its round (a number at the top of its cell, under Round);
    the space down to the next row holds the lines the row printed and no more: a line of
    text is 12.9 points of a 15-point row line, so n lines are 1.16 n lines of text, under
    n + 0.75 (a row a line taller than its text, n + 1.16, is not)."""
    _, pages = printed
    games = sheet_pages(pages, "List Games")
    assert games
    pitches: list[float] = []
    spans: list[tuple[int, float]] = []
    for words in games:
        (round_header,) = [w for w in words if w.text == "Round"]
        starts = sorted(
            {
                round(w.top, 1)
                for w in words
                if w.text.isdigit() and abs(w.right - round_header.right) < 1
            }
        )
        for top, below in itertools.pairwise(starts):
            # the date prints at its cell's foot (a cell that does not wrap): not a line
            inside = [w for w in words if top - 1 < w.top < below - 1]
            tops = _lines(w.top for w in inside if not DATE.fullmatch(w.text))
            pitches += [b - a for a, b in itertools.pairwise(tops)]
            spans.append((len(tops), below - top))
    assert pitches and spans
    pitch = min(pitches)
    taller = [
        f"{n} lines in {height / pitch:.2f}" for n, height in spans if height / pitch > n + 0.75
    ]
    assert taller == []


def _series_book() -> TemplateBook:
    """The template's players at one club with a long name, ten events (the template's four
    and six club nights) and the series ranking two categories apart."""
    samples = sample_rows("ratinglist")
    settings = [
        (s[0], "U18, Club Shannon Valley", *s[2:]) if s[0] == "Series Categories" else s
        for s in samples["List Settings"]
    ]
    players = [
        (p[0], p[1], "Matthias Kiese, Dr." if p[0] == "6" else p[2], "Shannon Valley", *p[4:])
        for p in samples["List Players"]
    ]
    names = {str(p[0]): p[2] for p in players}
    games = [
        (*g[:3], names[str(g[4])], *g[4:5], names[str(g[6])], *g[6:]) for g in samples["List Games"]
    ]
    pairs = (("1", "2"), ("3", "4"), ("5", "6"), ("8", "7"))
    for n in range(1, 7):
        day = dt.date(2025, 11, 20) + dt.timedelta(days=n)
        for r, (w, b) in enumerate(pairs, start=1):
            games.append(
                (day, f"Club Night {n}", 1, names[w], w, names[b], b, "1-0" if r % 2 else "0-1")
            )
    wb = build_template(
        "ratinglist",
        rows={"List Settings": settings, "List Players": players, "List Games": games},
    )
    return TemplateBook(wb)


def test_ten_events_with_categories_print_one_page_wide(tmp_path: Path) -> None:
    book = _series_book()
    Session(book).run(Recalc())
    header = book.read_values("Series Standings")[0]
    assert list(header[3:13]) == [f"E{n}" for n in range(1, 11)] and header[-1] == "Category"
    assert any("Club Shannon Valley" in str(r[-1]) for r in book.read_values("Series Standings"))
    path = tmp_path / "series.xlsx"
    book.save(path)
    (pdf,) = to_pdfs([path], tmp_path / "pdf")
    standings = sheet_pages(pages_of_words(pdf), "Series Standings")
    assert standings
    for number, words in enumerate(standings, start=1):
        said = {w.text for w in words}
        missing = [h for h in ("Name", "E1", "E10", "Total", "Category") if h not in said]
        assert not missing, f"Series Standings page {number} lacks {missing}"
        assert overprinted(words) == []
