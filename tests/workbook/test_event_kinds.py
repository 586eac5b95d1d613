"""Tests for :mod:`ratingbook.workbook.kinds`: one event-kind protocol (issue 33).

- which kind a book holds, from its sheets, and a TRF file, from its records (a table each; the
  rule is issue 26's: team sheets and no ``Swiss Players`` sheet, a 310 or 013 record);
- the kinds package is the only place that asks which kind an event is: no module outside it
  names ``is_team_book`` or ``is_team_trf``, and none imports a kind's implementation or its
  choice module, only the package (an AST check over ``src/ratingbook``, which is shown to see
  every form of the mistake).

What each kind reads, plans and shows is pinned through the commands (tests/cli: explain,
publish, trf export and import of Swiss, round-robin and team books).
"""

from __future__ import annotations

import ast

import pytest
from tests.helpers.paths import ROOT

from ratingbook.errors import MissingSheetError, RatingbookError
from ratingbook.workbook.kinds import KINDS, kind_of_book, kind_of_trf
from ratingbook.workbook.port.grid_book import GridBook

PACKAGE = ROOT / "src" / "ratingbook"
HOME = PACKAGE / "workbook" / "kinds"

# (the book's sheets, the kind of event it holds)
BOOKS = [
    (("Swiss Players", "Swiss Games"), "individual"),
    (("Swiss Players", "Swiss Games", "Swiss Settings"), "individual"),
    (("Team Matches", "Team Boards"), "team"),
    (("Teams", "Team Matches", "Team Boards", "Team Settings"), "team"),
    (("team matches", "TEAM BOARDS"), "team"),  # sheet names are matched case-insensitively
    # both: the Swiss sheets win (issue 26: a team event has no Swiss Players sheet)
    (("Swiss Players", "Swiss Games", "Team Matches", "Team Boards"), "individual"),
    # no sheet of any family: read as an individual event, whose reader names the sheets it
    # lacks (a family that holds no event is an error naming it: below)
    ((), "individual"),
]


@pytest.mark.parametrize(("sheets", "kind"), BOOKS)
def test_the_kind_of_a_book_follows_its_sheets(sheets: tuple[str, ...], kind: str) -> None:
    book = GridBook({name: [["Header"]] for name in sheets})
    assert kind_of_book(book).name == kind


@pytest.mark.parametrize(
    ("sheets", "said"),
    [
        (("Ladder Players", "Ladder Games", "Camp Groups"), "a camp ladder book"),
        (("List Players", "List Games"), "a season's rating list"),
    ],
)
def test_a_book_of_a_family_that_holds_no_event_is_an_error_naming_it(
    sheets: tuple[str, ...], said: str
) -> None:
    """Not "no sheet 'Swiss Players'": what the book is, and what the command reads."""
    book = GridBook({name: [["Header"]] for name in sheets})
    with pytest.raises(RatingbookError, match=f"the book is {said}, not an event's book") as got:
        kind_of_book(book)
    assert "Swiss Players" not in str(got.value)


def test_a_team_book_missing_one_of_its_sheets_is_an_error_naming_it() -> None:
    book = GridBook({"Team Matches": [["Round"]]})
    with pytest.raises(MissingSheetError, match="'Team Boards'"):
        kind_of_book(book)


SWISS_TRF = "012 Club Swiss\n001    1      Anna                              1800\n"
# (the file's bytes, the kind of event it holds): a team record is 310 (TRF-2026) or 013 (TRF16)
TRF_FILES = [
    (SWISS_TRF.encode(), "individual"),
    (b"", "individual"),
    ((SWISS_TRF + "310    1 Queens\n").encode(), "team"),
    ((SWISS_TRF + "013 Queens    1    2\n").encode(), "team"),
    ("012 Caf\u00e9 Cup\r\n310    1 K\u00f6nige\r\n".encode("cp1252"), "team"),
    # a record type is the line's first field: "310" elsewhere on a line is no team record
    ((SWISS_TRF + "012 Round 310 cup\n").encode(), "individual"),
]


@pytest.mark.parametrize(("data", "kind"), TRF_FILES)
def test_the_kind_of_a_trf_file_follows_its_records(data: bytes, kind: str) -> None:
    assert kind_of_trf(data).name == kind


def test_every_kind_has_its_own_name_and_a_builder_of_its_books_from_trf() -> None:
    """A kind added to KINDS without a way to import it would fail on the first file."""
    from ratingbook.templates.imported_book import TRF_BOOKS

    names = [kind.name for kind in KINDS]
    assert len(set(names)) == len(names)
    assert set(TRF_BOOKS) == set(names)


# --- nothing outside the home asks which kind an event is ---------------------------------------

#: The old questions "is this a team event?", which only the kinds package may answer.
KIND_QUESTIONS = ("is_team_book", "is_team_trf")
#: The kinds package's own modules, which the rest reach only through the package.
INNER = tuple(
    f"ratingbook.workbook.kinds.{p.stem}" for p in sorted(HOME.glob("*.py")) if p.stem != "__init__"
)


#: A name each form below holds (a name is never split): a module without any is not parsed.
NAMES_ASKED_BY = (*KIND_QUESTIONS, "kinds")


def kind_questions(source: str) -> list[str]:
    """Each place ``source`` names a kind question or imports the inside of the kinds package."""
    if not any(name in source for name in NAMES_ASKED_BY):
        return []
    found: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Name) and node.id in KIND_QUESTIONS:
            found.append(f"line {node.lineno}: {node.id}")
        elif isinstance(node, ast.Attribute) and node.attr in KIND_QUESTIONS:
            found.append(f"line {node.lineno}: .{node.attr}")
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            names = [alias.name for alias in node.names]
            inner = [n for n in names if f"{module}.{n}" in INNER]  # from the package
            if module in INNER or inner or any(n in KIND_QUESTIONS for n in names):
                found.append(f"line {node.lineno}: from {module} import {', '.join(names)}")
        elif isinstance(node, ast.Import):
            found += [f"line {node.lineno}: import {a.name}" for a in node.names if a.name in INNER]
    return found


def test_the_check_sees_every_form_of_asking() -> None:
    source = (
        "from ratingbook.workbook.sheets.team_book import is_team_book\n"
        "import ratingbook.workbook.kinds.team\n"
        "from ratingbook.workbook.kinds.choice import kind_of_book\n"
        "from ratingbook.workbook.kinds import individual\n"
        "from ratingbook.workbook import team_book\n"
        "def f(book):\n"
        "    return team_book.is_team_book(book) or is_team_trf(b'')\n"
        "from ratingbook.workbook.kinds import kind_of_book\n"  # the door: allowed
    )
    assert sorted(line.split(":")[0] for line in kind_questions(source)) == [
        "line 1",
        "line 2",
        "line 3",
        "line 4",
        "line 7",
        "line 7",
    ]


def test_no_module_outside_the_kinds_package_asks_which_kind_an_event_is() -> None:
    """``is_team_book`` and ``is_team_trf`` are named, and the kinds' implementations and
    their choice imported, only inside ``workbook/kinds/``: every other module asks the
    package (:func:`kind_of_book`, :func:`kind_of_trf`, :func:`read_book_event`)."""
    assert INNER  # the check is not empty
    asking = {
        str(path.relative_to(PACKAGE)): found
        for path in sorted(PACKAGE.rglob("*.py"))
        if HOME not in path.parents and (found := kind_questions(path.read_text(encoding="utf-8")))
    }
    assert asking == {}
