"""The rating list family (issue 35): the template recalculated, bad cells, events added, undo.

Every expected rating comes from :func:`independent_elo`, an Elo list written here from the
rules the template states (monthly periods, every expected score from the ratings at the
period's start, K by the first matching rule, the change rounded 0.5 away from zero, a floor,
forfeits never rated, a fixed guest never rated), never from ratingbook's engine.
"""

from __future__ import annotations

import datetime as dt
import math
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

import openpyxl
import pytest

from ratingbook.core.results import Result
from ratingbook.errors import InputErrors, RatingbookError
from ratingbook.season import SourcePlayer, SourceRef, make_event
from ratingbook.season.model import SeasonGame
from ratingbook.session import AddEvents, Recalc, Session, Undo
from ratingbook.templates import build_template, sample_rows
from ratingbook.templates.writer import TemplateBook

KIND = "ratinglist"


def _grid(wb: openpyxl.Workbook, name: str) -> list[dict[str, Any]]:
    rows = list(wb[name].iter_rows(values_only=True))
    header = rows[0]
    return [dict(zip(header, row, strict=False)) for row in rows[1:]]


def _k(rating: float, birth: int | None, year: int) -> int:
    """The template's K Rules, first match wins."""
    if birth is not None and year - birth <= 15:
        return 40
    if rating < 1600:
        return 32
    if rating < 2000:
        return 24
    return 16


def _half_away(x: float) -> int:
    return math.floor(abs(x) + 0.5) * (1 if x >= 0 else -1)


_SCORES = {"1-0": 1.0, "0-1": 0.0, "½-½": 0.5}


def independent_elo(
    players: Sequence[Sequence[Any]], games: Sequence[Sequence[Any]], floor: float = 400
) -> tuple[dict[str, float], dict[tuple[str, str], tuple[float, float, int, float]]]:
    """Each player's rating after every month, and each (month, ID): (score, expected, K,
    opponents' average)."""
    rating = {str(p[0]): float(p[6]) for p in players}
    birth = {str(p[0]): p[4] for p in players}
    fixed = {str(p[0]) for p in players if p[7]}
    months: dict[str, list[Sequence[Any]]] = defaultdict(list)
    for game in sorted(games, key=lambda g: g[0]):
        if game[7] in _SCORES:  # forfeits are never rated
            months[f"{game[0]:%Y-%m}"].append(game)
    detail: dict[tuple[str, str], tuple[float, float, int, float]] = {}
    for month in sorted(months):
        start = dict(rating)
        tally: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0, 0.0])
        for game in months[month]:
            white, black, score = str(game[4]), str(game[6]), _SCORES[game[7]]
            for me, other, s in ((white, black, score), (black, white, 1 - score)):
                e = 1 / (1 + 10 ** ((start[other] - start[me]) / 400))
                t = tally[me]
                t[0] += s
                t[1] += e
                t[2] += 1
                t[3] += start[other]
        for key, (score, expected, n, total) in tally.items():
            if key in fixed:
                continue
            k = _k(start[key], birth[key], int(month[:4]))
            rating[key] = max(floor, start[key] + _half_away(k * (score - expected)))
            detail[(month, key)] = (score, expected, k, total / n)
    return rating, detail


@pytest.fixture(scope="module")
def template() -> openpyxl.Workbook:
    return build_template(KIND)


def test_the_template_opens_rated_as_an_independent_elo_list_rates_it(
    template: openpyxl.Workbook,
) -> None:
    samples = sample_rows(KIND)
    expected, _ = independent_elo(samples["List Players"], samples["List Games"])
    listed = {r["ID"]: r for r in _grid(template, "Season List")}
    assert {key: row["Rating"] for key, row in listed.items()} == expected
    # ranked by rating; the fixed guest keeps his rating and is marked so
    ratings = [r["Rating"] for r in _grid(template, "Season List")]
    assert ratings == sorted(ratings, reverse=True)
    assert listed["7"]["Rating"] == 1900 and listed["7"]["Provisional"] == "fixed"
    assert listed["7"]["Games"] == 3  # he counts for his opponents
    # the forfeit is not counted: Tom O'Neill played two rated games (the blitz forfeit aside)
    assert listed["2"]["Games"] == 2


def test_each_change_is_explained_in_a_sentence(template: openpyxl.Workbook) -> None:
    samples = sample_rows(KIND)
    ratings, detail = independent_elo(samples["List Players"], samples["List Games"])
    score, expected, k, average = detail[("2025-09", "3")]  # Priya Shah, rapid and junior night
    assert (score, k) == (3.0, 40)
    change = _half_away(k * (score - expected))
    rows = [r for r in _grid(template, "Rating Changes") if r["ID"] == "3"]
    september = rows[0]
    assert september["Period"] == "2025-09"
    assert september["Events"] == "Autumn Rapid, Junior Night"  # the late event in its month
    assert september["Why"] == (
        f"+{change}: 3 of 5 against an average of {round(average)}, expected "
        f"{round(expected, 2):g}, K 40 (juniors aged 15 or less)"
    )
    history = [r for r in _grid(template, "List History") if r["ID"] == "3"]
    assert [h["Period"] for h in history] == ["2025-09", "2025-10"]
    assert history[-1]["After"] == ratings["3"]


def test_near_duplicates_are_listed_not_merged(template: openpyxl.Workbook) -> None:
    [pair] = _grid(template, "Near Duplicates")
    assert {pair["ID"], pair["Other ID"]} == {"2", "9"}
    assert len(_grid(template, "Season List")) == 9


def _book(rows: dict[str, Sequence[Sequence[object]]]) -> TemplateBook:
    return TemplateBook(build_template(KIND, rows=rows, recalc=False))


def test_bad_cells_are_all_named_by_sheet_row_and_column_and_nothing_is_written() -> None:
    samples = sample_rows(KIND)
    players = [list(p) for p in samples["List Players"]]
    players[2][6] = "fifteen hundred"  # row 4, Start Rating (G)
    games = [list(g) for g in samples["List Games"]]
    games[0][7] = "1:0?"  # row 2, Result (H)
    games[3][0] = "last Tuesday"  # row 5, Date (A)
    games[5][4] = "99"  # row 7, White ID (E): no such player
    settings = [list(s) for s in samples["List Settings"]]
    settings[0][1] = "Ingo"  # row 2: no such system
    book = _book({"List Players": players, "List Games": games, "List Settings": settings})
    before = book.sheet_names()
    with pytest.raises(InputErrors) as caught:
        Session(book).run(Recalc())
    text = "\n".join(caught.value.lines())
    assert "sheet 'List Players', row 4, column G (Start Rating)" in text
    assert "sheet 'List Games', row 2, column H (Result)" in text
    assert "sheet 'List Games', row 5, column A (Date)" in text
    assert "sheet 'List Settings', row 2, column B (Value)" in text
    assert "'Ingo' is not one of Elo, Glicko-2, FIDE" in text
    assert book.sheet_names() == before  # nothing written


def test_an_unknown_id_is_named_at_its_cell() -> None:
    games = [list(g) for g in sample_rows(KIND)["List Games"]]
    games[5][4] = "99"
    with pytest.raises(RatingbookError, match=r"row 7, column E \(White ID\): no player has ID"):
        Session(_book({"List Games": games})).run(Recalc())


def _game(day: dt.date, rnd: int, white: str, black: str, result: Result, line: int) -> SeasonGame:
    return SeasonGame(
        "",
        day,
        rnd,
        SourcePlayer(white),
        SourcePlayer(black),
        result,
        SourceRef("late.trf", where=_line(line)),
    )


def _line(n: int) -> Any:
    from ratingbook.errors import Location

    return Location(line=n)


def test_a_late_event_rerates_from_its_period_and_undo_takes_it_back() -> None:
    """An October evening typed in after November was rated: the list is re-rated from
    October on; its games and its fingerprint are appended; undo gives the book back."""
    book = TemplateBook(build_template(KIND))
    players_before = book.read_values("List Players")
    games_before = book.read_values("List Games")
    day = dt.date(2025, 10, 29)
    games = (
        _game(day, 1, "Alice Brennan", "Marek Nowak", Result.BLACK_WINS, 5),
        _game(day, 1, "Sophie Laurent", "Newcomer, Nora", Result.WHITE_WINS, 6),
    )
    late = make_event(
        name="Halloween Rapid",
        kind="TRF",
        source=SourceRef("late.trf"),
        start=day,
        end=day,
        players=(),
        games=games,
    )
    done = Session(book).run(AddEvents((late,)))
    summary = "\n".join(done.summary)
    assert "a late event: the list is re-rated from period 2025-10 on" in summary
    assert "new players: Nora Newcomer (ID 10)" in summary
    assert done.kept == "Events added: Halloween Rapid"
    samples = sample_rows(KIND)
    typed = [
        (day, "Halloween Rapid", 1, "Alice Brennan", 1, "Marek Nowak", 4, "0-1"),
        # Sophie's win over an unrated newcomer does not count for her (the list rates an
        # established player against rated opponents only): the newcomer's game is his own.
    ]
    expected, _ = independent_elo(samples["List Players"], [*samples["List Games"], *typed])
    listed = {r[1]: r for r in book.read_values("Season List")[1:]}
    for key in ("1", "4", "5"):
        assert listed[key][4] == expected[key], key
    assert "Alice Brennan (ID 1): " in summary
    games_after = book.read_values("List Games")
    assert len(games_after) == len(games_before) + 2
    assert games_after[-1][6] == "10"  # Black ID: the new player's ID
    assert games_after[-1][8] == "line 6"  # in the event's file, named on List Events
    [event_row] = book.read_values("List Events")[1:]
    assert event_row[0] == "Halloween Rapid" and event_row[5] == late.fingerprint
    assert event_row[2] == "late.trf"
    # the same event again: refused, nothing written
    with pytest.raises(RatingbookError, match="already in the season"):
        Session(book).run(AddEvents((late,)))
    assert book.read_values("List Games") == games_after
    # undo: the book's input sheets as they were
    Session(book).run(Undo())
    assert _rows(book.read_values("List Games")) == _rows(games_before)
    assert _rows(book.read_values("List Players")) == _rows(players_before)
    assert _rows(book.read_values("List Events")) == [
        ["Event Name", "Kind", "Source", "Start", "End", "Fingerprint"]
    ]


def _rows(grid: list[list[object]]) -> list[list[object]]:
    """A grid without its empty rows and trailing empty cells."""
    kept = []
    for row in grid:
        cells = list(row)
        while cells and cells[-1] in (None, ""):
            cells.pop()
        if cells:
            kept.append(cells)
    return kept


def test_the_summary_counts_the_periods_with_games_and_says_how_many_months_in_all() -> None:
    """The template's games are in September, October and November 2025; a February 2026
    evening leaves December and January without a game: List History shows four periods, and
    the summary says so, with the six months the list runs through (stop 44's second user
    test: "178 periods" for a list with rows in 10)."""
    book = TemplateBook(build_template(KIND))
    day = dt.date(2026, 2, 4)
    games = (_game(day, 1, "Alice Brennan", "Marek Nowak", Result.DRAW, 5),)
    late = make_event(
        name="Candlemas Rapid",
        kind="TRF",
        source=SourceRef("feb.trf"),
        start=day,
        end=day,
        players=(),
        games=games,
    )
    Session(book).run(AddEvents((late,)))
    summary = Session(book).run(Recalc()).summary[0]
    assert "20 rated games, 4 periods with rated games, of 6 months, 1 near duplicate" in summary
