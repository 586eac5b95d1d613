"""An unrated player's first rating traced on the Rating Report and his published page (user
test: the note left out FIDE's two hypothetical 1800 draws, so Ra + dp of the line did not give
the New Rating, and a player with 4 games against rated players read a bare "First rating").

B.02 8.2.2 (from 1 March 2024): two hypothetical opponents rated 1800, both drawn, join the
games against rated players; Ra their average and p the score's percentage, both rounded 0.5
up, plus dp of table 8.1.1. 7.1.4: FIDE publishes a first rating based on at least 5 games
against rated opponents, results of other events within consecutive rating periods of at most
26 months pooled. Forfeits are not games (5.1); games against unrated players do not count.

The event (start 2026-04-09), six rounds, eight players: A 2000, B 1900, C 1800, D 1700,
E 1650, F 1510 rated; Liv and Max unrated.

- Liv: A ½, B 1, C ½, D 1, Max 1 (unrated: not counted), E 0: 5 games against rated players,
  3 points. With the two 1800 draws: 7 games, Ra = (9050 + 3600) / 7 = 1807.14 -> 1807,
  4 of 7 = 57.14 % -> 57 %, dp +50 (table 8.1.1): first rating 1857.
- Max: F 1, C 0, D ½, B 0, Liv 0 (not counted), A forfeit (not a game): 4 games against rated
  players, 1½ points. With the two draws: 6 games, Ra = (6910 + 3600) / 6 = 1751.67 -> 1752,
  2½ of 6 = 41.67 % -> 42 %, dp -57: first rating 1695, not published (4 games, 7.1.4).
"""

from __future__ import annotations

import datetime as dt
from fractions import Fraction

import pytest
from tests.reports.test_consistency_views import Page

from ratingbook.core.results import Result
from ratingbook.events.event import SwissEntry, SwissEvent, SwissPlayer
from ratingbook.events.settings import SwissSettings
from ratingbook.fide.rules.rating_regulations import first_rating, rating_rules
from ratingbook.fide.rules.rating_report import first_rating_note, rating_report
from ratingbook.reports.rating_grids import rating_report_grid
from ratingbook.web.site import render_site

W, B, D, WF = Result.WHITE_WINS, Result.BLACK_WINS, Result.DRAW, Result.WHITE_WINS_BY_FORFEIT
RATINGS = {"A": 2000, "B": 1900, "C": 1800, "D": 1700, "E": 1650, "F": 1510}
ROUNDS = (
    (("Liv", "A", D), ("Max", "F", W), ("B", "C", D), ("D", "E", D)),
    (("Liv", "B", W), ("Max", "C", B), ("A", "D", D), ("E", "F", D)),
    (("Liv", "C", D), ("Max", "D", D), ("A", "E", D), ("B", "F", D)),
    (("Liv", "D", W), ("Max", "B", B), ("A", "F", D), ("C", "E", D)),
    (("Liv", "Max", W), ("A", "C", D), ("B", "E", D), ("D", "F", D)),
    (("E", "Liv", W), ("A", "Max", WF), ("B", "D", D), ("C", "F", D)),
)


def event() -> SwissEvent:
    players = [SwissPlayer(n, r) for n, r in RATINGS.items()]
    players += [SwissPlayer("Liv"), SwissPlayer("Max")]
    entries = [
        SwissEntry(number, board, white, black, result)
        for number, games in enumerate(ROUNDS, 1)
        for board, (white, black, result) in enumerate(games, 1)
    ]
    settings = SwissSettings(rounds=6, start_date=dt.date(2026, 4, 9), rated="Standard")
    return SwissEvent(tuple(players), tuple(entries), settings)


@pytest.fixture(scope="module")
def report_lines() -> dict[str, dict[str, object]]:
    grid = rating_report_grid(rating_report(event()))
    return {str(row[1]): dict(zip(grid.header, row, strict=True)) for row in grid.rows}


def test_the_note_shows_the_two_1800_draws_and_the_calculation(
    report_lines: dict[str, dict[str, object]],
) -> None:
    liv = report_lines["Liv"]
    assert (liv["Games"], liv["Score"], liv["New Rating"]) == (5, 3, 1857)
    assert liv["Note"] == (
        "unrated: first rating 1857 (8.2): with two draws against 1800, 7 games, average 1807, "
        "4 of 7 (57 %), dp +50; 5 games against rated players, enough for FIDE to publish it "
        "(5 or more, 7.1.4)"
    )


def test_fewer_than_5_games_against_rated_players_is_not_a_published_rating_yet(
    report_lines: dict[str, dict[str, object]],
) -> None:
    max_ = report_lines["Max"]
    assert (max_["Games"], max_["Score"], max_["New Rating"]) == (4, 1.5, 1695)
    assert max_["Note"] == (
        "unrated: first rating 1695 (8.2): with two draws against 1800, 6 games, average 1752, "
        "2½ of 6 (42 %), dp -57; only 4 games against rated players: FIDE publishes a first "
        "rating once 5 are played, games of other rated events within 26 months counting too "
        "(7.1.4), so 1695 is what these games give, not a published rating yet"
    )


def test_the_published_pages_say_the_same() -> None:
    site = render_site(event(), "Open")
    # start numbers: by rating, the unrated last in name order (Liv 7, Max 8)
    facts = {n: Page(site[f"player-{n}.html"]).facts for n in (7, 8)}
    assert facts[7]["First rating"] == "1857 (these games alone)"
    assert facts[8]["First rating"] == (
        "1695 (these games alone); only 4 games against rated players: FIDE publishes a first "
        "rating once 5 are played, games of other rated events within 26 months counting too "
        "(7.1.4), so 1695 is what these games give, not a published rating yet"
    )


def test_the_floor_the_2200_cap_and_the_2022_text_in_the_note() -> None:
    rules_2024 = rating_rules(dt.date(2026, 4, 9))
    # ½ a game against five 1000s (2½ of 5): with the two draws Ra = 8600 / 7 = 1228.57 ->
    # 1229, 3½ of 7 = 50 %, dp 0: 1229, under the 1400 floor.
    low = first_rating([1000] * 5, Fraction(5, 2), rules_2024)
    assert low is not None and low.rating == 1229
    assert first_rating_note(low).endswith(
        "average 1229, 3½ of 7 (50 %), dp 0; under 1400, the rating floor: FIDE publishes none, "
        "so 1229 is what these games give, not a published rating"
    )
    # 5 wins against 2400s: Ra = 15600 / 7 = 2228.57 -> 2229, 6 of 7 = 86 %: above 2200, 2200.
    high = first_rating([2400] * 5, Fraction(5), rules_2024)
    assert high is not None and (high.rating, high.capped) == (2200, True)
    note = first_rating_note(high)
    assert note.startswith("first rating 2200 (8.2): with two draws against 1800, 7 games, ")
    assert "average 2229, 6 of 7 (86 %)" in note and "at most 2200 (8.2.3)" in note
    # The 2022 text: no hypothetical games; 4 of 5 against 2000s, 3 half points above 50 %:
    # 2000 + 3 x 20 = 2060.
    old = first_rating([2000] * 5, Fraction(4), rating_rules(dt.date(2023, 5, 1)))
    assert old is not None and first_rating_note(old) == (
        "first rating 2060 (8.2): 5 games, average 2000, 4 of 5 (80 %), dp +60 (20 a half "
        "point above 50 %); 5 games against rated players, enough for FIDE to publish it "
        "(5 or more, 7.1.4)"
    )
