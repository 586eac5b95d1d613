"""A report's table as the sheet written (``ratingbook.workbook.sheets.report_sheet``): its print
title, orientation and centred columns."""

from __future__ import annotations

import pytest

from ratingbook.reports.tables import SheetGrid
from ratingbook.workbook.sheets.report_sheet import report_sheet


@pytest.mark.parametrize(
    ("grid", "context", "landscape", "title", "wide", "file_name"),
    [
        # the ladder: the week after the name; portrait unless its width asks for landscape
        # when printed (PrintSetup.laid_out)
        (SheetGrid("Ladder Standings", ("x",) * 10, []), "Week 3", False,
         "Ladder Standings - Week 3", False, False),
        # nothing to name: the file's name follows
        (SheetGrid("Crikey History", ("x",) * 11, []), "", False, "Crikey History", False, True),
        # a history prints landscape whatever its width, when the planner says so
        (SheetGrid("Elo History", ("x",) * 9, []), "", True, "Elo History", True, True),
        # a grid's own title comes before the event's name
        (SheetGrid("Pairings", ("x",), [], title="Round 5 pairings"), "Club Champs", False,
         "Round 5 pairings - Club Champs", False, False),
    ],
)  # fmt: skip
def test_a_report_sheet_is_titled_by_its_table_and_what_it_belongs_to(
    grid, context, landscape, title, wide, file_name
):
    sheet = report_sheet(grid, "Games", context, landscape=landscape)
    assert sheet.print_setup is not None
    assert (sheet.print_setup.title, sheet.print_setup.landscape) == (title, wide)
    assert sheet.print_setup.file_name is file_name
    assert (sheet.name, sheet.after) == (grid.name, "Games")


def test_a_split_report_repeats_its_key_columns():
    """Issue 34: a table too wide for a page at a readable size prints across pages with the
    columns naming its rows (the grid's key columns) on every page."""
    grid = SheetGrid("Rating Report", ("No.", "Name", "Rating"), [], key_columns=2)
    setup = report_sheet(grid, "Games").print_setup
    assert setup is not None and setup.repeat_columns == 2


@pytest.mark.parametrize(
    ("header", "names"),
    [
        # Both players of a game, their IDs between: the camp's Rating History (issue 34: its
        # pages after the first printed the game's number alone).
        (("Game", "Games Row", "White ID", "White", "Black ID", "Black", "Result"), 6),
        (("Game", "White", "Black", "White Score"), 3),
        (("Rank", "No.", "Title", "Name", "Fed", "Rating", "R1"), 4),
        (("No.", "Name", "FIDE ID", "Rating"), 2),
        (("No.", "Name", "Round", "Colour", "Opponent"), 2),  # the opponent is no row's name
        (("Group", "ID", "Name", "Start", "1"), 3),
        (("Rank", "Team", "R1"), 2),
        (("When", "Round", "Kind"), 1),  # no name: the first column
    ],
)
def test_a_table_without_key_columns_of_its_own_repeats_those_of_its_header(
    header: tuple[str, ...], names: int
) -> None:
    """Issue 34: a table that did not say which columns name its rows repeated its first
    column alone on every page; the rule reads them from the header."""
    setup = report_sheet(SheetGrid("Table", header, []), None).print_setup
    assert setup is not None and setup.repeat_columns == names


def test_a_report_sheet_centres_what_its_table_says_and_nothing_else():
    """Rating History has a Result column, which the header rule would centre; its table
    centres nothing, and the sheet follows the table."""
    history = SheetGrid("Rating History", ("Game", "Result"), [(1, "(1-0)")])
    assert report_sheet(history, None).centred == frozenset()
    ranked = SheetGrid("Standings", ("Rank", "Name"), [], centred=frozenset({0}))
    assert report_sheet(ranked, None).centred == {0}
