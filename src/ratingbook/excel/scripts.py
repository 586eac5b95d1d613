"""The Excel entry points: the ribbon's Recalc Ratings, Start New Week, and the xlwings scripts.

- :func:`main` -- the ribbon's **Recalc Ratings** button (``RunPython "import ratingbook;
  ratingbook.main()"``): recalculates the workbook the user is looking at and shows the outcome,
  or the input error, in a message box instead of a traceback;
- :func:`new_week` -- the same for **Start New Week**;
- :func:`update_players` -- **Update Players**: Swiss Players filled from FIDE's rating list, the
  file the ``Rating List`` setting names (``RunPython "import ratingbook;
  ratingbook.update_players()"``), as ``ratingbook players update``;
- :func:`update_custom_list` -- **Update from Custom List**: ``National Rating`` (or ``Manual
  Rating``) filled from a rating list of the organiser's own, the CSV file the ``Custom List``
  setting names, as ``ratingbook players custom-list`` (FIDE's checklist, Q117);
- :func:`report_period` -- **Report Period**: an event over 30 days' finished rating period's
  own TRF written beside the book and logged, as ``ratingbook trf export BOOK --period N``
  (Q211-216; desktop Excel only: xlwings Server and Lite write no file beside the book);
- :func:`recalc_book` / :func:`new_week_book` / :func:`update_players_book` /
  :func:`update_custom_list_book` / :func:`report_period_book` -- the work itself, on any
  ``xlwings.Book``; they raise :class:`~ratingbook.errors.RatingbookError` on bad input;
- :func:`take_results` / :func:`take_results_book` / :func:`take_results_from_desk` -- **Take
  results**: the results released at the results desk (issue 36) taken into the open book;
- :func:`recalc_ratings` / :func:`start_new_week` / :func:`update_players_from_rating_list` /
  :func:`update_players_from_custom_list` / :func:`report_rating_period` -- ``@xw.script``
  versions for xlwings Server (Office.js) and xlwings Lite, which inject the book.

Everything is read, checked and computed before the first write, so bad input stops the run with
nothing written (see :mod:`ratingbook.workbook.actions`).
"""

from __future__ import annotations

import datetime as _dt
import os
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import xlwings as xw

from ratingbook import session
from ratingbook.core.typed_commands import typed_command
from ratingbook.errors import InputErrors, RatingbookError
from ratingbook.excel.confirming import confirmed  # FIDE mode's confirmations (#25)
from ratingbook.excel.xlwings_book import REMOTE, XlwingsBook
from ratingbook.workbook.port.book import Plan

__all__ = [
    "main",
    "new_week",
    "new_week_book",
    "recalc_book",
    "recalc_ratings",
    "redo",
    "redo_book",
    "redo_last_undo",
    "report_period",
    "report_period_book",
    "report_rating_period",
    "start_new_week",
    "take_results",
    "take_results_book",
    "take_results_from_desk",
    "tell_outcome",
    "undo",
    "undo_book",
    "undo_last_change",
    "unpair",
    "unpair_book",
    "unpair_last_round",
    "update_custom_list",
    "update_custom_list_book",
    "update_players",
    "update_players_book",
    "update_players_from_custom_list",
    "update_players_from_rating_list",
]

ALERT_TITLE = "ratingbook"

# Its Office Scripts client turns every alert into a thrown error (it has no message box), so a
# success message would look like a failure there.
_OFFICE_SCRIPTS = "Microsoft Office Scripts"
_ADDIN_SUFFIXES = (".xlam", ".xla")


def _remote(book: xw.Book) -> bool:
    return _client(book) is not None or book.app.engine.name == REMOTE


def _session_run(book: xw.Book, command: session.Command) -> Plan:
    """``command`` on ``book`` through the session (one door for every front end), confirmed
    the way this Excel can; the plan written, its summary with the command's details."""
    outcome = session.Session(XlwingsBook(book)).run(command)
    done = confirmed(book, outcome, remote=_remote(book))
    return replace(done.plan, summary=(*done.summary, *_shown(done.details)))


def _shown(lines: tuple[str, ...]) -> tuple[str, ...]:
    shown = list(lines[:SHOWN_IN_MESSAGE])
    if len(lines) > len(shown):
        shown.append(f"... and {len(lines) - len(shown)} more")
    return tuple(shown)


def recalc_book(book: xw.Book) -> Plan:
    """Recalculate every rating family in ``book`` (an ``xlwings.Book``), as ``ratingbook recalc``.

    Reads each sheet once, computes everything, then writes each result block in one call. On bad
    input raises :class:`~ratingbook.errors.RatingbookError` (naming sheet, row and column) having
    written nothing. Returns the plan that was written (its ``summary`` says what was done,
    and how many released results of the results desk beside the book wait to be taken).
    """
    plan = _session_run(book, session.Recalc())
    return replace(plan, summary=(*plan.summary, *_desk_note(book)))


def _desk_note(book: xw.Book) -> tuple[str, ...]:
    """Released results of the desk beside ``book`` not taken yet, said after a recalc
    (nothing is read without a desk beside the book)."""
    try:
        from ratingbook.desk.taking import waiting_note
    except ImportError:  # xlwings Lite's Python may lack sqlite3; no desk is beside its book
        return ()
    note = waiting_note(Path(str(book.fullname)), XlwingsBook(book), "Take results")
    return (note,) if note else ()


def unpair_book(book: xw.Book) -> Plan:
    """Take back the last round's pairing in ``book``, as ``ratingbook unpair`` (FIDE mode:
    logged; once results are typed, confirmed as a level-3 act)."""
    return _session_run(book, session.Unpair())


def new_week_book(book: xw.Book, *, today: _dt.date | None = None) -> Plan:
    """Start a new ladder week in ``book``, as ``ratingbook new-week`` (nothing written on error).

    Permanent Rating is carried into StWkPerm, the week's games are archived in **Games Archive**
    under a week label (dated ``today``, default: today) and **Ladder Games** is emptied.
    """
    return _session_run(book, session.NewWeek(today))


# --- entry points ------------------------------------------------------------------------------


def update_players_book(book: xw.Book, rating_list: str | os.PathLike[str] | None = None) -> Plan:
    """Fill ``Swiss Players`` from FIDE's rating list, as ``ratingbook players update``: every
    player whose FIDE ID is on the list gets Rating, Title, Federation, Birth, Sex and K as the
    list says (see ``ratingbook players update``).

    The list is ``rating_list``, or else the file the ``Rating List`` setting names (a path
    relative to the workbook's folder, or absolute); it is streamed, never loaded whole. On bad
    input or a list that cannot be read, raises :class:`~ratingbook.errors.RatingbookError`
    having written nothing. The plan's summary ends with what changed and which IDs the list
    does not have (the first lines of them).
    """
    from ratingbook.fide.rules.rating_list import RatingListScan, scan_rating_list
    from ratingbook.files.rating_list_file import open_rating_list
    from ratingbook.workbook.sheets.event_book import rating_list_setting

    where = None
    if rating_list is None:
        typed, where = rating_list_setting(XlwingsBook(book))
        path = _beside(book, typed)
    else:
        path = Path(rating_list)

    def scan(ids: set[int], kind: str) -> RatingListScan:
        try:
            with open_rating_list(path) as stream:
                return scan_rating_list(stream, ids, kind, path.name)
        except RatingbookError as error:
            if where is None or error.where is not None:
                raise
            raise RatingbookError(error.problem, where, "Value") from None

    return _session_run(book, session.UpdatePlayers(scan))


def _beside(book: xw.Book, typed: str) -> Path:
    """The file a setting names: a path relative to the workbook's folder, or absolute."""
    path = Path(typed.strip()).expanduser()
    folder = Path(str(book.fullname)).parent
    if not path.is_absolute() and folder.is_dir():
        path = folder / path
    return path


#: Why xlwings Server and Lite cannot do what a button does with the files beside the book.
_NOT_BESIDE = (
    "xlwings Lite runs in the browser and xlwings Server on its own machine: neither reads or "
    "writes the files of the computer the book is on"
)


def update_custom_list_book(
    book: xw.Book,
    custom_list: str | os.PathLike[str] | None = None,
    into: str | None = None,
) -> Plan:
    """Fill ``National Rating`` (or ``Manual Rating``) of ``Swiss Players`` from a rating list
    of the organiser's own, as ``ratingbook players custom-list`` (FIDE's checklist, Q117):
    a CSV file naming the players by FIDE ID, National ID or Name, and their Rating.

    The list is ``custom_list``, or else the file the ``Custom List`` setting names (a path
    relative to the workbook's folder, or absolute); the column is ``into`` (``National`` or
    ``Manual``), or else the ``Custom List Into`` setting's (National Rating by default). On
    bad input or a list that cannot be read (in xlwings Server or Lite: the book's computer's
    files, which they cannot read), raises :class:`~ratingbook.errors.RatingbookError` having
    written nothing. The plan's summary ends with what changed, with the list's lines, and the
    players it does not have (the first lines of them).
    """
    from ratingbook.core.encoding import decode_legacy
    from ratingbook.events.codes import CUSTOM_INTO_SPELLINGS, NATIONAL
    from ratingbook.workbook.sheets.event_book import CUSTOM_COLUMNS, custom_list_setting

    where = None
    column = CUSTOM_COLUMNS[NATIONAL]
    if custom_list is None:
        typed, column, where = custom_list_setting(XlwingsBook(book))
        path = _beside(book, typed)
    else:
        path = Path(custom_list)
    if into is not None:
        if " ".join(into.casefold().split()) not in CUSTOM_INTO_SPELLINGS:
            raise RatingbookError(f"into {into!r}: expected National or Manual")
        column = CUSTOM_COLUMNS[CUSTOM_INTO_SPELLINGS[" ".join(into.casefold().split())]]
    try:
        # a federation's export is often CP1252: read as the command line reads it
        text = decode_legacy(path.read_bytes())
    except OSError as error:
        manual = () if column == CUSTOM_COLUMNS[NATIONAL] else ("--into", "manual")
        named = Path(str(book.fullname)).name
        there = typed_command("players custom-list", named, path.name, *manual)
        elsewhere = (
            f" ({_NOT_BESIDE}: there, run {there} on that computer)" if _remote(book) else ""
        )
        raise RatingbookError(
            f"cannot read the custom list {str(path)!r}: {error.strerror or error}{elsewhere}",
            where,
            "Value" if where is not None else None,
        ) from None
    return _session_run(book, session.UpdateFromCustomList(text, path.name, column))


def report_period_book(book: xw.Book, period: int | None = None) -> Plan:
    """An event over 30 days: rating period ``period``'s own report (default: the last
    finished period's), as ``ratingbook trf export BOOK --period N`` (Q211-216): the book
    recalculated with its Event Log's ``Period Report`` row through the session (the period's
    rounds frozen), then the file written beside the book as ``BOOK-period-N.trf`` (UTF-8,
    lines ending CR LF). Refused, nothing written, with the command's texts (a period not
    finished, a frozen period whose file changed, ...); in xlwings Server and Lite, which
    write no file beside the book, refused saying to run the command instead.
    """
    from ratingbook.files.disk import atomic_save
    from ratingbook.workbook.kinds import read_book_event

    path = Path(str(book.fullname))
    if _remote(book):
        n = "N" if period is None else str(period)  # the last finished period's, when not given
        there = typed_command(
            "trf export", path.name, "--period", n, "-o", f"{path.stem}-period-{n}.trf"
        )
        raise RatingbookError(
            f"a period's rating report is a file written beside the book, and {_NOT_BESIDE}: "
            f"save the book, close it, and run {there} on that computer (it logs the report in "
            "the book as desktop Excel's Report Period does)"
        )
    if not os.access(path.parent, os.W_OK):  # refused before the log row is written
        raise RatingbookError(f"cannot write the period's report in {str(path.parent)!r}")
    event = read_book_event(XlwingsBook(book))
    number = period if period is not None else event.due_period()
    exported = event.period_trf(number)
    plan = _session_run(book, session.ReportPeriod(number))
    target = path.with_name(f"{path.stem}-period-{number}.trf")

    def write(temporary: str) -> None:
        Path(temporary).write_bytes(exported.text.replace("\n", "\r\n").encode("utf-8"))

    atomic_save(target, write)
    wrote = f"wrote {target.name} beside the book ({exported.holds}); save the book"
    return replace(plan, summary=(*plan.summary, wrote))


def _client(book: xw.Book) -> str | None:
    """The xlwings Server client that sent a JSON book ("Office.js", ...); None on desktop."""
    if book.app.engine.name != REMOTE:
        return None
    payload = book.api
    client = payload.get("client") if isinstance(payload, dict) else None
    return client if isinstance(client, str) else None


def _tell(book: xw.Book, message: str, *, error: bool) -> None:
    if not error and _client(book) == _OFFICE_SCRIPTS:
        return
    book.app.alert(message, title=ALERT_TITLE, mode="critical" if error else "info")


#: How many problems a message box lists; the rest are counted (a box cannot scroll).
SHOWN_IN_MESSAGE = 10


def _refusal(error: RatingbookError) -> str:
    """The message box text for refused input: the problem, or the first few and their count."""
    if not isinstance(error, InputErrors):
        return f"Nothing was changed.\n\n{error}"
    count = len(error.errors)
    lines = error.lines(SHOWN_IN_MESSAGE)
    return f"Nothing was changed: {count} problems were found.\n\n" + "\n".join(lines)


def tell_outcome(book: xw.Book, outcome: Plan | RatingbookError, done: str = "") -> None:
    """Show what a button did (``done``, then the plan's summary) or why it wrote nothing, in
    a message box: the one way every button tells its outcome."""
    if isinstance(outcome, RatingbookError):
        _tell(book, _refusal(outcome), error=True)
    else:
        _tell(book, "\n".join([done, *outcome.summary]), error=False)


def _run(book: xw.Book, work: Callable[[xw.Book], Plan], done: str) -> Plan | None:
    """Run ``work`` on ``book``; show an input error, or the summary, in a message box.

    Only :class:`RatingbookError` (bad input) is shown as a message: anything else is a bug and
    surfaces with its traceback.
    """
    try:
        plan = work(book)
    except RatingbookError as error:
        tell_outcome(book, error)
        return None
    tell_outcome(book, plan, done)
    return plan


def _user_book() -> xw.Book:
    """The workbook the user is looking at, when the ribbon runs us through RunPython.

    The quickstart add-in's VBA passes ``ActiveWorkbook`` as the caller; VBA copied from the
    standalone ``xlwings.bas`` into an add-in would pass the add-in itself (xlwings issue #1746),
    which is never the book to recalculate: then the active workbook is used.
    """
    book = xw.Book.caller()
    if book.name.lower().endswith(_ADDIN_SUFFIXES):
        active = xw.books.active
        if active is None:
            raise RuntimeError("no workbook is open to recalculate")
        return active
    return book


def main(book: xw.Book | None = None) -> Plan | None:
    """The ribbon's **Recalc Ratings** button: recalculate the workbook the user is looking at.

    Without ``book``, the workbook comes from Excel (``xw.Book.caller()``, never the add-in).
    Bad input is shown in a message box (nothing is written); success shows a short summary.
    Returns the plan written, or None when the input was refused.
    """
    return _run(book if book is not None else _user_book(), recalc_book, "Recalc Ratings done.")


def new_week(book: xw.Book | None = None) -> Plan | None:
    """**Start New Week** for the workbook the user is looking at (see :func:`main`):
    ``RunPython "import ratingbook; ratingbook.new_week()"``."""
    return _run(book if book is not None else _user_book(), new_week_book, "New week started.")


def update_players(book: xw.Book | None = None) -> Plan | None:
    """**Update Players** for the workbook the user is looking at (see :func:`main`):
    ``RunPython "import ratingbook; ratingbook.update_players()"``, reading the file the
    ``Rating List`` setting names."""
    return _run(book if book is not None else _user_book(), update_players_book, _PLAYERS_UPDATED)


_PLAYERS_UPDATED = "Players updated from FIDE's rating list."
_CUSTOM_UPDATED = "Players updated from the custom rating list."
_PERIOD_REPORTED = "Period report written."


def update_custom_list(book: xw.Book | None = None) -> Plan | None:
    """**Update from Custom List** for the workbook the user is looking at (see :func:`main`):
    ``RunPython "import ratingbook; ratingbook.update_custom_list()"``, reading the file the
    ``Custom List`` setting names."""
    book = book if book is not None else _user_book()
    return _run(book, update_custom_list_book, _CUSTOM_UPDATED)


def report_period(book: xw.Book | None = None, period: int | None = None) -> Plan | None:
    """**Report Period** for the workbook the user is looking at (see :func:`main`):
    ``RunPython "import ratingbook; ratingbook.report_period()"`` writes the last finished
    period's report (``report_period(period=2)``: period 2's)."""
    book = book if book is not None else _user_book()
    return _run(book, lambda b: report_period_book(b, period), _PERIOD_REPORTED)


@xw.script
def update_players_from_custom_list(book: xw.Book) -> None:
    """Update from Custom List for xlwings Server (Office.js) and xlwings Lite, which pass the
    book: the list must be a file the Python side can open (neither reads the book's
    computer's files: there, the message says to use ``ratingbook players custom-list``)."""
    _run(book, update_custom_list_book, _CUSTOM_UPDATED)


@xw.script
def report_rating_period(book: xw.Book) -> None:
    """Report Period for xlwings Server (Office.js) and xlwings Lite, which pass the book:
    refused, saying to run ``ratingbook trf export BOOK --period N`` (neither writes a file
    beside the book)."""
    _run(book, report_period_book, _PERIOD_REPORTED)


@xw.script
def recalc_ratings(book: xw.Book) -> None:
    """Recalc Ratings for xlwings Server (Office.js) and xlwings Lite, which pass the book."""
    _run(book, recalc_book, "Recalc Ratings done.")


@xw.script
def start_new_week(book: xw.Book) -> None:
    """Start New Week for xlwings Server (Office.js) and xlwings Lite, which pass the book."""
    _run(book, new_week_book, "New week started.")


@xw.script
def update_players_from_rating_list(book: xw.Book) -> None:
    """Update Players for xlwings Server (Office.js) and xlwings Lite, which pass the book: the
    list must be a file the Python side can open (xlwings Lite, in the browser, cannot open the
    computer's files: there, use ``ratingbook players update``)."""
    _run(book, update_players_book, _PLAYERS_UPDATED)


def undo_book(book: xw.Book) -> Plan:
    """Take back ``book``'s last logged act (kept in its ``Event History`` sheet), as
    ``ratingbook undo``: the cells it changed go back, what was typed since stays."""
    return _session_run(book, session.Undo())


def redo_book(book: xw.Book) -> Plan:
    """Give back the act the last undo of ``book`` took back, as ``ratingbook redo``."""
    return _session_run(book, session.Redo())


def undo(book: xw.Book | None = None) -> Plan | None:
    """**Undo** the last logged change of the workbook the user is looking at."""
    return _run(book if book is not None else _user_book(), undo_book, "Undone.")


@xw.script
def undo_last_change(book: xw.Book) -> None:
    """Undo for xlwings Server (Office.js) and xlwings Lite, which pass the book."""
    _run(book, undo_book, "Undone.")


def redo(book: xw.Book | None = None) -> Plan | None:
    """**Redo** what the last undo of the workbook the user is looking at took back."""
    return _run(book if book is not None else _user_book(), redo_book, "Redone.")


@xw.script
def redo_last_undo(book: xw.Book) -> None:
    """Redo for xlwings Server (Office.js) and xlwings Lite, which pass the book."""
    _run(book, redo_book, "Redone.")


def unpair(book: xw.Book | None = None) -> Plan | None:
    """**Unpair** the last round of the workbook the user is looking at (see :func:`main`)."""
    return _run(book if book is not None else _user_book(), unpair_book, "Round unpaired.")


@xw.script
def unpair_last_round(book: xw.Book) -> None:
    """Unpair for xlwings Server (Office.js) and xlwings Lite, which pass the book."""
    _run(book, unpair_book, "Round unpaired.")


def take_results_book(book: xw.Book, store: str | os.PathLike[str] | None = None) -> Plan:
    """Take the results the arbiter released at the results desk into ``book`` while it is
    open in Excel (the desk cannot write a book Excel holds), as ``ratingbook results take``:
    each once, through the same rules, warnings and Event Log as a typed result, listed on
    ``Desk Results``. The desk's store is ``store``, else ``BOOK.desk.sqlite`` beside the book.
    They are kept when the book is saved: the desk counts them taken once it finds them in the
    saved file (a book closed without saving gets them again from the desk's next take). A
    result already in the book is never overwritten: the summary says so."""
    from ratingbook.desk import Desk

    path = Path(str(book.fullname))
    kept = Path(store) if store is not None else path.with_name(path.name + ".desk.sqlite")
    if not kept.is_file():
        raise RatingbookError(
            f"there is no results desk beside this book (no file {kept.name!r} in "
            f"{str(kept.parent)!r}); start the desk on the book first (ratingbook desk). In "
            "xlwings Lite, which cannot open the computer's files, the script is "
            "take_results, which asks the desk (ratingbook.take_results_lite)"
        )
    outcome = Desk(path, kept).take_into(XlwingsBook(book))
    return Plan(summary=outcome.messages or ("No released result waits to be taken.",))


_RESULTS_TAKEN = "Take results done."


def take_results(book: xw.Book | None = None) -> Plan | None:
    """**Take results** for the workbook the user is looking at (see :func:`main`):
    ``RunPython "import ratingbook; ratingbook.take_results()"``."""
    return _run(book if book is not None else _user_book(), take_results_book, _RESULTS_TAKEN)


@xw.script
def take_results_from_desk(book: xw.Book) -> None:
    """Take results for xlwings Server (Office.js), which passes the book: the desk's store
    must be a file the Python side can open (xlwings Server on the organiser's machine; xlwings
    Lite, in the browser, asks the desk over HTTP: :func:`ratingbook.take_results_lite`)."""
    _run(book, take_results_book, _RESULTS_TAKEN)
