"""FIDE mode: a correction's level does not depend on the order things are typed (user test 47).

FIDE's rule, as docs/guides/arbiter.md's table gives it: a round's results may be typed and
retyped freely until the next round is paired; once it is, a correction of that (the previous)
round needs the arbiter's confirmation (level 3) and leaves the pairings made alone; an
earlier round's correction is refused in FIDE mode (level 5). What counts is which rounds were
paired when the correction was typed: a round the same run pairs (``pair``, or a recalc's
auto-pairing once the round is complete) comes after it, and is paired on the corrected result.

Here round 2 is paired, and round 1's first board is corrected from ``1-0`` to ``0-1``, once
with all of round 2's results typed (the run that sees the correction pairs round 3 too), once
with one of them (round 3 comes a run later). Both are the previous round's correction: level
3, confirmed by ``--confirm``, and both end in the same book.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from tests.cli.test_fide_mode_commands import edit, grid, log, new_book, ok, played, refused
from tests.helpers.fide_event import Grid, setting, type_results


def round_2_paired(tmp_path: Path, auto_pair: str) -> Path:
    """Round 1 played and recorded, round 2 paired and recorded, nothing of it typed."""
    tmp_path.mkdir(exist_ok=True)
    book = new_book(tmp_path)
    edit(book, "Swiss Settings", lambda g: setting(g, "Auto-pair", auto_pair))
    played(book, 1)
    if auto_pair == "Off":
        ok("pair", book, "--in-place")
    assert max(r[0] for r in grid(book, "Swiss Games")[1:]) == 2
    return book


def round_1_corrected(g: Grid) -> Grid:
    rows = [list(r) for r in g]
    first = next(r for r in rows[1:] if r[0] == 1 and r[1] == 1)
    assert first[4] == "1-0"
    first[4] = "0-1"
    return rows


def round_2_typed(boards: set[int] | None) -> Callable[[Grid], Grid]:
    """Round 2's results typed, on ``boards`` only (None: every board)."""

    def typed(g: Grid) -> Grid:
        done = type_results(g, 2)
        return [
            d if boards is None or d[0] != 2 or d[1] in boards else list(r)
            for d, r in zip(done, g, strict=True)
        ]

    return typed


#: The command that pairs round 3: ``pair``, or a recalc with auto-pairing on (the user test's).
PAIRING = {"Off": ("pair",), "On": ("recalc",)}


@pytest.mark.parametrize("auto_pair", ["Off", "On"])
def test_round_1_corrected_with_round_2_paired_is_level_3_whatever_is_typed(
    tmp_path: Path, auto_pair: str
) -> None:
    command = PAIRING[auto_pair]

    # All of round 2 typed, then round 1 corrected: the run that pairs round 3 sees it.
    at_once = round_2_paired(tmp_path / "at_once", auto_pair)
    edit(at_once, "Swiss Games", round_2_typed(None))
    edit(at_once, "Swiss Games", round_1_corrected)
    said = refused(*command, at_once, "--in-place")
    assert "level 3: Correction round 1" in said and "level 5" not in said
    ok(*command, at_once, "--in-place", "--confirm")

    # One of round 2's results typed, round 1 corrected, the rest typed a run later.
    in_steps = round_2_paired(tmp_path / "in_steps", auto_pair)
    edit(in_steps, "Swiss Games", round_2_typed({1}))
    edit(in_steps, "Swiss Games", round_1_corrected)
    said = refused("recalc", in_steps, "--in-place")
    assert "level 3: Correction round 1" in said and "level 5" not in said
    ok("recalc", in_steps, "--in-place", "--confirm")
    edit(in_steps, "Swiss Games", round_2_typed(None))
    ok(*command, in_steps, "--in-place")

    # The same verdict, and the same event: round 3 paired on the corrected result.
    expected_log = [(1, 1, "Pairing"), (2, 2, "Pairing"), (3, 1, "Correction"), (4, 3, "Pairing")]
    for book in (at_once, in_steps):
        rows = grid(book, "Event Log")
        assert [(i, *r[1:3]) for i, r in enumerate(log(book), 1)] == expected_log
        correction = next(r for r in rows[1:] if r[2] == "Correction")
        assert correction[6] == "--confirm"
    assert grid(at_once, "Swiss Games") == grid(in_steps, "Swiss Games")


def test_a_result_of_round_2_retyped_before_round_3_is_paired_is_no_correction(
    tmp_path: Path,
) -> None:
    """Round 2's results typed over two recalcs (the first records four of five), one of the
    four retyped with the fifth: round 3 is not paired yet, so round 2's results are still
    being typed (the last paired round's, not a correction), whether the run that sees it pairs
    round 3 (auto-pairing on: the round is complete) or not."""
    book = round_2_paired(tmp_path, "On")
    edit(book, "Swiss Games", round_2_typed({1, 2, 3, 4}))
    ok("recalc", book, "--in-place")  # four of five: round 3 is not paired

    def fifth_and_first_retyped(g: Grid) -> Grid:
        rows = round_2_typed(None)(g)
        first = next(r for r in rows[1:] if r[0] == 2 and r[1] == 1)
        assert first[4] == "1-0"
        first[4] = "½-½"
        return rows

    edit(book, "Swiss Games", fifth_and_first_retyped)
    ok("recalc", book, "--in-place")  # no confirmation asked
    assert log(book)[-1][1:] == (3, "Pairing")
    assert "Correction" not in [r[2] for r in log(book)]
