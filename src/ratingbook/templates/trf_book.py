"""A Swiss workbook made from an event: what ``ratingbook trf import`` writes.

This module alone decides how an event read from a TRF file fills the Swiss template's input
sheets (``Swiss Settings``, ``Swiss Players``, ``Swiss Games``, ``Forbidden Pairs`` when the
file forbids pairs (260, ``XXP``), and ``Prizes`` when it gives prizes); the generated sheets
are then computed as a recalc would, without pairing a round.

It also decides when the imported rounds are checked against the pairing rules (FIDE's
checklist Q54-55, :mod:`ratingbook.reports.import_check`): by default when the book is in FIDE
mode, where a round that breaks them is a level-3 warning the import waits on (the caller's
``confirm`` gives the confirmation, or the import is refused and nothing is written) and an
``Import`` row of the Event Log (``### Import @ Round n: …`` in the TRF); ``check`` asks for the
check outside FIDE mode (said and logged, nothing to confirm) or leaves it out (the import's
own row says ``pairings not checked``). The check costs about as much as pairing each round
again, which is why it can be left out.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace

from ratingbook.core.counts import many
from ratingbook.core.encoding import decode_legacy
from ratingbook.errors import ConfirmationError
from ratingbook.events.as_paired import corrected_after_pairing, correction_note
from ratingbook.events.event import SwissEntry, SwissEvent
from ratingbook.events.prize_rules import Prize
from ratingbook.events.settings import settings_values
from ratingbook.reports.import_check import ImportBreach, import_breaches
from ratingbook.reports.stages import paired_text
from ratingbook.session import Rank, RecordImport, Session
from ratingbook.templates.writer import TemplateBook, build_template, sample_rows
from ratingbook.trf.importer import import_trf
from ratingbook.trf.log_comments import import_logged
from ratingbook.trf.setting_comments import states_rated
from ratingbook.workbook.sheets.end_reports import PRIZES
from ratingbook.workbook.sheets.event_log_sheet import user_name
from ratingbook.workbook.sheets.event_rows import entry_cells, player_cells
from ratingbook.workbook.sheets.forbidden_pair_rows import forbidden_pair_cells
from ratingbook.workbook.sheets.prize_rows import prize_cells
from ratingbook.workbook.sheets.schemas import (
    FORBIDDEN_PAIRS,
    SWISS_EVENT_GAMES,
    SWISS_PLAYERS,
    SWISS_SETTINGS,
)

__all__ = ["ImportedBook", "book_from_trf", "event_rows"]


@dataclass(frozen=True, slots=True)
class ImportedBook:
    """A Swiss workbook built from a TRF file, the event it holds, and what the import noted."""

    book: TemplateBook
    event: SwissEvent
    warnings: tuple[str, ...]
    #: The imported rounds that break the pairing rules (none when they were not checked).
    breaches: tuple[ImportBreach, ...] = ()
    #: Whether the rounds were checked against the pairing rules.
    checked: bool = False
    #: Whether the file says if the event is FIDE-rated (ratingbook's ``### FIDE Rated`` line;
    #: TRF-2026 has no field for it): else ``FIDE Rated`` is left empty, and the summary says so.
    rated_stated: bool = True
    #: What the check said of how it judged the rounds (a round paired before a result it
    #: follows was corrected is judged on the result then: :mod:`ratingbook.events.as_paired`).
    notes: tuple[str, ...] = ()


#: What confirms the import's level-3 warnings: given them, it returns the confirmation the
#: Event Log keeps, or raises a :class:`~ratingbook.errors.ConfirmationError` (nothing written).
Confirm = Callable[[Sequence[ImportBreach]], str]


def book_from_trf(
    data: bytes,
    source: str = "TRF file",
    *,
    check: bool | None = None,
    confirm: Confirm | None = None,
) -> ImportedBook:
    """The Swiss workbook of a TRF16 or TRF-2026 file's bytes (UTF-8, CP1252 or Latin-1).

    Bad records raise :class:`~ratingbook.trf.records.TrfError` naming the line and column.
    FIDE mode (#25): the book is in FIDE mode unless the file's log says it was left; its
    ``Event Log`` is the file's log with the import (from ``source``) as its next row, then an
    ``Import`` row for each imported round that breaks the pairing rules. ``check``: whether
    the rounds are checked (None: in FIDE mode only); a breach in FIDE mode is a level-3
    warning that ``confirm`` confirms (without ``confirm``, a ConfirmationError).
    """
    text = decode_legacy(data)
    imported = import_trf(text)
    event = imported.event
    event = replace(event, settings=replace(event.settings, fide_mode=imported.fide_mode))
    rows = event_rows(event, imported.prizes)
    book = TemplateBook(build_template("swiss", rows=rows, recalc=False))
    Session(book).run(Rank())
    checked = imported.fide_mode if check is None else check
    booked = _as_booked(book) if checked else event
    breaches = import_breaches(booked, source, imported.log) if checked else ()
    corrected = corrected_after_pairing(booked, imported.log) if checked else {}
    notes = tuple(correction_note(n, games) for n, games in sorted(corrected.items()))
    confirmation = ""
    if breaches and imported.fide_mode:
        if confirm is None:
            raise ConfirmationError(
                f"nothing was written: importing {source} waits for a confirmation (level 3, "
                "FIDE mode): " + " | ".join(b.warning for b in breaches)
            )
        confirmation = confirm(breaches)
    summary = (
        f"{many(len(event.players), 'player')}, {paired_text(event.paired_rounds, verb='paired')}"
    )
    if event.paired_rounds and not checked:
        summary += "; pairings not checked"
    when = _dt.datetime.now(_dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    log = import_logged(
        imported.log,
        source,
        summary,
        user_name(),
        when,
        event.paired_rounds,
        [(b.round, b.rules, b.file) for b in breaches],
        confirmation,
    )
    Session(book).run(RecordImport(event, tuple(log)))
    return ImportedBook(
        book,
        event,
        tuple(imported.warnings),
        breaches,
        checked,
        rated_stated=states_rated(text),
        notes=notes,
    )


def _as_booked(book: TemplateBook) -> SwissEvent:
    """The event as the book holds it (its rows in the sheet's order, as every recalc reads
    it): the check reads the analyses of its rounds, which the recalc just run made for the
    round ``Pairings`` shows and the book's later recalcs read again."""
    from ratingbook.workbook.sheets.event_book import read_event

    return read_event(book)


def event_rows(
    event: SwissEvent, prizes: Sequence[Prize] = ()
) -> dict[str, list[Sequence[object] | Mapping[str, object]]]:
    """The template's three input sheets filled with the event (columns in the template's
    order), ``Forbidden Pairs`` with the event's bans and a ``Prizes`` sheet with ``prizes``
    when there are any."""
    values = settings_values(event.settings)
    sample = sample_rows("swiss")[SWISS_SETTINGS.sheet]
    settings: list[Sequence[object] | Mapping[str, object]] = [
        (name, values.get(str(name)), *rest) for name, _value, *rest in sample
    ]
    # Settings the template does not list (the file's city, arbiters, ...) follow its rows.
    listed = {str(row[0]) for row in sample}
    width = max((len(row) for row in sample), default=2)
    settings += [
        (name, value, *[None] * (width - 2))
        for name, value in values.items()
        if value is not None and name not in listed
    ]
    numbers = event.start_numbers()
    players: list[Sequence[object] | Mapping[str, object]] = [
        player_cells(p, numbers[p.name]) for p in event.start_order
    ]
    order = sorted(event.entries, key=_row_place)
    games: list[Sequence[object] | Mapping[str, object]] = [entry_cells(e, numbers) for e in order]
    rows = {
        SWISS_SETTINGS.sheet: settings,
        SWISS_PLAYERS.sheet: players,
        SWISS_EVENT_GAMES.sheet: games,
    }
    if event.forbidden:
        rows[FORBIDDEN_PAIRS.sheet] = [forbidden_pair_cells(ban) for ban in event.forbidden]
    if prizes:
        rows[PRIZES.sheet] = [prize_cells(p) for p in prizes]
    return rows


def _row_place(entry: SwissEntry) -> tuple[int, int, int]:
    """Where a row sits in ``Swiss Games``, as the book itself puts it: a round's requested byes
    (no board: typed before the round is paired) first, then the rows the pairing appends under
    them, its boards in order and the pairing-allocated bye (the board after the last)."""
    return (entry.round, entry.board is not None, entry.board or 0)
