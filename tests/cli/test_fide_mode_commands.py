"""FIDE mode on the command line (issue #25): a scripted 7-round event through every kind of
logged change, its Event Log in order, undo and redo after each step cell for cell, the warning
levels and their flags, and the bad input lines.

What each step must log is read from the rules of FIDE mode (the issue and SPEC.md), never from
ratingbook's own output: the kinds, rounds and levels are written here by hand.
"""

from __future__ import annotations

import contextlib
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from tests.helpers.cli import digest, run
from tests.helpers.fide_event import Grid, event_sheets, numbers_exchanged, setting, type_results
from tests.helpers.workbooks import all_values, make_book, sheet_values


@pytest.fixture(autouse=True)
def _arbiter(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RATINGBOOK_USER", "arbiter")


def new_book(tmp_path: Path) -> Path:
    path = tmp_path / "event.xlsx"
    make_book(event_sheets()).save(path)
    return path


def grid(path: Path, sheet: str) -> Grid:
    return [list(r) for r in sheet_values(path, sheet)]


def edit(path: Path, sheet: str, change: Callable[[Grid], Grid]) -> None:
    """Type into ``sheet`` by hand (as Excel would): its cells become ``change(grid)``."""
    wb = openpyxl.load_workbook(path)
    ws = wb[sheet]
    new = change([list(r) for r in ws.iter_rows(values_only=True)])
    for row in ws.iter_rows():
        for cell in row:
            cell.value = None
    for r, values in enumerate(new, 1):
        for c, value in enumerate(values, 1):
            ws.cell(r, c, value)
    wb.save(path)


def log(path: Path) -> list[tuple[Any, ...]]:
    return [tuple(r[:3]) for r in grid(path, "Event Log")[1:]]


def ok(*args: object) -> str:
    done = run(*args)
    assert done.returncode == 0, done.stderr
    return done.stdout


def refused(*args: object) -> str:
    done = run(*args)
    assert done.returncode != 0, done.stdout
    return done.stderr


def shown(values: dict[str, list[tuple[Any, ...]]]) -> dict[str, list[tuple[Any, ...]]]:
    """Every sheet as a person sees it: an empty text as an empty cell, trailing empty rows and
    cells dropped, an empty sheet (one an undone act had made) as no sheet, the undo store
    itself left out."""
    out: dict[str, list[tuple[Any, ...]]] = {}
    for name, rows in values.items():
        if name == "Event History":
            continue
        kept = [tuple(None if v == "" else v for v in r) for r in rows]
        while kept and all(v is None for v in kept[-1]):
            kept.pop()
        width = max(
            (max((i + 1 for i, v in enumerate(r) if v is not None), default=0) for r in kept),
            default=0,
        )
        if kept:
            out[name] = [r[:width] + (None,) * (width - len(r[:width])) for r in kept]
    return out


RECORD = ("Event Log", "Event State")


def state_items(values: dict[str, list[tuple[Any, ...]]]) -> list[tuple[Any, ...]]:
    """The Event State's rows but its log digest (which follows the log's last row)."""
    return [r for r in values.get("Event State", []) if r and r[0] not in ("Log", None)]


#: What the undo (and the redo) of an act of each level asks on the command line in FIDE mode
#: (C.02's levels: the undo of a level-N act is an act of level N), and what its log row keeps.
TAKEN = {
    0: ((), None),
    2: ((), "level 2 warning shown"),
    3: (("--confirm",), "--confirm"),
    4: (("--confirm", "--i-understand"), "--confirm --i-understand"),
}


def undone_gives_back(path: Path, before: dict[str, list[tuple[Any, ...]]], level: int) -> None:
    """``ratingbook undo`` gives back ``before`` cell for cell, and the state FIDE mode's record
    held then; the log keeps every row and adds an Undo row. ``ratingbook redo`` then gives
    back the book after the step the same way (and a Redo row), so the event goes on. Both are
    acts of the step's ``level`` (in FIDE mode; 0 outside it): refused without the flags it
    asks, their rows keeping the confirmation."""
    after = all_values(path)
    flags, kept = TAKEN[level]
    if flags:
        assert f"level {level}: Undo" in refused("undo", path)
    ok("undo", path, *flags)
    undone = all_values(path)
    assert shown({k: v for k, v in undone.items() if k not in RECORD}) == shown(
        {k: v for k, v in before.items() if k not in RECORD}
    )
    if state_items(before):  # the state the log held then
        assert state_items(undone) == state_items(before)
    else:  # before the log's first act: a state that records nothing paired
        assert [r[0] for r in state_items(undone)[1:]] == ["Format", "FIDE Mode", "Manual Pairing"]
    log_after = shown(after)["Event Log"]
    assert shown(undone)["Event Log"][:-1] == log_after
    assert shown(undone)["Event Log"][-1][2] == "Undo"
    assert shown(undone)["Event Log"][-1][6] == kept
    if flags:
        assert f"level {level}: Redo" in refused("redo", path)
    ok("redo", path, *flags)
    redone = all_values(path)
    assert shown({k: v for k, v in redone.items() if k not in RECORD}) == shown(
        {k: v for k, v in after.items() if k not in RECORD}
    )
    assert state_items(redone) == state_items(after)
    assert shown(redone)["Event Log"][:-2] == log_after
    assert [r[2] for r in shown(redone)["Event Log"][-2:]] == ["Undo", "Redo"]
    assert shown(redone)["Event Log"][-1][6] == kept


@pytest.mark.slow  # seven rounds through real commands, every undo and redo: the longest case
def test_a_scripted_event_logs_every_kind_of_change_and_undoes_each(tmp_path: Path) -> None:
    book = new_book(tmp_path)
    expected: list[tuple[str, int, str]] = []

    def step(
        kind_rounds: list[tuple[int, str]],
        act: Callable[[], None],
        *,
        final: bool = False,
        level: int | Callable[[], int] = 0,
    ) -> None:
        """``act`` (a hand edit and a run, or a command); undo must give back the book as it
        was before the edit (a change typed by hand) or before the command (which the script
        runs on the book as ratingbook last saved it). ``level``: the act's warning level in
        FIDE mode (0 outside it), which its undo and redo ask too."""
        before = all_values(book)
        act()
        expected.extend(("", r, k) for r, k in kind_rounds)
        assert [(r, k) for _, r, k in log(book)] == [(r, k) for _, r, k in expected]
        if final:  # leaving FIDE mode is final (C.02): never undone, the book untouched
            kept = digest(book)
            assert "leaving FIDE mode is final for the event" in refused("undo", book)
            assert digest(book) == kept
            return
        undone_gives_back(book, before, level if isinstance(level, int) else level())
        first = kind_rounds[0][0]
        expected.extend([("", first, "Undo"), ("", first, "Redo")])

    def results(round_number: int) -> None:  # typed, then a recalc: nothing logged
        edit(book, "Swiss Games", lambda g: type_results(g, round_number))
        ok("recalc", book, "--in-place")

    # Round 1: paired; round 2 paired, unpaired (no result yet: no warning), paired again.
    step([(1, "Pairing")], lambda: ok("pair", book, "--in-place") and None)
    results(1)
    step([(2, "Pairing")], lambda: ok("pair", book, "--in-place") and None)
    step([(2, "Unpairing")], lambda: ok("unpair", book, "--in-place") and None)
    step([(2, "Pairing")], lambda: ok("pair", book, "--in-place") and None)

    # Round 2 changed in a manual-pairing phase: two Blacks exchanged between boards 3 and 4.
    ok("manual-pairing", "start", book, "--round", "2", "--in-place")

    def swap(g: Grid) -> Grid:
        rows = [list(r) for r in g]
        three = next(r for r in rows[1:] if r[0] == 2 and r[1] == 3)
        four = next(r for r in rows[1:] if r[0] == 2 and r[1] == 4)
        three[3], four[3] = four[3], three[3]
        return rows

    manual_level = [2]  # level 2 (pairs that differ), or 3 for a problem of the new pairs

    def manual_end() -> None:
        edit(book, "Swiss Games", swap)
        said = run("manual-pairing", "end", book, "--in-place")
        if said.returncode:  # a level-3 problem of the new pairs: confirmed
            assert "level 3" in said.stderr
            ok("manual-pairing", "end", book, "--in-place", "--confirm")
            manual_level[0] = 3

    step([(2, "Manual Pairing")], manual_end, level=lambda: manual_level[0])
    results(2)
    step([(3, "Pairing")], lambda: ok("pair", book, "--in-place") and None)

    # A result of round 2 (the previous round) corrected: level 3, refused without --confirm.
    def correct_round_2() -> None:
        def flip(g: Grid) -> Grid:
            rows = [list(r) for r in g]
            first = next(r for r in rows[1:] if r[0] == 2 and r[1] == 1)
            first[4] = "0-1"
            return rows

        edit(book, "Swiss Games", flip)
        assert "Correction round 2" in refused("recalc", book, "--in-place")
        said = ok("recalc", book, "--in-place", "--confirm")
        assert "unpair" in said  # round 3 was paired on the standings it changed

    step([(2, "Correction")], correct_round_2, level=3)
    results(3)

    # A late entry after round 3 (level 2: said, not asked).
    def late_entry() -> None:
        edit(book, "Swiss Players", lambda g: [*g, [None, "Ivan", 1800, None]])
        said = ok("recalc", book, "--in-place")
        assert "level 2 warning" in said and "Ivan" in said

    step([(4, "Late Entry")], late_entry, level=2)
    step([(4, "Pairing")], lambda: ok("pair", book, "--in-place") and None)
    results(4)

    # Withdrawal (level 2), a tie-break change (level 4); a forbidden pair: refused (level 5).
    def withdraw() -> None:
        def out(g: Grid) -> Grid:
            return [[*r[:3], 5] if r[1] == "Hana" else list(r) for r in g]

        edit(book, "Swiss Players", out)
        ok("recalc", book, "--in-place")

    step([(5, "Withdrawal")], withdraw, level=2)

    def tiebreaks() -> None:
        edit(book, "Swiss Settings", lambda g: setting(g, "Tie-breaks", "BH"))
        assert "--i-understand" in refused("recalc", book, "--in-place", "--confirm")
        ok("recalc", book, "--in-place", "--confirm", "--i-understand")

    step([(4, "Setting")], tiebreaks, level=4)

    # A forbidden pair after round 1 means leaving FIDE mode (VCL question 196): refused in
    # it, whatever is confirmed; the book untouched, the row taken away again by hand.
    edit(book, "Forbidden Pairs", lambda g: [*g, ["Anna", "Boris", None]])
    kept = digest(book)
    said = refused("recalc", book, "--in-place", "--confirm", "--i-understand")
    assert "refused in FIDE mode (level 5)" in said and "Forbidden pair Anna / Boris" in said
    assert digest(book) == kept
    edit(book, "Forbidden Pairs", lambda g: g[:1])
    step([(5, "Pairing")], lambda: ok("pair", book, "--in-place") and None)
    results(5)

    # Start numbers exchanged after round 1 (No. typed over): level 3.
    def renumber() -> None:
        edit(book, "Swiss Players", numbers_exchanged)
        refused("recalc", book, "--in-place")
        ok("recalc", book, "--in-place", "--confirm")

    step([(5, "Start Numbers")], renumber, level=3)
    step([(6, "Pairing")], lambda: ok("pair", book, "--in-place") and None)
    results(6)

    # A result corrected for the rating report only (level 3): its own sheet.
    def rating_only() -> None:
        first = next(r for r in grid(book, "Swiss Games")[1:] if r[0] == 6 and r[1] == 1)
        edit(book, "Rating Corrections", lambda g: [*g, [6, first[2], first[3], "0-1"]])
        refused("recalc", book, "--in-place")
        ok("recalc", book, "--in-place", "--confirm")

    step([(6, "Rating Correction")], rating_only, level=3)

    # FIDE mode left (level 4, two steps), then a correction of round 1 is allowed (level 3).
    def leave() -> None:
        edit(book, "Swiss Settings", lambda g: setting(g, "FIDE Mode", "Off"))
        refused("recalc", book, "--in-place", "--confirm")
        said = ok("recalc", book, "--in-place", "--confirm", "--i-understand")
        assert "Not in FIDE mode" in said and "undo with" not in said  # final: never undone

    step([(6, "FIDE Mode Off")], leave, final=True)

    def forbid() -> None:  # out of FIDE mode: a level-3 act
        edit(book, "Forbidden Pairs", lambda g: [*g, ["Anna", "Boris", None]])
        refused("recalc", book, "--in-place")
        ok("recalc", book, "--in-place", "--confirm")

    step([(6, "Forbidden Pair")], forbid)
    step([(7, "Pairing")], lambda: ok("pair", book, "--in-place") and None)

    def correct_round_1() -> None:
        def flip(g: Grid) -> Grid:
            rows = [list(r) for r in g]
            first = next(r for r in rows[1:] if r[0] == 1 and r[1] == 1)
            first[4] = "0-1"
            return rows

        edit(book, "Swiss Games", flip)
        ok("recalc", book, "--in-place", "--confirm")

    step([(1, "Correction")], correct_round_1)
    results(7)
    ok("recalc", book, "--in-place")

    # The whole log, in order; its chain holds; every row names the arbiter.
    rows = grid(book, "Event Log")
    assert rows[0] == ["When", "Round", "Kind", "Before", "After", "Who", "Confirmation", "Digest"]
    assert [(r[1], r[2]) for r in rows[1:]] == [(r, k) for _, r, k in expected]
    assert {r[5] for r in rows[1:]} == {"arbiter"}
    confirmations = {r[2]: r[6] for r in rows[1:]}
    assert confirmations["Setting"] == "--confirm --i-understand"  # a new tie-break list: level 4
    assert confirmations["Forbidden Pair"] == "--confirm"  # out of FIDE mode: level 3
    assert confirmations["FIDE Mode Off"] == "--confirm --i-understand"
    # Seven rounds played: every printout title says the event left FIDE mode.
    titles = openpyxl.load_workbook(book)["Swiss Standings"].oddHeader.center.text
    assert "not in FIDE mode" in (titles or "")


def played(book: Path, rounds: int, first: int = 1) -> None:
    """Pair and play rounds ``first`` to ``rounds`` (typed results, then a recalc)."""
    for number in range(first, rounds + 1):
        ok("pair", book, "--in-place")
        edit(book, "Swiss Games", lambda g, n=number: type_results(g, n))
        ok("recalc", book, "--in-place")


#: The new book played 1, 2 or 4 rounds (:func:`played`), made by the commands once for the
#: module: a dozen tests start from one of them, and only read it or change their own copy.
_PLAYED: dict[int, bytes] = {}
#: The rounds :func:`played_book` keeps: one book played on, kept after each of them.
_KEPT = (1, 2, 4)


def played_book(tmp_path: Path, rounds: int) -> Path:
    """A copy, in ``tmp_path``, of the new book paired and played ``rounds`` rounds.

    The copies come from one book played round after round, kept after rounds 1, 2 and 4:
    the same commands in the same order as :func:`played` gives each of them, made once."""
    if rounds not in _PLAYED:
        with tempfile.TemporaryDirectory() as folder:
            book = new_book(Path(folder))
            for number in range(1, max(_KEPT) + 1):
                played(book, number, first=number)
                if number in _KEPT:
                    _PLAYED[number] = book.read_bytes()
    book = tmp_path / "event.xlsx"
    book.write_bytes(_PLAYED[rounds])
    return book


def test_a_log_row_edited_by_hand_is_a_level_4_warning_naming_it(tmp_path: Path) -> None:
    book = played_book(tmp_path, 2)

    def forge(g: Grid) -> Grid:
        rows = [list(r) for r in g]
        rows[1][4] = "round 1 paired: 4 boards"  # row 2 of the sheet, After
        return rows

    edit(book, "Event Log", forge)
    said = ok("recalc", book, "--in-place")
    assert "level 2 warning: sheet 'Event Log' row 2" in said
    # Nothing lost: the forged row is kept as it is, and the warning comes again.
    assert grid(book, "Event Log")[1][4] == "round 1 paired: 4 boards"
    assert "row 2" in ok("recalc", book, "--in-place")


def test_a_deleted_log_row_is_reported_at_the_row_after_it(tmp_path: Path) -> None:
    book = played_book(tmp_path, 2)
    edit(book, "Event Log", lambda g: [g[0], *g[2:], [None] * len(g[0])])
    assert "level 2 warning: sheet 'Event Log' row 2" in ok("recalc", book, "--in-place")


def test_undo_without_history_is_one_line_and_changes_nothing(tmp_path: Path) -> None:
    book = new_book(tmp_path)
    before = digest(book)
    said = refused("undo", book)
    assert said.count("\n") == 1 and "has no history to undo" in said and str(book) in said
    assert digest(book) == before
    assert "no history" in refused("history", book)


def test_history_lists_the_states_undo_restores(tmp_path: Path) -> None:
    book = played_book(tmp_path, 2)
    lines = ok("history", book).splitlines()
    assert lines[:2] == ["   1  done    Pairing round 1", "   2  done    Pairing round 2"]
    ok("undo", book, "--confirm")  # round 2's results go with its rows (confirmed)
    assert ok("history", book).splitlines()[1] == "   2  undone  Pairing round 2"


def test_unpairing_a_round_with_results_needs_a_confirmation(tmp_path: Path) -> None:
    book = played_book(tmp_path, 1)
    before = digest(book)
    said = refused("unpair", book, "--in-place")
    assert "level 3: Unpair round 1" in said and "5 results typed" in said
    assert "--confirm" in said
    assert digest(book) == before
    ok("unpair", book, "--in-place", "--confirm")
    last = grid(book, "Event Log")[-1]
    assert (last[1], last[2], last[6]) == (1, "Unpairing", "--confirm")
    assert [r for r in grid(book, "Swiss Games")[1:] if any(v is not None for v in r)] == []


def test_only_the_last_round_can_be_unpaired(tmp_path: Path) -> None:
    book = played_book(tmp_path, 2)
    said = refused("unpair", book, "--in-place", "--round", "1", "--confirm")
    assert "only the last paired round (2)" in said


def test_correcting_round_1_in_round_5_is_refused_in_fide_mode(tmp_path: Path) -> None:
    book = played_book(tmp_path, 4)
    ok("pair", book, "--in-place")

    def flip(g: Grid) -> Grid:
        rows = [list(r) for r in g]
        next(r for r in rows[1:] if r[0] == 1 and r[1] == 1)[4] = "0-1"
        return rows

    edit(book, "Swiss Games", flip)
    before = digest(book)
    for flags in ((), ("--confirm",), ("--confirm", "--i-understand")):
        said = refused("recalc", book, "--in-place", *flags)
        assert "refused in FIDE mode (level 5)" in said
        assert "Correction round 1" in said and "only round 4's results" in said
    assert digest(book) == before


def test_a_confirmation_given_where_none_is_needed_is_refused(tmp_path: Path) -> None:
    book = new_book(tmp_path)
    before = digest(book)
    said = refused("pair", book, "--in-place", "--confirm")
    assert "--confirm given, but nothing in this run needs a confirmation" in said
    assert digest(book) == before
    said = refused("pair", book, "--in-place", "--i-understand")
    assert "--i-understand goes with --confirm" in said


def test_fide_mode_cannot_be_turned_back_on(tmp_path: Path) -> None:
    book = played_book(tmp_path, 1)
    edit(book, "Swiss Settings", lambda g: setting(g, "FIDE Mode", "Off"))
    ok("recalc", book, "--in-place", "--confirm", "--i-understand")
    # Out of FIDE mode, the summary and every web page say so.
    assert "Not in FIDE mode (left in round 1)" in ok("recalc", book, "--in-place")
    ok("publish", book, "--out-dir", tmp_path / "site")
    pages = list((tmp_path / "site").glob("*.html"))
    assert pages and all("not in FIDE mode" in p.read_text(encoding="utf-8") for p in pages)
    edit(book, "Swiss Settings", lambda g: setting(g, "FIDE Mode", "On"))
    said = refused("recalc", book, "--in-place", "--confirm")
    assert "Swiss Settings" in said and "cannot be turned back on" in said and "level 5" in said


def test_a_setting_changed_after_round_1_is_level_3(tmp_path: Path) -> None:
    book = played_book(tmp_path, 1)
    edit(book, "Swiss Settings", lambda g: [*g, ["First Colour", "Black"]])
    before = digest(book)
    said = refused("recalc", book, "--in-place")
    assert "level 3: Setting First Colour" in said and "standard input is not a terminal" in said
    assert digest(book) == before


def test_a_tiebreak_list_changed_after_round_1_is_level_4_and_logs_the_list_before(
    tmp_path: Path,
) -> None:
    """VCL questions 201-202 (as Sharly-Chess quotes them): changing the tie-break list after
    the start is a level-4 act (two steps), and the TRF's ``###`` line names the round and the
    list before it. A change of First Colour stays level 3 (the test above)."""
    book = played_book(tmp_path, 1)
    edit(book, "Swiss Settings", lambda g: setting(g, "Tie-breaks", "SB DE"))
    before = digest(book)
    said = refused("recalc", book, "--in-place", "--confirm")
    assert "level-4 act" in said and "Setting Tie-breaks" in said and "--i-understand" in said
    assert digest(book) == before
    ok("recalc", book, "--in-place", "--confirm", "--i-understand")
    assert log(book)[-1][1:] == (1, "Setting")
    ok("trf", "export", book, "-o", tmp_path / "event.trf")
    text = (tmp_path / "event.trf").read_text(encoding="utf-8")
    assert "### Configuration @ Round 1: Tie-breaks BH SB => Tie-breaks SB DE" in text


def test_a_setting_changed_before_round_1_is_not_logged(tmp_path: Path) -> None:
    book = new_book(tmp_path)
    ok("recalc", book, "--in-place")
    edit(book, "Swiss Settings", lambda g: setting(g, "Rounds", 6))
    ok("recalc", book, "--in-place")
    assert "Event Log" not in openpyxl.load_workbook(book).sheetnames  # it starts with round 1


def test_the_log_and_fide_mode_survive_trf_export_and_import(tmp_path: Path) -> None:
    book = played_book(tmp_path, 2)
    edit(book, "Swiss Settings", lambda g: setting(g, "FIDE Mode", "Off"))
    ok("recalc", book, "--in-place", "--confirm", "--i-understand")
    trf = tmp_path / "event.trf"
    ok("trf", "export", book, "-o", trf)
    assert "### FIDE Mode Off @ Round 2" in trf.read_text(encoding="utf-8")
    back = tmp_path / "back.xlsx"
    ok("trf", "import", trf, "-o", back)
    written, read = grid(book, "Event Log"), grid(back, "Event Log")
    assert read[: len(written)] == written  # every field, the digests too
    assert [r[2] for r in read[len(written) :]] == ["Import"]
    assert "event.trf" in read[-1][4]
    assert next(r[:2] for r in grid(back, "Swiss Settings") if r[0] == "FIDE Mode") == [
        "FIDE Mode",
        "Off",
    ]
    # The imported book goes on from there: out of FIDE mode, and its log's chain holds.
    said = ok("recalc", back, "--in-place")
    assert "Not in FIDE mode (left in round 2)" in said and "level 4" not in said


def test_an_imported_event_is_in_fide_mode_and_its_log_starts_with_the_import(
    tmp_path: Path,
) -> None:
    book = played_book(tmp_path, 1)
    trf = tmp_path / "event.trf"
    ok("trf", "export", book, "-o", trf)
    back = tmp_path / "back.xlsx"
    ok("trf", "import", trf, "-o", back)
    assert [r[2] for r in grid(back, "Event Log")[1:]] == ["Pairing", "Import"]
    assert next(r[:2] for r in grid(back, "Swiss Settings") if r[0] == "FIDE Mode") == [
        "FIDE Mode",
        "On",
    ]
    ok("pair", back, "--in-place")
    assert [r[2] for r in grid(back, "Event Log")[1:]] == ["Pairing", "Import", "Pairing"]


@pytest.mark.parametrize(("answer", "logged"), [(True, True), (False, False)])
def test_at_a_terminal_a_level_3_act_is_asked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, answer: bool, logged: bool
) -> None:
    import click

    from ratingbook.cli import confirming

    book = played_book(tmp_path, 1)
    edit(book, "Swiss Settings", lambda g: [*g, ["First Colour", "Black"]])
    asked: list[str] = []

    def confirm(text: str, **_: object) -> bool:
        asked.append(text)
        return answer

    monkeypatch.setattr(confirming, "terminal", lambda: True)
    monkeypatch.setattr(confirming, "_standard_input", contextlib.nullcontext)
    monkeypatch.setattr(click, "confirm", confirm)
    done = run("recalc", book, "--in-place")
    assert (done.returncode == 0) is logged, done.stderr
    if logged:
        last = grid(book, "Event Log")[-1]
        assert (last[2], last[6]) == ("Setting", "confirmed at the prompt")
    else:
        assert "Setting First Colour: cancelled; nothing was changed" in done.stderr


def rated_book(tmp_path: Path) -> Path:
    path = tmp_path / "rated.xlsx"
    make_book(
        {
            "Swiss Settings": [
                ["Setting", "Value"],
                ["Rounds", 5],
                ["FIDE Rated", "Standard"],
                ["Start Date", "2026-04-01"],
                ["Auto-pair", "Off"],
            ],
            "Swiss Players": [
                ["No.", "Name", "Rating", "FIDE ID"],
                *[
                    [i, n, r, 1000 + i]
                    for i, (n, r) in enumerate(
                        [("Anna", 2200), ("Boris", 2150), ("Carl", 2100), ("Dana", 2050)], 1
                    )
                ],
            ],
            "Swiss Games": [["Round", "Board", "White", "Black", "Result"]],
            "Rating Corrections": [["Round", "White", "Black", "Result"]],
        }
    ).save(path)
    return path


def test_a_rating_report_correction_changes_only_the_rating_report(tmp_path: Path) -> None:
    book = rated_book(tmp_path)
    ok("pair", book, "--in-place")
    edit(book, "Swiss Games", lambda g: type_results(g, 1, lambda _: "1-0"))
    ok("recalc", book, "--in-place")
    games = grid(book, "Swiss Games")
    white, black = games[1][2], games[1][3]
    standings = grid(book, "Swiss Standings")
    edit(book, "Rating Corrections", lambda g: [*g, [1, white, black, "0-1"]])
    assert f"level 3: Rating correction round 1: {white} - {black}" in refused(
        "recalc", book, "--in-place"
    )
    ok("recalc", book, "--in-place", "--confirm")
    # Pairings and standings keep the result as played; the rating report counts 0-1.
    assert grid(book, "Swiss Games") == games
    assert grid(book, "Swiss Standings") == standings
    rated = {r[1]: r for r in grid(book, "Rating Games")[1:]}
    header = grid(book, "Rating Games")[0]
    assert rated[white][header.index("Score")] == 0
    assert rated[black][header.index("Score")] == 1
    # Logged as the TEC Manual writes a board: start numbers, White first.
    number = {r[1]: r[0] for r in grid(book, "Swiss Players")[1:]}
    last = grid(book, "Event Log")[-1]
    assert last[2:5] == [
        "Rating Correction",
        f"{number[white]}-{number[black]}: 1-0",
        "0-1 (rating report only)",
    ]
    assert last[6] == "--confirm"


def test_a_rating_correction_of_no_game_names_its_cell(tmp_path: Path) -> None:
    book = rated_book(tmp_path)
    ok("pair", book, "--in-place")
    edit(book, "Rating Corrections", lambda g: [*g, [1, "Anna", "Boris", "0-1"]])
    before = digest(book)
    said = refused("recalc", book, "--in-place", "--confirm")
    assert "Rating Corrections" in said and "row 2" in said and "no game Anna - Boris" in said
    assert digest(book) == before


def test_a_confirmation_for_a_book_without_an_event_is_refused(tmp_path: Path) -> None:
    from tests.helpers.workbooks import ladder_sheets

    book = tmp_path / "ladder.xlsx"
    make_book(ladder_sheets()).save(book)
    said = refused("recalc", book, "--confirm")
    assert "--confirm given, but the book holds no Swiss event" in said
    assert not (tmp_path / "ladder-recalculated.xlsx").exists()


def test_rows_deleted_at_the_end_of_the_log_are_a_level_4_warning(tmp_path: Path) -> None:
    book = played_book(tmp_path, 2)
    edit(book, "Event Log", lambda g: [*g[:-1], [None] * len(g[0])])  # the last row gone
    said = ok("recalc", book, "--in-place")
    assert "level 2 warning: sheet 'Event Log' row 2: the log's last row is not" in said


def test_a_deleted_event_state_is_a_level_4_warning(tmp_path: Path) -> None:
    book = played_book(tmp_path, 1)
    wb = openpyxl.load_workbook(book)
    del wb["Event State"]
    wb.save(book)
    assert "level 2 warning: sheet 'Event State' was deleted by hand" in ok(
        "recalc", book, "--in-place"
    )


def test_undo_keeps_typing_and_asks_before_clearing_results_in_the_rows_it_takes(
    tmp_path: Path,
) -> None:
    """Issue #33's case on the command line: round 2 paired, then its results, a corrected
    rating and a Prizes sheet typed. Undo names the results it would clear and writes nothing;
    confirmed, it takes the pairing back, clears those results only, and keeps the rating and
    the Prizes sheet as typed. Redo gives the pairing back, and the results it cleared."""
    book = played_book(tmp_path, 1)
    ok("pair", book, "--in-place")
    edit(book, "Swiss Games", lambda g: type_results(g, 2))

    def rating(g: Grid) -> Grid:
        return [[*r[:2], 2111, *r[3:]] if r[1] == "Carl" else list(r) for r in g]

    edit(book, "Swiss Players", rating)
    wb = openpyxl.load_workbook(book)
    prizes = wb.create_sheet("Prizes")
    for row in (["Place", "Amount"], [1, 100], [2, 50]):
        prizes.append(row)
    wb.save(book)
    typed = digest(book)
    said = refused("undo", book)
    assert "Undo Pairing round 2" in said and "'Swiss Games' E7 '1-0'" in said
    assert "--confirm" in said and digest(book) == typed
    ok("undo", book, "--confirm")
    assert grid(book, "Event Log")[-1][6] == "--confirm"  # the Undo row keeps its confirmation
    games = grid(book, "Swiss Games")
    assert [r for r in games[1:] if r[0] == 2] == []
    assert all(r[4] is None for r in games[6:])  # round 2's rows, results included, gone
    assert next(r for r in grid(book, "Swiss Players") if r[1] == "Carl")[2] == 2111
    assert grid(book, "Prizes") == [["Place", "Amount"], [1, 100], [2, 50]]
    assert [(r, k) for _, r, k in log(book)] == [(1, "Pairing"), (2, "Pairing"), (2, "Undo")]
    ok("redo", book)
    assert [(r, k) for _, r, k in log(book)][-2:] == [(2, "Undo"), (2, "Redo")]
    # the results the undo cleared come back with the pairing (typed: a draw on board 2)
    assert [r[4] for r in grid(book, "Swiss Games")[1:] if r[0] == 2] == [
        "1-0",
        "½-½",
        "1-0",
        "1-0",
        "1-0",
    ]


def test_unpairing_a_round_whose_results_were_just_typed_needs_a_confirmation(
    tmp_path: Path,
) -> None:
    """Results typed into the round and no run since: unpairing still takes them away, so it
    is level 3 (found by a user's test of issue #33)."""
    book = played_book(tmp_path, 1)
    ok("pair", book, "--in-place")
    edit(book, "Swiss Games", lambda g: type_results(g, 2))
    said = refused("unpair", book, "--in-place")
    assert "Unpair round 2" in said and "its 5 results typed are deleted" in said


def test_an_unconfirmed_correction_says_the_level_4_warning_too_and_the_book_by_name(
    tmp_path: Path,
) -> None:
    """Round 4's result corrected in round 5 (level 3) and a log row edited by hand (level 4)
    in the same run: the refusal says both (issue 34), and the commands it suggests name the
    book as typed, not BOOK."""
    book = played_book(tmp_path, 4)
    ok("pair", book, "--in-place")

    def flip(g: Grid) -> Grid:
        rows = [list(r) for r in g]
        next(r for r in rows[1:] if r[0] == 4 and r[1] == 1)[4] = "0-1"
        return rows

    def forge(g: Grid) -> Grid:
        rows = [list(r) for r in g]
        rows[1][4] = "round 1 paired: 4 boards"  # row 2 of the sheet, After
        return rows

    edit(book, "Swiss Games", flip)
    edit(book, "Event Log", forge)
    before = digest(book)
    said = refused("recalc", book, "--in-place")
    assert "level 3: Correction round 4" in said
    assert (
        f"ratingbook unpair {book} --round 5 --in-place then ratingbook pair {book} --in-place"
    ) in said
    assert "level 2 warning: sheet 'Event Log' row 2" in said
    assert digest(book) == before


def test_a_rated_event_scoring_2_1_2_recalculates_and_refuses_a_points_change(
    tmp_path: Path,
) -> None:
    """``Points`` ``2 1 2`` in a FIDE-rated event: the norms and ratings count the games' 1, ½,
    0 (B.01 1.4.9, B.02 8.1), so round 1's results recalculate (they crashed: 2 points out of
    1 game is no percentage), and a later change of ``Points`` meets its level-5 refusal."""
    book = rated_book(tmp_path)
    edit(book, "Swiss Settings", lambda g: [*g, ["Points", "2 1 2"]])
    ok("pair", book, "--in-place")
    edit(book, "Swiss Games", lambda g: type_results(g, 1, lambda _: "1-0"))
    ok("recalc", book, "--in-place")
    standings = grid(book, "Swiss Standings")
    rp = standings[0].index("Rp")
    # Anna (2200) beat Carl (2100) in round 1 (Dutch: 1 v 3): 1/1, Rp 2100 + 800.
    assert next(r[rp] for r in standings if "Anna" in r) == 2900
    edit(
        book,
        "Swiss Settings",
        lambda g: [r if r[0] != "Points" else ["Points", "3 1 3"] for r in g],
    )
    said = refused("recalc", book, "--in-place", "--confirm")
    assert "level 5" in said and "the points system is locked" in said
