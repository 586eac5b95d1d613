"""``ratingbook season add``: real TRF files and a PGN fed into the rating list template.

The counts expected are read from the files here (a TRF's player records, round by round),
not from ratingbook's readers."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest
from tests.helpers.built_books import template_book
from tests.helpers.cli import run
from tests.helpers.workbooks import sheet_values

from ratingbook.templates import build_template

DATA = Path(__file__).resolve().parents[1] / "data"
MINOR = DATA / "trf" / "icu_bunratty-minor_2011.tab"
MASTERS = DATA / "trf" / "icu_kilkenny-masters_2011.tab"
PGN = DATA / "pgn" / "nepomniachtchi-liren_2023_game1.pgn"


def trf_games(path: Path) -> int:
    """The games a TRF's player records give (White's side of each, forfeits too; byes and
    rounds not played not): TRF16's round blocks, 10 characters each from column 92."""
    games = 0
    for line in path.read_text(encoding="utf-8-sig").splitlines():
        if not line.startswith("001"):
            continue
        for start in range(91, len(line), 10):
            block = line[start : start + 10]
            opponent, colour = block[:4].strip(), block[5:6]
            if opponent.isdigit() and int(opponent) and colour == "w":
                games += 1
    return games


def trf_byes(path: Path) -> int:
    """The byes a TRF's player records give: a round block inside the record with no opponent
    (a bye letter, a forfeit's ``0000 - +``, absent ``-``, or blank before a later round);
    blocks after a record's last round are rounds not paired, no bye."""
    byes = 0
    for line in path.read_text(encoding="utf-8-sig").splitlines():
        if not line.startswith("001"):
            continue
        blocks = [line[s : s + 10] for s in range(91, len(line), 10)]
        while blocks and not blocks[-1].strip():
            blocks.pop()
        byes += sum(1 for b in blocks if not (b[:4].strip().isdigit() and int(b[:4])))
    return byes


def rows(path: Path, sheet: str) -> list[tuple[object, ...]]:
    return [r for r in sheet_values(path, sheet) if any(v is not None for v in r)]


def test_two_trfs_and_a_pgn_go_in_and_the_same_trf_again_is_refused(tmp_path: Path) -> None:
    book = tmp_path / "club.xlsx"
    template_book(book, "ratinglist")
    games_before = len(rows(book, "List Games"))
    done = run("season", "add", book, MINOR, MASTERS, "--in-place")
    assert done.returncode == 0, done.stderr
    assert "added 'Kilkenny Masters'" in done.stdout
    assert "rating changed: " in done.stdout
    # every game and every bye is kept in List Games (byes never rated)
    added = trf_games(MINOR) + trf_games(MASTERS) + trf_byes(MINOR) + trf_byes(MASTERS)
    assert len(rows(book, "List Games")) == games_before + added
    events = rows(book, "List Events")[1:]
    assert [e[1] for e in events] == ["TRF", "TRF"]
    assert [e[2] for e in events] == [MINOR.name, MASTERS.name]
    assert all(len(str(e[5])) == 64 for e in events)  # the fingerprint, a SHA-256
    # the IDs a file gives are kept, so the next file knows the player by them (this ICU
    # file writes its own numbers in the TRF's FIDE ID field: "7685" on Jones's line); the
    # list writes him given name first
    players = rows(book, "List Players")
    header = players[0]
    jones = next(p for p in players if p[header.index("Name")] == "Gawain C. Jones")
    assert jones[header.index("FIDE ID")] == 7685

    same = book.read_bytes()
    again = run("season", "add", book, MASTERS, "--in-place")
    assert again.returncode == 2
    assert "'Kilkenny Masters' is already in the season" in again.stderr
    assert book.read_bytes() == same  # nothing written

    pgn = run("season", "add", book, PGN, "-o", tmp_path / "with-pgn.xlsx")
    assert pgn.returncode == 0, pgn.stderr
    assert "new players: Ian Nepomniachtchi" in pgn.stdout
    assert len(rows(tmp_path / "with-pgn.xlsx", "List Games")) == games_before + added + 1

    recalc = run("recalc", tmp_path / "with-pgn.xlsx", "--in-place")
    assert recalc.returncode == 0, recalc.stderr
    listed = rows(tmp_path / "with-pgn.xlsx", "Season List")
    assert len(listed) - 1 == len(rows(tmp_path / "with-pgn.xlsx", "List Players")) - 1


def test_undo_takes_an_addition_back(tmp_path: Path) -> None:
    book = tmp_path / "club.xlsx"
    template_book(book, "ratinglist")
    before = rows(book, "List Games")
    assert run("season", "add", book, MASTERS, "--in-place").returncode == 0
    kept = run("history", book)
    assert "done    Events added: Kilkenny Masters" in kept.stdout, kept.stderr
    undone = run("undo", book)
    assert undone.returncode == 0, undone.stderr
    assert "undone: Events added: Kilkenny Masters" in undone.stdout
    assert rows(book, "List Games") == before
    assert len(rows(book, "List Events")) == 1  # its header alone


KARL_MALA = DATA / "trf" / "karl-mala-gedenkturnier_2005_frankfurt.trf"
MAJOR = DATA / "trf" / "icu_bunratty-major_2011.tab"


def test_what_season_add_prints_names_only_the_lists_sheets(tmp_path: Path) -> None:
    """The TRF import's advice for a Swiss book ("change Rounds in Swiss Settings", "clear
    Withdrawn in Swiss Players") is no step a rating list's officer can take: no line names a
    sheet the list has not. Karl-Mala's notes on running the event, counted by hand in the
    file: no 142, XXR or 132 record (the rounds: 1), seven players with no entry from some
    round to round 7 (lines 26, 40, 134, 139, 169, 192, 193: read as withdrawals), one with
    no entry in round 1 only (line 289): 9, said in one line naming the file."""
    book = tmp_path / "club.xlsx"
    template_book(book, "ratinglist")
    done = run("season", "add", book, KARL_MALA, MAJOR, PGN, "--in-place")
    assert done.returncode == 0, done.stderr
    printed = done.stdout + done.stderr
    lists = set(openpyxl.load_workbook(book).sheetnames)
    others = set(build_template("swiss").sheetnames) - lists
    assert others, "the Swiss book's own sheets"
    for line in printed.splitlines():
        assert not [s for s in others if s in line], line
    assert "Withdrawn" not in printed
    assert (
        f"file {KARL_MALA.name!r}: 9 notes on running the event itself (its rounds, "
        "withdrawals and absences, pairing settings, dates or log) left out" in printed
    )
    # what the list keeps is still said: the dummy bye player, the byes read from the totals
    assert f"file {KARL_MALA.name!r}, line 297: player 284 'spielfrei' is the bye" in printed
    assert f"file {MAJOR.name!r}, line 14: round 2: the bye of 'Clancy, Dan'" in printed


def _cells(path: Path) -> dict[str, object]:
    """Every sheet of the book, cell for cell over its used range, with its size, its tables'
    ranges and its rows' heights: a blank row left in a table shows in each. ``Event
    History`` is left out: the hidden journal of acts, which keeps an undone act for redo."""
    book = openpyxl.load_workbook(path)
    return {
        ws.title: (
            ws.dimensions,
            {t.name: t.ref for t in ws.tables.values()},
            {n: d.height for n, d in ws.row_dimensions.items() if d.height},
            [list(r) for r in ws.iter_rows(values_only=True)],
        )
        for ws in book.worksheets
        if ws.title != "Event History"
    }


def test_undo_right_after_an_addition_gives_the_book_back_cell_for_cell(tmp_path: Path) -> None:
    """Kilkenny (Nov 2011) in the list; then Bunratty Minor (Feb 2011, a late event: the list
    is re-rated from its month, List History and Rating Changes rebuilt longer) added and
    undone: List Players, List Games, List Events, Event Ranks and the history sheets are the
    book before the addition, with no row left over."""
    book = tmp_path / "club.xlsx"
    template_book(book, "ratinglist")
    assert run("season", "add", book, MASTERS, "--in-place").returncode == 0
    before = _cells(book)
    players = len(rows(book, "List Players"))
    added = run("season", "add", book, MINOR, "--in-place")
    assert added.returncode == 0, added.stderr
    assert "a late event" in added.stdout
    assert len(rows(book, "List Players")) > players
    undone = run("undo", book)
    assert undone.returncode == 0, undone.stderr
    after = _cells(book)
    assert after.keys() == before.keys()
    for sheet, was in before.items():
        assert after[sheet] == was, sheet


def test_redo_after_undo_gives_the_addition_back_cell_for_cell_row_heights_too(
    tmp_path: Path,
) -> None:
    """The user test: an addition undone and redone lost its rows' heights on Event Ranks,
    List Events and List Games (30 points where a name or fingerprint wraps to two lines), so
    the printout overlapped. After the redo every sheet is the book the addition itself wrote:
    its values, tables and rows' heights."""
    book = tmp_path / "club.xlsx"
    template_book(book, "ratinglist")
    assert run("season", "add", book, MASTERS, "--in-place").returncode == 0
    added = _cells(book)
    tall = {s for s in ("List Games", "List Events", "Event Ranks") if added[s][2]}
    assert tall == {"List Games", "List Events", "Event Ranks"}  # the rows the act gave heights
    assert run("undo", book).returncode == 0
    redone = run("redo", book)
    assert redone.returncode == 0, redone.stderr
    after = _cells(book)
    assert after.keys() == added.keys()
    for sheet, was in added.items():
        assert after[sheet] == was, sheet


def _heights(path: Path) -> dict[str, dict[int, float]]:
    """Each sheet's rows of a height of their own, in points, as openpyxl reads the file."""
    book = openpyxl.load_workbook(path)
    return {
        ws.title: {n: d.height for n, d in ws.row_dimensions.items() if d.height is not None}
        for ws in book.worksheets
        if ws.title != "Event History"
    }


@pytest.mark.parametrize("backend", ["package", "openpyxl"])
def test_undo_gives_back_the_heights_the_rows_had_before_the_addition(
    tmp_path: Path, backend: str
) -> None:
    """The user test: an addition written into rows that were there before it (List Games'
    two rows below the games, sized 45 points by the officer for the next games; List Events'
    empty first row, 33 points), each made as tall as its text (15 or 30), then undone: the
    rows kept the addition's heights (``--backend openpyxl`` kept them on every row it had
    added, too). After the undo every row is as tall as before the addition, and every other
    row has no height of its own, as before; the values are the book's before it."""
    book = tmp_path / "club.xlsx"
    template_book(book, "ratinglist")
    wb = openpyxl.load_workbook(book)
    games, events = wb["List Games"], wb["List Events"]
    assert games.max_row == 21 and events.cell(2, 1).value is None  # 20 games; no event yet
    games.row_dimensions[22].height = games.row_dimensions[23].height = 45
    events.row_dimensions[2].height = 33
    wb.save(book)
    before, values = _heights(book), {s: rows(book, s) for s in ("List Games", "List Events")}
    assert before["List Games"] == {1: 30, 22: 45, 23: 45}
    assert before["List Events"] == {2: 33}
    assert run("season", "add", book, MASTERS, "--in-place", "--backend", backend).returncode == 0
    added = _heights(book)
    assert added["List Games"][22] in (15, 30) and added["List Games"][23] in (15, 30)
    assert added["List Events"][2] == 30  # the fingerprint's 64 digits on two lines
    undone = run("undo", book, "--backend", backend)
    assert undone.returncode == 0, undone.stderr
    assert _heights(book) == before
    assert {s: rows(book, s) for s in values} == values


JUNI = DATA / "trf" / "lichess_2020-06-26_juni-blitz.trf"


def test_a_list_of_an_older_template_is_widened_for_the_rows_it_is_given(tmp_path: Path) -> None:
    """A list made before List Games' event name was 22 units wide (15, as stop 43's template
    made it): the rows added are one line tall for ``Juni Blitzschach 5 Plus 0`` (25 letters,
    19.75 units of text_widths' table), so the column is widened to hold it on one line; a
    column wider than needed keeps its width (White, made 30 here)."""
    book = tmp_path / "club.xlsx"
    template_book(book, "ratinglist")
    wb = openpyxl.load_workbook(book)
    wb["List Games"].column_dimensions["B"].width = 15
    wb["List Games"].column_dimensions["D"].width = 30
    wb.save(book)
    assert run("season", "add", book, JUNI, "--in-place").returncode == 0
    ws = openpyxl.load_workbook(book)["List Games"]
    assert ws.cell(1, 2).value == "Event Name" and ws.cell(1, 4).value == "White"
    assert ws.column_dimensions["B"].width >= 19.75 + 0.5  # and half a digit of padding
    assert ws.column_dimensions["D"].width == 30
    last = ws.max_row
    assert ws.cell(last, 2).value == "Juni Blitzschach 5 Plus 0"
    assert ws.row_dimensions[last].height == 15  # one line


def test_name_names_the_event_and_explain_on_the_list_says_where_changes_are_explained(
    tmp_path: Path,
) -> None:
    book = tmp_path / "club.xlsx"
    template_book(book, "ratinglist")
    named = run("season", "add", book, MINOR, "--name", "Bunratty Minor 2011", "--in-place")
    assert named.returncode == 0, named.stderr
    assert "added 'Bunratty Minor 2011' (" in named.stdout
    assert rows(book, "List Events")[-1][0] == "Bunratty Minor 2011"
    explained = run("explain", book)
    assert explained.returncode == 2
    assert "no sheet 'Swiss" not in explained.stderr
    assert "the book is a season's rating list, not an event's book" in explained.stderr
    assert "'Rating Changes' sheet" in explained.stderr


#: A two-player event: TRF spells sex ``m`` and ``w`` (TRF-2026's 001: sex in column 10, name
#: 15-47, rating 49-52, points 81-84, rank 86-89, round 1 from column 92).
_SEXES_TRF = "012 Sex Test Open\n042 2025/10/04\n" + "".join(
    f"001 {number:>4} {sex}    {name:<33} {rating:>4} IRL {'':>11} {'':>10} {points:>4} {number:>4}"
    f"  {opponent:>4} {colour} {result}\n"
    for number, sex, name, rating, points, opponent, colour, result in (
        (1, "w", "Ada Quill", 1800, "1.0", 2, "w", "1"),
        (2, "m", "Bo Reed", 1700, "0.0", 1, "b", "0"),
    )
)


def test_season_add_spells_sex_as_the_swiss_sheets_do(tmp_path: Path) -> None:
    """A user test: List Players got ``W`` from season add where Swiss Players (the template's
    dropdown, a TRF import, players update) spell a woman ``F``."""
    book, trf = tmp_path / "club.xlsx", tmp_path / "sexes.trf"
    trf.write_text(_SEXES_TRF, encoding="utf-8")
    template_book(book, "ratinglist")
    done = run("season", "add", book, trf, "--in-place")
    assert done.returncode == 0, done.stderr
    players = rows(book, "List Players")
    header = players[0]
    sexes = {p[header.index("Name")]: p[header.index("Sex")] for p in players[1:]}
    assert (sexes["Ada Quill"], sexes["Bo Reed"]) == ("F", "M")
    # the template's own sample spells them so too
    assert {v for v in sexes.values() if v is not None} == {"F", "M"}
