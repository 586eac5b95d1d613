"""How a rating list's period sheets read (issue 35's closing user test): List History, Rating
Changes and the site's ``changes.html`` put a period's players in the order an officer reads
a list, numeric IDs by number (1, 2, 10, 11, 100; they came 1, 10, 100, 11, 2, as text sorts
them), then the players whose ID is not a number, by name; and a player's row of Rating
Changes names the events he played in that period, not every event of the period (the
template's Alice Brennan, who did not play Junior Night, had it on her row).

Expected orders and events are worked out here from the rows typed, never from ratingbook.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from ratingbook.session import Recalc, Session
from ratingbook.templates import build_template, sample_rows
from ratingbook.templates.writer import TemplateBook
from ratingbook.web.list_pages import list_files
from ratingbook.workbook.kinds.rating_list import read_list_site

DAY = dt.date(2025, 9, 13)
#: (ID, name): IDs that sort 1, 10, 100, 11, 2 as text; two IDs that are no numbers.
PLAYERS = (
    ("2", "Bea Byrne"),
    ("100", "Cal Hunt"),
    ("11", "Dan Kerr"),
    ("1", "Eve Lynch"),
    ("10", "Fay Moore"),
    ("X-7", "Zoe Abbott"),
    ("A-9", "Al Young"),
)


def _grid(book: TemplateBook, sheet: str) -> list[dict[str, Any]]:
    header, *rows = book.read_values(sheet)
    return [dict(zip(header, r, strict=False)) for r in rows if any(v is not None for v in r)]


def _book(players: list[tuple[object, ...]], games: list[tuple[object, ...]]) -> TemplateBook:
    wb = build_template("ratinglist", rows={"List Players": players, "List Games": games})
    book = TemplateBook(wb)
    Session(book).run(Recalc())
    return book


def _players_book() -> TemplateBook:
    players = [(key, None, name, "Riverside", 1990, None, 1500) for key, name in PLAYERS]
    # a round of pairs: 1st v 2nd, 3rd v 4th, ..., the last v the first (every one plays)
    games = [
        (
            DAY,
            "Autumn Rapid",
            1,
            PLAYERS[i][1],
            PLAYERS[i][0],
            PLAYERS[i + 1][1],
            PLAYERS[i + 1][0],
            "1-0",
        )
        for i in range(0, len(PLAYERS) - 1, 2)
    ]
    games.append(
        (
            DAY,
            "Autumn Rapid",
            2,
            PLAYERS[-1][1],
            PLAYERS[-1][0],
            PLAYERS[0][1],
            PLAYERS[0][0],
            "½-½",
        )
    )
    return _book(players, games)


#: As an officer reads them: the numbers by number, then the others by name.
READ_ORDER = ["1", "2", "10", "11", "100", "A-9", "X-7"]


def test_a_periods_rows_go_by_number_then_by_name() -> None:
    book = _players_book()
    for sheet in ("List History", "Rating Changes"):
        assert [str(r["ID"]) for r in _grid(book, sheet)] == READ_ORDER, sheet


def test_the_changes_page_lists_a_period_in_the_sheets_order() -> None:
    book = _players_book()
    html = list_files(read_list_site(book).view, "Club")["changes.html"]
    names = dict(PLAYERS)
    at = [html.index(f">{names[key]}<") for key in READ_ORDER]
    assert at == sorted(at), [names[k] for k in READ_ORDER]


def test_a_players_events_are_the_events_he_played_in_the_period() -> None:
    """The template: September holds Autumn Rapid and Junior Night (Priya Shah and Emma Walsh
    only). Each row names the events of its player's rated games that month, in the period's
    order (by the events' first dates), read here from List Games."""
    samples = sample_rows("ratinglist")
    book = _book(list(samples["List Players"]), list(samples["List Games"]))
    games = _grid(book, "List Games")
    played: dict[tuple[str, str], list[tuple[dt.date, str]]] = {}
    for g in games:
        if g["Result"] in ("+/-", "-/+", "+/+", "-/-") or g["Black"] is None:
            continue  # a forfeit or a bye: never rated
        day = g["Date"].date() if isinstance(g["Date"], dt.datetime) else g["Date"]
        for side in ("White ID", "Black ID"):
            played.setdefault((f"{day:%Y-%m}", str(g[side])), []).append((day, g["Event Name"]))
    rows = _grid(book, "Rating Changes")
    assert rows
    for row in rows:
        mine = sorted(played[(row["Period"], str(row["ID"]))])
        expected = ", ".join(dict.fromkeys(event for _, event in mine))
        assert row["Events"] == expected, (row["Name"], row["Period"])
    alice = next(r for r in rows if r["Name"] == "Alice Brennan" and r["Period"] == "2025-09")
    assert alice["Events"] == "Autumn Rapid"


def test_the_changes_page_names_a_periods_events_in_the_lists_order() -> None:
    """The four Bunratty 2011 sections, all from 2011-02-25 to 2011-02-27 (their 042 and 052
    lines), added Masters, Challengers, Major, Minor: February 2011's heading names them in
    that order (by date, then as added), not as its players' rows happen to meet them (stop
    44's second user test read Minor, Major, Challengers, Masters)."""
    from pathlib import Path

    from ratingbook.season import read_trf_bytes
    from ratingbook.session import AddEvents

    trf = Path(__file__).resolve().parents[1] / "data" / "trf"
    sections = ("Masters", "Challengers", "Major", "Minor")
    book = TemplateBook(build_template("ratinglist"))
    for section in sections:
        path = trf / f"icu_bunratty-{section.lower()}_2011.tab"
        Session(book).run(AddEvents((read_trf_bytes(path.read_bytes(), path.name),)))
    html = list_files(read_list_site(book).view, "Club")["changes.html"]
    # the first keeps its 012 line's title alone; each later one adds its file's own word
    names = ["Bunratty 2011", *(f"Bunratty 2011 ({s})" for s in sections[1:])]
    heading = "2011-02: " + ", ".join(names)
    assert heading in html


def test_an_event_named_with_a_comma_is_named_whole_in_its_periods_heading() -> None:
    """An officer's name with a comma in it (``season add --name``): the heading names the
    event whole. Read back from the rows' Events cells, joined by ", ", it was split at its
    comma and then matched no event, so the heading named none."""
    from pathlib import Path

    from ratingbook.season import read_trf_bytes
    from ratingbook.session import AddEvents

    path = Path(__file__).resolve().parents[1] / "data" / "trf" / "icu_bunratty-masters_2011.tab"
    name = "Bunratty Chess Festival 2011, Masters section"
    book = TemplateBook(build_template("ratinglist"))
    event = read_trf_bytes(path.read_bytes(), path.name)
    Session(book).run(AddEvents((event,), name=name))
    html = list_files(read_list_site(book).view, "Club")["changes.html"]
    assert f"2011-02: {name}" in html
