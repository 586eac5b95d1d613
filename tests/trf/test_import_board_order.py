"""A TRF file's records give no board numbers: the import numbers a Swiss round's boards in
C.04.2's order (the higher score, then the sum of both scores, then the lower start number;
the bye last), as the 2026 acceptance checklist quotes it (questions 187-188). It left out the
sum of both scores (a user test, issue 37)."""

from __future__ import annotations

from tests.helpers.trf_samples import record

from ratingbook.trf.importer import import_trf

# Round 1: 1 beats 4, 2 beats 5, 6 beats 3. Before round 2: 1, 2 and 6 have 1 point, the others
# none. Round 2 as the file gives it: 1-3 (the higher score 1, the sum 1), 2-6 (1, and the sum
# 2), 4-5 (0 and 0). By C.04.2, 2-6 (sum 2) is board 1, 1-3 board 2, 4-5 board 3; by the
# higher score and then the lower number alone, 1-3 came first.
LINES = [
    "012 Board order",
    "XXR 2",
    record(1, "Ann", "2.0", 1, ["4,w,1", "3,w,1"]),
    record(2, "Ben", "1.5", 2, ["5,w,1", "6,w,="]),
    record(3, "Cid", "0.0", 6, ["6,w,0", "1,b,0"]),
    record(4, "Dot", "0.5", 4, ["1,b,0", "5,w,="]),
    record(5, "Eve", "0.5", 5, ["2,b,0", "4,b,="]),
    record(6, "Fay", "1.5", 3, ["3,b,1", "2,b,="]),
]


def test_a_swiss_rounds_boards_follow_the_sum_of_both_scores() -> None:
    event = import_trf("\n".join(LINES)).event
    numbers = event.start_numbers()
    boards = {
        (numbers[e.white], numbers[e.black]): e.board
        for e in event.round_entries(2)
        if e.black is not None
    }
    assert boards == {(2, 6): 1, (1, 3): 2, (4, 5): 3}
