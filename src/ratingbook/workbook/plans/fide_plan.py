"""FIDE mode in a run: what changed since the log last recorded, the warnings, the confirmations.

This module alone decides, for every run on a Swiss event (recalc, pair, unpair, the manual
phase), which changes are logged in ``Event Log``, which warnings are shown (level 2), which acts
wait for a confirmation (levels 3 and 4) and which are refused (level 5, in FIDE mode), and what
is written: the log's new rows, the new ``Event State``, the ``Confirm`` and ``Manual Pairing``
cells consumed, "not in FIDE mode" on every printout title and summary of an event that left it.
Everything is decided before anything is written: a refusal writes nothing.

The confirmation itself is not asked here. The plan comes back with a
:class:`~ratingbook.workbook.port.book.Pending` part (:class:`LogRecord`): the acts that wait, and
how to finish the log once the run's confirmation is known. The session
(:mod:`ratingbook.session`) asks the front end (the command line's ``--confirm`` /
``--i-understand`` flags or its prompt, Excel's OK/Cancel message box) and finishes it. In every
front end the ``Confirm`` setting of ``Swiss Settings`` confirms too (the only way in xlwings
Server and Lite, which have no message box): it names the act (``Correction round 4``; for a
level-4 act ``Leave FIDE mode: I understand``), several separated by ``;``; it is read here.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from ratingbook.core.cells import is_blank
from ratingbook.core.results import Result
from ratingbook.core.tables import Grid
from ratingbook.core.typed_commands import typed_command
from ratingbook.errors import ConfirmationError, Location, RatingbookError
from ratingbook.events.as_paired import READ_KINDS, pairing_views
from ratingbook.events.board_order import board_order_problem
from ratingbook.events.event import SwissEntry, SwissEvent
from ratingbook.events.fide_mode.changes import LoggedChange, changes
from ratingbook.events.fide_mode.corrections import as_recorded
from ratingbook.events.fide_mode.log import LogEntry, LogKind, WarningLevel, act_label, chain
from ratingbook.events.fide_mode.machine import (
    UNDERSTOOD,
    Act,
    acts_to_confirm,
    manual_step,
    mode_after,
    typed_names,
)
from ratingbook.events.fide_mode.manual import manual_pairing_problems, results_on_changed_boards
from ratingbook.events.fide_mode.state import (
    EventState,
    Pair,
    boards,
    pairs_of,
    results_by_board,
    state_from_rows,
    state_of,
)
from ratingbook.events.long_event import reported
from ratingbook.events.settings import CONFIRM, MANUAL_PAIRING, SwissSettings
from ratingbook.events.team import TeamSettings
from ratingbook.workbook.plans.fide_shape import last_round_rechecked
from ratingbook.workbook.plans.rating_corrections import (
    correction_texts,
    read_rating_corrections,
    with_rated_report,
)
from ratingbook.workbook.port.book import GeneratedSheet, Plan, WriteBlock
from ratingbook.workbook.port.run_request import RunRequest
from ratingbook.workbook.sheets.event_log_sheet import (
    EVENT_LOG,
    EVENT_STATE,
    last_digest,
    log_sheet,
    read_log,
    read_state,
    state_sheet,
    user_name,
)
from ratingbook.workbook.sheets.reading import Sheets, column_block, read
from ratingbook.workbook.sheets.schemas import SWISS_SETTINGS

__all__ = [
    "IN_BOOK",
    "SHOWN",
    "LogRecord",
    "book_confirmation",
    "book_gate",
    "log_now",
    "logged_line",
    "plan_imported_log",
    "plan_taken",
    "read_record",
    "refusal",
    "starts_manual_phase",
    "taken_back",
    "with_event_log",
]

#: How to confirm where nobody can be asked (xlwings Server and Lite, a run from code).
IN_BOOK = (
    "type the act's name in the Confirm setting of Swiss Settings (a level-4 act followed by "
    f"'{UNDERSTOOD.strip()}'), then run again"
)


def refusal(asks: Sequence[Act], how: str, warnings: Sequence[str] = ()) -> ConfirmationError:
    """The refusal of acts nobody confirmed: each act and its warning, every other warning the
    run found (a refusal hides no problem), and how to confirm."""
    lines = [f"{f'level {a.level}: ' if a.level else ''}{a.name}: {a.warning}" for a in asks]
    return ConfirmationError(
        "nothing was changed: " + " | ".join([*lines, *warnings]) + f" -- to go on, {how}"
    )


NOT_FIDE = "not in FIDE mode"
#: What the log's Confirmation says of a level-2 change: its warning was shown.
SHOWN = "level 2 warning shown"


def frozen_rounds(entries: Sequence[LogEntry]) -> dict[int, int]:
    """The rounds of the rating periods the log says were reported (an event over 30 days),
    each with its period."""
    texts = [e.after for e in entries if e.kind is LogKind.PERIOD_REPORT]
    return {r: period for period, (rounds, _) in reported(texts).items() for r in rounds}


def log_now(request: RunRequest) -> str:
    """When a run's rows are logged: the request's time, else the clock (ISO 8601, UTC)."""
    if request.now:
        return request.now
    return _dt.datetime.now(_dt.UTC).replace(microsecond=0).strftime("%Y-%m-%dT%H:%M:%SZ")


def read_record(sheets: Sheets) -> tuple[list[LogEntry], EventState | None, list[str]]:
    """The event's record as the book holds it: the log's rows, the state it last recorded
    (None: none yet, or ``Event State`` deleted), and the level-2 warnings about them (a row
    changed by hand, rows deleted or added at the log's end, the state deleted)."""
    entries, warnings = read_log(sheets)
    recorded = read_state(sheets)
    if recorded is not None and recorded.log and recorded.log != last_digest(entries):
        warnings.append(
            f"level 2 warning: sheet {EVENT_LOG!r} row {len(entries) + 1}: the log's last row is "
            "not the one ratingbook wrote last: rows were deleted or added at its end by hand "
            "(the log is tamper-evident: ratingbook says so, and goes on from the rows there)"
        )
    if recorded is None and entries:
        warnings.append(
            f"level 2 warning: sheet {EVENT_STATE!r} was deleted by hand: the changes made "
            "since the last run cannot be found; the log goes on from the book as it is"
        )
    return entries, recorded, warnings


def taken_back(entry: SwissEntry, rounds: Sequence[int]) -> bool:
    """Whether unpairing ``rounds`` takes ``entry`` back (a requested bye stays)."""
    requested = entry.result is not None and entry.result.is_requested_bye
    return entry.round in rounds and not requested


def _settings_place(event: SwissEvent, name: str) -> Location | None:
    return event.settings.places.get(name)


def _manual_request(event: SwissEvent, request: RunRequest) -> tuple[str, int] | None:
    if request.manual is not None:
        return request.manual
    typed = event.settings.manual_pairing.casefold()
    if not typed:
        return None
    if typed == "end":
        return ("end", 0)
    words = typed.split()
    if len(words) == 2 and words[0] == "round" and words[1].isdigit():
        return ("start", int(words[1]))
    raise RatingbookError(
        f"Manual Pairing {event.settings.manual_pairing!r}: expected 'Round N' to start the "
        "manual pairing of round N, or 'End' to end it",
        _settings_place(event, MANUAL_PAIRING),
        "Value",
    )


def starts_manual_phase(event: SwissEvent, request: RunRequest) -> bool:
    """Whether the run asks to start (or keep) a manual-pairing phase (``manual-pairing
    start``, or ``Manual Pairing`` = ``Round N``): such a run pairs no next round, as the
    arbiter pairs the last paired round by hand (Auto-pair waits until the phase ends)."""
    asked = _manual_request(event, request)
    return asked is not None and asked[0] == "start"


def _manual(
    old: EventState,
    event: SwissEvent,
    request: tuple[str, int] | None,
    typed: bool,
    source: str,
) -> tuple[int, list[LoggedChange], list[str]]:
    """The manual phase after this run (the machine's step), its change (at its end: the
    round's pairing against the engine's) and its summary lines. A step refused names the
    ``Manual Pairing`` cell when it asked (``typed``), and no cell when a command did;
    ``source``: the file the run reads, for the command a refusal suggests."""
    try:
        step = manual_step(old.manual, request, event.paired_rounds, recorded=old.paired_rounds)
    except RatingbookError as error:
        how = ""
        if old.manual:  # every step refused while a phase is open waits for its end
            how = f" ({typed_command('manual-pairing end', source)}, or Manual Pairing = End)"
        place = _settings_place(event, MANUAL_PAIRING) if typed else None
        raise RatingbookError(error.problem + how, place, "Value" if place else None) from None
    if not step.ended:
        return step.open, [], [step.line] if step.line else []
    number = step.ended
    engine, now = old.pairs(number), pairs_of(event, number)
    order = board_order_problem(event, number)  # boards changed by hand: VCL 187-188
    if engine == now:
        kept = f"manual pairing of round {number} ended: the engine's pairing is kept"
        return 0, [], [kept, *([f"level 2 warning: {order}"] if order else [])]
    problems = manual_pairing_problems(event, number, [p for p in now if p not in engine])
    problems += results_on_changed_boards(event, number, engine)  # typed for another game?
    if old.paired_rounds > number:  # a phase an earlier ratingbook left open past its round
        problems.append(
            (
                WarningLevel.REFUSE,
                f"round {old.paired_rounds} was paired on round {number}'s boards while the "
                "phase was open: they can no longer change (put them back as paired)",
            )
        )
    if order:
        problems.append((WarningLevel.ACKNOWLEDGE, order))
    level = max((lvl for lvl, _ in problems), default=WarningLevel.ACKNOWLEDGE)
    numbers = event.start_numbers()
    change = LoggedChange(
        LogKind.MANUAL_PAIRING,
        number,
        boards(engine, numbers),
        boards(now, numbers),
        level,
        f"Manual pairing round {number}",
        "; ".join(text for _, text in problems)
        or f"round {number}'s pairing differs from the engine's",
    )
    # its problems are said once: as a level-2 warning with the run's others, or in the
    # question a higher level asks
    return 0, [change], [f"manual pairing of round {number} ended"]


def _asked(result: str) -> bool:
    """A requested bye (half-, full- or zero-point) as the state writes it."""
    return any(r.value == result and r.is_requested_bye for r in Result)


def _rules_pairing(event: SwissEvent, number: int) -> list[Pair] | None:
    """The pairing the rules give round ``number`` of ``event`` (gacrux's, from the rounds before
    it: the analysis the round's notes read, kept by event and round, so a recalc runs the
    engine once for both), or None when they give none or it cannot be read."""
    if event.settings.round_robin:
        return None  # a round robin's rounds are its Berger table's: no Dutch analysis
    from ratingbook.fide.gacrux.analysis import analyse_round

    try:
        prescribed = analyse_round(event, number).prescribed
    except RatingbookError:  # a round the engine cannot read: the row says what was typed
        return None
    if prescribed is None:
        return None
    return [(white, black or "PAB") for white, black in prescribed]


def _with_board_order(
    change: LoggedChange, event: SwissEvent, log: Sequence[LogEntry]
) -> LoggedChange:
    """A round typed into Swiss Games by hand (not by the engine), with what its boards'
    order breaks (C.04.2; VCL questions 187-188) added to its warning, on the scores it was
    paired on (``log``: the log with this run's rows, :func:`pairing_views`)."""
    if change.kind is not LogKind.PAIRING or not change.by_hand:
        return change
    view = next((v for v, ns in pairing_views(event, log) if change.round in ns), event)
    order = board_order_problem(view, change.round)
    return replace(change, warning=f"{change.warning}; {order}") if order else change


def book_confirmation(settings: SwissSettings | TeamSettings, acts: Sequence[Act]) -> str:
    """The ``Confirm`` setting's confirmation of ``acts`` (an error naming the cell when it
    does not name each act as its level asks)."""
    typed = settings.confirm
    given = {part.strip().casefold() for part in typed.split(";") if part.strip()}
    missing = [name for name in typed_names(acts) if name.casefold() not in given]
    if missing:
        raise ConfirmationError(
            f"Confirm {typed!r} does not confirm {'; '.join(repr(m) for m in missing)}: type "
            "exactly that (several separated by ';'); nothing was changed",
            settings.places.get(CONFIRM),
            "Value",
        )
    return f"Confirm setting: {typed}"


def logged_line(found: Sequence[LoggedChange]) -> str:
    """The summary line naming the act a run logs: ``logged: Correction round 4``."""
    return "logged: " + act_label((c.kind, c.round, c.before, c.after) for c in found)


def book_gate(
    settings: SwissSettings | TeamSettings, found: Sequence[LoggedChange], fide: bool
) -> tuple[tuple[Act, ...], str]:
    """The acts of this run that wait for a confirmation (the machine's levels), and the book's
    own confirmation of them (its ``Confirm`` setting, an individual or a team event's, ""
    when empty); a level-5 act in FIDE mode, or a ``Confirm`` setting that does not fit what
    the run does, is refused here."""
    acts = acts_to_confirm([(c.act, c.level, c.asked or c.warning) for c in found], fide=fide)
    if not acts:
        if settings.confirm:
            raise ConfirmationError(
                f"Confirm {settings.confirm!r}: nothing in this run needs a confirmation (clear "
                "the cell); nothing was changed",
                settings.places.get(CONFIRM),
                "Value",
            )
        return (), ""
    if settings.confirm:
        return acts, book_confirmation(settings, acts)
    return acts, ""


def _consumed_cells(sheets: Sheets, event: SwissEvent, manual_ended: bool) -> list[WriteBlock]:
    """The ``Confirm`` cell (always consumed) and ``Manual Pairing`` = End, emptied."""
    if sheets.actual(SWISS_SETTINGS.sheet) is None:
        return []
    rows: dict[int, object] = {}
    for name, used in ((CONFIRM, bool(event.settings.confirm)), (MANUAL_PAIRING, manual_ended)):
        place = _settings_place(event, name)
        if used and place is not None and place.row is not None:
            rows[place.row] = None
    if not rows:
        return []
    block = column_block(read(sheets, SWISS_SETTINGS), "Value", rows)
    return [block] if block is not None else []


def _titled(sheet: GeneratedSheet) -> GeneratedSheet:
    if sheet.print_setup is None:
        return sheet
    setup = sheet.print_setup
    return replace(sheet, print_setup=replace(setup, title=f"{setup.title} ({NOT_FIDE})"))


@dataclass(frozen=True, slots=True)
class LogRecord:
    """FIDE mode's part of a run, planned and waiting for its confirmation (the plan's
    :class:`~ratingbook.workbook.port.book.Pending`): what the log holds, the changes it adds, the
    state it records; :meth:`finish` writes them with the confirmation given."""

    asks: tuple[Act, ...]
    confirmed: str
    logged: tuple[LoggedChange, ...]
    entries: tuple[LogEntry, ...]
    state: EventState
    when: str
    who: str
    after: str
    quiet: bool = False
    """Nothing paired and nothing to log yet: the log starts with round 1 (no sheet written)."""
    warnings: tuple[str, ...] = ()
    """The warnings found besides the acts (levels 2 and 4), said with any question."""
    in_book: str = IN_BOOK
    """How to confirm where nobody can be asked: the Confirm setting."""

    def finish(self, confirmation: str) -> tuple[GeneratedSheet, ...]:
        if self.quiet:
            return ()
        fresh = [
            LogEntry(
                self.when,
                c.round,
                c.kind,
                c.before,
                c.after,
                c.who or self.who,
                confirmation
                if c.level >= WarningLevel.CONFIRM
                else (SHOWN if c.level == WarningLevel.ACKNOWLEDGE else ""),
            )
            for c in self.logged
        ]
        entries = list(self.entries)
        all_entries = [*entries, *chain(fresh, last_digest(entries))]
        state = replace(self.state, log=last_digest(all_entries) if all_entries else "")
        return (log_sheet(all_entries, self.after), state_sheet(state, EVENT_LOG))


def with_event_log(
    sheets: Sheets,
    event: SwissEvent,
    new_rows: Sequence[SwissEntry],
    views: Callable[[Sequence[LogEntry] | None], Plan],
    *,
    unpaired: tuple[int, ...] = (),
    read: SwissEvent | None = None,
) -> Plan:
    """The run's plan (``views``: what it writes for the event read from the book, ``event``,
    with the engine's ``new_rows``, given the Event Log its Pairing Notes read, None for the
    book's; ``unpaired``: the rounds this run takes back) with FIDE mode's part:
    the changes logged, the warnings, and the :class:`LogRecord` that waits for the run's
    confirmation (a :class:`~ratingbook.errors.ConfirmationError` before anything is written
    when the book's Confirm setting does not fit or a level-5 act is tried in FIDE mode).
    ``read``: the event as the book held it, when the run changed it before planning (games
    the pairing adjourned): a book without a log starts its log from it, so those changes are
    logged and warned too. Every run that writes an event's Pairing Notes comes here (recalc,
    pair, unpair, a result entered): when it logs a change that alters what a round already
    paired is judged on (a correction, an adjourned game's result:
    :mod:`ratingbook.events.as_paired`), its views are planned from the log with this run's
    rows in it, so its notes read that round as it was paired, as every later run's do."""
    request = sheets.request
    if not request.log:
        return views(None)
    if request.views_only:
        return _as_last_logged(sheets, event, views(None))
    after = event.with_entries(new_rows)
    if unpaired:
        kept = tuple(e for e in after.entries if not taken_back(e, unpaired))
        after = replace(after, entries=kept)
    entries, recorded, warnings = read_record(sheets)
    old = recorded
    if old is None:  # an event without a log: logging starts from this run
        start = read or event
        old = state_of(start, fide_mode=start.settings.fide_mode, left_in=0, manual=0)
        # the byes asked so far are warned now, as if typed in this run (VCL 174, 177-179)
        old = replace(old, games=tuple(g for g in old.games if g[2] or not _asked(g[3])))
        if not entries and start.settings.fide_mode and start.paired_rounds == 1:
            # A FIDE-mode event whose only round is in the book before its log starts: round 1
            # was typed into Swiss Games by hand (the engine's round 1 starts the log), so it
            # is logged and compared with the pairing the rules give it, as any round typed by
            # hand is (level 3; its board order level 2). Several rounds found where no log
            # is: an event brought from elsewhere, whose rounds are its log's starting point.
            old = replace(old, games=tuple(g for g in old.games if g[0] != 1))
    fide_place = _settings_place(event, "FIDE Mode")
    # Only a book with a FIDE Mode setting and a log can ask to turn the mode back on.
    asked_on = event.settings.fide_mode and (
        old.fide_mode or (fide_place is not None and recorded is not None)
    )
    try:
        fide_now, left_in = mode_after(
            on=old.fide_mode,
            asked_on=asked_on,
            left_in=old.left_in,
            paired_rounds=after.paired_rounds,
        )
    except ConfirmationError as error:
        raise ConfirmationError(error.problem, fide_place, "Value") from None
    asked = _manual_request(event, request)
    manual, manual_changes, manual_lines = _manual(
        old, after, asked, request.manual is None, request.source or request.book
    )
    corrections = read_rating_corrections(sheets, after)
    new = state_of(
        after,
        fide_mode=fide_now,
        left_in=left_in,
        manual=manual,
        rating=correction_texts(corrections),
    )
    if recorded is None:  # corrections typed before the log started are its starting point
        old = replace(old, rating=new.rating)
    if manual:  # the engine's pairing of the open round is kept until the phase ends
        games = [g for g in new.games if g[0] != manual] + [g for g in old.games if g[0] == manual]
        new = replace(new, games=tuple(sorted(games)))
    # results typed since the last run count too (unpairing a round with results is level 3)
    typed = {n: results_by_board(event, n) for n in {e.round for e in event.entries}}
    found = changes(
        old,
        new,
        after,
        engine_rounds={e.round for e in new_rows},
        unpaired=unpaired,
        typed=typed,
        book=request.book,
        source=request.source,
        frozen=frozen_rounds(entries),
        rules_pairing=lambda number, held: _rules_pairing(
            as_recorded(after, old) if held else after, number
        ),
    )
    # a phase ended: its round's pairing is logged before a round this run pairs on it
    at = next((i for i, c in enumerate(found) if c.round > old.manual), len(found))
    found[at:at] = manual_changes
    found += last_round_rechecked(old, after)
    now = [LogEntry("", c.round, c.kind, c.before, c.after, "") for c in found]
    found = [_with_board_order(c, after, [*entries, *now]) for c in found]
    plan = views([*entries, *now] if any(c.kind in READ_KINDS for c in found) else None)
    asks, confirmed = book_gate(event.settings, found, old.fide_mode)
    quiet = recorded is None and not found and not after.paired_rounds and new.fide_mode
    summary = list(plan.summary)
    if recorded is None and not entries:
        summary.append("Event Log started: changes from now on are logged (none before)")
    said = [*warnings, *[f"level 2 warning: {c.warning}" for c in found if c.level == 2]]
    summary += warnings
    summary += manual_lines
    summary += said[len(warnings) :]
    summary += [
        f"{c.act}: {c.warning}" for c in found if c.kind is LogKind.CORRECTION and c.warning
    ]
    if found:
        # named as history names the act: a manual tie-break's player and values with it
        summary.append(logged_line(found))
    sheets_out = list(with_rated_report(plan, after, corrections).sheets)
    if not new.fide_mode:
        left = f" (left in round {new.left_in})" if new.left_in else ""
        summary.insert(0, f"Not in FIDE mode{left}")
        sheets_out = [_titled(s) for s in sheets_out]
    ended = request_ended(event, request)
    record = LogRecord(
        asks=asks,
        confirmed=confirmed,
        logged=tuple(found),
        entries=tuple(entries),
        state=new,
        when=log_now(request),
        who=request.who or user_name(),
        after=sheets_out[-1].name if sheets_out else "Swiss Games",
        quiet=quiet,
        warnings=tuple(said),
    )
    if quiet:
        return replace(plan, pending=record)
    return Plan(
        blocks=(*plan.blocks, *_consumed_cells(sheets, event, ended)),
        sheets=tuple(sheets_out),
        summary=tuple(summary),
        pending=record,
    )


def _as_last_logged(sheets: Sheets, event: SwissEvent, plan: Plan) -> Plan:
    """``plan``'s sheets as a logged run writes them (the rating report, "not in FIDE mode" on
    every title of an event that left it), with nothing logged and nothing asked."""
    recorded = read_state(sheets)
    fide = event.settings.fide_mode and (recorded is None or recorded.fide_mode)
    sheets_out = list(with_rated_report(plan, event, read_rating_corrections(sheets, event)).sheets)
    if not fide:
        sheets_out = [_titled(s) for s in sheets_out]
    return replace(plan, sheets=tuple(sheets_out))


def request_ended(event: SwissEvent, request: RunRequest) -> bool:
    """Whether the book's ``Manual Pairing`` cell asked to end the phase (then it is emptied)."""
    return request.manual is None and event.settings.manual_pairing.casefold() == "end"


def plan_imported_log(names: Sequence[str], event: SwissEvent, log: Sequence[LogEntry]) -> Plan:
    """The ``Event Log`` and ``Event State`` of a book just built from a file: the file's log
    (the import itself its last row) and the event as imported, FIDE mode as the log says."""
    left = [e.round for e in log if e.kind is LogKind.FIDE_MODE_OFF]
    state = state_of(event, fide_mode=not left, left_in=left[0] if left else 0, manual=0)
    after = names[-1] if names else "Swiss Games"
    return Plan(sheets=(log_sheet(list(log), after), state_sheet(state, EVENT_LOG)))


def plan_taken(
    sheets: Sheets,
    label: str,
    round_number: int,
    state: Grid,
    *,
    back: bool,
    confirmation: str = "",
) -> tuple[GeneratedSheet, GeneratedSheet]:
    """An act taken back (``back``) or given back, in FIDE mode's record: the ``Event Log``
    with an ``Undo`` (``Redo``) row naming the act, chained after every row there (the log
    loses no row), and the ``Event State`` as ``state`` holds it (the state the act found, or
    left), its log digest the new last row's; ``confirmation``: the one given for an undo that
    cleared or kept typed values (logged as every confirmation is)."""
    request = sheets.request
    entries, _ = read_log(sheets)
    entry = LogEntry(
        log_now(request),
        round_number,
        LogKind.UNDO if back else LogKind.REDO,
        label,
        "taken back" if back else "given back",
        request.who or user_name(),
        confirmation,
    )
    all_entries = [*entries, *chain([entry], last_digest(entries))]
    rows = [
        (row[0], str(row[1]).removeprefix("'"))
        for row in state[1:]
        if len(row) >= 2 and not is_blank(row[0])
    ]
    recorded = replace(state_from_rows(rows), log=last_digest(all_entries))
    names = list(sheets.names.values())
    return log_sheet(all_entries, names[-1] if names else EVENT_LOG), state_sheet(
        recorded, EVENT_LOG
    )
