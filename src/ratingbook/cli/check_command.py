"""``ratingbook check EVENT.trf [more.trf...]`` (or ``BOOK.xlsx``): each event's pairings and
standings checked against the rules, round by round, a sentence a problem.

Thin: the checks are :mod:`ratingbook.reports.check_notes`'s (gacrux's pairing checker through
:mod:`ratingbook.fide.gacrux.checker`, the tie-breaks by gacrux); the kind of event a file
holds is :func:`~ratingbook.workbook.kinds.kind_of_trf`'s choice, and a book is checked as the
TRF file ``trf export`` writes of it (as an in-tournament exchange: an adjourned game written
``?``, even once the last round is paired), ranked with the tie-break values typed by hand
(``MAN``) the book holds, its problems naming the boards of its Board column (a TRF file's are
numbered in C.04.2's order, on the results each round was paired on). Nothing is written.
Exit status: 0 every file clean, 1 a problem found, 2 a file that cannot be read (its lines
name what is wrong; the other files are still checked).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING

import click

from ratingbook.cli.jobs import problem_lines
from ratingbook.cli.options import backend_option
from ratingbook.cli.reporting import INPUT_ERROR
from ratingbook.core.counts import many
from ratingbook.errors import RatingbookError

if TYPE_CHECKING:
    from ratingbook.reports.check_notes import CheckReport

__all__ = ["CHECKS", "check_command"]

#: The exit status when a problem is found (every file read, one not as the rules say).
PROBLEMS_FOUND = 1
#: A workbook, checked as its TRF export; anything else is read as a TRF file.
BOOK_SUFFIXES = (".xlsx", ".xlsm")


#: The tie-break values typed by hand (``MAN``) a book holds, by name; None for a TRF file.
Typed = Mapping[str, Fraction | None] | None
#: The boards of a book's Swiss Games (its Board column), by round, White and Black (None: the
#: bye); None for a TRF file, which has no board numbers.
Boards = Mapping[tuple[int, str, str | None], int] | None


def _individual(text: str, book: bool, typed: Typed, boards: Boards) -> CheckReport:
    from ratingbook.reports.check_notes import check_individual_trf

    return check_individual_trf(text, book=book, typed=typed, boards=boards)


def _team(text: str, book: bool, typed: Typed, boards: Boards) -> CheckReport:
    from ratingbook.reports.check_notes import check_team_trf

    return check_team_trf(text)


#: Each event kind's check, by the kind's name (as ``trf import`` maps kinds to their books).
#: ``book``: the text is a book's TRF export (a note names the book's settings, not records);
#: ``typed``: the book's own tie-break values typed by hand (a book's check uses what it holds);
#: ``boards``: the book's board numbers (a problem names the board the book shows).
CHECKS: Mapping[str, Callable[[str, bool, Typed, Boards], CheckReport]] = {
    "individual": _individual,
    "team": _team,
}


def _text(path: str, backend: str) -> tuple[str, Typed, Boards]:
    from ratingbook.core.encoding import decode_legacy

    if Path(path).suffix.lower() in BOOK_SUFFIXES:
        from ratingbook.events.event import SwissEvent
        from ratingbook.files.backends import open_book
        from ratingbook.workbook.kinds import read_book_event

        if not Path(path).is_file():
            raise RatingbookError(f"no workbook file {path!r}")
        book = read_book_event(open_book(path, backend))
        event = getattr(book, "event", None)
        typed, boards = None, None
        if isinstance(event, SwissEvent):
            typed = {p.name: p.tiebreak_value for p in event.players}
            boards = {(e.round, e.white, e.black): e.board for e in event.entries if e.board}
        # The in-event TRF, adjourned games written `?`: the refusal of a final report while
        # one has no result (Q169) is the report's, not the checker's.
        return book.trf(in_event=True).text, typed, boards
    try:
        return decode_legacy(Path(path).read_bytes()), None, None
    except OSError as error:
        raise RatingbookError(f"cannot read {path!r}: {error.strerror or error}") from error


def check_file(path: str, backend: str) -> CheckReport:
    """One file (a TRF file or a book) checked, of the kind of event it holds."""
    from ratingbook.workbook.kinds import kind_of_trf

    text, typed, boards = _text(path, backend)
    book = Path(path).suffix.lower() in BOOK_SUFFIXES
    return CHECKS[kind_of_trf(text.encode("utf-8")).name](text, book, typed, boards)


@click.command("check")
@click.argument("files", nargs=-1, required=True, metavar="EVENT.trf|BOOK.xlsx...")
@backend_option
def check_command(files: tuple[str, ...], backend: str) -> None:
    """Check each event's pairings and standings against FIDE's rules, round by round: the
    Dutch system (C.04.3), a round robin's Berger tables or the team Swiss (C.04.6), and the
    ranks against the event's tie-break list (C.07). Each problem is one line naming the
    round, board and rule. Exit status 0: all clean; 1: problems found; 2: a file could not
    be read."""
    status = 0
    for path in files:
        try:
            report = check_file(path, backend)
        except RatingbookError as error:
            for line in problem_lines(error):
                click.echo(f"{path}: error: {line}", err=True)
            status = INPUT_ERROR
            continue
        click.echo(f"{path}: {report.checked}")
        for problem in report.problems:
            click.echo(f"  {problem}")
        for note in report.notes:
            click.echo(f"  note: {note}")
        found = len(report.problems)
        click.echo(f"{path}: " + (many(found, "problem") if found else "clean"))
        if found and status == 0:
            status = PROBLEMS_FOUND
    sys.exit(status)
