"""A late entry after round 4 (user test 49): its number, the numbers of the players below it,
the games' records, and what FIDE mode says.

FIDE C.04.2 (2026), article 2:

    2.3 [...] If, for any reason, the data used to determine the rankings were not correct,
    they can be adjusted at any time. The TPNs may be reassigned accordingly to the
    corrections. No modification of a TPN for this reason is allowed after the fourth round
    has been paired.

    2.4 A Late Entry is a participant who is only taken into account for the pairing of rounds
    after the first. If admitted to the tournament, Late Entries [...] are given an
    appropriate TPN and paired only when they actually arrive.

    2.5 Due to late entries, the TPNs given at the start of the tournament are provisional.
    The definitive TPNs are given only when the List of Participants is closed, and
    corrections made accordingly in the results charts.

The round-4 limit is a correction's ("for this reason"); a late entry's number is 2.4's, and
2.5 keeps the numbers provisional, with no round named. So a late entry after round 4 takes its
place in the initial order (2.2: rating first) and the players below it move down one, their
numbers corrected in the games already played; the user test read the guide's older quotation
of 2.3 (without "for this reason") as forbidding it, and the warning did not say otherwise.

The event is FIDE mode's scripted one (``tests/helpers/fide_event.py``): ten players numbered
by rating, Anna 2200 No. 1, Boris 2150 No. 2, Carl 2100 No. 3, ... Karl 1830 No. 10. Lena
(2120) arrives after round 4: by rating she is between Boris (2150) and Carl (2100), so No. 3,
and Carl ... Karl become 4 ... 11.
"""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner
from tests.helpers.fide_event import PLAYERS, event_sheets, type_results
from tests.helpers.workbooks import make_book, sheet_values

from ratingbook.cli import cli


@pytest.fixture(autouse=True)
def _arbiter(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RATINGBOOK_USER", "arbiter")


def _run(*args: object) -> str:
    result = CliRunner().invoke(cli, [str(a) for a in args])
    assert result.exit_code == 0, result.output
    return result.output


def _grid(path: Path, sheet: str) -> list[list[object]]:
    return [list(r) for r in sheet_values(path, sheet) if any(v is not None for v in r)]


def _write(path: Path, sheet: str, grid: list[list[object]]) -> None:
    """Type ``grid`` into ``sheet`` (its cells from A1), as the arbiter would."""
    wb = openpyxl.load_workbook(path)
    ws = wb[sheet]
    for r, values in enumerate(grid, 1):
        for c, value in enumerate(values, 1):
            ws.cell(r, c, value)
    wb.save(path)


def _recorded(path: Path) -> dict[tuple[int, str], int]:
    """Each player's number as ``Swiss Games`` records it, by (round, name)."""
    rows = _grid(path, "Swiss Games")
    at = {name: rows[0].index(name) for name in ("Round", "White", "Black")}
    white, black = rows[0].index("White No."), rows[0].index("Black No.")
    out: dict[tuple[int, str], int] = {}
    for row in rows[1:]:
        round_number = int(str(row[at["Round"]]))
        out[round_number, str(row[at["White"]])] = int(str(row[white]))
        if row[at["Black"]] != "BYE":
            out[round_number, str(row[at["Black"]])] = int(str(row[black]))
    return out


def test_a_late_entry_after_round_4_takes_its_place_and_the_players_below_move_down(
    tmp_path: Path,
) -> None:
    book = tmp_path / "event.xlsx"
    sheets = event_sheets()  # with the columns in which the pairing records the numbers
    sheets["Swiss Games"] = [[*sheets["Swiss Games"][0], "White No.", "Black No."]]
    make_book(sheets).save(book)
    for number in range(1, 5):
        _run("pair", book, "--in-place")
        _write(book, "Swiss Games", type_results(_grid(book, "Swiss Games"), number))
        _run("recalc", book, "--in-place")
    first = {name: n for n, (name, _) in enumerate(PLAYERS, 1)}
    assert {name for _, name in _recorded(book)} == set(first)
    assert all(n == first[name] for (_, name), n in _recorded(book).items())

    players = _grid(book, "Swiss Players")
    _write(book, "Swiss Players", [*players, [None, "Lena", 2120]])
    said = _run("pair", book, "--in-place")

    now = {name: n + (n >= 3) for name, n in first.items()} | {"Lena": 3}
    rows = _grid(book, "Swiss Players")
    number, name = rows[0].index("No."), rows[0].index("Name")
    assert {str(r[name]): r[number] for r in rows[1:]} == now
    recorded = _recorded(book)
    assert all(n == now[name] for (_, name), n in recorded.items())  # rounds 1-4 corrected (2.5)
    assert "Lena" in {name for (r, name) in recorded if r == 5}  # paired on arrival
    assert not any(name == "Lena" for (r, name) in recorded if r < 5)
    warning = next(line for line in said.splitlines() if "Lena enters late" in line)
    assert "level 2 warning: Lena enters late: the players below No. 3 move down" in warning
    assert "C.04.2 art. 2.4-2.5" in warning
    assert "only a correction of a number (art. 2.3) stops once round 4 is paired" in warning
    late, paired = ((r[1], r[2], r[4], r[6]) for r in _grid(book, "Event Log")[-2:])
    assert late == (5, "Late Entry", "Lena entered as No. 3", "level 2 warning shown")
    assert paired[:2] == (5, "Pairing")
