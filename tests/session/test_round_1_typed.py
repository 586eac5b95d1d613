"""Round 1 typed into ``Swiss Games`` by hand in FIDE mode (issue #37; a user test found it
neither compared nor logged, while round 2 typed by hand was). The fide-mode page: "a round
typed into Swiss Games by hand, outside a manual-pairing phase, is level 3 and compared with the
pairing the rules give it", its boards' order checked (level 2, VCL 187-188); the Event Log
starts at that run.

The pairing the rules give is worked out here by hand from the Dutch rules (C.04.3): six
players rated 2400, 2350, ... 2150 are start numbers 1 to 6; round 1 pairs the top half
{1, 2, 3} with the bottom half {4, 5, 6} in order, 1-4, 2-5, 3-6; the top seed gets the First
Colour (White) and the colours alternate down the boards (C.04.3 E.5): 1-4, 5-2, 3-6.
"""

from __future__ import annotations

from typing import Any

from ratingbook.session import Done, NeedsConfirmation, Recalc, Session, Undo
from ratingbook.workbook.port.grid_book import MemoryBook

Grid = list[list[Any]]
NAMES = ["Anna", "Bob", "Carl", "Dana", "Erik", "Femke"]
#: Round 1 as C.04.3 pairs it (above), in start numbers, White first.
RULES = {"1-4", "5-2", "3-6"}


def book_with(round_1: list[tuple[str, str]], *, fide_mode: str = "On") -> MemoryBook:
    return MemoryBook(
        {
            "Swiss Settings": [
                ["Setting", "Value"],
                ["Rounds", 5],
                ["FIDE Mode", fide_mode],
                ["Auto-pair", "Off"],
                ["First Colour", "White"],
                ["Start Date", "2026-04-11"],
            ],
            "Swiss Players": [
                ["No.", "Name", "Rating"],
                *[[None, name, 2400 - 50 * i] for i, name in enumerate(NAMES)],
            ],
            "Swiss Games": [
                ["Round", "Board", "White", "Black", "Result"],
                *[[1, board, w, b, None] for board, (w, b) in enumerate(round_1, 1)],
            ],
        }
    )


def session(book: MemoryBook) -> Session:
    return Session(book, who="arbiter", now="2026-04-11T09:00:00Z")


def log_rows(book: MemoryBook) -> list[tuple[Any, ...]]:
    return [tuple(r[1:5]) for r in book.grids().get("Event Log", [])[1:]]


def number(name: str) -> int:
    return NAMES.index(name) + 1


def test_round_1_typed_against_the_rules_is_level_3_and_logged_with_both_pairings() -> None:
    book = book_with([("Anna", "Bob"), ("Carl", "Dana"), ("Erik", "Femke")])
    before = book.grids()
    asked = session(book).run(Recalc())
    assert isinstance(asked, NeedsConfirmation), asked
    assert [(a.name, a.level) for a in asked.acts] == [("Pairing round 1", 3)]
    assert "round 1 was paired by hand, not by the engine" in asked.acts[0].warning
    assert book.grids() == before  # nothing written before the confirmation
    done = asked.resume("--confirm")
    assert isinstance(done, Done)
    [(round_number, kind, rules, typed)] = log_rows(book)  # the log starts at this run
    assert (round_number, kind) == (1, "Pairing")
    assert set(str(rules).split()) == RULES
    assert set(str(typed).split()) == {"1-2", "3-4", "5-6"}


def test_round_1_typed_as_the_rules_give_it_is_still_a_round_typed_by_hand() -> None:
    by_number = {n: name for name, n in ((name, number(name)) for name in NAMES)}
    pairs = [(by_number[int(w)], by_number[int(b)]) for w, b in (s.split("-") for s in RULES)]
    pairs.sort(key=lambda p: min(number(p[0]), number(p[1])))  # C.04.2: 1-4, 5-2, 3-6
    book = book_with(pairs)
    done = session(book).run(Recalc())
    assert isinstance(done, NeedsConfirmation)
    assert done.acts[0].name == "Pairing round 1" and "order" not in done.acts[0].warning
    done.resume("--confirm")
    [(_, kind, before, after)] = log_rows(book)
    assert kind == "Pairing" and not before
    assert after == "round 1 paired: 3 boards (typed into Swiss Games, not by the engine)"


def test_round_1_boards_typed_out_of_order_say_the_order() -> None:
    """All on 0 points: C.04.2 orders the boards by the lower start number on each, 1-4 first,
    then 5-2, then 3-6; typed with 3-6 on board 1 (level 2, said with the question)."""
    book = book_with([("Carl", "Femke"), ("Anna", "Dana"), ("Erik", "Bob")])
    asked = session(book).run(Recalc())
    assert isinstance(asked, NeedsConfirmation)
    warning = asked.acts[0].warning
    assert "1-4 5-2 3-6" in warning and "3-6 1-4 5-2" in warning


def test_its_undo_takes_the_typed_round_back() -> None:
    book = book_with([("Anna", "Bob"), ("Carl", "Dana"), ("Erik", "Femke")])
    asked = session(book).run(Recalc())
    assert isinstance(asked, NeedsConfirmation)
    asked.resume("--confirm")
    undo = session(book).run(Undo())  # the undo of a level-3 act is a level-3 act
    assert isinstance(undo, NeedsConfirmation) and undo.acts[0].level == 3
    assert isinstance(undo.resume("--confirm"), Done)
    assert [r for r in book.grids()["Swiss Games"][1:] if any(v not in (None, "") for v in r)] == []
    assert [r[2] for r in book.grids()["Event Log"][1:]] == ["Pairing", "Undo"]


def test_outside_fide_mode_round_1_typed_is_the_logs_starting_point() -> None:
    book = book_with([("Anna", "Bob"), ("Carl", "Dana"), ("Erik", "Femke")], fide_mode="Off")
    assert isinstance(session(book).run(Recalc()), Done)
    assert log_rows(book) == []
