"""TRF06 files read as such (issue 37, FIDE's checklist Q47-48 as Sharly-Chess quotes them:
TRF06 files import, and every adjustment their limits force is reported).

The files: FIDE's own example of the format (the Karl-Mala-Gedenkturnier of 2005,
``tests/data/trf``), and one built by hand from the ICU reader's description of FIDE's
exchange format (sanichi/icu_tournament, ``Krause``: titles in FIDE's letters, dotted dates, a
bye written as a result against no opponent). Expected values are read from the files'
columns here, never from ratingbook's reader.
"""

from __future__ import annotations

from pathlib import Path

from tests.helpers.paths import REAL_TRF
from tests.helpers.trf_samples import record

from ratingbook.core.encoding import decode_legacy
from ratingbook.core.results import Result
from ratingbook.trf.importer import import_trf

KARL_MALA = REAL_TRF / "karl-mala-gedenkturnier_2005_frankfurt.trf"
LETTERS = {"g": "GM", "m": "IM", "f": "FM", "c": "CM", "wg": "WGM", "wm": "WIM", "wf": "WFM"}


def _lines(path: Path) -> list[str]:
    return decode_legacy(path.read_bytes()).splitlines()


def test_fides_example_of_trf06_is_read_with_each_adjustment_named() -> None:
    lines = _lines(KARL_MALA)
    players = [(n, line) for n, line in enumerate(lines, start=1) if line.startswith("001")]
    titled = [n for n, line in players if line[10:13].strip() in LETTERS]
    dotted = [n for n, line in players if line[69:79].strip().count(".") == 2]
    assert (len(titled), len(dotted)) == (20, 283)  # counted from columns 11-13 and 70-79
    imported = import_trf(decode_legacy(KARL_MALA.read_bytes()))
    warnings = [w for w in imported.warnings if "TRF06" in w]
    listed = ", ".join(str(n) for n in titled[:8])
    assert warnings[0] == (
        f"lines {listed} and 12 more, columns 11-13: titles in TRF06's letters (g, m, f, wf) "
        "read as TRF16's (GM, IM, FM, WFM)"
    )
    assert warnings[1].startswith(f"lines {', '.join(str(n) for n in dotted[:8])} and 275 more")
    assert warnings[1].endswith(
        "columns 70-79: birth dates written YYYY.MM.DD, as TRF06 files do, read as TRF16's "
        "YYYY/MM/DD"
    )
    # One bye written "+", line 295, round 5 (columns 132-139: 92 + 10 * 4).
    line = lines[294]
    assert line[131:139] == "0000 - +"
    assert warnings[2].startswith(
        "line 295, columns 132-139: round 5: the bye of 'Schirrmacher,Nils' is written '+'"
    )
    assert len(warnings) == 3
    # What was read: player 1's line (Vasquez, "g", "1969.12.06").
    first = next(p for p in imported.event.players if p.number == 1)
    assert (lines[13][10:13].strip(), lines[13][69:79]) == ("g", "1969.12.06")
    assert (first.title, first.birth) == ("GM", "1969/12/06")
    bye = next(e for e in imported.event.entries if e.white == "Schirrmacher,Nils" and e.round == 5)
    assert (bye.black, bye.result) == (None, Result.FULL_POINT_BYE)


TRF06_BY_HAND = "\n".join(
    [
        "012 Fantasy Tournament",
        "042 2009.09.09",
        record(
            1,
            "Mouse,Minerva",
            "1.5",
            2,
            ["2,b,0", "0000,-,+"],
            sex="w",
            rating="1900",
            birth="1928.05.15",
        ),
        record(
            2,
            "Duck,Daffy",
            "2.0",
            1,
            ["1,w,1", "3,b,1"],
            sex="m",
            title="m",
            rating="2200",
            birth="1937.04.17",
        ),
        record(
            3,
            "Mouse,Mickey",
            "0.0",
            3,
            ["0000,-,-", "2,w,0"],
            sex="m",
            title="g",
            rating="2600",
            birth="1928.05.15",
        ),
    ]
)


def test_a_trf06_file_built_by_hand_names_each_adjustment() -> None:
    imported = import_trf(TRF06_BY_HAND)
    warnings = [w for w in imported.warnings if "TRF06" in w]
    assert warnings == [
        "lines 4, 5, columns 11-13: titles in TRF06's letters (g, m) read as TRF16's (GM, IM)",
        "lines 3, 4, 5, columns 70-79: birth dates written YYYY.MM.DD, as TRF06 files do, read "
        "as TRF16's YYYY/MM/DD",
        "line 3, columns 102-109: round 2: the bye of 'Mouse,Minerva' is written '+', which in "
        "TRF06 is any one-point bye: read as a full-point bye; if it was the pairing-allocated "
        "bye (TRF16's U), type PAB in its Result",
    ]
    titles = {p.name: p.title for p in imported.event.players}
    assert titles == {"Mouse,Minerva": "", "Duck,Daffy": "IM", "Mouse,Mickey": "GM"}


def test_a_file_with_a_trf16_bye_letter_is_not_read_as_trf06() -> None:
    text = TRF06_BY_HAND.replace("0000 - +", "0000 - U")
    assert "0000 - U" in text
    assert [w for w in import_trf(text).warnings if "TRF06" in w] == []
