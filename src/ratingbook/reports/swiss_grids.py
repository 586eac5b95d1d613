"""The generated sheets of a Swiss event, as plain grids: standings, crosstable, pairing list.

- ``Swiss Standings``: Rank, Name, Rating, Points, then one column per FIDE tie-break headed by
  its code (computed by gacrux through :mod:`ratingbook.fide`); without tie-breaks in the
  settings, the seed's order and columns (points, resistance, Sonneborn-Berger, blacks, from
  :mod:`ratingbook.swiss`).
- ``Crosstable``: one row per player in standings order, one column per round the standings
  count: the opponent's start number (the ``No.`` column, unique where ranks are shared, as
  Swiss-Manager's and FIDE's crosstables name opponents), the colour and the result (``12w1``,
  ``3b½``, ``7w+``; byes as ``PAB``/``HPB``/...); a paired round without a row says why, with
  TRF-2026's code for it (``not yet entered (Z)``, ``withdrawn (Z)``:
  :mod:`ratingbook.events.absent_rounds`).
- ``Pairings``: the current round: board, White, rating, points before the round, Black, ...

Pure: the grids are lists of rows (:class:`~ratingbook.reports.tables.SheetGrid`, handed on
from here too); the workbook layer decides where they go.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction

from ratingbook.core.results import Result
from ratingbook.core.rules import competition_ranks
from ratingbook.events.absent_rounds import absence_text, absent_rounds
from ratingbook.events.codes import TIEBREAKS, tiebreak_base
from ratingbook.events.event import BYE, SwissEntry, SwissEvent
from ratingbook.events.tournament_rating import tournament_rating
from ratingbook.fide.gacrux import FideStandings, fide_standings
from ratingbook.ratings import swiss_standings
from ratingbook.reports.names import SWISS_CROSSTABLE, SWISS_PAIRINGS, SWISS_STANDINGS
from ratingbook.reports.stages import counted_text
from ratingbook.reports.tables import SheetGrid, centred_columns

__all__ = [
    "POINTS_FORMAT",
    "RESULT_SIGNS",
    "SEED_COLUMNS",
    "SheetGrid",
    "Shown",
    "crosstable_grid",
    "fide_standings_grid",
    "pairings_grid",
    "seed_order_standings",
    "seed_standings_grid",
    "standings_grid",
]

#: The number format of a player's points in the Swiss sheets (Standings, Crosstable,
#: Pairings, the round robin's crosstable): Excel's fraction format in halves (ECMA-376 part 1,
#: 18.8.31: ``?/2``), printing 4.5 as ``4 1/2``, 3 as ``3``, 0.5 as ``1/2``, where ``0.0``
#: printed ``4.5`` and ``3.0`` beside the crosstable's ``6b½`` (issue 34). The cell holds the
#: number, which a club's formulas sum and sort; no number format writes ``½``, which the web
#: pages spell (events.prizes.points_text).
POINTS_FORMAT = "# ?/2"


def _number(points: Fraction) -> int | float:
    return int(points) if points.denominator == 1 else float(points)


def seed_order_standings(
    event: SwissEvent,
) -> list[swiss_standings.player_result]:
    """The seed's standings of the event (points, resistance, SB, blacks), best first.

    Games played over the board are the seed's games; points scored without playing (byes,
    forfeits) count in the points only. The rounds counted are the standings' rounds
    (:attr:`~ratingbook.events.event.SwissEvent.standings_round`), as in every view.
    """
    scoring = event.settings.scoring
    games: list[swiss_standings.SwissGame] = []
    unplayed: dict[str, int] = {}
    counted = event.standings_round
    for entry in event.entries:
        if entry.result is None or entry.round > counted:
            continue
        wp, bp = scoring.points(entry.result)
        # an adjourned game is a game, a draw until its result is entered (TRF-2026's X); a
        # penalty's score is a game played, its points as the arbiter gave them
        result = entry.result
        if entry.black is not None and (
            result.is_played or result.is_adjourned or result.is_penalty
        ):
            games.append(
                swiss_standings.SwissGame(entry.white, entry.black, int(wp * 2), int(bp * 2))
            )
            continue
        unplayed[entry.white] = unplayed.get(entry.white, 0) + int(wp * 2)
        if entry.black is not None:
            unplayed[entry.black] = unplayed.get(entry.black, 0) + int(bp * 2)
    names = [p.name for p in event.start_order]
    return swiss_standings.swiss_standings(names, games, unplayed)


@dataclass(frozen=True, slots=True)
class Shown:
    """What an event's lists show of a player around the name: the start number before it,
    the FIDE title and federation where any player has one, and the rating after it: the
    tournament rating the event's Rating Method takes, the one the start numbers were ordered
    by (:mod:`ratingbook.events.tournament_rating`; the FIDE rating by default). A worksheet
    function, which knows only names, shows the name alone."""

    numbers: Mapping[str, int] = field(default_factory=dict)
    ratings: Mapping[str, int | None] = field(default_factory=dict)
    titles: Mapping[str, str] = field(default_factory=dict)
    federations: Mapping[str, str] = field(default_factory=dict)

    @classmethod
    def of(cls, event: SwissEvent) -> Shown:
        players = event.players
        titles = {p.name: p.title for p in players} if any(p.title for p in players) else {}
        feds = {p.name: p.federation for p in players} if any(p.federation for p in players) else {}
        method = event.settings.rating_method
        ratings = {p.name: tournament_rating(p, method).rating for p in players}
        return cls(event.start_numbers(), ratings, titles, feds)

    @property
    def header(self) -> tuple[str, ...]:
        if not self.numbers:
            return ("Name",)
        title = ("Title",) if self.titles else ()
        fed = ("Fed",) if self.federations else ()
        return ("No.", *title, "Name", *fed, "Rating")

    def cells(self, name: str) -> tuple[object, ...]:
        if not self.numbers:
            return (name,)
        title = (self.titles[name] or None,) if self.titles else ()
        fed = (self.federations[name] or None,) if self.federations else ()
        return (self.numbers[name], *title, name, *fed, self.ratings[name])


#: Seed 004's standings columns, in its order, after Rank and the player.
SEED_COLUMNS = ("Points", "Resistance", "Sonneborn-Berger", "Blacks")
_SEED_NOTE = "ranked by: points, resistance, Sonneborn-Berger, blacks"


def seed_standings_grid(
    results: Sequence[swiss_standings.player_result], shown: Shown | None = None
) -> tuple[SheetGrid, dict[str, int]]:
    """Seed 004's standings table, the one home of its columns and formats, and each player's
    rank (players equal on all four keys share one)."""
    shown = shown or Shown()
    keys = [(r.points, r.resistance_points, r.sonnenborn_berger, r.black) for r in results]
    ranks = competition_ranks(keys)
    rows = [
        (
            rank,
            *shown.cells(r.name),
            r.points,
            r.resistance_points,
            r.sonnenborn_berger,
            r.black,
        )
        for rank, r in zip(ranks, results, strict=True)
    ]
    header = ("Rank", *shown.header, *SEED_COLUMNS)
    points = header.index("Points")
    grid = SheetGrid(
        SWISS_STANDINGS,
        header,
        rows,
        number_formats={points: POINTS_FORMAT, points + 1: "0.0", points + 2: "0.00"},
        widths={header.index("Name"): 24, points + 2: 17},
        note=_SEED_NOTE,
        centred=centred_columns(header),
        tiebreaks=tuple(range(points + 1, points + len(SEED_COLUMNS))),
    )
    return grid, {r.name: rank for rank, r in zip(ranks, results, strict=True)}


def fide_standings_grid(
    standings: FideStandings, shown: Shown | None = None
) -> tuple[SheetGrid, dict[str, int]]:
    """The FIDE standings (a column per tie-break code, headed by the code) and each player's
    rank."""
    shown = shown or Shown()
    codes = standings.codes
    header = ("Rank", *shown.header, "Points", *codes)
    points = header.index("Points")
    formats = {points: POINTS_FORMAT}
    for i, code in enumerate(codes, start=points + 1):
        whole = TIEBREAKS[tiebreak_base(code)].whole
        formats[i] = "0" if whole else ("0.00" if code.startswith("SB") else "0.0")
    rows = [
        (line.rank, *shown.cells(line.name), _number(line.points), *line.values)
        for line in standings.lines
    ]
    grid = SheetGrid(
        SWISS_STANDINGS,
        header,
        rows,
        number_formats=formats,
        widths={header.index("Name"): 24},
        note=(
            f"{counted_text(standings.after_round)}, FIDE tie-break rules of {standings.rules} "
            f"(C.07), computed by gacrux"
            + "".join(f". Not ranked: {u.name}, {u.reason}" for u in standings.unranked)
        ),
        centred=centred_columns(header),
        tiebreaks=tuple(range(points + 1, points + 1 + len(codes))),
    )
    ranks = {line.name: line.rank for line in standings.lines}
    # The players not ranked keep a line in the crosstable (C.06 V.4.1: "for rating and
    # historical purposes"), placed after the ranked ones.
    ranks.update(
        {u.name: len(standings.lines) + i for i, u in enumerate(standings.unranked, start=1)}
    )
    return grid, ranks


def standings_grid(event: SwissEvent) -> tuple[SheetGrid, dict[str, int]]:
    """The ``Swiss Standings`` grid of an event and each player's rank (for the crosstable)."""
    shown = Shown.of(event)
    if not event.settings.tiebreaks:
        grid, ranks = seed_standings_grid(seed_order_standings(event), shown)
        # Which rounds it counts, as the FIDE standings' note says it.
        return replace(grid, note=f"{counted_text(event.standings_round)}, {grid.note}"), ranks
    return fide_standings_grid(fide_standings(event, event.settings.tiebreaks), shown)


_BYE_SHOWN = {
    Result.PAIRING_BYE: "PAB",
    Result.HALF_POINT_BYE: "HPB",
    Result.FULL_POINT_BYE: "FPB",
    Result.ZERO_POINT_BYE: "ZPB",
}
RESULT_SIGNS = {
    Result.WHITE_WINS: ("1", "0"),
    Result.BLACK_WINS: ("0", "1"),
    Result.DRAW: ("½", "½"),
    Result.WHITE_WINS_BY_FORFEIT: ("+", "-"),
    Result.BLACK_WINS_BY_FORFEIT: ("-", "+"),
    Result.DOUBLE_FORFEIT: ("-", "-"),
    Result.ADJOURNED: ("?", "?"),  # adjourned: its result not known yet
    Result.WHITE_HALF_BLACK_ZERO: ("½", "0"),  # a penalty's score (Laws of Chess art. 12.9)
    Result.WHITE_ZERO_BLACK_HALF: ("0", "½"),
    Result.BOTH_LOSE: ("0", "0"),
}


def _cell(entry: SwissEntry | None, name: str, numbers: Mapping[str, int]) -> str:
    """A round's cell of ``name``'s row: the opponent's start number, colour, result (a rank
    named two players where ranks are shared: issue 34's ``28b0``)."""
    if entry is None:
        return ""
    if entry.black is None:
        assert entry.result is not None
        return _BYE_SHOWN[entry.result]
    white_side = entry.white == name
    opponent = entry.black if white_side else entry.white
    sign = "" if entry.result is None else RESULT_SIGNS[entry.result][0 if white_side else 1]
    return f"{numbers[opponent]}{'w' if white_side else 'b'}{sign}"


def crosstable_grid(event: SwissEvent, ranks: Mapping[str, int]) -> SheetGrid:
    """One row per player in rank order; one column per round the standings count (opponent's
    start number, colour, result), so a row's cells add up to its points: a round paired but not
    finished is the pairing list's, not yet the crosstable's."""
    last = event.standings_round
    by_round: dict[tuple[str, int], SwissEntry] = {}
    for entry in event.entries:
        for name in entry.players():
            by_round[(name, entry.round)] = entry
    points = event.standings_points()
    numbers = event.start_numbers()
    order = sorted(event.players, key=lambda p: (ranks.get(p.name, 0), numbers[p.name]))
    shown = Shown.of(event)
    rows: list[tuple[object, ...]] = []
    absences = absent_rounds(event, last)
    for p in order:
        absent = absences[p.name]
        cells = [
            absence_text(absent[r])
            if r in absent
            else _cell(by_round.get((p.name, r)), p.name, numbers)
            for r in range(1, last + 1)
        ]
        rows.append((ranks.get(p.name), *shown.cells(p.name), *cells, _number(points[p.name])))
    header = ("Rank", *shown.header, *(f"R{r}" for r in range(1, last + 1)), "Points")
    first = 1 + len(shown.header)
    # A round's column as wide as its longest cell ("not yet entered (Z)"), at least 6.
    widths: dict[int, float] = {header.index("Name"): 24}
    for i in range(first, first + last):
        widths[i] = max([6.0, *(len(str(row[i])) + 1.0 for row in rows)])
    formats = {first + last: POINTS_FORMAT}
    return SheetGrid(
        SWISS_CROSSTABLE,
        header,
        rows,
        number_formats=formats,
        widths=widths,
        centred=centred_columns(header),
    )


def pairings_grid(
    event: SwissEvent,
    round_number: int | None = None,
    *,
    paired_from: SwissEvent | None = None,
    said: str = "",
) -> SheetGrid:
    """The pairing list of a round, boards in order: by default the first round with a game
    still to play (a round robin may be paired ahead), else the last paired round. Each
    player's points are those the round was paired on (``paired_from``: the event as it was
    paired from, :func:`~ratingbook.events.as_paired.pairing_views`; the event itself when
    nothing changed since), as its Pairing Notes give them and the players check them;
    ``said``: a sentence below the boards saying so (a result corrected since)."""
    waiting = [e.round for e in event.pending()]
    default = min(waiting) if waiting else event.paired_rounds
    number = default if round_number is None else round_number
    before = (paired_from or event).points(after_round=number - 1)
    ratings = Shown.of(event).ratings  # the tournament rating, as the standings show it
    numbers = event.start_numbers()
    entries = sorted(
        event.round_entries(number),
        key=lambda e: (e.black is None, e.board if e.board is not None else 1 << 30, e.white),
    )
    rows: list[tuple[object, ...]] = []
    for e in entries:
        result = None if e.result is None else e.result.value
        black = (
            (None, BYE, None, None)
            if e.black is None
            else (numbers[e.black], e.black, ratings[e.black], _number(before[e.black]))
        )
        white = (numbers[e.white], e.white, ratings[e.white], _number(before[e.white]))
        rows.append((number, e.board, *white, *black, result))
    sentences = frozenset({len(rows)}) if said and rows else frozenset()
    if sentences:  # in the Board column: the Round column is not printed
        rows.append((None, said))
    header = (
        "Round",
        "Board",
        "White No.",
        "White",
        "Rating",
        "Points",
        "Black No.",
        "Black",
        "Rating",
        "Points",
        "Result",
    )
    return SheetGrid(
        SWISS_PAIRINGS,
        header,
        rows,
        number_formats={5: POINTS_FORMAT, 9: POINTS_FORMAT},
        widths={3: 24, 7: 24},
        note=f"round {number}" if number else "no round paired yet",
        centred=centred_columns(header),
        sentences=sentences,
        # One round a sheet: its number is the printed title's ("Round 6 pairings",
        # reports.event_grids), as on the round's web page, not a column repeating it.
        unprinted=1,
    )
