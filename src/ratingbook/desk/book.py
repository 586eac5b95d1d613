"""What the desk reads of the book: its kind, its name, the boards of each round (each with its
row), the players, the games a ladder's or an Elo book's games sheet holds, the "Desk Confirms"
setting, and what the desk took before (``Desk Results``).

This module alone reads the book for the desk, through the workbook's readers (the same ones a
recalc uses), never a planner. It reads any :class:`~ratingbook.workbook.port.book.Book`: a
file (:func:`read_file`, cached while the file is unchanged, so five hundred phones asking for
their pairing read the book once) or the book open in Excel (the Take results button).
"""

from __future__ import annotations

import os
import threading
from dataclasses import dataclass
from pathlib import Path

from ratingbook.core.cells import flag, is_blank, score
from ratingbook.core.results import Result
from ratingbook.core.rules import result_of_score
from ratingbook.core.tables import TableSpec, header_key
from ratingbook.desk.model import DeskError, Kind
from ratingbook.desk.rules import Confirms, confirms_setting
from ratingbook.errors import Location, RatingbookError
from ratingbook.workbook.port.book import Book
from ratingbook.workbook.sheets.reading import Sheets, read
from ratingbook.workbook.sheets.schemas import (
    DESK_CONFIRMS,
    DESK_RESULTS,
    DESK_RESULTS_COLUMNS,
    ELO_GAMES,
    ELO_PLAYERS,
    ELO_SETTINGS,
    LADDER_GAMES,
    LADDER_PLAYERS,
    LADDER_SETTINGS,
    SWISS_GAMES,
    SWISS_SETTINGS,
    TEAM_BOARDS,
    TEAM_SETTINGS,
)

__all__ = [
    "Board",
    "BookGame",
    "BookView",
    "desk_setting_and_record",
    "read_book",
    "read_file",
    "redo_gives_back",
]


@dataclass(frozen=True, slots=True)
class Board:
    """A board of a round as the book holds it (``match`` 0 in an individual event), with the
    Excel row of the games sheet that holds it (0: not known)."""

    round: int
    match: int
    board: int
    white: str
    black: str
    result: str | None
    row: int = 0


@dataclass(frozen=True, slots=True)
class BookGame:
    """A row of a ladder's or an Elo book's games sheet (``Ladder Games``: the week's games;
    ``Elo Games``: every game of the club), as typed: its Excel row, White's and Black's IDs
    (the desk's spelling of an ID: text; an Elo book's players are their names) and the
    result (an Elo book's White's score, ``1``, ``0.5``, ``0``, as its result: ``1-0``)."""

    row: int
    white: str
    black: str
    result: str


@dataclass(frozen=True, slots=True)
class BookView:
    """The book as the desk needs it."""

    kind: Kind
    title: str
    round: int | None
    boards: tuple[Board, ...]
    players: tuple[tuple[str, str], ...]
    confirms: Confirms
    taken: frozenset[str]
    """The keys ``Desk Results`` lists: what the desk took into this book before."""
    inactive: tuple[tuple[str, str], ...] = ()
    """A ladder's players not active this week (id, name): listed in ``players`` no more,
    since a game of theirs is refused by the recalc (InactivePlayerError)."""
    games: tuple[BookGame, ...] = ()
    """A ladder's or an Elo book's games in the book (``Ladder Games``, the week's; ``Elo
    Games``): what a game reported at the desk may repeat."""
    sheet: str = ""
    """The games sheet's name as the book spells it (``Ladder Games``, ``Elo Games``, ``Swiss
    Games``, ``Team Boards``): where a board's row (:attr:`Board.row`) or a game is typed."""
    over: bool = False
    """The event is over: its last planned round (``round``) is paired and every board of
    it has its result in the book, so no round is open for reports."""


def read_book(book: Book | Sheets, title: str = "") -> BookView:
    """The desk's view of ``book`` (``title``: the name when the book gives none), or of the
    sheets a session reads it through (a take: the book read once, for the desk and the
    session); a :class:`~ratingbook.desk.model.DeskError` for a book the desk cannot serve."""
    sheets = book if isinstance(book, Sheets) else Sheets(book)
    taken = _taken(sheets)
    try:
        if sheets.actual(SWISS_GAMES.sheet) is not None:
            return _individual(sheets, title, taken)
        if sheets.actual(TEAM_BOARDS.sheet) is not None:
            return _team(sheets, title, taken)
        if sheets.actual(LADDER_GAMES.sheet) is not None:
            return _games(sheets, "ladder", title, taken)
        if sheets.actual(ELO_GAMES.sheet) is not None:
            return _games(sheets, "elo", title, taken)
    except DeskError:
        raise
    except RatingbookError as error:
        raise DeskError(f"the book cannot be read: {error}") from None
    raise DeskError(
        "the book holds no event the desk serves (a Swiss, a round robin, a team event, a "
        "ladder or an Elo book)"
    )


#: Each kind's games sheet and settings sheet, in the order a book is recognised.
_SETTINGS = (
    (SWISS_GAMES.sheet, SWISS_SETTINGS.sheet),
    (TEAM_BOARDS.sheet, TEAM_SETTINGS.sheet),
    (LADDER_GAMES.sheet, LADDER_SETTINGS.sheet),
    (ELO_GAMES.sheet, ELO_SETTINGS.sheet),
)


def desk_setting_and_record(book: Book) -> tuple[Confirms, frozenset[str]]:
    """The book's Desk Confirms setting and the keys its ``Desk Results`` lists, read from
    those two sheets alone (never the event): what a recalc needs to say whether released
    results wait."""
    sheets = Sheets(book)
    settings = next((s for games, s in _SETTINGS if sheets.actual(games) is not None), None)
    confirms = _confirms(sheets, settings) if settings else confirms_setting(None)
    return confirms, _taken(sheets)


def _confirms(sheets: Sheets, name: str) -> Confirms:
    if sheets.actual(name) is None:
        return confirms_setting(None)
    for line in sheets.grid(name):
        named = len(line) >= 2 and isinstance(line[0], str)
        if named and header_key(str(line[0])) == header_key(DESK_CONFIRMS):
            return confirms_setting(line[1])
    return confirms_setting(None)


def _text(value: object) -> str:
    if is_blank(value):
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).strip()


def _taken(sheets: Sheets) -> frozenset[str]:
    if sheets.actual(DESK_RESULTS) is None:
        return frozenset()
    grid = sheets.grid(DESK_RESULTS)
    if not grid:
        return frozenset()
    header = [header_key(v) if isinstance(v, str) else "" for v in grid[0]]
    key = header_key(DESK_RESULTS_COLUMNS[-1])
    if key not in header:
        return frozenset()
    column = header.index(key)
    return frozenset(_text(r[column]) for r in grid[1:] if column < len(r) and _text(r[column]))


def _individual(sheets: Sheets, title: str, taken: frozenset[str]) -> BookView:
    from ratingbook.workbook.sheets.event_book import read_event_tables

    event = read_event_tables(sheets).event
    boards = tuple(
        Board(e.round, 0, e.board, e.white, e.black, _value(e.result), _row(e.where))
        for e in event.entries
        if e.board and e.black is not None
    )
    paired = max((e.round for e in event.entries), default=0)
    return BookView(
        "roundrobin" if event.settings.round_robin else "swiss",
        event.settings.event_name or title,
        paired or None,
        boards,
        tuple((p.name, p.name) for p in event.players),
        _confirms(sheets, SWISS_SETTINGS.sheet),
        taken,
        sheet=sheets.actual(SWISS_GAMES.sheet) or "",
        over=_over(paired, event.rounds_planned, boards),
    )


def _team(sheets: Sheets, title: str, taken: frozenset[str]) -> BookView:
    from ratingbook.workbook.sheets.team_book import read_team_tables

    event = read_team_tables(sheets).event
    boards = tuple(
        Board(g.round, g.table, g.board, g.white, g.black, _value(g.result), _row(g.where))
        for g in event.games
        if g.white and g.black
    )
    paired = max((m.round for m in event.matches), default=0)
    return BookView(
        "team",
        event.settings.event_name or title,
        paired or None,
        boards,
        tuple((p.name, p.name) for t in event.teams for p in t.players),
        _confirms(sheets, TEAM_SETTINGS.sheet),
        taken,
        sheet=sheets.actual(TEAM_BOARDS.sheet) or "",
        over=_over(paired, event.settings.rounds, boards),
    )


def _value(result: Result | None) -> str | None:
    return result.value if result else None


def _row(where: Location | None) -> int:
    """The Excel row of a board's game (0: not known)."""
    return (where.row or 0) if where is not None else 0


def _over(paired: int, planned: int | None, boards: tuple[Board, ...]) -> bool:
    """Whether the event is over (:attr:`BookView.over`): ``planned`` rounds (None: not said,
    never over) are paired and the last one's ``boards`` all hold a result."""
    if not paired or planned is None or paired < planned:
        return False
    return all(b.result is not None for b in boards if b.round == paired)


def _games(sheets: Sheets, kind: Kind, title: str, taken: frozenset[str]) -> BookView:
    spec = LADDER_PLAYERS if kind == "ladder" else ELO_PLAYERS
    players: list[tuple[str, str]] = []
    inactive: list[tuple[str, str]] = []
    for row in read(sheets, spec).rows:
        name = _text(row.get("Name"))
        if not name:
            continue
        ident = _text(row.get("ID")) if kind == "ladder" else name
        if ident:
            (players if kind != "ladder" or _active(row.get("Active")) else inactive).append(
                (ident, name)
            )
    settings = LADDER_SETTINGS.sheet if kind == "ladder" else ELO_SETTINGS.sheet
    confirms = _confirms(sheets, settings)
    spec = LADDER_GAMES if kind == "ladder" else ELO_GAMES
    return BookView(
        kind, title, None, (), tuple(players), confirms, taken, tuple(inactive),
        _book_games(sheets, spec), sheets.actual(spec.sheet) or "",
    )  # fmt: skip


def _book_games(sheets: Sheets, spec: TableSpec) -> tuple[BookGame, ...]:
    """The games ``Ladder Games`` (the week's) or ``Elo Games`` holds; none when the sheet
    cannot be read as a table (the recalc names its problem; the desk still serves the
    players)."""
    try:
        rows = read(sheets, spec).rows
    except RatingbookError:
        return ()
    return tuple(
        BookGame(
            row.where.row or 0,
            _text(row.get("White")),
            _text(row.get("Black")),
            _result(row.get("Result"), spec is ELO_GAMES),
        )
        for row in rows
    )


def _result(value: object, elo: bool) -> str:
    """A games row's result as typed; an Elo book's White's score (``1``, ``0.5``, ``½``) as
    the result it is (``1-0``, ``½-½``), read as its recalc reads it (:func:`~ratingbook.core.
    cells.score`); "" for a cell its recalc refuses (the recalc names it)."""
    if not elo:
        return _text(value)
    try:
        return result_of_score(score(value, results=True)).value
    except RatingbookError:
        return ""


def _active(value: object) -> bool:
    """A ladder player's Active cell, read as the recalc reads it (:func:`flag`); a cell the
    recalc refuses counts as active here, so that the recalc names it."""
    try:
        return flag(value)
    except RatingbookError:
        return True


def redo_gives_back(path: Path) -> bool:
    """Whether ``ratingbook redo`` of the book file ``path`` gives back an undone take (an
    undone act kept that changed ``Desk Results``): False once an act since dropped it (a new
    week), or the book keeps no history. Read only when the queue asks (the history may be
    long)."""
    from ratingbook.files.backends import open_book
    from ratingbook.session.history import redo_changes
    from ratingbook.workbook.sheets.schemas import EVENT_HISTORY

    try:
        sheets = Sheets(open_book(str(path)))
        actual = sheets.actual(EVENT_HISTORY)
        return actual is not None and redo_changes(sheets.grid(actual), DESK_RESULTS)
    except (RatingbookError, OSError):
        return False  # unreadable just now: nothing promised


_CACHE: dict[str, tuple[tuple[int, int, int], BookView]] = {}
_LOCK = threading.Lock()


def read_file(path: Path) -> BookView:
    """The desk's view of the book file ``path``, read again only when the file changed."""
    from ratingbook.files.backends import open_book

    try:
        status = os.stat(path)
    except OSError as error:
        raise DeskError(f"the book {str(path)!r} cannot be read: {error.strerror}") from None
    identity = (status.st_ino, status.st_size, status.st_mtime_ns)
    real = os.path.realpath(path)
    with _LOCK:
        cached = _CACHE.get(real)
        if cached is not None and cached[0] == identity:
            return cached[1]
        try:
            view = read_book(open_book(str(path)), Path(path).stem)
        except DeskError:
            raise
        except RatingbookError as error:
            raise DeskError(f"the book cannot be read: {error}") from None
        _CACHE[real] = (identity, view)
        return view
