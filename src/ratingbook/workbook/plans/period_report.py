"""A rating period's report written, and frozen (an event over 30 days, FIDE's checklist
Q211-216): the Event Log's ``Period Report`` row, once a period.

The first report of a period is logged with the SHA-256 of its file; from then on the
period's rounds are frozen (a correction of their results is refused in FIDE mode:
:mod:`ratingbook.events.fide_mode.changes`), and writing the period's report again gives the
same file or is refused. What the period holds is :mod:`ratingbook.events.long_event`'s; the
file is :func:`ratingbook.trf.exporter.export_period_trf`'s.
"""

from __future__ import annotations

import hashlib
from dataclasses import replace

from ratingbook.errors import RatingbookError
from ratingbook.events.event import SwissEvent
from ratingbook.events.fide_mode.changes import LoggedChange
from ratingbook.events.fide_mode.log import LogKind
from ratingbook.events.long_event import periods_of, report_text, reported, waiting_rounds
from ratingbook.events.periods import RatingPeriod
from ratingbook.trf.exporter import export_period_trf
from ratingbook.workbook.port.book import Plan
from ratingbook.workbook.sheets.event_book import read_event_tables
from ratingbook.workbook.sheets.event_log_sheet import read_log
from ratingbook.workbook.sheets.reading import Sheets

__all__ = ["file_digest", "period_file", "plan_period_report", "the_period"]


def file_digest(text: str) -> str:
    """The SHA-256 of a report's file as it is written (UTF-8, lines ending CR LF, as every
    TRF ratingbook writes), so that ``sha256sum`` of the file gives what the log says."""
    return hashlib.sha256(text.replace("\n", "\r\n").encode("utf-8")).hexdigest()


def the_period(event: SwissEvent, number: int) -> RatingPeriod:
    """Period ``number`` of an event over 30 days, or an error saying what is wrong."""
    settings = event.settings
    if not settings.over_30_days:
        raise RatingbookError(
            "a period's rating report is for an event over 30 days: set Over 30 Days to On "
            "(and Rating Periods) in Swiss Settings"
        )
    periods = periods_of(settings, event.paired_rounds)
    if not 1 <= number <= len(periods):
        raise RatingbookError(f"period {number}: the event has periods 1 to {len(periods)}")
    return periods[number - 1]


def period_file(event: SwissEvent, number: int) -> tuple[RatingPeriod, str]:
    """Period ``number`` and its report's file, refused while one of its rounds is not
    finished (a report holds results)."""
    period = the_period(event, number)
    waiting = waiting_rounds(event, period)
    if waiting or event.paired_rounds < period.last:
        rounds = ", ".join(map(str, waiting)) or f"{event.paired_rounds + 1}-{period.last}"
        raise RatingbookError(
            f"{period.label} is not finished (round {rounds}: not every result is in): its "
            "rating report is written once its last round is played"
        )
    # Ranked as the standings rank the period's own event (the one source of every rank: its
    # tie-break list, the one the file's 202 record names; C.07), not by points alone.
    from ratingbook.reports.swiss_grids import standings_grid

    return period, export_period_trf(event, period, lambda own: standings_grid(own)[1])


def plan_period_report(sheets: Sheets, recalc: Plan, number: int) -> Plan:
    """``recalc`` (the book's recalc, its log pending) with period ``number``'s report logged.
    Refused, nothing written, when a round of the period is not finished, or when the period
    was reported and its file is no longer the same (it is frozen)."""
    period, text = period_file(read_event_tables(sheets).event, number)
    entries, _ = read_log(sheets)
    digest = file_digest(text)
    done = reported([e.after for e in entries if e.kind is LogKind.PERIOD_REPORT])
    if period.number in done:
        _, was = done[period.number]
        if was != digest:
            raise RatingbookError(
                f"{period.label}'s rating report was written before (the Event Log's "
                f"{LogKind.PERIOD_REPORT.value} row, sha256 {was[:12]}...): it is frozen, and "
                "the event now gives another file (a result, a player or a rating of its rounds "
                "changed since); "
                "nothing was written"
            )
        return replace(recalc, summary=(*recalc.summary, f"{period.label}: the report as written"))
    pending = recalc.pending
    if pending is None:
        raise RatingbookError("this book keeps no Event Log: a period's report cannot be frozen")
    logged = LoggedChange(
        LogKind.PERIOD_REPORT, period.last, "", report_text(period, digest), by_hand=False
    )
    pending = replace(pending, logged=(*pending.logged, logged))  # type: ignore[type-var]
    summary = (*recalc.summary, f"logged: Period Report {period.label}: its rounds are frozen")
    return replace(recalc, pending=pending, summary=summary)
