"""Tests for :mod:`ratingbook.season.checks`: every problem of what comes in, each naming where
and what, all of them at once, and nothing added.

Each bad input is made by hand, with the file and line of each game known from how it is
built (tests/helpers/season_events.py: a game's line is its place in its file).
"""

from __future__ import annotations

from dataclasses import replace

from tests.helpers.season_events import d, hand_event

from ratingbook.core.results import Result
from ratingbook.errors import InputErrors, Location
from ratingbook.season import Season, SeasonError, add_events, check_events
from ratingbook.season.model import SourceRef

W, B, DRAW = Result.WHITE_WINS, Result.BLACK_WINS, Result.DRAW

LEAGUE = hand_event(
    "League",
    "league.trf",
    [
        (d("2024-03-14"), 1, "Ann", "Bob", W),
        (d("2024-03-14"), 1, "Cid", "Dee", DRAW),
    ],
    start=d("2024-03-14"),
    end=d("2024-03-15"),
)


def messages(season: Season, *events: object) -> list[str]:
    addition = add_events(season, events)  # type: ignore[arg-type]
    if addition.problems:
        assert addition.season is season  # nothing added
    return [str(p) for p in addition.problems]


def test_a_game_two_sources_report_with_different_results() -> None:
    """The same game (players, colours, day, round) in a PGN says 0-1: both places named."""
    pgn = hand_event("Club PGN", "club.pgn", [(d("2024-03-14"), 1, "Ann", "Bob", B)])
    season = add_events(Season(), [LEAGUE]).season
    assert messages(season, pgn) == [
        "file 'club.pgn', line 1: two sources report the game Ann - Bob on 2024-03-14 with "
        "different results: 0-1 here, 1-0 there (also file 'league.trf', line 1)"
    ]


def test_a_game_two_sources_report_alike_is_reported_twice() -> None:
    pgn = hand_event("Club PGN", "club.pgn", [(d("2024-03-14"), None, "Cid", "Dee", DRAW)])
    season = add_events(Season(), [LEAGUE]).season
    assert messages(season, pgn) == [
        "file 'club.pgn', line 1: the game Cid - Dee on 2024-03-14 (½-½) is reported twice "
        "(also file 'league.trf', line 2)"
    ]


def test_two_games_of_one_pair_in_other_rounds_are_two_games() -> None:
    """The same pair on the same day in another round (a double round) is no conflict."""
    pgn = hand_event("Club PGN", "club.pgn", [(d("2024-03-14"), 2, "Ann", "Bob", B)])
    season = add_events(Season(), [LEAGUE]).season
    assert messages(season, pgn) == []


def test_a_player_in_two_games_of_one_round() -> None:
    event = hand_event(
        "Rapid",
        "rapid.pgn",
        [
            (d("2024-04-06"), 3, "Ann", "Bob", W),
            (d("2024-04-06"), 3, "Cid", "Ann", DRAW),
            (d("2024-04-06"), 3, "Bob", None, Result.HALF_POINT_BYE),
        ],
    )
    assert messages(Season(), event) == [
        "file 'rapid.pgn', line 2: 'Ann' plays twice in round 3 of 'Rapid' (also file "
        "'rapid.pgn', line 1)",
        "file 'rapid.pgn', line 3: 'Bob' plays twice in round 3 of 'Rapid' (also file "
        "'rapid.pgn', line 1)",
    ]


def test_a_game_dated_outside_its_event() -> None:
    event = hand_event(
        "Weekender",
        "weekender.trf",
        [(d("2024-05-10"), 1, "Ann", "Bob", W), (d("2024-05-13"), 2, "Bob", "Ann", W)],
        start=d("2024-05-11"),
        end=d("2024-05-12"),
    )
    assert messages(Season(), event) == [
        "file 'weekender.trf', line 1: the game is dated 2024-05-10, outside its event "
        "'Weekender' (2024-05-11 to 2024-05-12)",
        "file 'weekender.trf', line 2: the game is dated 2024-05-13, outside its event "
        "'Weekender' (2024-05-11 to 2024-05-12)",
    ]


def test_games_and_byes_outside_their_event_are_named_in_the_order_of_the_file() -> None:
    """A TRF holds a round's games on its players' lines, read in another order than the
    file's (stop 44's user test: lines 18, 22, 20, 23, 19, the bye on 19 called "the game"):
    the problems come line by line, and a bye is called a bye."""
    event = hand_event(
        "Weekender",
        "weekender.trf",
        [
            (d("2024-05-13"), 2, "Bob", "Ann", W),
            (d("2024-05-13"), 2, "Cat", None, Result.PAIRING_BYE),
            (d("2024-05-12"), 1, "Ann", "Bob", W),
        ],
        start=d("2024-05-11"),
        end=d("2024-05-12"),
    )
    lines = (22, 19, 16)  # where the TRF's records put them
    event = replace(
        event,
        games=tuple(
            replace(g, source=SourceRef("weekender.trf", Location(line=n)))
            for g, n in zip(event.games, lines, strict=True)
        ),
    )
    assert messages(Season(), event) == [
        "file 'weekender.trf', line 19: the bye is dated 2024-05-13, outside its event "
        "'Weekender' (2024-05-11 to 2024-05-12)",
        "file 'weekender.trf', line 22: the game is dated 2024-05-13, outside its event "
        "'Weekender' (2024-05-11 to 2024-05-12)",
    ]


def test_an_unknown_result() -> None:
    event = hand_event("Live", "live.pgn", [(d("2024-05-10"), None, "Ann", "Bob", None)])
    assert messages(Season(), event) == [
        "file 'live.pgn', line 1: the game Ann - Bob (round ?) has no result (a rated list "
        "takes only finished games; remove it or give its result)"
    ]


def test_the_same_event_twice_in_one_addition() -> None:
    again = hand_event(
        "League (copy)",
        "league-copy.trf",
        [(d("2024-03-14"), 1, "Cid", "Dee", DRAW), (d("2024-03-14"), 1, "Ann", "Bob", W)],
        start=d("2024-03-14"),
    )
    assert messages(Season(), LEAGUE, again) == [
        "file 'league-copy.trf': the event 'League (copy)' is already in the season as "
        "'League': the same 2 games and byes (also file 'league.trf')"
    ]


def test_every_problem_is_listed_at_once_and_nothing_is_added() -> None:
    """Four kinds of mistakes in one addition: all listed, each with its place; the season
    stays as it was, and ``check`` raises them together."""
    season = add_events(Season(), [LEAGUE]).season
    bad = hand_event(
        "Bad",
        "bad.pgn",
        [
            (d("2024-03-14"), 1, "Ann", "Bob", DRAW),  # contradicts league.trf line 1
            (d("2024-03-20"), 1, "Ann", "Eve", W),  # Ann twice in round 1
            (d("2024-03-21"), 2, "Eve", "Fay", None),  # no result
        ],
        start=d("2024-03-14"),
        end=d("2024-03-20"),  # the third game is after it
    )
    addition = add_events(season, [bad])
    assert addition.season is season
    assert len(addition.problems) == 4
    assert all(isinstance(p, SeasonError) and p.source is not None for p in addition.problems)
    assert [p.source.where.line for p in addition.problems if p.source] == [1, 2, 3, 3]
    try:
        addition.check()
    except InputErrors as errors:
        assert len(errors.errors) == 4
    else:
        raise AssertionError("check() raised nothing")


def test_a_good_season_has_no_problem() -> None:
    assert check_events([LEAGUE], lambda p: p.name) == ()


def test_games_reported_twice_are_named_in_the_order_of_the_file() -> None:
    """The same TRF added twice under another event (stop 44's second user test: lines 17, 18,
    24, 21, 20, 16): the problems come line by line, as the file reads."""
    first = hand_event(
        "Blitz",
        "a.trf",
        [
            (d("2024-05-11"), 1, "Ann", "Bob", W),
            (d("2024-05-11"), 1, "Cid", "Dee", DRAW),
            (d("2024-05-11"), 1, "Eve", "Fay", B),
            (d("2024-05-11"), 1, "Gus", "Hal", W),  # not in the second file: no continuation
        ],
    )
    second = hand_event(
        "Blitz again",
        "c.trf",
        [
            (d("2024-05-11"), 1, "Ann", "Bob", W),
            (d("2024-05-11"), 1, "Cid", "Dee", DRAW),
            (d("2024-05-11"), 1, "Eve", "Fay", B),
            (d("2024-05-11"), 2, "Ann", "Cid", W),  # another game: not in the first file
        ],
    )
    lines = (24, 17, 20, 18)  # where the TRF's records put them
    second = replace(
        second,
        games=tuple(
            replace(g, source=SourceRef("c.trf", Location(line=n)))
            for g, n in zip(second.games, lines, strict=True)
        ),
    )
    season = add_events(Season(), [first]).season
    assert messages(season, second) == [
        "file 'c.trf', line 17: the game Cid - Dee on 2024-05-11 (½-½) is reported twice "
        "(also file 'a.trf', line 2)",
        "file 'c.trf', line 20: the game Eve - Fay on 2024-05-11 (0-1) is reported twice "
        "(also file 'a.trf', line 3)",
        "file 'c.trf', line 24: the game Ann - Bob on 2024-05-11 (1-0) is reported twice "
        "(also file 'a.trf', line 1)",
    ]


def test_the_same_games_on_another_day_are_another_event_and_every_problem_is_named() -> None:
    """The user test's Halloween Blitz: the four players, pairings and results of September
    Rapid (2026-09-26), played on 2026-10-31, ending 2026-10-31 by its 052 line while its
    second round is dated 2026-11-01. It was refused as "already in the season" (the same
    games and no new round) and its late round went unnamed. Another day is another event:
    the one problem is the game after its end."""
    rounds = [
        (1, "Ann", "Bob", W),
        (1, "Cid", "Dee", DRAW),
        (2, "Dee", "Ann", B),
        (2, "Bob", "Cid", DRAW),
    ]
    rapid_day, blitz_day, next_day = d("2026-09-26"), d("2026-10-31"), d("2026-11-01")
    rapid = hand_event(
        "September Rapid",
        "september-rapid.trf",
        [(rapid_day, *game) for game in rounds],
        start=rapid_day,
        end=rapid_day,
    )
    blitz = hand_event(
        "Halloween Blitz",
        "halloween-blitz.trf",
        [(blitz_day if game[0] == 1 else next_day, *game) for game in rounds],
        start=blitz_day,
        end=blitz_day,
    )
    season = add_events(Season(), [rapid]).season
    outside = "outside its event 'Halloween Blitz' (2026-10-31 to 2026-10-31)"
    assert messages(season, blitz) == [
        f"file 'halloween-blitz.trf', line 3: the game is dated 2026-11-01, {outside}",
        f"file 'halloween-blitz.trf', line 4: the game is dated 2026-11-01, {outside}",
    ]
    fixed = replace(blitz, end=next_day)
    assert add_events(season, [fixed]).added == (fixed.id,)
