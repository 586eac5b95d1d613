"""One workbook job: a book read, computed and saved, wherever it runs (the batch's child).

Everything that decides what one workbook command does to one file lives here: which engine
opens it, the hold on a book replaced in place, which session command runs
(:mod:`ratingbook.session`), how the command line answers a confirmation, and how its problems
become lines. :mod:`ratingbook.cli` turns command-line options into :class:`BookJob` values and
prints the :class:`BookOutcome` lines; :mod:`ratingbook.cli.batch` runs each job in a process of
its own.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ratingbook.core.typed_commands import typed_command
from ratingbook.errors import InputErrors, RatingbookError
from ratingbook.files.backends import DEFAULT_BACKEND, open_book
from ratingbook.files.disk import held_for_in_place

if TYPE_CHECKING:
    from ratingbook.session import Command
    from ratingbook.workbook.port.book import FileBook

__all__ = ["ACTIONS", "BookJob", "BookOutcome", "problem_lines", "run_book_job"]


#: The workbook commands, each a command of the session (:func:`_command`).
ACTIONS = (
    "recalc",
    "new-week",
    "pair",
    "pair-all",
    "unpair",
    "manual-start",
    "manual-end",
    "undo",
    "redo",
)


def _command(job: BookJob) -> Command:
    # Imported when a job runs, so the seed-format commands start without the workbook layer.
    from ratingbook import session

    commands: dict[str, Callable[[], Command]] = {
        "recalc": session.Recalc,
        "new-week": session.NewWeek,
        "pair": session.Pair,
        "pair-all": lambda: session.Pair(every_round=True),
        "unpair": lambda: session.Unpair(job.round),
        "manual-start": lambda: session.ManualPairing("start", job.round or 0),
        "manual-end": lambda: session.ManualPairing("end"),
        "undo": session.Undo,
        "redo": session.Redo,
    }
    return commands[job.action]()


def problem_lines(error: RatingbookError) -> list[str]:
    """What ``error`` says, one line per distinct problem: every problem of an
    :class:`InputErrors` (the first ones, then "and N more"), else its one message on one line
    (some library messages span lines)."""
    lines = error.lines() if isinstance(error, InputErrors) else [str(error)]
    # The same problem found twice (a damaged part every family reads) is said once.
    return list(dict.fromkeys(" ".join(line.split()) for line in lines))


@dataclass(frozen=True, slots=True)
class BookJob:
    """One workbook to process: where it is read from and where the result goes."""

    source: str
    target: str
    in_place: bool
    action: str  # one of ACTIONS
    backend: str = DEFAULT_BACKEND  # a name of ratingbook.files.backends.BACKENDS
    confirm: int = 0  # FIDE mode: 1 --confirm, 2 --confirm --i-understand (cli.confirming)
    round: int | None = None  # unpair --round, manual-pairing --round


@dataclass(frozen=True, slots=True)
class BookOutcome:
    """What happened to one workbook: the summary lines, or its problems (one line each)."""

    job: BookJob
    summary: tuple[str, ...] = ()
    warnings: tuple[str, ...] = ()
    errors: tuple[str, ...] = ()


def run_book_job(job: BookJob) -> BookOutcome:
    """Read, compute and save one book; input errors come back as an outcome, not an exception."""
    from ratingbook.cli.confirming import ask, offer
    from ratingbook.session import NeedsConfirmation, Session

    book: FileBook
    try:
        # In place, the file is held from before it is read until its replacement is in place:
        # another run on it waits, and a file changed meanwhile is not replaced.
        with held_for_in_place(Path(job.source)) if job.in_place else contextlib.nullcontext():
            book = open_book(job.source, job.backend)
            if job.in_place:
                book.refuse_in_place()
            # The commands a message suggests name the file this run leaves the event in (a
            # refusal's, the file it read: nothing is written).
            session = Session(book, name=str(job.target), source=str(job.source))
            outcome = session.run(_command(job), offer=offer(job.confirm))
            if isinstance(outcome, NeedsConfirmation):
                outcome = outcome.resume(ask(outcome, job.confirm))
            book.save(job.target)
    except RatingbookError as error:
        return BookOutcome(job, errors=tuple(_with_legacy_note(job, problem_lines(error))))
    warnings: tuple[str, ...] = ()
    if book.uncarried and not job.in_place:
        warnings = (
            f"{job.source} contains {', '.join(book.uncarried)}, which the output "
            f"{job.target} does not carry over",
        )
    kept: tuple[str, ...] = ()
    final = any(c.kind.value == "FIDE Mode Off" for c in outcome.logged)
    if outcome.kept and job.action not in ("undo", "redo") and not final:
        kept = (f"undo with: {typed_command('undo', str(job.target))} (before {outcome.kept})",)
    return BookOutcome(
        job, summary=(*outcome.summary, *kept, *_desk_note(job, book)), warnings=warnings
    )


def _desk_note(job: BookJob, book: FileBook) -> tuple[str, ...]:
    """A recalc of a book whose results desk holds released results not taken yet says so
    (nothing is read without a desk beside the book)."""
    if job.action != "recalc":
        return ()
    from ratingbook.desk.taking import waiting_note

    take = f"Take results, or {typed_command('results take', job.source)}"
    note = waiting_note(Path(job.source), book, take)
    return (note,) if note else ()


def _with_legacy_note(job: BookJob, lines: list[str]) -> list[str]:
    """An undo with nothing in the book, beside a book with states kept by an earlier
    ratingbook (whole copies in a folder): where they are, and how to use one."""
    if job.action != "undo":
        return lines
    from ratingbook.files.history import legacy_note

    note = legacy_note(Path(job.source))
    return [*lines, note] if note else lines
