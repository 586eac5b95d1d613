"""The game-level rules (rules.py): players, points, records and ranks, each checked by hand."""

from __future__ import annotations

from fractions import Fraction

import pytest

from ratingbook.core.fields import BLACK, WHITE
from ratingbook.core.results import Result
from ratingbook.core.rules import (
    RECORD,
    check_players,
    check_points,
    competition_ranks,
    game_indices,
    known_player,
    player_spellings,
    result_of_score,
    same_game,
)
from ratingbook.errors import InvalidValueError, Location, SelfPlayError, UnknownPlayerError


def test_a_player_cannot_play_themself_and_the_error_names_black() -> None:
    check_players("Ann", "Bob")
    check_players(1, 2)
    with pytest.raises(SelfPlayError) as raised:
        where = Location(sheet="Games", row=4, columns={BLACK: "B"}, headers={BLACK: "Black"})
        check_players("Ann", "Ann", where)
    assert (
        str(raised.value)
        == "sheet 'Games', row 4, column B (Black): player 'Ann' cannot play themself"
    )


@pytest.mark.parametrize(("white", "black"), [(2, 0), (1, 1), (0, 2), (0, 0), (2, 0), (1, 0)])
def test_two_sides_may_share_at_most_one_point(white: int, black: int) -> None:
    check_points(white, black, white / 2, black / 2)  # halves: 1-0, ½-½, 0-1, 0-0 (forfeits)


@pytest.mark.parametrize(("white", "black"), [(2, 2), (2, 1), (1, 2)])
def test_more_than_one_point_between_two_sides_is_an_error(white: int, black: int) -> None:
    with pytest.raises(InvalidValueError, match="add up to more than 1"):
        check_points(white, black, white / 2, black / 2)


@pytest.mark.parametrize(
    ("score", "result"),
    [
        (1, Result.WHITE_WINS),
        (Fraction(1, 2), Result.DRAW),
        (0.5, Result.DRAW),
        (0, Result.BLACK_WINS),
    ],
)
def test_a_score_is_the_result_seen_from_that_side(score: Fraction, result: Result) -> None:
    assert result_of_score(score) is result


def test_a_game_counts_as_win_draw_or_loss_for_each_side() -> None:
    # (wins, draws, losses) columns: White's, then Black's.
    assert RECORD[Result.WHITE_WINS] == (0, 2)
    assert RECORD[Result.DRAW] == (1, 1)
    assert RECORD[Result.BLACK_WINS] == (2, 0)


@pytest.mark.parametrize(
    ("keys", "ranks"),
    [
        ([5, 3, 3, 1], [1, 2, 2, 4]),  # seed 004: "3. Anna and Charlotte ... 5. Femke"
        ([2, 2, 2], [1, 1, 1]),
        ([3, 2, 1], [1, 2, 3]),
        ([], []),
        ([(1, 0.5), (1, 0.5), (1, 0.0)], [1, 1, 3]),
    ],
)
def test_competition_ranks_share_equal_rows_and_skip_after_them(
    keys: list[object], ranks: list[int]
) -> None:
    assert competition_ranks(keys) == ranks


# A game row as the workbook reads it: the rules name the field, the sheet gives its header.
GAMES_WHERE = Location(
    sheet="Games",
    row=7,
    columns={WHITE: "A", BLACK: "B"},
    headers={WHITE: "White", BLACK: "Black"},
)


@pytest.mark.parametrize(
    ("white", "black", "error", "message"),
    [
        ("Zed", "Bob", UnknownPlayerError, "column A (White): 'Zed' is not on the player list"),
        ("Ann", "Zed", UnknownPlayerError, "column B (Black): 'Zed' is not on the player list"),
        ("Zed", "Zed", SelfPlayError, "column B (Black): player 'Zed' cannot play themself"),
    ],
)
def test_a_game_is_between_two_listed_players(
    white: str, black: str, error: type[Exception], message: str
) -> None:
    index = {"Ann": 0, "Bob": 1}
    assert game_indices("Bob", "Ann", index, GAMES_WHERE) == (1, 0)
    with pytest.raises(error) as raised:
        game_indices(white, black, index, GAMES_WHERE)
    assert str(raised.value) == f"sheet 'Games', row 7, {message}"


def test_the_judge_format_may_let_a_player_meet_themself_and_ids_have_their_own_words() -> None:
    assert game_indices("Ann", "Ann", {"Ann": 0}, None, allow_self_play=True) == (0, 0)
    with pytest.raises(UnknownPlayerError) as raised:
        game_indices(1, 9, {1: 0}, GAMES_WHERE, "no player has ID {!r}")
    assert str(raised.value) == "sheet 'Games', row 7, column B (Black): no player has ID 9"


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("Charlote", "Charlotte"),  # a letter missing
        ("Charlottte", "Charlotte"),  # a letter added
        ("Eric", "Erik"),  # a letter changed in a name of four
        ("Femek", "Femke"),  # two letters swapped
        ("charlotte", "Charlotte"),  # case alone
    ],
)
def test_a_name_a_letter_off_is_offered_as_did_you_mean(typed: str, meant: str) -> None:
    spellings = player_spellings(["Charlotte", "Erik", "Femke", "Dan"])
    with pytest.raises(
        UnknownPlayerError, match=rf"no player named '{typed}' \(did you mean '{meant}'\?\)"
    ):
        known_player(typed, spellings)


@pytest.mark.parametrize("typed", ["Ann", "Zed", "Charles"])
def test_a_name_unlike_every_player_gets_no_guess(typed: str) -> None:
    """ "Ann" is a letter off "Dan" too, but in so short a name that is another name."""
    spellings = player_spellings(["Charlotte", "Erik", "Femke", "Dan"])
    with pytest.raises(UnknownPlayerError) as caught:
        known_player(typed, spellings)
    assert "did you mean" not in str(caught.value)


W, B, D = Result.WHITE_WINS, Result.BLACK_WINS, Result.DRAW


@pytest.mark.parametrize(
    ("first", "second", "alike"),
    [
        ((1, 2, W), (1, 2, W), True),  # typed twice as it was
        ((1, 2, W), (2, 1, B), True),  # colours swapped: 1 won both times
        ((1, 2, D), (2, 1, D), True),  # drawn both times, either colours
        ((1, 2, W), (2, 1, W), False),  # colours swapped, 2 won this time
        ((1, 2, W), (1, 2, D), False),  # another result
        ((1, 2, W), (1, 3, W), False),  # another opponent
        ((1, 2, None), (1, 2, None), False),  # no game played is like no other
    ],
)
def test_same_game_is_the_same_players_either_colours_and_the_same_winner(
    first: tuple[int, int, Result | None], second: tuple[int, int, Result | None], alike: bool
) -> None:
    assert same_game(first, second) is alike
    assert same_game(second, first) is alike
