"""The ``ratingbook`` command line.

Seed formats read FILE (or standard input) and print to standard output. Every input error ends
the command with exit status 2 and a line on standard error naming what is wrong and where (a
workbook with several mistakes gets one line for each); a Python traceback means a bug.
"""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from ratingbook import crikey, elo, formats, swiss
from ratingbook.cli_errors import INPUT_ERROR, F, fail, reports_input_errors
from ratingbook.errors import RatingbookError
from ratingbook.files import (
    SUFFIXES,
    WORKBOOK_SUFFIXES,
    check_output_path,
    path_problem,
    remove_stale_temporaries,
)
from ratingbook.jobs import BookJob, BookOutcome, run_book_job

if TYPE_CHECKING:
    from ratingbook.batch import Died


def read_input(path: str | None) -> str:
    """The text of FILE, or of standard input when FILE is absent or ``-``."""
    try:
        if path is None or path == "-":
            data = sys.stdin.buffer.read()
            label = "standard input"
        else:
            label = path
            with open(path, "rb") as handle:
                data = handle.read()
    except OSError as error:
        fail(f"cannot read {path!r}: {error.strerror or error}")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        fail(f"{label} is not UTF-8 text (byte {error.start + 1} is {data[error.start]:#04x})")


@click.group(context_settings={"help_option_names": ["-h", "--help"]}, invoke_without_command=True)
@click.version_option(package_name="ratingbook")
@click.pass_context
def cli(context: click.Context) -> None:
    """ratingbook: the camp ladder, Crikey, Elo and Swiss ratings, exact to the rules.

    Run a command with -h to see what it reads and writes, e.g. ratingbook recalc -h.
    """
    if context.invoked_subcommand is None:  # bare ``ratingbook``: what it can do
        click.echo(context.get_help())


_SEED_FILE = click.Path(allow_dash=True, path_type=str)


@cli.command("crikey")
@click.argument("file", required=False, type=_SEED_FILE)
@reports_input_errors
def crikey_command(file: str | None) -> None:
    """Crikey club ratings after each tournament (the Rating Points Exchange).

    Reads FILE, or what is typed or piped in when FILE is left out:

    \b
      2                       how many tournaments follow
      2 1                     this tournament: 2 players, 1 game
      alice 76.91             each player's name (one word) and rating,
      bob 76.36                 with two decimals
      alice bob lost 20 15    each game: White, Black, White's result
                                (won, drew or lost), then the pieces
                                White and Black had left on the board
      ...                     the next tournament, the same way

    Prints "Ratings after Tournament 1:" and each player's new rating, highest first,
    then the same for each following tournament.
    """
    results = []
    for table in formats.read_crikey(read_input(file)):
        # Games read and checked: replayed as they are. The contest's example has "fred fred
        # lost 27 50": in the judge format that nets to no change (in workbooks it is an error).
        ratings = list(table.ratings)
        crikey.replay_crikey(ratings, table.games)
        results.append(dict(zip(table.names, ratings, strict=True)))
    click.echo(formats.format_crikey(results), nl=False)


@cli.command("elo-series")
@click.argument("file", required=False, type=_SEED_FILE)
@reports_input_errors
def elo_series_command(file: str | None) -> None:
    """Two players' Elo ratings over a series of games between them.

    Reads FILE, or what is typed or piped in when FILE is left out:

    \b
      32 1613 1609    K (the most a game can change a rating), then the
                        starting ratings of players A and B
      0               A's score in each game, one per line:
      0.5               1 a win, 0.5 a draw, 0 a loss
      1

    Prints the two starting ratings, then both ratings after each game, rounded to whole
    points.
    """
    data = formats.parse_elo_series(read_input(file))
    pairs = elo.elo_series(data.k, data.rating_a, data.rating_b, data.scores)
    click.echo(formats.format_elo_series(pairs), nl=False)


@cli.command("elo-tournament")
@click.argument("contestants", type=click.IntRange(min=1))
@click.argument("rounds", type=click.IntRange(min=0))
@click.argument("x0", type=click.IntRange(min=0))
@reports_input_errors
def elo_tournament_command(contestants: int, rounds: int, x0: int) -> None:
    """A simulated Elo tournament: CONTESTANTS players, ROUNDS rounds, random seed X0.

    Every player starts at 1200; each round pairs them by rating (1st v 2nd, 3rd v 4th, ...)
    and decides each game from the players' hidden skills, drawn from the random seed X0 (the
    CodeAbbey tournament). Prints each player's final rating, in order of arrival.
    Example: ratingbook elo-tournament 4 3 0 prints 1191 1189 1191 1229.
    """
    click.echo(" ".join(str(r) for r in elo.elo_tournament(contestants, rounds, x0)))


@cli.command("swiss")
@click.argument("file", required=False, type=_SEED_FILE)
@reports_input_errors
def swiss_command(file: str | None) -> None:
    """Swiss tournament standings with tie-breaks.

    Reads FILE, or what is typed or piped in when FILE is left out:

    \b
      Anna                each player's name, one per line
      Bob
      Erik
      Femke
                          an empty line, then the round's games:
      Anna Femke 1 0      White, Black, White's points, Black's points
      Bob Erik 0.5 0.5      (1 a win, 0.5 a draw, 0 a loss)
                          an empty line before each further round

    Prints the ranking: place, name, points, then the tie-breaks in the order they decide:
    resistance points (the opponents' points), Sonneborn-Berger, games played with Black.
    """
    click.echo(formats.format_swiss_table(swiss.determine_output(read_input(file))), nl=False)


# --- workbooks -----------------------------------------------------------------------------------


OUTPUT_SUFFIXES = ("-recalculated", "-new-week", "-paired")


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


def _targets(
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
    from ratingbook.batch import Died

    if isinstance(answer, Died):
        # Killed while writing, the book's process may have left its temporary file behind.
        remove_stale_temporaries(Path(os.path.realpath(job.target)).parent)
        return BookOutcome(job, errors=(answer.reason,))
    return answer


def _report(outcome: BookOutcome) -> None:
    """The book's line: ``ok`` with what was done, or ``FAILED`` with why (a line per problem)."""
    job = outcome.job
    if outcome.errors:
        for line in outcome.errors:  # a line per problem, each naming the book
            click.echo(f"FAILED {job.source}: {line}", err=True)
        return
    where = "in place" if job.in_place else f"-> {job.target}"
    click.echo(f"ok     {job.source} {where} ({'; '.join(outcome.summary)})")
    for warning in outcome.warnings:
        click.echo(f"warning: {warning}", err=True)


def _run_books(jobs: list[BookJob], processes: int) -> None:
    """Run each book in a child process of its own (:mod:`ratingbook.batch`): a book that
    crashes the reader, exhausts memory or gets killed is one FAILED line, and the others go on.

    Each book's line is printed as soon as it is done (in the order given with one job at a
    time; in the order they finish with several), then a summary when there are several.
    """
    # Imported here so the seed-format commands start without them (multiprocessing, tqdm).
    from tqdm import tqdm

    from ratingbook.batch import run_isolated

    show_progress = len(jobs) > 1 and sys.stderr.isatty()
    outcomes: list[BookOutcome] = []
    # No monitor thread: the books run in forked children, and forking a threaded process is
    # asking for a deadlock.
    tqdm.monitor_interval = 0
    with tqdm(total=len(jobs), unit="book", disable=not show_progress, file=sys.stderr) as bar:
        for _, job, answer in run_isolated(jobs, run_book_job, min(processes, len(jobs))):
            outcome = _book_outcome(job, answer)
            outcomes.append(outcome)
            with tqdm.external_write_mode(file=sys.stderr):  # the line above the bar
                _report(outcome)
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
        "if missing).",
    ),
    click.option("--force", is_flag=True, help="Replace the -o file if it already exists."),
    click.option(
        "--in-place",
        is_flag=True,
        help="Replace each input file, atomically, only after it was computed in full.",
    ),
    click.option(
        "--engine",
        type=click.Choice(["package", "openpyxl"]),
        default="package",
        show_default=True,
        help="package: patch the file in place of rewriting it (fast; keeps charts, images, "
        "pivot tables and everything else); openpyxl: rewrite it with openpyxl (refuses "
        "--in-place when parts would be lost).",
    ),
]


def _with_book_options(command: F) -> F:
    for option in reversed(_book_options):
        command = option(command)
    return command


@cli.command("recalc")
@click.argument("books", nargs=-1, required=True, metavar="BOOK|FOLDER...")
@_with_book_options
@click.option(
    "-j",
    "--jobs",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help="Workbooks processed at the same time.",
)
def recalc_command(
    books: tuple[str, ...],
    output: str | None,
    out_dir: str | None,
    force: bool,
    in_place: bool,
    engine: str,
    jobs: int,
) -> None:
    """Recalculate every rating family in each workbook (ladder, Crikey, Elo, Swiss).

    A folder stands for every .xlsx and .xlsm workbook directly inside it.

    Without -o, --out-dir or --in-place the result is written beside each input as
    NAME-recalculated.xlsx; the input is never modified unless --in-place is given.
    """
    pairs = _targets(books, output, out_dir, in_place, force, "recalculated")
    _run_books([BookJob(s, t, in_place, "recalc", engine) for s, t in pairs], jobs)


def _book_command(name: str, suffix: str, help_text: str) -> None:
    """A workbook command run like ``recalc``, one book at a time: ``new-week`` and ``pair``.

    The command name is the job's action (:data:`ratingbook.jobs.ACTIONS`); ``suffix`` names
    the default output, NAME-SUFFIX.xlsx.
    """

    @cli.command(name, help=help_text)
    @click.argument("books", nargs=-1, required=True, metavar="BOOK|FOLDER...")
    @_with_book_options
    def command(
        books: tuple[str, ...],
        output: str | None,
        out_dir: str | None,
        force: bool,
        in_place: bool,
        engine: str,
    ) -> None:
        pairs = _targets(books, output, out_dir, in_place, force, suffix)
        _run_books([BookJob(s, t, in_place, name, engine) for s, t in pairs], 1)


_book_command(
    "new-week",
    "new-week",
    """Start a new ladder week: the week's games and final standings go to Games Archive and
    Weekly Standings, Permanent Rating -> StWkPerm, and Week on Ladder Settings goes up by one.

    The week's games are replayed first, so the permanent ratings carried over are current.
    (In Excel: raise Week by one and click Recalc Ratings; it does the same.)
    Without -o, --out-dir or --in-place the result is written beside each input as
    NAME-new-week.xlsx.
    """,
)
_book_command(
    "pair",
    "paired",
    """Pair the next round of the Swiss event in each workbook (FIDE Dutch system).

    The last round must be complete (every game has a result) and Swiss Settings must plan
    more rounds. The new round's rows are added to Swiss Games with an empty Result (a
    pairing-allocated bye as a row whose Black is BYE); Swiss Standings, Crosstable and
    Pairings are rebuilt. Without -o, --out-dir or --in-place the result is written beside
    each input as NAME-paired.xlsx.
    """,
)


class _TemplateKind(click.Choice[str]):
    """One of :data:`ratingbook.templates.KINDS`, looked up only when a template is written or
    help is shown: importing the templates loads openpyxl, which the other commands do without."""

    def __init__(self) -> None:
        super().__init__((), case_sensitive=False)

    @property
    def choices(self) -> tuple[str, ...]:
        from ratingbook.templates import KINDS

        return KINDS

    @choices.setter
    def choices(self, value: tuple[str, ...]) -> None:
        """Ignored: the kinds are ratingbook.templates.KINDS."""


@cli.command("template")
@click.argument("kind", type=_TemplateKind())
@click.option(
    "-o",
    "--output",
    type=click.Path(path_type=str),
    help="Where to write the workbook (an .xlsx name). Default: KIND.xlsx in this folder.",
)
@click.option("--force", is_flag=True, help="Replace PATH if it already exists.")
@reports_input_errors
def template_command(kind: str, output: str | None, force: bool) -> None:
    """Write a ready-to-use workbook: ladder, crikey, elo or swiss.

    It holds an Instructions sheet, the input sheets as Excel tables with sample data (already
    recalculated) and dropdowns for results. An existing file is never replaced without --force.
    """
    # Imported here so the other commands start without loading openpyxl.
    from ratingbook.templates import write_template

    target = Path(output if output is not None else f"{kind}.xlsx")
    if check_output_path(target) and not force:
        fail(f"{str(target)!r} already exists; use --force to replace it")
    write_template(kind, target, overwrite=force)
    click.echo(f"wrote {target} ({kind} template)")


# The Swiss event commands live in cli_swiss.py; registered here so `ratingbook --help` lists them.
from ratingbook.cli_swiss import trf_group  # noqa: E402

cli.add_command(trf_group)


def main(argv: list[str] | None = None) -> None:
    """Console entry point: usage errors, like input errors, are one line and exit status 2."""
    try:
        cli.main(args=argv, prog_name="ratingbook", standalone_mode=False)
    except click.UsageError as error:
        where = error.ctx.command_path if error.ctx else "ratingbook"
        click.echo(f"{where}: error: {error.format_message()}", err=True)
        sys.exit(INPUT_ERROR)
    except click.ClickException as error:
        click.echo(f"ratingbook: error: {error.format_message()}", err=True)
        sys.exit(error.exit_code)
    except click.Abort:
        click.echo("ratingbook: aborted", err=True)
        sys.exit(1)
