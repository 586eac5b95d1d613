"""The session: the one door every front end goes through to change a book.

This module alone holds the sequence of a run, once for every front end (the command line, desktop
Excel, xlwings Server and Lite, the templates): read the book, plan the command (nothing written),
settle FIDE mode's confirmations (the book's Confirm setting, a confirmation offered before the run
such as ``--confirm``, or a :class:`~ratingbook.session.commands.NeedsConfirmation` the front end
answers), keep the act for undo (:mod:`ratingbook.session.history`), check and write. A front end
only opens the book, says how it confirms, and shows the outcome; it never plans, and no state is
shared behind the calls: the request travels with the sheets, what a run did comes back in its
plan.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING

from ratingbook.core.tables import Grid, header_key
from ratingbook.errors import ConfirmationError, RatingbookError
from ratingbook.session.commands import (
    Command,
    Done,
    ManualPairing,
    NeedsConfirmation,
    Offer,
    Outcome,
    RecordImport,
    Redo,
    Undo,
)
from ratingbook.session.history import (
    RECORD_SHEETS,
    History,
    Kept,
    cells_of,
    history_sheet,
    predicted,
    read_history,
    row_at,
)
from ratingbook.session.kept_acts import KEPT_FROM
from ratingbook.session.looks_kept import (
    block_heights,
    given,
    heights_before,
    looks_before,
    looks_now,
)
from ratingbook.session.planning import plan_command
from ratingbook.session.taking import Taking, brought_back, take
from ratingbook.workbook.actions import plan_recalc
from ratingbook.workbook.port.book import (
    Book,
    GeneratedSheet,
    Plan,
    apply_plan,
    cells_written,
    check_finite,
    finished,
)
from ratingbook.workbook.port.grid_book import MemoryBook
from ratingbook.workbook.port.run_request import RunRequest
from ratingbook.workbook.sheets.reading import Sheets
from ratingbook.workbook.sheets.schemas import (
    DESK_RESULTS,
    EVENT_HISTORY,
    EVENT_LOG,
    EVENT_STATE,
    FORBIDDEN_PAIRS,
    GAMES_ARCHIVE,
    SWISS_GAMES,
    SWISS_PLAYERS,
    SWISS_SETTINGS,
    TEAM_BOARDS,
    TEAM_MATCHES,
    WEEKLY_STANDINGS,
)

if TYPE_CHECKING:  # FIDE mode's modules load only for an event that keeps a log
    from ratingbook.events.fide_mode.changes import LoggedChange

__all__ = ["Session"]

#: Where a change typed by hand and then logged was typed, for every kind of the log: the sheet
#: its run reads it from (the Swiss Games rows of its round for the kinds in :data:`_BY_ROUND`),
#: or None for a kind only a command makes. A change typed by hand is part of its run's act with
#: its cells' values before the typing, so that its undo puts them back with the record; a kind
#: missing here would leave them out, and the next run would log the change again (a typed
#: ``Tie-break Value`` once did). :func:`_typed_in` refuses a kind it does not know.
_TYPED_IN: dict[str, str | None] = {
    "Pairing": SWISS_GAMES.sheet,  # a round typed by hand (the engine's: not by hand)
    "Unpairing": SWISS_GAMES.sheet,  # a round's rows deleted by hand
    "Manual Pairing": SWISS_GAMES.sheet,
    "Correction": SWISS_GAMES.sheet,
    "Adjournment": SWISS_GAMES.sheet,  # an adjourned game's result typed
    "Bye": SWISS_GAMES.sheet,  # a requested bye typed in its round
    "Rating Correction": "Rating Corrections",
    "Setting": SWISS_SETTINGS.sheet,
    "FIDE Mode Off": SWISS_SETTINGS.sheet,
    "Late Entry": SWISS_PLAYERS.sheet,
    "Start Numbers": SWISS_PLAYERS.sheet,
    "Withdrawal": SWISS_PLAYERS.sheet,
    "Manual Tie-break": SWISS_PLAYERS.sheet,  # the Tie-break Value column
    "Forbidden Pair": FORBIDDEN_PAIRS.sheet,
    "Import": None,
    "Undo": None,
    "Redo": None,
    "Period Report": None,
    "Desk Result": None,
}
#: Where a team event's changes typed by hand are typed (its log keeps a few of the kinds,
#: :mod:`ratingbook.events.fide_mode.team_changes`): the rows of their round.
_TEAM_TYPED_IN: dict[str, tuple[str, ...]] = {
    "Pairing": (TEAM_MATCHES.sheet, TEAM_BOARDS.sheet),  # a round typed by hand
    "Unpairing": (TEAM_MATCHES.sheet, TEAM_BOARDS.sheet),  # a round's rows deleted by hand
    "Correction": (TEAM_BOARDS.sheet,),
}
_BY_ROUND = ("Pairing", "Unpairing", "Manual Pairing", "Correction", "Adjournment", "Bye")
#: How many cells a confirmation or a summary names before it counts the rest.
_NAMED = 8
#: Sheets a run writes whole that a recalc never rebuilds: the camp's archives of each week, and
#: the desk's record of the results it took (``Desk Results``: an undone take's rows go with
#: its results, and the desk reads those boards as not taken). An act's undo and redo take them
#: cell by cell, as the input sheets.
_ARCHIVES = (GAMES_ARCHIVE, WEEKLY_STANDINGS, DESK_RESULTS)
#: The kind an act no log records is kept with (the log's kinds are FIDE mode's). Such acts are
#: named by their plan (``Plan.act``; a ladder's new week archives the week and empties its
#: games, whether ``NewWeek`` or a recalc after the Week cell was raised asked; a desk's take
#: where the event keeps no log is ``planning.DESK_TAKE``): :mod:`~ratingbook.session.kept_acts`
#: says them all. An event's logged acts are kept as logged.
_NOT_LOGGED = "Not logged"


class Session:
    """Commands on one book, each read, planned, confirmed, kept for undo and written.

    ``who`` and ``now`` stand in for the user name and the clock in the Event Log; ``log``
    False plans an event without its log (a template's sample event). ``today`` dates a ladder
    week that ends. ``name`` is the file the run leaves the book in as the user names it (the
    command line's path), ``source`` the file it reads ("" : ``name``), for the commands a
    message suggests (a refusal's name ``source``, where the event stays).
    """

    def __init__(
        self,
        book: Book,
        *,
        who: str = "",
        now: str = "",
        log: bool = True,
        today: _dt.date | None = None,
        name: str = "",
        source: str = "",
    ) -> None:
        self.book = book
        self._who, self._now, self._log, self._today = who, now, log, today
        self._name, self._source = name, source or name

    # --- the door ------------------------------------------------------------------------------

    def run(
        self,
        command: Command,
        *,
        offer: Offer | None = None,
        dry_run: bool = False,
        read: Sheets | None = None,
    ) -> Outcome:
        """Run ``command``: :class:`Done` once written (``dry_run``: planned, nothing written),
        or :class:`NeedsConfirmation` when an act waits for a confirmation that ``offer`` (one
        given before the run) does not make. Bad input raises a
        :class:`~ratingbook.errors.RatingbookError` naming its cell; nothing is written.
        ``read``: the sheets :meth:`sheets` gave, already looked at by the front end (the
        results desk choosing what to take), so that the book is read once."""
        if isinstance(command, Undo | Redo):
            if dry_run:
                raise RatingbookError("an undo or a redo cannot be tried without writing it")
            if read is not None:
                raise ValueError("an undo or a redo reads the book itself")
            return self._take(back=isinstance(command, Undo), offer=offer)
        manual = (command.action, command.round) if isinstance(command, ManualPairing) else None
        dated = getattr(command, "today", None)
        today = dated or self._today
        request = self._request(manual)
        if read is None:
            sheets = Sheets(self.book, today, request)
        elif read.book is self.book and read.request == request and dated is None:
            sheets = read
        else:
            raise ValueError("those sheets were read for another run: ask this session's sheets()")
        plan, details = plan_command(command, sheets)
        if dry_run:
            return Done(plan, details=details)
        # an imported event's book as written is kept as the snapshot later typing is found
        # against (its first correction is then the cell typed, not its round)
        snapshot = isinstance(command, RecordImport)
        return self._settle(sheets, plan, offer, details, snapshot=snapshot)

    def sheets(self) -> Sheets:
        """The book's sheets as this session's next run reads them, each on demand and once:
        a front end that looks at the book before it asks hands them back to :meth:`run`
        (``read``), and the book is read once (a command that brings its own date, or a manual
        pairing, reads its own)."""
        return Sheets(self.book, self._today, self._request(None))

    def _request(self, manual: tuple[str, int] | None) -> RunRequest:
        return RunRequest(
            manual=manual,
            who=self._who,
            now=self._now,
            log=self._log,
            book=self._name,
            source=self._source,
        )

    def history(self) -> list[tuple[int, str, str]]:
        """The acts the book keeps, oldest first: (number, "done" or "undone", what it was)."""
        history = self._history(Sheets(self.book))
        return [
            (n, "undone" if a.undone else "done", a.label)
            for n, a in enumerate(history.acts, start=1)
        ]

    def _settle(
        self,
        sheets: Sheets,
        plan: Plan,
        offer: Offer | None,
        details: tuple[str, ...],
        *,
        snapshot: bool = False,
    ) -> Outcome:
        pending = plan.pending
        if pending is None:
            if offer is not None:
                raise ConfirmationError(
                    f"{offer.text} given, but the book holds no Swiss event: nothing in this "
                    "run needs a confirmation; nothing was changed"
                )
            return self._write(sheets, plan, "", details, snapshot=snapshot)
        from ratingbook.events.fide_mode.machine import confirmation_of, steps_needed

        confirmation = confirmation_of(pending.asks, pending.confirmed, offer)
        if confirmation is not None:
            return self._write(sheets, plan, confirmation, details)
        return NeedsConfirmation(
            pending.asks,
            steps_needed(pending.asks),
            pending.in_book,
            lambda given: self._write(sheets, plan, given, details),
            pending.warnings,
        )

    # --- writing, and keeping the act ----------------------------------------------------------

    def _write(
        self,
        sheets: Sheets,
        plan: Plan,
        confirmation: str,
        details: tuple[str, ...],
        *,
        snapshot: bool = False,
    ) -> Done:
        """Write ``plan`` finished with ``confirmation``, the act kept for undo: a logged act of
        an event, or an act no log records (the plan's ``act``, e.g. a ladder's new week);
        ``snapshot``: the book as written is kept for later typing to be found against."""
        pending = plan.pending
        final = finished(plan, confirmation)
        logged: tuple[LoggedChange, ...] = ()
        kept = ""
        if pending is not None and (pending.logged or not plan.act):  # an event's log:
            logged = pending.logged  # its acts kept for undo as logged
            final, kept = self._kept(sheets, final, logged)
        elif snapshot:
            final, _ = self._kept(sheets, final, ())
        elif plan.act and self._log:  # no log (a team event's act confirmed): the plan's act
            final, kept = self._kept(sheets, final, (), plan.act)
        self._apply(final)
        return Done(final, logged, kept, details)

    def _apply(self, plan: Plan) -> None:
        check_finite(plan)
        writer = getattr(self.book, "apply", None)  # an adapter's own (Excel: no flicker)
        if callable(writer):
            writer(plan)
        else:
            apply_plan(self.book, plan)

    def _history(self, sheets: Sheets) -> History:
        actual = sheets.actual(EVENT_HISTORY)
        return read_history(sheets.grid(actual) if actual is not None else None)

    def _read(self, sheets: Sheets) -> dict[str, Grid]:
        return {
            n: g
            for n, g in sheets.all_grids().items()
            if header_key(n) != header_key(EVENT_HISTORY)
        }

    def _kept(
        self, sheets: Sheets, plan: Plan, logged: tuple[LoggedChange, ...], unlogged: str = ""
    ) -> tuple[Plan, str]:
        """``plan`` with the book's ``Event History``: the act it logs (if any), or the act
        ``unlogged`` names, kept for undo, the input sheets as it leaves them."""
        read = self._read(sheets)
        history = self._history(sheets)
        written = predicted(read, plan)
        generated = {s.name for s in plan.sheets} - {*RECORD_SHEETS, *_ARCHIVES}
        tall = block_heights(plan)  # the rows' heights, which a redo gives back too
        was = heights_before(self.book, tall)  # and theirs before, which an undo gives back
        label = ""
        if unlogged:
            act = cells_of(
                unlogged, read, written, generated, kinds=(_NOT_LOGGED,), heights=tall, former=was
            )
            if act.cells or act.made:
                label = unlogged
                history.acts = [a for a in history.acts if not a.undone] + [act]
        elif logged:
            from ratingbook.events.fide_mode.log import act_label  # a FIDE event's only

            label = act_label((c.kind, c.round, c.before, c.after) for c in logged)
            typed = _typed_in(logged, read, history.saved)
            kinds = tuple(dict.fromkeys(c.kind.value for c in logged))
            act = cells_of(
                label,
                read,
                written,
                generated,
                typed,
                history.saved,
                kinds,
                logged[0].round,
                tall,
                was,
            )
            level = max(c.level for c in logged)  # its undo and redo are acts of that level
            history.acts = [a for a in history.acts if not a.undone] + [replace(act, level=level)]
        if label:  # the formats of what it writes, as the book holds them before it
            whole = [x.name for x in plan.sheets if x.name in _ARCHIVES]  # rewritten whole
            skip = {*generated, *RECORD_SHEETS, EVENT_HISTORY}
            looks = looks_before(self.book, plan, written, skip, whole)
            history.acts[-1] = replace(history.acts[-1], looks=looks)
        saved = _inputs(written, generated)
        manual = sheets.request.manual
        if manual is not None and manual[0] == "start" and history.saved:
            saved = _round_as_saved(saved, history.saved, read, manual[1])
        history.saved = saved
        return replace(plan, sheets=(*plan.sheets, self._history_sheet(sheets, history))), label

    def _history_sheet(self, sheets: Sheets, history: History) -> GeneratedSheet:
        after = sheets.actual(EVENT_STATE) or EVENT_STATE
        return history_sheet(history, after)

    # --- undo and redo -------------------------------------------------------------------------

    def _take(self, *, back: bool, offer: Offer | None) -> Outcome:
        sheets = Sheets(self.book, self._today, RunRequest(who=self._who, now=self._now))
        word = "undo" if back else "redo"
        if sheets.actual(EVENT_HISTORY) is None:
            raise RatingbookError(f"the book has no history to {word}: {KEPT_FROM}")
        history = self._history(sheets)
        candidates = [a for a in history.acts if a.undone != back]
        if not candidates:
            raise RatingbookError(_nothing_to_take(history, back))
        act = candidates[-1] if back else candidates[0]  # redo: the act undone last
        read = self._read(sheets)
        taking = take(act, read, back=back)
        views = None
        if act.generated:  # the event's sheets, rebuilt from the book as this leaves it
            try:
                views = self._views(sheets, read, taking, self._record(sheets, taking, back))
            except RatingbookError as error:  # games it brings back name a player inactive now
                refused = brought_back(act, error, _named(taking.lost)) if back else error
                if refused is error:
                    raise
                raise refused from error
            # What the views write was computed, not typed: never named as kept or typed.
            taking = take(act, read, back=back, rebuilt=cells_written(views.blocks))
        from ratingbook.events.fide_mode.machine import confirmation_of, steps_needed
        from ratingbook.session.asking import asked

        logged = not _is_unlogged(act)
        ask = asked(
            sheets, read, taking, back=back, logged=logged, named=_named, source=self._source
        )
        phase = (ask.phase,) if ask.phase else ()  # the manual phase opened or closed
        given = confirmation_of(ask.acts, ask.confirmed, offer)
        if given is None:
            return NeedsConfirmation(
                ask.acts,
                max(steps_needed(ask.acts), 1),  # a question without a level: one step
                ask.in_book,
                lambda text: self._write_taking(
                    sheets, history, ask.taking, views, back, text, phase
                ),
            )
        said = (*((ask.said,) if ask.said else ()), *phase)  # level 2: said, logged as shown
        given = given or ask.shown
        return self._write_taking(sheets, history, ask.taking, views, back, given, said)

    def _views(
        self,
        sheets: Sheets,
        read: Mapping[str, Grid],
        taking: Taking,
        record: tuple[GeneratedSheet, ...],
    ) -> Plan:
        """The event's sheets rebuilt from the book as ``taking`` leaves it (never a new
        pairing, never a new week): its cells put back, and the ``Event Log`` of FIDE mode's
        ``record`` (with the act's ``Undo`` or ``Redo`` row), so that what a round was paired
        on is read from the log as the undo or redo leaves it, not as it found it. The
        ``Event State`` is read as the book holds it: one changed by hand refuses the undo, as
        it refuses a recalc."""
        memory = MemoryBook(read)
        log = tuple(
            replace(s, name=sheets.actual(s.name) or s.name)
            for s in record
            if header_key(s.name) == header_key(EVENT_LOG)
        )
        apply_plan(memory, Plan(blocks=taking.blocks, sheets=log, truncated=taking.truncated))
        return plan_recalc(Sheets(memory, self._today, RunRequest(views_only=True)))

    def _record(
        self, sheets: Sheets, taking: Taking, back: bool, confirmation: str = ""
    ) -> tuple[GeneratedSheet, ...]:
        """FIDE mode's record of ``taking`` (none for an act no log records): the ``Event
        Log`` with its ``Undo`` (``Redo``) row and the ``Event State`` put back."""
        act = taking.act
        if taking.state is None or _is_unlogged(act):
            return ()
        from ratingbook.workbook.plans.fide_plan import plan_taken

        return plan_taken(
            sheets, act.label, act.round, taking.state, back=back, confirmation=confirmation
        )

    def _write_taking(
        self,
        sheets: Sheets,
        history: History,
        taking: Taking,
        views: Plan | None,
        back: bool,
        confirmation: str = "",
        said: tuple[str, ...] = (),
    ) -> Done:
        """Write ``taking`` with ``views`` (the event's sheets rebuilt as it leaves the book,
        for an act that wrote generated sheets), the log's Undo or Redo row and the history;
        ``said``: what the summary says besides (a level-2 warning, the manual phase opened or
        closed)."""
        read = self._read(sheets)
        plan = Plan(blocks=taking.blocks, truncated=taking.truncated)
        act = taking.act
        if views is not None:
            skip = {*RECORD_SHEETS, *taking.emptied}
            plan = Plan(
                blocks=(*plan.blocks, *views.blocks),
                sheets=tuple(s for s in views.sheets if s.name not in skip),
                truncated=taking.truncated,
            )
        record = self._record(sheets, taking, back, confirmation)
        if record:  # FIDE mode's record: the log says so, the state goes back
            plan = Plan(
                blocks=plan.blocks, sheets=(*plan.sheets, *record), truncated=plan.truncated
            )
        written = predicted(read, plan)
        # its formats as the book holds them now, for the next take; the rows as this undo
        # leaves them, for its redo (what was typed since and kept is not typed since then)
        left = {w: row_at(written, w) for w in act.rows} if back else {}
        taken = replace(taking.taken, looks=looks_now(self.book, act.looks), left=left)
        history.acts[history.acts.index(act)] = taken
        history.saved = _inputs(written, {s.name for s in plan.sheets} | act.generated)
        summary = [f"{'undone' if back else 'redone'}: {act.label}", *said]
        if taking.kept:
            summary.append(f"kept as typed since: {_named(taking.kept)}")
        if taking.beside:
            summary.append(f"kept as typed since, in rows it changed: {_named(taking.beside)}")
        if taking.lost:
            summary.append(f"cleared (confirmed; a redo gives them back): {_named(taking.lost)}")
        summary += [f"{words}: {_named(cells)}" for words, cells in taking.written if cells]
        plan = Plan(
            blocks=plan.blocks,
            sheets=(*plan.sheets, self._history_sheet(sheets, history)),
            summary=tuple(summary),
            truncated=plan.truncated,
            looks=given(act.looks, taking.stays, taking.truncated, read),
        )
        self._apply(plan)
        return Done(plan, kept=act.label)


def _is_unlogged(act: Kept) -> bool:
    """An act no Event Log records (its undo and redo are not logged either)."""
    return _NOT_LOGGED in act.kinds


def _named(cells: tuple[str, ...] | list[str]) -> str:
    shown = ", ".join(cells[:_NAMED])
    return shown + (f" and {len(cells) - _NAMED} more" if len(cells) > _NAMED else "")


def _nothing_to_take(history: History, back: bool) -> str:
    if back:
        undone = sum(1 for a in history.acts if a.undone)
        if undone:
            return (
                f"the book has no history to undo: all {len(history.acts)} acts it keeps are "
                "undone (redo gives the last one back)"
            )
        return f"the book has no history to undo: it keeps no act yet; {KEPT_FROM}"
    return (
        "the book has no history to redo: no act is undone, or a logged act since the last "
        "undo dropped what it undid"
    )


def _inputs(grids: Mapping[str, Grid], generated: set[str] | frozenset[str]) -> dict[str, Grid]:
    """The input sheets of ``grids``: what a change typed by hand is found against."""
    skip = {header_key(n) for n in (*generated, *RECORD_SHEETS, EVENT_HISTORY)}
    return {n: g for n, g in grids.items() if header_key(n) not in skip}


def _typed_in(
    logged: tuple[LoggedChange, ...], read: Mapping[str, Grid], saved: Mapping[str, Grid]
) -> dict[str, frozenset[int] | None]:
    """Where the logged changes typed by hand were typed: each sheet (by the book's spelling),
    with its rows when only some rows belong to the change (a round's games), else None."""
    actual = {header_key(n): n for n in read}
    typed: dict[str, frozenset[int] | None] = {}
    for change in logged:
        kind = change.kind.value
        if kind not in _TYPED_IN:  # a new kind of the log: say where it is typed
            raise ValueError(f"where a {kind!r} change is typed is not known to undo")
        sheet = _TYPED_IN[kind]
        if not change.by_hand or sheet is None:
            continue
        # the individual event's sheet, or the team event's: the book holds one of them
        for name in (actual.get(header_key(s)) for s in (sheet, *_TEAM_TYPED_IN.get(kind, ()))):
            if name is None:
                continue
            if kind not in _BY_ROUND:
                typed[name] = None  # the whole sheet
            elif name not in typed or typed[name] is not None:
                rows = _round_rows(read.get(name, []), change.round)
                rows |= _round_rows(saved.get(name, []), change.round)
                typed[name] = (typed.get(name) or frozenset()) | rows
    return typed


def _round_as_saved(
    saved: dict[str, Grid], before: Mapping[str, Grid], read: Mapping[str, Grid], number: int
) -> dict[str, Grid]:
    """``saved`` with round ``number``'s games as ``before`` kept them: boards typed by hand
    before a manual phase starts are logged when it ends, so the phase's act finds them typed
    (and its undo gives back the boards as paired)."""
    name = next((n for n in read if header_key(n) == header_key(SWISS_GAMES.sheet)), None)
    if name is None or name not in saved or name not in before:
        return saved
    rows = _round_rows(read[name], number) | _round_rows(before[name], number)
    grid = [list(line) for line in saved[name]]
    old = before[name]
    for row in sorted(rows):
        if row <= len(grid):
            grid[row - 1] = list(old[row - 1]) if row <= len(old) else []
    return {**saved, name: grid}


def _round_rows(grid: Grid, number: int) -> frozenset[int]:
    """The rows of ``grid`` whose Round column holds ``number`` (1-based rows)."""
    for header, line in enumerate(grid[:20], start=1):
        keys = [header_key(v) if isinstance(v, str) else "" for v in line]
        if "round" in keys:
            column = keys.index("round")
            return frozenset(
                r
                for r, row in enumerate(grid[header:], start=header + 1)
                if column < len(row) and _is_number(row[column], number)
            )
    return frozenset()


def _is_number(value: object, number: int) -> bool:
    if isinstance(value, bool):
        return False
    if isinstance(value, int | float):
        return float(value) == number
    return isinstance(value, str) and value.strip() == str(number)
