"""Issue 34's repros of "one number, one source", by hand: the Swiss template's 6 players
(Anna, Bob, Charlotte, Daniel, Erik, Femke; rounds 1-3 played, round 4 paired).

By hand from the template's rows (a win 1, a draw ½): after round 3 Erik has 2½ (beat Bob,
drew Femke, beat Daniel), Daniel 2 (beat Anna and Charlotte), Charlotte 2 (beat Femke and
Anna), Anna 1 (beat Bob), Bob 1 (beat Femke), Femke ½. Round 4 typed (Erik beats Charlotte,
Daniel beats Bob, Femke and Anna draw): Erik 3½, Daniel 3, Charlotte 2, Anna 1½, Bob 1, Femke
1. With Femke withdrawn from round 5, five players are paired and one gets the
pairing-allocated bye (Daniel, who has met the other four): it counts once round 5 is
finished, not before, in every view.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from tests.reports.test_consistency_views import (
    Page,
    column,
    grid,
    number,
    recalc,
    set_cell,
    setting,
    swiss_rows,
    template_book,
    type_round,
    typed,
)

from ratingbook.reports.event_grids import event_grids
from ratingbook.web.site import site_files
from ratingbook.workbook.kinds import read_book_event

HALF = Fraction(1, 2)
AFTER_3 = {"Erik": 2 + HALF, "Daniel": 2, "Charlotte": 2, "Anna": 1, "Bob": 1, "Femke": HALF}
AFTER_4 = {"Erik": 3 + HALF, "Daniel": 3, "Charlotte": 2, "Anna": 1 + HALF, "Bob": 1,
           "Femke": 1}  # fmt: skip
ROUND_4 = {("Charlotte", "Erik"): "0-1", ("Daniel", "Bob"): "1-0", ("Femke", "Anna"): "½-½"}


def points(rows: list[list[object]]) -> dict[str, Fraction]:
    return {k: number(v) for k, v in column(rows, "Name", "Points").items()}


@pytest.mark.parametrize("tiebreaks", [None, "BH SB"], ids=["seed", "fide"])
def test_a_pairing_allocated_bye_of_a_round_not_played_counts_in_no_view(
    tiebreaks: str | None,
) -> None:
    """Repro 1: round 4 typed, Femke withdrawn from round 5, round 5 paired: Erik 3½ in
    Swiss Standings, the Crosstable sheet and the site's crosstable (was 4½ with PAB in the
    crosstable while the standings said 3½), the crosstable's rounds 1-4 only."""
    book = template_book("swiss")
    setting(book, "Tie-breaks", tiebreaks)
    for (white, black), result in ROUND_4.items():
        assert set_cell(book, "Swiss Games", {"White": white, "Black": black}, {"Result": result})
    assert set_cell(book, "Swiss Players", {"Name": "Femke"}, {"Withdrawn": 5}) == 1
    recalc(book)
    bye = [r for r in swiss_rows(book) if r.round == 5 and r.black is None]
    assert [(r.white, r.result) for r in bye] == [("Daniel", "PAB")]
    assert points(grid(book, "Swiss Standings")) == AFTER_4
    crosstable = grid(book, "Crosstable")
    assert points(crosstable) == AFTER_4
    assert "R5" not in crosstable[0] and "R4" in crosstable[0]
    files = site_files(read_book_event(book).site(), "Club Swiss")
    site = next(t for t in Page(files["crosstable.html"]).tables if t[1])
    assert site[0] == "Crosstable after round 4"
    assert {k: number(v) for k, v in column(site[1], "Name", "Points").items()} == AFTER_4


def test_a_round_in_progress_is_named_in_the_title_and_not_counted() -> None:
    """Found earlier: a plain recalc with one result of round 4 typed titled the standings
    "after round 3" while counting the typed result. The figures count rounds 1-3 and the
    title says the rest."""
    book = template_book("swiss")
    assert type_round(book, 4, 1) == 1  # board 1: Charlotte beats Erik (1-0)
    done = recalc(book)
    assert points(grid(book, "Swiss Standings")) == AFTER_3
    assert points(grid(book, "Crosstable")) == AFTER_3
    grids = event_grids(read_book_event(book).event)  # type: ignore[attr-defined]
    title = "after round 3 (round 4 in progress: 1 of 3 results, not counted yet)"
    assert grids.standings.title == f"Standings {title}"
    assert grids.crosstable.title == f"Crosstable {title}"
    assert any(line.startswith("standings after round 3, ") for line in done.summary)


def test_before_round_1_every_title_says_so() -> None:
    """Found earlier: the summary before round 1 said "standings after round 0"."""
    book = template_book("swiss")
    setting(book, "Tie-breaks", "BH SB")
    header = grid(book, "Swiss Games")[:1]
    typed(book, "Swiss Games", header)
    done = recalc(book)
    assert any(r.round == 1 for r in swiss_rows(book))  # round 1 paired
    assert any(line.startswith("standings before round 1, ") for line in done.summary)
    assert not any("round 0" in line for line in done.summary), done.summary
    grids = event_grids(read_book_event(book).event)  # type: ignore[attr-defined]
    assert grids.standings.title == "Standings before round 1"
    assert set(points(grid(book, "Swiss Standings")).values()) == {0}
