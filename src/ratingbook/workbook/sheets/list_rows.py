"""A season's rating list read from its sheets (issue 35): List Settings, K Rules, List Players,
List Games, List Events and Aliases, as a :class:`~ratingbook.season.Season` and its rating
system. A reader plans nothing.

This module alone decides what each cell of those sheets means:

- **List Settings**: List Name (the title of the sheets and the site; empty: the file's name),
  System (Elo, Glicko-2 or FIDE), Period (Game, Event, Week, Month; FIDE rates by the month,
  B.02's rating period), K (a K for everyone when there is no K Rules sheet; 20 when neither),
  Floor, Provisional Games, Tau (Glicko-2's τ), Start Deviation (Glicko-2's deviation of a
  player who starts with a rating; 60, an established player's), Active (days) and List Date
  (the cut: a player is active with a rated game in the N days up to it; the last game's date
  when not given); the season series' rows (Series Points and the rest) are
  :mod:`ratingbook.workbook.sheets.series_rows`';
- **K Rules**: one band a row, the first that matches wins (K, Games Below, Rating From,
  Rating Below, Age Up To, Label);
- **List Players**: ID (the key every game and alias names: a club's number, or a national
  ID), FIDE ID, Name, Club, Birth Year, Category, Start Rating (empty: unrated), Fixed
  (the start rating counts for his opponents and never changes), K (his own K), National ID
  (a federation's ID, as a TRF gives it), Sex (M or F, as every sheet spells it; W read as
  F: the series' categories);
- **List Games**: Date, Event (the games of one event share its name), Round, White and White
  ID, Black and Black ID (an ID names the list's player, as an alias of the name it is
  typed with: :func:`id_aliases`; without one the name is matched),
  Result (every spelling a Swiss Games result takes; forfeits are kept and never rated; an
  empty Black is a bye, never rated), Source (where the game came from, kept as text);
- **List Events**: an event added from a file, its first and last day and its fingerprint
  (by which the same event added again is refused); an event added again with new rounds
  has a row per addition, and the last row of its name is the one read;
- **Event Ranks**: an event's own final ranking, a row a player (Event Name, Rank, Name and
  ID as List Games names him, Team: in a team event the team whose rank it is), as
  ``season add`` wrote it from a source that has one, or as the officer corrected it; a
  player ranked twice in one event takes his later row (an event added again with new
  rounds writes its whole ranking again). An event with no row has no ranking of its own:
  the series places it by game points. A row of an event List Games does not hold is an
  error at its Event Name;
- **Aliases**: a Name that is (Same As) or is not (Different From) the player of an ID (what
  each decision merges: :mod:`ratingbook.season.aliases`).

Every bad cell is reported at once, each by sheet, Excel row and column; nothing is written.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from ratingbook.core import cells
from ratingbook.core.results import parse_swiss_result
from ratingbook.core.tables import Row, Table, header_key
from ratingbook.errors import InvalidValueError, Location, Problems, RatingbookError
from ratingbook.events.settings import date_value
from ratingbook.fide.rules.rating_regulations import season_k_rules
from ratingbook.ratings.elo_rules import EloSettings, KBand
from ratingbook.ratings.glicko2 import ESTABLISHED_DEVIATION, Glicko2Settings
from ratingbook.season.identity import Alias, Decision
from ratingbook.season.model import (
    EventRank,
    SeasonEvent,
    SeasonGame,
    SeasonPlayer,
    SourcePlayer,
    SourceRef,
    make_event,
)
from ratingbook.season.periods import PeriodLength
from ratingbook.season.series_settings import SeriesSettings
from ratingbook.workbook.sheets.event_rows import sex_value
from ratingbook.workbook.sheets.reading import Sheets, guarded, read, setting_rows
from ratingbook.workbook.sheets.schemas import (
    ELO_SYSTEM,
    FIDE_SYSTEM,
    GLICKO2_SYSTEM,
    LIST_ACTIVE,
    LIST_ALIASES,
    LIST_DATE,
    LIST_EVENTS,
    LIST_FLOOR,
    LIST_GAMES,
    LIST_K,
    LIST_K_RULES,
    LIST_NAME,
    LIST_PERIOD,
    LIST_PERIODS,
    LIST_PLAYERS,
    LIST_PROVISIONAL,
    LIST_RANKS,
    LIST_SETTING_NAMES,
    LIST_SETTINGS,
    LIST_START_DEVIATION,
    LIST_SYSTEM,
    LIST_SYSTEMS,
    LIST_TAU,
)
from ratingbook.workbook.sheets.series_rows import read_series

__all__ = [
    "ListBook",
    "ListSettings",
    "event_names",
    "id_aliases",
    "read_list",
    "read_list_settings",
]

#: How a game of the list's own sheets names its book: the same words whatever the file is
#: called, so a recalculation of the same sheets writes the same cells.
THIS_LIST = "this list"
_YEARS = cells.Bounds("a birth year", 1850, 2200)
_DAYS = cells.Bounds("a number of days", 0, 100_000)
_GAMES = cells.Bounds("a number of games", 0, 100_000)
_TAU = cells.Bounds("τ, a number from 0.01 to 10", 0, 10)
_DEVIATION = cells.Bounds("a deviation from 1 to 350", 1, 350)
#: FIDE's rating period: a month ("the period where a certain rating list is valid", B.02;
#: FIDE publishes a list on the first day of every month), its change rounded once (8.3.4).
_FIDE_PERIOD = "Month"


@dataclass(frozen=True, slots=True)
class ListSettings:
    """The list's rating system (by its name in System) and settings, its period, its
    active cut (``active_days`` None: no cut), its season series (None: no series) and its
    name (empty: the file's name stands for it)."""

    system: str
    rating: EloSettings | Glicko2Settings
    length: PeriodLength
    active_days: int | None = None
    list_date: dt.date | None = None
    series: SeriesSettings | None = None
    name: str = ""


@dataclass(frozen=True, slots=True)
class ListBook:
    """A list read: its settings, players, events (from List Games, one per Event name, each
    with its ranking from Event Ranks), the officer's aliases, and the tables they came from
    (``ranks_table`` None: the list has no Event Ranks sheet)."""

    settings: ListSettings
    players: tuple[SeasonPlayer, ...]
    events: tuple[SeasonEvent, ...]
    aliases: tuple[Alias, ...]
    players_table: Table
    games_table: Table
    events_table: Table | None
    ranks_table: Table | None = None


def _setting_name(typed: str, where: Location) -> str:
    key = header_key(typed)
    for name, others in LIST_SETTING_NAMES.items():
        if key in (header_key(n) for n in (name, *others)):
            return name
    raise InvalidValueError(
        f"unknown setting {typed!r}; expected one of {', '.join(LIST_SETTING_NAMES)}",
        where,
        "Setting",
    )


def _choice(value: object, row: Row, choices: Mapping[str, tuple[str, ...]]) -> str:
    typed = cells.text(value, row.where, "Value")
    for name, others in choices.items():
        if header_key(typed) in (header_key(n) for n in (name, *others)):
            return name
    raise InvalidValueError(f"{typed!r} is not one of {', '.join(choices)}", row.where, "Value")


def _k_bands(sheets: Sheets, problems: Problems) -> tuple[KBand, ...] | None:
    if sheets.actual(LIST_K_RULES.sheet) is None:
        return None
    bands: list[KBand] = []
    for row in read(sheets, LIST_K_RULES).rows:
        try:
            k = cells.number(row.get("K"), row.where, "K", "K", bounds=cells.K_FACTOR)
            limits: dict[str, float | None] = {}
            for column in ("Games Below", "Rating From", "Rating Below", "Age Up To"):
                value = row.get(column)
                limits[column] = (
                    None
                    if cells.is_blank(value)
                    else cells.number(value, row.where, column, bounds=cells.RATING)
                )
            games, age = limits["Games Below"], limits["Age Up To"]
            label = cells.text(row.get("Label"), row.where, "Label", required=False)
            bands.append(
                KBand(
                    float(k),
                    games_below=None if games is None else int(games),
                    rating_from=limits["Rating From"],
                    rating_below=limits["Rating Below"],
                    age_up_to=None if age is None else int(age),
                    label=label,
                )
            )
        except RatingbookError as error:
            problems.append(error)
    return tuple(bands)


def read_list_settings(sheets: Sheets, problems: Problems) -> ListSettings:
    """List Settings (and K Rules), every bad cell a problem; defaults stand in for them."""
    found: dict[str, tuple[object, Row]] = {}
    if sheets.actual(LIST_SETTINGS.sheet) is not None:
        rows = setting_rows(read(sheets, LIST_SETTINGS).rows, _setting_name, problems)
        found = {name: (row.get("Value"), row) for name, row in rows.items()}

    def cell(name: str) -> tuple[object, Row] | None:
        return None if name not in found or cells.is_blank(found[name][0]) else found[name]

    def choice(name: str, choices: Mapping[str, tuple[str, ...]], default: str) -> str:
        given = cell(name)
        if given is None:
            return default
        try:
            return _choice(given[0], given[1], choices)
        except RatingbookError as error:
            problems.append(error)
            return default

    def number(name: str, bounds: cells.Bounds, default: float | None) -> float | None:
        given = cell(name)
        if given is None:
            return default
        try:
            return float(cells.number(given[0], given[1].where, "Value", bounds=bounds))
        except RatingbookError as error:
            problems.append(error)
            return default

    system = choice(LIST_SYSTEM, LIST_SYSTEMS, ELO_SYSTEM)
    period = choice(LIST_PERIOD, {p: () for p in LIST_PERIODS}, "Month")
    typed_period = cell(LIST_PERIOD)
    if system == FIDE_SYSTEM and period != _FIDE_PERIOD and typed_period is not None:
        problems.append(
            InvalidValueError(
                f"System {FIDE_SYSTEM} rates by the month, as FIDE does (B.02: a rating period "
                f"is the month a list is valid, and 8.3.4 rounds its change once): set "
                f"{_FIDE_PERIOD} or leave it empty",
                typed_period[1].where,
                "Value",
            )
        )
    title = ""
    given_name = cell(LIST_NAME)
    if given_name is not None:
        try:
            title = cells.text(given_name[0], given_name[1].where, "Value")
        except RatingbookError as error:
            problems.append(error)
    start_deviation = number(LIST_START_DEVIATION, _DEVIATION, ESTABLISHED_DEVIATION)
    k = number(LIST_K, cells.K_FACTOR, 20.0) or 0.0
    floor = number(LIST_FLOOR, cells.RATING, None)
    provisional = number(LIST_PROVISIONAL, _GAMES, 0.0) or 0.0
    tau = number(LIST_TAU, _TAU, 0.5) or 0.5
    active = number(LIST_ACTIVE, _DAYS, None)
    cut: dt.date | None = None
    given = cell(LIST_DATE)
    if given is not None:
        try:
            cut = date_value(given[0], given[1].where, "Value")
        except RatingbookError as error:
            problems.append(error)
    series = read_series(cell, problems)
    bands = guarded(problems, lambda: _k_bands(sheets, problems), None)
    rating: EloSettings | Glicko2Settings
    try:
        if system == GLICKO2_SYSTEM:
            rating = Glicko2Settings(tau=tau, rated_deviation=start_deviation)
        elif system == FIDE_SYSTEM:
            rating = season_k_rules()
        else:
            rating = EloSettings(
                bands=bands or (KBand(k),), floor=floor, provisional_games=int(provisional)
            )
    except RatingbookError as error:
        problems.append(error)
        rating = EloSettings()
    return ListSettings(
        system,
        rating,
        PeriodLength(period.lower()),
        None if active is None else int(active),
        cut,
        series,
        title,
    )


def _players(table: Table, file: str, problems: Problems) -> list[SeasonPlayer]:
    players: list[SeasonPlayer] = []
    seen: dict[str, int] = {}
    for row in table.rows:
        try:
            where = row.where
            key = cells.text(row.get("ID"), where, "ID")
            if key in seen:
                raise InvalidValueError(
                    f"ID {key!r} is given twice (also row {seen[key]})", where, "ID"
                )
            seen[key] = where.row or 0
            name = cells.text(row.get("Name"), where, "Name")
            fide = row.get("FIDE ID")
            birth = row.get("Birth Year")
            start = row.get("Start Rating")
            k = row.get("K")
            rating = (
                None
                if cells.is_blank(start)
                else float(cells.number(start, where, "Start Rating", bounds=cells.RATING))
            )
            fixed = cells.flag(row.get("Fixed"), where, "Fixed")
            if fixed and rating is None:
                raise InvalidValueError(
                    "a fixed player needs a Start Rating (the rating the opponents meet)",
                    where,
                    "Fixed",
                )
            players.append(
                SeasonPlayer(
                    key,
                    name,
                    fide_id=None
                    if cells.is_blank(fide)
                    else cells.whole_number(fide, where, "FIDE ID", bounds=cells.FIDE_ID),
                    national_id=cells.text(
                        row.get("National ID"), where, "National ID", required=False
                    ),
                    club=cells.text(row.get("Club"), where, "Club", required=False),
                    birth_year=None
                    if cells.is_blank(birth)
                    else cells.whole_number(birth, where, "Birth Year", bounds=_YEARS),
                    category=cells.text(row.get("Category"), where, "Category", required=False),
                    rating=None if fixed else rating,
                    fixed_rating=rating if fixed else None,
                    k=None
                    if cells.is_blank(k)
                    else float(cells.number(k, where, "K", bounds=cells.K_FACTOR)),
                    source=SourceRef(file, where),
                    sex=sex_value(row),
                )
            )
        except RatingbookError as error:
            problems.append(error)
    return players


@dataclass(frozen=True, slots=True)
class _Stated:
    kind: str
    source: str
    start: dt.date | None
    end: dt.date | None
    fingerprint: str


def _stated(table: Table | None, problems: Problems) -> dict[str, _Stated]:
    found: dict[str, _Stated] = {}
    for row in table.rows if table is not None else ():
        try:
            where = row.where
            name = cells.text(row.get("Event Name"), where, "Event Name")
            days = []
            for column in ("Start", "End"):
                cell = row.get(column)
                days.append(None if cells.is_blank(cell) else date_value(cell, where, column))
            found[header_key(name)] = _Stated(
                cells.text(row.get("Kind"), where, "Kind", required=False) or "book",
                cells.text(row.get("Source"), where, "Source", required=False),
                days[0],
                days[1],
                cells.text(row.get("Fingerprint"), where, "Fingerprint", required=False),
            )
        except RatingbookError as error:
            problems.append(error)
    return found


def _side(row: Row, column: str, file: str, key_column: str = "") -> SourcePlayer | None:
    """A player as a row names him: his name in ``column`` (White's and Name are required),
    his ID in ``key_column`` (``column`` ID unless given)."""
    required = column in ("White", "Name")
    name = cells.text(row.get(column), row.where, column, required=required)
    if not name:
        return None
    key_column = key_column or f"{column} ID"
    key = cells.text(row.get(key_column), row.where, key_column, required=False)
    return SourcePlayer(name, national_id=key, source=SourceRef(file, row.where))


def _events(
    table: Table, stated: dict[str, _Stated], file: str, problems: Problems
) -> list[SeasonEvent]:
    grouped: dict[str, tuple[str, list[SeasonGame]]] = {}
    for row in table.rows:
        try:
            where = row.where
            date = date_value(row.get("Date"), where, "Date")
            event = cells.text(row.get("Event Name"), where, "Event Name")
            number = row.get("Round")
            round_ = (
                None
                if cells.is_blank(number)
                else cells.whole_number(number, where, "Round", bounds=cells.ROUND)
            )
            white, black = _side(row, "White", file), _side(row, "Black", file)
            assert white is not None  # required above
            result = parse_swiss_result(row.get("Result"), where, bye_row=black is None)
            game = SeasonGame("", date, round_, white, black, result, SourceRef(file, where))
            grouped.setdefault(header_key(event), (event, []))[1].append(game)
        except RatingbookError as error:
            problems.append(error)
    events: list[SeasonEvent] = []
    for key, (title, games) in grouped.items():
        said = stated.get(key)
        made = make_event(
            name=title,
            kind=said.kind if said else "book",
            source=SourceRef(said.source if said and said.source else file),
            start=said.start if said else None,
            end=said.end if said else None,
            players=(),
            games=games,
        )
        if said is not None and said.fingerprint:
            ident = said.fingerprint[:16]
            games_ = tuple(replace(g, event=ident) for g in made.games)
            made = replace(made, id=ident, fingerprint=said.fingerprint, games=games_)
        events.append(made)
    return events


def _with_ranks(
    events: list[SeasonEvent], table: Table | None, file: str, problems: Problems
) -> list[SeasonEvent]:
    """The events, each with its rows of Event Ranks (the module text's rule)."""
    if table is None:
        return events
    by_name = {header_key(e.name): e for e in events}
    ranks: dict[str, list[EventRank]] = {}
    for row in table.rows:
        try:
            where = row.where
            event = cells.text(row.get("Event Name"), where, "Event Name")
            if header_key(event) not in by_name:
                raise InvalidValueError(
                    f"no game of {LIST_GAMES.sheet!r} is of the event {event!r}: a rank is "
                    "of an event whose games the list holds",
                    where,
                    "Event Name",
                )
            rank = cells.whole_number(row.get("Rank"), where, "Rank", low=1)
            player = _side(row, "Name", file, key_column="ID")
            assert player is not None  # Name is required
            team = cells.text(row.get("Team"), where, "Team", required=False)
            ranks.setdefault(header_key(event), []).append(
                EventRank(player, rank, team, SourceRef(file, where))
            )
        except RatingbookError as error:
            problems.append(error)
    return [replace(e, ranks=tuple(ranks.get(header_key(e.name), ()))) for e in events]


def _aliases(sheets: Sheets, file: str, problems: Problems) -> list[Alias]:
    if sheets.actual(LIST_ALIASES.sheet) is None:
        return []
    aliases: list[Alias] = []
    for row in read(sheets, LIST_ALIASES).rows:
        try:
            where = row.where
            name = cells.text(row.get("Name"), where, "Name")
            same = cells.text(row.get("Same As"), where, "Same As", required=False)
            other = cells.text(row.get("Different From"), where, "Different From", required=False)
            if bool(same) == bool(other):
                raise InvalidValueError(
                    "give the player's ID in Same As or in Different From (one of them)",
                    where,
                    "Same As",
                )
            decision = Decision.SAME if same else Decision.DIFFERENT
            column = "Same As" if same else "Different From"
            aliases.append(
                Alias(name, decision, same or other, source=SourceRef(file, where), column=column)
            )
        except RatingbookError as error:
            problems.append(error)
    return aliases


def read_list(sheets: Sheets, file: str = "", problems: Problems | None = None) -> ListBook:
    """The list in ``sheets`` (``file``: how its rows' sources name the book, :data:`THIS_LIST`
    unless given); every bad cell of every sheet reported at once. ``problems``: where the bad
    cells go instead, the rows read well kept (the caller checks the list they make and
    reports every problem in one run); a missing sheet is raised at once all the same."""
    file = file or THIS_LIST
    deferred = problems is not None
    problems = Problems() if problems is None else problems
    settings = read_list_settings(sheets, problems)
    players_table = guarded(problems, lambda: read(sheets, LIST_PLAYERS), None)
    games_table = guarded(problems, lambda: read(sheets, LIST_GAMES), None)
    events_table = None
    if sheets.actual(LIST_EVENTS.sheet) is not None:
        events_table = guarded(problems, lambda: read(sheets, LIST_EVENTS), None)
    ranks_table = None
    if sheets.actual(LIST_RANKS.sheet) is not None:
        ranks_table = guarded(problems, lambda: read(sheets, LIST_RANKS), None)
    players = _players(players_table, file, problems) if players_table is not None else []
    stated = _stated(events_table, problems)
    events = _events(games_table, stated, file, problems) if games_table is not None else []
    events = _with_ranks(events, ranks_table, file, problems)
    aliases = _aliases(sheets, file, problems)
    if not deferred or players_table is None or games_table is None:
        problems.check()
    assert players_table is not None and games_table is not None
    return ListBook(
        settings,
        tuple(players),
        tuple(events),
        tuple(aliases),
        players_table,
        games_table,
        events_table,
        ranks_table,
    )


def id_aliases(book: ListBook) -> tuple[Alias, ...]:
    """Each name List Games (or Event Ranks) gives with an ID, as the officer's decision that
    the name with that ID is that player (:class:`~ratingbook.season.identity.Alias`, narrowed
    to the ID, so the same name from a file without the ID is matched as any other). IDs no
    list player has are left out (the list plan names them)."""
    keys = {p.key for p in book.players}
    found: dict[tuple[str, str], Alias] = {}
    for event in book.events:
        named = [p for g in event.games for p in (g.white, g.black)]
        for player in (*named, *(r.player for r in event.ranks)):
            if player is None or player.national_id not in keys:
                continue
            found.setdefault(
                (player.name, player.national_id),
                Alias(
                    player.name,
                    Decision.SAME,
                    player.national_id,
                    national_id=player.national_id,
                    source=player.source,
                ),
            )
    return tuple(found.values())


def event_names(events: Sequence[SeasonEvent]) -> dict[str, str]:
    """Each event's name by its id."""
    return {e.id: e.name for e in events}
