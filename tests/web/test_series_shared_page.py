"""Series points shown one way (issue 35's user test): with a place shared three ways, the
published page wrote 19.3333333333 and 41½, the notes 41½ and 37.33, the cells 41.5. The
sheet's cells keep the exact values under their number format; the notes, the category line
and the page show what that format shows. The figures are worked by hand
(tests/helpers/shared_series.py); how a format shows a number is written here, apart from
the code: ``0.00`` two decimals, General a whole as itself and a half as ``41.5``."""

from __future__ import annotations

import re
from pathlib import Path

import openpyxl
import pytest
from tests.helpers.browser import Tables
from tests.helpers.cli import run
from tests.helpers.shared_series import shared_series_list


def shown(value: object, number_format: str) -> str:
    """A cell as Excel shows it under ``0.00`` or General (a text as it is)."""
    if value is None:
        return ""
    if isinstance(value, int | float) and not isinstance(value, bool):
        if number_format == "0.00":
            return f"{value:.2f}"
        assert number_format == "General", number_format
        return str(int(value)) if float(value).is_integer() else str(value)
    return str(value)


@pytest.fixture(scope="module")
def published(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    folder = tmp_path_factory.mktemp("shared-series")
    book = shared_series_list(folder)
    site = folder / "site"
    done = run("publish", book, "--out-dir", site)
    assert done.returncode == 0, done.stderr
    return book, site


def test_the_page_the_notes_and_the_sheet_show_a_shared_place_alike(
    published: tuple[Path, Path],
) -> None:
    book, site = published
    ws = openpyxl.load_workbook(book)["Series Standings"]
    rows = [r for r in ws.iter_rows() if any(c.value is not None for c in r)]
    header = [str(c.value) for c in rows[0]]
    cells = [[shown(c.value, c.number_format) for c in row] for row in rows[1:]]
    by_name = {row[header.index("Name")]: row for row in cells}
    # the hand-worked figures as the cells show them: 58/3 to two decimals, 19.33; Emma
    # Walsh 58/3 + 18 = 112/3, 37.33; Priya Shah 25 + 16.5 = 41.5, 41.50 (every figure of a
    # series holding a third is shown to two decimals)
    triangle = header.index("E2")
    for name in ("Emma Walsh", "Sophie Laurent", "David Okafor"):
        assert by_name[name][triangle] == "19.33"
    assert by_name["Emma Walsh"][header.index("Total")] == "37.33"
    assert by_name["Priya Shah"][header.index("Total")] == "41.50"
    # the page shows exactly what the cells show (the totals next to the names)
    page = Tables((site / "series.html").read_text(encoding="utf-8"))
    first = ["Rank", "Name", "Total", "Events"]
    order = [header.index(h) for h in (*first, *(h for h in header if h not in first))]
    assert page.tables[0]["header"] == [header[c] for c in order]
    assert page.tables[0]["rows"] == [[row[c] for c in order] for row in cells]
    # the notes, on the sheet and on the page, say the figures so
    notes = [
        str(r[3]) for r in openpyxl.load_workbook(book)["Series Notes"].iter_rows(values_only=True)
    ]
    assert "U18: 1 Priya Shah (41.50), 2 Emma Walsh (37.33)." in notes
    emma = next(n for n in notes if n.startswith("Emma Walsh:"))
    assert emma.startswith("Emma Walsh: 37.33 points, best 2 of 4 events counted (19.33 + 18.00")
    words = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", (site / "series.html").read_text("utf-8")))
    assert "U18: 1 Priya Shah (41.50), 2 Emma Walsh (37.33)." in words
    assert emma in words.replace("&#39;", "'")
    # one spelling only: no half as ½, no float's digits, no figure with one decimal (the
    # footer's version number, 0.1.0, aside)
    words = words.split(" Published ")[0]
    assert "½" not in words
    assert re.findall(r"\d\.\d{3,}", words) == []
    assert re.findall(r"\b\d+\.\d\b", words) == []
