"""The kinds of event a book can hold, behind one protocol (issue 33): an individual event (a
Swiss or a round robin) and a team event (issue 26), each read, ranked, paired, explained,
exported to TRF and published the same way, so no front end asks which kind it has.

- :mod:`~ratingbook.workbook.kinds.base`: the protocol (:class:`EventKind`, :class:`BookEvent`)
  and the values it answers with (:class:`TrfFile`, the site views);
- :mod:`~ratingbook.workbook.kinds.individual` and :mod:`~ratingbook.workbook.kinds.team`: its
  two implementations;
- :mod:`~ratingbook.workbook.kinds.choice`: which kind a book or a TRF file holds, the one place
  a kind is chosen (:func:`kind_of_book`, :func:`kind_of_sheets`, :func:`kind_of_trf`,
  :func:`read_book_event`).
"""

from ratingbook.workbook.kinds.base import (
    BookEvent,
    EventKind,
    IndividualSite,
    SiteView,
    TeamSite,
    TrfFile,
)
from ratingbook.workbook.kinds.choice import (
    KINDS,
    kind_of_book,
    kind_of_sheets,
    kind_of_trf,
    read_book_event,
)

__all__ = [
    "KINDS",
    "BookEvent",
    "EventKind",
    "IndividualSite",
    "SiteView",
    "TeamSite",
    "TrfFile",
    "kind_of_book",
    "kind_of_sheets",
    "kind_of_trf",
    "read_book_event",
]
