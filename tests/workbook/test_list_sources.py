"""What feeds the rating list template (issue 35), through ``season add``'s session command:
PGN names written surname first, the dates List Events keeps, a Swiss book with a round not
played yet (and the same event added again once it is), Elo, ladder and team books.

Counts and names expected are read from the sources here, or written by hand; ratings come
from :func:`independent_elo` (the rating list's tests), never from ratingbook's engine."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from tests.helpers.sheet_grids import sheet_grid

from ratingbook.errors import RatingbookError
from ratingbook.files.season_sources import read_sources
from ratingbook.season import read_pgn
from ratingbook.session import AddEvents, Recalc, Session
from ratingbook.templates import build_template
from ratingbook.templates.writer import TemplateBook

KIND = "ratinglist"


def _list() -> TemplateBook:
    return TemplateBook(build_template(KIND))


def _grid(book: TemplateBook, sheet: str) -> list[dict[str, Any]]:
    header, *rows = book.read_values(sheet)
    return [dict(zip(header, r, strict=False)) for r in rows if any(v is not None for v in r)]


PGN = """[Event "Thursday Blitz"]
[Date "2025.11.20"]
[Round "1"]
[White "Brennan, Alice"]
[Black "Nowak, Marek"]
[Result "1-0"]

1. e4 e5 1-0

[Event "Thursday Blitz"]
[Date "2025.11.27"]
[Round "2"]
[White "Nowak,Marek"]
[Black "Shah, Priya"]
[Result "1/2-1/2"]

1. d4 d5 1/2-1/2
"""


def test_pgn_names_written_surname_first_are_the_lists_players() -> None:
    """[White "Brennan, Alice"] is the list's Alice Brennan (PGN standard 8.1.1.5 writes the
    surname first): no new player, no near duplicate, the games under their IDs."""
    book = _list()
    done = Session(book).run(AddEvents(read_pgn(PGN, "blitz.pgn")))
    assert not [line for line in done.summary if line.startswith(("new players", "near dup"))]
    games = _grid(book, "List Games")[-2:]
    assert [(g["White ID"], g["Black ID"]) for g in games] == [("1", "4"), ("4", "3")]


def test_list_events_keeps_a_pgn_events_first_and_last_day() -> None:
    """A PGN states no event day: List Events takes its games' first and last dates."""
    book = _list()
    Session(book).run(AddEvents(read_pgn(PGN, "blitz.pgn")))
    [event] = _grid(book, "List Events")
    assert (event["Start"], event["End"]) == (dt.date(2025, 11, 20), dt.date(2025, 11, 27))


ROUND_DATES = "2026-04-11, 2026-04-18, 2026-04-25, 2026-05-02"


def _swiss_book(path: Path, round_4: Sequence[str] | None = None) -> Path:
    """The Swiss template (three rounds played, round 4 paired and not played), with its
    rounds' dates; ``round_4``: the results of round 4's three boards, typed in."""
    wb = build_template("swiss")
    settings = wb["Swiss Settings"]
    settings.append(("Round Dates", ROUND_DATES, "the day of each round"))
    table = next(iter(settings.tables.values()))
    table.ref = f"A1:C{settings.max_row}"
    games = wb["Swiss Games"]
    rows = [r for r in games.iter_rows(min_row=2) if r[0].value == 4]
    assert [r[4].value for r in rows] == [None, None, None]  # round 4: paired, not played
    for row, result in zip(rows, round_4 or (), strict=False):
        row[4].value = result
    TemplateBook(wb).save(path)
    return path


def test_a_swiss_round_not_played_is_left_out_and_added_when_it_is(tmp_path: Path) -> None:
    """A running event: its played rounds go in (the unplayed round said in the summary);
    added again once round 4 is played, it is the same event continued: only round 4's three
    games go in; a third time, nothing new: refused."""
    book = _list()
    before = len(_grid(book, "List Games"))
    first = Session(book).run(AddEvents(read_sources([str(_swiss_book(tmp_path / "s.xlsx"))])))
    assert "added 'Club Swiss' (9 games) from file 's.xlsx'" in first.summary
    assert any(
        "round 4 is not played yet (3 of 3 games without a result)" in line
        for line in first.summary
    )
    assert len(_grid(book, "List Games")) == before + 9
    [event] = _grid(book, "List Events")
    assert (event["Start"], event["End"]) == (dt.date(2026, 4, 11), dt.date(2026, 4, 25))

    played = _swiss_book(tmp_path / "s2.xlsx", ("1-0", "½-½", "0-1"))
    second = Session(book).run(AddEvents(read_sources([str(played)])))
    assert (
        "continued 'Club Swiss' from file 's2.xlsx': round 4 added (3 games); rounds 1-3 "
        "already in the list"
    ) in second.summary
    assert second.kept == "Events added: Club Swiss (round 4)"  # as history and undo name it
    games = _grid(book, "List Games")
    assert len(games) == before + 12
    assert [(g["Event Name"], g["Round"], g["Date"]) for g in games[-3:]] == [
        ("Club Swiss", 4, dt.date(2026, 5, 2))
    ] * 3
    events = _grid(book, "List Events")
    assert [(e["Event Name"], e["End"]) for e in events] == [
        ("Club Swiss", dt.date(2026, 4, 25)),
        ("Club Swiss", dt.date(2026, 5, 2)),
    ]
    with pytest.raises(RatingbookError, match="'Club Swiss' is already in the season"):
        Session(book).run(AddEvents(read_sources([str(played)])))
    # the list read again knows the event whole: a recalculation changes no rating
    listed = _grid(book, "Season List")
    Session(book).run(Recalc())
    assert _grid(book, "Season List") == listed


def test_a_late_event_is_rated_from_its_period_not_from_the_seasons_start(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An October evening added after November was rated: the rating maths is handed the
    periods from 2025-10 on, from where every player stood after September; the list it
    gives is the one a whole recalculation gives."""
    from ratingbook.workbook.plans import list_plan

    book = _list()
    handed: list[list[str]] = []
    real = list_plan.rate_season

    def recording(periods: Any, *args: Any, **kwargs: Any) -> Any:
        handed.append([p.label for p in periods])
        return real(periods, *args, **kwargs)

    monkeypatch.setattr(list_plan, "rate_season", recording)
    late = read_pgn(
        '[Event "Halloween Rapid"]\n[Date "2025.10.29"]\n[Round "1"]\n'
        '[White "Alice Brennan"]\n[Black "Marek Nowak"]\n[Result "0-1"]\n\n0-1\n',
        "late.pgn",
    )
    done = Session(book).run(AddEvents(late))
    assert "a late event: the list is re-rated from period 2025-10 on" in done.summary
    assert handed == [["2025-09", "2025-10", "2025-11"], ["2025-10", "2025-11"]]
    listed = _grid(book, "Season List")
    Session(book).run(Recalc())
    assert _grid(book, "Season List") == listed


def _saved(kind: str, path: Path, edit: Any = None) -> Path:
    wb = build_template(kind)
    if edit is not None:
        edit(wb)
    TemplateBook(wb).save(path)
    return path


def _rows(path: Path, sheet: str) -> list[tuple[Any, ...]]:
    return [tuple(r) for r in sheet_grid(path, sheet)[1:] if any(v is not None for v in r)]


def test_an_elo_book_feeds_the_list_dated_by_date_and_continues(tmp_path: Path) -> None:
    """Elo Games has no date: --date gives it; without it the book is refused, saying so. Each
    game is White against Black with its result; more games later are the event continued."""
    path = _saved("elo", tmp_path / "elo.xlsx")
    with pytest.raises(RatingbookError, match="give the day its games were played with --date"):
        read_sources([str(path)])
    typed = _rows(path, "Elo Games")
    book = _list()
    before = len(_grid(book, "List Games"))
    Session(book).run(AddEvents(read_sources([str(path)], day=dt.date(2025, 12, 2))))
    games = _grid(book, "List Games")[before:]
    assert [(g["White"], g["Black"], g["Result"]) for g in games] == [
        (w, b, r) for w, b, r in typed
    ]
    assert {g["Date"] for g in games} == {dt.date(2025, 12, 2)}

    def more(wb: Any) -> None:
        wb["Elo Games"].append(("Ann", "Eva", "1-0"))
        table = next(iter(wb["Elo Games"].tables.values()))
        table.ref = f"A1:C{wb['Elo Games'].max_row}"

    longer = _saved("elo", tmp_path / "elo2.xlsx", more)
    done = Session(book).run(AddEvents(read_sources([str(longer)], day=dt.date(2025, 12, 9))))
    assert any(
        line.startswith(
            "continued 'Elo book elo.xlsx' from file 'elo2.xlsx': round 10 added (1 game)"
        )
        for line in done.summary
    )
    last = _grid(book, "List Games")[-1]
    assert (last["White"], last["Black"], last["Date"]) == ("Ann", "Eva", dt.date(2025, 12, 9))


def test_a_ladder_book_feeds_its_ended_weeks_dated_by_their_archive_day(tmp_path: Path) -> None:
    path = _saved("ladder", tmp_path / "ladder.xlsx")
    with pytest.raises(RatingbookError, match="no week of the ladder has ended yet"):
        read_sources([str(path)])

    def ended(wb: Any) -> None:  # a week that ended, as the ladder archives it
        archive = wb["Games Archive"]
        archive.append(
            ("Week 1", dt.datetime(2026, 7, 10), 1, 3, "(1-0)", "Maya Okafor", "Priya Nair")
        )
        archive.append(("Week 1", dt.datetime(2026, 7, 10), 4, 2, "(½-½)", None, None))

    path = _saved("ladder", tmp_path / "ladder2.xlsx", ended)
    book = _list()
    done = Session(book).run(AddEvents(read_sources([str(path)])))
    assert any("the week being played" in line and "left out" in line for line in done.summary)
    assert done.summary[0].startswith("added 'Camp ladder ladder2.xlsx' (2 games)")
    games = _grid(book, "List Games")[-2:]
    assert [(g["Date"], g["White"], g["Black"], g["Result"]) for g in games] == [
        (dt.date(2026, 7, 10), "Maya Okafor", "Priya Nair", "1-0"),
        (dt.date(2026, 7, 10), "Lucas Moreau", "Tom Lindqvist", "½-½"),  # names by ID
    ]


def test_a_team_book_feeds_each_boards_game_and_a_forfeit_is_never_rated(tmp_path: Path) -> None:
    def forfeit(wb: Any) -> None:
        for row in wb["Team Boards"].iter_rows(min_row=2):
            if row[3].value == "Eva Falk":
                row[5].value = "+/-"

    path = _saved("team", tmp_path / "team.xlsx", forfeit)
    boards = _rows(path, "Team Boards")
    book = _list()
    done = Session(book).run(AddEvents(read_sources([str(path)], day=dt.date(2025, 11, 15))))
    assert (
        f"added 'Summer Camp Team Cup' ({len(boards)} games) from file 'team.xlsx'" in done.summary
    )
    games = _grid(book, "List Games")[-len(boards) :]
    assert [(g["Round"], g["White"], g["Black"]) for g in games] == [
        (r, w, b) for r, _, _, w, b, _ in boards
    ]
    listed = {r["Name"]: r for r in _grid(book, "Season List")}
    assert listed["Eva Falk"]["Games"] in (None, 0)  # her only game, a forfeit win: not rated
    assert listed["Hana Ito"]["Games"] in (None, 0)
    assert listed["Jade Kim"]["Games"] == 1


def test_a_crikey_book_is_refused_naming_its_family(tmp_path: Path) -> None:
    path = _saved("crikey", tmp_path / "crikey.xlsx")
    with pytest.raises(RatingbookError, match="a crikey book does not feed a rating list"):
        read_sources([str(path)])


def test_a_second_event_of_one_name_shows_its_own_name_in_the_run_that_adds_it() -> None:
    """'Thursday Blitz' again, two weeks on with other results (another event, not the first
    continued): List Games and List Events call it 'Thursday Blitz (2)', and so do the sheets
    this very run writes, Rating Changes and Series Notes (not after a later recalc only)."""
    book = _list()
    Session(book).run(AddEvents(read_pgn(PGN, "blitz.pgn")))
    later = PGN.replace("2025.11.20", "2025.12.04").replace("2025.11.27", "2025.12.11")
    done = Session(book).run(AddEvents(read_pgn(later.replace("1-0", "0-1"), "blitz2.pgn")))
    assert done.summary[0] == "added 'Thursday Blitz (2)' (2 games) from file 'blitz2.pgn'"
    names = {
        sheet: [v for r in book.read_values(sheet) for v in r if "Thursday" in str(v)]
        for sheet in ("List Games", "Rating Changes", "Series Notes")
    }
    assert set(names["List Games"][-2:]) == {"Thursday Blitz (2)"}
    assert set(names["Rating Changes"][-3:]) == {"Thursday Blitz (2)"}
    assert names["Series Notes"][-1] == "E6: Thursday Blitz (2), 2025-12-04"
