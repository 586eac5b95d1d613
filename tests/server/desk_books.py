"""Real books for the desk's server tests: a 40-player Swiss with its first round paired by
ratingbook (20 boards), and the camp ladder template (its players report games)."""

from __future__ import annotations

import datetime as dt
import functools
import shutil
import tempfile
from pathlib import Path

from tests.helpers.paths import ROOT

from ratingbook.files.backends import open_book
from ratingbook.session import NeedsConfirmation, Pair, Session
from ratingbook.templates import TemplateBook, build_template

EVENT = "Summer Open 2026"
FIRST = ("Ann", "Bo", "Cy", "Dita", "Emil", "Fay", "Gus", "Hana", "Ivo", "Jon")
LAST = ("Berg", "Kay", "Ost", "Lund")
#: 40 players, rated 2300 down to 1520 in steps of 20 (distinct: the pairing is the rules').
PLAYERS = [{"Name": f"{FIRST[i % 10]} {LAST[i // 10]}", "Rating": 2300 - 20 * i} for i in range(40)]


def paired_swiss(
    book: Path, settings: list[tuple[str, object, None]], players: list[dict[str, object]]
) -> Path:
    """A Swiss template at ``book`` with ``settings`` and ``players``, round 1 paired by
    ratingbook and saved: the desk's tests' books and the desk benchmark's."""
    rows = {"Swiss Settings": settings, "Swiss Players": players, "Swiss Games": []}
    TemplateBook(build_template("swiss", rows=rows, recalc=False)).save(book)
    opened = open_book(str(book))
    outcome = Session(opened, who="arbiter").run(Pair())
    assert not isinstance(outcome, NeedsConfirmation), outcome
    opened.save(str(book))
    return book


def swiss_round_one(folder: Path, players: int = 40) -> Path:
    """A Swiss of ``players`` players, 5 rounds, round 1 paired (``players // 2`` boards), as
    ``folder/open.xlsx``: a copy of the one built for the run (:func:`_round_one`)."""
    path = folder / "open.xlsx"
    path.write_bytes(_round_one(players))
    return path


@functools.cache
def _round_one(players: int) -> bytes:
    """:func:`swiss_round_one`'s book, built and paired once for the run: the same build for
    every test that asks (each changes its own copy), as each built it before, but for the
    time its Event Log records."""
    settings: list[tuple[str, object, None]] = [
        ("Event", EVENT, None),
        ("Rounds", 5, None),
        ("Start Date", dt.datetime(2026, 7, 4), None),
        ("Tie-breaks", "BH SB", None),
    ]
    with tempfile.TemporaryDirectory() as folder:
        return paired_swiss(Path(folder) / "open.xlsx", settings, PLAYERS[:players]).read_bytes()


def ladder(folder: Path) -> Path:
    """The camp ladder template (its players: the camp's)."""
    path = folder / "ladder.xlsx"
    shutil.copy(ROOT / "workbook_templates" / "ladder.xlsx", path)
    return path
