"""A round unpaired and the unpairing undone is back as it was paired: a correction after the
undo leaves it judged, and its points given, on the result it was paired on (user test 48 of
the verification round: ``Pairings`` and ``publish`` gave the corrected points, with no line
saying so, and ``check`` and ``explain`` called the engine's pairing changed by hand).

The event is tests/cli/test_check_corrected.py's, worked there by hand: eight players, round 1
(by start number, White first) 1-5 1-0, 6-2 0-1, 3-7 1-0, 8-4 0-1, and round 2 paired on it:
4-1, 2-3, 5-8, 7-6. Here round 2 is paired and not played: it is unpaired, the unpairing
undone (the pairing back as it was made), then round 1's Anna - Erik corrected to 0-1 (the
previous round's result while the next is paired: level 3, FIDE mode's rule).

By hand, round 2 was paired on Dana 1, Anna 1 (her 1-0 then), Bob 1, Carl 1, Erik 0, Hana 0,
Gus 0, Femke 0; on the corrected result Anna has 0 and Erik 1.
"""

from __future__ import annotations

import html
from pathlib import Path

import openpyxl
from tests.cli.test_check_corrected import NOTE, PAIRED_1_2, event_text, run

#: The line below round 2's boards (docs/guides/arbiter.md).
SAID = (
    "Points as round 2 was paired, on round 1's Anna - Erik 1-0, since corrected to 0-1 (the "
    "standings count the corrected result)."
)
#: Each player's points when round 2 was paired (the module text, by hand).
AS_PAIRED = {
    "Dana": 1, "Anna": 1, "Bob": 1, "Carl": 1, "Erik": 0, "Hana": 0, "Gus": 0, "Femke": 0,
}  # fmt: skip
VIEWS = ("Swiss Games", "Pairings", "Pairing Notes", "Swiss Standings")


def ok(*args: object) -> str:
    code, output = run(*(str(a) for a in args))
    assert code == 0, output
    return output


def values(book: Path) -> dict[str, list[tuple[object, ...]]]:
    wb = openpyxl.load_workbook(book)
    return {name: list(wb[name].iter_rows(values_only=True)) for name in VIEWS}


def corrected(book: Path) -> None:
    """Round 1's Anna - Erik typed over from 1-0 to 0-1 (as in Excel)."""
    wb = openpyxl.load_workbook(book)
    (row,) = [r for r in wb["Swiss Games"].iter_rows() if (r[0].value, r[1].value) == (1, 1)]
    assert [c.value for c in row[2:5]] == ["Anna", "Erik", "1-0"]
    row[4].value = "0-1"
    wb.save(book)


def unpaired_and_undone(tmp_path: Path) -> Path:
    """The event with round 2 paired, unpaired and the unpairing undone."""
    source, book = tmp_path / "event.trf", tmp_path / "event.xlsx"
    source.write_text(event_text("1-0", PAIRED_1_2, rounds=2, last_played=False))
    ok("trf", "import", source, "-o", book)
    ok("unpair", book, "--in-place")
    ok("undo", book)
    return book


def test_a_correction_after_an_unpairing_undone_leaves_the_round_as_it_was_paired(
    tmp_path: Path,
) -> None:
    book = unpaired_and_undone(tmp_path)
    corrected(book)
    code, output = run("recalc", str(book), "--in-place")
    assert code != 0 and "level 3: Correction round 1" in output, output
    ok("recalc", book, "--in-place", "--confirm")
    rows = values(book)["Pairings"]
    boards = [r for r in rows[1:] if r[0] == 2]
    points = {r[3]: r[5] for r in boards} | {r[7]: r[9] for r in boards}
    assert points == AS_PAIRED
    assert [r[1] for r in rows if r[0] is None and r[1]] == [SAID]
    output = ok("check", book)
    assert f"note: {NOTE}" in output and output.rstrip().endswith("clean")
    output = ok("explain", book, "--round", "2")
    assert output.splitlines()[0] == f"Round 2: {NOTE}"
    assert "Changed by hand" not in output
    ok("publish", book, "--out-dir", tmp_path / "site")
    page = html.unescape((tmp_path / "site" / "round-2.html").read_text("utf-8"))
    assert SAID in page


def test_the_correction_undone_and_redone_gives_back_the_views_cell_for_cell(
    tmp_path: Path,
) -> None:
    # The undo's own Undo row is part of the log the views are rebuilt from: the redo gives
    # back the pairing list and notes of the correction, not ones judged on the corrected
    # result (the first attempt at this mend, reverted, did).
    book = unpaired_and_undone(tmp_path)
    before = values(book)
    corrected(book)
    ok("recalc", book, "--in-place", "--confirm")
    after = values(book)
    assert after["Pairings"] != before["Pairings"]  # the line below the boards
    ok("undo", book, "--confirm")  # a correction is level 3, and so is its undo
    assert values(book) == before
    ok("redo", book, "--confirm")
    assert values(book) == after
