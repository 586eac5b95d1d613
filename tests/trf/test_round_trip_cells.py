"""A book's round trip through ``ratingbook trf export`` and ``ratingbook trf import`` gives
back ``Swiss Players`` and ``Swiss Games`` cell for cell, values and types (a user test: the
imported book had ``Birth`` as text, ``Sex`` in TRF's letters ``m``/``w``, and a round's
half-point bye moved under its boards).

The book is typed here as an arbiter types it: ``Birth`` a year (a number), or a date;
``Sex`` as the template's dropdown spells it (``M``, ``F``); a requested bye typed before its
round is paired, so above the round's boards, which the pairing writes under it with the
pairing-allocated bye last. TRF writes sex ``m``/``w`` and the birth date ``YYYY/MM/DD``
(TRF-2026, player section, columns 10 and 70-79); the boards are typed in FIDE's board order
(C.04.2: the higher score of the pair first, then the higher-ranked player), which the import
gives a Swiss round's boards.
"""

from __future__ import annotations

import datetime as _dt
from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner

from ratingbook.cli import cli
from ratingbook.templates.writer import build_template

PLAYER_COLUMNS = ("No.", "Name", "Rating", "FIDE ID", "Federation", "Birth", "Sex")
#: As typed: start numbers by rating; Birth a year, or (Eve) a whole date.
PLAYERS = [
    (1, "Ann Ash", 2100, 2600001, "IRL", 1990, "F"),
    (2, "Ben Birch", 2000, 2600002, "IRL", 1985, "M"),
    (3, "Cat Cedar", 1900, 2600003, "IRL", 2001, "F"),
    (4, "Dan Deal", 1800, 2600004, "IRL", 1975, "M"),
    (5, "Eve Elm", 1700, 2600005, "IRL", _dt.datetime(1999, 5, 12), "F"),
    (6, "Fin Fir", 1600, 2600006, "IRL", 2010, "M"),
]
#: Round, Board, White, Black, Result, White No., Black No. Round 3: Ben's half-point bye,
#: typed before the round was paired, then the boards and the pairing-allocated bye.
GAMES = [
    (1, 1, "Ann Ash", "Dan Deal", "1-0", 1, 4),
    (1, 2, "Eve Elm", "Ben Birch", "0-1", 5, 2),
    (1, 3, "Cat Cedar", "Fin Fir", "1-0", 3, 6),
    (2, 1, "Ben Birch", "Ann Ash", "½-½", 2, 1),
    (2, 2, "Dan Deal", "Cat Cedar", "0-1", 4, 3),
    (2, 3, "Fin Fir", "Eve Elm", "½-½", 6, 5),
    (3, None, "Ben Birch", "BYE", "HPB", 2, None),
    (3, 1, "Cat Cedar", "Ann Ash", "½-½", 3, 1),
    (3, 2, "Eve Elm", "Dan Deal", "1-0", 5, 4),
    (3, 3, "Fin Fir", "BYE", "PAB", 6, None),
]


@pytest.fixture(autouse=True)
def _arbiter(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RATINGBOOK_USER", "arbiter")


def typed_book(
    path: Path,
    players: list[tuple[object, ...]] = PLAYERS,
    games: list[tuple[object, ...]] = GAMES,
) -> None:
    """The Swiss template at ``path`` with ``players`` (rows of PLAYER_COLUMNS) and ``games``
    typed in, as an arbiter types them (not recalculated)."""
    rows = [dict(zip(PLAYER_COLUMNS, row, strict=True)) for row in players]
    build_template("swiss", rows={"Swiss Players": rows, "Swiss Games": games}, recalc=False).save(
        path
    )


def _cells(path: Path, sheet: str, columns: tuple[str, ...]) -> list[tuple[object, ...]]:
    ws = openpyxl.load_workbook(path)[sheet]
    rows = [r for r in ws.iter_rows(values_only=True) if any(v is not None for v in r)]
    header = list(rows[0])
    return [tuple(r[header.index(c)] for c in columns) for r in rows[1:]]


def _typed(rows: list[tuple[object, ...]]) -> list[tuple[tuple[object, type], ...]]:
    return [tuple((v, type(v)) for v in row) for row in rows]


def test_export_then_import_gives_back_the_players_and_games_cell_for_cell(
    tmp_path: Path,
) -> None:
    book, trf, back = tmp_path / "event.xlsx", tmp_path / "event.trf", tmp_path / "back.xlsx"
    typed_book(book)
    runner = CliRunner()
    exported = runner.invoke(cli, ["trf", "export", str(book), "-o", str(trf)])
    assert exported.exit_code == 0, exported.output
    text = trf.read_text(encoding="utf-8")
    ann, eve = (ln for ln in text.splitlines() if ln[14:47].strip() in ("Ann Ash", "Eve Elm"))
    assert (ann[9], ann[69:79].strip()) == ("w", "1990")  # TRF-2026: sex m/w, 70-79 the birth
    assert (eve[9], eve[69:79].strip()) == ("w", "1999/05/12")
    imported = runner.invoke(cli, ["trf", "import", str(trf), "-o", str(back), "--no-check"])
    assert imported.exit_code == 0, imported.output

    columns = ("Round", "Board", "White", "Black", "Result", "White No.", "Black No.")
    assert _typed(_cells(back, "Swiss Games", columns)) == _typed(GAMES)
    players = _cells(back, "Swiss Players", PLAYER_COLUMNS)
    assert _typed(players) == _typed(PLAYERS)
    # A date comes back a date (openpyxl reads a date cell as a datetime at midnight).
    assert players[4][5] == _dt.datetime(1999, 5, 12)


def test_every_trf_spelling_of_sex_is_read_as_its_meaning(tmp_path: Path) -> None:
    """TRF-2026 writes ``m`` or ``w``; programs also write them in capitals, and ``f``: each is
    written as the template spells it."""
    book, trf, back = tmp_path / "event.xlsx", tmp_path / "event.trf", tmp_path / "back.xlsx"
    typed_book(book)
    runner = CliRunner()
    assert runner.invoke(cli, ["trf", "export", str(book), "-o", str(trf)]).exit_code == 0
    spelt = {"Ann Ash": "W", "Cat Cedar": "f", "Eve Elm": "F", "Ben Birch": "M", "Dan Deal": "m"}
    lines = []
    for line in trf.read_text(encoding="utf-8").splitlines():
        name = line[14:47].strip() if line.startswith("001") else ""
        lines.append(line[:9] + spelt[name] + line[10:] if name in spelt else line)
    trf.write_text("\r\n".join(lines) + "\r\n", encoding="utf-8")
    imported = runner.invoke(cli, ["trf", "import", str(trf), "-o", str(back), "--no-check"])
    assert imported.exit_code == 0, imported.output
    sexes = [row[0] for row in _cells(back, "Swiss Players", ("Sex",))]
    assert sexes == ["F", "M", "F", "M", "F", "M"]


def test_a_late_entrant_comes_back_in_start_number_order(tmp_path: Path) -> None:
    """What the round trip does not keep (docs/reference/commands.md): a TRF lists its players
    by start number (001 columns 5-8) and has no place for a sheet's row order, so a player
    entered late, whose row was typed under the others while his number (3) sits in the
    initial order, comes back at his number's place; every cell of every row comes back."""
    late = (3, "Gus Gale", 1950, 2600007, "IRL", 1980, "M")
    renumbered = [(n + (n >= 3), *rest) for n, *rest in PLAYERS]
    typed = [*renumbered, late]
    games = [
        (1, 1, "Ann Ash", "Dan Deal", "1-0", 1, 5),
        (1, 2, "Eve Elm", "Ben Birch", "0-1", 6, 2),
        (1, 3, "Cat Cedar", "Fin Fir", "1-0", 4, 7),
        (2, 1, "Ben Birch", "Ann Ash", "½-½", 2, 1),
        (2, 2, "Dan Deal", "Cat Cedar", "0-1", 5, 4),
        (2, 3, "Gus Gale", "Eve Elm", "1-0", 3, 6),
        (2, 4, "Fin Fir", "BYE", "PAB", 7, None),
    ]
    book, trf, back = tmp_path / "event.xlsx", tmp_path / "event.trf", tmp_path / "back.xlsx"
    typed_book(book, typed, games)
    runner = CliRunner()
    exported = runner.invoke(cli, ["trf", "export", str(book), "-o", str(trf)])
    assert exported.exit_code == 0, exported.output
    records = [ln for ln in trf.read_text(encoding="utf-8").splitlines() if ln.startswith("001")]
    assert [int(ln[4:8]) for ln in records] == [1, 2, 3, 4, 5, 6, 7]
    imported = runner.invoke(cli, ["trf", "import", str(trf), "-o", str(back), "--no-check"])
    assert imported.exit_code == 0, imported.output
    by_number = sorted(typed, key=lambda row: int(str(row[0])))
    assert _typed(_cells(back, "Swiss Players", PLAYER_COLUMNS)) == _typed(by_number)
    columns = ("Round", "Board", "White", "Black", "Result", "White No.", "Black No.")
    assert _typed(_cells(back, "Swiss Games", columns)) == _typed(games)
