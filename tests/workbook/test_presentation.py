"""Print setups, chart descriptions, their XML and the progress sheets (issue 9, items 3 and 4)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import replace

import pytest

from ratingbook.core.results import Result
from ratingbook.files.patching.drawing import (
    chart_xml,
    drawing_xml,
    header_footer_xml,
    page_setup_xml,
    print_options_xml,
    row_breaks_xml,
)
from ratingbook.ratings.ladder import LadderGame, LadderPlayer, recalc_ladder
from ratingbook.workbook.port import presentation
from ratingbook.workbook.port.presentation import (
    CENTRE,
    LEFT,
    RIGHT,
    CellRange,
    LineChart,
    PrintSetup,
    column_alignments,
    column_width,
    quote_sheet,
    row_lines,
)
from ratingbook.workbook.port.text_widths import text_width
from ratingbook.workbook.sheets.charts import (
    PlayerPath,
    ladder_paths,
    ladder_progress,
    series_progress,
)

C = "{http://schemas.openxmlformats.org/drawingml/2006/chart}"
A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"


def test_print_setup_speaks_excels_header_codes() -> None:
    setup = PrintSetup("Smith & Sons - Week 3")
    # ECMA-376 18.3.1.39: &C centre, &R right, &D date, &P page, &N pages; && is one "&".
    assert setup.header() == '&C&"-,Bold"&12 Smith && Sons - Week 3'
    assert setup.footer() == "&CPage &P of &N&R&D"
    assert setup.title_rows() == "$1:$1"
    assert PrintSetup("Elo Standings", file_name=True).title_text() == "Elo Standings - &F"
    assert page_setup_xml(PrintSetup("x", landscape=True)) == (
        '<pageSetup orientation="landscape" fitToWidth="1" fitToHeight="0"/>'
    )
    assert "<oddHeader>&amp;C&amp;" in header_footer_xml(setup)


@pytest.mark.parametrize(
    ("rng", "formula"),
    [
        (CellRange("Ladder Progress", 2, 3, 2, 3), "'Ladder Progress'!$C$2"),
        (CellRange("Ladder Progress", 2, 4, 2, 54), "'Ladder Progress'!$D$2:$BB$2"),
        (CellRange("Bob's", 1, 27, 3, 28), "'Bob''s'!$AA$1:$AB$3"),
    ],
)
def test_ranges_are_written_as_excel_refers_to_them(rng: CellRange, formula: str) -> None:
    assert rng.formula() == formula


def test_a_range_must_be_a_rectangle() -> None:
    with pytest.raises(ValueError):
        CellRange("x", 3, 1, 2, 1)
    assert quote_sheet("a'b") == "'a''b'"


# Two Advanced players and one Beginner; ratings by hand from seed 001's rule are not needed
# here: the layout is what is pinned (which cell holds which point).
PATHS = [
    PlayerPath("Tom", 1200, (1184, 1192), id=2, group="Advanced", weeks={1: 1170}),
    PlayerPath("Maya", 1200, (1216, 1208, 1224), id=1, group="Advanced", weeks={1: 1230}),
    PlayerPath("Sam", 800, (816,), id=6, group="Beginners"),
]


def test_ladder_progress_has_a_fixed_block_per_group_and_two_charts_per_group() -> None:
    progress = ladder_progress("Ladder Progress", ["Advanced", "Beginners", "Empty"], PATHS, 2)
    header = progress.header
    assert header[:5] == ("Group", "ID", "Name", "Start", "1")
    # Headed: the games and weeks so far (Maya's 3 games, weeks 1-2); the room beyond is not.
    assert header[4:8] == ("1", "2", "3", "") and header[33] == ""
    assert header[34:37] == ("Week 1", "Week 2", "")
    assert len(header) == 4 + 30 + 16
    rows = progress.rows
    # Advanced's block is rows 2..41 (ordered by ID), Beginners' starts at row 42.
    assert rows[0][:8] == ("Advanced", 1, "Maya", 1200, 1216, 1208, 1224, None)
    assert rows[1][:7] == ("Advanced", 2, "Tom", 1200, 1184, 1192, None)
    assert rows[2] == () and rows[40][:5] == ("Beginners", 6, "Sam", 800, 816)
    # Week by week: week 1 from the archive, week 2 (the current one) is the Rating so far.
    assert rows[0][34:37] == (1230, 1224, None)
    assert rows[40][34:36] == (None, 816)
    titles = [c.title for c in progress.charts]
    assert titles == [
        "Advanced: week 2",
        "Advanced: week by week",
        "Beginners: week 2",
        "Beginners: week by week",
    ]
    week, by_week = progress.charts[0], progress.charts[1]
    assert week.categories.formula() == "'Ladder Progress'!$D$1:$AH$1"
    assert [s.name.formula() for s in week.series] == [
        "'Ladder Progress'!$C$2",
        "'Ladder Progress'!$C$3",
    ]
    assert week.series[1].values.formula() == "'Ladder Progress'!$D$3:$AH$3"
    assert by_week.categories.formula() == "'Ladder Progress'!$AI$1:$AX$1"
    assert progress.charts[2].series[0].values.formula() == "'Ladder Progress'!$D$42:$AH$42"
    # Plotted by a back end that builds the chart: the start and 4 games (3 played, at least
    # 4), the 2 weeks so far.
    assert week.played().categories.formula() == "'Ladder Progress'!$D$1:$H$1"
    assert week.played().series[1].values.formula() == "'Ladder Progress'!$D$3:$H$3"
    assert by_week.played().categories.formula() == "'Ladder Progress'!$AI$1:$AJ$1"


def test_a_week_with_no_game_yet_has_no_point_on_the_week_by_week_chart() -> None:
    """Week 4 of a camp (a user test): the weekly Rating restarts at the group's Initial Ladder
    Rating each week (docs/reference/rules.md), so a week no game of which a camper has played
    yet has no end-of-week Rating of its own: no point (the line stopped at week 3 and dipped
    to the start, 1200, before). By hand (seed 001): Ann (1200) beats Ben (1200), d 0: +16.

    The axis reads the archived weeks alone: 1210 to 1240 spans 30, under the least 50, so
    1200 to 1250; in steps of 5 that is 10 steps (over 8), in steps of 10 five: (1200, 1250,
    10). With the start's 1200 drawn it was 1195 to 1245, rounded out to 1190 to 1250."""
    players = [LadderPlayer(i, name, "Advanced", True, start_permanent=1300) for i, name in
               ((1, "Ann"), (2, "Ben"), (3, "Cat"))]  # fmt: skip
    archive = {1: {1: 1216, 2: 1224, 3: 1232}, 2: {1: 1210, 2: 1228, 3: 1240},
               3: {1: 1212, 2: 1220, 3: 1226}}  # fmt: skip
    weeks = slice(34, 38)  # Week 1 .. Week 4 (after Group, ID, Name, Start and 30 games)

    new_week = recalc_ladder(players, {"Advanced": 1200}, [])
    progress = ladder_progress("Ladder Progress", ["Advanced"], ladder_paths(new_week, archive), 4)
    assert progress.header[weeks] == ("Week 1", "Week 2", "Week 3", "Week 4")
    assert [row[weeks] for row in progress.rows] == [
        (1216, 1224, 1232, None),
        (1210, 1228, 1240, None),
        (1212, 1220, 1226, None),
    ]
    this_week, by_week = progress.charts
    assert by_week.value_axis == (1200.0, 1250.0, 10.0)
    # This week's chart still starts each line at the group's rating, where the week starts.
    assert [row[3] for row in progress.rows] == [1200, 1200, 1200]
    assert this_week.title == "Advanced: week 4"

    one_game = recalc_ladder(players, {"Advanced": 1200}, [LadderGame(1, 2, Result.WHITE_WINS)])
    progress = ladder_progress("Ladder Progress", ["Advanced"], ladder_paths(one_game, archive), 4)
    # Ann and Ben have played week 4's first game; Cat, who has not, has no week 4 point yet.
    assert [row[weeks][3] for row in progress.rows] == [1216, 1184, None]


def test_series_progress_is_a_row_per_player_and_one_chart() -> None:
    paths = [PlayerPath("Ann", 1613, (1597, 1598)), PlayerPath("Ben", 1609, (1625, 1624))]
    progress = series_progress("Elo Progress", "Elo ratings", paths)
    assert progress.rows[0][:5] == ("Ann", 1613, 1597, 1598, None)
    (chart,) = progress.charts
    assert [s.values.formula() for s in chart.series] == [
        "'Elo Progress'!$B$2:$AF$2",
        "'Elo Progress'!$B$3:$AF$3",
    ]


def test_chart_xml_refers_to_the_ranges_and_caches_their_values() -> None:
    progress = ladder_progress("Ladder Progress", ["Advanced"], PATHS[:2], 1)
    cells = {
        (r, c): v
        for r, row in enumerate([progress.header, *progress.rows], start=1)
        for c, v in enumerate(row, start=1)
    }
    root = ET.fromstring(chart_xml(progress.charts[0], lambda s, r, c: cells.get((r, c))))
    series = root.findall(f".//{C}ser")
    assert [s.find(f"{C}tx/{C}strRef/{C}f").text for s in series] == [  # type: ignore[union-attr]
        "'Ladder Progress'!$C$2",
        "'Ladder Progress'!$C$3",
    ]
    maya = series[0].find(f"{C}val/{C}numRef")
    assert maya is not None
    assert maya.findtext(f"{C}f") == "'Ladder Progress'!$D$2:$AH$2"
    points = {int(p.get("idx", "")): p.findtext(f"{C}v") for p in maya.iter(f"{C}pt")}
    assert points == {0: "1200", 1: "1216", 2: "1208", 3: "1224"}
    assert root.find(f".//{C}dispBlanksAs").get("val") == "gap"  # type: ignore[union-attr]
    drawing = ET.fromstring(drawing_xml(progress.charts, ["rId1", "rId2"]))
    assert len(list(drawing)) == 2


def test_ladder_paths_follow_each_player_game_by_game() -> None:
    """Three games by hand (seed 001): 1 (1200) beats 2 (1200): d 0, +16; 3 (1000) draws 1
    (1216): d 216, 1 gives 8; 2 (1184) beats 3 (1008): d 176, higher wins, 16 - 7 = 9."""
    W, B, D = Result.WHITE_WINS, Result.BLACK_WINS, Result.DRAW
    players = [
        LadderPlayer(1, "Ann", "A", True, start_permanent=1300),
        LadderPlayer(2, "Ben", "A", True, start_permanent=1250),
        LadderPlayer(3, "Cat", "B", True, start_permanent=1000),
        LadderPlayer(4, "Dan", "B", True, start_permanent=990),
        LadderPlayer(5, "Eve", "B", False, rating=900, permanent_rating=950),
    ]
    games = [LadderGame(1, 2, W), LadderGame(3, 1, D), LadderGame(3, 2, B)]
    outcome = recalc_ladder(players, {"A": 1200, "B": 1000}, games)
    paths = {p.id: (p.start, p.after_games) for p in ladder_paths(outcome, {1: {1: 1190}})}
    assert paths == {
        1: (1200, (1216, 1208)),
        2: (1200, (1184, 1193)),
        3: (1000, (1008, 999)),
        4: (1000, ()),
    }
    assert ladder_paths(outcome, {1: {1: 1190}})[0].weeks == {1: 1190}


def test_more_than_200_games_show_every_kth_game_with_its_number() -> None:
    """450 games: every 3rd is shown (150 points), the headers say 3, 6, ..., 450."""
    path = PlayerPath("Ann", 1000, tuple(range(1001, 1451)))
    progress = series_progress("Elo Progress", "Elo", [path])
    assert progress.header[2:5] == ("3", "6", "9") and progress.header[151] == "450"
    assert progress.rows[0][1:4] == (1000, 1003, 1006) and progress.rows[0][151] == 1450
    assert len(progress.header) == 2 + 150


def test_a_column_and_its_header_line_up() -> None:
    """Issue 34: a number prints under its own header only when both are aligned alike."""
    header = ("Rank", "Name", "Rating", "Result", "Week 2", "Week 3")
    rows = [(1, "Ann", 1210, "1-0", None, None), (2, "Ben", None, "(½-½)", None, None)]
    # Rank centred as asked; Name text: left; Rating numbers: right; Result texts: left; the
    # weeks still to come follow the column before them.
    assert column_alignments(header, rows, {0}) == (CENTRE, LEFT, RIGHT, LEFT, LEFT, LEFT)
    assert column_alignments(("Start", "1", "2"), [(800, 808, None)]) == (RIGHT, RIGHT, RIGHT)


def test_a_column_holds_its_header_in_bold() -> None:
    # 16 characters x 1.15 + 2 = 20.4; a given width wider than that stays.
    assert column_width("Permanent Rating", 12) == 20.4
    assert column_width("ID", 8) == 8
    # 14-point type: the text (18 less 2 units of padding) grows by 14/11, the padding does
    # not: 16 x 14 / 11 + 2 = 22.36.
    assert column_width("Name", 18, PrintSetup("x", font_size=14)) == 22.36
    # A sheet without a grid (charts) keeps its own widths.
    assert column_width("A long intro line", 10, PrintSetup("x", grid=False)) == 10


def test_the_print_setup_prints_the_grid_and_fits_a_wall_list_on_one_page() -> None:
    assert print_options_xml(PrintSetup("x")) == '<printOptions gridLines="1"/>'
    assert print_options_xml(PrintSetup("x", grid=False)) == ""
    assert 'fitToHeight="1"' in page_setup_xml(PrintSetup("x", one_page=True))


def test_each_section_after_the_first_starts_a_page_under_its_heading() -> None:
    # Sections at rows 0, 2 and 5 of the rows under the header: headings on sheet rows 2, 4
    # and 7; a page ends after rows 3 and 6.
    setup = PrintSetup("x", one_page=True, sections=(0, 2, 5))
    assert setup.heading_rows() == {2, 4, 7}
    assert setup.break_rows() == (3, 6)
    assert setup.pages_tall == 0  # a fit to one page tall would drop the breaks
    root = ET.fromstring(row_breaks_xml(setup))
    assert (root.tag, root.get("count"), root.get("manualBreakCount")) == ("rowBreaks", "2", "2")
    assert [(b.get("id"), b.get("man")) for b in root] == [("3", "1"), ("6", "1")]
    assert row_breaks_xml(PrintSetup("x")) == ""


def test_category_labels_are_turned_so_libreoffice_keeps_their_letters_together() -> None:
    chart = LineChart(
        "t", CellRange("P", 1, 2, 1, 4), (), anchor=(0, 0, 1, 1), x_title="Games played"
    )
    root = ET.fromstring(chart_xml(chart, lambda *_: None))
    body = root.find(f"{C}chart/{C}plotArea/{C}catAx/{C}txPr/{A}bodyPr")
    assert body is not None and body.get("rot") == str(-45 * 60000)


def test_a_wrapped_row_is_as_tall_as_its_longest_text() -> None:
    # 64 characters in a column 18 wide (17.5 units to a line: 17 characters): 4 lines.
    assert row_lines(["x", "a" * 64], [10, 18], {1}) == 4
    assert row_lines(["x", None], [10, 18], {1}) == 1
    # Measured as printed (text_widths' table; a column 20 wide holds 19.5 units): 'Kai'
    # 2.6 + space 0.5 + 'Oliver' 4.9 + 0.5 + 'Grienitz' 6.55 = 15.05, one line; with a
    # hyphen no space follows it: 'Kai-' 3.25 + 4.9 + 0.5 + 6.55 = 15.2, one line; in a
    # column 10 wide (9.5 units) 'Kai-Oliver' (8.15) and 'Grienitz' on a second line; in a
    # column 9 wide (8.5) too, two lines: a space after the hyphen (8.65) took three, as it
    # took two for issue 35's ``Griffiths, Ryan-Rhys`` printed on one.
    assert row_lines(["Kai Oliver Grienitz"], [20], {0}) == 1
    assert row_lines(["Kai-Oliver Grienitz"], [20], {0}) == 1
    assert row_lines(["Kai-Oliver Grienitz"], [9], {0}) == 2
    assert row_lines(["Kai-Oliver Grienitz"], [10], {0}) == 2


@pytest.mark.parametrize(
    ("units", "landscape", "scale"),
    [
        # 60 units x 7.0 points = 420 points: a portrait page's 494.2 (A4, 0.7-inch margins)
        # holds it at full size.
        (60, False, 0),
        # 100 units = 700 points: portrait would print 11 x 494.2 / 700 = 7.8 points,
        # landscape (Letter, 691.2 points) 10.9: landscape, one page wide.
        (100, True, 0),
        # The round robin's Rating Report, 133.0 units = 931 points: 11 x 691.2 / 931 = 8.17
        # points, at least 8: one landscape page (issue 34: it was split over two).
        (133, True, 0),
        # The boundary: 8 points one page wide is 11 x 691.2 / 8 = 950.4 points = 135.8
        # units. 135 units print at 11 x 691.2 / 945 = 8.05 points, one page wide...
        (135, True, 0),
        # ... 137 units at 11 x 691.2 / 959 = 7.93: split across pages at 9 points
        # (9 / 11 = 82 per cent).
        (137, True, 82),
        (140, True, 82),
    ],
)
def test_a_sheet_prints_one_page_wide_only_at_a_readable_size(
    units: int, landscape: bool, scale: int
) -> None:
    """Issue 34: fitted one page wide, a wide table printed at 2.6 points."""
    setup = PrintSetup("x", repeat_columns=2).laid_out([units / 4] * 4)
    assert (setup.landscape, setup.scale, setup.fitted) == (landscape, scale, not scale)
    # The row names are repeated only on a table split across pages.
    assert setup.repeat_columns == (2 if scale else 0)


def test_a_split_table_repeats_only_the_row_names_a_page_has_room_for() -> None:
    """Repeated on every page, the row names leave room for the widest other column: at 9
    points (82 per cent) a landscape page holds 691.2 / (7 x 0.82) = 120.4 units."""
    widths = [30.0, 30.0, 30.0, 30.0, 30.0]
    assert PrintSetup("x", repeat_columns=3).laid_out(widths).repeat_columns == 3  # 90 + 30
    widths[3] = 31.0
    # 90 + 31: not 3, but 2, though 1 would take a page less (30 30 | 31 30 beside 30 against
    # 30 | 31 | 30 beside 60): a row name is never dropped to save a page (issue 34: the
    # camp's Rating History printed Black's ratings beside neither Black's ID nor name).
    assert PrintSetup("x", repeat_columns=3).laid_out(widths).repeat_columns == 2
    assert PrintSetup("x", repeat_columns=3).laid_out([100.0, 30.0, 30.0]).repeat_columns == 1


def test_a_split_table_repeats_its_row_names_in_both_back_ends() -> None:
    from openpyxl import Workbook

    from ratingbook.files.rewriting.openpyxl_presentation import apply_print_setup

    setup = PrintSetup("Rating Report", repeat_columns=2).laid_out([35.0] * 4)
    # ECMA-376 18.2.5: Print_Titles names the columns, then the rows, each with its sheet.
    assert setup.print_titles("Rating Report") == ("'Rating Report'!$A:$B,'Rating Report'!$1:$1")
    assert page_setup_xml(setup) == (
        '<pageSetup scale="82" pageOrder="overThenDown" orientation="landscape"/>'
    )
    ws = Workbook().active
    assert ws is not None
    apply_print_setup(ws, setup)
    assert ws.sheet_properties.pageSetUpPr is not None
    assert not ws.sheet_properties.pageSetUpPr.fitToPage
    assert (ws.page_setup.scale, ws.page_setup.pageOrder, ws.page_setup.orientation) == (
        82,
        "overThenDown",
        "landscape",
    )
    assert (ws.print_title_cols, ws.print_title_rows) == ("$A:$B", "$1:$1")


def test_the_posted_list_prints_at_its_own_size() -> None:
    """Issue 34: the posted Ladder Standings, 14-point type in columns 99.9 units wide (the
    template's seven campers), printed portrait fitted one page wide at 10.2 points."""
    widths = [8.4, 6.36, 19.09, 15.27, 11.33, 9.86, 8.4, 9.86, 11.33]  # 99.9 units
    # 99.9 x 7.0 = 699.3 points: portrait (494.2) would print 14 x 494.2 / 699.3 = 9.9
    # points; landscape (691.2) 13.8, as good as 14 (LibreOffice, measured: 14.0).
    posted = PrintSetup("Ladder Standings", font_size=14, one_page=True)
    assert posted.laid_out(widths, 8).landscape
    # By group: a page per group, each fitted one page wide: landscape at 14 points too, not
    # portrait at 9.9 (which the readable 9 points allowed).
    by_group = PrintSetup("Ladder Standings", font_size=14, sections=(0, 3, 6))
    laid = by_group.laid_out(widths, 11)
    assert (laid.landscape, laid.fitted) == (True, True)
    # Sixty campers on one page: 61 rows of 19.09 points = 1,164.5 points tall. Portrait
    # (684 points tall on Letter) prints 14 x 684 / 1,164.5 = 8.2 points, landscape (487 on
    # A4) 5.9: portrait.
    assert not posted.laid_out(widths, 61).landscape
    # With the wall's floor (ladder_plan.POSTED_LEAST: 11 points) they print on as many pages as
    # they need, one page wide: landscape at 13.8 points rather than portrait at 9.9.
    wall = replace(posted, least_size=11).laid_out(widths, 61)
    assert (wall.one_page, wall.pages_tall, wall.fitted, wall.landscape) == (False, 0, True, True)
    # The template's seven campers still print on one page (landscape, 14 points).
    seven = replace(posted, least_size=11).laid_out(widths, 8)
    assert (seven.one_page, seven.pages_tall, seven.landscape) == (True, 1, True)


def test_the_date_never_runs_into_a_long_title() -> None:
    """Issue 34: "Team standings after round 1 - Summer Camp Team Cup11/27/2026": the date
    printed over the title's end. The date prints in the footer, the title alone on top."""
    from openpyxl import Workbook

    from ratingbook.files.rewriting.openpyxl_presentation import apply_print_setup

    setup = PrintSetup("Team standings after round 1 - Summer Camp Team Cup")
    assert "&D" not in setup.header() and "&R" not in setup.header()
    assert setup.footer().endswith("&R&D")
    ws = Workbook().active
    assert ws is not None
    apply_print_setup(ws, setup)  # the openpyxl back end writes the same
    assert ws.oddHeader.right.text is None and ws.oddFooter.right.text == "&D"
    assert ws.page_margins.left == ws.page_margins.right == 0.7


def test_a_long_header_wraps_so_its_column_is_as_wide_as_its_numbers() -> None:
    """Issue 34: on one line, ``White Permanent Before`` (22 characters, 27.3 units in bold)
    made each of the camp's rating columns as wide for four digits, and the Rating History
    printed 8 pages, each with the names and one rating column. A header wraps onto up to 3
    lines (its words whole), its column as wide as its longest word in bold: ``Permanent``,
    9 x 1.15 + 2 = 12.35 units; ``Before``, 6 x 1.15 + 2 = 8.9 (four digits need 6). The
    header row is as tall as three lines of 15 points."""
    header = ("Game", "White", "White Rating Before", "White Permanent Before")
    rows = [(1, "Maya Okafor", 1200, 1262)]
    widths = presentation.table_widths(header, rows, {1: 20}, PrintSetup("Rating History"))
    # Game: "Game" in bold, 4 x 1.15 + 2 = 6.6; White: "Maya Okafor" 10.4 (M 1.4, a a a o
    # 1 each, y k 0.95, space 0.5, O 1.25, f 0.65, r 0.7) + 2.
    assert widths == [6.6, 12.4, 8.9, 12.35]
    lines = [presentation.header_lines(t, w) for t, w in zip(header, widths, strict=True)]
    assert lines == [1, 1, 3, 3]
    assert presentation.header_height(header, widths, PrintSetup("Rating History")) == 45
    assert presentation.header_height(header[:2], widths[:2], PrintSetup("x")) is None
    # A header's width for a number of lines: 2 lines of "White Permanent Before" need
    # "White Permanent", 15 x 1.15 + 2 = 19.25.
    assert column_width("White Permanent Before", 6, lines=2) == 19.25


def test_a_text_column_is_as_wide_as_its_longest_value() -> None:
    """Issue 34: a given width capped a column of names: ``Gorrochategui Torres, Eugenio``
    printed cut by the next cell in the 24 units the standings give a name. A text column is
    as wide as its longest value (up to 40 units), a given width no floor: its characters'
    widths (G 1.25; o a e h g u T E n 1; r t 0.7; c s 0.9; i, space and comma 0.5) sum
    to 25.05, and the cell's padding is 2."""
    assert text_width("Gorrochategui Torres, Eugenio") == pytest.approx(25.05)
    header = ("No.", "Name")
    widths = presentation.table_widths(
        header, [(6, "Gorrochategui Torres, Eugenio")], {1: 24}, PrintSetup("Standings")
    )
    assert widths[1] == 27.05
    # A short name: the column as wide as its header, "Name" in bold (6.6).
    assert presentation.table_widths(header, [(1, "Ann")], {1: 24}, PrintSetup("x"))[1] == 6.6


def test_a_sentence_row_is_not_measured_for_its_columns_width() -> None:
    """A sentence printed across the table (a norm report's "no norm can be made ...") takes
    no column's width: the Player column is as wide as its names."""
    rows = [("no norm can be made in this event: it has 5 rounds", None), ("Ann", "IM")]
    setup = PrintSetup("Norms", sentences=frozenset({0}))
    widths = presentation.table_widths(("Player", "Title"), rows, {0: 28}, setup)
    assert widths[0] == 8.9  # "Player" in bold: 6 x 1.15 + 2


def test_an_empty_table_prints_nothing() -> None:
    """Issue 34: an Event Log before its first change (its header, no row) printed a page with
    the header alone. A table with no row prints the rows under its header (none), on both back
    ends: the package's defined name, openpyxl's print area."""
    from openpyxl import Workbook

    from ratingbook.files.rewriting.openpyxl_presentation import apply_print_setup
    from ratingbook.workbook.port.book import GeneratedSheet

    setup = PrintSetup("Event Log", landscape=True)
    empty = GeneratedSheet("Event Log", ("When", "Round", "Kind"), [], print_setup=setup)
    laid = empty.printed(empty.column_widths())
    assert laid is not None and laid.empty
    assert laid.print_area("Event Log", 3) == "'Event Log'!$A$2:$C$1048576"
    ws = Workbook().active
    assert ws is not None
    ws.append(["When", "Round", "Kind"])
    apply_print_setup(ws, laid)
    assert ws.print_area == "'Sheet'!$A$2:$C$1048576"
    full = GeneratedSheet("Event Log", ("When", "Round"), [("x", 1)], print_setup=setup)
    laid = full.printed(full.column_widths())
    assert laid is not None and not laid.empty and laid.print_area("Event Log", 2) == ""
