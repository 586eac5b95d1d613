"""``ratingbook prizes BOOK``, ``ratingbook norms BOOK`` and ``ratingbook contenders BOOK
[--round N]``: the end of an event printed, as the ``Prize List``, ``Norms`` and ``Contenders``
sheets say it.

Thin: the event is read as every command reads it (:mod:`ratingbook.workbook.plans.swiss_plan`), the
prizes by :mod:`ratingbook.workbook.plans.end_plan`; the words are :mod:`ratingbook.reports`'.
A team event's book is refused in the team kind's words (what it has not, and where it shows
what it has: :func:`~ratingbook.workbook.kinds.has_command`).
Nothing is written. While an adjourned game of a finished event has no result each prints
nothing and says why, naming the games (FIDE's checklist, Q161 and Q169:
:func:`~ratingbook.events.adjourned.end_refusal`, as the book's sheets and the site ask).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from ratingbook.cli.options import backend_option
from ratingbook.cli.reporting import reports_input_errors
from ratingbook.errors import RatingbookError

if TYPE_CHECKING:
    from ratingbook.events.event import SwissEvent
    from ratingbook.workbook.sheets.reading import Sheets

__all__ = ["END_COMMANDS"]


def _event(book: str, backend: str, command: str) -> tuple[SwissEvent, Sheets]:
    """The individual event of ``book``; a team event's book is refused in words that say
    where it shows what ``command`` would (:func:`~ratingbook.workbook.kinds.has_command`)."""
    from ratingbook.events.adjourned import end_refusal
    from ratingbook.files.backends import open_book
    from ratingbook.workbook.kinds import has_command, kind_of_book
    from ratingbook.workbook.sheets.event_book import read_event
    from ratingbook.workbook.sheets.reading import Sheets

    if not Path(book).is_file():
        raise RatingbookError(f"no workbook file {book!r}")
    opened = open_book(book, backend)
    has_command(kind_of_book(opened), command)
    event = read_event(opened)
    refused = end_refusal(event)
    if refused is not None:
        raise refused
    return event, Sheets(opened)


@click.command("prizes")
@click.argument("book")
@backend_option
@reports_input_errors
def prizes_command(book: str, backend: str) -> None:
    """Print the prize list of the event in BOOK: who receives which prize from the Prizes
    sheet, ties sharing money as Prize Sharing says (Hort, Equal or Tie-break), rounded down
    to Prize Step with the remainder shown, one prize each unless One Prize Each is No.
    A Swiss event or round robin (a team event's board prizes are its Board Prizes sheet)."""
    from ratingbook.reports.prize_grids import event_prizes, prize_lines
    from ratingbook.reports.stages import stage_text
    from ratingbook.workbook.sheets.end_reports import read_end_inputs

    event, sheets = _event(book, backend, "prizes")
    inputs = read_end_inputs(sheets, event)
    if inputs.prizes is None:
        raise RatingbookError(
            f"{book}: no sheet 'Prizes' (columns Place, Category, Amount, Object): type the "
            "prizes there first"
        )
    result, standings = event_prizes(event, inputs.prizes, inputs.settings, inputs.clubs)
    click.echo(f"Prize list {stage_text(event.round_state())}")
    for line in prize_lines(result, standings):
        click.echo(line)


@click.command("norms")
@click.argument("book")
@backend_option
@reports_input_errors
def norms_command(book: str, backend: str) -> None:
    """Print the FIDE title norms of the event in BOOK (B.01, from 1 January 2024): for each
    player with a norm made or still in reach, every requirement with its figure, what he
    still needs, and for a norm made the data of FIDE's norm report (IT1). A Swiss event or
    round robin."""
    from ratingbook.fide.rules.norm_event import event_norms
    from ratingbook.reports.norm_grids import norm_lines

    event, _ = _event(book, backend, "norms")
    for line in norm_lines(event, event_norms(event)):
        click.echo(line)


@click.command("contenders")
@click.argument("book")
@click.option("--round", "round_number", type=int, help="Before this round (default: the next).")
@click.option("--all", "everyone", is_flag=True, help="Also list every player who cannot win.")
@backend_option
@reports_input_errors
def contenders_command(book: str, round_number: int | None, everyone: bool, backend: str) -> None:
    """Print who can still finish first on points in the event in BOOK before a round (or
    during it: the games already over count as they ended): alone or shared, the results each
    needs (exact when the last round is paired), and why the others cannot. Tie-breaks are
    never guessed: a shared first is said to be decided by them. A Swiss event or round
    robin."""
    from ratingbook.events.contenders import describe
    from ratingbook.events.event_contenders import (
        event_over,
        finished_games,
        playable_rounds_note,
    )
    from ratingbook.reports.contender_grids import EVENT_OVER, contender_lines, event_chances

    event, _ = _event(book, backend, "contenders")
    if round_number is None and event_over(event):
        click.echo(f"{EVENT_OVER} (--round N asks as it stood before round N.)")
        return
    before, found = event_chances(event, round_number)
    finished = finished_games(event, before) if round_number is None else 0
    for line in contender_lines(before, [], finished, playable_rounds_note(event)):
        click.echo(line)
    out = [c for c in found if c.shared is False]
    for c in found:
        if c.shared is not False:
            click.echo(f"  {describe(c)}")
            for scenario in c.scenarios[1:]:
                click.echo(f"      or: {scenario}")
    shown = out if everyone else out[:3]
    for c in shown:
        click.echo(f"  {describe(c)}")
    if len(out) > len(shown):
        click.echo(f"  ... and {len(out) - len(shown)} more who cannot (--all lists them)")


END_COMMANDS = (prizes_command, norms_command, contenders_command)
