"""The officer's aliases merging list players (:mod:`ratingbook.season.aliases`), and names
written in either order (``Surname, Given`` as PGN and TRF write them, ``Given Surname`` as a
list does): hand-made cases, each naming the rule it pins."""

from __future__ import annotations

import datetime as dt

from tests.helpers.season_events import hand_event, one_game_event

from ratingbook.core.results import Result
from ratingbook.errors import Location
from ratingbook.season import (
    Alias,
    Decision,
    MatchRule,
    Season,
    SeasonPlayer,
    SourcePlayer,
    SourceRef,
    add_events,
    given_first,
    match_players,
)


def row(n: int) -> SourceRef:
    return SourceRef("list.xlsx", Location("Aliases", n))


def same(name: str, key: str, n: int = 2) -> Alias:
    return Alias(name, Decision.SAME, key, source=row(n), column="Same As")


LIST = (
    SeasonPlayer("1", "Tom O'Neill", club="Riverside", rating=1655),
    SeasonPlayer("2", "T. O'Neill", fide_id=2500123, rating=1600),
    SeasonPlayer("3", "Anna Lee", rating=1500),
)


def test_a_same_as_alias_takes_the_other_player_off_the_list() -> None:
    """'T. O'Neill' is player 1: player 2 leaves the list, and his name, his FIDE ID and his
    key (as a List Games ID gives it) all find player 1."""
    incoming = [
        SourcePlayer("T. O'Neill"),
        SourcePlayer("Terry O'Neill", fide_id=2500123),
        SourcePlayer("whoever", national_id="2"),
    ]
    by_id = Alias("whoever", Decision.SAME, "2", national_id="2")  # a List Games row's ID
    matching = match_players(LIST, incoming, [same("T. O'Neill", "1"), by_id])
    assert [p.key for p in matching.players] == ["1", "3"]
    assert [m.key for m in matching.matches] == ["1", "1", "1"]
    assert [(m.player.key, m.into) for m in matching.merged] == [("2", "1")]
    assert matching.candidates == ()
    assert matching.problems == ()


def test_a_merged_player_stays_merged_in_the_next_addition() -> None:
    """A season keeps the merged rows: the next event's 'T. O'Neill' (and his FIDE ID) is
    player 1, never a new player, and a new player's key skips the merged one's."""
    season = add_events(Season(LIST, (), (same("T. O'Neill", "1"),)), ()).season
    assert [p.key for p in season.players] == ["1", "3"]
    event = one_game_event(
        "E",
        "e.pgn",
        dt.date(2025, 10, 1),
        SourcePlayer("O'Neill, T.", fide_id=2500123),
        SourcePlayer("Zoe Ward"),
        Result.WHITE_WINS,
    )
    games = event.games
    addition = add_events(season, (event,))
    assert addition.ok
    key_of = addition.matching.key_of
    assert key_of(games[0].white) == "1"
    assert key_of(games[0].black) == "4"  # 2 is taken, by the merged row
    assert [p.key for p in addition.season.players] == ["1", "3", "4"]


def test_aliases_chain_to_their_end() -> None:
    """T. O'Neill is Tom O'Neill, Tom O'Neill is Anna Lee (a test, not a family): both are 3."""
    matching = match_players(
        LIST, [SourcePlayer("T. O'Neill")], [same("T. O'Neill", "1"), same("Tom O'Neill", "3", 3)]
    )
    assert [p.key for p in matching.players] == ["3"]
    assert {m.player.key: m.into for m in matching.merged} == {"1": "3", "2": "3"}
    assert matching.matches[0].key == "3"


def test_an_alias_loop_is_a_problem_at_its_row_and_cell() -> None:
    aliases = [same("T. O'Neill", "1", 2), same("Tom O'Neill", "2", 3)]
    matching = match_players(LIST, [], aliases)
    assert [str(p) for p in matching.problems] == [
        "book 'list.xlsx', sheet 'Aliases', row 2, column 'Same As': the aliases make a loop: "
        '"T. O\'Neill" (player 2) is player 1, "Tom O\'Neill" (player 1) is player 2; '
        "delete one of them"
    ]
    assert matching.merged == ()


def test_an_alias_naming_an_unknown_player_is_a_problem_at_its_cell() -> None:
    matching = match_players(LIST, [], [same("T. O'Neill", "99", 4)])
    assert [str(p) for p in matching.problems] == [
        "book 'list.xlsx', sheet 'Aliases', row 4, column 'Same As': the alias \"T. O'Neill\" "
        "names player '99', who is not on the list"
    ]


def test_one_player_made_the_same_as_two_is_a_problem() -> None:
    matching = match_players(LIST, [], [same("T. O'Neill", "1", 2), same("T. O'Neill", "3", 3)])
    assert [str(p) for p in matching.problems] == [
        "book 'list.xlsx', sheet 'Aliases', row 3, column 'Same As': \"T. O'Neill\" (player 2) "
        "is made the same as player 1 (sheet 'Aliases', row 2) and as player 3: one name, one "
        "player"
    ]


def test_an_alias_with_an_id_merges_nobody() -> None:
    """A List Games row's ID narrows its alias to that ID: it never takes a player off."""
    narrowed = Alias("T. O'Neill", Decision.SAME, "1", national_id="1")
    matching = match_players(LIST, [], [narrowed])
    assert [p.key for p in matching.players] == ["1", "2", "3"]


# --- names in either order --------------------------------------------------------------------


def test_surname_comma_given_is_the_same_name_as_given_surname() -> None:
    assert given_first("Carlsen, Magnus") == given_first("Magnus Carlsen") == "magnus carlsen"
    assert given_first("Wang Hao") != given_first("Hao Wang")  # no comma: order unknown


def test_a_pgn_name_surname_first_matches_the_list_by_name() -> None:
    """[White "Carlsen, Magnus"] is the list's Magnus Carlsen, and the other way round."""
    players = (SeasonPlayer("1", "Magnus Carlsen"), SeasonPlayer("2", "Nepomniachtchi, Ian"))
    matching = match_players(
        players, [SourcePlayer("Carlsen, Magnus"), SourcePlayer("Ian Nepomniachtchi")]
    )
    assert [(m.key, m.rule) for m in matching.matches] == [
        ("1", MatchRule.NAME),
        ("2", MatchRule.NAME),
    ]
    assert matching.candidates == ()


def test_a_name_whose_other_order_fits_two_players_is_a_near_duplicate_not_a_match() -> None:
    """Two list players answer to 'Carlsen, Magnus' in the other order: nobody is matched
    silently; a new player, and a near duplicate with each (and the two list players, one
    name in two clubs, a pair of their own)."""
    players = (
        SeasonPlayer("1", "Magnus Carlsen", club="Oslo"),
        SeasonPlayer("2", "Magnus Carlsen", club="Bergen"),
    )
    matching = match_players(players, [SourcePlayer("Carlsen, Magnus")])
    (match,) = matching.matches
    assert (match.key, match.rule) == ("3", MatchRule.NEW)
    assert sorted((c.key, c.other) for c in matching.candidates) == [
        ("2", "1"),
        ("3", "1"),
        ("3", "2"),
    ]


def test_a_merge_the_games_refuse_names_the_alias_row_that_asked_for_it() -> None:
    """The user test's case: 'J. Smith' and 'Smith, John' both play round 2 of one event; the
    officer's row 2 says J. Smith is player 1 (John Smith). The games refuse the merge (one
    player in two games of a round), and the problem names the row to change."""
    players = (SeasonPlayer("1", "John Smith"), SeasonPlayer("2", "J. Smith"))
    day = dt.date(2025, 10, 1)
    event = hand_event(
        "Online",
        "online.pgn",
        [
            (day, 2, "Smith, John", "Anna Lee", Result.WHITE_WINS),
            (day, 2, "J. Smith", "Bob Ray", Result.DRAW),
        ],
    )
    addition = add_events(Season(players, (), (same("J. Smith", "1"),)), (event,))
    assert [str(p) for p in addition.problems] == [
        "file 'online.pgn', line 2: 'J. Smith' plays twice in round 2 of 'Online'; the alias "
        "J. Smith Same As 1 (sheet 'Aliases', row 2) makes 'Smith, John' and 'J. Smith' "
        "player 1 (also file 'online.pgn', line 1)"
    ]
    assert addition.season.players == players  # nothing changed
