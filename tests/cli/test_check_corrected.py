"""A round judged on the results as they stood when it was paired: a result corrected after
the next round was paired (FIDE mode allows it with a level-3 warning, and logs it ``###
Correction @ Round n: <white>-<black>: <old> => <new>``) changes the standings and the rounds
paired after it, not the judgement of the round already paired (a user test: ``check``,
``explain`` and ``trf import`` judged that round on the corrected result and called the
engine's pairing "changed by hand").

The event: eight players, five rounds planned, three paired. Round 1 (by start number, White
first) 1-5 1-0, 6-2 0-1, 3-7 1-0, 8-4 0-1; round 2 was paired on it: 4-1, 2-3, 5-8, 7-6 (the
Dutch rules by hand: in the 1-point group S1 {1, 2} against S2 {3, 4}, 1-3 and 2-4 would meet
two players with the same colour preference each, so S2 is transposed: 1-4, 2-3, every
preference met; the 0-point group likewise 5-8, 6-7). Then round 1's Anna - Erik (1-5) was
corrected to 0-1, and round 3 was paired on the corrected standings: 4-2, 3-5, 6-1, 8-7.
gacrux's own checker (:func:`tests.helpers.gacrux_checker.gacrux_rounds`) confirms both: on
the file with the old result rounds 1 and 2 are the rules' pairing, on the file with the
corrected one rounds 1 and 3 are. The boards of round 2 as it was paired (C.04.2: the higher
score, the sum, the lower start number): Dana - Anna (1 and 1) on board 1, Bob - Carl (1 and
1) on board 2; on the corrected scores Dana - Anna (1 and 0) would be board 2.
"""

from __future__ import annotations

from pathlib import Path

import openpyxl
from click.testing import CliRunner
from tests.helpers.gacrux_checker import gacrux_rounds
from tests.helpers.swiss_trf import swiss_trf

from ratingbook.cli import cli

NAMES = ["Anna", "Bob", "Carl", "Dana", "Erik", "Femke", "Gus", "Hana"]
#: The log as ratingbook writes it, its detail lines left out (the import chains them).
PAIRED_1_2 = [
    "### Pairing @ Round 1: round 1 paired: 4 boards",
    "### Pairing @ Round 2: round 2 paired: 4 boards",
]
CORRECTION = "### Correction @ Round 1: 1-5: 1-0 => 0-1"
PAIRED_3 = "### Pairing @ Round 3: round 3 paired: 4 boards"
NOTE = (
    "round 2 was paired before round 1's result Anna - Erik was corrected from 1-0 to 0-1: "
    "it is judged on the result then"
)


def event_text(
    anna_erik: str, log: list[str] | None = None, rounds: int = 3, *, last_played: bool = True
) -> str:
    """The event as a TRF text, round 1's Anna - Erik ending ``anna_erik``; round 3 drawn
    throughout (the checker reads a round once it has results); ranks by points, then number.
    ``rounds``: the rounds paired (2: the file as it was before round 3); ``last_played``:
    whether the last of them has its results."""
    games = {
        1: [(1, 5, anna_erik), (6, 2, "0-1"), (3, 7, "1-0"), (8, 4, "0-1")],
        2: [(4, 1, "1-0"), (2, 3, "1-0"), (5, 8, "1-0"), (7, 6, "0-1")],
        3: [(4, 2, "="), (3, 5, "="), (6, 1, "="), (8, 7, "=")],
    }
    kept = {
        n: [
            (white, black, result if last_played or n < rounds else "")
            for white, black, result in played
        ]
        for n, played in games.items()
        if n <= rounds
    }
    return swiss_trf(
        "Corrected Swiss",
        "2026/05/02",
        NAMES,
        kept,
        planned=5,
        ratings=[2300 - 50 * n for n in range(1, 9)],
        fide_ids=[2000000 + n for n in range(1, 9)],
        log=log or [],
    )


def run(*args: str) -> tuple[int, str]:
    done = CliRunner().invoke(cli, list(args))
    return done.exit_code, done.output


def test_the_event_as_gacrux_checks_it(tmp_path: Path) -> None:
    # Round 2 was right on the result it was paired on, round 3 on the corrected one.
    assert gacrux_rounds(event_text("1-0"), tmp_path) == [True, True, False]
    assert gacrux_rounds(event_text("0-1"), tmp_path) == [True, False, True]


def test_check_judges_a_round_on_the_result_it_was_paired_on(tmp_path: Path) -> None:
    path = tmp_path / "event.trf"
    path.write_text(event_text("0-1", [*PAIRED_1_2, CORRECTION, PAIRED_3]))
    code, output = run("check", str(path))
    assert code == 0, output
    assert f"note: {NOTE}" in output
    assert output.rstrip().endswith("clean")


def test_a_round_paired_again_after_the_correction_is_judged_on_the_corrected_result(
    tmp_path: Path,
) -> None:
    # Round 2 unpaired and paired again once the result was corrected: paired on 0-1, which
    # does not give the file's round 2 (gacrux, above); and a file silent on the correction
    # says the same.
    again = [
        "### Unpairing @ Round 2: round 2 paired: 4 boards => round 2 unpaired",
        "### Pairing @ Round 2: round 2 paired: 4 boards",
    ]
    for log in ([*PAIRED_1_2, CORRECTION, *again, PAIRED_3], [*PAIRED_1_2, PAIRED_3]):
        path = tmp_path / "event.trf"
        path.write_text(event_text("0-1", log))
        code, output = run("check", str(path))
        assert code == 1, output
        assert "round 2, board 2: Dana - Anna is not the pairing" in output  # corrected order
        assert "round 3" not in output and NOTE not in output


def test_import_explain_and_check_of_the_book(tmp_path: Path) -> None:
    source, book = tmp_path / "event.trf", tmp_path / "event.xlsx"
    source.write_text(event_text("0-1", [*PAIRED_1_2, CORRECTION, PAIRED_3]))
    code, output = run("trf", "import", str(source), "-o", str(book))  # no level 3 to confirm
    assert code == 0, output
    assert f"note: {NOTE}" in output and "level 3" not in output
    code, output = run("explain", str(book), "--round", "2")
    assert code == 0, output
    assert output.splitlines()[0] == f"Round 2: {NOTE}"
    assert "Round 2, board 1: Dana - Anna" in output  # C.04.2 on the scores then
    assert "Round 2, board 2: Bob - Carl" in output
    assert "Changed by hand" not in output
    assert "Dana and Anna both have 1 point" in output
    code, output = run("check", str(book))
    assert code == 0, output
    assert output.rstrip().endswith("clean")


def test_check_of_a_book_names_the_boards_of_its_board_column(tmp_path: Path) -> None:
    # A book whose round 2 is not the rules' pairing (no correction in its log), its boards
    # typed in another order than C.04.2's: a problem names the board the book shows.
    source, book = tmp_path / "event.trf", tmp_path / "event.xlsx"
    source.write_text(event_text("0-1", [*PAIRED_1_2, PAIRED_3]))
    code, output = run("trf", "import", str(source), "-o", str(book), "--confirm")
    assert code == 0, output
    workbook = openpyxl.load_workbook(book)
    games = workbook["Swiss Games"]
    header = [c.value for c in games[1]]
    for row in games.iter_rows(min_row=2):
        cells = dict(zip(header, row, strict=False))
        if cells["Round"].value == 2 and cells["White"].value in ("Dana", "Bob"):
            cells["Board"].value = 1 if cells["White"].value == "Dana" else 2
    workbook.save(book)
    code, output = run("check", str(book))
    assert code == 1, output
    assert "round 2, board 1: Dana - Anna is not the pairing" in output


def _correct_anna(book: Path) -> None:
    """Round 1's Anna - Erik typed 0-1 in the book (it was 1-0), as an arbiter corrects it."""
    workbook = openpyxl.load_workbook(book)
    games = workbook["Swiss Games"]
    header = [c.value for c in games[1]]
    for row in games.iter_rows(min_row=2):
        cells = dict(zip(header, row, strict=False))
        if cells["Round"].value == 1 and cells["White"].value == "Anna":
            cells["Result"].value = "0-1"
    workbook.save(book)


def test_the_pairing_notes_of_the_run_that_corrects_read_the_round_as_paired(
    tmp_path: Path,
) -> None:
    # The book as it was when round 2 was paired on Anna - Erik 1-0, not played yet. The
    # correction is typed and confirmed (level 3); the round-2 notes that run writes, and
    # explain, read round 2 as it was paired: nothing changed by hand, Anna on 1 point.
    source, book = tmp_path / "event.trf", tmp_path / "event.xlsx"
    source.write_text(event_text("1-0", PAIRED_1_2, rounds=2, last_played=False))
    code, output = run("trf", "import", str(source), "-o", str(book))
    assert code == 0, output
    _correct_anna(book)
    code, output = run("recalc", str(book), "--in-place", "--confirm")
    assert code == 0, output
    assert "Correction round 1" in output
    rows = _sheet_rows(book, "Pairing Notes")
    assert {r["Round"] for r in rows} == {2}
    assert not any(r["By Hand"] for r in rows)
    assert not any("Changed by hand" in str(r["Note"]) for r in rows)
    assert any(r["Note"] == "Dana and Anna both have 1 point (the 1-point group)." for r in rows)
    code, output = run("explain", str(book))
    assert code == 0, output
    assert output.splitlines()[0] == f"Round 2: {NOTE}"


def _sheet_rows(book: Path, sheet: str) -> list[dict[str, object]]:
    rows = list(openpyxl.load_workbook(book)[sheet].iter_rows(values_only=True))
    header = list(rows[0])
    return [dict(zip(header, r, strict=False)) for r in rows[1:] if any(r)]


def test_import_writes_the_pairing_notes_of_the_round_as_it_was_paired(tmp_path: Path) -> None:
    # A file exported while round 2 was the last round paired, its results not in, after
    # round 1's Anna - Erik was corrected 1-0 => 0-1 (a user test's "B" case). Round 2 was
    # paired on 1-0: Dana and Anna both on 1 point (the docstring's hand pairing), every board
    # the engine's. The imported book's Pairing Notes say so, as explain does.
    source, book = tmp_path / "event.trf", tmp_path / "event.xlsx"
    log = [*PAIRED_1_2, CORRECTION]
    source.write_text(event_text("0-1", log, rounds=2, last_played=False))
    code, output = run("trf", "import", str(source), "-o", str(book))
    assert code == 0, output
    rows = _sheet_rows(book, "Pairing Notes")
    assert {r["Round"] for r in rows} == {2}
    assert not any(r["By Hand"] for r in rows)
    assert not any("Changed by hand" in str(r["Note"]) for r in rows)
    assert any(r["Note"] == "Dana and Anna both have 1 point (the 1-point group)." for r in rows)
    # The Pairings sheet gives the points round 2 was paired on, as its notes, and says so.
    pairings = list(openpyxl.load_workbook(book)["Pairings"].iter_rows(values_only=True))
    dana = next(r for r in pairings if "Dana" in r)
    cells = list(dana)  # White, Rating, Points ... Black, Rating, Points
    assert cells[cells.index("Dana") + 2] == 1
    assert cells[cells.index("Anna") + 2] == 1  # Anna's 1 point before 1-0 became 0-1
    said = " ".join(str(c) for r in pairings for c in r if c)
    assert "Anna - Erik" in said and "1-0" in said and "0-1" in said


def test_the_correction_message_names_the_old_and_the_new_result(tmp_path: Path) -> None:
    source, book = tmp_path / "event.trf", tmp_path / "event.xlsx"
    source.write_text(event_text("1-0", PAIRED_1_2, rounds=2, last_played=False))
    code, output = run("trf", "import", str(source), "-o", str(book))
    assert code == 0, output
    _correct_anna(book)
    code, output = run("recalc", str(book))
    assert code != 0
    assert "Anna - Erik: corrected from 1-0 to 0-1: round 2 was paired" in output


def test_a_correction_logged_by_the_run_that_pairs_the_next_round(tmp_path: Path) -> None:
    # Round 2 played, round 1's Anna - Erik corrected 1-0 => 0-1 and round 3 paired in one
    # run: round 3 is paired on the corrected result (the docstring's 4-2, 3-5, 6-1, 8-7), and
    # round 2 stays judged on the result then. Both are the rules' pairing (check clean).
    source, book = tmp_path / "event.trf", tmp_path / "event.xlsx"
    source.write_text(event_text("1-0", PAIRED_1_2, rounds=2))
    code, output = run("trf", "import", str(source), "-o", str(book))
    assert code == 0, output
    _correct_anna(book)
    code, output = run("pair", str(book), "--in-place", "--confirm")
    assert code == 0, output
    paired = {(r["White"], r["Black"]) for r in _sheet_rows(book, "Swiss Games") if r["Round"] == 3}
    assert paired == {("Dana", "Bob"), ("Carl", "Erik"), ("Femke", "Anna"), ("Hana", "Gus")}
    rows = _sheet_rows(book, "Pairing Notes")
    assert {r["Round"] for r in rows} == {3}
    assert not any(r["By Hand"] for r in rows)
    code, output = run("check", str(book))
    assert code == 0, output
    assert output.rstrip().endswith("clean")
    code, output = run("explain", str(book), "--round", "2")
    assert code == 0, output
    assert output.splitlines()[0] == f"Round 2: {NOTE}"
    assert "Changed by hand" not in output


#: Round 2 unpaired, then the unpairing undone (the Undo row names the act it takes back): the
#: pairing is back as it was made, on round 1's 1-0.
UNPAIRED_UNDONE = [
    "### Unpairing @ Round 2: round 2 paired: 4 boards => round 2 unpaired",
    "### Undo @ Round 2: Unpairing round 2 => taken back",
]


def test_an_unpairing_undone_gives_back_the_round_as_it_was_paired(tmp_path: Path) -> None:
    # A user test: round 2 unpaired, the unpairing undone, then round 1 corrected. The pairing
    # the undo gave back was made on Anna - Erik 1-0 (the module text's hand pairing), so
    # round 2 is judged on it, as with no unpairing at all; an unpairing redone after the undo
    # is an unpairing again, and round 2, paired again after the correction, is judged on 0-1.
    path = tmp_path / "event.trf"
    path.write_text(event_text("0-1", [*PAIRED_1_2, *UNPAIRED_UNDONE, CORRECTION, PAIRED_3]))
    code, output = run("check", str(path))
    assert code == 0, output
    assert f"note: {NOTE}" in output
    redone = [
        *PAIRED_1_2,
        *UNPAIRED_UNDONE,
        "### Redo @ Round 2: Unpairing round 2 => given back",
        CORRECTION,
        "### Pairing @ Round 2: round 2 paired: 4 boards",
        PAIRED_3,
    ]
    path.write_text(event_text("0-1", redone))
    code, output = run("check", str(path))
    assert code == 1, output
    assert "round 2, board 2: Dana - Anna is not the pairing" in output
    assert NOTE not in output


def test_a_pairing_undone_is_no_pairing(tmp_path: Path) -> None:
    # Round 2 paired, the pairing undone, round 1 corrected, round 2 paired again and round 3:
    # round 2's pairing stands on 0-1 (gacrux: not the file's round 2).
    log = [
        *PAIRED_1_2,
        "### Undo @ Round 2: Pairing round 2 => taken back",
        CORRECTION,
        "### Pairing @ Round 2: round 2 paired: 4 boards",
        PAIRED_3,
    ]
    path = tmp_path / "event.trf"
    path.write_text(event_text("0-1", log))
    code, output = run("check", str(path))
    assert code == 1, output
    assert "round 2, board 2: Dana - Anna is not the pairing" in output
    assert NOTE not in output
