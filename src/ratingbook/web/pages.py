"""What each page of a published event shows, as plain tables of text cells.

The pages: ``index.html`` (the standings, with every tie-break, and the rating changes of a
FIDE-rated event), ``crosstable.html``, ``round-N.html`` (each round's pairings and results),
``players.html`` (the list, by start number) and ``player-N.html`` (a page per start number:
the player's games, colours and scores, and his rating change game by game). The figures are
the workbook's grids (:mod:`ratingbook.reports.event_grids`, ``pairings_grid``), so a page's
table shows its sheet's figures: the standings and crosstable column for column, a round's
columns in the order a pairing list is posted (:data:`ROUND_COLUMNS`, without the sheet's
Round column). A phone leaves out a table's :data:`DETAIL` columns (style.css), so that its
essential ones fit. Pure: text in, text out; escaping is the templates' (Jinja2).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal
from fractions import Fraction

from ratingbook.events.absent_rounds import ABSENCE_CODE, Absence, absent_rounds
from ratingbook.events.as_paired import as_paired_lists, corrected_since
from ratingbook.events.event import BYE, SwissEntry, SwissEvent, SwissPlayer
from ratingbook.events.fide_mode.log import LogEntry
from ratingbook.events.prizes import points_text
from ratingbook.fide.rules.rating_report import PlayerReport, first_rating_text
from ratingbook.reports.event_grids import EventGrids
from ratingbook.reports.stages import counted_text
from ratingbook.reports.swiss_grids import RESULT_SIGNS, SheetGrid, pairings_grid

__all__ = [
    "DETAIL",
    "POINTS",
    "ROUND_COLUMNS",
    "WHOLE",
    "Cell",
    "Page",
    "Table",
    "column_classes",
    "event_pages",
    "player_file",
    "points",
    "round_file",
    "select",
    "text",
]

#: Columns whose numbers are shown with a sign (a rating change).
_SIGNED = frozenset({"Rtg+/-", "Change", "Delta R", "K x Delta R"})
#: Columns of a player's points: spelt as a crosstable writes them, ``4½``, on every page
#: (:func:`points`), as the prize list and who can still win already spell them.
POINTS = frozenset({"Points", "At most"})


@dataclass(frozen=True, slots=True)
class Cell:
    """One table cell: its text, a link (or None), and whether it is a number (aligned right)."""

    text: str
    href: str | None = None
    number: bool = False
    #: A second line under the text, on a phone only: the team of a player whose ``Team``
    #: column a phone leaves out (:data:`DETAIL`), so that the row still says it.
    sub: str = ""


#: The CSS class of a column left out on a phone's narrow screen (style.css), so that a
#: table's essential columns (a round's board, players and result; the place, name and
#: points of the standings) fit beside each other without scrolling sideways.
DETAIL = "detail"
#: The CSS class of a column whose cells never wrap (a result: ``1-0`` must not break at its
#: hyphen when names wrap on a phone).
WHOLE = "whole"
#: The CSS class of a column of names. A name wraps between its words (broken inside a word
#: where the word fits it misreads: "Argando|na", "Jones,Ga|wain", issue 34); in a round's
#: table (:attr:`Table.pairs`) a word wider than its column on a phone breaks inside itself,
#: so that board, both players, their points and the result fit (user test 47:
#: "Mhaoilchiaráin" cut; user test 48: the points).
NAME = "name"
#: The columns that hold a player's or a team's name, by header.
NAME_COLUMNS = frozenset({"Name", "Player", "Players", "White", "Black", "Opponent", "Team"})


@dataclass(frozen=True, slots=True)
class Table:
    caption: str
    header: tuple[str, ...]
    rows: tuple[tuple[Cell, ...], ...]
    #: The columns that head their row (the player's name): ``<th scope="row">``.
    row_header: int | None = None
    #: A CSS class by 0-based column: :data:`DETAIL`, :data:`WHOLE` or :data:`NAME`.
    classes: Mapping[int, str] = field(default_factory=dict)
    #: Sentences about the table, shown above it and below it. Never in a cell: a sentence in
    #: a column widens it, and the columns after it go off the screen.
    before: tuple[str, ...] = ()
    after: tuple[str, ...] = ()
    #: A round's pairings (board, White, points, result, Black): on a phone a name's word wider than
    #: its column breaks inside itself rather than push Black off the screen (style.css
    #: ``table.pairs``); elsewhere a name with no room stays whole and the table scrolls.
    pairs: bool = False
    #: Small headers and narrow padding on a phone, names kept whole (style.css
    #: ``table.compact``): a team event's standings, rounds and board prizes, whose figures
    #: fit beside a team's name that way (user test 49: "Hypermod|ern", the tie-breaks off
    #: the screen).
    compact: bool = False

    @property
    def numbers(self) -> frozenset[int]:
        """The columns of numbers (each filled cell a number): aligned right, as their header
        is, so that every number stands under its own header."""
        return frozenset(
            i
            for i in range(len(self.header))
            if any(row[i].text for row in self.rows)
            and all(row[i].number for row in self.rows if row[i].text)
        )


@dataclass(frozen=True, slots=True)
class Page:
    file: str
    title: str
    heading: str
    tables: tuple[Table, ...]
    facts: tuple[tuple[str, str], ...] = ()  # a player's details: label, value
    notes: tuple[str, ...] = ()
    extra: Mapping[str, object] = field(default_factory=dict)
    #: What this page's figures count, said in its footer, when it is not the site's stage
    #: (who can still win counts the games over of the round being played): empty for the
    #: site's.
    stage: str = ""


def text(value: object, signed: bool = False) -> str:
    """A cell's value as the page shows it: whole numbers without a point, halves as 2.5."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Fraction | Decimal):
        value = int(value) if value == int(value) else float(value)
    if isinstance(value, float):
        value = int(value) if value.is_integer() else value
    if isinstance(value, int):
        return f"{value:+d}" if signed and value else str(value)
    if isinstance(value, float):
        return f"{value:+g}" if signed else f"{value:g}"
    return str(value)


def points(value: object) -> str:
    """A player's points as every page shows them, ``4½``, ``7``, ``½``
    (:func:`ratingbook.events.prizes.points_text`, the one spelling); not a number: as given."""
    if isinstance(value, int | float | Fraction | Decimal) and not isinstance(value, bool):
        return points_text(Fraction(value))
    return text(value)


def player_file(number: int) -> str:
    return f"player-{number}.html"


def round_file(number: int) -> str:
    return f"round-{number}.html"


def select(grid: SheetGrid, wanted: Sequence[str]) -> SheetGrid:
    """``grid`` with the ``wanted`` columns only, in that order. A name the header has more
    than once (a round's two ``Rating`` columns, White's then Black's) is taken in turn."""
    used: dict[str, int] = {}
    at = []
    for name in wanted:
        found = [i for i, h in enumerate(grid.header) if h == name]
        turn = used.get(name, 0)
        if turn >= len(found):
            raise ValueError(f"{grid.name}: no column {name!r} (number {turn + 1}) to show")
        at.append(found[turn])
        used[name] = turn + 1
    rows = [[row[i] for i in at] for row in grid.rows]
    return SheetGrid(grid.name, tuple(wanted), rows, note=grid.note, title=grid.title)


def column_classes(
    header: Sequence[str], detail: Collection[str] = (), whole: Collection[str] = ()
) -> dict[int, str]:
    """The CSS class of each column named in ``detail`` or ``whole``, and of each column of
    names (:class:`Table`)."""
    classes = {i: NAME for i, name in enumerate(header) if name in NAME_COLUMNS}
    classes.update({i: DETAIL for i, name in enumerate(header) if name in detail})
    classes.update({i: WHOLE for i, name in enumerate(header) if name in whole})
    return classes


def _table(
    grid: SheetGrid,
    caption: str,
    numbers: Mapping[str, int],
    *,
    name_columns: Sequence[str] = (),
    detail: Collection[str] = (),
) -> Table:
    """A grid as a table; the names in ``name_columns`` link to their players' pages; the
    columns named in ``detail`` are left out on a phone; a result never wraps."""
    linked = {grid.header.index(c) for c in name_columns if c in grid.header}
    rows = []
    for row in grid.rows:
        cells = []
        for i, value in enumerate(row):
            header = grid.header[i]
            shown = points(value) if header in POINTS else text(value, header in _SIGNED)
            href = None
            if i in linked and isinstance(value, str) and value in numbers:
                href = player_file(numbers[value])
            number = isinstance(value, int | float | Fraction | Decimal) and not isinstance(
                value, bool
            )
            cells.append(Cell(shown, href, number))
        rows.append(tuple(cells))
    first = min(linked) if linked else None
    classes = column_classes(grid.header, detail, whole=("Result",))
    return Table(caption, grid.header, tuple(rows), first, classes)


@dataclass(frozen=True, slots=True)
class _PlayerFacts:
    """What every player's page reads from the event, read once for all of them."""

    numbers: Mapping[str, int]
    ratings: Mapping[str, int | None]
    points: Mapping[str, Fraction]
    reports: Mapping[str, PlayerReport]
    #: Each player's rows (games and byes), by round.
    rows: Mapping[str, Sequence[SwissEntry]]
    #: Which rounds ``points`` counts, in words ("after round 4").
    counted: str = ""
    #: Each player's paired rounds without a row, and why (not yet entered, withdrawn, ...).
    absent: Mapping[str, Mapping[int, Absence]] = field(default_factory=dict)

    @classmethod
    def of(cls, event: SwissEvent, grids: EventGrids) -> _PlayerFacts:
        rows: dict[str, list[SwissEntry]] = {}
        for entry in sorted(event.entries, key=lambda e: e.round):
            for name in entry.players():
                rows.setdefault(name, []).append(entry)
        return cls(
            event.start_numbers(),
            {p.name: p.rating for p in event.players},
            event.standings_points(),  # the standings' rounds, as every table of the site
            grids.report.by_name() if grids.report else {},
            rows,
            counted_text(event.standings_round),
            absent_rounds(event),
        )


def _games_table(name: str, facts: _PlayerFacts) -> Table:
    numbers, ratings = facts.numbers, facts.ratings
    report = facts.reports.get(name)
    rated = {(g.round, g.opponent): g for g in report.games} if report else {}
    # The result beside the opponent, then the rating the change is reckoned from: on a
    # phone (the opponent's number left out) round, colour, opponent and result fit.
    header = ["Round", "Colour", "No.", "Opponent", "Result", "Rating"]
    if report is not None:
        header += ["Expected", "Delta R"]
    rows = []
    absent = facts.absent.get(name, {})
    shown: list[SwissEntry | int] = [*facts.rows.get(name, ()), *absent]
    for entry in sorted(shown, key=lambda e: e if isinstance(e, int) else e.round):
        if isinstance(entry, int):
            # A paired round without a row: why (the crosstable's words), and TRF's code.
            cells = [Cell(str(entry), number=True), Cell(""), Cell(""),
                     Cell(absent[entry].value), Cell(ABSENCE_CODE), Cell("")]  # fmt: skip
            if report is not None:
                cells += [Cell(""), Cell("")]
            rows.append(tuple(cells))
            continue
        if entry.black is None:
            result = "" if entry.result is None else entry.result.value
            cells = [Cell(str(entry.round), number=True), Cell(""), Cell(""), Cell(BYE),
                     Cell(result), Cell("")]  # fmt: skip
        else:
            white = entry.white == name
            other = entry.black if white else entry.white
            sign = "" if entry.result is None else RESULT_SIGNS[entry.result][0 if white else 1]
            cells = [
                Cell(str(entry.round), number=True),
                Cell("White" if white else "Black"),
                Cell(str(numbers[other]), number=True),
                Cell(other, player_file(numbers[other])),
                Cell(sign),
                Cell(text(ratings[other]), number=True),
            ]
        if report is not None:
            other_name = (entry.black if entry.white == name else entry.white) or ""
            game = rated.get((entry.round, other_name))
            cells += [
                Cell(text(game.expected) if game else "", number=True),
                Cell(text(game.delta, True) if game else "", number=True),
            ]
        rows.append(tuple(cells))
    classes = column_classes(header, detail=("No.",), whole=("Result",))
    return Table("Games", tuple(header), tuple(rows), 3, classes)


def _player_page(player: SwissPlayer, known: _PlayerFacts, grids: EventGrids, title: str) -> Page:
    name = player.name
    number = known.numbers[name]
    facts = [("Start number", str(number)), ("Rank", text(grids.ranks.get(name)))]
    facts += [(f"Points {known.counted}".strip(), points(known.points[name]))]
    for label, value in (
        ("Title", player.title),
        ("Federation", player.federation),
        ("FIDE ID", player.fide_id),
        ("Rating", player.rating),
    ):
        if value:
            facts.append((label, text(value)))
    if player.withdrawn is not None:
        # Swiss Players' Withdrawn: the first round he no longer plays.
        label = "Expelled" if player.expelled else "Withdrawn"
        facts.append((label, f"from round {player.withdrawn}"))
    notes = []
    report = known.reports.get(name)
    if report is not None:
        if report.change is not None:
            facts.append(("Rating change", f"{text(report.change, True)} (K {report.k})"))
        elif report.first is not None:  # unrated: the Rating Report's New Rating (B.02 8.2)
            facts.append(("First rating", first_rating_text(report) or ""))
        if report.performance is not None:
            facts.append(("Performance", str(report.performance)))
        notes.append(f"Rating change by the {grids.report.rules.title}." if grids.report else "")
    heading = f"{player.title + ' ' if player.title else ''}{name}"
    return Page(
        player_file(number),
        f"{name} - {title}",
        heading,
        (_games_table(name, known),),
        tuple(facts),
        tuple(n for n in notes if n),
    )


#: The standings' columns left out on a phone: place, name and points (then the tie-breaks)
#: come first there.
_PLAYER_DETAIL = ("No.", "Title", "Fed", "Rating")
#: A crosstable keeps its ``No.`` on a phone: its round columns name opponents by it.
_CROSSTABLE_DETAIL = tuple(c for c in _PLAYER_DETAIL if c != "No.")
#: A round's columns on its page: the board, then White and Black mirrored about the result
#: (each player's number, name, rating and points before the round), as a pairing list is
#: posted; the sheet's ``Round`` column would repeat the page's own heading on every row.
#: On a phone: board, White, both players' points, result, Black: the points are what a player
#: checks his pairing against (user test 48: a phone hid them); the numbers and ratings give
#: way.
ROUND_COLUMNS = ("Board", "White No.", "White", "Rating", "Points", "Result",
                 "Points", "Rating", "Black", "Black No.")  # fmt: skip
_ROUND_DETAIL = ("White No.", "Rating", "Black No.")
#: The players' list: number, name and rating first (what a phone shows without scrolling);
#: then title, federation and FIDE ID, each where some player has one.
_LIST_COLUMNS = ("No.", "Name", "Rating", "Title", "Federation", "FIDE ID")


def event_pages(
    event: SwissEvent, grids: EventGrids, title: str, log: Sequence[LogEntry] = ()
) -> list[Page]:
    """Every page of the site, the standings first. A round's page gives the points it was
    paired on, as its ``Pairings`` sheet does (``log``: the event's log, which says when a
    result was corrected since: :func:`~ratingbook.events.as_paired.as_paired_lists`), and
    the sentence saying so below its boards; the page of the round whose result was corrected
    says so below its boards (:func:`~ratingbook.events.as_paired.corrected_since`)."""
    known = _PlayerFacts.of(event, grids)
    numbers = known.numbers
    names = ("Name", "White", "Black")
    pages = [
        Page(
            "index.html",
            title,
            title,
            # The captions are the grids' titles: they say which rounds the figures count.
            (
                _table(
                    grids.standings,
                    grids.standings.title,
                    numbers,
                    name_columns=names,
                    detail=_PLAYER_DETAIL,
                ),
            ),
            notes=(f"Standings {grids.standings.note}.",) if grids.standings.note else (),
        ),
        Page(
            "crosstable.html",
            f"Crosstable - {title}",
            "Crosstable",
            (
                _table(
                    grids.crosstable,
                    grids.crosstable.title,
                    numbers,
                    name_columns=names,
                    detail=_CROSSTABLE_DETAIL,
                ),
            ),
        ),
    ]
    as_paired = as_paired_lists(event, log)
    corrected = corrected_since(event, log)
    for number in range(1, event.paired_rounds + 1):
        view, said = as_paired.get(number, (event, ""))
        below = tuple(s for s in (said, corrected.get(number, "")) if s)
        grid = select(pairings_grid(event, number, paired_from=view), ROUND_COLUMNS)
        pages.append(
            Page(
                round_file(number),
                f"Round {number} - {title}",
                f"Round {number}",
                (
                    replace(
                        _table(
                            grid,
                            f"Round {number} pairings and results",
                            numbers,
                            name_columns=names,
                            detail=_ROUND_DETAIL,
                        ),
                        pairs=True,
                        after=below,
                    ),
                ),
            )
        )
    listed = [
        (numbers[p.name], p.name, p.rating, p.title, p.federation, p.fide_id)
        for p in event.start_order
    ]
    # Title, Federation, FIDE ID: left out when no player has one (an empty column is noise).
    kept = [
        name
        for i, name in enumerate(_LIST_COLUMNS)
        if i < 3 or any(row[i] not in (None, "") for row in listed)
    ]
    players = select(SheetGrid("Players", _LIST_COLUMNS, listed), kept)
    pages.append(
        Page(
            "players.html",
            f"Players - {title}",
            "Players",
            (_table(players, "Players by start number", numbers, name_columns=("Name",)),),
        )
    )
    pages.extend(_player_page(p, known, grids, title) for p in event.start_order)
    return pages
