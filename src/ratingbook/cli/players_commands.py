"""``ratingbook players update``: Swiss Players filled from FIDE's rating list; ``ratingbook
players custom-list``: from a rating list of the organiser's own (a CSV file).

Thin: the list is opened by :mod:`ratingbook.files.rating_list_file`, read by
:mod:`ratingbook.fide.rules.rating_list` and applied by
:mod:`ratingbook.workbook.plans.players_update`; a custom list is read and applied by
:mod:`ratingbook.workbook.plans.custom_list`. The changes are printed, one line a player,
before the book is written; with ``--dry-run`` nothing is written.
"""

from __future__ import annotations

from contextlib import nullcontext
from pathlib import Path
from typing import TYPE_CHECKING

import click

from ratingbook.cli.book_commands import targets, with_book_options
from ratingbook.cli.reporting import reports_input_errors
from ratingbook.core.typed_commands import typed_command
from ratingbook.events.codes import CUSTOM_INTO_SPELLINGS, RATING_KINDS
from ratingbook.events.periods import MAX_PERIODS

if TYPE_CHECKING:
    from ratingbook.session import UpdateFromCustomList, UpdatePlayers

__all__ = ["players_group"]


@click.group("players")
def players_group() -> None:
    """The players of a Swiss event or round robin."""


@players_group.command("update")
@click.argument("book")
@click.option(
    "--rating-list",
    "rating_list",
    required=True,
    metavar="FILE",
    help="FIDE's rating list: the .zip as downloaded from ratings.fide.com, or its .txt or .xml.",
)
@click.option(
    "--list",
    "kind",
    type=click.Choice([k.lower() for k in RATING_KINDS]),
    help="Which rating to take (default: the event's FIDE Rated setting, else standard).",
)
@click.option(
    "--sequence",
    metavar="KINDS",
    help=(
        "The lists shown, in turn, for a player unrated on the chosen one, comma-separated "
        "(e.g. blitz,rapid; 'none' for none). Default: standard -> rapid, blitz; rapid -> "
        "blitz; blitz -> rapid. They are read from a combined list."
    ),
)
@click.option(
    "--period",
    type=click.IntRange(min=1, max=MAX_PERIODS),
    default=1,
    help="An event over 30 days: the rating period this list is for (2 and on: only that "
    "period's rating column, Rating 2, ..., is filled).",
)
@click.option("--dry-run", is_flag=True, help="Show what would change; write nothing.")
@with_book_options
@reports_input_errors
def players_update_command(
    book: str,
    rating_list: str,
    kind: str | None,
    sequence: str | None,
    period: int,
    dry_run: bool,
    output: str | None,
    out_dir: str | None,
    force: bool,
    in_place: bool,
    backend: str,
) -> None:
    """Fill Rating, Title, Federation, Birth, Sex and K of every player in BOOK whose FIDE ID
    is on FIDE's rating list, and say what changed and which IDs the list does not have.

    The list is streamed, never loaded whole (the full list has over a million players).
    Without -o or --in-place the result is written beside BOOK as NAME-updated.xlsx.
    """
    from ratingbook.fide.rules.rating_list import RatingListScan, scan_rating_list
    from ratingbook.files.rating_list_file import open_rating_list
    from ratingbook.session import UpdatePlayers

    [(source, target)] = targets((book,), output, out_dir, in_place, force, "updated")

    def scan(ids: set[int], chosen: str) -> RatingListScan:
        with open_rating_list(Path(rating_list)) as stream:
            return scan_rating_list(stream, ids, chosen, Path(rating_list).name)

    chosen = next((k for k in RATING_KINDS if k.lower() == kind), None)
    order = None
    if sequence is not None:
        words = [w.strip().lower() for w in sequence.split(",") if w.strip()]
        unknown = [w for w in words if w != "none" and w not in {k.lower() for k in RATING_KINDS}]
        if unknown:
            raise click.BadParameter(
                f"{', '.join(unknown)}: expected standard, rapid, blitz or none",
                param_hint="--sequence",
            )
        order = tuple(k for w in words for k in RATING_KINDS if k.lower() == w)
    _run_update(
        UpdatePlayers(scan, chosen, order, period), source, target, in_place, dry_run, backend
    )


@players_group.command("custom-list")
@click.argument("book")
@click.argument("rating_list", metavar="LIST")
@click.option(
    "--into",
    type=click.Choice(list(dict.fromkeys(CUSTOM_INTO_SPELLINGS.values()))),
    default="national",
    show_default=True,
    help="The column the list fills: National Rating or Manual Rating.",
)
@click.option("--dry-run", is_flag=True, help="Show what would change; write nothing.")
@with_book_options
@reports_input_errors
def players_custom_list_command(
    book: str,
    rating_list: str,
    into: str,
    dry_run: bool,
    output: str | None,
    out_dir: str | None,
    force: bool,
    in_place: bool,
    backend: str,
) -> None:
    """Fill National Rating (or Manual Rating) of every player in BOOK from LIST, a rating
    list of your own (a federation's or a club's, not FIDE's): a CSV file whose header names
    the players by FIDE ID, National ID (or ID) or Name, and their Rating.

    The event's Rating Method (National, FIDON, NIDOF, HBFN) then orders the field by it.
    Without -o or --in-place the result is written beside BOOK as NAME-updated.xlsx.
    """
    from ratingbook.cli.reporting import fail
    from ratingbook.core.encoding import decode_legacy
    from ratingbook.session import UpdateFromCustomList
    from ratingbook.workbook.sheets.event_book import CUSTOM_COLUMNS

    [(source, target)] = targets((book,), output, out_dir, in_place, force, "updated")
    try:
        # a federation's export is often CP1252: read as the legacy formats are
        text = decode_legacy(Path(rating_list).read_bytes())
    except OSError as error:
        fail(f"cannot read {rating_list!r}: {error.strerror or error}")
    column = CUSTOM_COLUMNS[into]  # the column each rating is: one home, with Excel's
    command = UpdateFromCustomList(text, Path(rating_list).name, column)
    _run_update(command, source, target, in_place, dry_run, backend)


def _run_update(
    command: UpdatePlayers | UpdateFromCustomList,
    source: str,
    target: str,
    in_place: bool,
    dry_run: bool,
    backend: str,
) -> None:
    """Run a players update on ``source`` through the session: print each change, then write
    ``target`` (nothing with ``dry_run``) and say how to undo it."""
    from ratingbook.files.backends import open_book
    from ratingbook.files.disk import held_for_in_place
    from ratingbook.session import Done, Session

    held = held_for_in_place(Path(source)) if in_place and not dry_run else nullcontext()
    with held:
        workbook = open_book(source, backend)
        if in_place and not dry_run:
            workbook.refuse_in_place()
        done = Session(workbook).run(command, dry_run=dry_run)
        assert isinstance(done, Done)  # nothing in an update waits for a confirmation
        for line in done.details:
            click.echo(line)
        if dry_run:
            click.echo(f"dry run: {done.summary[0]}; nothing written")
            return
        workbook.save(target)
    undo = f"; undo with: {typed_command('undo', str(target))} (before {done.kept})"
    undo = undo if done.kept else ""
    where = f"{source} in place" if in_place else f"{source} -> {target}"
    click.echo(f"ok     {where} ({done.summary[0]}{undo})")
