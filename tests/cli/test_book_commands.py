"""``ratingbook recalc`` and ``ratingbook new-week`` on workbook files, end to end (issue 3).

Most tests run the command's ``main`` in the test process (``run``: no Python start-up per call; the
books still run in forked children as in the real command) and check exit status, standard output
and error and the files; a traceback fails the test. A few run the installed console script as a
real process (``run_process``): bare ``ratingbook``, a bad book refused, several books with
``--jobs``, the progress bar on a terminal and the start-up imports. Expected ratings are the
hand-worked week of tests/workbook/test_workbook.py (seed 001's rule, arithmetic in the comments
there).
"""

from __future__ import annotations

import datetime as dt
import os
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Callable, Sequence
from pathlib import Path

import openpyxl
import pytest
from tests.helpers.cli import (
    SCRIPT,
    assert_no_traceback,
    digest,
    ratings,
    run,
    run_in_process,
    run_process,
)
from tests.helpers.workbooks import (
    CAMP_GROUPS,
    HAND_RATINGS,
    LADDER_GAMES,
    LADDER_PLAYERS,
    Error,
    Formula,
    all_values,
    folder_listing,
    inject_part,
    ladder_sheets,
    make_book,
    records,
    save_book,
    sheet_rows,
    write_grid,
    zip_member,
)

START_RATINGS = {1: (0, 0), 2: (0, 0), 3: (0, 0), 4: (1333, 1444), 5: (0, 0)}


@pytest.fixture
def book(tmp_path: Path) -> Path:
    return save_book(make_book(ladder_sheets()), tmp_path / "camp.xlsx")


# --- where the result goes ------------------------------------------------------------------------


def test_recalc_writes_name_recalculated_beside_the_input_and_never_touches_the_input(
    book: Path,
) -> None:
    before = digest(book)
    result = run("recalc", book)
    assert result.returncode == 0, result.stderr
    out = book.with_name("camp-recalculated.xlsx")
    assert ratings(out) == HAND_RATINGS
    assert digest(book) == before
    assert folder_listing(book.parent) == ["camp-recalculated.xlsx", "camp.xlsx"]
    assert result.stdout.startswith("ok ") and "camp-recalculated.xlsx" in result.stdout
    assert result.stderr == ""


def test_recalc_again_replaces_its_own_default_output_and_says_so(book: Path) -> None:
    """The default NAME-recalculated.xlsx is ratingbook's own file: a second run replaces it,
    and the book's line says so (user test 48: it was replaced silently); the first run's
    line, with nothing to replace, says nothing of the kind."""
    out = book.with_name("camp-recalculated.xlsx")
    first = run("recalc", book)
    assert first.returncode == 0, first.stderr
    assert first.stdout.startswith(f"ok     {book} -> {out} (")
    out.write_bytes(b"left over")
    again = run("recalc", book)
    assert again.returncode == 0, again.stderr
    assert again.stdout.startswith(f"ok     {book} -> {out}, replacing the earlier file (")
    assert ratings(out) == HAND_RATINGS


def test_recalc_output_option_writes_exactly_that_file(book: Path, tmp_path: Path) -> None:
    before = digest(book)
    out = tmp_path / "sub" / "result.xlsx"
    out.parent.mkdir()
    result = run("recalc", book, "-o", out)
    assert result.returncode == 0, result.stderr
    assert ratings(out) == HAND_RATINGS
    assert digest(book) == before
    assert folder_listing(out.parent) == ["result.xlsx"]


def test_new_output_files_get_ordinary_permissions_not_owner_only(book: Path) -> None:
    umask = os.umask(0o022)
    os.umask(umask)
    result = run("recalc", book)
    assert result.returncode == 0, result.stderr
    mode = book.with_name("camp-recalculated.xlsx").stat().st_mode & 0o777
    assert mode == 0o666 & ~umask


def test_recalc_out_dir_writes_each_book_under_its_own_name(tmp_path: Path) -> None:
    books = [
        save_book(make_book(ladder_sheets()), tmp_path / name) for name in ("a.xlsx", "b.xlsx")
    ]
    out_dir = tmp_path / "done"
    out_dir.mkdir()
    result = run("recalc", *books, "--out-dir", out_dir)
    assert result.returncode == 0, result.stderr
    assert folder_listing(out_dir) == ["a.xlsx", "b.xlsx"]
    for name in ("a.xlsx", "b.xlsx"):
        assert ratings(out_dir / name) == HAND_RATINGS
    assert "2 of 2 workbooks done" in result.stdout


def test_in_place_replaces_the_file_with_the_recalculated_book_and_leaves_no_temporaries(
    book: Path,
) -> None:
    os.chmod(book, 0o640)
    result = run("recalc", book, "--in-place")
    assert result.returncode == 0, result.stderr
    assert ratings(book) == HAND_RATINGS
    assert folder_listing(book.parent) == ["camp.xlsx"]
    assert book.stat().st_mode & 0o777 == 0o640  # the file keeps its permissions
    assert "in place" in result.stdout


def test_in_place_with_bad_input_leaves_the_file_byte_identical(tmp_path: Path) -> None:
    games = [*LADDER_GAMES, [1, 2, "(1-O)"]]
    bad = save_book(make_book(ladder_sheets(games=games)), tmp_path / "camp.xlsx")
    before = digest(bad)
    result = run("recalc", bad, "--in-place")
    assert result.returncode != 0
    assert_no_traceback(result)
    assert digest(bad) == before
    assert folder_listing(tmp_path) == ["camp.xlsx"]


def test_in_place_failing_while_saving_leaves_the_file_and_folder_as_they_were(
    book: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The disk fills up half-way through writing: the original stays, the temporary goes."""
    from openpyxl.workbook.workbook import Workbook

    from ratingbook import cli

    def half_save(self: Workbook, filename: str) -> None:
        Path(filename).write_bytes(b"PK\x03\x04 half a workbook")
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Workbook, "save", half_save)
    before = digest(book)
    with pytest.raises(SystemExit) as exit_info:
        cli.main(["recalc", str(book), "--in-place", "--engine", "openpyxl"])
    assert exit_info.value.code != 0
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "No space left on device" in err
    assert digest(book) == before
    assert folder_listing(book.parent) == ["camp.xlsx"]


def test_output_that_is_a_folder_is_a_clear_error(book: Path, tmp_path: Path) -> None:
    (tmp_path / "taken.xlsx").mkdir()
    result = run("recalc", book, "-o", tmp_path / "taken.xlsx")
    assert result.returncode != 0
    assert_no_traceback(result)
    assert result.stderr.count("\n") == 1 and "taken.xlsx" in result.stderr


@pytest.mark.parametrize(
    "args, message",
    [
        (["-o", "x.xlsx", "--in-place"], "choose one of"),
        (["--out-dir", "camp.xlsx"], "is a file, not a folder"),
        (["-o", "camp.xlsx"], "is the input itself"),
    ],
)
def test_conflicting_or_impossible_output_options_are_one_line_errors(
    book: Path, args: list[str], message: str
) -> None:
    before = digest(book)
    result = run("recalc", "camp.xlsx", *args, cwd=book.parent)
    assert result.returncode != 0
    assert_no_traceback(result)
    assert result.stderr.count("\n") == 1 and message in result.stderr
    assert digest(book) == before
    assert folder_listing(book.parent) == ["camp.xlsx"]


def test_out_dir_is_created_when_missing(book: Path, tmp_path: Path) -> None:
    out_dir = tmp_path / "done" / "week 1"
    result = run("recalc", book, "--out-dir", out_dir)
    assert result.returncode == 0, result.stderr
    assert folder_listing(out_dir) == ["camp.xlsx"]
    assert ratings(out_dir / "camp.xlsx") == HAND_RATINGS


@pytest.mark.parametrize("command", ["recalc", "new-week"])
def test_output_option_never_replaces_an_existing_file_without_force(
    book: Path, tmp_path: Path, command: str
) -> None:
    """Like ``template``: -o onto an existing file is refused unless --force is given."""
    out = tmp_path / "keep.xlsx"
    out.write_bytes(b"someone's own file")
    before = digest(book)
    result = run(command, book, "-o", out)
    assert result.returncode == 2
    assert_no_traceback(result)
    assert result.stderr.splitlines() == [
        f"ratingbook {command}: error: {str(out)!r} already exists; use --force to replace it"
    ]
    assert out.read_bytes() == b"someone's own file"
    result = run(command, book, "-o", out, "--force")
    assert result.returncode == 0, result.stderr
    assert {r["ID"] for r in records(out, "Ladder Players")} == set(HAND_RATINGS)
    assert digest(book) == before


def test_bare_ratingbook_prints_its_help_and_succeeds() -> None:
    result = run_process()
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout.startswith("Usage: ratingbook ")
    for command in ("recalc", "new-week", "template", "crikey", "elo-series", "swiss"):
        assert f"\n  {command} " in result.stdout


@pytest.mark.parametrize("command", ["recalc", "new-week", "template"])
def test_output_option_is_shown_as_a_path(command: str) -> None:
    result = run(command, "--help")
    assert result.returncode == 0
    assert "-o, --output PATH" in result.stdout


@pytest.mark.parametrize(
    "command, words",
    [
        # What an organiser needs to type the input, in the seeds' own terms.
        ("crikey", ["how many tournaments follow", "won, drew or lost", "pieces"]),
        ("elo-series", ["K", "starting ratings", "1 a win, 0.5 a draw, 0 a loss"]),
        ("elo-tournament", ["1200", "4 3 0 prints 1191 1189 1191 1229"]),
        ("swiss", ["one per line", "an empty line", "White's points, Black's points"]),
    ],
)
def test_each_seed_format_is_described_in_its_help(command: str, words: list[str]) -> None:
    result = run(command, "--help")
    assert result.returncode == 0
    text = " ".join(result.stdout.split())
    for phrase in words:
        assert phrase in text, phrase


def test_the_elo_tournament_example_in_the_help_is_true() -> None:
    """seed 002: "Example input data: 4 3 0 answer: 1191 1189 1191 1229"."""
    assert run("elo-tournament", 4, 3, 0).stdout == "1191 1189 1191 1229\n"


def test_output_option_with_several_books_is_refused(tmp_path: Path) -> None:
    books = [save_book(make_book(ladder_sheets()), tmp_path / n) for n in ("a.xlsx", "b.xlsx")]
    result = run("recalc", *books, "-o", tmp_path / "out.xlsx")
    assert result.returncode != 0
    assert_no_traceback(result)
    assert "--out-dir" in result.stderr
    assert folder_listing(tmp_path) == ["a.xlsx", "b.xlsx"]


def test_two_books_that_would_be_written_to_one_file_are_refused_before_anything_runs(
    tmp_path: Path,
) -> None:
    """Same name in two folders with --out-dir: the second result would replace the first."""
    first, second = tmp_path / "week1", tmp_path / "week2"
    first.mkdir(), second.mkdir()
    books = [save_book(make_book(ladder_sheets()), d / "camp.xlsx") for d in (first, second)]
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    result = run("recalc", *books, "--out-dir", out_dir)
    assert result.returncode == 2
    assert_no_traceback(result)
    assert result.stderr.count("\n") == 1 and "both be written to" in result.stderr
    assert folder_listing(out_dir) == []


@pytest.mark.parametrize("mode", [[], ["--in-place"]])
def test_the_same_book_given_twice_is_refused(book: Path, mode: list[str]) -> None:
    before = digest(book)
    result = run("recalc", "camp.xlsx", "./camp.xlsx", *mode, cwd=book.parent)
    assert result.returncode == 2
    assert_no_traceback(result)
    assert "given twice" in result.stderr
    assert digest(book) == before
    assert folder_listing(book.parent) == ["camp.xlsx"]


@pytest.mark.skipif(sys.platform == "win32", reason="symbolic links need privileges on Windows")
def test_in_place_through_a_symbolic_link_updates_the_linked_file(
    book: Path, tmp_path: Path
) -> None:
    link_dir = tmp_path / "links"
    link_dir.mkdir()
    link = link_dir / "camp.xlsx"
    link.symlink_to(book)
    result = run("recalc", link, "--in-place")
    assert result.returncode == 0, result.stderr
    assert link.is_symlink()
    assert ratings(book) == HAND_RATINGS
    assert folder_listing(link_dir) == ["camp.xlsx"]
    assert folder_listing(book.parent) == ["camp.xlsx", "links"]


# --- macros and parts openpyxl cannot carry -------------------------------------------------------


def _quickstart_xlsm() -> Path:
    import xlwings

    path = Path(xlwings.__file__).parent / "quickstart.xlsm"
    if not path.exists():  # pragma: no cover - depends on the xlwings wheel
        pytest.skip(f"xlwings ships no quickstart.xlsm in {path.parent}")
    return path


@pytest.fixture
def macro_book(tmp_path: Path) -> Path:
    """xlwings' real macro workbook with the ladder sheets added (openpyxl, keep_vba=True)."""
    wb = openpyxl.load_workbook(_quickstart_xlsm(), keep_vba=True)
    for name, grid in ladder_sheets().items():
        write_grid(wb.create_sheet(name), grid)
    path = tmp_path / "camp.xlsm"
    wb.save(path)
    return path


def test_xlsm_keeps_its_vba_project_byte_for_byte(macro_book: Path, tmp_path: Path) -> None:
    original = zip_member(_quickstart_xlsm(), "xl/vbaProject.bin")
    assert zip_member(macro_book, "xl/vbaProject.bin") == original
    out = tmp_path / "out.xlsm"
    result = run("recalc", macro_book, "-o", out)
    assert result.returncode == 0, result.stderr
    assert zip_member(out, "xl/vbaProject.bin") == original
    content_types = zip_member(out, "[Content_Types].xml").decode()
    assert "application/vnd.ms-excel.sheet.macroEnabled.main+xml" in content_types
    assert ratings(out) == HAND_RATINGS


def test_xlsm_default_output_and_in_place_stay_macro_workbooks(macro_book: Path) -> None:
    original = zip_member(_quickstart_xlsm(), "xl/vbaProject.bin")
    result = run("recalc", macro_book)
    assert result.returncode == 0, result.stderr
    beside = macro_book.with_name("camp-recalculated.xlsm")
    assert zip_member(beside, "xl/vbaProject.bin") == original
    result = run("recalc", macro_book, "--in-place")
    assert result.returncode == 0, result.stderr
    assert zip_member(macro_book, "xl/vbaProject.bin") == original
    assert ratings(macro_book) == HAND_RATINGS
    result = run("new-week", macro_book, "--in-place")
    assert result.returncode == 0, result.stderr
    assert zip_member(macro_book, "xl/vbaProject.bin") == original
    assert "Games Archive" in openpyxl.load_workbook(macro_book, keep_vba=True).sheetnames


def test_xlsm_saved_as_xlsx_is_refused_rather_than_dropping_macros(
    macro_book: Path, tmp_path: Path
) -> None:
    result = run("recalc", macro_book, "-o", tmp_path / "out.xlsx")
    assert result.returncode != 0
    assert_no_traceback(result)
    assert "macro" in result.stderr and result.stderr.count("\n") == 1
    assert not (tmp_path / "out.xlsx").exists()


PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d49444154789c63000100000500010d0a2db40000000049454e44ae426082"
)
CHART = b'<?xml version="1.0"?><c:chartSpace xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart"/>'


# An image part no picture uses (a page header's) is lost by openpyxl and named; a chart part
# nothing draws shows nowhere, so its loss is not one (tests/files/test_openpyxl_drawings.py
# has the charts openpyxl keeps, and the one it cannot read and names).
@pytest.mark.parametrize("part, data, what", [("xl/media/image1.png", PNG, "images")])
def test_book_with_parts_openpyxl_drops_refuses_in_place_and_stays_unchanged(
    book: Path, part: str, data: bytes, what: str
) -> None:
    inject_part(book, part, data)
    before = digest(book)
    result = run("recalc", book, "--in-place", "--engine", "openpyxl")
    assert result.returncode != 0
    assert_no_traceback(result)
    assert result.stderr.count("\n") == 1
    assert what in result.stderr and "--in-place" in result.stderr and "camp.xlsx" in result.stderr
    assert digest(book) == before
    assert folder_listing(book.parent) == ["camp.xlsx"]


def test_book_with_parts_openpyxl_drops_can_still_be_written_to_a_copy_with_a_warning(
    book: Path, tmp_path: Path
) -> None:
    inject_part(book, "xl/media/image1.png", PNG)
    before = digest(book)
    out = tmp_path / "copy.xlsx"
    result = run("recalc", book, "-o", out, "--engine", "openpyxl")
    assert result.returncode == 0, result.stderr
    assert "warning" in result.stderr and "images" in result.stderr
    assert ratings(out) == HAND_RATINGS
    assert digest(book) == before


@pytest.mark.parametrize(
    "part, data",
    [("xl/media/image1.png", PNG), ("xl/charts/chart1.xml", CHART)],
)
def test_default_engine_recalculates_in_place_and_keeps_parts_openpyxl_would_drop(
    book: Path, part: str, data: bytes
) -> None:
    """The default (package) engine patches the file, so images and charts survive --in-place."""
    inject_part(book, part, data)
    result = run("recalc", book, "--in-place")
    assert result.returncode == 0, result.stderr
    assert "warning" not in result.stderr
    assert ratings(book) == HAND_RATINGS
    with zipfile.ZipFile(book) as package:
        assert package.read(part) == data
    assert folder_listing(book.parent) == ["camp.xlsx"]


# --- several books --------------------------------------------------------------------------------


def _three_books(tmp_path: Path, bad: int | None = None) -> list[Path]:
    paths = []
    for n in range(3):
        games = [*LADDER_GAMES, [1, 1, "(1-0)"]] if n == bad else LADDER_GAMES
        paths.append(save_book(make_book(ladder_sheets(games=games)), tmp_path / f"b{n}.xlsx"))
    return paths


def test_a_folder_stands_for_its_workbooks_and_rerunning_does_not_snowball(
    tmp_path: Path,
) -> None:
    """recalc FOLDER takes every .xlsx in it, not Excel's ~$ lock files nor our own outputs."""
    books = _three_books(tmp_path)
    (tmp_path / "~$b0.xlsx").write_bytes(b"lock")
    (tmp_path / "notes.txt").write_text("not a workbook")
    for _ in range(2):
        result = run("recalc", tmp_path)
        assert result.returncode == 0, result.stderr
        assert result.stdout.count("ok ") == 3
    outputs = sorted(p.name for p in tmp_path.glob("*-recalculated.xlsx"))
    assert outputs == [f"{b.stem}-recalculated.xlsx" for b in books]
    assert all(ratings(tmp_path / name) == HAND_RATINGS for name in outputs)


def test_a_folder_without_workbooks_is_one_clear_line(tmp_path: Path) -> None:
    result = run("recalc", tmp_path)
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "holds no .xlsx" in result.stderr


@pytest.mark.parametrize("jobs", ["1", pytest.param("2", marks=pytest.mark.two_processes)])
def test_several_books_all_complete_with_jobs(tmp_path: Path, jobs: str) -> None:
    books = _three_books(tmp_path)
    result = run_process("recalc", *books, "--jobs", jobs)
    assert result.returncode == 0, result.stderr
    for path in books:
        assert ratings(path.with_name(f"{path.stem}-recalculated.xlsx")) == HAND_RATINGS
    assert result.stdout.count("\nok ") + result.stdout.startswith("ok ") == 3
    assert "3 of 3 workbooks done" in result.stdout


@pytest.mark.parametrize("jobs", ["1", pytest.param("2", marks=pytest.mark.two_processes)])
def test_one_bad_book_fails_alone_and_the_summary_names_it(tmp_path: Path, jobs: str) -> None:
    books = _three_books(tmp_path, bad=1)
    before = digest(books[1])
    result = run("recalc", *books, "--jobs", jobs)
    assert result.returncode != 0
    assert_no_traceback(result)
    for n in (0, 2):
        assert ratings(tmp_path / f"b{n}-recalculated.xlsx") == HAND_RATINGS
    assert not (tmp_path / "b1-recalculated.xlsx").exists()
    assert digest(books[1]) == before
    failed = [line for line in result.stderr.splitlines() if line.startswith("FAILED")]
    assert len(failed) == 1 and str(books[1]) in failed[0] and "row 8" in failed[0]
    summary = result.stderr.splitlines()[-1]
    assert "2 of 3 workbooks done" in summary and str(books[1]) in summary


def test_no_progress_bar_when_standard_error_is_not_a_terminal(tmp_path: Path) -> None:
    result = run("recalc", *_three_books(tmp_path))
    assert result.returncode == 0
    assert result.stderr == ""
    assert "%|" not in result.stdout and "book/s" not in result.stdout


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal (pty)")
def test_progress_bar_appears_when_standard_error_is_a_terminal(tmp_path: Path) -> None:
    import fcntl
    import pty
    import struct
    import termios

    books = _three_books(tmp_path)
    leader, follower = pty.openpty()
    # A new pseudo-terminal is 0 columns wide, and tqdm draws nothing in 0 columns.
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    try:
        process = subprocess.run(
            [*SCRIPT, "recalc", *map(str, books)],
            stdout=subprocess.PIPE,
            stderr=follower,
            stdin=subprocess.DEVNULL,
            timeout=120,
        )
        os.close(follower)
        follower = -1
        chunks = []
        while True:
            try:
                chunk = os.read(leader, 4096)
            except OSError:  # EIO: the terminal was closed and fully read
                break
            if not chunk:
                break
            chunks.append(chunk)
    finally:
        os.close(leader)
        if follower != -1:
            os.close(follower)
    assert process.returncode == 0
    terminal = b"".join(chunks).decode(errors="replace")
    assert "3/3" in terminal and "book" in terminal


# --- new week -------------------------------------------------------------------------------------


def test_new_week_command_carries_permanent_archives_games_and_empties_ladder_games(
    book: Path,
) -> None:
    before = digest(book)
    result = run("new-week", book)
    assert result.returncode == 0, result.stderr
    assert digest(book) == before
    out = book.with_name("camp-new-week.xlsx")
    players = {r["ID"]: r for r in records(out, "Ladder Players")}
    # StWkPerm <- the week's Permanent Rating, active players only (Dan keeps 1400).
    assert {i: r["StWkPerm"] for i, r in players.items()} == {
        1: 1454, 2: 1095, 3: 1453, 4: 1400, 5: 1048,
    }  # fmt: skip
    assert sheet_rows(out, "Ladder Games") == [list(LADDER_GAMES[0])]
    archive = sheet_rows(out, "Games Archive")
    assert [r[0] for r in archive[1:]] == ["Week 1"] * 6
    assert [r[1].date() for r in archive[1:]] == [dt.date.today()] * 6
    assert [r[2:5] for r in archive[1:]] == [list(g) for g in LADDER_GAMES[1:]]


@pytest.mark.parametrize("command", ["new-week", "pair"])
def test_new_week_and_pair_take_jobs_as_recalc_does(command: str) -> None:
    """docs/reference/commands.md: recalc's rules, ``-j N`` among them, hold for new-week and
    pair too (user test ut47camp, finding 8: ``new-week --jobs 2`` was no such option)."""
    result = run(command, "--help")
    assert result.returncode == 0, result.stderr
    assert "-j, --jobs" in result.stdout


@pytest.mark.parametrize("jobs", ["1", pytest.param("2", marks=pytest.mark.two_processes)])
def test_new_week_over_a_folder_with_jobs_does_every_book(tmp_path: Path, jobs: str) -> None:
    books = _three_books(tmp_path)
    out = tmp_path / "nw"
    result = run("new-week", tmp_path, "--out-dir", out, "--jobs", jobs)
    assert result.returncode == 0, result.stderr
    assert "3 of 3 workbooks done" in result.stdout
    for path in books:
        players = {r["ID"]: r for r in records(out / path.name, "Ladder Players")}
        # The hand-checked week's Permanent Ratings carried over (the test above).
        assert {i: r["StWkPerm"] for i, r in players.items()} == {
            1: 1454, 2: 1095, 3: 1453, 4: 1400, 5: 1048,
        }  # fmt: skip


def test_new_week_in_place_twice_appends_week_2_and_recalc_starts_from_stwkperm(
    book: Path,
) -> None:
    assert run("new-week", book, "--in-place").returncode == 0
    wb = openpyxl.load_workbook(book)
    write_grid(wb["Ladder Games"], [[2, 3, "(1-0)"]], top=2)
    wb.save(book)
    result = run("new-week", book, "--in-place")
    assert result.returncode == 0, result.stderr
    archive = sheet_rows(book, "Games Archive")
    assert [r[0] for r in archive[1:]] == ["Week 1"] * 6 + ["Week 2"]
    assert archive[-1][2:] == [2, 3, "(1-0)", "Ben", "Cat"]  # with both names (issue 9)
    # Ben (P 1095) beat Cat (P 1453): winner lower by 358 <= 375: 16 + 14 = 30 -> 1125 / 1423.
    result = run("recalc", book, "--in-place")
    assert result.returncode == 0, result.stderr
    players = {r["ID"]: r for r in records(book, "Ladder Players")}
    assert (players[2]["StWkPerm"], players[3]["StWkPerm"]) == (1125, 1423)
    groups = dict(CAMP_GROUPS[1:])
    for r in players.values():
        if r["Active"]:
            assert (r["Rating"], r["Permanent Rating"]) == (groups[r["Group"]], r["StWkPerm"])
    assert (players[4]["Rating"], players[4]["Permanent Rating"]) == (1333, 1444)
    assert folder_listing(book.parent) == ["camp.xlsx"]


def test_new_week_with_bad_games_changes_nothing(tmp_path: Path) -> None:
    bad = save_book(
        make_book(ladder_sheets(games=[*LADDER_GAMES, [1, 4, "(1-0)"]])), tmp_path / "camp.xlsx"
    )
    before = digest(bad)
    result = run("new-week", bad, "--in-place")
    assert result.returncode != 0
    assert_no_traceback(result)
    assert "sheet 'Ladder Games', row 8, column B (Black)" in result.stderr
    assert digest(bad) == before
    assert folder_listing(tmp_path) == ["camp.xlsx"]


# --- bad input: one line naming sheet, row and column; nothing written ----------------------------

Grid = list[list[object]]


def _edit(
    players: Callable[[Grid], None] | None = None,
    games: Callable[[Grid], None] | None = None,
    groups: Callable[[Grid], None] | None = None,
    drop: str | None = None,
) -> Callable[[Path], Path]:
    """A builder of the hand-worked book with one thing broken."""

    def build(folder: Path) -> Path:
        grids = {
            "Ladder Players": [list(r) for r in LADDER_PLAYERS],
            "Ladder Games": [list(r) for r in LADDER_GAMES],
            "Camp Groups": [list(r) for r in CAMP_GROUPS],
        }
        for name, edit in (("Ladder Players", players), ("Ladder Games", games),
                           ("Camp Groups", groups)):  # fmt: skip
            if edit is not None:
                edit(grids[name])
        if drop is not None:
            del grids[drop]
        return save_book(make_book(grids), folder / "camp.xlsx")

    return build


def _set(r: int, c: int, value: object) -> Callable[[Grid], None]:
    """Set the cell at Excel row r, 0-based column c."""

    def edit(grid: Grid) -> None:
        grid[r - 1][c] = value

    return edit


def _append(row: Sequence[object]) -> Callable[[Grid], None]:
    return lambda grid: grid.append(list(row))


def _drop_column(c: int) -> Callable[[Grid], None]:
    def edit(grid: Grid) -> None:
        for line in grid:
            del line[c]

    return edit


def _file(name: str, data: bytes | None) -> Callable[[Path], Path]:
    def build(folder: Path) -> Path:
        path = folder / name
        if data is not None:
            path.write_bytes(data)
        return path

    return build


def _folder(folder: Path) -> Path:
    path = folder / "camp.xlsx"
    path.mkdir()
    return path


def _zip_without_workbook(folder: Path) -> Path:
    import zipfile

    path = folder / "camp.xlsx"
    with zipfile.ZipFile(path, "w") as package:
        package.writestr("hello.txt", "not a workbook")
    return path


LP, LG, CG = "sheet 'Ladder Players'", "sheet 'Ladder Games'", "sheet 'Camp Groups'"

# (id, builder, fragments every message must contain)
BAD_INPUTS: list[tuple[str, Callable[[Path], Path], tuple[str, ...]]] = [
    ("missing sheet", _edit(drop="Camp Groups"), ("'Camp Groups'",)),
    ("no ratingbook sheet at all", lambda f: save_book(make_book({"Sheet1": [["x"]]}),
                                                       f / "camp.xlsx"), ("'Ladder Players'",)),
    ("missing column", _edit(players=_drop_column(6)), (LP, "'StWkPerm'")),
    ("missing column of games", _edit(games=_drop_column(2)), (LG, "'Result'")),
    ("unknown player ID", _edit(games=_set(3, 0, 99)),
     (f"{LG}, row 3, column A (White)", "99")),
    ("duplicate player ID", _edit(players=_set(4, 0, 1)),
     (f"{LP}, row 4, column A (ID)", "1")),
    ("non-numeric player ID", _edit(players=_set(3, 0, "B2")),
     (f"{LP}, row 3, column A (ID)", "'B2'")),
    ("non-numeric player ID in a game", _edit(games=_set(2, 1, "Ben")),
     (f"{LG}, row 2, column B (Black)", "'Ben'")),
    ("fractional player ID", _edit(players=_set(2, 0, 1.5)),
     (f"{LP}, row 2, column A (ID)", "1.5")),
    ("unknown group", _edit(players=_set(3, 2, "Cadets")),
     (f"{LP}, row 3, column C (Group)", "'Cadets'")),
    ("non-numeric StWkPerm", _edit(players=_set(2, 6, "high")),
     (f"{LP}, row 2, column G (StWkPerm)", "'high'")),
    ("fractional StWkPerm", _edit(players=_set(2, 6, 1500.5)),
     (f"{LP}, row 2, column G (StWkPerm)", "1500.5")),
    ("non-numeric Initial Ladder Rating", _edit(groups=_set(2, 1, "thousand")),
     (f"{CG}, row 2, column B (Initial Ladder Rating)", "'thousand'")),
    ("fractional Initial Ladder Rating", _edit(groups=_set(3, 1, 1200.25)),
     (f"{CG}, row 3, column B (Initial Ladder Rating)", "1200.25")),
    ("duplicate group", _edit(groups=_append(["juniors", 900])),
     (f"{CG}, row 4, column A (Group)", "'juniors'")),
    ("empty result", _edit(games=_set(4, 2, None)), (f"{LG}, row 4, column C (Result)",)),
    ("unknown result", _edit(games=_set(5, 2, "(1-O)")),
     (f"{LG}, row 5, column C (Result)", "'(1-O)'")),
    ("numeric result", _edit(games=_set(5, 2, 1)), (f"{LG}, row 5, column C (Result)",)),
    ("self-play", _edit(games=_append([3, 3, "(1-0)"])),
     (f"{LG}, row 8, column B (Black)", "themself")),
    ("a game by an inactive player", _edit(games=_append([4, 5, "(0-1)"])),
     (f"{LG}, row 8, column A (White)", "4")),
    ("Excel error in StWkPerm", _edit(players=_set(3, 6, Error("#N/A"))),
     (f"{LP}, row 3, column G (StWkPerm)", "#N/A")),
    ("Excel error as a result", _edit(games=_set(2, 2, Error("#VALUE!"))),
     (f"{LG}, row 2, column C (Result)", "#VALUE!")),
    ("Excel error as a player ID", _edit(games=_set(2, 0, Error("#REF!"))),
     (f"{LG}, row 2, column A (White)", "#REF!")),
    ("date for a number", _edit(players=_set(2, 6, dt.datetime(2024, 7, 1))),
     (f"{LP}, row 2, column G (StWkPerm)", "2024-07-01")),
    ("date for a group rating", _edit(groups=_set(2, 1, dt.date(2024, 7, 1))),
     (f"{CG}, row 2, column B (Initial Ladder Rating)", "2024-07-01")),
    ("formula without cached value", _edit(players=_set(2, 6, Formula("=1400+100"))),
     (f"{LP}, row 2, column G (StWkPerm)", "=1400+100")),
    ("not yes or no in Active", _edit(players=_set(2, 3, "maybe")),
     (f"{LP}, row 2, column D (Active)", "'maybe'")),
    ("text file named .xlsx", _file("camp.xlsx", b"ID,Name\n1,Ann\n"), ("camp.xlsx", "zip")),
    ("a .csv file", _file("camp.csv", b"ID,Name\n1,Ann\n"), ("camp.csv", ".xlsx")),
    ("a folder", _folder, ("camp.xlsx", "folder")),
    ("a missing file", _file("camp.xlsx", None), ("camp.xlsx", "does not exist")),
    ("an empty file", _file("camp.xlsx", b""), ("camp.xlsx",)),
    ("a zip that is no workbook", _zip_without_workbook, ("camp.xlsx", "not an Excel workbook")),
    ("an encrypted or .xls file",
     _file("camp.xlsx", bytes.fromhex("d0cf11e0a1b11ae1") + bytes(504)), ("camp.xlsx", "password")),
    ("a damaged zip", _file("camp.xlsx", b"PK\x03\x04" + bytes(100)), ("camp.xlsx", "damaged")),
]  # fmt: skip


def _check_refused(
    result: subprocess.CompletedProcess[str],
    path: Path,
    fragments: Sequence[str],
) -> None:
    assert result.returncode == 2
    assert_no_traceback(result)
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith(f"FAILED {path}: ")
    for fragment in fragments:
        assert fragment in lines[0], lines[0]


@pytest.mark.parametrize("build, fragments", [pytest.param(b, f, id=i) for i, b, f in BAD_INPUTS])
@pytest.mark.parametrize("mode", ["default", "in-place"])
def test_bad_input_is_one_clear_line_and_nothing_is_written(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    build: Callable[[Path], Path],
    fragments: tuple[str, ...],
    mode: str,
) -> None:
    path = build(tmp_path)
    before = digest(path) if path.is_file() else None
    listing = folder_listing(tmp_path)
    result = run_in_process(capsys, "recalc", path, *(["--in-place"] if mode == "in-place" else []))
    _check_refused(result, path, fragments)
    if before is not None:
        assert digest(path) == before
    assert folder_listing(tmp_path) == listing


@pytest.mark.parametrize(
    "build, fragments",
    [
        pytest.param(b, f, id=i)
        for i, b, f in BAD_INPUTS
        if i in ("unknown result", "formula without cached value", "text file named .xlsx",
                 "a folder", "a missing file", "an encrypted or .xls file")
    ],
)  # fmt: skip
@pytest.mark.slow  # real processes; every case also runs in this process above
def test_bad_input_as_a_real_process_exits_2_without_traceback(
    tmp_path: Path, build: Callable[[Path], Path], fragments: tuple[str, ...]
) -> None:
    path = build(tmp_path)
    before = digest(path) if path.is_file() else None
    listing = folder_listing(tmp_path)
    _check_refused(run_process("recalc", path, "--in-place"), path, fragments)
    if before is not None:
        assert digest(path) == before
    assert folder_listing(tmp_path) == listing


def test_bad_input_in_new_week_is_refused_the_same_way(tmp_path: Path) -> None:
    path = _edit(players=_set(4, 0, 1))(tmp_path)
    before = digest(path)
    result = run("new-week", path)
    assert result.returncode == 2
    assert_no_traceback(result)
    assert result.stderr.splitlines() == [
        f"FAILED {path}: {LP}, row 4, column A (ID): duplicate player ID 1 (also row 2) "
        "(player 'Cat')"
    ]
    assert digest(path) == before
    assert folder_listing(tmp_path) == ["camp.xlsx"]


@pytest.mark.parametrize(
    "sheets, fragment",
    [
        # seed 000's tournament 4 lists "fred fred": in a workbook that is self-play.
        (
            {
                "Crikey Players": [["Name", "Rating"], ["fred", 80.0], ["bob", 55.55]],
                "Crikey Games": [
                    ["White", "Black", "Result", "White Pieces", "Black Pieces"],
                    ["fred", "fred", "lost", 27, 50],
                ],
            },
            "sheet 'Crikey Games', row 2",
        ),
        (
            {
                "Crikey Players": [["Name", "Rating"], ["alice", 76.91], ["bob", 76.36]],
                "Crikey Games": [
                    ["White", "Black", "Result", "White Pieces", "Black Pieces"],
                    ["alice", "bob", "lots", 20, 15],
                ],
            },
            "sheet 'Crikey Games', row 2, column C (Result)",
        ),
        (
            {
                "Elo Players": [["Name", "Rating"], ["A", 1613], ["B", "high"]],
                "Elo Games": [["White", "Black", "Result"], ["A", "B", 1]],
            },
            "sheet 'Elo Players', row 3, column B (Rating)",
        ),
        (
            {
                "Swiss Players": [["Name"], ["Anna"], ["Bob"]],
                "Swiss Games": [
                    ["White", "Black", "White Points", "Black Points"],
                    ["Anna", "Bobby", 1, 0],
                ],
            },
            "sheet 'Swiss Games', row 2, column B (Black)",
        ),
    ],
    ids=["crikey self-play", "crikey unknown result", "elo non-numeric rating",
         "swiss unknown player"],
)  # fmt: skip
def test_bad_input_in_the_other_families_names_sheet_row_and_column(
    tmp_path: Path, sheets: dict[str, Grid], fragment: str
) -> None:
    path = save_book(make_book(sheets), tmp_path / "book.xlsx")
    before = digest(path)
    result = run("recalc", path)
    assert result.returncode == 2
    assert_no_traceback(result)
    assert len(result.stderr.splitlines()) == 1 and fragment in result.stderr, result.stderr
    assert digest(path) == before
    assert folder_listing(tmp_path) == ["book.xlsx"]


# --- every problem at once (issue 9 item 5) -------------------------------------------------------


@pytest.mark.parametrize("mode", [[], ["--in-place"]])
def test_a_book_with_five_mistakes_gets_a_failed_line_for_each_and_nothing_is_written(
    tmp_path: Path, mode: list[str]
) -> None:
    from tests.helpers.five_mistakes import FIVE_LINES, FIVE_MISTAKES

    path = save_book(make_book(FIVE_MISTAKES), tmp_path / "five.xlsx")
    good = save_book(make_book(ladder_sheets()), tmp_path / "good.xlsx")
    before = digest(path)
    result = run("recalc", path, good, *mode)
    assert result.returncode == 2
    assert_no_traceback(result)
    assert result.stderr.splitlines() == [
        *(f"FAILED {path}: {line}" for line in FIVE_LINES),
        f"1 of 2 workbooks done; failed: {path}",
    ]
    assert digest(path) == before
    assert ratings(good if mode else good.with_name("good-recalculated.xlsx")) == HAND_RATINGS
    assert "five-recalculated.xlsx" not in folder_listing(tmp_path)


def test_more_than_a_hundred_problems_print_a_hundred_lines_then_the_count(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    games = [["White", "Black", "Result"], *([1, 2, "drawn"] for _ in range(150))]
    path = save_book(make_book(ladder_sheets(games=games)), tmp_path / "camp.xlsx")
    result = run_in_process(capsys, "recalc", path)
    lines = result.stderr.splitlines()
    assert result.returncode == 2 and len(lines) == 101
    assert lines[0].startswith(f"FAILED {path}: sheet 'Ladder Games', row 2, column C (Result)")
    assert lines[99].startswith(f"FAILED {path}: sheet 'Ladder Games', row 101, column C (Result)")
    assert lines[100] == f"FAILED {path}: and 50 more"


def test_recalc_output_equals_in_place_result(book: Path, tmp_path: Path) -> None:
    """Both ways of writing produce the same workbook contents."""
    copy = shutil.copyfile(book, tmp_path / "copy.xlsx")
    assert run("recalc", book, "-o", tmp_path / "out.xlsx").returncode == 0
    assert run("recalc", copy, "--in-place").returncode == 0
    assert all_values(tmp_path / "out.xlsx") == all_values(copy)


# --- one home for every spelling (issue 13) -------------------------------------------------------


def test_template_kinds_are_the_templates_own_list_not_a_copy(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Narrow ratingbook.templates.KINDS and the command line follows it (``all`` stays: it
    stands for every kind there is)."""
    from ratingbook import templates

    monkeypatch.setattr(templates, "KINDS", ("ladder",))
    result = run_in_process(capsys, "template", "elo", "-o", tmp_path / "elo.xlsx")
    assert result.returncode == 2
    assert result.stderr.splitlines() == [
        "ratingbook template: error: Invalid value for '{ladder|all}': 'elo' is not one of "
        "'ladder', 'all'."
    ]
    assert folder_listing(tmp_path) == []


def test_seed_format_commands_start_without_loading_openpyxl() -> None:
    """The template kinds are looked up only when a template is written or its help shown."""
    code = (
        "import sys\n"
        "from ratingbook.cli import main\n"
        "main(['elo-tournament', '4', '3', '0'])\n"
        "print('openpyxl' in sys.modules)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    )
    assert result.stdout.splitlines() == ["1191 1189 1191 1229", "False"]


def test_the_same_problem_found_twice_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A damaged part that several families read is one problem, said once."""
    from ratingbook.errors import InputErrors, WorkbookError
    from ratingbook.session import planning

    def recalc(book: object) -> None:
        damaged = WorkbookError("part 'xl/styles.xml' of the workbook is damaged")
        other = WorkbookError("sheet 'Elo Games', row 2: something else")
        raise InputErrors([damaged, damaged, other, damaged])

    path = save_book(make_book(ladder_sheets()), tmp_path / "camp.xlsx")
    monkeypatch.setattr(planning, "plan_recalc", recalc)
    result = run_in_process(capsys, "recalc", path)
    assert result.stderr.splitlines() == [
        f"FAILED {path}: part 'xl/styles.xml' of the workbook is damaged",
        f"FAILED {path}: sheet 'Elo Games', row 2: something else",
    ]
