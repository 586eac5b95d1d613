"""A workbook made from a TRF file, of the kind of event the file holds (``ratingbook trf
import``): the kind is chosen by :func:`ratingbook.workbook.kinds.kind_of_trf`, the book built
by that kind's template module (:mod:`~ratingbook.templates.trf_book` for an individual event,
:mod:`~ratingbook.templates.team_trf_book` for a team event, issue 26).

This module alone maps each event kind to the module that builds its book from a TRF file: a
new kind adds its builder to :data:`TRF_BOOKS`. An individual event's imported rounds are
checked against the pairing rules as :mod:`~ratingbook.templates.trf_book` decides; a team
event's are not (``ratingbook check`` checks them).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from ratingbook.core.counts import many
from ratingbook.reports.import_check import ImportBreach
from ratingbook.reports.stages import paired_text
from ratingbook.templates.team_trf_book import book_from_team_trf
from ratingbook.templates.trf_book import Confirm, book_from_trf
from ratingbook.templates.writer import TemplateBook
from ratingbook.trf.setting_comments import NOT_STATED
from ratingbook.workbook.kinds import kind_of_trf

__all__ = ["TRF_BOOKS", "TrfBook", "book_of_trf"]


@dataclass(frozen=True, slots=True)
class TrfBook:
    """A workbook built from a TRF file, what the import noted (read otherwise than the file
    says, records not used), and what the book ``holds`` in a few words for the command's line
    (``"6 players, 12 rows, round 3 paired"``, ``"5 teams, round 2"``)."""

    book: TemplateBook
    warnings: tuple[str, ...]
    holds: str
    #: The imported rounds that break the pairing rules, and whether the book is in FIDE mode
    #: (where each was a level-3 warning) and its rounds were checked.
    breaches: tuple[ImportBreach, ...] = ()
    fide_mode: bool = False
    checked: bool = False
    #: What the check said of how it judged the rounds (said as notes, not warnings).
    notes: tuple[str, ...] = ()


def _individual_book(
    data: bytes, source: str, check: bool | None, confirm: Confirm | None
) -> TrfBook:
    imported = book_from_trf(data, source, check=check, confirm=confirm)
    event = imported.event
    holds = (
        f"{many(len(event.players), 'player')}, {many(len(event.entries), 'row')}, "
        f"{paired_text(event.paired_rounds, verb='paired')}"
    )
    if not imported.rated_stated:
        holds += f"; {NOT_STATED}"
    return TrfBook(
        imported.book,
        imported.warnings,
        holds,
        imported.breaches,
        event.settings.fide_mode,
        imported.checked,
        imported.notes,
    )


def _team_book(data: bytes, source: str, check: bool | None, confirm: Confirm | None) -> TrfBook:
    book, event, noted = book_from_team_trf(data)
    if check:
        noted = [*noted, "a team event's rounds are not checked at import: ratingbook check does"]
    return TrfBook(
        book, tuple(noted), f"{many(len(event.teams), 'team')}, {paired_text(event.paired_rounds)}"
    )


#: Each event kind's builder, by the kind's name: ``(the file's bytes, its name, check,
#: confirm) -> TrfBook`` (``check`` and ``confirm`` as :func:`book_of_trf` takes them).
TRF_BOOKS: Mapping[str, Callable[[bytes, str, bool | None, Confirm | None], TrfBook]] = {
    "individual": _individual_book,
    "team": _team_book,
}


def book_of_trf(
    data: bytes,
    source: str = "TRF file",
    *,
    check: bool | None = None,
    confirm: Confirm | None = None,
) -> TrfBook:
    """The workbook of a TRF16 or TRF-2026 file's bytes, of the kind of event it holds;
    ``source`` names the file in the Event Log of an individual event (FIDE mode, #25), whose
    rounds are checked against the pairing rules (``check``: None in FIDE mode only; a round
    that breaks them there waits on ``confirm``, :func:`~ratingbook.templates.trf_book.
    book_from_trf`)."""
    return TRF_BOOKS[kind_of_trf(data).name](data, source, check, confirm)
