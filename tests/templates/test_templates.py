"""The workbook templates (issue 3, item 5): `ratingbook template KIND` and workbook_templates/.

What is pinned here:

- the committed ``workbook_templates/KIND.xlsx`` are byte for byte what the code generates, in
  this process and in others (other hash seeds, other time zones, another day);
- ``ratingbook template`` writes exactly those bytes, never replaces a file without --force, and
  reports bad names in one line with exit status 2;
- each template recalculates without error and recalculating it changes nothing, because the
  template already holds recalculated values;
- each feels native in Excel: an Excel Table per input sheet, dropdowns on result cells, frozen
  header rows, number formats, an Instructions sheet first;
- the sample data reproduces the seeds' own worked examples (seed 000's Alice and Bob, seed 003's
  series), seed 004's players in rounds the Dutch system pairs (``check`` finds nothing wrong)
  and ladder games worked by hand from seed 001's rule;
- LibreOffice opens every template and sees the same values (skipped without ``soffice``).

Expected figures are typed from the seeds or worked by hand in the comments, never produced by
the engine.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner
from openpyxl.workbook.workbook import Workbook
from openpyxl.worksheet.worksheet import Worksheet
from tests.helpers.built_books import template_bytes as built_template
from tests.helpers.libreoffice import convert_all, require_soffice
from tests.helpers.paths import ROOT
from tests.helpers.sheet_grids import book_grids

from ratingbook import templates
from ratingbook.cli import cli, main
from ratingbook.core.tables import Column, TableSpec
from ratingbook.errors import WorkbookError
from ratingbook.files.rewriting.openpyxl_book import XlsxBook
from ratingbook.templates import writer
from ratingbook.workbook.sheets import schemas

ROOT = ROOT
COMMITTED = ROOT / "workbook_templates"
KINDS = ("ladder", "crikey", "elo", "swiss", "roundrobin", "team", "ratinglist")
REGENERATE = "ratingbook template all --out-dir workbook_templates/ --force"

SWISS_GAMES_COLUMNS = ("Round", "Board", "White", "Black", "Result", "White No.", "Black No.")
# The input sheets of each template, in the order they appear after Instructions.
INPUT_SHEETS: dict[str, tuple[TableSpec, ...]] = {
    "ladder": (
        schemas.LADDER_SETTINGS,
        schemas.CAMP_GROUPS,
        schemas.LADDER_PLAYERS,
        schemas.LADDER_GAMES,
    ),
    "crikey": (schemas.CRIKEY_PLAYERS, schemas.CRIKEY_GAMES),
    "elo": (schemas.ELO_SETTINGS, schemas.ELO_PLAYERS, schemas.ELO_GAMES),
    "swiss": (
        schemas.SWISS_SETTINGS,
        schemas.SWISS_PLAYERS,
        schemas.FORBIDDEN_PAIRS,
        # The event's columns (the seed's White Points / Black Points are read, not shown).
        TableSpec("Swiss Games", tuple(Column(n) for n in SWISS_GAMES_COLUMNS)),
    ),
    "roundrobin": (
        schemas.SWISS_SETTINGS,
        schemas.SWISS_PLAYERS,
        TableSpec("Swiss Games", tuple(Column(n) for n in SWISS_GAMES_COLUMNS)),
    ),
    "team": (schemas.TEAM_SETTINGS, schemas.TEAMS, schemas.TEAM_MATCHES, schemas.TEAM_BOARDS),
    "ratinglist": (
        schemas.LIST_SETTINGS,
        schemas.LIST_K_RULES,
        schemas.LIST_PLAYERS,
        schemas.LIST_GAMES,
        schemas.LIST_EVENTS,
        schemas.LIST_RANKS,
        schemas.LIST_ALIASES,
    ),
}
GENERATED_SHEETS = {
    "ladder": (
        schemas.LADDER_STANDINGS,
        schemas.RATING_HISTORY,
        schemas.LADDER_CHARTS,
        schemas.LADDER_PROGRESS,
    ),
    "crikey": (
        schemas.CRIKEY_STANDINGS,
        schemas.CRIKEY_HISTORY,
        schemas.CRIKEY_CHARTS,
        schemas.CRIKEY_PROGRESS,
    ),
    "elo": (schemas.ELO_STANDINGS, schemas.ELO_HISTORY, schemas.ELO_CHARTS, schemas.ELO_PROGRESS),
    "swiss": (
        schemas.SWISS_STANDINGS,
        schemas.SWISS_CROSSTABLE,
        schemas.SWISS_PAIRINGS,
        schemas.PAIRING_NOTES,
        schemas.STANDINGS_NOTES,
        "Contenders",  # issue 27: rounds remain
    ),
    # FIDE Rated: Standard in the round-robin template, so its rating report is built.
    "roundrobin": (
        schemas.SWISS_STANDINGS,
        schemas.SWISS_CROSSTABLE,
        schemas.SWISS_PAIRINGS,
        schemas.RATING_REPORT,
        schemas.RATING_GAMES,
        schemas.STANDINGS_NOTES,
        "Norms",  # issue 27: FIDE Rated
        # no Contenders: the sample is before round 2 of 9, not in the last three rounds
    ),
    "team": (
        "Team Standings",
        "Team Crosstable",
        "Team Pairings",
        "Board Results",
        "Board Prizes",
        "Team Notes",
    ),
    "ratinglist": (
        schemas.RATING_LIST,
        schemas.LIST_HISTORY,
        schemas.LIST_CHANGES,
        schemas.NEAR_DUPLICATES,
        schemas.SERIES_STANDINGS,  # the template's sample list runs a season series
        schemas.SERIES_NOTES,
    ),
}
# Sheets ratingbook appends to when a week ends (never rebuilt), after the generated ones.
ARCHIVE_SHEETS = {"ladder": (schemas.GAMES_ARCHIVE, schemas.WEEKLY_STANDINGS)}
# The ladder's chosen-camper view: formulas and charts of the template's own, never rewritten.
VIEW_SHEETS = {"ladder": ("Camper Chart",)}

# (sheet, column header, the dropdown's choices) per template.
DROPDOWNS = {
    "ladder": [
        ("Ladder Games", "Result", '"(1-0),(0-1),(½-½)"'),
        ("Ladder Players", "Active", '"TRUE,FALSE"'),
    ],
    "crikey": [("Crikey Games", "Result", '"won,drew,lost"')],
    "elo": [("Elo Games", "Result", '"1-0,0-1,½-½"')],
    # issue 37: a penalty's score, ½-0, 0-½, 0-0, after the forfeits
    "swiss": [("Swiss Games", "Result", '"1-0,0-1,½-½,+/-,-/+,-/-,½-0,0-½,0-0,PAB,HPB,FPB,ZPB"')],
    "roundrobin": [
        ("Swiss Games", "Result", '"1-0,0-1,½-½,+/-,-/+,-/-,½-0,0-½,0-0,PAB,HPB,FPB,ZPB"')
    ],
    "team": [("Team Boards", "Result", '"1-0,0-1,½-½,+/-,-/+,-/-"')],
    "ratinglist": [("List Games", "Result", '"1-0,0-1,½-½,+/-,-/+,-/-,PAB,HPB,FPB,ZPB"')],
}

# (sheet, column header, number format of its data cells) per template.
NUMBER_FORMATS = {
    "ladder": [
        ("Ladder Players", "Rating", "0"),
        ("Ladder Players", "Permanent Rating", "0"),
        ("Ladder Players", "StWkPerm", "0"),
        ("Camp Groups", "Initial Ladder Rating", "0"),
        ("Ladder Games", "Result", "@"),
    ],
    "crikey": [("Crikey Players", "Rating", "0.00"), ("Crikey Games", "Result", "@")],
    "elo": [("Elo Players", "Rating", "0"), ("Elo Games", "Result", "@")],
    "swiss": [
        ("Swiss Games", "Round", "0"),
        ("Swiss Games", "Board", "0"),
        ("Swiss Games", "Result", "@"),
        ("Swiss Players", "Rating", "0"),
    ],
    "roundrobin": [
        ("Swiss Games", "Round", "0"),
        ("Swiss Games", "Result", "@"),
        ("Swiss Players", "No.", "0"),
        ("Swiss Players", "Rating", "0"),
    ],
    "team": [("Team Boards", "Result", "@"), ("Teams", "Rating", "0")],
    "ratinglist": [
        ("List Players", "Start Rating", "0"),
        ("List Games", "Date", "yyyy-mm-dd"),
        ("List Games", "Result", "@"),
    ],
}


# --- helpers -----------------------------------------------------------------------------------


def rows(ws: Worksheet) -> list[tuple[object, ...]]:
    """The sheet's values, row by row, without trailing empty rows."""
    return _without_trailing_empty_rows([tuple(r) for r in ws.iter_rows(values_only=True)])


def _without_trailing_empty_rows(values: list[tuple[object, ...]]) -> list[tuple[object, ...]]:
    while values and all(v is None for v in values[-1]):
        values.pop()
    return values


def records(ws: Worksheet) -> list[dict[str, object]]:
    """The rows below the header as {header: value}."""
    header, *body = rows(ws)
    return [dict(zip(header, r, strict=False)) for r in body]


def rounded(values: list[tuple[object, ...]]) -> list[tuple[object, ...]]:
    return [tuple(round(v, 9) if isinstance(v, float) else v for v in r) for r in values]


def all_values(book: Workbook) -> dict[str, list[tuple[object, ...]]]:
    return {ws.title: rows(ws) for ws in book.worksheets}


def column_of(ws: Worksheet, header: str) -> str:
    for cell in ws[1]:
        if cell.value == header:
            return str(cell.column_letter)
    raise AssertionError(f"no column {header!r} on sheet {ws.title!r}")


@pytest.fixture(scope="module")
def generated() -> dict[str, bytes]:
    """What the code generates now, once per run (tests of other folders start from them)."""
    return {kind: built_template(kind) for kind in KINDS}


@pytest.fixture(scope="module")
def books() -> dict[str, Workbook]:
    """The committed templates, opened with openpyxl."""
    return {kind: openpyxl.load_workbook(COMMITTED / f"{kind}.xlsx") for kind in KINDS}


# --- the committed files are what the code writes ----------------------------------------------


@pytest.mark.parametrize("kind", KINDS)
def test_committed_template_is_byte_for_byte_what_the_code_generates(
    kind: str, generated: dict[str, bytes]
) -> None:
    """workbook_templates/KIND.xlsx == template_bytes(KIND); if not, regenerate them."""
    committed = (COMMITTED / f"{kind}.xlsx").read_bytes()
    assert committed == generated[kind], (
        f"workbook_templates/{kind}.xlsx is stale: run {REGENERATE}"
    )


def test_templates_are_reproducible_in_another_process_and_time_zone(
    tmp_path: Path, generated: dict[str, bytes]
) -> None:
    """Other hash seeds and time zones give the same bytes: no set order or clock leaks in."""
    for seed, zone in (("1", "Pacific/Kiritimati"), ("4242", "America/Anchorage")):
        folder = tmp_path / seed
        folder.mkdir()
        env = {**os.environ, "PYTHONHASHSEED": seed, "TZ": zone}
        subprocess.run(
            [sys.executable, "-m", "ratingbook", "template", "all", "--out-dir", str(folder)],
            check=True,
            env=env,
            capture_output=True,
        )
        for kind in KINDS:
            assert (folder / f"{kind}.xlsx").read_bytes() == generated[kind], (seed, kind)


def test_the_package_has_fixed_dates_and_no_compression(generated: dict[str, bytes]) -> None:
    """Zip entries carry a fixed time, are stored (zlib-independent), and core.xml a fixed date."""
    import io
    import zipfile

    with zipfile.ZipFile(io.BytesIO(generated["ladder"])) as package:
        infos = package.infolist()
        core = package.read("docProps/core.xml").decode()
    assert {i.date_time for i in infos} == {(2024, 1, 1, 0, 0, 0)}
    assert {i.compress_type for i in infos} == {zipfile.ZIP_STORED}
    assert "<dcterms:modified" in core and "2024-01-01T00:00:00Z" in core
    assert core.count("2024-01-01T00:00:00Z") == 2  # created and modified


def test_check_mode_reports_a_stale_template(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`ratingbook template all --check --out-dir DIR` is 0 when up to date, 1 naming a stale
    file (and writes nothing)."""
    # The check compares each file with template_bytes(KIND): the same bytes on every call
    # (test_committed_template_is_byte_for_byte_what_the_code_generates, and in another
    # process test_templates_are_reproducible_...), so its three checks of the seven kinds
    # compare with the bytes built once for the run instead of building them three times.
    monkeypatch.setattr(writer, "template_bytes", built_template)
    assert templates.stale_templates(COMMITTED) == []
    for kind in KINDS:
        shutil.copy(COMMITTED / f"{kind}.xlsx", tmp_path / f"{kind}.xlsx")
    (tmp_path / "elo.xlsx").write_bytes(b"stale")
    assert templates.stale_templates(tmp_path) == [tmp_path / "elo.xlsx"]
    result = CliRunner().invoke(cli, ["template", "all", "--check", "--out-dir", str(tmp_path)])
    assert result.exit_code == 1
    assert result.output.splitlines() == [f"out of date: {tmp_path / 'elo.xlsx'}"]
    assert (tmp_path / "elo.xlsx").read_bytes() == b"stale"


# --- the template command ------------------------------------------------------------------------


@pytest.mark.parametrize("kind", KINDS)
def test_template_command_writes_the_committed_workbook(kind: str, tmp_path: Path) -> None:
    """`ratingbook template KIND -o PATH` writes exactly workbook_templates/KIND.xlsx."""
    target = tmp_path / "club book.xlsx"
    result = CliRunner().invoke(cli, ["template", kind, "-o", str(target)])
    assert result.exit_code == 0, result.output
    assert target.read_bytes() == (COMMITTED / f"{kind}.xlsx").read_bytes()
    assert str(target) in result.stdout


def test_template_command_offers_exactly_the_template_kinds() -> None:
    """The CLI offers templates.KINDS itself (looked up lazily, so it starts without openpyxl)."""
    assert templates.KINDS == KINDS
    result = CliRunner().invoke(cli, ["template", "--help"])
    assert result.exit_code == 0, result.output
    assert "{ladder|crikey|elo|swiss|roundrobin|team|ratinglist|all}" in result.output


def test_template_command_defaults_to_kind_xlsx_here(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without -o the workbook is ./KIND.xlsx; KIND is case-insensitive."""
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["template", "Swiss"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "swiss.xlsx").read_bytes() == (COMMITTED / "swiss.xlsx").read_bytes()


def test_template_command_never_replaces_a_file_without_force(tmp_path: Path) -> None:
    """An existing file: exit 2, one line naming it and --force, untouched; --force replaces."""
    target = tmp_path / "camp.xlsx"
    target.write_bytes(b"this week's real results")
    result = CliRunner().invoke(cli, ["template", "ladder", "-o", str(target)])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1
    assert "already exists" in result.stderr and "--force" in result.stderr
    assert str(target) in result.stderr
    assert target.read_bytes() == b"this week's real results"

    result = CliRunner().invoke(cli, ["template", "ladder", "-o", str(target), "--force"])
    assert result.exit_code == 0, result.output
    assert target.read_bytes() == (COMMITTED / "ladder.xlsx").read_bytes()


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["chess"], "'chess' is not one of"),
        (["elo", "-o", "{tmp}/elo.xls"], "use an .xlsx name"),
        (["elo", "-o", "{tmp}/elo.xlsm"], "use an .xlsx name"),
        (["elo", "-o", "{tmp}/no such folder/elo.xlsx"], "does not exist"),
        (["elo", "-o", "{tmp}/a folder.xlsx", "--force"], "it is a folder"),
    ],
)
def test_template_command_reports_bad_arguments_in_one_line(
    args: list[str], expected: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Unknown kind, non-.xlsx name, missing folder, a folder: exit 2, one line, nothing written."""
    (tmp_path / "a folder.xlsx").mkdir()
    argv = ["template", *(a.format(tmp=tmp_path) for a in args)]
    with pytest.raises(SystemExit) as caught:
        main(argv)  # the console entry point: usage errors are one line too
    out, err = capsys.readouterr()
    assert caught.value.code == 2
    assert out == ""
    assert err.startswith("ratingbook template: error: ")
    assert expected in err
    assert err.count("\n") == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a folder.xlsx"]


def test_write_template_refuses_an_existing_file_and_keeps_its_mode_when_told(
    tmp_path: Path,
) -> None:
    """The library call: no silent overwrite; overwrite=True keeps the file's permissions."""
    target = tmp_path / "elo.xlsx"
    target.write_bytes(b"mine")
    target.chmod(0o640)
    with pytest.raises(WorkbookError, match="already exists"):
        templates.write_template("elo", target)
    assert target.read_bytes() == b"mine"
    templates.write_template("elo", target, overwrite=True)
    assert target.read_bytes() == (COMMITTED / "elo.xlsx").read_bytes()
    assert target.stat().st_mode & 0o777 == 0o640
    with pytest.raises(WorkbookError, match="unknown template 'chess'"):
        templates.build_template("chess")


# --- recalculating a template ------------------------------------------------------------------


@pytest.mark.parametrize("kind", KINDS)
def test_recalculating_a_template_succeeds_and_changes_nothing(
    kind: str, tmp_path: Path, books: dict[str, Workbook]
) -> None:
    """`ratingbook recalc` on a template: exit 0, and every sheet holds the same values after."""
    source = tmp_path / f"{kind}.xlsx"
    shutil.copy(COMMITTED / f"{kind}.xlsx", source)
    out = tmp_path / "out.xlsx"
    result = CliRunner().invoke(cli, ["recalc", str(source), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("ok ")
    assert source.read_bytes() == (COMMITTED / f"{kind}.xlsx").read_bytes()
    before = all_values(books[kind])  # the committed file, which source still is
    after = {
        title: _without_trailing_empty_rows([tuple(r) for r in grid])
        for title, grid in book_grids(out).items()
    }
    # FIDE mode (#25): an event's first run starts its Event Log and its undo store (#33), and
    # nothing else changes.
    for started in ("Event Log", "Event State", "Event History"):
        after.pop(started, None)
    assert list(after) == list(before)
    assert after == before


def test_new_week_on_the_ladder_template_works_as_its_instructions_say(tmp_path: Path) -> None:
    """`ratingbook new-week`: StWkPerm <- Permanent Rating, games archived, Ladder Games empty."""
    source = tmp_path / "camp.xlsx"
    shutil.copy(COMMITTED / "ladder.xlsx", source)
    out = tmp_path / "next.xlsx"
    result = CliRunner().invoke(cli, ["new-week", str(source), "-o", str(out)])
    assert result.exit_code == 0, result.output
    before = openpyxl.load_workbook(source)
    after = openpyxl.load_workbook(out)
    old = {r["ID"]: r for r in records(before["Ladder Players"])}
    for player in records(after["Ladder Players"]):
        if player["Active"]:
            assert player["StWkPerm"] == old[player["ID"]]["Permanent Rating"]
            assert player["Permanent Rating"] == player["StWkPerm"]
    # The games are gone; the name columns keep their formulas for the new week's games.
    games = rows(after["Ladder Games"])
    assert games[0] == ("White", "Black", "Result", *schemas.NAME_COLUMNS)
    assert len(games) == 11
    for row in games[1:]:
        assert row[:3] == (None, None, None)
        assert all(str(v).startswith("=IF(LadderGames[[#This Row],") for v in row[3:])
    # The command raises the Week cell too (week 1 ended, week 2 is being played).
    assert rows(after[schemas.LADDER_SETTINGS.sheet])[1][:2] == ("Week", 2)
    weekly = records(after[schemas.WEEKLY_STANDINGS])
    assert len(weekly) == 7 and {r["Week"] for r in weekly} == {"Week 1"}
    archived = records(after[schemas.GAMES_ARCHIVE])
    assert len(archived) == 10 and {r["Week"] for r in archived} == {"Week 1"}
    assert len(after["Ladder Games"].tables) == 1


# --- native to Excel -----------------------------------------------------------------------------


@pytest.mark.parametrize("kind", KINDS)
def test_sheets_are_instructions_inputs_then_generated(
    kind: str, books: dict[str, Workbook]
) -> None:
    """Instructions first (and the sheet Excel opens on), then the inputs, then the outputs."""
    book = books[kind]
    expected = [
        writer.INSTRUCTIONS,
        *(spec.sheet for spec in INPUT_SHEETS[kind]),
        *GENERATED_SHEETS[kind],
        *VIEW_SHEETS.get(kind, ()),
        *ARCHIVE_SHEETS.get(kind, ()),
    ]
    assert book.sheetnames == expected
    assert book.active is not None and book.active.title == writer.INSTRUCTIONS


@pytest.mark.parametrize("kind", KINDS)
def test_every_input_sheet_is_an_excel_table_with_a_frozen_header(
    kind: str, books: dict[str, Workbook]
) -> None:
    """One styled Table per input sheet spanning the header and the sample rows, header frozen."""
    for spec in INPUT_SHEETS[kind]:
        ws = books[kind][spec.sheet]
        header = [c.value for c in ws[1] if c.value is not None]
        # The columns are those workbook.py reads, in its order (Elo Settings adds a note).
        assert header[: len(spec.columns)] == [c.name for c in spec.columns]
        assert len(ws.tables) == 1, spec.sheet
        table = next(iter(ws.tables.values()))
        # A table needs at least one data row (an empty Forbidden Pairs has an empty one).
        last = f"{ws.cell(row=1, column=len(header)).column_letter}{max(2, len(rows(ws)))}"
        assert table.ref == f"A1:{last}"
        assert [c.name for c in table.tableColumns] == header
        assert table.tableStyleInfo is not None and table.tableStyleInfo.name
        assert table.tableStyleInfo.showRowStripes
        assert ws.freeze_panes == "A2", spec.sheet
    for name in GENERATED_SHEETS[kind]:
        assert books[kind][name].freeze_panes == "A2"


@pytest.mark.parametrize("kind", KINDS)
def test_result_cells_have_a_dropdown_reaching_far_below_the_samples(
    kind: str, books: dict[str, Workbook]
) -> None:
    """A list validation on every row of each result column (and Active) below the header, to
    the sheet's last (a season's List Games outgrows a thousand rows), warning on others."""
    for sheet, header, choices in DROPDOWNS[kind]:
        ws = books[kind][sheet]
        letter = column_of(ws, header)
        found = [
            dv
            for dv in ws.data_validations.dataValidation
            if f"{letter}2:{letter}1048576" in str(dv.sqref).split()  # Excel's last row
        ]
        assert len(found) == 1, (sheet, header)
        dv = found[0]
        assert dv.type == "list"
        assert dv.formula1 == choices
        assert dv.showDropDown in (None, False)  # True would *hide* the arrow in Excel
        assert dv.allow_blank
        # Other accepted spellings, e.g. (1/2-1/2), may still be typed: a warning, not a stop.
        assert dv.errorStyle == "warning"
        assert dv.prompt


@pytest.mark.parametrize("kind", KINDS)
def test_rating_and_result_columns_carry_number_formats(
    kind: str, books: dict[str, Workbook]
) -> None:
    """Each sample cell and the column itself (for rows typed below) have the format."""
    for sheet, header, number_format in NUMBER_FORMATS[kind]:
        ws = books[kind][sheet]
        letter = column_of(ws, header)
        assert ws.column_dimensions[letter].number_format == number_format, (sheet, header)
        for r in range(2, len(rows(ws)) + 1):
            assert ws[f"{letter}{r}"].number_format == number_format, (sheet, header, r)
        assert (ws.column_dimensions[letter].width or 0) >= len(header)


@pytest.mark.parametrize("kind", KINDS)
def test_instructions_explain_every_sheet_and_how_to_recalculate(
    kind: str, books: dict[str, Workbook]
) -> None:
    """The Instructions name each sheet, the button, the command, and fit their column."""
    ws = books[kind][writer.INSTRUCTIONS]
    lines = [str(v) for (v,) in ws.iter_rows(max_col=1, values_only=True) if v is not None]
    text = "\n".join(lines)
    for name in books[kind].sheetnames[1:]:
        assert f"'{name}'" in text, name
    assert "Recalc Ratings" in text
    assert "ratingbook recalc" in text
    assert "rebuilt" in text
    width = ws.column_dimensions["A"].width
    assert all(len(line) <= width for line in lines)
    if kind == "ladder":
        assert "ratingbook new-week" in text and "StWkPerm" in text
        assert all(s in text for s in ("(1-0)", "(0-1)", "(½-½)", "(1/2-1/2)"))
    if kind == "crikey":
        assert "won, drew or lost" in text


def test_the_swiss_instructions_say_what_c042_says_of_the_start_numbers(
    books: dict[str, Workbook],
) -> None:
    """FIDE C.04.2 (2026) art. 2.3: "No modification of a TPN for this reason [a correction]
    is allowed after the fourth round has been paired"; art. 2.4-2.5: a late entry is "given an
    appropriate TPN", and "the TPNs given at the start of the tournament are provisional" until
    the list of participants is closed, no round named. The Instructions said "Once a player
    has been paired, that number stays" beside a late entry moving the players below down (user
    test 49): they now say when a typed number is refused and that a late entry moves the
    numbers in any round."""
    ws = books["swiss"][writer.INSTRUCTIONS]
    text = " ".join(str(v) for (v,) in ws.iter_rows(max_col=1, values_only=True) if v is not None)
    assert "that number stays" not in text
    assert "corrects it until round 4 is paired, never later" in text
    assert "takes its place in that order in any round, the players below moving down one" in text
    assert "(FIDE C.04.2 art. 2.3-2.5)" in text


# --- the sample data reproduces the seeds -----------------------------------------------------


def test_ladder_sample_follows_seed_001_worked_by_hand(books: dict[str, Workbook]) -> None:
    """Rating History rows worked by hand from seed 001's rule; the inactive player is untouched."""
    history = {r["Game"]: r for r in records(books["ladder"][schemas.RATING_HISTORY])}
    columns = (
        "White Rating Before",
        "White Rating After",
        "Black Rating Before",
        "Black Rating After",
        "White Permanent Before",
        "White Permanent After",
        "Black Permanent Before",
        "Black Permanent After",
    )

    def game(n: int) -> tuple[object, ...]:
        return tuple(history[n][c] for c in columns)

    # Game 1: Advanced 1200 beats Intermediate 1000: winner higher by 200 -> 16 - 8 = 8.
    # Permanent 1262 vs 1048: d = 214 -> 16 - 8 = 8.
    assert game(1) == (1200, 1208, 1000, 992, 1262, 1270, 1048, 1040)
    # Game 3, a draw, 1000 vs 800: the higher-rated gives 200 // 25 = 8; permanent 1003 vs 812:
    # d = 191 -> 7.
    assert game(3) == (1000, 992, 800, 808, 1003, 996, 812, 819)
    # Game 4: Zoe 800 beats Lucas 992 (after game 2): lower winner, d = 192 -> 16 + 7 = 23;
    # permanent 795 vs 983: d = 188 -> 23.
    assert game(4) == (800, 823, 992, 969, 795, 818, 983, 960)
    # Game 8: Sam 792 beats Tom 1208: d = 416 > 375 -> 31; permanent 803 vs 1223: d = 420 -> 31.
    assert game(8) == (792, 823, 1208, 1177, 803, 834, 1223, 1192)
    # Game 10: Maya 1208 beats Zoe 839: d = 369 <= 375 -> 16 - 14 = 2; permanent 1269 vs 834:
    # d = 435 > 375 -> 1.
    assert game(10) == (1208, 1210, 839, 837, 1269, 1270, 834, 833)

    players = {r["Name"]: r for r in records(books["ladder"]["Ladder Players"])}
    assert (players["Maya Okafor"]["Rating"], players["Maya Okafor"]["Permanent Rating"]) == (
        1210,
        1270,
    )
    oliver = players["Oliver Grant"]
    assert (oliver["Active"], oliver["Rating"], oliver["Permanent Rating"]) == (False, 806, 821)
    standings = records(books["ladder"][schemas.LADDER_STANDINGS])
    assert "Oliver Grant" not in {r["Name"] for r in standings}
    assert standings[0]["Name"] == "Maya Okafor" and standings[0]["Rank"] == 1
    results = {r["Result"] for r in records(books["ladder"]["Ladder Games"])}
    assert results == {"(1-0)", "(0-1)", "(½-½)"}


def test_crikey_sample_reproduces_seed_000_alice_and_bob(books: dict[str, Workbook]) -> None:
    """Game 1 is seed 000's tournament 1: alice 76.91, bob 76.36, lost 20 15 -> 74.19 / 79.08."""
    history = records(books["crikey"][schemas.CRIKEY_HISTORY])
    first = history[0]
    assert (first["White"], first["Black"], first["White Result"]) == ("Alice", "Bob", "lost")
    assert (first["White Before"], first["White After"]) == (76.91, 74.19)
    assert (first["Black Before"], first["Black After"]) == (76.36, 79.08)
    # Bob, lower-rated after White's +3.00, wins with fewer pieces: (1 + 0.36) x 2 = 2.72,
    # which White (Alice) loses: signed as White's gain, -2.72.
    assert first["Points Exchanged"] == -2.72
    # Game 2 by hand: Carol 78.40 + 3.00 vs Dave 72.05, gap 9.35, CE 0.94 (0.935 half-up);
    # the favourite wins with fewer pieces (18 < 25): (1 - 0.94) x 2 = 0.12.
    second = history[1]
    assert (second["White After"], second["Black After"], second["Points Exchanged"]) == (
        78.52,
        71.93,
        0.12,
    )
    results = {r["Result"] for r in records(books["crikey"]["Crikey Games"])}
    assert results == {"won", "drew", "lost"}


def test_elo_sample_plays_seed_003_series(books: dict[str, Workbook]) -> None:
    """K = 32; Ann (1613) and Ben (1609) play seed 003's six games and end 1558 and 1664."""
    settings = records(books["elo"]["Elo Settings"])
    assert settings[0]["Setting"] == "K" and settings[0]["Value"] == 32
    # seed 003's file.out, (RA, RB) after each game.
    expected = [(1597, 1625), (1598, 1624), (1599, 1623), (1584, 1638), (1570, 1652), (1558, 1664)]
    history = records(books["elo"][schemas.ELO_HISTORY])[:6]
    pairs = []
    for row in history:
        after = {row["White"]: row["White After"], row["Black"]: row["Black After"]}
        pairs.append((after["Ann"], after["Ben"]))
    assert pairs == expected
    standings = {r["Name"]: r for r in records(books["elo"][schemas.ELO_STANDINGS])}
    assert (standings["Ann"]["Rating"], standings["Ben"]["Rating"]) == (1558, 1664)
    assert (standings["Ann"]["Start Rating"], standings["Ben"]["Start Rating"]) == (1613, 1609)


def test_swiss_sample_keeps_seed_004_scores_with_the_dutch_pairings(
    books: dict[str, Workbook],
) -> None:
    """Seed 004's six players over three rounds paired by the Dutch system (C.04.3): seed
    004's scores, tie-breaks worked by hand from the sample's games."""
    # Games (White first): r1 Anna-Daniel 0-1, Erik-Bob 1-0, Charlotte-Femke 1-0; r2
    # Daniel-Charlotte 1-0, Femke-Erik ½-½, Bob-Anna 0-1; r3 Erik-Daniel 1-0,
    # Anna-Charlotte 0-1, Bob-Femke 1-0. Points: Erik 1+½+1 = 2.5, Daniel 1+1+0 = 2,
    # Charlotte 1+0+1 = 2, Anna 0+1+0 = 1, Bob 0+0+1 = 1, Femke 0+½+0 = 0.5.
    # Resistance (opponents' points): Erik B1+F0.5+D2 = 3.5; Daniel A1+C2+E2.5 = 5.5;
    # Charlotte F0.5+D2+A1 = 3.5; Anna D2+B1+C2 = 5; Bob E2.5+A1+F0.5 = 4; Femke C2+E2.5+B1 = 5.5.
    # Sonneborn-Berger (beaten opponents' points + half a drawn one's): Erik 1+0.25+2 = 3.25;
    # Daniel A1+C2 = 3; Charlotte F0.5+A1 = 1.5; Anna B1 = 1; Bob F0.5 = 0.5; Femke ½*E2.5 = 1.25.
    # Blacks: Erik r2 = 1; Daniel r1, r3 = 2; Charlotte r2, r3 = 2; Anna r2 = 1; Bob r1 = 1;
    # Femke r1, r3 = 2. Ties on points go by resistance: Daniel (5.5) before Charlotte (3.5),
    # Anna (5) before Bob (4).
    table = [
        (r["Rank"], r["Name"], r["Points"], r["Resistance"], r["Sonneborn-Berger"], r["Blacks"])
        for r in records(books["swiss"][schemas.SWISS_STANDINGS])
    ]
    assert table == [
        (1, "Erik", 2.5, 3.5, 3.25, 1),
        (2, "Daniel", 2.0, 5.5, 3.00, 2),
        (3, "Charlotte", 2.0, 3.5, 1.50, 2),
        (4, "Anna", 1.0, 5.0, 1.00, 1),
        (5, "Bob", 1.0, 4.0, 0.50, 1),
        (6, "Femke", 0.5, 5.5, 1.25, 2),
    ]
    games = records(books["swiss"]["Swiss Games"])
    assert [r["Round"] for r in games] == [1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4]
    # Rounds = 5 and round 3 complete: building the template paired round 4 (C.04.3, by
    # hand). Erik (2½) floats down and has met Daniel: Erik - Charlotte (2), Charlotte's
    # absolute preference for White (Black in rounds 2 and 3) granted. Daniel floats down and
    # has met Anna: Daniel - Bob (1), Bob's absolute preference for Black (White in rounds 2
    # and 3). Anna floats onto Femke (½): Anna (White, Black, White) wants Black, Femke
    # (Black, White, Black) White.
    round_4 = [(r["Board"], r["White"], r["Black"]) for r in games if r["Round"] == 4]
    assert round_4 == [(1, "Charlotte", "Erik"), (2, "Daniel", "Bob"), (3, "Femke", "Anna")]
    assert all(r["Result"] in (None, "") for r in games if r["Round"] == 4)


#: The templates whose sample has paired rounds: their pairings and colours are checked.
PAIRED_KINDS = tuple(
    kind
    for kind in KINDS
    if any(spec.sheet in ("Swiss Games", schemas.TEAM_MATCHES.sheet) for spec in INPUT_SHEETS[kind])
)


@pytest.mark.parametrize("kind", PAIRED_KINDS)
def test_check_finds_nothing_wrong_in_a_template_with_paired_rounds(kind: str) -> None:
    """An arbiter's first ``check`` on a fresh template finds nothing wrong: every paired
    round of the sample is what the pairing rules give (issue 34)."""
    assert PAIRED_KINDS == ("swiss", "roundrobin", "team")
    book = COMMITTED / f"{kind}.xlsx"
    result = CliRunner().invoke(cli, ["check", str(book)])
    assert result.output.splitlines()[-1] == f"{book}: clean", result.output
    assert result.exit_code == 0


# --- LibreOffice opens them ----------------------------------------------------------------------


@pytest.fixture(scope="module")
def libreoffice_copies(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Every template opened and saved again as .xlsx by the run's LibreOffice, in one go."""
    require_soffice()
    folder = tmp_path_factory.mktemp("libreoffice")
    out = folder / "out"
    sources = []
    for kind in KINDS:
        source = folder / f"{kind}.xlsx"
        shutil.copy(COMMITTED / f"{kind}.xlsx", source)
        sources.append(source)
    done = convert_all(sources, out, folder / "profile", "xlsx")
    if done.returncode != 0:
        pytest.fail(
            "LibreOffice failed: "
            + textwrap.shorten(done.stderr or done.stdout or "no output", 300)
        )
    yield out


# LibreOffice writes print areas of whole columns (Pairings!$B:$K); openpyxl, this test's reader,
# reads none and warns. ratingbook's own back ends keep them (test_openpyxl_print_areas.py).
@pytest.mark.filterwarnings("ignore:Print area cannot be set:UserWarning")
@pytest.mark.usefixtures("needs_soffice")
@pytest.mark.parametrize("kind", KINDS)
def test_libreoffice_opens_the_template_and_sees_its_values(
    kind: str, libreoffice_copies: Path, books: dict[str, Workbook]
) -> None:
    """LibreOffice reads every sheet, keeps the tables and dropdowns, and sees the same values."""
    copy = libreoffice_copies / f"{kind}.xlsx"
    assert copy.is_file(), f"LibreOffice wrote no {copy.name}"
    seen = openpyxl.load_workbook(copy, data_only=True)
    original = books[kind]
    assert seen.sheetnames == original.sheetnames
    names = (
        {r["ID"]: r["Name"] for r in records(original["Ladder Players"])}
        if kind == "ladder"
        else {}
    )
    for ws in original.worksheets:
        expected = rows(ws)
        if ws.title == "Ladder Games":
            # The name columns are formulas: LibreOffice computes each player's name.
            expected = [expected[0], *((*r[:3], names[r[0]], names[r[1]]) for r in expected[1:])]
        if ws.title == "Camper Chart":
            # Formulas: LibreOffice looks Maya (ID 1, the first of the Advanced block on row 82
            # of Ladder Progress) up: 1200, then 1208, 1208, 1210 after her three games (seed
            # 001's rule, worked in test_ladder_sample_follows_seed_001_worked_by_hand).
            computed = rows(seen[ws.title])
            assert computed[0][:2] == ("Camper", "Maya Okafor") and computed[1][:2] == ("Row", 82)
            # Labelled: the games and the week so far, none beyond (issue 34).
            assert computed[2][1:6] == ("Start", "1", "2", "3", None)
            assert computed[3][1:6] == (1200, 1208, 1208, 1210, "#N/A")
            assert computed[5][1:3] == ("Week 1", None)
            assert computed[6][1:3] == (1210, "#N/A")
            continue
        # LibreOffice stores 15 significant digits (Elo's expected scores).
        assert rounded(rows(seen[ws.title])) == rounded(expected), ws.title
    for spec in INPUT_SHEETS[kind]:
        assert len(seen[spec.sheet].tables) == 1, spec.sheet
    for sheet, _header, choices in DROPDOWNS[kind]:
        assert choices in {dv.formula1 for dv in seen[sheet].data_validations.dataValidation}


def test_the_template_book_is_a_file_book_that_saves_the_template_bytes(tmp_path: Path) -> None:
    """The in-memory template book saves like any file book: atomically, the template's bytes,
    losing nothing (no original file: ``uncarried`` is empty and in-place is never refused)."""
    book = templates.TemplateBook(templates.build_template("elo"))
    assert book.uncarried == []
    book.refuse_in_place()
    target = tmp_path / "elo.xlsx"
    target.write_bytes(b"an older file, replaced")
    book.save(target)
    assert target.read_bytes() == templates.template_bytes("elo")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["elo.xlsx"]  # no temporary left
    assert not isinstance(book, XlsxBook)  # it no longer fakes a loaded file


# --- nothing points outside the repository (issue 9) ---------------------------------------------


def test_readme_and_templates_never_point_outside_the_repository(
    books: dict[str, Workbook],
) -> None:
    """A clone has no ``../shared``: the README states the rules itself, and neither it nor a
    template's text refers to a path above the repository."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "../" not in readme and "shared/" not in readme
    assert "## The rules, as implemented" in readme
    for kind in KINDS:
        book = books[kind]  # the committed file, opened once for the module
        for ws in book.worksheets:
            for row in ws.iter_rows(values_only=True):
                for value in row:
                    assert not (isinstance(value, str) and ("../" in value or "shared/" in value))


def test_id_columns_are_centred_on_input_sheets_as_on_generated_ones() -> None:
    """Issue 34: on the printed Ladder Games, Black's right-aligned ID touched the result
    (``3│(1-0)``), while Ladder Standings centres its ID (docs: "ranks and codes centred")."""
    from ratingbook.templates import build_template

    wb = build_template("ladder", recalc=False)
    games = wb["Ladder Games"]
    assert [c.alignment.horizontal for c in games[2][:2]] == ["center", "center"]
    assert [c.alignment.horizontal for c in games[1][:2]] == ["center", "center"]  # headers
    players = wb["Ladder Players"]
    assert players["A1"].value == "ID" and players["A2"].alignment.horizontal == "center"


def test_active_prints_as_true_or_false() -> None:
    """Issue 34: LibreOffice printed Ladder Players' Active as 1 and 0 (the docs say TRUE)."""
    from ratingbook.templates import build_template

    ws = build_template("ladder", recalc=False)["Ladder Players"]
    active = [c.value for c in ws[1]].index("Active") + 1
    cell = ws.cell(row=2, column=active)
    assert cell.value is True
    # The format's three sections: positive, negative, zero (ECMA-376 part 1, 18.8.31).
    positive, negative, zero = cell.number_format.split(";")
    assert (positive, negative, zero) == ('"TRUE"', '"TRUE"', '"FALSE"')
