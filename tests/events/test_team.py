"""Tests for ``ratingbook.events.team``: a match's result from its boards, team ratings, board
colours, and the bad inputs of issue 26 (each a line naming sheet, row and column).

Every expected value is worked out by hand in the test's docstring or comment.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from tests.helpers.sheet_rows import place

from ratingbook.core.results import Result
from ratingbook.errors import InputErrors, Location, RatingbookError
from ratingbook.events.team import (
    BoardGame,
    Team,
    TeamEvent,
    TeamMatch,
    TeamPlayer,
    TeamSettings,
    board_colours,
    check_team_event,
    match_score,
    team_rating,
)
from ratingbook.workbook.sheets.schemas import TEAM_BOARDS, TEAM_MATCHES, TEAM_SETTINGS, TEAMS

W, B, D = Result.WHITE_WINS, Result.BLACK_WINS, Result.DRAW


def _team(name: str, *ratings: int | None) -> Team:
    return Team(
        name,
        tuple(TeamPlayer(f"{name}{b}", name, b, r) for b, r in enumerate(ratings, start=1)),
    )


def _event(*games: BoardGame, boards: int = 4, **settings: object) -> TeamEvent:
    teams = (_team("A", 2000, 1900, 1800, 1700), _team("B", 1950, 1850, 1750, 1650))
    match = TeamMatch(1, 1, "A", "B")
    return TeamEvent(teams, TeamSettings(boards=boards, **settings), (match,), games)  # type: ignore[arg-type]


def _board(
    board: int, result: Result | None, white: str | None = "", black: str | None = ""
) -> BoardGame:
    # Board 1: A has White; board 2: B has White; ... (the colours alternate down the boards).
    a, b = f"A{board}", f"B{board}"
    w, bl = (a, b) if board % 2 else (b, a)
    return BoardGame(1, 1, board, w if white == "" else white, bl if black == "" else black, result)


def test_match_result_from_the_boards() -> None:
    """A wins board 1 (White, 1-0), B wins board 2 (B's player has White, 1-0), board 3 drawn,
    A wins board 4 (A's player is Black: 0-1). A: 1 + 0 + ½ + 1 = 2½, B: 1½; A wins the match:
    2 match points to 0 (the default 2/1/0)."""
    event = _event(_board(1, W), _board(2, W), _board(3, D), _board(4, B))
    score = match_score(event, event.matches[0])
    assert (score.white_games, score.black_games) == (Fraction(5, 2), Fraction(3, 2))
    assert (score.white_match, score.black_match) == (2, 0)
    assert score.complete and not score.forfeited


def test_drawn_match_and_other_match_points() -> None:
    """2-2 on the boards is a drawn match: the draw's match points for both (here 3/1/0)."""
    event = _event(_board(1, W), _board(2, W), _board(3, W), _board(4, W), match_win=Fraction(3))
    # White wins everywhere. A has White on boards 1 and 3, B on 2 and 4: 2-2.
    score = match_score(event, event.matches[0])
    assert (score.white_games, score.black_games) == (2, 2)
    assert (score.white_match, score.black_match) == (1, 1)


def test_missing_player_is_a_board_forfeit() -> None:
    """B has nobody on board 4 (A's player is Black there): -/+ , a point for A. The other
    boards drawn: A 1½ + 1 = 2½, B 1½."""
    event = _event(
        _board(1, D),
        _board(2, D),
        _board(3, D),
        _board(4, Result.BLACK_WINS_BY_FORFEIT, white=None),
    )
    check_team_event(event)  # an empty seat with a forfeit is good input
    score = match_score(event, event.matches[0])
    assert (score.white_games, score.black_games) == (Fraction(5, 2), Fraction(3, 2))
    assert not score.forfeited


def test_whole_team_forfeit() -> None:
    """B did not come: every board is a forfeit for A (+/- where A has White, -/+ where A is
    Black): 4-0, the win's match points, and the match counts as forfeited."""
    games = tuple(
        _board(
            b,
            Result.WHITE_WINS_BY_FORFEIT if b % 2 else Result.BLACK_WINS_BY_FORFEIT,
            **({"black": None} if b % 2 else {"white": None}),
        )
        for b in range(1, 5)
    )
    event = _event(*games)
    score = match_score(event, event.matches[0])
    assert (score.white_games, score.black_games, score.white_match) == (4, 0, 2)
    assert score.forfeited


def test_a_bye_is_a_drawn_match() -> None:
    """C.04.6 art. 1.4: the pairing-allocated bye is a drawn match: the draw's match point(s)
    and half the boards' game points (4 boards: 2)."""
    teams = (_team("A", 2000, 1900, 1800, 1700),)
    event = TeamEvent(teams, TeamSettings(boards=4), (TeamMatch(1, 1, "A", None),))
    score = match_score(event, event.matches[0])
    assert (score.white_match, score.white_games) == (1, 2)


def test_team_rating_is_the_average_of_the_top_boards_rounded_half_up() -> None:
    """(2001 + 1900) / 2 = 1950.5 -> 1951 with two rating boards; the reserve (1000) is not a
    top board; an unrated top board is left out of the average."""
    team = _team("A", 2001, 1900, 1000)
    assert team_rating(team, TeamSettings(boards=2)) == 1951
    assert team_rating(_team("B", None, 1900, 1000), TeamSettings(boards=2)) == 1900
    assert team_rating(_team("C", None), TeamSettings(boards=1)) is None


def test_pairing_numbers_by_team_rating_then_sheet_order() -> None:
    teams = (_team("Low", 1500), _team("High", 2000), _team("Also1500", 1500))
    event = TeamEvent(teams, TeamSettings(boards=1))
    assert event.pairing_numbers() == {"High": 1, "Low": 2, "Also1500": 3}


def test_board_colours_alternate_from_board_1() -> None:
    """TRF-2026 record 352: the first team's colour on each board."""
    assert board_colours(4) == "WBWB"
    assert board_colours(5) == "WBWBW"


# --- bad input (issue 26): every problem a line naming sheet, row and column ------------------


def _at(row: int) -> Location:
    return place(TEAMS, row)


def _messages(event: TeamEvent) -> list[str]:
    with pytest.raises(RatingbookError) as caught:
        check_team_event(event)
    error = caught.value
    return error.lines() if isinstance(error, InputErrors) else [str(error)]


def test_player_in_two_teams_and_listed_twice_and_board_gaps() -> None:
    a = Team(
        "A",
        (
            TeamPlayer("Ann", "A", 1, where=_at(2)),
            TeamPlayer("Ann", "A", 2, where=_at(3)),
            TeamPlayer("Cy", "A", 4, where=_at(4)),
        ),
    )
    b = Team("B", (TeamPlayer("Ann", "B", 1, where=_at(5)),))
    lines = _messages(TeamEvent((a, b), TeamSettings(boards=1)))
    assert any("row 3" in m and "listed twice on team 'A'" in m for m in lines)
    assert any("row 5" in m and "already on team 'A'" in m for m in lines)
    assert any("has a gap: no player on board 3" in m for m in lines)


def test_board_given_twice() -> None:
    a = Team(
        "A",
        (
            TeamPlayer("Ann", "A", 1, where=_at(2)),
            TeamPlayer("Bo", "A", 1, where=_at(3)),
        ),
    )
    lines = _messages(TeamEvent((a,), TeamSettings(boards=1)))
    assert any("board 1 of team 'A' is given to more than one player" in m for m in lines)


def test_bad_matches_and_boards() -> None:
    """A team against itself; a board for a player not on the roster; more results than
    boards; each names its sheet and row."""
    teams = (_team("A", 1, 1), _team("B", 1, 1))
    where_m = place(TEAM_MATCHES, 3)  # Round, Match, White Team, Black Team: A to D
    where_b = lambda r: place(TEAM_BOARDS, r)  # noqa: E731  Round, Match, Board, White: A to D
    event = TeamEvent(
        teams,
        TeamSettings(boards=1),
        (TeamMatch(1, 1, "A", "B"), TeamMatch(2, 1, "A", "A", where_m)),
        (
            BoardGame(1, 1, 1, "B1", "B2", W, where_b(2)),  # B1 is not A's player
            BoardGame(1, 1, 1, "A1", "B1", W, where_b(3)),  # a second result for one board
        ),
    )
    lines = _messages(event)
    assert any(
        "'Team Matches', row 3, column D (Black Team)" in m and "cannot play itself" in m
        for m in lines
    )
    assert any(
        "'Team Boards', row 2, column D (White)" in m and "not on the roster of 'A'" in m
        for m in lines
    )
    assert any("row 3" in m and "more results than its 1 board" in m for m in lines)


def test_round_robin_with_more_rounds_than_the_tables() -> None:
    """4 teams: the Berger table has 3 rounds (6 for a double round robin)."""
    teams = tuple(_team(n, 1) for n in "ABCD")
    places = {"Rounds": place(TEAM_SETTINGS, 4)}
    event = TeamEvent(teams, TeamSettings(system="Round Robin", rounds=4, places=places))
    assert any(
        "has 3 rounds in the Berger tables, not 4" in m and "row 4" in m for m in _messages(event)
    )
    check_team_event(TeamEvent(teams, TeamSettings(system="Double Round Robin", rounds=6)))


def test_main_score_cannot_change_after_round_1() -> None:
    teams = (_team("A", 1), _team("B", 1))
    places = {"Main Score": place(TEAM_SETTINGS, 6)}  # Setting, Value: A and B
    settings = TeamSettings(
        boards=1, main_score="Game Points", main_score_at_round_1="Match Points", places=places
    )
    event = TeamEvent(teams, settings, (TeamMatch(1, 1, "A", "B"),))
    (line,) = _messages(event)
    assert "'Team Settings', row 6, column B (Value)" in line
    assert "cannot change to 'Game Points'" in line
