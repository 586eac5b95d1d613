"""Forbidden pairs through ``trf import`` and ``trf export`` (user test 49: the import read
TRF-2026's 260 records and JaVaFo's ``XXP`` lines, then wrote none of them to the book, so the
``Forbidden Pairs`` sheet was empty, the next export dropped them, and in FIDE mode the arbiter
could not type them back: a pair forbidden after round 1 is level 5).

The file is written here by hand, in TRF-2026's layout (FIDE C.04 Annex 2): record 260 is
``260 RRR RRR PPPP PPPP``, the first and last round a ban holds (columns 5-7 and 9-11), then
the start numbers kept apart (13-16, 18-21); ``XXP`` lists start numbers kept apart in every
round. Six players, round 1 played as the Dutch system pairs it (1-4, 5-2, 3-6: neither ban
is in the way); Ann and Fin share rank 1 on 1 point and every tie-break, Ben and Eve rank 3,
Cat and Dan rank 5 (each pair's opponents scored alike).
"""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner

from ratingbook.cli import cli
from ratingbook.trf.importer import import_trf

#: Ann - Ben kept apart all event (260 to the last round, 5, and the XXP line older programs
#: read); Cat - Dan until round 2. Each player record in two strings: columns 1-79 (start
#: number to birth), then 80 on (points, rank, round 1).
LINES = [
    "012 Forbidden Pairs Open",
    "042 2026/04/11",
    "062 6",
    "072 6",
    "092 Individual: Swiss-System",
    "142 5",
    "152 W",
    "192 FIDE_DUTCH",
    "202 BH/C1,BH,SB",
    "212 PTS,BH/C1,BH,SB",
    "260   1   5    1    2",
    "260   1   2    3    4",
    "### FIDE Rated: Standard",
    "001    1 m    Ann Ash                           2300 IRL     2600001       1990"
    "  1.0    1     4 w 1",
    "001    2 m    Ben Birch                         2200 IRL     2600002       1985"
    "  0.5    3     5 b =",
    "001    3 w    Cat Cedar                         2100 IRL     2600003       2001"
    "  0.0    5     6 w 0",
    "001    4 m    Dan Deal                          2000 IRL     2600004       1975"
    "  0.0    5     1 b 0",
    "001    5 w    Eve Elm                           1900 IRL     2600005       1999"
    "  0.5    3     2 w =",
    "001    6 m    Fin Fir                           1800 IRL     2600006       2010"
    "  1.0    1     3 b 1",
    "XXR 5",
    "XXC white1",
    "XXP 1 2",
]


@pytest.fixture(autouse=True)
def _arbiter(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RATINGBOOK_USER", "arbiter")


def _run(*args: str) -> str:
    result = CliRunner().invoke(cli, list(args))
    assert result.exit_code == 0, result.output
    return result.output


def _rows(path: Path, sheet: str) -> list[tuple[object, ...]]:
    ws = openpyxl.load_workbook(path)[sheet]
    return [r for r in ws.iter_rows(values_only=True) if any(v is not None for v in r)]


def test_imported_bans_fill_forbidden_pairs_and_the_export_writes_them_back_byte_for_byte(
    tmp_path: Path,
) -> None:
    """The bans land in ``Forbidden Pairs`` as the sheet holds them (``Until Round`` empty for
    a ban to the event's last round); the export gives back the file's bytes, but for the
    import's own entry of the log (two ``###`` lines, the import's time in the second); and
    the next round is paired with no question about the bans (on main: "level 3: the
    forbidden pair Ann Ash / Ben Birch removed after round 1")."""
    trf, book, again = tmp_path / "bans.trf", tmp_path / "bans.xlsx", tmp_path / "again.trf"
    written = ("\r\n".join(LINES) + "\r\n").encode("utf-8")
    trf.write_bytes(written)
    assert "warning" not in _run("trf", "import", str(trf), "-o", str(book))
    assert _rows(book, "Forbidden Pairs") == [
        ("Player", "Other Player", "Until Round"),
        ("Ann Ash", "Ben Birch", None),
        ("Cat Cedar", "Dan Deal", 2),
    ]
    _run("trf", "export", str(book), "-o", str(again))
    lines = again.read_bytes().split(b"\r\n")
    at = lines.index(b"### Import @ Round 1: bans.trf: 6 players, round 1 paired")
    assert lines[at + 1].startswith(b"###   at 20") and b'by "arbiter" chain' in lines[at + 1]
    assert b"\r\n".join(lines[:at] + lines[at + 2 :]) == written
    paired = _run("pair", str(book), "--in-place")
    assert "Forbidden" not in paired and "level" not in paired, paired


def test_a_ban_naming_a_number_the_file_lacks_is_a_warning_at_its_line_and_column() -> None:
    """``XXP 1 2 9`` in a six-player file: 9 (column 9) has no player; Ann - Ben stands, the
    pairs with 9 are left out. ``260   1   5    3    8``: 8 ends the last field (columns
    18-21), so Cat - Dan is left out too. The file is read, nothing refused."""
    lines = [line for line in LINES if not line.startswith(("260", "XXP"))]
    at = lines.index("XXC white1") + 1
    lines[at:at] = ["XXP 1 2 9", "260   1   5    3    8"]
    imported = import_trf("\n".join(lines) + "\n")
    assert [w for w in imported.warnings if "no player record" in w] == [
        f"line {at + 1}, column 9: start number 9 has no player record: the forbidden pairs "
        "with it are not used",
        f"line {at + 2}, column 21: start number 8 has no player record: the forbidden pairs "
        "with it are not used",
    ]
    assert [(b.first, b.second, b.until_round) for b in imported.event.forbidden] == [
        ("Ann Ash", "Ben Birch", None)
    ]
