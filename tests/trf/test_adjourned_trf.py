"""Adjourned games and unknown results in a TRF file (FIDE's 2026 checklist, Q164-166, as
Sharly-Chess's issue #2316 quotes them; TRF-2026, record 162: "X unknown result (e.g.
adjourned game)", worth a draw): ``?`` and ``X`` read as an adjourned game; any other symbol
the importer does not know reads as an unknown result too, with a warning naming its line and
column, never a refusal of the file; export and import give the game back.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from tests.helpers.trf_samples import record

from ratingbook.core.results import Result
from ratingbook.trf.exporter import export_trf
from ratingbook.trf.importer import import_trf


def two_players(white: str, black: str) -> str:
    """Player 1 has White against player 2 in round 1, results ``white`` and ``black``."""
    return "\n".join(
        [
            "012 Adjourned",
            "142 5",
            record(1, "A", "0.5", 1, [f"2,w,{white}"], rating="2000"),
            record(2, "B", "0.5", 1, [f"1,b,{black}"], rating="1900"),
        ]
    )


@pytest.mark.parametrize("letter", ["?", "X", "x"])
def test_an_unknown_result_code_reads_as_an_adjourned_game_without_a_warning(letter: str) -> None:
    read = import_trf(two_players(letter, letter))
    assert [e.result for e in read.event.entries] == [Result.ADJOURNED]
    assert read.warnings == ()
    # Worth a draw (162's X, "same as D"): the file's totals of 0.5 agree.
    assert read.event.points() == {"A": Fraction(1, 2), "B": Fraction(1, 2)}


def test_a_symbol_no_trf_knows_reads_as_an_unknown_result_with_a_warning_naming_the_cell() -> None:
    read = import_trf(two_players("Q", "Q"))
    assert [e.result for e in read.event.entries] == [Result.ADJOURNED]
    # Round 1's result is column 99 of each player's line (TRF-2026): lines 3 and 4.
    assert [w[:38] for w in read.warnings] == [
        "line 3, column 99: result 'Q' of round",
        "line 4, column 99: result 'Q' of round",
    ]
    assert all("read as an unknown result" in w for w in read.warnings)


def test_an_adjourned_game_survives_export_and_import() -> None:
    event = import_trf(two_players("?", "?")).event
    text = export_trf(event)
    assert "162  W 1.0    D 0.5    L 0.0    A 0.0    P 1.0    X 0.5" in text.splitlines()
    back = import_trf(text)
    assert back.event.entries == event.entries and back.warnings == ()


def test_without_an_adjourned_game_record_162_stays_out_for_fide_points() -> None:
    text = export_trf(import_trf(two_players("=", "=")).event)
    assert not [line for line in text.splitlines() if line.startswith("162")]
