"""Which kind of event a book, or a TRF file, holds: the one place a kind is chosen.

A book holds a team event when it has the team sheets and no ``Swiss Players`` sheet (issue
26); a TRF file, when it has a team record (310 or 013). A book of a family that holds no event
(a season's rating list, an Elo, camp ladder or Crikey book) is an error naming what it holds,
and for a rating list where its changes are explained (its ``Rating Changes`` sheet), so a
command on events (``explain``, ``pair``, ``check``) says what it reads instead of naming the
Swiss sheets the book lacks. Anything else is read as an individual event, whose reader names
every sheet or record it lacks. A new kind (a season's list, a
knockout) is one more :class:`~ratingbook.workbook.kinds.base.EventKind` in :data:`KINDS` and
one more test here; nothing outside this package asks which kind an event is. A season's
rating list is no event (no rounds, no pairing, no TRF) but is published as one is:
:func:`read_book_site` tells it from an event by its family
(:mod:`~ratingbook.workbook.kinds.rating_list`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ratingbook.core.encoding import decode_legacy
from ratingbook.errors import RatingbookError
from ratingbook.reports.names import LIST_CHANGES
from ratingbook.workbook.kinds.individual import INDIVIDUAL
from ratingbook.workbook.kinds.team import TEAM
from ratingbook.workbook.plans.families import families_present

if TYPE_CHECKING:
    from ratingbook.workbook.kinds.base import BookEvent, BookSite, EventKind
    from ratingbook.workbook.port.book import Book
    from ratingbook.workbook.sheets.reading import Sheets

__all__ = [
    "KINDS",
    "NotAnEventError",
    "has_command",
    "kind_of_book",
    "kind_of_sheets",
    "kind_of_trf",
    "read_book_event",
    "read_book_site",
]

#: Every kind of event, the individual first (it reads any book no other kind claims).
KINDS: tuple[EventKind, ...] = (INDIVIDUAL, TEAM)
#: The families whose books hold no event, as an error names them.
_NOT_EVENTS = {
    "list": "a season's rating list",
    "elo": "an Elo book",
    "ladder": "a camp ladder book",
    "crikey": "a Crikey book",
}
#: Where a family that holds no event explains its ratings, for the error to say.
_EXPLAINED = {
    "list": (
        f"a list's rating changes are explained on its {LIST_CHANGES!r} sheet, a sentence a "
        "player a period (ratingbook recalc and season add write it; ratingbook publish puts "
        "each player's on the player's own page, with the history)"
    ),
}


class NotAnEventError(RatingbookError):
    """A book of a family that holds no event, given to a command that reads an event."""


def kind_of_book(book: Book) -> EventKind:
    """The kind of event ``book`` holds (a family with only some of its sheets is an error)."""
    return _kind_of_names(book.sheet_names())


def kind_of_sheets(sheets: Sheets) -> EventKind:
    """The kind of event the sheets a run read hold (see :func:`kind_of_book`)."""
    return _kind_of_names(list(sheets.names.values()))


def _kind_of_names(names: list[str]) -> EventKind:
    present = [family.name for family in families_present(names)]
    if "team" in present and "swiss" not in present:
        return TEAM
    if "swiss" not in present and "team" not in present:
        other = next((name for name in present if name in _NOT_EVENTS), None)
        if other is not None:
            told = f"; {_EXPLAINED[other]}" if other in _EXPLAINED else ""
            raise NotAnEventError(
                f"the book is {_NOT_EVENTS[other]}, not an event's book: this command reads a "
                f"Swiss, round-robin or team event{told}"
            )
    return INDIVIDUAL


def has_command(kind: EventKind, command: str) -> EventKind:
    """``kind``, when its events have ``command`` (``prizes``, ``norms``, ...); else the error
    the kind says it with (:attr:`~ratingbook.workbook.kinds.base.EventKind.without`: what it
    has not, and where it shows what the command would)."""
    if command in kind.without:
        raise RatingbookError(kind.without[command])
    return kind


def kind_of_trf(data: bytes) -> EventKind:
    """The kind of event a TRF file's bytes hold (UTF-8, CP1252 or Latin-1)."""
    lines = decode_legacy(data).splitlines()
    if any(line[:4] in ("310 ", "013 ") for line in lines):
        return TEAM
    return INDIVIDUAL


def read_book_event(book: Book) -> BookEvent:
    """The event in ``book``, of its kind, read and checked (every problem at once)."""
    return kind_of_book(book).read(book)


def read_book_site(book: Book) -> BookSite:
    """What ``publish`` writes of ``book``: a season's rating list (its family's sheets
    present, issue 35), else the event of its kind."""
    from ratingbook.workbook.kinds.base import BookSite
    from ratingbook.workbook.kinds.rating_list import read_list_site

    if any(family.name == "list" for family in families_present(book.sheet_names())):
        return read_list_site(book)
    from ratingbook.reports.stages import paired_text

    event = read_book_event(book)
    return BookSite(event.site(), event.name, paired_text(event.paired_rounds))
