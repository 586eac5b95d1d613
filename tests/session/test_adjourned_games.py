"""Adjourned games in a book, through the session (FIDE's 2026 checklist, Q157-169, as
Sharly-Chess's issue #2316 quotes them): a game registered as adjourned counts as a draw for
pairing (Q157); pairing with results missing adjourns them with a level-2 warning in FIDE mode
(Q159-160) and is refused outside it; a later result other than a draw is level 3 and logged
``### Adjournment`` (Q163); a pairing that leaves an adjourned game behind is level 2 (Q168);
neither the final standings nor the TRF while one has no result (Q161, Q169); the TRF written
during the event carries ``?`` and record 162's ``X`` (Q164-165).

Expected pairings are worked out by hand from the Dutch rules (C.04.3) in the comments; the
warning levels and the ``###`` line's shape are the checklist's.
"""

from __future__ import annotations

from typing import Any

import pytest
from gacrux.trf2json import trf2json
from tests.helpers.fide_event import event_sheets, setting, type_results

from ratingbook.errors import RatingbookError
from ratingbook.session import Done, NeedsConfirmation, Offer, Pair, Recalc, Session
from ratingbook.workbook.kinds.individual import IndividualKind
from ratingbook.workbook.port.grid_book import MemoryBook

Grid = list[list[Any]]


def session(book: MemoryBook) -> Session:
    return Session(book, who="arbiter", now="2026-04-01T09:00:00Z")


def done(outcome: object) -> Done:
    assert isinstance(outcome, Done), outcome
    return outcome


def typed(book: MemoryBook, sheet: str, grid: Grid) -> MemoryBook:
    """The book with ``sheet`` typed as ``grid`` (as an arbiter types in Excel)."""
    return MemoryBook({**book.grids(), sheet: grid})


def games(book: MemoryBook) -> Grid:
    return [list(r) for r in book.grids()["Swiss Games"]]


def round_1_with_board_3_unfinished(*, fide_mode: bool = True, rounds: int = 7) -> MemoryBook:
    """The ten-player event of FIDE mode's tests, round 1 paired and played but for board 3
    (Carl - Hana, start numbers 3 and 8), then recalculated."""
    sheets = event_sheets()
    settings = setting(sheets["Swiss Settings"], "Rounds", rounds)
    sheets["Swiss Settings"] = setting(settings, "FIDE Mode", "On" if fide_mode else "Off")
    book = MemoryBook(sheets)
    done(session(book).run(Pair()))
    played = type_results(games(book), 1, lambda board: None if board == 3 else "1-0")
    book = typed(book, "Swiss Games", played)
    done(session(book).run(Recalc()))
    return book


def pairs(book: MemoryBook, round_number: int) -> set[tuple[str, str]]:
    return {(r[2], r[3]) for r in games(book)[1:] if r[0] == round_number and r[3] != "BYE"}


def result_of(book: MemoryBook, white: str, black: str) -> object:
    return next(r[4] for r in games(book)[1:] if (r[2], r[3]) == (white, black))


def log_rows(book: MemoryBook) -> list[tuple[Any, ...]]:
    return [tuple(r[1:7]) for r in book.grids()["Event Log"][1:]]


# Round 1 (start numbers: Anna 1 ... Karl 10): Anna-Fay, Gus-Boris, Carl-Hana, Jana-Dana,
# Emil-Karl; White wins on boards 1, 2, 4, 5. With Carl - Hana a draw for pairing (Q157),
# round 2 (C.04.3): the 1-point group Anna, Emil, Gus, Jana pairs S1 {Anna, Emil} with S2
# {Gus, Jana}: Gus-Anna and Jana-Emil (each takes the colour it is due: Anna and Emil had
# White). Carl and Hana (½) met, so both float down into the 0-point group Boris, Dana, Fay,
# Karl and meet its top two: Boris-Carl and Hana-Dana (Hana, due White, before Dana, both due
# it), then Fay-Karl (both due White: the higher ranked Fay gets it). Had the game counted
# nothing, Carl and Hana would be in the 0-point group of six and Boris would meet Fay.
ROUND_2 = {
    ("Gus", "Anna"),
    ("Jana", "Emil"),
    ("Boris", "Carl"),
    ("Hana", "Dana"),
    ("Fay", "Karl"),
}


def test_pairing_with_a_result_missing_adjourns_it_at_level_2_and_pairs_it_as_a_draw() -> None:
    book = round_1_with_board_3_unfinished()
    outcome = done(session(book).run(Pair()))
    assert result_of(book, "Carl", "Hana") == "?"  # registered as adjourned (Q159)
    assert pairs(book, 2) == ROUND_2  # a draw for pairing (Q157)
    warnings = [line for line in outcome.summary if line.startswith("level 2 warning")]
    assert len(warnings) == 1 and "Carl - Hana" in warnings[0]  # Q160
    assert (1, "Adjournment", "3-8: (no result)", "?", "arbiter", "level 2 warning shown") in (
        log_rows(book)
    )


def test_a_game_typed_as_adjourned_pairs_as_a_draw_in_and_outside_fide_mode() -> None:
    for fide_mode in (True, False):
        book = round_1_with_board_3_unfinished(fide_mode=fide_mode)
        adjourned = [r if r[:4] != [1, 3, "Carl", "Hana"] else [*r[:4], "adj"] for r in games(book)]
        book = typed(book, "Swiss Games", adjourned)
        done(session(book).run(Pair()))
        assert pairs(book, 2) == ROUND_2


def test_outside_fide_mode_pairing_with_a_result_missing_is_refused_naming_the_board() -> None:
    book = round_1_with_board_3_unfinished(fide_mode=False)
    before = book.grids()
    with pytest.raises(RatingbookError) as caught:
        session(book).run(Pair())
    assert "round 1 is not complete: board 3 has no result" in str(caught.value)
    assert "? to adjourn the game" in str(caught.value)
    assert book.grids() == before


def adjourned_then_paired() -> MemoryBook:
    book = round_1_with_board_3_unfinished()
    done(session(book).run(Pair()))
    return book


def with_result(book: MemoryBook, white: str, black: str, result: str) -> MemoryBook:
    grid = [r if (r[2], r[3]) != (white, black) else [*r[:4], result] for r in games(book)]
    return typed(book, "Swiss Games", grid)


def test_a_later_result_other_than_a_draw_is_level_3_and_logged_as_an_adjournment() -> None:
    book = with_result(adjourned_then_paired(), "Carl", "Hana", "0-1")
    outcome = session(book).run(Recalc())
    assert isinstance(outcome, NeedsConfirmation)
    assert [(a.name, a.level) for a in outcome.acts] == [("Adjournment round 1", 3)]
    done(outcome.resume("OK"))
    assert log_rows(book)[-1] == (1, "Adjournment", "3-8: ?", "0-1", "arbiter", "OK")
    # Round 1 is followed by round 2 and round 2 is the last paired: a result of round 1 typed
    # now is no correction refused, whatever round it is in (Q162).
    text = IndividualKind().read(book).trf().text
    assert "### Adjournment @ Round 1: 3-8: ? => 0-1" in text.splitlines()


def test_a_later_draw_is_logged_without_a_warning() -> None:
    book = with_result(adjourned_then_paired(), "Carl", "Hana", "½-½")
    outcome = done(session(book).run(Recalc()))
    assert not [line for line in outcome.summary if "warning" in line]
    assert log_rows(book)[-1] == (1, "Adjournment", "3-8: ?", "½-½", "arbiter", None)


def test_a_result_in_an_adjourned_game_two_rounds_back_is_still_no_refused_correction() -> None:
    book = adjourned_then_paired()
    book = typed(book, "Swiss Games", type_results(games(book), 2))
    done(session(book).run(Recalc()))
    outcome = session(book).run(Pair())  # round 3: the adjourned game is two rounds back
    outcome = done(outcome)
    # Q168: round 3 paired while round 1's game is adjourned, before the last completed round
    warned = [line for line in outcome.summary if line.startswith("level 2 warning")]
    assert len(warned) == 1 and "Carl - Hana" in warned[0] and "still adjourned" in warned[0]
    # the rounds said as they are: round 1's game, older than round 2 (the last played)
    assert (
        "round 3 paired while 1 game of round 1 is still adjourned, older than round 2, the last "
        "round played" in warned[0]
    )
    book = with_result(book, "Carl", "Hana", "1-0")
    late = session(book).run(Recalc(), offer=Offer(1, "--confirm"))
    assert done(late) and log_rows(book)[-1][:4] == (1, "Adjournment", "3-8: ?", "1-0")


def test_the_trf_during_the_event_writes_the_adjourned_game_as_unknown_with_record_162_x() -> None:
    text = IndividualKind().read(adjourned_then_paired()).trf().text
    lines = text.splitlines()
    carl = next(line for line in lines if line.startswith("001    3"))
    hana = next(line for line in lines if line.startswith("001    8"))
    # TRF-2026: round 1 in columns 92-99, the result in column 99.
    assert (carl[91:99], hana[91:99]) == ("   8 w ?", "   3 b ?")
    # Record 162: one code every nine columns from column 6; X, an unknown result, a draw's.
    assert "162  W 1.0    D 0.5    L 0.0    A 0.0    P 1.0    X 0.5" in lines
    # gacrux (the checklist's reference tool) reads the entry as an unknown result, played.
    reader = trf2json()
    reader.parse_file(text, 0)
    played = reader.chessjson["event"]["tournaments"][0]["gameList"]
    game = next(g for g in played if g["round"] == 1 and g["white"]["cid"] == 3)
    assert game["white"]["result"] == "A" and game["played"] is True


def test_no_final_trf_or_final_standings_while_an_adjourned_game_has_no_result() -> None:
    book = round_1_with_board_3_unfinished(rounds=2)
    done(session(book).run(Pair()))  # round 2 of 2: the event's last
    book = typed(book, "Swiss Games", type_results(games(book), 2))
    outcome = done(session(book).run(Recalc()))
    provisional = [line for line in outcome.summary if line.startswith("provisional standings")]
    assert len(provisional) == 1 and "round 1 board 3 (Carl - Hana)" in provisional[0]
    titles = {s.name: s.print_setup.title for s in outcome.plan.sheets if s.print_setup}
    assert "provisional" in titles["Swiss Standings"] and "provisional" in titles["Crosstable"]
    # No end-of-event answer: the book's Norms and Contenders (from an earlier run)
    # keep only the reason.
    assert {"Norms", "Contenders"} <= {s.name for s in outcome.plan.sheets}
    for sheet in outcome.plan.sheets:
        if sheet.name in {"Prize List", "Norms", "Contenders"}:
            said = [str(v) for row in sheet.rows for v in row if v is not None]
            assert len(said) == 1 and "round 1 board 3 (Carl - Hana)" in said[0], said
    with pytest.raises(RatingbookError) as caught:
        IndividualKind().read(book).trf()
    assert "round 1 board 3 (Carl - Hana)" in str(caught.value)
    # Its result entered (a draw: no warning), both are produced.
    book = with_result(book, "Carl", "Hana", "½-½")
    outcome = done(session(book).run(Recalc()))
    assert not [line for line in outcome.summary if line.startswith("provisional")]
    titles = {s.name: s.print_setup.title for s in outcome.plan.sheets if s.print_setup}
    assert "provisional" not in titles["Swiss Standings"]
    assert {"Norms", "Contenders"} <= {s.name for s in outcome.plan.sheets}
    lines = IndividualKind().read(book).trf().text.splitlines()
    assert next(line for line in lines if line.startswith("001    3"))[91:99] == "   8 w ="
