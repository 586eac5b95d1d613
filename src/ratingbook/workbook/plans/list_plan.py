"""The rating list family (issue 35): a season's list recalculated, and events added to it.

This module alone decides how a list book is rated and what its runs write:

- **Recalc** (:func:`plan_list`): the list read, its events matched to its players and
  checked (:mod:`ratingbook.workbook.sheets.list_book`: a player not on the list is an error at
  his cell, every problem raised together in one run), the games cut into the list's periods
  and rated from every player's start (:func:`ratingbook.ratings.rating_periods.rate_season`),
  and the generated sheets written:
  Season List, List History, Rating Changes, Near Duplicates
  (:mod:`ratingbook.reports.season_tables`), and, when List Settings sets a series, Series
  Standings and Series Notes after them (:func:`ratingbook.season.series_standings` over the
  season's events, players told apart by the same matching as the ratings; an event with rows
  on Event Ranks placed by them, one without by its game points);
- **adding events** (:func:`plan_add_events`): the events checked against the list's own
  (the same event twice, a game two sources report, a player twice in a round: nothing
  written), their new players appended to List Players, their games to List Games (each with
  its player's ID and its source), each event's own final ranking to Event Ranks (its
  players named as the list names them: :mod:`~ratingbook.workbook.plans.list_entries`; where its
  source has one; a list without that sheet keeps none, says so, and places the events by
  game points in this run as in every later one), each event to List Events (its first and
  last day, stated or else its games' first and last date, and its fingerprint); an event
  added again with new rounds (:func:`ratingbook.season.adding.continuation`) appends only
  those rounds' games, under the list's name for it, its whole ranking again, and a List
  Events row with its new fingerprint (the last row of a name is the one read). The list is
  rated again from the first period the addition changes (the periods before it kept as they
  were rated), and the summary says whose ratings changed and by how much, as the sheets show
  them (a late event, dated before a period already rated: which period the list is re-rated
  from), and what each source noted (a
  round not played yet, left out). Each new event is named by
  :mod:`ratingbook.season.event_names` (its source's title, told apart from the list's
  events; or the officer's ``--name``). The act is kept for undo under the events' names
  ("Events added: Bunratty 2011 (Masters), Juni Blitz").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from ratingbook.core.counts import many
from ratingbook.errors import InvalidValueError, RatingbookError
from ratingbook.ratings.glicko2 import Glicko2Settings
from ratingbook.ratings.rating_periods import rate_season, standing_after
from ratingbook.ratings.season_model import PlayerStart, RatingPeriod, SeasonResult
from ratingbook.reports.season_tables import (
    ListTables,
    list_tables,
    period_label,
    shown_difference,
    shown_rating,
)
from ratingbook.reports.series_grid import series_grid, series_notes_grid
from ratingbook.season.adding import Addition, Continuation, add_events
from ratingbook.season.event_names import name_addition
from ratingbook.season.model import SeasonEvent, SeasonGame, SeasonPlayer
from ratingbook.season.periods import Period, cut_periods, rated_games
from ratingbook.season.series import SeriesStandings, series_standings
from ratingbook.workbook.plans.list_entries import game_row, player_row, rank_row
from ratingbook.workbook.port.book import Plan, WriteBlock
from ratingbook.workbook.port.presentation import PrintSetup
from ratingbook.workbook.sheets.list_book import read_list_book
from ratingbook.workbook.sheets.list_layout import (
    LIST_EVENTS_WIDTHS,
    LIST_EVENTS_WRAPPED,
    LIST_GAMES_WIDTHS,
    LIST_GAMES_WRAPPED,
    LIST_RANKS_WIDTHS,
    LIST_RANKS_WRAPPED,
    wrapped_rows_below,
)
from ratingbook.workbook.sheets.list_rows import ListBook, ListSettings, event_names
from ratingbook.workbook.sheets.reading import Sheets
from ratingbook.workbook.sheets.report_sheet import report_sheet
from ratingbook.workbook.sheets.schemas import (
    LIST_ALIASES,
    LIST_EVENTS,
    LIST_GAMES,
    LIST_K_RULES,
    LIST_PLAYERS,
    LIST_RANKS,
    LIST_SETTINGS,
)

__all__ = ["RatedList", "plan_add_events", "plan_list", "rated_plan"]

#: The act an addition is kept for undo under, followed by the events it added.
EVENTS_ADDED = "Events added"
#: How many events an act names before it counts the rest.
_ACT_NAMES = 3


@dataclass(frozen=True, slots=True)
class RatedList:
    """A season rated: the addition that matched and checked it, its periods with their
    labels, the result, the tables and the series standings (None: the list sets no series)."""

    addition: Addition
    periods: tuple[Period, ...]
    labels: tuple[str, ...]
    result: SeasonResult
    tables: ListTables
    series: SeriesStandings | None = None

    def rating(self, key: str) -> float | None:
        start = self.result.players.get(key)
        return None if start is None else start.rating


def _start(player: SeasonPlayer) -> PlayerStart:
    fixed = player.fixed_rating is not None
    return PlayerStart(
        rating=player.fixed_rating if fixed else player.rating,
        fixed=fixed,
        k=player.k,
        birth_year=player.birth_year,
    )


def _rate(
    settings: ListSettings, addition: Addition, resume: tuple[RatedList, int] | None = None
) -> RatedList:
    """The season of ``addition`` rated, with its tables. ``resume``: the list as rated before
    an addition, and the first period the addition changes: the periods before it are that
    rating's (the same games from the same starts), and the rating goes on from where every
    player stood after them (:func:`~ratingbook.ratings.rating_periods.standing_after`), so a
    late event re-rates from its period, not from the season's start."""
    season = addition.season
    key_of = addition.matching.key_of
    periods = cut_periods(season.events, settings.length)
    names = event_names(season.events)
    labels = tuple(period_label(p, names, settings.length.value) for p in periods)
    rating_periods = [
        RatingPeriod(rated_games(p, key_of), label, p.start.year, p.start)
        for p, label in zip(periods, labels, strict=True)
    ]
    starts = {p.key: _start(p) for p in season.players}
    if resume is None:
        result = rate_season(rating_periods, starts, settings.rating)
    else:
        rated, first = resume
        kept = rated.result.periods[:first]
        standing = standing_after(starts, settings.rating, rated.result, first)
        rest = rate_season(
            rating_periods[first:],
            standing,
            settings.rating,
            previous=rated.result.periods[first:],
        )
        result = SeasonResult((*kept, *rest.periods), rest.players)
    last_day = max((g.date for p in periods for g in p.games), default=None)
    glicko = settings.rating if isinstance(settings.rating, Glicko2Settings) else None
    tables = list_tables(
        season.players,
        periods,
        labels,
        result,
        key_of,
        names,
        addition.candidates,
        active_days=settings.active_days,
        list_date=settings.list_date or last_day,
        provisional_deviation=glicko.provisional_deviation if glicko else None,
    )
    series = (
        None
        if settings.series is None
        else series_standings(season.events, key_of, settings.series, players=season.players)
    )
    return RatedList(addition, periods, labels, result, tables, series)


def _merge_lines(rated: RatedList) -> list[str]:
    """A line per player an alias merged: whose games his are now, from which period."""
    season = rated.addition.season
    names = {p.key: p.name for p in season.players}
    lines = []
    for merge in season.merged:
        first: int | None = None
        games = 0
        for period in rated.periods:
            for game in period.games:
                if game.rated and (
                    merge.covers(game.white) or (game.black and merge.covers(game.black))
                ):
                    games += 1
                    first = period.index if first is None else first
        alias = merge.alias
        where = f" ({alias.source.where.describe()})" if alias.source is not None else ""
        whose = (
            "no rated game under that name"
            if first is None
            else f"the rated games under that name ({games}) count for ID {merge.into}, "
            f"from period {rated.labels[first]} on"
        )
        lines.append(
            f"alias{where}: {merge.player.name!r} (ID {merge.player.key}) is "
            f"{names.get(merge.into, merge.into)} (ID {merge.into}), off the list: {whose}"
        )
    return lines


def _last_input(sheets: Sheets, book: ListBook) -> str:
    """The list's last input sheet (Aliases, List Events, else List Games): its generated sheets
    go after it."""
    for name in (LIST_ALIASES.sheet, LIST_EVENTS.sheet):
        actual = sheets.actual(name)
        if actual is not None:
            return actual
    return book.games_table.sheet


#: The list's input sheets, each printed under its name and the list's.
_INPUTS = (
    LIST_SETTINGS,
    LIST_K_RULES,
    LIST_PLAYERS,
    LIST_GAMES,
    LIST_EVENTS,
    LIST_RANKS,
    LIST_ALIASES,
)


def _page_titles(sheets: Sheets, name: str) -> tuple[WriteBlock, ...]:
    """The input sheets' printed titles, ``List Players - Club List 2025`` (List Settings'
    List Name, as the generated sheets' :func:`_sheets`; empty: the file's name, as the
    template writes them): blocks writing no cell."""
    blocks = []
    for spec in _INPUTS:
        actual = sheets.actual(spec.sheet)
        if actual is not None:
            title = PrintSetup(f"{spec.sheet} - {name}" if name else spec.sheet, file_name=not name)
            blocks.append(WriteBlock(actual, 1, 1, [], page_title=title))
    return tuple(blocks)


def _sheets(rated: RatedList, after: str, name: str = "") -> Plan:
    """The generated sheets, each printed under its title and the list's ``name`` (List
    Settings' List Name; empty: the file's name)."""
    tables = rated.tables
    written = [
        report_sheet(tables.rating_list, after, name),
        report_sheet(tables.history, tables.rating_list.name, name, landscape=True),
        report_sheet(tables.changes, tables.history.name, name, landscape=True),
        report_sheet(tables.duplicates, tables.changes.name, name, landscape=True),
    ]
    if rated.series is not None:
        standings = series_grid(rated.series)
        notes = series_notes_grid(rated.series)
        written += [
            report_sheet(standings, tables.duplicates.name, name, landscape=True),
            report_sheet(notes, standings.name, name, landscape=True),
        ]
    return Plan(sheets=tuple(written))


def _periods_words(per_period: Sequence[int], length: str) -> str:
    """The periods an officer sees (List History's: those with rated games), and, when the
    list's weeks or months without a game make more, how many those are (a Glicko-2 list
    ages its players through them): "10 periods with rated games, of 178 weeks"."""
    played = sum(1 for n in per_period if n)
    if played == len(per_period):
        return many(played, "period")
    return f"{many(played, 'period')} with rated games, of {many(len(per_period), length)}"


def plan_list(sheets: Sheets) -> Plan:
    """Recalc: the list rated from its sheets, the generated sheets planned."""
    return rated_plan(sheets)[1]


def rated_plan(sheets: Sheets) -> tuple[RatedList, Plan]:
    """Recalc's plan (:func:`plan_list`) with the rated list it is written from, for a
    reader of both (the list's site)."""
    book, matched = read_list_book(sheets)
    rated = _rate(book.settings, matched)
    season = rated.addition.season
    per_period = [len(rated_games(p, rated.addition.matching.key_of)) for p in rated.periods]
    counts = (
        (len(season.players), "player"),
        (len(season.events), "event"),
        (sum(per_period), "rated game"),
    )
    summary = (
        f"rating list ({book.settings.system}, by {book.settings.length.value}): "
        + ", ".join(many(n, noun) for n, noun in counts)
        + f", {_periods_words(per_period, book.settings.length.value)}"
        + f", {many(len(rated.addition.candidates), 'near duplicate')}"
        + (f", a series of {many(len(rated.series.rows), 'player')}" if rated.series else ""),
        *_merge_lines(rated),
    )
    plan = _sheets(rated, _last_input(sheets, book), book.settings.name)
    return rated, replace(plan, blocks=_page_titles(sheets, book.settings.name), summary=summary)


def _rounds(rounds: Sequence[int]) -> str:
    """``round 4``, ``rounds 4-5``, ``rounds 2, 4``."""
    if len(rounds) == 1:
        return f"round {rounds[0]}"
    if list(rounds) == list(range(rounds[0], rounds[-1] + 1)):
        return f"rounds {rounds[0]}-{rounds[-1]}"
    return "rounds " + ", ".join(map(str, rounds))


def _games_and_byes(games: Sequence[SeasonGame]) -> str:
    """``36 games``, ``36 games and 9 byes``: what an addition writes to List Games."""
    byes = sum(1 for g in games if g.black is None)
    played = many(len(games) - byes, "game")
    return f"{played} and {many(byes, 'bye')}" if byes else played


def _continued_line(continued: Continuation) -> str:
    """What a continued event added: its new rounds, and what the list already had."""
    held = sorted({g.round for g in continued.into.games if g.round is not None})
    return (
        f"continued {continued.into.name!r} from {continued.event.source.describe()}: "
        f"{_rounds(continued.rounds)} added ({_games_and_byes(continued.games)}); {_rounds(held)} "
        "already in the list"
    )


def _changes(before: RatedList, after: RatedList) -> list[str]:
    """Whose rating the addition changed, and by how much, highest change first: each rating
    and each change as the list shows them (:func:`shown_rating`, :func:`shown_difference`),
    so the summary's ``(+N)`` is the Change the sheets show, never the unrounded difference
    rounded (a Glicko-2 1733.4 -> 1644.6 is -88, the sheets' 1733 -> 1645, not -89). A rating
    whose shown figure did not move is no change."""
    names = {p.key: p.name for p in after.addition.season.players}
    moved: list[tuple[int, str]] = []
    for key, name in names.items():
        old, new = shown_rating(before.rating(key)), shown_rating(after.rating(key))
        if old == new:
            continue
        delta = shown_difference(old, new)
        sign = "" if delta is None else f" ({delta:+d})"
        shown = [("unrated" if r is None else str(r)) for r in (old, new)]
        moved.append((-abs(delta or 0), f"{name} (ID {key}): {shown[0]} -> {shown[1]}{sign}"))
    return [line for _, line in sorted(moved, key=lambda m: m[0])]


def _moved_start(before: RatedList, after: RatedList, glicko: bool) -> list[str]:
    """An addition before the list's first period moves it back: every Start Rating counts
    from it (rules.md's Glicko-2), the age categories from its year; said, as it changes
    players who never played the old event."""
    if not before.periods or after.periods[0].start >= before.periods[0].start:
        return []
    line = (
        f"the list's first period moves from {before.labels[0]} to {after.labels[0]}: every "
        "start rating now counts from there"
        + (" (Glicko-2: a deviation grows each period a player does not play)" if glicko else "")
    )
    was, now = (None if r.series is None else r.series.year for r in (before, after))
    ages = after.series is not None and any(
        c.kind.startswith("age") for c in after.series.settings.categories
    )
    if ages and was is not None and now is not None and was != now:
        line += f"; the series' age categories now count from {now}, not {was}"
    return [line]


def _act(names: Sequence[str]) -> str:
    """The act an addition is kept under, naming its events, so ``history`` and ``undo`` say
    which addition they mean: ``Events added: Bunratty 2011 (Masters), Juni Blitz``, an event
    continued with its new rounds (``Club Swiss (round 4)``), the first few and a count of the
    rest when there are many."""
    shown = ", ".join(names[:_ACT_NAMES])
    if len(names) > _ACT_NAMES:
        shown += f" and {many(len(names) - _ACT_NAMES, 'more event')}"
    return f"{EVENTS_ADDED}: {shown}" if shown else EVENTS_ADDED


def plan_add_events(
    sheets: Sheets,
    events: Sequence[SeasonEvent],
    unread: Sequence[RatingbookError] = (),
    name: str = "",
) -> Plan:
    """``events`` (read from their files) added to the list: the module text's second run.
    ``unread``: the problems of the files that did not read, refused with the checks' own;
    ``name`` the officer's name for the one event they hold (``season add --name``)."""
    book, base = read_list_book(sheets)
    if book.events_table is None:
        raise InvalidValueError(
            f"the list has no sheet {LIST_EVENTS.sheet!r}, where an added event's fingerprint "
            "is kept: add it (headers Event Name, Kind, Source, Start, End, Fingerprint)"
        )
    ranked = [e.name for e in events if e.ranks]
    if book.ranks_table is None:  # kept nowhere: this run places them as every later one will
        events = [replace(e, ranks=()) for e in events]
    before = _rate(book.settings, base)
    # Only the names these events put on the list are compared for near duplicates.
    addition = add_events(base.season, events, unread, alike=base.candidates)
    addition.check()
    # Named before the list is rated, so the sheets this run writes (Series Notes, Rating
    # Changes) show the name List Games is given: List Games tells events by name.
    addition = name_addition(addition, book.events, name)
    late = addition.late
    first = late.rerate_from.index if late is not None else len(before.periods)
    after = _rate(book.settings, addition, (before, first))
    named = [e for e in addition.season.events if e.id in addition.added]
    old = {p.key for p in base.season.players}
    new_players = [p for p in addition.season.players if p.key not in old]
    player_rows = [player_row(p) for p in new_players]
    written = [
        *((e.name, e.games, e) for e in named),
        *((c.into.name, c.games, c.event) for c in addition.continued),
    ]
    names = {p.key: p.name for p in addition.season.players}
    game_rows = [game_row(g, n, addition) for n, games, _ in written for g in games]
    event_rows = [
        {
            "Event Name": name,
            "Kind": e.kind,
            "Source": e.source.file,
            "Start": e.first_day,
            "End": e.last_day,
            "Fingerprint": e.fingerprint,
        }
        for name, _, e in written
    ]
    rank_rows = [rank_row(r, n, e, addition, names) for n, _, e in written for r in e.ranks]
    blocks: list[WriteBlock] = []
    # List Games', List Events' and Event Ranks' texts wrap: each row written as tall as its lines
    for table, rows, widths, wrapped in (
        (book.players_table, player_rows, {}, ()),
        (book.games_table, game_rows, LIST_GAMES_WIDTHS, LIST_GAMES_WRAPPED),
        (book.events_table, event_rows, LIST_EVENTS_WIDTHS, LIST_EVENTS_WRAPPED),
        (book.ranks_table, rank_rows, LIST_RANKS_WIDTHS, LIST_RANKS_WRAPPED),
    ):
        block = wrapped_rows_below(table, rows, widths, wrapped) if table is not None else None
        if block is not None:
            blocks.append(block)
    summary = [
        f"added {e.name!r} ({_games_and_byes(e.games)}) from {e.source.describe()}" for e in named
    ]
    summary += [_continued_line(c) for c in addition.continued]
    summary += [note for e in events for note in e.notes]
    if ranked and book.ranks_table is None:
        summary.append(
            f"the list has no sheet {LIST_RANKS.sheet!r}: the events' own rankings are not kept, "
            "so the series places them by game points (add the sheet, headers "
            f"{', '.join(c.name for c in LIST_RANKS.columns)}, and add the events again)"
        )
    if new_players:
        summary.append("new players: " + ", ".join(f"{p.name} (ID {p.key})" for p in new_players))
    # the summary names the pairs this addition raised; Near Duplicates lists every undecided one
    summary += [f"near duplicate: {c.describe()}" for c in addition.raised]
    if addition.late is not None and addition.late.late:
        index = addition.late.rerate_from.index
        summary.append(f"a late event: the list is re-rated from period {after.labels[index]} on")
    summary += _moved_start(before, after, isinstance(book.settings.rating, Glicko2Settings))
    changes = _changes(before, after)
    summary += [f"rating changed: {line}" for line in changes] or ["no rating changed"]
    plan = _sheets(after, _last_input(sheets, book), book.settings.name)
    blocks += _page_titles(sheets, book.settings.name)
    more = [f"{c.into.name} ({_rounds(c.rounds)})" for c in addition.continued]
    act = _act([*(e.name for e in named), *more])
    return replace(plan, blocks=tuple(blocks), summary=tuple(summary), act=act)
