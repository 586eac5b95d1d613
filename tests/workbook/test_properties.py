"""Property tests of the workbook layer: a recalc of a book is the engine on the same rows.

The book is a tiny in-memory implementation of :class:`ratingbook.workbook.Book` over dict
grids (:class:`DictBook`), so Hypothesis can try many sheets quickly and no spreadsheet library
is involved. The expected values come from seed 001's rules worked in this file
(:func:`week_by_hand`) on the values Hypothesis drew, never from ratingbook's engine nor from the
sheets ratingbook read: the property is that a recalc of a book is the seed's ladder, and that the
sheet layer (headers, typed cells, result blocks) adds nothing and loses nothing.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ratingbook import workbook
from ratingbook.core.cells import EXCEL_ERRORS
from ratingbook.core.results import Result
from ratingbook.core.tables import Grid, header_key
from ratingbook.ratings import ladder
from ratingbook.workbook.port.book import KEEP, GeneratedSheet, WriteBlock, apply_plan
from ratingbook.workbook.sheets import schemas

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


class DictBook:
    """A workbook as a dict of grids (row 1 first): the Book interface and nothing else."""

    def __init__(self, sheets: dict[str, Grid]) -> None:
        self.sheets: dict[str, Grid] = {name: [list(r) for r in g] for name, g in sheets.items()}
        self.calls: list[str] = []

    def sheet_names(self) -> list[str]:
        return list(self.sheets)

    def read_values(self, sheet: str) -> Grid:
        # Like the adapters: a rectangular copy of the used range from A1.
        grid = self.sheets[sheet]
        width = max((len(r) for r in grid), default=0)
        self.calls.append(f"read {sheet}")
        return [list(r) + [None] * (width - len(r)) for r in grid]

    def write_values(self, block: WriteBlock) -> None:
        grid = self.sheets[block.sheet]
        self.calls.append(f"write {block.sheet}")
        for r, line in enumerate(block.values):
            row = block.row - 1 + r
            while len(grid) <= row:
                grid.append([])
            for c, value in enumerate(line):
                if value is KEEP:
                    continue
                column = block.column - 1 + c
                target = grid[row]
                target.extend([None] * (column + 1 - len(target)))
                target[column] = value

    def replace_sheet(self, sheet: GeneratedSheet) -> None:
        self.calls.append(f"replace {sheet.name}")
        names = list(self.sheets)
        existing = {n.casefold(): n for n in names}
        grid = [list(r) for r in sheet.grid()]
        if sheet.name.casefold() in existing:
            self.sheets[existing[sheet.name.casefold()]] = grid
            return
        at = len(names)
        if sheet.after is not None and sheet.after.casefold() in existing:
            at = names.index(existing[sheet.after.casefold()]) + 1
        items = list(self.sheets.items())
        items.insert(at, (sheet.name, grid))
        self.sheets = dict(items)


# --- ladder books ------------------------------------------------------------------------------

PLAYER_HEADER = ("ID", "Name", "Group", "Active", "Rating", "Permanent Rating", "StWkPerm")
GAME_HEADER = ("White", "Black", "Result")
GROUP_HEADER = ("Group", "Initial Ladder Rating")
SPELLINGS = {
    Result.WHITE_WINS: ("(1-0)", "1-0", " (1-0) ", "(1–0)"),
    Result.BLACK_WINS: ("(0-1)", "0-1", "(0 - 1)"),
    Result.DRAW: ("(½-½)", "(1/2-1/2)", "½-½", "1/2-1/2"),
}
GROUP_NAMES = ("Juniors", "Seniors", "Masters")


# Any text a name cell may hold, except what reads as an Excel error value (the adapters hand
# error cells over as these strings, so they cannot be names).
NAMES = st.text(min_size=1, max_size=12).filter(
    lambda s: s.strip() != "" and s.strip().upper() not in EXCEL_ERRORS
)


@dataclass(frozen=True)
class Week:
    """What Hypothesis drew: the engine's inputs, plus how each value is spelled in a cell."""

    groups: dict[str, int]
    players: tuple[ladder.LadderPlayer, ...]
    games: tuple[ladder.LadderGame, ...]
    sheets: dict[str, Grid]


def _number_cell(draw: st.DrawFn, value: int) -> object:
    """A whole number as a sheet may hold it: 7, 7.0 or the text "7"."""
    return draw(st.sampled_from([value, float(value), str(value), f" {value} "]))


@st.composite
def ladder_weeks(draw: st.DrawFn, max_players: int = 10, max_games: int = 30) -> Week:
    group_count = draw(st.integers(1, len(GROUP_NAMES)))
    groups = {name: draw(st.integers(0, 3000)) for name in GROUP_NAMES[:group_count]}
    ids = draw(st.lists(st.integers(1, 10_000), min_size=2, max_size=max_players, unique=True))
    players: list[ladder.LadderPlayer] = []
    player_rows: Grid = [list(PLAYER_HEADER)]
    for n, pid in enumerate(ids):
        active = n < 2 or draw(st.booleans())
        group = draw(st.sampled_from(list(groups)))
        start = draw(st.integers(-200, 3500))
        old_rating = draw(st.integers(0, 3000))
        old_permanent = draw(st.integers(0, 3000))
        name = " ".join(draw(NAMES).split())
        players.append(
            ladder.LadderPlayer(
                id=pid,
                name=name,
                group=group,
                active=active,
                rating=None if active else old_rating,
                permanent_rating=None if active else old_permanent,
                start_permanent=start if active else None,
            )
        )
        spelled_group = draw(st.sampled_from([group, group.upper(), f"  {group.lower()} "]))
        player_rows.append(
            [
                _number_cell(draw, pid),
                name,
                spelled_group,
                draw(st.sampled_from([True, "Yes", 1, "x"] if active else [False, "No", 0, None])),
                old_rating,
                old_permanent,
                _number_cell(draw, start) if active else draw(st.sampled_from([None, start])),
            ]
        )
    active_ids = [p.id for p in players if p.active]
    game_list: list[ladder.LadderGame] = []
    game_rows: Grid = [list(GAME_HEADER)]
    for _ in range(draw(st.integers(0, max_games))):
        white, black = draw(st.permutations(active_ids))[:2]
        result = draw(st.sampled_from([r for r in Result if r.is_played]))
        game_list.append(ladder.LadderGame(white, black, result))
        game_rows.append(
            [
                _number_cell(draw, white),
                _number_cell(draw, black),
                draw(st.sampled_from(SPELLINGS[result])),
            ]
        )
    group_rows: Grid = [
        list(GROUP_HEADER),
        *([g, _number_cell(draw, r)] for g, r in groups.items()),
    ]
    return Week(
        groups=groups,
        players=tuple(players),
        games=tuple(game_list),
        sheets={
            "Ladder Players": player_rows,
            "Ladder Games": game_rows,
            "Camp Groups": group_rows,
        },
    )


def _column(grid: Grid, header: str) -> int:
    keys = [header_key(v) for v in grid[0]]
    return keys.index(header_key(header))


def ratings_by_id(sheets: dict[str, Grid]) -> dict[int, tuple[object, object]]:
    """(Rating, Permanent Rating) of every player row, by ID, read from the sheet."""
    grid = sheets["Ladder Players"]
    ident, rating, permanent = (
        _column(grid, "ID"),
        _column(grid, "Rating"),
        _column(grid, "Permanent Rating"),
    )
    out = {}
    for line in grid[1:]:
        padded = line + [None] * (len(grid[0]) - len(line))
        out[int(float(str(padded[ident]).strip()))] = (padded[rating], padded[permanent])
    return out


def recalculated(sheets: dict[str, Grid]) -> DictBook:
    book = DictBook(sheets)
    workbook.recalc(book)
    return book


# --- seed 001 worked by hand --------------------------------------------------------------------


def exchange_by_hand(white: int, black: int, result: Result) -> int:
    """The points White gains (Black loses the same), by seed 001's words.

    d = |difference|. A win by the higher-rated (or equal) player: 16 - floor(d/25), 1 when
    d >= 376. A win by the lower-rated player: 16 + floor(d/25), 31 when d >= 376. A draw: the
    higher-rated player gives floor(d/25) to the other, 15 when d >= 376.
    """
    d = abs(white - black)
    if result is Result.DRAW:
        given = 15 if d >= 376 else d // 25
        return 0 if white == black else (given if black > white else -given)
    winner, loser = (white, black) if result is Result.WHITE_WINS else (black, white)
    if winner >= loser:
        change = 1 if d >= 376 else 16 - d // 25
    else:
        change = 31 if d >= 376 else 16 + d // 25
    return change if result is Result.WHITE_WINS else -change


def week_by_hand(week: Week) -> dict[int, tuple[int, int]]:
    """(Rating, Permanent Rating) of every active player after a recalc (seed 001's VBA): the
    Rating reset to the group's Initial Ladder Rating, the Permanent Rating to StWkPerm, then
    every game replayed in sheet order on both, each from its own pair of values."""
    rating: dict[int, int] = {}
    permanent: dict[int, int] = {}
    for player in week.players:
        if player.active:
            assert player.start_permanent is not None  # ladder_weeks draws one for every active
            rating[player.id] = week.groups[player.group]
            permanent[player.id] = player.start_permanent
    for game in week.games:
        for values in (rating, permanent):
            white, black = values[game.white], values[game.black]
            change = exchange_by_hand(white, black, game.result)
            values[game.white], values[game.black] = white + change, black - change
    return {pid: (rating[pid], permanent[pid]) for pid in rating}


def test_the_hand_exchange_matches_the_seeds_boundaries() -> None:
    """The reference itself, on values worked from seed 001's text."""
    assert exchange_by_hand(1500, 1500, Result.WHITE_WINS) == 16
    assert exchange_by_hand(1500, 1125, Result.WHITE_WINS) == 1  # d = 375: 16 - 15
    assert exchange_by_hand(1500, 1124, Result.WHITE_WINS) == 1  # d = 376: 1
    assert exchange_by_hand(1500, 1124, Result.BLACK_WINS) == -31  # d = 376, lower wins: 31
    assert exchange_by_hand(1500, 1125, Result.BLACK_WINS) == -31  # d = 375: 16 + 15
    assert exchange_by_hand(1500, 1451, Result.BLACK_WINS) == -17  # d = 49: 16 + 1
    assert exchange_by_hand(1450, 1500, Result.DRAW) == 2  # the higher gives floor(50/25)
    assert exchange_by_hand(1000, 1400, Result.DRAW) == 15
    assert exchange_by_hand(1400, 1400, Result.DRAW) == 0


# --- the properties ----------------------------------------------------------------------------


@SETTINGS
@given(ladder_weeks())
def test_recalc_of_a_book_is_seed_001_worked_by_hand(week: Week) -> None:
    """The Rating and Permanent Rating the workbook writes are seed 001's, worked by hand, for
    every active player; inactive players' cells are left exactly as they were."""
    book = DictBook(week.sheets)
    plan = workbook.plan_recalc(book)
    # Each input sheet is read once, in one call, and nothing is written while planning.
    assert Counter(book.calls) == Counter(f"read {name}" for name in week.sheets)
    apply_plan(book, plan)
    expected = week_by_hand(week)
    got = ratings_by_id(book.sheets)
    before = ratings_by_id(week.sheets)
    for player in week.players:
        if player.active:
            assert got[player.id] == expected[player.id]
        else:
            assert got[player.id] == before[player.id]
    # Only the two result columns of Ladder Players change; the input sheets are otherwise intact.
    assert book.sheets["Ladder Games"] == week.sheets["Ladder Games"]
    assert book.sheets["Camp Groups"] == week.sheets["Camp Groups"]
    untouched = [c for c, h in enumerate(PLAYER_HEADER) if h not in ("Rating", "Permanent Rating")]
    for new, old in zip(book.sheets["Ladder Players"], week.sheets["Ladder Players"], strict=True):
        assert [new[c] for c in untouched] == [old[c] for c in untouched]


def _permute_and_widen(
    sheets: dict[str, Grid], orders: dict[str, list[int]], extras: dict[str, list[object]]
) -> dict[str, Grid]:
    """Each sheet with its columns in another order and extra columns mixed in."""
    out: dict[str, Grid] = {}
    for name, grid in sheets.items():
        width = len(grid[0])
        order = [c for c in orders[name] if c < width]  # a permutation of range(width)
        header_extra = [f"Note {i}" for i in range(len(extras[name]))]
        new: Grid = []
        for r, line in enumerate(grid):
            padded = line + [None] * (width - len(line))
            cells = [padded[c] for c in order]
            added = header_extra if r == 0 else extras[name]
            # Interleave: extras go in front of, between and behind the known columns.
            mixed: list[object] = []
            for i, cell in enumerate(cells):
                if i < len(added):
                    mixed.append(added[i])
                mixed.append(cell)
            mixed.extend(added[len(cells) :])
            new.append(mixed)
        out[name] = new
    return out


EXTRA_VALUES = st.one_of(
    st.none(),
    st.integers(),
    st.text(max_size=8),
    st.booleans(),
    st.sampled_from(["#N/A", "=SUM(A:A)", "(1-0)", "Rating?"]),
)


@SETTINGS
@given(
    ladder_weeks(max_players=8, max_games=20),
    st.fixed_dictionaries(
        {
            name: st.permutations(range(7))
            for name in ("Ladder Players", "Ladder Games", "Camp Groups")
        }
    ),
    st.fixed_dictionaries(
        {
            name: st.lists(EXTRA_VALUES, max_size=3)
            for name in ("Ladder Players", "Ladder Games", "Camp Groups")
        }
    ),
)
def test_column_order_and_extra_columns_never_change_results(
    week: Week, orders: dict[str, list[int]], extras: dict[str, list[object]]
) -> None:
    """Shuffling the columns of every sheet and adding unknown columns (with any values) gives
    the same ratings and the same generated sheets."""
    plain = recalculated(week.sheets)
    shuffled = recalculated(_permute_and_widen(week.sheets, orders, extras))
    assert ratings_by_id(shuffled.sheets) == ratings_by_id(plain.sheets)
    for generated in (schemas.LADDER_STANDINGS, schemas.RATING_HISTORY):
        assert shuffled.sheets[generated] == plain.sheets[generated]


@SETTINGS
@given(ladder_weeks())
def test_recalculating_twice_equals_once(week: Week) -> None:
    """A second recalc of the recalculated book changes nothing at all (seed 001's reset makes
    the result depend only on groups, StWkPerm and the games)."""
    once = recalculated(week.sheets)
    snapshot = copy.deepcopy(once.sheets)
    workbook.recalc(once)
    assert once.sheets == snapshot


@SETTINGS
@given(ladder_weeks())
def test_exchanges_are_zero_sum_over_active_players(week: Week) -> None:
    """Every point one player gains another loses: after the recalc the active players' weekly
    ratings add up to their groups' initial ratings, the permanent ones to their StWkPerm."""
    book = recalculated(week.sheets)
    got = ratings_by_id(book.sheets)
    active = [p for p in week.players if p.active]
    assert sum(got[p.id][0] for p in active) == sum(week.groups[p.group] for p in active)
    assert sum(got[p.id][1] for p in active) == sum(p.start_permanent or 0 for p in active)


# --- Swiss ------------------------------------------------------------------------------------


@st.composite
def swiss_events(draw: st.DrawFn) -> tuple[list[str], Grid]:
    count = draw(st.integers(2, 12))
    names = [f"p{i}" for i in range(count)]
    games: Grid = [["Round", "White", "Black", "White Points", "Black Points"]]
    for round_number in range(1, draw(st.integers(1, 5)) + 1):
        order = draw(st.permutations(names))
        for white, black in zip(order[0::2], order[1::2], strict=False):
            points = draw(st.sampled_from([(1, 0), (0, 1), (0.5, 0.5), ("½", "½"), ("1/2", "1/2")]))
            games.append([round_number, white, black, *points])
    return names, games


def _standings(players: Sequence[str], games: Grid) -> list[list[object]]:
    book = recalculated(
        {"Swiss Players": [["Name"], *([n] for n in players)], "Swiss Games": games}
    )
    return book.sheets[schemas.SWISS_STANDINGS][1:]


@SETTINGS
@given(swiss_events(), st.randoms(use_true_random=False))
def test_swiss_ranking_of_distinct_players_ignores_player_list_order(
    event: tuple[list[str], Grid], rng: object
) -> None:
    """Through the Swiss sheets: reordering the player list leaves every player's rank and
    line unchanged, and players whose four keys (points, resistance, Sonneborn-Berger, blacks)
    differ from everyone else's keep exactly the same order."""
    names, games = event
    shuffled = list(names)
    rng.shuffle(shuffled)  # type: ignore[attr-defined]
    first = _standings(names, games)
    second = _standings(shuffled, games)
    # Columns: Rank, Name, Points, Resistance, Sonneborn-Berger, Blacks.
    assert {row[1]: row for row in first} == {row[1]: row for row in second}
    keys = Counter(tuple(row[2:]) for row in first)
    distinct_first = [row[1] for row in first if keys[tuple(row[2:])] == 1]
    distinct_second = [row[1] for row in second if keys[tuple(row[2:])] == 1]
    assert distinct_first == distinct_second
    # And the sheet is ranked: keys never increase down the table.
    sort_keys = [tuple(row[2:]) for row in first]
    assert sort_keys == sorted(sort_keys, reverse=True)
