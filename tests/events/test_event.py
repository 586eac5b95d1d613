"""The Swiss event model (ratingbook.events.event / swiss_codes): spellings, settings, checks.

Each bad input must stop with one error naming the sheet, the Excel row and the column.
"""

from __future__ import annotations

import datetime as dt
from fractions import Fraction

import pytest
from tests.helpers.sheet_rows import games, players, rows

from ratingbook import swiss
from ratingbook.core.results import Result, parse_swiss_result
from ratingbook.errors import InputErrors, RatingbookError
from ratingbook.events.codes import Scoring, parse_tiebreaks
from ratingbook.events.event import pairing_due
from ratingbook.events.settings import SETTING_ORDER, SwissSettings
from ratingbook.workbook.sheets.event_rows import build_event
from ratingbook.workbook.sheets.settings_rows import read_settings

R = Result

GAME_SPELLINGS = [
    ("1-0", R.WHITE_WINS),
    ("(1-0)", None),  # brackets are the ladder's spelling, not the Swiss sheet's
    ("0-1", R.BLACK_WINS),
    ("½-½", R.DRAW),
    ("1/2-1/2", R.DRAW),
    ("0.5-0.5", R.DRAW),
    ("1 – 0", R.WHITE_WINS),  # en dash and spaces
    ("+/-", R.WHITE_WINS_BY_FORFEIT),
    ("+-", R.WHITE_WINS_BY_FORFEIT),
    ("-/+", R.BLACK_WINS_BY_FORFEIT),
    ("-/-", R.DOUBLE_FORFEIT),
    ("--", R.DOUBLE_FORFEIT),
    # A lone ½ between two players (user test 48): both score it, so a draw.
    ("1/2", R.DRAW),
    ("½", R.DRAW),
    (" 0,5 ", R.DRAW),
    (0.5, R.DRAW),
]
BYE_SPELLINGS = [
    ("PAB", R.PAIRING_BYE),
    ("U", R.PAIRING_BYE),
    ("H", R.HALF_POINT_BYE),
    ("hpb", R.HALF_POINT_BYE),
    (0.5, R.HALF_POINT_BYE),
    ("½", R.HALF_POINT_BYE),
    ("F", R.FULL_POINT_BYE),
    (1, R.FULL_POINT_BYE),
    ("Z", R.ZERO_POINT_BYE),
    (0, R.ZERO_POINT_BYE),
    ("zpb", R.ZERO_POINT_BYE),
]


@pytest.mark.parametrize(("value", "expected"), GAME_SPELLINGS)
def test_game_result_spellings(value, expected):
    if expected is None:
        with pytest.raises(RatingbookError, match="unknown result"):
            parse_swiss_result(value, bye_row=False)
    else:
        assert parse_swiss_result(value, bye_row=False) is expected


@pytest.mark.parametrize(("value", "expected"), BYE_SPELLINGS)
def test_bye_spellings_include_trf_letters(value, expected):
    assert parse_swiss_result(value, bye_row=True) is expected


@pytest.mark.parametrize(
    ("value", "bye"), [("HPB", "HPB"), ("h", "HPB"), ("PAB", "PAB"), ("full", "FPB"), ("-", "ZPB")]
)
def test_a_bye_typed_on_a_game_row_is_named_a_bye_not_an_unknown_result(value, bye):
    """User test 48: "unknown result '1/2' (a bye needs Black = BYE)" called the value unknown
    and a bye at once. A bye's spelling on a game row is named the bye it is."""
    with pytest.raises(RatingbookError) as caught:
        parse_swiss_result(value, bye_row=False)
    message = str(caught.value)
    assert f"{value!r} is a bye ({bye}), and a bye row needs Black = BYE" in message
    assert "unknown" not in message


def test_empty_result_is_a_game_not_played_yet_but_a_bye_must_say_its_kind():
    assert parse_swiss_result("", bye_row=False) is None
    assert parse_swiss_result(None, bye_row=False) is None
    with pytest.raises(RatingbookError, match="a bye row needs its kind"):
        parse_swiss_result(None, bye_row=True)


def test_points_of_each_result_follow_the_scoring():
    """FIDE's default 1 / ½ / 1 (pairing bye = a win); a 3-1-0 event changes all of them."""
    default = Scoring()
    assert default.points(R.HALF_POINT_BYE) == (Fraction(1, 2), 0)
    assert default.points(R.PAIRING_BYE) == (1, 0)
    assert default.points(R.DOUBLE_FORFEIT) == (0, 0)
    three = Scoring(Fraction(3), Fraction(1), Fraction(3))
    assert three.points(R.BLACK_WINS_BY_FORFEIT) == (0, 3)
    assert three.points(R.DRAW) == (1, 1)


@pytest.mark.parametrize(
    ("text", "codes"),
    [
        ("BH/C1 BH SB DE WIN BPG", ("BH/C1", "BH", "SB", "DE", "WIN", "BPG")),
        ("bh-c1, sb;aro", ("BH/C1", "SB", "ARO")),
        ("BH/M1 ARO/C1 TPR PTP WON BWG", ("BH/M1", "ARO/C1", "TPR", "PTP", "WON", "BWG")),
        ("", ()),
    ],
)
def test_tiebreak_codes_are_normalised(text, codes):
    assert parse_tiebreaks(text) == codes


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("BH XYZ", "unknown tie-break code 'XYZ'"),
        ("WIN/C1", "tie-break WIN takes no cut or median modifier"),
        ("BH BH", "tie-break BH is listed twice"),
    ],
)
def test_bad_tiebreak_codes_name_the_settings_cell(text, message):
    settings = rows("Swiss Settings", ("Setting", "Value"), ("Rounds", 5), ("Tie-breaks", text))
    with pytest.raises(RatingbookError) as caught:
        read_settings(settings)
    assert str(caught.value).startswith("sheet 'Swiss Settings', row 3, column B (Value): ")
    assert message in str(caught.value)


def test_settings_sheet():
    settings = read_settings(
        rows(
            "Swiss Settings",
            ("Setting", "Value"),
            ("Event", "Club Open"),
            ("Rounds", 7),
            ("Start Date", dt.datetime(2026, 2, 28)),
            ("Tie-breaks", "BH/C1 BH SB"),
            ("Pairing", "Dutch"),
            ("Points", "3 1 3"),
            ("Auto-pair", "Off"),
            ("First Colour", "Black"),
            ("Unrated Rating", 1400),
            ("City", "Oslo"),
            ("End Date", "2026-03-02"),
            ("Chief Arbiter", "IA Jane Doe"),
        )
    )
    assert settings == SwissSettings(
        rounds=7,
        start_date=dt.date(2026, 2, 28),
        tiebreaks=("BH/C1", "BH", "SB"),
        scoring=Scoring(Fraction(3), Fraction(1), Fraction(3)),
        auto_pair=False,
        first_colour="black",
        event_name="Club Open",
        unrated_rating=1400,
        city="Oslo",
        end_date=dt.date(2026, 3, 2),
        chief_arbiter="IA Jane Doe",
    )
    assert settings.rules_edition == "2024"
    assert SwissSettings(start_date=dt.date(2026, 3, 1)).rules_edition == "2026"


@pytest.mark.parametrize(
    ("setting", "value", "message"),
    [
        ("Roundz", 5, "unknown setting 'Roundz'"),
        ("Rounds", 0, "0 is too small for a number of rounds (at least 1)"),
        ("Rounds", 1001, "1001 is too large for a number of rounds (at most 1,000)"),
        ("Start Date", "soon", "'soon' is not a date"),
        ("Pairing", "Dubov", "pairing system 'Dubov' is not supported"),
        ("Acceleration", "Swiss", "acceleration 'Swiss' is not supported; expected None or Baku"),
        ("FIDE Rated", "Maybe", "FIDE Rated 'Maybe': expected Standard, Rapid, Blitz or No"),
        ("Points", "1 0.5", "expected three numbers"),
        ("Auto-pair", "maybe", "expected On or Off"),
        ("Unrated Rating", "low", "'low' is not a number; expected a rating"),
        ("Tie-breaks", "BH XYZ", "unknown tie-break code 'XYZ'"),
    ],
)
def test_bad_settings_name_their_row(setting, value, message):
    with pytest.raises(RatingbookError) as caught:
        read_settings(rows("Swiss Settings", ("Setting", "Value"), (setting, value)))
    assert "sheet 'Swiss Settings', row 2" in str(caught.value)
    assert message in str(caught.value)


def test_a_setting_given_twice_is_an_error_naming_both_rows() -> None:
    """Rounds on row 2 and again (another spelling) on row 4: the later row does not win; the
    error names both rows, and an unknown setting on row 5 is reported with it."""
    with pytest.raises(InputErrors) as caught:
        read_settings(
            rows(
                "Swiss Settings",
                ("Setting", "Value"),
                ("Rounds", 4),
                ("Event", "Club Open"),
                ("rounds", 5),
                ("Roundz", 6),
            )
        )
    assert caught.value.lines() == [
        "sheet 'Swiss Settings', row 4, column A (Setting): setting 'rounds' is given twice "
        "(also row 2)",
        "sheet 'Swiss Settings', row 5, column A (Setting): unknown setting 'Roundz'; expected "
        "one of " + ", ".join(SETTING_ORDER),
    ]


def test_the_norm_settings_are_kept_as_typed() -> None:
    """``Norm Games``, ``Norm Exemption`` and ``Non-FIDE Federations`` (any case) reach the
    end-of-event settings, for :mod:`ratingbook.fide.rules.norm_event` to read."""
    settings = read_settings(
        rows(
            "Swiss Settings",
            ("Setting", "Value"),
            ("Norm Games", 7),
            ("norm exemption", "national championship"),
            ("NON-FIDE FEDERATIONS", "XYZ, ABC"),
        )
    )
    assert dict(settings.end_of_event) == {
        "Norm Games": 7,
        "Norm Exemption": "national championship",
        "Non-FIDE Federations": "XYZ, ABC",
    }


FOUR = players(("Anna", 2000), ("Bob", 1900), ("Cleo", None), ("Dan", 1900))


def test_start_order_is_rating_then_name():
    event = build_event(FOUR, [])
    assert [p.name for p in event.start_order] == ["Anna", "Bob", "Dan", "Cleo"]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            [(1, 1, "Anna", "Bob", "1-0"), (1, 2, "Cleo", "Anna", "0-1")],
            "sheet 'Swiss Games', row 3, column D (Black): 'Anna' appears twice in round 1 "
            "(also row 2)",
        ),
        (
            [(1, 1, "Anna", "Bob", "1-0"), (1, None, "Bob", "BYE", "H")],
            "row 3, column C (White): 'Bob' appears twice in round 1",
        ),
        (
            [(1, 1, "Anna", "BYE", "1-0")],
            "row 2, column E (Result): '1-0' is not a bye (a game result on a bye row)",
        ),
        (
            [(1, 1, "Anna", "Bob", "H")],
            "row 2, column E (Result): 'H' is a bye (HPB), and a bye row needs Black = BYE",
        ),
        ([(1, 1, "Anna", "anna", "1-0")], "row 2, column D (Black): no player named 'anna'"),
        ([(1, 1, "Anna", "Anna", "1-0")], "row 2, column D (Black): player 'Anna' cannot play"),
        (
            [(0, 1, "Anna", "Bob", "1-0")],
            "row 2, column A (Round): 0 is too small for a round number (at least 1)",
        ),
        (
            [(1e300, 1, "Anna", "Bob", "1-0")],
            "row 2, column A (Round): 1e+300 is too large for a round number (at most 1,000)",
        ),
        (
            [(1, 100_001, "Anna", "Bob", "1-0")],
            "row 2, column B (Board): 100001 is too large for a board number (at most 100,000)",
        ),
        (
            [(1, 1, "Anna", "Bob", "1-0"), (3, 1, "Anna", "Bob", "")],
            "row 3, column A (Round): round 2 has no games but round 3 has",
        ),
        (
            [(1, 1, "Anna", "BYE", "PAB"), (1, 2, "Bob", "BYE", "U")],
            "row 3, column E (Result): round 1 has two pairing-allocated byes",
        ),
    ],
)
def test_bad_game_rows_name_sheet_row_and_column(data, message):
    with pytest.raises(RatingbookError) as caught:
        build_event(FOUR, games(*data))
    assert message in str(caught.value)


def test_an_absurd_player_rating_is_an_error_naming_the_cell():
    field = rows("Swiss Players", ("Name", "Rating"), ("Anna", 99999999999999999999), ("Bob", 1900))
    with pytest.raises(RatingbookError) as caught:
        build_event(field, [])
    assert "sheet 'Swiss Players', row 2, column B (Rating): " in str(caught.value)
    assert "is too large" in str(caught.value)


def test_a_game_after_withdrawal_is_an_error_naming_the_cell():
    field = rows(
        "Swiss Players", ("Name", "Rating", "Withdrawn"), ("Anna", 2000, 2), ("Bob", 1900, None)
    )
    build_event(field, games((1, 1, "Anna", "Bob", "1-0"), (2, None, "Anna", "BYE", "Z")))
    with pytest.raises(RatingbookError) as caught:
        build_event(field, games((1, 1, "Anna", "Bob", "1-0"), (2, 1, "Bob", "Anna", "")))
    assert str(caught.value) == (
        "sheet 'Swiss Games', row 3, column D (Black): 'Anna' withdrew before round 2 "
        "(Swiss Players, Withdrawn) but has a row in round 2"
    )


def test_player_rows_are_checked():
    header = ("Name", "Rating", "FIDE ID", "Title", "Federation", "Birth", "Sex", "Withdrawn")
    with pytest.raises(RatingbookError, match=r"row 3, column A \(Name\): player 'Anna' is listed"):
        build_event(rows("Swiss Players", ("Name",), ("Anna",), ("Anna",)), [])
    with pytest.raises(RatingbookError, match=r"column E \(Federation\): 'NORW'"):
        build_event(rows("Swiss Players", header, ("A", 1, 2, "", "NORW", "", "", None)), [])
    with pytest.raises(RatingbookError, match=r"column B \(Rating\): -5 is out of range"):
        build_event(rows("Swiss Players", header, ("A", -5, None, "", "", "", "", None)), [])
    event = build_event(
        rows(
            "Swiss Players", header, ("A", 2500, 1503014, "g", "nor", dt.date(1990, 1, 2), "F", 4)
        ),
        [],
    )
    player = event.players[0]
    assert (player.title, player.federation, player.birth, player.sex, player.withdrawn) == (
        "GM",
        "NOR",
        "1990/01/02",
        "w",
        4,
    )


def test_seed_point_columns_are_read_as_results():
    """The seed's White Points / Black Points columns still work when Result is empty."""
    header = ("Round", "White", "Black", "Result", "White Points", "Black Points")
    event = build_event(
        FOUR,
        rows(
            "Swiss Games", header, (1, "Anna", "Bob", None, 1, 0), (1, "Cleo", "Dan", "", 0.5, "½")
        ),
    )
    assert [e.result for e in event.entries] == [R.WHITE_WINS, R.DRAW]
    with pytest.raises(RatingbookError, match=r"column F \(Black Points\): points 0 and 0"):
        build_event(FOUR, rows("Swiss Games", header, (1, "Anna", "Bob", None, 0, 0)))


def test_points_count_byes_and_forfeits():
    event = build_event(
        FOUR,
        games(
            (1, 1, "Anna", "Bob", "+/-"),
            (1, None, "Cleo", "BYE", "H"),
            (1, None, "Dan", "BYE", "PAB"),
            (2, 1, "Bob", "Anna", "½-½"),
        ),
    )
    assert event.points() == {"Anna": 1.5, "Bob": 0.5, "Cleo": 0.5, "Dan": 1}
    assert event.points(after_round=1) == {"Anna": 1, "Bob": 0, "Cleo": 0.5, "Dan": 1}


def test_pairing_is_due_only_when_the_round_is_complete_and_more_are_planned():
    complete = games((1, 1, "Anna", "Bob", "1-0"), (1, 2, "Dan", "Cleo", "0-1"))
    assert pairing_due(build_event(FOUR, complete, SwissSettings(rounds=3)))
    assert not pairing_due(build_event(FOUR, complete, SwissSettings(rounds=1)))
    assert not pairing_due(build_event(FOUR, complete, SwissSettings(rounds=3, auto_pair=False)))
    assert not pairing_due(build_event(FOUR, complete, SwissSettings()))
    pending = games((1, 1, "Anna", "Bob", "1-0"), (1, 2, "Dan", "Cleo", None))
    assert not pairing_due(build_event(FOUR, pending, SwissSettings(rounds=3)))
    assert pairing_due(build_event(FOUR, [], SwissSettings(rounds=3)))


SEED_TEXT = """Anna
Bob
Charlotte
Daniel
Erik
Femke

Anna Femke 1 0
Bob Erik 0 1
Charlotte Daniel 0.5 0.5

Erik Anna 1 0
Femke Charlotte 0.5 0.5
Daniel Bob 1 0

Daniel Erik 0.5 0.5
Charlotte Anna 1 0
Bob Femke 1 0
"""


def test_the_seed_example_is_unchanged():
    """seed 004: determine_output still gives the seed's table, in the seed's order."""
    assert swiss.determine_output(SEED_TEXT) == [
        ("Erik", 2.5, 4.0, 3.00, 2),
        ("Daniel", 2.0, 5.5, 3.25, 1),
        ("Charlotte", 2.0, 3.5, 2.25, 1),
        ("Anna", 1.0, 5.0, 0.50, 2),
        ("Bob", 1.0, 5.0, 0.50, 1),
        ("Femke", 0.5, 4.0, 1.00, 2),
    ]


def test_every_bad_row_is_reported_at_once():
    """Two bad game rows and a bad player row: one InputErrors naming all three cells."""
    field = rows("Swiss Players", ("Name", "Rating"), ("Anna", 2000), ("Bob", "strong"))
    with pytest.raises(InputErrors) as caught:
        build_event(field, games((1, 1, "Anna", "Zed", "1-0"), (1, 2, "Anna", "BYE", "1-0")))
    lines = str(caught.value).splitlines()
    assert len(lines) == 3
    assert lines[0].startswith("sheet 'Swiss Players', row 3, column B (Rating): ")
    assert lines[1].startswith("sheet 'Swiss Games', row 2, column D (Black): no player named")
    assert lines[2].startswith("sheet 'Swiss Games', row 3, column E (Result): '1-0' is not a bye")


def test_a_player_whose_row_has_a_bad_cell_is_still_that_player_for_the_games():
    """User test 49: ``5 withdrawn`` typed for Rosa Blum is one problem, at its cell; her games
    name a player who exists, so none of them is "no player named 'Rosa Blum'". A name no row
    has is still one (Zed)."""
    field = rows(
        "Swiss Players",
        ("Name", "Rating", "Withdrawn"),
        ("Anna", 2000, None),
        ("Rosa Blum", 1900, "5 withdrawn"),
        ("Bob", 1800, None),
    )
    played = games(
        (1, 1, "Anna", "Rosa Blum", "1-0"),
        (2, 1, "Rosa Blum", "Bob", "½-½"),
        (3, 1, "Bob", "Zed", "0-1"),
    )
    with pytest.raises(InputErrors) as caught:
        build_event(field, played)
    lines = str(caught.value).splitlines()
    assert len(lines) == 2, lines
    assert lines[0].startswith(
        "sheet 'Swiss Players', row 3, column C (Withdrawn): '5 withdrawn' is not a number"
    )
    assert lines[1].startswith(
        "sheet 'Swiss Games', row 4, column D (Black): no player named 'Zed'"
    )
