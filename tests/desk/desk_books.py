"""Books for the desk's tests: a FIDE-mode Swiss paired by ratingbook, the templates of each
kind, and the same results typed into a copy as a person would (then recalculated), to compare
with what the desk takes."""

from __future__ import annotations

import functools
import shutil
import tempfile
from pathlib import Path
from typing import Any

from tests.helpers.fide_event import event_sheets
from tests.helpers.paths import ROOT
from tests.helpers.workbooks import all_values, make_book, save_book

from ratingbook.files.backends import open_book
from ratingbook.session import NeedsConfirmation, Pair, Recalc, Session
from ratingbook.workbook.port.book import Formula, WriteBlock
from ratingbook.workbook.sheets.schemas import ladder_name_formula

TEMPLATES = ROOT / "workbook_templates"
#: The sheets that differ by design between a take and typing: the desk's record, FIDE mode's
#: log and state (the take's Desk Result rows and their digest) and the undo history.
RECORDS = ("Desk Results", "Event Log", "Event State", "Event History")


def run(path: Path, command: Any) -> None:
    book = open_book(str(path))
    outcome = Session(book, who="arbiter").run(command)
    if isinstance(outcome, NeedsConfirmation):
        outcome = outcome.resume("confirmed by the test")
    book.save(str(path))


def fide_swiss(folder: Path) -> Path:
    """The ten-player FIDE-mode Swiss of issue 25's tests, round 1 paired (5 boards), as
    ``folder/event.xlsx``: a copy of the one built for the run (:func:`built`)."""
    path = folder / "event.xlsx"
    path.write_bytes(built("fide_swiss"))
    return path


@functools.cache
def built(name: str) -> bytes:
    """The book ``name`` names (``fide_swiss``, or ``paired KIND``: the template of that kind
    with its first round paired), built and paired once for the run: the same build for every
    test that asks (tests copy it and change their copy), as each built it before, but for the
    time its Event Log records."""
    with tempfile.TemporaryDirectory() as folder:
        if name == "fide_swiss":
            path = save_book(make_book(event_sheets()), Path(folder) / "event.xlsx")
        else:
            path = Path(folder) / f"{name.removeprefix('paired ')}.xlsx"
            shutil.copy(TEMPLATES / path.name, path)
        run(path, Pair())
        return path.read_bytes()


def released_round_one(folder: Path, *, boards: int = 3) -> Path:
    """:func:`fide_swiss` with the first ``boards`` boards of round 1 reported 1-0 by both
    players and the round released on its desk."""
    from ratingbook.desk import Desk

    path = fide_swiss(folder)
    desk = Desk.open(path)
    for pairing in desk.pairings(1)[:boards]:
        desk.report(pairing.code, "1-0", side="white", origin="phone W")
        desk.report(pairing.code, "1-0", side="black", origin="phone B")
    desk.release(1, by="arbiter")
    return path


def template(folder: Path, kind: str, *, pair: bool = False) -> Path:
    path = folder / f"{kind}.xlsx"
    if pair:
        path.write_bytes(built(f"paired {kind}"))
    else:
        shutil.copy(TEMPLATES / f"{kind}.xlsx", path)
    return path


def copy(path: Path, name: str) -> Path:
    target = path.with_name(name)
    shutil.copy(path, target)
    return target


def _header(grid: list[list[Any]]) -> list[str]:
    return [str(v) if v is not None else "" for v in grid[0]]


def type_boards(path: Path, sheet: str, results: dict[tuple[int, int, int], str]) -> None:
    """Type each (round, match, board)'s result into ``sheet`` (Swiss Games: match 0), then
    Recalc Ratings, as an arbiter at the laptop would."""
    book = open_book(str(path))
    grid = book.read_values(sheet)
    header = _header(grid)
    at = {n: header.index(n) for n in ("Round", "Board", "Result")}
    match = header.index("Match") if "Match" in header else None
    for r, line in enumerate(grid[1:], start=2):
        key = (line[at["Round"]], line[match] if match is not None else 0, line[at["Board"]])
        if key in results:
            book.write_values(WriteBlock(sheet, r, at["Result"] + 1, [[results[key]]]))
    _recalc(book, path)


def type_games(path: Path, sheet: str, games: list[tuple[object, object, str]]) -> None:
    """Type each game in a new row under ``sheet``'s last one, then Recalc Ratings (a ladder's
    name columns, beside the result, get the table's formulas, as Excel fills them in a row
    typed under its table)."""
    book = open_book(str(path))
    grid = book.read_values(sheet)
    last = max(i for i, line in enumerate(grid, start=1) if any(v not in (None, "") for v in line))
    header = _header(grid)
    column = header.index("White") + 1
    names = [Formula(ladder_name_formula(s)) for s in ("White", "Black")]
    lines = [[*g, *(names if "White Name" in header else [])] for g in games]
    book.write_values(WriteBlock(sheet, last + 1, column, lines))
    _recalc(book, path)


def _recalc(book: Any, path: Path) -> None:
    outcome = Session(book, who="arbiter").run(Recalc())
    assert not isinstance(outcome, NeedsConfirmation), outcome
    book.save(str(path))


def values_but_records(path: Path) -> dict[str, list[tuple[Any, ...]]]:
    return {n: v for n, v in all_values(path).items() if n not in RECORDS}
