"""The commands a message tells the user to type work as typed (issue 34): each is taken from
the message's own text, split as a shell splits it and run in the folder the user ran from.

The Swiss template (FIDE mode on by default, 5 rounds, round 4 paired on rows 11-13: Charlotte
- Erik, Daniel - Bob, Femke - Anna) is the event. A correction of round 4 once round 5 is paired
says how to re-pair round 5: ``unpair`` then ``pair``, both on the same file (``unpair``
without ``--in-place`` wrote ``NAME-unpaired.xlsx``, and the ``pair`` after it found round 5
still paired: "the event is over"). A round changed by hand outside a manual-pairing phase is
refused, and the phase's start and end it suggests name the file the refused run read.
"""

from __future__ import annotations

import re
import shlex
import shutil
import subprocess
import tempfile
from pathlib import Path

import click
import openpyxl
import pytest
from tests.helpers.cli import run
from tests.helpers.paths import ROOT
from tests.helpers.workbooks import sheet_values

from ratingbook.cli import cli
from ratingbook.core.typed_commands import WRITE_A_COPY, typed_command

TEMPLATE = ROOT / "workbook_templates" / "swiss.xlsx"


@pytest.fixture(autouse=True)
def _arbiter(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RATINGBOOK_USER", "arbiter")


def typed(book: Path, cells: dict[tuple[int, int], object]) -> None:
    """Cells of ``Swiss Games`` typed as an arbiter types them: (row, column) -> value."""
    wb = openpyxl.load_workbook(book)
    for (row, column), value in cells.items():
        wb["Swiss Games"].cell(row=row, column=column).value = value
    wb.save(book)


def said(result: subprocess.CompletedProcess[str]) -> str:
    return " ".join(f"{result.stdout} {result.stderr}".split())


def as_typed(command: str, folder: Path) -> str:
    """Run ``command`` exactly as a message spells it, in ``folder``; its output."""
    words = shlex.split(command)
    assert words[0] == "ratingbook", command
    done = run(*words[1:], cwd=folder)
    assert done.returncode == 0, f"{command}: {said(done)}"
    return said(done)


def log_kinds(book: Path) -> list[object]:
    rows = sheet_values(book, "Event Log")
    kind = rows[0].index("Kind")
    return [r[kind] for r in rows[1:] if r[kind] is not None]


#: :func:`round_5_paired`'s book, made by the commands once for the module.
_ROUND_5: list[bytes] = []


def round_5_paired(folder: Path) -> Path:
    """The template with round 4 played (0-1, 1-0, 0-1) and round 5 paired, in place: a copy
    of the book made so once for the module (each test changes its own copy)."""
    if not _ROUND_5:
        with tempfile.TemporaryDirectory() as other:
            made = Path(other) / "corr.xlsx"
            shutil.copy(TEMPLATE, made)
            typed(made, {(11, 5): "0-1", (12, 5): "1-0", (13, 5): "0-1"})
            as_typed("ratingbook recalc corr.xlsx --in-place", Path(other))
            _ROUND_5.append(made.read_bytes())
    book = folder / "corr.xlsx"
    book.write_bytes(_ROUND_5[0])
    return book


def test_the_re_pairing_a_correction_suggests_works_as_typed(tmp_path: Path) -> None:
    book = round_5_paired(tmp_path)
    typed(book, {(12, 5): "0-1"})  # round 4 board 2, Daniel - Bob, corrected (level 3)
    corrected = as_typed("ratingbook recalc corr.xlsx --in-place --confirm", tmp_path)
    found = re.search(r"to re-pair it, (ratingbook .+?) then (ratingbook .+?);", corrected)
    assert found, corrected
    unpair, pair = found.groups()
    assert unpair == "ratingbook unpair corr.xlsx --round 5 --in-place"
    as_typed(unpair, tmp_path)
    as_typed(pair, tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["corr.xlsx"]  # no copy beside it
    kinds = log_kinds(book)
    assert kinds[-2:] == ["Unpairing", "Pairing"] and kinds.count("Pairing") == 2
    games = sheet_values(book, "Swiss Games")[1:]
    assert [g[0] for g in games].count(5) == 3  # round 5 paired again, on three boards


def test_a_refused_hand_pairing_suggests_a_phase_on_the_file_it_read(tmp_path: Path) -> None:
    book = round_5_paired(tmp_path)
    # Round 5's blacks of boards 1 and 2 swapped by hand (their start numbers cleared, as the
    # workbook asks), outside a manual-pairing phase: refused in FIDE mode (level 5).
    wb = openpyxl.load_workbook(book)
    ws = wb["Swiss Games"]
    rows = [r for r in ws.iter_rows(min_row=2) if r[0].value == 5]
    rows[0][3].value, rows[1][3].value = rows[1][3].value, rows[0][3].value
    for row in rows[:2]:
        row[5].value = row[6].value = None
    wb.save(book)
    refused = run("recalc", "corr.xlsx", cwd=tmp_path)  # not in place: it would write a copy
    assert refused.returncode == 2
    text = said(refused)
    found = re.search(r"start one and end it: (ratingbook .+?), then (ratingbook .+?) \(", text)
    assert found, text
    start, end = found.groups()
    assert start == "ratingbook manual-pairing start corr.xlsx --round 5 --in-place"
    assert not (tmp_path / "corr-recalculated.xlsx").exists()
    assert "manual pairing of round 5 started" in as_typed(start, tmp_path)
    ending = run(*shlex.split(end)[1:], cwd=tmp_path)
    # the boards repeat games (level 3): the end asks for its confirmation, as any level-3 act
    assert ending.returncode == 2 and "run again with --confirm" in said(ending)
    as_typed(f"{end} --confirm", tmp_path)
    assert log_kinds(book)[-1] == "Manual Pairing"


def test_a_record_changed_by_hand_does_not_suggest_an_undo_that_fails(tmp_path: Path) -> None:
    # ratingbook undo reads the Event State too: it fails as the recalc does.
    book = round_5_paired(tmp_path)
    wb = openpyxl.load_workbook(book)
    wb["Event State"].cell(row=3, column=2).value = "[true"
    wb.save(book)
    refused = said(run("recalc", "corr.xlsx", "--in-place", cwd=tmp_path))
    assert "no longer reads" in refused
    undone = run("undo", "corr.xlsx", cwd=tmp_path)
    assert undone.returncode != 0 and "no longer reads" in said(undone)
    assert "(ratingbook undo)" not in refused and "undo the change in Excel" in refused


def test_an_undo_suggested_after_a_run_works_as_typed(tmp_path: Path) -> None:
    book = tmp_path / "my club.xlsx"  # a name the shell splits unless quoted
    shutil.copy(TEMPLATE, book)
    typed(book, {(11, 5): "0-1", (12, 5): "1-0", (13, 5): "0-1"})
    paired = said(run("pair", "my club.xlsx", "--in-place", cwd=tmp_path))
    found = re.search(r"undo with: (ratingbook .+?) \(before", paired)
    assert found, paired
    assert found.group(1) == "ratingbook undo 'my club.xlsx'"
    as_typed(found.group(1), tmp_path)
    games = sheet_values(book, "Swiss Games")[1:]
    assert [g[0] for g in games].count(5) == 0


def _commands(group: click.Group, prefix: str = "") -> dict[str, click.Command]:
    found: dict[str, click.Command] = {}
    for name, command in group.commands.items():
        path = f"{prefix}{name}"
        if isinstance(command, click.Group):
            found |= _commands(command, f"{path} ")
        else:
            found[path] = command
    return found


def test_the_commands_spelt_with_in_place_are_the_tools_commands_that_write_a_copy() -> None:
    commands = _commands(cli)
    writing = {p for p, c in commands.items() if any("--in-place" in o.opts for o in c.params)}
    # a spelling's command is its longest prefix that is a command ("manual-pairing start")
    spelt = {
        max((p for p in commands if f"{verb} ".startswith(f"{p} ")), key=len)
        for verb in WRITE_A_COPY
    }
    assert spelt == writing
    assert typed_command("undo", "a b.xlsx") == "ratingbook undo 'a b.xlsx'"
    assert typed_command("pair", "") == "ratingbook pair BOOK --in-place"


def test_a_refused_correction_names_the_book_it_read_not_the_copy_it_would_write(
    tmp_path: Path,
) -> None:
    # User test 49: `recalc r4.xlsx -o r4-out.xlsx`, refused, said "ratingbook unpair
    # r4-out.xlsx ...", a file never written. Refused, the event is still in the file read.
    book = round_5_paired(tmp_path)
    typed(book, {(12, 5): "0-1"})  # round 4 board 2, Daniel - Bob, corrected (level 3)
    refused = run("recalc", "corr.xlsx", "-o", "out.xlsx", cwd=tmp_path)
    assert refused.returncode == 2
    text = said(refused)
    assert not (tmp_path / "out.xlsx").exists() and "out.xlsx" not in text
    found = re.search(r"to re-pair it, (ratingbook .+?) then (ratingbook .+?) -- ", text)
    assert found, text
    unpair, pair = found.groups()
    assert unpair == "ratingbook unpair corr.xlsx --round 5 --in-place"
    as_typed(unpair, tmp_path)
    as_typed(pair, tmp_path)
    games = sheet_values(book, "Swiss Games")[1:]
    assert [g[0] for g in games].count(5) == 3  # round 5 paired again, on three boards
    # Confirmed, the run writes the copy, and its summary names the copy the event is now in.
    book.write_bytes(_ROUND_5[0])
    typed(book, {(12, 5): "0-1"})
    written = as_typed("ratingbook recalc corr.xlsx -o out.xlsx --confirm", tmp_path)
    assert "to re-pair it, ratingbook unpair out.xlsx --round 5 --in-place then" in written


def test_an_earlier_round_changed_by_hand_is_refused_with_steps_that_work(
    tmp_path: Path,
) -> None:
    # User test 49: round 4's boards changed by hand once round 5 was paired were refused
    # (level 5) with "ratingbook manual-pairing start ... --round 4", which was refused in turn
    # (only the last paired round is paired by hand). The steps said now work as typed. Here
    # round 3 (played) is changed with round 4 paired: the template as it is.
    book = tmp_path / "corr.xlsx"
    shutil.copy(TEMPLATE, book)
    as_typed("ratingbook recalc corr.xlsx --in-place", tmp_path)  # the log starts
    swapped = {(8, 4): "Charlotte", (9, 4): "Daniel", (8, 7): None, (9, 7): None}
    typed(book, swapped)  # round 3: Erik - Charlotte, Anna - Daniel (Black No. cleared)
    refused = run("recalc", "corr.xlsx", "--in-place", cwd=tmp_path)
    assert refused.returncode == 2
    text = said(refused)
    # round 3 as paired: Erik (5) - Daniel (4), Anna (1) - Charlotte (3), Bob (2) - Femke (6)
    assert "type round 3's boards back as paired (1-3 2-6 5-4: start numbers, White first)" in text
    found = re.search(
        r"then (ratingbook unpair .+?), (ratingbook manual-pairing start .+?), change its "
        r"boards .+?, (ratingbook manual-pairing end .+?), and pair round 4 again "
        r"\((ratingbook pair .+?), unless Auto-pair paired it",
        text,
    )
    assert found, text
    unpair, start, end, pair = found.groups()
    assert unpair == "ratingbook unpair corr.xlsx --round 4 --in-place"
    assert start == "ratingbook manual-pairing start corr.xlsx --round 3 --in-place"
    assert pair == "ratingbook pair corr.xlsx --in-place"
    typed(book, {(8, 4): "Daniel", (9, 4): "Charlotte", (8, 7): 4, (9, 7): 3})  # typed back
    as_typed(unpair, tmp_path)
    # round 3 complete: the run that starts the phase does not auto-pair round 4 before it
    assert "manual pairing of round 3 started" in as_typed(start, tmp_path)
    typed(book, swapped)
    # Anna - Daniel repeats round 1's game (level 3): the end asks for its confirmation; the
    # template's Auto-pair On pairs round 4 in the same run.
    ending = as_typed(f"{end} --confirm", tmp_path)
    assert "manual pairing of round 3 ended" in ending and "paired round 4" in ending
    kinds = log_kinds(book)
    assert kinds[-3] == "Unpairing" and sorted(kinds[-2:]) == ["Manual Pairing", "Pairing"]
    games = sheet_values(book, "Swiss Games")[1:]
    assert [(g[2], g[3]) for g in games if g[0] == 3][:2] == [
        ("Erik", "Charlotte"),
        ("Anna", "Daniel"),
    ]
    assert [g[0] for g in games].count(4) == 3


def test_a_manual_step_refused_names_the_setting_cell_or_no_cell(tmp_path: Path) -> None:
    # User test 49: "column 'Value': no manual pairing is open to end", with no sheet. A
    # command is at fault, not a cell: no cell is named; the Manual Pairing cell, when it asked.
    book = round_5_paired(tmp_path)
    ended = said(run("manual-pairing", "end", "corr.xlsx", "--in-place", cwd=tmp_path))
    assert "FAILED corr.xlsx: no manual pairing is open to end" in ended
    started = said(
        run("manual-pairing", "start", "corr.xlsx", "--round", "4", "--in-place", cwd=tmp_path)
    )
    assert (
        "FAILED corr.xlsx: only the last paired round can be paired by hand; that is round 5: "
        "unpair round 5 first"
    ) in started
    wb = openpyxl.load_workbook(book)
    settings = wb["Swiss Settings"]
    settings.append(["Manual Pairing", "End"])
    row = settings.max_row
    wb.save(book)
    typed_end = said(run("recalc", "corr.xlsx", "--in-place", cwd=tmp_path))
    assert (
        f"sheet 'Swiss Settings', row {row}, column B (Value): no manual pairing is open to end"
    ) in typed_end
