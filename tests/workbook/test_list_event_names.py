"""A rating list's words (issue 35, the closing user test): the names events are given, the
acts ``history`` and ``undo`` name, and what ``explain`` says of a list.

The expected names are read from the files here: the three Bunratty sections' TRFs all say
``012 Bunratty 2011``, and their file names differ by one word (``masters``, ``challengers``,
``major``)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import pytest

from ratingbook.core.results import Result
from ratingbook.errors import Location, RatingbookError
from ratingbook.season import SourcePlayer, SourceRef, make_event, read_trf_bytes
from ratingbook.season.model import SeasonEvent, SeasonGame
from ratingbook.session import AddEvents, Recalc, Session, Undo
from ratingbook.templates import build_template
from ratingbook.templates.writer import TemplateBook
from ratingbook.workbook.kinds import book_event, read_book_event

TRF = Path(__file__).resolve().parents[1] / "data" / "trf"
MASTERS = TRF / "icu_bunratty-masters_2011.tab"
CHALLENGERS = TRF / "icu_bunratty-challengers_2011.tab"
MAJOR = TRF / "icu_bunratty-major_2011.tab"
MINOR = TRF / "icu_bunratty-minor_2011.tab"
DOCS = Path(__file__).resolve().parents[2] / "docs"


def _list() -> TemplateBook:
    return TemplateBook(build_template("ratinglist"))


def _trf(path: Path) -> SeasonEvent:
    return read_trf_bytes(path.read_bytes(), path.name)


def _column(book: TemplateBook, sheet: str, name: str) -> list[Any]:
    rows = book.read_values(sheet)
    at = list(rows[0]).index(name)
    return [row[at] for row in rows[1:] if any(v is not None for v in row)]


def test_three_sections_of_one_title_are_told_apart_by_their_files() -> None:
    """Masters and Challengers added together, Major later: each named by its TRF's title and
    the word of its file's name the others lack, in every sheet that names events; the same
    event added again is still recognised (by its fingerprint)."""
    for path in (MASTERS, CHALLENGERS, MAJOR):
        assert "012 Bunratty 2011" in path.read_text(encoding="utf-8-sig").splitlines()
    book = _list()
    done = Session(book).run(AddEvents((_trf(MASTERS), _trf(CHALLENGERS))))
    assert "added 'Bunratty 2011 (Masters)' (97 games and 10 byes)" in done.summary[0]
    assert "added 'Bunratty 2011 (Challengers)'" in done.summary[1]
    done = Session(book).run(AddEvents((_trf(MAJOR),)))
    assert done.summary[0].startswith("added 'Bunratty 2011 (Major)'")
    names = ["Bunratty 2011 (Masters)", "Bunratty 2011 (Challengers)", "Bunratty 2011 (Major)"]
    assert _column(book, "List Events", "Event Name")[-3:] == names
    assert set(names) <= set(_column(book, "List Games", "Event Name"))
    assert set(names) == {n for n in _column(book, "Event Ranks", "Event Name") if "2011" in n}
    notes = "\n".join(str(v) for v in _column(book, "Series Notes", "Note"))
    for name in names:
        assert f": {name}, 2011-02-25" in notes
    changes = " ".join(str(v) for v in _column(book, "Rating Changes", "Events"))
    assert all(name in changes for name in names)
    assert "Bunratty 2011 (2)" not in notes + changes
    with pytest.raises(
        RatingbookError, match=r"already in the season as 'Bunratty 2011 \(Major\)'"
    ):
        Session(book).run(AddEvents((_trf(MAJOR),)))


def test_an_event_renamed_in_the_list_keeps_its_games_and_is_still_recognised() -> None:
    """The guide's rename: the name replaced in List Games, Event Ranks and List Events."""
    book = _list()
    Session(book).run(AddEvents((_trf(MASTERS), _trf(CHALLENGERS))))
    for sheet in ("List Games", "Event Ranks", "List Events"):
        for row in book.workbook[sheet].iter_rows():
            for cell in row:
                if cell.value == "Bunratty 2011 (Masters)":
                    cell.value = "Bunratty Masters 2011"
    Session(book).run(Recalc())
    changes = " ".join(str(v) for v in _column(book, "Rating Changes", "Events"))
    assert "Bunratty Masters 2011" in changes and "(Masters)" not in changes
    with pytest.raises(RatingbookError, match="already in the season as 'Bunratty Masters 2011'"):
        Session(book).run(AddEvents((_trf(MASTERS),)))


def test_name_gives_one_event_the_officers_name() -> None:
    book = _list()
    done = Session(book).run(AddEvents((_trf(MINOR),), name="Bunratty Minor 2011"))
    assert done.summary[0].startswith("added 'Bunratty Minor 2011'")
    assert _column(book, "List Events", "Event Name")[-1] == "Bunratty Minor 2011"
    assert set(_column(book, "List Games", "Event Name")) >= {"Bunratty Minor 2011"}
    same = {sheet: book.read_values(sheet) for sheet in book.sheet_names()}
    with pytest.raises(RatingbookError, match="--name names one event, and the sources hold 2"):
        Session(book).run(AddEvents((_trf(MASTERS), _trf(MAJOR)), name="Bunratty"))
    with pytest.raises(RatingbookError, match="already has an event named 'Bunratty Minor 2011'"):
        Session(book).run(AddEvents((_trf(MASTERS),), name="bunratty minor 2011"))
    assert {sheet: book.read_values(sheet) for sheet in book.sheet_names()} == same


def test_an_elo_book_is_named_by_what_it_is_and_its_file() -> None:
    elo = TemplateBook(build_template("elo"))
    event = book_event(elo, "club-elo.xlsx", dt.date(2025, 12, 2))
    assert event.name == "Elo book club-elo.xlsx"


def _evening(name: str, day: int) -> SeasonEvent:
    """A one-game event of two new players, on its own day of December 2025."""
    date = dt.date(2025, 12, day)
    where = SourceRef(f"{name}.pgn", Location(line=1))
    white, black = SourcePlayer(f"White {name}"), SourcePlayer(f"Black {name}")
    game = SeasonGame("", date, 1, white, black, Result.WHITE_WINS, where)
    return make_event(
        name=name,
        kind="PGN",
        source=SourceRef(f"{name}.pgn"),
        start=None,
        end=None,
        players=(),
        games=(game,),
    )


def test_history_and_undo_name_each_additions_events() -> None:
    book = _list()
    Session(book).run(AddEvents((_evening("Juni Blitz", 1), _evening("Club Rapid", 2))))
    evenings = tuple(_evening(f"Evening {n}", 2 + n) for n in range(1, 6))
    Session(book).run(AddEvents(evenings))
    labels = [label for _, _, label in Session(book).history()]
    assert labels == [
        "Events added: Juni Blitz, Club Rapid",
        "Events added: Evening 1, Evening 2, Evening 3 and 2 more events",
    ]
    undone = Session(book).run(Undo())
    assert (
        undone.summary[0]
        == "undone: Events added: Evening 1, Evening 2, Evening 3 and 2 more events"
    )


def test_explain_on_a_rating_list_says_it_reads_events_and_where_a_list_explains() -> None:
    with pytest.raises(RatingbookError) as caught:
        read_book_event(_list())
    said = str(caught.value)
    assert "Swiss Players" not in said
    assert "a season's rating list, not an event's book" in said
    assert "this command reads a Swiss, round-robin or team event" in said
    assert "'Rating Changes' sheet" in said
    with pytest.raises(RatingbookError, match="an Elo book, not an event's book"):
        read_book_event(TemplateBook(build_template("elo")))


def _section(text: str, heading: str) -> str:
    """The section under ``heading``, its lines joined (a phrase may wrap)."""
    start = text.index(heading)
    end = text.find("\n#", start + len(heading))
    return " ".join(text[start : end if end >= 0 else None].split())


#: What ``season add`` refuses, as its messages say it (the season's checks, its sources'
#: readers, the list plan): each must be in the guide's list and in commands.md's section.
REFUSALS = (
    "dated outside its event",
    "reported twice",
    "different results",
    "twice in one round",
    "no date",
    "no round played",
    "no game",
    "names no White or Black",
    "not on `Elo Players`",
    "no week ended",
    "could be either",
    "`List Events`",
    "`--name`",
)


@pytest.mark.parametrize("said", REFUSALS)
def test_the_docs_name_every_refusal_of_season_add(said: str) -> None:
    guide = (DOCS / "guides" / "rating-officer.md").read_text(encoding="utf-8")
    commands = (DOCS / "reference" / "commands.md").read_text(encoding="utf-8")
    refusals = _section(guide, "## What `season add` refuses")
    assert said in refusals
    assert said in _section(commands, "## `ratingbook season add`")
