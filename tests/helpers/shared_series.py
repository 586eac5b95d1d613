"""A season whose series has a place shared three ways (issue 35's user test, tri.pgn): the
``ratinglist`` template with ``Series Categories`` U18 and a round robin where each of Emma
Walsh, Sophie Laurent and David Okafor beats one of the others, added with ``season add``.

Worked by hand (the template's places, ``Place Points`` 25 18 15 ..., best 2 of a player's
events, at least 2 to be ranked): the three have 1 point each and share places 1-3, each
(25 + 18 + 15) / 3 = 58/3 = 19.333... points. Emma Walsh: 58/3 + 18 = 112/3 = 37.333...
(her 11 and 8 dropped); Priya Shah: 25 + 16.5 = 41.5 (the other 16.5 dropped). A figure of
the series is a third: every points figure is shown to two decimals, 19.33, 37.33, 41.50,
25.00.

Ten more club nights (``nights.pgn``), one game each between two guests the template does not
hold (Guest North beats Guest South: 25 and 18), give the series fifteen event columns, as the
user's season had: its page was too wide for a 1,280 px screen. They touch no template
player's figures."""

from __future__ import annotations

from pathlib import Path

import openpyxl
from tests.helpers.cli import run

TRIANGLE = "\n".join(
    f'[Event "Riverside Triangle"]\n[Date "2025.09.20"]\n[Round "{n}"]\n[White "{w}"]\n'
    f'[Black "{b}"]\n[Result "1-0"]\n\n1-0\n'
    for n, w, b in (
        (1, "Walsh, Emma", "Laurent, Sophie"),
        (2, "Laurent, Sophie", "Okafor, David"),
        (3, "Okafor, David", "Walsh, Emma"),
    )
)


NIGHTS = "\n".join(
    f'[Event "Club Night {n}"]\n[Date "2025.12.{n:02d}"]\n[Round "1"]\n[White "North, Guest"]\n'
    '[Black "South, Guest"]\n[Result "1-0"]\n\n1-0\n'
    for n in range(1, 11)
)


def shared_series_list(folder: Path) -> Path:
    """The book, written in ``folder`` (its ``tri.pgn`` beside it)."""
    book = folder / "shared-series.xlsx"
    done = run("template", "ratinglist", "-o", book)
    assert done.returncode == 0, done.stderr
    wb = openpyxl.load_workbook(book)
    for row in wb["List Settings"].iter_rows(min_row=2):
        if row[0].value == "Series Categories":
            row[1].value = "U18"
    wb.save(book)
    pgn = folder / "tri.pgn"
    pgn.write_text(TRIANGLE, encoding="utf-8")
    nights = folder / "nights.pgn"
    nights.write_text(NIGHTS, encoding="utf-8")
    done = run("season", "add", book, pgn, nights, "--in-place")
    assert done.returncode == 0, done.stderr
    return book
