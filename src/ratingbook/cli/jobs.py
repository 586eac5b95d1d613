"""One workbook job: a book read, computed and saved, wherever it runs (the batch's child).

Everything that decides what one ``recalc``, ``new-week`` or ``pair`` does to one file lives
here: which engine opens it, the hold on a book replaced in place, which entry point of
:mod:`ratingbook.workbook` runs, and how its problems become lines. :mod:`ratingbook.cli` turns
command-line options into :class:`BookJob` values and prints the :class:`BookOutcome` lines;
:mod:`ratingbook.cli.batch` runs each job in a process of its own.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ratingbook.errors import InputErrors, RatingbookError
from ratingbook.files.backends import DEFAULT_BACKEND, open_book
from ratingbook.files.disk import held_for_in_place

if TYPE_CHECKING:
    from ratingbook.workbook.book import Book, FileBook, Plan
    from ratingbook.workbook.fide_run import FideRun

__all__ = ["ACTIONS", "BookJob", "BookOutcome", "problem_lines", "run_book_job"]


#: The workbook commands, each an entry point of :mod:`ratingbook.workbook`.
ACTIONS = ("recalc", "new-week", "pair", "pair-all", "unpair", "manual-start", "manual-end")


def _entry_point(action: str) -> Callable[[Book], Plan]:
    # Imported when a job runs, so the seed-format commands start without the workbook layer.
    from ratingbook import workbook

    points: dict[str, Callable[[Book], Plan]] = {
        "recalc": workbook.recalc,
        "new-week": workbook.new_week,
        "pair": workbook.pair,
        "pair-all": workbook.pair_every_round,
        # FIDE mode (#25): the round and the manual phase come with the job's FideRun
        "unpair": _unpair,
        "manual-start": workbook.recalc,
        "manual-end": workbook.recalc,
    }
    return points[action]


def _unpair(book: Book) -> Plan:
    from ratingbook.workbook.fide_actions import unpair

    return unpair(book)


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
    from ratingbook.workbook.fide_run import ConfirmationError, fide_run

    book: FileBook
    try:
        # In place, the file is held from before it is read until its replacement is in place:
        # another run on it waits, and a file changed meanwhile is not replaced.
        with held_for_in_place(Path(job.source)) if job.in_place else contextlib.nullcontext():
            book = open_book(job.source, job.backend)
            if job.in_place:
                book.refuse_in_place()
            with fide_run(_fide_run(job)) as run:
                plan = _entry_point(job.action)(book)
            if job.confirm and not run.seen:
                raise ConfirmationError(
                    f"{run.offered} given, but the book holds no Swiss event: nothing in this "
                    "run needs a confirmation; nothing was changed"
                )
            kept = keep_states(job, run, lambda: book.save(job.target))
    except RatingbookError as error:
        return BookOutcome(job, errors=tuple(problem_lines(error)))
    warnings: tuple[str, ...] = ()
    if book.uncarried and not job.in_place:
        warnings = (
            f"{job.source} contains {', '.join(book.uncarried)}, which the output "
            f"{job.target} does not carry over",
        )
    return BookOutcome(job, summary=(*plan.summary, *kept), warnings=warnings)


def _fide_run(job: BookJob) -> FideRun:
    from ratingbook.cli.confirming import cli_run

    if job.action == "unpair":
        return cli_run(job.confirm, unpaired=(job.round,) if job.round else ())
    if job.action.startswith("manual-"):
        return cli_run(job.confirm, manual=(job.action[7:], job.round or 0))
    return cli_run(job.confirm)


def keep_states(job: BookJob, run: FideRun, save: Callable[[], None]) -> tuple[str, ...]:
    """Save, keeping the book before a logged change for ``ratingbook undo``
    (:mod:`ratingbook.files.history`); the summary line saying so."""
    from ratingbook.files.history import last_saved, record, remember_saved

    target = Path(job.target)
    line: tuple[str, ...] = ()
    if run.logged:
        by_hand = any(change.by_hand for change in run.logged)
        saved = last_saved(target)
        before = saved if by_hand and saved is not None else Path(job.source)
        label = "before " + "; ".join(f"{c.kind.value} round {c.round}" for c in run.logged)
        kept = record(target, before, label)
        line = (f"undo with: ratingbook undo {job.target} ({label})",)
        try:
            save()
        except BaseException:
            kept.unlink()
            kept.with_suffix(".txt").unlink()
            raise
    else:
        save()
    if run.seen:
        remember_saved(target)
    return line
