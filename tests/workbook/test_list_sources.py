"""What feeds the rating list template (issue 35), through ``season add``'s session command:
PGN names written surname first, the dates List Events keeps, a Swiss book with a round not
played yet (and the same event added again once it is), Elo, ladder and team books.

Counts and names expected are read from the sources here, or written by hand; ratings come
from :func:`independent_elo` (the rating list's tests), never from ratingbook's engine."""

from __future__ import annotations

from typing import Any

from ratingbook.season import read_pgn
from ratingbook.session import AddEvents, Session
from ratingbook.templates import build_template
from ratingbook.templates.writer import TemplateBook

KIND = "ratinglist"


def _list() -> TemplateBook:
    return TemplateBook(build_template(KIND))


def _grid(book: TemplateBook, sheet: str) -> list[dict[str, Any]]:
    header, *rows = book.read_values(sheet)
    return [dict(zip(header, r, strict=False)) for r in rows if any(v is not None for v in r)]


PGN = """[Event "Thursday Blitz"]
[Date "2025.11.20"]
[Round "1"]
[White "Brennan, Alice"]
[Black "Nowak, Marek"]
[Result "1-0"]

1. e4 e5 1-0

[Event "Thursday Blitz"]
[Date "2025.11.27"]
[Round "2"]
[White "Nowak,Marek"]
[Black "Shah, Priya"]
[Result "1/2-1/2"]

1. d4 d5 1/2-1/2
"""


def test_pgn_names_written_surname_first_are_the_lists_players() -> None:
    """[White "Brennan, Alice"] is the list's Alice Brennan (PGN standard 8.1.1.5 writes the
    surname first): no new player, no near duplicate, the games under their IDs."""
    book = _list()
    done = Session(book).run(AddEvents(read_pgn(PGN, "blitz.pgn")))
    assert not [line for line in done.summary if line.startswith(("new players", "near dup"))]
    games = _grid(book, "List Games")[-2:]
    assert [(g["White ID"], g["Black ID"]) for g in games] == [("1", "4"), ("4", "3")]
