"""What undo and a correction's re-pairing say in a Swiss book out of FIDE mode (user test 48).

The TEC Manual's warning levels are FIDE mode's (C.02): a book whose ``FIDE Mode`` is ``Off``
still keeps its Event Log, and its undo asks before clearing typed results, but in plain words
(what it takes back, what it clears, what stays), with no level. ``pair`` pairs one round a
run, the next only once the round before has its results: a correction whose re-pairing
unpairs two rounds needs two ``pair`` runs, and says so. A round typed by hand between the
same two runs as a correction is read as paired before it when its boards are the pairing the
rules give on the result before it only (``tests/events/test_typed_round_and_correction.py``).
"""

from __future__ import annotations

from pathlib import Path

from tests.cli.test_fide_mode_commands import edit, grid, log, ok, played, refused
from tests.helpers.cli import run
from tests.helpers.fide_event import Grid, event_sheets, setting, type_results
from tests.helpers.workbooks import make_book


def out_of_fide_mode(tmp_path: Path, rounds: int) -> Path:
    """The scripted event with FIDE Mode Off from the start, ``rounds`` rounds played."""
    sheets = event_sheets()
    sheets["Swiss Settings"] = setting(sheets["Swiss Settings"], "FIDE Mode", "Off")
    book = tmp_path / "club.xlsx"
    make_book(sheets).save(book)
    played(book, rounds)
    return book


def test_undo_out_of_fide_mode_asks_without_a_level(tmp_path: Path) -> None:
    book = out_of_fide_mode(tmp_path, 1)
    ok("pair", book, "--in-place")
    edit(book, "Swiss Games", lambda g: type_results(g, 2))
    said = refused("undo", book)
    assert "Not in FIDE mode" not in said  # the refusal names the act, not the mode
    assert "level" not in said, said
    assert "Undo Pairing round 2: undo takes back Pairing round 2, cell by cell" in said
    # Round 2's five results are on the rows the pairing added (rows 7 to 11): cleared.
    assert "it clears what was typed since" in said and "'Swiss Games' E7 '1-0'" in said
    assert "everything else typed since stays" in said
    assert "run again with --confirm" in said
    ok("undo", book, "--confirm")
    assert max(r[0] for r in grid(book, "Swiss Games")[1:] if r[0]) == 1


def in_fide_mode(tmp_path: Path, rounds: int) -> Path:
    """The scripted event in FIDE mode (its ``FIDE Mode`` On), ``rounds`` rounds played."""
    book = tmp_path / "event.xlsx"
    make_book(event_sheets()).save(book)
    played(book, rounds)
    return book


def test_undo_in_fide_mode_asks_the_same_sentence_as_a_level_3_act(tmp_path: Path) -> None:
    """User test 48: in FIDE mode the question said what the undo clears but not what stays.
    It is the sentence the arbiter's guide quotes for a book out of FIDE mode, with the level
    in front."""
    book = in_fide_mode(tmp_path, 1)
    ok("pair", book, "--in-place")
    edit(book, "Swiss Games", lambda g: type_results(g, 2))
    said = refused("undo", book)
    # Round 2's board 1 is on row 7 (rows 2 to 6 hold round 1), White's win typed there.
    assert (
        "level 3: Undo Pairing round 2: undo takes back Pairing round 2, cell by cell; it clears "
        "what was typed since in the rows it added or the cells it emptied: 'Swiss Games' E7 "
        "'1-0', "
    ) in said
    assert "(a redo gives them back); everything else typed since stays -- to go on" in said


def test_off_typed_but_not_confirmed_is_still_fide_mode_for_undo(tmp_path: Path) -> None:
    """User test 48 (mend48s): ``FIDE Mode`` typed ``Off`` leaves FIDE mode only once a run
    confirms it (level 4), which logs ``FIDE Mode Off``; before that the undo's question is
    still a level-3 act's, as the arbiter and FIDE-mode guides say."""
    book = in_fide_mode(tmp_path, 1)
    ok("pair", book, "--in-place")
    edit(book, "Swiss Games", lambda g: type_results(g, 2))
    edit(book, "Swiss Settings", lambda g: setting(g, "FIDE Mode", "Off"))
    said = refused("undo", book)
    assert "level 3: Undo Pairing round 2: undo takes back Pairing round 2" in said, said
    assert all("FIDE Mode Off" not in str(row) for row in log(book)), log(book)


def test_unpairing_a_round_with_results_names_them_and_undo_gives_them_back(
    tmp_path: Path,
) -> None:
    """User test 48: ``unpair`` of a round with results asked only "with 5 results typed";
    confirmed, the results were gone without a word of it. The question names each result by
    its board and says an undo gives them back, which it does."""
    book = in_fide_mode(tmp_path, 1)
    ok("pair", book, "--in-place")
    edit(book, "Swiss Games", lambda g: type_results(g, 2))  # a draw on board 2, 1-0 elsewhere
    typed = ["1-0", "½-½", "1-0", "1-0", "1-0"]
    said = refused("unpair", book, "--in-place")
    assert (
        "level 3: Unpair round 2: round 2's pairing taken back: its 5 results typed are deleted "
        "from Swiss Games with its rows: board 1 '1-0', board 2 '½-½', board 3 '1-0', board 4 "
        "'1-0', board 5 '1-0' (an undo of the unpairing gives them back)"
    ) in said
    ok("unpair", book, "--in-place", "--confirm")
    assert [r for r in grid(book, "Swiss Games")[1:] if r[0] == 2] == []
    # Nothing typed since: nothing cleared; the unpairing was a level-3 act, so is its undo.
    assert "level 3: Undo Unpairing round 2" in refused("undo", book)
    ok("undo", book, "--confirm")
    assert [r[4] for r in grid(book, "Swiss Games")[1:] if r[0] == 2] == typed


def round_1_corrected(g: Grid) -> Grid:
    rows = [list(r) for r in g]
    first = next(r for r in rows[1:] if r[0] == 1 and r[1] == 1)
    assert first[4] == "1-0"
    first[4] = "0-1"
    return rows


def test_a_correction_that_unpairs_two_rounds_says_pair_runs_twice(tmp_path: Path) -> None:
    """Rounds 1 and 2 played, round 3 paired; round 1's first result corrected (out of FIDE
    mode, level 3): rounds 2 and 3 must go, last first, and ``pair`` then pairs round 2 only;
    round 3 comes on a second run once round 2 has its results."""
    book = out_of_fide_mode(tmp_path, 2)
    ok("pair", book, "--in-place")
    edit(book, "Swiss Games", round_1_corrected)
    said = ok("recalc", book, "--in-place", "--confirm")
    assert (
        f"ratingbook unpair {book} --round 3 --in-place, ratingbook unpair {book} --round 2 "
        f"--in-place then ratingbook pair {book} --in-place 2 times, once for each of rounds 2 "
        "to 3"
    ) in said
    ok("unpair", book, "--in-place")
    ok("unpair", book, "--in-place", "--confirm")  # round 2's results go with it
    ok("pair", book, "--in-place")
    assert max(r[0] for r in grid(book, "Swiss Games")[1:] if r[0]) == 2  # one round a run
    assert "round 2" in refused("pair", book, "--in-place")  # round 2 has no result yet
    edit(book, "Swiss Games", lambda g: type_results(g, 2))
    ok("pair", book, "--in-place")
    assert max(r[0] for r in grid(book, "Swiss Games")[1:] if r[0]) == 3


def test_a_round_typed_from_a_pairing_made_before_a_correction_is_judged_as_paired(
    tmp_path: Path,
) -> None:
    """Round 3 paired by the engine in a copy of the book, then typed by hand (with its
    results) into the book, where round 1's first result is corrected between the same two
    runs. Which came first cannot be known; round 3's boards are the engine's pairing on the
    result before the correction, so it is read as paired before it: logged first, and judged
    (check) on that result, not blamed for a correction made after it."""
    book = out_of_fide_mode(tmp_path, 2)
    copy = tmp_path / "copy.xlsx"
    copy.write_bytes(book.read_bytes())
    ok("pair", copy, "--in-place")
    round_3 = [r[:5] for r in grid(copy, "Swiss Games")[1:] if r[0] == 3]
    assert len(round_3) == 5

    def typed(g: Grid) -> Grid:
        return type_results([*round_1_corrected(g), *round_3], 3)

    edit(book, "Swiss Games", typed)
    said = ok("recalc", book, "--in-place", "--confirm")
    assert "round 3 was typed into Swiss Games in the same run" in said
    assert "read as paired before this correction" in said
    assert [r[1:3] for r in log(book)[-2:]] == [(3, "Pairing"), (1, "Correction")]
    checked = run("check", book)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "is not the pairing" not in checked.stdout
    assert "note: round 3 was paired before round 1's result" in checked.stdout
