"""``ratingbook check FILE.trf`` says how it read the file's records, as ``trf import`` says it:
a result symbol TRF does not know was read as an unknown result with no word (a user test,
issue 37), and a player's points that differ from his round entries were not named."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.cli import run
from tests.helpers.paths import REAL_TRF

KILKENNY = REAL_TRF / "icu_kilkenny-masters_2011.tab"
#: Player 1's record (line 8): round 1 against 18 with Black, won ("18 b 1"), columns 92-99.
WON = "    18 b 1"
UNKNOWN = "    18 b Q"


def test_an_unknown_result_symbol_and_the_points_it_leaves_are_named_by_line(
    tmp_path: Path,
) -> None:
    lines = KILKENNY.read_text(encoding="utf-8").split("\n")
    assert lines[7].startswith("001    1") and lines[7][89:99] == WON
    lines[7] = lines[7][:89] + UNKNOWN + lines[7][99:]
    trf = tmp_path / "kilkenny.trf"
    trf.write_text("\n".join(lines), encoding="utf-8")
    done = run("check", trf)
    notes = [line.strip() for line in done.stdout.splitlines() if line.strip().startswith("note:")]
    # Column 99 is round 1's result (TRF: columns 92-99 hold "  18 b 1", the result last).
    assert any("line 8, column 99: result 'Q' of round 1" in note for note in notes), notes
    # The file says 5.5 for player 1, which his entries no longer give.
    assert any("line 8: 'Jones,Gawain C.' has 5.5 points in the file but" in note for note in notes)


def test_the_unchanged_files_check_names_no_symbol_and_no_points() -> None:
    done = run("check", KILKENNY)
    notes = [line for line in done.stdout.splitlines() if "read as `trf import` reads it" in line]
    # What it reads of the file as written: its titles in TRF06's letters, nothing else.
    assert len(notes) == 1 and "titles in TRF06's letters" in notes[0], notes
