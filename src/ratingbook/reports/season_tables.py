"""A season's rating list as tables, from the rated season (issue 35), built once for every view:

- ``Season List``: every player, highest rating first (unrated players last, without a rank):
  ID, name, club, rating, Glicko-2's deviation (a Glicko-2 list's only), games (those the
  season rated for him: a game against a player unrated at its period's start counts for the
  newcomer, not for him; a fixed player's: the rated games he played, which count for his
  opponents), provisional (or fixed, or unrated), active by the list's cut (a rated game
  within the last N days), and the change in the last period;
- ``List History``: one row per player per period he played in: the rating before and after,
  games, score, expected score, the opponents' average and the rule (Elo's K and the band
  that gave it, a provisional player's performance, Glicko-2's deviation and volatility);
- ``Rating Changes``: the same periods in words, one sentence per player
  (:func:`change_sentence`: "+12: 2 of 3 against an average of 1540, expected 1.60, K 20"),
  with the events he played a rated game of in the period (his, not every event of it);
- ``Near Duplicates``: the names that may be one person, for the officer to decide in the
  list's aliases (never merged by ratingbook).

Within a period, List History's and Rating Changes' rows (and so the site's) go in the order
an officer reads a list (:func:`reading_order`): numeric IDs by number, then the other IDs'
players by name.

This module alone words a rating change and decides the figures shown: a rating as a whole
number (0.5 up, :func:`shown_rating`), and a change as the difference of the two ratings shown
(:func:`shown_difference`; a period's, :func:`shown_change`), so Before, After, Change, Last
Change and ``season add``'s summary never disagree whatever the
system keeps unrounded (Glicko-2, an unrounded Elo list). Pure: the season's values in,
tables out.
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from ratingbook.core.counts import many
from ratingbook.core.rules import competition_ranks
from ratingbook.ratings.season_model import (
    FirstRating,
    KChange,
    PerformanceChange,
    PeriodLine,
    SeasonResult,
)
from ratingbook.reports.names import LIST_CHANGES, LIST_HISTORY, NEAR_DUPLICATES, RATING_LIST
from ratingbook.reports.tables import SheetGrid, centred_columns
from ratingbook.season.identity import Candidate
from ratingbook.season.model import SeasonPlayer, SourcePlayer
from ratingbook.season.periods import Period

__all__ = [
    "LIST_COLUMNS",
    "ListTables",
    "change_sentence",
    "list_tables",
    "period_label",
    "reading_order",
    "shown_change",
    "shown_difference",
    "shown_rating",
]

LIST_COLUMNS = (
    "Rank",
    "ID",
    "Name",
    "Club",
    "Rating",
    "Deviation",
    "Games",
    "Provisional",
    "Active",
    "Last Change",
)
HISTORY_COLUMNS = (
    "Period",
    "ID",
    "Name",
    "Before",
    "After",
    "Change",
    "Games",
    "Score",
    "Expected",
    "Opp. Avg.",
    "Provisional",
    "Rule",
)
CHANGES_COLUMNS = ("Period", "Events", "ID", "Name", "Change", "Why")
DUPLICATES_COLUMNS = ("ID", "Name", "Other ID", "Other Name", "Why", "Where")

_SIGNED = "+0;-0;0"
#: An expected score's spelling, the one for the sheets (List History's number format), the
#: sentences and the site: two decimals always, 0.30 (never 0.3 beside another's 0.30).
EXPECTED_FORMAT = "0.00"


def expected_text(expected: float) -> str:
    """An expected score as every sentence and page writes it, as :data:`EXPECTED_FORMAT`
    shows it in a sheet: ``0.3`` -> ``"0.30"``, ``2.214`` -> ``"2.21"``."""
    return f"{expected:.2f}"


@dataclass(frozen=True, slots=True)
class ListTables:
    """The list's four tables, and ``period_events``: by period label, the events the
    period's Rating Changes rows name (each row its player's own), every one once, in the
    list's order (by date, then as added): a period's heading on the site."""

    rating_list: SheetGrid
    history: SheetGrid
    changes: SheetGrid
    duplicates: SheetGrid
    period_events: Mapping[str, tuple[str, ...]]


def period_label(period: Period, names: Mapping[str, str], length: str) -> str:
    """A period's name: its month (``2025-09``), its week (``week of 2025-09-01``), its event's
    name, or its game's date."""
    if length == "month":
        return f"{period.start:%Y-%m}"
    if length == "week":
        return f"week of {period.start:%Y-%m-%d}"
    if length == "event" and period.events:
        return names.get(period.events[0], period.events[0])
    return f"{period.start:%Y-%m-%d}"


def _number(value: float | None, places: int = 0) -> float | int | None:
    """A figure as shown: whole numbers as int, others rounded to ``places``."""
    if value is None:
        return None
    if places == 0:  # half up, as a rating is rounded (a performance of 1526.5 is 1527)
        return math.floor(value + 0.5)
    rounded = round(value, places)
    return int(rounded) if float(rounded).is_integer() else rounded


def shown_rating(value: float | None) -> int | None:
    """A rating as the list shows it: a whole number, 0.5 up (None: unrated)."""
    shown = _number(value)
    return None if shown is None else int(shown)


def shown_difference(before: float | None, after: float | None) -> int | None:
    """The change from ``before`` to ``after`` as the list shows it: the difference of the two
    ratings shown (None when either is unrated), never the unrounded difference rounded: a
    Glicko-2 rating of 1733.4 that becomes 1644.6 is shown 1733 -> 1645, -88, never -89 (the
    rounded -88.8) beside it."""
    old, new = shown_rating(before), shown_rating(after)
    return None if old is None or new is None else new - old


def shown_change(line: PeriodLine) -> int | None:
    """A period's change as the list shows it (:func:`shown_difference` of its rating before
    and after); None for a player unrated before the period. One number from one source, so
    Before, After, Change and Last Change never disagree."""
    return shown_difference(line.before, line.after)


def _score(score: float) -> str:
    """2.5 -> 2½, 0.5 -> ½, 3 -> 3."""
    whole = int(score)
    half = score - whole >= 0.5
    return ("" if whole == 0 and half else str(whole)) + ("½" if half else "")


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else f"{value}" if value < 0 else "±0"


def rule_words(line: PeriodLine) -> str:
    """The rule that gave the change, short: ``K 20 (rated below 2400)``, ``performance
    1612``, ``RD 200 -> 150, volatility 0.06000 -> 0.05999``."""
    why = line.why
    if isinstance(why, KChange):
        floored = "; the floor held" if why.floored else ""
        return f"K {_number(why.k, 2)} ({why.rule}){floored}"
    if isinstance(why, PerformanceChange):
        earlier = ""
        if why.earlier_games:
            earlier = (
                f", weighted with {why.earlier_games} earlier games at "
                f"{_number(why.earlier_rating)}"
            )
        floored = "; the floor held" if why.floored else ""
        return f"performance {_number(why.performance)}{earlier}{floored}"
    if isinstance(why, FirstRating):
        pooled = f", {why.earlier_games} of them from earlier periods" if why.earlier_games else ""
        return f"{why.rule}{pooled}"
    return (
        f"deviation {why.before.deviation:.0f} -> {why.after.deviation:.0f}, volatility "
        f"{why.before.volatility:.5f} -> {why.after.volatility:.5f}"
    )


def _not_counted(line: PeriodLine, newcomers: int) -> str:
    """His games not rated for him, in words: "2 games against a newcomer unrated at the start
    not counted" (``newcomers``: how many newcomers he met)."""
    # FIDE 8.3.1 rates a rated player's games against rated opponents only.
    met = "a newcomer" if newcomers == 1 else "newcomers"
    return f"{many(line.not_rated, 'game')} against {met} unrated at the start not counted"


def change_sentence(line: PeriodLine, newcomers: int = 1) -> str:
    """A player's period in one sentence: the change, the score against the opponents'
    average, what was expected and the rule ("+12: 2 of 3 against an average of 1540,
    expected 1.60, K 20 (rated below 2400)"); a new player's first rating says so, and the
    games against the ``newcomers`` he met that did not count for him (all of them: "±0: no
    games counted; 6 games against newcomers unrated at the start not counted")."""
    change = shown_change(line)
    head = f"first rating {_number(line.after)}" if change is None else _signed(change)
    if line.games == 0 and line.not_rated:
        return f"{head}: no games counted; {_not_counted(line, newcomers)}"
    if line.games == 0:
        return f"{head}: no games; {rule_words(line)}"
    played = f"{_score(line.score)} of {line.games}"
    if line.opponents_average is not None:
        played += f" against an average of {_number(line.opponents_average)}"
    # as List History shows it (two decimals): "expected 1.0" beside "1 of 2" and a change of
    # +1 read as a contradiction where 0.97 was expected
    expected = "" if line.expected is None else f", expected {expected_text(line.expected)}"
    provisional = " (provisional)" if line.provisional else ""
    skipped = f"; {_not_counted(line, newcomers)}" if line.not_rated else ""
    return f"{head}{provisional}: {played}{expected}, {rule_words(line)}{skipped}"


def _newcomers_met(
    players: Sequence[SeasonPlayer],
    periods: Sequence[Period],
    result: SeasonResult,
    key_of: Callable[[SourcePlayer], str],
) -> dict[tuple[int, str], int]:
    """For each period (by its place) and player with games not counted for him, how many
    newcomers he met: opponents unrated at the period's start (no rating on the list and no
    line in an earlier period)."""
    rated = {p.key for p in players if p.rating is not None or p.fixed_rating is not None}
    met: dict[tuple[int, str], int] = {}
    for index, (period, lines) in enumerate(zip(periods, result.periods, strict=True)):
        asked = {key for key, line in lines.lines.items() if line.not_rated}
        if asked:
            seen: dict[str, set[str]] = {key: set() for key in asked}
            for game in period.games:
                if game.black is None:
                    continue
                white, black = key_of(game.white), key_of(game.black)
                if white in seen and black not in rated:
                    seen[white].add(black)
                if black in seen and white not in rated:
                    seen[black].add(white)
            met.update(((index, key), len(keys)) for key, keys in seen.items())
        rated |= lines.lines.keys()
    return met


def reading_order(key: str, name: str) -> tuple[int, int, str, str]:
    """Where a player's row goes among a period's rows, as an officer reads a list: numeric
    IDs by their number (1, 2, 10, 100: never 1, 10, 100, 2 as text sorts them), then the
    players whose ID is not a number, by name (then ID)."""
    if key.isascii() and key.isdigit():
        return (0, int(key), "", key)
    return (1, 0, name.casefold(), key)


def _events_played(
    period: Period, key_of: Callable[[SourcePlayer], str]
) -> dict[str, tuple[str, ...]]:
    """The events each player played a rated game of in ``period``, by event id, in the
    period's order: his row names his events, not every event of the period."""
    mine: dict[str, set[str]] = {}
    for game in period.games:
        if game.rated and game.black is not None:
            for player in (game.white, game.black):
                mine.setdefault(key_of(player), set()).add(game.event)
    return {key: tuple(e for e in period.events if e in events) for key, events in mine.items()}


def _played(
    periods: Sequence[Period], key_of: Callable[[SourcePlayer], str]
) -> tuple[dict[str, dt.date], dict[str, int]]:
    """Each player's last rated game's date, and his rated games (a fixed player's too)."""
    last: dict[str, dt.date] = {}
    count: dict[str, int] = {}
    for period in periods:
        for game in period.games:
            if not game.rated or game.black is None:
                continue
            for player in (game.white, game.black):
                key = key_of(player)
                count[key] = count.get(key, 0) + 1
                if key not in last or last[key] < game.date:
                    last[key] = game.date
    return last, count


def list_tables(
    players: Sequence[SeasonPlayer],
    periods: Sequence[Period],
    labels: Sequence[str],
    result: SeasonResult,
    key_of: Callable[[SourcePlayer], str],
    event_names: Mapping[str, str],
    candidates: Sequence[Candidate],
    *,
    active_days: int | None,
    list_date: dt.date | None,
    provisional_deviation: float | None = None,
) -> ListTables:
    """The list's tables: ``players`` (the list, in its order), ``periods`` and their
    ``labels``, the rated ``result`` (one period result per period), ``key_of`` the matching,
    ``event_names`` by event id, the near-duplicate ``candidates``; a player is active with a
    rated game within ``active_days`` before ``list_date`` (None: no cut, every player who
    played is). ``provisional_deviation``: Glicko-2's mark, for a player with no line."""
    history: list[tuple[object, ...]] = []
    changes: list[tuple[object, ...]] = []
    last_line: dict[str, PeriodLine] = {}
    rated_for: dict[str, int] = {}  # the games rated for each player
    names = {p.key: p.name for p in players}
    newcomers = _newcomers_met(players, periods, result, key_of)
    period_events: dict[str, tuple[str, ...]] = {}
    for index, (period, label, rated) in enumerate(
        zip(periods, labels, result.periods, strict=True)
    ):
        played_in = _events_played(period, key_of)
        named: set[str] = set()  # the events this period's rows name
        last_line.update(rated.lines)
        for key in sorted(rated.lines, key=lambda k: reading_order(k, names.get(k) or k)):
            line = rated.lines[key]
            if line.games == 0 and not line.not_rated:
                continue  # a period he did not play in (Glicko-2's line of no games)
            rated_for[key] = rated_for.get(key, 0) + line.games
            expected = None if line.expected is None else round(line.expected, 2)
            history.append(
                (
                    label,
                    key,
                    names.get(key, key),
                    _number(line.before),
                    _number(line.after),
                    shown_change(line),
                    line.games,
                    line.score,
                    expected,
                    _number(line.opponents_average),
                    "yes" if line.provisional else None,
                    rule_words(line),
                )
            )
            named.update(played_in.get(key, ()))
            changes.append(
                (
                    label,
                    ", ".join(event_names.get(e, e) for e in played_in.get(key, ())),
                    key,
                    names.get(key, key),
                    shown_change(line),
                    change_sentence(line, newcomers.get((index, key), 1)),
                )
            )
        period_events[label] = tuple(event_names.get(e, e) for e in period.events if e in named)
    last_period = result.periods[-1].lines if result.periods else {}
    played, games = _played(periods, key_of)
    rows: list[tuple[float | None, tuple[object, ...]]] = []
    for player in players:
        start = result.players.get(player.key)
        rating = start.rating if start is not None else player.fixed_rating or player.rating
        deviation = start.deviation if start is not None else None
        mine = last_line.get(player.key)
        provisional: str | None
        if player.fixed_rating is not None:
            provisional = "fixed"
        elif mine is not None:
            provisional = "yes" if mine.provisional else None
        elif rating is None:
            provisional = "unrated"
        elif (
            provisional_deviation is not None
            and deviation is not None
            and deviation > provisional_deviation
        ):
            provisional = "yes"
        else:
            provisional = None
        last = played.get(player.key)
        # "no": no rated game, or none in the cut (an empty cell read as not yet worked out)
        active = (
            "yes"
            if last is not None
            and (active_days is None or list_date is None or (list_date - last).days <= active_days)
            else "no"
        )
        now = last_period.get(player.key)
        change = None if now is None or now.games == 0 else shown_change(now)
        fixed = player.fixed_rating is not None
        rows.append(
            (
                rating,
                (
                    player.key,
                    player.name,
                    player.club or None,
                    _number(rating),
                    *((_number(deviation),) if provisional_deviation is not None else ()),
                    games.get(player.key, 0) if fixed else rated_for.get(player.key, 0),
                    provisional,
                    active,
                    change,
                ),
            )
        )
    ordered = sorted(
        ((r, row) for r, row in rows if r is not None),
        key=lambda pair: (-pair[0], str(pair[1][1]).casefold()),
    )
    ranks = competition_ranks([r for r, _ in ordered])
    ranked = [(rank, *row) for rank, (_, row) in zip(ranks, ordered, strict=True)]
    ranked += [(None, *row) for r, row in rows if r is None]
    pairs = [
        (
            c.key,
            c.name,
            c.other,
            c.other_name,
            "; ".join(c.reasons),
            c.source.describe() if c.source else None,
        )
        for c in candidates
    ]
    # Only Glicko-2 rates a deviation: an Elo or FIDE list has no such column (it was empty).
    header = tuple(c for c in LIST_COLUMNS if c != "Deviation" or provisional_deviation is not None)
    return ListTables(
        SheetGrid(
            RATING_LIST,
            header,
            ranked,
            number_formats={header.index("Rating"): "0", header.index("Last Change"): _SIGNED},
            widths={2: 22, 3: 16},
            centred=centred_columns(header),
            key_columns=3,
        ),
        SheetGrid(
            LIST_HISTORY,
            HISTORY_COLUMNS,
            history,
            number_formats={5: _SIGNED, 8: EXPECTED_FORMAT},
            # the Rule wrapped in a narrow column: at 44 the table printed split over two
            # landscape pages, the names and figures on one, the rules on the next; the Name
            # wrapped too (a long name widened it to 30 and split the page again, issue 35)
            widths={0: 14, 2: 20, 11: 20},
            centred=centred_columns(HISTORY_COLUMNS),
            wrapped=frozenset({2, 11}),
            key_columns=3,
        ),
        SheetGrid(
            LIST_CHANGES,
            CHANGES_COLUMNS,
            changes,
            number_formats={4: _SIGNED},
            # one landscape page wide: the Why (60 wide, the Name widened by a long one)
            # printed on a page of its own, away from the name (issue 35)
            widths={0: 14, 1: 20, 3: 20, 5: 50},
            centred=centred_columns(CHANGES_COLUMNS),
            wrapped=frozenset({1, 3, 5}),
            key_columns=4,
        ),
        SheetGrid(
            NEAR_DUPLICATES,
            DUPLICATES_COLUMNS,
            pairs,
            widths={1: 20, 3: 20, 4: 36, 5: 36},
            centred=centred_columns(DUPLICATES_COLUMNS),
            wrapped=frozenset({4, 5}),
            key_columns=2,
            title="Near duplicates: decide each pair in the Aliases sheet",
        ),
        period_events,
    )
