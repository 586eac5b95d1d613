"""The workbook commands: ``recalc``, ``new-week`` and ``pair``, over books and folders.

This module alone decides which files a workbook command reads and writes (folders expanded,
default output names, ``-o``/``--out-dir``/``--in-place``, every option checked before any
work) and how each book's outcome is printed. Each book runs in a child process of its own
(:mod:`ratingbook.cli.batch`) through :func:`ratingbook.cli.jobs.run_book_job`.
"""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from ratingbook.cli.confirming import confirm_level, confirm_options
from ratingbook.cli.jobs import BookJob, BookOutcome, run_book_job
from ratingbook.cli.options import backend_option
from ratingbook.cli.reporting import INPUT_ERROR, F, fail
from ratingbook.errors import RatingbookError
from ratingbook.files.disk import (
    SUFFIXES,
    WORKBOOK_SUFFIXES,
    check_output_path,
    path_problem,
    remove_stale_temporaries,
)

if TYPE_CHECKING:
    from ratingbook.cli.batch import Died

__all__ = ["BOOK_COMMANDS", "expand_folders", "run_books", "targets", "with_book_options"]


OUTPUT_SUFFIXES = ("-recalculated", "-new-week", "-paired", "-updated")


def _is_folder(path: str) -> bool:
    """Whether ``path`` is a folder; any problem with the path (too long, a link loop) is for
    the book's own FAILED line, so here it is simply not a folder."""
    try:
        return stat.S_ISDIR(os.stat(path).st_mode)
    except OSError:
        return False


def _same(path: str) -> str:
    """The file ``path`` names, for comparing paths (links resolved; never raises)."""
    return os.path.normcase(os.path.realpath(path))


def expand_folders(books: tuple[str, ...]) -> tuple[str, ...]:
    """Each folder among ``books`` stands for the workbooks directly inside it, by name.

    A folder named like a workbook (``camp.xlsx/``) is kept as it is, to be reported as a folder.

    Excel's lock files (``~$name.xlsx``), hidden files (our temporary ``.~ratingbook-*`` files,
    macOS's ``._name.xlsx``) and our own default outputs (``NAME-recalculated``,
    ``NAME-new-week``) are left out, so running twice over a folder does not snowball.
    """
    expanded: list[str] = []
    for book in books:
        folder = Path(book)
        if not _is_folder(book) or folder.suffix.lower() in SUFFIXES:
            expanded.append(book)
            continue
        try:
            found = sorted(
                str(path)
                for path in folder.iterdir()
                if path.is_file()
                and path.suffix.lower() in WORKBOOK_SUFFIXES
                and not path.name.startswith(("~$", "."))
                and not path.stem.endswith(OUTPUT_SUFFIXES)
            )
        except OSError as error:
            fail(f"cannot list folder {book!r}: {error.strerror or error}")
        if not found:
            fail(f"folder {book!r} holds no .xlsx or .xlsm workbook")
        expanded.extend(found)
    return tuple(expanded)


def targets(
    books: tuple[str, ...],
    output: str | None,
    out_dir: str | None,
    in_place: bool,
    force: bool,
    suffix: str,
) -> list[tuple[str, str]]:
    """Each book with the file its result goes to, every option checked before any work."""
    books = expand_folders(books)
    chosen = sum(bool(x) for x in (output, out_dir, in_place))
    if chosen > 1:
        fail("choose one of -o/--output, --out-dir and --in-place")
    if output and len(books) > 1:
        fail("-o/--output takes a single workbook; use --out-dir DIR for several")
    pairs: list[tuple[str, str]] = []
    for source in books:
        path = Path(source)
        if output:
            target = output
        elif out_dir:
            target = str(Path(out_dir) / path.name)
        elif in_place:
            target = source
        else:
            target = str(path.with_name(f"{path.stem}-{suffix}{path.suffix}"))
        if not in_place and _same(target) == _same(source):
            fail(f"the output {target!r} is the input itself; use --in-place to replace it")
        # Two books written to one file (the same name from two folders with --out-dir, or a
        # book given twice): the second would silently replace the first one's result.
        earlier = next((s for s, t in pairs if _same(t) == _same(target)), None)
        if earlier is not None:
            fail(
                f"{source!r} is given twice"
                if _same(earlier) == _same(source)
                else f"{earlier!r} and {source!r} would both be written to {target!r}"
            )
        pairs.append((source, target))
    if output:
        try:
            exists = check_output_path(Path(output))
        except RatingbookError as error:
            fail(error)
        if exists and not force:
            fail(f"{output!r} already exists; use --force to replace it")
    if out_dir:
        _make_out_dir(out_dir)
    return pairs


def _make_out_dir(out_dir: str) -> None:
    """Create the --out-dir folder if it is missing (and its parents), or say in one line why
    it cannot be one."""
    try:
        if _is_folder(out_dir):
            return
        os.stat(out_dir)
    except FileNotFoundError:
        try:
            os.makedirs(out_dir, exist_ok=True)
        except OSError as error:
            fail(f"cannot create --out-dir {out_dir!r}: {error.strerror or error}")
        return
    except OSError as error:
        fail(f"--out-dir: {path_problem(out_dir, error)}")
    fail(f"--out-dir {out_dir!r} is a file, not a folder")


def _book_outcome(job: BookJob, answer: BookOutcome | Died) -> BookOutcome:
    from ratingbook.cli.batch import Died

    if isinstance(answer, Died):
        # Killed while writing, the book's process may have left its temporary file behind.
        remove_stale_temporaries(Path(os.path.realpath(job.target)).parent)
        return BookOutcome(job, errors=(answer.reason,))
    return answer


def _report(outcome: BookOutcome, replaced: bool = False) -> None:
    """The book's line: ``ok`` with what was done, or ``FAILED`` with why (a line per problem).

    ``replaced``: the output file existed before (the default ``NAME-recalculated.xlsx`` of an
    earlier run, a file in ``--out-dir``, an ``-o`` file with ``--force``): the line says it was
    replaced, so nobody learns it later by missing what they had in it."""
    job = outcome.job
    if outcome.errors:
        for line in outcome.errors:  # a line per problem, each naming the book
            click.echo(f"FAILED {job.source}: {line}", err=True)
        return
    where = "in place" if job.in_place else f"-> {job.target}"
    if replaced and not job.in_place:
        where += ", replacing the earlier file"
    click.echo(f"ok     {job.source} {where} ({'; '.join(outcome.summary)})")
    for warning in outcome.warnings:
        click.echo(f"warning: {warning}", err=True)


def _run_books(jobs: list[BookJob], processes: int) -> None:
    """Run each book in a child process of its own (:mod:`ratingbook.cli.batch`): a book that
    crashes the reader, exhausts memory or gets killed is one FAILED line, and the others go on.

    Each book's line is printed as soon as it is done (in the order given with one job at a
    time; in the order they finish with several), then a summary when there are several. A
    step that may take long (a large pairing) is said on standard error as it starts.
    """
    # Imported here so the seed-format commands start without them (multiprocessing, tqdm).
    from tqdm import tqdm

    from ratingbook.cli.batch import run_isolated

    show_progress = len(jobs) > 1 and sys.stderr.isatty()
    # The outputs already there before any book is written: their lines say they are replaced.
    existing = {job.target for job in jobs if not job.in_place and os.path.lexists(job.target)}
    outcomes: list[BookOutcome] = []
    # No monitor thread: the books run in forked children, and forking a threaded process is
    # asking for a deadlock.
    tqdm.monitor_interval = 0
    with tqdm(total=len(jobs), unit="book", disable=not show_progress, file=sys.stderr) as bar:

        def note(job: BookJob, text: str) -> None:  # a long step starting: said at once
            with tqdm.external_write_mode(file=sys.stderr):
                click.echo(f"...    {job.source}: {text}", err=True)

        work = run_isolated(jobs, run_book_job, min(processes, len(jobs)), note)
        for _, job, answer in work:
            outcome = _book_outcome(job, answer)
            outcomes.append(outcome)
            with tqdm.external_write_mode(file=sys.stderr):  # the line above the bar
                _report(outcome, job.target in existing)
            bar.update()
    failed = [o for o in outcomes if o.errors]
    if len(outcomes) > 1:
        click.echo(
            f"{len(outcomes) - len(failed)} of {len(outcomes)} workbooks done"
            + (f"; failed: {', '.join(o.job.source for o in failed)}" if failed else ""),
            err=bool(failed),
        )
    if failed:
        sys.exit(INPUT_ERROR)


_book_options = [
    click.option(
        "-o",
        "--output",
        type=click.Path(path_type=str),
        help="Write the result to this file (one workbook only); an existing file is replaced "
        "only with --force.",
    ),
    click.option(
        "--out-dir",
        type=click.Path(path_type=str),
        metavar="DIR",
        help="Write each result into this folder, under its own name (the folder is created "
        "if missing; a file there by that name is replaced).",
    ),
    click.option("--force", is_flag=True, help="Replace the -o file if it already exists."),
    click.option(
        "--in-place",
        is_flag=True,
        help="Replace each input file, atomically, only after it was computed in full.",
    ),
    backend_option,
]


def with_book_options(command: F) -> F:
    for option in reversed(_book_options):
        command = option(command)
    return command


#: ``-j N``: how many books a command over several books (``recalc``, ``new-week``, ``pair``)
#: does at the same time, each in a process of its own (:func:`_run_books`).
jobs_option = click.option(
    "-j",
    "--jobs",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help="Workbooks processed at the same time.",
)


@click.command("recalc")
@click.argument("books", nargs=-1, required=True, metavar="BOOK|FOLDER...")
@with_book_options
@jobs_option
@confirm_options
def recalc_command(
    books: tuple[str, ...],
    output: str | None,
    out_dir: str | None,
    force: bool,
    in_place: bool,
    backend: str,
    jobs: int,
    confirmed: bool,
    understood: bool,
) -> None:
    """Recalculate every rating family in each workbook (ladder, Crikey, Elo, Swiss).

    A folder stands for every .xlsx and .xlsm workbook directly inside it.

    Without -o, --out-dir or --in-place the result is written beside each input as
    NAME-recalculated.xlsx, replacing the one an earlier run wrote (the line says so); the
    input is never modified unless --in-place is given.
    """
    level = confirm_level(confirmed, understood)
    pairs = targets(books, output, out_dir, in_place, force, "recalculated")
    _run_books([BookJob(s, t, in_place, "recalc", backend, level) for s, t in pairs], jobs)


def _book_command(name: str, suffix: str, help_text: str) -> click.Command:
    """A workbook command run like ``recalc``, ``-j N`` books at a time: ``new-week`` (and the
    help of ``pair``, a command of its own for its ``--all``).

    The command name is the job's action (:data:`ratingbook.cli.jobs.ACTIONS`); ``suffix`` names
    the default output, NAME-SUFFIX.xlsx.
    """

    @click.command(name, help=help_text)
    @click.argument("books", nargs=-1, required=True, metavar="BOOK|FOLDER...")
    @with_book_options
    @jobs_option
    def command(
        books: tuple[str, ...],
        output: str | None,
        out_dir: str | None,
        force: bool,
        in_place: bool,
        backend: str,
        jobs: int,
    ) -> None:
        pairs = targets(books, output, out_dir, in_place, force, suffix)
        _run_books([BookJob(s, t, in_place, name, backend) for s, t in pairs], jobs)

    return command


new_week_command = _book_command(
    "new-week",
    "new-week",
    """Start a new ladder week: the week's games and final standings go to Games Archive and
    Weekly Standings, Permanent Rating -> StWkPerm, and Week on Ladder Settings goes up by one.

    The week's games are replayed first, so the permanent ratings carried over are current.
    (In Excel: raise Week by one and click Recalc Ratings; it does the same.)
    Without -o, --out-dir or --in-place the result is written beside each input as
    NAME-new-week.xlsx, replacing the one an earlier run wrote (the line says so).
    """,
)
_pair_one_round = _book_command(
    "pair",
    "paired",
    """Pair the next round of the event in each workbook: a Swiss event by the FIDE Dutch
    system (with the event's forbidden pairs and acceleration), a round robin by the Berger
    tables.

    The last round must be complete (every game has a result) and Swiss Settings must plan
    more rounds. The new round's rows are added to Swiss Games with an empty Result (a
    pairing-allocated bye as a row whose Black is BYE); Swiss Standings, Crosstable and
    Pairings are rebuilt. --all pairs every remaining round of a round robin at once.
    Without -o, --out-dir or --in-place the result is written beside each input as
    NAME-paired.xlsx, replacing the one an earlier run wrote (the line says so).
    """,
)


@click.command("pair", help=_pair_one_round.help)
@click.argument("books", nargs=-1, required=True, metavar="BOOK|FOLDER...")
@with_book_options
@click.option(
    "--all",
    "every_round",
    is_flag=True,
    help="Pair every remaining round of a round robin at once.",
)
@jobs_option
@confirm_options
def pair_command(
    books: tuple[str, ...],
    output: str | None,
    out_dir: str | None,
    force: bool,
    in_place: bool,
    backend: str,
    every_round: bool,
    jobs: int,
    confirmed: bool,
    understood: bool,
) -> None:
    level = confirm_level(confirmed, understood)
    pairs = targets(books, output, out_dir, in_place, force, "paired")
    action = "pair-all" if every_round else "pair"
    _run_books([BookJob(s, t, in_place, action, backend, level) for s, t in pairs], jobs)


run_books = _run_books  # the FIDE-mode commands (cli.fide_commands) run books alike

BOOK_COMMANDS = (recalc_command, new_week_command, pair_command)
