"""The rules name a field by its key (``ratingbook.core.fields``); the workbook maps each field
to its column (``workbook.schemas``), and a message names the column as the sheet spells it."""

from __future__ import annotations

import importlib
import keyword
import pkgutil

import pytest

import ratingbook.workbook
from ratingbook.core import fields
from ratingbook.core.tables import Column, TableSpec, read_table
from ratingbook.errors import InvalidValueError, Location, RatingbookError
from ratingbook.workbook.actions import plan_recalc
from ratingbook.workbook.port.grid_book import GridBook

KEYS = {getattr(fields, name) for name in fields.__all__}


def workbook_columns() -> list[Column]:
    """Every column of every table the workbook's modules declare."""
    specs: dict[int, TableSpec] = {}
    prefix = "ratingbook.workbook."
    for info in pkgutil.walk_packages(ratingbook.workbook.__path__, prefix):
        module = importlib.import_module(info.name)
        specs |= {id(v): v for v in vars(module).values() if isinstance(v, TableSpec)}
    assert len(specs) > 15
    return [column for spec in specs.values() for column in spec.columns]


def test_the_keys_are_identifiers_not_headers() -> None:
    """A key is a lowercase identifier, never a header a user reads (those are the schemas')."""
    assert {"white", "black_team", "value", "start_of_week_permanent"} <= KEYS
    headers = {s for c in workbook_columns() for s in (c.name, *c.aliases)}
    for key in KEYS:
        assert key.isidentifier() and key == key.lower() and not keyword.iskeyword(key), key
    assert not KEYS & headers


def test_every_key_is_the_field_of_a_column_the_workbook_reads() -> None:
    """No key without a header: each names some input column (else its messages could never
    name a cell)."""
    assert {c.field for c in workbook_columns()} - {None} == KEYS


def test_a_header_names_the_same_field_in_every_table() -> None:
    """``White`` is the field ``white`` wherever it heads a column, and a column whose header
    carries a field in one table carries it in all (a Result column without its field would
    lose its cell in a rule's message)."""
    by_header: dict[str, set[str | None]] = {}
    for column in workbook_columns():
        by_header.setdefault(column.name, set()).add(column.field)
    mixed = {header: f for header, f in by_header.items() if len(f) > 1}
    assert mixed == {}
    assert by_header["White"] == {fields.WHITE} and by_header["Value"] == {fields.VALUE}


def test_a_row_knows_each_column_under_its_name_and_its_field() -> None:
    """read_table records the letter and the header as typed (spaces tidied, case kept)."""
    spec = TableSpec(
        "Games", (Column("White", field=fields.WHITE), Column("Result", aliases=("Score",)))
    )
    table = read_table([["  Score ", "WHITE"], [1, "Ann"]], spec)
    where = table.rows[0].where
    assert where.columns == {"White": "B", fields.WHITE: "B", "Result": "A"}
    assert where.headers == {"White": "WHITE", fields.WHITE: "WHITE", "Result": "Score"}
    assert where.describe(fields.WHITE) == "sheet 'Games', row 2, column B (WHITE)"
    assert where.describe("Result") == "sheet 'Games', row 2, column A (Score)"


def test_without_a_header_a_field_is_named_in_its_own_words() -> None:
    """An object built in code has no sheet: the key reads as words, with or without a
    letter, and an error with no place at all names the field the same way; a line of text
    (a TRF file's) has no columns, its line says where."""
    assert Location(row=3).describe(fields.WHITE_PIECES) == "row 3, column 'white pieces'"
    assert Location(line=40).describe(fields.RESULT) == "line 40"
    letter_only = Location(row=3, columns={fields.BLACK: "B"})
    assert letter_only.describe(fields.BLACK) == "row 3, column B (black)"
    error = InvalidValueError("piece value 2.5 is not a whole number", None, fields.WHITE_PIECES)
    assert str(error) == "column 'white pieces': piece value 2.5 is not a whole number"


def _crikey_book(result_header: str) -> GridBook:
    return GridBook(
        {
            "Crikey Players": [["Name", "Rating"], ["alice", 76.91], ["bob", 76.36]],
            "Crikey Games": [
                ["White", "Black", result_header, "White Pieces", "Black Pieces"],
                ["alice", "bob", "won?", 10, 10],
            ],
        }
    )


@pytest.mark.parametrize(
    ("typed", "shown"),
    [("Result", "Result"), ("White Result", "White Result"), (" white  result", "white result")],
)
def test_a_message_names_the_column_as_the_sheet_spells_it(typed: str, shown: str) -> None:
    """A result column headed with an accepted other spelling is named so in the message
    (as the canonical spelling was named before: the message is otherwise unchanged)."""
    with pytest.raises(RatingbookError) as caught:
        plan_recalc(_crikey_book(typed))
    assert str(caught.value) == (
        f"sheet 'Crikey Games', row 2, column C ({shown}): unknown result 'won?'; "
        "expected won, drew or lost (White's result)"
    )


def _team_book(player_header: str, match_header: str) -> GridBook:
    return GridBook(
        {
            "Teams": [
                ["Team", "Board", player_header],
                *(["A", 1, "Ann"], ["A", 2, "Ann"], ["B", 1, "Bo"], ["B", 2, "Cy"]),
            ],
            "Team Matches": [["Round", match_header, "White Team", "Black Team"], [1, 1, "A", "B"]],
            "Team Boards": [
                ["Round", match_header, "Board", "White", "Black", "Result"],
                [1, 2, 1, "Ann", "Bo", "1-0"],
            ],
        }
    )


@pytest.mark.parametrize(
    ("player", "match"), [("Player", "Match"), ("Name", "Table"), ("NAME", "table")]
)
def test_a_rule_names_the_column_of_its_field_as_the_sheet_spells_it(
    player: str, match: str
) -> None:
    """The team rules report at the fields ``player`` and ``match``; the message shows the
    header the user typed, an alias (Name, Table) or the canonical spelling."""
    with pytest.raises(RatingbookError) as caught:
        plan_recalc(_team_book(player, match))
    assert str(caught.value).splitlines() == [
        f"sheet 'Teams', row 3, column C ({player}): player 'Ann' is listed twice on team 'A'",
        f"sheet 'Team Boards', row 2, column B ({match}): round 1 has no match 2 on sheet "
        "'Team Matches'",
    ]
