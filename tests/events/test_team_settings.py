"""Tests for ``ratingbook.events.team_settings``: the ``Team Settings`` sheet read, every bad
value a line naming its row, and the settings written back as rows."""

from __future__ import annotations

from fractions import Fraction

import pytest
from tests.helpers.sheet_rows import rows

from ratingbook.errors import InputErrors, RatingbookError
from ratingbook.events.team import TeamSettings
from ratingbook.workbook.sheets.team_settings_rows import read_team_settings, team_settings_rows


def _settings(*pairs: tuple[object, object]) -> list:  # type: ignore[type-arg]
    return rows("Team Settings", ("Setting", "Value"), *pairs)


def test_every_setting_read() -> None:
    settings = read_team_settings(
        _settings(
            ("Event", "Club League"),
            ("System", "double round robin"),
            ("Rounds", 6),
            ("Boards", 6),
            ("Main Score", "GP"),
            ("Match Win", 3),
            ("Match Draw", 1.5),
            ("Match Loss", 0),
            ("Colour Preferences", "type b"),
            ("Tie-breaks", "mpvgp, EMMSB/C1 bc"),
            ("Rating Boards", 4),
            ("FIDE Rated", "yes"),
        )
    )
    assert (settings.system, settings.cycles, settings.rounds, settings.boards) == (
        "Double Round Robin",
        2,
        6,
        6,
    )
    assert settings.main_score == "Game Points" and settings.colours == "Type B"
    assert (settings.match_win, settings.match_draw) == (Fraction(3), Fraction(3, 2))
    assert settings.tiebreaks == ("MPVGP", "EMMSB/C1", "BC")
    assert settings.rating_boards == 4 and settings.fide_rated


def test_bad_values_each_named_at_once() -> None:
    with pytest.raises(InputErrors) as caught:
        read_team_settings(
            _settings(("System", "Knockout"), ("Tie-breaks", "BC/C1 XYZ"), ("Colour", "red"))
        )
    lines = caught.value.lines()
    assert any("row 2" in line and "System 'Knockout' is not one of" in line for line in lines)
    assert any("row 3" in line and "tie-break BC takes no cut" in line for line in lines)
    assert any("row 4" in line and "unknown setting 'Colour'" in line for line in lines)


def test_one_bad_value_is_its_own_error() -> None:
    with pytest.raises(RatingbookError, match=r"row 2, column B \(Value\)"):
        read_team_settings(_settings(("Boards", 0)))


def test_settings_written_back_read_the_same() -> None:
    settings = TeamSettings(event_name="Cup", rounds=5, boards=4, colours="None")
    again = read_team_settings(_settings(*team_settings_rows(settings)))
    assert again == settings


def test_the_board_prize_settings() -> None:
    """``Board Prize Order`` (Performance, the default, or Percentage) and ``Board Prize Games``
    (a whole number, 1 or more; empty: 70 % of the rounds)."""
    assert (TeamSettings().board_prize_order, TeamSettings().board_prize_games) == (
        "Performance",
        None,
    )
    settings = read_team_settings(
        _settings(("Board Prize Order", "percentage"), ("Board Prize Games", 5))
    )
    assert (settings.board_prize_order, settings.board_prize_games) == ("Percentage", 5)
    with pytest.raises(InputErrors) as caught:
        read_team_settings(_settings(("Board Prize Order", "Points"), ("Board Prize Games", 0)))
    lines = caught.value.lines()
    assert any(
        "row 2, column B (Value)" in line
        and "Board Prize Order 'Points' is not one of Performance, Percentage" in line
        for line in lines
    ), lines
    assert any("row 3, column B (Value)" in line for line in lines), lines
