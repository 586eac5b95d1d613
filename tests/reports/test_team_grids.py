"""Tests for ``ratingbook.reports.team_grids`` and ``team_notes``: the camp cup after two
rounds, every figure worked out by hand below.

Round 1: Queens - Knights 1½-½, Rooks - Bishops 1-1, Pawns the bye (a drawn match: 1 MP, 1 GP).
Round 2: Bishops - Queens ½-1½ (Dan Eide - Jade Kim ½-½, Kai Lund (Queens) beats Eva Falk),
Pawns - Rooks ½-1½ (Gus Hart beats Milo Nash with Black, Hana Ito - Nora Ode ½-½), Knights
the bye.

After round 2: Queens 4 MP / 3 GP; Rooks 3 / 2½; Bishops 1 / 1½; Knights 1 / 1½ (½ + the
bye's 1); Pawns 1 / 1½ (the bye's 1 + ½).
"""

from __future__ import annotations

import re
from fractions import Fraction

from tests.fide.test_team_pairing import _cup_after_round_1

from ratingbook.core.results import Result
from ratingbook.events.team import BoardGame, TeamEvent, TeamMatch
from ratingbook.fide.gacrux.team_tiebreaks import team_standings
from ratingbook.reports.team_grids import (
    board_prizes_grid,
    round_pairings_grid,
    team_crosstable_grid,
    team_standings_grid,
)
from ratingbook.reports.team_notes import match_notes, rank_notes

W, B, D = Result.WHITE_WINS, Result.BLACK_WINS, Result.DRAW


def _after_round_2() -> TeamEvent:
    base = _cup_after_round_1()
    # The template's round 1: Hana Ito (Rooks) wins board 2 with Black, so Rooks - Bishops 1-1.
    first = tuple(
        BoardGame(g.round, g.table, g.board, g.white, g.black, B if g.table == 2 else g.result)
        for g in base.games
    )
    matches = (
        TeamMatch(2, 1, "Bishops", "Queens"),
        TeamMatch(2, 2, "Pawns", "Rooks"),
        TeamMatch(2, 3, "Knights", None),
    )
    games = (
        BoardGame(2, 1, 1, "Dan Eide", "Jade Kim", D),
        BoardGame(2, 1, 2, "Kai Lund", "Eva Falk", W),
        BoardGame(2, 2, 1, "Milo Nash", "Gus Hart", B),
        BoardGame(2, 2, 2, "Hana Ito", "Nora Ode", D),
    )
    return TeamEvent(base.teams, base.settings, base.matches + matches, first + games)


def test_standings_and_crosstable() -> None:
    event = _after_round_2()
    standings = team_standings(event)
    grid = team_standings_grid(event, standings)
    assert [(r[2], r[0], r[4], r[5]) for r in grid.rows] == [
        ("Queens", 1, 4, 3),
        ("Rooks", 2, 3, 2.5),
        ("Bishops", 3, 1, 1.5),
        ("Knights", 3, 1, 1.5),
        ("Pawns", 5, 1, 1.5),
    ]
    crosstable = team_crosstable_grid(event, standings)
    assert crosstable.header[:4] == ("Rank", "No.", "Team", "R1")
    cross = {r[2]: r[1:5] for r in crosstable.rows}
    # The pairing numbers (C.04.6 art. 1.1.1: by the average rating of the two boards):
    # Queens 1835 No. 1, Bishops 1802.5 No. 2, Knights 1790 No. 3, Rooks 1700 No. 4, Pawns
    # 1550 No. 5. The cells name an opponent by it, as Knights and Bishops share rank 3:
    # Queens meet Knights (No. 3) with White on board 1, 1½ game points, then Bishops (No. 2)
    # with Black on board 1, 1½.
    assert cross["Queens"] == [1, "Queens", "3w 1½", "2b 1½"]
    # Knights' bye of round 2: a drawn match, half the two boards' game points (C.04.6 art.
    # 1.4), so the row adds up to its 1½ GP.
    assert cross["Knights"] == [3, "Knights", "1b ½", "bye 1"]
    assert cross["Bishops"][:3] == [2, "Bishops", "4b 1"]


def test_the_tie_of_knights_and_pawns_explained() -> None:
    """Both 1 MP and 1½ GP. The Olympiad SB (EMGSB/C1): Knights scored ½ against Queens, who
    have 4 MP: ½ x 4 = 2; Pawns scored ½ against Rooks, who have 3 MP: ½ x 3 = 1½. Each team's
    other round is its bye, the lowest value, cut. Knights 2 above Pawns 1½."""
    event = _after_round_2()
    notes = rank_notes(event, team_standings(event))
    (note,) = [n for n in notes if n.startswith("Knights (3) ranks above Pawns (5)")]
    assert "the first tie-break that separates them is EMGSB/C1" in note
    assert "Knights 2 (round 1: 2, round 2:" in note and "cut)" in note
    assert "Pawns 1½ (round 1:" in note and "round 2: 1½)" in note


def test_board_prizes_performance() -> None:
    """Jade Kim: 1 (Ada Berg 1820) and ½ (Dan Eide 1905): 1½ of 2, 75 %. FIDE performance:
    the opponents' average 1862.5 -> 1863, plus dp(75 %) = 193 (B.02 table 8.1.1): 2056.
    Eva Falk: 0 of 2 against Hana Ito 1690 and Kai Lund 1790: average 1740, dp(0 %) = -800:
    940."""
    rows = {r[2]: r for r in board_prizes_grid(_after_round_2()).rows}
    assert rows["Jade Kim"][4:] == [2, 1.5, 75.0, 2056, 0]
    assert rows["Eva Falk"][4:] == [2, 0, 0.0, 940, 0]


def test_round_2_as_printed_and_explained() -> None:
    event = _after_round_2()
    grid = round_pairings_grid(event, 2)
    assert grid.rows[0] == [1, None, "Bishops", "Queens", "½-1½"]
    assert grid.rows[1] == [None, 1, "Dan Eide", "Jade Kim", "½-½"]
    notes = match_notes(event, 2)
    assert notes[0].startswith("Match 1: Bishops (no. 2) - Queens (no. 1): Queens had 2 match")
    assert "upfloater" in notes[0] and "C.04.6 art. 3.5" in notes[0]
    assert notes[2].startswith("Match 3: Knights has the pairing-allocated bye")
    assert Fraction(1) == event.scores()["Knights"][0]


def test_every_match_note_of_a_round_in_progress_names_its_colour_article() -> None:
    """ut43see: the team template's round 2 paired, match 1 played, match 2 not yet: match 2's
    note cited only "C.04.6 art. 4"; the team guide promises the article of art. 4.3."""
    from tests.reports.test_consistency_views import recalc, run, template_book, type_boards

    from ratingbook.session import Pair
    from ratingbook.workbook.kinds import read_book_event

    book = template_book("team")
    recalc(book)
    run(book, Pair())
    assert type_boards(book, 2, 1) == 1
    recalc(book)
    lines = [s for s in read_book_event(book).explain(2, None, False) if "White on board 1" in s]
    assert len(lines) == 2, lines
    for line in lines:
        assert re.search(r"White on board 1 by C\.04\.6 art\. 4\.3\.\d: ", line), line
