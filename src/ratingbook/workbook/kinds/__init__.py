"""The kinds of event a book can hold, behind one protocol (issue 33): an individual event (a
Swiss or a round robin) and a team event (issue 26), each read, ranked, paired, explained,
exported to TRF and published the same way, so no front end asks which kind it has.

- :mod:`~ratingbook.workbook.kinds.base`: the protocol (:class:`EventKind`, :class:`BookEvent`)
  and the values it answers with (:class:`TrfFile`, the site views);
- :mod:`~ratingbook.workbook.kinds.individual` and :mod:`~ratingbook.workbook.kinds.team`: its
  two implementations;
- :mod:`~ratingbook.workbook.kinds.choice`: which kind a book or a TRF file holds, the one place
  a kind is chosen (:func:`kind_of_book`, :func:`kind_of_sheets`, :func:`kind_of_trf`,
  :func:`read_book_event`), a command a kind has not refused in its words
  (:func:`has_command`), and what ``publish`` writes of a book, an event's or a season's
  rating list's (:func:`read_book_site`, :mod:`~ratingbook.workbook.kinds.rating_list`);
- :mod:`~ratingbook.workbook.kinds.season_event`: the games a book of any family gives a
  season's rating list (:func:`book_event`).
"""

from ratingbook.workbook.kinds.base import (
    BookEvent,
    BookSite,
    EventKind,
    IndividualSite,
    ListSite,
    SiteView,
    TeamSite,
    TrfFile,
)
from ratingbook.workbook.kinds.choice import (
    KINDS,
    has_command,
    kind_of_book,
    kind_of_sheets,
    kind_of_trf,
    read_book_event,
    read_book_site,
)
from ratingbook.workbook.kinds.season_event import book_event

__all__ = [
    "KINDS",
    "BookEvent",
    "BookSite",
    "EventKind",
    "IndividualSite",
    "ListSite",
    "SiteView",
    "TeamSite",
    "TrfFile",
    "book_event",
    "has_command",
    "kind_of_book",
    "kind_of_sheets",
    "kind_of_trf",
    "read_book_event",
    "read_book_site",
]
