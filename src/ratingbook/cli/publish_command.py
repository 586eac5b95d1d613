"""``ratingbook publish BOOK --out-dir SITE``: the event or the season's rating list in BOOK
as a static web site.

Thin: the book is read as every command reads it, of its kind
(:func:`ratingbook.workbook.kinds.read_book_site`), the site is :mod:`ratingbook.web`'s.
"""

from __future__ import annotations

from pathlib import Path

import click

from ratingbook.cli.options import backend_option
from ratingbook.cli.reporting import reports_input_errors
from ratingbook.errors import RatingbookError

__all__ = ["publish_command"]


@click.command("publish")
@click.argument("book")
@click.option(
    "--out-dir",
    required=True,
    metavar="SITE",
    help="The folder the pages go into (created if missing; other files in it are kept, "
    "the pages an earlier publish wrote there that this one does not are removed).",
)
@backend_option
@reports_input_errors
def publish_command(book: str, out_dir: str, backend: str) -> None:
    """Write the event in BOOK as web pages: the standings with the tie-breaks, the
    crosstable, every round's pairings and results, and a page per player (games, colours,
    scores, rating change), linked to each other. A season's rating list gets the list, a
    page per player (his history, why each change, a chart), the rating changes of every
    period and the series standings. No server is needed: open SITE/index.html, or copy the
    folder to any web host."""
    from ratingbook.files.backends import open_book
    from ratingbook.web import build_site
    from ratingbook.workbook.kinds import read_book_site

    if not Path(book).is_file():
        raise RatingbookError(f"no workbook file {book!r}")
    target = Path(out_dir)
    if target.exists() and not target.is_dir():
        raise RatingbookError(f"the output folder {out_dir!r} is a file, not a folder")
    site = read_book_site(open_book(book, backend))
    title = site.name or Path(book).stem
    published = build_site(site.view, title, target)
    click.echo(f"wrote {len(published.written)} files into {out_dir} ({title}, {site.holds})")
    if published.removed:
        # an earlier publish's page this one no longer writes (who could still win, once
        # the event is over): gone, not left for a bookmark to find
        click.echo(f"removed the out-of-date {', '.join(published.removed)}")
