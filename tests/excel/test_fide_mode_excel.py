"""FIDE mode in Excel (issue #25), on xlwings' JSON engine (xlwings Server and Lite, no message
box: the Confirm setting) and with a desktop book's message box: the scripted event's logged
changes in order, each warning level, the Confirm cell consumed and logged, nothing of level 3
or more done unconfirmed (nothing queued for Excel when refused).
"""

from __future__ import annotations

from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import pytest
from tests.helpers.fide_event import Grid, event_sheets, setting, type_results
from tests.helpers.jsonbook import actions, apply_actions, make_json_book

from ratingbook.errors import ConfirmationError, RatingbookError
from ratingbook.events.fide_mode.machine import Act
from ratingbook.excel.confirming import confirmed
from ratingbook.excel.scripts import recalc_book, undo_book, unpair_book
from ratingbook.session import Done, NeedsConfirmation
from ratingbook.workbook.port.book import Plan

Sheets = dict[str, Grid]


@pytest.fixture(autouse=True)
def _arbiter(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RATINGBOOK_USER", "arbiter")


def shown(value: object) -> object:
    """A value as Excel stores it (the text prefix, a leading apostrophe, dropped)."""
    return value[1:] if isinstance(value, str) and value.startswith("'") else value


def replayed(sheets: Sheets, book: Any) -> Sheets:
    after = apply_actions(sheets, actions(book))
    return {name: [[shown(v) for v in r] for r in grid] for name, grid in after.items()}


def excel(sheets: Sheets, work: Callable[[Any], object] = recalc_book) -> Sheets:
    """Run ``work`` on a JSON book of ``sheets``: the sheets as Excel ends up with them."""
    book = make_json_book(sheets)
    work(book)
    return replayed(sheets, book)


def refused_in_excel(sheets: Sheets, work: Callable[[Any], object] = recalc_book) -> str:
    """The refusal, and that nothing at all was queued for Excel."""
    book = make_json_book(sheets)
    with pytest.raises(RatingbookError) as refusal:
        work(book)
    assert actions(book) == []
    return str(refusal.value)


def with_setting(sheets: Sheets, name: str, value: object) -> Sheets:
    return {**sheets, "Swiss Settings": setting(sheets["Swiss Settings"], name, value)}


def results(sheets: Sheets, number: int) -> Sheets:
    return {**sheets, "Swiss Games": type_results(sheets["Swiss Games"], number)}


def log(sheets: Sheets) -> list[tuple[Any, ...]]:
    return [(r[1], r[2]) for r in sheets["Event Log"][1:] if r and r[0] is not None]


def confirm_cell(sheets: Sheets) -> object:
    return next(r[1] for r in sheets["Swiss Settings"] if r[0] == "Confirm")


def test_the_scripted_event_in_excel_logs_each_change_with_its_confirmation() -> None:
    sheets = with_setting(event_sheets(), "Auto-pair", "On")
    sheets = excel(sheets)  # round 1 paired by the recalc
    assert log(sheets) == [(1, "Pairing")]
    sheets = excel(results(sheets, 1))  # results typed: round 2 paired
    sheets = excel(sheets, unpair_book)  # no result yet: no warning
    sheets = excel(sheets)  # auto-pair: round 2 paired again
    sheets = excel(results(sheets, 2))  # round 3 paired
    games = [list(r) for r in sheets["Swiss Games"]]
    next(r for r in games[1:] if r[0] == 2 and r[1] == 1)[4] = "0-1"
    corrected = {**sheets, "Swiss Games": games}
    assert "Correction round 2" in refused_in_excel(corrected)
    sheets = excel(with_setting(corrected, "Confirm", "Correction round 2"))
    sheets = excel(results(sheets, 3))  # round 4 paired
    sheets = excel(  # a new tie-break list: level 4 (issue #37)
        with_setting(
            with_setting(sheets, "Tie-breaks", "BH"), "Confirm", "Setting Tie-breaks: I understand"
        )
    )
    # the number of rounds: level 4 too (issue #37, VCL question 58)
    rounds = "Setting Rounds"
    sheets = excel(with_setting(with_setting(sheets, "Rounds", 8), "Confirm",
                                f"{rounds}: I understand"))  # fmt: skip
    assert log(sheets) == [
        (1, "Pairing"),
        (2, "Pairing"),
        (2, "Unpairing"),
        (2, "Pairing"),
        (3, "Pairing"),
        (2, "Correction"),
        (4, "Pairing"),
        (4, "Setting"),
        (4, "Setting"),
    ]
    confirmations = [r[6] for r in sheets["Event Log"][1:]]
    assert confirmations[5] == "Confirm setting: Correction round 2"
    assert confirmations[8] == f"Confirm setting: {rounds}: I understand"
    # The chain holds as Excel gives the sheet back (When read back as a date and time).
    assert not [line for line in recalc_book(make_json_book(sheets)).summary if "level 4" in line]


def test_level_3_in_excel_needs_the_confirm_setting_which_is_consumed_and_logged() -> None:
    sheets = with_setting(event_sheets(), "Auto-pair", "On")
    sheets = excel(results(excel(sheets), 1))  # round 1 played, round 2 paired
    changed = {**sheets, "Swiss Settings": [*sheets["Swiss Settings"], ["First Colour", "Black"]]}
    said = refused_in_excel(changed)  # a tie-break list or the rounds would be level 4
    assert "level 3: Setting First Colour" in said and "Confirm setting" in said
    done = excel(with_setting(changed, "Confirm", "Setting First Colour"))
    last = done["Event Log"][-1]
    assert (last[1], last[2], last[6]) == (2, "Setting", "Confirm setting: Setting First Colour")
    assert confirm_cell(done) is None  # consumed
    assert not [line for line in recalc_book(make_json_book(done)).summary if "level 4" in line]


def test_level_4_in_excel_needs_i_understand_in_the_confirm_setting() -> None:
    sheets = with_setting(event_sheets(), "Auto-pair", "On")
    sheets = excel(results(excel(sheets), 1))
    off = with_setting(sheets, "FIDE Mode", "Off")
    assert "Leave FIDE mode" in refused_in_excel(off)
    said = refused_in_excel(with_setting(off, "Confirm", "Leave FIDE mode"))
    assert "'Leave FIDE mode: I understand'" in said
    done = excel(with_setting(off, "Confirm", "Leave FIDE mode: I understand"))
    assert log(done)[-1] == (2, "FIDE Mode Off")
    # From now on every printout title says so (Excel's page header), and the summary.
    book = make_json_book(done)
    plan = recalc_book(book)
    assert plan.summary[0] == "Not in FIDE mode (left in round 2)"
    assert all(
        "not in FIDE mode" in s.print_setup.title
        for s in plan.sheets
        if s.print_setup and s.name != "Event Log"  # the record of FIDE mode itself
    )


def test_level_5_in_excel_is_refused_whatever_is_confirmed() -> None:
    sheets = with_setting(event_sheets(), "Auto-pair", "On")
    for number in (1, 2, 3):
        sheets = excel(results(excel(sheets) if number == 1 else sheets, number))
    games = [list(r) for r in sheets["Swiss Games"]]
    next(r for r in games[1:] if r[0] == 1 and r[1] == 1)[4] = "0-1"
    wrong = with_setting({**sheets, "Swiss Games": games}, "Confirm", "Correction round 1")
    said = refused_in_excel(wrong)
    assert "refused in FIDE mode (level 5)" in said and "only round 3's results" in said


def test_level_2_in_excel_is_said_and_logged_without_a_confirmation() -> None:
    sheets = with_setting(event_sheets(), "Auto-pair", "On")
    sheets = excel(results(excel(sheets), 1))
    late = {**sheets, "Swiss Players": [*sheets["Swiss Players"], [None, "Ivan", 1800, None]]}
    book = make_json_book(late)
    plan = recalc_book(book)
    assert any(line.startswith("level 2 warning: Ivan enters late") for line in plan.summary)
    done = replayed(late, book)
    last = done["Event Log"][-1]
    assert (last[2], last[6]) == ("Late Entry", "level 2 warning shown")


def test_a_confirm_cell_nothing_needs_is_refused_naming_its_cell() -> None:
    sheets = with_setting(event_sheets(), "Confirm", "Setting Rounds")
    said = refused_in_excel(sheets)
    assert "Swiss Settings" in said and "row 9" in said and "nothing in this run needs" in said


def test_manual_pairing_in_excel_is_started_and_ended_by_its_setting() -> None:
    sheets = with_setting(event_sheets(), "Auto-pair", "On")
    sheets = excel(results(excel(sheets), 1))  # round 2 paired
    sheets = excel(with_setting(sheets, "Manual Pairing", "Round 2"))
    book = make_json_book(sheets)  # a recalc while the phase is open: it stays open
    assert "manual pairing of round 2 is open (end it)" in recalc_book(book).summary
    games = [list(r) for r in sheets["Swiss Games"]]
    one = next(r for r in games[1:] if r[0] == 2 and r[1] == 1)
    two = next(r for r in games[1:] if r[0] == 2 and r[1] == 2)
    one[3], two[3] = two[3], one[3]
    ended = with_setting({**sheets, "Swiss Games": games}, "Manual Pairing", "End")
    book = make_json_book(ended)
    try:
        recalc_book(book)
    except ConfirmationError as refusal:  # a level-3 problem of the new pairs
        assert "Manual pairing round 2" in str(refusal)
        ended = with_setting(ended, "Confirm", "Manual pairing round 2")
        book = make_json_book(ended)
        recalc_book(book)
    done = replayed(ended, book)
    assert log(done)[-1] == (2, "Manual Pairing")
    assert next(r[1] for r in done["Swiss Settings"] if r[0] == "Manual Pairing") is None


def _desktop(answers: list[str]) -> Any:
    asked: list[str] = []

    def alert(text: str, **_: object) -> str:
        asked.append(text)
        return answers.pop(0)

    return SimpleNamespace(app=SimpleNamespace(alert=alert)), asked


def _waiting(act: Act) -> tuple[NeedsConfirmation, list[str]]:
    """A run waiting for ``act``, and the confirmations it was resumed with."""
    given: list[str] = []

    def resume(text: str) -> Done:
        given.append(text)
        return Done(Plan())

    return NeedsConfirmation((act,), 2 if act.level >= 4 else 1, "in the book", resume), given


def test_desktop_excel_asks_in_a_message_box_twice_for_level_4() -> None:
    act3, act4 = Act("Setting Rounds", 3, "changed"), Act("Leave FIDE mode", 4, "final")
    book, asked = _desktop(["ok"])
    waiting, given = _waiting(act3)
    confirmed(book, waiting, remote=False)
    assert given == ["OK in the message box"]
    assert len(asked) == 1 and "Level 3 warning: Setting Rounds" in asked[0]
    book, asked = _desktop(["ok", "ok"])
    waiting, given = _waiting(act4)
    confirmed(book, waiting, remote=False)
    assert len(asked) == 2 and "cannot be taken back" in asked[1] and given
    book, asked = _desktop(["ok", "cancel"])
    waiting, given = _waiting(act4)
    with pytest.raises(ConfirmationError, match="cancelled; nothing was changed"):
        confirmed(book, waiting, remote=False)
    assert given == []  # cancelled: the run is never resumed, nothing is written


def test_a_log_row_edited_in_excel_is_reported_as_level_4_naming_it() -> None:
    sheets = with_setting(event_sheets(), "Auto-pair", "On")
    sheets = excel(results(excel(sheets), 1))
    forged = [list(r) for r in sheets["Event Log"]]
    forged[2][5] = "somebody else"  # row 3 of the sheet, Who
    plan = recalc_book(make_json_book({**sheets, "Event Log": forged}))
    assert "level 2 warning: sheet 'Event Log' row 3" in " ".join(plan.summary)


INPUTS = ("Swiss Settings", "Swiss Players", "Swiss Games", "Forbidden Pairs", "Rating Corrections")


def inputs(sheets: Sheets) -> Sheets:
    return {k: v for k, v in sheets.items() if k in INPUTS}


def without_record(sheets: Sheets) -> Sheets:
    """Every sheet but FIDE mode's record (the log keeps every row: an undo adds one)."""
    return {k: v for k, v in sheets.items() if k not in ("Event Log", "Event State")}


def state_items(sheets: Sheets) -> list[Any]:
    """The Event State's rows but its log digest (which follows the log's last row)."""
    return [r for r in sheets.get("Event State", []) if r and r[0] not in ("Log", None)]


def cells(sheets: Sheets) -> Sheets:
    """Every sheet but the history, as Excel shows it: numbers as numbers, trailing empty rows
    and columns left out, empty sheets left out."""

    def norm(v: object) -> object:
        return int(v) if isinstance(v, float) and v.is_integer() else (None if v == "" else v)

    out: Sheets = {}
    for name, grid in sheets.items():
        if name == "Event History":
            continue
        rows = [[norm(v) for v in r] for r in grid]
        while rows and all(v is None for v in rows[-1]):
            rows.pop()
        width = max((i + 1 for r in rows for i, v in enumerate(r) if v is not None), default=0)
        rows = [(r + [None] * width)[:width] for r in rows]
        if rows:
            out[name] = rows
    return out


def _confirmed(sheets: Sheets, work: Callable[[Any], object] = recalc_book) -> Sheets:
    """``sheets`` with the Confirm setting the run asks for, if it asks (level 3 or 4)."""
    try:
        excel(sheets, work)
    except ConfirmationError as refusal:
        asked = str(refusal)
        act = asked.split("level ")[1].split(": ")[1]
        level = int(asked.split("level ")[1][0])
        return with_setting(sheets, "Confirm", act + (": I understand" if level == 4 else ""))
    return sheets


def _game(sheets: Sheets, round_number: int, board: int) -> list[Any]:
    return next(r for r in sheets["Swiss Games"][1:] if r[0] == round_number and r[1] == board)


@pytest.mark.slow  # the command line's scripted event on the JSON engine: the longest case here
def test_the_7_round_event_in_excel_logs_every_kind_and_undo_gives_back_each_step() -> None:
    """The scripted event on the JSON engine (xlwings Server/Lite): every kind of logged change
    confirmed in the Confirm cell; after each step an undo gives back, cell for cell, the book
    before it (before the typing for a change typed by hand, as the run read it for the
    engine's pairing or the unpairing)."""
    from ratingbook.excel.scripts import undo_book

    expected: list[tuple[int, str]] = []

    def step(
        book: Sheets,
        edit: Callable[[Sheets], Sheets],
        logged: list[tuple[int, str]],
        *,
        by_hand: bool,
        work: Callable[[Any], object] = recalc_book,
    ) -> Sheets:
        edited = _confirmed(edit(book), work)
        after = excel(edited, work)
        expected.extend(logged)
        assert log(after) == expected
        if logged[0] == (7, "FIDE Mode Off"):  # final (C.02): never undone
            assert "leaving FIDE mode is final" in refused_in_excel(after, undo_book)
            return after
        # The undo of a level-3 or 4 act is one too: confirmed in the Confirm cell, consumed.
        undone = excel(_confirmed(after, undo_book), undo_book)
        then = book if by_hand else edited
        if by_hand:  # the book as ratingbook last wrote it, every sheet
            assert without_record(cells(undone)) == without_record(cells(then))
        else:  # the book as the command read it: what was typed; the event's sheets are
            # rebuilt from it (the book read held them as the run before the typing left them)
            assert inputs(cells(undone)) == inputs(cells(then))
        if state_items(then):  # the state the log held then
            assert state_items(undone) == state_items(then)
        else:  # before the log's first act: a state that records nothing paired
            assert [r[0] for r in state_items(undone)[1:]] == [
                "Format",
                "FIDE Mode",
                "Manual Pairing",
            ]
        assert log(undone) == [*expected, (logged[0][0], "Undo")]
        return after

    def swap_blacks(s: Sheets) -> Sheets:
        games = [list(r) for r in s["Swiss Games"]]
        three = next(r for r in games[1:] if r[0] == 2 and r[1] == 3)
        four = next(r for r in games[1:] if r[0] == 2 and r[1] == 4)
        three[3], four[3] = four[3], three[3]
        return with_setting({**s, "Swiss Games": games}, "Manual Pairing", "End")

    def corrected(s: Sheets, number: int) -> Sheets:
        games = [list(r) for r in s["Swiss Games"]]
        next(r for r in games[1:] if r[0] == number and r[1] == 1)[4] = "0-1"
        return {**s, "Swiss Games": games}

    def players(s: Sheets, change: Callable[[list[Any]], None]) -> Sheets:
        rows = [list(r) for r in s["Swiss Players"]]
        for row in rows[1:]:
            change(row)
        return {**s, "Swiss Players": rows}

    def exchange(row: list[Any]) -> None:
        row[0] = {1: 2, 2: 1}.get(row[0], row[0])

    def withdraw(row: list[Any]) -> None:
        if row[1] == "Hana":
            row[3] = 5

    def rating_only(b: Sheets) -> Sheets:
        game = _game(b, 6, 1)
        rows = [*b["Rating Corrections"], [6, game[2], game[3], "0-1"]]
        return {**b, "Rating Corrections": rows}

    same: Callable[[Sheets], Sheets] = lambda b: b  # noqa: E731
    s = with_setting(event_sheets(), "Auto-pair", "On")
    s = step(s, same, [(1, "Pairing")], by_hand=False)
    s = step(s, lambda b: results(b, 1), [(2, "Pairing")], by_hand=False)
    s = step(s, same, [(2, "Unpairing")], by_hand=False, work=unpair_book)
    s = step(s, same, [(2, "Pairing")], by_hand=False)  # re-paired by the next recalc
    s = excel(with_setting(s, "Manual Pairing", "Round 2"))  # the manual phase starts
    s = step(s, swap_blacks, [(2, "Manual Pairing")], by_hand=True)
    s = step(s, lambda b: results(b, 2), [(3, "Pairing")], by_hand=False)
    s = step(s, lambda b: corrected(b, 2), [(2, "Correction")], by_hand=True)
    late = [None, "Ivan", 1800, None]
    s = step(
        s,
        lambda b: {**b, "Swiss Players": [*b["Swiss Players"], late]},
        [(4, "Late Entry")],
        by_hand=True,
    )
    s = step(s, lambda b: results(b, 3), [(4, "Pairing")], by_hand=False)
    s = step(s, lambda b: players(b, withdraw), [(5, "Withdrawal")], by_hand=True)
    s = step(s, lambda b: with_setting(b, "Tie-breaks", "BH"), [(4, "Setting")], by_hand=True)
    s = step(s, lambda b: results(b, 4), [(5, "Pairing")], by_hand=False)
    s = step(s, lambda b: players(b, exchange), [(5, "Start Numbers")], by_hand=True)
    s = step(s, lambda b: results(b, 5), [(6, "Pairing")], by_hand=False)
    s = step(s, lambda b: results(b, 6), [(7, "Pairing")], by_hand=False)
    s = step(s, rating_only, [(6, "Rating Correction")], by_hand=True)
    # A forbidden pair after round 1 means leaving FIDE mode (VCL question 196): added in the
    # run that leaves it, both acts confirmed.
    pair = "Forbidden pair Anna / Boris until round 5"

    def leave_and_forbid(b: Sheets) -> Sheets:
        left = with_setting(b, "FIDE Mode", "Off")
        confirmed = with_setting(left, "Confirm", f"Leave FIDE mode: I understand; {pair}")
        return {**confirmed, "Forbidden Pairs": [*b["Forbidden Pairs"], ["Anna", "Boris", 5]]}

    s = step(s, leave_and_forbid, [(7, "FIDE Mode Off"), (7, "Forbidden Pair")], by_hand=True)
    s = step(s, lambda b: corrected(b, 1), [(1, "Correction")], by_hand=True)
    s = excel(results(s, 7))
    assert log(s) == expected  # seven rounds played, nothing more logged
    confirmations = {r[2]: r[6] for r in s["Event Log"][1:]}
    assert confirmations["Forbidden Pair"] == (
        f"Confirm setting: Leave FIDE mode: I understand; {pair}"
    )
    assert confirmations["Late Entry"] == "level 2 warning shown"
    # Undo takes back the last act (the log keeps every row and says so); the one before it,
    # leaving FIDE mode, is final.
    once = excel(s, undo_book)
    assert log(once)[-1] == (1, "Undo") and once["Event Log"][-1][3] == "Correction round 1"
    assert "leaving FIDE mode is final" in refused_in_excel(once, undo_book)


def test_undo_in_excel_without_history_is_refused_and_writes_nothing() -> None:
    from ratingbook.excel.scripts import undo_book

    said = refused_in_excel(event_sheets(), undo_book)
    assert "no history to undo" in said


def test_undo_in_excel_keeps_what_was_typed_since_and_redo_gives_the_act_back() -> None:
    """The issue's case on the JSON engine (xlwings Server and Lite): round 2 paired, then a
    rating corrected and a sheet of the user's own typed; undo takes the pairing back and keeps
    both; redo gives the pairing back (issue #33)."""
    from ratingbook.excel.scripts import redo_book, undo_book

    s = with_setting(event_sheets(), "Auto-pair", "On")
    s = excel(results(excel(s), 1))  # round 1 played, round 2 paired
    assert [k for _, k in log(s)] == ["Pairing", "Pairing"]
    players = [list(r) for r in s["Swiss Players"]]
    players[3][2] = 2111
    typed = {**s, "Swiss Players": players, "My Notes": [["Note"], ["call Carl"]]}
    undone = excel(typed, undo_book)
    assert [r for r in undone["Swiss Games"][1:] if r and r[0] == 2] == []
    assert undone["Swiss Players"][3][2] == 2111
    assert undone["My Notes"] == [["Note"], ["call Carl"]]
    assert log(undone)[-1] == (2, "Undo")
    redone = excel(undone, redo_book)
    assert len([r for r in redone["Swiss Games"][1:] if r and r[0] == 2]) == 5
    assert redone["Swiss Players"][3][2] == 2111 and log(redone)[-1] == (2, "Redo")


def test_on_the_json_engine_ratingbooks_own_records_go_last_and_say_what_they_are() -> None:
    """xlwings Server and Lite cannot hide a sheet: the JSON engine's ``setSheetVisibility``
    (xlwings 0.37.8) is known to none of its clients, which abort on an unknown action. So
    Event State and Event History, hidden on every other path, are never asked to hide here:
    they go after every sheet a person reads, and their header row says what they are."""
    sheets = with_setting(event_sheets(), "Auto-pair", "On")
    book = make_json_book(sheets)
    recalc_book(book)  # round 1 paired: FIDE mode's record begins
    queued = actions(book)
    assert [a for a in queued if "visib" in a["func"].lower()] == []
    after = replayed(sheets, book)
    assert list(after)[-2:] == ["Event State", "Event History"]
    for name, header in (("Event State", ["Item", "Value"]),
                         ("Event History", ["Act", "Status", "What", "Data"])):  # fmt: skip
        first = after[name][0]
        assert first[: len(header)] == header  # ratingbook's columns, read back as they were
        (note,) = [v for v in first[len(header) :] if v not in (None, "")]
        assert "ratingbook's own record" in note and "do not edit" in note, note
    # Read back by the next run (the note is beyond the columns read): round 2 is paired on
    # results typed, and the act kept for undo reads.
    again = excel(results(after, 1))
    assert log(again) == [(1, "Pairing"), (2, "Pairing")]
    undone = excel(again, undo_book)
    assert log(undone)[-1] == (2, "Undo")
