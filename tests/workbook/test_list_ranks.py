"""Each event's own final ranking in the rating list (issue 35, the season series): ``season add``
keeps it on Event Ranks from a TRF's rank column, a Swiss book's standings and a team book's
ranking of its teams, and the series places the event by it, not by game points.

Expected ranks are read from the files here (the TRF's columns 86-89) or worked by hand from
the books' games (the Swiss and team templates); points from the template's table (25 18 15
12 10 8 6 4 2 1, shared places split)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

from tests.helpers.paths import ROOT

from ratingbook.files.season_sources import read_sources
from ratingbook.session import AddEvents, Recalc, Session
from ratingbook.templates import build_template
from ratingbook.templates.writer import TemplateBook

KIND = "ratinglist"
KILKENNY = ROOT / "tests" / "data" / "trf" / "icu_kilkenny-masters_2011.tab"
TABLE = (25, 18, 15, 12, 10, 8, 6, 4, 2, 1)


def _list() -> TemplateBook:
    return TemplateBook(build_template(KIND))


def _grid(book: TemplateBook, sheet: str) -> list[dict[str, Any]]:
    header, *rows = book.read_values(sheet)
    return [dict(zip(header, r, strict=False)) for r in rows if any(v is not None for v in r)]


def _column(book: TemplateBook, event: str) -> dict[str, Any]:
    """Each player's points in ``event``'s column of Series Standings, by name."""
    legend = [r["Note"] for r in _grid(book, "Series Notes") if r["Note"].startswith("E")]
    heading = next(n.split(":")[0] for n in legend if n.split(": ", 1)[1].startswith(event))
    return {r["Name"]: r[heading] for r in _grid(book, "Series Standings")}


def trf_ranks(path: Path) -> dict[str, int]:
    """The 001 records' names (columns 15-47) and ranks (columns 86-89), read here."""
    ranks = {}
    for line in path.read_text(encoding="utf-8-sig").splitlines():
        if line.startswith("001"):
            ranks[" ".join(line[14:47].split())] = int(line[85:89])
    return ranks


def listed(name: str) -> str:
    """A TRF's 'Surname,Given' as the list shows a new player: given name first (the rating
    officer's guide: a name with one comma is turned round)."""
    surname, given = name.split(",")
    return f"{given.strip()} {surname.strip()}"


def test_a_trfs_rank_column_places_its_players_in_the_series() -> None:
    """Kilkenny Masters 2011: Jones 5.5 alone, then five players on 4.5 whom the file ranks 2
    to 6 (Cheparinov, Hebden, Maze, Baburin, Daly). By game points they would share 2nd-6th,
    (18 + 15 + 12 + 10 + 8) / 5 = 12.6 each; by the file's ranks 18, 15, 12, 10, 8."""
    book = _list()
    done = Session(book).run(AddEvents(read_sources([str(KILKENNY)])))
    assert not [line for line in done.summary if "Event Ranks" in line]
    expected = trf_ranks(KILKENNY)
    rows = [r for r in _grid(book, "Event Ranks") if r["Event Name"] == "Kilkenny Masters"]
    # each player named as the list names him (given name first), as every sheet does
    assert {r["Name"]: r["Rank"] for r in rows} == {listed(n): r for n, r in expected.items()}
    assert all(r["ID"] and r["Source"].startswith("file 'icu_kilkenny") for r in rows)
    column = _column(book, "Kilkenny Masters")
    four_and_a_half = ["Cheparinov,Ivan", "Hebden,Mark", "Maze,Sebastien", "Baburin,Alexander"]
    names = ["Jones,Gawain C.", *four_and_a_half, "Daly,Colm"]
    assert [column[listed(n)] for n in names] == [
        25,
        18,
        15,
        12,
        10,
        8,
    ]
    for name, rank in expected.items():  # every place by its rank, the table's points past 10: 0
        points = TABLE[rank - 1] if rank <= len(TABLE) else 0
        assert column[listed(name)] in (points, f"({points})"), name
    # read back by a recalculation, the list keeps the ranking: the same standings
    standings = _grid(book, "Series Standings")
    Session(book).run(Recalc())
    assert _grid(book, "Series Standings") == standings


ROUND_DATES = "2026-04-11, 2026-04-18, 2026-04-25, 2026-05-02"


def _swiss_book(path: Path) -> Path:
    """The Swiss template (rounds 1-3 played, round 4 paired and not played), dated."""
    wb = build_template("swiss")
    settings = wb["Swiss Settings"]
    settings.append(("Round Dates", ROUND_DATES, "the day of each round"))
    next(iter(settings.tables.values())).ref = f"A1:C{settings.max_row}"
    TemplateBook(wb).save(path)
    return path


def test_a_swiss_books_standings_place_its_players(tmp_path: Path) -> None:
    """The Swiss template after round 3 (round 4 not played, left out), by hand: Erik 2.5;
    Daniel and Charlotte 2, Daniel's opponents (Anna, Charlotte, Erik) scored 1 + 2 + 2.5 = 5.5
    (resistance, the template's first tie-break), Charlotte's (Femke, Daniel, Anna) ½ + 2 + 1 =
    3.5; Anna and Bob 1, Anna's opponents (Daniel, Bob, Charlotte) 2 + 1 + 2 = 5, Bob's (Erik,
    Anna, Femke) 2.5 + 1 + ½ = 4; Femke ½. Ranks: Erik 1, Daniel 2, Charlotte 3, Anna 4, Bob 5,
    Femke 6: 25, 18, 15, 12, 10, 8, where game points alone split 16.5 and 11."""
    book = _list()
    Session(book).run(AddEvents(read_sources([str(_swiss_book(tmp_path / "swiss.xlsx"))])))
    rows = [r for r in _grid(book, "Event Ranks") if r["Event Name"] == "Club Swiss"]
    ranks = {"Erik": 1, "Daniel": 2, "Charlotte": 3, "Anna": 4, "Bob": 5, "Femke": 6}
    assert {r["Name"]: r["Rank"] for r in rows} == ranks
    column = _column(book, "Club Swiss")
    assert {n: column[n] for n in ranks} == {
        "Erik": 25,
        "Daniel": 18,
        "Charlotte": 15,
        "Anna": 12,
        "Bob": 10,
        "Femke": 8,
    }


def test_a_team_books_players_take_their_teams_place(tmp_path: Path) -> None:
    """The team template after round 1, by hand (2 match points a win, 1 a draw and the
    bye): Queens beat Knights 1½-½ (2), Rooks and Bishops 1-1 (1 each), Pawns the bye (1, and
    1 game point, level with Rooks and Bishops). Ranking: Queens 1; Bishops, Rooks and Pawns
    2; Knights 5. Jade Kim and Kai Lund 25 each; Gus Hart, Hana Ito, Dan Eide and Eva Falk
    share 2nd with the other team that played, (18 + 15) / 2 = 16.5; Ada Berg and Ben Cole
    5th, 10 (by their own game points Jade and Hana would take 25 alone)."""
    wb = build_template("team")
    TemplateBook(wb).save(tmp_path / "team.xlsx")
    book = _list()
    sources = read_sources([str(tmp_path / "team.xlsx")], day=dt.date(2025, 11, 15))
    Session(book).run(AddEvents(sources))
    rows = [r for r in _grid(book, "Event Ranks") if r["Event Name"] == "Summer Camp Team Cup"]
    assert {(r["Name"], r["Rank"], r["Team"]) for r in rows} == {
        ("Jade Kim", 1, "Queens"),
        ("Kai Lund", 1, "Queens"),
        ("Gus Hart", 2, "Rooks"),
        ("Hana Ito", 2, "Rooks"),
        ("Dan Eide", 2, "Bishops"),
        ("Eva Falk", 2, "Bishops"),
        ("Ada Berg", 5, "Knights"),
        ("Ben Cole", 5, "Knights"),
    }
    column = _column(book, "Summer Camp Team Cup")
    assert [column[n] for n in ("Jade Kim", "Kai Lund")] == [25, 25]
    assert [column[n] for n in ("Gus Hart", "Hana Ito", "Dan Eide", "Eva Falk")] == [16.5] * 4
    assert [column[n] for n in ("Ada Berg", "Ben Cole")] == [10, 10]


def test_a_list_without_event_ranks_says_the_rankings_are_not_kept(tmp_path: Path) -> None:
    """A list made before Event Ranks existed: the events go in, and the summary says their
    rankings are not kept (the series places them by game points)."""
    wb = build_template(KIND)
    del wb["Event Ranks"]
    book = TemplateBook(wb)
    done = Session(book).run(AddEvents(read_sources([str(KILKENNY)])))
    assert any(
        line.startswith("the list has no sheet 'Event Ranks': the events' own rankings are not")
        for line in done.summary
    )
    column = _column(book, "Kilkenny Masters")
    assert column[listed("Cheparinov,Ivan")] == 12.6
