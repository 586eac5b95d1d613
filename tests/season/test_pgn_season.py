"""Tests for :mod:`ratingbook.season.pgn_source`: PGN files as events of a season.

The PGN texts are written here by hand (each game's line is counted by hand too), and one real
game is read from tests/data/pgn (its source and licence in that folder's README).
"""

from __future__ import annotations

import datetime as dt
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st
from tests.helpers.paths import ROOT

from ratingbook.core.results import Result
from ratingbook.errors import InputErrors
from ratingbook.season import Season, SeasonError, add_events, read_pgn
from ratingbook.season.pgn_source import pgn_date, pgn_round

REAL = ROOT / "tests" / "data" / "pgn" / "nepomniachtchi-liren_2023_game1.pgn"


def game(
    white: str,
    black: str,
    result: str,
    date: str = "2024.03.14",
    *,
    event: str = "Club Blitz",
    round_: str = "?",
    extra: str = "",
) -> str:
    """One game: seven tags (and ``extra``), a blank line, the moves, a blank line: the next
    game's first tag is on the 11th line after this one's first (the 12th with ``extra``)."""
    tags = [
        f'[Event "{event}"]',
        '[Site "Club"]',
        f'[Date "{date}"]',
        f'[Round "{round_}"]',
        f'[White "{white}"]',
        f'[Black "{black}"]',
        f'[Result "{result}"]',
    ]
    if extra:
        tags.append(extra)
    return "\n".join([*tags, "", f"1. e4 e5 {result}", "", ""])


CLUB = "".join(
    [
        game("Smith, John", "Doe, Jane", "1-0", round_="1", extra='[WhiteFideId "1503014"]'),
        game("Doe, Jane", "Smith, John", "1/2-1/2", round_="2", extra='[WhiteElo "1500"]'),
        game("Brown, Al", "Smith, John", "0-1", "2024.03.21", event="Ladder", extra='[X "y"]'),
        game("Brown, Al", "Doe, Jane", "+/-", "2024.03.21", event="Ladder", extra='[X "y"]'),
    ]
)


def test_a_pgn_file_gives_one_event_per_event_tag() -> None:
    club, ladder = read_pgn(CLUB, "club-games.pgn")
    assert (club.name, ladder.name) == ("Club Blitz", "Ladder")
    assert club.kind == "PGN" and club.source.file == "club-games.pgn"
    assert [
        (g.date, g.round, g.white.name, g.black.name if g.black else None, g.result)
        for g in club.games
    ] == [
        (dt.date(2024, 3, 14), 1, "Smith, John", "Doe, Jane", Result.WHITE_WINS),
        (dt.date(2024, 3, 14), 2, "Doe, Jane", "Smith, John", Result.DRAW),
    ]
    # Each game names the line of its first tag: 11 lines a game here (8 tags, blank, moves,
    # blank).
    assert [g.source.where.line for g in (*club.games, *ladder.games)] == [1, 12, 23, 34]
    assert club.games[0].white.fide_id == 1503014
    assert club.games[1].white.rating == 1500
    assert [g.result for g in ladder.games] == [Result.BLACK_WINS, Result.WHITE_WINS_BY_FORFEIT]
    assert [g.rated for g in ladder.games] == [True, False]
    assert ladder.games[1].unrated_reason == "a forfeit"


def test_the_real_world_championship_game() -> None:
    """Game 1 of the 2023 world championship: a draw on 9 April 2023, round 1, with both
    players' FIDE IDs and ratings as the file's tags give them."""
    (event,) = read_pgn(REAL.read_text(encoding="utf-8"), REAL.name)
    assert event.name == "FIDE World Championship 2023"
    (only,) = event.games
    assert (only.date, only.round, only.result) == (dt.date(2023, 4, 9), 1, Result.DRAW)
    assert (only.white.name, only.white.fide_id, only.white.rating) == (
        "Nepomniachtchi, Ian",
        4168119,
        2795,
    )
    assert (only.black.name, only.black.fide_id) == ("Liren, Ding", 8603677)
    addition = add_events(Season(), [event])
    assert addition.problems == ()
    assert [p.fide_id for p in addition.season.players] == [4168119, 8603677]


def test_the_same_pgn_file_under_another_name_is_refused() -> None:
    (real,) = read_pgn(REAL.read_text(encoding="utf-8"), REAL.name)
    (copy,) = read_pgn(REAL.read_text(encoding="utf-8"), "astana-game-1.pgn")
    season = add_events(Season(), [real]).season
    addition = add_events(season, [copy])
    assert addition.season is season
    assert [str(p) for p in addition.problems] == [
        "file 'astana-game-1.pgn': the event 'FIDE World Championship 2023' is already in the "
        "season as 'FIDE World Championship 2023': the same 1 game and byes (also file "
        f"{REAL.name!r})"
    ]


def test_a_game_without_a_usable_date_takes_the_event_date_else_is_an_error() -> None:
    dated_by_event = game("A", "B", "1-0", "2024.??.??", extra='[EventDate "2024.03.09"]')
    (event,) = read_pgn(dated_by_event, "x.pgn")
    assert event.games[0].date == dt.date(2024, 3, 9)
    assert event.start == dt.date(2024, 3, 9)
    with pytest.raises(SeasonError) as caught:
        read_pgn(game("A", "B", "1-0", "2024.??.??"), "online.pgn")
    assert str(caught.value) == (
        "file 'online.pgn', line 3: the game A - B has no date: Date '2024.??.??'; a rated "
        "game needs its day"
    )


def test_every_bad_game_of_a_file_is_named_with_its_line() -> None:
    """Three bad games and one good one: the three are listed, each at the line of the tag at
    fault (a game is 7 tags, blank, moves, blank, and one more blank line between games: 12
    lines; in a game, Date is its 3rd tag, Black its 6th, Result its 7th)."""
    text = "\n\n".join(
        [
            game("A", "B", "1-0"),  # line 1: good
            game("A", "?", "1-0"),  # line 13: no Black
            game("A", "B", "1-0", "????.??.??"),  # line 25: no date
            game("A", "B", "2-0"),  # line 37: no such result
        ]
    )
    with pytest.raises(InputErrors) as caught:
        read_pgn(text, "bad.pgn")
    assert caught.value.lines() == [
        "file 'bad.pgn', line 18: the game names no Black player",
        "file 'bad.pgn', line 27: the game A - B has no date: Date '????.??.??'; a rated game "
        "needs its day",
        "file 'bad.pgn', line 43: unknown result '2-0'; expected 1-0, 0-1, ½-½, +/-, -/+ or "
        "-/- (forfeits)",
    ]


def test_a_refused_file_also_names_its_unfinished_games_and_players_twice_in_a_round() -> None:
    """The user test's file: round 1's Quinn - Daly written ``2-0`` (its Result tag on line 7),
    Daly again in round 1 (line 13), a ``*`` game in round 2 (line 25): all three named at
    once, each at its line."""
    text = "\n\n".join(
        [
            game("Quinn, Mark", "Daly, Colm", "2-0", round_="1"),  # line 1
            game("Daly, Colm", "Walsh, Ciaran", "1-0", round_="1"),  # line 13
            game("Doyle, Niamh", "Ward, Peter", "*", round_="2"),  # line 25
        ]
    )
    with pytest.raises(InputErrors) as caught:
        read_pgn(text, "bad.pgn")
    assert caught.value.lines() == [
        "file 'bad.pgn', line 7: unknown result '2-0'; expected 1-0, 0-1, ½-½, +/-, -/+ or "
        "-/- (forfeits)",
        "file 'bad.pgn', line 13: 'Daly, Colm' plays twice in round 1 of 'Club Blitz' (also "
        "file 'bad.pgn', line 1)",
        "file 'bad.pgn', line 25: the game Doyle, Niamh - Ward, Peter (round 2) has no result "
        "(a rated list takes only finished games; remove it or give its result)",
    ]


def test_an_unknown_result_is_kept_and_refused_by_the_checks() -> None:
    """'*' reads as a result not known; adding it is refused, naming file and line."""
    (event,) = read_pgn(game("A", "B", "*", round_="3"), "live.pgn")
    assert event.games[0].result is None
    assert event.games[0].unrated_reason == "the result is unknown"
    addition = add_events(Season(), [event])
    assert [str(p) for p in addition.problems] == [
        "file 'live.pgn', line 1: the game A - B (round 3) has no result (a rated list takes "
        "only finished games; remove it or give its result)"
    ]
    assert addition.season == Season()


def test_a_file_without_games_is_an_error() -> None:
    with pytest.raises(SeasonError, match=r"^file 'empty\.pgn': the file holds no game"):
        read_pgn("\n\n", "empty.pgn")


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("2024.03.14", dt.date(2024, 3, 14)),
        ("2024.3.4", dt.date(2024, 3, 4)),
        ("2024.??.??", None),
        ("????.??.??", None),
        ("2024.02.30", None),
        ("", None),
    ],
)
def test_pgn_dates(text: str, day: dt.date | None) -> None:
    assert pgn_date(text) == day


@pytest.mark.parametrize(
    ("text", "number"), [("1", 1), ("3.1", 3), ("12", 12), ("?", None), ("-", None), ("0", None)]
)
def test_pgn_rounds(text: str, number: int | None) -> None:
    assert pgn_round(text) == number


@given(st.dates(min_value=dt.date(1900, 1, 1), max_value=dt.date(2099, 12, 31)))
def test_any_complete_pgn_date_reads_back(day: dt.date) -> None:
    assert pgn_date(f"{day.year:04d}.{day.month:02d}.{day.day:02d}") == day


def test_importing_the_season_loads_no_python_chess() -> None:
    """xlwings Lite (Pyodide) has no python-chess: it is loaded only where a PGN file is read."""
    code = "import sys, ratingbook.season; print('chess' in sys.modules)"
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=300, check=False
    )
    assert (done.returncode, done.stdout.strip()) == (0, "False"), done.stderr
