"""The board prizes of a team event (user test 49): the figures of a row agree with each other,
and each board is ranked as the rule says (ECU B.7.1, the European Team Championship's:
performance, at least 70 % of the rounds played; or by percentage).

The event is the user test's Riverside Team Swiss (tests/helpers/riverside_cup.py), four rounds.
Every expected figure is worked out here from its boards, FIDE's performance as B.02 8.1 gives
it: Rp = Ra + dp, Ra the rated opponents' average rounded half up, dp from table 8.1.1 for the
percentage rounded half up (50 %: 0, 67 %: 125, 75 %: 193, 83 %: 273).

The finding: Dario Mele (Caissa Club, board 4) read ``Games 3, Points 3, % 75``: his board 4
in round 1 was a forfeit win (Gambit Guild fielded nobody), counted in Points and in %'s
divisor but not in Games, while his performance used the 2 points of his 3 games. And board 2
listed Boris Lenz (3 points, 75 %, 2192) above Emil Frey (2½, 83.3 %, 2215): by points.
"""

from __future__ import annotations

from fractions import Fraction

from tests.helpers.riverside_cup import riverside_event

from ratingbook.core.results import Result
from ratingbook.events.team import BoardGame, Team, TeamEvent, TeamMatch, TeamPlayer, TeamSettings
from ratingbook.reports.board_prizes import board_prizes, minimum_games
from ratingbook.reports.team_grids import board_prizes_grid

HEADER = ("Board", "Rank", "Player", "Team", "Games", "Points", "%", "Performance", "Unplayed")


def _rows(event: TeamEvent) -> dict[tuple[int, str], dict[str, object]]:
    grid = board_prizes_grid(event)
    assert grid.header == HEADER
    table = [r for i, r in enumerate(grid.rows) if i not in grid.sentences]
    return {(r[0], r[2]): dict(zip(HEADER, r, strict=True)) for r in table}  # type: ignore[misc]


def test_a_forfeit_win_is_counted_apart_and_the_figures_agree() -> None:
    """Dario Mele's board 4: round 1 a forfeit win; round 2 ½ against Rita Sommer (1940),
    round 3 1 against Mila Noor (1810), round 4 ½ against Ivo Kranz (1955). Played: 3 games,
    2 points, 2/3 = 66.7 %. Ra = 5705/3 = 1901.67 -> 1902, p = 67 % -> dp 125: Rp 2027."""
    rows = _rows(riverside_event())
    dario = rows[(4, "Dario Mele")]
    assert (dario["Games"], dario["Points"], dario["%"]) == (3, 2, 66.7)
    assert (dario["Performance"], dario["Unplayed"]) == (2027, 1)
    # Femke Aal (board 1): round 3's forfeit win (Joker Pawns did not come) apart too; 1 of
    # Yara Zell (1930), 0 of Jonas Berk (2200), ½ of Anna Volk (2150): 1½ of 3, 50 %, Ra
    # 6280/3 = 2093.33 -> 2093, dp 0: 2093.
    femke = rows[(1, "Femke Aal")]
    assert [femke[k] for k in ("Games", "Points", "%", "Performance", "Unplayed")] == [
        3,
        1.5,
        50.0,
        2093,
        1,
    ]
    # Willi Xander (board 4) lost round 2 by a double forfeit: unplayed; ½ in round 4.
    willi = rows[(4, "Willi Xander")]
    assert [willi[k] for k in ("Games", "Points", "%", "Unplayed")] == [1, 0.5, 50.0, 1]
    # Every row: % is Points of Games.
    for row in rows.values():
        games, points, percent = row["Games"], row["Points"], row["%"]
        assert isinstance(games, int) and isinstance(points, int | float)
        assert percent == round(points / games * 100, 1)


def test_board_2_is_ranked_by_performance_from_three_games() -> None:
    """Four rounds: a player is ranked from 70 % of 4 = 2.8 -> 3 games (ECU B.7.1.1).

    Emil Frey: 1 of Olga Pinsk (1995), 1 of Udo Vogt (1950), ½ of Adam Baer (1880): 2½ of 3,
    83.3 %; Ra 5825/3 = 1941.67 -> 1942, p 83 % -> dp 273: 2215.
    Boris Lenz: ½ of Udo Vogt (1950), 1 of Olga Pinsk (1995), ½ of Karin Lutz (1990), 1 of
    Georg Huber (2060): 3 of 4, 75 %; Ra 7995/4 = 1998.75 -> 1999, dp 193: 2192.
    Ines Jung (Joker Pawns: the bye in round 2, absent in round 3) played 2 games: no rank."""
    rows = _rows(riverside_event())
    emil, boris = rows[(2, "Emil Frey")], rows[(2, "Boris Lenz")]
    assert (emil["Rank"], emil["Performance"], emil["%"]) == (1, 2215, 83.3)
    assert (boris["Rank"], boris["Performance"], boris["%"]) == (2, 2192, 75.0)
    assert rows[(2, "Ines Jung")]["Rank"] is None
    grid = board_prizes_grid(riverside_event())
    board_2 = [r[2] for r in grid.rows if r[0] == 2]
    assert board_2[:2] == ["Emil Frey", "Boris Lenz"]
    assert board_2[-1] == "Ines Jung"  # listed below the ranked players
    said = " ".join(str(grid.rows[i][2]) for i in sorted(grid.sentences))
    assert "at least 3 games" in said and "70 % of the 4 rounds" in said
    assert "forfeit, won or lost" in said and "Unplayed" in said


def test_board_4_by_percentage_then_its_ties() -> None:
    """``Board Prize Order: Percentage``. Board 4: Carl Dietz 3 of 4, 75 %, first. Dario Mele
    and Ivo Kranz both 2 of 3, 66.7 %: (a) they met in round 4, ½-½, level; (b) 3 games each;
    (c) performance: Dario 2027 (above), Ivo's: 1 of Mila Noor (1810), ½ of Carl Dietz (1820),
    ½ of Dario Mele (1990): Ra 5620/3 = 1873.33 -> 1873, dp(67 %) 125: 1998."""
    event = riverside_event([("Board Prize Order", "Percentage")])
    board_4 = [(r[1], r[2]) for r in board_prizes_grid(event).rows if r[0] == 4]
    assert board_4[:3] == [(1, "Carl Dietz"), (2, "Dario Mele"), (3, "Ivo Kranz")]
    assert _rows(event)[(4, "Ivo Kranz")]["Performance"] == 1998


def test_the_minimum_set_by_hand() -> None:
    """``Board Prize Games: 4``: on board 2 only the players of all four rounds are ranked."""
    event = riverside_event([("Board Prize Games", 4)])
    ranked = [r[2] for r in board_prizes_grid(event).rows if r[0] == 2 and r[1] is not None]
    assert ranked == ["Boris Lenz", "Karin Lutz", "Olga Pinsk", "Adam Baer"]


def test_seventy_per_cent_rounded_half_up() -> None:
    """ECU B.7.1.1: 70 % of 5 rounds = 3.5 -> 4, of 9 = 6.3 -> 6, of 2 = 1.4 -> 1."""
    assert [minimum_games(None, n) for n in (1, 2, 4, 5, 9, 11)] == [1, 1, 3, 4, 6, 8]
    assert minimum_games(5, 9) == 5


def _four_players() -> TeamEvent:
    """One board a side. A (1500) beats B (2000) in round 1 and loses to D (1000) in round 2;
    B beats C (2600) in round 2; C loses to D in round 1. A and B: 1 of 2, 50 %. Performances:
    A's Ra (2000 + 1000)/2 = 1500, dp 0: 1500; B's (1500 + 2600)/2 = 2050: 2050."""
    ratings = {"T1": ("A", 1500), "T2": ("B", 2000), "T3": ("C", 2600), "T4": ("D", 1000)}
    teams = tuple(Team(t, (TeamPlayer(p, t, 1, r),)) for t, (p, r) in ratings.items())
    matches = (
        TeamMatch(1, 1, "T1", "T2"),
        TeamMatch(1, 2, "T3", "T4"),
        TeamMatch(2, 1, "T4", "T1"),
        TeamMatch(2, 2, "T2", "T3"),
    )
    games = (
        BoardGame(1, 1, 1, "A", "B", Result.WHITE_WINS),
        BoardGame(1, 2, 1, "C", "D", Result.BLACK_WINS),
        BoardGame(2, 1, 1, "D", "A", Result.WHITE_WINS),
        BoardGame(2, 2, 1, "B", "C", Result.WHITE_WINS),
    )
    settings = TeamSettings(rounds=2, boards=1, board_prize_order="Percentage")
    return TeamEvent(teams, settings, matches, games)


def test_the_game_between_two_level_players_decides_before_the_rest() -> None:
    """By percentage A and B are level and met: A beat B, so A ranks above B although B has
    the higher performance (their game, (a), comes before (c)). D 2 of 2 first, C 0 of 2
    last. By performance B (2050) is above A (1500)."""
    event = _four_players()
    lines = board_prizes(event, 2).lines
    assert [(line.player, line.rank) for line in lines] == [
        ("D", 1),
        ("A", 2),
        ("B", 3),
        ("C", 4),
    ]
    assert {line.player: line.performance for line in lines}["B"] == 2050
    assert {line.player: line.percent for line in lines}["A"] == Fraction(50)
    by_performance = TeamEvent(
        event.teams,
        TeamSettings(rounds=2, boards=1),
        event.matches,
        event.games,
    )
    assert [line.player for line in board_prizes(by_performance, 2).lines][1:3] == ["B", "A"]
