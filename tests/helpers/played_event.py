"""A FIDE-rated Swiss event played through the commands a user runs: the Swiss template's
sheets with six rated players (one named like an attack, ``<script>...``, one with ``&`` and
quotes, one with a tag), three rounds paired by ``recalc`` and results typed in between."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import openpyxl
from tests.helpers.cli import run

from ratingbook.templates import TemplateBook, build_template

SCRIPT = '<script>alert("x")</script>'
PLAYERS = [
    {"Name": "Ann Berg", "Rating": 2310, "Title": "FM", "Federation": "NOR", "FIDE ID": 1503014},
    {"Name": SCRIPT, "Rating": 2205},
    {"Name": 'Tom & "Jerry"', "Rating": 2150, "Federation": "ENG"},
    {"Name": "Dita Kay", "Rating": 2040},
    {"Name": "Emil Ost", "Rating": 1980, "Birth": 2012},
    {"Name": "Zoë <b>Bold</b>", "Rating": 1875},
]
RESULTS = ("1-0", "½-½", "0-1")


EVENT = "Club Championship 2026"


def played_event(folder: Path) -> Path:
    """The event's workbook after its three rounds, recalculated."""
    book = folder / "club.xlsx"
    rows = {
        "Swiss Settings": [
            ("Event", EVENT, None),
            ("Rounds", 3, None),
            ("Start Date", dt.datetime(2026, 4, 11), None),
            ("Tie-breaks", "BH SB", None),
            ("FIDE Rated", "Standard", None),
        ],
        "Swiss Players": PLAYERS,
        "Swiss Games": [],
    }
    TemplateBook(build_template("swiss", rows=rows, recalc=False)).save(book)
    for number in range(1, 4):
        assert run("recalc", book, "--in-place").returncode == 0  # pairs the round
        wb = openpyxl.load_workbook(book)
        ws = wb["Swiss Games"]
        header = [c.value for c in ws[1]]
        for row in ws.iter_rows(min_row=2):
            cells = dict(zip(header, row, strict=False))
            if cells["Round"].value == number and cells["Result"].value is None:
                cells["Result"].value = RESULTS[(row[0].row + number) % 3]
        wb.save(book)
    assert run("recalc", book, "--in-place").returncode == 0
    return book
